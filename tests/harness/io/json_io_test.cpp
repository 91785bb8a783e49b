#include "harness/io/json_io.h"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <thread>

#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using nlohmann::json;
using testing::fixture;
using testing::read_text;
using testing::TempDir;
using testing::write_text;

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

TEST(ReadJsonFile, ReadsADocument) {
  const JsonReadResult result = read_document(fixture("run_base.json"), "run");
  ASSERT_TRUE(result.ok()) << result.error;
  EXPECT_EQ(result.value["records"].size(), 8u);
}

TEST(ReadJsonFile, MissingFile) {
  EXPECT_EQ(read_json_file("/nonexistent/run.json").error, "/nonexistent/run.json: no such file");
}

TEST(ReadJsonFile, Directory) {
  TempDir dir;
  EXPECT_EQ(read_json_file(dir.path().string()).error, dir.path().string() + ": is a directory, not a file");
}

TEST(ReadJsonFile, EmptyFile) {
  TempDir dir;
  write_text(dir.file("empty.json"), "");
  EXPECT_EQ(read_json_file(dir.file("empty.json")).error, dir.file("empty.json") + ": file is empty");
  write_text(dir.file("blank.json"), "  \n\n");
  EXPECT_EQ(read_json_file(dir.file("blank.json")).error, dir.file("blank.json") + ": file is empty");
}

TEST(ReadJsonFile, TruncatedDocument) {
  const std::string path = fixture("run_truncated.json");
  const std::string size = std::to_string(read_text(path).size());
  EXPECT_EQ(read_json_file(path).error,
            path + ": truncated JSON (the document is incomplete at byte " + size + ")");
}

TEST(ReadJsonFile, NotJsonNamesTheBytePosition) {
  const std::string error = read_json_file(fixture("not_json.json")).error;
  EXPECT_TRUE(starts_with(
      error,
      fixture("not_json.json") + ": not JSON at byte 1 (line 1, column 1: syntax error while parsing value"))
      << error;
  EXPECT_EQ(error.find('\n'), std::string::npos);
}

TEST(ReadDocument, WrongSchemaVersion) {
  const std::string path = fixture("run_schema_v2.json");
  EXPECT_EQ(read_document(path, "run").error,
            path + ": schema_version 2 is not supported (this prunebench reads version 1)");
}

TEST(ReadDocument, WrongKind) {
  const std::string path = fixture("tree_kind.json");
  EXPECT_EQ(read_document(path, "run").error, path + ": kind is \"tree\", expected \"run\"");
}

TEST(CheckDocument, Shapes) {
  EXPECT_EQ(check_document(json::array(), "run"), "not a prunebench document (expected a JSON object)");
  EXPECT_EQ(check_document({{"kind", "run"}}, "run"), "missing schema_version");
  EXPECT_EQ(check_document({{"schema_version", "1"}, {"kind", "run"}}, "run"),
            "schema_version must be an integer, found \"1\"");
  EXPECT_EQ(check_document({{"schema_version", 1}}, "run"), "missing kind (expected \"run\")");
  EXPECT_EQ(check_document({{"schema_version", 1}, {"kind", "run"}}, "run"), "");
}

TEST(WriteFileAtomically, ReplacesContentAndLeavesNoTemporary) {
  TempDir dir;
  const std::string path = dir.file("out.json");
  write_text(path, "old content that is longer than the new one\n");
  ASSERT_EQ(write_file_atomically(path, "new\n"), "");
  EXPECT_EQ(read_text(path), "new\n");
  EXPECT_FALSE(std::filesystem::exists(path + ".tmp"));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir.path()), {}), 1);
}

TEST(WriteFileAtomically, CreatesANewFile) {
  TempDir dir;
  ASSERT_EQ(write_file_atomically(dir.file("fresh.txt"), "x"), "");
  EXPECT_EQ(read_text(dir.file("fresh.txt")), "x");
}

TEST(WriteFileAtomically, ReportsAMissingDirectory) {
  TempDir dir;
  const std::string path = dir.file("no/such/dir/out.json");
  const std::string error = write_file_atomically(path, "x");
  EXPECT_TRUE(starts_with(error, path + ": cannot create a temporary file beside it (")) << error;
}

