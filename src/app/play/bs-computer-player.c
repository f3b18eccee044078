/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-computer-player.h"

#include <string.h>
#include <glib/gi18n.h>

#include "bs-alphabeta.h"
#include "bs-worker.h"

/* How long both players' orders stay revealed before two computers play
 * the next round, and how long a hint search may take at most. */
#define REVEAL_DELAY_MS 1500
#define HINT_TIME_MS    1500

/* One search: it outlives a cancellation (the thread notices it within a
 * few hundred iterations), so it owns its progress and holds the player. */
typedef struct {
  BsComputerPlayer *self;
  GCancellable     *cancellable;
  BsSearchProgress  progress;
  guint             generation;
  int               player;
  gboolean          hint;
  /* Strongest where the game declares alpha-beta (a turn-based game):
   * alpha-beta, which reports no progress; its fraction is the time since
   * the start over the budget. */
  gboolean          alpha_beta;
  gint64            start_us;
  guint             budget_ms;
} Ticket;

/* What the alpha-beta thread searches: its own copies. */
typedef struct {
  BsRuleset         *rs;
  BsPosition        *pos;
  BsAlphaBetaParams  params;
  int                player;
  BsAlphaBetaResult  found;    /* set by the thread: what a hint says of the move */
} AlphaBetaJob;

struct _BsComputerPlayer {
  GObject        parent_instance;

  GSettings     *settings;
  BsPlayScene   *scene;
  BsGame        *game;
  GSignalGroup  *game_signals;
  GSignalGroup  *scene_signals;
  BsSeat         seats[2];
  BsComputerLevel levels[2];
  guint          strongest_seconds;
  guint64        playouts;
  guint          move_delay_ms;

  /* Bumped by every cancellation: a result from an older generation is
   * dropped however late it comes back. */
  guint          generation;
  Ticket        *ticket;          /* the running search, or NULL */
  guint          poll_id;
  guint          start_id;
  guint          reveal_id;
  /* A chosen move shown for a moment before it is played. */
  BsSearchResult *pending;
  guint          pending_id;
  guint          n_played;
  char          *last_hint;
  gboolean       paused;
  /* The user asked the computer to go on from an earlier position (resume,
   * a seat change): without that it does not play over the redo tail. */
  gboolean       play_here;
  /* The game is on screen (the window's play page): only then does the
   * computer act and are its actions enabled. */
  gboolean       active;
  gboolean       could_pause;     /* can_pause() when last notified */
  /* Seats are remembered per game (rule module): the key of this one. */
  char          *seats_key;
  /* Seats chosen while no game was set: the next game takes them. */
  gboolean       seats_for_next;
  /* Play tests from the variant editor take the seats chosen during this
   * editor session's play tests (two humans at first), not the game's. */
  gboolean       next_is_play_test;
  gboolean       play_test;
  /* The next game is one the user asked to play (the start page): two
   * computers remembered for it wait for Resume. */
  gboolean       next_starts_paused;
  BsSeat         test_seats[2];
  BsComputerLevel test_levels[2];

  GSimpleAction *hint_action;
  GSimpleAction *pause_action;
};

G_DEFINE_FINAL_TYPE (BsComputerPlayer, bs_computer_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_THINKING,
  PROP_FRACTION,
  PROP_PAUSED,
  PROP_HAS_COMPUTER,
  PROP_CAN_PAUSE,
  PROP_STRONGEST_SECONDS,
  N_PROPS
};

enum {
  MESSAGE,
  SEATS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const char * const seat_names[] = { "easy", "medium", "hard", "strongest" };

static void schedule (BsComputerPlayer *self);

/* The status line says "Paused" while the computer is paused on its turn. */
static void
set_paused_state (BsComputerPlayer *self,
                  gboolean          paused)
{
  self->paused = paused;
  if (self->scene != NULL)
    bs_play_scene_set_computer_paused (self->scene, paused);
}

static void
ticket_free (Ticket *ticket)
{
  g_clear_object (&ticket->cancellable);
  g_clear_object (&ticket->self);
  g_free (ticket);
}

static void
message (BsComputerPlayer *self,
         const char       *text)
{
  g_signal_emit (self, signals[MESSAGE], 0, text);
}

static gboolean
has_computer (BsComputerPlayer *self)
{
  return self->seats[0] == BS_SEAT_COMPUTER || self->seats[1] == BS_SEAT_COMPUTER;
}

static gboolean
game_is_over (BsComputerPlayer *self)
{
  return self->game == NULL || bs_position_is_over (bs_game_get_position (self->game));
}

/* Pause acts on a game on screen, not over, with a computer seat. */
static gboolean
can_pause (BsComputerPlayer *self)
{
  return self->scene != NULL && self->active && has_computer (self) && !game_is_over (self);
}

static int player_to_act (BsComputerPlayer *self);

/* A hint acts when a human is to move (simultaneous: while entering
 * orders) and the computer is not busy; a hint running can be cancelled. */
static gboolean
can_hint (BsComputerPlayer *self)
{
  int player;

  if (self->scene == NULL || !self->active)
    return FALSE;
  if (self->ticket != NULL && self->ticket->hint)
    return TRUE;
  if (self->ticket != NULL || self->pending != NULL)
    return FALSE;
  player = player_to_act (self);
  if (player == 0 || self->seats[player - 1] == BS_SEAT_COMPUTER)
    return FALSE;
  return !bs_play_scene_gives_orders (self->scene)
         || bs_play_scene_get_phase (self->scene) == BS_ROUND_PHASE_ORDERS;
}

static void
update_actions (BsComputerPlayer *self)
{
  gboolean pause = can_pause (self);

  if (self->hint_action != NULL)
    g_simple_action_set_enabled (self->hint_action, can_hint (self));
  if (self->pause_action != NULL)
    {
      g_simple_action_set_enabled (self->pause_action, pause);
      g_simple_action_set_state (self->pause_action, g_variant_new_boolean (self->paused));
    }
  if (pause != self->could_pause)
    {
      self->could_pause = pause;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_PAUSE]);
    }
}

