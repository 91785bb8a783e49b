// prunebench uci: speaks UCI on stdin/stdout (harness/server/uci_server.h).
#include <iostream>

#include "harness/options/cli_args.h"
#include "harness/commands/commands.h"
#include "harness/server/uci_session.h"

namespace prunebench::harness {

int uci_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser("prunebench uci",
                         "Runs prunebench as a UCI engine on standard input and output: uci, isready,\n"
                         "ucinewgame, setoption (Mode: any mode, see 'prunebench search --help'; Hash: MB,\n"
                         "overriding the mode's table size; Depth: for a go without depth), position\n"
                         "startpos|fen ... [moves ...], go depth N, go perft N (Stockfish's divide and\n"
                         "'Nodes searched: N'), stop, quit. A search gives the node counts of\n"
                         "'prunebench search' with the same mode and depth.\n\n"
                         "Input is read during a search: isready is answered, stop ends the search\n"
                         "within a few milliseconds (every 4096 nodes) and answers bestmove with the first\n"
                         "move of the last completed iteration (modes with id), else the first legal move;\n"
                         "so does go depth 0. quit or the end of input ends the server and its search\n"
                         "(go perft runs to its end). A go during a search waits for it. A line longer than\n"
                         "1 MB (1048576 bytes) is discarded with 'info string error: ...'; so is a search\n"
                         "whose Hash does not fit in memory, which answers a legal move.");
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench uci --help')", out, err))
    return *done;
  std::cin.tie(nullptr);  // a read must not flush `out` while the search thread writes to it
  serve_uci(std::cin, out);
  return EXIT_OK;
}

}  // namespace prunebench::harness
