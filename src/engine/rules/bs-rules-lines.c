/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-lines.c: a line program — a placement of one or more kinds
 * (a directed kind placed pointing one of the board's directions), a
 * follow-up choice of a direction, and a <push-lines> along it: in every
 * line of the board along that direction where the mover's score is
 * strictly higher than the opponent's, the pieces move one cell that way
 * and the piece on the edge falls off (docs/RULES-LANGUAGE.md, "The eighth
 * slice").
 *
 * A move is the cell (bits 0-9), the slot (bits 10-12: the kinds placed
 * in written order, a directed kind taking one slot per board direction)
 * and the follow-up (bits 13-15, its rank among the <follow-up>'s
 * directions); the pass is bit 16. Lines are lists of cells, from the edge
 * cell of the push's direction backwards; a line's score is read through a
 * table per follow-up: what each cell value adds to player 1's lead. No
 * derived bytes: every hook reads the cells. */
#define G_LOG_DOMAIN "boardsmith-rules"

#include "config.h"

#include "bs-rules-lines.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-bitboard.h"
#include "bs-error.h"
#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-rules-program.h"
#include "bs-variant.h"

#define LP_MAX_SLOTS   8
#define LP_MAX_FOLLOW  8
#define LP_MAX_CELLS   1024
#define LP_MAX_ENDS    4
#define LP_PASS        ((BsMove) 1 << 16)
#define LP_MOVE(cell, slot, f) ((BsMove) (cell) | ((BsMove) (slot) << 10) | ((BsMove) (f) << 13))
#define LP_CELL(m)     ((int) ((m) & 0x3FF))
#define LP_SLOT(m)     ((int) (((m) >> 10) & 7))
#define LP_FOLLOW(m)   ((int) (((m) >> 13) & 7))

typedef struct {
  const BsRulesDocument *doc;
  gpointer        owner;
  GDestroyNotify  owner_free;

  const BsRulesStep *place;
  int      n_kinds;                    /* of the game */
  int      n_slots;
  int      slot_kind[LP_MAX_SLOTS];
  int      slot_dir[LP_MAX_SLOTS];     /* a board direction, or -1 */
  int      n_follow;
  int      follow_dir[LP_MAX_FOLLOW];  /* the board's direction of each follow-up */
  gboolean gaps;
  /* Per follow-up: its lines, each from the edge cell backwards, as a
   * run of `cells` from line_start[f][l] of line_length[f][l] cells. */
  int      n_lines[LP_MAX_FOLLOW];
  int     *line_start[LP_MAX_FOLLOW];
  int     *line_length[LP_MAX_FOLLOW];
  gint16  *cells[LP_MAX_FOLLOW];
  gint16   lead[LP_MAX_FOLLOW][BS_CELL_VALUES];   /* player 1's points minus player 2's */
  const BsRulesEnd *ends[LP_MAX_ENDS];
  int      n_ends;
} Lp;

/* ---- Moves ---- */

/* The slots of kinds the player to move has in hand, as bits. */
static inline int
lp_in_hand (const Lp *lp, const BsPosition *pos)
{
  int mask = 0;

  for (int s = 0; s < lp->n_slots; s++)
    mask |= (pos->supply[pos->to_move - 1][lp->slot_kind[s]] > 0) << s;
  return mask;
}

static inline int
lp_empty_cells (const BsRuleset *rs, const BsPosition *pos)
{
  return rs->n_cells - bs_position_pieces (pos, 1) - bs_position_pieces (pos, 2);
}

static inline guint8
lp_value (const Lp *lp, int player, int slot)
{
  return BS_CELL_MAKE (player, lp->slot_kind[slot], MAX (lp->slot_dir[slot], 0));
}

static guint
lp_generate (const BsRuleset  *rs,
             const BsPosition *pos,
             BsMove           *moves)
{
  const Lp *lp = rs->module_data;
  int hand = lp_in_hand (lp, pos);
  guint n = 0;

  if (hand == 0)
    {
      if (lp->doc->pass_when_no_move && lp_empty_cells (rs, pos) > 0)
        moves[n++] = LP_PASS;
      return n;
    }
  /* Cell order; on each cell the slots in order; for each its follow-ups. */
  for (int c = 0; c < rs->n_cells; c++)
    {
      if (pos->cells[c] != BS_CELL_EMPTY)
        continue;
      for (int s = 0; s < lp->n_slots; s++)
        if (hand >> s & 1)
          for (int f = 0; f < lp->n_follow; f++)
            moves[n++] = LP_MOVE (c, s, f);
    }
  if (n == 0 && lp->doc->pass_when_no_move)
    moves[n++] = LP_PASS;
  return n;
}

/* The target-th (from 0) empty cell, eight cells at a time (the high bit
 * of each byte of `occupied` set for a non-empty cell). */
BS_FORCE_INLINE static inline int
lp_nth_empty (const BsRuleset *rs, const BsPosition *pos, int target)
{
  const guint64 low7 = G_GUINT64_CONSTANT (0x7F7F7F7F7F7F7F7F);
  const guint64 high = G_GUINT64_CONSTANT (0x8080808080808080);
  int cell = 0;

  for (; cell + 8 <= rs->n_cells; cell += 8)
    {
      guint64 word, occupied;
      int empties;

      memcpy (&word, pos->cells + cell, sizeof word);
      occupied = (((word & low7) + low7) | word) & high;
      empties = 8 - bs_popcount (occupied);
      if (target < empties)
        break;
      target -= empties;
    }
  for (;; cell++)
    if (pos->cells[cell] == BS_CELL_EMPTY && target-- == 0)
      return cell;
}

/* Every move is (empty cell, slot in hand, follow-up), all distinct: a
 * uniform pick over that product, follow-up fastest, then the slot (in
 * kernels: the empty cells are counted with POPCNT where there is one). */
BS_FORCE_INLINE static inline BsMove
lp_random_move_body (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsRng            *rng,
                     BsMove           *scratch,
                     int               words)
{
  const Lp *lp = rs->module_data;
  int hand = lp_in_hand (lp, pos);
  int n_hand = bs_popcount ((guint64) hand), n_empty = lp_empty_cells (rs, pos);
  int pick, f, rank, slot;

  (void) scratch;
  (void) words;
  if (hand == 0 || n_empty == 0)
    return LP_PASS;
  pick = (int) bs_rng_below (rng, (guint32) (n_empty * n_hand * lp->n_follow));
  f = pick % lp->n_follow;
  pick /= lp->n_follow;
  rank = pick % n_hand;
  pick /= n_hand;
  for (slot = 0;; slot++)
    if ((hand >> slot & 1) && rank-- == 0)
      break;
  return LP_MOVE (lp_nth_empty (rs, pos, pick), slot, f);
}

BS_BITOPS_KERNELS (BsMove, lp_random_move,
                   (const BsRuleset *rs, const BsPosition *pos, BsRng *rng, BsMove *scratch),
                   rs, pos, rng, scratch)

static BsMove
lp_random_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsRng            *rng,
                BsMove           *scratch)
{
  return rs->random_move (rs, pos, rng, scratch);
}

/* ---- The push ---- */

static inline void
lp_push_whole (const BsRuleset *rs, BsPosition *pos, const gint16 *line, int length,
               BsUndo *undo)
{
  for (int i = 0; i < length - 1; i++)
    bs_position_write_cell (rs->zobrist, pos, line[i], pos->cells[line[i + 1]], undo);
  bs_position_write_cell (rs->zobrist, pos, line[length - 1], BS_CELL_EMPTY, undo);
}

/* Judged on the line before the push: a piece moves when the cell ahead
 * of it is empty or off the board. From the edge, the cell ahead of the
 * current one is written already, so its old value is carried. */
static inline void
lp_push_gaps (const BsRuleset *rs, BsPosition *pos, const gint16 *line, int length,
              BsUndo *undo)
{
  gboolean room = TRUE;

  for (int i = 0; i < length; i++)
    {
      guint8 value = pos->cells[line[i]];

      if (value != BS_CELL_EMPTY && room)
        {
          if (i > 0)
            bs_position_write_cell (rs->zobrist, pos, line[i - 1], value, undo);
          bs_position_write_cell (rs->zobrist, pos, line[i], BS_CELL_EMPTY, undo);
        }
      room = value == BS_CELL_EMPTY;
    }
}

/* The lines along follow-up f where `player` scores strictly higher move. */
static void
lp_push (const BsRuleset *rs, BsPosition *pos, int player, int f, BsUndo *undo)
{
  const Lp *lp = rs->module_data;
  const gint16 *lead = lp->lead[f];
  int sign = player == 1 ? 1 : -1;

  for (int l = 0; l < lp->n_lines[f]; l++)
    {
      const gint16 *line = lp->cells[f] + lp->line_start[f][l];
      int length = lp->line_length[f][l], sum = 0;

      for (int i = 0; i < length; i++)
        sum += lead[pos->cells[line[i]]];
      if (sum * sign <= 0)
        continue;
      if (lp->gaps)
        lp_push_gaps (rs, pos, line, length, undo);
      else
        lp_push_whole (rs, pos, line, length, undo);
    }
}

/* ---- Ends ---- */

static int
lp_supply_total (const Lp *lp, const BsPosition *pos, int player)
{
  int n = 0;

  for (int k = 0; k < lp->n_kinds; k++)
    n += pos->supply[player - 1][k];
  return n;
}

/* The first end that holds, or NULL. */
static const BsRulesEnd *
lp_end_reached (const BsRuleset *rs, const BsPosition *pos)
{
  const Lp *lp = rs->module_data;

  for (int i = 0; i < lp->n_ends; i++)
    {
      const BsRulesEnd *e = lp->ends[i];

      if (e->kind == BS_RULES_END_ALL_PLACED
          ? lp_supply_total (lp, pos, 1) == 0 && lp_supply_total (lp, pos, 2) == 0
          : lp_empty_cells (rs, pos) == 0)
        return e;
    }
  return NULL;
}

static void
lp_check_end (const BsRuleset *rs, BsPosition *pos)
{
  const BsRulesEnd *e = lp_end_reached (rs, pos);
  int p1, p2;

  if (e == NULL)
    return;
  p1 = bs_position_pieces (pos, 1);
  p2 = bs_position_pieces (pos, 2);
  if (e->result == BS_RULES_RESULT_DRAW || p1 == p2)
    pos->result = BS_RESULT_DRAW;
  else
    pos->result = (p1 > p2) == (e->result == BS_RULES_RESULT_MOST_PIECES) ? BS_RESULT_WIN_1
                                                                          : BS_RESULT_WIN_2;
}

static void
lp_setup (const BsRuleset *rs,
          BsPosition      *pos,
          guint64          seed)
{
  lp_check_end (rs, pos);
}

static void
lp_apply (const BsRuleset *rs,
          BsPosition      *pos,
          BsMove           move,
          BsUndo          *undo)
{
  const Lp *lp = rs->module_data;
  int player = pos->to_move;

  if (move != LP_PASS)
    {
      int cell = LP_CELL (move), slot = LP_SLOT (move);
      int kind = lp->slot_kind[slot];

      g_assert (cell < rs->n_cells && pos->cells[cell] == BS_CELL_EMPTY);
      g_assert (pos->supply[player - 1][kind] > 0);
      bs_position_replace_cell (rs->zobrist, pos, cell, BS_CELL_EMPTY,
                                lp_value (lp, player, slot), undo);
      pos->supply[player - 1][kind]--;
      lp_push (rs, pos, player, LP_FOLLOW (move), undo);
    }
  pos->ply++;
  pos->to_move = (guint8) (3 - player);
  lp_check_end (rs, pos);
}

/* ---- Compiling ---- */

static void
lp_free (gpointer data)
{
  Lp *lp = data;

  if (lp == NULL)
    return;
  for (int f = 0; f < LP_MAX_FOLLOW; f++)
    {
      g_free (lp->line_start[f]);
      g_free (lp->line_length[f]);
      g_free (lp->cells[f]);
    }
  if (lp->owner_free != NULL)
    lp->owner_free (lp->owner);
  g_free (lp);
}

static int
lp_board_dir (const BsRuleset *rs, const char *name)
{
  for (int d = 0; d < rs->n_dirs; d++)
    if (g_ascii_strcasecmp (bs_board_dir_name (rs->board, d), name) == 0)
      return d;
  return -1;
}

/* The direction opposite d: the one that leads back from a neighbour. */
static int
lp_opposite (const BsRuleset *rs, int d)
{
  for (int c = 0; c < rs->n_cells; c++)
    {
      int n = rs->neighbours[c * rs->n_dirs + d];

      if (n < 0)
        continue;
      for (int o = 0; o < rs->n_dirs; o++)
        if (rs->neighbours[n * rs->n_dirs + o] == c)
          return o;
    }
  return -1;
}

/* The lines along direction d: from each edge cell (no neighbour in d)
 * backwards. */
static gboolean
lp_lines (const BsRuleset *rs, Lp *lp, int f, int d)
{
  int back = lp_opposite (rs, d), n = 0;

  if (back < 0)
    return FALSE;
  lp->line_start[f] = g_new0 (int, rs->n_cells);
  lp->line_length[f] = g_new0 (int, rs->n_cells);
  lp->cells[f] = g_new0 (gint16, rs->n_cells);
  for (int c = 0; c < rs->n_cells; c++)
    {
      int l = lp->n_lines[f];

      if (rs->neighbours[c * rs->n_dirs + d] >= 0)
        continue;
      lp->line_start[f][l] = n;
      for (int cell = c; cell >= 0; cell = rs->neighbours[cell * rs->n_dirs + back])
        lp->cells[f][n++] = (gint16) cell;
      lp->line_length[f][l] = n - lp->line_start[f][l];
      lp->n_lines[f]++;
    }
  return n == rs->n_cells;
}

gboolean
bs_rules_lines_prepare (BsRuleset              *rs,
                        const BsRulesDocument  *doc,
                        gpointer                owner,
                        GDestroyNotify          owner_free,
                        GError                **error)
{
  Lp *lp = g_new0 (Lp, 1);
  const BsRulesStep *place = &g_array_index (doc->steps, BsRulesStep, 0);
  const BsBoardSpec *spec = bs_board_get_spec (rs->board);
  int mode;

  lp->doc = doc;
  lp->owner = owner;
  lp->owner_free = owner_free;
  lp->place = place;
  rs->module_data = lp;
  lp->n_kinds = (int) doc->kinds->len;
  if (rs->n_cells > LP_MAX_CELLS || spec->shape != BS_SHAPE_SQUARE
      || rs->n_cells != spec->width * spec->height)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("%s: pushes of lines are played on a square board without holes of at "
                     "most %d cells"), doc->filename, LP_MAX_CELLS);
      return FALSE;
    }
  for (int i = 0; i < place->n_pieces; i++)
    {
      int k = place->pieces[i];
      gboolean directed = g_array_index (doc->kinds, BsKindSpec, k).directed;

      for (int d = 0; d < (directed ? rs->n_dirs : 1); d++)
        {
          if (lp->n_slots == LP_MAX_SLOTS)
            {
              g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                           _("%s:%d: more than %d kinds and directions to place"),
                           doc->filename, place->line, LP_MAX_SLOTS);
              return FALSE;
            }
          lp->slot_kind[lp->n_slots] = k;
          lp->slot_dir[lp->n_slots++] = directed ? d : -1;
        }
    }
  for (int i = 0; i < place->n_follow_dirs; i++)
    {
      int d = lp_board_dir (rs, place->follow_dirs[i].name);

      if (d < 0 || lp->n_follow == LP_MAX_FOLLOW || !lp_lines (rs, lp, lp->n_follow, d))
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                       _("%s:%d: <follow-up> attribute \"dirs\": \"%s\" is no direction of "
                         "this board"), doc->filename, place->line, place->follow_dirs[i].name);
          return FALSE;
        }
      lp->follow_dir[lp->n_follow++] = d;
    }
  mode = place->lines_mode_option >= 0 ? rs->options[place->lines_mode_option]
                                       : place->lines_mode;
  if (place->lines_mode_option >= 0)
    {
      GStrv choices = g_ptr_array_index (doc->option_choices, place->lines_mode_option);

      mode = g_str_equal (choices[mode], "gaps") ? 1 : 0;
    }
  lp->gaps = mode == 1;
  for (int f = 0; f < lp->n_follow; f++)
    for (int v = 0; v < BS_CELL_VALUES; v++)
      {
        int owner_of = BS_CELL_OWNER (v), points = 0;

        if (owner_of != 1 && owner_of != 2)
          continue;
        for (int i = 0; i < place->n_scores; i++)
          if (place->score_piece[i] == BS_CELL_KIND (v)
              && (!place->score_pointing[i] || BS_CELL_DIR (v) == lp->follow_dir[f]))
            points += bs_rules_number_value (&place->score_points[i], rs->options);
        lp->lead[f][v] = (gint16) (owner_of == 1 ? points : -points);
      }
  for (guint i = 0; i < doc->ends->len; i++)
    {
      const BsRulesEnd *e = &g_array_index (doc->ends, BsRulesEnd, i);

      if (!bs_rules_condition_holds (&e->cond, rs->options))
        continue;
      if ((e->kind != BS_RULES_END_ALL_PLACED && e->kind != BS_RULES_END_FULL)
          || (e->result != BS_RULES_RESULT_MOST_PIECES && e->result != BS_RULES_RESULT_FEWEST_PIECES
              && e->result != BS_RULES_RESULT_DRAW)
          || lp->n_ends == LP_MAX_ENDS)
        {
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                       _("%s:%d: a game of line pushes ends by <all-placed> or <full>, with "
                         "most-pieces, fewest-pieces or draw, for now"), doc->filename, e->line);
          return FALSE;
        }
      lp->ends[lp->n_ends++] = e;
    }
  rs->max_moves = (guint) rs->n_cells * (guint) lp->n_slots * (guint) lp->n_follow + 1;
  rs->max_changes = (guint) rs->n_cells + 1;
  rs->random_move = BS_BITOPS_PICK (lp_random_move, 1);
  return TRUE;
}