static gboolean
poll_progress (gpointer data)
{
  BsComputerPlayer *self = data;

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  return G_SOURCE_CONTINUE;
}

static void
set_ticket (BsComputerPlayer *self,
            Ticket           *ticket)
{
  gboolean was_thinking = self->ticket != NULL;

  self->ticket = ticket;
  if (ticket != NULL && self->poll_id == 0)
    self->poll_id = g_timeout_add (100, poll_progress, self);
  else if (ticket == NULL)
    g_clear_handle_id (&self->poll_id, g_source_remove);
  if (was_thinking != (ticket != NULL))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FRACTION]);
  update_actions (self);
}

void
bs_computer_player_cancel (BsComputerPlayer *self)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));

  self->generation++;
  if (self->ticket != NULL)
    {
      g_cancellable_cancel (self->ticket->cancellable);
      set_ticket (self, NULL);
    }
  g_clear_handle_id (&self->pending_id, g_source_remove);
  g_clear_handle_id (&self->reveal_id, g_source_remove);
  /* A move shown as about to be played, and now not played: its mark goes
   * with it (paused, undone, another game). */
  if (self->pending != NULL && self->scene != NULL)
    bs_play_scene_show_computer_move (self->scene, 0, NULL, 0);
  g_clear_pointer (&self->pending, bs_search_result_free);
  update_actions (self);
}

/* The player whose move or orders are asked for now, or 0. */
static int
player_to_act (BsComputerPlayer *self)
{
  const BsPosition *pos = bs_game_get_position (self->game);

  if (bs_position_is_over (pos))
    return 0;
  if (!bs_play_scene_gives_orders (self->scene))
    return pos->to_move;
  if (bs_play_scene_get_phase (self->scene) == BS_ROUND_PHASE_REVEAL)
    return 0;
  return bs_play_scene_get_entering (self->scene);
}

/* The orders of `player` in a simultaneous result, as targets per cell,
 * and the moving ones in words. */
static gint16 *
result_orders (BsComputerPlayer     *self,
               const BsSearchResult *result,
               int                   player,
               char                **words)
{
  BsRuleset *rs = bs_game_get_ruleset (self->game);
  g_autofree BsPosition *pos = bs_position_dup (rs, bs_game_get_position (self->game));
  gint16 *targets = g_new (gint16, rs->n_cells);
  g_autoptr(GString) text = g_string_new (NULL);

  for (int c = 0; c < rs->n_cells; c++)
    targets[c] = BS_NO_CELL;
  for (guint i = 0; i < result->n_round_steps; i++)
    {
      BsMoveParts parts;

      bs_ruleset_decode_move (rs, pos, result->round_steps[i], &parts);
      if (i >= result->player_first_step && i < result->player_first_step + result->n_steps
          && parts.from != BS_NO_CELL && parts.to != BS_NO_CELL)
        {
          targets[parts.from] = (gint16) parts.to;
          /* A hint names the moves, in words; the other pieces stay. */
          if (parts.from != parts.to)
            {
              g_autofree char *step = bs_play_scene_describe_move (self->scene, pos,
                                                                   result->round_steps[i]);

              /* Translators: separates the orders of a hint in words. */
              g_string_append_printf (text, "%s%s", text->len > 0 ? _(", ") : "", step);
            }
        }
      bs_ruleset_apply (rs, pos, result->round_steps[i], NULL);
    }
  if (words != NULL)
    *words = g_string_free (g_steal_pointer (&text), FALSE);
  (void) player;
  return targets;
}

static gboolean
play_pending (gpointer data)
{
  BsComputerPlayer *self = data;
  g_autoptr(BsSearchResult) result = g_steal_pointer (&self->pending);
  g_autoptr(GError) error = NULL;
  gboolean ok;

  self->pending_id = 0;
  g_assert (result != NULL);

  if (bs_game_is_simultaneous (self->game))
    {
      g_autofree gint16 *targets = result_orders (self, result, result->player, NULL);

      ok = bs_play_scene_submit_orders (self->scene, result->player, targets, &error);
    }
  else
    ok = bs_game_play_turn (self->game, result->steps, result->n_steps, &error);

  if (!ok)
    {
      /* The engine chose a move the rules refuse: say so, never play on. */
      g_warning ("The computer's move was refused: %s", error->message);
      message (self, error->message);
      set_paused_state (self, TRUE);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
      update_actions (self);
      return G_SOURCE_REMOVE;
    }
  self->n_played++;
  update_actions (self);
  return G_SOURCE_REMOVE;
}

/* found: alpha-beta's result when it searched (its value and depth are
 * what the hint says of the move), else NULL (Monte Carlo: its odds). */
