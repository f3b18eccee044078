/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-fair-dialog.c: Find a Fair Setting… (see bs-fair-dialog.h): the setup page, the race
 * page (progress, results, trade-offs chart) and Apply. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-fair-dialog.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "bs-chart.h"
#include "bs-design-run.h"
#include "bs-lab-dialog.h"
#include "bs-player-chooser.h"
#include "bs-widgets.h"

#define DEFAULT_GAMES  100
#define DEFAULT_ROUNDS 10
#define DIALOG_WIDTH   560
#define DIALOG_HEIGHT  720

/* A setting the designer may vary: its row, whether it is varied, its values. */
typedef struct {
  char           *key;
  char           *label;
  int             min;
  int             max;
  GtkCheckButton *check;
  GtkEntry       *entry;
} FairKey;

/* The goals, in the order they are given to the search. */
enum {
  GOAL_FAIR,
  GOAL_DRAWS,
  GOAL_LENGTH,
  GOAL_LEAD,
  N_GOALS
};

struct _BsFairDialog {
  AdwWindow       parent_instance;

  BsVariant      *variant;
  char           *source;
  char           *studies_dir;
  GPtrArray      *keys;            /* of FairKey* */

  GtkStack       *stack;
  GtkCheckButton *goal_checks[N_GOALS];
  GtkSpinButton  *fair_spin;
  GtkSpinButton  *draws_spin;
  GtkSpinButton  *length_from;
  GtkSpinButton  *length_to;
  GtkWidget      *length_rows[2];   /* shown while Length is ticked */
  GtkSpinButton  *lead_spin;
  BsPlayerChooser *players[2];   /* A and B, as on the Balance page */
  GtkSpinButton  *games_spin;
  AdwActionRow   *games_row;
  GtkSpinButton  *rounds_spin;
  AdwComboRow    *schedule_row;    /* the items in BsDesignSchedule's order */
  AdwPreferencesGroup *race_group; /* its description explains the schedule chosen */
  GtkSpinButton  *seed_spin;
  GtkLabel       *summary_label;
  GtkLabel       *error_label;
  GtkWidget      *find_button;

  GtkLabel       *headline_label;
  GtkProgressBar *progress_bar;
  GtkLabel       *progress_label;
  GtkButton      *stop_button;
  GtkWidget      *settings_button;
  AdwPreferencesGroup *groups[4];  /* meet, trade-offs, in the running, eliminated */
  GPtrArray      *rows[4];         /* the rows in each */
  GtkLabel       *saving_label;
  GtkWidget      *chart_group;
  GtkDrawingArea *chart_area;
  char           *chart_description;

  BsDesignRun    *run;
  gboolean        failed;
};

G_DEFINE_FINAL_TYPE (BsFairDialog, bs_fair_dialog, ADW_TYPE_WINDOW)

enum {
  GROUP_MEET,
  GROUP_FRONT,
  GROUP_OPEN,
  GROUP_OUT,
};

