/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-degradation-private.h"

/* The ladder, in the spirit of libwebrtc's (its default bitrate limits
 * per resolution start 640x360 at 500 kbit/s and 1280x720 at 1.5 Mbit/s,
 * 0.05 to 0.08 bit per pixel per frame at 30 fps, and a browser lowers the
 * resolution first when a camera call runs short of bandwidth):
 *
 * - A format needs BITS_PER_PIXEL_PER_FRAME (0.05) bit per pixel per
 *   frame: 640x480 at 30 fps needs 461 kbit/s, 320x240 at 30 fps 115.
 *   Below that a VP8 or H.264 picture at that size turns to blocks and
 *   smears; a smaller sharp picture looks better.
 * - Resolution first: each step is 3/4 of the one before in both
 *   dimensions (about half the pixels every two steps), rounded to even
 *   numbers, keeping the source's aspect ratio, as long as a step keeps
 *   at least MIN_PIXELS (160x90): 640x480, 480x360, 360x270, 270x202,
 *   202x152, 152x114.
 * - Then the frame rate, at the smallest resolution: 20, 15, then 10 fps
 *   (those below the source's; a source of unknown rate keeps its rate).
 * - Down at once, as many steps as the bitrate needs: the bitrate has
 *   already fallen, every frame until then is encoded too coarsely.
 * - Up one step at a time, and only when the bitrate has covered the step
 *   above by RISE_MARGIN_PERCENT (30%) for RISE_HOLD (3 s): a bitrate
 *   moving around one threshold neither flaps between two formats (the
 *   30% gap) nor raises the format on one good report (the hold).
 * - The encoder's output decides as well: what the picture needs depends
 *   on what it shows (a talking head in front of a wall needs far less
 *   than 0.05 bit, a crowd more), which libwebrtc reads from the
 *   encoder's quantizer. Here: an encoder that produces less than
 *   UNDERSHOOT_PERCENT (75%) of its bitrate is not short of bits, so the
 *   step above is allowed (with the hold) whatever the bitrate; and a step
 *   down needs an encoder that uses at least FILL_PERCENT (85%) of it (or
 *   an output not measured yet). This also keeps a call from staying
 *   small for good: congestion control raises its target only to 1.5
 *   times what arrives, so a sender that does not fill its bitrate sits
 *   at about 2/3 of it, and would never see the margin above.
 * - A step up on the encoder's output that the encoder then finds too
 *   small for (a step down within FAILED_RISE_WINDOW, 10 s) doubles the
 *   hold before the next such step, up to MAX_RISE_HOLD (48 s): content
 *   between two steps does not flap.
 * - Never above the source: step 0 is the source's format.
 */
#define BITS_PER_PIXEL_PER_FRAME_PERCENT 5 /* 0.05 bit */
#define MIN_PIXELS (160 * 90)
#define MAX_SCALE_STEPS 16
#define RISE_MARGIN_PERCENT 30
#define RISE_HOLD (3 * G_TIME_SPAN_SECOND)
#define MAX_RISE_HOLD (48 * G_TIME_SPAN_SECOND)
#define FAILED_RISE_WINDOW (10 * G_TIME_SPAN_SECOND)
#define UNDERSHOOT_PERCENT 75
#define FILL_PERCENT 85
/* When the source gives no frame rate. */
#define ASSUMED_FRAMERATE 30

static const guint lower_framerates[] = { 20, 15, 10 };

static guint64
power (guint64 base,
       guint   exponent)
{
  guint64 result = 1;

  while (exponent-- > 0)
    result *= base;
  return result;
}

/* @size scaled by (3/4)^@steps, rounded to the nearest even number, at
 * least 2. */
static guint
scale_size (guint size,
            guint steps)
{
  guint64 scaled = (guint64) size * power (3, steps);
  guint64 divisor = power (4, steps);

  if (steps == 0)
    return size;
  return (guint) MAX ((scaled + divisor) / (2 * divisor) * 2, 2);
}

static guint
count_scale_steps (const GstCallVideoFormat *source)
{
  guint steps = 0;

  while (steps < MAX_SCALE_STEPS &&
         (guint64) scale_size (source->width, steps + 1) *
         scale_size (source->height, steps + 1) >= MIN_PIXELS)
    steps++;
  return steps;
}

static gboolean
framerate_known (const GstCallVideoFormat *format)
{
  return format->framerate_numerator > 0 && format->framerate_denominator > 0;
}

static guint
count_framerate_steps (const GstCallVideoFormat *source)
{
  guint steps = 0;

  if (!framerate_known (source))
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (lower_framerates); i++)
    if ((guint64) lower_framerates[i] * source->framerate_denominator <
        source->framerate_numerator)
      steps++;
  return steps;
}

