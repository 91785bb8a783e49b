// The engine's vocabulary: colors, pieces, squares, moves and scores.
//
// Everything else in engine/ speaks in these types. Squares are numbered
// a1 = 0, b1 = 1, ..., h8 = 63 (little-endian rank-file mapping), so bit i of a
// bitboard is square i. `*_NB` constants size arrays.
#pragma once

#include <cstdint>
#include <string>

namespace prunebench {

using Bitboard = std::uint64_t;
using Key = std::uint64_t;
using Score = std::int32_t;

enum Color : int { WHITE, BLACK, COLOR_NB };

constexpr Color operator~(Color c) { return Color(c ^ 1); }

enum PieceType : int { PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING, PIECE_TYPE_NB, NO_PIECE_TYPE = PIECE_TYPE_NB };

// A piece is color * 8 + type, so the type and color are one mask or shift away
// and NO_PIECE (15) never collides with a real piece.
enum Piece : int {
  W_PAWN = 0, W_KNIGHT, W_BISHOP, W_ROOK, W_QUEEN, W_KING,
  B_PAWN = 8, B_KNIGHT, B_BISHOP, B_ROOK, B_QUEEN, B_KING,
  NO_PIECE = 15, PIECE_NB = 16
};

constexpr Piece make_piece(Color c, PieceType pt) { return Piece(c * 8 + pt); }
constexpr PieceType type_of(Piece p) { return PieceType(unsigned(p) & 7); }
constexpr Color color_of(Piece p) { return Color(unsigned(p) >> 3); }

enum Square : int {
  A1, B1, C1, D1, E1, F1, G1, H1,
  A2, B2, C2, D2, E2, F2, G2, H2,
  A3, B3, C3, D3, E3, F3, G3, H3,
  A4, B4, C4, D4, E4, F4, G4, H4,
  A5, B5, C5, D5, E5, F5, G5, H5,
  A6, B6, C6, D6, E6, F6, G6, H6,
  A7, B7, C7, D7, E7, F7, G7, H7,
  A8, B8, C8, D8, E8, F8, G8, H8,
  SQUARE_NB, NO_SQUARE = SQUARE_NB
};

constexpr int file_of(Square s) { return s & 7; }
constexpr int rank_of(Square s) { return s >> 3; }
constexpr Square make_square(int file, int rank) { return Square(rank * 8 + file); }
// The same square seen from `c`'s side of the board (a1 <-> a8 for black).
constexpr Square relative_square(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr int relative_rank(Color c, Square s) { return c == WHITE ? rank_of(s) : 7 - rank_of(s); }
// The square a double push passes over, halfway between its two squares
// (halved as unsigned, a single shift: squares are never negative).
constexpr Square passed_square(Square from, Square to) { return Square((unsigned(from) + unsigned(to)) / 2); }

// Castling rights as four independent bits.
enum CastlingRight : int {
  NO_CASTLING = 0,
  WHITE_OO = 1, WHITE_OOO = 2, BLACK_OO = 4, BLACK_OOO = 8,
  ANY_CASTLING = 15, CASTLING_RIGHT_NB = 16
};

// A move in 16 bits:
//
//   bits  0-5   from square
//   bits  6-11  to square
//   bits 12-15  kind (MoveKind below)
//
// Kind bit 2 (value 4) marks a capture and bit 3 (value 8) a promotion, so
// `is_capture` and `is_promotion` are single mask tests. For promotions the
// low two bits give the piece: 0 knight, 1 bishop, 2 rook, 3 queen. Castling
// is encoded as the king's move (e1g1, e1c1, ...), as UCI writes it.
// Move 0 (a1a1, quiet) is never legal and serves as "no move".
enum MoveKind : int {
  QUIET = 0, DOUBLE_PUSH = 1, KING_CASTLE = 2, QUEEN_CASTLE = 3,
  CAPTURE = 4, EN_PASSANT = 5,
  PROMO_KNIGHT = 8, PROMO_BISHOP = 9, PROMO_ROOK = 10, PROMO_QUEEN = 11,
  PROMO_CAPTURE_KNIGHT = 12, PROMO_CAPTURE_BISHOP = 13, PROMO_CAPTURE_ROOK = 14, PROMO_CAPTURE_QUEEN = 15
};

class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = QUIET)
      : data_(std::uint16_t(from | (to << 6) | (kind << 12))) {}

  static constexpr Move none() { return Move(); }
  // The move whose raw() is `data` (the generator builds moves a field at a time).
  static constexpr Move from_raw(std::uint16_t data) {
    Move m;
    m.data_ = data;
    return m;
  }

  constexpr Square from() const { return Square(data_ & 63); }
  constexpr Square to() const { return Square((data_ >> 6) & 63); }
  constexpr MoveKind kind() const { return MoveKind(data_ >> 12); }
  constexpr bool is_capture() const { return (data_ >> 12) & CAPTURE; }
  constexpr bool is_promotion() const { return (data_ >> 12) & 8; }
  constexpr bool is_castle() const { return kind() == KING_CASTLE || kind() == QUEEN_CASTLE; }
  constexpr bool is_en_passant() const { return kind() == EN_PASSANT; }
  constexpr PieceType promotion_type() const { return PieceType(KNIGHT + ((data_ >> 12) & 3)); }
  constexpr std::uint16_t raw() const { return data_; }
  constexpr bool is_none() const { return data_ == 0; }

  constexpr bool operator==(Move other) const { return data_ == other.data_; }
  constexpr bool operator!=(Move other) const { return data_ != other.data_; }

 private:
  std::uint16_t data_ = 0;
};

// Long algebraic notation as UCI writes it: e2e4, e7e8q, e1g1 for castling.
std::string to_uci(Move m);
std::string square_name(Square s);

constexpr int MAX_MOVES = 256;  // no legal chess position has more than 218
constexpr int MAX_PLY = 128;

// Scores: MATE is the value of a checkmate for the side that delivers it.
// INFINITE_SCORE bounds every window and never occurs as a node value.
constexpr Score MATE = 1'000'000;
constexpr Score INFINITE_SCORE = 2'000'000;
// With mate-distance scoring, mates within MAX_PLY are MATE - ply; anything
// at least this large is a mate score.
constexpr Score MATE_BOUND = MATE - MAX_PLY;

}  // namespace prunebench
