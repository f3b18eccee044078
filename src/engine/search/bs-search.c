/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-search"
/* clock_gettime (CLOCK_THREAD_CPUTIME_ID) under -std=c17. */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include "bs-search.h"

#include "bs-evaluation.h"

#include <math.h>
#include <stdatomic.h>
#include <time.h>

#include <glib/gi18n-lib.h>

/* How often (in iterations) the clock, the cancellable and the progress
 * are looked at: often enough to stop promptly, rarely enough to cost
 * nothing next to a playout. */
#define CHECK_INTERVAL     64
/* The pool grows by whole chunks of this many nodes (one realloc each). */
#define POOL_CHUNK         (1u << 16)
/* A playout longer than this is scored as a draw: modules must end their
 * games (max-plies), this only guards against a module bug. */
#define MAX_PLAYOUT_STEPS  100000

/* A tree node: the move that leads to it and the statistics of whoever
 * made that move. Children are contiguous in the pool. */
typedef struct {
  BsMove  move;
  guint32 first_child;   /* 0 while not expanded (node 0 is the root) */
  guint32 n_children;
  guint32 n_tried;       /* children [0, n_tried) have been visited */
  guint32 visits;
  guint32 score2;        /* twice the summed reward of `mover`: its whole part */
  guint8  mover;         /* the player who made `move` */
  gint8   proven;        /* for mover: 1 won, -1 lost, 0 not known */
  /* The fraction of twice the summed reward, in 2^-16ths: only evaluation-cut
   * playouts (params.playout_cut) give fractional rewards; without them it
   * stays 0 and score2 is exact, as it always was. */
  guint16 frac;
} Node;

/* Twice a reward in 2^-16ths: a win is 2 << 16. */
#define REWARD_ONE (1u << 16)

/* Adds twice a reward, in 2^-16ths, to a sum kept as a whole part and a
 * fraction (fixed point: exact). */
static inline void
sum_add (guint32 *score2,
         guint16 *frac,
         guint32  reward16)
{
  guint32 f = (guint32) *frac + (reward16 & 0xffff);

  *score2 += (reward16 >> 16) + (f >> 16);
  *frac = (guint16) (f & 0xffff);
}

/* Such a sum as a number (score2 itself when frac is 0). */
static inline double
sum_value (guint32 score2,
           guint16 frac)
{
  return score2 + frac / (double) REWARD_ONE;
}

static inline void
node_add (Node    *n,
          guint32  reward16)
{
  sum_add (&n->score2, &n->frac, reward16);
}

/* Twice the summed reward as a number. */
static inline double
node_score2 (const Node *n)
{
  return sum_value (n->score2, n->frac);
}

/* One order of one step of a simultaneous round; score2 as in Node (a
 * whole part and 2^-16ths), since cut playouts give fractional rewards. */
typedef struct {
  BsMove  move;
  guint32 visits;
  guint32 score2;
  guint16 frac;
} Arm;

static inline void
arm_add (Arm     *a,
         guint32  reward16)
{
  sum_add (&a->score2, &a->frac, reward16);
}

static inline double
arm_score2 (const Arm *a)
{
  return sum_value (a->score2, a->frac);
}

typedef struct {
  const BsRuleset *rs;
  BsSearchParams   params;
  double           exploration;
  BsRng            rng;
  BsPosition      *scratch;      /* copy-make: the root is copied in each iteration */
  BsMove          *moves;        /* rs->max_moves */

  Node            *nodes;
  guint32          n_nodes;
  guint32          capacity;
  guint32          max_nodes;
  guint32         *path;
  guint            path_capacity;

  /* Simultaneous games: the marginal statistics of each step's orders,
   * arms[step * max_moves + i], n_arms[step], and whose step it is. */
  Arm             *arms;
  guint           *n_arms;
  guint8          *step_mover;
  guint            n_steps;      /* steps of the root round */
  guint            max_steps;

  guint64          iterations;
  double           cut_scale;    /* S of the evaluation's logistic, in BS_EVALUATION_UNITs */
} Search;

static inline guint32
reward2 (guint8 result,
         int    player)
{
  if (result == BS_RESULT_DRAW || result == BS_RESULT_ONGOING)
    return 1;
  return (int) result == player ? 2 : 0;
}

/* Twice the reward of `mover` for one iteration, in 2^-16ths: the result of
 * a whole playout (cut is G_MAXUINT32), else the reward a cut playout gave
 * cut_player, or its complement. */
static inline guint32
iteration_reward16 (guint32 cut,
                    guint8  cut_player,
                    guint8  result,
                    int     mover)
{
  if (cut == G_MAXUINT32)
    return reward2 (result, mover) * REWARD_ONE;
  return mover == cut_player ? cut : 2 * REWARD_ONE - cut;
}

static void
search_init (Search                *s,
             const BsRuleset       *rs,
             const BsSearchParams  *params)
{
  memset (s, 0, sizeof *s);
  s->rs = rs;
  s->params = *params;
  s->exploration = params->exploration > 0 ? params->exploration : BS_SEARCH_DEFAULT_EXPLORATION;
  s->max_nodes = params->max_nodes > 0 ? params->max_nodes : BS_SEARCH_DEFAULT_MAX_NODES;
  s->cut_scale = params->playout_cut_scale > 0 ? params->playout_cut_scale
                                               : BS_SEARCH_DEFAULT_CUT_SCALE;
  bs_rng_init (&s->rng, params->seed);
  s->scratch = g_malloc0 (rs->position_size);
  s->moves = g_new (BsMove, MAX (rs->max_moves, 1));
}

static void
search_clear (Search *s)
{
  g_free (s->scratch);
  g_free (s->moves);
  g_free (s->nodes);
  g_free (s->path);
  g_free (s->arms);
  g_free (s->n_arms);
  g_free (s->step_mover);
}

static gsize
search_bytes (const Search *s)
{
  gsize bytes = s->rs->position_size + MAX (s->rs->max_moves, 1) * sizeof (BsMove);

  bytes += (gsize) s->capacity * sizeof (Node);
  bytes += s->path_capacity * sizeof (guint32);
  bytes += (gsize) s->max_steps * MAX (s->rs->max_moves, 1) * sizeof (Arm);
  bytes += s->max_steps * (sizeof (guint) + 1);
  return bytes;
}

/* Room for n more nodes, or FALSE when the cap forbids it. */
static gboolean
pool_reserve (Search  *s,
              guint32  n)
{
  guint64 need = (guint64) s->n_nodes + n;

  if (need > s->max_nodes)
    return FALSE;
  if (need > s->capacity)
    {
      /* Grow by at least half the pool, so that copying stays linear. */
      guint64 cap = MAX (need, (guint64) s->capacity + MAX (POOL_CHUNK, s->capacity / 2));
      cap = ((cap + POOL_CHUNK - 1) / POOL_CHUNK) * POOL_CHUNK;
      cap = MIN (cap, (guint64) s->max_nodes);
      s->nodes = g_renew (Node, s->nodes, cap);
      s->capacity = (guint32) cap;
    }
  return TRUE;
}

static void
path_reserve (Search *s,
              guint   depth)
{
  if (depth < s->path_capacity)
    return;
  s->path_capacity = MAX (64, s->path_capacity * 2);
  while (s->path_capacity <= depth)
    s->path_capacity *= 2;
  s->path = g_renew (guint32, s->path, s->path_capacity);
}

double
bs_search_cut_reward (int    score,
                      double scale)
{
  return 1.0 / (1.0 + exp (-(double) score / scale));
}

