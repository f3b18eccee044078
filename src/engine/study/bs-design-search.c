/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-study"

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "bs-design-search.h"
#include "bs-error.h"
#include "bs-study-stats.h"

/* The golden ratio's 64 bits: round r's seed is the search's plus (r − 1) times this. */
#define ROUND_SEED_STEP G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)

static gboolean
parse_number (const char *text,
              double     *value)
{
  char *end = NULL;

  if (text == NULL || *text == '\0' || g_ascii_isspace (*text))
    return FALSE;
  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && isfinite (*value);
}

gboolean
bs_design_goal_parse (const char   *text,
                      BsDesignGoal *goal,
                      GError      **error)
{
  memset (goal, 0, sizeof *goal);
  if (g_strcmp0 (text, "fair") == 0)
    {
      goal->kind = BS_DESIGN_GOAL_FAIR;
      goal->low = BS_STUDY_FAIR_MARGIN;
      return TRUE;
    }
  if (g_str_has_prefix (text, "fair:"))
    {
      double points;

      if (parse_number (text + 5, &points) && points > 0 && points < 50)
        {
          goal->kind = BS_DESIGN_GOAL_FAIR;
          goal->low = points / 100;
          return TRUE;
        }
    }
  else if (g_str_has_prefix (text, "draws<"))
    {
      g_autofree char *number = g_strdup (text + 6);
      double percent;

      if (g_str_has_suffix (number, "%"))
        number[strlen (number) - 1] = '\0';
      if (parse_number (number, &percent) && percent > 0 && percent <= 100)
        {
          goal->kind = BS_DESIGN_GOAL_DRAWS_BELOW;
          goal->low = percent / 100;
          return TRUE;
        }
    }
  else if (g_str_has_prefix (text, "length="))
    {
      g_auto(GStrv) ends = g_strsplit (text + 7, "..", 2);
      double a, b;

      if (g_strv_length (ends) == 2 && parse_number (ends[0], &a) &&
          parse_number (ends[1], &b) && a >= 0 && a <= b)
        {
          goal->kind = BS_DESIGN_GOAL_LENGTH;
          goal->low = a;
          goal->high = b;
          return TRUE;
        }
    }
  else if (g_str_has_prefix (text, "lead-changes>="))
    {
      double changes;

      if (parse_number (text + 14, &changes) && changes > 0)
        {
          goal->kind = BS_DESIGN_GOAL_LEAD_CHANGES;
          goal->low = changes;
          return TRUE;
        }
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               /* Translators: do not translate fair, draws, length, lead-changes: they are
                * typed as they are. */
               _("--goal: \"%s\" is not fair, fair:POINTS (0 to 50), draws<PERCENT%%, "
                 "length=A..B (plies) or lead-changes>=N (more than 0)"), text);
  return FALSE;
}

char *
bs_design_goal_to_string (const BsDesignGoal *goal)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

  switch (goal->kind)
    {
    case BS_DESIGN_GOAL_FAIR:
      return g_strdup_printf ("fair:%s", g_ascii_formatd (a, sizeof a, "%.6g", 100 * goal->low));
    case BS_DESIGN_GOAL_DRAWS_BELOW:
      return g_strdup_printf ("draws<%s%%",
                              g_ascii_formatd (a, sizeof a, "%.6g", 100 * goal->low));
    case BS_DESIGN_GOAL_LEAD_CHANGES:
      return g_strdup_printf ("lead-changes>=%s",
                              g_ascii_formatd (a, sizeof a, "%.6g", goal->low));
    case BS_DESIGN_GOAL_LENGTH:
    default:
      return g_strdup_printf ("length=%s..%s", g_ascii_formatd (a, sizeof a, "%.6g", goal->low),
                              g_ascii_formatd (b, sizeof b, "%.6g", goal->high));
    }
}

const char *
bs_design_goal_id (const BsDesignGoal *goal)
{
  switch (goal->kind)
    {
    case BS_DESIGN_GOAL_FAIR: return "fair";
    case BS_DESIGN_GOAL_DRAWS_BELOW: return "draws";
    case BS_DESIGN_GOAL_LEAD_CHANGES: return "lead-changes";
    case BS_DESIGN_GOAL_LENGTH:
    default: return "length";
    }
}

