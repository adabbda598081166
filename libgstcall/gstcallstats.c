/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcallstats-private.h"
#include "gstcall-enum-types.h"

#define FLAGS (G_PARAM_READABLE | G_PARAM_STATIC_STRINGS)

/* ------------------------------------------------------------------------ */
/* GstCallStats                                                              */

/**
 * GstCallStats:
 *
 * A snapshot of a call's statistics, the same from both transports
 * ([class@PeerConnection] and [class@CallRtpTransport]): one
 * [class@CallOutboundStreamStats] per stream sent, one
 * [class@CallInboundStreamStats] per stream received and, on WebRTC, the
 * selected ICE candidate pair. The figures are those a browser's
 * `RTCPeerConnection.getStats()` gives; each property names its W3C
 * counterpart.
 *
 * Get one with [method@Call.get_stats_async],
 * [method@PeerConnection.get_stats_async] or
 * [method@CallRtpTransport.get_stats_async]. A snapshot does not change:
 * ask again for newer figures.
 *
 * Since: 0.1
 */

G_DEFINE_FINAL_TYPE (GstCallStats, gst_call_stats, G_TYPE_OBJECT)

enum {
  STATS_PROP_0,
  STATS_PROP_TIMESTAMP,
  STATS_PROP_CANDIDATE_PAIR,
  STATS_N_PROPS
};

static GParamSpec *stats_props[STATS_N_PROPS];

static void
gst_call_stats_finalize (GObject *object)
{
  GstCallStats *self = (GstCallStats *) object;

  g_ptr_array_unref (self->outbound_streams);
  g_ptr_array_unref (self->inbound_streams);
  g_clear_object (&self->candidate_pair);

  G_OBJECT_CLASS (gst_call_stats_parent_class)->finalize (object);
}

static void
gst_call_stats_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  GstCallStats *self = (GstCallStats *) object;

  switch (prop_id) {
  case STATS_PROP_TIMESTAMP:
    g_value_set_int64 (value, self->timestamp);
    break;
  case STATS_PROP_CANDIDATE_PAIR:
    g_value_set_object (value, self->candidate_pair);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_stats_class_init (GstCallStatsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gst_call_stats_finalize;
  object_class->get_property = gst_call_stats_get_property;

  /**
   * GstCallStats:timestamp:
   *
   * When the figures were read, in microseconds since the Unix epoch
   * ([func@GLib.get_real_time]). W3C: `timestamp` (in milliseconds there).
   *
   * Since: 0.1
   */
  stats_props[STATS_PROP_TIMESTAMP] =
      g_param_spec_int64 ("timestamp", NULL, NULL, 0, G_MAXINT64, 0, FLAGS);
  /**
   * GstCallStats:candidate-pair:
   *
   * The ICE candidate pair the media flows through; %NULL on plain RTP
   * (no ICE) and before ICE selected a pair. W3C: the `RTCIceCandidatePairStats`
   * the `RTCTransportStats` names as `selectedCandidatePairId`.
   *
   * Since: 0.1
   */
  stats_props[STATS_PROP_CANDIDATE_PAIR] =
      g_param_spec_object ("candidate-pair", NULL, NULL, GST_TYPE_CALL_CANDIDATE_PAIR_STATS,
                           FLAGS);

  g_object_class_install_properties (object_class, STATS_N_PROPS, stats_props);
}

static void
gst_call_stats_init (GstCallStats *self)
{
  self->outbound_streams = g_ptr_array_new_with_free_func (g_object_unref);
  self->inbound_streams = g_ptr_array_new_with_free_func (g_object_unref);
}

/**
 * gst_call_stats_get_timestamp:
 * @self: a [class@CallStats]
 *
 * Gets [property@CallStats:timestamp].
 *
 * Returns: when the figures were read, in microseconds since the Unix epoch
 *
 * Since: 0.1
 */
gint64
gst_call_stats_get_timestamp (GstCallStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_STATS (self), 0);

  return self->timestamp;
}

