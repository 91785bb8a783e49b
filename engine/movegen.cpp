// The fast legal move generator (see movegen.h for the approach and order).
//
// One template produces moves into a "sink": MoveListSink appends them,
// CountSink only adds popcounts (perft's bulk counting), AnySink stops at the
// first legal move. The legality logic is therefore written once.
#include "engine/movegen.h"

namespace prunebench {
namespace {

struct MoveListSink {
  static constexpr bool STOP_AT_FIRST = false;
  MoveList& list;

  bool done() const { return false; }
  void add(Move m) { list.push_back(m); }
  // Piece moves from `from` to every square of `targets`.
  void add_targets(Square from, Bitboard targets, Bitboard enemies) {
    while (targets) {
      const Square to = pop_lsb(targets);
      const auto captures = unsigned(enemies >> to) & 1;  // the capture bit, read off the enemy bitboard
      list.push_back(Move(from, to, MoveKind(captures * CAPTURE)));
    }
  }
  // Pawn moves landing on `targets`, each from `to - offset`.
  void add_pawn_moves(Bitboard targets, int offset, MoveKind kind) {
    while (targets) {
      const Square to = pop_lsb(targets);
      list.push_back(Move(Square(to - offset), to, kind));
    }
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
  int count = 0;

  bool done() const { return false; }
  void add(Move) { ++count; }
  void add_targets(Square, Bitboard targets, Bitboard) { count += popcount(targets); }
  void add_pawn_moves(Bitboard targets, int, MoveKind) { count += popcount(targets); }
  void add_promotions(Bitboard targets, int, bool) { count += 4 * popcount(targets); }
};

struct AnySink {
  static constexpr bool STOP_AT_FIRST = true;
  bool found = false;

