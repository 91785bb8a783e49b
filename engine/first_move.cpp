#include "engine/first_move.h"

#include <array>
#include <utility>

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

// FirstMoveTies as they are found; more than fit make the list unusable.
struct TieList {
  FirstMoveTies& ties;
  int found = 0;
  void add(Move m) {
    if (found < FirstMoveTies::CAPACITY) ties.moves[found] = m;
    ++found;
  }
  Move first() const { return ties.moves[0]; }
  void close(bool usable) { ties.count = usable && found <= FirstMoveTies::CAPACITY ? found : 0; }
};

// The squares of enemy pieces the pieces of type Pt can legally capture: the
// free pieces' attacks without a pin test each, then a pinned piece's (rare)
// along its pin only. Always inline: g++ made the queens' a call once the
// code around it grew, about 40 instructions more a node.
template <Color Us, PieceType Pt>
[[gnu::always_inline]] inline Bitboard piece_captures(const Position& pos, const Situation& s) {
  Bitboard attacks = 0;
  const Bitboard pieces = pos.pieces(Us, Pt);
  for (Bitboard free = pieces & ~s.pinned; free;) attacks |= piece_attacks<Pt>(pop_lsb(free), s.occupied);
  for (Bitboard pinned = pieces & s.pinned; pinned;) [[unlikely]] {
    const Square from = pop_lsb(pinned);
    attacks |= piece_attacks<Pt>(from, s.occupied) & line_bb(s.king, from);
  }
  return attacks & s.theirs;
}