static void
show_hint (BsComputerPlayer        *self,
           const BsSearchResult    *result,
           const BsAlphaBetaResult *found)
{
  g_autofree char *words = NULL;
  g_autofree char *text = NULL;

  if (bs_game_is_simultaneous (self->game))
    {
      g_autofree gint16 *targets = result_orders (self, result, result->player, &words);
      const char *stay = bs_play_scene_get_play_spec (self->scene)->stay_label;

      bs_play_scene_show_hint (self->scene, NULL, 0, targets);
      if (words[0] == '\0')
        text = stay != NULL
               /* Translators: %s is what a piece that stays does, e.g. "defends". */
               ? g_strdup_printf (_("Hint: every piece %s"), _(stay))
               : g_strdup (_("Hint: no piece moves"));
      else if (stay != NULL)
        /* Translators: the first %s lists orders in words such as "move the
         * piece on b1 to a1, move the piece on c2 to c3"; the second is what a
         * piece that stays does, e.g. "defends". */
        text = g_strdup_printf (_("Hint: %s (every other piece %s)"), words, _(stay));
      else
        /* Translators: %s lists orders in words such as "move the piece on b1
         * to a1, move the piece on c2 to c3". */
        text = g_strdup_printf (_("Hint: %s (the other pieces stay)"), words);
    }
  else
    {
      BsRuleset *rs = bs_game_get_ruleset (self->game);
      g_autoptr(GString) text_steps = g_string_new (NULL);
      g_autofree BsPosition *pos = bs_position_dup (rs, bs_game_get_position (self->game));

      /* In words, from the decoded steps: never notation. */
      for (guint i = 0; i < result->n_steps; i++)
        {
          g_autofree char *step = bs_play_scene_describe_move (self->scene, pos,
                                                               result->steps[i]);

          if (text_steps->len > 0)
            /* Translators: joins the steps of one turn in words. */
            g_string_append (text_steps, _(", then "));
          g_string_append (text_steps, step);
          if (i + 1 < result->n_steps)
            bs_ruleset_apply (rs, pos, result->steps[i], NULL);
        }
      bs_play_scene_show_hint (self->scene, result->steps, result->n_steps, NULL);
      if (found == NULL && result->playout_cut > 0)
        /* Translators: %s is a move in words such as "move the stone on h7 to
         * g6"; %.0f%% its score in playouts cut short after a few moves and
         * judged by the position's features. */
        text = g_strdup_printf (_("Hint: %s (scores %.0f%% in short playouts)"),
                                text_steps->str, 100.0 * result->win_rate);
      else if (found == NULL)
        /* Translators: %s is a move in words such as "move the stone on h7 to
         * g6"; %.0f%% the odds. */
        text = g_strdup_printf (_("Hint: %s (wins %.0f%% of the playouts)"),
                                text_steps->str, 100.0 * result->win_rate);
      else if (found->value >= BS_ALPHA_BETA_WIN / 2)
        /* Translators: %s is a move in words such as "move the stone on h7 to g6". */
        text = g_strdup_printf (_("Hint: %s (it wins against any defence)"), text_steps->str);
      else if (found->value <= -BS_ALPHA_BETA_WIN / 2)
        /* Translators: %s is a move in words such as "move the stone on h7 to g6". */
        text = g_strdup_printf (_("Hint: %s (every move loses against the best replies)"),
                                text_steps->str);
      else
        /* Translators: %s is a move in words such as "move the stone on h7 to
         * g6"; %u how many moves (of both players) the search looked ahead. */
        text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Hint: %s (the best move found looking %u move ahead)",
                                             "Hint: %s (the best move found looking %u moves ahead)",
                                             found->depth),
                                text_steps->str, found->depth);
      words = g_string_free (g_steal_pointer (&text_steps), FALSE);
    }
  g_free (self->last_hint);
  self->last_hint = g_steal_pointer (&words);
  message (self, text);
}

static void
on_search_done (GObject      *source,
                GAsyncResult *res,
                gpointer      data)
{
  Ticket *ticket = data;
  BsComputerPlayer *self = ticket->self;
  g_autoptr(BsSearchResult) result = NULL;
  g_autoptr(GError) error = NULL;
  gboolean current = ticket->generation == self->generation;

  result = ticket->alpha_beta ? g_task_propagate_pointer (G_TASK (res), &error)
                              : bs_search_run_finish (res, &error);
  if (self->ticket == ticket)
    set_ticket (self, NULL);

  if (!current || self->scene == NULL)
    {
      ticket_free (ticket);
      return;
    }
  if (result == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        message (self, error->message);
      ticket_free (ticket);
      return;
    }

  if (ticket->hint)
    show_hint (self, result,
               ticket->alpha_beta ? &((AlphaBetaJob *) g_task_get_task_data (G_TASK (res)))->found
                                  : NULL);
  else if (bs_game_is_simultaneous (self->game))
    {
      /* The orders stay secret until the reveal. */
      self->pending = g_steal_pointer (&result);
      self->pending_id = g_idle_add (play_pending, self);
    }
  else
    {
      /* Mark the move for a moment, so that it is seen being played: the
       * computer's own mark, not a hint's. */
      bs_play_scene_show_computer_move (self->scene, ticket->player, result->steps,
                                        result->n_steps);
      self->pending = g_steal_pointer (&result);
      self->pending_id = g_timeout_add (self->move_delay_ms, play_pending, self);
    }
  ticket_free (ticket);
}

static void
alpha_beta_job_free (AlphaBetaJob *job)
{
  bs_alpha_beta_params_clear (&job->params);
  g_free (job->pos);
  bs_ruleset_unref (job->rs);
  g_free (job);
}

/* The alpha-beta search's thread: its move as a search result, so that it
 * is shown and played like the Monte Carlo levels' moves. */
