/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The instance structures of the statistics types: the collector
 * (gstcall-stats-collector.c) fills them in.
 */

#pragma once

#include "gstcallstats.h"

G_BEGIN_DECLS

struct _GstCallOutboundStreamStats {
  GObject parent_instance;

  guint ssrc;
  GstCallMediaKind kind;
  char *codec;
  guint payload_type;
  guint64 bytes_sent;
  guint64 packets_sent;
  guint64 frames_sent;
  guint64 target_bitrate;
  guint64 bitrate;
  char *encoder;
  const char *quality_limitation_reason; /* static: "none" or "bandwidth" */
  guint nack_count;
  guint pli_count;
  guint fir_count;
  guint64 retransmitted_bytes_sent;
  guint64 retransmitted_packets_sent;
  double round_trip_time;
};

struct _GstCallInboundStreamStats {
  GObject parent_instance;

  guint ssrc;
  GstCallMediaKind kind;
  char *codec;
  guint payload_type;
  guint64 bytes_received;
  guint64 packets_received;
  guint64 frames_received;
  guint64 frames_decoded;
  guint64 frames_dropped;
  gint64 packets_lost;
  double jitter;
  double jitter_buffer_delay;
  guint freeze_count;
  char *decoder;
  guint64 bitrate;
  guint nack_count;
  guint64 retransmitted_bytes_received;
  guint64 retransmitted_packets_received;
};

struct _GstCallCandidatePairStats {
  GObject parent_instance;

  double round_trip_time;
  char *local_candidate_type;
  char *local_address;
  guint local_port;
  char *remote_candidate_type;
  char *remote_address;
  guint remote_port;
  guint64 available_outgoing_bitrate;
};
struct _GstCallStats {
  GObject parent_instance;

  gint64 timestamp;
  GPtrArray *outbound_streams; /* GstCallOutboundStreamStats */
  GPtrArray *inbound_streams;  /* GstCallInboundStreamStats */
  GstCallCandidatePairStats *candidate_pair;
};

G_END_DECLS
