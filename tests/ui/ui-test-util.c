/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ui-test-util.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

static char *data_home;

/* Under ASan: GLib's first quark block kept reachable (see the header). */
#include "bs-sanitizer-quarks.h"

BsApplication *
ui_test_init (int    *argc,
              char ***argv)
{
  BsApplication *app;

  g_setenv ("GSETTINGS_SCHEMA_DIR", BS_TEST_SCHEMA_DIR, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  data_home = g_dir_make_tmp ("boardsmith-ui-data-XXXXXX", NULL);
  g_assert_nonnull (data_home);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  gtk_test_init (argc, argv, NULL);
  adw_init ();

  app = bs_application_new ();
  g_application_set_flags (G_APPLICATION (app),
                           g_application_get_flags (G_APPLICATION (app))
                           | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, NULL));
  g_application_hold (G_APPLICATION (app));
  return app;
}

GtkWidget *
ui_test_find_controls (GtkWidget *root)
{
  for (GtkWidget *w = root; w != NULL;)
    {
      if (g_object_get_data (G_OBJECT (w), "bs-controls") != NULL)
        return w;
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && w != root && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w != NULL && w != root ? gtk_widget_get_next_sibling (w) : NULL;
        }
    }
  g_assert_not_reached ();
}

void
ui_test_remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        ui_test_remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

static gboolean
wake_up (gpointer data)
{
  return G_SOURCE_REMOVE;
}

void
ui_test_iterate (void)
{
  GSource *wake = g_timeout_source_new (50);

  g_source_set_callback (wake, wake_up, NULL, NULL);
  g_source_attach (wake, NULL);
  g_main_context_iteration (NULL, TRUE);
  g_source_destroy (wake);
  g_source_unref (wake);
}

int
ui_test_run (BsApplication **app)
{
  int status = g_test_run ();

  g_application_release (G_APPLICATION (*app));
  g_clear_object (app);
  ui_test_remove_tree (data_home);
  g_clear_pointer (&data_home, g_free);
  return status;
}
