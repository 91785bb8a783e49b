#include "harness/cli.h"

#include <cerrno>
#include <cstring>
#include <exception>
#include <new>
#include <ostream>
#include <string>
#include <string_view>
#include <system_error>

#include "engine/text.h"
#include "harness/version.h"

namespace prunebench::harness {

namespace {

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
    {"merge", merge_command, "join the files of 'run --shard K/N' into the single-machine run"},
    {"export", export_command, "a run's node counts for github-action-benchmark or Google Benchmark tools"},
    {"contract", contract_command, "check reference 001's contract of a mode on random nodes and windows"},
    {"museum", museum_command, "the named alpha-beta bugs planted in the search, and the checks that catch them"},
    {"bench", bench_command, "fixed suite and depth; prints the 'Nodes searched' signature"},
    {"uci", uci_command, "speak UCI on stdin/stdout: a chess GUI or tool runs prunebench's modes"},
    {"scan-orders", scan_orders_command, "search generator orders for reference 000's figures"},
    {"proof-graph", proof_graph_command, "the minimal graph of a position as an integer program's instance (JSON)"},
};

constexpr std::size_t NAME_COLUMN = 13;  // the longest name, scan-orders, and two spaces

void print_usage(std::ostream& os) {
  os << "usage: prunebench <command> [options]\n\ncommands:\n";
  for (const Command& c : COMMANDS)
    os << "  " << c.name << std::string(NAME_COLUMN - c.name.size(), ' ') << c.summary << '\n';
  os << "\nRun 'prunebench <command> --help' for a command's options, 'prunebench --version' for the\n"
        "build (version, commit, compiler, flags, PEXT).\n";
}

int dispatch(const Args& args, std::ostream& out, std::ostream& err) {
  if (args.empty()) {
    print_usage(err);
    return EXIT_BAD_INPUT;
  }
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!is_valid_utf8(args[i]))
      return report_bad_input(err, "argument " + std::to_string(i + 1) + " '" + quote_input(args[i]) +
                                       "' is not valid UTF-8 (command lines are recorded in JSON)");
  }
  const std::string_view name = args[0];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(out);
    return EXIT_OK;
  }
  if (name == "--version" || name == "version") {
    out << version_text();
    return EXIT_OK;
  }
  for (const Command& c : COMMANDS) {
    if (c.name == name) return c.run(Args(args.begin() + 1, args.end()), out, err);
  }
  return report_bad_input(err, "unknown command '" + quote_input(name) + "' (try 'prunebench --help')");
}

int report_internal_error(std::ostream& err, const std::exception& e) {
  err << "error: internal error, please report it: " << quote_input(e.what(), 200) << '\n';
  return EXIT_INTERNAL_ERROR;
}

// Exceptions that escape a command: the last line of defence, so a user sees
// one line instead of "terminate called ..." and a core dump.
int guarded_dispatch(const Args& args, std::ostream& out, std::ostream& err) {
  try {
    return dispatch(args, out, err);
  } catch (const std::bad_alloc&) {
    err << "error: out of memory: the machine cannot give the memory this command needs (a smaller tt=MB or "
           "fewer --threads may fit)\n";
    return EXIT_IO_ERROR;
  } catch (const std::system_error& e) {
    // The standard library reports a thread it cannot create (perft or search
    // --threads N past the system's limit) as EAGAIN: a resource failure, not a bug.
    if (e.code() != std::errc::resource_unavailable_try_again) return report_internal_error(err, e);
    err << "error: cannot start a thread (" << quote_input(e.code().message(), 200)
        << "): fewer --threads may fit\n";
    return EXIT_IO_ERROR;
  } catch (const std::exception& e) {
    return report_internal_error(err, e);
  }
}

}  // namespace

int run_cli(const Args& args, std::ostream& out, std::ostream& err) {
  const int code = guarded_dispatch(args, out, err);
  errno = 0;
  out.flush();
  if (!out) {
    const std::string reason = errno ? std::string(" (") + std::strerror(errno) + ")" : "";
    err << "error: could not write the output" << reason
        << "; nothing that went to standard output was kept\n";
    return EXIT_IO_ERROR;
  }
  return code;
}

}  // namespace prunebench::harness
