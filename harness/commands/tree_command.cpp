// prunebench tree standing|random|theory: the tree lab.
//
//   standing  the textbook's 3x3 tree (reference 002), any branch order, or a
//             tree of your own as nested JSON arrays; value, leaves examined,
//             and the textbook's trace of cut-offs
//   random    uniform random trees (reference 001's experiment): leaves read
//             per tree by one algorithm and ordering, every value checked
//             against plain negamax
//   theory    reference 002's table of full against minimal tree sizes
//
// The searches are the engine's own (engine/search/search.h): the numbers
// here come from the code that searches chess positions.
#include <algorithm>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/search/search.h"
#include "engine/trees/explicit_tree.h"
#include "engine/trees/minimal_tree.h"
#include "engine/trees/random_tree.h"
#include "harness/cli_args.h"
#include "harness/commands.h"
#include "harness/context.h"
#include "harness/json_io.h"

namespace prunebench::harness {

namespace {

// Ordered, so documents read in the order of docs/json-schema.md.
using json = nlohmann::ordered_json;

constexpr const char* OVERVIEW =
    "usage: prunebench tree <experiment> [options]\n"
    "\n"
    "Synthetic-tree experiments, searched by the same code that searches chess.\n"
    "\n"
    "experiments:\n"
    "  standing  the textbook's 3x3 tree (or your own): value, leaves examined, trace\n"
    "  random    uniform random trees: leaves read per tree, checked against negamax\n"
    "  theory    full tree b^d against the Knuth-Moore minimal tree\n"
    "\n"
    "Run 'prunebench tree <experiment> --help' for its options.\n";

constexpr const char* ALGORITHMS = "minimax|negamax|alphabeta|fail-hard|pvs|mtdf";

// Limits that keep a run finite: the oracle orderings recompute subtree
// values (about depth * b^depth hashes per search), and the negamax check
// reads every leaf.
constexpr std::uint64_t MAX_ORACLE_LEAVES = 10'000'000;
constexpr std::uint64_t MAX_CHECKED_LEAVES = 100'000'000;
constexpr int MAX_TREE_DEPTH = 30;
constexpr int MAX_EXPLICIT_DEPTH = 60;

int fail(std::ostream& err, const std::string& message) {
  err << "error: " << message << '\n';
  return EXIT_BAD_INPUT;
}

// The spec --algo names; the base ordering is set by the caller.
std::optional<SearchSpec> spec_for_algo(const std::string& algo) {
  const std::string mode = algo == "fail-hard" ? "algo=alphabeta,fail=hard"
                           : algo == "mtdf"    ? "algo=mtdf,tt"
                                               : "algo=" + algo;
  if (algo != "minimax" && algo != "negamax" && algo != "alphabeta" && algo != "fail-hard" && algo != "pvs" &&
      algo != "mtdf")
    return std::nullopt;
  return parse_mode(mode).spec;
}

std::string show_score(Score v) {
  if (v <= -INFINITE_SCORE) return "-inf";
  if (v >= INFINITE_SCORE) return "+inf";
  return std::to_string(v);
}

json json_or_null(std::optional<std::uint64_t> v) { return v ? json(*v) : json(nullptr); }

std::vector<std::string> full_command_line(const Args& args) {
  std::vector<std::string> line = {"prunebench", "tree"};
  line.insert(line.end(), args.begin(), args.end());
  return line;
}

// ---------------------------------------------------------------- standing

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
  parser.add_value("algo", "ALGO", std::string("search algorithm: ") + ALGORITHMS, "alphabeta");
  parser.add_flag("trace", "print the textbook's trace: leaves, node values and cut-offs");
  parser.add_flag("json", "print one JSON object of kind \"standing\" instead of text");
  return parser;
}

int standing_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = standing_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (parsed.help_requested()) {
    out << parser.help();
    return EXIT_OK;
  }
  if (!parsed.ok()) return fail(err, parsed.error() + " (try 'prunebench tree standing --help')");

