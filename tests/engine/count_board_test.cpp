// The light board of bulk perft (engine/count_board.h): every move played on
// it must give the board of the played Position, and counting on it must give
// the Position's count. Checked on every position of the perft suite and on
// each position two plies below the first few, which covers castling, en
// passant, promotions with and without capture, and checks.
#include <gtest/gtest.h>

#include "engine/count_board.h"
#include "engine/movegen.h"
#include "tests/engine/perft_suite.h"

namespace prunebench {
namespace {

// Every legal move of `pos` played on pos's CountBoard equals the CountBoard
// of the Position after the move; returns the moves checked.
int check_moves_of(const Position& pos) {
  const CountBoard board(pos);
  MoveList moves;
  generate_legal(pos, moves);
  for (Move m : moves) {
    const Position child = pos.after(m);
    EXPECT_TRUE(board.after(pos, m) == CountBoard(child)) << pos.fen() << ' ' << to_uci(m);
    EXPECT_EQ(count_legal(board.after(pos, m)), count_legal(child)) << pos.fen() << ' ' << to_uci(m);
  }
  return int(moves.size());
}

std::vector<Position> suite_positions() {
  std::vector<Position> positions;
  for (const auto& c : testing::load_perft_suite()) positions.push_back(Position::from_fen(c.fen).value);
  return positions;
}

TEST(CountBoard, EveryMoveGivesThePlayedPositionsBoard) {
  int checked = 0;
  const auto positions = suite_positions();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    checked += check_moves_of(positions[i]);
    if (i >= 16) continue;
    MoveList moves, replies;
    generate_legal(positions[i], moves);
    for (Move m : moves) {
      const Position child = positions[i].after(m);
      generate_legal(child, replies);
      for (Move r : replies) checked += check_moves_of(child.after(r));
    }
  }
  EXPECT_GT(checked, 100'000);
}

// count_legal_replies is perft at depth 2, summed here through Positions.
TEST(CountBoard, RepliesAreTheSumOfTheChildrensCounts) {
  for (const Position& pos : suite_positions()) {
    MoveList moves;
    generate_legal(pos, moves);
    std::uint64_t expected = 0;
    for (Move m : moves) expected += std::uint64_t(count_legal(pos.after(m)));
    EXPECT_EQ(count_legal_replies(pos), expected) << pos.fen();
    EXPECT_EQ(count_legal(CountBoard(pos)), count_legal(pos)) << pos.fen();
  }
}

}  // namespace
}  // namespace prunebench
