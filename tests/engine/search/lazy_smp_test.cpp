// Lazy SMP (engine/search/lazy_smp.h) and its shared table (shared_tt.h): on
// one thread exactly the serial search, on any number of threads the serial
// value and root best move; a torn or corrupted entry reads as a miss.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "engine/trees/chess_tree.h"
#include "engine/trees/random_tree.h"
#include "tests/engine/search/parallel_search.h"

namespace prunebench {
namespace {

using testing::PARALLEL_FENS;
using testing::run;
using testing::Searched;
using testing::serial_of;

const char* const MODES[] = {"id-tt+smp=lazy",
                             "id-tt-killers+smp=lazy",
                             "pvs-id-tt-killers+smp=lazy",
                             "id-tt+fail=hard+smp=lazy",
                             "pvs-id-tt-killers+aspiration=30+smp=lazy",
                             "pvs-id-tt-killers+qsearch+smp=lazy",
                             "pvs-id-tt-killers+mate-distance+tt=1+smp=lazy"};

// The shared table sized and managed as the serial one: the serial search, count for count.
TEST(LazySmp, OneThreadIsTheSerialSearch) { testing::expect_one_thread_is_serial(MODES, 4); }

// Many short searches on 1-4 threads: the serial value and best move every time, and no deadlock.
TEST(LazySmp, RandomThreadCountsKeepTheSerialValue) {
  std::mt19937 random(20261204);
  std::uniform_int_distribution<int> threads(1, 4), depth(2, 6);
  std::map<std::tuple<std::size_t, std::size_t, int>, Searched> serials;
  int helpers_searched = 0;  // trials whose helpers added nodes: the threads did run
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t f = std::size_t(trial) % std::size(PARALLEL_FENS), m = std::size_t(trial / 4) % std::size(MODES);
    const Position root = Position::from_fen(PARALLEL_FENS[f]).value;
    const SearchSpec spec = parse_mode(MODES[m]).value;
    const int d = depth(random), t = threads(random);
    auto [serial, fresh] = serials.try_emplace({f, m, d});
    if (fresh) serial->second = run(root, serial_of(spec), d, 1);
    const Searched parallel = run(root, spec, d, t);
    const std::string context = std::string(PARALLEL_FENS[f]) + ' ' + MODES[m] + " depth " + std::to_string(d) + ", " +
                                std::to_string(t) + " threads";
    testing::expect_serial_value(parallel, serial->second, context);
    helpers_searched += t > 1 && parallel.counters.nodes != serial->second.counters.nodes;
  }
  EXPECT_GT(helpers_searched, 50);
}

constexpr Key KEY = 0x1234'5678'9abc'def0ULL;
const Move E2E4(Square(12), Square(28), DOUBLE_PUSH);

TEST(SharedTranspositionTable, KeepsWhatTheSerialTableKeeps) {
  SharedTranspositionTable<Move> shared(1, true);
  TranspositionTable<Move> serial = TranspositionTable<Move>::with_megabytes(1, true);
  EXPECT_EQ(shared.capacity(), serial.capacity());
  const auto both = [&](Key key, int ply, int draft, Score value, Score alpha, Score beta, Move move) {
    shared.store(key, ply, draft, value, alpha, beta, move);
    serial.store(key, ply, draft, value, alpha, beta, move);
  };
  both(KEY, 0, 3, 15, -10, 10, E2E4);     // fail high: a lower bound
  both(KEY, 0, 3, 20, 20, 30, Move{});    // fail low at the same draft: merged
  both(KEY, 2, 5, MATE - 9, -10, 10, E2E4);  // another draft: replaced, a mate distance converted
  for (Key k = 1; k <= 6; ++k) both(KEY + k * shared.capacity(), 1, int(k), -5, -10, 10, Move{});  // one bucket
  for (Key k = 0; k <= 6; ++k)
    for (int ply : {0, 3}) {
      const auto a = shared.probe(KEY + k * shared.capacity(), ply), b = serial.probe(KEY + k * shared.capacity(), ply);
      ASSERT_EQ(a.has_value(), b.has_value()) << k;
      if (!a) continue;
      EXPECT_EQ(a->key, b->key);
      EXPECT_EQ(a->draft(), b->draft());
      EXPECT_EQ(a->lower, b->lower);
      EXPECT_EQ(a->upper, b->upper);
      EXPECT_EQ(a->move, b->move);
    }
  EXPECT_FALSE(shared.probe(KEY + 1, 0));
}

// A slot whose check word does not match its data: the words of two stores
// interleaved, or any word changed. It is a miss, never another key's entry.
TEST(SharedTranspositionTable, ATornSlotIsAMiss) {
  SharedTranspositionTable<Move> a(1, false), b(1, false);
  a.store(KEY, 0, 3, 15, -10, 10, E2E4);
  b.store(KEY, 0, 4, -7, -10, 10, Move{});
  ASSERT_TRUE(a.probe(KEY, 0) && b.probe(KEY, 0));
  // One store's check and info with the other's bounds, as two racing stores may leave them.
  SharedSlot& slot = a.slot_for_testing(KEY, 0);
  slot.bounds.store(b.slot_for_testing(KEY, 0).bounds.load());
  EXPECT_FALSE(a.probe(KEY, 0));
  // The check word alone changed.
  b.slot_for_testing(KEY, 0).check.fetch_xor(1);
  EXPECT_FALSE(b.probe(KEY, 0));
}

// A move word changed (a bit of the move flipped): a miss, so a corrupted move never reaches ordering.
TEST(SharedTranspositionTable, ABadMoveWordIsAMiss) {
  SharedTranspositionTable<Move> table(1, false);
  table.store(KEY, 0, 3, 15, -10, 10, E2E4);
  table.slot_for_testing(KEY, 0).info.fetch_xor(1u << 3);
  EXPECT_FALSE(table.probe(KEY, 0));
}

// A whole entry whose move is not legal where it is found (a 64-bit key
// collision): ordering finds no such move, and the value stands.
TEST(SharedTranspositionTable, AnIllegalHashMoveChangesNoValue) {
  const Position root = Position::from_fen(PARALLEL_FENS[2]).value;
  const SearchSpec spec = serial_of(parse_mode("id-tt").value);
  SharedTranspositionTable<Move> table(1, false);
  ChessTree tree(root);
  table.store(tree.key(), 0, 3, 0, -10, 10, Move::from_raw(0x0FFF));  // h8h8
  SearchCounters counters;
  SearchContext<ChessTree> ctx(tree, counters, spec, TableRef<Move>(&table, true));
  SearchResult<Move> result;
  detail::search_iterations<ChessTree, Fail::SOFT, Mutant::NONE>(ctx, spec, 3, result);
  EXPECT_EQ(result.score, run(root, spec, 3, 1).result.score);
}

// A helper's view of the table leaves the root's entry alone, and no other.
TEST(SharedTranspositionTable, AHelperNeverStoresTheRoot) {
  SharedTranspositionTable<Move> table(1, false);
  const TableRef<Move> helper(&table, false), main(&table, true);
  helper.store(KEY, 0, 3, 15, -10, 10, E2E4);
  EXPECT_FALSE(table.probe(KEY, 0));
  helper.store(KEY, 1, 3, 15, -10, 10, E2E4);
  EXPECT_TRUE(table.probe(KEY, 1));
  main.store(KEY + 1, 0, 3, 15, -10, 10, E2E4);
  EXPECT_TRUE(table.probe(KEY + 1, 0));
}

TEST(LazySmp, ModesThatCannotTakeItAreRejected) {
  for (const char* mode : {"alphabeta+smp=lazy", "pvs+smp=lazy", "mvv-lva+tt+smp=lazy",
                           "id-tt+tt-draft=ge+smp=lazy"})
    EXPECT_NE(parse_mode(mode).error.find("smp=lazy runs iterative-deepening searches that share one table: it "
                                          "needs tt, id and tt-draft=eq"),
              std::string::npos)
        << mode;
  for (const char* mode : {"minimax+smp=lazy", "mtdf+id+smp=lazy", "minimal+smp=lazy"})
    EXPECT_NE(parse_mode(mode).error.find("alphabeta and pvs only"), std::string::npos) << mode;
  EXPECT_NE(parse_mode("pvs-id-tt-killers+nullmove=2+smp=lazy").error.find("nullmove"), std::string::npos);
  EXPECT_NE(parse_mode("id-tt+order=oracle+smp=lazy").error.find("order=oracle"), std::string::npos);
  EXPECT_EQ(parse_mode("pvs+smp=lazier").error, "unknown parallel scheme 'lazier' for 'smp' (ybwc, lazy, model)");
  EXPECT_EQ(parse_mode("id-tt+smp=lazy").value.smp, Smp::LAZY);
  const SearchSpec spec = parse_mode("alphabeta+tt+id+smp=lazy").value;
  EXPECT_NE(check_spec(RandomTree(3, 3, 1), spec).find("chess positions only"), std::string::npos);
}

}  // namespace
}  // namespace prunebench
