// A journal line that is JSON but not a record is refused
// by its line number instead of aborting --resume.
#include "harness/run/journal_check.h"

#include <gtest/gtest.h>

namespace prunebench::harness {
namespace {

using nlohmann::json;

const json PLAN = {{"depths", {1}}, {"modes", {"minimax"}}, {"suites", {"abc"}}};

// nodes is unsigned, as nlohmann parses a non-negative count from text.
json good_record() {
  return {{"position_id", "start"},
          {"depth", 1},
          {"mode", "minimax"},
          {"score", 0},
          {"counters", {{"nodes", 21u}}}};
}

JournalContents journal_of(std::vector<json> lines) {
  JournalContents journal;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    journal.records.push_back(lines[i]);
    journal.lines.push_back(int(i) + 1);
  }
  return journal;
}

std::string check(std::vector<json> lines) {
  std::vector<json> records;
  return check_journal(journal_of(std::move(lines)), "j", PLAN, records);
}

TEST(CheckJournal, AcceptsTheRunnersOwnRecords) {
  std::vector<json> records;
  const std::string error =
      check_journal(journal_of({{{"plan", PLAN}}, {{"record", good_record()}}}), "j", PLAN, records);
  EXPECT_EQ(error, "");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0], good_record());
}

// run --records-from journals position facts between the records; a run
// that searches gathers its own facts, so it takes the records and passes
// over the facts, and --records-from takes both.
TEST(CheckJournal, PassesOverPositionFactsOrTakesThem) {
  std::vector<json> records, facts;
  const json position = {{"id", "start"}, {"perft", {1, 20}}};
  const JournalContents journal = journal_of({{{"plan", PLAN}}, {{"position", position}}, {{"record", good_record()}}});
  EXPECT_EQ(check_journal(journal, "j", PLAN, records), "");
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0], good_record());
  records.clear();
  EXPECT_EQ(check_journal(journal, "j", PLAN, records, &facts), "");
  EXPECT_EQ(records.size(), 1u);
  EXPECT_EQ(facts, std::vector<json>{position});
}

TEST(CheckJournal, RefusesPositionFactsWithoutAnId) {
  for (const json& position : {json::array({"facts"}), json({{"id", {{"not", "a string"}}}}), json::object()})
    EXPECT_EQ(check({{{"plan", PLAN}}, {{"position", position}}}), "j:2: position facts without an id string")
        << position;
}

TEST(CheckJournal, RefusesLinesThatAreJsonButNotRecords) {
  const std::string NOT_A_RECORD = "j:2: not a journal record (expected {\"record\": {...}})";
  json no_nodes = good_record(), string_depth = good_record(), string_nodes = good_record();
  no_nodes["counters"].erase("nodes");
  string_depth["depth"] = "1";
  string_nodes["counters"]["nodes"] = "21";
  const std::vector<std::pair<json, std::string>> cases = {
      {5, NOT_A_RECORD},
      {{{"recor", good_record()}}, NOT_A_RECORD},
      {{{"record", 5}}, "j:2: the record is not a JSON object"},
      {{{"record", no_nodes}}, "j:2: the record has no counters.nodes count"},
      {{{"record", string_depth}}, "j:2: the record has no integer depth"},
      {{{"record", string_nodes}}, "j:2: the record has no counters.nodes count"},
      {{{"plan", PLAN}}, NOT_A_RECORD},  // a second plan header
  };
  for (const auto& [line, message] : cases) EXPECT_EQ(check({{{"plan", PLAN}}, line}), message) << line;
}

// An external engine may report a mate score, or none at all (Toga II's
// `info depth 3 ... nodes 446`); the run schema allows both, so must --resume.
TEST(CheckJournal, AcceptsEngineRecordsWithAMateOrNoScore) {
  json mate = good_record(), none = good_record();
  for (json* record : {&mate, &none}) {
    record->erase("score");
    (*record)["mode"] = "me";
    (*record)["spec"] = {{"algorithm", "uci-engine"}};
  }
  mate["score_mate"] = 2;
  for (const json& record : {mate, none}) EXPECT_EQ(check({{{"plan", PLAN}}, {{"record", record}}}), "") << record;
}

TEST(CheckJournal, RefusesScoresThatAreNotIntegers) {
  json unscored = good_record(), string_score = good_record(), string_mate = good_record();
  unscored.erase("score");  // prunebench's own searches always score
  string_score["score"] = "0";
  string_mate["score_mate"] = "2";
  EXPECT_EQ(check({{{"plan", PLAN}}, {{"record", unscored}}}), "j:2: the record has no integer score");
  EXPECT_EQ(check({{{"plan", PLAN}}, {{"record", string_score}}}), "j:2: the record's score is not an integer");
  EXPECT_EQ(check({{{"plan", PLAN}}, {{"record", string_mate}}}), "j:2: the record's score_mate is not an integer");
}

// A refusal names what differs, engines included, not a fixed list of options.
TEST(CheckJournal, NamesWhatDiffersFromThePlan) {
  const json engine = {{"name", "me"}, {"command", "./me"}, {"options", json::array()}};
  json plan = PLAN;
  plan["engines"] = json::array({engine});  // not {engine}: clang++ reads that as a copy
  plan["engine_repeat"] = 2;
  const auto refusal = [&](const json& journal_plan) {
    std::vector<json> records;
    return check_journal(journal_of({{{"plan", journal_plan}}}), "j", plan, records);
  };
  json repeat = plan, command = plan, options = plan, depths = plan;
  repeat["engine_repeat"] = 3;
  command["engines"][0]["command"] = "./old-me";
  options["engines"][0]["options"] = {{"Hash", "16"}};
  depths["depths"] = {1, 2};
  depths["engines"][0]["name"] = "you";
  EXPECT_EQ(refusal(repeat), "j was written by a run with another plan: it differs in --engine-repeat");
  EXPECT_EQ(refusal(command), "j was written by a run with another plan: it differs in the command of engine 'me'");
  EXPECT_EQ(refusal(options),
            "j was written by a run with another plan: it differs in the --engine-option values of engine 'me'");
  EXPECT_EQ(refusal(depths), "j was written by a run with another plan: it differs in --depths, the --engine names");
}

TEST(CheckJournal, RefusesAMissingOrForeignHeader) {
  EXPECT_EQ(check({5}), "j:1: the first line is not a plan header");
  EXPECT_EQ(check({}), "j: the journal has no plan header (it was not written by 'run')");
  EXPECT_NE(check({{{"plan", 1}}}).find("other suites"), std::string::npos);
}

}  // namespace
}  // namespace prunebench::harness
