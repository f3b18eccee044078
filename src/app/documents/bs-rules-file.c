/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-rules-file.h"

#include <errno.h>
#include <string.h>
#include <glib/gi18n.h>

#include "bs-error.h"
#include "bs-file.h"
#include "bs-load-hook.h"
#include "bs-rules-catalog.h"
#include "bs-rules-document.h"
#include "bs-worker.h"
#include "bs-xml.h"

/* Events closer together than this are one save: an editor writes a
 * temporary file and renames it over the file, or writes it in pieces. */
#define RELOAD_DELAY_MS 250

/* Enough of the file to see its root element past a long comment. */
#define SNIFF_SIZE 4096

gboolean
bs_rules_data_is_rules (const char *data,
                        gsize       length)
{
  g_autofree char *head = g_strndup (data, MIN (length, SNIFF_SIZE));
  const char *p = head;

  /* The first element's name, past the declaration and comments. */
  while ((p = strchr (p, '<')) != NULL)
    {
      if (g_str_has_prefix (p, "<?"))
        p = strstr (p, "?>");
      else if (g_str_has_prefix (p, "<!--"))
        p = strstr (p, "-->");
      else
        return g_str_has_prefix (p, "<rules") && (p[6] == '>' || g_ascii_isspace (p[6])
                                                 || p[6] == '/');
      if (p == NULL)
        return FALSE;
    }
  return FALSE;
}

gboolean
bs_file_is_rules (GFile *file)
{
  g_autoptr(GFileInputStream) stream = NULL;
  char buffer[SNIFF_SIZE];
  gsize n = 0;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  stream = g_file_read (file, NULL, NULL);
  if (stream == NULL
      || !g_input_stream_read_all (G_INPUT_STREAM (stream), buffer, sizeof buffer, &n, NULL,
                                   NULL))
    return FALSE;
  return bs_rules_data_is_rules (buffer, n);
}

/* Every game loaded, kept for the process (bs-rules-file.h), the file
 * each id was last loaded from, and the checksum of the bytes each game
 * was read from (so that a save of the same bytes after opening is no
 * reload). */
static GPtrArray *kept_games;
static GHashTable *paths_by_id;
static GHashTable *checksums_by_game;
G_LOCK_DEFINE_STATIC (kept_games);

static void
keep_and_register (BsRulesGame *game,
                   const char  *path,
                   const char  *checksum)
{
  const BsModule *module = bs_rules_game_get_module (game);

  G_LOCK (kept_games);
  if (kept_games == NULL)
    {
      kept_games = g_ptr_array_new ();
      paths_by_id = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
      checksums_by_game = g_hash_table_new_full (NULL, NULL, NULL, g_free);
    }
  g_ptr_array_add (kept_games, bs_rules_game_ref (game));
  if (checksum != NULL)
    g_hash_table_replace (checksums_by_game, game, g_strdup (checksum));
  g_hash_table_replace (paths_by_id, g_strdup (module->id), g_canonicalize_filename (path, NULL));
  G_UNLOCK (kept_games);
  bs_module_register (module);
}

char *
bs_rules_file_path_of (const char *id)
{
  char *path = NULL;

  g_return_val_if_fail (id != NULL, NULL);

  G_LOCK (kept_games);
  if (paths_by_id != NULL)
    path = g_strdup (g_hash_table_lookup (paths_by_id, id));
  G_UNLOCK (kept_games);
  return path;
}

/* The game of the rules at path, not registered; its bytes' checksum. */
static BsRulesGame *
read_rules (const char  *path,
            char       **checksum,
            GError     **error)
{
  BsXmlSource source = { path, BS_VARIANT_ERROR };
  g_autoptr(GBytes) bytes = bs_xml_read_file (path, &source, BS_RULES_MAX_FILE_SIZE, error);
  const char *data;
  gsize length;

  if (bytes == NULL)
    return NULL;
  data = g_bytes_get_data (bytes, &length);
  if (checksum != NULL)
    *checksum = g_compute_checksum_for_bytes (G_CHECKSUM_SHA256, bytes);
  return bs_rules_game_parse (data != NULL ? data : "", length, path, error);
}

