// A factorial over search enhancements, as --modes takes it:
//   factorial:BASE:FACTOR,FACTOR,...
// expands to BASE with every subset of the factors, each subset an ordinary
// mode (the experiments of Schaeffer 1989: every combination of enhancements
// over one base search). A factor is a mode option (tt, killers, history,
// aspiration=50, ...) or `pvs` (algo=pvs); `id` brings the PV move with it.
// A combination the mode grammar refuses (aspiration without id) is left out
// and the expansion says so; a factor that is valid in no combination, or
// changes nothing over the base, is refused.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "harness/options/cli_args.h"

namespace prunebench::harness {

// At most this many factors: 2^8 = 256 combinations.
inline constexpr std::size_t MAX_FACTORS = 8;

struct Factorial {
  // The combinations' mode strings: the empty subset (BASE) first, then by
  // subset in binary order of the factors as listed, so names and order are
  // stable for the same spelling.
  std::vector<std::string> modes;
  // One line saying how it expanded and what was left out, and why.
  std::string note;
};

// `base` is BASE, `factors` the factor items in order; errors name `option`.
Parsed<Factorial> expand_factorial(std::string_view option, std::string_view base,
                                   const std::vector<std::string>& factors);

}  // namespace prunebench::harness
