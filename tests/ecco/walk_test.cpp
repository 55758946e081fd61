// The tree walk against a plain reference walk kept here: every term of every
// alternative evaluated in file order, no shortcut. The walk of classify.cpp
// skips work it can prove useless; its code and its "decided at" ply must be
// the reference's on lines that go deep into the book (moves the book names
// preferred) as well as on lines that leave it early.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "move_ids.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"
#include "xqrec/ecco/book.h"
#include "xqrec/ecco/ecco.h"

namespace {

using xq::ecco::Line;
using xq::ecco::Node;
using xq::ecco::Term;

constexpr int ply_of(xq::Color side, int round) { return (round - 1) * 2 + (side == xq::Color::Black ? 1 : 0); }

// A term's verdict as docs/ecco.md defines it: -1 when it fails, else the
// (1-based) ply it looked at last.
int reference_eval(const Term& t, const Line& line) {
  using xq::ecco::ScanTest;
  using xq::ecco::TermKind;
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
      for (xq::Color side : {xq::Color::Red, xq::Color::Black}) {
        std::vector<xq::ecco::MoveId> want = side == xq::Color::Red ? t.red : t.black, have;
        for (std::size_t j = 0; j < want.size(); ++j) have.push_back(line[std::size_t(ply_of(side, int(j) + 1))]);
        std::sort(want.begin(), want.end());
        std::sort(have.begin(), have.end());
        if (want != have) return -1;
      }
      return std::max(int(t.red.size()) * 2 - 1, int(t.black.size()) * 2);
    }
    case TermKind::Scan: {
      int found = -1;
      for (int r = t.from_round; r <= t.to_round; ++r) {
        const int ply = ply_of(t.side, r);
        const auto id = line[std::size_t(ply)];
        if (t.allowed.has(id)) {
          if (found < 0 && t.what.has(id)) found = ply + 1;
          continue;
        }
        switch (t.test) {
          case ScanTest::Then: return t.what.has(id) ? ply + 1 : -1;
          case ScanTest::ThenAny: return ply + 1;
          case ScanTest::Has: return found;
          case ScanTest::Lacks: return found < 0 ? ply + 1 : -1;
          case ScanTest::Only: return -1;
        }
      }
      const int last = ply_of(t.side, t.to_round) + 1;
      if (t.test == ScanTest::Has) return found;
      if (t.test == ScanTest::Lacks) return found < 0 ? last : -1;
      if (t.test == ScanTest::Only) return last;
      return -1;
    }
  }
  return -1;
}

