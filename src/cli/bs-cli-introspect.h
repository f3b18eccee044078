/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-cli-introspect.h: boardsmith-cli describing itself, so that what is built from its
 * commands and options cannot drift from them:
 *
 *   boardsmith-cli __describe             JSON: every command, its parameters and options,
 *                                         the built-in variants (the man page is made from it)
 *   boardsmith-cli __complete WORD… CUR   completion candidates for the shells' scripts
 *
 * Both are hidden and not part of the CLI contract (docs/CLI.md); the scripts and the man
 * page generator are their only users. */

#pragma once

#include "bs-cli-common.h"

G_BEGIN_DECLS

typedef struct {
  const char   *name;
  BsCliRunFunc  run;
  const char   *summary;   /* N_() marked */
} BsCliCommand;

int bs_cli_describe_main (const BsCliCommand *commands,
                          guint               n_commands,
                          int                 argc,
                          char              **argv);
int bs_cli_complete_main (const BsCliCommand *commands,
                          guint               n_commands,
                          int                 argc,
                          char              **argv);

G_END_DECLS
