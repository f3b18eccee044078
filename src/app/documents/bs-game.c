/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-game.h"

#include <glib/gi18n.h>

struct _BsGame {
  GObject    parent_instance;

  BsMatch   *match;
  BsSeat     seats[2];
  GFile     *file;
  BsFileStamp *disk;       /* what the file held when read or saved */
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
bs_game_finalize (GObject *object)
{
  BsGame *self = (BsGame *) object;

  g_clear_pointer (&self->match, bs_match_unref);
  g_clear_object (&self->file);
  g_clear_pointer (&self->disk, bs_file_stamp_free);

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
      g_value_set_uint (value, bs_match_get_current (self->match));
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
}

BsGame *
bs_game_new_for_match (BsMatch *match)
{
  BsGame *self;

  g_return_val_if_fail (match != NULL, NULL);

  self = g_object_new (BS_TYPE_GAME, NULL);
  self->match = bs_match_ref (match);
  return self;
}

BsGame *
bs_game_new (const BsVariant  *variant,
             guint64           seed,
             GError          **error)
{
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsMatch) match = NULL;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  rs = bs_ruleset_new (variant, error);
  if (rs == NULL)
    return NULL;
  match = bs_match_new (rs, seed);
  return bs_game_new_for_match (match);
}

BsMatch *
bs_game_get_match (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return self->match;
}

BsRuleset *
bs_game_get_ruleset (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return bs_match_get_ruleset (self->match);
}

const BsVariant *
bs_game_get_variant (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return bs_match_get_ruleset (self->match)->variant;
}

guint64
bs_game_get_seed (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), 0);
  return bs_match_get_seed (self->match);
}

gboolean
bs_game_is_simultaneous (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);
  return bs_ruleset_is_simultaneous (bs_match_get_ruleset (self->match));
}

const char *
bs_game_get_player_name (BsGame *self,
                         int     player)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  g_return_val_if_fail (player == 1 || player == 2, NULL);

  return bs_match_get_player_name (self->match, player);
}

const BsPosition *
bs_game_get_position (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return bs_match_get_position (self->match);
}

const BsPosition *
bs_game_get_position_at (BsGame *self,
                         guint   n_played)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  g_return_val_if_fail (n_played <= bs_match_get_n_turns (self->match), NULL);
  return bs_match_get_position_at (self->match, n_played);
}

guint
bs_game_get_n_turns (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), 0);
  return bs_match_get_n_turns (self->match);
}

guint
bs_game_get_current (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), 0);
  return bs_match_get_current (self->match);
}

const char *
bs_game_get_notation (BsGame *self,
                      guint   turn)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return bs_match_get_notation (self->match, turn);
}

const BsMove *
bs_game_get_turn_steps (BsGame *self,
                        guint   turn,
                        guint  *n_steps)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return bs_match_get_turn_steps (self->match, turn, n_steps);
}

BsExplanation *
bs_game_explain_turn (BsGame *self,
                      guint   turn)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return bs_match_explain_turn (self->match, turn);
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
  return bs_match_can_undo (self->match);
}

gboolean
bs_game_get_can_redo (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);
  return bs_match_can_redo (self->match);
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
  bs_ruleset_scores (bs_game_get_ruleset (self), bs_game_get_position (self), scores);
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
  return bs_ruleset_ending (bs_game_get_ruleset (self), bs_game_get_position (self));
}

char *
bs_game_describe_ending (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return bs_ruleset_describe_ending (bs_game_get_ruleset (self), bs_game_get_position (self));
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
  int old_to_move;
  gboolean old_can_undo, old_can_redo;
  guint played;

  g_return_val_if_fail (BS_IS_GAME (self), FALSE);
  g_return_val_if_fail (steps != NULL && n_steps > 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  old_to_move = bs_game_get_to_move (self);
  old_can_undo = bs_game_get_can_undo (self);
  old_can_redo = bs_game_get_can_redo (self);
  if (!bs_match_play_turn (self->match, steps, n_steps, error))
    return FALSE;
  played = bs_match_get_current (self->match) - 1;

  if (!self->modified)
    {
      self->modified = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MODIFIED]);
    }

  g_signal_emit (self, signals[MOVE_PLAYED], 0, played);
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

  /* Parsed here, played through bs_game_play_turn(): its signals. */
  rs = bs_game_get_ruleset (self);
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
  g_return_if_fail (n_played <= bs_match_get_n_turns (self->match));

  if (n_played == bs_match_get_current (self->match))
    return;

  old_to_move = bs_game_get_to_move (self);
  old_can_undo = bs_game_get_can_undo (self);
  old_can_redo = bs_game_get_can_redo (self);
  bs_match_go_to (self->match, n_played);
  bs_game_changed (self, old_to_move, old_can_undo, old_can_redo);
}

gboolean
bs_game_undo (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);

  if (!bs_game_get_can_undo (self))
    return FALSE;
  bs_game_go_to (self, bs_match_get_current (self->match) - 1);
  return TRUE;
}

gboolean
bs_game_redo (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);

  if (!bs_game_get_can_redo (self))
    return FALSE;
  bs_game_go_to (self, bs_match_get_current (self->match) + 1);
  return TRUE;
}

gboolean
bs_game_drop_redo (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), FALSE);

  if (!bs_match_drop_redo (self->match))
    return FALSE;
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

  if (self->file != NULL && file != NULL && g_file_equal (self->file, file))
    return;
  g_clear_pointer (&self->disk, bs_file_stamp_free);
  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
}

void
bs_game_set_file_stamp (BsGame      *self,
                        BsFileStamp *stamp)
{
  g_return_if_fail (BS_IS_GAME (self));

  g_clear_pointer (&self->disk, bs_file_stamp_free);
  self->disk = stamp;
}

const BsFileStamp *
bs_game_get_file_stamp (BsGame *self)
{
  g_return_val_if_fail (BS_IS_GAME (self), NULL);
  return self->disk;
}

gboolean
bs_game_changed_on_disk (BsGame *self)
{
  g_autofree char *path = NULL;

  g_return_val_if_fail (BS_IS_GAME (self), FALSE);

  if (self->file == NULL || self->disk == NULL || (path = g_file_get_path (self->file)) == NULL)
    return FALSE;
  return bs_file_stamp_changed (self->disk, path);
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
