// Where the move generator (movegen.cpp) puts the moves it finds: a sink.
// MoveListSink writes them into a MoveList, CountSink only adds up their
// number (perft's bulk counting), AnySink stops at the first. The generator
// is one template over its sink, so the legality logic is written once; each
// sink says whether the generator may stop early (STOP_AT_FIRST) and whether
// it must emit moves in the natural order (KEEPS_ORDER). Included by
// movegen.cpp only: the generator's private vocabulary.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#if defined(__SSE4_1__)
#include <immintrin.h>
#endif

#include "engine/bitboard.h"
#include "engine/movegen.h"
#include "engine/types.h"

namespace prunebench::movegen_sinks {

// For each byte value, the positions of its set bits, ascending, one per
// byte of the result (the rest zero): the files of a rank's squares.
inline constexpr std::array<std::uint64_t, 256> SET_BITS_OF_BYTE = [] {
  std::array<std::uint64_t, 256> table{};
  for (unsigned byte = 0; byte < 256; ++byte) {
    unsigned count = 0;
    for (unsigned bit = 0; bit < 8; ++bit)
      if (byte >> bit & 1) table[byte] |= std::uint64_t(bit) << (8 * count++);
  }
  return table;
}();

// The four promotions (queen, rook, bishop, knight) of each pawn landing on
// `targets` from `to - offset`, handed one by one to the sink's add: for the
// sinks that take promotions as moves.
template <typename Sink>
void add_each_promotion(Sink& sink, Bitboard targets, int offset, bool capture) {
  const int flag = capture ? CAPTURE : 0;
  while (targets) {
    const Square to = pop_lsb(targets);
    for (int kind : {PROMO_QUEEN, PROMO_ROOK, PROMO_BISHOP, PROMO_KNIGHT})
      sink.add(Move(Square(to - offset), to, MoveKind(kind | flag)));
  }
}

struct MoveListSink {
  static constexpr bool STOP_AT_FIRST = false;
  static constexpr bool KEEPS_ORDER = true;  // the list is the natural order
  MoveList& list;

  bool done() const { return false; }
  void add(Move m) { list.push_back(m); }
  // Moves of a piece of the given type (a constant where the generator calls;
  // the reply counter uses it) from `from` to every square of `targets`.
  // Each move is its origin's bits, its destination's, and the capture bit
  // read off the enemy bitboard, written straight into the list (no branch,
  // no reload of its size).
  void add_targets(PieceType, Square from, Bitboard targets, Bitboard enemies) {
    static_assert(CAPTURE == 1 << 2, "the capture bit is bit 14 of a move");
    Move* out = list.end();
    const Move* const first = out;
    while (targets) {
      const Square to = pop_lsb(targets);
      const auto capture_bit = unsigned(enemies >> to) & 1;
      *out++ = Move::from_raw(std::uint16_t(unsigned(from) | unsigned(to) << 6 | capture_bit << 14));
    }
    list.grow(std::size_t(out - first));
  }
  // Pawn moves landing on `targets`, each from `to - offset`.
  void add_pawn_moves(Bitboard targets, int offset, MoveKind kind) {
#if defined(__SSE4_1__)
    add_pawn_moves_by_rank(targets, offset, kind);
#else
    add_pawn_moves_one_by_one(targets, offset, kind);
#endif
  }
  // The plain loop: a move per target square, ascending.
  void add_pawn_moves_one_by_one(Bitboard targets, int offset, MoveKind kind) {
    Move* out = list.end();
    const Move* const first = out;
    const unsigned kind_bits = unsigned(kind) << 12;
    while (targets) {
      const Square to = pop_lsb(targets);
      *out++ = Move::from_raw(std::uint16_t(unsigned(to - offset) | unsigned(to) << 6 | kind_bits));
    }
    list.grow(std::size_t(out - first));
  }
#if defined(__SSE4_1__)
  // The same moves, a rank at a time: a pawn's targets mostly share a rank
  // or two, and eight moves are built in one vector from a table of each
  // byte's set bits. Eight are always stored, the list's end advancing by
  // the rank's count (the storage past the end has room: at most 218 legal
  // moves in MAX_MOVES = 256 slots).
  void add_pawn_moves_by_rank(Bitboard targets, int offset, MoveKind kind) {
    static_assert(MAX_MOVES >= 218 + 8);
    Move* out = list.end();
    const Move* const first = out;
    const __m128i kind_bits = _mm_set1_epi16(short(unsigned(kind) << 12));
    const __m128i from_offset = _mm_set1_epi16(short(offset));
    while (targets) {
      const int rank_start = std::countr_zero(targets) & ~7;
      const unsigned rank = unsigned(targets >> rank_start) & 0xFF;
      targets &= ~(Bitboard(0xFF) << rank_start);
      const __m128i files = _mm_cvtepu8_epi16(_mm_cvtsi64_si128(std::int64_t(SET_BITS_OF_BYTE[rank])));
      const __m128i to = _mm_add_epi16(files, _mm_set1_epi16(short(rank_start)));
      const __m128i moves =
          _mm_or_si128(_mm_or_si128(_mm_sub_epi16(to, from_offset), _mm_slli_epi16(to, 6)), kind_bits);
      _mm_storeu_si128(reinterpret_cast<__m128i*>(out), moves);
      out += std::popcount(rank);
    }
    list.grow(std::size_t(out - first));
  }
#endif
  void add_promotions(Bitboard targets, int offset, bool capture) {
    add_each_promotion(*this, targets, offset, capture);
  }
};

struct CountSink {
  static constexpr bool STOP_AT_FIRST = false;
  static constexpr bool KEEPS_ORDER = false;
  int count = 0;

