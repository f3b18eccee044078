/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-start-view.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-balance-view.h"
#include "bs-ruleset.h"
#include "bs-study.h"
#include "bs-game-record.h"
#include "bs-load-hook.h"
#include "bs-module.h"
#include "bs-rules-file.h"
#include "bs-skill-trace-file.h"
#include "bs-text.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"
#include "bs-variant-document.h"
#include "bs-worker.h"

#define MAX_RECENT 5

struct _BsStartView {
  AdwBin      parent_instance;

  GtkListBox *builtin_list;
  GtkListBox *user_list;
  GtkListBox *recent_list;
  GtkWidget  *recent_placeholder;  /* "Games you save or open appear here" */
  GtkWidget  *user_group;
  GtkWidget  *recent_group;
  AdwPreferencesGroup *builtin_group;
  GtkWidget  *resume_button;
  GSettings  *settings;
  char       *last_variant;
  gboolean    narrow;
  guint       narrow_idle;
  /* A game row's actions (Edit, Test Balance) for the keyboard and the
   * right button: the row's own buttons are no Tab stops. */
  GtkWidget  *row_menu;

  /* The user's variants and recent files are read in threads; a newer
   * load cancels an older one, whose result is then dropped. */
  GCancellable *user_loading;
  GCancellable *recent_loading;
  /* What the Recent Files rows show now, to leave them be when a reload
   * finds the same (bs-start-view.c: recent_signature). */
  char         *recent_shown;
  char         *user_shown;     /* what the Your Variants rows show */
  GCancellable *resume_loading;
};

G_DEFINE_FINAL_TYPE (BsStartView, bs_start_view, ADW_TYPE_BIN)

enum {
  VARIANT_ACTIVATED,
  RECORD_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

char *
bs_start_view_user_variants_dir (void)
{
  /* The variant editor saves there. */
  return bs_variant_document_user_dir ();
}

static char *
describe_board (const BsBoardSpec *board)
{
  switch (board->shape)
    {
    case BS_SHAPE_SQUARE:
      return g_strdup_printf (_("%d×%d square"), board->width, board->height);
    case BS_SHAPE_HEX_RHOMBUS:
      return g_strdup_printf (_("%d×%d hex rhombus"), board->width, board->height);
    case BS_SHAPE_HEXAGON:
      return g_strdup_printf (_("Hexagon of side %d"), board->size);
    case BS_SHAPE_LIMPING:
      return g_strdup_printf (_("Limping hexagon %d–%d"), board->size, board->size + 1);
    default:
      return g_strdup ("");
    }
}

static GtkWidget *
make_row (const char *title,
          const char *subtitle,
          const char *suffix,
          const char *target,
          gboolean    is_record)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title_markup = g_markup_escape_text (title, -1);
  g_autofree char *subtitle_markup = g_markup_escape_text (subtitle != NULL ? subtitle : "", -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title_markup);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle_markup);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 2);
  if (suffix != NULL)
    {
      GtkWidget *label = gtk_label_new (suffix);

      gtk_widget_add_css_class (label, "dim-label");
      gtk_widget_add_css_class (label, "caption");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
      g_object_set_data (G_OBJECT (row), "bs-suffix", label);
    }
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  g_object_set_data_full (G_OBJECT (row), "target", g_strdup (target), g_free);
  g_object_set_data (G_OBJECT (row), "is-record", GINT_TO_POINTER (is_record));
  return row;
}

static GtkWidget *
make_variant_row (const BsVariant *variant,
                  const char      *target)
{
  const BsModule *module = bs_module_find (variant->module);
  g_autofree char *board = describe_board (&variant->board);
  const char *description = bs_variant_display_description (variant);
  GtkWidget *row, *edit, *balance;

  if ((description == NULL || description[0] == '\0') && module != NULL)
    description = _(module->description);
  row = make_row (bs_variant_display_name (variant), description, board,
                  target, FALSE);
  /* The variant editor: a user's file is edited, a built-in one copied. */
  edit = gtk_button_new_from_icon_name ("document-edit-symbolic");
  gtk_widget_set_valign (edit, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (edit, "flat");
  gtk_widget_set_tooltip_text (edit, g_path_is_absolute (target) ? _("Edit Variant")
                                                                 : _("Duplicate and Edit"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (edit), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  gtk_widget_get_tooltip_text (edit), -1);
  /* One Tab stop per row: the row. Its buttons are for the pointer; the
   * keyboard has the row's menu (Shift+F10, Menu), with the same actions. */
  gtk_widget_set_focusable (edit, FALSE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (edit), "win.edit-variant");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (edit), g_variant_new_string (target));
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), edit);
  /* The Balance page: many computer games of this variant. */
  balance = gtk_button_new_from_icon_name ("power-profile-balanced-symbolic");
  gtk_widget_set_valign (balance, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (balance, "flat");
  gtk_widget_set_tooltip_text (balance, _("Test Balance"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (balance), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Test Balance"), -1);
  gtk_widget_set_focusable (balance, FALSE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (balance), "win.test-balance");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (balance),
                                          g_variant_new_string (target));
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), balance);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_HAS_POPUP, TRUE,
                                  -1);
  return row;
}

