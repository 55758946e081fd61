// The older zlib-compressed CCBridge library: inflate, then read the GBK
// games of the payload (layout in cbl_compressed.h).
#include "ccbridge/cbl_compressed.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include <zlib.h>

#include "text/binary_text.h"
#include "record/binary_tree.h"
#include "record/issue_cap.h"
#include "record/offset_issue.h"
#include "xqf/xqf_layout.h"

namespace xq::formats::detail {

namespace {

// Bounds on hostile input; zlib inflates up to about 1000 times, so a small
// file can ask for much. The compressed libraries of the shared corpus
// inflate to 8,560, 38,613 and 118,621 bytes (196 games, the largest): 16 MiB
// is some 140 times the largest, and within the speed issue's 64 MB while
// the payload grows (its storage doubling, old and new are held at once).
constexpr std::uint64_t kMaxInflated = std::uint64_t(16) << 20;
// Move records read per game (the corpus games have at most 240).
constexpr std::size_t kMaxMoveRecords = std::size_t(1) << 20;
// Issues kept per game and per file: kMaxGameIssues and kMaxFileIssues
// (issue_cap.h); one Code::TooManyIssues issue then gives the number of the
// others, which are counted, not built.
constexpr std::size_t kDateField = 19;
constexpr std::size_t kMoveRecord = 6;
constexpr std::size_t kUnknownGameStrings = 6;
// The smallest game: size, board, 3 u32, 7 strings, result, 5 strings, side,
// dates, record count (143 bytes). A smaller size cannot be a game's; were
// it taken as one (a truncated game, as before), 32 MB of 4-byte "games"
// would be 8 million of them (5 s to read, from a 32 KB file).
constexpr std::size_t kMinGame = 4 + 32 + 3 * 4 + (1 + kUnknownGameStrings) * 4 + 4 + 5 * 4 + 1 + 2 * kDateField + 4;
static_assert(kMinGame == 143);

std::uint32_t u32_at(std::string_view b, std::size_t o) {
  const auto* p = reinterpret_cast<const unsigned char*>(b.data() + o);
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}

// An issue at the zlib stream; `at` is the offset in the inflated payload.
Issue inflated_issue(Code code, Severity severity, std::size_t at, std::string_view message) {
  std::string m(message);
  m.append(" (inflated byte ");
  m.append(std::to_string(at));
  m.push_back(')');
  return make_issue(code, severity, kCompressedCblHeader, std::move(m));
}

std::string_view result_text(std::uint32_t code) {
  switch (code) {
    case 1: return "1-0";
    case 2: return "0-1";
    case 3: return "1/2-1/2";
    default: return "*";
  }
}

// Reads fields of one bounded region (the library header or one game); a
// read past the end sets `short_read` and yields nothing.
struct Cursor {
  std::string_view data;
  std::size_t pos = 0;
  std::size_t end = 0;
  bool short_read = false;

