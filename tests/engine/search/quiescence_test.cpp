// qsearch (quiescence.h): the Q-value of hand-built positions worked out on
// paper, quiescence nodes counted by hand, and every qsearch-capable mode
// against an oracle written here from the definition alone (the naive move
// generator, Position::after and the material evaluation; none of the
// search code).
#include <gtest/gtest.h>

#include <algorithm>
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

// The README glossary's Q-value, by textbook fail-hard alpha-beta over
// captures and promotions (every order cannot be afforded: millions of
// nodes), with the naive move generator: another implementation than the
// search's (fail-soft, fast generator, its own ordering).
Score oracle_q(const Position& pos, Score alpha = -INFINITE_SCORE, Score beta = INFINITE_SCORE) {
  MoveList moves;
  generate_legal_naive(pos, moves);
  if (moves.size() == 0) return std::clamp(Score(pos.in_check() ? -MATE : 0), alpha, beta);
  const Score stand_pat = evaluate(pos);
  if (stand_pat >= beta) return beta;
  alpha = std::max(alpha, stand_pat);
  for (Move m : moves) {
    if (!m.is_capture() && !m.is_promotion()) continue;
    const Score v = -oracle_q(pos.after(m), -beta, -alpha);
    if (v >= beta) return beta;
    alpha = std::max(alpha, v);
  }
  return alpha;
}

// The glossary's Q-value with checks (qsearch=checks) of a horizon node: as
// oracle_q, with the quiet moves that give check as quiescence moves too;
// the node such a check leads to takes the best of every legal move, each
// scored by oracle_q, and does not stand pat.
Score oracle_q_with_checks(const Position& pos) {
  MoveList moves;
  generate_legal_naive(pos, moves);
  if (moves.size() == 0) return oracle_q(pos);
  Score best = oracle_q(pos);
  for (Move m : moves) {
    const Position child = pos.after(m);
    if (m.is_capture() || m.is_promotion() || !child.in_check()) continue;
    MoveList replies;
    generate_legal_naive(child, replies);
    Score reply = replies.size() == 0 ? -MATE : -INFINITE_SCORE;
    for (Move r : replies) reply = std::max(reply, Score(-oracle_q(child.after(r))));
    best = std::max(best, Score(-reply));
  }
  return best;
}

// Full-width negamax to `depth` with oracle_q (or oracle_q_with_checks) at the horizon.
Score oracle_fixed_depth_q(const Position& pos, int depth, bool with_checks = false) {
  if (depth == 0) return with_checks ? oracle_q_with_checks(pos) : oracle_q(pos);
  MoveList moves;
  generate_legal_naive(pos, moves);
  if (moves.size() == 0) return pos.in_check() ? -MATE : 0;
  Score best = -INFINITE_SCORE;
  for (Move m : moves) best = std::max(best, Score(-oracle_fixed_depth_q(pos.after(m), depth - 1, with_checks)));
  return best;
}

using testing::Outcome;
using testing::from_fen;
using testing::run;

// Every mode that can carry qsearch, each returning the Q-value.
const std::vector<std::string> QSEARCH_MODES = {
    "minimax+qsearch",           "negamax+qsearch",          "alphabeta+qsearch",
    "fail-hard+qsearch",         "mvv-lva+qsearch",          "quiet-pst+qsearch",
    "mvv-lva-canonical+qsearch", "pvs+qsearch",              "pvs+fail=hard+qsearch",
    "mtdf+qsearch",              "id-tt+qsearch",            "id-tt-killers+qsearch",
    "pvs-id-tt-killers+qsearch", "id-tt+aspiration=50+qsearch", "oracle+qsearch"};