/* The row's menu, pointing at (x, y) in the row, or at its start when the
 * keyboard asked for it. */
static void
show_row_menu (BsStartView *self,
               GtkWidget   *row,
               double       x,
               double       y)
{
  const char *target = g_object_get_data (G_OBJECT (row), "target");
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenuItem) edit = NULL;
  g_autoptr(GMenuItem) balance = NULL;
  graphene_point_t point;

  if (target == NULL
      || !gtk_widget_compute_point (row, GTK_WIDGET (self),
                                    &GRAPHENE_POINT_INIT ((float) x, (float) y), &point))
    return;
  edit = g_menu_item_new (g_path_is_absolute (target) ? _("_Edit Variant")
                                                      : _("_Duplicate and Edit"), NULL);
  g_menu_item_set_action_and_target_value (edit, "win.edit-variant",
                                           g_variant_new_string (target));
  g_menu_append_item (menu, edit);
  balance = g_menu_item_new (_("_Test Balance"), NULL);
  g_menu_item_set_action_and_target_value (balance, "win.test-balance",
                                           g_variant_new_string (target));
  g_menu_append_item (menu, balance);
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->row_menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->row_menu),
                               &(GdkRectangle) { (int) point.x, (int) point.y, 1, 1 });
  gtk_popover_popup (GTK_POPOVER (self->row_menu));
}

static gboolean
on_row_menu_key (GtkWidget *row,
                 GVariant  *args,
                 gpointer   data)
{
  show_row_menu (BS_START_VIEW (data), row, gtk_widget_get_width (row) / 4.0,
                 gtk_widget_get_height (row) / 2.0);
  return TRUE;
}

/* The right button or a long press on a row: its menu, where it was. */
static void
show_row_menu_for (GtkGesture  *gesture,
                   double       x,
                   double       y,
                   BsStartView *self)
{
  GtkWidget *row = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));

  gtk_gesture_set_state (gesture, GTK_EVENT_SEQUENCE_CLAIMED);
  show_row_menu (self, row, x, y);
}

static void
on_row_secondary_click (GtkGestureClick *gesture,
                        int              n_press,
                        double           x,
                        double           y,
                        gpointer         data)
{
  show_row_menu_for (GTK_GESTURE (gesture), x, y, BS_START_VIEW (data));
}

/* A game row's menu opens with Shift+F10 or the Menu key while the row has
 * the focus, and with the right button (or a long press) on it. */
static GtkWidget *
with_row_menu (BsStartView *self,
               GtkWidget   *row)
{
  GtkEventController *keys = gtk_shortcut_controller_new ();
  GtkGesture *click = gtk_gesture_click_new ();
  GtkGesture *press = gtk_gesture_long_press_new ();

  gtk_shortcut_controller_add_shortcut (
    GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Shift>F10|Menu"),
                      gtk_callback_action_new (on_row_menu_key, self, NULL)));
  gtk_widget_add_controller (row, keys);
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_SECONDARY);
  g_signal_connect (click, "pressed", G_CALLBACK (on_row_secondary_click), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (click));
  gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (press), TRUE);
  /* "pressed" (x, y): the same arguments as show_row_menu_for's. */
  g_signal_connect (press, "pressed", G_CALLBACK (show_row_menu_for), self);
  gtk_widget_add_controller (row, GTK_EVENT_CONTROLLER (press));
  return row;
}

static GtkWidget *
make_error_row (const char *title,
                const char *message)
{
  GtkWidget *row = adw_action_row_new ();
  g_autofree char *title_markup = g_markup_escape_text (title, -1);
  g_autofree char *message_markup = g_markup_escape_text (message, -1);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title_markup);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), message_markup);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row), icon);
  gtk_widget_add_css_class (icon, "warning");
  return row;
}

/* A draft the editor saved unfinished (or a file the rules refuse that the
 * editor can still open): it opens in the editor, with why it cannot be
 * played yet. */
static GtkWidget *
make_draft_row (const BsVariant *variant,
                const char      *path,
                const char      *why)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *tag = gtk_label_new (variant->draft ? _("Draft") : _("Has errors"));
  const char *name = variant->name != NULL && variant->name[0] != '\0'
                     ? bs_variant_display_name (variant) : _("Untitled draft");
  g_autofree char *title_markup = g_markup_escape_text (name, -1);
  g_autofree char *why_markup = g_markup_escape_text (why, -1);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title_markup);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), why_markup);
  adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 2);
  adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("document-edit-symbolic"));
  gtk_widget_add_css_class (tag, "caption");
  gtk_widget_add_css_class (tag, "warning");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), tag);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                             gtk_image_new_from_icon_name ("go-next-symbolic"));
  gtk_widget_set_tooltip_text (row, _("Open in the variant editor to finish it"));
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.edit-variant");
  gtk_actionable_set_action_target_value (GTK_ACTIONABLE (row), g_variant_new_string (path));
  return row;
}

