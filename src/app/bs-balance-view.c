/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-balance-view.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "bs-balance-run.h"
#include "bs-chart.h"
#include "bs-compat.h"
#include "bs-module.h"
#include "bs-ruleset.h"

/* Games added by "Run 1,000 More". */
#define MORE_GAMES 1000

typedef struct {
  char *key;       /* a bs_variant_set() key */
  char *label;
  int   value;     /* the variant's own */
  int   min;
  int   max;
} SweepKey;

struct _BsBalanceView {
  AdwBin          parent_instance;

  GtkLabel       *title_label;
  GtkWidget      *setup_group;
  AdwComboRow    *player_a_row;
  AdwComboRow    *player_b_row;
  GtkSpinButton  *games_spin;
  AdwComboRow    *vary_row;
  GtkWidget      *range_row;
  GtkSpinButton  *from_spin;
  GtkSpinButton  *to_spin;
  GtkWidget      *start_button;
  GtkWidget      *pause_button;
  GtkWidget      *cancel_button;
  GtkWidget      *more_button;
  GtkWidget      *progress_box;
  GtkProgressBar *progress_bar;
  GtkLabel       *progress_label;
  GtkLabel       *summary_label;
  GtkWidget      *fairest_group;
  AdwActionRow   *fairest_row;
  GtkWidget      *chart_box;
  GtkDropDown    *chart_dropdown;
  GtkDrawingArea *chart_area;

  BsVariant      *variant;      /* the variant being set up */
  char           *source;       /* its built-in name or file, or NULL */
  GPtrArray      *sweep_keys;   /* of SweepKey*, for the Vary row (index + 1) */
  BsBalanceRun   *run;
};

G_DEFINE_FINAL_TYPE (BsBalanceView, bs_balance_view, ADW_TYPE_BIN)

enum {
  APPLY_REQUESTED,
  MESSAGE,
  STUDY_OPENED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char * const level_ids[] = { "random", "easy", "medium", "hard" };

/* The charts of the drop-down, in its order. */
static const BsChartKind chart_kinds[] = {
  BS_CHART_SCORE, BS_CHART_SWEEP, BS_CHART_LENGTH, BS_CHART_BRANCHING, BS_CHART_OPENINGS,
};

static void
sweep_key_free (gpointer data)
{
  SweepKey *key = data;

  g_free (key->key);
  g_free (key->label);
  g_free (key);
}

static void
add_key (GPtrArray  *keys,
         char       *key,
         char       *label,
         int         value,
         int         min,
         int         max)
{
  SweepKey *k = g_new0 (SweepKey, 1);

  k->key = key;
  k->label = label;
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
        add_key (keys, g_strdup_printf ("supply.%d.%s", p, module->kinds[k].id),
                 /* Translators: "Dark: large pieces", a player's supply of a kind. */
                 g_strdup_printf (_("%s: %s pieces"), bs_variant_display_player (variant, p),
                                  _(module->kinds[k].label)),
                 bs_variant_get_supply (variant, p, module->kinds[k].id), 0, 99);
  if (variant->board.shape == BS_SHAPE_HEXAGON || variant->board.shape == BS_SHAPE_LIMPING)
    add_key (keys, g_strdup ("size"), g_strdup (_("Board size")), variant->board.size,
             module->min_size, module->max_size);
  else
    {
      add_key (keys, g_strdup ("width"), g_strdup (_("Board width")), variant->board.width,
               module->min_side, module->max_side);
      add_key (keys, g_strdup ("height"), g_strdup (_("Board height")), variant->board.height,
               module->min_side, module->max_side);
    }
  for (guint i = 0; i < module->n_options; i++)
    {
      const BsOptionSpec *spec = &module->options[i];

      if (spec->type != BS_OPTION_INT)
        continue;
      add_key (keys, g_strdup (spec->id), g_strdup (_(spec->label)), rs->options[i],
               spec->min, MIN (spec->max, 9999));
    }
  return keys;
}

char *
bs_balance_view_studies_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "boardsmith", "studies", NULL);
}

