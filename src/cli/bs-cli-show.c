/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <math.h>
#include <string.h>

#include <glib/gi18n.h>

#include "bs-cli-common.h"

/* show VARIANT [--moves …]: the position as a text diagram (hex rows offset
 * by half a cell, square boards as a grid), the player to move, the status,
 * scores and supplies; --json gives the structure of CLI.md. */

/* One character per piece: player 1 x/X, player 2 o/O (the module's first
 * kind lower case, the second upper case); a directed piece is followed by
 * its direction. Empty cells are '.', empty special cells '*', holes blank. */
static gboolean
is_special (const BsRuleset *rs,
            int              cell)
{
  for (guint s = 0; s < rs->module->n_specials && s < 4; s++)
    for (int p = 0; p < 3; p++)
      if (rs->specials[s][p] == cell)
        return TRUE;
  return FALSE;
}

static void
piece_glyph (const BsRuleset  *rs,
             const BsPosition *pos,
             int               cell,
             char              glyph[3])
{
  guint8 value = pos->cells[cell];
  int owner = BS_CELL_OWNER (value);
  int kind = BS_CELL_KIND (value);

  glyph[1] = ' ';
  glyph[2] = '\0';
  if (value == BS_CELL_EMPTY)
    {
      glyph[0] = is_special (rs, cell) ? '*' : '.';
      return;
    }
  glyph[0] = owner == 1 ? (kind == 0 ? 'x' : 'X') : (kind == 0 ? 'o' : 'O');
  if ((guint) kind < rs->module->n_kinds && rs->module->kinds[kind].directed)
    glyph[1] = "^>v<"[BS_CELL_DIR (value)];
}

static void
print_diagram (const BsRuleset  *rs,
               const BsPosition *pos)
{
  const BsBoard *board = rs->board;
  gboolean hex = bs_board_is_hex (board);
  int n_rows = bs_board_n_rows (board);
  int n_cols = bs_board_n_cols (board);
  double min_x = G_MAXDOUBLE;
  /* Hex: half a unit is two characters (cells four apart, rows offset by
   * two); square: three characters per cell. */
  double chars_per_unit = hex ? 4.0 : 3.0;
  int margin = 5;

  for (int row = 0; row < n_rows; row++)
    for (int col = 0; col < n_cols; col++)
      if (bs_board_in_shape (board, col, row))
        {
          double x, y;
          bs_board_grid_centre (board, col, row, &x, &y);
          min_x = MIN (min_x, x);
        }

  for (int row = n_rows - 1; row >= 0; row--)
    {
      g_autoptr(GString) line = g_string_new (NULL);
      g_autofree char *first = NULL;
      g_autofree char *last = NULL;

      g_string_append_printf (line, "%*d  ", margin - 2, row + 1);
      for (int col = 0; col < n_cols; col++)
        {
          double x, y;
          gsize at;
          char glyph[3];
          int cell;

          if (!bs_board_in_shape (board, col, row))
            continue;
          bs_board_grid_centre (board, col, row, &x, &y);
          at = (gsize) margin + (gsize) lround ((x - min_x) * chars_per_unit);
          while (line->len < at)
            g_string_append_c (line, ' ');
          cell = bs_board_cell_at (board, col, row);
          if (cell == BS_NO_CELL)
            strcpy (glyph, "  ");
          else
            piece_glyph (rs, pos, cell, glyph);
          g_string_append (line, glyph);
          if (first == NULL)
            first = bs_board_label_for (board, col, row);
          g_free (last);
          last = bs_board_label_for (board, col, row);
        }
      /* Hex columns run up and to the left: name each row's ends. */
      if (hex && first != NULL)
        {
          while (line->len > 0 && line->str[line->len - 1] == ' ')
            g_string_truncate (line, line->len - 1);
          g_string_append_printf (line, "    %s-%s", first, last);
        }
      while (line->len > 0 && line->str[line->len - 1] == ' ')
        g_string_truncate (line, line->len - 1);
      g_print ("%s\n", line->str);
    }

  if (!hex)
    {
      g_autoptr(GString) files = g_string_new (NULL);

      for (int col = 0; col < n_cols; col++)
        {
          g_autofree char *label = bs_board_label_for (board, col, 0);
          gsize at = (gsize) margin + (gsize) (col * 3);

          while (files->len < at)
            g_string_append_c (files, ' ');
          /* The file letters of the label. */
          for (const char *p = label; *p != '\0' && g_ascii_isalpha (*p); p++)
            g_string_append_c (files, *p);
        }
      g_print ("%s\n", files->str);
    }
}

/* The measures beyond the score (tie-breaks such as the number of groups). */
static void
print_measures_text (const BsRuleset  *rs,
                     const BsPosition *pos)
{
  int values[BS_MAX_MEASURES][2];
  guint n;
  const BsMeasureSpec *specs = bs_ruleset_measure_specs (rs, &n);

  bs_ruleset_measures (rs, pos, values);
  for (guint m = 1; m < n; m++)
    g_print ("%s: %d %d\n", specs[m].id, values[m][0], values[m][1]);
}

