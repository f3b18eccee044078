/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-study-private.h: what the runner needs from the file code. */

#pragma once

#include "bs-study.h"

G_BEGIN_DECLS

/* A finished game already serialised (bs_study_game_to_xml). */
typedef struct {
  guint  arm;
  guint  number;
  char  *xml;
} BsStudyPendingGame;

void     bs_study_pending_game_free (BsStudyPendingGame *pending);

/* Whether game (arm, number) belongs in the file. */
typedef gboolean (*BsStudyKeepFunc) (guint    arm,
                                     guint    number,
                                     gpointer user_data);

/* Rewrites the study file at path atomically: study's header, then the
 * games of the file already there (if any) merged with `extra` (sorted by
 * arm and number), each once, those that `keep` accepts. */
gboolean bs_study_rewrite           (const BsStudy   *study,
                                     const char      *path,
                                     GPtrArray       *extra,
                                     BsStudyKeepFunc  keep,
                                     gpointer         user_data,
                                     GError         **error);

/* Tests only (NULL otherwise): called by bs_study_runner_open() after it
 * read the file and before it reads the journal, to fold there as a run
 * on another thread or in another process may. */
extern void (*bs_study_open_between_hook) (const char *path);

/* Tests only (NULL otherwise): called by bs_study_read_journal() once it
 * knows the journal's size and before it reads a byte, to fold there. */
extern void (*bs_study_journal_sized_hook) (const char *journal_path);

G_END_DECLS