gboolean
bs_file_is_study (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);

  return name != NULL && g_str_has_suffix (name, ".bsstudy");
}

/* Beside the variant's file, or in the studies directory; never over an
 * earlier study. */
static char *
new_study_path (const BsVariant *variant,
                const char      *source)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *dir = NULL, *stem = NULL;
  char *path;

  if (source != NULL && g_path_is_absolute (source))
    {
      g_autofree char *base = g_path_get_basename (source);
      char *dot = strrchr (base, '.');

      if (dot != NULL)
        *dot = '\0';
      dir = g_path_get_dirname (source);
      stem = g_strdup (base);
    }
  else
    {
      dir = bs_balance_view_studies_dir ();
      stem = g_strdup (variant->id != NULL ? variant->id : "variant");
    }
  g_mkdir_with_parents (dir, 0755);
  path = g_strdup_printf ("%s/%s-%s.bsstudy", dir, stem, stamp);
  for (int i = 2; g_file_test (path, G_FILE_TEST_EXISTS); i++)
    {
      g_free (path);
      path = g_strdup_printf ("%s/%s-%s-%d.bsstudy", dir, stem, stamp, i);
    }
  return path;
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

static const char *
level_label (const char *level)
{
  if (g_str_equal (level, "random"))
    return _("Random");
  if (g_str_equal (level, "easy"))
    return _("Easy");
  if (g_str_equal (level, "medium"))
    return _("Medium");
  if (g_str_equal (level, "hard"))
    return _("Hard");
  return level;
}

static void
update_summary (BsBalanceView *self)
{
  BsStudyRunner *runner = bs_balance_run_get_runner (self->run);
  BsStudy *study = bs_study_runner_get_study (runner);
  g_autoptr(GString) text = g_string_new (NULL);

  gtk_widget_set_visible (self->fairest_group, FALSE);
  if (study->kind == BS_STUDY_SWEEP)
    {
      g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_stats_free);
      int fairest;

      for (guint i = 0; i < bs_study_n_arms (study); i++)
        g_ptr_array_add (arms, bs_study_runner_get_stats (runner, i));
      fairest = bs_study_stats_fairest ((BsStudyStats * const *) arms->pdata, arms->len);
      if (fairest >= 0)
        {
          BsStatsScore score;
          g_autofree char *title = NULL, *subtitle = NULL;

          bs_study_stats_first_player (arms->pdata[fairest], &score);
          title = g_strdup_printf (_("Fairest: %s = %s"), study->sweep_key,
                                   bs_study_get_arm (study, (guint) fairest)->value);
          subtitle = g_strdup_printf (score.low <= 0.5 && score.high >= 0.5
                                      ? _("Player 1 scores %.1f%% (95%% interval %.1f–%.1f): "
                                          "fair within the interval")
                                      : _("Player 1 scores %.1f%% (95%% interval %.1f–%.1f): "
                                          "the closest to fair, but not fair"),
                                      100 * score.score, 100 * score.low, 100 * score.high);
          adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->fairest_row), title);
          adw_action_row_set_subtitle (self->fairest_row, subtitle);
          gtk_widget_set_visible (self->fairest_group, TRUE);
          gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.apply",
                                         fairest != study->default_arm &&
                                         !bs_balance_run_get_running (self->run));
        }
      g_string_append (text, _("Player 1's score for each value is in the chart, with its "
                               "95% interval; the dashed line is a fair 50%."));
    }
  else
    {
      g_autoptr(BsStudyStats) stats = bs_study_runner_get_stats (runner, 0);
      BsStatsScore score;
      BsStatsSummary plies;

      if (stats->games == 0)
        {
          gtk_label_set_text (self->summary_label, "");
          return;
        }
      bs_study_stats_first_player (stats, &score);
      bs_stats_histogram_summary (stats->plies, &plies);
      g_string_append_printf (text, _("Player 1 scores %.1f%% (95%% interval %.1f–%.1f) over "
                                      "%u games: "), 100 * score.score, 100 * score.low,
                              100 * score.high, stats->games);
      if (score.low > 0.5)
        g_string_append_printf (text, _("moving first is a significant advantage (%+.1f "
                                        "points, p = %.2g)."), 100 * (score.score - 0.5),
                                score.p_value);
      else if (score.high < 0.5)
        g_string_append_printf (text, _("moving first is a significant disadvantage (%+.1f "
                                        "points, p = %.2g)."), 100 * (score.score - 0.5),
                                score.p_value);
      else
        g_string_append (text, _("no significant first-player advantage."));
      if (study->swap)
        {
          BsStatsScore a;

          bs_study_stats_player_a (stats, &a);
          g_string_append_printf (text, " ");
          g_string_append_printf (text, _("Player A (%s) scores %.1f%% (%.1f–%.1f) in "
                                          "either seat."), level_label (study->players[0].level),
                                  100 * a.score, 100 * a.low, 100 * a.high);
        }
      g_string_append_printf (text, " ");
      g_string_append_printf (text, _("Games last %.1f plies on average (median %.0f); "
                                      "%.1f%% are draws."), plies.mean, plies.median,
                              100.0 * stats->draws / stats->games);
    }
  gtk_label_set_text (self->summary_label, text->str);
}

