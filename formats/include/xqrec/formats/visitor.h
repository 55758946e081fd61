// The streaming interface between record readers and their consumers.
//
// A reader tokenises its input and calls the visitor in source order; it
// never needs a Position. Moves arrive as text (PGN, DhtmlXQ) or as squares
// (XQF, CBR/CBL), and are resolved later in one place, so every format
// reports bad moves the same way.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "xqrec/formats/issue.h"
#include "xqrec/core/game.h"
#include "xqrec/core/setup.h"

namespace xq::formats {

enum class Control : std::uint8_t { Continue, SkipGame, Stop };

class GameVisitor {
 public:
  virtual ~GameVisitor() = default;

  // A new game starts; `index` is 1-based within the file.
  virtual Control begin_game(std::size_t index, SourceLocation where) {
    (void)index, (void)where;
    return Control::Continue;
  }
  virtual void tag(std::string_view name, std::string_view value) { (void)name, (void)value; }
  // The start position as FEN text (PGN [FEN], DhtmlXQ binit converted by
  // the reader), or as a decoded set-up (binary headers).
  virtual void start_fen(std::string_view fen) { (void)fen; }
  virtual void start_setup(const Setup& setup) { (void)setup; }
  // A comment: before the first move of the current line if no move has
  // come yet in it, otherwise after the last move.
  virtual void comment(std::string_view text) { (void)text; }
  // A comment that belongs to the move that comes next in the current line
  // (PGN: one between a move number and its move, "12. {text} h2e2").
  // Visitors that do not tell the two apart get it as a plain comment.
  virtual void comment_before_move(std::string_view text) { comment(text); }
  // A move as written. `squares` is set when the format stores coordinates.
  virtual void move(std::string_view text, MoveNotation notation, SourceLocation where,
                    Move squares = Move::none()) {
    (void)text, (void)notation, (void)where, (void)squares;
  }
  virtual void nag(int value) { (void)value; }
  // How many moves the game's tree holds, when a reader knows it before
  // visiting them (a binary record's tree): storage can be had in one step
  // (an opening library of 200,000 moves would otherwise peak at one and a
  // half times its size while it grows). A hint only; any count may follow.
  virtual void expect_moves(std::size_t count) { (void)count; }
  // A variation: an alternative to the last move visited; end_variation
  // returns to the line it branched from.
  virtual void begin_variation() {}
  virtual void end_variation() {}
  virtual void result(std::string_view text) { (void)text; }
  virtual void issue(const Issue& issue) { (void)issue; }
  // `truncated`: the input ended inside this game.
  virtual Control end_game(bool truncated) {
    (void)truncated;
    return Control::Continue;
  }
};

}  // namespace xq::formats