/* An evaluation-cut playout (params.playout_cut = K > 0): K random steps,
 * then on to the start of a turn (the evaluation judges whole turns), then,
 * if the game is not over, the evaluation of the position for the player to
 * move, squashed into a win probability (bs_search_cut_reward) and returned
 * as twice the reward in 2^-16ths; G_MAXUINT32 when the game ended. */
static guint32
cut_playout (Search *s)
{
  const BsRuleset *rs = s->rs;
  BsPosition *pos = s->scratch;
  double p;

  bs_ruleset_playout (rs, pos, &s->rng, s->moves, s->params.playout_cut);
  while (!bs_position_is_over (pos) && pos->step != 0)
    bs_ruleset_playout (rs, pos, &s->rng, s->moves, 1);
  if (bs_position_is_over (pos))
    return G_MAXUINT32;
  p = bs_search_cut_reward (bs_evaluation_score (rs, pos, BS_EVALUATION_FEATURES, s->moves),
                            s->cut_scale);
  return (guint32) lround (p * 2 * REWARD_ONE);
}

/* Plays the scratch position out; returns G_MAXUINT32 when it ended (the
 * result is in it), else twice the reward of the player to move in
 * 2^-16ths (an evaluation-cut playout). */
static guint32
playout (Search *s)
{
  const BsRuleset *rs = s->rs;
  BsPosition *pos = s->scratch;

  if (s->params.playout_cut > 0)
    {
      guint32 cut = cut_playout (s);

      if (cut != G_MAXUINT32)
        return cut;
    }
  else
    bs_ruleset_playout (rs, pos, &s->rng, s->moves, MAX_PLAYOUT_STEPS);
  if (!bs_position_is_over (pos))
    {
      g_warning ("A random playout of %s did not end after %u steps",
                 rs->module->id, MAX_PLAYOUT_STEPS);
      pos->result = BS_RESULT_DRAW;
      pos->ending = BS_ENDING_MOVE_LIMIT;
    }
  return G_MAXUINT32;
}

/* ---- Turn-based games: UCT ------------------------------------------- */

/* Expands `index` with the legal moves of the scratch position, in a
 * seeded random order (unvisited children are tried in that order). */
static gboolean
expand (Search  *s,
        guint32  index)
{
  guint n = bs_ruleset_generate (s->rs, s->scratch, s->moves);
  guint32 first;
  guint8 mover = s->scratch->to_move;

  g_assert (n > 0);
  if (!pool_reserve (s, n))
    return FALSE;
  for (guint i = n - 1; i > 0; i--)
    {
      guint j = bs_rng_below (&s->rng, i + 1);
      BsMove t = s->moves[i];
      s->moves[i] = s->moves[j];
      s->moves[j] = t;
    }
  first = s->n_nodes;
  for (guint i = 0; i < n; i++)
    {
      Node *c = &s->nodes[first + i];
      memset (c, 0, sizeof *c);
      c->move = s->moves[i];
      c->mover = mover;
    }
  s->n_nodes += n;
  s->nodes[index].first_child = first;
  s->nodes[index].n_children = n;
  return TRUE;
}

static guint32
select_child (Search  *s,
              guint32  index)
{
  Node *node = &s->nodes[index];
  Node *children = &s->nodes[node->first_child];
  double log_n, best_value = -1.0;
  guint32 best = G_MAXUINT32;

  /* node->proven is from node->mover's view; the children's mover is the
   * player to move here. A win for them is known: play it. */
  if (node->proven != 0
      && (children[0].mover == node->mover) == (node->proven > 0))
    {
      for (guint32 i = 0; i < node->n_tried; i++)
        if (children[i].proven > 0)
          return node->first_child + i;
    }
  if (node->n_tried < node->n_children)
    return node->first_child + node->n_tried++;

  log_n = log ((double) MAX (node->visits, 1));
  for (guint32 i = 0; i < node->n_children; i++)
    {
      const Node *c = &children[i];
      double value;

      if (c->proven < 0)
        continue;
      value = node_score2 (c) / (2.0 * c->visits) + s->exploration * sqrt (log_n / c->visits);
      if (value > best_value)
        {
          best_value = value;
          best = i;
        }
    }
  /* Every move loses: keep playing them out so the statistics stay sane. */
  if (best == G_MAXUINT32)
    best = bs_rng_below (&s->rng, node->n_children);
  return node->first_child + best;
}

/* After the child at path[i] got a proof, see whether its parent has one. */
static void
propagate_proofs (Search *s,
                  guint   depth)
{
  for (guint i = depth; i > 0; i--)
    {
      Node *child = &s->nodes[s->path[i]];
      Node *parent = &s->nodes[s->path[i - 1]];
      gboolean same = child->mover == parent->mover;

      if (parent->proven != 0 || child->proven == 0)
        continue;
      if (child->proven > 0)
        parent->proven = same ? 1 : -1;
      else if (parent->n_tried == parent->n_children)
        {
          const Node *siblings = &s->nodes[parent->first_child];
          guint32 j;

          for (j = 0; j < parent->n_children; j++)
            if (siblings[j].proven >= 0)
              break;
          if (j == parent->n_children)
            parent->proven = same ? -1 : 1;
        }
    }
}

static void
uct_iteration (Search           *s,
               const BsPosition *root)
{
  const BsRuleset *rs = s->rs;
  guint depth = 0;
  guint32 index = 0;
  gboolean proof = FALSE;
  guint32 cut = G_MAXUINT32;
  guint8 result, cut_player = 0;

  bs_position_copy (rs, s->scratch, root);
  path_reserve (s, 0);
  s->path[0] = 0;

  while (!bs_position_is_over (s->scratch))
    {
      guint32 child;

      if (s->nodes[index].n_children == 0)
        {
          /* A leaf is expanded on a later visit; with a wide branching
           * (the parent's, as an estimate) it waits longer, so the pool
           * is not spent on thousands of children seen once. */
          guint32 wait = 1 + s->nodes[s->path[depth > 0 ? depth - 1 : 0]].n_children / 64;

          if (s->nodes[index].visits < wait || !expand (s, index))
            {
              cut = playout (s);
              cut_player = s->scratch->to_move;
              break;
            }
        }
      child = select_child (s, index);
      bs_ruleset_apply (rs, s->scratch, s->nodes[child].move, NULL);
      path_reserve (s, ++depth);
      s->path[depth] = child;
      index = child;
      if (s->nodes[child].visits == 0 && bs_position_is_over (s->scratch))
        {
          guint8 r = s->scratch->result;
          Node *c = &s->nodes[child];

          if (r == BS_RESULT_WIN_1 || r == BS_RESULT_WIN_2)
            {
              c->proven = (int) r == c->mover ? 1 : -1;
              proof = TRUE;
            }
        }
    }

  result = s->scratch->result;
  for (guint i = 0; i <= depth; i++)
    {
      Node *n = &s->nodes[s->path[i]];
      n->visits++;
      node_add (n, iteration_reward16 (cut, cut_player, result, n->mover));
    }
  if (proof || s->nodes[index].proven != 0)
    propagate_proofs (s, depth);
}

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const BsSearchCandidate *ca = a, *cb = b;

  if (ca->step != cb->step)
    return ca->step < cb->step ? -1 : 1;
  if (ca->proven != cb->proven)
    return ca->proven > cb->proven ? -1 : 1;
  if (ca->visits != cb->visits)
    return ca->visits > cb->visits ? -1 : 1;
  if (ca->win_rate != cb->win_rate)
    return ca->win_rate > cb->win_rate ? -1 : 1;
  return 0;
}