static void
clear_list (GtkListBox *list)
{
  GtkListBoxRow *row;

  /* Rows only: the placeholder is a child too. */
  while ((row = gtk_list_box_get_row_at_index (list, 0)) != NULL)
    gtk_list_box_remove (list, GTK_WIDGET (row));
}

/* A phone: the rows of games leave their board out, which would squeeze
 * the game's name to a few letters a line. The page's width decides, once
 * it is laid out (bs_start_view_allocate). */
#define NARROW_WIDTH 500

static void
sync_narrow (BsStartView *self)
{
  GtkListBox *lists[] = { self->builtin_list, self->user_list };

  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (lists[i])); row != NULL;
         row = gtk_widget_get_next_sibling (row))
      {
        GtkWidget *suffix = g_object_get_data (G_OBJECT (row), "bs-suffix");

        if (suffix != NULL)
          gtk_widget_set_visible (suffix, !self->narrow);
      }
}

static gboolean
apply_narrow (gpointer data)
{
  BsStartView *self = data;

  self->narrow_idle = 0;
  sync_narrow (self);
  return G_SOURCE_REMOVE;
}

static GtkSizeRequestMode
bs_start_view_request_mode (GtkWidget *widget)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  return child != NULL ? gtk_widget_get_request_mode (child) : GTK_SIZE_REQUEST_CONSTANT_SIZE;
}

static void
bs_start_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));

  *minimum = *natural = 0;
  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_measure (child, orientation, for_size, minimum, natural, NULL, NULL);
}

static void
bs_start_view_allocate (GtkWidget *widget,
                        int        width,
                        int        height,
                        int        baseline)
{
  BsStartView *self = BS_START_VIEW (widget);
  GtkWidget *child = adw_bin_get_child (ADW_BIN (widget));
  gboolean narrow = width < NARROW_WIDTH;

  if (child != NULL && gtk_widget_should_layout (child))
    gtk_widget_allocate (child, width, height, baseline, NULL);
  gtk_popover_present (GTK_POPOVER (self->row_menu));
  /* Not in the middle of a layout: at once after it. */
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      if (self->narrow_idle == 0)
        self->narrow_idle = g_idle_add_full (G_PRIORITY_HIGH_IDLE, apply_narrow, self, NULL);
    }
}

