/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-text.h"

char *
bs_text_sentence (const char *message)
{
  gunichar first;
  char buf[8];
  int n;

  if (message == NULL || *message == '\0')
    return g_strdup ("");
  first = g_utf8_get_char (message);
  if (!g_unichar_islower (first))
    return g_strdup (message);
  n = g_unichar_to_utf8 (g_unichar_totitle (first), buf);
  return g_strdup_printf ("%.*s%s", n, buf, g_utf8_next_char (message));
}
