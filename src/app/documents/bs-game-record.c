/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-game-record.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-error.h"
#include "bs-file.h"
#include "bs-load-hook.h"
#include "bs-match-file.h"
#include "bs-record.h"
#include "bs-rules-file.h"
#include "bs-variant-xml.h"
#include "bs-worker.h"
#include "bs-xml.h"

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

/* The record replayed by the engine (bs_match_new_from_record: the
 * recorded names in the variant), its first illegal move said the app's
 * way: "FILE:LINE: move N “TEXT”: why". */
static BsGame *
game_from_record (const BsRecord  *record,
                  const char      *path,
                  char           **warning,
                  GError         **error)
{
  g_autoptr(BsMatch) match = NULL;
  g_autoptr(GError) local_error = NULL;

  match = bs_match_new_from_record (record, error);
  if (match == NULL)
    return NULL;
  if (!bs_match_play_record (match, record, &local_error))
    {
      guint failed = bs_match_get_n_turns (match);
      const BsRecordMove *move = &g_array_index (record->moves, BsRecordMove, failed);
      g_autofree char *quoted = bs_excerpt (move->text);
      g_autoptr(GError) why = NULL;

      /* The rules' words for it, without the record's "FILE:LINE: ply N":
       * the same move refused again where it stopped. */
      bs_match_play_notation (match, move->text, &why);
      g_set_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_MOVE,
                   _("%s:%d: move %u “%s”: %s"), path, move->line, failed + 1, quoted,
                   why != NULL ? why->message : local_error->message);
      return NULL;
    }
  if (warning != NULL)
    *warning = bs_record_check_result (record, bs_match_get_ruleset (match),
                                       bs_match_get_position (match));
  return bs_game_new_for_match (match);
}

BsGame *
bs_game_load_record (GFile   *file,
                     char   **warning,
                     GError **error)
{
  g_autofree char *path = NULL;
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(BsGame) game = NULL;
  g_autoptr(BsFileStamp) stamp = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (warning != NULL)
    *warning = NULL;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only local files can be opened"));
      return NULL;
    }
  /* Stamped before it is read: a write in between shows as a change. */
  stamp = bs_file_stamp_new_for_path (path);
  record = bs_record_load_file (path, error);
  if (record == NULL)
    return NULL;
  game = game_from_record (record, path, warning, error);
  if (game == NULL)
    return NULL;
  bs_game_set_file (game, file);
  bs_game_set_file_stamp (game, g_steal_pointer (&stamp));
  bs_game_set_modified (game, FALSE);
  return g_steal_pointer (&game);
}

/* A record's root comes before any <variant> (which it holds). */
static gboolean
looks_like_record (const char *data,
                   gsize       length)
{
  g_autofree char *head = g_strndup (data, MIN (length, SNIFF_SIZE));
  const char *record = strstr (head, "<record");
  const char *variant = strstr (head, "<variant");

  return record != NULL && (variant == NULL || record < variant);
}

/* bs_game_open_file without registering the rules a rules file holds:
 * *checksum (with *rules) is what bs_rules_file_register takes. */
static BsGame *
open_file (GFile         *file,
           guint64        seed,
           gboolean      *is_record,
           BsRulesGame  **rules,
           char         **checksum,
           char         **warning,
           GError       **error)
{
  BsXmlSource source = { NULL, BS_RECORD_ERROR };
  g_autofree char *path = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(BsGame) game = NULL;
  g_autoptr(BsFileStamp) stamp = NULL;
  const char *data;
  gsize length;
  gboolean record_file;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (warning != NULL)
    *warning = NULL;
  *rules = NULL;
  *checksum = NULL;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                           _("Only local files can be opened"));
      return NULL;
    }

  /* Read once (a FIFO cannot be read twice), then told apart; stamped
   * before, so that a write in between shows as a change. */
  stamp = bs_file_stamp_new_for_path (path);
  source.filename = path;
  bytes = bs_xml_read_file (path, &source, BS_RECORD_MAX_FILE_SIZE, error);
  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  if (data == NULL)
    data = "";
  record_file = looks_like_record (data, length);
  if (is_record != NULL)
    *is_record = record_file;

  if (!record_file && bs_rules_data_is_rules (data, length))
    {
      /* A game written in the rules language: played on its own default
       * board by these very rules, registered by the caller
       * (bs-rules-file.h): not here, where the open may yet be cancelled. */
      g_autofree char *sum = NULL;
      g_autoptr(BsRulesGame) written = bs_rules_file_parse_data (data, length, path, &sum,
                                                                 error);
      g_autoptr(BsVariant) variant = NULL;
      g_autoptr(BsRuleset) ruleset = NULL;
      g_autoptr(BsMatch) match = NULL;

      if (written == NULL)
        return NULL;
      variant = bs_rules_game_new_variant (written, NULL, error);
      if (variant == NULL)
        return NULL;
      ruleset = bs_rules_game_new_ruleset (written, variant, error);
      if (ruleset == NULL)
        return NULL;
      match = bs_match_new (ruleset, seed);
      game = bs_game_new_for_match (match);
      *rules = g_steal_pointer (&written);
      *checksum = g_steal_pointer (&sum);
    }
  else if (record_file)
    {
      g_autoptr(BsRecord) record = bs_record_load_data (data, length, path, error);

      if (record == NULL)
        return NULL;
      game = game_from_record (record, path, warning, error);
      if (game == NULL)
        return NULL;
      bs_game_set_file (game, file);
      bs_game_set_file_stamp (game, g_steal_pointer (&stamp));
    }
  else
    {
      g_autoptr(BsVariant) variant = bs_variant_load_data (data, length, path, error);

      if (variant == NULL)
        return NULL;
      game = bs_game_new (variant, seed, error);
      if (game == NULL)
        return NULL;
    }
  bs_game_set_modified (game, FALSE);
  return g_steal_pointer (&game);
}

