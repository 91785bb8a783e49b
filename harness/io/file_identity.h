// Whether two paths name one file, so that a command can refuse an output
// that would overwrite one of its inputs (`compare A B --json A`) or two
// outputs that would overwrite each other. Spelling is not identity
// (`./a.json`, `dir/../a.json`, a hard or symbolic link): files that exist are
// compared by device and inode, a file not yet written by its canonical path.
#pragma once

#include <string>
#include <vector>

namespace prunebench::harness {

struct NamedPath {
  std::string role;  // how the user gave it: "--json", "BASE.json", "--suite"
  std::string path;
};

bool same_file(const std::string& a, const std::string& b);

// An error line when an output names an input or another output, else "".
std::string check_outputs_apart(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs);

}  // namespace prunebench::harness
