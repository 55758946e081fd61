// What a game's record or audit holds on the heap, near enough: the batch
// audit bounds what waits between its threads in bytes, not only in
// counts (a reused record keeps the storage of the largest game it held; a
// damaged archive's audits hold many findings each).
#pragma once

#include <cstddef>
#include <string>

#include "xqrec/audit/audit.h"
#include "xqrec/formats/game_builder.h"

namespace xq::audit {

// The heap a string holds: nothing while it is short enough to be inline.
std::size_t heap_of(const std::string& s);

// What an issue's texts, candidates and suggestions hold (not the Issue
// itself: its container counts that).
std::size_t held_bytes(const formats::Issue& i);

// Its nodes' storage, their texts and notes, its tags, and the reader's
// issues (up to a thousand, with texts).
std::size_t held_bytes(const formats::BuiltGame& g);

// Its findings with their texts, tags, positions and main line.
std::size_t held_bytes(const GameAudit& a);

}  // namespace xq::audit
