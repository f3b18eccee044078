/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules-translated.c: the games written in the rules language speak
 * French with LANGUAGE=fr (issues 24, 28). Every text of a rules file that
 * reaches a player — name, description, player names, labels, ending
 * sentences, explanations, the notation hint, the help — has an entry in
 * the catalog built in the tree (po/its/boardsmith-rules.its extracted it,
 * with its white space as the loader reads it), and the help and the
 * explanation of a move come out of the ruleset in French, placeholders
 * filled in. The rules files come as arguments (tests/meson.build), the
 * catalogs from $BOARDSMITH_LOCALEDIR. */

#include "config.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "audit-util.h"
#include "bs-locale.h"
#include "bs-match.h"
#include "bs-ruleset.h"
#include "bs-rules-document.h"
#include "bs-rules-game.h"

static char **game_paths;

/* Whether the catalog has `text`: gettext hands back the very pointer it
 * was given when it finds no entry, so an entry whose French equals the
 * English ("Reversi", "Misère") still counts. */
static gboolean
in_catalog (const char *context,
            const char *text)
{
  if (context != NULL)
    return g_dpgettext2 (GETTEXT_PACKAGE, context, text) != text;
  return g_dgettext (GETTEXT_PACKAGE, text) != text;
}

static void
expect_in_catalog (GPtrArray  *missing,
                   const char *path,
                   const char *context,
                   const char *text)
{
  if (text != NULL && !in_catalog (context, text))
    g_ptr_array_add (missing, g_strdup_printf ("%s: not in the French catalog: “%s”",
                                               path, text));
}

static void
test_every_text_in_catalog (void)
{
  g_autoptr(GPtrArray) missing = g_ptr_array_new_with_free_func (g_free);

  for (guint g = 0; game_paths[g] != NULL; g++)
    {
      const char *path = game_paths[g];
      g_autoptr(GError) error = NULL;
      g_autoptr(BsRulesDocument) doc = bs_rules_document_load_file (path, &error);

      g_assert_no_error (error);
      expect_in_catalog (missing, path, NULL, doc->name);
      expect_in_catalog (missing, path, NULL, doc->description);
      for (int p = 0; p < 2; p++)
        expect_in_catalog (missing, path, "player", doc->player_names[p]);
      for (guint i = 0; i < doc->options->len; i++)
        {
          expect_in_catalog (missing, path, NULL,
                             g_array_index (doc->options, BsOptionSpec, i).label);
          expect_in_catalog (missing, path, NULL,
                             g_array_index (doc->options, BsOptionSpec, i).description);
        }
      expect_in_catalog (missing, path, NULL, doc->piece_noun);
      for (guint i = 0; i < doc->kinds->len; i++)
        expect_in_catalog (missing, path, NULL, g_array_index (doc->kinds, BsKindSpec, i).label);
      for (guint i = 0; i < doc->steps->len; i++)
        {
          const BsRulesStep *step = &g_array_index (doc->steps, BsRulesStep, i);

          expect_in_catalog (missing, path, NULL, step->word_label);
          expect_in_catalog (missing, path, NULL, step->word_description);
          expect_in_catalog (missing, path, NULL, step->word_explain);
        }
      for (guint i = 0; i < doc->ends->len; i++)
        {
          expect_in_catalog (missing, path, NULL,
                             g_array_index (doc->ends, BsRulesEnd, i).sentence);
          expect_in_catalog (missing, path, NULL,
                             g_array_index (doc->ends, BsRulesEnd, i).misere_sentence);
        }
      for (guint i = 0; i < doc->measures->len; i++)
        expect_in_catalog (missing, path, NULL,
                           g_array_index (doc->measures, BsRulesMeasure, i).label);
      expect_in_catalog (missing, path, NULL, doc->stay_label);
      expect_in_catalog (missing, path, NULL, doc->stay_note);
      expect_in_catalog (missing, path, NULL, doc->how_to_write);
      expect_in_catalog (missing, path, NULL, doc->explain_move);
      expect_in_catalog (missing, path, NULL, doc->explain_capture);
      expect_in_catalog (missing, path, NULL, doc->explain_pass);
      expect_in_catalog (missing, path, NULL, doc->explain_place);
      for (guint i = 0; i < doc->texts->len; i++)
        expect_in_catalog (missing, path, NULL, g_array_index (doc->texts, BsRulesText, i).text);
    }
  for (guint i = 0; i < missing->len; i++)
    g_test_message ("%s", (const char *) missing->pdata[i]);
  g_assert_cmpuint (missing->len, ==, 0);
}

