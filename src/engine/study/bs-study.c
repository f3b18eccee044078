/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-study.c: what a study is and how one of its games is played. The
 * file is bs-study-file.c, the statistics bs-study-stats.c, running many
 * games on threads bs-study-runner.c. */
#define G_LOG_DOMAIN "boardsmith-study"

#include "config.h"

#include "bs-study.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-rng.h"
#include "bs-ruleset.h"
#include "bs-evaluation.h"
#include "bs-search.h"
#include "bs-alphabeta.h"

/* A game longer than this many steps is a module fault (modules end their
 * games; `max-plies` is the designer's limit). */
#define MAX_GAME_STEPS 200000

gboolean
bs_study_player_init (BsStudyPlayer  *player,
                      const char     *level,
                      GError        **error)
{
  g_return_val_if_fail (player != NULL, FALSE);
  g_return_val_if_fail (level != NULL, FALSE);

  memset (player, 0, sizeof *player);
  if (!bs_player_spec_parse (&player->spec, level, BS_PLAYER_SPEC_BARE_LEVELS, error))
    {
      bs_player_spec_clear (&player->spec);
      return FALSE;
    }
  if (player->spec.kind == BS_PLAYER_SPEC_ALPHA_BETA && player->spec.alpha_beta.weights != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Player “%s”: a study’s players cannot read weights=FILE, as its file "
                     "must hold everything its games depend on"), level);
      bs_player_spec_clear (&player->spec);
      return FALSE;
    }
  /* Levels are case-blind; alpha-beta's settings are kept as given. */
  player->level = player->spec.kind == BS_PLAYER_SPEC_RANDOM ? g_strdup ("random")
                  : player->spec.kind == BS_PLAYER_SPEC_ALPHA_BETA ? g_strdup (level)
                  : g_ascii_strdown (level, -1);
  return TRUE;
}

void
bs_study_player_clear (BsStudyPlayer *player)
{
  g_clear_pointer (&player->level, g_free);
  bs_player_spec_clear (&player->spec);
}

