#include "xqrec/core/fen.h"

#include <bit>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace xq {

namespace {

constexpr std::size_t kMaxErrors = 20;  // a binary blob must not flood the output

PieceType type_of_letter(char c) {
  switch (c | 0x20) {  // lower case
    case 'k': return PieceType::King;
    case 'a': return PieceType::Advisor;
    case 'b': case 'e': return PieceType::Elephant;
    case 'n': case 'h': return PieceType::Horse;
    case 'r': return PieceType::Rook;
    case 'c': return PieceType::Cannon;
    case 'p': return PieceType::Pawn;
    default: return PieceType::None;
  }
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

std::string describe_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x21 && u < 0x7F) return std::string("'") + c + "'";
  static const char* hex = "0123456789ABCDEF";
  return std::string("byte 0x") + hex[u >> 4] + hex[u & 15];
}

}  // namespace

std::string printable(std::string_view text, std::size_t limit) {
  std::string out;
  static const char* hex = "0123456789abcdef";
  for (std::size_t i = 0; i < text.size() && i < limit; ++i) {
    const auto u = static_cast<unsigned char>(text[i]);
    if (u >= 0x20 && u < 0x7F) {
      out += char(u);
    } else {
      out += "\\x";
      out += hex[u >> 4];
      out += hex[u & 15];
    }
  }
  if (text.size() > limit) out += "...";
  return out;
}

Result<Setup, std::vector<FenError>> parse_fen(std::string_view text) {
  std::vector<FenError> errors;
  auto error = [&](std::string code, std::size_t column, std::string message) {
    if (errors.size() < kMaxErrors) errors.push_back({std::move(code), column, std::move(message)});
  };

  // Split into whitespace-separated fields, remembering their columns.
  struct Field {
    std::string_view text;
    std::size_t column;
  };
  std::vector<Field> fields;
  for (std::size_t i = 0; i < text.size();) {
    if (is_space(text[i])) { ++i; continue; }
    const std::size_t start = i;
    while (i < text.size() && !is_space(text[i])) ++i;
    if (fields.size() < 7) fields.push_back({text.substr(start, i - start), start + 1});
    else { error("extra-fields", start + 1, "unexpected text after the FEN fields"); break; }
  }
  if (fields.empty()) return fail(std::vector<FenError>{{"empty", 1, "the FEN is empty"}});

  Setup setup;
  // Board: ten ranks from Black's side (rank 9) down to Red's (rank 0).
  const Field board = fields[0];
  int rank = 9, file = 0, ranks_seen = 1;
  bool rank_reported = false;
  auto close_rank = [&](std::size_t column) {
    if (file != kFiles && !rank_reported)
      error("file-count", column,
            "rank " + std::to_string(ranks_seen) + " (from Black's side) has " + std::to_string(file) +
                " files instead of 9");
  };
  for (std::size_t i = 0; i < board.text.size(); ++i) {
    const char c = board.text[i];
    const std::size_t column = board.column + i;
    if (c == '/') {
      close_rank(column);
      ++ranks_seen;
      --rank;
      file = 0;
      rank_reported = false;
      continue;
    }
    if (c >= '1' && c <= '9') {
      file += c - '0';
    } else if (const PieceType t = type_of_letter(c); t != PieceType::None) {
      const Color color = (c >= 'a' && c <= 'z') ? Color::Black : Color::Red;
      if (rank >= 0 && file < kFiles) setup.put(Square(file, rank), Piece(color, t));
      ++file;
    } else {
      error("bad-piece", column, "unknown piece letter " + describe_char(c));
      ++file;
      continue;
    }
    if (file > kFiles && !rank_reported) {
      error("file-count", column, "rank " + std::to_string(ranks_seen) + " (from Black's side) has more than 9 files");
      rank_reported = true;
    }
  }
  close_rank(board.column + board.text.size());
  if (ranks_seen != kRanks)
    error("rank-count", board.column,
          "the board has " + std::to_string(ranks_seen) + " ranks instead of 10 (ranks are separated by '/')");

  // Side to move: w or r for Red, b for Black; missing means Red.
  if (fields.size() > 1) {
    const std::string_view side = fields[1].text;
    if (side == "w" || side == "W" || side == "r" || side == "R") setup.side_to_move = Color::Red;
    else if (side == "b" || side == "B") setup.side_to_move = Color::Black;
    else error("bad-side", fields[1].column, "the side to move must be w, r or b, not '" + printable(side, 20) + "'");
  }
  // Fields 3 and 4 are unused in Xiangqi; accept '-' (and tolerate others).
  for (std::size_t f = 2; f < 4 && f < fields.size(); ++f) {
    if (fields[f].text != "-")
      error("bad-field", fields[f].column,
            "field " + std::to_string(f + 1) + " must be '-' in Xiangqi, not '" + printable(fields[f].text, 20) + "'");
  }
  auto number = [&](std::size_t f, int min, const char* what, int& out) {
    if (f >= fields.size()) return;
    const std::string_view s = fields[f].text;
    int v = 0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || v < min)
      error("bad-number", fields[f].column,
            std::string("the ") + what + " must be a whole number of at least " + std::to_string(min) + ", not '" +
                printable(s, 20) + "'");
    else
      out = v;
  };
  number(4, 0, "half-move clock", setup.halfmove_clock);
  number(5, 1, "move number", setup.fullmove_number);

  if (!errors.empty()) return fail(std::move(errors));
  return setup;
}

