// Auditing one game: replay every line, resolve each move in one place, and
// report what is wrong with the record.
#include <algorithm>
#include <array>
#include <map>
#include <span>

#include "xqrec/core/fen.h"
#include "xqrec/audit/audit.h"
#include "xqrec/formats/pgn_reader.h"
#include "xqrec/formats/line_walker.h"
#include "xqrec/formats/resolve_record.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/line_history.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/notation/suggest.h"
#include "xqrec/core/position.h"
#include "xqrec/core/rules/cycle.h"
#include "xqrec/core/rules/rule_set.h"
#include "xqrec/core/rules/verdict.h"

#include "phrase_set.h"

namespace xq::audit {

using namespace xq::formats;

bool GameAudit::has_errors() const {
  return std::any_of(findings.begin(), findings.end(), [](const Issue& f) { return f.severity == Severity::Error; });
}

namespace {

// How far ahead the missing-move and swapped-moves checks replay the rest of
// the record to confirm a repair.
constexpr int kConfirmPlies = 12;
// The audit's own findings per game (the reader's issues come capped from
// the reader): the others are counted in one too-many-issues finding, so
// that a game's JSON line stays small.
constexpr std::size_t kMaxAuditFindings = 1000;

using Resolution = NodeResolution;

bool resolves(const Position& pos, const GameNode& node, Move* out = nullptr) {
  const Resolution r = resolve_node(pos, node);
  if (r.ok && out) *out = r.move;
  return r.ok;
}

// How many of `rest` replay from pos, at most kConfirmPlies.
int replay_length(Position pos, const GameRecord& rec, const std::vector<NodeId>& rest, std::size_t from) {
  int n = 0;
  for (std::size_t i = from; i < rest.size() && n < kConfirmPlies; ++i, ++n) {
    Move m;
    if (!resolves(pos, rec.node(rest[i]), &m)) break;
    Undo u;
    pos.make(m, u);
  }
  return n;
}

std::string side_letter_fen(const Position& pos) { return to_fen(pos.setup()); }

// "2nd", "3rd", "4th", "11th", "21st" ...
std::string ordinal(int n) {
  const int tens = n % 100, last = n % 10;
  const char* suffix = (tens >= 11 && tens <= 13) ? "th" : last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th";
  return std::to_string(n) + suffix;
}

std::string describe_move(const Position& pos, Move m) {
  return to_iccs(m) + " (" + notation::write_chinese(pos, m) + ")";
}

// What the replay of a game fills and the next game's empties again: the
// line's history and the main line's repetition counter, kept per thread so
// that a game does not allocate them anew (four allocations and frees a
// game, more than the audit of a short game's moves costs beside them).
struct ReplayStorage {
  LineHistory history;
  rules::RepetitionCounter repetition{3};
  // A record of more nodes leaves the history's storage for it behind:
  // given back after such a game (the counter frees a long run itself).
  static constexpr std::size_t kKeptNodes = std::size_t(1) << 16;
};

ReplayStorage& replay_storage() {
  thread_local ReplayStorage storage;
  return storage;
}

class GameAuditor {
 public:
  GameAuditor(const GameRecord& rec, const AuditOptions& opt, GameAudit& out, ReplayStorage& storage)
      : rec_(rec), opt_(opt), out_(out), history_(storage.history), repetition_(storage.repetition) {
    history_.clear();  // the walk clears it too; a record without moves is not walked
  }

  void run(const std::vector<Issue>& reader_issues) {
    for (const auto& i : reader_issues) bound_excerpt(out_.findings.emplace_back(i).text);
    audit();
    if (suppressed_ > 0)
      add_always(Code::TooManyIssues, Severity::Warning,
                 std::to_string(suppressed_) + " more findings of the audit are not reported (only the first " +
                     std::to_string(kMaxAuditFindings) + " are)");
  }

 private:
  void audit() {
    if (!start_position()) return;
    const std::string* format = rec_.tag("Format");
    iccs_declared_ = format && notation_from_format_tag(*format) == MoveNotation::Iccs;
    audit_main_line_and_variations();
    report_dialects();
    check_result();
    classify_opening();
  }