static void
load_builtin (BsStartView *self)
{
  g_auto(GStrv) names = bs_variant_list_builtin ();

  for (guint i = 0; names != NULL && names[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = bs_variant_lookup (names[i], &error);

      if (variant == NULL)
        gtk_list_box_append (self->builtin_list, make_error_row (names[i], error->message));
      else
        gtk_list_box_append (self->builtin_list,
                             with_row_menu (self, make_variant_row (variant, names[i])));
    }
  if (names == NULL || names[0] == NULL)
    gtk_list_box_append (self->builtin_list,
                         make_error_row (
                           _("No built-in games found"),
                           _("The rules directory is missing: reinstall Boardsmith")));
  sync_narrow (self);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* What the thread found of one of the user's variant files, handed to the
 * main thread whole: the variant, else a draft with why it cannot be
 * played, else the error. */
typedef struct {
  char      *path;
  BsVariant *variant;
  BsVariant *draft;
  char      *why;
  char      *error_message;
} UserEntry;

static void
user_entry_free (UserEntry *entry)
{
  g_free (entry->path);
  g_clear_pointer (&entry->variant, bs_variant_free);
  g_clear_pointer (&entry->draft, bs_variant_free);
  g_free (entry->why);
  g_free (entry->error_message);
  g_free (entry);
}

static UserEntry *
read_user_variant (const char *path)
{
  UserEntry *entry = g_new0 (UserEntry, 1);
  g_autoptr(GError) error = NULL;

  entry->path = g_strdup (path);
  bs_load_hook_run (path);
  entry->variant = bs_variant_load_file (path, &error);
  if (entry->variant == NULL)
    {
      g_autoptr(BsVariant) draft = bs_variant_load_file_unchecked (path, NULL);
      g_autoptr(GError) rules_error = NULL;

      /* The format is fine but the rules are not: the editor can finish it. */
      /* Checked without its file name: the row says why, not where. */
      if (draft != NULL)
        g_clear_pointer (&draft->filename, g_free);
      if (draft != NULL && !bs_variant_validate (draft, &rules_error))
        {
          entry->why = bs_text_sentence (rules_error->message);
          entry->draft = g_steal_pointer (&draft);
        }
      else
        entry->error_message = g_strdup (error->message);
    }
  return entry;
}

static void
read_user_variants (GTask        *task,
                    gpointer      source_object,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  g_autofree char *dir_path = bs_start_view_user_variants_dir ();
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) entries = g_ptr_array_new_with_free_func ((GDestroyNotify) user_entry_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_suffix (name, ".bsvariant") || g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (paths, g_build_filename (dir_path, name, NULL));
  g_ptr_array_sort (paths, compare_strings);

  for (guint i = 0; i < paths->len; i++)
    {
      if (g_task_return_error_if_cancelled (task))
        return;
      g_ptr_array_add (entries, read_user_variant (g_ptr_array_index (paths, i)));
    }
  g_task_return_pointer (task, g_steal_pointer (&entries), (GDestroyNotify) g_ptr_array_unref);
}

/* Everything a Your Variants row is made from, for each entry. */
static char *
user_signature (GPtrArray *entries)
{
  GString *signature = g_string_new (NULL);

  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      UserEntry *entry = g_ptr_array_index (entries, i);
      const BsVariant *variant = entry->variant != NULL ? entry->variant : entry->draft;
      g_autofree char *xml = variant != NULL ? bs_variant_to_xml (variant, NULL) : NULL;

      /* Fields apart by a control character no file name or text holds. */
      g_string_append_printf (signature, "%s\x1f%d\x1f%s\x1f%s\x1f%s\x1e", entry->path,
                              entry->variant != NULL, xml != NULL ? xml : "",
                              entry->why != NULL ? entry->why : "",
                              entry->error_message != NULL ? entry->error_message : "");
    }
  return g_string_free (signature, FALSE);
}

static void
on_user_variants_read (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  BsStartView *self = BS_START_VIEW (source);
  g_autoptr(GPtrArray) entries = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autofree char *signature = NULL;

  /* A newer load, or the page going away, replaced this one. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->user_loading);
  /* The same variants as shown (a reload after a save elsewhere, a
   * return to the page): rows replaced by the same rows would only take
   * a click that was on its way, as in Recent Files. */
  signature = user_signature (entries);
  if (g_strcmp0 (signature, self->user_shown) == 0)
    return;
  g_free (self->user_shown);
  self->user_shown = g_steal_pointer (&signature);
  clear_list (self->user_list);
  for (guint i = 0; entries != NULL && i < entries->len; i++)
    {
      UserEntry *entry = g_ptr_array_index (entries, i);

      if (entry->variant != NULL)
        gtk_list_box_append (self->user_list,
                             with_row_menu (self, make_variant_row (entry->variant,
                                                                    entry->path)));
      else if (entry->draft != NULL)
        gtk_list_box_append (self->user_list,
                             make_draft_row (entry->draft, entry->path, entry->why));
      else
        {
          g_autofree char *base = g_path_get_basename (entry->path);

          gtk_list_box_append (self->user_list, make_error_row (base, entry->error_message));
        }
    }
  gtk_widget_set_visible (self->user_group, entries != NULL && entries->len > 0);
  sync_narrow (self);
}

static void
load_user (BsStartView *self)
{
  g_autoptr(GTask) task = NULL;

  if (self->user_loading != NULL)
    g_cancellable_cancel (self->user_loading);
  g_clear_object (&self->user_loading);
  self->user_loading = g_cancellable_new ();
  task = g_task_new (self, self->user_loading, on_user_variants_read, NULL);
  g_task_set_source_tag (task, load_user);
  bs_worker_run_in_thread (task, read_user_variants);
}

static int
compare_recent (gconstpointer a,
                gconstpointer b)
{
  GtkRecentInfo *info_a = (GtkRecentInfo *) a, *info_b = (GtkRecentInfo *) b;
  GDateTime *time_a = gtk_recent_info_get_modified (info_a);
  GDateTime *time_b = gtk_recent_info_get_modified (info_b);

  /* Newest first. */
  if (time_a == NULL || time_b == NULL)
    return (time_a == NULL) - (time_b == NULL);
  return g_date_time_compare (time_b, time_a);
}

/* A recent file as the main thread found it in the recent manager (which
 * is not for threads), and then as the thread describes it. */
typedef struct {
  char      *path;
  char      *title;
  GDateTime *modified;
  char      *subtitle;       /* NULL: not offered */
  char      *tooltip;
  gboolean   opens_as_file;
} RecentEntry;

static void
recent_entry_free (RecentEntry *entry)
{
  g_free (entry->path);
  g_free (entry->title);
  g_clear_pointer (&entry->modified, g_date_time_unref);
  g_free (entry->subtitle);
  g_free (entry->tooltip);
  g_free (entry);
}

/* When a recent file was last used, as its row says it. */
static char *
when_of (RecentEntry *entry)
{
  return entry->modified != NULL ? g_date_time_format (entry->modified, "%x %R") : g_strdup ("");
}

/* The folder a recent file is in, as its row's tooltip says it (~ for home). */
static char *
folder_words (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);

  if (g_str_has_prefix (folder, g_get_home_dir ()))
    return g_strconcat ("~", folder + strlen (g_get_home_dir ()), NULL);
  return g_steal_pointer (&folder);
}

