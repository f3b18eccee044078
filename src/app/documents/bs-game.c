/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-game.h"

#include <glib/gi18n.h>

#include "bs-error.h"

/* One recorded turn: the steps that entered it and its notation. */
typedef struct {
  BsMove *steps;
  guint   n_steps;
  char   *notation;
} BsTurn;

struct _BsGame {
  GObject    parent_instance;

  BsVariant *variant;
  BsRuleset *ruleset;
  guint64    seed;
  GArray    *turns;       /* of BsTurn */
  GPtrArray *positions;   /* positions->pdata[i]: after i turns; n_turns + 1 */
  guint      current;
  BsMove    *scratch;     /* rs->max_moves */
  BsSeat     seats[2];
  GFile     *file;
  guint      modified : 1;
};

G_DEFINE_FINAL_TYPE (BsGame, bs_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_TO_MOVE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_CURRENT,
  PROP_MODIFIED,
  PROP_FILE,
  N_PROPS
};

enum {
  MOVE_PLAYED,
  POSITION_CHANGED,
  GAME_OVER,
  HISTORY_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void
bs_turn_clear (gpointer data)
{
  BsTurn *turn = data;

  g_clear_pointer (&turn->steps, g_free);
  g_clear_pointer (&turn->notation, g_free);
}

static void
bs_game_finalize (GObject *object)
{
  BsGame *self = (BsGame *) object;

  g_clear_pointer (&self->turns, g_array_unref);
  g_clear_pointer (&self->positions, g_ptr_array_unref);
  g_clear_pointer (&self->scratch, g_free);
  g_clear_pointer (&self->ruleset, bs_ruleset_unref);
  g_clear_pointer (&self->variant, bs_variant_free);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (bs_game_parent_class)->finalize (object);
}

static void
bs_game_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  BsGame *self = BS_GAME (object);

  switch (prop_id)
    {
    case PROP_TO_MOVE:
      g_value_set_int (value, bs_game_get_to_move (self));
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, bs_game_get_can_undo (self));
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, bs_game_get_can_redo (self));
      break;
    case PROP_CURRENT:
      g_value_set_uint (value, self->current);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_game_class_init (BsGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bs_game_finalize;
  object_class->get_property = bs_game_get_property;

  properties[PROP_TO_MOVE] =
    g_param_spec_int ("to-move", NULL, NULL, 1, 2, 1,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CURRENT] =
    g_param_spec_uint ("current", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A new turn was played (not redone); its index in the history. */
  signals[MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* The current position changed: a turn, undo, redo or a jump in history. */
  signals[POSITION_CHANGED] =
    g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A played turn ended the game; the BsResult. */
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* The turns after the current position were dropped, the position
   * staying as it is (bs_game_drop_redo). */
  signals[HISTORY_CHANGED] =
    g_signal_new ("history-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bs_game_init (BsGame *self)
{
  self->turns = g_array_new (FALSE, TRUE, sizeof (BsTurn));
  g_array_set_clear_func (self->turns, bs_turn_clear);
  self->positions = g_ptr_array_new_with_free_func (g_free);
}

BsGame *
bs_game_new (const BsVariant  *variant,
             guint64           seed,
             GError          **error)
{
  g_autoptr(BsGame) self = NULL;
  BsRuleset *rs;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  rs = bs_ruleset_new (variant, error);
  if (rs == NULL)
    return NULL;

  self = g_object_new (BS_TYPE_GAME, NULL);
  self->ruleset = rs;
  self->variant = bs_variant_copy (variant);
  self->seed = seed;
  self->scratch = g_new0 (BsMove, MAX (rs->max_moves, 1));
  g_ptr_array_add (self->positions, bs_ruleset_new_position (rs, seed));

  return g_steal_pointer (&self);
}

BsRuleset *
bs_game_get_ruleset (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return self->ruleset;
}

const BsVariant *
bs_game_get_variant (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return self->variant;
}

guint64
bs_game_get_seed (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), 0);
  return self->seed;
}

gboolean
bs_game_is_simultaneous (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);
  return bs_ruleset_is_simultaneous (self->ruleset);
}

const char *
bs_game_get_player_name (BsGame *self,
                         int     player)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  g_return_val_if_fail (player == 1 || player == 2, NULL);

  return bs_variant_display_player (self->variant, player);
}

