/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-encode-usage-private.h"

/* Above this share of the frame interval the encoder is overused, below
 * the lower one no longer: libwebrtc's overuse detector starts adapting at
 * 85%; the gap keeps the report from flapping. */
#define OVERUSE_THRESHOLD 0.85
#define UNDERUSE_THRESHOLD 0.70
/* Weight of one frame in the averages: about one second at 30 fps. */
#define SMOOTHING (1.0 / 30.0)
/* Frames measured before the usage says anything. */
#define MIN_SAMPLES 15
/* A gap this long between frames (a paused track) is no frame interval. */
#define MAX_INTERVAL_US (G_USEC_PER_SEC / 2)

void
gst_call_encode_usage_init (GstCallEncodeUsage *self)
{
  g_mutex_init (&self->lock);
  self->last_in = self->pending_in = 0;
  self->interval = self->usage = 0;
  self->samples = 0;
  self->overused = FALSE;
}

void
gst_call_encode_usage_clear (GstCallEncodeUsage *self)
{
  g_mutex_clear (&self->lock);
}

void
gst_call_encode_usage_frame_in (GstCallEncodeUsage *self,
                                gint64              now_us)
{
  g_mutex_lock (&self->lock);
  if (self->last_in > 0 && now_us > self->last_in &&
      now_us - self->last_in <= MAX_INTERVAL_US) {
    double interval = (double) (now_us - self->last_in);

    self->interval = self->interval > 0
                         ? self->interval + SMOOTHING * (interval - self->interval)
                         : interval;
  }
  self->last_in = now_us;
  self->pending_in = now_us;
  g_mutex_unlock (&self->lock);
}

void
gst_call_encode_usage_frame_out (GstCallEncodeUsage *self,
                                 gint64              now_us)
{
  double usage;

  g_mutex_lock (&self->lock);
  /* An encoder that keeps frames (or makes more than one of one) gives
   * one sample per frame in, from its arrival to the first output after. */
  if (self->pending_in == 0 || self->interval <= 0 || now_us < self->pending_in) {
    g_mutex_unlock (&self->lock);
    return;
  }
  usage = (double) (now_us - self->pending_in) / self->interval;
  self->pending_in = 0;
  self->usage = self->samples > 0 ? self->usage + SMOOTHING * (usage - self->usage) : usage;
  self->samples++;
  if (self->samples >= MIN_SAMPLES) {
    if (!self->overused && self->usage > OVERUSE_THRESHOLD)
      self->overused = TRUE;
    else if (self->overused && self->usage < UNDERUSE_THRESHOLD)
      self->overused = FALSE;
  }
  g_mutex_unlock (&self->lock);
}

gboolean
gst_call_encode_usage_is_overused (GstCallEncodeUsage *self)
{
  gboolean overused;

  g_mutex_lock (&self->lock);
  overused = self->overused;
  g_mutex_unlock (&self->lock);
  return overused;
}

double
gst_call_encode_usage_get_usage (GstCallEncodeUsage *self)
{
  double usage;

  g_mutex_lock (&self->lock);
  usage = self->samples >= MIN_SAMPLES ? self->usage : 0;
  g_mutex_unlock (&self->lock);
  return usage;
}
