// prunebench museum [--cases N] [--seed N] [--csv FILE] [--markdown FILE]
#include <ostream>
#include <sstream>

#include "harness/commands/commands.h"
#include "harness/io/json_io.h"
#include "harness/options/cli_args.h"
#include "harness/options/project_files.h"
#include "harness/run/museum.h"

namespace prunebench::harness {
namespace {

constexpr std::int64_t MAX_CASES = 100'000;
constexpr int BASELINE_MAX_DEPTH = 4;  // scripts/baseline.sh's depths
constexpr std::string_view BASELINE_SUITES[] = {"positions/seed.epd", "positions/bratko-kopec.epd"};

ArgParser museum_parser() {
  ArgParser parser("prunebench museum [--cases N] [--seed N] [--csv FILE] [--markdown FILE]",
                   "The bug museum: each bug the reference articles name, planted in prunebench's own\n"
                   "search (engine/search/mutant.h, 'prunebench contract --inject NAME'), and which\n"
                   "check catches it: the contract on a mode the bug lives in (cases run to the first\n"
                   "violation, on synthetic trees and on chess, and the violations by depth parity),\n"
                   "the node-count baseline (the baseline's positions, depths 1-4 and alpha-beta modes,\n"
                   "counts against the unmutated search's) and value agreement (the same searches'\n"
                   "root values against the fixed-depth value). Prints the table in Markdown.\n"
                   "Exit 0: every bug is caught by a check; 1: one is not; 2: bad input.");
  parser.add_value("cases", "N", "contract cases per bug (1-" + std::to_string(MAX_CASES) + ")", "300");
  parser.add_value("seed", "N", "the contract cases' seed (0-2^63)", "1");
  parser.add_value("csv", "FILE", "also write the table as CSV");
  parser.add_value("markdown", "FILE", "also write the Markdown to FILE");
  return parser;
}

// "7", or "-" when no case of that kind violated the contract.
std::string cases_to_first(const ContractReport& report, NodeKind kind) {
  const int cases = report.cases_to_first_violation[int(kind)];
  if (report.by_kind[int(kind)] == 0) return "n/a";
  return cases == 0 ? "-" : std::to_string(cases);
}

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"") == std::string_view::npos) return std::string(text);
  std::string quoted = "\"";
  for (const char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

// How a check of the baseline's searches fared: "search 3 of 1352", "no (1352
// searches)", or "no: none runs its code".
std::string baseline_check(int reached, int catch_at) {
  if (reached == 0) return "no: none runs its code";
  if (catch_at == 0) return "no (" + std::to_string(reached) + " searches)";
  return "search " + std::to_string(catch_at) + " of " + std::to_string(reached);
}

// One row's figures as text, in CSV's column order.
std::vector<std::string> row_cells(const MuseumRow& row) {
  const MutantInfo& bug = mutant_info(row.exhibit.mutant);
  const ContractReport& c = row.contract;
  return {std::string(bug.name),
          std::string(bug.source),
          std::string(bug.mutation),
          std::string(row.exhibit.contract_mode),
          std::string(row.exhibit.contract_suite),
          std::to_string(c.cases),
          std::to_string(c.violation_count),
          cases_to_first(c, NodeKind::RANDOM_TREE),
          cases_to_first(c, NodeKind::TIE_HEAVY_TREE),
          cases_to_first(c, NodeKind::CHESS),
          std::to_string(c.violations_by_depth_parity[1]),
          std::to_string(c.violations_by_depth_parity[0]),
          std::to_string(row.reached_searches),
          std::to_string(row.counts_catch_at),
          std::to_string(row.values_catch_at),
          row.caught_by()};
}

enum Column {
  BUG,
  REFERENCE,
  MUTATION,
  MODE,
  SUITE,
  CASES,
  VIOLATIONS,
  FIRST_RANDOM,
  FIRST_TIE_HEAVY,
  FIRST_CHESS,
  ODD,
  EVEN,
  REACHED,
  COUNTS_CATCH_AT,
  VALUES_CATCH_AT,
  CAUGHT_BY
};

std::string csv_table(const std::vector<MuseumRow>& rows) {
  std::string csv =
      "bug,reference,mutation,contract_mode,contract_suite,contract_cases,contract_violations,"
      "random_tree_cases_to_first_violation,tie_heavy_tree_cases_to_first_violation,"
      "chess_cases_to_first_violation,violations_at_odd_depth,violations_at_even_depth,"
      "baseline_searches_reached,counts_catch_at_search,values_catch_at_search,caught_by\n";
  for (const MuseumRow& row : rows) {
    std::string line;
    for (const std::string& cell : row_cells(row)) line += (line.empty() ? "" : ",") + csv_field(cell);
    csv += line + "\n";
  }
  return csv;
}

// The numbers come from the row itself, not read back from the text of its cells.
std::string markdown_row(const MuseumRow& row) {
  const std::vector<std::string> cell = row_cells(row);
  const int reached = row.reached_searches;
  return "| `" + cell[BUG] + "` | " + cell[REFERENCE] + " | " + cell[MUTATION] + " | `" + cell[MODE] +
         "` on " + cell[SUITE].substr(cell[SUITE].rfind('/') + 1) + " | " + cell[FIRST_RANDOM] + " / " +
         cell[FIRST_TIE_HEAVY] + " / " + cell[FIRST_CHESS] + " | " + cell[ODD] + " / " + cell[EVEN] + " | " +
         baseline_check(reached, row.counts_catch_at) + " | " +
         baseline_check(reached, row.values_catch_at) + " | " + cell[CAUGHT_BY] + " |\n";
}

std::string markdown_table(const std::vector<MuseumRow>& rows, int cases, std::uint64_t seed) {
  std::ostringstream md;
  md << "# The bug museum\n\n"
     << "Each bug the reference articles name, planted in prunebench's own search as a mutant "
        "(`engine/search/mutant.h`; `prunebench contract --inject NAME`), and the checks that catch it. "
        "Made by `prunebench museum --cases "
     << cases << " --seed " << seed
     << "` (scripts/reproduce.sh); never edit by hand.\n\n"
        "- **contract**: `prunebench contract --mode MODE --inject NAME --cases "
     << cases
     << "` (reference 001's three cases against plain negamax); the cases of each kind (random tree, "
        "tie-heavy tree, chess) run up to and including the first violation, `-` when none violated; "
        "violations by the parity of the searched depth.\n"
        "- **counts**: the node-count baseline (`scripts/baseline.sh check`): of the searches of its "
        "plan (positions/seed.epd and positions/bratko-kopec.epd, depths 1-4, its modes but minimax and "
        "minimal) that run the bug's code, in the plan's order, the first whose node count moved.\n"
        "- **values**: value agreement (`run` checks every mode's root value against minimax's): of the "
        "same searches, the first whose root value is not the fixed-depth value.\n\n"
        "| bug | ref. | the mutant | contract mode, chess suite | cases to the first violation: random / "
        "tie-heavy / "
        "chess | violations at odd / even depth | counts moved at | value wrong at | caught by |\n"
        "|---|---|---|---|---|---|---|---|---|\n";
  for (const MuseumRow& row : rows) md << markdown_row(row);
  return md.str();
}

// Reads a project suite; "" or the error.
std::string read_project_suite(std::string_view relative, std::vector<SuiteEntry>& into) {
  const std::optional<std::string> path = find_project_file(relative);
  if (!path) return project_file_not_found(relative, "a checkout");
  SuiteResult suite = read_suite(*path);
  if (!suite.ok()) return suite.error;
  into.insert(into.end(), suite.value.entries.begin(), suite.value.entries.end());
  return "";
}

}  // namespace

