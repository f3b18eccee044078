/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-variant-document-file.c: the document and its file: open (at once or
 * in a thread), save, save over a change on disk, revert, a name for a new
 * file, and recovery from an autosaved copy. */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-variant-document.h"
#include "bs-variant-document-private.h"

#include <glib/gi18n.h>

#include "bs-file.h"
#include "bs-load-hook.h"
#include "bs-variant-xml.h"
#include "bs-worker.h"

static char *
id_from_path (const char *path)
{
  /* An identifier, as a file's id must be ("My Game.xml" → My-Game). */
  return bs_variant_id_from_filename (path);
}

/* What goes into a file at `path`: its id is the file's name
 * ("my-game.bsvariant" → my-game), so that loading it back gives the
 * same description, and an invalid variant is marked a draft. */
static BsVariant *
file_copy (BsVariantDocument *self,
           const char        *path)
{
  BsVariant *copy = bs_variant_copy (self->variant);

  g_free (copy->id);
  copy->id = id_from_path (path);
  copy->draft = !self->valid;
  return copy;
}

char *
bs_variant_document_to_xml (BsVariantDocument *self,
                            const char        *path,
                            gsize             *length)
{
  g_autoptr(BsVariant) copy = NULL;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  copy = file_copy (self, path);
  return bs_variant_to_xml (copy, length);
}

gboolean
bs_variant_document_write_copy (BsVariantDocument  *self,
                                const char         *path,
                                GError            **error)
{
  g_autoptr(BsVariant) copy = NULL;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  copy = file_copy (self, path);
  return bs_variant_save_file (copy, path, error);
}

static gboolean
save (BsVariantDocument  *self,
      const char         *path,
      gboolean            anyway,
      GError            **error)
{
  g_autoptr(BsVariant) copy = NULL;
  g_autofree char *xml = NULL;
  gsize length = 0;

  if (path == NULL)
    path = self->path;
  g_return_val_if_fail (path != NULL, FALSE);

  if (!anyway && g_strcmp0 (path, self->path) == 0 && bs_variant_document_changed_on_disk (self))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   _("%s: the file has changed on disk since it was opened"), path);
      return FALSE;
    }
  copy = file_copy (self, path);
  xml = bs_variant_to_xml (copy, &length);
  /* As bs_variant_save_file: atomic, synced, links and permissions kept. */
  if (!bs_file_write_atomic (path, xml, length, BS_FILE_WRITE_SYNC, error))
    return FALSE;

  g_clear_pointer (&self->disk, bs_file_stamp_free);
  self->disk = bs_file_stamp_new_for_contents (path, xml, length);
  g_free (self->variant->id);
  self->variant->id = g_strdup (copy->id);
  g_clear_pointer (&self->saved, bs_variant_free);
  self->saved = bs_variant_copy (self->variant);
  bs_variant_document_set_path (self, path);
  bs_variant_document_update (self);
  return TRUE;
}

gboolean
bs_variant_document_save (BsVariantDocument  *self,
                          const char         *path,
                          GError            **error)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);

  return save (self, path, FALSE, error);
}

gboolean
bs_variant_document_save_anyway (BsVariantDocument  *self,
                                 GError            **error)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (self->path != NULL, FALSE);

  return save (self, NULL, TRUE, error);
}

gboolean
bs_variant_document_changed_on_disk (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);

  return self->path != NULL && self->disk != NULL && bs_file_stamp_changed (self->disk, self->path);
}

gboolean
bs_variant_document_revert (BsVariantDocument  *self,
                            GError            **error)
{
  g_autoptr(BsVariant) variant = NULL;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);

  if (self->path == NULL)
    {
      /* Never saved: back to how it was created. */
      variant = bs_variant_copy (self->saved);
    }
  else
    {
      g_autoptr(BsFileStamp) disk = bs_file_stamp_new_for_path (self->path);

      variant = bs_variant_load_file_unchecked (self->path, error);
      if (variant == NULL)
        return FALSE;
      bs_variant_document_forget_origin (variant);
      g_clear_pointer (&self->disk, bs_file_stamp_free);
      self->disk = g_steal_pointer (&disk);
    }
  if (!bs_variant_equal (variant, self->variant))
    {
      g_ptr_array_add (self->undo, g_steal_pointer (&self->variant));
      self->variant = g_steal_pointer (&variant);
      g_ptr_array_set_size (self->redo, 0);
    }
  g_clear_pointer (&self->saved, bs_variant_free);
  self->saved = bs_variant_copy (self->variant);
  g_clear_pointer (&self->merge_key, g_free);
  bs_variant_document_update (self);
  return TRUE;
}