static void
alpha_beta_thread (GTask        *task,
                   gpointer      source,
                   gpointer      data,
                   GCancellable *cancellable)
{
  AlphaBetaJob *job = data;
  BsAlphaBetaResult found;
  BsSearchResult *result;
  BsSearchCandidate candidate = { 0 };
  GError *error = NULL;

  if (!bs_alpha_beta_run (job->rs, job->pos, &job->params, cancellable, &found, &error))
    {
      g_task_return_error (task, error);
      return;
    }
  job->found = found;
  result = g_new0 (BsSearchResult, 1);
  result->player = job->player;
  result->steps = g_new (BsMove, 1);
  result->steps[0] = found.move;
  result->n_steps = 1;
  result->round_steps = g_new (BsMove, 1);
  result->round_steps[0] = found.move;
  result->n_round_steps = 1;
  /* The value as odds, only for what reads a win rate. */
  result->win_rate = found.value >= BS_ALPHA_BETA_WIN / 2 ? 1.0
                     : found.value <= -BS_ALPHA_BETA_WIN / 2 ? 0.0 : 0.5;
  candidate.move = found.move;
  candidate.win_rate = result->win_rate;
  result->candidates = g_array_new (FALSE, FALSE, sizeof (BsSearchCandidate));
  g_array_append_val (result->candidates, candidate);
  result->iterations = found.nodes;
  result->elapsed_us = found.elapsed_us;
  result->cpu_us = found.cpu_us;
  g_task_return_pointer (task, result, (GDestroyNotify) bs_search_result_free);
}

static void
start_alpha_beta (BsComputerPlayer *self,
                  Ticket           *ticket)
{
  BsRuleset *rs = bs_game_get_ruleset (self->game);
  g_autoptr(GTask) task = NULL;
  AlphaBetaJob *job = g_new0 (AlphaBetaJob, 1);

  /* The empty settings are the defaults (learned evaluation, quiescence). */
  if (!bs_alpha_beta_params_parse (&job->params, "", NULL))
    g_assert_not_reached ();
  job->params.cpu_ms = ticket->budget_ms;
  job->rs = bs_ruleset_ref (rs);
  job->pos = bs_position_dup (rs, bs_game_get_position (self->game));
  job->player = ticket->player;
  task = g_task_new (NULL, ticket->cancellable, on_search_done, ticket);
  g_task_set_source_tag (task, start_alpha_beta);
  g_task_set_task_data (task, job, (GDestroyNotify) alpha_beta_job_free);
  bs_worker_run_in_thread (task, alpha_beta_thread);
}

/* The search level a seat plays at; Strongest searches as Hard does, with
 * the user's budget. */
static BsSearchLevel
level_of_seat (BsComputerPlayer *self,
               int               player)
{
  BsComputerLevel level = self->levels[player - 1];

  return level == BS_COMPUTER_LEVEL_STRONGEST ? BS_SEARCH_LEVEL_HARD : (BsSearchLevel) level;
}

static void
start_search (BsComputerPlayer *self,
              int               player,
              gboolean          hint)
{
  BsRuleset *rs = bs_game_get_ruleset (self->game);
  const BsPosition *pos = bs_game_get_position (self->game);
  BsSearchParams params;
  Ticket *ticket;
  guint64 seed;

  /* Seeded from the game and the ply: a fixed playout budget replays. */
  seed = bs_game_get_seed (self->game)
         ^ ((guint64) (bs_game_get_current (self->game) + 1) * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15))
         ^ (hint ? G_GUINT64_CONSTANT (0x5bd1e995) : 0);
  if (self->playouts > 0)
    {
      bs_search_params_init (&params, BS_SEARCH_LEVEL_CUSTOM, seed);
      params.playouts = self->playouts;
      params.time_ms = 0;
    }
  else if (hint)
    {
      bs_search_params_init_for_game (&params, BS_SEARCH_LEVEL_HARD, rs, seed);
      params.time_ms = HINT_TIME_MS;
    }
  else if (self->levels[player - 1] == BS_COMPUTER_LEVEL_STRONGEST)
    {
      /* Where the game declares the Monte Carlo search the stronger (and
       * in every simultaneous game): Hard's search, its cut included, with
       * the user's budget in CPU time. Elsewhere alpha-beta, below. */
      bs_search_params_init_for_game (&params, BS_SEARCH_LEVEL_HARD, rs, seed);
      params.playouts = 0;
      params.time_ms = self->strongest_seconds * 1000;
      params.cpu_time = TRUE;
    }
  else
    bs_search_params_init_for_game (&params, (BsSearchLevel) self->levels[player - 1], rs,
                                    seed);
  params.player = bs_game_is_simultaneous (self->game) ? player : 0;

  ticket = g_new0 (Ticket, 1);
  ticket->self = g_object_ref (self);
  ticket->cancellable = g_cancellable_new ();
  ticket->generation = self->generation;
  ticket->player = player;
  ticket->hint = hint;
  bs_search_progress_reset (&ticket->progress);
  /* Hard, Strongest and the hint search as the game declares the stronger
   * (bs_search_level_plays_alpha_beta): where that is alpha-beta, with
   * their budgets; else as set above. */
  ticket->alpha_beta = self->playouts == 0
                       && bs_search_level_plays_alpha_beta (hint ? BS_SEARCH_LEVEL_HARD
                                                                 : level_of_seat (self, player),
                                                            rs);
  ticket->start_us = g_get_monotonic_time ();
  ticket->budget_ms = hint ? HINT_TIME_MS
                      : self->levels[player - 1] == BS_COMPUTER_LEVEL_HARD ? BS_SEARCH_HARD_TIME_MS
                      : self->strongest_seconds * 1000;
  set_ticket (self, ticket);

  if (ticket->alpha_beta)
    {
      start_alpha_beta (self, ticket);
      return;
    }
  bs_search_run_async (rs, pos, &params, &ticket->progress, ticket->cancellable,
                       on_search_done, ticket);
}

