/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-window-private.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n.h>

#include "bs-compat.h"
#include "bs-variant-xml.h"

/* The variant editor (issue 6): a page beside start and play. */

gboolean
bs_window_play_variant (BsWindow         *self,
                        const BsVariant  *variant,
                        GError          **error)
{
  g_autoptr(BsGame) game = NULL;

  g_return_val_if_fail (BS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (variant != NULL, FALSE);

  game = bs_game_new (variant, _bs_window_new_seed (), error);
  if (game == NULL)
    return FALSE;
  _bs_window_set_game (self, game);
  return TRUE;
}

static void
show_editor_now (gpointer data)
{
  BsWindow *self = data;

  gtk_stack_set_visible_child_name (self->stack, "editor");
  _bs_window_update_actions (self);
  _bs_window_update_title (self);
  _bs_window_focus_page (self);
}

typedef struct {
  BsWindow          *self;
  BsVariantDocument *document;
} EditRequest;

static void
edit_now (gpointer editor,
          gpointer data)
{
  EditRequest *request = data;

  /* Another variant: its play tests start with two humans. */
  if (bs_editor_view_get_document (request->self->editor_view) != request->document)
    bs_computer_player_reset_play_test_seats (request->self->computer);
  bs_editor_view_set_document (request->self->editor_view, request->document);
  show_editor_now (request->self);
  g_object_unref (request->document);
  g_object_unref (request->self);
  g_free (request);
}

void
bs_window_edit (BsWindow          *self,
                BsVariantDocument *document)
{
  EditRequest *request;

  g_return_if_fail (BS_IS_WINDOW (self));
  g_return_if_fail (BS_IS_VARIANT_DOCUMENT (document));

  request = g_new0 (EditRequest, 1);
  request->self = g_object_ref (self);
  request->document = g_object_ref (document);
  /* Edits of another variant are not thrown away silently. */
  if (bs_editor_view_get_document (self->editor_view) == document)
    edit_now (self->editor_view, request);
  else
    bs_editor_view_confirm_discard (self->editor_view, edit_now, request);
}

/* A change the Balance page found, made in the editor (on_balance_apply). */
static void
apply_setting (BsVariantDocument *document,
               const char        *key,
               const char        *value)
{
  int number = atoi (value);

  if (g_str_has_prefix (key, "supply.") && strlen (key) > 9)
    bs_variant_document_set_supply (document, key[7] - '0', key + 9, number);
  else if (g_str_equal (key, "width"))
    bs_variant_document_set_width (document, number);
  else if (g_str_equal (key, "height"))
    bs_variant_document_set_height (document, number);
  else if (g_str_equal (key, "size"))
    bs_variant_document_set_size (document, number);
  else
    bs_variant_document_set_option (document, key, value);
}

static void
edit_applied (BsWindow           *self,
              BsVariantDocument  *document,
              const char * const *keys,
              const char * const *values)
{
  g_autoptr(GString) settings = g_string_new (NULL);
  g_autofree char *message = NULL;

  bs_window_edit (self, document);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autofree char *label = bs_variant_describe_setting_briefly (
        bs_variant_document_get_variant (document), keys[i]);

      if (keys[1] == NULL)
        /* Translators: "Dark’s large pieces set to 4: save the variant to keep it". */
        message = g_strdup_printf (_("%s set to %s: save the variant to keep it"), label,
                                   values[i]);
      else
        /* Translators: one of several settings applied at once: "Width = 6". */
        g_string_append_printf (settings, i > 0 ? _(", %s = %s") : _("%s = %s"), label,
                                values[i]);
    }
  if (message == NULL)
    /* Translators: several settings applied at once: "Width = 6, Height = 7 set: save the
     * variant to keep them". */
    message = g_strdup_printf (_("%s set: save the variant to keep them"), settings->str);
  bs_window_show_message (self, message);
}

/* A user's variant file for the editor, read in a thread: it may be large. */
typedef struct {
  BsWindow *self;
  char    **keys;    /* From the Balance page: settings to change, else NULL. */
  char    **values;
} EditOpenRequest;

static void
edit_open_request_free (EditOpenRequest *request)
{
  g_object_unref (request->self);
  g_strfreev (request->keys);
  g_strfreev (request->values);
  g_free (request);
}

