// Internal to the rules: winning material by a check or consecutive checks
// (将军得子 / 抽吃, 24.3 "从下一着开始运用将军或连续将军……得子"). The attacker
// plays checking moves only, the defender every legal reply; the line ends
// with a capture whose complete exchange gains, counted with the defender's
// best answer to it (threats.cpp explains the count; docs/repetition.md).
//
// Any length of checks is allowed by the text; the search is bounded by a
// depth (checks in a row) and a budget of searched positions per first check.
// Depths up to kUnbudgetedCheckDepth (the old fixed search) are always
// completed; deeper ones are tried one by one while the budget lasts, and
// when it runs out the gain of the last completed depth stands (at least the
// old answer: a deeper line is not claimed on a guess) marked `unknown`: a
// deeper depth might gain more, or another piece (search_answer.h).
// When it deepens, a position met again within one question (the next
// depth, another first check, another order of the checks) is answered from
// what the question learnt of it (window_memo.h): the same answers, fewer
// positions searched; and each position's legal checks or replies are
// generated once in the question and kept (ordered_moves.h): the same
// positions searched, in the same order. A line that could not win more
// than its window's floor even if it took the defender's most valuable
// pieces, one per check and one at the end, is not searched (the same
// answers; fewer positions counted against the budget).
#pragma once

#include <array>
#include <climits>
#include <memory>
#include <optional>
#include <vector>

#include "xqrec/core/move_list.h"
#include "xqrec/core/position.h"

#include "ordered_moves.h"
#include "window_memo.h"

namespace xq::rules::detail {

// The old check_depth: always searched in full, whatever the budget.
inline constexpr int kUnbudgetedCheckDepth = 2;

// No bound on a search window's side (values are a few hundred at most, so
// sums of a few never overflow).
inline constexpr int kUnbounded = INT_MAX / 4;

// What the other side could already win at the root of a check sequence (the
// position whose chases are sought, with that side to move): per square, the
// piece there and the balance of its best winning capture. These threats are
// not the sequence's doing; a chase by a direct capture ignores them as well
// (both sides may chase at once: 2011 图3, 参考图5).
struct RootThreats {
  std::array<Piece, kSquares> piece{};
  std::array<int, kSquares> balance{};
};
RootThreats root_threats(const Position& root, Color other, int pv);

// root_threats of one root, made the first time it is asked for: the
// searches of most positions never need it, and the chase report and the
// check sequences of one position share it. Keeps its own copy of the root
// (the searches play moves on theirs while they ask).
class RootThreatsOnDemand {
 public:
  RootThreatsOnDemand(const Position& root, Color other, int pv) : root_(root), other_(other), pv_(pv) {}
  const RootThreats& get() {
    if (!threats_) threats_ = root_threats(root_, other_, pv_);
    return *threats_;
  }

 private:
  Position root_;
  Color other_;
  int pv_;
  std::optional<RootThreats> threats_;
};

class GainByChecks {
 public:
  // `budget`: positions (moves made) that the depths beyond
  // kUnbudgetedCheckDepth may search, over every gain() call of this object
  // (one question: every first check of one position).
  // `root` must outlive the object. Not copied (its tables are not): one
  // object a question.
  GainByChecks(int pv, RootThreatsOnDemand& root, long budget) : pv_(pv), root_(&root), budget_(budget) {}
  GainByChecks(const GainByChecks&) = delete;
  GainByChecks& operator=(const GainByChecks&) = delete;

  struct Answer {
    // INT_MIN when k mates (杀, not 捉); 0 or less: no gain, and then the
    // exact value, victim and taker are not specified (a refuted check's
    // search stops at the first reply holding the gain at 0).
    int gain = 0;
    Square victim;           // the piece won in the worst case, on the board now
    Piece taker;             // the piece that takes it at the end of that line (the check's own piece if it took it)
    bool taker_opens_check = false;  // that capture is a pawn's and opens another piece's check
    int depth = 0;           // the checks the answer needed (the depth it was found at)
    // The budget ran out before max_depth was searched in full while some
    // line still had a check to play: a deeper gain is not excluded.
    bool unknown = false;
    // Whether a capture by the king or a pawn was ever the best so far of a
    // follow-up walk whose answer this search read (searched for this first
    // check, or kept in the memo by an earlier one's search, whose entries
    // keep the mark of their subtrees): if not, leaving such captures out
    // (leave_out) answers the same.
    bool king_or_pawn_took = false;
  };
  // The material the side to move in pos wins with the check k (then
  // possibly more, at most max_depth checks in all, max_depth itself at
  // most kMaxSearchDepth) followed by a capture,
  // against the best defence. pos is left as it was.
  //
  // The replies to k that hold its gain to the least, as the search without
  // a budget (the first depth, kUnbudgetedCheckDepth at most) found them:
  // kept by every gain() (valid when that depth completed with a gain), so
  // that a search leaving captures out (leave_out) need not find them again
  // for the same check (`least`: the first search's, for the same k).
  struct LeastReplies {
    bool valid = false;
    int depth = 0;
    int least = 0;
    bool cut = false;  // some line of that depth stopped with a check left
    // In generation order: the replies that hold it there, and those whose
    // search stopped at the least (at it or above: not told apart).
    MoveList replies, open;
  };
  Answer gain(Position& pos, Move k, int max_depth, const LeastReplies* least = nullptr);
  const LeastReplies& least_replies() const { return least_; }

