/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Searching the design space (bs-design-search.h, docs/BALANCE.md): goals parsed and
 * checked, the Bonferroni z against Python's statistics.NormalDist, the race's rule on
 * synthetic candidates of known probabilities (deterministic seeds), its error rate over
 * many races, and rounds played as studies on a small Breakthrough board and counted from
 * their files. */

#include <math.h>
#include <string.h>
#include <glib/gstdio.h>

#include "bs-design-search.h"
#include "bs-error.h"
#include "bs-study-runner.h"
#include "bs-study-stats.h"

static void
test_goal_parse (void)
{
  static const struct { const char *text; const char *canonical; } good[] = {
    { "fair", "fair:3" }, { "fair:5", "fair:5" }, { "fair:2.5", "fair:2.5" },
    { "draws<10%", "draws<10%" }, { "draws<10", "draws<10%" },
    { "length=20..60", "length=20..60" }, { "length=30..30", "length=30..30" },
    { "lead-changes>=2", "lead-changes>=2" }, { "lead-changes>=0.5", "lead-changes>=0.5" },
  };
  static const char * const bad[] = {
    "", "fair:", "fair:0", "fair:50", "fair:x", "draws<", "draws<0", "draws<101%",
    "draws>10", "length=60..20", "length=20", "length=a..b", "length=-1..5", "lenght=1..2",
    "fair: 5", "draws<nan", "lead-changes>=0", "lead-changes>=", "lead-changes>2",
    "lead-changes>=-1", "lead-changes>=x",
  };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      BsDesignGoal goal;
      g_autofree char *text = NULL;

      g_assert_true (bs_design_goal_parse (good[i].text, &goal, NULL));
      text = bs_design_goal_to_string (&goal);
      g_assert_cmpstr (text, ==, good[i].canonical);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      BsDesignGoal goal;
      g_autoptr(GError) error = NULL;

      g_assert_false (bs_design_goal_parse (bad[i], &goal, &error));
      g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
      g_assert_nonnull (strstr (error->message, bad[i]));
    }
}

/* z with P(|Z| > z) = 0.05 / (candidates × goals × rounds): Python 3.11's
 * statistics.NormalDist ().inv_cdf (1 − 0.05 / (2 k g r)). */
static void
test_z (void)
{
  g_assert_cmpfloat_with_epsilon (bs_design_z (0.05, 1, 1, 1), 1.9599639845400536, 1e-9);
  g_assert_cmpfloat_with_epsilon (bs_design_z (0.05, 30, 1, 10), 3.764823649533927, 1e-9);
  g_assert_cmpfloat_with_epsilon (bs_design_z (0.05, 10, 1, 30), 3.764823649533927, 1e-9);
  g_assert_cmpfloat_with_epsilon (bs_design_z (0.05, 4, 2, 5), 3.227218425963163, 1e-9);
}

static void
tally_of (BsDesignTally *tally,
          guint          wins,
          guint          draws,
          guint          losses)
{
  memset (tally, 0, sizeof *tally);
  for (guint i = 0; i < wins; i++)
    bs_design_tally_add (tally, 2, 30);
  for (guint i = 0; i < draws; i++)
    bs_design_tally_add (tally, 1, 50);
  for (guint i = 0; i < losses; i++)
    bs_design_tally_add (tally, 0, 40);
}

