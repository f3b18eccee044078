/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-announcer.h: says what just happened (the computer's reply, a round's
 * reveal, the end of a game) to a screen reader, which otherwise speaks
 * only what changes under the focus.
 *
 * From GTK 4.14 on this is gtk_accessible_announce(). GTK 4.8 has no way
 * to announce: there the announcer is an empty widget with the role of an
 * alert whose accessible name becomes the message, so that AT-SPI emits
 * object:property-change:accessible-name with it (docs/ACCESSIBILITY.md says
 * what a screen reader makes of that). The widget takes no room and no
 * clicks: put it where it is mapped while the page shows. */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define BS_TYPE_ANNOUNCER (bs_announcer_get_type ())
G_DECLARE_FINAL_TYPE (BsAnnouncer, bs_announcer, BS, ANNOUNCER, GtkWidget)

GtkWidget *bs_announcer_new      (void);
/* Asks assistive technology to speak `message` now; NULL or "" says
 * nothing. */
void       bs_announcer_announce (BsAnnouncer *self,
                                  const char  *message);

G_END_DECLS
