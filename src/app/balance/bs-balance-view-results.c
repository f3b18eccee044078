/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-view-results.c: the study shown: the verdict, the figures
 * (rows made once per study, their values updated) and the chart. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-balance-view.h"
#include "bs-balance-view-private.h"

#include <glib/gi18n.h>

#include "bs-balance-verdict.h"
#include "bs-percent.h"

void
bs_balance_view_clear_figures (BsBalanceView *self)
{
  for (guint i = 0; i < self->figures->len; i++)
    adw_preferences_group_remove (self->figures_group,
                                  GTK_WIDGET (g_array_index (self->figures, BsBalanceFigure,
                                                             i).row));
  g_array_set_size (self->figures, 0);
}

static void
add_figure (BsBalanceView *self,
            const char    *title)
{
  BsBalanceFigure figure;

  figure.row = ADW_ACTION_ROW (adw_action_row_new ());
  /* Figures and names as they are ("95% interval", a variant's name). */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (figure.row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (figure.row), title);
  figure.value = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (figure.value), "numeric");
  gtk_widget_add_css_class (GTK_WIDGET (figure.value), "heading");
  gtk_label_set_selectable (figure.value, TRUE);
  adw_action_row_add_suffix (figure.row, GTK_WIDGET (figure.value));
  adw_preferences_group_add (self->figures_group, GTK_WIDGET (figure.row));
  g_array_append_val (self->figures, figure);
}

/* The tooltip, when there is one, holds the technical figure behind the
 * words (the p-value and its test). */
static void
set_figure_with_tooltip (BsBalanceView *self,
                         guint          index,
                         const char    *value,
                         const char    *subtitle,
                         const char    *tooltip)
{
  BsBalanceFigure *figure = &g_array_index (self->figures, BsBalanceFigure, index);

  gtk_label_set_text (figure->value, value != NULL ? value : "");
  adw_action_row_set_subtitle (figure->row, subtitle != NULL ? subtitle : "");
  gtk_widget_set_tooltip_text (GTK_WIDGET (figure->row), tooltip);
}

static void
set_figure (BsBalanceView *self,
            guint          index,
            const char    *value,
            const char    *subtitle)
{
  set_figure_with_tooltip (self, index, value, subtitle, NULL);
}

/* "95% interval 23.8–36.4 · 200 games". */
static char *
interval_text (const BsStatsScore *score,
               guint               games)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "95%% interval %.1f–%.1f · %u game",
                                       "95%% interval %.1f–%.1f · %u games", games),
                          100 * score->low, 100 * score->high, games);
}

static char *
percent_text (double value)
{
  return bs_percent_format (value, 1);
}

/* Rows for the study shown, made once per study (values change, the
 * rows stay: focus and screen readers keep their place). */
void
bs_balance_view_make_figures (BsBalanceView *self)
{
  BsStudy *study = bs_study_runner_get_study (bs_balance_run_get_runner (self->run));

  bs_balance_view_clear_figures (self);
  if (study->kind == BS_STUDY_SWEEP)
    {
      g_autofree char *setting = bs_study_describe_sweep (study);
      /* Markup: a setting is named after a player ("Ann & Bo’s pieces"). */
      g_autofree char *setting_markup = g_markup_escape_text (setting, -1);

      /* The setting as the title (short enough for a phone), what the
       * figures are below it. */
      adw_preferences_group_set_title (self->figures_group, setting_markup);
      adw_preferences_group_set_description (self->figures_group,
                                             /* xgettext:no-c-format */
                                             _("Player 1’s score for each value, with its 95% "
                                               "interval"));
      for (guint i = 0; i < bs_study_n_arms (study); i++)
        {
          const char *value = bs_study_get_arm (study, i)->value;
          g_autofree char *row = (int) i == study->default_arm
                                 /* Translators: the value a variant has of a swept setting. */
                                 ? g_strdup_printf (_("%s (the variant’s own)"), value)
                                 : g_strdup (value);

          add_figure (self, row);
        }
      return;
    }
  adw_preferences_group_set_title (self->figures_group, _("Results"));
  adw_preferences_group_set_description (self->figures_group, NULL);
  if (study->kind == BS_STUDY_COMPARE)
    {
      for (guint i = 0; i < 2; i++)
        {
          const BsStudyArm *arm = bs_study_get_arm (study, i);
          /* Translators: "A: My Game", a variant of an A/B study. */
          g_autofree char *row = g_strdup_printf (_("%s: %s"), arm->value,
                                                  bs_variant_display_name (arm->variant));

          add_figure (self, row);
        }
      add_figure (self, _("Difference, B − A"));
      return;
    }
  if (study->kind == BS_STUDY_PLAYERS)
    {
      for (guint i = 0; i < 2; i++)
        {
          g_autofree char *level = bs_study_player_describe (&study->players[i]);
          /* Translators: an arm of an A/B players study: "B: Hard against itself". */
          g_autofree char *row = g_strdup_printf (_("%s: %s against itself"),
                                                  bs_study_get_arm (study, i)->value, level);

          add_figure (self, row);
        }
      add_figure (self, _("Difference, B − A"));
      return;
    }
  add_figure (self, _("Player 1’s Score"));
  if (study->swap)
    {
      g_autofree char *level = bs_study_player_describe (&study->players[0]);
      g_autofree char *row = g_strdup_printf (_("Player A’s Score (%s)"), level);

      add_figure (self, row);
    }
  add_figure (self, _("Draws"));
  add_figure (self, _("Game Length"));
  add_figure (self, _("How Games Ended"));
  add_figure (self, _("Legal Moves per Turn"));
}

