/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <glib/gi18n.h>

#include "bs-cli-common.h"
#include "bs-error.h"

/* info VARIANT: what a variant is, from the compiled ruleset, so that every
 * option shows its effective value even when the file leaves it out. */

static char *
describe_board (const BsBoardSpec *spec)
{
  const char *shape = bs_shape_to_string (spec->shape);

  switch (spec->shape)
    {
    case BS_SHAPE_SQUARE:
      /* Translators: a board: its shape, width×height and how many neighbours a cell has
       * ("square 8×8, adjacency 8"). */
      return g_strdup_printf (_("%s %d×%d, adjacency %d"), shape, spec->width, spec->height,
                              spec->adjacency);
    case BS_SHAPE_HEX_RHOMBUS:
      return g_strdup_printf ("%s %d×%d", shape, spec->width, spec->height);
    case BS_SHAPE_HEXAGON:
    case BS_SHAPE_LIMPING:
    default:
      /* Translators: a board: its shape and its size in cells along a side ("hexagon, size 5"). */
      return g_strdup_printf (_("%s, size %d"), shape, spec->size);
    }
}

static void
add_option_value (JsonBuilder        *builder,
                  const BsOptionSpec *spec,
                  int                 value)
{
  switch (spec->type)
    {
    case BS_OPTION_BOOL:
      json_builder_add_boolean_value (builder, value != 0);
      break;
    case BS_OPTION_ENUM:
      json_builder_add_string_value (builder, bs_option_value_to_string (spec, value));
      break;
    case BS_OPTION_INT:
    default:
      json_builder_add_int_value (builder, value);
      break;
    }
}

static void
print_json (const BsRuleset *rs)
{
  const BsVariant *variant = rs->variant;
  const BsModule *module = rs->module;
  const BsBoardSpec *spec = bs_board_get_spec (rs->board);
  g_autoptr(JsonBuilder) b = json_builder_new ();

  json_builder_begin_object (b);
  bs_cli_json_string (b, "id", variant->id);
  bs_cli_json_string (b, "name", variant->name);
  bs_cli_json_string (b, "file", variant->filename);
  bs_cli_json_string (b, "author", variant->author);
  bs_cli_json_string (b, "description", variant->description);
  json_builder_set_member_name (b, "module");
  json_builder_add_string_value (b, module->id);
  json_builder_set_member_name (b, "simultaneous");
  json_builder_add_boolean_value (b, bs_ruleset_is_simultaneous (rs));

  json_builder_set_member_name (b, "board");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "shape");
  json_builder_add_string_value (b, bs_shape_to_string (spec->shape));
  if (spec->shape == BS_SHAPE_SQUARE || spec->shape == BS_SHAPE_HEX_RHOMBUS)
    {
      json_builder_set_member_name (b, "width");
      json_builder_add_int_value (b, spec->width);
      json_builder_set_member_name (b, "height");
      json_builder_add_int_value (b, spec->height);
    }
  else
    {
      json_builder_set_member_name (b, "size");
      json_builder_add_int_value (b, spec->size);
    }
  json_builder_set_member_name (b, "adjacency");
  json_builder_add_int_value (b, bs_board_n_dirs (rs->board));
  json_builder_set_member_name (b, "cells");
  json_builder_add_int_value (b, rs->n_cells);
  json_builder_set_member_name (b, "holes");
  json_builder_begin_array (b);
  for (guint i = 0; i < variant->holes->len; i++)
    json_builder_add_string_value (b, g_array_index (variant->holes, BsVariantHole, i).label);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "specials");
  json_builder_begin_array (b);
  for (guint s = 0; s < module->n_specials; s++)
    for (int p = 0; p < 3; p++)
      {
        int cell = rs->specials[s][p];
        if (cell == BS_NO_CELL)
          continue;
        json_builder_begin_object (b);
        json_builder_set_member_name (b, "id");
        json_builder_add_string_value (b, module->specials[s].id);
        json_builder_set_member_name (b, "player");
        if (p == 0)
          json_builder_add_null_value (b);
        else
          json_builder_add_int_value (b, p);
        json_builder_set_member_name (b, "cell");
        json_builder_add_string_value (b, bs_board_cell_label (rs->board, cell));
        json_builder_end_object (b);
      }
  json_builder_end_array (b);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (int p = 0; p < 2; p++)
    {
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "number");
      json_builder_add_int_value (b, p + 1);
      bs_cli_json_string (b, "name", variant->players[p].name);
      bs_cli_json_string (b, "color", variant->players[p].color);
      json_builder_set_member_name (b, "supply");
      json_builder_begin_object (b);
      for (guint k = 0; k < module->n_kinds; k++)
        {
          json_builder_set_member_name (b, module->kinds[k].id);
          if (module->unlimited_supply || rs->supply[p][k] == BS_SUPPLY_UNLIMITED)
            json_builder_add_null_value (b);
          else
            json_builder_add_int_value (b, rs->supply[p][k]);
        }
      json_builder_end_object (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "options");
  json_builder_begin_array (b);
  for (guint i = 0; i < module->n_options; i++)
    {
      const BsOptionSpec *option = &module->options[i];

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "id");
      json_builder_add_string_value (b, option->id);
      json_builder_set_member_name (b, "type");
      json_builder_add_string_value (b, bs_option_type_to_string (option->type));
      json_builder_set_member_name (b, "value");
      add_option_value (b, option, rs->options[i]);
      json_builder_set_member_name (b, "default");
      add_option_value (b, option, bs_module_option_default (module, (int) i, &rs->variant->board));
      if (option->default_per_cell != 0)
        {
          json_builder_set_member_name (b, "default_per_cell");
          json_builder_add_int_value (b, option->default_per_cell);
        }
      if (option->type == BS_OPTION_INT)
        {
          json_builder_set_member_name (b, "min");
          json_builder_add_int_value (b, option->min);
          json_builder_set_member_name (b, "max");
          json_builder_add_int_value (b, option->max);
        }
      if (option->type == BS_OPTION_ENUM)
        {
          json_builder_set_member_name (b, "choices");
          json_builder_begin_array (b);
          for (guint c = 0; option->choices[c] != NULL; c++)
            json_builder_add_string_value (b, option->choices[c]);
          json_builder_end_array (b);
        }
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, _(option->label));
      json_builder_set_member_name (b, "description");
      json_builder_add_string_value (b, _(option->description));
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);

  bs_cli_print_builder (b);
}