static void
print_text (const BsRuleset  *rs,
            const BsPosition *pos)
{
  const BsModule *module = rs->module;
  g_autofree char *status = bs_cli_describe_status (rs, pos);
  int scores[2];

  print_diagram (rs, pos);
  g_print ("\n");

  g_print ("%s:", _("pieces"));
  for (int p = 1; p <= 2; p++)
    for (guint k = 0; k < module->n_kinds; k++)
      g_print (" %c %s %s%s", p == 1 ? (k == 0 ? 'x' : 'X') : (k == 0 ? 'o' : 'O'),
               rs->variant->players[p - 1].name, module->kinds[k].id,
               (p == 2 && k + 1 == module->n_kinds) ? "" : ",");
  g_print ("\n");

  g_print ("%s %u: %s\n", _("ply"), pos->ply, status);
  if (!module->unlimited_supply)
    for (int p = 1; p <= 2; p++)
      {
        g_print ("%s %d %s:", _("player"), p, _("supply"));
        for (guint k = 0; k < module->n_kinds; k++)
          g_print (" %s %u", module->kinds[k].id, pos->supply[p - 1][k]);
        g_print ("\n");
      }
  bs_ruleset_scores (rs, pos, scores);
  g_print ("%s: %d %d\n", _("scores"), scores[0], scores[1]);
  print_measures_text (rs, pos);
  if (bs_position_is_over (pos))
    {
      g_autofree char *why = bs_ruleset_describe_ending (rs, pos);

      g_print ("%s: %s (%s)\n", _("reason"), why, bs_ending_to_string (bs_ruleset_ending (rs, pos)));
    }
}

/* "measures": {"largest-group": {"1": 14, "2": 4}, "groups": {…}} */
static void
add_measures_json (JsonBuilder      *b,
                   const BsRuleset  *rs,
                   const BsPosition *pos)
{
  int values[BS_MAX_MEASURES][2];
  guint n;
  const BsMeasureSpec *specs = bs_ruleset_measure_specs (rs, &n);

  bs_ruleset_measures (rs, pos, values);
  json_builder_set_member_name (b, "measures");
  json_builder_begin_object (b);
  for (guint m = 0; m < n; m++)
    {
      json_builder_set_member_name (b, specs[m].id);
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "1");
      json_builder_add_int_value (b, values[m][0]);
      json_builder_set_member_name (b, "2");
      json_builder_add_int_value (b, values[m][1]);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

/* The position's JSON object, left open for more members. */
static JsonBuilder *
position_json (const BsRuleset  *rs,
               const BsPosition *pos)
{
  const BsModule *module = rs->module;
  JsonBuilder *b = json_builder_new ();
  int scores[2];

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "ply");
  json_builder_add_int_value (b, pos->ply);
  json_builder_set_member_name (b, "to_move");
  json_builder_add_int_value (b, pos->to_move);

  json_builder_set_member_name (b, "cells");
  json_builder_begin_array (b);
  for (int cell = 0; cell < rs->n_cells; cell++)
    {
      guint8 value = pos->cells[cell];
      int kind = BS_CELL_KIND (value);
      gboolean directed;

      if (value == BS_CELL_EMPTY)
        continue;
      directed = (guint) kind < module->n_kinds && module->kinds[kind].directed;
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "label");
      json_builder_add_string_value (b, bs_board_cell_label (rs->board, cell));
      json_builder_set_member_name (b, "owner");
      json_builder_add_int_value (b, BS_CELL_OWNER (value));
      bs_cli_json_string (b, "piece", bs_ruleset_kind_id (rs, kind));
      bs_cli_json_string (b, "dir", directed ? bs_cli_dir_name (BS_CELL_DIR (value)) : NULL);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "supplies");
  json_builder_begin_object (b);
  for (int p = 1; p <= 2; p++)
    {
      char key[2] = { (char) ('0' + p), '\0' };

      json_builder_set_member_name (b, key);
      json_builder_begin_object (b);
      for (guint k = 0; k < module->n_kinds; k++)
        {
          json_builder_set_member_name (b, module->kinds[k].id);
          if (pos->supply[p - 1][k] == BS_SUPPLY_UNLIMITED)
            json_builder_add_null_value (b);
          else
            json_builder_add_int_value (b, pos->supply[p - 1][k]);
        }
      json_builder_end_object (b);
    }
  json_builder_end_object (b);

  json_builder_set_member_name (b, "status");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "over");
  json_builder_add_boolean_value (b, bs_position_is_over (pos));
  json_builder_set_member_name (b, "winner");
  switch ((BsResult) pos->result)
    {
    case BS_RESULT_WIN_1:
      json_builder_add_int_value (b, 1);
      break;
    case BS_RESULT_WIN_2:
      json_builder_add_int_value (b, 2);
      break;
    case BS_RESULT_DRAW:
      json_builder_add_int_value (b, 0);
      break;
    case BS_RESULT_ONGOING:
    default:
      json_builder_add_null_value (b);
      break;
    }
  bs_ruleset_scores (rs, pos, scores);
  json_builder_set_member_name (b, "scores");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "1");
  json_builder_add_int_value (b, scores[0]);
  json_builder_set_member_name (b, "2");
  json_builder_add_int_value (b, scores[1]);
  json_builder_end_object (b);
  add_measures_json (b, rs, pos);
  if (bs_position_is_over (pos))
    {
      g_autofree char *why = bs_ruleset_describe_ending (rs, pos);

      bs_cli_json_string (b, "ending", bs_ending_to_string (bs_ruleset_ending (rs, pos)));
      bs_cli_json_string (b, "reason", why);
    }
  else
    {
      bs_cli_json_string (b, "ending", NULL);
      bs_cli_json_string (b, "reason", NULL);
    }
  json_builder_end_object (b);
  return b;
}

