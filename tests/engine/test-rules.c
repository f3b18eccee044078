/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules.c: games written in the rules language (docs/RULES-LANGUAGE.md)
 * against their C modules, the oracles: perft in lock-step (every node's
 * legal moves, in order and bit for bit, and the positions after each of
 * them, extra bytes and hashes included), random playouts in lock-step
 * (the same moves, random move, notation both ways, position, hash,
 * result, ending and measures at every ply), and broken rules files, each
 * refused with its file:line and the nearest valid name. */

#include "config.h"

#include <string.h>

#include "bs-error.h"
#include "bs-ruleset.h"
#include "bs-rules-game.h"
#include "bs-variant-xml.h"

/* A C module and the written game on one variant. */
typedef struct {
  BsRuleset *c;
  BsRuleset *w;
} Pair;

static BsRulesGame *
load_game (const char *id)
{
  g_autofree char *path = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "games",
                                            id, NULL);
  g_autofree char *file = g_strconcat (path, ".xml", NULL);
  g_autoptr(GError) error = NULL;
  BsRulesGame *game = bs_rules_game_load_file (file, &error);

  g_assert_no_error (error);
  return game;
}

/* The shipped variant `id`, with --set settings (NULL-terminated) and
 * fixed pieces ("c7=2 d7=2", or NULL). */
static Pair make_pair_from (const char         *id,
                            const char         *file,
                            const char * const *settings,
                            const char         *pieces,
                            const char         *holes);

static Pair
make_pair (const char         *id,
           const char * const *settings,
           const char         *pieces)
{
  g_autofree char *file = g_strdup_printf ("%s.xml", id);

  return make_pair_from (id, file, settings, pieces, NULL);
}

/* The variant `file` of the rules directory for the game `id`; a fixed
 * piece is "c7=2" (of the first kind) or "c7=2:large"; holes "d4 b2". */
static Pair
make_pair_from (const char         *id,
                const char         *file,
                const char * const *settings,
                const char         *pieces,
                const char         *holes)
{
  g_autofree char *path = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), file, NULL);
  g_autoptr(BsVariant) variant = NULL;
  g_autoptr(BsRulesGame) game = load_game (id);
  g_autoptr(GError) error = NULL;
  Pair pair;

  variant = bs_variant_load_file (path, &error);
  g_assert_no_error (error);
  if (settings != NULL)
    {
      bs_variant_apply_settings (variant, settings, &error);
      g_assert_no_error (error);
    }
  if (pieces != NULL)
    {
      g_auto (GStrv) items = g_strsplit (pieces, " ", -1);

      for (guint i = 0; items[i] != NULL; i++)
        {
          g_auto (GStrv) kv = g_strsplit (items[i], "=", 2);
          const char *kind = strchr (kv[1], ':');
          BsVariantPiece piece = { g_strdup (kv[0]), (int) g_ascii_strtoll (kv[1], NULL, 10),
                                   g_strdup (kind != NULL ? kind + 1 : "piece"), -1, 0 };

          g_array_append_val (variant->setup, piece);
        }
    }
  if (holes != NULL)
    {
      g_auto (GStrv) items = g_strsplit (holes, " ", -1);

      for (guint i = 0; items[i] != NULL; i++)
        {
          BsVariantHole hole = { g_strdup (items[i]), 0 };

          g_array_append_val (variant->holes, hole);
        }
    }
  pair.c = bs_ruleset_new (variant, &error);
  g_assert_no_error (error);
  pair.w = bs_rules_game_new_ruleset (game, variant, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (pair.c->position_size, ==, pair.w->position_size);
  g_assert_cmpuint (pair.c->max_moves, ==, pair.w->max_moves);
  return pair;
}

static void
pair_clear (Pair *pair)
{
  bs_ruleset_unref (pair->c);
  bs_ruleset_unref (pair->w);
}

/* Both positions are the same bytes (header, cells, derived sets), with
 * the same hashes, result, ending and measures. */
static void
assert_same_position (const Pair       *pair,
                      const BsPosition *c,
                      const BsPosition *w)
{
  int vc[BS_MAX_MEASURES][2], vw[BS_MAX_MEASURES][2];
  guint nc, nw;

  g_assert_cmpuint (c->hash, ==, w->hash);
  g_assert_cmpuint (bs_position_hash (pair->c, c), ==, bs_position_hash (pair->w, w));
  g_assert_true (memcmp (c, w, pair->c->position_size) == 0);
  g_assert_cmpint (c->result, ==, w->result);
  g_assert_cmpint (bs_ruleset_ending (pair->c, c), ==, bs_ruleset_ending (pair->w, w));
  nc = bs_ruleset_measures (pair->c, c, vc);
  nw = bs_ruleset_measures (pair->w, w, vw);
  g_assert_cmpuint (nc, ==, nw);
  for (guint i = 0; i < nc; i++)
    {
      g_assert_cmpint (vc[i][0], ==, vw[i][0]);
      g_assert_cmpint (vc[i][1], ==, vw[i][1]);
    }
}

