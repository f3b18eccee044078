/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-match.h"

#include <glib/gi18n-lib.h>

#include "bs-error.h"

/* One kept turn: the steps that entered it, its notation and where it led. */
typedef struct {
  BsMove     *steps;
  guint       n_steps;
  char       *notation;
  BsPosition *after;
} BsMatchTurn;

struct _BsMatch {
  BsRuleset  *ruleset;
  guint64     seed;
  char       *names[2];
  char       *date;
  BsPosition *start;
  GArray     *turns;      /* of BsMatchTurn */
  guint       current;
  BsMove     *scratch;    /* ruleset->max_moves, for the legality checks */
};

static void
match_turn_clear (gpointer data)
{
  BsMatchTurn *turn = data;

  g_clear_pointer (&turn->steps, g_free);
  g_clear_pointer (&turn->notation, g_free);
  g_clear_pointer (&turn->after, g_free);
}

BsMatch *
bs_match_new (BsRuleset *ruleset,
              guint64    seed)
{
  BsMatch *match;

  g_return_val_if_fail (ruleset != NULL, NULL);

  match = g_atomic_rc_box_new0 (BsMatch);
  match->ruleset = bs_ruleset_ref (ruleset);
  match->seed = seed;
  match->start = bs_ruleset_new_position (ruleset, seed);
  match->turns = g_array_new (FALSE, TRUE, sizeof (BsMatchTurn));
  g_array_set_clear_func (match->turns, match_turn_clear);
  match->scratch = g_new0 (BsMove, MAX (ruleset->max_moves, 1));
  return match;
}

static void
match_clear (BsMatch *match)
{
  g_clear_pointer (&match->turns, g_array_unref);
  g_clear_pointer (&match->start, g_free);
  g_clear_pointer (&match->scratch, g_free);
  g_clear_pointer (&match->names[0], g_free);
  g_clear_pointer (&match->names[1], g_free);
  g_clear_pointer (&match->date, g_free);
  g_clear_pointer (&match->ruleset, bs_ruleset_unref);
}

BsMatch *
bs_match_ref (BsMatch *match)
{
  g_return_val_if_fail (match != NULL, NULL);
  return g_atomic_rc_box_acquire (match);
}

void
bs_match_unref (BsMatch *match)
{
  g_return_if_fail (match != NULL);
  g_atomic_rc_box_release_full (match, (GDestroyNotify) match_clear);
}

BsRuleset *
bs_match_get_ruleset (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, NULL);
  return match->ruleset;
}

guint64
bs_match_get_seed (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, 0);
  return match->seed;
}

const char *
bs_match_get_player_name (const BsMatch *match,
                          int            player)
{
  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (player == 1 || player == 2, NULL);

  if (match->names[player - 1] != NULL)
    return match->names[player - 1];
  return bs_variant_display_player (match->ruleset->variant, player);
}

void
bs_match_set_player_name (BsMatch    *match,
                          int         player,
                          const char *name)
{
  g_return_if_fail (match != NULL);
  g_return_if_fail (player == 1 || player == 2);

  g_free (match->names[player - 1]);
  match->names[player - 1] = g_strdup (name);
}

const char *
bs_match_get_date (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, NULL);
  return match->date;
}

void
bs_match_set_date (BsMatch    *match,
                   const char *date)
{
  g_return_if_fail (match != NULL);

  g_free (match->date);
  match->date = g_strdup (date);
}

guint
bs_match_get_n_turns (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, 0);
  return match->turns->len;
}

guint
bs_match_get_current (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, 0);
  return match->current;
}

static const BsPosition *
position_at (const BsMatch *match,
             guint          n_played)
{
  if (n_played == 0)
    return match->start;
  return g_array_index (match->turns, BsMatchTurn, n_played - 1).after;
}

const BsPosition *
bs_match_get_position (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, NULL);
  return position_at (match, match->current);
}

const BsPosition *
bs_match_get_position_at (const BsMatch *match,
                          guint          n_played)
{
  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (n_played <= match->turns->len, NULL);
  return position_at (match, n_played);
}

const char *
bs_match_get_notation (const BsMatch *match,
                       guint          turn)
{
  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (turn < match->turns->len, NULL);
  return g_array_index (match->turns, BsMatchTurn, turn).notation;
}

const BsMove *
bs_match_get_turn_steps (const BsMatch *match,
                         guint          turn,
                         guint         *n_steps)
{
  const BsMatchTurn *t;

  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (turn < match->turns->len, NULL);

  t = &g_array_index (match->turns, BsMatchTurn, turn);
  if (n_steps != NULL)
    *n_steps = t->n_steps;
  return t->steps;
}

BsExplanation *
bs_match_explain_turn (const BsMatch *match,
                       guint          turn)
{
  const BsMatchTurn *t;

  g_return_val_if_fail (match != NULL, NULL);
  g_return_val_if_fail (turn < match->turns->len, NULL);

  t = &g_array_index (match->turns, BsMatchTurn, turn);
  return bs_ruleset_explain_turn (match->ruleset, position_at (match, turn), t->steps, t->n_steps);
}

