/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-view.c: the balance page: the setup form (players, games,
 * stop early, the setting to vary, Compare Players), the page's state (loading, setting up,
 * a study running or done) and its actions. The rest of the page is in
 * bs-balance-view-*.c (see bs-balance-view-private.h). */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-balance-view.h"
#include "bs-balance-view-private.h"

#include <math.h>
#include <glib/gi18n.h>

#include "bs-entry-limit.h"
#include "bs-fair-dialog.h"
#include "bs-trace-dialog.h"
#include "bs-module.h"
#include "bs-ruleset.h"
#include "bs-widgets.h"

/* Games added by "Run 1,000 More". */
#define MORE_GAMES 1000

/* Stop Early: target precisions (half-width of the 95% interval). */
static const double precisions[] = { 0, 0.05, 0.03, 0.02, 0.01 };

G_DEFINE_FINAL_TYPE (BsBalanceView, bs_balance_view, ADW_TYPE_BIN)

enum {
  APPLY_REQUESTED,
  APPLY_SETTINGS_REQUESTED,
  MESSAGE,
  STUDY_OPENED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

void
bs_balance_view_message (BsBalanceView *self,
                         const char    *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static void
sweep_key_free (gpointer data)
{
  BsBalanceSweepKey *key = data;

  g_free (key->key);
  g_free (key->label);
  g_free (key);
}

static void
add_key (GPtrArray       *keys,
         const BsVariant *variant,
         char            *key,
         int              value,
         int              min,
         int              max)
{
  BsBalanceSweepKey *k = g_new0 (BsBalanceSweepKey, 1);

  k->key = key;
  k->label = bs_variant_describe_setting (variant, key);
  k->value = value;
  k->min = min;
  k->max = max;
  g_ptr_array_add (keys, k);
}

/* Every setting a sweep may vary, from the module's declarations. */
static GPtrArray *
sweep_keys_for (const BsVariant *variant)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (sweep_key_free);
  const BsModule *module = bs_module_find (variant->module);
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, NULL);

  if (module == NULL || rs == NULL)
    return keys;
  if (!module->unlimited_supply)
    for (int p = 1; p <= 2; p++)
      for (guint k = 0; k < module->n_kinds; k++)
        add_key (keys, variant, g_strdup_printf ("supply.%d.%s", p, module->kinds[k].id),
                 bs_variant_get_supply (variant, p, module->kinds[k].id), 0, 99);
  if (variant->board.shape == BS_SHAPE_HEXAGON || variant->board.shape == BS_SHAPE_LIMPING)
    add_key (keys, variant, g_strdup ("size"), variant->board.size, module->min_size,
             module->max_size);
  else
    {
      add_key (keys, variant, g_strdup ("width"), variant->board.width, module->min_side,
               module->max_side);
      add_key (keys, variant, g_strdup ("height"), variant->board.height, module->min_side,
               module->max_side);
    }
  for (guint i = 0; i < module->n_options; i++)
    {
      const BsOptionSpec *spec = &module->options[i];

      /* Not an option that changes nothing here (rows of pieces the
       * variant fixes already). */
      if (spec->type != BS_OPTION_INT || !bs_ruleset_option_matters (rs, (int) i))
        continue;
      add_key (keys, variant, g_strdup (spec->id), rs->options[i], spec->min,
               MIN (spec->max, 9999));
    }
  return keys;
}

static char *
format_duration (double seconds)
{
  if (seconds < 60)
    return g_strdup_printf (_("about %.0f s left"), MAX (1.0, seconds));
  if (seconds < 3600)
    return g_strdup_printf (_("about %.0f min left"), ceil (seconds / 60));
  return g_strdup_printf (_("about %.1f h left"), seconds / 3600);
}

