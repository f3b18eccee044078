/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-play-scene.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-error.h"

static const char direction_letters[] = "NESW";

struct _BsPlayScene {
  GObject       parent_instance;

  BsGame       *game;
  GSignalGroup *game_signals;
  BsPlayStyle   style;
  int           n_cells;

  int           kind;
  int           direction;
  gboolean      show_legal;
  int           cursor;
  int           selected;
  int           pending_cell;

  /* Legal moves of the current position: notation → BsMove. */
  GHashTable   *legal;
  guint8       *highlights;       /* n_cells */
  gint16       *render_orders;    /* n_cells, handed to the renderer */

  /* Simultaneous games. */
  BsRoundPhase  phase;
  int           entering;
  gint16       *orders;           /* n_cells: target, BS_NO_CELL = none given */
  gboolean      resolving;        /* our own round is being played */
  gint16       *reveal_targets;   /* n_cells: both players' orders */
  char         *reveal_text;
  guint8       *reveal_doomed;    /* n_cells: pieces that die in the round */
  char         *reveal_caption;
  guint         reveal_turn;      /* the round being revealed (history index) */

  /* A hint: cells to mark (or, simultaneous, orders to draw); NULL = none. */
  guint8       *hint_cells;       /* n_cells */
  gint16       *hint_orders;      /* n_cells */
  int           hint_from;
  gboolean      hint_shown;
};

G_DEFINE_FINAL_TYPE (BsPlayScene, bs_play_scene, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_KIND,
  PROP_DIRECTION,
  PROP_CURSOR,
  PROP_PHASE,
  N_PROPS
};

