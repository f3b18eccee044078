/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-folders.h"

#include "bs-variant-document.h"

static const char * const keys[] = {
  [BS_FOLDER_RECORDS] = "record-folder",
  [BS_FOLDER_OPEN] = "open-folder",
  [BS_FOLDER_VARIANTS] = "variant-folder",
  [BS_FOLDER_IMAGES] = "export-folder",
};

static GFile *
existing_folder (const char *path)
{
  if (path == NULL || path[0] == '\0' || !g_file_test (path, G_FILE_TEST_IS_DIR))
    return NULL;
  return g_file_new_for_path (path);
}

/* The user's own folder for the kind, when it exists. */
static GFile *
default_folder (BsFolderKind kind)
{
  g_autofree char *variants = NULL;
  GFile *folder;

  switch (kind)
    {
    case BS_FOLDER_RECORDS:
    case BS_FOLDER_OPEN:
      return existing_folder (g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS));
    case BS_FOLDER_VARIANTS:
      variants = bs_variant_document_user_dir ();
      if ((folder = existing_folder (variants)) != NULL)
        return folder;
      return existing_folder (g_get_user_special_dir (G_USER_DIRECTORY_DOCUMENTS));
    case BS_FOLDER_IMAGES:
      return existing_folder (g_get_user_special_dir (G_USER_DIRECTORY_PICTURES));
    default:
      g_return_val_if_reached (NULL);
    }
}

GFile *
bs_folders_get_initial (BsFolderKind kind)
{
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *remembered = NULL;
  GFile *folder;

  g_return_val_if_fail ((guint) kind < G_N_ELEMENTS (keys), NULL);

  settings = g_settings_new (APP_ID);
  remembered = g_settings_get_string (settings, keys[kind]);
  if ((folder = existing_folder (remembered)) != NULL)
    return folder;
  if ((folder = default_folder (kind)) != NULL)
    return folder;
  return g_file_new_for_path (g_get_home_dir ());
}

static void
remember_in (GSettings  *settings,
             const char *key,
             const char *folder)
{
  g_autofree char *was = g_settings_get_string (settings, key);

  if (g_strcmp0 (was, folder) != 0)
    g_settings_set_string (settings, key, folder);
}

void
bs_folders_remember (BsFolderKind  kind,
                     GFile        *file)
{
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(GFile) parent = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *name = NULL;

  g_return_if_fail ((guint) kind < G_N_ELEMENTS (keys));
  g_return_if_fail (G_IS_FILE (file));

  parent = g_file_get_parent (file);
  folder = parent != NULL ? g_file_get_path (parent) : NULL;
  if (folder == NULL)
    return;
  settings = g_settings_new (APP_ID);
  remember_in (settings, keys[kind], folder);
  /* Open… and Save Game Record share their folder: a record opened from a
   * folder is saved there, a record saved is found again by Open…. */
  name = g_file_get_basename (file);
  if (kind == BS_FOLDER_RECORDS)
    remember_in (settings, keys[BS_FOLDER_OPEN], folder);
  else if (kind == BS_FOLDER_OPEN && name != NULL && g_str_has_suffix (name, ".boardsmith"))
    remember_in (settings, keys[BS_FOLDER_RECORDS], folder);
  else if (kind == BS_FOLDER_OPEN && name != NULL && g_str_has_suffix (name, ".bsvariant"))
    remember_in (settings, keys[BS_FOLDER_VARIANTS], folder);
}
