// The `context` block of every prunebench document (docs/json-schema.md):
// where a measurement came from, kept apart from the measurement itself.
//
// Build facts (version, git commit and dirty flag, compiler, build type,
// flags, PEXT) are baked in at build time by harness/build_info.cmake; machine and
// run facts (CPU, threads, command line, suites, start time) are read when
// the context is made.
#pragma once

#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/run/suite.h"

namespace prunebench::harness {

// The build facts alone (version, commit, dirty flag, compiler, build type,
// flags) and the command line: the context of a document that measures no
// suite (perft, search, compare).
nlohmann::json tool_context(const std::vector<std::string>& command_line);

// The argv as typed: `words` (e.g. {"prunebench", "perft"}) followed by the
// arguments a command was given.
std::vector<std::string> command_line(std::vector<std::string> words, const std::vector<std::string>& args);

// Call when the run starts: started_at is the time of the call.
nlohmann::json run_context(const std::vector<std::string>& command_line, int threads, int tt_megabytes,
                           const std::vector<SuiteFile>& suites);

// The "model name" of the first processor in `cpuinfo_path`, or "unknown".
std::string cpu_model(const std::string& cpuinfo_path = "/proc/cpuinfo");

// e.g. "2024-05-01T12:34:56Z".
std::string utc_iso8601(std::chrono::system_clock::time_point when);

}  // namespace prunebench::harness
