// The JSON form of a GameRecord, for pipelines: one game per JSON object.
//
// Schema (version 1). A file holds JSON objects one after another (JSON
// Lines: the writer puts each game on one line) or one array of them.
//   {
//     "xqrec": 1,                          format version (required)
//     "tags": [["Event", "..."], ...],     in order, names may repeat
//     "start_fen": "rnbakabnr/...",        absent: the standard start
//     "comment_before": "...",             rare: before the game comment
//     "comment": "...",                    the game comment (before move 1)
//     "moves": [MOVE, ...],                the main line
//     "result": "1-0",                     absent when none is recorded
//     "truncated": true                    absent when false
//   }
//   MOVE = {
//     "text": "炮二平五",                  the move as written
//     "notation": "chinese",               auto|iccs|wxf|chinese|coordinates
//     "iccs": "h2e2",                      present when the move is resolved
//     "where": [offset, line, column],     where it was in its source (optional)
//     "comment_before": "...", "comment": "...",
//     "nags": [1, 14],
//     "variations": [[MOVE, ...], ...]     alternatives to this move, in order
//   }
// Strings are UTF-8. Bytes that are not valid UTF-8 are written as
// "\udcXX" (a lone low surrogate, XX the byte), and read back as that byte.
// Members other than these are reported and ignored. Nesting deeper than
// 600 JSON levels is refused. A game is read whole up to 16 MiB of text and
// 2^21 values: a larger one is cut there (too-large), the next read; a
// string or number of more than 4 MiB stops reading (too-large). Memory
// follows the game, not the file: the pages of the games read are given
// back (ReadOptions::done_before).
#pragma once

#include <string>
#include <string_view>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"
#include "xqrec/core/game.h"
#include "xqrec/core/json_text.h"

namespace xq::formats {

// Issue codes: Code::BadJson (syntax; reading stops there), Code::TooDeep, Code::TooLarge,
// Code::BadSchema (a member of the wrong type; the member is skipped),
// Code::UnknownMember, Code::BadMove, Code::BadEncoding.
FileReport read_json(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options = {});

struct JsonWriteOptions {
  bool locations = false;  // write "where" for each move
};

// One game as one line of JSON (ending in "\n"). The JSON form holds
// everything a GameRecord holds, so nothing is ever lost. A start_setup is
// written as "start_fen".
std::string write_json(const GameRecord& record, const JsonWriteOptions& options = {});

// Appends a JSON string literal (quotes included) for UTF-8 text: control
// characters escaped, invalid bytes as \udcXX.

using xq::append_json_string;  // the project's one JSON string escaper (xqrec/core/json_text.h)

}  // namespace xq::formats