// White Rd1 takes the queen on d5, which the pawn e6 defends once. Stand
// pat: 500 - 1000 = -500. Rxd5 exd5 leaves 0 - 100 = -100, and after
// Rxd5 Black would rather recapture (+100) than stand pat (100 - 500). So
// Q = -100, by two quiescence nodes: Rxd5, then exd5 (no capture after it).
TEST(Quiescence, QueenDefendedOnceIsWonForARook) {
  const Position pos = from_fen("6k1/8/4p3/3q4/8/8/8/3R2K1 w - - 0 1");
  for (const std::string& mode : QSEARCH_MODES) {
    const Outcome o = run(pos, mode, 0);
    EXPECT_EQ(o.result.score, -100) << mode;
    if (mode.starts_with("mtdf")) continue;  // several passes over the root, each counted
    EXPECT_EQ(o.counters.nodes, 1u) << mode;  // the horizon node, the root
    EXPECT_EQ(o.counters.leaves, 1u) << mode;
    EXPECT_EQ(o.counters.qnodes, 2u) << mode;
    EXPECT_EQ(o.counters.qsearch_max_ply, 2) << mode;
  }
  EXPECT_EQ(run(pos, "mvv-lva", 0).result.score, -500);  // without qsearch: the material
  EXPECT_EQ(run(pos, "mvv-lva", 0).counters.qnodes, 0u);
}

// The queen d1 could take the pawn d5, defended by e6: Qxd5 exd5 would leave
// 0 - 100 against 900 - 200 standing pat, so Q = 700. Full width searches
// Qxd5 and exd5 (2 quiescence nodes); so does alpha-beta: Black's stand pat
// after Qxd5 (-800) does not reach its beta (-700), and exd5 then cuts.
TEST(Quiescence, StandingPatDeclinesALosingCapture) {
  const Position pos = from_fen("6k1/8/4p3/3p4/8/8/8/3Q2K1 w - - 0 1");
  for (const std::string& mode : QSEARCH_MODES) {
    const Outcome o = run(pos, mode, 0);
    EXPECT_EQ(o.result.score, 700) << mode;
    if (!mode.starts_with("mtdf")) {
      EXPECT_EQ(o.counters.qnodes, 2u) << mode;
    }
  }
}

// A capture chain on d5: the pawn e4 and the rook d1 attack the knight d5,
// which the knight f6 defends (and f6 attacks e4). Material: White 600,
// Black 640, stand pat -40. exd5 (600 against 320): Black stands pat at
// -280, since Nxd5 Rxd5 would leave 500 against 0. Rxd5 instead: Black's
// best is Nxd5 exd5 (100 against 0), so -100. Q = max(-40, 280, 100) = 280.
TEST(Quiescence, CaptureChainStopsWhereTheDefenderStandsPat) {
  const Position pos = from_fen("6k1/8/5n2/3n4/4P3/8/8/3R2K1 w - - 0 1");
  EXPECT_EQ(oracle_q(pos), 280);
  for (const std::string& mode : QSEARCH_MODES) EXPECT_EQ(run(pos, mode, 0).result.score, 280) << mode;
}

// Scholar's mate: Qxf7 mates inside the quiescence search, a terminal scored
// as in the main search (constant MATE; MATE - 1 with mate-distance).
TEST(Quiescence, MateFoundByACaptureIsATerminal) {
  const Position pos = from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  for (const std::string& mode : QSEARCH_MODES) EXPECT_EQ(run(pos, mode, 0).result.score, MATE) << mode;
  EXPECT_EQ(run(pos, "pvs-id-tt-killers+qsearch+mate-distance", 0).result.score, MATE - 1);
  EXPECT_EQ(run(pos, "minimax+qsearch+mate-distance", 1).result.score, MATE - 1);
}

// Kxf8 takes the last black piece and stalemates Black (h7 is blocked, g7
// and g8 attacked): Q = max(100 - 420, 0) = 0, by one quiescence node.
TEST(Quiescence, StalemateFoundByACaptureIsATerminal) {
  const Position pos = from_fen("5n1k/5K1p/7P/8/8/8/8/8 w - - 0 1");
  for (const std::string& mode : QSEARCH_MODES) {
    const Outcome o = run(pos, mode, 0);
    EXPECT_EQ(o.result.score, 0) << mode;
    if (!mode.starts_with("mtdf")) {
      EXPECT_EQ(o.counters.qnodes, 1u) << mode;
    }
  }
}

