/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-agoraphobia.c: Agoraphobia (RULES.md, seed 000).
 *
 * Players place small or large pieces on a hex board; a placed piece pushes
 * every adjacent piece straight away from it, `push-small` or `push-large`
 * cells, each pushed piece stopping early at the edge, a hole or before an
 * occupied cell. A placement is legal only if some adjacent piece moves the
 * full distance of the placed kind (except during the first
 * `opening-free-placements` plies). The game ends when the player to move
 * cannot place any remaining piece; the larger weighted largest group loses.
 *
 * A move is a cell index with the kind in bits 12-13. There are no passes. */

#define G_LOG_DOMAIN "boardsmith-agoraphobia"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-module.h"
#include "bs-position.h"
#include "bs-ruleset.h"
#include "bs-variant.h"

enum {
  OPT_PUSH_SMALL,
  OPT_PUSH_LARGE,
  OPT_OPENING_FREE,
  OPT_LARGE_WEIGHT,
  OPT_MAX_PLIES,
  N_OPTIONS
};

enum {
  KIND_SMALL,
  KIND_LARGE,
  N_KINDS
};

#define N_HEX_DIRS 6
#define MOVE_KIND_SHIFT 12
#define MOVE_CELL_MASK  0xFFF

static inline BsMove
move_make (int cell, int kind)
{
  return (BsMove) cell | ((BsMove) kind << MOVE_KIND_SHIFT);
}

static inline int
move_cell (BsMove move)
{
  return (int) (move & MOVE_CELL_MASK);
}

static inline int
move_kind (BsMove move)
{
  return (int) ((move >> MOVE_KIND_SHIFT) & 0xF);
}

static const BsOptionSpec agoraphobia_options[N_OPTIONS] = {
  [OPT_PUSH_SMALL] = {
    "push-small", BS_OPTION_INT, 1, 6, 1, NULL,
    N_("Small push distance"),
    N_("How many cells a placed small piece pushes its neighbours"),
  },
  [OPT_PUSH_LARGE] = {
    "push-large", BS_OPTION_INT, 1, 6, 2, NULL,
    N_("Large push distance"),
    N_("How many cells a placed large piece pushes its neighbours"),
  },
  [OPT_OPENING_FREE] = {
    "opening-free-placements", BS_OPTION_INT, 0, 20, 2, NULL,
    N_("Free opening placements"),
    N_("Plies at the start whose placement need not push any piece"),
  },
  [OPT_LARGE_WEIGHT] = {
    "large-weight", BS_OPTION_INT, 1, 10, 2, NULL,
    N_("Large piece weight"),
    N_("What a large piece counts in the size of a group"),
  },
  [OPT_MAX_PLIES] = {
    "max-plies", BS_OPTION_INT, 0, 100000, 0, NULL,
    N_("Move limit"),
    N_("Plies after which the game ends as a draw (0: no limit)"),
  },
};

static const BsKindSpec agoraphobia_kinds[N_KINDS] = {
  [KIND_SMALL] = { "small", N_("Small"), FALSE, 10 },
  [KIND_LARGE] = { "large", N_("Large"), FALSE, 5 },
};

static const char * const kind_letters[N_KINDS] = { "S", "L" };

static int
push_distance (const BsRuleset *rs,
               int              kind)
{
  return kind == KIND_LARGE ? rs->options[OPT_PUSH_LARGE] : rs->options[OPT_PUSH_SMALL];
}

/* Boards whose grid, padded with one guard column, fits in 64 bits (the
 * default 7×7 rhombus, hexagons up to side 4) find their legal placements
 * with bitboards: bit `row * stride + col`, stride = columns + 1, so that
 * every hex direction is a constant shift and the guard column (never a
 * cell) stops rays at the left and right edges. Larger boards walk the
 * neighbour table (mark_legal); explain() always does, and the tests
 * compare the two. */
typedef struct {
  gboolean bitboard;
  int      shift[N_HEX_DIRS];     /* bit offset to the neighbour, per direction */
  guint64  valid;                 /* bits that are cells (not holes, not guards) */
  guint8   bit_of_cell[64];
  gint16   cell_of_bit[64];
} AgoraphobiaData;

