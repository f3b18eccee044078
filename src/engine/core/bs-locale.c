/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith"

#include "config.h"

#include "bs-locale.h"

#include <locale.h>
#include <string.h>

#include <glib/gi18n-lib.h>

static gboolean
is_c_locale (const char *name)
{
  return name == NULL || g_str_equal (name, "C") || g_str_equal (name, "POSIX")
         || g_str_has_prefix (name, "C.");
}

/* "fr" → fr.UTF-8, fr_FR.UTF-8; "pt_BR" → pt_BR.UTF-8; "de_DE.UTF-8" as it is. */
static gboolean
set_messages_for (const char *language)
{
  g_autofree char *base = g_strdup (language);
  char *at = strchr (base, '@');
  g_autofree char *modifier = at != NULL ? g_strdup (at) : g_strdup ("");
  g_autoptr(GPtrArray) candidates = g_ptr_array_new_with_free_func (g_free);

  if (at != NULL)
    *at = '\0';
  if (strchr (base, '.') != NULL)
    g_ptr_array_add (candidates, g_strdup (language));
  else
    {
      g_ptr_array_add (candidates, g_strdup_printf ("%s.UTF-8%s", base, modifier));
      if (strchr (base, '_') == NULL)
        {
          g_autofree char *country = g_ascii_strup (base, -1);
          g_ptr_array_add (candidates, g_strdup_printf ("%s_%s.UTF-8%s", base, country,
                                                        modifier));
        }
    }
  for (guint i = 0; i < candidates->len; i++)
    if (setlocale (LC_MESSAGES, candidates->pdata[i]) != NULL)
      return TRUE;
  return FALSE;
}

/* The locale the environment names for messages, as setlocale reads it: LC_ALL, else
 * LC_MESSAGES, else LANG (NULL when none is set). */
static const char *
named_messages_locale (void)
{
  const char *names[] = { "LC_ALL", "LC_MESSAGES", "LANG" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      const char *value = g_getenv (names[i]);

      if (value != NULL && value[0] != '\0')
        return value;
    }
  return NULL;
}

void
bs_locale_init (void)
{
  const char *language = g_getenv ("LANGUAGE");
  const char *named = named_messages_locale ();
  g_auto(GStrv) languages = NULL;

  setlocale (LC_ALL, "");
  if (language == NULL || language[0] == '\0' || !is_c_locale (setlocale (LC_MESSAGES, NULL)))
    return;
  /* C or POSIX asked for by name is the user's choice: LC_ALL=C LANGUAGE=fr gives English,
   * as every GNU program does. C.UTF-8 is not: containers and sandboxes set it as a neutral
   * default, and glibc before 2.37 let LANGUAGE choose there. */
  if (named != NULL && (g_str_equal (named, "C") || g_str_equal (named, "POSIX")))
    return;

  if (is_c_locale (setlocale (LC_CTYPE, NULL)))
    setlocale (LC_CTYPE, "C.UTF-8");
  languages = g_strsplit (language, ":", -1);
  for (guint i = 0; languages[i] != NULL; i++)
    if (languages[i][0] != '\0' && !is_c_locale (languages[i]) && set_messages_for (languages[i]))
      return;
  setlocale (LC_MESSAGES, "C.UTF-8");
}

void
bs_locale_bind (void)
{
  const char *dir = g_getenv ("BOARDSMITH_LOCALEDIR");

  bindtextdomain (GETTEXT_PACKAGE, dir != NULL && dir[0] != '\0' ? dir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
}
