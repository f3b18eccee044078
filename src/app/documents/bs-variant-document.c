/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-variant-document.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-error.h"
#include "bs-file.h"
#include "bs-file-stamp.h"
#include "bs-load-hook.h"
#include "bs-ruleset-sketch.h"
#include "bs-variant-xml.h"

/* Undo keeps whole copies of the variant: they are a few hundred bytes,
 * and a snapshot cannot get out of step with the edit that made it. */
#define MAX_UNDO 500

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

G_DEFINE_FINAL_TYPE (BsVariantDocument, bs_variant_document, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VALID,
  PROP_MODIFIED,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_PATH,
  N_PROPS
};

enum {
  CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

const char *
bs_edit_section_to_string (BsEditSection section)
{
  static const char * const names[] = {
    "none", "board", "cells", "pieces", "options", "metadata",
  };

  g_return_val_if_fail (section < G_N_ELEMENTS (names), "none");
  return names[section];
}

/* Variants edited in memory carry no file name or lines: the editor shows
 * errors next to the field, not as "file:line". */
static void
forget_origin (BsVariant *variant)
{
  g_clear_pointer (&variant->filename, g_free);
  /* Whether it is saved as a draft depends on its validity then. */
  variant->draft = FALSE;
  variant->module_line = variant->board_line = 0;
  for (guint i = 0; i < variant->holes->len; i++)
    g_array_index (variant->holes, BsVariantHole, i).line = 0;
  for (guint i = 0; i < variant->specials->len; i++)
    g_array_index (variant->specials, BsVariantSpecial, i).line = 0;
  for (guint i = 0; i < variant->options->len; i++)
    g_array_index (variant->options, BsVariantOption, i).line = 0;
  for (guint i = 0; i < variant->setup->len; i++)
    g_array_index (variant->setup, BsVariantPiece, i).line = 0;
  for (int p = 0; p < 2; p++)
    {
      GArray *supplies = variant->players[p].supplies;

      variant->players[p].line = 0;
      for (guint i = 0; i < supplies->len; i++)
        g_array_index (supplies, BsVariantSupply, i).line = 0;
    }
}

/* Validation. */

static gboolean
builds (const BsVariant  *variant,
        GError          **error)
{
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, error);

  return rs != NULL;
}

static void
reset_options (BsVariant *variant)
{
  g_array_set_size (variant->options, 0);
}

/* Supplies put back to the module's defaults, or made generous (a board
 * larger than the default needs more pieces in a game that fills it). */
static void
reset_supplies (BsVariant      *variant,
                const BsModule *module,
                gboolean        generous)
{
  BsBoard *board = NULL;
  int n_cells = 0;

  if (generous)
    {
      board = bs_board_new (&variant->board, NULL, NULL);
      n_cells = board != NULL ? bs_board_n_cells (board) : 0;
      g_clear_pointer (&board, bs_board_unref);
    }
  for (int p = 0; p < 2; p++)
    {
      g_array_set_size (variant->players[p].supplies, 0);
      if (module->unlimited_supply)
        continue;
      for (guint k = 0; k < module->n_kinds; k++)
        bs_variant_set_supply (variant, p + 1, module->kinds[k].id,
                               generous ? MAX (n_cells, module->kinds[k].default_supply)
                                        : module->kinds[k].default_supply);
    }
}

static void
reset_specials (BsVariant      *variant,
                const BsModule *module)
{
  g_autoptr(BsVariant) defaults = bs_variant_new_for_module (module->id, NULL);

  g_array_set_size (variant->specials, 0);
  for (guint i = 0; defaults != NULL && i < defaults->specials->len; i++)
    {
      const BsVariantSpecial *s = &g_array_index (defaults->specials, BsVariantSpecial, i);
      BsVariantSpecial copy = { g_strdup (s->id), s->player, g_strdup (s->cell), 0 };

      g_array_append_val (variant->specials, copy);
    }
}

/* Which part of the variant the error is in: the first part whose reset
 * to the module's defaults makes the variant build. */
static BsEditSection
locate_error (const BsVariant *variant,
              const BsModule  *module,
              char           **option_id)
{
  g_autoptr(BsVariant) v = NULL;

  *option_id = NULL;
  if (module == NULL)
    return BS_EDIT_SECTION_NONE;

  if (!bs_board_spec_check (&variant->board, NULL)
      || (module->shapes & (1u << variant->board.shape)) == 0)
    return BS_EDIT_SECTION_BOARD;

  for (guint i = 0; i < variant->options->len; i++)
    {
      const BsVariantOption *o = &g_array_index (variant->options, BsVariantOption, i);
      int index = bs_module_option_index (module, o->id);
      int value;

      if (index < 0 || !bs_option_parse_value (&module->options[index], o->value, &value, NULL))
        {
          *option_id = g_strdup (o->id);
          return BS_EDIT_SECTION_OPTIONS;
        }
    }
  v = bs_variant_copy (variant);
  reset_options (v);
  if (builds (v, NULL))
    return BS_EDIT_SECTION_OPTIONS;

  g_clear_pointer (&v, bs_variant_free);
  v = bs_variant_copy (variant);
  reset_supplies (v, module, FALSE);
  if (builds (v, NULL))
    return BS_EDIT_SECTION_PIECES;
  reset_supplies (v, module, TRUE);
  if (builds (v, NULL))
    return BS_EDIT_SECTION_PIECES;

  g_clear_pointer (&v, bs_variant_free);
  v = bs_variant_copy (variant);
  g_array_set_size (v->setup, 0);
  g_array_set_size (v->holes, 0);
  reset_specials (v, module);
  if (builds (v, NULL))
    return BS_EDIT_SECTION_CELLS;
  /* Nests on the default cells may not fit a board of another size: the
   * board is what has to change then. */
  return BS_EDIT_SECTION_BOARD;
}

