// The small subcommands end to end: perft, search, tree, bench and scan-orders, called as
// the CLI calls them, for their output and their errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include <nlohmann/json.hpp>

#include "harness/commands/commands.h"
#include "harness/run/chess_search.h"
#include "tests/harness/commands/command_call.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using testing::call;
using testing::expect_one_line_error;
using testing::Result;

TEST(PerftCommand, JsonHasTheCountAndTheDivide) {
  const Result r = call(perft_command, {"--fen", "startpos", "--depth", "3", "--divide", "--json"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["nodes"], 8902);
  EXPECT_EQ(json["depth"], 3);
  EXPECT_EQ(json["divide"].size(), 20u);
  EXPECT_TRUE(json.contains("seconds") && json.contains("nodes_per_second"));
}

// Stockfish's "go perft" text, which perft-diff tools read: published counts
// (chessprogramming wiki: perft(3) = 8902, a2a3 380).
TEST(PerftCommand, DivideTextIsStockfishsGoPerft) {
  const Result r = call(perft_command, {"--fen", "startpos", "--depth", "3", "--divide"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  EXPECT_NE(r.out.find("a2a3: 380\n"), std::string::npos) << r.out;
  EXPECT_TRUE(r.out.ends_with("\n\nNodes searched: 8902\n")) << r.out;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 20 + 2) << r.out;
}

// docs/json-schema.md: every JSON document opens with schema_version, kind
// and the context of the build that wrote it.
void expect_envelope(const Args& args, int (*command)(const Args&, std::ostream&, std::ostream&),
                     const std::string& kind, Args command_line) {
  const Result r = call(command, args);
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["schema_version"], 1);
  EXPECT_EQ(json["kind"], kind);
  command_line.insert(command_line.end(), args.begin(), args.end());
  EXPECT_EQ(json["context"]["command_line"], command_line);
  for (const char* field :
       {"prunebench_version", "git_commit", "git_dirty", "compiler", "build_type", "compile_flags"})
    EXPECT_TRUE(json["context"].contains(field)) << kind << ": " << field;
}

TEST(JsonOutputs, EveryDocumentHasTheEnvelope) {
  expect_envelope({"--fen", "startpos", "--depth", "1", "--json"}, perft_command, "perft",
                  {"prunebench", "perft"});
  expect_envelope({"--fen", "startpos", "--depth", "1", "--mode", "minimax", "--json"}, search_command, "search",
                  {"prunebench", "search"});
  // tree_command is given the experiment's name too, as the command line has it.
  expect_envelope({"standing", "--order", "ABC", "--json"}, tree_command, "standing", {"prunebench", "tree"});
  expect_envelope({"standing", "--order", "ABC", "--algo", "minimal", "--json"}, tree_command, "standing",
                  {"prunebench", "tree"});
  expect_envelope({"theory", "--json"}, tree_command, "theory", {"prunebench", "tree"});
}

TEST(PerftCommand, SuiteMismatchExitsOne) {
  testing::TempDir dir;
  const std::string suite = dir.file("s.epd");
  testing::write_text(suite, "4k3/8/8/8/8/8/8/4K2R w K - 0 1 ;D1 15 ;D2 67\n");  // D2 is 66
  const Result r = call(perft_command, {"--suite", suite});
  EXPECT_EQ(r.code, EXIT_CHANGED);
  EXPECT_NE(r.out.find("MISMATCH: published 67"), std::string::npos) << r.out;
}

TEST(PerftCommand, BadInput) {
  expect_one_line_error(call(perft_command, {"--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--depth", "1"}), "0 kings");
  expect_one_line_error(call(perft_command, {"--fen", "startpos", "--depth", "x"}), "--depth");
  expect_one_line_error(call(perft_command, {"--fen", "startpos"}), "--depth is required");
  expect_one_line_error(call(perft_command, {"--suite", "/no/such.epd"}), "no such file");
  expect_one_line_error(call(perft_command, {"--fen", "startpos", "--depth", "16"}), "--depth: 16 is out of range 0..15");
  expect_one_line_error(call(perft_command, {"--fen", "startpos", "--depth", "1", "--threads", "2\n"}),
                        "--threads: '2\\x0A' is not an integer");  // echoed quoted, on one line
  expect_one_line_error(call(perft_command, {"--fen", "startpos", "--depth", "1", "--divide", "--make-every-leaf"}),
                        "--divide and --make-every-leaf do not combine");
  expect_one_line_error(call(perft_command, {"--suite", "s.epd", "--depth", "2"}), "does not combine with --fen");
  expect_one_line_error(call(perft_command, {"--suite", "s.epd", "--max-leaves", "-1"}), "--max-leaves: -1 is out");
}

// perft reads its options as every other command does: --name=value too.
TEST(PerftCommand, TakesOptionsAsEveryCommandDoes) {
  const Result r = call(perft_command, {"--fen=startpos", "--depth=3", "--threads=2"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  EXPECT_EQ(r.out.rfind("nodes 8902\nseconds ", 0), 0u) << r.out;  // perft(3), chessprogramming wiki
  const Result help = call(perft_command, {"--help"});
  EXPECT_EQ(help.code, EXIT_OK);
  EXPECT_EQ(help.out.rfind("usage: prunebench perft --fen FEN|startpos --depth N", 0), 0u) << help.out;
  EXPECT_NE(help.out.find("\n       prunebench perft --suite FILE [--max-leaves N]\n"), std::string::npos);
}

TEST(SearchCommand, JsonRecordsTheSpecAndCounters) {
  const Result r = call(search_command, {"--fen", "startpos", "--depth", "3", "--mode", "minimax", "--json"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["counters"]["nodes"], 1 + 20 + 400 + 8902);  // Σ perft(0..3)
  EXPECT_EQ(json["score"], 0);
  EXPECT_EQ(json["spec"]["algorithm"], "minimax");
  for (const char* field : {"best_move", "pv", "seconds", "nodes_per_second", "mode", "depth"})
    EXPECT_TRUE(json.contains(field)) << field;
}

// A seed takes all 64 bits, and the JSON spec keeps it as the number it is.
TEST(SearchCommand, SpecJsonKeepsAFullWidthSeed) {
  const ModeParse mode = parse_mode("unordered,order=random,seed=18446744073709551615");
  ASSERT_TRUE(mode.ok()) << mode.error;
  const nlohmann::ordered_json spec = spec_json(mode.value);
  EXPECT_EQ(spec["order_seed"].get<std::uint64_t>(), 18446744073709551615u);
  EXPECT_EQ(spec["aspiration"], 0);
  EXPECT_EQ(spec["tt"], false);
  EXPECT_EQ(spec["algorithm"], "alphabeta");
}

// --threads splits a full-width search: the same counts, value and line.
TEST(SearchCommand, ThreadsChangeNoCount) {
  for (const char* mode : {"minimax", "negamax", "minimal", "mvv-lva"}) {
    nlohmann::json results[2];
    for (int i = 0; i < 2; ++i) {
      const Result r = call(search_command, {"--fen", "startpos", "--depth", "4", "--mode", mode, "--threads",
                                             i == 0 ? "1" : "2", "--json"});
      ASSERT_EQ(r.code, EXIT_OK) << r.err;
      results[i] = nlohmann::json::parse(r.out);
      results[i].erase("seconds");
      results[i].erase("nodes_per_second");
      results[i].erase("context");  // its command line names the thread count
    }
    EXPECT_EQ(results[0], results[1]) << mode;
  }
}

TEST(PerftCommand, ThreadsChangeNoCount) {
  for (const char* extra : {"--divide", "--make-every-leaf"}) {
    const Result one = call(perft_command, {"--fen", "startpos", "--depth", "4", extra, "--json"});
    const Result two = call(perft_command, {"--fen", "startpos", "--depth", "4", extra, "--threads", "2", "--json"});
    ASSERT_EQ(two.code, EXIT_OK) << two.err;
    auto a = nlohmann::json::parse(one.out), b = nlohmann::json::parse(two.out);
    EXPECT_EQ(b["nodes"], 197281);
    EXPECT_EQ(a["divide"], b["divide"]) << extra;
  }
  expect_one_line_error(call(perft_command, {"--fen", "startpos", "--depth", "2", "--threads", "0"}), "--threads");
  expect_one_line_error(call(perft_command, {"--suite", "x.epd", "--threads", "2"}), "--threads");
}

TEST(SearchCommand, BadInput) {
  expect_one_line_error(call(search_command, {"--fen", "startpos", "--depth", "2", "--mode", "bogus"}), "bogus");
  expect_one_line_error(call(search_command, {"--fen", "startpos", "--depth", "2", "--mode", "order=best"}),
                        "does not support order=best");
  expect_one_line_error(call(search_command, {"--fen", "rnbqkbnr w", "--depth", "2"}), "bad FEN");
  expect_one_line_error(call(search_command, {"--fen", "startpos", "--depth", "2", "--threads", "0"}), "threads");
  // Parallel schemes on modes that cannot take them, and their options on serial modes.
  expect_one_line_error(call(search_command, {"--fen", "startpos", "--depth", "2", "--mode", "minimax+smp=ybwc"}),
                        "alphabeta and pvs only");
  expect_one_line_error(call(search_command, {"--fen", "startpos", "--depth", "2", "--mode", "pvs+smp=lazy"}),
                        "smp=lazy runs iterative-deepening searches that share one table: it needs tt, id and "
                        "tt-draft=eq");
  expect_one_line_error(
      call(search_command, {"--fen", "startpos", "--depth", "2", "--mode", "id-tt+tt-draft=ge+smp=lazy"}),
      "tt-draft=eq");
  expect_one_line_error(call(search_command, {"--fen", "startpos", "--depth", "2", "--mode", "mtdf+id+smp=lazy"}),
                        "alphabeta and pvs only");
  expect_one_line_error(call(search_command, {"--fen", "startpos", "--depth", "2", "--mode", "id-tt+smp=lazy",
                                              "--distinct-nodes"}),
                        "not with smp=");
  expect_one_line_error(call(search_command, {"--fen", "startpos", "--depth", "2", "--mode", "id-tt", "--repeat", "2"}),
                        "--repeat applies to smp=ybwc and smp=lazy");
  // The parallel model: its processors, and the modes it takes.
  const auto model_error = [](const char* mode) {
    return call(search_command, {"--fen", "startpos", "--depth", "2", "--mode", mode});
  };
  expect_one_line_error(model_error("pvs+smp=model"), "smp=model needs processors=P (1..256)");
  expect_one_line_error(model_error("pvs+processors=4"), "processors applies to smp=model only");
  expect_one_line_error(model_error("pvs+smp=model+processors=0"), "virtual processors, 1..256");
  expect_one_line_error(model_error("pvs+smp=model+processors=257"), "virtual processors, 1..256");
  expect_one_line_error(model_error("pvs+smp=model+processors=two"), "virtual processors, 1..256");
  expect_one_line_error(model_error("pvs+qsearch+smp=model+processors=2"), "smp=model does not take qsearch");
  expect_one_line_error(model_error("mtdf+id+smp=model+processors=2"), "alphabeta and pvs only");
  expect_one_line_error(call(search_command, {"--fen", "startpos", "--depth", "2", "--mode",
                                              "pvs+smp=model+processors=2", "--repeat", "2"}),
                        "smp=model's are exact");
}

// The parallel model: exact figures, marked as any deterministic record.
TEST(SearchCommand, ParallelModelRecordsItsFigures) {
  const Result r = call(search_command, {"--fen", "startpos", "--depth", "4", "--mode",
                                         "pvs-id-tt-killers+smp=model+processors=4", "--json"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["spec"]["smp"], "model");
  EXPECT_EQ(json["spec"]["processors"], 4);
  EXPECT_FALSE(json.contains("deterministic"));
  EXPECT_EQ(json["value_differs_from_serial"], false);
  const auto& model = json["parallel"]["model"];
  EXPECT_EQ(model["processors"], 4);
  EXPECT_EQ(model["one_processor_time"], json["parallel"]["serial_nodes"]);
  EXPECT_GT(model["speedup"].get<double>(), 1.0);
  // At most one node per processor per round.
  EXPECT_GE(model["time"].get<std::uint64_t>() * 4, json["counters"]["nodes"].get<std::uint64_t>());
}

// smp=lazy on two threads: the serial value and best move beside its own, counts marked as varying.
TEST(SearchCommand, LazySmpRecordsTheSerialFigures) {
  const Result r = call(search_command, {"--fen", "startpos", "--depth", "4", "--mode", "pvs-id-tt-killers+smp=lazy",
                                         "--threads", "2", "--repeat", "2", "--json"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["spec"]["smp"], "lazy");
  EXPECT_EQ(json["deterministic"], false);
  EXPECT_EQ(json["value_differs_from_serial"], false);
  EXPECT_EQ(json["best_move_differs_from_serial"], false);
  EXPECT_EQ(json["parallel"]["threads"], 2);
  EXPECT_EQ(json["parallel"]["repeat_nodes"].size(), 2u);
}

TEST(TreeCommand, StandingTreeAndTheory) {
  const Result standing = call(tree_command, {"standing", "--order", "BAC", "--json"});
  ASSERT_EQ(standing.code, EXIT_OK) << standing.err;
  const auto json = nlohmann::json::parse(standing.out);
  EXPECT_EQ(json["value"], 3);
  EXPECT_EQ(json["leaves_examined"], 9);  // reference 002: BAC examines all 9
  const Result theory = call(tree_command, {"theory", "--json"});
  ASSERT_EQ(theory.code, EXIT_OK) << theory.err;
  EXPECT_EQ(nlohmann::json::parse(theory.out)["rows"].back()["best_case_leaves"], 48599999);
}

TEST(TreeCommand, RandomTreesBestFirstReadTheMinimalTree) {
  const Result r = call(tree_command, {"random", "--branching", "4", "--depth", "4", "--trees", "3", "--order", "best",
                                       "--json"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  const auto json = nlohmann::json::parse(r.out);  // kept alive: the loop below walks into it
  EXPECT_EQ(json["context"]["command_line"],
            nlohmann::json({"prunebench", "tree", "random", "--branching", "4", "--depth", "4", "--trees", "3",
                            "--order", "best", "--json"}));
  ASSERT_EQ(json["trees"].size(), 3u);
  for (const auto& tree : json["trees"]) EXPECT_EQ(tree["leaves"], 4 * 4 + 4 * 4 - 1);
}

TEST(TreeCommand, BadInput) {
  expect_one_line_error(call(tree_command, {"random", "--branching", "6"}), "--depth");
  expect_one_line_error(call(tree_command, {"standing", "--order", "ABD"}), "ABD");
  expect_one_line_error(call(tree_command, {"forest"}), "forest");
  expect_one_line_error(call(tree_command, {"standing", "--algo", "scout"}),
                        "--algo: unknown algorithm 'scout' (minimax|negamax|alphabeta|fail-hard|pvs|mtdf|minimal)");
  // A name is accepted whole, not as part of the list.
  expect_one_line_error(call(tree_command, {"standing", "--algo", "pvs|mtdf"}), "unknown algorithm");
}

TEST(BenchCommand, PrintsTheSignatureLine) {
  const Result r = call(bench_command, {"--depth", "2", "--mode", "mvv-lva"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  EXPECT_NE(r.out.find("\nNodes searched: "), std::string::npos) << r.out;
  // Position 48 is checkmate: its score reads as one, in a column of its own.
  const std::size_t mate = r.out.find("\nstockfish-bench.epd:48 ");
  ASSERT_NE(mate, std::string::npos) << r.out;
  const std::string line = r.out.substr(mate + 1, r.out.find('\n', mate + 1) - mate - 1);
  EXPECT_TRUE(line.ends_with("     -mate  none")) << line;
  expect_one_line_error(call(bench_command, {"--mode", "nope"}), "nope");
  expect_one_line_error(call(bench_command, {"--mode", "order=best"}), "does not support order=best");
}

// One order against reference 000's 22 figures: prunebench's own generator
// order matches the 5 that results/README.md reports.
TEST(ScanOrdersCommand, MeasuresOneOrderAgainstTheArticle) {
  const Result r = call(scan_orders_command, {"--order", "scan"});
  ASSERT_EQ(r.code, EXIT_OK) << r.err;
  EXPECT_NE(r.out.find("start unordered depth 3                  581         586"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n5 of 22 figures equal\n"), std::string::npos) << r.out;
  const Result unordered = call(scan_orders_command, {"--order", "scan", "--modes", "unordered"});
  EXPECT_NE(unordered.out.find("\n3 of 12 figures equal\n"), std::string::npos) << unordered.out;
}

TEST(ScanOrdersCommand, BadInput) {
  expect_one_line_error(call(scan_orders_command, {"--order", "scan:from=z9"}), "from=z9");
  expect_one_line_error(call(scan_orders_command, {"--modes", "nope"}), "nope");
  expect_one_line_error(call(scan_orders_command, {"--modes", "pvs,mtdf"}), "no figures");
  expect_one_line_error(call(scan_orders_command, {"--suite", "/nonexistent.epd"}), "nonexistent");
}

}  // namespace
}  // namespace prunebench::harness
