// prunebench scan-orders: searches the scan-order family for reference 000's
// generator order, or measures one order against the
// article's figures (--order).
#include <iomanip>
#include <ostream>

#include "engine/search/spec.h"
#include "engine/text.h"
#include "harness/options/cli_args.h"
#include "harness/commands/commands.h"
#include "harness/io/json_io.h"
#include "harness/options/mode_list.h"
#include "harness/options/project_files.h"
#include "harness/run/scan_order_search.h"
#include "harness/run/suite.h"

namespace prunebench::harness {
namespace {

constexpr const char* SCAN_ORDERS_SUITE = "positions/seed.epd";
constexpr const char* DEFAULT_REFERENCE = "scripts/reference_figures.json";

ArgParser scan_orders_parser() {
  ArgParser parser(
      "prunebench scan-orders [--order SPEC] [--threads N] [options]",
      "Reference 000's unordered and MVV-LVA figures depend on its generator's move order.\n"
      "This searches a family of generator orders (engine/scan_order.h: piece-type order,\n"
      "capture pass, origin and target scans, pawn style) for one that reproduces every\n"
      "figure: each order is tested against the figures cheapest first and dropped at its\n"
      "first mismatch. Prints how many orders match each run of figures and the closest\n"
      "orders. With --order, measures that one order on every figure instead.");
  parser.add_value(
      "suite", "FILE",
      "the positions, by the ids the figures use " + project_file_default_help(SCAN_ORDERS_SUITE));
  parser.add_value("reference", "FILE",
                   "the figures (chess.nodes of reference_figures.json) " + project_file_default_help(DEFAULT_REFERENCE));
  parser.add_value("modes", "LIST", "the article's modes whose figures count", "unordered,mvv-lva");
  parser.add_value("order", "SPEC", "measure this scan order (e.g. 'scan:pieces=NPBRQK/captures=last')");
  parser.add_value("threads", "N", "orders tested in parallel", "1");
  parser.add_value("keep", "N", "closest orders to print", "5");
  parser.add_value("rank-after", "N",
                   "measure the orders matching the N cheapest figures on every figure, and rank them", "7");
  return parser;
}

// The figures of `modes` in reference_figures.json's chess.nodes[position][mode][depth].
std::string read_figures(const nlohmann::json& reference, const std::vector<std::string>& modes,
                         std::vector<ReferenceFigure>& figures) {
  const nlohmann::json* nodes = nullptr;
  if (reference.contains("chess") && reference["chess"].contains("nodes")) nodes = &reference["chess"]["nodes"];
  if (!nodes || !nodes->is_object()) return "no chess.nodes object";
  for (const auto& [position, by_mode] : nodes->items())
    for (const std::string& mode : modes) {
      if (!by_mode.contains(mode)) continue;
      for (const auto& [depth, count] : by_mode[mode].items()) {
        const Parsed<int> depth_number = parse_whole_integer<int>(depth);
        if (!depth_number.ok()) return position + " " + mode + " depth " + depth_number.error;
        if (!count.is_number_unsigned()) return position + " " + mode + " depth " + depth + " is not a count";
        figures.push_back({position, mode, depth_number.value, count.get<std::uint64_t>()});
      }
    }
  if (figures.empty()) return "no figures for these modes";
  return "";
}

std::string figure_name(const ReferenceFigure& f) {
  return f.position_id + " " + f.mode + " depth " + std::to_string(f.depth);
}

void print_one(const ScanOrder& order, const std::vector<ReferenceFigure>& figures,
               const std::map<std::string, Position>& positions, std::ostream& out) {
  out << to_string(order) << "\n\n" << std::left << std::setw(32) << "figure" << std::right << std::setw(12)
      << "article" << std::setw(12) << "measured" << '\n';
  int equal = 0;
  for (const ReferenceFigure& f : figures) {
    const std::uint64_t nodes = count_nodes(positions.at(f.position_id), f.mode, order, f.depth);
    equal += nodes == f.nodes;
    out << std::left << std::setw(32) << figure_name(f) << std::right << std::setw(12) << f.nodes << std::setw(12)
        << nodes << (nodes == f.nodes ? "  =" : "") << '\n';
  }
  out << '\n' << equal << " of " << figures.size() << " figures equal\n";
}

void print_search(const FamilySearch& found, std::size_t rank_after, std::ostream& out) {
  out << "family: " << found.family_size
      << " scan orders ((720 piece orders + 120 with queens as sliders) x 7 capture passes x 8 origin scans\n"
      << "x 8 target scans x 3 pawn styles)\n\n"
      << std::left << std::setw(32) << "figure, cheapest first" << std::right << std::setw(12) << "article"
      << "  orders matching it and every figure above\n";
  for (std::size_t k = 0; k < found.figures.size(); ++k)
    out << std::left << std::setw(32) << figure_name(found.figures[k]) << std::right << std::setw(12)
        << found.figures[k].nodes << "  " << found.matching[k] << '\n';
  const bool exact = found.closest_figures == found.figures.size();
  out << '\n'
      << (exact ? "orders reproducing every figure" : "closest orders: matching the first " +
                                                          std::to_string(found.closest_figures) + " figures")
      << " (" << (found.closest_figures ? found.matching[found.closest_figures - 1] : found.family_size)
      << " orders; the first " << found.closest.size() << "):\n";
  for (const ScanOrder& order : found.closest) out << "  " << to_string(order) << '\n';
  out << "\nmost figures matched, of the " << found.ranked_orders << " orders matching the first " << rank_after
      << " figures:\n";
  for (const auto& [order, figures] : found.most_figures)
    out << "  " << figures << " of " << found.figures.size() << "  " << to_string(order) << '\n';
}

}  // namespace

int scan_orders_command(const Args& args, std::ostream& out, std::ostream& err) {
  const ArgParser parser = scan_orders_parser();
  const ParsedArgs parsed = parser.parse(args);
  if (const auto done = answer_help_or_parse_error(parser, parsed, " (see 'prunebench scan-orders --help')", out, err))
    return *done;
  const auto fail = [&](const std::string& message) { return report_bad_input(err, message); };
  const Parsed<std::int64_t> threads = parsed.integer("threads", 1, MAX_THREADS);
  if (!threads.ok()) return fail(threads.error);
  const Parsed<std::int64_t> keep = parsed.integer("keep", 0, 1000);
  if (!keep.ok()) return fail(keep.error);
  const Parsed<std::int64_t> rank_after = parsed.integer("rank-after", 0, 1000);
  if (!rank_after.ok()) return fail(rank_after.error);
  const Parsed<std::vector<std::string>> modes = parse_mode_list("--modes", parsed.value("modes"));
  if (!modes.ok()) return fail(modes.error);
  for (const std::string& mode : modes.value)
    if (!parse_mode(mode).ok()) return fail("--modes: " + parse_mode(mode).error);

  const Parsed<std::string> suite_path = file_option_or_project_file(parsed, "suite", SCAN_ORDERS_SUITE);
  if (!suite_path.ok()) return fail(suite_path.error);
  const Parsed<std::string> reference_path = file_option_or_project_file(parsed, "reference", DEFAULT_REFERENCE);
  if (!reference_path.ok()) return fail(reference_path.error);
  const SuiteResult suite = read_suite(suite_path.value);
  if (!suite.ok()) return fail(suite.error);
  std::map<std::string, Position> positions;
  for (const SuiteEntry& entry : suite.value.entries) positions.emplace(entry.id, entry.position);
  const JsonReadResult reference = read_json_file(reference_path.value);
  if (!reference.ok()) return fail(reference.error);
  std::vector<ReferenceFigure> figures;
  if (std::string error = read_figures(reference.value, modes.value, figures); !error.empty())
    return fail(reference_path.value + ": " + error);
  for (const ReferenceFigure& f : figures)
    if (!positions.contains(f.position_id)) return fail("no position '" + f.position_id + "' in the suite");
  figures = cheapest_first(std::move(figures));

  if (parsed.has("order")) {
    const std::string spec = parsed.value("order");
    const ScanOrderParse order =
        parse_scan_order(spec.starts_with("scan") ? std::string_view(spec).substr(4) : std::string_view(spec));
    if (!order.ok()) return fail(order.error);
    print_one(order.value, figures, positions, out);
    return EXIT_OK;
  }
  const auto rank = std::size_t(rank_after.value);
  print_search(search_family(scan_order_family(), figures, positions, int(threads.value), std::size_t(keep.value), rank),
               rank, out);
  return EXIT_OK;
}

}  // namespace prunebench::harness
