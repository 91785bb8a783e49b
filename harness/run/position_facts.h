// What a run records about each position before searching it: material,
// perft counts, effective branching factor and the Knuth-Moore minimal tree.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/run/suite.h"

namespace prunebench::harness {

struct PositionFacts {
  std::string id;
  std::string suite;
  std::string fen;
  Score white_material = 0, black_material = 0;
  std::vector<std::uint64_t> perft;  // perft(0..max_depth)
  std::string error;                 // a published ;Dn count that perft contradicts

  Score balance() const { return white_material - black_material; }
  // perft(d)^(1/d): the average branching factor over d plies (d >= 1).
  double effective_branching_factor(int depth) const;
  // b^ceil(d/2) + b^floor(d/2) - 1 with b the effective branching factor at d.
  double minimal_tree(int depth) const;
  // Σ perft(0..d): the node count of full-width minimax to depth d.
  std::uint64_t full_width_nodes(int depth) const;
};

// Computes perft up to `max_depth` and checks the entry's published counts
// at those depths.
PositionFacts gather_facts(const SuiteEntry& entry, const std::string& suite_path, int max_depth);

nlohmann::ordered_json facts_json(const PositionFacts& facts);

}  // namespace prunebench::harness
