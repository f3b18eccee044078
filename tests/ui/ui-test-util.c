/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ui-test-util.h"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <gtk/gtk.h>

static char *data_home;

#ifdef __SANITIZE_ADDRESS__
/* GLib keeps its quarks in a block of 2048 pointers, allocated while
 * libglib loads. A process that makes more quarks (some UI tests do on a
 * fresh Debian 12 machine, not on the development one) gets a larger block, and GLib leaves the first one behind on purpose: other
 * threads may still be reading it. LeakSanitizer then reports 16 KiB lost
 * with a stack that stops at g_malloc (libglib has no frame pointers), which
 * no suppression can tell from any other g_malloc. So the test programs keep
 * that first block reachable: a malloc hook, installed before any library's
 * constructor runs (.preinit_array), remembers the first allocation of its
 * size in a global, which LeakSanitizer scans. Nothing else is hidden (a
 * process past 4096 quarks would leave a second block behind too). */
int __sanitizer_install_malloc_and_free_hooks (void (*malloc_hook) (const volatile void *, size_t),
                                               void (*free_hook) (const volatile void *));

static const volatile void *glib_first_quark_block;

static void
remember_quark_block (const volatile void *ptr,
                      size_t               size)
{
  if (glib_first_quark_block == NULL && size == 2048 * sizeof (char *))
    glib_first_quark_block = ptr;
}

static void
ignore_free (const volatile void *ptr)
{
}

static void
install_quark_block_hook (void)
{
  /* Both hooks are needed, or none is installed. */
  __sanitizer_install_malloc_and_free_hooks (remember_quark_block, ignore_free);
}

__attribute__ ((section (".preinit_array"), used))
static void (*const install_quark_block_hook_early) (void) = install_quark_block_hook;
#endif

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
