// A chess position: piece placement, side to move, castling rights, en-passant
// square, move counters, and the state kept incrementally alongside them (the
// Zobrist key and each side's material).
//
// Positions are small values: the search copies one per ply ("copy-make"), so
// undoing a move is simply returning to the parent's copy and can't be got
// wrong. `play` applies a legal move in place.
//
// FEN parsing is strict and returns errors as values (see FenResult).
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "engine/bitboard.h"
#include "engine/text.h"
#include "engine/types.h"
#include "engine/zobrist.h"

namespace prunebench {

// Material values of reference 000 (kings count zero).
constexpr Score PIECE_VALUE[PIECE_TYPE_NB] = {100, 320, 330, 500, 900, 0};

// A Position is this many bytes, copied in 32-byte blocks (see copy_from).
constexpr std::size_t POSITION_BYTES = 160;

class alignas(32) Position {
 public:
  static constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  // An empty board (no kings: not a legal position). Use from_fen or start.
  Position();
  Position(const Position& other) noexcept { copy_from(other); }
  Position& operator=(const Position& other) noexcept {
    copy_from(other);
    return *this;
  }

  // Parses and validates `fen`. Lenient forms accepted: missing move counters
  // (taken as "0 1") and runs of spaces between fields.
  static Parsed<Position> from_fen(std::string_view fen);
  static Position start();

  std::string fen() const;

  Color side_to_move() const { return Color(game_ply_ & 1); }
  Piece piece_on(Square s) const { return Piece(board_[s]); }
  Bitboard pieces(Color c) const { return by_color_[c]; }
  Bitboard pieces(PieceType pt) const { return by_type_[pt]; }
  Bitboard pieces(Color c, PieceType pt) const { return by_color_[c] & by_type_[pt]; }
  Bitboard occupied() const { return by_color_[WHITE] | by_color_[BLACK]; }
  Square king_square(Color c) const { return lsb(pieces(c, KING)); }
  int castling_rights() const { return castling_; }
  // The square behind a pawn that just made a double push, or NO_SQUARE (as
  // FEN writes it). The key includes it only when an enemy pawn stands ready
  // to capture there, so transpositions that differ only in a useless
  // en-passant square share a key.
  Square en_passant_square() const { return en_passant_; }
  int halfmove_clock() const { return int(halfmove_clock_); }
  int fullmove_number() const { return int(game_ply_ >> 1); }

  Key key() const { return key_; }
  // The key after `m` as a quiet move or a plain capture changes it: exact
  // for most moves, a guess for castling, promotions, en passant and lost
  // castling rights. For asking the cache ahead (a table prefetch), never
  // for looking anything up.
  Key key_hint(Move m) const {
    const Piece p = piece_on(m.from());
    Key key = key_ ^ ZOBRIST.black_to_move ^ ZOBRIST.piece_square[p][m.from()] ^ ZOBRIST.piece_square[p][m.to()];
    if (m.kind() == CAPTURE) key ^= ZOBRIST.piece_square[piece_on(m.to())][m.to()];
    if (en_passant_keyed_) key ^= ZOBRIST.en_passant_file[file_of(en_passant_)];
    return key;
  }
  // The Zobrist key recomputed from scratch; equals key() unless a bug crept in.
  Key compute_key() const;
  // Sum of PIECE_VALUE over `c`'s pieces, kept incrementally.
  Score material(Color c) const { return material_[c]; }

  // Squares of `by`'s pieces that attack `s`, with `occupancy` as the blockers.
  Bitboard attackers_to(Square s, Color by, Bitboard occupancy) const {
    const Bitboard rooks_queens = by_type_[ROOK] | by_type_[QUEEN];
    const Bitboard bishops_queens = by_type_[BISHOP] | by_type_[QUEEN];
    return by_color_[by] & ((pawn_attacks(~by, s) & by_type_[PAWN]) | (knight_attacks(s) & by_type_[KNIGHT]) |
                            (king_attacks(s) & by_type_[KING]) | (rook_attacks(s, occupancy) & rooks_queens) |
                            (bishop_attacks(s, occupancy) & bishops_queens));
  }
  bool is_attacked(Square s, Color by) const { return attackers_to(s, by, occupied()) != 0; }
  // Pieces giving check. Sliders are found from the small ray tables plus a
  // "nothing between" test, which is cheaper than a slider lookup: this runs
  // at every leaf of a search.
  Bitboard checkers() const {
    const Color us = side_to_move(), them = ~us;
    const Square king = king_square(us);
    Bitboard found = by_color_[them] & ((pawn_attacks(us, king) & by_type_[PAWN]) |
                                        (knight_attacks(king) & by_type_[KNIGHT]));
    Bitboard sliders = by_color_[them] & (((by_type_[ROOK] | by_type_[QUEEN]) & rook_rays(king)) |
                                          ((by_type_[BISHOP] | by_type_[QUEEN]) & bishop_rays(king)));
    const Bitboard occupancy = occupied();
    while (sliders) {
      const Square s = pop_lsb(sliders);
      if (!(between_bb(king, s) & occupancy)) found |= square_bb(s);
    }
    return found;
  }
  bool in_check() const { return checkers() != 0; }

