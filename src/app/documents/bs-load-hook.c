/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-load-hook.h"

/* Read by workers, set by a test between loads: the lock makes the pair
 * consistent. */
static GMutex     hook_lock;
static BsLoadHook hook_func;
static gpointer   hook_data;

void
bs_load_hook_set (BsLoadHook hook,
                  gpointer   user_data)
{
  g_mutex_lock (&hook_lock);
  hook_func = hook;
  hook_data = hook != NULL ? user_data : NULL;
  g_mutex_unlock (&hook_lock);
}

void
bs_load_hook_run (const char *path)
{
  BsLoadHook hook;
  gpointer data;

  g_mutex_lock (&hook_lock);
  hook = hook_func;
  data = hook_data;
  g_mutex_unlock (&hook_lock);
  /* Outside the lock: the hook may block until the test releases it. */
  if (hook != NULL)
    hook (path, data);
}