char *
bs_study_player_describe (const BsStudyPlayer *player)
{
  const BsSearchParams *params;

  g_return_val_if_fail (player != NULL && player->level != NULL, NULL);

  if (player->spec.kind == BS_PLAYER_SPEC_RANDOM)
    return g_strdup (C_("computer player", "Random"));
  if (player->spec.strongest)
    /* Translators: the computer player of the Strongest level (the search the
     * game declares the stronger) with its budget as given ("cpu=0.5"). */
    return g_strdup_printf (_("Strongest (%s)"),
                            player->level[9] == ':' ? player->level + 10
                            : "cpu=" G_STRINGIFY (BS_PLAYER_SPEC_STRONGEST_DEFAULT_SECONDS));
  /* "hard" is named Hard whichever search the game chose for it (below). */
  if (player->spec.kind == BS_PLAYER_SPEC_ALPHA_BETA && !player->spec.game_chooses)
    {
      const BsAlphaBetaParams *ab = &player->spec.alpha_beta;

      if (ab->max_depth > 0 && ab->cpu_ms == 0 && ab->max_nodes == 0)
        /* Translators: the minimax computer player searching this many plies deep. */
        return g_strdup_printf (_("Alpha-beta, depth %u"), ab->max_depth);
      /* Translators: the minimax computer player with its settings as given
       * ("cpu=0.05", "nodes=20000"). */
      return g_strdup_printf (_("Alpha-beta (%s)"),
                              player->level[2] == ':' ? player->level + 3 : "cpu=1");
    }
  params = &player->spec.mcts;
  /* "mcts:cpu=S" is Hard's search with another budget: named by its budget. */
  if (!g_str_has_prefix (player->level, "mcts:cpu="))
    switch (params->level)
      {
      case BS_SEARCH_LEVEL_EASY:
        return g_strdup (C_("computer player", "Easy"));
      case BS_SEARCH_LEVEL_MEDIUM:
        return g_strdup (C_("computer player", "Medium"));
      case BS_SEARCH_LEVEL_HARD:
        return g_strdup (C_("computer player", "Hard"));
      default:
        break;
      }
  if (params->time_ms > 0)
    /* Translators: a computer player thinking this long per move: "500 ms a move". */
    return g_strdup_printf (_("%u ms a move"), params->time_ms);
  /* Translators: a computer player with this many playouts per move. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u playout a move",
                                       "%u playouts a move", (gulong) params->playouts),
                          (guint) params->playouts);
}

gboolean
bs_study_arms_include (const GArray *arms,
                       guint         arm)
{
  g_return_val_if_fail (arms != NULL, FALSE);

  for (guint i = 0; i < arms->len; i++)
    if (g_array_index (arms, guint, i) == arm)
      return TRUE;
  return FALSE;
}

char *
bs_study_join_values (const BsStudy *study,
                      const GArray  *arms)
{
  GString *list = g_string_new (NULL);

  g_return_val_if_fail (study != NULL && arms != NULL, NULL);

  for (guint i = 0; i < arms->len; i++)
    g_string_append_printf (list, "%s%s", i > 0 ? ", " : "",
                            bs_study_get_arm (study, g_array_index (arms, guint, i))->value);
  return g_string_free (list, FALSE);
}

char *
bs_study_describe_sweep (const BsStudy *study)
{
  const BsStudyArm *base;

  g_return_val_if_fail (study != NULL, NULL);

  if (study->sweep_key == NULL || bs_study_n_arms (study) == 0)
    return NULL;
  base = bs_study_get_arm (study, study->default_arm >= 0 ? (guint) study->default_arm : 0);
  return bs_variant_describe_setting (base->variant, study->sweep_key);
}

const char *
bs_study_reason_label (const char *reason)
{
  static const struct {
    BsEnding    ending;
    const char *label;
  } labels[] = {
    { BS_ENDING_NO_MOVES, N_("No legal move") },
    { BS_ENDING_ALL_PLACED, N_("All pieces placed") },
    { BS_ENDING_BOARD_FULL, N_("No empty cell") },
    { BS_ENDING_END_MOVE, N_("A player ended the game") },
    { BS_ENDING_GOAL, N_("Goal reached") },
    { BS_ENDING_ELIMINATION, N_("A player lost every piece") },
    { BS_ENDING_NO_REMOVAL, N_("A round removed no piece") },
    { BS_ENDING_PASSES, N_("Both players passed") },
    { BS_ENDING_MOVE_LIMIT, N_("Move limit") },
  };
  BsEnding ending;

  g_return_val_if_fail (reason != NULL, NULL);

  if (bs_ending_from_string (reason, &ending))
    for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
      if (labels[i].ending == ending)
        return g_dgettext (GETTEXT_PACKAGE, labels[i].label);
  return reason;
}

static void
arm_free (gpointer data)
{
  BsStudyArm *arm = data;

  g_free (arm->value);
  g_clear_pointer (&arm->variant, bs_variant_free);
  g_clear_pointer (&arm->ruleset, bs_ruleset_unref);
  g_free (arm);
}

BsStudy *
bs_study_new (BsStudyKind   kind,
              guint64       seed,
              const char   *level_a,
              const char   *level_b,
              GError      **error)
{
  g_autoptr(BsStudy) study = g_atomic_rc_box_new0 (BsStudy);

  study->kind = kind;
  study->seed = seed;
  study->games = 100;
  study->fair_margin = BS_STUDY_FAIR_MARGIN;
  study->default_arm = -1;
  study->arms = g_ptr_array_new_with_free_func (arm_free);
  if (!bs_study_player_init (&study->players[0], level_a, error) ||
      !bs_study_player_init (&study->players[1], level_b, error))
    return NULL;
  study->swap = kind != BS_STUDY_PLAYERS &&
                !g_str_equal (study->players[0].level, study->players[1].level);
  return g_steal_pointer (&study);
}

static void
study_clear (gpointer data)
{
  BsStudy *study = data;

  bs_study_player_clear (&study->players[0]);
  bs_study_player_clear (&study->players[1]);
  g_free (study->sweep_key);
  g_clear_pointer (&study->arms, g_ptr_array_unref);
  g_clear_pointer (&study->replicate_seeds, g_array_unref);
}

BsStudy *
bs_study_ref (BsStudy *study)
{
  g_return_val_if_fail (study != NULL, NULL);
  return g_atomic_rc_box_acquire (study);
}

void
bs_study_unref (BsStudy *study)
{
  g_return_if_fail (study != NULL);
  g_atomic_rc_box_release_full (study, study_clear);
}

void
bs_study_add_arm (BsStudy         *study,
                  const BsVariant *variant,
                  const char      *value)
{
  BsStudyArm *arm;

  g_return_if_fail (study != NULL && variant != NULL);

  arm = g_new0 (BsStudyArm, 1);
  arm->value = g_strdup (value);
  arm->variant = bs_variant_copy (variant);
  g_ptr_array_add (study->arms, arm);
}

/* "A..B", "A..B:STEP" or "x,y,z" → the values, in order. */
static GPtrArray *
parse_range (const char  *key,
             const char  *range,
             GError     **error)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new_with_free_func (g_free);
  const char *dots = strstr (range, "..");

  if (dots != NULL)
    {
      g_autofree char *first = g_strndup (range, (gsize) (dots - range));
      g_autofree char *rest = g_strdup (dots + 2);
      char *colon = strchr (rest, ':');
      gint64 a, b, step = 1;

      if (colon != NULL)
        *colon = '\0';
      if (!g_ascii_string_to_signed (first, 10, -1000000, 1000000, &a, NULL) ||
          !g_ascii_string_to_signed (rest, 10, -1000000, 1000000, &b, NULL) ||
          (colon != NULL &&
           !g_ascii_string_to_signed (colon + 1, 10, 1, 1000000, &step, NULL)))
        {
          g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE,
                       _("--sweep %s=%s: a range is A..B or A..B:STEP with whole numbers "
                       "(STEP positive)"), key, range);
          return NULL;
        }
      if (a > b)
        {
          g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE,
                       _("--sweep %s=%s: the range is empty (%d > %d)"), key, range, (int) a,
                       (int) b);
          return NULL;
        }
      /* Counted first: a range of too many values is refused as a list is, never cut. */
      if ((b - a) / step + 1 > BS_STUDY_MAX_ARMS)
        {
          g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE,
                       _("--sweep %s=%s: a sweep needs 2 to %d values, and the range gives %u"),
                       key, range, BS_STUDY_MAX_ARMS, (guint) ((b - a) / step + 1));
          return NULL;
        }
      for (gint64 v = a; v <= b; v += step)
        g_ptr_array_add (values, g_strdup_printf ("%" G_GINT64_FORMAT, v));
    }
  else
    {
      g_auto(GStrv) parts = g_strsplit (range, ",", -1);

      for (guint i = 0; parts[i] != NULL; i++)
        {
          g_strstrip (parts[i]);
          if (parts[i][0] == '\0')
            {
              g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE,
                           _("--sweep %s=%s: an empty value in the list"), key, range);
              return NULL;
            }
          g_ptr_array_add (values, g_strdup (parts[i]));
        }
    }
  if (values->len < 2 || values->len > BS_STUDY_MAX_ARMS)
    {
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE,
                   dots != NULL
                   ? _("--sweep %s=%s: a sweep needs 2 to %d values, and the range gives %u")
                   : _("--sweep %s=%s: a sweep needs 2 to %d values, and the list gives %u"),
                   key, range, BS_STUDY_MAX_ARMS, values->len);
      return NULL;
    }
  return g_steal_pointer (&values);
}

