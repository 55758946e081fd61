// The JSON form of a GameRecord. nlohmann::json's SAX parser reads the text
// (tokens, escapes, UTF-8 validation, numbers); the handler here builds one
// game at a time as a small flat tree that keeps member order, repeated
// members and the byte offset of every value (for issue locations and a
// move's default "where"), then a walk calls the visitor.
//
// Memory is bounded whatever the input (issue #17: 64 MB): a game is read
// whole up to kMaxGameBytes of text, a longer one is cut there (too-large)
// and the rest of it parsed without being kept; the file's pages are given
// back after each game (ReadOptions::done_before).
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstring>
#include <deque>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "record/issue_cap.h"
#include "text/text_decode.h"
#include "text/text_locator.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/json_game.h"
#include "xqrec/core/iccs.h"

namespace xq::formats {

namespace {

constexpr int kMaxDepth = 600;

// The most of one game read whole: 16 MiB of text and 2^21 values. A value
// is one 8-byte node (a number with a fraction two), a string's bytes are
// kept once, so the tree takes at most 16 MiB of nodes and 16 MiB of
// strings, next to the game's mapped pages. Real games are far smaller; the
// largest seen, an opening book of 226,000 moves as one game, is 12.5 MB
// and 1.6 million values.
constexpr std::size_t kMaxGameBytes = std::size_t(16) << 20;
constexpr std::size_t kMaxGameValues = std::size_t(1) << 21;
// The parser buffers a token (string, number) whole, twice (its text and
// its value): a longer one cuts the game it is in and stops reading, since
// the parser cannot go past it without holding it.
constexpr std::size_t kMaxTokenBytes = std::size_t(4) << 20;
// Pages are given back every few megabytes of text read outside a game kept.
constexpr std::size_t kReleaseEvery = std::size_t(4) << 20;

bool json_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The value of the escape "\uXXXX" at s[i], or -1.
long u_escape(std::string_view s, std::size_t i) {
  if (i + 6 > s.size() || s[i] != '\\' || s[i + 1] != 'u') return -1;
  long v = 0;
  for (std::size_t k = i + 2; k < i + 6; ++k) {
    const int d = hex_digit(s[k]);
    if (d < 0) return -1;
    v = v << 4 | d;
  }
  return v;
}

constexpr std::string_view kNames[] = {"xqrec", "tags",  "start_fen", "comment_before", "comment", "moves",
                                       "result", "truncated", "text", "notation", "iccs", "where", "nags",
                                       "variations", "auto", "wxf", "chinese", "coordinates"};

// One game's values in document order, 8 bytes each: a container's
// children follow it (an object's as name, value, name, value...) and it
// holds the index past its last descendant; strings and names are in one
// arena. Nodes live in a deque, so that growing never copies them.
class Tree {
 public:
  enum Kind : std::uint32_t { Lit, Int, Num, Str, Key, Arr, Obj };
  struct Node {
    std::uint32_t offset;  // from the game's first byte
    std::uint32_t word;    // kind << 29 | payload
  };
  static_assert(sizeof(Node) == 8 && sizeof(double) == 8);
  static constexpr std::uint32_t kPayload = (1u << 29) - 1;
  static constexpr std::int64_t kIntBias = std::int64_t(1) << 28;  // Int: value + bias
  static constexpr std::uint32_t kBig = 1u << 28;                   // Str, Key: an index into big_
  static constexpr std::uint32_t kNamed = 1u << 27;                 // Str, Key: an index into kNames
  static constexpr std::size_t kBigString = std::size_t(64) << 10;
  static_assert(kMaxGameBytes < (std::size_t(1) << 26) && kMaxGameValues < (std::size_t(1) << 26),
                "payloads hold the game's offsets and counts");

  void clear(std::size_t base) {
    nodes_.clear();
    if (arena_.capacity() > kBigString) std::string().swap(arena_);  // given back after a large game
    arena_.clear();
    big_.clear();
    base_ = base;
  }
  std::size_t base() const { return base_; }
  std::size_t size() const { return nodes_.size(); }
  const Node& operator[](std::size_t i) const { return nodes_[i]; }

  // Literals: 0 null, 1 false, 2 true.
  void literal(std::size_t offset, std::uint32_t which) { push(offset, Lit, which); }
  void number(std::size_t offset, double v, bool integral) {
    if (integral && v >= -double(kIntBias) && v < double(kIntBias) && v == double(std::int64_t(v))) {
      push(offset, Int, std::uint32_t(std::int64_t(v) + kIntBias));
      return;
    }
    push(offset, Num, integral ? 1 : 0);
    Node bits;
    std::memcpy(&bits, &v, sizeof v);  // the double in the next node
    nodes_.push_back(bits);
  }
  void string(std::size_t offset, Kind kind, std::string& s) {
    // The schema's names and notations, met at every move, take no arena.
    if (s.size() <= 14)
      for (std::uint32_t k = 0; k < std::size(kNames); ++k)
        if (kNames[k] == s) return push(offset, kind, kNamed | k);
    if (s.size() > kBigString) {  // taken as it is, not copied
      push(offset, kind, kBig | std::uint32_t(big_.size()));
      big_.push_back(std::move(s));
      return;
    }
    // The arena grows to the game's size at most: reserved at once past
    // 64 KiB, so that it is copied once, not doubled again and again.
    if (arena_.size() + s.size() + 5 > arena_.capacity() && arena_.size() + s.size() + 5 > kBigString)
      arena_.reserve(std::max(kMaxGameBytes, arena_.size() + s.size() + 5));
    push(offset, kind, std::uint32_t(arena_.size()));
    for (std::size_t n = s.size();; n >>= 7) {  // the length, 7 bits a byte
      arena_.push_back(char((n & 0x7F) | (n > 0x7F ? 0x80 : 0)));
      if (n <= 0x7F) break;
    }
    arena_.append(s);
  }
  // A container: closed by close() with the index past its descendants.
  std::size_t open(std::size_t offset, Kind kind) {
    push(offset, kind, 0);
    return nodes_.size() - 1;
  }
  void close(std::size_t i) { set_payload(i, std::uint32_t(nodes_.size())); }
  // Drops the nodes from `n` on (a game cut).
  void truncate(std::size_t n) {
    nodes_.resize(n);
    nodes_.shrink_to_fit();
  }

