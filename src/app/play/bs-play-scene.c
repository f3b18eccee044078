/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-play-scene.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-cell-widget.h"
#include "bs-error.h"

/* A legal move of the current position, taken apart. */
typedef struct {
  BsMove      move;
  BsMoveParts parts;
} LegalMove;

struct _BsPlayScene {
  GObject       parent_instance;

  BsGame       *game;
  GSignalGroup *game_signals;
  const BsPlaySpec *play;
  gboolean      orders_mode;
  int           n_cells;

  /* What the player chooses before a cell, from the declaration. */
  int           kind_choices[BS_MAX_KINDS];
  guint         n_kind_choices;
  gboolean      direction_choice;

  int           kind;
  int           direction;
  gboolean      show_legal;
  int           cursor;
  int           selected;
  /* A move waiting for its follow-up: its piece (or BS_NO_CELL for a
   * placement) and its cell. */
  int           pending_from;
  int           pending_cell;

  /* Legal moves of the current position (turn-based games). */
  GArray       *legal;            /* LegalMove */
  guint8       *highlights;       /* n_cells */
  gint16       *render_orders;    /* n_cells, handed to the renderer */
  int           last_from;        /* the last turn's cells */
  int           last_to;

  /* Simultaneous games. */
  BsRoundPhase  phase;
  int           entering;
  gint16       *orders;           /* n_cells: target, BS_NO_CELL = none given */
  gboolean      resolving;        /* our own round is being played */
  gint16       *reveal_targets;   /* n_cells: both players' orders */
  char         *reveal_text;
  guint8       *reveal_doomed;    /* n_cells: pieces the round removes */
  char         *reveal_caption;
  guint         reveal_turn;      /* the round being revealed (history index) */

  /* A hint: cells to mark (or, simultaneous, orders to draw); NULL = none. */
  guint8       *hint_cells;       /* n_cells */
  gint16       *hint_orders;      /* n_cells */
  int           hint_from;
  int           hint_to;
  gboolean      hint_shown;

  /* The move a computer seat is about to play, marked for a moment. */
  int           computer_from;
  int           computer_to;
  int           computer_player;  /* 0: none shown */
  gboolean      computer_paused;
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
  REQUEST_FOLLOW_UP,
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

static const char *
cell_label (BsPlayScene *self,
            int          cell)
{
  return bs_board_cell_label (scene_rs (self)->board, cell);
}

static const LegalMove *
legal_at (BsPlayScene *self,
          guint        i)
{
  return &g_array_index (self->legal, LegalMove, i);
}

static gboolean
kind_is_directed (BsPlayScene *self,
                  int          kind)
{
  const BsModule *module = scene_rs (self)->module;

  return kind >= 0 && (guint) kind < module->n_kinds && module->kinds[kind].directed;
}

/* A placement as the player has set it up: of the chosen kind (when there
 * is a choice), pointing the chosen way (a directed kind). */
static gboolean
placement_matches (BsPlayScene       *self,
                   const BsMoveParts *parts)
{
  if (parts->word >= 0 || parts->from != BS_NO_CELL || parts->to == BS_NO_CELL)
    return FALSE;
  if (self->n_kind_choices > 1 && parts->kind != self->kind)
    return FALSE;
  if (kind_is_directed (self, parts->kind) && parts->direction != self->direction)
    return FALSE;
  return TRUE;
}

/* The first legal move from `from` (BS_NO_CELL: a placement as set up) to
 * `to` with follow-up `follow_up` (-1: any), as an index into legal; -1. */
static int
find_legal (BsPlayScene *self,
            int          from,
            int          to,
            int          follow_up)
{
  for (guint i = 0; i < self->legal->len; i++)
    {
      const BsMoveParts *parts = &legal_at (self, i)->parts;

      if (parts->word >= 0 || parts->to != to)
        continue;
      if (from == BS_NO_CELL ? !placement_matches (self, parts) : parts->from != from)
        continue;
      if (follow_up >= 0 && parts->follow_up != follow_up)
        continue;
      return (int) i;
    }
  return -1;
}

static int
find_legal_word (BsPlayScene *self,
                 int          word)
{
  if (word < 0)
    return -1;
  for (guint i = 0; i < self->legal->len; i++)
    if (legal_at (self, i)->parts.word == word)
      return (int) i;
  return -1;
}

static gboolean
piece_has_moves (BsPlayScene *self,
                 int          cell)
{
  for (guint i = 0; i < self->legal->len; i++)
    {
      const BsMoveParts *parts = &legal_at (self, i)->parts;

      if (parts->word < 0 && parts->from == cell)
        return TRUE;
    }
  return FALSE;
}

static gboolean
is_human_turn (BsPlayScene *self)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  int player = self->orders_mode ? self->entering : pos->to_move;

  /* The reveal (nobody entering) is for everyone to see. */
  if (player != 1 && player != 2)
    return TRUE;

  return bs_game_get_seat (self->game, player) == BS_SEAT_HUMAN;
}

