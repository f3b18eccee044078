/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Tests of learned weights (bs-tuner, bs-weights): the logistic regression
 * recovers the coefficients of data drawn from a known logistic model; a
 * weights file is written and read back, and a bad one (missing, not a key
 * file, a NaN, lists of other lengths, features or a game that are not the
 * variant's) is refused naming the file, the line and the value; alpha-beta
 * with the declared weights written to a file plays as without; and tuning
 * a small Breakthrough board replays from its seed and predicts held-out
 * games better than knowing nothing. */

#include "config.h"

#include <math.h>
#include <glib/gstdio.h>

#include "bs-alphabeta.h"
#include "bs-rng.h"
#include "bs-tuner.h"
#include "bs-weights.h"

static double
gaussian (BsRng *rng)
{
  double u = 1 - bs_rng_double (rng), v = bs_rng_double (rng);

  return sqrt (-2 * log (u)) * cos (2 * G_PI * v);
}

/* 20,000 rows of an intercept and three standard normal features, y drawn
 * from the logistic model: the fit is within 0.1 of the truth (its
 * standard errors are ≈ 0.02), and L2 shrinks the weights. */
static void
test_logistic_recovers (void)
{
  const double truth[4] = { 0.4, 1.5, -0.8, 0.3 };
  const gsize n = 20000;
  g_autofree double *x = g_new (double, n * 4);
  g_autofree double *y = g_new (double, n);
  double beta[4], shrunk[4], zero[4] = { 0 };
  double l2[4] = { 0, 0.05, 0.05, 0.05 };
  BsRng rng;
  guint iterations;

  bs_rng_init (&rng, 27);
  for (gsize r = 0; r < n; r++)
    {
      double z = 0;

      x[r * 4] = 1;
      for (guint c = 1; c < 4; c++)
        x[r * 4 + c] = gaussian (&rng);
      for (guint c = 0; c < 4; c++)
        z += truth[c] * x[r * 4 + c];
      y[r] = bs_rng_double (&rng) < 1 / (1 + exp (-z)) ? 1 : 0;
    }
  iterations = bs_logistic_fit (x, y, n, 4, NULL, beta);
  g_assert_cmpuint (iterations, >, 0);
  g_assert_cmpuint (iterations, <, 20);
  for (guint c = 0; c < 4; c++)
    {
      g_test_message ("β%u = %.4f (truth %.2f)", c, beta[c], truth[c]);
      g_assert_cmpfloat_with_epsilon (beta[c], truth[c], 0.1);
    }
  g_assert_cmpfloat (bs_logistic_log_loss (x, y, n, 4, beta), <,
                     bs_logistic_log_loss (x, y, n, 4, zero) - 0.1);

  g_assert_cmpuint (bs_logistic_fit (x, y, n, 4, l2, shrunk), >, 0);
  for (guint c = 1; c < 4; c++)
    g_assert_cmpfloat (fabs (shrunk[c]), <, fabs (beta[c]));

  /* Draws as ½: targets of ½ only fit a zero model. */
  for (gsize r = 0; r < n; r++)
    y[r] = 0.5;
  g_assert_cmpuint (bs_logistic_fit (x, y, n, 4, NULL, beta), >, 0);
  for (guint c = 0; c < 4; c++)
    g_assert_cmpfloat (fabs (beta[c]), <, 1e-6);
}

static BsRuleset *
breakthrough (const char * const *sets)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("breakthrough", &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  for (guint i = 0; sets != NULL && sets[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (sets[i], "=", 2);

      g_assert_true (bs_variant_set (variant, kv[0], kv[1], &error));
      g_assert_no_error (error);
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

static char *
write_temp (const char *text)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("test-tuner-XXXXXX.weights", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, text, -1, &error));
  return path;
}

/* The file as the declared weights of rs (features evaluation). */
static BsWeights *
declared (const BsRuleset *rs)
{
  BsWeights *w = bs_weights_new ();
  BsFeatureSpec specs[BS_MAX_FEATURES];

  w->n_features = bs_evaluation_features (rs, BS_EVALUATION_FEATURES, specs);
  w->game = g_strdup (rs->variant->module);
  w->variant = g_strdup (rs->variant->id);
  for (guint i = 0; i < w->n_features; i++)
    {
      w->features[i] = g_strdup (specs[i].id);
      w->weights[i] = specs[i].weight;
    }
  w->scale = 1;
  return w;
}

static void
test_weights_file (void)
{
  g_autoptr(BsRuleset) rs = breakthrough (NULL);
  g_autoptr(BsWeights) w = declared (rs);
  g_autoptr(BsWeights) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = write_temp ("");
  double out[BS_MAX_FEATURES];

  w->games = 12;
  w->log_loss_after = 0.61;
  g_strfreev (w->settings);
  w->settings = g_strsplit ("width=6,height=6", ",", -1);
  g_assert_true (bs_weights_save (w, path, &error));
  g_assert_no_error (error);
  back = bs_weights_load (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (back);
  g_assert_cmpstr (back->game, ==, "breakthrough");
  g_assert_cmpuint (back->n_features, ==, w->n_features);
  g_assert_cmpuint (back->games, ==, 12);
  g_assert_cmpfloat (back->log_loss_after, ==, 0.61);
  g_assert_cmpstrv (back->settings, w->settings);
  for (guint i = 0; i < w->n_features; i++)
    {
      g_assert_cmpstr (back->features[i], ==, w->features[i]);
      g_assert_cmpfloat_with_epsilon (back->weights[i], w->weights[i], 1e-9);
    }
  g_assert_true (bs_weights_resolve (back, rs, BS_EVALUATION_FEATURES, out, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (out[0], ==, w->weights[0]);
  g_remove (path);
}

/* Loads text from a file and expects an error whose message holds each of
 * the fragments (FILE stands for the file's path). */
static void
expect_refused (const char         *text,
                const char * const *fragments)
{
  g_autofree char *path = write_temp (text);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsWeights) w = bs_weights_load (path, &error);
  g_autoptr(BsRuleset) rs = NULL;
  double out[BS_MAX_FEATURES];

  if (w != NULL)
    {
      /* Read: refused for this game instead. */
      rs = breakthrough (NULL);
      g_assert_false (bs_weights_resolve (w, rs, BS_EVALUATION_FEATURES, out, &error));
    }
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  for (guint i = 0; fragments[i] != NULL; i++)
    {
      g_autofree char *want = g_str_equal (fragments[i], "FILE") ? g_strdup (path)
                              : g_str_has_prefix (fragments[i], "FILE:")
                              ? g_strconcat (path, fragments[i] + 4, NULL)
                              : g_strdup (fragments[i]);

      if (strstr (error->message, want) == NULL)
        g_error ("“%s” does not say “%s”", error->message, want);
    }
  g_remove (path);
}

#define GOOD_FEATURES "features=material;furthest-row;runner;mobility;home-row\n"

static void
test_weights_refused (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsWeights) none = bs_weights_load ("/nonexistent/x.weights", &error);

  g_assert_null (none);
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "/nonexistent/x.weights"));

  expect_refused ("this is not a key file\n",
                  (const char *[]) { "FILE", "not a weights file", "this is not a key file",
                                     NULL });
  expect_refused ("[Other]\nx=1\n", (const char *[]) { "FILE", "no [Weights] group", NULL });
  expect_refused ("[Weights]\ngame=breakthrough\n",
                  (const char *[]) { "FILE", "features", NULL });
  expect_refused ("[Weights]\n" GOOD_FEATURES "weights=1;0.1;nan;0.03;0.25\n",
                  (const char *[]) { "FILE:3", "“nan”", NULL });
  expect_refused ("[Weights]\n" GOOD_FEATURES "weights=1;0.1;5;0.03\n",
                  (const char *[]) { "FILE:3", "4 values for 5 features", NULL });
  expect_refused ("[Weights]\n" GOOD_FEATURES "weights=1;0.1;5;0.03;0.25\nscale=inf\n",
                  (const char *[]) { "FILE:4", "scale", "“inf”", NULL });
  expect_refused ("[Weights]\n" GOOD_FEATURES "weights=1;0.1;5;0.03;0.25\ngames=-3\n",
                  (const char *[]) { "FILE:4", "games", "“-3”", NULL });
  expect_refused ("[Weights]\nfeatures=material;material\nweights=1;1\n",
                  (const char *[]) { "FILE:2", "“material”", "repeated", NULL });
  /* Read, but not this game's features or not this game. */
  expect_refused ("[Weights]\n# the generic fallback\nfeatures=material;mobility\n"
                  "weights=1;0.05\n",
                  (const char *[]) { "FILE:3", "features=material;mobility",
                                     "material;furthest-row;runner;mobility;home-row", NULL });
  expect_refused ("[Weights]\ngame=astoria\n" GOOD_FEATURES "weights=1;0.1;5;0.03;0.25\n",
                  (const char *[]) { "FILE:2", "game=astoria", NULL });
}

/* alpha-beta reads weights=FILE: the declared weights from a file search
 * exactly as without one; other weights change the values; a file that
 * is not the game's is refused by the search, not used. */
static void
test_alpha_beta_weights (void)
{
  g_autoptr(BsRuleset) rs = breakthrough (NULL);
  g_autoptr(BsWeights) w = declared (rs);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = write_temp ("");
  g_autofree char *settings = g_strdup_printf ("depth=3,weights=%s", path);
  g_autofree BsPosition *pos = bs_ruleset_new_position (rs, 0);
  g_autoptr(BsRuleset) other = NULL;
  BsAlphaBetaParams plain, weighted;
  BsAlphaBetaResult a, b;
  BsMove moves[512];

  g_assert_true (bs_weights_save (w, path, &error));
  g_assert_true (bs_alpha_beta_params_parse (&plain, "depth=3", &error));
  g_assert_true (bs_alpha_beta_params_parse (&weighted, settings, &error));
  g_assert_no_error (error);
  g_assert_nonnull (weighted.weights);
  /* A few plies in, so that the features differ. */
  for (guint i = 0; i < 6; i++)
    {
      guint n = bs_ruleset_generate (rs, pos, moves);

      bs_ruleset_apply (rs, pos, moves[(i * 7) % n], NULL);
    }
  g_assert_true (bs_alpha_beta_run (rs, pos, &plain, NULL, &a, &error));
  g_assert_true (bs_alpha_beta_run (rs, pos, &weighted, NULL, &b, &error));
  g_assert_no_error (error);
  g_assert_cmpint (a.value, ==, b.value);
  g_assert_cmpuint (a.move, ==, b.move);
  g_assert_cmpuint (a.nodes, ==, b.nodes);

  /* Mobility worth ten times more: another value. */
  g_assert_cmpstr (w->features[3], ==, "mobility");
  w->weights[3] *= 10;
  g_assert_true (bs_weights_save (w, path, &error));
  bs_alpha_beta_params_clear (&weighted);
  g_assert_true (bs_alpha_beta_params_parse (&weighted, settings, &error));
  g_assert_true (bs_alpha_beta_run (rs, pos, &weighted, NULL, &b, &error));
  g_assert_cmpint (a.value, !=, b.value);
  bs_alpha_beta_params_clear (&weighted);

  /* The generic evaluation has other features: refused. */
  g_free (settings);
  settings = g_strdup_printf ("depth=2,eval=generic,weights=%s", path);
  g_assert_true (bs_alpha_beta_params_parse (&weighted, settings, &error));
  g_assert_false (bs_alpha_beta_run (rs, pos, &weighted, NULL, &b, &error));
  g_assert_error (error, G_KEY_FILE_ERROR, G_KEY_FILE_ERROR_INVALID_VALUE);
  g_assert_nonnull (strstr (error->message, path));
  bs_alpha_beta_params_clear (&weighted);
  g_clear_error (&error);

  /* A missing file: refused by the parser, naming it. */
  g_assert_false (bs_alpha_beta_params_parse (&weighted, "depth=2,weights=/nonexistent/w",
                                              &error));
  g_assert_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT);
  g_assert_nonnull (strstr (error->message, "/nonexistent/w"));
  bs_alpha_beta_params_clear (&weighted);
  bs_alpha_beta_params_clear (&plain);
  g_remove (path);
}