gboolean
bs_match_is_over (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, FALSE);
  return bs_position_is_over (position_at (match, match->turns->len));
}

BsResult
bs_match_get_result (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, BS_RESULT_ONGOING);
  return (BsResult) position_at (match, match->turns->len)->result;
}

BsEnding
bs_match_get_ending (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, BS_ENDING_NONE);
  return bs_ruleset_ending (match->ruleset, position_at (match, match->turns->len));
}

gboolean
bs_match_play_turn (BsMatch       *match,
                    const BsMove  *steps,
                    guint          n_steps,
                    GError       **error)
{
  const BsRuleset *rs;
  const BsPosition *start;
  g_autofree BsPosition *pos = NULL;
  BsMatchTurn turn = { 0 };

  g_return_val_if_fail (match != NULL, FALSE);
  g_return_val_if_fail (steps != NULL && n_steps > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  rs = match->ruleset;
  start = bs_match_get_position (match);
  if (bs_position_is_over (start))
    {
      g_set_error_literal (error, BS_RULES_ERROR, BS_RULES_ERROR_GAME_OVER,
                           _("The game is over: no move can be played"));
      return FALSE;
    }

  pos = bs_position_dup (rs, start);
  for (guint i = 0; i < n_steps; i++)
    {
      if (bs_position_is_over (pos)
          || !bs_ruleset_is_legal (rs, pos, steps[i], match->scratch))
        {
          g_autofree char *why = NULL;

          if (!bs_position_is_over (pos))
            why = bs_ruleset_explain (rs, pos, steps[i]);
          g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                       _("Step %u of the turn is not legal: %s"), i + 1,
                       why != NULL ? why : _("the game is over"));
          return FALSE;
        }
      bs_ruleset_apply (rs, pos, steps[i], NULL);
    }
  if (pos->step != 0)
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                   _("The turn is incomplete: %u orders given"), n_steps);
      return FALSE;
    }

  turn.steps = g_memdup2 (steps, sizeof (BsMove) * n_steps);
  turn.n_steps = n_steps;
  turn.notation = bs_ruleset_format_turn (rs, start, steps, n_steps);
  turn.after = g_steal_pointer (&pos);

  /* Playing from an earlier position replaces what could be redone. */
  g_array_set_size (match->turns, match->current);
  g_array_append_val (match->turns, turn);
  match->current++;
  return TRUE;
}

gboolean
bs_match_play_notation (BsMatch     *match,
                        const char  *text,
                        GError     **error)
{
  g_autofree BsMove *steps = NULL;
  guint n_steps = 0;

  g_return_val_if_fail (match != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  steps = g_new0 (BsMove, MAX (bs_ruleset_max_turn_steps (match->ruleset), 1));
  if (!bs_ruleset_parse_turn (match->ruleset, bs_match_get_position (match), text, steps,
                              &n_steps, error))
    return FALSE;
  return bs_match_play_turn (match, steps, n_steps, error);
}

gboolean
bs_match_play_line (BsMatch     *match,
                    const char  *line,
                    GError     **error)
{
  g_auto(GStrv) tokens = NULL;

  g_return_val_if_fail (match != NULL, FALSE);

  if (line == NULL)
    return TRUE;
  tokens = g_strsplit_set (line, " \t\r\n", -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      guint32 ply = bs_match_get_position (match)->ply + 1;

      if (*tokens[i] == '\0')
        continue;
      if (!bs_match_play_notation (match, tokens[i], error))
        {
          /* Translators: a prefix to an error about the move at this ply (half-move) of a game. */
          g_prefix_error (error, _("ply %u: "), ply);
          return FALSE;
        }
    }
  return TRUE;
}

void
bs_match_go_to (BsMatch *match,
                guint    n_played)
{
  g_return_if_fail (match != NULL);
  g_return_if_fail (n_played <= match->turns->len);
  match->current = n_played;
}

gboolean
bs_match_can_undo (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, FALSE);
  return match->current > 0;
}

gboolean
bs_match_can_redo (const BsMatch *match)
{
  g_return_val_if_fail (match != NULL, FALSE);
  return match->current < match->turns->len;
}

gboolean
bs_match_undo (BsMatch *match)
{
  g_return_val_if_fail (match != NULL, FALSE);

  if (!bs_match_can_undo (match))
    return FALSE;
  match->current--;
  return TRUE;
}

gboolean
bs_match_redo (BsMatch *match)
{
  g_return_val_if_fail (match != NULL, FALSE);

  if (!bs_match_can_redo (match))
    return FALSE;
  match->current++;
  return TRUE;
}

gboolean
bs_match_drop_redo (BsMatch *match)
{
  g_return_val_if_fail (match != NULL, FALSE);

  if (!bs_match_can_redo (match))
    return FALSE;
  g_array_set_size (match->turns, match->current);
  return TRUE;
}
