/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-play-view.c: kept whole: the page only lays out what the scene and the
 * game say and keeps it in step; what a click means lives in the scene. */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-play-view.h"

#include "bs-cell-widget.h"
#include "bs-wrap-box.h"
#include "bs-widgets.h"

#include <string.h>
#include <glib/gi18n.h>

struct _BsPlayView {
  AdwBin          parent_instance;

  BsPlayScene    *scene;
  GSignalGroup   *scene_signals;
  GSignalGroup   *game_signals;
  GtkWidget      *kind_buttons[BS_MAX_KINDS];
  GtkWidget      *direction_box;
  GtkWidget      *direction_buttons[4];
  GPtrArray      *word_buttons;       /* one per word of the play spec */
  GtkWidget      *follow_up_popover;
  GPtrArray      *follow_up_buttons;  /* one per follow-up of the play spec */
  GtkWidget      *player_rows[2];
  GtkWidget      *player_details[2];
  gboolean        syncing;
  guint           scroll_idle;
  /* The current move's row is to be brought into view once laid out. */
  gboolean        scroll_pending;
  guint           explanation_timeout;

  /* Template children. */
  GtkBox         *chooser_box;
  BsBoardView    *board_view;
  BsAnnouncer    *announcer;
  AdwStatusPage  *handover_page;
  GtkWidget      *handover_button;
  GtkWidget      *round_bar;
  GtkLabel       *round_label;
  GtkButton      *round_button;
  GtkLabel       *status_label;
  GtkStack       *status_stack;
  GtkWidget      *explanation_box;
  GtkImage       *explanation_icon;
  GtkLabel       *explanation_label;
  GtkListBox     *players_list;
  GtkListBox     *move_list;
  GtkScrolledWindow *moves_scroller;
  AdwFlap        *flap;
  GtkWidget      *side_panel;
};

G_DEFINE_FINAL_TYPE (BsPlayView, bs_play_view, ADW_TYPE_BIN)

static const char * const direction_icons[4] = {
  "go-up-symbolic", "go-next-symbolic", "go-down-symbolic", "go-previous-symbolic",
};


static BsGame *
view_game (BsPlayView *self)
{
  return self->scene != NULL ? bs_play_scene_get_game (self->scene) : NULL;
}

/* Chooser: piece kinds, their direction, and the moves without a cell
 * (pass, end…), all from the module's play declaration. */

static void
on_kind_toggled (GtkToggleButton *button,
                 BsPlayView      *self)
{
  if (self->syncing || !gtk_toggle_button_get_active (button) || self->scene == NULL)
    return;
  bs_play_scene_set_kind (self->scene,
                          GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "kind")));
}

static void
on_direction_toggled (GtkToggleButton *button,
                      BsPlayView      *self)
{
  if (self->syncing || !gtk_toggle_button_get_active (button) || self->scene == NULL)
    return;
  bs_play_scene_set_direction (self->scene,
                               GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "dir")));
}

/* A button's label as read: "_End Game" → "End Game". */
static char *
strip_mnemonic (const char *label)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (const char *p = label; *p != '\0'; p++)
    {
      if (*p == '_' && p[1] != '\0')
        p++;
      g_string_append_c (text, *p);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* A word that ends the game is played only once the player has read what
 * it would give — who would win, and the figures that decide — in a
 * dialog (touch, a narrow window, the keyboard and screen readers alike;
 * a tooltip would need a pointer). */
typedef struct {
  BsPlayView *self;
  char       *word;
  guint       current;   /* the position it was asked about */
  guint       n_turns;
} WordConfirmation;

static void
word_confirmation_free (gpointer  data,
                        GClosure *closure)
{
  WordConfirmation *confirm = data;

  g_clear_object (&confirm->self);
  g_free (confirm->word);
  g_free (confirm);
}

static void
on_word_confirmed (AdwMessageDialog *dialog,
                   const char       *response,
                   WordConfirmation *confirm)
{
  BsPlayView *self = confirm->self;
  BsGame *game = view_game (self);

  /* Played only on the position the outcome was worked out for. */
  if (g_str_equal (response, "play") && game != NULL
      && bs_game_get_current (game) == confirm->current
      && bs_game_get_n_turns (game) == confirm->n_turns)
    bs_play_scene_play_word (self->scene, confirm->word);
}

static void
confirm_word (BsPlayView       *self,
              const BsWordSpec *spec)
{
  BsGame *game = view_game (self);
  g_autofree char *outcome = NULL;
  g_autofree char *figures = NULL;
  g_autofree char *heading = NULL;
  g_autofree char *label = NULL;
  g_autoptr(GString) body = NULL;
  WordConfirmation *confirm;
  GtkWidget *dialog;
  int result = 0, mover;

  if (!bs_play_scene_predict_word (self->scene, spec->id, &result, &outcome, &figures))
    {
      /* Not legal now, or it would not end the game: the scene says why. */
      bs_play_scene_play_word (self->scene, spec->id);
      return;
    }
  mover = bs_game_get_position (game)->to_move;
  label = strip_mnemonic (_(spec->label));
  /* Translators: the heading of the dialog that confirms a move which ends
   * the game; %s is its button's label, e.g. "End Game". */
  heading = g_strdup_printf (_("%s?"), label);
  body = g_string_new (NULL);
  /* Translators: who is asked, then what the move would give:
   * "White, if you play it now: Black would win." */
  g_string_append_printf (body, _("%s, if you play it now: %s."),
                          bs_game_get_player_name (game, mover), outcome);
  if (figures != NULL && *figures != '\0')
    g_string_append_printf (body, "\n%s", figures);
  if (spec->description != NULL)
    g_string_append_printf (body, "\n\n%s", _(spec->description));

  dialog = adw_message_dialog_new (GTK_WINDOW (gtk_widget_get_root (GTK_WIDGET (self))),
                                   heading, body->str);
  adw_message_dialog_add_responses (ADW_MESSAGE_DIALOG (dialog),
                                    "cancel", _("_Cancel"),
                                    "play", _(spec->label),
                                    NULL);
  /* Red when it loses the game for the one who plays it, blue when it wins
   * it; Enter plays it only then. */
  if (result == mover)
    {
      adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "play",
                                                  ADW_RESPONSE_SUGGESTED);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "play");
    }
  else
    {
      if (result == (mover == 1 ? BS_RESULT_WIN_2 : BS_RESULT_WIN_1))
        adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (dialog), "play",
                                                    ADW_RESPONSE_DESTRUCTIVE);
      adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
    }
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (dialog), "cancel");

  confirm = g_new0 (WordConfirmation, 1);
  confirm->self = g_object_ref (self);
  confirm->word = g_strdup (spec->id);
  confirm->current = bs_game_get_current (game);
  confirm->n_turns = bs_game_get_n_turns (game);
  g_signal_connect_data (dialog, "response", G_CALLBACK (on_word_confirmed), confirm,
                         word_confirmation_free, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_word_clicked (GtkButton  *button,
                 BsPlayView *self)
{
  const BsPlaySpec *play;
  const BsWordSpec *spec = NULL;
  const char *word = g_object_get_data (G_OBJECT (button), "word");

  if (self->scene == NULL)
    return;
  play = bs_play_scene_get_play_spec (self->scene);
  for (guint w = 0; w < play->n_words; w++)
    if (g_str_equal (play->words[w].id, word))
      spec = &play->words[w];
  if (spec != NULL && spec->ends_game)
    confirm_word (self, spec);
  else
    bs_play_scene_play_word (self->scene, word);
}

static void
clear_box (GtkWidget *box)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (box)) != NULL)
    gtk_box_remove (GTK_BOX (box), child);
}

