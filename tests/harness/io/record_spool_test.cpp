#include "harness/io/record_spool.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace prunebench::harness {
namespace {

std::string read_all(const RecordSpool& spool, std::string_view separator) {
  std::string text;
  const std::string error = spool.write_to(
      [&](std::string_view bytes) {
        text += bytes;
        return std::string();
      },
      separator);
  EXPECT_EQ(error, "");
  return text;
}

std::size_t entries_in(const std::filesystem::path& folder) {
  return std::size_t(std::distance(std::filesystem::directory_iterator(folder), {}));
}

TEST(RecordSpool, ReadsBackSlotBySlotInTheOrderEachSlotReceived) {
  RecordSpool spool(3);
  ASSERT_EQ(spool.open(testing::TempDir()), "");
  for (const auto& [slot, text] : std::vector<std::pair<std::size_t, std::string>>{
           {2, "c1"}, {0, "a1"}, {2, "c2"}, {1, "b1"}, {0, "a2"}})
    ASSERT_EQ(spool.add(slot, text), "");
  EXPECT_EQ(spool.size(), 5u);
  EXPECT_EQ(read_all(spool, ","), "a1,a2,b1,c1,c2");
}

TEST(RecordSpool, EmptyReadsAsNothing) {
  RecordSpool spool(2);
  ASSERT_EQ(spool.open(testing::TempDir()), "");
  EXPECT_EQ(read_all(spool, ","), "");
}

TEST(RecordSpool, LeavesNoFileInItsFolder) {
  const std::filesystem::path folder = std::filesystem::path(testing::TempDir()) / "spool_folder";
  std::filesystem::remove_all(folder);
  std::filesystem::create_directories(folder);
  {
    RecordSpool spool(1);
    ASSERT_EQ(spool.open(folder.string()), "");
    ASSERT_EQ(spool.add(0, std::string(100000, 'x')), "");
    EXPECT_EQ(entries_in(folder), 0u) << "the spool is reachable by name";
    EXPECT_EQ(read_all(spool, "").size(), 100000u);
  }
  EXPECT_EQ(entries_in(folder), 0u);
}

TEST(RecordSpool, AFolderThatDoesNotExistIsOneLine) {
  RecordSpool spool(1);
  const std::string error = spool.open("/nonexistent/folder");
  EXPECT_NE(error.find("/nonexistent/folder"), std::string::npos) << error;
  EXPECT_EQ(error.find('\n'), std::string::npos);
  EXPECT_NE(spool.add(0, "x"), "");
}

TEST(RecordSpool, ManyThreadsLoseNothing) {
  constexpr int THREADS = 4, EACH = 500;
  RecordSpool spool(THREADS);
  ASSERT_EQ(spool.open(testing::TempDir()), "");
  std::vector<std::thread> threads;
  for (int t = 0; t < THREADS; ++t)
    threads.emplace_back([&spool, t] {
      for (int i = 0; i < EACH; ++i) EXPECT_EQ(spool.add(std::size_t(t), std::to_string(t)), "");
    });
  for (std::thread& thread : threads) thread.join();
  std::string expected;
  for (int t = 0; t < THREADS; ++t) expected += std::string(EACH, char('0' + t));
  EXPECT_EQ(read_all(spool, ""), expected);
}

}  // namespace
}  // namespace prunebench::harness
