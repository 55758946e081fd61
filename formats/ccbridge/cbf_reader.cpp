// CBF reader (象棋桥 XML) through pugixml.
#include <array>
#include <pugixml.hpp>
#include <string>
#include <vector>

#include "record/issue_cap.h"
#include "text/text_decode.h"
#include "text/text_locator.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/cbf.h"
#include "xqrec/core/iccs.h"

namespace xq::formats {

namespace {

struct ElementTag {
  std::string_view element;
  std::string_view tag;
};

constexpr std::array<ElementTag, 31> kHead{{
    {"Name", "Title"},           {"URL", "URL"},
    {"From", "SourceFile"},      {"ContestType", "ContestType"},
    {"Contest", "Event"},        {"Round", "Round"},
    {"Group", "Group"},          {"Table", "Table"},
    {"Date", "Date"},            {"Site", "Site"},
    {"TimeRule", "TimeRule"},    {"Red", "Red"},
    {"RedTeam", "RedTeam"},      {"RedTime", "RedTime"},
    {"RedRating", "RedRating"},  {"Black", "Black"},
    {"BlackTeam", "BlackTeam"},  {"BlackTime", "BlackTime"},
    {"BlackRating", "BlackRating"}, {"Referee", "Referee"},
    {"Recorder", "Recorder"},    {"Commentator", "Annotator"},
    {"CommentatorURL", "AnnotatorURL"}, {"Creator", "Creator"},
    {"CreatorURL", "CreatorURL"}, {"DateCreated", "DateCreated"},
    {"DateModified", "DateModified"}, {"ECCO", "ECCO"},
    {"RecordType", "RecordType"}, {"RecordKind", "RecordKind"},
    // Not 象棋桥's: xqrec's element for the tag Deleted (a CBL entry marked
    // deleted), written after the others so that the mark survives.
    {"Deleted", "Deleted"},
}};

bool iequal(std::string_view a, std::string_view b) { return ascii_iequals(a, b); }

// All text of an element: its PCDATA and CDATA children joined (a comment
// holding "]]>" is written as two CDATA sections).
std::string element_text(const pugi::xml_node& n) {
  std::string s;
  for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling())
    if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) s += c.value();
  return s;
}

class CbfReader {
 public:
  CbfReader(std::string_view bytes, GameVisitor& v, FileReport& report)
      : bytes_(bytes), v_(v), report_(report), locator_(bytes, detail::ByteScheme::Utf8) {}

  void run() {
    pugi::xml_document doc;
    const pugi::xml_parse_result parsed =
        doc.load_buffer(bytes_.data(), bytes_.size(), pugi::parse_default, pugi::encoding_auto);
    report_.encoding = "UTF-8";
    const pugi::xml_node root = doc.child("ChineseChessRecord");
    if (!root) {
      Issue i{Code::BadRoot, Severity::Error, {}, "", "no <ChineseChessRecord> element"};
      if (!parsed) i = {Code::BadXml, Severity::Error, locator_.at(std::size_t(std::max<std::ptrdiff_t>(parsed.offset, 0))), "",
                        std::string("not well-formed XML: ") + parsed.description()};
      report_.issues.push_back(std::move(i));
      return;
    }
    report_.games = 1;
    const Control c = v_.begin_game(1, where(root));
    if (c != Control::Continue) return;
    if (!parsed)
      issue(Code::BadXml, Severity::Error, std::size_t(std::max<std::ptrdiff_t>(parsed.offset, 0)), "",
            std::string("not well-formed XML: ") + parsed.description() + "; read up to there");
    for (pugi::xml_attribute a = root.first_attribute(); a; a = a.next_attribute())
      if (!iequal(a.name(), "Version") || std::string_view(a.value()) != "1.0")
        issue(Code::UnknownAttribute, Severity::Info, where(root), std::string(a.name()) + "=\"" + a.value() + "\"",
              "attribute of <ChineseChessRecord> other than Version=\"1.0\"; not kept");
    head(root.child("Head"));
    moves(root.child("MoveList"));
    // Anything else under the root (a second <Head> or <MoveList>, or an
    // element of unknown meaning, which might hold variations) is reported.
    const pugi::xml_node first_head = root.child("Head"), first_list = root.child("MoveList");
    for (pugi::xml_node e = root.first_child(); e; e = e.next_sibling()) {
      if (e.type() != pugi::node_element || e == first_head || e == first_list) continue;
      issue(Code::UnknownElement, Severity::Warning, where(e), e.name(),
            std::string("element <") + bounded_excerpt(e.name()) + "> in <ChineseChessRecord> other than the first <Head> and "
            "<MoveList> (CBF variations are not understood); ignored");
    }
    if (!result_.empty()) v_.result(result_);
    finish_issues();
    v_.end_game(!parsed);
  }