static void
test_check (void)
{
  static const guint counts[][3] = {
    { 60, 0, 40 }, { 40, 0, 60 }, { 30, 40, 30 }, { 5, 68, 27 }, { 0, 10, 0 }, { 100, 0, 0 },
  };
  BsDesignGoal fair = { BS_DESIGN_GOAL_FAIR, 0.05, 0 };
  BsDesignGoal draws = { BS_DESIGN_GOAL_DRAWS_BELOW, 0.2, 0 };
  BsDesignGoal length = { BS_DESIGN_GOAL_LENGTH, 20, 45 };
  BsDesignTally tally;
  BsDesignEvidence evidence;

  /* At z = 1.96 the score's interval is the lab's (draws counted as bs_stats_score_with_draws
   * counts them). */
  for (guint i = 0; i < G_N_ELEMENTS (counts); i++)
    {
      BsStatsScore score;

      tally_of (&tally, counts[i][0], counts[i][1], counts[i][2]);
      bs_design_goal_check (&fair, &tally, BS_STATS_Z95, &evidence);
      bs_stats_score_with_draws (tally.half_points, tally.draws, tally.games, &score);
      g_assert_cmpfloat_with_epsilon (evidence.value, score.score, 1e-12);
      g_assert_cmpfloat_with_epsilon (evidence.low, score.low, 1e-12);
      g_assert_cmpfloat_with_epsilon (evidence.high, score.high, 1e-12);
    }

  /* 60 of 100 at z = 3.2272 (4 candidates, 2 goals, 5 rounds): Wilson's interval by hand in
   * Python, [0.43981, 0.74132]: it holds ½ ± 5 points and reaches past them. */
  tally_of (&tally, 60, 0, 40);
  g_assert_cmpint (bs_design_goal_check (&fair, &tally, 3.227218425963163, &evidence), ==,
                   BS_DESIGN_UNDECIDED);
  g_assert_cmpfloat_with_epsilon (evidence.low, 0.43981241905509527, 1e-9);
  g_assert_cmpfloat_with_epsilon (evidence.high, 0.741322490976097, 1e-9);
  /* 900 of 1000: out of reach; 5000 of 10 000: within it. */
  tally_of (&tally, 900, 0, 100);
  g_assert_cmpint (bs_design_goal_check (&fair, &tally, 3.2, &evidence), ==, BS_DESIGN_FAILS);
  tally_of (&tally, 5000, 0, 5000);
  g_assert_cmpint (bs_design_goal_check (&fair, &tally, 3.2, &evidence), ==, BS_DESIGN_MEETS);

  /* Draws: 0 of 200 below 20%, 100 of 200 not, 40 of 200 undecided. */
  tally_of (&tally, 100, 0, 100);
  g_assert_cmpint (bs_design_goal_check (&draws, &tally, 3.2, &evidence), ==, BS_DESIGN_MEETS);
  tally_of (&tally, 50, 100, 50);
  g_assert_cmpint (bs_design_goal_check (&draws, &tally, 3.2, &evidence), ==, BS_DESIGN_FAILS);
  tally_of (&tally, 80, 40, 80);
  g_assert_cmpint (bs_design_goal_check (&draws, &tally, 3.2, &evidence), ==,
                   BS_DESIGN_UNDECIDED);

  /* Length: 100 games of 30 and 100 of 40 plies: mean 35, sd 5.0125 (n − 1), ± 3.2 sd / √200
   * = ± 1.13423; inside [20, 45]. All of 30 plies and one game: undecided. */
  tally_of (&tally, 100, 0, 100);
  g_assert_cmpint (bs_design_goal_check (&length, &tally, 3.2, &evidence), ==,
                   BS_DESIGN_MEETS);
  g_assert_cmpfloat_with_epsilon (evidence.value, 35, 1e-12);
  g_assert_cmpfloat_with_epsilon (evidence.high - 35, 3.2 * sqrt (5000.0 / 199 / 200), 1e-9);
  tally_of (&tally, 1, 0, 0);
  g_assert_cmpint (bs_design_goal_check (&length, &tally, 3.2, &evidence), ==,
                   BS_DESIGN_UNDECIDED);
  /* 50 plies every game: out of the band with no spread at all. */
  tally_of (&tally, 0, 20, 0);
  g_assert_cmpint (bs_design_goal_check (&length, &tally, 3.2, &evidence), ==,
                   BS_DESIGN_FAILS);
}

typedef struct {
  double win;     /* player 1's chances */
  double draw;
  guint  plies;   /* mean length: uniform in plies ± 10 */
} Truth;

/* One race on synthetic candidates: games of each still in the running drawn from its
 * truth with rng, round r adding the schedule's games (`games` every round when constant),
 * at most `rounds`. Returns the candidates. */
static GPtrArray *
race_scheduled (const Truth        *truths,
                guint               n,
                const BsDesignGoal *goals,
                guint               n_goals,
                BsDesignSchedule    schedule,
                guint               games,
                guint               rounds,
                GRand              *rng,
                guint              *rounds_played)
{
  GPtrArray *candidates = g_ptr_array_new_with_free_func (g_free);
  double z = bs_design_z (BS_DESIGN_ALPHA, n, n_goals, rounds);
  guint round;

  for (guint i = 0; i < n; i++)
    {
      BsDesignCandidate *candidate = g_new0 (BsDesignCandidate, 1);

      candidate->failed_goal = -1;
      g_ptr_array_add (candidates, candidate);
    }
  for (round = 1; round <= rounds; round++)
    {
      gboolean open = FALSE;

      for (guint i = 0; i < n; i++)
        {
          BsDesignCandidate *candidate = g_ptr_array_index (candidates, i);

          if (candidate->verdict != BS_DESIGN_UNDECIDED)
            continue;
          open = TRUE;
          for (guint64 k = bs_design_schedule_games_after (schedule, games, round - 1);
               k < bs_design_schedule_games_after (schedule, games, round); k++)
            {
              double u = g_rand_double (rng);
              guint half = u < truths[i].win ? 2 : u < truths[i].win + truths[i].draw ? 1 : 0;
              guint plies = truths[i].plies - 10 + (guint) g_rand_int_range (rng, 0, 21);

              bs_design_tally_add (&candidate->tally, half, plies);
            }
        }
      if (!open)
        break;
      bs_design_decide (candidates, goals, n_goals, z, round);
    }
  *rounds_played = round - 1;
  return candidates;
}

