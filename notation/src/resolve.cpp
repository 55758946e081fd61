// Phase 2: description + position -> one legal move, or a precise error.
//
// The mover's pieces of the named type are collected in the xqbase order
// (files from the mover's right, front to back); the mark selects among them;
// the direction and number give each candidate's destination; the core's
// check_move() decides. Nothing is allocated unless the move fails.
#include "xqrec/notation/resolve.h"

#include <array>
#include <string>

#include "xqrec/notation/parse_memo.h"
#include "text.h"
#include "xqrec/core/iccs.h"
#include "xqrec/core/square_set.h"

namespace xq::notation {

namespace {

using detail::SamePieces;

constexpr PieceType kAllTypes[] = {PieceType::Pawn,    PieceType::Rook,     PieceType::Horse, PieceType::Cannon,
                                   PieceType::Advisor, PieceType::Elephant, PieceType::King};

bool is_advisor_or_elephant(PieceType t) { return t == PieceType::Advisor || t == PieceType::Elephant; }

// The candidate pieces of one type that the description's origin names.
struct Sources {
  static constexpr int kCapacity = 16;
  int count = 0;
  Square sq[kCapacity];
  void push(Square s) {
    if (s.valid() && count < kCapacity) sq[count++] = s;
  }
};

// Picks the k-th piece of a file from a mark; -1 when the mark cannot apply.
int index_on_file(const MoveDescription& d, int n) {
  const bool wxf = d.notation == Notation::Wxf;
  switch (d.mark) {
    case Mark::Front: return n >= 2 ? (wxf && n >= 4 ? 1 : 0) : -1;
    case Mark::Rear: return n >= 2 ? (wxf && n >= 4 ? n - 2 : n - 1) : -1;
    case Mark::Middle: return n >= 3 && n % 2 == 1 ? n / 2 : -1;
    case Mark::Frontmost: return n >= 2 ? 0 : -1;
    case Mark::Rearmost: return n >= 2 ? n - 1 : -1;
    case Mark::Ordinal: return d.ordinal >= 1 && d.ordinal <= n ? d.ordinal - 1 : -1;
    case Mark::None: break;
  }
  return -1;
}

// Marked forms (前炮, 一兵, P+, Pa, ++, 3+): a mark is never None here.
void select_sources(const SamePieces& s, Color c, PieceType t, const MoveDescription& d, Sources& out,
                    DialectNotes& notes) {
  if (is_advisor_or_elephant(t)) notes.add(Dialect::UnneededMark);
  if (d.file != 0) {  // 前兵九平八, 3+.4
    if (d.file > 9) return;
    const int f = detail::iccs_file(c, d.file);
    const int k = index_on_file(d, s.on_file(f));
    if (k >= 0) out.push(s.on_file_at(f, k));
    return;
  }
  if (d.mark == Mark::Ordinal && d.notation != Notation::Wxf) {  // xqbase: 一..五 over all doubled files
    out.push(s.doubled_at(d.ordinal - 1));
    if (s.doubled_files() == 1 && s.doubled_count() <= 3) notes.add(Dialect::OldMultiPawn);
    return;
  }
  if (d.mark == Mark::Ordinal) {  // WXF xqbase Pa..Pe
    out.push(s.doubled_at(d.ordinal - 1));
    return;
  }
  // 前/中/后, + - . ++ --: on each doubled file (usually one).
  for (int i = 0; i < s.count; ++i) {
    const Square sq = s.sq[i];
    const int n = s.on_file(sq.file());
    if (n < 2 || s.index_on_file(sq) != 0) continue;  // once per doubled file
    const int k = index_on_file(d, n);
    if (k >= 0) out.push(s.on_file_at(sq.file(), k));
    if (n >= 4) notes.add(d.notation == Notation::Wxf ? Dialect::WxfOfficialMultiPawn : Dialect::OldMultiPawn);
  }
  if (d.notation == Notation::Chinese && s.doubled_files() >= 2) notes.add(Dialect::OldMultiPawn);
}

// The destination of a piece of type t on `from` for a direction and number.
MoveError destination(Color c, PieceType t, Square from, Direction dir, int number, Square& to) {
  const int fwd = c == Color::Red ? 1 : -1;
  switch (t) {
    case PieceType::King:
    case PieceType::Rook:
    case PieceType::Cannon:
    case PieceType::Pawn: {
      if (dir == Direction::Sideways) {
        const int f = detail::iccs_file(c, number);
        if (f == from.file()) return MoveError::NullMove;
        to = Square(f, from.rank());
        return MoveError::None;
      }
      const int r = from.rank() + (dir == Direction::Forward ? fwd : -fwd) * number;
      if (!on_board(from.file(), r)) return MoveError::OffBoard;
      to = Square(from.file(), r);
      return MoveError::None;
    }
    case PieceType::Horse:
    case PieceType::Elephant:
    case PieceType::Advisor: {
      if (dir == Direction::Sideways) return MoveError::NotAPieceMove;
      const int f = detail::iccs_file(c, number);
      const int df = f > from.file() ? f - from.file() : from.file() - f;
      int dr = 0;
      if (t == PieceType::Horse) dr = df == 1 ? 2 : df == 2 ? 1 : 0;
      else if (t == PieceType::Elephant) dr = df == 2 ? 2 : 0;
      else dr = df == 1 ? 1 : 0;
      if (dr == 0) return MoveError::NotAPieceMove;
      const int r = from.rank() + (dir == Direction::Forward ? fwd : -fwd) * dr;
      if (!on_board(f, r)) return MoveError::OffBoard;
      to = Square(f, r);
      return MoveError::None;
    }
    case PieceType::None: break;
  }
  return MoveError::NoPiece;
}

struct Search {
  int sources = 0;  // pieces the origin named
  static constexpr int kCapacity = 48;
  int legal_count = 0;
  Move legal[kCapacity];
  int tried_count = 0;
  Move tried[kCapacity];
  bool have_reason = false;
  MoveError first_reason = MoveError::None;
  Move first_tried;
  DialectNotes notes;

