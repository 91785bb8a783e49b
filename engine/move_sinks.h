// Where the move generator (movegen.cpp) puts the moves it finds: a sink.
// MoveListSink writes them into a MoveList, CountSink only adds up their
// number (perft's bulk counting), AnySink stops at the first. The generator
// is one template over its sink, so the legality logic is written once; each
// sink says whether the generator may stop early (STOP_AT_FIRST) and whether
// it must emit moves in the natural order (KEEPS_ORDER). Included by
// movegen.cpp only: the generator's private vocabulary.
#pragma once

#include <cstdint>

#include "engine/bitboard.h"
#include "engine/movegen.h"
#include "engine/types.h"

namespace prunebench::movegen_sinks {

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
    Move* out = list.end();
    const Move* const first = out;
    const unsigned kind_bits = unsigned(kind) << 12;
    while (targets) {
      const Square to = pop_lsb(targets);
      *out++ = Move::from_raw(std::uint16_t(unsigned(to - offset) | unsigned(to) << 6 | kind_bits));
    }
    list.grow(std::size_t(out - first));
  }
  void add_promotions(Bitboard targets, int offset, bool capture) {
    const int flag = capture ? CAPTURE : 0;
    while (targets) {
      const Square to = pop_lsb(targets);
      const Square from = Square(to - offset);
      for (int kind : {PROMO_QUEEN, PROMO_ROOK, PROMO_BISHOP, PROMO_KNIGHT})
        list.push_back(Move(from, to, MoveKind(kind | flag)));
    }
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
