/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The app under Xvfb: each seed game is started in a real window and
 * played through the calls a click or a key makes (the scene's
 * activate_cell, the push chooser, the Tribes round button, the window's
 * actions), undone, saved as a record, reopened, and drawn to a PNG that
 * must not be blank. */

#include "config.h"

#include <math.h>
#include <string.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "bs-application.h"
#include "bs-board-view.h"
#include "bs-compat.h"
#include "bs-folders.h"
#include "bs-game-record.h"
#include "bs-software-gl.h"
#include "bs-rng.h"
#include "bs-screenshot.h"
#include "bs-start-view.h"
#include "bs-variant-xml.h"
#include "bs-widgets.h"
#include "bs-window.h"

#include "ui-test-util.h"

static BsApplication *app;

typedef struct {
  BsWindow *window;
  guint     n_messages;
  char     *tmpdir;
} Fixture;

/* A file opened in a thread: until it is shown, however loaded the machine. */
static gboolean
opened (gpointer window)
{
  return !bs_window_get_opening (window);
}

static void
wait_opened (BsWindow *window)
{
  ui_test_wait_until (opened, window, "the file opened");
  ui_test_pump_pending ();
}

/* The start page's own variants and recent files are read in threads:
 * until their rows are there. */
static gboolean
start_loaded (gpointer view)
{
  return !bs_start_view_get_loading (view);
}

static void
wait_start_loaded (BsWindow *window)
{
  ui_test_wait_until (start_loaded, bs_window_get_start_view (window),
                      "the start page's lists");
  ui_test_pump_pending ();
}

static void
on_message (Fixture    *fixture,
            const char *message)
{
  g_assert_nonnull (message);
  g_assert_cmpstr (message, !=, "");
  fixture->n_messages++;
}

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->window = bs_window_new (ADW_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1000, 700);
  gtk_window_present (GTK_WINDOW (fixture->window));
  fixture->tmpdir = g_dir_make_tmp ("boardsmith-ui-XXXXXX", NULL);
  g_assert_nonnull (fixture->tmpdir);
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->tmpdir, 0, NULL);
  const char *name;
  GList *toplevels;

  /* Nothing to save: close without asking. */
  if (bs_window_get_game (fixture->window) != NULL)
    bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != fixture->window)
      gtk_window_destroy (l->data);
  g_list_free (toplevels);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_pump_pending ();

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (fixture->tmpdir);
  g_free (fixture->tmpdir);
}

static gboolean
have_module (const char *id)
{
  if (bs_module_find (id) != NULL)
    return TRUE;
  g_test_skip ("the rule module is not built in this tree");
  return FALSE;
}

static BsPlayScene *
start (Fixture    *fixture,
       const char *name)
{
  g_autoptr(GError) error = NULL;
  BsPlayScene *scene;

  g_assert_true (bs_window_open_variant (fixture->window, name, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "play");
  scene = bs_window_get_scene (fixture->window);
  g_assert_nonnull (scene);
  g_signal_connect_swapped (scene, "message", G_CALLBACK (on_message), fixture);
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
  return scene;
}

static void check_not_blank (Fixture    *fixture,
                             const char *name);

static void
collect_menu_buttons (GtkWidget *widget,
                      GPtrArray *out)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_widget_get_tooltip_text (widget) != NULL)
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_menu_buttons (child, out);
}

/* Where file choosers open (bs-folders.h): the folder last chosen for the
 * kind while it exists, else the user's own folder, else home — never the
 * working directory, which the e2e test test_files.py also checks through
 * the real chooser. */
static void
test_folders (Fixture       *fixture,
              gconstpointer  data)
{
  g_autoptr(GSettings) settings = g_settings_new (APP_ID);
  g_autofree char *games = g_build_filename (fixture->tmpdir, "games", NULL);
  g_autofree char *record = g_build_filename (games, "a.boardsmith", NULL);
  g_autofree char *cwd = g_get_current_dir ();
  g_autoptr(GFile) file = g_file_new_for_path (record);
  static const BsFolderKind kinds[] = {
    BS_FOLDER_RECORDS, BS_FOLDER_OPEN, BS_FOLDER_VARIANTS, BS_FOLDER_IMAGES
  };

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      g_autoptr(GFile) folder = bs_folders_get_initial (kinds[i]);
      g_autofree char *path = g_file_get_path (folder);

      g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
      if (g_strcmp0 (cwd, g_get_home_dir ()) != 0)
        g_assert_cmpstr (path, !=, cwd);
    }

  /* A record saved in games/: Save and Open start there. */
  g_assert_cmpint (g_mkdir (games, 0700), ==, 0);
  bs_folders_remember (BS_FOLDER_RECORDS, file);
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr(GFile) folder = bs_folders_get_initial (kinds[i]);
      g_autofree char *path = g_file_get_path (folder);

      g_assert_cmpstr (path, ==, games);
    }
  /* Gone: back to the defaults. */
  g_assert_cmpint (g_rmdir (games), ==, 0);
  {
    g_autoptr(GFile) folder = bs_folders_get_initial (BS_FOLDER_RECORDS);
    g_autofree char *path = g_file_get_path (folder);

    g_assert_cmpstr (path, !=, games);
    g_assert_true (g_file_test (path, G_FILE_TEST_IS_DIR));
  }
  g_settings_reset (settings, "record-folder");
  g_settings_reset (settings, "open-folder");
}

static void
collect_swatches (GtkWidget *widget,
                  GPtrArray *out)
{
  if (GTK_IS_DRAWING_AREA (widget) && g_object_get_data (G_OBJECT (widget), "player") != NULL)
    g_ptr_array_add (out, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_swatches (child, out);
}

static void
pixel_rgb (const guint32 *pixels,
           int            width,
           int            x,
           int            y,
           double         rgb[3])
{
  guint32 px = pixels[(gsize) y * width + x];   /* premultiplied ARGB, opaque here */

  rgb[0] = ((px >> 16) & 0xff) / 255.0;
  rgb[1] = ((px >> 8) & 0xff) / 255.0;
  rgb[2] = (px & 0xff) / 255.0;
}

/* Issue 29: the board's coordinates were black on the dark window in the
 * dark style with high contrast. In each style (light, dark, each with high
 * contrast) the theme and window background the app gives the board leave
 * its coordinates at least WCAG's 4.5:1 from the window. */
static void
test_coordinate_contrast (void)
{
  for (int dark = 0; dark <= 1; dark++)
    for (int high_contrast = 0; high_contrast <= 1; high_contrast++)
      {
        BsRenderOptions o;
        BsRgba text, seen;
        double ratio;

        bs_render_options_init (&o);
        o.theme = bs_style_theme_for (dark, high_contrast);
        o.transparent = TRUE;
        o.backdrop = bs_style_backdrop_for (dark);
        text = bs_render_text_color (&o);
        seen = bs_rgba_over (&text, o.backdrop);
        ratio = bs_rgba_contrast (&seen, o.backdrop);
        g_test_message ("%s%s: coordinates at %.2f:1", dark ? "dark" : "light",
                        high_contrast ? ", high contrast" : "", ratio);
        g_assert_cmpfloat (ratio, >=, 4.5);
      }
}

/* Issue 13: in the dark style the dark player's colour dot beside its
 * name nearly disappeared on the dark card. Each swatch's rim, read from
 * the window as drawn, has a contrast ratio of at least 3:1 with the card
 * around it, in the light and the dark style. */
static void
test_swatch_contrast (Fixture       *fixture,
                      gconstpointer  data)
{
  static const AdwColorScheme schemes[] = { ADW_COLOR_SCHEME_FORCE_LIGHT,
                                            ADW_COLOR_SCHEME_FORCE_DARK };
  AdwStyleManager *style = adw_style_manager_get_default ();

  if (!have_module ("abrobad"))
    return;
  start (fixture, "abrobad");
  for (guint i = 0; i < G_N_ELEMENTS (schemes); i++)
    {
      g_autoptr(GPtrArray) swatches = g_ptr_array_new ();
      g_autoptr(GdkTexture) texture = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree guint32 *pixels = NULL;
      g_autofree char *png = NULL;
      int width;

      adw_style_manager_set_color_scheme (style, schemes[i]);
      ui_test_wait_frame (GTK_WIDGET (fixture->window));
      g_assert_true (adw_style_manager_get_dark (style) == (i == 1));
      texture = bs_screenshot_render (GTK_WIDGET (fixture->window), &error);
      g_assert_no_error (error);
      png = g_test_build_filename (G_TEST_BUILT, i == 1 ? "ui-swatches-dark.png"
                                                        : "ui-swatches-light.png", NULL);
      g_assert_true (gdk_texture_save_to_png (texture, png));
      width = gdk_texture_get_width (texture);
      pixels = g_new (guint32, (gsize) width * gdk_texture_get_height (texture));
      gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);

      collect_swatches (GTK_WIDGET (fixture->window), swatches);
      g_assert_cmpuint (swatches->len, ==, 2);
      for (guint k = 0; k < swatches->len; k++)
        {
          GtkWidget *swatch = swatches->pdata[k];
          GtkWidget *list = gtk_widget_get_ancestor (swatch, GTK_TYPE_LIST_BOX);
          g_autoptr(GdkTexture) dot = bs_screenshot_render (swatch, &error);
          guint32 dot_pixels[32 * 32];
          graphene_point_t on_card;
          int w;
          double rim[3], card[3], ratio, alpha;

          g_assert_no_error (error);
          w = gdk_texture_get_width (dot);
          g_assert_cmpint (w, <=, 32);
          g_assert_cmpint (gdk_texture_get_height (dot), <=, 32);
          gdk_texture_download (dot, (guchar *) dot_pixels, (gsize) w * 4);
          /* The rim: the dot's rightmost pixels but one, on its middle
           * row (opaque); the card, as the window shows it (its colour
           * is translucent): near the list's right end, where no row has
           * anything. */
          g_assert_true (gtk_widget_compute_point (list, GTK_WIDGET (fixture->window),
                                                   &GRAPHENE_POINT_INIT (
                                                     gtk_widget_get_width (list) - 12,
                                                     gtk_widget_get_height (list) / 4.0),
                                                   &on_card));
          pixel_rgb (pixels, width, (int) on_card.x, (int) on_card.y, card);
          /* Premultiplied: what shows of the card through the rim. */
          pixel_rgb (dot_pixels, w, w - 2, gdk_texture_get_height (dot) / 2, rim);
          alpha = (dot_pixels[(gdk_texture_get_height (dot) / 2) * w + w - 2] >> 24) / 255.0;
          for (int c = 0; c < 3; c++)
            rim[c] += card[c] * (1 - alpha);
          ratio = bs_render_contrast_ratio (rim, card);
          g_test_message ("%s style, player %d: rim #%02x%02x%02x on #%02x%02x%02x, %.2f:1",
                          i == 1 ? "dark" : "light", k + 1, (int) round (rim[0] * 255),
                          (int) round (rim[1] * 255), (int) round (rim[2] * 255),
                          (int) round (card[0] * 255), (int) round (card[1] * 255),
                          (int) round (card[2] * 255), ratio);
          g_assert_cmpfloat (ratio, >=, 3.0);
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* Every menu button with a tooltip (Players, Main Menu, the editor's More
 * Actions…) hides it while its popover is open: GTK 4.8 showed it over
 * the popover (the e2e test test_tooltips.py sees the tooltip itself). */
static void
test_menu_button_tooltips (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(GPtrArray) buttons = g_ptr_array_new ();

  if (!have_module ("agoraphobia"))
    return;
  start (fixture, "agoraphobia");
  collect_menu_buttons (GTK_WIDGET (fixture->window), buttons);
  /* Players and Main Menu in the header bar, More Actions in the editor's page. */
  g_assert_cmpuint (buttons->len, >=, 3);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkMenuButton *button = buttons->pdata[i];
      const char *tooltip = gtk_widget_get_tooltip_text (GTK_WIDGET (button));

      g_test_message ("menu button %s", tooltip);
      g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
      gtk_menu_button_popup (button);
      ui_test_wait_until (ui_test_is_mapped, gtk_menu_button_get_popover (button),
                          "the menu mapped");
      g_assert_true (gtk_widget_get_visible (GTK_WIDGET (gtk_menu_button_get_popover (button))));
      g_assert_false (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
      gtk_menu_button_popdown (button);
      ui_test_wait_until (ui_test_is_unmapped, gtk_menu_button_get_popover (button),
                          "the menu unmapped");
      g_assert_true (gtk_widget_get_has_tooltip (GTK_WIDGET (button)));
      g_assert_cmpstr (gtk_widget_get_tooltip_text (GTK_WIDGET (button)), ==, tooltip);
    }
}

/* One Tribes round: player 1 orders one piece to a highlighted neighbour,
 * player 2 leaves every piece to defend. */
static void
play_round (Fixture     *fixture,
            BsPlayScene *scene)
{
  BsGame *game = bs_play_scene_get_game (scene);
  BsPlayView *view = bs_window_get_play_view (fixture->window);
  const BsPosition *pos = bs_game_get_position (game);
  guint before = bs_game_get_n_turns (game);
  int piece = BS_NO_CELL, target = BS_NO_CELL;
  BsRenderOptions options;
  guint n_pieces;

  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_HANDOVER);
  g_assert_cmpint (bs_play_scene_get_entering (scene), ==, 1);
  g_assert_false (bs_position_is_over (pos));
  bs_play_view_advance_round (view);
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_ORDERS);

  for (int c = 0; c < bs_game_get_ruleset (game)->n_cells && piece == BS_NO_CELL; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == 1)
      piece = c;
  g_assert_cmpint (piece, !=, BS_NO_CELL);
  bs_play_scene_activate_cell (scene, piece);
  g_assert_cmpint (bs_play_scene_get_selected (scene), ==, piece);

  bs_render_options_init (&options);
  bs_play_scene_fill_render_options (scene, &options);
  for (int c = 0; c < bs_game_get_ruleset (game)->n_cells && target == BS_NO_CELL; c++)
    if (options.highlights[c])
      target = c;
  g_assert_cmpint (target, !=, BS_NO_CELL);
  bs_play_scene_activate_cell (scene, target);
  g_assert_cmpint (bs_play_scene_get_order (scene, piece), ==, target);
  g_assert_cmpuint (bs_play_scene_count_orders (scene, &n_pieces), ==, 1);
  g_assert_cmpuint (n_pieces, ==, (guint) bs_position_pieces (pos, 1));
  if (before == 0)
    check_not_blank (fixture, "tribes-orders");

  /* Player 1's orders are drawn only for player 1: the board is hidden
   * while player 2 takes over. */
  bs_play_view_advance_round (view);
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_HANDOVER);
  g_assert_cmpint (bs_play_scene_get_entering (scene), ==, 2);
  g_assert_null (bs_play_scene_get_display_position (scene));

  bs_play_view_advance_round (view);
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_ORDERS);
  g_assert_cmpuint (bs_play_scene_count_orders (scene, NULL), ==, 0);
  bs_play_view_advance_round (view);

  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_REVEAL);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, before + 1);
  g_assert_nonnull (bs_play_scene_get_reveal_text (scene));
  bs_render_options_init (&options);
  bs_play_scene_fill_render_options (scene, &options);
  g_assert_nonnull (options.orders);
  g_assert_cmpint (options.orders[piece], ==, target);
  if (before == 0)
    check_not_blank (fixture, "tribes-reveal");

  bs_play_view_advance_round (view);
  if (!bs_position_is_over (bs_game_get_position (game)))
    g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_HANDOVER);
}

