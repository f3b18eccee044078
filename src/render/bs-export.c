/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "boardsmith-render"

#include "config.h"

#include "bs-export.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gif_lib.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <pango/pangocairo.h>

#include "bs-file.h"
#include "bs-png-writer.h"

/* A4 in points, and the sheet's frame. */
#define A4_WIDTH   595.2756
#define A4_HEIGHT  841.8898
#define SHEET_MARGIN 42.0
#define SHEET_HEADER 34.0
#define SHEET_GAP    10.0

struct _BsExportGame {
  BsRuleset *rs;
  GPtrArray *positions;   /* BsPosition *, [0] the start */
  GPtrArray *moves;       /* char *, moves[i] led to positions[i + 1] */
};

static const char * const format_names[] = {
  [BS_EXPORT_PNG] = "png",
  [BS_EXPORT_SVG] = "svg",
  [BS_EXPORT_PDF] = "pdf",
  [BS_EXPORT_GIF] = "gif",
};

const char *
bs_export_format_to_string (BsExportFormat format)
{
  if ((guint) format >= G_N_ELEMENTS (format_names))
    return NULL;
  return format_names[format];
}

gboolean
bs_export_format_from_path (const char      *path,
                            BsExportFormat  *format,
                            GError         **error)
{
  const char *dot;
  g_autofree char *base = NULL;

  g_return_val_if_fail (path != NULL, FALSE);

  base = g_path_get_basename (path);
  dot = strrchr (base, '.');
  if (dot != NULL)
    for (guint i = 0; i < G_N_ELEMENTS (format_names); i++)
      if (g_ascii_strcasecmp (dot + 1, format_names[i]) == 0)
        {
          if (format != NULL)
            *format = (BsExportFormat) i;
          return TRUE;
        }
  g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FORMAT,
               _("%s: unknown image format “%s”: the file name must end in .png, .svg, "
                 ".pdf or .gif"),
               path, dot != NULL ? dot : "");
  return FALSE;
}

static gboolean
check_size (int      width,
            int      height,
            GError **error)
{
  if (width < 1 || height < 1 || width > BS_EXPORT_MAX_SIZE || height > BS_EXPORT_MAX_SIZE)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_SIZE,
                   _("image size %d×%d is out of range: each side must be 1 to %d"),
                   width, height, BS_EXPORT_MAX_SIZE);
      return FALSE;
    }
  return TRUE;
}

static cairo_status_t
append_to_array (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

static gboolean
cairo_ok (cairo_status_t   status,
          const char      *what,
          GError         **error)
{
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_ENCODE,
               _("cannot write the %s: %s"), what, cairo_status_to_string (status));
  return FALSE;
}

static GBytes *
render_png (const BsRuleset       *rs,
            const BsPosition      *pos,
            const BsRenderOptions *options,
            int                    width,
            int                    height,
            GError               **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  GBytes *bytes = NULL;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  cr = cairo_create (surface);
  bs_render_position (cr, rs, pos, options, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (cairo_ok (status, "PNG image", error))
    bytes = bs_png_encode (surface, error);
  cairo_surface_destroy (surface);
  return bytes;
}

static GBytes *
render_vector (const BsRuleset       *rs,
               const BsPosition      *pos,
               const BsRenderOptions *options,
               BsExportFormat         format,
               int                    width,
               int                    height,
               GError               **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;

  if (format == BS_EXPORT_SVG)
    {
      surface = cairo_svg_surface_create_for_stream (append_to_array, out, width, height);
      /* CSS pixels: what slides and web pages expect of an SVG's size. */
      cairo_svg_surface_set_document_unit (surface, CAIRO_SVG_UNIT_PX);
    }
  else
    {
      surface = cairo_pdf_surface_create_for_stream (append_to_array, out, width, height);
      cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Boardsmith");
      if (rs->variant != NULL && rs->variant->name != NULL)
        cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE, rs->variant->name);
    }
  cr = cairo_create (surface);
  bs_render_position (cr, rs, pos, options, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (!cairo_ok (status, format == BS_EXPORT_SVG ? "SVG image" : "PDF document", error))
    return NULL;
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}

GBytes *
bs_export_position_to_bytes (const BsRuleset       *rs,
                             const BsPosition      *pos,
                             const BsRenderOptions *options,
                             BsExportFormat         format,
                             int                    width,
                             int                    height,
                             GError               **error)
{
  g_return_val_if_fail (rs != NULL, NULL);
  g_return_val_if_fail (pos != NULL, NULL);

  if (!check_size (width, height, error))
    return NULL;
  switch (format)
    {
    case BS_EXPORT_PNG:
      return render_png (rs, pos, options, width, height, error);
    case BS_EXPORT_SVG:
    case BS_EXPORT_PDF:
      return render_vector (rs, pos, options, format, width, height, error);
    case BS_EXPORT_GIF:
    default:
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_FORMAT,
                   _("a single position is exported as PNG, SVG or PDF into memory, not as %s"),
                   bs_export_format_to_string (format));
      return NULL;
    }
}