enum {
  APPLY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
fair_key_free (gpointer data)
{
  FairKey *key = data;

  g_free (key->key);
  g_free (key->label);
  g_free (key);
}

/* The values a setting's entry gives: an integer, A..B, A..B:STEP or x,y,z, each within
 * the setting's bounds; NULL with a message naming the setting and the text. */
static GArray *
parse_values (const FairKey *key,
              const char    *text,
              char         **message)
{
  g_autoptr(GArray) values = g_array_new (FALSE, FALSE, sizeof (int));
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  const char *dots = strstr (trimmed, "..");
  gboolean ok = TRUE;

  if (dots != NULL)
    {
      g_autofree char *first = g_strndup (trimmed, (gsize) (dots - trimmed));
      g_autofree char *rest = g_strdup (dots + 2);
      char *colon = strchr (rest, ':');
      gint64 a = 0, b = 0, step = 1;

      if (colon != NULL)
        *colon = '\0';
      ok = g_ascii_string_to_signed (g_strstrip (first), 10, -99999, 99999, &a, NULL) &&
           g_ascii_string_to_signed (g_strstrip (rest), 10, -99999, 99999, &b, NULL) &&
           (colon == NULL ||
            g_ascii_string_to_signed (g_strstrip (colon + 1), 10, 1, 99999, &step, NULL)) &&
           a <= b;
      for (gint64 v = a; ok && v <= b && values->len <= BS_DESIGN_MAX_CANDIDATES; v += step)
        {
          int value = (int) v;
          g_array_append_val (values, value);
        }
    }
  else
    {
      g_auto(GStrv) parts = g_strsplit (trimmed, ",", -1);

      for (guint i = 0; ok && parts[i] != NULL; i++)
        {
          gint64 v;

          ok = g_ascii_string_to_signed (g_strstrip (parts[i]), 10, -99999, 99999, &v, NULL);
          if (ok)
            {
              int value = (int) v;
              g_array_append_val (values, value);
            }
        }
      ok = ok && values->len > 0;
    }
  if (!ok)
    {
      /* Translators: a setting's values in Find a Fair Setting are not understood:
       * "Width: “5..” is not a number, a range (5..8, 4..10:2) or a list (5,7,9)". */
      *message = g_strdup_printf (_("%s: “%s” is not a number, a range (5..8, 4..10:2) or a "
                                    "list (5,7,9)"), key->label, trimmed);
      return NULL;
    }
  for (guint i = 0; i < values->len; i++)
    {
      int v = g_array_index (values, int, i);

      if (v < key->min || v > key->max)
        {
          /* Translators: "Width: 30 is outside 3–20". */
          *message = g_strdup_printf (_("%s: %d is outside %d–%d"), key->label, v, key->min,
                                      key->max);
          return NULL;
        }
    }
  return g_steal_pointer (&values);
}

/* GLib 2.74 has no g_strv_builder_take. */
static void
strv_take (GStrvBuilder *builder,
           char         *text)
{
  g_strv_builder_add (builder, text);
  g_free (text);
}

/* The schedule chosen: the row's items are in BsDesignSchedule's order. */
static BsDesignSchedule
chosen_schedule (BsFairDialog *self)
{
  return adw_combo_row_get_selected (self->schedule_row) == BS_DESIGN_SCHEDULE_DOUBLING
         ? BS_DESIGN_SCHEDULE_DOUBLING : BS_DESIGN_SCHEDULE_CONSTANT;
}

/* The most games one setting may play: every round's with the schedule chosen. */
static guint64
most_games_a_setting (BsFairDialog *self)
{
  return bs_design_schedule_games_after (chosen_schedule (self),
                                         (guint) gtk_spin_button_get_value_as_int (
                                           self->games_spin),
                                         (guint) gtk_spin_button_get_value_as_int (
                                           self->rounds_spin));
}

/* What the form asks for: the --vary and --goal texts of the search (NULL-terminated), or a
 * message saying what is wrong; and the candidates it makes. */
static gboolean
read_form (BsFairDialog *self,
           GStrv        *varies_out,
           GStrv        *goals_out,
           guint        *candidates,
           char        **message)
{
  g_autoptr(GStrvBuilder) varies = g_strv_builder_new ();
  g_autoptr(GStrvBuilder) goals = g_strv_builder_new ();
  guint n_varied = 0, n_goals = 0, total = 1;

  for (guint i = 0; i < self->keys->len; i++)
    {
      FairKey *key = self->keys->pdata[i];
      const char *text = gtk_editable_get_text (GTK_EDITABLE (key->entry));
      g_autoptr(GArray) values = NULL;
      g_autofree char *vary = NULL;

      if (!gtk_check_button_get_active (key->check))
        continue;
      values = parse_values (key, text, message);
      if (values == NULL)
        return FALSE;
      n_varied++;
      total = MIN (total * values->len, BS_DESIGN_MAX_CANDIDATES + 1);
      vary = g_strdup_printf ("%s=%s", key->key, g_strstrip (g_strdup (text)));
      strv_take (varies, g_steal_pointer (&vary));
    }
  *candidates = n_varied > 0 ? total : 0;
  if (n_varied == 0)
    {
      *message = g_strdup (_("Choose a setting to vary"));
      return FALSE;
    }
  /* A custom player refused: its row says why, Find waits. */
  for (guint p = 0; p < 2; p++)
    if (self->players[p] == NULL || bs_player_chooser_get_spec (self->players[p]) == NULL)
      {
        *message = g_strdup_printf (p == 0 ? _("Player A: %s") : _("Player B: %s"),
                                    self->players[p] != NULL
                                    ? bs_player_chooser_get_error (self->players[p]) : "");
        return FALSE;
      }
  if (n_varied > BS_DESIGN_MAX_VARIED)
    {
      *message = g_strdup_printf (_("Vary at most %d settings at once"), BS_DESIGN_MAX_VARIED);
      return FALSE;
    }
  if (total > BS_DESIGN_MAX_CANDIDATES)
    {
      *message = g_strdup_printf (_("These values make more than %d settings to race: narrow "
                                    "a range"), BS_DESIGN_MAX_CANDIDATES);
      return FALSE;
    }
  if (gtk_check_button_get_active (self->goal_checks[GOAL_FAIR]))
    {
      strv_take (goals, g_strdup_printf ("fair:%d",
                                                   gtk_spin_button_get_value_as_int (
                                                     self->fair_spin)));
      n_goals++;
    }
  if (gtk_check_button_get_active (self->goal_checks[GOAL_DRAWS]))
    {
      strv_take (goals, g_strdup_printf ("draws<%d%%",
                                                   gtk_spin_button_get_value_as_int (
                                                     self->draws_spin)));
      n_goals++;
    }
  if (gtk_check_button_get_active (self->goal_checks[GOAL_LENGTH]))
    {
      int from = gtk_spin_button_get_value_as_int (self->length_from);
      int to = gtk_spin_button_get_value_as_int (self->length_to);

      strv_take (goals, g_strdup_printf ("length=%d..%d", MIN (from, to),
                                                   MAX (from, to)));
      n_goals++;
    }
  if (gtk_check_button_get_active (self->goal_checks[GOAL_LEAD]))
    {
      char number[G_ASCII_DTOSTR_BUF_SIZE];

      if (g_str_equal (bs_player_chooser_get_spec (self->players[0]), "random") &&
          g_str_equal (bs_player_chooser_get_spec (self->players[1]), "random"))
        {
          *message = g_strdup (_("Lead changes are measured only where a player searches: "
                                 "choose a player other than Random for one of them"));
          return FALSE;
        }
      g_ascii_formatd (number, sizeof number, "%g", gtk_spin_button_get_value (self->lead_spin));
      strv_take (goals, g_strdup_printf ("lead-changes>=%s", number));
      n_goals++;
    }
  if (n_goals == 0)
    {
      *message = g_strdup (_("Choose a goal"));
      return FALSE;
    }
  /* As bs_design_search_set_schedule refuses it, said before Find (a constant round is a
   * study of its own, within the bound whatever the rounds). */
  if (chosen_schedule (self) == BS_DESIGN_SCHEDULE_DOUBLING &&
      most_games_a_setting (self) > BS_STUDY_MAX_GAMES)
    {
      g_autofree char *most = g_strdup_printf ("%u", (guint) BS_STUDY_MAX_GAMES);

      /* Translators: Find a Fair Setting with the doubling schedule: "Doubling from 100
       * games over 20 rounds lets a setting play more than 10000000 games: give fewer
       * rounds". */
      *message = g_strdup_printf (_("Doubling from %d games over %d rounds lets a setting play "
                                    "more than %s games: give fewer rounds"),
                                  gtk_spin_button_get_value_as_int (self->games_spin),
                                  gtk_spin_button_get_value_as_int (self->rounds_spin), most);
      return FALSE;
    }
  *varies_out = g_strv_builder_end (varies);
  *goals_out = g_strv_builder_end (goals);
  return TRUE;
}

/* The race's description and the games' row say what the numbers mean under the schedule
 * chosen: with doubling, the games a round are the first round's. In words on the page, not
 * in a tooltip, which touch never shows. */
static void
update_schedule_words (BsFairDialog *self)
{
  if (chosen_schedule (self) == BS_DESIGN_SCHEDULE_DOUBLING)
    {
      g_autofree char *most = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                               most_games_a_setting (self));
      /* Translators: the Games per Round row with the doubling schedule: "In the first
       * round; then a setting's games double each round, to at most 51200". */
      g_autofree char *games = g_strdup_printf (_("In the first round; then a setting’s games "
                                                  "double each round, to at most %s"), most);

      adw_preferences_group_set_description (self->race_group,
                                             _("Each round, a setting still in the running "
                                               "plays as many games as it already has: one far "
                                               "from a goal is out sooner"));
      adw_action_row_set_subtitle (self->games_row, games);
    }
  else
    {
      adw_preferences_group_set_description (self->race_group,
                                             _("Each round, every setting still in the running "
                                               "plays the games per round again"));
      adw_action_row_set_subtitle (self->games_row, "");
    }
}