/* The same legal moves in the same order, bit for bit; returns how many. */
static guint
assert_same_moves (const Pair       *pair,
                   const BsPosition *c,
                   const BsPosition *w,
                   BsMove           *mc,
                   BsMove           *mw)
{
  guint n = bs_ruleset_generate (pair->c, c, mc);

  g_assert_cmpuint (bs_ruleset_generate (pair->w, w, mw), ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_cmphex (mc[i], ==, mw[i]);
  return n;
}

/* Perft of both in lock-step; returns the leaves. */
static guint64
perft (const Pair *pair,
       BsPosition *c,
       BsPosition *w,
       int         depth)
{
  g_autofree BsMove *mc = g_new (BsMove, pair->c->max_moves);
  g_autofree BsMove *mw = g_new (BsMove, pair->w->max_moves);
  BsUndo *uc, *uw;
  guint64 leaves = 0;
  guint n;

  if (depth == 0 || bs_position_is_over (c))
    {
      g_assert_cmpint (bs_position_is_over (c), ==, bs_position_is_over (w));
      return 1;
    }
  n = assert_same_moves (pair, c, w, mc, mw);
  uc = bs_undo_new (pair->c);
  uw = bs_undo_new (pair->w);
  for (guint i = 0; i < n; i++)
    {
      bs_ruleset_apply (pair->c, c, mc[i], uc);
      bs_ruleset_apply (pair->w, w, mw[i], uw);
      assert_same_position (pair, c, w);
      leaves += perft (pair, c, w, depth - 1);
      bs_ruleset_undo (pair->c, c, uc);
      bs_ruleset_undo (pair->w, w, uw);
    }
  assert_same_position (pair, c, w);
  bs_undo_free (uc);
  bs_undo_free (uw);
  return leaves;
}

typedef struct {
  const char *name;
  const char *settings[4];
  const char *pieces;
  int         depth;
} Case;

static const Case cases[] = {
  { "default", { NULL }, NULL, 4 },
  { "straight-capture", { "straight-capture=true", NULL }, NULL, 4 },
  { "misere-rows-3", { "misere=true", "rows=3", NULL }, NULL, 4 },
  { "5x5-rows-1", { "width=5", "height=5", "rows=1", NULL }, NULL, 4 },
  { "5x6-rows-2-misere", { "width=5", "height=6", "misere=true", NULL }, NULL, 4 },
  { "11x9-two-words", { "width=11", "height=9", "rows=1", NULL }, NULL, 4 },
  { "16x16-four-words", { "width=16", "height=16", "straight-capture=true", NULL }, NULL, 3 },
  { "fixed-black", { NULL }, "c5=2 d6=2 e3=2", 4 },
};

static void
test_perft (gconstpointer data)
{
  const Case *tc = data;
  Pair pair = make_pair ("breakthrough", tc->settings[0] ? tc->settings : NULL, tc->pieces);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  guint64 leaves;

  assert_same_position (&pair, c, w);
  leaves = perft (&pair, c, w, tc->depth);
  g_test_message ("%s: perft(%d) = %" G_GUINT64_FORMAT, tc->name, tc->depth, leaves);
  g_assert_cmpuint (leaves, >, 1);
  pair_clear (&pair);
}

/* Random games in lock-step; every ply compares moves, the random move
 * from the same random numbers, notation both ways, and the positions. */
static void
lockstep_games (const Pair *pair,
                guint       games,
                guint64     seed,
                gboolean    same_explanation,
                gboolean    same_random)
{
  g_autofree BsMove *mc = g_new (BsMove, pair->c->max_moves);
  g_autofree BsMove *mw = g_new (BsMove, pair->w->max_moves);
  g_autofree BsMove *scratch = g_new (BsMove, pair->c->max_moves);
  BsRng rng;
  guint64 plies = 0;

  bs_rng_init (&rng, seed);
  for (guint g = 0; g < games; g++)
    {
      g_autofree BsPosition *c = bs_ruleset_new_position (pair->c, g);
      g_autofree BsPosition *w = bs_ruleset_new_position (pair->w, g);

      assert_same_position (pair, c, w);
      while (!bs_position_is_over (c))
        {
          guint n = assert_same_moves (pair, c, w, mc, mw);
          BsRng rc = rng, rw = rng;
          BsMove move = bs_ruleset_random_move (pair->c, c, &rc, scratch);
          g_autofree char *tc = bs_ruleset_format_move (pair->c, c, move);
          g_autofree char *tw = bs_ruleset_format_move (pair->w, w, move);
          g_autoptr(BsExplanation) ec = bs_ruleset_explain_turn (pair->c, c, &move, 1);
          g_autoptr(BsExplanation) ew = bs_ruleset_explain_turn (pair->w, w, &move, 1);
          BsMove back;

          g_assert_cmpuint (n, >, 0);
          if (same_random)
            {
              g_assert_cmphex (bs_ruleset_random_move (pair->w, w, &rw, scratch), ==, move);
              g_assert_true (memcmp (&rc, &rw, sizeof rc) == 0);
            }
          else
            {
              /* A uniform pick of its own: one of the moves. */
              BsMove other = bs_ruleset_random_move (pair->w, w, &rw, scratch);
              guint k = 0;

              while (k < n && mw[k] != other)
                k++;
              g_assert_cmpuint (k, <, n);
            }
          rng = rc;
          g_assert_cmpstr (tc, ==, tw);
          g_assert_true (bs_ruleset_parse_move (pair->w, w, tc, &back, NULL));
          g_assert_cmphex (back, ==, move);
          g_assert_true (bs_ruleset_parse_move (pair->c, c, tw, &back, NULL));
          g_assert_cmphex (back, ==, move);
          if (same_explanation)
            g_assert_cmpstr (ec->summary, ==, ew->summary);
          g_assert_true (memcmp (ec->removed, ew->removed, (gsize) pair->c->n_cells) == 0);

          bs_ruleset_apply (pair->c, c, move, NULL);
          bs_ruleset_apply (pair->w, w, move, NULL);
          assert_same_position (pair, c, w);
          plies++;
        }
      g_assert_true (bs_position_is_over (w));
    }
  g_test_message ("%u games, %" G_GUINT64_FORMAT " plies in lock-step", games, plies);
}

static void
test_lockstep (gconstpointer data)
{
  const Case *tc = data;
  Pair pair = make_pair ("breakthrough", tc->settings[0] ? tc->settings : NULL, tc->pieces);

  lockstep_games (&pair, g_test_slow () ? 20000 : 300, 23, TRUE, TRUE);
  pair_clear (&pair);
}

/* Abrobad: placements apart, walks along rays, the end word. Perft from
 * the start, then from positions where no placement is left (walks and
 * the end move), reached by random play in lock-step. */
typedef struct {
  const char *name;
  const char *settings[4];
  int         depth;           /* perft from the start */
  int         walk_depth;      /* perft from walking positions */
  gboolean    same_random;     /* the random move from the same random numbers */
} AbrobadCase;

static const AbrobadCase abrobad_cases[] = {
  { "default", { NULL }, 3, 3, TRUE },
  { "size-2", { "size=2", NULL }, 4, 4, TRUE },
  { "size-3", { "size=3", NULL }, 4, 3, TRUE },
  { "hexagon-3", { "shape=hexagon", "size=3", NULL }, 4, 3, TRUE },
  { "hop", { "movement=hop", NULL }, 3, 3, TRUE },
  { "step-size-3", { "movement=step", "size=3", NULL }, 4, 4, TRUE },
  { "slide-size-3", { "movement=slide", "size=3", NULL }, 4, 3, FALSE },
  { "max-slide-size-4", { "movement=max-slide", "size=4", NULL }, 3, 3, TRUE },
};

/* Plays random moves in lock-step from the start until the player to move
 * has no placement (their first move is no placement) or the game ends. */
static gboolean
play_to_walking (const Pair *pair,
                 BsPosition *c,
                 BsPosition *w,
                 BsRng      *rng)
{
  g_autofree BsMove *mc = g_new (BsMove, pair->c->max_moves);
  g_autofree BsMove *mw = g_new (BsMove, pair->w->max_moves);

  while (!bs_position_is_over (c))
    {
      guint n = assert_same_moves (pair, c, w, mc, mw);

      if (((mc[0] >> 28) & 3u) != 1u)
        return TRUE;
      n = bs_rng_below (rng, n);
      bs_ruleset_apply (pair->c, c, mc[n], NULL);
      bs_ruleset_apply (pair->w, w, mw[n], NULL);
      assert_same_position (pair, c, w);
    }
  return FALSE;
}

static void
test_abrobad_perft (gconstpointer data)
{
  const AbrobadCase *tc = data;
  Pair pair = make_pair ("abrobad", tc->settings[0] ? tc->settings : NULL, NULL);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  guint64 leaves, walking = 0;
  /* The depth 4 from every start with -m slow (about 25 million
   * leaves on the shipped board: minutes, not for every CI run). */
  int depth = g_test_slow () ? MAX (tc->depth, 4) : tc->depth;
  BsRng rng;

  assert_same_position (&pair, c, w);
  leaves = perft (&pair, c, w, depth);
  g_test_message ("abrobad %s: perft(%d) = %" G_GUINT64_FORMAT, tc->name, depth, leaves);
  g_assert_cmpuint (leaves, >, 1);
  bs_rng_init (&rng, 7);
  for (int k = 0; k < 3; k++)
    {
      g_autofree BsPosition *c2 = bs_ruleset_new_position (pair.c, 0);
      g_autofree BsPosition *w2 = bs_ruleset_new_position (pair.w, 0);

      g_assert_true (play_to_walking (&pair, c2, w2, &rng));
      walking = perft (&pair, c2, w2, tc->walk_depth);
      g_test_message ("abrobad %s: walking position %d (ply %u): perft(%d) = %" G_GUINT64_FORMAT,
                      tc->name, k, c2->ply, tc->walk_depth, walking);
      g_assert_cmpuint (walking, >, 1);
    }
  pair_clear (&pair);
}

static void
test_abrobad_lockstep (gconstpointer data)
{
  const AbrobadCase *tc = data;
  Pair pair = make_pair ("abrobad", tc->settings[0] ? tc->settings : NULL, NULL);

  lockstep_games (&pair, g_test_slow () ? 20000 : 200, 23, FALSE, tc->same_random);
  pair_clear (&pair);
}

/* Agoraphobia: placements of two kinds whose push moves the neighbours,
 * in lock-step with its C module from the start of the shipped variant,
 * the example and other boards, with other option values. */
typedef struct {
  const char *name;
  const char *file;
  const char *settings[6];
  const char *pieces;
  const char *holes;
  int         depth;
  guint       games;
} PushCase;

static const PushCase push_cases[] = {
  { "default", "agoraphobia.xml", { NULL }, NULL, NULL, 4, 300 },
  { "hexagon-handicap", "examples/agoraphobia-hexagon-handicap.xml", { NULL }, NULL, NULL, 4,
    300 },
  { "limping-4-holes", "agoraphobia.xml", { "shape=limping", "size=4", NULL }, NULL, "d4 b2", 4,
    200 },
  { "push-2-3-free-1-weight-3", "agoraphobia.xml",
    { "push-small=2", "push-large=3", "opening-free-placements=1", "large-weight=3", NULL },
    NULL, NULL, 5, 200 },
  { "free-0-weight-1-fixed", "agoraphobia.xml",
    { "opening-free-placements=0", "large-weight=1", NULL },
    "d4=1:small e5=2:large c2=2:small", NULL, 4, 200 },
  { "rhombus-5x6-supply", "agoraphobia.xml",
    { "width=5", "height=6", "supply.1.large=1", "supply.2.small=3", NULL }, NULL, NULL, 4, 200 },
  { "move-limit-12", "agoraphobia.xml", { "max-plies=12", NULL }, NULL, NULL, 3, 200 },
};

static Pair
push_pair (const PushCase *tc)
{
  return make_pair_from ("agoraphobia", tc->file, tc->settings[0] ? tc->settings : NULL,
                         tc->pieces, tc->holes);
}

static void
test_push_perft (gconstpointer data)
{
  const PushCase *tc = data;
  Pair pair = push_pair (tc);
  g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
  g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
  guint64 leaves;

  assert_same_position (&pair, c, w);
  leaves = perft (&pair, c, w, tc->depth);
  g_test_message ("agoraphobia %s: perft(%d) = %" G_GUINT64_FORMAT, tc->name, tc->depth, leaves);
  g_assert_cmpuint (leaves, >, 1);
  pair_clear (&pair);
}

static void
test_push_lockstep (gconstpointer data)
{
  const PushCase *tc = data;
  Pair pair = push_pair (tc);

  lockstep_games (&pair, g_test_slow () ? 100 * tc->games : tc->games, 23, FALSE, TRUE);
  pair_clear (&pair);
}

/* The playout loop plays the same games from the same seeds (both pick
 * with their random move and apply; the shipped variant and the example). */
static void
test_push_playouts (void)
{
  for (guint k = 0; k < 2; k++)
    {
      Pair pair = push_pair (&push_cases[k]);
      g_autofree BsMove *scratch = g_new (BsMove, pair.c->max_moves);

      for (guint64 seed = 1; seed <= 200; seed++)
        {
          g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
          g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
          BsRng rc, rw;

          bs_rng_init (&rc, seed);
          bs_rng_init (&rw, seed);
          g_assert_cmpuint (bs_ruleset_playout (pair.c, c, &rc, scratch, 100000), ==,
                            bs_ruleset_playout (pair.w, w, &rw, scratch, 100000));
          bs_position_set_playout (pair.c, c, FALSE);
          bs_position_set_playout (pair.w, w, FALSE);
          assert_same_position (&pair, c, w);
          g_assert_true (bs_position_is_over (w));
        }
      pair_clear (&pair);
    }
}

/* Whether `text` is among the moves of the written game in pos. */
static gboolean
push_offers (const Pair *pair, const BsPosition *pos, const char *text)
{
  g_autofree BsMove *moves = g_new (BsMove, pair->w->max_moves);
  guint n = bs_ruleset_generate (pair->w, pos, moves);
  BsMove move;

  /* The module's own reading: the ruleset's refuses an illegal move. */
  g_assert_true (pair->w->module->parse_move (pair->w, pos, text, &move, NULL));
  for (guint i = 0; i < n; i++)
    if (moves[i] == move)
      return TRUE;
  return FALSE;
}

/* The written game's reason for refusing `text` (NULL: legal). */
static void
push_refused (const Pair *pair, const BsPosition *pos, const char *text, const char *reason)
{
  BsMove move;
  g_autofree char *why = NULL;

  g_assert_true (pair->w->module->parse_move (pair->w, pos, text, &move, NULL));
  why = pair->w->module->explain (pair->w, pos, move);
  g_assert_cmpstr (why, ==, reason);
  /* The C module refuses it too (in its own words). */
  {
    g_autofree BsPosition *c = bs_position_dup (pair->c, pos);
    g_autofree char *c_why = pair->c->module->explain (pair->c, c, move);

    g_assert_true ((c_why == NULL) == (reason == NULL));
  }
}

/* Plays `text` in both and checks they agree. */
static void
push_play (const Pair *pair, BsPosition *c, BsPosition *w, const char *text)
{
  BsMove move;

  g_assert_true (push_offers (pair, w, text));
  g_assert_true (bs_ruleset_parse_move (pair->w, w, text, &move, NULL));
  bs_ruleset_apply (pair->c, c, move, NULL);
  bs_ruleset_apply (pair->w, w, move, NULL);
  assert_same_position (pair, c, w);
}

/* The owner and kind on a cell of the written game's position ("" empty). */
static const char *
push_cell (const Pair *pair, const BsPosition *pos, const char *label)
{
  static char text[16];
  int cell = bs_board_find_cell (pair->w->board, label, NULL);
  guint8 v = pos->cells[cell];

  g_assert_cmpint (cell, !=, BS_NO_CELL);
  if (v == BS_CELL_EMPTY)
    return "";
  g_snprintf (text, sizeof text, "%d:%s", BS_CELL_OWNER (v),
              BS_CELL_KIND (v) == 1 ? "large" : "small");
  return text;
}

/* The rules text's cases, worked by hand on the default 7 × 7 rhombus
 * (neighbours of a cell: east, north-east (one column and one row up),
 * north and their opposites), no free opening placement. */
static void
test_push_by_hand (void)
{
  static const char * const no_free[] = { "opening-free-placements=0", NULL };
  static const char * const no_supply[] = { "supply.1.small=0", "supply.1.large=0", NULL };

  /* A large piece on d4 pushes e4 two cells to g4, and d5 only one (to
   * d6: d7 is taken); legal because e4 moved its full distance. */
  {
    Pair pair = make_pair_from ("agoraphobia", "agoraphobia.xml", no_free,
                                "e4=2:small d5=1:small d7=2:small", NULL);
    g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
    g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
    g_autoptr(BsExplanation) ex = NULL;
    BsMove move;

    assert_same_position (&pair, c, w);
    g_assert_false (bs_position_is_over (w));
    g_assert_true (bs_ruleset_parse_move (pair.w, w, "L@d4", &move, NULL));
    ex = bs_ruleset_explain_turn (pair.w, w, &move, 1);
    g_assert_cmpstr (ex->summary, ==, "Light places a large piece on d4.");
    g_assert_nonnull (strstr (ex->details, "e4 is pushed to g4."));
    g_assert_nonnull (strstr (ex->details, "d5 is pushed to d6."));
    push_play (&pair, c, w, "L@d4");
    g_assert_cmpstr (push_cell (&pair, w, "d4"), ==, "1:large");
    g_assert_cmpstr (push_cell (&pair, w, "e4"), ==, "");
    g_assert_cmpstr (push_cell (&pair, w, "f4"), ==, "");
    g_assert_cmpstr (push_cell (&pair, w, "g4"), ==, "2:small");
    g_assert_cmpstr (push_cell (&pair, w, "d5"), ==, "");
    g_assert_cmpstr (push_cell (&pair, w, "d6"), ==, "1:small");
    g_assert_cmpstr (push_cell (&pair, w, "d7"), ==, "2:small");
    g_assert_cmpint (w->supply[0][1], ==, 4);
    pair_clear (&pair);
  }
  /* Refused: on a2 nothing moves (b2 is stopped by c2), for either kind,
   * nor on d2; on b3 a small piece pushes b2 one cell to b1, a large one
   * would push it no further (the edge): refused; on b1 a large piece
   * pushes b2 two cells north. */
  {
    Pair pair = make_pair_from ("agoraphobia", "agoraphobia.xml", no_free,
                                "b2=1:small c2=2:small", NULL);
    g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);

    g_assert_false (bs_position_is_over (w));
    g_assert_false (push_offers (&pair, w, "S@a2"));
    g_assert_false (push_offers (&pair, w, "L@a2"));
    g_assert_false (push_offers (&pair, w, "S@d2"));
    g_assert_true (push_offers (&pair, w, "S@b3"));
    g_assert_false (push_offers (&pair, w, "L@b3"));
    g_assert_true (push_offers (&pair, w, "L@b1"));
    push_refused (&pair, w, "S@a2", "a piece of the kind “Small” on a2 would push no neighbour "
                  "its full distance (1)");
    push_refused (&pair, w, "L@b3", "a piece of the kind “Large” on b3 would push no neighbour "
                  "its full distance (2)");
    push_refused (&pair, w, "S@b2", "b2 is occupied");
    push_refused (&pair, w, "L@b1", NULL);
    pair_clear (&pair);
  }
  /* The edge stops a push: on e4 a large piece would move f4 only to g4,
   * so only a small one may go there; with e3 below it (pushed two cells
   * to e1) the large one is legal, and f4 stops at the edge. */
  {
    Pair pair = make_pair_from ("agoraphobia", "agoraphobia.xml", no_free, "f4=2:small", NULL);
    g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);

    g_assert_true (push_offers (&pair, w, "S@e4"));
    g_assert_false (push_offers (&pair, w, "L@e4"));
    pair_clear (&pair);
  }
  {
    Pair pair = make_pair_from ("agoraphobia", "agoraphobia.xml", no_free,
                                "f4=2:small e3=2:large", NULL);
    g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
    g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);

    push_play (&pair, c, w, "L@e4");
    g_assert_cmpstr (push_cell (&pair, w, "g4"), ==, "2:small");
    g_assert_cmpstr (push_cell (&pair, w, "f4"), ==, "");
    g_assert_cmpstr (push_cell (&pair, w, "e1"), ==, "2:large");
    pair_clear (&pair);
  }
  /* Scoring: two large and one small in a row is 5; Dark's two large 4.
   * Light, to move with nothing in hand, cannot place: the game is over
   * at the start, and the larger largest group (Light's) loses. */
  {
    Pair pair = make_pair_from ("agoraphobia", "agoraphobia.xml", no_supply,
                                "a1=1:large b1=1:large c1=1:small e7=2:large f7=2:large", NULL);
    g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
    g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
    int values[BS_MAX_MEASURES][2];
    g_autoptr(GString) sentence = g_string_new (NULL);

    assert_same_position (&pair, c, w);
    g_assert_cmpuint (bs_ruleset_measures (pair.w, w, values), ==, 2);
    g_assert_cmpint (values[0][0], ==, 5);
    g_assert_cmpint (values[0][1], ==, 4);
    g_assert_cmpint (w->result, ==, BS_RESULT_WIN_2);
    g_assert_cmpint (bs_ruleset_ending (pair.w, w), ==, BS_ENDING_NO_MOVES);
    pair.w->module->describe_ending (pair.w, w, BS_ENDING_NO_MOVES, sentence);
    g_assert_cmpstr (sentence->str, ==,
                     "Light cannot place a piece. The largest groups are 5 for Light and 4 for "
                     "Dark, with 1 and 1 groups: the smaller largest group wins, then more "
                     "groups.");
    pair_clear (&pair);
  }
  /* Equal largest groups (5 each): more groups wins (Dark's single a7),
   * then equal groups draw. */
  {
    Pair pair = make_pair_from ("agoraphobia", "agoraphobia.xml", no_supply,
                                "a1=1:large b1=1:large c1=1:small "
                                "e7=2:large f7=2:large g7=2:small a7=2:small", NULL);
    g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
    g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);

    assert_same_position (&pair, c, w);
    g_assert_cmpint (w->result, ==, BS_RESULT_WIN_2);
    pair_clear (&pair);
  }
  {
    Pair pair = make_pair_from ("agoraphobia", "agoraphobia.xml", no_supply,
                                "a1=1:large b1=1:large c1=1:small a3=1:small "
                                "e7=2:large f7=2:large g7=2:small a7=2:small", NULL);
    g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
    g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);

    assert_same_position (&pair, c, w);
    g_assert_cmpint (w->result, ==, BS_RESULT_DRAW);
    pair_clear (&pair);
  }
}

