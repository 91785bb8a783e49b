#include "harness/version.h"

#include "engine/bitboard.h"        // PRUNEBENCH_USE_PEXT
#include "prunebench_build_info.h"  // generated in the build tree by harness/build_info.cmake

namespace prunebench::harness {

namespace {

const char* dirty_word() {
  if (build_info::GIT_DIRTY < 0) return "unknown";  // not built from a git checkout
  return build_info::GIT_DIRTY == 1 ? "dirty" : "clean";
}

}  // namespace

std::string version_text() {
  return std::string("prunebench ") + build_info::VERSION + "\ncommit " + build_info::GIT_COMMIT + " (" +
         dirty_word() + ")\ncompiler " + build_info::COMPILER + "\nbuild-type " + build_info::BUILD_TYPE +
         "\nflags " + build_info::COMPILE_FLAGS + "\npext " + (PRUNEBENCH_USE_PEXT ? "on" : "off") + "\n";
}

}  // namespace prunebench::harness