/* The line under the form: what Find will race, or what is wrong. */
static void
update_summary (BsFairDialog *self)
{
  g_auto(GStrv) varies = NULL, goals = NULL;
  g_autofree char *message = NULL;
  guint candidates = 0;
  gboolean ok = read_form (self, &varies, &goals, &candidates, &message);

  for (guint i = 0; i < self->keys->len; i++)
    {
      FairKey *key = self->keys->pdata[i];

      gtk_widget_set_sensitive (GTK_WIDGET (key->entry),
                                gtk_check_button_get_active (key->check));
    }
  gtk_widget_set_sensitive (GTK_WIDGET (self->fair_spin),
                            gtk_check_button_get_active (self->goal_checks[GOAL_FAIR]));
  gtk_widget_set_sensitive (GTK_WIDGET (self->draws_spin),
                            gtk_check_button_get_active (self->goal_checks[GOAL_DRAWS]));
  gtk_widget_set_visible (self->length_rows[0],
                          gtk_check_button_get_active (self->goal_checks[GOAL_LENGTH]));
  gtk_widget_set_visible (self->length_rows[1],
                          gtk_check_button_get_active (self->goal_checks[GOAL_LENGTH]));
  gtk_widget_set_sensitive (GTK_WIDGET (self->lead_spin),
                            gtk_check_button_get_active (self->goal_checks[GOAL_LEAD]));
  update_schedule_words (self);
  if (ok)
    {
      guint64 most = (guint64) candidates * most_games_a_setting (self);
      g_autofree char *games = g_strdup_printf ("%" G_GUINT64_FORMAT, most);
      /* Translators: Find a Fair Setting's summary: "6 settings to race, at most 6000
       * games". */
      g_autofree char *text =
        g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u setting to race, at most %s games",
                                      "%u settings to race, at most %s games", candidates),
                         candidates, games);

      gtk_label_set_text (self->summary_label, text);
    }
  else
    gtk_label_set_text (self->summary_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  gtk_widget_set_sensitive (self->find_button, ok);
}

/* The setting in the designer's words: "Width = 6, Height = 7". */
static char *
candidate_words (const BsDesignSearch    *search,
                 const BsDesignCandidate *candidate)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (guint k = 0; k < search->n_keys; k++)
    {
      g_autofree char *label = bs_variant_describe_setting (candidate->variant,
                                                            search->keys[k]);

      /* Translators: a setting and its value in a result of Find a Fair Setting. */
      g_string_append_printf (text, k > 0 ? _(", %s = %s") : _("%s = %s"), label,
                              candidate->values[k]);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A goal in words: "fair within ± 3 points". */
static char *
goal_words (const BsDesignGoal *goal)
{
  switch (goal->kind)
    {
    case BS_DESIGN_GOAL_FAIR:
      return g_strdup_printf (_("fair within ± %g points"), 100 * goal->low);
    case BS_DESIGN_GOAL_DRAWS_BELOW:
      return g_strdup_printf (_("draws below %g%%"), 100 * goal->low);
    case BS_DESIGN_GOAL_LEAD_CHANGES:
      return g_strdup_printf (_("at least %g lead changes a game"), goal->low);
    case BS_DESIGN_GOAL_LENGTH:
    default:
      return g_strdup_printf (_("length %g–%g plies"), goal->low, goal->high);
    }
}

/* A goal's figure with its interval, in words. */
static char *
evidence_words (const BsDesignGoal     *goal,
                const BsDesignEvidence *evidence)
{
  switch (goal->kind)
    {
    case BS_DESIGN_GOAL_FAIR:
      /* Translators: a result's evidence: player 1's score and its interval. */
      return g_strdup_printf (_("player 1 scores %.1f%% (%.1f–%.1f)"), 100 * evidence->value,
                              100 * evidence->low, 100 * evidence->high);
    case BS_DESIGN_GOAL_DRAWS_BELOW:
      return g_strdup_printf (_("draws %.1f%% (%.1f–%.1f)"), 100 * evidence->value,
                              100 * evidence->low, 100 * evidence->high);
    case BS_DESIGN_GOAL_LEAD_CHANGES:
      if (isfinite (evidence->high))
        return g_strdup_printf (_("%.2f lead changes a game (%.2f–%.2f)"), evidence->value,
                                evidence->low, evidence->high);
      return g_strdup_printf (_("%.2f lead changes a game"), evidence->value);
    case BS_DESIGN_GOAL_LENGTH:
    default:
      if (isfinite (evidence->high))
        return g_strdup_printf (_("%.1f plies a game (%.1f–%.1f)"), evidence->value,
                                evidence->low, evidence->high);
      return g_strdup_printf (_("%.1f plies a game"), evidence->value);
    }
}

/* A result's subtitle: its verdict in words, then its evidence on every goal. */
static char *
result_words (const BsDesignSearch    *search,
              const BsDesignCandidate *candidate)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (candidate->tally.games == 0)
    return g_strdup (_("No games yet"));
  if (candidate->verdict == BS_DESIGN_FAILS)
    {
      const BsDesignGoal *goal = &search->goals[candidate->failed_goal];
      g_autofree char *words = goal_words (goal);
      g_autofree char *evidence = evidence_words (goal, &candidate->evidence[candidate->failed_goal]);

      /* Translators: why a setting was eliminated: "Eliminated in round 2: cannot meet
       * “fair within ± 3 points”: player 1 scores 70.0% (61.2–77.5)". */
      g_string_append_printf (text, _("Eliminated in round %u: cannot meet “%s”: %s"),
                              candidate->round, words, evidence);
    }
  else
    {
      if (candidate->verdict == BS_DESIGN_MEETS)
        g_string_append_printf (text, _("Meets every goal (round %u): "), candidate->round);
      for (guint g = 0; g < search->n_goals; g++)
        {
          g_autofree char *evidence = evidence_words (&search->goals[g],
                                                      &candidate->evidence[g]);

          g_string_append_printf (text, "%s%s", g > 0 ? "; " : "", evidence);
        }
    }
  g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, ", %u game", ", %u games",
                                             candidate->tally.games), candidate->tally.games);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static void
apply_clicked (GtkButton    *button,
               BsFairDialog *self)
{
  const BsDesignSearch *search;
  const BsDesignCandidate *candidate;
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (button), "candidate"));

  if (self->run == NULL || bs_design_run_get_running (self->run))
    return;
  search = bs_design_run_get_search (self->run);
  if (index >= search->candidates->len)
    return;
  candidate = search->candidates->pdata[index];
  g_signal_emit (self, signals[APPLY], 0, candidate->variant, search->keys,
                 candidate->values);
  gtk_window_close (GTK_WINDOW (self));
}