/* The closest variant that builds, for the preview. */
static BsRuleset *
build_preview (const BsVariant *variant,
               const BsModule  *module)
{
  g_autoptr(BsVariant) v = bs_variant_copy (variant);
  g_autoptr(BsVariant) defaults = NULL;
  BsRuleset *rs;

  if (module == NULL)
    return NULL;
  reset_options (v);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  reset_supplies (v, module, TRUE);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  g_array_set_size (v->setup, 0);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  /* Specials on holes: keep the holes the designer is painting, and show
   * the specials where they can be. */
  for (guint i = 0; i < v->specials->len;)
    {
      BsVariantSpecial *s = &g_array_index (v->specials, BsVariantSpecial, i);
      gboolean on_hole = FALSE;

      for (guint h = 0; h < v->holes->len; h++)
        on_hole |= g_strcmp0 (g_array_index (v->holes, BsVariantHole, h).label, s->cell) == 0;
      if (on_hole)
        g_array_remove_index (v->specials, i);
      else
        i++;
    }
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  reset_specials (v, module);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  g_array_set_size (v->holes, 0);
  if ((rs = bs_ruleset_new (v, NULL)) != NULL)
    return rs;
  defaults = bs_variant_new_for_module (module->id, NULL);
  return defaults != NULL ? bs_ruleset_new (defaults, NULL) : NULL;
}

/* The cell of a special's module default, or NULL. */
static const char *
default_special_cell (const BsModule *module,
                      const char     *id,
                      int             player)
{
  int index = bs_module_special_index (module, id);

  if (index < 0 || player < 0 || player > 2)
    return NULL;
  return module->specials[index].default_cells[player];
}

static void
add_problem (GPtrArray  *cells,
             const char *label)
{
  for (guint i = 0; i < cells->len; i++)
    if (g_strcmp0 (g_ptr_array_index (cells, i), label) == 0)
      return;
  g_ptr_array_add (cells, g_strdup (label));
}

/* More items than this are not tried one by one (each try builds a
 * ruleset): a whole kind of item is blamed instead. */
#define MAX_PROBLEM_TRIES 64

/* The cells the error is about, for marking them on the board: the holes,
 * special cells and fixed pieces without which the variant would build —
 * one at a time first, else all of a kind (a module may take no hole at all).
 * Empty when the error has no place on the board (a size, a supply). */
static void
find_problem_cells (const BsVariant *variant,
                    const BsModule  *module,
                    GPtrArray       *cells)
{
  guint n_items = variant->holes->len + variant->specials->len + variant->setup->len;
  g_autoptr(BsVariant) v = NULL;

  if (module == NULL || n_items == 0)
    return;
  if (n_items <= MAX_PROBLEM_TRIES)
    {
      for (guint i = 0; i < variant->setup->len; i++)
        {
          v = bs_variant_copy (variant);
          g_array_remove_index (v->setup, i);
          if (builds (v, NULL))
            add_problem (cells, g_array_index (variant->setup, BsVariantPiece, i).cell);
          g_clear_pointer (&v, bs_variant_free);
        }
      for (guint i = 0; i < variant->specials->len; i++)
        {
          const BsVariantSpecial *s = &g_array_index (variant->specials, BsVariantSpecial, i);
          const char *home = default_special_cell (module, s->id, s->player);
          BsVariantSpecial *moved;

          if (home == NULL || g_strcmp0 (home, s->cell) == 0)
            continue;
          v = bs_variant_copy (variant);
          moved = &g_array_index (v->specials, BsVariantSpecial, i);
          g_free (moved->cell);
          moved->cell = g_strdup (home);
          if (builds (v, NULL))
            add_problem (cells, s->cell);
          g_clear_pointer (&v, bs_variant_free);
        }
      for (guint i = 0; i < variant->holes->len; i++)
        {
          v = bs_variant_copy (variant);
          g_array_remove_index (v->holes, i);
          if (builds (v, NULL))
            add_problem (cells, g_array_index (variant->holes, BsVariantHole, i).label);
          g_clear_pointer (&v, bs_variant_free);
        }
      if (cells->len > 0)
        return;
    }

  v = bs_variant_copy (variant);
  g_array_set_size (v->holes, 0);
  if (variant->holes->len > 0 && builds (v, NULL))
    for (guint i = 0; i < variant->holes->len; i++)
      add_problem (cells, g_array_index (variant->holes, BsVariantHole, i).label);
  g_clear_pointer (&v, bs_variant_free);
  v = bs_variant_copy (variant);
  g_array_set_size (v->setup, 0);
  if (variant->setup->len > 0 && builds (v, NULL))
    for (guint i = 0; i < variant->setup->len; i++)
      add_problem (cells, g_array_index (variant->setup, BsVariantPiece, i).cell);
  g_clear_pointer (&v, bs_variant_free);
  v = bs_variant_copy (variant);
  reset_specials (v, module);
  if (variant->specials->len > 0 && builds (v, NULL))
    for (guint i = 0; i < variant->specials->len; i++)
      {
        const BsVariantSpecial *s = &g_array_index (variant->specials, BsVariantSpecial, i);

        if (g_strcmp0 (default_special_cell (module, s->id, s->player), s->cell) != 0)
          add_problem (cells, s->cell);
      }
}

/* The start position of a ruleset that builds, fixed pieces only for a
 * simultaneous game: it draws its random start (pieces from a bag) only when a
 * game begins. */
static BsPosition *
preview_start (BsRuleset *rs)
{
  BsPosition *pos = bs_ruleset_new_position (rs, 0);
  const GArray *setup = rs->variant->setup;

  if (!bs_ruleset_is_simultaneous (rs))
    return pos;
  for (int c = 0; c < rs->n_cells; c++)
    {
      gboolean fixed = FALSE;

      for (guint i = 0; setup != NULL && i < setup->len && !fixed; i++)
        fixed = g_strcmp0 (g_array_index (setup, BsVariantPiece, i).cell,
                           bs_board_cell_label (rs->board, c)) == 0;
      if (!fixed)
        bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_EMPTY, NULL);
    }
  return pos;
}

