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

#include "engine/count_board.h"
#include "engine/movegen.h"
#include "engine/position.h"
#include "engine/search/tree.h"

namespace prunebench {

struct BoardState {
  // White's pieces, black's, then pawns, knights, bishops, rooks and queens;
  // the kings are what the colours hold besides.
  std::array<Bitboard, 7> pieces;
  std::uint8_t side_to_move;
  std::uint8_t castling;
  std::uint8_t en_passant;

  bool operator==(const BoardState&) const = default;
};

inline BoardState board_state(const Position& p) {
  return {{p.pieces(WHITE), p.pieces(BLACK), p.pieces(PAWN), p.pieces(KNIGHT), p.pieces(BISHOP), p.pieces(ROOK),
           p.pieces(QUEEN)},
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

template <Tree T>
using SubtreeState = decltype(subtree_state(std::declval<const T&>()));

}  // namespace prunebench
