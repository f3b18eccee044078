/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-error.h"
#include "bs-file.h"
#include "bs-module.h"
#include "bs-rules-catalog.h"
#include "bs-rules-document.h"
#include "bs-variant.h"

/* The id a rules file named `path` gets: its name without ".xml", in
 * lower case, every run of other characters than letters and digits one
 * dash ("My Game.xml" is "my-game"); NULL when nothing is left. */
static char *
id_from_path (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  GString *id = g_string_new (NULL);

  if (g_str_has_suffix (base, ".xml"))
    base[strlen (base) - 4] = '\0';
  for (const char *c = base; *c != '\0'; c++)
    {
      if (g_ascii_isalnum (*c))
        g_string_append_c (id, g_ascii_tolower (*c));
      else if (id->len > 0 && id->str[id->len - 1] != '-')
        g_string_append_c (id, '-');
    }
  if (id->len > 0 && id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  if (id->len == 0)
    {
      g_string_free (id, TRUE);
      return NULL;
    }
  return g_string_free (id, FALSE);
}

/* Where the game's rules file is, or an error that says why there is
 * none: a game a C module plays has no rules file yet, an unknown one is
 * named with the games that have one. */
static char *
find_rules_file (const char  *game,
                 GError     **error)
{
  char *path = bs_rules_catalog_find_file (game);

  if (path != NULL)
    return path;
  if (bs_module_find (game) != NULL)
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 /* Translators: %s is a game's id, as the command line names it. */
                 _("GAME: the game “%s” is written in C and has no rules file yet"), game);
  else
    {
      g_auto(GStrv) ids = bs_rules_catalog_list_ids ();
      g_autofree char *list = g_strjoinv (", ", ids);

      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   /* Translators: the game given, then the games that have a rules file. */
                   _("GAME: no game “%s” has a rules file (these have one: %s)"), game,
                   list);
    }
  return NULL;
}

/* new-rules GAME FILE [--name NAME] [--force]: a written game's rules
 * file copied to FILE as the start of a new game, with the id FILE's name
 * gives and the name "Copy of …" (or NAME), written atomically; an
 * existing FILE is kept unless --force. */
int
bs_cli_new_rules (int    argc,
                  char **argv)
{
  static char *name;
  static gboolean force;
  static const GOptionEntry extra[] = {
    { "name", 0, 0, G_OPTION_ARG_STRING, &name,
      N_("The new game's name (default: “Copy of” the game's)"), N_("NAME") },
    { "force", 0, 0, G_OPTION_ARG_NONE, &force,
      N_("Replace FILE if it exists"), NULL },
    { NULL }
  };
  static const BsCliSpec spec = {
    "new-rules", N_("GAME FILE"),
    N_("Copy a written game's rules file to FILE, with the id FILE's name gives and a new name, "
       "to start a new game from"),
    0, 2, 2, extra,
  };
  GError *error = NULL;
  BsCliOptions options;
  g_autofree char *source = NULL;
  g_autofree char *id = NULL;
  g_autofree char *new_name = NULL;
  g_autoptr(BsRulesDocument) original = NULL;
  g_autoptr(GBytes) bytes = NULL;
  const char *game, *target;

  g_clear_pointer (&name, g_free);
  force = FALSE;
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;
  game = options.args[0];
  target = options.args[1];
  id = id_from_path (target);
  if (id == NULL)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("FILE: “%s” has no letter or digit in its name to make the game's id of"),
                 target);
  else if (!force && g_file_test (target, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK))
    g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_EXIST,
                 _("%s: the file exists (--force replaces it)"), target);
  else if ((source = find_rules_file (game, &error)) != NULL &&
           (original = bs_rules_document_load_file (source, &error)) != NULL)
    {
      /* Translators: the default name of a copied game; %s is its name. */
      new_name = name != NULL ? g_strdup (name) : g_strdup_printf (_("Copy of %s"),
                                                                    original->name);
      bytes = bs_rules_document_renamed_copy (source, target, id, new_name, &error);
    }
  if (bytes != NULL &&
      bs_file_write_atomic (target, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                            BS_FILE_WRITE_SYNC, &error))
    {
      if (bs_module_find (id) != NULL)
        bs_cli_warning (_("the id “%s” is already a game's: rename the file to give the copy "
                          "an id of its own"), id);
      if (options.json)
        {
          g_autoptr(JsonBuilder) builder = json_builder_new ();

          json_builder_begin_object (builder);
          bs_cli_json_string (builder, "game", game);
          bs_cli_json_string (builder, "source", source);
          bs_cli_json_string (builder, "file", target);
          bs_cli_json_string (builder, "id", id);
          bs_cli_json_string (builder, "name", new_name);
          json_builder_end_object (builder);
          bs_cli_print_builder (builder);
        }
    }
  bs_cli_options_clear (&options);
  if (error != NULL)
    return bs_cli_fail (error);
  return BS_CLI_EXIT_OK;
}
