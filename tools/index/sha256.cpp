#include "sha256.h"

#include <openssl/evp.h>

#include "xqrec/formats/terminal_text.h"

namespace xq::archive {

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int n = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest, &n, EVP_sha256(), nullptr) != 1) return "";
  return formats::hex_bytes(std::string_view(reinterpret_cast<const char*>(digest), n));
}

}  // namespace xq::archive