const BsPosition *
bs_game_get_position (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return g_ptr_array_index (self->positions, self->current);
}

const BsPosition *
bs_game_get_position_at (BsGame *self,
                         guint   n_played)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  g_return_val_if_fail (n_played < self->positions->len, NULL);
  return g_ptr_array_index (self->positions, n_played);
}

guint
bs_game_get_n_turns (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), 0);
  return self->turns->len;
}

guint
bs_game_get_current (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), 0);
  return self->current;
}

const char *
bs_game_get_notation (BsGame *self,
                      guint   turn)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  g_return_val_if_fail (turn < self->turns->len, NULL);
  return g_array_index (self->turns, BsTurn, turn).notation;
}

const BsMove *
bs_game_get_turn_steps (BsGame *self,
                        guint   turn,
                        guint  *n_steps)
{
  const BsTurn *t;

  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  g_return_val_if_fail (turn < self->turns->len, NULL);

  t = &g_array_index (self->turns, BsTurn, turn);
  if (n_steps != NULL)
    *n_steps = t->n_steps;
  return t->steps;
}

BsExplanation *
bs_game_explain_turn (BsGame *self,
                      guint   turn)
{
  const BsTurn *t;

  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  g_return_val_if_fail (turn < self->turns->len, NULL);

  t = &g_array_index (self->turns, BsTurn, turn);
  return bs_ruleset_explain_turn (self->ruleset, g_ptr_array_index (self->positions, turn),
                                  t->steps, t->n_steps);
}

int
bs_game_get_to_move (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), 1);
  return bs_game_get_position (self)->to_move;
}

gboolean
bs_game_get_can_undo (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);
  return self->current > 0;
}

gboolean
bs_game_get_can_redo (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);
  return self->current < self->turns->len;
}

BsResult
bs_game_get_result (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), BS_RESULT_ONGOING);
  return bs_game_get_position (self)->result;
}

void
bs_game_get_scores (BsGame *self,
                    int     scores[2])
{
  g_return_if_fail (BS_IS_GAME (self));
  bs_ruleset_scores (self->ruleset, bs_game_get_position (self), scores);
}

char *
bs_game_describe_result (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);

  switch (bs_game_get_result (self))
    {
    case BS_RESULT_WIN_1:
      return g_strdup_printf (_("%s wins"), bs_game_get_player_name (self, 1));
    case BS_RESULT_WIN_2:
      return g_strdup_printf (_("%s wins"), bs_game_get_player_name (self, 2));
    case BS_RESULT_DRAW:
      return g_strdup (_("Draw"));
    case BS_RESULT_ONGOING:
    default:
      return NULL;
    }
}

BsEnding
bs_game_get_ending (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), BS_ENDING_NONE);
  return bs_ruleset_ending (self->ruleset, bs_game_get_position (self));
}

char *
bs_game_describe_ending (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return bs_ruleset_describe_ending (self->ruleset, bs_game_get_position (self));
}

