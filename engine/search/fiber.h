// A fiber: a function with a stack of its own that runs on the thread that
// resumes it, until it suspends or ends. The parallel model's processors are
// fibers (virtual_processors.h): handing the one running turn from one
// processor to the next is then a switch of registers and stack on one
// thread, and it needs no lock.
//
// The switch is Boost.Context's fcontext (a few instructions that save and
// load the callee-saved registers), the layer its public fiber type is built
// on. glibc's swapcontext, used before, also saves and restores the signal
// mask, a system call at each switch: the model switches twice a node, and
// two thirds of its time went there. The public fiber type is not used
// because destroying a suspended one unwinds its stack with an exception,
// which a body's own catch or noexcept frames would meet; a Fiber here is
// only ever destroyed ended or never started, and owns its stack.
//
// AddressSanitizer is told of every switch, so that it checks each stack as
// its own. ThreadSanitizer is not told: nothing here runs on two threads.
#pragma once

#include <sys/mman.h>
#include <unistd.h>

#include <boost/context/detail/fcontext.hpp>
#include <cerrno>
#include <cstddef>
#include <exception>
#include <functional>
#include <system_error>
#include <utility>

#if defined(__SANITIZE_ADDRESS__)
#define PRUNEBENCH_ASAN_FIBERS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PRUNEBENCH_ASAN_FIBERS 1
#endif
#endif
#ifdef PRUNEBENCH_ASAN_FIBERS
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

namespace prunebench {

class Fiber {
 public:
  // The stack is reserved, not committed: pages are taken as it grows, and
  // a guard page below it turns an overflow into a fault, not a corruption.
  // A megabyte: the model's searches are at most 30 plies deep (the
  // harness's limit) without quiescence, a few kilobytes of frames a ply.
  static constexpr std::size_t STACK_BYTES = std::size_t(1) << 20;

  // A system that refuses the stack is a std::system_error, as for a thread.
  explicit Fiber(std::function<void()> body) : body_(std::move(body)) {
    const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
    mapping_bytes_ = STACK_BYTES + page;
    mapping_ = mmap(nullptr, mapping_bytes_, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (mapping_ == MAP_FAILED) throw std::system_error(errno, std::generic_category(), "fiber stack");
    mprotect(mapping_, page, PROT_NONE);
    stack_ = static_cast<char*>(mapping_) + page;
    context_ = boost::context::detail::make_fcontext(stack_ + STACK_BYTES, STACK_BYTES, &Fiber::entry);
  }
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;
  // Precondition: the fiber has ended, or never started. The stack's shadow
  // still marks its last frames (no switch clears it, see above): cleared
  // here, or a later mapping at these addresses would read as a dead stack.
  ~Fiber() {
#ifdef PRUNEBENCH_ASAN_FIBERS
    __asan_unpoison_memory_region(stack_, STACK_BYTES);
#endif
    munmap(mapping_, mapping_bytes_);
  }

  // Runs the fiber until it suspends or ends; called from outside it.
  void resume() {
    void* fake_stack = nullptr;
    start_switch(&fake_stack, stack_, STACK_BYTES);
    context_ = boost::context::detail::jump_fcontext(context_, this).fctx;
    finish_switch(fake_stack, nullptr, nullptr);
  }

  // Back to the resumer; called on the fiber. Returns at the next resume().
  void suspend() {
    void* fake_stack = nullptr;
    start_switch(&fake_stack, caller_stack_, caller_stack_bytes_);
    caller_ = boost::context::detail::jump_fcontext(caller_, nullptr).fctx;
    finish_switch(fake_stack, &caller_stack_, &caller_stack_bytes_);
  }

  bool ended() const { return ended_; }
  // What escaped the body, if anything did.
  std::exception_ptr failure() const { return failure_; }

 private:
  // Each jump hands over the context it left: the resumer's here, the fiber's in resume().
  static void entry(boost::context::detail::transfer_t from) {
    auto* self = static_cast<Fiber*>(from.data);
    self->caller_ = from.fctx;
    self->finish_switch(nullptr, &self->caller_stack_, &self->caller_stack_bytes_);
    try {
      self->body_();
    } catch (...) {
      self->failure_ = std::current_exception();
    }
    self->ended_ = true;
    self->start_switch(nullptr, self->caller_stack_, self->caller_stack_bytes_);  // this stack is done
    boost::context::detail::jump_fcontext(self->caller_, nullptr);  // never resumed: does not return
  }

  static void start_switch(void** fake_stack, const void* bottom, std::size_t bytes) {
#ifdef PRUNEBENCH_ASAN_FIBERS
    __sanitizer_start_switch_fiber(fake_stack, bottom, bytes);
#else
    (void)fake_stack, (void)bottom, (void)bytes;
#endif
  }
  static void finish_switch(void* fake_stack, const void** bottom, std::size_t* bytes) {
#ifdef PRUNEBENCH_ASAN_FIBERS
    __sanitizer_finish_switch_fiber(fake_stack, bottom, bytes);
#else
    (void)fake_stack, (void)bottom, (void)bytes;
#endif
  }

  std::function<void()> body_;
  void* mapping_ = nullptr;
  std::size_t mapping_bytes_ = 0;
  char* stack_ = nullptr;
  boost::context::detail::fcontext_t context_ = nullptr, caller_ = nullptr;
  const void* caller_stack_ = nullptr;  // the resumer's stack, for AddressSanitizer
  std::size_t caller_stack_bytes_ = 0;
  bool ended_ = false;
  std::exception_ptr failure_;
};

}  // namespace prunebench
