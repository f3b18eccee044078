/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-search"

#include "config.h"

#include "bs-alphabeta.h"

#include <glib/gi18n-lib.h>
#include <stdatomic.h>

#include "bs-rng.h"
#include "bs-search.h"

/* How often (in nodes) the CPU clock and the cancellable are read. */
#define CHECK_INTERVAL 2048
/* Bigger than any value: the window of a full search. */
#define INFINITE       (BS_ALPHA_BETA_WIN + 1)
/* Values this close to a win are wins at a distance: they are stored in
 * the table relative to the node, so that they stay true elsewhere. */
#define WIN_ZONE       BS_ALPHA_BETA_WIN_ZONE
#define HISTORY_BITS   12
#define HISTORY_LIMIT  (1 << 28)
#define DEFAULT_CPU_MS 1000
/* A timed search's table is sized for the nodes its budget can visit, at
 * this many entries per millisecond, between these bounds (log2): a short
 * search must not spend its budget faulting in a table it cannot fill
 * (docs/SEARCH.md, "The table's size"). */
#define TT_ENTRIES_PER_MS 1024
#define TT_MIN_BITS       14

typedef enum {
  BOUND_NONE,
  BOUND_EXACT,
  BOUND_LOWER,    /* the value is at least this */
  BOUND_UPPER,    /* the value is at most this */
} Bound;

/* A table entry in three words that threads may read and write at once
 * (params.threads > 1, Lazy SMP): check is the key XOR the other two, so an
 * entry that another thread was writing meanwhile, torn, reads as a miss
 * (Hyatt and Mann's lockless hashing). Relaxed atomics: no order is needed
 * between the words, only whole words. */
typedef struct {
  _Atomic guint64 check;
  _Atomic guint64 word;    /* the move (low 32 bits), the value (high 32) */
  _Atomic guint64 meta;    /* the depth (bits 0-7), the bound (bits 8-15) */
} TtEntry;

typedef struct {
  BsMove move;
  int    value;
  guint  depth;
  Bound  bound;
} TtHit;

typedef struct {
  const BsRuleset         *rs;
  const BsAlphaBetaParams *params;
  BsPosition              *pos;
  BsMove                  *moves;      /* a row of rs->max_moves per ply */
  gint32                  *order;      /* the moves' ordering scores, alike */
  BsUndo                 **undo;       /* one per ply */
  BsMove                  *scratch;    /* for the evaluation */
  const double            *weights;    /* learned, or NULL: the declared ones */
  TtEntry                 *tt;         /* NULL: no table */
  guint64                  tt_mask;
  BsMove                   killers[BS_ALPHA_BETA_MAX_DEPTH][2];
  guint32                  history[2][1 << HISTORY_BITS];
  guint64                  root_seed;      /* the root's shuffle; 0: none */
  const gint              *stop_all;       /* a helper's: set when the search is done */
  gboolean                 helper;         /* a helper thread's searcher (Lazy SMP) */
  BsMove                   root_best;      /* of the iteration under way */
  gboolean                 root_best_set;
  BsMove                   previous_best;  /* of the last iteration completed */
  guint64                  nodes;
  guint64                  quiescence_nodes;
  gboolean                 quiescence;     /* the module marks forcing moves */
  gboolean                 pvs;            /* principal variation search */
  guint                    late_moves;     /* reduced after these; 0: none */
  gint64                   cpu_deadline;   /* thread CPU time, µs; 0 = none */
  GCancellable            *cancellable;
  gboolean                 may_stop;       /* depth 1 is done */
  gboolean                 stopped;
} AlphaBeta;

/* Whether value is a whole number written in digits alone, from min to max. */
static gboolean
parse_count (const char *value,
             guint64     min,
             guint64     max,
             guint64    *n)
{
  char *end = NULL;

  *n = g_ascii_strtoull (value, &end, 10);
  return end != value && *end == '\0' && g_ascii_isdigit (value[0]) && *n >= min && *n <= max;
}

