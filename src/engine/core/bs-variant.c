/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-variant.c: the in-memory variant description. Loading and saving XML is
 * in bs-variant-xml.c. */
#define G_LOG_DOMAIN "boardsmith-engine"

#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n-lib.h>

#include "bs-error.h"
#include "bs-module.h"
#include "bs-variant.h"

static void
clear_hole (gpointer data)
{
  BsVariantHole *hole = data;
  g_clear_pointer (&hole->label, g_free);
}

static void
clear_special (gpointer data)
{
  BsVariantSpecial *special = data;
  g_clear_pointer (&special->id, g_free);
  g_clear_pointer (&special->cell, g_free);
}

static void
clear_piece (gpointer data)
{
  BsVariantPiece *piece = data;
  g_clear_pointer (&piece->cell, g_free);
  g_clear_pointer (&piece->kind, g_free);
}

static void
clear_supply (gpointer data)
{
  BsVariantSupply *supply = data;
  g_clear_pointer (&supply->kind, g_free);
}

static void
clear_option (gpointer data)
{
  BsVariantOption *option = data;
  g_clear_pointer (&option->id, g_free);
  g_clear_pointer (&option->value, g_free);
}

static GArray *
new_array (gsize          element_size,
           GDestroyNotify clear)
{
  GArray *array = g_array_new (FALSE, TRUE, element_size);
  g_array_set_clear_func (array, clear);
  return array;
}

BsVariant *
bs_variant_new (void)
{
  BsVariant *variant = g_new0 (BsVariant, 1);

  variant->board.shape = BS_SHAPE_SQUARE;
  variant->board.adjacency = 4;
  variant->holes = new_array (sizeof (BsVariantHole), clear_hole);
  variant->specials = new_array (sizeof (BsVariantSpecial), clear_special);
  variant->options = new_array (sizeof (BsVariantOption), clear_option);
  variant->setup = new_array (sizeof (BsVariantPiece), clear_piece);
  for (int p = 0; p < 2; p++)
    variant->players[p].supplies = new_array (sizeof (BsVariantSupply), clear_supply);
  return variant;
}

BsVariant *
bs_variant_new_for_module (const char  *module_id,
                           GError     **error)
{
  const BsModule *module;
  g_autoptr(BsVariant) variant = NULL;

  g_return_val_if_fail (module_id != NULL, NULL);

  module = bs_module_find (module_id);
  if (module == NULL)
    {
      g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN,
                   _("unknown rule module \"%s\""), module_id);
      return NULL;
    }

  variant = bs_variant_new ();
  variant->id = g_strdup (module->id);
  variant->name = g_strdup (module->name);
  variant->description = g_strdup (module->description);
  variant->module = g_strdup (module->id);
  variant->board = module->default_board;
  for (int p = 0; p < 2; p++)
    {
      variant->players[p].name = g_strdup (module->default_player_names[p]);
      variant->players[p].color = g_strdup (module->default_player_colors[p]);
      if (!module->unlimited_supply)
        for (guint k = 0; k < module->n_kinds; k++)
          bs_variant_set_supply (variant, p + 1, module->kinds[k].id,
                                 module->kinds[k].default_supply);
    }
  for (guint i = 0; i < module->n_specials; i++)
    {
      const BsSpecialSpec *spec = &module->specials[i];
      for (int p = spec->per_player ? 1 : 0; p <= (spec->per_player ? 2 : 0); p++)
        {
          BsVariantSpecial special = { 0 };
          if (spec->default_cells[p] == NULL)
            continue;
          special.id = g_strdup (spec->id);
          special.player = p;
          special.cell = g_strdup (spec->default_cells[p]);
          g_array_append_val (variant->specials, special);
        }
    }
  for (guint i = 0; i < module->n_options; i++)
    bs_variant_set_option (variant, module->options[i].id,
                           bs_option_value_to_string (&module->options[i],
                                                      bs_module_option_default (module, (int) i,
                                                                                &variant->board)));
  return g_steal_pointer (&variant);
}