static GtkWidget *
linked_box (void)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);

  gtk_widget_add_css_class (box, "linked");
  return box;
}

static void
build_chooser (BsPlayView *self)
{
  const BsPlaySpec *play = bs_play_scene_get_play_spec (self->scene);
  int kinds[BS_MAX_KINDS];
  guint n_kinds = bs_play_scene_get_kind_choices (self->scene, kinds);

  clear_box (GTK_WIDGET (self->chooser_box));
  memset (self->kind_buttons, 0, sizeof self->kind_buttons);
  memset (self->direction_buttons, 0, sizeof self->direction_buttons);
  self->direction_box = NULL;
  g_ptr_array_set_size (self->word_buttons, 0);

  if (n_kinds > 1)
    {
      GtkWidget *box = linked_box ();
      GtkToggleButton *group = NULL;

      for (guint i = 0; i < n_kinds; i++)
        {
          GtkWidget *button = gtk_toggle_button_new ();

          g_object_set_data (G_OBJECT (button), "kind", GINT_TO_POINTER (kinds[i]));
          if (group != NULL)
            gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
          else
            group = GTK_TOGGLE_BUTTON (button);
          g_signal_connect (button, "toggled", G_CALLBACK (on_kind_toggled), self);
          gtk_widget_set_tooltip_text (button, _("The kind of piece to place"));
          gtk_box_append (GTK_BOX (box), button);
          self->kind_buttons[kinds[i]] = button;
        }
      gtk_box_append (self->chooser_box, box);
    }

  if (bs_play_scene_has_direction_choice (self->scene))
    {
      GtkWidget *box = linked_box ();
      GtkWidget *label;
      GtkToggleButton *group = NULL;
      const char *prompt = play->direction_prompt != NULL ? _(play->direction_prompt)
                                                          : _("Direction");

      for (int d = 0; d < 4; d++)
        {
          GtkWidget *button = gtk_toggle_button_new ();
          /* Translators: a direction chooser's button: the game's prompt and
           * a direction, e.g. "Triangle points East". */
          g_autofree char *tip = g_strdup_printf (C_("direction button", "%s %s"), prompt,
                                                  bs_direction_name (d));

          gtk_button_set_icon_name (GTK_BUTTON (button), direction_icons[d]);
          gtk_widget_set_tooltip_text (button, tip);
          g_object_set_data (G_OBJECT (button), "dir", GINT_TO_POINTER (d));
          if (group != NULL)
            gtk_toggle_button_set_group (GTK_TOGGLE_BUTTON (button), group);
          else
            group = GTK_TOGGLE_BUTTON (button);
          g_signal_connect (button, "toggled", G_CALLBACK (on_direction_toggled), self);
          gtk_box_append (GTK_BOX (box), button);
          self->direction_buttons[d] = button;
        }
      self->direction_box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      label = gtk_label_new (prompt);
      gtk_widget_add_css_class (label, "dim-label");
      gtk_box_append (GTK_BOX (self->direction_box), label);
      gtk_box_append (GTK_BOX (self->direction_box), box);
      gtk_box_append (self->chooser_box, self->direction_box);
    }

  for (guint w = 0; w < play->n_words; w++)
    {
      const BsWordSpec *word = &play->words[w];
      GtkWidget *button = gtk_button_new_with_mnemonic (_(word->label));

      /* An ordinary button: a move like the others. One that ends the game
       * asks first (confirm_word), saying what it would give. */
      if (word->description != NULL)
        gtk_widget_set_tooltip_text (button, _(word->description));
      g_object_set_data (G_OBJECT (button), "word", (gpointer) word->id);
      g_signal_connect (button, "clicked", G_CALLBACK (on_word_clicked), self);
      gtk_box_append (self->chooser_box, button);
      g_ptr_array_add (self->word_buttons, button);
    }
}

