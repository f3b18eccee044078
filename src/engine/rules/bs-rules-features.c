/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-rules-features.h"

#include <string.h>

#include "bs-ruleset.h"

/* Hand-set weights, in pieces' worth (BsFeatureSpec.weight); measured
 * against plain Monte Carlo in docs/SEARCH.md, "Written games' features". */
#define WEIGHT_MATERIAL   1.0
#define WEIGHT_TWO_DISTANCE 1.0
#define WEIGHT_LINES      2.0

/* A line one piece short of the length is worth 1, each piece fewer this
 * much less. */
#define LINE_RATIO        4.0

#define MAX_REGIONS       8           /* a cell's regions as bits of a guint8 */

struct _BsRulesFeatures {
  int           n_cells;
  int           n_dirs;
  const gint16 *neighbours;
  int           slot_two_distance;    /* its index among the values, or -1 */
  int           slot_lines;

  /* The connect end: per player, a cell's regions as bits. */
  int           n_regions;
  guint8       *regions[3];           /* [p][cell], [1] and [2] */

  /* The line end: every line of `length` cells on the board, cells in a row. */
  int           length;
  int           n_windows;
  gint16       *windows;              /* [window * length + i] */
  double       *worth;                /* [k]: a line holding k pieces of one player */
};

guint
bs_rules_features_declare (const BsRulesDocument *doc,
                           BsFeatureSpec         *specs)
{
  gboolean connects = FALSE, lines = FALSE;
  guint n = 0;

  for (guint i = 0; i < doc->ends->len; i++)
    {
      BsRulesEndKind kind = g_array_index (doc->ends, BsRulesEnd, i).kind;

      connects |= kind == BS_RULES_END_CONNECT;
      lines |= kind == BS_RULES_END_LINE;
    }
  if (!connects && !lines)
    return 0;
  specs[n++] = (BsFeatureSpec) { "material", WEIGHT_MATERIAL };
  if (connects)
    specs[n++] = (BsFeatureSpec) { "two-distance", WEIGHT_TWO_DISTANCE };
  if (lines)
    specs[n++] = (BsFeatureSpec) { "lines", WEIGHT_LINES };
  return n;
}

BsRulesFeatures *
bs_rules_features_new (const BsRuleset       *rs,
                       const BsRulesDocument *doc)
{
  BsRulesFeatures *f = g_new0 (BsRulesFeatures, 1);
  BsFeatureSpec specs[BS_MAX_FEATURES];
  guint n = bs_rules_features_declare (doc, specs);

  f->n_cells = rs->n_cells;
  f->n_dirs = rs->n_dirs;
  f->neighbours = rs->neighbours;
  f->slot_two_distance = -1;
  f->slot_lines = -1;
  for (guint i = 0; i < n; i++)
    {
      if (g_str_equal (specs[i].id, "two-distance"))
        f->slot_two_distance = (int) i;
      if (g_str_equal (specs[i].id, "lines"))
        f->slot_lines = (int) i;
    }
  return f;
}

void
bs_rules_features_free (BsRulesFeatures *f)
{
  if (f == NULL)
    return;
  g_free (f->regions[1]);
  g_free (f->regions[2]);
  g_free (f->windows);
  g_free (f->worth);
  g_free (f);
}

gboolean
bs_rules_features_connects (const BsRulesFeatures *f)
{
  return f->n_regions > 0;
}

void
bs_rules_features_set_connection (BsRulesFeatures *f,
                                  int              n_regions,
                                  const gboolean  *in_region)
{
  g_return_if_fail (n_regions >= 1 && n_regions <= MAX_REGIONS);
  if (f->n_regions > 0)
    return;
  f->n_regions = n_regions;
  for (int p = 1; p <= 2; p++)
    {
      f->regions[p] = g_new0 (guint8, f->n_cells);
      for (int r = 0; r < n_regions; r++)
        for (int c = 0; c < f->n_cells; c++)
          if (in_region[(r * 3 + p) * f->n_cells + c])
            f->regions[p][c] |= (guint8) (1u << r);
    }
}

