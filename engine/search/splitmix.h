// SplitMix64 finaliser: the one integer mixer of the search and the tree lab.
//
// Synthetic trees derive every node identity and leaf value from it, and the
// RANDOM ordering reseeds scores with it, so a tree or a shuffle is a pure
// function of its seeds (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", OOPSLA 2014).
#pragma once

#include <cstdint>

namespace prunebench {

constexpr std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// Combines a parent hash with one more value (a child index, a seed).
constexpr std::uint64_t hash_combine(std::uint64_t parent, std::uint64_t value) {
  return splitmix64(parent ^ splitmix64(value));
}

}  // namespace prunebench
