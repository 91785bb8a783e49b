#include "harness/run/scan_order_search.h"

#include <algorithm>

#include "engine/task_pool.h"
#include "engine/trees/chess_tree.h"
#include "engine/trees/search_instances.h"

namespace prunebench::harness {

namespace {

SearchSpec spec_of(const std::string& mode, const ScanOrder& order) {
  SearchSpec spec = parse_mode(mode).value;
  spec.ordering.canonical_tiebreak = false;
  spec.ordering.scan_tiebreak = order.code();
  return spec;
}

std::uint64_t nodes_of(const Position& position, const SearchSpec& spec, int depth) {
  ChessTree tree(position, spec.mate_distance);
  SearchCounters counters;
  search(tree, spec, depth, counters);
  return counters.nodes;
}

// What one thread found; merged at the end.
// A thread takes family indices in increasing order, so its first `keep`
// closest are its earliest, and the merged list is the family's earliest
// whatever the scheduling.
struct Tally {
  std::vector<std::uint64_t> matching;
  std::vector<std::size_t> closest;  // family indices
  std::size_t closest_figures = 0;
  std::vector<std::pair<std::size_t, std::size_t>> ranked;  // (family index, figures matched)
};

// Most figures first, then earliest in the family.
bool better(const std::pair<std::size_t, std::size_t>& a, const std::pair<std::size_t, std::size_t>& b) {
  return a.second != b.second ? a.second > b.second : a.first < b.first;
}

void note(Tally& tally, std::size_t index, std::size_t matched, std::size_t keep) {
  for (std::size_t k = 0; k < matched; ++k) ++tally.matching[k];
  if (matched > tally.closest_figures) {
    tally.closest.clear();
    tally.closest_figures = matched;
  }
  if (matched == tally.closest_figures && tally.closest.size() < keep) tally.closest.push_back(index);
}

}  // namespace

std::vector<ScanOrder> scan_order_family() {
  using Captures = ScanOrder::Captures;
  using Split = ScanOrder::Split;
  const std::pair<Captures, Split> passes[] = {
      {Captures::MIXED, Split::PIECE}, {Captures::FIRST, Split::ALL},  {Captures::FIRST, Split::TYPE},
      {Captures::FIRST, Split::PIECE}, {Captures::LAST, Split::ALL},   {Captures::LAST, Split::TYPE},
      {Captures::LAST, Split::PIECE}};
  const ScanOrder::Pawns pawn_styles[] = {ScanOrder::Pawns::PIECES, ScanOrder::Pawns::SETS_WEST_FIRST,
                                          ScanOrder::Pawns::SETS_EAST_FIRST};
  std::vector<ScanOrder> family;
  std::array<PieceType, PIECE_TYPE_NB> pieces = {PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING};
  do {
    // With the queens among the sliders their letter's place does not matter: one of the six will do.
    for (ScanOrder::Queens queens : {ScanOrder::Queens::PIECE, ScanOrder::Queens::SLIDERS}) {
      if (queens == ScanOrder::Queens::SLIDERS && pieces.back() != QUEEN) continue;
      for (const auto& [captures, split] : passes)
        for (int from = 0; from < ScanOrder::SCAN_NB; ++from)
          for (int to = 0; to < ScanOrder::SCAN_NB; ++to)
            for (ScanOrder::Pawns pawns : pawn_styles)
              family.push_back(ScanOrder{pieces, captures, split, ScanOrder::Scan(from), ScanOrder::Scan(to),
                                         pawns, queens});
    }
  } while (std::next_permutation(pieces.begin(), pieces.end()));
  return family;
}

std::vector<ReferenceFigure> cheapest_first(std::vector<ReferenceFigure> figures) {
  std::stable_sort(figures.begin(), figures.end(),
                   [](const ReferenceFigure& a, const ReferenceFigure& b) { return a.nodes < b.nodes; });
  return figures;
}

std::uint64_t count_nodes(const Position& position, const std::string& mode, const ScanOrder& order, int depth) {
  return nodes_of(position, spec_of(mode, order), depth);
}

FamilySearch search_family(const std::vector<ScanOrder>& family, const std::vector<ReferenceFigure>& figures,
                           const std::map<std::string, Position>& positions, int threads, std::size_t keep,
                           std::size_t rank_after) {
  struct Test {
    const Position* position;
    SearchSpec spec;
    int depth;
    std::uint64_t nodes;
  };
  std::vector<Test> tests;
  for (const ReferenceFigure& f : figures)
    tests.push_back({&positions.at(f.position_id), spec_of(f.mode, ScanOrder{}), f.depth, f.nodes});

  std::vector<Tally> tallies(std::size_t(std::max(threads, 1)), Tally{std::vector<std::uint64_t>(tests.size()), {}, 0, {}});
  const auto work = [&](int thread, const auto& take) {
    Tally& tally = tallies[std::size_t(thread)];
    std::vector<Test> mine = tests;
    for (std::size_t i; (i = take()) < family.size();) {
      for (Test& test : mine) test.spec.ordering.scan_tiebreak = family[i].code();
      std::size_t matched = 0;
      for (const Test& test : mine) {
        if (nodes_of(*test.position, test.spec, test.depth) != test.nodes) break;
        ++matched;
      }
      note(tally, i, matched, keep);
      if (matched < rank_after || matched == mine.size()) {
        if (matched == mine.size()) tally.ranked.emplace_back(i, matched);
        continue;
      }
      std::size_t all = matched;
      for (std::size_t k = matched + 1; k < mine.size(); ++k)
        all += nodes_of(*mine[k].position, mine[k].spec, mine[k].depth) == mine[k].nodes;
      tally.ranked.emplace_back(i, all);
    }
  };
  share_tasks(family.size(), int(tallies.size()), work);

  FamilySearch result;
  result.family_size = family.size();
  result.figures = figures;
  result.matching.assign(tests.size(), 0);
  for (const Tally& tally : tallies)
    result.closest_figures = std::max(result.closest_figures, tally.closest_figures);
  std::vector<std::size_t> closest;
  std::vector<std::pair<std::size_t, std::size_t>> ranked;
  for (const Tally& tally : tallies) {
    for (std::size_t k = 0; k < tests.size(); ++k) result.matching[k] += tally.matching[k];
    if (tally.closest_figures == result.closest_figures)
      closest.insert(closest.end(), tally.closest.begin(), tally.closest.end());
    ranked.insert(ranked.end(), tally.ranked.begin(), tally.ranked.end());
  }
  std::sort(closest.begin(), closest.end());
  for (std::size_t k = 0; k < closest.size() && k < keep; ++k) result.closest.push_back(family[closest[k]]);
  result.ranked_orders = ranked.size();
  std::sort(ranked.begin(), ranked.end(), better);
  for (std::size_t k = 0; k < ranked.size() && k < keep; ++k)
    result.most_figures.emplace_back(family[ranked[k].first], ranked[k].second);
  return result;
}

}  // namespace prunebench::harness
