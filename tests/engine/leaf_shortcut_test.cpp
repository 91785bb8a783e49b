// The leaf shortcut and the lazy chess tree against the played position, at
// every child of every node of perft(3) for every suite position: whatever
// the shortcut claims, the played child must confirm, and a lazy tree must
// answer every question exactly as a tree that plays every move.
#include "engine/leaf_shortcut.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/trees/chess_tree.h"
#include "engine/uci_move.h"
#include "tests/engine/perft_suite.h"

namespace prunebench {
namespace {

struct Tally {
  std::uint64_t children = 0;
  std::uint64_t settled = 0;  // answered by the shortcut without playing
  std::uint64_t settled_alone = 0;         // answered by lone_child_has_legal_move
  std::uint64_t checks_settled_alone = 0;  // of those, children in check
};

void check_children(const Position& pos, int depth, Tally& tally) {
  MoveList moves;
  generate_legal(pos, moves);
  const LeafShortcut shortcut(pos);
  ChessTree lazy(pos), eager(pos, false, LeafPlay::EVERY_LEAF);
  for (Move m : moves) {
    const Position child = pos.after(m);
    ++tally.children;
    EXPECT_EQ(evaluate_after(pos, m), evaluate(child)) << pos.fen() << " " << to_uci(m);
    EXPECT_EQ(shortcut.child_evaluation(pos, m), evaluate(child)) << pos.fen() << " " << to_uci(m);
    if (shortcut.child_has_legal_move_out_of_check(pos, m)) {
      ++tally.settled;
      EXPECT_FALSE(child.in_check()) << pos.fen() << " " << to_uci(m);
      EXPECT_TRUE(has_legal_move(child)) << pos.fen() << " " << to_uci(m);
    }
    if (lone_child_has_legal_move(pos, m)) {
      ++tally.settled_alone;
      tally.checks_settled_alone += child.in_check();
      EXPECT_TRUE(has_legal_move(child)) << pos.fen() << " " << to_uci(m);
    }
    Bitboard rests_on = 0;
    if (lone_child_has_legal_move_out_of_check(pos, m, rests_on)) {
      EXPECT_FALSE(child.in_check()) << pos.fen() << " " << to_uci(m);
      EXPECT_TRUE(has_legal_move(child)) << pos.fen() << " " << to_uci(m);
    }

    lazy.make(m);
    eager.make(m);
    EXPECT_EQ(lazy.ply(), 1);
    EXPECT_EQ(lazy.has_children(), eager.has_children()) << pos.fen() << " " << to_uci(m);
    EXPECT_EQ(lazy.evaluate(), eager.evaluate()) << pos.fen() << " " << to_uci(m);
    EXPECT_EQ(lazy.terminal_score(1), eager.terminal_score(1)) << pos.fen() << " " << to_uci(m);
    EXPECT_EQ(lazy.key(), eager.key()) << pos.fen() << " " << to_uci(m);
    lazy.unmake(m);
    eager.unmake(m);
    EXPECT_EQ(lazy.ply(), 0);
    EXPECT_EQ(lazy.position(), pos);

    if (depth > 1) check_children(child, depth - 1, tally);
    if (::testing::Test::HasFailure()) return;
  }
}

// Every position of the perft suite (one that does not parse fails the test).
std::vector<Position> suite_positions() {
  std::vector<Position> positions;
  for (const auto& c : testing::load_perft_suite()) {
    const FenResult parsed = Position::from_fen(c.fen);
    EXPECT_TRUE(parsed.ok()) << c.fen << ": " << parsed.error;
    if (parsed.ok()) positions.push_back(parsed.value);
  }
  return positions;
}

TEST(LeafShortcut, AgreesWithThePlayedChildAtEveryNodeOfPerft3) {
  Tally tally;
  for (const Position& pos : suite_positions()) {
    check_children(pos, 3, tally);
    if (HasFailure()) return;
  }
  EXPECT_GT(tally.children, 100'000u);
  // The shortcut must carry most leaves, or the lazy tree buys nothing. (This
  // suite is all special cases - checks, pins, bare kings - so the share is
  // lower here than in an opening or middlegame search.)
  EXPECT_GT(tally.settled, tally.children / 2) << tally.settled << " of " << tally.children;
  // The one-move test, with no knight or pawn to lean on in many of these
  // endings, settles fewer (a third, and most leaves of an opening search).
  EXPECT_GT(tally.settled_alone, tally.children / 4) << tally.settled_alone << " of " << tally.children;
  EXPECT_GT(tally.checks_settled_alone, 1'000u);
}

// A child in check from the mover alone: the one-move test finds the answer
// that takes the checker, steps between or moves the king, and never
// claims one for a mate.
TEST(LeafShortcut, FindsAnAnswerToACheckOrNone) {
  struct Case {
    const char* fen;
    const char* move;
    bool answered;
  };
  const Case checks[] = {
      // 4. Bb5+ after 1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5: c6, Nc6, Bd7, Nd7 and Kd8 answer.
      {"rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 4", "f1b5", true},
      {"4k3/8/8/8/8/8/3n4/R5K1 w - - 0 1", "a1a8", true},  // the king steps off the rank
      // The knight could step between, but it stands on a diagonal through its king.
      {"4k3/8/2n5/8/8/8/8/R5K1 w - - 0 1", "a1a8", true},
      {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", false},      // back-rank mate
      {"6k1/5pp1/7p/8/8/8/8/R5K1 w - - 0 1", "a1a8", true},      // the king steps to h7
      {"3qkb2/2p1pp2/8/8/8/8/8/1Q4K1 w - - 0 1", "b1b5", true},  // only c6 (or Qd7) steps between
  };
  for (const auto& c : checks) {
    const Position pos = Position::from_fen(c.fen).value;
    const Move m = parse_uci_move(pos, c.move);
    ASSERT_FALSE(m.is_none()) << c.fen << " " << c.move;
    const Position child = pos.after(m);
    ASSERT_TRUE(child.in_check()) << c.fen << " " << c.move;
    ASSERT_EQ(has_legal_move(child), c.answered) << c.fen << " " << c.move;
    EXPECT_EQ(lone_child_has_legal_move(pos, m), c.answered) << c.fen << " " << c.move;
  }
}

// Moves the shortcut must refuse: the child is in check.
TEST(LeafShortcut, RefusesDirectAndDiscoveredChecks) {
  struct Case {
    const char* fen;
    const char* move;
  };
  const Case checks[] = {
      {"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4c3"},      // discovered by the rook
      {"4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4d6"},      // direct, knight
      {"4k3/8/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"},         // direct, rook along the rank
      {"4k3/8/8/8/8/1B6/8/6K1 w - - 0 1", "b3a4"},        // direct, bishop on the diagonal
      {"4k3/8/8/4B3/8/8/8/4Q1K1 w - - 0 1", "e5f6"},      // discovered along the file
      {"4k3/8/8/8/8/8/4K3/4R3 w - - 0 1", "e2d3"},         // discovered by a king move
  };
  for (const auto& c : checks) {
    const Position pos = Position::from_fen(c.fen).value;
    const Move m = parse_uci_move(pos, c.move);
    ASSERT_FALSE(m.is_none()) << c.fen << " " << c.move;
    ASSERT_TRUE(pos.after(m).in_check()) << c.fen << " " << c.move;
    EXPECT_FALSE(LeafShortcut(pos).child_has_legal_move_out_of_check(pos, m)) << c.fen << " " << c.move;
  }
}

TEST(LeafShortcut, SettlesQuietMovesFromTheStart) {
  const Position start = Position::start();
  const LeafShortcut shortcut(start);
  MoveList moves;
  generate_legal(start, moves);
  for (Move m : moves) EXPECT_TRUE(shortcut.child_has_legal_move_out_of_check(start, m)) << to_uci(m);
}

// children_at_most against the played children, at one node and one bound:
// a yes must hold for every child, and a child above the bound, a terminal
// child or no move at all must get a no.
struct BoundTally {
  std::uint64_t asked = 0;
  std::uint64_t could_say_yes = 0;  // every child is an ordinary leaf at most the bound
  std::uint64_t answered = 0;
  std::uint64_t answered_with_checks = 0;  // a yes where some child is in check
};

void check_bound(const Position& pos, Score bound, BoundTally& tally) {
  MoveList moves;
  generate_legal(pos, moves);
  Score most = -INFINITE_SCORE;
  bool terminal = false, check = false;
  for (Move m : moves) {
    const Position child = pos.after(m);
    terminal |= !has_legal_move(child);
    check |= child.in_check();
    most = std::max(most, Score(-evaluate(child)));
  }
  std::uint64_t count = 0;
  Score best = 0;
  const bool answered = LeafShortcut(pos).children_at_most(pos, bound, count, best);
  ++tally.asked;
  tally.answered += answered;
  const std::string where = pos.fen() + " bound " + std::to_string(bound);
  if (moves.size() == 0 || terminal || most > bound) {
    EXPECT_FALSE(answered) << where;
    return;
  }
  ++tally.could_say_yes;
  if (!answered) return;
  tally.answered_with_checks += check;
  EXPECT_EQ(count, moves.size()) << where;
  EXPECT_EQ(best, most) << where;
}

void check_bounds(const Position& pos, int depth, BoundTally& tally) {
  const Score evaluation = evaluate(pos);
  for (const Score bound : {Score(-INFINITE_SCORE), Score(evaluation - 1), evaluation, Score(evaluation + 99),
                            Score(evaluation + 100), Score(evaluation + 330), Score(INFINITE_SCORE)})
    check_bound(pos, bound, tally);
  if (depth == 0 || ::testing::Test::HasFailure()) return;
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) check_bounds(pos.after(m), depth - 1, tally);
}

TEST(LeafShortcut, BoundsEveryChildAtOnceAsThePlayedChildrenSay) {
  BoundTally tally;
  for (const Position& pos : suite_positions()) {
    check_bounds(pos, 2, tally);
    if (HasFailure()) return;
  }
  EXPECT_GT(tally.could_say_yes, 10'000u);
  // A yes must be common where one is possible, or the search's bulk scan
  // buys nothing. (This suite is mostly special cases, see above: about a
  // quarter here.)
  EXPECT_GT(tally.answered, tally.could_say_yes / 5) << tally.answered << " of " << tally.could_say_yes;
  EXPECT_GT(tally.answered_with_checks, 1'000u) << tally.answered_with_checks << " of " << tally.answered;
}

TEST(LeafShortcut, BoundsTheStartPositionsChildren) {
  const Position start = Position::start();
  std::uint64_t count = 0;
  Score best = 1;
  ASSERT_TRUE(LeafShortcut(start).children_at_most(start, 0, count, best));
  EXPECT_EQ(count, 20u);
  EXPECT_EQ(best, 0);
  EXPECT_FALSE(LeafShortcut(start).children_at_most(start, -1, count, best));
  // After 1. d4 e5 white may take the pawn, and no move gives check: every
  // child is worth at most 100.
  const Position englund =
      Position::from_fen("rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq e6 0 2").value;
  EXPECT_FALSE(LeafShortcut(englund).children_at_most(englund, 99, count, best));
  ASSERT_TRUE(LeafShortcut(englund).children_at_most(englund, 100, count, best));
  EXPECT_EQ(count, 29u);
  EXPECT_EQ(best, 100);
}

}  // namespace
}  // namespace prunebench
