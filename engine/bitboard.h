// Bitboards: 64-bit sets of squares, and the attack tables built on them.
//
// Leaper attacks (pawn, knight, king) are plain lookup tables. Slider attacks
// (bishop, rook) index a shared table by the blockers on the piece's rays:
// with BMI2 the index is PEXT(occupancy, mask); without it, a "fancy magic"
// multiply-and-shift. Which one is compiled is chosen by PRUNEBENCH_NO_PEXT
// (CMake option PRUNEBENCH_PEXT); both give identical attack sets, and
// bench/perft_bench.cpp measures both lookups side by side.
#pragma once

#include <bit>
#include <cstdint>

#if defined(__BMI2__) && !defined(PRUNEBENCH_NO_PEXT)
#include <immintrin.h>
#define PRUNEBENCH_USE_PEXT 1
#else
#define PRUNEBENCH_USE_PEXT 0
#endif

#include "engine/types.h"

namespace prunebench {

constexpr Bitboard FILE_A_BB = 0x0101010101010101ULL;
constexpr Bitboard FILE_H_BB = FILE_A_BB << 7;
constexpr Bitboard RANK_1_BB = 0xFFULL;
constexpr Bitboard RANK_2_BB = RANK_1_BB << 8;
constexpr Bitboard RANK_3_BB = RANK_1_BB << 16;
constexpr Bitboard RANK_6_BB = RANK_1_BB << 40;
constexpr Bitboard RANK_7_BB = RANK_1_BB << 48;
constexpr Bitboard RANK_8_BB = RANK_1_BB << 56;

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr Bitboard file_bb(int file) { return FILE_A_BB << file; }
constexpr Bitboard rank_bb(int rank) { return RANK_1_BB << (8 * rank); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shift every square one step in a direction, dropping squares that would
// wrap around the a- or h-file.
enum Direction : int { NORTH = 8, SOUTH = -8, EAST = 1, WEST = -1,
                       NORTH_EAST = 9, NORTH_WEST = 7, SOUTH_EAST = -7, SOUTH_WEST = -9 };

template <Direction D>
constexpr Bitboard shift(Bitboard b) {
  if constexpr (D == NORTH) return b << 8;
  if constexpr (D == SOUTH) return b >> 8;
  if constexpr (D == EAST) return (b & ~FILE_H_BB) << 1;
  if constexpr (D == WEST) return (b & ~FILE_A_BB) >> 1;
  if constexpr (D == NORTH_EAST) return (b & ~FILE_H_BB) << 9;
  if constexpr (D == NORTH_WEST) return (b & ~FILE_A_BB) << 7;
  if constexpr (D == SOUTH_EAST) return (b & ~FILE_H_BB) >> 7;
  if constexpr (D == SOUTH_WEST) return (b & ~FILE_A_BB) >> 9;
}

// One slider's lookup: the relevant-blocker mask, the slice of the shared
// attack table, and (magic build only) the multiplier and shift.
struct SliderEntry {
  Bitboard mask;
  Bitboard* attacks;
  Bitboard magic;
  unsigned shift;

  unsigned index(Bitboard occupancy) const {
#if PRUNEBENCH_USE_PEXT
    return unsigned(_pext_u64(occupancy, mask));
#else
    return magic_index(occupancy);
#endif
  }
  unsigned magic_index(Bitboard occupancy) const { return unsigned(((occupancy & mask) * magic) >> shift); }
};

struct AttackTables {
  Bitboard pawn[COLOR_NB][SQUARE_NB];
  Bitboard knight[SQUARE_NB];
  Bitboard king[SQUARE_NB];
  SliderEntry bishop[SQUARE_NB];
  SliderEntry rook[SQUARE_NB];
  // The same masks and slices as the entries, as arrays of their own: a
  // lookup then indexes each by square directly (PEXT builds read these).
  Bitboard bishop_mask[SQUARE_NB], rook_mask[SQUARE_NB];
  Bitboard* bishop_slice[SQUARE_NB];
  Bitboard* rook_slice[SQUARE_NB];
  // Slider attacks on an empty board: every square a bishop / rook on `s`
  // could ever reach. Small tables, used to find candidate checkers and
  // pinners without touching the large slider tables.
  Bitboard bishop_rays[SQUARE_NB];
  Bitboard rook_rays[SQUARE_NB];
  // Squares strictly between two squares on a shared line, else empty.
  Bitboard between[SQUARE_NB][SQUARE_NB];
  // The whole line (edge to edge) through two squares on a shared line, else empty.
  Bitboard line[SQUARE_NB][SQUARE_NB];
};

// Filled once, before main(), by bitboard.cpp.
extern AttackTables ATTACKS;

inline Bitboard pawn_attacks(Color c, Square s) { return ATTACKS.pawn[c][s]; }
inline Bitboard knight_attacks(Square s) { return ATTACKS.knight[s]; }
inline Bitboard king_attacks(Square s) { return ATTACKS.king[s]; }
#if PRUNEBENCH_USE_PEXT
inline Bitboard bishop_attacks(Square s, Bitboard occupancy) {
  return ATTACKS.bishop_slice[s][_pext_u64(occupancy, ATTACKS.bishop_mask[s])];
}
inline Bitboard rook_attacks(Square s, Bitboard occupancy) {
  return ATTACKS.rook_slice[s][_pext_u64(occupancy, ATTACKS.rook_mask[s])];
}
#else
inline Bitboard bishop_attacks(Square s, Bitboard occupancy) {
  const SliderEntry& e = ATTACKS.bishop[s];
  return e.attacks[e.index(occupancy)];
}
inline Bitboard rook_attacks(Square s, Bitboard occupancy) {
  const SliderEntry& e = ATTACKS.rook[s];
  return e.attacks[e.index(occupancy)];
}
#endif
inline Bitboard queen_attacks(Square s, Bitboard occupancy) {
  return bishop_attacks(s, occupancy) | rook_attacks(s, occupancy);
}
inline Bitboard bishop_rays(Square s) { return ATTACKS.bishop_rays[s]; }
inline Bitboard rook_rays(Square s) { return ATTACKS.rook_rays[s]; }
inline Bitboard between_bb(Square a, Square b) { return ATTACKS.between[a][b]; }
inline Bitboard line_bb(Square a, Square b) { return ATTACKS.line[a][b]; }

// Ray-walking reference implementation, used to build the tables and by tests.
Bitboard slow_slider_attacks(PieceType pt, Square s, Bitboard occupancy);

// The other lookup than the one compiled in, for the benchmark that compares
// them (PEXT needs a BMI2 CPU; without one these fall back to magics), and
// the magic lookups for the test that checks every stored multiplier.
Bitboard magic_rook_attacks(Square s, Bitboard occupancy);
Bitboard magic_bishop_attacks(Square s, Bitboard occupancy);
Bitboard pext_rook_attacks(Square s, Bitboard occupancy);

}  // namespace prunebench
