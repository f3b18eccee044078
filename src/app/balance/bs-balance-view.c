/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-balance-view.h"

#include <math.h>
#include <string.h>
#include <glib/gi18n.h>

#include "bs-balance-run.h"
#include "bs-chart.h"
#include "bs-compat.h"
#include "bs-entry-limit.h"
#include "bs-folders.h"
#include "bs-module.h"
#include "bs-ruleset.h"
#include "bs-study-report.h"
#include "bs-variant-document.h"
#include "bs-variant-xml.h"
#include "bs-widgets.h"

/* Games added by "Run 1,000 More". */
#define MORE_GAMES 1000
/* Enough of a file to see its root element past a long comment. */
#define SNIFF_SIZE 4096

typedef struct {
  char *key;       /* a bs_variant_set() key */
  char *label;     /* in the designer's words */
  int   value;     /* the variant's own */
  int   min;
  int   max;
} SweepKey;

/* A variant the study may be compared with. */
typedef struct {
  char      *label;
  char      *source;     /* built-in name or path */
  BsVariant *variant;
} Candidate;

/* One line of the results: a figure, what it means, its value. */
typedef struct {
  AdwActionRow *row;
  GtkLabel     *value;
} Figure;

/* Stop Early: target precisions (half-width of the 95% interval). */
static const double precisions[] = { 0, 0.05, 0.03, 0.02, 0.01 };

struct _BsBalanceView {
  AdwBin          parent_instance;

  GtkWidget      *loading_box;
  GtkSpinner     *loading_spinner;
  GtkLabel       *loading_label;
  GtkWidget      *setup_box;
  AdwComboRow    *player_a_row;
  AdwComboRow    *player_b_row;
  AdwActionRow   *games_row;
  GtkSpinButton  *games_spin;
  AdwComboRow    *precision_row;
  AdwComboRow    *vary_row;
  GtkWidget      *from_row;
  GtkSpinButton  *from_spin;
  GtkWidget      *to_row;
  GtkSpinButton  *to_spin;
  AdwComboRow    *compare_row;
  GtkWidget      *results_box;
  GtkLabel       *verdict_label;
  GtkLabel       *study_label;
  GtkProgressBar *progress_bar;
  GtkLabel       *progress_label;
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
  GPtrArray      *sweep_keys;   /* of SweepKey*, for the Vary row (index + 1) */
  GPtrArray      *candidates;   /* of Candidate*, for Compare With (index + 1) */
  guint           n_builtins;   /* the first candidates: the built-in variants */
  GCancellable   *files_cancellable;   /* while the variant files are read */
  guint           compare_selected;   /* what Compare With showed before Other File… */
  guint           vary_selected;      /* the setting the range was made for */
  gboolean        syncing;
  BsBalanceRun   *run;
  GArray         *figures;      /* of Figure, made for the run shown */
  BsChartKind     chart_kinds[5];
  guint           n_chart_kinds;
  gboolean        loading;
  guint           load_serial;   /* which open is the latest */
};

G_DEFINE_FINAL_TYPE (BsBalanceView, bs_balance_view, ADW_TYPE_BIN)

enum {
  APPLY_REQUESTED,
  MESSAGE,
  STUDY_OPENED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char * const level_ids[] = { "random", "easy", "medium", "hard" };

static void update (BsBalanceView *self);

static void
sweep_key_free (gpointer data)
{
  SweepKey *key = data;

  g_free (key->key);
  g_free (key->label);
  g_free (key);
}

static void
candidate_free (gpointer data)
{
  Candidate *candidate = data;

  g_free (candidate->label);
  g_free (candidate->source);
  g_clear_pointer (&candidate->variant, bs_variant_free);
  g_free (candidate);
}

static void
add_key (GPtrArray       *keys,
         const BsVariant *variant,
         char            *key,
         int              value,
         int              min,
         int              max)
{
  SweepKey *k = g_new0 (SweepKey, 1);

  k->key = key;
  k->label = bs_variant_describe_setting (variant, key);
  k->value = value;
  k->min = min;
  k->max = max;
  g_ptr_array_add (keys, k);
}

/* Every setting a sweep may vary, from the module's declarations. */
static GPtrArray *
sweep_keys_for (const BsVariant *variant)
{
  GPtrArray *keys = g_ptr_array_new_with_free_func (sweep_key_free);
  const BsModule *module = bs_module_find (variant->module);
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, NULL);

  if (module == NULL || rs == NULL)
    return keys;
  if (!module->unlimited_supply)
    for (int p = 1; p <= 2; p++)
      for (guint k = 0; k < module->n_kinds; k++)
        add_key (keys, variant, g_strdup_printf ("supply.%d.%s", p, module->kinds[k].id),
                 bs_variant_get_supply (variant, p, module->kinds[k].id), 0, 99);
  if (variant->board.shape == BS_SHAPE_HEXAGON || variant->board.shape == BS_SHAPE_LIMPING)
    add_key (keys, variant, g_strdup ("size"), variant->board.size, module->min_size,
             module->max_size);
  else
    {
      add_key (keys, variant, g_strdup ("width"), variant->board.width, module->min_side,
               module->max_side);
      add_key (keys, variant, g_strdup ("height"), variant->board.height, module->min_side,
               module->max_side);
    }
  for (guint i = 0; i < module->n_options; i++)
    {
      const BsOptionSpec *spec = &module->options[i];

      /* Not an option that changes nothing here (rows of pieces the
       * variant fixes already). */
      if (spec->type != BS_OPTION_INT || !bs_ruleset_option_matters (rs, (int) i))
        continue;
      add_key (keys, variant, g_strdup (spec->id), rs->options[i], spec->min,
               MIN (spec->max, 9999));
    }
  return keys;
}

/* Compare With: the other variants of the same game the designer has at
 * hand — the built-in one, the examples, their own. */

static gboolean
same_source (const char *a,
             const char *b)
{
  g_autoptr(GFile) fa = NULL;
  g_autoptr(GFile) fb = NULL;

  if (a == NULL || b == NULL)
    return FALSE;
  if (g_str_equal (a, b))
    return TRUE;
  if (!g_path_is_absolute (a) || !g_path_is_absolute (b))
    return FALSE;
  fa = g_file_new_for_path (a);
  fb = g_file_new_for_path (b);
  return g_file_equal (fa, fb);
}

static void
add_candidate (BsBalanceView *self,
               const char    *source,
               BsVariant     *variant)
{
  Candidate *candidate;
  const char *name;

  if (variant == NULL || g_strcmp0 (variant->module, self->variant->module) != 0 ||
      same_source (source, self->source))
    {
      g_clear_pointer (&variant, bs_variant_free);
      return;
    }
  for (guint i = 0; i < self->candidates->len; i++)
    if (same_source (((Candidate *) self->candidates->pdata[i])->source, source))
      {
        bs_variant_free (variant);
        return;
      }
  name = bs_variant_display_name (variant);
  candidate = g_new0 (Candidate, 1);
  candidate->source = g_strdup (source);
  candidate->variant = variant;
  /* Two variants of one name: the file tells them apart. */
  candidate->label = g_strdup (name);
  for (guint i = 0; i < self->candidates->len; i++)
    if (g_str_equal (((Candidate *) self->candidates->pdata[i])->label, name) &&
        g_path_is_absolute (source))
      {
        g_autofree char *base = g_path_get_basename (source);

        g_free (candidate->label);
        candidate->label = g_strdup_printf ("%s (%s)", name, base);
        break;
      }
  g_ptr_array_add (self->candidates, candidate);
}