static void
update (BsBalanceView *self)
{
  gboolean running = self->run != NULL && bs_balance_run_get_running (self->run);
  gboolean stopping = self->run != NULL && bs_balance_run_get_stopping (self->run);
  gboolean complete = self->run != NULL && bs_balance_run_get_complete (self->run);
  guint done = 0, total = 0;
  double left = -1;

  gtk_widget_set_sensitive (self->setup_group, self->run == NULL);
  gtk_widget_set_visible (self->start_button, self->run == NULL);
  gtk_widget_set_visible (self->pause_button, self->run != NULL && !complete);
  gtk_widget_set_visible (self->cancel_button, self->run != NULL && !complete);
  gtk_widget_set_visible (self->more_button, complete);
  gtk_widget_set_visible (self->progress_box, self->run != NULL);
  gtk_widget_set_visible (self->chart_box, self->run != NULL);
  gtk_button_set_label (GTK_BUTTON (self->pause_button),
                        running && !stopping ? _("_Pause") : _("_Resume"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.pause", !stopping);
  gtk_widget_set_visible (self->range_row, adw_combo_row_get_selected (self->vary_row) > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.more", complete && !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.apply", FALSE);
  if (self->run == NULL)
    {
      gtk_label_set_text (self->summary_label, "");
      gtk_widget_set_visible (self->fairest_group, FALSE);
      return;
    }

  bs_balance_run_get_progress (self->run, &done, &total, &left);
  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0);
  {
    g_autofree char *games = g_strdup_printf (_("%u of %u games"), done, total);
    g_autofree char *eta = left >= 0 ? format_duration (left) : NULL;
    g_autofree char *text = NULL;

    if (complete)
      text = g_strdup_printf (_("Complete: %u games"), done);
    else if (stopping)
      text = g_strdup_printf (_("Pausing: %s"), games);
    else if (running)
      text = eta != NULL ? g_strdup_printf ("%s · %s", games, eta)
                         : g_strdup_printf (_("%s · starting…"), games);
    else
      text = g_strdup_printf (_("Paused: %s"), games);
    gtk_label_set_text (self->progress_label, text);
  }
  update_summary (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart_area));
}

static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  BsBalanceView *self = user_data;
  g_autoptr(BsChartData) data = NULL;
  BsChartOptions options;
  guint selected = gtk_drop_down_get_selected (self->chart_dropdown);

  if (self->run == NULL || width < 50 || height < 50)
    return;
  data = bs_chart_data_new (bs_balance_run_get_runner (self->run));
  bs_chart_options_init (&options);
  options.kind = chart_kinds[MIN (selected, G_N_ELEMENTS (chart_kinds) - 1)];
  options.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  bs_chart_draw (cr, data, &options, width, height);
}