/* The orders of a simultaneous round are ranked by a lower confidence
 * bound of their mean: the opponent's replies shift during the search, so
 * early visits say less than in a tree, and an order that has become
 * clearly better late must not lose to one that was visited early. */
static double
lower_bound (const BsSearchCandidate *c)
{
  if (c->visits == 0)
    return -1.0;
  return c->win_rate - 2.0 * sqrt (c->win_rate * (1.0 - c->win_rate) / c->visits);
}

static int
compare_candidates_lower_bound (gconstpointer a,
                                gconstpointer b)
{
  const BsSearchCandidate *ca = a, *cb = b;
  double la = lower_bound (ca), lb = lower_bound (cb);

  if (ca->step != cb->step)
    return ca->step < cb->step ? -1 : 1;
  if (la != lb)
    return la > lb ? -1 : 1;
  return compare_candidates (a, b);
}

/* Picks among candidates [0, n) (sorted best first) with probability
 * proportional to visits^(1/t); never a proven loss when another exists,
 * always a proven win. */
static guint
pick_with_temperature (Search                  *s,
                       const BsSearchCandidate *cands,
                       guint                    n)
{
  double total = 0, r;
  guint usable = n;

  if (s->params.temperature <= 0 || n <= 1 || cands[0].proven > 0)
    return 0;
  while (usable > 1 && cands[usable - 1].proven < 0)
    usable--;
  for (guint i = 0; i < usable; i++)
    total += pow ((double) cands[i].visits, 1.0 / s->params.temperature);
  if (total <= 0)
    return 0;
  r = bs_rng_double (&s->rng) * total;
  for (guint i = 0; i < usable; i++)
    {
      r -= pow ((double) cands[i].visits, 1.0 / s->params.temperature);
      if (r < 0)
        return i;
    }
  return 0;
}

/* Sorts a turn-based search's root candidates and chooses among them. */
static void
choose_candidate (Search         *s,
                  BsSearchResult *result)
{
  BsSearchCandidate *cands;
  guint chosen;

  g_array_sort (result->candidates, compare_candidates);
  cands = (BsSearchCandidate *) (gpointer) result->candidates->data;
  chosen = pick_with_temperature (s, cands, result->candidates->len);
  result->randomized = chosen != 0;
  result->n_steps = result->n_round_steps = 1;
  result->steps = g_new (BsMove, 1);
  result->round_steps = g_new (BsMove, 1);
  result->steps[0] = result->round_steps[0] = cands[chosen].move;
  result->player_first_step = 0;
  result->win_rate = cands[chosen].win_rate;
}

static void
uct_finish (Search         *s,
            BsSearchResult *result)
{
  const Node *root = &s->nodes[0];

  for (guint32 i = 0; i < root->n_children; i++)
    {
      const Node *c = &s->nodes[root->first_child + i];
      BsSearchCandidate cand = {
        .move = c->move,
        .step = 0,
        .visits = c->visits,
        .win_rate = c->visits > 0 ? node_score2 (c) / (2.0 * c->visits) : 0.0,
        .proven = c->proven,
      };
      g_array_append_val (result->candidates, cand);
    }
  choose_candidate (s, result);
  result->n_nodes = s->n_nodes;
}

/* ---- Simultaneous games: decoupled trees over each player's orders ---- */

/* A round is searched with one tree per player over that player's own
 * orders (node 0: player 1's first order, node 1: player 2's). Player 2's
 * tree is entered the same way whatever player 1 ordered in the iteration,
 * so neither side's choice depends on the other's orders of the round;
 * within a side, an order is chosen knowing the side's earlier orders, so
 * combinations of pieces are found. Rounds after the first are played out
 * at random. Besides the trees, every order of every step keeps marginal
 * statistics (the arms): the hint shows them, and they complete a side's
 * orders where its tree has not grown deep enough. */

/* The share of iterations in which a side of a simultaneous round gives
 * random orders (see simultaneous_iteration). 0.25 measured best of
 * 0, 0.25 and 0.5 (docs/SEARCH.md). */
#define RANDOM_SIDE_SHARE 0.25
#define RANDOM_ORDER      0x80000000u   /* flag in `chosen`: a random side's order */

static guint
find_arm (Search *s,
          guint   step,
          BsMove  move)
{
  Arm *arms = &s->arms[(gsize) step * s->rs->max_moves];
  guint n = s->n_arms[step];

  for (guint i = 0; i < n; i++)
    if (arms[i].move == move)
      return i;
  g_assert (n < s->rs->max_moves);
  arms[n].move = move;
  arms[n].visits = 0;
  arms[n].score2 = 0;
  arms[n].frac = 0;
  s->n_arms[step] = n + 1;
  return n;
}

static void
simultaneous_iteration (Search           *s,
                        const BsPosition *root,
                        guint            *chosen)
{
  const BsRuleset *rs = s->rs;
  guint step = 0, depth = 0;
  guint8 result, cut_player;
  guint32 cut;
  gboolean random_side[3] = { FALSE, FALSE, FALSE };

  bs_position_copy (rs, s->scratch, root);
  do
    {
      int player = s->scratch->to_move;
      guint32 index = player == 1 ? 0 : 1;
      gboolean in_tree = bs_rng_double (&s->rng) >= RANDOM_SIDE_SHARE;

      /* In a share of the iterations the side gives uniformly random
       * orders instead of its tree's: the other side's tree then learns
       * against a mixture of the best reply and random play, which keeps
       * it from over-fitting one predicted answer (the equilibrium is
       * mixed, and weak opponents are common). */
      if (in_tree)
        {
          path_reserve (s, depth);
          s->path[depth++] = index;
        }
      else
        random_side[player] = TRUE;
      do
        {
          BsMove move;

          g_assert (step < s->max_steps);
          if (in_tree && s->nodes[index].n_children == 0 &&
              ((index > 1 && s->nodes[index].visits == 0) || !expand (s, index)))
            in_tree = FALSE;
          if (in_tree)
            {
              index = select_child (s, index);
              move = s->nodes[index].move;
              path_reserve (s, depth);
              s->path[depth++] = index;
            }
          else
            move = bs_ruleset_random_move (rs, s->scratch, &s->rng, s->moves);
          s->step_mover[step] = (guint8) player;
          /* A random side's order gets an arm (every step then has one)
           * but no statistics. */
          chosen[step] = find_arm (s, step, move) | (random_side[player] ? RANDOM_ORDER : 0);
          bs_ruleset_apply (rs, s->scratch, move, NULL);
          step++;
        }
      while (s->scratch->step != 0 && s->scratch->to_move == player &&
             !bs_position_is_over (s->scratch));
    }
  while (s->scratch->step != 0 && !bs_position_is_over (s->scratch));
  s->n_steps = MAX (s->n_steps, step);

  /* A cut playout (params.playout_cut) ends at the start of a later round
   * and is judged by the evaluation for the player to move there. */
  cut = playout (s);
  cut_player = s->scratch->to_move;
  result = s->scratch->result;
  for (guint i = 0; i < depth; i++)
    {
      Node *n = &s->nodes[s->path[i]];
      n->visits++;
      node_add (n, iteration_reward16 (cut, cut_player, result, n->mover));
    }
  for (guint i = 0; i < step; i++)
    {
      Arm *a;

      if (chosen[i] & RANDOM_ORDER)
        continue;
      a = &s->arms[(gsize) i * rs->max_moves + chosen[i]];
      a->visits++;
      arm_add (a, iteration_reward16 (cut, cut_player, result, s->step_mover[i]));
    }
}

