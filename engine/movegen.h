// Legal move generation.
//
// The fast generator produces legal moves directly, using a check mask (the
// squares a non-king move must land on when in check) and pin rays (the line
// a pinned piece may move along). Only king moves and en passant need a real
// "is the king attacked afterwards?" test. The same code either fills a list
// or just counts (bulk counting for perft), selected by a template sink; a
// side neither in check nor with a piece pinned is counted by a shorter path.
//
// Order of generation (the "natural" order the unordered search sees):
// knights, bishops, rooks, queens (each by origin square a1..h8, then
// destination a1..h8), king moves, castling (king side first), then pawns:
// captures towards the a-file, captures towards the h-file, en passant,
// single pushes, double pushes (by destination square; promotions as
// queen, rook, bishop, knight). Unordered alpha-beta counts depend on it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "engine/position.h"
#include "engine/types.h"

namespace prunebench {

class MoveList {
 public:
  // Leaves the storage uninitialized: a search builds one list per interior
  // node, and zeroing 256 moves each time showed up in profiles.
  MoveList() {}

  void push_back(Move m) { moves_[size_++] = m; }
  // The generator's fast path: it writes moves through end() (enough room
  // for every legal move is always there), then says how many it wrote.
  void grow(std::size_t added) { size_ += added; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  void clear() { size_ = 0; }
  Move& operator[](std::size_t i) { return moves_[i]; }
  Move operator[](std::size_t i) const { return moves_[i]; }
  Move* begin() { return moves_; }
  Move* end() { return moves_ + size_; }
  const Move* begin() const { return moves_; }
  const Move* end() const { return moves_ + size_; }
  bool contains(Move m) const {
    for (Move x : *this)
      if (x == m) return true;
    return false;
  }

 private:
  union {
    Move moves_[MAX_MOVES];
  };
  std::size_t size_ = 0;
};

// Appends every legal move of `pos` to `list` (which it clears first).
void generate_legal(const Position& pos, MoveList& list);
// The number of legal moves, without building the list.
int count_legal(const Position& pos);
// The moves count_moves_avoiding must not meet: for each type of mover, the
// squares it must not land on; and the origins from which a move must stay
// on the line through `line_end` (a pawn may not start from one at all).
// A move landing on one of its mover's `set_aside` squares (and not
// avoided) is counted and set aside for its caller to look at.
struct AvoidedMoves {
  std::array<Bitboard, PIECE_TYPE_NB> destinations;
  Bitboard origins;
  Square line_end;
  std::array<Bitboard, PIECE_TYPE_NB> set_aside{};
};
// The moves count_moves_avoiding set aside: a few, or it gives up.
struct SetAsideMoves {
  static constexpr int CAPACITY = 8;
  struct Entry {
    PieceType mover;
    Square from, to;
  };
  Entry moves[CAPACITY];
  int count = 0;
};
// The number of legal moves, in `count`, the squares they capture on, in
// `captured`, and the moves set aside, unless a move is one `avoided`
// names, or castling, en passant or a promotion, or more are set aside
// than fit: then false, and all three are partial.
// (LeafShortcut::children_at_most.)
bool count_moves_avoiding(const Position& pos, const AvoidedMoves& avoided, int& count, Bitboard& captured,
                          SetAsideMoves& set_aside);
// The legal replies to every legal move, summed: perft(pos, 2). The children
// are played on the light board of count_board.h, not as Positions.
std::uint64_t count_legal_replies(const Position& pos);
// Plays every legal move of `pos` on its own copy of it, as the generator
// finds the move (no list; the moving piece known), and returns how many:
// perft's last ply when every leaf is made.
int play_every_legal_move(const Position& pos);
// The same children, appended to `children` (for tests).
void collect_children(const Position& pos, std::vector<Position>& children);
// True if the side to move has at least one legal move (stops at the first).
// Runs at every leaf of a search, so the common case is decided inline: out
// of check, a knight or pawn on no line through its king cannot be pinned, so
// any move it has is legal.
bool has_legal_move_slow(const Position& pos);
inline bool has_legal_move(const Position& pos) {
  const Color us = pos.side_to_move();
  const Square king = pos.king_square(us);
  if (!pos.in_check()) {
    const Bitboard unpinnable = ~(rook_rays(king) | bishop_rays(king));
    Bitboard knights = pos.pieces(us, KNIGHT) & unpinnable;
    while (knights)
      if (knight_attacks(pop_lsb(knights)) & ~pos.pieces(us)) return true;
    const Bitboard pawns = pos.pieces(us, PAWN) & unpinnable;
    const Bitboard pushes = us == WHITE ? shift<NORTH>(pawns) : shift<SOUTH>(pawns);
    if (pushes & ~pos.occupied()) return true;
  }
  return has_legal_move_slow(pos);
}

// The slow, obviously-correct oracle used only by tests: every pseudo-legal
// move, kept if the mover's king is not attacked after playing it.
void generate_legal_naive(const Position& pos, MoveList& list);

}  // namespace prunebench