enum {
  CHANGED,
  MESSAGE,
  REQUEST_PUSH,
  GAME_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const BsRuleset *
scene_rs (BsPlayScene *self)
{
  return bs_game_get_ruleset (self->game);
}

static void
bs_play_scene_changed (BsPlayScene *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
bs_play_scene_message (BsPlayScene *self,
                       const char  *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static gboolean
is_legal (BsPlayScene *self,
          const char  *notation,
          BsMove      *move)
{
  gpointer value;

  if (!g_hash_table_lookup_extended (self->legal, notation, NULL, &value))
    return FALSE;
  if (move != NULL)
    *move = GPOINTER_TO_UINT (value);
  return TRUE;
}

/* Says why a well-formed notation is not legal here, in the engine's words. */
static void
explain (BsPlayScene *self,
         const char  *notation)
{
  const BsRuleset *rs = scene_rs (self);
  const BsPosition *pos = bs_game_get_position (self->game);
  g_autoptr(GError) error = NULL;
  g_autofree char *why = NULL;
  BsMove move;

  if (bs_position_is_over (pos))
    {
      bs_play_scene_message (self, _("The game is over"));
      return;
    }
  if (!rs->module->parse_move (rs, pos, notation, &move, &error))
    {
      bs_play_scene_message (self, error->message);
      return;
    }
  why = bs_ruleset_explain (rs, pos, move);
  if (why == NULL)
    why = g_strdup_printf (_("%s is not a legal move here"), notation);
  /* Sentence case for a toast, but never for a leading cell label ("a1 is …"). */
  if (g_ascii_islower (why[0]) && (why[1] == ' ' || g_ascii_islower (why[1])))
    why[0] = g_ascii_toupper (why[0]);
  bs_play_scene_message (self, why);
}

static gboolean
play_move (BsPlayScene *self,
           BsMove       move)
{
  g_autoptr(GError) error = NULL;

  if (!bs_game_play_turn (self->game, &move, 1, &error))
    {
      bs_play_scene_message (self, error->message);
      return FALSE;
    }
  return TRUE;
}

static const char *
cell_label (BsPlayScene *self,
            int          cell)
{
  return bs_board_cell_label (scene_rs (self)->board, cell);
}

static gboolean
is_human_turn (BsPlayScene *self)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  int player = self->style == BS_PLAY_STYLE_ORDERS ? self->entering : pos->to_move;

  /* The reveal (nobody entering) is for everyone to see. */
  if (player != 1 && player != 2)
    return TRUE;

  return bs_game_get_seat (self->game, player) == BS_SEAT_HUMAN;
}

/* The placement notation for the chosen kind (and direction) on a cell,
 * with Astoria's push when push >= 0. */
static char *
placement_notation (BsPlayScene *self,
                    int          cell,
                    int          push)
{
  const BsRuleset *rs = scene_rs (self);
  const BsKindSpec *kind = &rs->module->kinds[self->kind];
  GString *text = g_string_new (NULL);

  g_string_append_c (text, g_ascii_toupper (kind->id[0]));
  if (kind->directed)
    g_string_append_c (text, direction_letters[self->direction]);
  g_string_append_c (text, '@');
  g_string_append (text, cell_label (self, cell));
  if (push >= 0)
    g_string_append_printf (text, "/%c", direction_letters[push]);
  return g_string_free (text, FALSE);
}

static char *
step_notation (BsPlayScene *self,
               int          from,
               int          to)
{
  return g_strdup_printf ("%s-%s", cell_label (self, from), cell_label (self, to));
}

static gboolean
piece_has_moves (BsPlayScene *self,
                 int          cell)
{
  g_autofree char *prefix = g_strdup_printf ("%s-", cell_label (self, cell));
  GHashTableIter iter;
  const char *key;

  g_hash_table_iter_init (&iter, self->legal);
  while (g_hash_table_iter_next (&iter, (gpointer *) &key, NULL))
    if (g_str_has_prefix (key, prefix))
      return TRUE;
  return FALSE;
}

/* Tribes: the cells the piece on `cell` may be ordered to (itself = defend). */
static guint
piece_targets (BsPlayScene *self,
               int          cell,
               gint16      *targets)
{
  const BsRuleset *rs = scene_rs (self);
  const BsPosition *pos = bs_game_get_position (self->game);
  g_autofree BsMove *moves = g_new0 (BsMove, MAX (rs->max_moves, 1));
  guint n_moves, n = 0;

  if (rs->module->piece_orders == NULL)
    return 0;
  n_moves = rs->module->piece_orders (rs, pos, cell, moves);
  for (guint i = 0; i < n_moves; i++)
    {
      g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[i]);
      const char *dash = strchr (text, '-');
      int target = dash != NULL ? bs_board_find_cell (rs->board, dash + 1, NULL) : BS_NO_CELL;

      if (target != BS_NO_CELL)
        targets[n++] = (gint16) target;
    }
  return n;
}

static void
update_highlights (BsPlayScene *self)
{
  const BsPosition *pos = bs_game_get_position (self->game);

  memset (self->highlights, 0, self->n_cells);
  if (!self->show_legal || bs_position_is_over (pos))
    return;

  switch (self->style)
    {
    case BS_PLAY_STYLE_PLACE_KIND:
      for (int c = 0; c < self->n_cells; c++)
        {
          g_autofree char *text = placement_notation (self, c, -1);
          self->highlights[c] = is_legal (self, text, NULL);
        }
      break;

    case BS_PLAY_STYLE_PLACE_PUSH:
      /* Every empty cell takes a piece: marking them all says nothing. */
      break;

    case BS_PLAY_STYLE_PLACE_MOVE:
      for (int c = 0; c < self->n_cells; c++)
        {
          g_autofree char *text = NULL;

          if (self->selected != BS_NO_CELL)
            text = step_notation (self, self->selected, c);
          else
            text = g_strdup (cell_label (self, c));
          self->highlights[c] = is_legal (self, text, NULL);
        }
      break;

    case BS_PLAY_STYLE_ORDERS:
    default:
      if (self->phase == BS_ROUND_PHASE_ORDERS && self->selected != BS_NO_CELL)
        {
          gint16 targets[BS_MAX_DIRS + 1];
          guint n = piece_targets (self, self->selected, targets);

          for (guint i = 0; i < n; i++)
            if (targets[i] != self->selected)
              self->highlights[targets[i]] = 1;
        }
      return;
    }

  /* Marking every empty cell as a legal placement says nothing. */
  if (self->selected == BS_NO_CELL)
    {
      int n_empty = 0, n_marked = 0;

      for (int c = 0; c < self->n_cells; c++)
        {
          n_empty += pos->cells[c] == BS_CELL_EMPTY;
          n_marked += self->highlights[c] != 0;
        }
      if (n_marked == n_empty)
        memset (self->highlights, 0, self->n_cells);
    }
}

static void
rebuild_legal (BsPlayScene *self)
{
  const BsRuleset *rs = scene_rs (self);
  const BsPosition *pos = bs_game_get_position (self->game);

  g_hash_table_remove_all (self->legal);
  if (!bs_position_is_over (pos) && self->style != BS_PLAY_STYLE_ORDERS)
    {
      g_autofree BsMove *moves = g_new0 (BsMove, MAX (rs->max_moves, 1));
      guint n = bs_ruleset_generate (rs, pos, moves);

      for (guint i = 0; i < n; i++)
        g_hash_table_insert (self->legal, bs_ruleset_format_move (rs, pos, moves[i]),
                             GUINT_TO_POINTER (moves[i]));
    }
}

static void
set_phase (BsPlayScene  *self,
           BsRoundPhase  phase,
           int           entering)
{
  self->phase = phase;
  self->entering = entering;
  self->selected = BS_NO_CELL;
  self->hint_shown = FALSE;
  if (phase == BS_ROUND_PHASE_ORDERS)
    for (int c = 0; c < self->n_cells; c++)
      self->orders[c] = BS_NO_CELL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PHASE]);
}

/* What the round did, in the engine's words: the reveal's text, the
 * pieces crossed out and the caption under the board. */
static void
reveal_round (BsPlayScene *self,
              guint        turn)
{
  const BsRuleset *rs = scene_rs (self);
  const BsPosition *before = bs_game_get_position_at (self->game, turn);
  g_autoptr(BsExplanation) explanation = NULL;
  const BsMove *steps;
  guint n_steps;

  steps = bs_game_get_turn_steps (self->game, turn, &n_steps);
  explanation = bs_ruleset_explain_turn (rs, before, steps, n_steps);
  g_free (self->reveal_text);
  self->reveal_text = g_strdup (*explanation->details != '\0' ? explanation->details
                                                              : explanation->summary);
  g_free (self->reveal_caption);
  self->reveal_caption = g_strdup (explanation->summary);
  memcpy (self->reveal_doomed, explanation->removed, self->n_cells);
  self->reveal_turn = turn;
}

