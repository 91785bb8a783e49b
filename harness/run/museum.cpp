#include "harness/run/museum.h"

#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench::harness {

namespace {

constexpr std::string_view BRATKO_KOPEC = "positions/bratko-kopec.epd";
// Win at Chess: many short mates, where a mate score read at the wrong ply shows.
constexpr std::string_view WIN_AT_CHESS = "positions/wac.epd";

// The mode each bug is looked for in: the simplest one that runs its code on
// synthetic trees as well as on chess.
const std::vector<Exhibit> EXHIBITS = {
    {Mutant::BOUND_AS_EXACT, "unordered+tt", BRATKO_KOPEC},
    {Mutant::UNSOUND_PRUNING, "unordered", BRATKO_KOPEC},
    {Mutant::MATE_SCORE_FROM_ROOT, "id-tt+mate-distance", WIN_AT_CHESS},
    {Mutant::SEARCH_INSTABILITY, "algo=pvs", BRATKO_KOPEC},
    {Mutant::ASPIRATION_FAIL_HARD, "fail-hard+id+aspiration=10", BRATKO_KOPEC},
    {Mutant::SHARED_ALPHA, "unordered", BRATKO_KOPEC},
    {Mutant::STRICT_CUTOFF, "unordered", BRATKO_KOPEC},
    {Mutant::UNFLIPPED_EVALUATION, "unordered", BRATKO_KOPEC},
    {Mutant::COUNT_AFTER_DEPTH_TEST, "unordered", BRATKO_KOPEC},
};

// scripts/baseline.sh's modes but minimax and minimal.
const std::vector<std::string_view> BASELINE_MODES = {"unordered",
                                                      "canonical",
                                                      "fail-hard",
                                                      "mvv-lva",
                                                      "mvv-lva-canonical",
                                                      "quiet-pst",
                                                      "pvs",
                                                      "mtdf",
                                                      "id-tt",
                                                      "id-tt-killers",
                                                      "pvs-id-tt-killers",
                                                      "oracle",
                                                      "id-tt+tt-draft=ge"};

ContractReport run_exhibit_contract(const MuseumPlan& plan, std::size_t index) {
  const Exhibit& exhibit = EXHIBITS[index];
  ContractPlan contract;
  contract.mode = std::string(exhibit.contract_mode);
  contract.spec = parse_mode(exhibit.contract_mode).value;
  contract.cases = plan.contract_cases;
  contract.seed = plan.seed;
  contract.mutant = exhibit.mutant;
  contract.trees = trees_refusal(contract.spec).empty();
  contract.chess = plan.contract_positions[index];
  return run_contract(contract);
}

struct SearchOutcome {
  std::uint64_t nodes;
  Score score;
};

SearchOutcome search_record(const BaselineRecord& record, Mutant mutant) {
  ChessTree tree(record.position->position, record.spec.mate_distance);
  SearchCounters counters;
  const Score score = search_with_mutant(tree, record.spec, record.depth, counters, mutant).score;
  return {counters.nodes, score};
}

void search_unmutated(BaselineRecord& record) {
  const SearchOutcome plain = search_record(record, Mutant::NONE);
  record.nodes = plain.nodes;
  record.score = plain.score;
  record.searched = true;
}

}  // namespace

const std::vector<Exhibit>& exhibits() { return EXHIBITS; }

const std::vector<std::string_view>& museum_baseline_modes() { return BASELINE_MODES; }

std::vector<BaselineRecord> baseline_records(const std::vector<SuiteEntry>& positions, int max_depth) {
  std::vector<BaselineRecord> records;
  for (const std::string_view mode : BASELINE_MODES) {
    const SearchSpec spec = parse_mode(mode).value;
    for (const SuiteEntry& position : positions)
      for (int depth = 1; depth <= max_depth; ++depth) records.push_back({&position, depth, mode, spec});
  }
  return records;
}

std::string MuseumRow::caught_by() const {
  std::string checks;
  const auto add = [&](bool caught, const char* check) {
    if (caught) checks += (checks.empty() ? "" : ", ") + std::string(check);
  };
  add(caught_by_contract(), "contract");
  add(caught_by_counts(), "counts");
  add(caught_by_values(), "values");
  return checks.empty() ? "nothing" : checks;
}

MuseumRow visit_exhibit(MuseumPlan& plan, std::size_t index) {
  MuseumRow row;
  row.exhibit = EXHIBITS[index];
  row.contract = run_exhibit_contract(plan, index);
  const Mutant mutant = row.exhibit.mutant;
  for (BaselineRecord& record : plan.baseline) {
    if (!mutant_reaches(mutant, record.spec)) continue;
    const int search = ++row.reached_searches;
    if (row.caught_by_counts() && row.caught_by_values()) continue;  // counted, not searched
    if (!record.searched) search_unmutated(record);
    const SearchOutcome mutated = search_record(record, mutant);
    if (!row.caught_by_counts() && mutated.nodes != record.nodes) row.counts_catch_at = search;
    if (!row.caught_by_values() && is_value_preserving(record.spec) && mutated.score != record.score)
      row.values_catch_at = search;
  }
  return row;
}

}  // namespace prunebench::harness