/**
 * gst_call_stats_get_outbound_streams:
 * @self: a [class@CallStats]
 *
 * Gets the streams the call sends, one per RTP synchronisation source
 * (retransmissions count with the stream they repair). W3C: the
 * `outbound-rtp` entries.
 *
 * Returns: (transfer none) (element-type GstCallOutboundStreamStats): the
 *   streams sent
 *
 * Since: 0.1
 */
GPtrArray *
gst_call_stats_get_outbound_streams (GstCallStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_STATS (self), NULL);

  return self->outbound_streams;
}

/**
 * gst_call_stats_get_inbound_streams:
 * @self: a [class@CallStats]
 *
 * Gets the streams the call receives, one per RTP synchronisation source
 * (retransmissions count with the stream they repair). W3C: the
 * `inbound-rtp` entries.
 *
 * Returns: (transfer none) (element-type GstCallInboundStreamStats): the
 *   streams received
 *
 * Since: 0.1
 */
GPtrArray *
gst_call_stats_get_inbound_streams (GstCallStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_STATS (self), NULL);

  return self->inbound_streams;
}

/**
 * gst_call_stats_get_candidate_pair:
 * @self: a [class@CallStats]
 *
 * Gets [property@CallStats:candidate-pair].
 *
 * Returns: (transfer none) (nullable): the selected ICE candidate pair, or
 *   %NULL on plain RTP and before ICE selected one
 *
 * Since: 0.1
 */
GstCallCandidatePairStats *
gst_call_stats_get_candidate_pair (GstCallStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_STATS (self), NULL);

  return self->candidate_pair;
}

/**
 * gst_call_stats_to_structure:
 * @self: a [class@CallStats]
 *
 * Sums the streams up in a structure named `application/x-gst-call-stats`,
 * for logs and quick checks:
 *
 * - `video-frames-sent`, `audio-frames-sent` (uint): frames the encoders
 *   produced
 * - `video-frames-received`, `audio-frames-received` (uint): frames decoded
 * - `bytes-sent`, `bytes-received`, `packets-sent`, `packets-received`
 *   (uint64): RTP totals, retransmissions excluded
 * - `bitrate-sent`, `bitrate-received` (uint64): bit/s over the last second
 * - `packets-lost` (int64): packets the peer's media lost on the way
 * - `jitter` (double): seconds, the worst of the streams received
 * - `round-trip-time` (double): seconds, the candidate pair's, or the worst
 *   of the streams sent on plain RTP
 * - `nacks-sent`, `nacks-received` (uint): retransmission requests
 * - `rtx-packets-sent`, `rtx-packets-received` (uint): retransmissions
 * - `frames-dropped`, `freeze-count` (uint): of the video received
 * - `video-encoder`, `audio-encoder`, `video-decoder`, `audio-decoder`
 *   (string): the elements of the first stream of each kind, when known
 * - `local-candidate-type`, `remote-candidate-type` (string): those of the
 *   candidate pair, when there is one
 *
 * Returns: (transfer full): the totals
 *
 * Since: 0.1
 */
