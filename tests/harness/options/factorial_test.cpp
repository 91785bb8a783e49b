#include "harness/options/factorial.h"

#include <gtest/gtest.h>

#include "engine/search/spec.h"
#include "harness/options/mode_list.h"

namespace prunebench::harness {
namespace {

using Modes = std::vector<std::string>;

TEST(Factorial, EverySubsetOfTheFactorsOverTheBaseInBinaryOrder) {
  std::vector<std::string> notes;
  const auto parsed = parse_mode_list("--modes", "factorial:mvv-lva:tt,id", &notes);
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ(parsed.value, (Modes{"mvv-lva", "mvv-lva+tt", "mvv-lva+id+pv-move", "mvv-lva+tt+id+pv-move"}));
  EXPECT_EQ(notes, (Modes{"factorial:mvv-lva: 2 factors, 4 of 4 combinations"}));
}

TEST(Factorial, FollowsTheModesBeforeIt) {
  EXPECT_EQ(parse_mode_list("--modes", "minimax,unordered,factorial:mvv-lva:killers").value,
            (Modes{"minimax", "unordered", "mvv-lva", "mvv-lva+killers"}));
}

TEST(Factorial, ACombinationTheGrammarRefusesIsLeftOutAndNamed) {
  std::vector<std::string> notes;
  const auto parsed = parse_mode_list("--modes", "factorial:mvv-lva:id,aspiration=50", &notes);
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  EXPECT_EQ(parsed.value, (Modes{"mvv-lva", "mvv-lva+id+pv-move", "mvv-lva+id+pv-move+aspiration=50"}));
  EXPECT_EQ(notes, (Modes{"factorial:mvv-lva: 2 factors, 3 of 4 combinations; 1 left out: aspiration needs "
                          "iterative deepening (id)"}));
}

// The spelling of Schaeffer's experiment: six enhancements, aspiration only
// where iterative deepening runs (2^4 of the 64 subsets lack id but have it).
TEST(Factorial, SchaeffersSixEnhancementsGiveFortyEightModes) {
  std::vector<std::string> notes;
  const auto parsed =
      parse_mode_list("--modes", "factorial:mvv-lva:tt,id,killers,history,pvs,aspiration=50", &notes);
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  ASSERT_EQ(parsed.value.size(), 48u);
  EXPECT_EQ(parsed.value.back(), "mvv-lva+tt+id+pv-move+killers+history+algo=pvs+aspiration=50");
  for (const std::string& mode : parsed.value) EXPECT_TRUE(parse_mode(mode).ok()) << mode;
  const ModeParse last = parse_mode(parsed.value.back());
  EXPECT_EQ(last.value.algorithm, Algorithm::PVS);
  EXPECT_EQ(last.value.ordering.base, BaseOrdering::MVV_LVA);
  EXPECT_TRUE(last.value.tt && last.value.ordering.pv_move_first && last.value.ordering.killers);
  EXPECT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].find("48 of 64 combinations; 16 left out: aspiration needs"), std::string::npos) << notes[0];
}

TEST(Factorial, BadFactorialsAreOneLineBeforeAnySearch) {
  const auto error = [](std::string_view list) { return parse_mode_list("--modes", list).error; };
  EXPECT_EQ(error("factorial:mvv-lva:"), "--modes: factorial: no factors after 'mvv-lva:'");
  EXPECT_EQ(error("factorial:mvv-lva"),
            "--modes: factorial: expected factorial:BASE:FACTOR,FACTOR,... in 'mvv-lva'");
  EXPECT_NE(error("factorial:mvv-lva:bogus").find("'bogus' is not an option of a mode"), std::string::npos);
  EXPECT_NE(error("factorial:tt:id").find("the base 'tt' is not a mode"), std::string::npos);
  EXPECT_NE(error("factorial:minimax+tt:id").find("the base 'minimax+tt': minimax searches every move"),
            std::string::npos);
  EXPECT_EQ(error("factorial:mvv-lva:aspiration=50"),
            "--modes: factorial: 'aspiration=50' is valid in no combination over 'mvv-lva': aspiration needs "
            "iterative deepening (id)");
  EXPECT_EQ(error("factorial:id-tt:tt"), "--modes: factorial: 'tt' changes nothing over 'id-tt'");
  EXPECT_EQ(error("factorial:mvv-lva:tt,tt"), "--modes: 'tt' is listed twice");
  EXPECT_EQ(error("mvv-lva,factorial:mvv-lva:tt"), "--modes: 'mvv-lva' is listed twice (once by the factorial)");
  EXPECT_EQ(error("factorial:mvv-lva:tt,id,killers,history,pvs,aspiration=50,tt-draft=ge,no-tt-move,mate-distance"),
            "--modes: factorial: 9 factors would make 512 modes; at most 8 factors (256 modes)");
  EXPECT_TRUE(parse_mode_list("--modes", "factorial:mvv-lva:").value.empty());
}

}  // namespace
}  // namespace prunebench::harness