static void
prepare_bitboard (BsRuleset       *rs,
                  AgoraphobiaData *data)
{
  int cols = bs_board_n_cols (rs->board);
  int rows = bs_board_n_rows (rs->board);
  int stride = cols + 1;
  const int shift[N_HEX_DIRS] = { 1, stride + 1, stride, -1, -(stride + 1), -stride };

  if (rs->n_cells > 64 || (rows - 1) * stride + cols > 64)
    return;

  for (int b = 0; b < 64; b++)
    data->cell_of_bit[b] = BS_NO_CELL;
  for (int c = 0; c < rs->n_cells; c++)
    {
      int bit = bs_board_cell_row (rs->board, c) * stride + bs_board_cell_col (rs->board, c);

      data->bit_of_cell[c] = (guint8) bit;
      data->cell_of_bit[bit] = (gint16) c;
      data->valid |= G_GUINT64_CONSTANT (1) << bit;
    }
  memcpy (data->shift, shift, sizeof shift);

  /* The shifts must say what the board's neighbour table says; if the
   * geometry ever disagrees, the neighbour table wins (and tests see the
   * warning). */
  for (int c = 0; c < rs->n_cells; c++)
    for (int d = 0; d < N_HEX_DIRS; d++)
      {
        int b = data->bit_of_cell[c] + shift[d];
        int expected = b >= 0 && b < 64 ? data->cell_of_bit[b] : BS_NO_CELL;

        if (rs->neighbours[c * N_HEX_DIRS + d] != expected)
          {
            g_warning ("hex neighbours of cell %d do not match the bitboard layout", c);
            return;
          }
      }
  data->bitboard = TRUE;
}

static gboolean
agoraphobia_prepare (BsRuleset  *rs,
                     GError    **error)
{
  AgoraphobiaData *data;

  if (rs->n_dirs != N_HEX_DIRS)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Agoraphobia is played on a hex board, not on a board with %d directions"),
                   rs->n_dirs);
      return FALSE;
    }
  if (rs->n_cells > MOVE_CELL_MASK)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                   _("Agoraphobia boards have at most %d cells, not %d"),
                   MOVE_CELL_MASK, rs->n_cells);
      return FALSE;
    }
  data = g_new0 (AgoraphobiaData, 1);
  prepare_bitboard (rs, data);
  rs->module_data = data;
  rs->max_moves = (guint) rs->n_cells * N_KINDS;
  /* The placed cell, then one piece off and onto a cell per direction. */
  rs->max_changes = 1 + 2 * N_HEX_DIRS;
  return TRUE;
}

static void
agoraphobia_free_data (gpointer module_data)
{
  g_free (module_data);
}

/* Number of empty cells beyond `cell` along `dir`, stopping at the edge, a
 * hole or an occupied cell, counting at most `limit`. */
static inline int
free_run (const gint16 *neighbours,
          const guint8 *cells,
          int           cell,
          int           dir,
          int           limit)
{
  int run = 0;

  while (run < limit)
    {
      int next = neighbours[cell * N_HEX_DIRS + dir];

      if (next < 0 || cells[next] != BS_CELL_EMPTY)
        break;
      cell = next;
      run++;
    }
  return run;
}

static inline gboolean
is_free_ply (const BsRuleset  *rs,
             const BsPosition *pos)
{
  return pos->ply < (guint32) rs->options[OPT_OPENING_FREE];
}

/* Which kinds are legal on each empty cell: bit (1 << kind) in legal[cell].
 * Worked from the pieces: the piece on `n` moves `run` cells if placed on
 * the empty cell behind it, so that cell is legal for every kind whose
 * distance is at most run. Returns the number of (cell, kind) pairs. */
