/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What every fuzz target shares: libFuzzer's entry points, GLib warnings
 * and criticals made fatal (a finding, like a crash), and checks on error
 * messages (readable UTF-8, never an unbounded quote of the input). */

#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

int LLVMFuzzerInitialize (int *argc, char ***argv);
int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

/* The longest message an input of any size may produce: file name, line,
 * what is wrong, and quotes cut at 40 characters. */
#define FUZZ_MAX_MESSAGE 600

static inline void
fuzz_init (void)
{
  /* A warning or a critical is a bug the input found. */
  g_log_set_always_fatal (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  g_setenv ("LC_ALL", "C.UTF-8", TRUE);
}

static inline void
fuzz_check (gboolean    condition,
            const char *what)
{
  if (!condition)
    {
      g_printerr ("fuzz check failed: %s\n", what);
      abort ();
    }
}

/* An error is set, readable and short. */
static inline void
fuzz_check_error (const GError *error)
{
  fuzz_check (error != NULL, "a failure without an error");
  fuzz_check (error->message != NULL && error->message[0] != '\0', "an empty message");
  fuzz_check (g_utf8_validate (error->message, -1, NULL), "a message that is not UTF-8");
  if (strlen (error->message) > FUZZ_MAX_MESSAGE)
    {
      g_printerr ("%.*s…\n", 300, error->message);
      fuzz_check (FALSE, "a message longer than FUZZ_MAX_MESSAGE bytes");
    }
}

/* The input as a NUL-terminated string (inputs may hold NULs: they end the
 * text, as they would in a file name or a command line). */
static inline char *
fuzz_string (const uint8_t *data,
             size_t         size)
{
  return g_strndup ((const char *) data, size);
}
