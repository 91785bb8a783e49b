// What `prunebench --version` prints: the build's provenance, the same facts
// the `context` block of every document records (harness/run/context.h), plus
// whether slider attacks use PEXT (BMI2) or magic multiplication — the build
// option a speed figure depends on.
#pragma once

#include <string>

namespace prunebench::harness {

// Several lines, each "field value":
//   prunebench 0.1.0
//   commit 0123abcd... (clean | dirty | unknown)
//   compiler GNU 12.2.0
//   build-type Release
//   flags -O3 -DNDEBUG -march=native
//   pext on | off
std::string version_text();

}  // namespace prunebench::harness
