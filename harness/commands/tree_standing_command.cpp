// prunebench tree standing: the textbook's 3x3 tree (reference 002) in any
// branch order, or a tree of your own as nested JSON arrays. Prints the value,
// the leaves examined in order, and on request the textbook's trace.
#include <algorithm>
#include <cstdint>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/trees/explicit_tree.h"
#include "harness/commands/tree_commands.h"
#include "harness/run/context.h"
#include "harness/io/json_io.h"

namespace prunebench::harness::tree_experiment {

namespace {

// Bounds the recursion that reads a --tree.
constexpr int MAX_EXPLICIT_DEPTH = 60;

// Reads an explicit tree: nested arrays, integers are leaves (MAX's view),
// e.g. [[3,12,8],[2,4,6],[14,5,2]].
std::string explicit_node_from_json(const json& j, int depth, ExplicitNode& node) {
  if (depth > MAX_EXPLICIT_DEPTH) return "deeper than " + std::to_string(MAX_EXPLICIT_DEPTH) + " levels";
  if (j.is_number_integer()) {
    const auto v = j.get<std::int64_t>();
    if (v <= -MATE_BOUND || v >= MATE_BOUND) return "leaf value " + std::to_string(v) + " is out of range";
    node = leaf(Score(v));
    return "";
  }
  if (!j.is_array()) return "expected an integer or an array, found " + j.dump();
  if (j.empty()) return "an empty array: a node needs children, a leaf is an integer";
  if (j.size() > std::size_t(ChildList::CAPACITY))
    return "a node has " + std::to_string(j.size()) + " children, at most " +
           std::to_string(ChildList::CAPACITY);
  node = ExplicitNode{};
  node.children.resize(j.size());
  for (std::size_t i = 0; i < j.size(); ++i)
    if (std::string e = explicit_node_from_json(j[i], depth + 1, node.children[i]); !e.empty()) return e;
  return "";
}

// The root to search, from --tree or the standing tree in --order; `order` is
// what the JSON reports (null for --tree). Returns an error, or "".
std::string read_root(const ParsedArgs& parsed, ExplicitNode& root, json& order) {
  order = parsed.value("order");
  if (!parsed.has("tree")) {
    if (!is_standing_order(parsed.value("order")))
      return "--order: '" + parsed.value("order") + "' is not a permutation of ABC";
    root = standing_tree(parsed.value("order"));
    return "";
  }
  if (parsed.has("order")) return "--order applies to the standing tree, not to --tree";
  const json j = json::parse(parsed.value("tree"), nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return "--tree: not valid JSON";
  if (std::string e = explicit_node_from_json(j, 0, root); !e.empty()) return "--tree: " + e;
  order = nullptr;
  return "";
}

int height_of(const ExplicitNode& node) {
  int h = 0;
  for (const ExplicitNode& child : node.children) h = std::max(h, 1 + height_of(child));
  return h;
}

std::string describe_tree(const ExplicitNode& node, int ply) {
  if (node.children.empty()) return std::to_string(node.value);
  std::string text = ply % 2 == 0 ? "MAX[" : "MIN(";
  for (std::size_t i = 0; i < node.children.size(); ++i)
    text += (i ? (ply == 0 ? ", " : ",") : "") + describe_tree(node.children[i], ply + 1);
  return text + (ply % 2 == 0 ? "]" : ")");
}

std::string show_score(Score v) {
  if (v <= -INFINITE_SCORE) return "-inf";
  if (v >= INFINITE_SCORE) return "+inf";
  return std::to_string(v);
}

// One line of reference 002's trace.
std::string trace_line(const TraceLine& t) {
  const std::string pad(std::size_t(2 * t.ply), ' ');
  const std::string who = t.is_max() ? "MAX" : "MIN";
  std::ostringstream line;
  switch (t.kind) {
    case TraceLine::Kind::LEAF:
      line << pad << "leaf " << std::setw(2) << t.value;
      break;
    case TraceLine::Kind::CUTOFF:
      line << pad << "CUT: " << who << " has " << t.value << (t.is_max() ? " >= beta " : " <= alpha ")
           << show_score(t.bound) << ", skipping " << t.skipped << " sibling(s)";
      break;
    case TraceLine::Kind::NODE_VALUE:
      line << pad << who << " = " << std::setw(2) << t.value << (t.is_max() ? "   alpha = " : "   beta = ")
           << show_score(t.bound);
      break;
  }
  return line.str();
}

json cutoff_json(const TraceLine& t) {
  return {{"ply", t.ply},
          {"node", t.is_max() ? "MAX" : "MIN"},
          {"value", t.value},
          {t.is_max() ? "beta" : "alpha", t.bound},
          {"skipped", t.skipped}};
}

// `minimal` is not a search: it computes the cheapest proof, so its report
// is the proof's size instead of the leaves it read.
bool is_proof(const std::string& algo) { return algo == "minimal"; }

void print_proof_json(const json& context, const json& order, Score value, const SearchCounters& proof,
                      std::ostream& out) {
  const json document = {{"schema_version", SCHEMA_VERSION}, {"kind", "standing"},
                         {"context", context},               {"order", order},
                         {"algo", "minimal"},                {"value", value},
                         {"minimal_nodes", proof.nodes},     {"minimal_leaves", proof.leaves}};
  out << document.dump(2) << '\n';
}

void print_proof_text(const ExplicitNode& root, Score value, const SearchCounters& proof, std::ostream& out) {
  out << "tree: " << describe_tree(root, 0) << '\n';
  out << "algorithm: minimal (the cheapest proof of the value, not a search)\n";
  out << "value of the root: " << value << '\n';
  out << "minimal tree: " << proof.nodes << " nodes, " << proof.leaves << " leaves\n";
}

void print_json(const json& context, const ExplicitTree& tree, const json& order, const std::string& algo,
                Score value, std::ostream& out) {
  json cutoffs = json::array();
  for (const TraceLine& t : tree.trace())
    if (t.kind == TraceLine::Kind::CUTOFF) cutoffs.push_back(cutoff_json(t));
  const std::vector<Score>& leaves = tree.examined_leaves();
  const json document = {{"schema_version", SCHEMA_VERSION},
                         {"kind", "standing"},
                         {"context", context},
                         {"order", order},
                         {"algo", algo},
                         {"value", value},
                         {"leaves_examined", leaves.size()},
                         {"leaves_total", tree.leaf_count()},
                         {"leaves", leaves},
                         {"cutoffs", cutoffs}};
  out << document.dump(2) << '\n';
}

void print_text(const ExplicitTree& tree, const ExplicitNode& root, const std::string& algo, Score value,
                bool with_trace, std::ostream& out) {
  if (with_trace) {
    for (const TraceLine& t : tree.trace()) out << trace_line(t) << '\n';
    out << '\n';
  }
  const std::vector<Score>& leaves = tree.examined_leaves();
  out << "tree: " << describe_tree(root, 0) << '\n';
  out << "algorithm: " << algo << '\n';
  out << "value of the root: " << value << '\n';
  out << "leaves examined: " << leaves.size() << " of " << tree.leaf_count() << ':';
  for (Score v : leaves) out << ' ' << v;
  out << '\n';
}

}  // namespace

ArgParser standing_parser() {
  ArgParser parser(
      "prunebench tree standing [options]",
      "Search the standing tree of the textbook (reference 002): MAX over MIN nodes\n"
      "A = (3, 12, 8), B = (2, 4, 6), C = (14, 5, 2); value 3, alpha-beta examines 7 of 9 leaves.\n"
      "Prints the value and the leaves examined, in order. Leaf values are MAX's.");
  parser.add_value("order", "ABC", "branch order, a permutation of A, B and C", "ABC");
  parser.add_value(
      "tree", "JSON",
      "search this tree instead: nested arrays, integers are leaves, e.g. '[[3,12,8],[2,4,6],[14,5,2]]'");
  parser.add_value("algo", "ALGO", "search algorithm: " + algo_names(), "alphabeta");
  parser.add_flag("trace", "print the textbook's trace: leaves, node values and cut-offs");
  parser.add_flag("json", "print one JSON object of kind \"standing\" instead of text");
  return parser;
}

int run_standing(const ParsedArgs& parsed, const Args& args, std::ostream& out, std::ostream& err) {
  ExplicitNode root;
  json order;
  if (std::string e = read_root(parsed, root, order); !e.empty()) return report_bad_input(err, e);
  const std::string algo = parsed.value("algo");
  const Parsed<SearchSpec> spec = parse_algo(algo);
  if (!spec.ok()) return report_bad_input(err, spec.error);

  ExplicitTree tree(root);
  SearchCounters counters;
  const Score value = search(tree, spec.value, height_of(root), counters).score;
  const json context = tool_context(command_line({"prunebench", "tree", "standing"}, args));
  if (is_proof(algo)) {
    if (parsed.has("json"))
      print_proof_json(context, order, value, counters, out);
    else
      print_proof_text(root, value, counters, out);
    return EXIT_OK;
  }
  if (parsed.has("json"))
    print_json(context, tree, order, algo, value, out);
  else
    print_text(tree, root, algo, value, parsed.has("trace"), out);
  return EXIT_OK;
}

}  // namespace prunebench::harness::tree_experiment