  static Kind kind(const Node& n) { return Kind(n.word >> 29); }
  static std::uint32_t payload(const Node& n) { return n.word & kPayload; }
  std::string_view text(std::uint32_t at) const {
    if (at & kBig) return big_[at & ~kBig];
    if (at & kNamed) return kNames[at & ~kNamed];
    std::size_t n = 0;
    for (int shift = 0;; shift += 7) {
      const auto b = static_cast<unsigned char>(arena_[at++]);
      n |= std::size_t(b & 0x7F) << shift;
      if (!(b & 0x80)) break;
    }
    return std::string_view(arena_).substr(at, n);
  }
  double float_at(std::size_t i) const {
    double v;
    std::memcpy(&v, &nodes_[i], sizeof v);
    return v;
  }

 private:
  void push(std::size_t offset, Kind kind, std::uint32_t payload) {
    nodes_.push_back({std::uint32_t(offset - base_), std::uint32_t(kind) << 29 | payload});
  }
  void set_payload(std::size_t i, std::uint32_t p) { nodes_[i].word = (nodes_[i].word & ~kPayload) | p; }

  std::deque<Node> nodes_;
  std::string arena_;
  std::vector<std::string> big_;  // strings longer than kBigString
  std::size_t base_ = 0;
};

// A value of the tree.
class J {
 public:
  J(const Tree& t, std::size_t i) : t_(&t), i_(i) {}
  Tree::Kind kind() const { return Tree::kind(node()); }
  bool is_null() const { return kind() == Tree::Lit && Tree::payload(node()) == 0; }
  bool is_bool() const { return kind() == Tree::Lit && Tree::payload(node()) != 0; }
  bool is_number() const { return kind() == Tree::Int || kind() == Tree::Num; }
  bool is_string() const { return kind() == Tree::Str; }
  bool is_array() const { return kind() == Tree::Arr; }
  bool is_object() const { return kind() == Tree::Obj; }
  bool boolean() const { return Tree::payload(node()) == 2; }
  double number() const {
    if (kind() == Tree::Int) return double(std::int64_t(Tree::payload(node())) - Tree::kIntBias);
    return kind() == Tree::Num ? t_->float_at(i_ + 1) : 0;
  }
  bool integral() const { return kind() == Tree::Int || (kind() == Tree::Num && Tree::payload(node()) == 1); }
  std::string_view str() const {
    return kind() == Tree::Str || kind() == Tree::Key ? t_->text(Tree::payload(node())) : std::string_view();
  }
  std::size_t offset() const { return t_->base() + node().offset; }

  // The next value at the same level.
  J next() const {
    const Tree::Kind k = kind();
    return J(*t_, k == Tree::Arr || k == Tree::Obj ? Tree::payload(node()) : i_ + (k == Tree::Num ? 2 : 1));
  }
  // Children: an array's items; an object's names and values, alternating.
  J first() const { return J(*t_, i_ + 1); }
  std::size_t end() const { return is_array() || is_object() ? Tree::payload(node()) : i_ + 1; }
  bool before(std::size_t end) const { return i_ < end; }
  std::size_t size() const {
    std::size_t n = 0;
    for (J c = first(); c.before(end()); c = c.next()) ++n;
    return n;
  }
  J item(std::size_t k) const {
    J c = first();
    while (k--) c = c.next();
    return c;
  }
  // The first member of that name, if any.
  std::optional<J> get(std::string_view name) const {
    for (J k = first(); k.before(end()); k = k.next().next())
      if (k.str() == name) return k.next();
    return std::nullopt;
  }

 private:
  const Tree::Node& node() const { return (*t_)[i_]; }
  const Tree* t_;
  std::size_t i_;
};

// Our writer keeps a byte that is not UTF-8 as "\udcXX" (a lone low
// surrogate, see json_game.h), which the library, like the JSON standard,
// refuses. The parser reads the text through this feed, which gives it such
// an escape as one of a private-use block (U+E000..U+E07F); a decoded
// string that held one has those characters turned back into bytes
// (restore), the ones the text really held told apart by their place. No
// copy of the text is made. The feed also tells the handler how far the
// parser has read (watch): a game past its bound, pages to give back.
constexpr std::uint32_t kByteBlock = 0xE000;

class Watcher {
 public:
  virtual ~Watcher() = default;
  virtual void watch() = 0;  // the parser reached Feed::watch_at()
};

class Feed {
 public:
  Feed(std::string_view text, Watcher& w) : text_(text), end_(text.size()), watcher_(w) {}

