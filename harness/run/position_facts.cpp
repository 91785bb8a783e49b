#include "harness/run/position_facts.h"

#include <cmath>

#include "engine/perft.h"
#include "engine/trees/minimal_tree.h"

namespace prunebench::harness {

double PositionFacts::effective_branching_factor(int depth) const {
  return std::pow(double(perft[std::size_t(depth)]), 1.0 / depth);
}

double PositionFacts::minimal_tree(int depth) const {
  // No leaf at this depth (a mated or stalemated root, or every line ends
  // sooner): the minimal tree has none either, where the formula's b^0 = 1
  // terms would give -1.
  if (perft[std::size_t(depth)] == 0) return 0.0;
  return minimal_tree_leaves_real(effective_branching_factor(depth), depth);
}

std::uint64_t PositionFacts::full_width_nodes(int depth) const {
  std::uint64_t total = 0;
  for (int d = 0; d <= depth; ++d) total += perft[std::size_t(d)];
  return total;
}

PositionFacts gather_facts(const SuiteEntry& entry, const std::string& suite_path, int max_depth) {
  PositionFacts facts;
  facts.id = entry.id;
  facts.suite = suite_path;
  facts.fen = entry.position.fen();
  facts.white_material = entry.position.material(WHITE);  // kings count zero
  facts.black_material = entry.position.material(BLACK);
  for (int depth = 0; depth <= max_depth; ++depth) {
    facts.perft.push_back(perft(entry.position, depth));
    const auto published = entry.perft.find(depth);
    if (published != entry.perft.end() && published->second != facts.perft.back() && facts.error.empty())
      facts.error = entry.id + ": perft(" + std::to_string(depth) + ") is " + std::to_string(facts.perft.back()) +
                    " but the suite says " + std::to_string(published->second);
  }
  return facts;
}

nlohmann::ordered_json facts_json(const PositionFacts& facts) {
  nlohmann::ordered_json ebf = nlohmann::ordered_json::array(), minimal = nlohmann::ordered_json::array();
  for (int depth = 1; depth < int(facts.perft.size()); ++depth) {
    ebf.push_back(std::round(facts.effective_branching_factor(depth) * 1000.0) / 1000.0);
    minimal.push_back(std::llround(facts.minimal_tree(depth)));
  }
  return {{"id", facts.id},
          {"suite", facts.suite},
          {"fen", facts.fen},
          {"material", {{"white", facts.white_material}, {"black", facts.black_material}, {"balance", facts.balance()}}},
          {"perft", facts.perft},
          {"effective_branching_factor", ebf},
          {"minimal_tree", minimal}};
}

}  // namespace prunebench::harness