/* Writes a whole file atomically (bs-file.h): a failed export never leaves
 * a partial image, a symlink stays a link, and the picture is on the disk
 * (fsync before the rename, the folder after it) before the call returns,
 * as every other file the user chose is: a power cut right after "saved"
 * must not leave an empty file in the old one's place. */
gboolean
bs_export_write_bytes (const char  *path,
                       GBytes      *bytes,
                       GError     **error)
{
  gsize length = 0;
  const guint8 *data;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  data = g_bytes_get_data (bytes, &length);
  return bs_file_write_atomic (path, data != NULL ? data : (const guint8 *) "", length,
                               BS_FILE_WRITE_SYNC, error);
}

gboolean
bs_export_position (const BsRuleset       *rs,
                    const BsPosition      *pos,
                    const BsRenderOptions *options,
                    int                    width,
                    int                    height,
                    const char            *path,
                    GError               **error)
{
  g_autoptr(GBytes) bytes = NULL;
  BsExportFormat format;

  g_return_val_if_fail (rs != NULL, FALSE);
  g_return_val_if_fail (pos != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (!bs_export_format_from_path (path, &format, error))
    return FALSE;
  if (format == BS_EXPORT_GIF)
    {
      g_autoptr(BsExportGame) game = bs_export_game_new (rs, pos);
      BsExportGameOptions game_options;

      bs_export_game_options_init (&game_options);
      game_options.captions = FALSE;
      game_options.mark_last_move = FALSE;
      return bs_export_gif (game, options, &game_options, width, height, path, error);
    }
  bytes = bs_export_position_to_bytes (rs, pos, options, format, width, height, error);
  return bytes != NULL && bs_export_write_bytes (path, bytes, error);
}

/* ---- games ---------------------------------------------------------- */

BsExportGame *
bs_export_game_new (const BsRuleset  *rs,
                    const BsPosition *start)
{
  BsExportGame *game;

  g_return_val_if_fail (rs != NULL, NULL);
  g_return_val_if_fail (start != NULL, NULL);

  game = g_new0 (BsExportGame, 1);
  game->rs = bs_ruleset_ref ((BsRuleset *) rs);
  game->positions = g_ptr_array_new_with_free_func (g_free);
  game->moves = g_ptr_array_new_with_free_func (g_free);
  g_ptr_array_add (game->positions, bs_position_dup (rs, start));
  return game;
}

void
bs_export_game_free (BsExportGame *game)
{
  if (game == NULL)
    return;
  g_ptr_array_unref (game->positions);
  g_ptr_array_unref (game->moves);
  bs_ruleset_unref (game->rs);
  g_free (game);
}

void
bs_export_game_add (BsExportGame     *game,
                    const char       *move,
                    const BsPosition *pos)
{
  g_return_if_fail (game != NULL);
  g_return_if_fail (pos != NULL);

  g_ptr_array_add (game->moves, g_strdup (move != NULL ? move : ""));
  g_ptr_array_add (game->positions, bs_position_dup (game->rs, pos));
}

gboolean
bs_export_game_play_line (BsExportGame  *game,
                          const char    *line,
                          GError       **error)
{
  g_auto(GStrv) tokens = NULL;
  g_autofree BsPosition *pos = NULL;

  g_return_val_if_fail (game != NULL, FALSE);

  if (line == NULL)
    return TRUE;
  pos = bs_position_dup (game->rs, g_ptr_array_index (game->positions,
                                                      game->positions->len - 1));
  tokens = g_strsplit_set (line, " \t\r\n", -1);
  for (guint i = 0; tokens[i] != NULL; i++)
    {
      guint32 ply = pos->ply + 1;

      if (*tokens[i] == '\0')
        continue;
      if (!bs_ruleset_play_turn (game->rs, pos, tokens[i], error))
        {
          g_prefix_error (error, _("ply %u: "), ply);
          return FALSE;
        }
      bs_export_game_add (game, tokens[i], pos);
    }
  return TRUE;
}

guint
bs_export_game_n_positions (const BsExportGame *game)
{
  g_return_val_if_fail (game != NULL, 0);
  return game->positions->len;
}

const BsPosition *
bs_export_game_position (const BsExportGame *game,
                         guint               index)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (index < game->positions->len, NULL);
  return g_ptr_array_index (game->positions, index);
}

const char *
bs_export_game_move (const BsExportGame *game,
                     guint               index)
{
  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (index >= 1 && index < game->positions->len, NULL);
  return g_ptr_array_index (game->moves, index - 1);
}

