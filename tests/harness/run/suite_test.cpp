#include "harness/run/suite.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "harness/io/sha256.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using testing::fixture;
using testing::read_text;

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }

TEST(ReadSuite, EpdWithIdsBestMovesAndComments) {
  const SuiteResult result = read_suite(fixture("suite_epd.epd"));
  ASSERT_TRUE(result.ok()) << result.error;
  const std::vector<SuiteEntry>& entries = result.value.entries;
  ASSERT_EQ(entries.size(), 4u);
  EXPECT_EQ(entries[0].id, "WAC.001");
  EXPECT_EQ(entries[0].line, 2);
  EXPECT_EQ(entries[0].fen, "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1");
  EXPECT_EQ(entries[0].best_moves, (std::vector<std::string>{"Qg6"}));
  EXPECT_TRUE(entries[0].perft.empty());
  EXPECT_EQ(entries[1].id, "WAC.002");
  EXPECT_EQ(entries[1].position.side_to_move(), BLACK);
  // No id operation: named after the file and line.
  EXPECT_EQ(entries[2].id, "suite_epd.epd:6");
  EXPECT_EQ(entries[2].best_moves, (std::vector<std::string>{"Qd1+"}));
  // Quoted operands with spaces and other operations.
  EXPECT_EQ(entries[3].id, "STS(v1.0) Undermine.001");
  EXPECT_EQ(entries[3].best_moves, (std::vector<std::string>{"f5"}));
}

