/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include <locale.h>
#include <glib/gi18n.h>

#include "bs-application.h"
#include "bs-locale.h"
#include "bs-sanitizer-quarks.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(BsApplication) app = NULL;
  int status;

  bs_locale_init ();
  /* GTK would call setlocale (LC_ALL, "") again and undo the messages locale chosen above. */
  gtk_disable_setlocale ();
  bs_locale_bind ();

  app = bs_application_new ();
  g_set_application_name (_("Boardsmith"));
  status = g_application_run (G_APPLICATION (app), argc, argv);
  return status != 0 ? status : bs_application_get_status (app);
}