  // A finding of the audit's own: one past kMaxAuditFindings is counted and
  // filled in a scratch finding that is dropped.
  Issue& add(Code code, Severity sev, std::string message) {
    if (own_ >= kMaxAuditFindings) {
      ++suppressed_;
      scratch_ = Issue{};
      return scratch_;
    }
    ++own_;
    return add_always(code, sev, std::move(message));
  }
  Issue& add_always(Code code, Severity sev, std::string message) {
    Issue& f = out_.findings.emplace_back();
    f.code = code;
    f.severity = sev;
    f.message = std::move(message);
    return f;
  }

  Issue& add_at(Code code, Severity sev, const Position& pos, int ply, NodeId id,
                  const std::string& path, std::string message) {
    Issue& f = add(code, sev, std::move(message));
    f.ply = ply;
    f.move_number = pos.fullmove_number();
    f.side = pos.side_to_move();
    f.variation = path;
    f.text = bounded_excerpt(rec_.node(id).text);
    if (const SourceLocation where = rec_.where(id); where.line || where.offset) f.where = where;
    f.fen = side_letter_fen(pos);
    return f;
  }

  // The last move played before the position being replayed: the line's
  // own, or for a variation's first ply the move before its branch.
  std::string previous_move() const {
    if (history_.size()) return to_iccs(history_.move(history_.size() - 1));
    return line_previous_.is_none() ? std::string() : to_iccs(line_previous_);
  }

  // Decides the start position; false when there is none to replay from.
  bool start_position() {
    StartPosition start = resolve_start(rec_);
    for (auto& i : start.issues) {
      Issue& f = add(i.code, i.severity, i.message);
      if (i.code == Code::BadPosition && start.setup) f.fen = i.text;
      else f.text = bounded_excerpt(i.text);
    }
    if (!start.setup) return false;
    // The audit replays any set-up: it accepts every problem, each reported
    // above as bad-position.
    start_ = std::move(Position::from_setup(*start.setup, Relaxations::all()).value());
    if (opt_.keep_main_line) out_.start_fen = to_fen(start_.setup());
    return true;
  }

  void audit_main_line_and_variations() {
    const auto& root = rec_.node(rec_.root());
    if (root.children.empty()) {
      out_.final_fen = to_fen(start_.setup());
      finish_main(start_, true);
      return;
    }
    walk_lines(rec_, start_, *this, opt_.variations, &history_);
  }

 public:
  // The line walker's events (walk_lines).
  void line_begin(const LineStart& line) {
    main_ = line.main();
    line_previous_ = line.previous;
    // Only the main line counts repetitions and the quiet run (played()):
    // a variation has no use for a counter of its own, whose storage each
    // would allocate anew.
    if (!main_) return;
    repetition_.reset(opt_.repetition_threshold);
    repetition_.push(line.pos.key(), false);
    repetition_reported_ = false;
    quiet_ = rules::QuietRun(opt_.natural_limit, line.pos.halfmove_clock());
  }
  void noted(const Position& before, int ply, NodeId id, const std::string& path,
             const notation::DialectNotes& notes) {
    note_dialects(notes, before, ply, id, path);
  }
  void failed(const Position& before, int ply, NodeId id, const std::string& path, const NodeResolution& r) {
    report_failure(before, ply, id, path, r);
  }
  void played(const PlayedPly& p, const Position& pos, const LineHistory& history) {
    if (!main_) return;
    if (opt_.keep_main_line) out_.main_line.push_back(p.move);
    if (p.ply <= kOpeningPlies) opening_[std::size_t(p.ply - 1)] = p.move, opening_plies_ = p.ply;
    // After the repetition, a move that does not go round the cycle again
    // means a side changed (as 23.5.2 asks): the verdict no longer decides.
    if (verdict_ && !left_cycle_ && p.ply > verdict_->last_ply &&
        p.move != history.move(std::size_t(verdict_->first_ply - 1 + (p.ply - verdict_->last_ply - 1) % verdict_cycle_)))
      left_cycle_ = true;
    if (const auto claim = quiet_.after_ply(p.capture, p.mover, pos, history))
      report_natural_limit(pos, p.ply, p.id, *claim);
    // Only the first repetition is reported: no need to count after it.
    if (!repetition_reported_)
      if (const auto rep = repetition_.push(pos.key(), p.capture)) {
        repetition_reported_ = true;
        report_repetition(*rep, history, pos, p.id);
      }
  }
  void line_end(const LineStart& line, const Position& pos, int ply, bool completed) {
    if (!line.main()) return;
    out_.plies = ply;
    out_.final_fen = to_fen(pos.setup());
    finish_main(pos, completed);
  }