gboolean
bs_alpha_beta_params_parse (BsAlphaBetaParams  *params,
                            const char         *text,
                            GError            **error)
{
  g_auto(GStrv) parts = NULL;

  memset (params, 0, sizeof *params);
  params->cpu_ms = DEFAULT_CPU_MS;
  if (text == NULL || *text == '\0')
    return TRUE;
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      const char *eq = strchr (parts[i], '=');
      const char *value = eq != NULL ? eq + 1 : "";
      g_autofree char *key = g_strndup (parts[i], eq != NULL ? (gsize) (eq - parts[i]) : 0);
      char *end = NULL;
      gboolean ok = FALSE;

      if (g_str_equal (key, "cpu"))
        {
          double seconds = g_ascii_strtod (value, &end);

          ok = end != value && *end == '\0' && seconds > 0 && seconds <= 3600;
          if (ok)
            params->cpu_ms = (guint) MAX (1.0, seconds * 1000 + 0.5);
        }
      else if (g_str_equal (key, "depth") || g_str_equal (key, "nodes"))
        {
          guint64 n;

          ok = parse_count (value, 1, key[0] == 'd' ? BS_ALPHA_BETA_MAX_DEPTH : G_MAXUINT64, &n);
          if (ok && key[0] == 'd')
            params->max_depth = (guint) n;
          else if (ok)
            params->max_nodes = n;
          /* A depth or node budget alone: no clock, so that it replays. */
          if (ok && !strstr (text, "cpu="))
            params->cpu_ms = 0;
        }
      else if (g_str_equal (key, "tt-bits"))
        {
          guint64 n;

          ok = parse_count (value, 10, 28, &n);
          if (ok)
            params->tt_bits = (guint) n;
        }
      else if (g_str_equal (key, "threads"))
        {
          guint64 n;

          ok = parse_count (value, 1, BS_SEARCH_MAX_THREADS, &n);
          if (ok)
            params->threads = (guint) n;
        }
      else if (g_str_equal (key, "reductions"))
        {
          guint64 n;
          gboolean counted = parse_count (value, 1, 1000, &n);

          params->no_reductions = g_str_equal (value, "off");
          params->late_moves = counted ? (guint) n : 0;
          ok = params->no_reductions || g_str_equal (value, "game") || counted;
        }
      else if (g_str_equal (key, "tt-cut"))
        {
          params->tt_same_depth = g_str_equal (value, "same");
          ok = params->tt_same_depth || g_str_equal (value, "deeper");
        }
      else if (g_str_equal (key, "weights") && *value != '\0')
        {
          g_clear_pointer (&params->weights, bs_weights_free);
          params->weights = bs_weights_load (value, error);
          if (params->weights == NULL)
            return FALSE;
          ok = TRUE;
        }
      else if (g_str_equal (key, "quiescence") || g_str_equal (key, "tt") ||
               g_str_equal (key, "ordering") || g_str_equal (key, "pvs"))
        {
          gboolean off = g_str_equal (value, "off");

          ok = off || g_str_equal (value, "on");
          if (key[0] == 'q')
            params->no_quiescence = off;
          else if (key[0] == 'p')
            params->no_pvs = off;
          else if (key[0] == 't')
            {
              params->no_tt = off;
              params->tt = !off;
            }
          else
            params->no_ordering = off;
        }
      else if (g_str_equal (key, "eval"))
        {
          static const char * const kinds[] = { "features", "generic", "material" };

          for (guint k = 0; k < G_N_ELEMENTS (kinds); k++)
            if (g_str_equal (value, kinds[k]))
              {
                params->evaluation = (BsEvaluationKind) k;
                ok = TRUE;
              }
        }
      if (!ok)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown alpha-beta setting “%s”: expected cpu=SECONDS, depth=N "
                         "(1 to %d), nodes=N, eval=features|generic|material, "
                         "quiescence=on|off, tt=on|off, tt-bits=N (10 to 28), tt-cut=deeper|same, "
                         "ordering=on|off, pvs=on|off, threads=N (1 to %d), "
                         "reductions=N|off|game (N from 1 to 1000) or weights=FILE"),
                       parts[i], BS_ALPHA_BETA_MAX_DEPTH, BS_SEARCH_MAX_THREADS);
          return FALSE;
        }
    }
  return TRUE;
}