static gboolean
continue_after_reveal (gpointer data)
{
  BsComputerPlayer *self = data;

  self->reveal_id = 0;
  if (self->scene != NULL && bs_play_scene_get_phase (self->scene) == BS_ROUND_PHASE_REVEAL)
    bs_play_scene_advance_round (self->scene, NULL);
  return G_SOURCE_REMOVE;
}

/* Starts what the computer has to do now, if anything. */
static gboolean
maybe_start (gpointer data)
{
  BsComputerPlayer *self = data;
  gboolean in_history;
  int player;

  self->start_id = 0;
  if (self->scene == NULL || !self->active || self->paused || self->ticket != NULL
      || self->pending != NULL)
    return G_SOURCE_REMOVE;
  if (bs_position_is_over (bs_game_get_position (self->game)))
    return G_SOURCE_REMOVE;
  /* Looking back in the history is not an invitation to play over it. A
   * simultaneous round against a human is only played once the human has
   * given orders too, so there the computer may give its own. */
  in_history = bs_game_get_current (self->game) != bs_game_get_n_turns (self->game)
               && !self->play_here;

  if (bs_play_scene_gives_orders (self->scene))
    {
      BsRoundPhase phase = bs_play_scene_get_phase (self->scene);

      if (in_history && self->seats[0] == BS_SEAT_COMPUTER
          && self->seats[1] == BS_SEAT_COMPUTER)
        return G_SOURCE_REMOVE;

      if (phase == BS_ROUND_PHASE_REVEAL)
        {
          /* Two computers: the rounds follow one another by themselves. */
          if (self->seats[0] == BS_SEAT_COMPUTER && self->seats[1] == BS_SEAT_COMPUTER
              && self->reveal_id == 0)
            self->reveal_id = g_timeout_add (MAX (self->move_delay_ms * 3, 1),
                                             continue_after_reveal, self);
          return G_SOURCE_REMOVE;
        }
      player = bs_play_scene_get_entering (self->scene);
      if (self->seats[player - 1] == BS_SEAT_COMPUTER)
        {
          self->play_here = FALSE;
          start_search (self, player, FALSE);
        }
      else if (phase == BS_ROUND_PHASE_HANDOVER && self->seats[2 - player] == BS_SEAT_COMPUTER)
        /* Nobody to hide the board from. */
        bs_play_scene_advance_round (self->scene, NULL);
      return G_SOURCE_REMOVE;
    }

  if (in_history)
    return G_SOURCE_REMOVE;
  player = player_to_act (self);
  if (player != 0 && self->seats[player - 1] == BS_SEAT_COMPUTER)
    {
      self->play_here = FALSE;
      start_search (self, player, FALSE);
    }
  return G_SOURCE_REMOVE;
}

static void
schedule (BsComputerPlayer *self)
{
  if (self->start_id == 0 && self->scene != NULL)
    self->start_id = g_idle_add (maybe_start, self);
}

