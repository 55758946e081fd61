#include "xqrec/core/rules/verdict.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <ostream>
#include <set>

#include "xqrec/core/iccs.h"
#include "xqrec/core/rules/values.h"

#include "cxa_judge.h"
#include "proof_lines_json.h"
#include "classify_in_cycle.h"
#include "undecided.h"

namespace xq::rules {

using detail::side_word;

std::string_view outcome_name(Outcome o) {
  switch (o) {
    case Outcome::RedLoses: return "red-loses";
    case Outcome::BlackLoses: return "black-loses";
    case Outcome::Draw: return "draw";
  }
  return "draw";
}

namespace {

// Article numbers of each edition.
struct Articles {
  const char* check;        // 将
  const char* mate;         // 杀
  const char* chase;        // 捉
  const char* exchange;     // 兑
  const char* offer;        // 献
  const char* block;        // 拦
  const char* follow;       // 跟
  const char* idle;         // 闲
  const char* roots;        // 有根/无根/少根
  const char* joint;        // 联合捉子
  const char* self_mate;    // 自毙
  const char* kp;           // king and pawns may chase
  const char* king_answer;  // king answering a check
  const char* defence;      // drawing point
  const char* perpetual_check_loses;
  const char* perpetual_check_verdict;
  const char* both_allowed;
  const char* both_allowed_verdict;
  const char* one_forbidden;
  const char* one_forbidden_verdict;
  const char* both_forbidden;
  const char* severe;       // 26.8.1 / 26.9.1
  const char* rook_vs_joint;
  const char* unrooted_vs_joint;
  const char* otherwise_draw;
  const char* exchange_chase;  // 26.9 / 26.10
  const char* pawn_borrowed;   // 兵借其他子抽吃 (2011 26.7, 2020 26.8; 1999's pawn article, never asked)
};

constexpr Articles k2020{"24.1", "24.2", "24.3", "24.4", "24.5", "24.6", "24.7", "24.8", "24.15", "24.17", "24.18",
                         "26.1", "26.1.2", "26.2", "25.1", "23.5.1", "25.2", "23.5.2.1", "25.3", "23.5.2.2",
                         "25.4", "26.9.1", "26.9.2", "26.9.3", "26.9.4", "26.10", "26.8"};
constexpr Articles k2011{"24.1", "24.2", "24.3", "24.4", "24.5", "24.6", "24.7", "24.8", "24.15", "24.17", "24.18",
                         "26.1", "26.1.2", "26.2", "25.1", "23.5.1", "25.2", "23.5.2.1", "25.3", "23.5.2.2",
                         "25.4", "26.8.1", "26.8.2", "26.8.3", "26.8.4", "26.9", "26.7"};
// 1999: terms in 28, the notion of 捉 in 29, general rules in 26, particular rules in 27.
constexpr Articles k1999{"28.1", "28.2", "28.3", "28.5", "28.6", "28.7", "28.8", "28.9", "28.16", "29.1", "28.2",
                         "27.2", "27.1", "27.3", "26.1", "26.1", "26.2", "26.2", "26.4", "26.4",
                         "26.3", "26.3", "26.3", "26.3", "26.3", "28.5", "27.2"};

// Aggregates fill a missing entry with nullptr: the last one set means
// every one is.
static_assert(k2020.pawn_borrowed && k2011.pawn_borrowed && k1999.pawn_borrowed, "an article is missing");

const Articles& articles_of(RuleSet r) {
  switch (r) {
    case RuleSet::Cxa2011: return k2011;
    case RuleSet::Cxa1999: return k1999;
    default: return k2020;
  }
}

const char* class_article(const Articles& a, MoveClass c) {
  switch (c) {
    case MoveClass::Check: return a.check;
    case MoveClass::Mate: return a.mate;
    case MoveClass::Chase: return a.chase;
    case MoveClass::Exchange: return a.exchange;
    case MoveClass::Offer: return a.offer;
    case MoveClass::Block: return a.block;
    case MoveClass::Follow: return a.follow;
    case MoveClass::Idle: return a.idle;
  }
  return a.idle;
}

std::string side_lower(Color c) { return c == Color::Red ? "red" : "black"; }

bool severe_target(const ChaseTarget& t) {
  return t.victim_piece.type() == PieceType::Rook || t.root != Root::Rooted;
}

std::string label_of(const std::vector<MoveClass>& cls) {
  if (cls.empty()) return "";
  static const char* kCount[] = {"", "一", "两", "三", "四", "五", "六", "七", "八", "九"};
  const bool same = std::all_of(cls.begin(), cls.end(), [&](MoveClass c) { return c == cls.front(); });
  if (same) {
    if (!is_attack(cls.front()) && cls.size() < 10) return std::string(kCount[cls.size()]) + std::string(class_name_zh(cls.front()));
    return "长" + std::string(class_name_zh(cls.front()));
  }
  std::string s;
  for (MoveClass c : cls) {
    s += "一";
    s += class_name_zh(c);
  }
  return s;
}

std::string target_phrase(const ChaseTarget& t) {
  std::string s = side_lower(t.victim_piece.color()) + "'s " + std::string(piece_type_name(t.victim_piece.type())) + " on " +
                  t.victim.name();
  std::vector<std::string> notes;
  if (t.victim_piece.type() != PieceType::Rook || t.root != Root::Rooted) notes.emplace_back(root_name_zh(t.root));
  if (t.joint) notes.emplace_back("联合捉子");
  if (t.by_checks) notes.emplace_back("将军得子");
  if (!notes.empty()) {
    s += " (";
    for (std::size_t i = 0; i < notes.size(); ++i) {
      if (i) s += ", ";
      s += notes[i];
    }
    s += ")";
  }
  return s;
}

// The first chased piece of a side in the cycle, for the explanation.
const ChaseTarget* first_target(const std::vector<MoveClassification>& moves, Color c, bool severe_only) {
  for (const auto& m : moves)
    if (m.side == c && m.cls == MoveClass::Chase)
      for (const auto& t : m.targets)
        if (!severe_only || severe_target(t)) return &t;
  return nullptr;
}

std::string classes_text(const std::vector<MoveClassification>& moves, Color c) {
  std::string s;
  for (const auto& m : moves)
    if (m.side == c) {
      if (!s.empty()) s += ' ';
      s += class_name_zh(m.cls);
    }
  return s;
}

std::string doing_phrase(const Verdict& v, Color c) {
  const SideSummary& s = c == Color::Red ? v.red : v.black;
  std::string out = side_word(c) + " plays " + s.label;
  if (const ChaseTarget* t = first_target(v.moves, c, s.severe)) out += ", chasing " + target_phrase(*t);
  return out;
}

void add(std::vector<std::string>& arts, const char* a) {
  if (std::find(arts.begin(), arts.end(), a) == arts.end()) arts.emplace_back(a);
}

// Victims tracked by piece identity through the cycle (AXF: the same piece
// must be chased on every move).
std::array<std::set<int>, 2> tracked_chases(const Position& before, const std::vector<MoveClassification>& moves,
                                            std::array<bool, 2>& any_move) {
  std::array<int, kSquares> id{};
  for (int i = 0; i < kSquares; ++i) id[std::size_t(i)] = before.at(Square(i)) ? i : -1;
  std::array<std::set<int>, 2> common;
  any_move = {false, false};
  for (const auto& m : moves) {
    id[std::size_t(m.move.to().index())] = id[std::size_t(m.move.from().index())];
    id[std::size_t(m.move.from().index())] = -1;
    std::set<int> ids;
    for (const auto& t : m.targets) ids.insert(id[std::size_t(t.victim.index())]);
    auto& c = common[std::size_t(index(m.side))];
    if (!any_move[std::size_t(index(m.side))]) {
      c = ids;
      any_move[std::size_t(index(m.side))] = true;
    } else {
      std::set<int> both;
      std::set_intersection(c.begin(), c.end(), ids.begin(), ids.end(), std::inserter(both, both.begin()));
      c = both;
    }
  }
  return common;
}

// With `unknown_chases_severe`, a move of c that may chase more than it is
// proven to (UnknownClasses::chase) counts as a plain 捉 of a rook or an
// unrooted piece: the heaviest it may be under 26.8.1–3 / 26.9.1–3
// (undecided.cpp).
void summarise(Verdict& v, Color c, bool unknown_chases_severe) {
  SideSummary& s = c == Color::Red ? v.red : v.black;
  std::vector<MoveClass> cls;
  bool all_check = true, all_attack = true, all_severe = true, any_joint = false, any_plain = false;
  for (const auto& m : v.moves) {
    if (m.side != c) continue;
    cls.push_back(m.cls);
    if (!m.kp_targets.empty() && m.cls != MoveClass::Chase) s.kp_chases = true;
    all_check = all_check && m.cls == MoveClass::Check;
    all_attack = all_attack && is_attack(m.cls);
    if (m.cls == MoveClass::Chase) {
      bool sev = false;
      if (unknown_chases_severe && m.unknown.chase) sev = any_plain = true;
      for (const auto& t : m.targets)
        if (severe_target(t)) {
          sev = true;
          (t.joint ? any_joint : any_plain) = true;
        }
      all_severe = all_severe && sev;
    }
  }
  s.label = label_of(cls);
  s.perpetual_check = !cls.empty() && all_check;
  s.forbidden = !cls.empty() && all_attack && !all_check;
  s.severe = s.forbidden && all_severe;
  s.joint_only = any_joint && !any_plain;
  s.plain_only = any_plain && !any_joint;
}

void lose(Verdict& v, Color c) {
  v.outcome = c == Color::Red ? Outcome::RedLoses : Outcome::BlackLoses;
  v.must_change = c;
}

// CXA, exactly one side named (the only one forbidden; under 2011/2020 also
// 26.8.1–3 / 26.9.1–3 when both are): it must change, and loses if it does
// not (the edition's one_forbidden_verdict). `article` is why it is named,
// `why` says it.
void must_change(Verdict& v, Color c, const char* article, const std::string& why) {
  lose(v, c);
  add(v.articles, article);
  add(v.articles, articles_of(v.rules).one_forbidden_verdict);
  v.explanation = side_word(c) + " must change and loses if it does not: " + why;
}

}  // namespace

namespace detail {

void judge_cxa(Verdict& v, std::optional<Color> unknowns_read_forbidden) {
  const Articles& a = articles_of(v.rules);
  summarise(v, Color::Red, unknowns_read_forbidden == Color::Red);
  summarise(v, Color::Black, unknowns_read_forbidden == Color::Black);
  // Classification articles of the classes that occur.
  std::set<MoveClass> seen;
  bool joint = false, kp = false, root = false, pawn_borrowed = false;
  for (const auto& m : v.moves) {
    seen.insert(m.cls);
    for (const auto& t : m.targets) {
      joint = joint || t.joint;
      root = root || t.root != Root::Rooted;
    }
    kp = kp || !m.kp_targets.empty();
    for (const auto& t : m.kp_targets) pawn_borrowed = pawn_borrowed || t.pawn_takes;
  }
  for (MoveClass c : seen) add(v.articles, class_article(a, c));
  if (root) add(v.articles, a.roots);
  if (joint) add(v.articles, a.joint);
  if (kp) add(v.articles, a.kp);
  if (pawn_borrowed) add(v.articles, a.pawn_borrowed);
  for (const auto& m : v.moves) {
    if (m.reason.find("26.1.2") != std::string::npos) add(v.articles, a.king_answer);
    if (m.reason.find("26.2") != std::string::npos) add(v.articles, a.defence);
    if (m.reason.find("自毙") != std::string::npos) add(v.articles, a.self_mate);
    if (m.reason.find("26.9/26.10") != std::string::npos) add(v.articles, a.exchange_chase);
  }

  SideSummary& r = v.red;
  SideSummary& b = v.black;
  const std::string rb = " (red: " + classes_text(v.moves, Color::Red) + "; black: " + classes_text(v.moves, Color::Black) + ")";
  if (r.perpetual_check && b.perpetual_check) {
    v.outcome = Outcome::Draw;
    add(v.articles, a.perpetual_check_loses);
    v.explanation = "Draw: both sides check on every move; only one-sided perpetual check (单方长将) loses" + rb + ".";
    return;
  }
  if (r.perpetual_check || b.perpetual_check) {
    const Color c = r.perpetual_check ? Color::Red : Color::Black;
    lose(v, c);
    add(v.articles, a.perpetual_check_loses);
    add(v.articles, a.perpetual_check_verdict);
    v.explanation = side_word(c) + " loses: it checks on every move of the cycle (长将), which is never allowed" + rb + ".";
    return;
  }
  // 1999 27.2: pawn (and king) chases are 闲, unless the other side is 长打:
  // then they count as 捉 and both sides are forbidden.
  if (v.rules == RuleSet::Cxa1999) {
    for (Color c : {Color::Red, Color::Black}) {
      SideSummary& me = c == Color::Red ? r : b;
      const SideSummary& other = c == Color::Red ? b : r;
      if (me.forbidden || !other.forbidden || !me.kp_chases) continue;
      bool all = true;
      for (const auto& m : v.moves)
        if (m.side == c && !is_attack(m.cls) && m.kp_targets.empty()) all = false;
      if (all) {
        me.forbidden = true;
        me.label += "（兵/将互打按捉）";
        add(v.articles, "27.2");
      }
    }
  }
  if (!r.forbidden && !b.forbidden) {
    v.outcome = Outcome::Draw;
    add(v.articles, a.both_allowed);
    add(v.articles, a.both_allowed_verdict);
    v.explanation = "Draw: both sides' moves are allowed (允许着法), " + side_word(Color::Red) + " " + r.label + ", " +
                    side_word(Color::Black) + " " + b.label + rb + ".";
    return;
  }
  if (r.forbidden != b.forbidden) {
    const Color c = r.forbidden ? Color::Red : Color::Black;
    const SideSummary& other = c == Color::Red ? b : r;
    must_change(v, c, a.one_forbidden,
                doing_phrase(v, c) + " (禁止着法) while " + side_word(~c) + " plays " + other.label + " (允许着法)" + rb + ".");
    return;
  }
  // Both forbidden.
  add(v.articles, a.both_forbidden);
  if (v.rules == RuleSet::Cxa1999) {
    v.outcome = Outcome::Draw;
    v.explanation = "Draw: both sides' moves are forbidden (长打对长打): " + doing_phrase(v, Color::Red) + "; " +
                    doing_phrase(v, Color::Black) + rb + ".";
    return;
  }
  if (r.severe != b.severe) {
    const Color c = r.severe ? Color::Red : Color::Black;
    must_change(v, c, a.severe,
                "both sides' moves are forbidden, but " + doing_phrase(v, c) + ", which must change (" + a.severe +
                    "), while " + doing_phrase(v, ~c) + rb + ".");
    return;
  }
  if (r.severe && b.severe && (r.plain_only && b.joint_only) != (b.plain_only && r.joint_only)) {
    const Color c = (r.plain_only && b.joint_only) ? Color::Red : Color::Black;
    const ChaseTarget* t = first_target(v.moves, c, true);
    const char* article = t && t->victim_piece.type() == PieceType::Rook ? a.rook_vs_joint : a.unrooted_vs_joint;
    must_change(v, c, article,
                doing_phrase(v, c) + " against " + side_word(~c) + "'s joint chase (联合捉子), " + article + rb + ".");
    return;
  }
  v.outcome = Outcome::Draw;
  add(v.articles, a.otherwise_draw);
  add(v.articles, a.both_allowed_verdict);
  // 26.8.1 / 26.9.1 name a side only when it alone (单方) plays one of its
  // cycles: both sides named is a draw, as neither is (26.8.4 / 26.9.4).
  const std::string why =
      r.severe ? "both are named by " + std::string(a.severe) + ", which makes a side change only when it alone (单方) is, and " +
                     a.rook_vs_joint + "–" + a.unrooted_vs_joint + " do not apply"
               : "neither is named by " + std::string(a.severe) + "–" + a.unrooted_vs_joint;
  v.explanation = "Draw: both sides' moves are forbidden and " + why + ": " + doing_phrase(v, Color::Red) + "; " +
                  doing_phrase(v, Color::Black) + rb + ".";
}

std::vector<std::string> loss_only_articles(RuleSet rules) {
  const Articles& a = articles_of(rules);
  std::vector<std::string> out;
  // 1999 cites one article (26.1, 26.4) both for the rule and for its loss.
  if (std::string_view(a.one_forbidden_verdict) != a.one_forbidden) out.emplace_back(a.one_forbidden_verdict);
  if (std::string_view(a.perpetual_check_verdict) != a.perpetual_check_loses) out.emplace_back(a.perpetual_check_verdict);
  return out;
}

}  // namespace detail

namespace {

void judge_asian(Verdict& v, const Position& before) {
  std::array<bool, 2> any{};
  const auto common = tracked_chases(before, v.moves, any);
  int level[2] = {0, 0};
  for (Color c : {Color::Red, Color::Black}) {
    std::vector<MoveClass> cls;
    bool all_check = true, any_check = false;
    for (const auto& m : v.moves)
      if (m.side == c) {
        cls.push_back(m.cls);
        all_check = all_check && m.cls == MoveClass::Check;
        any_check = any_check || m.cls == MoveClass::Check;
      }
    SideSummary& s = c == Color::Red ? v.red : v.black;
    s.label = label_of(cls);
    s.perpetual_check = !cls.empty() && all_check;
    // A check that also chases counts as a chase of that piece (FSF-05/10);
    // alternating a check with a chase of another piece is allowed.
    (void)any_check;
    const bool chase = !cls.empty() && !all_check && !common[std::size_t(index(c))].empty();
    s.forbidden = s.perpetual_check || chase;
    level[index(c)] = s.perpetual_check ? 2 : chase ? 1 : 0;
    if (chase) s.label = "长捉";
  }
  const std::string rb = " (red: " + classes_text(v.moves, Color::Red) + "; black: " + classes_text(v.moves, Color::Black) + ")";
  if (level[0] == level[1]) {
    v.outcome = Outcome::Draw;
    const char* art = level[0] == 2 ? "AXF perpetual check" : level[0] == 1 ? "AXF perpetual chase" : "AXF allowed moves";
    add(v.articles, art);
    v.explanation = level[0] == 0 ? "Draw: neither side checks or chases the same piece perpetually" + rb + "."
                    : level[0] == 1 ? "Draw: both sides chase perpetually (mutual chase)" + rb + "."
                                    : "Draw: both sides check perpetually" + rb + ".";
    return;
  }
  const Color c = level[0] > level[1] ? Color::Red : Color::Black;
  lose(v, c);
  if (level[index(c)] == 2) {
    add(v.articles, "AXF perpetual check");
    v.explanation = side_word(c) + " loses: it checks on every move of the cycle (perpetual check)" + rb + ".";
  } else {
    add(v.articles, "AXF perpetual chase");
    const ChaseTarget* t = nullptr;
    for (const auto& m : v.moves)
      if (m.side == c && !m.targets.empty()) { t = &m.targets.front(); break; }
    v.explanation = side_word(c) + " must change and loses if it does not: it chases " +
                    (t ? target_phrase(*t) : std::string("the same piece")) + " on every move (perpetual chase)" + rb + ".";
  }
}

}  // namespace

Verdict adjudicate_cycle(const Position& before, std::span<const Move> cycle, int first_ply, RuleSet rules,
                         const ThreatOptions& opt) {
  Verdict v;
  v.rules = rules;
  v.first_ply = first_ply;
  v.last_ply = first_ply + int(cycle.size()) - 1;
  Position pos = before;
  // A judged span of several rounds plays the same (position, move) pairs
  // again: each is classified once, as a pure function of both.
  std::vector<std::pair<std::uint64_t, std::size_t>> classified;  // (key, index in v.moves)
  // Positions also recur with other moves: their searches are asked once.
  detail::ThreatMemo memo;
  for (Move m : cycle) {
    const std::uint64_t key = pos.key();
    const auto seen = std::find_if(classified.begin(), classified.end(), [&](const auto& c) {
      return c.first == key && v.moves[c.second].move == m;
    });
    if (seen != classified.end()) {
      v.moves.push_back(v.moves[seen->second]);
    } else {
      classified.emplace_back(key, v.moves.size());
      v.moves.push_back(detail::classify_move(pos, m, rules, opt, memo));
    }
    Undo u;
    pos.make(m, u);
  }
  if (rules == RuleSet::Asian) {
    judge_asian(v, before);
  } else {
    detail::judge_cxa(v);
    detail::settle_unknowns(v, opt);
  }
  return v;
}

Result<std::optional<Verdict>, LineError> adjudicate_line(const Position& start, std::span<const Move> moves,
                                                          const AdjudicateOptions& opt) {
  Position pos = start;
  RepetitionCounter counter(opt.threshold);
  (void)counter.push(pos.key(), false);
  const bool watch_23_4 = opt.rule_23_4 && (opt.rules == RuleSet::Cxa2011 || opt.rules == RuleSet::Cxa2020);
  std::optional<LongAttackWatch> watch;
  if (watch_23_4) watch.emplace(opt.rules, opt.threats);
  std::vector<Undo> undos;
  undos.reserve(moves.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const Move m = moves[i];
    if (const MoveError e = pos.check_move(m); e != MoveError::None)
      return fail(LineError{int(i) + 1, m, e});
    const bool capture = !pos.at(m.to()).empty();
    std::optional<LongAttack> long_attack;
    if (watch) long_attack = watch->push(pos, m, int(i) + 1);
    undos.emplace_back();
    pos.make(m, undos.back());
    if (auto r = counter.push(pos.key(), capture)) {
      // Back to the position before the cycle.
      const int from = judged_first_ply(*r, moves);
      for (int k = r->last_ply; k >= from; --k) pos.undo(moves[std::size_t(k - 1)], undos[std::size_t(k - 1)]);
      const auto cycle = moves.subspan(std::size_t(from - 1), std::size_t(r->last_ply - from + 1));
      return std::optional<Verdict>(adjudicate_cycle(pos, cycle, from, opt.rules, opt.threats));
    }
    if (long_attack) {
      const auto window =
          moves.subspan(std::size_t(long_attack->first_ply - 1), std::size_t(long_attack->last_ply - long_attack->first_ply + 1));
      Verdict v = adjudicate_cycle(watch->position_before(long_attack->first_ply), window, long_attack->first_ply,
                                   opt.rules, opt.threats);
      v.long_attack = true;
      v.articles.insert(v.articles.begin(), "23.4");
      std::string why = "Judged under 23.4 (";
      why += side_word(long_attack->side);
      why += " attacks on nine consecutive moves over three or more points, without a three-fold repetition): ";
      why += v.explanation;
      v.explanation = std::move(why);
      return std::optional<Verdict>(std::move(v));
    }
  }
  return std::optional<Verdict>();
}

namespace {

void append_int(std::string& out, long long n) {
  char digits[24];
  out.append(digits, std::to_chars(digits, digits + sizeof digits, n).ptr);
}

}  // namespace

void append_verdict_json(std::string& out, const Verdict& v, bool with_proofs) {
  out += "{\"rules\":";
  append_json_string(out, rule_set_name(v.rules));
  out += ",\"outcome\":";
  append_json_string(out, outcome_name(v.outcome));
  if (v.undecided) out += ",\"undecided\":true";
  out += ",\"must_change\":";
  if (v.must_change) append_json_string(out, color_name(*v.must_change));
  else out += "null";
  out += ",\"cycle\":[";
  append_int(out, v.first_ply);
  out += ',';
  append_int(out, v.last_ply);
  out += "],\"classes\":{";
  for (Color c : {Color::Red, Color::Black}) {
    if (c == Color::Black) out += ',';
    append_json_string(out, color_name(c));
    out += ":[";
    bool first = true;
    for (const auto& m : v.moves)
      if (m.side == c) {
        if (!first) out += ',';
        append_json_string(out, class_name_zh(m.cls));
        first = false;
      }
    out += ']';
  }
  out += "},\"targets\":[";
  bool first = true;
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    const auto& m = v.moves[i];
    for (const auto& t : m.targets) {
      out += first ? "{\"ply\":" : ",{\"ply\":";
      append_int(out, v.first_ply + int(i));
      out += ",\"side\":";
      append_json_string(out, color_name(m.side));
      out += ",\"move\":";
      append_json_string(out, to_iccs(m.move));
      out += ",\"piece\":";
      append_json_string(out, piece_type_name(t.victim_piece.type()));
      out += ",\"square\":";
      append_json_string(out, t.victim.name());
      out += ",\"root\":";
      append_json_string(out, root_name(t.root));
      out += t.joint ? ",\"joint\":true" : ",\"joint\":false";
      out += t.by_checks ? ",\"by_checks\":true}" : ",\"by_checks\":false}";
      first = false;
    }
  }
  out += ']';
  // The moves whose class a search budget left open (only when there are
  // some: the default budgets never do).
  if (std::any_of(v.moves.begin(), v.moves.end(), [](const MoveClassification& m) { return m.unknown.any(); })) {
    out += ",\"unknown\":[";
    first = true;
    for (std::size_t i = 0; i < v.moves.size(); ++i) {
      const auto& m = v.moves[i];
      if (!m.unknown.any()) continue;
      out += first ? "{\"ply\":" : ",{\"ply\":";
      append_int(out, v.first_ply + int(i));
      out += ",\"side\":";
      append_json_string(out, color_name(m.side));
      out += ",\"may_be\":[";
      if (m.unknown.mate) out += "\"杀\"";
      if (m.unknown.mate && m.unknown.chase) out += ',';
      if (m.unknown.chase) out += "\"捉\"";
      out += "]}";
      first = false;
    }
    out += ']';
  }
  if (with_proofs) detail::append_proofs_json(out, v.proofs);
  out += ",\"articles\":[";
  for (std::size_t i = 0; i < v.articles.size(); ++i) {
    if (i) out += ',';
    append_json_string(out, v.articles[i]);
  }
  out += "],\"explanation\":";
  append_json_string(out, v.explanation);
  out += '}';
}

void write_verdict_json(std::ostream& out, const Verdict& v, bool with_proofs) {
  std::string json;
  append_verdict_json(json, v, with_proofs);
  out << json;
}

std::string verdict_json(const Verdict& v) {
  std::string json;
  append_verdict_json(json, v, false);
  return json;
}

}  // namespace xq::rules
