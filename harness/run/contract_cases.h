// prunebench contract's cases: random nodes, depths and windows, each checked
// against plain negamax (engine/search/contract.h).
//
// Three kinds of node, taken in turn:
//   - a node of a uniform random tree (branching 2-5, height 2-7, values in
//     [-100, 100]), reached by a random walk of 0-3 plies from its root, so
//     the searched node stands at odd or even distance from it;
//   - a node of a tie-heavy explicit tree (branching 1-4, leaf values -1, 0
//     or 1): ties everywhere, which is where a > for >= in a cut-off and a
//     bound stored as exact show;
//   - a chess position of the suite after 0-3 random legal moves.
// Synthetic trees support only some orderings: a mode they cannot run (e.g.
// order=mvv-lva) is checked on chess alone, and the report says why.
// Case i depends only on (seed, i), so any violation can be replayed alone.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/search/mutant.h"
#include "engine/search/spec.h"
#include "harness/run/suite.h"

namespace prunebench::harness {

struct ContractPlan {
  std::string mode;
  SearchSpec spec;
  int cases = 0;
  std::uint64_t seed = 1;
  bool trees = true;                // synthetic-tree cases wanted
  std::vector<SuiteEntry> chess;    // empty: no chess cases
  int max_tree_depth = 4;
  int max_chess_depth = 3;
  Mutant mutant = Mutant::NONE;     // a bug of the museum planted in the mode (--inject)
};

enum class NodeKind { RANDOM_TREE, TIE_HEAVY_TREE, CHESS };

struct ContractCase {
  int index = 0;
  NodeKind kind = NodeKind::CHESS;
  std::string node;  // how to rebuild the node: tree parameters and walk, or "chess 'FEN'"
  std::string fen;   // chess nodes only: the position's FEN
  int depth = 0;
  Score alpha = 0, beta = 0;
  Score window_value = 0;  // v: the mode's windowed core
  Score mode_value = 0;    // the whole mode's root value
  Score truth = 0;         // V: plain negamax
};

struct ContractViolation {
  ContractCase where;
  std::string why;
};

struct ContractReport {
  int cases = 0;
  int by_kind[3] = {0, 0, 0};  // indexed by NodeKind
  int fail_lows = 0, fail_highs = 0, inside = 0;
  std::uint64_t violation_count = 0;
  // How many cases of a kind ran up to and including its first violation; 0: none.
  int cases_to_first_violation[3] = {0, 0, 0};  // indexed by NodeKind
  int violations_by_depth_parity[2] = {0, 0};   // [depth % 2]
  std::vector<ContractViolation> violations;  // the first MAX_LISTED
  std::string trees_skipped;                  // why no synthetic tree was used, if none was

  static constexpr std::size_t MAX_LISTED = 10;
};

// Runs plan.cases cases. Precondition: plan.spec is valid for chess when
// plan.chess is not empty, contract_refusal(plan.spec) is empty, and at
// least one kind of node is available. `on_case` (may be empty) hears every
// case once it is checked, in order.
ContractReport run_contract(const ContractPlan& plan, const std::function<void(const ContractCase&)>& on_case = {});

// Why no synthetic tree can run the mode, or "".
std::string trees_refusal(const SearchSpec& spec);

std::string_view to_string(NodeKind kind);
// One line: "case 17, chess 'FEN', depth 3, window (-20, 40): failed high ..."
std::string describe(const ContractViolation& violation);

}  // namespace prunebench::harness