guint
gst_call_degradation_count_steps (const GstCallVideoFormat *source)
{
  g_return_val_if_fail (source != NULL, 1);

  return 1 + count_scale_steps (source) + count_framerate_steps (source);
}

void
gst_call_degradation_get_format (const GstCallVideoFormat *source,
                                 guint                     step,
                                 GstCallVideoFormat       *format)
{
  guint scale_steps, framerate_steps;

  g_return_if_fail (source != NULL);
  g_return_if_fail (format != NULL);

  scale_steps = count_scale_steps (source);
  framerate_steps = count_framerate_steps (source);
  step = MIN (step, scale_steps + framerate_steps);

  *format = *source;
  format->width = scale_size (source->width, MIN (step, scale_steps));
  format->height = scale_size (source->height, MIN (step, scale_steps));
  if (step > scale_steps) {
    /* The lower rates of the table below the source's, in order. */
    guint skipped = G_N_ELEMENTS (lower_framerates) - framerate_steps;

    format->framerate_numerator = lower_framerates[skipped + step - scale_steps - 1];
    format->framerate_denominator = 1;
  }
}

guint
gst_call_degradation_needed_bitrate (const GstCallVideoFormat *format)
{
  guint64 numerator = ASSUMED_FRAMERATE, denominator = 1;
  guint64 bits;

  g_return_val_if_fail (format != NULL, 0);

  if (framerate_known (format)) {
    numerator = format->framerate_numerator;
    denominator = format->framerate_denominator;
  }
  bits = (guint64) format->width * format->height * numerator *
      BITS_PER_PIXEL_PER_FRAME_PERCENT / (denominator * 100);
  return (guint) MAX ((bits + 999) / 1000, 1);
}

static guint
needed_at_step (const GstCallVideoFormat *source,
                guint                     step)
{
  GstCallVideoFormat format;

  gst_call_degradation_get_format (source, step, &format);
  return gst_call_degradation_needed_bitrate (&format);
}

gboolean
gst_call_degradation_update (GstCallDegradation       *degradation,
                             const GstCallVideoFormat *source,
                             guint                     kbit_per_second,
                             guint                     sent_kbit_per_second,
                             gint64                    now)
{
  guint last_step, step;
  guint64 bitrate = kbit_per_second, sent = sent_kbit_per_second;
  gboolean fills, undershoots;

  g_return_val_if_fail (degradation != NULL, FALSE);
  g_return_val_if_fail (source != NULL, FALSE);

  last_step = gst_call_degradation_count_steps (source) - 1;
  step = MIN (degradation->step, last_step);
  if (degradation->rise_hold == 0)
    degradation->rise_hold = RISE_HOLD;
  /* The last step up held: the next one waits the shortest again. */
  if (degradation->last_rise != 0 && now - degradation->last_rise >= FAILED_RISE_WINDOW) {
    degradation->last_rise = 0;
    degradation->rise_hold = RISE_HOLD;
  }
  fills = sent == 0 || sent * 100 >= bitrate * FILL_PERCENT;
  undershoots = sent > 0 && sent * 100 < bitrate * UNDERSHOOT_PERCENT;

  if (kbit_per_second == 0) {
    /* No congestion control: the source's format, as without it. */
    step = 0;
    degradation->rise_since = 0;
    degradation->rise_hold = RISE_HOLD;
    degradation->last_rise = 0;
  } else if (fills && bitrate < needed_at_step (source, step)) {
    while (step < last_step && bitrate < needed_at_step (source, step))
      step++;
    degradation->rise_since = 0;
    if (step != degradation->step && degradation->last_rise != 0) {
      /* The step taken up was too much: wait longer next time. */
      degradation->rise_hold = MIN (degradation->rise_hold * 2, MAX_RISE_HOLD);
      degradation->last_rise = 0;
    }
  } else if (step > 0 &&
             (undershoots ||
              bitrate * 100 >= (guint64) needed_at_step (source, step - 1) *
              (100 + RISE_MARGIN_PERCENT))) {
    gboolean by_bitrate = bitrate * 100 >= (guint64) needed_at_step (source, step - 1) *
        (100 + RISE_MARGIN_PERCENT);

    if (degradation->rise_since == 0) {
      degradation->rise_since = now;
    } else if (now - degradation->rise_since >= (by_bitrate ? RISE_HOLD
                                                 : degradation->rise_hold)) {
      step--;
      degradation->rise_since = 0;
      /* Only a step up on the encoder's output can turn out too much; one
       * the bitrate pays for is undone only by a lower bitrate. */
      degradation->last_rise = by_bitrate ? 0 : now;
    }
  } else {
    degradation->rise_since = 0;
  }

  if (step == degradation->step)
    return FALSE;
  degradation->step = step;
  return TRUE;
}
