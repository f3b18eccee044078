/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-verdict.c: the words of the Balance page's results. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-balance-verdict.h"

#include <math.h>
#include <glib/gi18n.h>

#include "bs-module.h"
#include "bs-percent.h"

/* Pieces a player starts with, on the board and in hand (a supply with no
 * end for both players does not count: a game whose pieces all start on
 * the board); -1 when only its supply of some kind has no end. */
static int
pieces_of (const BsRuleset  *rs,
           const BsPosition *start,
           int               player)
{
  int total = 0;

  for (guint k = 0; k < rs->module->n_kinds; k++)
    {
      gboolean endless = start->supply[player - 1][k] == BS_SUPPLY_UNLIMITED;

      if (endless && start->supply[2 - player][k] != BS_SUPPLY_UNLIMITED)
        return -1;
      total += (endless ? 0 : start->supply[player - 1][k]) + start->on_board[player - 1][k];
    }
  return total;
}

static guint
specials_of (const BsVariant *variant,
             int              player)
{
  guint count = 0;

  for (guint i = 0; i < variant->specials->len; i++)
    if (g_array_index (variant->specials, BsVariantSpecial, i).player == player)
      count++;
  return count;
}

char *
bs_balance_sides_difference (const BsRuleset *rs)
{
  g_autofree BsPosition *start = NULL;
  gboolean alike;
  int first, second;

  g_return_val_if_fail (rs != NULL, NULL);

  /* The start the rules make (a variant's fixed pieces, the rows a game
   * fills, the supplies), kind by kind. */
  start = bs_ruleset_new_position (rs, 0);
  alike = specials_of (rs->variant, 1) == specials_of (rs->variant, 2);
  for (guint k = 0; k < rs->module->n_kinds && alike; k++)
    alike = start->supply[0][k] == start->supply[1][k] &&
            start->on_board[0][k] == start->on_board[1][k];
  if (alike)
    return NULL;
  first = pieces_of (rs, start, 1);
  second = pieces_of (rs, start, 2);
  if (first >= 0 && second >= 0 && first != second)
    /* Translators: how player 1 starts unlike player 2: "Light, 14 pieces against 10". */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s, %d piece against %d",
                                         "%s, %d pieces against %d", (gulong) first),
                            bs_variant_display_player (rs->variant, 1), first, second);
  /* Translators: how player 1 starts unlike player 2 (other pieces, other
   * special cells): "Light, set up unlike Dark". */
  return g_strdup_printf (_("%s, set up unlike %s"), bs_variant_display_player (rs->variant, 1),
                          bs_variant_display_player (rs->variant, 2));
}

char *
bs_balance_verdict_single (const BsRuleset    *rs,
                           const BsStatsScore *score)
{
  g_autofree char *sides = NULL;
  g_autofree char *percent = NULL;
  gboolean fair;

  g_return_val_if_fail (rs != NULL && score != NULL, NULL);

  /* The engine's one verdict (bs_stats_score): the test and the interval
   * agree. Only sides alike but for the first move make it the first
   * move's doing. */
  percent = bs_percent_format (score->score, 1);
  sides = bs_balance_sides_difference (rs);
  /* Fair within the margin outranks a significant difference smaller than it: the
   * margin is what the designer calls too small to matter. */
  fair = bs_stats_equivalence (score, BS_STUDY_FAIR_MARGIN) == BS_STATS_FAIR;
  if (sides == NULL)
    {
      if (fair)
        /* Translators: "Fair within ±3 points: player 1 scores 50.4%". */
        return g_strdup_printf (_("Fair within ±%g points: player 1 scores %s"),
                                100 * BS_STUDY_FAIR_MARGIN, percent);
      if (score->significant && score->score > 0.5)
        return g_strdup_printf (_("Moving first is an advantage: player 1 scores %s"),
                                percent);
      if (score->significant)
        return g_strdup_printf (_("Moving first is a disadvantage: player 1 scores %s"),
                                percent);
      return g_strdup_printf (_("No clear first-move advantage: player 1 scores %s"),
                              percent);
    }
  if (fair)
    /* Translators: "Player 1 — Light, 14 pieces against 10 — scores 50.4%: fair within ±3
     * points". */
    return g_strdup_printf (_("Player 1 — %s — scores %s: fair within ±%g points"), sides,
                            percent, 100 * BS_STUDY_FAIR_MARGIN);
  if (score->significant && score->score > 0.5)
    /* Translators: "Player 1 — Light, 14 pieces against 10 — scores 92.5%: a clear advantage". */
    return g_strdup_printf (_("Player 1 — %s — scores %s: a clear advantage"), sides,
                            percent);
  if (score->significant)
    return g_strdup_printf (_("Player 1 — %s — scores %s: a clear disadvantage"), sides,
                            percent);
  return g_strdup_printf (_("Player 1 — %s — scores %s: no clear advantage"), sides,
                          percent);
}

