#include "engine/zobrist.h"

namespace prunebench {
namespace {

// SplitMix64: a tiny generator whose outputs are well spread, seeded with a
// constant so keys never change between runs.
std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

ZobristKeys make_keys() {
  ZobristKeys keys{};
  std::uint64_t state = 0x5EED'0F'0B'A5E'B00CULL;
  for (auto& squares : keys.piece_square)
    for (Key& k : squares) k = splitmix64(state);
  // Castling keys are the XOR of one key per right, so removing a right is
  // the same XOR whichever other rights remain.
  Key right_keys[4];
  for (Key& k : right_keys) k = splitmix64(state);
  for (int rights = 0; rights < CASTLING_RIGHT_NB; ++rights) {
    keys.castling[rights] = 0;
    for (int bit = 0; bit < 4; ++bit)
      if (rights & (1 << bit)) keys.castling[rights] ^= right_keys[bit];
  }
  for (Key& k : keys.en_passant_file) k = splitmix64(state);
  keys.black_to_move = splitmix64(state);
  return keys;
}

}  // namespace

const ZobristKeys ZOBRIST = make_keys();

}  // namespace prunebench