static int
compare_paths (gconstpointer a,
               gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* A variant file Compare With may offer, as the worker read it. */
typedef struct {
  char      *path;
  BsVariant *variant;   /* NULL: the file is no valid variant */
} VariantFile;

static BsBalanceViewReadHook read_hook;
static gpointer read_hook_data;

void
bs_balance_view_set_read_hook (BsBalanceViewReadHook hook,
                               gpointer              user_data)
{
  read_hook = hook;
  read_hook_data = user_data;
}

static void
variant_file_free (gpointer data)
{
  VariantFile *file = data;

  g_free (file->path);
  g_clear_pointer (&file->variant, bs_variant_free);
  g_free (file);
}

/* The variant files of each folder (task data: a NULL-terminated array),
 * folder by folder in name order: a folder of many files never holds the
 * window. */
static void
read_variant_files (GTask        *task,
                    gpointer      source,
                    gpointer      task_data,
                    GCancellable *cancellable)
{
  const char * const *dirs = task_data;
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (variant_file_free);

  for (guint d = 0; dirs[d] != NULL; d++)
    {
      g_autoptr(GDir) dir = g_dir_open (dirs[d], 0, NULL);
      g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        if (g_str_has_suffix (name, ".bsvariant") || g_str_has_suffix (name, ".xml"))
          g_ptr_array_add (paths, g_build_filename (dirs[d], name, NULL));
      g_ptr_array_sort (paths, compare_paths);
      for (guint i = 0; i < paths->len; i++)
        {
          VariantFile *file;

          if (g_task_return_error_if_cancelled (task))
            return;
          if (read_hook != NULL)
            read_hook (paths->pdata[i], read_hook_data);
          file = g_new0 (VariantFile, 1);
          file->path = g_strdup (paths->pdata[i]);
          file->variant = bs_variant_load_file (file->path, NULL);
          g_ptr_array_add (files, file);
        }
    }
  g_task_return_pointer (task, g_steal_pointer (&files), (GDestroyNotify) g_ptr_array_unref);
}

/* Compare With's list: Nothing, the candidates, Other File…; the
 * selection (a candidate, or Other File…) kept. */
static void
set_compare_model (BsBalanceView *self,
                   Candidate     *selected,
                   gboolean       other_selected)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  self->compare_selected = 0;
  gtk_string_list_append (list, _("Nothing"));
  for (guint i = 0; i < self->candidates->len; i++)
    {
      gtk_string_list_append (list, ((Candidate *) self->candidates->pdata[i])->label);
      if (self->candidates->pdata[i] == selected)
        self->compare_selected = i + 1;
    }
  gtk_string_list_append (list, _("Other File…"));
  self->syncing = TRUE;
  adw_combo_row_set_model (self->compare_row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (self->compare_row, other_selected ? self->candidates->len + 1
                                                                : self->compare_selected);
  self->syncing = FALSE;
}

static void
weak_ref_free (GWeakRef *ref)
{
  g_weak_ref_clear (ref);
  g_free (ref);
}

/* user_data: a weak reference to the page, which the reading does not keep
 * alive (leaving it cancels the reading). */
static void
on_variant_files_read (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  g_autoptr(GPtrArray) files = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autoptr(BsBalanceView) self = g_weak_ref_get (user_data);
  g_autoptr(GPtrArray) others = NULL;
  guint selected, n_before;
  gboolean other_file;
  Candidate *kept = NULL;

  weak_ref_free (user_data);
  if (read_hook != NULL)
    read_hook (NULL, read_hook_data);
  /* Cancelled: another variant's list replaced it, or the page is gone. */
  if (files == NULL || self == NULL)
    return;
  g_clear_object (&self->files_cancellable);
  selected = adw_combo_row_get_selected (self->compare_row);
  other_file = selected == self->candidates->len + 1;
  if (selected >= 1 && selected <= self->candidates->len)
    kept = self->candidates->pdata[selected - 1];
  /* Other File… is open: what was chosen before it is kept for Cancel. */
  else if (other_file && self->compare_selected >= 1 &&
           self->compare_selected <= self->candidates->len)
    kept = self->candidates->pdata[self->compare_selected - 1];
  /* The files go after the built-in variants, before any Other File…
   * added meanwhile, as if they had been read at once. */
  others = g_ptr_array_new_with_free_func (candidate_free);
  while (self->candidates->len > self->n_builtins)
    g_ptr_array_add (others, g_ptr_array_steal_index (self->candidates, self->n_builtins));
  for (guint i = 0; i < files->len; i++)
    {
      VariantFile *file = files->pdata[i];

      add_candidate (self, file->path, g_steal_pointer (&file->variant));
    }
  n_before = self->candidates->len;
  for (guint i = 0; i < others->len; i++)
    {
      Candidate *other = others->pdata[i];

      for (guint k = 0; k < n_before && other != NULL; k++)
        if (same_source (((Candidate *) self->candidates->pdata[k])->source, other->source))
          {
            /* Chosen by hand and now offered anyway: the one offered. */
            if (kept == other)
              kept = self->candidates->pdata[k];
            other = NULL;
          }
      if (other != NULL)
        g_ptr_array_add (self->candidates, g_ptr_array_steal_index (others, i--));
    }
  set_compare_model (self, kept, other_file);
  update (self);
}

static void
fill_candidates (BsBalanceView *self)
{
  g_auto(GStrv) builtins = bs_variant_list_builtin ();
  GPtrArray *dirs = g_ptr_array_new ();
  g_autoptr(GTask) task = NULL;
  GWeakRef *ref;

  g_cancellable_cancel (self->files_cancellable);
  g_clear_object (&self->files_cancellable);
  g_clear_pointer (&self->candidates, g_ptr_array_unref);
  self->candidates = g_ptr_array_new_with_free_func (candidate_free);
  /* Small files, a handful: the start page reads the same ones. */
  for (guint i = 0; builtins != NULL && builtins[i] != NULL; i++)
    add_candidate (self, builtins[i], bs_variant_lookup (builtins[i], NULL));
  self->n_builtins = self->candidates->len;
  set_compare_model (self, NULL, FALSE);

  /* The examples and the user's own variants: read in a thread. */
  for (const char * const *d = bs_variant_builtin_dirs (); *d != NULL; d++)
    g_ptr_array_add (dirs, g_build_filename (*d, "examples", NULL));
  g_ptr_array_add (dirs, bs_variant_document_user_dir ());
  g_ptr_array_add (dirs, NULL);
  self->files_cancellable = g_cancellable_new ();
  ref = g_new0 (GWeakRef, 1);
  g_weak_ref_init (ref, self);
  task = g_task_new (NULL, self->files_cancellable, on_variant_files_read, ref);
  g_task_set_source_tag (task, fill_candidates);
  g_task_set_task_data (task, g_ptr_array_free (dirs, FALSE), (GDestroyNotify) g_strfreev);
  g_task_run_in_thread (task, read_variant_files);
}

gboolean
bs_balance_view_get_reading_variants (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);
  return self->files_cancellable != NULL;
}

char *
bs_balance_view_studies_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "boardsmith", "studies", NULL);
}

gboolean
bs_file_is_study (GFile *file)
{
  g_autofree char *name = g_file_get_basename (file);
  g_autofree char *lower = name != NULL ? g_ascii_strdown (name, -1) : NULL;
  g_autoptr(GFileInputStream) stream = NULL;
  char buffer[SNIFF_SIZE + 1];
  const char *study, *other;
  gssize n;

  if (lower == NULL)
    return FALSE;
  if (g_str_has_suffix (lower, ".bsstudy") || g_str_has_suffix (lower, ".bsstudy.xml"))
    return TRUE;
  /* Records and variants have names of their own; a study written by
   * the command line may be any .xml: its root element says. */
  if (g_str_has_suffix (lower, ".boardsmith") || g_str_has_suffix (lower, ".bsvariant"))
    return FALSE;
  stream = g_file_read (file, NULL, NULL);
  if (stream == NULL)
    return FALSE;
  n = g_input_stream_read (G_INPUT_STREAM (stream), buffer, SNIFF_SIZE, NULL, NULL);
  if (n <= 0)
    return FALSE;
  buffer[n] = '\0';
  study = strstr (buffer, "<study");
  other = strstr (buffer, "<variant");
  if (other == NULL || (strstr (buffer, "<record") != NULL && strstr (buffer, "<record") < other))
    other = strstr (buffer, "<record");
  return study != NULL && (other == NULL || study < other);
}

/* Beside the variant's file, or in the studies directory; never over an
 * earlier study. */
