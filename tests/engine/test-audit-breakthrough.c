/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-audit-breakthrough.c: an independent audit of Breakthrough against
 * RULES.md and docs/rules-decisions.md: a naive reimplementation on a
 * plain grid of (column, row) cells — no bit sets, no tables of the
 * module — compared with the module over thousands of random positions
 * (every legal move, and what each one does), and the perft counts from
 * the start, which the naive code counts by itself.
 *
 * The naive rules: player 1 moves up (row + 1), player 2 down. A piece
 * goes to the cell straight ahead when it is empty (or holds an opposing
 * piece, with straight-capture), and to either diagonal cell ahead when it
 * is empty or holds an opposing piece; holes are no cells. After a move:
 * the capture of the last opposing piece wins; else a piece on the far row
 * wins (misère: loses); else an opponent without a move loses. */

#include "config.h"

#include <string.h>

#include "audit-util.h"
#include "bs-rng.h"

#define HOLE 3

typedef struct {
  int      w, h;
  gboolean straight_capture;
  gboolean misere;
  guint8   at[16][16];          /* [col][row]: 0 empty, 1, 2, HOLE */
} Naive;

typedef struct {
  int c0, r0, c1, r1;
} NaiveMove;

static int
naive_moves (const Naive *n,
             int          p,
             NaiveMove   *out)
{
  int k = 0;
  int dr = p == 1 ? 1 : -1;

  for (int r = 0; r < n->h; r++)
    for (int c = 0; c < n->w; c++)
      {
        if (n->at[c][r] != p)
          continue;
        for (int dc = -1; dc <= 1; dc++)
          {
            int c1 = c + dc, r1 = r + dr;
            int v;

            if (c1 < 0 || c1 >= n->w || r1 < 0 || r1 >= n->h)
              continue;
            v = n->at[c1][r1];
            if (v == HOLE || v == p)
              continue;
            if (v != 0 && dc == 0 && !n->straight_capture)
              continue;
            out[k++] = (NaiveMove) { c, r, c1, r1 };
          }
      }
  return k;
}

/* Plays m for p; returns the result (0: the game goes on). */
static int
naive_play (Naive           *n,
            int              p,
            const NaiveMove *m)
{
  int q = 3 - p;
  gboolean capture = n->at[m->c1][m->r1] == q;
  int left = 0;
  NaiveMove scratch[16 * 16 * 3];

  n->at[m->c0][m->r0] = 0;
  n->at[m->c1][m->r1] = (guint8) p;
  for (int r = 0; r < n->h; r++)
    for (int c = 0; c < n->w; c++)
      left += n->at[c][r] == q;
  if (capture && left == 0)
    return p;
  if (m->r1 == (p == 1 ? n->h - 1 : 0))
    return n->misere ? q : p;
  if (naive_moves (n, q, scratch) == 0)
    return p;
  return 0;
}

static guint64
naive_perft (Naive *n,
             int    p,
             int    depth)
{
  NaiveMove moves[16 * 16 * 3];
  int k = naive_moves (n, p, moves);
  guint64 total = 0;

  if (depth == 1)
    return (guint64) k;
  for (int i = 0; i < k; i++)
    {
      Naive copy = *n;

      if (naive_play (&copy, p, &moves[i]) == 0)
        total += naive_perft (&copy, 3 - p, depth - 1);
    }
  return total;
}

/* The module's own count: generate, apply with undo, recurse. */
static guint64
module_perft (const BsRuleset *rs,
              BsPosition      *pos,
              int              depth)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  BsUndo *undo;
  guint n = bs_ruleset_generate (rs, pos, moves);
  guint64 total = 0;

  if (depth == 1)
    return n;
  undo = bs_undo_new (rs);
  for (guint i = 0; i < n; i++)
    {
      bs_ruleset_apply (rs, pos, moves[i], undo);
      if (!bs_position_is_over (pos))
        total += module_perft (rs, pos, depth - 1);
      bs_ruleset_undo (rs, pos, undo);
    }
  bs_undo_free (undo);
  return total;
}

