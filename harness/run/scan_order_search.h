// The search of the scan-order family (engine/scan_order.h) for the move
// order of reference 000's generator.
//
// Each order is measured against the article's figures one at a time,
// cheapest first, and dropped at its first mismatch, so the whole family
// (about a million orders) is decided in minutes: an order that reproduces
// every figure survives every step. The funnel (how many orders match the
// first k figures) says how close the family comes when none does; and the
// orders that pass the first `rank_after` figures are measured on every
// figure and ranked by how many they match, since an order can miss one
// cheap figure and match many dear ones.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/scan_order.h"

namespace prunebench::harness {

// One published node count: `mode` is a named mode ("unordered", "mvv-lva")
// whose generator order the scan order replaces.
struct ReferenceFigure {
  std::string position_id;
  std::string mode;
  int depth = 0;
  std::uint64_t nodes = 0;
};

struct FamilySearch {
  std::uint64_t family_size = 0;
  std::vector<ReferenceFigure> figures;       // in the order tested
  std::vector<std::uint64_t> matching;        // matching[k]: orders matching figures[0..k]
  std::vector<ScanOrder> closest;             // some orders matching the longest run of figures
  std::size_t closest_figures = 0;            // how many figures they match, in the order tested
  std::uint64_t ranked_orders = 0;            // orders that passed the first rank_after figures
  std::vector<std::pair<ScanOrder, std::size_t>> most_figures;  // the best of them: figures matched
};

// Every order of the family: (720 piece orders with the queen a piece of its
// own + 120 with the queens among the sliders) x 7 capture passes (mixed;
// first or last, split all, by type or by piece) x 8 origin scans x 8 target
// scans x 3 pawn styles.
std::vector<ScanOrder> scan_order_family();

// The figures, cheapest (fewest article nodes) first.
std::vector<ReferenceFigure> cheapest_first(std::vector<ReferenceFigure> figures);

// Nodes of `mode` with its ties in scan `order` (mode + "tiebreak=scan:...").
std::uint64_t count_nodes(const Position& position, const std::string& mode, const ScanOrder& order, int depth);

// Tests every order against the figures in order, dropping it at its first
// mismatch; keeps up to `keep` of the closest orders, and of those passing
// the first `rank_after` figures the `keep` matching the most figures in all.
// `positions` maps each figure's position_id to its position.
FamilySearch search_family(const std::vector<ScanOrder>& family, const std::vector<ReferenceFigure>& figures,
                           const std::map<std::string, Position>& positions, int threads, std::size_t keep,
                           std::size_t rank_after);

}  // namespace prunebench::harness