static void
on_document_opened (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  EditOpenRequest *request = user_data;
  BsWindow *self = request->self;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) document = bs_variant_document_open_finish (result, &error);

  /* A newer open, or the window closing, replaced this one. */
  if (!g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    {
      g_clear_object (&self->opening);
      if (document == NULL)
        _bs_window_show_error (self, _("Could Not Edit the Variant"), error->message);
      else if (request->keys != NULL)
        {
          for (guint i = 0; request->keys[i] != NULL; i++)
            apply_setting (document, request->keys[i], request->values[i]);
          edit_applied (self, document, (const char * const *) request->keys,
                        (const char * const *) request->values);
        }
      else
        bs_window_edit (self, document);
    }
  edit_open_request_free (request);
}

static void
open_for_editing (BsWindow           *self,
                  const char         *path,
                  const char * const *keys,
                  const char * const *values)
{
  EditOpenRequest *request = g_new0 (EditOpenRequest, 1);

  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  self->opening = g_cancellable_new ();
  request->self = g_object_ref (self);
  request->keys = g_strdupv ((char **) keys);
  request->values = g_strdupv ((char **) values);
  bs_variant_document_open_async (path, self->opening, on_document_opened, request);
}

static void
edit_variant_activated (GSimpleAction *action,
                        GVariant      *param,
                        gpointer       user_data)
{
  BsWindow *self = user_data;
  const char *source = g_variant_get_string (param, NULL);
  g_autoptr(BsVariantDocument) document = NULL;
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(GError) error = NULL;

  /* "": the variant being played. A user's file is edited in place; a
   * built-in one is duplicated (it is saved among the user's variants). */
  if (source[0] == '\0' && self->game != NULL)
    document = bs_variant_document_new (bs_game_get_variant (self->game));
  else if (source[0] == '\0')
    return;
  else if (g_path_is_absolute (source) && g_file_test (source, G_FILE_TEST_IS_REGULAR))
    {
      open_for_editing (self, source, NULL, NULL);
      return;
    }
  else if ((variant = bs_variant_lookup (source, &error)) != NULL)
    {
      /* A copy gets a name of its own, so the list does not show two of
       * the same. */
      g_autofree char *name = g_strdup_printf (_("%s (copy)"),
                                               variant->name != NULL ? variant->name : source);

      g_free (variant->name);
      variant->name = g_steal_pointer (&name);
      document = bs_variant_document_new (variant);
    }
  if (document == NULL)
    {
      if (error != NULL)
        _bs_window_show_error (self, _("Could Not Edit the Variant"), error->message);
      return;
    }
  bs_window_edit (self, document);
}

static void
edit_this_variant_activated (GSimpleAction *action,
                             GVariant      *param,
                             gpointer       user_data)
{
  BsWindow *self = user_data;
  g_autoptr(BsVariantDocument) document = NULL;

  /* The variant being played: a user's file is edited in place, a built-in
   * one duplicated, like the start page's edit buttons. */
  if (self->game == NULL)
    return;
  document = bs_variant_document_new (bs_game_get_variant (self->game));
  bs_window_edit (self, document);
}

static void
new_variant_activated (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  BsWindow *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module (g_variant_get_string (param, NULL),
                                                            &error);
  g_autoptr(BsVariantDocument) document = NULL;

  if (variant != NULL)
    {
      g_autofree char *name = g_strdup_printf (_("New %s Variant"), variant->name);

      g_free (variant->name);
      variant->name = g_steal_pointer (&name);
      document = bs_variant_document_new (variant);
    }
  if (document == NULL)
    _bs_window_show_error (self, _("Could Not Create the Variant"), error->message);
  else
    bs_window_edit (self, document);
}

static void
show_editor_activated (GSimpleAction *action,
                       GVariant      *param,
                       gpointer       user_data)
{
  BsWindow *self = user_data;

  if (bs_editor_view_get_document (self->editor_view) == NULL)
    return;
  /* From the Balance page: its study pauses, as on leaving it for the
   * start page (the file keeps the games). */
  if (g_strcmp0 (bs_window_get_page (self), "balance") == 0)
    bs_balance_view_pause (self->balance_view);
  show_editor_now (self);
}

