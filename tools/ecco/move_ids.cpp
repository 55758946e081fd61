// The line's move ids, with the pieces of each kind counted per file along
// the moves (a test compares those counts with the board's: tests/ecco).
#include "move_ids.h"

#include <algorithm>
#include <cstdint>

#include "xqrec/core/mirror.h"
#include "xqrec/core/position.h"

namespace xq::ecco {

KeyTable::KeyTable(const Book& book) {
  for (const auto& [text, id] : book.ids)
    if (const auto k = key_of_text(text)) ids[k->key] = id;
}

namespace {

// How many pieces of each code stand on each file: a move of a piece that
// shares its file with another of its kind would need 前/后, which the data
// never names (advisors and elephants aside, named by their file alone).
using FileCounts = std::array<std::uint8_t, kPieceCodeCount * kFiles>;

std::uint8_t& on_file(FileCounts& c, Piece p, Square s) { return c[std::size_t(p.code() * kFiles + s.file())]; }

const std::array<Piece, kSquares>& initial_board() {
  static const std::array<Piece, kSquares> b = [] {
    std::array<Piece, kSquares> out{};
    const Position start = Position::start();
    for (int i = 0; i < kSquares; ++i) out[std::size_t(i)] = start.at(Square(i));
    return out;
  }();
  return b;
}

const FileCounts& initial_counts() {
  static const FileCounts c = [] {
    FileCounts out{};
    for (int i = 0; i < kSquares; ++i)
      if (const Piece p = initial_board()[std::size_t(i)]; !p.empty()) ++on_file(out, p, Square(i));
    return out;
  }();
  return c;
}

}  // namespace

std::size_t move_ids(const KeyTable& table, std::span<const Move> line, bool mirror, Line& ids) {
  std::array<Piece, kSquares> board = initial_board();
  FileCounts counts = initial_counts();
  ids.fill(kEnd);
  std::size_t n = 0;  // plies read
  for (; n < std::min<std::size_t>(line.size(), kHorizon); ++n) {
    const Move m = mirror ? mirrored(line[n]) : line[n];
    const Piece p = m.is_none() ? Piece() : board[std::size_t(m.from().index())];
    if (p.empty() || p.color() != (n % 2 ? Color::Black : Color::Red)) break;
    const bool named_by_file =
        p.type() == PieceType::Advisor || p.type() == PieceType::Elephant || on_file(counts, p, m.from()) == 1;
    ids[n] = named_by_file ? table.ids[key_of_move(p, m)] : kOther;
    Piece& target = board[std::size_t(m.to().index())];
    if (!target.empty()) --on_file(counts, target, m.to());
    --on_file(counts, p, m.from());
    ++on_file(counts, p, m.to());
    target = p;
    board[std::size_t(m.from().index())] = Piece();
  }
  return n;
}

}  // namespace xq::ecco