static guint
mark_legal (const BsRuleset  *rs,
            const BsPosition *pos,
            const int         kinds_mask,
            guint8           *legal)
{
  const guint8 *cells = pos->cells;
  const gint16 *neighbours = rs->neighbours;
  int ds = rs->options[OPT_PUSH_SMALL];
  int dl = rs->options[OPT_PUSH_LARGE];
  int limit = MAX (ds, dl);
  guint count = 0;

  memset (legal, 0, (gsize) rs->n_cells);

  if (is_free_ply (rs, pos))
    {
      for (int c = 0; c < rs->n_cells; c++)
        if (cells[c] == BS_CELL_EMPTY)
          {
            legal[c] = (guint8) kinds_mask;
            count++;
          }
      return count * (guint) (kinds_mask == 3 ? 2 : 1);
    }

  for (int n = 0; n < rs->n_cells; n++)
    {
      if (cells[n] == BS_CELL_EMPTY)
        continue;
      for (int d = 0; d < N_HEX_DIRS; d++)
        {
          int behind = neighbours[n * N_HEX_DIRS + (d + 3) % N_HEX_DIRS];
          int run, mask;

          if (behind < 0 || cells[behind] != BS_CELL_EMPTY
              || (legal[behind] & kinds_mask) == kinds_mask)
            continue;
          run = free_run (neighbours, cells, n, d, limit);
          mask = ((run >= ds) << KIND_SMALL) | ((run >= dl) << KIND_LARGE);
          mask &= kinds_mask & ~legal[behind];
          if (mask != 0)
            {
              legal[behind] |= (guint8) mask;
              count += (guint) ((mask & 1) + (mask >> 1));
            }
        }
    }
  return count;
}

static int
available_kinds (const BsPosition *pos,
                 int               player)
{
  return (pos->supply[player - 1][KIND_SMALL] > 0 ? 1 << KIND_SMALL : 0)
       | (pos->supply[player - 1][KIND_LARGE] > 0 ? 1 << KIND_LARGE : 0);
}

/* Bit c of the result is bit c + s of x: "the cell s away is in x". Bits
 * shifted in from outside the word are 0: off the board. */
static inline guint64
toward (guint64 x,
        int     s)
{
  return s >= 0 ? x >> s : x << -s;
}

/* The legal placements of the player to move as bitboards, one per kind
 * (0 for a kind the player has none of). A cell is legal for distance k in
 * direction d when it is empty, its neighbour c + s is occupied and the k
 * cells beyond, c + 2s .. c + (k + 1)s, are empty cells. */
static void
bitboard_legal (const BsRuleset       *rs,
                const AgoraphobiaData *data,
                const BsPosition      *pos,
                guint64                legal[N_KINDS])
{
  const guint8 *cells = pos->cells;
  int kinds = available_kinds (pos, pos->to_move);
  int ds = rs->options[OPT_PUSH_SMALL];
  int dl = rs->options[OPT_PUSH_LARGE];
  int limit = MAX (ds, dl);
  guint64 occupied = 0, empty;

  for (int c = 0; c < rs->n_cells; c++)
    occupied |= (guint64) (cells[c] != BS_CELL_EMPTY) << data->bit_of_cell[c];
  empty = data->valid & ~occupied;

  legal[KIND_SMALL] = legal[KIND_LARGE] = 0;
  if (is_free_ply (rs, pos))
    legal[KIND_SMALL] = legal[KIND_LARGE] = empty;
  else
    for (int d = 0; d < N_HEX_DIRS; d++)
      {
        int s = data->shift[d];
        guint64 ray = toward (empty, s);
        guint64 acc = empty & toward (occupied, s);

        for (int j = 1; j <= limit && acc != 0; j++)
          {
            ray = toward (ray, s);        /* bit c: c + (j + 1)s is an empty cell */
            acc &= ray;
            if (j == ds)
              legal[KIND_SMALL] |= acc;
            if (j == dl)
              legal[KIND_LARGE] |= acc;
          }
      }
  if (!(kinds & (1 << KIND_SMALL)))
    legal[KIND_SMALL] = 0;
  if (!(kinds & (1 << KIND_LARGE)))
    legal[KIND_LARGE] = 0;
}

/* Does the player to move have any legal placement? Stops at the first. */
static gboolean
has_legal_move (const BsRuleset  *rs,
                const BsPosition *pos)
{
  const AgoraphobiaData *data = rs->module_data;
  const guint8 *cells = pos->cells;
  const gint16 *neighbours = rs->neighbours;
  int kinds = available_kinds (pos, pos->to_move);
  int need;

  if (kinds == 0)
    return FALSE;

  if (data->bitboard)
    {
      guint64 legal[N_KINDS];

      bitboard_legal (rs, data, pos, legal);
      return (legal[KIND_SMALL] | legal[KIND_LARGE]) != 0;
    }

  if (is_free_ply (rs, pos))
    {
      for (int c = 0; c < rs->n_cells; c++)
        if (cells[c] == BS_CELL_EMPTY)
          return TRUE;
      return FALSE;
    }

  /* The easiest available kind decides: any piece that moves that far. */
  need = G_MAXINT;
  for (int k = 0; k < N_KINDS; k++)
    if (kinds & (1 << k))
      need = MIN (need, push_distance (rs, k));

  for (int n = 0; n < rs->n_cells; n++)
    {
      if (cells[n] == BS_CELL_EMPTY)
        continue;
      for (int d = 0; d < N_HEX_DIRS; d++)
        {
          int behind = neighbours[n * N_HEX_DIRS + (d + 3) % N_HEX_DIRS];

          if (behind >= 0 && cells[behind] == BS_CELL_EMPTY
              && free_run (neighbours, cells, n, d, need) == need)
            return TRUE;
        }
    }
  return FALSE;
}

