/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-widgets.h: small fixes applied to stock widgets where the app uses
 * them. */

#pragma once

#include <adwaita.h>

#include "bs-render.h"

G_BEGIN_DECLS

/* A menu button's tooltip ("Players", "Main Menu") is not shown while its
 * own popover is open: GTK 4.8 shows it over the popover. has-tooltip
 * follows the popover's visibility, whichever popover or menu model the
 * button gets later; the tooltip text (and the accessible name read from
 * it) stays. */
void bs_menu_button_hide_tooltip_while_open (GtkMenuButton *button);

/* An AdwComboRow's list pops up centred on the arrow at the row's end, so
 * a list wider than twice the arrow's distance to the window's edge stuck
 * out of the window (the Export dialog's formats). Each time the row opens
 * its list, the list is shifted to end inside the window. */
void bs_combo_row_keep_popover_inside     (AdwComboRow   *row);

/* An AdwComboRow of strings whose list shows each item whole, wrapped on
 * as many lines as it needs, where libadwaita 1.2 cuts it short ("Light’s
 * small pieces (p…"): a checkmark beside the chosen one, as libadwaita's. */
void bs_combo_row_wrap_list               (AdwComboRow   *row);

/* The renderer's theme for the app's style as it is now: high contrast,
 * dark or light (the board, the player swatches, Copy Image). */
BsTheme bs_style_get_theme (void);
/* The window's background in the app's style as it is now, which a
 * transparent board is drawn over (its options' backdrop). */
const BsRgba *bs_style_get_backdrop (void);

/* The same for a given style, whatever the style is now. */
BsTheme       bs_style_theme_for    (gboolean dark,
                                     gboolean high_contrast);
const BsRgba *bs_style_backdrop_for (gboolean dark);

/* GTK 4.8 names a button with a mnemonic twice, the underscore included
 * ("_New Game New Game"). Installed once at start-up, every such button,
 * the app's and those inside GTK's and libadwaita's widgets (a dialog's
 * responses), is named by the text it shows, once ("New Game"), from
 * when it is first shown and whenever its label changes. */
void bs_button_names_said_once (void);
/* GTK 4.8 gives the shortcuts window's search button (an icon) and its
 * menu of sections (shown when there are several) no name: "Search
 * Shortcuts", "Shortcut Sections". */
void bs_shortcuts_window_name_buttons (GtkShortcutsWindow *window);
/* GTK 4.8 never wraps a shortcut's title: long ones (German's) made the
 * window as wide as two columns of its longest lines, 1,349 px. Wrapped at
 * this many characters, two columns fit 800 px (GTK still lays a title
 * that fits on one line of the column's width unwrapped: the German
 * titles are short enough; tests/e2e/test_narrow.py measures). */
#define BS_SHORTCUT_TITLE_CHARS 18
void bs_shortcuts_window_wrap_titles  (GtkShortcutsWindow *window);

G_END_DECLS
