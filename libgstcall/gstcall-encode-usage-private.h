/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Encode usage: how much of the time between two frames the encoder takes
 * to encode one, as libwebrtc's overuse detector measures it. An encoder
 * that needs 85% of the frame interval or more cannot keep up for long on
 * a loaded machine: its quality is limited by the CPU, which the outbound
 * statistics report as quality-limitation-reason "cpu", as browsers do.
 * Fed by the encoder slot's streaming thread, read from any thread.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  GMutex lock;
  gint64 last_in;     /* µs, the last frame into the encoder; 0: none */
  gint64 pending_in;  /* µs, that frame, while it is not out; 0: none */
  double interval;    /* µs, smoothed time between frames in; 0: unknown */
  double usage;       /* smoothed encode time / frame interval */
  guint samples;
  gboolean overused;
} GstCallEncodeUsage;

void     gst_call_encode_usage_init      (GstCallEncodeUsage *self);
void     gst_call_encode_usage_clear     (GstCallEncodeUsage *self);
/* A frame goes into the encoder at @now_us (monotonic). */
void     gst_call_encode_usage_frame_in  (GstCallEncodeUsage *self,
                                          gint64              now_us);
/* The encoder made a frame at @now_us. */
void     gst_call_encode_usage_frame_out (GstCallEncodeUsage *self,
                                          gint64              now_us);
/* Whether the encoder takes most of the frame interval: above 85% of it
 * over the last second or so, until it is below 70% again. */
gboolean gst_call_encode_usage_is_overused (GstCallEncodeUsage *self);
/* The smoothed share of the frame interval spent encoding, 0 unknown. */
double   gst_call_encode_usage_get_usage (GstCallEncodeUsage *self);

G_END_DECLS
