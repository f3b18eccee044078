/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-application.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>

#include "bs-about.h"
#include "bs-autosave.h"
#include "bs-screenshot.h"
#include "bs-software-gl.h"
#include "bs-variant-xml.h"
#include "bs-variant.h"
#include "bs-widgets.h"
#include "bs-window.h"
#include "bs-worker.h"

/* How long the end waits for the app's threads (a study's game stops at
 * its next move, a file read at its next file) before it ends anyway. */
#define WORKERS_WAIT_US (10 * G_USEC_PER_SEC)

struct _BsApplication {
  AdwApplication  parent_instance;

  GSettings      *settings;
  char           *screenshot_path;
  int             screenshot_width;
  int             screenshot_height;
  int             status;
  /* --measure-startup: when the app object was made (about the launch),
   * and when the first window was presented, in monotonic µs. */
  gboolean        measure_startup;
  gint64          launched_us;
  gint64          presented_us;
};

G_DEFINE_FINAL_TYPE (BsApplication, bs_application, ADW_TYPE_APPLICATION)

static void
apply_theme (BsApplication *self)
{
  g_autofree char *theme = g_settings_get_string (self->settings, "theme");
  AdwColorScheme scheme = ADW_COLOR_SCHEME_DEFAULT;

  if (g_str_equal (theme, "light"))
    scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_str_equal (theme, "dark"))
    scheme = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
}

static BsWindow *
get_window (BsApplication *self,
            gboolean       create)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (BS_IS_WINDOW (window) || !create)
    return BS_IS_WINDOW (window) ? BS_WINDOW (window) : NULL;
  return bs_window_new (ADW_APPLICATION (self));
}

/* --screenshot: wait until the window has been drawn, save it and quit. */

static gboolean
take_screenshot (gpointer data)
{
  BsApplication *self = data;
  BsWindow *window = get_window (self, FALSE);
  g_autoptr(GError) error = NULL;

  /* A file given with it is still being read: the picture shows it. */
  if (window != NULL && bs_window_get_opening (window))
    return G_SOURCE_CONTINUE;
  if (window == NULL || !bs_screenshot_save_png (GTK_WIDGET (window), self->screenshot_path,
                                                 &error))
    {
      g_printerr ("boardsmith: %s\n", error != NULL ? error->message : _("no window to draw"));
      self->status = 1;
    }
  g_application_quit (G_APPLICATION (self));
  return G_SOURCE_REMOVE;
}

static void
on_after_paint (GdkFrameClock *clock,
                BsApplication *self)
{
  g_signal_handlers_disconnect_by_func (clock, on_after_paint, self);
  /* A short pause lets the first frame's layout settle (popovers, fonts). */
  g_timeout_add (300, take_screenshot, self);
}

/* --measure-startup: the first frame is painted; how long it took, then
 * quit. The first frame is the whole window: every page is built before
 * it is presented (bs_window_new), nothing is added after. */
static void
on_first_frame (GdkFrameClock *clock,
                BsApplication *self)
{
  gint64 now = g_get_monotonic_time ();

  g_signal_handlers_disconnect_by_func (clock, on_first_frame, self);
  g_print ("presented: %.1f ms\nfirst frame: %.1f ms\n",
           (self->presented_us - self->launched_us) / 1000.0,
           (now - self->launched_us) / 1000.0);
  g_application_quit (G_APPLICATION (self));
}

static void
present (BsApplication *self,
         BsWindow      *window)
{
  gboolean first = self->screenshot_path != NULL && !gtk_widget_get_mapped (GTK_WIDGET (window));
  gboolean measure;

  if (first)
    {
      /* Flathub's recommended screenshot: a window of about 1000×700 in the default style,
       * with only a close button in the header bar (--screenshot-size: a phone's 360×640). */
      g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", ":close", NULL);
      gtk_window_unmaximize (GTK_WINDOW (window));
      gtk_window_set_default_size (GTK_WINDOW (window), self->screenshot_width,
                                   self->screenshot_height);
    }
  measure = self->measure_startup && self->presented_us == 0;
  if (measure)
    self->presented_us = g_get_monotonic_time ();
  gtk_window_present (GTK_WINDOW (window));
  /* Presenting realizes the window: its frame clock paints the first frame
   * from the main loop, after this. */
  if (measure)
    g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                      G_CALLBACK (on_first_frame), self);
  /* Work a crash or a kill left unsaved is offered back once, on the
   * first window (never in a screenshot). */
  if (self->screenshot_path == NULL)
    bs_autosave_offer_recovery (bs_autosave_get_default (), GTK_WINDOW (window));
  if (first)
    {
      /* Wait for a frame to be painted, then take the picture. */
      g_signal_connect (gtk_widget_get_frame_clock (GTK_WIDGET (window)), "after-paint",
                        G_CALLBACK (on_after_paint), self);
      gtk_widget_queue_draw (GTK_WIDGET (window));
    }
}

