// What the tests of the reports read and check: a committed run fixture, read
// as `compare` reads a run (its kind checked), and a text that must hold a part.
#pragma once

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "harness/io/json_io.h"
#include "tests/harness/test_files.h"

namespace prunebench::harness::testing {

inline nlohmann::json load_run_fixture(const std::string& name) {
  const JsonReadResult result = read_document(fixture(name), "run");
  EXPECT_TRUE(result.ok()) << result.error;
  return result.value;
}

inline void expect_contains(const std::string& text, const std::string& part) {
  EXPECT_NE(text.find(part), std::string::npos) << part << " missing from:\n" << text;
}

}  // namespace prunebench::harness::testing
