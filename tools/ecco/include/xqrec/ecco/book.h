// The classification data read into a tree (docs/ecco.md has the format):
// every code's name, and the nodes of the decision tree, each a code and the
// patterns that lead to it. A child is a more specific code its parent
// excludes ("不包括"), tried before the parent's own code is taken.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "xqrec/core/result.h"
#include "xqrec/core/types.h"

namespace xq::ecco {

// Moves are interned: every move text the data names gets an id; a played
// move the data never names is kOther, a ply past the end of the line kEnd.
using MoveId = std::uint16_t;
inline constexpr MoveId kOther = 0;
inline constexpr MoveId kEnd = 1;
inline constexpr int kHorizon = 20;  // plies looked at, as ECCO 2004 does
inline constexpr int kMaxMoveIds = 256;  // ids a book may give (the data names about 150 moves)

// A set of move ids, tested with one bit each: the classifier's inner loop.
struct MoveSet {
  std::uint64_t bits[kMaxMoveIds / 64] = {};
  void add(MoveId id) { bits[id / 64] |= std::uint64_t(1) << (id % 64); }
  bool has(MoveId id) const { return (bits[id / 64] >> (id % 64)) & 1u; }
};

enum class TermKind : std::uint8_t {
  Plies,     // "3. 车一平二，车９进１": fixed plies, each one of some moves
  AnyOrder,  // "不分先后{…}": a side's first k moves are these, in any order
  Scan,      // "红2~10可走{…}然后X": a side's moves over rounds a..b
};

enum class ScanTest : std::uint8_t {
  Then,     // 然后X: the first move outside the set is one of X
  ThenAny,  // 然后*: some move outside the set comes (the end of the line counts)
  Has,      // 含X: X is among the moves before the first one outside the set
  Lacks,    // 不含X: X is not
  Only,     // 只走: every move of the rounds is in the set
};

struct PlyTest {
  std::uint8_t ply = 0;  // 0-based
  MoveSet moves;
};

struct Term {
  TermKind kind = TermKind::Plies;
  std::vector<PlyTest> plies;                     // Plies
  std::vector<MoveId> red, black;                 // AnyOrder (multisets)
  Color side = Color::Red;                        // Scan
  std::uint8_t from_round = 1, to_round = 10;     // Scan, 1-based, inclusive
  MoveSet allowed;                                // Scan
  ScanTest test = ScanTest::Then;                 // Scan
  MoveSet what;                                   // Scan: X of 然后/含/不含
};

struct Node {
  std::string code;                            // "" for the root, which gives A00
  std::vector<std::vector<Term>> alternatives;  // any one, all of its terms
  std::vector<std::uint32_t> children;         // in file order
  std::string source;                          // the cited source keys
  std::uint32_t line = 0;                      // in the data file
};

struct Name {
  std::string code;
  std::string name;  // "空" for an unused code
  std::string source;
};

struct Book {
  std::vector<Name> names;                       // A00..E99 in order
  std::vector<Node> nodes;                       // nodes[0] is the root
  std::unordered_map<std::string, MoveId> ids;   // move text -> id (>= 2)
  std::unordered_map<std::string, std::string> sources;  // key -> citation

  const Name* name(std::string_view code) const;
};

struct BookError {
  std::uint32_t line = 0;
  std::string message;
};

Result<Book, BookError> parse_book(std::string_view text);

// The data file embedded at build time, parsed on first use.
std::string_view builtin_text();
const Result<Book, BookError>& builtin_book();

}  // namespace xq::ecco