/* The playout loop (the C module's own random turn, the written game's
 * random turn) plays the same games from the same seeds: on the shipped
 * board, and on boards and options of the written game's one-word
 * kernel (its copies for three and four blocks, misère and the region
 * ends, a board with an empty first row) and of its general one (two
 * words). */
static void
test_playouts (void)
{
  static const char * const variants[][5] = {
    { NULL },
    { "straight-capture=true", NULL },
    { "misere=true", "rows=3", NULL },
    { "width=5", "height=7", "rows=1", NULL },
    { "width=7", "height=6", "straight-capture=true", "misere=true", NULL },
    { "width=11", "height=9", "rows=1", NULL },
  };

  for (guint v = 0; v < G_N_ELEMENTS (variants); v++)
    {
      Pair pair = make_pair ("breakthrough", variants[v][0] != NULL ? variants[v] : NULL, NULL);
      g_autofree BsMove *scratch = g_new (BsMove, pair.c->max_moves);

      for (guint64 seed = 1; seed <= 200; seed++)
        {
          g_autofree BsPosition *c = bs_ruleset_new_position (pair.c, 0);
          g_autofree BsPosition *w = bs_ruleset_new_position (pair.w, 0);
          BsRng rc, rw;

          bs_rng_init (&rc, seed);
          bs_rng_init (&rw, seed);
          g_assert_cmpuint (bs_ruleset_playout (pair.c, c, &rc, scratch, 100000), ==,
                            bs_ruleset_playout (pair.w, w, &rw, scratch, 100000));
          bs_position_set_playout (pair.c, c, FALSE);
          bs_position_set_playout (pair.w, w, FALSE);
          assert_same_position (&pair, c, w);
        }
      pair_clear (&pair);
    }
}

