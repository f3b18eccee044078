/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-balance-view-private.h: the balance page's state, shared by the files
 * that make it up: bs-balance-view.c (the setup form, the page's state and
 * its actions), -compare.c (Compare With: the variants offered, read in a
 * thread, and Other File…; Compare Players is a switch of bs-balance-view.c), -results.c (the verdict, the figures and the
 * chart of the study shown) and -files.c (study files: naming, recognising
 * and opening them, and exporting a chart or the data). Nothing outside the
 * page includes it.
 *
 * Included after bs-balance-view.h, which it completes: it does not include it
 * itself, or the page's own .c and its header would include each other. */

#pragma once

#include "bs-balance-run.h"
#include "bs-player-chooser.h"
#include "bs-chart.h"

G_BEGIN_DECLS

typedef struct {
  char *key;       /* a bs_variant_set() key */
  char *label;     /* in the designer's words */
  int   value;     /* the variant's own */
  int   min;
  int   max;
} BsBalanceSweepKey;

/* A variant the study may be compared with. */
typedef struct {
  char      *label;
  char      *source;     /* built-in name or path */
  BsVariant *variant;
} BsBalanceCandidate;

/* One line of the results: a figure, what it means, its value. */
typedef struct {
  AdwActionRow *row;
  GtkLabel     *value;
} BsBalanceFigure;

struct _BsBalanceView {
  AdwBin          parent_instance;

  GtkWidget      *loading_box;
  GtkSpinner     *loading_spinner;
  GtkLabel       *loading_label;
  GtkWidget      *setup_box;
  AdwComboRow    *player_a_row;
  AdwComboRow    *player_b_row;
  AdwActionRow   *player_a_entry;   /* Custom…: the player's text */
  AdwActionRow   *player_b_entry;
  AdwActionRow   *player_a_status;
  AdwActionRow   *player_b_status;
  BsPlayerChooser *players[2];   /* A and B, on the rows above */
  AdwActionRow   *games_row;
  GtkSpinButton  *games_spin;
  AdwComboRow    *precision_row;
  AdwComboRow    *vary_row;
  GtkWidget      *from_row;
  GtkSpinButton  *from_spin;
  GtkWidget      *to_row;
  GtkSpinButton  *to_spin;
  AdwComboRow    *compare_row;
  AdwActionRow   *compare_players_row;
  GtkSwitch      *compare_players_switch;
  AdwPreferencesGroup *players_group;
  GtkWidget      *results_box;
  GtkLabel       *verdict_label;
  GtkLabel       *study_label;
  GtkProgressBar *progress_bar;
  GtkLabel       *progress_label;
  GtkWidget      *find_fair_button;
  GtkWidget      *pause_button;
  GtkWidget      *cancel_button;
  GtkWidget      *more_button;
  GtkWidget      *new_button;
  GtkWidget      *fairest_group;
  AdwActionRow   *fairest_row;
  AdwPreferencesGroup *figures_group;
  GtkDropDown    *chart_dropdown;
  GtkDrawingArea *chart_area;
  AdwSplitButton *export_button;

  BsVariant      *variant;      /* the variant being set up */
  char           *source;       /* its built-in name or file, or NULL */
  GPtrArray      *sweep_keys;   /* of BsBalanceSweepKey*, for the Vary row (index + 1) */
  GPtrArray      *candidates;   /* of BsBalanceCandidate*, for Compare With (index + 1) */
  guint           n_builtins;   /* the first candidates: the built-in variants */
  GCancellable   *files_cancellable;   /* while the variant files are read */
  guint           compare_selected;   /* what Compare With showed before Other File… */
  guint           vary_selected;      /* the setting the range was made for */
  gboolean        syncing;
  BsBalanceRun   *run;
  gboolean        cancelled;    /* the run was cancelled: its results stay shown */
  GArray         *figures;      /* of BsBalanceFigure, made for the run shown */
  BsChartKind     chart_kinds[5];
  guint           n_chart_kinds;
  char           *chart_description;   /* what the chart area says to a screen reader */
  gboolean        loading;
  guint           load_serial;   /* which open is the latest */
};

/* bs-balance-view.c */
void  bs_balance_view_update                 (BsBalanceView  *self);
void  bs_balance_view_set_run                (BsBalanceView  *self,
                                              BsBalanceRun   *run);
/* Something to tell the user (the "message" signal). */
void  bs_balance_view_message                (BsBalanceView  *self,
                                              const char     *message);

/* bs-balance-view-compare.c */
void  bs_balance_view_fill_candidates        (BsBalanceView  *self);
void  bs_balance_view_compare_changed        (BsBalanceView  *self);

/* bs-balance-view-results.c */
void  bs_balance_view_clear_figures          (BsBalanceView  *self);
void  bs_balance_view_make_figures           (BsBalanceView  *self);
void  bs_balance_view_update_results         (BsBalanceView  *self);
char *bs_balance_view_describe_study         (BsStudy        *study,
                                              const char     *path);
void  bs_balance_view_fill_charts            (BsBalanceView  *self,
                                              BsStudy        *study);
void  bs_balance_view_draw_chart             (GtkDrawingArea *area,
                                              cairo_t        *cr,
                                              int             width,
                                              int             height,
                                              gpointer        user_data);

/* bs-balance-view-files.c */
char *bs_balance_view_new_study_path         (const BsVariant *variant,
                                              const char      *source);
void  bs_balance_view_export_chart_activated (GtkWidget      *widget,
                                              const char     *name,
                                              GVariant       *param);
void  bs_balance_view_export_data_activated  (GtkWidget      *widget,
                                              const char     *name,
                                              GVariant       *param);

G_END_DECLS