/* The value a --set key has in a variant, as text (NULL: not settable). */
static char *
variant_key_value (const BsVariant *variant,
                   const char      *key)
{
  const BsModule *module = bs_module_find (variant->module);

  if (g_str_equal (key, "width"))
    return g_strdup_printf ("%d", variant->board.width);
  if (g_str_equal (key, "height"))
    return g_strdup_printf ("%d", variant->board.height);
  if (g_str_equal (key, "size") && (variant->board.shape == BS_SHAPE_SQUARE ||
                                     variant->board.shape == BS_SHAPE_HEX_RHOMBUS))
    return variant->board.width == variant->board.height
           ? g_strdup_printf ("%d", variant->board.width) : NULL;
  if (g_str_equal (key, "size"))
    return g_strdup_printf ("%d", variant->board.size);
  if (g_str_equal (key, "adjacency"))
    return g_strdup_printf ("%d", variant->board.adjacency);
  if (g_str_has_prefix (key, "supply."))
    {
      g_auto(GStrv) parts = g_strsplit (key, ".", 3);

      if (g_strv_length (parts) == 3 && (parts[1][0] == '1' || parts[1][0] == '2'))
        return g_strdup_printf ("%d", bs_variant_get_supply (variant, parts[1][0] - '0', parts[2]));
      return NULL;
    }
  if (module != NULL)
    {
      int index = bs_module_option_index (module, key);

      if (index >= 0)
        {
          const char *value = bs_variant_get_option (variant, key);
          g_autoptr(BsRuleset) rs = NULL;

          if (value != NULL)
            return g_strdup (value);
          /* The module's default, as the ruleset resolves it. */
          rs = bs_ruleset_new (variant, NULL);
          if (rs != NULL)
            return g_strdup (bs_option_value_to_string (&module->options[index], rs->options[index]));
        }
    }
  return NULL;
}

gboolean
bs_study_add_sweep (BsStudy         *study,
                    const BsVariant *base,
                    const char      *key,
                    const char      *range,
                    GError         **error)
{
  g_autoptr(GPtrArray) values = NULL;
  g_autofree char *base_value = NULL;

  g_return_val_if_fail (study != NULL && base != NULL, FALSE);
  g_return_val_if_fail (key != NULL && range != NULL, FALSE);

  values = parse_range (key, range, error);
  if (values == NULL)
    return FALSE;
  base_value = variant_key_value (base, key);
  g_free (study->sweep_key);
  study->sweep_key = g_strdup (key);
  study->default_arm = -1;
  for (guint i = 0; i < values->len; i++)
    {
      const char *value = values->pdata[i];
      g_autoptr(BsVariant) variant = bs_variant_copy (base);
      g_autoptr(GError) local = NULL;

      if (!bs_variant_set (variant, key, value, &local) ||
          !bs_variant_validate (variant, &local))
        {
          /* Translators: --sweep KEY=VALUES, then why a value does not fit the setting. */
          g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE,
                       _("--sweep %s=%s: %s"), key, value, local->message);
          return FALSE;
        }
      if (base_value != NULL && g_str_equal (base_value, value))
        study->default_arm = (int) study->arms->len;
      bs_study_add_arm (study, variant, value);
    }
  return TRUE;
}

gboolean
bs_study_evaluator_fits (const BsRuleset *rs)
{
  g_return_val_if_fail (rs != NULL, FALSE);

  return !bs_ruleset_is_simultaneous (rs) &&
         (rs->module->n_features > 0 || bs_ruleset_get_playout_cut (rs) > 0);
}

const char *
bs_study_evaluator_to_string (BsStudyEvaluator evaluator)
{
  switch (evaluator)
    {
    case BS_STUDY_EVALUATOR_PLAYOUTS: return "playouts";
    case BS_STUDY_EVALUATOR_CUT_PLAYOUTS: return "cut-playouts";
    case BS_STUDY_EVALUATOR_CHOOSE:
    default: return NULL;
    }
}

/* Whether a search plays: only then are the plies evaluated. */
static gboolean
study_is_evaluated (const BsStudy *study)
{
  return study->players[0].spec.kind != BS_PLAYER_SPEC_RANDOM ||
         study->players[1].spec.kind != BS_PLAYER_SPEC_RANDOM;
}

/* A new study's evaluator: the stronger one wherever every arm's game has an evaluation
 * (the arms are measured alike), and the random playouts where nothing is evaluated, so
 * that a study of random players reads the same as before. A study read from a file keeps
 * the file's, if its games can have it. */
