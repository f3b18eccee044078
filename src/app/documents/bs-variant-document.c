/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-variant-document.c: the variant being edited: every edit, undo and
 * redo, and the properties that follow. Its checks are in
 * bs-variant-document-check.c, its file in bs-variant-document-file.c (see
 * bs-variant-document-private.h). */
#define G_LOG_DOMAIN "boardsmith-editor"

#include "config.h"

#include "bs-variant-document.h"
#include "bs-variant-document-private.h"

/* Undo keeps whole copies of the variant: they are a few hundred bytes,
 * and a snapshot cannot get out of step with the edit that made it. */
#define MAX_UNDO 500

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
void
bs_variant_document_forget_origin (BsVariant *variant)
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

void
bs_variant_document_update (BsVariantDocument *self)
{
  bs_variant_document_check (self);

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
  bs_variant_document_update (self);
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
  bs_variant_document_update (self);
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

  was_valid = bs_variant_document_builds (variant, NULL);
  bs_variant_set_supply (variant, bs_opponent (args->a), args->s, other);
  bs_variant_set_supply (variant, args->a, args->s, other - fewer);
  if (!was_valid || bs_variant_document_builds (variant, NULL))
    return;

  /* A handicap is a difference: when the rules need a number of pieces in
   * all (a game that fills the board), both supplies go up by what it takes and
   * the difference stays. */
  for (int more = 1; more <= fewer && other + more <= BS_MAX_SUPPLY; more++)
    {
      bs_variant_set_supply (variant, bs_opponent (args->a), args->s, other + more);
      bs_variant_set_supply (variant, args->a, args->s, other + more - fewer);
      if (bs_variant_document_builds (variant, NULL))
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

void
bs_variant_document_set_path (BsVariantDocument *self,
                              const char        *path)
{
  if (g_strcmp0 (self->path, path) == 0)
    return;
  g_free (self->path);
  self->path = g_strdup (path);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PATH]);
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

BsVariantDocument *
bs_variant_document_new_take (BsVariant *variant)
{
  BsVariantDocument *self = g_object_new (BS_TYPE_VARIANT_DOCUMENT, NULL);

  bs_variant_document_forget_origin (variant);
  self->variant = variant;
  self->saved = bs_variant_copy (variant);
  bs_variant_document_update (self);
  return self;
}

BsVariantDocument *
bs_variant_document_new (const BsVariant *variant)
{
  g_return_val_if_fail (variant != NULL, NULL);
  return bs_variant_document_new_take (bs_variant_copy (variant));
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
  return bs_variant_document_new_take (variant);
}
