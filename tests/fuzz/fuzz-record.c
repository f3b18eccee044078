/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The record loader and replay: any bytes are refused with a short,
 * readable message or loaded; a loaded record saves and loads back to the
 * same bytes; replaying stops at an illegal move with the position before
 * it, or ends where replaying the saved copy ends. */

#include "config.h"

#include "fuzz-common.h"

#include "bs-record.h"
#include "bs-ruleset.h"

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  fuzz_init ();
  return 0;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(BsRecord) again = NULL;
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsRuleset) rs_again = NULL;
  g_autofree BsPosition *pos = NULL;
  g_autofree BsPosition *pos_again = NULL;
  g_autofree char *xml = NULL;
  g_autofree char *xml_again = NULL;
  g_autofree char *warning = NULL;
  gsize length = 0;
  guint played = 0, played_again = 0;
  gboolean ok, ok_again;

  record = bs_record_load_data ((const char *) data, size, "fuzz.xml", &error);
  if (record == NULL)
    {
      fuzz_check_error (error);
      return 0;
    }

  xml = bs_record_to_xml (record, &length);
  again = bs_record_load_data (xml, length, "fuzz.xml", &error);
  if (again == NULL)
    {
      g_printerr ("%s\n%s\n", error->message, xml);
      fuzz_check (FALSE, "a loaded record does not load back once saved");
    }
  xml_again = bs_record_to_xml (again, NULL);
  fuzz_check (strcmp (xml, xml_again) == 0, "saving twice gives different bytes");

  ok = bs_record_replay (record, &rs, &pos, &played, &error);
  if (!ok)
    {
      fuzz_check_error (error);
      g_clear_error (&error);
    }
  fuzz_check (played <= record->moves->len, "more turns played than recorded");
  if (rs != NULL && pos != NULL)
    {
      fuzz_check (bs_position_compute_cells_hash (rs, pos) == pos->hash,
                  "the hash of a replayed position is wrong");
      if (ok)
        warning = bs_record_check_result (record, rs, pos);
      fuzz_check (warning == NULL || g_utf8_validate (warning, -1, NULL), "a bad warning");
    }

  /* The saved copy replays the same way. */
  ok_again = bs_record_replay (again, &rs_again, &pos_again, &played_again, NULL);
  fuzz_check (ok == ok_again && played == played_again, "the saved copy replays differently");
  if (pos != NULL && pos_again != NULL)
    fuzz_check (bs_position_equal (rs, pos, pos_again), "the saved copy ends elsewhere");
  return 0;
}