char *
bs_balance_equivalence_words (const BsStatsScore *score,
                              double              margin)
{
  double points = 100 * margin;

  g_return_val_if_fail (score != NULL, NULL);

  switch (bs_stats_equivalence (score, margin))
    {
    case BS_STATS_FAIR:
      /* Translators: "Fair within ±3 points: the whole interval lies inside 47–53%". */
      return g_strdup_printf (_("Fair within ±%g points: the whole interval lies inside "
                                "%g–%g%%"), points, 50 - points, 50 + points);
    case BS_STATS_UNFAIR:
      /* xgettext:no-c-format */
      return g_strdup (_("Unfair: 50% is outside the interval"));
    case BS_STATS_UNDECIDED:
    default:
      /* Translators: "Not shown fair within ±3 points, nor unfair: more games would tell". */
      return g_strdup_printf (_("Not shown fair within ±%g points, nor unfair: more games "
                                "would tell"), points);
    }
}

const char *
bs_balance_chance_words (double p_value)
{
  if (p_value < 0.001)
    return _("very unlikely to be chance");
  if (p_value < 0.05)
    return _("unlikely to be chance");
  return _("could well be chance");
}

char *
bs_balance_p_value_text (double p_value)
{
  if (p_value < 0.001)
    return g_strdup (_("p < 0.001"));
  return g_strdup_printf (_("p = %.2g"), p_value);
}

char *
bs_balance_verdict_players (const char              *player_a,
                            const char              *player_b,
                            const BsStatsDifference *difference)
{
  g_autofree char *p = NULL;

  g_return_val_if_fail (player_a != NULL && player_b != NULL && difference != NULL, NULL);

  p = bs_balance_p_value_text (difference->p_value);
  if (!difference->significant)
    /* Translators: the headline of a study of two strengths where the difference could be
     * chance: "No clear difference in player 1's score between A (Easy) and B (Hard):
     * −3.0 points, 95% interval −12.0 to +6.0, p = 0.52". */
    return g_strdup_printf (_("No clear difference in player 1’s score between A (%s) and "
                              "B (%s): %+.1f points, 95%% interval %+.1f to %+.1f, %s"),
                            player_a, player_b, 100 * difference->difference,
                            100 * difference->low, 100 * difference->high, p);
  return g_strdup_printf (difference->difference > 0
                          /* Translators: "Player 1 scores 12.0 points more with B (Hard) than
                           * with A (Easy): 95% interval +3.0 to +21.0, p = 0.009". */
                          ? _("Player 1 scores %.1f points more with B (%s) than with A (%s): "
                              "95%% interval %+.1f to %+.1f, %s")
                          /* Translators: "Player 1 scores 12.0 points less with B (Hard) than
                           * with A (Easy): 95% interval −21.0 to −3.0, p = 0.009". */
                          : _("Player 1 scores %.1f points less with B (%s) than with A (%s): "
                              "95%% interval %+.1f to %+.1f, %s"),
                          100 * fabs (difference->difference), player_b, player_a,
                          100 * difference->low, 100 * difference->high, p);
}
