// Xiangqi PGN reader: a streaming tokenizer over UTF-8 text (the input
// itself when it is valid UTF-8, else text decoded by ICU in chunks).
#include "xqrec/formats/pgn_reader.h"

#include <algorithm>
#include <array>
#include <bit>
#include <limits>
#include <cstring>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "xqrec/formats/encoding.h"
#include "xqrec/formats/text_decoder.h"
#include "xqrec/notation/description.h"
#include "xqrec/notation/parse_memo.h"
#include "xqrec/notation/split.h"

#include "text/ascii_chars.h"
#include "pgn/pending_decode_errors.h"
#include "pgn/text_window.h"
#include "record/issue_cap.h"

namespace xq::formats {

namespace {

constexpr std::size_t kMaxComment = 1 << 20;   // longer comments are cut (with a warning)
constexpr std::size_t kMaxGameEncodingIssues = 100;

bool iequals(std::string_view a, std::string_view b) { return ascii_iequals(a, b); }

std::string_view trim_ascii(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

MoveNotation to_move_notation(notation::Notation n) {
  switch (n) {
    case notation::Notation::Chinese: return MoveNotation::Chinese;
    case notation::Notation::Wxf: return MoveNotation::Wxf;
    case notation::Notation::Iccs: return MoveNotation::Iccs;
    case notation::Notation::Auto: return MoveNotation::Auto;
  }
  return MoveNotation::Auto;
}

notation::Notation to_notation(MoveNotation n) {
  switch (n) {
    case MoveNotation::Chinese: return notation::Notation::Chinese;
    case MoveNotation::Wxf: return notation::Notation::Wxf;
    case MoveNotation::Iccs:
    case MoveNotation::Coordinates: return notation::Notation::Iccs;
    case MoveNotation::Auto: return notation::Notation::Auto;
  }
  return notation::Notation::Auto;
}

bool is_file_letter(char c) { return (c >= 'a' && c <= 'i') || (c >= 'A' && c <= 'I'); }
using detail::is_ascii_letter;
using detail::is_ascii_digit;

// Byte classes of the scanner, as bits: a byte that ends a word; the blanks
// that may stand between plain words; the line feed; a byte that may start
// other white space (see space_len); the bytes of a plain ICCS move, file
// letters and digits; the bytes of a tag name; the bytes that end a run of
// plain bytes in a quoted tag value.
enum : std::uint8_t {
  kWordEnd = 1,
  kBlank = 2,
  kLineFeed = 4,
  kMaybeSpace = 8,
  kFileLetter = 16,
  kDigit = 32,
  kTagName = 64,
  kQuotedStop = 128
};

constexpr std::array<std::uint8_t, 256> kByteClass = [] {
  std::array<std::uint8_t, 256> t{};
  for (unsigned char c : std::string_view("{}()[];$")) t[c] = kWordEnd;
  for (unsigned char c : std::string_view(" \t\r")) t[c] = kWordEnd | kBlank;
  t['\n'] = kWordEnd | kLineFeed;
  t['\f'] = t['\v'] = kWordEnd | kMaybeSpace;
  t[0xC2] = t[0xE2] = t[0xE3] = t[0xEF] = kMaybeSpace;
  for (unsigned char c = 'a'; c <= 'i'; ++c) t[c] = t[c - 'a' + 'A'] = kFileLetter;
  for (unsigned char c = '0'; c <= '9'; ++c) t[c] = kDigit;
  for (unsigned c = 0; c < 256; ++c)
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c >= 0x80)
      t[c] |= kTagName;
  for (unsigned char c : std::string_view("\"\\\n\r")) t[c] |= kQuotedStop;
  return t;
}();

std::uint8_t byte_class(char c) { return kByteClass[static_cast<unsigned char>(c)]; }

// Whether the four bytes at p read "h2e2" or "H2E2": a file letter and a
// digit, twice.
bool iccs_move_bytes(const char* p) {
  return (byte_class(p[0]) & byte_class(p[2]) & kFileLetter) && (byte_class(p[1]) & byte_class(p[3]) & kDigit);
}

// "h2e2", "H2E2", "h2-e2", "H2-E2".
bool iccs_shaped(std::string_view w) {
  if (w.size() == 4) return iccs_move_bytes(w.data());
  if (w.size() == 5)
    return is_file_letter(w[0]) && is_ascii_digit(w[1]) && w[2] == '-' && is_file_letter(w[3]) && is_ascii_digit(w[4]);
  return false;
}

bool is_result(std::string_view w) { return w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*"; }

// Length of a UTF-8 character from its lead byte (1 for stray bytes).
std::size_t utf8_len(unsigned char c) {
  if (c < 0xC0) return 1;
  if (c < 0xE0) return 2;
  if (c < 0xF0) return 3;
  return 4;
}

int suffix_nag(std::string_view s) {
  if (s == "!") return 1;
  if (s == "?") return 2;
  if (s == "!!") return 3;
  if (s == "??") return 4;
  if (s == "!?") return 5;
  if (s == "?!") return 6;
  return 0;
}

using detail::kLookahead;
using detail::TextWindow;

// ---------------------------------------------------------------------------

class PgnParser {
 public:
  PgnParser(GameVisitor& visitor, FileReport& report, const ReadOptions& options)
      : v_(visitor), report_(report), options_(options) {}

  TextWindow& text() { return t_; }

  // Reads a part of a file (read_pgn_part): from the start of line `line`,
  // up to the first game that starts at or after `stop_from`.
  void read_part(std::uint32_t line, std::uint64_t stop_from) {
    loc_.line = line;
    stop_from_ = stop_from;
  }
  // Where the part's reading stopped: the next part's first game; none at the end of the input.
  const std::optional<SourceLocation>& part_end() const { return part_end_; }
  const detail::IssueBudget& budget() const { return budget_; }
  const detail::IssueCap& file_issues() const { return file_issues_; }

  void run() {
    while (!stopped_) {
      if (!t_.eof() && t_.size() - pos_ < kLookahead) refill();
      skip_space();
      if (pos_ >= t_.size()) {
        if (t_.eof()) break;
        continue;
      }
      // Blanks ran into the look-ahead: refill before reading what follows
      // them, or a word across the end of the decoded window is cut.
      if (!t_.eof() && t_.size() - pos_ < kLookahead) continue;
      flush_errors(pos_);
      const bool line_start = at_line_start_;
      at_line_start_ = false;
      const char c = t_.data()[pos_];
      const std::size_t token_pos = pos_;
      const std::uint64_t token_base = t_.base();

      if (phase_ == Phase::AfterResult || phase_ == Phase::Ignoring) {
        if (c == '[' && looks_like_tag(pos_, true)) {
          finish_game(false);
        } else if (line_start && starts_first_move_number(pos_)) {
          finish_game(false);
        } else if (c == '{' && phase_ == Phase::AfterResult) {
          read_comment();
          continue;
        } else {
          ignore_line(line_start);
          continue;
        }
        if (stopped_) break;
      }

      if (c != '{' && c != ';') after_number_ = false;
      switch (c) {
        case '[':
          if (const std::optional<TagHead> head = tag_head(pos_, false)) {
            if (in_game_ && has_moves_) {
              game_issue(Code::NoTermination, Severity::Warning, pos_, "",
                         "the movetext ends without a result; a new tag section follows");
              finish_game(false);
              if (stopped_) return;
            }
            read_tag(*head);
          } else {
            stray(pos_);
            ++pos_;
          }
          break;
        case '{': read_comment(); break;
        case ';': read_line_comment(); break;
        case '%':
          if (line_start) {
            skip_line();
          } else {
            stray(pos_);
            ++pos_;
          }
          break;
        case '(':
          ensure_game(pos_);
          if (stopped_) return;
          has_moves_ = true;
          ++depth_;
          if (!skip_) v_.begin_variation();
          ++pos_;
          break;
        case ')':
          if (in_game_ && depth_ > 0) {
            --depth_;
            if (!skip_) v_.end_variation();
          } else {
            stray(pos_);
          }
          ++pos_;
          break;
        case '$': read_nag(); break;
        case '}':
        case ']':
          stray(pos_);
          ++pos_;
          break;
        default: read_word(); break;
      }
      if (pos_ == token_pos && t_.base() == token_base && !stopped_) {
        // Never stand still (a guard: every branch above consumes input).
        stray(pos_);
        pos_ = std::min(t_.size(), pos_ + utf8_len(static_cast<unsigned char>(c)));
      }
    }
    if (stopped_) return;
    flush_errors(t_.size());
    if (in_game_) finish_game(phase_ != Phase::AfterResult && phase_ != Phase::Ignoring);
  }

  // After run(): the one issue that counts the file-level issues not kept.
  void finish_issues() {
    if (file_issues_.suppressed() == 0) return;
    Issue more;
    more.code = Code::TooManyIssues;
    more.severity = Severity::Warning;
    more.where = first_suppressed_;  // where the first one not kept stands
    more.message = file_issues_.too_many_message("file-level issues");
    report_.issues.push_back(std::move(more));
  }

 private:
  enum class Phase { Outside, Game, AfterResult, Ignoring };

  struct Loc {
    std::size_t idx = 0;
    std::uint32_t line = 1;
    std::uint32_t col = 1;
  };

  // --- text and locations --------------------------------------------------

  void refill() {
    // Undecodable bytes in text about to leave the window are located now,
    // while it is there, and reported later in their turn: located after
    // it left, they stood wherever the window did, which depends on where
    // the reading started (-j1 and -jN gave different places).
    if (!t_.errors().empty()) locate_errors_before(pos_);
    advance_loc(pos_);
    const std::size_t keep = pos_;
    t_.refill(keep);
    loc_.idx -= keep;
    pos_ -= keep;
    if (located_ > 0) collapse_before_window();
    // The source before the window is not read again, and its pages go
    // back as the window moves, whatever a game's length.
    if (options_.done_before) options_.done_before(t_.offset(0));
  }

  // How many bytes of v have their top bit set (v holds no other bits);
  // by multiplication, as the portable build has no popcount instruction.
  static std::uint32_t high_bits(std::uint64_t v) { return std::uint32_t(((v >> 7) * 0x0101010101010101ull) >> 56); }
  // The bits set in a 16-bit mask, without a popcount instruction.
  static std::uint32_t bits16(unsigned m) {
    m -= (m >> 1) & 0x5555u;
    m = (m & 0x3333u) + ((m >> 2) & 0x3333u);
    m = (m + (m >> 4)) & 0x0F0Fu;
    return (m + (m >> 8)) & 0x1Fu;
  }

  void advance_loc(std::size_t to) {
    to = std::min(to, t_.size());
    if (to <= loc_.idx) return;
    // Eight bytes at a time: line feeds restart the column; columns count
    // characters, that is every byte but UTF-8 continuation bytes (10xxxxxx).
    const char* d = t_.data();
    const char* s = d + loc_.idx;
    const char* const e = d + to;
    const char* const end = d + t_.size();
    constexpr std::uint64_t kLow7 = 0x7F7F7F7F7F7F7F7Full, kHigh = 0x8080808080808080ull;
#if defined(__SSE2__)
    // Sixteen bytes at a time while they lie before e, a run of ASCII
    // without a line feed (most of a tag section) in one test: the byte
    // masks of line feeds, of bytes of 0x80 or more and of continuation
    // bytes (10xxxxxx), each one movemask.
    while (e - s >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(s));
      const unsigned lf = unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))));
      s += 16;
      if ((lf | unsigned(_mm_movemask_epi8(v))) == 0) {
        loc_.col += 16;
        continue;
      }
      const __m128i top2 = _mm_and_si128(v, _mm_set1_epi8(char(0xC0)));
      unsigned chars = ~unsigned(_mm_movemask_epi8(_mm_cmpeq_epi8(top2, _mm_set1_epi8(char(0x80))))) & 0xFFFFu;
      if (lf != 0) {
        loc_.line += bits16(lf);
        loc_.col = 1;
        chars &= ~((2u << (31 - std::countl_zero(lf))) - 1);  // the bytes after the last line feed
      }
      loc_.col += bits16(chars);
    }
