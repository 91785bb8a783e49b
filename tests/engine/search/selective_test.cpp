// nullmove (fixed, adaptive, verified), lmr and futility (frontier and
// extended; selective.h): counts worked out on paper on
// positions small enough to follow every node, the conditions of each rule
// seen through its counters, the options' refusals, and on the suites every
// selective mode's value, best move and exact reference.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine/movegen.h"
#include "engine/search/contract.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/explicit_tree.h"
#include "engine/trees/search_instances.h"
#include "tests/engine/epd_positions.h"
#include "tests/engine/search/chess_run.h"
#include "tests/engine/search/random_trees.h"

namespace prunebench {
namespace {

using testing::lab_tree;
using testing::Outcome;
using testing::from_fen;
using testing::run;

// White Kh1, Pa2 against Black Ka8, Rb8, White to move: five moves (Kg1,
// Kg2, Kh2, a3, a4), none a capture or a check, and Black's fifteen replies
// (Ka7, Kb7, the rook's seven down the file and six along the rank) capture
// nothing either. Every line to depth 2 is worth the material, -400.
const char* QUIET_FEN = "kr6/8/8/8/8/8/P7/7K w - - 0 1";

// Depth 2, natural order. Plain alpha-beta: the root's first child searches
// its 15 replies (-400: alpha); each later child cuts on its first reply,
// 1 + 16 + 4 * 2 = 25 nodes. With nullmove=1 every child of the root (Black
// has a rook: the guard allows it) passes first, the null child a horizon
// node (depth 2 - 1 - 1 = 0) worth -400 for White. Under the first child
// beta is +infinity, so no cut: 1 + (1 + 1 + 15); under the others beta is
// 400 and 400 >= 400 cuts before any reply: 4 * (1 + 1). 26 nodes, 5 tries,
// 4 cut-offs, 1 + 15 + 4 leaves, the same value and move.
TEST(NullMove, CutsEveryChildAfterTheFirstOfAQuietPosition) {
  const Position pos = from_fen(QUIET_FEN);
  const Outcome plain = run(pos, "alphabeta", 2);
  EXPECT_EQ(plain.counters.nodes, 25u);
  const Outcome pruned = run(pos, "alphabeta+nullmove=1", 2);
  EXPECT_EQ(pruned.counters.nodes, 26u);
  EXPECT_EQ(pruned.counters.leaves, 20u);
  EXPECT_EQ(pruned.counters.null_move_tries, 5u);
  EXPECT_EQ(pruned.counters.null_move_cutoffs, 4u);
  EXPECT_EQ(pruned.counters.nodes_per_ply[1], 5u);
  EXPECT_EQ(pruned.counters.nodes_per_ply[2], 15u + 5u);  // the null children are nodes of ply 2
  EXPECT_EQ(pruned.result.score, -400);
  EXPECT_EQ(pruned.result.best_move, plain.result.best_move);
  // Fail-hard clamps the null move's value to beta: the same counts here.
  EXPECT_EQ(run(pos, "fail-hard+nullmove=1", 2).counters.nodes, 26u);
}

// Both sides keep only king and pawn: the zugzwang guard forbids every
// pass, so the search is the plain one, to the counter.
TEST(NullMove, ZugzwangGuardKeepsKingAndPawnsFromPassing) {
  const Position pos = from_fen("k7/7p/8/8/8/8/P7/7K w - - 0 1");
  for (int depth = 1; depth <= 4; ++depth) {
    const Outcome guarded = run(pos, "alphabeta+nullmove=1", depth);
    EXPECT_EQ(guarded.counters.null_move_tries, 0u) << depth;
    EXPECT_EQ(guarded.counters, run(pos, "alphabeta", depth).counters) << depth;
  }
}

// nullmove=adaptive's R (Heinz 1999): 3 when depth > 8, or when depth > 6
// and each side has at least 3 pieces other than king and pawns; else 2.
// Three pieces a side (R, N, B each), then Black with two and pawns, which
// do not count.
TEST(NullMove, AdaptiveReductionFollowsHeinzsRule) {
  const auto reductions = [](const char* fen) {
    ChessTree tree(from_fen(fen));
    SearchCounters counters;
    const SearchContext<ChessTree> ctx(tree, counters, parse_mode("alphabeta+nullmove=adaptive").value, nullptr);
    std::vector<int> r;
    for (int depth = 5; depth <= 10; ++depth) r.push_back(null_move_reduction(ctx, depth));
    return r;
  };
  EXPECT_EQ(reductions("rnb1k3/8/8/8/8/8/8/RNB1K3 w - - 0 1"), (std::vector<int>{2, 2, 3, 3, 3, 3}));
  EXPECT_EQ(reductions("rn2k3/pppp4/8/8/8/8/PPPP4/RNB1K3 w - - 0 1"), (std::vector<int>{2, 2, 2, 2, 3, 3}));
  // Below depth 8 no node but the root (which never passes) has depth > 6:
  // R is 2 everywhere, the counts are nullmove=2's, field for field.
  for (const std::string mode : {"pvs-id-tt-killers+qsearch", "mvv-lva"})
    EXPECT_EQ(run(Position::start(), mode + "+nullmove=adaptive", 5).counters,
              run(Position::start(), mode + "+nullmove=2", 5).counters)
        << mode;
}

// nullmove=verified (R = 3) on the quiet position, depth 2: as with
// nullmove=1 above, each child of the root passes and the null child is a
// horizon node (1 - 1 - 3 < 0), worth 400 for Black. Under the first child
// nothing reaches beta = +infinity: 1 + 1 + 15 nodes. Under the other four
// 400 >= 400 fails high with the verify flag on (the root's, handed down),
// so no cut: the child searches its replies one ply shallower, to depth -1
// (horizon nodes, 400 each), and the first already reaches beta. Its best,
// 400, is not < beta: no re-search. 4 * (1 + 1 + 1) nodes more: 30 in all,
// 24 leaves (every node at ply 2), 4 verifications, no cut-off by the null
// move. Plain nullmove=3 cuts those four instead: 1 + 17 + 4 * 2 = 26.
TEST(NullMove, VerifiedSearchesOnOnePlyShallowerInsteadOfCutting) {
  const Position pos = from_fen(QUIET_FEN);
  for (const char* mode : {"alphabeta+nullmove=verified", "fail-hard+nullmove=verified"}) {
    const Outcome verified = run(pos, mode, 2);
    EXPECT_EQ(verified.counters.nodes, 30u) << mode;
    EXPECT_EQ(verified.counters.leaves, 24u) << mode;
    EXPECT_EQ(verified.counters.nodes_per_ply[2], 24u) << mode;
    EXPECT_EQ(verified.counters.null_move_tries, 5u) << mode;
    EXPECT_EQ(verified.counters.null_move_cutoffs, 0u) << mode;
    EXPECT_EQ(verified.counters.null_move_verifications, 4u) << mode;
    EXPECT_EQ(verified.counters.null_move_verification_failures, 0u) << mode;
    EXPECT_EQ(verified.result.score, -400) << mode;
  }
  const Outcome fixed = run(pos, "alphabeta+nullmove=3", 2);
  EXPECT_EQ(fixed.counters.nodes, 26u);
  EXPECT_EQ(fixed.counters.null_move_cutoffs, 4u);
  EXPECT_EQ(fixed.counters.null_move_verifications, 0u);
}

// On the suites: a verification is a fail-high that did not cut, a failure
// one of those, so verifications + cut-offs <= tries and failures <=
// verifications; every other mode counts no verification.
TEST(NullMove, VerifiedCountersAddUp) {
  const std::vector<testing::EpdPosition> suite = testing::read_epd_positions("wac.epd");
  ASSERT_FALSE(suite.empty());
  for (std::size_t i = 0; i < suite.size(); i += 25) {
    const SearchCounters c = run(suite[i].position, "pvs-id-tt-killers+qsearch+nullmove=verified", 4).counters;
    EXPECT_LE(c.null_move_verifications + c.null_move_cutoffs, c.null_move_tries) << suite[i].id;
    EXPECT_LE(c.null_move_verification_failures, c.null_move_verifications) << suite[i].id;
    EXPECT_EQ(run(suite[i].position, "pvs-id-tt-killers+nullmove=3", 4).counters.null_move_verifications, 0u);
  }
}

// WAC.001 (Qg6, mate): at depth 5, a fixed R = 3 null move fails high where
// passing is not what the position allows, and the search misses the mate
// (-190 against the exact mate score). The verified null move meets the same
// fail-high with its flag on, searches on one ply shallower, finds that no
// move holds beta (a zugzwang to the rule: one verification failure), and
// its re-search at full depth returns the exact value and best move.
TEST(NullMove, VerifiedReSearchRecoversWhatAFixedNullMoveLost) {
  const std::vector<testing::EpdPosition> suite = testing::read_epd_positions("wac.epd");
  ASSERT_FALSE(suite.empty());
  ASSERT_EQ(suite[0].id, "WAC.001");
  const Outcome exact = run(suite[0].position, "alphabeta", 5);
  const Outcome fixed = run(suite[0].position, "alphabeta+nullmove=3", 5);
  const Outcome verified = run(suite[0].position, "alphabeta+nullmove=verified", 5);
  EXPECT_EQ(fixed.result.score, -190);
  EXPECT_NE(fixed.result.score, exact.result.score);
  EXPECT_EQ(verified.result.score, exact.result.score);
  EXPECT_EQ(verified.result.best_move, exact.result.best_move);
  EXPECT_EQ(verified.counters.null_move_verification_failures, 1u);
}

// The root never passes; nor does a side in check, nor a lone king.
TEST(NullMove, NeverInCheckNorAtTheRoot) {
  const Position pos = from_fen("kr6/8/8/8/8/8/8/7K b - - 0 1");  // Black to move, root: no pass
  const Outcome root_only = run(pos, "alphabeta+nullmove=1", 1);
  EXPECT_EQ(root_only.counters.null_move_tries, 0u);
  // Depth 2 from Black: each child of the root is a White node with a lone
  // king (guard) -> no tries at all.
  EXPECT_EQ(run(pos, "alphabeta+nullmove=1", 2).counters.null_move_tries, 0u);
  // White with a knight, Black to move, depth 2: every child of the root
  // (White to move, depth 1) that is not in check passes, the others do not:
  // counted by the test from the position, not by the search.
  const Position knight = from_fen("kr6/8/8/8/8/8/8/N6K b - - 0 1");
  MoveList moves;
  generate_legal_naive(knight, moves);
  std::uint64_t not_in_check = 0;
  for (Move m : moves) not_in_check += !knight.after(m).in_check();
  ASSERT_LT(not_in_check, moves.size());  // Rb1+ and others check: the rule is seen
  EXPECT_EQ(run(knight, "alphabeta+nullmove=1", 2).counters.null_move_tries, not_in_check);
}

// A chess tree that watches every path the search walks: which of its
// moves were passes, how often a pass was made right after a pass (the rule
// forbids it), right after the reply to a pass (allowed), and how many real
// moves were made from a null child (so the null children had depth left,
// and passing was not ruled out by the horizon alone).
class PassWatchTree : public ChessTree {
 public:
  using ChessTree::ChessTree;
  void make(Move m) {
    if (!passes_.empty() && passes_.back()) ++moves_from_null_child;
    passes_.push_back(false);
    ChessTree::make(m);
  }
  void unmake(Move m) {
    passes_.pop_back();
    ChessTree::unmake(m);
  }
  void make_null() {
    const std::size_t n = passes_.size();
    if (n >= 1 && passes_[n - 1]) ++pass_after_pass;
    if (n >= 2 && passes_[n - 2]) ++pass_after_reply_to_pass;
    passes_.push_back(true);
    ChessTree::make_null();
  }
  void unmake_null() {
    passes_.pop_back();
    ChessTree::unmake_null();
  }

