/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-view-compare.c: Compare With: the other variants of the same
 * game the designer has at hand — the built-in ones, the examples, their
 * own, read in a thread — and any other file chosen. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-balance-view.h"
#include "bs-balance-view-private.h"

#include <glib/gi18n.h>

#include "bs-compat.h"
#include "bs-folders.h"
#include "bs-variant-document.h"
#include "bs-variant-xml.h"
#include "bs-worker.h"

static void
candidate_free (gpointer data)
{
  BsBalanceCandidate *candidate = data;

  g_free (candidate->label);
  g_free (candidate->source);
  g_clear_pointer (&candidate->variant, bs_variant_free);
  g_free (candidate);
}

static gboolean
same_source (const char *a,
             const char *b)
{
  g_autoptr(GFile) fa = NULL;
  g_autoptr(GFile) fb = NULL;

  if (a == NULL || b == NULL)
    return FALSE;
  if (g_str_equal (a, b))
    return TRUE;
  if (!g_path_is_absolute (a) || !g_path_is_absolute (b))
    return FALSE;
  fa = g_file_new_for_path (a);
  fb = g_file_new_for_path (b);
  return g_file_equal (fa, fb);
}

static void
add_candidate (BsBalanceView *self,
               const char    *source,
               BsVariant     *variant)
{
  BsBalanceCandidate *candidate;
  const char *name;

  if (variant == NULL || g_strcmp0 (variant->module, self->variant->module) != 0 ||
      same_source (source, self->source))
    {
      g_clear_pointer (&variant, bs_variant_free);
      return;
    }
  for (guint i = 0; i < self->candidates->len; i++)
    if (same_source (((BsBalanceCandidate *) self->candidates->pdata[i])->source, source))
      {
        bs_variant_free (variant);
        return;
      }
  name = bs_variant_display_name (variant);
  candidate = g_new0 (BsBalanceCandidate, 1);
  candidate->source = g_strdup (source);
  candidate->variant = variant;
  /* Two variants of one name: the file tells them apart. */
  candidate->label = g_strdup (name);
  for (guint i = 0; i < self->candidates->len; i++)
    if (g_str_equal (((BsBalanceCandidate *) self->candidates->pdata[i])->label, name) &&
        g_path_is_absolute (source))
      {
        g_autofree char *base = g_path_get_basename (source);

        g_free (candidate->label);
        candidate->label = g_strdup_printf ("%s (%s)", name, base);
        break;
      }
  g_ptr_array_add (self->candidates, candidate);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* A variant file Compare With may offer, as the worker read it. */
typedef struct {
  char      *path;
  BsVariant *variant;   /* NULL: the file is no valid variant */
} VariantFile;

static BsBalanceViewReadHook read_hook;
static gpointer read_hook_data;

void
bs_balance_view_set_read_hook (BsBalanceViewReadHook hook,
                               gpointer              user_data)
{
  read_hook = hook;
  read_hook_data = user_data;
}

static void
variant_file_free (gpointer data)
{
  VariantFile *file = data;

  g_free (file->path);
  g_clear_pointer (&file->variant, bs_variant_free);
  g_free (file);
}

/* The variant files of each folder (task data: a NULL-terminated array),
 * folder by folder in name order: a folder of many files never holds the
 * window. */
static void
read_variant_files (GTask        *task,
                    gpointer      source,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  const char * const *dirs = task_data;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (variant_file_free);

  for (guint d = 0; dirs[d] != NULL; d++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs[d], 0, NULL);
      g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".bsvariant") || g_str_has_suffix (name, ".xml"))
          g_ptr_array_add (paths, g_build_filename (dirs[d], name, NULL));
      g_ptr_array_sort (paths, compare_paths);
      for (guint i = 0; i < paths->len; i++)
        {
          VariantFile *file;

          if (g_task_return_error_if_cancelled (task))
            return;
          if (read_hook != NULL)
            read_hook (paths->pdata[i], read_hook_data);
          file = g_new0 (VariantFile, 1);
          file->path = g_strdup (paths->pdata[i]);
          file->variant = bs_variant_load_file (file->path, NULL);
          g_ptr_array_add (files, file);
        }
    }
  g_task_return_pointer (task, g_steal_pointer (&files), (GDestroyNotify) g_ptr_array_unref);
}

/* Compare With's list: Nothing, the candidates, Other File…; the
 * selection (a candidate, or Other File…) kept. */
