/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A main() for a fuzz target in the ordinary build (any compiler, no
 * libFuzzer): runs the target once on each file given, or on each file of
 * each folder given, in name order — the seed corpus and the inputs of
 * past findings (regressions/) are then part of `meson test`. Prints TAP. */

#include "config.h"

#include "fuzz-common.h"

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static void
add_inputs (GPtrArray  *files,
            const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    return;
  if (!g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_ptr_array_add (files, g_strdup (path));
      return;
    }
  dir = g_dir_open (path, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_REGULAR))
        g_ptr_array_add (files, g_steal_pointer (&child));
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);

  LLVMFuzzerInitialize (&argc, &argv);
  for (int i = 1; i < argc; i++)
    add_inputs (files, argv[i]);
  g_ptr_array_sort (files, compare_names);
  if (files->len == 0)
    {
      g_print ("1..0 # SKIP no inputs\n");
      return 0;
    }
  g_print ("1..%u\n", files->len);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *data = NULL;
      gsize length = 0;
      g_autoptr(GError) error = NULL;

      if (!g_file_get_contents (path, &data, &length, &error))
        {
          g_print ("not ok %u %s: %s\n", i + 1, path, error->message);
          return 1;
        }
      /* A finding aborts: the TAP stream then ends early, which fails. */
      LLVMFuzzerTestOneInput ((const uint8_t *) data, length);
      g_print ("ok %u %s\n", i + 1, path);
    }
  return 0;
}