static char *
precision_label (double margin)
{
  int points = (int) lround (margin * 100);

  if (margin <= 0)
    return g_strdup (C_("stop early", "Never"));
  /* Translators: Stop Early: once player 1's score is known within ± 3 points. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "At ± %d point", "At ± %d points",
                                       (gulong) points), points);
}

static gboolean
players_chosen (BsBalanceView *self)
{
  return self->players[0] != NULL && bs_player_chooser_get_spec (self->players[0]) != NULL &&
         bs_player_chooser_get_spec (self->players[1]) != NULL;
}

/* The page's state: loading a file, setting up, or a study. */
void
bs_balance_view_update (BsBalanceView *self)
{
  gboolean has_run = self->run != NULL && !self->loading;
  gboolean running = has_run && bs_balance_run_get_running (self->run);
  gboolean stopping = has_run && bs_balance_run_get_stopping (self->run);
  gboolean complete = has_run && bs_balance_run_get_complete (self->run);
  /* Cancelled: stopped for good, its results stay until New Study. */
  gboolean ended = complete || (has_run && self->cancelled);
  guint vary = adw_combo_row_get_selected (self->vary_row);
  guint compare = adw_combo_row_get_selected (self->compare_row);
  gboolean compare_players = gtk_switch_get_active (self->compare_players_switch);
  guint done = 0, total = 0;
  double left = -1;

  gtk_widget_set_visible (self->loading_box, self->loading);
  gtk_spinner_set_spinning (self->loading_spinner, self->loading);
  gtk_widget_set_visible (self->setup_box, !self->loading && self->run == NULL);
  gtk_widget_set_visible (self->results_box, has_run);

  /* Setup: one of Vary, Compare With and Compare Players at a time. */
  gtk_widget_set_visible (self->from_row, vary > 0);
  gtk_widget_set_visible (self->to_row, vary > 0);
  /* The rows show what is chosen as their subtitle (names are long). */
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_row), vary == 0 && !compare_players);
  gtk_widget_set_sensitive (GTK_WIDGET (self->vary_row), compare == 0 && !compare_players);
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_players_row), vary == 0 && compare == 0);
  /* The switch too: a screen reader reads its own state, not its row's. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_players_switch), vary == 0 && compare == 0);
  /* Compared, each player plays both seats of its own games: the rows say so. */
  adw_preferences_group_set_description (self->players_group, compare_players
                                         ? _("Compare Players: Player A plays both seats of "
                                             "half the games, Player B both seats of the other "
                                             "half, with the same seeds.")
                                         : _("Computer players play every game. When they "
                                             "differ, odd games swap the seats, so that moving "
                                             "first and playing better are told apart."));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->player_a_row), compare_players
                               ? _("Plays itself in arm A") : _("Moves first in even games"));
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->player_b_row), compare_players
                               ? _("Plays itself in arm B") : _("Moves first in odd games"));
  /* An A/B of players plays its games for each player, the others for each variant. */
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->games_row), compare_players
                                 ? _("_Games per Player") : _("_Games per Variant"));
  adw_action_row_set_subtitle (self->games_row,
                               adw_combo_row_get_selected (self->precision_row) > 0
                               ? compare_players
                                 ? _("The most each player plays against itself when the "
                                     "precision takes longer")
                                 : _("The most each variant plays when the precision takes "
                                     "longer")
                               : compare_players
                               ? _("Each player plays this many against itself: 400 games "
                                   "give about ± 5 points")
                               : _("More games, narrower intervals: 400 games give about "
                                   "± 5 points"));
  /* A custom player refused says why beside its text, and nothing starts. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.start",
                                 self->variant != NULL && self->run == NULL && !self->loading &&
                                 players_chosen (self));
  /* A trace chooses its own players: it needs only the variant. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.skill-trace",
                                 self->variant != NULL && self->run == NULL && !self->loading);
  /* A search races settings with Player A against Player B: what Compare Players is not
   * (each player against itself). Off while it is on, and the button says why. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.find-fair",
                                 self->variant != NULL && self->run == NULL && !self->loading &&
                                 self->sweep_keys != NULL && self->sweep_keys->len > 0 &&
                                 players_chosen (self) && !compare_players);
  gtk_widget_set_tooltip_text (self->find_fair_button, compare_players
                               ? _("Races settings with Player A against Player B: turn "
                                   "Compare Players off to find a fair setting")
                               : _("Race settings of the variant for those that meet your "
                                   "goals"));

  gtk_widget_set_visible (self->pause_button, has_run && !ended);
  gtk_widget_set_visible (self->cancel_button, has_run && !ended);
  gtk_widget_set_visible (self->more_button, complete);
  gtk_widget_set_visible (self->new_button, ended);
  gtk_button_set_label (GTK_BUTTON (self->pause_button),
                        running && !stopping ? _("_Pause") : _("_Resume"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.pause",
                                 has_run && !stopping && !ended);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.cancel", has_run && !ended);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.more", complete && !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.new", ended && !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.export-chart", has_run);
  if (!has_run)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.apply", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.export-data", FALSE);
      return;
    }

  bs_balance_run_get_progress (self->run, &done, &total, &left);
  /* Data of no game would be a header and zeros. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.export-data", done > 0);
  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0);
  {
    g_autofree char *games = g_strdup_printf (_("%u of %u games"), done, total);
    g_autofree char *eta = left >= 0 ? format_duration (left) : NULL;
    g_autofree char *text = NULL;

    if (complete)
      text = g_strdup_printf (_("Complete: %u games"), done);
    else if (self->cancelled)
      /* Translators: a study stopped for good: "Cancelled: 120 of 4000 games". */
      text = g_strdup_printf (_("Cancelled: %s"), games);
    else if (stopping)
      text = g_strdup_printf (_("Pausing: %s"), games);
    else if (running)
      text = eta != NULL ? g_strdup_printf ("%s · %s", games, eta)
                         : g_strdup_printf (_("%s · starting…"), games);
    else
      text = g_strdup_printf (_("Paused: %s"), games);
    gtk_label_set_text (self->progress_label, text);
  }
  bs_balance_view_update_results (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart_area));
}