char *
bs_export_game_summary (const BsExportGame *game,
                        guint               index)
{
  g_autoptr(BsExplanation) explanation = NULL;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (index >= 1 && index < game->positions->len, NULL);

  /* Only the notation is kept; the engine reads it again from the
   * position before, as `show --explain` does. */
  explanation = bs_ruleset_explain_notation (game->rs,
                                             g_ptr_array_index (game->positions, index - 1),
                                             g_ptr_array_index (game->moves, index - 1), NULL);
  if (explanation == NULL || *explanation->summary == '\0')
    return NULL;
  return g_steal_pointer (&explanation->summary);
}

char *
bs_export_game_caption (const BsExportGame *game,
                        guint               index)
{
  g_autofree char *summary = NULL;
  g_autofree char *what = NULL;

  g_return_val_if_fail (game != NULL, NULL);
  g_return_val_if_fail (index < game->positions->len, NULL);

  if (index == 0)
    what = g_strdup (_("Start"));
  else
    {
      /* TRANSLATORS: a diagram's caption: the turn number and its move */
      what = g_strdup_printf (_("%u. %s"), index, bs_export_game_move (game, index));
      summary = bs_export_game_summary (game, index);
    }
  if (game->positions->len == 1)
    return g_steal_pointer (&what);
  /* Two lines in every frame of a game, the start's second one empty, so
   * that the board keeps its size and place from frame to frame. */
  return g_strconcat (what, "\n", summary != NULL ? summary : "", NULL);
}

void
bs_export_game_options_init (BsExportGameOptions *options)
{
  g_return_if_fail (options != NULL);

  memset (options, 0, sizeof *options);
  options->mark_last_move = TRUE;
  options->captions = TRUE;
  options->delay_ms = 800;
  options->per_page = 6;
}

void
bs_export_move_cells (const BsRuleset *rs,
                      const char      *move,
                      int             *from,
                      int             *to)
{
  int cells[3];
  int n = 0;

  g_return_if_fail (rs != NULL);

  *from = BS_NO_CELL;
  *to = BS_NO_CELL;
  if (move == NULL)
    return;

  /* A label is lower-case letters then digits, standing alone. */
  for (const char *p = move; *p != '\0';)
    {
      const char *start = p;
      gboolean boundary = p == move || !g_ascii_isalnum (p[-1]);

      if (!boundary || !g_ascii_islower (*p))
        {
          p++;
          continue;
        }
      while (g_ascii_islower (*p))
        p++;
      if (!g_ascii_isdigit (*p))
        continue;
      while (g_ascii_isdigit (*p))
        p++;
      if (g_ascii_isalnum (*p))
        continue;
      {
        g_autofree char *label = g_strndup (start, (gsize) (p - start));
        int cell = bs_board_find_cell (rs->board, label, NULL);

        if (cell == BS_NO_CELL)
          continue;
        if (n == G_N_ELEMENTS (cells))
          return;   /* a whole round: too many to mark */
        cells[n++] = cell;
      }
    }
  if (n == 1)
    *to = cells[0];
  else if (n == 2)
    {
      *from = cells[0];
      *to = cells[1];
    }
}

/* The render options of one frame: the caller's, with the last move and
 * the caption of that frame. */
static char *
frame_options (const BsExportGame         *game,
               const BsRenderOptions      *render,
               const BsExportGameOptions  *options,
               guint                       index,
               BsRenderOptions            *out)
{
  char *caption = NULL;

  if (render != NULL)
    *out = *render;
  else
    bs_render_options_init (out);
  out->last_move_from = BS_NO_CELL;
  out->last_move_to = BS_NO_CELL;
  out->highlights = NULL;
  out->cursor = BS_NO_CELL;
  out->hover = BS_NO_CELL;
  out->selected = BS_NO_CELL;
  out->orders = NULL;
  if (index > 0 && options->mark_last_move)
    bs_export_move_cells (game->rs, bs_export_game_move (game, index),
                          &out->last_move_from, &out->last_move_to);
  if (options->captions)
    {
      g_autofree char *what = bs_export_game_caption (game, index);

      caption = render != NULL && render->caption != NULL
        ? g_strdup_printf ("%s · %s", render->caption, what)
        : g_steal_pointer (&what);
    }
  else if (render != NULL && render->caption != NULL)
    caption = g_strdup (render->caption);
  out->caption = caption;
  return caption;
}

/* ---- GIF ------------------------------------------------------------ */

/* Board pictures have few colours (flat fills and their anti-aliased
 * edges). A palette is built from the frames (up to SAMPLE_FRAMES of them,
 * evenly spaced, in a longer game): exact when they hold
 * at most 256 colours, else by median cut over a 6-bit-per-channel
 * histogram. Pixels map through the exact table, falling back to the
 * nearest palette entry (cached per histogram bin). */

#define BIN_BITS 6
#define N_BINS (1 << (3 * BIN_BITS))
#define EXACT_SLOTS 1024
#define SAMPLE_FRAMES 400

