/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-compat.h: the one place where newer GTK APIs are used, behind
 * GTK_CHECK_VERSION; the rest of the app targets GTK 4.8. */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* file is NULL when the user cancelled. */
typedef void (*BsFileChosenFunc) (GFile    *file,
                                  gpointer  user_data);

/* Asks for a game record to open (save = FALSE) or where to save one,
 * starting in folder (may be NULL) with suggested_name: GtkFileDialog on
 * GTK 4.10 and later, GtkFileChooserNative before. */
void bs_compat_choose_record (GtkWindow        *parent,
                              gboolean          save,
                              GFile            *folder,
                              const char       *suggested_name,
                              BsFileChosenFunc  callback,
                              gpointer          user_data);

typedef enum {
  BS_OPEN_ANY,       /* a game record, a variant, a balance study or a skill trace */
  BS_OPEN_VARIANT,   /* a variant */
} BsOpenKind;

/* The filters Open offers for kind (GtkFileFilter items, the default one first; it is set in
 * default_filter, owned by the list). */
GListStore *bs_compat_open_filters (BsOpenKind      kind,
                                    GtkFileFilter **default_filter);

/* Asks for a file to open, offering Boardsmith's files of that kind (and
 * each kind alone, and all files), starting in folder (may be NULL). */
void bs_compat_choose_open   (GtkWindow        *parent,
                              const char       *title,
                              BsOpenKind        kind,
                              GFile            *folder,
                              BsFileChosenFunc  callback,
                              gpointer          user_data);

/* Asks where to save an exported file of one type (a filter named
 * filter_name for mime_type, plus All files), starting in folder (may be
 * NULL) with suggested_name. */
void bs_compat_choose_export (GtkWindow        *parent,
                              const char       *title,
                              GFile            *folder,
                              const char       *suggested_name,
                              const char       *filter_name,
                              const char       *mime_type,
                              BsFileChosenFunc  callback,
                              gpointer          user_data);

/* Opens the file manager on the folder of `file`, with the file selected
 * where the file manager can (org.freedesktop.FileManager1), else the
 * folder. */
void bs_compat_show_in_files (GtkWindow *parent,
                              GFile     *file);

G_END_DECLS
