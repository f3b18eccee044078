/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-match-file.h"

#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-xml.h"

BsMatch *
bs_match_new_from_record (const BsRecord  *record,
                          GError         **error)
{
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) ruleset = NULL;
  BsMatch *match;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  variant = bs_variant_copy (record->variant);
  for (int p = 0; p < 2; p++)
    if (record->players[p] != NULL)
      {
        g_free (variant->players[p].name);
        variant->players[p].name = g_strdup (record->players[p]);
      }
  ruleset = bs_ruleset_new (variant, error);
  if (ruleset == NULL)
    return NULL;

  /* The seats keep the variant's names, now the recorded ones, shown as
   * bs_variant_display_player() shows them. */
  match = bs_match_new (ruleset, record->seed);
  bs_match_set_date (match, record->date);
  return match;
}

gboolean
bs_match_play_record (BsMatch         *match,
                      const BsRecord  *record,
                      GError         **error)
{
  BsXmlSource source = { NULL, BS_RECORD_ERROR };

  g_return_val_if_fail (match != NULL && record != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  source.filename = record->filename;
  for (guint i = 0; i < record->moves->len; i++)
    {
      const BsRecordMove *move = &g_array_index (record->moves, BsRecordMove, i);
      g_autoptr(GError) local_error = NULL;

      if (!bs_match_play_notation (match, move->text, &local_error))
        {
          bs_xml_set_error (error, &source, BS_RECORD_ERROR_MOVE, move->line,
                            _("ply %u: %s"), i + 1, local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

BsMatch *
bs_match_load_file (const char  *path,
                    char       **warning,
                    GError     **error)
{
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(BsMatch) match = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (warning != NULL)
    *warning = NULL;
  record = bs_record_load_file (path, error);
  if (record == NULL)
    return NULL;
  match = bs_match_new_from_record (record, error);
  if (match == NULL || !bs_match_play_record (match, record, error))
    return NULL;
  if (warning != NULL)
    *warning = bs_record_check_result (record, bs_match_get_ruleset (match),
                                       bs_match_get_position (match));
  return g_steal_pointer (&match);
}

BsRecord *
bs_match_to_record (const BsMatch *match)
{
  BsRecord *record;
  guint n_turns;

  g_return_val_if_fail (match != NULL, NULL);

  record = bs_record_new (bs_match_get_ruleset (match)->variant, bs_match_get_seed (match));
  n_turns = bs_match_get_n_turns (match);
  for (guint i = 0; i < n_turns; i++)
    bs_record_add_move (record, bs_match_get_notation (match, i));
  for (int p = 1; p <= 2; p++)
    {
      const char *name = bs_match_get_player_name (match, p);

      /* A name given to the seat goes into the variant too, as loading
       * puts it there: a saved record loads and saves to the same bytes. */
      if (g_strcmp0 (name, bs_variant_display_player (record->variant, p)) != 0)
        {
          g_free (record->variant->players[p - 1].name);
          record->variant->players[p - 1].name = g_strdup (name);
        }
      bs_record_set_player (record, p, name);
    }
  record->date = g_strdup (bs_match_get_date (match));
  bs_record_set_result (record, bs_match_get_result (match));
  bs_record_set_ending (record, bs_match_get_ending (match));
  return record;
}

char *
bs_match_to_xml (const BsMatch *match,
                 gsize         *length)
{
  g_autoptr(BsRecord) record = NULL;

  g_return_val_if_fail (match != NULL, NULL);

  record = bs_match_to_record (match);
  bs_record_set_date_now (record);
  return bs_record_to_xml (record, length);
}

gboolean
bs_match_save_file (const BsMatch  *match,
                    const char     *path,
                    GError        **error)
{
  g_autoptr(BsRecord) record = NULL;

  g_return_val_if_fail (match != NULL && path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  record = bs_match_to_record (match);
  bs_record_set_date_now (record);
  return bs_record_save_file (record, path, error);
}
