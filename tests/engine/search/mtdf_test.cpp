#include "engine/search/mtdf.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/engine/search/random_trees.h"

namespace prunebench {
namespace {

using namespace testing;

std::string with_guess(const std::string& base, Score guess) {
  return base + ",guess=" + std::to_string(guess);
}

// Guesses relative to each tree's value v, near and far (the leaves lie in
// [-100, 100], so v +- 150 is a poor guess); fail-hard moves one point per
// pass, so it gets the nearer guesses only.
TEST(Mtdf, EveryGuessReturnsTheNegamaxValue) {
  struct Variant {
    const char* base;
    std::vector<Score> offsets;
    bool absolute_guesses;
  };
  const Variant variants[] = {
      {"algo=mtdf,tt", {0, 1, -1, 7, -7, 150, -150}, true},
      {"algo=mtdf,tt,killers,history", {0, 7, -150}, true},
      {"algo=mtdf,tt,fail=hard", {0, 1, -1, 7, -7}, false},
      {"algo=mtdf", {0, -7, 150}, false},
  };
  for (const Variant& variant : variants) {
    for (const char* order : {"order=natural", "order=best", "order=random"}) {
      for (int t = 0; t < LAB_TREES; ++t) {
        const Score v = lab_value(t);
        std::vector<Score> guesses;
        for (Score offset : variant.offsets) guesses.push_back(v + offset);
        if (variant.absolute_guesses) guesses.insert(guesses.end(), {0, -999, 999});
        for (Score guess : guesses) {
          const std::string mode = with_guess(std::string(variant.base) + "," + order, guess);
          const LabRun run = run_lab(mode, t);
          EXPECT_EQ(run.score, v) << mode << " tree " << t;
          EXPECT_GE(run.counters.mtdf_passes, 2u);
          ASSERT_FALSE(run.result.pv.empty()) << mode;
          EXPECT_EQ(run.result.best_move, run.result.pv.front());
          EXPECT_EQ(value_at_end_of(run.result.pv, t), v) << mode << " tree " << t;
        }
      }
    }
  }
}

// Guessing the value exactly takes two passes: "value >= V?" fails high with
// V, then "value >= V + 1?" fails low with V, and the bounds meet.
TEST(Mtdf, ATrueGuessTakesTwoPasses) {
  for (int t = 0; t < LAB_TREES; ++t)
    EXPECT_EQ(run_lab(with_guess("algo=mtdf,tt", lab_value(t)), t).counters.mtdf_passes, 2u) << "tree " << t;
}

// Fail-hard moves a bound one point per pass: from k below the value, k + 1
// fail highs climb to V and one fail low closes (k + 2 passes); from k above,
// k fail lows descend to V and one fail high closes (k + 1 passes).
TEST(Mtdf, FailHardStepsOnePointPerPass) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const Score v = lab_value(t);
    EXPECT_EQ(run_lab(with_guess("algo=mtdf,tt,fail=hard", v - 5), t).counters.mtdf_passes, 7u)
        << "tree " << t;
    EXPECT_EQ(run_lab(with_guess("algo=mtdf,tt,fail=hard", v + 5), t).counters.mtdf_passes, 6u)
        << "tree " << t;
  }
}

// Every node that is not a leaf probes the table once; nodes a stored bound
// ended are neither leaves nor typed.
TEST(Mtdf, TableAccountingAddsUp) {
  for (int t = 0; t < LAB_TREES; ++t) {
    const SearchCounters c = run_lab("algo=mtdf,tt,guess=0", t).counters;
    EXPECT_GT(c.tt_cutoffs, 0u) << "tree " << t;
    EXPECT_LE(c.tt_cutoffs, c.tt_hits);
    EXPECT_LE(c.tt_hits, c.tt_probes);
    EXPECT_EQ(c.tt_probes, c.nodes - c.leaves);
    EXPECT_EQ(c.expected_pv + c.expected_cut + c.expected_all, c.nodes - c.leaves - c.tt_cutoffs);
    EXPECT_EQ(c.behaved_pv + c.behaved_cut + c.behaved_all, c.nodes - c.leaves - c.tt_cutoffs);
  }
}

}  // namespace
}  // namespace prunebench