void
bs_alpha_beta_params_clear (BsAlphaBetaParams *params)
{
  g_clear_pointer (&params->weights, bs_weights_free);
  memset (params, 0, sizeof *params);
}

static inline int
value_to_tt (int value,
             int ply)
{
  if (value > WIN_ZONE)
    return value + ply;
  if (value < -WIN_ZONE)
    return value - ply;
  return value;
}

static inline int
value_from_tt (int value,
               int ply)
{
  if (value > WIN_ZONE)
    return value - ply;
  if (value < -WIN_ZONE)
    return value + ply;
  return value;
}

/* A finished game, for the player to move in it: sooner wins score more. */
static int
terminal_value (const BsPosition *pos,
                int               ply)
{
  if (pos->result == BS_RESULT_DRAW)
    return 0;
  if (pos->result == pos->to_move)
    return BS_ALPHA_BETA_WIN - ply;
  return -(BS_ALPHA_BETA_WIN - ply);
}

static inline guint
history_index (BsMove move)
{
  return (guint) ((move * 2654435761u) >> (32 - HISTORY_BITS));
}

static inline gboolean
tt_probe (TtEntry *entry,
          guint64  key,
          TtHit   *hit)
{
  guint64 check = atomic_load_explicit (&entry->check, memory_order_relaxed);
  guint64 word = atomic_load_explicit (&entry->word, memory_order_relaxed);
  guint64 meta = atomic_load_explicit (&entry->meta, memory_order_relaxed);

  if ((check ^ word ^ meta) != key)
    return FALSE;
  hit->bound = (Bound) ((meta >> 8) & 0xff);
  if (hit->bound == BOUND_NONE)
    return FALSE;
  hit->move = (BsMove) (word & 0xffffffffu);
  hit->value = (gint32) (guint32) (word >> 32);
  hit->depth = (guint) (meta & 0xff);
  return TRUE;
}

static inline void
tt_store (TtEntry *entry,
          guint64  key,
          BsMove   move,
          int      value,
          guint    depth,
          Bound    bound)
{
  guint64 word = (guint64) move | ((guint64) (guint32) value << 32);
  guint64 meta = (guint64) depth | ((guint64) bound << 8);

  atomic_store_explicit (&entry->word, word, memory_order_relaxed);
  atomic_store_explicit (&entry->meta, meta, memory_order_relaxed);
  atomic_store_explicit (&entry->check, key ^ word ^ meta, memory_order_relaxed);
}

/* Stops the search once depth 1 is done and a budget is spent; the clock
 * and the cancellable are read when `now` or every CHECK_INTERVAL nodes. */
static void
check_budget (AlphaBeta *ab,
              gboolean   now)
{
  if (!ab->may_stop && !ab->helper)
    return;
  if (ab->params->max_nodes > 0 && ab->nodes >= ab->params->max_nodes)
    ab->stopped = TRUE;
  if (!now && ab->nodes % CHECK_INTERVAL != 0)
    return;
  if (g_cancellable_is_cancelled (ab->cancellable))
    ab->stopped = TRUE;
  if (ab->stop_all != NULL && g_atomic_int_get (ab->stop_all))
    ab->stopped = TRUE;
  if (ab->cpu_deadline > 0 && bs_search_thread_cpu_us () >= ab->cpu_deadline)
    ab->stopped = TRUE;
}

/* The order score_moves gives the table's move and the killers: above any history
 * count, so they come first, and recognised by score_moves_by_evaluation. */