  void add_legal(Move m) {
    for (int i = 0; i < legal_count; ++i)
      if (legal[i] == m) return;
    legal[legal_count++] = m;
  }
};

// The plain-file form (炮二平五, C2.5), by far the most common: only the
// named file is looked at.
void plain_file_sources(const Position& pos, Color c, PieceType t, const MoveDescription& d, Sources& out,
                        DialectNotes& notes) {
  if (d.file < 1 || d.file > 9) return;
  const int f = detail::iccs_file(c, d.file);
  const Piece p(c, t);
  // Front to back: from the opponent's side toward the mover's.
  for (int k = 0; k < kRanks; ++k) {
    const Square s(f, c == Color::Red ? kRanks - 1 - k : k);
    if (pos.at(s) == p) out.push(s);
  }
  if (out.count < 2) return;
  if (out.count >= 3 && out.count % 2 == 1 && d.notation == Notation::Wxf && t == PieceType::Pawn) {
    out.sq[0] = out.sq[out.count / 2];  // WXF official: P3 is the middle pawn
    out.count = 1;
    notes.add(Dialect::WxfOfficialMultiPawn);
    return;
  }
  if (!is_advisor_or_elephant(t)) notes.add(Dialect::PlainFileOnSharedFile);
}

void search_type(const Position& pos, Color c, PieceType t, const MoveDescription& d, Search& out) {
  Sources src;
  DialectNotes notes;
  if (d.mark == Mark::None) {
    plain_file_sources(pos, c, t, d, src, notes);
  } else {
    SamePieces same;
    detail::collect_same(pos, c, t, same);
    if (same.count == 0) return;
    select_sources(same, c, t, d, src, notes);
  }
  const int before = out.legal_count;
  for (int i = 0; i < src.count; ++i) {
    ++out.sources;
    for (Direction dir : {Direction::Forward, Direction::Backward, Direction::Sideways}) {
      if (d.direction != Direction::Unknown && d.direction != dir) continue;
      Square to;
      MoveError e = destination(c, t, src.sq[i], dir, d.number, to);
      Move m;
      if (e == MoveError::None) {
        m = Move(src.sq[i], to);
        e = pos.check_move(m);
      }
      if (e == MoveError::None) {
        out.add_legal(m);
        continue;
      }
      if (!out.have_reason) {
        out.have_reason = true;
        out.first_reason = e;
        out.first_tried = m;
      }
      if (!m.is_none() && out.tried_count < Search::kCapacity) out.tried[out.tried_count++] = m;
    }
  }
  if (out.legal_count > before) out.notes.add(notes);
}

void search(const Position& pos, Color c, const MoveDescription& d, Search& out) {
  if (d.piece != PieceType::None) {
    search_type(pos, c, d.piece, d, out);
    return;
  }
  for (PieceType t : kAllTypes) search_type(pos, c, t, d, out);
}

std::string list_moves(const Move* moves, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) {
    if (i) s += ", ";
    s += to_iccs(moves[i]);
  }
  return s;
}

std::string origin_phrase(const MoveDescription& d) {
  std::string s;
  switch (d.mark) {
    case Mark::None: return "on file " + std::to_string(d.file);
    case Mark::Front: s = "front"; break;
    case Mark::Middle: s = "middle"; break;
    case Mark::Rear: s = "rear"; break;
    case Mark::Frontmost: s = "frontmost"; break;
    case Mark::Rearmost: s = "rearmost"; break;
    case Mark::Ordinal: s = "number " + std::to_string(d.ordinal); break;
  }
  s = "as the " + s + " one of several on one file";
  if (d.file) s += " (file " + std::to_string(d.file) + ")";
  return s;
}

std::string piece_phrase(Color c, const MoveDescription& d) {
  std::string s(color_name(c));
  if (!s.empty()) s[0] = char(s[0] - 'a' + 'A');
  s += ' ';
  s += d.piece == PieceType::None ? std::string_view("piece") : piece_type_name(d.piece);
  return s;
}

void add_side_notes(const MoveDescription& d, Color mover, DialectNotes& notes) {
  if (d.glyph_side >= 0 && Color(d.glyph_side) != mover) notes.add(Dialect::OtherSideGlyph);
  if (d.digit_side == std::int8_t(Color::Black) && mover == Color::Red) notes.add(Dialect::FullWidthDigitsForRed);
  if (d.digit_side == std::int8_t(Color::Red) && mover == Color::Black) notes.add(Dialect::ChineseDigitsForBlack);
}

Result<ResolvedMove, MoveTextError> resolve_iccs(const Position& pos, const MoveDescription& d) {
  const Move m = d.iccs;
  const MoveError e = pos.check_move(m);
  if (e == MoveError::None) return ResolvedMove{m, Notation::Iccs, d.notes};
  MoveTextError err;
  err.move = m;
  err.reason = e;
  if (e == MoveError::NoPiece) {
    err.kind = MoveTextErrorKind::NoSuchPiece;
    err.message = "no piece on " + m.from().name();
  } else if (e == MoveError::WrongSide) {
    err.kind = MoveTextErrorKind::WrongSide;
    err.candidates.push_back(m);
    err.message = "the piece on " + m.from().name() + " belongs to " + std::string(color_name(~pos.side_to_move())) +
                  ", but " + std::string(color_name(pos.side_to_move())) + " is to move";
  } else {
    err.kind = MoveTextErrorKind::Illegal;
    err.candidates.push_back(m);
    err.message = to_iccs(m) + " is illegal: " + std::string(move_error_message(e));
  }
  return fail(std::move(err));
}

}  // namespace