// A root with no legal move is a terminal before any quiescence search.
TEST(Quiescence, TerminalRootsAreScoredAsWithout) {
  const Position mated = from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  const Position stalemate = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  for (const std::string& mode : QSEARCH_MODES) {
    for (int depth : {0, 2}) {
      EXPECT_EQ(run(mated, mode, depth).result.score, -MATE) << mode;
      EXPECT_EQ(run(stalemate, mode, depth).result.score, 0) << mode;
      EXPECT_EQ(run(stalemate, mode, depth).counters.qnodes, 0u) << mode;
    }
  }
}

// Every mode returns the oracle's Q-value on a share of the suites' positions; the
// full-width modes keep the full-width node count (qnodes come on top).
TEST(Quiescence, EveryModeReturnsTheQValueOnTheSuites) {
  for (const char* file : {"bratko-kopec.epd", "wac.epd", "seed.epd"}) {
    const std::vector<testing::EpdPosition> suite = testing::read_epd_positions(file);
    ASSERT_FALSE(suite.empty()) << file;
    for (std::size_t i = 0; i < suite.size(); i += 12) {  // a share: it runs under ASan too
      const testing::EpdPosition& entry = suite[i];
      for (int depth = 0; depth <= 1; ++depth) {
        const Score expected = oracle_fixed_depth_q(entry.position, depth);
        const Outcome minimax = run(entry.position, "minimax+qsearch", depth);
        EXPECT_EQ(minimax.counters.nodes, run(entry.position, "minimax", depth).counters.nodes) << entry.id;
        for (const std::string& mode : QSEARCH_MODES)
          EXPECT_EQ(run(entry.position, mode, depth).result.score, expected)
              << entry.id << " " << mode << " depth " << depth;
      }
    }
  }
}

// qsearch=checks: every mode returns the oracle's Q-value with checks, on a
// smaller share of the suites (each horizon node also plays its quiet checks).
TEST(Quiescence, WithChecksEveryModeReturnsTheQValueWithChecksOnTheSuites) {
  std::size_t differs = 0;
  for (const char* file : {"bratko-kopec.epd", "wac.epd"}) {
    const std::vector<testing::EpdPosition> suite = testing::read_epd_positions(file);
    ASSERT_FALSE(suite.empty()) << file;
    for (std::size_t i = 0; i < suite.size(); i += 24) {
      const testing::EpdPosition& entry = suite[i];
      for (int depth = 0; depth <= 1; ++depth) {
        const Score expected = oracle_fixed_depth_q(entry.position, depth, true);
        differs += expected != oracle_fixed_depth_q(entry.position, depth);
        for (const std::string& mode : QSEARCH_MODES)
          EXPECT_EQ(run(entry.position, mode + "=checks", depth).result.score, expected)
              << entry.id << " " << mode << "=checks depth " << depth;
      }
    }
  }
  EXPECT_GT(differs, 0u);  // the checks change some values: the test tells the two value functions apart
}

// White Ra1, Kg1 against Black Kg8 behind f7, g7, h7, White to move, depth
// 0. No capture: qsearch stands pat, 500 - 300 = 200. With checks, Ra8 is
// the one quiet check (a king move cannot check, nor another rook move), and
// it mates: the reply node has no legal move, -MATE for Black. Q = MATE,
// from one quiet check and one quiescence node.
TEST(Quiescence, WithChecksAQuietMateBeyondTheHorizonIsFound) {
  const Position pos = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
  const Outcome plain = run(pos, "alphabeta+qsearch", 0);
  EXPECT_EQ(plain.result.score, 200);
  EXPECT_EQ(plain.counters.qnodes, 0u);
  for (const std::string& mode : QSEARCH_MODES) {
    const Outcome checks = run(pos, mode + "=checks", 0);
    EXPECT_EQ(checks.result.score, MATE) << mode;
    if (mode.starts_with("mtdf")) continue;  // several passes over the root, each counted
    EXPECT_EQ(checks.counters.qsearch_checks, 1u) << mode;
    EXPECT_EQ(checks.counters.qnodes, 1u) << mode;
    EXPECT_EQ(checks.counters.qsearch_max_ply, 1) << mode;
  }
  EXPECT_EQ(run(pos, "alphabeta+qsearch=checks+mate-distance", 0).result.score, MATE - 1);
}

