#include "harness/io/sha256.h"

#include <array>
#include <cstdint>

namespace prunebench::harness {

Sha256::Sha256() { sha256_init(&context_); }

void Sha256::update(std::string_view bytes) {
  sha256_update(&context_, bytes.size(), reinterpret_cast<const std::uint8_t*>(bytes.data()));
}

std::string Sha256::hex_digest() {
  std::array<std::uint8_t, SHA256_DIGEST_SIZE> digest{};
  sha256_digest(&context_, digest.size(), digest.data());
  constexpr char HEX[] = "0123456789abcdef";
  std::string hex;
  for (std::uint8_t byte : digest) {
    hex.push_back(HEX[byte >> 4]);
    hex.push_back(HEX[byte & 0x0F]);
  }
  return hex;
}

std::string sha256_hex(std::string_view bytes) {
  Sha256 hasher;
  hasher.update(bytes);
  return hasher.hex_digest();
}

}  // namespace prunebench::harness
