/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-study.h"

/* merge FILE… -o OUT [--partial]: the games of several files of one study
 * (shards, or pieces played on other machines, with their journals) in one
 * file, each game once, sorted — the same bytes as the study played in one
 * run. A missing shard or game is refused unless --partial. --replicates
 * pools studies that differ only in their seed (docs/BALANCE.md, Replicates). */
int
bs_cli_merge (int    argc,
              char **argv)
{
  static char *output;
  static gboolean partial, replicates;
  static const GOptionEntry extra[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      N_("The merged study file (a new file, not one of the inputs)"), N_("FILE") },
    { "partial", 0, 0, G_OPTION_ARG_NONE, &partial,
      N_("Write the games there are even if shards or games are missing"), NULL },
    { "replicates", 0, 0, G_OPTION_ARG_NONE, &replicates,
      N_("Pool studies that differ only in their seed as independent replicates"), NULL },
    { NULL }
  };
  static const BsCliSpec spec = {
    "merge", N_("STUDY…"),
    N_("Merge study files of one study (shards played anywhere) into one, each game once"),
    0, 1, -1, extra,
  };
  GError *error = NULL;
  BsCliOptions options;

  g_clear_pointer (&output, g_free);
  partial = FALSE;
  replicates = FALSE;
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;
  if (output == NULL)
    g_set_error (&error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("-o FILE: where to write the merged study is needed"));
  else
    bs_study_merge_files ((const char * const *) options.args, output,
                          (partial ? BS_STUDY_MERGE_PARTIAL : BS_STUDY_MERGE_NONE) |
                          (replicates ? BS_STUDY_MERGE_REPLICATES : BS_STUDY_MERGE_NONE),
                          &error);
  bs_cli_options_clear (&options);
  if (error != NULL)
    return bs_cli_fail (error);
  return BS_CLI_EXIT_OK;
}