/* ---- The other hooks ---- */

static void
lp_free_data (gpointer module_data)
{
  lp_free (module_data);
}

static void
lp_measure (const BsRuleset  *rs,
            const BsPosition *pos,
            int               values[][2])
{
  const Lp *lp = rs->module_data;

  for (guint i = 0; i < lp->doc->measures->len; i++)
    {
      const BsRulesMeasure *m = &g_array_index (lp->doc->measures, BsRulesMeasure, i);

      for (int p = 0; p < 2; p++)
        values[i][p] = m->kind == BS_RULES_MEASURE_PIECES ? bs_position_pieces (pos, p + 1) : 0;
    }
}

/* The scores: the pieces on the board, what the ends count. */
static void
lp_scores (const BsRuleset  *rs,
           const BsPosition *pos,
           int               scores[2])
{
  scores[0] = bs_position_pieces (pos, 1);
  scores[1] = bs_position_pieces (pos, 2);
}

static BsEnding
lp_ending (const BsRuleset  *rs,
           const BsPosition *pos)
{
  const BsRulesEnd *e = lp_end_reached (rs, pos);

  if (e == NULL)
    return BS_ENDING_NONE;
  return e->kind == BS_RULES_END_ALL_PLACED ? BS_ENDING_ALL_PLACED : BS_ENDING_BOARD_FULL;
}