static char *
new_study_path (const BsVariant *variant,
                const char      *source)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y-%m-%d-%H%M%S");
  g_autofree char *dir = NULL, *stem = NULL;
  char *path;

  if (source != NULL && g_path_is_absolute (source))
    {
      g_autofree char *base = g_path_get_basename (source);
      char *dot = strrchr (base, '.');

      if (dot != NULL)
        *dot = '\0';
      dir = g_path_get_dirname (source);
      stem = g_strdup (base);
    }
  else
    {
      dir = bs_balance_view_studies_dir ();
      stem = g_strdup (variant->id != NULL ? variant->id : "variant");
    }
  g_mkdir_with_parents (dir, 0755);
  path = g_strdup_printf ("%s/%s-%s.bsstudy", dir, stem, stamp);
  for (int i = 2; g_file_test (path, G_FILE_TEST_EXISTS); i++)
    {
      g_free (path);
      path = g_strdup_printf ("%s/%s-%s-%d.bsstudy", dir, stem, stamp, i);
    }
  return path;
}

static char *
format_duration (double seconds)
{
  if (seconds < 60)
    return g_strdup_printf (_("about %.0f s left"), MAX (1.0, seconds));
  if (seconds < 3600)
    return g_strdup_printf (_("about %.0f min left"), ceil (seconds / 60));
  return g_strdup_printf (_("about %.1f h left"), seconds / 3600);
}

static char *
precision_label (double margin)
{
  int points = (int) lround (margin * 100);

  if (margin <= 0)
    return g_strdup (C_("stop early", "Never"));
  /* Translators: Stop Early: once player 1's score is known within ± 3 points. */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "At ± %d point", "At ± %d points",
                                       (gulong) points), points);
}

/* The results. */

static void
clear_figures (BsBalanceView *self)
{
  for (guint i = 0; i < self->figures->len; i++)
    adw_preferences_group_remove (self->figures_group,
                                  GTK_WIDGET (g_array_index (self->figures, Figure, i).row));
  g_array_set_size (self->figures, 0);
}

static void
add_figure (BsBalanceView *self,
            const char    *title)
{
  Figure figure;

  figure.row = ADW_ACTION_ROW (adw_action_row_new ());
  /* Figures and names as they are ("p < 0.001", a variant's name). */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (figure.row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (figure.row), title);
  figure.value = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (figure.value), "numeric");
  gtk_widget_add_css_class (GTK_WIDGET (figure.value), "heading");
  gtk_label_set_selectable (figure.value, TRUE);
  adw_action_row_add_suffix (figure.row, GTK_WIDGET (figure.value));
  adw_preferences_group_add (self->figures_group, GTK_WIDGET (figure.row));
  g_array_append_val (self->figures, figure);
}

static void
set_figure (BsBalanceView *self,
            guint          index,
            const char    *value,
            const char    *subtitle)
{
  Figure *figure = &g_array_index (self->figures, Figure, index);

  gtk_label_set_text (figure->value, value != NULL ? value : "");
  adw_action_row_set_subtitle (figure->row, subtitle != NULL ? subtitle : "");
}

/* "95% interval 23.8–36.4 · 200 games". */
static char *
interval_text (const BsStatsScore *score,
               guint               games)
{
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "95%% interval %.1f–%.1f · %u game",
                                       "95%% interval %.1f–%.1f · %u games", games),
                          100 * score->low, 100 * score->high, games);
}

static char *
percent_text (double value)
{
  /* Translators: a share, as in "29.8%". */
  return g_strdup_printf (_("%.1f%%"), 100 * value);
}

static char *
p_value_text (double p)
{
  if (p < 0.001)
    return g_strdup (_("p < 0.001"));
  return g_strdup_printf (_("p = %.2g"), p);
}

/* Rows for the study shown, made once per study (values change, the
 * rows stay: focus and screen readers keep their place). */
static void
make_figures (BsBalanceView *self)
{
  BsStudy *study = bs_study_runner_get_study (bs_balance_run_get_runner (self->run));

  clear_figures (self);
  if (study->kind == BS_STUDY_SWEEP)
    {
      g_autofree char *setting = bs_study_describe_sweep (study);
      /* Markup: a setting is named after a player ("Ann & Bo’s pieces"). */
      g_autofree char *setting_markup = g_markup_escape_text (setting, -1);

      /* The setting as the title (short enough for a phone), what the
       * figures are below it. */
      adw_preferences_group_set_title (self->figures_group, setting_markup);
      adw_preferences_group_set_description (self->figures_group,
                                             /* xgettext:no-c-format */
                                             _("Player 1’s score for each value, with its 95% "
                                               "interval"));
      for (guint i = 0; i < bs_study_n_arms (study); i++)
        {
          const char *value = bs_study_get_arm (study, i)->value;
          g_autofree char *row = (int) i == study->default_arm
                                 /* Translators: the value a variant has of a swept setting. */
                                 ? g_strdup_printf (_("%s (the variant’s own)"), value)
                                 : g_strdup (value);

          add_figure (self, row);
        }
      return;
    }
  adw_preferences_group_set_title (self->figures_group, _("Results"));
  adw_preferences_group_set_description (self->figures_group, NULL);
  if (study->kind == BS_STUDY_COMPARE)
    {
      for (guint i = 0; i < 2; i++)
        {
          const BsStudyArm *arm = bs_study_get_arm (study, i);
          /* Translators: "A: My Game", a variant of an A/B study. */
          g_autofree char *row = g_strdup_printf (_("%s: %s"), arm->value,
                                                  bs_variant_display_name (arm->variant));

          add_figure (self, row);
        }
      add_figure (self, _("Difference, B − A"));
      return;
    }
  add_figure (self, _("Player 1’s Score"));
  if (study->swap)
    {
      g_autofree char *level = bs_study_player_describe (&study->players[0]);
      g_autofree char *row = g_strdup_printf (_("Player A’s Score (%s)"), level);

      add_figure (self, row);
    }
  add_figure (self, _("Draws"));
  add_figure (self, _("Game Length"));
  add_figure (self, _("How Games Ended"));
  add_figure (self, _("Legal Moves per Ply"));
}

static void
update_sweep (BsBalanceView *self,
              BsStudy       *study,
              GPtrArray     *arms)
{
  int fairest = bs_study_stats_fairest_preferring ((BsStudyStats * const *) arms->pdata, arms->len,
                                               study->default_arm);
  g_autofree char *setting = bs_study_describe_sweep (study);

  for (guint i = 0; i < arms->len; i++)
    {
      const BsStudyStats *stats = arms->pdata[i];
      BsStatsScore score;
      g_autofree char *value = NULL, *subtitle = NULL;

      bs_study_stats_first_player (stats, &score);
      if (stats->games > 0)
        {
          value = percent_text (score.score);
          subtitle = interval_text (&score, stats->games);
        }
      set_figure (self, i, value, subtitle);
    }
  gtk_widget_set_visible (self->fairest_group, fairest >= 0);
  if (fairest >= 0)
    {
      BsStatsScore score;
      const char *value = bs_study_get_arm (study, (guint) fairest)->value;
      g_autofree char *verdict = NULL, *title = NULL, *subtitle = NULL;
      gboolean fair;

      bs_study_stats_first_player (arms->pdata[fairest], &score);
      fair = !score.significant;
      /* Translators: the fairest value of a sweep: "Fairest: Dark's large pieces (player 2) = 4". */
      verdict = g_strdup_printf (_("Fairest: %s = %s"), setting, value);
      gtk_label_set_text (self->verdict_label, verdict);
      title = fairest == study->default_arm
              ? g_strdup_printf (_("%s = %s, as the variant has it"), setting, value)
              : g_strdup_printf (_("%s = %s"), setting, value);
      subtitle = g_strdup_printf (fair
                                  ? _("Player 1 scores %.1f%% (95%% interval %.1f–%.1f): "
                                      "fair within the interval")
                                  : _("Player 1 scores %.1f%% (95%% interval %.1f–%.1f): "
                                      "the closest to fair, but not fair"),
                                  100 * score.score, 100 * score.low, 100 * score.high);
      /* Plain text: the setting is named after a player. */
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (self->fairest_row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (self->fairest_row), title);
      adw_action_row_set_subtitle (self->fairest_row, subtitle);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.apply",
                                     fairest != study->default_arm &&
                                     !bs_balance_run_get_running (self->run));
    }
}

