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

#include <string>
#include <string_view>

#include "engine/bitboard.h"
#include "engine/types.h"

namespace prunebench {

// Material values of reference 000 (kings count zero).
constexpr Score PIECE_VALUE[PIECE_TYPE_NB] = {100, 320, 330, 500, 900, 0};

struct FenResult;

class Position {
 public:
  static constexpr std::string_view START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

  // An empty board (no kings: not a legal position). Use from_fen or start.
  Position();

  // Parses and validates `fen`. Lenient forms accepted: missing move counters
  // (taken as "0 1") and runs of spaces between fields.
  static FenResult from_fen(std::string_view fen);
  static Position start();

  std::string fen() const;

  Color side_to_move() const { return side_to_move_; }
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
  int halfmove_clock() const { return halfmove_clock_; }
  int fullmove_number() const { return fullmove_number_; }

  Key key() const { return key_; }
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
    const Color us = side_to_move_, them = ~us;
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
  // naive oracle generator).
  void play(Move m);
  Position after(Move m) const {
    Position next = *this;
    next.play(m);
    return next;
  }

  // Parses a UCI move ("e2e4", "e7e8q") among this position's legal moves;
  // returns Move::none() if it is not one.
  Move parse_uci_move(std::string_view uci) const;

  bool operator==(const Position&) const = default;

 private:
  void put_piece(Piece p, Square s);
  void remove_piece(Square s);
  void move_piece(Square from, Square to);
  void set_en_passant(Square s);
  friend struct FenParser;

  Bitboard by_type_[PIECE_TYPE_NB] = {};
  Bitboard by_color_[COLOR_NB] = {};
  std::uint8_t board_[SQUARE_NB];
  Key key_ = 0;
  Score material_[COLOR_NB] = {};
  Color side_to_move_ = WHITE;
  Square en_passant_ = NO_SQUARE;
  std::uint8_t castling_ = NO_CASTLING;
  std::uint16_t halfmove_clock_ = 0;
  std::uint16_t fullmove_number_ = 1;
};

// The outcome of parsing a FEN: a position, or a one-line message naming what
// is wrong with the input.
struct FenResult {
  Position position;
  std::string error;
  bool ok() const { return error.empty(); }
};

}  // namespace prunebench