void
bs_rules_features_set_line (BsRulesFeatures *f,
                            int              length,
                            const int       *dirs,
                            int              n_dirs)
{
  if (f->length > 0 || length < 2)
    return;
  f->length = length;
  f->windows = g_new (gint16, (gsize) f->n_cells * (gsize) n_dirs * (gsize) length);
  for (int a = 0; a < n_dirs; a++)
    for (int c = 0; c < f->n_cells; c++)
      {
        gint16 *window = f->windows + (gsize) f->n_windows * (gsize) length;
        int at = c, i = 0;

        for (; i < length && at != BS_NO_CELL; i++)
          {
            window[i] = (gint16) at;
            at = i + 1 < length ? f->neighbours[at * f->n_dirs + dirs[a]] : at;
          }
        if (i == length)
          f->n_windows++;
      }
  f->worth = g_new0 (double, length + 1);
  /* A line of the whole length only stands where it does not win (exactly). */
  f->worth[length] = 1;
  for (int k = length - 1; k >= 1; k--)
    f->worth[k] = k == length - 1 ? 1 : f->worth[k + 1] / LINE_RATIO;
}

/* ---- Two-distance ----
 *
 * Van Rijswijck's two-distance (Queenbee, "Computer Hex: are bees better
 * than fruitflies?", 2000): the other player can always take a cell's best
 * neighbour, so an empty cell is 1 + the second smallest distance among its
 * neighbours. The player's own chains are collapsed: an empty cell's
 * neighbours are the empty cells next to it and next to any own chain it
 * touches, each once; the other player's pieces block. An empty cell of the
 * region, or next to an own chain that touches it, is at 1 (nothing stands
 * between it and the region). */

/* p's own chains on pos: chain[c] its number (-1: not p's piece), each
 * chain's regions, and its empty neighbours (libs[start[k] .. start[k+1]]). */
typedef struct {
  int     n_chains;
  gint16 *chain;
  guint8 *regions;
  int    *start;
  gint16 *libs;
  int    *mark;                       /* [k]: the stamp it was last expanded under */
  int    *expanded;                   /* [k]: by how many cells, this search */
} Chains;

#define TWO_DISTANCE_FAR G_MAXINT16

static void
chains_find (const BsRulesFeatures *f,
             const BsPosition      *pos,
             int                    p,
             Chains                *chains,
             gint16                *stack,
             int                   *mark)
{
  int n = f->n_cells, n_chains = 0, n_libs = 0;

  for (int c = 0; c < n; c++)
    chains->chain[c] = -1;
  for (int c = 0; c < n; c++)
    mark[c] = -1;
  for (int c = 0; c < n; c++)
    {
      int top = 0;

      if (BS_CELL_OWNER (pos->cells[c]) != p || chains->chain[c] >= 0)
        continue;
      chains->regions[n_chains] = 0;
      chains->start[n_chains] = n_libs;
      chains->chain[c] = (gint16) n_chains;
      stack[top++] = (gint16) c;
      while (top > 0)
        {
          int at = stack[--top];

          chains->regions[n_chains] |= f->regions[p][at];
          for (int k = 0; k < f->n_dirs; k++)
            {
              int to = f->neighbours[at * f->n_dirs + k];

              if (to == BS_NO_CELL)
                continue;
              if (BS_CELL_OWNER (pos->cells[to]) == p && chains->chain[to] < 0)
                {
                  chains->chain[to] = (gint16) n_chains;
                  stack[top++] = (gint16) to;
                }
              else if (BS_CELL_OWNER (pos->cells[to]) == 0 && mark[to] != n_chains)
                {
                  mark[to] = n_chains;
                  chains->libs[n_libs++] = (gint16) to;
                }
            }
        }
      n_chains++;
    }
  chains->start[n_chains] = n_libs;
  chains->n_chains = n_chains;
}

/* The empty cell c's neighbours with p's chains collapsed, each once, into
 * out; mark[] must not hold stamp yet. A chain already expanded from two
 * cells of the search is left out: those two neighbour all its other
 * liberties, which are therefore placed. */
static int
collapsed_neighbours (const BsRulesFeatures *f,
                      const BsPosition      *pos,
                      Chains                *chains,
                      int                    c,
                      gint16                *out,
                      int                   *mark,
                      int                    stamp)
{
  int n_out = 0;

  mark[c] = stamp;
  for (int k = 0; k < f->n_dirs; k++)
    {
      int to = f->neighbours[c * f->n_dirs + k];
      int owner, chain;

      if (to == BS_NO_CELL)
        continue;
      owner = BS_CELL_OWNER (pos->cells[to]);
      chain = chains->chain[to];
      if (owner == 0 && mark[to] != stamp)
        {
          mark[to] = stamp;
          out[n_out++] = (gint16) to;
        }
      else if (chain >= 0 && chains->mark[chain] != stamp && chains->expanded[chain] < 2)
        {
          chains->mark[chain] = stamp;
          chains->expanded[chain]++;
          for (int i = chains->start[chain]; i < chains->start[chain + 1]; i++)
            if (mark[chains->libs[i]] != stamp)
              {
                mark[chains->libs[i]] = stamp;
                out[n_out++] = chains->libs[i];
              }
        }
    }
  return n_out;
}

