/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-locale.h: the locale both programs start with. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* setlocale (LC_ALL, ""), and when that leaves the messages in the C locale without the
 * user asking for it (no LANG, C.UTF-8, or a LANG whose locale is not installed; not C or
 * POSIX by name, LC_ALL=C giving English as in every GNU program) while LANGUAGE asks for
 * languages: a UTF-8 character
 * set, and for LC_MESSAGES the first installed locale of a language LANGUAGE lists, since
 * glibc ignores LANGUAGE in the C locale (and, from 2.37, in C.UTF-8 too). Without any, C.UTF-8,
 * where older glibc honours LANGUAGE. So LANGUAGE=fr alone gives French messages wherever a
 * French locale is installed (on a desktop, or a Flatpak runtime's Locale extension). */
void bs_locale_init (void);

/* Binds Boardsmith's message catalog (UTF-8) and makes it the default domain: from
 * $BOARDSMITH_LOCALEDIR when set — `meson devenv` sets it to the build's catalogs, so the
 * uninstalled app and CLI speak the user's language — else from the installed LOCALEDIR. */
void bs_locale_bind (void);

G_END_DECLS
