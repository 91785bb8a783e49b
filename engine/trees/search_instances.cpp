// The one copy of search() for each shipped tree (search_instances.h).
#include "engine/trees/search_instances.h"

namespace prunebench {

template PRUNEBENCH_SEARCH_OF(ChessTree);
template PRUNEBENCH_SEARCH_OF(ExplicitTree);
template PRUNEBENCH_SEARCH_OF(RandomTree);

}  // namespace prunebench