static void
on_position_changed (BsComputerPlayer *self)
{
  self->play_here = FALSE;
  bs_computer_player_cancel (self);
  /* Watching two computers, stepping back in the history pauses them, so
   * that Resume says how to go on from there. */
  if (!self->paused && self->seats[0] == BS_SEAT_COMPUTER && self->seats[1] == BS_SEAT_COMPUTER
      && bs_game_get_current (self->game) < bs_game_get_n_turns (self->game))
    {
      set_paused_state (self, TRUE);
      update_actions (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
    }
  update_actions (self);
  schedule (self);
}

static void
on_phase_changed (BsComputerPlayer *self)
{
  /* A round's phases do not change the position: a pending reveal timer
   * or hint belongs to the phase that ended. */
  if (self->ticket != NULL && self->ticket->hint)
    bs_computer_player_cancel (self);
  update_actions (self);
  schedule (self);
}

static void
bs_computer_player_dispose (GObject *object)
{
  BsComputerPlayer *self = (BsComputerPlayer *) object;

  bs_computer_player_cancel (self);
  g_clear_handle_id (&self->start_id, g_source_remove);
  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  if (self->scene_signals != NULL)
    g_signal_group_set_target (self->scene_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->scene_signals);
  g_clear_object (&self->scene);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_clear_object (&self->hint_action);
  g_clear_object (&self->pause_action);

  G_OBJECT_CLASS (bs_computer_player_parent_class)->dispose (object);
}

static void
bs_computer_player_finalize (GObject *object)
{
  BsComputerPlayer *self = (BsComputerPlayer *) object;

  g_free (self->last_hint);
  g_free (self->seats_key);

  G_OBJECT_CLASS (bs_computer_player_parent_class)->finalize (object);
}

static void
bs_computer_player_get_property (GObject    *object,
                                 guint       prop_id,
                                 GValue     *value,
                                 GParamSpec *pspec)
{
  BsComputerPlayer *self = BS_COMPUTER_PLAYER (object);

  switch (prop_id)
    {
    case PROP_THINKING:
      g_value_set_boolean (value, bs_computer_player_get_thinking (self));
      break;
    case PROP_FRACTION:
      g_value_set_double (value, bs_computer_player_get_fraction (self));
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    case PROP_HAS_COMPUTER:
      g_value_set_boolean (value, has_computer (self));
      break;
    case PROP_CAN_PAUSE:
      g_value_set_boolean (value, can_pause (self));
      break;
    case PROP_STRONGEST_SECONDS:
      g_value_set_uint (value, self->strongest_seconds);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_computer_player_set_property (GObject      *object,
                                 guint         prop_id,
                                 const GValue *value,
                                 GParamSpec   *pspec)
{
  BsComputerPlayer *self = BS_COMPUTER_PLAYER (object);

  switch (prop_id)
    {
    case PROP_PAUSED:
      bs_computer_player_set_paused (self, g_value_get_boolean (value));
      break;
    case PROP_STRONGEST_SECONDS:
      bs_computer_player_set_strongest_seconds (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
bs_computer_player_class_init (BsComputerPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = bs_computer_player_dispose;
  object_class->finalize = bs_computer_player_finalize;
  object_class->get_property = bs_computer_player_get_property;
  object_class->set_property = bs_computer_player_set_property;

  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, 0.0, 1.0, 0.0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_HAS_COMPUTER] =
    g_param_spec_boolean ("has-computer", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* A game with a computer seat is on screen and not over: Pause acts. */
  properties[PROP_CAN_PAUSE] =
    g_param_spec_boolean ("can-pause", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  /* Strongest's budget, CPU seconds a move. */
  properties[PROP_STRONGEST_SECONDS] =
    g_param_spec_uint ("strongest-seconds", NULL, NULL,
                       BS_COMPUTER_STRONGEST_MIN_SECONDS, BS_COMPUTER_STRONGEST_MAX_SECONDS,
                       BS_COMPUTER_STRONGEST_DEFAULT_SECONDS,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Something to tell the user (a hint, an error). */
  signals[MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A seat or a level changed. */
  signals[SEATS_CHANGED] =
    g_signal_new ("seats-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
bs_computer_player_init (BsComputerPlayer *self)
{
  self->move_delay_ms = 500;
  self->active = TRUE;
  self->levels[0] = self->levels[1] = BS_COMPUTER_LEVEL_MEDIUM;
  self->strongest_seconds = BS_COMPUTER_STRONGEST_DEFAULT_SECONDS;
  bs_computer_player_reset_play_test_seats (self);

  self->game_signals = g_signal_group_new (BS_TYPE_GAME);
  g_signal_group_connect_object (self->game_signals, "position-changed",
                                 G_CALLBACK (on_position_changed), self, G_CONNECT_SWAPPED);
  self->scene_signals = g_signal_group_new (BS_TYPE_PLAY_SCENE);
  g_signal_group_connect_object (self->scene_signals, "notify::phase",
                                 G_CALLBACK (on_phase_changed), self, G_CONNECT_SWAPPED);
}

static const char *
seat_name (BsSeat          seat,
           BsComputerLevel level)
{
  return seat == BS_SEAT_HUMAN ? "human" : seat_names[level];
}

static void
parse_seat (BsComputerPlayer *self,
            int               player,
            const char       *value)
{
  self->seats[player - 1] = BS_SEAT_HUMAN;
  for (guint i = 0; i < G_N_ELEMENTS (seat_names); i++)
    if (g_strcmp0 (value, seat_names[i]) == 0)
      {
        self->seats[player - 1] = BS_SEAT_COMPUTER;
        self->levels[player - 1] = (BsComputerLevel) i;
      }
}

/* The seats remembered for the game `key` (two humans if none). */
static void
load_seats (BsComputerPlayer *self,
            const char       *key)
{
  g_autoptr(GVariant) all = NULL;
  const char *seat1 = "human", *seat2 = "human";

  if (self->settings != NULL)
    {
      all = g_settings_get_value (self->settings, "computer-seats");
      g_variant_lookup (all, key, "(&s&s)", &seat1, &seat2);
    }
  parse_seat (self, 1, seat1);
  parse_seat (self, 2, seat2);
}

static void
save_seats (BsComputerPlayer *self)
{
  g_autoptr(GVariant) old = NULL;
  GVariantBuilder builder;
  GVariantIter iter;
  const char *key;
  GVariant *value;

  if (self->settings == NULL || self->seats_key == NULL)
    return;
  old = g_settings_get_value (self->settings, "computer-seats");
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("a{s(ss)}"));
  g_variant_iter_init (&iter, old);
  while (g_variant_iter_next (&iter, "{&s@(ss)}", &key, &value))
    {
      if (!g_str_equal (key, self->seats_key))
        g_variant_builder_add (&builder, "{s@(ss)}", key, value);
      g_variant_unref (value);
    }
  g_variant_builder_add (&builder, "{s(ss)}", self->seats_key,
                         seat_name (self->seats[0], self->levels[0]),
                         seat_name (self->seats[1], self->levels[1]));
  g_settings_set_value (self->settings, "computer-seats", g_variant_builder_end (&builder));
}

static void
on_move_delay_changed (BsComputerPlayer *self)
{
  self->move_delay_ms = (guint) MAX (g_settings_get_int (self->settings, "computer-move-delay"), 0);
}

BsComputerPlayer *
bs_computer_player_new (GSettings *settings)
{
  BsComputerPlayer *self;

  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  self = g_object_new (BS_TYPE_COMPUTER_PLAYER, NULL);
  if (settings != NULL)
    {
      self->settings = g_object_ref (settings);
      on_move_delay_changed (self);
      g_signal_connect_object (settings, "changed::computer-move-delay",
                               G_CALLBACK (on_move_delay_changed), self, G_CONNECT_SWAPPED);
      g_settings_bind (settings, "computer-strongest-seconds", self, "strongest-seconds",
                       G_SETTINGS_BIND_DEFAULT);
    }
  return self;
}

void
bs_computer_player_set_scene (BsComputerPlayer *self,
                              BsPlayScene      *scene)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (scene == NULL || BS_IS_PLAY_SCENE (scene));

  bs_computer_player_cancel (self);
  g_clear_handle_id (&self->start_id, g_source_remove);
  g_set_object (&self->scene, scene);
  {
    BsGame *game = scene != NULL ? bs_play_scene_get_game (scene) : NULL;
    gboolean had_computer = has_computer (self);

    g_set_object (&self->game, game);
    self->play_test = FALSE;
    /* Each game (rule module) has the seats last chosen for it, unless
     * seats were chosen for the game to come; a play test has its own. */
    if (game != NULL)
      {
        g_free (self->seats_key);
        self->seats_key = g_strdup (bs_game_get_ruleset (game)->module->id);
        self->play_test = self->next_is_play_test;
        self->next_is_play_test = FALSE;
        if (self->play_test)
          {
            memcpy (self->seats, self->test_seats, sizeof self->seats);
            memcpy (self->levels, self->test_levels, sizeof self->levels);
          }
        else if (self->seats_for_next)
          save_seats (self);
        else
          load_seats (self, self->seats_key);
        self->seats_for_next = FALSE;
        if (had_computer != has_computer (self))
          g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_COMPUTER]);
        g_signal_emit (self, signals[SEATS_CHANGED], 0);
      }
  }
  g_signal_group_set_target (self->game_signals, self->game);
  g_signal_group_set_target (self->scene_signals, scene);
  self->n_played = 0;
  self->play_here = FALSE;
  g_clear_pointer (&self->last_hint, g_free);
  if (self->game != NULL)
    {
      bs_game_set_seat (self->game, 1, self->seats[0]);
      bs_game_set_seat (self->game, 2, self->seats[1]);
    }
  /* After the seats: the scene's status line reads them. */
  {
    gboolean was_paused = self->paused;
    gboolean wait = self->next_starts_paused && self->game != NULL
                    && self->seats[0] == BS_SEAT_COMPUTER && self->seats[1] == BS_SEAT_COMPUTER
                    && !bs_position_is_over (bs_game_get_position (self->game));

    self->next_starts_paused = FALSE;
    set_paused_state (self, wait);
    if (was_paused != wait)
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
  }
  update_actions (self);
  schedule (self);
}

void
bs_computer_player_set_active (BsComputerPlayer *self,
                               gboolean          active)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));

  active = !!active;
  if (self->active == active)
    return;
  self->active = active;
  /* Out of sight the computer stops; back on screen it goes on. */
  if (!active)
    bs_computer_player_cancel (self);
  else
    schedule (self);
  update_actions (self);
}

gboolean
bs_computer_player_get_active (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), FALSE);
  return self->active;
}

BsPlayScene *
bs_computer_player_get_scene (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), NULL);
  return self->scene;
}

