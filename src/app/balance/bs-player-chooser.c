/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-player-chooser.c: a balance lab's computer player on three rows (bs-player-chooser.h).
 * A custom text is read as the study reads it (bs_study_player_init: the command line's
 * players, weights=FILE refused) and checked against the game (alpha-beta plays
 * turn-based games only) at every key. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-player-chooser.h"

#include <string.h>

#include <glib/gi18n.h>

#include "bs-entry-limit.h"
#include "bs-player-spec.h"
#include "bs-ruleset.h"
#include "bs-study.h"

/* The levels of the list, before Custom…: the four of the play page and alpha-beta at
 * fixed depths, which play the same moves on any machine. */
static const char * const preset_ids[] = {
  "random", "easy", "medium", "hard", "ab:depth=1", "ab:depth=2", "ab:depth=3", "ab:depth=4",
};

struct _BsPlayerChooser {
  GObject       parent_instance;

  AdwComboRow  *row;
  AdwActionRow *entry_row;
  GtkEntry     *entry;         /* the custom text, in entry_row */
  AdwActionRow *status;
  GPtrArray    *ids;           /* the combo row's items' players; the last, Custom…, NULL */
  BsRuleset    *ruleset;       /* the game, or NULL */
  gboolean      simultaneous;
  char         *spec;          /* the chosen player, NULL when refused */
  char         *error;         /* why the custom text is refused */
  gboolean      syncing;
};

G_DEFINE_FINAL_TYPE (BsPlayerChooser, bs_player_chooser, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
is_alpha_beta (const char *id)
{
  return g_str_equal (id, "ab") || g_str_has_prefix (id, "ab:");
}

/* bs_study_player_init, with weights=FILE refused before the file is read: not at every
 * key, and never a device or a fifo. */
static gboolean
player_init (BsStudyPlayer  *player,
             const char     *text,
             GError        **error)
{
  if (is_alpha_beta (text) && strstr (text, "weights=") != NULL)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("Player “%s”: a study’s players cannot read weights=FILE, as its file "
                     "must hold everything its games depend on"), text);
      return FALSE;
    }
  return bs_study_player_init (player, text, error);
}

static char *
preset_label (const char *id)
{
  BsStudyPlayer player;
  char *label;

  if (g_str_equal (id, "random"))
    return g_strdup (C_("computer player", "Random"));
  if (g_str_equal (id, "easy"))
    return g_strdup (C_("computer player", "Easy"));
  if (g_str_equal (id, "medium"))
    return g_strdup (C_("computer player", "Medium"));
  if (g_str_equal (id, "hard"))
    return g_strdup (C_("computer player", "Hard"));
  /* "Alpha-beta, depth 2", as the study's results name it. */
  if (!bs_study_player_init (&player, id, NULL))
    g_assert_not_reached ();
  label = bs_study_player_describe (&player);
  bs_study_player_clear (&player);
  return label;
}

static gboolean
custom_selected (BsPlayerChooser *self)
{
  guint selected = adw_combo_row_get_selected (self->row);

  return selected >= self->ids->len || self->ids->pdata[selected] == NULL;
}

static void
set_accessible_error (GtkWidget  *widget,
                      const char *error)
{
  gtk_accessible_update_state (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_STATE_INVALID,
                               error != NULL ? GTK_ACCESSIBLE_INVALID_TRUE
                                             : GTK_ACCESSIBLE_INVALID_FALSE,
                               -1);
  if (error != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, error, -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* Reads the custom text; says what it is, or why it is refused. */
static void
check_custom (BsPlayerChooser *self)
{
  g_autofree char *text = g_strstrip (g_strdup (gtk_editable_get_text (
                                                  GTK_EDITABLE (self->entry))));
  g_autoptr(GError) error = NULL;
  g_autofree char *description = NULL;
  BsStudyPlayer player;

  g_clear_pointer (&self->spec, g_free);
  g_clear_pointer (&self->error, g_free);
  if (*text == '\0')
    self->error = g_strdup (_("Type a player as the command line names it: ab:depth=3, "
                              "ab:cpu=0.1, mcts:cpu=0.5, 5000 (playouts a move) or random"));
  else if (!player_init (&player, text, &error))
    self->error = g_strdup (error->message);
  else
    {
      if (self->ruleset != NULL &&
          !bs_player_spec_check_ruleset (&player.spec, self->ruleset, &error))
        self->error = g_strdup (error->message);
      else
        {
          g_autofree char *name = bs_study_player_describe (&player);

          self->spec = g_strdup (text);
          description = bs_player_spec_is_reproducible (&player.spec)
                        /* Translators: a custom player of the balance lab:
                         * "Alpha-beta, depth 5: the same moves on any machine". */
                        ? g_strdup_printf (_("%s: the same moves on any machine"), name)
                        /* Translators: a custom player with a time budget:
                         * "Alpha-beta (cpu=0.1): its moves depend on the machine’s speed". */
                        : g_strdup_printf (_("%s: its moves depend on the machine’s speed"),
                                           name);
        }
      bs_study_player_clear (&player);
    }
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->status),
                                 self->error != NULL ? self->error : description);
  if (self->error != NULL)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->entry), "error");
      gtk_widget_add_css_class (GTK_WIDGET (self->status), "error");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->entry), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->status), "error");
    }
  set_accessible_error (GTK_WIDGET (self->entry), self->error);
}

