/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-match.c: one game in progress (bs-match.h) and its record files
 * (bs-match-file.h), on Agoraphobia's opening worked out by hand
 * (test-audit-agoraphobia.c): Light S@d4 → d4=1S; Dark S@e4 pushes d4 west
 * → c4=1S e4=2S; Light L@d4 pushes both apart → a4=1S d4=1L g4=2S; at
 * ply 2 a placement must push, so S@a7 (next to nothing) is illegal. */

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "bs-error.h"
#include "bs-match-file.h"
#include "bs-match.h"
#include "bs-ruleset.h"

static BsRuleset *
agoraphobia (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("agoraphobia", &error);
  BsRuleset *rs;

  g_assert_no_error (error);
  rs = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  return rs;
}

/* The pieces of pos as "cell=PK" in cell order: "a4=1S d4=1L g4=2S". */
static char *
pieces (const BsRuleset  *rs,
        const BsPosition *pos)
{
  GString *out = g_string_new (NULL);

  for (int c = 0; c < rs->n_cells; c++)
    {
      guint8 value = pos->cells[c];

      if (value == BS_CELL_EMPTY)
        continue;
      g_string_append_printf (out, "%s%s=%d%c", out->len > 0 ? " " : "",
                              bs_board_cell_label (rs->board, c), BS_CELL_OWNER (value),
                              BS_CELL_KIND (value) == 0 ? 'S' : 'L');
    }
  return g_string_free (out, FALSE);
}

static void
assert_pieces (const BsMatch *match,
               guint          n_played,
               const char    *expected)
{
  g_autofree char *got = pieces (bs_match_get_ruleset (match),
                                 bs_match_get_position_at (match, n_played));

  g_assert_cmpstr (got, ==, expected);
}

static void
play (BsMatch    *match,
      const char *text)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (bs_match_play_notation (match, text, &error));
  g_assert_no_error (error);
}

static char *
tmp_file (const char *name)
{
  static char *dir;

  if (dir == NULL)
    {
      g_autoptr(GError) error = NULL;

      dir = g_dir_make_tmp ("test-match-XXXXXX", &error);
      g_assert_no_error (error);
    }
  return g_build_filename (dir, name, NULL);
}

/* Turns played move the cursor; each position is kept. */
static void
test_play (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsMatch) match = bs_match_new (rs, 7);

  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 0);
  g_assert_false (bs_match_can_undo (match));
  g_assert_false (bs_match_can_redo (match));
  g_assert_cmpint (bs_match_get_position (match)->to_move, ==, 1);

  play (match, "S@d4");
  play (match, "S@e4");
  play (match, "L@d4");
  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 3);
  g_assert_cmpuint (bs_match_get_current (match), ==, 3);
  assert_pieces (match, 0, "");
  assert_pieces (match, 1, "d4=1S");
  assert_pieces (match, 2, "c4=1S e4=2S");
  assert_pieces (match, 3, "a4=1S d4=1L g4=2S");
  g_assert_cmpstr (bs_match_get_notation (match, 1), ==, "S@e4");
  g_assert_cmpint (bs_match_get_position (match)->to_move, ==, 2);
  g_assert_true (bs_match_get_position (match) == bs_match_get_position_at (match, 3));
  g_assert_cmpint (bs_match_get_result (match), ==, BS_RESULT_ONGOING);
  g_assert_cmpint (bs_match_get_ending (match), ==, BS_ENDING_NONE);
  g_assert_false (bs_match_is_over (match));
  g_assert_cmpuint (bs_match_get_seed (match), ==, 7);
  g_assert_true (bs_match_get_ruleset (match) == rs);
}

/* An illegal turn is refused and changes nothing. */
static void
test_illegal_turn (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsMatch) match = bs_match_new (rs, 0);
  g_autoptr(GError) error = NULL;

  play (match, "S@d4");
  play (match, "S@e4");
  g_assert_false (bs_match_play_notation (match, "S@a7", &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL);
  g_assert_nonnull (strstr (error->message, "S@a7"));
  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 2);
  g_assert_cmpuint (bs_match_get_current (match), ==, 2);
  assert_pieces (match, 2, "c4=1S e4=2S");
}

/* Undo and redo move the cursor over the kept turns; a new turn from an
 * earlier position drops the ones after it. */
