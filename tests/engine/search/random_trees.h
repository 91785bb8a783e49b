// The tree lab's standard experiment (reference 001): 20 uniform random trees
// with b = 6, d = 6, and what theory says about them.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/trees/random_tree.h"
#include "engine/trees/search_instances.h"
#include "tests/engine/search/contract.h"

namespace prunebench::testing {

constexpr int LAB_BRANCHING = 6;
constexpr int LAB_HEIGHT = 6;
constexpr int LAB_TREES = 20;
constexpr std::uint64_t LAB_SEED = 1;
// 6^6, 6^0 + ... + 6^6, and 6^3 + 6^3 - 1 (Knuth-Moore), written out.
constexpr std::uint64_t LAB_FULL_LEAVES = 46'656;
constexpr std::uint64_t LAB_FULL_NODES = 1 + 6 + 36 + 216 + 1'296 + 7'776 + 46'656;
constexpr std::uint64_t LAB_MINIMAL_LEAVES = 431;

inline RandomTree lab_tree(int index) {
  return RandomTree(LAB_BRANCHING, LAB_HEIGHT, LAB_SEED, std::uint64_t(index));
}

// Plain negamax's value of lab tree `index`: what every mode must return.
inline Score lab_value(int index) {
  RandomTree tree = lab_tree(index);
  return reference_negamax(tree, LAB_HEIGHT);
}

struct LabRun {
  Score score;
  SearchCounters counters;
  SearchResult<ChildMove> result;
};

// A table of 2 MB (65,536 entries) holds a whole lab tree (55,987 nodes) and
// is quick to clear, which the tests do thousands of times.
constexpr std::size_t LAB_TT_MEGABYTES = 2;

// Runs `mode` (a mode string) on lab tree `index` to its full height.
inline LabRun run_lab(std::string_view mode, int index, int depth = LAB_HEIGHT) {
  ModeParse parse = parse_mode(mode);
  EXPECT_TRUE(parse.ok()) << mode << ": " << parse.error;
  parse.value.tt_megabytes = LAB_TT_MEGABYTES;
  RandomTree tree = lab_tree(index);
  EXPECT_EQ(check_spec(tree, parse.value), "");
  LabRun run{};
  run.result = search(tree, parse.value, depth, run.counters);
  run.score = run.result.score;
  EXPECT_EQ(tree.ply(), 0) << "the search must leave the tree at its root";
  return run;
}

// Follows `pv` from the root and returns the value, seen from the root, of
// the node it ends at searched to the remaining depth: equal to the root score
// when the line is a principal variation. A line may stop early where a table
// entry ended a node; the check covers such prefixes too.
inline Score value_at_end_of(const std::vector<ChildMove>& pv, int index, int depth = LAB_HEIGHT) {
  RandomTree tree = lab_tree(index);
  for (ChildMove m : pv) tree.make(m);
  const Score v = reference_negamax(tree, depth - int(pv.size()));
  return pv.size() % 2 == 0 ? v : -v;
}

}  // namespace prunebench::testing
