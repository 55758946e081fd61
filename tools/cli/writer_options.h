// The options that choose a writer, shared by the commands that write
// records (convert, select): --to, --notation, --encoding, --xqf-version.
#pragma once

#include <string>

#include "cli.h"
#include "xqrec/convert/convert.h"

namespace xqcli {

struct WriterChoice {
  std::string to, notation = "chinese", encoding = "utf-8";
  int xqf_version = 18;
};

void add_writer_options(po::options_description& opts, WriterChoice& choice);

// Sets the target (from --to, else from the output name's extension, else
// PGN) and the writers' options. On a bad value prints
// "xqrec NAME: ..." and returns false.
bool apply_writer_options(const char* name, const WriterChoice& choice, const std::string& out,
                          xq::convert::ConvertOptions& options);

}  // namespace xqcli