typedef struct {
  int           max_colours;     /* 256, or 255 leaving one for transparency */
  gboolean      transparent;
  /* exact colours: key = 0x1000000 | rgb, 0 = free */
  guint32       exact_keys[EXACT_SLOTS];
  guint8        exact_index[EXACT_SLOTS];
  int           n_exact;
  gboolean      overflow;
  guint32      *bin_count;       /* N_BINS */
  guint64      *bin_sum;         /* N_BINS × 3 */
  GifColorType  palette[256];
  int           n_colours;
  int           transparent_index;
  gint16       *lut;             /* N_BINS, -1 = not computed */
} Quantiser;

static inline guint
bin_of (guint32 rgb)
{
  return (((rgb >> 16) & 0xff) >> (8 - BIN_BITS)) << (2 * BIN_BITS) |
         (((rgb >> 8) & 0xff) >> (8 - BIN_BITS)) << BIN_BITS |
         ((rgb & 0xff) >> (8 - BIN_BITS));
}

static inline guint
exact_slot (guint32 rgb)
{
  return (rgb * 2654435761u) >> 22;   /* 10 bits: EXACT_SLOTS */
}

/* RGB of an ARGB32 (premultiplied) pixel, or G_MAXUINT32 for a pixel that
 * is transparent in the GIF. */
static inline guint32
pixel_rgb (const Quantiser *q,
           guint32          px)
{
  guint a = px >> 24;

  if (a == 255)
    return px & 0xffffff;
  if (q->transparent && a < 128)
    return G_MAXUINT32;
  if (a == 0)
    return 0;
  {
    guint r = (((px >> 16) & 0xff) * 255 + a / 2) / a;
    guint g = (((px >> 8) & 0xff) * 255 + a / 2) / a;
    guint b = ((px & 0xff) * 255 + a / 2) / a;

    return MIN (r, 255) << 16 | MIN (g, 255) << 8 | MIN (b, 255);
  }
}

static int
exact_lookup (const Quantiser *q,
              guint32          rgb)
{
  guint32 key = 0x1000000 | rgb;

  for (guint i = exact_slot (rgb);; i = (i + 1) & (EXACT_SLOTS - 1))
    {
      if (q->exact_keys[i] == key)
        return i;
      if (q->exact_keys[i] == 0)
        return -1 - (int) i;
    }
}

static void
quantiser_count (Quantiser       *q,
                 cairo_surface_t *surface)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 last = G_MAXUINT32 - 1;

  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (data + (gsize) y * stride);

      for (int x = 0; x < width; x++)
        {
          guint32 rgb = pixel_rgb (q, row[x]);
          guint bin;

          if (rgb == G_MAXUINT32)
            continue;
          bin = bin_of (rgb);
          q->bin_count[bin]++;
          q->bin_sum[bin * 3] += rgb >> 16;
          q->bin_sum[bin * 3 + 1] += (rgb >> 8) & 0xff;
          q->bin_sum[bin * 3 + 2] += rgb & 0xff;
          if (q->overflow || rgb == last)
            continue;
          last = rgb;
          {
            int slot = exact_lookup (q, rgb);

            if (slot >= 0)
              continue;
            if (q->n_exact == q->max_colours)
              {
                q->overflow = TRUE;
                continue;
              }
            slot = -1 - slot;
            q->exact_keys[slot] = 0x1000000 | rgb;
            q->exact_index[slot] = (guint8) q->n_exact++;
          }
        }
    }
}

typedef struct {
  guint32 bin;
  guint32 count;
} BinEntry;

static int
compare_bins (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  int shift = (2 - GPOINTER_TO_INT (user_data)) * BIN_BITS;
  guint va = (((const BinEntry *) a)->bin >> shift) & ((1 << BIN_BITS) - 1);
  guint vb = (((const BinEntry *) b)->bin >> shift) & ((1 << BIN_BITS) - 1);

  return (va > vb) - (va < vb);
}

typedef struct {
  guint   start, end;     /* entries[start, end) */
  guint64 count;
  int     channel;        /* the widest */
  int     range;
} Box;

static void
box_measure (Box            *box,
             const BinEntry *entries)
{
  int lo[3] = { 255, 255, 255 }, hi[3] = { 0, 0, 0 };

  box->count = 0;
  for (guint i = box->start; i < box->end; i++)
    {
      box->count += entries[i].count;
      for (int c = 0; c < 3; c++)
        {
          int v = (entries[i].bin >> ((2 - c) * BIN_BITS)) & ((1 << BIN_BITS) - 1);

          lo[c] = MIN (lo[c], v);
          hi[c] = MAX (hi[c], v);
        }
    }
  box->channel = 0;
  box->range = -1;
  for (int c = 0; c < 3; c++)
    if (hi[c] - lo[c] > box->range)
      {
        box->range = hi[c] - lo[c];
        box->channel = c;
      }
}