static void
test_undo_redo (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsMatch) match = bs_match_new (rs, 0);
  g_autofree char *shown = NULL;

  play (match, "S@d4");
  play (match, "S@e4");
  play (match, "L@d4");

  g_assert_true (bs_match_undo (match));
  g_assert_true (bs_match_undo (match));
  g_assert_cmpuint (bs_match_get_current (match), ==, 1);
  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 3);
  g_assert_true (bs_match_can_undo (match));
  g_assert_true (bs_match_can_redo (match));
  shown = pieces (rs, bs_match_get_position (match));
  g_assert_cmpstr (shown, ==, "d4=1S");
  g_assert_cmpint (bs_match_get_position (match)->to_move, ==, 2);
  /* The game's end is its last turn's, wherever the cursor is. */
  g_assert_false (bs_match_is_over (match));

  g_assert_true (bs_match_redo (match));
  g_assert_cmpuint (bs_match_get_current (match), ==, 2);
  bs_match_go_to (match, 0);
  g_assert_false (bs_match_undo (match));
  g_assert_cmpuint (bs_match_get_current (match), ==, 0);
  bs_match_go_to (match, 3);
  g_assert_false (bs_match_redo (match));

  /* Back to after S@d4; Dark plays elsewhere: S@e4 and L@d4 are gone. */
  bs_match_go_to (match, 1);
  play (match, "S@d6");
  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 2);
  g_assert_cmpuint (bs_match_get_current (match), ==, 2);
  g_assert_false (bs_match_can_redo (match));
  g_assert_cmpstr (bs_match_get_notation (match, 1), ==, "S@d6");
  /* d6 is two cells up d4's NW ray: d5 lies between, nothing is pushed. */
  assert_pieces (match, 2, "d4=1S d6=2S");

  /* drop_redo: the position stays, what could be redone goes. */
  bs_match_undo (match);
  g_assert_true (bs_match_drop_redo (match));
  g_assert_false (bs_match_drop_redo (match));
  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 1);
  g_assert_cmpuint (bs_match_get_current (match), ==, 1);
}

/* Steps given one by one, as the board gives them. */
static void
test_play_steps (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsMatch) match = bs_match_new (rs, 0);
  g_autoptr(GError) error = NULL;
  BsMove move;
  guint n_steps = 0;

  g_assert_true (bs_ruleset_parse_move (rs, bs_match_get_position (match), "S@d4", &move,
                                        &error));
  g_assert_true (bs_match_play_turn (match, &move, 1, &error));
  g_assert_no_error (error);
  g_assert_true (bs_match_get_turn_steps (match, 0, &n_steps)[0] == move);
  g_assert_cmpuint (n_steps, ==, 1);
  g_assert_cmpstr (bs_match_get_notation (match, 0), ==, "S@d4");
  /* The same placement again: d4 is taken. */
  g_assert_false (bs_match_play_turn (match, &move, 1, &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_ILLEGAL);
  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 1);
}

/* A game played to its end: over, its result and ending kept while the
 * cursor steps back; no turn after the end. */
static void
test_game_over (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsMatch) match = bs_match_new (rs, 3);
  g_autofree BsMove *scratch = g_new (BsMove, rs->max_moves);
  g_autoptr(GError) error = NULL;
  BsRng rng;
  BsMove move;

  bs_rng_init (&rng, 3);
  while (!bs_match_is_over (match))
    {
      move = bs_ruleset_random_move (rs, bs_match_get_position (match), &rng, scratch);
      g_assert_true (bs_match_play_turn (match, &move, 1, &error));
    }
  g_assert_cmpint (bs_match_get_result (match), !=, BS_RESULT_ONGOING);
  g_assert_cmpint (bs_match_get_ending (match), !=, BS_ENDING_NONE);
  bs_match_go_to (match, 1);
  g_assert_true (bs_match_is_over (match));
  g_assert_cmpint (bs_match_get_result (match), ==,
                   bs_match_get_position_at (match, bs_match_get_n_turns (match))->result);

  bs_match_go_to (match, bs_match_get_n_turns (match));
  g_assert_false (bs_match_play_turn (match, &move, 1, &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_GAME_OVER);
}

/* Names: the variant's until given. */
static void
test_names (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsMatch) match = bs_match_new (rs, 0);

  g_assert_cmpstr (bs_match_get_player_name (match, 1), ==,
                   bs_variant_display_player (rs->variant, 1));
  bs_match_set_player_name (match, 2, "Bo");
  g_assert_cmpstr (bs_match_get_player_name (match, 2), ==, "Bo");
  bs_match_set_player_name (match, 2, NULL);
  g_assert_cmpstr (bs_match_get_player_name (match, 2), ==,
                   bs_variant_display_player (rs->variant, 2));
  g_assert_null (bs_match_get_date (match));
}

/* Saved while stepped back: every kept turn is in the file, and the result
 * of the last; loading puts the cursor at the end. */