#define ORDER_HASH_MOVE     G_MAXINT32
#define ORDER_FIRST_KILLER  (G_MAXINT32 - 1)
#define ORDER_SECOND_KILLER (G_MAXINT32 - 2)

/* Scores the moves for ordering: the table's move, the killers, then by
 * history. Without ordering, only the root's last choice goes first (what
 * lets an unfinished iteration choose) and the rest keep the module's order. */
static void
score_moves (AlphaBeta    *ab,
             const BsMove *moves,
             gint32       *order,
             guint         n,
             int           ply,
             gboolean      has_hash_move,
             BsMove        hash_move)
{
  const guint32 *history = ab->history[ab->pos->to_move - 1];

  for (guint i = 0; i < n; i++)
    {
      if (has_hash_move && moves[i] == hash_move)
        order[i] = ORDER_HASH_MOVE;
      else if (ab->params->no_ordering)
        order[i] = 0;
      else if (moves[i] == ab->killers[ply][0])
        order[i] = ORDER_FIRST_KILLER;
      else if (moves[i] == ab->killers[ply][1])
        order[i] = ORDER_SECOND_KILLER;
      else
        order[i] = (gint32) history[history_index (moves[i])];
    }
}

/* The evaluation one ply after each move, for the player making it: the
 * order of late-move reductions, after the table's move and the killers.
 * FALSE when the budget ran out meanwhile. */
static gboolean
score_moves_by_evaluation (AlphaBeta    *ab,
                           const BsMove *moves,
                           gint32       *order,
                           guint         n,
                           int           ply)
{
  const BsRuleset *rs = ab->rs;
  BsPosition *pos = ab->pos;

  for (guint i = 0; i < n; i++)
    {
      int mover = pos->to_move;
      int value;

      if (order[i] >= ORDER_SECOND_KILLER)
        continue;    /* the table's move or a killer */
      ab->nodes++;
      check_budget (ab, FALSE);
      if (ab->stopped)
        return FALSE;
      bs_ruleset_apply (rs, pos, moves[i], ab->undo[ply]);
      if (bs_position_is_over (pos))
        value = pos->result == BS_RESULT_DRAW ? 0
                : pos->result == mover ? BS_ALPHA_BETA_WIN : -BS_ALPHA_BETA_WIN;
      else
        {
          value = bs_evaluation_score_weighted (rs, pos, ab->params->evaluation, ab->weights,
                                                ab->scratch);
          if (pos->to_move != mover)
            value = -value;
        }
      bs_ruleset_undo (rs, pos, ab->undo[ply]);
      order[i] = value;
    }
  return TRUE;
}

/* Brings the best-scored of moves[i..n) to i. */
static inline void
pick_next (BsMove  *moves,
           gint32  *order,
           guint    i,
           guint    n)
{
  guint best = i;

  for (guint j = i + 1; j < n; j++)
    if (order[j] > order[best])
      best = j;
  if (best != i)
    {
      BsMove m = moves[i];
      gint32 o = order[i];

      moves[i] = moves[best];
      order[i] = order[best];
      moves[best] = m;
      order[best] = o;
    }
}

static void
reward_cutoff (AlphaBeta *ab,
               int        player,
               BsMove     move,
               int        depth,
               int        ply)
{
  guint32 *history = ab->history[player - 1];

  if (ab->killers[ply][0] != move)
    {
      ab->killers[ply][1] = ab->killers[ply][0];
      ab->killers[ply][0] = move;
    }
  history[history_index (move)] += (guint32) (depth * depth);
  if (history[history_index (move)] > HISTORY_LIMIT)
    for (guint i = 0; i < G_N_ELEMENTS (ab->history[0]); i++)
      history[i] /= 2;
}

