/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-rules"

#include "config.h"

#include "bs-rules-catalog.h"

#include <stdlib.h>
#include <string.h>

#include "bs-rules-document.h"
#include "bs-rules-game.h"
#include "bs-variant-xml.h"

static int
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
catalog_has (GPtrArray  *modules,
             const char *id)
{
  for (guint i = 0; i < modules->len; i++)
    if (g_str_equal (((const BsModule *) g_ptr_array_index (modules, i))->id, id))
      return TRUE;
  return FALSE;
}

/* The paths of the rules files of every games/ folder, folder by folder
 * in bs_variant_builtin_dirs()'s order, each folder's in name order, so
 * that the registry's order does not depend on the file system's. */
static GPtrArray *
rules_files (void)
{
  const char * const *dirs = bs_variant_builtin_dirs ();
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);

  for (guint d = 0; dirs[d] != NULL; d++)
    {
      g_autofree char *folder = g_build_filename (dirs[d], "games", NULL);
      g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *entry;

      while (dir != NULL && (entry = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (entry, ".xml") && entry[0] != '.')
          g_ptr_array_add (names, g_strdup (entry));
      g_ptr_array_sort (names, compare_names);
      for (guint i = 0; i < names->len; i++)
        g_ptr_array_add (paths, g_build_filename (folder, g_ptr_array_index (names, i), NULL));
    }
  return paths;
}

static gpointer
load_catalog (gpointer data)
{
  g_autoptr(GPtrArray) paths = rules_files ();
  GPtrArray *modules = g_ptr_array_new ();

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autoptr(GError) error = NULL;
      BsRulesGame *game = bs_rules_game_load_file (path, &error);
      const BsModule *module;

      if (game == NULL)
        {
          g_warning ("%s", error->message);
          continue;
        }
      module = bs_rules_game_get_module (game);
      if (catalog_has (modules, module->id))
        {
          /* The same game in a folder later in the list: the earlier wins. */
          bs_rules_game_unref (game);
          continue;
        }
      /* Kept for the life of the process, as the C modules are. */
      g_ptr_array_add (modules, (gpointer) module);
    }
  g_ptr_array_add (modules, NULL);
  return g_ptr_array_free (modules, FALSE);
}

const BsModule * const *
bs_written_modules (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, load_catalog, NULL);
}

/* Each rules file's document (NULL for one that does not load), in
 * rules_files()'s order. */
static GPtrArray *
load_documents (GPtrArray *paths)
{
  GPtrArray *docs = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_rules_document_free);

  for (guint i = 0; i < paths->len; i++)
    g_ptr_array_add (docs, bs_rules_document_load_file (g_ptr_array_index (paths, i), NULL));
  return docs;
}

char *
bs_rules_catalog_find_file (const char *id)
{
  g_autoptr(GPtrArray) paths = rules_files ();
  g_autoptr(GPtrArray) docs = load_documents (paths);

  g_return_val_if_fail (id != NULL, NULL);
  for (guint i = 0; i < docs->len; i++)
    {
      const BsRulesDocument *doc = g_ptr_array_index (docs, i);

      if (doc != NULL && g_str_equal (doc->id, id))
        return g_strdup (g_ptr_array_index (paths, i));
    }
  return NULL;
}

GStrv
bs_rules_catalog_list_ids (void)
{
  g_autoptr(GPtrArray) paths = rules_files ();
  g_autoptr(GPtrArray) docs = load_documents (paths);
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  GStrv ids;

  for (guint i = 0; i < docs->len; i++)
    {
      const BsRulesDocument *doc = g_ptr_array_index (docs, i);

      if (doc != NULL && g_hash_table_add (seen, doc->id))
        g_strv_builder_add (builder, doc->id);
    }
  ids = g_strv_builder_end (builder);
  qsort (ids, g_strv_length (ids), sizeof (char *), compare_names);
  return ids;
}
