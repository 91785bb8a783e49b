#include "engine/trees/minimal_tree.h"

#include <gtest/gtest.h>

namespace prunebench {
namespace {

// Reference 002's table: b^d leaves for minimax (and for alpha-beta in the
// worst order) against the best case.
struct TheoryRow {
  std::uint64_t b;
  int d;
  std::uint64_t full;
  std::uint64_t best;
};
constexpr TheoryRow THEORY[] = {
    {3, 4, 81, 17},
    {3, 6, 729, 53},
    {30, 4, 810'000, 1'799},
    {30, 6, 729'000'000, 53'999},
    {30, 10, 590'490'000'000'000, 48'599'999},
};

TEST(MinimalTree, TheoryTableOfReference002) {
  for (const TheoryRow& row : THEORY) {
    EXPECT_EQ(full_tree_leaves(row.b, row.d), row.full) << row.b << " " << row.d;
    EXPECT_EQ(minimal_tree_leaves(row.b, row.d), row.best) << row.b << " " << row.d;
  }
}

TEST(MinimalTree, ReferenceExperimentAndSmallCases) {
  EXPECT_EQ(minimal_tree_leaves(6, 6), 431u);  // reference 001: 216 + 216 - 1
  EXPECT_EQ(full_tree_leaves(6, 6), 46'656u);
  EXPECT_EQ(minimal_tree_leaves(3, 2), 5u);  // the standing tree's best case
  EXPECT_EQ(minimal_tree_leaves(7, 0), 1u);  // the root alone
  EXPECT_EQ(minimal_tree_leaves(7, 1), 7u);  // every move must be seen
  EXPECT_EQ(minimal_tree_leaves(5, 3), 25u + 5u - 1u);
}

TEST(MinimalTree, OverflowIsReportedNotWrapped) {
  EXPECT_FALSE(full_tree_leaves(40, 13).has_value());  // 40^13 > 2^64
  EXPECT_EQ(full_tree_leaves(40, 10), 10'485'760'000'000'000u);
  EXPECT_EQ(full_tree_leaves(2, 63), std::uint64_t(1) << 63);
  EXPECT_FALSE(full_tree_leaves(2, 64).has_value());
  EXPECT_FALSE(minimal_tree_leaves(2, 128).has_value());
}

TEST(MinimalTree, RealBranchingFactor) {
  EXPECT_DOUBLE_EQ(minimal_tree_leaves_real(6.0, 6), 431.0);
  EXPECT_DOUBLE_EQ(full_tree_leaves_real(30.0, 4), 810'000.0);
  EXPECT_NEAR(minimal_tree_leaves_real(22.0, 5), 22.0 * 22 * 22 + 22 * 22 - 1, 1e-9);
}

}  // namespace
}  // namespace prunebench
