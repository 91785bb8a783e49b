// prunebench as a UCI engine, driven line by line through streams.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "engine/uci_move.h"
#include "harness/run/chess_search.h"
#include "harness/server/uci_line_reader.h"
#include "harness/server/uci_server.h"
#include "harness/server/uci_session.h"

namespace prunebench::harness {
namespace {

// Feeds `script` (lines) to a fresh server one line at a time, each search
// run to its end; returns everything it printed.
std::string session(const std::string& script) {
  UciServer server;
  std::istringstream in(script);
  std::ostringstream out;
  for (std::string line; std::getline(in, line);)
    if (!server.handle(line, out)) break;
  return out.str();
}

// The same through the I/O loop (uci_session.h), which reads on during a search.
std::string served(const std::string& script) {
  std::istringstream in(script);
  std::ostringstream out;
  serve_uci(in, out);
  return out.str();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(UciServer, IdentifiesItselfAndItsOptions) {
  const std::string out = session("uci\nisready\n");
  EXPECT_TRUE(contains(out, "id name prunebench\n"));
  EXPECT_TRUE(contains(out, "option name Mode type string default unordered\n"));
  EXPECT_TRUE(contains(out, "option name Hash type spin default 16"));
  EXPECT_TRUE(contains(out, "uciok\nreadyok\n"));
}

TEST(UciServer, GoDepthGivesTheCliNodeCounts) {
  const std::string fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
  for (const std::string mode : {"minimax", "mvv-lva", "pvs-id-tt-killers", "mtdf"}) {
    const std::string out =
        session("setoption name Mode value " + mode + "\nposition startpos moves e2e4 e7e5 g1f3 b8c6\ngo depth 3\n");
    const ChessSearch cli =
        run_chess_search(Position::from_fen(fen).value, mode, parse_chess_mode(mode).value, 3);
    EXPECT_TRUE(contains(out, "info depth 3 nodes " + std::to_string(cli.counters.nodes) + " ")) << mode << out;
    EXPECT_TRUE(contains(out, "score cp " + std::to_string(cli.result.score) + " pv " + to_uci(cli.result.pv[0])))
        << out;
    EXPECT_TRUE(contains(out, "\nbestmove " + to_uci(cli.result.best_move) + "\n")) << out;
  }
}

TEST(UciServer, ClocksAreIgnoredAndDepthDefaultsToTheOption) {
  const std::string given = session("position startpos\ngo wtime 300000 btime 300000 depth 2\n");
  EXPECT_TRUE(contains(given, "info depth 2 nodes ")) << given;
  const std::string option = session("setoption name Depth value 3\nposition startpos\ngo movetime 100\n");
  EXPECT_TRUE(contains(option, "info depth 3 nodes ")) << option;
  EXPECT_TRUE(contains(session("uci\n"), "option name Depth type spin default 4 min 0 max 30\n"));
}

TEST(UciServer, GoPerftInStockfishFormat) {
  const std::string out = session("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1\ngo perft 2\n");
  EXPECT_TRUE(contains(out, "e1g1: ")) << out;
  EXPECT_TRUE(out.ends_with("\n\nNodes searched: 66\n")) << out;
  EXPECT_EQ(std::count(out.begin(), out.end(), ':'), 15 + 1);  // 15 root moves, then the total
}

TEST(UciServer, MateIsReportedInMoves) {
  // White mates in one on the back rank: Ra8#.
  const std::string out = session("setoption name Mode value minimax\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n"
                                  "go depth 1\n");
  EXPECT_TRUE(contains(out, "score mate 1 pv a1a8\nbestmove a1a8\n")) << out;
  EXPECT_EQ(uci_score(-MATE, 2), "score mate -1");
  EXPECT_EQ(uci_score(MATE - 3, 0), "score mate 2");
  EXPECT_EQ(uci_score(-120, 5), "score cp -120");
}

TEST(UciServer, BadLinesAreAnsweredAndTheSessionGoesOn) {
  const std::string out = session(
      "position startpos moves e2e5\n"
      "position fen rnbqkbnr w\n"
      "setoption name Mode value bogus\n"
      "setoption name Hash value 0\n"
      "setoption name Colour value red\n"
      "go searchmoves e2e4\n"
      "go depth\n"
      "go depth x\n"
      "xyzzy\n"
      "\xff\xfe\n"
      "isready\n");
  EXPECT_TRUE(contains(out, "info string error: illegal move 'e2e5'")) << out;
  EXPECT_TRUE(contains(out, "info string error: bad FEN")) << out;
  EXPECT_TRUE(contains(out, "info string error: Mode 'bogus'")) << out;
  EXPECT_TRUE(contains(out, "info string error: Hash '0'")) << out;
  EXPECT_TRUE(contains(out, "info string error: unknown option 'colour'")) << out;
  EXPECT_TRUE(contains(out, "info string error: go searchmoves is not supported")) << out;
  EXPECT_TRUE(contains(out, "info string error: go depth needs a value")) << out;
  EXPECT_TRUE(contains(out, "info string error: go depth: 'x'")) << out;
  EXPECT_TRUE(contains(out, "info string error: unknown command 'xyzzy'")) << out;
  EXPECT_TRUE(contains(out, "info string error: unknown command '?\?'")) << out;  // stays valid UTF-8
  EXPECT_TRUE(out.ends_with("readyok\n")) << out;
}

TEST(UciServer, AnIllegalMoveLeavesThePositionAlone) {
  const std::string out = session("position startpos moves e2e4\nposition startpos moves e2e4 e2e4\ngo perft 1\n");
  EXPECT_TRUE(contains(out, "Nodes searched: 20\n")) << out;  // black's 20 replies to e2e4
}

TEST(UciServer, QuitEndsTheSession) {
  EXPECT_EQ(session("quit\nisready\n"), "");
  EXPECT_EQ(served("quit\nisready\n"), "");
}

// Depth 0 searches no move, but a client needs one to play.
TEST(UciServer, DepthZeroAnswersALegalMove) {
  const std::string out = session("position startpos\ngo depth 0\n");
  const std::size_t at = out.rfind("bestmove ");
  ASSERT_NE(at, std::string::npos) << out;
  const std::string move = out.substr(at + 9, out.size() - at - 10);
  EXPECT_FALSE(parse_uci_move(Position::start(), move).is_none()) << out;
  // Mated: no move at all.
  EXPECT_TRUE(session("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1\ngo depth 0\n").ends_with("\nbestmove 0000\n"));
}

// A line over the cap is dropped as it is read, with one error, and the
// session goes on; a line at the cap is served.
TEST(UciServer, ALineOverTheCapIsDiscarded) {
  const std::string out = served("go " + std::string(3 * MAX_UCI_LINE, 'x') + "\nisready\n");
  EXPECT_EQ(out, "info string error: a line longer than 1048576 bytes was discarded\nreadyok\n");
  std::istringstream in(std::string(MAX_UCI_LINE, ' ') + "\nlast");
  std::string line;
  EXPECT_EQ(read_capped_line(in, line), LineRead::LINE);
  EXPECT_EQ(line.size(), MAX_UCI_LINE);
  EXPECT_EQ(read_capped_line(in, line), LineRead::LINE);
  EXPECT_EQ(line, "last");
  EXPECT_EQ(read_capped_line(in, line), LineRead::END);
}

}  // namespace
}  // namespace prunebench::harness
