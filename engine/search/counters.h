// Exact counts of what a search did. One plain struct, passed by reference,
// summed across threads at the end: no globals, no atomics.
//
// Every field means exactly what its comment says; the README glossary and
// docs/json-schema.md repeat these definitions, and the harness writes them to
// JSON under the same names.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/types.h"

namespace prunebench {

struct SearchCounters {
  static constexpr int PLY_NB = MAX_PLY + 1;   // nodes_per_ply buckets: one per ply a search can reach
  static constexpr int CUTOFF_INDEX_NB = 32;   // cutoff_move_index buckets (later moves land in the last)

  // One per entry into the search function, the root included. Under this
  // definition full-width minimax to depth d visits perft(0)+...+perft(d).
  std::uint64_t nodes = 0;
  // Nodes scored statically, without searching any child: horizon
  // evaluations plus terminals. (A node ended by a table entry is counted in
  // tt_cutoffs instead.)
  std::uint64_t leaves = 0;
  // Leaves with no legal move (chess: checkmate or stalemate; synthetic trees: their leaves).
  std::uint64_t terminals = 0;
  // Nodes whose move loop ended because a child's value reached beta (also
  // when that child was the last move: the test, not the skipping, counts).
  std::uint64_t cutoffs = 0;
  // Cut-offs caused by the first move searched.
  std::uint64_t first_move_cutoffs = 0;
  // PVS: null-window probes that failed high inside the window and were searched again.
  std::uint64_t researches = 0;
  // MTD(f): null-window searches of the root. Iterative deepening: summed over iterations.
  std::uint64_t mtdf_passes = 0;
  // Iterative deepening with aspiration: root searches repeated after a window failure.
  std::uint64_t aspiration_researches = 0;
  // Transposition table: lookups, lookups that found this node, and hits whose
  // stored bound ended the node without searching it.
  std::uint64_t tt_probes = 0;
  std::uint64_t tt_hits = 0;
  std::uint64_t tt_cutoffs = 0;
  // Expected node type (Knuth-Moore) of every interior node, and what happened:
  // a node "behaved as CUT" if it cut off, "as ALL" if it searched every child
  // without raising alpha, otherwise "as PV".
  std::uint64_t expected_pv = 0, expected_cut = 0, expected_all = 0;
  std::uint64_t behaved_pv = 0, behaved_cut = 0, behaved_all = 0;
  // Expected CUT nodes that behaved as ALL: the move that should have cut
  // was not found at all, so every child was searched (where an ordering
  // loses most against the minimal tree).
  std::uint64_t expected_cut_behaved_all = 0;
  // qsearch (quiescence.h): nodes entered below the horizon by quiescence
  // moves. The horizon node itself is counted in nodes (and leaves), never
  // here, so nodes + qnodes is every node entered, each once.
  std::uint64_t qnodes = 0;
  // qsearch: the most quiescence moves on one line below a horizon node (0: none played).
  int qsearch_max_ply = 0;
  // qsearch=checks: quiet checks searched at horizon nodes (their replies are in qnodes).
  std::uint64_t qsearch_checks = 0;
  // nullmove (selective.h): nodes where the null move was searched, and those
  // it ended (its value reached beta). Each null child is a node, in nodes.
  std::uint64_t null_move_tries = 0;
  std::uint64_t null_move_cutoffs = 0;
  // nullmove=verified: fail-highs searched on one ply shallower instead of
  // cut (verify flag on), and of those the ones whose moves all stayed below
  // beta (zugzwang), searched again to the node's depth.
  std::uint64_t null_move_verifications = 0;
  std::uint64_t null_move_verification_failures = 0;
  // lmr (selective.h): moves searched reduced, and those searched
  // again at full depth because the reduced search's value exceeded alpha.
  std::uint64_t lmr_reductions = 0;
  std::uint64_t lmr_researches = 0;
  // futility, extended-futility (selective.h): moves skipped without being made or searched.
  std::uint64_t futility_pruned = 0;

  std::array<std::uint64_t, PLY_NB> nodes_per_ply{};
  // MTD(f): mtdf_passes by the depth of the search that made them (with
  // iterative deepening, one entry per iteration).
  std::array<std::uint64_t, PLY_NB> mtdf_passes_per_depth{};
  // cutoff_move_index[i]: cut-offs caused by the (i+1)-th move searched.
  std::array<std::uint64_t, CUTOFF_INDEX_NB> cutoff_move_index{};

  double first_move_cutoff_rate() const {
    return cutoffs == 0 ? 0.0 : double(first_move_cutoffs) / double(cutoffs);
  }

  // Runs at every node, so there is no range check: searches never go deeper
  // than MAX_SEARCH_DEPTH (node.h), so ply <= MAX_PLY.
  void count_node(int ply) {
    ++nodes;
    ++nodes_per_ply[std::size_t(ply)];
  }

  void count_cutoff(int move_index) {
    ++cutoffs;
    if (move_index == 0) ++first_move_cutoffs;
    ++cutoff_move_index[move_index < CUTOFF_INDEX_NB ? move_index : CUTOFF_INDEX_NB - 1];
  }

  SearchCounters& operator+=(const SearchCounters& other);
  bool operator==(const SearchCounters&) const = default;
};

inline SearchCounters& SearchCounters::operator+=(const SearchCounters& o) {
  nodes += o.nodes; leaves += o.leaves; terminals += o.terminals;
  cutoffs += o.cutoffs; first_move_cutoffs += o.first_move_cutoffs;
  researches += o.researches; mtdf_passes += o.mtdf_passes;
  aspiration_researches += o.aspiration_researches;
  tt_probes += o.tt_probes; tt_hits += o.tt_hits; tt_cutoffs += o.tt_cutoffs;
  expected_pv += o.expected_pv; expected_cut += o.expected_cut; expected_all += o.expected_all;
  behaved_pv += o.behaved_pv; behaved_cut += o.behaved_cut; behaved_all += o.behaved_all;
  expected_cut_behaved_all += o.expected_cut_behaved_all;
  qnodes += o.qnodes; qsearch_checks += o.qsearch_checks;
  null_move_tries += o.null_move_tries; null_move_cutoffs += o.null_move_cutoffs;
  null_move_verifications += o.null_move_verifications;
  null_move_verification_failures += o.null_move_verification_failures;
  lmr_reductions += o.lmr_reductions; lmr_researches += o.lmr_researches;
  futility_pruned += o.futility_pruned;
  if (o.qsearch_max_ply > qsearch_max_ply) qsearch_max_ply = o.qsearch_max_ply;  // a maximum, not a sum
  for (int i = 0; i < PLY_NB; ++i) nodes_per_ply[i] += o.nodes_per_ply[i];
  for (int i = 0; i < PLY_NB; ++i) mtdf_passes_per_depth[i] += o.mtdf_passes_per_depth[i];
  for (int i = 0; i < CUTOFF_INDEX_NB; ++i) cutoff_move_index[i] += o.cutoff_move_index[i];
  return *this;
}

}  // namespace prunebench