static void
on_failed (BsBalanceView *self,
           const char    *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static void
set_run (BsBalanceView *self,
         BsBalanceRun  *run)
{
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_set_object (&self->run, run);
  if (run != NULL)
    {
      g_signal_connect_swapped (run, "updated", G_CALLBACK (update), self);
      g_signal_connect_swapped (run, "failed", G_CALLBACK (on_failed), self);
    }
  update (self);
}

static void
fill_levels (AdwComboRow *row,
             guint        selected)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (level_ids); i++)
    gtk_string_list_append (list, level_label (level_ids[i]));
  adw_combo_row_set_model (row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (row, selected);
}

static void
on_vary_changed (BsBalanceView *self)
{
  guint selected = adw_combo_row_get_selected (self->vary_row);

  if (selected > 0 && self->sweep_keys != NULL && selected <= self->sweep_keys->len)
    {
      const SweepKey *key = self->sweep_keys->pdata[selected - 1];

      gtk_spin_button_set_range (self->from_spin, key->min, key->max);
      gtk_spin_button_set_range (self->to_spin, key->min, key->max);
      gtk_spin_button_set_value (self->from_spin, MAX (key->min, key->value - 2));
      gtk_spin_button_set_value (self->to_spin, MIN (key->max, key->value + 2));
    }
  update (self);
}

void
bs_balance_view_set_variant (BsBalanceView   *self,
                             const BsVariant *variant,
                             const char      *source)
{
  g_autoptr(GtkStringList) vary = gtk_string_list_new (NULL);
  g_autofree char *title = NULL;
  g_autoptr(BsVariant) copy = NULL;
  g_autofree char *source_copy = NULL;

  g_return_if_fail (BS_IS_BALANCE_VIEW (self));
  g_return_if_fail (variant != NULL);

  /* Copied first: variant and source may be this page's own. */
  copy = bs_variant_copy (variant);
  source_copy = g_strdup (source);
  bs_balance_view_pause (self);
  set_run (self, NULL);
  g_clear_pointer (&self->variant, bs_variant_free);
  self->variant = g_steal_pointer (&copy);
  g_free (self->source);
  self->source = g_steal_pointer (&source_copy);
  g_clear_pointer (&self->sweep_keys, g_ptr_array_unref);
  self->sweep_keys = sweep_keys_for (self->variant);
  gtk_string_list_append (vary, _("Nothing"));
  for (guint i = 0; i < self->sweep_keys->len; i++)
    gtk_string_list_append (vary, ((SweepKey *) self->sweep_keys->pdata[i])->label);
  adw_combo_row_set_model (self->vary_row, G_LIST_MODEL (vary));
  adw_combo_row_set_selected (self->vary_row, 0);
  title = g_strdup_printf (_("Balance of %s"), bs_variant_display_name (self->variant));
  gtk_label_set_text (self->title_label, title);
  update (self);
}

gboolean
bs_balance_view_open_study (BsBalanceView  *self,
                            const char     *path,
                            GError        **error)
{
  g_autoptr(BsBalanceRun) run = NULL;
  BsStudy *study;
  g_autofree char *title = NULL;

  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);

  run = bs_balance_run_open (path, error);
  if (run == NULL)
    return FALSE;
  bs_balance_view_pause (self);
  study = bs_study_runner_get_study (bs_balance_run_get_runner (run));
  g_clear_pointer (&self->variant, bs_variant_free);
  self->variant = bs_variant_copy (bs_study_get_arm (study, 0)->variant);
  g_clear_pointer (&self->source, g_free);
  title = g_strdup_printf (_("Balance of %s"), bs_variant_display_name (self->variant));
  gtk_label_set_text (self->title_label, title);
  gtk_drop_down_set_selected (self->chart_dropdown, study->kind == BS_STUDY_SWEEP ? 1 : 0);
  set_run (self, run);
  return TRUE;
}