  void start(std::size_t pos) {
    pos_ = scan_ = pos;
    end_ = text_.size();
    dig_at_ = kNone;
    watch_ = std::size_t(-1);  // the handler sets its own
    next_ = scan_;
    if (pos_ >= next_) step();
  }
  std::size_t pos() const { return pos_; }
  std::size_t end() const { return end_; }
  char get() const { return pos_ - dig_at_ < 4 ? dig_[pos_ - dig_at_] : text_[pos_]; }
  void advance() {
    if (++pos_ >= next_) step();
  }
  // The parser sees the text end here (reading stops).
  void stop() { end_ = pos_; }
  std::size_t watch_at() const { return watch_; }
  void set_watch(std::size_t at) {
    watch_ = std::max(at, pos_ + 1);
    next_ = std::min(scan_, watch_);
  }
  std::uint64_t rewrites() const { return rewrites_; }

 private:
  static constexpr std::size_t kNone = std::size_t(-1) - 8;

  void step() {
    while (scan_ <= pos_ && scan_ < text_.size()) {
      if (text_[scan_] == '\\') {
        const long v = u_escape(text_, scan_);
        if (v < 0) {
          scan_ += 2;  // another escape (or an error the parser reports)
          continue;
        }
        if (v >= 0xD800 && v <= 0xDBFF) {
          const long low = u_escape(text_, scan_ + 6);
          if (low >= 0xDC00 && low <= 0xDFFF) {
            scan_ += 12;  // a pair: a character beyond the BMP
            continue;
          }
        }
        if (v >= 0xDC80 && v <= 0xDCFF) {
          static const char* hex = "0123456789abcdef";
          const std::uint32_t cp = kByteBlock | (std::uint32_t(v) & 0x7F);
          for (int k = 0; k < 4; ++k) dig_[k] = hex[cp >> (12 - 4 * k) & 15];
          dig_at_ = scan_ + 2;
          ++rewrites_;
        }
        scan_ += 6;
        continue;
      }
      // The next backslash, looked for a bounded way ahead (pages).
      const std::size_t n = std::min<std::size_t>(64 << 10, text_.size() - scan_);
      const void* b = std::memchr(text_.data() + scan_, '\\', n);
      scan_ = b ? std::size_t(static_cast<const char*>(b) - text_.data()) : scan_ + n;
    }
    if (scan_ >= text_.size()) scan_ = std::size_t(-1);
    if (pos_ >= watch_) {
      watch_ = std::size_t(-1);
      watcher_.watch();  // may set the next watch, or stop()
    }
    next_ = std::min(scan_, watch_);
  }

  std::string_view text_;
  std::size_t pos_ = 0, end_;
  std::size_t scan_ = 0;                  // the next byte to look at for an escape
  std::size_t watch_ = std::size_t(-1);   // where the watcher is called
  std::size_t next_ = 0;                  // min(scan_, watch_)
  std::size_t dig_at_ = kNone;            // the rewritten hex digits of the last lone escape
  char dig_[4] = {};
  std::uint64_t rewrites_ = 0;
  Watcher& watcher_;
};

// The parser's iterator over the feed: copies share it.
class FeedIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = char;

  FeedIterator(Feed* feed, bool end) : feed_(feed), end_(end) {}
  char operator*() const { return feed_->get(); }
  FeedIterator& operator++() {
    feed_->advance();
    return *this;
  }
  FeedIterator operator++(int) {
    FeedIterator old = *this;
    feed_->advance();
    return old;
  }
  bool operator==(const FeedIterator& o) const { return at() == o.at(); }
  bool operator!=(const FeedIterator& o) const { return at() != o.at(); }

 private:
  std::size_t at() const { return end_ ? feed_->end() : std::min(feed_->pos(), feed_->end()); }
  Feed* feed_;
  bool end_;
};

// In the string decoded from the token text[from, to) (quotes included),
// the characters of kByteBlock that stand for "\udcXX" back to bytes: the
// k-th character of the block decoded is the k-th one met in the token,
// raw or escaped, and only the lone escapes among those become bytes.
void restore(std::string& s, std::string_view text, std::size_t from, std::size_t to, std::vector<unsigned char>& marks) {
  marks.clear();
  for (std::size_t i = from + 1; i + 1 < to;) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      const long v = u_escape(text, i);
      if (v < 0) {
        i += 2;
        continue;
      }
      if (v >= 0xD800 && v <= 0xDBFF) {
        const long low = u_escape(text, i + 6);
        if (low >= 0xDC00 && low <= 0xDFFF) {
          i += 12;
          continue;
        }
      }
      if (v >= 0xDC80 && v <= 0xDCFF) marks.push_back(static_cast<unsigned char>(v & 0xFF));
      else if ((std::uint32_t(v) >> 7) == (kByteBlock >> 7)) marks.push_back(0);
      i += 6;
    } else if (c == 0xEE && (static_cast<unsigned char>(text[i + 1]) & 0xFE) == 0x80) {
      marks.push_back(0);  // U+E000..U+E07F as it is
      i += 3;
    } else {
      ++i;
    }
  }
  std::size_t o = 0, k = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (static_cast<unsigned char>(s[i]) == 0xEE && i + 2 < s.size() &&
        (static_cast<unsigned char>(s[i + 1]) & 0xFE) == 0x80) {
      const unsigned char b = k < marks.size() ? marks[k] : 0;
      ++k;
      if (b) {
        s[o++] = char(b);
        i += 2;
        continue;
      }
    }
    s[o++] = s[i];
  }
  s.resize(o);
}