/* The value of ab->pos for its player to move beyond the depth: the
 * evaluation (standing pat), or better by a forcing move of the module's,
 * followed `left` plies at most. No table and no killers: these nodes are
 * few and their values depend on nothing but the position and `left`. */
static int
quiesce (AlphaBeta *ab,
         int        left,
         int        ply,
         int        alpha,
         int        beta)
{
  const BsRuleset *rs = ab->rs;
  BsPosition *pos = ab->pos;
  BsMove *moves = ab->moves + (gsize) ply * rs->max_moves;
  int best;
  guint n;

  ab->nodes++;
  ab->quiescence_nodes++;
  check_budget (ab, FALSE);
  if (ab->stopped)
    return 0;
  if (bs_position_is_over (pos))
    return terminal_value (pos, ply);
  best = bs_evaluation_score_weighted (rs, pos, ab->params->evaluation, ab->weights,
                                       ab->scratch);
  if (left <= 0 || best >= beta)
    return best;
  if (best > alpha)
    alpha = best;
  n = rs->generate (rs, pos, moves);
  for (guint i = 0; i < n; i++)
    {
      int mover = pos->to_move;
      int value;

      if (!rs->module->is_forcing (rs, pos, moves[i]))
        continue;
      bs_ruleset_apply (rs, pos, moves[i], ab->undo[ply]);
      if (pos->to_move == mover)
        value = quiesce (ab, left - 1, ply + 1, alpha, beta);
      else
        value = -quiesce (ab, left - 1, ply + 1, -beta, -alpha);
      bs_ruleset_undo (rs, pos, ab->undo[ply]);
      if (ab->stopped)
        return 0;
      if (value > best)
        {
          best = value;
          if (value > alpha)
            alpha = value;
          if (alpha >= beta)
            break;
        }
    }
  return best;
}

static int negamax (AlphaBeta *ab, int depth, int ply, int alpha, int beta);

/* The value, for `mover`, of ab->pos after mover's move, searched `depth`
 * plies in the window (alpha, beta) of the mover's. */
static inline int
search_child (AlphaBeta *ab,
              int        mover,
              int        depth,
              int        ply,
              int        alpha,
              int        beta)
{
  /* A turn of several steps: the same player moves again. */
  if (ab->pos->to_move == mover)
    return negamax (ab, depth, ply, alpha, beta);
  return -negamax (ab, depth, ply, -beta, -alpha);
}

