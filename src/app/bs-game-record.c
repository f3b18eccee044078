/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-game-record.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-error.h"
#include "bs-record.h"

/* Enough of the file to see its root element past a long comment. */
#define SNIFF_SIZE 4096

gboolean
bs_file_is_record (GFile *file)
{
  g_autoptr(GFileInputStream) stream = NULL;
  char buffer[SNIFF_SIZE + 1];
  gssize n;
  const char *record, *variant;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  stream = g_file_read (file, NULL, NULL);
  if (stream == NULL)
    return FALSE;
  n = g_input_stream_read (G_INPUT_STREAM (stream), buffer, SNIFF_SIZE, NULL, NULL);
  if (n <= 0)
    return FALSE;
  buffer[n] = '\0';
  record = strstr (buffer, "<record");
  variant = strstr (buffer, "<variant");
  return record != NULL && (variant == NULL || record < variant);
}

BsGame *
bs_game_load_record (GFile   *file,
                     GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsGame) game = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only local files can be opened"));
      return NULL;
    }
  record = bs_record_load_file (path, error);
  if (record == NULL)
    return NULL;

  /* Names recorded for this game override the variant's. */
  variant = bs_variant_copy (record->variant);
  for (int p = 0; p < 2; p++)
    if (record->players[p] != NULL)
      {
        g_free (variant->players[p].name);
        variant->players[p].name = g_strdup (record->players[p]);
      }

  game = bs_game_new (variant, record->seed, error);
  if (game == NULL)
    return NULL;
  for (guint i = 0; i < record->moves->len; i++)
    {
      const BsRecordMove *move = &g_array_index (record->moves, BsRecordMove, i);
      g_autoptr(GError) local_error = NULL;

      if (!bs_game_play_notation (game, move->text, &local_error))
        {
          g_set_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_MOVE,
                       _("%s:%d: move %u “%s”: %s"), path, move->line, i + 1, move->text,
                       local_error->message);
          return NULL;
        }
    }

  bs_game_set_file (game, file);
  bs_game_set_modified (game, FALSE);
  return g_steal_pointer (&game);
}

gboolean
bs_game_save_record (BsGame  *game,
                     GFile   *file,
                     GError **error)
{
  g_autoptr(BsRecord) record = NULL;
  g_autofree char *path = NULL;
  guint current;

  g_return_val_if_fail (BS_IS_GAME (game), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Games can only be saved to local files"));
      return FALSE;
    }

  record = bs_record_new (bs_game_get_variant (game), bs_game_get_seed (game));
  current = bs_game_get_current (game);
  for (guint i = 0; i < current; i++)
    bs_record_add_move (record, bs_game_get_notation (game, i));
  for (int p = 1; p <= 2; p++)
    bs_record_set_player (record, p, bs_game_get_player_name (game, p));
  bs_record_set_date_now (record);
  bs_record_set_result (record, bs_game_get_result (game));
  bs_record_set_ending (record, bs_game_get_ending (game));

  return bs_record_save_file (record, path, error);
}
