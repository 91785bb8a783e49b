#include "harness/run/contract_cases.h"

#include <random>
#include <sstream>

#include "engine/movegen.h"
#include "engine/search/contract.h"
#include "engine/search/splitmix.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/explicit_tree.h"
#include "engine/trees/random_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench::harness {

namespace {

using Rng = std::mt19937_64;

int uniform(Rng& rng, int low, int high) { return std::uniform_int_distribution<int>(low, high)(rng); }

// How far from the true value a window may start, per kind of node: about
// the spread of its values, so that all three cases of the contract occur.
constexpr Score TREE_WINDOW_SPREAD = 150;
constexpr Score TIE_WINDOW_SPREAD = 2;
constexpr Score CHESS_WINDOW_SPREAD = 400;
constexpr int MAX_WALK = 3;

struct Window {
  Score alpha, beta;
};

Window draw_window(Rng& rng, const SearchSpec& spec, Score truth, Score spread) {
  if (!takes_window(spec)) return {-INFINITE_SCORE, INFINITE_SCORE};
  const Score alpha = truth + Score(uniform(rng, -int(spread), int(spread)));
  const Score width = null_windows_only(spec) ? 1 : Score(uniform(rng, 1, int(spread)));
  return {alpha, Score(alpha + width)};
}

// Checks the mode at the tree's current node; fills the case's values.
template <Tree T>
void check_node(T& tree, const ContractPlan& plan, Rng& rng, Score spread, ContractCase& c) {
  c.truth = reference_negamax(tree, c.depth, plan.spec.mate_distance);
  const Window w = draw_window(rng, plan.spec, c.truth, spread);
  c.alpha = w.alpha;
  c.beta = w.beta;
  const ContractProbe probe = probe_mode(tree, plan.spec, c.depth, c.alpha, c.beta, rng(), plan.mutant);
  c.window_value = probe.window_value;
  c.mode_value = probe.mode_value;
}

void random_tree_case(const ContractPlan& plan, Rng& rng, ContractCase& c) {
  const int branching = uniform(rng, 2, 5);
  const int height = uniform(rng, 2, 7);
  const std::uint64_t tree_seed = rng();
  RandomTree tree(branching, height, tree_seed);
  std::ostringstream node;
  node << "random tree branching " << branching << " height " << height << " seed " << tree_seed << " walk [";
  const int walk = uniform(rng, 0, std::min(MAX_WALK, height - 1));
  for (int i = 0; i < walk; ++i) {
    const int child = uniform(rng, 0, branching - 1);
    tree.make(ChildMove{child});
    node << (i ? " " : "") << child;
  }
  node << "]";
  c.node = node.str();
  c.depth = uniform(rng, 1, plan.max_tree_depth);
  check_node(tree, plan, rng, TREE_WINDOW_SPREAD, c);
}

ExplicitNode tie_heavy_node(Rng& rng, int height) {
  if (height == 0) return leaf(Score(uniform(rng, -1, 1)));
  std::vector<ExplicitNode> children(std::size_t(uniform(rng, 1, 4)));
  for (ExplicitNode& child : children) child = tie_heavy_node(rng, height - 1);
  return interior(std::move(children));
}

void tie_heavy_case(const ContractPlan& plan, Rng& rng, ContractCase& c) {
  const std::uint64_t tree_seed = rng();
  const int height = 2 + int(tree_seed % 4);
  Rng build(tree_seed);
  ExplicitTree tree(tie_heavy_node(build, height));
  std::ostringstream node;
  node << "tie-heavy tree seed " << tree_seed << " walk [";
  const int walk = uniform(rng, 0, std::min(MAX_WALK, height - 1));
  for (int i = 0; i < walk; ++i) {
    ChildList children;
    tree.generate(children);
    if (children.size() == 0) break;
    const ChildMove child = children[std::size_t(uniform(rng, 0, int(children.size()) - 1))];
    tree.make(child);
    node << (i ? " " : "") << child.index;
  }
  node << "]";
  c.node = node.str();
  c.depth = uniform(rng, 1, plan.max_tree_depth);
  check_node(tree, plan, rng, TIE_WINDOW_SPREAD, c);
}

void chess_case(const ContractPlan& plan, Rng& rng, ContractCase& c) {
  Position position = plan.chess[std::size_t(rng() % plan.chess.size())].position;
  const int walk = uniform(rng, 0, MAX_WALK);
  for (int i = 0; i < walk; ++i) {
    MoveList moves;
    generate_legal(position, moves);
    if (moves.size() == 0) break;
    position.play(moves[std::size_t(rng() % moves.size())]);
  }
  c.fen = position.fen();
  c.node = "chess '" + c.fen + "'";
  c.depth = uniform(rng, 1, plan.max_chess_depth);
  ChessTree tree(position, plan.spec.mate_distance);
  check_node(tree, plan, rng, CHESS_WINDOW_SPREAD, c);
}

std::string violation_of(const ContractCase& c, const SearchSpec& spec) {
  if (c.mode_value != c.truth)
    return "the mode's own search returned " + std::to_string(c.mode_value) + " but the true value is " +
           std::to_string(c.truth);
  return contract_violation(c.window_value, c.truth, c.alpha, c.beta, spec.fail == Fail::HARD);
}

std::vector<NodeKind> kinds_in_turn(const ContractPlan& plan) {
  std::vector<NodeKind> kinds;
  if (plan.trees) kinds = {NodeKind::RANDOM_TREE, NodeKind::TIE_HEAVY_TREE};
  if (!plan.chess.empty()) kinds.push_back(NodeKind::CHESS);
  return kinds;
}

void tally(ContractReport& report, const ContractCase& c) {
  ++report.cases;
  ++report.by_kind[int(c.kind)];
  if (c.window_value <= c.alpha)
    ++report.fail_lows;
  else if (c.window_value >= c.beta)
    ++report.fail_highs;
  else
    ++report.inside;
}

}  // namespace

