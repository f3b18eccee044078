/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-search"

#include "config.h"

#include "bs-player-spec.h"

#include <string.h>

#include <glib/gi18n-lib.h>

/* "cpu=SECONDS", more than 0 and at most an hour. */
static gboolean
parse_cpu_seconds (const char *text,
                   double     *seconds)
{
  const char *value;
  char *end = NULL;

  if (!g_str_has_prefix (text, "cpu="))
    return FALSE;
  value = text + strlen ("cpu=");
  *seconds = g_ascii_strtod (value, &end);
  return end != value && *end == '\0' && *seconds > 0 && *seconds <= 3600;
}

/* Hard's search with a budget of the searching thread's CPU time. */
static void
init_hard_for (BsSearchParams *params,
               double          seconds)
{
  bs_search_params_init (params, BS_SEARCH_LEVEL_HARD, 0);
  params->time_ms = (guint) MAX (1.0, seconds * 1000 + 0.5);
  params->cpu_time = TRUE;
}

static gboolean parse_mcts_budget (BsPlayerSpec  *spec,
                                   const char    *level,
                                   GError       **error);

/* "NAME=N" with N a whole number in [lo, hi]; FALSE when text is not NAME=…, an
 * error when the number is bad. */
static gboolean
parse_option_uint (BsPlayerSpec  *spec,
                   const char    *text,
                   const char    *name,
                   guint          lo,
                   guint          hi,
                   guint         *value,
                   gboolean      *ok,
                   GError       **error)
{
  g_autofree char *prefix = g_strconcat (name, "=", NULL);
  const char *digits;
  char *end = NULL;
  guint64 v;

  if (!g_str_has_prefix (text, prefix))
    return FALSE;
  digits = text + strlen (prefix);
  v = g_ascii_strtoull (digits, &end, 10);
  *ok = g_ascii_isdigit (digits[0]) && end != NULL && *end == '\0' && v >= lo && v <= hi;
  if (*ok)
    *value = (guint) v;
  else
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("Unknown player “%s”: %s=N takes a whole number from %u to %u, not “%s”"),
                 spec->text, name, lo, hi, digits);
  return TRUE;
}

/* The level of an MCTS player, after "mcts:" or the whole text with bare levels: "LEVEL"
 * then any of ",threads=N" (how many threads search at once), ",tree=shared" or
 * ",tree=root" (one tree grown by them all, or one tree each: the default), ",cut=K" or ",cut=game"
 * (evaluation-cut playouts; "game": the game's declared cut) and ",cut-scale=S" (their logistic's scale), each at most once. */
static gboolean
parse_mcts (BsPlayerSpec  *spec,
            const char    *level,
            GError       **error)
{
  g_auto(GStrv) parts = g_strsplit (level, ",", -1);
  gboolean seen_threads = FALSE, seen_cut = FALSE, seen_scale = FALSE, seen_tree = FALSE;
  gboolean shared_tree = FALSE;
  guint threads = 0, cut = 0;
  double scale = 0;

  /* g_strsplit gives no part at all for "" ("mcts:"). */
  if (!parse_mcts_budget (spec, parts[0] != NULL ? parts[0] : "", error))
    return FALSE;
  for (guint i = 1; parts[0] != NULL && parts[i] != NULL; i++)
    {
      const char *part = parts[i];
      gboolean ok = TRUE;

      if (parse_option_uint (spec, part, "threads", 1, BS_SEARCH_MAX_THREADS, &threads, &ok,
                             error))
        {
          if (ok && seen_threads)
            goto repeated;
          seen_threads = TRUE;
        }
      else if (g_str_equal (part, "tree=shared") || g_str_equal (part, "tree=root"))
        {
          shared_tree = g_str_equal (part, "tree=shared");
          if (seen_tree)
            goto repeated;
          seen_tree = TRUE;
        }
      else if (g_str_equal (part, "cut=game")
               || parse_option_uint (spec, part, "cut", 0, BS_SEARCH_MAX_PLAYOUT_CUT, &cut,
                                     &ok, error))
        {
          spec->cut_from_game = ok && g_str_equal (part, "cut=game");
          if (ok && seen_cut)
            goto repeated;
          seen_cut = TRUE;
        }
      else if (g_str_has_prefix (part, "cut-scale="))
        {
          const char *value = part + strlen ("cut-scale=");
          char *end = NULL;

          scale = g_ascii_strtod (value, &end);
          ok = end != value && *end == '\0' && scale >= 1 && scale <= 100000;
          if (!ok)
            g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                         _("Unknown player “%s”: cut-scale takes a number from 1 to 100000, "
                           "not “%s”"), spec->text, value);
          else if (seen_scale)
            goto repeated;
          seen_scale = TRUE;
        }
      else
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown player “%s”: after the budget, only threads=N (1 to %d), "
                         "tree=shared or tree=root, cut=K (0 to %d) and cut-scale=S may "
                         "follow, not “%s”"),
                       spec->text, BS_SEARCH_MAX_THREADS, BS_SEARCH_MAX_PLAYOUT_CUT, part);
          return FALSE;
        }
      if (!ok)
        return FALSE;
      continue;

    repeated:
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Unknown player “%s”: “%s” is given twice"), spec->text, part);
      return FALSE;
    }
  spec->mcts.threads = threads;
  spec->mcts.shared_tree = shared_tree;
  spec->mcts.playout_cut = cut;
  spec->mcts.playout_cut_scale = scale;
  return TRUE;
}