/* The value of ab->pos for its player to move, searched `depth` plies. */
static int
negamax (AlphaBeta *ab,
         int        depth,
         int        ply,
         int        alpha,
         int        beta)
{
  const BsRuleset *rs = ab->rs;
  BsPosition *pos = ab->pos;
  BsMove *moves = ab->moves + (gsize) ply * rs->max_moves;
  gint32 *order = ab->order + (gsize) ply * rs->max_moves;
  TtEntry *entry = NULL;
  BsMove hash_move = 0, best_move = 0;
  gboolean has_hash_move = FALSE;
  int alpha_start = alpha, best = -INFINITE;
  guint64 key = 0;
  guint n;
  gboolean reduce;

  ab->nodes++;
  check_budget (ab, FALSE);
  if (ab->stopped)
    return 0;
  if (bs_position_is_over (pos))
    return terminal_value (pos, ply);
  if (depth <= 0)
    {
      if (ab->quiescence)
        {
          ab->nodes--;    /* counted again by quiesce */
          return quiesce (ab, BS_ALPHA_BETA_QUIESCENCE_PLIES, ply, alpha, beta);
        }
      return bs_evaluation_score_weighted (rs, pos, ab->params->evaluation, ab->weights,
                                           ab->scratch);
    }

  if (ab->tt != NULL)
    {
      TtHit hit;

      key = bs_position_hash (rs, pos);
      entry = &ab->tt[key & ab->tt_mask];
      if (tt_probe (entry, key, &hit))
        {
          int value = value_from_tt (hit.value, ply);

          has_hash_move = TRUE;
          hash_move = hit.move;
          /* A deeper search's entry is worth more than this search would
           * find, unless the depth's own value is asked for (tt-cut=same:
           * then the table, threads and PVS change no value at a depth). */
          if (ply > 0 &&
              (hit.depth == (guint) depth ||
               (hit.depth > (guint) depth && !ab->params->tt_same_depth)) &&
              (hit.bound == BOUND_EXACT ||
               (hit.bound == BOUND_LOWER && value >= beta) ||
               (hit.bound == BOUND_UPPER && value <= alpha)))
            return value;
        }
    }

  /* The root tries the last iteration's choice first: then a move that
   * beats it in an unfinished iteration is a better choice. */
  if (ply == 0 && ab->may_stop)
    {
      has_hash_move = TRUE;
      hash_move = ab->previous_best;
    }
  n = rs->generate (rs, pos, moves);
  if (ply == 0 && ab->root_seed != 0)
    {
      BsRng rng;

      /* The same shuffle in every iteration: ties go the seed's way. */
      bs_rng_init (&rng, ab->root_seed);
      for (guint i = n; i > 1; i--)
        {
          guint j = (guint) bs_rng_below (&rng, i);
          BsMove m = moves[i - 1];

          moves[i - 1] = moves[j];
          moves[j] = m;
        }
    }
  score_moves (ab, moves, order, n, ply, has_hash_move, hash_move);
  /* Two plies or more from the depth, a move the evaluation one ply on
   * ranks late is looked at a ply shorter first. */
  reduce = ab->late_moves > 0 && depth >= 2 && n > ab->late_moves;
  if (reduce && !score_moves_by_evaluation (ab, moves, order, n, ply))
    return 0;
  for (guint i = 0; i < n; i++)
    {
      int mover = pos->to_move;
      int value;

      pick_next (moves, order, i, n);
      bs_ruleset_apply (rs, pos, moves[i], ab->undo[ply]);
      if (reduce && i >= ab->late_moves)
        {
          /* A null window: whether it beats alpha at all; if so, in full. */
          value = search_child (ab, mover, depth - 2, ply + 1, alpha, alpha + 1);
          if (value > alpha && !ab->stopped)
            value = search_child (ab, mover, depth - 1, ply + 1, alpha, beta);
        }
      else if (i > 0 && ab->pvs)
        {
          /* Principal variation search: with the moves ordered, the first is
           * likely the best, so each later one is first only shown no better
           * (a null window, cheap), and searched in full when it is. */
          value = search_child (ab, mover, depth - 1, ply + 1, alpha, alpha + 1);
          if (value > alpha && value < beta && !ab->stopped)
            value = search_child (ab, mover, depth - 1, ply + 1, alpha, beta);
        }
      else
        value = search_child (ab, mover, depth - 1, ply + 1, alpha, beta);
      bs_ruleset_undo (rs, pos, ab->undo[ply]);
      if (ab->stopped)
        return 0;
      if (value > best)
        {
          best = value;
          best_move = moves[i];
          if (ply == 0)
            {
              ab->root_best = best_move;
              ab->root_best_set = TRUE;
            }
          if (value > alpha)
            alpha = value;
          if (alpha >= beta)
            {
              if (!ab->params->no_ordering)
                reward_cutoff (ab, mover, moves[i], depth, ply);
              break;
            }
        }
    }

  if (entry != NULL)
    tt_store (entry, key, best_move, value_to_tt (best, ply), (guint) depth,
              best <= alpha_start ? BOUND_UPPER : best >= beta ? BOUND_LOWER : BOUND_EXACT);
  return best;
}

/* A searcher's own buffers, for `plies` plies, over the table tt (NULL: none),
 * which searchers in several threads share. */
