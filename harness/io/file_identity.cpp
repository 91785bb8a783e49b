#include "harness/io/file_identity.h"

#include <sys/stat.h>

#include <filesystem>

namespace prunebench::harness {

bool same_file(const std::string& a, const std::string& b) {
  struct stat first {}, second{};
  const bool a_exists = ::stat(a.c_str(), &first) == 0, b_exists = ::stat(b.c_str(), &second) == 0;
  if (a_exists && b_exists) return first.st_dev == second.st_dev && first.st_ino == second.st_ino;
  if (a_exists != b_exists) return false;
  std::error_code ec_a, ec_b;
  const auto canonical_a = std::filesystem::weakly_canonical(a, ec_a);
  const auto canonical_b = std::filesystem::weakly_canonical(b, ec_b);
  return !ec_a && !ec_b && canonical_a == canonical_b;
}

std::string check_outputs_apart(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs) {
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    for (const NamedPath& input : inputs)
      if (same_file(outputs[i].path, input.path))
        return outputs[i].role + " " + outputs[i].path + " names the same file as the input " + input.role + " " +
               input.path + " (writing it would overwrite the input; choose another file)";
    for (std::size_t j = 0; j < i; ++j)
      if (same_file(outputs[i].path, outputs[j].path))
        return outputs[j].role + " and " + outputs[i].role + " name one file, " + outputs[i].path +
               " (choose two files)";
  }
  return {};
}

}  // namespace prunebench::harness