  // The line proving `gain`'s answer for k at `depth`: k, the defender's best
  // reply (the one holding the gain lowest, the first among equals), the
  // next check ..., and the capture that wins (none when the check itself
  // took the material and nothing is won after it).
  std::vector<Move> line(Position& pos, Move k, int depth);

  long nodes() const { return nodes_; }
  bool exhausted() const { return exhausted_; }
  // What spares the search work without changing an answer, each off only
  // in the tests, which compare the search with and without it.
  struct Aids {
    // Positions met again answered from what the question learnt of them
    // (window_memo.h; used when the depths beyond kUnbudgetedCheckDepth are
    // searched).
    bool memo = true;
    // Each position's legal checks (attacker to move) and replies (defender
    // in check) kept for when the deepening comes back to it
    // (ordered_moves.h; used when it deepens, as the memo).
    bool move_lists = true;
    // A capture of the checker tried before the other replies, and not
    // holding the floor, not searched again among them (check_value).
    bool reuse_tried = true;
    // Lines not searched when they cannot win more than the window's
    // floor, whatever they take (best_follow_up, check_line).
    bool futility = true;
    // best_elsewhere walked only between the answers its caller tells
    // apart (search_follow_up), not over every capture from 0.
    bool elsewhere_window = true;
    // Among a check's replies taking back as much, the king's steps
    // searched first (check_value, least_defence_value). Only in a question
    // that does not deepen and where no budget counts (the default depth;
    // not line()): there the order changes no value (the least over the
    // replies; the worst's witness is still the first in generation order
    // among equals; the replies whose whole gain is the least are exact in
    // any order), only which positions are searched (and so whether an own
    // capture was met on the way, king_or_pawn_took, which at most asks the
    // search without them once more), and under a budget that decides what
    // completes. −6.4 % of the judged cycles'
    // instructions, +0.19 % on the middle ones (docs/speed-history.md,
    // "Twenty-sixth session: gain").
    bool king_first = true;
  };
  void use(const Aids& aids) { aids_ = aids; }
  // The captures ending a line that make it the king's or a pawn's own
  // chase (26.1; 2011 26.7 / 2020 26.8 兵借其他子抽吃; threats.cpp own_series
  // says which, per first check and rule set).
  struct OwnTakes {
    bool king = false;
    bool pawns = false;                // a pawn's capture opening no other piece's check
    bool pawns_opening_check = false;  // a pawn's capture opening one
    bool any() const { return king || pawns || pawns_opening_check; }
  };
  // Leaves those captures out as the capture that ends a line: asks whether
  // the side wins material by checks with another piece taking at the end,
  // against the defences that lose least (24.3: what the checks win against
  // the best defence). At every defender's reply the value is a pair: the
  // whole gain (every capture counted) and the gain without those captures;
  // the defender holds the whole gain to its least first, and among the
  // replies that do, the gain without them is read (the least of it). The
  // attacker's choices keep each at its most (a check or capture the
  // attacker prefers for the whole gain does not hide another piece's).
  // least_defence_value. Before the first question of the object.
  void leave_out(const OwnTakes& own) { left_out_ = own; }