static void
searcher_init (AlphaBeta               *ab,
               const BsRuleset         *rs,
               const BsPosition        *pos,
               const BsAlphaBetaParams *params,
               const double            *weights,
               GCancellable            *cancellable,
               TtEntry                 *tt,
               guint64                  tt_mask,
               guint                    plies)
{
  ab->rs = rs;
  ab->tt = tt;
  ab->tt_mask = tt_mask;
  ab->params = params;
  ab->weights = weights;
  ab->cancellable = cancellable;
  ab->root_seed = params->seed;
  ab->quiescence = !params->no_quiescence && rs->module->is_forcing != NULL;
  ab->pvs = !params->no_ordering && !params->no_pvs;
  ab->late_moves = params->no_reductions ? 0
                   : params->late_moves > 0 ? params->late_moves : rs->module->late_moves;
  ab->pos = bs_position_dup (rs, pos);
  ab->moves = g_new (BsMove, (gsize) plies * rs->max_moves);
  ab->order = g_new (gint32, (gsize) plies * rs->max_moves);
  ab->scratch = g_new (BsMove, rs->max_moves);
  ab->undo = g_new0 (BsUndo *, plies);
  for (guint i = 0; i < plies; i++)
    ab->undo[i] = bs_undo_new (rs);
}

static void
searcher_clear (AlphaBeta *ab,
                guint      plies)
{
  for (guint i = 0; i < plies; i++)
    bs_undo_free (ab->undo[i]);
  g_free (ab->undo);
  g_free (ab->scratch);
  g_free (ab->order);
  g_free (ab->moves);
  g_free (ab->pos);
}

/* Iterative deepening from first_depth to max_depth (or the budget, counted on
 * the calling thread's CPU clock); fills result's move, value and depth. */
static void
searcher_iterate (AlphaBeta         *ab,
                  guint              first_depth,
                  guint              max_depth,
                  BsAlphaBetaResult *result)
{
  gint64 cpu_start = bs_search_thread_cpu_us ();

  if (ab->params->cpu_ms > 0 && cpu_start >= 0)
    ab->cpu_deadline = cpu_start + (gint64) ab->params->cpu_ms * 1000;
  for (guint depth = first_depth; depth <= max_depth; depth++)
    {
      int value;

      ab->root_best_set = FALSE;
      value = negamax (ab, (int) depth, 0, -INFINITE, INFINITE);
      if (ab->stopped)
        {
          /* Searched to the end, and better than the last choice. */
          if (ab->root_best_set)
            result->move = ab->root_best;
          break;
        }
      result->move = ab->previous_best = ab->root_best;
      result->value = value;
      result->depth = depth;
      ab->may_stop = TRUE;
      /* A won or lost game is as deep as it needs to be. */
      if (ABS (value) > WIN_ZONE)
        break;
      check_budget (ab, TRUE);
      if (ab->stopped)
        break;
    }
  result->cpu_us = cpu_start >= 0 ? bs_search_thread_cpu_us () - cpu_start : -1;
}

/* A helper of a search in several threads (Lazy SMP): it searches the same
 * position into the shared table, with its own killers, history and root
 * order, until the main searcher is done; only the table it fills is used. */
typedef struct {
  AlphaBeta         ab;
  guint             first_depth;
  guint             max_depth;
  BsAlphaBetaResult result;
  GThread          *thread;
} Helper;

static gpointer
helper_run (gpointer data)
{
  Helper *helper = data;

  searcher_iterate (&helper->ab, helper->first_depth, helper->max_depth, &helper->result);
  return NULL;
}

