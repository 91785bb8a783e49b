// The bug museum: the bugs the reference articles name, each as a mutant of
// the real search code that a check should catch.
//
// A mutant is a compile-time parameter of the alpha-beta family (alphabeta.h,
// pvs.h, mtdf.h, iterative_deepening.h and the node steps of node.h): every
// mutated line is an `if constexpr` on it, so the instantiation with
// Mutant::NONE - the only one search.h makes - is the unchanged code, and a
// mutant costs nothing unless a caller asks for it (mutant_search.h).
//
// A mutant instantiation never scores leaf children from their parent
// (leaf_children.h): every leaf goes through visit_horizon_node, where two of
// the bugs live. The counts are the same either way.
#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "engine/search/spec.h"

namespace prunebench {

enum class Mutant {
  NONE,
  BOUND_AS_EXACT,
  UNSOUND_PRUNING,
  MATE_SCORE_FROM_ROOT,
  SEARCH_INSTABILITY,
  ASPIRATION_FAIL_HARD,
  SHARED_ALPHA,
  STRICT_CUTOFF,
  UNFLIPPED_EVALUATION,
  COUNT_AFTER_DEPTH_TEST,
};

struct MutantInfo {
  Mutant mutant;
  std::string_view name;      // what --inject takes
  std::string_view source;    // the reference article that names the bug
  std::string_view mutation;  // what the mutated code does, one line
};

// Every mutant but NONE, in the order the articles name them.
inline constexpr std::array<MutantInfo, 9> MUTANTS = {{
    {Mutant::BOUND_AS_EXACT, "bound-as-exact", "001",
     "the table stores every result as exact, a fail-high or fail-low bound included"},
    {Mutant::UNSOUND_PRUNING, "unsound-pruning", "001",
     "late move reductions without a re-search: moves after the second searched one ply shallower, and "
     "trusted"},
    {Mutant::MATE_SCORE_FROM_ROOT, "mate-score-from-root", "001",
     "mate scores go into and out of the table as they are, relative to the search's root, not to the node"},
    {Mutant::SEARCH_INSTABILITY, "search-instability", "001",
     "PVS: a null-window probe that fails high inside the window is kept as the child's value, never "
     "re-searched"},
    {Mutant::ASPIRATION_FAIL_HARD, "aspiration-fail-hard", "001",
     "aspiration windows detect a failure only beyond the window's edge, which fail-hard never returns"},
    {Mutant::SHARED_ALPHA, "shared-alpha", "002",
     "one alpha shared by every node: a node raising its alpha raises it for the nodes searched after it"},
    {Mutant::STRICT_CUTOFF, "strict-cutoff", "002", "the cut-off is tested with > instead of >="},
    {Mutant::UNFLIPPED_EVALUATION, "unflipped-evaluation", "000",
     "the evaluation scores for the root's side at every ply: its sign is not flipped at odd plies"},
    {Mutant::COUNT_AFTER_DEPTH_TEST, "count-after-depth-test", "000",
     "the node counter sits after the depth test, so horizon nodes are not counted"},
}};

inline std::optional<Mutant> mutant_named(std::string_view name) {
  for (const MutantInfo& info : MUTANTS)
    if (info.name == name) return info.mutant;
  return std::nullopt;
}

inline const MutantInfo& mutant_info(Mutant mutant) {
  for (const MutantInfo& info : MUTANTS)
    if (info.mutant == mutant) return info;
  static constexpr MutantInfo NO_MUTANT{Mutant::NONE, "none", "", "the unchanged search"};
  return NO_MUTANT;
}

// Whether a search of `spec` runs the mutated code at all: otherwise it is
// the plain search, with the plain counts and value (a test checks it).
inline bool mutant_reaches(Mutant mutant, const SearchSpec& spec) {
  const bool alpha_beta_family = spec.algorithm == Algorithm::ALPHABETA || spec.algorithm == Algorithm::PVS ||
                                 spec.algorithm == Algorithm::MTDF;
  switch (mutant) {
    case Mutant::NONE:
      return false;
    case Mutant::BOUND_AS_EXACT:
      return alpha_beta_family && spec.tt;
    case Mutant::MATE_SCORE_FROM_ROOT:
      return alpha_beta_family && spec.tt && spec.mate_distance;
    case Mutant::SEARCH_INSTABILITY:
      return spec.algorithm == Algorithm::PVS;
    case Mutant::ASPIRATION_FAIL_HARD:
      return alpha_beta_family && spec.aspiration > 0;
    default:
      return alpha_beta_family;
  }
}

// "bound-as-exact, unsound-pruning, ...": for help texts and errors.
inline std::string mutant_names() {
  std::string names;
  for (const MutantInfo& info : MUTANTS) names += (names.empty() ? "" : ", ") + std::string(info.name);
  return names;
}

// Calls `run.template operator()<M>()` with M = `mutant`: the one place a
// mutant chosen at run time becomes a template argument (MUTANTS[I] onward
// are tried in turn; none of them is NONE).
template <std::size_t I = 0, typename Run>
decltype(auto) with_mutant(Mutant mutant, Run&& run) {
  if constexpr (I == MUTANTS.size()) {
    return run.template operator()<Mutant::NONE>();
  } else {
    if (mutant == MUTANTS[I].mutant) return run.template operator()<MUTANTS[I].mutant>();
    return with_mutant<I + 1>(mutant, run);
  }
}

}  // namespace prunebench
