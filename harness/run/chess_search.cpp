#include "harness/run/chess_search.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdlib>

#include "engine/text.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench::harness {

namespace {

// smp=model: once on its virtual processors, and for the critical path once on one.
ChessSearch run_parallel_model(const Position& root, const std::string& mode, const SearchSpec& spec, int depth,
                               ParallelFigures figures) {
  const int processors = spec.processors;
  const auto make_tree = [&] { return ChessTree(root, spec.mate_distance); };
  ParallelModelFigures one;
  if (processors > 1) {
    SearchCounters counters;
    ybwc_search<ChessTree>(make_tree, spec, depth, counters, 1, &one);
  }
  ChessSearch run{mode, spec, depth, {}, {}, 0.0, std::nullopt};
  ParallelModelFigures many;
  const auto start = std::chrono::steady_clock::now();
  run.result = ybwc_search<ChessTree>(make_tree, spec, depth, run.counters, processors, &many);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (processors == 1) one = many;
  figures.nodes.push_back(run.counters.nodes);
  figures.seconds.push_back(run.seconds);
  figures.model = ModelFigures{many.time, one.time, one.span};
  run.parallel = std::move(figures);
  return run;
}

// An smp= spec: the serial search once, then the parallel one `repeat` times
// (the model, exact, once).
ChessSearch run_parallel_search(const Position& root, const std::string& mode, const SearchSpec& spec, int depth,
                                int threads, int repeat) {
  SearchSpec serial_spec = spec;
  serial_spec.smp = Smp::NONE;
  const ChessSearch serial = run_chess_search(root, mode, serial_spec, depth);
  ParallelFigures figures{threads, serial.result.score, serial.result.best_move, serial.counters.nodes,
                          serial.seconds, {}, {}, std::nullopt};
  if (spec.smp == Smp::MODEL) {
    figures.threads = spec.processors;
    return run_parallel_model(root, mode, spec, depth, std::move(figures));
  }
  ChessSearch run;
  for (int i = 0; i < std::max(repeat, 1); ++i) {
    run = ChessSearch{mode, spec, depth, {}, {}, 0.0, std::nullopt};
    const auto make_tree = [&] { return ChessTree(root, spec.mate_distance); };
    const auto start = std::chrono::steady_clock::now();
    run.result = split_search<ChessTree>(make_tree, spec, depth, run.counters, threads);
    run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    figures.nodes.push_back(run.counters.nodes);
    figures.seconds.push_back(run.seconds);
  }
  run.parallel = std::move(figures);
  return run;
}

}  // namespace

ChessSearch run_chess_search(const Position& root, const std::string& mode, const SearchSpec& spec, int depth,
                             int threads, const SearchStop* stop, std::size_t distinct_megabytes, int repeat) {
  if (spec.smp != Smp::NONE && !stop) return run_parallel_search(root, mode, spec, depth, threads, repeat);
  ChessSearch run{mode, spec, depth, {}, {}, 0.0, std::nullopt};
  const auto make_tree = [&] { return ChessTree(root, spec.mate_distance); };
  const auto start = std::chrono::steady_clock::now();
  if (stop) {
    ChessTree tree = make_tree();
    run.result = search(tree, spec, depth, run.counters, stop, distinct_megabytes);
  } else {
    run.result = split_search<ChessTree>(make_tree, spec, depth, run.counters, threads, distinct_megabytes);
  }
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return run;
}

std::string check_chess_spec(const SearchSpec& spec) {
  const ChessTree tree(Position::start());
  return check_spec(tree, spec);
}

ModeParse parse_chess_mode(std::string_view mode) {
  ModeParse parsed = parse_mode(mode);
  if (parsed.ok()) parsed.error = check_chess_spec(parsed.value);
  return parsed;
}

