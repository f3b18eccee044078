/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "bs-application.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(BsApplication) app = NULL;
  int status;

  setlocale (LC_ALL, "");
  /* glibc ignores LANGUAGE in the plain C locale (no LANG at all, as in a bare sandbox or a
   * service), not in C.UTF-8: switch to that one so that LANGUAGE=fr alone translates. */
  if (g_strcmp0 (setlocale (LC_MESSAGES, NULL), "C") == 0 && g_getenv ("LANGUAGE") != NULL
      && g_getenv ("LANGUAGE")[0] != '\0')
    setlocale (LC_ALL, "C.UTF-8");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = bs_application_new ();
  g_set_application_name (_("Boardsmith"));
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status != 0 ? status : bs_application_get_status (app);
}