gboolean
bs_alpha_beta_run (const BsRuleset          *rs,
                   const BsPosition         *pos,
                   const BsAlphaBetaParams  *params,
                   GCancellable             *cancellable,
                   BsAlphaBetaResult        *result,
                   GError                  **error)
{
  AlphaBeta ab = { 0 };
  double weights[BS_MAX_FEATURES];
  const double *weights_used = NULL;
  guint max_depth, tt_bits, plies, n_helpers;
  Helper *helpers;
  TtEntry *tt = NULL;
  guint64 tt_mask = 0;
  gint stop_all = 0;
  gint64 start;

  g_return_val_if_fail (rs != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (params != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (bs_ruleset_is_simultaneous (rs))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("Alpha-beta searches turn-based games only: this game is "
                             "played in simultaneous rounds"));
      return FALSE;
    }
  if (bs_position_is_over (pos))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                           _("The game is over: there is no move to search for"));
      return FALSE;
    }
  if (params->weights != NULL)
    {
      if (!bs_weights_resolve (params->weights, rs, params->evaluation, weights, error))
        return FALSE;
      weights_used = weights;
    }

  max_depth = params->max_depth > 0 ? MIN (params->max_depth, BS_ALPHA_BETA_MAX_DEPTH)
                                    : BS_ALPHA_BETA_MAX_DEPTH;
  /* A helper searches a ply deeper than max_depth (below). */
  plies = max_depth + 2 + BS_ALPHA_BETA_QUIESCENCE_PLIES;
  if (params->tt_bits > 0)
    tt_bits = MIN (params->tt_bits, 28);
  else if (params->cpu_ms > 0)
    tt_bits = CLAMP (g_bit_storage ((gulong) params->cpu_ms * TT_ENTRIES_PER_MS - 1),
                     TT_MIN_BITS, BS_ALPHA_BETA_DEFAULT_TT_BITS);
  else
    tt_bits = BS_ALPHA_BETA_DEFAULT_TT_BITS;
  if (!params->no_tt && (params->tt || !rs->module->no_table))
    {
      tt = g_new0 (TtEntry, (gsize) 1 << tt_bits);
      tt_mask = ((guint64) 1 << tt_bits) - 1;
    }
  searcher_init (&ab, rs, pos, params, weights_used, cancellable, tt, tt_mask, plies);

  /* Helpers only help through the table. */
  n_helpers = tt != NULL && params->threads > 1 ? params->threads - 1 : 0;
  helpers = g_new0 (Helper, n_helpers);
  for (guint k = 0; k < n_helpers; k++)
    {
      Helper *helper = &helpers[k];

      searcher_init (&helper->ab, rs, pos, params, weights_used, cancellable, tt, tt_mask,
                     plies);
      helper->ab.helper = TRUE;
      helper->ab.stop_all = &stop_all;
      /* Their own order of equal root moves, and every other one a ply
       * ahead, so that they fill the table where the main searcher goes next. */
      helper->ab.root_seed = bs_search_thread_seed (params->seed != 0 ? params->seed : 1, k + 1);
      helper->first_depth = MIN (1 + (k + 1) % 2, max_depth);
      helper->max_depth = MIN (max_depth + 1, BS_ALPHA_BETA_MAX_DEPTH);
      helper->thread = g_thread_new ("alpha-beta", helper_run, helper);
    }

  memset (result, 0, sizeof *result);
  start = g_get_monotonic_time ();
  searcher_iterate (&ab, 1, max_depth, result);
  g_atomic_int_set (&stop_all, 1);
  result->nodes = ab.nodes;
  result->quiescence_nodes = ab.quiescence_nodes;
  for (guint k = 0; k < n_helpers; k++)
    {
      g_thread_join (helpers[k].thread);
      result->nodes += helpers[k].ab.nodes;
      result->quiescence_nodes += helpers[k].ab.quiescence_nodes;
      if (result->cpu_us >= 0 && helpers[k].result.cpu_us >= 0)
        result->cpu_us += helpers[k].result.cpu_us;
      searcher_clear (&helpers[k].ab, plies);
    }
  result->elapsed_us = g_get_monotonic_time () - start;
  /* No thread CPU clock here: the wall time stands for it. */
  if (result->cpu_us < 0)
    result->cpu_us = result->elapsed_us;

  g_free (helpers);
  searcher_clear (&ab, plies);
  g_free (tt);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  return TRUE;
}
