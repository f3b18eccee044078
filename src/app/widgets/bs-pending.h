/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-pending.h: what waits for a question to be answered ("Save your
 * game?", "Save the variant?"): the step to take once it is, with its
 * data. Whoever asked is kept alive until then. */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* The next step; `owner` is whoever asked. */
typedef void (*BsPendingFunc) (gpointer owner,
                               gpointer data);

typedef struct {
  gpointer        owner;     /* a GObject, referenced */
  BsPendingFunc   then;      /* NULL: nothing to do next (a plain Save) */
  gpointer        data;
  GDestroyNotify  destroy;   /* frees data, either way */
} BsPending;

BsPending *bs_pending_new    (gpointer        owner,
                              BsPendingFunc   then,
                              gpointer        data,
                              GDestroyNotify  destroy);
/* Takes the step if `go_on` (and there is one), then frees `pending`. */
void       bs_pending_finish (BsPending      *pending,
                              gboolean        go_on);
/* Frees `pending` without the step: the question was cancelled. */
void       bs_pending_free   (BsPending      *pending);
/* With nothing to ask: takes the step at once and frees `data`. */
void       bs_pending_run    (gpointer        owner,
                              BsPendingFunc   then,
                              gpointer        data,
                              GDestroyNotify  destroy);

G_END_DECLS