static void
update_compare (BsBalanceView *self,
                GPtrArray     *arms)
{
  const BsStudyStats *a = arms->pdata[0], *b = arms->pdata[1];
  BsStatsDifference d;
  g_autofree char *value = NULL, *subtitle = NULL, *p = NULL;

  for (guint i = 0; i < 2; i++)
    {
      const BsStudyStats *stats = arms->pdata[i];
      BsStatsScore score;
      g_autofree char *score_text = NULL, *interval = NULL;

      bs_study_stats_first_player (stats, &score);
      if (stats->games > 0)
        {
          score_text = percent_text (score.score);
          interval = interval_text (&score, stats->games);
        }
      set_figure (self, i, score_text, interval);
    }
  if (a->games == 0 || b->games == 0)
    {
      set_figure (self, 2, NULL, NULL);
      return;
    }
  bs_stats_difference (2 * a->wins[0] + a->draws, a->games, a->draws == 0,
                       2 * b->wins[0] + b->draws, b->games, b->draws == 0, &d);
  /* Translators: a difference of scores, in points of percentage: "+5.2 points". */
  value = g_strdup_printf (_("%+.1f points"), 100 * d.difference);
  p = p_value_text (d.p_value);
  /* Translators: "95% interval −3.1 to +13.4 · p = 0.21 (Fisher's exact test)". */
  subtitle = g_strdup_printf (_("95%% interval %+.1f to %+.1f · %s (%s)"), 100 * d.low,
                              100 * d.high, p,
                              d.exact ? _("Fisher’s exact test") : _("two-proportion z-test"));
  set_figure (self, 2, value, subtitle);
  if (d.low > 0 || d.high < 0)
    {
      g_autofree char *verdict = g_strdup_printf (_("B changes player 1’s score by %+.1f "
                                                    "points"), 100 * d.difference);

      gtk_label_set_text (self->verdict_label, verdict);
    }
  else
    {
      g_autofree char *verdict = g_strdup_printf (_("No clear difference between A and B "
                                                    "(%+.1f points)"), 100 * d.difference);

      gtk_label_set_text (self->verdict_label, verdict);
    }
}

static void
update_single (BsBalanceView *self,
               BsStudy       *study,
               BsStudyStats  *stats)
{
  BsStatsScore score;
  BsStatsSummary plies;
  g_autofree char *verdict = NULL;
  guint row = 0;

  bs_study_stats_first_player (stats, &score);
  bs_stats_histogram_summary (stats->plies, &plies);
  {
    g_autofree char *value = percent_text (score.score);
    g_autofree char *interval = interval_text (&score, stats->games);
    g_autofree char *p = p_value_text (score.p_value);
    g_autofree char *subtitle = g_strdup_printf ("%s · %s", interval, p);

    set_figure (self, row++, value, subtitle);
  }
  /* The engine's one verdict (bs_stats_score): the test and the interval agree. */
  if (score.significant && score.score > 0.5)
    verdict = g_strdup_printf (_("Moving first is an advantage: player 1 scores %.1f%%"),
                               100 * score.score);
  else if (score.significant)
    verdict = g_strdup_printf (_("Moving first is a disadvantage: player 1 scores %.1f%%"),
                               100 * score.score);
  else
    verdict = g_strdup_printf (_("No clear first-move advantage: player 1 scores %.1f%%"),
                               100 * score.score);
  gtk_label_set_text (self->verdict_label, verdict);
  if (study->swap)
    {
      BsStatsScore a;
      g_autofree char *value = NULL, *subtitle = NULL;

      bs_study_stats_player_a (stats, &a);
      value = percent_text (a.score);
      subtitle = g_strdup_printf (_("In either seat · 95%% interval %.1f–%.1f"), 100 * a.low,
                                  100 * a.high);
      set_figure (self, row++, value, subtitle);
    }
  {
    g_autofree char *value = percent_text ((double) stats->draws / stats->games);

    set_figure (self, row++, value, NULL);
  }
  {
    /* Translators: a game's length: "26 plies". */
    g_autofree char *value = g_strdup_printf (_("%.0f plies"), plies.mean);
    g_autofree char *subtitle = g_strdup_printf (_("Mean; median %.0f, %u to %u plies"),
                                                 plies.median, plies.min, plies.max);

    set_figure (self, row++, value, subtitle);
  }
  {
    g_autoptr(GPtrArray) reasons = bs_study_stats_reasons (stats);
    g_autoptr(GString) text = g_string_new (NULL);

    for (guint i = 0; i < reasons->len; i++)
      {
        guint count = GPOINTER_TO_UINT (g_hash_table_lookup (stats->reasons, reasons->pdata[i]));

        if (i > 0)
          g_string_append (text, " · ");
        /* Translators: one way games ended and its share: "No legal move 96.5 %". */
        g_string_append_printf (text, _("%s %.1f %%"), bs_study_reason_label (reasons->pdata[i]),
                                100.0 * count / stats->games);
      }
    set_figure (self, row++, NULL, text->str);
  }
  {
    g_autofree char *value = g_strdup_printf ("%.1f", stats->branch_plies > 0
                                                      ? stats->branch_total / stats->branch_plies
                                                      : 0.0);

    set_figure (self, row++, value, _("Mean over all plies of all games"));
  }
}

static void
update_results (BsBalanceView *self)
{
  BsStudyRunner *runner = bs_balance_run_get_runner (self->run);
  BsStudy *study = bs_study_runner_get_study (runner);
  g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_stats_free);
  guint games = 0;

  for (guint i = 0; i < bs_study_n_arms (study); i++)
    {
      BsStudyStats *stats = bs_study_runner_get_stats (runner, i);

      games += stats->games;
      g_ptr_array_add (arms, stats);
    }
  gtk_widget_set_visible (self->fairest_group, FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.apply", FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->figures_group), games > 0);
  if (games == 0)
    {
      gtk_label_set_text (self->verdict_label, _("Waiting for the first games…"));
      return;
    }
  if (study->kind == BS_STUDY_SWEEP)
    update_sweep (self, study, arms);
  else if (study->kind == BS_STUDY_COMPARE && arms->len == 2)
    update_compare (self, arms);
  else
    update_single (self, study, arms->pdata[0]);
}