static void
sync_chooser (BsPlayView *self)
{
  BsGame *game = view_game (self);
  const BsRuleset *rs = bs_game_get_ruleset (game);
  const BsPosition *pos = bs_game_get_position (game);
  int kind = bs_play_scene_get_kind (self->scene);
  /* Nothing to choose while the computer moves (or the game is over). */
  gboolean choosing = bs_play_scene_is_human_turn (self->scene)
                      && !bs_play_scene_gives_orders (self->scene);
  gboolean has_children;

  self->syncing = TRUE;
  for (guint k = 0; k < rs->module->n_kinds && k < BS_MAX_KINDS; k++)
    {
      g_autofree char *label = NULL;
      int left = pos->supply[pos->to_move - 1][k];

      if (self->kind_buttons[k] == NULL)
        continue;
      if (left == BS_SUPPLY_UNLIMITED)
        label = g_strdup (_(rs->module->kinds[k].label));
      else
        label = g_strdup_printf ("%s  %d", _(rs->module->kinds[k].label), left);
      gtk_button_set_label (GTK_BUTTON (self->kind_buttons[k]), label);
      gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->kind_buttons[k]), (int) k == kind);
      gtk_widget_set_sensitive (self->kind_buttons[k], left > 0 && choosing);
    }
  if (self->direction_box != NULL)
    {
      gtk_widget_set_sensitive (self->direction_box, rs->module->kinds[kind].directed && choosing);
      for (int d = 0; d < 4; d++)
        gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->direction_buttons[d]),
                                      d == bs_play_scene_get_direction (self->scene));
    }
  self->syncing = FALSE;

  for (guint w = 0; w < self->word_buttons->len; w++)
    {
      const BsWordSpec *spec = &bs_play_scene_get_play_spec (self->scene)->words[w];
      GtkWidget *button = g_ptr_array_index (self->word_buttons, w);
      gboolean legal = bs_play_scene_can_play_word (self->scene, spec->id);

      /* Always there, pressed only when legal: the row above the board keeps
       * its height, so the board never moves when a word becomes legal. */
      gtk_widget_set_sensitive (button, legal);
    }

  has_children = FALSE;
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->chooser_box));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    has_children |= gtk_widget_get_visible (child);
  gtk_widget_set_visible (GTK_WIDGET (self->chooser_box), has_children);
}

/* Players: name, colour, supplies and score; the one to move is marked. */

/* The player's colour with the edge its pieces have on the board: a dark
 * player's dot on the dark style's card shows by its light rim. */
static void
draw_swatch (GtkDrawingArea *area,
             cairo_t        *cr,
             int             width,
             int             height,
             gpointer        data)
{
  BsPlayView *self = data;
  int player = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (area), "player"));
  BsTheme theme = bs_style_get_theme ();
  double rgb[3], edge[3];
  double line = 2;
  double r = MIN (width, height) / 2.0 - line / 2;

  if (self->scene == NULL)
    return;
  bs_render_player_color (bs_game_get_ruleset (view_game (self)), theme, player, rgb);
  bs_render_player_edge_color (bs_game_get_ruleset (view_game (self)), theme, player, edge);
  cairo_arc (cr, width / 2.0, height / 2.0, r, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, rgb[0], rgb[1], rgb[2]);
  cairo_fill_preserve (cr);
  cairo_set_source_rgb (cr, edge[0], edge[1], edge[2]);
  cairo_set_line_width (cr, line);
  cairo_stroke (cr);
}

static void
build_players (BsPlayView *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->players_list))) != NULL)
    gtk_list_box_remove (self->players_list, child);

  for (int p = 1; p <= 2; p++)
    {
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
      GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
      GtkWidget *swatch = gtk_drawing_area_new ();
      GtkWidget *name = gtk_label_new (bs_game_get_player_name (view_game (self), p));
      GtkWidget *details = gtk_label_new (NULL);

      gtk_widget_set_margin_top (row, 8);
      gtk_widget_set_margin_bottom (row, 8);
      gtk_widget_set_margin_start (row, 12);
      gtk_widget_set_margin_end (row, 12);
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (swatch), 18);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (swatch), 18);
      gtk_widget_set_valign (swatch, GTK_ALIGN_CENTER);
      g_object_set_data (G_OBJECT (swatch), "player", GINT_TO_POINTER (p));
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (swatch), draw_swatch, self, NULL);
      /* Redrawn when the style changes, as the board is. */
      g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                               G_CALLBACK (gtk_widget_queue_draw), swatch, G_CONNECT_SWAPPED);
      g_signal_connect_object (adw_style_manager_get_default (), "notify::high-contrast",
                               G_CALLBACK (gtk_widget_queue_draw), swatch, G_CONNECT_SWAPPED);
      gtk_label_set_xalign (GTK_LABEL (name), 0);
      /* A file may name a player with 50 letters and no space: never let
       * it widen the window. */
      gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
      gtk_widget_set_tooltip_text (name, bs_game_get_player_name (view_game (self), p));
      gtk_widget_add_css_class (name, "heading");
      gtk_label_set_xalign (GTK_LABEL (details), 0);
      gtk_label_set_wrap (GTK_LABEL (details), TRUE);
      gtk_label_set_max_width_chars (GTK_LABEL (details), 30);
      gtk_widget_add_css_class (details, "dim-label");
      gtk_widget_add_css_class (details, "caption");
      gtk_box_append (GTK_BOX (labels), name);
      gtk_box_append (GTK_BOX (labels), details);
      gtk_box_append (GTK_BOX (row), swatch);
      gtk_box_append (GTK_BOX (row), labels);
      gtk_list_box_append (self->players_list, row);
      self->player_rows[p - 1] = gtk_widget_get_parent (row);
      gtk_widget_add_css_class (self->player_rows[p - 1], "player-row");
      /* A screen reader names the row by its player. */
      gtk_accessible_update_relation (GTK_ACCESSIBLE (self->player_rows[p - 1]),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, name, NULL, -1);
      /* Shown, not acted on: no stop for Tab. */
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (self->player_rows[p - 1]), FALSE);
      gtk_widget_set_focusable (self->player_rows[p - 1], FALSE);
      self->player_details[p - 1] = details;
    }
}