/* The end's sentence, with {ID1} and {ID2} each measure's values. */
static void
lp_describe_ending (const BsRuleset  *rs,
                    const BsPosition *pos,
                    BsEnding          ending,
                    GString          *out)
{
  const Lp *lp = rs->module_data;
  const BsRulesEnd *e = lp_end_reached (rs, pos);
  g_autoptr(GString) s = g_string_new (NULL);
  int values[BS_MAX_MEASURES][2];

  if (e == NULL || e->sentence == NULL)
    return;
  bs_rules_program_fill_text (rs, e->sentence, 3 - pos->to_move, NULL, NULL, s);
  lp_measure (rs, pos, values);
  for (guint i = 0; i < lp->doc->measures->len && strchr (s->str, '{') != NULL; i++)
    for (int p = 0; p < 2; p++)
      {
        g_autofree char *name = g_strdup_printf ("{%s%d}",
                                                 g_array_index (lp->doc->measures,
                                                                BsRulesMeasure, i).id, p + 1);
        g_autofree char *value = g_strdup_printf ("%d", values[i][p]);

        g_string_replace (s, name, value, 0);
      }
  g_string_append (out, s->str);
}

/* A board direction's name in capitals ("N", "NE"). */
static void
lp_append_dir (const BsRuleset *rs, int d, GString *out)
{
  for (const char *p = bs_board_dir_name (rs->board, d); *p != '\0'; p++)
    g_string_append_c (out, g_ascii_toupper (*p));
}