static void
set_flag (BsVariantDocument *self,
          gboolean          *flag,
          gboolean           value,
          int                prop)
{
  if (*flag == value)
    return;
  *flag = value;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static gboolean
is_blank (const char *text)
{
  for (const char *p = text; p != NULL && *p != '\0'; p++)
    if (!g_ascii_isspace (*p))
      return FALSE;
  return TRUE;
}

static void
update (BsVariantDocument *self)
{
  const BsModule *module = bs_module_find (self->variant->module);
  g_autoptr(GError) error = NULL;
  BsRuleset *rs;

  g_clear_pointer (&self->ruleset, bs_ruleset_unref);
  g_clear_pointer (&self->preview, bs_ruleset_unref);
  g_clear_pointer (&self->preview_position, g_free);
  g_ptr_array_set_size (self->problem_cells, 0);
  self->preview_sketch = FALSE;
  g_clear_error (&self->error);
  g_clear_pointer (&self->error_option, g_free);
  self->error_section = BS_EDIT_SECTION_NONE;
  self->start_checked = FALSE;
  g_clear_error (&self->start_refusal);
  g_clear_pointer (&self->start_fixed, bs_variant_free);

  if (is_blank (self->variant->name))
    {
      g_set_error_literal (&error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                           _("The variant needs a name"));
      self->error_section = BS_EDIT_SECTION_METADATA;
    }
  rs = bs_ruleset_new (self->variant, error == NULL ? &error : NULL);
  if (rs != NULL && error == NULL)
    self->ruleset = bs_ruleset_ref (rs);
  else if (self->error_section == BS_EDIT_SECTION_NONE)
    self->error_section = locate_error (self->variant, module, &self->error_option);

  /* The preview shows what was entered: the ruleset, or else a sketch of
   * the variant as it stands, with the cells the error is about. Only a
   * board that cannot be built at all falls back to the closest variant
   * that builds. */
  if (rs != NULL)
    {
      self->preview = rs;
      self->preview_position = preview_start (rs);
    }
  else
    {
      self->preview = bs_ruleset_new_sketch (self->variant, &self->preview_position, NULL);
      self->preview_sketch = self->preview != NULL;
      if (self->preview == NULL && (self->preview = build_preview (self->variant, module)) != NULL)
        self->preview_position = preview_start (self->preview);
      find_problem_cells (self->variant, module, self->problem_cells);
    }
  self->error = g_steal_pointer (&error);

  g_object_freeze_notify (G_OBJECT (self));
  set_flag (self, &self->valid, self->ruleset != NULL, PROP_VALID);
  set_flag (self, &self->modified, !bs_variant_equal (self->variant, self->saved), PROP_MODIFIED);
  set_flag (self, &self->can_undo, self->undo->len > 0, PROP_CAN_UNDO);
  set_flag (self, &self->can_redo, self->redo->len > 0, PROP_CAN_REDO);
  g_signal_emit (self, signals[CHANGED], 0);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The one path every edit takes. */

typedef struct {
  const BsBoardSpec *spec;
  int                a, b, c;
  const char        *s, *t;
} EditArgs;

typedef void (*EditFunc) (BsVariantDocument *self,
                          BsVariant         *variant,
                          const EditArgs    *args);

static gboolean
edit (BsVariantDocument *self,
      const char        *merge_key,
      EditFunc           func,
      const EditArgs    *args)
{
  g_autoptr(BsVariant) before = bs_variant_copy (self->variant);

  func (self, self->variant, args);
  if (bs_variant_equal (before, self->variant))
    return FALSE;

  /* Typing a name or turning a spin button is one step of undo, and so is
   * a group (a stroke painted across the board). */
  if (self->group_depth > 0)
    {
      merge_key = NULL;
      if (self->group_changed)
        g_clear_pointer (&before, bs_variant_free);
      self->group_changed = TRUE;
    }
  else if (merge_key != NULL && g_strcmp0 (merge_key, self->merge_key) == 0 && self->undo->len > 0)
    g_clear_pointer (&before, bs_variant_free);
  if (before != NULL)
    {
      g_ptr_array_add (self->undo, g_steal_pointer (&before));
      if (self->undo->len > MAX_UNDO)
        g_ptr_array_remove_index (self->undo, 0);
    }
  g_ptr_array_set_size (self->redo, 0);
  g_free (self->merge_key);
  self->merge_key = g_strdup (merge_key);
  update (self);
  return TRUE;
}

static gboolean
step_history (BsVariantDocument *self,
              GPtrArray         *from,
              GPtrArray         *to)
{
  if (from->len == 0)
    return FALSE;
  g_ptr_array_add (to, self->variant);
  self->variant = g_ptr_array_steal_index (from, from->len - 1);
  g_clear_pointer (&self->merge_key, g_free);
  update (self);
  return TRUE;
}

gboolean
bs_variant_document_undo (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return step_history (self, self->undo, self->redo);
}

gboolean
bs_variant_document_redo (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return step_history (self, self->redo, self->undo);
}

void
bs_variant_document_begin_group (BsVariantDocument *self)
{
  g_return_if_fail (BS_IS_VARIANT_DOCUMENT (self));

  if (self->group_depth++ == 0)
    self->group_changed = FALSE;
}

void
bs_variant_document_end_group (BsVariantDocument *self)
{
  g_return_if_fail (BS_IS_VARIANT_DOCUMENT (self));
  g_return_if_fail (self->group_depth > 0);

  if (--self->group_depth == 0)
    {
      /* The next edit starts a step of its own. */
      g_clear_pointer (&self->merge_key, g_free);
      self->group_changed = FALSE;
    }
}

/* Small helpers on the variant's arrays. */

static int
find_hole (const BsVariant *variant,
           const char      *label)
{
  for (guint i = 0; i < variant->holes->len; i++)
    if (g_strcmp0 (g_array_index (variant->holes, BsVariantHole, i).label, label) == 0)
      return (int) i;
  return -1;
}

static int
find_piece (const BsVariant *variant,
            const char      *label)
{
  for (guint i = 0; i < variant->setup->len; i++)
    if (g_strcmp0 (g_array_index (variant->setup, BsVariantPiece, i).cell, label) == 0)
      return (int) i;
  return -1;
}

static int
find_special (const BsVariant *variant,
              const char      *id,
              int              player)
{
  for (guint i = 0; i < variant->specials->len; i++)
    {
      const BsVariantSpecial *s = &g_array_index (variant->specials, BsVariantSpecial, i);

      if (g_strcmp0 (s->id, id) == 0 && s->player == player)
        return (int) i;
    }
  return -1;
}

static void
replace_string (char       **field,
                const char  *value)
{
  if (g_strcmp0 (*field, value) == 0)
    return;
  g_free (*field);
  *field = g_strdup (value);
}

/* Drops holes and fixed pieces that a new board shape no longer has. */
static void
drop_off_board (BsVariant *variant)
{
  g_autoptr(BsBoard) board = bs_board_new (&variant->board, NULL, NULL);

  if (board == NULL)
    return;
  for (guint i = 0; i < variant->holes->len;)
    {
      int col, row;
      const char *label = g_array_index (variant->holes, BsVariantHole, i).label;

      if (bs_board_parse_label (label, &col, &row) && bs_board_in_shape (board, col, row))
        i++;
      else
        g_array_remove_index (variant->holes, i);
    }
  for (guint i = 0; i < variant->setup->len;)
    {
      int col, row;
      const char *label = g_array_index (variant->setup, BsVariantPiece, i).cell;

      if (bs_board_parse_label (label, &col, &row) && bs_board_in_shape (board, col, row))
        i++;
      else
        g_array_remove_index (variant->setup, i);
    }
}

/* Edits. */

static void
do_set_board (BsVariantDocument *self,
              BsVariant         *variant,
              const EditArgs    *args)
{
  BsBoardSpec spec = *args->spec;

  if (bs_shape_is_hex (spec.shape))
    spec.adjacency = 6;
  /* Supplies the rules tie to the board follow it (handicaps stay). */
  bs_variant_set_board (variant, &spec);
  drop_off_board (variant);
}

gboolean
bs_variant_document_set_board (BsVariantDocument *self,
                               const BsBoardSpec *spec)
{
  EditArgs args = { .spec = spec };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  return edit (self, NULL, do_set_board, &args);
}

gboolean
bs_variant_document_set_shape (BsVariantDocument *self,
                               BsShape            shape,
                               int                adjacency)
{
  BsBoardSpec spec;
  const BsModule *module;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);

  spec = self->variant->board;
  module = bs_variant_document_get_module (self);
  /* Sizes carry over between shapes of the same kind, else the module's
   * default (or its smallest allowed) size. */
  if ((shape == BS_SHAPE_HEXAGON || shape == BS_SHAPE_LIMPING) && spec.size <= 0)
    {
      spec.size = module != NULL && module->default_board.size > 0 ? module->default_board.size : 4;
      if (module != NULL && module->min_size > 0)
        spec.size = CLAMP (spec.size, module->min_size, module->max_size);
    }
  if ((shape == BS_SHAPE_SQUARE || shape == BS_SHAPE_HEX_RHOMBUS) && spec.width <= 0)
    {
      spec.width = module != NULL && module->default_board.width > 0
                   ? module->default_board.width : 7;
      spec.height = module != NULL && module->default_board.height > 0
                    ? module->default_board.height : spec.width;
    }
  spec.shape = shape;
  spec.adjacency = shape == BS_SHAPE_SQUARE ? (adjacency == 8 ? 8 : 4) : 6;
  /* Only the parameters the shape uses are kept, so that a file saved
   * after changing shape says only what matters. */
  if (shape == BS_SHAPE_SQUARE || shape == BS_SHAPE_HEX_RHOMBUS)
    spec.size = 0;
  else
    spec.width = spec.height = 0;
  return bs_variant_document_set_board (self, &spec);
}

static void
do_set_dimension (BsVariantDocument *self,
                  BsVariant         *variant,
                  const EditArgs    *args)
{
  BsBoardSpec spec = variant->board;

  if (args->a == 0)
    spec.width = args->b;
  else if (args->a == 1)
    spec.height = args->b;
  else
    spec.size = args->b;
  bs_variant_set_board (variant, &spec);
  drop_off_board (variant);
}

gboolean
bs_variant_document_set_width (BsVariantDocument *self,
                               int                width)
{
  EditArgs args = { .a = 0, .b = width };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return edit (self, "board.width", do_set_dimension, &args);
}

gboolean
bs_variant_document_set_height (BsVariantDocument *self,
                                int                height)
{
  EditArgs args = { .a = 1, .b = height };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return edit (self, "board.height", do_set_dimension, &args);
}

gboolean
bs_variant_document_set_size (BsVariantDocument *self,
                              int                size)
{
  EditArgs args = { .a = 2, .b = size };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return edit (self, "board.size", do_set_dimension, &args);
}

static void
do_toggle_hole (BsVariantDocument *self,
                BsVariant         *variant,
                const EditArgs    *args)
{
  int index = find_hole (variant, args->s);

  if (index >= 0)
    g_array_remove_index (variant->holes, (guint) index);
  else
    {
      BsVariantHole hole = { g_strdup (args->s), 0 };
      int piece = find_piece (variant, args->s);

      g_array_append_val (variant->holes, hole);
      if (piece >= 0)
        g_array_remove_index (variant->setup, (guint) piece);
    }
}

gboolean
bs_variant_document_toggle_hole (BsVariantDocument *self,
                                 const char        *label)
{
  EditArgs args = { .s = label };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (label != NULL, FALSE);
  return edit (self, NULL, do_toggle_hole, &args);
}

static void
do_set_hole (BsVariantDocument *self,
             BsVariant         *variant,
             const EditArgs    *args)
{
  if ((find_hole (variant, args->s) >= 0) != (args->a != 0))
    do_toggle_hole (self, variant, args);
}

gboolean
bs_variant_document_set_hole (BsVariantDocument *self,
                              const char        *label,
                              gboolean           hole)
{
  EditArgs args = { .s = label, .a = hole ? 1 : 0 };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (label != NULL, FALSE);
  return edit (self, NULL, do_set_hole, &args);
}

gboolean
bs_variant_document_is_hole (BsVariantDocument *self,
                             const char        *label)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return find_hole (self->variant, label) >= 0;
}

