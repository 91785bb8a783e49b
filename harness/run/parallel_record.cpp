#include "harness/run/parallel_record.h"

#include <algorithm>

namespace prunebench::harness {
namespace {

// {min, median, max}; the median of an even count is the lower middle, a value that occurred.
nlohmann::ordered_json spread(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return {{"min", values.front()}, {"median", values[(values.size() - 1) / 2]}, {"max", values.back()}};
}

double ratio(double numerator, double denominator) { return denominator > 0 ? numerator / denominator : 0.0; }

// Speed-up and efficiency in virtual time, and the work/critical-path
// estimate from the serial search alone: W / P + C (Brent; Kuszmaul).
nlohmann::ordered_json model_json(const ParallelFigures& f, const ModelFigures& m) {
  const double work = double(f.serial_nodes), processors = double(f.threads);
  const double speedup = ratio(work, double(m.time));
  const double estimate = work / processors + double(m.span);
  return {{"processors", f.threads},
          {"time", m.time},
          {"one_processor_time", m.one_processor_time},
          {"speedup", speedup},
          {"efficiency", speedup / processors},
          {"span", m.span},
          {"parallelism", ratio(work, double(m.span))},
          {"work_span_time", estimate},
          {"work_span_speedup", ratio(work, estimate)}};
}

}  // namespace

nlohmann::ordered_json parallel_json(const ParallelFigures& f) {
  if (f.model)
    return {{"threads", f.threads},
            {"serial_score", f.serial_score},
            {"serial_best_move", f.serial_best_move.is_none() ? nlohmann::ordered_json(nullptr)
                                                               : nlohmann::ordered_json(to_uci(f.serial_best_move))},
            {"serial_nodes", f.serial_nodes},
            {"nodes", f.nodes.back()},
            {"overhead", ratio(double(f.nodes.back()), double(f.serial_nodes))},
            {"model", model_json(f, *f.model)}};
  std::vector<double> nodes, overhead, speedup;
  for (std::size_t i = 0; i < f.nodes.size(); ++i) {
    nodes.push_back(double(f.nodes[i]));
    overhead.push_back(f.serial_nodes > 0 ? double(f.nodes[i]) / double(f.serial_nodes) : 0.0);
    speedup.push_back(f.seconds[i] > 0 ? f.serial_seconds / f.seconds[i] : 0.0);
  }
  return {{"threads", f.threads},
          {"serial_score", f.serial_score},
          {"serial_best_move", f.serial_best_move.is_none() ? nlohmann::ordered_json(nullptr)
                                                             : nlohmann::ordered_json(to_uci(f.serial_best_move))},
          {"serial_nodes", f.serial_nodes},
          {"serial_seconds", f.serial_seconds},
          {"nodes", f.nodes.back()},
          {"overhead", overhead.back()},
          {"speedup", speedup.back()},
          {"repeats", f.nodes.size()},
          {"repeat_nodes", f.nodes},
          {"repeat_seconds", f.seconds},
          {"spread", {{"nodes", spread(nodes)}, {"overhead", spread(overhead)}, {"seconds", spread(f.seconds)},
                      {"speedup", spread(speedup)}}}};
}

}  // namespace prunebench::harness
