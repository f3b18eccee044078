/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-adaptive.h: what gives way when the window is narrow (a phone). In
 * libadwaita 1.2 that is decided by size, not by a breakpoint: an
 * AdwSqueezer shows the first of its children that fits, or none. */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Keeps the children an AdwSqueezer does not show out of the accessibility
 * tree too (GTK 4.8 still reports them as visible). */
void       bs_adaptive_track_squeezer (AdwSqueezer *squeezer);

/* `child` in a squeezer that shows it when its natural width fits and
 * nothing otherwise; the squeezer is shown while the child is. */
GtkWidget *bs_adaptive_collapsible    (GtkWidget   *child);

G_END_DECLS
