/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-rules-game.h"
#include "bs-rules-lint.h"
#include "bs-variant-xml.h"

/* How much of a file is read to find its root element: past the XML
 * declaration, comments and a DOCTYPE (which the loader then refuses). */
#define SNIFF_BYTES 65536

/* Past the prolog (declaration, comments, processing instructions, a
 * DOCTYPE with its internal subset) to the root's start tag, or NULL. */
static const char *
skip_prolog (const char *p)
{
  while (p != NULL && *p != '\0')
    {
      if (g_ascii_isspace (*p))
        p++;
      else if (g_str_has_prefix (p, "<?"))
        p = (p = strstr (p, "?>")) != NULL ? p + 2 : NULL;
      else if (g_str_has_prefix (p, "<!--"))
        p = (p = strstr (p, "-->")) != NULL ? p + 3 : NULL;
      else if (g_str_has_prefix (p, "<!"))
        {
          const char *bracket = strchr (p, '[');
          const char *close = strchr (p, '>');

          if (bracket != NULL && (close == NULL || bracket < close))
            p = (p = strstr (bracket, "]")) != NULL ? strchr (p, '>') : NULL;
          else
            p = close;
          p = p != NULL ? p + 1 : NULL;
        }
      else
        return *p == '<' ? p : NULL;
    }
  return NULL;
}

/* Whether `arg` is a regular file whose root element is <rules>: a game
 * written in the rules language rather than a variant. */
static gboolean
is_rules_document (const char *arg)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  char head[SNIFF_BYTES + 1];
  gsize length = 0;
  const char *root;

  if (!g_file_test (arg, G_FILE_TEST_IS_REGULAR))
    return FALSE;
  file = g_file_new_for_path (arg);
  stream = g_file_read (file, NULL, NULL);
  if (stream == NULL ||
      !g_input_stream_read_all (G_INPUT_STREAM (stream), head, SNIFF_BYTES, &length, NULL, NULL))
    return FALSE;
  head[length] = '\0';
  root = skip_prolog (head);
  return root != NULL && g_str_has_prefix (root, "<rules") &&
         strchr (" \t\r\n/>", root[6]) != NULL && root[6] != '\0';
}

/* A rules document loaded with every check, down to a ruleset on the
 * game's own default board (which compiles its program). */
static gboolean
validate_rules (const char  *path,
                GError     **error)
{
  g_autoptr(BsRulesGame) game = bs_rules_game_load_file (path, error);
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) ruleset = NULL;

  if (game == NULL || (variant = bs_rules_game_new_variant (game, NULL, error)) == NULL)
    return FALSE;
  ruleset = bs_rules_game_new_ruleset (game, variant, error);
  return ruleset != NULL;
}

/* validate FILE…: loads each file with every check (format and module;
 * a rules document as a game); silent when all are valid, else one
 * "file:line: message" per bad file. */
int
bs_cli_validate (int    argc,
                 char **argv)
{
  static const BsCliSpec spec = {
    "validate", N_("FILE…"), N_("Check variant files (or built-in names)."),
    0, 1, -1, NULL,
  };
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  BsCliOptions options;
  int status = BS_CLI_EXIT_OK;

  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  json_builder_begin_array (builder);
  for (int i = 0; i < options.n_args; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = NULL;
      g_auto(GStrv) warnings = NULL;
      gboolean is_rules = is_rules_document (options.args[i]);
      gboolean valid;

      if (is_rules)
        valid = validate_rules (options.args[i], &error);
      else
        valid = (variant = bs_variant_lookup (options.args[i], &error)) != NULL;
      /* A rules file that plays may still say what its designer did not mean. */
      if (valid && is_rules)
        warnings = bs_rules_lint_file (options.args[i], NULL);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, options.args[i]);
      json_builder_set_member_name (builder, "valid");
      json_builder_add_boolean_value (builder, valid);
      json_builder_set_member_name (builder, "error");
      if (valid)
        json_builder_add_null_value (builder);
      else
        json_builder_add_string_value (builder, error->message);
      json_builder_set_member_name (builder, "warnings");
      json_builder_begin_array (builder);
      for (char **w = warnings; w != NULL && *w != NULL; w++)
        {
          json_builder_add_string_value (builder, *w);
          if (!options.json)
            bs_cli_warning ("%s", *w);
        }
      json_builder_end_array (builder);
      json_builder_end_object (builder);

      if (!valid)
        {
          if (!options.json)
            bs_cli_message ("%s", error->message);
          /* A rules file that does not make a game is bad input, whatever stage
           * refused it. */
          status = MAX (status, is_rules ? BS_CLI_EXIT_BAD_INPUT : bs_cli_exit_status (error));
        }
    }
  json_builder_end_array (builder);

  if (options.json)
    bs_cli_print_builder (builder);
  bs_cli_options_clear (&options);
  return status;
}
