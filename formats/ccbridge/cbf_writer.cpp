// CBF writer (象棋桥 XML) through pugixml: UTF-8 with BOM, one-space indent.
#include <pugixml.hpp>
#include <set>
#include <sstream>
#include <string>

#include "text/text_decode.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/cbf.h"
#include "xqrec/formats/record_start.h"

namespace xq::formats {

namespace {

constexpr std::string_view kHeadOrder[] = {
    "Name",        "URL",        "From",         "ContestType", "Contest",    "Round",
    "Group",       "Table",      "Date",         "Site",        "TimeRule",   "Red",
    "RedTeam",     "RedTime",    "RedRating",    "Black",       "BlackTeam",  "BlackTime",
    "BlackRating", "Referee",    "Recorder",     "Commentator", "CommentatorURL", "Creator",
    "CreatorURL",  "DateCreated", "DateModified", "ECCO",       "RecordType", "RecordKind",
    "RecordResult", "ResultType", "FEN"};

std::string value_of(Move m) {
  const Square a = m.from(), b = m.to();
  return std::string{char('0' + a.file()), char('0' + (9 - a.rank())), '-', char('0' + b.file()),
                     char('0' + (9 - b.rank()))};
}

class Writer {
 public:
  explicit Writer(const GameRecord& r) : r_(r) {}

  CbfWriteResult run() {
    pugi::xml_document doc;
    pugi::xml_node decl = doc.append_child(pugi::node_declaration);
    decl.append_attribute("version") = "1.0";
    decl.append_attribute("encoding") = "UTF-8";
    pugi::xml_node root = doc.append_child("ChineseChessRecord");
    root.append_attribute("Version") = "1.0";
    head(root.append_child("Head"));
    moves(root.append_child("MoveList"));
    std::ostringstream os;
    doc.save(os, " ", pugi::format_indent | pugi::format_write_bom, pugi::encoding_utf8);
    out_.bytes = os.str();
    return std::move(out_);
  }

 private:
  void note(Code code, std::string message) { out_.losses.push_back(loss(code, std::move(message))); }

  std::string clean(std::string_view s, std::string_view what) {
    if (detail::is_valid_utf8(s)) return std::string(s);
    note(Code::BadText, std::string(what) + " is not valid UTF-8; bad bytes written as \\xNN");
    return detail::escape_invalid_utf8(s);
  }

  void text_element(pugi::xml_node head, std::string_view name, std::string_view value) {
    pugi::xml_node e = head.append_child(std::string(name).c_str());
    if (!value.empty()) e.append_child(pugi::node_pcdata).set_value(clean(value, name).c_str());
  }

  void head(pugi::xml_node head) {
    const std::string result = formats::record_result(r_);
    std::string record_result = result == "1-0" ? "1" : result == "0-1" ? "2" : result == "1/2-1/2" ? "3" : "0";
    if (const std::string* raw = r_.tag("CBF_RecordResult")) record_result = *raw;

    // Tag values by element, first one wins; extra CBF_ elements after.
    std::vector<std::pair<std::string, std::string>> known, extra;
    std::set<std::string> seen;
    for (const Tag& t : r_.tags) {
      if (ascii_iequals(t.name, "Result") || ascii_iequals(t.name, "CBF_RecordResult") || is_structural_tag(t)) continue;
      const std::string element = cbf_element_for_tag(t.name);
      if (element.empty() || element == "FEN" || element == "RecordResult") {
        note(Code::TagDropped, "tag " + t.name + " has no CBF element");
        continue;
      }
      if (!seen.insert(element).second) {
        note(Code::TagDropped, "tag " + t.name + " appears more than once; CBF holds the first");
        continue;
      }
      bool is_known = false;
      for (std::string_view k : kHeadOrder) is_known = is_known || k == element;
      (is_known ? known : extra).push_back({element, t.value});
    }
    std::string fen;
    auto start = record_start(r_);
    if (start) {
      fen = to_fen(start.value());
    } else {
      note(Code::BadStart, start.error() + "; the standard start is written");
      fen = std::string(kStartFen);
    }
    start_ = start ? start.value() : Setup::start();
    for (std::string_view element : kHeadOrder) {
      std::string value;
      if (element == "RecordResult") value = record_result;
      else if (element == "FEN") value = fen;
      else
        for (const auto& [e, v] : known)
          if (e == element) value = v;
      text_element(head, element, value);
    }
    for (const auto& [e, v] : extra) text_element(head, e, v);
  }

  static void comment(pugi::xml_node move, const std::string& text) {
    // pugixml splits "]]>" across two CDATA sections when it saves.
    if (!text.empty()) move.append_child(pugi::node_cdata).set_value(text.c_str());
  }

  void moves(pugi::xml_node list) {
    const GameNode& root = r_.node(r_.root());
    std::string game_comment;
    auto add = [](std::string& to, const std::string& s) {
      if (s.empty()) return;
      if (!to.empty()) to += '\n';
      to += s;
    };
    add(game_comment, root.comment_before());
    add(game_comment, root.comment_after());
    if (!root.children.empty()) add(game_comment, r_.node(root.children.front()).comment_before());
    pugi::xml_node last = list.append_child("Move");
    last.append_attribute("value") = "00-00";
    comment(last, clean(game_comment, "the game comment"));
    std::size_t variations = 0;
    for (const GameNode& n : r_.nodes)
      if (n.children.size() > 1) variations += n.children.size() - 1;
    if (variations)
      note(Code::VariationsDropped, std::to_string(variations) +
                                     " variation(s) not written: the CBF encoding of variations is not known");
    int ply = 1;
    for (NodeId id : r_.main_line()) {
      const GameNode& n = r_.node(id);
      const Move m = node_move(n);
      if (m.is_none()) {
        note(Code::UnresolvedMove, "move '" + printable(n.text) + "' at ply " + std::to_string(ply) +
                                    " is not resolved; the main line ends before it");
        break;
      }
      std::string text = n.comment_after();
      if (ply > 1 && !n.comment_before().empty()) {
        note(Code::CommentMoved, "a comment before ply " + std::to_string(ply) + " is written after it");
        text = n.comment_before() + (text.empty() ? "" : "\n" + text);
      }
      if (!n.nags().empty()) note(Code::NagDropped, "NAGs at ply " + std::to_string(ply) + " have no CBF form");
      last = list.append_child("Move");
      last.append_attribute("value") = value_of(m).c_str();
      comment(last, clean(text, "a comment"));
      ++ply;
    }
    last.append_attribute("end") = "1";
  }

  const GameRecord& r_;
  CbfWriteResult out_;
  Setup start_;
};

}  // namespace

CbfWriteResult write_cbf(const GameRecord& record) { return Writer(record).run(); }

}  // namespace xq::formats