Result<ResolvedMove, MoveTextError> resolve(const Position& pos, const MoveDescription& d) {
  if (d.notation == Notation::Iccs) return resolve_iccs(pos, d);
  const Color c = pos.side_to_move();
  Search s;
  search(pos, c, d, s);
  if (s.legal_count == 1) {
    ResolvedMove r{s.legal[0], d.notation, d.notes};
    r.notes.add(s.notes);
    add_side_notes(d, c, r.notes);
    return r;
  }
  MoveTextError err;
  if (s.legal_count > 1) {
    err.kind = MoveTextErrorKind::Ambiguous;
    err.candidates.assign(s.legal, s.legal + s.legal_count);
    err.message = "several legal moves fit: " + list_moves(s.legal, s.legal_count);
    return fail(std::move(err));
  }
  if (s.sources > 0) {
    err.kind = MoveTextErrorKind::Illegal;
    err.reason = s.first_reason;
    err.move = s.first_tried;
    err.candidates.assign(s.tried, s.tried + s.tried_count);
    if (s.first_tried.is_none())
      err.message = "the " + std::string(piece_type_name(d.piece == PieceType::None ? PieceType::Pawn : d.piece)) +
                    " cannot move like that: " + std::string(move_error_message(s.first_reason));
    else
      err.message = to_iccs(s.first_tried) + " is illegal: " + std::string(move_error_message(s.first_reason));
    if (s.tried_count > 1) err.message += " (tried " + list_moves(s.tried, s.tried_count) + ")";
    return fail(std::move(err));
  }
  // Nothing of the mover fits: does the text fit the other side?
  Setup flipped = pos.setup();
  flipped.side_to_move = ~c;
  const Position other(flipped);
  Search o;
  search(other, ~c, d, o);
  if (o.legal_count > 0) {
    err.kind = MoveTextErrorKind::WrongSide;
    err.candidates.assign(o.legal, o.legal + o.legal_count);
    err.message = "the text fits a move of " + std::string(color_name(~c)) + " (" +
                  list_moves(o.legal, o.legal_count) + "), but " + std::string(color_name(c)) + " is to move";
    return fail(std::move(err));
  }
  err.kind = MoveTextErrorKind::NoSuchPiece;
  err.message = "no " + piece_phrase(c, d) + " " + origin_phrase(d);
  return fail(std::move(err));
}