/* Weighted largest group and number of groups of each player. */
static void
measure_groups (const BsRuleset  *rs,
                const BsPosition *pos,
                int               largest[2],
                int               groups[2])
{
  const guint8 *cells = pos->cells;
  const gint16 *neighbours = rs->neighbours;
  int weight_large = rs->options[OPT_LARGE_WEIGHT];
  guint8 seen[BS_MAX_CELLS];
  gint16 stack[BS_MAX_CELLS];

  largest[0] = largest[1] = 0;
  groups[0] = groups[1] = 0;
  memset (seen, 0, (gsize) rs->n_cells);

  for (int start = 0; start < rs->n_cells; start++)
    {
      int owner, size = 0, top = 0;

      if (cells[start] == BS_CELL_EMPTY || seen[start])
        continue;
      owner = BS_CELL_OWNER (cells[start]);
      seen[start] = 1;
      stack[top++] = (gint16) start;
      while (top > 0)
        {
          int c = stack[--top];

          size += BS_CELL_KIND (cells[c]) == KIND_LARGE ? weight_large : 1;
          for (int d = 0; d < N_HEX_DIRS; d++)
            {
              int n = neighbours[c * N_HEX_DIRS + d];

              if (n >= 0 && !seen[n] && cells[n] != BS_CELL_EMPTY
                  && BS_CELL_OWNER (cells[n]) == owner)
                {
                  seen[n] = 1;
                  stack[top++] = (gint16) n;
                }
            }
        }
      groups[owner - 1]++;
      largest[owner - 1] = MAX (largest[owner - 1], size);
    }
}

static BsResult
final_result (const BsRuleset  *rs,
              const BsPosition *pos)
{
  int largest[2], groups[2];

  measure_groups (rs, pos, largest, groups);
  /* The larger largest group loses. */
  if (largest[0] != largest[1])
    return largest[0] > largest[1] ? BS_RESULT_WIN_2 : BS_RESULT_WIN_1;
  /* Then more groups wins. */
  if (groups[0] != groups[1])
    return groups[0] > groups[1] ? BS_RESULT_WIN_1 : BS_RESULT_WIN_2;
  return BS_RESULT_DRAW;
}

/* Ends the game if the player to move cannot place (the ruleset applies
 * `max-plies`). */
static void
check_end (const BsRuleset *rs,
           BsPosition      *pos)
{
  if (!has_legal_move (rs, pos))
    pos->result = (guint8) final_result (rs, pos);
}

static void
agoraphobia_setup (const BsRuleset *rs,
                   BsPosition      *pos,
                   guint64          seed)
{
  /* No random setup; but the start may already be over (no free opening
   * placement on an empty board, or empty supplies). */
  check_end (rs, pos);
}

static guint
agoraphobia_generate (const BsRuleset  *rs,
                      const BsPosition *pos,
                      BsMove           *moves)
{
  const AgoraphobiaData *data = rs->module_data;
  guint8 legal[BS_MAX_CELLS];
  int kinds = available_kinds (pos, pos->to_move);
  guint n = 0;

  if (data->bitboard)
    {
      guint64 bits[N_KINDS], all;

      bitboard_legal (rs, data, pos, bits);
      /* Bits run in cell order, as the generic list does. */
      for (all = bits[KIND_SMALL] | bits[KIND_LARGE]; all != 0; all &= all - 1)
        {
          int bit = __builtin_ctzll (all);
          int cell = data->cell_of_bit[bit];

          if (bits[KIND_SMALL] >> bit & 1)
            moves[n++] = move_make (cell, KIND_SMALL);
          if (bits[KIND_LARGE] >> bit & 1)
            moves[n++] = move_make (cell, KIND_LARGE);
        }
      return n;
    }

  if (kinds == 0 || mark_legal (rs, pos, kinds, legal) == 0)
    return 0;
  for (int c = 0; c < rs->n_cells; c++)
    {
      if (legal[c] & (1 << KIND_SMALL))
        moves[n++] = move_make (c, KIND_SMALL);
      if (legal[c] & (1 << KIND_LARGE))
        moves[n++] = move_make (c, KIND_LARGE);
    }
  return n;
}