/* The scratch of the two-distance, n_cells each (libs n_cells × n_dirs). */
typedef struct {
  Chains  chains;
  gint16 *layer, *next, *out, *stack;
  int    *mark, *count;
} Scratch;

#define SCRATCH_NEWA(s, f)                                                   \
  G_STMT_START {                                                             \
    int n_ = (f)->n_cells;                                                   \
    (s).chains.chain = g_newa (gint16, n_);                                  \
    (s).chains.regions = g_newa (guint8, n_);                                \
    (s).chains.start = g_newa (int, n_ + 1);                                 \
    (s).chains.libs = g_newa (gint16, (gsize) n_ * (gsize) (f)->n_dirs);     \
    (s).chains.mark = g_newa (int, n_);                                      \
    (s).chains.expanded = g_newa (int, n_);                                  \
    (s).layer = g_newa (gint16, n_);                                         \
    (s).next = g_newa (gint16, n_);                                          \
    (s).out = g_newa (gint16, n_);                                           \
    (s).stack = g_newa (gint16, n_);                                         \
    (s).mark = g_newa (int, n_);                                             \
    (s).count = g_newa (int, n_);                                            \
  } G_STMT_END

/* Cell c placed at d: into dist, the next layer and, with first, the best
 * sum of the two. */
static inline void
place (Scratch   *s,
       int       *dist,
       int       *n_layer,
       int        c,
       int        d,
       const int *first,
       int       *best)
{
  dist[c] = d;
  s->next[(*n_layer)++] = (gint16) c;
  if (first != NULL && first[c] != TWO_DISTANCE_FAR)
    *best = MIN (*best, first[c] + d);
}

/* dist[c]: the two-distance of the empty cell c from region `region` for p
 * (TWO_DISTANCE_FAR: none, or c not empty), by layers: a cell is at d + 1
 * once a second of its neighbours is taken from layer d. With first (the
 * distances from another region), *best is the least sum of both, and the
 * search stops where no farther cell can lower it (dist is then partial). */
static void
two_distances (const BsRulesFeatures *f,
               const BsPosition      *pos,
               int                    p,
               int                    region,
               Scratch               *s,
               int                   *dist,
               const int             *first,
               int                   *best)
{
  int n = f->n_cells, n_layer = 0, stamp = 0;
  guint8 bit = (guint8) (1u << region);

  for (int c = 0; c < n; c++)
    {
      dist[c] = TWO_DISTANCE_FAR;
      s->count[c] = 0;
      s->mark[c] = -1;
    }
  for (int k = 0; k < s->chains.n_chains; k++)
    {
      s->chains.mark[k] = -1;
      s->chains.expanded[k] = 0;
    }
  /* Layer 1: the region's empty cells and the liberties of the chains on it. */
  for (int c = 0; c < n; c++)
    if ((f->regions[p][c] & bit) && BS_CELL_OWNER (pos->cells[c]) == 0)
      place (s, dist, &n_layer, c, 1, first, best);
  for (int k = 0; k < s->chains.n_chains; k++)
    if (s->chains.regions[k] & bit)
      for (int i = s->chains.start[k]; i < s->chains.start[k + 1]; i++)
        if (dist[s->chains.libs[i]] == TWO_DISTANCE_FAR)
          place (s, dist, &n_layer, s->chains.libs[i], 1, first, best);
  for (int d = 1; n_layer > 0; d++)
    {
      int n_next = 0;
      gint16 *swap = s->layer;

      s->layer = s->next;
      s->next = swap;
      /* The next layer's cells are at d + 1 from here and at least 1 from
       * the other region. */
      if (first != NULL && d + 2 >= *best)
        return;
      for (int i = 0; i < n_layer; i++)
        {
          int n_out = collapsed_neighbours (f, pos, &s->chains, s->layer[i],
                                            s->out, s->mark, stamp++);

          for (int j = 0; j < n_out; j++)
            {
              int to = s->out[j];

              if (dist[to] == TWO_DISTANCE_FAR && ++s->count[to] == 2)
                place (s, dist, &n_next, to, d + 1, first, best);
            }
        }
      n_layer = n_next;
    }
}

