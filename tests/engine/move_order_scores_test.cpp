// The canonical order's encoding: canonical_score must order moves exactly as
// their UCI strings compare, byte by byte, or the counts of docs/portable-counts.md
// would not be reproducible from the words "sorted by UCI string".
#include "engine/move_order_scores.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/movegen.h"

namespace prunebench {
namespace {

Position from_fen(const std::string& fen) {
  const FenResult parsed = Position::from_fen(fen);
  EXPECT_TRUE(parsed.ok()) << fen << ": " << parsed.error;
  return parsed.value;
}

// The moves sorted by canonical_score, larger first, as UCI strings.
std::vector<std::string> by_score(std::vector<Move> moves) {
  std::stable_sort(moves.begin(), moves.end(),
                   [](Move a, Move b) { return canonical_score(a) > canonical_score(b); });
  std::vector<std::string> names;
  for (Move m : moves) names.push_back(to_uci(m));
  return names;
}

// The same moves sorted as strings: the definition.
std::vector<std::string> by_string(const std::vector<Move>& moves) {
  std::vector<std::string> names;
  for (Move m : moves) names.push_back(to_uci(m));
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<Move> legal_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return {list.begin(), list.end()};
}

// Every from/to pair, plain and with each promotion: the whole range of the
// encoding, not only the moves some position happens to have.
TEST(CanonicalScore, OrdersEveryEncodableMoveAsItsUciString) {
  std::vector<Move> moves;
  for (int from = 0; from < SQUARE_NB; ++from)
    for (int to = 0; to < SQUARE_NB; ++to)
      for (MoveKind kind : {QUIET, PROMO_KNIGHT, PROMO_BISHOP, PROMO_ROOK, PROMO_QUEEN})
        if (from != to) moves.push_back(Move(Square(from), Square(to), kind));
  EXPECT_EQ(by_score(moves), by_string(moves));
  for (Move m : moves) {
    EXPECT_LT(canonical_score(m), 0) << to_uci(m);
    EXPECT_GE(canonical_rank(m), 0);
    EXPECT_LT(canonical_rank(m), CANONICAL_RANK_NB);
  }
}

TEST(CanonicalScore, FileBeforeRankBeforeTarget) {
  // "a2a3" < "a2a4" < "b1a3": the from file decides before the from rank.
  const std::vector<Move> moves = {Move(B1, A3), Move(A2, A4, DOUBLE_PUSH), Move(A2, A3)};
  EXPECT_EQ(by_score(moves), (std::vector<std::string>{"a2a3", "a2a4", "b1a3"}));
  // "h1h2" > "a8a7": a square's number (h1 = 7 < a8 = 56) is not its string.
  EXPECT_GT(canonical_score(Move(A8, A7)), canonical_score(Move(H1, H2)));
}

TEST(CanonicalScore, CaptureKindsDoNotMatter) {
  // Only the string counts: a capture, en passant or a quiet move between
  // the same squares have the same place.
  EXPECT_EQ(canonical_score(Move(E5, D6, EN_PASSANT)), canonical_score(Move(E5, D6, CAPTURE)));
  EXPECT_EQ(canonical_score(Move(E5, D6, CAPTURE)), canonical_score(Move(E5, D6)));
  EXPECT_EQ(canonical_score(Move(B7, A8, PROMO_CAPTURE_ROOK)), canonical_score(Move(B7, A8, PROMO_ROOK)));
}

TEST(CanonicalScore, CastlingIsTheKingsMove) {
  const Position pos = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const std::vector<std::string> names = by_score(legal_moves(pos));
  EXPECT_EQ(names, by_string(legal_moves(pos)));
  // e1c1 (O-O-O) < e1d1 < e1d2 < e1e2 < e1f1 < e1f2 < e1g1 (O-O).
  std::vector<std::string> king_moves;
  for (const std::string& name : names)
    if (name.starts_with("e1")) king_moves.push_back(name);
  EXPECT_EQ(king_moves, (std::vector<std::string>{"e1c1", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1g1"}));
}

TEST(CanonicalScore, PromotionsByTheirLetter) {
  // A pawn on b7 can push to b8 or take on a8 or c8, each four ways.
  const Position pos = from_fen("n1n5/1P6/8/8/8/8/8/k6K w - - 0 1");
  std::vector<std::string> promotions;
  for (const std::string& name : by_score(legal_moves(pos)))
    if (name.starts_with("b7")) promotions.push_back(name);
  EXPECT_EQ(promotions, (std::vector<std::string>{"b7a8b", "b7a8n", "b7a8q", "b7a8r", "b7b8b", "b7b8n", "b7b8q",
                                                  "b7b8r", "b7c8b", "b7c8n", "b7c8q", "b7c8r"}));
  EXPECT_EQ(by_score(legal_moves(pos)), by_string(legal_moves(pos)));
}

TEST(CanonicalScore, EnPassantByItsSquares) {
  // White's e5 pawn takes d6 en passant; it sorts as "e5d6", before the push "e5e6".
  const Position pos = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  const std::vector<std::string> names = by_score(legal_moves(pos));
  EXPECT_EQ(names, by_string(legal_moves(pos)));
  const auto ep = std::find(names.begin(), names.end(), "e5d6");
  ASSERT_NE(ep, names.end());
  EXPECT_EQ(*(ep + 1), "e5e6");
}

TEST(CanonicalScore, MatchesStringsOnThePerftPositions) {
  for (const char* fen : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
                          "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
                          "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"}) {
    const Position pos = from_fen(fen);
    EXPECT_EQ(by_score(legal_moves(pos)), by_string(legal_moves(pos))) << fen;
  }
}

// The list scorer the search orders by must agree with the one-move
// definition on every kind of move: captures of each piece, en passant,
// promotions with and without capture, castling, quiet moves.
const char* const SCORED_FENS[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"};

MoveList generated(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return list;
}

TEST(MvvLvaScores, EqualOneMoveScoresOnThePerftPositions) {
  for (const char* fen : SCORED_FENS) {
    const Position pos = from_fen(fen);
    const MoveList list = generated(pos);
    std::vector<std::int64_t> scores(list.size());
    mvv_lva_scores(pos, list.begin(), list.size(), scores.data());
    for (std::size_t i = 0; i < list.size(); ++i)
      EXPECT_EQ(scores[i], mvv_lva_score(pos, list[i])) << fen << " " << to_uci(list[i]);
  }
}

// The captures and their scores, listed apart, are exactly the moves the
// one-move definition scores other than zero (and all of them above zero).
TEST(MvvLvaScores, CapturesListedApartAreTheNonZeroScores) {
  for (const char* fen : SCORED_FENS) {
    const Position pos = from_fen(fen);
    const MoveList list = generated(pos);
    std::vector<std::int64_t> scores(list.size());
    std::vector<std::uint16_t> indices(list.size());
    const std::size_t n =
        mvv_lva_listed_scores(pos, list.begin(), list.size(), std::array<Move, 0>{}, scores.data(), indices.data());
    std::size_t k = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (mvv_lva_score(pos, list[i]) == 0) continue;
      ASSERT_LT(k, n) << fen;
      EXPECT_EQ(indices[k], i) << fen;
      EXPECT_EQ(scores[k], mvv_lva_score(pos, list[i])) << fen;
      EXPECT_GT(scores[k], 0) << fen;
      ++k;
    }
    EXPECT_EQ(k, n) << fen;
  }
}

// Moves asked for by name (a hash move, killers) are listed beside the
// captures, in list order, scored 0 when quiet; a null move names none.
TEST(MvvLvaScores, NamedMovesAreListedInListOrder) {
  for (const char* fen : SCORED_FENS) {
    const Position pos = from_fen(fen);
    const MoveList list = generated(pos);
    const std::array<Move, 4> also{list[list.size() - 1], Move(), list[0], list[list.size() / 2]};
    std::vector<std::int64_t> scores(list.size());
    std::vector<std::uint16_t> indices(list.size());
    const std::size_t n = mvv_lva_listed_scores(pos, list.begin(), list.size(), also, scores.data(), indices.data());
    std::size_t k = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
      if (!list[i].is_capture() && std::find(also.begin(), also.end(), list[i]) == also.end()) continue;
      ASSERT_LT(k, n) << fen;
      EXPECT_EQ(indices[k], i) << fen;
      EXPECT_EQ(scores[k], mvv_lva_score(pos, list[i])) << fen;
      ++k;
    }
    EXPECT_EQ(k, n) << fen;
    EXPECT_GE(n, 2u) << fen;  // the first and last moves at least
  }
}

// The vector listing equals the plain one for every length from 0 to past
// a block of sixteen, whatever lies in the list's storage beyond its end
// (captures here, which must not be listed), with and without named moves.
TEST(ListedMoves, EqualTheOneByOneListing) {
  const Position pos = from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  const MoveList generated_list = generated(pos);
  ASSERT_GT(generated_list.size(), 40u);
  for (std::size_t n = 0; n <= generated_list.size(); ++n) {
    MoveList list;
    for (int i = 0; i < MAX_MOVES; ++i) list.push_back(Move(A1, B2, CAPTURE));
    list.clear();
    for (std::size_t i = 0; i < n; ++i) list.push_back(generated_list[i]);
    const std::array<Move, 4> named{generated_list[3], Move(), generated_list[n / 2], generated_list[17]};
    std::array<std::uint16_t, MAX_MOVES> fast{}, plain{};
    EXPECT_EQ(listed_moves(list.begin(), n, named, fast.data()),
              listed_moves_one_by_one(list.begin(), n, named, plain.data()))
        << n;
    const std::size_t count = listed_moves_one_by_one(list.begin(), n, named, plain.data());
    EXPECT_TRUE(std::equal(fast.begin(), fast.begin() + std::ptrdiff_t(count), plain.begin())) << n;
    const std::size_t captures = listed_moves(list.begin(), n, std::array<Move, 0>{}, fast.data());
    EXPECT_EQ(captures, listed_moves_one_by_one(list.begin(), n, std::array<Move, 0>{}, plain.data())) << n;
    EXPECT_TRUE(std::equal(fast.begin(), fast.begin() + std::ptrdiff_t(captures), plain.begin())) << n;
  }
}

}  // namespace
}  // namespace prunebench
