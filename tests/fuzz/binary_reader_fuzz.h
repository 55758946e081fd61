// The body shared by the fuzz targets of the binary readers (XQF, CBR,
// CBL): run the reader on arbitrary bytes into a visitor that touches
// everything a consumer would, so the sanitizers see it. Any crash, hang
// or sanitizer report is a bug; issues in the report are expected.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xqrec/formats/reader.h"
#include "xqrec/formats/visitor.h"

namespace xq::fuzz {

class Sink : public formats::GameVisitor {
 public:
  void tag(std::string_view name, std::string_view value) override { sum_ += name.size() + value.size(); }
  void comment(std::string_view text) override { sum_ += text.size(); }
  void move(std::string_view text, MoveNotation, SourceLocation where, Move m) override {
    sum_ += text.size() + where.offset + m.raw();
    ++moves_;
  }
  void begin_variation() override { ++depth_; }
  void end_variation() override { --depth_; }
  void issue(const formats::Issue& i) override { sum_ += i.message.size() + i.name().size(); }
  std::size_t sum_ = 0, moves_ = 0;
  long depth_ = 0;
};

// `read` is one of read_xqf, read_cbr, read_cbl.
template <typename Reader>
int run_binary_reader(Reader read, const std::uint8_t* data, std::size_t size) {
  Sink sink;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)read(bytes, sink, formats::ReadOptions{});
  if (sink.depth_ != 0) __builtin_trap();  // variations must balance
  return 0;
}

}  // namespace xq::fuzz