/* A board direction as a word ("north"), its capitals for the others. */
static void
lp_dir_word (const BsRuleset *rs, int d, GString *out)
{
  static const char * const words[][2] = {
    { "n", N_("north") }, { "e", N_("east") }, { "s", N_("south") }, { "w", N_("west") },
  };

  for (guint i = 0; i < G_N_ELEMENTS (words); i++)
    if (g_str_equal (bs_board_dir_name (rs->board, d), words[i][0]))
      {
        g_string_append (out, _(words[i][1]));
        return;
      }
  lp_append_dir (rs, d, out);
}

static gboolean
lp_move_ok (const BsRuleset *rs, BsMove move)
{
  const Lp *lp = rs->module_data;

  return move == LP_PASS
         || ((move >> 16) == 0 && LP_CELL (move) < rs->n_cells && LP_SLOT (move) < lp->n_slots
             && LP_FOLLOW (move) < lp->n_follow);
}

static void
lp_format_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                GString          *out)
{
  const Lp *lp = rs->module_data;
  int slot = LP_SLOT (move);

  if (move == LP_PASS)
    {
      g_string_append (out, "pass");
      return;
    }
  if (!lp_move_ok (rs, move))
    {
      g_string_append_printf (out, "?%u", (guint) move);
      return;
    }
  g_string_append (out, lp->doc->kind_letters->pdata[lp->slot_kind[slot]]);
  if (lp->slot_dir[slot] >= 0)
    lp_append_dir (rs, lp->slot_dir[slot], out);
  g_string_append_c (out, '@');
  g_string_append (out, bs_board_cell_label (rs->board, LP_CELL (move)));
  g_string_append_c (out, '/');
  lp_append_dir (rs, lp->follow_dir[LP_FOLLOW (move)], out);
}

