/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-about.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <libintl.h>
#include <string.h>

#include "bs-translator-credits.h"

const char *
bs_about_translators_for (const char *catalog_header)
{
  g_auto(GStrv) fields = NULL;

  if (catalog_header == NULL || catalog_header[0] == '\0')
    return NULL;
  fields = g_strsplit (catalog_header, "\n", -1);
  for (guint i = 0; fields[i] != NULL; i++)
    {
      const char *value;

      if (!g_str_has_prefix (fields[i], "Language:"))
        continue;
      value = fields[i] + strlen ("Language:");
      while (*value == ' ')
        value++;
      for (guint j = 0; j < G_N_ELEMENTS (bs_translator_credits); j++)
        if (g_str_equal (value, bs_translator_credits[j].language))
          return bs_translator_credits[j].people;
    }
  return NULL;
}

GtkWidget *
bs_about_present (GtkWindow *parent)
{
  static const char *developers[] = { "The Boardsmith developers", NULL };
  /* The header of the catalog in use, whose Language: field says which one it is. */
  const char *translators = bs_about_translators_for (dgettext (GETTEXT_PACKAGE, ""));
  const char *comments = _("Design abstract board games and play-test them: board shapes and "
                           "sizes, piece counts, handicaps and rule options, against a friend "
                           "or the computer.");
  GObject *about;

#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  about = g_object_new (ADW_TYPE_ABOUT_DIALOG, NULL);
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  about = g_object_new (ADW_TYPE_ABOUT_WINDOW, "transient-for", parent, NULL);
#endif
  g_object_set (about,
                "application-name", _("Boardsmith"),
                "application-icon", APP_ID,
                "developer-name", _("The Boardsmith developers"),
                "version", PACKAGE_VERSION,
                "comments", comments,
                "website", "https://github.com/boardsmith/boardsmith",
                "issue-url", "https://github.com/boardsmith/boardsmith/issues",
                "developers", developers,
                "copyright", "© 2026 The Boardsmith developers",
                "license-type", GTK_LICENSE_GPL_3_0,
                NULL);
  /* In the untranslated C locale there is nobody to credit (and NULL is refused). */
  if (translators != NULL)
    g_object_set (about, "translator-credits", translators, NULL);
#if ADW_CHECK_VERSION (1, 5, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  adw_dialog_present (ADW_DIALOG (about), GTK_WIDGET (parent));
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  gtk_window_present (GTK_WINDOW (about));
#endif
  return GTK_WIDGET (about);
}