/* Plays one turn through what clicks do; every click that plays nothing
 * and selects nothing must have said why. */
static void
play_turn (Fixture     *fixture,
           BsPlayScene *scene)
{
  BsGame *game = bs_play_scene_get_game (scene);
  const BsRuleset *rs = bs_game_get_ruleset (game);
  guint before = bs_game_get_n_turns (game);
  if (bs_play_scene_gives_orders (scene))
    {
      play_round (fixture, scene);
      return;
    }
  if (bs_play_scene_can_play_word (scene, "pass"))
    {
      g_assert_true (bs_play_scene_play_word (scene, "pass"));
      g_assert_cmpuint (bs_game_get_n_turns (game), ==, before + 1);
      return;
    }

  /* From the centre outwards, where the games have room to play. */
  for (int k = 0; k < rs->n_cells; k++)
    {
      guint messages = fixture->n_messages;
      int c = (rs->n_cells / 2 + k) % rs->n_cells;

      bs_play_scene_cancel (scene);
      bs_play_scene_activate_cell (scene, c);
      if (bs_game_get_n_turns (game) > before)
        return;
      if (bs_play_scene_get_pending_cell (scene) == c)
        {
          const BsPlaySpec *play = bs_play_scene_get_play_spec (scene);

          g_assert_true (play->flags & BS_PLAY_FOLLOW_UP);
          g_assert_true (bs_play_scene_choose_follow_up (scene,
                                                         (int) (before % play->n_follow_ups)));
          g_assert_cmpuint (bs_game_get_n_turns (game), ==, before + 1);
          return;
        }
      if (bs_play_scene_get_selected (scene) == c)
        {
          BsRenderOptions options;

          /* A piece: go to the first highlighted target. */
          bs_render_options_init (&options);
          bs_play_scene_fill_render_options (scene, &options);
          for (int t = 0; t < rs->n_cells; t++)
            if (options.highlights[t])
              {
                bs_play_scene_activate_cell (scene, t);
                g_assert_cmpuint (bs_game_get_n_turns (game), ==, before + 1);
                return;
              }
          g_assert_not_reached ();
        }
      g_assert_cmpuint (fixture->n_messages, >, messages);
    }
  for (guint i = 0; i < bs_game_get_n_turns (game); i++)
    g_printerr ("# played %s\n", bs_game_get_notation (game, i));
  g_printerr ("# status: %s; last message: %s\n",
              bs_play_view_get_status (bs_window_get_play_view (fixture->window)),
              bs_window_get_last_message (fixture->window));
  g_assert_not_reached ();
}

static gboolean
same_position (const BsRuleset  *rs,
               const BsPosition *a,
               const BsPosition *b)
{
  return a->to_move == b->to_move && a->ply == b->ply && a->result == b->result
         && memcmp (a->cells, b->cells, rs->n_cells) == 0
         && memcmp (a->supply, b->supply, sizeof a->supply) == 0;
}

static void
check_not_blank (Fixture    *fixture,
                 const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  g_autofree guint32 *pixels = NULL;
  g_autofree char *png = NULL;
  g_autofree char *file = g_strdup_printf ("ui-%s.png", name);
  int width, height;
  guint most = 0;

  /* A loaded machine (or a sanitizer build) may take a while to lay the
   * window out and draw its first frame. */
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
  texture = bs_screenshot_render (GTK_WIDGET (fixture->window), &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  g_assert_cmpint (width, >=, 600);
  g_assert_cmpint (height, >=, 480);

  pixels = g_new (guint32, (gsize) width * height);
  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  for (int i = 0; i < width * height; i++)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (colours, GUINT_TO_POINTER (pixels[i])));

      g_hash_table_insert (colours, GUINT_TO_POINTER (pixels[i]), GUINT_TO_POINTER (n + 1));
      most = MAX (most, n + 1);
    }
  /* A blank or single-colour window has a handful of colours; a drawn
   * board with pieces, labels and text has hundreds. */
  g_assert_cmpuint (g_hash_table_size (colours), >, 200);
  g_assert_cmpfloat ((double) most / (width * height), <, 0.8);

  /* Kept for people to look at. */
  png = g_test_build_filename (G_TEST_BUILT, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, png));
}

static void
test_start_view (Fixture       *fixture,
                 gconstpointer  data)
{
  g_auto(GStrv) builtin = bs_variant_list_builtin ();

  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "start");
  g_assert_nonnull (builtin);
  g_assert_cmpuint (g_strv_length (builtin), >=, 5);
  check_not_blank (fixture, "start");
}

