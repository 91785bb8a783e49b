// The parallel model's machine (smp=model, README glossary: parallel model):
// P processors that run YBWC's own code (ybwc.h) in virtual time, so that its
// counts and its time are exact and the same on every run.
//
// Each processor is a fiber (fiber.h) on the calling thread, so only one runs
// at a time. Time passes in rounds; in each round the processors take one
// turn each, in the order 0, 1, ..., P-1. In its turn a processor either
// enters one node (one unit of work: it runs from that node's entry to the
// next one's) or idles: it waits, for a split point to join or for its
// helpers to finish, and what it waits for is not yet true. The machine tests
// a waiting processor's condition at its turn without resuming it. What a
// processor does between two nodes (joining a split point, merging a
// brother's value) takes no time.
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <memory>
#include <stdexcept>
#include <vector>

#include "engine/search/fiber.h"
#include "engine/search/node_clock.h"

namespace prunebench {

// One processor, and the clock of the search it runs.
class VirtualProcessor final : public NodeClock {
 public:
  // Enters one node: in this turn if the turn has not yet entered one, else in the next.
  void tick() override {
    if (!may_enter_) fiber_->suspend();
    may_enter_ = false;
  }
  // Returns once `ready()` holds: now, or at a later turn of this processor.
  void wait_until(std::function<bool()> ready) {
    if (ready()) return;
    ready_ = std::move(ready);
    waiting_ = true;
    fiber_->suspend();
  }

 private:
  friend class VirtualProcessors;
  std::unique_ptr<Fiber> fiber_;
  bool may_enter_ = false;  // this turn has not yet entered a node
  bool waiting_ = false;
  std::function<bool()> ready_;
};

class VirtualProcessors {
 public:
  static constexpr int MAX = 256;

  // A count outside 1..MAX is the caller's bug.
  explicit VirtualProcessors(int count) : processors_(std::size_t(count)) {
    if (count < 1 || count > MAX) throw std::invalid_argument("parallel model: processors out of 1..256");
  }
  VirtualProcessors(const VirtualProcessors&) = delete;
  VirtualProcessors& operator=(const VirtualProcessors&) = delete;

  VirtualProcessor& operator[](int index) { return processors_[std::size_t(index)]; }
  int size() const { return int(processors_.size()); }

  // Runs main() on processor 0 and helper(i) on every other, the helpers
  // waiting for `helpers_ready` first, until all have returned. Returns the
  // virtual time: the round in which main() returned. What escaped a body
  // is rethrown once every processor is done.
  std::uint64_t run(const std::function<void()>& main, const std::function<void(int)>& helper,
                    std::function<bool()> helpers_ready) {
    for (int i = 0; i < size(); ++i) {
      VirtualProcessor& p = (*this)[i];
      p.fiber_ = std::make_unique<Fiber>(i == 0 ? main : std::function<void()>([&helper, i] { helper(i); }));
      if (i == 0) continue;
      p.ready_ = helpers_ready;
      p.waiting_ = true;
    }
    std::uint64_t time = 0;
    for (std::uint64_t round = 1; !all_ended(); ++round) {
      if (!take_turns()) throw std::logic_error("parallel model: every processor waits");
      if (time == 0 && processors_[0].fiber_->ended()) time = round;
    }
    for (const VirtualProcessor& p : processors_)
      if (p.fiber_->failure()) std::rethrow_exception(p.fiber_->failure());
    return time;
  }

 private:
  // One round; false if no processor could use its turn.
  bool take_turns() {
    bool any = false;
    for (VirtualProcessor& p : processors_) {
      if (p.fiber_->ended()) continue;
      if (p.waiting_) {
        if (!p.ready_()) continue;
        p.waiting_ = false;
      }
      any = true;
      p.may_enter_ = true;
      p.fiber_->resume();
    }
    return any;
  }

  bool all_ended() const {
    for (const VirtualProcessor& p : processors_)
      if (!p.fiber_->ended()) return false;
    return true;
  }

  std::vector<VirtualProcessor> processors_;
};

}  // namespace prunebench