const char *
bs_design_schedule_id (BsDesignSchedule schedule)
{
  return schedule == BS_DESIGN_SCHEDULE_DOUBLING ? "doubling" : "constant";
}

gboolean
bs_design_schedule_parse (const char       *text,
                          BsDesignSchedule *schedule,
                          GError          **error)
{
  if (g_strcmp0 (text, "constant") == 0)
    *schedule = BS_DESIGN_SCHEDULE_CONSTANT;
  else if (g_strcmp0 (text, "doubling") == 0)
    *schedule = BS_DESIGN_SCHEDULE_DOUBLING;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: do not translate constant and doubling: they are typed. */
                   _("--schedule: \"%s\" is not constant or doubling"),
                   text != NULL ? text : "");
      return FALSE;
    }
  return TRUE;
}

guint64
bs_design_schedule_games_after (BsDesignSchedule schedule,
                                guint            games_per_round,
                                guint            round)
{
  if (schedule == BS_DESIGN_SCHEDULE_CONSTANT)
    return (guint64) games_per_round * round;
  if (round == 0)
    return 0;
  /* games_per_round < 2^32, so the shift stays below 2^64 while round − 1 < 32. */
  if (round - 1 >= 32)
    return G_MAXUINT64;
  return (guint64) games_per_round << (round - 1);
}

const char *
bs_design_verdict_id (BsDesignVerdict verdict)
{
  switch (verdict)
    {
    case BS_DESIGN_MEETS: return "meets";
    case BS_DESIGN_FAILS: return "fails";
    case BS_DESIGN_UNDECIDED:
    default: return "undecided";
    }
}

void
bs_design_tally_add (BsDesignTally *tally,
                     guint          half_points,
                     guint          plies)
{
  tally->games++;
  tally->half_points += half_points;
  if (half_points == 1)
    tally->draws++;
  tally->plies += plies;
  tally->plies_squares += (guint64) plies * plies;
}

void
bs_design_tally_add_lead_changes (BsDesignTally *tally,
                                  guint          changes)
{
  tally->evaluated++;
  tally->lead_changes += changes;
  tally->lead_changes_squares += (guint64) changes * changes;
}

/* mean ± z sd / √n of a sum and a sum of squares over n games (n ≥ 2). */
static void
mean_interval (guint64 sum,
               guint64 squares,
               guint   n,
               double  z,
               double *mean,
               double *low,
               double *high)
{
  double variance;

  *mean = (double) sum / n;
  variance = ((double) squares - n * *mean * *mean) / (n - 1);
  *low = MAX (0.0, *mean - z * sqrt (MAX (0.0, variance) / n));
  *high = *mean + z * sqrt (MAX (0.0, variance) / n);
}

/* Wilson's interval of a proportion p over n (a real number of) games. */
static void
wilson (double  p,
        double  n,
        double  z,
        double *low,
        double *high)
{
  double z2 = z * z;
  double denominator = 1 + z2 / n;
  double centre = (p + z2 / (2.0 * n)) / denominator;
  double half = z / denominator * sqrt (p * (1 - p) / n + z2 / (4.0 * n * n));

  *low = MAX (0.0, centre - half);
  *high = MIN (1.0, centre + half);
}

/* Where [low, high] lies against the goal's [a, b]. */
static BsDesignVerdict
place (double low,
       double high,
       double a,
       double b)
{
  if (low >= a && high <= b)
    return BS_DESIGN_MEETS;
  if (high < a || low > b)
    return BS_DESIGN_FAILS;
  return BS_DESIGN_UNDECIDED;
}

