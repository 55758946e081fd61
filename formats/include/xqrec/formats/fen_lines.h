// FEN lines: one position per line, each read as a game with a start
// position only.
#pragma once

#include <string>
#include <string_view>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"
#include "xqrec/core/game.h"

namespace xq::formats {

// Empty lines and lines starting with '#' are skipped. A line that is not
// a FEN is reported in FileReport::issues (code Code::BadFen, with its line
// number and the column of the problem) and gives no game.
FileReport read_fen_lines(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options = {});

// The start position of a record as one FEN line (with "\n").
std::string write_fen_line(const GameRecord& record);

}  // namespace xq::formats