 private:
  void report_natural_limit(const Position& pos, int ply, NodeId id, const rules::NaturalClaim& claim) {
    const auto& limit = opt_.natural_limit;
    Issue& f = add_at(Code::NaturalLimit, Severity::Warning, pos, ply, id, "main",
                        std::to_string(limit.moves) + " moves without a capture: " +
                            std::string(color_name(claim.side)) + " may claim a draw (natural limit" +
                            (claim.checks_not_counted
                                 ? ", its checks beyond " + std::to_string(limit.check_cap) + " not counted"
                                 : std::string()) +
                            ")");
    f.fen = to_fen(pos.setup());
    f.side = claim.side;
  }

  // `now` is the position after the line's last ply, rep.last_ply.
  void report_repetition(const rules::Repetition& rep, const LineHistory& history, const Position& now,
                         NodeId id) {
    const std::span<const Move> played = history.moves();
    // What is judged: the last cycle, or the whole span from the first of
    // the occurrences when its rounds differ (as `xqrec adjudicate` does).
    const int from = rules::judged_first_ply(rep, played);
    // The position before the judged moves and before the last move (where
    // the finding stands), walking back from now.
    const Position before = history.before(now, std::size_t(from));
    const Position before_last = history.before(now, std::size_t(rep.last_ply));
    Issue& f = add_at(Code::Repetition, Severity::Warning, before_last, rep.last_ply, id, "main",
                        "the position after ply " + std::to_string(rep.last_ply) + " occurs for the " +
                            ordinal(rep.occurrences) +
                            " time; the cycle is plies " + std::to_string(rep.first_ply) + "-" +
                            std::to_string(rep.last_ply));
    const std::span<const Move> judged(played.data() + from - 1, std::size_t(rep.last_ply - from + 1));
    rules::Verdict v = rules::adjudicate_cycle(before, judged, from, opt_.rules, opt_.threats);
    if (opt_.proof_lines) rules::add_proof_lines(v, before, opt_.threats);
    f.verdict = v;
    f.message += "; " + v.explanation;
    // The verdict decides the result only when the game ends in this cycle:
    // players often repeat three times and then change.
    verdict_ = v;
    verdict_cycle_ = rep.last_ply - from + 1;  // the judged moves, played again
  }

  void report_failure(const Position& pos, int ply, NodeId id, const std::string& path, const Resolution& r) {
    const GameNode& node = rec_.node(id);
    Issue& f = add_at(r.code, Severity::Error, pos, ply, id, path,
                        r.message + "; replay of this line stops here");
    if (!r.move.is_none() && (r.code == Code::IllegalMove || r.code == Code::WrongSide)) f.read_as = to_iccs(r.move);
    f.previous_move = previous_move();
    for (Move m : r.candidates)
      if (f.candidates.size() < opt_.max_candidates) f.candidates.push_back(to_iccs(m));
    if (node.notation != MoveNotation::Coordinates) {
      for (const auto& s : notation::suggest_readings(pos, node.text, notation_hint(node.notation)))
        f.suggestions.push_back({to_iccs(s.move), std::string(s.code), s.description});
    }
    // The rest of this line, from the failing node on.
    std::vector<NodeId> rest;
    for (NodeId n = id; n != kNoNode;) {
      rest.push_back(n);
      const auto& ch = rec_.node(n).children;
      n = ch.empty() ? kNoNode : ch[0];
    }
    check_missing(pos, ply, id, path, rest);
    check_swapped(pos, ply, id, path, rest);
  }

