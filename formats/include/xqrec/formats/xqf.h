// XQF (象棋演播室 / XQStudio binary game record), versions 10 to 18.
//
// Reading: one game per file. Header strings are GB18030 and become tags:
//
//   XQF field (offset)        tag          XQF field (offset)   tag
//   TitleA     (0x050, 63)    Title        TimeRule  (0x150)    TimeControl
//   TitleB     (0x090, 63)    Subtitle     RedTime   (0x190)    RedTime
//   MatchName  (0x0D0, 63)    Event        BlkTime   (0x1A0)    BlackTime
//   MatchTime  (0x110, 15)    Date         RMKWriter (0x1D0)    Annotator
//   MatchAddr  (0x120, 15)    Site         Author    (0x1E0)    Author
//   RedPlayer  (0x130, 15)    Red          PlayResult (0x33)    Result (+ result())
//   BlkPlayer  (0x140, 15)    Black        CodeA     (0x40)     GameType, when not 0:
//                                                    "opening", "middlegame", "endgame" or the number
//
// Empty fields give no tag. PlayResult 0 gives "*", 1 "1-0", 2 "0-1",
// 3 and 4 "1/2-1/2". The piece array becomes start_setup(); the side to move
// is the colour of the first move's piece (else WhoPlay at 0x32, else Red).
// Moves come as MoveNotation::Coordinates with ICCS text.
//
// Writing: version 10 (plain) or 18 (encrypted, key bytes zero by default,
// as vschess writes it). The same tags are read back; anything XQF cannot
// hold is returned as loss notes.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"
#include "xqrec/formats/write_loss.h"
#include "xqrec/core/game.h"

namespace xq::formats {

inline constexpr std::size_t kXqfHeaderSize = 0x400;

// Keys derived from header bytes 0x03..0x0F (all zero below version 11).
struct XqfKeys {
  bool encrypted = false;
  std::uint8_t xy = 0;   // piece-array key
  std::uint8_t xyf = 0;  // move-from key
  std::uint8_t xyt = 0;  // move-to key
  std::uint32_t comment_size_key = 0;  // KeyRMKSize
  std::array<std::uint8_t, 4> f_key_bytes{};
  std::array<std::uint8_t, 32> f32_keys{};  // record-area key stream, by offset mod 32
};

// `header` must hold at least the first 16 bytes of the file.
XqfKeys xqf_keys(std::string_view header);

FileReport read_xqf(std::string_view bytes, GameVisitor& visitor, const ReadOptions& options = {});

// The raw key bytes a writer puts at 0x03..0x0F for version 18. KeysSum
// (0x0C) is computed so that 0x0C..0x0F sum to 0 mod 256, as XQStudio checks.
struct XqfKeyBytes {
  std::uint8_t mask = 0;                    // 0x03
  std::array<std::uint8_t, 4> key_or{};     // 0x08..0x0B
  std::uint8_t xy = 0, xyf = 0, xyt = 0;    // 0x0D..0x0F
};

struct XqfWriteOptions {
  int version = 18;      // 10 or 18
  XqfKeyBytes keys{};    // version 18 only; zero keys open everywhere
};

struct XqfWriteResult {
  std::string bytes;
  LossNotes losses;
};

// The start position is record.start_setup if set, else start_fen parsed,
// else the standard start. Moves must be resolved (GameNode::move); an
// unresolved move is left out with its subtree, and noted.
XqfWriteResult write_xqf(const GameRecord& record, const XqfWriteOptions& options = {});

}  // namespace xq::formats