static GPtrArray *
race (const Truth        *truths,
      guint               n,
      const BsDesignGoal *goals,
      guint               n_goals,
      guint               games,
      guint               rounds,
      GRand              *rng,
      guint              *rounds_played)
{
  return race_scheduled (truths, n, goals, n_goals, BS_DESIGN_SCHEDULE_CONSTANT, games, rounds,
                         rng, rounds_played);
}

/* A race's verdict on a candidate of known chances, fair within ± 5: a fair one is never
 * eliminated, an unfair one never kept, and one at exactly ½ kept. */
static void
check_fair_verdict (const Truth             *truth,
                    const BsDesignCandidate *candidate)
{
  double off = fabs (truth->win - 0.5);

  g_test_message ("p = %.2f: %s in round %u after %u games", truth->win,
                  bs_design_verdict_id (candidate->verdict), candidate->round,
                  candidate->tally.games);
  if (off < 0.05)
    g_assert_cmpint (candidate->verdict, !=, BS_DESIGN_FAILS);
  if (off > 0.05)
    g_assert_cmpint (candidate->verdict, !=, BS_DESIGN_MEETS);
  if (off == 0)
    g_assert_cmpint (candidate->verdict, ==, BS_DESIGN_MEETS);
}

/* Ten candidates from 30% to 80%, no draws, 40 plies (test_race_fair, test_race_doubling). */
static const Truth ten_candidates[] = {
  { 0.30, 0, 40 }, { 0.40, 0, 40 }, { 0.45, 0, 40 }, { 0.48, 0, 40 }, { 0.50, 0, 40 },
  { 0.52, 0, 40 }, { 0.55, 0, 40 }, { 0.60, 0, 40 }, { 0.70, 0, 40 }, { 0.80, 0, 40 },
};

/* Ten candidates from 30% to 80%, fair within ± 5 points: the far ones go in the first
 * rounds, the fair one is kept, none is decided wrongly, and the race costs far less than a
 * grid giving each candidate the games the hardest needed (here 15 900 games against
 * 30 000: the three near the edge of the margin are never decided). */
static void
test_race_fair (void)
{
  const Truth *truths = ten_candidates;
  BsDesignGoal goal = { BS_DESIGN_GOAL_FAIR, 0.05, 0 };
  g_autoptr(GRand) rng = g_rand_new_with_seed (42);
  g_autoptr(GPtrArray) candidates = NULL;
  guint played, total = 0, most = 0;

  candidates = race (truths, G_N_ELEMENTS (ten_candidates), &goal, 1, 100, 30, rng, &played);
  for (guint i = 0; i < candidates->len; i++)
    {
      BsDesignCandidate *candidate = g_ptr_array_index (candidates, i);
      double off = fabs (truths[i].win - 0.5);

      check_fair_verdict (&truths[i], candidate);
      if (off >= 0.10)
        {
          g_assert_cmpint (candidate->verdict, ==, BS_DESIGN_FAILS);
          g_assert_cmpint (candidate->failed_goal, ==, 0);
        }
      if (off >= 0.20)
        g_assert_cmpuint (candidate->round, <=, 2);
      total += candidate->tally.games;
      most = MAX (most, candidate->tally.games);
    }
  g_test_message ("%u games; a grid of the same precision: %u", total,
                  most * candidates->len);
  /* The candidates near the margin's edge play every round; the far ones stop early. */
  g_assert_cmpuint (total * 5, <, most * candidates->len * 3);
}

/* Three goals at once: fair within 5, draws below 20%, 20 to 60 plies. A fair game with
 * half its games drawn is eliminated for its draws, not its score. */
static void
test_race_three_goals (void)
{
  static const Truth truths[] = {
    { 0.45, 0.10, 40 }, { 0.25, 0.50, 40 }, { 0.70, 0.05, 40 }, { 0.30, 0.05, 70 },
  };
  BsDesignGoal goals[] = {
    { BS_DESIGN_GOAL_FAIR, 0.05, 0 }, { BS_DESIGN_GOAL_DRAWS_BELOW, 0.20, 0 },
    { BS_DESIGN_GOAL_LENGTH, 20, 60 },
  };
  g_autoptr(GRand) rng = g_rand_new_with_seed (7);
  g_autoptr(GPtrArray) candidates = NULL;
  BsDesignCandidate *c;
  guint played;

  candidates = race (truths, G_N_ELEMENTS (truths), goals, 3, 100, 20, rng, &played);
  c = g_ptr_array_index (candidates, 0);
  g_assert_cmpint (c->verdict, ==, BS_DESIGN_MEETS);
  c = g_ptr_array_index (candidates, 1);
  g_assert_cmpint (c->verdict, ==, BS_DESIGN_FAILS);
  g_assert_cmpint (c->failed_goal, ==, 1);
  g_assert_cmpint (c->evidence[0].verdict, !=, BS_DESIGN_FAILS);
  c = g_ptr_array_index (candidates, 2);
  g_assert_cmpint (c->verdict, ==, BS_DESIGN_FAILS);
  g_assert_cmpint (c->failed_goal, ==, 0);
  /* Unfair and too long: the first goal shown out of reach is named. */
  c = g_ptr_array_index (candidates, 3);
  g_assert_cmpint (c->verdict, ==, BS_DESIGN_FAILS);
  g_assert_cmpint (c->evidence[2].verdict, ==, BS_DESIGN_FAILS);
}