Result<ResolvedMove, MoveTextError> resolve_move(const Position& pos, std::string_view text, Notation hint) {
  auto parsed = parse_move_text(text, hint);
  if (!parsed) {
    const SyntaxError& e = parsed.error();
    MoveTextError err;
    err.kind = MoveTextErrorKind::Unparsable;
    err.message = e.message;
    err.column = e.column;
    err.byte_offset = e.byte_offset;
    err.found = e.found;
    return fail(std::move(err));
  }
  return resolve(pos, *parsed);
}

namespace detail {

PlainRecipe plain_recipe(const MoveDescription& d, Color mover) {
  PlainRecipe r;
  if (d.notation == Notation::Iccs || d.mark != Mark::None || d.piece == PieceType::None ||
      d.direction == Direction::Unknown || !d.notes.empty() || d.file < 1 || d.file > 9)
    return r;
  // Glyphs or digits of the other side would be noted (add_side_notes).
  if ((d.glyph_side >= 0 && Color(d.glyph_side) != mover) || (d.digit_side >= 0 && Color(d.digit_side) != mover))
    return r;
  // destination() from each rank of the named file: where it gives a
  // square, the square is the same step away (the file and rank offsets
  // depend on the piece, the direction and the number only) and the ranks
  // that give one are a run.
  const int f = iccs_file(mover, d.file);
  int lo = -1, hi = -1, step = 0;
  for (int rank = 0; rank < kRanks; ++rank) {
    const Square from(f, rank);
    Square to;
    if (destination(mover, d.piece, from, d.direction, d.number, to) != MoveError::None) continue;
    if (lo < 0) {
      lo = rank;
      step = to.index() - from.index();
    } else if (hi != rank - 1 || to.index() - from.index() != step) {
      return r;  // not a run of one step (none is): plain_move leaves it to resolve_move
    }
    hi = rank;
  }
  if (lo < 0) return r;
  r.step = std::int8_t(step);
  r.first = std::uint8_t(Square(f, lo).index());
  r.span = std::uint8_t(Square(f, hi).index() - Square(f, lo).index());
  return r;
}

}  // namespace detail

namespace detail {

// The squares of each square's file, for plain_move's look at one file
// (indexed by the recipe's first square: no look-up of its file).
inline constexpr std::array<SquareSet, kSquares> kFileSquaresOf = [] {
  std::array<SquareSet, kSquares> files{};
  for (int s = 0; s < kSquares; ++s)
    for (int r = 0; r < kRanks; ++r) files[std::size_t(s)].insert(Square(s % kFiles, r));
  return files;
}();

// plain_move's move from the text's entry: a leaf, no call.
inline Move plain_move_of(const Position& pos, const MemoEntry& e, Color c) {
  const PlainRecipe& recipe = e.recipes[unsigned(c)];
  // Exactly one piece of the type on the named file (with two or more,
  // plain_file_sources notes the file or picks WXF's middle pawn): the
  // mover's pieces on that file, not its ten squares, are looked at.
  const Piece p(c, e.description.piece);
  Square from = Square::none();
  int found = 0;
  (pos.occupied(c) & kFileSquaresOf[recipe.first]).for_each([&](Square s) {
    if (pos.at(s) == p) from = s, ++found;
  });
  if (found != 1) return Move::none();
  // On the recipe's file: its rank is in range when its square is.
  if (unsigned(from.index()) - recipe.first > recipe.span) return Move::none();
  return Move(from, Square(from.index() + recipe.step));
}

}  // namespace detail

namespace {
// plain_move past the memo's hit: a text to parse and keep first, or one
// that has no plain form (null), or is too long to keep.
[[gnu::noinline]] Move plain_move_slow(const Position& pos, std::string_view text, Notation hint) {
  const Color c = pos.side_to_move();
  const detail::MemoEntry* const e = detail::memoised_plain_slow(text, hint, c);
  return e ? detail::plain_move_of(pos, *e, c) : Move::none();
}
}  // namespace

// A hit is a leaf (the miss a tail call): no registers saved, no frame,
// for every move of a Chinese or WXF record's replay.
Move plain_move(const Position& pos, std::string_view text, Notation hint) {
  const Color c = pos.side_to_move();
  const detail::ParseMemo* const m = detail::memo_unguarded;
  const detail::MemoEntry* const e = m ? m->find_plain_long(text, hint, c) : nullptr;
  if (!e) [[unlikely]]
    return plain_move_slow(pos, text, hint);
  return detail::plain_move_of(pos, *e, c);
}

}  // namespace xq::notation
