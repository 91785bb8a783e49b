// Principal variation search (NegaScout; reference 001).
//
// The first child is searched with the full window; every later child is
// first probed with a null window around alpha ("is it better than alpha?")
// and searched again only if the probe says it is. The re-search uses the
// node's window (alpha, beta), as Marsland's PVS does, rather than NegaScout's
// (v, beta): with fail-soft, v is often the exact value already, and a
// (v, beta) search would then fail low and return no principal variation.
// A bet on the first move being best: with good ordering the probes are cheap
// and rarely repeated; with poor ordering the re-searches (counted in
// SearchCounters::researches) cost more than PVS saves.
//
// Everything else - node entry, table, ordering, cut-offs, fail policy - is
// alpha-beta's own node: PVS is AlphaBeta with ChildWindow::NULL_WINDOW_FIRST
// (alphabeta.h), so the two cannot drift apart.
#pragma once

#include "engine/search/alphabeta.h"

namespace prunebench {

template <Tree T, Fail F = Fail::SOFT, Mutant M = Mutant::NONE>
using Pvs = AlphaBeta<T, F, ChildWindow::NULL_WINDOW_FIRST, M>;

}  // namespace prunebench
