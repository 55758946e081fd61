// XQF header layout shared by the reader and the writer (research notes §2.1-2.2).
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "xqrec/core/types.h"

namespace xq::formats::detail {

inline constexpr std::size_t kXqfPieces = 0x10;       // 32 square bytes
inline constexpr std::size_t kXqfPlayStepNo = 0x30;   // uint16
inline constexpr std::size_t kXqfWhoPlay = 0x32;      // 0 Red, 1 Black
inline constexpr std::size_t kXqfPlayResult = 0x33;   // 0 unknown, 1 Red wins, 2 Black wins, 3 draw
inline constexpr std::size_t kXqfCodeA = 0x40;        // game type
inline constexpr std::size_t kXqfRecords = 0x400;

// The piece type of each index of the piece array (0-15 Red, 16-31 Black).
inline constexpr std::array<PieceType, 16> kXqfPieceTypes = {
    PieceType::Rook,   PieceType::Horse,    PieceType::Elephant, PieceType::Advisor,
    PieceType::King,   PieceType::Advisor,  PieceType::Elephant, PieceType::Horse,
    PieceType::Rook,   PieceType::Cannon,   PieceType::Cannon,   PieceType::Pawn,
    PieceType::Pawn,   PieceType::Pawn,     PieceType::Pawn,     PieceType::Pawn};

// XQF square byte 10*file + rank.
inline constexpr int xqf_square_byte(Square s) { return s.file() * 10 + s.rank(); }

struct XqfStringField {
  std::size_t offset;
  std::size_t size;  // including the length byte
  std::string_view tag;
};

// In the order the reader emits them (PGN's usual order first).
inline constexpr std::array<XqfStringField, 12> kXqfStringFields = {{
    {0x0D0, 64, "Event"},
    {0x120, 16, "Site"},
    {0x110, 16, "Date"},
    {0x130, 16, "Red"},
    {0x140, 16, "Black"},
    {0x050, 64, "Title"},
    {0x090, 64, "Subtitle"},
    {0x150, 64, "TimeControl"},
    {0x190, 16, "RedTime"},
    {0x1A0, 16, "BlackTime"},
    {0x1D0, 16, "Annotator"},
    {0x1E0, 16, "Author"},
}};

inline constexpr std::array<std::string_view, 4> kXqfGameTypes = {"full", "opening", "middlegame", "endgame"};

}  // namespace xq::formats::detail