  bool has(std::size_t n) {
    if (!short_read && end - pos >= n) return true;
    short_read = true;
    return false;
  }
  std::uint32_t u32() {
    if (!has(4)) return 0;
    pos += 4;
    return u32_at(data, pos - 4);
  }
  unsigned u8() {
    if (!has(1)) return 0;
    return static_cast<unsigned char>(data[pos++]);
  }
  std::string_view bytes(std::size_t n) {
    if (!has(n)) return {};
    pos += n;
    return data.substr(pos - n, n);
  }
  // A u32 length, then that many bytes.
  std::string_view string() {
    const std::size_t at = pos;
    const std::uint32_t n = u32();
    if (short_read) return {};
    if (n > end - pos) {
      pos = at;
      short_read = true;
      return {};
    }
    return bytes(n);
  }
};

// GBK text to UTF-8; bad bytes are replaced and reported.
std::string decode_text(std::string_view raw, std::string_view what, std::size_t at, IssueCap& out) {
  const DecodedText t = decode_gb18030(raw);
  if (t.had_errors || t.cut_character)
    out.add([&] {
      std::string m("the ");
      m.append(what);
      m.append(" is not valid GBK; bad bytes replaced");
      return inflated_issue(Code::BadEncoding, Severity::Warning, at, m);
    });
  return t.utf8;
}

// A 19-byte date field: text padded with spaces.
std::string date_text(std::string_view raw) {
  while (!raw.empty() && (raw.back() == ' ' || raw.back() == '\0')) raw.remove_suffix(1);
  return decode_gb18030(raw).utf8;
}

// "||" stands for a line break: CR LF ends the comment itself.
std::string comment_text(std::string utf8) {
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    if (utf8[i] == '|' && i + 1 < utf8.size() && utf8[i + 1] == '|') {
      out.push_back('\n');
      ++i;
    } else {
      out.push_back(utf8[i]);
    }
  }
  return out;
}

bool inflate_payload(std::string_view bytes, std::string& out, FileReport& report, std::string_view what) {
  z_stream z{};
  if (inflateInit(&z) != Z_OK) {
    std::string m(what);
    m.append(": zlib could not start");
    report.issues.push_back(inflated_issue(Code::BadCompression, Severity::Error, 0, m));
    return false;
  }
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data() + kCompressedCblHeader));
  z.avail_in = uInt(bytes.size() - kCompressedCblHeader);
  std::array<unsigned char, 1 << 16> buf;
  int rc = Z_OK;
  bool too_large = false;
  while (rc == Z_OK) {
    z.next_out = buf.data();
    z.avail_out = uInt(buf.size());
    rc = inflate(&z, Z_NO_FLUSH);
    // Grown by doubling, but never past the bound and one buffer: doubling
    // alone took a 32 MiB payload's storage to 64 MiB.
    const std::size_t got = buf.size() - z.avail_out;
    if (out.size() + got > out.capacity())
      out.reserve(std::min<std::size_t>(std::max(2 * out.capacity(), out.size() + got), kMaxInflated + buf.size()));
    out.append(reinterpret_cast<const char*>(buf.data()), got);
    if (rc == Z_OK && z.avail_out == buf.size() && z.avail_in == 0) break;  // needs input that is not there
    if (out.size() > kMaxInflated) {
      too_large = true;
      break;
    }
  }
  inflateEnd(&z);
  const std::uint32_t declared = u32_at(bytes, 16);
  if (too_large) {
    // The games that lie in the first kMaxInflated bytes are still read.
    out.resize(kMaxInflated);
    std::string m(what);
    m.append(": inflates to more than ");
    m.append(std::to_string(kMaxInflated));
    m.append(" bytes; the games in the first ");
    m.append(std::to_string(kMaxInflated));
    m.append(" are read, the rest is not");
    report.issues.push_back(inflated_issue(Code::TooLarge, Severity::Error, out.size(), m));
  } else if (rc != Z_STREAM_END) {
    std::string m(what);
    m.append(": the zlib stream is damaged or cut after ");
    m.append(std::to_string(out.size()));
    m.append(" bytes; the games in them are read");
    report.issues.push_back(inflated_issue(Code::BadCompression, Severity::Error, out.size(), m));
  } else if (out.size() != declared) {
    std::string m(what);
    m.append(": inflates to ");
    m.append(std::to_string(out.size()));
    m.append(" bytes, the header says ");
    m.append(std::to_string(declared));
    report.issues.push_back(inflated_issue(Code::BadCompression, Severity::Warning, out.size(), m));
  } else if (z.avail_in != 0) {
    std::string m(what);
    m.append(": ");
    m.append(std::to_string(z.avail_in));
    m.append(" bytes after the zlib stream; ignored");
    report.issues.push_back(inflated_issue(Code::TrailingData, Severity::Info, out.size(), m));
  }
  return true;
}

// Library-level fields, given to every game as tags.
struct LibraryInfo {
  std::vector<std::pair<std::string, std::string>> tags;
  std::uint32_t count = 0;
};

