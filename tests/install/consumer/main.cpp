// A user's program against the installed package: the core (perft), a
// reader (PGN), the registry of codes and the audit library.
#include <iostream>
#include <string_view>

#include "xqrec/audit/audit.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/perft.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/issue.h"
#include "xqrec/formats/pgn_reader.h"

int main() {
  xq::Position pos;
  const auto nodes = xq::perft(pos, 3);
  if (nodes != 79666) return 1;
  // One game whose third move is illegal: the audit names it by its code.
  int illegal = 0;
  xq::formats::GameBuilder builder([&](xq::formats::BuiltGame& g) {
    const auto audit = xq::audit::audit_game(g.record, g.issues);
    for (const auto& f : audit.findings) illegal += f.code == xq::formats::Code::IllegalMove;
    return xq::formats::Control::Continue;
  });
  xq::formats::read_pgn("1. h2e2 h9g7 2. e2e9 *\n", builder, {});
  std::cout << nodes << " " << xq::formats::code_name(xq::formats::Code::IllegalMove) << " " << illegal << "\n";
  return illegal == 1 ? 0 : 1;
}