static void
quantiser_median_cut (Quantiser *q)
{
  g_autofree BinEntry *entries = NULL;
  g_autofree Box *boxes = g_new0 (Box, q->max_colours);
  guint n_entries = 0, n_boxes = 1;

  for (guint b = 0; b < N_BINS; b++)
    if (q->bin_count[b] > 0)
      n_entries++;
  entries = g_new (BinEntry, MAX (n_entries, 1));
  n_entries = 0;
  for (guint b = 0; b < N_BINS; b++)
    if (q->bin_count[b] > 0)
      {
        entries[n_entries].bin = b;
        entries[n_entries].count = q->bin_count[b];
        n_entries++;
      }

  boxes[0].start = 0;
  boxes[0].end = n_entries;
  box_measure (&boxes[0], entries);

  while ((int) n_boxes < q->max_colours)
    {
      int best = -1;
      double best_score = 0;
      guint64 half, sum = 0;
      guint split;
      Box *box;

      for (guint i = 0; i < n_boxes; i++)
        {
          double score = (double) boxes[i].count * boxes[i].range;

          if (boxes[i].end - boxes[i].start >= 2 && boxes[i].range > 0 && score > best_score)
            {
              best_score = score;
              best = (int) i;
            }
        }
      if (best < 0)
        break;
      box = &boxes[best];
      g_qsort_with_data (entries + box->start, (gint) (box->end - box->start),
                         sizeof (BinEntry), compare_bins, GINT_TO_POINTER (box->channel));
      half = box->count / 2;
      split = box->start + 1;
      for (guint i = box->start; i < box->end - 1; i++)
        {
          sum += entries[i].count;
          split = i + 1;
          if (sum >= half)
            break;
        }
      boxes[n_boxes].start = split;
      boxes[n_boxes].end = box->end;
      box->end = split;
      box_measure (box, entries);
      box_measure (&boxes[n_boxes], entries);
      n_boxes++;
    }

  q->n_colours = 0;
  for (guint i = 0; i < n_boxes; i++)
    {
      guint64 r = 0, g = 0, b = 0, n = 0;

      for (guint e = boxes[i].start; e < boxes[i].end; e++)
        {
          guint bin = entries[e].bin;

          r += q->bin_sum[bin * 3];
          g += q->bin_sum[bin * 3 + 1];
          b += q->bin_sum[bin * 3 + 2];
          n += q->bin_count[bin];
        }
      if (n == 0)
        continue;
      q->palette[q->n_colours].Red = (GifByteType) ((r + n / 2) / n);
      q->palette[q->n_colours].Green = (GifByteType) ((g + n / 2) / n);
      q->palette[q->n_colours].Blue = (GifByteType) ((b + n / 2) / n);
      q->n_colours++;
    }
}

static void
quantiser_finish (Quantiser *q)
{
  if (!q->overflow)
    {
      for (guint i = 0; i < EXACT_SLOTS; i++)
        if (q->exact_keys[i] != 0)
          {
            guint32 rgb = q->exact_keys[i] & 0xffffff;
            GifColorType *c = &q->palette[q->exact_index[i]];

            c->Red = (GifByteType) (rgb >> 16);
            c->Green = (GifByteType) ((rgb >> 8) & 0xff);
            c->Blue = (GifByteType) (rgb & 0xff);
          }
      q->n_colours = q->n_exact;
    }
  else
    quantiser_median_cut (q);

  if (q->n_colours == 0)
    q->palette[q->n_colours++] = (GifColorType) { 0, 0, 0 };
  q->transparent_index = NO_TRANSPARENT_COLOR;
  if (q->transparent)
    {
      q->transparent_index = q->n_colours;
      q->palette[q->n_colours++] = (GifColorType) { 0, 0, 0 };
    }
}

static guint8
quantiser_nearest (Quantiser *q,
                   guint32    rgb)
{
  guint bin = bin_of (rgb);

  if (q->lut[bin] < 0)
    {
      int r = rgb >> 16, g = (rgb >> 8) & 0xff, b = rgb & 0xff;
      int best = 0, best_d = G_MAXINT;
      int n = q->transparent ? q->n_colours - 1 : q->n_colours;

      for (int i = 0; i < n; i++)
        {
          int dr = r - q->palette[i].Red, dg = g - q->palette[i].Green, db = b - q->palette[i].Blue;
          int d = 2 * dr * dr + 4 * dg * dg + db * db;

          if (d < best_d)
            {
              best_d = d;
              best = i;
            }
        }
      q->lut[bin] = (gint16) best;
    }
  return (guint8) q->lut[bin];
}

