/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#if !defined(_GST_CALL_INSIDE) && !defined(GST_CALL_COMPILATION)
#error "Only <gstcall/gstcall.h> can be included directly."
#endif

#include <gst/gst.h>

#include "gstcall-version-macros.h"
#include "gstcall-enums.h"

G_BEGIN_DECLS

#define GST_TYPE_CALL_OUTBOUND_STREAM_STATS (gst_call_outbound_stream_stats_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallOutboundStreamStats, gst_call_outbound_stream_stats, GST, CALL_OUTBOUND_STREAM_STATS, GObject)

GST_CALL_AVAILABLE_IN_0_1
guint gst_call_outbound_stream_stats_get_ssrc (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallMediaKind gst_call_outbound_stream_stats_get_kind (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_outbound_stream_stats_get_codec (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint gst_call_outbound_stream_stats_get_payload_type (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_outbound_stream_stats_get_bytes_sent (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_outbound_stream_stats_get_packets_sent (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_outbound_stream_stats_get_frames_sent (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_outbound_stream_stats_get_target_bitrate (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_outbound_stream_stats_get_bitrate (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_outbound_stream_stats_get_encoder (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_outbound_stream_stats_get_quality_limitation_reason (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint gst_call_outbound_stream_stats_get_nack_count (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint gst_call_outbound_stream_stats_get_pli_count (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint gst_call_outbound_stream_stats_get_fir_count (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_outbound_stream_stats_get_retransmitted_bytes_sent (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_outbound_stream_stats_get_retransmitted_packets_sent (GstCallOutboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
double gst_call_outbound_stream_stats_get_round_trip_time (GstCallOutboundStreamStats *self);

#define GST_TYPE_CALL_INBOUND_STREAM_STATS (gst_call_inbound_stream_stats_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallInboundStreamStats, gst_call_inbound_stream_stats, GST, CALL_INBOUND_STREAM_STATS, GObject)

GST_CALL_AVAILABLE_IN_0_1
guint gst_call_inbound_stream_stats_get_ssrc (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallMediaKind gst_call_inbound_stream_stats_get_kind (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_inbound_stream_stats_get_codec (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint gst_call_inbound_stream_stats_get_payload_type (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_inbound_stream_stats_get_bytes_received (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_inbound_stream_stats_get_packets_received (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_inbound_stream_stats_get_frames_received (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_inbound_stream_stats_get_frames_decoded (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_inbound_stream_stats_get_frames_dropped (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
gint64 gst_call_inbound_stream_stats_get_packets_lost (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
double gst_call_inbound_stream_stats_get_jitter (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
double gst_call_inbound_stream_stats_get_jitter_buffer_delay (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint gst_call_inbound_stream_stats_get_freeze_count (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_inbound_stream_stats_get_decoder (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_inbound_stream_stats_get_bitrate (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint gst_call_inbound_stream_stats_get_nack_count (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_inbound_stream_stats_get_retransmitted_bytes_received (GstCallInboundStreamStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_inbound_stream_stats_get_retransmitted_packets_received (GstCallInboundStreamStats *self);

#define GST_TYPE_CALL_CANDIDATE_PAIR_STATS (gst_call_candidate_pair_stats_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallCandidatePairStats, gst_call_candidate_pair_stats, GST, CALL_CANDIDATE_PAIR_STATS, GObject)

GST_CALL_AVAILABLE_IN_0_1
double gst_call_candidate_pair_stats_get_round_trip_time (GstCallCandidatePairStats *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_candidate_pair_stats_get_local_candidate_type (GstCallCandidatePairStats *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_candidate_pair_stats_get_local_address (GstCallCandidatePairStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint gst_call_candidate_pair_stats_get_local_port (GstCallCandidatePairStats *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_candidate_pair_stats_get_remote_candidate_type (GstCallCandidatePairStats *self);
GST_CALL_AVAILABLE_IN_0_1
const char *gst_call_candidate_pair_stats_get_remote_address (GstCallCandidatePairStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint gst_call_candidate_pair_stats_get_remote_port (GstCallCandidatePairStats *self);
GST_CALL_AVAILABLE_IN_0_1
guint64 gst_call_candidate_pair_stats_get_available_outgoing_bitrate (GstCallCandidatePairStats *self);
#define GST_TYPE_CALL_STATS (gst_call_stats_get_type ())

GST_CALL_AVAILABLE_IN_0_1
G_DECLARE_FINAL_TYPE (GstCallStats, gst_call_stats, GST, CALL_STATS, GObject)

GST_CALL_AVAILABLE_IN_0_1
gint64                     gst_call_stats_get_timestamp        (GstCallStats *self);
GST_CALL_AVAILABLE_IN_0_1
GPtrArray                 *gst_call_stats_get_outbound_streams (GstCallStats *self);
GST_CALL_AVAILABLE_IN_0_1
GPtrArray                 *gst_call_stats_get_inbound_streams  (GstCallStats *self);
GST_CALL_AVAILABLE_IN_0_1
GstCallCandidatePairStats *gst_call_stats_get_candidate_pair   (GstCallStats *self);
GST_CALL_AVAILABLE_IN_0_1
GstStructure              *gst_call_stats_to_structure         (GstCallStats *self);

G_END_DECLS