 private:
  SourceLocation where(const pugi::xml_node& n) {
    const std::ptrdiff_t off = n.offset_debug();
    if (off < 0) return {};
    std::size_t o = std::size_t(off);
    // offset_debug points at the element name; step back to its '<'.
    if (o > 0 && o <= bytes_.size() && bytes_[o - 1] == '<') --o;
    return locator_.at(o);
  }
  void issue(Code code, Severity s, std::size_t offset, std::string_view text, std::string message) {
    issue(code, s, locator_.at(offset), text, std::move(message));
  }
  // At most kMaxGameIssues issues (the game's: a CBF holds one); the count
  // of the others ends the game (finish_issues).
  void issue(Code code, Severity s, SourceLocation at, std::string_view text, std::string message) {
    if (!cap_.room()) {
      if (cap_.suppressed() == 1) first_suppressed_ = at;
      return;
    }
    v_.issue({code, s, at, bounded_excerpt(detail::escape_invalid_utf8(text.substr(0, 120))),
              std::move(message)});
  }
  void finish_issues() {
    if (Issue more; cap_.too_many(more, first_suppressed_, "issues of this game")) v_.issue(more);
  }
  detail::IssueCap cap_{detail::kMaxGameIssues};
  SourceLocation first_suppressed_;

  // Text in UTF-8: CBF is UTF-8; other bytes are read as GB18030 and reported.
  std::string text(const pugi::xml_node& n, std::string s) {
    if (detail::is_valid_utf8(s)) return s;
    detail::Decoder gb("GB18030");
    bool bad = false;
    std::string out = gb.to_utf8(s, &bad);
    issue(Code::BadEncoding, Severity::Warning, where(n), s, "text is not UTF-8; read as GB18030");
    return out;
  }

  void head(const pugi::xml_node& h) {
    if (!h) return;
    for (pugi::xml_node e = h.first_child(); e; e = e.next_sibling()) {
      if (e.type() != pugi::node_element) continue;
      const std::string_view name = e.name();
      const std::string value = text(e, element_text(e));
      if (name == "FEN") {
        fen_ = value;
        fen_where_ = where(e);
        continue;
      }
      if (value.empty()) continue;
      if (name == "RecordResult") {
        if (value == "1") result_ = "1-0";
        else if (value == "2") result_ = "0-1";
        else if (value == "3") result_ = "1/2-1/2";
        else if (value != "0") {
          v_.tag("CBF_RecordResult", value);
          issue(Code::BadResult, Severity::Info, where(e), value, "RecordResult " + bounded_excerpt(value) + " is not 0-3; kept as a tag");
          continue;
        }
        if (!result_.empty()) v_.tag("Result", result_);
        continue;
      }
      v_.tag(cbf_tag_for_element(name), value);
    }
  }

  static int digit(char c) { return c >= '0' && c <= '9' ? c - '0' : -1; }

