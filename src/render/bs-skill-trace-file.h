/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-skill-trace-file.h: a skill trace's own small file (NAME-trace-KEY.bstrace, beside its
 * levels' studies; docs/BALANCE.md, Skill Trace…): what the app's Recent lists and reopens
 * without playing — the variant's name, where it came from, the games a level, the seed,
 * whether every level was finished, and each level with its study file.
 *
 * Lines of KEY=VALUE (values escaped as C strings, g_strescape), after a first line
 * "boardsmith-skill-trace 1":
 *   variant=My Game
 *   source=/home/me/my-game.bsvariant   (optional)
 *   games=100
 *   seed=1
 *   finished=true
 *   level=easy my-game-trace-1a2b3c4d-easy.bsstudy   (one a level, weakest first)
 * A level's file is relative to the trace file's folder unless absolute. */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char     *variant;    /* the variant's name, as the trace shows it */
  char     *source;     /* a built-in variant's name or its file; NULL for unsaved edits */
  guint     games;      /* games a level */
  guint64   seed;
  gboolean  finished;   /* every level has all its games */
  GStrv     levels;     /* as the command line's --levels names them, weakest first */
  GStrv     files;      /* each level's study file, full paths */
} BsSkillTraceFile;

BsSkillTraceFile *bs_skill_trace_file_new   (const char              *variant,
                                             const char              *source,
                                             guint                    games,
                                             guint64                  seed);
void              bs_skill_trace_file_free  (BsSkillTraceFile        *file);
/* Adds a level and its study file. */
void              bs_skill_trace_file_add   (BsSkillTraceFile        *file,
                                             const char              *level,
                                             const char              *study);
guint             bs_skill_trace_file_n_levels (const BsSkillTraceFile *file);

/* Read: a bad file is refused naming the file, the line and the value. */
BsSkillTraceFile *bs_skill_trace_file_load  (const char              *path,
                                             GError                 **error);
/* Written atomically; the levels' files beside path are named by their base names. */
gboolean          bs_skill_trace_file_save  (const BsSkillTraceFile  *file,
                                             const char              *path,
                                             GError                 **error);

/* The trace file of a trace whose levels' studies are named from output
 * (bs_skill_trace_level_path): output's extension replaced with ".bstrace". */
char             *bs_skill_trace_file_path  (const char              *output);
/* Whether path is named as a trace file (".bstrace"). */
gboolean          bs_skill_trace_file_is    (const char              *path);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (BsSkillTraceFile, bs_skill_trace_file_free)

G_END_DECLS