BsGame *
bs_game_open_file (GFile         *file,
                   guint64        seed,
                   gboolean      *is_record,
                   BsRulesGame  **rules,
                   char         **warning,
                   GError       **error)
{
  g_autoptr(BsRulesGame) written = NULL;
  g_autofree char *checksum = NULL;
  g_autofree char *path = NULL;
  BsGame *game;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (rules != NULL)
    *rules = NULL;
  game = open_file (file, seed, is_record, &written, &checksum, warning, error);
  if (game == NULL || written == NULL)
    return game;
  path = g_file_get_path (file);
  bs_rules_file_register (written, path, checksum);
  if (rules != NULL)
    *rules = g_steal_pointer (&written);
  return game;
}

typedef struct {
  GFile       *file;
  guint64      seed;
  gboolean     is_record;
  BsRulesGame *rules;
  char        *checksum;   /* of the rules' bytes */
  char        *warning;
} OpenData;

static void
open_data_free (OpenData *open)
{
  g_clear_object (&open->file);
  g_clear_pointer (&open->rules, bs_rules_game_unref);
  g_free (open->checksum);
  g_free (open->warning);
  g_free (open);
}

static void
open_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  OpenData *open = task_data;
  GError *error = NULL;
  g_autofree char *path = g_file_get_path (open->file);
  BsGame *game;

  bs_load_hook_run (path);
  /* Not registered here: a newer open may cancel this one meanwhile. */
  game = open_file (open->file, open->seed, &open->is_record, &open->rules, &open->checksum,
                    &open->warning, &error);
  if (game == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, game, g_object_unref);
}

void
bs_game_open_file_async (GFile               *file,
                         guint64              seed,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  OpenData *open;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, bs_game_open_file_async);
  open = g_new0 (OpenData, 1);
  open->file = g_object_ref (file);
  open->seed = seed;
  g_task_set_task_data (task, open, (GDestroyNotify) open_data_free);
  bs_worker_run_in_thread (task, open_in_thread);
}

BsGame *
bs_game_open_file_finish (GAsyncResult  *result,
                          gboolean      *is_record,
                          BsRulesGame  **rules,
                          char         **warning,
                          GError       **error)
{
  OpenData *open;
  BsGame *game;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  /* A cancelled open gives no game (GTask checks the cancellable first),
   * even one that was read whole: its rules are not registered. */
  game = g_task_propagate_pointer (G_TASK (result), error);
  open = g_task_get_task_data (G_TASK (result));
  if (game != NULL && open->rules != NULL)
    {
      g_autofree char *path = g_file_get_path (open->file);

      bs_rules_file_register (open->rules, path, open->checksum);
    }
  if (is_record != NULL)
    *is_record = open->is_record;
  if (rules != NULL)
    *rules = game != NULL && open->rules != NULL ? bs_rules_game_ref (open->rules) : NULL;
  if (warning != NULL)
    *warning = game != NULL ? g_strdup (open->warning) : NULL;
  return game;
}

gboolean
bs_game_save_record (BsGame  *game,
                     GFile   *file,
                     GError **error)
{
  g_autofree char *path = NULL;
  g_autofree char *xml = NULL;
  gsize length = 0;

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
  /* As bs_match_save_file(), with the bytes kept for the file's stamp. */
  xml = bs_match_to_xml (bs_game_get_match (game), &length);
  if (!bs_file_write_atomic (path, xml, length, BS_FILE_WRITE_SYNC, error))
    return FALSE;
  bs_game_set_file (game, file);
  bs_game_set_file_stamp (game, bs_file_stamp_new_for_contents (path, xml, length));
  return TRUE;
}
