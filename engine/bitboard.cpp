// Builds the attack tables once, before main(): leaper tables by stepping,
// slider tables by walking rays for every subset of the relevant blockers.
#include "engine/bitboard.h"

#include <array>
#include <cstdlib>
#include <vector>

#if defined(__BMI2__)
#include <immintrin.h>  // pext_rook_attacks, even when the build chose magics
#endif

namespace prunebench {
namespace {

constexpr int ROOK_TABLE_SIZE = 102400;   // sum over squares of 2^(relevant rook blockers)
constexpr int BISHOP_TABLE_SIZE = 5248;   // the same for bishops

bool on_board(int file, int rank) { return file >= 0 && file < 8 && rank >= 0 && rank < 8; }

Bitboard step_attacks(Square s, const std::array<std::array<int, 2>, 8>& steps, int count) {
  Bitboard attacks = 0;
  for (int i = 0; i < count; ++i) {
    const int f = file_of(s) + steps[i][0], r = rank_of(s) + steps[i][1];
    if (on_board(f, r)) attacks |= square_bb(make_square(f, r));
  }
  return attacks;
}

// The blockers that matter to a slider on `s`: its rays minus the last square
// of each (a piece on the edge blocks nothing further).
Bitboard relevant_mask(PieceType pt, Square s) {
  const Bitboard edges = ((RANK_1_BB | RANK_8_BB) & ~rank_bb(rank_of(s))) |
                         ((FILE_A_BB | FILE_H_BB) & ~file_bb(file_of(s)));
  return slow_slider_attacks(pt, s, 0) & ~edges;
}

// A deterministic xorshift generator, so every run finds the same magics.
struct Xorshift64 {
  std::uint64_t state = 0x9E3779B97F4A7C15ULL;
  std::uint64_t next() {
    state ^= state >> 12;
    state ^= state << 25;
    state ^= state >> 27;
    return state * 2685821657736338717ULL;
  }
  std::uint64_t sparse() { return next() & next() & next(); }
};

// Fills `entries` and `storage` for one slider type. With `use_pext` the index
// is PEXT order (the order Carry-Rippler enumerates subsets); otherwise a
// magic multiplier is searched for each square.
void build_slider_table(PieceType pt, bool use_pext, SliderEntry* entries, Bitboard* storage) {
  Xorshift64 rng;
  std::vector<Bitboard> occupancies, references;
  std::vector<int> epoch(4096, 0);
  int attempt = 0;
  Bitboard* next_slice = storage;
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const Square s = Square(sq);
    SliderEntry& e = entries[sq];
    e.mask = relevant_mask(pt, s);
    e.shift = unsigned(64 - popcount(e.mask));
    e.attacks = next_slice;
    e.magic = 0;
    occupancies.clear();
    references.clear();
    Bitboard subset = 0;
    do {  // Carry-Rippler: every subset of the mask, in PEXT index order
      occupancies.push_back(subset);
      references.push_back(slow_slider_attacks(pt, s, subset));
      subset = (subset - e.mask) & e.mask;
    } while (subset);
    const std::size_t size = occupancies.size();
    next_slice += size;
    if (use_pext) {
      for (std::size_t i = 0; i < size; ++i) e.attacks[i] = references[i];
      continue;
    }
    for (bool found = false; !found;) {
      do e.magic = rng.sparse();
      while (popcount((e.magic * e.mask) >> 56) < 6);
      ++attempt;
      found = true;
      for (std::size_t i = 0; i < size && found; ++i) {
        const unsigned idx = unsigned(((occupancies[i] & e.mask) * e.magic) >> e.shift);
        if (epoch[idx] < attempt) {
          epoch[idx] = attempt;
          e.attacks[idx] = references[i];
        } else if (e.attacks[idx] != references[i]) {
          found = false;
        }
      }
    }
  }
}

struct SliderTables {
  SliderEntry bishop[SQUARE_NB];
  SliderEntry rook[SQUARE_NB];
  std::vector<Bitboard> bishop_storage = std::vector<Bitboard>(BISHOP_TABLE_SIZE);
  std::vector<Bitboard> rook_storage = std::vector<Bitboard>(ROOK_TABLE_SIZE);