/* What was studied, in a line under the verdict. */
static char *
describe_study (BsStudy    *study,
                const char *path)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autofree char *a = bs_study_player_describe (&study->players[0]);
  g_autofree char *b = bs_study_player_describe (&study->players[1]);
  g_autofree char *base = path != NULL ? g_path_get_basename (path) : NULL;

  /* Translators: the two computer players of a study: "Easy against Random". */
  g_string_append_printf (text, _("%s against %s"), a, b);
  g_string_append (text, " · ");
  if (study->margin > 0)
    /* Translators: a study stopping early: "until ± 3 points, at most 2,000 games per variant". */
    g_string_append_printf (text, _("until ± %.0f points, at most %u games per variant"),
                            100 * study->margin, study->games);
  else
    g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u game per variant",
                                               "%u games per variant", study->games),
                            study->games);
  if (study->kind == BS_STUDY_SWEEP)
    {
      g_autofree char *setting = bs_study_describe_sweep (study);

      g_string_append (text, " · ");
      /* Translators: "varying Dark's large pieces (player 2) from 3 to 6". */
      g_string_append_printf (text, _("varying %s from %s to %s"), setting,
                              bs_study_get_arm (study, 0)->value,
                              bs_study_get_arm (study, bs_study_n_arms (study) - 1)->value);
    }
  else if (study->kind == BS_STUDY_COMPARE && bs_study_n_arms (study) == 2)
    {
      g_string_append (text, " · ");
      /* Translators: an A/B study: "compared with B: My Game, hexagon 5, handicap". */
      g_string_append_printf (text, _("compared with B: %s"),
                              bs_variant_display_name (bs_study_get_arm (study, 1)->variant));
    }
  if (base != NULL)
    {
      g_string_append (text, " · ");
      g_string_append (text, base);
    }
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* The page's state: loading a file, setting up, or a study. */
static void
update (BsBalanceView *self)
{
  gboolean has_run = self->run != NULL && !self->loading;
  gboolean running = has_run && bs_balance_run_get_running (self->run);
  gboolean stopping = has_run && bs_balance_run_get_stopping (self->run);
  gboolean complete = has_run && bs_balance_run_get_complete (self->run);
  guint vary = adw_combo_row_get_selected (self->vary_row);
  guint compare = adw_combo_row_get_selected (self->compare_row);
  guint done = 0, total = 0;
  double left = -1;

  gtk_widget_set_visible (self->loading_box, self->loading);
  gtk_spinner_set_spinning (self->loading_spinner, self->loading);
  gtk_widget_set_visible (self->setup_box, !self->loading && self->run == NULL);
  gtk_widget_set_visible (self->results_box, has_run);

  /* Setup: one of Vary and Compare With at a time. */
  gtk_widget_set_visible (self->from_row, vary > 0);
  gtk_widget_set_visible (self->to_row, vary > 0);
  /* The rows show what is chosen as their subtitle (names are long). */
  gtk_widget_set_sensitive (GTK_WIDGET (self->compare_row), vary == 0);
  gtk_widget_set_sensitive (GTK_WIDGET (self->vary_row), compare == 0);
  adw_action_row_set_subtitle (self->games_row,
                               adw_combo_row_get_selected (self->precision_row) > 0
                               ? _("The most each variant plays when the precision takes "
                                   "longer")
                               : _("More games, narrower intervals: 400 games give about "
                                   "± 5 points"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.start",
                                 self->variant != NULL && self->run == NULL && !self->loading);

  gtk_widget_set_visible (self->pause_button, has_run && !complete);
  gtk_widget_set_visible (self->cancel_button, has_run && !complete);
  gtk_widget_set_visible (self->more_button, complete);
  gtk_widget_set_visible (self->new_button, complete);
  gtk_button_set_label (GTK_BUTTON (self->pause_button),
                        running && !stopping ? _("_Pause") : _("_Resume"));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.pause", has_run && !stopping);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.cancel", has_run);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.more", complete && !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.new", complete && !running);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.export-chart", has_run);
  if (!has_run)
    {
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.apply", FALSE);
      gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.export-data", FALSE);
      return;
    }

  bs_balance_run_get_progress (self->run, &done, &total, &left);
  /* Data of no game would be a header and zeros. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "balance.export-data", done > 0);
  gtk_progress_bar_set_fraction (self->progress_bar, total > 0 ? (double) done / total : 0);
  {
    g_autofree char *games = g_strdup_printf (_("%u of %u games"), done, total);
    g_autofree char *eta = left >= 0 ? format_duration (left) : NULL;
    g_autofree char *text = NULL;

    if (complete)
      text = g_strdup_printf (_("Complete: %u games"), done);
    else if (stopping)
      text = g_strdup_printf (_("Pausing: %s"), games);
    else if (running)
      text = eta != NULL ? g_strdup_printf ("%s · %s", games, eta)
                         : g_strdup_printf (_("%s · starting…"), games);
    else
      text = g_strdup_printf (_("Paused: %s"), games);
    gtk_label_set_text (self->progress_label, text);
  }
  update_results (self);
  gtk_widget_queue_draw (GTK_WIDGET (self->chart_area));
}

static void
draw_chart (GtkDrawingArea *area,
            cairo_t        *cr,
            int             width,
            int             height,
            gpointer        user_data)
{
  BsBalanceView *self = user_data;
  g_autoptr(BsChartData) data = NULL;
  BsChartOptions options;
  guint selected = gtk_drop_down_get_selected (self->chart_dropdown);

  if (self->run == NULL || self->loading || self->n_chart_kinds == 0 || width < 50 ||
      height < 50)
    return;
  data = bs_chart_data_new (bs_balance_run_get_runner (self->run));
  bs_chart_options_init (&options);
  options.kind = self->chart_kinds[MIN (selected, self->n_chart_kinds - 1)];
  options.dark = adw_style_manager_get_dark (adw_style_manager_get_default ());
  if (data->study->default_arm >= 0)
    options.arm = (guint) data->study->default_arm;
  bs_chart_draw (cr, data, &options, width, height);
}

/* The charts a study has, in the drop-down's order. */
static void
fill_charts (BsBalanceView *self,
             BsStudy       *study)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  self->n_chart_kinds = 0;
  if (study->kind == BS_STUDY_SWEEP)
    {
      self->chart_kinds[self->n_chart_kinds++] = BS_CHART_SWEEP;
      gtk_string_list_append (list, _("Score by Setting"));
    }
  self->chart_kinds[self->n_chart_kinds++] = BS_CHART_SCORE;
  gtk_string_list_append (list, _("Results by Seat"));
  self->chart_kinds[self->n_chart_kinds++] = BS_CHART_LENGTH;
  gtk_string_list_append (list, _("Game Length"));
  self->chart_kinds[self->n_chart_kinds++] = BS_CHART_BRANCHING;
  gtk_string_list_append (list, _("Legal Moves per Ply"));
  self->chart_kinds[self->n_chart_kinds++] = BS_CHART_OPENINGS;
  gtk_string_list_append (list, _("Openings on the Board"));
  gtk_drop_down_set_model (self->chart_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->chart_dropdown, 0);
}

static void
on_failed (BsBalanceView *self,
           const char    *message)
{
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static void
set_run (BsBalanceView *self,
         BsBalanceRun  *run)
{
  if (self->run != NULL)
    g_signal_handlers_disconnect_by_data (self->run, self);
  g_set_object (&self->run, run);
  clear_figures (self);
  if (run != NULL)
    {
      BsStudy *study = bs_study_runner_get_study (bs_balance_run_get_runner (run));
      g_autofree char *description = describe_study (study, bs_balance_run_get_path (run));

      g_signal_connect_swapped (run, "updated", G_CALLBACK (update), self);
      g_signal_connect_swapped (run, "failed", G_CALLBACK (on_failed), self);
      gtk_label_set_text (self->study_label, description);
      fill_charts (self, study);
      make_figures (self);
    }
  update (self);
}

static const char *
level_label (const char *level)
{
  if (g_str_equal (level, "random"))
    return C_("computer player", "Random");
  if (g_str_equal (level, "easy"))
    return C_("computer player", "Easy");
  if (g_str_equal (level, "medium"))
    return C_("computer player", "Medium");
  return C_("computer player", "Hard");
}

static void
fill_levels (AdwComboRow *row,
             guint        selected)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (level_ids); i++)
    gtk_string_list_append (list, level_label (level_ids[i]));
  adw_combo_row_set_model (row, G_LIST_MODEL (list));
  adw_combo_row_set_selected (row, selected);
}

static void
on_vary_changed (BsBalanceView *self)
{
  guint selected = adw_combo_row_get_selected (self->vary_row);

  /* A range typed in stays until another setting is chosen. */
  if (selected == self->vary_selected)
    {
      update (self);
      return;
    }
  self->vary_selected = selected;
  if (selected > 0 && self->sweep_keys != NULL && selected <= self->sweep_keys->len)
    {
      const SweepKey *key = self->sweep_keys->pdata[selected - 1];

      gtk_spin_button_set_range (self->from_spin, key->min, key->max);
      gtk_spin_button_set_range (self->to_spin, key->min, key->max);
      gtk_spin_button_set_value (self->from_spin, MAX (key->min, key->value - 2));
      gtk_spin_button_set_value (self->to_spin, MIN (key->max, key->value + 2));
    }
  update (self);
}

/* Other File…: a variant file read in a thread, then offered and
 * chosen. */

static void
load_variant_in_thread (GTask        *task,
                        gpointer      source,
                        gpointer      task_data,
                        GCancellable *cancellable)
{
  GError *error = NULL;
  BsVariant *variant = bs_variant_load_file (task_data, &error);

  if (variant == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, variant, (GDestroyNotify) bs_variant_free);
}

