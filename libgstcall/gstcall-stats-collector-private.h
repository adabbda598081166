/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Reads a call pipeline's statistics into a GstCallStats, the same way for
 * both transports: RTP figures from every rtpbin session (webrtcbin's own
 * rtpbin included), encoders from the encoder slots upstream of the
 * payloaders, decoders and frames from the frame monitors of the decode
 * branches, and the ICE candidate pair from a webrtcbin statistics report.
 */

#pragma once

#include <gst/gst.h>

#include "gstcallstats.h"

G_BEGIN_DECLS

/* The previous reading of each stream, for the bitrates: one per
 * transport object, used from one thread at a time. */
typedef struct _GstCallStatsHistory GstCallStatsHistory;

GstCallStatsHistory *gst_call_stats_history_new  (void);
void                 gst_call_stats_history_free (GstCallStatsHistory *history);

/* @pipeline: (nullable): the call's pipeline; @webrtc_report: (nullable):
 * the reply of webrtcbin's get-stats; @history: (nullable): where the
 * bitrates are measured from, and updated. */
GstCallStats *gst_call_stats_collect (GstElement          *pipeline,
                                      const GstStructure  *webrtc_report,
                                      GstCallStatsHistory *history);

G_END_DECLS
