#include "engine/search/fiber.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

namespace prunebench {
namespace {

// Each resume runs the body to its next suspend: the two sides alternate.
TEST(Fiber, ResumeAndSuspendAlternate) {
  std::vector<std::string> log;
  Fiber* self = nullptr;
  Fiber fiber([&] {
    for (int i = 0; i < 3; ++i) {
      log.push_back("body " + std::to_string(i));
      self->suspend();
    }
    log.push_back("body end");
  });
  self = &fiber;
  int resumes = 0;
  while (!fiber.ended()) {
    log.push_back("resume " + std::to_string(resumes++));
    fiber.resume();
  }
  EXPECT_EQ(log, (std::vector<std::string>{"resume 0", "body 0", "resume 1", "body 1", "resume 2", "body 2",
                                           "resume 3", "body end"}));
  EXPECT_FALSE(fiber.failure());
}

// Deep recursion on each stack, interleaved: what each frame holds survives the other's turns.
int sum_down(int n, Fiber& self) {
  if (n == 0) return 0;
  volatile int here = n;  // a value in this frame, read after the other fiber ran
  self.suspend();
  return here + sum_down(n - 1, self);
}

TEST(Fiber, TwoStacksKeepTheirFramesAcrossSwitches) {
  int first_sum = -1, second_sum = -1;
  Fiber* first_self = nullptr;
  Fiber* second_self = nullptr;
  Fiber first([&] { first_sum = sum_down(500, *first_self); });
  Fiber second([&] { second_sum = sum_down(300, *second_self); });
  first_self = &first;
  second_self = &second;
  while (!first.ended() || !second.ended()) {
    if (!first.ended()) first.resume();
    if (!second.ended()) second.resume();
  }
  EXPECT_EQ(first_sum, 500 * 501 / 2);
  EXPECT_EQ(second_sum, 300 * 301 / 2);
}

// What escapes the body ends the fiber and is kept for the resumer to rethrow.
TEST(Fiber, AnEscapedExceptionEndsTheFiberAndIsKept) {
  Fiber fiber([] { throw std::runtime_error("from the body"); });
  fiber.resume();
  ASSERT_TRUE(fiber.ended());
  ASSERT_TRUE(fiber.failure());
  EXPECT_THROW(std::rethrow_exception(fiber.failure()), std::runtime_error);
}

// Many fibers made and destroyed, some never started: stacks come and go cleanly.
TEST(Fiber, NeverStartedOrEndedFibersAreDestroyedCleanly) {
  int ran = 0;
  for (int i = 0; i < 200; ++i) {
    Fiber unused([&] { ++ran; });
    Fiber used([&] { ++ran; });
    used.resume();
    EXPECT_TRUE(used.ended());
    EXPECT_FALSE(unused.ended());
  }
  EXPECT_EQ(ran, 200);
}

}  // namespace
}  // namespace prunebench
