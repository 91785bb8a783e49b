// The lock on OUT.journal: a file prunebench creates, so a link planted at its
// name is refused, never followed (not even to create the link's target).
#include "harness/io/file_lock.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "tests/harness/test_files.h"

namespace prunebench::harness {
namespace {

using testing::TempDir;

TEST(FileLock, LocksAndReportsARival) {
  TempDir dir;
  FileLock first, second;
  ASSERT_EQ(first.acquire(dir.file("run.journal")), "");
  EXPECT_EQ(second.acquire(dir.file("run.journal")).rfind("another run is using ", 0), 0u);
}

TEST(FileLock, RefusesALinkAndCreatesNoTarget) {
  TempDir dir;
  const std::string path = dir.file("run.journal"), target = dir.file("elsewhere");
  std::filesystem::create_symlink(target, path);  // dangling
  FileLock lock;
  const std::string error = lock.acquire(path);
  EXPECT_EQ(error.rfind(path + ": cannot open (", 0), 0u) << error;
  EXPECT_FALSE(std::filesystem::exists(target));
}

}  // namespace
}  // namespace prunebench::harness
