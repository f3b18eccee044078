/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-trace-dialog.h: Skill Trace… — player 1's score with both players at each of several
 * levels, weakest first, and whether it rises or falls with skill (docs/BALANCE.md, Skill
 * trace). The designer ticks the levels (Random, Easy, Medium, Hard, a longer think of a
 * number of playouts), the games a level and a seed; one study a level plays in a worker
 * thread (bs_skill_trace_open_level, as `boardsmith-cli skill-trace` plays it: the same
 * seed, the same games), its progress shown with Cancel; then the verdict in words, each
 * level's figures as a row, the chart (bs_chart_draw_skill_trace) and Export Chart….
 *
 * The studies are kept in studies_dir, one file a level (NAME-trace-KEY-LEVEL.bsstudy, KEY
 * a hash of the variant, the games and the seed), so `boardsmith-cli report` and the
 * Balance page read each level; the same trace started again resumes them. */

#pragma once

#include <adwaita.h>

#include "bs-variant.h"

G_BEGIN_DECLS

#define BS_TYPE_TRACE_DIALOG (bs_trace_dialog_get_type ())

G_DECLARE_FINAL_TYPE (BsTraceDialog, bs_trace_dialog, BS, TRACE_DIALOG, AdwWindow)

/* source: where the variant came from (a built-in name or a file; NULL for unsaved edits),
 * for the files' names; studies_dir: where the lab keeps its studies. */
BsTraceDialog *bs_trace_dialog_new          (GtkWindow       *parent,
                                             const BsVariant *variant,
                                             const char      *source,
                                             const char      *studies_dir);

/* A trace played before, from its own file (NAME-trace-KEY.bstrace, bs-skill-trace-file.h,
 * written when a trace finishes or stops with games kept, and listed in Recent): the form
 * set to its levels, games and seed, and the result read from its levels' files, nothing
 * played; a trace not finished stops where it was, with Resume. A bad trace file is
 * refused (NULL, the error naming it); a level's file missing or bad is said on the trace
 * page, naming the file. The variant is its first level's. */
BsTraceDialog *bs_trace_dialog_open_file    (GtkWindow       *parent,
                                             const char      *path,
                                             GError         **error);

/* The study file a trace of variant with these games and seed keeps its levels in
 * (bs_skill_trace_level_path adds each level): the same trace, the same files. */
char          *bs_trace_dialog_trace_path   (const BsVariant *variant,
                                             const char      *source,
                                             const char      *studies_dir,
                                             guint            games,
                                             guint64          seed);

G_END_DECLS
