/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-fair-dialog.h: Find a Fair Setting… — the balance lab's design-space search
 * (docs/BALANCE.md). The designer picks the variant's settings to vary (a range A..B,
 * A..B:STEP or a list x,y,z each, up to four at once), the goals (fair within a margin,
 * draws below a share, a mean length within a band, lead changes), the players, the games
 * a round, the most rounds and the schedule (the same games each round, or doubling), and a
 * seed; the race (bs-design-run.h) plays in the background with its progress shown, stops
 * and resumes, and ends in the settings that meet the goals with their evidence, those
 * eliminated and why, the best trade-offs and their chart when none meets them all, and the
 * games saved against a full grid. Apply opens a result's setting in the editor (::apply). */

#pragma once

#include <adwaita.h>

#include "bs-variant.h"

G_BEGIN_DECLS

#define BS_TYPE_FAIR_DIALOG (bs_fair_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BsFairDialog, bs_fair_dialog, BS, FAIR_DIALOG, AdwWindow)

/* A setting the designer may vary: its bs_variant_set() key, its name in the designer's
 * words, the variant's value and the bounds. */
typedef struct {
  const char *key;
  const char *label;
  int         value;
  int         min;
  int         max;
} BsFairSetting;

/* settings: the n settings the lab may vary; source: where the variant came from (a built-in
 * name or a file; NULL for unsaved edits); studies_dir: where the lab keeps its studies (the
 * search's folders go in its searches/); level_a, level_b: the lab's players as a study file
 * names them ("random", "hard", "ab:depth=2", "mcts:cpu=0.1"; NULL: Easy). */
BsFairDialog *bs_fair_dialog_new (GtkWindow           *parent,
                                  const BsVariant     *variant,
                                  const char          *source,
                                  const char          *studies_dir,
                                  const BsFairSetting *settings,
                                  guint                n,
                                  const char          *level_a,
                                  const char          *level_b);

/* Where the app keeps a search of this variant with these settings (search.ini's text) in
 * studies_dir: the same settings, the same folder, so a search started again goes on. */
char         *bs_fair_dialog_search_dir (const BsVariant *variant,
                                         const char      *source,
                                         const char      *studies_dir,
                                         const char      *settings);

G_END_DECLS
