// The bug museum: every bug planted in the search is caught by at least one
// check, and the checks catch what the articles say they catch.
#include "harness/run/museum.h"

#include <gtest/gtest.h>

#include <string>

namespace prunebench::harness {
namespace {

std::vector<SuiteEntry> suite(const char* relative) {
  return read_suite(std::string(PRUNEBENCH_SOURCE_DIR) + "/" + relative).value.entries;
}

// The museum's plan, smaller: fewer contract cases, the baseline to depth 3.
MuseumPlan small_plan(const std::vector<SuiteEntry>& baseline_positions) {
  MuseumPlan plan;
  plan.contract_cases = 150;
  for (const Exhibit& exhibit : exhibits())
    plan.contract_positions.push_back(suite(std::string(exhibit.contract_suite).c_str()));
  plan.baseline = baseline_records(baseline_positions, 3);
  return plan;
}

class Museum : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    positions_ = new std::vector<SuiteEntry>(suite("positions/seed.epd"));
    const std::vector<SuiteEntry> bratko_kopec = suite("positions/bratko-kopec.epd");
    positions_->insert(positions_->end(), bratko_kopec.begin(), bratko_kopec.end());
    plan_ = new MuseumPlan(small_plan(*positions_));
    for (std::size_t i = 0; i < exhibits().size(); ++i) rows_.push_back(visit_exhibit(*plan_, i));
  }
  static const MuseumRow& row(Mutant mutant) {
    for (const MuseumRow& r : rows_)
      if (r.exhibit.mutant == mutant) return r;
    throw std::logic_error("no exhibit");
  }
  static inline std::vector<SuiteEntry>* positions_ = nullptr;
  static inline MuseumPlan* plan_ = nullptr;
  static inline std::vector<MuseumRow> rows_;
};

TEST(MuseumExhibits, EveryMutantHasAnExhibit) {
  ASSERT_EQ(exhibits().size(), MUTANTS.size());
  for (std::size_t i = 0; i < MUTANTS.size(); ++i) EXPECT_EQ(exhibits()[i].mutant, MUTANTS[i].mutant);
}

// Every bug is caught, and by the check the articles name. One test, not two:
// each test runs in a process of its own, so each would visit the whole museum
// (about 45 s under AddressSanitizer).
TEST_F(Museum, EveryMutantIsCaughtByTheCheckTheArticlesName) {
  for (const MuseumRow& r : rows_) EXPECT_NE(r.caught_by(), "nothing") << mutant_info(r.exhibit.mutant).name;
  // Right value, other counts (reference 002 and 000): only the counts see these two.
  for (const Mutant mutant : {Mutant::STRICT_CUTOFF, Mutant::COUNT_AFTER_DEPTH_TEST})
    EXPECT_EQ(row(mutant).caught_by(), "counts") << mutant_info(mutant).name;
  // Every bug that changes a value is the contract's.
  for (const MuseumRow& r : rows_) {
    const Mutant mutant = r.exhibit.mutant;
    if (mutant == Mutant::STRICT_CUTOFF || mutant == Mutant::COUNT_AFTER_DEPTH_TEST) continue;
    EXPECT_TRUE(r.caught_by_contract()) << mutant_info(mutant).name;
  }
  // Reference 001: a sign forgotten at odd depths passes every even-depth test.
  const ContractReport& unflipped = row(Mutant::UNFLIPPED_EVALUATION).contract;
  EXPECT_GT(unflipped.violations_by_depth_parity[1], 0);
  EXPECT_EQ(unflipped.violations_by_depth_parity[0], 0);
}

}  // namespace
}  // namespace prunebench::harness