static void
quantiser_map (Quantiser       *q,
               cairo_surface_t *surface,
               guint8          *indices)
{
  int width = cairo_image_surface_get_width (surface);
  int height = cairo_image_surface_get_height (surface);
  int stride = cairo_image_surface_get_stride (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 last_px = 0;
  guint8 last_index = 0;
  gboolean have_last = FALSE;

  for (int y = 0; y < height; y++)
    {
      const guint32 *row = (const guint32 *) (data + (gsize) y * stride);
      guint8 *out = indices + (gsize) y * width;

      for (int x = 0; x < width; x++)
        {
          guint32 px = row[x];
          guint32 rgb;
          guint8 index;

          if (have_last && px == last_px)
            {
              out[x] = last_index;
              continue;
            }
          rgb = pixel_rgb (q, px);
          if (rgb == G_MAXUINT32)
            index = (guint8) q->transparent_index;
          else if (!q->overflow)
            {
              int slot = exact_lookup (q, rgb);

              index = slot >= 0 ? q->exact_index[slot] : quantiser_nearest (q, rgb);
            }
          else
            index = quantiser_nearest (q, rgb);
          out[x] = index;
          last_px = px;
          last_index = index;
          have_last = TRUE;
        }
    }
}

static int
gif_write (GifFileType     *gif,
           const GifByteType *data,
           int              length)
{
  g_byte_array_append (gif->UserData, data, (guint) length);
  return length;
}

static gboolean
gif_failed (GifFileType  *gif,
            GError      **error)
{
  g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_ENCODE,
               _("cannot encode the GIF: %s"), GifErrorString (gif->Error));
  return FALSE;
}

static void
render_frame (const BsExportGame        *game,
              const BsRenderOptions     *render,
              const BsExportGameOptions *options,
              guint                      index,
              cairo_surface_t           *surface,
              int                        width,
              int                        height)
{
  BsRenderOptions frame;
  g_autofree char *caption = frame_options (game, render, options, index, &frame);
  cairo_t *cr = cairo_create (surface);

  cairo_set_operator (cr, CAIRO_OPERATOR_CLEAR);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  bs_render_position (cr, game->rs, bs_export_game_position (game, index), &frame,
                      width, height);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

/* The rectangle in which two frames differ; FALSE when they are equal. */
static gboolean
changed_rect (const guint8 *a,
              const guint8 *b,
              int           width,
              int           height,
              int           rect[4])
{
  int x0 = width, y0 = height, x1 = -1, y1 = -1;

  for (int y = 0; y < height; y++)
    {
      const guint8 *ra = a + (gsize) y * width, *rb = b + (gsize) y * width;

      if (memcmp (ra, rb, width) == 0)
        continue;
      y0 = MIN (y0, y);
      y1 = y;
      for (int x = 0; x < x0; x++)
        if (ra[x] != rb[x])
          {
            x0 = x;
            break;
          }
      for (int x = width - 1; x > x1; x--)
        if (ra[x] != rb[x])
          {
            x1 = x;
            break;
          }
    }
  if (y1 < 0)
    return FALSE;
  rect[0] = x0;
  rect[1] = y0;
  rect[2] = x1 - x0 + 1;
  rect[3] = y1 - y0 + 1;
  return TRUE;
}

static gboolean
encode_gif (const BsExportGame        *game,
            const BsRenderOptions     *render,
            const BsExportGameOptions *options,
            int                        width,
            int                        height,
            GByteArray                *out,
            GError                   **error)
{
  guint n = bs_export_game_n_positions (game);
  g_autofree Quantiser *q = g_new0 (Quantiser, 1);
  g_autofree guint8 *indices = g_malloc ((gsize) width * height);
  g_autofree guint8 *previous = g_malloc ((gsize) width * height);
  cairo_surface_t *surface;
  ColorMapObject *map = NULL;
  GifFileType *gif;
  int gif_error = 0;
  gboolean ok = FALSE;
  guint n_samples = MIN (n, SAMPLE_FRAMES);
  int delay_cs = CLAMP ((options->delay_ms + 5) / 10, 2, 65535 / 3);

  q->transparent = render != NULL && render->transparent;
  q->max_colours = q->transparent ? 255 : 256;
  q->bin_count = g_new0 (guint32, N_BINS);
  q->bin_sum = g_new0 (guint64, (gsize) N_BINS * 3);
  q->lut = g_new (gint16, N_BINS);
  memset (q->lut, 0xff, sizeof (gint16) * N_BINS);

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, width, height);
  if (!cairo_ok (cairo_surface_status (surface), "GIF frame", error))
    goto out;

  /* The palette from every frame (drawing one costs far less than encoding
   * it); past SAMPLE_FRAMES, from evenly spaced ones, first and last
   * included. */
  for (guint s = 0; s < n_samples; s++)
    {
      guint index = n_samples == 1 ? 0 : (guint) ((guint64) s * (n - 1) / (n_samples - 1));

      render_frame (game, render, options, index, surface, width, height);
      quantiser_count (q, surface);
    }
  quantiser_finish (q);
  g_clear_pointer (&q->bin_sum, g_free);

  map = GifMakeMapObject (1 << GifBitSize (q->n_colours), q->palette);
  gif = EGifOpen (out, gif_write, &gif_error);
  if (gif == NULL || map == NULL)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_ENCODE,
                   _("cannot start the GIF: %s"), GifErrorString (gif_error));
      goto out;
    }
  EGifSetGifVersion (gif, true);
  if (EGifPutScreenDesc (gif, width, height, 8, 0, map) == GIF_ERROR)
    goto gif_error;
  if (n > 1)
    {
      static const GifByteType loop[3] = { 1, 0, 0 };   /* loop forever */

      if (EGifPutExtensionLeader (gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
          EGifPutExtensionBlock (gif, 11, "NETSCAPE2.0") == GIF_ERROR ||
          EGifPutExtensionBlock (gif, 3, loop) == GIF_ERROR ||
          EGifPutExtensionTrailer (gif) == GIF_ERROR)
        goto gif_error;
    }

  for (guint i = 0; i < n; i++)
    {
      GraphicsControlBlock gcb = { 0 };
      GifByteType ext[4];
      size_t ext_length;
      int rect[4] = { 0, 0, width, height };

      render_frame (game, render, options, i, surface, width, height);
      quantiser_map (q, surface, indices);

      /* Opaque frames are drawn over the previous one, so only what
       * changed is stored; transparent ones replace it whole. */
      if (i > 0 && !q->transparent && !changed_rect (previous, indices, width, height, rect))
        {
          rect[2] = 1;
          rect[3] = 1;
        }
      gcb.DisposalMode = q->transparent ? DISPOSE_BACKGROUND : DISPOSE_DO_NOT;
      gcb.UserInputFlag = false;
      gcb.DelayTime = i + 1 == n ? 3 * delay_cs : delay_cs;
      gcb.TransparentColor = q->transparent_index;
      ext_length = EGifGCBToExtension (&gcb, ext);
      if (EGifPutExtension (gif, GRAPHICS_EXT_FUNC_CODE, (int) ext_length, ext) == GIF_ERROR ||
          EGifPutImageDesc (gif, rect[0], rect[1], rect[2], rect[3], false, NULL) == GIF_ERROR)
        goto gif_error;
      for (int y = rect[1]; y < rect[1] + rect[3]; y++)
        if (EGifPutLine (gif, indices + (gsize) y * width + rect[0], rect[2]) == GIF_ERROR)
          goto gif_error;
      memcpy (previous, indices, (gsize) width * height);
    }

  if (EGifCloseFile (gif, &gif_error) == GIF_ERROR)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_ENCODE,
                   _("cannot finish the GIF: %s"), GifErrorString (gif_error));
      goto out;
    }
  ok = TRUE;
  goto out;

