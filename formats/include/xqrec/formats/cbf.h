// CBF, the 象棋桥 (CCBridge) XML record: reading and writing (UTF-8 with
// BOM, one-space indent, as 象棋桥 writes it).
//
// Tags. Head elements become tags:
//   Name Title, URL URL, From SourceFile, ContestType ContestType,
//   Contest Event, Round Round, Group Group, Table Table, Date Date,
//   Site Site, TimeRule TimeRule, Red Red, RedTeam RedTeam, RedTime RedTime,
//   RedRating RedRating, Black Black, BlackTeam BlackTeam,
//   BlackTime BlackTime, BlackRating BlackRating, Referee Referee,
//   Recorder Recorder, Commentator Annotator, CommentatorURL AnnotatorURL,
//   Creator Creator, CreatorURL CreatorURL, DateCreated DateCreated,
//   DateModified DateModified, ECCO ECCO, RecordType RecordType,
//   RecordKind RecordKind, ResultType ResultType,
//   RecordResult Result (1 -> 1-0, 2 -> 0-1, 3 -> 1/2-1/2; 0 or empty: no
//   result; any other value is kept as tag CBF_RecordResult).
// Empty elements give no tag. An unknown Head element X becomes tag
// "CBF_X", written back as element X. FEN is the start position (its side
// to move is honoured).
//
// Variations: their CBF encoding is not known (docs/cbf.md lists what was
// searched). The reader reads the main line up to the first end="1", and
// reports as issues any <Move> after it, unknown attributes of <Move>, and
// any element among, inside or after the moves or beside <Head> and
// <MoveList>; the writer writes the main line and reports variations as a
// loss.
#pragma once

#include <string>
#include <string_view>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"
#include "xqrec/formats/write_loss.h"
#include "xqrec/core/game.h"

namespace xq::formats {

// Issue codes: Code::BadXml, Code::BadRoot, Code::BadMove, Code::BadFen, Code::SideToMove,
// Code::UnknownAttribute, Code::UnknownElement, Code::Unsupported (moves after the
// end of the main line), Code::BadResult, Code::BadEncoding.
FileReport read_cbf(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options = {});

struct CbfWriteResult {
  std::string bytes;  // UTF-8 with BOM
  LossNotes losses;
};

// Writes one record. Moves must be resolved (GameNode::move). Loss notes:
// Code::VariationsDropped, Code::NagDropped, Code::TagDropped, Code::CommentMoved,
// Code::UnresolvedMove, Code::BadStart, Code::BadText (invalid UTF-8 escaped).
CbfWriteResult write_cbf(const GameRecord& record);

// The tag name for a Head element ("Contest" -> "Event") and back (empty
// when the tag has no element).
std::string cbf_tag_for_element(std::string_view element);
std::string cbf_element_for_tag(std::string_view tag);

}  // namespace xq::formats
