#include "engine/leaf_shortcut.h"

#include "engine/movegen.h"

namespace prunebench {
namespace {

// A piece on `s` can be pinned to its king on `king` only if it stands on a
// line with it and nothing stays between them. Pieces of its own side between
// stay put whatever the opponent plays (a capture leaves the capturer there).
bool cannot_be_pinned(Square king, Square s, Bitboard own) {
  return !line_bb(king, s) || (between_bb(king, s) & own);
}

// Whether the enemy, in check from our `mover` alone after it went from
// `from` to `to` (`occupied`: the child's occupancy), has a legal move
// that one of three sights proves. A piece of theirs other than the king
// that cannot be pinned takes the checker, or steps between it and their
// king (a pawn by a single push): with one checker either ends the check,
// and the piece leaves no line open. Or their king steps to a square, empty
// or ours, that none of our pieces attacks once the king has left its own.
template <typename Board>
bool check_has_answer(const Board& parent, Square from, Square to, PieceType mover, Bitboard occupied) {
  const Color us = parent.side_to_move(), them = ~us;
  const Square king = parent.king_square(them);
  const Bitboard theirs = parent.pieces(them) & ~square_bb(to);
  const auto any_unpinnable = [&](Bitboard pieces) {
    while (pieces)
      if (cannot_be_pinned(king, pop_lsb(pieces), theirs)) return true;
    return false;
  };
  const Bitboard pawns = parent.pieces(PAWN) & theirs, knights = parent.pieces(KNIGHT) & theirs;
  const Bitboard diagonal = (parent.pieces(BISHOP) | parent.pieces(QUEEN)) & theirs;
  const Bitboard straight = (parent.pieces(ROOK) | parent.pieces(QUEEN)) & theirs;
  if (any_unpinnable((pawn_attacks(us, to) & pawns) | (knight_attacks(to) & knights) |
                     (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & straight)))
    return true;
  for (Bitboard gap = between_bb(to, king); gap;) {
    const Square s = pop_lsb(gap);
    const Bitboard pusher = (them == WHITE ? shift<SOUTH>(square_bb(s)) : shift<NORTH>(square_bb(s))) & pawns;
    if (any_unpinnable(pusher | (knight_attacks(s) & knights) | (bishop_attacks(s, occupied) & diagonal) |
                       (rook_attacks(s, occupied) & straight)))
      return true;
  }
  const auto ours = [&](PieceType pt) {
    const Bitboard before = parent.pieces(us, pt);
    return pt == mover ? before ^ square_bb(from) ^ square_bb(to) : before;
  };
  const Bitboard our_pawns = ours(PAWN), our_knights = ours(KNIGHT), our_king = ours(KING);
  const Bitboard our_diagonal = ours(BISHOP) | ours(QUEEN), our_straight = ours(ROOK) | ours(QUEEN);
  const Bitboard without_king = occupied ^ square_bb(king);
  for (Bitboard steps = king_attacks(king) & ~theirs; steps;) {
    const Square s = pop_lsb(steps);
    if (!(pawn_attacks(them, s) & our_pawns) && !(knight_attacks(s) & our_knights) &&
        !(king_attacks(s) & our_king) && !(bishop_attacks(s, without_king) & our_diagonal) &&
        !(rook_attacks(s, without_king) & our_straight))
      return true;
  }
  return false;
}

// Without REPORT, a child in check from the mover alone gets its answer from
// check_has_answer. With REPORT a check is refused, and a yes also reports
// in `rests_on` the squares it rests on besides the move's own: the enemy
// king's, the line through it and the mover's origin (a discovered check),
// those between it and the mover's destination (a direct one), and the
// enemy piece with a step and that step's square.
template <bool REPORT = false, typename Board>
bool lone_child_check(const Board& parent, Move m, Bitboard* rests_on = nullptr) {
  constexpr unsigned ORDINARY = 1u << QUIET | 1u << DOUBLE_PUSH | 1u << CAPTURE;  // not castling, e.p., promotion
  if (!(ORDINARY >> m.kind() & 1)) return false;
  const Color us = parent.side_to_move(), them = ~us;
  const Square from = m.from(), to = m.to(), enemy_king = parent.king_square(them);
  const Bitboard occupied = (parent.occupied() ^ square_bb(from)) | square_bb(to);
  // A direct check: the mover attacks the king from its new square.
  const PieceType mover = type_of(parent.piece_on(from));
  Bitboard attacks = 0;
  switch (mover) {
    case PAWN: attacks = pawn_attacks(us, to); break;
    case KNIGHT: attacks = knight_attacks(to); break;
    case BISHOP: attacks = bishop_attacks(to, occupied); break;
    case ROOK: attacks = rook_attacks(to, occupied); break;
    case QUEEN: attacks = queen_attacks(to, occupied); break;
    default: break;
  }
  const bool direct_check = attacks & square_bb(enemy_king);
  if (REPORT && direct_check) return false;
  // A discovered check: only a piece leaving a line through the king can uncover one.
  const Bitboard rook_lines = rook_rays(enemy_king), bishop_lines = bishop_rays(enemy_king);
  const Bitboard others = parent.pieces(us) ^ square_bb(from);
  if ((rook_lines & square_bb(from)) &&
      (rook_attacks(enemy_king, occupied) & others & (parent.pieces(ROOK) | parent.pieces(QUEEN))))
    return false;
  if ((bishop_lines & square_bb(from)) &&
      (bishop_attacks(enemy_king, occupied) & others & (parent.pieces(BISHOP) | parent.pieces(QUEEN))))
    return false;
  if (direct_check) return check_has_answer(parent, from, to, mover, occupied);
  const auto yes = [&](Square piece, Square step) {
    if constexpr (REPORT)
      *rests_on = square_bb(enemy_king) | line_bb(enemy_king, from) | between_bb(to, enemy_king) |
                  square_bb(piece) | square_bb(step);
    return true;
  };
  // Out of check, a knight or pawn of theirs on no line through their king
  // cannot be pinned, so any step it has is legal (the piece on `to` is gone).
  const Bitboard theirs = parent.pieces(them) & ~square_bb(to);
  const Bitboard unpinnable = theirs & ~(rook_lines | bishop_lines);
  for (Bitboard knights = unpinnable & parent.pieces(KNIGHT); knights;) {
    const Square knight = pop_lsb(knights);
    if (const Bitboard steps = knight_attacks(knight) & ~theirs) return yes(knight, lsb(steps));
  }
  const Bitboard pawns = unpinnable & parent.pieces(PAWN);
  const Bitboard pushes = (them == WHITE ? shift<NORTH>(pawns) : shift<SOUTH>(pawns)) & ~occupied;
  if (!pushes) return false;
  const Square push = lsb(pushes);
  return yes(Square(push + (them == WHITE ? -8 : 8)), push);
}

}  // namespace

bool lone_child_has_legal_move(const Position& parent, Move m) { return lone_child_check(parent, m); }
bool lone_child_has_legal_move(const QuietChild& parent, Move m) { return lone_child_check(parent, m); }
bool lone_child_has_legal_move_out_of_check(const Position& parent, Move m, Bitboard& rests_on) {
  return lone_child_check<true>(parent, m, &rests_on);
}

LeafShortcut::LeafShortcut(const Position& parent) {
  const Color us = parent.side_to_move(), them = ~us;
  const Bitboard occupied = parent.occupied();
  enemy_king_ = parent.king_square(them);
  parent_evaluation_ = evaluate(parent);

  check_squares_[PAWN] = pawn_attacks(them, enemy_king_);
  check_squares_[KNIGHT] = knight_attacks(enemy_king_);
  check_squares_[BISHOP] = bishop_attacks(enemy_king_, occupied);
  check_squares_[ROOK] = rook_attacks(enemy_king_, occupied);
  check_squares_[QUEEN] = check_squares_[BISHOP] | check_squares_[ROOK];
  check_squares_[KING] = 0;
  any_check_square_ = check_squares_[PAWN] | check_squares_[KNIGHT] | check_squares_[QUEEN];

  // Our sliders on a line with the enemy king, behind exactly one piece of ours.
  Bitboard snipers = (rook_rays(enemy_king_) & (parent.pieces(us, ROOK) | parent.pieces(us, QUEEN))) |
                     (bishop_rays(enemy_king_) & (parent.pieces(us, BISHOP) | parent.pieces(us, QUEEN)));
  while (snipers) {
    const Bitboard blockers = between_bb(enemy_king_, pop_lsb(snipers)) & occupied;
    if (blockers && !more_than_one(blockers) && (blockers & parent.pieces(us))) discoverers_ |= blockers;
  }

  // Enemy pieces that cannot be pinned after our move, with a step to take.
  // Two are enough: a capture removes at most one.
  const Bitboard theirs = parent.pieces(them);
  Bitboard candidates = theirs & ~parent.pieces(PAWN) & ~parent.pieces(KING);
  while (candidates && !more_than_one(mobile_)) {
    const Square s = pop_lsb(candidates);
    if (!cannot_be_pinned(enemy_king_, s, theirs)) continue;
    Bitboard steps = knight_attacks(s);
    if (const PieceType pt = type_of(parent.piece_on(s)); pt != KNIGHT) {
      steps = king_attacks(s);
      if (pt == BISHOP) steps &= bishop_rays(s);
      if (pt == ROOK) steps &= rook_rays(s);
    }
    if (steps & ~theirs) mobile_ |= square_bb(s);
  }
  // With two mobile pieces no capture removes both; with one, only its
  // capture needs a look; with none, every move does.
  const Bitboard mobile_at_risk = more_than_one(mobile_) ? 0 : mobile_ ? mobile_ : ~Bitboard(0);
  look_closer_ = any_check_square_ | mobile_at_risk;
}

// A move the quick test says yes to lands on no check square of its mover,
// leaves no line to the enemy king (or stays on it), and captures no mobile
// piece that is the enemy's only one. A child's value from the parent's side
// is the parent's evaluation plus what the move captures
// (accepted_child_evaluation, negated): a capture of a piece worth more than
// `bound` allows ends the answer, as does a parent whose quiet moves are
// already worth more.
bool LeafShortcut::children_at_most(const Position& parent, Score bound, std::uint64_t& count,
                                    Score& best) const {
  const Score room = bound - parent_evaluation_;
  if (room < 0 || !mobile_) return false;
  const Color them = ~parent.side_to_move();
  Bitboard avoid = more_than_one(mobile_) ? 0 : mobile_;
  for (const PieceType victim : {PAWN, KNIGHT, BISHOP, ROOK, QUEEN})
    if (PIECE_VALUE[victim] > room) avoid |= parent.pieces(them, victim);
  // A direct check is set aside and needs its answer found; a discovered
  // one (a move off its line from a discoverer's square) is avoided.
  AvoidedMoves avoided{{}, discoverers_, enemy_king_};
  for (int mover = 0; mover < PIECE_TYPE_NB; ++mover) {
    avoided.destinations[mover] = avoid;
    avoided.set_aside[mover] = check_squares_[mover];
  }
  int moves = 0;
  Bitboard captured = 0;
  SetAsideMoves checks;
  if (!count_moves_avoiding(parent, avoided, moves, captured, checks) || moves == 0) return false;
  for (int i = 0; i < checks.count; ++i) {
    const auto [mover, from, to] = checks.moves[i];
    if (!check_has_answer(parent, from, to, mover, (parent.occupied() ^ square_bb(from)) | square_bb(to)))
      return false;
  }
  Score gain = 0;
  for (const PieceType victim : {QUEEN, ROOK, BISHOP, KNIGHT, PAWN})
    if (captured & parent.pieces(victim)) {
      gain = PIECE_VALUE[victim];
      break;
    }
  count = std::uint64_t(moves);
  best = parent_evaluation_ + gain;
  return true;
}

}  // namespace prunebench