ContractReport run_contract(const ContractPlan& plan, const std::function<void(const ContractCase&)>& on_case) {
  ContractReport report;
  const std::vector<NodeKind> kinds = kinds_in_turn(plan);
  for (int i = 0; i < plan.cases; ++i) {
    Rng rng(splitmix64(plan.seed ^ splitmix64(std::uint64_t(i))));
    ContractCase c;
    c.index = i;
    c.kind = kinds[std::size_t(i) % kinds.size()];
    if (c.kind == NodeKind::RANDOM_TREE)
      random_tree_case(plan, rng, c);
    else if (c.kind == NodeKind::TIE_HEAVY_TREE)
      tie_heavy_case(plan, rng, c);
    else
      chess_case(plan, rng, c);
    tally(report, c);
    if (std::string why = violation_of(c, plan.spec); !why.empty()) {
      ++report.violation_count;
      ++report.violations_by_depth_parity[c.depth % 2];
      int& first = report.cases_to_first_violation[int(c.kind)];
      if (first == 0) first = report.by_kind[int(c.kind)];
      if (report.violations.size() < ContractReport::MAX_LISTED) report.violations.push_back({c, why});
    }
    if (on_case) on_case(c);
  }
  return report;
}

std::string trees_refusal(const SearchSpec& spec) {
  if (std::string why = check_spec(RandomTree(2, 2, 0), spec); !why.empty()) return why;
  return check_spec(ExplicitTree(leaf(0)), spec);
}

std::string_view to_string(NodeKind kind) {
  switch (kind) {
    case NodeKind::RANDOM_TREE:
      return "random tree";
    case NodeKind::TIE_HEAVY_TREE:
      return "tie-heavy tree";
    case NodeKind::CHESS:
      return "chess";
  }
  return "";
}

std::string describe(const ContractViolation& v) {
  const ContractCase& c = v.where;
  std::ostringstream line;
  line << "case " << c.index << ", " << c.node << ", depth " << c.depth;
  if (c.alpha > -INFINITE_SCORE || c.beta < INFINITE_SCORE) line << ", window (" << c.alpha << ", " << c.beta << ")";
  line << ": v " << c.window_value << ", V " << c.truth << ": " << v.why;
  return line.str();
}

}  // namespace prunebench::harness
