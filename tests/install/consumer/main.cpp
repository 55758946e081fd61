#include <iostream>

#include "xqrec/core/fen.h"
#include "xqrec/core/perft.h"

int main() {
  xq::Position pos;
  const auto nodes = xq::perft(pos, 3);
  std::cout << nodes << "\n";
  return nodes == 79666 ? 0 : 1;
}