static gboolean
prepare_evaluator (BsStudy  *study,
                   GError  **error)
{
  gboolean fits = TRUE;

  for (guint i = 0; i < study->arms->len; i++)
    fits = fits && bs_study_evaluator_fits (((BsStudyArm *) study->arms->pdata[i])->ruleset);
  if (study->evaluator == BS_STUDY_EVALUATOR_CHOOSE)
    study->evaluator = fits && study_is_evaluated (study) ? BS_STUDY_EVALUATOR_CUT_PLAYOUTS
                                                          : BS_STUDY_EVALUATOR_PLAYOUTS;
  else if (study->evaluator == BS_STUDY_EVALUATOR_CUT_PLAYOUTS && !fits)
    {
      g_set_error_literal (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE,
                           _("the evaluator cut-playouts needs a turn-based game with an "
                             "evaluation, and a variant of the study has none"));
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_study_prepare (BsStudy  *study,
                  GError  **error)
{
  g_return_val_if_fail (study != NULL, FALSE);

  if (study->arms->len == 0)
    {
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE, _("the study has no variant"));
      return FALSE;
    }
  for (guint i = 0; i < study->arms->len; i++)
    {
      BsStudyArm *arm = study->arms->pdata[i];

      if (arm->ruleset != NULL)
        continue;
      arm->ruleset = bs_ruleset_new (arm->variant, error);
      if (arm->ruleset == NULL)
        return FALSE;
      /* Alpha-beta searches turn-based games only. */
      for (int p = 0; p < 2; p++)
        {
          g_autoptr(GError) local = NULL;

          if (!bs_player_spec_check_ruleset (&study->players[p].spec, arm->ruleset, &local))
            {
              g_set_error_literal (error, BS_STUDY_ERROR, BS_STUDY_ERROR_VALUE, local->message);
              return FALSE;
            }
        }
    }
  return prepare_evaluator (study, error);
}

BsStudyArm *
bs_study_get_arm (const BsStudy *study,
                  guint          arm)
{
  g_return_val_if_fail (study != NULL && arm < study->arms->len, NULL);
  return study->arms->pdata[arm];
}

guint
bs_study_n_arms (const BsStudy *study)
{
  return study->arms->len;
}

gboolean
bs_study_in_shard (const BsStudy *study,
                   guint          n)
{
  return study->shard_count <= 1 || n % study->shard_count == study->shard_index;
}

static const char *
kind_name (BsStudyKind kind)
{
  switch (kind)
    {
    case BS_STUDY_SINGLE: return "single";
    case BS_STUDY_SWEEP: return "sweep";
    case BS_STUDY_COMPARE: return "compare";
    case BS_STUDY_PLAYERS: return "players";
    default: return "?";
    }
}

guint
bs_study_n_replicates (const BsStudy *study)
{
  return study->replicate_seeds != NULL ? study->replicate_seeds->len : 1;
}

guint64
bs_study_replicate_seed (const BsStudy *study,
                         guint          r)
{
  g_return_val_if_fail (r < bs_study_n_replicates (study), study->seed);
  return study->replicate_seeds != NULL
         ? g_array_index (study->replicate_seeds, guint64, r) : study->seed;
}

static gboolean
same_replicates (const BsStudy *a,
                 const BsStudy *b)
{
  if (bs_study_n_replicates (a) != bs_study_n_replicates (b))
    return FALSE;
  for (guint r = 0; r < bs_study_n_replicates (a); r++)
    if (bs_study_replicate_seed (a, r) != bs_study_replicate_seed (b, r))
      return FALSE;
  return TRUE;
}

static gboolean
study_same (const BsStudy  *a,
            const BsStudy  *b,
            gboolean        seeds,
            GError        **error)
{
  const char *what = NULL;
  g_autofree char *owned = NULL;

  /* Each a whole clause, the verb agreeing with its subject. */
  if (a->kind != b->kind)
    what = _("the kinds differ");
  else if (seeds && a->seed != b->seed)
    what = _("the seeds differ");
  else if (seeds && !same_replicates (a, b))
    what = _("the replicates differ");
  else if (!g_str_equal (a->players[0].level, b->players[0].level) ||
           !g_str_equal (a->players[1].level, b->players[1].level))
    what = _("the players differ");
  else if (a->games != b->games)
    what = _("the numbers of games differ");
  else if (a->margin != b->margin)
    what = _("the target precisions differ");
  else if (g_strcmp0 (a->sweep_key, b->sweep_key) != 0)
    what = _("the swept settings differ");
  /* A study whose evaluator is not chosen yet (not prepared) may become either. */
  else if (a->evaluator != b->evaluator && a->evaluator != BS_STUDY_EVALUATOR_CHOOSE &&
           b->evaluator != BS_STUDY_EVALUATOR_CHOOSE)
    /* Translators: each %s is the name of a common evaluator in the study file,
     * "playouts" or "cut-playouts", the first study's first. */
    what = owned = g_strdup_printf (_("the common evaluators differ (%s, then %s)"),
                                    bs_study_evaluator_to_string (a->evaluator),
                                    bs_study_evaluator_to_string (b->evaluator));
  else if (a->arms->len != b->arms->len)
    what = _("the numbers of variants differ");
  else
    for (guint i = 0; i < a->arms->len && what == NULL; i++)
      {
        const BsStudyArm *x = a->arms->pdata[i], *y = b->arms->pdata[i];

        if (g_strcmp0 (x->value, y->value) != 0 || !bs_variant_equal (x->variant, y->variant))
          what = _("the variants differ");
      }
  if (what != NULL)
    {
      /* Translators: the first %s says what differs ("the seeds differ"); the second is
       * the kind of study as the study file names it: single, sweep, compare or
       * players. */
      g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_MISMATCH,
                   _("not the same study: %s (%s study)"), what, kind_name (a->kind));
      return FALSE;
    }
  return TRUE;
}

