/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The app's threads (bs-worker.h): counted while they run, waited for, and
 * waited for by the application's end, so that the process never exits
 * with a thread inside libxml2 (whose exit-time cleanup frees the parser's
 * locks: a crash after Ctrl+Q, seen once in CI). */

#include "config.h"

#include <string.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <adwaita.h>

#include "bs-application.h"
#include "bs-worker.h"

#include "ui-test-util.h"

/* A thread function that holds until it is let go, then lingers a little
 * (so that an end that did not wait would see it still running). */
typedef struct {
  GMutex   lock;
  GCond    changed;
  gboolean started;
  gboolean released;
  gboolean returned;
  guint    linger_ms;
} Gate;

static void
gate_init (Gate *gate,
           guint linger_ms)
{
  g_mutex_init (&gate->lock);
  g_cond_init (&gate->changed);
  gate->started = gate->released = gate->returned = FALSE;
  gate->linger_ms = linger_ms;
}

static void
gate_clear (Gate *gate)
{
  g_mutex_clear (&gate->lock);
  g_cond_clear (&gate->changed);
}

static void
gate_release (Gate *gate)
{
  g_mutex_lock (&gate->lock);
  gate->released = TRUE;
  g_cond_broadcast (&gate->changed);
  g_mutex_unlock (&gate->lock);
}

static gboolean
gate_returned (Gate *gate)
{
  gboolean returned;

  g_mutex_lock (&gate->lock);
  returned = gate->returned;
  g_mutex_unlock (&gate->lock);
  return returned;
}

static void
gate_wait_started (Gate *gate)
{
  gint64 deadline = ui_test_deadline (60);

  g_mutex_lock (&gate->lock);
  while (!gate->started)
    if (!g_cond_wait_until (&gate->changed, &gate->lock, deadline))
      g_error ("the worker thread did not start");
  g_mutex_unlock (&gate->lock);
}

static void
held_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Gate *gate = task_data;

  g_mutex_lock (&gate->lock);
  gate->started = TRUE;
  g_cond_broadcast (&gate->changed);
  while (!gate->released)
    g_cond_wait (&gate->changed, &gate->lock);
  g_mutex_unlock (&gate->lock);
  if (gate->linger_ms > 0)
    g_usleep (gate->linger_ms * 1000);
  g_mutex_lock (&gate->lock);
  gate->returned = TRUE;
  g_mutex_unlock (&gate->lock);
  g_task_return_boolean (task, TRUE);
}

static void
start_held (Gate *gate)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);

  g_task_set_task_data (task, gate, NULL);
  bs_worker_run_in_thread (task, held_thread);
}

static gint64
scaled_us (double seconds)
{
  return (gint64) (seconds * ui_test_timeout_multiplier () * G_USEC_PER_SEC);
}

/* Counted from the call on, not only once the thread runs; a wait that
 * times out says so; a wait that returns TRUE comes after the function. */
static void
test_counts_and_waits (void)
{
  Gate gate;

  gate_init (&gate, 0);
  g_assert_cmpuint (bs_worker_get_n_running (), ==, 0);
  g_assert_true (bs_worker_wait_all (0));

  start_held (&gate);
  g_assert_cmpuint (bs_worker_get_n_running (), ==, 1);
  gate_wait_started (&gate);
  g_assert_false (bs_worker_wait_all (0));
  g_assert_false (bs_worker_wait_all (20 * 1000));
  g_assert_cmpuint (bs_worker_get_n_running (), ==, 1);

  gate_release (&gate);
  g_assert_true (bs_worker_wait_all (scaled_us (60)));
  g_assert_true (gate_returned (&gate));
  g_assert_cmpuint (bs_worker_get_n_running (), ==, 0);

  /* The task's own callback still comes on the main context. */
  ui_test_pump_pending ();
  gate_clear (&gate);
}

/* Several at once. */
static void
test_several (void)
{
  Gate gates[3];

  for (guint i = 0; i < G_N_ELEMENTS (gates); i++)
    {
      gate_init (&gates[i], 0);
      start_held (&gates[i]);
    }
  for (guint i = 0; i < G_N_ELEMENTS (gates); i++)
    gate_wait_started (&gates[i]);
  g_assert_cmpuint (bs_worker_get_n_running (), ==, 3);
  gate_release (&gates[1]);
  while (bs_worker_get_n_running () > 2)
    g_assert_false (bs_worker_wait_all (10 * 1000));
  g_assert_false (bs_worker_wait_all (0));
  gate_release (&gates[0]);
  gate_release (&gates[2]);
  g_assert_true (bs_worker_wait_all (scaled_us (60)));
  for (guint i = 0; i < G_N_ELEMENTS (gates); i++)
    {
      g_assert_true (gate_returned (&gates[i]));
      gate_clear (&gates[i]);
    }
  ui_test_pump_pending ();
}