static void
on_failed (BsBalanceView *self,
           const char    *message)
{
  bs_balance_view_message (self, message);
}

void
bs_balance_view_set_run (BsBalanceView *self,
                         BsBalanceRun  *run)
{
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_set_object (&self->run, run);
  self->cancelled = FALSE;
  bs_balance_view_clear_figures (self);
  if (run != NULL)
    {
      BsStudy *study = bs_study_runner_get_study (bs_balance_run_get_runner (run));
      g_autofree char *description =
        bs_balance_view_describe_study (study, bs_balance_run_get_path (run));

      /* A study opened from its file leaves its players on the rows, for New Study (the
       * page is updated below, once its figures are made). */
      for (guint p = 0; p < 2; p++)
        {
          g_signal_handlers_block_by_func (self->players[p], bs_balance_view_update, self);
          bs_player_chooser_set_spec (self->players[p], study->players[p].level);
          g_signal_handlers_unblock_by_func (self->players[p], bs_balance_view_update, self);
        }
      /* So does Compare Players: New Study compares the same players again. */
      g_signal_handlers_block_by_func (self->compare_players_switch, bs_balance_view_update,
                                       self);
      gtk_switch_set_active (self->compare_players_switch, study->kind == BS_STUDY_PLAYERS);
      g_signal_handlers_unblock_by_func (self->compare_players_switch, bs_balance_view_update,
                                         self);
      g_signal_connect_swapped (run, "updated", G_CALLBACK (bs_balance_view_update), self);
      g_signal_connect_swapped (run, "failed", G_CALLBACK (on_failed), self);
      gtk_label_set_text (self->study_label, description);
      bs_balance_view_fill_charts (self, study);
      bs_balance_view_make_figures (self);
    }
  bs_balance_view_update (self);
}

