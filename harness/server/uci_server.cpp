#include "harness/server/uci_server.h"

#include <algorithm>
#include <cctype>
#include <exception>
#include <new>
#include <ostream>

#include "engine/movegen.h"
#include "engine/uci_move.h"
#include "engine/perft.h"
#include "engine/text.h"
#include "harness/run/chess_search.h"
#include "harness/engines/uci_text.h"

namespace prunebench::harness {
namespace {

constexpr std::string_view DEFAULT_MODE = "unordered";
constexpr int MAX_SEARCH_DEPTH = 30;  // as `prunebench search`
constexpr int MAX_PERFT_DEPTH = 15;   // as `prunebench perft`
constexpr std::size_t MAX_HASH_MEGABYTES = 65536;

std::string join(std::vector<std::string_view>::const_iterator begin,
                 std::vector<std::string_view>::const_iterator end) {
  std::string text;
  for (auto it = begin; it != end; ++it) text += (text.empty() ? "" : " ") + std::string(*it);
  return text;
}

std::optional<long long> integer_in(std::string_view text, long long min, long long max) {
  const Parsed<long long> value = parse_whole_integer<long long>(text);
  if (!value.ok() || value.value < min || value.value > max) return std::nullopt;
  return value.value;
}

std::uint64_t elapsed_ms(double seconds) { return std::uint64_t(seconds * 1000.0); }

}  // namespace

std::string uci_score(Score score, std::size_t pv_length) {
  if (score > -MATE_BOUND && score < MATE_BOUND) return "score cp " + std::to_string(score);
  // Without mate distance a mate scores exactly ±MATE: the PV tells its length.
  const long plies = (score == MATE || score == -MATE) ? long(pv_length) : long(MATE - (score > 0 ? score : -score));
  const long moves = score > 0 ? (plies + 1) / 2 : -(plies / 2);
  return "score mate " + std::to_string(moves);
}

UciServer::UciServer() : position_(Position::start()), mode_(DEFAULT_MODE), spec_(parse_mode(DEFAULT_MODE).value) {}

bool UciServer::handle(std::string_view line, std::ostream& out) {
  std::optional<UciGo> go;
  const bool more = handle(line, out, go);
  if (go) run_go(*go, nullptr, out);
  out.flush();
  return more;
}

bool UciServer::handle(std::string_view line, std::ostream& out, std::optional<UciGo>& go) {
  const Words words = split_words(line);
  if (words.empty()) return true;
  const std::string_view command = words[0];
  std::string error;
  if (command == "quit") return false;
  if (command == "uci") {
    identify(out);
  } else if (command == "isready") {
    out << "readyok\n";
  } else if (command == "ucinewgame" || command == "stop" || command == "ponderhit" || command == "debug") {
    // Nothing to reset: every search starts fresh. (A search to stop is the
    // session's, uci_session.cpp.)
  } else if (command == "setoption") {
    error = set_option(words);
  } else if (command == "position") {
    error = set_position(words);
  } else if (command == "go") {
    error = parse_go(words, go);
  } else {
    error = "unknown command '" + std::string(command) + "'";
  }
  if (!error.empty()) out << "info string error: " << printable(error) << '\n';
  out.flush();
  return true;
}

void UciServer::identify(std::ostream& out) const {
  out << "id name prunebench\n"
      << "id author the prunebench authors\n"
      << "option name Mode type string default " << DEFAULT_MODE << '\n'
      << "option name Hash type spin default " << SearchSpec::DEFAULT_TT_MEGABYTES << " min 1 max "
      << MAX_HASH_MEGABYTES << '\n'
      << "option name Depth type spin default " << DEFAULT_DEPTH << " min 0 max " << MAX_SEARCH_DEPTH << '\n'
      << "uciok\n";
}

// "setoption name NAME [value VALUE]"; names compare case-insensitively in UCI.
std::string UciServer::set_option(const Words& words) {
  auto value_at = words.end();
  for (auto it = words.begin(); it != words.end(); ++it)
    if (*it == "value") value_at = it;
  if (words.size() < 3 || words[1] != "name") return "expected 'setoption name NAME value VALUE'";
  std::string name = join(words.begin() + 2, value_at);
  for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
  const std::string value = value_at == words.end() ? "" : join(value_at + 1, words.end());
  if (name == "mode") {
    const ModeParse parsed = parse_chess_mode(value);
    if (!parsed.ok()) return "Mode '" + value + "': " + parsed.error;
    mode_ = value;
    spec_ = parsed.value;
  } else if (name == "depth") {
    const auto depth = integer_in(value, 0, MAX_SEARCH_DEPTH);
    if (!depth) return "Depth '" + value + "' is not an integer in 0.." + std::to_string(MAX_SEARCH_DEPTH);
    default_depth_ = int(*depth);
  } else if (name == "hash") {
    const auto megabytes = integer_in(value, 1, MAX_HASH_MEGABYTES);
    if (!megabytes) return "Hash '" + value + "' is not an integer in 1.." + std::to_string(MAX_HASH_MEGABYTES);
    hash_megabytes_ = std::size_t(*megabytes);
  } else {
    return "unknown option '" + name + "'";
  }
  return "";
}

// "position startpos|fen FEN [moves M1 M2 ...]": the position changes only
// when the whole line is valid.
std::string UciServer::set_position(const Words& words) {
  if (words.size() < 2) return "expected 'position startpos|fen FEN [moves ...]'";
  auto moves_at = words.end();
  for (auto it = words.begin(); it != words.end(); ++it)
    if (*it == "moves") moves_at = it;
  FenResult read;
  if (words[1] == "startpos" && (words.size() == 2 || moves_at == words.begin() + 2)) {
    read = Position::from_fen(Position::START_FEN);
  } else if (words[1] == "fen") {
    read = Position::from_fen(join(words.begin() + 2, moves_at));
    if (!read.ok()) return read.error;
  } else {
    return "expected 'position startpos|fen FEN [moves ...]'";
  }
  Position position = read.value;
  for (auto it = moves_at == words.end() ? moves_at : moves_at + 1; it != words.end(); ++it) {
    const Move move = parse_uci_move(position, *it);
    if (move.is_none()) return "illegal move '" + std::string(*it) + "' in " + position.fen();
    position.play(move);
  }
  position_ = position;
  return "";
}

// "go [depth N | perft N] [clock words]": a fixed-depth harness has no clock,
// so wtime, btime, movetime and the like are read and ignored (GUIs and
// adapters such as polyglot send them beside the depth); without a depth it
// searches to the Depth option.
std::string UciServer::parse_go(const Words& words, std::optional<UciGo>& go) const {
  static constexpr std::string_view VALUED[] = {"wtime", "btime", "winc", "binc", "movestogo", "movetime", "nodes", "mate"};
  std::optional<long long> depth, perft_depth;
  for (std::size_t i = 1; i < words.size(); ++i) {
    const std::string_view word = words[i];
    const bool valued = std::find(std::begin(VALUED), std::end(VALUED), word) != std::end(VALUED);
    if (word == "infinite" || word == "ponder") continue;
    if (word == "searchmoves") return "go searchmoves is not supported";
    if (word != "depth" && word != "perft" && !valued) return "go: unknown word '" + std::string(word) + "'";
    if (i + 1 == words.size()) return "go " + std::string(word) + " needs a value";
    const std::string_view value = words[++i];
    if (word == "depth" && !(depth = integer_in(value, 0, MAX_SEARCH_DEPTH)))
      return "go depth: '" + std::string(value) + "' is not in 0.." + std::to_string(MAX_SEARCH_DEPTH);
    if (word == "perft" && !(perft_depth = integer_in(value, 1, MAX_PERFT_DEPTH)))
      return "go perft: '" + std::string(value) + "' is not in 1.." + std::to_string(MAX_PERFT_DEPTH);
  }
  SearchSpec spec = spec_;
  if (hash_megabytes_) spec.tt_megabytes = *hash_megabytes_;
  go = UciGo{position_, mode_, spec, int(perft_depth ? *perft_depth : depth.value_or(default_depth_)),
             perft_depth.has_value()};
  return "";
}

namespace {

// The move a search without a best move answers (stopped before its first
// iteration, or depth 0): the first legal move, "0000" only when there is none.
std::string fallback_move(const Position& position) {
  MoveList moves;
  generate_legal(position, moves);
  return moves.size() == 0 ? "0000" : to_uci(moves[0]);
}

void answer_search(const UciGo& go, const ChessSearch& run, std::ostream& out) {
  const std::uint64_t nodes = run.counters.nodes, ms = elapsed_ms(run.seconds);
  const std::uint64_t nps = run.seconds > 0 ? std::uint64_t(double(nodes) / run.seconds) : 0;
  if (!run.result.error.empty()) {  // e.g. the exact minimal tree out of its memory: no figure to give
    out << "info string error: " << run.result.error << "\nbestmove " << fallback_move(go.position) << '\n';
    return;
  }
  if (run.result.stopped) {  // a partial search has no depth or score to report
    out << "info nodes " << nodes << " time " << ms << " nps " << nps << '\n';
  } else {
    out << "info depth " << go.depth << " nodes " << nodes << " time " << ms << " nps " << nps << ' '
        << uci_score(run.result.score, run.result.pv.size()) << " pv";
    for (Move m : run.result.pv) out << ' ' << to_uci(m);
    out << '\n';
  }
  const Move best = run.result.best_move;
  out << "bestmove " << (best.is_none() ? fallback_move(go.position) : to_uci(best)) << '\n';
}

}  // namespace

void run_go(const UciGo& go, const SearchStop* stop, std::ostream& out) {
  try {
    // Stockfish's "go perft" output, which perft-diff tools read.
    if (go.perft) {
      out << divide_text(divide(go.position, go.depth));
      return;
    }
    answer_search(go, run_chess_search(go.position, go.mode, go.spec, go.depth, 1, stop), out);
  } catch (const std::bad_alloc&) {
    out << "info string error: out of memory for a search with a " << go.spec.tt_megabytes
        << " MB table (setoption name Hash value a smaller size)\n"
        << "bestmove " << fallback_move(go.position) << '\n';
  } catch (const std::exception& e) {  // on the search thread, an escaped exception would abort the server
    out << "info string error: internal error: " << printable(e.what()) << '\n'
        << "bestmove " << fallback_move(go.position) << '\n';
  }
}

}  // namespace prunebench::harness