gboolean
bs_study_same (const BsStudy  *a,
               const BsStudy  *b,
               GError        **error)
{
  return study_same (a, b, TRUE, error);
}

gboolean
bs_study_same_settings (const BsStudy  *a,
                        const BsStudy  *b,
                        GError        **error)
{
  return study_same (a, b, FALSE, error);
}

int
bs_study_seat_player (const BsStudy *study,
                      guint          n,
                      int            seat)
{
  gboolean swapped = study->swap && (n & 1) != 0;

  return (seat == 1) == !swapped ? 0 : 1;
}

int
bs_study_arm_seat_player (const BsStudy *study,
                          guint          arm,
                          guint          n,
                          int            seat)
{
  if (study->kind == BS_STUDY_PLAYERS)
    return arm == 0 ? 0 : 1;
  return bs_study_seat_player (study, n, seat);
}

guint64
bs_study_game_seed (const BsStudy *study,
                    guint          n)
{
  guint64 state = study->seed + (guint64) n * G_GUINT64_CONSTANT (0xD1B54A32D192ED03);

  return bs_splitmix64 (&state);
}

/* Every search of a game gets its own seed from the game's, the ply, the
 * step and the seat. */
static guint64
decision_seed (guint64 game_seed,
               guint   ply,
               guint   step,
               int     seat)
{
  guint64 state = game_seed ^ ((guint64) ply << 24) ^ ((guint64) step << 8) ^ (guint64) seat;

  bs_splitmix64 (&state);
  return bs_splitmix64 (&state);
}

BsStudyGame *
bs_study_game_new (void)
{
  BsStudyGame *game = g_new0 (BsStudyGame, 1);

  game->moves = g_ptr_array_new_with_free_func (g_free);
  game->branching = g_array_new (FALSE, FALSE, sizeof (guint16));
  game->step_counts = g_array_new (FALSE, FALSE, sizeof (guint16));
  game->evaluations = g_array_new (FALSE, FALSE, sizeof (gint16));
  game->repeats = -1;
  game->score_difference = -1;
  return game;
}

void
bs_study_game_free (BsStudyGame *game)
{
  if (game == NULL)
    return;
  g_free (game->reason);
  g_ptr_array_unref (game->moves);
  g_array_unref (game->branching);
  g_array_unref (game->step_counts);
  g_array_unref (game->evaluations);
  g_free (game);
}

int
bs_study_game_half_points (const BsStudyGame *game,
                           int                seat)
{
  switch (game->result)
    {
    case BS_RESULT_WIN_1: return seat == 1 ? 2 : 0;
    case BS_RESULT_WIN_2: return seat == 2 ? 2 : 0;
    case BS_RESULT_DRAW: return 1;
    default: return 0;
    }
}

/* An open-addressing set of the hashes seen (0 kept apart: it marks a free slot), on the
 * stack for a game of up to 512 positions: no sorting, no allocation. */
guint
bs_study_count_repeats (const guint64 *hashes,
                        guint          n)
{
  guint64 small[1024];
  g_autofree guint64 *large = NULL;
  guint64 *table = small;
  gsize size = 64;
  guint repeats = 0;
  gboolean zero = FALSE;

  while (size < 2 * (gsize) n)
    size *= 2;
  if (size > G_N_ELEMENTS (small))
    table = large = g_new0 (guint64, size);
  else
    memset (small, 0, size * sizeof (guint64));
  for (guint i = 0; i < n; i++)
    {
      guint64 h = hashes[i];
      gsize slot;

      if (h == 0)
        {
          repeats += zero;
          zero = TRUE;
          continue;
        }
      for (slot = (gsize) (h ^ (h >> 29)) & (size - 1); table[slot] != 0 && table[slot] != h;
           slot = (slot + 1) & (size - 1))
        ;
      repeats += table[slot] == h;
      table[slot] = h;
    }
  return repeats;
}

struct _BsStudyWorker {
  BsMove     *moves;
  guint       moves_capacity;
  BsMove     *turn;
  guint       turn_capacity;
  BsPosition *pos;
  BsPosition *round_start;
  BsPosition *probe;         /* the common evaluator's playouts */
  gsize       pos_capacity;
  guint8     *seen;          /* per cell: the bits of every value it held this game */
  guint       seen_capacity;
  guint64    *hashes;        /* the full hash of each position of the game so far */
  guint       hashes_capacity;
};

BsStudyWorker *
bs_study_worker_new (void)
{
  return g_new0 (BsStudyWorker, 1);
}

void
bs_study_worker_free (BsStudyWorker *worker)
{
  if (worker == NULL)
    return;
  g_free (worker->moves);
  g_free (worker->turn);
  g_free (worker->pos);
  g_free (worker->round_start);
  g_free (worker->probe);
  g_free (worker->seen);
  g_free (worker->hashes);
  g_free (worker);
}