  bool done() const { return false; }
  void add(Move) { ++count; }
  void add_targets(PieceType, Square, Bitboard targets, Bitboard) { count += popcount(targets); }
  void add_pawn_moves(Bitboard targets, int, MoveKind) { count += popcount(targets); }
  void add_promotions(Bitboard targets, int, bool) { count += 4 * popcount(targets); }
};

// Counts the moves and gathers the squares they capture on, without listing
// them, sets aside those landing on `avoided.set_aside`, and stops, unsure,
// at the first move `avoided` names, or that is castling, en passant or a
// promotion, or when more are set aside than fit (count_moves_avoiding).
struct AvoidingCountSink {
  static constexpr bool STOP_AT_FIRST = true;
  static constexpr bool KEEPS_ORDER = false;
  const AvoidedMoves& avoided;
  SetAsideMoves& set_aside;
  int count = 0;
  Bitboard captured = 0;
  bool unsure = false;

  bool done() const { return unsure; }
  void add(Move) { unsure = true; }
  void add_targets(PieceType mover, Square from, Bitboard targets, Bitboard enemies) {
    const bool off_line = (avoided.origins & square_bb(from)) && (targets & ~line_bb(from, avoided.line_end));
    unsure |= (targets & avoided.destinations[mover]) != 0 || off_line;
    count += popcount(targets);
    captured |= targets & enemies;
    for (Bitboard aside = targets & avoided.set_aside[mover]; aside;) put_aside(mover, from, pop_lsb(aside));
  }
  void add_pawn_moves(Bitboard targets, int offset, MoveKind kind) {
    const Bitboard from = offset > 0 ? targets >> offset : targets << -offset;
    unsure |= (targets & avoided.destinations[PAWN]) != 0 || (from & avoided.origins) != 0;
    count += popcount(targets);
    if (kind == CAPTURE) captured |= targets;
    for (Bitboard aside = targets & avoided.set_aside[PAWN]; aside;) {
      const Square to = pop_lsb(aside);
      put_aside(PAWN, Square(to - offset), to);
    }
  }
  void put_aside(PieceType mover, Square from, Square to) {
    if (set_aside.count == SetAsideMoves::CAPACITY) {
      unsure = true;
      return;
    }
    set_aside.moves[set_aside.count++] = {mover, from, to};
  }
  void add_promotions(Bitboard targets, int, bool) { unsure |= targets != 0; }
};

struct AnySink {
  static constexpr bool STOP_AT_FIRST = true;
  static constexpr bool KEEPS_ORDER = false;
  bool found = false;

  bool done() const { return found; }
  void add(Move) { found = true; }
  void add_targets(PieceType, Square, Bitboard targets, Bitboard) { found |= targets != 0; }
  void add_pawn_moves(Bitboard targets, int, MoveKind) { found |= targets != 0; }
  void add_promotions(Bitboard targets, int, bool) { found |= targets != 0; }
};

}  // namespace prunebench::movegen_sinks
