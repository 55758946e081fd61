// Internal to the rules: the "proofs" member of the verdict JSON
// (verdict.h write_verdict_json documents it).
#pragma once

#include <iosfwd>
#include <span>

#include "xqrec/core/rules/proof_line.h"

namespace xq::rules::detail {

// Writes `,"proofs":[...]`.
void write_proofs_json(std::ostream& out, std::span<const ProofLine> proofs);

}  // namespace xq::rules::detail