#endif
    while (s < e) {
      const std::size_t len = std::min<std::size_t>(8, std::size_t(e - s));
      std::uint64_t w = 0;
      if (end - s >= 8)
        std::memcpy(&w, s, 8);
      else
        for (std::size_t i = 0; i < len; ++i) w |= std::uint64_t(static_cast<unsigned char>(s[i])) << (8 * i);
      if (len < 8) w &= (std::uint64_t{1} << (8 * len)) - 1;  // only the bytes before e
      const std::uint64_t x = w ^ 0x0A0A0A0A0A0A0A0Aull;       // line feeds become zero bytes
      const std::uint64_t lf = ~(((x & kLow7) + kLow7) | x | kLow7) & kHigh;
      std::uint64_t chars = w;
      std::size_t counted = len;
      if (lf != 0) {
        loc_.line += high_bits(lf);
        loc_.col = 1;
        const int after = (63 - std::countl_zero(lf)) / 8 + 1;  // bytes up to the last line feed
        counted = len - std::size_t(after);
        chars = after == 8 ? 0 : w >> (8 * after);
      }
      loc_.col += std::uint32_t(counted) - high_bits(chars & ~(chars << 1) & kHigh);
      s += len;
    }
    loc_.idx = to;
  }

  SourceLocation location(std::size_t i) {
    advance_loc(i);
    return SourceLocation{t_.offset(i), loc_.line, loc_.col};
  }

  // Byte length of white space at i (ASCII, U+00A0, U+3000, U+FEFF, U+200B), else 0.
  std::size_t space_len(std::size_t i) const {
    const auto* d = reinterpret_cast<const unsigned char*>(t_.data());
    const std::size_t n = t_.size();
    const unsigned char c = d[i];
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v') return 1;
    if (c < 0x80) return 0;
    if (c == 0xC2 && i + 1 < n && d[i + 1] == 0xA0) return 2;
    if (c == 0xE3 && i + 2 < n && d[i + 1] == 0x80 && d[i + 2] == 0x80) return 3;
    if (c == 0xEF && i + 2 < n && d[i + 1] == 0xBB && d[i + 2] == 0xBF) return 3;
    if (c == 0xE2 && i + 2 < n && d[i + 1] == 0x80 && d[i + 2] == 0x8B) return 3;
    return 0;
  }

  void skip_space() {
    const char* d = t_.data();
    const std::size_t n = t_.size();
    std::size_t i = pos_;  // a local: pos_ could alias the bytes read
    while (i < n) {
      const std::uint8_t cls = byte_class(d[i]);
      if (cls & kBlank) {
        ++i;
      } else if (cls & kLineFeed) {
        ++i;
        at_line_start_ = true;
      } else {
        const std::size_t len = (cls & kMaybeSpace) ? space_len(i) : 0;
        if (len == 0) break;
        i += len;
      }
    }
    pos_ = i;
  }

  // --- issues -------------------------------------------------------------

  // The first kMaxGameIssues are kept; the others are counted, and
  // finish_issues() reports how many.
  void file_issue(Issue issue) {
    if (file_issues_.room()) {
      bound_excerpt(issue.text);
      report_.issues.push_back(std::move(issue));
    } else if (file_issues_.suppressed() == 1) {
      first_suppressed_ = issue.where;
    }
  }

  // A game's issues: the first kMaxGameIssues are kept (within the file's
  // kMaxFileIssues), the others counted; finish_game reports how many.
  void emit_issue(Issue issue) {
    if (in_game_) {
      if (skip_) return;
      if (!game_issues_.room()) {
        if (game_issues_.suppressed() == 1) game_first_suppressed_ = issue.where;
        return;
      }
      bound_excerpt(issue.text);
      v_.issue(issue);
    } else {
      file_issue(std::move(issue));
    }
  }

  void game_issue(Code code, Severity sev, std::size_t at, std::string_view text, std::string message) {
    Issue issue;
    issue.code = code;
    issue.severity = sev;
    issue.where = location(at);
    issue.text = escape_bytes(text);
    issue.message = std::move(message);
    emit_issue(std::move(issue));
  }

  void stray(std::size_t at) {
    const std::size_t len = std::min(utf8_len(static_cast<unsigned char>(t_.data()[at])), t_.size() - at);
    const std::string_view ch(t_.data() + at, len);
    game_issue(Code::StrayCharacter, Severity::Warning, at, ch, "stray character '" + escape_bytes(ch) + "' ignored");
  }

  // The leading entries of t_.errors() located (their line and column
  // set) by locate_errors_before; the others are not yet.
  std::size_t located_ = 0;
  // The leading entries of t_.errors() that collapse_before_window has
  // looked at: each a run of its own, before the window.
  std::size_t collapsed_upto_ = 0;

  void locate_errors_before(std::size_t limit) {
    auto& errors = t_.errors();
    const std::uint64_t abs_limit = t_.base() + limit;
    for (; located_ < errors.size() && errors[located_].text_index < abs_limit; ++located_) {
      detail::PendingDecodeErrors& e = errors[located_];
      const std::size_t idx = e.text_index >= t_.base() ? std::size_t(e.text_index - t_.base()) : 0;
      const SourceLocation where = location(std::max(idx, loc_.idx));
      e.line = where.line;
      e.column = where.column;
    }
  }

  // Runs reported by one flush before those only counted: past the most
  // issues a game keeps of them (kMaxGameEncodingIssues) and the most
  // file-level issues kept (kMaxGameIssues), so that every run after them
  // is one the caps drop (in a game) or count (outside one).
  static constexpr std::size_t kRunsKept = std::max(kMaxGameEncodingIssues, detail::kMaxGameIssues) + 1;

  // The entries wholly before the window are all reported by the next
  // flush (its limit is in the window), none split: contiguous ones are
  // joined, and the runs past the first kRunsKept become one collapsed
  // entry that counts them. What stays is bounded whatever the length of a
  // stretch of undecodable bytes read without a flush (a line ignored
  // after a result); the reports are the same.
  void collapse_before_window() {
    auto& errors = t_.errors();
    const std::uint64_t base = t_.base();
    std::size_t w = collapsed_upto_;  // entries kept
    std::size_t r = collapsed_upto_;  // entries looked at
    for (; r < errors.size(); ++r) {
      detail::PendingDecodeErrors& e = errors[r];
      if (e.stepped && e.last_index() >= base) break;  // in the window: a flush may split it
      detail::PendingDecodeErrors* const prev = w > 0 ? &errors[w - 1] : nullptr;
      if (prev && prev->collapsed) {  // past the runs kept: counted
        if (e.offset != prev->next) ++prev->count;
        prev->next = e.next;
        continue;
      }
      if (prev && e.offset == prev->next) {  // the same run as the entry before
        prev->join_excerpt(e);
        prev->next = e.next;
        prev->stepped = false;
        continue;
      }
      if (w >= kRunsKept) {
        e.collapsed = true;
        e.stepped = false;
        e.count = 1;
        std::string().swap(e.excerpt);
      }
      if (w != r) errors[w] = std::move(e);
      ++w;
    }
    if (w != r) {
      errors.erase(errors.begin() + std::ptrdiff_t(w), errors.begin() + std::ptrdiff_t(r));
      located_ -= r - w;  // every entry before the window is located
    }
    collapsed_upto_ = w;
  }

  // Whether a run's excerpt, the bytes the converter gave, is the source's
  // bytes at its offset. A split (detail::split_before) takes the bytes of
  // the run's rest from the source at its U+FFFDs' offsets, not from the
  // converter: a stateful one (ISO-2022, HZ) may report a character carried
  // from the chunk before with bytes other than those at its offset. A run
  // whose excerpt is not the source's is reported whole, not split on
  // offsets that cannot be trusted.
  bool excerpt_is_source(const detail::PendingDecodeErrors& run) const {
    return t_.source(run.offset, run.offset + run.excerpt.size()) == run.excerpt;
  }

  // Takes from t_.errors() the sequences of its first entry before text
  // index `abs_limit`, splitting the entry there: a run is reported up to
  // a flush's limit, as it was when each sequence had its own entry.
  detail::PendingDecodeErrors take_front_before(std::uint64_t abs_limit) {
    auto& errors = t_.errors();
    detail::PendingDecodeErrors& f = errors.front();
    if (located_ > 0) --located_;  // what stays of f, if anything, is in the window: not located
    if (collapsed_upto_ > 0) --collapsed_upto_;
    if (f.collapsed || !f.stepped || f.last_index() < abs_limit || !excerpt_is_source(f)) {
      detail::PendingDecodeErrors whole = std::move(f);
      errors.pop_front();
      return whole;
    }
    // The sequences from the limit on are in the window (the limit is).
    // Split as its sequences were reported one by one. (No input is known
    // to put a flush limit inside a run of U+FFFDs: limits stand at tokens'
    // starts and ends, and a U+FFFD is neither blank nor a word's end.)
    return detail::split_before(
        f, abs_limit, [&](std::uint64_t i) { return t_.offset(std::size_t(i - t_.base())); },
        [&](std::uint64_t from, std::uint64_t to) { return t_.source(from, to); });
  }

  // Reports the bytes that could not be decoded, up to window index `limit`.
  void flush_errors(std::size_t limit) {
    if (!t_.errors().empty()) flush_errors_slow(limit);
  }

  [[gnu::noinline]] void flush_errors_slow(std::size_t limit) {
    auto& errors = t_.errors();
    const std::uint64_t abs_limit = t_.base() + limit;
    while (!errors.empty() && errors.front().text_index < abs_limit) {
      detail::PendingDecodeErrors first = take_front_before(abs_limit);
      std::string bytes = std::move(first.excerpt);
      std::uint64_t next = first.next;
      while (!errors.empty() && errors.front().text_index < abs_limit && errors.front().offset == next) {
        const detail::PendingDecodeErrors more = take_front_before(abs_limit);
        next = more.next;
        detail::PendingDecodeErrors::extend_excerpt(bytes, more);
      }
      if (first.collapsed) {
        // Runs past kRunsKept others in this flush: past the caps.
        if (in_game_)
          game_encoding_issues_ += first.count;
        else
          file_issues_.count_suppressed(first.count);
        continue;
      }
      if (in_game_ && ++game_encoding_issues_ > kMaxGameEncodingIssues) continue;
      Issue issue;
      issue.code = Code::BadEncoding;
      issue.severity = Severity::Error;
      if (first.line != 0) {
        issue.where = SourceLocation{first.offset, first.line, first.column};
      } else {
        const std::size_t idx = first.text_index >= t_.base() ? std::size_t(first.text_index - t_.base()) : 0;
        issue.where = location(std::max(idx, loc_.idx));
        issue.where.offset = first.offset;
      }
      issue.text = escape_bytes(bytes);
      issue.message = "bytes not valid in " + report_.encoding + " replaced by U+FFFD";
      // A run longer than its excerpt: its extent.
      if (const std::uint64_t run = next - first.offset; run > bytes.size())
        issue.message += " (a run of " + std::to_string(run) + " bytes, offsets " + std::to_string(first.offset) +
                         ".." + std::to_string(next) + ")";
      emit_issue(std::move(issue));
    }
  }

  // --- games --------------------------------------------------------------

  void ensure_game(std::size_t at) {
    if (in_game_) return;
    if (stop_from_ != kNoStop) {  // a part: its games are those that start before the next part
      const SourceLocation where = location(at);
      if (where.offset >= stop_from_) {
        part_end_ = where;
        stopped_ = true;
        return;
      }
    }
    in_game_ = true;
    phase_ = Phase::Game;
    has_moves_ = false;
    depth_ = 0;
    hint_ = MoveNotation::Auto;
    hint_given_ = false;
    fen_seen_ = false;
    ignored_noted_ = false;
    game_encoding_issues_ = 0;
    game_issues_.reset();
    ++report_.games;
    const SourceLocation where = location(at);
    // The games before this one are read: their bytes may go.
    if (options_.done_before) options_.done_before(where.offset);
    const Control c = v_.begin_game(report_.games, where);
    skip_ = c == Control::SkipGame;
    if (c == Control::Stop) stopped_ = true;
  }

  void close_variations(std::size_t at) {
    if (depth_ == 0) return;
    game_issue(Code::UnterminatedVariation, Severity::Error, at, "",
               std::to_string(depth_) + " variation(s) not closed with ')'");
    while (depth_ > 0) {
      --depth_;
      if (!skip_) v_.end_variation();
    }
  }

  void finish_game(bool truncated) {
    if (!in_game_) return;
    while (depth_ > 0) {  // truncated games: the truncation says it all
      --depth_;
      if (!skip_) v_.end_variation();
    }
    if (Issue more; !skip_ && game_issues_.too_many(more, game_first_suppressed_, "issues of this game"))
      v_.issue(more);
    if (!skip_ && v_.end_game(truncated) == Control::Stop) stopped_ = true;
    in_game_ = false;
    skip_ = false;
    phase_ = Phase::Outside;
  }

  // --- tags ---------------------------------------------------------------

  static bool name_char(unsigned char c) { return kByteClass[c] & kTagName; }

  // Where the parts of a tag line start, as offsets from its `[` (which
  // stay valid when the window moves on to the `[`): the name, its end,
  // and what follows the blanks after it (the value).
  struct TagHead {
    std::size_t name = 0;
    std::size_t name_end = 0;
    std::size_t value = 0;
  };

  // `[` + name + blanks + `"`, or `[` + name + blanks + text + `]` on the
  // line. Strict: an ASCII name and a quote (used to end ignored text).
  std::optional<TagHead> tag_head(std::size_t i, bool strict) const {
    const auto* d = reinterpret_cast<const unsigned char*>(t_.data());
    const std::size_t n = t_.size();
    std::size_t k = i + 1;
    while (k < n && (d[k] == ' ' || d[k] == '\t')) ++k;
    const std::size_t name_start = k;
    if (k >= n || !(is_ascii_letter(d[k]) || (!strict && d[k] >= 0x80))) return std::nullopt;
    while (k < n && name_char(d[k]) && (!strict || d[k] < 0x80)) ++k;
    if (k == name_start) return std::nullopt;
    const std::size_t name_end = k;
    while (k < n && (d[k] == ' ' || d[k] == '\t')) ++k;
    const TagHead head{name_start - i, name_end - i, k - i};
    if (k < n && d[k] == '"') return head;
    if (strict || k == name_end) return std::nullopt;
    // Unquoted value: a `]` before the end of the line.
    for (; k < n && k < i + 4096; ++k) {
      if (d[k] == '\n' || d[k] == '[') return std::nullopt;
      if (d[k] == ']') return head;
    }
    return std::nullopt;
  }

  bool looks_like_tag(std::size_t i, bool strict) const { return tag_head(i, strict).has_value(); }

  // Brings the rest of the line at pos_ into the decoded window (up to
  // kMaxComment bytes); false when the line is longer and will be cut.
  // `value`: where the tag's value starts, from pos_.
  bool load_line(std::size_t value) {
    // Decided by the line alone (a line feed within its first kMaxComment
    // + 1 bytes, or the input's end before them), never by how much the
    // window happens to hold: that depends on where the reading started
    // (a whole file or a part of it), and -j1 and -jN must read alike.
    std::size_t scanned = 0;  // bytes after pos_ known to hold no line feed
    for (;;) {
      const std::size_t reach = std::min(t_.size() - pos_, kMaxComment + 1);
      if (std::memchr(t_.data() + pos_ + scanned, '\n', reach - scanned)) return true;
      if (reach > kMaxComment) return false;
      if (t_.eof()) return true;
      scanned = reach;
      refill();
      t_.grow();
      if (t_.errors().size() > collapsed_upto_ + kRunsKept) count_line_errors(pos_ + value);
    }
  }

  // A game ends only at a `[` or a line's start: what the line holds
  // before its first `[` after the tag's value and the tags that follow
  // it is reported in this game, where undecodable bytes past kRunsKept
  // runs are past its cap, only counted. They are counted as the line is loaded, not held one by one
  // until it is read (a megabyte of them took 62 MB).
  void count_line_errors(std::size_t from) {
    const char* d = t_.data();
    std::size_t end = from;
    // The tags that follow on the line are this game's too (a `[` that
    // starts a game comes after moves): past each quoted value as read_tag
    // reads it, then the next tag's `[`, before the first other `[`.
    while (end < t_.size() && d[end] == '"') {
      end = past_quoted_value(end + 1);
      std::size_t next = end;
      while (next < t_.size() && (d[next] == ' ' || d[next] == '\t')) ++next;
      const auto head = next < t_.size() && d[next] == '[' ? tag_head(next, false) : std::nullopt;
      if (!head) break;
      end = next + head->value;
    }
    while (end < t_.size() && d[end] != '[' && d[end] != '\n') ++end;
    if (const auto merged = detail::count_past_kept(t_.errors(), kRunsKept, t_.base() + end)) {
      const auto [at, gone] = *merged;
      if (located_ > at + 1) located_ -= std::min(gone, located_ - at - 1);
      collapsed_upto_ = at + 1;
    }
  }

  // Where a quoted value whose text starts at k ends as read_tag reads it:
  // past the `"` (blanks, then `]`) that closes it, escapes (\" and \\)
  // skipped; a value not closed on its line takes the line (the window's
  // end when the line's end is not in it yet).
  std::size_t past_quoted_value(std::size_t k) const {
    const char* d = t_.data();
    const std::size_t n = t_.size();
    for (; k < n && d[k] != '\n'; ++k) {
      if (d[k] == '\\' && k + 1 < n && (d[k + 1] == '"' || d[k + 1] == '\\')) {
        ++k;
      } else if (d[k] == '"') {
        std::size_t j = k + 1;
        while (j < n && (d[j] == ' ' || d[j] == '\t')) ++j;
        if (j < n && d[j] == ']') return j + 1;
      }
    }
    return k;
  }

  // Where the tag line at `start` is read up to: the window's end for a
  // whole line; for one being cut, its first kMaxComment bytes (back to a
  // character's start), wherever the window ends.
  std::size_t tag_line_limit(std::size_t start, bool whole_line) const {
    if (whole_line) return t_.size();
    std::size_t limit = start + kMaxComment;
    while (limit > start && (static_cast<unsigned char>(t_.data()[limit]) & 0xC0) == 0x80) --limit;
    return limit;
  }

  // The position of the first byte at or after k, before n, that ends a
  // run of plain bytes in a quoted value; n if none.
  static std::size_t quoted_run_end(const char* d, std::size_t n, std::size_t k) {
#if defined(__SSE2__)
    // Sixteen bytes at a time while as many lie before n (a tag value and
    // what follows it: most runs end in the first step), the stops found
    // by four compares and one movemask.
    while (n - k >= 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(d + k));
      const __m128i stop =
          _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                       _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\n')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
      if (const unsigned mask = unsigned(_mm_movemask_epi8(stop)); mask != 0) return k + std::size_t(std::countr_zero(mask));
      k += 16;
    }
