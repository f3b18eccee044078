/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-pending.h"

BsPending *
bs_pending_new (gpointer        owner,
                BsPendingFunc   then,
                gpointer        data,
                GDestroyNotify  destroy)
{
  BsPending *pending;

  g_return_val_if_fail (G_IS_OBJECT (owner), NULL);

  pending = g_new0 (BsPending, 1);
  pending->owner = g_object_ref (owner);
  pending->then = then;
  pending->data = data;
  pending->destroy = destroy;
  return pending;
}

void
bs_pending_finish (BsPending *pending,
                   gboolean   go_on)
{
  g_return_if_fail (pending != NULL);

  if (go_on && pending->then != NULL)
    pending->then (pending->owner, pending->data);
  if (pending->destroy != NULL)
    pending->destroy (pending->data);
  g_object_unref (pending->owner);
  g_free (pending);
}

void
bs_pending_free (BsPending *pending)
{
  bs_pending_finish (pending, FALSE);
}

void
bs_pending_run (gpointer        owner,
                BsPendingFunc   then,
                gpointer        data,
                GDestroyNotify  destroy)
{
  g_return_if_fail (then != NULL);

  then (owner, data);
  if (destroy != NULL)
    destroy (data);
}
