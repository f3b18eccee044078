/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-render-palette.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, \
                   ((hex) & 0xff) / 255.0, 1.0 }
#define RGBA(hex, alpha) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, \
                           ((hex) & 0xff) / 255.0, (alpha) }

/* Colours follow the GNOME palette and libadwaita's window and accent
 * colours, so the board sits calmly in an Adwaita window. */
static const BsRenderPalette palettes[] = {
  [BS_THEME_LIGHT] = {
    .theme = BS_THEME_LIGHT,
    .background = RGB (0xfafafa),
    .cell = RGB (0xdfe2e7),
    .cell_alt = RGB (0xd6dae0),
    .line = RGB (0xbfc4cc),
    .label = RGBA (0x000000, 0.55),
    .accent = RGB (0x3584e4),
    .selection = RGBA (0x3584e4, 0.30),
    .last_move = RGBA (0xf6d32d, 0.55),
    .shadow = RGBA (0x000000, 0.18),
    .special = RGB (0x9a9996),
    .line_width = 0.035,
    .piece_outline = 0.035,
    .hatch = FALSE,
  },
  [BS_THEME_DARK] = {
    .theme = BS_THEME_DARK,
    .background = RGB (0x242424),
    .cell = RGB (0x45474d),
    .cell_alt = RGB (0x3f4147),
    .line = RGB (0x303236),
    .label = RGBA (0xffffff, 0.60),
    .accent = RGB (0x78aeed),
    .selection = RGBA (0x78aeed, 0.35),
    .last_move = RGBA (0xf6d32d, 0.35),
    .shadow = RGBA (0x000000, 0.35),
    .special = RGB (0x9a9996),
    .line_width = 0.035,
    /* Wider than in the light theme: dark pieces are told from the dark
     * cells by their light rim. */
    .piece_outline = 0.055,
    .hatch = FALSE,
  },
  [BS_THEME_HIGH_CONTRAST] = {
    .theme = BS_THEME_HIGH_CONTRAST,
    .background = RGB (0xffffff),
    .cell = RGB (0xffffff),
    .cell_alt = RGB (0xffffff),
    .line = RGB (0x000000),
    .label = RGB (0x000000),
    .accent = RGB (0x1a5fb4),
    .selection = RGBA (0x1a5fb4, 0.40),
    .last_move = RGBA (0xf5c211, 0.75),
    .shadow = RGBA (0x000000, 0.0),
    .special = RGB (0x000000),
    .line_width = 0.06,
    .piece_outline = 0.07,
    .hatch = FALSE,
  },
  [BS_THEME_PRINT] = {
    .theme = BS_THEME_PRINT,
    .background = RGB (0xffffff),
    .cell = RGB (0xffffff),
    .cell_alt = RGB (0xffffff),
    .line = RGB (0x000000),
    .label = RGB (0x000000),
    .accent = RGB (0x000000),
    .selection = RGB (0x000000),
    .last_move = RGB (0x000000),
    .shadow = RGBA (0x000000, 0.0),
    .special = RGB (0x000000),
    .line_width = 0.03,
    .piece_outline = 0.045,
    .hatch = TRUE,
  },
};

const BsRenderPalette *
bs_render_palette_get (BsTheme theme)
{
  if ((guint) theme >= G_N_ELEMENTS (palettes))
    theme = BS_THEME_LIGHT;
  return &palettes[theme];
}

double
bs_rgba_luminance (const BsRgba *c)
{
  return 0.2126 * c->r + 0.7152 * c->g + 0.0722 * c->b;
}

static double
linear (double v)
{
  return v <= 0.04045 ? v / 12.92 : pow ((v + 0.055) / 1.055, 2.4);
}

static double
relative_luminance (const BsRgba *c)
{
  return 0.2126 * linear (c->r) + 0.7152 * linear (c->g) + 0.0722 * linear (c->b);
}

double
bs_rgba_contrast (const BsRgba *a,
                  const BsRgba *b)
{
  double la = relative_luminance (a), lb = relative_luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

double
bs_render_palette_cell_contrast (const BsRenderPalette *palette,
                                 const BsRgba          *c)
{
  return MIN (bs_rgba_contrast (c, &palette->cell), bs_rgba_contrast (c, &palette->cell_alt));
}

BsRgba
bs_rgba_mix (const BsRgba *c,
             const BsRgba *to,
             double        t)
{
  BsRgba m = {
    c->r + (to->r - c->r) * t,
    c->g + (to->g - c->g) * t,
    c->b + (to->b - c->b) * t,
    c->a + (to->a - c->a) * t,
  };
  return m;
}

BsRgba
bs_rgba_over (const BsRgba *c,
              const BsRgba *under)
{
  BsRgba seen = bs_rgba_mix (under, c, c->a);

  seen.a = 1.0;
  return seen;
}

gboolean
bs_rgba_parse (const char *text,
               BsRgba     *c)
{
  char *end = NULL;
  unsigned long v;

  if (text == NULL || text[0] != '#' || strlen (text) != 7)
    return FALSE;
  for (int i = 1; i < 7; i++)
    if (!g_ascii_isxdigit (text[i]))
      return FALSE;
  v = strtoul (text + 1, &end, 16);
  if (end == NULL || *end != '\0')
    return FALSE;
  c->r = ((v >> 16) & 0xff) / 255.0;
  c->g = ((v >> 8) & 0xff) / 255.0;
  c->b = (v & 0xff) / 255.0;
  c->a = 1.0;
  return TRUE;
}