static void
simultaneous_finish (Search         *s,
                     int             player,
                     BsSearchResult *result)
{
  g_autoptr(GArray) children = g_array_new (FALSE, TRUE, sizeof (BsSearchCandidate));
  guint32 index[3] = { 0, 0, 1 };       /* where each side is in its tree */
  double sum = 0;
  guint first = G_MAXUINT, n_own = 0;

  result->n_round_steps = s->n_steps;
  result->round_steps = g_new0 (BsMove, MAX (s->n_steps, 1));
  for (guint step = 0; step < s->n_steps; step++)
    {
      const Arm *arms = &s->arms[(gsize) step * s->rs->max_moves];
      int mover = s->step_mover[step];
      guint start = result->candidates->len;
      guint32 node = index[mover];
      BsSearchCandidate choice;

      for (guint i = 0; i < s->n_arms[step]; i++)
        {
          BsSearchCandidate cand = {
            .move = arms[i].move,
            .step = step,
            .visits = arms[i].visits,
            .win_rate = arms[i].visits > 0 ? arm_score2 (&arms[i]) / (2.0 * arms[i].visits) : 0.0,
            .proven = 0,
          };
          g_array_append_val (result->candidates, cand);
        }
      g_array_sort (result->candidates, compare_candidates_lower_bound);
      choice = g_array_index (result->candidates, BsSearchCandidate, start);

      /* Follow the side's tree while it has statistics there. */
      if (node != G_MAXUINT32 && s->nodes[node].n_children > 0 && s->nodes[node].visits > 0)
        {
          const Node *kids = &s->nodes[s->nodes[node].first_child];
          BsSearchCandidate *cands;
          guint k;

          g_array_set_size (children, 0);
          for (guint32 i = 0; i < s->nodes[node].n_children; i++)
            {
              BsSearchCandidate cand = {
                .move = kids[i].move,
                .step = 0,
                .visits = kids[i].visits,
                .win_rate = kids[i].visits > 0 ? node_score2 (&kids[i]) / (2.0 * kids[i].visits) : 0.0,
              };
              g_array_append_val (children, cand);
            }
          g_array_sort (children, compare_candidates);
          cands = (BsSearchCandidate *) (gpointer) children->data;
          k = mover == player ? pick_with_temperature (s, cands, children->len) : 0;
          result->randomized |= k != 0;
          choice.move = cands[k].move;
          choice.win_rate = cands[k].win_rate;
          index[mover] = G_MAXUINT32;
          for (guint32 i = 0; i < s->nodes[node].n_children; i++)
            if (kids[i].move == choice.move)
              index[mover] = s->nodes[node].first_child + i;
        }
      else
        index[mover] = G_MAXUINT32;

      if (mover == player)
        {
          if (first == G_MAXUINT)
            first = step;
          n_own++;
          sum += choice.win_rate;
        }
      result->round_steps[step] = choice.move;
    }
  if (first == G_MAXUINT)
    first = 0;
  result->player_first_step = first;
  result->n_steps = n_own;
  result->steps = g_new0 (BsMove, MAX (n_own, 1));
  memcpy (result->steps, result->round_steps + first, n_own * sizeof (BsMove));
  result->win_rate = n_own > 0 ? sum / n_own : 0.5;
  result->n_nodes = s->n_nodes;
}

/* ---- Public API ----------------------------------------------------- */

void
bs_search_params_init (BsSearchParams *params,
                       BsSearchLevel   level,
                       guint64         seed)
{
  g_return_if_fail (params != NULL);

  memset (params, 0, sizeof *params);
  params->level = level;
  params->seed = seed;
  switch (level)
    {
    case BS_SEARCH_LEVEL_EASY:
      params->playouts = BS_SEARCH_EASY_PLAYOUTS;
      params->temperature = BS_SEARCH_EASY_TEMPERATURE;
      break;
    case BS_SEARCH_LEVEL_MEDIUM:
      params->playouts = BS_SEARCH_MEDIUM_PLAYOUTS;
      break;
    case BS_SEARCH_LEVEL_HARD:
      params->playouts = BS_SEARCH_HARD_PLAYOUTS;
      params->time_ms = BS_SEARCH_HARD_TIME_MS;
      params->cpu_time = TRUE;
      break;
    case BS_SEARCH_LEVEL_CUSTOM:
    default:
      params->level = BS_SEARCH_LEVEL_CUSTOM;
      params->playouts = 1000;
      break;
    }
}

void
bs_search_params_init_for_game (BsSearchParams  *params,
                                BsSearchLevel    level,
                                const BsRuleset *rs,
                                guint64          seed)
{
  g_return_if_fail (params != NULL && rs != NULL);

  bs_search_params_init (params, level, seed);
  if (level == BS_SEARCH_LEVEL_HARD)
    params->playout_cut = bs_ruleset_get_playout_cut (rs);
}

gboolean
bs_search_level_plays_alpha_beta (BsSearchLevel    level,
                                  const BsRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, FALSE);

  return level == BS_SEARCH_LEVEL_HARD
         && bs_ruleset_get_strongest_search (rs) == BS_STRONGEST_ALPHA_BETA;
}

gboolean
bs_search_params_parse (BsSearchParams  *params,
                        const char      *text,
                        guint64          seed,
                        GError         **error)
{
  static const char * const names[] = { "easy", "medium", "hard" };
  guint64 value;
  const char *end = NULL;

  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_ascii_strcasecmp (text, names[i]) == 0)
      {
        bs_search_params_init (params, (BsSearchLevel) i, seed);
        return TRUE;
      }

  value = g_ascii_strtoull (text, (char **) &end, 10);
  if (end != text && g_ascii_isdigit (text[0]) && value > 0)
    {
      if (*end == '\0' && value <= G_GUINT64_CONSTANT (1000000000))
        {
          bs_search_params_init (params, BS_SEARCH_LEVEL_CUSTOM, seed);
          params->playouts = value;
          return TRUE;
        }
      if (g_str_equal (end, "ms") && value <= 3600000)
        {
          bs_search_params_init (params, BS_SEARCH_LEVEL_CUSTOM, seed);
          params->playouts = 0;
          params->time_ms = (guint) value;
          params->cpu_time = TRUE;
          return TRUE;
        }
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Unknown level “%s”: expected easy, medium, hard, a number of playouts "
                 "(1 to 1000000000) or a time such as 1500ms"), text);
  return FALSE;
}

const char *
bs_search_level_to_string (BsSearchLevel level)
{
  switch (level)
    {
    case BS_SEARCH_LEVEL_EASY:   return "easy";
    case BS_SEARCH_LEVEL_MEDIUM: return "medium";
    case BS_SEARCH_LEVEL_HARD:   return "hard";
    case BS_SEARCH_LEVEL_CUSTOM:
    default:                     return "custom";
    }
}

void
bs_search_progress_reset (BsSearchProgress *progress)
{
  g_atomic_int_set (&progress->permille, 0);
  g_atomic_int_set (&progress->iterations, 0);
}

double
bs_search_progress_get_fraction (const BsSearchProgress *progress)
{
  return g_atomic_int_get (&progress->permille) / 1000.0;
}

int
bs_search_progress_get_iterations (const BsSearchProgress *progress)
{
  return g_atomic_int_get (&progress->iterations);
}