static void
on_other_loaded (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  BsBalanceView *self = BS_BALANCE_VIEW (source);
  g_autoptr(GError) error = NULL;
  BsVariant *variant = g_task_propagate_pointer (G_TASK (result), &error);
  const char *path = g_task_get_task_data (G_TASK (result));
  GtkStringList *list = GTK_STRING_LIST (adw_combo_row_get_model (self->compare_row));
  guint n_before = self->candidates->len;

  if (variant != NULL && g_strcmp0 (variant->module, self->variant->module) != 0)
    {
      g_autofree char *message = g_strdup_printf (_("%s is a variant of another game"), path);

      g_signal_emit (self, signals[MESSAGE], 0, message);
      g_clear_pointer (&variant, bs_variant_free);
    }
  else if (variant == NULL)
    g_signal_emit (self, signals[MESSAGE], 0, error->message);
  if (variant != NULL)
    add_candidate (self, path, variant);
  self->syncing = TRUE;
  if (self->candidates->len > n_before)
    {
      const char *label = ((Candidate *) self->candidates->pdata[n_before])->label;
      const char * const added[] = { label, NULL };

      /* Before Other File…, which stays last. */
      gtk_string_list_splice (list, n_before + 1, 0, added);
      self->compare_selected = n_before + 1;
    }
  else if (variant != NULL)
    {
      /* Already offered: choose it. */
      for (guint i = 0; i < self->candidates->len; i++)
        if (same_source (((Candidate *) self->candidates->pdata[i])->source, path))
          self->compare_selected = i + 1;
    }
  adw_combo_row_set_selected (self->compare_row, self->compare_selected);
  self->syncing = FALSE;
  update (self);
}

static void
on_other_chosen (GFile    *file,
                 gpointer  user_data)
{
  g_autoptr(BsBalanceView) self = user_data;
  g_autoptr(GTask) task = NULL;
  char *path = file != NULL ? g_file_get_path (file) : NULL;

  if (file != NULL)
    bs_folders_remember (BS_FOLDER_VARIANTS, file);
  if (path == NULL)
    {
      /* Cancelled: what was chosen before stays. */
      self->syncing = TRUE;
      adw_combo_row_set_selected (self->compare_row, self->compare_selected);
      self->syncing = FALSE;
      update (self);
      return;
    }
  task = g_task_new (self, NULL, on_other_loaded, NULL);
  g_task_set_task_data (task, path, g_free);
  g_task_run_in_thread (task, load_variant_in_thread);
}

static void
on_compare_changed (BsBalanceView *self)
{
  guint selected = adw_combo_row_get_selected (self->compare_row);

  if (self->syncing || self->candidates == NULL)
    return;
  if (selected == self->candidates->len + 1)
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      g_autoptr(GFile) folder = bs_folders_get_initial (BS_FOLDER_VARIANTS);

      bs_compat_choose_open (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL,
                             _("Compare With a Variant"), BS_OPEN_VARIANT, folder,
                             on_other_chosen, g_object_ref (self));
      return;
    }
  self->compare_selected = selected;
  update (self);
}

void
bs_balance_view_set_variant (BsBalanceView   *self,
                             const BsVariant *variant,
                             const char      *source)
{
  g_autoptr(GtkStringList) vary = gtk_string_list_new (NULL);
  g_autoptr(BsVariant) copy = NULL;
  g_autofree char *source_copy = NULL;

  g_return_if_fail (BS_IS_BALANCE_VIEW (self));
  g_return_if_fail (variant != NULL);

  /* Copied first: variant and source may be this page's own. */
  copy = bs_variant_copy (variant);
  source_copy = g_strdup (source);
  bs_balance_view_pause (self);
  /* A study still being read is not shown any more. */
  self->loading = FALSE;
  self->load_serial++;
  set_run (self, NULL);
  g_clear_pointer (&self->variant, bs_variant_free);
  self->variant = g_steal_pointer (&copy);
  g_free (self->source);
  self->source = g_steal_pointer (&source_copy);
  g_clear_pointer (&self->sweep_keys, g_ptr_array_unref);
  self->sweep_keys = sweep_keys_for (self->variant);
  gtk_string_list_append (vary, _("Nothing"));
  for (guint i = 0; i < self->sweep_keys->len; i++)
    gtk_string_list_append (vary, ((SweepKey *) self->sweep_keys->pdata[i])->label);
  self->vary_selected = G_MAXUINT;
  adw_combo_row_set_model (self->vary_row, G_LIST_MODEL (vary));
  adw_combo_row_set_selected (self->vary_row, 0);
  fill_candidates (self);
  update (self);
}

/* Opening a study file. */

static void
on_study_read (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  BsBalanceView *self = g_task_get_source_object (task);
  g_autoptr(GError) error = NULL;
  g_autoptr(BsBalanceRun) run = bs_balance_run_open_finish (result, &error);

  /* Another file took over meanwhile: its own open says what to show. */
  if (GPOINTER_TO_UINT (g_task_get_task_data (task)) != self->load_serial)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED, "replaced");
      return;
    }
  self->loading = FALSE;
  /* Left while it was read (the window cancelled it). */
  if (g_task_return_error_if_cancelled (task))
    {
      update (self);
      return;
    }
  if (run == NULL)
    {
      update (self);
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }
  {
    BsStudy *study = bs_study_runner_get_study (bs_balance_run_get_runner (run));

    g_clear_pointer (&self->variant, bs_variant_free);
    self->variant = bs_variant_copy (bs_study_get_arm (study, 0)->variant);
    g_clear_pointer (&self->source, g_free);
    set_run (self, run);
  }
  g_task_return_boolean (task, TRUE);
}

void
bs_balance_view_open_study_async (BsBalanceView       *self,
                                  const char          *path,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  g_autofree char *base = NULL, *text = NULL;

  g_return_if_fail (BS_IS_BALANCE_VIEW (self));
  g_return_if_fail (path != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, bs_balance_view_open_study_async);
  g_task_set_task_data (task, GUINT_TO_POINTER (++self->load_serial), NULL);
  bs_balance_view_pause (self);
  set_run (self, NULL);
  self->loading = TRUE;
  base = g_path_get_basename (path);
  /* Translators: while a study file is read: "Reading my-game-2026-11-23.bsstudy…". */
  text = g_strdup_printf (_("Reading %s…"), base);
  gtk_label_set_text (self->loading_label, text);
  update (self);
  bs_balance_run_open_async (path, cancellable, on_study_read, g_steal_pointer (&task));
}

gboolean
bs_balance_view_open_study_finish (BsBalanceView  *self,
                                   GAsyncResult   *result,
                                   GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}

gboolean
bs_balance_view_get_loading (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);
  return self->loading;
}

static int
level_index (const char *level)
{
  for (guint i = 0; i < G_N_ELEMENTS (level_ids); i++)
    if (g_str_equal (level, level_ids[i]))
      return (int) i;
  return -1;
}

gboolean
bs_balance_view_set_setup (BsBalanceView *self,
                           const char    *level_a,
                           const char    *level_b,
                           guint          games,
                           const char    *vary_key,
                           int            from,
                           int            to)
{
  int a = level_index (level_a), b = level_index (level_b);
  guint vary = 0;

  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);

  if (a < 0 || b < 0 || self->sweep_keys == NULL)
    return FALSE;
  if (vary_key != NULL)
    {
      for (guint i = 0; i < self->sweep_keys->len && vary == 0; i++)
        if (g_str_equal (((SweepKey *) self->sweep_keys->pdata[i])->key, vary_key))
          vary = i + 1;
      if (vary == 0)
        return FALSE;
      adw_combo_row_set_selected (self->compare_row, 0);
    }
  adw_combo_row_set_selected (self->player_a_row, (guint) a);
  adw_combo_row_set_selected (self->player_b_row, (guint) b);
  gtk_spin_button_set_value (self->games_spin, games);
  adw_combo_row_set_selected (self->vary_row, vary);
  if (vary > 0)
    {
      gtk_spin_button_set_value (self->from_spin, from);
      gtk_spin_button_set_value (self->to_spin, to);
    }
  return TRUE;
}

gboolean
bs_balance_view_set_stop_early (BsBalanceView *self,
                                double         margin)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (precisions); i++)
    if (fabs (precisions[i] - margin) < 1e-9)
      {
        adw_combo_row_set_selected (self->precision_row, i);
        return TRUE;
      }
  return FALSE;
}

gboolean
bs_balance_view_set_compare (BsBalanceView *self,
                             const char    *source)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), FALSE);

  if (self->candidates == NULL)
    return FALSE;
  for (guint i = 0; i < self->candidates->len; i++)
    if (same_source (((Candidate *) self->candidates->pdata[i])->source, source))
      {
        adw_combo_row_set_selected (self->vary_row, 0);
        adw_combo_row_set_selected (self->compare_row, i + 1);
        return TRUE;
      }
  return FALSE;
}