static void
print_text (const BsRuleset *rs)
{
  const BsVariant *variant = rs->variant;
  const BsModule *module = rs->module;
  g_autofree char *board = describe_board (bs_board_get_spec (rs->board));

  g_print ("%s: %s\n", _("name"), variant->name);
  g_print ("%s: %s\n", _("id"), variant->id);
  if (variant->filename != NULL)
    g_print ("%s: %s\n", _("file"), variant->filename);
  if (variant->author != NULL)
    g_print ("%s: %s\n", _("author"), variant->author);
  if (variant->description != NULL)
    g_print ("%s: %s\n", _("description"), variant->description);
  g_print ("%s: %s (%s%s)\n", _("module"), module->id, _(module->name),
           bs_ruleset_is_simultaneous (rs) ? _(", simultaneous moves") : "");
  g_print ("%s: %s, %d %s", _("board"), board, rs->n_cells, _("cells"));
  if (variant->holes->len > 0)
    {
      g_print (", %s", _("holes"));
      for (guint i = 0; i < variant->holes->len; i++)
        g_print (" %s", g_array_index (variant->holes, BsVariantHole, i).label);
    }
  g_print ("\n");

  for (guint s = 0; s < module->n_specials; s++)
    {
      g_print ("%s %s:", _("special"), module->specials[s].id);
      for (int p = 0; p < 3; p++)
        if (rs->specials[s][p] != BS_NO_CELL)
          {
            if (p > 0)
              g_print (" %s %d", _("player"), p);
            g_print (" %s", bs_board_cell_label (rs->board, rs->specials[s][p]));
          }
      g_print ("\n");
    }

  for (int p = 0; p < 2; p++)
    {
      g_print ("%s %d: %s %s, %s", _("player"), p + 1, variant->players[p].name,
               variant->players[p].color, _("supply"));
      for (guint k = 0; k < module->n_kinds; k++)
        {
          if (module->unlimited_supply || rs->supply[p][k] == BS_SUPPLY_UNLIMITED)
            g_print (" %s %s", module->kinds[k].id, _("unlimited"));
          else
            g_print (" %s %d", module->kinds[k].id, rs->supply[p][k]);
        }
      g_print ("\n");
    }

  g_print ("%s:\n", _("options"));
  for (guint i = 0; i < module->n_options; i++)
    {
      const BsOptionSpec *option = &module->options[i];
      g_autofree char *range = bs_option_describe_range (option);
      g_autofree char *per_cell = option->default_per_cell == 0 ? g_strdup ("")
        : g_strdup_printf (" (%d %s)", option->default_per_cell, _("per cell"));

      g_print ("  %s = %s  (%s, %s, %s %s%s): %s\n", option->id,
               bs_option_value_to_string (option, rs->options[i]),
               bs_option_type_to_string (option->type), range, _("default"),
               bs_option_value_to_string (option,
                                          bs_module_option_default (module, (int) i,
                                                                    &rs->variant->board)),
               per_cell, _(option->description));
    }
}

int
bs_cli_info (int    argc,
             char **argv)
{
  static const BsCliSpec spec = {
    "info", N_("VARIANT"),
    N_("Describe a variant: board, players with supplies, every option with its value, "
       "type, range and default."),
    BS_CLI_OPT_SET, 1, 1, NULL,
  };
  g_autoptr(BsRuleset) rs = NULL;
  GError *error = NULL;
  BsCliOptions options;

  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  if (rs == NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  if (options.json)
    print_json (rs);
  else
    print_text (rs);
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