/* A BsPendingFunc: the last play test's game saved or let go. */
static void
play_test_now (gpointer owner,
               gpointer data)
{
  BsWindow *self = owner;
  g_autoptr(GError) error = NULL;
  BsVariantDocument *document = bs_editor_view_get_document (self->editor_view);

  if (document == NULL)
    return;
  /* The designer plays: humans, unless seats were chosen in a play test. */
  bs_computer_player_set_next_is_play_test (self->computer, TRUE);
  if (!bs_window_play_variant (self, bs_variant_document_get_variant (document), &error))
    {
      bs_computer_player_set_next_is_play_test (self->computer, FALSE);
      _bs_window_show_error (self, _("Could Not Start a Game"), error->message);
    }
}

static void
on_editor_play (BsWindow     *self,
                BsEditorView *view)
{
  /* Another play test replaces the game: one not saved is asked about. */
  if (bs_editor_view_get_document (view) != NULL)
    _bs_window_confirm_discard (self, play_test_now, NULL, NULL);
}

/* A BsPendingFunc: the editor and the game play-tested from it left for
 * the start page; the editor starts afresh next time. */
static void
leave_editor_now (gpointer owner,
                  gpointer data)
{
  BsWindow *self = owner;

  bs_editor_view_set_document (self->editor_view, NULL);
  _bs_window_go_to_start (self, NULL);
}

static void
on_editor_close (BsWindow     *self,
                 BsEditorView *view)
{
  /* The edits are saved or discarded by now; a game play-tested from the
   * editor is asked about (by its name). The editor is emptied only once
   * the game is let go: Cancel there stays in the editor as it was. */
  _bs_window_confirm_discard (self, leave_editor_now, NULL, NULL);
}