#endif
    while (k < n && !(byte_class(d[k]) & kQuotedStop)) ++k;
    return k;
  }

  // The tag line at pos_, whose parts `head` found.
  void read_tag(const TagHead& head) {
    ensure_game(pos_);
    if (stopped_) return;
    // A tag line longer than the look-ahead (a long annotation, a whole game
    // in one tag) is read whole, not cut at the end of the decoded window.
    const bool whole_line = load_line(head.value);
    const std::size_t start = pos_;
    const char* d = t_.data();
    const std::size_t n = tag_line_limit(start, whole_line);
    const std::string_view name(d + start + head.name, head.name_end - head.name);
    std::size_t k = start + head.value;
    std::string_view value;  // in the window, or in value_
    bool closed = false;
    if (k < n && d[k] == '"') {
      const std::size_t value_start = ++k;
      // Most values hold no escape and no CR: the value is the text up to
      // the closing `"]`, read in place.
      const std::size_t r = quoted_run_end(d, n, k);
      if (r < n && d[r] == '"') {
        std::size_t j = r + 1;
        while (j < n && (d[j] == ' ' || d[j] == '\t')) ++j;
        if (j < n && d[j] == ']') {
          value = std::string_view(d + value_start, r - value_start);
          k = j + 1;
          closed = true;
        }
      }
      if (!closed) {
        value_.clear();
        k = read_quoted_value(value_start, n, closed);
        value = value_;
      }
    } else {
      // Unquoted value up to `]`.
      const std::size_t value_start = k;
      while (k < n && d[k] != ']' && d[k] != '\n') ++k;
      value_.assign(trim_ascii(std::string_view(d + value_start, k - value_start)));
      if (!value_.empty() && value_.back() == '\r') value_.pop_back();
      value = value_;
      if (k < n && d[k] == ']') {
        ++k;
        closed = true;
      }
    }
    pos_ = k;
    if (!whole_line)
      game_issue(Code::TokenTooLong, Severity::Error, start, std::string_view(d + start, 60),
                 "tag line longer than " + std::to_string(kMaxComment) + " bytes cut; the rest of the line is skipped");
    else if (!closed)
      game_issue(Code::UnterminatedTag, Severity::Error, start, std::string_view(d + start, std::min<std::size_t>(k - start, 200)),
                 "tag pair not closed with '\"]' on its line");
    if (name.empty())
      game_issue(Code::BadTag, Severity::Error, start, std::string_view(d + start, std::min<std::size_t>(k - start, 200)),
                 "tag pair without a name");
    else
      on_tag(start, name, value);
    if (!whole_line) skip_line();  // last: `name` and `value` may point into the window
  }

  // The quoted value that starts at value_start, into value_ with its
  // escapes applied, read before n (tag_line_limit). Returns where the tag line's text ends (past `"]`
  // when one closes the value, else at the end of the line) and sets
  // `closed` to whether one did.
  std::size_t read_quoted_value(std::size_t value_start, std::size_t n, bool& closed) {
    const char* d = t_.data();
    std::size_t k = value_start;
    while (k < n && d[k] != '\n') {
      // A run of plain bytes at once.
      const std::size_t r = quoted_run_end(d, n, k);
      value_.append(d + k, r - k);
      k = r;
      if (k == n || d[k] == '\n') break;
      const char c = d[k];
      if (c == '\\' && k + 1 < n && (d[k + 1] == '"' || d[k + 1] == '\\')) {
        value_ += d[k + 1];
        k += 2;
        continue;
      }
      if (c == '"') {
        std::size_t j = k + 1;
        while (j < n && (d[j] == ' ' || d[j] == '\t')) ++j;
        if (j < n && d[j] == ']') {
          closed = true;
          return j + 1;
        }
      }
      if (c != '\r') value_ += c;
      ++k;
    }
    // No closing `"]` found with escapes applied: take the raw line,
    // which reads `[Site "C:\dir\"]` as written.
    std::size_t line_end = value_start;
    while (line_end < n && d[line_end] != '\n') ++line_end;
    std::string_view raw(d + value_start, line_end - value_start);
    while (!raw.empty() && (raw.back() == '\r' || raw.back() == ' ' || raw.back() == '\t')) raw.remove_suffix(1);
    if (raw.size() >= 2 && raw.substr(raw.size() - 2) == "\"]") {
      value_.assign(raw.substr(0, raw.size() - 2));
      closed = true;
    } else {
      if (!raw.empty() && raw.back() == ']') raw.remove_suffix(1);
      if (!raw.empty() && raw.back() == '"') raw.remove_suffix(1);
      value_.assign(raw);
    }
    return line_end;
  }

  void on_tag(std::size_t at, std::string_view name, std::string_view value) {
    if (skip_) return;
    if (iequals(name, "FEN")) {
      if (fen_seen_) {
        game_issue(Code::DuplicateFen, Severity::Warning, at, value, "a second [FEN] tag is ignored");
        return;
      }
      fen_seen_ = true;
      v_.start_fen(trim_ascii(value));
      return;
    }
    if (iequals(name, "Format")) {
      bool known = true;
      hint_ = notation_from_format_tag(value, &known);
      hint_given_ = known;
      if (!known) game_issue(Code::UnknownFormat, Severity::Warning, at, value, "unknown [Format] value; moves are read in any notation");
    } else if (iequals(name, "Game")) {
      const std::string_view g = trim_ascii(value);
      if (!iequals(g, "Chinese Chess") && !iequals(g, "Xiangqi") && !g.empty())
        game_issue(Code::NotXiangqi, Severity::Warning, at, value, "[Game] does not say Chinese Chess");
    }
    v_.tag(name, value);
  }

  // --- comments -------------------------------------------------------------

  // Appends s without its CRs, a run between them at a time (not byte by
  // byte: comments are most of the bytes of annotated records), up to
  // kMaxComment bytes; a byte left past that is one warning, at the
  // comment's `where` (a location, not a window index: the window has
  // moved on by then, by as much as it happened to hold).
  void append_comment(std::string_view s, const SourceLocation& where) {
    while (!s.empty()) {
      if (comment_.size() >= kMaxComment) {
        if (!comment_cut_) {
          comment_cut_ = true;
          Issue issue;
          issue.code = Code::CommentTooLong;
          issue.severity = Severity::Warning;
          issue.where = where;
          issue.message = "comment longer than " + std::to_string(kMaxComment) + " bytes cut";
          emit_issue(std::move(issue));
        }
        return;
      }
      if (s.front() == '\r') {  // CRLF and lone CR become LF below
        s.remove_prefix(1);
        continue;
      }
      const std::size_t run = std::min({s.find('\r'), s.size(), kMaxComment - comment_.size()});
      comment_.append(s.substr(0, run));
      s.remove_prefix(run);
    }
  }

  void read_comment() {
    const std::size_t start = pos_;
    ensure_game(start);
    if (stopped_) return;
    const SourceLocation where = location(start);
    comment_.clear();
    comment_cut_ = false;
    ++pos_;
    bool closed = false, unterminated = false;
    for (;;) {
      const char* d = t_.data();
      const std::size_t n = t_.size();
      const void* hit = std::memchr(d + pos_, '}', n - pos_);
      const std::size_t limit = hit ? std::size_t(static_cast<const char*>(hit) - d) : n;
      // A tag line inside an unclosed comment ends it: that is where the
      // next game starts.
      bool need_more = false;
      std::size_t k = pos_;
      while (k < limit) {
        const void* nl = std::memchr(d + k, '\n', limit - k);
        if (!nl) break;
        const std::size_t at = std::size_t(static_cast<const char*>(nl) - d);
        if (!t_.eof() && n - at < 4096) {
          append_comment(std::string_view(d + pos_, at - pos_), where);
          pos_ = at;
          need_more = true;
          break;
        }
        std::size_t j = at + 1;
        while (j < n && (d[j] == ' ' || d[j] == '\t' || d[j] == '\r')) ++j;
        if (j < n && d[j] == '[' && looks_like_tag(j, true)) {
          append_comment(std::string_view(d + pos_, at - pos_), where);
          pos_ = at;
          unterminated = true;
          break;
        }
        k = at + 1;
      }
      if (unterminated) break;
      if (need_more) {
        refill();
        continue;
      }
      if (hit) {
        append_comment(std::string_view(d + pos_, limit - pos_), where);
        pos_ = limit + 1;
        closed = true;
        break;
      }
      append_comment(std::string_view(d + pos_, n - pos_), where);
      pos_ = n;
      if (t_.eof()) {
        unterminated = true;
        break;
      }
      refill();
    }
    if (!closed) {
      Issue issue;
      issue.code = Code::UnterminatedComment;
      issue.severity = Severity::Error;
      issue.where = where;
      issue.text = escape_bytes(std::string_view(comment_).substr(0, 60));
      issue.message = "comment not closed with '}'";
      emit_issue(std::move(issue));
    }
    (void)unterminated;
    if (!skip_) after_number_ ? v_.comment_before_move(comment_) : v_.comment(comment_);
  }

  void read_line_comment() {
    const std::size_t start = pos_;
    ensure_game(start);
    if (stopped_) return;
    comment_.clear();
    ++pos_;
    // To the end of the line, which may lie beyond the decoded window.
    for (;;) {
      const char* d = t_.data();
      const std::size_t n = t_.size();
      const void* nl = std::memchr(d + pos_, '\n', n - pos_);
      const std::size_t k = nl ? std::size_t(static_cast<const char*>(nl) - d) : n;
      comment_.append(d + pos_, std::min(k - pos_, kMaxComment - std::min(kMaxComment, comment_.size())));
      pos_ = k;
      if (nl || t_.eof()) break;
      refill();
    }
    if (!comment_.empty() && comment_.back() == '\r') comment_.pop_back();
    if (!skip_) after_number_ ? v_.comment_before_move(comment_) : v_.comment(comment_);
  }

  // To the line feed, which may lie beyond the decoded window.
  void skip_line() {
    for (;;) {
      const char* d = t_.data();
      const void* nl = std::memchr(d + pos_, '\n', t_.size() - pos_);
      pos_ = nl ? std::size_t(static_cast<const char*>(nl) - d) : t_.size();
      if (nl || t_.eof()) return;
      refill();
    }
  }

  // After the result: text up to the end of the line is not part of any game.
  void ignore_line(bool line_start) {
    const std::size_t start = pos_;
    (void)line_start;
    if (phase_ == Phase::AfterResult) phase_ = Phase::Ignoring;
    if (!ignored_noted_) {  // before skipping: the line may go on beyond the window
      ignored_noted_ = true;
      const char* d = t_.data();
      std::size_t end = start;
      while (end < t_.size() && end - start < 120 && d[end] != '\n') ++end;
      std::string_view text(d + start, end - start);
      while (!text.empty() && text.back() == '\r') text.remove_suffix(1);
      game_issue(Code::IgnoredText, Severity::Info, start, text, "text after the result ignored");
    }
    skip_line();
  }

  // "1." "1、" "1..." "１．" at the start of a line, followed by something.
  bool starts_first_move_number(std::size_t i) const {
    const char* d = t_.data();
    const std::size_t n = t_.size();
    std::size_t k = i;
    if (k < n && d[k] == '1') {
      ++k;
    } else if (k + 2 < n && std::memcmp(d + k, "\xEF\xBC\x91", 3) == 0) {  // １
      k += 3;
    } else {
      return false;
    }
    if (k < n && (d[k] == '.' || (k + 2 < n && (std::memcmp(d + k, "\xE3\x80\x81", 3) == 0 ||   // 、
                                                 std::memcmp(d + k, "\xEF\xBC\x8E", 3) == 0)))) // ．
      return true;
    return false;
  }

  // --- NAGs, words, moves -----------------------------------------------------

  void read_nag() {
    const std::size_t start = pos_;
    const char* d = t_.data();
    const std::size_t n = t_.size();
    std::size_t k = pos_ + 1;
    int value = 0;
    while (k < n && is_ascii_digit(d[k])) {
      if (value < 100000) value = value * 10 + (d[k] - '0');
      ++k;
    }
    if (k == pos_ + 1) {
      stray(start);
      pos_ = k;
      return;
    }
    ensure_game(start);
    if (stopped_) return;
    pos_ = k;
    has_moves_ = true;
    if (!skip_) v_.nag(value);
  }

  // A word is plain when it is one of the commonest words of movetext: a
  // plain move ("h2e2", "炮二平五", "C2.5") or a move number ("12.").
  struct PlainWord {
    enum Kind : std::uint8_t { None, Move, Number } kind = None;
    MoveNotation notation = MoveNotation::Auto;  // of a move
    std::uint32_t len = 0;                       // bytes
    std::uint32_t chars = 0;                     // characters, for the column
  };

  // Whether a word ends at e, at most n, in the text d[0, n): at a
  // delimiter byte, or at the end of the text when the input ends there.
  static bool word_ends_at(const char* d, std::size_t n, bool eof, std::size_t e) {
    return e == n ? eof : (byte_class(d[e]) & kWordEnd) != 0;
  }

  // The plain word at i < n in d[0, n), read as on_movetext would read it,
  // or None when the word is none of these or does not end at an ASCII
  // delimiter.
  static PlainWord plain_word_at(const char* d, std::size_t n, bool eof, std::size_t i) {
    const std::uint8_t first = byte_class(d[i]);
    if ((first & kFileLetter) && i + 4 <= n && iccs_move_bytes(d + i)) {
      if (!word_ends_at(d, n, eof, i + 4)) return {};
      return {PlainWord::Move, MoveNotation::Iccs, 4, 4};
    }
    if (!(first & kDigit)) return plain_glyph_move_at(d, n, eof, i);
    std::size_t k = i + 1;
    while (k < n && is_ascii_digit(d[k])) ++k;
    if (k == n || d[k] != '.') return {};
    while (k < n && d[k] == '.') ++k;
    if (!word_ends_at(d, n, eof, k)) return {};
    return {PlainWord::Number, MoveNotation::Auto, std::uint32_t(k - i), std::uint32_t(k - i)};
  }

  // Not a number nor an ICCS move: one Chinese move of four glyphs, or one
  // WXF move.
  static PlainWord plain_glyph_move_at(const char* d, std::size_t n, bool eof, std::size_t i) {
    if (i + 12 <= n && word_ends_at(d, n, eof, i + 12) && single_chinese_move(std::string_view(d + i, 12)))
      return {PlainWord::Move, MoveNotation::Chinese, 12, 4};
    if (i + 4 <= n && word_ends_at(d, n, eof, i + 4) && single_wxf_move(std::string_view(d + i, 4)))
      return {PlainWord::Move, MoveNotation::Wxf, 4, 4};
    return {};
  }

  // Before a plain word at pos_ (loc_ there too) when a game may have to
  // start or undecoded bytes before it be reported. False when the reader
  // stopped. Out of line, as it is rare, to leave the registers of the
  // loop over plain words to the words.
  [[gnu::noinline]] bool settle_before_word(bool move) {
    ensure_game(pos_);
    if (stopped_) return false;
    if (move) flush_errors(pos_);
    return true;
  }

  // Plain words and the ASCII blanks between them for as long as they last
  // (most movetext of engines and converters), without a round of the main
  // loop per word. Stops where the look-ahead runs short, as the main loop
  // refills there.
  //
  // The position, line and column move along in locals, byte by byte in
  // the blanks and by the characters of each word, so that a move's
  // location costs nothing more; pos_, loc_ and the flags of the last word
  // follow when the loop ends (pos_ and loc_ also before a call that reads
  // them). Out of line: on its own, the loop keeps more in registers.
  [[gnu::noinline]] bool read_plain_words() {
    const char* const d = t_.data();
    const std::size_t n = t_.size();
    const bool eof = t_.eof();
    // Words are taken while they end before `last`; past it the look-ahead
    // runs short.
    const std::size_t last = eof ? n : n > kLookahead ? n - kLookahead : 0;
    advance_loc(pos_);
    const std::size_t first = pos_;
    std::size_t pos = pos_;
    std::uint32_t line = loc_.line, col = loc_.col;
    // In a game, with no undecoded bytes to report first (none are added
    // here), a word needs nothing but its visitor call.
    bool settled = in_game_ && t_.errors().empty();
    bool line_start = false;
    PlainWord::Kind kind = PlainWord::None;
    for (;;) {
      // Here pos < n is at the start of a word, line and col where it stands.
      const PlainWord w = plain_word_at(d, n, eof, pos);
      if (w.kind == PlainWord::None) break;
      if (!settled) {
        pos_ = pos;
        loc_ = Loc{pos, line, col};
        if (!settle_before_word(w.kind == PlainWord::Move)) return true;
        settled = t_.errors().empty();
      }
      line_start = false;
      kind = w.kind;
      const std::size_t start = pos;
      const std::uint32_t start_col = col;
      pos += w.len;
      col += w.chars;
      if (w.kind == PlainWord::Move && !skip_) {
        v_.move(std::string_view(d + start, w.len), hint_given_ ? hint_ : w.notation,
                SourceLocation{t_.offset(start), line, start_col});
        if (start >= release_at_) [[unlikely]] release_inside_game(start);
      }
      if (pos > last) break;
      // The blanks after the word: none (a delimiter follows) or up to the
      // end of the window end the run here.
      if (pos == n || !(byte_class(d[pos]) & (kBlank | kLineFeed))) break;
      std::size_t j = pos;
      std::uint32_t blank_line = line, blank_col = col;
      do {
        if (byte_class(d[j]) & kBlank) {
          ++blank_col;
        } else {
          ++blank_line;
          blank_col = 1;
        }
        ++j;
      } while (j < n && (byte_class(d[j]) & (kBlank | kLineFeed)));
      if (j == n) break;
      if (blank_line != line) line_start = true;
      pos = j;
      line = blank_line;
      col = blank_col;
    }
    pos_ = pos;
    loc_ = Loc{pos, line, col};
    if (pos == first) return false;
    has_moves_ = true;
    at_line_start_ = line_start;
    after_number_ = kind == PlainWord::Number;
    return true;
  }

  // Where the word going on at k ends, within the window.
  // Where the word at k ends, looking no further than `limit`.
  std::size_t word_end(std::size_t k, std::size_t limit = SIZE_MAX) const {
    const std::size_t n = std::min(t_.size(), limit);
    const char* d = t_.data();
    while (k < n) {
      if (ends_word(d, k)) break;
      ++k;
    }
    return std::min(k, n);
  }
  bool ends_word(const char* d, std::size_t k) const {
    const std::uint8_t cls = byte_class(d[k]);
    return (cls & kWordEnd) || ((cls & kMaybeSpace) && space_len(k) != 0);
  }

  // A word longer than the look-ahead (no move, number or result is): one
  // issue with its extent and the start of it, and the whole word skipped,
  // however many windows it spans. It starts no game.
  // `k`: where the scan of the word stopped, at its end or at a limit. The
  // rest is scanned a piece at a time, and the bytes passed go back
  // (ReadOptions::done_before): a token of gigabytes (a sparse or NUL-filled
  // file) would otherwise keep every page of it resident.
  [[gnu::noinline]] void skip_long_token(std::size_t start, std::size_t k) {
    constexpr std::size_t kPiece = std::size_t(4) << 20;
    const SourceLocation at = location(start);
    std::string excerpt = escape_bytes(std::string_view(t_.data() + start, std::min<std::size_t>(k - start, 60)), 60);
    const std::uint64_t from = at.offset;
    for (;;) {
      if (k == t_.size() && !t_.eof()) {
        pos_ = k;
        refill();  // drops the word read so far
        k = word_end(pos_, pos_ + kPiece);
      } else if (k < t_.size() && !ends_word(t_.data(), k)) {
        if (options_.done_before) options_.done_before(t_.offset(k));
        k = word_end(k, k + kPiece);
      } else {
        break;
      }
    }
    pos_ = k;
    const std::uint64_t to = t_.offset(k);
    Issue issue;
    issue.code = Code::TokenTooLong;
    issue.severity = Severity::Error;
    issue.where = at;
    issue.text = std::move(excerpt);
    issue.message = "token of " + std::to_string(to - from) + " bytes (offsets " + std::to_string(from) + ".." +
                    std::to_string(to) + ") is longer than " + std::to_string(kLookahead) +
                    " bytes, the longest the reader takes; skipped";
    emit_issue(std::move(issue));
  }

  void read_word() {
    if (read_plain_words()) return;
    const std::size_t start = pos_;
    const std::size_t n = t_.size();
    std::size_t k = word_end(pos_, pos_ + kLookahead + 1);
    if (k - start > kLookahead || (k == n && !t_.eof())) {
      skip_long_token(start, k);
      return;
    }
    pos_ = k;
    const std::string_view word(t_.data() + start, k - start);
    ensure_game(start);
    if (stopped_) return;

    if (is_result(word)) {
      has_moves_ = true;
      close_variations(start);
      if (!skip_) v_.result(word);
      phase_ = Phase::AfterResult;
      return;
    }
    has_moves_ = true;

    // Annotation suffix: h2e2! 炮二平五?!
    std::size_t we = word.size();
    while (we > 0 && (word[we - 1] == '!' || word[we - 1] == '?')) --we;
    const std::string_view body = word.substr(0, we);
    const std::string_view suffix = word.substr(we);

    if (!body.empty()) on_movetext(start, body);
    if (!suffix.empty()) {
      after_number_ = false;  // "12.!" is no move number
      const int nag = suffix_nag(suffix);
      if (nag == 0)
        game_issue(Code::StrayCharacter, Severity::Warning, start + we, suffix, "unknown annotation '" + std::string(suffix) + "' ignored");
      else if (!skip_)
        v_.nag(nag);
    }
    flush_errors(k);
  }

  static bool number_or_dots_only(std::string_view w) {
    for (char c : w)
      if (!is_ascii_digit(c) && c != '.') return false;
    return true;
  }

  // Four three-byte characters, the first an ideograph, none a dot, that
  // read as one whole Chinese move (炮二平五, 马８进７): what the splitter
  // makes of them, without it. Other words of that shape are not one move
  // to the splitter (一卒五帅 is the short form 一卒五 and 帅; 好棋好棋 is
  // no move): they go through it. The reading is the notation module's
  // memoised one, which the resolver asks for next anyway; its entry keeps
  // whether the text has the four glyphs (notation::detail::four_glyph_word),
  // so that a hit answers without testing them (about 25 instructions a
  // move). Inline in the loop over plain words.
  [[gnu::always_inline]] static bool single_chinese_move(std::string_view w) {
    if (w.size() != 12) return false;
    // Not an ideograph first: no such word, without a look in the memo.
    const auto lead = static_cast<unsigned char>(w[0]);
    if (lead < 0xE4 || lead > 0xE9) return false;
    return notation::detail::reads_as_four_glyph_move(w);
  }

  // Four ASCII characters in the WXF shape: a piece letter, its file (or
  // + - for tandem pieces), a direction, a number: one WXF move (C2.5, R+.3).
  static bool single_wxf_move(std::string_view w) {
    if (w.size() != 4) return false;
    const char p = char(w[0] & ~0x20);  // upper case
    if (std::string_view("KAGBEMNHRCP").find(p) == std::string_view::npos || (w[0] | 0x20) < 'a' || (w[0] | 0x20) > 'z')
      return false;
    const bool file = (w[1] >= '1' && w[1] <= '9') || w[1] == '+' || w[1] == '-';
    const bool direction = w[2] == '.' || w[2] == '+' || w[2] == '-' || w[2] == '=';
    return file && direction && w[3] >= '1' && w[3] <= '9';
  }

  void on_movetext(std::size_t start, std::string_view body) {
    if (iccs_shaped(body)) {
      emit_move(start, body, hint_given_ ? hint_ : MoveNotation::Iccs);
      return;
    }
    if (number_or_dots_only(body)) {  // "12." "..." "3"
      // A comment right after a move number belongs to the next move.
      after_number_ = true;
      return;
    }
    if (single_chinese_move(body)) {
      emit_move(start, body, hint_given_ ? hint_ : MoveNotation::Chinese);
      return;
    }
    if (single_wxf_move(body)) {
      emit_move(start, body, hint_given_ ? hint_ : MoveNotation::Wxf);
      return;
    }
    split_and_emit(start, body);
  }

  // Every movetext word that is not a plain move goes through the notation
  // module's splitter.
  void split_and_emit(std::size_t start, std::string_view body) {
    const auto tokens = notation::split_move_text(body, to_notation(hint_));
    for (const auto& tok : tokens) {
      // A word that ends in a move number or an ellipsis ("3、", "３．",
      // "……", "2.炮二平五3.") is a move number to the comment after it, as
      // "3." and "3..." are.
      after_number_ = tok.kind == notation::TokenKind::MoveNumber || tok.kind == notation::TokenKind::Ellipsis;
      switch (tok.kind) {
        case notation::TokenKind::MoveNumber:
        case notation::TokenKind::Ellipsis: break;
        case notation::TokenKind::Move:
          emit_move(start + tok.byte_offset, tok.text, hint_given_ ? hint_ : to_move_notation(tok.notation));
          break;
        case notation::TokenKind::Other:
          // Not a move in any notation: passed on as written, so that the
          // resolver reports it where it stands.
          emit_move(start + tok.byte_offset, tok.text, hint_given_ ? hint_ : MoveNotation::Auto);
          break;
      }
      if (stopped_) return;
    }
  }

  void emit_move(std::size_t at, std::string_view text, MoveNotation notation) {
    flush_errors(at);
    const SourceLocation where = location(at);
    if (!skip_) v_.move(text, notation, where);
    if (at >= release_at_) [[unlikely]] release_inside_game(at);
  }

  // The text of a long game goes back as its moves are read, not only when
  // the next game starts: a game at the move bound is 9 MB of text, resident
  // while it is audited otherwise (decoded text goes back as the window
  // moves, see refill). Once a megabyte: a call a move would cost more.
  [[gnu::noinline]] void release_inside_game(std::size_t at) {
    release_at_ = at + kReleaseEvery;
    if (options_.done_before && t_.identity()) options_.done_before(t_.offset(at));
  }
  static constexpr std::size_t kReleaseEvery = std::size_t(1) << 20;

  GameVisitor& v_;
  FileReport& report_;
  const ReadOptions& options_;
  TextWindow t_;
  std::size_t pos_ = 0;
  std::size_t release_at_ = kReleaseEvery;  // a move read here or past gives back the text before it
  Loc loc_;
  bool at_line_start_ = true;

  Phase phase_ = Phase::Outside;
  bool in_game_ = false;
  bool skip_ = false;
  bool stopped_ = false;
  bool has_moves_ = false;
  std::size_t depth_ = 0;  // variations open (millions, in a hostile file)
  MoveNotation hint_ = MoveNotation::Auto;
  bool hint_given_ = false;
  bool fen_seen_ = false;
  bool ignored_noted_ = false;
  std::size_t game_encoding_issues_ = 0;
  static constexpr std::uint64_t kNoStop = ~std::uint64_t{0};
  std::uint64_t stop_from_ = kNoStop;
  std::optional<SourceLocation> part_end_;
  detail::IssueBudget budget_;  // the file's kMaxFileIssues
  detail::IssueCap file_issues_{report_.issues, detail::kMaxGameIssues, &budget_};
  SourceLocation first_suppressed_;
  detail::IssueCap game_issues_{detail::kMaxGameIssues, &budget_};
  SourceLocation game_first_suppressed_;

  std::string value_;
  std::string comment_;
  bool comment_cut_ = false;
  bool after_number_ = false;  // the last movetext token was a move number
};

}  // namespace