static void
test_play_game (Fixture       *fixture,
                gconstpointer  data)
{
  const char *name = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) notations = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *path = NULL;
  g_autofree BsPosition *final = NULL;
  BsPlayScene *scene;
  BsGame *game;
  const BsRuleset *rs;
  guint n_turns = 0;

  if (!have_module (name))
    return;
  scene = start (fixture, name);
  game = bs_play_scene_get_game (scene);
  rs = bs_game_get_ruleset (game);

  /* Three turns, or fewer when the game ends (a Tribes round in which
   * every defender starves can end it). */
  while (n_turns < 3 && !bs_position_is_over (bs_game_get_position (game)))
    {
      play_turn (fixture, scene);
      n_turns++;
    }
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, n_turns);
  g_assert_true (bs_game_get_modified (game));
  g_assert_false (same_position (rs, bs_game_get_position (game),
                                 bs_game_get_position_at (game, 0)));
  final = bs_position_dup (rs, bs_game_get_position (game));
  for (guint i = 0; i < n_turns; i++)
    g_ptr_array_add (notations, g_strdup (bs_game_get_notation (game, i)));
  check_not_blank (fixture, name);

  /* Undo and redo through the window's actions (Ctrl+Z, Shift+Ctrl+Z). */
  for (guint i = 0; i < n_turns; i++)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_cmpuint (bs_game_get_current (game), ==, 0);
  g_assert_false (bs_game_get_can_undo (game));
  {
    g_autofree BsPosition *fresh = bs_ruleset_new_position (rs, bs_game_get_seed (game));
    g_assert_true (same_position (rs, bs_game_get_position (game), fresh));
  }
  for (guint i = 0; i < n_turns; i++)
    gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.redo", NULL);
  g_assert_cmpuint (bs_game_get_current (game), ==, n_turns);
  g_assert_true (same_position (rs, bs_game_get_position (game), final));

  /* Alt+Left goes back through the history; the move list shows it. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.history-back", NULL);
  g_assert_cmpuint (bs_game_get_current (game), ==, n_turns - 1);
  /* Tribes: back in the history, the board shows how the round went. */
  if (bs_play_scene_gives_orders (scene) && n_turns > 1)
    {
      g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_REVEAL);
      g_assert_nonnull (bs_play_scene_get_doomed (scene));
    }
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.history-forward", NULL);
  g_assert_cmpuint (bs_game_get_current (game), ==, n_turns);

  /* Save, reopen: the same moves and the same position. */
  path = g_build_filename (fixture->tmpdir, "game.boardsmith", NULL);
  file = g_file_new_for_path (path);
  g_assert_true (bs_window_save_record (fixture->window, file, &error));
  g_assert_no_error (error);
  g_assert_false (bs_game_get_modified (game));
  g_assert_true (bs_file_is_record (file));

  g_assert_true (bs_window_open_file (fixture->window, file, &error));
  g_assert_no_error (error);
  game = bs_window_get_game (fixture->window);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, n_turns);
  g_assert_false (bs_game_get_modified (game));
  for (guint i = 0; i < n_turns; i++)
    g_assert_cmpstr (bs_game_get_notation (game, i), ==, g_ptr_array_index (notations, i));
  g_assert_true (same_position (bs_game_get_ruleset (game), bs_game_get_position (game), final));
  ui_test_pump_pending ();
}

/* Clicking an occupied cell in Agoraphobia plays nothing and says why, in
 * the engine's words. */
static void
test_illegal_click_explained (Fixture       *fixture,
                              gconstpointer  data)
{
  BsPlayScene *scene;
  BsGame *game;
  BsPlayView *view;
  g_autofree char *status = NULL;
  int occupied = BS_NO_CELL;
  guint messages;

  if (!have_module ("agoraphobia"))
    return;
  scene = start (fixture, "agoraphobia");
  game = bs_play_scene_get_game (scene);
  play_turn (fixture, scene);
  for (int c = 0; c < bs_game_get_ruleset (game)->n_cells; c++)
    if (bs_game_get_position (game)->cells[c] != BS_CELL_EMPTY)
      occupied = c;
  g_assert_cmpint (occupied, !=, BS_NO_CELL);

  messages = fixture->n_messages;
  bs_play_scene_activate_cell (scene, occupied);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, 1);
  g_assert_cmpuint (fixture->n_messages, ==, messages + 1);
  g_assert_nonnull (bs_window_get_last_message (fixture->window));
  /* Said in the status line's place, not in a toast over the board's
   * controls; the status itself is kept for when it goes. */
  view = bs_window_get_play_view (fixture->window);
  g_assert_cmpstr (bs_play_view_get_explanation (view), ==,
                   bs_window_get_last_message (fixture->window));
  status = g_strdup (bs_play_view_get_status (view));

  /* It belongs to the position it was given in (issue 13.5): a move, an
   * undo or a redo withdraws it. */
  play_turn (fixture, scene);
  g_assert_null (bs_play_view_get_explanation (view));
  /* (Pieces are pushed around: one that is there now.) */
  for (int c = 0; c < bs_game_get_ruleset (game)->n_cells; c++)
    if (bs_game_get_position (game)->cells[c] != BS_CELL_EMPTY)
      occupied = c;
  bs_play_scene_activate_cell (scene, occupied);
  g_assert_nonnull (bs_play_view_get_explanation (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  g_assert_null (bs_play_view_get_explanation (view));
  g_assert_cmpstr (bs_play_view_get_status (view), ==, status);
  for (int c = 0; c < bs_game_get_ruleset (game)->n_cells; c++)
    if (bs_game_get_position (game)->cells[c] != BS_CELL_EMPTY)
      occupied = c;
  bs_play_scene_activate_cell (scene, occupied);
  g_assert_nonnull (bs_play_view_get_explanation (view));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.redo", NULL));
  g_assert_null (bs_play_view_get_explanation (view));
}

/* The first button under `root` whose tooltip is `tooltip`. */
static GtkWidget *
find_button_with_tooltip (GtkWidget  *root,
                          const char *tooltip)
{
  if (GTK_IS_BUTTON (root) && g_strcmp0 (gtk_widget_get_tooltip_text (root), tooltip) == 0)
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button_with_tooltip (child, tooltip);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Pixels → cells: the centre of every cell maps back to it, a point
 * outside the board to no cell; arrows move the cursor to neighbours. */
/* Whether a popover below widget is shown (the board's push chooser). */
static gboolean
has_shown_popover (gpointer widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_POPOVER (child) && gtk_widget_get_mapped (child))
      return TRUE;
  return FALSE;
}

static gboolean
is_hidden (gpointer widget)
{
  return !gtk_widget_get_visible (widget);
}

static void
test_board_mapping_and_cursor (Fixture       *fixture,
                               gconstpointer  data)
{
  BsPlayScene *scene;
  BsBoardView *view;
  const BsRuleset *rs;
  GdkRectangle rect;
  GtkWidget *push_north;
  int a1, b1, a2;

  if (!have_module ("astoria"))
    return;
  scene = start (fixture, "astoria");
  view = bs_play_view_get_board_view (bs_window_get_play_view (fixture->window));
  rs = bs_game_get_ruleset (bs_play_scene_get_game (scene));
  ui_test_wait_frame (GTK_WIDGET (view));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (view)), >, 100);

  for (int c = 0; c < rs->n_cells; c++)
    {
      g_assert_true (bs_board_view_get_cell_rect (view, c, &rect));
      g_assert_cmpint (bs_board_view_cell_at (view, rect.x + rect.width / 2.0,
                                              rect.y + rect.height / 2.0), ==, c);
    }
  g_assert_cmpint (bs_board_view_cell_at (view, 1, 1), ==, BS_NO_CELL);

  a1 = bs_board_find_cell (rs->board, "a1", NULL);
  b1 = bs_board_find_cell (rs->board, "b1", NULL);
  a2 = bs_board_find_cell (rs->board, "a2", NULL);
  g_assert_cmpint (bs_board_view_step_cursor (view, a1, 1, 0), ==, b1);
  g_assert_cmpint (bs_board_view_step_cursor (view, a1, 0, -1), ==, a2);
  g_assert_cmpint (bs_board_view_step_cursor (view, a1, -1, 0), ==, a1);
  g_assert_cmpint (bs_board_view_step_cursor (view, b1, -1, 0), ==, a1);

  /* Enter on the cursor does what a click does: here, ask for the push. */
  bs_play_scene_set_cursor (scene, b1);
  bs_play_scene_activate_cell (scene, bs_play_scene_get_cursor (scene));
  g_assert_cmpint (bs_play_scene_get_pending_cell (scene), ==, b1);

  /* The push chooser pops up at the cell. */
  ui_test_wait_until (has_shown_popover, view, "the push chooser");
  {
    GtkWidget *popover = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *png = g_test_build_filename (G_TEST_BUILT, "ui-push-popover.png", NULL);

    for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (view)); child != NULL;
         child = gtk_widget_get_next_sibling (child))
      if (GTK_IS_POPOVER (child))
        popover = child;
    g_assert_nonnull (popover);
    g_assert_true (gtk_widget_get_visible (popover));
    ui_test_wait_frame (popover);
    g_assert_true (bs_screenshot_save_png (popover, png, &error));
    g_assert_no_error (error);

    /* Its button plays the move (the popover closing must not cancel the
     * placement first: issue 12). */
    push_north = find_button_with_tooltip (popover, "Push North");
    g_assert_nonnull (push_north);
    g_assert_true (gtk_widget_activate (push_north));
    /* It closes (after its animation, slow under sanitizers). */
    ui_test_wait_until (is_hidden, popover, "the push chooser closed");
    g_assert_false (gtk_widget_get_visible (popover));
  }
  g_assert_cmpuint (bs_game_get_n_turns (bs_play_scene_get_game (scene)), ==, 1);
  g_assert_cmpint (bs_play_scene_get_pending_cell (scene), ==, BS_NO_CELL);
  /* The piece was placed (and pushed north one cell). */
  g_assert_cmpint (bs_position_pieces (bs_game_get_position (bs_play_scene_get_game (scene)), 1),
                   ==, 1);
  ui_test_pump_pending ();
}

static GtkWindow *wait_toplevel (GType       type,
                                 const char *what);

/* Astoria to its end through clicks: the game-over dialog appears. */
static void
test_game_over_dialog (Fixture       *fixture,
                       gconstpointer  data)
{
  BsPlayScene *scene;
  BsGame *game;
  GList *toplevels;
  gboolean found = FALSE;

  if (!have_module ("astoria"))
    return;
  scene = start (fixture, "astoria");
  game = bs_play_scene_get_game (scene);
  for (int i = 0; i < 200 && !bs_position_is_over (bs_game_get_position (game)); i++)
    play_turn (fixture, scene);
  g_assert_true (bs_position_is_over (bs_game_get_position (game)));
  wait_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the game-over dialog");

  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data))
      {
        g_autofree char *heading = bs_game_describe_result (game);
        g_assert_cmpstr (adw_message_dialog_get_heading (l->data), ==, heading);
        found = TRUE;
      }
  g_list_free (toplevels);
  g_assert_true (found);
}

static GtkWindow *
find_toplevel_except (GType      type,
                      GtkWindow *except)
{
  GList *toplevels = gtk_window_list_toplevels ();
  GtkWindow *found = NULL;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data)
        && l->data != except)
      found = l->data;
  g_list_free (toplevels);
  return found;
}

static GtkWindow *
find_toplevel (GType type)
{
  return find_toplevel_except (type, NULL);
}

static gboolean
has_toplevel (GType type)
{
  GList *toplevels = gtk_window_list_toplevels ();
  gboolean found = FALSE;

  for (GList *l = toplevels; l != NULL; l = l->next)
    found |= G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data);
  g_list_free (toplevels);
  return found;
}

