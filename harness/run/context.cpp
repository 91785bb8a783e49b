#include "harness/run/context.h"

#include <ctime>
#include <fstream>

#include "engine/bitboard.h"        // PRUNEBENCH_USE_PEXT
#include "prunebench_build_info.h"  // generated in the build tree by harness/build_info.cmake

namespace prunebench::harness {

namespace {

nlohmann::json git_dirty_value() {
  if (build_info::GIT_DIRTY < 0) return nullptr;  // not built from a git checkout
  return build_info::GIT_DIRTY == 1;
}

nlohmann::json suites_value(const std::vector<SuiteFile>& suites) {
  nlohmann::json array = nlohmann::json::array();
  for (const SuiteFile& suite : suites) {
    array.push_back({{"path", suite.path}, {"sha256", suite.sha256}, {"positions", suite.entries.size()}});
  }
  return array;
}

}  // namespace

nlohmann::json tool_context(const std::vector<std::string>& command_line) {
  return {
      {"prunebench_version", build_info::VERSION},
      {"git_commit", build_info::GIT_COMMIT},
      {"git_dirty", git_dirty_value()},
      {"compiler", build_info::COMPILER},
      {"build_type", build_info::BUILD_TYPE},
      {"compile_flags", build_info::COMPILE_FLAGS},
      // PEXT or magic bitboards: the same counts, other speeds; -march=native decides it.
      {"pext", PRUNEBENCH_USE_PEXT != 0},
      {"command_line", command_line},
  };
}

std::vector<std::string> command_line(std::vector<std::string> words, const std::vector<std::string>& args) {
  words.insert(words.end(), args.begin(), args.end());
  return words;
}

nlohmann::json run_context(const std::vector<std::string>& command_line, int threads, int tt_megabytes,
                           const std::vector<SuiteFile>& suites) {
  nlohmann::json context = tool_context(command_line);
  context["cpu"] = cpu_model();
  context["threads"] = threads;
  context["tt_megabytes"] = tt_megabytes;
  context["suites"] = suites_value(suites);
  context["started_at"] = utc_iso8601(std::chrono::system_clock::now());
  return context;
}

std::string cpu_model(const std::string& cpuinfo_path) {
  std::ifstream in(cpuinfo_path);
  std::string line;
  while (std::getline(in, line)) {
    if (!line.starts_with("model name")) continue;
    const std::size_t colon = line.find(':');
    const std::size_t start =
        line.find_first_not_of(" \t", colon == std::string::npos ? line.size() : colon + 1);
    if (start != std::string::npos) return line.substr(start);
  }
  return "unknown";  // no /proc (not Linux), or an architecture that names it differently
}

std::string utc_iso8601(std::chrono::system_clock::time_point when) {
  const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  char text[sizeof "2024-05-01T12:34:56Z"];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace prunebench::harness
