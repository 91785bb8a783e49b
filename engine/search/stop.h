// Ending a search early, on request from another thread (prunebench uci's
// "stop"). A search given a SearchStop looks at it once every
// STOP_POLL_INTERVAL nodes it enters and, once requested, unwinds by throwing
// SearchStopped, which search() catches (search.h). A search given none tests
// one null pointer per node entered and counts exactly what it did before.
#pragma once

#include <atomic>
#include <cstdint>

namespace prunebench {

struct SearchStop {
  std::atomic<bool> requested{false};
};

// Unwinds a stopped search; it never leaves search().
struct SearchStopped {};

// Nodes entered between two looks at the request: a few milliseconds of search.
inline constexpr std::uint32_t STOP_POLL_INTERVAL = 4096;

}  // namespace prunebench