BsVariant *
bs_variant_copy (const BsVariant *variant)
{
  BsVariant *copy;

  g_return_val_if_fail (variant != NULL, NULL);

  copy = bs_variant_new ();
  copy->filename = g_strdup (variant->filename);
  copy->id = g_strdup (variant->id);
  copy->name = g_strdup (variant->name);
  copy->author = g_strdup (variant->author);
  copy->description = g_strdup (variant->description);
  copy->module = g_strdup (variant->module);
  copy->module_line = variant->module_line;
  copy->board = variant->board;
  copy->board_line = variant->board_line;
  copy->draft = variant->draft;
  for (guint i = 0; i < variant->holes->len; i++)
    {
      BsVariantHole h = g_array_index (variant->holes, BsVariantHole, i);
      h.label = g_strdup (h.label);
      g_array_append_val (copy->holes, h);
    }
  for (guint i = 0; i < variant->specials->len; i++)
    {
      BsVariantSpecial s = g_array_index (variant->specials, BsVariantSpecial, i);
      s.id = g_strdup (s.id);
      s.cell = g_strdup (s.cell);
      g_array_append_val (copy->specials, s);
    }
  for (guint i = 0; i < variant->options->len; i++)
    {
      BsVariantOption o = g_array_index (variant->options, BsVariantOption, i);
      o.id = g_strdup (o.id);
      o.value = g_strdup (o.value);
      g_array_append_val (copy->options, o);
    }
  for (guint i = 0; i < variant->setup->len; i++)
    {
      BsVariantPiece pc = g_array_index (variant->setup, BsVariantPiece, i);
      pc.cell = g_strdup (pc.cell);
      pc.kind = g_strdup (pc.kind);
      g_array_append_val (copy->setup, pc);
    }
  for (int p = 0; p < 2; p++)
    {
      const BsVariantPlayer *src = &variant->players[p];
      copy->players[p].name = g_strdup (src->name);
      copy->players[p].color = g_strdup (src->color);
      copy->players[p].line = src->line;
      for (guint i = 0; i < src->supplies->len; i++)
        {
          BsVariantSupply s = g_array_index (src->supplies, BsVariantSupply, i);
          s.kind = g_strdup (s.kind);
          g_array_append_val (copy->players[p].supplies, s);
        }
    }
  return copy;
}

void
bs_variant_free (BsVariant *variant)
{
  if (variant == NULL)
    return;
  g_free (variant->filename);
  g_free (variant->id);
  g_free (variant->name);
  g_free (variant->author);
  g_free (variant->description);
  g_free (variant->module);
  g_array_unref (variant->holes);
  g_array_unref (variant->specials);
  g_array_unref (variant->options);
  g_array_unref (variant->setup);
  for (int p = 0; p < 2; p++)
    {
      g_free (variant->players[p].name);
      g_free (variant->players[p].color);
      g_array_unref (variant->players[p].supplies);
    }
  g_free (variant);
}

/* Equality of the description itself: where it came from (file name, line
 * numbers) does not count. */
