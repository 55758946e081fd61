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

LineIds::LineIds(const KeyTable& table, std::span<const Move> line, bool mirror)
    : table_(table), line_(line.first(std::min<std::size_t>(line.size(), kHorizon))), mirror_(mirror),
      board_(initial_board()), counts_(initial_counts()) {
  ids_.fill(kEnd);
}

void LineIds::read_through(std::size_t ply) {
  for (; read_ <= ply; ++read_) {
    const std::size_t n = read_;
    if (n >= line_.size()) break;
    const Move m = mirror_ ? mirrored(line_[n]) : line_[n];
    const Piece p = m.is_none() ? Piece() : board_[std::size_t(m.from().index())];
    if (p.empty() || p.color() != (n % 2 ? Color::Black : Color::Red)) break;
    const bool named_by_file =
        p.type() == PieceType::Advisor || p.type() == PieceType::Elephant || on_file(counts_, p, m.from()) == 1;
    ids_[n] = named_by_file ? table_.ids[key_of_move(p, m)] : kOther;
    Piece& target = board_[std::size_t(m.to().index())];
    if (!target.empty()) --on_file(counts_, target, m.to());
    --on_file(counts_, p, m.from());
    ++on_file(counts_, p, m.to());
    target = p;
    board_[std::size_t(m.from().index())] = Piece();
  }
  // The line ended before `ply` (or at it): nothing past it is read again.
  known_ = read_ > ply ? read_ : std::size_t(kHorizon);
}

std::size_t LineIds::read_of(std::size_t plies) {
  if (plies == 0) return 0;
  (*this)[plies - 1];
  return std::min(plies, read_);
}

std::size_t move_ids(const KeyTable& table, std::span<const Move> line, bool mirror, Line& ids) {
  LineIds read(table, line, mirror);
  for (std::size_t ply = 0; ply < kHorizon; ++ply) ids[ply] = read[ply];
  return read.read_of(kHorizon);
}

}  // namespace xq::ecco