void
bs_computer_player_set_seat (BsComputerPlayer *self,
                             int               player,
                             BsSeat            seat,
                             BsComputerLevel   level)
{
  gboolean had_computer;

  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (player == 1 || player == 2);
  g_return_if_fail (level <= BS_COMPUTER_LEVEL_STRONGEST);

  if (self->seats[player - 1] == seat && self->levels[player - 1] == level)
    return;

  had_computer = has_computer (self);
  self->seats[player - 1] = seat;
  self->levels[player - 1] = level;
  if (self->game != NULL)
    {
      if (self->play_test)
        {
          self->test_seats[player - 1] = seat;
          self->test_levels[player - 1] = level;
        }
      else
        save_seats (self);
      bs_game_set_seat (self->game, player, seat);
    }
  else
    self->seats_for_next = TRUE;

  /* A search for the old seat is void; the new one may play at once. */
  if (self->ticket != NULL && !self->ticket->hint && self->ticket->player == player)
    bs_computer_player_cancel (self);
  self->play_here = TRUE;
  if (had_computer != has_computer (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_COMPUTER]);
  update_actions (self);
  /* The status line says who is a computer: redraw the scene (a hint
   * computed for the old seats goes with it). */
  if (self->scene != NULL)
    bs_play_scene_show_hint (self->scene, NULL, 0, NULL);
  g_signal_emit (self, signals[SEATS_CHANGED], 0);
  schedule (self);
}

void
bs_computer_player_reset_play_test_seats (BsComputerPlayer *self)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));

  for (int p = 0; p < 2; p++)
    {
      self->test_seats[p] = BS_SEAT_HUMAN;
      self->test_levels[p] = BS_COMPUTER_LEVEL_MEDIUM;
    }
}

void
bs_computer_player_set_next_is_play_test (BsComputerPlayer *self,
                                          gboolean          play_test)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));
  self->next_is_play_test = !!play_test;
}

void
bs_computer_player_set_next_starts_paused (BsComputerPlayer *self,
                                           gboolean          starts_paused)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));
  self->next_starts_paused = !!starts_paused;
}

BsSeat
bs_computer_player_get_seat (BsComputerPlayer *self,
                             int               player)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), BS_SEAT_HUMAN);
  g_return_val_if_fail (player == 1 || player == 2, BS_SEAT_HUMAN);
  return self->seats[player - 1];
}

BsComputerLevel
bs_computer_player_get_level (BsComputerPlayer *self,
                              int               player)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), BS_COMPUTER_LEVEL_MEDIUM);
  g_return_val_if_fail (player == 1 || player == 2, BS_COMPUTER_LEVEL_MEDIUM);
  return self->levels[player - 1];
}