  // One ply seems missing when the written move is legal for the other side,
  // or becomes legal after one move of the side to move.
  void check_missing(const Position& pos, int ply, NodeId id, const std::string& path,
                     const std::vector<NodeId>& rest) {
    const int want = std::min<int>(int(rest.size()), kConfirmPlies);
    MoveList moves;
    pos.generate_legal(moves);
    std::vector<std::pair<int, Move>> fits;
    int best = 0;
    for (Move x : moves) {
      Position after = pos;
      Undo u;
      after.make(x, u);
      const int n = replay_length(after, rec_, rest, 0);
      if (n == 0) continue;
      fits.emplace_back(n, x);
      best = std::max(best, n);
    }
    if (fits.empty()) return;
    // Only a repair that makes the whole rest replay (up to the confirmation
    // horizon) is worth reporting.
    if (best < want) return;
    Issue& f = add_at(Code::MissingMove, Severity::Error, pos, ply, id, path, "");
    f.previous_move = previous_move();
    std::string list;
    for (const auto& [n, x] : fits) {
      if (n != best) continue;
      if (f.candidates.size() < opt_.max_candidates) {
        f.candidates.push_back(to_iccs(x));
        list += (list.empty() ? "" : ", ") + describe_move(pos, x);
      }
    }
    f.message = "a move of " + std::string(color_name(pos.side_to_move())) +
                " seems missing before this one; with " + list + " the record replays " + std::to_string(best) +
                " more plies";
  }

  // Two plies written in the wrong order: the next one (the other side's
  // reply, or the same side's next move) first.
  void check_swapped(const Position& pos, int ply, NodeId id, const std::string& path,
                     const std::vector<NodeId>& rest) {
    for (std::size_t gap : {std::size_t(1), std::size_t(2)}) {
      if (rest.size() <= gap) continue;
      std::vector<NodeId> order = rest;
      std::swap(order[0], order[gap]);
      const int want = std::min<int>(int(order.size()), kConfirmPlies);
      const int n = replay_length(pos, rec_, order, 0);
      if (n < want || n <= int(gap)) continue;
      Issue& f = add_at(Code::SwappedMoves, Severity::Error, pos, ply, id, path,
                          "plies " + std::to_string(ply) + " and " + std::to_string(ply + int(gap)) +
                              " replay only in the other order ('" + bounded_excerpt(rec_.node(order[0]).text) + "' first)");
      f.previous_move = previous_move();
      Move first;
      resolves(pos, rec_.node(order[0]), &first);
      f.candidates.push_back(to_iccs(first));
      return;
    }
  }

  void note_dialects(notation::DialectNotes notes, const Position& pos, int ply, NodeId id,
                     const std::string& path) {
    notes.for_each([&](notation::Dialect d) {
      // H2-E2 is how PGN writes ICCS: not a dialect where the record says it is ICCS.
      if (d == notation::Dialect::IccsDash && iccs_declared_) return;
      auto& seen = dialects_[unsigned(d)];
      if (seen.count++ == 0) {
        seen.ply = ply;
        seen.move_number = pos.fullmove_number();
        seen.side = pos.side_to_move();
        seen.text = rec_.node(id).text;
        seen.path = path;
        seen.where = rec_.where(id);
      }
    });
  }

  void report_dialects() {
    for (const auto& [d, seen] : dialects_) {
      Issue f;
      f.code = Code::NotationDialect;
      f.severity = Severity::Info;
      f.ply = seen.ply;
      f.move_number = seen.move_number;
      f.side = seen.side;
      f.variation = seen.path;
      f.text = bounded_excerpt(seen.text);
      if (seen.where.line || seen.where.offset) f.where = seen.where;
      f.message = std::string(notation::dialect_code(notation::Dialect(d))) + ": " +
                  std::string(notation::dialect_description(notation::Dialect(d))) + " (" +
                  std::to_string(seen.count) + (seen.count == 1 ? " move)" : " moves)");
      out_.findings.push_back(std::move(f));
    }
  }

  void finish_main(const Position& pos, bool completed) {
    if (!completed) {
      out_.final_state = "unknown";
      return;
    }
    final_state_ = pos.state();
    out_.final_state = std::string(game_state_name(final_state_));
    final_ = pos;
    main_completed_ = true;
  }

