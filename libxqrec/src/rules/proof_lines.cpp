// The proof lines of a verdict (verdict.h add_proof_lines) and their JSON.
#include <string>

#include "xqrec/core/iccs.h"
#include "xqrec/core/json_text.h"
#include "xqrec/core/rules/verdict.h"

#include "proof_lines_json.h"

namespace xq::rules {

void add_proof_lines(Verdict& v, const Position& before, const ThreatOptions& opt) {
  v.proofs.clear();
  Position pos = before;
  for (std::size_t i = 0; i < v.moves.size(); ++i) {
    const MoveClassification& m = v.moves[i];
    Undo u;
    pos.make(m.move, u);
    const int ply = v.first_ply + int(i);
    if (m.cls == MoveClass::Mate) v.proofs.push_back({ply, m.side, true, {}, mate_line(pos, m.side, opt)});
    for (const ChaseTarget& t : m.targets)
      if (t.by_checks) v.proofs.push_back({ply, m.side, false, t, chase_line(pos, m.side, t, opt)});
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
