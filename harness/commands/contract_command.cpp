// prunebench contract --mode MODE [--cases N] [--seed N] [--suite FILE] [--nodes KINDS] [--export FILE]
//                     [--inject MUTANT]
#include <filesystem>
#include <ostream>
#include <sstream>

#include "engine/search/contract.h"
#include "engine/search/mutant.h"
#include "engine/text.h"
#include "harness/commands/commands.h"
#include "harness/io/file_identity.h"
#include "harness/io/json_io.h"
#include "harness/options/cli_args.h"
#include "harness/options/project_files.h"
#include "harness/run/chess_search.h"
#include "harness/run/context.h"
#include "harness/run/contract_cases.h"

namespace prunebench::harness {
namespace {

constexpr std::int64_t MAX_CASES = 10'000'000;
constexpr std::string_view CONTRACT_SUITE = "positions/bratko-kopec.epd";

ArgParser contract_parser() {
  ArgParser parser(
      "prunebench contract --mode MODE [--cases N] [--seed N] [--suite FILE] [--nodes KINDS] [--export FILE]\n"
      "                    [--inject MUTANT]",
      "Checks reference 001's contract of a windowed search on random nodes, depths and\n"
      "windows: with true value V (plain negamax) and result v of window (a, b),\n"
      "  v <= a => V <= v,   v >= b => V >= v,   otherwise v = V\n"
      "(and a <= v <= b under fail=hard). The windowed core of MODE is checked (alpha-beta\n"
      "or PVS with the mode's ordering, table and fail policy, after the searches that\n"
      "fill its table, with mate-distance its children's first; MTD(f)'s null-window\n"
      "alpha-beta with memory), and the whole mode's own root value must be V.\n"
      "Full-width modes take no window: their value is checked.\n"
      "Nodes: uniform random trees and tie-heavy trees (values -1, 0, 1) at random\n"
      "distances from their roots, depth 1-4, and the suite's positions after 0-3 random\n"
      "moves, depth 1-3. A mode the synthetic trees cannot run (order=mvv-lva) is checked\n"
      "on chess only. Case i depends only on (seed, i). Exit 0: no violation; 1: at\n"
      "least one (the first 10 are listed, each with what rebuilds its node); 2: bad input.");
  parser.add_value("mode", "MODE", "the mode to check (as in 'prunebench search --mode')");
  parser.add_value("cases", "N", "number of cases (1-" + std::to_string(MAX_CASES) + ")", "1000");
  parser.add_value("seed", "N", "the cases' seed (0-2^63)", "1");
  parser.add_value("suite", "FILE",
                   "EPD/FEN positions for the chess cases; " + project_file_default_help(CONTRACT_SUITE));
  parser.add_value("nodes", "KINDS", "trees, chess or both", "both");
  parser.add_value("export", "FILE",
                   "also write every case (node, depth, window, true value V) as JSON, kind \"contract-cases\", "
                   "for another implementation to replay (docs/json-schema.md)");
  parser.add_value("inject", "MUTANT",
                   "plant one of the bug museum's bugs in MODE, to see the check catch it: " + mutant_names() +
                       " (engine/search/mutant.h; 'prunebench museum' tabulates them)");
  return parser;
}

void print_report(const ContractPlan& plan, const ContractReport& report, std::ostream& out) {
  out << "contract: mode " << plan.mode;
  if (plan.mutant != Mutant::NONE) out << " with the bug " << mutant_info(plan.mutant).name << " injected";
  out << ", seed " << plan.seed << ", " << report.cases << " cases ("
      << report.by_kind[int(NodeKind::RANDOM_TREE)] << " random tree, "
      << report.by_kind[int(NodeKind::TIE_HEAVY_TREE)] << " tie-heavy tree, " << report.by_kind[int(NodeKind::CHESS)]
      << " chess)\n";
  if (!report.trees_skipped.empty()) out << "  synthetic trees skipped: " << report.trees_skipped << '\n';
  out << "  fail low " << report.fail_lows << ", fail high " << report.fail_highs << ", inside the window "
      << report.inside << '\n';
  for (const ContractViolation& v : report.violations) out << "  violation: " << describe(v) << '\n';
  out << "violations: " << report.violation_count << '\n';
}

// One case as another implementation replays it: the node, depth and window,
// and the true value V its search must be checked against.
nlohmann::ordered_json case_json(const ContractCase& c) {
  nlohmann::ordered_json json = {{"index", c.index}, {"node_kind", std::string(to_string(c.kind))}, {"node", c.node}};
  if (!c.fen.empty()) json["fen"] = c.fen;
  json["depth"] = c.depth;
  json["alpha"] = c.alpha;
  json["beta"] = c.beta;
  json["value"] = c.truth;
  return json;
}

nlohmann::ordered_json export_document(const ContractPlan& plan, const Args& args, nlohmann::ordered_json cases) {
  return {{"schema_version", SCHEMA_VERSION},
          {"kind", "contract-cases"},
          {"context", tool_context(command_line({"prunebench", "contract"}, args))},
          {"mode", plan.mode},
          {"seed", plan.seed},
          {"mate_distance", plan.spec.mate_distance},
          {"cases", std::move(cases)}};
}

}  // namespace

int contract_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = contract_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench contract --help')", out, err))
    return *done;
  const auto fail = [&](const std::string& message) { return report_bad_input(err, message); };
  if (!parsed.has("mode")) return fail("missing --mode (the mode to check, e.g. --mode pvs-id-tt-killers)");
  const Parsed<std::int64_t> cases = parsed.integer("cases", 1, MAX_CASES);
  if (!cases.ok()) return fail(cases.error);
  const Parsed<std::int64_t> seed = parsed.integer("seed", 0, INT64_MAX);
  if (!seed.ok()) return fail(seed.error);
  const std::string nodes = parsed.value("nodes");
  if (nodes != "trees" && nodes != "chess" && nodes != "both")
    return fail("--nodes: expected trees, chess or both, not '" + nodes + "'");

