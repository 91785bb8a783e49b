// prunebench as a UCI engine: the protocol state (position, Mode, Hash) and
// the answer to each line a UCI client sends, apart from the I/O loop so that
// tests can drive it line by line. A search runs exactly as `prunebench search`
// runs it (run_chess_search), so a client gets the CLI's node counts.
//
// Clock words of "go" (wtime, movetime, ...) are ignored: the search goes to
// the given depth, or to the Depth option. A search stopped early (run_go's
// `stop`) answers the first move of its last completed iteration (modes with
// id), else the first legal move; so does depth 0, which has no best move.
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
#include "engine/search/stop.h"

namespace prunebench::harness {

// One "go": what to search, copied from the server's state so that it can
// run on another thread while the server reads on (uci_session.h).
struct UciGo {
  Position position;
  std::string mode;
  SearchSpec spec;  // with the Hash option applied
  int depth = 0;
  bool perft = false;
};

// Runs `go`, answering its info and bestmove lines (or the perft divide) on
// `out`. Once `stop` (if given) is requested the search ends within
// STOP_POLL_INTERVAL nodes. Out of memory is answered, not thrown.
void run_go(const UciGo& go, const SearchStop* stop, std::ostream& out);

class UciServer {
 public:
  static constexpr int DEFAULT_DEPTH = 4;

  UciServer();

  // Answers one line on `out`, a "go" with its search run to the end; false
  // once the client said "quit".
  bool handle(std::string_view line, std::ostream& out);
  // The same, except that a valid "go" is not run but left in `go`.
  bool handle(std::string_view line, std::ostream& out, std::optional<UciGo>& go);

 private:
  using Words = std::vector<std::string_view>;

  void identify(std::ostream& out) const;
  std::string set_option(const Words& words);
  std::string set_position(const Words& words);
  std::string parse_go(const Words& words, std::optional<UciGo>& go) const;

  Position position_;
  std::string mode_;
  SearchSpec spec_;
  int default_depth_ = DEFAULT_DEPTH;            // "go" without a depth (a GUI's clocks) searches this deep
  std::optional<std::size_t> hash_megabytes_;  // set by "setoption name Hash": overrides the mode's tt=MB
};

// "score cp N" or "score mate M" for a negamax score of prunebench's search,
// with the mate distance read from the score (mate-distance modes) or else
// from the length of the principal variation.
std::string uci_score(Score score, std::size_t pv_length);

}  // namespace prunebench::harness