static BsWeights *
tune_small (guint64 seed)
{
  const char *sets[] = { "width=6", "height=6", NULL };
  g_autoptr(BsRuleset) rs = breakthrough (sets);
  g_autoptr(GError) error = NULL;
  BsPlayerSpec player;
  BsTunerParams params;
  BsWeights *w;

  g_assert_true (bs_player_spec_parse (&player, "ab:depth=1", BS_PLAYER_SPEC_FLAGS_NONE, &error));
  bs_tuner_params_init (&params);
  params.games = 60;
  params.seed = seed;
  params.players[0] = params.players[1] = &player;
  w = bs_tuner_run (rs, &params, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (w);
  bs_player_spec_clear (&player);
  return w;
}

/* Breakthrough 6 × 6, 60 games at depth 1: a fit that replays from its
 * seed and predicts the held-out games better than the base rate. */
static void
test_tune_small (void)
{
  g_autoptr(BsWeights) w = tune_small (3);
  g_autoptr(BsWeights) again = tune_small (3);

  g_test_message ("held-out log-loss: zero %.4f, hand %.4f, learned %.4f (%u + %u positions)",
                  w->log_loss_zero, w->log_loss_before, w->log_loss_after, w->positions,
                  w->held_out);
  g_assert_cmpuint (w->n_features, ==, 5);
  g_assert_cmpuint (w->positions, >, 300);
  g_assert_cmpuint (w->held_out, >, 50);
  g_assert_cmpfloat (w->log_loss_after, <, w->log_loss_zero - 0.05);
  g_assert_true (isfinite (w->scale) && w->scale > 0);
  for (guint i = 0; i < w->n_features; i++)
    {
      g_assert_true (isfinite (w->weights[i]));
      g_assert_cmpfloat (w->weights[i], ==, again->weights[i]);
    }
  /* The scale is the hand evaluation's logit per piece. */
  g_assert_cmpfloat (w->log_loss_before, <, w->log_loss_zero);
  for (guint i = 0; i < w->n_features; i++)
    g_assert_cmpfloat_with_epsilon (w->weights[i] * w->scale, w->logit[i], 1e-12);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/tuner/logistic-recovers", test_logistic_recovers);
  g_test_add_func ("/tuner/weights-file", test_weights_file);
  g_test_add_func ("/tuner/weights-refused", test_weights_refused);
  g_test_add_func ("/tuner/alpha-beta-weights", test_alpha_beta_weights);
  g_test_add_func ("/tuner/tune-small", test_tune_small);
  return g_test_run ();
}