static gboolean
lp_malformed (const BsRuleset *rs, GError **error)
{
  const Lp *lp = rs->module_data;
  g_autoptr(GString) example = g_string_new (NULL);

  lp_format_move (rs, NULL, LP_MOVE (0, 0, 0), example);
  g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
               /* Translators: "expected a kind's letter (and its direction), @, a cell, / and a
                * direction, as in C@a1/N" */
               _("expected a kind’s letter (and its direction), @, a cell, / and a direction, "
                 "as in %s"), example->str);
  (void) lp;
  return FALSE;
}

static gboolean
lp_parse_move (const BsRuleset  *rs,
               const BsPosition *pos,
               const char       *text,
               BsMove           *move,
               GError          **error)
{
  const Lp *lp = rs->module_data;
  const char *at = strchr (text, '@'), *slash;
  g_autofree char *label = NULL;
  gboolean is_hole = FALSE;
  int slot = -1, follow = -1, cell;

  if (g_str_equal (text, "pass") && lp->doc->pass_when_no_move)
    {
      *move = LP_PASS;
      return TRUE;
    }
  if (at == NULL || (slash = strchr (at, '/')) == NULL || slash == at + 1)
    return lp_malformed (rs, error);
  for (int s = 0; s < lp->n_slots && slot < 0; s++)
    {
      g_autoptr(GString) head = g_string_new (lp->doc->kind_letters->pdata[lp->slot_kind[s]]);

      if (lp->slot_dir[s] >= 0)
        lp_append_dir (rs, lp->slot_dir[s], head);
      if (head->len == (gsize) (at - text) && strncmp (text, head->str, head->len) == 0)
        slot = s;
    }
  for (int f = 0; f < lp->n_follow && follow < 0; f++)
    {
      g_autoptr(GString) dir = g_string_new (NULL);

      lp_append_dir (rs, lp->follow_dir[f], dir);
      if (g_str_equal (slash + 1, dir->str))
        follow = f;
    }
  if (slot < 0 || follow < 0)
    return lp_malformed (rs, error);
  label = g_strndup (at + 1, (gsize) (slash - at - 1));
  cell = bs_board_find_cell (rs->board, label, &is_hole);
  if (cell == BS_NO_CELL)
    {
      if (is_hole)
        g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                     _("%s is a hole in this board"), label);
      else
        g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                     _("there is no cell %s on this board"), label);
      return FALSE;
    }
  *move = LP_MOVE (cell, slot, follow);
  return TRUE;
}