const char *
bs_balance_view_get_path (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), NULL);
  return self->run != NULL ? bs_balance_run_get_path (self->run) : NULL;
}

BsBalanceRun *
bs_balance_view_get_run (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), NULL);
  return self->run;
}

void
bs_balance_view_pause (BsBalanceView *self)
{
  g_return_if_fail (BS_IS_BALANCE_VIEW (self));

  if (self->run != NULL)
    bs_balance_run_pause (self->run);
}

char *
bs_balance_view_get_title (BsBalanceView *self)
{
  g_return_val_if_fail (BS_IS_BALANCE_VIEW (self), NULL);

  if (self->loading || self->variant == NULL)
    return g_strdup (_("Balance Study"));
  return g_strdup_printf (_("Balance of %s"), bs_variant_display_name (self->variant));
}

static void
start_activated (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  guint vary = adw_combo_row_get_selected (self->vary_row);
  guint compare = adw_combo_row_get_selected (self->compare_row);
  guint precision = adw_combo_row_get_selected (self->precision_row);
  BsStudyKind kind;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsStudy) study = NULL;
  g_autoptr(BsBalanceRun) run = NULL;
  g_autofree char *path = NULL;

  if (self->variant == NULL || self->run != NULL || self->loading)
    return;
  if (compare > self->candidates->len)
    compare = 0;
  kind = vary > 0 ? BS_STUDY_SWEEP : compare > 0 ? BS_STUDY_COMPARE : BS_STUDY_SINGLE;
  study = bs_study_new (kind, g_random_int (),
                        level_ids[MIN (adw_combo_row_get_selected (self->player_a_row), 3u)],
                        level_ids[MIN (adw_combo_row_get_selected (self->player_b_row), 3u)],
                        &error);
  if (study != NULL)
    {
      study->games = (guint) gtk_spin_button_get_value_as_int (self->games_spin);
      study->margin = precisions[MIN (precision, G_N_ELEMENTS (precisions) - 1)];
      if (kind == BS_STUDY_SWEEP)
        {
          const SweepKey *key = self->sweep_keys->pdata[vary - 1];
          int from = gtk_spin_button_get_value_as_int (self->from_spin);
          int to = gtk_spin_button_get_value_as_int (self->to_spin);
          g_autofree char *range = g_strdup_printf ("%d..%d", MIN (from, to), MAX (from, to));

          if (!bs_study_add_sweep (study, self->variant, key->key, range, &error))
            g_clear_pointer (&study, bs_study_unref);
        }
      else if (kind == BS_STUDY_COMPARE)
        {
          bs_study_add_arm (study, self->variant, "A");
          bs_study_add_arm (study, ((Candidate *) self->candidates->pdata[compare - 1])->variant,
                            "B");
        }
      else
        bs_study_add_arm (study, self->variant, NULL);
    }
  if (study != NULL)
    {
      path = new_study_path (self->variant, self->source);
      run = bs_balance_run_new (study, path, &error);
    }
  if (run == NULL)
    {
      g_signal_emit (self, signals[MESSAGE], 0, error->message);
      return;
    }
  set_run (self, run);
  g_signal_emit (self, signals[STUDY_OPENED], 0, path);
  bs_balance_run_start (run);
}

static void
pause_activated (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);

  if (self->run == NULL)
    return;
  if (bs_balance_run_get_running (self->run))
    bs_balance_run_pause (self->run);
  else
    bs_balance_run_start (self->run);
}

/* Back to the setup of the same variant. */
static void
back_to_setup (BsBalanceView *self)
{
  g_autoptr(BsVariant) variant = self->variant != NULL ? bs_variant_copy (self->variant) : NULL;
  g_autofree char *source = g_strdup (self->source);

  set_run (self, NULL);
  if (variant != NULL)
    bs_balance_view_set_variant (self, variant, source);
}

static void
cancel_activated (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  g_autofree char *message = NULL;
  guint done = 0;

  if (self->run == NULL)
    return;
  bs_balance_run_pause (self->run);
  bs_balance_run_get_progress (self->run, &done, NULL, NULL);
  message = g_strdup_printf (_("Study stopped; its file keeps the %u games played (see "
                               "Recent)"), done);
  back_to_setup (self);
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static void
new_activated (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);

  if (self->run != NULL && !bs_balance_run_get_running (self->run))
    back_to_setup (self);
}

static void
more_activated (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);

  if (self->run != NULL && !bs_balance_run_get_running (self->run))
    bs_balance_run_add_games (self->run, MORE_GAMES);
}

static void
apply_activated (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  BsStudyRunner *runner;
  BsStudy *study;
  g_autoptr(GPtrArray) arms = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_study_stats_free);
  int fairest;

  if (self->run == NULL)
    return;
  runner = bs_balance_run_get_runner (self->run);
  study = bs_study_runner_get_study (runner);
  if (study->kind != BS_STUDY_SWEEP)
    return;
  for (guint i = 0; i < bs_study_n_arms (study); i++)
    g_ptr_array_add (arms, bs_study_runner_get_stats (runner, i));
  fairest = bs_study_stats_fairest_preferring ((BsStudyStats * const *) arms->pdata, arms->len,
                                               study->default_arm);
  if (fairest < 0)
    return;
  /* The variant of the fairest arm is the study's variant with that
   * setting: the window opens it in the editor, the designer saves. */
  g_signal_emit (self, signals[APPLY_REQUESTED], 0, self->source,
                 bs_study_get_arm (study, (guint) fairest)->variant, study->sweep_key,
                 bs_study_get_arm (study, (guint) fairest)->value);
}

static void
on_chart_chosen (GFile    *file,
                 gpointer  user_data)
{
  g_autoptr(BsBalanceView) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(BsChartData) data = NULL;
  BsChartOptions options;

  if (file == NULL || self->run == NULL || self->n_chart_kinds == 0)
    return;
  bs_folders_remember (BS_FOLDER_IMAGES, file);
  path = g_file_get_path (file);
  data = bs_chart_data_new (bs_balance_run_get_runner (self->run));
  bs_chart_options_init (&options);
  options.kind = self->chart_kinds[MIN (gtk_drop_down_get_selected (self->chart_dropdown),
                                        self->n_chart_kinds - 1)];
  if (data->study->default_arm >= 0)
    options.arm = (guint) data->study->default_arm;
  options.width = 1200;
  if (path == NULL || !bs_chart_export (data, &options, path, &error))
    g_signal_emit (self, signals[MESSAGE], 0,
                   error != NULL ? error->message : _("Only local files can be written"));
  else
    {
      g_autofree char *base = g_path_get_basename (path);
      g_autofree char *message = g_strdup_printf (_("Chart saved as %s"), base);

      g_signal_emit (self, signals[MESSAGE], 0, message);
    }
}

static void
export_chart_activated (GtkWidget  *widget,
                        const char *name,
                        GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  g_autoptr(GFile) folder = NULL;

  if (self->run == NULL)
    return;
  /* Where images were exported last (the Export dialog too), else Pictures. */
  folder = bs_folders_get_initial (BS_FOLDER_IMAGES);
  bs_compat_choose_export (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("Export Chart"),
                           folder, "chart.png", _("Images (PNG, SVG, PDF)"), "image/png",
                           on_chart_chosen, g_object_ref (self));
}

/* CSV holds one table: the one behind the chart shown (the summary for
 * the score charts). JSON holds everything whatever is shown. */
static const char *
csv_table_shown (BsBalanceView *self)
{
  guint selected = gtk_drop_down_get_selected (self->chart_dropdown);

  if (self->n_chart_kinds == 0)
    return "summary";
  switch (self->chart_kinds[MIN (selected, self->n_chart_kinds - 1)])
    {
    case BS_CHART_LENGTH:
      return "lengths";
    case BS_CHART_BRANCHING:
      return "branching";
    case BS_CHART_OPENINGS:
      return "openings";
    case BS_CHART_SCORE:
    case BS_CHART_SWEEP:
    default:
      return "summary";
    }
}

