// prunebench uci: speaks UCI on stdin/stdout (harness/server/uci_server.h).
#include <iostream>

#include "harness/options/cli_args.h"
#include "harness/commands/commands.h"
#include "harness/server/uci_server.h"

namespace prunebench::harness {

int uci_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser("prunebench uci",
                         "Runs prunebench as a UCI engine on standard input and output: uci, isready,\n"
                         "ucinewgame, setoption (Mode: any mode, see 'prunebench search --help'; Hash: MB,\n"
                         "overriding the mode's table size; Depth: for a go without depth), position\n"
                         "startpos|fen ... [moves ...], go depth N, go perft N (Stockfish's divide and\n"
                         "'Nodes searched: N'), stop, quit. A search gives the node counts of\n"
                         "'prunebench search' with the same mode and depth.");
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench uci --help')", out, err))
    return *done;
  serve_uci(std::cin, out);
  return EXIT_OK;
}

}  // namespace prunebench::harness