static void
on_position_changed (BsPlayScene *self,
                     BsGame      *game)
{
  const BsPosition *pos = bs_game_get_position (game);

  self->selected = BS_NO_CELL;
  self->pending_cell = BS_NO_CELL;
  self->hint_shown = FALSE;
  rebuild_legal (self);

  if (self->style == BS_PLAY_STYLE_ORDERS)
    {
      if (self->resolving)
        {
          reveal_round (self, bs_game_get_current (game) - 1);
          set_phase (self, BS_ROUND_PHASE_REVEAL, 0);
        }
      else if (bs_game_get_current (game) > 0
               && bs_game_get_current (game) < bs_game_get_n_turns (game))
        {
          /* Back in the history (undo, the move list): show how that
           * round went; Continue then lets the round be played again. */
          set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
          bs_play_scene_reveal_last_round (self);
          return;
        }
      else
        set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
    }
  else if (!bs_position_is_over (pos))
    {
      /* Keep the chosen kind if the player still has it, else take one left. */
      int player = pos->to_move;
      const BsRuleset *rs = scene_rs (self);

      if (pos->supply[player - 1][self->kind] == 0)
        for (guint k = 0; k < rs->module->n_kinds; k++)
          if (pos->supply[player - 1][k] > 0)
            {
              bs_play_scene_set_kind (self, (int) k);
              break;
            }
    }

  update_highlights (self);
  bs_play_scene_changed (self);
}

static void
on_game_over (BsPlayScene *self,
              int          result,
              BsGame      *game)
{
  /* A simultaneous round is over once its reveal has been seen. */
  if (self->style != BS_PLAY_STYLE_ORDERS)
    g_signal_emit (self, signals[GAME_FINISHED], 0);
}

static void
bs_play_scene_dispose (GObject *object)
{
  BsPlayScene *self = (BsPlayScene *) object;

  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (bs_play_scene_parent_class)->dispose (object);
}

static void
bs_play_scene_finalize (GObject *object)
{
  BsPlayScene *self = (BsPlayScene *) object;

  g_clear_pointer (&self->legal, g_hash_table_unref);
  g_clear_pointer (&self->highlights, g_free);
  g_clear_pointer (&self->render_orders, g_free);
  g_clear_pointer (&self->orders, g_free);
  g_clear_pointer (&self->reveal_targets, g_free);
  g_clear_pointer (&self->reveal_text, g_free);
  g_clear_pointer (&self->reveal_doomed, g_free);
  g_clear_pointer (&self->reveal_caption, g_free);
  g_clear_pointer (&self->hint_cells, g_free);
  g_clear_pointer (&self->hint_orders, g_free);

  G_OBJECT_CLASS (bs_play_scene_parent_class)->finalize (object);
}

static void
bs_play_scene_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  BsPlayScene *self = BS_PLAY_SCENE (object);

  switch (prop_id)
    {
    case PROP_KIND:
      g_value_set_int (value, self->kind);
      break;
    case PROP_DIRECTION:
      g_value_set_int (value, self->direction);
      break;
    case PROP_CURSOR:
      g_value_set_int (value, self->cursor);
      break;
    case PROP_PHASE:
      g_value_set_int (value, self->phase);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_play_scene_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  BsPlayScene *self = BS_PLAY_SCENE (object);

  switch (prop_id)
    {
    case PROP_KIND:
      bs_play_scene_set_kind (self, g_value_get_int (value));
      break;
    case PROP_DIRECTION:
      bs_play_scene_set_direction (self, g_value_get_int (value));
      break;
    case PROP_CURSOR:
      bs_play_scene_set_cursor (self, g_value_get_int (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_play_scene_class_init (BsPlaySceneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bs_play_scene_dispose;
  object_class->finalize = bs_play_scene_finalize;
  object_class->get_property = bs_play_scene_get_property;
  object_class->set_property = bs_play_scene_set_property;

  properties[PROP_KIND] =
    g_param_spec_int ("kind", NULL, NULL, 0, BS_MAX_KINDS - 1, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_DIRECTION] =
    g_param_spec_int ("direction", NULL, NULL, 0, 3, 0,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CURSOR] =
    g_param_spec_int ("cursor", NULL, NULL, BS_NO_CELL, BS_MAX_CELLS, BS_NO_CELL,
                      G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PHASE] =
    g_param_spec_int ("phase", NULL, NULL, 0, BS_ROUND_PHASE_REVEAL, 0,
                      G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Anything the board draws changed. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Something to tell the user: why a click did nothing, mostly. */
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* Astoria: a cell awaits its push direction; the view offers the choice. */
  signals[REQUEST_PUSH] =
    g_signal_new ("request-push", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* The end of the game has been shown (after a Tribes reveal). */
  signals[GAME_FINISHED] =
    g_signal_new ("game-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bs_play_scene_init (BsPlayScene *self)
{
  self->selected = BS_NO_CELL;
  self->pending_cell = BS_NO_CELL;
  self->cursor = BS_NO_CELL;
  self->show_legal = TRUE;
  self->legal = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->game_signals = g_signal_group_new (BS_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "position-changed",
                                 G_CALLBACK (on_position_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "game-over",
                                 G_CALLBACK (on_game_over), self, G_CONNECT_SWAPPED);
}

static BsPlayStyle
style_for_module (const BsModule *module)
{
  if (module->flags & BS_MODULE_SIMULTANEOUS)
    return BS_PLAY_STYLE_ORDERS;
  if (g_str_equal (module->id, "astoria"))
    return BS_PLAY_STYLE_PLACE_PUSH;
  if (g_str_equal (module->id, "agoraphobia"))
    return BS_PLAY_STYLE_PLACE_KIND;
  return BS_PLAY_STYLE_PLACE_MOVE;
}

BsPlayScene *
bs_play_scene_new (BsGame *game)
{
  BsPlayScene *self;
  const BsRuleset *rs;

  g_return_val_if_fail (BS_IS_GAME (game), NULL);

  self = g_object_new (BS_TYPE_PLAY_SCENE, NULL);
  self->game = g_object_ref (game);
  rs = bs_game_get_ruleset (game);
  self->style = style_for_module (rs->module);
  self->n_cells = rs->n_cells;
  self->highlights = g_new0 (guint8, self->n_cells);
  self->render_orders = g_new0 (gint16, self->n_cells);
  self->orders = g_new0 (gint16, self->n_cells);
  self->reveal_targets = g_new0 (gint16, self->n_cells);
  self->reveal_doomed = g_new0 (guint8, self->n_cells);
  self->hint_cells = g_new0 (guint8, self->n_cells);
  self->hint_orders = g_new0 (gint16, self->n_cells);
  for (int c = 0; c < self->n_cells; c++)
    self->orders[c] = self->reveal_targets[c] = BS_NO_CELL;
  self->cursor = self->n_cells / 2;
  self->phase = BS_ROUND_PHASE_HANDOVER;
  self->entering = 1;

  g_signal_group_set_target (self->game_signals, game);
  rebuild_legal (self);
  update_highlights (self);

  return self;
}

BsGame *
bs_play_scene_get_game (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->game;
}

BsPlayStyle
bs_play_scene_get_style (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_PLAY_STYLE_PLACE_MOVE);
  return self->style;
}

int
bs_play_scene_get_kind (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 0);
  return self->kind;
}

void
bs_play_scene_set_kind (BsPlayScene *self,
                        int          kind)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (kind < 0 || (guint) kind >= scene_rs (self)->module->n_kinds || kind == self->kind)
    return;
  self->kind = kind;
  update_highlights (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_KIND]);
  bs_play_scene_changed (self);
}

int
bs_play_scene_get_direction (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 0);
  return self->direction;
}

void
bs_play_scene_set_direction (BsPlayScene *self,
                             int          direction)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  direction = ((direction % 4) + 4) % 4;
  if (direction == self->direction)
    return;
  self->direction = direction;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIRECTION]);
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_get_show_legal (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->show_legal;
}

void
bs_play_scene_set_show_legal (BsPlayScene *self,
                              gboolean     show_legal)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (self->show_legal == !!show_legal)
    return;
  self->show_legal = !!show_legal;
  update_highlights (self);
  bs_play_scene_changed (self);
}

int
bs_play_scene_get_cursor (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_NO_CELL);
  return self->cursor;
}