  ExplicitNode root;
  json order = parsed.value("order");
  if (parsed.has("tree")) {
    if (parsed.has("order")) return fail(err, "--order applies to the standing tree, not to --tree");
    const json j = json::parse(parsed.value("tree"), nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return fail(err, "--tree: not valid JSON");
    if (std::string e = explicit_node_from_json(j, 0, root); !e.empty()) return fail(err, "--tree: " + e);
    order = nullptr;
  } else {
    if (!is_standing_order(parsed.value("order")))
      return fail(err, "--order: '" + parsed.value("order") + "' is not a permutation of ABC");
    root = standing_tree(parsed.value("order"));
  }
  const std::optional<SearchSpec> spec = spec_for_algo(parsed.value("algo"));
  if (!spec)
    return fail(err, "--algo: unknown algorithm '" + parsed.value("algo") + "' (" + ALGORITHMS + ")");

  ExplicitTree tree(root);
  SearchCounters counters;
  const Score value = search(tree, *spec, height_of(root), counters).score;
  const std::vector<Score>& leaves = tree.examined_leaves();

  if (parsed.has("json")) {
    json cutoffs = json::array();
    for (const TraceLine& t : tree.trace())
      if (t.kind == TraceLine::Kind::CUTOFF) cutoffs.push_back(cutoff_json(t));
    const json document = {
        {"schema_version", SCHEMA_VERSION},  {"kind", "standing"}, {"order", order},
        {"algo", parsed.value("algo")},      {"value", value},     {"leaves_examined", leaves.size()},
        {"leaves_total", tree.leaf_count()}, {"leaves", leaves},   {"cutoffs", cutoffs}};
    out << document.dump(2) << '\n';
    return EXIT_OK;
  }
  if (parsed.has("trace")) {
    for (const TraceLine& t : tree.trace()) out << trace_line(t) << '\n';
    out << '\n';
  }
  out << "tree: " << describe_tree(root, 0) << '\n';
  out << "algorithm: " << parsed.value("algo") << '\n';
  out << "value of the root: " << value << '\n';
  out << "leaves examined: " << leaves.size() << " of " << tree.leaf_count() << ':';
  for (Score v : leaves) out << ' ' << v;
  out << '\n';
  return EXIT_OK;
}

// ---------------------------------------------------------------- random

// --guess: a fixed integer, or relative to each tree's true value.
struct Guess {
  enum class Kind { FIXED, TRUE_VALUE, POOR } kind = Kind::FIXED;
  Score offset = 0;  // FIXED: the guess; TRUE_VALUE: added to the value

