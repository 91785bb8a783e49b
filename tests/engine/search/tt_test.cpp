#include "engine/search/tt.h"

#include <gtest/gtest.h>

#include "engine/trees/child_list.h"

namespace prunebench {
namespace {

using Table = TranspositionTable<ChildMove>;
constexpr Key KEY = 0x1234'5678'9abc'def0ULL;

TEST(TranspositionTable, CapacityIsRoundedDownToAPowerOfTwo) {
  EXPECT_EQ(Table(1000).capacity(), 512u);
  EXPECT_EQ(Table(1024).capacity(), 1024u);
  EXPECT_EQ(Table(1).capacity(), Table::BUCKET_SIZE);
  EXPECT_EQ(Table::with_megabytes(1).capacity() * sizeof(TTEntry<ChildMove>) <= 1024u * 1024u, true);
}

TEST(TranspositionTable, MissesAnUnknownKey) { EXPECT_FALSE(Table(64).probe(KEY, 0).has_value()); }

// A new or cleared table is zeroed memory, and zero bytes are an empty entry:
// not a key-0 entry of some draft (a lab tree's root has key 0), which must
// be stored before it is found, at any draft, 0 included.
TEST(TranspositionTable, ZeroBytesAreEmptyEvenForKeyZero) {
  Table table(64);
  EXPECT_FALSE(table.probe(0, 0).has_value());
  table.store(0, 0, 0, 5, -10, 10, ChildMove{1});
  const auto e = table.probe(0, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->draft(), 0);
  EXPECT_TRUE(e->is_exact());
  table.clear();
  EXPECT_FALSE(table.probe(0, 0).has_value());
  EXPECT_EQ(TTEntry<ChildMove>{}.draft(), TTEntry<ChildMove>::EMPTY);
}

// A prefetch is a hint to the cache: it finds, stores and changes nothing.
TEST(TranspositionTable, PrefetchChangesNothing) {
  Table table(64);
  table.prefetch(KEY);
  EXPECT_FALSE(table.probe(KEY, 0).has_value());
  table.store(KEY, 0, 2, 5, -10, 10, ChildMove{3});
  for (Key k = 0; k < 1000; ++k) table.prefetch(k * 0x9e37'79b9'7f4a'7c15ULL);
  const auto e = table.probe(KEY, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->draft(), 2);
  EXPECT_EQ(e->move, ChildMove{3});
}

TEST(TranspositionTable, StoresTheBoundTheWindowProves) {
  Table table(64);
  table.store(KEY, 0, 3, -20, -10, 10, ChildMove{});  // fail low: an upper bound
  auto e = table.probe(KEY, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->draft(), 3);
  EXPECT_EQ(e->lower, -INFINITE_SCORE);
  EXPECT_EQ(e->upper, -20);
  EXPECT_FALSE(e->is_exact());

  table.store(KEY + 1, 0, 3, 15, -10, 10, ChildMove{2});  // fail high: a lower bound
  e = table.probe(KEY + 1, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->lower, 15);
  EXPECT_EQ(e->upper, INFINITE_SCORE);
  EXPECT_EQ(e->move, ChildMove{2});

  table.store(KEY + 2, 0, 3, 4, -10, 10, ChildMove{1});  // inside: exact
  e = table.probe(KEY + 2, 0);
  ASSERT_TRUE(e);
  EXPECT_TRUE(e->is_exact());
  EXPECT_EQ(e->lower, 4);
}

TEST(TranspositionTable, WindowEdgesAreBoundsNotExactValues) {
  Table table(64);
  table.store(KEY, 0, 2, -10, -10, 10, ChildMove{});  // value == alpha: fail low
  EXPECT_EQ(table.probe(KEY, 0)->upper, -10);
  EXPECT_EQ(table.probe(KEY, 0)->lower, -INFINITE_SCORE);
  table.store(KEY + 1, 0, 2, 10, -10, 10, ChildMove{});  // value == beta: fail high
  EXPECT_EQ(table.probe(KEY + 1, 0)->lower, 10);
  EXPECT_EQ(table.probe(KEY + 1, 0)->upper, INFINITE_SCORE);
}

// MTD(f) tightens both bounds of one node over several passes.
TEST(TranspositionTable, MergesBoundsOfTheSameDraft) {
  Table table(64);
  table.store(KEY, 0, 4, 7, 6, 7, ChildMove{3});    // >= 7
  table.store(KEY, 0, 4, 12, 12, 13, ChildMove{});  // <= 12
  table.store(KEY, 0, 4, 9, 8, 9, ChildMove{});     // >= 9 (tighter)
  table.store(KEY, 0, 4, 20, 20, 21, ChildMove{});  // <= 20 (looser: ignored)
  const auto e = table.probe(KEY, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->lower, 9);
  EXPECT_EQ(e->upper, 12);
  EXPECT_EQ(e->move, ChildMove{3});  // a store without a move keeps the old one
}

TEST(TranspositionTable, AnotherDraftReplacesTheBoundsButKeepsTheMove) {
  Table table(64);
  table.store(KEY, 0, 4, 5, -100, 100, ChildMove{1});
  table.store(KEY, 0, 5, 30, 20, 21, ChildMove{});
  const auto e = table.probe(KEY, 0);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->draft(), 5);
  EXPECT_EQ(e->lower, 30);
  EXPECT_EQ(e->upper, INFINITE_SCORE);
  EXPECT_EQ(e->move, ChildMove{1});
}

TEST(TranspositionTable, AFullBucketLosesItsShallowestEntry) {
  Table table(Table::BUCKET_SIZE);  // one bucket
  for (int i = 0; i < int(Table::BUCKET_SIZE); ++i)
    table.store(KEY + Key(i) * 1024, 0, 5 - i, 0, -1, 1, ChildMove{});
  table.store(KEY + 99 * 1024, 0, 7, 0, -1, 1, ChildMove{});
  EXPECT_FALSE(table.probe(KEY + Key(Table::BUCKET_SIZE - 1) * 1024, 0));  // draft 2, the shallowest
  EXPECT_TRUE(table.probe(KEY, 0));
  EXPECT_TRUE(table.probe(KEY + 99 * 1024, 0));
}

TEST(TranspositionTable, ClearEmptiesEveryEntry) {
  Table table(64);
  for (Key k = 1; k <= 40; ++k) table.store(k * 77, 0, 1, 0, -1, 1, ChildMove{});
  ASSERT_TRUE(table.probe(77, 0));
  table.clear();
  for (Key k = 1; k <= 40; ++k) EXPECT_FALSE(table.probe(k * 77, 0)) << k;
}

// With mate-distance scores a mate is stored relative to the node and read
// back relative to the ply of whoever probes.
TEST(TranspositionTable, MateDistanceScoresRoundTripThroughTheNode) {
  Table table(64, /*mate_distance=*/true);
  constexpr Score ALPHA = -INFINITE_SCORE, BETA = INFINITE_SCORE;  // exact values
  const Score mate_in_5_from_root = MATE - 5;  // found at a node at ply 3: mate 2 plies below it
  table.store(KEY, 3, 4, mate_in_5_from_root, ALPHA, BETA, ChildMove{});
  EXPECT_EQ(table.probe(KEY, 3)->lower, MATE - 5);  // same ply: unchanged
  EXPECT_EQ(table.probe(KEY, 1)->lower, MATE - 3);  // reached 2 plies earlier: mate 2 plies sooner
  EXPECT_EQ(table.probe(KEY, 6)->upper, MATE - 8);

  table.store(KEY + 1, 2, 4, -(MATE - 6), ALPHA, BETA, ChildMove{});  // being mated
  EXPECT_EQ(table.probe(KEY + 1, 2)->lower, -(MATE - 6));
  EXPECT_EQ(table.probe(KEY + 1, 4)->upper, -(MATE - 8));

  table.store(KEY + 2, 5, 4, 250, ALPHA, BETA, ChildMove{});  // not a mate: unchanged
  EXPECT_EQ(table.probe(KEY + 2, 0)->lower, 250);
  // Bounds convert too; the open side stays infinite.
  table.store(KEY + 3, 5, 4, MATE - 9, -100, 100, ChildMove{});
  EXPECT_EQ(table.probe(KEY + 3, 1)->lower, MATE - 5);
  EXPECT_EQ(table.probe(KEY + 3, 1)->upper, INFINITE_SCORE);
  table.store(KEY + 4, 5, 4, -(MATE - 9), -100, 100, ChildMove{});
  EXPECT_EQ(table.probe(KEY + 4, 1)->upper, -(MATE - 5));
  EXPECT_EQ(table.probe(KEY + 4, 1)->lower, -INFINITE_SCORE);
}

// Constant mate scores do not depend on the path: stored as they are.
TEST(TranspositionTable, ConstantMateScoresAreStoredAsTheyAre) {
  Table table(64);
  table.store(KEY, 3, 4, MATE, -INFINITE_SCORE, INFINITE_SCORE, ChildMove{});
  EXPECT_EQ(table.probe(KEY, 1)->lower, MATE);
  EXPECT_EQ(table.probe(KEY, 7)->upper, MATE);
}

}  // namespace
}  // namespace prunebench
