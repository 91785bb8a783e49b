// Two paths name one file by identity, not by spelling.
#include "harness/io/file_identity.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using testing::TempDir;
using testing::write_text;

TEST(SameFile, ExistingFilesByDeviceAndInode) {
  TempDir dir;
  const std::string a = dir.file("a.json"), b = dir.file("b.json");
  write_text(a, "a");
  write_text(b, "b");
  std::filesystem::create_directory(dir.file("sub"));
  std::filesystem::create_hard_link(a, dir.file("hard.json"));
  std::filesystem::create_symlink(a, dir.file("soft.json"));
  EXPECT_TRUE(same_file(a, dir.file("sub/../a.json")));
  EXPECT_TRUE(same_file(a, dir.file("hard.json")));
  EXPECT_TRUE(same_file(a, dir.file("soft.json")));
  EXPECT_FALSE(same_file(a, b));
}

TEST(SameFile, FilesNotYetWrittenByCanonicalPath) {
  TempDir dir;
  std::filesystem::create_directory(dir.file("sub"));
  EXPECT_TRUE(same_file(dir.file("new.json"), dir.file("sub/../new.json")));
  EXPECT_FALSE(same_file(dir.file("new.json"), dir.file("other.json")));
  write_text(dir.file("old.json"), "x");
  EXPECT_FALSE(same_file(dir.file("new.json"), dir.file("old.json")));
}

TEST(CheckOutputsApart, NamesTheClash) {
  TempDir dir;
  const std::string base = dir.file("base.json"), report = dir.file("report");
  write_text(base, "{}");
  EXPECT_EQ(check_outputs_apart({{"BASE.json", base}}, {{"--json", report}}), "");
  EXPECT_EQ(check_outputs_apart({{"BASE.json", base}}, {{"--json", dir.file("./base.json")}}),
            "--json " + dir.file("./base.json") + " names the same file as the input BASE.json " + base +
                " (writing it would overwrite the input; choose another file)");
  EXPECT_EQ(check_outputs_apart({}, {{"--markdown", report}, {"--json", report}}),
            "--markdown and --json name one file, " + report + " (choose two files)");
}

}  // namespace
}  // namespace prunebench::harness
