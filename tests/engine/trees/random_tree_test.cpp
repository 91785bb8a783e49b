#include "engine/trees/random_tree.h"

#include <gtest/gtest.h>

#include <set>

#include "tests/engine/search/random_trees.h"

namespace prunebench {
namespace {

using testing::lab_tree;
using testing::reference_negamax;

// Every leaf of one tree, in natural order.
std::vector<Score> leaf_values(RandomTree& tree) {
  if (!tree.has_children()) return {tree.terminal_score(0)};
  std::vector<Score> values;
  ChildList moves;
  tree.generate(moves);
  for (ChildMove m : moves) {
    tree.make(m);
    const std::vector<Score> below = leaf_values(tree);
    values.insert(values.end(), below.begin(), below.end());
    tree.unmake(m);
  }
  return values;
}

TEST(RandomTree, ShapeIsUniform) {
  RandomTree tree(4, 3, 9);
  ChildList moves;
  tree.generate(moves);
  ASSERT_EQ(moves.size(), 4u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(moves[std::size_t(i)], ChildMove{i});
  EXPECT_EQ(leaf_values(tree).size(), 64u);
  for (int i = 0; i < 3; ++i) tree.make(ChildMove{1});
  EXPECT_FALSE(tree.has_children());
  tree.generate(moves);
  EXPECT_TRUE(moves.empty());
  EXPECT_EQ(tree.ply(), 3);
  tree.reset();
  EXPECT_EQ(tree.ply(), 0);
}

TEST(RandomTree, ValuesAreDeterministicAndInRange) {
  RandomTree a = lab_tree(2), b = lab_tree(2), other = lab_tree(3);
  const std::vector<Score> values = leaf_values(a);
  EXPECT_EQ(values, leaf_values(b));
  EXPECT_NE(values, leaf_values(other));
  std::set<Score> distinct(values.begin(), values.end());
  EXPECT_EQ(*distinct.begin(), RandomTree::MIN_VALUE);  // 46,656 draws cover all 201 values
  EXPECT_EQ(*distinct.rbegin(), RandomTree::MAX_VALUE);
  EXPECT_EQ(distinct.size(), 201u);
  double mean = 0;
  for (Score v : values) mean += v;
  EXPECT_NEAR(mean / double(values.size()), 0.0, 2.0);  // sd of the mean ~0.27
}

TEST(RandomTree, KeysIdentifyNodes) {
  RandomTree tree(5, 3, 1);
  std::set<Key> keys{tree.key()};
  for (int i = 0; i < 5; ++i) {
    tree.make(ChildMove{i});
    keys.insert(tree.key());
    for (int j = 0; j < 5; ++j) {
      tree.make(ChildMove{j});
      keys.insert(tree.key());
      tree.unmake(ChildMove{j});
    }
    tree.unmake(ChildMove{i});
  }
  EXPECT_EQ(keys.size(), 1u + 5 + 25);
  EXPECT_NE(RandomTree(5, 3, 1, 0).key(), RandomTree(5, 3, 1, 1).key());
  EXPECT_NE(RandomTree(5, 3, 1, 0).key(), RandomTree(5, 3, 2, 0).key());
}

TEST(RandomTree, OracleValueIsNegamax) {
  for (int t = 0; t < 5; ++t) {
    RandomTree tree = lab_tree(t);
    EXPECT_EQ(tree.true_value(), reference_negamax(tree, 6));
    tree.make(ChildMove{3});
    EXPECT_EQ(tree.true_value(), reference_negamax(tree, 5));
  }
}

TEST(RandomTree, OracleOrderingsScoreChildrenByTheirValue) {
  RandomTree tree = lab_tree(0);
  for (int i = 0; i < 6; ++i) {
    tree.make(ChildMove{i});
    const Score child = reference_negamax(tree, 5);
    tree.unmake(ChildMove{i});
    EXPECT_EQ(tree.move_score(BaseOrdering::BEST_FIRST, ChildMove{i}), -child);
    EXPECT_EQ(tree.move_score(BaseOrdering::WORST_FIRST, ChildMove{i}), child);
  }
  EXPECT_TRUE(tree.supports_ordering(BaseOrdering::RANDOM));
  EXPECT_FALSE(tree.supports_ordering(BaseOrdering::MVV_LVA));
  EXPECT_FALSE(tree.supports_ordering(BaseOrdering::QUIET_PST));
  std::set<std::int64_t> random_scores;
  for (int i = 0; i < 6; ++i) random_scores.insert(tree.move_score(BaseOrdering::RANDOM, ChildMove{i}));
  EXPECT_EQ(random_scores.size(), 6u);
}

// Memory is the path only: a wide, deep tree is as cheap to walk as a small one.
TEST(RandomTree, WideDeepTreesAreLazy) {
  RandomTree tree(40, 10, 5);
  for (int i = 0; i < 10; ++i) tree.make(ChildMove{39 - i});
  EXPECT_FALSE(tree.has_children());
  const Score v = tree.terminal_score(0);
  EXPECT_GE(v, RandomTree::MIN_VALUE);
  EXPECT_LE(v, RandomTree::MAX_VALUE);
}

}  // namespace
}  // namespace prunebench