/* The application's end: what the windows let go (their work cancelled)
 * is waited for. A handler before the class's shutdown stands for a
 * window cancelling its work; one after it checks that none runs. */
static Gate shutdown_gate;
static guint running_after_shutdown = G_MAXUINT;

static void
on_shutdown_first (GApplication *app)
{
  gate_release (&shutdown_gate);
}

static void
on_shutdown_done (GApplication *app)
{
  running_after_shutdown = bs_worker_get_n_running ();
}

/* Instead of the window the app opens: only the thread. */
static void
on_activate (GApplication *app)
{
  g_signal_stop_emission_by_name (app, "activate");
  start_held (&shutdown_gate);
  gate_wait_started (&shutdown_gate);
}

static void
test_application_end_waits (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(BsApplication) app = NULL;
      g_autofree char *data_home = g_dir_make_tmp ("boardsmith-worker-XXXXXX", NULL);
      char *argv[] = { (char *) "boardsmith", NULL };

      g_setenv ("XDG_DATA_HOME", data_home, TRUE);
      adw_init ();
      app = bs_application_new ();
      g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
      /* It lingers 300 ms once let go: an end that does not wait sees it. */
      gate_init (&shutdown_gate, 300);
      g_signal_connect (app, "activate", G_CALLBACK (on_activate), NULL);
      g_signal_connect (app, "shutdown", G_CALLBACK (on_shutdown_first), NULL);
      g_signal_connect_after (app, "shutdown", G_CALLBACK (on_shutdown_done), NULL);
      g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
      g_assert_true (shutdown_gate.started);
      g_assert_cmpuint (running_after_shutdown, ==, 0);
      g_assert_true (gate_returned (&shutdown_gate));
      g_rmdir (data_home);
      return;
    }
  g_test_trap_subprocess (NULL, (guint64) scaled_us (120), G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* What the start page's threads do: parse XML, document after document,
 * until told to stop. The process then ends normally, libxml2's exit-time
 * cleanup included. */
static gint stop_parsing;
static gint n_parsed;

static void
parse_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  const char *xml = task_data;

  while (!g_atomic_int_get (&stop_parsing))
    {
      xmlDocPtr doc = xmlReadMemory (xml, (int) strlen (xml), "worker.xml", NULL,
                                     XML_PARSE_NONET);

      g_assert_nonnull (doc);
      xmlFreeDoc (doc);
      g_atomic_int_inc (&n_parsed);
    }
  g_task_return_boolean (task, TRUE);
}

static void
test_exit_after_parsing (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GTask) task = g_task_new (NULL, NULL, NULL, NULL);
      g_autoptr(GString) xml = g_string_new ("<variant>");
      gint64 deadline = ui_test_deadline (60);
      int seen;

      for (guint i = 0; i < 20000; i++)
        g_string_append_printf (xml, "<cell at=\"%u\" kind=\"piece\"/>", i);
      g_string_append (xml, "</variant>");
      g_task_set_task_data (task, g_string_free (g_steal_pointer (&xml), FALSE), g_free);
      bs_worker_run_in_thread (task, parse_thread);
      g_clear_object (&task);
      while (g_atomic_int_get (&n_parsed) < 2)
        {
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
          g_usleep (1000);
        }
      g_atomic_int_set (&stop_parsing, TRUE);
      g_assert_true (bs_worker_wait_all (scaled_us (60)));
      seen = g_atomic_int_get (&n_parsed);
      g_assert_cmpuint (bs_worker_get_n_running (), ==, 0);
      g_assert_cmpint (g_atomic_int_get (&n_parsed), ==, seen);
      return;   /* exit(): libxml2's destructor runs now */
    }
  g_test_trap_subprocess (NULL, (guint64) scaled_us (120), G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GSETTINGS_SCHEMA_DIR", BS_TEST_SCHEMA_DIR, TRUE);
  g_test_add_func ("/worker/counts-and-waits", test_counts_and_waits);
  g_test_add_func ("/worker/several", test_several);
  g_test_add_func ("/worker/application-end-waits", test_application_end_waits);
  g_test_add_func ("/worker/exit-after-parsing", test_exit_after_parsing);
  return g_test_run ();
}
