// Chess move-ordering scores: MVV-LVA, the quiet-move piece-square ordering
// of reference 000, and the canonical (UCI string) order. Larger scores are
// searched first; the search's ordering policy sorts stably, so equal scores
// keep generator order unless the canonical tie-break is asked for.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>

#if defined(__AVX2__)
#include <immintrin.h>
#endif

#include "engine/position.h"

namespace prunebench {

// Attacker values for MVV-LVA. The king attacks with value 0, its material
// value in PIECE_VALUE: 10 * victim - attacker must stay positive for every
// capture so that captures sort ahead of quiet moves (score 0), which rules
// out a large king value; with 0 a king capture comes first among captures
// of the same victim.
constexpr Score MVV_LVA_ATTACKER_VALUE[PIECE_TYPE_NB] = {100, 320, 330, 500, 900, 0};

// 10 * victim - attacker for captures (the victim of en passant is a pawn),
// 0 for every other move, promotions included. Scored before the move is
// played, while the victim is still on the board.
inline std::int64_t mvv_lva_score(const Position& pos, Move m) {
  if (!m.is_capture()) return 0;
  const PieceType victim = m.is_en_passant() ? PAWN : type_of(pos.piece_on(m.to()));
  const PieceType attacker = type_of(pos.piece_on(m.from()));
  return 10 * PIECE_VALUE[victim] - MVV_LVA_ATTACKER_VALUE[attacker];
}

// Victim values for mvv_lva_scores by piece type, padded to 8 entries: a
// quiet move's empty target square reads as type 7, a slot that is read
// but never chosen.
constexpr Score MVV_LVA_VICTIM_VALUE[8] = {PIECE_VALUE[PAWN],
                                           PIECE_VALUE[KNIGHT],
                                           PIECE_VALUE[BISHOP],
                                           PIECE_VALUE[ROOK],
                                           PIECE_VALUE[QUEEN],
                                           PIECE_VALUE[KING],
                                           0,
                                           0};

// mvv_lva_score of every move of a list, without a branch on whether a move
// captures: captures and quiet moves interleave unpredictably in a generated
// list, and the mispredictions cost more than scoring both ways.
inline void mvv_lva_scores(const Position& pos, const Move* moves, std::size_t n, std::int64_t* scores) {
  for (std::size_t i = 0; i < n; ++i) {
    const Move m = moves[i];
    const unsigned victim = m.is_en_passant() ? unsigned(PAWN) : unsigned(type_of(pos.piece_on(m.to())));
    const unsigned attacker = unsigned(type_of(pos.piece_on(m.from())));
    const std::int64_t capture = 10 * MVV_LVA_VICTIM_VALUE[victim] - MVV_LVA_ATTACKER_VALUE[attacker];
    scores[i] = m.is_capture() ? capture : 0;
  }
}

// The indices (ascending) of the moves of a list that capture or equal one
// of `also` (Move() equals none); returns how many. The plain definition,
// and the reference the vector version below is tested against.
template <std::size_t N>
inline std::size_t listed_moves_one_by_one(const Move* moves, std::size_t n, const std::array<Move, N>& also,
                                           std::uint16_t* indices) {
  std::size_t listed = 0;
  for (std::size_t i = 0; i < n; ++i) {
    bool in = moves[i].is_capture();
    for (const Move m : also) in |= moves[i] == m;
    indices[listed] = std::uint16_t(i);  // written always, kept when counted: no branch on the move
    listed += in;
  }
  return listed;
}

// listed_moves_one_by_one, sixteen moves at a time where the CPU has AVX2:
// a compare per test gives a bit per move, and only the set bits are
// visited. It reads whole blocks of sixteen: `moves` must have room up to
// the next multiple of 16 (a MoveList has MAX_MOVES).
template <std::size_t N>
inline std::size_t listed_moves(const Move* moves, std::size_t n, const std::array<Move, N>& also,
                                std::uint16_t* indices) {
#if defined(__AVX2__)
  static_assert(sizeof(Move) == 2 && MAX_MOVES % 16 == 0);
  const __m256i capture = _mm256_set1_epi16(std::int16_t(CAPTURE << 12));
  std::size_t listed = 0;
  for (std::size_t block = 0; block < n; block += 16) {
    const __m256i m = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(moves + block));
    __m256i hit = _mm256_cmpeq_epi16(_mm256_and_si256(m, capture), capture);
    for (const Move a : also)
      hit = _mm256_or_si256(hit, _mm256_cmpeq_epi16(m, _mm256_set1_epi16(std::int16_t(a.raw()))));
    // One byte per move, in order (packing works within each 128-bit half).
    const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packs_epi16(hit, _mm256_setzero_si256()), 0xD8);
    std::uint32_t bits = std::uint32_t(_mm256_movemask_epi8(bytes)) & 0xFFFFu;
    if (n - block < 16) bits &= (1u << (n - block)) - 1;  // past the list's end
    for (; bits; bits &= bits - 1) indices[listed++] = std::uint16_t(block + std::size_t(std::countr_zero(bits)));
  }
  return listed;
