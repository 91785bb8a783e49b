#include "engine/first_move.h"

#include <array>

#include "engine/move_order_scores.h"
#include "engine/situation.h"

namespace prunebench {
namespace {

using situation::analyse;
using situation::attacked_by_them;
using situation::piece_attacks;
using situation::Situation;

struct CapturePair {
  PieceType victim, attacker;
};

constexpr std::int64_t pair_score(CapturePair p) {
  return 10 * PIECE_VALUE[p.victim] - MVV_LVA_ATTACKER_VALUE[p.attacker];
}

// Where each attacker's moves stand in the generator's list: knights,
// bishops, rooks, queens, the king, then pawns (movegen.h).
constexpr int GENERATOR_RANK[PIECE_TYPE_NB] = {5, 0, 1, 2, 3, 4};

// For one victim, the attackers from the largest score down: the king
// (attacker value 0), then pawn, knight, bishop, rook, queen.
constexpr PieceType ATTACKERS_BY_SCORE[] = {KING, PAWN, KNIGHT, BISHOP, ROOK, QUEEN};

// The (victim, attacker) pair an MVV-LVA ordering searches first among
// `captures` (each attacker type's legal capture squares; `any`: their
// union). A more valuable victim scores more whatever takes it, except that
// bishops (330) and knights (320) overlap: a knight taken by the king or a
// pawn outscores a bishop taken by a rook or queen, and a bishop taken by a
// pawn ties with a knight taken by the king (3,200), where the king's move,
// listed before the pawns', comes first (`tied` is then set).
CapturePair first_pair(const Position& pos, Color them, const std::array<Bitboard, PIECE_TYPE_NB>& captures,
                       Bitboard any, bool& tied) {
  const auto best_taker = [&](PieceType victim) {
    const Bitboard victims = pos.pieces(them, victim);
    for (const PieceType attacker : ATTACKERS_BY_SCORE)
      if (captures[attacker] & victims) return CapturePair{victim, attacker};
    return CapturePair{victim, NO_PIECE_TYPE};
  };
  for (const PieceType victim : {QUEEN, ROOK})
    if (any & pos.pieces(them, victim)) return best_taker(victim);
  const bool bishop = any & pos.pieces(them, BISHOP), knight = any & pos.pieces(them, KNIGHT);
  if (bishop && knight) {
    const CapturePair b = best_taker(BISHOP), n = best_taker(KNIGHT);
    if (pair_score(b) != pair_score(n)) return pair_score(b) > pair_score(n) ? b : n;
    tied = true;
    return GENERATOR_RANK[b.attacker] < GENERATOR_RANK[n.attacker] ? b : n;
  }
  if (bishop) return best_taker(BISHOP);
  if (knight) return best_taker(KNIGHT);
  return best_taker(PAWN);
}

constexpr std::int64_t EN_PASSANT_SCORE = pair_score({PAWN, PAWN});

// The squares of enemy pieces the pieces of type Pt can legally capture.
// Always inline: g++ made the queens' a call once the code around it grew,
// about 40 instructions more a node.
template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline Bitboard piece_captures(const Position& pos, const Situation& s) {
  Bitboard captures = 0;
  for (Bitboard pieces = pos.pieces(Us, Pt); pieces;) {
    const Square from = pop_lsb(pieces);
    Bitboard targets = piece_attacks<Pt>(from, s.occupied) & s.theirs;
    if (s.pinned & square_bb(from)) targets &= line_bb(s.king, from);
    captures |= targets;
  }
  return captures;
}

// The first capture of one of `victims` by a piece of type Pt, in generator
// order: by origin square, then destination (one exists); and with COUNT,
// how many such captures there are.
template <Color Us, PieceType Pt, bool COUNT>
Move first_piece_capture(const Position& pos, const Situation& s, Bitboard victims, int& count) {
  Move first;
  count = 0;
  for (Bitboard pieces = pos.pieces(Us, Pt); pieces;) {
    const Square from = pop_lsb(pieces);
    Bitboard targets = piece_attacks<Pt>(from, s.occupied) & victims;
    if (s.pinned & square_bb(from)) targets &= line_bb(s.king, from);
    if constexpr (!COUNT)
      if (targets) return Move(from, lsb(targets), CAPTURE);
    if (targets && count == 0) first = Move(from, lsb(targets), CAPTURE);
    count += popcount(targets);
  }
  return first;
}

// With no capture the list's own order stands, and it begins with the
// knights: the first knight, by origin square, with a move, and its first
// destination. A pinned knight has none; any other takes every empty square
// it attacks. False when no knight has a move.
template <Color Us>
bool first_knight_move(const Position& pos, const Situation& s, Move& move) {
  for (Bitboard knights = pos.pieces(Us, KNIGHT) & ~s.pinned; knights;) {
    const Square from = pop_lsb(knights);
    if (const Bitboard targets = knight_attacks(from) & ~s.occupied) {
      move = Move(from, lsb(targets), QUIET);
      return true;
    }
  }
  return false;
}

// COUNT: find out whether the move is alone in its score (first_move.h).
template <Color Us, bool COUNT>
bool first_move_of(const Position& pos, Move& move, bool& alone) {
  constexpr Color Them = ~Us;
  constexpr Direction UP_WEST = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UP_EAST = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard LAST_RANK = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  const Situation s = analyse<Us>(pos);
  const Bitboard pawns = pos.pieces(Us, PAWN);
  const Square ep = pos.en_passant_square();
  // A pinned pawn's captures are listed after the free pawns' on both sides.
  if (s.checkers || (s.pinned & pawns)) return false;

  std::array<Bitboard, PIECE_TYPE_NB> captures;
  const Bitboard west = shift<UP_WEST>(pawns) & s.theirs, east = shift<UP_EAST>(pawns) & s.theirs;
  captures[PAWN] = west | east;
  captures[KNIGHT] = piece_captures<Us, KNIGHT>(pos, s);
  captures[BISHOP] = piece_captures<Us, BISHOP>(pos, s);
  captures[ROOK] = piece_captures<Us, ROOK>(pos, s);
  captures[QUEEN] = piece_captures<Us, QUEEN>(pos, s);
  captures[KING] = 0;
  for (Bitboard targets = king_attacks(s.king) & s.theirs; targets;) {
    const Square to = pop_lsb(targets);
    if (!attacked_by_them<Us>(pos, s, to, s.occupied ^ square_bb(s.king))) captures[KING] |= square_bb(to);
  }

  const Bitboard any = captures[PAWN] | captures[KNIGHT] | captures[BISHOP] | captures[ROOK] | captures[QUEEN] |
                       captures[KING];
  alone = false;
  if (!any) return ep == NO_SQUARE || !(pawn_attacks(Them, ep) & pawns) ? first_knight_move<Us>(pos, s, move) : false;
  bool tied = false;
  const CapturePair pair = first_pair(pos, Them, captures, any, tied);
  const Bitboard victims = captures[pair.attacker] & pos.pieces(Them, pair.victim);
  // En passant is listed after every other pawn capture: it comes first
  // only when nothing scores above it, and ties with a pawn taking a pawn.
  if (ep != NO_SQUARE && (pawn_attacks(Them, ep) & pawns)) {
    if (pair_score(pair) < EN_PASSANT_SCORE) return false;
    tied |= pair_score(pair) == EN_PASSANT_SCORE;
  }
  int count = 1;  // the moves with the first one's score
  switch (pair.attacker) {
    case PAWN: {
      // Captures towards the a-file, then towards the h-file, each by
      // destination; within each, the promotions (queen first) before
      // the plain captures.
      const Bitboard side = west & victims ? west & victims : east & victims;
      const int offset = west & victims ? UP_WEST : UP_EAST;
      const Bitboard promotions = side & LAST_RANK;
      const Square to = lsb(promotions ? promotions : side);
      move = Move(Square(to - offset), to, promotions ? PROMO_CAPTURE_QUEEN : CAPTURE);
      // Each capturing promotion is four moves of one score.
      count = popcount(west & victims) + popcount(east & victims) +
              3 * (popcount(west & victims & LAST_RANK) + popcount(east & victims & LAST_RANK));
      break;
    }
    case KNIGHT: move = first_piece_capture<Us, KNIGHT, COUNT>(pos, s, victims, count); break;
    case BISHOP: move = first_piece_capture<Us, BISHOP, COUNT>(pos, s, victims, count); break;
    case ROOK: move = first_piece_capture<Us, ROOK, COUNT>(pos, s, victims, count); break;
    case QUEEN: move = first_piece_capture<Us, QUEEN, COUNT>(pos, s, victims, count); break;
    default: move = Move(s.king, lsb(victims), CAPTURE); count = popcount(victims); break;
  }
  alone = count == 1 && !tied;
  return true;
}

}  // namespace

bool first_mvv_lva_move(const Position& pos, Move& move, bool* alone) {
  bool unused;
  if (!alone)
    return pos.side_to_move() == WHITE ? first_move_of<WHITE, false>(pos, move, unused)
                                       : first_move_of<BLACK, false>(pos, move, unused);
  return pos.side_to_move() == WHITE ? first_move_of<WHITE, true>(pos, move, *alone)
                                     : first_move_of<BLACK, true>(pos, move, *alone);
}

}  // namespace prunebench
