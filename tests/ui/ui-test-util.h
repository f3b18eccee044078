/* SPDX-License-Identifier: GPL-3.0-or-later */
/* ui-test-util.h: what every in-process UI test program (tests/ui) shares:
 * the environment it runs in and the application its windows belong to. */

#pragma once

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

/* One iteration of the default main context that returns within 50 ms
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

/* The header bar's computer controls below root (the box holding the
 * Players button, marked "bs-controls"); fails the test when there is none. */
GtkWidget     *ui_test_find_controls (GtkWidget *root);

/* Removes a folder and everything in it (links are removed, not followed). */
void           ui_test_remove_tree (const char *path);

G_END_DECLS