static void
do_set_special (BsVariantDocument *self,
                BsVariant         *variant,
                const EditArgs    *args)
{
  int index = find_special (variant, args->s, args->a);

  if (index >= 0)
    replace_string (&g_array_index (variant->specials, BsVariantSpecial, index).cell, args->t);
  else
    {
      BsVariantSpecial special = { g_strdup (args->s), args->a, g_strdup (args->t), 0 };

      g_array_append_val (variant->specials, special);
    }
}

gboolean
bs_variant_document_set_special (BsVariantDocument *self,
                                 const char        *id,
                                 int                player,
                                 const char        *label)
{
  EditArgs args = { .s = id, .a = player, .t = label };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (id != NULL && label != NULL, FALSE);
  g_return_val_if_fail (player >= 0 && player <= 2, FALSE);
  return edit (self, NULL, do_set_special, &args);
}

const char *
bs_variant_document_get_special (BsVariantDocument *self,
                                 const char        *id,
                                 int                player)
{
  int index;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  index = find_special (self->variant, id, player);
  return index >= 0 ? g_array_index (self->variant->specials, BsVariantSpecial, index).cell : NULL;
}

static void
do_place_piece (BsVariantDocument *self,
                BsVariant         *variant,
                const EditArgs    *args)
{
  int index = find_piece (variant, args->s);
  BsVariantPiece piece = { g_strdup (args->s), args->a, g_strdup (args->t), args->b, 0 };

  if (index >= 0)
    g_array_remove_index (variant->setup, (guint) index);
  g_array_append_val (variant->setup, piece);
}

