/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-rules-file.h: a rules file (docs/RULES-LANGUAGE.md) a designer opened
 * in the app, watched while its game is played: the designer's loop.
 *
 * Loading one registers its game as a module (bs_module_register: found
 * by its id before a built-in game of that id, for the rest of the
 * process), so that the game plays, saves records, autosaves and has a
 * computer player as the written games that ship do. Every game loaded
 * is kept for the life of the process, as the catalog's are: rulesets and
 * records made from an older load stay valid.
 *
 * BsRulesFile watches the file (GFileMonitor; events gathered for a
 * moment, since editors write a copy and rename it over the file) and
 * reads it again in a thread on each save: "reloaded" when it loads (the
 * new game registered), else the `error` property (FILE:LINE: message)
 * until a save loads again. A save that leaves the bytes as they were is
 * no reload. */

#pragma once

#include <gio/gio.h>

#include "bs-game.h"
#include "bs-rules-game.h"

G_BEGIN_DECLS

/* Whether a file's first bytes have the rules language's root element. */
gboolean     bs_rules_data_is_rules (const char *data,
                                     gsize       length);
/* Whether the file's root element is the rules language's (a few
 * kilobytes read). */
gboolean     bs_file_is_rules       (GFile      *file);
/* Checks the rules read from `path`, registers their game
 * (bs_module_register) and keeps it for the process. The returned
 * reference is the caller's. */
BsRulesGame *bs_rules_file_load_data (const char  *data,
                                      gsize        length,
                                      const char  *path,
                                      GError     **error);
/* As bs_rules_file_load_data, without registering the game: an open in a
 * thread registers it (bs_rules_file_register) only once it is shown, so
 * that an open cancelled by a newer one leaves the registry as it was.
 * `checksum`: of the bytes, for bs_rules_file_register. */
BsRulesGame *bs_rules_file_parse_data (const char  *data,
                                       gsize        length,
                                       const char  *path,
                                       char       **checksum,
                                       GError     **error);
/* Registers and keeps a game bs_rules_file_parse_data gave (main thread or
 * any: the registry is locked). */
void         bs_rules_file_register   (BsRulesGame *game,
                                       const char  *path,
                                       const char  *checksum);
/* Reads the rules file at `path` and registers its game, as opening it
 * does, without watching it (a game of it restored from an autosave copy). */
gboolean     bs_rules_file_register_path (const char  *path,
                                          GError     **error);
/* The file the game `id` was last loaded from in this process (absolute),
 * or NULL when no rules file of the user's has that id. */
char        *bs_rules_file_path_of  (const char  *id);

/* The user's folder of rules files: $XDG_DATA_HOME/boardsmith/rules. */
char        *bs_rules_file_user_folder (void);
/* Whether a game that ships has a rules file (bs_rules_catalog_find_file),
 * from a list read once. */
gboolean     bs_rules_file_game_has_rules (const char *id);
/* A copy of the rules file `source` in `folder` (made if missing) as the
 * start of a new game, as `boardsmith-cli new-rules` makes one: the first
 * free name of "copy-of-ID.xml", "copy-of-ID-2.xml"…, the id its name
 * gives, the name "Copy of NAME", the rest of the file (comments, layout)
 * as it was; checked to load, written atomically. Blocking. */
GFile       *bs_rules_file_new_copy (const char  *source,
                                     const char  *folder,
                                     GError     **error);

#define BS_TYPE_RULES_FILE (bs_rules_file_get_type ())
G_DECLARE_FINAL_TYPE (BsRulesFile, bs_rules_file, BS, RULES_FILE, GObject)

/* Watches `file`, whose rules `game` are (as bs_rules_file_load_data gave). */
BsRulesFile    *bs_rules_file_new        (GFile       *file,
                                          BsRulesGame *game);
GFile          *bs_rules_file_get_file   (BsRulesFile *self);
/* The last rules that loaded, and their module. */
BsRulesGame    *bs_rules_file_get_game   (BsRulesFile *self);
const BsModule *bs_rules_file_get_module (BsRulesFile *self);
/* Why the last save did not load ("FILE:LINE: message"), or NULL. */
const char     *bs_rules_file_get_error  (BsRulesFile *self);
/* How many saves loaded since the file was opened. */
guint           bs_rules_file_get_n_reloads (BsRulesFile *self);

/* `old` on the current rules: a new game on the rules' default board,
 * with old's seed and seats, its turns replayed in order while they are
 * legal (the cursor where it was, or at the last turn replayed), old's
 * record file kept with its stamp (modified: it holds the old game;
 * a save in place asks when another program wrote the file since). When a
 * turn is refused, *stopped is its index (0-based) and *why the rules'
 * words; else *stopped is G_MAXUINT. NULL with `error` when the rules
 * refuse their own default board. */
BsGame         *bs_rules_file_replay     (BsRulesFile *self,
                                          BsGame      *old,
                                          guint       *stopped,
                                          char       **why,
                                          GError     **error);

G_END_DECLS