MoveNotation notation_from_format_tag(std::string_view value, bool* known) {
  value = trim_ascii(value);
  if (known) *known = true;
  if (iequals(value, "ICCS") || iequals(value, "Node") || iequals(value, "UCCI")) return MoveNotation::Iccs;
  if (iequals(value, "WXF")) return MoveNotation::Wxf;
  if (value.empty() || iequals(value, "Chinese")) return MoveNotation::Chinese;
  if (known) *known = false;
  return MoveNotation::Auto;
}

namespace {

// valid_utf8 a megabyte at a time, each cut at a character's start,
// saying what is done with: a large file's pages need not all stay in
// memory for the check before it is read (`start`: where body begins).
bool valid_utf8_in_order(std::string_view body, std::size_t start, const ReadOptions& options) {
  // A megabyte: a large part's check runs beside the other threads' reading.
  constexpr std::size_t kPiece = std::size_t(1) << 20;
  for (std::size_t at = 0; at < body.size();) {
    std::size_t end = std::min(body.size(), at + kPiece);
    // Back to the first byte of a character (not 10xxxxxx), at most 3 bytes.
    for (int k = 0; k < 3 && end < body.size() && end > at && (static_cast<unsigned char>(body[end]) & 0xC0) == 0x80; ++k)
      --end;
    if (!valid_utf8(body.substr(at, end - at))) return false;
    at = end;
    if (options.done_before) options.done_before(start + at);
  }
  return true;
}


// How a file's text is read: its encoding, where the text starts (after a
// byte-order mark), and whether the bytes are the text (valid UTF-8).
struct PgnText {
  std::string encoding;
  std::size_t start = 0;
  bool identity = false;
};

// Decides the encoding once per file; its file-level issues go to
// `report`. Whether the bytes are the text is left to the caller, which
// looks at every byte for it unless `all_ascii` (the detection saw them all).
PgnText pgn_encoding(std::string_view bytes, const ReadOptions& options, FileReport& report, bool& all_ascii) {
  PgnText text;
  all_ascii = false;
  if (options.input_encoding && encoding_known(*options.input_encoding)) {
    text.encoding = canonical_encoding(*options.input_encoding);
    // Skip a byte-order mark of the given encoding.
    const EncodingGuess g = detect_encoding(bytes.substr(0, 4));
    if (g.reason == "bom" && canonical_encoding(g.name) == canonical_encoding(text.encoding)) text.start = g.bom_length;
  } else {
    if (options.input_encoding) {
      Issue issue;
      issue.code = Code::UnknownEncoding;
      issue.severity = Severity::Error;
      issue.text = escape_bytes(*options.input_encoding);
      issue.message = "unknown encoding name; detecting the encoding instead";
      report.issues.push_back(std::move(issue));
    }
    const EncodingGuess g = detect_encoding(bytes);
    text.encoding = g.name;
    text.start = g.bom_length;
    all_ascii = g.reason == "ascii" && bytes.size() <= kEncodingSampleLimit;  // it looked at every byte
  }
  report.encoding = text.encoding;
  return text;
}

// The encoding, and whether the whole file's bytes are the text.
PgnText pgn_text(std::string_view bytes, const ReadOptions& options, FileReport& report) {
  bool all_ascii = false;
  PgnText text = pgn_encoding(bytes, options, report, all_ascii);
  text.identity =
      is_utf8_name(text.encoding) && (all_ascii || valid_utf8_in_order(bytes.substr(text.start), text.start, options));
  return text;
}

// The parser's text from `from` on; false (with the file-level issue) when
// ICU cannot decode the encoding.
bool init_text(TextWindow& window, std::string_view bytes, const PgnText& text, std::size_t from, FileReport& report) {
  if (text.identity) {
    window.init_identity(bytes, from);
    return true;
  }
  if (window.init_decoded(bytes, text.encoding, from)) return true;
  Issue issue;
  issue.code = Code::UnknownEncoding;
  issue.severity = Severity::Error;
  issue.text = text.encoding;
  issue.message = "ICU cannot decode this encoding";
  report.issues.push_back(std::move(issue));
  return false;
}

void add_no_games(std::string_view bytes, FileReport& report) {
  if (report.games != 0 || bytes.empty()) return;
  Issue issue;
  issue.code = Code::NoGames;
  issue.severity = Severity::Info;
  issue.message = "no game found";
  report.issues.push_back(std::move(issue));
}

// The line feeds in `bytes`, sixteen bytes at a time (those of the whole
// file are counted, part by part, by the thread that hands the parts out:
// std::count took three instructions a byte). A lane of `v == feeds` is all ones (-1)
// for a line feed: subtracted, it counts one in that lane, for at most 255
// rounds before the lanes are summed.
std::size_t count_line_feeds(std::string_view bytes) {
  using Lanes = std::uint8_t __attribute__((vector_size(16)));
  constexpr std::size_t kWidth = sizeof(Lanes);
  Lanes feeds;
  for (std::size_t k = 0; k < kWidth; ++k) feeds[k] = '\n';
  const char* p = bytes.data();
  const std::size_t n = bytes.size();
  std::size_t count = 0, i = 0;
  while (i + kWidth <= n) {
    Lanes lanes{};
    for (int rounds = 0; rounds < 255 && i + kWidth <= n; ++rounds, i += kWidth) {
      Lanes v;
      std::memcpy(&v, p + i, kWidth);
      lanes -= reinterpret_cast<Lanes>(v == feeds);
    }
    for (std::size_t k = 0; k < kWidth; ++k) count += lanes[k];
  }
  for (; i < n; ++i) count += p[i] == '\n';
  return count;
}

// Whether a part may begin at `at`, the start of a line: a tag line whose
// previous line that is not blank is no tag line (the first tag of a
// section, as far as lines tell). Comments are not looked at: a wrong
// guess only costs the parallel reading (PgnPartChain refuses the part).
bool part_may_begin(std::string_view bytes, std::size_t at) {
  if (at >= bytes.size() || bytes[at] != '[' || at + 1 >= bytes.size() || !is_ascii_letter(bytes[at + 1])) return false;
  std::size_t k = at;
  const std::size_t floor = at > 4096 ? at - 4096 : 0;
  while (k > floor && (bytes[k - 1] == '\n' || bytes[k - 1] == '\r' || bytes[k - 1] == ' ' || bytes[k - 1] == '\t')) --k;
  if (k == 0) return true;
  if (k == floor) return false;
  std::size_t line = k;
  while (line > floor && bytes[line - 1] != '\n') --line;
  if (line == floor && floor > 0) return false;
  while (line < k && (bytes[line] == ' ' || bytes[line] == '\t')) ++line;
  return bytes[line] != '[';
}

}  // namespace