namespace {

// Histograms are written without their trailing zero buckets.
template <typename Array>
nlohmann::ordered_json trimmed(const Array& buckets) {
  std::size_t size = buckets.size();
  while (size > 0 && buckets[size - 1] == 0) --size;
  return nlohmann::ordered_json(std::vector<std::uint64_t>(buckets.begin(), buckets.begin() + long(size)));
}

// The counters with distinct_nodes beside nodes.
nlohmann::ordered_json with_distinct_nodes(const nlohmann::ordered_json& counters, std::uint64_t distinct_nodes) {
  nlohmann::ordered_json out = nlohmann::ordered_json::object();
  for (const auto& [name, value] : counters.items()) {
    out[name] = value;
    if (name == "nodes") out["distinct_nodes"] = distinct_nodes;
  }
  return out;
}

// The minimal tree's bounds on the minimal graph; a bound that could not be
// had is left out, with why.
void add_minimal_graph(const MinimalGraphBounds& bounds, nlohmann::ordered_json& record) {
  if (!bounds.error.empty()) {
    record["minimal_graph_error"] = bounds.error;
    return;
  }
  record["tree_proof_merged"] = {{"nodes", bounds.tree_proof_merged.nodes},
                                 {"leaves", bounds.tree_proof_merged.leaves}};
  record["graph_upper"] = {{"nodes", bounds.graph_upper.nodes},
                           {"leaves", bounds.graph_upper.leaves},
                           {"method", {{"nodes", bounds.nodes_method}, {"leaves", bounds.leaves_method}}}};
}

}  // namespace

nlohmann::ordered_json counters_json(const SearchCounters& c) {
  return {{"nodes", c.nodes},
          {"leaves", c.leaves},
          {"terminals", c.terminals},
          {"cutoffs", c.cutoffs},
          {"first_move_cutoffs", c.first_move_cutoffs},
          {"first_move_cutoff_rate", c.first_move_cutoff_rate()},
          {"researches", c.researches},
          {"mtdf_passes", c.mtdf_passes},
          {"aspiration_researches", c.aspiration_researches},
          {"tt_probes", c.tt_probes},
          {"tt_hits", c.tt_hits},
          {"tt_cutoffs", c.tt_cutoffs},
          {"expected_pv", c.expected_pv},
          {"expected_cut", c.expected_cut},
          {"expected_all", c.expected_all},
          {"behaved_pv", c.behaved_pv},
          {"behaved_cut", c.behaved_cut},
          {"behaved_all", c.behaved_all},
          {"expected_cut_behaved_all", c.expected_cut_behaved_all},
          {"nodes_per_ply", trimmed(c.nodes_per_ply)},
          {"cutoff_move_index", trimmed(c.cutoff_move_index)}};
}

nlohmann::ordered_json spec_json(const SearchSpec& spec) {
  nlohmann::ordered_json object = nlohmann::ordered_json::object();
  for (const auto& [key, value] : describe(spec)) {
    if (value == "true" || value == "false") {
      object[key] = value == "true";
    } else if (const Parsed<std::int64_t> number = parse_whole_integer<std::int64_t>(value); number.ok()) {
      object[key] = number.value;
    } else if (const Parsed<std::uint64_t> large = parse_whole_integer<std::uint64_t>(value); large.ok()) {
      object[key] = large.value;  // order_seed may use all 64 bits
    } else {
      object[key] = value;
    }
  }
  return object;
}

namespace {

nlohmann::ordered_json uci_or_null(Move move) {
  return move.is_none() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(to_uci(move));
}

// nullmove, lmr, futility: their seven counters, and the exact reference (search.h)
// the record is judged against instead of the other modes. Absent in every
// other record, so that those are unchanged.
void add_selective(const ChessSearch& run, nlohmann::ordered_json& record) {
  const SearchCounters& c = run.counters;
  record["counters"]["null_move_tries"] = c.null_move_tries;
  record["counters"]["null_move_cutoffs"] = c.null_move_cutoffs;
  record["counters"]["null_move_verifications"] = c.null_move_verifications;
  record["counters"]["null_move_verification_failures"] = c.null_move_verification_failures;
  record["counters"]["lmr_reductions"] = c.lmr_reductions;
  record["counters"]["lmr_researches"] = c.lmr_researches;
  record["counters"]["futility_pruned"] = c.futility_pruned;
  if (!run.result.reference_score) return;
  const Score reference = *run.result.reference_score;
  record["reference"] = {{"mode", without_selective_items(run.mode)},
                         {"score", reference},
                         {"best_move", uci_or_null(run.result.reference_best_move)}};
  record["value_differs"] = run.result.score != reference;
  record["best_move_differs"] = run.result.best_move != run.result.reference_best_move;
  record["abs_value_difference"] = std::abs(std::int64_t(run.result.score) - reference);
}

}  // namespace

