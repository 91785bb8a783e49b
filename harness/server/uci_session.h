// The UCI I/O loop: reads the client's lines while a search runs on a thread
// of its own, so that "stop", "quit", "isready" and the end of input are
// answered during a search (uci_server.h answers the lines themselves).
#pragma once

#include <iosfwd>

namespace prunebench::harness {

// Serves `in` until "quit" or the end of input (a client that has gone), each
// of which stops a running search. A "go" during a search waits for it to end.
void serve_uci(std::istream& in, std::ostream& out);

}  // namespace prunebench::harness
