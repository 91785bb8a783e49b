#include <ostream>

#include "harness/commands.h"

namespace prunebench::harness {

int search_command(const Args&, std::ostream&, std::ostream& err) {
  err << "error: 'search' is not implemented yet\n";
  return EXIT_BAD_INPUT;
}

}  // namespace prunebench::harness
