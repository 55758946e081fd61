// The proof lines of a verdict (verdict.h add_proof_lines) and their JSON.
#include <string>

#include "xqrec/core/iccs.h"
#include "xqrec/core/json_text.h"
#include "xqrec/core/rules/verdict.h"

#include "proof_lines_json.h"

namespace xq::rules {

namespace {

// ProofLine::taker of a gain line played from `after` (the position after
// the move, `p.side` to move again): the attacker's moves are the even ones;
// the last, when the line ends with it, is the capture, and the piece that
// makes it is traced back through the attacker's earlier moves.
void find_taker(ProofLine& p, const Position& after) {
  if (p.mate || p.moves.size() % 2 == 0) return;
  const Position root = with_side_to_move(after, p.side);
  Position pos = root;
  Undo u;
  for (std::size_t i = 0; i + 1 < p.moves.size(); ++i) pos.make_legal(p.moves[i], u);
  if (pos.at(p.moves.back().to()).empty()) return;
  Square sq = p.moves.back().from();
  for (std::size_t i = p.moves.size() - 1; i-- > 0;)
    if (i % 2 == 0 && p.moves[i].to() == sq) sq = p.moves[i].from();
  p.taker = sq;
  p.taker_piece = root.at(sq);
}

}  // namespace

void add_proof_lines(Verdict& v, const Position& before, const ThreatOptions& opt) {
  v.proofs.clear();
  Position pos = before;
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    const MoveClassification& m = v.moves[i];
    Undo u;
    pos.make(m.move, u);
    const int ply = v.first_ply + int(i);
    if (m.cls == MoveClass::Mate) v.proofs.push_back({ply, m.side, true, {}, mate_line(pos, m.side, opt), Square::none(), Piece{}});
    for (const ChaseTarget& t : m.targets)
      if (t.by_checks) {
        v.proofs.push_back({ply, m.side, false, t, chase_line(pos, m.side, t, opt), Square::none(), Piece{}});
        find_taker(v.proofs.back(), pos);
      }
  }
}

namespace detail {

void append_proofs_json(std::string& out, std::span<const ProofLine> proofs) {
  out += ",\"proofs\":[";
  for (std::size_t i = 0; i < proofs.size(); ++i) {
    const ProofLine& p = proofs[i];
    out += i ? ",{\"ply\":" : "{\"ply\":";
    out += std::to_string(p.ply);
    out += ",\"side\":";
    append_json_string(out, color_name(p.side));
    out += p.mate ? ",\"kind\":\"mate\"" : ",\"kind\":\"gain\"";
    if (!p.mate) {
      out += ",\"piece\":";
      append_json_string(out, piece_type_name(p.target.victim_piece.type()));
      out += ",\"square\":";
      append_json_string(out, p.target.victim.name());
      out += ",\"gain\":";
      out += std::to_string(p.target.gain);
    }
    out += ",\"line\":[";
    for (std::size_t k = 0; k < p.moves.size(); ++k) {
      if (k) out += ',';
      append_json_string(out, to_iccs(p.moves[k]));
    }
    out += p.moves.empty() ? "],\"rebuilt\":false}" : "],\"rebuilt\":true}";
  }
  out += ']';
}

}  // namespace detail

}  // namespace xq::rules
