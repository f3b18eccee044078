/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-search"

#include "config.h"

#include "bs-tuner.h"

#include <math.h>
#include <glib/gi18n-lib.h>

#include "bs-linear.h"
#include "bs-rng.h"

/* ---- The regression ------------------------------------------------------- */

static inline double
sigmoid (double z)
{
  if (z >= 0)
    return 1 / (1 + exp (-z));
  else
    {
      double e = exp (z);

      return e / (1 + e);
    }
}

/* log(1 + e^z), without overflow. */
static inline double
softplus (double z)
{
  return z > 0 ? z + log1p (exp (-z)) : log1p (exp (z));
}

static inline double
dot (const double *a,
     const double *b,
     guint         n)
{
  double s = 0;

  for (guint i = 0; i < n; i++)
    s += a[i] * b[i];
  return s;
}

double
bs_logistic_log_loss (const double *x,
                      const double *y,
                      gsize         n_rows,
                      guint         n_cols,
                      const double *beta)
{
  double sum = 0;

  if (n_rows == 0)
    return 0;
  /* -[y log σ(z) + (1 - y) log (1 - σ(z))] = softplus(z) - y z */
  for (gsize r = 0; r < n_rows; r++)
    {
      double z = dot (x + r * n_cols, beta, n_cols);

      sum += softplus (z) - y[r] * z;
    }
  return sum / (double) n_rows;
}

static double
objective (const double *x,
           const double *y,
           gsize         n_rows,
           guint         n_cols,
           const double *l2,
           const double *beta)
{
  double sum = bs_logistic_log_loss (x, y, n_rows, n_cols, beta);

  for (guint c = 0; l2 != NULL && c < n_cols; c++)
    sum += 0.5 * l2[c] * beta[c] * beta[c];
  return sum;
}

guint
bs_logistic_fit (const double *x,
                 const double *y,
                 gsize         n_rows,
                 guint         n_cols,
                 const double *l2,
                 double       *beta)
{
  double grad[BS_LOGISTIC_MAX_COLS], hess[BS_LOGISTIC_MAX_COLS * BS_LOGISTIC_MAX_COLS];
  double step[BS_LOGISTIC_MAX_COLS], trial[BS_LOGISTIC_MAX_COLS];
  double current;

  g_return_val_if_fail (n_cols > 0 && n_cols <= BS_LOGISTIC_MAX_COLS, 0);
  memset (beta, 0, n_cols * sizeof *beta);
  if (n_rows == 0)
    return 1;
  current = objective (x, y, n_rows, n_cols, l2, beta);
  for (guint iteration = 1; iteration <= BS_LOGISTIC_MAX_ITERATIONS; iteration++)
    {
      double largest = 0, size = 0, t = 1;

      memset (grad, 0, sizeof grad);
      memset (hess, 0, sizeof hess);
      for (gsize r = 0; r < n_rows; r++)
        {
          const double *row = x + r * n_cols;
          double p = sigmoid (dot (row, beta, n_cols));
          double w = p * (1 - p);

          for (guint i = 0; i < n_cols; i++)
            {
              grad[i] += (p - y[r]) * row[i];
              for (guint j = i; j < n_cols; j++)
                hess[i * n_cols + j] += w * row[i] * row[j];
            }
        }
      for (guint i = 0; i < n_cols; i++)
        {
          grad[i] /= (double) n_rows;
          for (guint j = i; j < n_cols; j++)
            {
              hess[i * n_cols + j] /= (double) n_rows;
              hess[j * n_cols + i] = hess[i * n_cols + j];
            }
          /* A tiny ridge keeps a constant column (a feature never seen
           * non-zero) solvable; it moves nothing measurable. */
          hess[i * n_cols + i] += (l2 != NULL ? l2[i] : 0) + 1e-12;
          grad[i] += (l2 != NULL ? l2[i] : 0) * beta[i];
        }
      memcpy (step, grad, n_cols * sizeof *step);
      if (!bs_linear_solve (hess, step, n_cols))
        return 0;
      /* Newton's step, halved while it does not lower the objective. */
      for (int halvings = 0; halvings < 40; halvings++, t /= 2)
        {
          double value;

          for (guint i = 0; i < n_cols; i++)
            trial[i] = beta[i] - t * step[i];
          value = objective (x, y, n_rows, n_cols, l2, trial);
          if (value <= current)
            {
              current = value;
              break;
            }
        }
      for (guint i = 0; i < n_cols; i++)
        {
          largest = MAX (largest, fabs (t * step[i]));
          size = MAX (size, fabs (trial[i]));
        }
      memcpy (beta, trial, n_cols * sizeof *beta);
      if (largest <= 1e-9 * (1 + size))
        return iteration;
    }
  return 0;
}

