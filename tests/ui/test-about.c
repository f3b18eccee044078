/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The About window's credits: the translators are the catalog's "translator-credits" (as in
 * every GNOME app) for the language in use, and the window shows them, in that language. */

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <libintl.h>
#include <locale.h>
#include <string.h>

#include "bs-about.h"

static void
destroy_about (GtkWidget *about)
{
  if (GTK_IS_WINDOW (about))
    gtk_window_destroy (GTK_WINDOW (about));
#if ADW_CHECK_VERSION (1, 5, 0)
  else
    {
      G_GNUC_BEGIN_IGNORE_DEPRECATIONS
      adw_dialog_force_close (ADW_DIALOG (about));
      G_GNUC_END_IGNORE_DEPRECATIONS
    }
#endif
}

static void
test_window_in_french (void)
{
  g_autofree char *credits = NULL;
  g_autofree char *comments = NULL;
  GtkWidget *parent;
  GtkWidget *about;

  g_assert_cmpstr (_("Boardsmith"), ==, "Boardsmith");
  g_assert_nonnull (strstr (dgettext (GETTEXT_PACKAGE, ""), "Language: fr"));

  parent = gtk_window_new ();
  gtk_window_present (GTK_WINDOW (parent));
  about = bs_about_present (GTK_WINDOW (parent));
  g_object_get (about, "translator-credits", &credits, "comments", &comments, NULL);
  g_assert_cmpstr (credits, ==, "Les développeurs de Boardsmith");
  /* The description is the French one, not the English text. */
  g_assert_nonnull (comments);
  g_assert_null (strstr (comments, "Design abstract board games"));
  destroy_about (about);
  gtk_window_destroy (GTK_WINDOW (parent));
}

/* In the C locale nothing is translated: no credits, and the window still opens. */
static void
test_window_untranslated (void)
{
  g_autofree char *credits = NULL;
  GtkWidget *parent = gtk_window_new ();
  GtkWidget *about;

  setlocale (LC_MESSAGES, "C");
  g_assert_cmpstr (dgettext (GETTEXT_PACKAGE, ""), ==, "");
  gtk_window_present (GTK_WINDOW (parent));
  about = bs_about_present (GTK_WINDOW (parent));
  g_object_get (about, "translator-credits", &credits, NULL);
  g_assert_true (credits == NULL || credits[0] == '\0');
  destroy_about (about);
  gtk_window_destroy (GTK_WINDOW (parent));
  setlocale (LC_MESSAGES, "C.UTF-8");
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *podir = NULL;

  g_test_init (&argc, &argv, NULL);
  /* As the app's main() does, with the catalogs built in the tree and French chosen by
   * LANGUAGE alone (before GTK starts: GLib decides once whether to translate). */
  podir = g_build_filename (g_getenv ("G_TEST_BUILDDIR"), "..", "po", NULL);
  g_setenv ("LANGUAGE", "fr", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, podir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  adw_init ();

  g_test_add_func ("/about/window-in-french", test_window_in_french);
  g_test_add_func ("/about/window-untranslated", test_window_untranslated);
  return g_test_run ();
}