static void
update_sweep (BsBalanceView *self,
              BsStudy       *study,
              GPtrArray     *arms)
{
  int fairest = bs_study_stats_fairest_preferring ((BsStudyStats * const *) arms->pdata, arms->len,
                                               study->default_arm);
  g_autoptr(GArray) ties = bs_study_stats_fairest_ties ((BsStudyStats * const *) arms->pdata,
                                                        arms->len, study->default_arm);
  g_autofree char *setting = bs_study_describe_sweep (study);

  for (guint i = 0; i < arms->len; i++)
    {
      const BsStudyStats *stats = arms->pdata[i];
      BsStatsScore score;
      g_autofree char *value = NULL, *subtitle = NULL;

      bs_study_stats_first_player (stats, &score);
      if (stats->games > 0)
        {
          value = percent_text (score.score);
          subtitle = interval_text (&score, stats->games);
        }
      set_figure (self, i, value, subtitle);
    }
  gtk_widget_set_visible (self->fairest_group, fairest >= 0);
  if (fairest >= 0)
    {
      BsStatsScore score;
      const char *value = bs_study_get_arm (study, (guint) fairest)->value;
      g_autofree char *verdict = NULL, *title = NULL, *subtitle = NULL, *percent = NULL;
      gboolean fair;

      bs_study_stats_first_player (arms->pdata[fairest], &score);
      fair = !score.significant;
      if (ties->len > 1)
        {
          g_autofree char *values = bs_study_join_values (study, ties);

          /* Translators: values of a sweep equally close to fair (the same distance from
           * 50% and as sure): "Tied for fairest: Dark's large pieces (player 2) = 3, 5". */
          verdict = g_strdup_printf (_("Tied for fairest: %s = %s"), setting, values);
        }
      else
        /* Translators: the fairest value of a sweep: "Fairest: Dark's large pieces (player 2) = 4". */
        verdict = g_strdup_printf (_("Fairest: %s = %s"), setting, value);
      gtk_label_set_text (self->verdict_label, verdict);
      title = fairest == study->default_arm
              ? g_strdup_printf (_("%s = %s, as the variant has it"), setting, value)
              : ties->len > 1
              /* Translators: the value Apply would set, first of those tied. */
              ? g_strdup_printf (_("%s = %s, the first of the tied values"), setting, value)
              : g_strdup_printf (_("%s = %s"), setting, value);
      percent = percent_text (score.score);
      subtitle = g_strdup_printf (fair
                                  ? _("Player 1 scores %s (95%% interval %.1f–%.1f): "
                                      "fair within the interval")
                                  : _("Player 1 scores %s (95%% interval %.1f–%.1f): "
                                      "the closest to fair, but not fair"),
                                  percent, 100 * score.low, 100 * score.high);
      /* Plain text: the setting is named after a player. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->fairest_row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->fairest_row), title);
      adw_action_row_set_subtitle (self->fairest_row, subtitle);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.apply",
                                     fairest != study->default_arm &&
                                     !bs_balance_run_get_running (self->run));
    }
}

/* A/B variants and A/B players: each arm's score, and B's minus A's. */
static void
update_compare (BsBalanceView *self,
                BsStudy       *study,
                GPtrArray     *arms)
{
  const BsStudyStats *a = arms->pdata[0], *b = arms->pdata[1];
  BsStatsDifference d;
  g_autofree char *value = NULL, *subtitle = NULL, *p = NULL, *tooltip = NULL;

  for (guint i = 0; i < 2; i++)
    {
      const BsStudyStats *stats = arms->pdata[i];
      BsStatsScore score;
      g_autofree char *score_text = NULL, *interval = NULL;

      bs_study_stats_first_player (stats, &score);
      if (stats->games > 0)
        {
          score_text = percent_text (score.score);
          interval = interval_text (&score, stats->games);
        }
      set_figure (self, i, score_text, interval);
    }
  if (a->games == 0 || b->games == 0)
    {
      set_figure (self, 2, NULL, NULL);
      return;
    }
  bs_stats_difference (2 * a->wins[0] + a->draws, a->draws, a->games,
                       2 * b->wins[0] + b->draws, b->draws, b->games, &d);
  /* Translators: a difference of scores, in points of percentage: "+5.2 points". */
  value = g_strdup_printf (_("%+.1f points"), 100 * d.difference);
  p = bs_balance_p_value_text (d.p_value);
  /* Translators: "95% interval −3.1 to +13.4 · could well be chance, p = 0.21": the
   * p-value is bs_balance_p_value_text's. */
  subtitle = g_strdup_printf (_("95%% interval %+.1f to %+.1f · %s, %s"), 100 * d.low,
                              100 * d.high, bs_balance_chance_words (d.p_value), p);
  /* Translators: the figure behind "could well be chance": "p = 0.21 (the interval's own
   * test)". */
  tooltip = g_strdup_printf (_("%s (%s)"), p, _("the interval’s own test"));
  set_figure_with_tooltip (self, 2, value, subtitle, tooltip);
  if (study->kind == BS_STUDY_PLAYERS)
    {
      g_autofree char *a_level = bs_study_player_describe (&study->players[0]);
      g_autofree char *b_level = bs_study_player_describe (&study->players[1]);
      g_autofree char *verdict = bs_balance_verdict_players (a_level, b_level, &d);

      gtk_label_set_text (self->verdict_label, verdict);
    }
  else if (d.significant)
    {
      g_autofree char *verdict = g_strdup_printf (_("B changes player 1’s score by %+.1f "
                                                    "points"), 100 * d.difference);

      gtk_label_set_text (self->verdict_label, verdict);
    }
  else
    {
      g_autofree char *verdict = g_strdup_printf (_("No clear difference between A and B "
                                                    "(%+.1f points)"), 100 * d.difference);

      gtk_label_set_text (self->verdict_label, verdict);
    }
}

static void
update_single (BsBalanceView *self,
               BsStudy       *study,
               BsStudyStats  *stats)
{
  BsStatsScore score;
  BsStatsSummary plies;
  g_autofree char *verdict = NULL;
  const BsStudyArm *arm = bs_study_get_arm (study, 0);
  guint row = 0;

  bs_study_stats_first_player (stats, &score);
  bs_stats_histogram_summary (stats->plies, &plies);
  {
    g_autofree char *value = percent_text (score.score);
    g_autofree char *interval = interval_text (&score, stats->games);
    g_autofree char *p = bs_balance_p_value_text (score.p_value);
    /* Translators: "95% interval 88.1–95.0 · 40 games · very unlikely to be chance":
     * how likely a score so far from 50% is to be chance. */
    g_autofree char *subtitle = g_strdup_printf (_("%s · %s"), interval,
                                                 bs_balance_chance_words (score.p_value));
    /* Translators: the figure behind "very unlikely to be chance". */
    g_autofree char *tooltip = g_strdup_printf (_("%s (score test)"), p);

    set_figure_with_tooltip (self, row++, value, subtitle, tooltip);
  }
  if (arm->ruleset != NULL)
    verdict = bs_balance_verdict_single (arm->ruleset, &score);
  else
    {
      g_autofree char *percent = percent_text (score.score);

      verdict = g_strdup_printf (_("Player 1 scores %s"), percent);
    }
  gtk_label_set_text (self->verdict_label, verdict);
  if (study->swap)
    {
      BsStatsScore a;
      g_autofree char *value = NULL, *subtitle = NULL;

      bs_study_stats_player_a (stats, &a);
      value = percent_text (a.score);
      subtitle = g_strdup_printf (_("In either seat · 95%% interval %.1f–%.1f"), 100 * a.low,
                                  100 * a.high);
      set_figure (self, row++, value, subtitle);
    }
  {
    g_autofree char *value = percent_text ((double) stats->draws / stats->games);

    set_figure (self, row++, value, NULL);
  }
  {
    /* Translators: a game's length, counting each player's moves: "26 moves". */
    g_autofree char *value = g_strdup_printf (_("%.0f moves"), plies.mean);
    g_autofree char *subtitle = g_strdup_printf (_("Mean; median %.0f, %u to %u moves"),
                                                 plies.median, plies.min, plies.max);

    set_figure (self, row++, value, subtitle);
  }
  {
    g_autoptr(GPtrArray) reasons = bs_study_stats_reasons (stats);
    g_autoptr(GString) text = g_string_new (NULL);

    for (guint i = 0; i < reasons->len; i++)
      {
        guint count = GPOINTER_TO_UINT (g_hash_table_lookup (stats->reasons, reasons->pdata[i]));
        g_autofree char *percent = percent_text ((double) count / stats->games);

        if (i > 0)
          g_string_append (text, " · ");
        /* Translators: one way games ended and its share: "No legal move 96.5%". */
        g_string_append_printf (text, C_("way games ended", "%s %s"),
                                bs_study_reason_label (reasons->pdata[i]),
                                percent);
      }
    set_figure (self, row++, NULL, text->str);
  }
  {
    g_autofree char *value = g_strdup_printf ("%.1f", stats->branch_plies > 0
                                                      ? stats->branch_total / stats->branch_plies
                                                      : 0.0);

    set_figure (self, row++, value, _("Mean over all moves of all games"));
  }
}

void
bs_balance_view_update_results (BsBalanceView *self)
{
  BsStudyRunner *runner = bs_balance_run_get_runner (self->run);
  BsStudy *study = bs_study_runner_get_study (runner);
  g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_stats_free);
  guint games = 0;

  for (guint i = 0; i < bs_study_n_arms (study); i++)
    {
      BsStudyStats *stats = bs_study_runner_get_stats (runner, i);

      games += stats->games;
      g_ptr_array_add (arms, stats);
    }
  gtk_widget_set_visible (self->fairest_group, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.apply", FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->figures_group), games > 0);
  if (games == 0)
    {
      gtk_label_set_text (self->verdict_label, _("Waiting for the first games…"));
      return;
    }
  if (study->kind == BS_STUDY_SWEEP)
    update_sweep (self, study, arms);
  else if ((study->kind == BS_STUDY_COMPARE || study->kind == BS_STUDY_PLAYERS) &&
           arms->len == 2)
    update_compare (self, study, arms);
  else
    update_single (self, study, arms->pdata[0]);
}

/* What was studied, in a line under the verdict. */
char *
bs_balance_view_describe_study (BsStudy    *study,
                                const char *path)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *a = bs_study_player_describe (&study->players[0]);
  g_autofree char *b = bs_study_player_describe (&study->players[1]);
  g_autofree char *base = path != NULL ? g_path_get_basename (path) : NULL;
  guint n_arms = bs_study_n_arms (study);
  guint total = study->games * n_arms;

  if (study->kind == BS_STUDY_PLAYERS)
    /* Translators: the players of an A/B players study: "A Easy, B Hard, each against
     * itself". */
    g_string_append_printf (text, _("A %s, B %s, each against itself"), a, b);
  else
    /* Translators: the two computer players of a study: "Easy against Random". */
    g_string_append_printf (text, _("%s against %s"), a, b);
  g_string_append (text, " · ");
  /* A sweep or a comparison plays its games for each variant, an A/B of players for each
   * player: the total too. */
  if (study->margin > 0 && n_arms > 1)
    g_string_append_printf (text, study->kind == BS_STUDY_PLAYERS
                            /* Translators: an A/B players study stopping early: "until ± 3
                             * points, at most 2000 games per player, 4000 in all". */
                            ? g_dngettext (GETTEXT_PACKAGE,
                                           "until ± %.0f points, at most %u game per player, "
                                           "%u in all",
                                           "until ± %.0f points, at most %u games per player, "
                                           "%u in all", study->games)
                            /* Translators: a study of several variants stopping early: "until
                             * ± 3 points, at most 2000 games per variant, 12000 in all". */
                            : g_dngettext (GETTEXT_PACKAGE,
                                           "until ± %.0f points, at most %u game per variant, "
                                           "%u in all",
                                           "until ± %.0f points, at most %u games per variant, "
                                           "%u in all", study->games),
                            100 * study->margin, study->games, total);
  else if (study->margin > 0)
    /* Translators: a study stopping early: "until ± 3 points, at most 2,000 games per variant". */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE,
                                               "until ± %.0f points, at most %u game per variant",
                                               "until ± %.0f points, at most %u games per "
                                               "variant", study->games),
                            100 * study->margin, study->games);
  else if (study->kind == BS_STUDY_PLAYERS)
    /* Translators: an A/B players study: "400 games in all, 200 per player". */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u game in all, %u per player",
                                               "%u games in all, %u per player", total),
                            total, study->games);
  else if (n_arms > 1)
    /* Translators: a study of several variants: "1200 games in all, 200 per variant". */
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u game in all, %u per variant",
                                               "%u games in all, %u per variant", total),
                            total, study->games);
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u game per variant",
                                               "%u games per variant", study->games),
                            study->games);
  if (study->kind == BS_STUDY_SWEEP)
    {
      g_autofree char *setting = bs_study_describe_sweep (study);

      g_string_append (text, " · ");
      /* Translators: "varying Dark's large pieces (player 2) from 3 to 6". */
      g_string_append_printf (text, _("varying %s from %s to %s"), setting,
                              bs_study_get_arm (study, 0)->value,
                              bs_study_get_arm (study, bs_study_n_arms (study) - 1)->value);
    }
  else if (study->kind == BS_STUDY_COMPARE && bs_study_n_arms (study) == 2)
    {
      g_string_append (text, " · ");
      /* Translators: an A/B study: "compared with B: My Game, hexagon 5, handicap". */
      g_string_append_printf (text, _("compared with B: %s"),
                              bs_variant_display_name (bs_study_get_arm (study, 1)->variant));
    }
  if (base != NULL)
    {
      g_string_append (text, " · ");
      g_string_append (text, base);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The chart in words for a screen reader: a sweep's names every value tied for fairest and the
 * plausibly fair ones, as the chart marks them (rings, triangles); the others say what was
 * played, as their subtitle does (their figures are the rows). Told only when it changes. */
static void
describe_chart (BsBalanceView        *self,
                const BsChartData    *data,
                const BsChartOptions *options)
{
  g_autofree char *description = bs_chart_describe (data, options);

  if (description == NULL)
    description = bs_chart_subtitle (data, options);
  if (g_strcmp0 (description, self->chart_description) == 0)
    return;
  g_free (self->chart_description);
  self->chart_description = g_steal_pointer (&description);
  if (self->chart_description != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (self->chart_area),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                    self->chart_description, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (self->chart_area),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

void
bs_balance_view_draw_chart (GtkDrawingArea *area,
                            cairo_t        *cr,
                            int             width,
                            int             height,
                            gpointer        user_data)
{
  BsBalanceView *self = user_data;
  g_autoptr(BsChartData) data = NULL;
  BsChartOptions options;
  guint selected = gtk_drop_down_get_selected (self->chart_dropdown);

  if (self->run == NULL || self->loading || self->n_chart_kinds == 0 || width < 50 ||
      height < 50)
    return;
  data = bs_chart_data_new (bs_balance_run_get_runner (self->run));
  bs_chart_options_init (&options);
  options.kind = self->chart_kinds[MIN (selected, self->n_chart_kinds - 1)];
  options.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  if (data->study->default_arm >= 0)
    options.arm = (guint) data->study->default_arm;
  bs_chart_draw (cr, data, &options, width, height);
  describe_chart (self, data, &options);
}

/* The charts a study has, in the drop-down's order. */
void
bs_balance_view_fill_charts (BsBalanceView *self,
                             BsStudy       *study)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  self->n_chart_kinds = 0;
  if (study->kind == BS_STUDY_SWEEP)
    {
      self->chart_kinds[self->n_chart_kinds++] = BS_CHART_SWEEP;
      gtk_string_list_append (list, _("Score by Setting"));
    }
  self->chart_kinds[self->n_chart_kinds++] = BS_CHART_SCORE;
  gtk_string_list_append (list, _("Results by Seat"));
  self->chart_kinds[self->n_chart_kinds++] = BS_CHART_LENGTH;
  gtk_string_list_append (list, _("Game Length"));
  self->chart_kinds[self->n_chart_kinds++] = BS_CHART_BRANCHING;
  gtk_string_list_append (list, _("Legal Moves per Turn"));
  self->chart_kinds[self->n_chart_kinds++] = BS_CHART_OPENINGS;
  gtk_string_list_append (list, _("Openings on the Board"));
  gtk_drop_down_set_model (self->chart_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->chart_dropdown, 0);
}
