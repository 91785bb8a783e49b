// The scan-order family search: the family, the funnel, and that an order
// reproducing every figure is found.
#include "harness/run/scan_order_search.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace prunebench::harness {
namespace {

// The fields of an order as one number, to tell orders apart cheaply.
std::uint64_t fingerprint(const ScanOrder& o) {
  std::uint64_t f = 0;
  for (PieceType p : o.pieces) f = f * 8 + std::uint64_t(p);
  for (int field : {int(o.captures), int(o.split), int(o.from), int(o.to), int(o.pawns), int(o.queens)})
    f = f * 8 + std::uint64_t(field);
  return f;
}

TEST(ScanOrderSearch, TheFamilyHasEveryCombinationOnce) {
  const std::vector<ScanOrder> family = scan_order_family();
  EXPECT_EQ(family.size(), (720u + 120) * 7 * 8 * 8 * 3);
  std::vector<std::uint64_t> prints;
  for (const ScanOrder& order : family) prints.push_back(fingerprint(order));
  std::sort(prints.begin(), prints.end());
  EXPECT_EQ(std::adjacent_find(prints.begin(), prints.end()), prints.end());
  EXPECT_NE(std::find(family.begin(), family.end(), ScanOrder{}), family.end());
}

TEST(ScanOrderSearch, CheapestFirstIsStable) {
  const std::vector<ReferenceFigure> sorted =
      cheapest_first({{"a", "unordered", 3, 500}, {"b", "unordered", 1, 20}, {"c", "mvv-lva", 2, 20}});
  EXPECT_EQ(sorted[0].position_id, "b");
  EXPECT_EQ(sorted[1].position_id, "c");
  EXPECT_EQ(sorted[2].position_id, "a");
}

TEST(ScanOrderSearch, FindsTheOrderThatMadeTheFigures) {
  const std::map<std::string, Position> positions = {{"start", Position::start()}};
  ScanOrder target;
  target.pieces = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING};
  target.from = ScanOrder::Scan::H8A8;
  std::vector<ReferenceFigure> figures;
  for (int depth = 1; depth <= 4; ++depth)
    for (const char* mode : {"unordered", "mvv-lva"})
      figures.push_back({"start", mode, depth, count_nodes(Position::start(), mode, target, depth)});
  figures = cheapest_first(figures);

  // One thread, the target first: an order after it must not be measured with the target's specs.
  const std::vector<ScanOrder> family = {target, ScanOrder{}, ScanOrder{}};
  const FamilySearch found = search_family(family, figures, positions, 1, 5, 1);
  EXPECT_EQ(found.family_size, 3u);
  EXPECT_EQ(found.closest_figures, figures.size());
  ASSERT_EQ(found.closest.size(), 1u);
  EXPECT_EQ(found.closest[0], target);
  EXPECT_EQ(found.matching.back(), 1u);
  EXPECT_EQ(found.matching.front(), 3u);  // depth 1: every order visits 21 nodes
  EXPECT_TRUE(std::is_sorted(found.matching.rbegin(), found.matching.rend()));
  // All three pass depth 1; the target matches every figure, the others fewer.
  EXPECT_EQ(found.ranked_orders, 3u);
  ASSERT_EQ(found.most_figures.size(), 3u);
  EXPECT_EQ(found.most_figures[0].first, target);
  EXPECT_EQ(found.most_figures[0].second, figures.size());
  EXPECT_LT(found.most_figures[1].second, figures.size());
  // The ranking counts every figure an order matches, also after its first mismatch.
  for (const auto& [order, matched] : found.most_figures) {
    std::size_t expected = 0;
    for (const ReferenceFigure& f : figures)
      expected += count_nodes(Position::start(), f.mode, order, f.depth) == f.nodes;
    EXPECT_EQ(matched, expected) << to_string(order);
  }
}

}  // namespace
}  // namespace prunebench::harness