/* Uniform over generate's (cell, kind) pairs, without writing the list. */
static BsMove
agoraphobia_random_move (const BsRuleset  *rs,
                         const BsPosition *pos,
                         BsRng            *rng,
                         BsMove           *scratch)
{
  const AgoraphobiaData *data = rs->module_data;
  guint64 bits[N_KINDS];
  guint n_small, n_large, pick;
  int kind;

  if (!data->bitboard)
    {
      guint n = agoraphobia_generate (rs, pos, scratch);

      g_assert (n > 0);
      return scratch[bs_rng_below (rng, n)];
    }

  bitboard_legal (rs, data, pos, bits);
  n_small = (guint) __builtin_popcountll (bits[KIND_SMALL]);
  n_large = (guint) __builtin_popcountll (bits[KIND_LARGE]);
  g_assert (n_small + n_large > 0);
  pick = bs_rng_below (rng, n_small + n_large);
  kind = pick < n_small ? KIND_SMALL : KIND_LARGE;
  if (kind == KIND_LARGE)
    pick -= n_small;
  for (guint i = 0; i < pick; i++)
    bits[kind] &= bits[kind] - 1;
  return move_make (data->cell_of_bit[__builtin_ctzll (bits[kind])], kind);
}

static void
agoraphobia_apply (const BsRuleset *rs,
                   BsPosition      *pos,
                   BsMove           move,
                   BsUndo          *undo)
{
  const gint16 *neighbours = rs->neighbours;
  guint8 *cells = pos->cells;
  int cell = move_cell (move);
  int kind = move_kind (move);
  int player = pos->to_move;
  int distance = push_distance (rs, kind);

  g_assert (cell < rs->n_cells && cells[cell] == BS_CELL_EMPTY);
  g_assert (pos->supply[player - 1][kind] > 0);

  bs_position_set_cell (rs->zobrist, pos, cell, BS_CELL_MAKE (player, kind, 0), undo);
  pos->supply[player - 1][kind]--;

  /* The six rays are disjoint: push each neighbour in turn. */
  for (int d = 0; d < N_HEX_DIRS; d++)
    {
      int n = neighbours[cell * N_HEX_DIRS + d];
      int run, target;

      if (n < 0 || cells[n] == BS_CELL_EMPTY)
        continue;
      run = free_run (neighbours, cells, n, d, distance);
      if (run == 0)
        continue;
      target = n;
      for (int i = 0; i < run; i++)
        target = neighbours[target * N_HEX_DIRS + d];
      bs_position_set_cell (rs->zobrist, pos, target, cells[n], undo);
      bs_position_set_cell (rs->zobrist, pos, n, BS_CELL_EMPTY, undo);
    }

  pos->ply++;
  pos->to_move = (guint8) bs_opponent (player);
  check_end (rs, pos);
}

static void
agoraphobia_scores (const BsRuleset  *rs,
                    const BsPosition *pos,
                    int               scores[2])
{
  int groups[2];

  measure_groups (rs, pos, scores, groups);
}

static void
agoraphobia_format_move (const BsRuleset  *rs,
                         const BsPosition *pos,
                         BsMove            move,
                         GString          *out)
{
  int kind = move_kind (move);
  int cell = move_cell (move);

  if (kind >= N_KINDS || cell >= rs->n_cells)
    {
      g_string_append_printf (out, "?%u", (guint) move);
      return;
    }
  g_string_append (out, kind_letters[kind]);
  g_string_append_c (out, '@');
  g_string_append (out, bs_board_cell_label (rs->board, cell));
}