static int
level_index (const char *level)
{
  for (guint i = 0; i < G_N_ELEMENTS (level_ids); i++)
    if (g_str_equal (level, level_ids[i]))
      return (int) i;
  return -1;
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
  int a = level_index (level_a), b = level_index (level_b);
  guint vary = 0;

  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);

  if (a < 0 || b < 0 || self->sweep_keys == NULL)
    return FALSE;
  if (vary_key != NULL)
    {
      for (guint i = 0; i < self->sweep_keys->len && vary == 0; i++)
        if (g_str_equal (((SweepKey *) self->sweep_keys->pdata[i])->key, vary_key))
          vary = i + 1;
      if (vary == 0)
        return FALSE;
    }
  adw_combo_row_set_selected (self->player_a_row, (guint) a);
  adw_combo_row_set_selected (self->player_b_row, (guint) b);
  gtk_spin_button_set_value (self->games_spin, games);
  adw_combo_row_set_selected (self->vary_row, vary);
  if (vary > 0)
    {
      gtk_spin_button_set_value (self->from_spin, from);
      gtk_spin_button_set_value (self->to_spin, to);
    }
  return TRUE;
}

const char *
bs_balance_view_get_path (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), NULL);
  return self->run != NULL ? bs_balance_run_get_path (self->run) : NULL;
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
  return g_strdup (gtk_label_get_text (self->title_label));
}

static void
start_activated (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  guint vary = adw_combo_row_get_selected (self->vary_row);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(BsBalanceRun) run = NULL;
  g_autofree char *path = NULL;

  if (self->variant == NULL || self->run != NULL)
    return;
  study = bs_study_new (vary > 0 ? BS_STUDY_SWEEP : BS_STUDY_SINGLE, g_random_int (),
                        level_ids[MIN (adw_combo_row_get_selected (self->player_a_row), 3u)],
                        level_ids[MIN (adw_combo_row_get_selected (self->player_b_row), 3u)],
                        &error);
  if (study != NULL)
    {
      study->games = (guint) gtk_spin_button_get_value_as_int (self->games_spin);
      if (vary > 0)
        {
          const SweepKey *key = self->sweep_keys->pdata[vary - 1];
          int from = gtk_spin_button_get_value_as_int (self->from_spin);
          int to = gtk_spin_button_get_value_as_int (self->to_spin);
          g_autofree char *range = g_strdup_printf ("%d..%d", MIN (from, to), MAX (from, to));

          if (!bs_study_add_sweep (study, self->variant, key->key, range, &error))
            g_clear_pointer (&study, bs_study_unref);
        }
      else
        bs_study_add_arm (study, self->variant, NULL);
    }
  if (study != NULL)
    {
      path = new_study_path (self->variant, self->source);
      run = bs_balance_run_new (study, path, &error);
    }
  if (run == NULL)
    {
      g_signal_emit (self, signals[MESSAGE], 0, error->message);
      return;
    }
  gtk_drop_down_set_selected (self->chart_dropdown, vary > 0 ? 1 : 0);
  set_run (self, run);
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
  set_run (self, NULL);
  if (self->variant != NULL)
    bs_balance_view_set_variant (self, self->variant, self->source);
  g_signal_emit (self, signals[MESSAGE], 0, message);
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
  fairest = bs_study_stats_fairest ((BsStudyStats * const *) arms->pdata, arms->len);
  if (fairest < 0)
    return;
  /* The variant of the fairest arm is the study's variant with that
   * setting: the window opens it in the editor, the designer saves. */
  g_signal_emit (self, signals[APPLY_REQUESTED], 0, self->source,
                 bs_study_get_arm (study, (guint) fairest)->variant, study->sweep_key,
                 bs_study_get_arm (study, (guint) fairest)->value);
}