BsRulesGame *
bs_rules_file_parse_data (const char  *data,
                          gsize        length,
                          const char  *path,
                          char       **checksum,
                          GError     **error)
{
  BsRulesGame *game;

  g_return_val_if_fail (data != NULL && path != NULL, NULL);

  if (checksum != NULL)
    *checksum = NULL;
  game = bs_rules_game_parse (data, length, path, error);
  if (game != NULL && checksum != NULL)
    *checksum = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guchar *) data, length);
  return game;
}

void
bs_rules_file_register (BsRulesGame *game,
                        const char  *path,
                        const char  *checksum)
{
  g_return_if_fail (game != NULL && path != NULL);

  keep_and_register (game, path, checksum);
}

BsRulesGame *
bs_rules_file_load_data (const char  *data,
                         gsize        length,
                         const char  *path,
                         GError     **error)
{
  g_autofree char *checksum = NULL;
  BsRulesGame *game = bs_rules_file_parse_data (data, length, path, &checksum, error);

  if (game != NULL)
    keep_and_register (game, path, checksum);
  return game;
}

gboolean
bs_rules_file_register_path (const char  *path,
                             GError     **error)
{
  g_autoptr(BsRulesGame) game = NULL;
  g_autofree char *checksum = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  game = read_rules (path, &checksum, error);
  if (game == NULL)
    return FALSE;
  keep_and_register (game, path, checksum);
  return TRUE;
}

char *
bs_rules_file_user_folder (void)
{
  return g_build_filename (g_get_user_data_dir (), "boardsmith", "rules", NULL);
}

static gpointer
list_shipped (gpointer data)
{
  return bs_rules_catalog_list_ids ();
}

gboolean
bs_rules_file_game_has_rules (const char *id)
{
  static GOnce once = G_ONCE_INIT;
  const char * const *ids = g_once (&once, list_shipped, NULL);

  return id != NULL && g_strv_contains (ids, id);
}

GFile *
bs_rules_file_new_copy (const char  *source,
                        const char  *folder,
                        GError     **error)
{
  g_autoptr(BsRulesDocument) original = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autofree char *target = NULL;
  g_autofree char *id = NULL;
  g_autofree char *name = NULL;

  g_return_val_if_fail (source != NULL && folder != NULL, NULL);

  original = bs_rules_document_load_file (source, error);
  if (original == NULL)
    return NULL;
  if (g_mkdir_with_parents (folder, 0755) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("Could not make the folder %s: %s"), folder, g_strerror (saved));
      return NULL;
    }
  /* The first free name: its id is no game's either. */
  for (guint n = 1; target == NULL; n++)
    {
      g_autofree char *candidate_id = n == 1 ? g_strdup_printf ("copy-of-%s", original->id)
                                             : g_strdup_printf ("copy-of-%s-%u", original->id, n);
      g_autofree char *base = g_strconcat (candidate_id, ".xml", NULL);
      g_autofree char *path = g_build_filename (folder, base, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS | G_FILE_TEST_IS_SYMLINK)
          && bs_module_find (candidate_id) == NULL)
        {
          target = g_steal_pointer (&path);
          id = g_steal_pointer (&candidate_id);
        }
    }
  /* Translators: the default name of a copied game; %s is its name. */
  name = g_strdup_printf (_("Copy of %s"), original->name);
  bytes = bs_rules_document_renamed_copy (source, target, id, name, error);
  if (bytes == NULL
      || !bs_file_write_atomic (target, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                                BS_FILE_WRITE_SYNC, error))
    return NULL;
  return g_file_new_for_path (target);
}

struct _BsRulesFile {
  GObject        parent_instance;

  GFile         *file;
  char          *path;
  BsRulesGame   *game;
  char          *checksum;   /* of the bytes last read (at open, else NULL: unknown) */
  char          *error;
  guint          n_reloads;
  GFileMonitor  *monitor;
  guint          reload_timeout;
  GCancellable  *reading;
};