gif_error:
  gif_failed (gif, error);
  EGifCloseFile (gif, NULL);
out:
  if (map != NULL)
    GifFreeMapObject (map);
  cairo_surface_destroy (surface);
  g_free (q->bin_count);
  g_free (q->bin_sum);
  g_free (q->lut);
  return ok;
}

gboolean
bs_export_gif (const BsExportGame         *game,
               const BsRenderOptions      *render,
               const BsExportGameOptions  *options,
               int                         width,
               int                         height,
               const char                 *path,
               GError                    **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  BsExportGameOptions defaults;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (options == NULL)
    {
      bs_export_game_options_init (&defaults);
      options = &defaults;
    }
  if (!check_size (width, height, error))
    return FALSE;
  if (!encode_gif (game, render, options, width, height, out, error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&out));
  return bs_export_write_bytes (path, bytes, error);
}

/* ---- game sheet ----------------------------------------------------- */

static void
sheet_grid (int     per_page,
            double  width,
            double  height,
            int    *cols,
            int    *rows)
{
  double best = -1;

  *cols = 1;
  *rows = per_page;
  /* The column count that gives the largest square diagrams. */
  for (int c = 1; c <= per_page; c++)
    {
      int r = (per_page + c - 1) / c;
      double side = MIN ((width - (c - 1) * SHEET_GAP) / c, (height - (r - 1) * SHEET_GAP) / r);

      if (side > best + 1e-9)
        {
          best = side;
          *cols = c;
          *rows = r;
        }
    }
}

guint
bs_export_game_sheet_pages (const BsExportGame        *game,
                            const BsExportGameOptions *options)
{
  int per_page = options != NULL && options->per_page > 0 ? options->per_page : 6;
  guint n = bs_export_game_n_positions (game);

  return (n + (guint) per_page - 1) / (guint) per_page;
}

static void
sheet_text (cairo_t    *cr,
            PangoLayout *layout,
            const char *text,
            const char *font,
            double      x,
            double      y,
            gboolean    right_aligned)
{
  g_autoptr(PangoFontDescription) desc = pango_font_description_from_string (font);
  int w, h;

  pango_layout_set_font_description (layout, desc);
  pango_layout_set_text (layout, text, -1);
  pango_layout_get_size (layout, &w, &h);
  cairo_move_to (cr, right_aligned ? x - w / (double) PANGO_SCALE : x, y);
  pango_cairo_show_layout (cr, layout);
}

