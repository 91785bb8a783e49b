// prunebench contract: reference 001's randomized contract test on any mode,
// called as the CLI calls it.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "engine/search/spec.h"

#include "harness/commands/commands.h"
#include "tests/harness/commands/command_call.h"
#include "harness/run/contract_cases.h"
#include "harness/run/suite.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using testing::expect_one_line_error;
using testing::Result;

Result contract(const Args& args) { return testing::call(contract_command, args); }

std::string suite_path() { return std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/bratko-kopec.epd"; }

TEST(ContractCommand, TableModesKeepTheContractOnTreesAndChess) {
  for (const char* mode : {"unordered+tt", "algo=pvs+tt+id+killers+history", "algo=mtdf+tt", "fail-hard+tt"}) {
    const Result r = contract({"--mode", mode, "--cases", "150", "--suite", suite_path()});
    EXPECT_EQ(r.code, EXIT_OK) << mode << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("violations: 0\n"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("(50 random tree, 50 tie-heavy tree, 50 chess)"), std::string::npos) << r.out;
  }
}

TEST(ContractCommand, ChessOnlyModesSaySoAndRunOnChess) {
  const Result r = contract({"--mode", "pvs-id-tt-killers", "--cases", "60", "--suite", suite_path()});
  EXPECT_EQ(r.code, EXIT_OK) << r.out << r.err;
  EXPECT_NE(r.out.find("(0 random tree, 0 tie-heavy tree, 60 chess)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("synthetic trees skipped: this tree does not support order=mvv-lva"), std::string::npos)
      << r.out;
}

// What CI runs on every named mode (and the options that touch bounds and
// mate scores in the table): a fixed number of cases each, no violation.
TEST(ContractCommand, EveryNamedModeKeepsTheContract) {
  std::vector<std::string> modes;
  for (const NamedMode& m : named_modes()) modes.emplace_back(m.name);
  for (const char* variant : {"id-tt+mate-distance", "mtdf+mate-distance", "pvs-id-tt-killers+aspiration=50",
                              "mvv-lva-fail-hard+tt+id+aspiration=25"})
    modes.emplace_back(variant);
  for (const std::string& mode : modes) {
    const Result r = contract({"--mode", mode, "--cases", "60", "--suite", suite_path()});
    EXPECT_EQ(r.code, EXIT_OK) << mode << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("violations: 0\n"), std::string::npos) << mode << "\n" << r.out;
  }
}

// Every clause of the contract is exercised: fail low, fail high and inside.
TEST(ContractCommand, CasesCoverAllThreeClauses) {
  ContractPlan plan;
  plan.mode = "algo=pvs+tt";
  plan.spec.algorithm = Algorithm::PVS;
  plan.spec.tt = true;
  plan.cases = 300;
  plan.chess = read_suite(suite_path()).value.entries;
  const ContractReport report = run_contract(plan);
  EXPECT_EQ(report.violation_count, 0u);
  EXPECT_GT(report.fail_lows, 30);
  EXPECT_GT(report.fail_highs, 30);
  EXPECT_GT(report.inside, 30);
}

// A violation names everything that rebuilds and replays its case.
TEST(ContractCommand, AViolationCarriesItsReproducer) {
  ContractViolation v;
  v.where.index = 17;
  v.where.node = "chess '8/8/8/8/8/8/8/K1k5 w - - 0 1'";
  v.where.depth = 3;
  v.where.alpha = -20;
  v.where.beta = 40;
  v.where.window_value = 50;
  v.where.truth = 30;
  v.why = "failed high with 50 but the true value is 30";
  EXPECT_EQ(describe(v),
            "case 17, chess '8/8/8/8/8/8/8/K1k5 w - - 0 1', depth 3, window (-20, 40): v 50, V 30: failed high "
            "with 50 but the true value is 30");
}

// --inject plants a named bug in the mode: the same command then fails.
TEST(ContractCommand, AnInjectedBugIsReportedAsViolations) {
  const Result r = contract({"--mode", "unordered", "--inject", "unflipped-evaluation", "--cases", "60", "--suite",
                             suite_path()});
  EXPECT_EQ(r.code, EXIT_CHANGED) << r.out << r.err;
  EXPECT_NE(r.out.find("contract: mode unordered with the bug unflipped-evaluation injected, seed 1"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("violations: 0\n"), std::string::npos) << r.out;
}

TEST(ContractCommand, SameSeedSameReport) {
  const Args args = {"--mode", "unordered+tt", "--cases", "90", "--seed", "7", "--suite", suite_path()};
  EXPECT_EQ(contract(args).out, contract(args).out);
}

TEST(ContractCommand, BadInputIsOneLine) {
  expect_one_line_error(contract({}), "missing --mode");
  expect_one_line_error(contract({"--mode", "nonsense"}), "nonsense");
  expect_one_line_error(contract({"--mode", "unordered", "--seed", "abc"}), "--seed");
  expect_one_line_error(contract({"--mode", "unordered", "--cases", "0"}), "--cases");
  expect_one_line_error(contract({"--mode", "unordered", "--nodes", "forest"}), "--nodes");
  expect_one_line_error(contract({"--mode", "unordered", "--inject", "off-by-one"}),
                        "--inject: unknown bug 'off-by-one' (known: bound-as-exact, ");
  expect_one_line_error(contract({"--mode", "id-tt+tt-draft=ge"}), "not value-preserving");
  expect_one_line_error(contract({"--mode", "mvv-lva", "--nodes", "trees"}), "cannot run on synthetic trees");
  expect_one_line_error(contract({"--mode", "unordered", "--suite", "/nonexistent.epd"}), "nonexistent");
  expect_one_line_error(contract({"--mode", "unordered", "--suite", suite_path(), "--export", suite_path()}),
                        "--export");
  expect_one_line_error(contract({"--mode", "unordered", "--export", "/nonexistent-folder/cases.json"}), "no folder");
}

}  // namespace
}  // namespace prunebench::harness
