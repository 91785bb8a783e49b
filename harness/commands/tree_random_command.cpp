// prunebench tree random: uniform random trees (reference 001's experiment).
// Searches N trees with one algorithm and ordering, reports the leaves each
// search read, and checks every value against plain negamax.
#include <algorithm>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/trees/minimal_tree.h"
#include "engine/trees/random_tree.h"
#include "harness/commands/tree_commands.h"
#include "harness/run/context.h"
#include "harness/io/json_io.h"

namespace prunebench::harness::tree_experiment {

namespace {

// Limits that keep a run finite: the oracle orderings recompute subtree
// values (about depth * b^depth hashes per search), and the negamax check
// reads every leaf.
constexpr std::uint64_t MAX_ORACLE_LEAVES = 10'000'000;
constexpr std::uint64_t MAX_CHECKED_LEAVES = 100'000'000;
constexpr int MAX_TREE_DEPTH = 30;

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

// The experiment the options ask for, every option checked.
struct RandomExperiment {
  int branching = 0;
  int depth = 0;
  std::int64_t trees = 0;
  std::int64_t seed = 0;
  std::string order;
  std::string algo;
  SearchSpec spec;
  std::string guess_text;  // as given, for the report
  Guess guess;
  bool check = true;  // every value against negamax
  std::optional<std::uint64_t> full_leaves;