BsDesignVerdict
bs_design_goal_check (const BsDesignGoal  *goal,
                      const BsDesignTally *tally,
                      double               z,
                      BsDesignEvidence    *out)
{
  guint n = tally->games;

  memset (out, 0, sizeof *out);
  switch (goal->kind)
    {
    case BS_DESIGN_GOAL_FAIR:
      out->value = n > 0 ? tally->half_points / (2.0 * n) : 0.5;
      out->low = 0;
      out->high = 1;
      if (n > 0)
        {
          /* As the lab's interval (bs_stats_score_with_draws), at z. */
          double effective = n / bs_stats_design_effect (tally->half_points, tally->draws, n);

          wilson (out->value, effective, z, &out->low, &out->high);
          if (tally->half_points == 0)
            out->low = 0;
          if (tally->half_points >= 2 * n)
            out->high = 1;
        }
      out->verdict = n > 0 ? place (out->low, out->high, 0.5 - goal->low, 0.5 + goal->low)
                           : BS_DESIGN_UNDECIDED;
      break;
    case BS_DESIGN_GOAL_DRAWS_BELOW:
      out->value = n > 0 ? (double) tally->draws / n : 0;
      bs_stats_wilson (tally->draws, n, z, &out->low, &out->high);
      /* Below the share: an interval wholly under it meets; one at or over it fails. */
      if (n == 0)
        out->verdict = BS_DESIGN_UNDECIDED;
      else if (out->high < goal->low)
        out->verdict = BS_DESIGN_MEETS;
      else if (out->low >= goal->low)
        out->verdict = BS_DESIGN_FAILS;
      else
        out->verdict = BS_DESIGN_UNDECIDED;
      break;
    case BS_DESIGN_GOAL_LEAD_CHANGES:
      {
        guint e = tally->evaluated;

        out->value = e > 0 ? (double) tally->lead_changes / e : 0;
        out->low = 0;
        out->high = INFINITY;
        if (e >= 2)
          mean_interval (tally->lead_changes, tally->lead_changes_squares, e, z,
                         &out->value, &out->low, &out->high);
        /* At least low: an interval wholly at or above it meets, one wholly under fails. */
        out->verdict = e < 2 ? BS_DESIGN_UNDECIDED
                     : out->low >= goal->low ? BS_DESIGN_MEETS
                     : out->high < goal->low ? BS_DESIGN_FAILS
                     : BS_DESIGN_UNDECIDED;
      }
      break;
    case BS_DESIGN_GOAL_LENGTH:
    default:
      out->value = n > 0 ? (double) tally->plies / n : 0;
      out->low = 0;
      out->high = INFINITY;
      if (n >= 2)
        mean_interval (tally->plies, tally->plies_squares, n, z, &out->value, &out->low,
                       &out->high);
      out->verdict = n >= 2 ? place (out->low, out->high, goal->low, goal->high)
                            : BS_DESIGN_UNDECIDED;
      break;
    }
  return out->verdict;
}

double
bs_design_z (double alpha,
             guint  candidates,
             guint  goals,
             guint  rounds)
{
  double tail = alpha / (2.0 * MAX (1u, candidates) * MAX (1u, goals) * MAX (1u, rounds));
  double lo = 0, hi = 40;

  /* P(Z > z) = tail, by bisection: the survival function decreases. */
  for (int i = 0; i < 200; i++)
    {
      double mid = (lo + hi) / 2;

      if (bs_stats_normal_sf (mid) > tail)
        lo = mid;
      else
        hi = mid;
    }
  return (lo + hi) / 2;
}

void
bs_design_decide (GPtrArray          *candidates,
                  const BsDesignGoal *goals,
                  guint               n_goals,
                  double              z,
                  guint               round)
{
  for (guint i = 0; i < candidates->len; i++)
    {
      BsDesignCandidate *candidate = g_ptr_array_index (candidates, i);
      gboolean all_met = TRUE;

      if (candidate->verdict != BS_DESIGN_UNDECIDED)
        continue;
      candidate->failed_goal = -1;
      for (guint g = 0; g < n_goals; g++)
        {
          BsDesignVerdict verdict = bs_design_goal_check (&goals[g], &candidate->tally, z,
                                                          &candidate->evidence[g]);

          if (verdict == BS_DESIGN_FAILS && candidate->failed_goal < 0)
            candidate->failed_goal = (int) g;
          if (verdict != BS_DESIGN_MEETS)
            all_met = FALSE;
        }
      if (candidate->failed_goal >= 0)
        candidate->verdict = BS_DESIGN_FAILS;
      else if (all_met)
        candidate->verdict = BS_DESIGN_MEETS;
      if (candidate->verdict != BS_DESIGN_UNDECIDED)
        candidate->round = round;
    }
}