static void
on_vary_changed (BsBalanceView *self)
{
  guint selected = adw_combo_row_get_selected (self->vary_row);

  /* A range typed in stays until another setting is chosen. */
  if (selected == self->vary_selected)
    {
      bs_balance_view_update (self);
      return;
    }
  self->vary_selected = selected;
  if (selected > 0 && self->sweep_keys != NULL && selected <= self->sweep_keys->len)
    {
      const BsBalanceSweepKey *key = self->sweep_keys->pdata[selected - 1];

      gtk_spin_button_set_range (self->from_spin, key->min, key->max);
      gtk_spin_button_set_range (self->to_spin, key->min, key->max);
      gtk_spin_button_set_value (self->from_spin, MAX (key->min, key->value - 2));
      gtk_spin_button_set_value (self->to_spin, MIN (key->max, key->value + 2));
    }
  bs_balance_view_update (self);
}

void
bs_balance_view_set_variant (BsBalanceView   *self,
                             const BsVariant *variant,
                             const char      *source)
{
  g_autoptr(GtkStringList) vary = gtk_string_list_new (NULL);
  g_autoptr(BsVariant) copy = NULL;
  g_autofree char *source_copy = NULL;

  g_return_if_fail (BS_IS_BALANCE_VIEW (self));
  g_return_if_fail (variant != NULL);

  /* Copied first: variant and source may be this page's own. */
  copy = bs_variant_copy (variant);
  source_copy = g_strdup (source);
  bs_balance_view_pause (self);
  /* A study still being read is not shown any more. */
  self->loading = FALSE;
  self->load_serial++;
  bs_balance_view_set_run (self, NULL);
  g_clear_pointer (&self->variant, bs_variant_free);
  self->variant = g_steal_pointer (&copy);
  g_free (self->source);
  self->source = g_steal_pointer (&source_copy);
  g_clear_pointer (&self->sweep_keys, g_ptr_array_unref);
  self->sweep_keys = sweep_keys_for (self->variant);
  gtk_string_list_append (vary, _("Nothing"));
  for (guint i = 0; i < self->sweep_keys->len; i++)
    gtk_string_list_append (vary, ((BsBalanceSweepKey *) self->sweep_keys->pdata[i])->label);
  self->vary_selected = G_MAXUINT;
  adw_combo_row_set_model (self->vary_row, G_LIST_MODEL (vary));
  adw_combo_row_set_selected (self->vary_row, 0);
  bs_balance_view_fill_candidates (self);
  for (guint p = 0; p < 2; p++)
    bs_player_chooser_set_variant (self->players[p], self->variant);
  bs_balance_view_update (self);
}

gboolean
bs_balance_view_set_setup (BsBalanceView *self,
                           const char    *level_a,
                           const char    *level_b,
                           guint          games,
                           const char    *vary_key,
                           int            from,
                           int            to)
{
  guint vary = 0;

  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);

  if (self->sweep_keys == NULL)
    return FALSE;
  if (vary_key != NULL)
    {
      for (guint i = 0; i < self->sweep_keys->len && vary == 0; i++)
        if (g_str_equal (((BsBalanceSweepKey *) self->sweep_keys->pdata[i])->key, vary_key))
          vary = i + 1;
      if (vary == 0)
        return FALSE;
      adw_combo_row_set_selected (self->compare_row, 0);
      gtk_switch_set_active (self->compare_players_switch, FALSE);
    }
  if (!bs_player_chooser_set_spec (self->players[0], level_a) ||
      !bs_player_chooser_set_spec (self->players[1], level_b))
    return FALSE;
  gtk_spin_button_set_value (self->games_spin, games);
  adw_combo_row_set_selected (self->vary_row, vary);
  if (vary > 0)
    {
      gtk_spin_button_set_value (self->from_spin, from);
      gtk_spin_button_set_value (self->to_spin, to);
    }
  return TRUE;
}

