// Reference 001's randomized contract test on random trees: 3,000 random
// nodes (mixed parities) of random trees, depth 3, random windows.
#include "tests/engine/search/contract.h"

#include <gtest/gtest.h>

#include <random>

#include "engine/search/alphabeta.h"
#include "engine/search/pvs.h"
#include "engine/trees/random_tree.h"

namespace prunebench {
namespace {

using testing::check_contract;
using testing::ContractOptions;
using testing::ContractReport;

constexpr int CASES = 3000;

// A random node of a random tree: random shape and seed, then a random walk
// of 0..height-1 plies, so the node is at odd or even distance from its root
// and the depth-3 search sometimes reaches the leaves, sometimes not.
RandomTree random_node(std::mt19937_64& rng) {
  const int branching = std::uniform_int_distribution<int>(2, 5)(rng);
  const int height = std::uniform_int_distribution<int>(3, 8)(rng);
  RandomTree tree(branching, height, rng(), rng() % 1000);
  const int walk = std::uniform_int_distribution<int>(0, height - 1)(rng);
  for (int i = 0; i < walk; ++i)
    tree.make(ChildMove{std::uniform_int_distribution<int>(0, branching - 1)(rng)});
  return tree;
}

SearchSpec spec_for(Fail fail, bool tt, bool ordering) {
  SearchSpec spec;
  spec.fail = fail;
  spec.tt = tt;
  spec.ordering.tt_move_first = tt;
  if (ordering) {
    spec.ordering.base = BaseOrdering::RANDOM;
    spec.ordering.killers = spec.ordering.history = true;
  }
  return spec;
}

// Runs `Algorithm` at the node with window (a, b). With a table, first runs
// `warmups` searches with other windows (drawn from the node's key) so the
// checked search meets stored bounds, as MTD(f)'s later passes and PVS's
// re-searches do. (Algorithm takes exactly the tree and the fail policy, so
// the searches are passed as the aliases below: clang++ 14 does not relax the
// matching of a template with more parameters, even defaulted.)
template <template <Tree, Fail> class Algorithm, Fail F>
struct WindowedSearch {
  bool tt = false;
  bool ordering = false;
  int warmups = 0;
  bool null_warmups = false;

  Score operator()(RandomTree& tree, int depth, Score a, Score b) const {
    SearchCounters counters;
    const SearchSpec spec = spec_for(F, tt, ordering);
    TranspositionTable<ChildMove> table(1 << 12);
    SearchContext<RandomTree> ctx(tree, counters, spec, tt ? &table : nullptr);
    Algorithm<RandomTree, F> algorithm(ctx);
    std::mt19937_64 rng(tree.key());
    for (int i = 0; i < warmups; ++i) {
      const Score wa = std::uniform_int_distribution<Score>(-110, 90)(rng);
      const Score wb = null_warmups ? wa + 1 : wa + std::uniform_int_distribution<Score>(1, 60)(rng);
      algorithm.search(0, depth, wa, wb);
    }
    return algorithm.search(0, depth, a, b);
  }
};

template <Tree T, Fail F>
using PlainAlphaBeta = AlphaBeta<T, F>;
template <Tree T, Fail F>
using PlainPvs = Pvs<T, F>;

void expect_no_violations(const ContractReport& report, bool null_window = false) {
  EXPECT_EQ(report.cases, CASES);
  EXPECT_EQ(report.violations, 0) << report.first_violation;
  // The cases must exercise every clause of the contract (a null window has
  // no inside, so its searches can only fail low or high).
  EXPECT_GT(report.fail_lows, CASES / 20);
  EXPECT_GT(report.fail_highs, CASES / 20);
  if (null_window) {
    EXPECT_EQ(report.exact, 0);
  } else {
    EXPECT_GT(report.exact, CASES / 50);
  }
}

ContractOptions options(bool fail_hard, bool null_window = false) {
  ContractOptions o;
  o.fail_hard = fail_hard;
  o.null_window = null_window;
  return o;
}

TEST(Contract, AlphaBetaFailSoft) {
  expect_no_violations(
      check_contract(CASES, random_node, WindowedSearch<PlainAlphaBeta, Fail::SOFT>{}, options(false)));
}

TEST(Contract, AlphaBetaFailHard) {
  expect_no_violations(
      check_contract(CASES, random_node, WindowedSearch<PlainAlphaBeta, Fail::HARD>{}, options(true)));
}

TEST(Contract, AlphaBetaFailSoftWithTableAndOrdering) {
  expect_no_violations(check_contract(
      CASES, random_node, WindowedSearch<PlainAlphaBeta, Fail::SOFT>{true, true, 2}, options(false)));
}

TEST(Contract, AlphaBetaFailHardWithTable) {
  expect_no_violations(check_contract(
      CASES, random_node, WindowedSearch<PlainAlphaBeta, Fail::HARD>{true, false, 2}, options(true)));
}

TEST(Contract, PvsFailSoft) {
  expect_no_violations(
      check_contract(CASES, random_node, WindowedSearch<PlainPvs, Fail::SOFT>{}, options(false)));
}

TEST(Contract, PvsFailHardWithTable) {
  expect_no_violations(
      check_contract(CASES, random_node, WindowedSearch<PlainPvs, Fail::HARD>{true, true, 2}, options(true)));
}

// PVS's probes: null windows only.
TEST(Contract, PvsNullWindow) {
  expect_no_violations(
      check_contract(CASES, random_node, WindowedSearch<PlainPvs, Fail::SOFT>{}, options(false, true)), true);
}

// MTD(f)'s passes: null-window alpha-beta with memory, after earlier passes
// at other betas have left bounds in the table.
TEST(Contract, AlphaBetaWithMemoryNullWindow) {
  expect_no_violations(
      check_contract(CASES, random_node, WindowedSearch<PlainAlphaBeta, Fail::SOFT>{true, false, 3, true},
                     options(false, true)),
      true);
}

TEST(Contract, AlphaBetaWithMemoryNullWindowFailHard) {
  expect_no_violations(
      check_contract(CASES, random_node, WindowedSearch<PlainAlphaBeta, Fail::HARD>{true, false, 3, true},
                     options(true, true)),
      true);
}

// The checker itself must catch each kind of violation.
TEST(Contract, CheckerRejectsViolations) {
  EXPECT_EQ(testing::contract_violation(5, 5, 0, 10, false), "");
  EXPECT_EQ(testing::contract_violation(-3, -7, 0, 10, false), "");
  EXPECT_EQ(testing::contract_violation(12, 20, 0, 10, false), "");
  EXPECT_NE(testing::contract_violation(-3, 1, 0, 10, false), "");   // fail low above the truth
  EXPECT_NE(testing::contract_violation(12, 11, 0, 10, false), "");  // fail high above the truth
  EXPECT_NE(testing::contract_violation(4, 5, 0, 10, false), "");    // inside but wrong
  EXPECT_NE(testing::contract_violation(12, 20, 0, 10, true), "");   // fail-hard outside the window
}

}  // namespace
}  // namespace prunebench