/* A skill trace's own file (bs-skill-trace-file.h): one entry for the whole trace, which
 * opens in Skill Trace…. Only that small file is read: its levels' are read on opening. */
static gboolean
describe_recent_trace (RecentEntry *entry)
{
  g_autoptr(BsSkillTraceFile) trace = bs_skill_trace_file_load (entry->path, NULL);
  g_autofree char *when = when_of (entry);
  guint n;

  if (trace == NULL)
    return FALSE;
  n = bs_skill_trace_file_n_levels (trace);
  if (trace->finished)
    /* Translators: a skill trace in Recent Files: "Skill trace of My Game, 3 levels ·
     * 03/05/26 14:02". */
    entry->subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                    "Skill trace of %s, %u level · %s",
                                                    "Skill trace of %s, %u levels · %s", n),
                                       trace->variant, n, when);
  else
    /* Translators: a skill trace stopped before its end, in Recent Files: "Skill trace of
     * My Game, 3 levels, unfinished · 03/05/26 14:02". */
    entry->subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                    "Skill trace of %s, %u level, unfinished · %s",
                                                    "Skill trace of %s, %u levels, unfinished · %s",
                                                    n),
                                       trace->variant, n, when);
  entry->tooltip = folder_words (entry->path);
  entry->opens_as_file = TRUE;
  return TRUE;
}

/* Whether a recent file is a game record or a variant that opens now:
 * exports, prints and files gone or broken are not offered. If so, its
 * subtitle and tooltip. */
static gboolean
describe_recent (RecentEntry *entry)
{
  g_autoptr(GFile) file = NULL;
  g_autofree char *when = NULL;
  g_autofree char *subtitle = NULL;
  gboolean is_record, is_study, is_rules;

  if (!g_file_test (entry->path, G_FILE_TEST_IS_REGULAR))
    return FALSE;
  file = g_file_new_for_path (entry->path);
  bs_load_hook_run (entry->path);
  if (bs_skill_trace_file_is (entry->path))
    return describe_recent_trace (entry);
  is_record = bs_file_is_record (file);
  is_study = bs_file_is_study (file);
  is_rules = !is_record && !is_study && bs_file_is_rules (file);
  when = when_of (entry);
  if (is_study)
    {
      /* Only its header (a few kilobytes): the games are read when it opens. */
      g_autoptr(BsStudy) study = bs_study_load_header (entry->path, NULL);
      const char *name;

      if (study == NULL || bs_study_n_arms (study) == 0)
        return FALSE;
      name = bs_variant_display_name (bs_study_get_arm (study, 0)->variant);
      if (study->kind == BS_STUDY_SWEEP)
        {
          g_autofree char *setting = bs_study_describe_sweep (study);

          /* Translators: a sweep in Recent Files: "Balance of My Game, varying Dark's
           * large pieces (player 2) · 03/05/26 14:02". */
          subtitle = g_strdup_printf (_("Balance of %s, varying %s · %s"), name, setting, when);
        }
      else if (study->kind == BS_STUDY_COMPARE && bs_study_n_arms (study) == 2)
        /* Translators: an A/B study in Recent Files: "Balance of My Game against
         * My Game, hexagon 5 · 03/05/26 14:02". */
        subtitle = g_strdup_printf (_("Balance of %s against %s · %s"), name,
                                    bs_variant_display_name (bs_study_get_arm (study, 1)->variant),
                                    when);
      else if (study->kind == BS_STUDY_PLAYERS)
        {
          g_autofree char *a = bs_study_player_describe (&study->players[0]);
          g_autofree char *b = bs_study_player_describe (&study->players[1]);

          /* Translators: an A/B players study in Recent Files: "Balance of My Game, Easy
           * compared with Hard · 03/05/26 14:02". */
          subtitle = g_strdup_printf (_("Balance of %s, %s compared with %s · %s"), name, a, b,
                                      when);
        }
      else
        /* Translators: a balance study in Recent Files: "Balance of My Game · 03/05/26 14:02". */
        subtitle = g_strdup_printf (_("Balance of %s · %s"), name, when);
    }
  else if (is_rules)
    {
      /* Read, not registered: that is for opening it. */
      g_autoptr(BsRulesGame) rules = bs_rules_game_load_file (entry->path, NULL);

      if (rules == NULL)
        return FALSE;
      /* Translators: a rules file in Recent Files: "Rules of My Game · 03/05/26 14:02". */
      subtitle = g_strdup_printf (_("Rules of %s · %s"), bs_rules_game_get_module (rules)->name,
                                  when);
    }
  else if (is_record)
    {
      g_autoptr(BsGame) game = bs_game_load_record (file, NULL, NULL);
      guint n_moves;

      if (game == NULL)
        return FALSE;
      n_moves = bs_game_get_n_turns (game);
      /* Translators: a saved game in Recent Files: "My Game · 12 moves · 03/05/26 14:02". */
      subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u move · %s",
                                               "%s · %u moves · %s", n_moves),
                                  bs_variant_display_name (bs_game_get_variant (game)),
                                  n_moves, when);
    }
  else
    {
      g_autoptr(BsVariant) variant = bs_variant_load_file (entry->path, NULL);

      if (variant == NULL)
        return FALSE;
      /* Translators: a variant file in Recent Files: "Variant of My Game · 03/05/26 14:02". */
      subtitle = g_strdup_printf (_("Variant of %s · %s"), bs_variant_display_name (variant),
                                  when);
    }
  entry->subtitle = g_steal_pointer (&subtitle);
  entry->tooltip = folder_words (entry->path);
  /* Records and studies open as files (bs_window_open_file tells them apart). */
  entry->opens_as_file = is_record || is_study || is_rules;
  return TRUE;
}

