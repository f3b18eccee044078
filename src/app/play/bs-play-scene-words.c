/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-scene-words.c: the scene in words: a move as the player would
 * make it, the turn for the status line, and why a move is refused. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-play-scene.h"
#include "bs-play-scene-private.h"

#include <glib/gi18n.h>

#include "bs-cell-widget.h"

/* A word's button label without its mnemonic ("_Pass" → "Pass"). */
char *
bs_play_scene_word_label (const BsWordSpec *word)
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
  const BsModule *module = bs_play_scene_ruleset (self)->module;
  const char *noun = self->play->piece_noun != NULL ? _(self->play->piece_noun) : _("piece");
  g_autoptr(GString) out = g_string_new (NULL);

  if (parts->word >= 0 && (guint) parts->word < self->play->n_words)
    return bs_play_scene_word_label (&self->play->words[parts->word]);
  if (parts->to == BS_NO_CELL)
    return g_strdup (_("pass"));

  if (parts->from != BS_NO_CELL && parts->from != parts->to)
    /* Translators: a move in words: the game's noun for a piece ("stone"),
     * the cell it leaves, the cell it goes to: "move the stone on h7 to g6". */
    g_string_append_printf (out, _("move the %s on %s to %s"), noun,
                            bs_play_scene_cell_label (self, parts->from),
                            bs_play_scene_cell_label (self, parts->to));
  else if (parts->from != BS_NO_CELL)
    /* Translators: an order to stay, e.g. "the piece on c3 defends". */
    g_string_append_printf (out, _("the %s on %s %s"), noun,
                            bs_play_scene_cell_label (self, parts->from),
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
                                bs_play_scene_cell_label (self, parts->to), _(kind->label),
                                bs_direction_name (parts->direction));
      else if (kind != NULL && self->n_kind_choices > 1)
        /* Translators: a placement in words: the game's noun for a piece, the
         * cell and the kind: "place a piece on d4 (Small)". */
        g_string_append_printf (out, _("place a %s on %s (%s)"), noun,
                                bs_play_scene_cell_label (self, parts->to), _(kind->label));
      else
        /* Translators: a placement in words: the game's noun for a piece and
         * the cell: "place a stone on d4". */
        g_string_append_printf (out, _("place a %s on %s"), noun,
                                bs_play_scene_cell_label (self, parts->to));
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

  bs_ruleset_decode_move (bs_play_scene_ruleset (self), pos, move, &parts);
  return describe_parts (self, &parts);
}

/* Says, in the engine's words, why the move made of `parts` is not legal
 * here; `fallback` when the module cannot make that move at all. */
void
bs_play_scene_explain_parts (BsPlayScene       *self,
                             const BsMoveParts *parts,
                             const char        *fallback)
{
  const BsRuleset *rs = bs_play_scene_ruleset (self);
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

      /* The engine words a draw's ending as one ("…: a draw."): "Draw —"
       * before it would say it twice. */
      if (bs_game_get_result (self->game) == BS_RESULT_DRAW)
        return g_steal_pointer (&why);
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
          if (!bs_play_scene_human_to_play (self))
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
  if (self->legal->len == 1 && bs_play_scene_legal_at (self, 0)->parts.word >= 0)
    {
      int word = bs_play_scene_legal_at (self, 0)->parts.word;
      g_autofree char *label = bs_play_scene_word_label (&self->play->words[word]);

      /* Translators: the only legal move is a word such as "Pass". */
      return g_strdup_printf (_("%s has no other move: %s"), name, label);
    }
  if (!bs_play_scene_human_to_play (self))
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
  if (self->computer_paused && !bs_play_scene_human_to_play (self)
      && !bs_position_is_over (bs_game_get_position (self->game)))
    /* Translators: the status line while the computer is paused on its
     * turn: %s is the turn, e.g. "White (computer) to move". */
    return g_strdup_printf (_("Paused — %s"), turn);
  return g_steal_pointer (&turn);
}