/* The chosen item: a level, or Custom… and its text. */
static void
sync_choice (BsPlayerChooser *self)
{
  gboolean custom = custom_selected (self);

  gtk_widget_set_visible (GTK_WIDGET (self->entry_row), custom);
  gtk_widget_set_visible (GTK_WIDGET (self->status), custom);
  if (custom)
    check_custom (self);
  else
    {
      g_free (self->spec);
      self->spec = g_strdup (self->ids->pdata[adw_combo_row_get_selected (self->row)]);
      g_clear_pointer (&self->error, g_free);
    }
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
on_selected (BsPlayerChooser *self)
{
  if (self->syncing)
    return;
  /* Custom… starts from the player chosen before, to be changed. */
  if (custom_selected (self) && self->spec != NULL &&
      *gtk_editable_get_text (GTK_EDITABLE (self->entry)) == '\0')
    {
      self->syncing = TRUE;
      gtk_editable_set_text (GTK_EDITABLE (self->entry), self->spec);
      self->syncing = FALSE;
    }
  sync_choice (self);
}

static void
on_entry_changed (BsPlayerChooser *self)
{
  if (!self->syncing && custom_selected (self))
    sync_choice (self);
}

/* The list for the game; then `text` chosen (a level of it, or Custom… with the text). */
static void
fill (BsPlayerChooser *self,
      const char      *text)
{
  g_autoptr(GtkStringList) labels = gtk_string_list_new (NULL);
  g_autofree char *level = NULL;
  guint selected;
  BsStudyPlayer player;

  g_ptr_array_set_size (self->ids, 0);
  for (guint i = 0; i < G_N_ELEMENTS (preset_ids); i++)
    {
      g_autofree char *label = NULL;

      if (self->simultaneous && is_alpha_beta (preset_ids[i]))
        continue;
      label = preset_label (preset_ids[i]);
      gtk_string_list_append (labels, label);
      g_ptr_array_add (self->ids, (gpointer) preset_ids[i]);
    }
  gtk_string_list_append (labels, C_("computer player", "Custom…"));
  g_ptr_array_add (self->ids, NULL);
  /* A level as the study keeps it: "Easy" is "easy". */
  if (text != NULL && player_init (&player, text, NULL))
    {
      level = g_strdup (player.level);
      bs_study_player_clear (&player);
    }
  selected = self->ids->len - 1;
  for (guint i = 0; level != NULL && i + 1 < self->ids->len; i++)
    if (g_str_equal (level, self->ids->pdata[i]))
      selected = i;
  self->syncing = TRUE;
  adw_combo_row_set_model (self->row, G_LIST_MODEL (labels));
  adw_combo_row_set_selected (self->row, selected);
  if (selected == self->ids->len - 1 && text != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->entry), text);
  self->syncing = FALSE;
  sync_choice (self);
}