static void
set_compare_model (BsBalanceView *self,
                   BsBalanceCandidate     *selected,
                   gboolean       other_selected)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  self->compare_selected = 0;
  gtk_string_list_append (list, _("Nothing"));
  for (guint i = 0; i < self->candidates->len; i++)
    {
      gtk_string_list_append (list, ((BsBalanceCandidate *) self->candidates->pdata[i])->label);
      if (self->candidates->pdata[i] == selected)
        self->compare_selected = i + 1;
    }
  gtk_string_list_append (list, _("Other File…"));
  self->syncing = TRUE;
  adw_combo_row_set_model (self->compare_row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (self->compare_row, other_selected ? self->candidates->len + 1
                                                                : self->compare_selected);
  self->syncing = FALSE;
}

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

/* user_data: a weak reference to the page, which the reading does not keep
 * alive (leaving it cancels the reading). */
static void
on_variant_files_read (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GPtrArray) files = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autoptr(BsBalanceView) self = g_weak_ref_get (user_data);
  g_autoptr(GPtrArray) others = NULL;
  guint selected, n_before;
  gboolean other_file;
  BsBalanceCandidate *kept = NULL;

  weak_ref_free (user_data);
  if (read_hook != NULL)
    read_hook (NULL, read_hook_data);
  /* Cancelled: another variant's list replaced it, or the page is gone. */
  if (files == NULL || self == NULL)
    return;
  g_clear_object (&self->files_cancellable);
  selected = adw_combo_row_get_selected (self->compare_row);
  other_file = selected == self->candidates->len + 1;
  if (selected >= 1 && selected <= self->candidates->len)
    kept = self->candidates->pdata[selected - 1];
  /* Other File… is open: what was chosen before it is kept for Cancel. */
  else if (other_file && self->compare_selected >= 1 &&
           self->compare_selected <= self->candidates->len)
    kept = self->candidates->pdata[self->compare_selected - 1];
  /* The files go after the built-in variants, before any Other File…
   * added meanwhile, as if they had been read at once. */
  others = g_ptr_array_new_with_free_func (candidate_free);
  while (self->candidates->len > self->n_builtins)
    g_ptr_array_add (others, g_ptr_array_steal_index (self->candidates, self->n_builtins));
  for (guint i = 0; i < files->len; i++)
    {
      VariantFile *file = files->pdata[i];

      add_candidate (self, file->path, g_steal_pointer (&file->variant));
    }
  n_before = self->candidates->len;
  for (guint i = 0; i < others->len; i++)
    {
      BsBalanceCandidate *other = others->pdata[i];

      for (guint k = 0; k < n_before && other != NULL; k++)
        if (same_source (((BsBalanceCandidate *) self->candidates->pdata[k])->source,
                         other->source))
          {
            /* Chosen by hand and now offered anyway: the one offered. */
            if (kept == other)
              kept = self->candidates->pdata[k];
            other = NULL;
          }
      if (other != NULL)
        g_ptr_array_add (self->candidates, g_ptr_array_steal_index (others, i--));
    }
  set_compare_model (self, kept, other_file);
  bs_balance_view_update (self);
}

void
bs_balance_view_fill_candidates (BsBalanceView *self)
{
  g_auto(GStrv) builtins = bs_variant_list_builtin ();
  GPtrArray *dirs = g_ptr_array_new ();
  g_autoptr(GTask) task = NULL;
  GWeakRef *ref;

  g_cancellable_cancel (self->files_cancellable);
  g_clear_object (&self->files_cancellable);
  g_clear_pointer (&self->candidates, g_ptr_array_unref);
  self->candidates = g_ptr_array_new_with_free_func (candidate_free);
  /* Small files, a handful: the start page reads the same ones. */
  for (guint i = 0; builtins != NULL && builtins[i] != NULL; i++)
    add_candidate (self, builtins[i], bs_variant_lookup (builtins[i], NULL));
  self->n_builtins = self->candidates->len;
  set_compare_model (self, NULL, FALSE);

  /* The examples and the user's own variants: read in a thread. */
  for (const char * const *d = bs_variant_builtin_dirs (); *d != NULL; d++)
    g_ptr_array_add (dirs, g_build_filename (*d, "examples", NULL));
  g_ptr_array_add (dirs, bs_variant_document_user_dir ());
  g_ptr_array_add (dirs, NULL);
  self->files_cancellable = g_cancellable_new ();
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  task = g_task_new (NULL, self->files_cancellable, on_variant_files_read, ref);
  g_task_set_source_tag (task, bs_balance_view_fill_candidates);
  g_task_set_task_data (task, g_ptr_array_free (dirs, FALSE), (GDestroyNotify) g_strfreev);
  bs_worker_run_in_thread (task, read_variant_files);
}

