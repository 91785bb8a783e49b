// The fast generator against the naive oracle, at every node of perft(3)
// for every suite position; the children it makes (make-every-leaf) against
// the moves played; and the incremental state (key, material) against a
// recomputation at each of those nodes.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "engine/move_sinks.h"
#include "engine/movegen.h"
#include "engine/uci_move.h"
#include "engine/perft.h"
#include "engine/search/splitmix.h"
#include "tests/engine/perft_suite.h"

namespace prunebench {
namespace {

std::vector<std::uint16_t> sorted_raw(const MoveList& list) {
  std::vector<std::uint16_t> raw;
  for (Move m : list) raw.push_back(m.raw());
  std::sort(raw.begin(), raw.end());
  return raw;
}

Score material_from_scratch(const Position& pos, Color c) {
  Score total = 0;
  for (int pt = PAWN; pt < PIECE_TYPE_NB; ++pt) total += PIECE_VALUE[pt] * popcount(pos.pieces(c, PieceType(pt)));
  return total;
}

// The children the generator makes as it finds their moves are the played
// moves' children, each exactly once.
void expect_children_equal_played_moves(const Position& pos, const MoveList& moves) {
  std::vector<Position> made, played;
  collect_children(pos, made);
  for (Move m : moves) played.push_back(pos.after(m));
  const auto by_key = [](const Position& a, const Position& b) { return a.key() < b.key(); };
  std::sort(made.begin(), made.end(), by_key);
  std::sort(played.begin(), played.end(), by_key);
  EXPECT_TRUE(made == played) << pos.fen() << ": " << made.size() << " children made, " << played.size()
                              << " moves played";
  EXPECT_EQ(std::size_t(play_every_legal_move(pos)), moves.size()) << pos.fen();
}

// Walks the tree to `depth`, checking every node; returns nodes visited.
std::uint64_t check_every_node(const Position& pos, int depth, const std::string& root) {
  MoveList fast, naive;
  generate_legal(pos, fast);
  generate_legal_naive(pos, naive);
  EXPECT_EQ(sorted_raw(fast), sorted_raw(naive)) << root << " at " << pos.fen();
  EXPECT_EQ(std::size_t(count_legal(pos)), fast.size()) << pos.fen();
  EXPECT_EQ(has_legal_move(pos), !fast.empty()) << pos.fen();
  expect_children_equal_played_moves(pos, fast);
  EXPECT_EQ(pos.key(), pos.compute_key()) << pos.fen();
  EXPECT_EQ(pos.material(WHITE), material_from_scratch(pos, WHITE)) << pos.fen();
  EXPECT_EQ(pos.material(BLACK), material_from_scratch(pos, BLACK)) << pos.fen();
  const FenResult reparsed = Position::from_fen(pos.fen());
  EXPECT_TRUE(reparsed.ok() && reparsed.value == pos) << pos.fen() << " " << reparsed.error;
  if (depth == 0 || ::testing::Test::HasFailure()) return 1;
  std::uint64_t nodes = 1;
  for (Move m : fast) nodes += check_every_node(pos.after(m), depth - 1, root);
  return nodes;
}

TEST(Movegen, FastEqualsNaiveOracleAtEveryNodeOfPerft3) {
  std::uint64_t nodes = 0;
  for (const auto& c : testing::load_perft_suite()) {
    const FenResult parsed = Position::from_fen(c.fen);
    ASSERT_TRUE(parsed.ok()) << parsed.error;
    nodes += check_every_node(parsed.value, 3, c.fen);
    if (HasFailure()) return;
  }
  EXPECT_GT(nodes, 100'000u);
}

// The list sink writes pawn moves a rank at a time where the CPU allows
// (SSE4.1): the same moves in the same order as one square at a time, for
// targets on one rank, on several, on every square, and none, either side's
// offsets, appended after moves already in the list.
TEST(MoveListSink, PawnMovesByRankEqualOneByOne) {
  std::vector<Bitboard> targets{0, ~Bitboard(0), RANK_3_BB, RANK_3_BB | RANK_6_BB, Bitboard(1) << 63, Bitboard(1)};
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    const std::uint64_t r = splitmix64(seed);
    targets.push_back(r & splitmix64(r) & ((r & 1) ? rank_bb(3) | rank_bb(4) : ~Bitboard(0)));
  }
  for (const Bitboard t : targets)
    for (const int offset : {8, 16, 7, 9, -8, -16, -7, -9})
      for (const MoveKind kind : {QUIET, DOUBLE_PUSH, CAPTURE}) {
        MoveList one_by_one, at_once;
        for (MoveList* list : {&one_by_one, &at_once}) list->push_back(Move(A1, B1, QUIET));
        movegen_sinks::MoveListSink{one_by_one}.add_pawn_moves_one_by_one(t, offset, kind);
        movegen_sinks::MoveListSink{at_once}.add_pawn_moves(t, offset, kind);
        EXPECT_EQ(std::vector<Move>(at_once.begin(), at_once.end()),
                  std::vector<Move>(one_by_one.begin(), one_by_one.end()))
            << t << " " << offset << " " << kind;
        EXPECT_EQ(one_by_one.size(), 1u + std::size_t(popcount(t)));
      }
}

TEST(Movegen, NaivePerftMatchesPublishedCounts) {
  for (const auto& c : testing::load_perft_suite()) {
    const Position pos = Position::from_fen(c.fen).value;
    for (const auto& [depth, expected] : c.counts) {
      if (depth <= 2) {
        EXPECT_EQ(perft_naive(pos, depth), expected) << c.fen;
      }
    }
  }
}

TEST(Movegen, SliderTablesMatchRayWalking) {
  std::uint64_t state = 0x1234567;
  for (int i = 0; i < 20000; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const Bitboard occupancy = state & (state >> 7) & (state << 3);
    const Square s = Square(i % 64);
    ASSERT_EQ(rook_attacks(s, occupancy), slow_slider_attacks(ROOK, s, occupancy));
    ASSERT_EQ(bishop_attacks(s, occupancy), slow_slider_attacks(BISHOP, s, occupancy));
    ASSERT_EQ(magic_rook_attacks(s, occupancy), slow_slider_attacks(ROOK, s, occupancy));
    ASSERT_EQ(pext_rook_attacks(s, occupancy), slow_slider_attacks(ROOK, s, occupancy));
  }
}

// Every blocker set on every square's rays, edges included (a stored magic
// multiplier that collided harmfully would show only for its blocker sets).
TEST(Movegen, MagicTablesMatchRayWalkingForEveryBlockerSet) {
  for (int sq = 0; sq < SQUARE_NB; ++sq) {
    const Square s = Square(sq);
    for (const PieceType pt : {BISHOP, ROOK}) {
      const Bitboard rays = slow_slider_attacks(pt, s, 0);
      Bitboard blockers = 0;
      do {
        const Bitboard magic = pt == ROOK ? magic_rook_attacks(s, blockers) : magic_bishop_attacks(s, blockers);
        ASSERT_EQ(magic, slow_slider_attacks(pt, s, blockers)) << "square " << sq << ", blockers " << blockers;
        blockers = (blockers - rays) & rays;
      } while (blockers);
    }
  }
}

struct SpecialCase {
  const char* name;
  const char* fen;
  const char* move;
  bool legal;
};

// Positions that single out one rule each, with the move that tests it.
const SpecialCase SPECIAL_CASES[] = {
    // b5xc6 en passant would remove both pawns from the fifth rank and expose
    // the king on a5 to the rook on h5; the push b5-b6 stays legal.
    {"en passant rank pin", "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1", "b5c6", false},
    {"pawn beside a rank pin may push", "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1", "b5b6", true},
    // c4xd3 en passant removes the pawn that gives check.
    {"en passant evades check", "8/8/8/4k3/2pP4/8/8/4K3 b - d3 0 1", "c4d3", true},
    // The king may not castle through f1, attacked by the bishop on c4.
    {"castling through an attacked square", "4k3/8/8/8/2b5/8/8/4K2R w K - 0 1", "e1g1", false},
    {"castling when the path is safe", "4k3/8/8/8/b7/8/8/4K2R w K - 0 1", "e1g1", true},
    // En passant by a pinned pawn along the pin diagonal is legal.
    {"pinned pawn captures en passant along the pin", "8/8/8/1k6/2pP4/8/8/5B1K b - d3 0 1", "c4d3", true},
    {"underpromotion with capture", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8n", true},
};

TEST(Movegen, SpecialRules) {
  for (const SpecialCase& c : SPECIAL_CASES) {
    const FenResult parsed = Position::from_fen(c.fen);
    ASSERT_TRUE(parsed.ok()) << c.name << ": " << parsed.error;
    MoveList fast, naive;
    generate_legal(parsed.value, fast);
    generate_legal_naive(parsed.value, naive);
    EXPECT_EQ(sorted_raw(fast), sorted_raw(naive)) << c.name;
    EXPECT_EQ(!parse_uci_move(parsed.value, c.move).is_none(), c.legal) << c.name;
  }
}

TEST(Movegen, DoubleCheckAllowsOnlyKingMoves) {
  // Knight f3 and rook g1 both check the king on e1.
  const Position pos = Position::from_fen("4k3/8/8/8/8/5n2/8/R3K1r1 w - - 0 1").value;
  ASSERT_TRUE(more_than_one(pos.checkers()));
  MoveList moves;
  generate_legal(pos, moves);
  ASSERT_FALSE(moves.empty());
  for (Move m : moves) EXPECT_EQ(m.from(), E1) << to_uci(m);
}

TEST(Movegen, CheckmateAndStalemateHaveNoLegalMoves) {
  const Position mate = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").value;
  EXPECT_TRUE(mate.in_check());
  EXPECT_FALSE(has_legal_move(mate));
  const Position stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").value;
  EXPECT_FALSE(stalemate.in_check());
  EXPECT_FALSE(has_legal_move(stalemate));
}

}  // namespace
}  // namespace prunebench