// Without h7: Ra8+ is answered by Kh7, the only legal reply (f8 and h8 are
// on the rook's rank), which the reply node must play: it cannot stand pat.
// Below Kh7 White has no capture and stands pat, 500 - 200 = 300, the root's
// own stand-pat: Q = 300 with checks too, by the reply node and the node
// after Kh7, two quiescence nodes, the line two plies long.
TEST(Quiescence, WithChecksTheCheckedSideAnswersAndDoesNotStandPat) {
  const Position pos = from_fen("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1");
  const Outcome checks = run(pos, "alphabeta+qsearch=checks", 0);
  EXPECT_EQ(checks.result.score, 300);
  EXPECT_EQ(checks.counters.qsearch_checks, 1u);
  EXPECT_EQ(checks.counters.qnodes, 2u);
  EXPECT_EQ(checks.counters.qsearch_max_ply, 2);
  EXPECT_EQ(run(pos, "alphabeta+qsearch", 0).counters.qnodes, 0u);
}

// minimax and negamax give every horizon node the full window: the same
// quiescence nodes. Alpha-beta's narrower windows visit fewer.
TEST(Quiescence, NarrowerWindowsVisitFewerQuiescenceNodes) {
  const Position pos = from_fen("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4");
  const Outcome minimax = run(pos, "minimax+qsearch", 2);
  EXPECT_EQ(run(pos, "negamax+qsearch", 2).counters.qnodes, minimax.counters.qnodes);
  EXPECT_LT(run(pos, "mvv-lva+qsearch", 2).counters.qnodes, minimax.counters.qnodes);
}

TEST(Quiescence, SpecsThatCannotRunItAreRefused) {
  EXPECT_NE(parse_mode("minimal+qsearch").error.find("minimal tree of the Q-value is not defined"),
            std::string::npos);
  EXPECT_NE(parse_mode("mvv-lva+qsearch=check").error.find("bad value 'check' for 'qsearch'"),
            std::string::npos);
  EXPECT_EQ(parse_mode("mvv-lva+qsearch=checks").error, "");
  EXPECT_NE(check_spec(lab_tree(0), parse_mode("alphabeta+qsearch=checks").value).find("qsearch"),
            std::string::npos);
  const SearchSpec spec = parse_mode("alphabeta+qsearch").value;
  EXPECT_NE(check_spec(lab_tree(0), spec).find("qsearch searches captures and promotions"), std::string::npos);
  EXPECT_NE(check_spec(ExplicitTree(standing_tree()), spec).find("qsearch"), std::string::npos);
  EXPECT_EQ(check_spec(ChessTree(Position::start()), spec), "");
  EXPECT_NE(contract_refusal(spec).find("Q-value"), std::string::npos);
}

TEST(Quiescence, TheSpecSaysSoOnlyWhenOn) {
  const auto has_qsearch = [](const std::string& mode) {
    for (const auto& [key, value] : describe(parse_mode(mode).value))
      if (key == "qsearch") return value == "true";
    return false;
  };
  EXPECT_TRUE(has_qsearch("pvs-id-tt-killers+qsearch"));
  EXPECT_FALSE(has_qsearch("pvs-id-tt-killers"));
  EXPECT_STREQ(value_function(parse_mode("pvs+qsearch").value), "quiescence");
  EXPECT_STREQ(value_function(parse_mode("pvs+qsearch=checks").value), "quiescence-checks");
  EXPECT_FALSE(parse_mode("pvs+qsearch").value.qsearch_checks);
  EXPECT_STREQ(value_function(parse_mode("pvs").value), "fixed-depth");
}

}  // namespace
}  // namespace prunebench