static gboolean
toplevel_shown (gpointer type)
{
  return find_toplevel (GPOINTER_TO_SIZE (type)) != NULL;
}

/* Until a window of type is shown; returns it. */
static GtkWindow *
wait_toplevel (GType       type,
               const char *what)
{
  ui_test_wait_until (toplevel_shown, GSIZE_TO_POINTER (type), what);
  return find_toplevel (type);
}

/* The primary menu's windows: keyboard shortcuts (Ctrl+?), About, How to
 * play (F1); and the GNOME games accelerators are in place. */
static void
test_menu_windows (Fixture       *fixture,
                   gconstpointer  data)
{
  g_auto(GStrv) undo = NULL;
  g_auto(GStrv) help = NULL;
  g_auto(GStrv) back = NULL;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                             "win.show-help-overlay", NULL));
  wait_toplevel (GTK_TYPE_SHORTCUTS_WINDOW, "the shortcuts window");
  g_assert_true (has_toplevel (GTK_TYPE_SHORTCUTS_WINDOW));

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  wait_toplevel (ADW_TYPE_ABOUT_WINDOW, "the About window");
  g_assert_true (has_toplevel (ADW_TYPE_ABOUT_WINDOW));
  /* The icon About shows is the app's own, found uninstalled too (the resources). */
  g_assert_true (gtk_icon_theme_has_icon (
    gtk_icon_theme_get_for_display (gtk_widget_get_display (GTK_WIDGET (fixture->window))),
    APP_ID));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.help", NULL));
  wait_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the help");
  g_assert_true (has_toplevel (ADW_TYPE_MESSAGE_DIALOG));

  undo = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.undo");
  help = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.help");
  back = gtk_application_get_accels_for_action (GTK_APPLICATION (app), "win.history-back");
  g_assert_cmpstr (undo[0], ==, "<Control>z");
  g_assert_cmpstr (help[0], ==, "F1");
  g_assert_cmpstr (back[0], ==, "<Alt>Left");
}

/* Everything the help dialog says: its body, then each label of its
 * sections, one a line. */
static char *
help_text (AdwMessageDialog *dialog)
{
  GString *text = g_string_new (adw_message_dialog_get_body (dialog));
  GtkWidget *extra = adw_message_dialog_get_extra_child (dialog);
  GtkWidget *child;

  g_assert_nonnull (extra);
  g_assert_true (GTK_IS_SCROLLED_WINDOW (extra));
  child = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (extra));
  if (GTK_IS_VIEWPORT (child))
    child = gtk_viewport_get_child (GTK_VIEWPORT (child));
  for (child = gtk_widget_get_first_child (child); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_LABEL (child))
      g_string_append_printf (text, "\n%s", gtk_label_get_text (GTK_LABEL (child)));
  return g_string_free (text, FALSE);
}

/* The interaction, the help and the hover come from the module's play
 * declaration and the legal moves, for every seed game: the choosers offered,
 * the words' buttons, the help's controls paragraph naming what the
 * declaration names, and the cells the pointer marks. */
static void
test_interaction_from_declaration (Fixture       *fixture,
                                   gconstpointer  data)
{
  const char *name = data;
  BsPlayScene *scene;
  const BsPlaySpec *play;
  const BsRuleset *rs;
  const BsPosition *pos;
  BsBoardView *view;
  AdwMessageDialog *dialog;
  g_autofree char *body = NULL;
  int kinds[BS_MAX_KINDS];
  guint n_kinds, n_start = 0;
  gboolean directed = FALSE;
  int acts = 0;

  if (!have_module (name))
    return;
  scene = start (fixture, name);
  play = bs_play_scene_get_play_spec (scene);
  rs = bs_game_get_ruleset (bs_play_scene_get_game (scene));
  pos = bs_game_get_position (bs_play_scene_get_game (scene));
  g_assert_true (play == rs->module->play);

  /* Kinds: those in hand at the start, when pieces are placed. */
  n_kinds = bs_play_scene_get_kind_choices (scene, kinds);
  for (guint k = 0; k < rs->module->n_kinds; k++)
    if ((play->flags & BS_PLAY_PLACE) && (pos->supply[0][k] > 0 || pos->supply[1][k] > 0))
      {
        g_assert_cmpint (kinds[n_start++], ==, (int) k);
        directed |= rs->module->kinds[k].directed;
      }
  g_assert_cmpuint (n_kinds, ==, n_start);
  g_assert_cmpint (bs_play_scene_has_direction_choice (scene), ==, directed);
  g_assert_cmpint (bs_play_scene_gives_orders (scene), ==, (play->flags & BS_PLAY_ORDERS) != 0);

  /* The help says how to play in the declaration's own words. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.help", NULL));
  wait_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the help");
  dialog = ADW_MESSAGE_DIALOG (find_toplevel (ADW_TYPE_MESSAGE_DIALOG));
  g_assert_nonnull (dialog);
  body = help_text (dialog);
  g_test_message ("%s: %s", name, body);
  /* The rules, how to win and how to play, each under its heading. */
  g_assert_nonnull (strstr (body, "Rules\n"));
  g_assert_nonnull (strstr (body, "How to Win\n"));
  g_assert_nonnull (strstr (body, "How to Play\n"));
  for (guint w = 0; w < play->n_words; w++)
    {
      g_autofree char *label = g_strdup (play->words[w].label);
      char *mnemonic = strchr (label, '_');

      if (mnemonic != NULL)
        memmove (mnemonic, mnemonic + 1, strlen (mnemonic));
      g_assert_nonnull (strstr (body, label));
      g_assert_nonnull (strstr (body, play->words[w].description));
    }
  if (play->flags & BS_PLAY_FOLLOW_UP)
    g_assert_nonnull (strstr (body, play->follow_up_prompt));
  if (directed)
    g_assert_nonnull (strstr (body, play->direction_prompt));
  if (play->stay_label != NULL)
    g_assert_nonnull (strstr (body, play->stay_label));
  if (n_kinds > 1)
    for (guint i = 0; i < n_kinds; i++)
      g_assert_nonnull (strstr (body, rs->module->kinds[kinds[i]].label));
  gtk_window_destroy (GTK_WINDOW (dialog));
  ui_test_pump_pending ();

  /* The hover: a cell a click acts on; with the legal moves hidden, any. */
  view = bs_play_view_get_board_view (bs_window_get_play_view (fixture->window));
  if (bs_play_scene_gives_orders (scene))
    {
      /* Hidden behind the hand-over: nothing to act on. */
      for (int c = 0; c < rs->n_cells; c++)
        g_assert_false (bs_play_scene_can_act_on (scene, c));
      return;
    }
  for (int c = 0; c < rs->n_cells; c++)
    {
      guint messages = fixture->n_messages;
      guint turns = bs_game_get_n_turns (bs_play_scene_get_game (scene));
      gboolean can = bs_play_scene_can_act_on (scene, c);

      acts += can;
      /* What a click does agrees: it acts, or it says why not. */
      bs_play_scene_activate_cell (scene, c);
      if (can)
        g_assert_true (bs_game_get_n_turns (bs_play_scene_get_game (scene)) > turns
                       || bs_play_scene_get_selected (scene) == c
                       || bs_play_scene_get_pending_cell (scene) == c);
      else
        g_assert_cmpuint (fixture->n_messages, >, messages);
      if (bs_game_get_n_turns (bs_play_scene_get_game (scene)) > turns)
        {
          gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL);
          g_assert_cmpuint (bs_game_get_n_turns (bs_play_scene_get_game (scene)), ==, turns + 1);
          bs_game_drop_redo (bs_play_scene_get_game (scene));
        }
      bs_play_scene_cancel (scene);
    }
  g_assert_cmpint (acts, >, 0);
  g_assert_cmpint (bs_board_view_get_hover (view), ==, BS_NO_CELL);
  bs_play_scene_set_show_legal (scene, FALSE);
  for (int c = 0; c < rs->n_cells; c++)
    g_assert_true (bs_play_scene_can_act_on (scene, c));
  bs_play_scene_set_show_legal (scene, TRUE);
}

/* The style preference drives AdwStyleManager. */
static void
test_theme_setting (Fixture       *fixture,
                    gconstpointer  data)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  g_action_group_activate_action (G_ACTION_GROUP (app), "theme", g_variant_new_string ("dark"));
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_DARK);
  g_assert_true (adw_style_manager_get_dark (style));
  g_action_group_activate_action (G_ACTION_GROUP (app), "theme", g_variant_new_string ("light"));
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_FORCE_LIGHT);
  g_action_group_activate_action (G_ACTION_GROUP (app), "theme", g_variant_new_string ("system"));
  g_assert_cmpint (adw_style_manager_get_color_scheme (style), ==, ADW_COLOR_SCHEME_DEFAULT);
}

/* Ctrl+N with unsaved moves asks first; Discard starts afresh, Cancel
 * keeps the game. */
/* Whether a question other than *data (a weak pointer) is shown. */
static gboolean
another_question (gpointer data)
{
  return find_toplevel_except (ADW_TYPE_MESSAGE_DIALOG, *(GtkWindow **) data) != NULL;
}

static void
test_confirm_new_game (Fixture       *fixture,
                       gconstpointer  data)
{
  BsPlayScene *scene;
  BsGame *game;
  GtkWindow *dialog, *first;

  if (!have_module ("astoria"))
    return;
  scene = start (fixture, "astoria");
  game = bs_play_scene_get_game (scene);
  play_turn (fixture, scene);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-game", NULL);
  wait_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the question");
  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_assert_true (bs_window_get_game (fixture->window) == game);
  first = dialog;
  g_object_add_weak_pointer (G_OBJECT (first), (gpointer *) &first);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "cancel");
  ui_test_pump_pending ();
  g_assert_true (bs_window_get_game (fixture->window) == game);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-game", NULL);
  /* The first dialog may still be closing. */
  ui_test_wait_until (another_question, &first, "the second question");
  dialog = find_toplevel_except (ADW_TYPE_MESSAGE_DIALOG, first);
  if (first != NULL)
    g_object_remove_weak_pointer (G_OBJECT (first), (gpointer *) &first);
  g_assert_nonnull (dialog);
  adw_message_dialog_response (ADW_MESSAGE_DIALOG (dialog), "discard");
  ui_test_pump_pending ();
  g_assert_true (bs_window_get_game (fixture->window) != game);
  g_assert_cmpuint (bs_game_get_n_turns (bs_window_get_game (fixture->window)), ==, 0);
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "play");
}

/* Every seed game played to its end through clicks (Abrobad ends itself
 * with End Game once it may): the result shows in a dialog. */