static const char *
sheet_title (const BsExportGame        *game,
             const BsExportGameOptions *options)
{
  if (options->title != NULL)
    return options->title;
  if (game->rs->variant != NULL && game->rs->variant->name != NULL)
    return game->rs->variant->name;
  return game->rs->module->name;
}

void
bs_export_draw_sheet_page (cairo_t                   *cr,
                           const BsExportGame        *game,
                           const BsRenderOptions     *render,
                           const BsExportGameOptions *options,
                           guint                      page,
                           double                     width,
                           double                     height)
{
  g_autoptr(PangoLayout) text = NULL;
  g_autofree char *page_label = NULL;
  BsExportGameOptions defaults;
  guint n, pages;
  int per_page, cols, rows;
  double margin, area_w, area_h, cell_w, cell_h;

  g_return_if_fail (cr != NULL);
  g_return_if_fail (game != NULL);

  if (options == NULL)
    {
      bs_export_game_options_init (&defaults);
      options = &defaults;
    }
  per_page = CLAMP (options->per_page > 0 ? options->per_page : 6, 1, 48);
  n = bs_export_game_n_positions (game);
  pages = bs_export_game_sheet_pages (game, options);
  if (page >= pages)
    return;

  /* A4's margins, kept in proportion on other paper. */
  margin = SHEET_MARGIN * MIN (width / A4_WIDTH, height / A4_HEIGHT);
  area_w = width - 2 * margin;
  area_h = height - 2 * margin - SHEET_HEADER;
  if (area_w <= 0 || area_h <= 0)
    return;
  sheet_grid (per_page, area_w, area_h, &cols, &rows);
  cell_w = (area_w - (cols - 1) * SHEET_GAP) / cols;
  cell_h = (area_h - (rows - 1) * SHEET_GAP) / rows;

  cairo_save (cr);
  text = pango_cairo_create_layout (cr);
  page_label = g_strdup_printf ("%u / %u", page + 1, pages);
  cairo_set_source_rgb (cr, 0, 0, 0);
  sheet_text (cr, text, sheet_title (game, options), "Sans Bold 13", margin, margin, FALSE);
  sheet_text (cr, text, page_label, "Sans 10", width - margin, margin + 3, TRUE);
  cairo_set_line_width (cr, 0.6);
  cairo_move_to (cr, margin, margin + SHEET_HEADER - 10);
  cairo_line_to (cr, width - margin, margin + SHEET_HEADER - 10);
  cairo_stroke (cr);

  for (int slot = 0; slot < per_page; slot++)
    {
      guint index = page * (guint) per_page + (guint) slot;
      BsRenderOptions frame;
      g_autofree char *caption = NULL;
      double x, y;

      if (index >= n)
        break;
      caption = frame_options (game, render, options, index, &frame);
      x = margin + (slot % cols) * (cell_w + SHEET_GAP);
      y = margin + SHEET_HEADER + (slot / cols) * (cell_h + SHEET_GAP);
      cairo_save (cr);
      cairo_translate (cr, x, y);
      cairo_rectangle (cr, 0, 0, cell_w, cell_h);
      cairo_clip (cr);
      bs_render_position (cr, game->rs, bs_export_game_position (game, index), &frame,
                          cell_w, cell_h);
      cairo_restore (cr);
    }
  cairo_restore (cr);
}

gboolean
bs_export_game_sheet (const BsExportGame         *game,
                      const BsRenderOptions      *render,
                      const BsExportGameOptions  *options,
                      const char                 *path,
                      GError                    **error)
{
  g_autoptr(GByteArray) out = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  BsExportGameOptions defaults;
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  guint pages;

  g_return_val_if_fail (game != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  if (options == NULL)
    {
      bs_export_game_options_init (&defaults);
      options = &defaults;
    }
  if (options->per_page > 48)
    {
      g_set_error (error, BS_EXPORT_ERROR, BS_EXPORT_ERROR_SIZE,
                   _("%d diagrams per page is too many: at most 48"), options->per_page);
      return FALSE;
    }
  pages = bs_export_game_sheet_pages (game, options);

  surface = cairo_pdf_surface_create_for_stream (append_to_array, out, A4_WIDTH, A4_HEIGHT);
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_CREATOR, "Boardsmith");
  cairo_pdf_surface_set_metadata (surface, CAIRO_PDF_METADATA_TITLE,
                                  sheet_title (game, options));
  cr = cairo_create (surface);
  for (guint page = 0; page < pages; page++)
    {
      bs_export_draw_sheet_page (cr, game, render, options, page, A4_WIDTH, A4_HEIGHT);
      cairo_show_page (cr);
    }
  status = cairo_status (cr);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    status = cairo_surface_status (surface);
  cairo_surface_destroy (surface);
  if (!cairo_ok (status, "PDF game sheet", error))
    {
      g_prefix_error (error, "%s: ", path);
      return FALSE;
    }
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&out));
  return bs_export_write_bytes (path, bytes, error);
}