void
bs_search_result_free (BsSearchResult *result)
{
  if (result == NULL)
    return;
  g_free (result->steps);
  g_free (result->round_steps);
  if (result->candidates != NULL)
    g_array_unref (result->candidates);
  g_free (result);
}

gint64
bs_search_thread_cpu_us (void)
{
#ifdef CLOCK_THREAD_CPUTIME_ID
  struct timespec ts;

  if (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts) == 0)
    return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
#endif
  return -1;
}

static void
report_progress (BsSearchProgress *progress,
                 guint64           iterations,
                 guint64           budget,
                 gint64            elapsed_us,
                 gint64            time_us)
{
  double fraction = 0;

  if (progress == NULL)
    return;
  if (budget > 0)
    fraction = (double) iterations / budget;
  if (time_us > 0)
    fraction = MAX (fraction, (double) elapsed_us / time_us);
  g_atomic_int_set (&progress->permille, (int) (CLAMP (fraction, 0.0, 1.0) * 1000));
  g_atomic_int_set (&progress->iterations, (int) MIN (iterations, (guint64) G_MAXINT));
}

/* What one tree may spend: iterations (0 = no cap) and a time (0 = none),
 * counted on the searching thread's CPU clock when cpu_time is set. */
typedef struct {
  guint64  budget;
  gint64   time_us;
  gboolean cpu_time;
} Limits;

/* Sets up the tree(s) of s for the root position. */
static void
search_start (Search           *s,
              const BsPosition *pos,
              gboolean          simultaneous)
{
  const BsRuleset *rs = s->rs;

  if (simultaneous)
    {
      s->max_steps = MAX (bs_ruleset_max_turn_steps (rs), 1);
      s->arms = g_new0 (Arm, (gsize) s->max_steps * MAX (rs->max_moves, 1));
      s->n_arms = g_new0 (guint, s->max_steps);
      s->step_mover = g_new0 (guint8, s->max_steps);
      /* Two roots: the first order of player 1 and of player 2. */
      pool_reserve (s, 2);
      memset (s->nodes, 0, 2 * sizeof (Node));
      s->nodes[0].mover = 1;
      s->nodes[1].mover = 2;
      s->n_nodes = 2;
    }
  else
    {
      pool_reserve (s, 1);
      memset (&s->nodes[0], 0, sizeof (Node));
      s->nodes[0].mover = (guint8) bs_opponent (pos->to_move);
      s->n_nodes = 1;
      /* The root is always expanded, whatever the cap. */
      bs_position_copy (rs, s->scratch, pos);
      if (!expand (s, 0))
        {
          s->max_nodes = G_MAXUINT32;
          expand (s, 0);
        }
    }
}

/* Iterates until the limits are reached, the root is proven or the search
 * is cancelled; returns the CPU time this thread spent (or -1 where the
 * platform cannot tell). Only one thread reports progress. */
static gint64
search_grow (Search            *s,
             const BsPosition  *pos,
             gboolean           simultaneous,
             const Limits      *limits,
             BsSearchProgress  *progress,
             GCancellable      *cancellable)
{
  g_autofree guint *chosen = NULL;
  gint64 start = g_get_monotonic_time ();
  gint64 cpu_start = bs_search_thread_cpu_us ();
  gint64 deadline = 0, cpu_deadline = 0;

  if (limits->time_us > 0 && limits->cpu_time && cpu_start >= 0)
    cpu_deadline = cpu_start + limits->time_us;
  else if (limits->time_us > 0)
    deadline = start + limits->time_us;
  if (simultaneous)
    chosen = g_new0 (guint, s->max_steps);

  for (;;)
    {
      if (limits->budget > 0 && s->iterations >= limits->budget)
        break;
      /* A proven root: the winning move is known, or every move loses. */
      if (!simultaneous && s->nodes[0].proven != 0)
        break;
      if (s->iterations % CHECK_INTERVAL == 0 && s->iterations > 0)
        {
          gint64 now = g_get_monotonic_time ();
          /* A CPU budget's progress is the CPU used, so that the bar a user
           * watches on a busy machine fills as the budget is spent. */
          gint64 cpu_now = cpu_deadline > 0 ? bs_search_thread_cpu_us () : 0;

          report_progress (progress, s->iterations, limits->budget,
                           cpu_deadline > 0 ? cpu_now - cpu_start : now - start,
                           limits->time_us);
          if (g_cancellable_is_cancelled (cancellable))
            break;
          if (deadline > 0 && now >= deadline)
            break;
          if (cpu_deadline > 0 && cpu_now >= cpu_deadline)
            break;
        }
      if (simultaneous)
        simultaneous_iteration (s, pos, chosen);
      else
        uct_iteration (s, pos);
      s->iterations++;
    }
  return cpu_start >= 0 ? bs_search_thread_cpu_us () - cpu_start : -1;
}

/* One more tree of a root-parallel search, grown in a thread of its own. */
typedef struct {
  Search            search;
  const BsPosition *pos;
  Limits            limits;
  GCancellable     *cancellable;
  gint64            cpu_us;
} Helper;

static gpointer
helper_thread (gpointer data)
{
  Helper *helper = data;

  search_start (&helper->search, helper->pos, FALSE);
  helper->cpu_us = search_grow (&helper->search, helper->pos, FALSE, &helper->limits, NULL,
                                helper->cancellable);
  return NULL;
}

/* Adds the root statistics of another tree to s's (root parallelism): the
 * same moves, each tree in its own seeded order, so matched by move. A
 * proof found by either tree holds. */
static void
merge_root (Search       *s,
            const Search *other)
{
  Node *root = &s->nodes[0];
  const Node *other_root = &other->nodes[0];
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);

  for (guint32 i = 0; i < root->n_children; i++)
    g_hash_table_insert (index, GUINT_TO_POINTER (s->nodes[root->first_child + i].move),
                         GUINT_TO_POINTER (root->first_child + i + 1));
  for (guint32 i = 0; i < other_root->n_children; i++)
    {
      const Node *from = &other->nodes[other_root->first_child + i];
      guint32 at = GPOINTER_TO_UINT (g_hash_table_lookup (index, GUINT_TO_POINTER (from->move)));
      Node *to;

      g_assert (at > 0);
      to = &s->nodes[at - 1];
      to->visits += from->visits;
      to->score2 += from->score2;
      node_add (to, from->frac);
      if (to->proven == 0)
        to->proven = from->proven;
    }
  root->visits += other_root->visits;
  root->score2 += other_root->score2;
  node_add (root, other_root->frac);
  root->n_tried = root->n_children;
  s->iterations += other->iterations;
}

/* ---- Turn-based games: one tree grown by several threads -------------- */

/* Tree parallelism (params.shared_tree): all the threads descend one tree
 * at once. Its node pool is reserved whole up front (pages that are never
 * touched cost nothing), so it never moves while threads read it; nodes are
 * claimed with a compare-and-swap on the pool's count. Everything a thread
 * of its own needs (scratch position, move buffer, path, generator) is in
 * its own Search; the tree's statistics are atomics.
 *
 * Virtual loss: an iteration adds itself to `pending` of every node on its
 * way down, which counts as a visit that won nothing, and takes it back on
 * its way up as it adds its real visit and reward; so threads that descend
 * at the same moment spread over different moves. */