  // Applies `m`, which must be legal here (or at least pseudo-legal, for the
  // naive oracle generator). Quiet moves, double pushes and plain captures,
  // most of what a search plays, are handled inline; the rest in play_special.
  void play(Move m) {
    if (en_passant_ != NO_SQUARE) clear_en_passant();
    make(m);
  }
  Position after(Move m) const {
    Position next = *this;
    next.play(m);
    return next;
  }
  // play() in two parts, for making every child of one position (perft's
  // leaves): children_base() does once what is the same for every move (the
  // en-passant square cleared, the halfmove clock advanced, the turn passed),
  // and complete_move(m) on a copy of that base gives exactly after(m).
  Position children_base() const {
    Position base = *this;
    base.begin_move();
    return base;
  }
  void complete_move(Move m);
  // What complete_move makes of a copy of this base for an ordinary move (a
  // quiet move, double push or plain capture, as `kind` says) of the piece
  // `p`: how the generator makes every child as it finds the move, with the
  // mover known rather than read off the board.
  Position child_after(Piece p, Square from, Square to, MoveKind kind) const;
  // The null move (a pass): what children_base() does, played in place. The
  // side to move flips, the en-passant square is cleared, the halfmove clock
  // advances; castling rights and pieces stay.
  void play_null() { begin_move(); }

  bool operator==(const Position&) const = default;

 private:
  // Copy-make copies a Position per node, and g++ turns any plain copy of
  // more than 128 bytes into a call to memcpy. Five 32-byte vector moves
  // (pairs of 16-byte ones without AVX) keep the copy inline.
  void copy_from(const Position& other) {
    using Block = long long __attribute__((vector_size(32), __may_alias__));
    static_assert(sizeof(Position) == 5 * sizeof(Block));
    const Block* from = reinterpret_cast<const Block*>(&other);
    Block* to = reinterpret_cast<Block*>(this);
    const Block b0 = from[0], b1 = from[1], b2 = from[2], b3 = from[3], b4 = from[4];
    to[0] = b0, to[1] = b1, to[2] = b2, to[3] = b3, to[4] = b4;
  }
  void set_square(Square s, Piece p) { board_[s] = std::uint8_t(p); }
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Piece p, Square from, Square to);
  void set_en_passant(Square s);
  void clear_en_passant();
  void take_piece(Piece p, Square s);
  void begin_move();
  // The move-specific part of play(m), which clears the en-passant square
  // itself; the clock and the turn are updated here, where g++ schedules
  // them best.
  void make(Move m);
  void play_quiet(Square from, Square to);
  void play_capture(Square from, Square to);
  // En passant, castling and promotions. `Begun`: whether begin_move() has
  // run (complete_move) or not (play).
  template <bool Begun>
  void play_special(Move m);
  // Whether the side to move could capture en passant: only then does the
  // en-passant square belong in the key. Worked out when the square is set
  // (en_passant_keyed_ remembers it) and by compute_key.
  bool en_passant_capturable() const {
    return en_passant_ != NO_SQUARE && en_passant_capturable_at(en_passant_);
  }
  bool en_passant_capturable_at(Square s) const {
    return pawn_attacks(~side_to_move(), s) & pieces(side_to_move(), PAWN);
  }
  void lose_castling_rights(Square from, Square to);
  void pass_turn();
  friend struct FenParser;

