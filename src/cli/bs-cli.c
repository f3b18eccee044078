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
#include "bs-locale.h"
#include "bs-variant-xml.h"

#define ENTRY(function, name, summary) { name, bs_cli_##function, summary },
static const BsCliCommand commands[] = {
  BS_CLI_COMMANDS (ENTRY)
};
#undef ENTRY

static char *
usage_text (void)
{
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "%s\n\n", _("Usage: boardsmith-cli COMMAND [OPTION…] [ARGUMENT…]"));
  g_string_append_printf (text, "%s\n", _("Commands:"));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    g_string_append_printf (text, "  %-10s %s\n", commands[i].name, _(commands[i].summary));
  {
    g_auto(GStrv) names = bs_variant_list_builtin ();
    g_autofree char *list = g_strjoinv (", ", names);

    g_string_append_c (text, '\n');
    /* TRANSLATORS: %s is the list of built-in game names */
    g_string_append_printf (text, _("VARIANT is a variant file or a built-in name (%s)."), list);
    g_string_append_c (text, '\n');
  }
  g_string_append_printf (text, "%s\n",
                          _("Run “boardsmith-cli COMMAND --help” (or “boardsmith-cli help "
                            "COMMAND”) for a command's options."));
  g_string_append_printf (text, "%s\n", _("Exit status: 0 success, 1 game error (illegal move), "
                                         "2 bad input or output (a file, option or value; "
                                         "output that cannot be written)."));
  return g_string_free (text, FALSE);
}

static const BsCliCommand *
find_command (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (name, commands[i].name))
      return &commands[i];
  return NULL;
}

static int
unknown_command (const char *name)
{
  bs_cli_message (_("unknown command “%s”"), name);
  g_printerr (_("Run “boardsmith-cli --help” for the list of commands.\n"));
  return BS_CLI_EXIT_BAD_INPUT;
}

static int
run_command (const BsCliCommand *command,
             int                 argc,
             char              **argv)
{
  g_autofree char *prgname = g_strdup_printf ("boardsmith-cli %s", command->name);

  g_set_prgname (prgname);
  return command->run (argc, argv);
}

int
main (int    argc,
      char **argv)
{
  const BsCliCommand *command;
  const char *name;

  bs_locale_init ();
  /* Numbers in the output (cell centres, rates) are for scripts too. */
  setlocale (LC_NUMERIC, "C");
  bs_locale_bind ();
  bs_cli_watch_output ();

  if (argc < 2)
    {
      g_autofree char *usage = usage_text ();
      g_printerr ("%s", usage);
      return BS_CLI_EXIT_BAD_INPUT;
    }

  name = argv[1];
  if (g_str_equal (name, "--help") || g_str_equal (name, "-h") ||
      (g_str_equal (name, "help") && argc == 2))
    {
      g_autofree char *usage = usage_text ();
      g_print ("%s", usage);
      return BS_CLI_EXIT_OK;
    }
  if (g_str_equal (name, "--version") || g_str_equal (name, "-V"))
    {
      g_print ("boardsmith-cli %s\n", PACKAGE_VERSION);
      return BS_CLI_EXIT_OK;
    }
  /* help COMMAND: that command's --help. */
  if (g_str_equal (name, "help"))
    {
      char *help_argv[] = { argv[2], (char *) "--help", NULL };

      if (argc > 3)
        {
          bs_cli_message (_("help takes one command, not %d"), argc - 2);
          return BS_CLI_EXIT_BAD_INPUT;
        }
      command = find_command (argv[2]);
      if (command == NULL)
        return unknown_command (argv[2]);
      return run_command (command, 2, help_argv);
    }

  /* Hidden: the man page and the shell completions are made from these (bs-cli-introspect.h). */
  if (g_str_equal (name, "__describe"))
    return bs_cli_describe_main (commands, G_N_ELEMENTS (commands), argc - 1, argv + 1);
  if (g_str_equal (name, "__complete"))
    return bs_cli_complete_main (commands, G_N_ELEMENTS (commands), argc - 1, argv + 1);

  command = find_command (name);
  if (command == NULL)
    return unknown_command (name);
  return run_command (command, argc - 1, argv + 1);
}
