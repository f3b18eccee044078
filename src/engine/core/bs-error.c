/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include "bs-error.h"

#include <string.h>

#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (bs-variant-error-quark, bs_variant_error)
G_DEFINE_QUARK (bs-rules-error-quark, bs_rules_error)
G_DEFINE_QUARK (bs-record-error-quark, bs_record_error)
G_DEFINE_QUARK (bs-study-error-quark, bs_study_error)

char *
bs_excerpt (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  g_autofree char *head = NULL;

  if (g_utf8_strlen (valid, -1) <= BS_EXCERPT_LENGTH)
    return g_steal_pointer (&valid);
  head = g_utf8_substring (valid, 0, BS_EXCERPT_LENGTH);
  return g_strconcat (head, "…", NULL);
}

char *
bs_shorten_words (const char *message)
{
  g_autofree char *valid = g_utf8_make_valid (message != NULL ? message : "", -1);
  GString *out = g_string_new (NULL);

  for (const char *p = valid; *p != '\0';)
    {
      gsize blank = strspn (p, " \t\n");
      gsize word = strcspn (p + blank, " \t\n");
      g_autofree char *text = g_strndup (p + blank, word);

      g_string_append_len (out, p, (gssize) blank);
      if (g_utf8_strlen (text, -1) > 2 * BS_EXCERPT_LENGTH)
        {
          g_autofree char *cut = bs_excerpt (text);
          g_string_append (out, cut);
        }
      else
        g_string_append (out, text);
      p += blank + word;
    }
  if (g_utf8_strlen (out->str, -1) > BS_MESSAGE_MAX_LENGTH
      || out->len > BS_MESSAGE_MAX_BYTES)
    {
      /* Room for the "…" (3 bytes) within the byte limit. */
      const char *end = g_utf8_offset_to_pointer (out->str,
                                                  MIN (g_utf8_strlen (out->str, -1),
                                                       BS_MESSAGE_MAX_LENGTH));

      while ((gsize) (end - out->str) > BS_MESSAGE_MAX_BYTES - 3)
        end = g_utf8_prev_char (end);
      g_string_truncate (out, (gsize) (end - out->str));
      g_string_append (out, "…");
    }
  return g_string_free (out, FALSE);
}

void
bs_error_shorten_words (GError *error)
{
  char *shortened;

  if (error == NULL || error->message == NULL)
    return;
  shortened = bs_shorten_words (error->message);
  g_free (error->message);
  error->message = shortened;
}

gboolean
bs_parse_int (const char  *text,
              int          min,
              int          max,
              int         *value,
              GError     **error)
{
  const char *p = text;
  g_autofree char *quoted = bs_excerpt (text);
  gint64 result;

  /* g_ascii_string_to_signed also accepts leading spaces; be strict. */
  if (*p == '-' || *p == '+')
    p++;
  if (*p == '\0' || strspn (p, "0123456789") != strlen (p))
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                   _("\"%s\" is not an integer"), quoted);
      return FALSE;
    }
  if (strlen (p) > 12 || !g_ascii_string_to_signed (text, 10, G_MININT64, G_MAXINT64,
                                                    &result, NULL) ||
      result < G_MININT || result > G_MAXINT)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                   _("%s is too large a number"), quoted);
      return FALSE;
    }
  if (result < min || result > max)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                   _("%s is out of range (%d to %d)"), quoted, min, max);
      return FALSE;
    }
  *value = (int) result;
  return TRUE;
}