static void
clear_rows (BsFairDialog *self)
{
  for (guint g = 0; g < G_N_ELEMENTS (self->groups); g++)
    {
      for (guint i = 0; i < self->rows[g]->len; i++)
        adw_preferences_group_remove (self->groups[g], self->rows[g]->pdata[i]);
      g_ptr_array_set_size (self->rows[g], 0);
      gtk_widget_set_visible (GTK_WIDGET (self->groups[g]), FALSE);
    }
}

static void
add_row (BsFairDialog            *self,
         guint                    group,
         guint                    index,
         const BsDesignSearch    *search,
         const BsDesignCandidate *candidate,
         gboolean                 can_apply)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title = candidate_words (search, candidate);
  g_autofree char *subtitle = result_words (search, candidate);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
  if (can_apply)
    {
      GtkWidget *button = gtk_button_new_with_mnemonic (_("_Apply"));

      /* Its row, a list item named by the setting, says which. */
      gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (button, _("Open this setting in the editor"));
      g_object_set_data (G_OBJECT (button), "candidate", GUINT_TO_POINTER (index));
      g_signal_connect (button, "clicked", G_CALLBACK (apply_clicked), self);
      gtk_widget_set_sensitive (button, !bs_design_run_get_running (self->run));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), button);
    }
  adw_preferences_group_add (self->groups[group], row);
  g_ptr_array_add (self->rows[group], row);
  gtk_widget_set_visible (GTK_WIDGET (self->groups[group]), TRUE);
}

/* The race page: progress, headline, results, saving, chart. */
static void
update_race (BsFairDialog *self)
{
  const BsDesignSearch *search;
  gboolean running, finished, none_meets = TRUE;
  guint round, done, total, open = 0, meets = 0;
  guint64 earlier;
  g_autofree gboolean *front = NULL;
  g_autofree char *progress = NULL, *headline = NULL;

  if (self->run == NULL)
    return;
  running = bs_design_run_get_running (self->run);
  bs_design_run_get_progress (self->run, &round, &done, &total, &earlier);
  gtk_button_set_label (self->stop_button, running ? _("_Stop") : _("_Resume"));
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->stop_button),
                               running ? _("Stop the search; the games played are kept")
                                       : _("Go on where the search stopped"));
  gtk_widget_set_visible (self->settings_button, !running);
  if (running)
    {
      g_autofree char *played = g_strdup_printf ("%" G_GUINT64_FORMAT, earlier + done);

      gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0);
      /* Translators: Find a Fair Setting's progress: "Round 2 of at most 10: 60 of 300
       * games, 1,260 played in all". */
      progress = g_strdup_printf (_("Round %u of at most %u: %u of %u games, %s played in all"),
                                  round, bs_design_run_get_search (self->run)->max_rounds, done,
                                  total, played);
      gtk_label_set_text (self->progress_label, progress);
      gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->stop_button), TRUE);
      return;
    }

  /* Between rounds (or stopped, or done): the search may be read. */
  search = bs_design_run_get_search (self->run);
  finished = bs_design_search_finished (search);
  gtk_widget_set_visible (GTK_WIDGET (self->progress_bar), !finished);
  /* Stopped: how far the race got, in rounds. */
  gtk_progress_bar_set_fraction (self->progress_bar,
                                 (double) search->rounds_done / MAX (1u, search->max_rounds));
  gtk_widget_set_visible (GTK_WIDGET (self->stop_button), !finished && !self->failed);
  clear_rows (self);
  front = g_new0 (gboolean, MAX (1, search->candidates->len));
  bs_design_search_pareto (search, front);
  for (guint i = 0; i < search->candidates->len; i++)
    {
      const BsDesignCandidate *candidate = search->candidates->pdata[i];

      meets += candidate->verdict == BS_DESIGN_MEETS;
      open += candidate->verdict == BS_DESIGN_UNDECIDED;
    }
  none_meets = meets == 0;
  for (guint i = 0; i < search->candidates->len; i++)
    {
      const BsDesignCandidate *candidate = search->candidates->pdata[i];

      if (candidate->verdict == BS_DESIGN_MEETS)
        add_row (self, GROUP_MEET, i, search, candidate, TRUE);
      else if (candidate->verdict == BS_DESIGN_FAILS)
        add_row (self, GROUP_OUT, i, search, candidate, FALSE);
      else
        add_row (self, GROUP_OPEN, i, search, candidate, FALSE);
      /* When no setting meets every goal: the best trade-offs, to choose among. */
      if (finished && none_meets && search->n_goals >= 2 && front[i])
        add_row (self, GROUP_FRONT, i, search, candidate, TRUE);
    }
  adw_preferences_group_set_title (self->groups[GROUP_OPEN],
                                   finished ? _("Undecided When the Rounds Ran Out")
                                            : _("Still in the Running"));
  adw_preferences_group_set_description (self->groups[GROUP_OPEN],
                                         finished
                                         ? _("More games a round or more rounds would tell")
                                         : NULL);

  if (self->failed)
    headline = g_strdup (_("The search stopped on an error"));
  else if (finished && meets > 0)
    headline = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u setting meets every goal",
                                             "%u settings meet every goal", meets), meets);
  else if (finished && search->n_goals >= 2)
    headline = g_strdup (_("No setting meets every goal: the best trade-offs are below"));
  else if (finished)
    headline = g_strdup (_("No setting meets the goal"));
  else if (search->rounds_done == 0)
    headline = g_strdup (_("Stopped in the first round"));
  else
    headline = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Stopped after round %u: %u setting in the running",
                                             "Stopped after round %u: %u settings in the running",
                                             open), search->rounds_done, open);
  gtk_label_set_text (self->headline_label, headline);

  if (finished)
    {
      guint64 total_games = bs_design_search_total_games (search);
      guint64 grid = bs_design_search_grid_games (search);
      g_autofree char *played = g_strdup_printf ("%" G_GUINT64_FORMAT, total_games);
      g_autofree char *full = g_strdup_printf ("%" G_GUINT64_FORMAT, grid);

      /* Which schedule ran: its games a round differ (the saving below counts them). */
      if (search->schedule == BS_DESIGN_SCHEDULE_DOUBLING)
        /* Translators: a search's end with the doubling schedule: "Rounds played: 5 of at
         * most 5, the games doubling each round". */
        progress = g_strdup_printf (_("Rounds played: %u of at most %u, the games doubling "
                                      "each round"), search->rounds_done, search->max_rounds);
      else
        /* Translators: a search's saving: "Rounds played: 3 of at most 10." */
        progress = g_strdup_printf (_("Rounds played: %u of at most %u"), search->rounds_done,
                                    search->max_rounds);
      {
        g_autofree char *saving =
          g_strdup_printf (_("%s games played; a full grid of the same precision plays %s "
                             "(%.1f× as many). The intervals hold together at 95%%."),
                           played, full, total_games > 0 ? (double) grid / total_games : 1.0);
        gtk_label_set_text (self->saving_label, saving);
      }
    }
  else
    {
      g_autofree char *played = g_strdup_printf ("%" G_GUINT64_FORMAT,
                                                 bs_design_search_total_games (search));

      /* Stopped: the round's finished games are in its file, Resume plays on from them. */
      if (round > search->rounds_done && total > 0 && search->rounds_done == 0)
        progress = g_strdup_printf (_("Round %u stopped at %u of %u games"), round, done,
                                    total);
      else if (round > search->rounds_done && total > 0)
        /* Translators: "Round 2 stopped at 300 of 1200 games; 2400 played before it". */
        progress = g_strdup_printf (_("Round %u stopped at %u of %u games; %s played before "
                                      "it"), round, done, total, played);
      else
        progress = g_strdup_printf (_("Rounds played: %u of at most %u, %s games"),
                                    search->rounds_done, search->max_rounds, played);
      gtk_label_set_text (self->saving_label, "");
    }
  gtk_label_set_text (self->progress_label, progress);
  gtk_widget_set_visible (GTK_WIDGET (self->saving_label), finished || self->failed);
  /* Stop went away under the keyboard's focus: on to Change Settings (then Tab reaches the
   * results). */
  if (finished || self->failed)
    {
      GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

      if (focus == NULL || focus == GTK_WIDGET (self->stop_button) ||
          !gtk_widget_get_mapped (focus))
        gtk_widget_grab_focus (self->settings_button);
    }
  gtk_widget_set_visible (self->chart_group, search->n_goals >= 2 && search->rounds_done > 0);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart_area));
}