static void
sync_players (BsPlayView *self)
{
  BsGame *game = view_game (self);
  const BsRuleset *rs = bs_game_get_ruleset (game);
  const BsPosition *pos = bs_game_get_position (game);
  int values[BS_MAX_MEASURES][2];
  const BsMeasureSpec *measures;
  guint n_measures;

  measures = bs_ruleset_measure_specs (rs, &n_measures);
  bs_ruleset_measures (rs, pos, values);
  for (int p = 1; p <= 2; p++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      gboolean to_move = !bs_position_is_over (pos) && pos->to_move == p
                         && !bs_play_scene_gives_orders (self->scene);

      /* What is left to place, in games where pieces come from a supply. */
      if (!rs->module->unlimited_supply
          && (bs_play_scene_get_play_spec (self->scene)->flags & BS_PLAY_PLACE))
        {
          g_string_append (text, _("In hand:"));
          for (guint k = 0; k < rs->module->n_kinds; k++)
            {
              if (pos->supply[p - 1][k] == BS_SUPPLY_UNLIMITED)
                continue;
              /* Translators: pieces left in hand, e.g. "small 8". */
              g_string_append_printf (text, _("%s %s %d"), k > 0 ? "," : "",
                                      _(rs->module->kinds[k].label), pos->supply[p - 1][k]);
            }
          g_string_append_c (text, '\n');
        }
      g_string_append_printf (text, _("On the board: %d"), bs_position_pieces (pos, p));
      /* The game's measures; "pieces" is the count just given. A line
       * each: a narrow sidebar wrapped "· Furthest row: 2" alone. */
      for (guint m = 0; m < n_measures; m++)
        if (!g_str_equal (measures[m].id, "pieces"))
          {
            g_string_append_c (text, '\n');
            /* Translators: a measure of the game and its value, "Largest group: 14". */
            g_string_append_printf (text, _("%s: %d"), _(measures[m].label), values[m][p - 1]);
          }
      gtk_label_set_text (GTK_LABEL (self->player_details[p - 1]), text->str);
      if (to_move)
        gtk_widget_add_css_class (self->player_rows[p - 1], "to-move");
      else
        gtk_widget_remove_css_class (self->player_rows[p - 1], "to-move");
    }
}

/* The move list: row 0 is the start, row i the position after turn i. */

/* A simultaneous round for people: each player's moves, the pieces that
 * stayed left out ("Red a1-b1 c2-c3" / "Blue (every piece defends)"). */
static char *
describe_round (BsGame *game,
                guint   turn)
{
  const BsRuleset *rs = bs_game_get_ruleset (game);
  const BsPlaySpec *play = bs_ruleset_play_spec (rs);
  g_autofree BsPosition *pos = bs_position_dup (rs, bs_game_get_position_at (game, turn));
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GString) moves1 = g_string_new (NULL);
  g_autoptr(GString) moves2 = g_string_new (NULL);
  GString *moves[2] = { moves1, moves2 };
  const BsMove *steps;
  guint n_steps;

  steps = bs_game_get_turn_steps (game, turn, &n_steps);
  for (guint i = 0; i < n_steps; i++)
    {
      BsMoveParts parts;
      int owner;

      bs_ruleset_decode_move (rs, pos, steps[i], &parts);
      owner = parts.from != BS_NO_CELL ? BS_CELL_OWNER (pos->cells[parts.from]) : 0;
      if ((owner == 1 || owner == 2) && parts.to != parts.from)
        {
          g_autofree char *text = bs_ruleset_format_move (rs, pos, steps[i]);

          g_string_append_printf (moves[owner - 1], "%s%s",
                                  moves[owner - 1]->len > 0 ? " " : "", text);
        }
      bs_ruleset_apply (rs, pos, steps[i], NULL);
    }

  for (int p = 0; p < 2; p++)
    {
      if (p > 0)
        g_string_append (out, "\n");
      g_string_append_printf (out, "%s ", bs_game_get_player_name (game, p + 1));
      if (moves[p]->len > 0)
        g_string_append (out, moves[p]->str);
      else if (play->stay_label != NULL)
        /* Translators: a player's round in the move list when no piece moved;
         * %s is what a piece that stays does, e.g. "defends". */
        g_string_append_printf (out, _("(every piece %s)"), _(play->stay_label));
      else
        g_string_append (out, _("(no piece moves)"));
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* Brings the current move's row wholly into view, its margins and (for
 * the first and last rows) the list's own padding included: scrolled to
 * the end when it is the last. Rows just added have no place yet: then the
 * request waits for the adjustment to change (on_moves_adjustment_changed). */
static gboolean
scroll_to_current (gpointer data)
{
  BsPlayView *self = data;
  GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->moves_scroller);
  GtkWidget *content = gtk_widget_get_parent (GTK_WIDGET (self->move_list));
  GtkListBoxRow *row;
  graphene_rect_t bounds;
  guint current;
  double top, bottom;

  self->scroll_idle = 0;
  if (self->scene == NULL)
    {
      self->scroll_pending = FALSE;
      return G_SOURCE_REMOVE;
    }
  current = bs_game_get_current (view_game (self));
  row = gtk_list_box_get_row_at_index (self->move_list, (int) current);
  if (row == NULL || content == NULL || gtk_widget_get_height (GTK_WIDGET (row)) <= 0
      || !gtk_widget_compute_bounds (GTK_WIDGET (row), content, &bounds))
    return G_SOURCE_REMOVE;
  /* The list moves in its viewport: its coordinates plus the scroll offset
   * are the adjustment's. */
  top = bounds.origin.y + gtk_adjustment_get_value (adj)
        - gtk_widget_get_margin_top (GTK_WIDGET (row));
  bottom = bounds.origin.y + bounds.size.height + gtk_adjustment_get_value (adj)
           + gtk_widget_get_margin_bottom (GTK_WIDGET (row));
  if (bottom > gtk_adjustment_get_upper (adj))
    return G_SOURCE_REMOVE;   /* the list is not laid out to its end yet */
  if (current == 0)
    top = gtk_adjustment_get_lower (adj);
  if (gtk_list_box_get_row_at_index (self->move_list, (int) current + 1) == NULL)
    bottom = gtk_adjustment_get_upper (adj);
  gtk_adjustment_clamp_page (adj, top, bottom);
  self->scroll_pending = FALSE;
  return G_SOURCE_REMOVE;
}

static void
queue_scroll_to_current (BsPlayView *self)
{
  self->scroll_pending = TRUE;
  if (self->scroll_idle == 0)
    self->scroll_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_to_current, self, NULL);
}

/* The list got its size (rows laid out, a file opened at start-up, the
 * window resized): a pending scroll can be done now. */
static void
on_moves_adjustment_changed (BsPlayView *self)
{
  if (self->scroll_pending && self->scroll_idle == 0)
    self->scroll_idle = g_idle_add_full (G_PRIORITY_LOW, scroll_to_current, self, NULL);
}