  // No default member initializers: the copy constructor would store them
  // only for copy_from to overwrite them. Position() sets every member.
  Bitboard by_type_[PIECE_TYPE_NB];
  Bitboard by_color_[COLOR_NB];
  Key key_;
  // The mailbox: the piece on each square, NO_PIECE when empty.
  std::uint8_t board_[SQUARE_NB];
  Score material_[COLOR_NB];
  // 2 × the fullmove number, plus 1 when black is to move: passing the turn
  // is one increment. (32 bits, like the halfmove clock: FEN counters of up
  // to six digits are kept whole.)
  std::uint32_t game_ply_;
  std::uint32_t halfmove_clock_;
  Square en_passant_;
  std::uint8_t castling_;
  bool en_passant_keyed_;  // en_passant_capturable() when the square was set
};

static_assert(sizeof(Position) == POSITION_BYTES);

// --- Making moves: the inline part (the search plays a move per node). ---

// CASTLING_KEPT[sq]: the rights that survive a move from or to `sq`. Moving
// the king loses both of its side's rights; moving or capturing a rook on its
// home corner loses that one.
constexpr std::array<std::uint8_t, SQUARE_NB> CASTLING_KEPT = [] {
  std::array<std::uint8_t, SQUARE_NB> kept{};
  for (auto& k : kept) k = ANY_CASTLING;
  kept[E1] = ANY_CASTLING & ~(WHITE_OO | WHITE_OOO);
  kept[H1] = ANY_CASTLING & ~WHITE_OO;
  kept[A1] = ANY_CASTLING & ~WHITE_OOO;
  kept[E8] = ANY_CASTLING & ~(BLACK_OO | BLACK_OOO);
  kept[H8] = ANY_CASTLING & ~BLACK_OO;
  kept[A8] = ANY_CASTLING & ~BLACK_OOO;
  return kept;
}();
// The squares CASTLING_KEPT names: most moves touch none of them.
constexpr Bitboard CASTLING_HOME_SQUARES =
    1ULL << A1 | 1ULL << E1 | 1ULL << H1 | 1ULL << A8 | 1ULL << E8 | 1ULL << H8;

// The part of a move that does not depend on which move it is (for
// children_base). The clock is advanced here and zeroed by the moves that
// reset it (pawn moves, captures).
inline void Position::begin_move() {
  if (en_passant_ != NO_SQUARE) clear_en_passant();
  ++halfmove_clock_;
  pass_turn();
}

inline void Position::make(Move m) {
  const MoveKind kind = m.kind();
  const Square from = m.from(), to = m.to();
  if (kind <= DOUBLE_PUSH) {
    play_quiet(from, to);
    if (kind == DOUBLE_PUSH) set_en_passant(passed_square(from, to));
  } else if (kind == CAPTURE) {
    play_capture(from, to);
  } else {
    play_special<false>(m);
  }
}

inline void Position::play_quiet(Square from, Square to) {
  const Piece p = piece_on(from);
  move_piece(p, from, to);
  halfmove_clock_ = type_of(p) == PAWN ? 0 : halfmove_clock_ + 1;
  lose_castling_rights(from, to);
  pass_turn();
}

// A capture that is not en passant nor a promotion.
inline void Position::play_capture(Square from, Square to) {
  take_piece(piece_on(to), to);
  halfmove_clock_ = 0;
  move_piece(piece_on(from), from, to);
  lose_castling_rights(from, to);
  pass_turn();
}

inline void Position::complete_move(Move m) {
  const MoveKind kind = m.kind();
  if (kind <= DOUBLE_PUSH || kind == CAPTURE)
    *this = child_after(piece_on(m.from()), m.from(), m.to(), kind);
  else
    play_special<true>(m);
}

