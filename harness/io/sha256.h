// SHA-256 (FIPS 180-4), so that a run records exactly which suite files it
// read. Written here rather than pulled in from a crypto library: suites are
// small, speed does not matter, and the harness keeps no extra dependency.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
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
  void compress(const std::uint8_t* block);

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t total_bytes_ = 0;
};

// The SHA-256 of `bytes` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view bytes);

}  // namespace prunebench::harness
