#include "harness/options/mode_list.h"

#include <gtest/gtest.h>

#include "engine/search/spec.h"

namespace prunebench::harness {
namespace {

using Modes = std::vector<std::string>;

TEST(ModeList, CommasSeparateModesAndPlusJoinsOptions) {
  EXPECT_EQ(parse_mode_list("--modes", "minimax,mvv-lva+killers+history,pvs").value,
            (Modes{"minimax", "mvv-lva+killers+history", "pvs"}));
  EXPECT_EQ(parse_mode_list("--modes", "algo=pvs+order=mvv-lva+tt+id+aspiration=50,id-tt+tt-draft=ge").value,
            (Modes{"algo=pvs+order=mvv-lva+tt+id+aspiration=50", "id-tt+tt-draft=ge"}));
}

// The README's old example: "history" silently became a mode of its own.
TEST(ModeList, AnOptionAfterACommaIsRefusedWithThePlusForm) {
  const auto parsed = parse_mode_list("--modes", "mvv-lva+killers,history");
  EXPECT_TRUE(parsed.value.empty());
  EXPECT_EQ(parsed.error,
            "--modes: 'history' is not a mode (commas separate modes; join a mode's options with '+', "
            "e.g. 'mvv-lva+killers+history')");
}

TEST(ModeList, TheSuggestionGathersEveryOptionThatFollows) {
  const std::string error = parse_mode_list("--modes", "minimax,algo=pvs,order=mvv-lva,tt,id,pvs").error;
  EXPECT_NE(error.find("'order=mvv-lva' is not a mode"), std::string::npos) << error;
  EXPECT_NE(error.find("e.g. 'algo=pvs+order=mvv-lva+tt+id'"), std::string::npos) << error;
}

TEST(ModeList, ALeadingOptionIsSuggestedOnUnordered) {
  EXPECT_NE(parse_mode_list("--modes", "tt=64").error.find("e.g. 'unordered+tt=64'"), std::string::npos);
}

TEST(ModeList, TyposAndDuplicatesAreLeftToTheirOwnMessages) {
  // An unknown word is not an option: parse_mode names it later.
  EXPECT_EQ(parse_mode_list("--modes", "minimax,bogus").value, (Modes{"minimax", "bogus"}));
  EXPECT_EQ(parse_mode_list("--modes", "pvs,pvs").error, "--modes: 'pvs' is listed twice");
  EXPECT_EQ(parse_mode_list("--modes", "pvs,,mtdf").error, "--modes: empty item in 'pvs,,mtdf'");
}

// Every option of the mode grammar can be written with '+' inside a list,
// and then parses to the same spec as its ','-joined single-mode form.
TEST(ModeList, EveryOptionCanBeJoinedWithPlus) {
  const std::vector<std::string> composed = {
      "algo=negamax",           "fail-hard+fail=soft",    "unordered+order=mvv-lva",
      "mvv-lva+tiebreak=canonical",
      "unordered+tiebreak=scan:pieces=NKBPRQ/captures=last/from=h1h8/to=h8a8",
      "unordered+order=random+seed=7", "mvv-lva+tt=64+tt-draft=ge", "id-tt+no-tt-move", "id-tt+no-tt",
      "mvv-lva+tt+id+pv-move",  "mvv-lva+killers",        "mvv-lva+history",
      "mvv-lva+id+aspiration=50", "mtdf+guess=-25",       "pvs+mate-distance"};
  std::string list;
  for (const std::string& mode : composed) list += (list.empty() ? "" : ",") + mode;
  const auto parsed = parse_mode_list("--modes", list);
  ASSERT_TRUE(parsed.ok()) << parsed.error;
  ASSERT_EQ(parsed.value, composed);
  for (const std::string& mode : composed) {
    const ModeParse plus = parse_mode(mode);
    ASSERT_TRUE(plus.ok()) << mode << ": " << plus.error;
    std::string with_commas = mode;
    for (char& c : with_commas)
      if (c == '+') c = ',';
    EXPECT_EQ(plus.value, parse_mode(with_commas).value) << mode;
  }
}

}  // namespace
}  // namespace prunebench::harness