gboolean
bs_variant_equal (const BsVariant *a,
                  const BsVariant *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (g_strcmp0 (a->id, b->id) != 0 ||
      g_strcmp0 (a->name, b->name) != 0 ||
      g_strcmp0 (a->author, b->author) != 0 ||
      g_strcmp0 (a->description, b->description) != 0 ||
      g_strcmp0 (a->module, b->module) != 0)
    return FALSE;
  if (a->board.shape != b->board.shape)
    return FALSE;
  if (a->board.shape == BS_SHAPE_SQUARE || a->board.shape == BS_SHAPE_HEX_RHOMBUS)
    {
      if (a->board.width != b->board.width || a->board.height != b->board.height)
        return FALSE;
      if (a->board.shape == BS_SHAPE_SQUARE && a->board.adjacency != b->board.adjacency)
        return FALSE;
    }
  else if (a->board.size != b->board.size)
    return FALSE;

  if (a->holes->len != b->holes->len ||
      a->specials->len != b->specials->len ||
      a->options->len != b->options->len ||
      a->setup->len != b->setup->len)
    return FALSE;
  for (guint i = 0; i < a->holes->len; i++)
    if (g_strcmp0 (g_array_index (a->holes, BsVariantHole, i).label,
                   g_array_index (b->holes, BsVariantHole, i).label) != 0)
      return FALSE;
  for (guint i = 0; i < a->specials->len; i++)
    {
      const BsVariantSpecial *x = &g_array_index (a->specials, BsVariantSpecial, i);
      const BsVariantSpecial *y = &g_array_index (b->specials, BsVariantSpecial, i);
      if (g_strcmp0 (x->id, y->id) != 0 || x->player != y->player || g_strcmp0 (x->cell, y->cell) != 0)
        return FALSE;
    }
  for (guint i = 0; i < a->options->len; i++)
    {
      const BsVariantOption *x = &g_array_index (a->options, BsVariantOption, i);
      const BsVariantOption *y = &g_array_index (b->options, BsVariantOption, i);
      if (g_strcmp0 (x->id, y->id) != 0 || g_strcmp0 (x->value, y->value) != 0)
        return FALSE;
    }
  for (guint i = 0; i < a->setup->len; i++)
    {
      const BsVariantPiece *x = &g_array_index (a->setup, BsVariantPiece, i);
      const BsVariantPiece *y = &g_array_index (b->setup, BsVariantPiece, i);
      if (g_strcmp0 (x->cell, y->cell) != 0 || x->player != y->player ||
          g_strcmp0 (x->kind, y->kind) != 0 || x->dir != y->dir)
        return FALSE;
    }
  for (int p = 0; p < 2; p++)
    {
      const BsVariantPlayer *x = &a->players[p];
      const BsVariantPlayer *y = &b->players[p];
      if (g_strcmp0 (x->name, y->name) != 0 || g_strcmp0 (x->color, y->color) != 0 ||
          x->supplies->len != y->supplies->len)
        return FALSE;
      for (guint i = 0; i < x->supplies->len; i++)
        {
          const BsVariantSupply *s = &g_array_index (x->supplies, BsVariantSupply, i);
          const BsVariantSupply *t = &g_array_index (y->supplies, BsVariantSupply, i);
          if (g_strcmp0 (s->kind, t->kind) != 0 || s->count != t->count)
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
parse_int (const char  *key,
           const char  *text,
           int          min,
           int          max,
           int         *value,
           GError     **error)
{
  if (!bs_parse_int (text, min, max, value, error))
    {
      g_prefix_error (error, "%s: ", key);
      return FALSE;
    }
  return TRUE;
}

static char *
describe_keys (const BsModule *module)
{
  GString *s = g_string_new ("shape, width, height, size, adjacency");

  if (module != NULL)
    {
      if (!module->unlimited_supply)
        for (guint k = 0; k < module->n_kinds; k++)
          g_string_append_printf (s, ", supply.1.%s, supply.2.%s",
                                  module->kinds[k].id, module->kinds[k].id);
      for (guint i = 0; i < module->n_options; i++)
        g_string_append_printf (s, ", %s", module->options[i].id);
    }
  return g_string_free (s, FALSE);
}

void
bs_variant_set_board (BsVariant         *variant,
                      const BsBoardSpec *spec)
{
  const BsModule *module = variant->module != NULL ? bs_module_find (variant->module) : NULL;

  g_return_if_fail (spec != NULL);

  /* Only between boards within the engine's limits: the figures of
   * absurd sizes mean nothing (and would overflow). */
  if (module != NULL && module->board_supply != NULL && !module->unlimited_supply &&
      bs_board_spec_check (&variant->board, NULL) && bs_board_spec_check (spec, NULL))
    for (guint k = 0; k < module->n_kinds; k++)
      {
        int before = module->board_supply (&variant->board, (int) k);
        int after = module->board_supply (spec, (int) k);

        for (int p = 1; p <= 2; p++)
          if (bs_variant_get_supply (variant, p, module->kinds[k].id) == before && after >= 0)
            bs_variant_set_supply (variant, p, module->kinds[k].id, after);
      }
  /* Likewise an option whose default follows the board (the move limit of
   * some games) and still holds the old board's default. */
  if (module != NULL && bs_board_spec_check (&variant->board, NULL) &&
      bs_board_spec_check (spec, NULL))
    for (guint i = 0; i < module->n_options; i++)
      {
        const BsOptionSpec *option = &module->options[i];
        const char *text = bs_variant_get_option (variant, option->id);
        int value;

        if (option->default_per_cell == 0 || text == NULL ||
            !bs_option_parse_value (option, text, &value, NULL) ||
            value != bs_module_option_default (module, (int) i, &variant->board))
          continue;
        bs_variant_set_option (variant, option->id,
                               bs_option_value_to_string (option,
                                                          bs_module_option_default (module, (int) i,
                                                                                    spec)));
      }
  variant->board = *spec;
}

/* --set of one integer board parameter (width, height, size, adjacency). */
static gboolean
set_board_int (BsVariant   *variant,
               const char  *key,
               const char  *value,
               GError     **error)
{
  BsBoardSpec spec = variant->board;
  int v;

  if (!parse_int (key, value, G_MININT, G_MAXINT, &v, error))
    return FALSE;
  if (g_str_equal (key, "width"))
    spec.width = v;
  else if (g_str_equal (key, "height"))
    spec.height = v;
  else if (g_str_equal (key, "size") && (spec.shape == BS_SHAPE_SQUARE ||
                                          spec.shape == BS_SHAPE_HEX_RHOMBUS))
    /* Cells along an edge, as on the hexagons: a square board of that side
     * (size alone meant nothing on these shapes, and a sweep of it played
     * the same board at every value). */
    spec.width = spec.height = v;
  else if (g_str_equal (key, "size"))
    spec.size = v;
  else
    spec.adjacency = v;
  bs_variant_set_board (variant, &spec);
  return TRUE;
}

gboolean
bs_variant_set (BsVariant   *variant,
                const char  *key,
                const char  *value,
                GError     **error)
{
  const BsModule *module;

  g_return_val_if_fail (variant != NULL, FALSE);
  g_return_val_if_fail (key != NULL && value != NULL, FALSE);

  module = variant->module != NULL ? bs_module_find (variant->module) : NULL;

  if (g_str_equal (key, "shape"))
    {
      BsShape shape;
      BsBoardSpec spec = variant->board;
      gboolean was_hex = bs_shape_is_hex (variant->board.shape) &&
                         variant->board.shape != BS_SHAPE_HEX_RHOMBUS;
      gboolean is_hex;

      if (!bs_shape_from_string (value, &shape))
        {
          g_autofree char *quoted = bs_excerpt (value);
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
                       _("shape: \"%s\" is not one of square, hex-rhombus, hexagon, limping"),
                       quoted);
          return FALSE;
        }
      /* Carry the board's extent over to the parameters the new shape uses,
       * so "--set shape=hexagon" alone gives a sensible board. */
      is_hex = shape == BS_SHAPE_HEXAGON || shape == BS_SHAPE_LIMPING;
      if (is_hex && !was_hex && spec.size <= 0)
        spec.size = MAX (2, (MAX (spec.width, spec.height) + 1) / 2);
      else if (!is_hex && was_hex && spec.width <= 0)
        spec.width = spec.height = MAX (2, 2 * spec.size - 1);
      if (shape == BS_SHAPE_SQUARE && spec.adjacency != 8)
        spec.adjacency = module != NULL && module->square_adjacency != 0
                         ? module->square_adjacency : 4;
      spec.shape = shape;
      bs_variant_set_board (variant, &spec);
      return TRUE;
    }
  if (g_str_equal (key, "width"))
    return set_board_int (variant, key, value, error);
  if (g_str_equal (key, "height"))
    return set_board_int (variant, key, value, error);
  if (g_str_equal (key, "size"))
    return set_board_int (variant, key, value, error);
  if (g_str_equal (key, "adjacency"))
    return set_board_int (variant, key, value, error);

  if (g_str_has_prefix (key, "supply."))
    {
      g_auto(GStrv) parts = g_strsplit (key, ".", 3);
      int player, count;

      if (g_strv_length (parts) != 3 || (g_strcmp0 (parts[1], "1") != 0 && g_strcmp0 (parts[1], "2") != 0))
        {
          g_autofree char *quoted = bs_excerpt (key);
          g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN,
                       _("%s: a supply key is supply.P.KIND with P 1 or 2"), quoted);
          return FALSE;
        }
      player = parts[1][0] - '0';
      if (module != NULL && (module->unlimited_supply || bs_module_kind_index (module, parts[2]) < 0))
        {
          g_autofree char *quoted = bs_excerpt (key);
          g_autofree char *kind = bs_excerpt (parts[2]);

          if (module->unlimited_supply)
            g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN,
                         _("%s: %s has unlimited supplies"), quoted, module->id);
          else
            g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN,
                         _("%s: unknown piece kind \"%s\" for %s"), quoted, kind, module->id);
          return FALSE;
        }
      if (!parse_int (key, value, 0, BS_MAX_SUPPLY, &count, error))
        return FALSE;
      bs_variant_set_supply (variant, player, parts[2], count);
      return TRUE;
    }

  if (module != NULL && bs_module_option_index (module, key) >= 0)
    {
      bs_variant_set_option (variant, key, value);
      return TRUE;
    }

  {
    g_autofree char *keys = describe_keys (module);
    g_autofree char *quoted = bs_excerpt (key);
    g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_UNKNOWN,
                 _("unknown key \"%s\" for %s (known: %s)"), quoted,
                 variant->module != NULL ? variant->module : _("this variant"), keys);
  }
  return FALSE;
}