FileReport read_pgn(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  FileReport report;
  report.format = Format::Pgn;
  const PgnText text = pgn_text(bytes, options, report);
  PgnParser parser(visitor, report, options);
  if (!init_text(parser.text(), bytes, text, text.start, report)) return report;
  parser.run();
  parser.finish_issues();
  add_no_games(bytes, report);
  return report;
}

namespace {
constexpr std::size_t kPlanRelease = std::size_t(4) << 20;  // bytes searched between two give-backs

// How far after a part's start the next is sought, with `left` bytes from
// that start to the file's end: part_bytes, but a quarter of what is left
// in the last four parts' worth, down to an eighth of a part. The threads
// run out of parts at the end one after the other: with shorter parts
// there, the thread that finishes first waits less for the last one (the
// 9.7 MB of the real games are 38 parts of 256 KiB).
std::size_t part_step(std::size_t left, std::size_t part_bytes) {
  if (left >= 4 * part_bytes) return part_bytes;
  return std::max<std::size_t>({left / 4, part_bytes / 8, 1});
}
}  // namespace

std::optional<PgnParts> plan_pgn_cuts(std::string_view bytes, const ReadOptions& options, std::size_t part_bytes) {
  if (part_bytes == 0 || bytes.size() < 2 * part_bytes) return std::nullopt;
  FileReport scratch;
  // Whether UTF-8 bytes are the text is left to each part (read_pgn_part):
  // looking at them all here, before any part is read, was the planning's
  // largest cost (22 M of its 29 M instructions on the 9.7 MB of the real
  // games), all of it while the workers waited; and so are the line
  // numbers (count_part_lines, the next 5.6 M), counted part by part as
  // the parts are handed out.
  bool all_ascii = false;
  const PgnText text = pgn_encoding(bytes, options, scratch, all_ascii);
  if (!line_feed_stands_alone(text.encoding)) return std::nullopt;
  PgnParts parts;
  parts.begin.push_back(0);
  std::size_t step = part_step(bytes.size(), part_bytes);
  for (std::size_t target = step; target + step / 2 < bytes.size();) {
    // The first line at or after the target where a part may begin: past
    // a game longer than a part (an opening book's tree of variations runs
    // to megabytes), the part grows to its end.
    // The bytes searched go back as the search goes (a file of gigabytes
    // without a tag line held them all).
    std::size_t at = target, found = 0, searched = target;
    while (at < bytes.size()) {
      const std::size_t piece_end = std::min(bytes.size(), at + kPlanRelease);
      const void* nl = std::memchr(bytes.data() + at, '\n', piece_end - at);
      if (!nl) {
        at = piece_end;  // a line of gigabytes is searched a piece at a time too
      } else {
        at = std::size_t(static_cast<const char*>(nl) - bytes.data()) + 1;
        if (part_may_begin(bytes, at)) {
          found = at;
          break;
        }
      }
      if (at - searched >= kPlanRelease) {
        searched = at;
        // part_may_begin looks back at most 4096 bytes
        if (options.done_before && at > 4096) options.done_before(at - 4096);
      }
    }
    if (found == 0) break;
    if (options.done_before) options.done_before(found);
    parts.begin.push_back(found);
    step = part_step(bytes.size() - found, part_bytes);
    target = found + step;
  }
  if (parts.begin.size() < 2) return std::nullopt;
  parts.line.assign(parts.begin.size(), 0);
  parts.line[0] = 1;
  parts.encoding = text.encoding;
  parts.head_issues = std::move(scratch.issues);
  parts.text_start = text.start;
  parts.utf8 = is_utf8_name(text.encoding);
  parts.identity = parts.utf8 && all_ascii;
  return parts;
}

