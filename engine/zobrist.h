// Zobrist hashing: one random 64-bit number per (piece, square), castling
// rights set, en-passant file and side to move; a position's key is the XOR
// of the numbers of its features, so a move updates it with a few XORs.
#pragma once

#include "engine/types.h"

namespace prunebench {

struct ZobristKeys {
  Key piece_square[PIECE_NB][SQUARE_NB];
  Key castling[CASTLING_RIGHT_NB];
  Key en_passant_file[8];
  Key black_to_move;
};

// Filled once before main() from a fixed seed: keys are the same in every
// build and run.
extern const ZobristKeys ZOBRIST;

}  // namespace prunebench