/* A goal as an axis of the trade-offs chart, as the command line's --chart draws it. */
static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  BsFairDialog *self = user_data;
  const BsDesignSearch *search;
  BsParetoChart data;
  BsChartOptions options;
  g_autoptr(GPtrArray) words = NULL;
  g_autofree char *description = NULL;

  if (self->run == NULL || bs_design_run_get_running (self->run) || width < 50 || height < 50)
    return;
  search = bs_design_run_get_search (self->run);
  if (search->n_goals < 2 || search->rounds_done == 0)
    return;
  /* The settings in words, as the rows name them. */
  words = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < search->candidates->len; i++)
    g_ptr_array_add (words, candidate_words (search, search->candidates->pdata[i]));
  bs_pareto_chart_init_from_search (&data, search, bs_variant_display_name (self->variant),
                                    (const char * const *) words->pdata);
  bs_chart_options_init (&options);
  options.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  bs_chart_draw_pareto (cr, &data, &options, width, height, NULL);
  /* Told to a screen reader only when it changes. */
  description = bs_chart_describe_pareto (&data);
  bs_pareto_chart_clear (&data);
  if (g_strcmp0 (description, self->chart_description) != 0)
    {
      g_free (self->chart_description);
      self->chart_description = g_steal_pointer (&description);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart_area),
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      self->chart_description != NULL
                                      ? self->chart_description : "", -1);
    }
}

static void
on_failed (BsFairDialog *self,
           const char   *message)
{
  self->failed = TRUE;
  update_race (self);
  gtk_label_set_text (self->saving_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->saving_label), TRUE);
}

static void
drop_run (BsFairDialog *self)
{
  if (self->run == NULL)
    return;
  bs_design_run_stop (self->run);
  g_signal_handlers_disconnect_by_data (self->run, self);
  g_clear_object (&self->run);
}

char *
bs_fair_dialog_search_dir (const BsVariant *variant,
                           const char      *source,
                           const char      *studies_dir,
                           const char      *settings)
{
  g_autofree char *stem = bs_variant_file_stem (variant, source);
  /* The variant itself too: an unsaved edit, or a file changed since, is another search. */
  g_autofree char *hash = bs_lab_settings_hash (variant, settings);
  g_autofree char *name = g_strdup_printf ("%s-%.12s", stem, hash);

  return g_build_filename (studies_dir, "searches", name, NULL);
}

static void
find_clicked (BsFairDialog *self)
{
  g_auto(GStrv) varies = NULL, goal_texts = NULL;
  g_autofree char *message = NULL, *settings = NULL, *dir = NULL;
  g_autoptr(GError) error = NULL;
  BsDesignGoal goals[BS_DESIGN_MAX_GOALS];
  BsDesignSearch *search;
  const char *white = bs_player_chooser_get_spec (self->players[0]);
  const char *black = bs_player_chooser_get_spec (self->players[1]);
  guint games = (guint) gtk_spin_button_get_value_as_int (self->games_spin);
  guint rounds = (guint) gtk_spin_button_get_value_as_int (self->rounds_spin);
  guint64 seed = (guint64) gtk_spin_button_get_value_as_int (self->seed_spin);
  BsDesignSchedule schedule = chosen_schedule (self);
  guint candidates, n_goals = 0;
  const char *none[] = { NULL };

  if (!read_form (self, &varies, &goal_texts, &candidates, &message))
    return;
  for (guint g = 0; goal_texts[g] != NULL && error == NULL; g++)
    if (bs_design_goal_parse (goal_texts[g], &goals[n_goals], &error))
      n_goals++;
  search = error == NULL
           ? bs_design_search_new (self->variant, (const char * const *) varies, goals, n_goals,
                                   white, black, games, rounds, seed, &error)
           : NULL;
  /* The command line's --schedule: the same rounds, so the same games. */
  if (search != NULL && !bs_design_search_set_schedule (search, schedule, &error))
    g_clear_pointer (&search, bs_design_search_free);
  if (search == NULL)
    {
      const char *text = error->message;

      /* The engine names the setting as the command line's option does. */
      if (g_str_has_prefix (text, "--vary "))
        text += strlen ("--vary ");
      gtk_label_set_text (self->error_label, text);
      gtk_widget_set_visible (GTK_WIDGET (self->error_label), TRUE);
      return;
    }
  settings = bs_design_search_settings_text (self->source != NULL ? self->source : "", none,
                                             (const char * const *) varies,
                                             (const char * const *) goal_texts, white, black,
                                             games, rounds, schedule, seed);
  dir = bs_fair_dialog_search_dir (self->variant, self->source, self->studies_dir, settings);
  drop_run (self);
  self->failed = FALSE;
  self->run = bs_design_run_new (search, dir, settings);
  g_signal_connect_swapped (self->run, "progress", G_CALLBACK (update_race), self);
  g_signal_connect_swapped (self->run, "round-done", G_CALLBACK (update_race), self);
  g_signal_connect_swapped (self->run, "stopped", G_CALLBACK (update_race), self);
  g_signal_connect_swapped (self->run, "failed", G_CALLBACK (on_failed), self);
  g_clear_pointer (&self->chart_description, g_free);
  clear_rows (self);
  gtk_label_set_text (self->headline_label, _("Racing the settings…"));
  gtk_label_set_text (self->saving_label, "");
  gtk_widget_set_visible (self->chart_group, FALSE);
  gtk_stack_set_visible_child_name (self->stack, "race");
  bs_design_run_start (self->run);
  update_race (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->stop_button));
}