static void
candidate_free (gpointer data)
{
  BsDesignCandidate *candidate = data;

  g_free (candidate->label);
  g_strfreev (candidate->values);
  bs_variant_free (candidate->variant);
  g_free (candidate);
}

/* A --vary's values: A..B, A..B:STEP (whole numbers) or a list x,y,z. */
static GStrv
parse_values (const char *key,
              const char *range,
              GError    **error)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) values = NULL;
  const char *dots = strstr (range, "..");

  if (dots != NULL)
    {
      g_autofree char *first = g_strndup (range, (gsize) (dots - range));
      g_auto(GStrv) tail = g_strsplit (dots + 2, ":", 2);
      gint64 a, b, step = 1;

      if (!g_ascii_string_to_signed (first, 10, -1000000, 1000000, &a, NULL) ||
          !g_ascii_string_to_signed (tail[0], 10, -1000000, 1000000, &b, NULL) ||
          (tail[1] != NULL &&
           !g_ascii_string_to_signed (tail[1], 10, 1, 1000000, &step, NULL)) || a > b)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--vary %s=%s: a range is A..B or A..B:STEP with whole numbers, "
                         "A ≤ B"), key, range);
          return NULL;
        }
      for (gint64 v = a; v <= b && (v - a) / step < BS_DESIGN_MAX_CANDIDATES + 1; v += step)
        {
          g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, v);
          g_strv_builder_add (builder, text);
        }
    }
  else
    {
      g_auto(GStrv) items = g_strsplit (range, ",", -1);

      for (guint i = 0; items[i] != NULL; i++)
        {
          if (*items[i] == '\0' || g_strv_contains ((const char * const *) items + i + 1,
                                                    items[i]))
            {
              g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           *items[i] == '\0'
                           ? _("--vary %s=%s: an empty value in the list")
                           : _("--vary %s=%s: a value is given twice"), key, range);
              return NULL;
            }
          g_strv_builder_add (builder, items[i]);
        }
    }
  values = g_strv_builder_end (builder);
  return g_steal_pointer (&values);
}