bool notation_from_name(std::string_view s, MoveNotation& n) {
  for (MoveNotation m : {MoveNotation::Auto, MoveNotation::Iccs, MoveNotation::Wxf, MoveNotation::Chinese,
                         MoveNotation::Coordinates})
    if (notation_name(m) == s) return n = m, true;
  return false;
}

class GameWalker {
 public:
  GameWalker(GameVisitor& v, detail::TextLocator& loc, detail::IssueBudget& budget)
      : v_(v), loc_(loc), cap_(detail::kMaxGameIssues, &budget) {}

  // Called with the offset of a move every kReleaseEvery bytes of the walk:
  // the text before it is not looked at again but for the location of an
  // issue, so its pages can go back while the game's record is built.
  std::function<void(std::size_t)> walked;
  // Called once the game's values are walked, before end_game (where the
  // record is audited): the tree can go.
  std::function<void()> finished;

  // A game's issue: at most kMaxGameIssues a game, kMaxFileIssues a file
  // (issue_cap.h); the others are counted.
  void issue(Code code, Severity s, const J& at, std::string message) { issue(code, s, at.offset(), std::move(message)); }
  void issue(Code code, Severity s, std::size_t offset, std::string message) {
    if (!cap_.room()) {
      if (cap_.suppressed() == 1) first_suppressed_ = offset;
      return;
    }
    v_.issue({code, s, loc_.at(offset), "", std::move(message)});
  }

  // Returns false when the visitor asked to stop. `cut`: the game was cut
  // (too-large, said first), what it held up to there is in `g`.
  bool game(const J& g, std::size_t index, const std::optional<Issue>& cut = std::nullopt) {
    const Control c = v_.begin_game(index, loc_.at(g.offset()));
    walked_to_ = g.offset();
    if (c == Control::Stop) return false;
    if (c == Control::SkipGame) return true;
    cap_.reset();
    if (cut && cap_.room()) v_.issue(*cut);
    const std::optional<J> version = g.get("xqrec");
    if (!version || !version->is_number() || version->number() != 1)
      issue(Code::BadSchema, Severity::Warning, version ? *version : g, "\"xqrec\": 1 expected (format version)");
    bool truncated = false;
    for (J k = g.first(); k.before(g.end()); k = k.next().next()) {
      const std::string_view name = k.str();
      const J val = k.next();
      if (name == "xqrec") continue;
      if (name == "tags") tags(val);
      else if (name == "start_fen") {
        if (string_member(val, name)) v_.start_fen(val.str());
      } else if (name == "comment_before" || name == "comment") {
        if (string_member(val, name) && !val.str().empty()) v_.comment(val.str());
      } else if (name == "moves") {
        if (!val.is_array()) issue(Code::BadSchema, Severity::Error, val, "\"moves\" must be an array");
        else line(val);
      } else if (name == "result") {
        if (string_member(val, name) && !val.str().empty()) v_.result(val.str());
      } else if (name == "truncated") {
        if (val.is_bool()) truncated = val.boolean();
        else issue(Code::BadSchema, Severity::Warning, val, "\"truncated\" must be true or false");
      } else {
        issue(Code::UnknownMember, Severity::Info, val, "unknown member \"" + bounded_excerpt(name) + "\" ignored");
      }
    }
    // Located only when some were not reported: a walk back to offset 0
    // for every game made the locator's walks quadratic in the file.
    if (cap_.suppressed() > 0) {
      if (Issue more; cap_.too_many(more, loc_.at(first_suppressed_), "issues of this game")) v_.issue(more);
    }
    if (finished) finished();
    return v_.end_game(truncated || cut) != Control::Stop;
  }

 private:
  bool string_member(const J& v, std::string_view name) {
    if (v.is_string()) return true;
    std::string message(1, '"');
    message.append(bounded_excerpt(name));
    message += "\" must be a string";
    issue(Code::BadSchema, Severity::Warning, v, std::move(message));
    return false;
  }

  void tags(const J& t) {
    if (!t.is_array()) return issue(Code::BadSchema, Severity::Warning, t, "\"tags\" must be an array");
    for (J p = t.first(); p.before(t.end()); p = p.next()) {
      if (!p.is_array() || p.size() != 2 || !p.item(0).is_string() || !p.item(1).is_string()) {
        issue(Code::BadSchema, Severity::Warning, p, "a tag must be [name, value] with two strings");
        continue;
      }
      v_.tag(p.item(0).str(), p.item(1).str());
    }
  }

  void line(const J& moves) {
    for (J m = moves.first(); m.before(moves.end()); m = m.next()) {
      if (walked && m.offset() >= walked_to_ + kReleaseEvery) walked(walked_to_ = m.offset());
      if (!m.is_object()) {
        issue(Code::BadSchema, Severity::Error, m, "a move must be an object; the line ends here");
        return;
      }
      if (!move(m)) return;
    }
  }

