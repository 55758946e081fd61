// Classification: a walk down the tree, taking the first child whose
// pattern holds, with the line's plies turned into move ids as the walk
// asks for them (of the first 20).
#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <optional>
#include <type_traits>

#include "move_ids.h"
#include "xqrec/ecco/book.h"
#include "xqrec/ecco/ecco.h"

namespace xq::ecco {

namespace {

constexpr int ply_of(Color side, int round) { return (round - 1) * 2 + (side == Color::Black ? 1 : 0); }

// A term's verdict: -1 when it fails, else the (1-based) ply it looked at last.
int eval(const Term& t, LineIds& line) {
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
int matches(const Node& node, LineIds& line) {
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

// A move a node's every alternative requires at one ply, when there is such
// a ply: a child whose gate fails cannot match, so the walk skips it without
// evaluating its terms (most children are told apart by one ply).
struct Gate {
  int ply = -1;  // -1: no ply is required by every alternative
  MoveSet moves;
};

// The moves term t allows at `ply`, when it fixes that ply: a ply test, or
// a 不分先后 over the side's first moves (each one of the set).
std::optional<MoveSet> required_at(const Term& t, int ply) {
  if (t.kind == TermKind::Plies) {
    for (const auto& p : t.plies)
      if (p.ply == ply) return p.moves;
  } else if (t.kind == TermKind::AnyOrder) {
    const Color side = ply % 2 ? Color::Black : Color::Red;
    const auto& want = side == Color::Red ? t.red : t.black;
    if (ply / 2 < int(want.size())) {
      MoveSet set;
      for (MoveId w : want) set.add(w);
      return set;
    }
  }
  return std::nullopt;
}

Gate gate_of(const Node& node) {
  Gate best;
  int best_size = kMaxMoveIds + 1;
  for (int ply = 0; ply < kHorizon; ++ply) {
    MoveSet any;  // the union over the alternatives of what each requires at `ply`
    bool every = !node.alternatives.empty();
    for (const auto& alt : node.alternatives) {
      std::optional<MoveSet> required;
      for (const auto& t : alt)
        if (!required) required = required_at(t, ply);
      if (!required) {
        every = false;
        break;
      }
      for (std::size_t w = 0; w < std::size(any.bits); ++w) any.bits[w] |= required->bits[w];
    }
    if (!every) continue;
    int size = 0;
    for (std::uint64_t w : any.bits) size += std::popcount(w);
    // Of equal sets the later ply: siblings share their first moves.
    if (size <= best_size) best = {ply, any}, best_size = size;
  }
  return best;
}

// What the walk needs of each node, made once from the book: the gates of
// its children, and the opening it gives, names already split.
struct Walker {
  std::vector<Gate> gates;  // by node index
  std::vector<Opening> openings;

  explicit Walker(const Book& book) {
    for (const Node& node : book.nodes) {
      gates.push_back(gate_of(node));
      // Views into the book, which is never freed before the walker is.
      Opening o;
      o.code = node.code;
      const Name* name = book.name(o.code);
      o.name = name ? std::string_view(name->name) : std::string_view();
      const auto dash = o.name.find("——");
      o.opening = o.name.substr(0, dash);
      o.variation = dash == std::string_view::npos ? std::string_view() : o.name.substr(dash + std::string_view("——").size());
      openings.push_back(std::move(o));
    }
  }
};

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
  // Red's first move from files 6–9 (ICCS a..d): the game is read as its mirror.
  const bool mirror = !line.empty() && line[0].from().file() <= 3;
  LineIds ids(table, line, mirror);

  // Never destroyed: freeing its strings at exit would be work for nothing.
  static const Walker& walker = *new Walker(*book);
  std::uint32_t node = 0;
  int decided = int(ids.read_of(1));
  for (bool descended = true; descended;) {
    descended = false;
    for (std::uint32_t c : book->nodes[node].children) {
      const Gate& g = walker.gates[c];
      if (g.ply >= 0 && !g.moves.has(ids[std::size_t(g.ply)])) continue;
      const int r = matches(book->nodes[c], ids);
      if (r < 0) continue;
      node = c;
      decided = std::max(decided, r);
      descended = true;
      break;
    }
  }
  Opening o = walker.openings[node];
  o.ply = std::uint32_t(ids.read_of(std::size_t(decided)));
  return o;
}

}  // namespace xq::ecco