/* The candidates, newest first, until MAX_RECENT of them are offered. */
static void
read_recent_files (GTask        *task,
                   gpointer      source_object,
                   gpointer      task_data,
                   GCancellable *cancellable)
{
  GPtrArray *candidates = task_data;
  g_autoptr(GPtrArray) offered = g_ptr_array_new ();

  for (guint i = 0; i < candidates->len && offered->len < MAX_RECENT; i++)
    {
      RecentEntry *entry = g_ptr_array_index (candidates, i);

      if (g_task_return_error_if_cancelled (task))
        return;
      if (describe_recent (entry))
        g_ptr_array_add (offered, entry);
    }
  /* The entries stay the task data's: the list of those offered points into it. */
  g_task_return_pointer (task, g_steal_pointer (&offered), (GDestroyNotify) g_ptr_array_unref);
}

/* Everything a Recent Files row shows or does, for each offered entry. */
static char *
recent_signature (GPtrArray *offered)
{
  GString *signature = g_string_new (NULL);

  for (guint i = 0; offered != NULL && i < offered->len; i++)
    {
      RecentEntry *entry = g_ptr_array_index (offered, i);

      /* Fields apart by a control character no file name or title shows. */
      g_string_append_printf (signature, "%s\x1f%s\x1f%s\x1f%s\x1f%d\x1e", entry->path,
                              entry->title, entry->subtitle,
                              entry->tooltip != NULL ? entry->tooltip : "", entry->opens_as_file);
    }
  return g_string_free (signature, FALSE);
}

static void
on_recent_files_read (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  BsStartView *self = BS_START_VIEW (source);
  g_autoptr(GPtrArray) offered = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autofree char *signature = NULL;

  /* A newer load, or the page going away, replaced this one. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->recent_loading);
  gtk_widget_set_visible (self->recent_placeholder, TRUE);
  /* The recent manager says "changed" for changes that leave the list as
   * it was (another program's file, the same file saved again): rows
   * replaced by the same rows would only take a click that was on its way
   * (the press on the old row, the release on the new one). */
  signature = recent_signature (offered);
  if (g_strcmp0 (signature, self->recent_shown) == 0)
    return;
  g_free (self->recent_shown);
  self->recent_shown = g_steal_pointer (&signature);
  clear_list (self->recent_list);
  for (guint i = 0; offered != NULL && i < offered->len; i++)
    {
      RecentEntry *entry = g_ptr_array_index (offered, i);
      GtkWidget *row = make_row (entry->title, entry->subtitle, NULL, entry->path,
                                 entry->opens_as_file);

      gtk_widget_set_tooltip_text (row, entry->tooltip);
      gtk_list_box_append (self->recent_list, row);
    }
}

static void
load_recent (BsStartView *self)
{
  GtkRecentManager *manager = gtk_recent_manager_get_default ();
  GList *items = gtk_recent_manager_get_items (manager);
  const char *app_name = g_get_application_name ();
  GPtrArray *candidates = g_ptr_array_new_with_free_func ((GDestroyNotify) recent_entry_free);
  g_autoptr(GTask) task = NULL;

  items = g_list_sort (items, compare_recent);
  for (GList *l = items; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;
      g_autofree char *path = NULL;
      GDateTime *modified;
      RecentEntry *entry;

      if (app_name == NULL || !gtk_recent_info_has_application (info, app_name)
          || !gtk_recent_info_is_local (info) || !gtk_recent_info_exists (info))
        continue;
      path = g_filename_from_uri (gtk_recent_info_get_uri (info), NULL, NULL);
      if (path == NULL)
        continue;
      entry = g_new0 (RecentEntry, 1);
      entry->path = g_steal_pointer (&path);
      entry->title = g_strdup (gtk_recent_info_get_display_name (info));
      modified = gtk_recent_info_get_modified (info);   /* owned by the info */
      entry->modified = modified != NULL ? g_date_time_ref (modified) : NULL;
      g_ptr_array_add (candidates, entry);
    }
  g_list_free_full (items, (GDestroyNotify) gtk_recent_info_unref);

  if (self->recent_loading != NULL)
    g_cancellable_cancel (self->recent_loading);
  g_clear_object (&self->recent_loading);
  self->recent_loading = g_cancellable_new ();
  /* An empty list says it is empty only once the files have been read
   * (a moment; no spinner: an endless animation would also keep every
   * "wait until idle" of the tests from ever returning). */
  gtk_widget_set_visible (self->recent_placeholder, FALSE);
  task = g_task_new (self, self->recent_loading, on_recent_files_read, NULL);
  g_task_set_source_tag (task, load_recent);
  g_task_set_task_data (task, candidates, (GDestroyNotify) g_ptr_array_unref);
  bs_worker_run_in_thread (task, read_recent_files);
}