gboolean
bs_variant_document_place_piece (BsVariantDocument *self,
                                 const char        *label,
                                 int                player,
                                 const char        *kind,
                                 int                dir)
{
  EditArgs args = { .s = label, .a = player, .t = kind, .b = dir };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (label != NULL && kind != NULL, FALSE);
  g_return_val_if_fail (player == 1 || player == 2, FALSE);
  return edit (self, NULL, do_place_piece, &args);
}

static void
do_remove_piece (BsVariantDocument *self,
                 BsVariant         *variant,
                 const EditArgs    *args)
{
  int index = find_piece (variant, args->s);

  if (index >= 0)
    g_array_remove_index (variant->setup, (guint) index);
}

gboolean
bs_variant_document_remove_piece (BsVariantDocument *self,
                                  const char        *label)
{
  EditArgs args = { .s = label };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return edit (self, NULL, do_remove_piece, &args);
}

static void
do_set_supply (BsVariantDocument *self,
               BsVariant         *variant,
               const EditArgs    *args)
{
  bs_variant_set_supply (variant, args->a, args->s, args->b);
}

gboolean
bs_variant_document_set_supply (BsVariantDocument *self,
                                int                player,
                                const char        *kind,
                                int                count)
{
  EditArgs args = { .a = player, .s = kind, .b = count };
  g_autofree char *key = NULL;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (player == 1 || player == 2, FALSE);
  g_return_val_if_fail (kind != NULL, FALSE);
  key = g_strdup_printf ("supply.%d.%s", player, kind);
  return edit (self, key, do_set_supply, &args);
}

static int
supply_or_default (const BsVariant *variant,
                   const BsModule  *module,
                   int              player,
                   const char      *kind)
{
  int count = bs_variant_get_supply (variant, player, kind);
  int k = module != NULL ? bs_module_kind_index (module, kind) : -1;

  if (count < 0 && k >= 0)
    count = module->kinds[k].default_supply;
  return MAX (count, 0);
}

static void
do_set_handicap (BsVariantDocument *self,
                 BsVariant         *variant,
                 const EditArgs    *args)
{
  const BsModule *module = bs_module_find (variant->module);
  int other = supply_or_default (variant, module, bs_opponent (args->a), args->s);
  int fewer = MIN (args->b, other);
  gboolean was_valid;

  was_valid = builds (variant, NULL);
  bs_variant_set_supply (variant, bs_opponent (args->a), args->s, other);
  bs_variant_set_supply (variant, args->a, args->s, other - fewer);
  if (!was_valid || builds (variant, NULL))
    return;

  /* A handicap is a difference: when the rules need a number of pieces in
   * all (a game that fills the board), both supplies go up by what it takes and
   * the difference stays. */
  for (int more = 1; more <= fewer && other + more <= BS_MAX_SUPPLY; more++)
    {
      bs_variant_set_supply (variant, bs_opponent (args->a), args->s, other + more);
      bs_variant_set_supply (variant, args->a, args->s, other + more - fewer);
      if (builds (variant, NULL))
        return;
    }
  bs_variant_set_supply (variant, bs_opponent (args->a), args->s, other);
  bs_variant_set_supply (variant, args->a, args->s, other - fewer);
}

gboolean
bs_variant_document_set_handicap (BsVariantDocument *self,
                                  int                player,
                                  const char        *kind,
                                  int                fewer)
{
  EditArgs args = { .a = player, .s = kind, .b = fewer };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (player == 1 || player == 2, FALSE);
  g_return_val_if_fail (kind != NULL && fewer >= 0, FALSE);
  return edit (self, NULL, do_set_handicap, &args);
}

static void
do_set_option (BsVariantDocument *self,
               BsVariant         *variant,
               const EditArgs    *args)
{
  bs_variant_set_option (variant, args->s, args->t);
}

gboolean
bs_variant_document_set_option (BsVariantDocument *self,
                                const char        *id,
                                const char        *value)
{
  EditArgs args = { .s = id, .t = value };
  g_autofree char *key = NULL;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (id != NULL && value != NULL, FALSE);
  key = g_strdup_printf ("option.%s", id);
  return edit (self, key, do_set_option, &args);
}

const char *
bs_variant_document_get_option (BsVariantDocument *self,
                                const char        *id)
{
  const BsModule *module;
  const char *value;
  int index;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);

  value = bs_variant_get_option (self->variant, id);
  if (value != NULL)
    return value;
  module = bs_variant_document_get_module (self);
  index = module != NULL ? bs_module_option_index (module, id) : -1;
  if (index < 0)
    return NULL;
  return bs_option_value_to_string (&module->options[index],
                                    bs_module_option_default (module, index,
                                                              &self->variant->board));
}

static void
do_set_text (BsVariantDocument *self,
             BsVariant         *variant,
             const EditArgs    *args)
{
  char **field = NULL;

  switch (args->a)
    {
    case 0: field = &variant->name; break;
    case 1: field = &variant->author; break;
    case 2: field = &variant->description; break;
    case 3: field = &variant->players[args->b - 1].name; break;
    case 4: field = &variant->players[args->b - 1].color; break;
    default: g_assert_not_reached ();
    }
  /* Optional fields are left out of the file when empty. */
  replace_string (field, (args->s != NULL && args->s[0] != '\0') || args->a == 0 ? args->s : NULL);
}