int museum_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = museum_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done =
          answer_help_or_parse_error(parser, parsed, " (see 'prunebench museum --help')", out, err))
    return *done;
  const auto fail = [&](const std::string& message) { return report_bad_input(err, message); };
  const Parsed<std::int64_t> cases = parsed.integer("cases", 1, MAX_CASES);
  if (!cases.ok()) return fail(cases.error);
  const Parsed<std::int64_t> seed = parsed.integer("seed", 0, INT64_MAX);
  if (!seed.ok()) return fail(seed.error);

  MuseumPlan plan;
  plan.contract_cases = int(cases.value);
  plan.seed = std::uint64_t(seed.value);
  std::vector<SuiteEntry> baseline_positions;
  for (const std::string_view suite : BASELINE_SUITES)
    if (std::string error = read_project_suite(suite, baseline_positions); !error.empty()) return fail(error);
  for (const Exhibit& exhibit : exhibits()) {
    plan.contract_positions.emplace_back();
    if (std::string error = read_project_suite(exhibit.contract_suite, plan.contract_positions.back());
        !error.empty())
      return fail(error);
  }
  plan.baseline = baseline_records(baseline_positions, BASELINE_MAX_DEPTH);

  std::vector<MuseumRow> rows;
  for (std::size_t i = 0; i < exhibits().size(); ++i) rows.push_back(visit_exhibit(plan, i));
  const std::string markdown = markdown_table(rows, plan.contract_cases, plan.seed);
  out << markdown;
  for (const auto& [option, text] : {std::pair{"csv", csv_table(rows)}, std::pair{"markdown", markdown}}) {
    if (!parsed.has(option)) continue;
    if (std::string error = write_file_atomically(parsed.value(option), text); !error.empty()) {
      err << error_line(error);
      return EXIT_IO_ERROR;
    }
  }
  for (const MuseumRow& row : rows)
    if (row.caught_by() == "nothing") return EXIT_CHANGED;
  return EXIT_OK;
}

}  // namespace prunebench::harness
