// docs/portable-counts.md says what any engine must do to reproduce the
// `canonical` and `mvv-lva-canonical` counts. This test is such an engine: a
// deliberately plain negamax written from the document's words, sharing
// nothing with prunebench's search but the legal move generator and the board
// (no ChessTree, no node.h, no ordering.h, no eval.h, no move_order_scores.h).
// Moves are sorted as std::string, captures found by looking at the board.
// If its node, leaf, cut-off and score figures equal the modes', the
// specification is implementable as written.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "engine/movegen.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench {
namespace {

namespace plain {

// The document's constants, written out again rather than taken from the engine.
constexpr int MATE_VALUE = 1000000;
constexpr int INFINITY_VALUE = 1 << 30;                   // any value above MATE_VALUE will do
constexpr int MATERIAL[6] = {100, 320, 330, 500, 900, 0};  // P N B R Q K
constexpr int ATTACKER[6] = {100, 320, 330, 500, 900, 0};  // the king attacks with 0

enum class Ordering { CANONICAL, MVV_LVA_CANONICAL };

struct Counts {
  std::uint64_t nodes = 0;
  std::uint64_t leaves = 0;
  std::uint64_t cutoffs = 0;
  std::uint64_t first_move_cutoffs = 0;
};

// Material of the side to move minus the opponent's.
int material_balance(const Position& pos) {
  int balance = 0;
  for (int s = 0; s < 64; ++s) {
    const Piece piece = pos.piece_on(Square(s));
    if (piece == NO_PIECE) continue;
    const int value = MATERIAL[type_of(piece)];
    balance += color_of(piece) == pos.side_to_move() ? value : -value;
  }
  return balance;
}

// 10 * victim - attacker for a capture, 0 otherwise; a pawn moving diagonally
// to an empty square captures a pawn (en passant).
int mvv_lva(const Position& pos, Move m) {
  const PieceType attacker = type_of(pos.piece_on(m.from()));
  const Piece target = pos.piece_on(m.to());
  if (target != NO_PIECE) return 10 * MATERIAL[type_of(target)] - ATTACKER[attacker];
  const bool diagonal_pawn_move = attacker == PAWN && file_of(m.from()) != file_of(m.to());
  return diagonal_pawn_move ? 10 * MATERIAL[PAWN] - ATTACKER[PAWN] : 0;
}

std::vector<Move> ordered_moves(const Position& pos, Ordering ordering) {
  MoveList list;
  generate_legal(pos, list);
  std::vector<std::pair<std::string, Move>> named;
  for (Move m : list) named.emplace_back(to_uci(m), m);
  std::sort(named.begin(), named.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<Move> moves;
  for (const auto& [name, m] : named) moves.push_back(m);
  if (ordering == Ordering::MVV_LVA_CANONICAL)
    std::stable_sort(moves.begin(), moves.end(),
                     [&](Move a, Move b) { return mvv_lva(pos, a) > mvv_lva(pos, b); });
  return moves;
}

int negamax(const Position& pos, int depth, int alpha, int beta, Ordering ordering, Counts& counts) {
  ++counts.nodes;
  const std::vector<Move> moves = ordered_moves(pos, ordering);
  if (moves.empty()) {  // terminal, tested before the depth
    ++counts.leaves;
    return pos.in_check() ? -MATE_VALUE : 0;
  }
  if (depth == 0) {
    ++counts.leaves;
    return material_balance(pos);
  }
  int best = -INFINITY_VALUE;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const int value = -negamax(pos.after(moves[i]), depth - 1, -beta, -alpha, ordering, counts);
    if (value > best) best = value;
    if (value > alpha) {
      alpha = value;
      if (alpha >= beta) {  // a cut-off, even by the last move
        ++counts.cutoffs;
        if (i == 0) ++counts.first_move_cutoffs;
        break;
      }
    }
  }
  return best;
}

}  // namespace plain

struct Figures {
  std::uint64_t nodes;
  std::uint64_t leaves;
  std::uint64_t cutoffs;
  std::uint64_t first_move_cutoffs;
  Score score;
  bool operator==(const Figures&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Figures& f) {
  return out << "nodes " << f.nodes << " leaves " << f.leaves << " cutoffs " << f.cutoffs << " first-move cutoffs "
             << f.first_move_cutoffs << " score " << f.score;
}

Figures plain_figures(const Position& pos, int depth, plain::Ordering ordering) {
  plain::Counts counts;
  const int score = plain::negamax(pos, depth, -plain::INFINITY_VALUE, plain::INFINITY_VALUE, ordering, counts);
  return {counts.nodes, counts.leaves, counts.cutoffs, counts.first_move_cutoffs, score};
}

Figures mode_figures(const Position& pos, int depth, std::string_view mode) {
  const ModeParse parse = parse_mode(mode);
  EXPECT_TRUE(parse.ok()) << parse.error;
  ChessTree tree(pos);
  SearchCounters counters;
  const auto result = search(tree, parse.value, depth, counters);
  return {counters.nodes, counters.leaves, counters.cutoffs, counters.first_move_cutoffs, result.score};
}

struct Case {
  const char* fen;
  int max_depth;
};

// The positions of docs/portable-counts.md (positions/portable-counts.epd),
// to depth 5 where that takes well under a second.
const Case CASES[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
    {"r1bq1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R1BQ1RK1 w - - 0 9", 5},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5},
    {"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", 5},
    {"rnbqkb1r/ppppp1pp/7n/4Pp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 4},
};

Position from_fen(const char* fen) {
  const FenResult parsed = Position::from_fen(fen);
  EXPECT_TRUE(parsed.ok()) << fen << ": " << parsed.error;
  return parsed.value;
}

TEST(PortableCounts, CanonicalModeIsThePlainSearchInUciOrder) {
  for (const Case& c : CASES) {
    const Position pos = from_fen(c.fen);
    for (int depth = 1; depth <= c.max_depth; ++depth)
      EXPECT_EQ(mode_figures(pos, depth, "canonical"), plain_figures(pos, depth, plain::Ordering::CANONICAL))
          << c.fen << " depth " << depth;
  }
}

TEST(PortableCounts, MvvLvaCanonicalModeIsThePlainSearchWithAStableSort) {
  for (const Case& c : CASES) {
    const Position pos = from_fen(c.fen);
    for (int depth = 1; depth <= c.max_depth; ++depth)
      EXPECT_EQ(mode_figures(pos, depth, "mvv-lva-canonical"),
                plain_figures(pos, depth, plain::Ordering::MVV_LVA_CANONICAL))
          << c.fen << " depth " << depth;
  }
}

// Depth 0 is a leaf like any other: one node, one leaf, the material balance.
TEST(PortableCounts, DepthZeroIsOneLeaf) {
  const Position pos = from_fen(CASES[2].fen);
  EXPECT_EQ(mode_figures(pos, 0, "canonical"), (Figures{1, 1, 0, 0, 0}));
  EXPECT_EQ(plain_figures(pos, 0, plain::Ordering::CANONICAL), (Figures{1, 1, 0, 0, 0}));
}

// The specification allows fail-hard: in plain alpha-beta it visits the same nodes.
TEST(PortableCounts, FailHardCountsTheSame) {
  for (const Case& c : CASES) {
    const Position pos = from_fen(c.fen);
    EXPECT_EQ(mode_figures(pos, 4, "canonical,fail=hard"), mode_figures(pos, 4, "canonical")) << c.fen;
    EXPECT_EQ(mode_figures(pos, 4, "mvv-lva-canonical,fail=hard"), mode_figures(pos, 4, "mvv-lva-canonical"))
        << c.fen;
  }
}

// The orderings differ from the generator's, or the test would prove little.
TEST(PortableCounts, CanonicalOrderIsNotTheGeneratorOrder) {
  const Position start = Position::start();
  EXPECT_NE(mode_figures(start, 4, "canonical").nodes, mode_figures(start, 4, "unordered").nodes);
  EXPECT_NE(mode_figures(start, 4, "mvv-lva-canonical").nodes, mode_figures(start, 4, "mvv-lva").nodes);
}

}  // namespace
}  // namespace prunebench