static void
test_play_to_end (Fixture       *fixture,
                  gconstpointer  data)
{
  const char *name = data;
  BsPlayScene *scene;
  BsGame *game;
  GtkWindow *dialog;
  g_autofree char *heading = NULL;
  g_autofree char *why = NULL;
  g_autofree char *status = NULL;
  int turns = 0;

  if (!have_module (name))
    return;
  scene = start (fixture, name);
  game = bs_play_scene_get_game (scene);
  while (!bs_position_is_over (bs_game_get_position (game)) && turns++ < 2000)
    {
      if (bs_play_scene_can_play_word (scene, "end"))
        g_assert_true (bs_play_scene_play_word (scene, "end"));
      else
        play_turn (fixture, scene);
    }
  g_assert_true (bs_position_is_over (bs_game_get_position (game)));
  if (bs_play_scene_gives_orders (scene)
      && bs_play_scene_get_phase (scene) == BS_ROUND_PHASE_REVEAL)
    bs_play_view_advance_round (bs_window_get_play_view (fixture->window));
  wait_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the game-over dialog");

  dialog = find_toplevel (ADW_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  heading = bs_game_describe_result (game);
  g_assert_nonnull (heading);
  why = bs_game_describe_ending (game);
  g_assert_nonnull (why);
  g_assert_cmpint (bs_game_get_ending (game), !=, BS_ENDING_NONE);
  /* Who wins in the heading; why, and how long it took, in the body. */
  g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (dialog)), ==, heading);
  g_assert_true (g_str_has_prefix (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)), why));
  g_assert_nonnull (strstr (adw_message_dialog_get_body (ADW_MESSAGE_DIALOG (dialog)),
                            "\n\nThe game lasted "));
  /* A draw's ending says it is one: the status does not repeat "Draw". */
  if (bs_game_get_result (game) == BS_RESULT_DRAW)
    status = g_strdup (why);
  else
    status = g_strdup_printf ("%s — %s", heading, why);
  g_assert_cmpstr (bs_play_view_get_status (bs_window_get_play_view (fixture->window)), ==,
                   status);
}

/* The first label below widget whose text starts with prefix. */
static GtkWidget *
find_label_starting (GtkWidget  *widget,
                     const char *prefix)
{
  if (GTK_IS_LABEL (widget) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_label_starting (child, prefix);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A player's row in the sidebar gives each measure a line of its own: a
 * narrow sidebar wrapped "· Furthest row: 2" alone on a line (issue 29). */
static void
test_measures_on_lines (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkWidget *details;
  const char *text;

  if (!have_module ("breakthrough"))
    return;
  start (fixture, "breakthrough");
  details = find_label_starting (GTK_WIDGET (fixture->window), "On the board: ");
  g_assert_nonnull (details);
  text = gtk_label_get_text (GTK_LABEL (details));
  g_assert_nonnull (strstr (text, "\nFurthest row: "));
  g_assert_null (strstr (text, "·"));
}

/* The piece-kind chooser follows the player to move: each player's own
 * last choice, not the one the other player just made (issue 29). */
static void
test_kind_follows_player (Fixture       *fixture,
                          gconstpointer  data)
{
  BsPlayScene *scene;
  BsGame *game;
  int kinds[BS_MAX_KINDS];

  if (!have_module ("agoraphobia"))
    return;
  scene = start (fixture, "agoraphobia");
  game = bs_play_scene_get_game (scene);
  g_assert_cmpuint (bs_play_scene_get_kind_choices (scene, kinds), ==, 2);
  g_assert_cmpint (bs_play_scene_get_kind (scene), ==, kinds[0]);
  /* Light places a large piece… */
  bs_play_scene_set_kind (scene, kinds[1]);
  play_turn (fixture, scene);
  g_assert_cmpint (bs_game_get_position (game)->to_move, ==, 2);
  /* …Dark, who chose nothing yet, is offered the first kind… */
  g_assert_cmpint (bs_play_scene_get_kind (scene), ==, kinds[0]);
  play_turn (fixture, scene);
  /* …and Light, on their turn again, their own last choice. */
  g_assert_cmpint (bs_game_get_position (game)->to_move, ==, 1);
  g_assert_cmpint (bs_play_scene_get_kind (scene), ==, kinds[1]);
  /* Taking a turn back gives it back to Dark, with Dark's choice. */
  bs_game_undo (game);
  g_assert_cmpint (bs_game_get_position (game)->to_move, ==, 2);
  g_assert_cmpint (bs_play_scene_get_kind (scene), ==, kinds[0]);
}

/* A drawn game's status says "draw" once (issue 29: "Draw — Neither player
 * has a piece left: a draw."). Agoraphobia on a 2×2 rhombus: after the two
 * free placements nothing can be pushed, groups of 1 against 1. */
static void
test_draw_status (Fixture       *fixture,
                  gconstpointer  data)
{
  g_autofree char *seed = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"),
                                            "agoraphobia.xml", NULL);
  g_autofree char *path = g_build_filename (fixture->tmpdir, "tiny.xml", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) xml = NULL;
  g_autofree char *contents = NULL;
  BsGame *game;
  const char *status;

  if (!have_module ("agoraphobia"))
    return;
  g_assert_true (g_file_get_contents (seed, &contents, NULL, &error));
  xml = g_string_new (contents);
  g_assert_cmpuint (g_string_replace (xml, "width=\"7\" height=\"7\"",
                                      "width=\"2\" height=\"2\"", 1), ==, 1);
  g_assert_true (g_file_set_contents (path, xml->str, -1, &error));
  g_assert_true (bs_window_open_file (fixture->window, file, &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_play_moves (fixture->window, "S@a2 S@b1", &error));
  g_assert_no_error (error);
  game = bs_window_get_game (fixture->window);
  g_assert_cmpint (bs_game_get_result (game), ==, BS_RESULT_DRAW);
  wait_toplevel (ADW_TYPE_MESSAGE_DIALOG, "the game-over dialog");
  status = bs_play_view_get_status (bs_window_get_play_view (fixture->window));
  g_assert_true (g_str_has_suffix (status, ": a draw."));
  g_assert_null (strstr (status, "Draw"));
}

static int
cell_of (BsGame     *game,
         const char *label)
{
  int cell = bs_board_find_cell (bs_game_get_ruleset (game)->board, label, NULL);

  g_assert_cmpint (cell, !=, BS_NO_CELL);
  return cell;
}

/* A fixed Tribes round (seed 1, worked out in docs/screenshots/update.sh),
 * then one through the scene; going back one round shows the first
 * round's reveal, with the pieces it killed. */
static void
test_tribes_history (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  BsPlayScene *scene;
  BsGame *game;
  const guint8 *doomed;
  int b3;

  if (!have_module ("tribes"))
    return;
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "tribes", 1, &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_play_moves (fixture->window,
    "b1-c1,d1-e1,a2-a3,b2-b3,c2-d2,a4-b4,c4-c5,d4-d5,e4-e3,a5-a5,b5-b5,e5-e5;"
    "a1-a1,c1-c1,e1-e1,d2-c2,e2-e2,a3-a3,b3-c3,d3-d3,e3-e3,b4-a4,c5-c5,d5-d5", &error));
  g_assert_no_error (error);
  scene = bs_window_get_scene (fixture->window);
  g_signal_connect_swapped (scene, "message", G_CALLBACK (on_message), fixture);
  game = bs_play_scene_get_game (scene);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, 1);

  /* After --moves the last round is revealed. Worked out by the rules:
   * Red b2 → b3: nobody points at b2, and b3 holds a mover (Blue b3 → c3),
   * not a defender, so it lives and ends on b3. Blue b3 is attacked by
   * b2 while moving: dies. Blue a1 defends and nobody attacks it: dies.
   * Blue c1 defends and Red b1 attacks it: lives (Red b1 dies on it). */
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_REVEAL);
  doomed = bs_play_scene_get_doomed (scene);
  g_assert_nonnull (doomed);
  g_assert_false (doomed[cell_of (game, "b2")]);
  g_assert_true (doomed[cell_of (game, "b3")]);
  g_assert_true (doomed[cell_of (game, "a1")]);
  g_assert_false (doomed[cell_of (game, "c1")]);
  g_assert_true (doomed[cell_of (game, "b1")]);
  b3 = cell_of (game, "b3");
  g_assert_cmpint (bs_game_get_position (game)->cells[b3], ==, BS_CELL_MAKE (1, 0, 0));
  g_assert_cmpint (BS_CELL_OWNER (bs_game_get_position (game)->cells[cell_of (game, "c1")]),
                   ==, 2);
  g_assert_cmpint (bs_position_pieces (bs_game_get_position (game), 1), ==, 1);
  g_assert_cmpint (bs_position_pieces (bs_game_get_position (game), 2), ==, 6);

  bs_play_view_advance_round (bs_window_get_play_view (fixture->window));
  if (bs_position_is_over (bs_game_get_position (game)))
    return;
  play_round (fixture, scene);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, 2);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.history-back", NULL);
  g_assert_cmpuint (bs_game_get_current (game), ==, 1);
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_REVEAL);
  g_assert_nonnull (bs_play_scene_get_doomed (scene));
  g_assert_nonnull (strstr (bs_play_scene_get_reveal_text (scene), "Blue a1"));
}

static GtkWidget *
find_row (GtkWidget  *widget,
          const char *title)
{
  if (ADW_IS_ACTION_ROW (widget)
      && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_row (child, title);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* A variant the user saved (a 6×6 Astoria under another name) is listed
 * on the start page with its description, and activating its row starts
 * it; so does a built-in's row. */
static void
test_start_view_rows (Fixture       *fixture,
                      gconstpointer  data)
{
  g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "boardsmith", "variants", NULL);
  g_autofree char *path = g_build_filename (dir, "small-astoria.bsvariant", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = NULL;
  GtkWidget *row;

  if (!have_module ("astoria"))
    return;
  variant = bs_variant_lookup ("astoria", &error);
  g_assert_no_error (error);
  g_free (variant->name);
  variant->name = g_strdup ("Small Astoria");
  g_free (variant->description);
  variant->description = g_strdup ("Astoria on 6×6");
  g_assert_true (bs_variant_set (variant, "width", "6", &error));
  g_assert_true (bs_variant_set (variant, "height", "6", &error));
  bs_variant_set_supply (variant, 1, "circle", 9);
  bs_variant_set_supply (variant, 1, "triangle", 9);
  bs_variant_set_supply (variant, 2, "circle", 9);
  bs_variant_set_supply (variant, 2, "triangle", 9);
  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_true (bs_variant_save_file (variant, path, &error));
  g_assert_no_error (error);

  bs_window_show_start (fixture->window);
  wait_start_loaded (fixture->window);
  row = find_row (GTK_WIDGET (fixture->window), "Small Astoria");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==, "Astoria on 6×6");
  g_assert_nonnull (find_row (GTK_WIDGET (fixture->window), "Agoraphobia"));

  g_signal_emit_by_name (row, "activate");
  wait_opened (fixture->window);
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "play");
  g_assert_cmpstr (bs_game_get_variant (bs_window_get_game (fixture->window))->name, ==,
                   "Small Astoria");
  g_assert_cmpint (bs_game_get_ruleset (bs_window_get_game (fixture->window))->n_cells, ==, 36);
  g_unlink (path);
}