void
bs_tuner_params_init (BsTunerParams *params)
{
  memset (params, 0, sizeof *params);
  params->games = BS_TUNER_DEFAULT_GAMES;
  params->seed = 1;
  params->noise = BS_TUNER_DEFAULT_NOISE;
  params->random_plies = BS_TUNER_DEFAULT_RANDOM_PLIES;
  params->per_game = BS_TUNER_DEFAULT_PER_GAME;
  params->held_out_every = BS_TUNER_DEFAULT_HELD_OUT_EVERY;
  params->l2 = BS_TUNER_DEFAULT_L2;
  params->evaluation = BS_EVALUATION_FEATURES;
}

static guint64
mix_seed (guint64 seed,
          guint64 game,
          guint64 ply)
{
  guint64 state = seed ^ (game * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15)) ^ (ply << 20);

  return bs_splitmix64 (&state);
}

static gboolean
player_move (BsPlayerSpec   *player,
             BsRuleset      *rs,
             BsPosition     *pos,
             guint64         seed,
             BsRng          *rng,
             BsMove         *scratch,
             BsMove         *move,
             GError        **error)
{
  if (player->kind == BS_PLAYER_SPEC_RANDOM)
    *move = bs_ruleset_random_move (rs, pos, rng, scratch);
  else if (player->kind == BS_PLAYER_SPEC_MCTS)
    {
      g_autoptr(BsSearchResult) result = NULL;
      BsSearchParams params = player->mcts;

      params.seed = seed;
      result = bs_search_run (rs, pos, &params, NULL, NULL, error);
      if (result == NULL)
        return FALSE;
      *move = result->steps[0];
    }
  else
    {
      BsAlphaBetaResult result;

      if (!bs_alpha_beta_run (rs, pos, &player->alpha_beta, NULL, &result, error))
        return FALSE;
      *move = result.move;
    }
  return TRUE;
}

/* ---- Self-play and the fit ------------------------------------------------ */

/* The samples: n features per row, the side to move (+1 player 1, -1
 * player 2), the result for player 1 and the game. */
typedef struct {
  guint   n;
  GArray *x;
  GArray *side;
  GArray *y;
  GArray *game;
} Samples;

/* Plays game g and adds its sampled positions. */
static gboolean
play_game (BsRuleset            *rs,
           const BsTunerParams  *params,
           guint                 g,
           Samples              *samples,
           GError              **error)
{
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, params->seed + g);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autofree double *kept = g_new (double, (gsize) params->per_game * samples->n);
  g_autofree double *kept_side = g_new (double, params->per_game);
  /* Player 1 of game g: A in even games. */
  BsPlayerSpec *seat[3] = { NULL, params->players[g % 2], params->players[1 - g % 2] };
  double values[BS_MAX_FEATURES];
  guint64 seen = 0;
  double result;
  BsRng rng;

  bs_rng_init (&rng, mix_seed (params->seed, g, 0));
  while (!bs_position_is_over (pos) && pos->ply < BS_TUNER_MAX_PLIES)
    {
      BsMove move = 0;

      /* Reservoir sampling: each position of the game kept with the same
       * chance, per_game of them at most. */
      if (pos->step == 0 && pos->ply >= params->random_plies)
        {
          guint64 slot = seen < params->per_game ? seen : bs_rng_below (&rng, seen + 1);

          seen++;
          if (slot < params->per_game)
            {
              bs_evaluation_values (rs, pos, params->evaluation, scratch, values);
              memcpy (kept + slot * samples->n, values, samples->n * sizeof *values);
              kept_side[slot] = pos->to_move == 1 ? 1 : -1;
            }
        }
      if (pos->ply < params->random_plies || bs_rng_double (&rng) < params->noise)
        move = bs_ruleset_random_move (rs, pos, &rng, scratch);
      else if (!player_move (seat[pos->to_move], rs, pos, mix_seed (params->seed, g, pos->ply),
                             &rng, scratch, &move, error))
        return FALSE;
      bs_ruleset_apply (rs, pos, move, NULL);
    }
  result = pos->result == BS_RESULT_WIN_1 ? 1 : pos->result == BS_RESULT_WIN_2 ? 0 : 0.5;
  for (guint i = 0; i < MIN (seen, params->per_game); i++)
    {
      g_array_append_vals (samples->x, kept + (gsize) i * samples->n, samples->n);
      g_array_append_val (samples->side, kept_side[i]);
      g_array_append_val (samples->y, result);
      g_array_append_val (samples->game, g);
    }
  return TRUE;
}

/* The design matrix of a model: the intercept, the side to move, then
 * either every feature (hand == NULL) or their weighted sum by hand. */
static guint
design (const Samples *s,
        gboolean       held_out,
        guint          every,
        const double  *hand,
        gboolean       features,
        GArray        *x,
        GArray        *y)
{
  guint cols = 2 + (features ? (hand != NULL ? 1 : s->n) : 0);

  g_array_set_size (x, 0);
  g_array_set_size (y, 0);
  for (guint r = 0; r < s->y->len; r++)
    {
      const double *row = &g_array_index (s->x, double, (gsize) r * s->n);
      gboolean test = g_array_index (s->game, guint, r) % every == every - 1;
      double one = 1;

      if (test != held_out)
        continue;
      g_array_append_val (x, one);
      g_array_append_val (x, g_array_index (s->side, double, r));
      if (features && hand != NULL)
        {
          double sum = dot (row, hand, s->n);

          g_array_append_val (x, sum);
        }
      else if (features)
        g_array_append_vals (x, row, s->n);
      g_array_append_val (y, g_array_index (s->y, double, r));
    }
  return cols;
}