  bool done() const { return found; }
  void add(Move) { found = true; }
  void add_targets(Square, Bitboard targets, Bitboard) { found |= targets != 0; }
  void add_pawn_moves(Bitboard targets, int, MoveKind) { found |= targets != 0; }
  void add_promotions(Bitboard targets, int, bool) { found |= targets != 0; }
};

// Everything the generator needs to know about the side to move's situation,
// computed once per position.
struct Situation {
  Bitboard occupied, ours, theirs;
  Square king;
  Bitboard checkers;
  Bitboard check_mask;  // squares a non-king move must land on (all, when not in check)
  Bitboard pinned;      // our pieces that may only move along the line to our king
};

template <Color Us>
Situation analyse(const Position& pos) {
  Situation s;
  s.occupied = pos.occupied();
  s.ours = pos.pieces(Us);
  s.theirs = pos.pieces(~Us);
  s.king = pos.king_square(Us);
  // One pass over the enemy sliders on a line with our king finds both the
  // slider checks (nothing between) and the pins (exactly one piece between,
  // and it is ours); leapers and pawns can only check.
  s.checkers = (pawn_attacks(Us, s.king) & pos.pieces(~Us, PAWN)) | (knight_attacks(s.king) & pos.pieces(~Us, KNIGHT));
  const Bitboard rooks_queens = pos.pieces(~Us, ROOK) | pos.pieces(~Us, QUEEN);
  const Bitboard bishops_queens = pos.pieces(~Us, BISHOP) | pos.pieces(~Us, QUEEN);
  Bitboard snipers = (rook_rays(s.king) & rooks_queens) | (bishop_rays(s.king) & bishops_queens);
  s.pinned = 0;
  while (snipers) {
    const Square sniper = pop_lsb(snipers);
    const Bitboard blockers = between_bb(s.king, sniper) & s.occupied;
    if (!blockers)
      s.checkers |= square_bb(sniper);
    else if (!more_than_one(blockers))
      s.pinned |= blockers & s.ours;  // a lone enemy blocker pins nothing
  }
  s.check_mask = ~Bitboard(0);
  if (s.checkers) s.check_mask = more_than_one(s.checkers) ? 0 : between_bb(s.king, lsb(s.checkers)) | s.checkers;
  return s;
}

template <PieceType Pt>
Bitboard piece_attacks(Square from, Bitboard occupied) {
  if constexpr (Pt == KNIGHT) return knight_attacks(from);
  if constexpr (Pt == BISHOP) return bishop_attacks(from, occupied);
  if constexpr (Pt == ROOK) return rook_attacks(from, occupied);
  if constexpr (Pt == QUEEN) return queen_attacks(from, occupied);
}

template <Color Us, PieceType Pt, typename Sink>
void generate_piece_moves(const Position& pos, const Situation& s, Sink& sink) {
  Bitboard pieces = pos.pieces(Us, Pt);
  while (pieces) {
    const Square from = pop_lsb(pieces);
    Bitboard targets = piece_attacks<Pt>(from, s.occupied);
    targets &= ~s.ours & s.check_mask;
    if (s.pinned & square_bb(from)) targets &= line_bb(s.king, from);
    sink.add_targets(from, targets, s.theirs);
    if constexpr (Sink::STOP_AT_FIRST)
      if (sink.done()) return;
  }
}

template <Color Us, typename Sink>
void generate_king_moves(const Position& pos, const Situation& s, Sink& sink) {
  // The king is lifted off the board for the test, so it cannot hide behind
  // itself from a slider checking along the line it retreats on.
  const Bitboard occupied_without_king = s.occupied ^ square_bb(s.king);
  Bitboard candidates = king_attacks(s.king) & ~s.ours;
  Bitboard safe = 0;
  while (candidates) {
    const Square to = pop_lsb(candidates);
    if (!pos.attackers_to(to, ~Us, occupied_without_king)) safe |= square_bb(to);
  }
  sink.add_targets(s.king, safe, s.theirs);
}

template <Color Us, typename Sink>
void generate_castling(const Position& pos, const Situation& s, Sink& sink) {
  if (s.checkers) return;
  constexpr int OO = Us == WHITE ? WHITE_OO : BLACK_OO;
  constexpr int OOO = Us == WHITE ? WHITE_OOO : BLACK_OOO;
  const int rights = pos.castling_rights();
  const auto free_and_safe = [&](Square rook, Square king_to, Square transit) {
    return !(between_bb(s.king, rook) & s.occupied) && !pos.is_attacked(transit, ~Us) && !pos.is_attacked(king_to, ~Us);
  };
  if ((rights & OO) && free_and_safe(relative_square(Us, H1), relative_square(Us, G1), relative_square(Us, F1)))
    sink.add(Move(s.king, relative_square(Us, G1), KING_CASTLE));
  if ((rights & OOO) && free_and_safe(relative_square(Us, A1), relative_square(Us, C1), relative_square(Us, D1)))
    sink.add(Move(s.king, relative_square(Us, C1), QUEEN_CASTLE));
}

// En passant is the one move that removes two pieces from a line at once
// (mover and victim, e.g. on the king's rank), so it is checked the honest
// way: play it on the occupancy and look for attackers of the king.
template <Color Us>
bool en_passant_is_legal(const Position& pos, const Situation& s, Square from, Square to) {
  const Square victim = Square(to ^ 8);
  const Bitboard occupied = (s.occupied ^ square_bb(from) ^ square_bb(victim)) | square_bb(to);
  return !(pos.attackers_to(s.king, ~Us, occupied) & ~square_bb(victim));
}

template <Color Us, typename Sink>
void generate_pawn_moves(const Position& pos, const Situation& s, Sink& sink) {
  constexpr Direction UP = Us == WHITE ? NORTH : SOUTH;
  constexpr Direction UP_WEST = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UP_EAST = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard LAST_RANK = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  constexpr Bitboard THIRD_RANK = Us == WHITE ? RANK_3_BB : RANK_6_BB;

  const Bitboard pawns = pos.pieces(Us, PAWN);
  const Bitboard empty = ~s.occupied;
  // Pinned pawns move only along their pin line; testing each target square
  // against the line through king and origin is done per pinned pawn below.
  const Bitboard free_pawns = pawns & ~s.pinned;

  const auto emit = [&](Bitboard targets, int offset, MoveKind kind) {
    const Bitboard promotions = targets & LAST_RANK;
    if (promotions) sink.add_promotions(promotions, offset, kind == CAPTURE);
    sink.add_pawn_moves(targets & ~LAST_RANK, offset, kind);
  };
  const auto emit_pinned = [&](Bitboard (*step)(Bitboard), Bitboard allowed, int offset, MoveKind kind) {
    Bitboard pinned_pawns = pawns & s.pinned;
    while (pinned_pawns) {
      const Square from = pop_lsb(pinned_pawns);
      emit(step(square_bb(from)) & allowed & line_bb(s.king, from), offset, kind);
    }
  };

  const Bitboard enemies = s.theirs & s.check_mask;
  emit(shift<UP_WEST>(free_pawns) & enemies, UP_WEST, CAPTURE);
  emit(shift<UP_EAST>(free_pawns) & enemies, UP_EAST, CAPTURE);
  if (s.pinned & pawns) {
    emit_pinned(shift<UP_WEST>, enemies, UP_WEST, CAPTURE);
    emit_pinned(shift<UP_EAST>, enemies, UP_EAST, CAPTURE);
  }
  if constexpr (Sink::STOP_AT_FIRST)
    if (sink.done()) return;

  if (const Square ep = pos.en_passant_square(); ep != NO_SQUARE) {
    Bitboard capturers = pawn_attacks(~Us, ep) & pawns;
    while (capturers) {
      const Square from = pop_lsb(capturers);
      if (en_passant_is_legal<Us>(pos, s, from, ep)) sink.add(Move(from, ep, EN_PASSANT));
    }
  }

  const Bitboard single = shift<UP>(free_pawns) & empty;
  emit(single & s.check_mask, UP, QUIET);
  sink.add_pawn_moves(shift<UP>(single & THIRD_RANK) & empty & s.check_mask, 2 * UP, DOUBLE_PUSH);
  if (s.pinned & pawns) {
    Bitboard pinned_pawns = pawns & s.pinned;
    while (pinned_pawns) {
      const Square from = pop_lsb(pinned_pawns);
      const Bitboard one = shift<UP>(square_bb(from)) & empty & line_bb(s.king, from);
      emit(one & s.check_mask, UP, QUIET);
      sink.add_pawn_moves(shift<UP>(one & THIRD_RANK) & empty & s.check_mask, 2 * UP, DOUBLE_PUSH);
    }
  }
}

template <Color Us, typename Sink>
void generate_for(const Position& pos, Sink& sink) {
  const Situation s = analyse<Us>(pos);
  if constexpr (Sink::STOP_AT_FIRST) {  // the king is the likeliest to have a move
    generate_king_moves<Us>(pos, s, sink);
    if (sink.done() || more_than_one(s.checkers)) return;
  }
  if (!more_than_one(s.checkers)) {  // in double check only the king may move
    generate_piece_moves<Us, KNIGHT>(pos, s, sink);
    if constexpr (Sink::STOP_AT_FIRST)
      if (sink.done()) return;
    generate_piece_moves<Us, BISHOP>(pos, s, sink);
    generate_piece_moves<Us, ROOK>(pos, s, sink);
    generate_piece_moves<Us, QUEEN>(pos, s, sink);
    if constexpr (Sink::STOP_AT_FIRST)
      if (sink.done()) return;
  }
  if constexpr (!Sink::STOP_AT_FIRST) generate_king_moves<Us>(pos, s, sink);
  generate_castling<Us>(pos, s, sink);
  if (!more_than_one(s.checkers)) generate_pawn_moves<Us>(pos, s, sink);
}

template <typename Sink>
void generate(const Position& pos, Sink& sink) {
  if (pos.side_to_move() == WHITE)
    generate_for<WHITE>(pos, sink);
  else
    generate_for<BLACK>(pos, sink);
}

}  // namespace

void generate_legal(const Position& pos, MoveList& list) {
  list.clear();
  MoveListSink sink{list};
  generate(pos, sink);
}

int count_legal(const Position& pos) {
  CountSink sink;
  generate(pos, sink);
  return sink.count;
}

bool has_legal_move_slow(const Position& pos) {
  AnySink sink;
  generate(pos, sink);
  return sink.found;
}

}  // namespace prunebench