static void
export_data_to (BsBalanceView *self,
                const char    *path)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *base = g_path_get_basename (path);
  g_autofree char *message = NULL;

  if (!bs_study_report_export (bs_balance_run_get_runner (self->run), path,
                               csv_table_shown (self), &error))
    message = g_strdup_printf (_("Could not export the data: %s"), error->message);
  else
    message = g_strdup_printf (_("Data saved as %s"), base);
  g_signal_emit (self, signals[MESSAGE], 0, message);
}

static void
on_data_chosen (GFile    *file,
                gpointer  user_data)
{
  g_autoptr(BsBalanceView) self = user_data;
  g_autofree char *path = NULL;

  if (file == NULL || self->run == NULL)
    return;
  bs_folders_remember (BS_FOLDER_IMAGES, file);
  path = g_file_get_path (file);
  if (path == NULL)
    {
      g_autofree char *uri = g_file_get_uri (file);
      g_autofree char *message = g_strdup_printf (_("Could not export the data: %s: only local "
                                                    "files can be written"), uri);

      g_signal_emit (self, signals[MESSAGE], 0, message);
      return;
    }
  export_data_to (self, path);
}

/* The parameter is a path to write to, or "" to ask for one. */
static void
export_data_activated (GtkWidget  *widget,
                       const char *name,
                       GVariant   *param)
{
  BsBalanceView *self = BS_BALANCE_VIEW (widget);
  GtkRoot *root = gtk_widget_get_root (widget);
  const char *path = g_variant_get_string (param, NULL);
  const char *study_path;
  const char *table;
  g_autoptr(GFile) folder = NULL;
  g_autofree char *stem = NULL;
  g_autofree char *suggested = NULL;
  char *dot;

  if (self->run == NULL)
    return;
  if (path[0] != '\0')
    {
      export_data_to (self, path);
      return;
    }
  /* Named after the study; the extension chooses CSV or JSON. */
  study_path = bs_balance_run_get_path (self->run);
  stem = g_path_get_basename (study_path != NULL ? study_path : "study");
  if ((dot = strrchr (stem, '.')) != NULL)
    *dot = '\0';
  /* Named after the table too, but for the summary (the usual one). */
  table = csv_table_shown (self);
  if (g_strcmp0 (table, "summary") == 0)
    suggested = g_strconcat (stem, ".csv", NULL);
  else
    suggested = g_strconcat (stem, "-", table, ".csv", NULL);
  /* Exports share one folder: the data lands beside the charts. */
  folder = bs_folders_get_initial (BS_FOLDER_IMAGES);
  bs_compat_choose_export (GTK_IS_WINDOW (root) ? GTK_WINDOW (root) : NULL, _("Export Data"),
                           folder, suggested, _("Data (CSV, JSON)"), "text/plain",
                           on_data_chosen, g_object_ref (self));
}

static void
bs_balance_view_dispose (GObject *object)
{
  BsBalanceView *self = BS_BALANCE_VIEW (object);

  g_cancellable_cancel (self->files_cancellable);
  g_clear_object (&self->files_cancellable);
  if (self->run != NULL)
    {
      bs_balance_run_pause (self->run);
      g_signal_handlers_disconnect_by_data (self->run, self);
      g_clear_object (&self->run);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), BS_TYPE_BALANCE_VIEW);
  G_OBJECT_CLASS (bs_balance_view_parent_class)->dispose (object);
}

static void
bs_balance_view_finalize (GObject *object)
{
  BsBalanceView *self = BS_BALANCE_VIEW (object);

  g_clear_pointer (&self->variant, bs_variant_free);
  g_clear_pointer (&self->sweep_keys, g_ptr_array_unref);
  g_clear_pointer (&self->candidates, g_ptr_array_unref);
  g_clear_pointer (&self->figures, g_array_unref);
  g_free (self->source);
  G_OBJECT_CLASS (bs_balance_view_parent_class)->finalize (object);
}

static void
bs_balance_view_class_init (BsBalanceViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = bs_balance_view_dispose;
  object_class->finalize = bs_balance_view_finalize;

  /* (source, variant of the fairest setting as a pointer, key, value) */
  signals[APPLY_REQUESTED] =
    g_signal_new ("apply-requested", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_POINTER,
                  G_TYPE_STRING, G_TYPE_STRING);
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A study file was created (for Recent). */
  signals[STUDY_OPENED] =
    g_signal_new ("study-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/boardsmith/Boardsmith/bs-balance-view.ui");
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, loading_box);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, loading_spinner);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, loading_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, setup_box);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_a_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, player_b_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, games_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, games_spin);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, precision_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, vary_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, from_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, from_spin);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, to_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, to_spin);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, compare_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, results_box);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, verdict_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, study_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, progress_label);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, pause_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, more_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, new_button);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, fairest_group);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, fairest_row);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, figures_group);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, chart_dropdown);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, chart_area);
  gtk_widget_class_bind_template_child (widget_class, BsBalanceView, export_button);

  gtk_widget_class_install_action (widget_class, "balance.start", NULL, start_activated);
  gtk_widget_class_install_action (widget_class, "balance.pause", NULL, pause_activated);
  gtk_widget_class_install_action (widget_class, "balance.cancel", NULL, cancel_activated);
  gtk_widget_class_install_action (widget_class, "balance.new", NULL, new_activated);
  gtk_widget_class_install_action (widget_class, "balance.more", NULL, more_activated);
  gtk_widget_class_install_action (widget_class, "balance.apply", NULL, apply_activated);
  gtk_widget_class_install_action (widget_class, "balance.export-chart", NULL,
                                   export_chart_activated);
  gtk_widget_class_install_action (widget_class, "balance.export-data", "s",
                                   export_data_activated);
}

static void
bs_balance_view_init (BsBalanceView *self)
{
  g_autoptr(GtkStringList) precision = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) nothing = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  bs_entry_limit (GTK_WIDGET (self->games_spin), BS_ENTRY_NUMBER);
  bs_entry_limit (GTK_WIDGET (self->from_spin), BS_ENTRY_NUMBER);
  bs_entry_limit (GTK_WIDGET (self->to_spin), BS_ENTRY_NUMBER);
  bs_entry_limit_tree (GTK_WIDGET (self->chart_dropdown), BS_ENTRY_SEARCH);
  self->figures = g_array_new (FALSE, FALSE, sizeof (Figure));
  fill_levels (self->player_a_row, 1);
  fill_levels (self->player_b_row, 1);
  for (guint i = 0; i < G_N_ELEMENTS (precisions); i++)
    {
      g_autofree char *label = precision_label (precisions[i]);

      gtk_string_list_append (precision, label);
    }
  adw_combo_row_set_model (self->precision_row, G_LIST_MODEL (precision));
  gtk_string_list_append (nothing, _("Nothing"));
  adw_combo_row_set_model (self->vary_row, G_LIST_MODEL (nothing));
  adw_combo_row_set_model (self->compare_row, G_LIST_MODEL (nothing));
  gtk_drawing_area_set_draw_func (self->chart_area, draw_chart, self, NULL);
  /* libadwaita 1.2 leaves the split button's main part, an icon, without a
   * name: its tooltip names it, for screen readers as for the eye. */
  gtk_widget_set_tooltip_text (gtk_widget_get_first_child (GTK_WIDGET (self->export_button)),
                               _("Export Chart…"));
  /* Its arrow, a menu button, hides its tooltip while the menu is open, as
   * every menu button of the app does (GTK 4.8 shows it over the menu). */
  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->export_button));
       child != NULL; child = gtk_widget_get_next_sibling (child))
    if (GTK_IS_MENU_BUTTON (child))
      bs_menu_button_hide_tooltip_while_open (GTK_MENU_BUTTON (child));
  g_signal_connect_swapped (self->chart_dropdown, "notify::selected",
                            G_CALLBACK (gtk_widget_queue_draw), self->chart_area);
  g_signal_connect_swapped (self->vary_row, "notify::selected",
                            G_CALLBACK (on_vary_changed), self);
  g_signal_connect_swapped (self->compare_row, "notify::selected",
                            G_CALLBACK (on_compare_changed), self);
  g_signal_connect_swapped (self->precision_row, "notify::selected",
                            G_CALLBACK (update), self);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self->chart_area,
                           G_CONNECT_SWAPPED);
  update (self);
}
