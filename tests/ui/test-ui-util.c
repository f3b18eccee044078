/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the UI tests share (ui-test-util): their time limits scale by the
 * --timeout-multiplier of the `meson test` running them, as the e2e
 * harness's do, and by $BOARDSMITH_TEST_TIMEOUT_MULTIPLIER. */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui-test-util.h"

static BsApplication *app;
static char *self_path;

static double
parse (const char *const *argv)
{
  g_autoptr(GString) line = g_string_new (NULL);

  for (guint i = 0; argv[i] != NULL; i++)
    g_string_append_len (line, argv[i], (gssize) strlen (argv[i]) + 1);
  return ui_test_meson_multiplier (line->str, line->len);
}

static void
test_command_lines (void)
{
  const char *plain[] = { "/usr/bin/python3", "/usr/bin/meson", "test", "-C", "_build", NULL };
  const char *longer[] = { "meson", "test", "--timeout-multiplier", "3", "test-app", NULL };
  const char *equals[] = { "meson", "test", "--timeout-multiplier=2.5", NULL };
  const char *short_opt[] = { "/usr/bin/meson", "test", "-t", "8", "--num-processes", "2", NULL };
  const char *joined[] = { "meson", "test", "-t6", NULL };
  const char *none[] = { "meson", "test", "-t", "0", NULL };
  const char *compile[] = { "meson", "compile", "-t", "3", NULL };

  g_assert_cmpfloat (parse (plain), ==, 1);
  g_assert_cmpfloat (parse (longer), ==, 3);
  g_assert_cmpfloat (parse (equals), ==, 2.5);
  g_assert_cmpfloat (parse (short_opt), ==, 8);
  g_assert_cmpfloat (parse (joined), ==, 6);
  g_assert_cmpfloat (parse (none), ==, 1000);
  g_assert_cmpfloat (parse (compile), ==, 0);
}

/* This program run again below a shell whose command line is `meson test
 * -t 7` (as meson test → xvfb-run → test): it prints its factor. */
static double
child_factor (const char *meson_factor,
              const char *env_factor)
{
  g_autofree char *script = g_strdup_printf ("'%s' --print-timeout-multiplier; r=$?; exit $r",
                                             self_path);
  const char *argv[] = { "/bin/sh", "-c", script, "meson", "test", "-t", meson_factor, NULL };
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "BOARDSMITH_TEST_TIMEOUT_MULTIPLIER",
                                         env_factor, TRUE);
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status = 0;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL, &out,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return g_ascii_strtod (out, NULL);
}

static void
test_factor_reaches_the_test (void)
{
  gint64 before = g_get_monotonic_time ();
  gint64 deadline = ui_test_deadline (2);

  /* The larger of meson's and the environment's. */
  g_assert_cmpfloat (child_factor ("7", "1"), ==, 7);
  g_assert_cmpfloat (child_factor ("2", "5"), ==, 5);
  g_assert_cmpfloat (child_factor ("0", "1"), ==, 1000);
  g_assert_cmpint (deadline - before, >=, (gint64) (2 * ui_test_timeout_multiplier ()
                                                     * G_USEC_PER_SEC));
}

static gboolean
is_positive (gpointer data)
{
  return *(int *) data > 0;
}

static gboolean
count_up (gpointer data)
{
  (*(int *) data)++;
  return G_SOURCE_REMOVE;
}

/* A shown window has painted a frame, laid out, when ui_test_wait_frame
 * returns; ui_test_wait_until returns once a source changed its condition. */
static void
test_waits (void)
{
  GtkWidget *window = gtk_window_new ();
  int counted = 0;

  gtk_window_set_default_size (GTK_WINDOW (window), 200, 100);
  gtk_window_present (GTK_WINDOW (window));
  ui_test_wait_frame (window);
  g_assert_true (gtk_widget_get_mapped (window));
  g_assert_cmpint (gtk_widget_get_width (window), >, 0);
  ui_test_wait_frame (window);

  g_timeout_add (20, count_up, &counted);
  ui_test_wait_until (is_positive, &counted, "the timeout");
  g_assert_cmpint (counted, ==, 1);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_test_pump_pending ();
}

/* The one GTK 4.8 critical the ui tests forgive (ui-test-util.c) is
 * forgiven: the test goes on after it. Any other critical still stops a
 * test: a child that logs one fails. */
static void
test_forgives_only_the_gtk_surface_race (void)
{
  if (g_test_subprocess ())
    {
      g_critical ("a critical of ours");
      return;
    }
  /* GTK's own message, from GTK's own check (the tooltip's second call,
   * _gtk_widget_find_at_coords, is private to GTK). */
  g_assert_false (gdk_surface_get_device_position (NULL, NULL, NULL, NULL, NULL));
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stderr ("*a critical of ours*");
}

int
main (int argc, char *argv[])
{
  if (argc > 1 && g_str_equal (argv[1], "--print-timeout-multiplier"))
    {
      printf ("%g\n", ui_test_timeout_multiplier ());
      return EXIT_SUCCESS;
    }
  self_path = g_canonicalize_filename (argv[0], NULL);
  app = ui_test_init (&argc, &argv);
  g_test_add_func ("/ui-test-util/command-lines", test_command_lines);
  g_test_add_func ("/ui-test-util/factor-reaches-the-test", test_factor_reaches_the_test);
  g_test_add_func ("/ui-test-util/waits", test_waits);
  g_test_add_func ("/ui-test-util/forgives-only-the-gtk-surface-race",
                   test_forgives_only_the_gtk_surface_race);
  return ui_test_run (&app);
}
