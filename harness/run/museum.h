// The bug museum: each bug of mutant.h planted in the real search, and which
// check catches it, how fast.
//
// Three checks, each run on the mutated search:
//   - the contract (contract_cases.h) on a mode the bug can live in, with
//     synthetic trees and chess: cases run until the first violation, and
//     the violations by depth parity;
//   - the node-count baseline: the searches of results/baseline.json's plan
//     (its suites, depths 1-4, its modes) that run the mutated code, counts
//     compared with the unmutated search's, which scripts/baseline.sh check
//     holds equal to the baseline;
//   - value agreement: the same searches' root values compared with the
//     fixed-depth value, as `run` compares every mode with minimax.
// A bug that changes no value (the > cut-off, the counter after the depth
// test) is invisible to the contract and to value agreement: only the counts
// see it, and the table says so.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/search/mutant.h"
#include "engine/search/spec.h"
#include "harness/run/contract_cases.h"
#include "harness/run/suite.h"

namespace prunebench::harness {

// A bug on display, and where the contract looks for it.
struct Exhibit {
  Mutant mutant;
  std::string_view contract_mode;   // a mode whose code the bug lives in
  std::string_view contract_suite;  // a project file: the chess nodes
};

// Every mutant of mutant.h, in its order.
const std::vector<Exhibit>& exhibits();

// The baseline's modes (scripts/baseline.sh) a mutant can reach: the
// alpha-beta family. Minimax, negamax and the minimal tree run no mutated code.
const std::vector<std::string_view>& museum_baseline_modes();

// One search of the baseline's plan; its unmutated figures are searched the
// first time an exhibit needs them.
struct BaselineRecord {
  const SuiteEntry* position;
  int depth;
  std::string_view mode;
  SearchSpec spec;
  bool searched = false;
  std::uint64_t nodes = 0;
  Score score = 0;  // the fixed-depth value when spec is value-preserving
};

struct MuseumPlan {
  int contract_cases = 300;
  std::uint64_t seed = 1;
  // Per exhibit, the positions of its contract suite (same order as exhibits()).
  std::vector<std::vector<SuiteEntry>> contract_positions;
  std::vector<BaselineRecord> baseline;  // see baseline_records
};

// Every (mode, position, depth to max_depth) of museum_baseline_modes(), not
// yet searched. `positions` must outlive the records.
std::vector<BaselineRecord> baseline_records(const std::vector<SuiteEntry>& positions, int max_depth);

struct MuseumRow {
  Exhibit exhibit{Mutant::NONE, "", ""};
  ContractReport contract;
  // The baseline's searches that run the mutated code (mutant_reaches), and
  // the first of them, counted from 1, whose node count moved or whose value
  // is wrong; 0: none. The searches stop once both checks have caught it.
  int reached_searches = 0;
  int counts_catch_at = 0;
  int values_catch_at = 0;

  bool caught_by_contract() const { return contract.violation_count > 0; }
  bool caught_by_counts() const { return counts_catch_at > 0; }
  bool caught_by_values() const { return values_catch_at > 0; }
  // "contract, counts, values" (those that catch it), or "nothing".
  std::string caught_by() const;
};

// Runs the three checks on exhibits()[exhibit_index]; searches the
// baseline records it needs that are not searched yet.
MuseumRow visit_exhibit(MuseumPlan& plan, std::size_t exhibit_index);

}  // namespace prunebench::harness
