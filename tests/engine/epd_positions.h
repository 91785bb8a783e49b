// The positions of an EPD file in positions/, for the engine tests.
//
// The engine tests link the engine only, so they cannot use the harness's
// suite reader (harness/run/suite.h, which checks every operation and refuses
// bad input with a message). The committed files are known good: this reads
// the four FEN fields (and the two counters where a line has them) and the id.
#pragma once

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "engine/position.h"

namespace prunebench::testing {

struct EpdPosition {
  std::string id;  // the id operation, else "FILE:LINE"
  Position position;
};

inline bool is_counter(const std::string& field) {
  return !field.empty() && field.find_first_not_of("0123456789") == std::string::npos;
}

// The FEN at the start of an EPD line: four fields, plus the counters when the line has them.
inline std::string epd_fen(const std::string& line) {
  std::istringstream fields(line);
  std::string fen, field;
  for (int i = 0; i < 4 && fields >> field; ++i) fen += (fen.empty() ? "" : " ") + field;
  std::string halfmove, fullmove;
  if (fields >> halfmove >> fullmove && is_counter(halfmove) && is_counter(fullmove))
    return fen + " " + halfmove + " " + fullmove;
  return fen + " 0 1";
}

inline std::vector<EpdPosition> read_epd_positions(const std::string& name) {
  std::ifstream in(std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/" + name);
  EXPECT_TRUE(in) << name;
  std::vector<EpdPosition> positions;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    const FenResult parsed = Position::from_fen(epd_fen(line));
    EXPECT_TRUE(parsed.ok()) << name << ":" << number << ": " << parsed.error;
    const std::size_t id = line.find("id \"");
    positions.push_back({id == std::string::npos ? name + ":" + std::to_string(number)
                                                 : line.substr(id + 4, line.find('"', id + 4) - id - 4),
                         parsed.value});
  }
  return positions;
}

}  // namespace prunebench::testing
