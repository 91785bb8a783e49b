#include "harness/run/parallel_record.h"

#include <algorithm>

namespace prunebench::harness {
namespace {

// {min, median, max}; the median of an even count is the lower middle, a value that occurred.
nlohmann::ordered_json spread(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return {{"min", values.front()}, {"median", values[(values.size() - 1) / 2]}, {"max", values.back()}};
}

}  // namespace

nlohmann::ordered_json parallel_json(const ParallelFigures& f) {
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