static gboolean
set_text (BsVariantDocument *self,
          int                field,
          int                player,
          const char        *key,
          const char        *value)
{
  EditArgs args = { .a = field, .b = player, .s = value };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return edit (self, key, do_set_text, &args);
}

gboolean
bs_variant_document_set_name (BsVariantDocument *self,
                              const char        *name)
{
  return set_text (self, 0, 0, "name", name);
}

gboolean
bs_variant_document_set_author (BsVariantDocument *self,
                                const char        *author)
{
  return set_text (self, 1, 0, "author", author);
}

gboolean
bs_variant_document_set_description (BsVariantDocument *self,
                                     const char        *description)
{
  return set_text (self, 2, 0, "description", description);
}

gboolean
bs_variant_document_set_player_name (BsVariantDocument *self,
                                     int                player,
                                     const char        *name)
{
  g_return_val_if_fail (player == 1 || player == 2, FALSE);
  return set_text (self, 3, player, player == 1 ? "player1.name" : "player2.name", name);
}

gboolean
bs_variant_document_set_player_color (BsVariantDocument *self,
                                      int                player,
                                      const char        *color)
{
  g_return_val_if_fail (player == 1 || player == 2, FALSE);
  return set_text (self, 4, player, player == 1 ? "player1.color" : "player2.color", color);
}

/* The start position as fixed pieces. */

/* How many seeds are tried besides 0 to tell a random start (a bag drawn
 * from the seed) from one the rules always make the same. */
#define START_SEEDS 3

static void
check_start (BsVariantDocument *self)
{
  BsRuleset *rs = self->ruleset;
  const GArray *setup;
  g_autofree BsPosition *start = NULL;
  g_autofree guint8 *fixed = NULL;
  g_autoptr(BsVariant) candidate = NULL;
  g_autoptr(BsRuleset) candidate_rs = NULL;
  g_autofree BsPosition *again = NULL;
  guint n_pieces = 0;

  if (self->start_checked)
    return;
  self->start_checked = TRUE;
  self->start_new = 0;
  g_clear_error (&self->start_refusal);
  g_clear_pointer (&self->start_fixed, bs_variant_free);
  if (rs == NULL)
    {
      self->start_fixing = BS_START_INVALID;
      return;
    }

  /* What the variant fixes, cell by cell, as the ruleset writes it. */
  start = bs_ruleset_new_position (rs, 0);
  fixed = g_new0 (guint8, rs->n_cells);
  setup = rs->variant->setup;
  for (guint i = 0; i < setup->len; i++)
    {
      const BsVariantPiece *piece = &g_array_index (setup, BsVariantPiece, i);
      int cell = bs_board_find_cell (rs->board, piece->cell, NULL);
      int kind = bs_module_kind_index (rs->module, piece->kind);

      if (cell != BS_NO_CELL && kind >= 0)
        fixed[cell] = BS_CELL_MAKE (piece->player, kind, MAX (piece->dir, 0));
    }
  for (int c = 0; c < rs->n_cells; c++)
    if (start->cells[c] != BS_CELL_EMPTY)
      {
        n_pieces++;
        self->start_new += fixed[c] != start->cells[c];
      }
  if (n_pieces == 0)
    {
      self->start_fixing = BS_START_EMPTY;
      return;
    }
  if (self->start_new == 0)
    {
      self->start_fixing = BS_START_FIXED;
      return;
    }

  /* A start that changes with the seed is a draw, made anew for each
   * game: written down, every game would start from this one draw. */
  for (guint64 seed = 1; seed <= START_SEEDS; seed++)
    {
      g_autofree BsPosition *other = bs_ruleset_new_position (rs, seed);

      if (memcmp (other->cells, start->cells, (gsize) rs->n_cells) != 0)
        {
          self->start_fixing = BS_START_RANDOM;
          return;
        }
    }

  /* The rules must take the pieces and start exactly as before. */
  candidate = bs_ruleset_fix_position (rs, start);
  candidate_rs = bs_ruleset_new (candidate, &self->start_refusal);
  if (candidate_rs != NULL)
    again = bs_ruleset_new_position (candidate_rs, 0);
  if (candidate_rs != NULL
      && (candidate_rs->position_size != rs->position_size
          || !bs_position_equal (rs, start, again)))
    g_set_error_literal (&self->start_refusal, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID,
                         _("the rules would not start the same way with them"));
  if (self->start_refusal != NULL)
    {
      self->start_fixing = BS_START_REFUSED;
      return;
    }
  self->start_fixing = BS_START_FIXABLE;
  self->start_fixed = g_steal_pointer (&candidate);
}

BsStartFixing
bs_variant_document_get_start_fixing (BsVariantDocument  *self,
                                      guint              *n_pieces,
                                      const GError      **refusal)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), BS_START_INVALID);

  check_start (self);
  if (n_pieces != NULL)
    *n_pieces = self->start_new;
  if (refusal != NULL)
    *refusal = self->start_refusal;
  return self->start_fixing;
}

static void
do_fix_start (BsVariantDocument *self,
              BsVariant         *variant,
              const EditArgs    *args)
{
  const GArray *setup = self->start_fixed->setup;

  g_array_set_size (variant->setup, 0);
  for (guint i = 0; i < setup->len; i++)
    {
      BsVariantPiece piece = g_array_index (setup, BsVariantPiece, i);

      piece.cell = g_strdup (piece.cell);
      piece.kind = g_strdup (piece.kind);
      piece.line = 0;
      g_array_append_val (variant->setup, piece);
    }
}

gboolean
bs_variant_document_fix_start (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);

  if (bs_variant_document_get_start_fixing (self, NULL, NULL) != BS_START_FIXABLE)
    return FALSE;
  return edit (self, NULL, do_fix_start, NULL);
}

/* Files. */

static void
set_path (BsVariantDocument *self,
          const char        *path)
{
  if (g_strcmp0 (self->path, path) == 0)
    return;
  g_free (self->path);
  self->path = g_strdup (path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
}

static char *
id_from_path (const char *path)
{
  /* An identifier, as a file's id must be ("My Game.xml" → My-Game). */
  return bs_variant_id_from_filename (path);
}

/* What goes into a file at `path`: its id is the file's name
 * ("my-game.bsvariant" → my-game), so that loading it back gives the
 * same description, and an invalid variant is marked a draft. */
static BsVariant *
file_copy (BsVariantDocument *self,
           const char        *path)
{
  BsVariant *copy = bs_variant_copy (self->variant);

  g_free (copy->id);
  copy->id = id_from_path (path);
  copy->draft = !self->valid;
  return copy;
}

char *
bs_variant_document_to_xml (BsVariantDocument *self,
                            const char        *path,
                            gsize             *length)
{
  g_autoptr(BsVariant) copy = NULL;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);

  copy = file_copy (self, path);
  return bs_variant_to_xml (copy, length);
}