  bool move(const J& m) {
    const std::optional<J> text = m.get("text");
    const std::optional<J> iccs = m.get("iccs");
    const std::optional<J> notation = m.get("notation");
    if ((text && !text->is_string()) || (iccs && !iccs->is_string()) || (!text && !iccs)) {
      issue(Code::BadMove, Severity::Error, m, "a move needs \"text\" or \"iccs\" as a string; the line ends here");
      return false;
    }
    MoveNotation n = text ? MoveNotation::Auto : MoveNotation::Iccs;
    if (notation && (!notation->is_string() || !notation_from_name(notation->str(), n)))
      issue(Code::BadSchema, Severity::Warning, *notation, "unknown \"notation\"; auto used");
    Move squares;
    if (iccs) {
      auto parsed = parse_iccs(iccs->str());
      if (parsed) squares = parsed.value();
      else issue(Code::BadMove, Severity::Warning, *iccs, "\"iccs\" is not a move: " + parsed.error().message);
    }
    SourceLocation where = loc_.at(m.offset());
    if (const std::optional<J> w = m.get("where")) {
      const bool three = w->is_array() && w->size() == 3;
      const double a = three ? w->item(0).number() : 0, b = three ? w->item(1).number() : 0,
                   c = three ? w->item(2).number() : 0;
      if (three && w->item(0).is_number() && w->item(1).is_number() && w->item(2).is_number() && a >= 0 && b >= 0 &&
          c >= 0 && a < 1e18 && b < 4e9 && c < 4e9)
        where = {std::uint64_t(a), std::uint32_t(b), std::uint32_t(c)};
      else
        issue(Code::BadSchema, Severity::Warning, *w, "\"where\" must be [offset, line, column]");
    }
    if (const std::optional<J> c = m.get("comment_before"); c && string_member(*c, "comment_before") && !c->str().empty())
      v_.comment(c->str());
    v_.move(text ? text->str() : iccs->str(), n, where, squares);
    if (const std::optional<J> nags = m.get("nags")) {
      if (!nags->is_array()) {
        issue(Code::BadSchema, Severity::Warning, *nags, "\"nags\" must be an array");
      } else {
        for (J v = nags->first(); v.before(nags->end()); v = v.next())
          if (v.is_number() && v.integral() && v.number() >= 0 && v.number() <= 1e6) v_.nag(int(v.number()));
          else issue(Code::BadSchema, Severity::Warning, v, "a NAG must be a whole number from 0");
      }
    }
    if (const std::optional<J> c = m.get("comment"); c && string_member(*c, "comment") && !c->str().empty())
      v_.comment(c->str());
    if (const std::optional<J> vars = m.get("variations")) {
      if (!vars->is_array()) {
        issue(Code::BadSchema, Severity::Warning, *vars, "\"variations\" must be an array of lines");
      } else {
        for (J l = vars->first(); l.before(vars->end()); l = l.next()) {
          if (!l.is_array()) {
            issue(Code::BadSchema, Severity::Warning, l, "a variation must be an array of moves");
            continue;
          }
          v_.begin_variation();
          line(l);
          v_.end_variation();
        }
      }
    }
    for (J k = m.first(); k.before(m.end()); k = k.next().next()) {
      const std::string_view name = k.str();
      if (name != "text" && name != "iccs" && name != "notation" && name != "where" && name != "comment_before" &&
          name != "comment" && name != "nags" && name != "variations")
        issue(Code::UnknownMember, Severity::Info, k.next(),
              "unknown member \"" + bounded_excerpt(name) + "\" of a move ignored");
    }
    return true;
  }

  GameVisitor& v_;
  detail::TextLocator& loc_;
  detail::IssueCap cap_;  // this game's issues
  std::size_t first_suppressed_ = 0;
  std::size_t walked_to_ = 0;
};

// nlohmann::json's SAX interface: builds each game's tree and walks it as
// soon as it is complete. The text is parsed one top-level value at a time
// (a file of JSON Lines), or as one array whose elements are the games.
class Handler : public Watcher {
 public:
  using number_integer_t = nlohmann::json::number_integer_t;
  using number_unsigned_t = nlohmann::json::number_unsigned_t;
  using number_float_t = nlohmann::json::number_float_t;
  using string_t = std::string;
  using binary_t = nlohmann::json::binary_t;

  Handler(std::string_view text, FileReport& report, GameWalker& walker, detail::TextLocator& locator,
          detail::IssueBudget& budget, const ReadOptions& options)
      : text_(text), feed_(text, *this), report_(report), walker_(walker), locator_(locator), budget_(budget),
        options_(options) {}

  // File-level issues: at most kMaxGameIssues kept (issue_cap.h).
  void file_issue(Issue i) {
    const SourceLocation where = i.where;
    if (!file_cap_.keep(std::move(i)) && file_cap_.suppressed() == 1) first_suppressed_ = where;
  }
  void finish_issues() {
    if (Issue more; file_cap_.too_many(more, first_suppressed_, "file-level issues"))
      report_.issues.push_back(std::move(more));
  }

  void drop_tree() { tree_.clear(tree_.base()); }

