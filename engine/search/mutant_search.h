// search() with one of the bug museum's mutants planted (mutant.h).
//
// Only the callers that ask for a mutant include this file, so only they
// instantiate the mutated searches: search() itself never sees one.
#pragma once

#include "engine/search/mutant.h"
#include "engine/search/search.h"

namespace prunebench {

// search() as it runs with `mutant` planted; Mutant::NONE is search() itself.
// Preconditions as search()'s.
template <Tree T>
SearchResult<typename T::MoveType> search_with_mutant(T& tree, const SearchSpec& spec, int depth,
                                                      SearchCounters& counters, Mutant mutant) {
  if (mutant == Mutant::NONE) return search(tree, spec, depth, counters);
  return with_mutant(mutant, [&]<Mutant M>() {
    return spec.fail == Fail::HARD
               ? detail::run_search<T, Fail::HARD, M>(tree, spec, depth, counters, nullptr, 0)
               : detail::run_search<T, Fail::SOFT, M>(tree, spec, depth, counters, nullptr, 0);
  });
}

}  // namespace prunebench