gboolean
bs_balance_view_set_stop_early (BsBalanceView *self,
                                double         margin)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (precisions); i++)
    if (fabs (precisions[i] - margin) < 1e-9)
      {
        adw_combo_row_set_selected (self->precision_row, i);
        return TRUE;
      }
  return FALSE;
}

void
bs_balance_view_set_compare_players (BsBalanceView *self,
                                     gboolean       compare)
{
  g_return_if_fail (BS_IS_BALANCE_VIEW (self));

  if (compare)
    {
      adw_combo_row_set_selected (self->vary_row, 0);
      adw_combo_row_set_selected (self->compare_row, 0);
    }
  gtk_switch_set_active (self->compare_players_switch, compare);
}

const char *
bs_balance_view_get_path (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), NULL);
  return self->run != NULL ? bs_balance_run_get_path (self->run) : NULL;
}

BsBalanceRun *
bs_balance_view_get_run (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), NULL);
  return self->run;
}

void
bs_balance_view_pause (BsBalanceView *self)
{
  g_return_if_fail (BS_IS_BALANCE_VIEW (self));

  if (self->run != NULL)
    bs_balance_run_pause (self->run);
}

char *
bs_balance_view_get_title (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), NULL);

  if (self->loading || self->variant == NULL)
    return g_strdup (_("Balance Study"));
  return g_strdup_printf (_("Balance of %s"), bs_variant_display_name (self->variant));
}

static void
start_activated (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  guint vary = adw_combo_row_get_selected (self->vary_row);
  guint compare = adw_combo_row_get_selected (self->compare_row);
  guint precision = adw_combo_row_get_selected (self->precision_row);
  BsStudyKind kind;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(BsBalanceRun) run = NULL;
  g_autofree char *path = NULL;

  if (self->variant == NULL || self->run != NULL || self->loading)
    return;
  if (compare > self->candidates->len)
    compare = 0;
  kind = vary > 0 ? BS_STUDY_SWEEP
         : compare > 0 ? BS_STUDY_COMPARE
         : gtk_switch_get_active (self->compare_players_switch) ? BS_STUDY_PLAYERS
         : BS_STUDY_SINGLE;
  if (bs_player_chooser_get_spec (self->players[0]) == NULL ||
      bs_player_chooser_get_spec (self->players[1]) == NULL)
    return;
  study = bs_study_new (kind, g_random_int (), bs_player_chooser_get_spec (self->players[0]),
                        bs_player_chooser_get_spec (self->players[1]), &error);
  if (study != NULL)
    {
      study->games = (guint) gtk_spin_button_get_value_as_int (self->games_spin);
      study->margin = precisions[MIN (precision, G_N_ELEMENTS (precisions) - 1)];
      if (kind == BS_STUDY_SWEEP)
        {
          const BsBalanceSweepKey *key = self->sweep_keys->pdata[vary - 1];
          int from = gtk_spin_button_get_value_as_int (self->from_spin);
          int to = gtk_spin_button_get_value_as_int (self->to_spin);
          g_autofree char *range = g_strdup_printf ("%d..%d", MIN (from, to), MAX (from, to));

          if (!bs_study_add_sweep (study, self->variant, key->key, range, &error))
            g_clear_pointer (&study, bs_study_unref);
        }
      else if (kind == BS_STUDY_COMPARE)
        {
          const BsBalanceCandidate *other = self->candidates->pdata[compare - 1];

          bs_study_add_arm (study, self->variant, "A");
          bs_study_add_arm (study, other->variant, "B");
        }
      else if (kind == BS_STUDY_PLAYERS)
        {
          /* As `study --compare-players A:B` makes it: the variant twice, A's arm and B's. */
          bs_study_add_arm (study, self->variant, "A");
          bs_study_add_arm (study, self->variant, "B");
        }
      else
        bs_study_add_arm (study, self->variant, NULL);
    }
  if (study != NULL)
    {
      path = bs_balance_view_new_study_path (self->variant, self->source);
      run = bs_balance_run_new (study, path, &error);
    }
  if (run == NULL)
    {
      bs_balance_view_message (self, error->message);
      return;
    }
  bs_balance_view_set_run (self, run);
  g_signal_emit (self, signals[STUDY_OPENED], 0, path);
  bs_balance_run_start (run);
}

