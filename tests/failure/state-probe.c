/* SPDX-License-Identifier: GPL-3.0-or-later */
/* state-probe KIND DIR: writes the app's own state as the app does, with
 * the app's code, for the failure-injection matrix (run-matrix.py), which
 * breaks the file system under DIR. Prints what the app logged about it
 * (warnings and criticals abort: G_DEBUG=fatal-criticals) and exits 1 if
 * the write was refused, 0 if it was done.
 *   autosave  BsAutosave's copy of a game with unsaved turns (DIR is
 *             $XDG_DATA_HOME: the copy goes to DIR/boardsmith/autosave)
 *   settings  a GSettings key through GLib's keyfile backend (DIR is
 *             $XDG_CONFIG_HOME): not Boardsmith's code, but what the app
 *             can see of it */

#include "config.h"

#include <stdlib.h>

#include <gio/gio.h>

#include "bs-autosave.h"
#include "bs-game.h"
#include "bs-variant-xml.h"

static GString *logged;

static GLogWriterOutput
write_log (GLogLevelFlags   level,
           const GLogField *fields,
           gsize            n_fields,
           gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0 &&
        (level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING |
                  G_LOG_LEVEL_MESSAGE)) != 0)
      g_string_append_printf (logged, "%s%s", logged->len > 0 ? "\n" : "",
                              (const char *) fields[i].value);
  return g_log_writer_default (level, fields, n_fields, user_data);
}

static gboolean
autosave_done (gpointer data)
{
  GMainLoop *loop = data;

  if (bs_autosave_get_busy (bs_autosave_get_default ()))
    return G_SOURCE_CONTINUE;
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

static gboolean
give_up (gpointer data)
{
  g_printerr ("state-probe: the autosave did not finish in 20 s\n");
  exit (2);
  return G_SOURCE_REMOVE;
}

/* A game with one turn in no file, watched by the autosave as a window
 * watches its game; waits until the copy is written or refused. */
static int
probe_autosave (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_lookup ("agoraphobia", &error);
  g_autoptr(BsGame) game = NULL;
  g_autoptr(GObject) owner = g_object_new (G_TYPE_OBJECT, NULL);
  g_autoptr(GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr(GPtrArray) copies = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *dir = bs_autosave_get_dir ();
  g_autoptr(GDir) listing = NULL;
  BsAutosave *autosave = bs_autosave_get_default ();

  g_assert_no_error (error);
  game = bs_game_new (variant, 1, &error);
  g_assert_no_error (error);
  g_assert_true (bs_game_play_notation (game, "S@d4", &error));
  g_assert_true (bs_game_get_modified (game));
  bs_autosave_watch_game (autosave, owner, game);
  /* The copy is written a second after the change, in a thread. */
  g_timeout_add (100, autosave_done, loop);
  g_timeout_add_seconds (20, give_up, NULL);
  g_main_loop_run (loop);

  /* The copy this session wrote: a record and its .info. */
  listing = g_dir_open (dir, 0, NULL);
  for (const char *name; listing != NULL && (name = g_dir_read_name (listing)) != NULL;)
    if (g_str_has_suffix (name, ".boardsmith") || g_str_has_suffix (name, ".info"))
      g_ptr_array_add (copies, g_strdup (name));
  if (logged->len > 0)
    {
      g_printerr ("%s\n", logged->str);
      return 1;
    }
  /* No message and no copy would be work lost without a word. */
  if (copies->len < 2)
    {
      g_printerr ("state-probe: no autosave copy in %s and no message\n", dir);
      return 2;
    }
  return 0;
}

static int
probe_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);

  g_settings_set_int (settings, "computer-move-delay", 777);
  g_settings_sync ();
  if (logged->len > 0)
    {
      g_printerr ("%s\n", logged->str);
      return 1;
    }
  return 0;
}

int
main (int    argc,
      char **argv)
{
  if (argc != 3)
    {
      g_printerr ("usage: state-probe autosave|settings DIR\n");
      return 2;
    }
  logged = g_string_new (NULL);
  g_log_set_writer_func (write_log, NULL, NULL);
  if (g_str_equal (argv[1], "autosave"))
    {
      g_setenv ("XDG_DATA_HOME", argv[2], TRUE);
      return probe_autosave ();
    }
  if (g_str_equal (argv[1], "settings"))
    {
      g_setenv ("XDG_CONFIG_HOME", argv[2], TRUE);
      g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
      return probe_settings ();
    }
  g_printerr ("state-probe: unknown kind %s\n", argv[1]);
  return 2;
}
