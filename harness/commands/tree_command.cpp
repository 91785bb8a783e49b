#include <ostream>

#include "harness/commands.h"

namespace prunebench::harness {

int tree_command(const Args&, std::ostream&, std::ostream& err) {
  err << "error: 'tree' is not implemented yet\n";
  return EXIT_BAD_INPUT;
}

}  // namespace prunebench::harness
