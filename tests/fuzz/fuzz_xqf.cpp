// Fuzz target: the XQF reader on arbitrary bytes. Any crash, hang or
// sanitizer report is a bug; issues in the report are expected.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "xqrec/formats/xqf.h"

namespace {

// Touches everything a consumer would, so the sanitizers see it.
class Sink : public xq::formats::GameVisitor {
 public:
  void tag(std::string_view name, std::string_view value) override { sum_ += name.size() + value.size(); }
  void comment(std::string_view text) override { sum_ += text.size(); }
  void move(std::string_view text, xq::MoveNotation, xq::SourceLocation where, xq::Move m) override {
    sum_ += text.size() + where.offset + m.raw();
    ++depth_moves_;
  }
  void begin_variation() override { ++depth_; }
  void end_variation() override { --depth_; }
  void issue(const xq::formats::ReadIssue& i) override { sum_ += i.message.size() + i.code.size(); }
  std::size_t sum_ = 0, depth_moves_ = 0;
  long depth_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Sink sink;
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  (void)xq::formats::read_xqf(bytes, sink);
  if (sink.depth_ != 0) __builtin_trap();  // variations must balance
  return 0;
}