  ContractPlan plan;
  plan.mode = parsed.value("mode");
  const ModeParse mode = parse_mode(plan.mode);
  if (!mode.ok()) return fail(mode.error);
  plan.spec = mode.value;
  if (std::string why = contract_refusal(plan.spec); !why.empty()) return fail(plan.mode + ": " + why);
  plan.cases = int(cases.value);
  plan.seed = std::uint64_t(seed.value);
  if (parsed.has("inject")) {
    const std::optional<Mutant> mutant = mutant_named(parsed.value("inject"));
    if (!mutant)
      return fail("--inject: unknown bug '" + quote_input(parsed.value("inject")) + "' (known: " + mutant_names() +
                  ")");
    plan.mutant = *mutant;
  }

  std::string no_trees = trees_refusal(plan.spec);
  plan.trees = nodes != "chess" && no_trees.empty();
  if (nodes == "trees" && !no_trees.empty()) return fail(plan.mode + " cannot run on synthetic trees: " + no_trees);
  if (nodes != "trees") {
    if (std::string why = check_chess_spec(plan.spec); !why.empty()) {
      if (nodes == "chess" || !plan.trees) return fail(plan.mode + " cannot run on chess: " + why);
    } else {
      const Parsed<std::string> suite_path = file_option_or_project_file(parsed, "suite", CONTRACT_SUITE);
      if (!suite_path.ok()) return fail(suite_path.error);
      if (parsed.has("export"))
        if (std::string clash = check_outputs_apart({{"--suite", suite_path.value}}, {{"--export", parsed.value("export")}});
            !clash.empty())
          return fail(clash);
      SuiteResult suite = read_suite(suite_path.value);
      if (!suite.error.empty()) return fail(suite.error);
      if (suite.value.entries.empty()) return fail(suite_path.value + ": no positions");
      plan.chess = std::move(suite.value.entries);
    }
  }

  const bool exporting = parsed.has("export");
  if (exporting) {  // before any case runs, so a mistyped path costs no work
    const std::filesystem::path path = parsed.value("export");
    const std::filesystem::path folder = path.has_parent_path() ? path.parent_path() : ".";
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) return fail("--export " + path.string() + ": is a directory");
    if (!std::filesystem::is_directory(folder, ec))
      return fail("--export " + path.string() + ": no folder " + folder.string());
  }
  nlohmann::ordered_json exported = nlohmann::ordered_json::array();
  const auto keep = [&](const ContractCase& c) { exported.push_back(case_json(c)); };
  ContractReport report = exporting ? run_contract(plan, keep) : run_contract(plan);
  if (nodes == "both" && !no_trees.empty()) report.trees_skipped = no_trees;
  print_report(plan, report, out);
  if (exporting) {
    const std::string path = parsed.value("export");
    const std::string text = export_document(plan, args, std::move(exported)).dump(2) + "\n";
    if (std::string error = write_file_atomically(path, text); !error.empty()) {
      err << error_line(error);
      return EXIT_IO_ERROR;
    }
  }
  return report.violation_count == 0 ? EXIT_OK : EXIT_CHANGED;
}

}  // namespace prunebench::harness