gboolean
bs_variant_document_write_copy (BsVariantDocument  *self,
                                const char         *path,
                                GError            **error)
{
  g_autoptr(BsVariant) copy = NULL;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  copy = file_copy (self, path);
  return bs_variant_save_file (copy, path, error);
}

static gboolean
save (BsVariantDocument  *self,
      const char         *path,
      gboolean            anyway,
      GError            **error)
{
  g_autoptr(BsVariant) copy = NULL;
  g_autofree char *xml = NULL;
  gsize length = 0;

  if (path == NULL)
    path = self->path;
  g_return_val_if_fail (path != NULL, FALSE);

  if (!anyway && g_strcmp0 (path, self->path) == 0 && bs_variant_document_changed_on_disk (self))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_WRONG_ETAG,
                   _("%s: the file has changed on disk since it was opened"), path);
      return FALSE;
    }
  copy = file_copy (self, path);
  xml = bs_variant_to_xml (copy, &length);
  /* As bs_variant_save_file: atomic, synced, links and permissions kept. */
  if (!bs_file_write_atomic (path, xml, length, BS_FILE_WRITE_SYNC, error))
    return FALSE;

  g_clear_pointer (&self->disk, bs_file_stamp_free);
  self->disk = bs_file_stamp_new_for_contents (path, xml, length);
  replace_string (&self->variant->id, copy->id);
  g_clear_pointer (&self->saved, bs_variant_free);
  self->saved = bs_variant_copy (self->variant);
  set_path (self, path);
  update (self);
  return TRUE;
}

gboolean
bs_variant_document_save (BsVariantDocument  *self,
                          const char         *path,
                          GError            **error)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);

  return save (self, path, FALSE, error);
}

gboolean
bs_variant_document_save_anyway (BsVariantDocument  *self,
                                 GError            **error)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  g_return_val_if_fail (self->path != NULL, FALSE);

  return save (self, NULL, TRUE, error);
}

gboolean
bs_variant_document_changed_on_disk (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);

  return self->path != NULL && self->disk != NULL && bs_file_stamp_changed (self->disk, self->path);
}

gboolean
bs_variant_document_revert (BsVariantDocument  *self,
                            GError            **error)
{
  g_autoptr(BsVariant) variant = NULL;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);

  if (self->path == NULL)
    {
      /* Never saved: back to how it was created. */
      variant = bs_variant_copy (self->saved);
    }
  else
    {
      g_autoptr(BsFileStamp) disk = bs_file_stamp_new_for_path (self->path);

      variant = bs_variant_load_file_unchecked (self->path, error);
      if (variant == NULL)
        return FALSE;
      forget_origin (variant);
      g_clear_pointer (&self->disk, bs_file_stamp_free);
      self->disk = g_steal_pointer (&disk);
    }
  if (!bs_variant_equal (variant, self->variant))
    {
      g_ptr_array_add (self->undo, g_steal_pointer (&self->variant));
      self->variant = g_steal_pointer (&variant);
      g_ptr_array_set_size (self->redo, 0);
    }
  g_clear_pointer (&self->saved, bs_variant_free);
  self->saved = bs_variant_copy (self->variant);
  g_clear_pointer (&self->merge_key, g_free);
  update (self);
  return TRUE;
}

char *
bs_variant_document_user_dir (void)
{
  return g_build_filename (g_get_user_data_dir (), "boardsmith", "variants", NULL);
}

char *
bs_variant_document_suggest_path (BsVariantDocument *self)
{
  g_autofree char *dir = bs_variant_document_user_dir ();
  g_autoptr(GString) stem = g_string_new (NULL);
  const char *name;

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);

  /* A file name from the variant's name: lower case letters and digits,
   * words joined by dashes. */
  name = self->variant->name != NULL ? self->variant->name : self->variant->module;
  for (const char *p = name; p != NULL && *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_unichar_tolower (g_utf8_get_char (p));

      if (g_unichar_isalnum (c) && c < 128)
        g_string_append_c (stem, (char) c);
      else if (stem->len > 0 && stem->str[stem->len - 1] != '-')
        g_string_append_c (stem, '-');
    }
  while (stem->len > 0 && stem->str[stem->len - 1] == '-')
    g_string_truncate (stem, stem->len - 1);
  if (stem->len == 0)
    g_string_append (stem, "variant");

  for (int n = 1; n < 1000; n++)
    {
      g_autofree char *base = n == 1 ? g_strdup_printf ("%s.bsvariant", stem->str)
                                     : g_strdup_printf ("%s-%d.bsvariant", stem->str, n);
      char *path = g_build_filename (dir, base, NULL);

      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        return path;
      g_free (path);
    }
  return g_build_filename (dir, "variant.bsvariant", NULL);
}

/* Accessors. */

const BsVariant *
bs_variant_document_get_variant (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  return self->variant;
}

const BsModule *
bs_variant_document_get_module (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  return bs_module_find (self->variant->module);
}

const char *
bs_variant_document_get_path (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  return self->path;
}

gboolean
bs_variant_document_get_valid (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return self->valid;
}

const GError *
bs_variant_document_get_error (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  return self->error;
}

BsEditSection
bs_variant_document_get_error_section (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), BS_EDIT_SECTION_NONE);
  return self->error_section;
}

const char *
bs_variant_document_get_error_option (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  return self->error_option;
}

BsRuleset *
bs_variant_document_get_ruleset (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  return self->ruleset;
}

BsRuleset *
bs_variant_document_get_preview (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  return self->preview;
}

const BsPosition *
bs_variant_document_get_preview_position (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  return self->preview_position;
}

gboolean
bs_variant_document_get_preview_is_sketch (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return self->preview_sketch;
}