BsDesignSearch *
bs_design_search_new (const BsVariant    *base,
                      const char * const *varies,
                      const BsDesignGoal *goals,
                      guint               n_goals,
                      const char         *level_a,
                      const char         *level_b,
                      guint               games_per_round,
                      guint               max_rounds,
                      guint64             seed,
                      GError            **error)
{
  g_autoptr(BsDesignSearch) search = g_new0 (BsDesignSearch, 1);
  GStrv values[BS_DESIGN_MAX_VARIED] = { NULL };
  guint counts[BS_DESIGN_MAX_VARIED], total = 1, n_varies = g_strv_length ((GStrv) varies);
  gboolean ok = TRUE;

  g_return_val_if_fail (n_goals >= 1 && n_goals <= BS_DESIGN_MAX_GOALS, NULL);
  search->seed = seed;
  search->level_a = g_strdup (level_a);
  search->level_b = g_strdup (level_b);
  search->games_per_round = games_per_round;
  search->max_rounds = max_rounds;
  memcpy (search->goals, goals, n_goals * sizeof *goals);
  search->n_goals = n_goals;
  search->candidates = g_ptr_array_new_with_free_func (candidate_free);

  /* Lead changes come from the common evaluator, which judges a study only where a
   * search plays: between random players the goal could never be decided. */
  for (guint g = 0; g < n_goals; g++)
    if (goals[g].kind == BS_DESIGN_GOAL_LEAD_CHANGES &&
        g_ascii_strcasecmp (level_a, "random") == 0 && g_ascii_strcasecmp (level_b, "random") == 0)
      {
        g_autofree char *text = bs_design_goal_to_string (&goals[g]);

        g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                     _("--goal %s: lead changes are measured only where a search plays; "
                       "make --white or --black easy, medium, hard or a budget"), text);
        return NULL;
      }

  if (n_varies == 0 || n_varies > BS_DESIGN_MAX_VARIED)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("a search varies 1 to %d settings (--vary KEY=RANGE), not %u"),
                   BS_DESIGN_MAX_VARIED, n_varies);
      return NULL;
    }
  for (guint k = 0; k < n_varies && ok; k++)
    {
      const char *equals = strchr (varies[k], '=');

      if (equals == NULL || equals == varies[k])
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("--vary: \"%s\" is not KEY=RANGE"), varies[k]);
          ok = FALSE;
          break;
        }
      search->keys[k] = g_strndup (varies[k], (gsize) (equals - varies[k]));
      search->n_keys = k + 1;
      for (guint j = 0; j < k; j++)
        if (g_strcmp0 (search->keys[j], search->keys[k]) == 0)
          {
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("--vary %s is given twice"), search->keys[k]);
            ok = FALSE;
          }
      if (ok)
        values[k] = parse_values (search->keys[k], equals + 1, error);
      ok = ok && values[k] != NULL;
      if (ok)
        {
          counts[k] = g_strv_length (values[k]);
          total = MIN (total * counts[k], BS_DESIGN_MAX_CANDIDATES + 1);
        }
    }
  if (ok && total > BS_DESIGN_MAX_CANDIDATES)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("the settings varied make more than %d candidates"),
                   BS_DESIGN_MAX_CANDIDATES);
      ok = FALSE;
    }
  /* The cartesian product, the last setting varying fastest. */
  for (guint c = 0; ok && c < total; c++)
    {
      BsDesignCandidate *candidate = g_new0 (BsDesignCandidate, 1);
      g_autoptr(GString) label = g_string_new (NULL);
      g_autoptr(BsStudy) check = NULL;
      guint rest = c;

      candidate->failed_goal = -1;
      candidate->variant = bs_variant_copy (base);
      candidate->values = g_new0 (char *, n_varies + 1);
      g_ptr_array_add (search->candidates, candidate);
      for (int k = (int) n_varies - 1; k >= 0; k--)
        {
          candidate->values[k] = g_strdup (values[k][rest % counts[k]]);
          rest /= counts[k];
        }
      for (guint k = 0; k < n_varies && ok; k++)
        {
          g_string_append_printf (label, "%s%s=%s", k > 0 ? " " : "", search->keys[k],
                                  candidate->values[k]);
          ok = bs_variant_set (candidate->variant, search->keys[k], candidate->values[k],
                               error);
        }
      candidate->label = g_strdup (label->str);
      if (!ok)
        {
          g_autofree char *what = g_strconcat ("--vary ", candidate->label, NULL);

          g_prefix_error (error, "%s: ", what);
          break;
        }
      /* Its ruleset: a value the module refuses is named here, before any game. */
      check = bs_study_new (BS_STUDY_SINGLE, seed, level_a, level_b, error);
      if (check != NULL)
        bs_study_add_arm (check, candidate->variant, NULL);
      ok = check != NULL && bs_study_prepare (check, error);
      if (!ok)
        {
          g_autofree char *what = g_strconcat ("--vary ", candidate->label, NULL);

          g_prefix_error (error, "%s: ", what);
        }
    }
  for (guint k = 0; k < BS_DESIGN_MAX_VARIED; k++)
    g_strfreev (values[k]);
  if (!ok)
    return NULL;
  search->z = bs_design_z (BS_DESIGN_ALPHA, search->candidates->len, n_goals, max_rounds);
  return g_steal_pointer (&search);
}

void
bs_design_search_free (BsDesignSearch *search)
{
  if (search == NULL)
    return;
  g_free (search->level_a);
  g_free (search->level_b);
  for (guint k = 0; k < BS_DESIGN_MAX_VARIED; k++)
    g_free (search->keys[k]);
  g_clear_pointer (&search->candidates, g_ptr_array_unref);
  g_free (search);
}

