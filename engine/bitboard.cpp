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

// The magic multipliers, one a square (a1 first): each maps every blocker set
// of its square's mask to an index of its own, or to one holding the same
// attacks. They were found by trying sparse random numbers (the AND of three
// xorshift64 draws) square by square until one worked, a search that cost
// every process of a magic build 0.4 s at start, 2 s under AddressSanitizer:
// stored instead, and checked against ray walking for every blocker set
// (movegen_test).
constexpr std::array<std::uint64_t, SQUARE_NB> BISHOP_MAGICS = {
    0x10102002004A1420ULL, 0x8020040400584008ULL, 0x10510800811201C8ULL, 0x5204042080000088ULL,
    0x2204106880000002ULL, 0x1401042004000000ULL, 0x0400880410042004ULL, 0x0028208200A02020ULL,
    0x1500241990010E00ULL, 0x8001200182020A40ULL, 0x40004101030B0000ULL, 0x8002041042000100ULL,
    0x4010011041020038ULL, 0x0000010421044000ULL, 0x1500210808020A00ULL, 0x8000088400880520ULL,
    0x0405004010040100ULL, 0x1005823210040108ULL, 0x2708008102040011ULL, 0x4048200404009100ULL,
    0x0018104101400024ULL, 0x0003000601190101ULL, 0x8004803108491000ULL, 0x8014241200820800ULL,
    0x0006E080100C3040ULL, 0x0501044A11041800ULL, 0x9020300008004045ULL, 0x0894080000220040ULL,
    0x1001010083104000ULL, 0x5004030040900080ULL, 0x000400422C012400ULL, 0x0002128698404812ULL,
    0x1010108404900440ULL, 0x0928021182084100ULL, 0x2006080409020024ULL, 0x1010202020180080ULL,
    0xA010008200202200ULL, 0x2098015100019004ULL, 0x0002041440810811ULL, 0x802A02020000B098ULL,
    0x0009015090004060ULL, 0x4000821082081001ULL, 0x0100210040420800ULL, 0x0800004010488A00ULL,
    0x2000081104004040ULL, 0x4C8E029015000082ULL, 0x0420340322224842ULL, 0x1298260043400210ULL,
    0x0000822802400008ULL, 0x00008A0101600000ULL, 0x3040003412080021ULL, 0x3040290220884800ULL,
    0x4A1500401041004AULL, 0x8010200282020781ULL, 0x0020203142209091ULL, 0x0070300600902110ULL,
    0x0040808800B62048ULL, 0x0000810400C44420ULL, 0x00080400440C0441ULL, 0x8340080020840411ULL,
    0x0000000104208200ULL, 0x0000800810D00080ULL, 0x0400530411080200ULL, 0x4040702400932244ULL,
};
constexpr std::array<std::uint64_t, SQUARE_NB> ROOK_MAGICS = {
    0x1080004008801020ULL, 0x0840092002C03000ULL, 0x1900200010400900ULL, 0x0880100008000480ULL,
    0x4200100420080200ULL, 0x8100020100080400ULL, 0x0200040110886200ULL, 0x0200008040220411ULL,
    0x0404800084400220ULL, 0x0000401000402000ULL, 0x0086001081220440ULL, 0x0408800800100280ULL,
    0x000A001201040820ULL, 0x8848800200840080ULL, 0x4001000100040200ULL, 0x0442000102105084ULL,
    0x9080010020804100ULL, 0x0040404000201009ULL, 0x0000808010002009ULL, 0x2200090021D00100ULL,
    0x0008008008040080ULL, 0x0004004002010040ULL, 0x0011040008015042ULL, 0x00000A0001768104ULL,
    0x0000800080204009ULL, 0x2010004140002001ULL, 0x9800200280100080ULL, 0x1000100080080080ULL,
    0x0442000A00049020ULL, 0x2100040080020080ULL, 0x0800120400900148ULL, 0x0010040A00128541ULL,
    0x2800804000800030ULL, 0x1010002000400041ULL, 0x4000200011004100ULL, 0x0610008410800800ULL,
    0x0400802402800800ULL, 0xC100020080800400ULL, 0x0002000802000401ULL, 0x0182085882000401ULL,
    0x0220204000808000ULL, 0x2860100040024022ULL, 0x0001002004110040ULL, 0x99101042000A0020ULL,
    0x0004080004008080ULL, 0x0010040002008080ULL, 0x2012004881020004ULL, 0x8300842444820011ULL,
    0x0088403882010200ULL, 0x0820400080210100ULL, 0x0110910040A00300ULL, 0x0801100280080480ULL,
    0x0242009008200600ULL, 0x1002000489500200ULL, 0x0040800200010080ULL, 0x0091800041000080ULL,
    0x0000209300488001ULL, 0x04C1002414824001ULL, 0x020020000B001041ULL, 0x7000100004200901ULL,
    0x8002002004100802ULL, 0x30010002084C0007ULL, 0x0888221800813004ULL, 0x4000002840840112ULL,
};

// Fills `entries` and `storage` for one slider type, indexed by PEXT order
// (the order Carry-Rippler enumerates subsets) or by the magic multipliers.
void build_slider_table(PieceType pt, bool use_pext, SliderEntry* entries, Bitboard* storage) {
  const std::array<std::uint64_t, SQUARE_NB>& magics = pt == BISHOP ? BISHOP_MAGICS : ROOK_MAGICS;
  Bitboard* next_slice = storage;
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const Square s = Square(sq);
    SliderEntry& e = entries[sq];
    e.mask = relevant_mask(pt, s);
    e.shift = unsigned(64 - popcount(e.mask));
    e.attacks = next_slice;
    e.magic = magics[sq];
    unsigned subsets = 0;
    Bitboard subset = 0;
    do {  // Carry-Rippler: every subset of the mask, in PEXT index order
      e.attacks[use_pext ? subsets : e.magic_index(subset)] = slow_slider_attacks(pt, s, subset);
      ++subsets;
      subset = (subset - e.mask) & e.mask;
    } while (subset);
    next_slice += subsets;
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

namespace {
// Built on first use: only the benchmark and the tests ask.
const SliderTables& magic_tables() {
  static const SliderTables magic(false);
  return magic;
}
}  // namespace

Bitboard magic_rook_attacks(Square s, Bitboard occupancy) {
  const SliderEntry& e = magic_tables().rook[s];
  return e.attacks[e.magic_index(occupancy)];
}

Bitboard magic_bishop_attacks(Square s, Bitboard occupancy) {
  const SliderEntry& e = magic_tables().bishop[s];
  return e.attacks[e.magic_index(occupancy)];
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