  // The bytes before `at` are read: located, and their pages given back.
  void release(std::size_t at) {
    if (at <= released_) return;  // never back: FileBytes would take it as reading from the start again
    released_ = at;
    locator_.at(at);
    if (options_.done_before) options_.done_before(at);
  }

  // Parses one value from `pos`, a game or the array of games. Returns
  // false when reading stops: an error (reported) or the visitor's Stop.
  bool parse(std::size_t pos, bool games_array) {
    games_array_ = games_array;
    start_ = scan_from_ = pos;
    feed_.start(pos);
    watch_outside();
    const FeedIterator first(&feed_, false), last(&feed_, true);
    bool ok = false;
    try {
      ok = nlohmann::json::sax_parse(first, last, this, nlohmann::json::input_format_t::json, /*strict=*/false);
    } catch (const nlohmann::json::exception& e) {  // not expected from the SAX parser; kept as data
      fail(Code::BadJson, consumed(), e.what());
    }
    if (error_) {
      const ParseError& e = *error_;
      report_.issues.push_back({e.code, Severity::Error, locator_.at(e.offset),
                                detail::escape_invalid_utf8(text_.substr(e.offset, 40)),
                                e.message + "; reading stops here"});
      return false;
    }
    return ok && !stopped_;
  }

  // Where the value parsed last ends. The parser reads one byte past a
  // number (never a digit) before it knows the number has ended.
  std::size_t end() const {
    const std::size_t at = consumed();
    if (!games_array_ && (game_kind_ == Tree::Int || game_kind_ == Tree::Num) && at > 0 &&
        !(text_[at - 1] >= '0' && text_[at - 1] <= '9'))
      return at - 1;
    return at;
  }

  bool null() { return scalar([&](std::size_t at) { tree_.literal(at, 0); }); }
  bool boolean(bool b) { return scalar([&](std::size_t at) { tree_.literal(at, b ? 2 : 1); }); }
  bool number_integer(number_integer_t n) { return number(double(n), true); }
  bool number_unsigned(number_unsigned_t n) { return number(double(n), true); }
  bool number_float(number_float_t n, const string_t& s) {
    // An integer too large for 64 bits comes here too.
    return number(n, s.find_first_of(".eE") == std::string::npos);
  }
  bool string(string_t& s) {
    return scalar([&](std::size_t at) {
      restore_bytes(s, at);
      tree_.string(at, Tree::Str, s);
    });
  }
  bool binary(binary_t&) { return false; }  // not produced by the JSON parser
  bool key(string_t& s) {
    if (keeping_) {
      const std::size_t at = token_start();
      restore_bytes(s, at);
      tree_.string(at, Tree::Key, s);
      name_open_ = true;
    }
    scan_from_ = consumed();
    return values_left();
  }
  bool start_object(std::size_t) { return open(Tree::Obj); }
  bool start_array(std::size_t) {
    if (games_array_ && !array_open_ && depth_ == 0) {
      array_open_ = true;  // the array of games itself: not kept
      scan_from_ = consumed();
      return true;
    }
    return open(Tree::Arr);
  }
  bool end_object() { return close(); }
  bool end_array() {
    if (depth_ == 0) {
      array_open_ = false;
      return true;
    }
    return close();
  }

  // The kind of error is told from the library's message (nlohmann::json
  // 3.11, detail/input/lexer.hpp); tests/formats/json_game_test.cpp pins
  // the codes and offsets that follow from it.
  bool parse_error(std::size_t position, const std::string&, const nlohmann::json::exception& e) {
    if (stopped_) return false;  // the visitor's Stop, in a game cut: the feed ended the text
    // `position` counts the bytes read, the one the parser stopped at
    // included (the end of the text counts as one).
    const std::size_t stop = std::min(start_ + position - (position ? 1 : 0), text_.size());
    const std::string_view what = e.what();
    if (what.find("ill-formed UTF-8") != std::string_view::npos) {
      fail(Code::BadEncoding, utf8_run_start(stop), "a string holds bytes that are not UTF-8");
      return false;
    }
    std::string message(what.substr(std::min(what.find("] ") + 2, what.size())));
    if (const std::size_t s = message.find("syntax error"); s != std::string::npos) message.erase(0, s);
    if (const std::size_t l = message.find("; last read:"); l != std::string::npos) message.erase(l);
    std::size_t at;
    if (what.find("invalid string") != std::string_view::npos) {
      // Inside a string: the byte at fault; past a malformed escape.
      const bool escape = what.find("after backslash") != std::string_view::npos ||
                          what.find("must follow U+D800") != std::string_view::npos ||
                          what.find("4 hex digits") != std::string_view::npos;
      at = escape && stop < text_.size() ? stop + 1 : stop;
      if (what.find("must be followed by U+DC00") != std::string_view::npos) {
        // "\ud800\n": at the backslash; "\ud800\ud800": past the second escape.
        if (text_[stop - 1] == '\\') at = stop - 1;
        else if (stop >= 5 && text_.substr(stop - 5, 2) == "\\u") at = stop + 1;
      }
    } else if (what.find("invalid number") != std::string_view::npos) {
      at = stop;  // the byte where a digit was expected
    } else {
      // Else the start of the token that does not fit.
      at = std::min(stop, token_start());
      if (const std::size_t l = message.find("invalid literal"); l != std::string::npos && at < text_.size())
        message.replace(l, 15, "unexpected " + describe(text_[at]));
    }
    fail(Code::BadJson, at, detail::escape_invalid_utf8(message));
    return false;
  }

