// The one copy of search_with_mutant() and of the contract test's probe_mode()
// for each shipped tree (search_instances.h).
#include "engine/trees/search_instances.h"

namespace prunebench {

template PRUNEBENCH_SEARCH_WITH_MUTANT_OF(ChessTree);
template PRUNEBENCH_SEARCH_WITH_MUTANT_OF(ExplicitTree);
template PRUNEBENCH_SEARCH_WITH_MUTANT_OF(RandomTree);
template PRUNEBENCH_PROBE_MODE_OF(ChessTree);
template PRUNEBENCH_PROBE_MODE_OF(ExplicitTree);
template PRUNEBENCH_PROBE_MODE_OF(RandomTree);

}  // namespace prunebench
