/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-load-hook.h: a hook for tests, called in the worker thread just before
 * a user's file is parsed (the start page's lists, an opened game or
 * record, a variant opened in the editor). A test can see that the thread
 * is not the main one, and hold the worker there while it checks that the
 * window goes on. Nothing sets it outside the tests. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* `path`: the file about to be parsed. Runs in the worker thread. */
typedef void (*BsLoadHook) (const char *path,
                            gpointer    user_data);

/* Sets (or with NULL clears) the hook; call it from the main thread while
 * no load is under way. */
void bs_load_hook_set (BsLoadHook hook,
                       gpointer   user_data);
/* Calls the hook, if any: where a worker is about to parse `path`. */
void bs_load_hook_run (const char *path);

G_END_DECLS