static void
stop_clicked (BsFairDialog *self)
{
  if (self->run == NULL)
    return;
  if (bs_design_run_get_running (self->run))
    bs_design_run_stop (self->run);
  else if (!bs_design_search_finished (bs_design_run_get_search (self->run)))
    {
      self->failed = FALSE;
      bs_design_run_start (self->run);
      update_race (self);
    }
}

static void
settings_clicked (BsFairDialog *self)
{
  if (self->run != NULL && bs_design_run_get_running (self->run))
    return;
  drop_run (self);
  gtk_stack_set_visible_child_name (self->stack, "setup");
  gtk_widget_grab_focus (self->find_button);
}

/* Building the pages. */

/* A row with a check box before its title (the row names it). */
static AdwActionRow *
new_check_row (AdwPreferencesGroup *group,
               const char          *title,
               const char          *subtitle,
               GtkCheckButton     **check)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *button = gtk_check_button_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  /* Named by the row's title, as its activatable widget. */
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), button);
  adw_action_row_set_activatable_widget (ADW_ACTION_ROW (row), button);
  adw_preferences_group_add (group, row);
  *check = GTK_CHECK_BUTTON (button);
  return ADW_ACTION_ROW (row);
}

static void
build_setup (BsFairDialog        *self,
             const BsFairSetting *settings,
             guint                n,
             const char          *level_a,
             const char          *level_b)
{
  GtkWidget *page = bs_lab_page_new ();
  AdwPreferencesGroup *group;
  AdwActionRow *row;
  GtkWidget *box, *button;

  group = bs_lab_group_new (page, _("Settings to Vary"),
                     _("Each combination of their values is a setting to race: a range "
                       "(5..8), a range with a step (4..10:2) or a list (5,7,9)"));
  for (guint i = 0; i < n; i++)
    {
      const BsFairSetting *sweep = &settings[i];
      FairKey *key = g_new0 (FairKey, 1);
      g_autofree char *subtitle = g_strdup_printf (_("Now %d; from %d to %d"), sweep->value,
                                                   sweep->min, sweep->max);
      g_autofree char *name = g_strdup_printf (_("Values of %s"), sweep->label);
      g_autofree char *range = g_strdup_printf ("%d..%d", MAX (sweep->min, sweep->value - 1),
                                                MIN (sweep->max, sweep->value + 1));
      GtkWidget *entry = gtk_entry_new ();

      key->key = g_strdup (sweep->key);
      key->label = g_strdup (sweep->label);
      key->min = sweep->min;
      key->max = sweep->max;
      g_ptr_array_add (self->keys, key);
      row = new_check_row (group, sweep->label, subtitle, &key->check);
      gtk_editable_set_text (GTK_EDITABLE (entry), range);
      gtk_editable_set_width_chars (GTK_EDITABLE (entry), 8);
      gtk_editable_set_max_width_chars (GTK_EDITABLE (entry), 12);
      gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
      gtk_widget_set_tooltip_text (entry, name);
      bs_lab_set_name (entry, name);
      adw_action_row_add_suffix (row, entry);
      key->entry = GTK_ENTRY (entry);
      g_signal_connect_swapped (key->check, "toggled", G_CALLBACK (update_summary), self);
      g_signal_connect_swapped (entry, "changed", G_CALLBACK (update_summary), self);
      gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
    }

  group = bs_lab_group_new (page, _("Goals"),
                     /* xgettext:no-c-format */
                     _("What a setting must show, with 95% confidence"));
  row = new_check_row (group, _("Fair"),
                       /* xgettext:no-c-format */
                       _("Player 1 scores 50% within this many points"),
                       &self->goal_checks[GOAL_FAIR]);
  self->fair_spin = bs_lab_spin_new (1, 25, 3, 0, _("Fair within points"));
  adw_action_row_add_suffix (row, GTK_WIDGET (self->fair_spin));
  row = new_check_row (group, _("Few Draws"), _("Draws below this percentage"),
                       &self->goal_checks[GOAL_DRAWS]);
  self->draws_spin = bs_lab_spin_new (1, 99, 10, 0, _("Draws below percent"));
  adw_action_row_add_suffix (row, GTK_WIDGET (self->draws_spin));
  new_check_row (group, _("Length"), _("A mean length in plies within these"),
                 &self->goal_checks[GOAL_LENGTH]);
  /* The band on rows of their own: two spin buttons beside the title leave a phone's
   * width no room for the words. */
  self->length_from = bs_lab_spin_new (1, 9999, 20, 0, _("Length from plies"));
  self->length_to = bs_lab_spin_new (1, 9999, 60, 0, _("Length to plies"));
  row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), C_("length", "From"));
  adw_action_row_add_suffix (row, GTK_WIDGET (self->length_from));
  adw_preferences_group_add (group, GTK_WIDGET (row));
  self->length_rows[0] = GTK_WIDGET (row);
  row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), C_("length", "To"));
  adw_action_row_add_suffix (row, GTK_WIDGET (self->length_to));
  adw_preferences_group_add (group, GTK_WIDGET (row));
  self->length_rows[1] = GTK_WIDGET (row);
  row = new_check_row (group, _("Lead Changes"),
                       _("At least this many a game, on average (a searching player is needed)"),
                       &self->goal_checks[GOAL_LEAD]);
  self->lead_spin = bs_lab_spin_new (0.5, 50, 2, 1, _("Lead changes at least"));
  adw_action_row_add_suffix (row, GTK_WIDGET (self->lead_spin));
  gtk_check_button_set_active (self->goal_checks[GOAL_FAIR], TRUE);
  for (guint g = 0; g < N_GOALS; g++)
    g_signal_connect_swapped (self->goal_checks[g], "toggled", G_CALLBACK (update_summary),
                              self);

  group = bs_lab_group_new (page, _("Players"), _("Players A and B swap seats every game"));
  for (guint p = 0; p < 2; p++)
    {
      AdwComboRow *combo = ADW_COMBO_ROW (adw_combo_row_new ());
      AdwActionRow *entry = ADW_ACTION_ROW (adw_action_row_new ());
      AdwActionRow *status = ADW_ACTION_ROW (adw_action_row_new ());
      const char *level = p == 0 ? level_a : level_b;

      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (combo),
                                     p == 0 ? _("Player A") : _("Player B"));
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (entry),
                                     p == 0 ? _("Custom Player A") : _("Custom Player B"));
      bs_combo_row_keep_popover_inside (combo);
      adw_preferences_group_add (group, GTK_WIDGET (combo));
      adw_preferences_group_add (group, GTK_WIDGET (entry));
      adw_preferences_group_add (group, GTK_WIDGET (status));
      self->players[p] = bs_player_chooser_new (combo, entry, status);
      bs_player_chooser_set_variant (self->players[p], self->variant);
      if (level != NULL)
        bs_player_chooser_set_spec (self->players[p], level);
      g_signal_connect_swapped (self->players[p], "changed", G_CALLBACK (update_summary), self);
    }

  /* Its description follows the schedule (update_schedule_words). */
  group = bs_lab_group_new (page, _("Race"), NULL);
  self->race_group = group;
  /* The schedule first: it says what the games per round are. Constant unless chosen, as
   * the command line's --schedule. */
  {
    const char *schedules[] = {
      [BS_DESIGN_SCHEDULE_CONSTANT] = _("Same games each round"),
      [BS_DESIGN_SCHEDULE_DOUBLING] = _("Doubling each round"),
      NULL,
    };
    g_autoptr(GtkStringList) items = gtk_string_list_new (schedules);

    self->schedule_row = ADW_COMBO_ROW (adw_combo_row_new ());
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->schedule_row), _("Schedule"));
    adw_combo_row_set_model (self->schedule_row, G_LIST_MODEL (items));
    /* The choice under the title, whole: beside it a phone's width cuts it short. */
    adw_combo_row_set_use_subtitle (self->schedule_row, TRUE);
    adw_combo_row_set_selected (self->schedule_row, BS_DESIGN_SCHEDULE_CONSTANT);
    bs_combo_row_wrap_list (self->schedule_row);
    bs_combo_row_keep_popover_inside (self->schedule_row);
    adw_preferences_group_add (group, GTK_WIDGET (self->schedule_row));
    g_signal_connect_swapped (self->schedule_row, "notify::selected",
                              G_CALLBACK (update_summary), self);
  }
  row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Games per Round"));
  self->games_spin = bs_lab_spin_new (2, 100000, DEFAULT_GAMES, 0, NULL);
  adw_action_row_add_suffix (row, GTK_WIDGET (self->games_spin));
  adw_action_row_set_activatable_widget (row, GTK_WIDGET (self->games_spin));
  adw_preferences_group_add (group, GTK_WIDGET (row));
  self->games_row = row;
  row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Most Rounds"));
  self->rounds_spin = bs_lab_spin_new (1, BS_DESIGN_MAX_ROUNDS, DEFAULT_ROUNDS, 0, NULL);
  adw_action_row_add_suffix (row, GTK_WIDGET (self->rounds_spin));
  adw_action_row_set_activatable_widget (row, GTK_WIDGET (self->rounds_spin));
  adw_preferences_group_add (group, GTK_WIDGET (row));
  row = ADW_ACTION_ROW (adw_action_row_new ());
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Seed"));
  adw_action_row_set_subtitle (row, _("The same seed plays the same games"));
  self->seed_spin = bs_lab_spin_new (0, G_MAXINT, 1, 0, NULL);
  adw_action_row_add_suffix (row, GTK_WIDGET (self->seed_spin));
  adw_action_row_set_activatable_widget (row, GTK_WIDGET (self->seed_spin));
  adw_preferences_group_add (group, GTK_WIDGET (row));
  g_signal_connect_swapped (self->games_spin, "value-changed", G_CALLBACK (update_summary),
                            self);
  g_signal_connect_swapped (self->rounds_spin, "value-changed", G_CALLBACK (update_summary),
                            self);

  box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  self->summary_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->summary_label, TRUE);
  gtk_label_set_justify (self->summary_label, GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->summary_label), "dim-label");
  self->error_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->error_label, TRUE);
  gtk_label_set_justify (self->error_label, GTK_JUSTIFY_CENTER);
  gtk_label_set_selectable (self->error_label, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->error_label), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->error_label), FALSE);
  button = gtk_button_new_with_mnemonic (_("_Find"));
  gtk_widget_set_tooltip_text (button, _("Race the settings against the goals"));
  gtk_widget_set_halign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "suggested-action");
  gtk_widget_add_css_class (button, "pill");
  g_signal_connect_swapped (button, "clicked", G_CALLBACK (find_clicked), self);
  self->find_button = button;
  gtk_window_set_default_widget (GTK_WINDOW (self), button);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->summary_label));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->error_label));
  gtk_box_append (GTK_BOX (box), button);
  gtk_box_append (GTK_BOX (bs_lab_page_box (page)), box);
  gtk_stack_add_named (self->stack, page, "setup");
}