// A link planted at a temporary name another user could guess (OUT.tmp) must
// not lead the write to a file of the victim's.
TEST(WriteFileAtomically, DoesNotFollowALinkPlantedAtAGuessableTemporary) {
  TempDir dir;
  const std::string victim = dir.file("victim"), path = dir.file("out.json");
  write_text(victim, "precious\n");
  std::filesystem::create_symlink(victim, path + ".tmp");
  ASSERT_EQ(write_file_atomically(path, "new\n"), "");
  EXPECT_EQ(read_text(victim), "precious\n");
  EXPECT_EQ(read_text(path), "new\n");
}

// --out itself a link: the link is replaced (as mv would), its target kept.
TEST(WriteFileAtomically, ReplacesALinkAtThePathNotItsTarget) {
  TempDir dir;
  const std::string target = dir.file("target"), path = dir.file("out.json");
  write_text(target, "kept\n");
  std::filesystem::create_symlink(target, path);
  ASSERT_EQ(write_file_atomically(path, "new\n"), "");
  EXPECT_FALSE(std::filesystem::is_symlink(path));
  EXPECT_EQ(read_text(path), "new\n");
  EXPECT_EQ(read_text(target), "kept\n");
}

TEST(WriteFileAtomically, GivesTheUsualPermissions) {
  TempDir dir;
  const mode_t mask = ::umask(022);
  ASSERT_EQ(write_file_atomically(dir.file("out.json"), "x"), "");
  ::umask(mask);
  const auto perms = std::filesystem::status(dir.file("out.json")).permissions();
  EXPECT_EQ(perms & std::filesystem::perms::all, std::filesystem::perms(0666 & ~mask));
}

TEST(WriteJsonFile, RoundTrips) {
  TempDir dir;
  const json document = {{"schema_version", 1}, {"kind", "run"}, {"records", json::array({1, 2, 3})}};
  ASSERT_EQ(write_json_file(dir.file("doc.json"), document), "");
  const JsonReadResult back = read_document(dir.file("doc.json"), "run");
  ASSERT_TRUE(back.ok()) << back.error;
  EXPECT_EQ(back.value, document);
  EXPECT_EQ(read_text(dir.file("doc.json")).back(), '\n');
}

// Copying, comparing and printing a value recurse once per level: a document
// nested 300,000 deep used to crash merge and --resume (rc 139).
TEST(ParseJsonText, RefusesNestingDeeperThanTheLimit) {
  const auto nested = [](std::size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); };
  EXPECT_TRUE(parse_json_text(nested(MAX_JSON_NESTING), "ok.json").ok());
  const JsonReadResult deep = parse_json_text(nested(300000), "deep.json");
  EXPECT_EQ(deep.error, "deep.json: not readable JSON (nested more than 256 levels deep at byte 257; prunebench "
                        "reads at most 256)");
  EXPECT_TRUE(parse_json_text("[\"" + std::string(1000, '[') + "\"]", "in-string.json").ok());
  const JournalContents journal = parse_journal("{\"plan\":1}\n{\"record\":" + nested(300000) + "}\n", "j");
  EXPECT_EQ(journal.error, "j:2: not a JSON record (nested more than 256 levels deep at byte 266; prunebench reads at "
                           "most 256)");
}

TEST(Journal, RoundTrip) {
  TempDir dir;
  const std::string path = dir.file("run.journal");
  {
    JournalWriter writer;
    ASSERT_EQ(writer.open(path), "");
    for (int i = 0; i < 3; ++i) ASSERT_EQ(writer.append({{"index", i}, {"label", "a\nb"}}), "");
  }
  const JournalContents contents = read_journal(path);
  ASSERT_TRUE(contents.ok()) << contents.error;
  ASSERT_EQ(contents.recovered(), 3u);
  EXPECT_FALSE(contents.dropped_partial_line);
  EXPECT_EQ(contents.records[2]["index"], 2);
  EXPECT_EQ(contents.records[0]["label"], "a\nb");
}

TEST(Journal, RefusesALinkAndCreatesNoTarget) {
  TempDir dir;
  const std::string path = dir.file("run.journal"), target = dir.file("elsewhere");
  std::filesystem::create_symlink(target, path);  // dangling
  JournalWriter writer;
  EXPECT_TRUE(starts_with(writer.open(path), path + ": cannot open journal (")) << path;
  EXPECT_FALSE(std::filesystem::exists(target));
}