// The child is the base copied whole, then each field the move changes
// written once, computed from the base's value: never read back from the
// child, where the block copy has only just been stored (a load of part of a
// wide store waits for it). With `p` a constant where this is inlined, what
// does not apply to its type drops out. Only a king or rook move, or a
// capture, can lose a castling right: a right held means its king and rook
// stand on their home squares (the FEN parser demands it, and a move that
// leaves one loses the right), so no other piece moves from one of those
// squares, and none moves to one without capturing.
[[gnu::always_inline]] inline Position Position::child_after(Piece p, Square from, Square to,
                                                             MoveKind kind) const {
  Position child(*this);
  const Bitboard from_to = square_bb(from) | square_bb(to);
  Key key = key_ ^ ZOBRIST.piece_square[p][from] ^ ZOBRIST.piece_square[p][to];
  Bitboard mover_type = by_type_[type_of(p)] ^ from_to;
  if (kind == CAPTURE) {
    const Piece victim = piece_on(to);
    child.by_type_[type_of(victim)] = by_type_[type_of(victim)] ^ square_bb(to);
    if (type_of(victim) == type_of(p)) mover_type ^= square_bb(to);  // written below, over the line above
    child.by_color_[color_of(victim)] = by_color_[color_of(victim)] ^ square_bb(to);
    child.material_[color_of(victim)] = material_[color_of(victim)] - PIECE_VALUE[type_of(victim)];
    key ^= ZOBRIST.piece_square[victim][to];
  }
  child.by_type_[type_of(p)] = mover_type;
  child.by_color_[color_of(p)] = by_color_[color_of(p)] ^ from_to;
  child.board_[from] = NO_PIECE;
  child.board_[to] = std::uint8_t(p);
  if (kind == CAPTURE || type_of(p) == PAWN) child.halfmove_clock_ = 0;
  if (kind == CAPTURE || type_of(p) == KING || type_of(p) == ROOK) {
    if ((from_to & CASTLING_HOME_SQUARES) && castling_) {
      const int kept = castling_ & CASTLING_KEPT[from] & CASTLING_KEPT[to];
      key ^= ZOBRIST.castling[castling_] ^ ZOBRIST.castling[kept];
      child.castling_ = std::uint8_t(kept);
    }
  }
  if (kind == DOUBLE_PUSH) {
    const Square passed = passed_square(from, to);
    child.en_passant_ = passed;
    child.en_passant_keyed_ = en_passant_capturable_at(passed);  // the pawns that could take are unmoved
    if (child.en_passant_keyed_) key ^= ZOBRIST.en_passant_file[file_of(passed)];
  }
  child.key_ = key;
  return child;
}

// Takes `p` off `s` everywhere but the mailbox, which the capturing piece
// overwrites (remove_piece empties the square as well).
inline void Position::take_piece(Piece p, Square s) {
  by_type_[type_of(p)] ^= square_bb(s);
  by_color_[color_of(p)] ^= square_bb(s);
  key_ ^= ZOBRIST.piece_square[p][s];
  material_[color_of(p)] -= PIECE_VALUE[type_of(p)];
}

// Moves `p` from `from` to `to`. A victim on `to` must have been taken off the
// bitboards first (take_piece); the mailbox square is simply overwritten.
inline void Position::move_piece(Piece p, Square from, Square to) {
  const Bitboard from_to = square_bb(from) | square_bb(to);
  by_type_[type_of(p)] ^= from_to;
  by_color_[color_of(p)] ^= from_to;
  set_square(from, NO_PIECE);
  set_square(to, p);
  key_ ^= ZOBRIST.piece_square[p][from] ^ ZOBRIST.piece_square[p][to];
}

// Most moves touch no king or rook home square: no right to lose. (That test
// comes first: it reuses the move's from-to bitboard.)
inline void Position::lose_castling_rights(Square from, Square to) {
  if (!((square_bb(from) | square_bb(to)) & CASTLING_HOME_SQUARES) || !castling_) return;
  if (const int kept = CASTLING_KEPT[from] & CASTLING_KEPT[to]; castling_ & ~kept) {
    key_ ^= ZOBRIST.castling[castling_] ^ ZOBRIST.castling[castling_ & kept];
    castling_ &= std::uint8_t(kept);
  }
}

inline void Position::pass_turn() {
  ++game_ply_;  // the side to move flips; after black's move, the fullmove number grows
  key_ ^= ZOBRIST.black_to_move;
}

// Clears the en-passant square while the side that could have used it is
// still to move (begin_move clears it before passing the turn).
inline void Position::clear_en_passant() {
  if (en_passant_keyed_) key_ ^= ZOBRIST.en_passant_file[file_of(en_passant_)];
  en_passant_ = NO_SQUARE;
  en_passant_keyed_ = false;
}

// Sets the en-passant square (none is set) for the side now to move.
inline void Position::set_en_passant(Square s) {
  en_passant_ = s;
  en_passant_keyed_ = en_passant_capturable();
  if (en_passant_keyed_) key_ ^= ZOBRIST.en_passant_file[file_of(en_passant_)];
}

// The outcome of parsing a FEN: the position in `value`, or a one-line message
// naming what is wrong with the input.
using FenResult = Parsed<Position>;

}  // namespace prunebench