static void
worker_fit (BsStudyWorker   *worker,
            const BsRuleset *rs)
{
  guint turn_steps = bs_ruleset_max_turn_steps (rs);

  if (worker->moves_capacity < rs->max_moves)
    {
      worker->moves_capacity = rs->max_moves;
      worker->moves = g_renew (BsMove, worker->moves, worker->moves_capacity);
    }
  if (worker->turn_capacity < turn_steps)
    {
      worker->turn_capacity = turn_steps;
      worker->turn = g_renew (BsMove, worker->turn, worker->turn_capacity);
    }
  if (worker->pos_capacity < rs->position_size)
    {
      worker->pos_capacity = rs->position_size;
      g_free (worker->pos);
      g_free (worker->round_start);
      g_free (worker->probe);
      worker->pos = g_malloc0 (worker->pos_capacity);
      worker->round_start = g_malloc0 (worker->pos_capacity);
      worker->probe = g_malloc0 (worker->pos_capacity);
    }
  if (worker->seen_capacity < (guint) rs->n_cells)
    {
      worker->seen_capacity = (guint) rs->n_cells;
      worker->seen = g_renew (guint8, worker->seen, worker->seen_capacity);
    }
}

/* Coverage: every value a cell holds is or'ed into seen (a loop the compiler
 * vectorises); a cell that ever held a piece ends nonzero. */
static inline void
cells_seen (guint8           *seen,
            const BsPosition *pos,
            int               n_cells)
{
  for (int c = 0; c < n_cells; c++)
    seen[c] |= pos->cells[c];
}

/* Records a position of the game (the start, or after a ply): its full hash for the
 * repetitions and |score 1 − score 2| for the score difference. */
static void
position_seen (BsStudyWorker    *worker,
               const BsRuleset  *rs,
               const BsPosition *pos,
               guint             index,
               BsStudyGame      *game)
{
  int scores[2];

  if (index >= worker->hashes_capacity)
    {
      worker->hashes_capacity = MAX (64, 2 * index);
      worker->hashes = g_renew (guint64, worker->hashes, worker->hashes_capacity);
    }
  worker->hashes[index] = bs_position_hash (rs, pos);
  bs_ruleset_scores (rs, pos, scores);
  game->score_difference += ABS ((gint64) scores[0] - scores[1]);
}

/* Why the game ended, as the engine's stable id (docs/ARCHITECTURE.md). */
static char *
result_reason (const BsRuleset  *rs,
               const BsPosition *pos)
{
  return g_strdup (bs_ending_to_string (bs_ruleset_ending (rs, pos)));
}

static void
set_game_error (GError     **error,
                guint        arm,
                guint        number,
                guint        ply,
                const char  *what)
{
  /* Translators: the last %s is what went wrong in that game. */
  g_set_error (error, BS_STUDY_ERROR, BS_STUDY_ERROR_GAME,
               _("game %u of variant %u, ply %u: %s"), number + 1, arm + 1, ply + 1, what);
}

/* Player 1's points in permille from a playout that ended. */
static int
result_permille (const BsPosition *pos)
{
  return pos->result == BS_RESULT_WIN_1 ? 1000 : pos->result == BS_RESULT_WIN_2 ? 0 : 500;
}

static gint16
evaluate_with (const BsRuleset  *rs,
               BsStudyEvaluator  evaluator,
               guint             cut_turns,
               double            scale,
               const BsPosition *pos,
               guint64           seed,
               BsMove           *moves,
               BsPosition       *probe)
{
  gboolean cut = evaluator == BS_STUDY_EVALUATOR_CUT_PLAYOUTS;
  double permille = 0;
  BsRng rng;

  if (bs_position_is_over (pos))
    return (gint16) result_permille (pos);
  bs_rng_init (&rng, seed ^ G_GUINT64_CONSTANT (0xD1B54A32D192ED03));
  for (guint i = 0; i < BS_STUDY_EVALUATION_PLAYOUTS; i++)
    {
      bs_position_copy (rs, probe, pos);
      bs_position_set_playout (rs, probe, TRUE);
      if (cut)
        {
          double p;

          /* K whole turns or K + 1 in turn (not steps: a turn of two steps would leave
           * the same player to move after either), so that the one to move at the cut
           * alternates. */
          for (guint turn = 0; turn < cut_turns + (i & 1) && !bs_position_is_over (probe);
               turn++)
            do
              bs_ruleset_playout (rs, probe, &rng, moves, 1);
            while (!bs_position_is_over (probe) && probe->step != 0);
          if (!bs_position_is_over (probe))
            {
              p = bs_search_cut_reward (bs_evaluation_score (rs, probe, BS_EVALUATION_FEATURES,
                                                             moves),
                                        scale);
              permille += 1000 * (probe->to_move == 1 ? p : 1 - p);
              continue;
            }
        }
      else
        bs_ruleset_playout (rs, probe, &rng, moves, MAX_GAME_STEPS);
      /* A playout that does not end counts as a draw, as a game cut at its limit. */
      permille += bs_position_is_over (probe) ? result_permille (probe) : 500;
    }
  return (gint16) lround (permille / BS_STUDY_EVALUATION_PLAYOUTS);
}

/* evaluate_with outside a worker: with buffers of its own. */
static gint16
evaluate_alone (const BsRuleset  *rs,
                BsStudyEvaluator  evaluator,
                guint             cut_turns,
                double            scale,
                const BsPosition *pos,
                guint64           seed)
{
  g_autofree BsMove *moves = g_new (BsMove, MAX (1, rs->max_moves));
  g_autofree BsPosition *probe = g_malloc0 (rs->position_size);

  return evaluate_with (rs, evaluator, cut_turns, scale, pos, seed, moves, probe);
}