bool read_library_header(Cursor& c, LibraryInfo& lib, FileReport& report) {
  static constexpr std::string_view kNames[5] = {"Library", "LibraryText2", "LibraryText3", "LibraryAuthor",
                                                 "LibraryText5"};
  IssueCap issues(report.issues);
  for (const std::string_view name : kNames) {
    const std::size_t at = c.pos;
    const std::string_view raw = c.string();
    std::string value = decode_text(raw, name, at, issues);
    if (!value.empty()) lib.tags.emplace_back(name, std::move(value));
  }
  const std::string_view created = c.bytes(kDateField), modified = c.bytes(kDateField);
  if (std::string d = date_text(created); !d.empty()) lib.tags.emplace_back("LibraryCreated", std::move(d));
  if (std::string d = date_text(modified); !d.empty()) lib.tags.emplace_back("LibraryModified", std::move(d));
  lib.count = c.u32();
  (void)c.u32();  // always 0 in the libraries seen
  if (c.short_read) {
    report.issues.push_back(inflated_issue(Code::Truncated, Severity::Error, c.pos,
                                       "the inflated library ends inside its header; no game read"));
    return false;
  }
  return true;
}

struct MoveRecord {
  unsigned ply, from, to;
  std::size_t at;
};

// A move square: file in the high nibble, row from the top in the low one.
Square record_square(unsigned b) {
  const unsigned file = b >> 4, row = b & 15;
  return file < 9 && row < 10 ? Square(int(file), int(9 - row)) : Square::none();
}

Setup read_board(std::string_view raw, std::size_t at, IssueCap& issues) {
  Setup setup;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const unsigned b = static_cast<unsigned char>(raw[i]);
    if (b == 0) continue;  // absent
    const unsigned file = (b >> 4) - 1, row = (b & 15) - 1;
    const Piece p(i < 16 ? Color::Red : Color::Black, kXqfPieceTypes[i % 16]);
    if (file >= 9 || row >= 10) {
      std::string m("piece ");
      m.append(std::to_string(i));
      m.append(" (");
      m.push_back(p.fen_char());
      m.append(") has the square byte ");
      m.append(std::to_string(b));
      m.append(", not on the board; left out");
      issues.add([&] { return inflated_issue(Code::BadSetup, Severity::Error, at + i, m); });
      continue;
    }
    const Square s(int(file), int(9 - row));
    if (!setup.at(s).empty()) {
      std::string m("piece ");
      m.append(std::to_string(i));
      m.append(" (");
      m.push_back(p.fen_char());
      m.append(") is on ");
      m.append(s.name());
      m.append(", already taken; left out");
      issues.add([&] { return inflated_issue(Code::BadSetup, Severity::Error, at + i, m); });
      continue;
    }
    setup.put(s, p);
  }
  return setup;
}

