#include "harness/reports/node_sum.h"

#include <algorithm>
#include <limits>

namespace prunebench::harness {

std::string decimal(NodeSum sum) {
  std::string digits;
  do {
    digits.push_back(char('0' + int(sum % 10)));
    sum /= 10;
  } while (sum != 0);
  std::reverse(digits.begin(), digits.end());
  return digits;
}

nlohmann::json node_sum_json(NodeSum sum) {
  if (sum <= std::numeric_limits<std::uint64_t>::max()) return std::uint64_t(sum);
  return double(sum);
}

}  // namespace prunebench::harness
