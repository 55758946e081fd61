#include "held_bytes.h"

namespace xq::audit {

using namespace xq::formats;

std::size_t heap_of(const std::string& s) {
  static const std::size_t inline_capacity = std::string().capacity();
  return s.capacity() > inline_capacity ? s.capacity() + 1 : 0;
}

std::size_t held_bytes(const Issue& i) {
  std::size_t n = heap_of(i.text) + heap_of(i.message) + heap_of(i.variation) + heap_of(i.fen) + heap_of(i.read_as) +
                  heap_of(i.previous_move) + i.candidates.capacity() * sizeof(std::string) +
                  i.suggestions.capacity() * sizeof(Suggested);
  for (const std::string& c : i.candidates) n += heap_of(c);
  for (const Suggested& g : i.suggestions) n += heap_of(g.move) + heap_of(g.kind) + heap_of(g.description);
  return n;
}

std::size_t held_bytes(const BuiltGame& g) {
  const GameRecord& r = g.record;
  std::size_t n = r.nodes.capacity() * sizeof(GameNode) + r.tags.capacity() * sizeof(Tag) +
                  g.issues.capacity() * sizeof(Issue);
  // The nodes kept made past the record's size (a reader's, for its next
  // game) hold their texts and notes too.
  for (std::size_t k = 0; k < r.nodes.made(); ++k) {
    const GameNode& node = r.nodes[k];
    n += node.text.heap_bytes() + heap_of(node.comment_before()) + heap_of(node.comment_after()) +
         node.nags().capacity() * sizeof(int);
  }
  for (const Tag& t : r.tags) n += heap_of(t.name) + heap_of(t.value);
  for (const Issue& i : g.issues) n += held_bytes(i);
  return n;
}

std::size_t held_bytes(const GameAudit& a) {
  std::size_t n = heap_of(a.file) + heap_of(a.final_fen) + heap_of(a.final_state) + heap_of(a.result) +
                  heap_of(a.start_fen) + a.tags.capacity() * sizeof(Tag) + a.main_line.capacity() * sizeof(Move) +
                  a.findings.capacity() * sizeof(Issue);
  for (const Tag& t : a.tags) n += heap_of(t.name) + heap_of(t.value);
  for (const Issue& i : a.findings) n += held_bytes(i);
  // a.ecco holds views into the ECCO book: nothing of its own.
  return n;
}

}  // namespace xq::audit