TEST(Journal, RecordsAreOnDiskAsSoonAsAppended) {
  TempDir dir;
  const std::string path = dir.file("run.journal");
  JournalWriter writer;
  ASSERT_EQ(writer.open(path), "");
  ASSERT_EQ(writer.append({{"index", 0}}), "");
  EXPECT_EQ(read_journal(path).recovered(), 1u);  // the writer is still open
}

TEST(Journal, TruncatedLastLineIsDroppedAndCounted) {
  TempDir dir;
  const std::string path = dir.file("killed.journal");
  write_text(path, "{\"index\":0}\n{\"index\":1}\n{\"index\":2,\"nod");
  const JournalContents contents = read_journal(path);
  ASSERT_TRUE(contents.ok()) << contents.error;
  EXPECT_EQ(contents.recovered(), 2u);
  EXPECT_TRUE(contents.dropped_partial_line);
}

TEST(Journal, ReopeningCutsThePartialLineBeforeAppending) {
  TempDir dir;
  const std::string path = dir.file("resumed.journal");
  write_text(path, "{\"index\":0}\n{\"index\":1,\"nod");
  {
    JournalWriter writer;
    ASSERT_EQ(writer.open(path), "");
    ASSERT_EQ(writer.append({{"index", 1}}), "");
  }
  EXPECT_EQ(read_text(path), "{\"index\":0}\n{\"index\":1}\n");
  const JournalContents contents = read_journal(path);
  EXPECT_EQ(contents.recovered(), 2u);
  EXPECT_FALSE(contents.dropped_partial_line);
}

TEST(Journal, CorruptCompleteLineIsAnError) {
  TempDir dir;
  const std::string path = dir.file("corrupt.journal");
  write_text(path, "{\"index\":0}\n\ngarbage\n{\"index\":2}\n");
  const JournalContents contents = read_journal(path);
  EXPECT_FALSE(contents.ok());
  EXPECT_TRUE(
      starts_with(contents.error, path + ":3: not a JSON record (at byte 1 of the line: syntax error"))
      << contents.error;
}

// Valid syntax nlohmann cannot hold (a double overflow)
// is bad input with the file's name, not an uncaught out_of_range.
TEST(ReadJsonFile, NumberTooLargeForADoubleIsAnError) {
  TempDir dir;
  const std::string path = dir.file("huge.json");
  write_text(path, "{\"schema_version\":1,\"kind\":\"run\",\"records\":[],\"x\":1e400}");
  const JsonReadResult result = read_json_file(path);
  EXPECT_FALSE(result.ok());
  EXPECT_TRUE(starts_with(result.error, path + ": not readable JSON (number overflow")) << result.error;
}

TEST(Journal, NumberTooLargeForADoubleIsAnErrorNamingTheLine) {
  TempDir dir;
  const std::string path = dir.file("huge.journal");
  write_text(path, "{\"plan\":1}\n[1e400]\n");
  const JournalContents contents = read_journal(path);
  EXPECT_TRUE(starts_with(contents.error, path + ":2: not a JSON record (number overflow")) << contents.error;
}

TEST(Journal, MissingFile) {
  EXPECT_EQ(read_journal("/nonexistent/x.journal").error, "/nonexistent/x.journal: no such file");
}

TEST(Journal, ConcurrentAppendsKeepLinesWhole) {
  TempDir dir;
  const std::string path = dir.file("threads.journal");
  constexpr int THREADS = 4, RECORDS = 200;
  {
    JournalWriter writer;
    ASSERT_EQ(writer.open(path), "");
    std::vector<std::thread> threads;
    for (int t = 0; t < THREADS; ++t) {
      threads.emplace_back([&writer, t] {
        for (int i = 0; i < RECORDS; ++i)
          writer.append({{"thread", t}, {"index", i}, {"pad", std::string(100, 'x')}});
      });
    }
    for (std::thread& thread : threads) thread.join();
  }
  const JournalContents contents = read_journal(path);
  ASSERT_TRUE(contents.ok()) << contents.error;
  EXPECT_EQ(contents.recovered(), std::size_t(THREADS * RECORDS));
}

}  // namespace
}  // namespace prunebench::harness
