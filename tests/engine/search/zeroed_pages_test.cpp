#include "engine/search/zeroed_pages.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <utility>

namespace prunebench {
namespace {

bool all_zero(const ZeroedPages& pages, std::size_t bytes) {
  const auto* data = static_cast<const unsigned char*>(pages.data());
  return std::all_of(data, data + bytes, [](unsigned char b) { return b == 0; });
}

TEST(ZeroedPages, SmallTableReadsAsZerosAndTakesWrites) {
  constexpr std::size_t BYTES = 4096 * 3 + 17;
  ZeroedPages pages(BYTES);
  ASSERT_NE(pages.data(), nullptr);
  EXPECT_TRUE(all_zero(pages, BYTES));
  static_cast<unsigned char*>(pages.data())[BYTES - 1] = 7;
  EXPECT_EQ(static_cast<const unsigned char*>(pages.data())[BYTES - 1], 7);
}

TEST(ZeroedPages, LargeTableStartsOnAHugePageBoundaryAndReadsAsZeros) {
  constexpr std::size_t BYTES = ZeroedPages::HUGE_PAGE * 2 + 4096;
  ZeroedPages pages(BYTES);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(pages.data()) % ZeroedPages::HUGE_PAGE, 0u);
  EXPECT_TRUE(all_zero(pages, BYTES));
  auto* data = static_cast<unsigned char*>(pages.data());
  data[0] = 1, data[BYTES - 1] = 2;  // the whole range is writable
  EXPECT_EQ(data[0] + data[BYTES - 1], 3);
}

TEST(ZeroedPages, ATableAfterAWrittenOneOfItsSizeReadsAsZeros) {
  constexpr std::size_t BYTES = ZeroedPages::HUGE_PAGE + 4096;
  void* first_data = nullptr;
  {
    ZeroedPages first(BYTES);
    first_data = first.data();
    std::fill_n(static_cast<unsigned char*>(first.data()), BYTES, 0xab);
  }
  ZeroedPages second(BYTES);
  EXPECT_EQ(second.data(), first_data);  // the same pages, taken again
  EXPECT_TRUE(all_zero(second, BYTES));
  ZeroedPages third(BYTES);  // while the second holds them: pages of its own
  EXPECT_NE(third.data(), second.data());
  EXPECT_TRUE(all_zero(third, BYTES));
}

TEST(ZeroedPages, MovingKeepsTheMemoryWhereItIs) {
  for (const std::size_t bytes : {std::size_t(1000), ZeroedPages::HUGE_PAGE}) {
    ZeroedPages first(bytes);
    static_cast<unsigned char*>(first.data())[5] = 9;
    void* const where = first.data();
    ZeroedPages second(std::move(first));
    EXPECT_EQ(second.data(), where);
    ZeroedPages third(64);
    third = std::move(second);
    EXPECT_EQ(third.data(), where);
    EXPECT_EQ(static_cast<const unsigned char*>(third.data())[5], 9);
  }
}

}  // namespace
}  // namespace prunebench