bool count_part_lines(std::string_view bytes, PgnParts& parts, std::size_t k, const ReadOptions& options) {
  std::uint64_t lines = parts.line[k - 1];
  // A part of gigabytes (a stretch without a tag line) is counted a piece
  // at a time, each piece's pages given back after (a megabyte: the part's
  // reader holds its own window of it meanwhile).
  constexpr std::size_t kPiece = std::size_t(1) << 20;
  for (std::size_t at = parts.begin[k - 1]; at < parts.begin[k];) {
    const std::size_t end = std::min(parts.begin[k], at + kPiece);
    lines += count_line_feeds(bytes.substr(at, end - at));
    at = end;
    if (options.done_before && at < parts.begin[k]) options.done_before(at);
  }
  if (lines > std::numeric_limits<std::uint32_t>::max()) return false;
  parts.line[k] = std::uint32_t(lines);
  return true;
}

std::optional<PgnParts> plan_pgn_parts(std::string_view bytes, const ReadOptions& options, std::size_t part_bytes) {
  std::optional<PgnParts> parts = plan_pgn_cuts(bytes, options, part_bytes);
  if (!parts) return std::nullopt;
  for (std::size_t k = 1; k < parts->count(); ++k)
    if (!count_part_lines(bytes, *parts, k, options)) {
      // Past 2^32 lines: the part before reads to the end.
      parts->begin.resize(k);
      parts->line.resize(k);
      break;
    }
  if (parts->count() < 2) return std::nullopt;
  return parts;
}