static void
on_editor_saved (BsWindow     *self,
                 const char   *path,
                 BsEditorView *view)
{
  BsVariantDocument *document = bs_editor_view_get_document (view);
  const BsVariant *variant = bs_variant_document_get_variant (document);
  g_autofree char *message = NULL;
  g_autofree char *escaped = NULL;
  AdwToast *toast;

  bs_start_view_reload (self->start_view);
  _bs_window_update_title (self);

  /* Where it went is one click away, rather than a path in the toast. */
  if (bs_variant_document_get_valid (document))
    message = g_strdup_printf (_("“%s” saved"), bs_variant_display_name (variant));
  else
    message = g_strdup_printf (_("“%s” saved as a draft, to finish later"),
                               bs_variant_display_name (variant));
  g_free (self->last_message);
  self->last_message = g_strdup (message);
  bs_announcer_announce (self->announcer, message);
  if (self->toast != NULL)
    adw_toast_dismiss (self->toast);
  /* The title is markup: a variant called "Cats & Dogs" is text. */
  escaped = g_markup_escape_text (message, -1);
  toast = adw_toast_new (escaped);
  adw_toast_set_timeout (toast, 5);
  adw_toast_set_button_label (toast, _("Show in Files"));
  adw_toast_set_action_name (toast, "win.show-in-files");
  adw_toast_set_action_target_value (toast, g_variant_new_string (path));
  self->toast = toast;
  g_object_add_weak_pointer (G_OBJECT (self->toast), (gpointer *) &self->toast);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
show_in_files_activated (GSimpleAction *action,
                         GVariant      *param,
                         gpointer       user_data)
{
  BsWindow *self = user_data;
  g_autoptr(GFile) file = g_file_new_for_path (g_variant_get_string (param, NULL));

  bs_compat_show_in_files (GTK_WINDOW (self), file);
}

static void
on_editor_message (BsWindow     *self,
                   const char   *message,
                   BsEditorView *view)
{
  bs_window_show_message (self, message);
}


/* The Balance page. */

static void
test_balance_activated (GSimpleAction *action,
                        GVariant      *param,
                        gpointer       user_data)
{
  BsWindow *self = user_data;
  const char *source = g_variant_get_string (param, NULL);
  gboolean from_editor = source[0] == '\0';
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(GError) error = NULL;

  /* "": the variant in the editor (saved or not). */
  if (source[0] == '\0')
    {
      BsVariantDocument *document = bs_editor_view_get_document (self->editor_view);

      if (document == NULL || !bs_variant_document_get_valid (document))
        return;
      variant = bs_variant_copy (bs_variant_document_get_variant (document));
      source = bs_variant_document_get_path (document);
    }
  else
    variant = bs_variant_lookup (source, &error);
  if (variant == NULL)
    {
      _bs_window_show_error (self, _("Could Not Open the Variant"), error->message);
      return;
    }
  /* A study still being read gives way. */
  if (self->opening != NULL)
    g_cancellable_cancel (self->opening);
  g_clear_object (&self->opening);
  bs_balance_view_set_variant (self->balance_view, variant, source);
  _bs_window_show_balance_now (self, from_editor);
}

/* A setting (or several) the Balance page found, applied: a user's file gets the change in
 * the editor, unsaved, so it can be looked at (and undone) before saving; a built-in variant
 * is copied under a name that says the setting. */
static void
apply_settings (BsWindow           *self,
                const char         *source,
                const BsVariant    *variant,
                const char * const *keys,
                const char * const *values)
{
  g_autoptr(BsVariantDocument) document = NULL;
  g_autoptr(BsVariant) copy = NULL;
  g_autoptr(GString) settings = g_string_new (NULL);
  g_autofree char *name = NULL;

  if (source != NULL && g_path_is_absolute (source) && g_file_test (source, G_FILE_TEST_IS_REGULAR))
    {
      open_for_editing (self, source, keys, values);
      return;
    }
  copy = bs_variant_copy (variant);
  for (guint i = 0; keys[i] != NULL; i++)
    {
      /* The setting in the designer's words, as the editor shows it. */
      g_autofree char *label = bs_variant_describe_setting_briefly (copy, keys[i]);

      g_string_append_printf (settings, i > 0 ? _(", %s = %s") : _("%s = %s"), label,
                              values[i]);
    }
  /* Translators: a variant's name after a balance study: "My Game
   * (Dark’s large pieces = 4)". */
  name = g_strdup_printf (_("%s (%s)"), bs_variant_display_name (copy), settings->str);
  g_free (copy->name);
  copy->name = g_steal_pointer (&name);
  document = bs_variant_document_new (copy);
  edit_applied (self, document, keys, values);
}

static void
on_balance_apply (BsWindow      *self,
                  const char    *source,
                  gpointer       fairest_variant,
                  const char    *key,
                  const char    *value,
                  BsBalanceView *view)
{
  const char *keys[] = { key, NULL };
  const char *values[] = { value, NULL };

  apply_settings (self, source, fairest_variant, keys, values);
}

static void
on_balance_apply_settings (BsWindow      *self,
                           const char    *source,
                           gpointer       variant,
                           gpointer       keys,
                           gpointer       values,
                           BsBalanceView *view)
{
  apply_settings (self, source, variant, keys, values);
}

static void
on_balance_message (BsWindow      *self,
                    const char    *message,
                    BsBalanceView *view)
{
  bs_window_show_message (self, message);
}

static void
on_balance_study_opened (BsWindow      *self,
                         const char    *path,
                         BsBalanceView *view)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  _bs_window_add_recent (file);
}

static const GActionEntry editing_entries[] = {
  { "edit-variant", edit_variant_activated, "s" },
  { "edit-this-variant", edit_this_variant_activated },
  { "new-variant", new_variant_activated, "s" },
  { "show-editor", show_editor_activated },
  { "test-balance", test_balance_activated, "s" },
  { "show-in-files", show_in_files_activated, "s" },
};

void
_bs_window_editing_class_init (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_callback (widget_class, on_editor_play);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_close);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_saved);
  gtk_widget_class_bind_template_callback (widget_class, on_editor_message);
  gtk_widget_class_bind_template_callback (widget_class, on_balance_apply);
  gtk_widget_class_bind_template_callback (widget_class, on_balance_apply_settings);
  gtk_widget_class_bind_template_callback (widget_class, on_balance_message);
  gtk_widget_class_bind_template_callback (widget_class, on_balance_study_opened);
}

void
_bs_window_editing_init (BsWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), editing_entries,
                                   G_N_ELEMENTS (editing_entries), self);
}
