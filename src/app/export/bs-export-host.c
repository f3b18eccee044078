/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-export-host.h"

G_DEFINE_INTERFACE (BsExportHost, bs_export_host, GTK_TYPE_APPLICATION_WINDOW)

static void
bs_export_host_default_init (BsExportHostInterface *iface)
{
}

BsGame *
bs_export_host_get_game (BsExportHost *self)
{
  g_return_val_if_fail (BS_IS_EXPORT_HOST (self), NULL);
  return BS_EXPORT_HOST_GET_IFACE (self)->get_game (self);
}

BsBoardView *
bs_export_host_get_board_view (BsExportHost *self)
{
  g_return_val_if_fail (BS_IS_EXPORT_HOST (self), NULL);
  return BS_EXPORT_HOST_GET_IFACE (self)->get_board_view (self);
}

void
bs_export_host_show_message (BsExportHost *self,
                             const char   *message)
{
  g_return_if_fail (BS_IS_EXPORT_HOST (self));
  g_return_if_fail (message != NULL);
  BS_EXPORT_HOST_GET_IFACE (self)->show_message (self, message);
}