guint
bs_computer_player_get_strongest_seconds (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), BS_COMPUTER_STRONGEST_DEFAULT_SECONDS);
  return self->strongest_seconds;
}

void
bs_computer_player_set_strongest_seconds (BsComputerPlayer *self,
                                          guint             seconds)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));

  seconds = CLAMP (seconds, BS_COMPUTER_STRONGEST_MIN_SECONDS,
                   BS_COMPUTER_STRONGEST_MAX_SECONDS);
  if (self->strongest_seconds == seconds)
    return;
  self->strongest_seconds = seconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STRONGEST_SECONDS]);
}

gboolean
bs_computer_player_get_paused (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), FALSE);
  return self->paused;
}

void
bs_computer_player_set_paused (BsComputerPlayer *self,
                               gboolean          paused)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));

  paused = !!paused;
  if (self->paused == paused)
    return;
  set_paused_state (self, paused);
  if (paused)
    bs_computer_player_cancel (self);
  else
    {
      /* Resuming from an earlier position plays on from there. */
      self->play_here = TRUE;
      schedule (self);
    }
  update_actions (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

gboolean
bs_computer_player_get_thinking (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), FALSE);
  return self->ticket != NULL;
}

double
bs_computer_player_get_fraction (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), 0.0);

  if (self->ticket == NULL)
    return 0.0;
  /* Wall time for CPU time: near on an idle machine, behind on a busy one
   * (the bar then waits at the end). */
  if (self->ticket->alpha_beta)
    return CLAMP ((double) (g_get_monotonic_time () - self->ticket->start_us)
                  / (1000.0 * self->ticket->budget_ms), 0.0, 0.99);
  return CLAMP (bs_search_progress_get_fraction (&self->ticket->progress), 0.0, 1.0);
}

int
bs_computer_player_get_iterations (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), 0);
  return self->ticket != NULL ? bs_search_progress_get_iterations (&self->ticket->progress) : 0;
}

guint
bs_computer_player_get_n_played (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), 0);
  return self->n_played;
}

gboolean
bs_computer_player_hint (BsComputerPlayer *self)
{
  int player;

  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), FALSE);

  if (self->scene == NULL)
    return FALSE;
  if (self->ticket != NULL && self->ticket->hint)
    {
      bs_computer_player_cancel (self);
      message (self, _("Hint cancelled"));
      return FALSE;
    }
  player = player_to_act (self);
  if (player == 0)
    {
      message (self, bs_position_is_over (bs_game_get_position (self->game))
                     ? _("The game is over") : _("No move to hint at now"));
      return FALSE;
    }
  if (self->seats[player - 1] == BS_SEAT_COMPUTER || self->ticket != NULL || self->pending != NULL)
    {
      message (self, _("The computer is thinking"));
      return FALSE;
    }
  if (bs_play_scene_gives_orders (self->scene)
      && bs_play_scene_get_phase (self->scene) != BS_ROUND_PHASE_ORDERS)
    {
      message (self, _("Hints are given while you enter your orders"));
      return FALSE;
    }
  start_search (self, player, TRUE);
  return TRUE;
}

const char *
bs_computer_player_get_last_hint (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), NULL);
  return self->last_hint;
}

gboolean
bs_computer_player_undo (BsComputerPlayer *self)
{
  g_return_val_if_fail (BS_IS_COMPUTER_PLAYER (self), FALSE);

  if (self->game == NULL || !bs_game_undo (self->game))
    return FALSE;
  /* Against the computer, undo goes back to the human's last turn. */
  if (self->seats[0] != self->seats[1] && !bs_game_is_simultaneous (self->game))
    {
      while (bs_game_get_can_undo (self->game)
             && self->seats[bs_game_get_to_move (self->game) - 1] == BS_SEAT_COMPUTER)
        bs_game_undo (self->game);
      /* Undone to the start with the computer to move: it plays again. */
      if (self->seats[bs_game_get_to_move (self->game) - 1] == BS_SEAT_COMPUTER)
        {
          self->play_here = TRUE;
          schedule (self);
        }
    }
  return TRUE;
}

void
bs_computer_player_set_playouts (BsComputerPlayer *self,
                                 guint64           playouts)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));
  self->playouts = playouts;
}

void
bs_computer_player_set_move_delay (BsComputerPlayer *self,
                                   guint             delay_ms)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));
  self->move_delay_ms = delay_ms;
}

static void
hint_activated (GSimpleAction *action,
                GVariant      *param,
                gpointer       user_data)
{
  bs_computer_player_hint (BS_COMPUTER_PLAYER (user_data));
}

static void
pause_activated (GSimpleAction *action,
                 GVariant      *param,
                 gpointer       user_data)
{
  BsComputerPlayer *self = user_data;

  bs_computer_player_set_paused (self, !self->paused);
}

void
bs_computer_player_add_actions (BsComputerPlayer *self,
                                GActionMap       *map)
{
  g_return_if_fail (BS_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (G_IS_ACTION_MAP (map));

  g_clear_object (&self->hint_action);
  g_clear_object (&self->pause_action);
  self->hint_action = g_simple_action_new ("hint", NULL);
  g_signal_connect_object (self->hint_action, "activate",
                           G_CALLBACK (hint_activated), self, 0);
  self->pause_action = g_simple_action_new_stateful ("pause-computer", NULL,
                                                     g_variant_new_boolean (FALSE));
  g_signal_connect_object (self->pause_action, "activate",
                           G_CALLBACK (pause_activated), self, 0);
  g_action_map_add_action (map, G_ACTION (self->hint_action));
  g_action_map_add_action (map, G_ACTION (self->pause_action));
  update_actions (self);
}