  void moves(const pugi::xml_node& list) {
    if (!list) {
      start(Move::none());
      return;
    }
    struct Parsed {
      Move move;
      SourceLocation at;
      std::string comment;
    };
    std::vector<Parsed> line;
    std::string game_comment;
    bool first = true, ended = false, stopped = false;
    std::size_t after_end = 0;
    for (pugi::xml_node m = list.first_child(); m; m = m.next_sibling()) {
      if (m.type() != pugi::node_element) continue;
      const SourceLocation at = where(m);
      if (ended) {
        if (std::string_view(m.name()) == "Move") ++after_end;
        else
          issue(Code::UnknownElement, Severity::Warning, at, m.name(),
                std::string("unknown element <") + bounded_excerpt(m.name()) + "> in MoveList after the end of the main line; ignored");
        continue;
      }
      if (std::string_view(m.name()) != "Move") {
        issue(Code::UnknownElement, Severity::Warning, at, m.name(), std::string("unknown element <") + bounded_excerpt(m.name()) + "> in MoveList; ignored");
        continue;
      }
      for (pugi::xml_attribute a = m.first_attribute(); a; a = a.next_attribute()) {
        const std::string_view an = a.name();
        if (an != "value" && an != "end")
          issue(Code::UnknownAttribute, Severity::Warning, at, std::string(an) + "=\"" + a.value() + "\"",
                "unknown attribute " + bounded_excerpt(an) + " on <Move> (possibly variation data); not kept");
      }
      for (pugi::xml_node c = m.first_child(); c; c = c.next_sibling())
        if (c.type() == pugi::node_element)
          issue(Code::UnknownElement, Severity::Warning, where(c), c.name(),
                std::string("element <") + bounded_excerpt(c.name()) + "> inside <Move> (possibly a variation); ignored");
      const std::string value = m.attribute("value").value();
      const std::string comment = text(m, element_text(m));
      if (std::string_view(m.attribute("end").value()) == "1") ended = true;
      if (first && value == "00-00") {
        first = false;
        game_comment = comment;
        continue;
      }
      first = false;
      if (stopped) continue;
      const bool ok = value.size() == 5 && value[2] == '-' && digit(value[0]) >= 0 && digit(value[0]) <= 8 &&
                      digit(value[1]) >= 0 && digit(value[3]) >= 0 && digit(value[3]) <= 8 && digit(value[4]) >= 0;
      Move mv;
      if (ok) mv = Move(Square(digit(value[0]), 9 - digit(value[1])), Square(digit(value[3]), 9 - digit(value[4])));
      if (!ok || mv.is_none()) {
        issue(Code::BadMove, Severity::Error, value_location(m, at), value,
              "move value \"" + bounded_excerpt(value) + "\" is not two squares as ab-cd (file 0-8, row 0-9); the main line ends here");
        stopped = true;
        continue;
      }
      line.push_back({mv, value_location(m, at), comment});
    }
    if (after_end)
      issue(Code::Unsupported, Severity::Warning, where(list), "",
            std::to_string(after_end) + " <Move> element(s) after the end of the main line (end=\"1\"): "
            "CBF variations are not understood; not read");
    start(line.empty() ? Move::none() : line.front().move);
    if (!game_comment.empty()) v_.comment(game_comment);
    for (const Parsed& p : line) {
      v_.move(to_iccs(p.move), MoveNotation::Coordinates, p.at, p.move);
      if (!p.comment.empty()) v_.comment(p.comment);
    }
  }