static void
collect_row_titles (GtkWidget *widget,
                    GPtrArray *titles)
{
  if (ADW_IS_ACTION_ROW (widget) && gtk_widget_get_mapped (widget))
    g_ptr_array_add (titles, g_strdup (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget))));
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_row_titles (child, titles);
}

static void
add_recent_file (const char *path,
                 const char *mime_type)
{
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  const char *groups[] = { NULL };
  GtkRecentData data = {
    .display_name = NULL,
    .mime_type = (char *) mime_type,
    .app_name = (char *) g_get_application_name (),
    .app_exec = (char *) "boardsmith %u",
    .groups = (char **) groups,
  };

  g_assert_true (gtk_recent_manager_add_full (gtk_recent_manager_get_default (), uri, &data));
}

/* Whether the recent files on disk list the last export (export-5.pdf in data). */
static gboolean
recent_file_lists (gpointer data)
{
  g_autofree char *xbel = g_build_filename (g_get_user_data_dir (), "recently-used.xbel", NULL);
  g_autofree char *path = g_build_filename (data, "export-5.pdf", NULL);
  g_autofree char *uri = g_filename_to_uri (path, NULL, NULL);
  g_autofree char *contents = NULL;

  return g_file_get_contents (xbel, &contents, NULL, NULL) && strstr (contents, uri) != NULL;
}

/* Recent Files lists only game records and variants that open, newest
 * first, at most five: exports (PNG, SVG, PDF, as the file chooser adds
 * them), a broken record and a file gone are never offered, and do not
 * push the saved game off the list (issue 13.1). */
static void
test_recent_games (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *record = g_build_filename (fixture->tmpdir, "saved game.boardsmith", NULL);
  g_autofree char *variant_path = g_build_filename (fixture->tmpdir, "tiny.bsvariant", NULL);
  g_autofree char *broken = g_build_filename (fixture->tmpdir, "broken.boardsmith", NULL);
  g_autofree char *gone = g_build_filename (fixture->tmpdir, "gone.boardsmith", NULL);
  g_autoptr(GFile) record_file = g_file_new_for_path (record);
  g_autoptr(GPtrArray) titles = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(GError) error = NULL;
  GtkWidget *row;

  if (!have_module ("agoraphobia"))
    return;
  gtk_recent_manager_purge_items (gtk_recent_manager_get_default (), NULL);
  start (fixture, "agoraphobia");
  g_assert_true (bs_window_play_moves (fixture->window, "S@d4", &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_save_record (fixture->window, record_file, &error));
  g_assert_no_error (error);

  variant = bs_variant_lookup ("agoraphobia", &error);
  g_assert_no_error (error);
  g_free (variant->name);
  variant->name = g_strdup ("Tiny Agoraphobia");
  g_assert_true (bs_variant_save_file (variant, variant_path, &error));
  g_assert_no_error (error);
  add_recent_file (variant_path, "application/x-boardsmith-variant");

  g_assert_true (g_file_set_contents (broken, "<record format=\"1\"><moves>", -1, &error));
  g_assert_no_error (error);
  add_recent_file (broken, "application/x-boardsmith-record");
  g_assert_true (g_file_set_contents (gone, "", -1, &error));
  add_recent_file (gone, "application/x-boardsmith-record");
  g_unlink (gone);
  /* Six exports after the saved game: more than the list holds. */
  for (guint i = 0; i < 6; i++)
    {
      static const char *const kinds[][2] = {
        { "png", "image/png" }, { "svg", "image/svg+xml" }, { "pdf", "application/pdf" },
      };
      g_autofree char *name = g_strdup_printf ("export-%u.%s", i, kinds[i % 3][0]);
      g_autofree char *path = g_build_filename (fixture->tmpdir, name, NULL);

      g_assert_true (g_file_set_contents (path, i % 3 == 1 ? "<svg xmlns=\"http://www.w3.org/2000/svg\"/>"
                                                           : "\x89PNG\r\n", -1, &error));
      g_assert_no_error (error);
      add_recent_file (path, kinds[i % 3][1]);
    }
  /* GtkRecentManager writes its file a moment later: the start page reads it. */
  ui_test_wait_until (recent_file_lists, fixture->tmpdir, "the recent files written");

  bs_game_set_modified (bs_window_get_game (fixture->window), FALSE);
  bs_window_show_start (fixture->window);
  wait_start_loaded (fixture->window);
  collect_row_titles (GTK_WIDGET (fixture->window), titles);
  for (guint i = 0; i < titles->len; i++)
    {
      const char *title = g_ptr_array_index (titles, i);

      g_assert_false (g_str_has_prefix (title, "export-"));
      g_assert_cmpstr (title, !=, "broken.boardsmith");
      g_assert_cmpstr (title, !=, "gone.boardsmith");
    }
  g_assert_nonnull (find_row (GTK_WIDGET (fixture->window), "tiny.bsvariant"));
  row = find_row (GTK_WIDGET (fixture->window), "saved game.boardsmith");
  g_assert_nonnull (row);
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), "1 move"));
  /* Its heading fits all it lists: records, variants and balance studies
   * (a .bsstudy was listed under "Recent Games", issue 29). */
  {
    GtkWidget *group = gtk_widget_get_ancestor (row, ADW_TYPE_PREFERENCES_GROUP);

    g_assert_nonnull (group);
    g_assert_cmpstr (adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (group)), ==,
                     "Recent Files");
  }

  /* The saved game opens from its row, at its last move. */
  g_signal_emit_by_name (row, "activate");
  wait_opened (fixture->window);
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "play");
  g_assert_cmpuint (bs_game_get_n_turns (bs_window_get_game (fixture->window)), ==, 1);
  g_assert_cmpuint (bs_game_get_current (bs_window_get_game (fixture->window)), ==, 1);
}

static GtkListBox *
find_move_list (Fixture *fixture)
{
  GtkWidget *list = NULL;

  /* The move list: the list box whose accessible label says so. */
  for (GtkWidget *w = GTK_WIDGET (bs_window_get_play_view (fixture->window)); w != NULL;)
    {
      if (GTK_IS_LIST_BOX (w) && gtk_widget_has_css_class (w, "move-list"))
        {
          list = w;
          break;
        }
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          if (w != NULL)
            w = gtk_widget_get_next_sibling (w);
        }
    }
  g_assert_nonnull (list);
  return GTK_LIST_BOX (list);
}

static guint
count_move_rows (Fixture *fixture)
{
  GtkListBox *list = find_move_list (fixture);
  guint n = 0;

  while (gtk_list_box_get_row_at_index (list, (int) n) != NULL)
    n++;
  return n;
}

/* What the engine says turn `turn` of the window's game did, as the move
 * list's row should say it: the summary, then the details. */
static char *
engine_explanation (Fixture *fixture,
                    guint    turn)
{
  BsGame *game = bs_window_get_game (fixture->window);
  const BsRuleset *rs = bs_game_get_ruleset (game);
  g_autoptr(BsExplanation) explanation = NULL;
  const BsMove *steps;
  guint n_steps;

  steps = bs_game_get_turn_steps (game, turn, &n_steps);
  explanation = bs_ruleset_explain_turn (rs, bs_game_get_position_at (game, turn), steps,
                                         n_steps);
  g_assert_cmpstr (explanation->summary, !=, "");
  return *explanation->details != '\0'
    ? g_strconcat (explanation->summary, "\n", explanation->details, NULL)
    : g_strdup (explanation->summary);
}

/* The tooltip of the move list's row for turn `turn` (row turn + 1). */
static const char *
move_row_tooltip (Fixture *fixture,
                  guint    turn)
{
  GtkListBoxRow *row = gtk_list_box_get_row_at_index (find_move_list (fixture), (int) turn + 1);

  g_assert_nonnull (row);
  return gtk_widget_get_tooltip_text (GTK_WIDGET (row));
}

/* Issue 18.2: hovering a row of the move list says what the turn did, in
 * the engine's words (explain_turn): a push, the tokens flipped, the lines
 * moved. The same text is the row's accessible description (the e2e test
 * test_agoraphobia.py reads it through AT-SPI). */