typedef struct {
  _Atomic guint64 sum;          /* twice the summed reward of `mover`, in 2^-16ths */
  BsMove          move;
  guint32         first_child;  /* published by state = SHARED_EXPANDED */
  guint32         n_children;   /* likewise */
  _Atomic guint32 n_tried;      /* children [0, n_tried) have been claimed */
  _Atomic guint32 visits;       /* finished iterations through the node */
  _Atomic guint32 pending;      /* virtual loss: iterations still on their way */
  _Atomic guint32 own;          /* iterations whose playout began here (or ended the game here) */
  guint8          mover;
  _Atomic gint8   proven;       /* for mover: 1 won, -1 lost, 0 not known */
  _Atomic guint8  state;
} SharedNode;

enum {
  SHARED_LEAF,
  SHARED_EXPANDING,   /* one thread generates the children; the others play out */
  SHARED_EXPANDED,
};

typedef struct {
  SharedNode      *nodes;       /* max_nodes reserved: never moves */
  guint32          max_nodes;
  _Atomic guint32  n_nodes;
  guint64          budget;      /* iterations of all threads together; 0 = no cap */
  _Atomic guint64  claimed;     /* iterations begun, for the budget */
  _Atomic guint64  iterations;  /* iterations done */
  double           exploration;
} SharedTree;

/* Expands `index` (which this thread holds in SHARED_EXPANDING) with the
 * moves of the scratch position in a seeded random order; on a full pool
 * it goes back to a leaf and FALSE is returned. */
static gboolean
shared_expand (Search     *s,
               SharedTree *t,
               guint32     index)
{
  SharedNode *node = &t->nodes[index];
  guint n = bs_ruleset_generate (s->rs, s->scratch, s->moves);
  guint8 mover = s->scratch->to_move;
  guint32 first = atomic_load (&t->n_nodes);

  g_assert (n > 0);
  do
    {
      if ((guint64) first + n > t->max_nodes)
        {
          atomic_store (&node->state, SHARED_LEAF);
          return FALSE;
        }
    }
  while (!atomic_compare_exchange_weak (&t->n_nodes, &first, first + n));
  for (guint i = n - 1; i > 0; i--)
    {
      guint j = bs_rng_below (&s->rng, i + 1);
      BsMove m = s->moves[i];
      s->moves[i] = s->moves[j];
      s->moves[j] = m;
    }
  /* Not yet reachable by any other thread: plain initialisation. */
  memset (&t->nodes[first], 0, n * sizeof (SharedNode));
  for (guint i = 0; i < n; i++)
    {
      t->nodes[first + i].move = s->moves[i];
      t->nodes[first + i].mover = mover;
    }
  node->first_child = first;
  node->n_children = n;
  atomic_store (&node->state, SHARED_EXPANDED);
  return TRUE;
}

/* UCT over visits + pending (the virtual loss). Call only on an expanded
 * node. */
static guint32
shared_select (Search     *s,
               SharedTree *t,
               guint32     index)
{
  SharedNode *node = &t->nodes[index];
  SharedNode *children = &t->nodes[node->first_child];
  guint32 n = node->n_children;
  gint8 proven = atomic_load (&node->proven);
  guint32 tried = atomic_load (&node->n_tried);
  double log_n, best_value = -1.0;
  guint32 best = G_MAXUINT32;

  if (proven != 0 && (children[0].mover == node->mover) == (proven > 0))
    {
      for (guint32 i = 0; i < n; i++)
        if (atomic_load (&children[i].proven) > 0)
          return node->first_child + i;
    }
  while (tried < n)
    if (atomic_compare_exchange_weak (&node->n_tried, &tried, tried + 1))
      return node->first_child + tried;

  log_n = log ((double) MAX (atomic_load (&node->visits) + atomic_load (&node->pending), 1));
  for (guint32 i = 0; i < n; i++)
    {
      SharedNode *c = &children[i];
      guint32 visits;
      double value;

      if (atomic_load (&c->proven) < 0)
        continue;
      visits = atomic_load (&c->visits) + atomic_load (&c->pending);
      /* Claimed a moment ago by a thread that has not yet marked its
       * passage: unvisited, so first. */
      if (visits == 0)
        return node->first_child + i;
      value = atomic_load (&c->sum) / (2.0 * REWARD_ONE * visits)
              + t->exploration * sqrt (log_n / visits);
      if (value > best_value)
        {
          best_value = value;
          best = i;
        }
    }
  if (best == G_MAXUINT32)
    best = bs_rng_below (&s->rng, n);
  return node->first_child + best;
}

/* Proofs in a shared tree, as propagate_proofs. A node's `proven` only ever
 * goes from 0 to a value (compare-and-swap), and a value is only written
 * when it is a fact: a move that ends the game won or lost, a child proven
 * won for the player to move, or every child proven lost; those children's
 * values were facts when they were read, and they never change. So a
 * thread can never read a wrong proof, only miss one: when two threads
 * prove the last two siblings at once, each may still see the other's 0
 * and neither proves the parent. A proof that is late or lost costs
 * strength (the parent is proven on a later visit, or is searched as
 * usual), never a wrong "proven win". */
static void
shared_propagate (SharedTree *t,
                  Search     *s,
                  guint       depth)
{
  for (guint i = depth; i > 0; i--)
    {
      SharedNode *child = &t->nodes[s->path[i]];
      SharedNode *parent = &t->nodes[s->path[i - 1]];
      gboolean same = child->mover == parent->mover;
      gint8 child_proven = atomic_load (&child->proven);
      gint8 value = 0, unknown = 0;

      if (child_proven == 0 || atomic_load (&parent->proven) != 0)
        continue;
      if (child_proven > 0)
        value = same ? 1 : -1;
      else
        {
          const SharedNode *siblings = &t->nodes[parent->first_child];
          guint32 j;

          for (j = 0; j < parent->n_children; j++)
            if (atomic_load (&siblings[j].proven) >= 0)
              break;
          if (j < parent->n_children)
            continue;
          value = same ? -1 : 1;
        }
      atomic_compare_exchange_strong (&parent->proven, &unknown, value);
    }
}

static void
shared_iteration (Search           *s,
                  SharedTree       *t,
                  const BsPosition *root)
{
  const BsRuleset *rs = s->rs;
  guint depth = 0;
  guint32 index = 0;
  gboolean proof = FALSE;
  guint32 cut = G_MAXUINT32;
  guint8 result, cut_player = 0;

  bs_position_copy (rs, s->scratch, root);
  path_reserve (s, 0);
  s->path[0] = 0;
  atomic_fetch_add (&t->nodes[0].pending, 1);

  while (!bs_position_is_over (s->scratch))
    {
      SharedNode *node = &t->nodes[index];
      guint8 state = atomic_load (&node->state);
      guint32 child;

      if (state != SHARED_EXPANDED)
        {
          /* The progressive wait of uct_iteration; the expansion is
           * claimed by one thread, and the others meanwhile play out. */
          guint32 wait = 1 + t->nodes[s->path[depth > 0 ? depth - 1 : 0]].n_children / 64;
          guint8 leaf = SHARED_LEAF;

          if (state != SHARED_LEAF || atomic_load (&node->visits) < wait
              || !atomic_compare_exchange_strong (&node->state, &leaf, SHARED_EXPANDING)
              || !shared_expand (s, t, index))
            {
              cut = playout (s);
              cut_player = s->scratch->to_move;
              break;
            }
        }
      child = shared_select (s, t, index);
      bs_ruleset_apply (rs, s->scratch, t->nodes[child].move, NULL);
      path_reserve (s, ++depth);
      s->path[depth] = child;
      index = child;
      atomic_fetch_add (&t->nodes[child].pending, 1);
      if (bs_position_is_over (s->scratch) && atomic_load (&t->nodes[child].proven) == 0)
        {
          guint8 r = s->scratch->result;
          SharedNode *c = &t->nodes[child];

          if (r == BS_RESULT_WIN_1 || r == BS_RESULT_WIN_2)
            {
              /* Every thread that gets here writes the same fact. */
              atomic_store (&c->proven, (gint8) ((int) r == c->mover ? 1 : -1));
              proof = TRUE;
            }
        }
    }

  result = s->scratch->result;
  for (guint i = 0; i <= depth; i++)
    {
      SharedNode *n = &t->nodes[s->path[i]];

      atomic_fetch_add (&n->sum, iteration_reward16 (cut, cut_player, result, n->mover));
      /* The real visit before the virtual one goes, so that visits +
       * pending never dips below what has passed. */
      atomic_fetch_add (&n->visits, 1);
      atomic_fetch_sub (&n->pending, 1);
    }
  atomic_fetch_add (&t->nodes[index].own, 1);
  if (proof || atomic_load (&t->nodes[index].proven) != 0)
    shared_propagate (t, s, depth);
}