  static std::string normalise_result(std::string r) {
    if (r == "1-0" || r == "0-1" || r == "1/2-1/2" || r == "*") return r;
    if (r == "½-½" || r == "1/2" || r == "=") return "1/2-1/2";
    return r;
  }

  // Whether any tag or comment holds one of `words`. Most comments are
  // empty: they are passed over without a search.
  bool record_mentions(const PhraseSet& words, bool tag_names) const {
    const auto mentions = [&](std::string_view s) { return !s.empty() && words.found_in(s); };
    for (const auto& t : rec_.tags)
      if (mentions(t.value) || (tag_names && mentions(t.name))) return true;
    // A chunk's nodes lie together: walked by pointer, not indexed one by one.
    const NodeStore& nodes = rec_.nodes;
    for (std::size_t c = 0; c < nodes.size(); c += NodeStore::kChunkSize) {
      const GameNode* n = &nodes[c];
      const GameNode* const end = n + std::min(NodeStore::kChunkSize, nodes.size() - c);
      for (; n != end; ++n)
        if (const NodeNotes* notes = n->notes_or_null())
          if (mentions(notes->comment_after) || mentions(notes->comment_before)) return true;
    }
    return false;
  }

  bool record_mentions_end() const {
    static constexpr std::string_view kWords[] = {
        "认输", "認輸", "投子", "超时",   "超時",      "判负",       "判負", "判胜", "判勝", "弃权", "棄權",
        "resign", "Resign", "time", "Time", "forfeit", "adjudicat", "Adjudicat", "认负", "認負", "逾时", "逾時"};
    static const PhraseSet kSet(kWords);
    return record_mentions(kSet, true);
  }

  bool record_mentions_agreement() const {
    static constexpr std::string_view kWords[] = {"议和", "議和", "协议和", "協議和", "agreed", "Agreed"};
    static const PhraseSet kSet(kWords);
    return record_mentions(kSet, false);
  }

  // The ECCO code of the main line's first plies, and whether the record's
  // own ECCO tag says otherwise (an empty tag says nothing).
  void classify_opening() {
    out_.ecco = ecco::classify(start_, std::span<const Move>(opening_.data(), std::size_t(opening_plies_)));
    if (!out_.ecco) return;
    const std::string* tag = rec_.tag("ECCO");
    if (!tag || tag->empty() || *tag == out_.ecco->code) return;
    Issue& f = add(Code::EccoMismatch, Severity::Info,
                   "the record's ECCO tag is '" + *tag + "'; its moves give " + std::string(out_.ecco->code) + " (" +
                       std::string(out_.ecco->name) + "), decided at ply " + std::to_string(out_.ecco->ply));
    f.text = bounded_excerpt(*tag);
  }

  void check_result() {
    std::string result = rec_.result;
    if (result.empty())
      if (const std::string* tag = rec_.tag("Result")) result = *tag;
    result = normalise_result(result);
    out_.result = result;
    if (rec_.truncated) {
      // A reader that cut the game at one of its bounds marks it truncated
      // too; the file does not end there.
      const bool cut = std::any_of(out_.findings.begin(), out_.findings.end(),
                                   [](const auto& f) { return f.code == Code::TooLarge; });
      add(Code::Truncated, Severity::Error,
          cut ? "the record stops inside this game where a bound cut it (too-large): what follows is not read"
              : "the file ends inside this game (no termination marker)");
    }
    const bool none = result.empty() || result == "*";
    if (none) add(Code::NoResult, Severity::Warning, "no result is recorded");
    // A cut record cannot be held to its result.
    if (!main_completed_ || rec_.truncated) return;
    const GameState state = final_state_;
    const bool decided = state != GameState::Ongoing;
    const Color loser = final_.side_to_move();
    if (decided) {
      const std::string expected = loser == Color::Red ? "0-1" : "1-0";
      const std::string what = std::string(color_name(loser)) + " is " +
                               (state == GameState::Checkmate ? "checkmated" : "stalemated (困毙, a loss)");
      if (!none && result != expected)
        add(Code::ResultMismatch, Severity::Error, "the result says " + result + " but " + what);
      return;
    }
    const bool ends_in_cycle = verdict_ && !left_cycle_ && out_.plies - verdict_->last_ply < verdict_cycle_;
    // An undecided verdict (a search budget ran out) cannot say who should
    // have won, nor that the record lacks how the game ended: the result is
    // held to nothing.
    if (ends_in_cycle && verdict_->undecided) return;
    // Players may agree a draw (议和) whatever the verdict would have been.
    if (ends_in_cycle && !none && verdict_->outcome != rules::Outcome::Draw && !(result == "1/2-1/2" && record_mentions_agreement())) {
      const auto outcome = verdict_->outcome;
      const std::string expected = outcome == rules::Outcome::RedLoses    ? "0-1"
                                   : outcome == rules::Outcome::BlackLoses ? "1-0"
                                                                           : "1/2-1/2";
      if (result != expected)
        add(Code::ResultMismatch, Severity::Error,
            "the result says " + result + " but the repetition verdict gives " + expected);
      return;
    }
    if (none) {
      add(Code::IncompleteRecord, Severity::Warning, "the record stops with no result and the game is not over");
      return;
    }
    if (result != "1/2-1/2" && !record_mentions_end())
      add(Code::IncompleteRecord, Severity::Warning,
          "the result " + result +
              " is decisive but the final position is neither mate nor stalemate, and the record does not say "
              "how the game ended (resignation, time, adjudication)");
  }