gint16
bs_study_evaluate_position (const BsRuleset   *rs,
                            BsStudyEvaluator   evaluator,
                            const BsPosition  *pos,
                            guint64            seed)
{
  g_return_val_if_fail (rs != NULL && pos != NULL, -1);
  g_return_val_if_fail (evaluator == BS_STUDY_EVALUATOR_PLAYOUTS ||
                        evaluator == BS_STUDY_EVALUATOR_CUT_PLAYOUTS, -1);
  g_return_val_if_fail (evaluator == BS_STUDY_EVALUATOR_PLAYOUTS ||
                        bs_study_evaluator_fits (rs), -1);
  return evaluate_alone (rs, evaluator, BS_STUDY_EVALUATION_CUT, BS_STUDY_EVALUATION_CUT_SCALE,
                         pos, seed);
}

gint16
bs_study_evaluate_cut_scaled (const BsRuleset  *rs,
                              const BsPosition *pos,
                              guint64           seed,
                              guint             cut,
                              double            scale)
{
  g_return_val_if_fail (rs != NULL && pos != NULL && scale > 0, -1);
  g_return_val_if_fail (bs_study_evaluator_fits (rs), -1);
  return evaluate_alone (rs, BS_STUDY_EVALUATOR_CUT_PLAYOUTS, cut, scale, pos, seed);
}

gint16
bs_study_evaluate_search (const BsRuleset  *rs,
                          const BsPosition *pos,
                          guint             depth,
                          double            scale)
{
  double sum = 0;

  g_return_val_if_fail (rs != NULL && pos != NULL && scale > 0, -1);
  g_return_val_if_fail (depth >= 1 && depth < BS_ALPHA_BETA_MAX_DEPTH, -1);
  if (bs_position_is_over (pos))
    return (gint16) result_permille (pos);
  /* Depth d and d + 1: each favours the side that moves last in it, the two opposite
   * sides, so their mean favours neither. */
  for (guint d = depth; d <= depth + 1; d++)
    {
      BsAlphaBetaParams params = { .max_depth = d, .tt_bits = 14 };
      BsAlphaBetaResult result;

      /* A depth budget and no clock: the same value on every machine. */
      if (!bs_alpha_beta_run (rs, pos, &params, NULL, &result, NULL))
        return -1;
      /* A win or loss the search proves is the game's result. */
      if (ABS (result.value) > BS_ALPHA_BETA_WIN_ZONE)
        return (gint16) ((result.value > 0) == (pos->to_move == 1) ? 1000 : 0);
      sum += result.value;
    }
  {
    double p = bs_search_cut_reward ((int) lround (sum / 2), scale);

    return (gint16) lround (1000 * (pos->to_move == 1 ? p : 1 - p));
  }
}

/* The seed of the common evaluation after ply `ply` of a game. */
guint64
bs_study_evaluation_seed (guint64 game_seed,
                          guint   ply)
{
  return game_seed + (guint64) (ply + 1) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
}

