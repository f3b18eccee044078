/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-json.h"

#include <stdlib.h>
#include <string.h>

/* The fewest significant digits that read back as value, written as
 * Python's repr writes a float: positional from 1e-4 up to 1e16, with an
 * exponent outside; a number that would read as an integer keeps ".0" (as
 * json-glib writes it), so that a reader sees the same type. */
static void
append_shortest (GString *out,
                 double   value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];
  char format[16];
  int digits, exponent;

  for (digits = 1; digits < 17; digits++)
    {
      g_snprintf (format, sizeof format, "%%.%de", digits - 1);
      g_ascii_formatd (text, sizeof text, format, value);
      if (g_ascii_strtod (text, NULL) == value)
        break;
    }
  g_snprintf (format, sizeof format, "%%.%de", digits - 1);
  g_ascii_formatd (text, sizeof text, format, value);
  exponent = atoi (strchr (text, 'e') + 1);
  if (exponent >= -4 && exponent < 16)
    {
      g_snprintf (format, sizeof format, "%%.%df", MAX (digits - 1 - exponent, 0));
      g_ascii_formatd (text, sizeof text, format, value);
    }
  g_string_append (out, text);
  if (strpbrk (text, ".eE") == NULL)
    g_string_append (out, ".0");
}

char *
bs_json_to_text (JsonNode *root)
{
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autofree char *text = NULL;
  GString *out;
  gboolean in_string = FALSE;

  g_return_val_if_fail (root != NULL, NULL);

  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);

  /* Numbers outside strings, as the generator wrote them, are rewritten;
   * strings (names, notation, messages) are copied as they are. */
  out = g_string_sized_new (strlen (text));
  for (const char *p = text; *p != '\0';)
    {
      if (in_string)
        {
          if (*p == '\\' && p[1] != '\0')
            {
              g_string_append_len (out, p, 2);
              p += 2;
              continue;
            }
          if (*p == '"')
            in_string = FALSE;
          g_string_append_c (out, *p++);
        }
      else if (*p == '"')
        {
          in_string = TRUE;
          g_string_append_c (out, *p++);
        }
      else if (*p == '-' || g_ascii_isdigit (*p))
        {
          gsize length = strspn (p, "-+0123456789.eE");
          g_autofree char *number = g_strndup (p, length);

          if (strpbrk (number, ".eE") != NULL)
            append_shortest (out, g_ascii_strtod (number, NULL));
          else
            g_string_append (out, number);
          p += length;
        }
      else
        g_string_append_c (out, *p++);
    }
  return g_string_free (out, FALSE);
}