TEST(ReadSuite, PerftAnnotations) {
  const SuiteResult result = read_suite(fixture("suite_perft.epd"));
  ASSERT_TRUE(result.ok()) << result.error;
  const std::vector<SuiteEntry>& entries = result.value.entries;
  ASSERT_EQ(entries.size(), 4u);
  EXPECT_EQ(entries[0].fen, std::string(Position::START_FEN));
  EXPECT_EQ(entries[0].id, "suite_perft.epd:1");
  const std::map<int, std::uint64_t> start = {{1, 20},     {2, 400},     {3, 8902},
                                              {4, 197281}, {5, 4865609}, {6, 119060324}};
  EXPECT_EQ(entries[0].perft, start);
  EXPECT_EQ(entries[1].perft.at(5), 193690690u);
  EXPECT_EQ(entries[1].perft.size(), 5u);
  // The last line has no newline, as in the published file; it starts at D4.
  EXPECT_EQ(entries[3].fen, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1");
  const std::map<int, std::uint64_t> last = {{4, 43238}, {5, 674624}, {6, 11030083}};
  EXPECT_EQ(entries[3].perft, last);
}

TEST(ReadSuite, PlainFenLinesWithFourOrSixFields) {
  const SuiteResult result = read_suite(fixture("suite_fen.epd"));
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_EQ(result.value.entries.size(), 3u);
  EXPECT_EQ(result.value.entries[1].fen,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10");
  EXPECT_EQ(result.value.entries[1].position.fullmove_number(), 10);
  EXPECT_EQ(result.value.entries[2].fen, "8/8/8/8/8/6k1/6p1/6K1 w - - 0 1");
}

TEST(ReadSuite, Sha256IsOfTheFileBytes) {
  const std::string path = fixture("suite_perft.epd");
  const SuiteResult result = read_suite(path);
  ASSERT_TRUE(result.ok()) << result.error;
  EXPECT_EQ(result.value.path, path);
  EXPECT_EQ(result.value.sha256, sha256_hex(read_text(path)));
}

TEST(ReadSuite, BadFenNamesFileAndLine) {
  const std::string path = fixture("suite_bad_fen.epd");
  const SuiteResult result = read_suite(path);
  ASSERT_FALSE(result.ok());
  EXPECT_TRUE(starts_with(
      result.error, path + ":3: bad FEN '2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4PP/R4RK1 w - - 0 1': "))
      << result.error;
  EXPECT_EQ(result.error.find('\n'), std::string::npos);
}

TEST(ReadSuite, MissingFile) {
  EXPECT_EQ(read_suite("/nonexistent/s.epd").error, "/nonexistent/s.epd: no such file");
}

struct BadText {
  std::string text;
  std::string error;
};

TEST(ReadSuite, MalformedLines) {
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
  const BadText cases[] = {
      {"", "s.epd: no positions in the suite"},
      {"# only a comment\n\n", "s.epd: no positions in the suite"},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq\n", "s.epd:1: expected a FEN with 4 or 6 fields"},
      {start + " 0 ;D1 20\n", "s.epd:1: FEN has 5 fields (expected 4 or 6)"},
      {start + " 0 1 ;D1 twenty\n", "s.epd:1: perft annotation ;D1 needs one count (depth 1..64)"},
      {start + " 0 1 ;D1 20 ;D1 20\n", "s.epd:1: perft depth 1 given twice"},
      {start + " id \"unterminated;\n", "s.epd:1: unterminated string in EPD operations"},
      {start + " id;\n", "s.epd:1: id needs one non-empty string"},
      {start + " id \"a\";\n" + start + " id \"a\";\n", "s.epd:2: id \"a\" is already used on line 1"},
      // Bytes that are not UTF-8 would crash the JSON writer later.
      {start + " id \"bad\xff\";\n", "s.epd:1: not valid UTF-8 (byte 0xFF at byte 61)"},
      // D0 is a depth out of range, not an opcode to ignore.
      {start + " 0 1 ;D0 1\n", "s.epd:1: perft annotation ;D0 needs one count (depth 1..64)"},
      {start + " 0 1 ;D99999999999 1\n",
       "s.epd:1: perft annotation ;D99999999999 needs one count (depth 1..64)"},
  };
  for (const BadText& c : cases) EXPECT_EQ(parse_suite(c.text, "s.epd").error, c.error) << c.text;
}

TEST(ReadSuite, InvalidUtf8FileNameIsRefused) {
  const SuiteResult result = parse_suite("8/8/8/8/8/8/8/K6k w - -\n", "bad\xff.epd");
  EXPECT_EQ(result.error, "suite file name bad\\xFF.epd is not valid UTF-8 (it is recorded in the results)");
}

// Editors put a byte-order mark at the start of UTF-8 files.
TEST(ReadSuite, SkipsAByteOrderMark) {
  const SuiteResult result = parse_suite(
      "\xEF\xBB\xBF"
      "8/8/8/8/8/8/8/K6k w - - id \"bom\";\n",
      "s.epd");
  ASSERT_TRUE(result.ok()) << result.error;
  EXPECT_EQ(result.value.entries[0].id, "bom");
}

TEST(ReadSuite, ToleratesCrlfAndSemicolonRightAfterTheFen) {
  const SuiteResult result = parse_suite(
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -;D1 20;\r\n  # indented comment\r\n", "dir/s.epd");
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_EQ(result.value.entries.size(), 1u);
  EXPECT_EQ(result.value.entries[0].id, "s.epd:1");
  EXPECT_EQ(result.value.entries[0].perft, (std::map<int, std::uint64_t>{{1, 20}}));
}

// The repository's own suites, end to end.
std::string committed_suite(const std::string& name) {
  return std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/" + name;
}

TEST(ReadSuite, ReadsTheCommittedPerftSuite) {
  const SuiteResult result = read_suite(committed_suite("perft.epd"));
  ASSERT_TRUE(result.ok()) << result.error;
  EXPECT_EQ(result.value.entries.size(), 128u);
  std::size_t pairs = 0;
  for (const SuiteEntry& entry : result.value.entries) pairs += entry.perft.size();
  EXPECT_EQ(pairs, 759u);  // as counted in the suite's provenance notes
}

TEST(ReadSuite, EveryCommittedSuiteParses) {
  int suites = 0;
  for (const auto& file : std::filesystem::directory_iterator(committed_suite(""))) {
    if (file.path().extension() != ".epd") continue;
    const SuiteResult result = read_suite(file.path().string());
    EXPECT_TRUE(result.ok()) << result.error;
    ++suites;
  }
  EXPECT_GT(suites, 0);
}

}  // namespace
}  // namespace prunebench::harness
