// prunebench tree theory: reference 002's table of full against minimal tree
// sizes. Nothing is searched; the sizes are the closed forms.
#include <cstdint>
#include <iomanip>
#include <ostream>

#include "engine/trees/minimal_tree.h"
#include "harness/commands/tree_commands.h"
#include "harness/run/context.h"
#include "harness/io/json_io.h"

namespace prunebench::harness::tree_experiment {

namespace {

struct TheoryRow {
  int branching;
  int depth;
};
// Reference 002's table; b = 30 is Shannon's figure for chess.
constexpr TheoryRow THEORY_ROWS[] = {{3, 4}, {3, 6}, {30, 4}, {30, 6}, {30, 10}};

// Every row's sizes fit in 64 bits, so the optionals hold a value.
std::uint64_t full_leaves(const TheoryRow& r) {
  return *full_tree_leaves(std::uint64_t(r.branching), r.depth);
}
std::uint64_t minimal_leaves(const TheoryRow& r) {
  return *minimal_tree_leaves(std::uint64_t(r.branching), r.depth);
}

void print_json(const json& context, std::ostream& out) {
  json rows = json::array();
  for (const TheoryRow& r : THEORY_ROWS)
    rows.push_back({{"branching", r.branching},
                    {"depth", r.depth},
                    {"minimax_leaves", full_leaves(r)},
                    {"best_case_leaves", minimal_leaves(r)}});
  const json document = {
      {"schema_version", SCHEMA_VERSION}, {"kind", "theory"}, {"context", context}, {"rows", rows}};
  out << document.dump(2) << '\n';
}

// Alpha-beta in the worst order reads the full tree, as minimax does.
void print_table(std::ostream& out) {
  out << "   b   d    plain minimax  alpha-beta, worst  alpha-beta, best\n";
  for (const TheoryRow& r : THEORY_ROWS)
    out << std::setw(4) << r.branching << std::setw(4) << r.depth << std::setw(17) << full_leaves(r)
        << std::setw(19) << full_leaves(r) << std::setw(18) << minimal_leaves(r) << '\n';
}

}  // namespace

ArgParser theory_parser() {
  ArgParser parser(
      "prunebench tree theory [--json]",
      "Reference 002's table: leaves of the full tree b^d (minimax, and alpha-beta in the worst\n"
      "order) against the Knuth-Moore minimal tree b^ceil(d/2) + b^floor(d/2) - 1 (best order).");
  parser.add_flag("json", "print one JSON object of kind \"theory\" instead of a table");
  return parser;
}

int run_theory(const ParsedArgs& parsed, const Args& args, std::ostream& out, std::ostream& /*err*/) {
  if (parsed.has("json"))
    print_json(tool_context(command_line({"prunebench", "tree", "theory"}, args)), out);
  else
    print_table(out);
  return EXIT_OK;
}

}  // namespace prunebench::harness::tree_experiment