/* The nodes that break the bookkeeping once every thread is done: a
 * virtual loss left, or visits that are not the children's plus the
 * node's own playouts. */
static guint
shared_count_unbalanced (const SharedTree *t)
{
  guint32 n_nodes = atomic_load (&t->n_nodes);
  guint bad = 0;

  for (guint32 i = 0; i < n_nodes; i++)
    {
      const SharedNode *n = &t->nodes[i];
      guint64 below = atomic_load (&n->own);

      if (atomic_load (&n->state) == SHARED_EXPANDED)
        for (guint32 j = 0; j < n->n_children; j++)
          below += atomic_load (&t->nodes[n->first_child + j].visits);
      if (atomic_load (&n->pending) != 0 || below != atomic_load (&n->visits))
        bad++;
    }
  return bad;
}

/* One thread of a shared-tree search. */
typedef struct {
  Search            search;
  SharedTree       *tree;
  const BsPosition *pos;
  Limits            limits;      /* its time; the budget is the tree's */
  BsSearchProgress *progress;    /* thread 0 only */
  GCancellable     *cancellable;
  gint64            cpu_us;
} SharedWorker;

static gpointer
shared_worker_run (gpointer data)
{
  SharedWorker *w = data;
  SharedTree *t = w->tree;
  gint64 start = g_get_monotonic_time ();
  gint64 cpu_start = bs_search_thread_cpu_us ();
  gint64 deadline = 0, cpu_deadline = 0;
  guint64 mine = 0;

  if (w->limits.time_us > 0 && w->limits.cpu_time && cpu_start >= 0)
    cpu_deadline = cpu_start + w->limits.time_us;
  else if (w->limits.time_us > 0)
    deadline = start + w->limits.time_us;

  for (;;)
    {
      if (atomic_load (&t->nodes[0].proven) != 0)
        break;
      if (mine % CHECK_INTERVAL == 0 && mine > 0)
        {
          gint64 now = g_get_monotonic_time ();
          gint64 cpu_now = cpu_deadline > 0 ? bs_search_thread_cpu_us () : 0;

          report_progress (w->progress, atomic_load (&t->iterations), t->budget,
                           cpu_deadline > 0 ? cpu_now - cpu_start : now - start,
                           w->limits.time_us);
          if (g_cancellable_is_cancelled (w->cancellable))
            break;
          if (deadline > 0 && now >= deadline)
            break;
          if (cpu_deadline > 0 && cpu_now >= cpu_deadline)
            break;
        }
      if (t->budget > 0 && atomic_fetch_add (&t->claimed, 1) >= t->budget)
        break;
      shared_iteration (&w->search, t, w->pos);
      atomic_fetch_add (&t->iterations, 1);
      mine++;
    }
  w->cpu_us = cpu_start >= 0 ? bs_search_thread_cpu_us () - cpu_start : -1;
  return NULL;
}

/* bs_search_run with params.shared_tree and n_threads > 1 (turn-based). */
static BsSearchResult *
shared_search_run (BsRuleset             *rs,
                   const BsPosition      *pos,
                   const BsSearchParams  *params,
                   const Limits          *limits,
                   guint                  n_threads,
                   BsSearchProgress      *progress,
                   GCancellable          *cancellable,
                   GError               **error)
{
  g_autoptr(BsSearchResult) result = NULL;
  g_autofree SharedWorker *workers = g_new0 (SharedWorker, n_threads);
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);
  SharedTree tree = { 0 };
  Search *main_search = &workers[0].search;
  guint8 leaf = SHARED_LEAF;
  gint64 start = g_get_monotonic_time (), cpu_us = 0;
  gsize bytes = 0;
  guint root_moves;

  for (guint k = 0; k < n_threads; k++)
    {
      BsSearchParams thread_params = *params;

      thread_params.seed = bs_search_thread_seed (params->seed, k);
      search_init (&workers[k].search, rs, &thread_params);
      workers[k].tree = &tree;
      workers[k].pos = pos;
      workers[k].limits = *limits;
      workers[k].cancellable = cancellable;
    }
  workers[0].progress = progress;

  /* The root is always expanded, whatever the cap. */
  bs_position_copy (rs, main_search->scratch, pos);
  root_moves = bs_ruleset_generate (rs, main_search->scratch, main_search->moves);
  tree.max_nodes = MAX (main_search->max_nodes, root_moves + 1);
  tree.nodes = g_new (SharedNode, tree.max_nodes);
  tree.budget = limits->budget;
  tree.exploration = main_search->exploration;
  memset (&tree.nodes[0], 0, sizeof (SharedNode));
  tree.nodes[0].mover = (guint8) bs_opponent (pos->to_move);
  atomic_store (&tree.n_nodes, 1);
  atomic_compare_exchange_strong (&tree.nodes[0].state, &leaf, SHARED_EXPANDING);
  shared_expand (main_search, &tree, 0);

  if (progress != NULL)
    bs_search_progress_reset (progress);
  for (guint k = 1; k < n_threads; k++)
    threads[k] = g_thread_new ("boardsmith-search", shared_worker_run, &workers[k]);
  shared_worker_run (&workers[0]);
  for (guint k = 1; k < n_threads; k++)
    g_thread_join (threads[k]);
  for (guint k = 0; k < n_threads; k++)
    {
      if (cpu_us >= 0)
        cpu_us = workers[k].cpu_us >= 0 ? cpu_us + workers[k].cpu_us : -1;
      bytes += search_bytes (&workers[k].search);
    }

  if (!g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      const SharedNode *root = &tree.nodes[0];

      result = g_new0 (BsSearchResult, 1);
      result->player = pos->to_move;
      result->candidates = g_array_new (FALSE, TRUE, sizeof (BsSearchCandidate));
      for (guint32 i = 0; i < root->n_children; i++)
        {
          const SharedNode *c = &tree.nodes[root->first_child + i];
          guint32 visits = atomic_load (&c->visits);
          BsSearchCandidate cand = {
            .move = c->move,
            .step = 0,
            .visits = visits,
            .win_rate = visits > 0 ? atomic_load (&c->sum) / (2.0 * REWARD_ONE * visits) : 0.0,
            .proven = atomic_load (&c->proven),
          };
          g_array_append_val (result->candidates, cand);
        }
      choose_candidate (main_search, result);
      result->iterations = atomic_load (&tree.iterations);
      result->elapsed_us = g_get_monotonic_time () - start;
      result->cpu_us = cpu_us >= 0 ? cpu_us : result->elapsed_us;
      result->n_nodes = atomic_load (&tree.n_nodes);
      result->bytes_used = bytes + (gsize) result->n_nodes * sizeof (SharedNode);
      result->n_unbalanced = shared_count_unbalanced (&tree);
      if (progress != NULL)
        {
          g_atomic_int_set (&progress->iterations,
                            (int) MIN (result->iterations, (guint64) G_MAXINT));
          g_atomic_int_set (&progress->permille, 1000);
        }
    }
  for (guint k = 0; k < n_threads; k++)
    search_clear (&workers[k].search);
  g_free (tree.nodes);
  return g_steal_pointer (&result);
}