static void
test_move_list_explains (Fixture       *fixture,
                         gconstpointer  data)
{
  static const struct {
    const char *variant;
    const char *moves;
    const char *says;   /* in the engine's summary of the last turn */
  } games[] = {
    { "agoraphobia", "L@d4 S@c4", "pushes 1 piece" },
    { "astoria", "TE@h2/W TW@g4/N C@a2/E", "row 2 moves, 1 piece falls off" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(GError) error = NULL;
      BsGame *game;

      if (bs_module_find (games[i].variant) == NULL)
        continue;
      start (fixture, games[i].variant);
      g_assert_true (bs_window_play_moves (fixture->window, games[i].moves, &error));
      g_assert_no_error (error);
      ui_test_pump_pending ();
      game = bs_window_get_game (fixture->window);
      g_assert_cmpuint (count_move_rows (fixture), ==, bs_game_get_n_turns (game) + 1);
      g_assert_null (gtk_widget_get_tooltip_text (
        GTK_WIDGET (gtk_list_box_get_row_at_index (find_move_list (fixture), 0))));
      for (guint turn = 0; turn < bs_game_get_n_turns (game); turn++)
        {
          g_autofree char *expected = engine_explanation (fixture, turn);

          g_test_message ("%s turn %u: %s", games[i].variant, turn + 1, expected);
          g_assert_cmpstr (move_row_tooltip (fixture, turn), ==, expected);
        }
      g_assert_nonnull (strstr (move_row_tooltip (fixture, bs_game_get_n_turns (game) - 1),
                                games[i].says));
      bs_game_set_modified (game, FALSE);
    }
}

/* Every game's move list explains its turns: a few random turns of each,
 * played as their notation. */
static void
test_move_list_explains_every_game (Fixture       *fixture,
                                    gconstpointer  data)
{
  const char *variant = data;
  g_autoptr(GError) error = NULL;
  BsRuleset *rs;
  BsGame *game;
  BsRng rng;

  if (!have_module (variant))
    return;
  g_assert_true (bs_window_open_variant_seeded (fixture->window, variant, 7, &error));
  g_assert_no_error (error);
  game = bs_window_get_game (fixture->window);
  rs = bs_game_get_ruleset (game);
  bs_rng_init (&rng, 7);
  for (guint t = 0; t < 3 && !bs_position_is_over (bs_game_get_position (game)); t++)
    {
      g_autofree BsPosition *pos = bs_position_dup (rs, bs_game_get_position (game));
      g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
      g_autofree BsMove *steps = g_new (BsMove, bs_ruleset_max_turn_steps (rs));
      g_autofree char *notation = NULL;
      guint n = 0;

      do
        {
          steps[n] = bs_ruleset_random_move (rs, pos, &rng, scratch);
          bs_ruleset_apply (rs, pos, steps[n++], NULL);
        }
      while (pos->step != 0 && !bs_position_is_over (pos));
      notation = bs_ruleset_format_turn (rs, bs_game_get_position (game), steps, n);
      g_assert_true (bs_window_play_moves (fixture->window, notation, &error));
      g_assert_no_error (error);
      /* A simultaneous round waits on its reveal: go on to the next. */
      if (bs_game_is_simultaneous (game))
        bs_play_view_advance_round (bs_window_get_play_view (fixture->window));
      ui_test_pump_pending ();
    }
  g_assert_cmpuint (bs_game_get_n_turns (game), >, 0);
  g_assert_cmpuint (count_move_rows (fixture), ==, bs_game_get_n_turns (game) + 1);
  for (guint turn = 0; turn < bs_game_get_n_turns (game); turn++)
    {
      g_autofree char *expected = engine_explanation (fixture, turn);

      g_test_message ("%s turn %u: %s", variant, turn + 1, expected);
      g_assert_cmpstr (move_row_tooltip (fixture, turn), ==, expected);
    }
}

/* Gives the first order a piece of the entering player can take. */
static void
give_one_order (BsPlayScene *scene)
{
  BsGame *game = bs_play_scene_get_game (scene);
  const BsPosition *pos = bs_game_get_position (game);
  int entering = bs_play_scene_get_entering (scene);
  BsRenderOptions options;
  int piece = BS_NO_CELL, target = BS_NO_CELL;

  for (int c = 0; c < bs_game_get_ruleset (game)->n_cells && piece == BS_NO_CELL; c++)
    if (pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == entering)
      piece = c;
  g_assert_cmpint (piece, !=, BS_NO_CELL);
  bs_play_scene_activate_cell (scene, piece);
  bs_render_options_init (&options);
  bs_play_scene_fill_render_options (scene, &options);
  for (int c = bs_game_get_ruleset (game)->n_cells - 1; c >= 0 && target == BS_NO_CELL; c--)
    if (options.highlights[c])
      target = c;
  g_assert_cmpint (target, !=, BS_NO_CELL);
  bs_play_scene_activate_cell (scene, target);
  g_assert_cmpint (bs_play_scene_get_order (scene, piece), ==, target);
}

static GtkWindow *find_toplevel (GType type);
static gboolean action_enabled (Fixture *fixture, const char *name);

static AdwMessageDialog *
wait_for_question (void)
{
  return ADW_MESSAGE_DIALOG (wait_toplevel (ADW_TYPE_MESSAGE_DIALOG, "a question"));
}

static void
answer (AdwMessageDialog *dialog,
        const char       *response)
{
  ui_test_answer_dialog (dialog, response);
  ui_test_pump_pending ();
}

/* Tribes after an undo (issue 13.7): new orders clear what could be
 * redone, so Redo cannot replay the old round over them, and the move list
 * no longer shows that round's orders to the other side; leaving a round
 * whose orders were given (undo, the move list, a new game) asks first. */
#define TRIBES_SEED_1_ROUND_1 \
  "b1-c1,d1-e1,a2-a3,b2-b3,c2-d2,a4-b4,c4-c5,d4-d5,e4-e3,a5-a5,b5-b5,e5-e5;" \
  "a1-a1,c1-c1,e1-e1,d2-c2,e2-e2,a3-a3,b3-c3,d3-d3,e3-e3,b4-a4,c5-c5,d5-d5"

static void
test_tribes_new_orders_clear_redo (Fixture       *fixture,
                                   gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  BsPlayScene *scene;
  BsPlayView *view;
  AdwMessageDialog *dialog;
  BsGame *game;

  if (!have_module ("tribes"))
    return;
  /* A round after which both sides still have pieces (test_tribes_history). */
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "tribes", 1, &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_play_moves (fixture->window, TRIBES_SEED_1_ROUND_1, &error));
  g_assert_no_error (error);
  scene = bs_window_get_scene (fixture->window);
  game = bs_play_scene_get_game (scene);
  view = bs_window_get_play_view (fixture->window);
  bs_play_view_advance_round (view);
  g_assert_false (bs_position_is_over (bs_game_get_position (game)));
  g_assert_cmpuint (count_move_rows (fixture), ==, 2);

  /* Undo the round: it can be redone, and is listed greyed. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL));
  ui_test_pump_pending ();
  g_assert_cmpuint (bs_game_get_current (game), ==, 0);
  g_assert_true (action_enabled (fixture, "redo"));
  g_assert_cmpuint (count_move_rows (fixture), ==, 2);

  /* Red gives a new order: the old round is gone from the history. */
  bs_play_view_advance_round (view);
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_ORDERS);
  give_one_order (scene);
  ui_test_pump_pending ();
  g_assert_false (action_enabled (fixture, "redo"));
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, 0);
  g_assert_cmpuint (count_move_rows (fixture), ==, 1);
  g_assert_true (bs_play_scene_has_orders_given (scene));

  /* Done: at Blue's hand-over nothing can be redone or read. */
  bs_play_view_advance_round (view);
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_HANDOVER);
  g_assert_cmpint (bs_play_scene_get_entering (scene), ==, 2);
  g_assert_false (action_enabled (fixture, "redo"));
  g_assert_cmpuint (count_move_rows (fixture), ==, 1);

  /* Red's orders wait for Blue's: a new game asks before dropping them. */
  g_assert_true (bs_play_scene_has_orders_given (scene));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.new-game", NULL);
  dialog = wait_for_question ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Abandon the Orders Given?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "Red"));
  answer (dialog, "cancel");
  g_assert_true (bs_window_get_game (fixture->window) == game);
  g_assert_cmpint (bs_play_scene_get_entering (scene), ==, 2);

  /* Round 2 of the same game: an order given, then undo or a move of the
   * list asks; abandoning goes back. */
  g_assert_true (bs_window_open_variant_seeded (fixture->window, "tribes", 1, &error));
  g_assert_no_error (error);
  g_assert_true (bs_window_play_moves (fixture->window, TRIBES_SEED_1_ROUND_1, &error));
  g_assert_no_error (error);
  scene = bs_window_get_scene (fixture->window);
  game = bs_play_scene_get_game (scene);
  bs_play_view_advance_round (view);
  bs_play_view_advance_round (view);
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_ORDERS);
  give_one_order (scene);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL);
  dialog = wait_for_question ();
  answer (dialog, "cancel");
  g_assert_cmpuint (bs_game_get_current (game), ==, 1);
  g_assert_cmpint (bs_play_scene_get_phase (scene), ==, BS_ROUND_PHASE_ORDERS);
  g_assert_true (bs_play_scene_has_orders_given (scene));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.history-go-to", "u", 0);
  dialog = wait_for_question ();
  answer (dialog, "discard");
  g_assert_cmpuint (bs_game_get_current (game), ==, 0);
  g_assert_false (bs_play_scene_has_orders_given (scene));
}

/* The question before an unsaved game is lost names it and says what
 * would be lost, also for a game left behind the variant editor. */
static void
test_save_question_names_game (Fixture       *fixture,
                               gconstpointer  data)
{
  AdwMessageDialog *dialog;
  BsPlayScene *scene;

  if (!have_module ("astoria"))
    return;
  scene = start (fixture, "astoria");
  play_turn (fixture, scene);
  play_turn (fixture, scene);
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.choose-game", NULL);
  dialog = wait_for_question ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Your Game of Astoria?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "2 moves"));
  g_assert_null (strstr (adw_message_dialog_get_body (dialog), "editor"));
  answer (dialog, "cancel");
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "play");

  /* Play-testing from the editor, then back to it: the game is behind. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                             "win.edit-this-variant", NULL));
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "editor");
  gtk_window_close (GTK_WINDOW (fixture->window));
  dialog = wait_for_question ();
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Save Your Game of Astoria?");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "variant editor"));
  answer (dialog, "cancel");
}

static gboolean
action_enabled (Fixture    *fixture,
                const char *name)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (fixture->window), name);
}

/* Actions are enabled only where they can act (issue 13.2): on the start
 * page nothing acts on a game; in a game Edit This Variant opens the
 * editor on it. */
static void
test_actions_where_they_act (Fixture       *fixture,
                             gconstpointer  data)
{
  static const char *const game_actions[] = {
    "edit-this-variant", "new-game", "choose-game", "save", "save-as", "undo", "redo",
    "hint", "pause-computer", "export", "print", "copy-image",
  };

  if (!have_module ("astoria"))
    return;
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "start");
  for (guint i = 0; i < G_N_ELEMENTS (game_actions); i++)
    {
      g_test_message ("start page: %s", game_actions[i]);
      g_assert_false (action_enabled (fixture, game_actions[i]));
    }
  g_assert_true (action_enabled (fixture, "open"));
  g_assert_true (action_enabled (fixture, "help"));

  start (fixture, "astoria");
  g_assert_true (action_enabled (fixture, "edit-this-variant"));
  g_assert_true (action_enabled (fixture, "new-game"));
  g_assert_true (action_enabled (fixture, "hint"));
  /* Two humans: nothing to pause. */
  g_assert_false (action_enabled (fixture, "pause-computer"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window),
                                             "win.edit-this-variant", NULL));
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "editor");
  /* The game waits behind the editor, out of reach of the game's actions. */
  g_assert_false (action_enabled (fixture, "new-game"));
  g_assert_false (action_enabled (fixture, "hint"));
  g_assert_false (action_enabled (fixture, "edit-this-variant"));
}

/* A broken record and a record with an illegal move are refused with
 * where and why; the game in the window is left as it was. */