/* What a turn did, in the engine's words: its summary, then one line per
 * event. The row's tooltip, and its accessible description, so that a
 * screen reader says it too. */
static void
describe_move_row (BsPlayView *self,
                   GtkWidget  *row,
                   guint       turn)
{
  g_autoptr(BsExplanation) explanation = bs_game_explain_turn (view_game (self), turn);
  g_autofree char *text = *explanation->details != '\0'
    ? g_strconcat (explanation->summary, "\n", explanation->details, NULL)
    : g_strdup (explanation->summary);

  gtk_widget_set_tooltip_text (row, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
}

static GtkWidget *
make_move_row (BsPlayView *self,
               guint       n_played)
{
  BsGame *game = view_game (self);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *number, *label;
  g_autofree char *name = NULL;

  if (n_played == 0)
    {
      number = gtk_label_new ("");
      label = gtk_label_new (_("Start"));
      name = g_strdup (_("Start"));
    }
  else
    {
      const BsPosition *before = bs_game_get_position_at (game, n_played - 1);
      g_autofree char *num = g_strdup_printf ("%u.", n_played);
      g_autofree char *text = NULL;

      number = gtk_label_new (num);
      if (bs_game_is_simultaneous (game))
        text = describe_round (game, n_played - 1);
      else
        text = g_strdup_printf ("%s  %s", bs_game_get_player_name (game, before->to_move),
                                bs_game_get_notation (game, n_played - 1));
      label = gtk_label_new (text);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      /* Words longer than the column (a long player name) break too. */
      gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 24);
      describe_move_row (self, row, n_played - 1);
      name = g_strdup_printf ("%s %s", num, text);
    }
  /* Its words are its name (what the turn did is its description). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  gtk_widget_add_css_class (number, "move-number");
  gtk_label_set_width_chars (GTK_LABEL (number), 4);
  gtk_label_set_xalign (GTK_LABEL (number), 1);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), label);
  g_object_set_data_full (G_OBJECT (box), "notation",
                          g_strdup (n_played == 0 ? "" : bs_game_get_notation (game, n_played - 1)),
                          g_free);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  return row;
}

static void
select_current_move (BsPlayView *self)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->move_list,
                                                      (int) bs_game_get_current (view_game (self)));

  self->syncing = TRUE;
  gtk_list_box_select_row (self->move_list, row);
  self->syncing = FALSE;
}

static void
sync_moves (BsPlayView *self)
{
  BsGame *game = view_game (self);
  guint n_rows = bs_game_get_n_turns (game) + 1;
  guint current = bs_game_get_current (game);
  GtkListBoxRow *row;
  guint i;

  /* Rows kept while they still say the same move; the rest rebuilt. */
  for (i = 0; (row = gtk_list_box_get_row_at_index (self->move_list, (int) i)) != NULL; i++)
    {
      GtkWidget *box = gtk_list_box_row_get_child (row);
      const char *was = g_object_get_data (G_OBJECT (box), "notation");

      if (i >= n_rows || (i > 0 && g_strcmp0 (was, bs_game_get_notation (game, i - 1)) != 0))
        break;
    }
  while ((row = gtk_list_box_get_row_at_index (self->move_list, (int) i)) != NULL)
    gtk_list_box_remove (self->move_list, GTK_WIDGET (row));
  for (; i < n_rows; i++)
    gtk_list_box_append (self->move_list, make_move_row (self, i));

  for (i = 0; (row = gtk_list_box_get_row_at_index (self->move_list, (int) i)) != NULL; i++)
    {
      if (i > current)
        gtk_widget_add_css_class (GTK_WIDGET (row), "redo");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (row), "redo");
    }

  select_current_move (self);

  /* Rows just added have no size yet: scroll once they are laid out. */
  queue_scroll_to_current (self);
}

static void
on_move_row_activated (BsPlayView    *self,
                       GtkListBoxRow *row)
{
  guint index = (guint) gtk_list_box_row_get_index (row);

  if (self->scene == NULL || self->syncing)
    return;
  /* Through the window, which asks first when orders given in a round
   * would be lost; until then the current move stays selected. */
  if (!gtk_widget_activate_action (GTK_WIDGET (self), "win.history-go-to", "u", index))
    bs_game_go_to (view_game (self), index);
  select_current_move (self);
}

static void
on_history_changed (BsPlayView *self)
{
  sync_moves (self);
}

/* Simultaneous games: hand-over, orders, reveal. */

/* Behind the hand-over screen the board is neither reached (clicks, Tab)
 * nor read by assistive technologies: the next player's orders are
 * secret, and a screen reader must not walk a board nobody can see. */
static void
sync_board_behind_handover (BsPlayView *self)
{
  gboolean handing_over = gtk_widget_get_visible (GTK_WIDGET (self->handover_page));

  gtk_widget_set_sensitive (GTK_WIDGET (self->board_view), !handing_over);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->board_view), GTK_ACCESSIBLE_STATE_HIDDEN,
                               handing_over, -1);
}

