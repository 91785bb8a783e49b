// prunebench: the command-line front door (harness/cli.h does the work).
#include <iostream>

#include "harness/cli.h"

int main(int argc, char** argv) {
  using namespace prunebench::harness;
  return run_cli(Args(argv + 1, argv + argc), std::cout, std::cerr);
}