GstStructure *
gst_call_stats_to_structure (GstCallStats *self)
{
  guint64 bytes_sent = 0, bytes_received = 0, packets_sent = 0, packets_received = 0;
  guint64 bitrate_sent = 0, bitrate_received = 0;
  guint frames_sent[2] = { 0, 0 }, frames_received[2] = { 0, 0 };
  guint nacks_sent = 0, nacks_received = 0, rtx_sent = 0, rtx_received = 0;
  guint frames_dropped = 0, freezes = 0;
  const char *encoders[2] = { NULL, NULL }, *decoders[2] = { NULL, NULL };
  gint64 lost = 0;
  double jitter = 0, round_trip_time = 0;
  GstStructure *structure;

  g_return_val_if_fail (GST_IS_CALL_STATS (self), NULL);

  for (guint i = 0; i < self->outbound_streams->len; i++) {
    GstCallOutboundStreamStats *stream = self->outbound_streams->pdata[i];

    bytes_sent += stream->bytes_sent;
    packets_sent += stream->packets_sent;
    bitrate_sent += stream->bitrate;
    frames_sent[stream->kind] += stream->frames_sent;
    nacks_received += stream->nack_count;
    rtx_sent += stream->retransmitted_packets_sent;
    round_trip_time = MAX (round_trip_time, stream->round_trip_time);
    if (!encoders[stream->kind])
      encoders[stream->kind] = stream->encoder;
  }
  for (guint i = 0; i < self->inbound_streams->len; i++) {
    GstCallInboundStreamStats *stream = self->inbound_streams->pdata[i];

    bytes_received += stream->bytes_received;
    packets_received += stream->packets_received;
    bitrate_received += stream->bitrate;
    frames_received[stream->kind] += stream->frames_decoded;
    lost += stream->packets_lost;
    jitter = MAX (jitter, stream->jitter);
    nacks_sent += stream->nack_count;
    rtx_received += stream->retransmitted_packets_received;
    if (stream->kind == GST_CALL_MEDIA_KIND_VIDEO) {
      frames_dropped += stream->frames_dropped;
      freezes += stream->freeze_count;
    }
    if (!decoders[stream->kind])
      decoders[stream->kind] = stream->decoder;
  }
  if (self->candidate_pair && self->candidate_pair->round_trip_time > 0)
    round_trip_time = self->candidate_pair->round_trip_time;

  structure = gst_structure_new ("application/x-gst-call-stats",
      "video-frames-sent", G_TYPE_UINT, frames_sent[GST_CALL_MEDIA_KIND_VIDEO],
      "audio-frames-sent", G_TYPE_UINT, frames_sent[GST_CALL_MEDIA_KIND_AUDIO],
      "video-frames-received", G_TYPE_UINT, frames_received[GST_CALL_MEDIA_KIND_VIDEO],
      "audio-frames-received", G_TYPE_UINT, frames_received[GST_CALL_MEDIA_KIND_AUDIO],
      "bytes-sent", G_TYPE_UINT64, bytes_sent,
      "bytes-received", G_TYPE_UINT64, bytes_received,
      "packets-sent", G_TYPE_UINT64, packets_sent,
      "packets-received", G_TYPE_UINT64, packets_received,
      "bitrate-sent", G_TYPE_UINT64, bitrate_sent,
      "bitrate-received", G_TYPE_UINT64, bitrate_received,
      "packets-lost", G_TYPE_INT64, lost,
      "jitter", G_TYPE_DOUBLE, jitter,
      "round-trip-time", G_TYPE_DOUBLE, round_trip_time,
      "nacks-sent", G_TYPE_UINT, nacks_sent,
      "nacks-received", G_TYPE_UINT, nacks_received,
      "rtx-packets-sent", G_TYPE_UINT, rtx_sent,
      "rtx-packets-received", G_TYPE_UINT, rtx_received,
      "frames-dropped", G_TYPE_UINT, frames_dropped,
      "freeze-count", G_TYPE_UINT, freezes,
      NULL);
  for (GstCallMediaKind kind = GST_CALL_MEDIA_KIND_AUDIO; kind <= GST_CALL_MEDIA_KIND_VIDEO; kind++) {
    const char *prefix = kind == GST_CALL_MEDIA_KIND_VIDEO ? "video" : "audio";
    g_autofree char *encoder_field = g_strconcat (prefix, "-encoder", NULL);
    g_autofree char *decoder_field = g_strconcat (prefix, "-decoder", NULL);

    if (encoders[kind])
      gst_structure_set (structure, encoder_field, G_TYPE_STRING, encoders[kind], NULL);
    if (decoders[kind])
      gst_structure_set (structure, decoder_field, G_TYPE_STRING, decoders[kind], NULL);
  }
  if (self->candidate_pair && self->candidate_pair->local_candidate_type)
    gst_structure_set (structure, "local-candidate-type", G_TYPE_STRING,
                       self->candidate_pair->local_candidate_type, NULL);
  if (self->candidate_pair && self->candidate_pair->remote_candidate_type)
    gst_structure_set (structure, "remote-candidate-type", G_TYPE_STRING,
                       self->candidate_pair->remote_candidate_type, NULL);
  return structure;
}
