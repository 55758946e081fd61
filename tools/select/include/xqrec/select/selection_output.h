// Where `select -o` writes the games it selects, with convert's writers: a
// file (or - for standard output) for the targets that hold many games
// (PGN, JSON, FEN), a directory for the one-game targets (XQF, DhtmlXQ,
// CBF), whose games are numbered there in selection order: 0001.xqf,
// 0002.xqf ... Every output is claimed against the inputs before it is
// written and written atomically; an existing file is replaced only when
// something was read and a game was selected.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "xqrec/convert/convert.h"
#include "xqrec/formats/game_builder.h"
#include "xqrec/formats/output_file.h"
#include "xqrec/formats/output_guard.h"

namespace xq::select {

class SelectionOutput {
 public:
  SelectionOutput(convert::ConvertOptions options, formats::OutputGuard& guard);

  // Claims and opens `out`; "" or why it may not be written.
  std::string open(const std::string& out);

  // Converts and writes one game; the conversion notes (losses, moves that
  // do not resolve) go to on_note with file and game set. False when the
  // output cannot be written (the run stops; finish() says why).
  bool write(formats::BuiltGame& game, const std::string& file,
             const std::function<void(const convert::ConvertNote&)>& on_note);

  // Commits the file output (see OutputFile::commit_unless_nothing_read);
  // errors, one line each. `kept` as there.
  std::vector<std::string> finish(bool nothing_read, bool read_failed, bool& kept);

  std::size_t written() const { return written_; }
  // Whether finish() left an existing file as it was because the run, which
  // read its inputs, selected no game (the caller says so; not an error).
  bool left_unchanged() const { return left_unchanged_; }
  bool lossy() const { return lossy_; }

 private:
  convert::ConvertOptions options_;
  formats::OutputGuard& guard_;
  std::string out_;
  bool directory_ = false;
  std::unique_ptr<formats::OutputFile> file_;
  std::vector<std::string> errors_;
  std::size_t written_ = 0;
  bool lossy_ = false;
  bool failed_ = false;
  bool left_unchanged_ = false;
};

}  // namespace xq::select