static gboolean
agoraphobia_parse_move (const BsRuleset  *rs,
                        const BsPosition *pos,
                        const char       *text,
                        BsMove           *move,
                        GError          **error)
{
  const char *label;
  gboolean is_hole = FALSE;
  int kind, cell;

  if (text[0] == 'S')
    kind = KIND_SMALL;
  else if (text[0] == 'L')
    kind = KIND_LARGE;
  else
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("write S@d4 to place a small piece on d4, L@d4 for a large one"));
      return FALSE;
    }
  if (text[1] != '@' || text[2] == '\0')
    {
      g_set_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED,
                   _("expected “%s@” and a cell, as in %s@d4"),
                   kind_letters[kind], kind_letters[kind]);
      return FALSE;
    }
  label = text + 2;
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
  *move = move_make (cell, kind);
  return TRUE;
}

static const char *
cells_in_words (int n)
{
  static const char * const words[] = {
    N_("zero cells"), N_("one cell"), N_("two cells"), N_("three cells"),
    N_("four cells"), N_("five cells"), N_("six cells"),
  };

  g_assert (n >= 0 && n < (int) G_N_ELEMENTS (words));
  return _(words[n]);
}

/* "a small piece", "a large piece", as the object of "places" */
static const char *
kind_phrase (int kind)
{
  return kind == KIND_LARGE ? _("a large piece") : _("a small piece");
}

static char *
agoraphobia_explain (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsMove            move)
{
  guint8 legal[BS_MAX_CELLS];
  int kind = move_kind (move);
  int cell = move_cell (move);
  int player = pos->to_move;
  const char *label;

  if (bs_position_is_over (pos))
    return g_strdup (_("the game is over"));
  if (kind >= N_KINDS || cell >= rs->n_cells || (move >> 16) != 0)
    return g_strdup (_("this is not an Agoraphobia move"));

  label = bs_board_cell_label (rs->board, cell);
  if (pos->supply[player - 1][kind] == 0)
    return g_strdup (kind == KIND_LARGE ? _("you have no large pieces left")
                                        : _("you have no small pieces left"));
  if (pos->cells[cell] != BS_CELL_EMPTY)
    return g_strdup_printf (_("%s is occupied"), label);

  mark_legal (rs, pos, 1 << kind, legal);
  if (legal[cell] & (1 << kind))
    return NULL;

  /* TRANSLATORS: "a large piece on g1 would push no piece two cells" */
  return g_strdup_printf (kind == KIND_LARGE ? _("a large piece on %s would push no piece %s")
                                             : _("a small piece on %s would push no piece %s"),
                          label, cells_in_words (push_distance (rs, kind)));
}

static const BsMeasureSpec agoraphobia_measures[] = {
  { "largest-group", N_("Largest group") },
  { "groups", N_("Groups") },
};

static void
agoraphobia_measure (const BsRuleset  *rs,
                     const BsPosition *pos,
                     int               values[][2])
{
  measure_groups (rs, pos, values[0], values[1]);
}

/* The game ends only when the player to move cannot place. */
static BsEnding
agoraphobia_ending (const BsRuleset  *rs,
                    const BsPosition *pos)
{
  return BS_ENDING_NO_MOVES;
}

static void
append_groups (GString    *out,
               const char *name,
               int         groups)
{
  g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE, "%s has %d group", "%s has %d groups",
                                            (gulong) groups),
                          name, groups);
}

static void
agoraphobia_describe_ending (const BsRuleset  *rs,
                             const BsPosition *pos,
                             BsEnding          ending,
                             GString          *out)
{
  const char *names[2] = {
    bs_variant_display_player (rs->variant, 1),
    bs_variant_display_player (rs->variant, 2),
  };
  const char *stuck = names[pos->to_move - 1];
  int largest[2], groups[2];

  if (available_kinds (pos, pos->to_move) == 0)
    g_string_append_printf (out, _("%s has no pieces left to place."), stuck);
  else if (bs_position_pieces (pos, 1) + bs_position_pieces (pos, 2) == rs->n_cells)
    g_string_append_printf (out, _("%s has no empty cell to place on."), stuck);
  else
    g_string_append_printf (out, _("%s has no placement that pushes a piece its full distance."),
                            stuck);
  g_string_append_c (out, ' ');

  measure_groups (rs, pos, largest, groups);
  if (largest[0] != largest[1])
    {
      /* TRANSLATORS: "Light's largest group is 14, Dark's is 4: the larger group loses." */
      g_string_append_printf (out, _("%s’s largest group is %d, %s’s is %d: the larger group loses."),
                              names[0], largest[0], names[1], largest[1]);
      return;
    }
  g_string_append_printf (out, _("Both largest groups are %d."), largest[0]);
  g_string_append_c (out, ' ');
  if (groups[0] == groups[1])
    {
      g_string_append_printf (out, g_dngettext (GETTEXT_PACKAGE,
                                                "Both players have %d group: a draw.",
                                                "Both players have %d groups: a draw.",
                                                (gulong) groups[0]),
                              groups[0]);
      return;
    }
  append_groups (out, names[0], groups[0]);
  g_string_append (out, ", ");
  append_groups (out, names[1], groups[1]);
  /* TRANSLATORS: ends "Light has 3 groups, Dark has 2 groups" */
  g_string_append (out, _(": more groups win."));
}