 private:
  // What a line wins in the worst case: the square of the piece taken (on
  // the board of the position searched from) and the piece that takes it.
  struct Won {
    Square square = Square::none();
    Piece by;
    bool opens_check = false;  // by a pawn, whose capture opens another piece's check
  };
  // best_follow_up's witness: what it wins and the capture that wins it.
  struct Capture {
    Won won;
    Move move;
  };
  int best_elsewhere(Position& pos, Square sq, int floor, int enough);
  int best_follow_up(Position& pos, Won& won, int lo, int hi, Move* capture = nullptr);
  void bound_gains(const Position& root);
  bool taken_back(Position& pos, Move k);
  int search_follow_up(Position& pos, Won& won, int lo, int hi, Move* capture);
  int after_reply(Position& pos, int checks, int lo, int hi, Won& won);
  int reply_follow_up(Position& pos, Move r, int depth, int lo, int hi, Won& won);
  template <class Keep>
  bool settles_at_floor(Position& pos, const MoveList& takes, Square to, int cap, int depth, int floor, int high,
                        int& value, Keep&& keep);
  int check_value(Position& pos, Move k, int depth, Won& won, int floor, int ceiling);
  int least_defence_value(Position& pos, Move k, int depth, Won& won, int floor, int ceiling);
  // check_value, or least_defence_value where the search leaves captures out.
  int defence_value(Position& pos, Move k, int depth, Won& won, int floor, int ceiling) {
    return left_out_.any() && !full_ ? least_defence_value(pos, k, depth, won, floor, ceiling)
                                     : check_value(pos, k, depth, won, floor, ceiling);
  }
  int check_line(Position& pos, int depth, Won& won, int floor, int ceiling, Move* check = nullptr);
  bool spend();
  // The legal checks / replies of pos in generation order: from the kept
  // lists when keep_lists_, else generated into `fresh`. A move is read
  // afresh with at() each time: the store may move while the search recurses.
  struct Moves {
    OrderedMoves::Span span;
    const MoveList* fresh = nullptr;      // the moves, when generated
    const OrderedMoves* store = nullptr;  // else where they are kept
    Move at(std::size_t i) const { return fresh ? (*fresh)[i] : (*store)[span.first + i]; }
  };
  Moves checks_of(const Position& pos, MoveList& fresh);
  Moves replies_of(const Position& pos, MoveList& fresh);

  int pv_;
  RootThreatsOnDemand* root_;
  long budget_;
  long nodes_ = 0;  // every position searched
  long spent_ = 0;  // those counted against the budget
  bool limited_ = false;
  bool exhausted_ = false;  // the budget ran out once (some answer is the shallower one)
  bool stop_ = false;       // the budget ran out in the current search: unwinding
  bool cut_ = false;  // some line was stopped by the depth with a check left to play
  // Whether cut_ is wanted: a deeper search may follow. At the last depth
  // the test (a generation of checks per leaf) is not made.
  bool want_cut_ = false;
  // What a question that deepens keeps, made only then (a question at the
  // old depth alone, most of them, keeps nothing and pays nothing for it).
  struct Stores {
    // What it has learnt of the attacker's positions (window_memo.h):
    // direct captures (0 checks), and direct captures or checks (1 or more).
    // [1]: the whole gain's, read by least_defence_value in a search that
    // leaves captures out ([0] then holds the gain without them).
    std::array<WindowMemo<Capture>, 2> follow_ups;
    std::array<WindowMemo<Won>, 2> after_replies;
    // The lists of the positions met, in generation order.
    OrderedMoves checks;
    OrderedMoves replies;
  };
  // Makes the stores when a search of max_depth checks deepens, and sets
  // remember_ and keep_lists_.
  void prepare(int max_depth);
  // On the heap: held inline (an optional), its few kilobytes were zeroed
  // with every object, one per position asked (most never deepen).
  std::unique_ptr<Stores> stores_;
  // most_[c]: the c most valuable pieces of the defender at the root
  // together, what a line of c - 1 checks and a capture wins at most
  // (bound_gains); c up to kMostChecks.
  static constexpr int kMostChecks = 16;
  std::array<int, kMostChecks + 1> most_{};
  // The root most_ was made for (its key), when made.
  bool bounds_made_ = false;
  std::uint64_t bounds_key_ = 0;
  Aids aids_;
  OwnTakes left_out_;  // leave_out
  LeastReplies least_;  // least_replies
  // The first check's call of check_value that keeps its least replies in
  // least_, and of least_defence_value that reads them from another search:
  // taken (cleared) by the call.
  LeastReplies* record_ = nullptr;
  const LeastReplies* known_least_ = nullptr;
  // Counting every capture for now, left_out_ notwithstanding: the whole
  // gain of a reply, which least_defence_value compares first.
  bool full_ = false;
  // Answer::king_or_pawn_took of what the search has read since it was last
  // cleared: the whole first check in gain(), one position's subtree in
  // after_reply (whose memo entries keep it as their mark).
  bool took_ = false;
  bool remember_ = false;    // aids_.memo and the current search deepens
  bool keep_lists_ = false;  // aids_.move_lists and the current search deepens
  bool king_first_ = false;  // aids_.king_first and the current question does not deepen
};

}  // namespace xq::rules::detail