// The first capture of one of `victims` by a piece of type Pt, in generator
// order: by origin square, then destination (one exists); and with LIST,
// every such capture into `ties`, in the same order.
template <Color Us, PieceType Pt, bool LIST>
Move first_piece_capture(const Position& pos, const Situation& s, Bitboard victims, TieList& ties) {
  for (Bitboard pieces = pos.pieces(Us, Pt); pieces;) {
    const Square from = pop_lsb(pieces);
    Bitboard targets = piece_attacks<Pt>(from, s.occupied) & victims;
    if (s.pinned & square_bb(from)) targets &= line_bb(s.king, from);
    if constexpr (!LIST)
      if (targets) return Move(from, lsb(targets), CAPTURE);
    while (targets) ties.add(Move(from, pop_lsb(targets), CAPTURE));
  }
  return ties.first();
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

// The pawn captures of `victims` in generator order: towards the a-file,
// then towards the h-file; within each, the capturing promotions before the
// plain captures, each by destination. A capturing promotion is listed as
// its first move, the queen's (its four moves share origin and destination).
template <Color Us>
void list_pawn_captures(Bitboard west, Bitboard east, TieList& ties) {
  constexpr Direction UP_WEST = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UP_EAST = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard LAST_RANK = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  const auto add = [&](Bitboard targets, int offset, MoveKind kind) {
    while (targets) {
      const Square to = pop_lsb(targets);
      ties.add(Move(Square(to - offset), to, kind));
    }
  };
  for (const auto& [side, offset] : {std::pair{west, int(UP_WEST)}, std::pair{east, int(UP_EAST)}}) {
    add(side & LAST_RANK, offset, PROMO_CAPTURE_QUEEN);
    add(side & ~LAST_RANK, offset, CAPTURE);
  }
}

// The pinned pawns' captures of `victims` in generator order: towards the
// a-file, then towards the h-file; within each, pawn by pawn, by origin
// (a capturing promotion as its queen's move).
template <Color Us>
void list_pinned_pawn_captures(Bitboard west, Bitboard east, TieList& ties) {
  constexpr Direction UP_WEST = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UP_EAST = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard LAST_RANK = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  for (const auto& [side, offset] : {std::pair{west, int(UP_WEST)}, std::pair{east, int(UP_EAST)}})
    for (Bitboard targets = side; targets;) {
      const Square to = pop_lsb(targets);
      ties.add(Move(Square(to - offset), to, square_bb(to) & LAST_RANK ? PROMO_CAPTURE_QUEEN : CAPTURE));
    }
}

// LIST: the first move's ties into `ties` (first_move.h).
template <Color Us, bool LIST>
bool first_move_of(const Position& pos, Move& move, FirstMoveTies& tie_list) {
  constexpr Color Them = ~Us;
  constexpr Direction UP_WEST = Us == WHITE ? NORTH_WEST : SOUTH_WEST;
  constexpr Direction UP_EAST = Us == WHITE ? NORTH_EAST : SOUTH_EAST;
  constexpr Bitboard LAST_RANK = Us == WHITE ? RANK_8_BB : RANK_1_BB;
  const Situation s = analyse<Us>(pos);
  const Bitboard pawns = pos.pieces(Us, PAWN);
  const Square ep = pos.en_passant_square();
  if (s.checkers) return false;

  std::array<Bitboard, PIECE_TYPE_NB> captures;
  const Bitboard free_pawns = pawns & ~s.pinned;
  const Bitboard west = shift<UP_WEST>(free_pawns) & s.theirs, east = shift<UP_EAST>(free_pawns) & s.theirs;
  // A pinned pawn takes along its pin only, and is listed after the free
  // pawns on each side (the destinations here: one origin each).
  Bitboard pinned_west = 0, pinned_east = 0;
  for (Bitboard pinned = pawns & s.pinned; pinned;) {
    const Square from = pop_lsb(pinned);
    pinned_west |= shift<UP_WEST>(square_bb(from)) & s.theirs & line_bb(s.king, from);
    pinned_east |= shift<UP_EAST>(square_bb(from)) & s.theirs & line_bb(s.king, from);
  }
  captures[PAWN] = west | east | pinned_west | pinned_east;
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
  TieList ties{tie_list};
  if (!any) {
    ties.close(false);
    return ep == NO_SQUARE || !(pawn_attacks(Them, ep) & pawns) ? first_knight_move<Us>(pos, s, move) : false;
  }
  bool tied = false;
  const CapturePair pair = first_pair(pos, Them, captures, any, tied);
  const Bitboard victims = captures[pair.attacker] & pos.pieces(Them, pair.victim);
  // En passant is listed after every other pawn capture: it comes first
  // only when nothing scores above it, and ties with a pawn taking a pawn.
  if (ep != NO_SQUARE && (pawn_attacks(Them, ep) & pawns)) {
    if (pair_score(pair) < EN_PASSANT_SCORE) return false;
    tied |= pair_score(pair) == EN_PASSANT_SCORE;
  }
  switch (pair.attacker) {
    case PAWN: {
      // The first of list_pawn_captures' order, else of the pinned pawns'.
      const Bitboard west_victims = west & victims, east_victims = east & victims;
      if (west_victims | east_victims) {
        const Bitboard side = west_victims ? west_victims : east_victims;
        const int offset = west_victims ? UP_WEST : UP_EAST;
        const Bitboard promotions = side & LAST_RANK;
        const Square to = lsb(promotions ? promotions : side);
        move = Move(Square(to - offset), to, promotions ? PROMO_CAPTURE_QUEEN : CAPTURE);
      } else {
        const Bitboard pinned_west_victims = pinned_west & victims;
        const Bitboard side = pinned_west_victims ? pinned_west_victims : pinned_east & victims;
        const int offset = pinned_west_victims ? UP_WEST : UP_EAST;
        const Square to = lsb(side);
        move = Move(Square(to - offset), to, square_bb(to) & LAST_RANK ? PROMO_CAPTURE_QUEEN : CAPTURE);
      }
      if constexpr (LIST) {
        list_pawn_captures<Us>(west_victims, east_victims, ties);
        list_pinned_pawn_captures<Us>(pinned_west & victims, pinned_east & victims, ties);
      }
      break;
    }
    case KNIGHT: move = first_piece_capture<Us, KNIGHT, LIST>(pos, s, victims, ties); break;
    case BISHOP: move = first_piece_capture<Us, BISHOP, LIST>(pos, s, victims, ties); break;
    case ROOK: move = first_piece_capture<Us, ROOK, LIST>(pos, s, victims, ties); break;
    case QUEEN: move = first_piece_capture<Us, QUEEN, LIST>(pos, s, victims, ties); break;
    default:
      move = Move(s.king, lsb(victims), CAPTURE);
      if constexpr (LIST)
        for (Bitboard v = victims; v;) ties.add(Move(s.king, pop_lsb(v), CAPTURE));
      break;
  }
  ties.close(!tied);
  return true;
}

}  // namespace

bool first_mvv_lva_move(const Position& pos, Move& move, FirstMoveTies* ties) {
  FirstMoveTies unused;
  if (!ties)
    return pos.side_to_move() == WHITE ? first_move_of<WHITE, false>(pos, move, unused)
                                       : first_move_of<BLACK, false>(pos, move, unused);
  return pos.side_to_move() == WHITE ? first_move_of<WHITE, true>(pos, move, *ties)
                                     : first_move_of<BLACK, true>(pos, move, *ties);
}

}  // namespace prunebench
