#include "engine/search/spec.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

namespace prunebench {
namespace {

SearchSpec parsed(std::string_view mode) {
  const ModeParse p = parse_mode(mode);
  EXPECT_TRUE(p.ok()) << mode << ": " << p.error;
  return p.value;
}

std::string error_of(std::string_view mode) {
  const ModeParse p = parse_mode(mode);
  EXPECT_FALSE(p.ok()) << mode;
  return p.error;
}

TEST(Spec, EveryNamedModeParsesAndIsListedOnce) {
  const std::set<std::string_view> expected = {
      "minimax", "negamax",           "unordered",        "alphabeta", "fail-hard",
      "mvv-lva", "mvv-lva-fail-hard", "quiet-pst",        "pvs",       "mtdf",
      "id-tt",   "id-tt-killers",     "pvs-id-tt-killers", "canonical", "mvv-lva-canonical",
      "minimal", "oracle"};
  std::set<std::string_view> names;
  for (const NamedMode& mode : named_modes()) {
    EXPECT_TRUE(names.insert(mode.name).second) << mode.name;
    EXPECT_FALSE(mode.summary.empty()) << mode.name;
    EXPECT_EQ(parsed(mode.name), parsed(mode.definition)) << mode.name;
  }
  EXPECT_EQ(names, expected);
}

TEST(Spec, NamedModesMeanWhatTheySay) {
  SearchSpec s = parsed("minimax");
  EXPECT_EQ(s.algorithm, Algorithm::MINIMAX);
  EXPECT_EQ(parsed("negamax").algorithm, Algorithm::NEGAMAX);

  s = parsed("unordered");
  EXPECT_EQ(s, SearchSpec{});
  EXPECT_EQ(s.algorithm, Algorithm::ALPHABETA);
  EXPECT_EQ(s.fail, Fail::SOFT);
  EXPECT_EQ(s.ordering.base, BaseOrdering::NATURAL);
  EXPECT_FALSE(s.tt);
  EXPECT_EQ(parsed("alphabeta"), s);

  s = parsed("fail-hard");
  EXPECT_EQ(s.fail, Fail::HARD);
  EXPECT_EQ(s.ordering.base, BaseOrdering::NATURAL);

  EXPECT_EQ(parsed("mvv-lva").ordering.base, BaseOrdering::MVV_LVA);
  EXPECT_EQ(parsed("mvv-lva").fail, Fail::SOFT);
  EXPECT_EQ(parsed("mvv-lva-fail-hard").fail, Fail::HARD);
  EXPECT_EQ(parsed("quiet-pst").ordering.base, BaseOrdering::QUIET_PST);

  s = parsed("canonical");
  EXPECT_EQ(s.algorithm, Algorithm::ALPHABETA);
  EXPECT_EQ(s.fail, Fail::SOFT);
  EXPECT_EQ(s.ordering.base, BaseOrdering::CANONICAL);
  EXPECT_FALSE(s.ordering.canonical_tiebreak || s.tt || s.ordering.killers || s.ordering.history);

  s = parsed("mvv-lva-canonical");
  EXPECT_EQ(s.algorithm, Algorithm::ALPHABETA);
  EXPECT_EQ(s.fail, Fail::SOFT);
  EXPECT_EQ(s.ordering.base, BaseOrdering::MVV_LVA);
  EXPECT_TRUE(s.ordering.canonical_tiebreak);
  EXPECT_FALSE(s.tt || s.ordering.killers || s.ordering.history);

  s = parsed("pvs");
  EXPECT_EQ(s.algorithm, Algorithm::PVS);
  EXPECT_EQ(s.ordering.base, BaseOrdering::MVV_LVA);

  s = parsed("mtdf");
  EXPECT_EQ(s.algorithm, Algorithm::MTDF);
  EXPECT_TRUE(s.tt);
  EXPECT_EQ(s.mtdf_guess, 0);
  EXPECT_EQ(s.ordering.base, BaseOrdering::MVV_LVA);

  s = parsed("id-tt");
  EXPECT_EQ(s.algorithm, Algorithm::ALPHABETA);
  EXPECT_TRUE(s.iterative_deepening && s.tt && s.ordering.tt_move_first && s.ordering.pv_move_first);
  EXPECT_FALSE(s.ordering.killers || s.ordering.history);

  s = parsed("id-tt-killers");
  EXPECT_TRUE(s.iterative_deepening && s.tt && s.ordering.killers && s.ordering.history);
  EXPECT_EQ(s.algorithm, Algorithm::ALPHABETA);
  s = parsed("pvs-id-tt-killers");
  EXPECT_EQ(s.algorithm, Algorithm::PVS);
  EXPECT_TRUE(s.iterative_deepening && s.tt && s.ordering.killers && s.ordering.history);
}

TEST(Spec, OptionsCompose) {
  const SearchSpec s =
      parsed("algo=pvs,order=mvv-lva,tt,killers,history,id,aspiration=50,fail=hard,mate-distance");
  EXPECT_EQ(s.algorithm, Algorithm::PVS);
  EXPECT_EQ(s.ordering.base, BaseOrdering::MVV_LVA);
  EXPECT_TRUE(s.tt && s.ordering.tt_move_first && s.ordering.killers && s.ordering.history);
  EXPECT_TRUE(s.iterative_deepening);
  EXPECT_EQ(s.aspiration, 50);
  EXPECT_EQ(s.fail, Fail::HARD);
  EXPECT_TRUE(s.mate_distance);
  EXPECT_EQ(s.tt_megabytes, SearchSpec::DEFAULT_TT_MEGABYTES);
}

TEST(Spec, ANamedModeCanBeTheBase) {
  SearchSpec expected = parsed("mvv-lva");
  expected.ordering.killers = true;
  EXPECT_EQ(parsed("mvv-lva+killers"), expected);
  EXPECT_EQ(parsed("mvv-lva,killers"), expected);

  SearchSpec mtdf = parsed("mtdf+guess=-25,tt=64");
  EXPECT_EQ(mtdf.mtdf_guess, -25);
  EXPECT_EQ(mtdf.tt_megabytes, 64u);

  SearchSpec no_move = parsed("id-tt,no-tt-move");
  EXPECT_TRUE(no_move.tt);
  EXPECT_FALSE(no_move.ordering.tt_move_first);
  EXPECT_FALSE(parsed("mvv-lva,tt,no-tt").tt);

  EXPECT_EQ(parsed("order=random,seed=9").ordering.seed, 9u);
}

TEST(Spec, TiebreakComposesWithAnyOrdering) {
  EXPECT_FALSE(parsed("mvv-lva").ordering.canonical_tiebreak);
  EXPECT_FALSE(parsed("mvv-lva,tiebreak=generator").ordering.canonical_tiebreak);
  EXPECT_EQ(parsed("mvv-lva,tiebreak=generator"), parsed("mvv-lva"));
  EXPECT_EQ(parsed("mvv-lva,tiebreak=canonical"), parsed("mvv-lva-canonical"));
  EXPECT_EQ(parsed("mvv-lva-canonical,tiebreak=generator"), parsed("mvv-lva"));

  SearchSpec pvs = parsed("pvs,tiebreak=canonical");
  EXPECT_EQ(pvs.algorithm, Algorithm::PVS);
  EXPECT_EQ(pvs.ordering.base, BaseOrdering::MVV_LVA);
  EXPECT_TRUE(pvs.ordering.canonical_tiebreak);

  SearchSpec killers = parsed("id-tt-killers+tiebreak=canonical");
  EXPECT_TRUE(killers.ordering.canonical_tiebreak && killers.ordering.killers && killers.tt);

  // A tie-break alone reorders: alpha-beta in canonical order, spelled another way.
  EXPECT_TRUE(parsed("alphabeta,tiebreak=canonical").ordering.reorders());
  EXPECT_EQ(parsed("order=canonical").ordering.base, BaseOrdering::CANONICAL);
}

TEST(Spec, ScanTiebreak) {
  const SearchSpec s = parsed("mvv-lva+tiebreak=scan:pieces=PNBRQK/captures=last");
  ASSERT_NE(s.ordering.scan_tiebreak, 0u);
  const ScanOrder order = ScanOrder::from_code(s.ordering.scan_tiebreak);
  EXPECT_FALSE(s.ordering.canonical_tiebreak);
  EXPECT_EQ(order.pieces[0], PAWN);
  EXPECT_EQ(order.captures, ScanOrder::Captures::LAST);
  EXPECT_TRUE(parsed("unordered+tiebreak=scan").ordering.reorders());
  EXPECT_EQ(parsed("unordered+tiebreak=scan").ordering.scan_tiebreak, ScanOrder{}.code());
  // The last tiebreak= wins.
  EXPECT_EQ(parsed("mvv-lva-canonical+tiebreak=scan").ordering.canonical_tiebreak, false);
  EXPECT_EQ(parsed("mvv-lva+tiebreak=scan+tiebreak=canonical").ordering.scan_tiebreak, 0u);
  EXPECT_EQ(parsed("mvv-lva+tiebreak=scan+tiebreak=generator"), parsed("mvv-lva"));

  const auto fields = describe(parsed("unordered+tiebreak=scan:from=h8a8"));
  const auto tiebreak = std::find_if(fields.begin(), fields.end(), [](const auto& f) { return f.first == "tiebreak"; });
  ASSERT_NE(tiebreak, fields.end());
  EXPECT_EQ(tiebreak->second, "scan:pieces=NBRQKP/captures=mixed/split=piece/from=h8a8/to=a1h1/pawns=sets-we/queens=piece");

  EXPECT_NE(error_of("mvv-lva+tiebreak=scan:from=a1b2").find("from=a1b2"), std::string::npos);
  EXPECT_NE(error_of("mvv-lva+tiebreak=scan:speed=fast").find("speed"), std::string::npos);
  SearchSpec both = parsed("mvv-lva-canonical");
  both.ordering.scan_tiebreak = ScanOrder{}.code();
  EXPECT_NE(spec_error(both).find("one tie-break"), std::string::npos);
}

TEST(Spec, TiebreakErrors) {
  EXPECT_NE(error_of("mvv-lva,tiebreak=uci").find("'uci'"), std::string::npos);
  EXPECT_NE(error_of("mvv-lva,tiebreak=uci").find("generator, canonical or scan"), std::string::npos);
  EXPECT_NE(error_of("mvv-lva,tiebreak").find("'tiebreak'"), std::string::npos);
  // Full-width search orders nothing.
  EXPECT_NE(error_of("minimax,tiebreak=canonical").find("minimax"), std::string::npos);
  EXPECT_NE(error_of("negamax,order=canonical").find("negamax"), std::string::npos);
}

TEST(Spec, UnknownNamesAreRejectedByName) {
  EXPECT_NE(error_of("alpha-beta").find("'alpha-beta'"), std::string::npos);
  EXPECT_NE(error_of("mvv-lva+kilers").find("'kilers'"), std::string::npos);
  EXPECT_NE(error_of("algo=scout").find("'scout'"), std::string::npos);
  EXPECT_NE(error_of("order=mvvlva").find("'mvvlva'"), std::string::npos);
  EXPECT_NE(error_of("fail=medium").find("'medium'"), std::string::npos);
  EXPECT_NE(error_of("aspiration=wide").find("'wide'"), std::string::npos);
  EXPECT_NE(error_of("tt=0").find("'0'"), std::string::npos);
  EXPECT_NE(error_of("killers=2").find("'killers'"), std::string::npos);
  EXPECT_NE(error_of("killers,pvs").find("'pvs'"), std::string::npos);  // named modes only come first
  EXPECT_FALSE(error_of("").empty());
  EXPECT_NE(error_of("pvs,,tt").find("empty item"), std::string::npos);
}

// The choices an error lists, word for word as they read before the option
// table: a new row in a table must show up here.
TEST(Spec, ErrorsListTheChoices) {
  EXPECT_EQ(error_of("algo=scout"), "unknown algorithm 'scout' (minimax, negamax, alphabeta, pvs, mtdf, minimal)");
  EXPECT_EQ(error_of("order=mvvlva"),
            "unknown ordering 'mvvlva' (natural, mvv-lva, quiet-pst, canonical, best, worst, random, oracle)");
  EXPECT_EQ(error_of("no-tt=1"), "option 'no-tt' takes no value");
  EXPECT_EQ(error_of("minimal-memory=0"), "bad value '0' for 'minimal-memory' (megabytes, 1..1048576)");
  EXPECT_EQ(error_of("killers,pvs"), "named mode 'pvs' must come first");
  EXPECT_EQ(error_of("killers,bogus"), "unknown mode or option 'bogus'");
  EXPECT_EQ(algorithm_names("|"), "minimax|negamax|alphabeta|pvs|mtdf|minimal");
}

TEST(Spec, InconsistentCombinationsAreRejected) {
  EXPECT_NE(error_of("minimax,tt").find("minimax"), std::string::npos);
  EXPECT_NE(error_of("negamax,order=mvv-lva").find("negamax"), std::string::npos);
  EXPECT_NE(error_of("alphabeta,aspiration=30").find("aspiration"), std::string::npos);
  EXPECT_NE(error_of("mtdf,id,aspiration=30").find("aspiration"), std::string::npos);
  EXPECT_NE(error_of("alphabeta,pv-move").find("pv-move"), std::string::npos);
  EXPECT_NE(error_of("alphabeta,guess=3").find("guess"), std::string::npos);
  EXPECT_NE(error_of("alphabeta,seed=3").find("seed"), std::string::npos);
}

TEST(Spec, DescribeIsCanonicalAndOrdered) {
  using Fields = std::vector<std::pair<std::string, std::string>>;
  EXPECT_EQ(describe(parsed("mvv-lva")), (Fields{{"algorithm", "alphabeta"},
                                                 {"fail", "soft"},
                                                 {"ordering", "mvv-lva"},
                                                 {"tt", "false"},
                                                 {"tt_move", "false"},
                                                 {"pv_move", "false"},
                                                 {"killers", "false"},
                                                 {"history", "false"},
                                                 {"tiebreak", "generator"},
                                                 {"iterative_deepening", "false"},
                                                 {"aspiration", "0"},
                                                 {"mate_distance", "false"}}));
  EXPECT_EQ(describe(parsed("mtdf")), (Fields{{"algorithm", "mtdf"},
                                              {"fail", "soft"},
                                              {"ordering", "mvv-lva"},
                                              {"tt", "true"},
                                              {"tt_megabytes", "16"},
                                              {"tt_draft", "eq"},
                                              {"tt_move", "true"},
                                              {"pv_move", "false"},
                                              {"killers", "false"},
                                              {"history", "false"},
                                              {"tiebreak", "generator"},
                                              {"iterative_deepening", "false"},
                                              {"aspiration", "0"},
                                              {"mtdf_guess", "0"},
                                              {"mate_distance", "false"}}));
  const auto fields = describe(parsed("mvv-lva-canonical"));
  EXPECT_NE(std::find(fields.begin(), fields.end(), std::pair<std::string, std::string>{"tiebreak", "canonical"}),
            fields.end());
  EXPECT_NE(std::find(fields.begin(), fields.end(), std::pair<std::string, std::string>{"ordering", "mvv-lva"}),
            fields.end());
  // Different spellings of one spec describe the same.
  EXPECT_EQ(describe(parsed("mvv-lva+killers")), describe(parsed("algo=alphabeta,killers,order=mvv-lva")));
}

TEST(Spec, NamesRoundTrip) {
  EXPECT_EQ(to_string(Algorithm::PVS), "pvs");
  EXPECT_EQ(to_string(Fail::HARD), "hard");
  EXPECT_EQ(to_string(BaseOrdering::QUIET_PST), "quiet-pst");
  EXPECT_EQ(to_string(BaseOrdering::BEST_FIRST), "best");
  EXPECT_EQ(to_string(BaseOrdering::CANONICAL), "canonical");
  EXPECT_EQ(tiebreak_name(false), "generator");
  EXPECT_EQ(tiebreak_name(true), "canonical");
}

// What may begin a mode in a list (harness/options/mode_list.h): every option of the
// grammar (spec.h) is recognised as one, named modes and algo= begin a mode.
TEST(Spec, FirstItemKind) {
  for (const char* option : {"fail=hard", "order=mvv-lva", "tiebreak=canonical", "seed=3", "tt", "tt=64",
                             "tt-draft=ge", "no-tt", "no-tt-move", "pv-move", "killers", "history", "id",
                             "mate-distance", "aspiration=50", "guess=-25", "minimal-memory=64", "killers+history",
                             "tt,id"})
    EXPECT_EQ(first_item_kind(option), ModeItem::OPTION) << option;
  for (const char* head : {"minimax", "mvv-lva+killers", "pvs-id-tt-killers,tt-draft=ge", "algo=pvs+tt", "minimal"})
    EXPECT_EQ(first_item_kind(head), ModeItem::MODE_HEAD) << head;
  for (const char* unknown : {"bogus", "", "killer", "+tt", "algo"}) EXPECT_EQ(first_item_kind(unknown), ModeItem::UNKNOWN) << unknown;
}

}  // namespace
}  // namespace prunebench