static void
test_bad_record (Fixture       *fixture,
                 gconstpointer  data)
{
  g_autofree char *broken = g_build_filename (fixture->tmpdir, "broken.boardsmith", NULL);
  g_autofree char *illegal = g_build_filename (fixture->tmpdir, "illegal.boardsmith", NULL);
  g_autofree char *good = g_build_filename (fixture->tmpdir, "good.boardsmith", NULL);
  g_autoptr(GFile) good_file = g_file_new_for_path (good);
  g_autoptr(GFile) broken_file = g_file_new_for_path (broken);
  g_autoptr(GFile) illegal_file = g_file_new_for_path (illegal);
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *bad_text = NULL;
  BsPlayScene *scene;
  BsGame *game;
  char *move;

  if (!have_module ("astoria"))
    return;
  scene = start (fixture, "astoria");
  game = bs_play_scene_get_game (scene);
  play_turn (fixture, scene);
  play_turn (fixture, scene);

  g_assert_true (g_file_set_contents (broken, "<record format=\"1\">\n<seed>1</seed>\n<moves>",
                                      -1, NULL));
  g_assert_false (bs_window_open_file (fixture->window, broken_file, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "broken.boardsmith"));
  g_clear_error (&error);
  g_assert_true (bs_window_get_game (fixture->window) == game);

  /* A saved game whose second move becomes a pass, which Astoria allows
   * only to a player with an empty supply. */
  g_assert_true (bs_window_save_record (fixture->window, good_file, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (good, &text, NULL, NULL));
  move = strstr (text, bs_game_get_notation (game, 1));
  g_assert_nonnull (move);
  {
    g_autofree char *head = g_strndup (text, move - text);
    const char *tail = move + strlen (bs_game_get_notation (game, 1));

    bad_text = g_strconcat (head, "pass", tail, NULL);
  }
  g_assert_true (g_file_set_contents (illegal, bad_text, -1, NULL));
  g_assert_false (bs_window_open_file (fixture->window, illegal_file, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "illegal.boardsmith"));
  g_assert_nonnull (strstr (error->message, "pass"));
  g_assert_nonnull (strstr (error->message, "move 2"));
  g_assert_true (bs_window_get_game (fixture->window) == game);
  g_assert_cmpuint (bs_game_get_n_turns (game), ==, 2);
}

/* `boardsmith --screenshot FILE GAME` draws the window and quits; an
 * unknown game is an error (exit status 2) with a message. */
static void
test_command_line_screenshot (Fixture       *fixture,
                              gconstpointer  data)
{
  g_autofree char *png = g_build_filename (fixture->tmpdir, "shot.png", NULL);
  g_autofree char *bad = g_build_filename (fixture->tmpdir, "bad.png", NULL);
  const char *argv[] = { BS_TEST_APP, "--screenshot", png, "astoria", NULL };
  const char *bad_argv[] = { BS_TEST_APP, "--screenshot", bad, "no-such-game", NULL };
  g_autofree char *err = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  int status;

  if (!have_module ("astoria"))
    return;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, NULL,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, &error));
  texture = gdk_texture_new_from_filename (png, &error);
  g_assert_no_error (error);
  g_assert_cmpint (gdk_texture_get_width (texture), >=, 800);
  g_assert_cmpint (gdk_texture_get_height (texture), >=, 600);

  g_assert_true (g_spawn_sync (NULL, (char **) bad_argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, &err, &status, &error));
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 2);
  g_assert_nonnull (strstr (err, "no-such-game"));
}

/* Issue 29 item 14: only Mesa's software rasterizers make the app prefer
 * cairo; a GPU's driver keeps GTK's OpenGL renderer. */
static void
test_software_gl_names (void)
{
  g_assert_true (bs_gl_renderer_is_software ("llvmpipe (LLVM 15.0.6, 256 bits)"));
  g_assert_true (bs_gl_renderer_is_software ("softpipe"));
  g_assert_true (bs_gl_renderer_is_software ("Mesa DRI swrast"));
  g_assert_true (bs_gl_renderer_is_software ("Software Rasterizer"));
  g_assert_false (bs_gl_renderer_is_software ("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"));
  g_assert_false (bs_gl_renderer_is_software ("AMD Radeon RX 6600 (radeonsi, navi23, LLVM 15.0.6)"));
  g_assert_false (bs_gl_renderer_is_software ("virgl"));
  g_assert_false (bs_gl_renderer_is_software (NULL));
}

static gboolean
filter_matches (GtkFileFilter *filter,
                const char    *name,
                const char    *content_type)
{
  g_autoptr(GFileInfo) info = g_file_info_new ();

  g_file_info_set_display_name (info, name);
  g_file_info_set_content_type (info, content_type);
  return gtk_filter_match (GTK_FILTER (filter), info);
}

/* The filter of Open's list named name, or NULL. */
static GtkFileFilter *
filter_named (GListModel *filters,
              const char *name)
{
  for (guint i = 0; i < g_list_model_get_n_items (filters); i++)
    {
      g_autoptr(GtkFileFilter) filter = g_list_model_get_item (filters, i);

      if (g_strcmp0 (gtk_file_filter_get_name (filter), name) == 0)
        return filter;
    }
  return NULL;
}

/* Issue 26: Open… opens a skill trace's own file, so its filters show one, by its extension
 * (a system without the MIME package) or its type; a variant's Open does not. */
static void
test_open_filters (void)
{
  GtkFileFilter *any_filter = NULL, *variant_filter = NULL;
  g_autoptr(GListStore) any = bs_compat_open_filters (BS_OPEN_ANY, &any_filter);
  g_autoptr(GListStore) variants = bs_compat_open_filters (BS_OPEN_VARIANT, &variant_filter);
  GtkFileFilter *traces = filter_named (G_LIST_MODEL (any), "Skill traces");

  g_assert_cmpstr (gtk_file_filter_get_name (any_filter), ==, "Boardsmith files");
  g_assert_true (filter_matches (any_filter, "game-trace-0123456789ab.bstrace", "text/plain"));
  g_assert_true (filter_matches (any_filter, "renamed", "application/x-boardsmith-skill-trace"));
  g_assert_true (filter_matches (any_filter, "sweep.bsstudy", "application/xml"));
  g_assert_false (filter_matches (any_filter, "notes.txt", "text/plain"));
  g_assert_nonnull (traces);
  g_assert_true (filter_matches (traces, "game-trace-0123456789ab.bstrace", "text/plain"));
  g_assert_false (filter_matches (traces, "sweep.bsstudy", "application/xml"));
  g_assert_false (filter_matches (traces, "notes.txt", "text/plain"));
  g_assert_false (filter_matches (variant_filter, "game-trace-0123456789ab.bstrace",
                                  "text/plain"));
  g_assert_null (filter_named (G_LIST_MODEL (variants), "Skill traces"));
}

int
main (int   argc,
      char *argv[])
{
  static const char *games[] = { "agoraphobia", "tribes", "abrobad", "ikabegama", "astoria" };
  static const char *all_games[] = { "agoraphobia", "tribes", "abrobad", "ikabegama", "astoria",
                                     "breakthrough" };

  app = ui_test_init (&argc, &argv);

  g_test_add ("/app/start-view", Fixture, NULL, fixture_setup, test_start_view,
              fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/play/%s", games[i]);
      g_test_add (path, Fixture, games[i], fixture_setup, test_play_game, fixture_teardown);
    }
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/interaction-from-declaration/%s", games[i]);
      g_test_add (path, Fixture, games[i], fixture_setup, test_interaction_from_declaration,
                  fixture_teardown);
    }
  g_test_add ("/app/illegal-click-explained", Fixture, NULL, fixture_setup,
              test_illegal_click_explained, fixture_teardown);
  g_test_add ("/app/board-mapping-and-cursor", Fixture, NULL, fixture_setup,
              test_board_mapping_and_cursor, fixture_teardown);
  g_test_add ("/app/folders", Fixture, NULL, fixture_setup, test_folders, fixture_teardown);
  g_test_add_func ("/app/coordinate-contrast", test_coordinate_contrast);
  g_test_add_func ("/app/software-gl-names", test_software_gl_names);
  g_test_add_func ("/app/open-filters", test_open_filters);
  g_test_add ("/app/swatch-contrast", Fixture, NULL, fixture_setup, test_swatch_contrast,
              fixture_teardown);
  g_test_add ("/app/menu-button-tooltips", Fixture, NULL, fixture_setup,
              test_menu_button_tooltips, fixture_teardown);
  g_test_add ("/app/menu-windows", Fixture, NULL, fixture_setup, test_menu_windows,
              fixture_teardown);
  g_test_add ("/app/theme-setting", Fixture, NULL, fixture_setup, test_theme_setting,
              fixture_teardown);
  g_test_add ("/app/tribes-history", Fixture, NULL, fixture_setup, test_tribes_history,
              fixture_teardown);
  g_test_add ("/app/start-view-rows", Fixture, NULL, fixture_setup, test_start_view_rows,
              fixture_teardown);
  g_test_add ("/app/bad-record", Fixture, NULL, fixture_setup, test_bad_record,
              fixture_teardown);
  g_test_add ("/app/recent-games", Fixture, NULL, fixture_setup, test_recent_games,
              fixture_teardown);
  g_test_add ("/app/actions-where-they-act", Fixture, NULL, fixture_setup,
              test_actions_where_they_act, fixture_teardown);
  g_test_add ("/app/tribes-new-orders-clear-redo", Fixture, NULL, fixture_setup,
              test_tribes_new_orders_clear_redo, fixture_teardown);
  g_test_add ("/app/save-question-names-game", Fixture, NULL, fixture_setup,
              test_save_question_names_game, fixture_teardown);
  g_test_add ("/app/confirm-new-game", Fixture, NULL, fixture_setup, test_confirm_new_game,
              fixture_teardown);
  g_test_add ("/app/command-line-screenshot", Fixture, NULL, fixture_setup,
              test_command_line_screenshot, fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/play-to-end/%s", games[i]);
      g_test_add (path, Fixture, games[i], fixture_setup, test_play_to_end, fixture_teardown);
    }
  g_test_add ("/app/game-over-dialog", Fixture, NULL, fixture_setup, test_game_over_dialog,
              fixture_teardown);
  g_test_add ("/app/draw-status", Fixture, NULL, fixture_setup, test_draw_status,
              fixture_teardown);
  g_test_add ("/app/kind-follows-player", Fixture, NULL, fixture_setup,
              test_kind_follows_player, fixture_teardown);
  g_test_add ("/app/measures-on-lines", Fixture, NULL, fixture_setup, test_measures_on_lines,
              fixture_teardown);
  g_test_add ("/app/move-list-explains", Fixture, NULL, fixture_setup, test_move_list_explains,
              fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (all_games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/app/move-list-explains/%s", all_games[i]);
      g_test_add (path, Fixture, all_games[i], fixture_setup, test_move_list_explains_every_game,
                  fixture_teardown);
    }

  return ui_test_run (&app);
}