gboolean
bs_design_search_set_schedule (BsDesignSearch   *search,
                               BsDesignSchedule  schedule,
                               GError          **error)
{
  guint64 most = bs_design_schedule_games_after (schedule, search->games_per_round,
                                                 search->max_rounds);

  g_return_val_if_fail (search->rounds_done == 0, FALSE);
  if (schedule != BS_DESIGN_SCHEDULE_CONSTANT && most > BS_STUDY_MAX_GAMES)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("--schedule %s: %u rounds from %u games would let a candidate play more "
                     "than %u games; give fewer rounds"), bs_design_schedule_id (schedule),
                   search->max_rounds, search->games_per_round, (guint) BS_STUDY_MAX_GAMES);
      return FALSE;
    }
  search->schedule = schedule;
  return TRUE;
}

guint
bs_design_search_round_games (const BsDesignSearch *search,
                              guint                 round)
{
  g_return_val_if_fail (round >= 1, 0);
  return (guint) (bs_design_schedule_games_after (search->schedule, search->games_per_round,
                                                  round) -
                  bs_design_schedule_games_after (search->schedule, search->games_per_round,
                                                  round - 1));
}

gboolean
bs_design_search_finished (const BsDesignSearch *search)
{
  if (search->rounds_done >= search->max_rounds)
    return TRUE;
  for (guint i = 0; i < search->candidates->len; i++)
    {
      const BsDesignCandidate *candidate = g_ptr_array_index (search->candidates, i);

      if (candidate->verdict == BS_DESIGN_UNDECIDED)
        return FALSE;
    }
  return TRUE;
}

BsStudy *
bs_design_search_round_study (const BsDesignSearch *search)
{
  guint64 seed = search->seed + (guint64) search->rounds_done * ROUND_SEED_STEP;
  g_autoptr(BsStudy) study = bs_study_new (BS_STUDY_SWEEP, seed, search->level_a,
                                           search->level_b, NULL);
  g_autofree char *keys = NULL;

  g_return_val_if_fail (study != NULL, NULL);
  keys = g_strjoinv (" ", (GStrv) search->keys);
  study->sweep_key = g_steal_pointer (&keys);
  study->default_arm = -1;
  study->games = bs_design_search_round_games (search, search->rounds_done + 1);
  for (guint i = 0; i < search->candidates->len; i++)
    {
      const BsDesignCandidate *candidate = g_ptr_array_index (search->candidates, i);

      if (candidate->verdict == BS_DESIGN_UNDECIDED)
        bs_study_add_arm (study, candidate->variant, candidate->label);
    }
  if (!bs_study_prepare (study, NULL))
    g_return_val_if_reached (NULL);
  return g_steal_pointer (&study);
}

char *
bs_design_search_round_path (const char *dir,
                             guint       round,
                             guint       shard_index,
                             guint       shard_count)
{
  g_autofree char *name = shard_count > 1
                          ? g_strdup_printf ("round-%u.shard-%u-of-%u.xml", round, shard_index,
                                             shard_count)
                          : g_strdup_printf ("round-%u.xml", round);

  return g_build_filename (dir, name, NULL);
}

/* The shard files of a round in dir: round-R.shard-I-of-N.xml. */
GPtrArray *
bs_design_search_find_shards (const char *dir,
             guint       round)
{
  g_autoptr(GDir) folder = g_dir_open (dir, 0, NULL);
  GPtrArray *found = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *prefix = g_strdup_printf ("round-%u.shard-", round);
  const char *name;

  while (folder != NULL && (name = g_dir_read_name (folder)) != NULL)
    {
      guint index, count;
      g_autofree char *again = NULL;

      if (!g_str_has_prefix (name, prefix) ||
          sscanf (name + strlen (prefix), "%u-of-%u.xml", &index, &count) != 2)
        continue;
      again = g_strdup_printf ("%s%u-of-%u.xml", prefix, index, count);
      if (strcmp (again, name) == 0)
        g_ptr_array_add (found, g_build_filename (dir, name, NULL));
    }
  g_ptr_array_sort (found, (GCompareFunc) g_strcmp0);
  return found;
}