static gboolean
parse_mcts_budget (BsPlayerSpec  *spec,
                   const char    *level,
                   GError       **error)
{
  spec->kind = BS_PLAYER_SPEC_MCTS;
  if (g_str_has_prefix (level, "cpu="))
    {
      double seconds;

      if (!parse_cpu_seconds (level, &seconds))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown player “%s”: cpu= takes seconds, more than 0 and at "
                         "most 3600"), spec->text);
          return FALSE;
        }
      init_hard_for (&spec->mcts, seconds);
      return TRUE;
    }
  if (g_str_has_prefix (level, "playouts="))
    level += strlen ("playouts=");
  if (!bs_search_params_parse (&spec->mcts, level, 0, error))
    {
      if (!g_str_equal (level, spec->text))
        g_prefix_error (error, "%s: ", spec->text);
      return FALSE;
    }
  /* The Hard level is the app's: with the game's declared cut, unless cut= says otherwise. */
  spec->cut_from_game = spec->mcts.level == BS_SEARCH_LEVEL_HARD;
  return TRUE;
}

/* The game chooses between spec->mcts, Hard's Monte Carlo search with the game's cut, and
 * alpha-beta with its default settings and cpu_ms of CPU time (bs_player_spec_check_ruleset). */
static gboolean
init_game_chooses (BsPlayerSpec  *spec,
                   guint          cpu_ms,
                   GError       **error)
{
  spec->kind = BS_PLAYER_SPEC_STRONGEST;
  spec->game_chooses = TRUE;
  spec->cut_from_game = TRUE;
  if (!bs_alpha_beta_params_parse (&spec->alpha_beta, "", error))
    return FALSE;
  spec->alpha_beta.cpu_ms = cpu_ms;
  return TRUE;
}

/* "strongest" or "strongest:cpu=SECONDS": both searches get the budget; the game chooses
 * later (bs_player_spec_check_ruleset). */
static gboolean
parse_strongest (BsPlayerSpec  *spec,
                 const char    *settings,
                 GError       **error)
{
  double seconds = BS_PLAYER_SPEC_STRONGEST_DEFAULT_SECONDS;

  spec->strongest = TRUE;
  if (settings != NULL)
    {
      if (!parse_cpu_seconds (settings, &seconds))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       _("Unknown player “%s”: strongest takes cpu=SECONDS, more than 0 and "
                         "at most 3600"), spec->text);
          return FALSE;
        }
    }
  init_hard_for (&spec->mcts, seconds);
  spec->mcts.playouts = 0;      /* as the app's Strongest: no cap on the playouts */
  return init_game_chooses (spec, spec->mcts.time_ms, error);
}