const char *
bs_variant_get_option (const BsVariant *variant,
                       const char      *id)
{
  for (guint i = 0; i < variant->options->len; i++)
    {
      const BsVariantOption *o = &g_array_index (variant->options, BsVariantOption, i);
      if (g_strcmp0 (o->id, id) == 0)
        return o->value;
    }
  return NULL;
}

void
bs_variant_set_option (BsVariant  *variant,
                       const char *id,
                       const char *value)
{
  BsVariantOption option = { 0 };

  for (guint i = 0; i < variant->options->len; i++)
    {
      BsVariantOption *o = &g_array_index (variant->options, BsVariantOption, i);
      if (g_strcmp0 (o->id, id) == 0)
        {
          g_free (o->value);
          o->value = g_strdup (value);
          return;
        }
    }
  option.id = g_strdup (id);
  option.value = g_strdup (value);
  g_array_append_val (variant->options, option);
}

int
bs_variant_get_supply (const BsVariant *variant,
                       int              player,
                       const char      *kind)
{
  GArray *supplies;

  g_return_val_if_fail (player == 1 || player == 2, -1);

  supplies = variant->players[player - 1].supplies;
  for (guint i = 0; i < supplies->len; i++)
    {
      const BsVariantSupply *s = &g_array_index (supplies, BsVariantSupply, i);
      if (g_strcmp0 (s->kind, kind) == 0)
        return s->count;
    }
  return -1;
}