/* Why a move is refused (NULL: it is legal). */
static char *
lp_explain (const BsRuleset  *rs,
            const BsPosition *pos,
            BsMove            move)
{
  const Lp *lp = rs->module_data;
  int hand = lp_in_hand (lp, pos);

  if (bs_position_is_over (pos))
    return g_strdup (_("the game is over"));
  if (!lp_move_ok (rs, move))
    return g_strdup (_("this is no move of this game"));
  if (move == LP_PASS)
    return hand != 0 ? g_strdup (_("you still have pieces to place, so you cannot pass"))
                     : NULL;
  if (hand == 0)
    return g_strdup (_("you have no pieces left, so you must pass"));
  if (!(hand >> LP_SLOT (move) & 1))
    /* Translators: "you have no piece of the kind “Large” left" */
    return g_strdup_printf (_("you have no piece of the kind “%s” left"),
                            _(g_array_index (lp->doc->kinds, BsKindSpec,
                                             lp->slot_kind[LP_SLOT (move)]).label));
  if (pos->cells[LP_CELL (move)] != BS_CELL_EMPTY)
    return g_strdup_printf (_("%s is occupied"),
                            bs_board_cell_label (rs->board, LP_CELL (move)));
  return NULL;
}

static void
lp_decode_move (const BsRuleset  *rs,
                const BsPosition *pos,
                BsMove            move,
                BsMoveParts      *parts)
{
  const Lp *lp = rs->module_data;

  if (move == LP_PASS)
    {
      parts->word = 0;
      return;
    }
  parts->to = LP_CELL (move);
  parts->kind = lp->slot_kind[LP_SLOT (move)];
  parts->direction = lp->slot_dir[LP_SLOT (move)];
  parts->follow_up = LP_FOLLOW (move);
}

