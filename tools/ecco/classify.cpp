// Classification: the first 20 plies turned into move ids, then a walk down
// the tree, taking the first child whose pattern holds.
#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>

#include "move_key.h"
#include "xqrec/core/mirror.h"
#include "xqrec/ecco/book.h"
#include "xqrec/ecco/ecco.h"

namespace xq::ecco {

namespace {

using Line = std::array<MoveId, kHorizon>;

// The move id of every key, built once from the book's texts.
struct KeyTable {
  std::vector<MoveId> ids = std::vector<MoveId>(kMoveKeyCount, kOther);
  explicit KeyTable(const Book& book) {
    for (const auto& [text, id] : book.ids)
      if (const auto k = key_of_text(text)) ids[k->key] = id;
  }
};

constexpr int ply_of(Color side, int round) { return (round - 1) * 2 + (side == Color::Black ? 1 : 0); }

// A term's verdict: -1 when it fails, else the (1-based) ply it looked at last.
int eval(const Term& t, const Line& line) {
  switch (t.kind) {
    case TermKind::Plies: {
      int last = 0;
      for (const auto& p : t.plies) {
        if (!p.moves.has(line[p.ply])) return -1;
        last = std::max(last, p.ply + 1);
      }
      return last;
    }
    case TermKind::AnyOrder: {
      for (Color side : {Color::Red, Color::Black}) {
        const auto& want = side == Color::Red ? t.red : t.black;
        // The side's first want.size() moves are `want` as a multiset.
        std::array<bool, kHorizon / 2> used{};
        for (MoveId w : want) {
          bool found = false;
          for (std::size_t j = 0; j < want.size() && j < used.size() && !found; ++j)
            if (!used[j] && line[std::size_t(ply_of(side, int(j) + 1))] == w) used[j] = found = true;
          if (!found) return -1;
        }
      }
      return std::max(int(t.red.size()) * 2 - 1, int(t.black.size()) * 2);
    }
    case TermKind::Scan: {
      int found = -1;  // ply of the 含 move
      for (int r = t.from_round; r <= t.to_round; ++r) {
        const int ply = ply_of(t.side, r);
        const MoveId id = line[std::size_t(ply)];
        if (t.allowed.has(id)) {  // never kEnd nor kOther
          if (found < 0 && t.what.has(id)) found = ply + 1;
          continue;
        }
        // The first move outside the set (or the end of the line).
        switch (t.test) {
          case ScanTest::Then: return t.what.has(id) ? ply + 1 : -1;
          case ScanTest::ThenAny: return ply + 1;
          case ScanTest::Has: return found;
          case ScanTest::Lacks: return found < 0 ? ply + 1 : -1;
          case ScanTest::Only: return -1;
        }
      }
      const int last = ply_of(t.side, t.to_round) + 1;
      switch (t.test) {
        case ScanTest::Has: return found;
        case ScanTest::Lacks: return found < 0 ? last : -1;
        case ScanTest::Only: return last;
        default: return -1;
      }
    }
  }
  return -1;
}

// -1 when no alternative holds, else the ply the holding one looked at last.
int matches(const Node& node, const Line& line) {
  for (const auto& alt : node.alternatives) {
    int last = 0;
    for (const auto& t : alt) {
      const int r = eval(t, line);
      if (r < 0) {
        last = -1;
        break;
      }
      last = std::max(last, r);
    }
    if (last >= 0) return last;
  }
  return -1;
}

const Position& standard() {
  static const Position start = Position::start();
  return start;
}

}  // namespace

bool is_standard_start(const Position& pos) {
  const Position& s = standard();
  // The key tells most other positions at once; the board decides, in one
  // memcmp of single-byte pieces (the audit asks it of every game).
  if (pos.side_to_move() != s.side_to_move() || pos.key() != s.key()) return false;
  static const Setup kBoard = s.setup();
  static_assert(sizeof(Piece) == 1 && std::is_trivially_copyable_v<Piece>);
  return std::memcmp(pos.setup().board.data(), kBoard.board.data(), sizeof kBoard.board) == 0;
}

std::optional<Opening> classify(const Position& start, std::span<const Move> line) {
  const auto& book = builtin_book();
  if (!book || !is_standard_start(start)) return std::nullopt;
  static const KeyTable table(*book);
  static const std::array<Piece, kSquares> initial = [] {
    std::array<Piece, kSquares> b{};
    for (int i = 0; i < kSquares; ++i) b[std::size_t(i)] = standard().at(Square(i));
    return b;
  }();

  // How many pieces of each code stand on each file, kept along the moves:
  // a move of a piece that shares its file with another of its kind would
  // need 前/后, which the data never names (advisors and elephants aside).
  using FileCounts = std::array<std::uint8_t, kPieceCodeCount * kFiles>;
  static const FileCounts initial_counts = [] {
    FileCounts c{};
    for (int i = 0; i < kSquares; ++i)
      if (const Piece p = initial[std::size_t(i)]; !p.empty()) ++c[std::size_t(p.code() * kFiles + Square(i).file())];
    return c;
  }();
  const auto on_file = [](FileCounts& c, Piece p, Square s) -> std::uint8_t& {
    return c[std::size_t(p.code() * kFiles + s.file())];
  };

  // Red's first move from files 6–9 (ICCS a..d): the game is read as its mirror.
  const bool mirror = !line.empty() && line[0].from().file() <= 3;
  std::array<Piece, kSquares> board = initial;
  FileCounts counts = initial_counts;
  Line ids;
  ids.fill(kEnd);
  std::size_t n = 0;  // plies read
  for (; n < std::min<std::size_t>(line.size(), kHorizon); ++n) {
    const Move m = mirror ? mirrored(line[n]) : line[n];
    const Piece p = m.is_none() ? Piece() : board[std::size_t(m.from().index())];
    // A move that does not belong to the side to move ends what is read.
    if (p.empty() || p.color() != (n % 2 ? Color::Black : Color::Red)) break;
    const bool named_by_file =
        p.type() == PieceType::Advisor || p.type() == PieceType::Elephant || on_file(counts, p, m.from()) == 1;
    ids[n] = named_by_file ? table.ids[key_of_move(p, m)] : kOther;
    Piece& target = board[std::size_t(m.to().index())];
    if (!target.empty()) --on_file(counts, target, m.to());
    --on_file(counts, p, m.from());
    ++on_file(counts, p, m.to());
    target = p;
    board[std::size_t(m.from().index())] = Piece();
  }

  const Node* node = &book->nodes[0];
  int decided = n ? 1 : 0;
  for (bool descended = true; descended;) {
    descended = false;
    for (std::uint32_t c : node->children) {
      const int r = matches(book->nodes[c], ids);
      if (r < 0) continue;
      node = &book->nodes[c];
      decided = std::max(decided, r);
      descended = true;
      break;
    }
  }
  Opening o;
  o.code = node->code;
  const Name* name = book->name(o.code);
  o.name = name ? name->name : "";
  const auto dash = o.name.find("——");
  o.opening = o.name.substr(0, dash);
  o.variation = dash == std::string::npos ? "" : o.name.substr(dash + std::string_view("——").size());
  o.ply = std::uint32_t(std::min<int>(decided, int(n)));
  return o;
}

}  // namespace xq::ecco