const char * const *
bs_variant_document_get_problem_cells (BsVariantDocument *self)
{
  static const char * const none[] = { NULL };

  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), NULL);
  /* A null-terminated GPtrArray has no data at all until its first item. */
  if (self->problem_cells->pdata == NULL)
    return none;
  return (const char * const *) self->problem_cells->pdata;
}

gboolean
bs_variant_document_get_modified (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return self->modified;
}

gboolean
bs_variant_document_get_can_undo (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return self->can_undo;
}

gboolean
bs_variant_document_get_can_redo (BsVariantDocument *self)
{
  g_return_val_if_fail (BS_IS_VARIANT_DOCUMENT (self), FALSE);
  return self->can_redo;
}

/* GObject. */

static void
bs_variant_document_finalize (GObject *object)
{
  BsVariantDocument *self = (BsVariantDocument *) object;

  g_clear_pointer (&self->variant, bs_variant_free);
  g_clear_pointer (&self->saved, bs_variant_free);
  g_clear_pointer (&self->undo, g_ptr_array_unref);
  g_clear_pointer (&self->redo, g_ptr_array_unref);
  g_clear_pointer (&self->ruleset, bs_ruleset_unref);
  g_clear_pointer (&self->preview, bs_ruleset_unref);
  g_clear_pointer (&self->preview_position, g_free);
  g_clear_pointer (&self->problem_cells, g_ptr_array_unref);
  g_clear_error (&self->error);
  g_clear_error (&self->start_refusal);
  g_clear_pointer (&self->start_fixed, bs_variant_free);
  g_free (self->error_option);
  g_free (self->merge_key);
  g_free (self->path);
  g_clear_pointer (&self->disk, bs_file_stamp_free);

  G_OBJECT_CLASS (bs_variant_document_parent_class)->finalize (object);
}

static void
bs_variant_document_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  BsVariantDocument *self = BS_VARIANT_DOCUMENT (object);

  switch (prop_id)
    {
    case PROP_VALID:
      g_value_set_boolean (value, self->valid);
      break;
    case PROP_MODIFIED:
      g_value_set_boolean (value, self->modified);
      break;
    case PROP_CAN_UNDO:
      g_value_set_boolean (value, self->can_undo);
      break;
    case PROP_CAN_REDO:
      g_value_set_boolean (value, self->can_redo);
      break;
    case PROP_PATH:
      g_value_set_string (value, self->path);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_variant_document_class_init (BsVariantDocumentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = bs_variant_document_finalize;
  object_class->get_property = bs_variant_document_get_property;

  properties[PROP_VALID] =
    g_param_spec_boolean ("valid", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_MODIFIED] =
    g_param_spec_boolean ("modified", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PATH] =
    g_param_spec_string ("path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* After every edit, undo, redo, save and revert. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bs_variant_document_init (BsVariantDocument *self)
{
  self->undo = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_variant_free);
  self->redo = g_ptr_array_new_with_free_func ((GDestroyNotify) bs_variant_free);
  self->problem_cells = g_ptr_array_new_null_terminated (0, g_free, TRUE);
}

static BsVariantDocument *
new_document (BsVariant *variant)
{
  BsVariantDocument *self = g_object_new (BS_TYPE_VARIANT_DOCUMENT, NULL);

  forget_origin (variant);
  self->variant = variant;
  self->saved = bs_variant_copy (variant);
  update (self);
  return self;
}

BsVariantDocument *
bs_variant_document_new (const BsVariant *variant)
{
  g_return_val_if_fail (variant != NULL, NULL);
  return new_document (bs_variant_copy (variant));
}

BsVariantDocument *
bs_variant_document_new_for_module (const char  *module,
                                    GError     **error)
{
  BsVariant *variant;

  g_return_val_if_fail (module != NULL, NULL);

  variant = bs_variant_new_for_module (module, error);
  if (variant == NULL)
    return NULL;
  return new_document (variant);
}

BsVariantDocument *
bs_variant_document_open (const char  *path,
                          GError     **error)
{
  BsVariant *variant;
  BsVariantDocument *self;
  g_autoptr(BsFileStamp) disk = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  /* Stamped before it is read: a write in between shows as a change. */
  disk = bs_file_stamp_new_for_path (path);
  /* The format's checks only: a draft, or a file the rules refuse, opens
   * to be finished. */
  variant = bs_variant_load_file_unchecked (path, error);
  if (variant == NULL)
    return NULL;
  self = new_document (variant);
  self->path = g_strdup (path);
  self->disk = g_steal_pointer (&disk);
  return self;
}

static void
open_in_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  const char *path = task_data;
  GError *error = NULL;
  BsVariantDocument *document;

  bs_load_hook_run (path);
  document = bs_variant_document_open (path, &error);
  if (document == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, document, g_object_unref);
}

void
bs_variant_document_open_async (const char          *path,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (path != NULL);

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, bs_variant_document_open_async);
  g_task_set_task_data (task, g_strdup (path), g_free);
  g_task_run_in_thread (task, open_in_thread);
}

BsVariantDocument *
bs_variant_document_open_finish (GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == bs_variant_document_open_async,
                        NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

BsVariantDocument *
bs_variant_document_recover (const char  *copy,
                             const char  *original,
                             GError     **error)
{
  g_autoptr(BsVariant) baseline = NULL;
  g_autoptr(BsFileStamp) disk = NULL;
  BsVariant *variant;
  BsVariantDocument *self;

  g_return_val_if_fail (copy != NULL, NULL);

  variant = bs_variant_load_file_unchecked (copy, error);
  if (variant == NULL)
    return NULL;
  /* Compared with what is in its file (or, never saved, with what a new
   * variant of its module starts as), so that it shows as unsaved. */
  if (original != NULL)
    {
      disk = bs_file_stamp_new_for_path (original);
      baseline = bs_variant_load_file_unchecked (original, NULL);
    }
  if (baseline == NULL)
    baseline = bs_variant_new_for_module (variant->module, NULL);
  self = new_document (variant);
  if (baseline != NULL)
    {
      forget_origin (baseline);
      g_clear_pointer (&self->saved, bs_variant_free);
      self->saved = g_steal_pointer (&baseline);
    }
  self->path = g_strdup (original);
  self->disk = g_steal_pointer (&disk);
  update (self);
  return self;
}