  std::uint64_t pass_after_pass = 0, pass_after_reply_to_pass = 0, moves_from_null_child = 0;

 private:
  std::vector<bool> passes_;  // one per move on the path: was it a pass?
};

// Not twice in a row: in the start position and Kiwipete (both sides keep
// pieces, so the zugzwang guard never stops a pass, and no null child is in
// check) every null child searched to depth 1 or more meets every condition
// but this one. Passes are seen right after the reply to a pass, and moves
// from null children, so the rule is what keeps the count of passes right
// after a pass at zero.
TEST(NullMove, NeverTwiceInARow) {
  const char* KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
  for (const char* fen : {"startpos", KIWIPETE})
    for (const std::string mode :
         {"alphabeta+nullmove=1", "pvs-id-tt-killers+qsearch+nullmove=2+lmr", "mvv-lva+nullmove=1+futility=100",
          "id-tt-killers+nullmove=adaptive"}) {
      PassWatchTree tree(std::string(fen) == "startpos" ? Position::start() : from_fen(fen));
      const SearchSpec spec = parse_mode(mode).value;
      ASSERT_EQ(check_spec(tree, spec), "") << mode;
      SearchCounters counters;
      search(tree, spec, 6, counters);
      EXPECT_GT(counters.null_move_tries, 0u) << fen << " " << mode;
      EXPECT_GT(tree.moves_from_null_child, 0u) << fen << " " << mode;
      EXPECT_GT(tree.pass_after_reply_to_pass, 0u) << fen << " " << mode;
      EXPECT_EQ(tree.pass_after_pass, 0u) << fen << " " << mode;
    }
}

// lmr: at depth 3 only the root has depth >= 3. Its five moves are quiet and
// give no check, so the moves from index K on are reduced: 5 - K of them.
// The reduced search (depth 1, window (400, 401) for Black) finds -400, not
// above alpha = -400: no re-search. At depth 2 nothing has depth 3.
TEST(LateMoveReductions, ReducesTheMovesAfterTheFirstKAtDepthThree) {
  const Position pos = from_fen(QUIET_FEN);
  for (const auto& [mode, reduced] : std::vector<std::pair<std::string, std::uint64_t>>{
           {"alphabeta+lmr", 2}, {"alphabeta+lmr=1", 4}, {"alphabeta+lmr=4", 1}, {"alphabeta+lmr=5", 0}}) {
    const Outcome outcome = run(pos, mode, 3);
    EXPECT_EQ(outcome.counters.lmr_reductions, reduced) << mode;
    EXPECT_EQ(outcome.counters.lmr_researches, 0u) << mode;
    EXPECT_EQ(outcome.result.score, -400) << mode;
    EXPECT_EQ(run(pos, mode, 2).counters.lmr_reductions, 0u) << mode;
  }
}

// In check at the root (the rook b1 checks Kh1; Kg2 and Kh2 are quiet
// evasions): with lmr=1 the second would be reduced, but a node in check
// reduces nothing.
TEST(LateMoveReductions, NothingIsReducedInCheck) {
  const Position pos = from_fen("k7/8/8/8/8/8/P7/1r5K w - - 0 1");
  EXPECT_EQ(run(pos, "alphabeta+lmr=1", 3).counters.lmr_reductions, 0u);
}

// Depth 1 from the quiet position: the first move is worth -400 = alpha,
// and the static evaluation is -400. futility=0: -400 + 0 <= -400, the
// other four moves are skipped: 2 nodes. futility=1: -399 > -400, none.
TEST(Futility, PrunesQuietMovesWhenEvaluationPlusMarginCannotReachAlpha) {
  const Position pos = from_fen(QUIET_FEN);
  const Outcome pruned = run(pos, "alphabeta+futility=0", 1);
  EXPECT_EQ(pruned.counters.futility_pruned, 4u);
  EXPECT_EQ(pruned.counters.nodes, 2u);
  EXPECT_EQ(pruned.result.score, -400);  // the first move's value: the best searched
  const Outcome kept = run(pos, "alphabeta+futility=1", 1);
  EXPECT_EQ(kept.counters.futility_pruned, 0u);
  EXPECT_EQ(kept.counters.nodes, 6u);
}

// White Rd1, Kh1 against Ka8, Qd4, Ph2: 11 moves, Rxd4 and Kxh2 captures
// (searched first by MVV-LVA), Ra1+ a check, 8 quiet. Rxd4 sets alpha to
// 400 against a static evaluation of -500: with futility=900, -500 + 900 <=
// 400, the 8 quiet moves are skipped and the captures and the check are
// searched: 1 + 3 nodes. futility=901 skips none.
TEST(Futility, NeverPrunesACaptureOrACheck) {
  const Position pos = from_fen("k7/8/8/8/3q4/8/7p/3R3K w - - 0 1");
  const Outcome pruned = run(pos, "mvv-lva+futility=900", 1);
  EXPECT_EQ(pruned.counters.futility_pruned, 8u);
  EXPECT_EQ(pruned.counters.nodes, 4u);
  EXPECT_EQ(pruned.result.score, 400);
  EXPECT_EQ(to_uci(pruned.result.best_move), "d1d4");
  EXPECT_EQ(run(pos, "mvv-lva+futility=901", 1).counters.futility_pruned, 0u);
}

// extended-futility at the root of the quiet position, depth 2: the first
// move is searched (1 + 15 nodes, -400 = alpha; futility=1 prunes nothing
// below it: 400 + 1 > 400), then -400 + 0 <= -400 skips the other four
// quiet moves, none a check: 1 + 16 = 17 nodes. With E = 1, -399 > -400:
// the plain 25 nodes.
TEST(Futility, ExtendedPrunesAtPreFrontierNodes) {
  const Position pos = from_fen(QUIET_FEN);
  const Outcome pruned = run(pos, "alphabeta+futility=1+extended-futility=0", 2);
  EXPECT_EQ(pruned.counters.futility_pruned, 4u);
  EXPECT_EQ(pruned.counters.nodes, 17u);
  EXPECT_EQ(pruned.result.score, -400);
  const Outcome kept = run(pos, "alphabeta+futility=1+extended-futility=1", 2);
  EXPECT_EQ(kept.counters.futility_pruned, 0u);
  EXPECT_EQ(kept.counters.nodes, 25u);
  // At depth 1 only futility=M acts: E changes nothing there.
  EXPECT_EQ(run(pos, "alphabeta+futility=1+extended-futility=0", 1).counters,
            run(pos, "alphabeta+futility=1", 1).counters);
}

// In check nothing is pruned, whatever the margin; and a node always
// searches its first move, so the root has a best move.
TEST(Futility, NeverInCheckAndAlwaysOneMove) {
  const Position check = from_fen("k7/8/8/8/8/8/P7/1r5K w - - 0 1");
  EXPECT_EQ(run(check, "alphabeta+futility=0", 1).counters.futility_pruned, 0u);
  const Outcome quiet = run(from_fen(QUIET_FEN), "alphabeta+futility=0", 1);
  EXPECT_FALSE(quiet.result.best_move.is_none());
}

// With every option present but unable to act (lmr after more moves than any
// node has, futility never at a depth it applies to: searches of depth 0),
// the counters are the plain mode's, field for field.
TEST(Selective, OptionsThatNeverActChangeNoCount) {
  for (const char* file : {"bratko-kopec.epd"}) {
    const std::vector<testing::EpdPosition> suite = testing::read_epd_positions(file);
    ASSERT_FALSE(suite.empty()) << file;
    for (std::size_t i = 0; i < suite.size(); i += 6)
      for (const std::string mode : {"pvs-id-tt-killers", "mvv-lva", "mtdf", "id-tt+qsearch"}) {
        const Outcome plain = run(suite[i].position, mode, 3);
        const Outcome idle = run(suite[i].position, mode + "+lmr=128", 3);
        EXPECT_EQ(idle.counters, plain.counters) << suite[i].id << " " << mode;
        EXPECT_EQ(idle.result.score, plain.result.score) << suite[i].id << " " << mode;
        EXPECT_EQ(run(suite[i].position, mode + "+futility=0", 0).counters,
                  run(suite[i].position, mode, 0).counters)
            << suite[i].id << " " << mode;
      }
  }
}

// Every selective mode returns a value, a legal best move, and a reference
// that is the plain mode's own search: its score and best move.
TEST(Selective, EveryModeHasALegalMoveAndItsPlainModeAsReference) {
  const std::vector<std::pair<std::string, std::string>> modes = {
      {"pvs-id-tt-killers+qsearch+nullmove=2+lmr", "pvs-id-tt-killers+qsearch"},
      {"pvs-id-tt-killers+nullmove=2+lmr", "pvs-id-tt-killers"},
      {"id-tt-killers+futility=100", "id-tt-killers"},
      {"mvv-lva+nullmove=3+lmr=2+futility=50", "mvv-lva"},
      {"mtdf+nullmove=2", "mtdf"},
      {"fail-hard+lmr+futility=0", "fail-hard"},
      {"pvs-id-tt-killers+qsearch+nullmove=verified+lmr", "pvs-id-tt-killers+qsearch"},
      {"id-tt+nullmove=adaptive+futility=100+extended-futility=500", "id-tt"},
  };
  const std::vector<testing::EpdPosition> suite = testing::read_epd_positions("wac.epd");
  ASSERT_FALSE(suite.empty());
  for (std::size_t i = 0; i < suite.size(); i += 25)
    for (const auto& [mode, plain_mode] : modes) {
      const Position& pos = suite[i].position;
      const Outcome selective = run(pos, mode, 4);
      const Outcome plain = run(pos, plain_mode, 4);
      MoveList legal;
      generate_legal_naive(pos, legal);
      bool found = false;
      for (Move m : legal) found |= m == selective.result.best_move;
      EXPECT_TRUE(found) << suite[i].id << " " << mode;
      ASSERT_TRUE(selective.result.reference_score.has_value()) << mode;
      EXPECT_EQ(*selective.result.reference_score, plain.result.score) << suite[i].id << " " << mode;
      EXPECT_EQ(selective.result.reference_best_move, plain.result.best_move) << suite[i].id << " " << mode;
      ASSERT_TRUE(selective.result.exact_score.has_value()) << mode;
      EXPECT_EQ(*selective.result.exact_score, plain.result.score) << suite[i].id << " " << mode;
      EXPECT_EQ(without_selective_items(mode), plain_mode);
      EXPECT_FALSE(plain.result.reference_score.has_value()) << plain_mode;
    }
}

TEST(Selective, BadValuesAndSpecsThatCannotRunThemAreRefused) {
  for (const char* mode : {"nullmove=0", "nullmove=-1", "nullmove=abc", "nullmove", "nullmove=Adaptive",
                           "nullmove=verify", "lmr=0", "lmr=x", "futility=abc", "futility=-1", "futility",
                           "futility=0+extended-futility=abc", "futility=0+extended-futility=-1",
                           "futility=0+extended-futility"})
    EXPECT_NE(parse_mode(mode).error.find("bad value"), std::string::npos) << mode;
  EXPECT_NE(parse_mode("nullmove=x").error.find("adaptive or verified"), std::string::npos);
  EXPECT_NE(parse_mode("alphabeta+extended-futility=500").error.find("extended-futility needs futility"),
            std::string::npos);
  for (const char* mode : {"nullmove=adaptive", "nullmove=verified", "futility=0+extended-futility=500"})
    EXPECT_EQ(parse_mode(mode).error, "") << mode;
  EXPECT_EQ(parse_mode("nullmove=verified").value.null_move_reduction, 3);
  EXPECT_EQ(without_selective_items("mvv-lva+futility=100+extended-futility=500+nullmove=verified"), "mvv-lva");
  for (const char* mode : {"minimax+nullmove=2", "negamax+lmr", "minimal+futility=10"})
    EXPECT_NE(parse_mode(mode).error.find("apply to alphabeta, pvs and mtdf only"), std::string::npos) << mode;
  for (const char* mode : {"alphabeta+nullmove=2", "alphabeta+lmr", "alphabeta+futility=0"}) {
    const SearchSpec spec = parse_mode(mode).value;
    EXPECT_NE(check_spec(lab_tree(0), spec).find("synthetic trees cannot run them"), std::string::npos) << mode;
    EXPECT_EQ(check_spec(ChessTree(Position::start()), spec), "") << mode;
    EXPECT_FALSE(is_value_preserving(spec)) << mode;
    EXPECT_NE(contract_refusal(spec).find("not value-preserving"), std::string::npos) << mode;
  }
  EXPECT_EQ(without_selective_items("pvs-id-tt-killers+qsearch+nullmove=2+lmr"), "pvs-id-tt-killers+qsearch");
  EXPECT_EQ(without_selective_items("lmr,algo=pvs,futility=3,tt"), "algo=pvs,tt");
}

}  // namespace
}  // namespace prunebench
