// Sums of node counts. Each record's count fits 64 bits (counters.nodes is
// read as a uint64), but a total over records need not: 128 bits hold the sum
// of 2^64 such counts exactly, so a total never refuses what its records allow.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace prunebench::harness {

__extension__ typedef unsigned __int128 NodeSum;  // __extension__: a GCC/Clang type, -Wpedantic knows it

// The exact decimal digits of `sum`.
std::string decimal(NodeSum sum);
// `sum` as a JSON number: an exact integer up to 2^64 - 1 (what nlohmann can
// hold), beyond it the nearest double, which JSON readers take as a number.
nlohmann::json node_sum_json(NodeSum sum);

}  // namespace prunebench::harness