static void
sync_round (BsPlayView *self)
{
  BsGame *game = view_game (self);
  BsRoundPhase phase;
  int entering;
  const char *name, *other;
  gboolean over;

  if (!bs_play_scene_gives_orders (self->scene))
    {
      gtk_widget_set_visible (GTK_WIDGET (self->handover_page), FALSE);
      gtk_widget_set_visible (self->round_bar, FALSE);
      sync_board_behind_handover (self);
      return;
    }

  phase = bs_play_scene_get_phase (self->scene);
  entering = bs_play_scene_get_entering (self->scene);
  name = bs_game_get_player_name (game, entering ? entering : 1);
  other = bs_game_get_player_name (game, entering == 2 ? 1 : 2);
  over = bs_position_is_over (bs_game_get_position (game));

  /* No hand-over screen for a computer's orders. */
  gtk_widget_set_visible (GTK_WIDGET (self->handover_page),
                          phase == BS_ROUND_PHASE_HANDOVER && !over
                          && bs_game_get_seat (game, entering ? entering : 1) == BS_SEAT_HUMAN);
  gtk_widget_set_visible (self->round_bar, phase != BS_ROUND_PHASE_HANDOVER);
  sync_board_behind_handover (self);

  if (phase == BS_ROUND_PHASE_HANDOVER && !over)
    {
      /* Names are text: the description is markup ("Ann & Bo") and the
       * button's label has a mnemonic (an underscore in a name is kept). */
      g_autofree char *title = g_strdup_printf (_("%s’s Orders"), name);
      g_autofree char *text =
        g_markup_printf_escaped (_("%s, please look away while %s gives secret orders."),
                                 other, name);
      g_auto(GStrv) name_parts = g_strsplit (name, "_", -1);
      g_autofree char *name_mnemonic = g_strjoinv ("__", name_parts);
      g_autofree char *button = g_strdup_printf (_("_Start %s’s Orders"), name_mnemonic);

      gtk_button_set_label (GTK_BUTTON (self->handover_button), button);
      adw_status_page_set_title (self->handover_page, title);
      adw_status_page_set_description (self->handover_page, text);
    }
  else if (phase == BS_ROUND_PHASE_ORDERS)
    {
      const char *stay = bs_play_scene_get_play_spec (self->scene)->stay_label;
      const char *stay_note = bs_play_scene_get_play_spec (self->scene)->stay_note;
      g_autofree char *text = NULL;

      if (stay != NULL)
        /* Translators: %1$s (twice) is what a piece ordered to stay does,
         * e.g. "defends". */
        text = g_strdup_printf (_("Click a piece, then a highlighted cell to move it there, or "
                                  "the piece again so that it %1$s.\nA piece without an order "
                                  "%1$s."), _(stay));
      else
        text = g_strdup (_("Click a piece, then a highlighted cell to move it there.\nA piece "
                           "without an order stays where it is."));
      if (stay_note != NULL)
        {
          char *told = g_strconcat (text, " ", _(stay_note), NULL);

          g_free (text);
          text = told;
        }
      gtk_label_set_text (self->round_label, text);
      gtk_button_set_label (self->round_button,
                            entering == 1 ? _("_Done") : _("_Reveal Orders"));
    }
  else if (phase == BS_ROUND_PHASE_REVEAL)
    {
      gtk_label_set_text (self->round_label, bs_play_scene_get_reveal_text (self->scene));
      gtk_button_set_label (self->round_button, _("_Continue"));
    }
  else
    gtk_widget_set_visible (self->round_bar, FALSE);
}

void
bs_play_view_advance_round (BsPlayView *self)
{
  g_autoptr(GError) error = NULL;

  g_return_if_fail (BS_IS_PLAY_VIEW (self));

  if (self->scene == NULL)
    return;
  if (!bs_play_scene_advance_round (self->scene, &error) && error != NULL)
    g_signal_emit_by_name (self->scene, "message", error->message);
  if (bs_play_scene_get_phase (self->scene) == BS_ROUND_PHASE_ORDERS)
    gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
on_round_button_clicked (BsPlayView *self)
{
  bs_play_view_advance_round (self);
}

/* The follow-up chooser: a popover at the cell with one button per
 * follow-up of the play spec — arrows round the prompt when they are board
 * directions (the arrow keys choose too), a column of buttons otherwise. */

/* The move is played first and the popover closed after: closing it
 * without a move cancels the pending cell (on_follow_up_closed), so closing
 * first would drop the very move being completed. */
static void
follow_up_chosen (BsPlayView *self,
                  int         index)
{
  /* Play first, then close: closing drops a pending placement (issue 12).
   * A refused choice (an arrow key for a follow-up whose button is greyed
   * out) keeps the chooser open beside its reason. */
  if (self->scene != NULL
      && !bs_play_scene_choose_follow_up (self->scene, index)
      && bs_play_scene_get_pending_cell (self->scene) != BS_NO_CELL)
    return;
  gtk_popover_popdown (GTK_POPOVER (self->follow_up_popover));
}

static void
on_follow_up_clicked (GtkButton  *button,
                      BsPlayView *self)
{
  follow_up_chosen (self, GPOINTER_TO_INT (g_object_get_data (G_OBJECT (button), "index")));
}

static gboolean
on_follow_up_key (GtkEventControllerKey *controller,
                  guint                  keyval,
                  guint                  keycode,
                  GdkModifierType        state,
                  BsPlayView            *self)
{
  const BsPlaySpec *play;
  int dir;

  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dir = 0; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dir = 1; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dir = 2; break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dir = 3; break;
    default: return GDK_EVENT_PROPAGATE;
    }
  if (self->scene == NULL)
    return GDK_EVENT_PROPAGATE;
  play = bs_play_scene_get_play_spec (self->scene);
  for (guint f = 0; f < play->n_follow_ups; f++)
    if (play->follow_ups[f].direction == dir)
      {
        follow_up_chosen (self, (int) f);
        return GDK_EVENT_STOP;
      }
  return GDK_EVENT_PROPAGATE;
}

static void
on_follow_up_closed (BsPlayView *self)
{
  /* Closed without a choice: the pending move is dropped. */
  if (self->scene != NULL && bs_play_scene_get_pending_cell (self->scene) != BS_NO_CELL)
    bs_play_scene_cancel (self->scene);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
}

static void
build_follow_up_popover (BsPlayView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->follow_up_popover = gtk_popover_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_follow_up_key), self);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  gtk_widget_add_controller (self->follow_up_popover, keys);
  g_signal_connect_swapped (self->follow_up_popover, "closed",
                            G_CALLBACK (on_follow_up_closed), self);
  gtk_widget_set_parent (self->follow_up_popover, GTK_WIDGET (self->board_view));
}

