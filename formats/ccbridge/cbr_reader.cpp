// CBR reader (CCBridge record, versions 1 and 2).
#include <array>
#include <string>

#include "text/binary_text.h"
#include "record/binary_tree.h"
#include "record/offset_issue.h"
#include "ccbridge/cbr_record.h"
#include "xqrec/core/fen.h"
#include "xqrec/formats/cbr.h"

namespace xq::formats {

namespace detail {

namespace {

struct Field {
  std::uint16_t offset, size;
  std::string_view tag;
};

struct Layout {
  std::array<Field, 29> fields;
  std::size_t field_count;
  std::size_t type, result, side, move_number, board, records;
};

// Version 2: research notes §7.1. Version 1: the same fields shifted, as
// vschess reads them.
constexpr Layout kV2{{{{180, 128, "Title"},        {308, 256, "Category"},     {564, 64, "Source"},
                       {628, 64, "EventClass"},    {692, 64, "Event"},         {756, 64, "Round"},
                       {820, 32, "Group"},         {852, 32, "Table"},         {884, 64, "Date"},
                       {948, 64, "Site"},          {1012, 64, "TimeControl"},  {1076, 64, "Red"},
                       {1140, 64, "RedTeam"},      {1204, 64, "RedTime"},      {1268, 32, "RedRating"},
                       {1300, 64, "Black"},        {1364, 64, "BlackTeam"},    {1428, 64, "BlackTime"},
                       {1492, 32, "BlackRating"},  {1524, 64, "Referee"},      {1588, 64, "Recorder"},
                       {1652, 64, "Annotator"},    {1716, 64, "AnnotatorEmail"}, {1780, 64, "Author"},
                       {1844, 64, "AuthorEmail"},  {1908, 40, "Created"},      {1972, 40, "Modified"},
                       {52, 128, "ScriptFile"},    {2044, 32, "Property"}}},
                     29, 2040, 2076, 2112, 2116, 2120, 2214};
constexpr Layout kV1{{{{52, 128, "Title"},         {180, 256, "Category"},     {436, 64, "Source"},
                       {500, 64, "EventClass"},    {564, 64, "Event"},         {628, 64, "Round"},
                       {692, 32, "Group"},         {724, 32, "Table"},         {756, 64, "Date"},
                       {820, 64, "Site"},          {884, 64, "TimeControl"},   {948, 64, "Red"},
                       {1012, 64, "RedTeam"},      {1076, 64, "RedTime"},      {1140, 32, "RedRating"},
                       {1172, 64, "Black"},        {1236, 64, "BlackTeam"},    {1300, 64, "BlackTime"},
                       {1364, 32, "BlackRating"},  {1396, 64, "Annotator"},    {1460, 64, "AnnotatorEmail"},
                       {1524, 64, "Author"},       {1588, 64, "AuthorEmail"},  {1652, 40, "Created"},
                       {1716, 40, "Modified"},     {1788, 32, "Property"},     {0, 0, ""},
                       {0, 0, ""},                 {0, 0, ""}}},
                     26, 1784, 1820, 1856, 1860, 1864, 1958};
constexpr std::size_t kV2Termination = 2080, kV1Termination = 1824;

std::string_view result_text(unsigned code) {
  switch (code) {
    case 1: return "1-0";
    case 2: return "0-1";
    case 3: return "1/2-1/2";
    default: return "*";
  }
}

Piece board_piece(unsigned code) {
  const unsigned type = code & 0x0F;
  if (type < 1 || type > 7) return Piece();
  // CBR order: rook, horse, elephant, advisor, king, cannon, pawn.
  static constexpr PieceType kTypes[8] = {PieceType::None,    PieceType::Rook, PieceType::Horse,
                                          PieceType::Elephant, PieceType::Advisor, PieceType::King,
                                          PieceType::Cannon,  PieceType::Pawn};
  if ((code & 0xF0) == 0x10) return Piece(Color::Red, kTypes[type]);
  if ((code & 0xF0) == 0x20) return Piece(Color::Black, kTypes[type]);
  return Piece();
}

// A move square: version 2 counts row-major from a9; version 1 is 16*f + row.
Square cbr_square(unsigned b, bool v1) {
  if (v1) {
    const unsigned f = b >> 4, row = b & 15;
    return f < 9 && row < 10 ? Square(int(f), int(9 - row)) : Square::none();
  }
  return b < 90 ? Square(int(b % 9), int(9 - b / 9)) : Square::none();
}

}  // namespace

CbrRecordResult read_cbr_record(std::string_view rec, std::uint64_t base, std::size_t index, GameVisitor& visitor,
                                const std::vector<std::pair<std::string_view, std::string>>& extra_tags,
                                IssueCap& file_issues, IssueBudget* budget, const Issue* game_issue) {
  CbrRecordResult out;
  const unsigned version = rec.size() > 19 ? static_cast<unsigned char>(rec[19]) : 0;
  if (rec.size() < 20 || rec.substr(0, 16) != kCbrMagic) {
    file_issues.keep(make_issue(Code::BadHeader, Severity::Error, base, "not a CCBridge record (no magic)"));
    return out;
  }
  if (version != 1 && version != 2) {
    file_issues.keep(make_issue(Code::Unsupported, Severity::Error, base + 19,
                                     "CBR version " + std::to_string(version) +
                                         " is not supported (only 1 and 2; 3 is \"new format, upgrade required\")"));
    return out;
  }
  const Layout& layout = version == 1 ? kV1 : kV2;
  const bool v1 = version == 1;
  out.read = true;
  out.control = visitor.begin_game(index, SourceLocation{base, 0, 0});
  if (out.control != Control::Continue) {
    if (out.control == Control::SkipGame) out.control = Control::Continue;
    return out;
  }
  if (game_issue) visitor.issue(*game_issue);
  const auto byte = [&](std::size_t o) -> unsigned { return o < rec.size() ? static_cast<unsigned char>(rec[o]) : 0; };
  const auto field = [&](std::size_t o, std::size_t size) {
    return o < rec.size() ? rec.substr(o, size) : std::string_view();
  };
  // The move tree, and the cap on this game's issues (those of the header too).
  thread_local RecordTree tree;
  tree.clear(budget);
  const auto header_issue = [&](Issue i) {
    if (tree.issue_room()) visitor.issue(i);
  };
  bool truncated = false;
  if (rec.size() < layout.records) {
    truncated = true;
    header_issue(make_issue(Code::Truncated, Severity::Error, base + rec.size(), "the record ends inside its header"));
  }

  // Tags.
  const auto decode = [&](std::string_view tag, std::size_t o, std::size_t size) {
    DecodedText t = decode_utf16le(field(o, size));
    if (t.had_errors)
      header_issue(make_issue(Code::BadEncoding, Severity::Warning, base + o,
                               "the " + std::string(tag) + " field is not valid UTF-16; bad units replaced"));
    return std::move(t.utf8);
  };
  for (std::size_t i = 0; i < layout.field_count; ++i) {
    const Field& f = layout.fields[i];
    std::string value = decode(f.tag, f.offset, f.size);
    if (!value.empty()) visitor.tag(f.tag, value);
  }
  if (std::string t = decode("Termination", v1 ? kV1Termination : kV2Termination, 32); !t.empty())
    visitor.tag("Termination", t);
  static constexpr std::string_view kTypes[] = {"game", "composed", "game-partial", "composed-partial"};
  if (const unsigned type = byte(layout.type); type != 0)
    visitor.tag("RecordType", type < 4 ? std::string(kTypes[type]) : std::to_string(type));
  for (const auto& [name, value] : extra_tags) visitor.tag(name, value);
  const unsigned result_code = byte(layout.result);
  if (result_code == 4)
    header_issue(make_issue(Code::MultipleResults, Severity::Info, base + layout.result,
                             "the record gives several results (code 4); read as \"*\""));
  else if (result_code > 4)
    header_issue(make_issue(Code::BadResult, Severity::Warning, base + layout.result,
                             "result code " + std::to_string(result_code) + " is unknown; read as \"*\""));
  const std::string_view result = result_text(result_code);
  visitor.tag("Result", result);

  // Board.
  Setup setup;
  for (std::size_t i = 0; i < 90; ++i) {
    const unsigned code = byte(layout.board + i);
    if (code == 0) continue;
    const Piece p = board_piece(code);
    if (p.empty()) {
      header_issue(make_issue(Code::BadSetup, Severity::Error, base + layout.board + i,
                               "unknown piece code " + std::to_string(code) + " on the board; left out"));
      continue;
    }
    setup.put(Square(int(i % 9), int(9 - i / 9)), p);
  }
  const unsigned move_number = byte(layout.move_number) | byte(layout.move_number + 1) << 8;
  setup.fullmove_number = move_number >= 1 ? int(move_number) : 1;

  // Move records.
  std::size_t o = layout.records;
  std::string comment;
  while (!truncated && !tree.complete()) {
    if (o + 4 > rec.size()) {
      truncated = true;
      tree.add_issue(kNoRecord, make_issue(Code::Truncated, Severity::Error, base + o,
                                           "the record ends where another move record was promised"));
      break;
    }
    const std::size_t start = o;
    const unsigned flags = byte(o), from_b = byte(o + 2), to_b = byte(o + 3);
    o += 4;
    if (flags > 7) {
      truncated = true;
      tree.add_issue(kNoRecord, make_issue(Code::BadRecord, Severity::Error, base + start,
                                           "move record flags " + std::to_string(flags) + " are not CBR flags; stopped"));
      break;
    }
    RecordNode node;
    node.offset = base + start;
    std::vector<Issue> pending;
    bool stop = false;
    if (flags & 4) {
      if (o + 4 > rec.size()) {
        pending.push_back(make_issue(Code::Truncated, Severity::Error, base + o, "the record ends inside a comment length"));
        stop = true;
        o = rec.size();
      } else {
        const std::uint32_t length = byte(o) | byte(o + 1) << 8 | byte(o + 2) << 16 | std::uint32_t(byte(o + 3)) << 24;
        o += 4;
        std::size_t take = length;
        if (length > rec.size() - o) {
          pending.push_back(make_issue(Code::Truncated, Severity::Error, base + o,
                                       "comment of " + std::to_string(length) + " bytes, but only " +
                                           std::to_string(rec.size() - o) + " remain"));
          take = rec.size() - o;
          stop = true;
        }
        DecodedText text = decode_utf16le(rec.substr(o, take));
        if (text.had_errors)
          pending.push_back(make_issue(Code::BadEncoding, Severity::Warning, base + o,
                                       "comment is not valid UTF-16; bad units replaced"));
        tree.set_comment(node, text.utf8);
        o += take;
      }
    }
    if (tree.started()) {
      const Square from = cbr_square(from_b, v1), to = cbr_square(to_b, v1);
      if (!from.valid() || !to.valid() || from == to) {
        node.dropped = true;
        pending.push_back(make_issue(Code::BadMove, Severity::Error, base + start,
                                     "move record with squares " + std::to_string(from_b) + " -> " +
                                         std::to_string(to_b) + " is not a move; left out with its continuation"));
      } else {
        node.move = Move(from, to);
      }
    }
    const std::uint32_t id = tree.add(node, !(flags & 1), (flags & 2) != 0);
    for (auto& p : pending) tree.add_issue(id, std::move(p));
    if (stop) truncated = true;
  }

  const std::uint32_t first = tree.first_main_move();
  const Piece mover = first != kNoRecord ? setup.at(tree.nodes[first].move.from()) : Piece();
  if (!mover.empty()) setup.side_to_move = mover.color();
  else setup.side_to_move = byte(layout.side) == 2 ? Color::Black : Color::Red;

  for (const auto& i : tree.game_issues) visitor.issue(i);
  visitor.start_setup(setup);
  tree.replay(visitor);
  visitor.result(result);
  out.control = visitor.end_game(truncated);
  return out;
}

}  // namespace detail

FileReport read_cbr(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options) {
  (void)options;
  FileReport report;
  report.format = Format::Cbr;
  report.encoding = "UTF-16LE";
  detail::IssueCap file_issues(report.issues, detail::kMaxGameIssues);
  const detail::CbrRecordResult r = detail::read_cbr_record(bytes, 0, 1, visitor, {}, file_issues, nullptr);
  if (r.read) report.games = 1;
  return report;
}

}  // namespace xq::formats