typedef struct {
  BsDesignCandidate **by_arm;
  guint              *games;
} CountData;

static gboolean
count_game (const BsStudy  *study,
            BsStudyGame   **game,
            gpointer        user_data,
            GError        **error)
{
  CountData *data = user_data;
  const BsStudyGame *g = *game;

  bs_design_tally_add (&data->by_arm[g->arm]->tally, bs_study_game_half_points (g, 1),
                       g->plies);
  if (g->evaluations->len > 0 &&
      g_array_index (g->evaluations, gint16, g->evaluations->len - 1) >= 0)
    bs_design_tally_add_lead_changes (&data->by_arm[g->arm]->tally,
                                      bs_stats_lead_changes ((const gint16 *) (void *) g->evaluations->data,
                                                             g->evaluations->len));
  data->games[g->arm]++;
  return TRUE;
}

gboolean
bs_design_search_count_round (BsDesignSearch *search,
                              const char     *path,
                              GError        **error)
{
  g_autoptr(BsStudy) expected = NULL;
  g_autoptr(BsStudy) header = NULL;
  g_autoptr(BsStudy) read = NULL;
  g_autoptr(GError) local = NULL;
  g_autofree BsDesignCandidate **by_arm = NULL;
  g_autofree guint *games = NULL;
  g_autofree BsDesignTally *before = NULL;
  CountData data;
  guint round = search->rounds_done + 1, n_arms, arm = 0;
  guint round_games = bs_design_search_round_games (search, round);

  g_return_val_if_fail (!bs_design_search_finished (search), FALSE);
  expected = bs_design_search_round_study (search);
  header = bs_study_load_header (path, error);
  if (header == NULL)
    return FALSE;
  if (header->shard_count > 1 || !bs_study_same (expected, header, &local))
    {
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
                   _("%s is not round %u of this search (%s)"), path, round,
                   local != NULL ? local->message : _("it is one shard"));
      return FALSE;
    }
  n_arms = bs_study_n_arms (expected);
  by_arm = g_new0 (BsDesignCandidate *, n_arms);
  games = g_new0 (guint, n_arms);
  before = g_new0 (BsDesignTally, search->candidates->len);
  for (guint i = 0; i < search->candidates->len; i++)
    {
      BsDesignCandidate *candidate = g_ptr_array_index (search->candidates, i);

      before[i] = candidate->tally;
      if (candidate->verdict == BS_DESIGN_UNDECIDED)
        by_arm[arm++] = candidate;
    }
  data.by_arm = by_arm;
  data.games = games;
  read = bs_study_load_file (path, count_game, &data, error);
  for (arm = 0; read != NULL && arm < n_arms; arm++)
    if (games[arm] != round_games)
      {
        g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_INCOMPLETE,
                     _("%s: %s has %u of the round's %u games"), path, by_arm[arm]->label,
                     games[arm], round_games);
        break;
      }
  if (read == NULL || arm < n_arms)
    {
      for (guint i = 0; i < search->candidates->len; i++)
        ((BsDesignCandidate *) g_ptr_array_index (search->candidates, i))->tally = before[i];
      return FALSE;
    }
  bs_design_decide (search->candidates, search->goals, search->n_goals, search->z, round);
  search->rounds_done = round;
  return TRUE;
}

guint64
bs_design_search_total_games (const BsDesignSearch *search)
{
  guint64 total = 0;

  for (guint i = 0; i < search->candidates->len; i++)
    total += ((const BsDesignCandidate *) g_ptr_array_index (search->candidates, i))->tally.games;
  return total;
}

guint64
bs_design_search_grid_games (const BsDesignSearch *search)
{
  guint most = 0;

  for (guint i = 0; i < search->candidates->len; i++)
    most = MAX (most,
                ((const BsDesignCandidate *) g_ptr_array_index (search->candidates, i))
                  ->tally.games);
  return (guint64) most * search->candidates->len;
}