/* The popover's buttons for the scene's game. */
static void
fill_follow_up_popover (BsPlayView *self)
{
  static const int grid_pos[4][2] = { { 1, 0 }, { 2, 1 }, { 1, 2 }, { 0, 1 } };
  const BsPlaySpec *play = bs_play_scene_get_play_spec (self->scene);
  gboolean compass = play->n_follow_ups > 0 && play->n_follow_ups <= 4;
  guint8 taken = 0;
  GtkWidget *content, *label;

  g_ptr_array_set_size (self->follow_up_buttons, 0);
  gtk_popover_set_child (GTK_POPOVER (self->follow_up_popover), NULL);
  if (!(play->flags & BS_PLAY_FOLLOW_UP) || play->n_follow_ups == 0)
    return;

  /* Arrows round the prompt when every choice is its own board direction. */
  for (guint f = 0; f < play->n_follow_ups && compass; f++)
    {
      int d = play->follow_ups[f].direction;

      compass = d >= 0 && d < 4 && !(taken & (1 << d));
      if (compass)
        taken |= 1 << d;
    }

  label = gtk_label_new (play->follow_up_prompt != NULL ? _(play->follow_up_prompt) : NULL);
  gtk_widget_add_css_class (label, "dim-label");
  if (compass)
    {
      content = gtk_grid_new ();
      gtk_grid_set_row_spacing (GTK_GRID (content), 4);
      gtk_grid_set_column_spacing (GTK_GRID (content), 4);
      gtk_grid_attach (GTK_GRID (content), label, 1, 1, 1, 1);
    }
  else
    {
      content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
      gtk_box_append (GTK_BOX (content), label);
    }

  for (guint f = 0; f < play->n_follow_ups; f++)
    {
      const BsChoiceSpec *choice = &play->follow_ups[f];
      GtkWidget *button;

      if (compass)
        {
          int d = choice->direction;

          button = gtk_button_new_from_icon_name (direction_icons[d]);
          gtk_widget_set_tooltip_text (button, _(choice->label));
          gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                          _(choice->label), -1);
          gtk_widget_add_css_class (button, "circular");
          gtk_grid_attach (GTK_GRID (content), button, grid_pos[d][0], grid_pos[d][1], 1, 1);
        }
      else
        {
          button = gtk_button_new_with_label (_(choice->label));
          gtk_box_append (GTK_BOX (content), button);
        }
      g_object_set_data (G_OBJECT (button), "index", GINT_TO_POINTER (f));
      g_signal_connect (button, "clicked", G_CALLBACK (on_follow_up_clicked), self);
      g_ptr_array_add (self->follow_up_buttons, button);
    }
  gtk_popover_set_child (GTK_POPOVER (self->follow_up_popover), content);
}

static void
on_request_follow_up (BsPlayView  *self,
                      int          cell,
                      BsPlayScene *scene)
{
  guint n_follow_ups = bs_play_scene_get_play_spec (scene)->n_follow_ups;
  g_autofree gboolean *legal = NULL;
  GdkRectangle rect;

  if (!bs_board_view_get_cell_rect (self->board_view, cell, &rect))
    return;
  /* Only the choices the rules allow for this move can be pressed. */
  legal = g_new0 (gboolean, MAX (n_follow_ups, 1));
  if (bs_play_scene_get_legal_follow_ups (scene, legal))
    for (guint f = 0; f < self->follow_up_buttons->len && f < n_follow_ups; f++)
      gtk_widget_set_sensitive (g_ptr_array_index (self->follow_up_buttons, f), legal[f]);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->follow_up_popover), &rect);
  gtk_popover_popup (GTK_POPOVER (self->follow_up_popover));
}

/* Explanations: why a click did nothing, a hint. Shown in the status
 * line's place (a toast would cover the board's controls), withdrawn as
 * soon as the position or the round's phase changes, or after a while. */

#define EXPLANATION_SECONDS 8

static gboolean
explanation_expired (gpointer data)
{
  BsPlayView *self = data;

  self->explanation_timeout = 0;
  bs_play_view_withdraw_explanation (self);
  return G_SOURCE_REMOVE;
}

void
bs_play_view_explain (BsPlayView      *self,
                      const char      *message,
                      BsExplanationKind kind)
{
  g_return_if_fail (BS_IS_PLAY_VIEW (self));
  g_return_if_fail (message != NULL);

  gtk_label_set_text (self->explanation_label, message);
  gtk_image_set_from_icon_name (self->explanation_icon,
                                kind == BS_EXPLANATION_REFUSAL ? "dialog-warning-symbolic"
                                                               : "dialog-information-symbolic");
  if (kind == BS_EXPLANATION_REFUSAL)
    gtk_widget_add_css_class (self->explanation_box, "warning");
  else
    gtk_widget_remove_css_class (self->explanation_box, "warning");
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->explanation_label), message);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->explanation_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, message, -1);
  gtk_widget_set_visible (self->explanation_box, TRUE);
  gtk_stack_set_visible_child_name (self->status_stack, "explanation");
  g_clear_handle_id (&self->explanation_timeout, g_source_remove);
  self->explanation_timeout = g_timeout_add_seconds (EXPLANATION_SECONDS, explanation_expired,
                                                     self);
}

void
bs_play_view_withdraw_explanation (BsPlayView *self)
{
  g_return_if_fail (BS_IS_PLAY_VIEW (self));

  g_clear_handle_id (&self->explanation_timeout, g_source_remove);
  gtk_stack_set_visible_child_name (self->status_stack, "status");
  /* Gone for assistive technologies too, not only out of sight. */
  gtk_widget_set_visible (self->explanation_box, FALSE);
}

const char *
bs_play_view_get_explanation (BsPlayView *self)
{
  g_return_val_if_fail (BS_IS_PLAY_VIEW (self), NULL);

  if (!gtk_widget_get_visible (self->explanation_box))
    return NULL;
  return gtk_label_get_text (self->explanation_label);
}

static void
on_scene_message (BsPlayView  *self,
                  const char  *message,
                  BsPlayScene *scene)
{
  bs_play_view_explain (self, message, BS_EXPLANATION_REFUSAL);
}

/* Everything from the scene and the model. */

static void
sync_all (BsPlayView *self)
{
  g_autofree char *status = NULL;

  if (self->scene == NULL)
    return;
  status = bs_play_scene_describe_turn (self->scene);
  gtk_label_set_text (self->status_label, status != NULL ? status : "");
  /* The follow-up chooser belongs to a pending move only. */
  if (bs_play_scene_get_pending_cell (self->scene) == BS_NO_CELL
      && gtk_widget_get_visible (self->follow_up_popover))
    gtk_popover_popdown (GTK_POPOVER (self->follow_up_popover));
  sync_chooser (self);
  sync_players (self);
  sync_round (self);
}