static void
bs_application_activate (GApplication *app)
{
  BsApplication *self = BS_APPLICATION (app);

  present (self, get_window (self, TRUE));
}

/* A file from the command line, read (a record replayed) in a thread:
 * the window answers meanwhile. Held until then: the command line, whose
 * exit status and messages a remote caller waits for, and --moves. */
typedef struct {
  BsApplication           *self;
  GApplicationCommandLine *command_line;
  GFile                   *file;
  char                    *moves;
} CommandLineOpen;

static void
command_line_open_free (CommandLineOpen *open)
{
  g_object_unref (open->self);
  g_object_unref (open->command_line);
  g_object_unref (open->file);
  g_free (open->moves);
  g_free (open);
}

static void
set_status (BsApplication           *self,
            GApplicationCommandLine *command_line,
            int                      status)
{
  self->status = status;
  g_application_command_line_set_exit_status (command_line, status);
}

static void
on_command_line_file_opened (GObject      *source,
                             GAsyncResult *result,
                             gpointer      user_data)
{
  CommandLineOpen *open = user_data;
  BsWindow *window = BS_WINDOW (source);
  g_autoptr(GError) error = NULL;

  if (!bs_window_load_file_finish (window, result, &error))
    {
      /* Cancelled: another file replaced it in its window, by the user's choice. */
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *name = g_file_get_parse_name (open->file);
          g_autofree char *message = g_strdup_printf (_("Could not open %s: %s"), name,
                                                      error->message);

          g_application_command_line_printerr (open->command_line, "boardsmith: %s\n", message);
          bs_window_show_message (window, message);
          set_status (open->self, open->command_line, 2);
        }
    }
  else if (open->moves != NULL && bs_window_get_game (window) != NULL)
    {
      g_autoptr(GError) moves_error = NULL;

      if (!bs_window_play_moves (window, open->moves, &moves_error))
        {
          g_application_command_line_printerr (open->command_line, "boardsmith: %s\n",
                                               moves_error->message);
          set_status (open->self, open->command_line, 1);
        }
    }
  command_line_open_free (open);
}

static void
open_file (BsApplication           *self,
           BsWindow                *window,
           GFile                   *file,
           GApplicationCommandLine *command_line,
           const char              *moves)
{
  CommandLineOpen *open = g_new0 (CommandLineOpen, 1);

  open->self = g_object_ref (self);
  open->command_line = g_object_ref (command_line);
  open->file = g_object_ref (file);
  open->moves = g_strdup (moves);
  bs_window_load_file_async (window, file, on_command_line_file_opened, open);
}

static void
bs_application_open (GApplication  *app,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  BsApplication *self = BS_APPLICATION (app);
  BsWindow *window = get_window (self, TRUE);

  /* One game per window: further files open in windows of their own,
   * each read in a thread (an error shows in its window). */
  for (int i = 0; i < n_files; i++)
    {
      if (i > 0)
        {
          present (self, window);
          window = bs_window_new (ADW_APPLICATION (self));
        }
      bs_window_open_file_async (window, files[i]);
    }
  present (self, window);
}

static gboolean
is_builtin (const char *name)
{
  g_auto(GStrv) names = bs_variant_list_builtin ();

  return names != NULL && g_strv_contains ((const char * const *) names, name);
}