static void
build_race (BsFairDialog *self)
{
  GtkWidget *page = bs_lab_page_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *buttons = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *frame, *group;
  static const char *titles[] = {
    N_("Meet the Goals"), N_("Best Trade-Offs"), N_("Still in the Running"), N_("Eliminated"),
  };

  self->headline_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->headline_label, TRUE);
  gtk_label_set_justify (self->headline_label, GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->headline_label), "title-2");
  self->progress_bar = GTK_PROGRESS_BAR (gtk_progress_bar_new ());
  bs_lab_set_name (GTK_WIDGET (self->progress_bar), _("Round progress"));
  self->progress_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->progress_label, TRUE);
  gtk_label_set_justify (self->progress_label, GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (GTK_WIDGET (self->progress_label), "dim-label");
  self->stop_button = GTK_BUTTON (gtk_button_new_with_mnemonic (_("_Stop")));
  gtk_button_set_use_underline (self->stop_button, TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->stop_button), "pill");
  g_signal_connect_swapped (self->stop_button, "clicked", G_CALLBACK (stop_clicked), self);
  self->settings_button = gtk_button_new_with_mnemonic (_("_Change Settings"));
  gtk_widget_set_tooltip_text (self->settings_button, _("Back to the search’s settings"));
  gtk_widget_add_css_class (self->settings_button, "pill");
  g_signal_connect_swapped (self->settings_button, "clicked", G_CALLBACK (settings_clicked),
                            self);
  gtk_widget_set_halign (buttons, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (buttons), GTK_WIDGET (self->stop_button));
  gtk_box_append (GTK_BOX (buttons), self->settings_button);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->headline_label));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->progress_bar));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->progress_label));
  /* The saving against a full grid, or an error: under the headline. */
  self->saving_label = GTK_LABEL (gtk_label_new (NULL));
  gtk_label_set_wrap (self->saving_label, TRUE);
  gtk_label_set_selectable (self->saving_label, TRUE);
  gtk_label_set_justify (self->saving_label, GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->saving_label));
  gtk_box_append (GTK_BOX (box), buttons);
  gtk_box_append (GTK_BOX (bs_lab_page_box (page)), box);

  for (guint g = 0; g < G_N_ELEMENTS (self->groups); g++)
    {
      self->groups[g] = bs_lab_group_new (page, _(titles[g]), NULL);
      self->rows[g] = g_ptr_array_new ();
      gtk_widget_set_visible (GTK_WIDGET (self->groups[g]), FALSE);
    }
  adw_preferences_group_set_description (self->groups[GROUP_FRONT],
                                         _("No other setting is as near every goal and nearer "
                                           "one, by their figures"));
  /* The trade-offs chart between the first two goals: after the trade-offs. */
  /* (The chart has its own title.) */
  group = GTK_WIDGET (bs_lab_group_new (page, NULL, NULL));
  gtk_box_reorder_child_after (GTK_BOX (bs_lab_page_box (page)), group,
                               GTK_WIDGET (self->groups[GROUP_FRONT]));
  frame = gtk_frame_new (NULL);
  self->chart_area = GTK_DRAWING_AREA (gtk_drawing_area_new ());
  gtk_widget_set_size_request (GTK_WIDGET (self->chart_area), 240, 300);
  bs_lab_set_name (GTK_WIDGET (self->chart_area), _("Trade-offs between the first two goals"));
  gtk_drawing_area_set_draw_func (self->chart_area, draw_chart, self, NULL);
  gtk_frame_set_child (GTK_FRAME (frame), GTK_WIDGET (self->chart_area));
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), frame);
  self->chart_group = group;
  gtk_widget_set_visible (group, FALSE);

  gtk_stack_add_named (self->stack, page, "race");
}

