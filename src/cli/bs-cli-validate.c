/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-variant-xml.h"

/* validate FILE…: loads each file with every check (format and module);
 * silent when all are valid, else one "file:line: message" per bad file. */
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
      g_autoptr(BsVariant) variant = bs_variant_lookup (options.args[i], &error);

      json_builder_begin_object (builder);
      json_builder_set_member_name (builder, "file");
      json_builder_add_string_value (builder, options.args[i]);
      json_builder_set_member_name (builder, "valid");
      json_builder_add_boolean_value (builder, variant != NULL);
      json_builder_set_member_name (builder, "error");
      if (variant != NULL)
        json_builder_add_null_value (builder);
      else
        json_builder_add_string_value (builder, error->message);
      json_builder_end_object (builder);

      if (variant == NULL)
        {
          if (!options.json)
            bs_cli_message ("%s", error->message);
          status = MAX (status, bs_cli_exit_status (error));
        }
    }
  json_builder_end_array (builder);

  if (options.json)
    bs_cli_print_builder (builder);
  bs_cli_options_clear (&options);
  return status;
}