void
bs_variant_set_supply (BsVariant  *variant,
                       int         player,
                       const char *kind,
                       int         count)
{
  GArray *supplies;
  BsVariantSupply supply = { 0 };

  g_return_if_fail (player == 1 || player == 2);

  supplies = variant->players[player - 1].supplies;
  for (guint i = 0; i < supplies->len; i++)
    {
      BsVariantSupply *s = &g_array_index (supplies, BsVariantSupply, i);
      if (g_strcmp0 (s->kind, kind) == 0)
        {
          s->count = count;
          return;
        }
    }
  supply.kind = g_strdup (kind);
  supply.count = count;
  g_array_append_val (supplies, supply);
}

char *
bs_variant_where (const BsVariant *variant,
                  int              line)
{
  if (variant->filename == NULL)
    return g_strdup ("");
  if (line > 0)
    return g_strdup_printf ("%s:%d: ", variant->filename, line);
  return g_strdup_printf ("%s: ", variant->filename);
}

const char *
bs_variant_display_name (const BsVariant *variant)
{
  g_return_val_if_fail (variant != NULL, NULL);

  if (variant->name != NULL && variant->name[0] != '\0')
    return g_dgettext (GETTEXT_PACKAGE, variant->name);
  return variant->id != NULL ? variant->id : variant->module;
}