  bool is_mtdf() const { return spec.algorithm == Algorithm::MTDF; }
};

// --branching, --depth, --trees and --seed. Returns an error, or "".
std::string read_sizes(const ParsedArgs& parsed, RandomExperiment& e) {
  const Parsed<std::int64_t> branching = parsed.integer("branching", 1, RandomTree::MAX_BRANCHING);
  if (!branching.ok()) return branching.error;
  const Parsed<std::int64_t> depth = parsed.integer("depth", 0, MAX_TREE_DEPTH);
  if (!depth.ok()) return depth.error;
  const Parsed<std::int64_t> trees = parsed.integer("trees", 1, 1'000'000);
  if (!trees.ok()) return trees.error;
  const Parsed<std::int64_t> seed = parsed.integer("seed", 0, std::numeric_limits<std::int64_t>::max());
  if (!seed.ok()) return seed.error;
  e.branching = int(branching.value);
  e.depth = int(depth.value);
  e.trees = trees.value;
  e.seed = seed.value;
  return "";
}

std::string set_base_ordering(const std::string& order, SearchSpec& spec) {
  if (order == "natural")
    spec.ordering.base = BaseOrdering::NATURAL;
  else if (order == "best")
    spec.ordering.base = BaseOrdering::BEST_FIRST;
  else if (order == "worst")
    spec.ordering.base = BaseOrdering::WORST_FIRST;
  else if (order == "random")
    spec.ordering.base = BaseOrdering::RANDOM;
  else if (order == "oracle")
    spec.ordering.base = BaseOrdering::ORACLE;
  else
    return "--order: unknown order '" + order + "' (natural, best, worst, random, oracle)";
  return "";
}

// --algo, --order and --guess. Returns an error, or "".
std::string read_search(const ParsedArgs& parsed, RandomExperiment& e) {
  e.algo = parsed.value("algo");
  const Parsed<SearchSpec> spec = parse_algo(e.algo);
  if (!spec.ok()) return spec.error;
  e.spec = spec.value;
  e.order = parsed.value("order");
  if (std::string error = set_base_ordering(e.order, e.spec); !error.empty()) return error;
  if (std::string error = check_spec(RandomTree(1, 0, 0), e.spec); !error.empty())
    return "--algo " + e.algo + ": " + error;

  if (parsed.has("guess") && !e.is_mtdf()) return "--guess applies to --algo mtdf only";
  e.guess_text = parsed.value("guess");
  const std::optional<Guess> guess = parse_guess(e.guess_text);
  if (!guess) return "--guess: '" + e.guess_text + "' is not an integer, true, true+K, true-K or poor";
  e.guess = *guess;
  return "";
}

// Refuses what would not finish in reasonable time. Returns an error, or "".
std::string check_limits(const ParsedArgs& parsed, RandomExperiment& e) {
  e.full_leaves = full_tree_leaves(std::uint64_t(e.branching), e.depth);
  const bool oracle = e.order == "best" || e.order == "worst" || e.order == "oracle";
  if (oracle && (!e.full_leaves || *e.full_leaves > MAX_ORACLE_LEAVES))
    return "--order " + e.order + " needs B^D at most 10,000,000 (the oracle recomputes subtree values)";
  e.check = !parsed.has("no-check");
  if (e.check && (!e.full_leaves || *e.full_leaves > MAX_CHECKED_LEAVES))
    return "the negamax check would read B^D > 100,000,000 leaves per tree; pass --no-check to skip it";
  if (!e.check && e.is_mtdf() && e.guess.needs_true_value())
    return "--guess " + e.guess_text + " needs the true value, which --no-check skips";
  return "";
}

struct TreeRow {
  int index;
  Score value;
  SearchCounters counters;
  std::optional<Score> guess;
};

// Searches every tree into `rows`. Returns an error if a value differs from
// negamax's, or "".
std::string search_trees(const RandomExperiment& e, std::vector<TreeRow>& rows) {
  for (std::int64_t i = 0; i < e.trees; ++i) {
    RandomTree tree(e.branching, e.depth, std::uint64_t(e.seed), std::uint64_t(i));
    const Score true_value = e.check ? tree.true_value() : 0;  // 0: the guesses' centre when unchecked
    TreeRow row{int(i), 0, {}, std::nullopt};
    SearchSpec tree_spec = e.spec;
    if (e.is_mtdf()) {
      row.guess = e.guess.for_value(true_value);
      tree_spec.mtdf_guess = *row.guess;
    }
    row.value = search(tree, tree_spec, e.depth, row.counters).score;
    if (e.check && row.value != true_value)
      return "tree " + std::to_string(i) + ": " + e.algo + " returned " + std::to_string(row.value) +
             " but negamax gives " + std::to_string(true_value);
    rows.push_back(row);
  }
  return "";
}

struct Summary {
  double mean_leaves = 0;
  double mean_passes = 0;
  double mean_researches = 0;
  std::uint64_t min_leaves = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t max_leaves = 0;
  std::optional<std::uint64_t> minimal_leaves;
  // A plain double and a flag rather than std::optional<double>: GCC 12
  // misreports the optional's payload as maybe-uninitialized when printed.
  bool has_ratio = false;
  double ratio = 0.0;  // mean leaves over the minimal tree's
};

Summary summarize(const RandomExperiment& e, const std::vector<TreeRow>& rows) {
  Summary s;
  double sum_leaves = 0, sum_passes = 0, sum_researches = 0;
  for (const TreeRow& r : rows) {
    sum_leaves += double(r.counters.leaves);
    sum_passes += double(r.counters.mtdf_passes);
    sum_researches += double(r.counters.researches);
    s.min_leaves = std::min(s.min_leaves, r.counters.leaves);
    s.max_leaves = std::max(s.max_leaves, r.counters.leaves);
  }
  const double n = double(rows.size());
  s.mean_leaves = sum_leaves / n;
  s.mean_passes = sum_passes / n;
  s.mean_researches = sum_researches / n;
  s.minimal_leaves = minimal_tree_leaves(std::uint64_t(e.branching), e.depth);
  s.has_ratio = s.minimal_leaves.has_value();
  s.ratio = s.has_ratio ? s.mean_leaves / double(*s.minimal_leaves) : 0.0;
  return s;
}

json json_or_null(std::optional<std::uint64_t> v) { return v ? json(*v) : json(nullptr); }

// The argv as typed: `args` are those after the experiment's name, so the
// name is put back along with the command's.
std::vector<std::string> full_command_line(const Args& args) {
  std::vector<std::string> line = {"prunebench", "tree", "random"};
  line.insert(line.end(), args.begin(), args.end());
  return line;
}

json rows_json(const RandomExperiment& e, const std::vector<TreeRow>& rows) {
  json tree_rows = json::array();
  for (const TreeRow& r : rows) {
    tree_rows.push_back({{"index", r.index},
                         {"value", r.value},
                         {"leaves", r.counters.leaves},
                         {"nodes", r.counters.nodes},
                         {"passes", e.is_mtdf() ? json(r.counters.mtdf_passes) : json(nullptr)},
                         {"researches", r.counters.researches},
                         {"guess", r.guess ? json(*r.guess) : json(nullptr)}});
  }
  return tree_rows;
}

void print_json(const RandomExperiment& e, const std::vector<TreeRow>& rows, const Summary& s,
                const Args& args, std::ostream& out) {
  const int tt_megabytes = e.spec.tt ? int(e.spec.tt_megabytes) : 0;
  const json document = {
      {"schema_version", SCHEMA_VERSION},
      {"kind", "tree"},
      {"context", json::parse(run_context(full_command_line(args), 1, tt_megabytes, {}).dump())},
      {"experiment",
       {{"branching", e.branching},
        {"depth", e.depth},
        {"trees", e.trees},
        {"seed", e.seed},
        {"order", e.order},
        {"algo", e.algo},
        {"guess", e.is_mtdf() ? json(e.guess_text) : json(nullptr)},
        {"checked", e.check},
        {"leaf_values", RandomTree::VALUE_DISTRIBUTION}}},
      {"minimal_tree_leaves", json_or_null(s.minimal_leaves)},
      {"full_tree_leaves", json_or_null(e.full_leaves)},
      {"trees", rows_json(e, rows)},
      {"summary",
       {{"mean_leaves", s.mean_leaves},
        {"min_leaves", s.min_leaves},
        {"max_leaves", s.max_leaves},
        {"mean_ratio_to_minimal", s.has_ratio ? json(s.ratio) : json(nullptr)},
        {"mean_passes", e.is_mtdf() ? json(s.mean_passes) : json(nullptr)},
        {"mean_researches", s.mean_researches}}}};
  out << document.dump(2) << '\n';
}

std::string leaves_or_overflow(std::optional<std::uint64_t> leaves) {
  return leaves ? std::to_string(*leaves) : "(over 2^64)";
}

void print_table(const RandomExperiment& e, const std::vector<TreeRow>& rows, const Summary& s,
                 std::ostream& out) {
  out << rows.size() << " random trees, b=" << e.branching << " d=" << e.depth << " seed " << e.seed
      << ", order " << e.order << ", algo " << e.algo;
  if (e.is_mtdf()) out << ", guess " << e.guess_text;
  out << "\nleaf values: " << RandomTree::VALUE_DISTRIBUTION << "\nminimal tree "
      << leaves_or_overflow(s.minimal_leaves) << " leaves, full tree " << leaves_or_overflow(e.full_leaves)
      << (e.check ? "; every value checked against negamax" : "; values NOT checked") << "\n\n";
  out << " tree  value     leaves      nodes  passes  researches\n";
  for (const TreeRow& r : rows) {
    out << std::setw(5) << r.index << std::setw(7) << r.value << std::setw(11) << r.counters.leaves
        << std::setw(11) << r.counters.nodes << std::setw(8)
        << (e.is_mtdf() ? std::to_string(r.counters.mtdf_passes) : "-") << std::setw(12)
        << r.counters.researches << '\n';
  }
  out << std::fixed << std::setprecision(1) << "\nmean leaves " << s.mean_leaves << " (min " << s.min_leaves
      << ", max " << s.max_leaves << ")";
  if (s.has_ratio) out << std::setprecision(2) << ", " << s.ratio << "x the minimal tree";
  if (e.is_mtdf()) out << std::setprecision(1) << "; mean passes " << s.mean_passes;
  out << '\n';
}

}  // namespace

ArgParser random_parser() {
  ArgParser parser(
      "prunebench tree random --branching B --depth D --trees N [options]",
      "Search N uniform random trees (every node has B children, leaves at depth D) to their leaves\n"
      "and report the leaves each search read.\nLeaf values: " +
          std::string(RandomTree::VALUE_DISTRIBUTION) +
          ";\n"
          "a tree is a pure function of (seed, index), so runs repeat exactly. Every value is checked\n"
          "against plain negamax (exit 1 on a mismatch). Reference 001: B=6 D=6 N=20.\n"
          "Orders: natural (as generated), best/worst (an oracle sorts children by their true value;\n"
          "B^D at most 10,000,000), random (a hash of node and child), oracle (children by their exact\n"
          "value found by searching them, as the chess mode 'oracle'). mtdf runs over a 16 MB\n"
          "transposition table, hash move first, cleared for each tree. --algo minimal reports the\n"
          "exact minimal tree of each tree (the cheapest proof of its value) as its leaves and nodes.");
  parser.add_value("branching", "B",
                   "children per interior node, 1.." + std::to_string(RandomTree::MAX_BRANCHING));
  parser.add_value("depth", "D", "depth of the leaves, 0.." + std::to_string(MAX_TREE_DEPTH));
  parser.add_value("trees", "N", "number of trees (indices 0..N-1)");
  parser.add_value("seed", "S", "tree seed", "1");
  parser.add_value("order", "ORDER", "natural|best|worst|random|oracle", "natural");
  parser.add_value("algo", "ALGO", algo_names(), "alphabeta");
  parser.add_value("guess", "G",
                   "mtdf first guess: an integer, 'true' (the tree's value), 'true+K', 'true-K', or 'poor' "
                   "(the end of [-100, 100] farthest from the value)",
                   "0");
  parser.add_flag("no-check",
                  "skip the negamax check (needed above B^D = 100,000,000; values then unverified)");
  parser.add_flag("json", "print one JSON object of kind \"tree\" instead of a table");
  return parser;
}

int run_random(const ParsedArgs& parsed, const Args& args, std::ostream& out, std::ostream& err) {
  RandomExperiment e;
  if (std::string error = read_sizes(parsed, e); !error.empty()) return report_bad_input(err, error);
  if (std::string error = read_search(parsed, e); !error.empty()) return report_bad_input(err, error);
  if (std::string error = check_limits(parsed, e); !error.empty()) return report_bad_input(err, error);

  std::vector<TreeRow> rows;
  if (std::string error = search_trees(e, rows); !error.empty()) {  // a failed check, not bad input
    err << error_line(error);
    return EXIT_CHANGED;
  }
  const Summary summary = summarize(e, rows);
  if (parsed.has("json"))
    print_json(e, rows, summary, args, out);
  else
    print_table(e, rows, summary, out);
  return EXIT_OK;
}

}  // namespace prunebench::harness::tree_experiment
