#include "harness/io/file_lock.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace prunebench::harness {

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);
}

std::string FileLock::acquire(const std::string& path) {
  system_error_ = true;
  // O_NOFOLLOW: the lock file is one prunebench creates; a planted link is refused.
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (fd < 0) return path + ": cannot open (" + std::strerror(errno) + ")";
  const std::string busy = "another run is using " + path + " (wait for it to end, or choose another --out)";
  if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    const int error = errno;
    ::close(fd);
    system_error_ = error != EWOULDBLOCK;
    return system_error_ ? path + ": cannot lock (" + std::strerror(error) + ")" : busy;
  }
  // The holder may have finished and removed the file between our open and
  // our lock: then we hold a lock on a file nobody else will ever open.
  struct stat locked {
  }, named{};
  if (::fstat(fd, &locked) != 0 || ::stat(path.c_str(), &named) != 0 || locked.st_ino != named.st_ino ||
      locked.st_dev != named.st_dev) {
    ::close(fd);
    system_error_ = false;
    return busy;
  }
  if (fd_ >= 0) ::close(fd_);
  fd_ = fd;
  size_ = std::uint64_t(locked.st_size);
  system_error_ = false;
  return {};
}

}  // namespace prunebench::harness
