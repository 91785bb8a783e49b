// prunebench: the command-line front door. Dispatches to one subcommand.
#include <iostream>
#include <string>
#include <string_view>

#include "harness/commands.h"

namespace {

using namespace prunebench::harness;

struct Command {
  std::string_view name;
  int (*run)(const Args&, std::ostream&, std::ostream&);
  std::string_view summary;
};

constexpr Command COMMANDS[] = {
    {"perft", perft_command, "count leaf nodes of the legal move tree (--divide for per-move counts)"},
    {"search", search_command, "search one position with one mode and print the counters"},
    {"tree", tree_command, "synthetic-tree experiments: standing, random, theory"},
    {"run", run_command, "suites x depths x modes -> versioned JSON"},
    {"compare", compare_command, "node-count regression report between two run files"},
    {"bench", bench_command, "fixed suite and depth; prints the 'Nodes searched' signature"},
    {"scan-orders", scan_orders_command, "search generator orders for reference 000's figures"},
};

void print_usage(std::ostream& os) {
  os << "usage: prunebench <command> [options]\n\ncommands:\n";
  constexpr std::size_t NAME_COLUMN = 13;  // the longest name, scan-orders, and two spaces
  for (const Command& c : COMMANDS)
    os << "  " << c.name << std::string(NAME_COLUMN - c.name.size(), ' ') << c.summary << '\n';
  os << "\nRun 'prunebench <command> --help' for a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    print_usage(std::cerr);
    return EXIT_BAD_INPUT;
  }
  const std::string_view name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(std::cout);
    return EXIT_OK;
  }
  for (const Command& c : COMMANDS) {
    if (c.name == name) return c.run(Args(argv + 2, argv + argc), std::cout, std::cerr);
  }
  std::cerr << "error: unknown command '" << name << "' (try 'prunebench --help')\n";
  return EXIT_BAD_INPUT;
}
