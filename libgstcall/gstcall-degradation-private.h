/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The degradation ladder of a video sender: which resolution and frame
 * rate the encoder gets for the bitrate congestion control gives it. Pure
 * logic, no pipeline: GstCallEncoderSlot applies the format of the step
 * decided here (gstcall-degradation.c explains the rule).
 *
 * Step 0 is the source's own format; each step after it is a smaller
 * resolution (3/4 of the one before), then, once at the smallest, a lower
 * frame rate. */

/* The format a source is sent in: the source's, or a degraded one. A
 * framerate of 0 is unknown (a variable frame rate): only the resolution
 * is lowered then. */
typedef struct {
  guint width;
  guint height;
  guint framerate_numerator;
  guint framerate_denominator;
} GstCallVideoFormat;

/* Where a sender is on the ladder; all zero at first. */
typedef struct {
  guint step;         /* 0: the source's format */
  gint64 rise_since;  /* monotonic µs since which the step above is
                       * allowed, 0 when it is not */
  gint64 rise_hold;   /* how long it must be allowed, 0: the shortest */
  gint64 last_rise;   /* when the last step up was taken, 0: long ago */
} GstCallDegradation;

/* The number of steps for @source, the source's own included (at least
 * 1). */
guint    gst_call_degradation_count_steps (const GstCallVideoFormat *source);

/* The format of @step (clamped to the last step) for @source. */
void     gst_call_degradation_get_format  (const GstCallVideoFormat *source,
                                           guint                     step,
                                           GstCallVideoFormat       *format);

/* The bitrate, kbit/s, @format needs to be sent in without degrading
 * further. */
guint    gst_call_degradation_needed_bitrate (const GstCallVideoFormat *format);

/* Moves @degradation for @kbit_per_second, the encoder's bitrate (0: no
 * congestion control, back to the source's format at once), of which the
 * encoder produced @sent_kbit_per_second lately (0: not known yet), at
 * @now (monotonic µs, never 0); TRUE when its step changed. */
gboolean gst_call_degradation_update (GstCallDegradation       *degradation,
                                      const GstCallVideoFormat *source,
                                      guint                     kbit_per_second,
                                      guint                     sent_kbit_per_second,
                                      gint64                    now);

G_END_DECLS