static gboolean
lp_encode_move (const BsRuleset   *rs,
                const BsPosition  *pos,
                const BsMoveParts *parts,
                BsMove            *move)
{
  const Lp *lp = rs->module_data;

  if (parts->word == 0 && lp->doc->pass_when_no_move)
    {
      *move = LP_PASS;
      return TRUE;
    }
  if (parts->word >= 0 || parts->from != BS_NO_CELL || parts->to < 0 || parts->to >= rs->n_cells
      || parts->follow_up < 0 || parts->follow_up >= lp->n_follow)
    return FALSE;
  for (int s = 0; s < lp->n_slots; s++)
    if (lp->slot_kind[s] == parts->kind
        && (lp->slot_dir[s] < 0 || lp->slot_dir[s] == parts->direction))
      {
        *move = LP_MOVE (parts->to, s, parts->follow_up);
        return TRUE;
      }
  return FALSE;
}

/* The designer's explain move= ({mover}, {to}, {piece}: the kind's label in
 * lower case, {dir}: the follow-up's direction), then a line per piece that
 * fell off the board. */
static void
lp_explain_turn (const BsRuleset   *rs,
                 const BsPosition  *before,
                 const BsMove      *steps,
                 guint              n_steps,
                 BsTurnExplanation *out)
{
  const Lp *lp = rs->module_data;
  BsMove move = steps[0];
  int slot = LP_SLOT (move);
  g_autofree BsPosition *placed = NULL;
  g_autofree BsPosition *after = NULL;
  g_autofree char *piece = NULL;
  g_autoptr(GString) summary = g_string_new (NULL);
  g_autoptr(GString) dir = g_string_new (NULL);

  if (move == LP_PASS)
    {
      bs_rules_program_fill_text (rs, lp->doc->explain_pass, before->to_move, NULL, NULL,
                                  out->summary);
      return;
    }
  piece = g_utf8_strdown (_(g_array_index (lp->doc->kinds, BsKindSpec,
                                           lp->slot_kind[slot]).label), -1);
  lp_dir_word (rs, lp->follow_dir[LP_FOLLOW (move)], dir);
  bs_rules_program_fill_text (rs, lp->doc->explain_move, before->to_move, NULL,
                              bs_board_cell_label (rs->board, LP_CELL (move)), summary);
  g_string_replace (summary, "{piece}", piece, 0);
  g_string_replace (summary, "{dir}", dir->str, 0);
  g_string_append (out->summary, summary->str);

  placed = bs_position_dup (rs, before);
  bs_position_set_cell (rs->zobrist, placed, LP_CELL (move),
                        lp_value (lp, before->to_move, slot), NULL);
  after = bs_position_dup (rs, placed);
  lp_push (rs, after, before->to_move, LP_FOLLOW (move), NULL);
  /* A line moved where a cell changed; its edge piece then fell off. */
  for (int l = 0; l < lp->n_lines[LP_FOLLOW (move)]; l++)
    {
      int f = LP_FOLLOW (move);
      const gint16 *line = lp->cells[f] + lp->line_start[f][l];
      gboolean moved = FALSE;

      for (int i = 0; i < lp->line_length[f][l]; i++)
        moved |= placed->cells[line[i]] != after->cells[line[i]];
      if (!moved || placed->cells[line[0]] == BS_CELL_EMPTY)
        continue;
      if (before->cells[line[0]] != BS_CELL_EMPTY)
        out->removed[line[0]] = 1;
      /* Translators: "The piece on d8 falls off the board." */
      g_string_append_printf (out->details, _("The piece on %s falls off the board."),
                              bs_board_cell_label (rs->board, line[0]));
      g_string_append_c (out->details, '\n');
    }
}

static void
lp_describe_rules (const BsRuleset *rs,
                   GString         *rules,
                   GString         *goal)
{
  const Lp *lp = rs->module_data;

  bs_rules_program_describe_texts (rs, lp->doc, rules, goal);
}

void
bs_rules_lines_fill_module (BsModule *module)
{
  module->free_data = lp_free_data;
  module->setup = lp_setup;
  module->generate = lp_generate;
  module->random_move = lp_random_move;
  module->apply = lp_apply;
  module->scores = lp_scores;
  module->measure = lp_measure;
  module->ending = lp_ending;
  module->describe_ending = lp_describe_ending;
  module->format_move = lp_format_move;
  module->parse_move = lp_parse_move;
  module->explain = lp_explain;
  module->decode_move = lp_decode_move;
  module->encode_move = lp_encode_move;
  module->explain_turn = lp_explain_turn;
  module->describe_rules = lp_describe_rules;
}
