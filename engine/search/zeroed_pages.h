// Zero-filled memory for a large table (the transposition table), taken from
// the system as untouched pages, so that a short search pays only for the
// pages it touches (a thread's next table of the same size reuses the last
// one's pages, written to zeros: see SpareMapping).
//
// A table of many megabytes probed at random costs more in memory traffic
// than in instructions: with 4 KiB pages every probe misses the TLB, and on a
// virtual machine each page's first touch is a fault that costs microseconds.
// So a table of at least one huge page is mapped on a huge-page boundary and
// offered to Linux as transparent huge pages (madvise), which the default
// setting `madvise` honours: a 16 MiB table is then eight pages, not 4,096.
// Where the system declines, the pages stay small and only the speed differs:
// the memory reads as zeros either way, so no count depends on it.
#pragma once

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>

namespace prunebench {

class ZeroedPages {
 public:
  static constexpr std::size_t HUGE_PAGE = std::size_t(2) << 20;

  // std::bad_alloc, as from new, when there is no room.
  explicit ZeroedPages(std::size_t bytes) {
    if (bytes < HUGE_PAGE) {
      data_ = std::calloc(bytes ? bytes : 1, 1);
      if (!data_) throw std::bad_alloc();
      return;
    }
    bytes_ = bytes;
    if (SpareMapping& spare = spare_mapping(); spare.mapping && spare.bytes == bytes) {
      // Pages already in place: writing zeros costs less than faulting them in again.
      std::swap(mapping_, spare.mapping);
      data_ = std::exchange(spare.data, nullptr);
      std::memset(data_, 0, bytes);
      return;
    }
    // One huge page more than asked for, to place the table on a boundary.
    mapping_ = mmap(nullptr, mapping_bytes(), PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
                    -1, 0);
    if (mapping_ == MAP_FAILED) {
      mapping_ = nullptr;
      throw std::bad_alloc();
    }
    const auto start = (reinterpret_cast<std::uintptr_t>(mapping_) + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
    data_ = reinterpret_cast<void*>(start);
#ifdef MADV_HUGEPAGE
    madvise(data_, bytes, MADV_HUGEPAGE);  // a hint: refused, the pages stay small
#endif
  }
  ZeroedPages(ZeroedPages&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        mapping_(std::exchange(other.mapping_, nullptr)),
        bytes_(std::exchange(other.bytes_, 0)) {}
  ZeroedPages& operator=(ZeroedPages&& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(mapping_, other.mapping_);
    std::swap(bytes_, other.bytes_);
    return *this;
  }
  ZeroedPages(const ZeroedPages&) = delete;
  ZeroedPages& operator=(const ZeroedPages&) = delete;
  // A mapping is kept as the thread's spare, in place of the one before.
  ~ZeroedPages() {
    if (!mapping_) {
      std::free(data_);
      return;
    }
    SpareMapping& spare = spare_mapping();
    spare.release();
    spare.mapping = mapping_, spare.data = data_, spare.bytes = bytes_;
  }

  void* data() const { return data_; }

 private:
  // The last table's mapping of this thread, for the next table of its size:
  // a run of many short searches then neither maps nor faults in a table each.
  struct SpareMapping {
    void* mapping = nullptr;
    void* data = nullptr;
    std::size_t bytes = 0;
    void release() {
      if (mapping) munmap(mapping, bytes + HUGE_PAGE);
      mapping = nullptr, data = nullptr;
    }
    ~SpareMapping() { release(); }
  };
  static SpareMapping& spare_mapping() {
    thread_local SpareMapping spare;
    return spare;
  }
  std::size_t mapping_bytes() const { return bytes_ + HUGE_PAGE; }

  void* data_ = nullptr;
  void* mapping_ = nullptr;  // set when the memory is a mapping of its own
  std::size_t bytes_ = 0;    // the mapping's usable bytes
};

}  // namespace prunebench