void
bs_play_scene_set_cursor (BsPlayScene *self,
                          int          cell)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (cell < BS_NO_CELL || cell >= self->n_cells || cell == self->cursor)
    return;
  self->cursor = cell;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURSOR]);
  bs_play_scene_changed (self);
}

int
bs_play_scene_get_selected (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_NO_CELL);
  return self->selected;
}

int
bs_play_scene_get_pending_cell (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_NO_CELL);
  return self->pending_cell;
}

static void
select_cell (BsPlayScene *self,
             int          cell)
{
  self->selected = cell;
  update_highlights (self);
  bs_play_scene_changed (self);
}

static void
activate_place_kind (BsPlayScene *self,
                     int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  const BsKindSpec *kind = &scene_rs (self)->module->kinds[self->kind];
  g_autofree char *text = placement_notation (self, cell, -1);
  BsMove move;

  if (pos->supply[pos->to_move - 1][self->kind] == 0)
    {
      g_autofree char *msg = g_strdup_printf (_("No %s pieces left"), _(kind->label));
      bs_play_scene_message (self, msg);
      return;
    }
  if (is_legal (self, text, &move))
    play_move (self, move);
  else
    explain (self, text);
}

static void
activate_place_push (BsPlayScene *self,
                     int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  const BsKindSpec *kind = &scene_rs (self)->module->kinds[self->kind];
  g_autofree char *text = placement_notation (self, cell, 0);

  if (pos->supply[pos->to_move - 1][self->kind] == 0)
    {
      g_autofree char *msg = g_strdup_printf (_("No %s pieces left"), _(kind->label));
      bs_play_scene_message (self, msg);
      return;
    }
  /* Every push direction is legal when the placement is (RULES.md). */
  if (!is_legal (self, text, NULL))
    {
      explain (self, text);
      return;
    }
  self->pending_cell = cell;
  bs_play_scene_changed (self);
  g_signal_emit (self, signals[REQUEST_PUSH], 0, cell);
}

gboolean
bs_play_scene_choose_push (BsPlayScene *self,
                           int          direction)
{
  g_autofree char *text = NULL;
  BsMove move;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (direction >= 0 && direction < 4, FALSE);

  if (self->pending_cell == BS_NO_CELL)
    return FALSE;
  text = placement_notation (self, self->pending_cell, direction);
  if (!is_legal (self, text, &move))
    {
      explain (self, text);
      return FALSE;
    }
  return play_move (self, move);
}

