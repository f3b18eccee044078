/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bs-cli-common.h"

/* cells VARIANT: "index label x y" per cell, x to the right and y up, in
 * units of the distance between adjacent centres (CLI.md). */
int
bs_cli_cells (int    argc,
              char **argv)
{
  static const BsCliSpec spec = {
    "cells", N_("VARIANT"),
    N_("Print one line per cell: index, label and centre (x right, y up, one unit "
       "between adjacent centres)."),
    BS_CLI_OPT_SET, 1, 1, NULL,
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  GError *error = NULL;
  BsCliOptions options;

  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  if (rs == NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  json_builder_begin_array (builder);
  for (int cell = 0; cell < rs->n_cells; cell++)
    {
      const char *label = bs_board_cell_label (rs->board, cell);
      double x, y;

      bs_board_cell_centre (rs->board, cell, &x, &y);
      /* No "-0.0000" in the output. */
      x = x == 0.0 ? 0.0 : x;
      y = y == 0.0 ? 0.0 : y;
      if (options.json)
        {
          json_builder_begin_object (builder);
          json_builder_set_member_name (builder, "index");
          json_builder_add_int_value (builder, cell);
          json_builder_set_member_name (builder, "label");
          json_builder_add_string_value (builder, label);
          json_builder_set_member_name (builder, "x");
          json_builder_add_double_value (builder, x);
          json_builder_set_member_name (builder, "y");
          json_builder_add_double_value (builder, y);
          json_builder_end_object (builder);
        }
      else
        g_print ("%d %s %.4f %.4f\n", cell, label, x, y);
    }
  json_builder_end_array (builder);

  if (options.json)
    bs_cli_print_builder (builder);
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