static void
pause_activated (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);

  if (self->run == NULL)
    return;
  if (bs_balance_run_get_running (self->run))
    bs_balance_run_pause (self->run);
  else
    bs_balance_run_start (self->run);
}

/* Back to the setup of the same variant. */
static void
back_to_setup (BsBalanceView *self)
{
  g_autoptr(BsVariant) variant = self->variant != NULL ? bs_variant_copy (self->variant) : NULL;
  g_autofree char *source = g_strdup (self->source);

  bs_balance_view_set_run (self, NULL);
  if (variant != NULL)
    bs_balance_view_set_variant (self, variant, source);
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  g_autofree char *message = NULL;
  guint done = 0;

  if (self->run == NULL)
    return;
  bs_balance_run_pause (self->run);
  bs_balance_run_get_progress (self->run, &done, NULL, NULL);
  message = g_strdup_printf (_("Study stopped; its file keeps the %u games played (see "
                               "Recent)"), done);
  /* The results so far stay on the page, marked cancelled: New Study
   * goes back to the setup. */
  self->cancelled = TRUE;
  bs_balance_view_update (self);
  bs_balance_view_message (self, message);
}

static void
new_activated (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);

  if (self->run != NULL && !bs_balance_run_get_running (self->run) &&
      (self->cancelled || bs_balance_run_get_complete (self->run)))
    back_to_setup (self);
}

static void
more_activated (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);

  if (self->run != NULL && !bs_balance_run_get_running (self->run))
    bs_balance_run_add_games (self->run, MORE_GAMES);
}

static void
apply_activated (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  BsStudyRunner *runner;
  BsStudy *study;
  g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_stats_free);
  int fairest;

  if (self->run == NULL)
    return;
  runner = bs_balance_run_get_runner (self->run);
  study = bs_study_runner_get_study (runner);
  if (study->kind != BS_STUDY_SWEEP)
    return;
  for (guint i = 0; i < bs_study_n_arms (study); i++)
    g_ptr_array_add (arms, bs_study_runner_get_stats (runner, i));
  fairest = bs_study_stats_fairest_preferring ((BsStudyStats * const *) arms->pdata, arms->len,
                                               study->default_arm);
  if (fairest < 0)
    return;
  /* The variant of the fairest arm is the study's variant with that
   * setting: the window opens it in the editor, the designer saves. */
  g_signal_emit (self, signals[APPLY_REQUESTED], 0, self->source,
                 bs_study_get_arm (study, (guint) fairest)->variant, study->sweep_key,
                 bs_study_get_arm (study, (guint) fairest)->value);
}

/* Find a Fair Setting's result applied: every setting it varied, in the editor. */
static void
on_fair_apply (BsBalanceView   *self,
               const BsVariant *variant,
               char           **keys,
               char           **values)
{
  g_signal_emit (self, signals[APPLY_SETTINGS_REQUESTED], 0, self->source, variant, keys,
                 values);
}

