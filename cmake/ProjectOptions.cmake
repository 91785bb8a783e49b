# Compile options shared by every prunebench target, attached to an interface
# target (no global flags): link `prunebench::options` to inherit them.
add_library(prunebench_options INTERFACE)
add_library(prunebench::options ALIAS prunebench_options)

target_compile_features(prunebench_options INTERFACE cxx_std_20)
target_compile_options(prunebench_options INTERFACE -Wall -Wextra -Wpedantic)
# GCC 12 reports impossible sizes inside std::string's operator+ once it is
# inlined ("literal" + std::string&&): false positives of -Wrestrict and
# -Wstringop-overflow (GCC bugs 105329 and 105651), fixed in GCC 13.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(prunebench_options INTERFACE -Wno-restrict -Wno-stringop-overflow)
  target_link_options(prunebench_options INTERFACE -Wno-restrict -Wno-stringop-overflow)
endif()

if(PRUNEBENCH_NATIVE)
  include(CheckCXXCompilerFlag)
  check_cxx_compiler_flag(-march=native PRUNEBENCH_HAS_MARCH_NATIVE)
  if(PRUNEBENCH_HAS_MARCH_NATIVE)
    target_compile_options(prunebench_options INTERFACE -march=native)
  endif()
endif()

if(NOT PRUNEBENCH_PEXT)
  target_compile_definitions(prunebench_options INTERFACE PRUNEBENCH_NO_PEXT)
endif()

if(PRUNEBENCH_SANITIZE)
  target_compile_options(prunebench_options INTERFACE
    -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(prunebench_options INTERFACE -fsanitize=address,undefined)
endif()


# Fuzzing: coverage for libFuzzer in every prunebench object, plus the
# sanitizers that turn silent memory errors into crashes the fuzzer keeps.
if(PRUNEBENCH_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "PRUNEBENCH_FUZZ needs clang++ (libFuzzer): CXX=clang++ cmake ...")
  endif()
  target_compile_options(prunebench_options INTERFACE
    -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer)
  target_link_options(prunebench_options INTERFACE -fsanitize=address,undefined)
endif()
