// Finished records on their way into one output document, held in an unnamed
// temporary file instead of in memory, so that a run's memory does not grow
// with the number of records it writes (a nlohmann::json record costs about
// 13 KB; its text about 1 KB, on disk).
//
// Records arrive from many threads in the order they finish; each is filed
// under a slot (its position's index in the plan), and they are read back slot
// by slot, each slot in the order it received them. Only 16 bytes per record
// stay in memory.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "harness/io/json_io.h"

namespace prunebench::harness {

class RecordSpool {
 public:
  explicit RecordSpool(std::size_t slots) : pieces_(slots) {}
  RecordSpool(const RecordSpool&) = delete;
  RecordSpool& operator=(const RecordSpool&) = delete;
  ~RecordSpool();

  // Creates the spool file in `folder`, unnamed (O_TMPFILE) where the file
  // system allows, else under a unique name that is removed at once: either
  // way no other process can reach it and nothing is left behind. Returns an
  // error line, or "".
  std::string open(const std::string& folder);
  // Appends `text` to `slot`. Safe to call from many threads. Returns an error
  // line (e.g. a full disk), or "".
  std::string add(std::size_t slot, std::string_view text);
  // Texts added so far, over all slots.
  std::size_t size() const;
  // Sends every text to `sink`, slot by slot, with `separator` between two
  // texts. Returns the first error, or "".
  std::string write_to(const ByteSink& sink, std::string_view separator) const;

 private:
  struct Piece {
    std::uint64_t offset;
    std::uint64_t length;
  };
  mutable std::mutex mutex_;
  std::vector<std::vector<Piece>> pieces_;
  std::uint64_t end_ = 0;
  std::size_t count_ = 0;
  int fd_ = -1;
  std::string folder_;
};

}  // namespace prunebench::harness