namespace {

// Bit f set when a piece stands on file f of the rank at `row` (a code with
// a type: the codes 0 and 8 are empty squares). Eight squares in one word
// where the machine is little-endian, the ninth on its own.
std::uint32_t occupied_files(const Piece* row) {
  static_assert(sizeof(Piece) == 1 && std::is_trivially_copyable_v<Piece> && kFiles == 9);
  std::uint32_t bits = row[8].empty() ? 0u : 1u << 8;
  if constexpr (std::endian::native == std::endian::little) {
    constexpr std::uint64_t kTypes = 0x0707070707070707ull, kHigh = 0x8080808080808080ull;
    std::uint64_t w;
    std::memcpy(&w, row, 8);
    // A byte's type (0..7) plus 0x7F sets its high bit when it is not 0,
    // with no carry into the next byte; the multiply gathers the bytes'
    // ones (byte f's into bit 56 + f), no two of its terms meeting.
    const std::uint64_t ones = (((w & kTypes) + 0x7F7F7F7F7F7F7F7Full) & kHigh) >> 7;
    bits |= std::uint32_t((ones * 0x0102040810204080ull) >> 56);
  } else {
    for (int file = 0; file < 8; ++file)
      if (!row[file].empty()) bits |= 1u << file;
  }
  return bits;
}

}  // namespace

std::string to_fen(const Setup& setup) {
  // Into a buffer first: the audit writes one per game at least.
  // The letter of each piece code (colour << 3 | type), none for the codes
  // of an empty square (never looked up: occupied_files skips them).
  constexpr char kLetters[kPieceCodeCount] = {0, 'K', 'A', 'B', 'N', 'R', 'C', 'P',
                                              0, 'k', 'a', 'b', 'n', 'r', 'c', 'p'};
  // 99 board characters at most, the side and empty fields, two ints: the
  // string is allocated once, at its final size.
  char buf[136];
  char* o = buf;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    const Piece* row = &setup.board[std::size_t(Square(0, rank).index())];
    int next = 0;  // the file after the last piece written
    // The rank's pieces, found by their bits: a position late in a game has
    // a few pieces on 90 squares.
    for (std::uint32_t occupied = occupied_files(row); occupied != 0; occupied &= occupied - 1) {
      const int file = std::countr_zero(occupied);
      if (file > next) *o++ = char('0' + (file - next));
      *o++ = kLetters[row[file].code() & (kPieceCodeCount - 1)];
      next = file + 1;
    }
    if (next < kFiles) *o++ = char('0' + (kFiles - next));
    if (rank) *o++ = '/';
  }
  for (char c : std::string_view(setup.side_to_move == Color::Red ? " w - - " : " b - - ")) *o++ = c;
  o = std::to_chars(o, o + 11, setup.halfmove_clock).ptr;
  *o++ = ' ';
  o = std::to_chars(o, o + 11, setup.fullmove_number).ptr;
  return std::string(buf, o);
}

}  // namespace xq