static void
print_json (const BsRuleset  *rs,
            const BsPosition *pos)
{
  g_autoptr(JsonBuilder) b = position_json (rs, pos);

  json_builder_end_object (b);
  bs_cli_print_builder (b);
}

/* For replay, which prints its final position the same way. */
void
bs_cli_print_position (const BsRuleset  *rs,
                       const BsPosition *pos,
                       gboolean          json)
{
  if (json)
    print_json (rs, pos);
  else
    print_text (rs, pos);
}

/* --explain: what each turn of --moves did, in the game's words. Text:
 * "1. S@d4: Light places …" and the details indented below; JSON: an
 * array of {"ply", "move", "summary", "details", "removed"}. */
static gboolean
explain_turns (const BsMatch       *match,
               const BsCliOptions  *options,
               JsonBuilder         *b,
               GError             **error)
{
  const BsRuleset *rs = bs_match_get_ruleset (match);
  g_autoptr(GPtrArray) turns = NULL;
  guint64 seed;

  /* The turns as given (the match keeps them in its own notation). */
  turns = bs_cli_turn_list (options, &seed, error);
  if (turns == NULL)
    return FALSE;
  g_assert (turns->len == bs_match_get_n_turns (match));
  if (b != NULL)
    {
      json_builder_set_member_name (b, "turns");
      json_builder_begin_array (b);
    }
  else if (turns->len > 0)
    g_print ("\n");
  for (guint i = 0; i < turns->len; i++)
    {
      const char *text = g_ptr_array_index (turns, i);
      g_autoptr(BsExplanation) explanation = bs_match_explain_turn (match, i);
      guint32 ply = bs_match_get_position_at (match, i)->ply + 1;

      if (b != NULL)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "ply");
          json_builder_add_int_value (b, ply);
          bs_cli_json_string (b, "move", text);
          bs_cli_json_string (b, "summary", explanation->summary);
          bs_cli_json_string (b, "details", explanation->details);
          json_builder_set_member_name (b, "removed");
          json_builder_begin_array (b);
          for (int c = 0; c < rs->n_cells; c++)
            if (explanation->removed[c])
              json_builder_add_string_value (b, bs_board_cell_label (rs->board, c));
          json_builder_end_array (b);
          json_builder_end_object (b);
        }
      else
        {
          g_auto(GStrv) lines = g_strsplit (explanation->details, "\n", -1);

          g_print ("%u. %s: %s\n", ply, text, explanation->summary);
          for (guint l = 0; lines[l] != NULL; l++)
            if (*lines[l] != '\0')
              g_print ("     %s\n", lines[l]);
        }
    }
  if (b != NULL)
    json_builder_end_array (b);
  return TRUE;
}

int
bs_cli_show (int    argc,
             char **argv)
{
  static gboolean explain = FALSE;
  static const GOptionEntry extra[] = {
    { "explain", 0, 0, G_OPTION_ARG_NONE, &explain,
      N_("Also say what each turn of --moves did, in the game's words"), NULL },
    { NULL }
  };
  static const BsCliSpec spec = {
    "show", N_("VARIANT"),
    N_("Show the position after --moves as a diagram, with the player to move and "
       "the status."),
    BS_CLI_OPT_SET | BS_CLI_OPT_MOVES | BS_CLI_OPT_SEED, 1, 1, extra,
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autoptr(BsMatch) match = NULL;
  const BsPosition *pos;
  GError *error = NULL;
  BsCliOptions options;

  explain = FALSE;
  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  if (rs != NULL)
    match = bs_cli_start_match (rs, &options, &error);
  if (match == NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  pos = bs_match_get_position (match);
  if (options.json)
    {
      g_autoptr(JsonBuilder) b = position_json (rs, pos);

      if (explain && !explain_turns (match, &options, b, &error))
        {
          bs_cli_options_clear (&options);
          return bs_cli_fail (error);
        }
      json_builder_end_object (b);
      bs_cli_print_builder (b);
    }
  else
    {
      print_text (rs, pos);
      if (explain && !explain_turns (match, &options, NULL, &error))
        {
          bs_cli_options_clear (&options);
          return bs_cli_fail (error);
        }
    }
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
