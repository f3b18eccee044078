/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ui-test-util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <adwaita.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

static char *data_home;

/* Under ASan: GLib's first quark block kept reachable (see the header). */
#include "bs-sanitizer-quarks.h"

/* GTK 4.8's one known fault to forgive: its tooltip timer, started while
 * the pointer rests on a button of a popover, fires after the window is
 * destroyed and asks for the pointer's position and the widget under it on
 * no surface (gtk_tooltip_show_tooltip: its surface is a weak pointer,
 * NULL by then, and 4.8 does not check it). Seen under ASan (slower) in
 * test-computer, in the next test's set-up right after a test that opened
 * and closed the Players popover; it comes from GTK's main loop, not from a
 * call of ours (no Boardsmith frame above g_main_context_dispatch).
 *
 * GTK logs structured, past g_test_log_set_fatal_handler, so the writer
 * decides: those two messages are dropped, and every other warning and
 * critical is written and aborts the test, as g_test_init's fatal mask made
 * them do (the mask is narrowed to let the writer see them first). */
static const char * const forgiven_gtk_criticals[] = {
  "gdk_surface_get_device_position: assertion 'GDK_IS_SURFACE (surface)' failed",
  "_gtk_widget_find_at_coords: assertion 'GDK_IS_SURFACE (surface)' failed",
  NULL
};

static GLogWriterOutput
write_log (GLogLevelFlags   log_level,
           const GLogField *fields,
           gsize            n_fields,
           gpointer         user_data)
{
  const char *message = NULL;
  GLogWriterOutput output;

  for (gsize i = 0; i < n_fields; i++)
    if (g_str_equal (fields[i].key, "MESSAGE") && fields[i].length < 0)
      message = fields[i].value;
  if ((log_level & G_LOG_LEVEL_CRITICAL) && message != NULL &&
      g_strv_contains (forgiven_gtk_criticals, message))
    return G_LOG_WRITER_HANDLED;
  output = g_log_writer_default (log_level, fields, n_fields, user_data);
  if (log_level & (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return output;
}

BsApplication *
ui_test_init (int    *argc,
              char ***argv)
{
  BsApplication *app;

  g_setenv ("GSETTINGS_SCHEMA_DIR", BS_TEST_SCHEMA_DIR, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  data_home = g_dir_make_tmp ("boardsmith-ui-data-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  gtk_test_init (argc, argv, NULL);
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_log_set_writer_func (write_log, NULL, NULL);
  adw_init ();

  app = bs_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app))
                           | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_application_hold (G_APPLICATION (app));
  return app;
}

GtkWidget *
ui_test_find_controls (GtkWidget *root)
{
  for (GtkWidget *w = root; w != NULL;)
    {
      if (g_object_get_data (G_OBJECT (w), "bs-controls") != NULL)
        return w;
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && w != root && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w != NULL && w != root ? gtk_widget_get_next_sibling (w) : NULL;
        }
    }
  g_assert_not_reached ();
}

void
ui_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        ui_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

/* The -t/--timeout-multiplier of a `meson test` command line (NUL-separated
 * arguments): 1 without one, 1000 for 0 ("no timeout"); 0 when it is not
 * `meson test`. */
double
ui_test_meson_multiplier (const char *cmdline,
                          gsize       length)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  double value = 1;
  guint i;

  for (const char *p = cmdline; p < cmdline + length; p += strlen (p) + 1)
    g_ptr_array_add (argv, (gpointer) p);
  for (i = 0; i + 1 < argv->len; i++)
    {
      g_autofree char *base = g_path_get_basename (argv->pdata[i]);

      if ((g_str_equal (base, "meson") || g_str_equal (base, "meson.py"))
          && g_str_equal (argv->pdata[i + 1], "test"))
        break;
    }
  if (i + 1 >= argv->len)
    return 0;
  for (i += 2; i < argv->len; i++)
    {
      const char *arg = argv->pdata[i];
      const char *text = NULL;

      if (g_str_equal (arg, "--"))
        break;
      if ((g_str_equal (arg, "-t") || g_str_equal (arg, "--timeout-multiplier"))
          && i + 1 < argv->len)
        text = argv->pdata[++i];
      else if (g_str_has_prefix (arg, "--timeout-multiplier="))
        text = arg + strlen ("--timeout-multiplier=");
      else if (g_str_has_prefix (arg, "-t") && arg[2] != '\0' && arg[1] != '-')
        text = arg + 2;
      if (text != NULL)
        {
          char *end = NULL;
          double v = g_ascii_strtod (text, &end);

          if (end != text && *end == '\0')
            value = v;
        }
    }
  return value <= 0 ? 1000 : value;
}

