#include "harness/options/project_files.h"

#include <filesystem>
#include <system_error>

namespace prunebench::harness {

namespace fs = std::filesystem;

namespace {

fs::path running_binary() {
  std::error_code ignored;
  return fs::read_symlink("/proc/self/exe", ignored);  // empty where there is no /proc
}

fs::path working_directory() {
  std::error_code ignored;
  return fs::current_path(ignored);
}

// `start` and each of its parents that holds `relative_path`, nearest first.
std::optional<fs::path> find_upwards(fs::path start, const fs::path& relative_path) {
  std::error_code ignored;
  for (fs::path dir = start; !dir.empty(); dir = dir.parent_path()) {
    if (fs::is_regular_file(dir / relative_path, ignored)) return dir / relative_path;
    if (dir == dir.parent_path()) break;  // the root
  }
  return std::nullopt;
}

// Where `cmake --install` puts the project files for the binary `binary`.
fs::path installed_data_dir(const fs::path& binary) {
  return (binary.parent_path() / PRUNEBENCH_INSTALLED_DATA_DIR).lexically_normal();
}

}  // namespace

std::optional<std::string> find_project_file(std::string_view relative_path) {
  const fs::path relative(relative_path);
  const fs::path binary = running_binary();
  std::error_code ignored;
  if (!binary.empty()) {
    if (const fs::path installed = installed_data_dir(binary) / relative; fs::is_regular_file(installed, ignored))
      return installed.string();
    if (auto found = find_upwards(binary.parent_path(), relative)) return found->string();
  }
  if (const fs::path built = fs::path(PRUNEBENCH_SOURCE_DIR) / relative; fs::is_regular_file(built, ignored))
    return built.string();
  if (auto found = find_upwards(working_directory(), relative)) return found->string();
  return std::nullopt;
}

std::string project_file_not_found(std::string_view relative_path, std::string_view option) {
  const fs::path binary = running_binary();
  const std::string installed = binary.empty() ? "" : "in " + installed_data_dir(binary).string() + ", ";
  return "cannot find " + std::string(relative_path) + " (looked " + installed + "above " +
         (binary.empty() ? std::string("the binary") : binary.string()) + ", in " + PRUNEBENCH_SOURCE_DIR +
         " and above the working directory " + working_directory().string() + "); give " + std::string(option) +
         " FILE";
}

Parsed<std::string> file_option_or_project_file(const ParsedArgs& args, std::string_view name,
                                                std::string_view relative_default) {
  if (args.has(name)) return {args.value(name), ""};
  if (std::optional<std::string> found = find_project_file(relative_default)) return {*found, ""};
  return {"", project_file_not_found(relative_default, "--" + std::string(name))};
}

std::string project_file_default_help(std::string_view relative_default) {
  return "(default: " + std::string(relative_default) +
         ", found in an installed binary's share/prunebench, above the binary, in its source tree or above the "
         "working directory)";
}

}  // namespace prunebench::harness