/* Notifies what may differ after `current` or the history changed. */
static void
bs_game_changed (BsGame   *self,
                 int       old_to_move,
                 gboolean  old_can_undo,
                 gboolean  old_can_redo)
{
  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT]);
  if (old_to_move != bs_game_get_to_move (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_MOVE]);
  if (old_can_undo != bs_game_get_can_undo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (old_can_redo != bs_game_get_can_redo (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_object_thaw_notify (G_OBJECT (self));

  g_signal_emit (self, signals[POSITION_CHANGED], 0);
}

gboolean
bs_game_play_turn (BsGame        *self,
                   const BsMove  *steps,
                   guint          n_steps,
                   GError       **error)
{
  const BsRuleset *rs;
  const BsPosition *start;
  g_autofree BsPosition *pos = NULL;
  BsTurn turn = { 0 };
  int old_to_move;
  gboolean old_can_undo, old_can_redo;

  g_return_val_if_fail (BS_IS_GAME (self), FALSE);
  g_return_val_if_fail (steps != NULL && n_steps > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  rs = self->ruleset;
  start = bs_game_get_position (self);
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
          || !bs_ruleset_is_legal (rs, pos, steps[i], self->scratch))
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

  old_to_move = bs_game_get_to_move (self);
  old_can_undo = bs_game_get_can_undo (self);
  old_can_redo = bs_game_get_can_redo (self);

  turn.steps = g_memdup2 (steps, sizeof (BsMove) * n_steps);
  turn.n_steps = n_steps;
  turn.notation = bs_ruleset_format_turn (rs, start, steps, n_steps);

  /* Playing from an earlier position drops what could be redone. */
  g_array_set_size (self->turns, self->current);
  g_ptr_array_set_size (self->positions, self->current + 1);
  g_array_append_val (self->turns, turn);
  g_ptr_array_add (self->positions, g_steal_pointer (&pos));
  self->current++;

  if (!self->modified)
    {
      self->modified = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }

  g_signal_emit (self, signals[MOVE_PLAYED], 0, self->current - 1);
  bs_game_changed (self, old_to_move, old_can_undo, old_can_redo);
  if (bs_position_is_over (bs_game_get_position (self)))
    g_signal_emit (self, signals[GAME_OVER], 0, (int) bs_game_get_result (self));

  return TRUE;
}

gboolean
bs_game_play_notation (BsGame      *self,
                       const char  *text,
                       GError     **error)
{
  const BsRuleset *rs;
  g_autofree BsMove *steps = NULL;
  guint n_steps = 0;

  g_return_val_if_fail (BS_IS_GAME (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  rs = self->ruleset;
  steps = g_new0 (BsMove, MAX (bs_ruleset_max_turn_steps (rs), 1));
  if (!bs_ruleset_parse_turn (rs, bs_game_get_position (self), text, steps, &n_steps, error))
    return FALSE;
  return bs_game_play_turn (self, steps, n_steps, error);
}

void
bs_game_go_to (BsGame *self,
               guint   n_played)
{
  int old_to_move;
  gboolean old_can_undo, old_can_redo;

  g_return_if_fail (BS_IS_GAME (self));
  g_return_if_fail (n_played <= self->turns->len);

  if (n_played == self->current)
    return;

  old_to_move = bs_game_get_to_move (self);
  old_can_undo = bs_game_get_can_undo (self);
  old_can_redo = bs_game_get_can_redo (self);
  self->current = n_played;
  bs_game_changed (self, old_to_move, old_can_undo, old_can_redo);
}

gboolean
bs_game_undo (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);

  if (!bs_game_get_can_undo (self))
    return FALSE;
  bs_game_go_to (self, self->current - 1);
  return TRUE;
}

gboolean
bs_game_redo (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);

  if (!bs_game_get_can_redo (self))
    return FALSE;
  bs_game_go_to (self, self->current + 1);
  return TRUE;
}

gboolean
bs_game_drop_redo (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);

  if (!bs_game_get_can_redo (self))
    return FALSE;
  g_array_set_size (self->turns, self->current);
  g_ptr_array_set_size (self->positions, self->current + 1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  g_signal_emit (self, signals[HISTORY_CHANGED], 0);
  return TRUE;
}

gboolean
bs_game_get_modified (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);
  return self->modified;
}

void
bs_game_set_modified (BsGame   *self,
                      gboolean  modified)
{
  g_return_if_fail (BS_IS_GAME (self));

  modified = !!modified;
  if (self->modified == (guint) modified)
    return;
  self->modified = modified;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
}

GFile *
bs_game_get_file (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return self->file;
}

void
bs_game_set_file (BsGame *self,
                  GFile  *file)
{
  g_return_if_fail (BS_IS_GAME (self));
  g_return_if_fail (file == NULL || G_IS_FILE (file));

  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

BsSeat
bs_game_get_seat (BsGame *self,
                  int     player)
{
  g_return_val_if_fail (BS_IS_GAME (self), BS_SEAT_HUMAN);
  g_return_val_if_fail (player == 1 || player == 2, BS_SEAT_HUMAN);
  return self->seats[player - 1];
}

void
bs_game_set_seat (BsGame *self,
                  int     player,
                  BsSeat  seat)
{
  g_return_if_fail (BS_IS_GAME (self));
  g_return_if_fail (player == 1 || player == 2);
  self->seats[player - 1] = seat;
}
