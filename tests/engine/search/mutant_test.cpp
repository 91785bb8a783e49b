// The bug museum's mutants: named once, each reachable by its name, and the
// plain search untouched by the machinery.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "engine/trees/random_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

TEST(Mutant, EveryMutantIsFoundByItsOwnName) {
  std::set<std::string_view> names;
  for (const MutantInfo& info : MUTANTS) {
    EXPECT_EQ(mutant_named(info.name), info.mutant) << info.name;
    EXPECT_EQ(mutant_info(info.mutant).name, info.name);
    EXPECT_TRUE(names.insert(info.name).second) << info.name << " twice";
  }
  EXPECT_EQ(mutant_named("none"), std::nullopt);
  EXPECT_EQ(mutant_named("bound-as-exac"), std::nullopt);
}

TEST(Mutant, WithMutantPassesTheMutantAsATemplateArgument) {
  for (const MutantInfo& info : MUTANTS)
    EXPECT_EQ(with_mutant(info.mutant, []<Mutant M>() { return M; }), info.mutant);
  EXPECT_EQ(with_mutant(Mutant::NONE, []<Mutant M>() { return M; }), Mutant::NONE);
}

TEST(Mutant, NoMutantIsTheSearchItself) {
  const SearchSpec spec = parse_mode("algo=pvs+tt+id+killers").value;
  RandomTree tree(4, 5, 11);
  SearchCounters plain, none;
  const Score value = search(tree, spec, 5, plain).score;
  EXPECT_EQ(search_with_mutant(tree, spec, 5, none, Mutant::NONE).score, value);
  EXPECT_EQ(none, plain);
}

// A spec the mutant does not reach runs the plain search: the museum skips
// those searches, so their counts and values must be the plain ones.
TEST(Mutant, ASpecAMutantDoesNotReachSearchesAsThePlainCode) {
  const char* const modes[] = {"minimax", "negamax", "unordered", "fail-hard+tt", "algo=pvs+tt+mate-distance",
                               "algo=mtdf+tt", "unordered+id+aspiration=15", "algo=pvs+id+aspiration=5"};
  for (const MutantInfo& info : MUTANTS) {
    for (const char* mode : modes) {
      const SearchSpec spec = parse_mode(mode).value;
      if (mutant_reaches(info.mutant, spec)) continue;
      for (int depth = 1; depth <= 4; ++depth) {
        RandomTree tree(4, 5, std::uint64_t(depth));
        SearchCounters plain, mutated;
        const Score value = search(tree, spec, depth, plain).score;
        EXPECT_EQ(search_with_mutant(tree, spec, depth, mutated, info.mutant).score, value) << info.name << mode;
        EXPECT_EQ(mutated, plain) << info.name << " " << mode << " depth " << depth;
      }
    }
  }
}

// Reference 000's two bugs, as the article measured them: the counter after
// the depth test loses exactly the horizon nodes, and the unflipped
// evaluation changes values at odd depths only.
TEST(Mutant, TheArticlesBugsDoWhatTheArticleSaw) {
  const SearchSpec spec = parse_mode("unordered").value;
  RandomTree tree(3, 6, 5);
  for (int depth = 1; depth <= 4; ++depth) {
    SearchCounters plain, late_counter;
    search(tree, spec, depth, plain);
    search_with_mutant(tree, spec, depth, late_counter, Mutant::COUNT_AFTER_DEPTH_TEST);
    EXPECT_EQ(late_counter.nodes, plain.nodes - plain.nodes_per_ply[std::size_t(depth)]) << depth;
  }
  int odd_changes = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    RandomTree t(3, 6, seed);
    for (int depth = 1; depth <= 4; ++depth) {
      SearchCounters a, b;
      const bool changed = search(t, spec, depth, a).score !=
                           search_with_mutant(t, spec, depth, b, Mutant::UNFLIPPED_EVALUATION).score;
      if (depth % 2 == 0) {
        EXPECT_FALSE(changed) << "seed " << seed << " depth " << depth;
      }
      odd_changes += changed;
    }
  }
  EXPECT_GT(odd_changes, 0);
}

}  // namespace
}  // namespace prunebench