  // "poor" is the end of the leaf range farthest from the true value.
  Score for_value(Score true_value) const {
    switch (kind) {
      case Kind::FIXED:
        return offset;
      case Kind::TRUE_VALUE:
        return true_value + offset;
      case Kind::POOR:
        return true_value >= 0 ? RandomTree::MIN_VALUE : RandomTree::MAX_VALUE;
    }
    return offset;
  }
  bool needs_true_value() const { return kind != Kind::FIXED; }
};

std::optional<Guess> parse_guess(const std::string& text) {
  const auto integer = [](const std::string& s) -> std::optional<Score> {
    const Parsed<std::int64_t> p = parse_integer("--guess", s);
    if (!p.ok() || p.value <= -MATE || p.value >= MATE) return std::nullopt;
    return Score(p.value);
  };
  if (text == "poor") return Guess{Guess::Kind::POOR, 0};
  if (text == "true") return Guess{Guess::Kind::TRUE_VALUE, 0};
  if (text.starts_with("true+") || text.starts_with("true-")) {
    const std::optional<Score> k = integer(text.substr(5));
    if (!k || *k < 0) return std::nullopt;
    return Guess{Guess::Kind::TRUE_VALUE, text[4] == '+' ? *k : -*k};
  }
  const std::optional<Score> n = integer(text);
  if (!n) return std::nullopt;
  return Guess{Guess::Kind::FIXED, *n};
}

ArgParser random_parser() {
  ArgParser parser(
      "prunebench tree random --branching B --depth D --trees N [options]",
      "Search N uniform random trees (every node has B children, leaves at depth D) to their leaves\n"
      "and report the leaves each search read.\nLeaf values: " +
          std::string(RandomTree::VALUE_DISTRIBUTION) +
          ";\n"
          "a tree is a pure function of (seed, index), so runs repeat exactly. Every value is checked\n"
          "against plain negamax (exit 2 on a mismatch). Reference 001: B=6 D=6 N=20.\n"
          "Orders: natural (as generated), best/worst (an oracle sorts children by their true value;\n"
          "B^D at most 10,000,000), random (a hash of node and child). mtdf runs over a 16 MB\n"
          "transposition table, hash move first, cleared for each tree.");
  parser.add_value("branching", "B",
                   "children per interior node, 1.." + std::to_string(RandomTree::MAX_BRANCHING));
  parser.add_value("depth", "D", "depth of the leaves, 0.." + std::to_string(MAX_TREE_DEPTH));
  parser.add_value("trees", "N", "number of trees (indices 0..N-1)");
  parser.add_value("seed", "S", "tree seed", "1");
  parser.add_value("order", "ORDER", "natural|best|worst|random", "natural");
  parser.add_value("algo", "ALGO", ALGORITHMS, "alphabeta");
  parser.add_value("guess", "G",
                   "mtdf first guess: an integer, 'true' (the tree's value), 'true+K', 'true-K', or 'poor' "
                   "(the end of [-100, 100] farthest from the value)",
                   "0");
  parser.add_flag("no-check",
                  "skip the negamax check (needed above B^D = 100,000,000; values then unverified)");
  parser.add_flag("json", "print one JSON object of kind \"tree\" instead of a table");
  return parser;
}

struct TreeRow {
  int index;
  Score value;
  SearchCounters counters;
  std::optional<Score> guess;
};

int random_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = random_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (parsed.help_requested()) {
    out << parser.help();
    return EXIT_OK;
  }
  if (!parsed.ok()) return fail(err, parsed.error() + " (try 'prunebench tree random --help')");
  const Parsed<std::int64_t> branching = parsed.integer("branching", 1, RandomTree::MAX_BRANCHING);
  if (!branching.ok()) return fail(err, branching.error);
  const Parsed<std::int64_t> depth = parsed.integer("depth", 0, MAX_TREE_DEPTH);
  if (!depth.ok()) return fail(err, depth.error);
  const Parsed<std::int64_t> trees = parsed.integer("trees", 1, 1'000'000);
  if (!trees.ok()) return fail(err, trees.error);
  const Parsed<std::int64_t> seed = parsed.integer("seed", 0, std::numeric_limits<std::int64_t>::max());
  if (!seed.ok()) return fail(err, seed.error);

  const std::string algo = parsed.value("algo");
  std::optional<SearchSpec> spec = spec_for_algo(algo);
  if (!spec) return fail(err, "--algo: unknown algorithm '" + algo + "' (" + ALGORITHMS + ")");
  const std::string order = parsed.value("order");
  if (order == "natural")
    spec->ordering.base = BaseOrdering::NATURAL;
  else if (order == "best")
    spec->ordering.base = BaseOrdering::BEST_FIRST;
  else if (order == "worst")
    spec->ordering.base = BaseOrdering::WORST_FIRST;
  else if (order == "random")
    spec->ordering.base = BaseOrdering::RANDOM;
  else
    return fail(err, "--order: unknown order '" + order + "' (natural, best, worst, random)");
  if (std::string e = check_spec(RandomTree(1, 0, 0), *spec); !e.empty())
    return fail(err, "--algo " + algo + ": " + e);

  const bool is_mtdf = spec->algorithm == Algorithm::MTDF;
  if (parsed.has("guess") && !is_mtdf) return fail(err, "--guess applies to --algo mtdf only");
  const std::optional<Guess> guess = parse_guess(parsed.value("guess"));
  if (!guess)
    return fail(err,
                "--guess: '" + parsed.value("guess") + "' is not an integer, true, true+K, true-K or poor");

  const int b = int(branching.value), d = int(depth.value);
  const std::optional<std::uint64_t> full = full_tree_leaves(std::uint64_t(b), d);
  const bool oracle = order == "best" || order == "worst";
  if (oracle && (!full || *full > MAX_ORACLE_LEAVES))
    return fail(err,
                "--order " + order + " needs B^D at most 10,000,000 (the oracle recomputes subtree values)");
  const bool check = !parsed.has("no-check");
  if (check && (!full || *full > MAX_CHECKED_LEAVES))
    return fail(err,
                "the negamax check would read B^D > 100,000,000 leaves per tree; pass --no-check to skip it");
  if (!check && is_mtdf && guess->needs_true_value())
    return fail(err, "--guess " + parsed.value("guess") + " needs the true value, which --no-check skips");

