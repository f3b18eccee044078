/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-application.h: the application — app actions and accelerators, the
 * style preference, `boardsmith [VARIANT | FILE…]` and the hidden
 * `--screenshot FILE` option. */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define BS_TYPE_APPLICATION (bs_application_get_type ())
G_DECLARE_FINAL_TYPE (BsApplication, bs_application, BS, APPLICATION, AdwApplication)

BsApplication *bs_application_new        (void);
/* Non-zero when a file given on the command line or the screenshot failed. */
int            bs_application_get_status (BsApplication *self);

G_END_DECLS
