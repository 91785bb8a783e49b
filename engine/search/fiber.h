// A fiber: a function with a stack of its own that runs on the thread that
// resumes it, until it suspends or ends. The parallel model's processors are
// fibers (virtual_processors.h): handing the one running turn from one
// processor to the next is then a switch of registers and stack on one
// thread (glibc's swapcontext), about ten times cheaper than waking another
// thread, and it needs no lock.
//
// AddressSanitizer is told of every switch, so that it checks each stack as
// its own; its own hook on swapcontext, which clears the shadow of the whole
// target stack at every switch (a system call each time), is bypassed.
// ThreadSanitizer is not told: nothing here runs on two threads.
#pragma once

#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
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
#include <dlfcn.h>
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
    getcontext(&context_);
    context_.uc_stack.ss_sp = stack_;
    context_.uc_stack.ss_size = STACK_BYTES;
    context_.uc_link = nullptr;
    const auto self = reinterpret_cast<std::uintptr_t>(this);
    makecontext(&context_, reinterpret_cast<void (*)()>(&Fiber::entry), 2, unsigned(self >> 32),
                unsigned(self & 0xffffffffu));
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
    switch_context(&caller_, &context_);
    finish_switch(fake_stack, nullptr, nullptr);
  }

  // Back to the resumer; called on the fiber. Returns at the next resume().
  void suspend() {
    void* fake_stack = nullptr;
    start_switch(&fake_stack, caller_stack_, caller_stack_bytes_);
    switch_context(&context_, &caller_);
    finish_switch(fake_stack, &caller_stack_, &caller_stack_bytes_);
  }

  bool ended() const { return ended_; }
  // What escaped the body, if anything did.
  std::exception_ptr failure() const { return failure_; }

 private:
  static void entry(unsigned high, unsigned low) {
    auto* self = reinterpret_cast<Fiber*>((std::uintptr_t(high) << 32) | std::uintptr_t(low));
    self->finish_switch(nullptr, &self->caller_stack_, &self->caller_stack_bytes_);
    try {
      self->body_();
    } catch (...) {
      self->failure_ = std::current_exception();
    }
    self->ended_ = true;
    self->start_switch(nullptr, self->caller_stack_, self->caller_stack_bytes_);  // this stack is done
    setcontext(&self->caller_);
  }

  static void switch_context(ucontext_t* from, const ucontext_t* to) {
#ifdef PRUNEBENCH_ASAN_FIBERS
    using Swap = int (*)(ucontext_t*, const ucontext_t*);
    static const Swap libc_swapcontext = reinterpret_cast<Swap>(dlsym(RTLD_NEXT, "swapcontext"));
    libc_swapcontext(from, to);
#else
    swapcontext(from, to);
#endif
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
  ucontext_t context_{}, caller_{};
  const void* caller_stack_ = nullptr;  // the resumer's stack, for AddressSanitizer
  std::size_t caller_stack_bytes_ = 0;
  bool ended_ = false;
  std::exception_ptr failure_;
};

}  // namespace prunebench
