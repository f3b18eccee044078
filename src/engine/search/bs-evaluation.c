/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-search"

#include "config.h"

#include "bs-evaluation.h"

#include <math.h>

static gboolean
uses_module (const BsRuleset  *rs,
             BsEvaluationKind  kind)
{
  return kind == BS_EVALUATION_FEATURES && rs->module->feature_values != NULL &&
         rs->module->n_features > 0;
}

guint
bs_evaluation_features (const BsRuleset  *rs,
                        BsEvaluationKind  kind,
                        BsFeatureSpec    *specs)
{
  guint n;

  if (uses_module (rs, kind))
    {
      n = MIN (rs->module->n_features, BS_MAX_FEATURES);
      memcpy (specs, rs->module->features, n * sizeof *specs);
      return n;
    }
  n = kind == BS_EVALUATION_MATERIAL ? 1 : BS_N_GENERIC_FEATURES;
  memcpy (specs, bs_generic_features, n * sizeof *specs);
  /* The weights the game declares for them judge it; the generic kind
   * keeps the hand-set ones whatever the module declares. */
  if (kind == BS_EVALUATION_FEATURES && rs->module->generic_weights != NULL)
    for (guint i = 0; i < n; i++)
      specs[i].weight = rs->module->generic_weights[i];
  return n;
}

/* The opponent's moves are counted as if it were their turn: a copy with
 * the other player to move, generated and never played. */
static double
mobility (const BsRuleset  *rs,
          const BsPosition *pos,
          BsMove           *scratch)
{
  guint own = rs->generate (rs, pos, scratch);
  guint theirs;
  BsPosition *other = g_alloca (rs->position_size);

  bs_position_copy (rs, other, pos);
  other->to_move = (guint8) bs_opponent (pos->to_move);
  theirs = rs->generate (rs, other, scratch);
  return pos->to_move == 1 ? (double) own - theirs : (double) theirs - own;
}

/* The generic features; mobility only when asked (it costs two move generations). */
static guint
generic_values (const BsRuleset  *rs,
                const BsPosition *pos,
                BsEvaluationKind  kind,
                gboolean          with_mobility,
                BsMove           *scratch,
                double           *values)
{
  values[BS_GENERIC_MATERIAL] = bs_position_material (pos, 1) - bs_position_material (pos, 2);
  if (kind == BS_EVALUATION_MATERIAL)
    return 1;
  values[BS_GENERIC_MOBILITY] = with_mobility ? mobility (rs, pos, scratch) : 0;
  return BS_N_GENERIC_FEATURES;
}

guint
bs_evaluation_values (const BsRuleset  *rs,
                      const BsPosition *pos,
                      BsEvaluationKind  kind,
                      BsMove           *scratch,
                      double           *values)
{
  if (uses_module (rs, kind))
    {
      rs->module->feature_values (rs, pos, values);
      return MIN (rs->module->n_features, BS_MAX_FEATURES);
    }
  return generic_values (rs, pos, kind, TRUE, scratch, values);
}

int
bs_evaluation_score (const BsRuleset  *rs,
                     const BsPosition *pos,
                     BsEvaluationKind  kind,
                     BsMove           *scratch)
{
  return bs_evaluation_score_weighted (rs, pos, kind, NULL, scratch);
}

int
bs_evaluation_score_weighted (const BsRuleset  *rs,
                              const BsPosition *pos,
                              BsEvaluationKind  kind,
                              const double     *weights,
                              BsMove           *scratch)
{
  BsFeatureSpec specs[BS_MAX_FEATURES];
  double values[BS_MAX_FEATURES];
  double weight[BS_MAX_FEATURES];
  guint n = bs_evaluation_features (rs, kind, specs);
  double sum = 0;

  for (guint i = 0; i < n; i++)
    weight[i] = weights != NULL ? weights[i] : specs[i].weight;
  if (uses_module (rs, kind))
    bs_evaluation_values (rs, pos, kind, scratch, values);
  else
    /* A mobility weighed 0 (a game may declare it so) is not worth generating. */
    generic_values (rs, pos, kind, n > BS_GENERIC_MOBILITY && weight[BS_GENERIC_MOBILITY] != 0,
                    scratch, values);
  for (guint i = 0; i < n; i++)
    sum += weight[i] * values[i];
  sum = round (sum * BS_EVALUATION_UNIT);
  if (pos->to_move == 2)
    sum = -sum;
  return (int) CLAMP (sum, -1e6, 1e6);
}