double
bs_design_goal_distance (const BsDesignGoal     *goal,
                         const BsDesignEvidence *evidence)
{
  double v = evidence->value;

  switch (goal->kind)
    {
    case BS_DESIGN_GOAL_FAIR:
      return 100 * MAX (0.0, fabs (v - 0.5) - goal->low);
    case BS_DESIGN_GOAL_DRAWS_BELOW:
      return 100 * MAX (0.0, v - goal->low);
    case BS_DESIGN_GOAL_LEAD_CHANGES:
      return MAX (0.0, goal->low - v);
    case BS_DESIGN_GOAL_LENGTH:
    default:
      return MAX (0.0, MAX (goal->low - v, v - goal->high));
    }
}

guint
bs_design_search_pareto (const BsDesignSearch *search,
                         gboolean             *front)
{
  guint n = search->candidates->len, count = 0;
  g_autofree double *distance = g_new (double, (gsize) n * search->n_goals);

  for (guint i = 0; i < n; i++)
    {
      const BsDesignCandidate *c = search->candidates->pdata[i];

      for (guint g = 0; g < search->n_goals; g++)
        distance[i * search->n_goals + g] = bs_design_goal_distance (&search->goals[g],
                                                                     &c->evidence[g]);
    }
  for (guint i = 0; i < n; i++)
    {
      front[i] = TRUE;
      for (guint j = 0; j < n && front[i]; j++)
        {
          gboolean no_worse = TRUE, better = FALSE;

          for (guint g = 0; g < search->n_goals; g++)
            {
              double di = distance[i * search->n_goals + g], dj = distance[j * search->n_goals + g];

              no_worse &= dj <= di;
              better |= dj < di;
            }
          if (j != i && no_worse && better)
            front[i] = FALSE;
        }
      count += front[i];
    }
  return count;
}

char *
bs_design_search_settings_text (const char         *variant,
                                const char * const *sets,
                                const char * const *varies,
                                const char * const *goals,
                                const char         *white,
                                const char         *black,
                                guint               games,
                                guint               rounds,
                                BsDesignSchedule    schedule,
                                guint64             seed)
{
  const char *group = BS_DESIGN_SEARCH_SETTINGS_GROUP;
  g_autoptr(GKeyFile) file = g_key_file_new ();
  const char *none[] = { NULL };

  g_return_val_if_fail (variant != NULL && varies != NULL && goals != NULL, NULL);
  g_return_val_if_fail (white != NULL && black != NULL, NULL);

  g_key_file_set_string (file, group, "variant", variant);
  g_key_file_set_string_list (file, group, "set", sets != NULL ? sets : none,
                              sets != NULL ? g_strv_length ((GStrv) sets) : 0);
  g_key_file_set_string_list (file, group, "vary", varies, g_strv_length ((GStrv) varies));
  g_key_file_set_string_list (file, group, "goal", goals, g_strv_length ((GStrv) goals));
  g_key_file_set_string (file, group, "white", white);
  g_key_file_set_string (file, group, "black", black);
  g_key_file_set_uint64 (file, group, "games-per-round", games);
  g_key_file_set_uint64 (file, group, "max-rounds", rounds);
  if (schedule != BS_DESIGN_SCHEDULE_CONSTANT)
    g_key_file_set_string (file, group, "schedule", bs_design_schedule_id (schedule));
  g_key_file_set_uint64 (file, group, "seed", seed);
  return g_key_file_to_data (file, NULL, NULL);
}

BsStudyRunner *
bs_design_search_open_round (BsStudy       *expected,
                             const char    *path,
                             GCancellable  *cancellable,
                             GError       **error)
{
  g_autoptr(GError) local = NULL;
  BsStudyRunner *runner;

  g_return_val_if_fail (expected != NULL && path != NULL, NULL);

  runner = bs_study_runner_open_expected (expected, path, BS_STUDY_GAMES_EXACT, NULL,
                                          cancellable, &local);
  if (runner == NULL && g_error_matches (local, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH))
    /* Translators: the first %s is a round's file, the second why it is another study. */
    g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
                 _("%s is not this round of this search (%s): remove the folder or choose "
                   "another"), path, local->message);
  else if (runner == NULL)
    g_propagate_error (error, g_steal_pointer (&local));
  return runner;
}
