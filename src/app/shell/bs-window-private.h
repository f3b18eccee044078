/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-window-private.h: what the pieces of the window share — its instance
 * and the steps each piece takes for the others. Only bs-window*.c
 * include it:
 *   bs-window.c          the pages, the game on show, navigation, title,
 *                        focus, messages;
 *   bs-window-confirm.c  asking before a game or its orders are lost,
 *                        closing;
 *   bs-window-files.c    opening files (games, records, variants,
 *                        studies) and saving records;
 *   bs-window-editing.c  the variant editor and the Balance page;
 *   bs-window-help.c     How to Play;
 *   bs-window-rules.c    a rules file watched while its game is played. */

#pragma once

#include <adwaita.h>

#include "bs-announcer.h"
#include "bs-balance-view.h"
#include "bs-computer-player.h"
#include "bs-editor-view.h"
#include "bs-pending.h"
#include "bs-play-scene.h"
#include "bs-play-view.h"
#include "bs-rules-file.h"
#include "bs-start-view.h"
#include "bs-window.h"

G_BEGIN_DECLS

struct _BsWindow {
  AdwApplicationWindow  parent_instance;

  GSettings            *settings;
  BsGame               *game;
  BsPlayScene          *scene;
  BsComputerPlayer     *computer;
  GSignalGroup         *game_signals;
  GSignalGroup         *scene_signals;
  AdwToast             *toast;
  char                 *last_message;
  /* The last widget of the window itself (not of a popover) that had the
   * keyboard focus, and the check that puts the focus back when it is
   * left on a widget that went away. */
  GtkWidget            *last_focus;
  guint                 focus_idle;
  /* A file being read in a thread (bs_window_open_file_async). */
  GCancellable         *opening;
  /* The Balance page was opened from the editor: its back button goes back there. */
  gboolean              balance_from_editor;
  /* The rules file whose game is on show, watched (bs-window-rules.c). */
  BsRulesFile          *rules_file;
  /* A copy of a game's rules being opened (win.new-rules): said once open. */
  GFile                *rules_copy;

  /* Template children. */
  AdwToastOverlay      *toast_overlay;
  BsAnnouncer          *announcer;
  AdwWindowTitle       *window_title;
  AdwHeaderBar         *header_bar;
  GtkWidget            *back_button;
  GtkWidget            *history_box;
  GtkWidget            *new_game_button;
  GtkStack             *stack;
  BsStartView          *start_view;
  BsPlayView           *play_view;
  BsEditorView         *editor_view;
  GtkWidget            *edit_button;
  GtkRevealer          *rules_banner;
  GtkLabel             *rules_banner_label;
  GtkWidget            *rules_banner_icon;
  GtkWidget            *rules_banner_close;
  BsBalanceView        *balance_view;
  GtkMenuButton        *menu_button;
  AdwSqueezer          *title_squeezer;
  AdwSqueezer          *play_squeezer;
  GMenuModel           *primary_menu;
  GMenuModel           *general_menu;
};

/* bs-window.c */
void     _bs_window_show_error          (BsWindow       *self,
                                         const char     *heading,
                                         const char     *body);
void     _bs_window_update_actions      (BsWindow       *self);
void     _bs_window_update_title        (BsWindow       *self);
void     _bs_window_focus_page          (BsWindow       *self);
void     _bs_window_show_balance_now    (BsWindow       *self,
                                         gboolean        from_editor);
void     _bs_window_set_game            (BsWindow       *self,
                                         BsGame         *game);
guint64  _bs_window_new_seed            (void);
/* A BsPendingFunc: back to the start page, without the game. */
void     _bs_window_go_to_start         (gpointer        owner,
                                         gpointer        data);

/* bs-window-confirm.c */
void     _bs_window_confirm_discard     (BsWindow       *self,
                                         BsPendingFunc   then,
                                         gpointer        data,
                                         GDestroyNotify  destroy);
void     _bs_window_confirm_leave_round (BsWindow       *self,
                                         BsPendingFunc   then,
                                         gpointer        data,
                                         GDestroyNotify  destroy);
gboolean _bs_window_ask_before_closing  (BsWindow       *self);

/* bs-window-files.c */
void     _bs_window_files_init          (BsWindow       *self);
void     _bs_window_add_recent          (GFile          *file);
/* Saves the game (asking where when `ask` or it has no file), then goes
 * on with `pending` (may be NULL). */
void     _bs_window_save_then           (BsWindow       *self,
                                         gboolean        ask,
                                         BsPending      *pending);
/* A BsPendingFunc: opens the GFile `data` in a thread. */
void     _bs_window_open_file_now       (gpointer        owner,
                                         gpointer        data);
/* The same for the start page's Play: a variant whose remembered seats
 * are two computers starts paused. */
void     _bs_window_play_file_now       (gpointer        owner,
                                         gpointer        data);

/* bs-window-editing.c */
void     _bs_window_editing_class_init  (GtkWidgetClass *widget_class);
void     _bs_window_editing_init        (BsWindow       *self);

/* bs-window-help.c */
void     _bs_window_help_init           (BsWindow       *self);

/* bs-window-rules.c */
void     _bs_window_rules_class_init    (GtkWidgetClass *widget_class);
void     _bs_window_rules_init          (BsWindow       *self);
/* The game of the rules `rules` read from `file` is about to be shown:
 * the file is watched from now on. */
void     _bs_window_watch_rules         (BsWindow       *self,
                                         GFile          *file,
                                         BsRulesGame    *rules);
/* The window shows `game` (NULL: none): the watch ends unless it plays
 * the watched rules. */
void     _bs_window_rules_game_changed  (BsWindow       *self,
                                         BsGame         *game);

G_END_DECLS