/* The games a race of the schedule plays, and a grid of the same precision: every
 * candidate as many games as the one that played most. */
static void
race_cost (const Truth      *truths,
           guint             n,
           BsDesignSchedule  schedule,
           guint             games,
           guint             rounds,
           guint            *total,
           guint            *grid)
{
  BsDesignGoal goal = { BS_DESIGN_GOAL_FAIR, 0.05, 0 };
  g_autoptr(GRand) rng = g_rand_new_with_seed (11);
  g_autoptr(GPtrArray) candidates = NULL;
  guint played, most = 0;

  candidates = race_scheduled (truths, n, &goal, 1, schedule, games, rounds, rng, &played);
  *total = 0;
  for (guint i = 0; i < n; i++)
    {
      BsDesignCandidate *candidate = g_ptr_array_index (candidates, i);

      g_assert_cmpint (candidate->verdict, !=,
                       fabs (truths[i].win - 0.5) > 0.05 ? BS_DESIGN_MEETS : BS_DESIGN_FAILS);
      *total += candidate->tally.games;
      most = MAX (most, candidate->tally.games);
    }
  *grid = most * n;
  g_test_message ("%s: %u games; a grid of the same precision: %u",
                  bs_design_schedule_id (schedule), *total, *grid);
}

/* The doubling schedule on the ten candidates of test_race_fair, 25 games in round 1 and at
 * most 8 rounds (3,200 games a candidate, as the constant race's 100 × 32): the fair one
 * kept, nothing decided wrongly, those 30 points off out after 50 games, 20 off after 200.
 * With most candidates near fair it saves no more than the constant schedule (the near
 * ones play every round under both). On a question whose candidates are mostly far from
 * fair — twelve of fifteen 38 to 48 points off, as Astoria's circles between Easy players —
 * and at most 400 games a candidate, it saves 5× or more where the constant schedule, whose
 * first round alone is 100 games, saves under 4×. */
static void
test_race_doubling (void)
{
  const Truth *truths = ten_candidates;
  BsDesignGoal goal = { BS_DESIGN_GOAL_FAIR, 0.05, 0 };
  g_autoptr(GRand) rng = g_rand_new_with_seed (42);
  g_autoptr(GPtrArray) candidates = NULL;
  guint played, total = 0, most = 0;

  candidates = race_scheduled (truths, G_N_ELEMENTS (ten_candidates), &goal, 1,
                               BS_DESIGN_SCHEDULE_DOUBLING, 25, 8, rng, &played);
  for (guint i = 0; i < candidates->len; i++)
    {
      BsDesignCandidate *candidate = g_ptr_array_index (candidates, i);
      double off = fabs (truths[i].win - 0.5);

      check_fair_verdict (&truths[i], candidate);
      /* A candidate's games are the schedule's after the rounds it played. */
      g_assert_cmpuint (candidate->tally.games, ==,
                        bs_design_schedule_games_after (BS_DESIGN_SCHEDULE_DOUBLING, 25,
                                                        candidate->round > 0 ? candidate->round
                                                                             : played));
      if (off >= 0.10)
        g_assert_cmpint (candidate->verdict, ==, BS_DESIGN_FAILS);
      if (off >= 0.20)
        g_assert_cmpuint (candidate->tally.games, <=, 200);
      if (off >= 0.30)
        g_assert_cmpuint (candidate->tally.games, <=, 50);
      total += candidate->tally.games;
      most = MAX (most, candidate->tally.games);
    }
  g_test_message ("%u games; a grid of the same precision: %u", total,
                  most * candidates->len);
  g_assert_cmpuint (total * 5, <, most * candidates->len * 3);

  {
    static const Truth far[] = {
      { 0.02, 0, 40 }, { 0.04, 0, 40 }, { 0.05, 0, 40 }, { 0.06, 0, 40 }, { 0.08, 0, 40 },
      { 0.10, 0, 40 }, { 0.12, 0, 40 }, { 0.88, 0, 40 }, { 0.90, 0, 40 }, { 0.92, 0, 40 },
      { 0.95, 0, 40 }, { 0.97, 0, 40 }, { 0.25, 0, 40 }, { 0.75, 0, 40 }, { 0.45, 0, 40 },
    };
    guint constant_total, constant_grid, doubling_total, doubling_grid;

    /* Both at most 400 games a candidate; the one at the margin's edge plays them all. */
    race_cost (far, G_N_ELEMENTS (far), BS_DESIGN_SCHEDULE_CONSTANT, 100, 4, &constant_total,
               &constant_grid);
    race_cost (far, G_N_ELEMENTS (far), BS_DESIGN_SCHEDULE_DOUBLING, 25, 5, &doubling_total,
               &doubling_grid);
    g_assert_cmpuint (constant_grid, ==, 400 * G_N_ELEMENTS (far));
    g_assert_cmpuint (doubling_grid, ==, constant_grid);
    g_assert_cmpuint (constant_total * 4, >, constant_grid);
    g_assert_cmpuint (doubling_total * 5, <=, doubling_grid);
  }
}

