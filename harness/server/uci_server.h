// prunebench as a UCI engine: the protocol state (position, Mode, Hash) and
// the answer to each line a UCI client sends, apart from the I/O loop so that
// tests can drive it line by line. A search runs exactly as `prunebench search`
// runs it (run_chess_search), so a client gets the CLI's node counts.
//
// Clock words of "go" (wtime, movetime, ...) are ignored: the search goes to
// the given depth, or to the Depth option. Searches are synchronous: `go`
// answers with its bestmove before the next line is read, so `stop` has
// nothing to stop and is accepted silently.
// A line that cannot be obeyed (illegal move, bad FEN, unknown mode) is
// answered with "info string error: ..." and the session goes on.
#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "engine/search/spec.h"

namespace prunebench::harness {

class UciServer {
 public:
  static constexpr int DEFAULT_DEPTH = 4;

  UciServer();

  // Answers one line on `out`; false once the client said "quit".
  bool handle(std::string_view line, std::ostream& out);

 private:
  using Words = std::vector<std::string_view>;

  void identify(std::ostream& out) const;
  std::string set_option(const Words& words);
  std::string set_position(const Words& words);
  std::string go(const Words& words, std::ostream& out) const;
  void search(int depth, std::ostream& out) const;
  void perft(int depth, std::ostream& out) const;

  Position position_;
  std::string mode_;
  SearchSpec spec_;
  int default_depth_ = DEFAULT_DEPTH;            // "go" without a depth (a GUI's clocks) searches this deep
  std::optional<std::size_t> hash_megabytes_;  // set by "setoption name Hash": overrides the mode's tt=MB
};

// The UCI loop: reads lines from `in` until "quit" or end of input.
void serve_uci(std::istream& in, std::ostream& out);

// "score cp N" or "score mate M" for a negamax score of prunebench's search,
// with the mate distance read from the score (mate-distance modes) or else
// from the length of the principal variation.
std::string uci_score(Score score, std::size_t pv_length);

}  // namespace prunebench::harness
