/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The variant editor: its document (edits, undo, validation, save/open),
 * the rows it generates from each module's option declaration, painting
 * holes and nests through the canvas mapping, the validation messages
 * shown in the page, play-testing, and a PNG of the editor that must not
 * be blank.
 *
 * The example variants in rules/examples/ are made here, through the same
 * document calls the editor's widgets make; `test-editor --write-examples
 * DIR` writes them, and /editor/examples checks that the shipped files are
 * what the editor makes. */

#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include <adwaita.h>

#include "bs-application.h"
#include "bs-cell-widget.h"
#include "bs-editor-canvas.h"
#include "bs-editor-view.h"
#include "bs-error.h"
#include "bs-render.h"
#include "bs-screenshot.h"
#include "bs-variant-document.h"
#include "bs-variant-xml.h"
#include "bs-window.h"

#include "ui-test-util.h"

static BsApplication *app;

static gboolean
have_module (const char *id)
{
  if (bs_module_find (id) != NULL)
    return TRUE;
  g_test_skip ("the rule module is not built in this tree");
  return FALSE;
}

/* The five examples, made as a designer makes them in the editor. */

typedef struct {
  const char *file;
  const char *module;
  void      (*make) (BsVariantDocument *doc);
} Example;

static void
make_agoraphobia (BsVariantDocument *doc)
{
  /* Hexagon of side 5, 8 small and 4 large each, then the handicap
   * preset: player 2 one large piece fewer. */
  g_assert_true (bs_variant_document_set_shape (doc, BS_SHAPE_HEXAGON, 6));
  bs_variant_document_set_size (doc, 5);
  for (int p = 1; p <= 2; p++)
    {
      bs_variant_document_set_supply (doc, p, "small", 8);
      bs_variant_document_set_supply (doc, p, "large", 4);
    }
  g_assert_true (bs_variant_document_set_handicap (doc, 2, "large", 1));
  bs_variant_document_set_name (doc, "Agoraphobia, hexagon 5, handicap");
  bs_variant_document_set_author (doc, "Boardsmith examples");
  bs_variant_document_set_description (doc, "Agoraphobia on a hexagon of side 5 with 8 small "
                                       "and 4 large pieces each; player 2 has one large piece "
                                       "fewer.");
}

static void
make_ikabegama (BsVariantDocument *doc)
{
  /* Three holes, symmetric under the half turn about the centre e5 (c3
   * and g7 are each other's image), and the nests moved from the corners
   * a1/i9 to the middles of the bottom and top edges. */
  g_assert_true (bs_variant_document_toggle_hole (doc, "e5"));
  g_assert_true (bs_variant_document_toggle_hole (doc, "c3"));
  g_assert_true (bs_variant_document_toggle_hole (doc, "g7"));
  g_assert_true (bs_variant_document_set_special (doc, "nest", 1, "c1"));
  g_assert_true (bs_variant_document_set_special (doc, "nest", 2, "g9"));
  bs_variant_document_set_name (doc, "Ikabegamá with three holes");
  bs_variant_document_set_author (doc, "Boardsmith examples");
  bs_variant_document_set_description (doc, "Ikabegamá on the hexagon of side 5 with three "
                                       "holes across the middle and the nests moved off the "
                                       "corners.");
}

static void
make_astoria (BsVariantDocument *doc)
{
  g_assert_true (bs_variant_document_set_width (doc, 6));
  g_assert_true (bs_variant_document_set_height (doc, 6));
  /* 36 cells: 9 circles and 9 triangles each fill the board. */
  for (int p = 1; p <= 2; p++)
    {
      bs_variant_document_set_supply (doc, p, "circle", 9);
      bs_variant_document_set_supply (doc, p, "triangle", 9);
    }
  g_assert_true (bs_variant_document_set_option (doc, "push-mode", "gaps"));
  bs_variant_document_set_name (doc, "Astoria 6×6, gaps push");
  bs_variant_document_set_author (doc, "Boardsmith examples");
  bs_variant_document_set_description (doc, "Astoria on a 6×6 board where a push closes gaps "
                                       "instead of moving the whole line.");
}

static void
make_tribes (BsVariantDocument *doc)
{
  g_assert_true (bs_variant_document_set_width (doc, 7));
  g_assert_true (bs_variant_document_set_height (doc, 7));
  bs_variant_document_set_supply (doc, 1, "piece", 26);
  bs_variant_document_set_supply (doc, 2, "piece", 24);
  bs_variant_document_set_name (doc, "Tribes 7×7, 26 against 24");
  bs_variant_document_set_author (doc, "Boardsmith examples");
  bs_variant_document_set_description (doc, "Tribes on a 7×7 board; the first player has 26 "
                                       "pieces, the second 24.");
}

static void
make_abrobad (BsVariantDocument *doc)
{
  g_assert_true (bs_variant_document_set_size (doc, 7));
  g_assert_true (bs_variant_document_set_option (doc, "movement", "step"));
  bs_variant_document_set_name (doc, "Abrobad 7–8, step movement");
  bs_variant_document_set_author (doc, "Boardsmith examples");
  bs_variant_document_set_description (doc, "Abrobad on the limping hexagon 7–8 where a stone "
                                       "moves one step to an empty neighbour.");
}

static const Example examples[] = {
  { "agoraphobia-hexagon-handicap.xml", "agoraphobia", make_agoraphobia },
  { "ikabegama-three-holes.xml", "ikabegama", make_ikabegama },
  { "astoria-6x6-gaps.xml", "astoria", make_astoria },
  { "tribes-7x7-26-24.xml", "tribes", make_tribes },
  { "abrobad-7-8-step.xml", "abrobad", make_abrobad },
};

static BsVariantDocument *
make_example (const Example *example)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module (example->module, &error);

  g_assert_no_error (error);
  example->make (doc);
  if (!bs_variant_document_get_valid (doc))
    g_error ("%s: %s", example->file, bs_variant_document_get_error (doc)->message);
  return g_steal_pointer (&doc);
}

static int
write_examples (const char *dir)
{
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autoptr(BsVariantDocument) doc = make_example (&examples[i]);
      g_autofree char *path = g_build_filename (dir, examples[i].file, NULL);
      g_autoptr(GError) error = NULL;

      if (!bs_variant_document_save (doc, path, &error))
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_print ("%s\n", path);
    }
  return 0;
}

static void
test_examples (void)
{
  const char *rules = g_getenv ("BOARDSMITH_RULES_DIR");

  g_assert_nonnull (rules);
  for (guint i = 0; i < G_N_ELEMENTS (examples); i++)
    {
      g_autoptr(BsVariantDocument) doc = NULL;
      g_autoptr(BsVariant) shipped = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *path = g_build_filename (rules, "examples", examples[i].file, NULL);
      g_autoptr(BsVariant) made = NULL;

      if (bs_module_find (examples[i].module) == NULL)
        continue;
      doc = make_example (&examples[i]);
      shipped = bs_variant_load_file (path, &error);
      g_assert_no_error (error);
      /* The file's id is its name; the rest is what the editor made. */
      made = bs_variant_copy (bs_variant_document_get_variant (doc));
      g_free (made->id);
      made->id = g_strdup (shipped->id);
      /* Player names and colours come from the module's defaults, which
       * may be restyled without remaking the examples. */
      for (int p = 0; p < 2; p++)
        {
          g_free (made->players[p].name);
          g_free (made->players[p].color);
          made->players[p].name = g_strdup (shipped->players[p].name);
          made->players[p].color = g_strdup (shipped->players[p].color);
        }
      if (!bs_variant_equal (made, shipped))
        g_error ("%s is not what the editor makes: run test-editor --write-examples",
                 examples[i].file);
    }
}

/* The document. */

static void
test_round_trip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("boardsmith-editor-XXXXXX", NULL);
  guint n_modules;
  const BsModule * const *modules = bs_module_list (&n_modules);
  guint kept = 0;

  for (guint m = 0; m < n_modules; m++)
    {
      const BsModule *module = modules[m];
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module (module->id, &error);
      g_autoptr(BsVariant) original = NULL;
      g_autoptr(BsVariant) loaded = NULL;
      g_autoptr(BsVariantDocument) reopened = NULL;
      g_autofree char *path = g_strdup_printf ("%s/%s-edited.bsvariant", dir, module->id);
      const BsBoardSpec *board;
      int col, row;
      g_autofree char *label = NULL;
      g_autoptr(BsBoard) full = NULL;

      g_assert_no_error (error);
      g_assert_true (bs_variant_document_get_valid (doc));
      g_assert_false (bs_variant_document_get_modified (doc));
      original = bs_variant_copy (bs_variant_document_get_variant (doc));

      /* Every kind of edit the widgets make. */
      board = &bs_variant_document_get_variant (doc)->board;
      if (board->shape == BS_SHAPE_HEXAGON || board->shape == BS_SHAPE_LIMPING)
        bs_variant_document_set_size (doc, MIN (board->size + 1, module->max_size));
      else
        {
          /* Two more each way keeps Astoria's board square and even. */
          int width = MIN (board->width + 2, module->max_side);
          int height = MIN (board->height + 2, module->max_side);

          bs_variant_document_set_width (doc, width);
          bs_variant_document_set_height (doc, height);
        }
      full = bs_board_new (&bs_variant_document_get_variant (doc)->board, NULL, &error);
      g_assert_no_error (error);
      /* A corner cell away from the default specials becomes a hole. */
      col = bs_board_cell_col (full, bs_board_n_cells (full) / 2 + 1);
      row = bs_board_cell_row (full, bs_board_n_cells (full) / 2 + 1);
      label = bs_board_label_for (full, col, row);
      g_assert_true (bs_variant_document_toggle_hole (doc, label));
      g_assert_true (bs_variant_document_is_hole (doc, label));
      /* Some games refuse holes (Astoria) or fixed pieces: the engine says
       * so and the edit is undone, as a designer would. */
      if (!bs_variant_document_get_valid (doc))
        {
          g_assert_true (bs_variant_document_undo (doc));
          g_assert_false (bs_variant_document_is_hole (doc, label));
        }
      else
        kept++;
      g_assert_true (bs_variant_document_place_piece (doc, bs_board_cell_label (full, 0), 2,
                                                      module->kinds[0].id,
                                                      module->kinds[0].directed ? 1 : -1));
      if (!bs_variant_document_get_valid (doc))
        g_assert_true (bs_variant_document_undo (doc));
      else
        kept++;
      for (guint i = 0; i < module->n_options; i++)
        {
          const BsOptionSpec *spec = &module->options[i];
          int value = spec->default_value == spec->max ? spec->min : spec->default_value + 1;

          bs_variant_document_set_option (doc, spec->id, bs_option_value_to_string (spec, value));
        }
      /* A bigger board may need more pieces (Tribes fills it). */
      if (!module->unlimited_supply)
        for (int p = 1; p <= 2; p++)
          bs_variant_document_set_supply (doc, p, module->kinds[0].id,
                                          MAX (module->kinds[0].default_supply + 3 - p,
                                               bs_board_n_cells (full) / 2));
      bs_variant_document_set_player_name (doc, 2, "Ann");
      bs_variant_document_set_player_color (doc, 1, "#123456");
      bs_variant_document_set_name (doc, "Edited");
      bs_variant_document_set_author (doc, "A. Designer");
      bs_variant_document_set_description (doc, "Made by the editor test");
      if (!bs_variant_document_get_valid (doc))
        g_error ("%s: %s", module->id, bs_variant_document_get_error (doc)->message);
      g_assert_true (bs_variant_document_get_modified (doc));
      g_assert_true (bs_variant_document_get_can_undo (doc));

      /* Save → load → the same description. */
      g_assert_true (bs_variant_document_save (doc, path, &error));
      g_assert_no_error (error);
      g_assert_false (bs_variant_document_get_modified (doc));
      g_assert_cmpstr (bs_variant_document_get_path (doc), ==, path);
      loaded = bs_variant_load_file (path, &error);
      g_assert_no_error (error);
      g_assert_true (bs_variant_equal (loaded, bs_variant_document_get_variant (doc)));
      reopened = bs_variant_document_open (path, &error);
      g_assert_no_error (error);
      g_assert_true (bs_variant_equal (bs_variant_document_get_variant (reopened), loaded));
      g_assert_false (bs_variant_document_get_modified (reopened));

      /* Undo all the way back gives the variant we started from (its id
       * changed with the save, which is not an edit). */
      while (bs_variant_document_undo (doc))
        ;
      {
        g_autoptr(BsVariant) back = bs_variant_copy (bs_variant_document_get_variant (doc));
        g_free (back->id);
        back->id = g_strdup (original->id);
        g_assert_true (bs_variant_equal (back, original));
      }
      g_assert_true (bs_variant_document_get_modified (doc));
      g_assert_true (bs_variant_document_get_can_redo (doc));
      while (bs_variant_document_redo (doc))
        ;
      g_assert_false (bs_variant_document_get_modified (doc));

      /* Revert throws away an edit since the save. */
      bs_variant_document_set_name (doc, "Changed again");
      g_assert_true (bs_variant_document_get_modified (doc));
      g_assert_true (bs_variant_document_revert (doc, &error));
      g_assert_no_error (error);
      g_assert_false (bs_variant_document_get_modified (doc));
      g_assert_cmpstr (bs_variant_document_get_variant (doc)->name, ==, "Edited");
      g_unlink (path);
    }
  /* Most games take holes and fixed pieces. */
  g_assert_cmpuint (kept, >=, n_modules);
  g_rmdir (dir);
}

static void
test_undo_merges (void)
{
  g_autoptr(BsVariantDocument) doc = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_module ("agoraphobia"))
    return;
  doc = bs_variant_document_new_for_module ("agoraphobia", &error);
  g_assert_no_error (error);
  /* Typing a name letter by letter is one step; a hole is another. */
  bs_variant_document_set_name (doc, "A");
  bs_variant_document_set_name (doc, "Ab");
  bs_variant_document_set_name (doc, "Abc");
  g_assert_true (bs_variant_document_toggle_hole (doc, "d4"));
  g_assert_false (bs_variant_document_set_name (doc, "Abc"));   /* no change, no step */
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_false (bs_variant_document_is_hole (doc, "d4"));
  g_assert_cmpstr (bs_variant_document_get_variant (doc)->name, ==, "Abc");
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_cmpstr (bs_variant_document_get_variant (doc)->name, ==, "Agoraphobia");
  g_assert_false (bs_variant_document_get_can_undo (doc));
  g_assert_false (bs_variant_document_get_modified (doc));
}

/* Validation: the document's error is the engine's own text. */

static char *
engine_error (const BsVariant *variant)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRuleset) rs = bs_ruleset_new (variant, &error);

  g_assert_null (rs);
  g_assert_nonnull (error);
  return g_strdup (error->message);
}

static void
count_notify (guint *count)
{
  (*count)++;
}

static void
check_invalid (BsVariantDocument *doc,
               BsEditSection      section,
               const char        *expected_part)
{
  g_autofree char *engine = engine_error (bs_variant_document_get_variant (doc));
  const GError *error = bs_variant_document_get_error (doc);

  g_assert_false (bs_variant_document_get_valid (doc));
  g_assert_null (bs_variant_document_get_ruleset (doc));
  g_assert_nonnull (bs_variant_document_get_preview (doc));
  g_assert_nonnull (error);
  g_assert_cmpstr (error->message, ==, engine);
  if (strstr (error->message, expected_part) == NULL)
    g_error ("\"%s\" does not say \"%s\"", error->message, expected_part);
  g_assert_cmpstr (bs_edit_section_to_string (bs_variant_document_get_error_section (doc)), ==,
                   bs_edit_section_to_string (section));
}

static void
test_validation (void)
{
  g_autoptr(GError) error = NULL;

  if (have_module ("ikabegama"))
    {
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module ("ikabegama", &error);
      guint notified = 0;

      g_assert_no_error (error);
      g_signal_connect_swapped (doc, "notify::valid", G_CALLBACK (count_notify), &notified);
      /* A nest on a hole: the default nest of player 1 is a1. */
      bs_variant_document_toggle_hole (doc, "a1");
      check_invalid (doc, BS_EDIT_SECTION_CELLS, "a1");
      g_assert_cmpuint (notified, ==, 1);
      /* Moving the nest off the hole makes it valid again. */
      bs_variant_document_set_special (doc, "nest", 1, "b1");
      g_assert_true (bs_variant_document_get_valid (doc));
      g_assert_null (bs_variant_document_get_error (doc));
      g_assert_cmpuint (notified, ==, 2);
    }
  if (have_module ("tribes"))
    {
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module ("tribes", &error);

      g_assert_no_error (error);
      /* Resizing to 7×7 moves the rules' 12 + 12 to 24 + 24 (half the
       * cells each); kept at 12 + 12, the 48 cells around the centre
       * cannot be filled. */
      bs_variant_document_set_width (doc, 7);
      bs_variant_document_set_height (doc, 7);
      g_assert_cmpint (bs_variant_get_supply (bs_variant_document_get_variant (doc), 1, "piece"),
                       ==, 24);
      g_assert_true (bs_variant_document_get_valid (doc));
      bs_variant_document_set_supply (doc, 1, "piece", 12);
      bs_variant_document_set_supply (doc, 2, "piece", 12);
      check_invalid (doc, BS_EDIT_SECTION_PIECES, "48");
      bs_variant_document_set_supply (doc, 1, "piece", 24);
      bs_variant_document_set_supply (doc, 2, "piece", 24);
      g_assert_true (bs_variant_document_get_valid (doc));
    }
  if (have_module ("agoraphobia"))
    {
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module ("agoraphobia",
                                                                             &error);

      g_assert_no_error (error);
      /* push-large is declared 1..6. */
      bs_variant_document_set_option (doc, "push-large", "9");
      check_invalid (doc, BS_EDIT_SECTION_OPTIONS, "9");
      g_assert_cmpstr (bs_variant_document_get_error_option (doc), ==, "push-large");
      bs_variant_document_undo (doc);
      g_assert_true (bs_variant_document_get_valid (doc));
      /* A name is needed. */
      bs_variant_document_set_name (doc, "  ");
      g_assert_false (bs_variant_document_get_valid (doc));
      g_assert_cmpint (bs_variant_document_get_error_section (doc), ==, BS_EDIT_SECTION_METADATA);
    }
}

static gboolean
is_problem (BsVariantDocument *doc,
            const char        *label)
{
  const char * const *cells = bs_variant_document_get_problem_cells (doc);

  return cells != NULL && g_strv_contains (cells, label);
}

static int
cell_value (BsVariantDocument *doc,
            const char        *label)
{
  BsRuleset *rs = bs_variant_document_get_preview (doc);
  int cell = bs_board_find_cell (rs->board, label, NULL);

  g_assert_cmpint (cell, !=, BS_NO_CELL);
  return bs_variant_document_get_preview_position (doc)->cells[cell];
}

/* The preview draws what was entered, valid or not (issue 13.8): a board
 * the rules refuse keeps its size and its fixed pieces, specials stay where
 * they were put, the cell count is the board's, and the cells an error is
 * about are the ones marked. */
static void
test_preview_as_entered (void)
{
  g_autoptr(GError) error = NULL;

  if (have_module ("astoria"))
    {
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module ("astoria", &error);
      BsRuleset *rs;
      int triangle;

      g_assert_no_error (error);
      triangle = bs_module_kind_index (bs_variant_document_get_module (doc), "triangle");
      g_assert_true (bs_variant_document_place_piece (doc, "d4", 2, "triangle", 3));
      g_assert_true (bs_variant_document_get_valid (doc));
      g_assert_false (bs_variant_document_get_preview_is_sketch (doc));

      /* 7×8: the rules want 2n×2n; still drawn 7×8 with the triangle. */
      g_assert_true (bs_variant_document_set_width (doc, 7));
      g_assert_false (bs_variant_document_get_valid (doc));
      g_assert_true (bs_variant_document_get_preview_is_sketch (doc));
      rs = bs_variant_document_get_preview (doc);
      g_assert_cmpint (bs_board_get_spec (rs->board)->width, ==, 7);
      g_assert_cmpint (bs_board_get_spec (rs->board)->height, ==, 8);
      g_assert_cmpint (rs->n_cells, ==, 56);
      g_assert_cmpint (cell_value (doc, "d4"), ==, BS_CELL_MAKE (2, triangle, 3));
      /* A size has no place on the board: nothing is ringed. */
      g_assert_null (bs_variant_document_get_problem_cells (doc)[0]);

      /* Back to 8×8, then a hole, which Astoria never takes: the hole is
       * shown and ringed. */
      g_assert_true (bs_variant_document_set_width (doc, 8));
      g_assert_true (bs_variant_document_get_valid (doc));
      g_assert_true (bs_variant_document_toggle_hole (doc, "e5"));
      g_assert_false (bs_variant_document_get_valid (doc));
      rs = bs_variant_document_get_preview (doc);
      g_assert_cmpint (rs->n_cells, ==, 63);
      g_assert_cmpint (bs_board_find_cell (rs->board, "e5", NULL), ==, BS_NO_CELL);
      g_assert_true (is_problem (doc, "e5"));
      /* Two holes: neither alone is the problem, both are. */
      g_assert_true (bs_variant_document_toggle_hole (doc, "b2"));
      g_assert_cmpint (bs_variant_document_get_preview (doc)->n_cells, ==, 62);
      g_assert_true (is_problem (doc, "e5"));
      g_assert_true (is_problem (doc, "b2"));
      g_assert_false (is_problem (doc, "d4"));
    }
  if (have_module ("ikabegama"))
    {
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module ("ikabegama", &error);
      BsRuleset *rs;
      int a1;

      g_assert_no_error (error);
      /* Both nests on a1: drawn there, not one of them back on i9. */
      g_assert_true (bs_variant_document_set_special (doc, "nest", 2, "a1"));
      g_assert_false (bs_variant_document_get_valid (doc));
      rs = bs_variant_document_get_preview (doc);
      a1 = bs_board_find_cell (rs->board, "a1", NULL);
      g_assert_cmpint (rs->specials[0][1], ==, a1);
      g_assert_cmpint (rs->specials[0][2], ==, a1);
      g_assert_cmpint (rs->n_cells, ==, 61);
      g_assert_true (is_problem (doc, "a1"));
      g_assert_false (is_problem (doc, "i9"));
      /* A nest on a hole: the hole is the place. */
      g_assert_true (bs_variant_document_set_special (doc, "nest", 2, "i9"));
      g_assert_true (bs_variant_document_get_valid (doc));
      g_assert_null (bs_variant_document_get_problem_cells (doc)[0]);
      g_assert_true (bs_variant_document_toggle_hole (doc, "i9"));
      g_assert_cmpint (bs_variant_document_get_preview (doc)->n_cells, ==, 60);
      g_assert_true (is_problem (doc, "i9"));
      g_assert_cmpint (bs_variant_document_get_preview (doc)->specials[0][2], ==, BS_NO_CELL);
    }
  if (have_module ("tribes"))
    {
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module ("tribes", &error);

      g_assert_no_error (error);
      /* Too few pieces is no cell's fault; the board is still drawn as it
       * is, with no random setup. */
      bs_variant_document_set_supply (doc, 1, "piece", 3);
      g_assert_false (bs_variant_document_get_valid (doc));
      g_assert_null (bs_variant_document_get_problem_cells (doc)[0]);
      g_assert_cmpint (bs_variant_document_get_preview (doc)->n_cells, ==, 25);
      g_assert_cmpint (cell_value (doc, "c3"), ==, BS_CELL_EMPTY);
    }
}

/* A stroke painted across the board is one step of undo. */
static void
test_stroke_group (void)
{
  g_autoptr(BsVariantDocument) doc = NULL;
  g_autoptr(GError) error = NULL;
  static const char * const labels[] = { "c3", "d3", "e3", "f3" };

  if (!have_module ("agoraphobia"))
    return;
  doc = bs_variant_document_new_for_module ("agoraphobia", &error);
  g_assert_no_error (error);
  g_assert_true (bs_variant_document_toggle_hole (doc, "a1"));
  bs_variant_document_begin_group (doc);
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    g_assert_true (bs_variant_document_set_hole (doc, labels[i], TRUE));
  /* Painting a hole that is one already changes nothing. */
  g_assert_false (bs_variant_document_set_hole (doc, "c3", TRUE));
  bs_variant_document_end_group (doc);
  g_assert_cmpuint (bs_variant_document_get_variant (doc)->holes->len, ==, 5);
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_cmpuint (bs_variant_document_get_variant (doc)->holes->len, ==, 1);
  g_assert_true (bs_variant_document_is_hole (doc, "a1"));
  g_assert_true (bs_variant_document_redo (doc));
  g_assert_cmpuint (bs_variant_document_get_variant (doc)->holes->len, ==, 5);
  /* The next edit after a group is a step of its own. */
  g_assert_true (bs_variant_document_set_hole (doc, "d3", FALSE));
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_true (bs_variant_document_is_hole (doc, "d3"));
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_false (bs_variant_document_is_hole (doc, "d3"));
}

static int
supply (BsVariantDocument *doc,
        int                player,
        const char        *kind)
{
  return bs_variant_get_supply (bs_variant_document_get_variant (doc), player, kind);
}

/* The handicap preset keeps a variant valid (issue 13.9): Tribes needs its
 * board filled but the centre, so both supplies rise and the difference
 * stays; Agoraphobia's handicap just takes pieces away. */
static void
test_handicap_valid (void)
{
  g_autoptr(GError) error = NULL;

  if (have_module ("tribes"))
    {
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module ("tribes", &error);

      g_assert_no_error (error);
      g_assert_true (bs_variant_document_set_handicap (doc, 2, "piece", 1));
      g_assert_true (bs_variant_document_get_valid (doc));
      g_assert_cmpint (supply (doc, 1, "piece"), ==, 13);
      g_assert_cmpint (supply (doc, 2, "piece"), ==, 12);
      /* One step of undo. */
      g_assert_true (bs_variant_document_undo (doc));
      g_assert_false (bs_variant_document_get_can_undo (doc));
      /* Three fewer for player 1: 25 cells need 24 pieces, 14 + 11 = 25. */
      g_assert_true (bs_variant_document_set_handicap (doc, 1, "piece", 3));
      g_assert_true (bs_variant_document_get_valid (doc));
      g_assert_cmpint (supply (doc, 2, "piece"), ==, 14);
      g_assert_cmpint (supply (doc, 1, "piece"), ==, 11);
    }
  if (have_module ("agoraphobia"))
    {
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module ("agoraphobia",
                                                                             &error);

      g_assert_no_error (error);
      g_assert_true (bs_variant_document_set_handicap (doc, 2, "large", 2));
      g_assert_true (bs_variant_document_get_valid (doc));
      g_assert_cmpint (supply (doc, 1, "large"), ==, 5);
      g_assert_cmpint (supply (doc, 2, "large"), ==, 3);
    }
}

static int
count_start_pieces (BsVariantDocument *doc,
                    int                player)
{
  BsRuleset *rs = bs_variant_document_get_preview (doc);
  const BsPosition *pos = bs_variant_document_get_preview_position (doc);
  int n = 0;

  for (int c = 0; c < rs->n_cells; c++)
    n += pos->cells[c] != BS_CELL_EMPTY && BS_CELL_OWNER (pos->cells[c]) == player;
  return n;
}

/* Fix the Start Position on every built-in variant: offered where the
 * rules place pieces that are not fixed (Breakthrough's rows), one step of
 * undo, the start the same before and after; refused with the reason
 * elsewhere — an empty start, a random one (Tribes' bag), pieces the rules
 * refuse as fixed ones (Ikabegamá's tokens on the nests). */
static void
test_fix_start_builtin (void)
{
  g_auto(GStrv) names = bs_variant_list_builtin ();
  guint n_fixed = 0;

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariant) variant = bs_variant_lookup (names[i], &error);
      g_autoptr(BsVariantDocument) doc = NULL;
      g_autofree BsPosition *before = NULL;
      g_autoptr(BsRuleset) rs = NULL;
      const GError *refusal = NULL;
      guint n = 0, n_before_fix = 0;
      BsStartFixing fixing;

      g_assert_no_error (error);
      if (bs_module_find (variant->module) == NULL)
        continue;
      doc = bs_variant_document_new (variant);
      /* Kept: the document drops its ruleset at the next edit. */
      rs = bs_ruleset_ref (bs_variant_document_get_ruleset (doc));
      before = bs_ruleset_new_position (rs, 0);
      fixing = bs_variant_document_get_start_fixing (doc, &n, &refusal);

      if (g_str_equal (variant->module, "tribes"))
        {
          g_assert_cmpint (fixing, ==, BS_START_RANDOM);
          g_assert_cmpuint (n, ==, 24);
        }
      else if (g_str_equal (variant->module, "ikabegama"))
        {
          g_assert_cmpint (fixing, ==, BS_START_REFUSED);
          g_assert_nonnull (refusal);
          g_assert_nonnull (strstr (refusal->message, "the nests start with their own"));
        }
      else if (g_str_equal (variant->module, "breakthrough") ||
               g_str_equal (variant->module, "clobber") ||
               g_str_equal (variant->module, "reversi") ||
               g_str_equal (variant->module, "ataxx"))
        {
          /* Rows, the full checkerboard, Othello's cross and Ataxx's
           * corners, all placed by the rules (the last three written in
           * the rules language). */
          guint expected = g_str_equal (variant->module, "breakthrough") ? 32 :
                           g_str_equal (variant->module, "clobber") ? 30 : 4;

          g_assert_cmpint (fixing, ==, BS_START_FIXABLE);
          g_assert_cmpuint (n, ==, expected);
        }
      else
        g_assert_cmpint (fixing, ==, BS_START_EMPTY);

      if (fixing != BS_START_FIXABLE)
        {
          g_assert_false (bs_variant_document_fix_start (doc));
          g_assert_false (bs_variant_document_get_can_undo (doc));
          continue;
        }
      n_fixed++;
      n_before_fix = n;
      g_assert_true (bs_variant_document_fix_start (doc));
      g_assert_true (bs_variant_document_get_valid (doc));
      g_assert_true (bs_variant_document_get_modified (doc));
      g_assert_cmpuint (bs_variant_document_get_variant (doc)->setup->len, ==, n);
      /* The same start, byte for byte. */
      {
        BsRuleset *after_rs = bs_variant_document_get_ruleset (doc);
        g_autofree BsPosition *after = bs_ruleset_new_position (after_rs, 0);

        g_assert_true (bs_position_equal (rs, before, after));
        g_assert_true (bs_position_equal (rs, before,
                                          bs_variant_document_get_preview_position (doc)));
      }
      g_assert_cmpint (bs_variant_document_get_start_fixing (doc, &n, NULL), ==, BS_START_FIXED);
      g_assert_cmpuint (n, ==, 0);
      g_assert_false (bs_variant_document_fix_start (doc));
      /* One step of undo, and back. */
      g_assert_true (bs_variant_document_undo (doc));
      g_assert_false (bs_variant_document_get_can_undo (doc));
      g_assert_false (bs_variant_document_get_modified (doc));
      g_assert_cmpuint (bs_variant_document_get_variant (doc)->setup->len, ==, 0);
      g_assert_cmpint (bs_variant_document_get_start_fixing (doc, NULL, NULL), ==,
                       BS_START_FIXABLE);
      g_assert_true (bs_variant_document_redo (doc));
      g_assert_cmpuint (bs_variant_document_get_variant (doc)->setup->len, ==, n_before_fix);
    }
  g_assert_cmpuint (n_fixed, ==, (have_module ("breakthrough") ? 1 : 0) +
                                 (have_module ("clobber") ? 1 : 0) +
                                 (have_module ("reversi") ? 1 : 0) +
                                 (have_module ("ataxx") ? 1 : 0));
}

/* The handicap that follows: Breakthrough fixed, one of Black's pieces
 * taken away by a click, two more by a stroke (one step of undo); the
 * preview, the counts and validation follow. A player whose fixed pieces
 * are all taken starts with the rules' rows again; one left with no free
 * place in their rows is refused in words that say where and why. */
static void
test_fix_start_handicap (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) doc = NULL;

  if (!have_module ("breakthrough"))
    return;
  doc = bs_variant_document_new_for_module ("breakthrough", &error);
  g_assert_no_error (error);
  bs_variant_document_set_name (doc, "Breakthrough, Black one piece down");
  g_assert_true (bs_variant_document_fix_start (doc));

  g_assert_true (bs_variant_document_remove_piece (doc, "d8"));
  g_assert_true (bs_variant_document_get_valid (doc));
  g_assert_cmpint (cell_value (doc, "d8"), ==, BS_CELL_EMPTY);
  g_assert_cmpint (count_start_pieces (doc, 1), ==, 16);
  g_assert_cmpint (count_start_pieces (doc, 2), ==, 15);
  g_assert_cmpint (bs_variant_document_get_start_fixing (doc, NULL, NULL), ==, BS_START_FIXED);
  /* A piece the variant does not fix is not taken away. */
  g_assert_false (bs_variant_document_remove_piece (doc, "d8"));
  g_assert_false (bs_variant_document_remove_piece (doc, "d5"));

  /* A stroke across e7 and f7 is one step. */
  bs_variant_document_begin_group (doc);
  g_assert_true (bs_variant_document_remove_piece (doc, "e7"));
  g_assert_true (bs_variant_document_remove_piece (doc, "f7"));
  bs_variant_document_end_group (doc);
  g_assert_cmpint (count_start_pieces (doc, 2), ==, 13);
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_cmpint (count_start_pieces (doc, 2), ==, 15);
  g_assert_cmpint (cell_value (doc, "e7"), ==, BS_CELL_MAKE (2, 0, 0));
  /* Two undos back to the rows as the rules make them. */
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_cmpuint (bs_variant_document_get_variant (doc)->setup->len, ==, 0);
  g_assert_true (bs_variant_document_redo (doc));
  g_assert_true (bs_variant_document_redo (doc));
  g_assert_cmpint (count_start_pieces (doc, 2), ==, 15);

  /* Every one of Black's pieces taken away: no fixed piece of Black's is
   * left, so the rules fill Black's rows again. */
  for (int row = 7; row <= 8; row++)
    for (char col = 'a'; col <= 'h'; col++)
      {
        char label[3] = { col, (char) ('0' + row), '\0' };

        bs_variant_document_remove_piece (doc, label);
      }
  g_assert_true (bs_variant_document_get_valid (doc));
  g_assert_cmpint (count_start_pieces (doc, 2), ==, 16);
  g_assert_cmpint (bs_variant_document_get_start_fixing (doc, NULL, NULL), ==, BS_START_FIXABLE);

  /* Holes on row 8 and White's fixed pieces on row 7: Black has no place
   * to start, said where and why, in the Cells group, with the cells
   * ringed. */
  for (char col = 'a'; col <= 'h'; col++)
    {
      char row7[3] = { col, '7', '\0' };
      char row8[3] = { col, '8', '\0' };

      bs_variant_document_place_piece (doc, row7, 1, "piece", -1);
      bs_variant_document_set_hole (doc, row8, TRUE);
    }
  g_assert_false (bs_variant_document_get_valid (doc));
  g_assert_cmpstr (bs_variant_document_get_error (doc)->message, ==,
                   "Black would start without any piece: every place in rows 7 to 8, where the "
                   "rules put their pieces, is a hole or holds a fixed piece of White");
  g_assert_cmpint (bs_variant_document_get_error_section (doc), ==, BS_EDIT_SECTION_CELLS);
  g_assert_true (is_problem (doc, "c7"));
  g_assert_cmpint (bs_variant_document_get_start_fixing (doc, NULL, NULL), ==, BS_START_INVALID);
  g_assert_false (bs_variant_document_fix_start (doc));
}

/* An invalid variant is saved as a draft (issue 13.9): marked in the file,
 * refused for play with a message that says where to finish it, opened by
 * the editor as it was, valid again once fixed and saved. */
static void
test_draft (void)
{
  g_autofree char *dir = g_dir_make_tmp ("boardsmith-draft-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "unfinished.bsvariant", NULL);
  g_autofree char *copy_path = g_build_filename (dir, "autosave.bsvariant", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) doc = NULL;
  g_autoptr(BsVariantDocument) reopened = NULL;
  g_autoptr(BsVariant) played = NULL;

  if (!have_module ("ikabegama"))
    return;
  doc = bs_variant_document_new_for_module ("ikabegama", &error);
  g_assert_no_error (error);
  bs_variant_document_set_special (doc, "nest", 2, "a1");
  bs_variant_document_set_name (doc, "");
  g_assert_false (bs_variant_document_get_valid (doc));

  /* A copy (an autosave) leaves the document as it is. */
  g_assert_true (bs_variant_document_write_copy (doc, copy_path, &error));
  g_assert_no_error (error);
  g_assert_true (bs_variant_document_get_modified (doc));
  g_assert_null (bs_variant_document_get_path (doc));

  g_assert_true (bs_variant_document_save (doc, path, &error));
  g_assert_no_error (error);
  g_assert_false (bs_variant_document_get_modified (doc));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "draft=\"true\""));

  played = bs_variant_load_file (path, &error);
  g_assert_null (played);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "unfinished draft"));
  g_clear_error (&error);

  reopened = bs_variant_document_open (path, &error);
  g_assert_no_error (error);
  g_assert_false (bs_variant_document_get_valid (reopened));
  g_assert_false (bs_variant_document_get_modified (reopened));
  g_assert_true (bs_variant_equal (bs_variant_document_get_variant (reopened),
                                   bs_variant_document_get_variant (doc)));
  g_assert_true (is_problem (reopened, "a1"));
  /* Revert reads the draft again. */
  bs_variant_document_set_author (reopened, "Someone");
  g_assert_true (bs_variant_document_revert (reopened, &error));
  g_assert_no_error (error);
  g_assert_null (bs_variant_document_get_variant (reopened)->author);

  /* Finished and saved: a plain variant that plays. */
  bs_variant_document_set_special (reopened, "nest", 2, "i9");
  bs_variant_document_set_name (reopened, "Finished");
  g_assert_true (bs_variant_document_get_valid (reopened));
  g_assert_true (bs_variant_document_save (reopened, NULL, &error));
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_null (strstr (contents, "draft="));
  played = bs_variant_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (played->name, ==, "Finished");

  g_unlink (path);
  g_unlink (copy_path);
  g_rmdir (dir);
}

/* The renderer's full-shape mapping: every grid position of the shape,
 * holes included, maps back to itself from its drawn centre, and a point
 * between the board and the edge maps to nothing. */
static void
test_grid_mapping (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) doc = NULL;
  BsRuleset *rs;
  int n = 0;

  if (!have_module ("ikabegama"))
    return;
  doc = bs_variant_document_new_for_module ("ikabegama", &error);
  g_assert_no_error (error);
  bs_variant_document_toggle_hole (doc, "e5");
  rs = bs_variant_document_get_ruleset (doc);
  g_assert_nonnull (rs);
  for (int row = 0; row < bs_board_n_rows (rs->board); row++)
    for (int col = 0; col < bs_board_n_cols (rs->board); col++)
      {
        double x, y, r;
        int c2, r2;

        if (!bs_board_in_shape (rs->board, col, row))
          continue;
        bs_render_grid_centre (rs, NULL, 640, 480, col, row, &x, &y, &r);
        g_assert_true (bs_render_grid_at (rs, NULL, 640, 480, x, y, &c2, &r2));
        g_assert_cmpint (c2, ==, col);
        g_assert_cmpint (r2, ==, row);
        /* Near the centre is the same position too. */
        g_assert_true (bs_render_grid_at (rs, NULL, 640, 480, x + r * 0.4, y - r * 0.3,
                                          &c2, &r2));
        g_assert_cmpint (c2, ==, col);
        /* Cells map as bs_render_cell_at does; the hole is not a cell. */
        if (bs_board_cell_at (rs->board, col, row) == BS_NO_CELL)
          g_assert_cmpint (bs_render_cell_at (rs, NULL, 640, 480, x, y), ==, BS_NO_CELL);
        else
          g_assert_cmpint (bs_render_cell_at (rs, NULL, 640, 480, x, y), ==,
                           bs_board_cell_at (rs->board, col, row));
        n++;
      }
  /* 3·5·4 + 1 = 61 positions on the hexagon of side 5, one of them a hole. */
  g_assert_cmpint (n, ==, 61);
  g_assert_cmpint (rs->n_cells, ==, 60);
  g_assert_false (bs_render_grid_at (rs, NULL, 640, 480, 2, 2, NULL, NULL));
}

/* The editor in a window. */

typedef struct {
  BsWindow     *window;
  BsEditorView *editor;
} Fixture;

static void
fixture_setup (Fixture       *fixture,
               gconstpointer  data)
{
  fixture->window = bs_window_new (ADW_APPLICATION (app));
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1100, 760);
  gtk_window_present (GTK_WINDOW (fixture->window));
  fixture->editor = bs_window_get_editor_view (fixture->window);
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
}

static void
fixture_teardown (Fixture       *fixture,
                  gconstpointer  data)
{
  GList *toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (l->data != fixture->window)
      gtk_window_destroy (l->data);
  g_list_free (toplevels);
  bs_editor_view_set_document (fixture->editor, NULL);
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ui_test_pump_pending ();
}

static gboolean
editing (gpointer window)
{
  return g_strcmp0 (bs_window_get_page (window), "editor") == 0 && !bs_window_get_opening (window);
}

static void
edit (Fixture    *fixture,
      const char *source)
{
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit-variant", "s", source);
  /* A user's file is read in a thread, however loaded the machine. */
  ui_test_wait_until (editing, fixture->window, "the editor open");
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "editor");
  g_assert_nonnull (bs_editor_view_get_document (fixture->editor));
  /* Laid out: the tests click the canvas by its cells' places. */
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
}

/* The move limit of Abrobad follows the board (30 plies per cell) in the
 * editor's row as the board is resized, until the designer sets another
 * figure, which then stays. */
static void
test_move_limit_row (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariantDocument) doc = NULL;
  GtkSpinButton *spin;

  if (!have_module ("abrobad"))
    {
      g_test_skip ("no Abrobad module");
      return;
    }
  doc = bs_variant_document_new_for_module ("abrobad", &error);
  g_assert_no_error (error);
  bs_editor_view_set_document (fixture->editor, doc);
  spin = g_object_get_data (G_OBJECT (bs_editor_view_get_option_row (fixture->editor,
                                                                     "max-plies")),
                            "spin");
  g_assert_cmpint ((int) gtk_spin_button_get_value (spin), ==, 30 * 75);
  g_assert_true (bs_variant_document_set_size (doc, 7));
  g_assert_cmpint ((int) gtk_spin_button_get_value (spin), ==, 30 * 147);
  gtk_spin_button_set_value (spin, 600);
  g_assert_cmpstr (bs_variant_document_get_option (doc, "max-plies"), ==, "600");
  g_assert_true (bs_variant_document_set_size (doc, 4));
  g_assert_cmpint ((int) gtk_spin_button_get_value (spin), ==, 600);
  /* Undo goes back through the same figures. */
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_cmpint ((int) gtk_spin_button_get_value (spin), ==, 30 * 147);
}

static void
test_option_rows (Fixture       *fixture,
                  gconstpointer  data)
{
  guint n_modules;
  const BsModule * const *modules = bs_module_list (&n_modules);

  for (guint m = 0; m < n_modules; m++)
    {
      const BsModule *module = modules[m];
      g_autoptr(GError) error = NULL;
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module (module->id, &error);

      g_assert_no_error (error);
      bs_editor_view_set_document (fixture->editor, doc);
      g_assert_cmpuint (module->n_options, >, 0);
      for (guint i = 0; i < module->n_options; i++)
        {
          const BsOptionSpec *spec = &module->options[i];
          GtkWidget *row = bs_editor_view_get_option_row (fixture->editor, spec->id);
          const char *value = bs_variant_document_get_option (doc, spec->id);
          int parsed;

          g_assert_nonnull (row);
          g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                           spec->description);
          g_assert_true (bs_option_parse_value (spec, value, &parsed, NULL));
          switch (spec->type)
            {
            case BS_OPTION_INT:
              {
                GtkSpinButton *spin = g_object_get_data (G_OBJECT (row), "spin");
                double min, max;

                g_assert_true (GTK_IS_SPIN_BUTTON (spin));
                gtk_spin_button_get_range (spin, &min, &max);
                g_assert_cmpint ((int) min, ==, spec->min);
                g_assert_cmpint ((int) max, ==, spec->max);
                g_assert_cmpint ((int) gtk_spin_button_get_value (spin), ==, parsed);
                /* Turning the spin button edits the document. */
                gtk_spin_button_set_value (spin, parsed == spec->max ? spec->min : parsed + 1);
                g_assert_cmpint (atoi (bs_variant_document_get_option (doc, spec->id)), ==,
                                 parsed == spec->max ? spec->min : parsed + 1);
              }
              break;
            case BS_OPTION_ENUM:
              {
                GListModel *model = adw_combo_row_get_model (ADW_COMBO_ROW (row));
                guint n = 0, next;

                g_assert_true (ADW_IS_COMBO_ROW (row));
                while (spec->choices[n] != NULL)
                  n++;
                g_assert_cmpuint (g_list_model_get_n_items (model), ==, n);
                g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==,
                                  (guint) parsed);
                next = ((guint) parsed + 1) % n;
                adw_combo_row_set_selected (ADW_COMBO_ROW (row), next);
                g_assert_cmpstr (bs_variant_document_get_option (doc, spec->id), ==,
                                 spec->choices[next]);
              }
              break;
            case BS_OPTION_BOOL:
              {
                GtkWidget *sw = adw_action_row_get_activatable_widget (ADW_ACTION_ROW (row));

                g_assert_true (GTK_IS_SWITCH (sw));
                g_assert_cmpint (gtk_switch_get_active (GTK_SWITCH (sw)), ==, parsed);
                gtk_switch_set_active (GTK_SWITCH (sw), !parsed);
                g_assert_cmpstr (bs_variant_document_get_option (doc, spec->id), ==,
                                 parsed ? "false" : "true");
              }
              break;
            default:
              g_assert_not_reached ();
            }
        }
      /* An option another module declares has no row here. */
      g_assert_null (bs_editor_view_get_option_row (fixture->editor, "no-such-option"));
    }
}

static void
click_label (Fixture    *fixture,
             const char *label)
{
  BsEditorCanvas *canvas = BS_EDITOR_CANVAS (bs_editor_view_get_canvas (fixture->editor));
  double x, y;
  g_autofree char *back = NULL;

  g_assert_true (bs_editor_canvas_label_centre (canvas, label, &x, &y));
  back = bs_editor_canvas_label_at (canvas, x, y);
  g_assert_cmpstr (back, ==, label);
  g_assert_true (bs_editor_canvas_activate_at (canvas, x, y));
}

static void
test_paint (Fixture       *fixture,
            gconstpointer  data)
{
  BsVariantDocument *doc;
  BsEditorCanvas *canvas;
  const BsModule *module;

  if (!have_module ("ikabegama"))
    return;
  edit (fixture, "ikabegama");
  doc = bs_editor_view_get_document (fixture->editor);
  module = bs_variant_document_get_module (doc);
  canvas = BS_EDITOR_CANVAS (bs_editor_view_get_canvas (fixture->editor));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (canvas)), >, 100);

  /* Holes: a click removes e5; it is no cell now, and a click on the same
   * spot (found through the full-shape mapping) brings it back. */
  bs_editor_view_set_paint (fixture->editor, BS_PAINT_HOLES, 0, 0, 0, 0);
  click_label (fixture, "e5");
  g_assert_true (bs_variant_document_is_hole (doc, "e5"));
  g_assert_cmpint (bs_board_find_cell (bs_variant_document_get_ruleset (doc)->board, "e5", NULL),
                   ==, BS_NO_CELL);
  ui_test_wait_frame (GTK_WIDGET (canvas));
  click_label (fixture, "e5");
  g_assert_false (bs_variant_document_is_hole (doc, "e5"));
  click_label (fixture, "d4");
  g_assert_true (bs_variant_document_is_hole (doc, "d4"));

  /* Nests: player 2's nest painted on e9 moves it from i9. */
  g_assert_cmpint (bs_module_special_index (module, "nest"), ==, 0);
  bs_editor_view_set_paint (fixture->editor, BS_PAINT_SPECIAL, 0, 2, 0, 0);
  click_label (fixture, "e9");
  g_assert_cmpstr (bs_variant_document_get_special (doc, "nest", 2), ==, "e9");
  g_assert_cmpstr (bs_variant_document_get_special (doc, "nest", 1), ==, "a1");
  g_assert_true (bs_variant_document_get_valid (doc));

  /* A nest painted on the hole d4: invalid, said in the Cells group. */
  bs_editor_view_set_paint (fixture->editor, BS_PAINT_SPECIAL, 0, 1, 0, 0);
  click_label (fixture, "d4");
  g_assert_false (bs_variant_document_get_valid (doc));
  {
    /* The engine's words, as a sentence. */
    g_autofree char *shown = g_strdup (bs_editor_view_get_shown_error (fixture->editor,
                                                                      BS_EDIT_SECTION_CELLS));
    const char *message = bs_variant_document_get_error (doc)->message;

    g_assert_nonnull (shown);
    g_assert_cmpstr (shown + 1, ==, message + 1);
    g_assert_true (g_ascii_isupper (shown[0]));
    g_assert_cmpint (g_ascii_toupper (message[0]), ==, shown[0]);
  }
  g_assert_null (bs_editor_view_get_shown_error (fixture->editor, BS_EDIT_SECTION_PIECES));
  /* Kept for people to look at: the error where it belongs. */
  {
    g_autofree char *png = g_test_build_filename (G_TEST_BUILT, "ui-editor-error.png", NULL);

    ui_test_wait_frame (GTK_WIDGET (fixture->window));
    g_assert_true (bs_screenshot_save_png (GTK_WIDGET (fixture->window), png, NULL));
  }
  /* Play stays off until the variant is valid. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->editor), "editor.play", NULL);
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "editor");
  /* Undo from the window's shortcut action. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.undo", NULL);
  g_assert_true (bs_variant_document_get_valid (doc));
  g_assert_null (bs_editor_view_get_shown_error (fixture->editor, BS_EDIT_SECTION_CELLS));
}

static void
test_pieces_and_play (Fixture       *fixture,
                      gconstpointer  data)
{
  BsVariantDocument *doc;
  BsGame *game;
  const BsRuleset *rs;
  int cell;

  if (!have_module ("astoria"))
    return;
  edit (fixture, "astoria");
  doc = bs_editor_view_get_document (fixture->editor);

  /* A fixed triangle of player 2 pointing west on d4, through the canvas. */
  bs_editor_view_set_paint (fixture->editor, BS_PAINT_PIECE, 0, 2,
                            bs_module_kind_index (bs_variant_document_get_module (doc),
                                                  "triangle"), 3);
  click_label (fixture, "d4");
  g_assert_cmpuint (bs_variant_document_get_variant (doc)->setup->len, ==, 1);
  g_assert_true (bs_variant_document_get_valid (doc));

  /* Play test: the game starts on the edited variant, the edits stay. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->editor), "editor.play", NULL));
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "play");
  game = bs_window_get_game (fixture->window);
  g_assert_nonnull (game);
  rs = bs_game_get_ruleset (game);
  cell = bs_board_find_cell (rs->board, "d4", NULL);
  g_assert_cmpint (bs_game_get_position (game)->cells[cell], ==,
                   BS_CELL_MAKE (2, bs_module_kind_index (rs->module, "triangle"), 3));
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-editor", NULL);
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "editor");
  g_assert_true (bs_editor_view_get_document (fixture->editor) == doc);
  g_assert_cmpuint (bs_variant_document_get_variant (doc)->setup->len, ==, 1);
  g_assert_true (bs_variant_document_get_modified (doc));
  bs_game_set_modified (game, FALSE);
}

static GtkWidget *
find_matching (GtkWidget *widget,
               gboolean (*match) (GtkWidget *, gconstpointer),
               gconstpointer data)
{
  if (match (widget, data))
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_matching (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static gboolean
has_action (GtkWidget     *widget,
            gconstpointer  action)
{
  return GTK_IS_BUTTON (widget)
         && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0;
}

static gboolean
row_titled (GtkWidget     *widget,
            gconstpointer  title)
{
  return ADW_IS_ACTION_ROW (widget)
         && g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0
         && gtk_widget_get_mapped (widget);
}

static void
on_message (GPtrArray  *messages,
            const char *message)
{
  g_ptr_array_add (messages, g_strdup (message));
}

/* A cell's accessible label in the editor's preview, as a screen reader
 * reads it. */
static char *
preview_label (Fixture    *fixture,
               const char *label)
{
  GtkWidget *canvas = bs_editor_view_get_canvas (fixture->editor);
  g_autofree char *prefix = g_strdup_printf ("%s,", label);

  for (GtkWidget *child = gtk_widget_get_first_child (canvas); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      const char *read = BS_IS_CELL_WIDGET (child)
                         ? bs_cell_widget_get_label (BS_CELL_WIDGET (child)) : NULL;

      if (read != NULL && g_str_has_prefix (read, prefix))
        return g_strdup (read);
    }
  return NULL;
}

/* Scrolls the settings so that `widget` is near the top. */
static void
scroll_into_view (GtkWidget *widget)
{
  GtkWidget *scrolled = gtk_widget_get_ancestor (widget, GTK_TYPE_SCROLLED_WINDOW);
  GtkWidget *viewport = scrolled != NULL ? gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrolled))
                                         : NULL;
  GtkWidget *content = viewport != NULL ? gtk_widget_get_first_child (viewport) : NULL;
  graphene_point_t at;

  ui_test_wait_frame (widget);
  if (content == NULL
      || !gtk_widget_compute_point (widget, content, &GRAPHENE_POINT_INIT (0, 0), &at))
    return;
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled)),
                            MAX (at.y - 60, 0));
}

static void
save_window_png (Fixture    *fixture,
                 const char *name)
{
  g_autofree char *png = g_test_build_filename (G_TEST_BUILT, name, NULL);

  ui_test_wait_frame (GTK_WIDGET (fixture->window));
  g_assert_true (bs_screenshot_save_png (GTK_WIDGET (fixture->window), png, NULL));
}

static gboolean
has_setup (gpointer doc)
{
  return bs_variant_document_get_variant (doc)->setup->len > 0;
}

static gboolean
narrowed (gpointer window)
{
  return gtk_widget_get_width (window) < 1100;
}

/* Fix the Start Position in the page: the button is offered on
 * Breakthrough with what it does, one press fixes the 32 pieces and
 * turns painting to taking pieces away; a click and a stroke on the
 * board take Black's pieces away, and the counts under the board and in
 * Black's group follow. On a game whose start is empty, the button is
 * greyed out and says why. */
static void
test_fix_start_page (Fixture       *fixture,
                     gconstpointer  data)
{
  BsVariantDocument *doc;
  GtkWidget *button, *row, *black_row;
  g_autoptr(GPtrArray) messages = g_ptr_array_new_with_free_func (g_free);
  BsEditorCanvas *canvas;
  g_autofree char *fixed_label = NULL;

  if (!have_module ("breakthrough") || !have_module ("agoraphobia"))
    return;
  edit (fixture, "breakthrough");
  doc = bs_editor_view_get_document (fixture->editor);
  g_signal_connect_swapped (fixture->editor, "message", G_CALLBACK (on_message), messages);
  canvas = BS_EDITOR_CANVAS (bs_editor_view_get_canvas (fixture->editor));
  button = find_matching (GTK_WIDGET (fixture->editor), has_action, "editor.fix-start");
  g_assert_nonnull (button);
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  row = find_matching (GTK_WIDGET (fixture->editor), row_titled, "Fix the Start Position");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "The rules place 32 pieces at the start: make them fixed pieces, to remove "
                   "or move some for a handicap");
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==,
                   adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
  scroll_into_view (row);
  save_window_png (fixture, "ui-editor-fix-start-before.png");

  /* Taking a piece the rules place away says how. */
  bs_editor_view_set_paint (fixture->editor, BS_PAINT_ERASE_PIECE, 0, 1, 0, 0);
  click_label (fixture, "d8");
  g_assert_cmpuint (messages->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (messages, 0), "placed by the rules"));
  g_assert_false (bs_variant_document_get_can_undo (doc));

  /* One press. */
  bs_editor_view_set_paint (fixture->editor, BS_PAINT_HOLES, 0, 0, 0, 0);
  gtk_widget_activate (button);
  /* A button activated from the keyboard clicks after GTK's 250 ms press
   * animation: wait for it (the fresh CI machine was faster than 20 ms). */
  ui_test_wait_until (has_setup, doc, "the start position fixed");
  g_assert_cmpuint (bs_variant_document_get_variant (doc)->setup->len, ==, 32);
  g_assert_cmpuint (messages->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (messages, 1), ==,
                   "32 pieces fixed: click one to take it away");
  g_assert_false (gtk_widget_is_sensitive (button));
  g_assert_nonnull (strstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)),
                            "fixed piece already"));
  /* The starting rows change nothing now. */
  {
    GtkWidget *rows = bs_editor_view_get_option_row (fixture->editor, "rows");

    g_assert_false (gtk_widget_get_sensitive (rows));
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (rows)), ==,
                     "No effect now: every piece it would place is a fixed piece");
  }
  fixed_label = preview_label (fixture, "d8");
  g_assert_cmpstr (fixed_label, ==, "d8, Black Piece, fixed piece");

  /* Painting takes pieces away now: a click on d8, a stroke over e7 and
   * f7 (the canvas's signals, as a drag gives them). */
  click_label (fixture, "d8");
  g_assert_cmpint (cell_value (doc, "d8"), ==, BS_CELL_EMPTY);
  g_signal_emit_by_name (canvas, "stroke-begin");
  g_signal_emit_by_name (canvas, "cell-activated", "e7");
  g_signal_emit_by_name (canvas, "cell-activated", "f7");
  g_signal_emit_by_name (canvas, "stroke-end");
  g_assert_cmpint (cell_value (doc, "e7"), ==, BS_CELL_EMPTY);
  g_assert_cmpint (cell_value (doc, "f7"), ==, BS_CELL_EMPTY);
  g_assert_true (bs_variant_document_get_valid (doc));
  black_row = find_matching (GTK_WIDGET (fixture->editor), row_titled, "Pieces");
  g_assert_nonnull (black_row);
  {
    /* Black's group is the second one with a "Pieces" row. */
    GtkWidget *group = gtk_widget_get_ancestor (black_row, ADW_TYPE_PREFERENCES_GROUP);
    GtkWidget *next = gtk_widget_get_next_sibling (group);

    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (black_row)), ==,
                     "16 fixed pieces on the board at the start");
    black_row = find_matching (next, row_titled, "Pieces");
    g_assert_nonnull (black_row);
    g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (black_row)), ==,
                     "13 fixed pieces on the board at the start");
  }
  /* The stroke was one step. */
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_cmpint (cell_value (doc, "e7"), ==, BS_CELL_MAKE (2, 0, 0));
  g_assert_cmpint (cell_value (doc, "d8"), ==, BS_CELL_EMPTY);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (black_row)), ==,
                   "15 fixed pieces on the board at the start");
  save_window_png (fixture, "ui-editor-fix-start-after.png");
  /* Undone to the rows the rules make: the option works again. */
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_true (bs_variant_document_undo (doc));
  g_assert_cmpuint (bs_variant_document_get_variant (doc)->setup->len, ==, 0);
  g_assert_true (gtk_widget_get_sensitive (bs_editor_view_get_option_row (fixture->editor,
                                                                          "rows")));
  g_assert_true (gtk_widget_is_sensitive (button));
  g_assert_true (bs_variant_document_redo (doc));
  g_assert_true (bs_variant_document_redo (doc));
  /* On a phone's width: the row and its button fit (test-adaptive checks
   * the minimum width). */
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, 640);
  ui_test_wait_until (narrowed, fixture->window, "the window narrowed");
  scroll_into_view (row);
  save_window_png (fixture, "ui-editor-fix-start-narrow.png");
  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 1100, 760);

  /* An empty start: greyed out, and why. */
  {
    g_autoptr(BsVariantDocument) empty = bs_variant_document_new_for_module ("agoraphobia", NULL);

    bs_editor_view_set_document (fixture->editor, empty);
  }
  button = find_matching (GTK_WIDGET (fixture->editor), has_action, "editor.fix-start");
  g_assert_nonnull (button);
  g_assert_false (gtk_widget_is_sensitive (button));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==,
                   "The game starts with no piece on the board: there is nothing to fix");
}

static AdwMessageDialog *
find_dialog (Fixture *fixture)
{
  GList *toplevels = gtk_window_list_toplevels ();
  AdwMessageDialog *dialog = NULL;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      dialog = l->data;
  g_list_free (toplevels);
  return dialog;
}

static gboolean
dialog_shown (gpointer fixture)
{
  return find_dialog (fixture) != NULL;
}

/* Unsaved edits are asked about; Save puts a copy of a built-in variant in
 * the user's variant folder, which the editor then opens in place. */
static void
test_unsaved_and_user_dir (Fixture       *fixture,
                           gconstpointer  data)
{
  BsVariantDocument *doc;
  AdwMessageDialog *dialog;
  g_autofree char *dir = bs_variant_document_user_dir ();
  g_autofree char *path = NULL;
  g_autoptr(BsVariant) loaded = NULL;
  g_autoptr(GError) error = NULL;

  if (!have_module ("tribes"))
    return;
  g_assert_true (g_str_has_prefix (dir, g_getenv ("XDG_DATA_HOME")));
  edit (fixture, "tribes");
  doc = g_object_ref (bs_editor_view_get_document (fixture->editor));
  g_assert_cmpstr (bs_variant_document_get_variant (doc)->name, ==, "Tribes (copy)");
  g_assert_false (bs_variant_document_get_modified (doc));
  g_assert_null (bs_variant_document_get_path (doc));

  /* 6×5 needs 29 pieces: 15 each. */
  bs_variant_document_set_width (doc, 6);
  bs_variant_document_set_supply (doc, 1, "piece", 15);
  bs_variant_document_set_supply (doc, 2, "piece", 15);
  g_assert_true (bs_variant_document_get_valid (doc));
  g_assert_true (bs_variant_document_get_modified (doc));

  /* Back to the list: asked first; Cancel stays. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->editor), "editor.close", NULL);
  ui_test_wait_until (dialog_shown, fixture, "the question");
  dialog = find_dialog (fixture);
  g_assert_nonnull (dialog);
  ui_test_answer_dialog (dialog, "cancel");
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "editor");
  g_assert_true (bs_editor_view_get_document (fixture->editor) == doc);

  /* Save from the dialog: into the user's variant folder, then the list. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->editor), "editor.close", NULL);
  ui_test_wait_until (dialog_shown, fixture, "the question");
  dialog = find_dialog (fixture);
  g_assert_nonnull (dialog);
  ui_test_answer_dialog (dialog, "save");
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "start");
  path = g_strdup (bs_variant_document_get_path (doc));
  g_assert_nonnull (path);
  g_assert_true (g_str_has_prefix (path, dir));
  g_assert_true (g_str_has_suffix (path, "tribes-copy.bsvariant"));
  loaded = bs_variant_load_file (path, &error);
  g_assert_no_error (error);
  g_assert_true (bs_variant_equal (loaded, bs_variant_document_get_variant (doc)));
  g_assert_false (bs_variant_document_get_modified (doc));
  g_object_unref (doc);

  /* The saved file is edited in place, not copied. */
  edit (fixture, path);
  doc = bs_editor_view_get_document (fixture->editor);
  g_assert_cmpstr (bs_variant_document_get_path (doc), ==, path);
  g_assert_cmpstr (bs_variant_document_get_variant (doc)->name, ==, "Tribes (copy)");
  g_assert_cmpint (bs_variant_document_get_variant (doc)->board.width, ==, 6);
  g_unlink (path);
}

/* Widgets found as a person finds them: by the text they show. */
static GtkWidget *
find_widget (GtkWidget  *root,
             GType       type,
             const char *text)
{
  const char *shown = NULL;

  if (!gtk_widget_get_visible (root))
    return NULL;
  if (G_TYPE_CHECK_INSTANCE_TYPE (root, type))
    {
      if (ADW_IS_PREFERENCES_ROW (root))
        shown = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (root));
      else if (GTK_IS_LABEL (root))
        shown = gtk_label_get_text (GTK_LABEL (root));
      else if (GTK_IS_BUTTON (root))
        shown = gtk_button_get_label (GTK_BUTTON (root));
      if (text == NULL || (shown != NULL && strstr (shown, text) != NULL))
        return root;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, type, text);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_in_editor (Fixture    *fixture,
                GType       type,
                const char *text)
{
  return find_widget (GTK_WIDGET (fixture->editor), type, text);
}

static gboolean
model_has (AdwComboRow *row,
           const char  *text)
{
  GListModel *model = adw_combo_row_get_model (row);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_strcmp0 (gtk_string_list_get_string (GTK_STRING_LIST (model), i), text) == 0)
      return TRUE;
  return FALSE;
}

/* The small things of issue 13.9: wording with one kind of piece, the
 * handicap naming the players and giving a valid variant, a typed number
 * out of range said, the settings scrolled back to the top for the next
 * variant, and F1 explaining the editor. */
static void
test_details (Fixture       *fixture,
              gconstpointer  data)
{
  BsVariantDocument *doc;
  GtkWidget *row, *summary, *spin, *apply;
  AdwMessageDialog *dialog;
  GtkScrolledWindow *scrolled;

  if (!have_module ("tribes") || !have_module ("abrobad"))
    return;
  edit (fixture, "tribes");
  doc = bs_editor_view_get_document (fixture->editor);

  /* One kind: "Pieces", and "12 pieces" in the summary. */
  g_assert_null (find_in_editor (fixture, ADW_TYPE_ACTION_ROW, "Piece pieces"));
  g_assert_nonnull (find_in_editor (fixture, ADW_TYPE_ACTION_ROW, "Pieces"));
  summary = find_in_editor (fixture, GTK_TYPE_LABEL, "25 cells");
  g_assert_nonnull (summary);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (summary)), ==,
                   "25 cells · Red: 12 pieces · Blue: 12 pieces");

  /* The handicap row names the players, as they are renamed. */
  bs_variant_document_set_player_name (doc, 2, "Zed");
  row = find_in_editor (fixture, ADW_TYPE_COMBO_ROW, "Player with fewer pieces");
  g_assert_nonnull (row);
  g_assert_true (model_has (ADW_COMBO_ROW (row), "Zed"));
  g_assert_false (model_has (ADW_COMBO_ROW (row), "Player 2"));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (row)), ==, 1);
  /* Apply gives a valid variant and says what it did. */
  apply = find_in_editor (fixture, GTK_TYPE_BUTTON, "_Apply");
  g_assert_nonnull (apply);
  g_signal_emit_by_name (apply, "clicked");
  ui_test_pump_pending ();
  g_assert_true (bs_variant_document_get_valid (doc));
  g_assert_cmpint (supply (doc, 1, "piece"), ==, 13);
  g_assert_cmpint (supply (doc, 2, "piece"), ==, 12);
  g_assert_cmpstr (bs_window_get_last_message (fixture->window), ==,
                   "Zed now has 1 piece fewer than Red (12 against 13): both supplies went "
                   "up, as the rules need more pieces in all.");

  /* Scrolled down, then another variant: back at the top. */
  scrolled = GTK_SCROLLED_WINDOW (find_in_editor (fixture, GTK_TYPE_SCROLLED_WINDOW, NULL));
  g_assert_nonnull (scrolled);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (scrolled), 400);
  ui_test_pump_pending ();
  g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scrolled)),
                     >, 0);
  /* The edits so far are thrown away when asked. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.edit-variant", "s", "abrobad");
  ui_test_wait_until (dialog_shown, fixture, "the question");
  dialog = find_dialog (fixture);
  g_assert_nonnull (dialog);
  ui_test_answer_dialog (dialog, "discard");
  ui_test_wait_until (editing, fixture->window, "the editor open");
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
  doc = bs_editor_view_get_document (fixture->editor);
  g_assert_cmpstr (bs_variant_document_get_module (doc)->id, ==, "abrobad");
  scrolled = GTK_SCROLLED_WINDOW (find_in_editor (fixture, GTK_TYPE_SCROLLED_WINDOW, NULL));
  g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrolled_window_get_vadjustment (scrolled)),
                     ==, 0);

  /* 40 typed as the side of the hexagon: 18, and the row says so. */
  row = find_in_editor (fixture, ADW_TYPE_ACTION_ROW, "Short side");
  g_assert_nonnull (row);
  spin = find_widget (row, GTK_TYPE_SPIN_BUTTON, NULL);
  g_assert_nonnull (spin);
  gtk_editable_set_text (GTK_EDITABLE (spin), "40");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  g_assert_cmpint (bs_variant_document_get_variant (doc)->board.size, ==, 18);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "40 is more than 18, the most allowed: set to 18");
  g_assert_true (gtk_widget_has_css_class (row, "clamped"));
  /* Typed again, in range: the row's own subtitle is back. */
  gtk_editable_set_text (GTK_EDITABLE (spin), "6");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  g_assert_cmpint (bs_variant_document_get_variant (doc)->board.size, ==, 6);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Cells along one side of the hexagon");
  g_assert_false (gtk_widget_has_css_class (row, "clamped"));
  /* Too small is said too. */
  gtk_editable_set_text (GTK_EDITABLE (spin), "0");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  g_assert_cmpint (bs_variant_document_get_variant (doc)->board.size, ==, 2);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "0 is less than 2, the least allowed: set to 2");
  /* The + button changes the value: the note goes. */
  gtk_spin_button_spin (GTK_SPIN_BUTTON (spin), GTK_SPIN_STEP_FORWARD, 1);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Cells along one side of the hexagon");
  /* Another field edited: the note, about an edit before, goes too. */
  gtk_editable_set_text (GTK_EDITABLE (spin), "0");
  gtk_spin_button_update (GTK_SPIN_BUTTON (spin));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "0 is less than 2, the least allowed: set to 2");
  {
    GtkWidget *limit_row = find_in_editor (fixture, ADW_TYPE_ACTION_ROW, "Move limit");
    GtkWidget *limit;

    g_assert_nonnull (limit_row);
    limit = find_widget (limit_row, GTK_TYPE_SPIN_BUTTON, NULL);
    g_assert_nonnull (limit);
    gtk_spin_button_set_value (GTK_SPIN_BUTTON (limit),
                               gtk_spin_button_get_value (GTK_SPIN_BUTTON (limit)) + 10);
  }
  g_assert_cmpint (bs_variant_document_get_variant (doc)->board.size, ==, 2);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Cells along one side of the hexagon");
  g_assert_false (gtk_widget_has_css_class (row, "clamped"));

  /* F1 in the editor explains the editor. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.help", NULL);
  ui_test_wait_until (dialog_shown, fixture, "the help");
  dialog = find_dialog (fixture);
  g_assert_nonnull (dialog);
  g_assert_cmpstr (adw_message_dialog_get_heading (dialog), ==, "Variant Editor");
  g_assert_nonnull (strstr (adw_message_dialog_get_body (dialog), "draft"));
  gtk_window_destroy (GTK_WINDOW (dialog));
  bs_variant_document_revert (doc, NULL);
}

static gboolean
draft_listed (gpointer data)
{
  Fixture *fixture = data;

  return find_widget (GTK_WIDGET (fixture->window), ADW_TYPE_ACTION_ROW, "Half Done") != NULL;
}

/* An unfinished variant is saved from the editor as a draft, listed under
 * Your Variants as one, and opened from there in the editor. */
static void
test_save_draft (Fixture       *fixture,
                 gconstpointer  data)
{
  BsVariantDocument *doc;
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  GtkWidget *row;

  if (!have_module ("ikabegama"))
    return;
  edit (fixture, "ikabegama");
  doc = bs_editor_view_get_document (fixture->editor);
  bs_variant_document_set_name (doc, "Half Done");
  bs_variant_document_set_special (doc, "nest", 2, "a1");
  g_assert_false (bs_variant_document_get_valid (doc));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.save", NULL));
  ui_test_pump_pending ();
  path = g_strdup (bs_variant_document_get_path (doc));
  g_assert_nonnull (path);
  g_assert_false (bs_variant_document_get_modified (doc));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "draft=\"true\""));
  g_assert_cmpstr (bs_window_get_last_message (fixture->window), ==,
                   "“Half Done” saved as a draft, to finish later");

  /* Back to the list: the draft is there, and opens in the editor. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->editor), "editor.close", NULL);
  ui_test_pump_pending ();
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "start");
  /* The start page reads the user's variants in a thread. */
  ui_test_wait_until (draft_listed, fixture, "the draft listed");
  row = find_widget (GTK_WIDGET (fixture->window), ADW_TYPE_ACTION_ROW, "Half Done");
  g_assert_nonnull (row);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Both nests are on a1; the two nests must be different cells");
  gtk_widget_activate (row);
  ui_test_wait_until (editing, fixture->window, "the draft open");
  g_assert_cmpstr (bs_window_get_page (fixture->window), ==, "editor");
  doc = bs_editor_view_get_document (fixture->editor);
  g_assert_cmpstr (bs_variant_document_get_path (doc), ==, path);
  g_assert_false (bs_variant_document_get_valid (doc));
  g_unlink (path);
}

static void
test_render_png (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *name = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  g_autofree guint32 *pixels = NULL;
  g_autofree char *file = g_strdup_printf ("ui-editor-%s.png", name);
  g_autofree char *png = NULL;
  int width, height;
  guint most = 0;

  if (!have_module (name))
    return;
  edit (fixture, name);
  ui_test_wait_frame (GTK_WIDGET (fixture->window));
  texture = bs_screenshot_render (GTK_WIDGET (fixture->window), &error);
  g_assert_no_error (error);
  width = gdk_texture_get_width (texture);
  height = gdk_texture_get_height (texture);
  pixels = g_new (guint32, (gsize) width * height);
  gdk_texture_download (texture, (guchar *) pixels, (gsize) width * 4);
  for (int i = 0; i < width * height; i++)
    {
      guint n = GPOINTER_TO_UINT (g_hash_table_lookup (colours, GUINT_TO_POINTER (pixels[i])));

      g_hash_table_insert (colours, GUINT_TO_POINTER (pixels[i]), GUINT_TO_POINTER (n + 1));
      most = MAX (most, n + 1);
    }
  /* A blank window has a handful of colours; a board and rows of text
   * have hundreds. */
  g_assert_cmpuint (g_hash_table_size (colours), >, 200);
  g_assert_cmpfloat ((double) most / (width * height), <, 0.8);
  png = g_test_build_filename (G_TEST_BUILT, file, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, png));
}

/* test-editor --bench-edits: the cost of one edit through the document
 * (snapshot, change, validation by building a ruleset, preview), the
 * median of 5 runs of 1000 edits per module. No display needed. */
static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static int
bench_edits (void)
{
  guint n_modules;
  const BsModule * const *modules = bs_module_list (&n_modules);

  for (guint m = 0; m < n_modules; m++)
    {
      g_autoptr(BsVariantDocument) doc = bs_variant_document_new_for_module (modules[m]->id, NULL);
      const BsRuleset *rs = bs_variant_document_get_ruleset (doc);
      const char *label = bs_board_cell_label (rs->board, rs->n_cells / 2 + 1);
      g_autofree char *copy = g_strdup (label);
      double runs[5];

      for (int r = 0; r < 5; r++)
        {
          gint64 start = g_get_monotonic_time ();

          for (int i = 0; i < 1000; i++)
            bs_variant_document_toggle_hole (doc, copy);
          runs[r] = (double) (g_get_monotonic_time () - start) / 1000.0;
        }
      qsort (runs, 5, sizeof runs[0], compare_doubles);
      g_print ("%-12s %7.1f us per edit (median of 5 runs of 1000)\n", modules[m]->id, runs[2]);
    }
  return 0;
}

int
main (int   argc,
      char *argv[])
{
  static const char *games[] = { "agoraphobia", "ikabegama", "tribes" };

  if (argc == 3 && g_str_equal (argv[1], "--write-examples"))
    return write_examples (argv[2]);
  if (argc == 2 && g_str_equal (argv[1], "--bench-edits"))
    return bench_edits ();

  app = ui_test_init (&argc, &argv);

  g_test_add_func ("/editor/document/round-trip", test_round_trip);
  g_test_add_func ("/editor/document/undo-merges", test_undo_merges);
  g_test_add_func ("/editor/document/validation", test_validation);
  g_test_add_func ("/editor/document/preview-as-entered", test_preview_as_entered);
  g_test_add_func ("/editor/document/stroke-group", test_stroke_group);
  g_test_add_func ("/editor/document/handicap-valid", test_handicap_valid);
  g_test_add_func ("/editor/document/draft", test_draft);
  g_test_add_func ("/editor/document/fix-start-builtin", test_fix_start_builtin);
  g_test_add_func ("/editor/document/fix-start-handicap", test_fix_start_handicap);
  g_test_add_func ("/editor/grid-mapping", test_grid_mapping);
  g_test_add_func ("/editor/examples", test_examples);
  g_test_add ("/editor/move-limit-row", Fixture, NULL, fixture_setup, test_move_limit_row,
              fixture_teardown);
  g_test_add ("/editor/option-rows", Fixture, NULL, fixture_setup, test_option_rows,
              fixture_teardown);
  g_test_add ("/editor/paint", Fixture, NULL, fixture_setup, test_paint, fixture_teardown);
  g_test_add ("/editor/pieces-and-play", Fixture, NULL, fixture_setup, test_pieces_and_play,
              fixture_teardown);
  g_test_add ("/editor/details", Fixture, NULL, fixture_setup, test_details, fixture_teardown);
  g_test_add ("/editor/fix-start", Fixture, NULL, fixture_setup, test_fix_start_page,
              fixture_teardown);
  g_test_add ("/editor/save-draft", Fixture, NULL, fixture_setup, test_save_draft,
              fixture_teardown);
  g_test_add ("/editor/unsaved-and-user-dir", Fixture, NULL, fixture_setup,
              test_unsaved_and_user_dir, fixture_teardown);
  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *path = g_strdup_printf ("/editor/png/%s", games[i]);
      g_test_add (path, Fixture, games[i], fixture_setup, test_render_png, fixture_teardown);
    }

  return ui_test_run (&app);
}
