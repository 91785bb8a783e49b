#include "harness/run/run_document.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace prunebench::harness {
namespace {

using Json = nlohmann::json;

// What the document streams to, against what one dump of the whole document
// prints (write_json_file's text): the two must be the same bytes.
void expect_streams_as_dumped(const std::vector<Json>& records) {
  Json document = {{"context", {{"label", "records: [] inside a string\n  \"records\": []"}}},
                   {"kind", "run"},
                   {"positions", Json::array({{{"id", "a"}, {"records", Json::array()}}})},
                   {"records", Json::array()},
                   {"schema_version", 1},
                   {"skipped", Json::array()}};
  RecordSpool spool(2);
  ASSERT_EQ(spool.open(testing::TempDir()), "");
  for (std::size_t i = 0; i < records.size(); ++i) ASSERT_EQ(spool.add(i % 2, record_element_text(records[i])), "");
  std::string streamed;
  ASSERT_EQ(write_document_with_records(document, spool,
                                        [&](std::string_view bytes) {
                                          streamed += bytes;
                                          return std::string();
                                        }),
            "");
  Json whole = document;
  // The spool reads slot 0's records first, then slot 1's.
  for (std::size_t slot : {0u, 1u})
    for (std::size_t i = slot; i < records.size(); i += 2) whole["records"].push_back(records[i]);
  EXPECT_EQ(streamed, whole.dump(2) + "\n");
}

TEST(RunDocument, NoRecordsPrintsTheEmptyArray) { expect_streams_as_dumped({}); }

TEST(RunDocument, RecordsPrintAsOneDumpWouldPrintThem) {
  expect_streams_as_dumped({
      {{"depth", 1}, {"counters", {{"nodes", 21}, {"nodes_per_ply", {1, 20}}, {"cutoff_move_index", Json::array()}}}},
      {{"depth", 2}, {"pv", {"e2e4", "e7e5"}}, {"empty", Json::object()}, {"label", "é \"quoted\"\n"}},
      {{"depth", 3}, {"score", -31999}, {"nested", {{"a", {{"b", {1, {2, 3}}}}}}}},
  });
}

TEST(RunDocument, InvalidUtf8IsReplacedNotAnError) {
  const std::string text = record_element_text({{"label", std::string("bad \xff byte")}});
  EXPECT_NE(text.find("\xef\xbf\xbd"), std::string::npos) << text;
}

}  // namespace
}  // namespace prunebench::harness
