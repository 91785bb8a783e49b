// One chess search, timed, and its JSON form: shared by `prunebench search`,
// `run` and `bench`, so every command writes the same fields with the same
// meaning (docs/json-schema.md).
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "engine/position.h"
#include "engine/search/counters.h"
#include "engine/trees/search_instances.h"
#include "harness/run/parallel_record.h"

namespace prunebench::harness {

struct ChessSearch {
  std::string mode;  // the mode string as the user wrote it
  SearchSpec spec;
  int depth = 0;
  SearchResult<Move> result;
  SearchCounters counters;
  double seconds = 0;
  // smp= modes: the serial search's figures and every repeat's (parallel_record.h).
  std::optional<ParallelFigures> parallel;
};

// Runs `spec` on `root` to `depth` with fresh counters and a fresh table.
// A full-width mode is split across `threads` threads (engine/search/split.h),
// with the same counts; the others run on one.
// `stop` (engine/search/stop.h): a search that may be ended early from
// another thread; it runs on one thread.
// `distinct_megabytes` > 0: count distinct_nodes in at most that much memory
// (engine/search/distinct_nodes.h); such a search runs on one thread.
// An smp= spec runs `repeat` times on `threads` threads, after the same spec
// without smp on one thread (the serial figures beside them); the record's
// result and counters are the last repeat's.
// Precondition: the spec is valid for chess (see check_chess_spec).
ChessSearch run_chess_search(const Position& root, const std::string& mode, const SearchSpec& spec, int depth,
                             int threads = 1, const SearchStop* stop = nullptr, std::size_t distinct_megabytes = 0,
                             int repeat = 1);

// Empty if chess can run `spec`, else why not (e.g. an oracle ordering).
std::string check_chess_spec(const SearchSpec& spec);

// parse_mode, then check_chess_spec on its spec: the error is the first of the
// two, word for word, so a command reports it as either would.
ModeParse parse_chess_mode(std::string_view mode);

nlohmann::ordered_json counters_json(const SearchCounters& counters);
nlohmann::ordered_json spec_json(const SearchSpec& spec);
// {mode, spec, score, best_move, pv, counters, seconds, nodes_per_second}, and
// counters.distinct_nodes or distinct_nodes_missing when it was counted.
nlohmann::ordered_json search_json(const ChessSearch& search);

}  // namespace prunebench::harness