G_DEFINE_FINAL_TYPE (BsRulesFile, bs_rules_file, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  RELOADED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct {
  char        *path;
  char        *checksum;
  BsRulesGame *game;
} Reading;

static void
reading_free (Reading *reading)
{
  g_free (reading->path);
  g_free (reading->checksum);
  g_clear_pointer (&reading->game, bs_rules_game_unref);
  g_free (reading);
}

static void
read_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Reading *reading = task_data;
  GError *error = NULL;

  bs_load_hook_run (reading->path);
  reading->game = read_rules (reading->path, &reading->checksum, &error);
  if (reading->game == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
set_error (BsRulesFile *self,
           const char  *error)
{
  if (g_strcmp0 (self->error, error) == 0)
    return;
  g_free (self->error);
  self->error = g_strdup (error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
on_read (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  BsRulesFile *self = BS_RULES_FILE (source);
  Reading *reading = g_task_get_task_data (G_TASK (result));
  g_autoptr(GError) error = NULL;

  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      /* A newer save, or the file's game leaving the window. */
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      g_clear_object (&self->reading);
      g_clear_pointer (&self->checksum, g_free);
      set_error (self, error->message);
      return;
    }
  g_clear_object (&self->reading);
  if (g_strcmp0 (reading->checksum, self->checksum) == 0 && self->error == NULL)
    return;   /* saved as it was: nothing to replay */
  g_free (self->checksum);
  self->checksum = g_strdup (reading->checksum);
  keep_and_register (reading->game, reading->path, reading->checksum);
  g_clear_pointer (&self->game, bs_rules_game_unref);
  self->game = g_steal_pointer (&reading->game);
  self->n_reloads++;
  set_error (self, NULL);
  g_signal_emit (self, signals[RELOADED], 0);
}

static gboolean
reload_now (gpointer user_data)
{
  BsRulesFile *self = user_data;
  g_autoptr(GTask) task = NULL;
  Reading *reading;

  self->reload_timeout = 0;
  if (self->reading != NULL)
    g_cancellable_cancel (self->reading);
  g_clear_object (&self->reading);
  self->reading = g_cancellable_new ();
  reading = g_new0 (Reading, 1);
  reading->path = g_strdup (self->path);
  task = g_task_new (self, self->reading, on_read, NULL);
  g_task_set_source_tag (task, reload_now);
  g_task_set_task_data (task, reading, (GDestroyNotify) reading_free);
  g_task_set_return_on_cancel (task, FALSE);
  bs_worker_run_in_thread (task, read_in_thread);
  return G_SOURCE_REMOVE;
}

static void
on_file_changed (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 BsRulesFile       *self)
{
  if (event == G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED
      || event == G_FILE_MONITOR_EVENT_PRE_UNMOUNT
      || event == G_FILE_MONITOR_EVENT_UNMOUNTED)
    return;
  /* Read once the events stop: each one puts the reading off again. */
  g_clear_handle_id (&self->reload_timeout, g_source_remove);
  self->reload_timeout = g_timeout_add (RELOAD_DELAY_MS, reload_now, self);
}

static void
bs_rules_file_dispose (GObject *object)
{
  BsRulesFile *self = BS_RULES_FILE (object);

  g_clear_handle_id (&self->reload_timeout, g_source_remove);
  if (self->reading != NULL)
    g_cancellable_cancel (self->reading);
  g_clear_object (&self->reading);
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
    }
  g_clear_object (&self->monitor);
  G_OBJECT_CLASS (bs_rules_file_parent_class)->dispose (object);
}

static void
bs_rules_file_finalize (GObject *object)
{
  BsRulesFile *self = BS_RULES_FILE (object);

  g_clear_object (&self->file);
  g_free (self->path);
  g_clear_pointer (&self->game, bs_rules_game_unref);
  g_free (self->checksum);
  g_free (self->error);
  G_OBJECT_CLASS (bs_rules_file_parent_class)->finalize (object);
}

static void
bs_rules_file_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  BsRulesFile *self = BS_RULES_FILE (object);

  switch (prop_id)
    {
    case PROP_ERROR:
      g_value_set_string (value, self->error);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_rules_file_class_init (BsRulesFileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bs_rules_file_dispose;
  object_class->finalize = bs_rules_file_finalize;
  object_class->get_property = bs_rules_file_get_property;

  properties[PROP_ERROR] =
    g_param_spec_string ("error", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[RELOADED] = g_signal_new ("reloaded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                    NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bs_rules_file_init (BsRulesFile *self)
{
}

BsRulesFile *
bs_rules_file_new (GFile       *file,
                   BsRulesGame *game)
{
  BsRulesFile *self;
  g_autoptr(GError) error = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (game != NULL, NULL);

  self = g_object_new (BS_TYPE_RULES_FILE, NULL);
  self->file = g_object_ref (file);
  self->path = g_file_get_path (file);
  self->game = bs_rules_game_ref (game);
  /* The bytes it was read from: a save that keeps them is no reload. */
  G_LOCK (kept_games);
  if (checksums_by_game != NULL)
    self->checksum = g_strdup (g_hash_table_lookup (checksums_by_game, game));
  G_UNLOCK (kept_games);
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_NONE, NULL, &error);
  if (self->monitor == NULL)
    g_warning ("cannot watch %s: %s", self->path, error->message);
  else
    g_signal_connect (self->monitor, "changed", G_CALLBACK (on_file_changed), self);
  return self;
}

GFile *
bs_rules_file_get_file (BsRulesFile *self)
{
  g_return_val_if_fail (BS_IS_RULES_FILE (self), NULL);
  return self->file;
}

BsRulesGame *
bs_rules_file_get_game (BsRulesFile *self)
{
  g_return_val_if_fail (BS_IS_RULES_FILE (self), NULL);
  return self->game;
}

const BsModule *
bs_rules_file_get_module (BsRulesFile *self)
{
  g_return_val_if_fail (BS_IS_RULES_FILE (self), NULL);
  return bs_rules_game_get_module (self->game);
}

const char *
bs_rules_file_get_error (BsRulesFile *self)
{
  g_return_val_if_fail (BS_IS_RULES_FILE (self), NULL);
  return self->error;
}

guint
bs_rules_file_get_n_reloads (BsRulesFile *self)
{
  g_return_val_if_fail (BS_IS_RULES_FILE (self), 0);
  return self->n_reloads;
}

BsGame *
bs_rules_file_replay (BsRulesFile  *self,
                      BsGame       *old,
                      guint        *stopped,
                      char        **why,
                      GError      **error)
{
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRuleset) ruleset = NULL;
  g_autoptr(BsMatch) match = NULL;
  BsMatch *old_match;
  BsGame *game;
  guint n_turns, current;

  g_return_val_if_fail (BS_IS_RULES_FILE (self), NULL);
  g_return_val_if_fail (BS_IS_GAME (old), NULL);

  *stopped = G_MAXUINT;
  if (why != NULL)
    *why = NULL;
  variant = bs_rules_game_new_variant (self->game, NULL, error);
  if (variant == NULL)
    return NULL;
  ruleset = bs_rules_game_new_ruleset (self->game, variant, error);
  if (ruleset == NULL)
    return NULL;
  old_match = bs_game_get_match (old);
  match = bs_match_new (ruleset, bs_match_get_seed (old_match));
  n_turns = bs_match_get_n_turns (old_match);
  current = bs_match_get_current (old_match);
  for (guint i = 0; i < n_turns; i++)
    {
      g_autoptr(GError) refused = NULL;

      if (!bs_match_play_notation (match, bs_match_get_notation (old_match, i), &refused))
        {
          *stopped = i;
          if (why != NULL)
            *why = g_strdup (refused->message);
          break;
        }
    }
  bs_match_go_to (match, MIN (current, bs_match_get_n_turns (match)));
  game = bs_game_new_for_match (match);
  for (int player = 1; player <= 2; player++)
    bs_game_set_seat (game, player, bs_game_get_seat (old, player));
  /* A record it was saved to stays its file, no longer what it holds;
   * with the file, what it held when read or saved (its stamp), so that a
   * save in place still asks when another program wrote it since. */
  if (bs_game_get_file (old) != NULL)
    {
      bs_game_set_file (game, bs_game_get_file (old));
      if (bs_game_get_file_stamp (old) != NULL)
        bs_game_set_file_stamp (game, bs_file_stamp_copy (bs_game_get_file_stamp (old)));
    }
  bs_game_set_modified (game, bs_game_get_modified (old) || bs_game_get_file (old) != NULL);
  return game;
}