  explicit SliderTables(bool use_pext) {
    build_slider_table(BISHOP, use_pext, bishop, bishop_storage.data());
    build_slider_table(ROOK, use_pext, rook, rook_storage.data());
  }
};

void build_lines(AttackTables& t) {
  for (int a = 0; a < SQUARE_NB; ++a) {
    for (int b = 0; b < SQUARE_NB; ++b) {
      t.between[a][b] = t.line[a][b] = 0;
      if (a == b) continue;
      for (PieceType pt : {BISHOP, ROOK}) {
        const Bitboard from_a = slow_slider_attacks(pt, Square(a), 0);
        if (!(from_a & square_bb(Square(b)))) continue;
        const Bitboard from_b = slow_slider_attacks(pt, Square(b), 0);
        t.line[a][b] = (from_a & from_b) | square_bb(Square(a)) | square_bb(Square(b));
        t.between[a][b] = slow_slider_attacks(pt, Square(a), square_bb(Square(b))) &
                          slow_slider_attacks(pt, Square(b), square_bb(Square(a)));
      }
    }
  }
}

void fill_attack_tables(AttackTables& t) {
  static SliderTables sliders(PRUNEBENCH_USE_PEXT);
  constexpr std::array<std::array<int, 2>, 8> knight_steps = {
      {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}};
  constexpr std::array<std::array<int, 2>, 8> king_steps = {
      {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}};
  constexpr std::array<std::array<int, 2>, 8> white_pawn_steps = {{{-1, 1}, {1, 1}}};
  constexpr std::array<std::array<int, 2>, 8> black_pawn_steps = {{{-1, -1}, {1, -1}}};
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const Square s = Square(sq);
    t.knight[sq] = step_attacks(s, knight_steps, 8);
    t.king[sq] = step_attacks(s, king_steps, 8);
    t.pawn[WHITE][sq] = step_attacks(s, white_pawn_steps, 2);
    t.pawn[BLACK][sq] = step_attacks(s, black_pawn_steps, 2);
    t.bishop[sq] = sliders.bishop[sq];
    t.rook[sq] = sliders.rook[sq];
    t.bishop_mask[sq] = sliders.bishop[sq].mask;
    t.rook_mask[sq] = sliders.rook[sq].mask;
    t.bishop_slice[sq] = sliders.bishop[sq].attacks;
    t.rook_slice[sq] = sliders.rook[sq].attacks;
    t.bishop_rays[sq] = slow_slider_attacks(BISHOP, s, 0);
    t.rook_rays[sq] = slow_slider_attacks(ROOK, s, 0);
  }
  build_lines(t);
}

}  // namespace

AttackTables ATTACKS;

namespace {
// Runs during static initialization of this file, after ATTACKS (zeroed at
// load time) and before main().
const struct AttackTablesInitializer {
  AttackTablesInitializer() { fill_attack_tables(ATTACKS); }
} attack_tables_initializer;
}  // namespace

Bitboard slow_slider_attacks(PieceType pt, Square s, Bitboard occupancy) {
  static constexpr int ROOK_DIRS[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
  static constexpr int BISHOP_DIRS[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
  const auto& dirs = pt == ROOK ? ROOK_DIRS : BISHOP_DIRS;
  Bitboard attacks = 0;
  for (const auto& d : dirs) {
    int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    for (; on_board(f, r); f += d[0], r += d[1]) {
      const Bitboard b = square_bb(make_square(f, r));
      attacks |= b;
      if (occupancy & b) break;
    }
  }
  return attacks;
}

Bitboard magic_rook_attacks(Square s, Bitboard occupancy) {
  static const SliderTables magic(false);
  const SliderEntry& e = magic.rook[s];
  return e.attacks[unsigned(((occupancy & e.mask) * e.magic) >> e.shift)];
}

Bitboard pext_rook_attacks(Square s, Bitboard occupancy) {
#if defined(__BMI2__)
  static const SliderTables pext(true);
  const SliderEntry& e = pext.rook[s];
  return e.attacks[_pext_u64(occupancy, e.mask)];
#else
  return magic_rook_attacks(s, occupancy);
#endif
}

}  // namespace prunebench