const char *
bs_variant_display_description (const BsVariant *variant)
{
  g_return_val_if_fail (variant != NULL, NULL);

  if (variant->description == NULL || variant->description[0] == '\0')
    return NULL;
  return g_dgettext (GETTEXT_PACKAGE, variant->description);
}

const char *
bs_variant_display_player (const BsVariant *variant,
                           int              player)
{
  const char *name;

  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (player == 1 || player == 2, NULL);

  name = variant->players[player - 1].name;
  if (name == NULL || name[0] == '\0')
    return player == 1 ? _("Player 1")
                       : _("Player 2");
  return g_dpgettext2 (GETTEXT_PACKAGE, "player", name);
}

/* A piece kind's label inside a phrase ("large" in "Dark’s large pieces"):
 * lowercased where the language does so (English, French), kept where it
 * does not (German nouns). */
static char *
kind_in_phrase (const char *label)
{
  /* Translators: "lowercase" if a piece kind's label ("Large", "Stone") is
   * written in lowercase inside a phrase such as "Dark’s large pieces";
   * anything else keeps it as it is (German nouns). Not shown. */
  if (g_str_equal (C_("kind label in a phrase", "lowercase"), "lowercase"))
    return g_utf8_strdown (label, -1);
  return g_strdup (label);
}

/* Whether the variant names the player other than the default "Player N". */
static gboolean
player_has_own_name (const BsVariant *variant,
                     int              player)
{
  const char *name = variant->players[player - 1].name;

  return name != NULL && name[0] != '\0' &&
         !g_str_equal (bs_variant_display_player (variant, player),
                       player == 1 ? _("Player 1") : _("Player 2"));
}

/* Whether the player's own name alone says whose setting it is: it is
 * theirs and not the other player's too. */
static gboolean
player_name_suffices (const BsVariant *variant,
                      int              player)
{
  return player_has_own_name (variant, player) &&
         g_strcmp0 (bs_variant_display_player (variant, 1),
                    bs_variant_display_player (variant, 2)) != 0;
}

/* A player's supply in words; `with_seat` adds the seat to a player's own
 * name ("(player 2)"). NULL for a key that is no supply of this module. */