char *
bs_variant_document_user_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "boardsmith", "variants", NULL);
}

char *
bs_variant_document_suggest_path (BsVariantDocument *self)
{
  g_autofree char *dir = bs_variant_document_user_dir ();
  g_autoptr(GString) stem = g_string_new (NULL);
  const char *name;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);

  /* A file name from the variant's name: lower case letters and digits,
   * words joined by dashes. */
  name = self->variant->name != NULL ? self->variant->name : self->variant->module;
  for (const char *p = name; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_unichar_tolower (g_utf8_get_char (p));

      if (g_unichar_isalnum (c) && c < 128)
        g_string_append_c (stem, (char) c);
      else if (stem->len > 0 && stem->str[stem->len - 1] != '-')
        g_string_append_c (stem, '-');
    }
  while (stem->len > 0 && stem->str[stem->len - 1] == '-')
    g_string_truncate (stem, stem->len - 1);
  if (stem->len == 0)
    g_string_append (stem, "variant");

  for (int n = 1; n < 1000; n++)
    {
      g_autofree char *base = n == 1 ? g_strdup_printf ("%s.bsvariant", stem->str)
                                     : g_strdup_printf ("%s-%d.bsvariant", stem->str, n);
      char *path = g_build_filename (dir, base, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
  return g_build_filename (dir, "variant.bsvariant", NULL);
}

BsVariantDocument *
bs_variant_document_open (const char  *path,
                          GError     **error)
{
  BsVariant *variant;
  BsVariantDocument *self;
  g_autoptr(BsFileStamp) disk = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  /* Stamped before it is read: a write in between shows as a change. */
  disk = bs_file_stamp_new_for_path (path);
  /* The format's checks only: a draft, or a file the rules refuse, opens
   * to be finished. */
  variant = bs_variant_load_file_unchecked (path, error);
  if (variant == NULL)
    return NULL;
  self = bs_variant_document_new_take (variant);
  self->path = g_strdup (path);
  self->disk = g_steal_pointer (&disk);
  return self;
}

static void
open_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  const char *path = task_data;
  GError *error = NULL;
  BsVariantDocument *document;

  bs_load_hook_run (path);
  document = bs_variant_document_open (path, &error);
  if (document == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, document, g_object_unref);
}

void
bs_variant_document_open_async (const char          *path,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, bs_variant_document_open_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  bs_worker_run_in_thread (task, open_in_thread);
}

BsVariantDocument *
bs_variant_document_open_finish (GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == bs_variant_document_open_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

BsVariantDocument *
bs_variant_document_recover (const char  *copy,
                             const char  *original,
                             GError     **error)
{
  g_autoptr(BsVariant) baseline = NULL;
  g_autoptr(BsFileStamp) disk = NULL;
  BsVariant *variant;
  BsVariantDocument *self;

  g_return_val_if_fail (copy != NULL, NULL);

  variant = bs_variant_load_file_unchecked (copy, error);
  if (variant == NULL)
    return NULL;
  /* Compared with what is in its file (or, never saved, with what a new
   * variant of its module starts as), so that it shows as unsaved. */
  if (original != NULL)
    {
      disk = bs_file_stamp_new_for_path (original);
      baseline = bs_variant_load_file_unchecked (original, NULL);
    }
  if (baseline == NULL)
    baseline = bs_variant_new_for_module (variant->module, NULL);
  self = bs_variant_document_new_take (variant);
  if (baseline != NULL)
    {
      bs_variant_document_forget_origin (baseline);
      g_clear_pointer (&self->saved, bs_variant_free);
      self->saved = g_steal_pointer (&baseline);
    }
  self->path = g_strdup (original);
  self->disk = g_steal_pointer (&disk);
  bs_variant_document_update (self);
  return self;
}