/* The parent process id of pid, from /proc/PID/stat, or 0. */
static int
parent_of (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *stat = NULL;
  const char *close;
  char state;
  int ppid = 0;

  if (!g_file_get_contents (path, &stat, NULL, NULL))
    return 0;
  close = strrchr (stat, ')');
  if (close == NULL || sscanf (close + 1, " %c %d", &state, &ppid) != 2)
    return 0;
  return ppid;
}

double
ui_test_timeout_multiplier (void)
{
  static double factor;

  if (factor == 0)
    {
      const char *env = g_getenv ("BOARDSMITH_TEST_TIMEOUT_MULTIPLIER");
      double from_env = env != NULL ? g_ascii_strtod (env, NULL) : 1;
      double from_meson = 0;
      int pid = getppid ();

      /* meson test → xvfb-run → this program: the nearest `meson test`. */
      for (int depth = 0; depth < 8 && pid > 1 && from_meson == 0; depth++)
        {
          g_autofree char *path = g_strdup_printf ("/proc/%d/cmdline", pid);
          g_autofree char *cmdline = NULL;
          gsize length = 0;

          if (g_file_get_contents (path, &cmdline, &length, NULL))
            from_meson = ui_test_meson_multiplier (cmdline, length);
          pid = parent_of (pid);
        }
      factor = MAX (1.0, MAX (from_env, from_meson));
    }
  return factor;
}

gint64
ui_test_deadline (double seconds)
{
  return g_get_monotonic_time ()
         + (gint64) (seconds * ui_test_timeout_multiplier () * G_USEC_PER_SEC);
}

static gboolean
wake_up (gpointer data)
{
  return G_SOURCE_REMOVE;
}

void
ui_test_iterate (void)
{
  GSource *wake = g_timeout_source_new (10);

  g_source_set_callback (wake, wake_up, NULL, NULL);
  g_source_attach (wake, NULL);
  g_main_context_iteration (NULL, TRUE);
  g_source_destroy (wake);
  g_source_unref (wake);
}

void
ui_test_pump_pending (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

void
ui_test_wait_until_within (double           seconds,
                           UiTestCondition  condition,
                           gpointer         data,
                           const char      *what)
{
  gint64 end = ui_test_deadline (seconds);

  while (!condition (data))
    {
      if (g_get_monotonic_time () > end)
        g_error ("timed out (%.0f s) waiting for %s", seconds * ui_test_timeout_multiplier (),
                 what);
      ui_test_iterate ();
    }
}

void
ui_test_wait_until (UiTestCondition  condition,
                    gpointer         data,
                    const char      *what)
{
  ui_test_wait_until_within (60, condition, data, what);
}

gboolean
ui_test_is_mapped (gpointer widget)
{
  return gtk_widget_get_mapped (widget);
}

gboolean
ui_test_is_unmapped (gpointer widget)
{
  return !gtk_widget_get_mapped (widget);
}

static void
on_after_paint (GdkFrameClock *clock,
                gpointer       data)
{
  *(gboolean *) data = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

void
ui_test_wait_frame (GtkWidget *widget)
{
  g_autoptr(GdkFrameClock) clock = NULL;
  g_autofree char *what = NULL;
  gboolean painted = FALSE;
  gulong handler;

  clock = gtk_widget_get_frame_clock (widget);
  if (clock == NULL)
    g_error ("waiting for a frame of %s, which is not realized", G_OBJECT_TYPE_NAME (widget));
  g_object_ref (clock);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (on_after_paint), &painted);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_PAINT);
  what = g_strdup_printf ("a frame of %s", G_OBJECT_TYPE_NAME (widget));
  ui_test_wait_until (is_true, &painted, what);
  g_signal_handler_disconnect (clock, handler);
}

void
ui_test_settle (GtkWidget *widget)
{
  ui_test_pump_pending ();
  if (widget == NULL || !gtk_widget_get_mapped (widget))
    return;
  ui_test_wait_frame (widget);
  ui_test_pump_pending ();
}

void
ui_test_wait_quiet (guint ms)
{
  gint64 end = g_get_monotonic_time ()
               + (gint64) (ms * ui_test_timeout_multiplier () * 1000);

  while (g_get_monotonic_time () < end)
    ui_test_iterate ();
}

int
ui_test_run (BsApplication **app)
{
  int status = g_test_run ();

  g_application_release (G_APPLICATION (*app));
  g_clear_object (app);
  ui_test_remove_tree (data_home);
  g_clear_pointer (&data_home, g_free);
  return status;
}

void
ui_test_answer_dialog (AdwMessageDialog *dialog,
                       const char       *response)
{
  g_object_ref (dialog);
  adw_message_dialog_response (dialog, response);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_object_unref (dialog);
}
