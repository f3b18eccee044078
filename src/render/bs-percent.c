/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-percent.h"

#include <glib/gi18n.h>

/* fraction 0.925, 1 decimal: "92.5%". The number follows LC_NUMERIC (its
 * decimal mark), the sign's place and spacing follow the translation. */
char *
bs_percent_format (double fraction,
                   int    decimals)
{
  g_autofree char *number = g_strdup_printf ("%.*f", MAX (decimals, 0), 100 * fraction + 0.0);

  /* Translators: a percentage; %s is the number, as in "92.5%". Write it as
   * your language does (French and German: a no-break space before the sign). */
  return g_strdup_printf (_("%s%%"), number);
}
