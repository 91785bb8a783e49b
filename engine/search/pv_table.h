// The triangular principal-variation table.
//
// Row `ply` holds the best line found so far from the node at that ply. When
// a move raises alpha, the row becomes that move followed by the child's row
// (ply + 1), so the root row ends up holding the line behind the root value.
// Rows are cleared on node entry, so a leaf contributes an empty line (a
// leaf scored from its parent skips that: its parent uses update_leaf).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "engine/types.h"

namespace prunebench {

template <typename Move>
class PvTable {
 public:
  static constexpr int ROWS = MAX_PLY + 1;

  PvTable() : moves_(std::size_t(ROWS) * ROWS), length_(ROWS, 0) {}

  void clear(int ply) { length_[std::size_t(ply)] = 0; }

  // The line at `ply` becomes `move` followed by the child's line.
  void update(int ply, Move move) {
    Move* row = &moves_[std::size_t(ply) * ROWS];
    row[0] = move;
    const int child_length = ply + 1 < ROWS ? std::min(length_[std::size_t(ply) + 1], ROWS - 1) : 0;
    for (int i = 0; i < child_length; ++i) row[i + 1] = row[ROWS + i];  // row ROWS ahead is ply + 1
    length_[std::size_t(ply)] = child_length + 1;
  }

  // The line at `ply` becomes `move` alone: the child was a leaf whose row
  // was never cleared (node.h, visit_leaf_child).
  void update_leaf(int ply, Move move) {
    moves_[std::size_t(ply) * ROWS] = move;
    length_[std::size_t(ply)] = 1;
  }

  // The line at `ply` becomes `line` (a subtree searched elsewhere, split.h).
  void set(int ply, const std::vector<Move>& line) {
    const std::size_t length = std::min(line.size(), std::size_t(ROWS));
    std::copy_n(line.begin(), length, moves_.begin() + std::ptrdiff_t(std::size_t(ply) * ROWS));
    length_[std::size_t(ply)] = int(length);
  }

  std::vector<Move> line(int ply) const {
    const Move* row = &moves_[std::size_t(ply) * ROWS];
    return std::vector<Move>(row, row + length_[std::size_t(ply)]);
  }

 private:
  std::vector<Move> moves_;
  std::vector<int> length_;
};

}  // namespace prunebench