/* The part of `text` before its first placeholder: what a filled-in copy
 * holds as it is. */
static char *
before_placeholder (const char *text)
{
  const char *brace = strchr (text, '{');

  return g_strndup (text, brace != NULL ? (gsize) (brace - text) : strlen (text));
}

/* Each game's help, on its default variant: every paragraph whose
 * condition holds is there in French, and no English one is left. */
static void
test_help_in_french (void)
{
  for (guint g = 0; game_paths[g] != NULL; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsRulesDocument) doc = bs_rules_document_load_file (game_paths[g], &error);
      g_autoptr(BsRuleset) rs = au_written_ruleset (game_paths[g], NULL, NULL, NULL);
      g_autofree char *rules = NULL;
      g_autofree char *goal = NULL;

      g_assert_no_error (error);
      bs_ruleset_describe_rules (rs, &rules, &goal);
      for (guint i = 0; i < doc->texts->len; i++)
        {
          const BsRulesText *t = &g_array_index (doc->texts, BsRulesText, i);
          g_autofree char *english = before_placeholder (t->text);
          g_autofree char *french = before_placeholder (_(t->text));
          const char *out = t->goal ? goal : rules;

          if (!bs_rules_condition_holds (&t->cond, rs->options))
            continue;
          g_test_message ("%s: %s", game_paths[g], out);
          g_assert_nonnull (strstr (out, french));
          if (strlen (english) > 12 && g_strcmp0 (english, french) != 0)
            g_assert_null (strstr (out, english));
        }
      /* The players are named in French where the help names them. */
      if (strstr (doc->texts->len > 0 ? g_array_index (doc->texts, BsRulesText, 0).text : "",
                  "{player1}") != NULL)
        g_assert_nonnull (strstr (rules, g_dpgettext2 (GETTEXT_PACKAGE, "player",
                                                       doc->player_names[0])));
    }
}

/* The first move of each game, explained: the explanation is the French
 * template with the French player's name, not the English one. */
static void
test_explanation_in_french (void)
{
  for (guint g = 0; game_paths[g] != NULL; g++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsRulesDocument) doc = bs_rules_document_load_file (game_paths[g], &error);
      g_autoptr(BsRuleset) rs = au_written_ruleset (game_paths[g], NULL, NULL, NULL);
      g_autoptr(BsMatch) match = bs_match_new (rs, 1);
      g_autoptr(BsExplanation) explanation = NULL;
      g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
      const char *mover;

      g_assert_no_error (error);
      g_assert_cmpuint (bs_ruleset_generate (rs, bs_match_get_position (match), moves), >, 0);
      explanation = bs_ruleset_explain_turn (rs, bs_match_get_position (match), moves, 1);
      mover = g_dpgettext2 (GETTEXT_PACKAGE, "player", doc->player_names[0]);
      g_test_message ("%s: %s", game_paths[g], explanation->summary);
      /* A round of simultaneous orders is both players': its summary names
       * the round, in French ("Manche 1 : …"). */
      if (rs->module->flags & BS_MODULE_SIMULTANEOUS)
        {
          g_assert_false (g_str_has_prefix (explanation->summary, "Round"));
          g_assert_nonnull (strstr (explanation->summary, "1"));
          continue;
        }
      g_assert_true (g_str_has_prefix (explanation->summary, mover));
      g_assert_cmpstr (mover, !=, doc->player_names[0]);
      g_assert_null (strstr (explanation->summary, doc->player_names[0]));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("LANGUAGE", "fr", TRUE);
  g_unsetenv ("LC_ALL");
  g_unsetenv ("LC_MESSAGES");
  g_setenv ("LANG", "C.UTF-8", TRUE);
  bs_locale_init ();
  bs_locale_bind ();
  g_test_init (&argc, &argv, NULL);
  g_assert_cmpint (argc, >, 1);
  game_paths = argv + 1;
  /* Without the French catalog every test here would fail for that alone. */
  g_assert_true (in_catalog (NULL, "Move limit"));
  g_test_add_func ("/rules-translated/every-text-in-catalog", test_every_text_in_catalog);
  g_test_add_func ("/rules-translated/help", test_help_in_french);
  g_test_add_func ("/rules-translated/explanation", test_explanation_in_french);
  return g_test_run ();
}