  // The feed reached the watch: in a game kept, its bound or a token's;
  // else a token's, or pages to give back.
  void watch() override {
    const std::size_t p = consumed(), t = token_start();
    const bool long_token = p - t > kMaxTokenBytes + 2;  // and the quotes
    const std::string token = "a string or number of more than " + std::to_string(kMaxTokenBytes) + " bytes (" +
                              std::to_string(kMaxTokenBytes >> 20) + " MiB)";
    if (keeping_ && (long_token || p - tree_.base() > kMaxGameBytes))
      cut(p, long_token ? token + ", the most read as one token"
                        : "more than " + std::to_string(kMaxGameBytes) + " bytes (" +
                              std::to_string(kMaxGameBytes >> 20) + " MiB) of JSON, the most read as one game");
    if (long_token && !stopped_) fail(Code::TooLarge, t, token + ", which the parser would hold whole");
    if (long_token || stopped_) return feed_.stop();
    if (keeping_) return watch_game();
    release(t);
    watch_outside();
  }

 private:
  struct ParseError {
    std::size_t offset;
    Code code;
    std::string message;
  };

  std::size_t consumed() const { return feed_.pos(); }
  // The first byte of the next token after the last one handled (not
  // looked for past what the parser has read). Incremental: spaces of
  // gigabytes are not walked again.
  std::size_t token_start() {
    if (ts_from_ != scan_from_) ts_from_ = ts_at_ = scan_from_;
    const std::size_t limit = std::min(consumed(), text_.size());
    while (ts_at_ < limit && (json_space(text_[ts_at_]) || text_[ts_at_] == ',' || text_[ts_at_] == ':')) ++ts_at_;
    return ts_at_;
  }
  // The start of the run of raw text (after the opening quote or the last
  // escape) that holds the bytes at `stop` which are not UTF-8.
  std::size_t utf8_run_start(std::size_t stop) {
    std::size_t i = token_start(), run = i + 1;
    for (++i; i < stop;) {
      if (text_[i] == '\\') {
        i += i + 1 < text_.size() && text_[i + 1] == 'u' ? 6 : 2;
        run = i;
      } else {
        ++i;
      }
    }
    return std::min(run, stop);
  }
  static std::string describe(char c) {
    const auto u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7F) return std::string("'") + c + "'";
    static const char* hex = "0123456789abcdef";
    return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
  }
  void fail(Code code, std::size_t offset, std::string message) {
    if (!error_) error_ = ParseError{offset, code, std::move(message)};
  }

  // Outside a game kept: watched every kReleaseEvery bytes and at the
  // bound of the token being read.
  void watch_outside() {
    const std::size_t t = token_start();
    feed_.set_watch(std::min(t + kMaxTokenBytes + 3, consumed() + kReleaseEvery));
  }
  // In a game kept: at its bound and the token's.
  void watch_game() {
    feed_.set_watch(std::min(tree_.base() + kMaxGameBytes + 1, token_start() + kMaxTokenBytes + 3));
  }

  // Where a new value starts; a new game when none is open. False: nested
  // too deep (reported).
  bool begin_value(std::size_t& offset) {
    offset = token_start();
    name_open_ = false;
    if (depth_ + (array_open_ ? 1 : 0) > std::size_t(kMaxDepth)) {
      fail(Code::TooDeep, offset, "JSON nested deeper than " + std::to_string(kMaxDepth) + " levels");
      return false;
    }
    if (depth_ == 0) tree_.clear(offset);
    return true;
  }
  template <typename Add>
  bool scalar(Add add) {
    std::size_t at;
    if (!begin_value(at)) return false;
    if (keeping_ || depth_ == 0) add(at);
    scan_from_ = consumed();
    if (!values_left()) return false;
    return depth_ == 0 ? game_done() : true;
  }
  bool number(double n, bool integral) {
    return scalar([&](std::size_t at) { tree_.number(at, n, integral); });
  }
  // The bytes a decoded string or name stands for (see Feed).
  void restore_bytes(std::string& s, std::size_t at) {
    if (feed_.rewrites() == rewrites_seen_) return;
    rewrites_seen_ = feed_.rewrites();
    restore(s, text_, at, consumed(), marks_);
  }
  bool open(Tree::Kind kind) {
    std::size_t at;
    if (!begin_value(at)) return false;
    if (depth_ == 0) {
      keeping_ = true;
      watch_game();
    }
    if (keeping_) stack_.push_back(tree_.open(at, kind));
    ++depth_;
    scan_from_ = consumed();
    return values_left();
  }
  bool close() {
    --depth_;
    if (keeping_) {
      tree_.close(stack_.back());
      stack_.pop_back();
    }
    scan_from_ = consumed();
    return depth_ == 0 ? game_done() : true;
  }

  // A value at the level of games is complete.
  bool game_done() {
    const Tree::Kind kind = tree_.size() ? Tree::kind(tree_[0]) : Tree::Obj;
    game_kind_ = kind;
    if (skipping_) {
      skipping_ = false;  // the end of a game cut: walked at the cut
    } else if (kind != Tree::Obj) {
      file_issue({Code::BadSchema, Severity::Error, locator_.at(tree_.base()), "", "a game must be a JSON object"});
    } else if (++report_.games, !walker_.game(J(tree_, 0), report_.games)) {
      stopped_ = true;
    }
    keeping_ = false;
    tree_.clear(consumed());
    release(consumed());
    watch_outside();
    return !stopped_;
  }

  // False when a game kept past kMaxGameValues is cut and the visitor
  // asked to stop.
  bool values_left() {
    if (keeping_ && tree_.size() > kMaxGameValues)
      cut(consumed(), "more than " + std::to_string(kMaxGameValues) +
                          " values (numbers, strings, names, arrays, objects), the most read as one game");
    return !stopped_;
  }

  // The game kept has gone past a bound (`what`) at `p`: what it holds up to
  // there is walked now (the members complete; of "moves" open, its moves
  // complete) with a too-large error, the rest of it parsed but not kept.
  void cut(std::size_t p, const std::string& what) {
    keeping_ = false;
    skipping_ = true;
    const J root(tree_, 0);
    if (!root.is_object()) {
      file_issue({Code::BadSchema, Severity::Error, locator_.at(tree_.base()), "", "a game must be a JSON object"});
    } else {
      std::size_t keep = tree_.size();
      std::optional<std::size_t> moves;
      if (stack_.size() >= 2) {
        const std::size_t value = stack_[1];
        if (Tree::kind(tree_[value]) == Tree::Arr && J(tree_, value - 1).str() == "moves") {
          moves = value;
          if (stack_.size() >= 3) keep = stack_[2];
        } else {
          keep = value - 1;  // the member's name and its value
        }
      } else if (name_open_) {
        keep -= 1;  // a name whose value was not read
      }
      tree_.truncate(keep);
      if (moves) tree_.close(*moves);
      tree_.close(0);
      const std::size_t start = tree_.base();
      const Issue issue{Code::TooLarge, Severity::Error, locator_.at(p), "",
                        "the game at offset " + std::to_string(start) + " holds " + what +
                            ": cut here, at offset " + std::to_string(p) +
                            "; what it holds after that is not read, the members and moves before are"};
      if (++report_.games, !walker_.game(root, report_.games, issue)) stopped_ = true;
    }
    stack_.clear();
    tree_.clear(p);
    watch_outside();
  }

  std::string_view text_;
  Feed feed_;
  FileReport& report_;
  GameWalker& walker_;
  detail::TextLocator& locator_;
  detail::IssueBudget& budget_;
  const ReadOptions& options_;

  std::size_t start_ = 0;      // where this parse began
  std::size_t scan_from_ = 0;  // the end of the last token handled
  std::size_t ts_from_ = std::size_t(-1), ts_at_ = 0;  // token_start()'s scan
  bool games_array_ = false;
  bool array_open_ = false;
  std::size_t depth_ = 0;        // the open containers of the game
  bool keeping_ = false;         // in a game read whole
  bool skipping_ = false;        // in the rest of a game cut
  std::vector<std::size_t> stack_;  // the open containers kept
  Tree tree_;
  Tree::Kind game_kind_ = Tree::Lit;
  std::uint64_t rewrites_seen_ = 0;
  std::vector<unsigned char> marks_;
  bool name_open_ = false;      // the last node kept is a name, its value to come
  std::size_t released_ = 0;    // done_before's last offset
  std::optional<ParseError> error_;
  bool stopped_ = false;
  detail::IssueCap file_cap_{report_.issues, detail::kMaxGameIssues, &budget_};
  SourceLocation first_suppressed_;
};

}  // namespace