gboolean
bs_balance_view_get_reading_variants (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);
  return self->files_cancellable != NULL;
}

/* Other File…: a variant file read in a thread, then offered and
 * chosen. */

static void
load_variant_in_thread (GTask        *task,
                        gpointer      source,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  GError *error = NULL;
  BsVariant *variant = bs_variant_load_file (task_data, &error);

  if (variant == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, variant, (GDestroyNotify) bs_variant_free);
}

static void
on_other_loaded (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  BsBalanceView *self = BS_BALANCE_VIEW (source);
  g_autoptr(GError) error = NULL;
  BsVariant *variant = g_task_propagate_pointer (G_TASK (result), &error);
  const char *path = g_task_get_task_data (G_TASK (result));
  GtkStringList *list = GTK_STRING_LIST (adw_combo_row_get_model (self->compare_row));
  guint n_before = self->candidates->len;

  if (variant != NULL && g_strcmp0 (variant->module, self->variant->module) != 0)
    {
      g_autofree char *message = g_strdup_printf (_("%s is a variant of another game"), path);

      bs_balance_view_message (self, message);
      g_clear_pointer (&variant, bs_variant_free);
    }
  else if (variant == NULL)
    bs_balance_view_message (self, error->message);
  if (variant != NULL)
    add_candidate (self, path, variant);
  self->syncing = TRUE;
  if (self->candidates->len > n_before)
    {
      const char *label = ((BsBalanceCandidate *) self->candidates->pdata[n_before])->label;
      const char * const added[] = { label, NULL };

      /* Before Other File…, which stays last. */
      gtk_string_list_splice (list, n_before + 1, 0, added);
      self->compare_selected = n_before + 1;
    }
  else if (variant != NULL)
    {
      /* Already offered: choose it. */
      for (guint i = 0; i < self->candidates->len; i++)
        if (same_source (((BsBalanceCandidate *) self->candidates->pdata[i])->source, path))
          self->compare_selected = i + 1;
    }
  adw_combo_row_set_selected (self->compare_row, self->compare_selected);
  self->syncing = FALSE;
  bs_balance_view_update (self);
}

static void
on_other_chosen (GFile    *file,
                 gpointer  user_data)
{
  g_autoptr(BsBalanceView) self = user_data;
  g_autoptr(GTask) task = NULL;
  char *path = file != NULL ? g_file_get_path (file) : NULL;

  if (file != NULL)
    bs_folders_remember (BS_FOLDER_VARIANTS, file);
  if (path == NULL)
    {
      /* Cancelled: what was chosen before stays. */
      self->syncing = TRUE;
      adw_combo_row_set_selected (self->compare_row, self->compare_selected);
      self->syncing = FALSE;
      bs_balance_view_update (self);
      return;
    }
  task = g_task_new (self, NULL, on_other_loaded, NULL);
  g_task_set_task_data (task, path, g_free);
  bs_worker_run_in_thread (task, load_variant_in_thread);
}

void
bs_balance_view_compare_changed (BsBalanceView *self)
{
  guint selected = adw_combo_row_get_selected (self->compare_row);

  if (self->syncing || self->candidates == NULL)
    return;
  if (selected == self->candidates->len + 1)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      g_autoptr(GFile) folder = bs_folders_get_initial (BS_FOLDER_VARIANTS);

      bs_compat_choose_open (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                             _("Compare With a Variant"), BS_OPEN_VARIANT, folder,
                             on_other_chosen, g_object_ref (self));
      return;
    }
  self->compare_selected = selected;
  bs_balance_view_update (self);
}

gboolean
bs_balance_view_set_compare (BsBalanceView *self,
                             const char    *source)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);

  if (self->candidates == NULL)
    return FALSE;
  for (guint i = 0; i < self->candidates->len; i++)
    if (same_source (((BsBalanceCandidate *) self->candidates->pdata[i])->source, source))
      {
        adw_combo_row_set_selected (self->vary_row, 0);
        gtk_switch_set_active (self->compare_players_switch, FALSE);
        adw_combo_row_set_selected (self->compare_row, i + 1);
        return TRUE;
      }
  return FALSE;
}