nlohmann::ordered_json search_json(const ChessSearch& run) {
  nlohmann::ordered_json pv = nlohmann::ordered_json::array();
  for (Move m : run.result.pv) pv.push_back(to_uci(m));
  const double rate = run.seconds > 0 ? double(run.counters.nodes) / run.seconds : 0.0;
  nlohmann::ordered_json record = {{"mode", run.mode},
          {"spec", spec_json(run.spec)},
          {"depth", run.depth},
          {"score", run.result.score},
          {"best_move", uci_or_null(run.result.best_move)},
          {"pv", pv},
          {"counters", counters_json(run.counters)},
          {"seconds", run.seconds},
          {"nodes_per_second", rate}};
  // MTD(f) inside iterative deepening: how many null-window passes each
  // iteration took (element i is the iteration of depth i + 1).
  if (run.spec.algorithm == Algorithm::MTDF && run.spec.iterative_deepening) {
    const auto& by_depth = run.counters.mtdf_passes_per_depth;
    record["counters"]["mtdf_passes_per_iteration"] =
        std::vector<std::uint64_t>(by_depth.begin() + 1, by_depth.begin() + 1 + std::min(run.depth, MAX_PLY));
  }
  // qsearch: the quiescence counters, and the value searched (the Q-value),
  // which only modes of the same value function are checked against. Absent
  // otherwise, so that records without qsearch are unchanged.
  if (run.spec.qsearch) {
    record["counters"]["qnodes"] = run.counters.qnodes;
    record["counters"]["qsearch_max_ply"] = run.counters.qsearch_max_ply;
    if (run.spec.qsearch_checks) record["counters"]["qsearch_checks"] = run.counters.qsearch_checks;
    record["value_function"] = value_function(run.spec);
  }
  // Counted only when asked for (--distinct-nodes); never a partial figure.
  if (run.result.distinct_nodes)
    record["counters"] = with_distinct_nodes(record["counters"], *run.result.distinct_nodes);
  else if (!run.result.distinct_nodes_missing.empty())
    record["distinct_nodes_missing"] = run.result.distinct_nodes_missing;
  if (const auto& graph = run.result.left_first_graph) {
    if (graph->nodes)
      record["left_first_graph"] = {{"nodes", *graph->nodes}};
    else
      record["left_first_graph_missing"] = graph->missing;
  }
  // A spec that is not value-preserving by design (tt-draft=ge) says how far
  // its score is from the fixed-depth minimax value, instead of failing checks.
  if (run.result.exact_score) {
    record["exact_score"] = *run.result.exact_score;
    record["value_differs_from_minimax"] = run.result.score - *run.result.exact_score;
  }
  if (is_selective(run.spec)) add_selective(run, record);
  if (run.result.minimal_graph) add_minimal_graph(*run.result.minimal_graph, record);
  // smp=: counts that vary from run to run, marked so that compare and the
  // baseline never judge them; value and best move still must be the serial's.
  // The model's counts are exact and judged as any others.
  if (run.parallel) {
    if (!run.parallel->model) record["deterministic"] = false;
    record["parallel"] = parallel_json(*run.parallel);
    record["value_differs_from_serial"] = run.result.score != run.parallel->serial_score;
    record["best_move_differs_from_serial"] = run.result.best_move != run.parallel->serial_best_move;
  }
  return record;
}

}  // namespace prunebench::harness