static void
find_fair_activated (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *studies = bs_balance_view_studies_dir ();
  g_autofree BsFairSetting *settings = NULL;
  BsFairDialog *dialog;

  if (self->variant == NULL || self->run != NULL || self->loading ||
      self->sweep_keys == NULL || !players_chosen (self))
    return;
  /* The settings the Vary row offers. */
  settings = g_new0 (BsFairSetting, MAX (1, self->sweep_keys->len));
  for (guint i = 0; i < self->sweep_keys->len; i++)
    {
      const BsBalanceSweepKey *key = self->sweep_keys->pdata[i];

      settings[i] = (BsFairSetting) { key->key, key->label, key->value, key->min, key->max };
    }
  dialog = bs_fair_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->variant,
                               self->source, studies, settings, self->sweep_keys->len,
                               bs_player_chooser_get_spec (self->players[0]),
                               bs_player_chooser_get_spec (self->players[1]));
  g_signal_connect_object (dialog, "apply", G_CALLBACK (on_fair_apply), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
skill_trace_activated (GtkWidget  *widget,
                       const char *name,
                       GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autofree char *studies = bs_balance_view_studies_dir ();
  BsTraceDialog *dialog;

  if (self->variant == NULL || self->run != NULL || self->loading)
    return;
  dialog = bs_trace_dialog_new (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, self->variant,
                                self->source, studies);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
bs_balance_view_dispose (GObject *object)
{
  BsBalanceView *self = BS_BALANCE_VIEW (object);

  g_cancellable_cancel (self->files_cancellable);
  g_clear_object (&self->files_cancellable);
  if (self->run != NULL)
    {
      bs_balance_run_pause (self->run);
      g_signal_handlers_disconnect_by_data (self->run, self);
      g_clear_object (&self->run);
    }
  for (guint p = 0; p < 2; p++)
    g_clear_object (&self->players[p]);
  gtk_widget_dispose_template (GTK_WIDGET (self), BS_TYPE_BALANCE_VIEW);
  G_OBJECT_CLASS (bs_balance_view_parent_class)->dispose (object);
}

static void
bs_balance_view_finalize (GObject *object)
{
  BsBalanceView *self = BS_BALANCE_VIEW (object);

  g_clear_pointer (&self->variant, bs_variant_free);
  g_clear_pointer (&self->sweep_keys, g_ptr_array_unref);
  g_clear_pointer (&self->candidates, g_ptr_array_unref);
  g_clear_pointer (&self->figures, g_array_unref);
  g_clear_pointer (&self->chart_description, g_free);
  g_free (self->source);
  G_OBJECT_CLASS (bs_balance_view_parent_class)->finalize (object);
}

static void
bs_balance_view_class_init (BsBalanceViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_balance_view_dispose;
  object_class->finalize = bs_balance_view_finalize;

  /* (source, variant of the fairest setting as a pointer, key, value) */
  signals[APPLY_REQUESTED] =
    g_signal_new ("apply-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_POINTER,
                  G_TYPE_STRING, G_TYPE_STRING);
  /* Find a Fair Setting: (source, the result's variant as a pointer, the keys it varied and
   * their values, NULL-terminated string arrays as pointers) */
  signals[APPLY_SETTINGS_REQUESTED] =
    g_signal_new ("apply-settings-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_POINTER,
                  G_TYPE_POINTER, G_TYPE_POINTER);
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A study file was created (for Recent). */
  signals[STUDY_OPENED] =
    g_signal_new ("study-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/boardsmith/Boardsmith/bs-balance-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, loading_box);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, loading_spinner);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, loading_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, setup_box);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_a_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_b_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_a_entry);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_b_entry);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_a_status);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_b_status);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, games_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, find_fair_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, games_spin);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, precision_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, vary_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, from_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, from_spin);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, to_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, to_spin);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, compare_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, compare_players_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, compare_players_switch);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, players_group);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, results_box);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, study_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, progress_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, pause_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, more_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, new_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, fairest_group);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, fairest_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, figures_group);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, chart_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, chart_area);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, export_button);

  gtk_widget_class_install_action (widget_class, "balance.start", NULL, start_activated);
  gtk_widget_class_install_action (widget_class, "balance.pause", NULL, pause_activated);
  gtk_widget_class_install_action (widget_class, "balance.cancel", NULL, cancel_activated);
  gtk_widget_class_install_action (widget_class, "balance.new", NULL, new_activated);
  gtk_widget_class_install_action (widget_class, "balance.more", NULL, more_activated);
  gtk_widget_class_install_action (widget_class, "balance.apply", NULL, apply_activated);
  gtk_widget_class_install_action (widget_class, "balance.find-fair", NULL,
                                   find_fair_activated);
  gtk_widget_class_install_action (widget_class, "balance.skill-trace", NULL,
                                   skill_trace_activated);
  gtk_widget_class_install_action (widget_class, "balance.export-chart", NULL,
                                   bs_balance_view_export_chart_activated);
  gtk_widget_class_install_action (widget_class, "balance.export-data", "s",
                                   bs_balance_view_export_data_activated);
}

static void
bs_balance_view_init (BsBalanceView *self)
{
  g_autoptr(GtkStringList) precision = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) nothing = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  bs_entry_limit (GTK_WIDGET (self->games_spin), BS_ENTRY_NUMBER);
  bs_entry_limit (GTK_WIDGET (self->from_spin), BS_ENTRY_NUMBER);
  bs_entry_limit (GTK_WIDGET (self->to_spin), BS_ENTRY_NUMBER);
  bs_entry_limit_tree (GTK_WIDGET (self->chart_dropdown), BS_ENTRY_SEARCH);
  self->figures = g_array_new (FALSE, FALSE, sizeof (BsBalanceFigure));
  self->players[0] = bs_player_chooser_new (self->player_a_row, self->player_a_entry,
                                            self->player_a_status);
  self->players[1] = bs_player_chooser_new (self->player_b_row, self->player_b_entry,
                                            self->player_b_status);
  for (guint p = 0; p < 2; p++)
    g_signal_connect_swapped (self->players[p], "changed", G_CALLBACK (bs_balance_view_update),
                              self);
  for (guint i = 0; i < G_N_ELEMENTS (precisions); i++)
    {
      g_autofree char *label = precision_label (precisions[i]);

      gtk_string_list_append (precision, label);
    }
  adw_combo_row_set_model (self->precision_row, G_LIST_MODEL (precision));
  gtk_string_list_append (nothing, _("Nothing"));
  adw_combo_row_set_model (self->vary_row, G_LIST_MODEL (nothing));
  adw_combo_row_set_model (self->compare_row, G_LIST_MODEL (nothing));
  /* Settings are named after a player, variants at length: shown whole. */
  bs_combo_row_wrap_list (self->vary_row);
  bs_combo_row_wrap_list (self->compare_row);
  bs_combo_row_keep_popover_inside (self->vary_row);
  bs_combo_row_keep_popover_inside (self->compare_row);
  gtk_drawing_area_set_draw_func (self->chart_area, bs_balance_view_draw_chart, self, NULL);
  /* libadwaita 1.2 leaves the split button's main part, an icon, without a
   * name: its tooltip names it, for screen readers as for the eye. */
  gtk_widget_set_tooltip_text (gtk_widget_get_first_child (GTK_WIDGET (self->export_button)),
                               _("Export Chart…"));
  /* Its arrow, a menu button, hides its tooltip while the menu is open, as
   * every menu button of the app does (GTK 4.8 shows it over the menu). */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->export_button));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_MENU_BUTTON (child))
      bs_menu_button_hide_tooltip_while_open (GTK_MENU_BUTTON (child));
  g_signal_connect_swapped (self->chart_dropdown, "notify::selected",
                            G_CALLBACK (gtk_widget_queue_draw), self->chart_area);
  g_signal_connect_swapped (self->vary_row, "notify::selected",
                            G_CALLBACK (on_vary_changed), self);
  g_signal_connect_swapped (self->compare_row, "notify::selected",
                            G_CALLBACK (bs_balance_view_compare_changed), self);
  g_signal_connect_swapped (self->precision_row, "notify::selected",
                            G_CALLBACK (bs_balance_view_update), self);
  g_signal_connect_swapped (self->compare_players_switch, "notify::active",
                            G_CALLBACK (bs_balance_view_update), self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self->chart_area,
                           G_CONNECT_SWAPPED);
  bs_balance_view_update (self);
}
