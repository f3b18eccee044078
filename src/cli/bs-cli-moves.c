/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-cli"

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "bs-cli-common.h"

/* moves VARIANT [--moves …]: the legal moves of the player to move, one per
 * line in byte order (as LC_ALL=C sort). A simultaneous game has one line
 * per piece of each player, "c3: c3-c3 c3-c4 …", from the module's
 * piece_orders hook. A finished game has none. */

static int
compare_bytes (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static GPtrArray *
format_sorted (const BsRuleset  *rs,
               const BsPosition *pos,
               const BsMove     *moves,
               guint             n_moves)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func (g_free);

  for (guint i = 0; i < n_moves; i++)
    g_ptr_array_add (texts, bs_ruleset_format_move (rs, pos, moves[i]));
  g_ptr_array_sort (texts, compare_bytes);
  return texts;
}

static void
print_turn_based (const BsRuleset  *rs,
                  const BsPosition *pos,
                  gboolean          json)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autoptr(GPtrArray) texts = NULL;
  guint n_moves = 0;

  if (!bs_position_is_over (pos))
    n_moves = bs_ruleset_generate (rs, pos, moves);
  texts = format_sorted (rs, pos, moves, n_moves);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_array (b);
      for (guint i = 0; i < texts->len; i++)
        json_builder_add_string_value (b, g_ptr_array_index (texts, i));
      json_builder_end_array (b);
      bs_cli_print_builder (b);
    }
  else
    for (guint i = 0; i < texts->len; i++)
      g_print ("%s\n", (const char *) g_ptr_array_index (texts, i));
}

typedef struct {
  char      *line;     /* "c3: c3-c3 c3-c4" */
  char      *label;
  GPtrArray *orders;
} PieceOrders;

static void
piece_orders_free (gpointer data)
{
  PieceOrders *piece = data;

  g_free (piece->line);
  g_free (piece->label);
  g_ptr_array_unref (piece->orders);
  g_free (piece);
}

static int
compare_lines (gconstpointer a,
               gconstpointer b)
{
  const PieceOrders *pa = *(const PieceOrders * const *) a;
  const PieceOrders *pb = *(const PieceOrders * const *) b;

  return strcmp (pa->line, pb->line);
}

static void
print_simultaneous (const BsRuleset  *rs,
                    const BsPosition *pos,
                    gboolean          json)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  g_autoptr(GPtrArray) pieces = g_ptr_array_new_with_free_func (piece_orders_free);

  for (int cell = 0; cell < rs->n_cells && !bs_position_is_over (pos); cell++)
    {
      PieceOrders *piece;
      GString *line;
      guint n_moves;

      if (pos->cells[cell] == BS_CELL_EMPTY)
        continue;
      n_moves = rs->module->piece_orders (rs, pos, cell, moves);
      piece = g_new0 (PieceOrders, 1);
      piece->label = g_strdup (bs_board_cell_label (rs->board, cell));
      piece->orders = format_sorted (rs, pos, moves, n_moves);
      line = g_string_new (piece->label);
      g_string_append_c (line, ':');
      for (guint i = 0; i < piece->orders->len; i++)
        g_string_append_printf (line, " %s", (const char *) g_ptr_array_index (piece->orders, i));
      piece->line = g_string_free (line, FALSE);
      g_ptr_array_add (pieces, piece);
    }
  g_ptr_array_sort (pieces, compare_lines);

  if (json)
    {
      g_autoptr(JsonBuilder) b = json_builder_new ();

      json_builder_begin_object (b);
      for (guint i = 0; i < pieces->len; i++)
        {
          const PieceOrders *piece = g_ptr_array_index (pieces, i);

          json_builder_set_member_name (b, piece->label);
          json_builder_begin_array (b);
          for (guint j = 0; j < piece->orders->len; j++)
            json_builder_add_string_value (b, g_ptr_array_index (piece->orders, j));
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
      bs_cli_print_builder (b);
    }
  else
    for (guint i = 0; i < pieces->len; i++)
      g_print ("%s\n", ((const PieceOrders *) g_ptr_array_index (pieces, i))->line);
}

int
bs_cli_moves (int    argc,
              char **argv)
{
  static const BsCliSpec spec = {
    "moves", N_("VARIANT"),
    N_("List the legal moves of the player to move after --moves, sorted in byte order."),
    BS_CLI_OPT_SET | BS_CLI_OPT_MOVES | BS_CLI_OPT_SEED, 1, 1, NULL,
  };
  g_autoptr(BsRuleset) rs = NULL;
  g_autofree BsPosition *pos = NULL;
  GError *error = NULL;
  BsCliOptions options;

  if (!bs_cli_parse (&spec, argc, argv, &options))
    return BS_CLI_EXIT_BAD_INPUT;

  rs = bs_cli_load_ruleset (options.args[0], &options, &error);
  if (rs != NULL)
    pos = bs_cli_start_position (rs, &options, &error);
  if (pos == NULL)
    {
      bs_cli_options_clear (&options);
      return bs_cli_fail (error);
    }

  if (bs_ruleset_is_simultaneous (rs) && rs->module->piece_orders != NULL)
    print_simultaneous (rs, pos, options.json);
  else
    print_turn_based (rs, pos, options.json);
  bs_cli_options_clear (&options);
  return BS_CLI_EXIT_OK;
}
