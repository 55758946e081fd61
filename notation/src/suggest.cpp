// Suggestions for the audit: legal readings of a failed move text under the
// slips scorers commonly make. Each variant of the description goes through
// the same resolver; only unique legal readings are kept.
#include "xqrec/notation/suggest.h"

#include "xqrec/core/iccs.h"
#include "xqrec/notation/chinese.h"
#include "xqrec/notation/description.h"
#include "xqrec/notation/resolve.h"
#include "xqrec/notation/wxf.h"

namespace xq::notation {

namespace {

bool number_is_file(const MoveDescription& d) {
  if (d.direction == Direction::Sideways) return true;
  return d.piece == PieceType::Horse || d.piece == PieceType::Elephant || d.piece == PieceType::Advisor;
}

std::string_view piece_glyph(PieceType t) {
  constexpr std::string_view names[8] = {"?", "帅/将", "仕/士", "相/象", "马", "车", "炮", "兵/卒"};
  return names[int(t)];
}

class Collector {
 public:
  Collector(const Position& pos, Notation n) : pos_(pos), notation_(n) {}

  void try_variant(const MoveDescription& d, std::string_view code, const std::string& what) {
    auto r = resolve(pos_, d);
    if (!r) return;
    for (const auto& s : out_)
      if (s.move == r->move) return;
    out_.push_back({r->move, code, what + ": " + written(r->move)});
  }
  void try_move(Move m, std::string_view code, const std::string& what) {
    if (!pos_.is_legal(m)) return;
    for (const auto& s : out_)
      if (s.move == m) return;
    out_.push_back({m, code, what + ": " + written(m)});
  }
  std::vector<Suggestion> take() { return std::move(out_); }

 private:
  std::string written(Move m) const {
    switch (notation_) {
      case Notation::Wxf: return write_wxf(pos_, m) + " (" + to_iccs(m) + ")";
      case Notation::Iccs: return to_iccs(m) + " (" + write_chinese(pos_, m) + ")";
      default: return write_chinese(pos_, m) + " (" + to_iccs(m) + ")";
    }
  }

  const Position& pos_;
  Notation notation_;
  std::vector<Suggestion> out_;
};

}  // namespace

std::vector<Suggestion> suggest_readings(const Position& pos, std::string_view text, Notation hint) {
  auto parsed = parse_move_text(text, hint);
  if (!parsed) return {};
  const MoveDescription& d = *parsed;
  Collector c(pos, d.notation);

  if (d.notation == Notation::Iccs) {
    c.try_move(Move(d.iccs.to(), d.iccs.from()), "squares-swapped", "from and to swapped");
    return c.take();
  }
  const bool chinese = d.notation == Notation::Chinese;

  if (d.direction == Direction::Forward || d.direction == Direction::Backward) {
    MoveDescription v = d;
    v.direction = d.direction == Direction::Forward ? Direction::Backward : Direction::Forward;
    c.try_variant(v, "direction-swapped", chinese ? (d.direction == Direction::Forward ? "进 read as 退" : "退 read as 进")
                                                  : (d.direction == Direction::Forward ? "+ read as -" : "- read as +"));
  }
  if (d.mark == Mark::Front || d.mark == Mark::Rear || d.mark == Mark::Frontmost || d.mark == Mark::Rearmost) {
    MoveDescription v = d;
    v.mark = d.mark == Mark::Front ? Mark::Rear : d.mark == Mark::Rear ? Mark::Front
           : d.mark == Mark::Frontmost ? Mark::Rearmost : Mark::Frontmost;
    c.try_variant(v, "front-rear-swapped", chinese ? "前 and 后 swapped" : "front and rear swapped");
  }
  // The origin file mirrored (四 for 六), then every file number read from
  // the other side (Red's 二 is Black's 8); the second only when it differs.
  MoveDescription mirrored = d;
  if (d.file && d.file != 5) {
    mirrored.file = std::uint8_t(10 - d.file);
    c.try_variant(mirrored, "mirrored-file", "origin file mirrored");
  }
  MoveDescription other = d;
  if (other.file) other.file = std::uint8_t(10 - other.file);
  if (number_is_file(d)) other.number = std::uint8_t(10 - other.number);
  if (other.number != mirrored.number || other.file != mirrored.file)
    c.try_variant(other, "other-side-digits", "files counted from the other side");
  if (d.piece != PieceType::None) {
    for (PieceType t : {PieceType::Rook, PieceType::Horse, PieceType::Cannon, PieceType::Pawn, PieceType::Elephant,
                        PieceType::Advisor, PieceType::King}) {
      if (t == d.piece) continue;
      MoveDescription v = d;
      v.piece = t;
      c.try_variant(v, "other-piece", std::string("another piece (") + std::string(piece_glyph(t)) + ")");
    }
  }
  return c.take();
}

}  // namespace xq::notation
