#include <ostream>

#include "harness/commands.h"

namespace prunebench::harness {

int compare_command(const Args&, std::ostream&, std::ostream& err) {
  err << "error: 'compare' is not implemented yet\n";
  return EXIT_BAD_INPUT;
}

}  // namespace prunebench::harness