  // Where the digits of value="..." are, in the source: the attribute is
  // looked for inside the element's start tag only (up to its '>', quoted
  // values skipped, never past a '<'), so each <Move> costs the length of
  // its tag. Spaces may stand around '='; an attribute whose name merely
  // ends in "value" (xvalue=) is not it. The element's own place when not
  // found.
  SourceLocation value_location(const pugi::xml_node& m, SourceLocation element) {
    (void)m;
    const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    const auto name_char = [&](char c) { return !space(c) && c != '=' && c != '>' && c != '/' && c != '<'; };
    const std::size_t size = bytes_.size();
    std::size_t i = std::size_t(element.offset);
    if (i >= size || bytes_[i] != '<') return element;
    ++i;
    while (i < size && name_char(bytes_[i])) ++i;  // the element name
    while (i < size) {
      while (i < size && space(bytes_[i])) ++i;
      if (i >= size || bytes_[i] == '>' || bytes_[i] == '<') return element;
      if (bytes_[i] == '/') {
        ++i;
        continue;
      }
      const std::size_t name = i;
      while (i < size && name_char(bytes_[i])) ++i;
      const std::string_view attr = bytes_.substr(name, i - name);
      while (i < size && space(bytes_[i])) ++i;
      if (i >= size || bytes_[i] != '=') continue;  // a name without a value: not XML, go on
      ++i;
      while (i < size && space(bytes_[i])) ++i;
      if (i >= size) return element;
      const char quote = bytes_[i];
      if (quote != '"' && quote != '\'') continue;  // not XML: read on from here
      if (attr == "value") return locator_.at(i + 1);
      // Past the quoted value; no '<' may stand in it, so no scan passes
      // the next tag, whatever offsets pugixml gives.
      for (++i; i < size && bytes_[i] != quote; ++i)
        if (bytes_[i] == '<') return element;
      if (i >= size) return element;
      ++i;
    }
    return element;
  }

  void start(Move first) {
    if (fen_.empty()) return;
    auto parsed = parse_fen(fen_);
    if (parsed) {
      v_.start_fen(fen_);
      return;
    }
    // A side field other than w/r/b: take the board, and the side from the
    // first move's piece.
    const std::size_t space = fen_.find(' ');
    auto board = parse_fen(fen_.substr(0, space));
    if (board && space != std::string::npos) {
      Setup s = board.value();
      if (!first.is_none() && s.at(first.from())) s.side_to_move = s.at(first.from()).color();
      issue(Code::SideToMove, Severity::Warning, fen_where_, fen_,
            "FEN side to move is not w, r or b; taken from the first move's piece (" +
                std::string(color_name(s.side_to_move)) + ")");
      v_.start_setup(s);
      return;
    }
    issue(Code::BadFen, Severity::Error, fen_where_, fen_,
          "FEN: " + parsed.error().front().message + "; the standard start is used");
  }

  std::string_view bytes_;
  GameVisitor& v_;
  FileReport& report_;
  detail::TextLocator locator_;
  std::string fen_;
  SourceLocation fen_where_;
  std::string result_;
};

}  // namespace

std::string cbf_tag_for_element(std::string_view element) {
  for (const auto& e : kHead)
    if (e.element == element) return std::string(e.tag);
  if (element == "RecordResult") return "Result";
  return "CBF_" + std::string(element);
}

std::string cbf_element_for_tag(std::string_view tag) {
  for (const auto& e : kHead)
    if (iequal(e.tag, tag)) return std::string(e.element);
  if (iequal(tag, "Result")) return "RecordResult";
  if (tag.size() > 4 && iequal(tag.substr(0, 4), "CBF_")) {
    const std::string_view name = tag.substr(4);
    bool ok = !name.empty() && ((name[0] >= 'A' && name[0] <= 'Z') || (name[0] >= 'a' && name[0] <= 'z') || name[0] == '_');
    for (char c : name)
      ok = ok && ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.');
    if (ok) return std::string(name);
  }
  return {};
}

// A CBF is one game in one XML document, which pugixml reads whole: about
// twelve times its size in memory for a hostile one of many small elements
// (a real record is a few kilobytes; at 25 bytes a move, 4 MiB hold some
// 160,000 moves). Past 4 MiB it is not read, so that reading one stays
// within the 64 MB of the speed issue.
constexpr std::size_t kMaxCbfBytes = std::size_t(4) << 20;

FileReport read_cbf(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  (void)options;
  FileReport report;
  report.format = Format::Cbf;
  if (bytes.size() > kMaxCbfBytes) {
    report.issues.push_back({Code::TooLarge, Severity::Error, {}, "",
                             "a CBF record of " + std::to_string(bytes.size()) + " bytes, more than the " +
                                 std::to_string(kMaxCbfBytes >> 20) +
                                 " MiB this reader takes as one XML document (real ones are a few KB); not read"});
    return report;
  }
  CbfReader(bytes, visitor, report).run();
  return report;
}

}  // namespace xq::formats
