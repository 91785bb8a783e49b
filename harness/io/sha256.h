// SHA-256 (FIPS 180-4), so that a run records exactly which suite files it
// read. The hashing is nettle's (Debian nettle-dev): a checked implementation
// rather than one more to review; this wraps it in the harness's types.
#pragma once

#include <nettle/sha2.h>

#include <string>
#include <string_view>

namespace prunebench::harness {

// Incremental hasher: feed bytes with update(), then read the digest once.
class Sha256 {
 public:
  Sha256();
  void update(std::string_view bytes);
  // The digest as 64 lowercase hex digits. Call once; the hasher is spent after.
  std::string hex_digest();

 private:
  sha256_ctx context_;
};

// The SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

}  // namespace prunebench::harness
