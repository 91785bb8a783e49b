// Journal replay: any bytes given to --resume of a small fixed plan are
// refused with one line naming the journal, or replayed into a run that ends
// without throwing (lines that are JSON but not records included).
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_check.h"
#include "harness/run/journal_check.h"
#include "harness/io/json_io.h"
#include "harness/run/suite_runner.h"

using namespace prunebench;
using namespace prunebench::harness;

namespace {

// One position (the start), depth 1, two modes: every replay is cheap.
RunPlan small_plan() {
  RunPlan plan;
  SuiteResult suite =
      parse_suite("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n", "fuzz.epd");
  plan.suites.push_back(std::move(suite.value));
  plan.depths = {1};
  plan.modes = {{"minimax", parse_mode("minimax").value}, {"pvs", parse_mode("pvs").value}};
  return plan;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const RunPlan PLAN = small_plan();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const JournalContents journal = parse_journal(text, "fuzz.journal");
  if (!journal.ok()) {
    FUZZ_CHECK(journal.error.rfind("fuzz.journal:", 0) == 0);
    return 0;
  }
  RunPlan plan = PLAN;
  const std::string problem =
      check_journal(journal, "fuzz.journal", plan_signature(plan), plan.resumed_records);
  if (!problem.empty()) {
    FUZZ_CHECK(problem.find("fuzz.journal") == 0);
    return 0;
  }
  const std::atomic<bool> stop{false};
  const RunOutcome outcome = run_plan(plan, stop);
  FUZZ_CHECK(outcome.io_error.empty());
  return 0;
}