/* The written game's module reads as the C module's: options, kinds,
 * boards, measures. */
static void
test_declarations (void)
{
  g_autoptr(BsRulesGame) game = load_game ("breakthrough");
  const BsModule *w = bs_rules_game_get_module (game);
  const BsModule *c = bs_module_find ("breakthrough");

  g_assert_cmpstr (w->id, ==, c->id);
  g_assert_cmpuint (w->n_options, ==, c->n_options);
  for (guint i = 0; i < c->n_options; i++)
    {
      g_assert_cmpstr (w->options[i].id, ==, c->options[i].id);
      g_assert_cmpint (w->options[i].type, ==, c->options[i].type);
      g_assert_cmpint (w->options[i].min, ==, c->options[i].min);
      g_assert_cmpint (w->options[i].max, ==, c->options[i].max);
      g_assert_cmpint (w->options[i].default_value, ==, c->options[i].default_value);
      g_assert_cmpint (w->options[i].start_only, ==, c->options[i].start_only);
      g_assert_cmpstr (w->options[i].label, ==, c->options[i].label);
    }
  g_assert_cmpuint (w->n_kinds, ==, c->n_kinds);
  g_assert_cmpstr (w->kinds[0].id, ==, c->kinds[0].id);
  g_assert_cmpuint (w->shapes, ==, c->shapes);
  g_assert_cmpint (w->square_adjacency, ==, c->square_adjacency);
  g_assert_cmpint (w->min_side, ==, c->min_side);
  g_assert_cmpint (w->max_side, ==, c->max_side);
  g_assert_true (memcmp (&w->default_board, &c->default_board, sizeof c->default_board) == 0);
  g_assert_cmpuint (w->n_measures, ==, c->n_measures);
  for (guint i = 0; i < c->n_measures; i++)
    g_assert_cmpstr (w->measures[i].id, ==, c->measures[i].id);
}

