// The one copy of each parallel search for each shipped tree that has it
// (search_instances.h).
#include "engine/trees/search_instances.h"

namespace prunebench {

template PRUNEBENCH_SPLIT_SEARCH_OF(ChessTree);
template PRUNEBENCH_SPLIT_SEARCH_OF(RandomTree);
template PRUNEBENCH_YBWC_SEARCH_OF(ChessTree);
template PRUNEBENCH_YBWC_SEARCH_OF(RandomTree);
template PRUNEBENCH_LAZY_SMP_SEARCH_OF(ChessTree);

}  // namespace prunebench