/* Fits one model on the training games and returns its log-loss on the
 * held-out ones. */
static double
fit_model (const Samples       *s,
           const BsTunerParams *params,
           const double        *hand,
           gboolean             features,
           double              *beta)
{
  g_autoptr(GArray) x = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GArray) y = g_array_new (FALSE, FALSE, sizeof (double));
  double l2[BS_LOGISTIC_MAX_COLS] = { 0 };
  guint every = params->held_out_every;
  guint cols = design (s, FALSE, every, hand, features, x, y);

  for (guint c = 2; c < cols; c++)
    l2[c] = params->l2;
  if (bs_logistic_fit ((double *) x->data, (double *) y->data, y->len, cols, l2, beta) == 0)
    g_warning ("the regression did not converge in %d iterations", BS_LOGISTIC_MAX_ITERATIONS);
  design (s, TRUE, every, hand, features, x, y);
  return bs_logistic_log_loss ((double *) x->data, (double *) y->data, y->len, cols, beta);
}

BsWeights *
bs_tuner_run (BsRuleset            *rs,
              const BsTunerParams  *params,
              BsTunerProgressFunc   progress,
              gpointer              user_data,
              GError              **error)
{
  g_autoptr(BsWeights) w = bs_weights_new ();
  BsFeatureSpec specs[BS_MAX_FEATURES];
  double hand[BS_MAX_FEATURES];
  double beta[BS_LOGISTIC_MAX_COLS];
  Samples s = { 0 };
  guint every = MAX (2, params->held_out_every);
  BsTunerParams p = *params;
  double scale = 0;
  guint train = 0;

  g_return_val_if_fail (params->players[0] != NULL && params->players[1] != NULL, NULL);
  if (bs_ruleset_is_simultaneous (rs))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("%s is played in simultaneous rounds: its weights cannot be tuned yet"),
                   rs->variant->id);
      return NULL;
    }
  if (params->games < every || params->per_game == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("Tuning needs at least %u games (every %u-th is held out) and a "
                     "position from each"), every, every);
      return NULL;
    }
  p.held_out_every = every;
  s.n = bs_evaluation_features (rs, params->evaluation, specs);
  for (guint i = 0; i < s.n; i++)
    hand[i] = specs[i].weight;
  s.x = g_array_new (FALSE, FALSE, sizeof (double));
  s.side = g_array_new (FALSE, FALSE, sizeof (double));
  s.y = g_array_new (FALSE, FALSE, sizeof (double));
  s.game = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint g = 0; g < params->games; g++)
    {
      if (!play_game (rs, &p, g, &s, error))
        goto out;
      if (progress != NULL)
        progress (g + 1, params->games, user_data);
    }
  for (guint r = 0; r < s.y->len; r++)
    train += g_array_index (s.game, guint, r) % every != every - 1;
  if (train == 0 || train == s.y->len)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The games gave too few positions to fit and to check the fit (%u)"),
                   s.y->len);
      goto out;
    }

  w->game = g_strdup (rs->variant->module);
  w->variant = g_strdup (rs->variant->id);
  w->n_features = s.n;
  for (guint i = 0; i < s.n; i++)
    w->features[i] = g_strdup (specs[i].id);
  w->seed = params->seed;
  w->games = params->games;
  w->positions = train;
  w->held_out = s.y->len - train;
  w->l2 = params->l2;
  w->players = g_strdup_printf ("%s / %s", params->players[0]->text, params->players[1]->text);

  w->log_loss_zero = fit_model (&s, &p, NULL, FALSE, beta);
  w->log_loss_before = fit_model (&s, &p, hand, TRUE, beta);
  if (beta[2] > 0.001)
    scale = beta[2];   /* logit per piece of the hand evaluation */
  w->log_loss_after = fit_model (&s, &p, NULL, TRUE, beta);
  w->intercept = beta[0];
  w->side_to_move = beta[1];
  for (guint i = 0; i < s.n; i++)
    w->logit[i] = beta[2 + i];
  /* In the hand evaluation's units: a learned weight is comparable with
   * the declared one, and the search's values stay in pieces. */
  w->scale = scale > 0 ? scale : 1;
  for (guint i = 0; i < s.n; i++)
    w->weights[i] = w->logit[i] / w->scale;

out:
  g_array_unref (s.x);
  g_array_unref (s.side);
  g_array_unref (s.y);
  g_array_unref (s.game);
  return w->n_features > 0 ? g_steal_pointer (&w) : NULL;
}