  struct Seen {
    int count = 0;
    int ply = 0, move_number = 0;
    Color side = Color::Red;
    std::string text, path;
    SourceLocation where;
  };

  const GameRecord& rec_;
  const AuditOptions& opt_;
  GameAudit& out_;
  Position start_;
  Position final_;
  GameState final_state_ = GameState::Ongoing;
  bool main_completed_ = false;
  std::optional<rules::Verdict> verdict_;
  LineHistory& history_;  // the line being replayed
  // The main line's first plies, for the ECCO classification.
  static constexpr int kOpeningPlies = 20;
  std::array<Move, kOpeningPlies> opening_{};
  int opening_plies_ = 0;
  // The line being walked: whether it is the main line, and what the main
  // line counts (repetitions, the natural limit's quiet run).
  bool main_ = false;
  Move line_previous_ = Move::none();  // the move before the current line's branch
  rules::RepetitionCounter& repetition_;  // reset at the main line's start
  bool repetition_reported_ = false;
  rules::QuietRun quiet_{rules::NaturalLimit{}, 0};
  int verdict_cycle_ = 0;
  bool left_cycle_ = false;  // a move after the repetition left its cycle
  std::map<unsigned, Seen> dialects_;
  bool iccs_declared_ = false;  // the record's [Format] is ICCS
  std::size_t own_ = 0, suppressed_ = 0;  // the audit's own findings, kept and not
  Issue scratch_;
};

}  // namespace

GameAudit audit_game(const GameRecord& record, const std::vector<Issue>& reader_issues,
                     const AuditOptions& options) {
  GameAudit out;
  audit_game(record, reader_issues, options, out);
  return out;
}

void audit_game(const GameRecord& record, const std::vector<Issue>& reader_issues, const AuditOptions& options,
                GameAudit& out) {
  // A fresh audit, with the storage of the lists and the file name kept.
  std::vector<Issue> findings = std::move(out.findings);
  std::vector<Tag> tags = std::move(out.tags);
  std::string file = std::move(out.file);
  findings.clear();
  file.clear();
  out = GameAudit{};
  out.findings = std::move(findings);
  out.tags = std::move(tags);
  out.file = std::move(file);

  // Tag by tag: most names, and many values (the game type, the format, an
  // archive's event), are the previous game's, already there.
  out.tags.resize(record.tags.size());
  for (std::size_t i = 0; i < record.tags.size(); ++i) {
    Tag& to = out.tags[i];
    const Tag& from = record.tags[i];
    if (to.name != from.name) to.name = from.name;
    if (to.value != from.value) to.value = from.value;
  }
  ReplayStorage& storage = replay_storage();
  GameAuditor(record, options, out, storage).run(reader_issues);
  if (record.nodes.size() > ReplayStorage::kKeptNodes) storage.history = LineHistory{};
  if (out.final_state.empty()) out.final_state = "unknown";
}

}  // namespace xq::audit