#else
  return listed_moves_one_by_one(moves, n, also, indices);
#endif
}

// The captures of a list (their indices, ascending, and their MVV-LVA
// scores), the only moves MVV-LVA scores above zero, and each move of `also`
// found in the list whatever it scores (a hash move or a killer: moves an
// ordering keys above the rest); returns how many. Only the listed moves are
// scored: most of a list is quiet moves, which score 0 and keep their order.
// `moves` as listed_moves needs it.
template <std::size_t N>
inline std::size_t mvv_lva_listed_scores(const Position& pos, const Move* moves, std::size_t n,
                                         const std::array<Move, N>& also, std::int64_t* scores,
                                         std::uint16_t* indices) {
  const std::size_t listed = listed_moves(moves, n, also, indices);
  for (std::size_t k = 0; k < listed; ++k) scores[k] = mvv_lva_score(pos, moves[indices[k]]);
  return listed;
}

// A crude piece-square table: distance from the edge of the board, 0 on the
// rim to 6 in the centre. Quiet moves are ordered by how much more central
// they make the piece.
constexpr int centrality(Square s) {
  const int f = file_of(s), r = rank_of(s);
  return (f < 7 - f ? f : 7 - f) + (r < 7 - r ? r : 7 - r);
}

// Reference 000's "quiet-move ordering that made things worse": captures by
// MVV-LVA (all scores >= 100), then quiet moves by centrality gain (-6..6).
inline std::int64_t quiet_pst_score(const Position& pos, Move m) {
  if (m.is_capture()) return mvv_lva_score(pos, m);
  return centrality(m.to()) - centrality(m.from());
}

// The canonical order (docs/portable-counts.md): moves ascending by their UCI
// string, plain byte comparison. It is the one order every engine can
// reproduce, whatever its generator emits. The rank packs what the string
// spells, in the order it spells it: from file ('a'..'h' = 0..7), from rank
// ('1'..'8' = 0..7), to file, to rank, then the promotion suffix. No suffix
// sorts first (a string sorts before its extensions), then the letters in
// byte order: b < n < q < r. Each field is a fixed-width digit of the
// number, so the rank orders moves exactly as the strings do. Castling is
// the king's move (e1g1), as Move encodes it.
constexpr int CANONICAL_PROMOTION_RANK[PIECE_TYPE_NB] = {0, 2, 1, 4, 3, 0};  // by PieceType: n=2 b=1 r=4 q=3
constexpr int CANONICAL_PROMOTION_SUFFIXES = 5;  // none, b, n, q, r
constexpr int CANONICAL_RANK_NB = SQUARE_NB * SQUARE_NB * CANONICAL_PROMOTION_SUFFIXES;

constexpr int canonical_rank(Move m) {
  const int promotion = m.is_promotion() ? CANONICAL_PROMOTION_RANK[m.promotion_type()] : 0;
  int rank = file_of(m.from());
  rank = rank * 8 + rank_of(m.from());
  rank = rank * 8 + file_of(m.to());
  rank = rank * 8 + rank_of(m.to());
  return rank * CANONICAL_PROMOTION_SUFFIXES + promotion;
}

// The canonical order as a larger-first score: strictly decreasing in the UCI
// string and negative for every move, so that as the last field of an
// ordering key it only breaks ties, and as a base ordering it sorts every
// move (a zero key would mean "keep generator order", see ordering.h).
constexpr std::int64_t canonical_score(Move m) { return -(1 + std::int64_t(canonical_rank(m))); }

}  // namespace prunebench
