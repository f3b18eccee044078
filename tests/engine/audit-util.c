/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "audit-util.h"

#include <string.h>

#include "bs-error.h"
#include "bs-rules-game.h"
#include "bs-variant.h"

static const char dir_letters[] = "NESW";

BsRuleset *
au_ruleset (const char         *module,
            const char * const *settings,
            const char * const *holes,
            const char         *nest1,
            const char         *nest2)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module (module, &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  for (guint i = 0; settings != NULL && settings[i] != NULL; i++)
    {
      g_auto(GStrv) kv = g_strsplit (settings[i], "=", 2);

      g_assert_cmpuint (g_strv_length (kv), ==, 2);
      bs_variant_set (variant, kv[0], kv[1], &error);
      g_assert_no_error (error);
    }
  for (guint i = 0; holes != NULL && holes[i] != NULL; i++)
    {
      BsVariantHole hole = { g_strdup (holes[i]), 0 };

      g_array_append_val (variant->holes, hole);
    }
  for (guint i = 0; i < variant->specials->len; i++)
    {
      BsVariantSpecial *s = &g_array_index (variant->specials, BsVariantSpecial, i);
      const char *cell = s->player == 1 ? nest1 : nest2;

      if (cell != NULL)
        {
          g_free (s->cell);
          s->cell = g_strdup (cell);
        }
    }
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

BsRuleset *
au_written_ruleset (const char         *path,
                    const char         *text,
                    const char * const *settings,
                    const char * const *holes)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRulesGame) game = NULL;
  g_autoptr(BsVariant) variant = NULL;
  BsRuleset *rs;

  if (text != NULL)
    game = bs_rules_game_parse (text, strlen (text), path, &error);
  else
    game = bs_rules_game_load_file (path, &error);
  g_assert_no_error (error);
  variant = bs_rules_game_new_variant (game, settings, &error);
  g_assert_no_error (error);
  for (guint i = 0; holes != NULL && holes[i] != NULL; i++)
    {
      BsVariantHole hole = { g_strdup (holes[i]), 0 };

      g_array_append_val (variant->holes, hole);
    }
  rs = bs_rules_game_new_ruleset (game, variant, &error);
  g_assert_no_error (error);
  return rs;
}

int
au_cell (const BsRuleset *rs,
         const char      *label)
{
  int cell = bs_board_find_cell (rs->board, label, NULL);

  if (cell == BS_NO_CELL)
    g_error ("no cell %s on this board", label);
  return cell;
}

int
au_at (const BsRuleset *rs,
       int              col,
       int              row)
{
  return bs_board_cell_at (rs->board, col, row);
}

static int
kind_of_letter (const BsRuleset *rs,
                char             letter)
{
  for (guint k = 0; k < rs->module->n_kinds; k++)
    if (g_ascii_toupper (rs->module->kinds[k].id[0]) == letter)
      return (int) k;
  g_error ("no kind starting with %c", letter);
  return -1;
}

void
au_put (const BsRuleset *rs,
        BsPosition      *pos,
        const char      *pieces)
{
  g_auto(GStrv) items = g_strsplit (pieces, " ", -1);

  for (guint i = 0; items[i] != NULL; i++)
    {
      const char *eq = strchr (items[i], '=');
      g_autofree char *label = NULL;
      int owner, kind = 0, dir = 0;

      if (items[i][0] == '\0')
        continue;
      g_assert_nonnull (eq);
      label = g_strndup (items[i], (gsize) (eq - items[i]));
      owner = eq[1] - '0';
      g_assert_true (owner == 1 || owner == 2);
      if (eq[2] != '\0')
        {
          kind = kind_of_letter (rs, eq[2]);
          if (eq[3] != '\0')
            dir = (int) (strchr (dir_letters, eq[3]) - dir_letters);
        }
      bs_position_set_cell (rs->zobrist, pos, au_cell (rs, label),
                            BS_CELL_MAKE (owner, kind, dir), NULL);
    }
}

BsPosition *
au_position (const BsRuleset *rs,
             const char      *pieces,
             guint            ply,
             int              to_move)
{
  BsPosition *pos = bs_ruleset_new_position (rs, 0);

  for (int c = 0; c < rs->n_cells; c++)
    bs_position_set_cell (rs->zobrist, pos, c, BS_CELL_EMPTY, NULL);
  pos->result = BS_RESULT_ONGOING;
  pos->ending = BS_ENDING_NONE;
  pos->ply = ply;
  pos->to_move = (guint8) to_move;
  if (pieces != NULL)
    au_put (rs, pos, pieces);
  return pos;
}

char *
au_describe (const BsRuleset  *rs,
             const BsPosition *pos)
{
  GString *out = g_string_new (NULL);

  for (int c = 0; c < rs->n_cells; c++)
    {
      guint8 v = pos->cells[c];

      if (v == BS_CELL_EMPTY)
        continue;
      if (out->len > 0)
        g_string_append_c (out, ' ');
      g_string_append_printf (out, "%s=%d", bs_board_cell_label (rs->board, c),
                              BS_CELL_OWNER (v));
      if (rs->module->n_kinds > 1)
        {
          const BsKindSpec *kind = &rs->module->kinds[BS_CELL_KIND (v)];

          g_string_append_c (out, g_ascii_toupper (kind->id[0]));
          if (kind->directed)
            g_string_append_c (out, dir_letters[BS_CELL_DIR (v)]);
        }
    }
  return g_string_free (out, FALSE);
}

void
au_assert_pieces (const BsRuleset  *rs,
                  const BsPosition *pos,
                  const char       *expected)
{
  g_autofree char *actual = au_describe (rs, pos);

  g_assert_cmpstr (actual, ==, expected);
  g_assert_cmpuint (pos->hash, ==, bs_position_compute_cells_hash (rs, pos));
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

char *
au_moves (const BsRuleset  *rs,
          const BsPosition *pos)
{
  g_autofree BsMove *moves = g_new (BsMove, rs->max_moves);
  guint n = bs_ruleset_generate (rs, pos, moves);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func (g_free);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    g_ptr_array_add (texts, bs_ruleset_format_move (rs, pos, moves[i]));
  g_ptr_array_sort (texts, compare_strings);
  for (guint i = 0; i < texts->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, ' ');
      g_string_append (out, g_ptr_array_index (texts, i));
    }
  return g_string_free (out, FALSE);
}

gboolean
au_is_legal (const BsRuleset  *rs,
             const BsPosition *pos,
             const char       *text)
{
  g_autoptr(GError) error = NULL;
  BsMove move = 0;
  gboolean ok = bs_ruleset_parse_move (rs, pos, text, &move, &error);

  if (!ok)
    g_assert_true (g_error_matches (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL));
  return ok;
}

void
au_play (const BsRuleset *rs,
         BsPosition      *pos,
         const char      *line)
{
  g_autoptr(GError) error = NULL;

  bs_ruleset_play_line (rs, pos, line, &error);
  g_assert_no_error (error);
}

void
au_apply_undoable (const BsRuleset  *rs,
                   const BsPosition *before,
                   BsPosition       *after,
                   BsMove            move)
{
  BsUndo *undo = bs_undo_new (rs);
  g_autofree BsPosition *back = NULL;

  bs_ruleset_apply (rs, after, move, undo);
  g_assert_cmpuint (after->hash, ==, bs_position_compute_cells_hash (rs, after));
  back = bs_position_dup (rs, after);
  bs_ruleset_undo (rs, back, undo);
  g_assert_true (bs_position_equal (rs, back, before));
  bs_undo_free (undo);
}
