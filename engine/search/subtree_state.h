// What identifies a subtree exactly (and how many children its root has), so that a proof computed under one
// occurrence of a node can be reused wherever the same node occurs again.
//
// Below a node at a given ply, the tree is a function of the node's state
// alone: no repetition or fifty-move draws, so history does not matter.
// A 64-bit hash is not enough to say two chess positions are the same - a
// collision would silently change a count - so chess is identified by its
// whole board: the pieces, the side to move, the castling rights and the
// en-passant square (kept even where no pawn can take, which only costs a
// few transpositions). The synthetic trees are pure functions of their key
// (engine/trees/: a random tree derives children and values from it, an
// explicit tree's key is a bijection of its node index), so their key is
// their state.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/bitboard.h"
#include "engine/count_board.h"
#include "engine/leaf_shortcut.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/search/tree.h"

namespace prunebench {

// The whole board in 27 bytes (32 with padding), so that a table or cache
// slot with its proofs fits in one cache line: the occupied squares, then,
// for each bit of a piece's code (colour * 8 + type, types.h), that bit of
// every piece on them, from a1 to h8. There are at most 32 pieces, and the
// occupied squares with those four bits give back every square's piece.
struct BoardState {
  Bitboard occupied;
  std::array<std::uint32_t, 4> code_bits;
  std::uint8_t side_to_move;
  std::uint8_t castling;
  std::uint8_t en_passant;

  bool operator==(const BoardState&) const = default;
};

// The bits of `bits` at the squares of `mask`, packed from the lowest square up.
inline std::uint32_t gather_bits(Bitboard bits, Bitboard mask) {
#if PRUNEBENCH_USE_PEXT
  return std::uint32_t(_pext_u64(bits, mask));
#else
  std::uint32_t out = 0;
  for (std::uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
    if (bits & mask & (0 - mask)) out |= bit;
  return out;
#endif
}

inline BoardState board_state(const Position& p) {
  static_assert(KNIGHT == 1 && BISHOP == 2 && ROOK == 3 && QUEEN == 4 && KING == 5 && BLACK == 1);
  const Bitboard occupied = p.occupied();
  return {occupied,
          {gather_bits(p.pieces(KNIGHT) | p.pieces(ROOK) | p.pieces(KING), occupied),
           gather_bits(p.pieces(BISHOP) | p.pieces(ROOK), occupied),
           gather_bits(p.pieces(QUEEN) | p.pieces(KING), occupied), gather_bits(p.pieces(BLACK), occupied)},
          std::uint8_t(p.side_to_move()),
          std::uint8_t(p.castling_rights()),
          std::uint8_t(p.en_passant_square())};
}

template <typename T>
concept HasPosition = requires(const T& tree) {
  { tree.position() } -> std::convertible_to<const Position&>;
};

// The state of the tree's current node: equal states at equal plies have
// identical subtrees.
template <Tree T>
auto subtree_state(const T& tree) {
  if constexpr (HasPosition<T>)
    return board_state(tree.position());
  else
    return tree.key();
}

// The number of children of the tree's current node; chess counts its legal
// moves without listing them (movegen.h).
template <Tree T>
std::size_t child_count(const T& tree) {
  if constexpr (HasPosition<T>) {
    return std::size_t(count_legal(tree.position()));
  } else {
    typename T::MoveList moves;
    tree.generate(moves);
    return moves.size();
  }
}

// The number of children of each of `moves`, the children of the tree's
// current node, into `counts`; chess plays each move on a counting board
// (count_board.h) instead of making it.
template <Tree T>
void child_counts(T& tree, const typename T::MoveList& moves, std::uint64_t* counts) {
  if constexpr (HasPosition<T>) {
    const Position& pos = tree.position();
    const CountBoard board(pos);
    for (std::size_t i = 0; i < moves.size(); ++i) counts[i] = std::uint64_t(count_legal(board.after(pos, moves[i])));
  } else {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      tree.make(moves[i]);
      counts[i] = child_count(tree);
      tree.unmake(moves[i]);
    }
  }
}

// How many of `moves`, the children of the tree's current node, are
// terminals (no legal move); chess tells most children that are not from the
// move alone (leaf_shortcut.h) and counts the rest on a counting board.
template <Tree T>
std::size_t terminal_children(T& tree, const typename T::MoveList& moves) {
  std::size_t terminals = 0;
  if constexpr (HasPosition<T>) {
    const Position& pos = tree.position();
    const LeafShortcut shortcut(pos);
    const CountBoard board(pos);
    for (std::size_t i = 0; i < moves.size(); ++i)
      if (!shortcut.child_has_legal_move_out_of_check(pos, moves[i]) && count_legal(board.after(pos, moves[i])) == 0)
        ++terminals;
  } else {
    for (std::size_t i = 0; i < moves.size(); ++i) {
      tree.make(moves[i]);
      terminals += child_count(tree) == 0;
      tree.unmake(moves[i]);
    }
  }
  return terminals;
}

template <Tree T>
using SubtreeState = decltype(subtree_state(std::declval<const T&>()));

}  // namespace prunebench