/* "Play My Game Again": the last variant played, if it still loads. */
static void
show_resume (BsStartView *self,
             BsVariant   *variant,
             const char  *last)
{
  g_autofree char *label = NULL;

  gtk_widget_set_visible (self->resume_button, variant != NULL);
  if (variant == NULL)
    return;
  label = g_strdup_printf (_("_Play %s Again"), bs_variant_display_name (variant));
  gtk_button_set_label (GTK_BUTTON (self->resume_button), label);
  /* A variant's name may be long: the button never widens the window. */
  if (GTK_IS_LABEL (gtk_button_get_child (GTK_BUTTON (self->resume_button))))
    gtk_label_set_ellipsize (GTK_LABEL (gtk_button_get_child (GTK_BUTTON (self->resume_button))),
                             PANGO_ELLIPSIZE_END);
  self->last_variant = g_strdup (last);
}

static void
read_resume_variant (GTask        *task,
                     gpointer      source_object,
                     gpointer      task_data,
                     GCancellable *cancellable)
{
  const char *path = task_data;

  bs_load_hook_run (path);
  g_task_return_pointer (task, bs_variant_lookup (path, NULL), (GDestroyNotify) bs_variant_free);
}

static void
on_resume_variant_read (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  BsStartView *self = BS_START_VIEW (source);
  g_autoptr(BsVariant) variant = g_task_propagate_pointer (G_TASK (result), NULL);

  /* A newer setting, or the page going away, replaced this one. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))))
    return;
  g_clear_object (&self->resume_loading);
  show_resume (self, variant, g_task_get_task_data (G_TASK (result)));
}

static void
load_resume (BsStartView *self)
{
  g_autofree char *last = g_settings_get_string (self->settings, "last-variant");
  g_autoptr(BsVariant) variant = NULL;

  g_clear_pointer (&self->last_variant, g_free);
  if (self->resume_loading != NULL)
    g_cancellable_cancel (self->resume_loading);
  g_clear_object (&self->resume_loading);
  /* A user's variant file is read in a thread; a built-in one is the
   * app's own data. */
  if (g_path_is_absolute (last))
    {
      g_autoptr(GTask) task = NULL;

      gtk_widget_set_visible (self->resume_button, FALSE);
      self->resume_loading = g_cancellable_new ();
      task = g_task_new (self, self->resume_loading, on_resume_variant_read, NULL);
      g_task_set_source_tag (task, load_resume);
      g_task_set_task_data (task, g_steal_pointer (&last), g_free);
      bs_worker_run_in_thread (task, read_resume_variant);
      return;
    }
  if (last[0] != '\0')
    variant = bs_variant_lookup (last, NULL);
  show_resume (self, variant, last);
}

static void
on_resume_clicked (BsStartView *self)
{
  if (self->last_variant != NULL)
    {
      g_autofree char *target = g_strdup (self->last_variant);
      g_signal_emit (self, signals[VARIANT_ACTIVATED], 0, target);
    }
}

void
bs_start_view_reload (BsStartView *self)
{
  g_return_if_fail (BS_IS_START_VIEW (self));

  load_resume (self);
  clear_list (self->builtin_list);
  load_builtin (self);
  /* In threads: their lists are replaced when they are read. */
  load_user (self);
  load_recent (self);
}

gboolean
bs_start_view_get_loading (BsStartView *self)
{
  g_return_val_if_fail (BS_IS_START_VIEW (self), FALSE);
  return self->user_loading != NULL || self->recent_loading != NULL
         || self->resume_loading != NULL;
}

static void
on_row_activated (BsStartView   *self,
                  GtkListBoxRow *row)
{
  const char *target = g_object_get_data (G_OBJECT (row), "target");

  if (target == NULL)
    return;
  if (GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "is-record")))
    {
      g_autoptr(GFile) file = g_file_new_for_path (target);
      g_signal_emit (self, signals[RECORD_ACTIVATED], 0, file);
    }
  else
    g_signal_emit (self, signals[VARIANT_ACTIVATED], 0, target);
}