static char *
describe_supply (const BsVariant *variant,
                 const BsModule  *module,
                 const char      *key,
                 gboolean         with_seat)
{
  g_auto(GStrv) parts = g_strsplit (key, ".", 3);
  int kind = g_strv_length (parts) == 3 ? bs_module_kind_index (module, parts[2]) : -1;
  int player = parts[1] != NULL && (g_str_equal (parts[1], "1") || g_str_equal (parts[1], "2"))
               ? parts[1][0] - '0' : 0;
  g_autofree char *kind_label = NULL;
  gboolean named;

  if (kind < 0 || player == 0)
    return NULL;
  named = with_seat ? player_has_own_name (variant, player)
                    : player_name_suffices (variant, player);
  if (module->n_kinds == 1)
    {
      if (named && with_seat)
        /* Translators: a player's supply, when the game has one kind of
         * piece: "Dark’s pieces (player 2)". */
        return g_strdup_printf (_("%s’s pieces (player %d)"),
                                bs_variant_display_player (variant, player), player);
      if (named)
        /* Translators: a player's supply, when the game has one kind of
         * piece, in a variant's name or a message: "Dark’s pieces". */
        return g_strdup_printf (_("%s’s pieces"), bs_variant_display_player (variant, player));
      /* Translators: a player's supply, when the game has one kind of piece. */
      return g_strdup_printf (_("Player %d’s pieces"), player);
    }
  kind_label = kind_in_phrase (g_dgettext (GETTEXT_PACKAGE, module->kinds[kind].label));
  if (named && with_seat)
    /* Translators: a player's supply of one kind: "Dark's large pieces
     * (player 2)"; the kind as the "lowercase" string of the context
     * "kind label in a phrase" says. */
    return g_strdup_printf (_("%s’s %s pieces (player %d)"),
                            bs_variant_display_player (variant, player), kind_label, player);
  if (named)
    /* Translators: a player's supply of one kind, in a variant's name or
     * a message: "Dark's large pieces"; the kind as the "lowercase" string
     * of the context "kind label in a phrase" says. */
    return g_strdup_printf (_("%s’s %s pieces"), bs_variant_display_player (variant, player),
                            kind_label);
  /* Translators: a player's supply of one kind: "Player 2's large pieces". */
  return g_strdup_printf (_("Player %d’s %s pieces"), player, kind_label);
}

static char *
describe_setting (const BsVariant *variant,
                  const char      *key,
                  gboolean         with_seat)
{
  const BsModule *module = variant->module != NULL ? bs_module_find (variant->module) : NULL;

  if (g_str_equal (key, "shape"))
    return g_strdup (_("Board shape"));
  if (g_str_equal (key, "size"))
    return g_strdup (_("Board size"));
  if (g_str_equal (key, "width"))
    return g_strdup (_("Board width"));
  if (g_str_equal (key, "height"))
    return g_strdup (_("Board height"));
  if (g_str_equal (key, "adjacency"))
    return g_strdup (_("Neighbours of a cell"));
  if (g_str_has_prefix (key, "supply.") && module != NULL)
    {
      char *supply = describe_supply (variant, module, key, with_seat);

      return supply != NULL ? supply : g_strdup (key);
    }
  if (module != NULL)
    {
      int option = bs_module_option_index (module, key);

      if (option >= 0)
        return g_strdup (g_dgettext (GETTEXT_PACKAGE, module->options[option].label));
    }
  return g_strdup (key);
}

char *
bs_variant_describe_setting (const BsVariant *variant,
                             const char      *key)
{
  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  return describe_setting (variant, key, TRUE);
}

char *
bs_variant_describe_setting_briefly (const BsVariant *variant,
                                     const char      *key)
{
  g_return_val_if_fail (variant != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  return describe_setting (variant, key, FALSE);
}

gboolean
bs_variant_is_identifier (const char *text)
{
  gsize length;

  if (text == NULL || !g_ascii_isalnum (text[0]))
    return FALSE;
  length = strlen (text);
  if (length > BS_VARIANT_MAX_ID_LENGTH)
    return FALSE;
  for (gsize i = 1; i < length; i++)
    if (!g_ascii_isalnum (text[i]) && text[i] != '-' && text[i] != '_')
      return FALSE;
  return TRUE;
}

char *
bs_variant_file_stem (const BsVariant *variant,
                      const char      *source)
{
  g_return_val_if_fail (variant != NULL, NULL);

  if (source != NULL && g_path_is_absolute (source))
    {
      char *base = g_path_get_basename (source);
      char *dot = strrchr (base, '.');

      if (dot != NULL)
        *dot = '\0';
      return base;
    }
  return g_strdup (variant->id != NULL ? variant->id : "variant");
}

char *
bs_variant_id_from_filename (const char *path)
{
  g_autofree char *base = NULL;
  GString *id = g_string_new (NULL);
  char *dot;

  g_return_val_if_fail (path != NULL, NULL);

  base = g_path_get_basename (path);
  dot = strrchr (base, '.');
  if (dot != NULL && dot != base)
    *dot = '\0';
  for (const char *p = base; *p != '\0' && id->len < BS_VARIANT_MAX_ID_LENGTH; p++)
    {
      if (g_ascii_isalnum (*p) || ((*p == '-' || *p == '_') && id->len > 0))
        g_string_append_c (id, *p);
      else if (id->len > 0 && id->str[id->len - 1] != '-')
        g_string_append_c (id, '-');
    }
  while (id->len > 0 && id->str[id->len - 1] == '-')
    g_string_truncate (id, id->len - 1);
  if (id->len == 0)
    g_string_assign (id, "variant");
  return g_string_free (id, FALSE);
}

static gboolean
check_length (const char  *text,
              int          max,
              const char  *what,
              GError     **error)
{
  glong length;

  if (text == NULL)
    return TRUE;
  length = g_utf8_strlen (text, -1);
  if (length <= max)
    return TRUE;
  g_set_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_VALUE,
               /* Translators: %s is what is too long ("the name", "the author"). */
               _("%s is too long (%ld characters; at most %d)"), what, length, max);
  return FALSE;
}