static void
on_position_changed (BsPlayView *self)
{
  /* What was explained belonged to the position that was. */
  bs_play_view_withdraw_explanation (self);
  sync_moves (self);
  sync_all (self);
}

static void
on_phase_changed (BsPlayView *self)
{
  bs_play_view_withdraw_explanation (self);
  sync_all (self);
}

/* The folded panel (a phone), out of sight: out of the accessibility tree
 * too (GTK 4.8 reports a widget AdwFlap hides as visible). */
static void
sync_panel_hidden (BsPlayView *self)
{
  if (self->side_panel == NULL)
    return;
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->side_panel), GTK_ACCESSIBLE_STATE_HIDDEN,
                               adw_flap_get_reveal_progress (self->flap) <= 0, -1);
}

static void
bs_play_view_dispose (GObject *object)
{
  BsPlayView *self = (BsPlayView *) object;

  if (self->scene_signals != NULL)
    g_signal_group_set_target (self->scene_signals, NULL);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->scene_signals);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->scene);
  g_clear_handle_id (&self->scroll_idle, g_source_remove);
  g_clear_handle_id (&self->explanation_timeout, g_source_remove);
  g_clear_pointer (&self->word_buttons, g_ptr_array_unref);
  g_clear_pointer (&self->follow_up_buttons, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), BS_TYPE_PLAY_VIEW);

  G_OBJECT_CLASS (bs_play_view_parent_class)->dispose (object);
}

static void
bs_play_view_class_init (BsPlayViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_play_view_dispose;

  g_type_ensure (BS_TYPE_ANNOUNCER);
  g_type_ensure (BS_TYPE_BOARD_VIEW);
  g_type_ensure (BS_TYPE_WRAP_BOX);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/boardsmith/Boardsmith/bs-play-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, chooser_box);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, board_view);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, announcer);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, handover_page);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, handover_button);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, round_bar);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, round_label);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, round_button);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, status_label);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, status_stack);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, explanation_box);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, explanation_icon);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, explanation_label);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, players_list);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, move_list);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, moves_scroller);
  gtk_widget_class_bind_template_child (widget_class, BsPlayView, side_panel);
  gtk_widget_class_bind_template_callback (widget_class, on_round_button_clicked);
  gtk_widget_class_bind_template_callback (widget_class, on_move_row_activated);
  gtk_widget_class_bind_template_callback (widget_class, bs_play_view_withdraw_explanation);
}

static void
bs_play_view_init (BsPlayView *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  bs_board_view_set_announcer (self->board_view, self->announcer);
  /* The template's top widget: AdwBin unparents it (never bound as a
   * template child, which would unparent it twice). */
  self->flap = ADW_FLAP (adw_bin_get_child (ADW_BIN (self)));
  g_signal_connect_object (self->flap, "notify::reveal-progress",
                           G_CALLBACK (sync_panel_hidden), self, G_CONNECT_SWAPPED);
  sync_panel_hidden (self);
  self->word_buttons = g_ptr_array_new ();
  self->follow_up_buttons = g_ptr_array_new ();
  g_signal_connect_object (gtk_scrolled_window_get_vadjustment (self->moves_scroller), "changed",
                           G_CALLBACK (on_moves_adjustment_changed), self, G_CONNECT_SWAPPED);

  self->scene_signals = g_signal_group_new (BS_TYPE_PLAY_SCENE);
  g_signal_group_connect_object (self->scene_signals, "changed",
                                 G_CALLBACK (sync_all), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->scene_signals, "notify::phase",
                                 G_CALLBACK (on_phase_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->scene_signals, "message",
                                 G_CALLBACK (on_scene_message), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->scene_signals, "request-follow-up",
                                 G_CALLBACK (on_request_follow_up), self, G_CONNECT_SWAPPED);
  self->game_signals = g_signal_group_new (BS_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "position-changed",
                                 G_CALLBACK (on_position_changed), self, G_CONNECT_SWAPPED);
  g_signal_group_connect_object (self->game_signals, "history-changed",
                                 G_CALLBACK (on_history_changed), self, G_CONNECT_SWAPPED);

  build_follow_up_popover (self);
}

BsPlayScene *
bs_play_view_get_scene (BsPlayView *self)
{
  g_return_val_if_fail (BS_IS_PLAY_VIEW (self), NULL);
  return self->scene;
}

void
bs_play_view_set_scene (BsPlayView  *self,
                        BsPlayScene *scene)
{
  GtkListBoxRow *row;

  g_return_if_fail (BS_IS_PLAY_VIEW (self));
  g_return_if_fail (scene == NULL || BS_IS_PLAY_SCENE (scene));

  if (!g_set_object (&self->scene, scene))
    return;

  gtk_popover_popdown (GTK_POPOVER (self->follow_up_popover));
  bs_play_view_withdraw_explanation (self);
  g_signal_group_set_target (self->scene_signals, scene);
  g_signal_group_set_target (self->game_signals, scene != NULL ? view_game (self) : NULL);
  bs_board_view_set_scene (self->board_view, scene);

  while ((row = gtk_list_box_get_row_at_index (self->move_list, 0)) != NULL)
    gtk_list_box_remove (self->move_list, GTK_WIDGET (row));
  if (scene == NULL)
    return;

  build_chooser (self);
  fill_follow_up_popover (self);
  build_players (self);
  on_position_changed (self);
}

BsBoardView *
bs_play_view_get_board_view (BsPlayView *self)
{
  g_return_val_if_fail (BS_IS_PLAY_VIEW (self), NULL);
  return self->board_view;
}

GtkWidget *
bs_play_view_get_default_focus (BsPlayView *self)
{
  g_return_val_if_fail (BS_IS_PLAY_VIEW (self), NULL);

  /* The board is hidden behind a hand-over: its button. */
  if (gtk_widget_get_visible (GTK_WIDGET (self->handover_page)))
    return self->handover_button;
  return GTK_WIDGET (self->board_view);
}

const char *
bs_play_view_get_status (BsPlayView *self)
{
  g_return_val_if_fail (BS_IS_PLAY_VIEW (self), NULL);
  return gtk_label_get_text (self->status_label);
}
