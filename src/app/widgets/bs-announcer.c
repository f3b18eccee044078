/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-app"

#include "config.h"

#include "bs-announcer.h"

struct _BsAnnouncer {
  GtkWidget parent_instance;
};

G_DEFINE_FINAL_TYPE (BsAnnouncer, bs_announcer, GTK_TYPE_WIDGET)

static void
bs_announcer_class_init (BsAnnouncerClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_css_name (widget_class, "announcer");
#if GTK_CHECK_VERSION (4, 14, 0)
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GENERIC);
#else
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_ALERT);
#endif
}

static void
bs_announcer_init (BsAnnouncer *self)
{
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
}

GtkWidget *
bs_announcer_new (void)
{
  return g_object_new (BS_TYPE_ANNOUNCER, NULL);
}

void
bs_announcer_announce (BsAnnouncer *self,
                       const char  *message)
{
  g_return_if_fail (BS_IS_ANNOUNCER (self));

  if (message == NULL || *message == '\0')
    return;
#if GTK_CHECK_VERSION (4, 14, 0)
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_accessible_announce (GTK_ACCESSIBLE (self), message,
                           GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
  G_GNUC_END_IGNORE_DEPRECATIONS
#else
  /* A change of the name is an AT-SPI event. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  message, -1);
#endif
}
