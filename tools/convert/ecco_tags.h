// convert --ecco: the opening's ECCO code, name and variation as tags.
#pragma once

#include "xqrec/core/game.h"
#include "xqrec/core/setup.h"

namespace xq::convert {

// Sets [ECCO], [Opening] and [Variation] from the main line's moves (the
// record's moves resolved from `start`); does nothing when `start` is not
// the standard start position.
void set_ecco_tags(GameRecord& record, const Setup& start);

}  // namespace xq::convert
