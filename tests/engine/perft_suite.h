// Loads positions/perft.epd (FEN ;D1 n ;D2 n ...) for the engine tests.
#pragma once

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace prunebench::testing {

struct PerftCase {
  std::string fen;
  std::map<int, unsigned long long> counts;  // depth -> published leaf count
};

inline std::vector<PerftCase> load_perft_suite() {
  std::ifstream in(std::string(PRUNEBENCH_SOURCE_DIR) + "/positions/perft.epd");
  std::vector<PerftCase> cases;
  std::string line;
  while (std::getline(in, line)) {
    const auto semi = line.find(';');
    if (semi == std::string::npos) continue;
    PerftCase c{line.substr(0, semi), {}};
    std::istringstream annotations(line.substr(semi));
    std::string tag;
    unsigned long long count;
    while (annotations >> tag >> count) c.counts[std::stoi(tag.substr(2))] = count;
    cases.push_back(c);
  }
  return cases;
}

}  // namespace prunebench::testing