/* The schedules' games, worked by hand; round games of a search; the settings file names a
 * schedule only when it is not the constant one (an old folder's file is unchanged); a
 * schedule whose last rounds would pass a study's most games is refused. */
static void
test_schedule (void)
{
  g_autoptr(BsVariant) base = bs_variant_new_for_module ("breakthrough", NULL);
  const char *varies[] = { "width=5..6", NULL };
  const char *goal_texts[] = { "fair:5", NULL };
  BsDesignGoal goal = { BS_DESIGN_GOAL_FAIR, 0.05, 0 };
  g_autoptr(BsDesignSearch) search = NULL;
  g_autoptr(BsDesignSearch) huge = NULL;
  g_autoptr(GError) error = NULL;
  /* What main wrote for these settings before schedules existed (its CLI's search.ini). */
  static const char constant_before_schedules[] =
    "[search]\nvariant=breakthrough\nset=\nvary=width=5..6;\ngoal=fair:5;\nwhite=easy\n"
    "black=easy\ngames-per-round=100\nmax-rounds=10\nseed=1\n";
  g_autofree char *constant = NULL, *doubling = NULL;
  BsDesignSchedule schedule;

  g_assert_cmpuint (bs_design_schedule_games_after (BS_DESIGN_SCHEDULE_CONSTANT, 100, 0), ==, 0);
  g_assert_cmpuint (bs_design_schedule_games_after (BS_DESIGN_SCHEDULE_CONSTANT, 100, 7), ==, 700);
  g_assert_cmpuint (bs_design_schedule_games_after (BS_DESIGN_SCHEDULE_DOUBLING, 25, 0), ==, 0);
  g_assert_cmpuint (bs_design_schedule_games_after (BS_DESIGN_SCHEDULE_DOUBLING, 25, 1), ==, 25);
  g_assert_cmpuint (bs_design_schedule_games_after (BS_DESIGN_SCHEDULE_DOUBLING, 25, 2), ==, 50);
  g_assert_cmpuint (bs_design_schedule_games_after (BS_DESIGN_SCHEDULE_DOUBLING, 25, 6), ==, 800);
  g_assert_cmpuint (bs_design_schedule_games_after (BS_DESIGN_SCHEDULE_DOUBLING, 25, 1000), ==,
                    G_MAXUINT64);

  g_assert_true (bs_design_schedule_parse ("doubling", &schedule, &error));
  g_assert_cmpint (schedule, ==, BS_DESIGN_SCHEDULE_DOUBLING);
  g_assert_true (bs_design_schedule_parse ("constant", &schedule, &error));
  g_assert_cmpint (schedule, ==, BS_DESIGN_SCHEDULE_CONSTANT);
  g_assert_false (bs_design_schedule_parse ("halving", &schedule, &error));
  g_assert_nonnull (strstr (error->message, "halving"));
  g_clear_error (&error);

  g_assert_true (bs_variant_set (base, "height", "5", NULL));
  search = bs_design_search_new (base, varies, &goal, 1, "random", "random", 25, 6, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (search->schedule, ==, BS_DESIGN_SCHEDULE_CONSTANT);
  g_assert_cmpuint (bs_design_search_round_games (search, 4), ==, 25);
  g_assert_true (bs_design_search_set_schedule (search, BS_DESIGN_SCHEDULE_DOUBLING, &error));
  g_assert_cmpuint (bs_design_search_round_games (search, 1), ==, 25);
  g_assert_cmpuint (bs_design_search_round_games (search, 2), ==, 25);
  g_assert_cmpuint (bs_design_search_round_games (search, 3), ==, 50);
  g_assert_cmpuint (bs_design_search_round_games (search, 6), ==, 400);
  {
    g_autoptr(BsStudy) study = bs_design_search_round_study (search);
    g_assert_cmpuint (study->games, ==, 25);
  }

  huge = bs_design_search_new (base, varies, &goal, 1, "random", "random", 100, 20, 1, &error);
  g_assert_no_error (error);
  g_assert_false (bs_design_search_set_schedule (huge, BS_DESIGN_SCHEDULE_DOUBLING, &error));
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_clear_error (&error);

  constant = bs_design_search_settings_text ("breakthrough", NULL, varies, goal_texts, "easy",
                                             "easy", 100, 10, BS_DESIGN_SCHEDULE_CONSTANT, 1);
  doubling = bs_design_search_settings_text ("breakthrough", NULL, varies, goal_texts, "easy",
                                             "easy", 100, 10, BS_DESIGN_SCHEDULE_DOUBLING, 1);
  /* A constant search's file is the one written before schedules existed. */
  g_assert_cmpstr (constant, ==, constant_before_schedules);
  g_assert_null (strstr (constant, "schedule"));
  g_assert_nonnull (strstr (doubling, "\nschedule=doubling\n"));
}

/* The error rate: 400 races of 8 candidates, four fair (½) and four at 60% (10 points
 * off), fair within ± 5: a race errs when it eliminates a fair candidate or keeps an unfair
 * one. The union bound promises at most 5% of races; Bonferroni is conservative, so it is
 * far fewer. */
static guint
races_in_error (BsDesignSchedule schedule,
                guint            games,
                guint            rounds,
                guint            races)
{
  static const Truth truths[] = {
    { 0.5, 0, 40 }, { 0.5, 0, 40 }, { 0.5, 0, 40 }, { 0.5, 0, 40 },
    { 0.6, 0, 40 }, { 0.6, 0, 40 }, { 0.6, 0, 40 }, { 0.6, 0, 40 },
  };
  BsDesignGoal goal = { BS_DESIGN_GOAL_FAIR, 0.05, 0 };
  g_autoptr(GRand) rng = g_rand_new_with_seed (2026);
  guint wrong = 0;

  for (guint r = 0; r < races; r++)
    {
      g_autoptr(GPtrArray) candidates = NULL;
      gboolean erred = FALSE;
      guint played;

      candidates = race_scheduled (truths, G_N_ELEMENTS (truths), &goal, 1, schedule, games,
                                   rounds, rng, &played);
      for (guint i = 0; i < candidates->len; i++)
        {
          BsDesignCandidate *candidate = g_ptr_array_index (candidates, i);

          if ((truths[i].win == 0.5 && candidate->verdict == BS_DESIGN_FAILS) ||
              (truths[i].win != 0.5 && candidate->verdict == BS_DESIGN_MEETS))
            erred = TRUE;
        }
      wrong += erred;
    }
  g_test_message ("%s schedule: %u of %u races decided a candidate wrongly",
                  bs_design_schedule_id (schedule), wrong, races);
  return wrong;
}

static void
test_race_error_rate (void)
{
  g_assert_cmpuint (races_in_error (BS_DESIGN_SCHEDULE_CONSTANT, 100, 20, 400), <=, 400 / 20);
}

/* The same with the doubling schedule, 25 games in round 1 and at most 8 rounds (3,200
 * games a candidate): fewer looks, so a smaller z, and early looks on few games, where a
 * normal-approximation interval is least exact; the union bound must hold all the same. */
static void
test_race_error_rate_doubling (void)
{
  g_assert_cmpuint (races_in_error (BS_DESIGN_SCHEDULE_DOUBLING, 25, 8, 400), <=, 400 / 20);
}

/* Lead changes a game, at least N: mean ± z sd / √n over the evaluated games, worked by
 * hand; no evaluated game is undecided; a search between random players is refused; and
 * a round's tally is the file's games' lead changes (bs_stats_lead_changes). */
typedef struct {
  guint evaluated;
  guint64 changes;
} LeadSums;

static gboolean
sum_lead_changes (const BsStudy  *study,
                  BsStudyGame   **game,
                  gpointer        user_data,
                  GError        **error)
{
  LeadSums *sums = user_data;
  const BsStudyGame *g = *game;

  g_assert_cmpuint (g->evaluations->len, ==, g->plies);
  sums->evaluated++;
  sums->changes += bs_stats_lead_changes ((const gint16 *) (void *) g->evaluations->data,
                                          g->evaluations->len);
  return TRUE;
}

static void
test_lead_changes (void)
{
  BsDesignGoal at_least = { BS_DESIGN_GOAL_LEAD_CHANGES, 1.5, 0 };
  BsDesignTally tally = { 0 };
  BsDesignEvidence evidence;
  g_autoptr(BsVariant) base = bs_variant_new_for_module ("breakthrough", NULL);
  g_autofree char *dir = g_dir_make_tmp ("design-search-XXXXXX", NULL);
  g_autofree char *path = NULL;
  const char *varies[] = { "width=5..6", NULL };
  g_autoptr(BsDesignSearch) search = NULL;
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(BsStudyRunner) runner = NULL;
  g_autoptr(GError) error = NULL;
  LeadSums sums = { 0 };

  g_assert_cmpint (bs_design_goal_check (&at_least, &tally, 2, &evidence), ==,
                   BS_DESIGN_UNDECIDED);
  /* 20 games of 1 change and 20 of 3: mean 2, variance 40/39, ± 2 · √(40/39/40) =
   * ± 0.320256 at z = 2: [1.679744, 2.320256]. */
  for (guint i = 0; i < 40; i++)
    {
      bs_design_tally_add (&tally, 1, 30);
      bs_design_tally_add_lead_changes (&tally, i % 2 == 0 ? 1 : 3);
    }
  g_assert_cmpint (bs_design_goal_check (&at_least, &tally, 2, &evidence), ==,
                   BS_DESIGN_MEETS);
  g_assert_cmpfloat_with_epsilon (evidence.value, 2, 1e-12);
  g_assert_cmpfloat_with_epsilon (evidence.low, 1.679744, 1e-6);
  g_assert_cmpfloat_with_epsilon (evidence.high, 2.320256, 1e-6);
  at_least.low = 2.5;
  g_assert_cmpint (bs_design_goal_check (&at_least, &tally, 2, &evidence), ==,
                   BS_DESIGN_FAILS);
  at_least.low = 2;
  g_assert_cmpint (bs_design_goal_check (&at_least, &tally, 2, &evidence), ==,
                   BS_DESIGN_UNDECIDED);

  g_assert_nonnull (base);
  g_assert_true (bs_variant_set (base, "height", "5", NULL));
  search = bs_design_search_new (base, varies, &at_least, 1, "random", "random", 10, 2, 3,
                                 &error);
  g_assert_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "lead-changes>=2"));
  g_assert_null (search);
  g_clear_error (&error);

  search = bs_design_search_new (base, varies, &at_least, 1, "random", "20", 10, 2, 3,
                                 &error);
  g_assert_no_error (error);
  study = bs_design_search_round_study (search);
  path = bs_design_search_round_path (dir, 1, 0, 0);
  runner = bs_study_runner_new (study, path, &error);
  g_assert_no_error (error);
  g_assert_true (bs_study_runner_run (runner, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (bs_design_search_count_round (search, path, &error));
  g_assert_no_error (error);
  g_clear_pointer (&study, bs_study_unref);
  study = bs_study_load_file (path, sum_lead_changes, &sums, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (sums.evaluated, ==, 20);
  {
    const BsDesignCandidate *a = search->candidates->pdata[0];
    const BsDesignCandidate *b = search->candidates->pdata[1];

    g_assert_cmpuint (a->tally.evaluated + b->tally.evaluated, ==, sums.evaluated);
    g_assert_cmpuint (a->tally.lead_changes + b->tally.lead_changes, ==, sums.changes);
  }
  g_test_message ("lead changes in 20 games: %" G_GUINT64_FORMAT, sums.changes);
  g_assert_cmpuint (sums.changes, >, 0);
  g_unlink (path);
  {
    g_autofree char *journal = bs_study_journal_path (path);
    g_unlink (journal);
  }
  g_rmdir (dir);
}

/* Distances to each kind of goal, and the Pareto front of five candidates on two goals
 * that conflict (a length band and at least four lead changes), worked by hand: A (38
 * plies, 3.6 changes: distances 0, 0.4), B (44, 4.2: 4, 0), C (45, 3.0: 5, 1; B is
 * nearer on both), D (35, 2.0: 0, 2; A is as near on length and nearer on changes), E
 * (38, 3.6: A's equal, and equals do not beat each other). Front: A, B, E. */
static void
test_pareto (void)
{
  static const double figures[][2] = { { 38, 3.6 }, { 44, 4.2 }, { 45, 3.0 }, { 35, 2.0 },
                                       { 38, 3.6 } };
  static const gboolean expected[] = { TRUE, TRUE, FALSE, FALSE, TRUE };
  BsDesignGoal fair = { BS_DESIGN_GOAL_FAIR, 0.03, 0 };
  BsDesignGoal draws = { BS_DESIGN_GOAL_DRAWS_BELOW, 0.2, 0 };
  BsDesignEvidence evidence = { 0 };
  g_autofree BsDesignSearch *search = g_new0 (BsDesignSearch, 1);
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);
  gboolean front[G_N_ELEMENTS (figures)];

  evidence.value = 0.56;
  g_assert_cmpfloat_with_epsilon (bs_design_goal_distance (&fair, &evidence), 3, 1e-9);
  evidence.value = 0.47;
  g_assert_cmpfloat_with_epsilon (bs_design_goal_distance (&fair, &evidence), 0, 1e-9);
  evidence.value = 0.25;
  g_assert_cmpfloat_with_epsilon (bs_design_goal_distance (&draws, &evidence), 5, 1e-9);

  search->goals[0] = (BsDesignGoal) { BS_DESIGN_GOAL_LENGTH, 30, 40 };
  search->goals[1] = (BsDesignGoal) { BS_DESIGN_GOAL_LEAD_CHANGES, 4, 0 };
  search->n_goals = 2;
  search->candidates = candidates;
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    {
      BsDesignCandidate *candidate = g_new0 (BsDesignCandidate, 1);

      candidate->evidence[0].value = figures[i][0];
      candidate->evidence[1].value = figures[i][1];
      g_ptr_array_add (candidates, candidate);
    }
  g_assert_cmpuint (bs_design_search_pareto (search, front), ==, 3);
  for (guint i = 0; i < G_N_ELEMENTS (figures); i++)
    g_assert_cmpint (front[i], ==, expected[i]);

  /* One candidate inside both goals: it alone is on the front. */
  ((BsDesignCandidate *) candidates->pdata[2])->evidence[0].value = 36;
  ((BsDesignCandidate *) candidates->pdata[2])->evidence[1].value = 4.5;
  g_assert_cmpuint (bs_design_search_pareto (search, front), ==, 1);
  g_assert_true (front[2]);
}

/* Rounds as studies: a search over Breakthrough's width on a 5-high board between random
 * players; each round's study is played into a file and counted. Counting is deterministic
 * and a file of another round, or one short of games, is refused. */
static void
test_rounds_from_files (void)
{
  g_autoptr(BsVariant) base = bs_variant_new_for_module ("breakthrough", NULL);
  g_autofree char *dir = g_dir_make_tmp ("design-search-XXXXXX", NULL);
  const char *varies[] = { "width=5..6", NULL };
  BsDesignGoal goal = { BS_DESIGN_GOAL_FAIR, 0.05, 0 };
  g_autoptr(BsDesignSearch) search = NULL;
  g_autoptr(BsDesignSearch) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *wrong = NULL;

  g_assert_nonnull (base);
  g_assert_true (bs_variant_set (base, "height", "5", NULL));
  search = bs_design_search_new (base, varies, &goal, 1, "random", "random", 20, 3, 9, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (search->candidates->len, ==, 2);
  g_assert_cmpstr (((BsDesignCandidate *) search->candidates->pdata[1])->label, ==, "width=6");

  for (guint round = 1; !bs_design_search_finished (search); round++)
    {
      g_autoptr(BsStudy) study = bs_design_search_round_study (search);
      g_autoptr(BsStudyRunner) runner = NULL;

      g_clear_pointer (&path, g_free);
      path = bs_design_search_round_path (dir, round, 0, 0);
      runner = bs_study_runner_new (study, path, &error);
      g_assert_no_error (error);
      bs_study_runner_set_jobs (runner, 1);
      g_assert_true (bs_study_runner_run (runner, NULL, NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (bs_design_search_count_round (search, path, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (search->rounds_done, ==, round);
    }
  g_assert_cmpuint (bs_design_search_total_games (search), <=,
                    bs_design_search_grid_games (search));

  /* The same files counted again give the same tallies. */
  again = bs_design_search_new (base, varies, &goal, 1, "random", "random", 20, 3, 9, &error);
  g_assert_no_error (error);
  for (guint round = 1; round <= search->rounds_done; round++)
    {
      g_autofree char *p = bs_design_search_round_path (dir, round, 0, 0);
      g_assert_true (bs_design_search_count_round (again, p, &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < 2; i++)
    {
      BsDesignCandidate *a = search->candidates->pdata[i], *b = again->candidates->pdata[i];

      g_assert_cmpuint (a->tally.games, ==, b->tally.games);
      g_assert_cmpuint (a->tally.half_points, ==, b->tally.half_points);
      g_assert_cmpuint (a->tally.plies, ==, b->tally.plies);
      g_assert_cmpint (a->verdict, ==, b->verdict);
    }

  /* Round 1's file is not round 2 of a fresh search of another seed. */
  g_clear_pointer (&again, bs_design_search_free);
  again = bs_design_search_new (base, varies, &goal, 1, "random", "random", 20, 3, 10, &error);
  wrong = bs_design_search_round_path (dir, 1, 0, 0);
  g_assert_false (bs_design_search_count_round (again, wrong, &error));
  g_assert_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH);
  g_assert_cmpuint (again->rounds_done, ==, 0);
  g_clear_error (&error);

  /* A value the module refuses is named. */
  {
    const char *too_small[] = { "width=2,5", NULL };
    g_autoptr(BsDesignSearch) none = bs_design_search_new (base, too_small, &goal, 1, "random",
                                                           "random", 20, 3, 9, &error);
    g_assert_null (none);
    g_assert_nonnull (error);
    g_assert_nonnull (strstr (error->message, "width=2"));
  }

  {
    g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
    const char *name;

    while ((name = g_dir_read_name (folder)) != NULL)
      {
        g_autofree char *file = g_build_filename (dir, name, NULL);
        g_unlink (file);
      }
    g_rmdir (dir);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/design-search/goal-parse", test_goal_parse);
  g_test_add_func ("/design-search/z", test_z);
  g_test_add_func ("/design-search/check", test_check);
  g_test_add_func ("/design-search/lead-changes", test_lead_changes);
  g_test_add_func ("/design-search/pareto", test_pareto);
  g_test_add_func ("/design-search/race-fair", test_race_fair);
  g_test_add_func ("/design-search/race-three-goals", test_race_three_goals);
  g_test_add_func ("/design-search/race-error-rate", test_race_error_rate);
  g_test_add_func ("/design-search/schedule", test_schedule);
  g_test_add_func ("/design-search/race-doubling", test_race_doubling);
  g_test_add_func ("/design-search/race-error-rate-doubling", test_race_error_rate_doubling);
  g_test_add_func ("/design-search/rounds-from-files", test_rounds_from_files);
  return g_test_run ();
}