static void
bs_fair_dialog_dispose (GObject *object)
{
  BsFairDialog *self = BS_FAIR_DIALOG (object);

  /* Closed while racing: the round stops, its games stay in its file. */
  drop_run (self);
  for (guint p = 0; p < 2; p++)
    g_clear_object (&self->players[p]);
  G_OBJECT_CLASS (bs_fair_dialog_parent_class)->dispose (object);
}

static void
bs_fair_dialog_finalize (GObject *object)
{
  BsFairDialog *self = BS_FAIR_DIALOG (object);

  g_clear_pointer (&self->variant, bs_variant_free);
  g_clear_pointer (&self->keys, g_ptr_array_unref);
  for (guint g = 0; g < G_N_ELEMENTS (self->rows); g++)
    g_clear_pointer (&self->rows[g], g_ptr_array_unref);
  g_free (self->source);
  g_free (self->studies_dir);
  g_free (self->chart_description);
  G_OBJECT_CLASS (bs_fair_dialog_parent_class)->finalize (object);
}

static void
bs_fair_dialog_class_init (BsFairDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_fair_dialog_dispose;
  object_class->finalize = bs_fair_dialog_finalize;

  /* Apply a result: (its variant as a pointer, the keys varied, its values; both
   * NULL-terminated string arrays, as pointers). */
  signals[APPLY] = g_signal_new ("apply", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                 NULL, NULL, NULL, G_TYPE_NONE, 3, G_TYPE_POINTER,
                                 G_TYPE_POINTER, G_TYPE_POINTER);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
bs_fair_dialog_init (BsFairDialog *self)
{
  GtkWidget *view = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *title = adw_window_title_new (_("Find a Fair Setting"), NULL);

  self->keys = g_ptr_array_new_with_free_func (fair_key_free);
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), title);
  g_object_set_data (G_OBJECT (self), "title", title);
  gtk_box_append (GTK_BOX (view), header);
  gtk_box_append (GTK_BOX (view), GTK_WIDGET (self->stack));
  adw_window_set_content (ADW_WINDOW (self), view);
  gtk_window_set_title (GTK_WINDOW (self), _("Find a Fair Setting"));
  gtk_window_set_default_size (GTK_WINDOW (self), DIALOG_WIDTH, DIALOG_HEIGHT);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

BsFairDialog *
bs_fair_dialog_new (GtkWindow           *parent,
                    const BsVariant     *variant,
                    const char          *source,
                    const char          *studies_dir,
                    const BsFairSetting *settings,
                    guint                n,
                    const char          *level_a,
                    const char          *level_b)
{
  BsFairDialog *self;

  g_return_val_if_fail (variant != NULL && studies_dir != NULL, NULL);

  self = g_object_new (BS_TYPE_FAIR_DIALOG, "modal", TRUE, "transient-for", parent,
                       "destroy-with-parent", TRUE, NULL);
  bs_lab_dialog_fit (GTK_WINDOW (self), parent, DIALOG_WIDTH, DIALOG_HEIGHT);
  self->variant = bs_variant_copy (variant);
  self->source = g_strdup (source);
  self->studies_dir = g_strdup (studies_dir);
  adw_window_title_set_subtitle (g_object_get_data (G_OBJECT (self), "title"),
                                 bs_variant_display_name (variant));
  build_setup (self, settings, n, level_a, level_b);
  build_race (self);
  gtk_stack_set_visible_child_name (self->stack, "setup");
  update_summary (self);
  return self;
}