  std::vector<TreeRow> rows;
  for (std::int64_t i = 0; i < trees.value; ++i) {
    RandomTree tree(b, d, std::uint64_t(seed.value), std::uint64_t(i));
    const std::optional<Score> true_value = check ? std::optional<Score>(tree.true_value()) : std::nullopt;
    TreeRow row{int(i), 0, {}, std::nullopt};
    SearchSpec tree_spec = *spec;
    if (is_mtdf) {
      row.guess = guess->for_value(true_value.value_or(0));
      tree_spec.mtdf_guess = *row.guess;
    }
    row.value = search(tree, tree_spec, d, row.counters).score;
    if (true_value && row.value != *true_value)
      return fail(err, "tree " + std::to_string(i) + ": " + algo + " returned " + std::to_string(row.value) +
                           " but negamax gives " + std::to_string(*true_value));
    rows.push_back(row);
  }

  double sum_leaves = 0, sum_passes = 0, sum_researches = 0;
  std::uint64_t min_leaves = std::numeric_limits<std::uint64_t>::max(), max_leaves = 0;
  for (const TreeRow& r : rows) {
    sum_leaves += double(r.counters.leaves);
    sum_passes += double(r.counters.mtdf_passes);
    sum_researches += double(r.counters.researches);
    min_leaves = std::min(min_leaves, r.counters.leaves);
    max_leaves = std::max(max_leaves, r.counters.leaves);
  }
  const double n = double(rows.size());
  const std::optional<std::uint64_t> minimal = minimal_tree_leaves(std::uint64_t(b), d);
  // A plain double and a flag rather than std::optional<double>: GCC 12
  // misreports the optional's payload as maybe-uninitialized when printed.
  const bool has_ratio = minimal.has_value();
  const double ratio = has_ratio ? sum_leaves / n / double(*minimal) : 0.0;

  if (parsed.has("json")) {
    json tree_rows = json::array();
    for (const TreeRow& r : rows) {
      tree_rows.push_back({{"index", r.index},
                           {"value", r.value},
                           {"leaves", r.counters.leaves},
                           {"nodes", r.counters.nodes},
                           {"passes", is_mtdf ? json(r.counters.mtdf_passes) : json(nullptr)},
                           {"researches", r.counters.researches},
                           {"guess", r.guess ? json(*r.guess) : json(nullptr)}});
    }
    const json document = {
        {"schema_version", SCHEMA_VERSION},
        {"kind", "tree"},
        {"context",
         json::parse(
             run_context(full_command_line(args), 1, spec->tt ? int(spec->tt_megabytes) : 0, {}).dump())},
        {"experiment",
         {{"branching", b},
          {"depth", d},
          {"trees", trees.value},
          {"seed", seed.value},
          {"order", order},
          {"algo", algo},
          {"guess", is_mtdf ? json(parsed.value("guess")) : json(nullptr)},
          {"checked", check},
          {"leaf_values", RandomTree::VALUE_DISTRIBUTION}}},
        {"minimal_tree_leaves", json_or_null(minimal)},
        {"full_tree_leaves", json_or_null(full)},
        {"trees", tree_rows},
        {"summary",
         {{"mean_leaves", sum_leaves / n},
          {"min_leaves", min_leaves},
          {"max_leaves", max_leaves},
          {"mean_ratio_to_minimal", has_ratio ? json(ratio) : json(nullptr)},
          {"mean_passes", is_mtdf ? json(sum_passes / n) : json(nullptr)},
          {"mean_researches", sum_researches / n}}}};
    out << document.dump(2) << '\n';
    return EXIT_OK;
  }

