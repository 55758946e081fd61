// DhtmlXQ, the dpxq.com UBB text: reading (the text alone or embedded in
// an HTML page, several records per page) and writing.
//
// Tags. Info fields become tags with PGN-style names; the mapping is
// stable and the writer uses its inverse:
//   title Title, event Event, date Date, place Site, round Round,
//   table Table, group Group, red Red, redteam RedTeam, redname RedName,
//   redrating RedRating, redtime RedTime, black Black, blackteam BlackTeam,
//   blackname BlackName, blackrating BlackRating, blacktime BlackTime,
//   result Result (as 1-0, 0-1, 1/2-1/2 or *), ecco ECCO, open Opening,
//   variation Variation, remark Remark, author Annotator, judge Referee,
//   record Recorder, type RecordKind, gametype GameType, class Class,
//   timerule TimeRule, endtype EndType, refer Refer, generator Generator,
//   owner Owner, other Other.
// Any other field (including the display fields ver, init, firstnum,
// length) becomes a tag named "DhtmlXQ_<field>", and the writer writes
// such tags back as fields. When the result text is not the one the
// writer would write for that result (红胜, 红负, 和棋, 未知), the text is
// also kept as tag DhtmlXQ_result.
//
// The DHJHtmlXQ dialect (广东象棋网 打虎将: [DHJHtmlXQ_N] numbered fields,
// [game_comment_B_N] comments) is read too: its numbered info fields map to
// the same tags (10 title, 11 event, 13 date, 14 place, 15 round, 16 table,
// 17 red, 18 redname, 21 black, 22 blackname, 28 result, 36 open,
// 37 variation, 40 remark, 41 author, ...); 31 (the board), 32 (the side
// to move) and 34 (the moves) give the start and the main line; any other
// number, 33 (the starting step) included, becomes the tag "DHJHtmlXQ_N".
//
// Moves are coordinates (MoveNotation::Coordinates, text = ICCS). The
// start position is [DhtmlXQ_fen] when present, else binit, else the
// standard start; the side to move is the colour of the first move's piece.
#pragma once

#include "xqrec/formats/encoding.h"

#include <string>
#include <string_view>

#include "xqrec/formats/write_loss.h"
#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"
#include "xqrec/core/game.h"

namespace xq::formats {

// Issue codes: Code::NoRecord, Code::Truncated, Code::BadTag, Code::MismatchedClose,
// Code::DuplicateField, Code::BadMove, Code::BadBinit, Code::BadFen, Code::BadVariation,
// Code::OrphanVariation, Code::BadComment, Code::SideToMove, Code::BadEncoding.
FileReport read_dhtmlxq(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options = {});

struct DhtmlXqWriteResult {
  std::string bytes;  // in the requested encoding
  LossNotes losses;
  bool ok = true;     // false only when the encoding is unknown to ICU (bytes empty)
};

struct DhtmlXqWriteOptions {
  // Wrap in [DhtmlXQ]...[/DhtmlXQ] (the usual form) and put one field per line.
  bool one_field_per_line = true;
  // An ICU converter name: "UTF-8" (default), "GBK" (what dpxq.com pages use), ...
  OutputEncoding encoding = OutputEncoding::Utf8;
};

// Writes one record. Moves must be resolved (GameNode::move); a node
// without a move ends its line and is reported. Loss notes: Code::TagDropped,
// Code::NagDropped, Code::CommentMoved (a comment before a move other than a
// line's first is written after the previous move), Code::UnresolvedMove,
// Code::StartNotRepresentable (binit cannot hold the set-up; it is still
// written in [DhtmlXQ_fen]), Code::UnencodableCharacters (not in the
// encoding: substituted), Code::UnknownEncoding.
DhtmlXqWriteResult write_dhtmlxq(const GameRecord& record, const DhtmlXqWriteOptions& options = {});

// The tag name for a DhtmlXQ field name ("place" -> "Site"), and back
// ("Site" -> "place"; empty when the tag has no field).
std::string dhtmlxq_tag_for_field(std::string_view field);
std::string dhtmlxq_field_for_tag(std::string_view tag);

// The PGN result for a DhtmlXQ result text ("红胜" -> "1-0"; W/L/D of
// English pages too); "*" when unknown.
std::string_view dhtmlxq_result_to_pgn(std::string_view text);

}  // namespace xq::formats