/* What the C module refuses, the written rules refuse: a fixed piece on
 * its own far row, rows that overlap. */
static void
test_refused_starts (void)
{
  static const char * const overlap[] = { "width=5", "height=5", "rows=3", NULL };
  g_autoptr(BsRulesGame) game = load_game ("breakthrough");
  g_autoptr(BsVariant) variant = bs_variant_new_for_module ("breakthrough", NULL);
  g_autoptr(GError) error = NULL;
  BsVariantPiece piece = { g_strdup ("c8"), 1, g_strdup ("piece"), -1, 0 };
  BsRuleset *rs;

  /* Each setting alone: the C module's checks would refuse them together. */
  for (guint i = 0; overlap[i] != NULL; i++)
    {
      g_auto (GStrv) kv = g_strsplit (overlap[i], "=", 2);

      g_assert_true (bs_variant_set (variant, kv[0], kv[1], NULL));
    }
  rs = bs_rules_game_new_ruleset (game, variant, &error);
  g_assert_null (rs);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "overlap"));
  g_clear_error (&error);

  g_clear_pointer (&variant, bs_variant_free);
  variant = bs_variant_new_for_module ("breakthrough", NULL);
  g_array_append_val (variant->setup, piece);
  rs = bs_rules_game_new_ruleset (game, variant, &error);
  g_assert_null (rs);
  g_assert_error (error, BS_VARIANT_ERROR, BS_VARIANT_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "c8"));
  g_assert_nonnull (strstr (error->message, "breakthrough.xml:"));
}

