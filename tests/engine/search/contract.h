// The fail-soft contract test of reference 001 (engine/search/contract.h),
// as a loop the GoogleTest suites drive with searches of their own.
//
// Usage: check_contract(cases, make_node, search, options), where
//   make_node(rng) -> T         a tree positioned at a random node
//   search(tree, depth, a, b) -> Score   the search under test
// Mixed root parities (nodes at odd and even distance from their tree's root)
// are up to make_node; they catch sign bugs that only show at odd depth.
#pragma once

#include <cstdint>
#include <random>
#include <sstream>
#include <string>

#include "engine/search/contract.h"
#include "engine/search/tree.h"
#include "engine/types.h"

namespace prunebench::testing {

// The oracle and the three cases live in the engine (engine/search/contract.h),
// where `prunebench contract` uses them too.
using prunebench::contract_violation;
using prunebench::reference_negamax;

struct ContractOptions {
  int depth = 3;
  Score alpha_min = -120;  // a is drawn uniformly from [alpha_min, alpha_max]
  Score alpha_max = 100;
  Score width_max = 60;      // b = a + uniform [1, width_max]
  bool null_window = false;  // b = a + 1 always (the probes of PVS and MTD(f))
  bool fail_hard = false;
  std::uint64_t seed = 1;
};

struct ContractReport {
  int cases = 0;
  int violations = 0;
  int fail_lows = 0, fail_highs = 0,
      exact = 0;                // how the cases fell, so a test can check it covered all three
  std::string first_violation;  // case number, window and what went wrong
};

template <typename MakeNode, typename Search>
ContractReport check_contract(int cases, MakeNode&& make_node, Search&& search,
                              const ContractOptions& options = {}) {
  ContractReport report;
  for (int c = 0; c < cases; ++c) {
    std::mt19937_64 rng(options.seed * 1'000'003 + std::uint64_t(c));
    auto tree = make_node(rng);
    const Score a = std::uniform_int_distribution<Score>(options.alpha_min, options.alpha_max)(rng);
    const Score b =
        options.null_window ? a + 1 : a + std::uniform_int_distribution<Score>(1, options.width_max)(rng);
    const Score truth = reference_negamax(tree, options.depth);
    const Score v = search(tree, options.depth, a, b);
    ++report.cases;
    if (v <= a)
      ++report.fail_lows;
    else if (v >= b)
      ++report.fail_highs;
    else
      ++report.exact;
    const std::string why = contract_violation(v, truth, a, b, options.fail_hard);
    if (!why.empty() && report.violations++ == 0)
      report.first_violation = "case " + std::to_string(c) + ", window (" + std::to_string(a) + ", " +
                               std::to_string(b) + "): " + why;
  }
  return report;
}

}  // namespace prunebench::testing