PgnPartRead read_pgn_part(std::string_view bytes, const PgnParts& parts, std::size_t k, GameVisitor& visitor,
                          const ReadOptions& options) {
  PgnPartRead out;
  FileReport& report = out.report;
  report.format = Format::Pgn;
  report.encoding = parts.encoding;
  if (k == 0) report.issues = parts.head_issues;  // what read_pgn says before its first game
  const std::size_t from = k == 0 ? parts.text_start : parts.begin[k];
  const std::size_t to = k + 1 < parts.count() ? parts.begin[k + 1] : bytes.size();
  // The part's bytes are its text when they are valid UTF-8, whatever the
  // other parts' are: parts begin after a line feed, so the file is valid
  // when each part is, and a part with invalid bytes is decoded, its valid
  // bytes to the same text and offsets as in place.
  const bool identity =
      parts.identity || (parts.utf8 && valid_utf8_in_order(bytes.substr(from, to - from), from, options));
  const PgnText text{parts.encoding, parts.text_start, identity};
  PgnParser parser(visitor, report, options);
  out.end = bytes.size();
  if (!init_text(parser.text(), bytes, text, from, report)) return out;
  parser.read_part(parts.line[k], k + 1 < parts.count() ? parts.begin[k + 1] : ~std::uint64_t{0});
  parser.run();
  parser.finish_issues();
  if (const auto& end = parser.part_end()) {
    out.end = end->offset;
    out.end_line = end->line;
  }
  // Only the part's own bytes were checked: a game read on past its end
  // in place must have met valid UTF-8 there too.
  if (identity && !parts.identity && out.end > to) out.text_as_whole = valid_utf8(bytes.substr(to, out.end - to));
  out.issues_kept = parser.budget().used();
  out.file_issues_kept = parser.file_issues().kept();
  out.file_issues_suppressed = parser.file_issues().suppressed();
  return out;
}