static void
activate_place_move (BsPlayScene *self,
                     int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  guint8 value = pos->cells[cell];
  g_autofree char *place = g_strdup (cell_label (self, cell));
  BsMove move;

  if (self->selected != BS_NO_CELL)
    {
      g_autofree char *step = step_notation (self, self->selected, cell);

      if (cell == self->selected)
        {
          select_cell (self, BS_NO_CELL);
          return;
        }
      if (is_legal (self, step, &move))
        {
          play_move (self, move);
          return;
        }
      if (value != BS_CELL_EMPTY && BS_CELL_OWNER (value) == pos->to_move
          && piece_has_moves (self, cell))
        {
          select_cell (self, cell);
          return;
        }
      if (is_legal (self, place, &move))
        {
          play_move (self, move);
          return;
        }
      explain (self, step);
      return;
    }

  if (value == BS_CELL_EMPTY)
    {
      if (is_legal (self, place, &move))
        play_move (self, move);
      else
        explain (self, place);
    }
  else if (BS_CELL_OWNER (value) == pos->to_move)
    {
      if (piece_has_moves (self, cell))
        select_cell (self, cell);
      else if (g_hash_table_size (self->legal) > 0 && is_legal (self, "end", NULL))
        {
          g_autofree char *msg =
            g_strdup_printf (_("The piece on %s cannot move"), cell_label (self, cell));
          bs_play_scene_message (self, msg);
        }
      else
        {
          g_autofree char *msg =
            g_strdup_printf (_("The piece on %s cannot move now"), cell_label (self, cell));
          bs_play_scene_message (self, msg);
        }
    }
  else
    {
      g_autofree char *msg =
        g_strdup_printf (_("The piece on %s belongs to %s"), cell_label (self, cell),
                         bs_game_get_player_name (self->game, BS_CELL_OWNER (value)));
      bs_play_scene_message (self, msg);
    }
}

static void
activate_orders (BsPlayScene *self,
                 int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  guint8 value = pos->cells[cell];

  if (self->phase != BS_ROUND_PHASE_ORDERS)
    {
      bs_play_scene_message (self, self->phase == BS_ROUND_PHASE_REVEAL
                                   ? _("Press Continue to go on to the next round")
                                   : _("Press Start when the other player looks away"));
      return;
    }

  if (self->selected != BS_NO_CELL)
    {
      gint16 targets[BS_MAX_DIRS + 1];
      guint n = piece_targets (self, self->selected, targets);

      for (guint i = 0; i < n; i++)
        if (targets[i] == cell)
          {
            /* New orders replace the rounds that could be redone. */
            bs_game_drop_redo (self->game);
            self->orders[self->selected] = (gint16) cell;
            select_cell (self, BS_NO_CELL);
            return;
          }
    }

  if (value != BS_CELL_EMPTY && BS_CELL_OWNER (value) == self->entering)
    {
      select_cell (self, cell);
      return;
    }
  if (self->selected != BS_NO_CELL)
    {
      g_autofree char *msg =
        g_strdup_printf (_("The piece on %s cannot go to %s: it moves one cell in any direction"),
                         cell_label (self, self->selected), cell_label (self, cell));
      bs_play_scene_message (self, msg);
      return;
    }
  if (value == BS_CELL_EMPTY)
    bs_play_scene_message (self,
                           _("Click one of your pieces, then where it goes (or itself to defend)"));
  else
    {
      g_autofree char *msg =
        g_strdup_printf (_("The piece on %s belongs to %s"), cell_label (self, cell),
                         bs_game_get_player_name (self->game, BS_CELL_OWNER (value)));
      bs_play_scene_message (self, msg);
    }
}

void
bs_play_scene_activate_cell (BsPlayScene *self,
                             int          cell)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (cell < 0 || cell >= self->n_cells)
    {
      bs_play_scene_cancel (self);
      return;
    }

  bs_play_scene_set_cursor (self, cell);
  self->hint_shown = FALSE;

  if (bs_position_is_over (bs_game_get_position (self->game))
      && !(self->style == BS_PLAY_STYLE_ORDERS && self->phase == BS_ROUND_PHASE_REVEAL))
    {
      bs_play_scene_message (self, _("The game is over: start a new one with Ctrl+N"));
      return;
    }
  if (!is_human_turn (self))
    {
      bs_play_scene_message (self, _("The computer is thinking"));
      return;
    }

  switch (self->style)
    {
    case BS_PLAY_STYLE_PLACE_KIND:
      activate_place_kind (self, cell);
      break;
    case BS_PLAY_STYLE_PLACE_PUSH:
      activate_place_push (self, cell);
      break;
    case BS_PLAY_STYLE_PLACE_MOVE:
      activate_place_move (self, cell);
      break;
    case BS_PLAY_STYLE_ORDERS:
      activate_orders (self, cell);
      break;
    default:
      g_assert_not_reached ();
    }
}

void
bs_play_scene_cancel (BsPlayScene *self)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (self->selected == BS_NO_CELL && self->pending_cell == BS_NO_CELL)
    return;
  self->selected = BS_NO_CELL;
  self->pending_cell = BS_NO_CELL;
  update_highlights (self);
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_can_play_word (BsPlayScene *self,
                             const char  *word)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return is_human_turn (self) && is_legal (self, word, NULL);
}

gboolean
bs_play_scene_play_word (BsPlayScene *self,
                         const char  *word)
{
  BsMove move;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  if (!is_human_turn (self))
    {
      bs_play_scene_message (self, _("The computer is thinking"));
      return FALSE;
    }
  if (!is_legal (self, word, &move))
    {
      explain (self, word);
      return FALSE;
    }
  return play_move (self, move);
}

BsRoundPhase
bs_play_scene_get_phase (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_ROUND_PHASE_ORDERS);
  return self->phase;
}

int
bs_play_scene_get_entering (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 1);
  return self->entering;
}

int
bs_play_scene_get_order (BsPlayScene *self,
                         int          cell)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), BS_NO_CELL);
  g_return_val_if_fail (cell >= 0 && cell < self->n_cells, BS_NO_CELL);
  return self->orders[cell];
}