static int
bs_application_command_line (GApplication            *app,
                             GApplicationCommandLine *command_line)
{
  BsApplication *self = BS_APPLICATION (app);
  GVariantDict *options = g_application_command_line_get_options_dict (command_line);
  g_autofree const char **args = NULL;
  BsWindow *window;
  const char *screenshot = NULL;
  const char *screenshot_size = NULL;
  const char *moves = NULL;

  if (g_variant_dict_contains (options, "measure-startup"))
    self->measure_startup = TRUE;
  if (g_variant_dict_lookup (options, "screenshot", "^&ay", &screenshot))
    {
      g_free (self->screenshot_path);
      self->screenshot_path = g_strdup (screenshot);
      /* A picture is no work of the user's to keep or offer back. */
      bs_autosave_set_enabled (bs_autosave_get_default (), FALSE);
    }
  self->screenshot_width = 1000;
  self->screenshot_height = 700;
  if (g_variant_dict_lookup (options, "screenshot-size", "&s", &screenshot_size))
    {
      guint64 width = 0, height = 0;
      g_auto(GStrv) parts = g_strsplit (screenshot_size, "x", 2);

      if (g_strv_length (parts) != 2
          || !g_ascii_string_to_unsigned (parts[0], 10, 100, 8192, &width, NULL)
          || !g_ascii_string_to_unsigned (parts[1], 10, 100, 8192, &height, NULL))
        {
          g_application_command_line_printerr (command_line,
                                               "boardsmith: --screenshot-size: %s\n",
                                               _("give the width and height as 360x640"));
          return 1;
        }
      self->screenshot_width = (int) width;
      self->screenshot_height = (int) height;
    }
  if (!g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &args))
    args = NULL;

  window = get_window (self, TRUE);
  self->status = 0;

  /* --edit: the variant opens in the variant editor instead of a game. */
  if (g_variant_dict_contains (options, "edit") && args != NULL && args[0] != NULL)
    {
      g_autofree char *target = NULL;

      if (is_builtin (args[0]))
        target = g_strdup (args[0]);
      else
        {
          g_autoptr(GFile) file = g_application_command_line_create_file_for_arg (command_line,
                                                                                  args[0]);
          target = g_file_get_path (file);
        }
      if (target != NULL)
        gtk_widget_activate_action (GTK_WIDGET (window), "win.edit-variant", "s", target);
      present (self, window);
      return self->status;
    }

  /* One game per window: further games open in windows of their own. */
  for (guint i = 0; args != NULL && args[i] != NULL; i++)
    {
      const char *arg = args[i];
      g_autoptr(GError) error = NULL;

      if (i > 0)
        {
          present (self, window);
          window = bs_window_new (ADW_APPLICATION (self));
        }
      if (is_builtin (arg))
        {
          const char *seed_text = NULL;
          gboolean opened;

          if (g_variant_dict_lookup (options, "seed", "&s", &seed_text))
            opened = bs_window_open_variant_seeded (window, arg,
                                                    g_ascii_strtoull (seed_text, NULL, 10),
                                                    &error);
          else
            opened = bs_window_open_variant (window, arg, &error);
          if (!opened)
            {
              g_application_command_line_printerr (command_line, "boardsmith: %s\n",
                                                   error->message);
              bs_window_show_message (window, error->message);
              self->status = 2;
            }
        }
      else
        {
          g_autoptr(GFile) file = g_application_command_line_create_file_for_arg (command_line,
                                                                                  arg);
          if (!g_file_query_exists (file, NULL))
            {
              g_autofree char *message =
                g_strdup_printf (_("%s is neither a built-in game nor a file"), arg);

              g_application_command_line_printerr (command_line, "boardsmith: %s\n", message);
              bs_window_show_message (window, message);
              self->status = 2;
            }
          else
            {
              /* --moves: played on the last game, once it is read. */
              const char *file_moves = NULL;

              if (args[i + 1] == NULL && self->status == 0)
                g_variant_dict_lookup (options, "moves", "&s", &file_moves);
              open_file (self, window, file, command_line, file_moves);
            }
        }
    }

  if (self->status == 0 && g_variant_dict_lookup (options, "moves", "&s", &moves)
      && !bs_window_get_opening (window) && bs_window_get_game (window) != NULL)
    {
      g_autoptr(GError) error = NULL;

      if (!bs_window_play_moves (window, moves, &error))
        {
          g_application_command_line_printerr (command_line, "boardsmith: %s\n", error->message);
          self->status = 1;
        }
    }

  present (self, window);
  return self->status;
}