gboolean
bs_player_spec_parse (BsPlayerSpec       *spec,
                      const char         *text,
                      BsPlayerSpecFlags   flags,
                      GError            **error)
{
  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  memset (spec, 0, sizeof *spec);
  spec->text = g_strdup (text);
  if (g_ascii_strcasecmp (text, "random") == 0)
    {
      spec->kind = BS_PLAYER_SPEC_RANDOM;
      return TRUE;
    }
  if (g_str_has_prefix (text, "mcts:"))
    return parse_mcts (spec, text + strlen ("mcts:"), error);
  if (g_ascii_strcasecmp (text, "strongest") == 0)
    return parse_strongest (spec, NULL, error);
  if (g_ascii_strncasecmp (text, "strongest:", strlen ("strongest:")) == 0)
    return parse_strongest (spec, text + strlen ("strongest:"), error);
  if (g_str_equal (text, "ab") || g_str_has_prefix (text, "ab:"))
    {
      spec->kind = BS_PLAYER_SPEC_ALPHA_BETA;
      return bs_alpha_beta_params_parse (&spec->alpha_beta, text[2] == ':' ? text + 3 : "",
                                         error);
    }
  if ((flags & BS_PLAYER_SPEC_BARE_LEVELS) != 0)
    {
      if (bs_search_params_parse (&spec->mcts, text, 0, NULL))
        {
          /* "hard" is the app's Hard: the search the game declares, as the app plays it. */
          if (spec->mcts.level == BS_SEARCH_LEVEL_HARD)
            return init_game_chooses (spec, spec->mcts.time_ms, error);
          spec->kind = BS_PLAYER_SPEC_MCTS;
          return TRUE;
        }
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Unknown player “%s”: expected random, easy, medium, hard, a number of "
                     "playouts (1 to 1000000000), a time such as 500ms, mcts:LEVEL, "
                     "ab[:SETTINGS] or strongest[:cpu=SECONDS]"), text);
      return FALSE;
    }
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("Unknown player “%s”: expected random, mcts:LEVEL, ab[:SETTINGS] or "
                 "strongest[:cpu=SECONDS]"), text);
  return FALSE;
}

void
bs_player_spec_clear (BsPlayerSpec *spec)
{
  g_return_if_fail (spec != NULL);

  g_clear_pointer (&spec->text, g_free);
  bs_alpha_beta_params_clear (&spec->alpha_beta);
  memset (spec, 0, sizeof *spec);
}

gboolean
bs_player_spec_is_reproducible (const BsPlayerSpec *spec)
{
  g_return_val_if_fail (spec != NULL, FALSE);

  switch (spec->kind)
    {
    case BS_PLAYER_SPEC_RANDOM:
      return TRUE;
    case BS_PLAYER_SPEC_MCTS:
      /* Threads sharing one tree interleave as the machine lets them. */
      return spec->mcts.time_ms == 0 && !(spec->mcts.shared_tree && spec->mcts.threads > 1);
    case BS_PLAYER_SPEC_STRONGEST:
      return FALSE;
    case BS_PLAYER_SPEC_ALPHA_BETA:
    default:
      /* Threads sharing a table fill it as the machine lets them. */
      return spec->alpha_beta.cpu_ms == 0 && spec->alpha_beta.threads <= 1;
    }
}

gboolean
bs_player_spec_check_ruleset (BsPlayerSpec       *spec,
                              const BsRuleset    *rs,
                              GError            **error)
{
  g_return_val_if_fail (spec != NULL && rs != NULL, FALSE);

  if (spec->game_chooses)
    spec->kind = bs_search_level_plays_alpha_beta (BS_SEARCH_LEVEL_HARD, rs)
                 ? BS_PLAYER_SPEC_ALPHA_BETA : BS_PLAYER_SPEC_MCTS;

  if (spec->cut_from_game)
    spec->mcts.playout_cut = bs_ruleset_get_playout_cut (rs);
  if (spec->kind != BS_PLAYER_SPEC_ALPHA_BETA || !bs_ruleset_is_simultaneous (rs))
    return TRUE;
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               _("%s is played in simultaneous rounds: alpha-beta (%s) searches "
                 "turn-based games only; use random or mcts:LEVEL"),
               rs->variant->id, spec->text);
  return FALSE;
}