guint
bs_play_scene_count_orders (BsPlayScene *self,
                            guint       *n_pieces)
{
  const BsPosition *pos;
  guint given = 0, pieces = 0;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 0);

  pos = bs_game_get_position (self->game);
  for (int c = 0; c < self->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == self->entering)
      {
        pieces++;
        given += self->orders[c] != BS_NO_CELL;
      }
  if (n_pieces != NULL)
    *n_pieces = pieces;
  return given;
}

gboolean
bs_play_scene_has_orders_given (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  if (self->style != BS_PLAY_STYLE_ORDERS || self->phase == BS_ROUND_PHASE_REVEAL
      || bs_position_is_over (bs_game_get_position (self->game)))
    return FALSE;
  /* A human's round of orders waits for the other side's. */
  if (self->entering == 2 && bs_game_get_seat (self->game, 1) == BS_SEAT_HUMAN)
    return TRUE;
  return self->phase == BS_ROUND_PHASE_ORDERS
         && bs_game_get_seat (self->game, self->entering) == BS_SEAT_HUMAN
         && bs_play_scene_count_orders (self, NULL) > 0;
}

gboolean
bs_play_scene_reveal_last_round (BsPlayScene *self)
{
  const BsRuleset *rs;
  g_autofree BsPosition *pos = NULL;
  const BsMove *steps;
  guint current, n_steps;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  current = bs_game_get_current (self->game);
  if (self->style != BS_PLAY_STYLE_ORDERS || current == 0)
    return FALSE;

  /* The orders, read back from the steps that entered the round. */
  rs = scene_rs (self);
  pos = bs_position_dup (rs, bs_game_get_position_at (self->game, current - 1));
  steps = bs_game_get_turn_steps (self->game, current - 1, &n_steps);
  for (int c = 0; c < self->n_cells; c++)
    self->reveal_targets[c] = BS_NO_CELL;
  for (guint i = 0; i < n_steps; i++)
    {
      g_autofree char *text = bs_ruleset_format_move (rs, pos, steps[i]);
      const char *dash = strchr (text, '-');
      g_autofree char *from_label = dash != NULL ? g_strndup (text, dash - text) : NULL;
      int from = from_label != NULL ? bs_board_find_cell (rs->board, from_label, NULL) : BS_NO_CELL;
      int to = dash != NULL ? bs_board_find_cell (rs->board, dash + 1, NULL) : BS_NO_CELL;

      if (from != BS_NO_CELL && to != BS_NO_CELL)
        self->reveal_targets[from] = (gint16) to;
      bs_ruleset_apply (rs, pos, steps[i], NULL);
    }

  reveal_round (self, current - 1);
  set_phase (self, BS_ROUND_PHASE_REVEAL, 0);
  update_highlights (self);
  bs_play_scene_changed (self);
  return TRUE;
}

const guint8 *
bs_play_scene_get_doomed (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->style == BS_PLAY_STYLE_ORDERS && self->phase == BS_ROUND_PHASE_REVEAL
         ? self->reveal_doomed : NULL;
}

const char *
bs_play_scene_get_reveal_text (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->phase == BS_ROUND_PHASE_REVEAL ? self->reveal_text : NULL;
}

/* Enters the round's steps in the engine's order (player 1's pieces in
 * cell order, then player 2's), each step being the order we hold for the
 * piece the engine asks about, and plays the round. */
static gboolean
play_round (BsPlayScene  *self,
            GError      **error)
{
  const BsRuleset *rs = scene_rs (self);
  g_autofree BsPosition *pos = bs_position_dup (rs, bs_game_get_position (self->game));
  g_autofree BsMove *moves = g_new0 (BsMove, MAX (rs->max_moves, 1));
  g_autofree BsMove *steps = g_new0 (BsMove, MAX (bs_ruleset_max_turn_steps (rs), 1));
  guint max_steps = bs_ruleset_max_turn_steps (rs);
  guint n_steps = 0;
  gboolean ok;

  do
    {
      guint n = bs_ruleset_generate (rs, pos, moves);
      gboolean found = FALSE;

      for (guint i = 0; i < n && !found; i++)
        {
          g_autofree char *text = bs_ruleset_format_move (rs, pos, moves[i]);
          const char *dash = strchr (text, '-');
          g_autofree char *from_label = dash ? g_strndup (text, dash - text) : NULL;
          int from = from_label ? bs_board_find_cell (rs->board, from_label, NULL) : BS_NO_CELL;
          int to = dash ? bs_board_find_cell (rs->board, dash + 1, NULL) : BS_NO_CELL;
          int wanted;

          if (from == BS_NO_CELL)
            continue;
          wanted = self->reveal_targets[from] != BS_NO_CELL ? self->reveal_targets[from] : from;
          if (to == wanted)
            {
              steps[n_steps++] = moves[i];
              bs_ruleset_apply (rs, pos, moves[i], NULL);
              found = TRUE;
            }
        }
      if (!found)
        {
          g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL,
                       _("An order of this round is not legal"));
          return FALSE;
        }
    }
  while (pos->step != 0 && !bs_position_is_over (pos) && n_steps < max_steps);

  self->resolving = TRUE;
  ok = bs_game_play_turn (self->game, steps, n_steps, error);
  self->resolving = FALSE;
  return ok;
}