bool PgnPartChain::accept(const PgnParts& parts, std::size_t k, const PgnPartRead& part) {
  if (k != next_ || !part.text_as_whole) return false;
  if (k > 0) {
    // Where the part before stopped (its next game) must be where this part
    // began, on the same line; and the file's issue limits, which each
    // part's parser counts from zero, must not have been reached: then this
    // part's parser met what read_pgn's would.
    if (last_end_ != parts.begin[k] || last_end_line_ != parts.line[k]) return false;
    if (issues_kept_ + part.issues_kept >= detail::kMaxFileIssues ||
        file_issues_kept_ + part.file_issues_kept >= detail::kMaxGameIssues || part.file_issues_suppressed > 0)
      return false;
  }
  issues_kept_ += part.issues_kept;
  file_issues_kept_ += part.file_issues_kept;
  last_end_ = part.end;
  last_end_line_ = part.end_line;
  if (k == 0) {
    report_.format = part.report.format;
    report_.encoding = part.report.encoding;
  }
  report_.games += part.report.games;
  report_.issues.insert(report_.issues.end(), part.report.issues.begin(), part.report.issues.end());
  ++next_;
  return true;
}

FileReport PgnPartChain::finish(std::string_view bytes) {
  add_no_games(bytes, report_);
  return std::move(report_);
}

}  // namespace xq::formats
