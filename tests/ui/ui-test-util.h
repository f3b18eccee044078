/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-util.h: what every in-process UI test program (tests/ui) shares:
 * the environment it runs in and the application its windows belong to. */

#pragma once

#include <adwaita.h>

#include "bs-application.h"

G_BEGIN_DECLS

/* The build's GSettings schema with the memory backend, a private
 * XDG_DATA_HOME (never the user's recent files or variants, nor another
 * test's), GTK (warnings fatal) and libadwaita, then a non-unique
 * BsApplication, registered and held for the whole run. Call it after
 * whatever must be set before GTK starts (a language, a renderer). */
BsApplication *ui_test_init (int    *argc,
                             char ***argv);

/* Runs the tests, lets the application go and removes the private data
 * folder; returns g_test_run()'s status. */
int            ui_test_run  (BsApplication **app);

/* One iteration of the default main context that returns within 10 ms
 * even when no source is ready, so that a loop waiting for a condition
 * (with its own deadline) goes round although a thread changed it without
 * waking the loop. */
void           ui_test_iterate (void);

/* The one factor every time limit of a UI test is multiplied by, as the
 * e2e harness's timeout_multiplier(): the larger of the
 * --timeout-multiplier of the `meson test` running this test (read from
 * its command line, meson does not pass it on; 0, no timeout, counts as
 * 1000) and $BOARDSMITH_TEST_TIMEOUT_MULTIPLIER (4 in sanitizer builds),
 * at least 1. */
double         ui_test_timeout_multiplier (void);

/* The -t/--timeout-multiplier of a `meson test` command line (arguments
 * separated by NULs, as /proc/PID/cmdline): 1 without one, 1000 for 0;
 * 0 when it is not `meson test`. */
double         ui_test_meson_multiplier (const char *cmdline,
                                         gsize       length);

/* The monotonic time (g_get_monotonic_time ()) seconds × the factor from
 * now: the deadline of a wait for a condition. */
gint64         ui_test_deadline (double seconds);

/* A condition a test waits for; data is the test's own. */
typedef gboolean (*UiTestCondition) (gpointer data);

/* Dispatches whatever the default main context has ready, without waiting
 * for more: for what an action has already queued (an idle, an event). */
void           ui_test_pump_pending (void);

/* Runs the default main context until condition (data) holds; fails the
 * test naming what after 60 s × the factor. The way to wait for an event:
 * a label's text, a widget mapped, a counter, a file, a thread's result. */
void           ui_test_wait_until (UiTestCondition  condition,
                                   gpointer         data,
                                   const char      *what);

/* The same with a limit of seconds × the factor, for longer work (a whole
 * game between computers). */
void           ui_test_wait_until_within (double           seconds,
                                          UiTestCondition  condition,
                                          gpointer         data,
                                          const char      *what);

/* Conditions for ui_test_wait_until () on a GtkWidget. */
gboolean       ui_test_is_mapped (gpointer widget);
gboolean       ui_test_is_unmapped (gpointer widget);

/* Runs the default main context until the frame clock of widget's window
 * has painted a frame begun after this call, so that what was queued
 * before (a resize, an allocation, a redraw) has happened. widget must be
 * realized; fails after 60 s × the factor. */
void           ui_test_wait_frame (GtkWidget *widget);

/* Dispatches what is ready, then, when widget is mapped, runs the default
 * main context until its window has painted a frame begun after this call
 * (ui_test_wait_frame) and dispatches what that frame queued: what a test
 * did before is laid out and drawn. widget may be NULL (a window just
 * destroyed): then only what is ready is dispatched. */
void           ui_test_settle (GtkWidget *widget);

/* Runs the default main context for ms × the factor. Only for showing that
 * something does NOT happen (a move not made, a timer that stays quiet):
 * there is no event to wait for, so the wait is bounded, and scaled so
 * that a loaded machine gets the same chance to misbehave. */
void           ui_test_wait_quiet (guint ms);

/* The header bar's computer controls below root (the box holding the
 * Players button, marked "bs-controls"); fails the test when there is none. */
GtkWidget     *ui_test_find_controls (GtkWidget *root);

/* Removes a folder and everything in it (links are removed, not followed). */
void           ui_test_remove_tree (const char *path);

/* Gives a message dialog's answer, then destroys the dialog, holding it
 * meanwhile: the dialog may close (and be freed) as it answers. */
void           ui_test_answer_dialog (AdwMessageDialog *dialog,
                                      const char       *response);

G_END_DECLS
