/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <inttypes.h>

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-match-file.h"

/* replay RECORD: plays a game record from its own variant and seed,
 * checking every move, and prints the final position as `show` does — or
 * the first illegal move with its ply and line (exit 1). A file that is not
 * a valid record exits 2. */

static void
print_header (const BsRecord *record,
              guint           n_played)
{
  g_autofree char *seed = g_strdup_printf ("%" G_GUINT64_FORMAT, record->seed);

  /* TRANSLATORS: file: variant, N turns from seed S, player names */
  g_print (_("%s: %s, %u turns from seed %s, %s (1) against %s (2)"),
           record->filename, record->variant->name != NULL ? record->variant->name
                                                           : record->variant->module,
           n_played, seed,
           bs_record_get_player (record, 1), bs_record_get_player (record, 2));
  if (record->date != NULL)
    g_print (", %s", record->date);
  g_print ("\n\n");
}

int
bs_cli_replay (int    argc,
               char **argv)
{
  static const BsCliSpec spec = {
    "replay", N_("RECORD"),
    N_("Replay a game record, checking every move; print the final position, or the "
       "first illegal move with its ply."),
    0, 1, 1, NULL,
  };
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsMatch) match = NULL;
  const BsPosition *pos;
  GError *error = NULL;
  BsCliOptions options;

  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  /* The record's own variant as written: the names in its <players> are
   * the header's, not the diagram's. */
  record = bs_record_load_file (options.args[0], &error);
  if (record != NULL)
    rs = bs_ruleset_new (record->variant, &error);
  if (rs != NULL)
    match = bs_match_new (rs, record->seed);
  if (match == NULL || !bs_match_play_record (match, record, &error))
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  pos = bs_match_get_position (match);
  {
    g_autofree char *warning = bs_record_check_result (record, rs, pos);
    if (warning != NULL)
      bs_cli_warning ("%s", warning);
  }
  if (!options.json)
    print_header (record, bs_match_get_n_turns (match));
  bs_cli_print_position (rs, pos, options.json);
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