/* The layers above the module (a game's line of moves, its ending in
 * words, the help, a turn explained) work on the written game from the
 * rules file alone. */
static void
test_words (void)
{
  static const char * const misere[] = { "misere=true", NULL };
  Pair pair = make_pair ("breakthrough", NULL, NULL);
  Pair mis = make_pair ("breakthrough", misere, NULL);
  g_autofree BsPosition *pos = bs_ruleset_new_position (pair.w, 0);
  g_autofree BsPosition *mpos = bs_ruleset_new_position (mis.w, 0);
  g_autofree char *ending = NULL;
  g_autofree char *rules = NULL;
  g_autofree char *goal = NULL;
  g_autoptr(BsExplanation) explanation = NULL;
  g_autoptr(GError) error = NULL;
  /* White runs up the b file, capturing on the way; Black moves aside. */
  const char *line = "b2-b3 h7-h6 b3-b4 h6-h5 b4-b5 h5-h4 b5-a6 h4-h3 a6-b7 g7-g6 b7-a8";

  g_assert_true (bs_ruleset_play_line (pair.w, pos, line, &error));
  g_assert_no_error (error);
  g_assert_cmpint (pos->result, ==, BS_RESULT_WIN_1);
  g_assert_cmpint (pos->ending, ==, BS_ENDING_GOAL);
  ending = bs_ruleset_describe_ending (pair.w, pos);
  g_assert_cmpstr (ending, ==, "White brought a piece to the far row and wins.");
  g_clear_pointer (&ending, g_free);

  g_assert_true (bs_ruleset_play_line (mis.w, mpos, line, &error));
  g_assert_cmpint (mpos->result, ==, BS_RESULT_WIN_2);
  ending = bs_ruleset_describe_ending (mis.w, mpos);
  g_assert_cmpstr (ending, ==,
                   "White brought a piece to the far row, which loses in misère: Black wins.");

  bs_ruleset_describe_rules (pair.w, &rules, &goal);
  g_assert_true (g_str_has_prefix (rules, "White moves up the board and Black down."));
  g_assert_nonnull (strstr (rules, "A piece never captures straight ahead."));
  g_assert_null (strstr (rules, "may also capture"));
  g_assert_true (g_str_has_prefix (goal, "The first player to bring a piece to the far row wins"));

  g_clear_pointer (&pos, g_free);
  pos = bs_ruleset_new_position (pair.w, 0);
  g_assert_true (bs_ruleset_play_line (pair.w, pos, "b2-b3 c7-c6 b3-b4 c6-c5", NULL));
  explanation = bs_ruleset_explain_notation (pair.w, pos, "b4-c5", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (explanation->summary, ==,
                   "White moves from b4 to c5 and captures Black’s piece there.");
  g_assert_false (bs_ruleset_play_line (pair.w, pos, "b4-b5-b6", &error));
  g_assert_error (error, BS_RULES_ERROR, BS_RULES_ERROR_MALFORMED);
  pair_clear (&pair);
  pair_clear (&mis);
}

/* ---- Broken rules files ---- */

typedef struct {
  const char *name;
  const char *from;      /* a text of rules/games/breakthrough.xml */
  const char *to;        /* what it becomes */
  const char *expect;    /* in the message, after "broken.xml:LINE: " */
} Broken;

static const Broken broken[] = {
  { "element", "<step dirs=\"forward-west\"", "<stpe dirs=\"forward-west\"",
    "<moves>: unknown element <stpe> (did you mean <step>?)" },
  { "attribute", "<step dirs=\"forward-east\"", "<step dir=\"forward-east\"",
    "<step>: unknown attribute \"dir\" (did you mean \"dirs\"?)" },
  { "direction", "dirs=\"forward-east\"", "dirs=\"foward-east\"",
    "<step> attribute \"dirs\": unknown direction \"foward-east\" (did you mean \"forward-east\"?)" },
  { "cell-set", "to=\"empty\" unless", "to=\"emty\" unless",
    "<step> attribute \"to\": unknown cell set \"emty\" (did you mean \"empty\"?)" },
  { "option-in-number", "rows=\"1..{rows}\"", "rows=\"1..{row}\"",
    "<fill> attribute \"rows\": unknown option \"row\" (did you mean \"rows\"?)" },
  { "option-in-condition", "unless=\"straight-capture\"", "unless=\"straight-captures\"",
    "<step> attribute \"unless\": unknown option \"straight-captures\" (did you mean \"straight-capture\"?)" },
  { "misere-option", "misere=\"misere\"", "misere=\"misre\"",
    "<reach> attribute \"misere\": unknown option \"misre\" (did you mean \"misere\"?)" },
  { "region", "region=\"far-row\"", "region=\"far-rows\"",
    "<reach> attribute \"region\": unknown region \"far-rows\" (did you mean \"far-row\"?)" },
  { "piece", "piece=\"piece\" unless-fixed", "piece=\"peice\" unless-fixed",
    "<fill> attribute \"piece\": unknown piece \"peice\" (did you mean \"piece\"?)" },
  { "who", "who=\"mover\" region", "who=\"movers\" region",
    "<reach> attribute \"who\": \"movers\" is none of mover, next, both, each "
    "(did you mean \"mover\"?)" },
  { "result", "result=\"loss\"\n                sentence", "result=\"lose\"\n                sentence",
    "<eliminated> attribute \"result\": \"lose\" is none of win, loss, draw, most-pieces, "
    "fewest-pieces, most-groups, fewest-groups, measures (did you mean \"loss\"?)" },
  { "capture-missing", "to=\"empty enemy\" capture=\"replace\"/>\n    <step dirs=\"forward\" to=\"empty\"",
    "to=\"empty enemy\"/>\n    <step dirs=\"forward\" to=\"empty\"",
    "<step> attribute \"to\": a step onto an enemy piece needs capture=\"replace\"" },
  { "option-type", "type=\"bool\" default=\"false\" label=\"Misère\"",
    "type=\"boolean\" default=\"false\" label=\"Misère\"",
    "<option> attribute \"type\": \"boolean\" is none of bool, int, enum (did you mean \"bool\"?)" },
  { "section", "<regions>\n    <region id=\"far-row\" rows=\"far\"/>\n  </regions>",
    "<regoins>\n    <region id=\"far-row\" rows=\"far\"/>\n  </regoins>",
    "<rules>: unknown element <regoins> (did you mean <regions>?)" },
  { "required", "<turn order=\"alternate\"/>", "<turn/>",
    "<turn>: the attribute \"order\" is required" },
  { "number", "min=\"1\" max=\"3\"", "min=\"one\" max=\"3\"",
    "<option> attribute \"min\": \"one\" is not a whole number from" },
  { "format", "format=\"1\" id=", "format=\"2\" id=",
    "<rules> attribute \"format\": \"2\" is not a whole number from 1 to 1" },
  { "duplicate-option", "<option id=\"misere\"", "<option id=\"rows\"",
    "<option> attribute \"id\": a second option \"rows\"" },
  { "default-range", "default=\"2\" start-only", "default=\"7\" start-only",
    "<option> attribute \"default\": " },
  { "shape", "shapes=\"square\"", "shapes=\"squares\"",
    "<board> attribute \"shapes\": unknown shape \"squares\" (did you mean \"square\"?)" },
  { "adjacency", "adjacency=\"8\"", "adjacency=\"6\"",
    "<board> attribute \"adjacency\": a square board has 4 or 8 neighbours" },
  { "player-number", "<player number=\"2\"", "<player number=\"3\"",
    "<player> attribute \"number\": \"3\" is not a whole number from 1 to 2" },
  { "piece-attribute", "<piece id=\"piece\" label=", "<piece id=\"piece\" lable=",
    "<piece>: unknown attribute \"lable\" (did you mean \"label\"?)" },
  { "supply", "supply=\"unlimited\"", "supply=\"unlimted\"",
    "<pieces> attribute \"supply\": \"unlimted\" is none of unlimited (did you mean \"unlimited\"?)" },
  { "rows", "rows=\"far\"", "rows=\"farr\"",
    "<region> attribute \"rows\": \"farr\" is neither a whole number nor {option}" },
  { "bool", "unless-fixed=\"true\"", "unless-fixed=\"yes\"",
    "<fill> attribute \"unless-fixed\": \"yes\" is none of false, true" },
  { "capture", "capture=\"replace\"/>", "capture=\"replaces\"/>",
    "<step> attribute \"capture\": \"replaces\" is none of none, replace (did you mean \"replace\"?)" },
  { "turn-order", "order=\"alternate\"", "order=\"alternating\"",
    "<turn> attribute \"order\": \"alternating\" is none of alternate, simultaneous "
    "(did you mean \"alternate\"?)" },
  { "measure", "of=\"furthest-rank\"", "of=\"furthest-row\"",
    "<measure> attribute \"of\": \"furthest-row\" is none of pieces, furthest-rank, groups, captured, largest-group (did you mean \"furthest-rank\"?)" },
  { "notation", "move=\"FROM-TO\"", "move=\"TO-FROM\"",
    "<notation> attribute \"move\": \"TO-FROM\": a step is written FROM, a separator, then TO" },
  { "condition-type", "if=\"straight-capture\"/>", "if=\"rows\"/>",
    "<step> attribute \"if\": the option \"rows\" is not true or false" },
  { "number-type", "rows=\"1..{rows}\"", "rows=\"1..{misere}\"",
    "<fill> attribute \"rows\": the option \"misere\" is not a number" },
  { "explain-attribute", "capture=\"{mover} moves", "captures=\"{mover} moves",
    "<explain>: unknown attribute \"captures\" (did you mean \"capture\"?)" },
  { "region-beside-reach", "<no-move who=\"next\"", "<no-move region=\"far-row\" who=\"next\"",
    "<no-move> attribute \"region\": only <reach> has a region" },
  { "place-and-step", "<step dirs=\"forward-east\" to=\"empty enemy\" capture=\"replace\"/>",
    "<place where=\"empty\" piece=\"piece\"/>",
    "<place> attribute \"piece\": a game that both places and steps pieces is for a later version" },
  { "jump-and-step", "<step dirs=\"forward-east\" to=\"empty enemy\" capture=\"replace\"/>",
    "<jump distance=\"2\" leave=\"empty\"/>",
    "<jump> attribute \"distance\": <jump> does not go with other blocks yet" },
  { "jump-leave", "<step dirs=\"forward-east\" to=\"empty enemy\" capture=\"replace\"/>",
    "<jump distance=\"2\" leave=\"emptty\"/>",
    "<jump> attribute \"leave\": " },
  { "jump-distance", "<step dirs=\"forward-east\" to=\"empty enemy\" capture=\"replace\"/>",
    "<jump distance=\"0\" leave=\"copy\"/>",
    "<jump> attribute \"distance\": " },
  { "jump-convert", "<step dirs=\"forward-east\" to=\"empty enemy\" capture=\"replace\"/>",
    "<jump distance=\"1\" leave=\"copy\"><convert targets=\"adjacant\"/></jump>",
    "<convert> attribute \"targets\": " },
  { "place-where", "<step dirs=\"forward-east\" to=\"empty enemy\" capture=\"replace\"/>",
    "<place where=\"enemy\" piece=\"piece\"/>",
    "<place> attribute \"where\": unknown cell set \"enemy\"" },
  { "length-beside-line", "<no-move who=\"next\"", "<no-move length=\"5\" who=\"next\"",
    "<no-move> attribute \"length\": only <line> has a length" },
  { "line-exactly", "<eliminated who=\"next\" result=\"loss\"",
    "<line who=\"mover\" length=\"5\" exactly=\"misre\" result=\"win\"",
    "<line> attribute \"exactly\": unknown option \"misre\" (did you mean \"misere\"?)" },
  { "line-exactly-type", "<eliminated who=\"next\" result=\"loss\"",
    "<line who=\"mover\" length=\"5\" exactly=\"rows\" result=\"win\"",
    "<line> attribute \"exactly\": the option \"rows\" is not true or false" },
  { "line-length", "<eliminated who=\"next\" result=\"loss\"",
    "<line who=\"mover\" length=\"{misere}\" result=\"win\"",
    "<line> attribute \"length\": the option \"misere\" is not a number" },
  { "captured-count", "<eliminated who=\"next\" result=\"loss\"",
    "<captured who=\"mover\" count=\"0\" result=\"win\"",
    "<captured> attribute \"count\": a count of captured pieces is at least 1" },
  { "captured-count-type", "<eliminated who=\"next\" result=\"loss\"",
    "<captured who=\"mover\" count=\"{misere}\" result=\"win\"",
    "<captured> attribute \"count\": the option \"misere\" is not a number" },
  { "count-elsewhere", "<eliminated who=\"next\" result=\"loss\"",
    "<eliminated who=\"next\" count=\"10\" result=\"loss\"",
    "<eliminated> attribute \"count\": only <captured> has a count" },
  { "notation-of-placements", "move=\"FROM-TO\"", "move=\"TO\"",
    "<notation> attribute \"move\": a step is written FROM, a separator, then TO" },
  { "fill-pattern", "unless-fixed=\"true\"", "pattern=\"checker\" unless-fixed=\"true\"",
    "<fill> attribute \"pattern\": \"checker\" is none of all, checkerboard" },
  { "stray-text", "<moves>", "<moves>oops",
    "<moves>: text where only elements belong" },
  { "child-of-empty-element", "<turn order=\"alternate\"/>",
    "<turn order=\"alternate\"><pass/></turn>", "<turn>: unknown element <pass>" },
  { "section-attribute", "<moves>", "<moves order=\"any\">",
    "<moves>: unknown attribute \"order\"" },
  { "help-element", "<rules if=\"straight-capture\">A piece may also capture the piece straight ahead of it.</rules>",
    "<rule if=\"straight-capture\">A piece may also capture the piece straight ahead of it.</rule>",
    "<help>: unknown element <rule> (did you mean <rules>?)" },
};

/* The shipped file `file` of rules/games/ with b's change is refused at b's line. */
static void
check_broken (const char *file, const Broken *b)
{
  g_autofree char *path = g_build_filename (g_getenv ("BOARDSMITH_RULES_DIR"), "games",
                                            file, NULL);
  g_autofree char *text = NULL;
  g_autoptr(GString) s = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(BsRulesGame) game = NULL;
  const char *at;
  int line = 1;
  g_autofree char *prefix = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  at = strstr (text, b->from);
  g_assert_nonnull (at);
  s = g_string_new (text);
  g_string_replace (s, b->from, b->to, 1);
  /* An element's line is where its start tag ends (libxml2's): the
   * first '>' from the change on. */
  for (const char *p = s->str; p < s->str + (at - text) || p[-1] != '>'; p++)
    line += *p == '\n';
  game = bs_rules_game_parse (s->str, s->len, "broken.xml", &error);
  g_assert_null (game);
  g_assert_nonnull (error);
  prefix = g_strdup_printf ("broken.xml:%d: ", line);
  if (!g_str_has_prefix (error->message, prefix) || strstr (error->message, b->expect) == NULL)
    g_error ("expected \"%s%s…\", got \"%s\"", prefix, b->expect, error->message);
}

static void
test_broken (gconstpointer data)
{
  check_broken ("breakthrough.xml", data);
}

/* The push blocks' mistakes, in the written Agoraphobia. */
static const Broken push_broken[] = {
  { "push-distances", "distance=\"{push-small} {push-large}\"", "distance=\"{push-small}\"",
    "<push> attribute \"distance\": one distance per kind placed (2), not 1" },
  { "push-distance-option", "distance=\"{push-small} {push-large}\"",
    "distance=\"{push-smal} {push-large}\"",
    "<push> attribute \"distance\": unknown option \"push-smal\" (did you mean \"push-small\"?)" },
  { "push-blocked", "blocked=\"stop\"", "blocked=\"chain\"",
    "<push> attribute \"blocked\": \"chain\" is none of stop" },
  { "push-piece", "piece=\"small large\"", "piece=\"small larg\"",
    "<place> attribute \"piece\": unknown piece \"larg\" (did you mean \"large\"?)" },
  { "by-measure", "by=\"largest-group:lower", "by=\"largest-grup:lower",
    "<no-move> attribute \"by\": unknown measure \"largest-grup\" (did you mean "
    "\"largest-group\"?)" },
  { "by-order", "by=\"largest-group:lower", "by=\"largest-group:smaller",
    "<no-move> attribute \"by\": \"largest-group:smaller\": write a measure, a colon and "
    "lower or higher" },
  { "free-plies-option", "count=\"{opening-free-placements}\"",
    "count=\"{opening-free-placement}\"",
    "<free-plies> attribute \"count\": unknown option \"opening-free-placement\" (did you "
    "mean \"opening-free-placements\"?)" },
  { "letter", "letter=\"L\"", "letter=\"Large\"",
    "<piece> attribute \"letter\": \"Large\" is not one capital letter" },
};

static void
test_push_broken (gconstpointer data)
{
  check_broken ("agoraphobia.xml", data);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rules/breakthrough/declarations", test_declarations);
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *perft_path = g_strdup_printf ("/rules/breakthrough/perft/%s",
                                                     cases[i].name);
      g_autofree char *lock_path = g_strdup_printf ("/rules/breakthrough/lockstep/%s",
                                                    cases[i].name);

      g_test_add_data_func (perft_path, &cases[i], test_perft);
      g_test_add_data_func (lock_path, &cases[i], test_lockstep);
    }
  g_test_add_func ("/rules/breakthrough/playouts", test_playouts);
  for (guint i = 0; i < G_N_ELEMENTS (abrobad_cases); i++)
    {
      g_autofree char *perft_path = g_strdup_printf ("/rules/abrobad/perft/%s",
                                                     abrobad_cases[i].name);
      g_autofree char *lock_path = g_strdup_printf ("/rules/abrobad/lockstep/%s",
                                                    abrobad_cases[i].name);

      g_test_add_data_func (perft_path, &abrobad_cases[i], test_abrobad_perft);
      g_test_add_data_func (lock_path, &abrobad_cases[i], test_abrobad_lockstep);
    }
  for (guint i = 0; i < G_N_ELEMENTS (push_cases); i++)
    {
      g_autofree char *perft_path = g_strdup_printf ("/rules/agoraphobia/perft/%s",
                                                     push_cases[i].name);
      g_autofree char *lock_path = g_strdup_printf ("/rules/agoraphobia/lockstep/%s",
                                                    push_cases[i].name);

      g_test_add_data_func (perft_path, &push_cases[i], test_push_perft);
      g_test_add_data_func (lock_path, &push_cases[i], test_push_lockstep);
    }
  g_test_add_func ("/rules/agoraphobia/by-hand", test_push_by_hand);
  g_test_add_func ("/rules/agoraphobia/playouts", test_push_playouts);
  g_test_add_func ("/rules/breakthrough/refused-starts", test_refused_starts);
  g_test_add_func ("/rules/breakthrough/words", test_words);
  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/broken/%s", broken[i].name);

      g_test_add_data_func (path, &broken[i], test_broken);
    }
  for (guint i = 0; i < G_N_ELEMENTS (push_broken); i++)
    {
      g_autofree char *path = g_strdup_printf ("/rules/agoraphobia/broken/%s",
                                               push_broken[i].name);

      g_test_add_data_func (path, &push_broken[i], test_push_broken);
    }
  return g_test_run ();
}