static void
on_recent_changed (BsStartView *self)
{
  load_recent (self);
}

GtkWidget *
bs_start_view_get_default_focus (BsStartView *self)
{
  g_return_val_if_fail (BS_IS_START_VIEW (self), NULL);

  /* "Play My Game Again", else the first game of the list. */
  if (gtk_widget_get_visible (self->resume_button))
    return self->resume_button;
  return GTK_WIDGET (gtk_list_box_get_row_at_index (self->builtin_list, 0));
}

/* "New Variant" for any rule module, beside the built-in games. */
static void
add_new_variant_menu (BsStartView *self)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  GtkWidget *button = gtk_menu_button_new ();
  const BsModule * const *modules;
  guint n_modules = 0;

  modules = bs_module_list (&n_modules);
  for (guint i = 0; i < n_modules; i++)
    {
      g_autoptr(GMenuItem) item = g_menu_item_new (_(modules[i]->name), NULL);

      g_menu_item_set_action_and_target_value (item, "win.new-variant",
                                               g_variant_new_string (modules[i]->id));
      g_menu_append_item (menu, item);
    }
  gtk_menu_button_set_label (GTK_MENU_BUTTON (button), _("New Variant"));
  /* GTK 4.8 does not name a menu button by its label. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("New Variant"), -1);
  gtk_menu_button_set_menu_model (GTK_MENU_BUTTON (button), G_MENU_MODEL (menu));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  adw_preferences_group_set_header_suffix (self->builtin_group, button);
}

static void
bs_start_view_dispose (GObject *object)
{
  BsStartView *self = (BsStartView *) object;

  /* Their callbacks then drop what they read. */
  if (self->user_loading != NULL)
    g_cancellable_cancel (self->user_loading);
  g_clear_object (&self->user_loading);
  if (self->recent_loading != NULL)
    g_cancellable_cancel (self->recent_loading);
  g_clear_object (&self->recent_loading);
  g_clear_pointer (&self->recent_shown, g_free);
  g_clear_pointer (&self->user_shown, g_free);
  if (self->resume_loading != NULL)
    g_cancellable_cancel (self->resume_loading);
  g_clear_object (&self->resume_loading);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->last_variant, g_free);
  g_clear_handle_id (&self->narrow_idle, g_source_remove);
  g_signal_handlers_disconnect_by_data (gtk_recent_manager_get_default (), object);
  g_clear_pointer (&self->row_menu, gtk_widget_unparent);
  gtk_widget_dispose_template (GTK_WIDGET (object), BS_TYPE_START_VIEW);
  G_OBJECT_CLASS (bs_start_view_parent_class)->dispose (object);
}

static void
bs_start_view_class_init (BsStartViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_start_view_dispose;

  /* A built-in variant name or a variant file's path. */
  signals[VARIANT_ACTIVATED] =
    g_signal_new ("variant-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[RECORD_ACTIVATED] =
    g_signal_new ("record-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_FILE);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/boardsmith/Boardsmith/bs-start-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BsStartView, builtin_list);
  gtk_widget_class_bind_template_child (widget_class, BsStartView, user_list);
  gtk_widget_class_bind_template_child (widget_class, BsStartView, recent_list);
  gtk_widget_class_bind_template_child (widget_class, BsStartView, user_group);
  gtk_widget_class_bind_template_child (widget_class, BsStartView, recent_group);
  gtk_widget_class_bind_template_child (widget_class, BsStartView, builtin_group);
  gtk_widget_class_bind_template_child (widget_class, BsStartView, resume_button);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_resume_clicked);
}

static void
bs_start_view_init (BsStartView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_layout_manager (GTK_WIDGET (self),
                                 gtk_custom_layout_new (bs_start_view_request_mode,
                                                        bs_start_view_measure,
                                                        bs_start_view_allocate));
  add_new_variant_menu (self);
  self->row_menu = gtk_popover_menu_new_from_model (NULL);
  gtk_popover_set_position (GTK_POPOVER (self->row_menu), GTK_POS_BOTTOM);
  gtk_widget_set_halign (self->row_menu, GTK_ALIGN_START);
  gtk_widget_set_parent (self->row_menu, GTK_WIDGET (self));
  self->recent_placeholder = gtk_label_new (_("Games you save or open appear here"));
  gtk_widget_add_css_class (self->recent_placeholder, "dim-label");
  gtk_widget_set_margin_top (self->recent_placeholder, 18);
  gtk_widget_set_margin_bottom (self->recent_placeholder, 18);
  gtk_list_box_set_placeholder (self->recent_list, self->recent_placeholder);
  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::last-variant", G_CALLBACK (load_resume),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (gtk_recent_manager_get_default (), "changed",
                            G_CALLBACK (on_recent_changed), self);
  bs_start_view_reload (self);
}
