// The older zlib-compressed CCBridge library: "CCBridge", u32 21, u32
// variant, u32 inflated size, then one zlib stream whose payload holds GBK
// strings and the games. Layout (little-endian; a "string" is a u32 byte
// length then that many GBK bytes), worked out from the corpus libraries:
//
//   library: 5 strings (name, ?, ?, author, ?), 2 x 19 bytes of date text
//            (created, modified), u32 game count, u32 (0 seen)
//   game:    u32 size of the game (these 4 bytes included)
//            32 piece squares: Red then Black, R N B A K A B N R C C P P P P P;
//              byte (file+1) << 4 | (row from the top + 1), 0 = absent
//            u32 type (1 full game, 2 opening, 3 middlegame, 4 endgame)
//            u32 (0 seen), u32 (1 seen)
//            string title, 6 strings whose meaning is unknown (all empty seen)
//            u32 result (0 unknown, 1 Red wins, 2 Black wins, 3 draw, 4 several)
//            5 strings: annotator, annotator e-mail, author, author e-mail,
//              the game comment
//            u8 side to move (1 Red, 0 Black), 2 x 19 bytes of date text
//            u32 n, n move records of 6 bytes: u16 ply (1-based), from, to
//              (file << 4 | row from the top), 2 bytes of Chinese notation
//              that repeat the squares (not needed)
//            n comments, one per record, each ended by CR LF ("||" = newline)
//
// The records are the depth-first pre-order of the move tree, a line at a
// time: a record whose ply is not one more than the one before is the next
// alternative to the move at that ply on the line just read.
#pragma once

#include <string_view>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"

namespace xq::formats::detail {

inline constexpr std::string_view kCompressedCblMagic{"CCBridge\x15\0\0\0", 12};
inline constexpr std::size_t kCompressedCblHeader = 20;  // magic, variant, inflated size

// Whether `bytes` starts like a compressed library.
bool is_compressed_cbl(std::string_view bytes);

// Inflates and reads the games into `visitor`; file-level problems go to
// `report`. Issues carry the file offset of the zlib stream (the payload
// has no file offsets); their messages name the offset in the inflated data.
void read_compressed_cbl(std::string_view bytes, GameVisitor& visitor, FileReport& report);

}  // namespace xq::formats::detail