/* A word's button label without its mnemonic ("_Pass" → "Pass"). */
static char *
word_label (const BsWordSpec *word)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (const char *p = _(word->label); *p != '\0'; p++)
    {
      if (*p == '_' && p[1] != '\0')
        p++;
      g_string_append_c (text, *p);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A move taken apart, in words, as the player would make it: "place a
 * stone on d4", "move the stone on h7 to g6", "End Game", from the play
 * declaration's nouns and labels, never from notation. */
static char *
describe_parts (BsPlayScene       *self,
                const BsMoveParts *parts)
{
  const BsModule *module = scene_rs (self)->module;
  const char *noun = self->play->piece_noun != NULL ? _(self->play->piece_noun) : _("piece");
  g_autoptr(GString) out = g_string_new (NULL);

  if (parts->word >= 0 && (guint) parts->word < self->play->n_words)
    return word_label (&self->play->words[parts->word]);
  if (parts->to == BS_NO_CELL)
    return g_strdup (_("pass"));

  if (parts->from != BS_NO_CELL && parts->from != parts->to)
    /* Translators: a move in words: the game's noun for a piece ("stone"),
     * the cell it leaves, the cell it goes to: "move the stone on h7 to g6". */
    g_string_append_printf (out, _("move the %s on %s to %s"), noun,
                            cell_label (self, parts->from), cell_label (self, parts->to));
  else if (parts->from != BS_NO_CELL)
    /* Translators: an order to stay, e.g. "the piece on c3 defends". */
    g_string_append_printf (out, _("the %s on %s %s"), noun, cell_label (self, parts->from),
                            self->play->stay_label != NULL ? _(self->play->stay_label)
                                                           : _("stays"));
  else
    {
      const BsKindSpec *kind = parts->kind >= 0 && (guint) parts->kind < module->n_kinds
                               ? &module->kinds[parts->kind] : NULL;

      if (kind != NULL && kind->directed && parts->direction >= 0)
        /* Translators: a placement in words: the game's noun for a piece, the
         * cell, the kind and where it points: "place a piece on d4 (Triangle
         * pointing East)". */
        g_string_append_printf (out, _("place a %s on %s (%s pointing %s)"), noun,
                                cell_label (self, parts->to), _(kind->label),
                                bs_direction_name (parts->direction));
      else if (kind != NULL && self->n_kind_choices > 1)
        /* Translators: a placement in words: the game's noun for a piece, the
         * cell and the kind: "place a piece on d4 (Small)". */
        g_string_append_printf (out, _("place a %s on %s (%s)"), noun,
                                cell_label (self, parts->to), _(kind->label));
      else
        /* Translators: a placement in words: the game's noun for a piece and
         * the cell: "place a stone on d4". */
        g_string_append_printf (out, _("place a %s on %s"), noun, cell_label (self, parts->to));
    }
  if (parts->follow_up >= 0 && (guint) parts->follow_up < self->play->n_follow_ups)
    /* Translators: a move's follow-up after its cell, e.g. ", then Push North". */
    g_string_append_printf (out, _(", then %s"), _(self->play->follow_ups[parts->follow_up].label));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

char *
bs_play_scene_describe_move (BsPlayScene      *self,
                             const BsPosition *pos,
                             BsMove            move)
{
  BsMoveParts parts;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  g_return_val_if_fail (pos != NULL, NULL);

  bs_ruleset_decode_move (scene_rs (self), pos, move, &parts);
  return describe_parts (self, &parts);
}

/* Says, in the engine's words, why the move made of `parts` is not legal
 * here; `fallback` when the module cannot make that move at all. */
static void
explain_parts (BsPlayScene       *self,
               const BsMoveParts *parts,
               const char        *fallback)
{
  const BsRuleset *rs = scene_rs (self);
  const BsPosition *pos = bs_game_get_position (self->game);
  g_autofree char *why = NULL;
  BsMove move;

  if (bs_position_is_over (pos))
    {
      bs_play_scene_message (self, _("The game is over"));
      return;
    }
  if (!bs_ruleset_encode_move (rs, pos, parts, &move))
    {
      bs_play_scene_message (self, fallback);
      return;
    }
  why = bs_ruleset_explain (rs, pos, move);
  if (why == NULL)
    {
      g_autofree char *words = describe_parts (self, parts);

      /* Translators: %s is a move in words, e.g. "move the stone on h7 to g6". */
      why = g_strdup_printf (_("Not a legal move here: %s"), words);
    }
  /* Sentence case for a toast, but never for a leading cell label ("a1 is …"). */
  if (g_ascii_islower (why[0]) && (why[1] == ' ' || g_ascii_islower (why[1])))
    why[0] = g_ascii_toupper (why[0]);
  bs_play_scene_message (self, why);
}

/* The parts of a move from `from` (or a placement as set up) to `to`, for
 * explain_parts: the first follow-up stands for any (a cell that takes
 * no move takes none of them). */
static void
parts_for (BsPlayScene *self,
           int          from,
           int          to,
           BsMoveParts *parts)
{
  parts->from = from;
  parts->to = to;
  parts->kind = -1;
  parts->direction = -1;
  parts->follow_up = -1;
  parts->word = -1;
  if (from == BS_NO_CELL)
    {
      parts->kind = self->kind;
      if (kind_is_directed (self, self->kind))
        parts->direction = self->direction;
    }
  if ((self->play->flags & BS_PLAY_FOLLOW_UP) && self->play->n_follow_ups > 0)
    parts->follow_up = 0;
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

/* Simultaneous games: the cells the piece on `cell` may be ordered to
 * (itself to stay), from the module's piece_orders. */
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
      BsMoveParts parts;

      bs_ruleset_decode_move (rs, pos, moves[i], &parts);
      if (parts.to != BS_NO_CELL && n < BS_MAX_DIRS + 1)
        targets[n++] = (gint16) parts.to;
    }
  return n;
}

static gboolean
is_piece_target (BsPlayScene *self,
                 int          piece,
                 int          cell)
{
  gint16 targets[BS_MAX_DIRS + 1];
  guint n = piece_targets (self, piece, targets);

  for (guint i = 0; i < n; i++)
    if (targets[i] == cell)
      return TRUE;
  return FALSE;
}

static void
update_highlights (BsPlayScene *self)
{
  const BsPosition *pos = bs_game_get_position (self->game);

  memset (self->highlights, 0, self->n_cells);
  if (!self->show_legal || bs_position_is_over (pos))
    return;

  if (self->orders_mode)
    {
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

  /* The selected piece's targets, else the placements as set up. */
  for (guint i = 0; i < self->legal->len; i++)
    {
      const BsMoveParts *parts = &legal_at (self, i)->parts;

      if (parts->word >= 0 || parts->to == BS_NO_CELL)
        continue;
      if (self->selected != BS_NO_CELL ? parts->from == self->selected
                                       : placement_matches (self, parts))
        self->highlights[parts->to] = 1;
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

  g_array_set_size (self->legal, 0);
  if (!bs_position_is_over (pos) && !self->orders_mode)
    {
      g_autofree BsMove *moves = g_new0 (BsMove, MAX (rs->max_moves, 1));
      guint n = bs_ruleset_generate (rs, pos, moves);

      for (guint i = 0; i < n; i++)
        {
          LegalMove legal = { moves[i], { 0 } };

          bs_ruleset_decode_move (rs, pos, moves[i], &legal.parts);
          g_array_append_val (self->legal, legal);
        }
    }
}

/* The cells of the turn that led to the current position: where its first
 * step took a piece from, and the last cell a step went to. */
static void
update_last_move (BsPlayScene *self)
{
  const BsRuleset *rs = scene_rs (self);
  guint current = bs_game_get_current (self->game);
  g_autofree BsPosition *pos = NULL;
  const BsMove *steps;
  guint n_steps;

  self->last_from = self->last_to = BS_NO_CELL;
  if (current == 0)
    return;
  steps = bs_game_get_turn_steps (self->game, current - 1, &n_steps);
  pos = bs_position_dup (rs, bs_game_get_position_at (self->game, current - 1));
  for (guint i = 0; i < n_steps; i++)
    {
      BsMoveParts parts;

      bs_ruleset_decode_move (rs, pos, steps[i], &parts);
      if (i == 0)
        self->last_from = parts.from;
      if (parts.to != BS_NO_CELL)
        self->last_to = parts.to;
      if (i + 1 < n_steps)
        bs_ruleset_apply (rs, pos, steps[i], NULL);
    }
  if (self->last_from == self->last_to)
    self->last_from = BS_NO_CELL;
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
  self->computer_player = 0;
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
  g_autoptr(BsExplanation) explanation = bs_game_explain_turn (self->game, turn);

  g_free (self->reveal_text);
  self->reveal_text = g_strdup (*explanation->details != '\0' ? explanation->details
                                                              : explanation->summary);
  g_free (self->reveal_caption);
  self->reveal_caption = g_strdup (explanation->summary);
  memcpy (self->reveal_doomed, explanation->removed, self->n_cells);
  self->reveal_turn = turn;
}

static gboolean
is_kind_choice (BsPlayScene *self,
                int          kind)
{
  for (guint i = 0; i < self->n_kind_choices; i++)
    if (self->kind_choices[i] == kind)
      return TRUE;
  return FALSE;
}

static void
on_position_changed (BsPlayScene *self,
                     BsGame      *game)
{
  const BsPosition *pos = bs_game_get_position (game);

  self->selected = BS_NO_CELL;
  self->pending_from = self->pending_cell = BS_NO_CELL;
  self->hint_shown = FALSE;
  self->computer_player = 0;
  rebuild_legal (self);
  update_last_move (self);

  if (self->orders_mode)
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
  else if (!bs_position_is_over (pos) && self->n_kind_choices > 0)
    {
      /* Keep the chosen kind if the player still has it, else take one left. */
      int player = pos->to_move;

      if (pos->supply[player - 1][self->kind] == 0)
        for (guint i = 0; i < self->n_kind_choices; i++)
          if (pos->supply[player - 1][self->kind_choices[i]] > 0)
            {
              bs_play_scene_set_kind (self, self->kind_choices[i]);
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
  if (!self->orders_mode)
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

  g_clear_pointer (&self->legal, g_array_unref);
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
  /* A cell awaits its follow-up choice; the view offers the choice. */
  signals[REQUEST_FOLLOW_UP] =
    g_signal_new ("request-follow-up", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* The end of the game has been shown (after a simultaneous round's reveal). */
  signals[GAME_FINISHED] =
    g_signal_new ("game-finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bs_play_scene_init (BsPlayScene *self)
{
  self->selected = BS_NO_CELL;
  self->pending_from = BS_NO_CELL;
  self->pending_cell = BS_NO_CELL;
  self->cursor = BS_NO_CELL;
  self->last_from = self->last_to = BS_NO_CELL;
  self->hint_from = self->hint_to = BS_NO_CELL;
  self->computer_from = self->computer_to = BS_NO_CELL;
  self->show_legal = TRUE;
  self->legal = g_array_new (FALSE, FALSE, sizeof (LegalMove));
  self->game_signals = g_signal_group_new (BS_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "position-changed",
                                 G_CALLBACK (on_position_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "game-over",
                                 G_CALLBACK (on_game_over), self, G_CONNECT_SWAPPED);
}

/* The kinds a player chooses from: with placements, every kind that either
 * player has in hand at the start. */
static void
find_kind_choices (BsPlayScene *self)
{
  const BsRuleset *rs = scene_rs (self);
  const BsPosition *start = bs_game_get_position_at (self->game, 0);

  self->n_kind_choices = 0;
  self->direction_choice = FALSE;
  if (!(self->play->flags & BS_PLAY_PLACE))
    return;
  for (guint k = 0; k < rs->module->n_kinds && k < BS_MAX_KINDS; k++)
    if (start->supply[0][k] > 0 || start->supply[1][k] > 0)
      {
        self->kind_choices[self->n_kind_choices++] = (int) k;
        self->direction_choice |= rs->module->kinds[k].directed;
      }
  if (self->n_kind_choices > 0)
    self->kind = self->kind_choices[0];
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
  self->play = bs_ruleset_play_spec (rs);
  self->orders_mode = (self->play->flags & BS_PLAY_ORDERS) != 0 || bs_game_is_simultaneous (game);
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
  find_kind_choices (self);

  g_signal_group_set_target (self->game_signals, game);
  rebuild_legal (self);
  update_last_move (self);
  update_highlights (self);

  return self;
}

BsGame *
bs_play_scene_get_game (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->game;
}

const BsPlaySpec *
bs_play_scene_get_play_spec (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);
  return self->play;
}

gboolean
bs_play_scene_gives_orders (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->orders_mode;
}

guint
bs_play_scene_get_kind_choices (BsPlayScene *self,
                                int         *kinds)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), 0);

  if (kinds != NULL)
    memcpy (kinds, self->kind_choices, sizeof (int) * self->n_kind_choices);
  return self->n_kind_choices;
}

gboolean
bs_play_scene_has_direction_choice (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->direction_choice;
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

  if (!is_kind_choice (self, kind) || kind == self->kind)
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
  if (!self->direction_choice || direction == self->direction)
    return;
  self->direction = direction;
  update_highlights (self);
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

gboolean
bs_play_scene_get_legal_follow_ups (BsPlayScene *self,
                                    gboolean    *legal)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (legal != NULL, FALSE);

  if (self->pending_cell == BS_NO_CELL)
    return FALSE;
  for (guint f = 0; f < self->play->n_follow_ups; f++)
    legal[f] = find_legal (self, self->pending_from, self->pending_cell, (int) f) >= 0;
  return TRUE;
}

static gboolean
own_piece (BsPlayScene *self,
           int          player,
           int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  guint8 value = pos->cells[cell];

  return value != BS_CELL_EMPTY && BS_CELL_OWNER (value) == player;
}

gboolean
bs_play_scene_can_act_on (BsPlayScene *self,
                          int          cell)
{
  const BsPosition *pos;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  if (cell < 0 || cell >= self->n_cells)
    return FALSE;
  pos = bs_game_get_position (self->game);
  if (bs_position_is_over (pos) || !is_human_turn (self))
    return FALSE;

  if (self->orders_mode && self->phase != BS_ROUND_PHASE_ORDERS)
    return FALSE;
  /* The follow-up chooser is open: a click on the board closes it. */
  if (self->pending_cell != BS_NO_CELL)
    return FALSE;
  if (!self->show_legal)
    return TRUE;

  if (self->orders_mode)
    {
      if (own_piece (self, self->entering, cell))
        return TRUE;
      return self->selected != BS_NO_CELL && is_piece_target (self, self->selected, cell);
    }

  if (self->selected != BS_NO_CELL
      && (cell == self->selected || find_legal (self, self->selected, cell, -1) >= 0))
    return TRUE;
  if (own_piece (self, pos->to_move, cell) && piece_has_moves (self, cell))
    return TRUE;
  return find_legal (self, BS_NO_CELL, cell, -1) >= 0;
}

static void
select_cell (BsPlayScene *self,
             int          cell)
{
  self->selected = cell;
  update_highlights (self);
  bs_play_scene_changed (self);
}

/* Plays the move from `from` (BS_NO_CELL: a placement as set up) to `to`,
 * or, when it takes a follow-up, asks for it; FALSE when there is none. */
static gboolean
take_move (BsPlayScene *self,
           int          from,
           int          to)
{
  int i = find_legal (self, from, to, -1);

  if (i < 0)
    return FALSE;
  if (legal_at (self, (guint) i)->parts.follow_up >= 0)
    {
      self->pending_from = from;
      self->pending_cell = to;
      bs_play_scene_changed (self);
      g_signal_emit (self, signals[REQUEST_FOLLOW_UP], 0, to);
      return TRUE;
    }
  play_move (self, legal_at (self, (guint) i)->move);
  return TRUE;
}

static void
explain_placement (BsPlayScene *self,
                   int          cell)
{
  BsMoveParts parts;
  g_autofree char *fallback =
    g_strdup_printf (_("%s is not a legal placement here"), cell_label (self, cell));

  parts_for (self, BS_NO_CELL, cell, &parts);
  explain_parts (self, &parts, fallback);
}

static void
explain_piece (BsPlayScene *self,
               int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  g_autofree char *why = bs_ruleset_explain_piece (scene_rs (self), pos, cell);

  if (why == NULL)
    why = g_strdup_printf (_("The piece on %s cannot move now"), cell_label (self, cell));
  else if (g_ascii_islower (why[0]) && (why[1] == ' ' || g_ascii_islower (why[1])))
    why[0] = g_ascii_toupper (why[0]);
  bs_play_scene_message (self, why);
}

static void
activate_turn (BsPlayScene *self,
               int          cell)
{
  const BsPosition *pos = bs_game_get_position (self->game);
  guint8 value = pos->cells[cell];
  gboolean own = own_piece (self, pos->to_move, cell);
  guint flags = self->play->flags;

  /* A click elsewhere drops a move waiting for its follow-up. */
  self->pending_from = self->pending_cell = BS_NO_CELL;

  if (self->selected != BS_NO_CELL)
    {
      int from = self->selected;
      BsMoveParts parts;
      g_autofree char *fallback = NULL;

      if (cell == from)
        {
          select_cell (self, BS_NO_CELL);
          return;
        }
      if (take_move (self, from, cell))
        return;
      if (own && piece_has_moves (self, cell))
        {
          select_cell (self, cell);
          return;
        }
      if (take_move (self, BS_NO_CELL, cell))
        return;
      fallback = g_strdup_printf (_("The piece on %s cannot go to %s"), cell_label (self, from),
                                  cell_label (self, cell));
      parts_for (self, from, cell, &parts);
      explain_parts (self, &parts, fallback);
      return;
    }

  if (own && piece_has_moves (self, cell))
    {
      select_cell (self, cell);
      return;
    }
  if (self->n_kind_choices > 1 && value == BS_CELL_EMPTY
      && pos->supply[pos->to_move - 1][self->kind] == 0)
    {
      const BsKindSpec *kind = &scene_rs (self)->module->kinds[self->kind];
      g_autofree char *msg = g_strdup_printf (_("No %s pieces left"), _(kind->label));

      bs_play_scene_message (self, msg);
      return;
    }
  if (take_move (self, BS_NO_CELL, cell))
    return;

  /* Refused: say why, in the terms of what the player may do here. */
  if (value != BS_CELL_EMPTY && (flags & BS_PLAY_STEP))
    {
      if (own)
        explain_piece (self, cell);
      else
        {
          g_autofree char *msg =
            g_strdup_printf (_("The piece on %s belongs to %s"), cell_label (self, cell),
                             bs_game_get_player_name (self->game, BS_CELL_OWNER (value)));
          bs_play_scene_message (self, msg);
        }
    }
  else if (flags & BS_PLAY_PLACE)
    explain_placement (self, cell);
  else
    bs_play_scene_message (self, _("Click one of your pieces first, then where it goes"));
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

  if (self->selected != BS_NO_CELL && is_piece_target (self, self->selected, cell))
    {
      /* New orders replace the rounds that could be redone. */
      bs_game_drop_redo (self->game);
      self->orders[self->selected] = (gint16) cell;
      select_cell (self, BS_NO_CELL);
      return;
    }

  if (own_piece (self, self->entering, cell))
    {
      select_cell (self, cell);
      return;
    }
  if (self->selected != BS_NO_CELL)
    {
      BsMoveParts parts;
      g_autofree char *fallback =
        g_strdup_printf (_("The piece on %s cannot go to %s"), cell_label (self, self->selected),
                         cell_label (self, cell));

      parts_for (self, self->selected, cell, &parts);
      explain_parts (self, &parts, fallback);
      return;
    }
  if (value == BS_CELL_EMPTY)
    {
      g_autofree char *msg = NULL;

      if (self->play->stay_label != NULL)
        /* Translators: %s is what a piece ordered to stay does, e.g. "defends". */
        msg = g_strdup_printf (_("Click one of your pieces, then where it goes (or the piece "
                                 "itself, so that it %s)"), _(self->play->stay_label));
      else
        msg = g_strdup (_("Click one of your pieces, then where it goes"));
      bs_play_scene_message (self, msg);
    }
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
      && !(self->orders_mode && self->phase == BS_ROUND_PHASE_REVEAL))
    {
      bs_play_scene_message (self, _("The game is over: start a new one with Ctrl+N"));
      return;
    }
  if (!is_human_turn (self))
    {
      bs_play_scene_message (self, _("The computer is thinking"));
      return;
    }

  if (self->orders_mode)
    activate_orders (self, cell);
  else
    activate_turn (self, cell);
}

gboolean
bs_play_scene_choose_follow_up (BsPlayScene *self,
                                int          index)
{
  BsMoveParts parts;
  g_autofree char *fallback = NULL;
  int i;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (index >= 0 && (guint) index < self->play->n_follow_ups, FALSE);

  if (self->pending_cell == BS_NO_CELL)
    return FALSE;
  i = find_legal (self, self->pending_from, self->pending_cell, index);
  if (i >= 0)
    return play_move (self, legal_at (self, (guint) i)->move);

  parts_for (self, self->pending_from, self->pending_cell, &parts);
  parts.follow_up = index;
  fallback = g_strdup_printf (_("%s is not possible here"), _(self->play->follow_ups[index].label));
  explain_parts (self, &parts, fallback);
  return FALSE;
}

void
bs_play_scene_cancel (BsPlayScene *self)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  if (self->selected == BS_NO_CELL && self->pending_cell == BS_NO_CELL)
    return;
  self->selected = BS_NO_CELL;
  self->pending_from = self->pending_cell = BS_NO_CELL;
  update_highlights (self);
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_can_play_word (BsPlayScene *self,
                             const char  *word)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return is_human_turn (self)
         && find_legal_word (self, bs_ruleset_word_index (scene_rs (self), word)) >= 0;
}

gboolean
bs_play_scene_play_word (BsPlayScene *self,
                         const char  *word)
{
  int index, i;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  if (!is_human_turn (self))
    {
      bs_play_scene_message (self, _("The computer is thinking"));
      return FALSE;
    }
  index = bs_ruleset_word_index (scene_rs (self), word);
  i = find_legal_word (self, index);
  if (i < 0)
    {
      BsMoveParts parts = { BS_NO_CELL, BS_NO_CELL, -1, -1, -1, index };
      g_autofree char *label = index >= 0 ? word_label (&self->play->words[index])
                                          : g_strdup (word);
      g_autofree char *fallback = g_strdup_printf (_("%s is not possible here"), label);

      explain_parts (self, &parts, fallback);
      return FALSE;
    }
  return play_move (self, legal_at (self, (guint) i)->move);
}

gboolean
bs_play_scene_predict_word (BsPlayScene *self,
                            const char  *word,
                            int         *result,
                            char       **outcome,
                            char       **figures)
{
  const BsRuleset *rs;
  g_autofree BsPosition *after = NULL;
  g_autoptr(GString) text = NULL;
  int values[BS_MAX_MEASURES][2];
  const BsMeasureSpec *measures;
  guint n_measures;
  int index, i;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  rs = scene_rs (self);
  index = bs_ruleset_word_index (rs, word);
  i = find_legal_word (self, index);
  if (i < 0 || !self->play->words[index].ends_game)
    return FALSE;
  /* The word played on a copy: the engine's own result, nothing guessed. */
  after = bs_position_dup (rs, bs_game_get_position (self->game));
  bs_ruleset_apply (rs, after, legal_at (self, (guint) i)->move, NULL);
  if (!bs_position_is_over (after))
    return FALSE;

  if (result != NULL)
    *result = after->result;
  if (outcome != NULL)
    {
      if (after->result == BS_RESULT_WIN_1 || after->result == BS_RESULT_WIN_2)
        /* Translators: the result a move that ends the game would give, before
         * it is played: "White would win". */
        *outcome = g_strdup_printf (_("%s would win"),
                                    bs_game_get_player_name (self->game, after->result));
      else
        *outcome = g_strdup (_("It would be a draw"));
    }
  if (figures != NULL)
    {
      /* What decides, measured on the position the word would leave. */
      measures = bs_ruleset_measure_specs (rs, &n_measures);
      bs_ruleset_measures (rs, after, values);
      text = g_string_new (NULL);
      for (guint m = 0; m < n_measures; m++)
        {
          if (text->len > 0)
            g_string_append_c (text, '\n');
          /* Translators: a measure of the game for both players, e.g.
           * "Groups: White 3, Black 5". */
          g_string_append_printf (text, _("%s: %s %d, %s %d"), _(measures[m].label),
                                  bs_game_get_player_name (self->game, 1), values[m][0],
                                  bs_game_get_player_name (self->game, 2), values[m][1]);
        }
      *figures = g_string_free (g_steal_pointer (&text), FALSE);
    }
  return TRUE;
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

  if (!self->orders_mode || self->phase == BS_ROUND_PHASE_REVEAL
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
  if (!self->orders_mode || current == 0)
    return FALSE;

  /* The orders, read back from the steps that entered the round. */
  rs = scene_rs (self);
  pos = bs_position_dup (rs, bs_game_get_position_at (self->game, current - 1));
  steps = bs_game_get_turn_steps (self->game, current - 1, &n_steps);
  for (int c = 0; c < self->n_cells; c++)
    self->reveal_targets[c] = BS_NO_CELL;
  for (guint i = 0; i < n_steps; i++)
    {
      BsMoveParts parts;

      bs_ruleset_decode_move (rs, pos, steps[i], &parts);
      if (parts.from != BS_NO_CELL && parts.to != BS_NO_CELL)
        self->reveal_targets[parts.from] = (gint16) parts.to;
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
  return self->orders_mode && self->phase == BS_ROUND_PHASE_REVEAL ? self->reveal_doomed : NULL;
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
          BsMoveParts parts;
          int wanted;

          bs_ruleset_decode_move (rs, pos, moves[i], &parts);
          if (parts.from == BS_NO_CELL)
            continue;
          wanted = self->reveal_targets[parts.from] != BS_NO_CELL
                   ? self->reveal_targets[parts.from] : parts.from;
          if (parts.to == wanted)
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
  g_return_val_if_fail (self->orders_mode, FALSE);

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
      /* Orders given (if only "all stay") replace the rounds that could
       * be redone: Redo must not replay an old round over them, nor the
       * move list show the other side the old round's orders. */
      bs_game_drop_redo (self->game);
      /* Unordered pieces stay. */
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

  if (!self->orders_mode)
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

void
bs_play_scene_fill_render_options (BsPlayScene     *self,
                                   BsRenderOptions *options)
{
  const BsPosition *pos;

  g_return_if_fail (BS_IS_PLAY_SCENE (self));
  g_return_if_fail (options != NULL);

  /* Where the player may play, while a human is to play: during the
   * computer's turn its legal moves would only be mistaken for its choice. */
  options->highlights = is_human_turn (self) ? self->highlights : NULL;
  options->cursor = self->cursor;
  options->selected = self->pending_cell != BS_NO_CELL ? self->pending_cell : self->selected;
  options->orders = NULL;
  options->last_move_from = BS_NO_CELL;
  options->last_move_to = BS_NO_CELL;
  options->hint_from = options->hint_to = BS_NO_CELL;
  options->computer_from = options->computer_to = BS_NO_CELL;
  options->computer_player = 0;

  if (!self->orders_mode)
    {
      options->last_move_from = self->last_from;
      options->last_move_to = self->last_to;
      /* Each its own mark: a hint is not a selection nor a legal target. */
      if (self->hint_shown)
        {
          options->hint_from = self->hint_from;
          options->hint_to = self->hint_to;
        }
      if (self->computer_player != 0)
        {
          options->computer_from = self->computer_from;
          options->computer_to = self->computer_to;
          options->computer_player = self->computer_player;
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
      /* The entering player's orders only; pieces without one stay. */
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

static char *
describe_turn (BsPlayScene *self)
{
  const BsPosition *pos;
  const char *name;

  pos = bs_game_get_position (self->game);
  if (bs_position_is_over (pos) && !(self->orders_mode && self->phase == BS_ROUND_PHASE_REVEAL))
    {
      g_autofree char *who = bs_game_describe_result (self->game);
      g_autofree char *why = bs_game_describe_ending (self->game);

      /* TRANSLATORS: "Dark wins — Light's largest group is 14, …" */
      return g_strdup_printf (_("%s — %s"), who, why);
    }

  if (self->orders_mode)
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
          return g_strdup_printf (_("Round %u: %s gives orders (%u of %u given)"),
                                  pos->ply + 1, name, given, n_pieces);
        case BS_ROUND_PHASE_REVEAL:
        default:
          return g_strdup_printf (_("Round %u revealed"), self->reveal_turn + 1);
        }
    }

  name = bs_game_get_player_name (self->game, pos->to_move);
  if (self->pending_cell != BS_NO_CELL)
    {
      gboolean directions = self->play->n_follow_ups > 0;
      const char *prompt = self->play->follow_up_prompt != NULL
                           ? _(self->play->follow_up_prompt) : "";

      for (guint f = 0; f < self->play->n_follow_ups; f++)
        directions &= self->play->follow_ups[f].direction >= 0;
      if (directions)
        /* Translators: the status while a move waits for its follow-up, which
         * is a direction: the player, then the choice's prompt ("Push"). */
        return g_strdup_printf (_("%s: %s — choose the direction (arrow keys)"), name, prompt);
      /* Translators: the status while a move waits for its follow-up: the
       * player, then the choice's prompt. */
      return g_strdup_printf (_("%s: %s — choose at the cell"), name, prompt);
    }
  if (self->legal->len == 1 && legal_at (self, 0)->parts.word >= 0)
    {
      g_autofree char *label = word_label (&self->play->words[legal_at (self, 0)->parts.word]);

      /* Translators: the only legal move is a word such as "Pass". */
      return g_strdup_printf (_("%s has no other move: %s"), name, label);
    }
  if (!is_human_turn (self))
    return g_strdup_printf (_("%s (computer) to move"), name);
  return g_strdup_printf (_("%s to move"), name);
}

char *
bs_play_scene_describe_turn (BsPlayScene *self)
{
  g_autofree char *turn = NULL;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), NULL);

  turn = describe_turn (self);
  /* The computer would play now, but it is paused: say so, or the
   * status would wait for a move that does not come. */
  if (self->computer_paused && !is_human_turn (self)
      && !bs_position_is_over (bs_game_get_position (self->game)))
    /* Translators: the status line while the computer is paused on its
     * turn: %s is the turn, e.g. "White (computer) to move". */
    return g_strdup_printf (_("Paused — %s"), turn);
  return g_steal_pointer (&turn);
}

gboolean
bs_play_scene_submit_orders (BsPlayScene   *self,
                             int            player,
                             const gint16  *targets,
                             GError       **error)
{
  const BsPosition *pos;

  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  g_return_val_if_fail (self->orders_mode, FALSE);
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

/* The cells a turn of the current position names: where its first step
 * takes a piece from, and the last cell a step goes to (flags into cells
 * for each, when given). */
static void
turn_cells (BsPlayScene  *self,
            const BsMove *steps,
            guint         n_steps,
            guint8       *cells,
            int          *from,
            int          *to)
{
  const BsRuleset *rs = scene_rs (self);
  g_autofree BsPosition *pos = bs_position_dup (rs, bs_game_get_position (self->game));

  *from = *to = BS_NO_CELL;
  for (guint i = 0; i < n_steps; i++)
    {
      BsMoveParts parts;

      bs_ruleset_decode_move (rs, pos, steps[i], &parts);
      if (parts.from != BS_NO_CELL)
        {
          if (cells != NULL)
            cells[parts.from] = 1;
          if (*from == BS_NO_CELL)
            *from = parts.from;
        }
      if (parts.to != BS_NO_CELL)
        {
          if (cells != NULL)
            cells[parts.to] = 1;
          *to = parts.to;
        }
      if (i + 1 < n_steps)
        bs_ruleset_apply (rs, pos, steps[i], NULL);
    }
  if (*from == *to)
    *from = BS_NO_CELL;
}

void
bs_play_scene_show_hint (BsPlayScene  *self,
                         const BsMove *steps,
                         guint         n_steps,
                         const gint16 *orders)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  memset (self->hint_cells, 0, self->n_cells);
  self->hint_shown = (steps != NULL && n_steps > 0) || orders != NULL;
  if (orders != NULL)
    {
      memcpy (self->hint_orders, orders, sizeof (gint16) * self->n_cells);
      /* The pieces the hint moves. */
      for (int c = 0; c < self->n_cells; c++)
        if (orders[c] != BS_NO_CELL && orders[c] != c)
          self->hint_cells[c] = 1;
    }
  else
    for (int c = 0; c < self->n_cells; c++)
      self->hint_orders[c] = BS_NO_CELL;
  if (steps != NULL && n_steps > 0)
    turn_cells (self, steps, n_steps, self->hint_cells, &self->hint_from, &self->hint_to);
  else
    self->hint_from = self->hint_to = BS_NO_CELL;
  bs_play_scene_changed (self);
}

void
bs_play_scene_show_computer_move (BsPlayScene  *self,
                                  int           player,
                                  const BsMove *steps,
                                  guint         n_steps)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));
  g_return_if_fail (steps == NULL || player == 1 || player == 2);

  if (steps == NULL || n_steps == 0 || self->orders_mode)
    {
      if (self->computer_player == 0)
        return;
      self->computer_player = 0;
      self->computer_from = self->computer_to = BS_NO_CELL;
    }
  else
    {
      turn_cells (self, steps, n_steps, NULL, &self->computer_from, &self->computer_to);
      self->computer_player = self->computer_to != BS_NO_CELL ? player : 0;
    }
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_get_computer_move (BsPlayScene *self,
                                 int         *from,
                                 int         *to)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);

  if (from != NULL)
    *from = self->computer_player != 0 ? self->computer_from : BS_NO_CELL;
  if (to != NULL)
    *to = self->computer_player != 0 ? self->computer_to : BS_NO_CELL;
  return self->computer_player != 0;
}

void
bs_play_scene_set_computer_paused (BsPlayScene *self,
                                   gboolean     paused)
{
  g_return_if_fail (BS_IS_PLAY_SCENE (self));

  paused = !!paused;
  if (self->computer_paused == paused)
    return;
  self->computer_paused = paused;
  bs_play_scene_changed (self);
}

gboolean
bs_play_scene_get_computer_paused (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return self->computer_paused;
}

gboolean
bs_play_scene_is_human_turn (BsPlayScene *self)
{
  g_return_val_if_fail (BS_IS_PLAY_SCENE (self), FALSE);
  return !bs_position_is_over (bs_game_get_position (self->game)) && is_human_turn (self);
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
