// Writing Xiangqi PGN from a GameRecord whose moves are resolved
// (GameNode::move set).
//
// - `[Game "Chinese Chess"]` first, then the record's tags in order (Game,
//   Format and FEN are written by the writer itself), `[Format "WXF"|"ICCS"]`
//   when the notation is not Chinese, `[FEN "..."]` (standard letters, side
//   w/b) whenever the start is not the standard position with Red to move.
//   The start is start_setup if set, else start_fen parsed, else standard.
// - Tag names are ASCII [A-Za-z0-9_]: known Chinese names are mapped
//   (红方 -> Red ...), other names are cleaned up or, when nothing is left,
//   kept in the game comment. Each such change is a loss note.
// - Moves in Chinese (default), WXF or ICCS, through the notation module.
//   A move that is not resolved (or not legal where it stands) is written as
//   its source text, and so is the rest of its line (loss note).
// - Comments `{}`, nested variations `()`, NAGs `$n`, the result (`*` when
//   none is recorded, nothing when the record is truncated and has none).
// - UTF-8 by default; any ICU encoding on request (GBK, GB18030, Big5):
//   characters the encoding cannot hold are substituted and noted.
#pragma once

#include "xqrec/formats/encoding.h"

#include <string>

#include "xqrec/formats/write_loss.h"
#include "xqrec/core/game.h"
#include "xqrec/core/iccs.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/notation/wxf.h"

namespace xq::formats {

struct PgnWriteOptions {
  MoveNotation notation = MoveNotation::Chinese;  // Chinese, Wxf or Iccs
  IccsStyle iccs_style = IccsStyle::UpperDash;    // H2-E2 (the PGN form) or h2e2
  notation::ChineseStyle chinese;
  notation::WxfStyle wxf;
  OutputEncoding encoding = OutputEncoding::Utf8;
  std::string newline = "\n";      // "\r\n" for the ElephantEye/XQWizard style
};

struct PgnWriteResult {
  std::string bytes;  // one game, in the requested encoding, ending with a newline
  LossNotes losses;   // what could not be written as it was
  bool ok = true;     // false only when the encoding is unknown to ICU (bytes empty)
};

PgnWriteResult write_pgn(const GameRecord& record, const PgnWriteOptions& options = {});

// The same as UTF-8 text, for callers that concatenate many games and
// encode once.
std::string write_pgn_text(const GameRecord& record, const PgnWriteOptions& options, LossNotes& losses);

// A tag name made ASCII [A-Za-z0-9_]: known Chinese field names mapped to
// PGN names (红方 -> Red, 赛事 -> Event, ...), other characters dropped.
// Empty when nothing usable is left.
std::string pgn_tag_name(std::string_view name);

}  // namespace xq::formats
