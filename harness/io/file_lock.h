// An exclusive lock on a file for the life of a run, so that two runs given
// the same --out cannot both append to one journal (or one delete the journal
// the other is writing). flock(2) locks belong to the open file and vanish
// when the process dies, so a killed run never leaves a stale lock behind.
#pragma once

#include <cstdint>
#include <string>

namespace prunebench::harness {

class FileLock {
 public:
  FileLock() = default;
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  ~FileLock();

  // Opens `path` (created if missing) and locks it without waiting. Returns an
  // error line, or "": "another run is using PATH" when the lock is held, or
  // when the file was replaced (removed by a run that finished) meanwhile.
  std::string acquire(const std::string& path);
  // The file's size when the lock was taken.
  std::uint64_t size_when_locked() const { return size_; }
  bool system_error() const { return system_error_; }  // the last failure came from the OS, not a rival run

 private:
  int fd_ = -1;
  std::uint64_t size_ = 0;
  bool system_error_ = false;
};

}  // namespace prunebench::harness