static BsSearchResult *
search_run (BsRuleset             *rs,
            const BsPosition      *pos,
            const BsSearchParams  *params,
            BsSearchProgress      *progress,
            GCancellable          *cancellable,
            GError               **error)
{
  g_autoptr(BsSearchResult) result = NULL;
  g_autofree Helper *helpers = NULL;
  g_autofree GThread **threads = NULL;
  Search s;
  Limits limits;
  gboolean simultaneous;
  guint n_threads;
  guint32 n_nodes;
  gsize bytes;
  gint64 start, cpu_us;
  int player;

  g_return_val_if_fail (rs != NULL, NULL);
  g_return_val_if_fail (pos != NULL, NULL);
  g_return_val_if_fail (params != NULL, NULL);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (bs_position_is_over (pos))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The game is over: there is no move to search for"));
      return NULL;
    }
  simultaneous = bs_ruleset_is_simultaneous (rs);
  if (simultaneous && pos->step != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("A simultaneous round is searched from its start (step 0), not step %u"),
                   pos->step);
      return NULL;
    }
  player = params->player == 1 || params->player == 2 ? params->player : pos->to_move;
  if (!simultaneous)
    player = pos->to_move;

  limits.budget = params->playouts;
  limits.time_us = (gint64) params->time_ms * 1000;
  limits.cpu_time = params->cpu_time;
  if (limits.budget == 0 && limits.time_us == 0)
    limits.budget = 1000;
  /* Root parallelism: independent trees, a share of the playouts each (the
   * same total) or the whole time each, merged at the root at the end. */
  n_threads = simultaneous ? 1 : CLAMP (params->threads, 1, BS_SEARCH_MAX_THREADS);
  if (n_threads > 1 && params->shared_tree)
    return shared_search_run (rs, pos, params, &limits, n_threads, progress, cancellable, error);
  if (n_threads > 1)
    {
      helpers = g_new0 (Helper, n_threads - 1);
      threads = g_new0 (GThread *, n_threads - 1);
      for (guint k = 1; k < n_threads; k++)
        {
          Helper *helper = &helpers[k - 1];
          BsSearchParams thread_params = *params;

          thread_params.seed = bs_search_thread_seed (params->seed, k);
          search_init (&helper->search, rs, &thread_params);
          helper->pos = pos;
          helper->limits = limits;
          if (limits.budget > 0)
            helper->limits.budget = limits.budget / n_threads + (k < limits.budget % n_threads);
          helper->cancellable = cancellable;
        }
      if (limits.budget > 0)
        limits.budget = limits.budget / n_threads + (0 < limits.budget % n_threads);
    }

  search_init (&s, rs, params);
  start = g_get_monotonic_time ();
  if (progress != NULL)
    bs_search_progress_reset (progress);
  for (guint k = 1; k < n_threads; k++)
    threads[k - 1] = g_thread_new ("boardsmith-search", helper_thread, &helpers[k - 1]);
  search_start (&s, pos, simultaneous);
  cpu_us = search_grow (&s, pos, simultaneous, &limits, progress, cancellable);
  n_nodes = s.n_nodes;
  bytes = search_bytes (&s);
  for (guint k = 1; k < n_threads; k++)
    {
      Helper *helper = &helpers[k - 1];

      g_thread_join (threads[k - 1]);
      merge_root (&s, &helper->search);
      n_nodes += helper->search.n_nodes;
      bytes += search_bytes (&helper->search);
      if (cpu_us >= 0 && helper->cpu_us >= 0)
        cpu_us += helper->cpu_us;
      search_clear (&helper->search);
    }

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    {
      search_clear (&s);
      return NULL;
    }

  result = g_new0 (BsSearchResult, 1);
  result->player = player;
  result->candidates = g_array_new (FALSE, TRUE, sizeof (BsSearchCandidate));
  if (simultaneous)
    simultaneous_finish (&s, player, result);
  else
    uct_finish (&s, result);
  result->iterations = s.iterations;
  result->elapsed_us = g_get_monotonic_time () - start;
  result->cpu_us = cpu_us >= 0 ? cpu_us : result->elapsed_us;
  result->n_nodes = n_nodes;
  result->bytes_used = bytes;
  if (progress != NULL)
    {
      g_atomic_int_set (&progress->iterations, (int) MIN (s.iterations, (guint64) G_MAXINT));
      g_atomic_int_set (&progress->permille, 1000);
    }
  search_clear (&s);
  return g_steal_pointer (&result);
}

BsSearchResult *
bs_search_run (BsRuleset             *rs,
               const BsPosition      *pos,
               const BsSearchParams  *params,
               BsSearchProgress      *progress,
               GCancellable          *cancellable,
               GError               **error)
{
  BsSearchResult *result = search_run (rs, pos, params, progress, cancellable, error);

  if (result != NULL)
    result->playout_cut = params->playout_cut;
  return result;
}

guint64
bs_search_thread_seed (guint64 seed,
                       guint   thread)
{
  return seed + thread * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
}

typedef struct {
  BsRuleset        *rs;
  BsPosition       *pos;
  BsSearchParams    params;
  BsSearchProgress *progress;
} SearchTaskData;

static void
search_task_data_free (gpointer data)
{
  SearchTaskData *td = data;

  g_free (td->pos);
  bs_ruleset_unref (td->rs);
  g_free (td);
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  SearchTaskData *td = task_data;
  GError *error = NULL;
  BsSearchResult *result;

  result = bs_search_run (td->rs, td->pos, &td->params, td->progress, cancellable, &error);
  if (result == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) bs_search_result_free);
}

void
bs_search_run_async (BsRuleset             *rs,
                     const BsPosition      *pos,
                     const BsSearchParams  *params,
                     BsSearchProgress      *progress,
                     GCancellable          *cancellable,
                     GAsyncReadyCallback    callback,
                     gpointer               user_data)
{
  g_autoptr(GTask) task = NULL;
  SearchTaskData *td;

  g_return_if_fail (rs != NULL);
  g_return_if_fail (pos != NULL);
  g_return_if_fail (params != NULL);

  td = g_new0 (SearchTaskData, 1);
  td->rs = bs_ruleset_ref (rs);
  td->pos = bs_position_dup (rs, pos);
  td->params = *params;
  td->progress = progress;
  if (progress != NULL)
    bs_search_progress_reset (progress);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, bs_search_run_async);
  g_task_set_name (task, "[boardsmith] search");
  g_task_set_task_data (task, td, search_task_data_free);
  g_task_run_in_thread (task, search_thread);
}

BsSearchResult *
bs_search_run_finish (GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == bs_search_run_async, NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
