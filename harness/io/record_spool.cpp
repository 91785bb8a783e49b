#include "harness/io/record_spool.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace prunebench::harness {

namespace {

std::string describe(const std::string& folder, const std::string& what) {
  return "the record spool in " + folder + ": " + what + " (" + std::strerror(errno) + ")";
}

// An unnamed file in `folder`, or -1 with errno set.
int open_unnamed(const std::string& folder) {
#ifdef O_TMPFILE
  const int unnamed = ::open(folder.c_str(), O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  if (unnamed >= 0 || (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)) return unnamed;
#endif
  // A file system without O_TMPFILE: a unique name (O_EXCL, so no planted
  // link is followed), unlinked before any record is written to it.
  std::string name = (folder.empty() ? std::string(".") : folder) + "/.prunebench-spool.XXXXXX";
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd >= 0) ::unlink(name.c_str());
  return fd;
}

}  // namespace

RecordSpool::~RecordSpool() {
  if (fd_ >= 0) ::close(fd_);
}

std::string RecordSpool::open(const std::string& folder) {
  folder_ = folder.empty() ? "." : folder;
  fd_ = open_unnamed(folder_);
  return fd_ < 0 ? describe(folder_, "cannot create") : std::string();
}

std::string RecordSpool::add(std::size_t slot, std::string_view text) {
  std::lock_guard lock(mutex_);
  if (fd_ < 0) return "the record spool is not open";
  for (std::uint64_t done = 0; done < text.size();) {
    const ssize_t written = ::pwrite(fd_, text.data() + done, text.size() - done, off_t(end_ + done));
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) return describe(folder_, "cannot write");
    done += std::uint64_t(written);
  }
  pieces_.at(slot).push_back({end_, text.size()});
  end_ += text.size();
  ++count_;
  return {};
}

std::size_t RecordSpool::size() const {
  std::lock_guard lock(mutex_);
  return count_;
}

std::string RecordSpool::write_to(const ByteSink& sink, std::string_view separator) const {
  std::lock_guard lock(mutex_);
  std::string buffer;
  bool first = true;
  for (const std::vector<Piece>& slot : pieces_) {
    for (const Piece& piece : slot) {
      if (!first)
        if (std::string error = sink(separator); !error.empty()) return error;
      first = false;
      buffer.resize(piece.length);
      for (std::uint64_t done = 0; done < piece.length;) {
        const ssize_t got = ::pread(fd_, buffer.data() + done, piece.length - done, off_t(piece.offset + done));
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return describe(folder_, "cannot read back");
        done += std::uint64_t(got);
      }
      if (std::string error = sink(buffer); !error.empty()) return error;
    }
  }
  return {};
}

}  // namespace prunebench::harness