FileReport read_json(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  FileReport report;
  report.format = Format::Json;
  report.encoding = "UTF-8";
  const std::size_t begin = bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  detail::TextLocator locator(bytes, detail::ByteScheme::Utf8);
  detail::IssueBudget budget;  // the file's kMaxFileIssues
  GameWalker walker(visitor, locator, budget);
  Handler handler(bytes, report, walker, locator, budget, options);
  walker.walked = [&](std::size_t at) { handler.release(at); };
  walker.finished = [&] { handler.drop_tree(); };
  const std::string_view text = bytes;
  auto skip_space = [&](std::size_t i) {
    for (std::size_t mark = i + kReleaseEvery; i < text.size() && json_space(text[i]); ++i)
      if (i == mark) handler.release(i), mark += kReleaseEvery;  // spaces of gigabytes
    return i;
  };
  std::size_t pos = skip_space(begin);
  if (pos < text.size() && text[pos] == '[') {
    if (handler.parse(pos, true) && (pos = skip_space(handler.end())) < text.size())
      report.issues.push_back({Code::BadJson, Severity::Error, locator.at(pos), "", "text after the end of the array"});
    handler.finish_issues();
    return report;
  }
  for (; (pos = skip_space(pos)) < text.size(); pos = handler.end()) {
    if (text[pos] == '\xEF') {  // the parser would take a byte-order mark here too
      report.issues.push_back({Code::BadJson, Severity::Error, locator.at(pos),
                               detail::escape_invalid_utf8(bytes.substr(pos, 40)),
                               "unexpected byte 0xef; reading stops here"});
      break;
    }
    if (!handler.parse(pos, false)) break;
  }
  handler.finish_issues();
  return report;
}

}  // namespace xq::formats