static void
on_chart_chosen (GFile    *file,
                 gpointer  user_data)
{
  g_autoptr(BsBalanceView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(BsChartData) data = NULL;
  BsChartOptions options;

  if (file == NULL || self->run == NULL)
    return;
  path = g_file_get_path (file);
  data = bs_chart_data_new (bs_balance_run_get_runner (self->run));
  bs_chart_options_init (&options);
  options.kind = chart_kinds[MIN (gtk_drop_down_get_selected (self->chart_dropdown),
                                  G_N_ELEMENTS (chart_kinds) - 1)];
  options.width = 1200;
  if (path == NULL || !bs_chart_export (data, &options, path, &error))
    g_signal_emit (self, signals[MESSAGE], 0,
                   error != NULL ? error->message : _("Only local files can be written"));
  else
    {
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *message = g_strdup_printf (_("Chart saved as %s"), base);

      g_signal_emit (self, signals[MESSAGE], 0, message);
    }
}

static void
export_chart_activated (GtkWidget  *widget,
                        const char *name,
                        GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);

  if (self->run == NULL)
    return;
  bs_compat_choose_export (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("Export Chart"),
                           NULL, "chart.png", _("Images (PNG, SVG, PDF)"), "image/png",
                           on_chart_chosen, g_object_ref (self));
}

static void
bs_balance_view_dispose (GObject *object)
{
  BsBalanceView *self = BS_BALANCE_VIEW (object);

  if (self->run != NULL)
    {
      bs_balance_run_pause (self->run);
      g_signal_handlers_disconnect_by_data (self->run, self);
      g_clear_object (&self->run);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), BS_TYPE_BALANCE_VIEW);
  G_OBJECT_CLASS (bs_balance_view_parent_class)->dispose (object);
}

static void
bs_balance_view_finalize (GObject *object)
{
  BsBalanceView *self = BS_BALANCE_VIEW (object);

  g_clear_pointer (&self->variant, bs_variant_free);
  g_clear_pointer (&self->sweep_keys, g_ptr_array_unref);
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
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A study file was created (for Recent). */
  signals[STUDY_OPENED] =
    g_signal_new ("study-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/boardsmith/Boardsmith/bs-balance-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, title_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, setup_group);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_a_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_b_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, games_spin);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, vary_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, range_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, from_spin);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, to_spin);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, start_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, pause_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, more_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, progress_box);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, progress_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, summary_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, fairest_group);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, fairest_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, chart_box);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, chart_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, chart_area);

  gtk_widget_class_install_action (widget_class, "balance.start", NULL, start_activated);
  gtk_widget_class_install_action (widget_class, "balance.pause", NULL, pause_activated);
  gtk_widget_class_install_action (widget_class, "balance.cancel", NULL, cancel_activated);
  gtk_widget_class_install_action (widget_class, "balance.more", NULL, more_activated);
  gtk_widget_class_install_action (widget_class, "balance.apply", NULL, apply_activated);
  gtk_widget_class_install_action (widget_class, "balance.export-chart", NULL,
                                   export_chart_activated);
}

static void
bs_balance_view_init (BsBalanceView *self)
{
  g_autoptr(GtkStringList) charts = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  fill_levels (self->player_a_row, 1);
  fill_levels (self->player_b_row, 1);
  gtk_string_list_append (charts, _("Results by Seat"));
  gtk_string_list_append (charts, _("Score by Setting"));
  gtk_string_list_append (charts, _("Game Length"));
  gtk_string_list_append (charts, _("Legal Moves per Ply"));
  gtk_string_list_append (charts, _("Openings on the Board"));
  gtk_drop_down_set_model (self->chart_dropdown, G_LIST_MODEL (charts));
  gtk_drawing_area_set_draw_func (self->chart_area, draw_chart, self, NULL);
  g_signal_connect_swapped (self->chart_dropdown, "notify::selected",
                            G_CALLBACK (gtk_widget_queue_draw), self->chart_area);
  g_signal_connect_swapped (self->vary_row, "notify::selected",
                            G_CALLBACK (on_vary_changed), self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self->chart_area,
                           G_CONNECT_SWAPPED);
  update (self);
}