gboolean
bs_play_scene_advance_round (BsPlayScene  *self,
                             GError      **error)
{
  const BsPosition *pos;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (self->style == BS_PLAY_STYLE_ORDERS, FALSE);

  pos = bs_game_get_position (self->game);
  switch (self->phase)
    {
    case BS_ROUND_PHASE_HANDOVER:
      if (bs_position_is_over (pos))
        return FALSE;
      if (!is_human_turn (self))
        {
          g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_BUSY,
                               _("The computer is giving its orders"));
          return FALSE;
        }
      set_phase (self, BS_ROUND_PHASE_ORDERS, self->entering);
      break;

    case BS_ROUND_PHASE_ORDERS:
      /* Orders given (if only "all defend") replace the rounds that could
       * be redone: Redo must not replay an old round over them, nor the
       * move list show the other side the old round's orders. */
      bs_game_drop_redo (self->game);
      /* Unordered pieces defend. */
      for (int c = 0; c < self->n_cells; c++)
        if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == self->entering)
          self->reveal_targets[c] = self->orders[c] != BS_NO_CELL ? self->orders[c] : c;
      if (self->entering == 1)
        {
          set_phase (self, BS_ROUND_PHASE_HANDOVER, 2);
          break;
        }
      if (!play_round (self, error))
        {
          set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
          bs_play_scene_changed (self);
          return FALSE;
        }
      return TRUE;   /* on_position_changed() showed the reveal */

    case BS_ROUND_PHASE_REVEAL:
      set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
      for (int c = 0; c < self->n_cells; c++)
        self->reveal_targets[c] = BS_NO_CELL;
      if (bs_position_is_over (pos))
        g_signal_emit (self, signals[GAME_FINISHED], 0);
      break;

    default:
      g_assert_not_reached ();
    }

  update_highlights (self);
  bs_play_scene_changed (self);
  return TRUE;
}

const BsPosition *
bs_play_scene_get_display_position (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);

  if (self->style != BS_PLAY_STYLE_ORDERS)
    return bs_game_get_position (self->game);
  switch (self->phase)
    {
    case BS_ROUND_PHASE_REVEAL:
      return bs_game_get_position_at (self->game, self->reveal_turn);
    case BS_ROUND_PHASE_HANDOVER:
      /* At the start of a round nothing secret is on the board yet. */
      return self->entering == 1 || !is_human_turn (self)
             ? bs_game_get_position (self->game) : NULL;
    case BS_ROUND_PHASE_ORDERS:
    default:
      return bs_game_get_position (self->game);
    }
}

/* The cells named in a turn's notation: the first is where a piece came
 * from when the notation has a '-', the last is where it went. */
static void
last_move_cells (BsPlayScene *self,
                 int         *from,
                 int         *to)
{
  const BsRuleset *rs = scene_rs (self);
  guint current = bs_game_get_current (self->game);
  const char *text;
  int first = BS_NO_CELL, last = BS_NO_CELL;

  *from = *to = BS_NO_CELL;
  if (current == 0)
    return;
  text = bs_game_get_notation (self->game, current - 1);
  for (const char *p = text; *p != '\0';)
    {
      if (g_ascii_islower (*p))
        {
          const char *start = p;
          g_autofree char *label = NULL;
          int cell;

          while (g_ascii_islower (*p))
            p++;
          if (!g_ascii_isdigit (*p))
            continue;
          while (g_ascii_isdigit (*p))
            p++;
          label = g_strndup (start, p - start);
          cell = bs_board_find_cell (rs->board, label, NULL);
          if (cell != BS_NO_CELL)
            {
              if (first == BS_NO_CELL)
                first = cell;
              last = cell;
            }
        }
      else
        p++;
    }
  *to = last;
  if (strchr (text, '-') != NULL && first != last)
    *from = first;
}

void
bs_play_scene_fill_render_options (BsPlayScene     *self,
                                   BsRenderOptions *options)
{
  const BsPosition *pos;

  g_return_if_fail (BS_IS_PLAY_SCENE (self));
  g_return_if_fail (options != NULL);

  options->highlights = self->highlights;
  options->cursor = self->cursor;
  options->selected = self->pending_cell != BS_NO_CELL ? self->pending_cell : self->selected;
  options->orders = NULL;
  options->last_move_from = BS_NO_CELL;
  options->last_move_to = BS_NO_CELL;

  if (self->style != BS_PLAY_STYLE_ORDERS)
    {
      last_move_cells (self, &options->last_move_from, &options->last_move_to);
      if (self->hint_shown)
        {
          options->highlights = self->hint_cells;
          options->selected = self->hint_from;
        }
      return;
    }

  pos = bs_play_scene_get_display_position (self);
  if (pos == NULL)
    return;
  if (self->phase == BS_ROUND_PHASE_REVEAL)
    {
      memcpy (self->render_orders, self->reveal_targets, sizeof (gint16) * self->n_cells);
      options->orders = self->render_orders;
      options->cursor = BS_NO_CELL;
      options->highlights = NULL;
      options->caption = self->reveal_caption;
    }
  else if (self->phase == BS_ROUND_PHASE_ORDERS)
    {
      /* The entering player's orders only; pieces without one defend. */
      for (int c = 0; c < self->n_cells; c++)
        {
          guint8 v = pos->cells[c];

          if (v != BS_CELL_EMPTY && BS_CELL_OWNER (v) == self->entering)
            self->render_orders[c] = self->orders[c] != BS_NO_CELL ? self->orders[c] : c;
          else
            self->render_orders[c] = BS_NO_CELL;
        }
      if (self->hint_shown)
        memcpy (self->render_orders, self->hint_orders, sizeof (gint16) * self->n_cells);
      options->orders = self->render_orders;
    }
}

