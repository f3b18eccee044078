/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#include <glib/gi18n.h>

#include "bs-cli-commands.h"
#include "bs-cli-common.h"
#include "bs-cli-introspect.h"

#define ENTRY(name, summary) { #name, bs_cli_##name, summary },
static const BsCliCommand commands[] = {
  BS_CLI_COMMANDS (ENTRY)
};
#undef ENTRY

static void
print_usage (FILE *out)
{
  fprintf (out, "%s\n\n", _("Usage: boardsmith-cli COMMAND [OPTION…] [ARGUMENT…]"));
  fprintf (out, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
  {
    g_auto(GStrv) names = bs_variant_list_builtin ();
    g_autofree char *list = g_strjoinv (", ", names);

    fputc ('\n', out);
    /* TRANSLATORS: %s is the list of built-in game names */
    fprintf (out, _("VARIANT is a variant file or a built-in name (%s)."), list);
    fputc ('\n', out);
  }
  fprintf (out, "%s\n", _("Run “boardsmith-cli COMMAND --help” for a command's options."));
  fprintf (out, "%s\n", _("Exit status: 0 success, 1 game error (illegal move), "
                          "2 bad input (file, option or value)."));
}

int
main (int    argc,
      char **argv)
{
  const char *name;

  setlocale (LC_ALL, "");
  /* Numbers in the output (cell centres, rates) are for scripts too. */
  setlocale (LC_NUMERIC, "C");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  if (argc < 2)
    {
      print_usage (stderr);
      return BS_CLI_EXIT_BAD_INPUT;
    }

  name = argv[1];
  if (g_str_equal (name, "--help") || g_str_equal (name, "-h") || g_str_equal (name, "help"))
    {
      print_usage (stdout);
      return BS_CLI_EXIT_OK;
    }
  if (g_str_equal (name, "--version"))
    {
      printf ("boardsmith-cli %s\n", PACKAGE_VERSION);
      return BS_CLI_EXIT_OK;
    }

  /* Hidden: the man page and the shell completions are made from these (bs-cli-introspect.h). */
  if (g_str_equal (name, "__describe"))
    return bs_cli_describe_main (commands, G_N_ELEMENTS (commands), argc - 1, argv + 1);
  if (g_str_equal (name, "__complete"))
    return bs_cli_complete_main (commands, G_N_ELEMENTS (commands), argc - 1, argv + 1);

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (name, commands[i].name))
      {
        g_autofree char *prgname = g_strdup_printf ("boardsmith-cli %s", name);
        g_set_prgname (prgname);
        return commands[i].run (argc - 1, argv + 1);
      }

  g_printerr (_("boardsmith-cli: unknown command “%s”\n"), name);
  g_printerr (_("Run “boardsmith-cli --help” for the list of commands.\n"));
  return BS_CLI_EXIT_BAD_INPUT;
}
