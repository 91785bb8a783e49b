// search(), the parallel searches and the searches with a mutant planted
// (the bug museum's and the contract test's), over the trees prunebench
// ships, compiled once: the first two in the engine library
// (search_instances.cpp, parallel_search_instances.cpp), the mutant searches
// in a library of their own (mutant_search_instances.cpp, prunebench::mutants).
//
// search<T> instantiates every algorithm, ordering and table variant for T;
// split_search<T> every parallel scheme besides; search_with_mutant<T> and
// probe_mode<T> all of them once per mutant. A file that calls them for a
// shipped tree and includes only search.h, split.h, mutant_search.h or
// contract.h compiles all of them again, most of a test file's build time.
// Include this header instead and the call links to the one copy. The code
// is the same either way, so no count can differ; a file that forgets the
// include only builds slower.
#pragma once

#include <cstddef>
#include <cstdint>

#include "engine/search/contract.h"
#include "engine/search/lazy_smp.h"
#include "engine/search/mutant_search.h"
#include "engine/search/search.h"
#include "engine/search/split.h"
#include "engine/search/ybwc.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/explicit_tree.h"
#include "engine/trees/random_tree.h"

// The declarations, for `template` (instantiate here) and `extern template`
// (instantiated elsewhere) to share.
#define PRUNEBENCH_SEARCH_OF(T)                                                                       \
  SearchResult<T::MoveType> search<T>(T&, const SearchSpec&, int, SearchCounters&, const SearchStop*, \
                                      std::size_t)
#define PRUNEBENCH_SPLIT_SEARCH_OF(T)                                                                     \
  SearchResult<T::MoveType> split_search<T>(const TreeMaker<T>&, const SearchSpec&, int, SearchCounters&, \
                                            int, std::size_t)
#define PRUNEBENCH_YBWC_SEARCH_OF(T)                                                                     \
  SearchResult<T::MoveType> ybwc_search<T>(const TreeMaker<T>&, const SearchSpec&, int, SearchCounters&, \
                                           int, ParallelModelFigures*)
#define PRUNEBENCH_LAZY_SMP_SEARCH_OF(T)                                                                     \
  SearchResult<T::MoveType> lazy_smp_search<T>(const TreeMaker<T>&, const SearchSpec&, int, SearchCounters&, \
                                               int)
#define PRUNEBENCH_SEARCH_WITH_MUTANT_OF(T) \
  SearchResult<T::MoveType> search_with_mutant<T>(T&, const SearchSpec&, int, SearchCounters&, Mutant)
#define PRUNEBENCH_PROBE_MODE_OF(T) \
  ContractProbe probe_mode<T>(T&, const SearchSpec&, int, Score, Score, std::uint64_t, Mutant)

namespace prunebench {

extern template PRUNEBENCH_SEARCH_OF(ChessTree);
extern template PRUNEBENCH_SEARCH_OF(ExplicitTree);
extern template PRUNEBENCH_SEARCH_OF(RandomTree);

// The synthetic trees have no lazy SMP (check_spec refuses smp=lazy there).
extern template PRUNEBENCH_SPLIT_SEARCH_OF(ChessTree);
extern template PRUNEBENCH_SPLIT_SEARCH_OF(RandomTree);
extern template PRUNEBENCH_YBWC_SEARCH_OF(ChessTree);
extern template PRUNEBENCH_YBWC_SEARCH_OF(RandomTree);
extern template PRUNEBENCH_LAZY_SMP_SEARCH_OF(ChessTree);

extern template PRUNEBENCH_SEARCH_WITH_MUTANT_OF(ChessTree);
extern template PRUNEBENCH_SEARCH_WITH_MUTANT_OF(ExplicitTree);
extern template PRUNEBENCH_SEARCH_WITH_MUTANT_OF(RandomTree);
extern template PRUNEBENCH_PROBE_MODE_OF(ChessTree);
extern template PRUNEBENCH_PROBE_MODE_OF(ExplicitTree);
extern template PRUNEBENCH_PROBE_MODE_OF(RandomTree);

}  // namespace prunebench