static int
bs_application_handle_local_options (GApplication *app,
                                     GVariantDict *options)
{
  /* --version answers without a display and without starting or reaching an instance. */
  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("boardsmith %s\n", PACKAGE_VERSION);
      return 0;
    }
  /* A screenshot run must not hand its work to an instance already open. */
  if (g_variant_dict_contains (options, "screenshot")
      || g_variant_dict_contains (options, "measure-startup"))
    g_application_set_flags (app, g_application_get_flags (app) | G_APPLICATION_NON_UNIQUE);
  return -1;
}

/* SIGTERM (the session logs out, the system shuts down), SIGINT, SIGHUP:
 * end as by Ctrl+Q, but with nobody to ask, so unsaved work is kept for
 * the next start rather than dropped (and nothing is cut short while
 * being written, as dying by the signal would). */
static gboolean
on_end_signal (gpointer user_data)
{
  GApplication *app = user_data;
  GList *windows;

  g_message ("ending on a signal: unsaved work is kept for the next start");
  bs_autosave_end_session_keeping (bs_autosave_get_default ());
  while ((windows = gtk_application_get_windows (GTK_APPLICATION (app))) != NULL)
    gtk_window_destroy (windows->data);
  g_application_quit (app);
  return G_SOURCE_CONTINUE;
}

static void
bs_application_startup (GApplication *app)
{
  BsApplication *self = BS_APPLICATION (app);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Control>q", NULL } },
    /* GtkWindow's own action: through close-request, so an unsaved game
     * or variant is asked about first. */
    { "window.close", { "<Control>w", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.choose-game", { "<Shift><Control>n", NULL } },
    { "win.open", { "<Control>o", NULL } },
    { "win.save", { "<Control>s", NULL } },
    { "win.save-as", { "<Shift><Control>s", NULL } },
    { "win.export", { "<Control>e", NULL } },
    { "win.print", { "<Control>p", NULL } },
    { "win.copy-image", { "<Shift><Control>c", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.redo", { "<Shift><Control>z", "<Control>y", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.history-back", { "<Alt>Left", NULL } },
    { "win.history-forward", { "<Alt>Right", NULL } },
    { "win.history-start", { "<Alt>Home", NULL } },
    { "win.history-end", { "<Alt>End", NULL } },
    { "win.help", { "F1", NULL } },
  };
  G_APPLICATION_CLASS (bs_application_parent_class)->startup (app);
  bs_prefer_cairo_on_software_gl ();
  bs_button_names_said_once ();
  g_unix_signal_add (SIGTERM, on_end_signal, app);
  g_unix_signal_add (SIGINT, on_end_signal, app);
  g_unix_signal_add (SIGHUP, on_end_signal, app);

  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (app), accels[i].action,
                                           accels[i].accels);

  /* style.css needs no loading here: AdwApplication loads it from the
   * resource base path (with style-dark.css and the high-contrast ones). */

  self->settings = g_settings_new (APP_ID);
  g_signal_connect_object (self->settings, "changed::theme", G_CALLBACK (apply_theme), self,
                           G_CONNECT_SWAPPED);
  apply_theme (self);

  {
    g_autoptr(GAction) theme = g_settings_create_action (self->settings, "theme");
    g_autoptr(GAction) coords = g_settings_create_action (self->settings, "show-coordinates");
    g_autoptr(GAction) legal = g_settings_create_action (self->settings, "show-legal-moves");

    g_action_map_add_action (G_ACTION_MAP (app), theme);
    g_action_map_add_action (G_ACTION_MAP (app), coords);
    g_action_map_add_action (G_ACTION_MAP (app), legal);
  }
}

static void
quit_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  GApplication *app = user_data;
  /* A copy, each window held: a window that closes at once leaves the
   * application's list, node and all, so walking that list while closing
   * read a freed node (a crash after Ctrl+Q, under load). */
  GList *windows = g_list_copy_deep (gtk_application_get_windows (GTK_APPLICATION (app)),
                                     (GCopyFunc) (void (*) (void)) g_object_ref, NULL);

  /* Windows ask about unsaved games themselves. */
  if (windows == NULL)
    g_application_quit (app);
  for (GList *l = windows; l != NULL; l = l->next)
    gtk_window_close (l->data);
  g_list_free_full (windows, g_object_unref);
}