void
bs_player_chooser_set_variant (BsPlayerChooser *self,
                               const BsVariant *variant)
{
  g_autofree char *text = NULL;

  g_return_if_fail (BS_IS_PLAYER_CHOOSER (self));

  text = custom_selected (self)
         ? g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->entry)))
         : g_strdup (self->ids->pdata[adw_combo_row_get_selected (self->row)]);
  g_clear_pointer (&self->ruleset, bs_ruleset_unref);
  /* A variant the engine refuses has no study either: nothing is refused here. */
  self->ruleset = variant != NULL ? bs_ruleset_new (variant, NULL) : NULL;
  self->simultaneous = self->ruleset != NULL && bs_ruleset_is_simultaneous (self->ruleset);
  fill (self, text);
}

gboolean
bs_player_chooser_set_spec (BsPlayerChooser *self,
                            const char      *text)
{
  BsStudyPlayer player;

  g_return_val_if_fail (BS_IS_PLAYER_CHOOSER (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);

  if (!player_init (&player, text, NULL))
    return FALSE;
  bs_study_player_clear (&player);
  fill (self, text);
  return TRUE;
}

const char *
bs_player_chooser_get_spec (BsPlayerChooser *self)
{
  g_return_val_if_fail (BS_IS_PLAYER_CHOOSER (self), NULL);
  return self->spec;
}

const char *
bs_player_chooser_get_error (BsPlayerChooser *self)
{
  g_return_val_if_fail (BS_IS_PLAYER_CHOOSER (self), NULL);
  return self->error;
}

static void
bs_player_chooser_dispose (GObject *object)
{
  BsPlayerChooser *self = BS_PLAYER_CHOOSER (object);

  if (self->row != NULL)
    g_signal_handlers_disconnect_by_data (self->row, self);
  if (self->entry != NULL)
    g_signal_handlers_disconnect_by_data (self->entry, self);
  g_clear_object (&self->row);
  g_clear_object (&self->entry_row);
  g_clear_object (&self->entry);
  g_clear_object (&self->status);
  G_OBJECT_CLASS (bs_player_chooser_parent_class)->dispose (object);
}

static void
bs_player_chooser_finalize (GObject *object)
{
  BsPlayerChooser *self = BS_PLAYER_CHOOSER (object);

  g_clear_pointer (&self->ids, g_ptr_array_unref);
  g_clear_pointer (&self->ruleset, bs_ruleset_unref);
  g_free (self->spec);
  g_free (self->error);
  G_OBJECT_CLASS (bs_player_chooser_parent_class)->finalize (object);
}

static void
bs_player_chooser_class_init (BsPlayerChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bs_player_chooser_dispose;
  object_class->finalize = bs_player_chooser_finalize;

  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bs_player_chooser_init (BsPlayerChooser *self)
{
  self->ids = g_ptr_array_new ();
}

BsPlayerChooser *
bs_player_chooser_new (AdwComboRow  *row,
                       AdwActionRow *entry_row,
                       AdwActionRow *status)
{
  BsPlayerChooser *self;
  GtkWidget *entry;

  g_return_val_if_fail (ADW_IS_COMBO_ROW (row), NULL);
  g_return_val_if_fail (ADW_IS_ACTION_ROW (entry_row), NULL);
  g_return_val_if_fail (ADW_IS_ACTION_ROW (status), NULL);

  self = g_object_new (BS_TYPE_PLAYER_CHOOSER, NULL);
  self->row = g_object_ref (row);
  self->entry_row = g_object_ref (entry_row);
  self->status = g_object_ref (status);
  /* An entry beside the row's title; the row names it for a screen reader. */
  entry = gtk_entry_new ();
  self->entry = GTK_ENTRY (g_object_ref (entry));
  gtk_editable_set_width_chars (GTK_EDITABLE (entry), 16);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_widget_set_valign (entry, GTK_ALIGN_CENTER);
  adw_action_row_add_suffix (entry_row, entry);
  adw_action_row_set_activatable_widget (entry_row, entry);
  /* A player is a word and a few settings: a search's length is plenty. */
  bs_entry_limit (entry, BS_ENTRY_SEARCH);
  /* The text is the engine's or the user's, not markup; an error may be long. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (status), FALSE);
  adw_action_row_set_title_lines (status, 0);
  g_signal_connect_swapped (row, "notify::selected", G_CALLBACK (on_selected), self);
  g_signal_connect_swapped (entry, "changed", G_CALLBACK (on_entry_changed), self);
  fill (self, "easy");
  return self;
}
