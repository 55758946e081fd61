// An invariant fuzz target stops the run at the first broken invariant:
// the message on stderr, then abort() (libFuzzer and the seed replay both
// report it as a crash, with the input kept).
#pragma once

#include <cstdio>
#include <cstdlib>

#define XQ_INVARIANT(cond, what)                                                      \
  do {                                                                                \
    if (!(cond)) {                                                                    \
      std::fprintf(stderr, "invariant broken: %s (%s:%d)\n", what, __FILE__, __LINE__); \
      std::abort();                                                                   \
    }                                                                                 \
  } while (0)