/* How it is played: choose a kind, click an empty cell. */
static const BsPlaySpec agoraphobia_play = {
  .flags = BS_PLAY_PLACE,
  .piece_noun = N_("piece"),
};

static void
agoraphobia_decode_move (const BsRuleset  *rs,
                         const BsPosition *pos,
                         BsMove            move,
                         BsMoveParts      *parts)
{
  parts->to = move_cell (move);
  parts->kind = move_kind (move);
}

/* What the placement did: each neighbour pushed, how far and where to, or
 * why it stayed or stopped short. */
static void
agoraphobia_explain_turn (const BsRuleset   *rs,
                          const BsPosition  *before,
                          const BsMove      *steps,
                          guint              n_steps,
                          BsTurnExplanation *out)
{
  const gint16 *neighbours = rs->neighbours;
  const guint8 *cells = before->cells;
  int cell = move_cell (steps[0]);
  int kind = move_kind (steps[0]);
  int distance = push_distance (rs, kind);
  const char *who = bs_variant_display_player (rs->variant, before->to_move);
  const char *label = bs_board_cell_label (rs->board, cell);
  int pushed = 0;

  for (int d = 0; d < N_HEX_DIRS; d++)
    {
      int n = neighbours[cell * N_HEX_DIRS + d];
      int run, target, beyond;

      if (n < 0 || cells[n] == BS_CELL_EMPTY)
        continue;
      run = free_run (neighbours, cells, n, d, distance);
      target = n;
      for (int i = 0; i < run; i++)
        target = neighbours[target * N_HEX_DIRS + d];
      beyond = neighbours[target * N_HEX_DIRS + d];
      if (run == distance)
        /* TRANSLATORS: "c4 is pushed two cells, to a4." */
        g_string_append_printf (out->details, _("%s is pushed %s, to %s."),
                                bs_board_cell_label (rs->board, n), cells_in_words (run),
                                bs_board_cell_label (rs->board, target));
      else if (run > 0 && beyond < 0)
        g_string_append_printf (out->details, _("%s is pushed only %s, to %s: the board ends there."),
                                bs_board_cell_label (rs->board, n), cells_in_words (run),
                                bs_board_cell_label (rs->board, target));
      else if (run > 0)
        g_string_append_printf (out->details, _("%s is pushed only %s, to %s: %s is taken."),
                                bs_board_cell_label (rs->board, n), cells_in_words (run),
                                bs_board_cell_label (rs->board, target),
                                bs_board_cell_label (rs->board, beyond));
      else if (beyond < 0)
        g_string_append_printf (out->details, _("%s stays: the board ends behind it."),
                                bs_board_cell_label (rs->board, n));
      else
        g_string_append_printf (out->details, _("%s stays: %s behind it is taken."),
                                bs_board_cell_label (rs->board, n),
                                bs_board_cell_label (rs->board, beyond));
      g_string_append_c (out->details, '\n');
      pushed += run > 0;
    }

  /* TRANSLATORS: "Light places a large piece on d4" */
  g_string_append_printf (out->summary, _("%s places %s on %s"), who, kind_phrase (kind), label);
  g_string_append (out->summary, ": ");
  if (pushed == 0)
    g_string_append (out->summary, _("it pushes nothing."));
  else
    g_string_append_printf (out->summary, g_dngettext (GETTEXT_PACKAGE, "it pushes %d piece.",
                                                       "it pushes %d pieces.", (gulong) pushed),
                            pushed);
}