int
bs_rules_features_two_distances (const BsRulesFeatures *f,
                                 const BsPosition      *pos,
                                 int                    p,
                                 int                    region,
                                 int                   *dist)
{
  Scratch s;

  g_return_val_if_fail (region >= 0 && region < f->n_regions, 0);
  SCRATCH_NEWA (s, f);
  chains_find (f, pos, p, &s.chains, s.stack, s.mark);
  two_distances (f, pos, p, region, &s, dist, NULL, NULL);
  for (int c = 0; c < f->n_cells; c++)
    if (dist[c] == TWO_DISTANCE_FAR)
      dist[c] = -1;
  return f->n_cells;
}

int
bs_rules_features_two_distance_potential (const BsRulesFeatures *f,
                                          const BsPosition      *pos,
                                          int                    p)
{
  int n = f->n_cells, farthest = 0;
  int *first = g_newa (int, n), *other = g_newa (int, n);
  Scratch s;

  if (f->n_regions < 2)
    return 0;
  SCRATCH_NEWA (s, f);
  chains_find (f, pos, p, &s.chains, s.stack, s.mark);
  two_distances (f, pos, p, 0, &s, first, NULL, NULL);
  /* With more than two regions, the farthest of the others from the first. */
  for (int r = 1; r < f->n_regions; r++)
    {
      guint8 both = (guint8) (1u | (1u << r));
      int best = TWO_DISTANCE_FAR;

      for (int k = 0; k < s.chains.n_chains && best > 0; k++)
        if ((s.chains.regions[k] & both) == both)
          best = 0;
      if (best > 0)
        two_distances (f, pos, p, r, &s, other, first, &best);
      if (best == TWO_DISTANCE_FAR)
        return -1;
      farthest = MAX (farthest, best);
    }
  return farthest;
}

/* ---- Lines ---- */

/* Each player's worth of open lines into sums[p]; with counts ([p][k],
 * (length + 1) per player), the lines by the pieces they hold too. */
static void
line_scan (const BsRulesFeatures *f,
           const BsPosition      *pos,
           double                 sums[3],
           int                   *counts)
{
  int length = f->length;

  sums[1] = sums[2] = 0;
  for (int w = 0; w < f->n_windows; w++)
    {
      const gint16 *window = f->windows + (gsize) w * (gsize) length;
      int held[4] = { 0 };

      for (int i = 0; i < length; i++)
        held[BS_CELL_OWNER (pos->cells[window[i]])]++;
      for (int p = 1; p <= 2; p++)
        if (held[3 - p] == 0 && held[p] > 0)
          {
            sums[p] += f->worth[held[p]];
            if (counts != NULL)
              counts[(p - 1) * (length + 1) + held[p]]++;
          }
    }
}

int
bs_rules_features_line_counts (const BsRulesFeatures *f,
                               const BsPosition      *pos,
                               int                    p,
                               int                   *counts)
{
  int *both;
  double sums[3];

  if (f->length == 0)
    return 0;
  both = g_newa (int, 2 * (f->length + 1));
  memset (both, 0, sizeof *both * 2 * (gsize) (f->length + 1));
  line_scan (f, pos, sums, both);
  memcpy (counts, both + (p - 1) * (f->length + 1), sizeof *counts * (gsize) (f->length + 1));
  return f->length;
}

/* ---- The values ---- */

/* A player cut off is as far as the board is large. */
static int
two_distance_potential_or_far (const BsRulesFeatures *f,
                               const BsPosition      *pos,
                               int                    p)
{
  int potential = bs_rules_features_two_distance_potential (f, pos, p);

  return potential < 0 ? f->n_cells : potential;
}

void
bs_rules_features_values (const BsRulesFeatures *f,
                          const BsPosition      *pos,
                          double                *values)
{
  values[0] = bs_position_material (pos, 1) - bs_position_material (pos, 2);
  if (f->slot_two_distance >= 0)
    values[f->slot_two_distance] = f->n_regions == 0 ? 0
                                   : two_distance_potential_or_far (f, pos, 2)
                                     - two_distance_potential_or_far (f, pos, 1);
  if (f->slot_lines >= 0)
    {
      double sums[3] = { 0 };

      if (f->length > 0)
        line_scan (f, pos, sums, NULL);
      values[f->slot_lines] = sums[1] - sums[2];
    }
}