static void
naive_from_position (const BsRuleset  *rs,
                     const BsPosition *pos,
                     Naive            *n)
{
  const BsBoardSpec *spec = bs_board_get_spec (rs->board);

  memset (n, 0, sizeof *n);
  n->w = spec->width;
  n->h = spec->height;
  n->straight_capture = rs->options[bs_module_option_index (rs->module, "straight-capture")];
  n->misere = rs->options[bs_module_option_index (rs->module, "misere")];
  for (int c = 0; c < n->w; c++)
    for (int r = 0; r < n->h; r++)
      {
        int cell = bs_board_cell_at (rs->board, c, r);

        n->at[c][r] = cell == BS_NO_CELL ? HOLE : BS_CELL_OWNER (pos->cells[cell]);
      }
}

static int
compare_texts (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static char *
naive_label (int c, int r)
{
  return g_strdup_printf ("%c%d", 'a' + c, r + 1);
}

/* 8 × 8, two rows: 22, 484 and 11,132 move sequences of 1, 2 and 3
 * plies, counted by both. */
static void
test_perft_start (void)
{
  g_autoptr(BsRuleset) rs = au_ruleset ("breakthrough", NULL, NULL, NULL, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  const guint64 expected[] = { 22, 484, 11132 };
  Naive n;

  naive_from_position (rs, pos, &n);
  for (int d = 1; d <= 3; d++)
    {
      g_assert_cmpuint (naive_perft (&n, 1, d), ==, expected[d - 1]);
      g_assert_cmpuint (module_perft (rs, pos, d), ==, expected[d - 1]);
    }
}

/* The same on other boards and rules, deep enough for games to end. */
static void
test_perft_variants (void)
{
  const struct {
    const char *sets[5];
    const char *holes[4];
    int         depth;
  } cases[] = {
    { { "width=5", "height=5", NULL }, { NULL }, 5 },
    { { "width=5", "height=5", "rows=1", "misere=true", NULL }, { NULL }, 6 },
    { { "width=6", "height=9", "rows=3", "straight-capture=true", NULL }, { NULL }, 3 },
    { { "width=5", "height=6", "straight-capture=true", "misere=true", NULL }, { "c3", "b4", NULL }, 5 },
    { { "width=7", "height=5", NULL }, { "d3", NULL }, 5 },
    { { "width=12", "height=11", NULL }, { NULL }, 3 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(BsRuleset) rs = au_ruleset ("breakthrough", cases[i].sets, cases[i].holes,
                                            NULL, NULL);
      g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
      Naive n;

      naive_from_position (rs, pos, &n);
      for (int d = 1; d <= cases[i].depth; d++)
        g_assert_cmpuint (module_perft (rs, pos, d), ==, naive_perft (&n, 1, d));
    }
}

/* Random positions on random boards and rules: the same legal moves, and
 * every move gives the same cells and the same result. */
static void
test_random_positions (void)
{
  BsRng rng;
  guint checked = 0, ended = 0;

  bs_rng_init (&rng, 2000);
  for (int i = 0; i < 1500; i++)
    {
      int w = 5 + (int) bs_rng_below (&rng, 12), h = 5 + (int) bs_rng_below (&rng, 12);
      g_autofree char *ws = g_strdup_printf ("width=%d", w);
      g_autofree char *hs = g_strdup_printf ("height=%d", h);
      const char *sets[] = { ws, hs,
                             bs_rng_below (&rng, 2) ? "straight-capture=true" : "straight-capture=false",
                             bs_rng_below (&rng, 3) == 0 ? "misere=true" : "misere=false",
                             NULL };
      g_autoptr(GPtrArray) holes = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(BsRuleset) rs = NULL;
      g_autofree BsPosition *pos = NULL;
      g_autofree BsMove *moves = NULL;
      g_autoptr(GPtrArray) expected = g_ptr_array_new_with_free_func (g_free);
      g_autoptr(GPtrArray) actual = g_ptr_array_new_with_free_func (g_free);
      NaiveMove naive[16 * 16 * 3];
      int p = 1 + (int) bs_rng_below (&rng, 2);
      int density = 1 + (int) bs_rng_below (&rng, 6);
      Naive n;
      int k;
      guint count;

      /* Holes away from the starting rows, so every variant builds. */
      for (int j = (int) bs_rng_below (&rng, 4); j > 0; j--)
        {
          char *label = naive_label ((int) bs_rng_below (&rng, (guint32) w),
                                     2 + (int) bs_rng_below (&rng, (guint32) (h - 4)));

          if (g_ptr_array_find_with_equal_func (holes, label, g_str_equal, NULL))
            g_free (label);
          else
            g_ptr_array_add (holes, label);
        }
      g_ptr_array_add (holes, NULL);
      rs = au_ruleset ("breakthrough", sets, (const char * const *) holes->pdata, NULL, NULL);
      pos = au_position (rs, NULL, 10, p);
      moves = g_new (BsMove, rs->max_moves);
      /* Pieces anywhere but on their own far row (no game reaches it
       * without ending). */
      for (int c = 0; c < rs->n_cells; c++)
        {
          int row = bs_board_cell_row (rs->board, c);
          int owner = 1 + (int) bs_rng_below (&rng, 2);

          if ((int) bs_rng_below (&rng, 10) >= density
              || row == (owner == 1 ? h - 1 : 0))
            continue;
          bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_MAKE (owner, 0, 0), NULL);
        }
      naive_from_position (rs, pos, &n);

      k = naive_moves (&n, p, naive);
      for (int m = 0; m < k; m++)
        g_ptr_array_add (expected, g_strdup_printf ("%c%d-%c%d", 'a' + naive[m].c0, naive[m].r0 + 1,
                                                    'a' + naive[m].c1, naive[m].r1 + 1));
      count = bs_ruleset_generate (rs, pos, moves);
      for (guint m = 0; m < count; m++)
        g_ptr_array_add (actual, bs_ruleset_format_move (rs, pos, moves[m]));
      g_ptr_array_sort (expected, compare_texts);
      g_ptr_array_sort (actual, compare_texts);
      g_assert_cmpuint (actual->len, ==, expected->len);
      for (guint m = 0; m < actual->len; m++)
        g_assert_cmpstr (actual->pdata[m], ==, expected->pdata[m]);

      for (int m = 0; m < k; m++)
        {
          g_autofree char *text = g_strdup_printf ("%c%d-%c%d", 'a' + naive[m].c0, naive[m].r0 + 1,
                                                   'a' + naive[m].c1, naive[m].r1 + 1);
          g_autofree BsPosition *after = bs_position_dup (rs, pos);
          Naive copy = n, back;
          int result = naive_play (&copy, p, &naive[m]);
          BsMove move = 0;

          g_assert_true (bs_ruleset_parse_move (rs, pos, text, &move, NULL));
          au_apply_undoable (rs, pos, after, move);
          naive_from_position (rs, after, &back);
          g_assert_cmpmem (back.at, sizeof back.at, copy.at, sizeof copy.at);
          g_assert_cmpint (after->result, ==, result);
          g_assert_cmpint (after->to_move, ==, 3 - p);
          checked++;
          ended += result != 0;
        }
    }
  g_test_message ("%u moves checked, %u of them ended the game", checked, ended);
  g_assert_cmpuint (ended, >, 100);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/audit/breakthrough/perft-start", test_perft_start);
  g_test_add_func ("/audit/breakthrough/perft-variants", test_perft_variants);
  g_test_add_func ("/audit/breakthrough/random-positions", test_random_positions);
  return g_test_run ();
}