static void
agoraphobia_describe_rules (const BsRuleset *rs,
                            GString         *rules,
                            GString         *goal)
{
  int ds = rs->options[OPT_PUSH_SMALL];
  int dl = rs->options[OPT_PUSH_LARGE];
  int free_plies = rs->options[OPT_OPENING_FREE];
  int weight = rs->options[OPT_LARGE_WEIGHT];

  g_string_append (rules, _("In turn, each player places a small or a large piece from their "
                            "supply on an empty cell."));
  g_string_append_c (rules, ' ');
  g_string_append_printf (rules, g_dngettext (GETTEXT_PACKAGE,
                                              "A small piece pushes every neighbour %d cell "
                                              "straight away from it,",
                                              "A small piece pushes every neighbour %d cells "
                                              "straight away from it,", (gulong) ds),
                          ds);
  g_string_append_c (rules, ' ');
  g_string_append_printf (rules, g_dngettext (GETTEXT_PACKAGE, "a large piece %d cell.",
                                              "a large piece %d cells.", (gulong) dl),
                          dl);
  g_string_append_c (rules, ' ');
  g_string_append (rules, _("A pushed piece stops early at the edge of the board or before "
                            "another piece, and nothing is pushed in a chain. A piece may be "
                            "placed only where it pushes at least one neighbour its full "
                            "distance"));
  if (free_plies > 0)
    g_string_append_printf (rules, g_dngettext (GETTEXT_PACKAGE,
                                                ", except the first placement of the game.",
                                                ", except the first %d placements of the game.",
                                                (gulong) free_plies),
                            free_plies);
  else
    g_string_append_c (rules, '.');

  g_string_append (goal, _("The game ends when the player to move cannot place a piece."));
  g_string_append_c (goal, ' ');
  g_string_append_printf (goal, g_dngettext (GETTEXT_PACKAGE,
                                             "Then each player’s largest group is measured, "
                                             "a large piece counting %d: the player with the "
                                             "larger group loses.",
                                             "Then each player’s largest group is measured, "
                                             "a large piece counting %d: the player with the "
                                             "larger group loses.", (gulong) weight),
                          weight);
  g_string_append_c (goal, ' ');
  g_string_append (goal, _("If both are equal, the player with more groups wins; if those are "
                           "equal too, it is a draw."));
}

const BsModule bs_module_agoraphobia = {
  .id = "agoraphobia",
  .name = N_("Agoraphobia"),
  .description = N_("Place pieces that push their neighbours away; the largest group loses"),
  .flags = 0,

  .options = agoraphobia_options,
  .n_options = N_OPTIONS,
  .kinds = agoraphobia_kinds,
  .n_kinds = N_KINDS,
  .unlimited_supply = FALSE,
  .specials = NULL,
  .n_specials = 0,

  .shapes = (1 << BS_SHAPE_HEX_RHOMBUS) | (1 << BS_SHAPE_HEXAGON) | (1 << BS_SHAPE_LIMPING),
  .square_adjacency = 0,
  .min_side = 2,
  .max_side = 32,
  .min_size = 2,
  .max_size = 18,

  .default_board = { BS_SHAPE_HEX_RHOMBUS, 7, 7, 0, 6 },
  .default_player_names = { N_("Light"), N_("Dark") },
  .default_player_colors = { "#f2efe6", "#2b2b2b" },

  .prepare = agoraphobia_prepare,
  .free_data = agoraphobia_free_data,
  .setup = agoraphobia_setup,
  .generate = agoraphobia_generate,
  .random_move = agoraphobia_random_move,
  .apply = agoraphobia_apply,
  .scores = agoraphobia_scores,
  .measures = agoraphobia_measures,
  .n_measures = G_N_ELEMENTS (agoraphobia_measures),
  .measure = agoraphobia_measure,
  .ending = agoraphobia_ending,
  .describe_ending = agoraphobia_describe_ending,
  .format_move = agoraphobia_format_move,
  .parse_move = agoraphobia_parse_move,
  .explain = agoraphobia_explain,
  .play = &agoraphobia_play,
  .decode_move = agoraphobia_decode_move,
  .explain_turn = agoraphobia_explain_turn,
  .describe_rules = agoraphobia_describe_rules,
};
