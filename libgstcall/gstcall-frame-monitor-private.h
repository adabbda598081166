/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The frame monitor: what one remote stream's decoder does with its frames
 * (received, decoded, dropped, video freezes as Chrome's freezeCount), and
 * which stream it is (SSRC, payload type, codec, decoder element). Both
 * transports' decode branches call gst_call_frame_monitor_watch_decodebin()
 * once; the statistics collector finds the monitors in the pipeline.
 */

#pragma once

#include <gst/gst.h>

#include "gstcall-enums.h"

G_BEGIN_DECLS

typedef struct _GstCallFrameMonitor GstCallFrameMonitor;

typedef struct {
  GstCallMediaKind kind;
  gboolean have_ssrc;
  guint ssrc;
  guint payload_type;
  char *codec;         /* RTP encoding name, or NULL */
  char *decoder;       /* factory name, or NULL */
  guint64 frames_received;
  guint64 frames_decoded;
  guint64 frames_dropped;
  guint freeze_count;
} GstCallFrameMonitorReading;

GstCallFrameMonitor *gst_call_frame_monitor_new        (GstCallMediaKind     kind);
void                 gst_call_frame_monitor_free       (GstCallFrameMonitor *self);

/* A frame reaches the decoder / comes out of it, at @now (microseconds,
 * monotonic). Any thread. */
void                 gst_call_frame_monitor_frame_in   (GstCallFrameMonitor *self,
                                                        GstClockTime         pts);
void                 gst_call_frame_monitor_frame_out  (GstCallFrameMonitor *self,
                                                        GstClockTime         pts,
                                                        gint64               now);

void                 gst_call_frame_monitor_read       (GstCallFrameMonitor        *self,
                                                        GstCallFrameMonitorReading *reading);
void                 gst_call_frame_monitor_reading_clear (GstCallFrameMonitorReading *reading);

/* Watches the decoder @decodebin plugs for a remote stream of @kind; the
 * monitor lives as long as @decodebin. */
void                 gst_call_frame_monitor_watch_decodebin (GstElement       *decodebin,
                                                             GstCallMediaKind  kind);
/* The monitor of a watched decodebin, or NULL. */
GstCallFrameMonitor *gst_call_frame_monitor_get        (GstElement          *decodebin);

G_END_DECLS
