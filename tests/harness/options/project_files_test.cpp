#include "harness/options/project_files.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace prunebench::harness {
namespace {

namespace fs = std::filesystem;

// Restores the working directory when a test ends.
class InDirectory {
 public:
  explicit InDirectory(const fs::path& dir) : saved_(fs::current_path()) { fs::current_path(dir); }
  ~InDirectory() { fs::current_path(saved_); }

 private:
  fs::path saved_;
};

// The test binary lives in this checkout's build tree, so the file it finds is
// this checkout's, wherever the test runs from.
TEST(ProjectFiles, FoundFromAnyWorkingDirectory) {
  const fs::path expected = fs::canonical(fs::path(PRUNEBENCH_SOURCE_DIR) / "positions/stockfish-bench.epd");
  for (const fs::path& dir : {fs::path("/"), fs::temp_directory_path(), fs::path(PRUNEBENCH_SOURCE_DIR)}) {
    InDirectory in(dir);
    const std::optional<std::string> found = find_project_file("positions/stockfish-bench.epd");
    ASSERT_TRUE(found) << dir;
    EXPECT_EQ(fs::canonical(*found), expected) << dir;
  }
}

TEST(ProjectFiles, AMissingFileSaysWhereItLookedAndWhichOptionToGive) {
  EXPECT_FALSE(find_project_file("positions/no-such-suite.epd"));
  const std::string error = project_file_not_found("positions/no-such-suite.epd", "--suite");
  EXPECT_EQ(error.rfind("cannot find positions/no-such-suite.epd (looked in ", 0), 0u) << error;
  EXPECT_NE(error.find("share/prunebench, above "), std::string::npos) << error;  // an installed binary's files
  EXPECT_NE(error.find(PRUNEBENCH_SOURCE_DIR), std::string::npos) << error;
  EXPECT_TRUE(error.ends_with("; give --suite FILE")) << error;
}

TEST(ProjectFiles, AGivenOptionWinsOverTheDefault) {
  ArgParser parser("x", "y");
  parser.add_value("suite", "FILE", "a suite");
  const ParsedArgs given = parser.parse({"--suite", "mine.epd"});
  EXPECT_EQ(file_option_or_project_file(given, "suite", "positions/seed.epd").value, "mine.epd");
  const ParsedArgs absent = parser.parse({});
  EXPECT_EQ(fs::canonical(file_option_or_project_file(absent, "suite", "positions/seed.epd").value),
            fs::canonical(fs::path(PRUNEBENCH_SOURCE_DIR) / "positions/seed.epd"));
  EXPECT_NE(file_option_or_project_file(absent, "suite", "positions/none.epd").error.find("give --suite FILE"),
            std::string::npos);
}

}  // namespace
}  // namespace prunebench::harness