static void
about_activated (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  bs_about_present (gtk_application_get_active_window (GTK_APPLICATION (user_data)));
}

static const GActionEntry app_entries[] = {
  { "quit", quit_activated },
  { "about", about_activated },
};

static void
bs_application_dispose (GObject *object)
{
  BsApplication *self = (BsApplication *) object;

  g_clear_object (&self->settings);
  G_OBJECT_CLASS (bs_application_parent_class)->dispose (object);
}

static void
bs_application_shutdown (GApplication *app)
{
  /* A normal end: what was open was saved or given up by the user. */
  bs_autosave_end_session (bs_autosave_get_default ());
  /* The windows are gone, and with them what the threads worked for (a
   * save reloads Your Variants in one, an export may still write): the
   * process ends only once they are done, not with a file half-written or
   * a parser that libxml2's exit-time cleanup pulls from under a thread.
   * What they read is cancelled by now, so this is short. */
  if (!bs_worker_wait_all (WORKERS_WAIT_US))
    g_message ("%u threads still running at exit", bs_worker_get_n_running ());
  G_APPLICATION_CLASS (bs_application_parent_class)->shutdown (app);
}

static void
bs_application_finalize (GObject *object)
{
  BsApplication *self = (BsApplication *) object;

  g_free (self->screenshot_path);
  G_OBJECT_CLASS (bs_application_parent_class)->finalize (object);
}

static void
bs_application_class_init (BsApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = bs_application_dispose;
  object_class->finalize = bs_application_finalize;
  app_class->startup = bs_application_startup;
  app_class->shutdown = bs_application_shutdown;
  app_class->activate = bs_application_activate;
  app_class->open = bs_application_open;
  app_class->command_line = bs_application_command_line;
  app_class->handle_local_options = bs_application_handle_local_options;
}

static void
bs_application_init (BsApplication *self)
{
  static const GOptionEntry options[] = {
    { "screenshot", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_FILENAME, NULL,
      N_("Save a PNG of the window to FILE and quit"), N_("FILE") },
    { "screenshot-size", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL,
      N_("The window's size for --screenshot (1000x700)"), N_("WIDTHxHEIGHT") },
    { "measure-startup", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_NONE, NULL,
      N_("Print how long the first frame took to paint, and quit"), NULL },
    { "edit", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Open the variant in the variant editor"), NULL },
    { "version", 0, 0, G_OPTION_ARG_NONE, NULL,
      N_("Print the version and exit"), NULL },
    { "seed", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL,
      N_("Seed of the random setup"), N_("N") },
    { "moves", 0, G_OPTION_FLAG_HIDDEN, G_OPTION_ARG_STRING, NULL,
      N_("Play these moves after opening the game"), N_("\"M1 M2 …\"") },
    { G_OPTION_REMAINING, 0, 0, G_OPTION_ARG_FILENAME_ARRAY, NULL, NULL, NULL },
    { NULL }
  };

  self->launched_us = g_get_monotonic_time ();

  g_application_add_main_option_entries (G_APPLICATION (self), options);
  g_application_set_option_context_parameter_string (G_APPLICATION (self),
                                                      _("[VARIANT | FILE]"));
  {
    /* The built-in names as the rules directory has them. */
    g_auto(GStrv) names = bs_variant_list_builtin ();
    g_autofree char *list = g_strjoinv (", ", names);
    g_autofree char *summary =
      /* TRANSLATORS: %s is the list of built-in game names */
      g_strdup_printf (_("Open a built-in game (%s), a variant file or a game record."), list);

    g_application_set_option_context_summary (G_APPLICATION (self), summary);
  }
  g_action_map_add_action_entries (G_ACTION_MAP (self), app_entries,
                                   G_N_ELEMENTS (app_entries), self);
}

int
bs_application_get_status (BsApplication *self)
{
  g_return_val_if_fail (BS_IS_APPLICATION (self), 1);
  return self->status;
}

BsApplication *
bs_application_new (void)
{
  return g_object_new (BS_TYPE_APPLICATION,
                       "application-id", APP_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN | G_APPLICATION_HANDLES_COMMAND_LINE,
                       "resource-base-path", "/io/github/boardsmith/Boardsmith",
                       NULL);
}