int reference_matches(const Node& node, const Line& line) {
  for (const auto& alt : node.alternatives) {
    int last = 0;
    for (const auto& t : alt) {
      const int r = reference_eval(t, line);
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

struct Verdict {
  std::string code;
  std::uint32_t ply = 0;
};

Verdict reference_classify(const xq::ecco::Book& book, const xq::ecco::KeyTable& table,
                           const std::vector<xq::Move>& line) {
  const bool mirror = !line.empty() && line[0].from().file() <= 3;
  Line ids;
  const std::size_t n = xq::ecco::move_ids(table, line, mirror, ids);
  const Node* node = &book.nodes[0];
  int decided = n ? 1 : 0;
  for (bool descended = true; descended;) {
    descended = false;
    for (std::uint32_t c : node->children) {
      const int r = reference_matches(book.nodes[c], ids);
      if (r < 0) continue;
      node = &book.nodes[c];
      decided = std::max(decided, r);
      descended = true;
      break;
    }
  }
  return {node->code, std::uint32_t(std::min<int>(decided, int(n)))};
}

}  // namespace

TEST_CASE("ECCO's tree walk gives the reference walk's code and ply", "[ecco]") {
  const auto& book = xq::ecco::builtin_book();
  REQUIRE(book.ok());
  const xq::ecco::KeyTable table(*book);
  // The moves the book names at each ply, by a fixed ply or in a scan.
  std::array<xq::ecco::MoveSet, xq::ecco::kHorizon> book_at{};
  for (const Node& node : book->nodes)
    for (const auto& alt : node.alternatives)
      for (const Term& t : alt) {
        for (const auto& p : t.plies)
          for (std::size_t w = 0; w < std::size(p.moves.bits); ++w) book_at[p.ply].bits[w] |= p.moves.bits[w];
        if (t.kind == xq::ecco::TermKind::Scan)
          for (int r = t.from_round; r <= t.to_round; ++r)
            for (std::size_t w = 0; w < std::size(t.allowed.bits); ++w)
              book_at[std::size_t(ply_of(t.side, r))].bits[w] |= t.allowed.bits[w] | t.what.bits[w];
        for (std::size_t j = 0; j < t.red.size(); ++j)
          for (xq::ecco::MoveId id : t.red) book_at[std::size_t(ply_of(xq::Color::Red, int(j) + 1))].add(id);
        for (std::size_t j = 0; j < t.black.size(); ++j)
          for (xq::ecco::MoveId id : t.black) book_at[std::size_t(ply_of(xq::Color::Black, int(j) + 1))].add(id);
      }
  std::vector<std::uint32_t> parent(book->nodes.size(), 0);
  for (std::uint32_t i = 0; i < book->nodes.size(); ++i)
    for (std::uint32_t c : book->nodes[i].children) parent[c] = i;
  std::mt19937 rng(20261207);
  std::mt19937 damage(7);  // apart from rng: the lines aimed at stay those of before
  const auto pick = [&](const xq::ecco::MoveSet& set) {
    std::vector<xq::ecco::MoveId> ids;
    for (int id = 0; id < xq::ecco::kMaxMoveIds; ++id)
      if (set.has(xq::ecco::MoveId(id))) ids.push_back(xq::ecco::MoveId(id));
    return ids.empty() ? xq::ecco::kOther : ids[rng() % ids.size()];
  };
  std::vector<std::string> codes;
  std::size_t deep = 0;
  for (int game = 0; game < 50000; ++game) {
    // A node aimed at: the fixed plies of one alternative of it and of each
    // of its ancestors, so that lines reach deep into the tree; then left,
    // now and then, for a move the book names at that ply or any move.
    std::array<xq::ecco::MoveId, xq::ecco::kHorizon> aim{};
    for (std::uint32_t n = std::uint32_t(rng() % book->nodes.size()); n != 0; n = parent[n]) {
      const auto& alts = book->nodes[n].alternatives;
      for (const Term& t : alts[rng() % alts.size()]) {
        for (const auto& p : t.plies)
          if (!aim[p.ply]) aim[p.ply] = pick(p.moves);
        for (std::size_t j = 0; j < t.red.size(); ++j)
          if (auto& a = aim[std::size_t(ply_of(xq::Color::Red, int(j) + 1))]; !a) a = t.red[rng() % t.red.size()];
        for (std::size_t j = 0; j < t.black.size(); ++j)
          if (auto& a = aim[std::size_t(ply_of(xq::Color::Black, int(j) + 1))]; !a) a = t.black[rng() % t.black.size()];
      }
    }
    const unsigned stray_percent = unsigned(game % 4) * 5;
    const int length = game % 3 ? xq::ecco::kHorizon + 2 : int(rng() % (xq::ecco::kHorizon + 3));
    xq::Position pos = xq::Position::start();
    std::vector<xq::Move> line;
    for (int ply = 0; ply < length; ++ply) {
      xq::MoveList moves, aimed, named;
      pos.generate_legal(moves);
      if (moves.empty()) break;
      const std::size_t p = std::size_t(std::min(ply, xq::ecco::kHorizon - 1));
      for (xq::Move m : moves) {
        const auto id = table.ids[xq::ecco::key_of_move(pos.at(m.from()), m)];
        if (ply < xq::ecco::kHorizon && aim[p] && id == aim[p]) aimed.push(m);
        if (book_at[p].has(id)) named.push(m);
      }
      const unsigned roll = rng() % 100;
      const xq::MoveList& from = !aimed.empty() && roll >= stray_percent ? aimed
                                 : !named.empty() && roll % 2                ? named
                                                                             : moves;
      const xq::Move m = from[rng() % from.size()];
      line.push_back(m);
      xq::Undo u;
      pos.make(m, u);
    }
    // Now and then a move that does not replay (none, or the move before
    // again: its piece has gone) ends what is read early; classify reads
    // plies as its walk asks for them, the reference all of them first.
    if (game % 5 == 4 && !line.empty()) {
      const std::size_t k = damage() % line.size();
      line[k] = k ? line[k - 1] : xq::Move();
    }
    const Verdict want = reference_classify(*book, table, line);
    const auto got = xq::ecco::classify(xq::Position::start(), line);
    REQUIRE(got.has_value());
    std::string moves;
    for (xq::Move m : line) moves += xq::to_iccs(m) + " ";
    INFO("game " << game << ": " << moves);
    REQUIRE(got->code == want.code);
    REQUIRE(got->ply == want.ply);
    codes.push_back(want.code);
    deep += want.ply >= 8;
  }
  // The lines reached many codes, some decided late, or the test shows little.
  std::sort(codes.begin(), codes.end());
  codes.erase(std::unique(codes.begin(), codes.end()), codes.end());
  CHECK(codes.size() >= 150);
  CHECK(deep >= 2000);
}