static void
test_save_stepped_back (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsMatch) match = bs_match_new (rs, 5);
  g_autoptr(BsMatch) loaded = NULL;
  g_autoptr(BsRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = tmp_file ("stepped-back.boardsmith");
  g_autofree char *warning = NULL;

  play (match, "S@d4");
  play (match, "S@e4");
  play (match, "L@d4");
  bs_match_set_player_name (match, 1, "Ann");
  bs_match_go_to (match, 1);

  record = bs_match_to_record (match);
  g_assert_cmpuint (record->moves->len, ==, 3);
  g_assert_cmpstr (g_array_index (record->moves, BsRecordMove, 2).text, ==, "L@d4");
  g_assert_true (record->has_result);
  g_assert_cmpint (record->result, ==, BS_RESULT_ONGOING);
  g_assert_cmpstr (bs_record_get_player (record, 1), ==, "Ann");

  g_assert_true (bs_match_save_file (match, path, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (bs_match_get_current (match), ==, 1);

  loaded = bs_match_load_file (path, &warning, &error);
  g_assert_no_error (error);
  g_assert_null (warning);
  g_assert_cmpuint (bs_match_get_n_turns (loaded), ==, 3);
  g_assert_cmpuint (bs_match_get_current (loaded), ==, 3);
  g_assert_cmpuint (bs_match_get_seed (loaded), ==, 5);
  g_assert_cmpstr (bs_match_get_player_name (loaded, 1), ==, "Ann");
  g_assert_nonnull (bs_match_get_date (loaded));
  assert_pieces (loaded, 3, "a4=1S d4=1L g4=2S");
  g_assert_cmpint (memcmp (bs_match_get_position_at (match, 3), bs_match_get_position (loaded),
                           rs->position_size), ==, 0);
  g_unlink (path);
}

/* A saved record loaded and written again is the same bytes. */
static void
test_round_trip (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsMatch) match = bs_match_new (rs, 11);
  g_autoptr(BsMatch) loaded = NULL;
  g_autoptr(BsRecord) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = tmp_file ("round-trip.boardsmith");
  g_autofree char *saved = NULL;
  g_autofree char *written = NULL;
  gsize saved_length = 0, written_length = 0;

  play (match, "S@d4");
  play (match, "S@e4");
  bs_match_set_player_name (match, 2, "Bo");
  g_assert_true (bs_match_save_file (match, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &saved, &saved_length, &error));

  loaded = bs_match_load_file (path, NULL, &error);
  g_assert_no_error (error);
  /* bs_match_to_record keeps the date loaded (the save itself dates it). */
  again = bs_match_to_record (loaded);
  written = bs_record_to_xml (again, &written_length);
  g_assert_cmpstr (written, ==, saved);
  g_assert_cmpuint (written_length, ==, saved_length);
  g_unlink (path);
}

/* A record whose third move is illegal is refused, naming the file, the
 * move's line and its ply; the CLI and the app both say so. */
static void
test_illegal_record (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsRecord) record = bs_record_new (rs->variant, 0);
  g_autoptr(BsMatch) match = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *path = tmp_file ("illegal.boardsmith");
  g_autofree char *contents = NULL;
  g_autofree char *expected = NULL;
  int line = 1;

  bs_record_add_move (record, "S@d4");
  bs_record_add_move (record, "S@e4");
  bs_record_add_move (record, "S@a7");
  g_assert_true (bs_record_save_file (record, path, &error));
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  for (const char *p = contents; p < strstr (contents, "<move>S@a7"); p++)
    line += *p == '\n';

  match = bs_match_load_file (path, NULL, &error);
  g_assert_null (match);
  g_assert_error (error, BS_RECORD_ERROR, BS_RECORD_ERROR_MOVE);
  expected = g_strdup_printf ("%s:%d: ply 3: illegal move \"S@a7\"", path, line);
  g_assert_true (g_str_has_prefix (error->message, expected));
  g_clear_error (&error);

  /* Played on its own: stops before the illegal move. */
  g_clear_pointer (&record, bs_record_free);
  record = bs_record_load_file (path, &error);
  g_assert_no_error (error);
  match = bs_match_new_from_record (record, &error);
  g_assert_no_error (error);
  g_assert_false (bs_match_play_record (match, record, &error));
  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 2);
  assert_pieces (match, 2, "c4=1S e4=2S");
  g_unlink (path);
}

/* A record's names go into its variant (what a game shows and keeps). */
static void
test_record_names (void)
{
  g_autoptr(BsRuleset) rs = agoraphobia ();
  g_autoptr(BsRecord) record = bs_record_new (rs->variant, 2);
  g_autoptr(BsMatch) match = NULL;
  g_autoptr(GError) error = NULL;

  bs_record_set_player (record, 1, "Ann");
  bs_record_add_move (record, "S@d4");
  match = bs_match_new_from_record (record, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 0);
  g_assert_cmpstr (bs_match_get_player_name (match, 1), ==, "Ann");
  g_assert_cmpstr (bs_match_get_ruleset (match)->variant->players[0].name, ==, "Ann");
  g_assert_cmpstr (bs_match_get_player_name (match, 2), ==,
                   bs_variant_display_player (rs->variant, 2));
  g_assert_true (bs_match_play_record (match, record, &error));
  g_assert_cmpuint (bs_match_get_n_turns (match), ==, 1);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/match/play", test_play);
  g_test_add_func ("/match/illegal-turn", test_illegal_turn);
  g_test_add_func ("/match/undo-redo", test_undo_redo);
  g_test_add_func ("/match/play-steps", test_play_steps);
  g_test_add_func ("/match/game-over", test_game_over);
  g_test_add_func ("/match/names", test_names);
  g_test_add_func ("/match/save-stepped-back", test_save_stepped_back);
  g_test_add_func ("/match/round-trip", test_round_trip);
  g_test_add_func ("/match/illegal-record", test_illegal_record);
  g_test_add_func ("/match/record-names", test_record_names);

  return g_test_run ();
}
