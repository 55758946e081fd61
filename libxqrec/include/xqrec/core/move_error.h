// Why a move is not legal: the reasons the audit reports to arbiters.
#pragma once

#include <cstdint>
#include <string_view>

namespace xq {

enum class MoveError : std::uint8_t {
  None = 0,
  OffBoard,                 // a square outside the board
  NullMove,                 // from and to are the same square
  NoPiece,                  // nothing on the from-square
  WrongSide,                // the piece belongs to the side not to move
  CapturesOwnPiece,
  NotAPieceMove,            // this piece never moves like that
  PathBlocked,              // rook or king move, or cannon move, through a piece
  HorseLegBlocked,          // 蹩马腿
  ElephantEyeBlocked,       // 塞象眼
  ElephantCrossesRiver,
  LeavesPalace,             // king or advisor
  PawnMovesBackward,
  PawnSidewaysBeforeRiver,
  CannonCaptureNeedsScreen,
  CannonCaptureTooManyScreens,
  LeavesKingInCheck,
  KingsFacing,              // the move opens the file between the kings
};

std::string_view move_error_code(MoveError e);     // "horse-leg-blocked"
std::string_view move_error_message(MoveError e);  // "the horse's leg is blocked (蹩马腿)"

}  // namespace xq
