// Internal to the rules: the "proofs" member of the verdict JSON
// (verdict.h append_verdict_json documents it).
#pragma once

#include <span>
#include <string>

#include "xqrec/core/rules/proof_line.h"

namespace xq::rules::detail {

// Appends `,"proofs":[...]`.
void append_proofs_json(std::string& out, std::span<const ProofLine> proofs);

}  // namespace xq::rules::detail