gboolean
bs_variant_check_texts (const BsVariant  *variant,
                        GError          **error)
{
  g_return_val_if_fail (variant != NULL, FALSE);

  /* Translators: these fill the %s of "%s is too long (%ld characters; at most %d)". */
  if (!check_length (variant->name, BS_VARIANT_MAX_NAME_LENGTH, _("the name"), error) ||
      !check_length (variant->author, BS_VARIANT_MAX_AUTHOR_LENGTH, _("the author"), error) ||
      !check_length (variant->description, BS_VARIANT_MAX_DESCRIPTION_LENGTH,
                     _("the description"), error))
    return FALSE;
  for (int p = 0; p < 2; p++)
    {
      g_autofree char *what = g_strdup_printf ("player %d's name", p + 1);

      if (!check_length (variant->players[p].name, BS_VARIANT_MAX_PLAYER_NAME_LENGTH, what,
                         error))
        return FALSE;
    }
  return TRUE;
}

static const char *
effective_option (const BsVariant *variant,
                  const BsModule  *module,
                  guint            index)
{
  const char *value = bs_variant_get_option (variant, module->options[index].id);

  if (value != NULL)
    return value;
  return bs_option_value_to_string (&module->options[index],
                                    bs_module_option_default (module, (int) index,
                                                              &variant->board));
}

gboolean
bs_variant_same_game (const BsVariant *a,
                      const BsVariant *b)
{
  g_autoptr(BsVariant) x = NULL;
  g_autoptr(BsVariant) y = NULL;
  const BsModule *module;

  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (g_strcmp0 (a->module, b->module) != 0)
    return FALSE;
  module = a->module != NULL ? bs_module_find (a->module) : NULL;
  if (module != NULL)
    for (guint i = 0; i < module->n_options; i++)
      if (g_strcmp0 (effective_option (a, module, i), effective_option (b, module, i)) != 0)
        return FALSE;

  /* The rest with what does not count made equal. */
  x = bs_variant_copy (a);
  y = bs_variant_copy (b);
  for (BsVariant **v = (BsVariant *[]) { x, y, NULL }; *v != NULL; v++)
    {
      g_clear_pointer (&(*v)->id, g_free);
      g_clear_pointer (&(*v)->name, g_free);
      g_clear_pointer (&(*v)->author, g_free);
      g_clear_pointer (&(*v)->description, g_free);
      if (module != NULL)
        g_array_set_size ((*v)->options, 0);
      for (int p = 0; p < 2; p++)
        {
          g_clear_pointer (&(*v)->players[p].name, g_free);
          g_clear_pointer (&(*v)->players[p].color, g_free);
        }
    }
  return bs_variant_equal (x, y);
}