  out << rows.size() << " random trees, b=" << b << " d=" << d << " seed " << seed.value << ", order "
      << order << ", algo " << algo;
  if (is_mtdf) out << ", guess " << parsed.value("guess");
  out << "\nleaf values: " << RandomTree::VALUE_DISTRIBUTION << "\nminimal tree "
      << (minimal ? std::to_string(*minimal) : "(over 2^64)") << " leaves, full tree "
      << (full ? std::to_string(*full) : "(over 2^64)")
      << (check ? "; every value checked against negamax" : "; values NOT checked") << "\n\n";
  out << " tree  value     leaves      nodes  passes  researches\n";
  for (const TreeRow& r : rows) {
    out << std::setw(5) << r.index << std::setw(7) << r.value << std::setw(11) << r.counters.leaves
        << std::setw(11) << r.counters.nodes << std::setw(8)
        << (is_mtdf ? std::to_string(r.counters.mtdf_passes) : "-") << std::setw(12) << r.counters.researches
        << '\n';
  }
  out << std::fixed << std::setprecision(1) << "\nmean leaves " << sum_leaves / n << " (min " << min_leaves
      << ", max " << max_leaves << ")";
  if (has_ratio) out << std::setprecision(2) << ", " << ratio << "x the minimal tree";
  if (is_mtdf) out << std::setprecision(1) << "; mean passes " << sum_passes / n;
  out << '\n';
  return EXIT_OK;
}

// ---------------------------------------------------------------- theory

struct TheoryRow {
  int branching;
  int depth;
};
// Reference 002's table; b = 30 is Shannon's figure for chess.
constexpr TheoryRow THEORY_ROWS[] = {{3, 4}, {3, 6}, {30, 4}, {30, 6}, {30, 10}};

ArgParser theory_parser() {
  return ArgParser(
      "prunebench tree theory [--json]",
      "Reference 002's table: leaves of the full tree b^d (minimax, and alpha-beta in the worst\n"
      "order) against the Knuth-Moore minimal tree b^ceil(d/2) + b^floor(d/2) - 1 (best order).");
}

int theory_command(const Args& args, std::ostream& out, std::ostream& err) {
  ArgParser parser = theory_parser();
  parser.add_flag("json", "print one JSON object of kind \"theory\" instead of a table");
  const ParsedArgs parsed = parser.parse(args);
  if (parsed.help_requested()) {
    out << parser.help();
    return EXIT_OK;
  }
  if (!parsed.ok()) return fail(err, parsed.error() + " (try 'prunebench tree theory --help')");

  if (parsed.has("json")) {
    json rows = json::array();
    for (const TheoryRow& r : THEORY_ROWS)
      rows.push_back({{"branching", r.branching},
                      {"depth", r.depth},
                      {"minimax_leaves", *full_tree_leaves(std::uint64_t(r.branching), r.depth)},
                      {"best_case_leaves", *minimal_tree_leaves(std::uint64_t(r.branching), r.depth)}});
    out << json{{"schema_version", SCHEMA_VERSION}, {"kind", "theory"}, {"rows", rows}}.dump(2) << '\n';
    return EXIT_OK;
  }
  out << "   b   d    plain minimax  alpha-beta, worst  alpha-beta, best\n";
  for (const TheoryRow& r : THEORY_ROWS) {
    const std::uint64_t full = *full_tree_leaves(std::uint64_t(r.branching), r.depth);
    out << std::setw(4) << r.branching << std::setw(4) << r.depth << std::setw(17) << full << std::setw(19)
        << full << std::setw(18) << *minimal_tree_leaves(std::uint64_t(r.branching), r.depth) << '\n';
  }
  return EXIT_OK;
}

}  // namespace

int tree_command(const Args& args, std::ostream& out, std::ostream& err) {
  if (args.empty())
    return fail(err, "missing experiment: standing, random or theory (try 'prunebench tree --help')");
  const std::string& experiment = args.front();
  const Args rest(args.begin() + 1, args.end());
  if (experiment == "--help" || experiment == "-h" || experiment == "help") {
    out << OVERVIEW;
    return EXIT_OK;
  }
  if (experiment == "standing") return standing_command(rest, out, err);
  if (experiment == "random") return random_command(rest, out, err);
  if (experiment == "theory") return theory_command(rest, out, err);
  return fail(err, "unknown tree experiment '" + experiment + "' (standing, random, theory)");
}

}  // namespace prunebench::harness