// One game: `c` covers exactly its bytes. Returns the visitor's wish.
Control read_game(Cursor& c, std::size_t index, const LibraryInfo& lib, GameVisitor& visitor, IssueBudget& budget) {
  const Control begin = visitor.begin_game(index, SourceLocation{kCompressedCblHeader, 0, 0});
  if (begin == Control::Stop) return Control::Stop;
  if (begin == Control::SkipGame) return Control::Continue;

  // At most kMaxGameIssues issues, these and those of the tree together.
  std::vector<Issue> issue_list;
  IssueCap issues(issue_list, kMaxGameIssues, &budget);
  std::vector<std::pair<std::string_view, std::string>> tags;
  const auto text_tag = [&](std::string_view name) {
    const std::size_t at = c.pos;
    std::string value = decode_text(c.string(), name, at, issues);
    if (!value.empty()) tags.emplace_back(name, std::move(value));
  };

  const std::size_t board_at = c.pos;
  const std::string_view board = c.bytes(32);
  Setup setup = read_board(board, board_at, issues);
  const std::uint32_t type = c.u32();
  (void)c.u32(), (void)c.u32();  // 0 and 1 in every game seen
  text_tag("Title");
  for (std::size_t k = 1; k <= kUnknownGameStrings; ++k) {
    static constexpr std::string_view kNames[kUnknownGameStrings] = {"CblText1", "CblText2", "CblText3",
                                                                     "CblText4", "CblText5", "CblText6"};
    text_tag(kNames[k - 1]);
  }
  const std::size_t result_at = c.pos;
  const std::uint32_t result_code = c.u32();
  text_tag("Annotator");
  text_tag("AnnotatorEmail");
  text_tag("Author");
  text_tag("AuthorEmail");
  const std::size_t game_comment_at = c.pos;
  const std::string game_comment = comment_text(decode_text(c.string(), "game comment", game_comment_at, issues));
  const std::size_t side_at = c.pos;
  const unsigned side = c.u8();
  const std::string created = date_text(c.bytes(kDateField)), modified = date_text(c.bytes(kDateField));
  if (!created.empty()) tags.emplace_back("Created", created);
  if (!modified.empty()) tags.emplace_back("Modified", modified);
  const std::size_t count_at = c.pos;
  const std::uint32_t count = c.u32();
  bool truncated = c.short_read, records_cut = false;
  if (truncated)
    issues.add([&] { return inflated_issue(Code::Truncated, Severity::Error, c.pos, "the game ends inside its header"); });

  // Move records.
  std::vector<MoveRecord> records;
  if (!truncated) {
    const std::size_t fit = (c.end - c.pos) / kMoveRecord;
    if (count > fit) {
      std::string m("the game promises ");
      m.append(std::to_string(count));
      m.append(" move records, only ");
      m.append(std::to_string(fit));
      m.append(" fit in it; read those");
      issues.add([&] { return inflated_issue(Code::Truncated, Severity::Error, count_at, m); });
      truncated = records_cut = true;
    }
    std::size_t n = std::min<std::size_t>(count, fit);
    if (n > kMaxMoveRecords) {
      std::string m("the game holds ");
      m.append(std::to_string(n));
      m.append(" move records; only the first ");
      m.append(std::to_string(kMaxMoveRecords));
      m.append(" are read, without comments");
      issues.add([&] { return inflated_issue(Code::TooLarge, Severity::Error, count_at, m); });
      n = kMaxMoveRecords;
      truncated = records_cut = true;
    }
    records.reserve(n);
    for (std::size_t k = 0; k < n; ++k) {
      const std::size_t at = c.pos;
      const std::string_view r = c.bytes(kMoveRecord);
      const auto byte = [&](std::size_t i) { return unsigned(static_cast<unsigned char>(r[i])); };
      records.push_back({byte(0) | byte(1) << 8, byte(2), byte(3), at});
    }
  }
  // The tree stops at a record whose ply does not fit the lines read so far.
  std::size_t valid = 0;
  for (unsigned depth = 0; valid < records.size(); ++valid) {
    const MoveRecord& r = records[valid];
    if (r.ply < 1 || r.ply > depth + 1) {
      std::string m("move record ");
      m.append(std::to_string(valid + 1));
      m.append(" gives ply ");
      m.append(std::to_string(r.ply));
      m.append(" after ply ");
      m.append(std::to_string(depth));
      m.append("; it and the records after it are not read");
      issues.add([&] { return inflated_issue(Code::BadRecord, Severity::Error, r.at, m); });
      truncated = true;
      break;
    }
    depth = r.ply;
  }

  // Comments: one CR LF-ended line per record, after all the records.
  std::vector<std::string> comments(records.size());
  if (!c.short_read && !records_cut) {
    const std::string_view rest = c.data.substr(c.pos, c.end - c.pos);
    std::size_t from = 0, line = 0;
    // Non-empty lines after the last comment: reported once, with their extent.
    std::size_t trailing_lines = 0, trailing_begin = 0, trailing_end = 0;
    std::string_view trailing_first;
    while (from < rest.size()) {
      std::size_t eol = rest.find("\r\n", from);
      const bool ended = eol != std::string_view::npos;
      if (!ended) eol = rest.size();
      std::string_view raw = rest.substr(from, eol - from);
      // A few comments end with the C string terminator of the program that
      // wrote them: framing, not text (no text format could carry it).
      if (!raw.empty() && raw.back() == '\0') {
        while (!raw.empty() && raw.back() == '\0') raw.remove_suffix(1);
        issues.add([&] {
          return inflated_issue(Code::NulTerminator, Severity::Info, c.pos + from + raw.size(),
                            "a move comment ends with a NUL byte; the byte is not kept");
        });
      }
      if (line < comments.size()) {
        comments[line] = comment_text(decode_text(raw, "move comment", c.pos + from, issues));
      } else if (!raw.empty()) {
        if (trailing_lines++ == 0) trailing_begin = from, trailing_first = raw;
        trailing_end = from + raw.size();
      }
      if (!ended && line < comments.size() && !truncated)
        issues.add([&] {
          return inflated_issue(Code::UnterminatedComment, Severity::Info, c.pos + eol,
                            "the last move comment has no CR LF; read as it is");
        });
      ++line;
      from = ended ? eol + 2 : eol;
    }
    if (trailing_lines > 0)
      issues.add([&] {
        // One line: its text. More, or a long one: their extent, and the
        // start of the first.
        constexpr std::size_t kShown = 1000;
        std::string m("text after the last move comment");
        if (trailing_lines > 1 || trailing_first.size() > kShown) {
          m.append(" (");
          m.append(std::to_string(trailing_lines));
          m.append(trailing_lines == 1 ? " line, " : " lines, ");
          m.append(std::to_string(trailing_end - trailing_begin));
          m.append(" bytes up to inflated byte ");
          m.append(std::to_string(c.pos + trailing_end));
          m.append(")");
        }
        m.append("; not kept: ");
        m.append(decode_gb18030(trailing_first.substr(0, kShown)).utf8);
        if (trailing_lines > 1 || trailing_first.size() > kShown) m.append(" ...");
        return inflated_issue(Code::TrailingData, Severity::Warning, c.pos + trailing_begin, m);
      });
    if (line < records.size() && !truncated) {
      std::string m("comments for ");
      m.append(std::to_string(line));
      m.append(" of ");
      m.append(std::to_string(records.size()));
      m.append(" move records; the others have none");
      issues.add([&] { return inflated_issue(Code::MissingComments, Severity::Warning, c.end, m); });
    }
  }

  // The tree, through the same builder as XQF and CBR: each record says
  // whether a child follows and whether a later alternative does.
  std::vector<char> has_sibling(valid, 0);
  std::vector<std::size_t> path;
  for (std::size_t k = 0; k < valid; ++k) {
    const std::size_t depth = records[k].ply - 1;
    if (path.size() > depth) {
      has_sibling[path[depth]] = 1;
      path.resize(depth);
    }
    path.push_back(k);
  }
  thread_local RecordTree tree;
  tree.clear();
  RecordNode root;
  root.offset = kCompressedCblHeader;
  tree.set_comment(root, game_comment);
  tree.add(root, valid > 0, false);
  for (std::size_t k = 0; k < valid; ++k) {
    const MoveRecord& r = records[k];
    RecordNode node;
    node.offset = kCompressedCblHeader;
    tree.set_comment(node, comments[k]);
    const Square from = record_square(r.from), to = record_square(r.to);
    if (!from.valid() || !to.valid() || from == to) node.dropped = true;
    else node.move = Move(from, to);
    const bool has_child = k + 1 < valid && records[k + 1].ply == r.ply + 1;
    const std::uint32_t id = tree.add(node, has_child, has_sibling[k] != 0);
    if (node.dropped && issues.room()) {
      std::string m("move record with squares ");
      m.append(std::to_string(r.from));
      m.append(" -> ");
      m.append(std::to_string(r.to));
      m.append(" is not a move; left out with its continuation");
      tree.add_issue(id, inflated_issue(Code::BadMove, Severity::Error, r.at, m));
    }
  }

  // Side to move: the colour of the first move's piece, else the side byte.
  const std::uint32_t first = tree.first_main_move();
  const Piece mover = first != kNoRecord ? setup.at(tree.nodes[first].move.from()) : Piece();
  if (side > 1 && !truncated)
    issues.add([&] {
      return inflated_issue(Code::BadHeader, Severity::Warning, side_at,
                        "side-to-move byte " + std::to_string(side) + " is neither 1 (Red) nor 0 (Black)");
    });
  if (!mover.empty()) setup.side_to_move = mover.color();
  else setup.side_to_move = side == 0 ? Color::Black : Color::Red;

  if (result_code == 4)
    issues.add([&] {
      return inflated_issue(Code::MultipleResults, Severity::Info, result_at,
                        "the game gives several results (code 4); read as \"*\"");
    });
  else if (result_code > 4)
    issues.add([&] {
      return inflated_issue(Code::BadResult, Severity::Warning, result_at,
                        "result code " + std::to_string(result_code) + " is unknown; read as \"*\"");
    });

  for (const auto& [name, value] : tags) visitor.tag(name, value);
  if (type != 0) {
    static constexpr std::string_view kTypes[] = {"full", "opening", "middlegame", "endgame"};
    visitor.tag("GameType", type <= 4 ? std::string(kTypes[type - 1]) : std::to_string(type));
  }
  for (const auto& [name, value] : lib.tags) visitor.tag(name, value);
  const std::string_view result = result_text(result_code);
  visitor.tag("Result", result);
  for (const auto& i : issue_list) visitor.issue(i);
  for (const auto& i : tree.game_issues) visitor.issue(i);
  if (issues.suppressed() > 0)
    visitor.issue(inflated_issue(Code::TooManyIssues, Severity::Warning, c.end, issues.too_many_message("issues of this game")));
  visitor.start_setup(setup);
  tree.replay(visitor);
  visitor.result(result);
  const Control end = visitor.end_game(truncated);
  return end == Control::Stop ? Control::Stop : Control::Continue;
}

}  // namespace

