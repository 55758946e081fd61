// xqrec notation: convert moves between Chinese, WXF and ICCS notation along
// a line of play (each move is played after it is converted).
#include <iostream>

#include "cli.h"
#include "xqrec/core/fen.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/notation/wxf.h"
#include "xqrec/core/position.h"
#include "xqrec/formats/terminal_text.h"

namespace xqcli {

namespace {

namespace xn = xq::notation;

bool parse_notation_option(const char* option, const std::string& value, xn::Notation& out) {
  const auto n = xn::notation_from_name(value);
  if (!n || *n == xn::Notation::Auto) {
    std::cerr << "xqrec notation: " << option << " must be chinese, wxf or iccs (not '" << xq::printable(value)
              << "')\n";
    return false;
  }
  out = *n;
  return true;
}

int run_notation(const std::vector<std::string>& all_args) {
  // Everything after "--" is a move (WXF moves may start with '-').
  std::vector<std::string> args, tail;
  bool after_dashes = false;
  for (const auto& a : all_args) {
    if (!after_dashes && a == "--") {
      after_dashes = true;
      continue;
    }
    (after_dashes ? tail : args).push_back(a);
  }

  po::options_description opts("options");
  std::vector<std::string> fen_words, moves;
  std::string from_name, to_name;
  opts.add_options()
      ("fen", po::value<std::vector<std::string>>(&fen_words)->multitoken(), "start position (default: the standard start)")
      ("from", po::value<std::string>(&from_name)->required(), "notation of the given moves: chinese, wxf or iccs")
      ("to", po::value<std::string>(&to_name)->required(), "notation to write: chinese, wxf or iccs")
      ("traditional", "Chinese output: traditional glyphs (俥傌炮帥 / 車馬砲將, 進 後)")
      ("ascii-black", "Chinese output: ASCII digits for Black instead of full-width")
      ("old-multi-pawn", "Chinese output: 前兵九平八 / 前 二 三 后 instead of xqbase's 一兵..五兵")
      ("wxf-official", "WXF output: the WXF official convention (E H letters, P3 ++ -- 3+.4) instead of xqbase's")
      ("move", po::value<std::vector<std::string>>(&moves), "the moves, in order (may follow --)");
  po::positional_options_description pos;
  pos.add("move", -1);
  po::variables_map vm;
  const char* synopsis = "[--fen FEN] --from chinese|wxf|iccs --to chinese|wxf|iccs [--] MOVE...";
  if (int rc = parse_options("notation", synopsis, opts, pos, args, vm); rc >= 0) return rc;
  moves.insert(moves.end(), tail.begin(), tail.end());

  xn::Notation from{}, to{};
  if (!parse_notation_option("--from", from_name, from) || !parse_notation_option("--to", to_name, to)) return kUsage;
  const auto start = start_from_fen_words("notation", fen_words);
  if (!start) return kUsage;
  const xq::Setup& setup = *start;
  if (moves.empty()) {
    std::cerr << "xqrec notation: no moves given\nusage: xqrec notation " << synopsis << "\n";
    return kUsage;
  }

  xn::ChineseStyle chinese;
  chinese.traditional = vm.count("traditional") > 0;
  if (vm.count("ascii-black")) chinese.black_digits = xn::BlackDigits::Ascii;
  if (vm.count("old-multi-pawn")) chinese.multi_pawn = xn::MultiPawnStyle::Traditional;
  xn::WxfStyle wxf;
  if (vm.count("wxf-official")) wxf.convention = xn::WxfConvention::Official;

  xq::Position position(setup);
  std::string line;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    auto r = xn::resolve_move(position, moves[i], from);
    if (!r) {
      if (!line.empty()) std::cout << line << "\n";
      std::cerr << "xqrec notation: move " << i + 1 << " '" << xq::formats::printable(moves[i])
                << "': " << r.error().code() << ": " << xq::formats::printable(r.error().message) << "\n";
      return kFindings;
    }
    const xq::Move m = r->move;
    std::string text = to == xn::Notation::Chinese ? xn::write_chinese(position, m, chinese)
                       : to == xn::Notation::Wxf   ? xn::write_wxf(position, m, wxf)
                                                   : xq::to_iccs(m);
    if (!line.empty()) line += ' ';
    line += text;
    xq::Undo undo;
    position.make(m, undo);
  }
  std::cout << line << "\n";
  return kOk;
}

}  // namespace

XQCLI_SUBCOMMAND("notation", "convert moves between Chinese, WXF and ICCS notation", run_notation);

}  // namespace xqcli
