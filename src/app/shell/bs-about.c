/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-about.h"

#include <adwaita.h>
#include <glib/gi18n.h>

GtkWidget *
bs_about_present (GtkWindow *parent)
{
  static const char *developers[] = { "The Boardsmith developers", NULL };
  /* Translators: your names, one per line ("Name <email>"), shown in the About window's
   * credits. */
  const char *translators = _("translator-credits");
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
  /* Untranslated, there is nobody to credit. */
  if (!g_str_equal (translators, "translator-credits"))
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
