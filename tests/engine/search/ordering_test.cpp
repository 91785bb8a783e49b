#include "engine/search/ordering.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <vector>

#include "engine/move_order_scores.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/child_list.h"
#include "engine/trees/random_tree.h"

namespace prunebench {
namespace {

// A one-node tree whose children have fixed base scores; odd children are
// "captures" (not quiet), so killers and history must ignore them.
struct ScoredNode {
  using MoveType = ChildMove;
  using MoveList = ChildList;
  static constexpr int HISTORY_SIZE = ChildList::CAPACITY;

  std::vector<std::int64_t> scores;

  void generate(ChildList& list) const {
    list.clear();
    for (int i = 0; i < int(scores.size()); ++i) list.push_back(ChildMove{i});
  }
  bool has_children() const { return true; }
  Score terminal_score(int) const { return 0; }
  Score evaluate() const { return 0; }
  void make(ChildMove) {}
  void unmake(ChildMove) {}
  Key key() const { return 1; }
  bool supports_ordering(BaseOrdering) const { return true; }
  // The canonical order of this node is the reverse of its generator order,
  // so that a tie-break in canonical order shows.
  std::int64_t move_score(BaseOrdering o, ChildMove m) const {
    if (o == BaseOrdering::CANONICAL) return -1 - (std::int64_t(scores.size()) - m.index);
    return o == BaseOrdering::NATURAL ? 0 : scores[std::size_t(m.index)];
  }
  int history_index(ChildMove m) const { return m.index; }
  bool is_quiet(ChildMove m) const { return m.index % 2 == 0; }
};
static_assert(Tree<ScoredNode>);
static_assert(KnowsQuietMoves<ScoredNode>);

template <typename Node = ScoredNode>
std::vector<int> ordered(const Node& node, const OrderingSpec& spec, OrderingHints<ChildMove> hints = {},
                         const KillerTable<ChildMove>& killers = {}, const HistoryTable& history = HistoryTable(64)) {
  ChildList list;
  node.generate(list);
  order_moves(node, list, spec, hints, killers, history);
  std::vector<int> indices;
  for (ChildMove m : list) indices.push_back(m.index);
  return indices;
}

const ScoredNode NODE{{0, 50, 0, 10, 0, 50}};

TEST(Ordering, NaturalWithoutExtrasIsANoOp) {
  const OrderingSpec spec;
  EXPECT_FALSE(spec.reorders());
  EXPECT_EQ(ordered(NODE, spec), (std::vector<int>{0, 1, 2, 3, 4, 5}));
}

TEST(Ordering, BaseScoreLargerFirstAndStable) {
  OrderingSpec spec;
  spec.base = BaseOrdering::MVV_LVA;
  EXPECT_TRUE(spec.reorders());
  EXPECT_EQ(ordered(NODE, spec), (std::vector<int>{1, 5, 3, 0, 2, 4}));
}

TEST(Ordering, HashMoveThenPvMoveThenBase) {
  OrderingSpec spec;
  spec.base = BaseOrdering::MVV_LVA;
  spec.tt_move_first = spec.pv_move_first = true;
  EXPECT_EQ(ordered(NODE, spec, {ChildMove{4}, ChildMove{2}, 0}), (std::vector<int>{4, 2, 1, 5, 3, 0}));
  // The same move as hash and PV move is simply first.
  EXPECT_EQ(ordered(NODE, spec, {ChildMove{3}, ChildMove{3}, 0}), (std::vector<int>{3, 1, 5, 0, 2, 4}));
  // Hints that are off in the spec are ignored.
  spec.tt_move_first = false;
  EXPECT_EQ(ordered(NODE, spec, {ChildMove{4}, ChildMove{}, 0}), (std::vector<int>{1, 5, 3, 0, 2, 4}));
}

TEST(Ordering, KillersRankAfterBaseScoreBeforeOtherQuiets) {
  OrderingSpec spec;
  spec.base = BaseOrdering::MVV_LVA;
  spec.killers = true;
  KillerTable<ChildMove> killers;
  killers.add(3, ChildMove{2});
  killers.add(3, ChildMove{4});  // latest killer first
  EXPECT_EQ(killers.rank(3, ChildMove{4}), 2);
  EXPECT_EQ(killers.rank(3, ChildMove{2}), 1);
  EXPECT_EQ(killers.rank(2, ChildMove{4}), 0);
  EXPECT_EQ(ordered(NODE, spec, {ChildMove{}, ChildMove{}, 3}, killers),
            (std::vector<int>{1, 5, 3, 4, 2, 0}));
  killers.add(3, ChildMove{4});  // adding the latest again changes nothing
  EXPECT_EQ(killers.rank(3, ChildMove{2}), 1);
  killers.clear();
  EXPECT_EQ(killers.rank(3, ChildMove{4}), 0);
}

TEST(Ordering, HistoryIsDepthSquared) {
  HistoryTable history(64);
  history.bump(2, 3);
  history.bump(2, 1);
  history.bump(0, 2);
  EXPECT_EQ(history.score(2), 10);
  EXPECT_EQ(history.score(0), 4);
  OrderingSpec spec;
  spec.history = true;
  EXPECT_EQ(ordered(NODE, spec, {}, {}, history), (std::vector<int>{2, 0, 1, 3, 4, 5}));
  history.clear();
  EXPECT_EQ(history.score(2), 0);
}

// A node that searched its hash move before ordering reads the history as it
// stood at its mark; nested marks (its descendants') keep the outer one's log.
TEST(Ordering, HistoryRewindsToAMarkAndReplays) {
  HistoryTable history(8);
  history.bump(1, 2);
  const std::vector<std::int64_t> at_mark(history.scores(), history.scores() + 8);
  const std::int64_t max_at_mark = history.max_score();
  const std::size_t outer = history.mark();
  history.bump(3, 4);
  const std::size_t inner = history.mark();
  history.bump(1, 3);
  history.bump(5, 1);
  history.release();  // the inner node is done; the outer node still needs its log
  EXPECT_EQ(inner, 1u);
  history.bump(3, 2);
  const std::vector<std::int64_t> after(history.scores(), history.scores() + 8);
  const std::int64_t max_after = history.max_score();
  EXPECT_EQ(max_after, 20);
  history.rewind(outer);
  EXPECT_EQ(std::vector<std::int64_t>(history.scores(), history.scores() + 8), at_mark);
  EXPECT_EQ(history.max_score(), max_at_mark);
  history.replay(outer);
  EXPECT_EQ(std::vector<std::int64_t>(history.scores(), history.scores() + 8), after);
  EXPECT_EQ(history.max_score(), max_after);
  history.release();
  // No mark open: nothing is logged, and a new mark starts an empty log.
  history.bump(2, 1);
  EXPECT_EQ(history.mark(), 0u);
  history.release();
}

TEST(Ordering, CanonicalTiebreakOrdersEqualKeys) {
  OrderingSpec spec;
  spec.canonical_tiebreak = true;
  EXPECT_TRUE(spec.reorders());
  // Every key is equal: the canonical order alone (here the reverse).
  EXPECT_EQ(ordered(NODE, spec), (std::vector<int>{5, 4, 3, 2, 1, 0}));
  // Base scores first (1 and 5 tie on 50), then the zero-score moves, each run in canonical order.
  spec.base = BaseOrdering::MVV_LVA;
  EXPECT_EQ(ordered(NODE, spec), (std::vector<int>{5, 1, 3, 4, 2, 0}));
}

TEST(Ordering, CanonicalTiebreakComesLast) {
  OrderingSpec spec;
  spec.base = BaseOrdering::MVV_LVA;
  spec.canonical_tiebreak = spec.tt_move_first = spec.killers = spec.history = true;
  KillerTable<ChildMove> killers;
  killers.add(0, ChildMove{0});
  HistoryTable history(64);
  history.bump(2, 1);
  // Hash move 4, base scores (5, 1 tie: canonical), killer 0, history 2, then the rest.
  EXPECT_EQ(ordered(NODE, spec, {ChildMove{4}, ChildMove{}, 0}, killers, history),
            (std::vector<int>{4, 5, 1, 3, 0, 2}));
}

TEST(Ordering, CanonicalAsBaseOrderingSortsEveryMove) {
  OrderingSpec spec;
  spec.base = BaseOrdering::CANONICAL;
  EXPECT_TRUE(spec.reorders());
  EXPECT_EQ(ordered(NODE, spec), (std::vector<int>{5, 4, 3, 2, 1, 0}));
}

TEST(Ordering, RandomSeedReshufflesTheTreesScores) {
  ScoredNode node{{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}};
  OrderingSpec spec;
  spec.base = BaseOrdering::RANDOM;
  EXPECT_EQ(ordered(node, spec), (std::vector<int>{11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0}));
  spec.seed = 7;
  const std::vector<int> seven = ordered(node, spec);
  EXPECT_NE(seven, ordered(node, OrderingSpec{BaseOrdering::RANDOM, false, false, false, false, 0}));
  EXPECT_EQ(seven, ordered(node, spec));  // deterministic
}

// Base scores and history too large to pack into one integer key
// (PackedKey) are sorted by the full key instead: the same order.
TEST(Ordering, KeysThatDoNotPackOrderAsThoseThatDo) {
  const std::int64_t huge = std::int64_t(1) << 40;
  OrderingSpec spec;
  spec.base = BaseOrdering::MVV_LVA;
  EXPECT_EQ(ordered(ScoredNode{{0, 50 * huge, 0, 10 * huge, 0, 50 * huge}}, spec), ordered(NODE, spec));
  EXPECT_EQ(ordered(ScoredNode{{0, 50, 0, -huge, 0, 50}}, spec), (std::vector<int>{1, 5, 0, 2, 4, 3}));
  HistoryTable history(64);
  history.bump(2, 1 << 16);  // (2^16)^2 = 2^32
  history.bump(4, 1);
  spec.history = true;
  EXPECT_EQ(ordered(NODE, spec, {}, {}, history), (std::vector<int>{1, 5, 3, 2, 4, 0}));
}

// The picker hands out moves as asked, and asked again from the start (as
// nullmove=verified searches them twice) gives the same order.
TEST(MovePicker, PicksLazilyInTheOrderOfOrderMoves) {
  const ScoredNode node{{0, 7, -3, 7, 0, 9, -3, 1, 0, 7}};
  OrderingSpec spec;
  spec.base = BaseOrdering::MVV_LVA;
  const std::vector<int> expected{5, 1, 3, 9, 7, 0, 4, 8, 2, 6};
  EXPECT_EQ(ordered(node, spec), expected);
  ChildList list;
  node.generate(list);
  MovePicker<ScoredNode> picker(list);
  picker.order(node, spec, {}, {}, HistoryTable(64));
  ASSERT_EQ(picker.size(), expected.size());
  EXPECT_EQ(picker[0].index, 5);
  EXPECT_EQ(picker[1].index, 1);
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(picker[i].index, expected[i]) << i;
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(picker[i].index, expected[i]) << i;
}

// A tree that scores whole lists (as chess does) takes the picker's path
// for scores in hand: the same order for every mix of hints, killers and
// history.
struct ListScoredNode : ScoredNode {
  void move_scores(BaseOrdering o, const ChildList& list, std::int64_t* out) const {
    for (std::size_t i = 0; i < list.size(); ++i) out[i] = move_score(o, list[i]);
  }
};
static_assert(ScoresMoveLists<ListScoredNode>);

TEST(Ordering, ListScoresOrderAsMoveScores) {
  const ListScoredNode node{{{0, 7, -3, 7, 0, 9, -3, 1, 0, 7}}};
  KillerTable<ChildMove> killers;
  killers.add(1, ChildMove{8});
  killers.add(1, ChildMove{2});
  HistoryTable history(64);
  history.bump(4, 2);
  history.bump(6, 1);
  for (int flags = 0; flags < 16; ++flags) {
    OrderingSpec spec;
    spec.base = BaseOrdering::MVV_LVA;
    spec.tt_move_first = flags & 1, spec.pv_move_first = flags & 2;
    spec.killers = flags & 4, spec.history = flags & 8;
    const OrderingHints<ChildMove> hints{ChildMove{6}, ChildMove{0}, 1};
    ChildList list;
    node.generate(list);
    order_moves(node, list, spec, hints, killers, history);
    std::vector<int> indices;
    for (ChildMove m : list) indices.push_back(m.index);
    EXPECT_EQ(indices, ordered(node, spec, hints, killers, history)) << flags;
  }
}

// A tree that lists the moves scoring other than zero (as chess does under
// MVV-LVA) takes the picker's sparse path: the order of the tree that scores
// move by move, whether the search reads moves in order or jumps ahead, and
// with a listed move scoring zero (kept where it stands).
struct SparseScoredNode : ScoredNode {
  template <std::size_t N>
  bool sparse_move_scores(BaseOrdering o, const ChildList& list, const std::array<ChildMove, N>& also,
                          std::int64_t* out, std::uint16_t* indices, std::size_t& count) const {
    count = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::int64_t score = move_score(o, list[i]);
      const bool named = std::find(also.begin(), also.end(), list[i]) != also.end();
      if (score == 0 && !named && !(list_zeros && i % 3 == 0)) continue;
      out[count] = score, indices[count++] = std::uint16_t(i);
    }
    return true;
  }
  bool list_zeros = false;
};
static_assert(ScoresSparseMoveLists<SparseScoredNode>);

// The picker's order, read from the last move to the first (each move
// asked for jumps ahead of every one not yet picked).
template <typename Node>
std::vector<int> picked_backwards(const Node& node, const OrderingSpec& spec, OrderingHints<ChildMove> hints = {},
                                  const KillerTable<ChildMove>& killers = {},
                                  const HistoryTable& history = HistoryTable(64)) {
  ChildList list;
  node.generate(list);
  MovePicker<Node> picker(list);
  picker.order(node, spec, hints, killers, history);
  std::vector<int> indices(picker.size());
  for (std::size_t i = picker.size(); i-- > 0;) indices[i] = picker[i].index;
  return indices;
}

TEST(MovePicker, SparseScoresOrderAsMoveScores) {
  const std::vector<std::vector<std::int64_t>> lists{
      {0, 7, -3, 7, 0, 9, -3, 1, 0, 7}, {0, 0, 0, 0}, {5, 5, 5}, {0, 0, 4, 0, 0, 2}, {-1, 0, -1, 3}, {}, {0}};
  for (const bool list_zeros : {false, true}) {
    for (const std::vector<std::int64_t>& scores : lists) {
      SparseScoredNode node;
      node.scores = scores, node.list_zeros = list_zeros;
      OrderingSpec spec;
      spec.base = BaseOrdering::MVV_LVA;
      const std::vector<int> expected = ordered(ScoredNode{scores}, spec);
      EXPECT_EQ(ordered(node, spec), expected);
      EXPECT_EQ(picked_backwards(node, spec), expected);
    }
  }
}

// With hints, killers and history the sparse path keys the listed moves
// (base score, hash and PV move, killers) first and, when the history is
// fixed for the node, the rest only once one of them is asked for: the order
// of the tree that scores move by move for every mix, every way of reading.
TEST(MovePicker, SparseScoresWithHintsOrderAsMoveScores) {
  const std::vector<std::vector<std::int64_t>> lists{
      {0, 7, -3, 7, 0, 9, -3, 1, 0, 7, 0, 0}, {0, 0, 0, 0, 0, 0, 0}, {5, 5, 5}, {0, 0, 4, 0, 0, 2, 0, 0, 0}, {}, {0}};
  KillerTable<ChildMove> killers;
  killers.add(1, ChildMove{8});
  killers.add(1, ChildMove{2});
  HistoryTable history(64);
  for (const int index : {4, 6, 10, 3}) history.bump(index, 2);
  history.bump(0, 1);
  for (const bool list_zeros : {false, true})
    for (const std::vector<std::int64_t>& scores : lists)
      for (int flags = 0; flags < 32; ++flags) {
        SparseScoredNode node;
        node.scores = scores, node.list_zeros = list_zeros;
        OrderingSpec spec;
        spec.base = BaseOrdering::MVV_LVA;
        spec.tt_move_first = flags & 1, spec.pv_move_first = flags & 2;
        spec.killers = flags & 4, spec.history = flags & 8;
        const OrderingHints<ChildMove> hints{ChildMove{6}, ChildMove{0}, 1, bool(flags & 16)};
        const std::vector<int> expected = ordered(ScoredNode{scores}, spec, hints, killers, history);
        EXPECT_EQ(ordered(node, spec, hints, killers, history), expected) << flags;
        EXPECT_EQ(picked_backwards(node, spec, hints, killers, history), expected) << flags;
      }
}

// Chess lists of more than 64 moves (the most a legal position has is 218),
// a few of them captures: under MVV-LVA the picker lists the captures and
// picks the rest 64 moves at a time. Its order, read forward and backward, is
// the stable sort of the generated list by mvv_lva_score, larger first.
TEST(MovePicker, LongChessListsOrderAsAStableSortByMvvLva) {
  for (const char* fen : {"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
                          "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Qn3Q2/pp1Q4/kBNN1KB1 w - - 0 1"}) {
    const Position position = Position::from_fen(fen).value;
    const ChessTree tree(position);
    ChessTree::MoveList list;
    tree.generate(list);
    ASSERT_GT(list.size(), 128u) << fen;
    std::vector<Move> expected(list.begin(), list.end());
    ASSERT_TRUE(std::any_of(expected.begin(), expected.end(), [](Move m) { return m.is_capture(); })) << fen;
    std::stable_sort(expected.begin(), expected.end(), [&](Move a, Move b) {
      return mvv_lva_score(position, a) > mvv_lva_score(position, b);
    });
    OrderingSpec spec;
    spec.base = BaseOrdering::MVV_LVA;
    for (const bool backward : {false, true}) {
      ChessTree::MoveList picked_list;
      tree.generate(picked_list);
      MovePicker<ChessTree> picker(picked_list);
      picker.order(tree, spec, {}, {}, HistoryTable(ChessTree::HISTORY_SIZE));
      std::vector<Move> picked(picker.size());
      for (std::size_t k = 0; k < picker.size(); ++k) {
        const std::size_t i = backward ? picker.size() - 1 - k : k;
        picked[i] = picker[i];
      }
      EXPECT_EQ(picked, expected) << fen << (backward ? " backward" : " forward");
    }
  }
}

// The history part of the keys is read late only with history fixed: a
// score changed after order() moves a quiet move then, and not otherwise.
TEST(MovePicker, HistoryIsReadLateOnlyWhenFixed) {
  SparseScoredNode node;
  node.scores = {0, 5, 0, 0};
  OrderingSpec spec;
  spec.base = BaseOrdering::MVV_LVA;
  spec.history = true;
  for (const bool fixed : {false, true}) {
    HistoryTable history(64);
    ChildList list;
    node.generate(list);
    MovePicker<SparseScoredNode> picker(list);
    picker.order(node, spec, {ChildMove{}, ChildMove{}, 0, fixed}, {}, history);
    EXPECT_EQ(picker[0].index, 1);
    history.bump(3, 1);
    EXPECT_EQ(picker[1].index, fixed ? 3 : 0) << fixed;
  }
}

// With scores in hand, whether keys pack is decided per node, from the range
// of the base scores and the largest history score anywhere in the table: a
// node whose own moves would pack takes the general way when another move's
// history does not, and the order is the same either way.
TEST(Ordering, ListScoresThatDoNotPackOrderAsThoseThatDo) {
  const std::int64_t huge = std::int64_t(1) << 40;
  OrderingSpec spec;
  spec.base = BaseOrdering::MVV_LVA;
  EXPECT_EQ(ordered(ListScoredNode{{{0, 50, 0, -huge, 0, 50}}}, spec), (std::vector<int>{1, 5, 0, 2, 4, 3}));
  EXPECT_EQ(ordered(ListScoredNode{{{0, 50 * huge, 0, 10 * huge, 0, 50 * huge}}}, spec), ordered(NODE, spec));
  HistoryTable history(4096);
  history.bump(4, 1);
  history.bump(2, 3);
  EXPECT_EQ(history.max_score(), 9);
  history.bump(4000, 1 << 16);  // (2^16)^2 = 2^32, no move of this node
  EXPECT_EQ(history.max_score(), std::int64_t(1) << 32);
  spec.history = true;
  const std::vector<int> expected{1, 5, 3, 2, 4, 0};
  EXPECT_EQ(ordered(ListScoredNode{NODE}, spec, {}, {}, history), expected);
  EXPECT_EQ(ordered(NODE, spec, {}, {}, history), expected);
  history.clear();
  EXPECT_EQ(history.max_score(), 0);
}

TEST(Ordering, TreesWithoutAQuietTestCallEveryMoveQuiet) {
  static_assert(!KnowsQuietMoves<RandomTree>);
  EXPECT_TRUE(is_quiet(RandomTree(3, 2, 1), ChildMove{1}));
  EXPECT_TRUE(is_quiet(NODE, ChildMove{0}));
  EXPECT_FALSE(is_quiet(NODE, ChildMove{1}));
}

}  // namespace
}  // namespace prunebench