char *
bs_play_scene_describe_turn (BsPlayScene *self)
{
  const BsPosition *pos;
  const char *name;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);

  pos = bs_game_get_position (self->game);
  if (bs_position_is_over (pos)
      && !(self->style == BS_PLAY_STYLE_ORDERS && self->phase == BS_ROUND_PHASE_REVEAL))
    {
      g_autofree char *who = bs_game_describe_result (self->game);
      g_autofree char *why = bs_game_describe_ending (self->game);

      /* TRANSLATORS: "Dark wins — Light's largest group is 14, …" */
      return g_strdup_printf (_("%s — %s"), who, why);
    }

  if (self->style == BS_PLAY_STYLE_ORDERS)
    {
      guint n_pieces = 0, given;

      name = bs_game_get_player_name (self->game, self->entering == 2 ? 2 : 1);
      switch (self->phase)
        {
        case BS_ROUND_PHASE_HANDOVER:
          if (!is_human_turn (self))
            return g_strdup_printf (_("Round %u: %s (computer) gives orders"),
                                    pos->ply + 1, name);
          return g_strdup_printf (_("Round %u: %s gives orders next"), pos->ply + 1, name);
        case BS_ROUND_PHASE_ORDERS:
          given = bs_play_scene_count_orders (self, &n_pieces);
          return g_strdup_printf (
            _("Round %u: %s gives orders (%u of %u given, the others defend)"),
            pos->ply + 1, name, given, n_pieces);
        case BS_ROUND_PHASE_REVEAL:
        default:
          return g_strdup_printf (_("Round %u revealed"), self->reveal_turn + 1);
        }
    }

  name = bs_game_get_player_name (self->game, pos->to_move);
  if (self->pending_cell != BS_NO_CELL)
    return g_strdup_printf (_("%s: choose the push direction (arrow keys)"), name);
  if (g_hash_table_size (self->legal) == 1 && is_legal (self, "pass", NULL))
    return g_strdup_printf (_("%s cannot move and must pass"), name);
  if (!is_human_turn (self))
    return g_strdup_printf (_("%s (computer) to move"), name);
  return g_strdup_printf (_("%s to move"), name);
}

gboolean
bs_play_scene_submit_orders (BsPlayScene   *self,
                             int            player,
                             const gint16  *targets,
                             GError       **error)
{
  const BsPosition *pos;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (self->style == BS_PLAY_STYLE_ORDERS, FALSE);
  g_return_val_if_fail (player == 1 || player == 2, FALSE);
  g_return_val_if_fail (targets != NULL, FALSE);

  pos = bs_game_get_position (self->game);
  if (bs_position_is_over (pos) || self->phase == BS_ROUND_PHASE_REVEAL
      || self->entering != player)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   _("%s does not give orders now"), bs_game_get_player_name (self->game, player));
      return FALSE;
    }

  bs_game_drop_redo (self->game);
  for (int c = 0; c < self->n_cells; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == player)
      self->reveal_targets[c] = targets[c] != BS_NO_CELL ? targets[c] : c;

  if (player == 1)
    {
      /* Nobody needs to look away from a computer's orders. */
      if (bs_game_get_seat (self->game, 2) == BS_SEAT_HUMAN)
        set_phase (self, BS_ROUND_PHASE_ORDERS, 2);
      else
        set_phase (self, BS_ROUND_PHASE_HANDOVER, 2);
      update_highlights (self);
      bs_play_scene_changed (self);
      return TRUE;
    }
  if (!play_round (self, error))
    {
      set_phase (self, BS_ROUND_PHASE_HANDOVER, 1);
      bs_play_scene_changed (self);
      return FALSE;
    }
  return TRUE;
}

/* The cells named in a notation ("c3", "b2-c3", "c3>N"): marks all of
 * them and returns the first one a piece leaves, or BS_NO_CELL. */
static int
mark_notation_cells (BsPlayScene *self,
                     const char  *text,
                     guint8      *marks)
{
  const BsRuleset *rs = scene_rs (self);
  int first = BS_NO_CELL;

  for (const char *p = text; *p != '\0';)
    {
      const char *start = p;
      g_autofree char *label = NULL;
      int cell;

      if (!g_ascii_islower (*p))
        {
          p++;
          continue;
        }
      while (g_ascii_islower (*p))
        p++;
      if (!g_ascii_isdigit (*p))
        continue;
      while (g_ascii_isdigit (*p))
        p++;
      label = g_strndup (start, p - start);
      cell = bs_board_find_cell (rs->board, label, NULL);
      if (cell == BS_NO_CELL)
        continue;
      marks[cell] = 1;
      if (first == BS_NO_CELL)
        first = cell;
    }
  return strchr (text, '-') != NULL ? first : BS_NO_CELL;
}

void
bs_play_scene_show_hint (BsPlayScene *self,
                         const char  *notation,
                         const gint16 *orders)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  memset (self->hint_cells, 0, self->n_cells);
  self->hint_from = BS_NO_CELL;
  self->hint_shown = notation != NULL || orders != NULL;
  if (orders != NULL)
    memcpy (self->hint_orders, orders, sizeof (gint16) * self->n_cells);
  else
    for (int c = 0; c < self->n_cells; c++)
      self->hint_orders[c] = BS_NO_CELL;
  if (notation != NULL)
    self->hint_from = mark_notation_cells (self, notation, self->hint_cells);
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_get_hint_shown (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->hint_shown;
}

const guint8 *
bs_play_scene_get_hint_cells (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->hint_shown ? self->hint_cells : NULL;
}
