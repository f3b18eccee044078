/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-variant-document-private.h: the document's state, shared by the files
 * that make it up: bs-variant-document.c (the edits, undo and redo, the
 * properties), -check.c (whether the variant builds, where its error is,
 * the preview, whether its start can become fixed pieces) and -file.c
 * (open, save, revert, changed on disk, recovery). Nothing outside the
 * document includes it.
 *
 * Included after bs-variant-document.h, which it completes: it does not
 * include it itself, or the document's own .c and its header would include
 * each other. */

#pragma once

#include "bs-file-stamp.h"

G_BEGIN_DECLS

struct _BsVariantDocument {
  GObject        parent_instance;

  BsVariant     *variant;
  BsVariant     *saved;        /* as on disk (or as created), for `modified` */
  char          *path;
  BsFileStamp   *disk;         /* the file as read or last written here */
  GPtrArray     *undo;         /* of BsVariant, oldest first */
  GPtrArray     *redo;         /* of BsVariant, next redo last */
  char          *merge_key;    /* of the last edit, while it may still merge */
  guint          group_depth;  /* edits inside a group are one step of undo */
  gboolean       group_changed;

  BsRuleset     *ruleset;
  BsRuleset     *preview;
  BsPosition    *preview_position;
  gboolean       preview_sketch;   /* drawn as entered: not for play */
  GPtrArray     *problem_cells;    /* of char *: labels the error is about */
  GError        *error;
  BsEditSection  error_section;
  char          *error_option;

  /* Whether the start can become fixed pieces: worked out when first
   * asked after a change (it builds one more ruleset). */
  gboolean       start_checked;
  BsStartFixing  start_fixing;
  guint          start_new;        /* pieces of the start not fixed yet */
  GError        *start_refusal;
  BsVariant     *start_fixed;      /* the variant with them fixed */

  gboolean       valid;
  gboolean       modified;
  gboolean       can_undo;
  gboolean       can_redo;
};

/* bs-variant-document.c */
/* Recomputes everything that follows from the variant and says so. */
void               bs_variant_document_update         (BsVariantDocument  *self);
void               bs_variant_document_set_path       (BsVariantDocument  *self,
                                                       const char         *path);
BsVariantDocument *bs_variant_document_new_take   (BsVariant          *variant);
void               bs_variant_document_forget_origin  (BsVariant          *variant);

/* bs-variant-document-check.c */
void               bs_variant_document_check          (BsVariantDocument  *self);
/* Whether the rules take the variant (a ruleset can be made of it). */
gboolean           bs_variant_document_builds         (const BsVariant    *variant,
                                                       GError            **error);

G_END_DECLS