bool is_compressed_cbl(std::string_view bytes) {
  return bytes.size() >= kCompressedCblMagic.size() && bytes.substr(0, kCompressedCblMagic.size()) == kCompressedCblMagic;
}

void read_compressed_cbl(std::string_view bytes, GameVisitor& visitor, FileReport& report) {
  std::string what("older zlib-compressed CCBridge library (format 21, variant ");
  what.append(std::to_string(bytes.size() >= 16 ? u32_at(bytes, 12) : 0));
  what.push_back(')');
  if (bytes.size() <= kCompressedCblHeader) {
    std::string m(what);
    m.append(": too short to hold a zlib stream");
    report.issues.push_back(inflated_issue(Code::Truncated, Severity::Error, 0, m));
    return;
  }
  thread_local std::string payload;
  payload.clear();
  // A library's payload is kept for the next one, unless it was large.
  struct GiveBackLarge {
    std::string& s;
    ~GiveBackLarge() {
      if (s.capacity() > (std::size_t(1) << 20)) std::string().swap(s);
    }
  } give_back{payload};
  if (!inflate_payload(bytes, payload, report, what)) return;

  Cursor c{payload, 0, payload.size()};
  LibraryInfo lib;
  if (!read_library_header(c, lib, report)) return;
  IssueBudget budget;
  std::size_t index = 0;
  while (index < lib.count && c.pos < payload.size()) {
    const std::size_t at = c.pos;
    if (payload.size() - at < 4) break;
    const std::uint32_t size = u32_at(payload, at);
    if (size < kMinGame) {
      std::string m("game ");
      m.append(std::to_string(index + 1));
      m.append(" gives its size as ");
      m.append(std::to_string(size));
      m.append(" bytes");
      if (size >= 4) {
        m.append(", less than the ");
        m.append(std::to_string(kMinGame));
        m.append(" of a game without text or moves");
      }
      m.append("; the games from here on cannot be found");
      report.issues.push_back(inflated_issue(Code::BadRecord, Severity::Error, at, m));
      return;
    }
    const std::size_t end = std::min<std::size_t>(payload.size(), at + std::size_t(size));
    Cursor g{payload, at + 4, end};
    const bool cut = end - at < size;
    if (cut)
      report.issues.push_back(inflated_issue(Code::Truncated, Severity::Error, payload.size(),
                                         "the inflated library ends inside game " + std::to_string(index + 1)));
    ++index;
    const Control ctl = read_game(g, index, lib, visitor, budget);
    report.games = index;
    if (ctl == Control::Stop || cut) return;
    c.pos = end;
  }
  if (index < lib.count) {
    std::string m("the library header promises ");
    m.append(std::to_string(lib.count));
    m.append(" games; the inflated data holds ");
    m.append(std::to_string(index));
    report.issues.push_back(inflated_issue(Code::Truncated, Severity::Error, c.pos, m));
  } else if (c.pos < payload.size()) {
    std::string m(std::to_string(payload.size() - c.pos));
    m.append(" bytes after the last game; ignored");
    report.issues.push_back(inflated_issue(Code::TrailingData, Severity::Warning, c.pos, m));
  }
}

}  // namespace xq::formats::detail