BsStudyGame *
bs_study_play_game (const BsStudy  *study,
                    guint           arm_index,
                    guint           number,
                    BsStudyWorker  *worker,
                    GCancellable   *cancellable,
                    GError        **error)
{
  const BsStudyArm *arm;
  const BsRuleset *rs;
  g_autoptr(BsStudyGame) game = NULL;
  g_autofree BsPosition *start = NULL;
  BsPosition *pos, *round_start;
  guint64 game_seed;
  gboolean evaluated;
  guint total_steps = 0;
  BsRng rng;

  g_return_val_if_fail (study != NULL && worker != NULL, NULL);
  g_return_val_if_fail (arm_index < study->arms->len, NULL);
  arm = study->arms->pdata[arm_index];
  g_return_val_if_fail (arm->ruleset != NULL, NULL);
  rs = arm->ruleset;

  worker_fit (worker, rs);
  pos = worker->pos;
  round_start = worker->round_start;
  game_seed = bs_study_game_seed (study, number);
  start = bs_ruleset_new_position (rs, game_seed);
  bs_position_copy (rs, pos, start);
  /* Random seats draw from one generator per game, seeded apart from the
   * setup and the searches. */
  bs_rng_init (&rng, game_seed ^ G_GUINT64_CONSTANT (0x5851F42D4C957F2D));

  game = bs_study_game_new ();
  game->arm = arm_index;
  game->number = number;
  game->swapped = bs_study_seat_player (study, number, 1) == 1;
  game->score_difference = 0;
  /* Evaluations where a search plays: every ply of every game of the study, so
   * that the arms are measured alike. */
  evaluated = study_is_evaluated (study);
  memset (worker->seen, 0, (gsize) rs->n_cells);
  cells_seen (worker->seen, pos, rs->n_cells);
  position_seen (worker, rs, pos, 0, game);

  while (!bs_position_is_over (pos))
    {
      guint n_turn = 0;
      guint16 n_steps;
      gint16 eval;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      bs_position_copy (rs, round_start, pos);
      /* One turn: a step, or a simultaneous round whose seats both think
       * from its start without seeing the other's orders. */
      do
        {
          int seat = pos->to_move;
          const BsStudyPlayer *player =
            &study->players[bs_study_arm_seat_player (study, arm_index, number, seat)];
          g_autoptr(BsSearchResult) result = NULL;

          if (player->spec.kind == BS_PLAYER_SPEC_ALPHA_BETA)
            {
              /* One step from where it stands (never a simultaneous round: refused by
               * bs_study_prepare); a turn's later steps come round again. The common
               * evaluator judges its plies as any other's. */
              BsAlphaBetaResult ab;
              BsAlphaBetaParams params = player->spec.alpha_beta;
              guint n = bs_ruleset_generate (rs, pos, worker->moves);
              guint16 count = (guint16) MIN (n, G_MAXUINT16);
              gboolean legal = FALSE;

              if (n == 0)
                {
                  set_game_error (error, arm_index, number, pos->ply,
                                  _("no legal move in a game that is not over"));
                  return NULL;
                }
              /* Seeded as an MCTS decision is: ties between equally good moves go
               * the game's way, so that two alpha-beta players vary from game to game. */
              params.seed = decision_seed (game_seed, pos->ply, pos->step, seat) | 1;
              if (!bs_alpha_beta_run (rs, pos, &params, cancellable, &ab, error))
                return NULL;
              for (guint j = 0; j < n && !legal; j++)
                legal = worker->moves[j] == ab.move;
              if (!legal || n_turn >= worker->turn_capacity || ++total_steps > MAX_GAME_STEPS)
                {
                  set_game_error (error, arm_index, number, pos->ply,
                                  legal ? _("the game does not end")
                                        : _("the search chose an illegal move"));
                  return NULL;
                }
              g_array_append_val (game->branching, count);
              worker->turn[n_turn++] = ab.move;
              bs_ruleset_apply (rs, pos, ab.move, NULL);
              cells_seen (worker->seen, pos, rs->n_cells);
              continue;
            }
          if (player->spec.kind == BS_PLAYER_SPEC_RANDOM)
            {
              do
                {
                  guint n = bs_ruleset_generate (rs, pos, worker->moves);
                  guint16 count = (guint16) MIN (n, G_MAXUINT16);
                  BsMove move;

                  if (n == 0 || n_turn >= worker->turn_capacity || ++total_steps > MAX_GAME_STEPS)
                    {
                      set_game_error (error, arm_index, number, pos->ply,
                                      n == 0 ? _("no legal move in a game that is not over")
                                             : _("the game does not end"));
                      return NULL;
                    }
                  move = worker->moves[bs_rng_below (&rng, n)];
                  g_array_append_val (game->branching, count);
                  worker->turn[n_turn++] = move;
                  bs_ruleset_apply (rs, pos, move, NULL);
                  cells_seen (worker->seen, pos, rs->n_cells);
                }
              while (pos->step != 0 && pos->to_move == seat && !bs_position_is_over (pos));
              continue;
            }

          {
            BsSearchParams params = player->spec.mcts;

            params.seed = decision_seed (game_seed, pos->ply, pos->step, seat);
            params.player = seat;
            result = bs_search_run ((BsRuleset *) rs, round_start, &params, NULL, cancellable, error);
            if (result == NULL)
              return NULL;
            for (guint i = 0; i < result->n_steps; i++)
              {
                guint n = bs_ruleset_generate (rs, pos, worker->moves);
                guint16 count = (guint16) MIN (n, G_MAXUINT16);
                gboolean legal = FALSE;

                for (guint j = 0; j < n && !legal; j++)
                  legal = worker->moves[j] == result->steps[i];
                if (pos->to_move != seat || !legal || n_turn >= worker->turn_capacity ||
                    ++total_steps > MAX_GAME_STEPS)
                  {
                    set_game_error (error, arm_index, number, pos->ply,
                                    _("the search chose an illegal move"));
                    return NULL;
                  }
                g_array_append_val (game->branching, count);
                worker->turn[n_turn++] = result->steps[i];
                bs_ruleset_apply (rs, pos, result->steps[i], NULL);
                cells_seen (worker->seen, pos, rs->n_cells);
              }
          }
        }
      while (pos->step != 0 && !bs_position_is_over (pos));

      {
        char *text = bs_ruleset_format_turn (rs, round_start, worker->turn, n_turn);

        if (strpbrk (text, " \t\n\r") != NULL)
          {
            g_free (text);
            set_game_error (error, arm_index, number, round_start->ply,
                            _("the module's notation of a turn holds a space"));
            return NULL;
          }
        g_ptr_array_add (game->moves, text);
      }
      n_steps = (guint16) MIN (n_turn, G_MAXUINT16);
      g_array_append_val (game->step_counts, n_steps);
      /* One evaluator for every position, whoever moved (not the mover's own search,
       * whose estimate of its chosen move favours the mover): docs/BALANCE.md. */
      eval = evaluated ? evaluate_with (rs, study->evaluator, BS_STUDY_EVALUATION_CUT,
                                        BS_STUDY_EVALUATION_CUT_SCALE, pos,
                                        bs_study_evaluation_seed (game_seed, game->moves->len - 1),
                                        worker->moves, worker->probe)
                       : -1;
      g_array_append_val (game->evaluations, eval);
      position_seen (worker, rs, pos, game->moves->len, game);
    }

  game->result = (BsResult) pos->result;
  game->reason = result_reason (rs, pos);
  game->plies = game->moves->len;
  bs_ruleset_scores (rs, pos, game->scores);
  game->pieces[0] = bs_position_pieces (pos, 1);
  game->pieces[1] = bs_position_pieces (pos, 2);
  game->cells = (guint) rs->n_cells;
  for (int c = 0; c < rs->n_cells; c++)
    game->covered += worker->seen[c] != BS_CELL_EMPTY;
  game->repeats = (int) bs_study_count_repeats (worker->hashes, game->plies + 1);
  return g_steal_pointer (&game);
}

char *
bs_study_journal_path (const char *path)
{
  return g_strconcat (path, ".journal", NULL);
}
