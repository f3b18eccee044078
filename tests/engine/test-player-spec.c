/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of the one parser of a computer player (bs-player-spec) that `match`, `tune` and
 * the balance lab share: what each spec becomes, the bad ones refused naming the value,
 * bare levels only where asked, which budgets replay, alpha-beta refused in a game of
 * simultaneous rounds, a study's players (bs_study_player_init, bs_study_prepare), and
 * "strongest": the search each game declares for the Strongest level, with its budget. */
#include "config.h"

#include <string.h>

#include "bs-error.h"
#include "bs-module.h"
#include "bs-player-spec.h"
#include "bs-study.h"
#include "bs-variant-xml.h"

static void
test_parse_good (void)
{
  g_autoptr(GError) error = NULL;
  BsPlayerSpec spec;

  g_assert_true (bs_player_spec_parse (&spec, "RANDOM", BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_RANDOM);
  g_assert_cmpstr (spec.text, ==, "RANDOM");
  g_assert_true (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  g_assert_true (bs_player_spec_parse (&spec, "mcts:5000", BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_MCTS);
  g_assert_cmpuint (spec.mcts.playouts, ==, 5000);
  g_assert_true (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  g_assert_true (bs_player_spec_parse (&spec, "mcts:playouts=70", BS_PLAYER_SPEC_FLAGS_NONE,
                                       &error));
  g_assert_cmpuint (spec.mcts.playouts, ==, 70);
  bs_player_spec_clear (&spec);

  g_assert_true (bs_player_spec_parse (&spec, "mcts:cpu=0.25", BS_PLAYER_SPEC_FLAGS_NONE,
                                       &error));
  g_assert_cmpuint (spec.mcts.time_ms, ==, 250);
  g_assert_true (spec.mcts.cpu_time);
  g_assert_false (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  /* Root parallelism after the budget: playouts still replay, a time does not. */
  g_assert_true (bs_player_spec_parse (&spec, "mcts:cpu=0.25,threads=2",
                                       BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpuint (spec.mcts.time_ms, ==, 250);
  g_assert_true (spec.mcts.cpu_time);
  g_assert_cmpuint (spec.mcts.threads, ==, 2);
  bs_player_spec_clear (&spec);
  g_assert_true (bs_player_spec_parse (&spec, "mcts:5000,threads=3",
                                       BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpuint (spec.mcts.playouts, ==, 5000);
  g_assert_cmpuint (spec.mcts.threads, ==, 3);
  g_assert_true (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  /* Tree parallelism: threads sharing one tree do not replay even with playouts;
   * tree=root is the default spelt out. */
  g_assert_true (bs_player_spec_parse (&spec, "mcts:5000,tree=shared,threads=2",
                                       BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpuint (spec.mcts.playouts, ==, 5000);
  g_assert_cmpuint (spec.mcts.threads, ==, 2);
  g_assert_true (spec.mcts.shared_tree);
  g_assert_false (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);
  g_assert_true (bs_player_spec_parse (&spec, "mcts:5000,threads=2,tree=root",
                                       BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpuint (spec.mcts.threads, ==, 2);
  g_assert_false (spec.mcts.shared_tree);
  g_assert_true (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  g_assert_true (bs_player_spec_parse (&spec, "mcts:hard", BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_false (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  /* Alpha-beta in threads sharing a table: a depth alone no longer replays. */
  g_assert_true (bs_player_spec_parse (&spec, "ab:depth=3", BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_true (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);
  g_assert_true (bs_player_spec_parse (&spec, "ab:depth=3,threads=2", BS_PLAYER_SPEC_FLAGS_NONE,
                                       &error));
  g_assert_cmpuint (spec.alpha_beta.threads, ==, 2);
  g_assert_false (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  /* Evaluation-cut playouts, in any order with threads=; a playout budget still
   * replays. Without cut= they stay off (0). */
  g_assert_true (bs_player_spec_parse (&spec, "mcts:cpu=0.1,cut=4", BS_PLAYER_SPEC_FLAGS_NONE,
                                       &error));
  g_assert_cmpuint (spec.mcts.playout_cut, ==, 4);
  g_assert_cmpfloat (spec.mcts.playout_cut_scale, ==, 0);
  g_assert_cmpuint (spec.mcts.time_ms, ==, 100);
  bs_player_spec_clear (&spec);
  g_assert_true (bs_player_spec_parse (&spec, "mcts:5000,threads=2,cut=10,cut-scale=250",
                                       BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpuint (spec.mcts.playouts, ==, 5000);
  g_assert_cmpuint (spec.mcts.threads, ==, 2);
  g_assert_cmpuint (spec.mcts.playout_cut, ==, 10);
  g_assert_cmpfloat (spec.mcts.playout_cut_scale, ==, 250);
  g_assert_true (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);
  g_assert_true (bs_player_spec_parse (&spec, "mcts:hard,cut=0,threads=3",
                                       BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpuint (spec.mcts.playout_cut, ==, 0);
  g_assert_cmpuint (spec.mcts.threads, ==, 3);
  bs_player_spec_clear (&spec);
  g_assert_true (bs_player_spec_parse (&spec, "mcts:medium", BS_PLAYER_SPEC_FLAGS_NONE,
                                       &error));
  g_assert_cmpuint (spec.mcts.playout_cut, ==, 0);
  bs_player_spec_clear (&spec);

  /* "ab" alone: a second of CPU time, not reproducible. */
  g_assert_true (bs_player_spec_parse (&spec, "ab", BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_ALPHA_BETA);
  g_assert_cmpuint (spec.alpha_beta.cpu_ms, ==, 1000);
  g_assert_false (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  g_assert_true (bs_player_spec_parse (&spec, "ab:depth=3,eval=material",
                                       BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpuint (spec.alpha_beta.max_depth, ==, 3);
  g_assert_cmpuint (spec.alpha_beta.cpu_ms, ==, 0);
  g_assert_cmpint (spec.alpha_beta.evaluation, ==, BS_EVALUATION_MATERIAL);
  g_assert_true (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  g_assert_true (bs_player_spec_parse (&spec, "ab:nodes=5000", BS_PLAYER_SPEC_FLAGS_NONE,
                                       &error));
  g_assert_true (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  /* A depth with a CPU budget: the clock may stop it first. */
  g_assert_true (bs_player_spec_parse (&spec, "ab:depth=3,cpu=0.05",
                                       BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_cmpuint (spec.alpha_beta.cpu_ms, ==, 50);
  g_assert_false (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  /* Bare levels where asked. */
  g_assert_true (bs_player_spec_parse (&spec, "500ms", BS_PLAYER_SPEC_BARE_LEVELS, &error));
  g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_MCTS);
  g_assert_cmpuint (spec.mcts.time_ms, ==, 500);
  bs_player_spec_clear (&spec);
  g_assert_true (bs_player_spec_parse (&spec, "ab:depth=1", BS_PLAYER_SPEC_BARE_LEVELS,
                                       &error));
  g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_ALPHA_BETA);
  bs_player_spec_clear (&spec);
  g_assert_no_error (error);
}

static void
test_parse_bad (void)
{
  static const struct {
    const char        *text;
    BsPlayerSpecFlags  flags;
    const char        *named;   /* what the message must quote */
  } cases[] = {
    { "bogus", BS_PLAYER_SPEC_FLAGS_NONE, "“bogus”" },
    { "easy", BS_PLAYER_SPEC_FLAGS_NONE, "“easy”" },
    { "bogus", BS_PLAYER_SPEC_BARE_LEVELS, "“bogus”" },
    { "0", BS_PLAYER_SPEC_BARE_LEVELS, "“0”" },
    { "abc", BS_PLAYER_SPEC_BARE_LEVELS, "“abc”" },
    { "mcts:", BS_PLAYER_SPEC_FLAGS_NONE, "mcts:" },
    { "mcts:medum", BS_PLAYER_SPEC_FLAGS_NONE, "“medum”" },
    { "mcts:5s", BS_PLAYER_SPEC_BARE_LEVELS, "“5s”" },
    { "mcts:cpu=0", BS_PLAYER_SPEC_FLAGS_NONE, "“mcts:cpu=0”" },
    { "mcts:cpu=x", BS_PLAYER_SPEC_FLAGS_NONE, "“mcts:cpu=x”" },
    { "mcts:cpu=3601", BS_PLAYER_SPEC_FLAGS_NONE, "“mcts:cpu=3601”" },
    { "mcts:cpu=1,threads=0", BS_PLAYER_SPEC_FLAGS_NONE, "threads=N" },
    { "mcts:cpu=1,threads=65", BS_PLAYER_SPEC_FLAGS_NONE, "“mcts:cpu=1,threads=65”" },
    { "mcts:cpu=1,threads=2x", BS_PLAYER_SPEC_FLAGS_NONE, "threads=N" },
    { "mcts:cpu=1,x", BS_PLAYER_SPEC_FLAGS_NONE, "“mcts:cpu=1,x”" },
    { "mcts:cpu=1,threads=", BS_PLAYER_SPEC_FLAGS_NONE, "threads=N" },
    { "mcts:cpu=x,threads=2", BS_PLAYER_SPEC_FLAGS_NONE, "“mcts:cpu=x,threads=2”" },
    { "mcts:cpu=1,cut=-1", BS_PLAYER_SPEC_FLAGS_NONE, "cut=N takes a whole number from 0 to 1000, not “-1”" },
    { "mcts:cpu=1,cut=1001", BS_PLAYER_SPEC_FLAGS_NONE, "“1001”" },
    { "mcts:cpu=1,cut=4x", BS_PLAYER_SPEC_FLAGS_NONE, "“4x”" },
    { "mcts:cpu=1,cut=", BS_PLAYER_SPEC_FLAGS_NONE, "“mcts:cpu=1,cut=”" },
    { "mcts:cpu=1,cut=4,cut=5", BS_PLAYER_SPEC_FLAGS_NONE, "“cut=5” is given twice" },
    { "mcts:cpu=1,threads=2,cut=4,threads=2", BS_PLAYER_SPEC_FLAGS_NONE, "given twice" },
    { "mcts:cpu=1,threads=2,tree=shared,tree=root", BS_PLAYER_SPEC_FLAGS_NONE,
      "“tree=root” is given twice" },
    { "mcts:cpu=1,threads=2,tree=one", BS_PLAYER_SPEC_FLAGS_NONE, "tree=shared or tree=root" },
    { "mcts:cpu=1,cut=4,cut-scale=0", BS_PLAYER_SPEC_FLAGS_NONE, "cut-scale" },
    { "mcts:cpu=1,cut-scale=nan", BS_PLAYER_SPEC_FLAGS_NONE, "“nan”" },
    { "mcts:cpu=1,cut=4,", BS_PLAYER_SPEC_FLAGS_NONE, "“mcts:cpu=1,cut=4,”" },
    { "mcts:cpu=1,cuts=4", BS_PLAYER_SPEC_FLAGS_NONE, "“cuts=4”" },
    { "mcts:cut=4", BS_PLAYER_SPEC_FLAGS_NONE, "“cut=4”" },
    { "mcts:cpu=1,cut=games", BS_PLAYER_SPEC_FLAGS_NONE, "“games”" },
    { "mcts:cpu=1,cut=game,cut=4", BS_PLAYER_SPEC_FLAGS_NONE, "given twice" },
    { "ab:depth=0", BS_PLAYER_SPEC_FLAGS_NONE, "“depth=0”" },
    { "ab:depth=65", BS_PLAYER_SPEC_FLAGS_NONE, "“depth=65”" },
    { "ab:depth=2,foo=1", BS_PLAYER_SPEC_BARE_LEVELS, "“foo=1”" },
    { "ab:cpu=-1", BS_PLAYER_SPEC_FLAGS_NONE, "“cpu=-1”" },
    { "ab:eval=magic", BS_PLAYER_SPEC_FLAGS_NONE, "“eval=magic”" },
    { "strongest:", BS_PLAYER_SPEC_FLAGS_NONE, "“strongest:”" },
    { "strongest:cpu=0", BS_PLAYER_SPEC_FLAGS_NONE, "“strongest:cpu=0”" },
    { "strongest:cpu=x", BS_PLAYER_SPEC_FLAGS_NONE, "“strongest:cpu=x”" },
    { "strongest:cpu=3601", BS_PLAYER_SPEC_BARE_LEVELS, "“strongest:cpu=3601”" },
    { "strongest:depth=3", BS_PLAYER_SPEC_FLAGS_NONE, "“strongest:depth=3”" },
    { "strongest5", BS_PLAYER_SPEC_FLAGS_NONE, "“strongest5”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      BsPlayerSpec spec;

      g_test_message ("%s", cases[i].text);
      g_assert_false (bs_player_spec_parse (&spec, cases[i].text, cases[i].flags, &error));
      g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
      g_assert_nonnull (strstr (error->message, cases[i].named));
      bs_player_spec_clear (&spec);
    }
}

static BsRuleset *
ruleset (const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup (name, &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

/* Alpha-beta searches turn-based games only: refused in Tribes naming the player, as in
 * match; random and MCTS play it. */
static void
test_simultaneous (void)
{
  g_autoptr(BsRuleset) tribes = ruleset ("tribes");
  g_autoptr(BsRuleset) breakthrough = ruleset ("breakthrough");
  g_autoptr(GError) error = NULL;
  BsPlayerSpec ab, easy;

  g_assert_true (bs_player_spec_parse (&ab, "ab:depth=2", BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_true (bs_player_spec_parse (&easy, "easy", BS_PLAYER_SPEC_BARE_LEVELS, &error));
  g_assert_true (bs_player_spec_check_ruleset (&easy, tribes, &error));
  g_assert_true (bs_player_spec_check_ruleset (&ab, breakthrough, &error));
  g_assert_false (bs_player_spec_check_ruleset (&ab, tribes, &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "(ab:depth=2)"));
  g_assert_nonnull (strstr (error->message, "simultaneous"));
  bs_player_spec_clear (&ab);
  bs_player_spec_clear (&easy);
}

/* "cut=game": the cut the game declares (BsModule.playout_cut), set when the game is
 * known; 0 in a game that declares none (Tribes among them). Every game's
 * declaration as docs/SEARCH.md gives it (measured: Abrobad, Ikabegamá, Astoria, Ataxx,
 * Gomoku, Hex, Reversi). */
static void
test_cut_from_game (void)
{
  static const struct {
    const char *variant;
    guint       cut;
  } games[] = {
    { "abrobad", 4 }, { "ikabegama", 4 }, { "breakthrough", 0 }, { "agoraphobia", 0 },
    { "astoria", 8 }, { "tribes", 0 },
    { "ataxx", 4 },   /* a written game's <computer playout-cut="4"/> */
    { "reversi", 8 }, /* measured with its declared weights: mobility alone */
    { "clobber", 0 },
    { "gomoku", 4 },  /* measured with the features of its <line> end */
    { "hex", 4 },     /* measured with the two-distance of its <connect> end */
  };
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(BsRuleset) rs = ruleset (games[i].variant);
      BsPlayerSpec spec;

      g_assert_true (bs_player_spec_parse (&spec, "mcts:cpu=0.1,cut=game,threads=2",
                                           BS_PLAYER_SPEC_FLAGS_NONE, &error));
      g_assert_no_error (error);
      g_assert_true (spec.cut_from_game);
      g_assert_cmpuint (spec.mcts.playout_cut, ==, 0);
      g_assert_true (bs_player_spec_check_ruleset (&spec, rs, &error));
      g_assert_cmpuint (spec.mcts.playout_cut, ==, games[i].cut);
      g_assert_cmpuint (bs_ruleset_get_playout_cut (rs), ==, games[i].cut);
      g_assert_cmpuint (spec.mcts.threads, ==, 2);
      bs_player_spec_clear (&spec);
    }
  /* A number stays as given, whatever the game declares. */
  {
    g_autoptr(BsRuleset) rs = ruleset ("abrobad");
    BsPlayerSpec spec;

    g_assert_true (bs_player_spec_parse (&spec, "mcts:500,cut=7", BS_PLAYER_SPEC_FLAGS_NONE,
                                         &error));
    g_assert_true (bs_player_spec_check_ruleset (&spec, rs, &error));
    g_assert_cmpuint (spec.mcts.playout_cut, ==, 7);
    bs_player_spec_clear (&spec);
  }
  /* The Hard level is the app's, which cuts where the game declares a cut; cut= overrides
   * it, and a budget of CPU time is Hard's search without the cut. */
  {
    static const struct {
      const char        *text;
      BsPlayerSpecFlags  flags;
      guint              abrobad, clobber;
    } levels[] = {
      { "hard", BS_PLAYER_SPEC_BARE_LEVELS, 4, 0 },
      { "mcts:hard", BS_PLAYER_SPEC_FLAGS_NONE, 4, 0 },
      { "mcts:hard,threads=2", BS_PLAYER_SPEC_FLAGS_NONE, 4, 0 },
      { "mcts:hard,cut=0", BS_PLAYER_SPEC_FLAGS_NONE, 0, 0 },
      { "mcts:hard,cut=2", BS_PLAYER_SPEC_FLAGS_NONE, 2, 2 },
      { "mcts:cpu=3", BS_PLAYER_SPEC_FLAGS_NONE, 0, 0 },
      { "medium", BS_PLAYER_SPEC_BARE_LEVELS, 0, 0 },
      { "3000ms", BS_PLAYER_SPEC_BARE_LEVELS, 0, 0 },
    };
    g_autoptr(BsRuleset) abrobad = ruleset ("abrobad");
    g_autoptr(BsRuleset) clobber = ruleset ("clobber");

    for (guint i = 0; i < G_N_ELEMENTS (levels); i++)
      {
        BsPlayerSpec spec;

        g_test_message ("%s", levels[i].text);
        g_assert_true (bs_player_spec_parse (&spec, levels[i].text, levels[i].flags, &error));
        g_assert_no_error (error);
        g_assert_true (bs_player_spec_check_ruleset (&spec, abrobad, &error));
        g_assert_cmpuint (spec.mcts.playout_cut, ==, levels[i].abrobad);
        g_assert_true (bs_player_spec_check_ruleset (&spec, clobber, &error));
        g_assert_cmpuint (spec.mcts.playout_cut, ==, levels[i].clobber);
        bs_player_spec_clear (&spec);
      }
  }
}

/* A study's players: alpha-beta kept as given, levels lowered, described in words; a study
 * of Tribes with an alpha-beta player is not prepared. */
static void
test_study_players (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) tribes = bs_variant_lookup ("tribes", &error);
  g_autoptr(BsStudy) study = NULL;
  g_autofree char *depth = NULL, *cpu = NULL, *mcts_cpu = NULL;
  g_autofree char *strongest = NULL, *strongest_default = NULL;

  g_assert_no_error (error);
  study = bs_study_new (BS_STUDY_SINGLE, 1, "ab:depth=3", "MEDIUM", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (study->players[0].level, ==, "ab:depth=3");
  g_assert_cmpstr (study->players[1].level, ==, "medium");
  g_assert_true (study->swap);
  depth = bs_study_player_describe (&study->players[0]);
  g_assert_cmpstr (depth, ==, "Alpha-beta, depth 3");
  bs_study_add_arm (study, tribes, NULL);
  g_assert_false (bs_study_prepare (study, &error));
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE);
  g_assert_nonnull (strstr (error->message, "(ab:depth=3)"));
  g_clear_error (&error);
  g_clear_pointer (&study, bs_study_unref);

  study = bs_study_new (BS_STUDY_SINGLE, 1, "ab:cpu=0.05", "mcts:cpu=0.5", &error);
  g_assert_no_error (error);
  cpu = bs_study_player_describe (&study->players[0]);
  g_assert_cmpstr (cpu, ==, "Alpha-beta (cpu=0.05)");
  mcts_cpu = bs_study_player_describe (&study->players[1]);
  g_assert_cmpstr (mcts_cpu, ==, "500 ms a move");
  g_clear_pointer (&study, bs_study_unref);

  g_assert_null (bs_study_new (BS_STUDY_SINGLE, 1, "ab:depth=x", "easy", &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "“depth=x”"));
  g_clear_error (&error);

  /* Strongest: described with its budget, and played in Tribes (Monte Carlo there). */
  study = bs_study_new (BS_STUDY_SINGLE, 1, "strongest:cpu=0.5", "Strongest", &error);
  g_assert_no_error (error);
  strongest = bs_study_player_describe (&study->players[0]);
  g_assert_cmpstr (strongest, ==, "Strongest (cpu=0.5)");
  strongest_default = bs_study_player_describe (&study->players[1]);
  g_assert_cmpstr (strongest_default, ==, "Strongest (cpu=5)");
  bs_study_add_arm (study, tribes, NULL);
  g_assert_true (bs_study_prepare (study, &error));
  g_assert_no_error (error);
  g_assert_cmpint (study->players[0].spec.kind, ==, BS_PLAYER_SPEC_MCTS);
  g_assert_cmpint (study->players[1].spec.kind, ==, BS_PLAYER_SPEC_MCTS);
  g_assert_cmpuint (study->players[1].spec.mcts.time_ms, ==, 5000);
}

/* "strongest" parses to both searches with one budget (the app's default without cpu=) and
 * is never reproducible (a CPU budget). */
static void
test_strongest_parse (void)
{
  g_autoptr(GError) error = NULL;
  BsPlayerSpec spec;

  g_assert_true (bs_player_spec_parse (&spec, "strongest", BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_no_error (error);
  g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_STRONGEST);
  g_assert_true (spec.strongest);
  g_assert_cmpuint (spec.mcts.time_ms, ==, 1000 * BS_PLAYER_SPEC_STRONGEST_DEFAULT_SECONDS);
  g_assert_cmpuint (BS_PLAYER_SPEC_STRONGEST_DEFAULT_SECONDS, ==, 5);
  g_assert_true (spec.mcts.cpu_time);
  g_assert_cmpuint (spec.mcts.playouts, ==, 0);           /* no cap, as in the app */
  g_assert_cmpuint (spec.alpha_beta.cpu_ms, ==, 1000 * BS_PLAYER_SPEC_STRONGEST_DEFAULT_SECONDS);
  g_assert_false (bs_player_spec_is_reproducible (&spec));
  bs_player_spec_clear (&spec);

  g_assert_true (bs_player_spec_parse (&spec, "Strongest:cpu=0.1", BS_PLAYER_SPEC_BARE_LEVELS,
                                       &error));
  g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_STRONGEST);
  g_assert_cmpuint (spec.mcts.time_ms, ==, 100);
  g_assert_cmpuint (spec.alpha_beta.cpu_ms, ==, 100);
  g_assert_cmpuint (spec.alpha_beta.max_depth, ==, 0);
  g_assert_cmpstr (spec.text, ==, "Strongest:cpu=0.1");
  bs_player_spec_clear (&spec);
}

/* Every game that ships resolves "strongest" to the search it declares (docs/SEARCH.md,
 * "Strongest: the search each game declares"): Monte Carlo where alpha-beta lost to it at
 * equal CPU and in the game of simultaneous rounds, alpha-beta elsewhere; the resolved
 * player keeps the budget and its text. */
static void
test_strongest_per_game (void)
{
  static const struct {
    const char        *variant;
    BsStrongestSearch  search;
  } games[] = {
    { "abrobad", BS_STRONGEST_MONTE_CARLO },  /* with its cut: 18–2 against alpha-beta */
    { "agoraphobia", BS_STRONGEST_MONTE_CARLO },
    { "astoria", BS_STRONGEST_MONTE_CARLO }, /* alpha-beta 1–1–6 against it at 3 s */
    { "ataxx", BS_STRONGEST_ALPHA_BETA },
    { "breakthrough", BS_STRONGEST_ALPHA_BETA },
    { "clobber", BS_STRONGEST_MONTE_CARLO },
    { "gomoku", BS_STRONGEST_ALPHA_BETA },   /* since its line end's features */
    { "hex", BS_STRONGEST_ALPHA_BETA },      /* since its connect end's two-distance */
    { "ikabegama", BS_STRONGEST_ALPHA_BETA },
    { "reversi", BS_STRONGEST_MONTE_CARLO },
    { "tribes", BS_STRONGEST_MONTE_CARLO },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(BsRuleset) rs = ruleset (games[i].variant);
      g_autoptr(GError) error = NULL;
      BsPlayerSpec spec;

      g_test_message ("%s", games[i].variant);
      g_assert_cmpint (bs_ruleset_get_strongest_search (rs), ==, games[i].search);
      g_assert_true (bs_player_spec_parse (&spec, "strongest:cpu=0.25",
                                           BS_PLAYER_SPEC_FLAGS_NONE, &error));
      g_assert_true (bs_player_spec_check_ruleset (&spec, rs, &error));
      g_assert_no_error (error);
      if (games[i].search == BS_STRONGEST_MONTE_CARLO)
        {
          g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_MCTS);
          g_assert_cmpuint (spec.mcts.time_ms, ==, 250);
          g_assert_true (spec.mcts.cpu_time);
          g_assert_cmpint (spec.mcts.level, ==, BS_SEARCH_LEVEL_HARD);
        }
      else
        {
          g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_ALPHA_BETA);
          g_assert_cmpuint (spec.alpha_beta.cpu_ms, ==, 250);
        }
      g_assert_cmpstr (spec.text, ==, "strongest:cpu=0.25");
      /* The Monte Carlo search cuts as Hard does, where the game declares a cut. */
      g_assert_cmpuint (spec.mcts.playout_cut, ==, bs_ruleset_get_playout_cut (rs));
      bs_player_spec_clear (&spec);

      /* A study's bare "hard" is the app's Hard: the same search with Hard's budget, and
       * Hard's playout ceiling when it is Monte Carlo; "mcts:hard" stays Monte Carlo. */
      g_assert_true (bs_player_spec_parse (&spec, "hard", BS_PLAYER_SPEC_BARE_LEVELS, &error));
      g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_STRONGEST);
      g_assert_true (bs_player_spec_check_ruleset (&spec, rs, &error));
      g_assert_no_error (error);
      g_assert_cmpint (bs_search_level_plays_alpha_beta (BS_SEARCH_LEVEL_HARD, rs), ==,
                       games[i].search == BS_STRONGEST_ALPHA_BETA);
      g_assert_false (bs_search_level_plays_alpha_beta (BS_SEARCH_LEVEL_MEDIUM, rs));
      if (games[i].search == BS_STRONGEST_MONTE_CARLO)
        {
          g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_MCTS);
          g_assert_cmpuint (spec.mcts.time_ms, ==, BS_SEARCH_HARD_TIME_MS);
          g_assert_cmpuint (spec.mcts.playouts, ==, BS_SEARCH_HARD_PLAYOUTS);
          g_assert_cmpuint (spec.mcts.playout_cut, ==, bs_ruleset_get_playout_cut (rs));
        }
      else
        {
          g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_ALPHA_BETA);
          g_assert_cmpuint (spec.alpha_beta.cpu_ms, ==, BS_SEARCH_HARD_TIME_MS);
        }
      g_assert_false (bs_player_spec_is_reproducible (&spec));
      bs_player_spec_clear (&spec);
      g_assert_true (bs_player_spec_parse (&spec, "mcts:hard", BS_PLAYER_SPEC_FLAGS_NONE,
                                           &error));
      g_assert_true (bs_player_spec_check_ruleset (&spec, rs, &error));
      g_assert_cmpint (spec.kind, ==, BS_PLAYER_SPEC_MCTS);
      bs_player_spec_clear (&spec);
    }
}

/* The declaration's two homes agree: a written copy of a C module (its proof) declares the
 * Strongest search and the playout cut its module declares; and a written game's
 * declaration is the module's. */
static void
test_strongest_written_copies (void)
{
  const BsModule * const *written = bs_written_modules ();
  guint copies = 0, monte_carlo = 0, cut = 0;

  for (guint i = 0; written[i] != NULL; i++)
    for (guint k = 0; bs_builtin_modules[k] != NULL; k++)
      if (g_str_equal (written[i]->id, bs_builtin_modules[k]->id))
        {
          g_test_message ("%s", written[i]->id);
          g_assert_cmpint (written[i]->strongest, ==, bs_builtin_modules[k]->strongest);
          g_assert_cmpuint (written[i]->playout_cut, ==, bs_builtin_modules[k]->playout_cut);
          monte_carlo += written[i]->strongest == BS_STRONGEST_MONTE_CARLO;
          cut += written[i]->playout_cut > 0;
          copies++;
        }
  g_assert_cmpuint (copies, >=, 6);
  g_assert_cmpuint (monte_carlo, >=, 1);
  g_assert_cmpuint (cut, >=, 1);
}

/* A seed only breaks ties: every seed finds the unseeded search's value at the start of
 * Breakthrough 6 × 6, the same seed the same move, and the seeds between them choose more
 * than one move (the balance lab's alpha-beta players vary from game to game). */
static void
test_seeded_ties (void)
{
  const char *sets[] = { "width=6", "height=6", NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("breakthrough", &error);
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autoptr(GHashTable) chosen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free,
                                                         NULL);
  BsAlphaBetaResult plain, seeded, again;
  BsPlayerSpec spec;

  g_assert_no_error (error);
  g_assert_true (bs_variant_apply_settings (variant, sets, &error));
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  pos = bs_ruleset_new_position (rs, 1);
  g_assert_true (bs_player_spec_parse (&spec, "ab:depth=2", BS_PLAYER_SPEC_FLAGS_NONE, &error));
  g_assert_true (bs_alpha_beta_run (rs, pos, &spec.alpha_beta, NULL, &plain, &error));
  for (guint64 seed = 1; seed <= 16; seed++)
    {
      BsAlphaBetaParams params = spec.alpha_beta;
      gint64 *key = g_new (gint64, 1);

      params.seed = seed;
      g_assert_true (bs_alpha_beta_run (rs, pos, &params, NULL, &seeded, &error));
      g_assert_true (bs_alpha_beta_run (rs, pos, &params, NULL, &again, &error));
      g_assert_no_error (error);
      g_assert_cmpint (seeded.value, ==, plain.value);
      g_assert_true (seeded.move == again.move);
      *key = (gint64) seeded.move;
      g_hash_table_add (chosen, key);
    }
  g_test_message ("16 seeds chose %u moves", g_hash_table_size (chosen));
  g_assert_cmpuint (g_hash_table_size (chosen), >=, 2);
  bs_player_spec_clear (&spec);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/player-spec/parse-good", test_parse_good);
  g_test_add_func ("/player-spec/parse-bad", test_parse_bad);
  g_test_add_func ("/player-spec/simultaneous", test_simultaneous);
  g_test_add_func ("/player-spec/cut-from-game", test_cut_from_game);
  g_test_add_func ("/player-spec/study-players", test_study_players);
  g_test_add_func ("/player-spec/seeded-ties", test_seeded_ties);
  g_test_add_func ("/player-spec/strongest-parse", test_strongest_parse);
  g_test_add_func ("/player-spec/strongest-per-game", test_strongest_per_game);
  g_test_add_func ("/player-spec/strongest-written-copies", test_strongest_written_copies);
  return g_test_run ();
}
