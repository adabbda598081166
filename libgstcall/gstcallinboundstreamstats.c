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
/* GstCallInboundStreamStats                                                */

/**
 * GstCallInboundStreamStats:
 *
 * What one stream the call receives has done so far, as a browser's `RTCInboundRtpStreamStats`.
 *
 * Every figure counts from the start of the stream; read a
 * [class@CallStats] again for new figures.
 *
 * Since: 0.1
 */

G_DEFINE_FINAL_TYPE (GstCallInboundStreamStats, gst_call_inbound_stream_stats, G_TYPE_OBJECT)

enum {
  INBOUNDSTREAMSTATS_PROP_0,
  INBOUND_PROP_SSRC,
  INBOUND_PROP_KIND,
  INBOUND_PROP_CODEC,
  INBOUND_PROP_PAYLOAD_TYPE,
  INBOUND_PROP_BYTES_RECEIVED,
  INBOUND_PROP_PACKETS_RECEIVED,
  INBOUND_PROP_FRAMES_RECEIVED,
  INBOUND_PROP_FRAMES_DECODED,
  INBOUND_PROP_FRAMES_DROPPED,
  INBOUND_PROP_PACKETS_LOST,
  INBOUND_PROP_JITTER,
  INBOUND_PROP_JITTER_BUFFER_DELAY,
  INBOUND_PROP_FREEZE_COUNT,
  INBOUND_PROP_DECODER,
  INBOUND_PROP_BITRATE,
  INBOUND_PROP_NACK_COUNT,
  INBOUND_PROP_RETRANSMITTED_BYTES_RECEIVED,
  INBOUND_PROP_RETRANSMITTED_PACKETS_RECEIVED,
  INBOUND_N_PROPS
};

static GParamSpec *inbound_props[INBOUND_N_PROPS];

static void
gst_call_inbound_stream_stats_finalize (GObject *object)
{
  GstCallInboundStreamStats *self = (GstCallInboundStreamStats *) object;

  g_free (self->codec);
  g_free (self->decoder);

  G_OBJECT_CLASS (gst_call_inbound_stream_stats_parent_class)->finalize (object);
}

static void
gst_call_inbound_stream_stats_get_property (GObject    *object,
                                            guint       prop_id,
                                            GValue     *value,
                                            GParamSpec *pspec)
{
  GstCallInboundStreamStats *self = (GstCallInboundStreamStats *) object;

  switch (prop_id) {
  case INBOUND_PROP_SSRC:
    g_value_set_uint (value, self->ssrc);
    break;
  case INBOUND_PROP_KIND:
    g_value_set_enum (value, self->kind);
    break;
  case INBOUND_PROP_CODEC:
    g_value_set_string (value, self->codec);
    break;
  case INBOUND_PROP_PAYLOAD_TYPE:
    g_value_set_uint (value, self->payload_type);
    break;
  case INBOUND_PROP_BYTES_RECEIVED:
    g_value_set_uint64 (value, self->bytes_received);
    break;
  case INBOUND_PROP_PACKETS_RECEIVED:
    g_value_set_uint64 (value, self->packets_received);
    break;
  case INBOUND_PROP_FRAMES_RECEIVED:
    g_value_set_uint64 (value, self->frames_received);
    break;
  case INBOUND_PROP_FRAMES_DECODED:
    g_value_set_uint64 (value, self->frames_decoded);
    break;
  case INBOUND_PROP_FRAMES_DROPPED:
    g_value_set_uint64 (value, self->frames_dropped);
    break;
  case INBOUND_PROP_PACKETS_LOST:
    g_value_set_int64 (value, self->packets_lost);
    break;
  case INBOUND_PROP_JITTER:
    g_value_set_double (value, self->jitter);
    break;
  case INBOUND_PROP_JITTER_BUFFER_DELAY:
    g_value_set_double (value, self->jitter_buffer_delay);
    break;
  case INBOUND_PROP_FREEZE_COUNT:
    g_value_set_uint (value, self->freeze_count);
    break;
  case INBOUND_PROP_DECODER:
    g_value_set_string (value, self->decoder);
    break;
  case INBOUND_PROP_BITRATE:
    g_value_set_uint64 (value, self->bitrate);
    break;
  case INBOUND_PROP_NACK_COUNT:
    g_value_set_uint (value, self->nack_count);
    break;
  case INBOUND_PROP_RETRANSMITTED_BYTES_RECEIVED:
    g_value_set_uint64 (value, self->retransmitted_bytes_received);
    break;
  case INBOUND_PROP_RETRANSMITTED_PACKETS_RECEIVED:
    g_value_set_uint64 (value, self->retransmitted_packets_received);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_inbound_stream_stats_class_init (GstCallInboundStreamStatsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gst_call_inbound_stream_stats_finalize;
  object_class->get_property = gst_call_inbound_stream_stats_get_property;

  /**
   * GstCallInboundStreamStats:ssrc:
   *
   * The stream's RTP synchronisation source. W3C: `ssrc`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_SSRC] =
      g_param_spec_uint ("ssrc", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:kind:
   *
   * Audio or video. W3C: `kind`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_KIND] =
      g_param_spec_enum ("kind", NULL, NULL, GST_TYPE_CALL_MEDIA_KIND, GST_CALL_MEDIA_KIND_AUDIO, FLAGS);
  /**
   * GstCallInboundStreamStats:codec:
   *
   * The RTP encoding name, such as `VP8`, `H264` or `OPUS`; %NULL before
   * the first packet reached the decoding branch. W3C: the `mimeType` of
   * the stream's `RTCCodecStats`, without the `video/` or `audio/` part.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_CODEC] =
      g_param_spec_string ("codec", NULL, NULL, NULL, FLAGS);
  /**
   * GstCallInboundStreamStats:payload-type:
   *
   * The RTP payload type. W3C: `payloadType` of the stream's
   * `RTCCodecStats`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_PAYLOAD_TYPE] =
      g_param_spec_uint ("payload-type", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:bytes-received:
   *
   * RTP payload bytes received, headers and retransmissions excluded. W3C:
   * `bytesReceived`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_BYTES_RECEIVED] =
      g_param_spec_uint64 ("bytes-received", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:packets-received:
   *
   * RTP packets received, retransmissions excluded. W3C:
   * `packetsReceived`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_PACKETS_RECEIVED] =
      g_param_spec_uint64 ("packets-received", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:frames-received:
   *
   * Complete frames that reached the decoder (for audio, encoded audio
   * frames). W3C: `framesReceived`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_FRAMES_RECEIVED] =
      g_param_spec_uint64 ("frames-received", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:frames-decoded:
   *
   * Frames the decoder produced (for audio, decoded buffers). W3C:
   * `framesDecoded`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_FRAMES_DECODED] =
      g_param_spec_uint64 ("frames-decoded", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:frames-dropped:
   *
   * Frames that reached the decoder and never came out of it (dropped as
   * late or undecodable). W3C: `framesDropped`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_FRAMES_DROPPED] =
      g_param_spec_uint64 ("frames-dropped", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:packets-lost:
   *
   * Packets lost on the way: expected minus received, negative when
   * duplicates arrived. W3C: `packetsLost`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_PACKETS_LOST] =
      g_param_spec_int64 ("packets-lost", NULL, NULL, G_MININT64, G_MAXINT64, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:jitter:
   *
   * The interarrival jitter, in seconds. W3C: `jitter`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_JITTER] =
      g_param_spec_double ("jitter", NULL, NULL, 0, G_MAXDOUBLE, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:jitter-buffer-delay:
   *
   * How long the jitter buffer holds packets before they are decoded, in
   * seconds (its configured latency). W3C: the average browsers give as
   * `jitterBufferDelay` / `jitterBufferEmittedCount`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_JITTER_BUFFER_DELAY] =
      g_param_spec_double ("jitter-buffer-delay", NULL, NULL, 0, G_MAXDOUBLE, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:freeze-count:
   *
   * Video freezes: gaps between decoded frames longer than three average
   * frame intervals and longer than 150 ms; 0 for audio. W3C:
   * `freezeCount`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_FREEZE_COUNT] =
      g_param_spec_uint ("freeze-count", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:decoder:
   *
   * The factory name of the decoder element in use, such as `vp8dec` or
   * `avdec_h264`; %NULL until one is chosen. W3C: `decoderImplementation`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_DECODER] =
      g_param_spec_string ("decoder", NULL, NULL, NULL, FLAGS);
  /**
   * GstCallInboundStreamStats:bitrate:
   *
   * The bitrate received over the last second or so, in bit/s: the bytes received
   * since an earlier reading of the statistics of the same transport
   * (renewed once a second); on the first reading, the RTP session's
   * estimate. W3C: none: browsers leave it to the application, from two
   * readings of `bytesReceived`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_BITRATE] =
      g_param_spec_uint64 ("bitrate", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:nack-count:
   *
   * NACK (retransmission request) packets sent to the peer. W3C:
   * `nackCount`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_NACK_COUNT] =
      g_param_spec_uint ("nack-count", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:retransmitted-bytes-received:
   *
   * Payload bytes received as retransmissions (RTX). W3C:
   * `retransmittedBytesReceived`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_RETRANSMITTED_BYTES_RECEIVED] =
      g_param_spec_uint64 ("retransmitted-bytes-received", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallInboundStreamStats:retransmitted-packets-received:
   *
   * Packets received as retransmissions (RTX). W3C:
   * `retransmittedPacketsReceived`.
   *
   * Since: 0.1
   */
  inbound_props[INBOUND_PROP_RETRANSMITTED_PACKETS_RECEIVED] =
      g_param_spec_uint64 ("retransmitted-packets-received", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);

  g_object_class_install_properties (object_class, INBOUND_N_PROPS, inbound_props);
}

static void
gst_call_inbound_stream_stats_init (GstCallInboundStreamStats *self)
{
}

/**
 * gst_call_inbound_stream_stats_get_ssrc:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:ssrc].
 *
 * Returns: the stream's RTP synchronisation source
 *
 * Since: 0.1
 */
guint
gst_call_inbound_stream_stats_get_ssrc (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->ssrc;
}

/**
 * gst_call_inbound_stream_stats_get_kind:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:kind].
 *
 * Returns: audio or video
 *
 * Since: 0.1
 */
GstCallMediaKind
gst_call_inbound_stream_stats_get_kind (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), GST_CALL_MEDIA_KIND_AUDIO);

  return self->kind;
}

/**
 * gst_call_inbound_stream_stats_get_codec:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:codec].
 *
 * Returns: (transfer none) (nullable): the RTP encoding name, such as `VP8`, `H264` or `OPUS`; %NULL before the
 *   first packet reached the decoding branch
 *
 * Since: 0.1
 */
const char *
gst_call_inbound_stream_stats_get_codec (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), NULL);

  return self->codec;
}

/**
 * gst_call_inbound_stream_stats_get_payload_type:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:payload-type].
 *
 * Returns: the RTP payload type
 *
 * Since: 0.1
 */
guint
gst_call_inbound_stream_stats_get_payload_type (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->payload_type;
}

/**
 * gst_call_inbound_stream_stats_get_bytes_received:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:bytes-received].
 *
 * Returns: RTP payload bytes received, headers and retransmissions excluded
 *
 * Since: 0.1
 */
guint64
gst_call_inbound_stream_stats_get_bytes_received (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->bytes_received;
}

/**
 * gst_call_inbound_stream_stats_get_packets_received:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:packets-received].
 *
 * Returns: RTP packets received, retransmissions excluded
 *
 * Since: 0.1
 */
guint64
gst_call_inbound_stream_stats_get_packets_received (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->packets_received;
}

/**
 * gst_call_inbound_stream_stats_get_frames_received:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:frames-received].
 *
 * Returns: complete frames that reached the decoder (for audio, encoded audio frames)
 *
 * Since: 0.1
 */
guint64
gst_call_inbound_stream_stats_get_frames_received (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->frames_received;
}

/**
 * gst_call_inbound_stream_stats_get_frames_decoded:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:frames-decoded].
 *
 * Returns: frames the decoder produced (for audio, decoded buffers)
 *
 * Since: 0.1
 */
guint64
gst_call_inbound_stream_stats_get_frames_decoded (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->frames_decoded;
}

/**
 * gst_call_inbound_stream_stats_get_frames_dropped:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:frames-dropped].
 *
 * Returns: frames that reached the decoder and never came out of it (dropped as late
 *   or undecodable)
 *
 * Since: 0.1
 */
guint64
gst_call_inbound_stream_stats_get_frames_dropped (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->frames_dropped;
}

/**
 * gst_call_inbound_stream_stats_get_packets_lost:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:packets-lost].
 *
 * Returns: packets lost on the way: expected minus received, negative when duplicates
 *   arrived
 *
 * Since: 0.1
 */
gint64
gst_call_inbound_stream_stats_get_packets_lost (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->packets_lost;
}

/**
 * gst_call_inbound_stream_stats_get_jitter:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:jitter].
 *
 * Returns: the interarrival jitter, in seconds
 *
 * Since: 0.1
 */
double
gst_call_inbound_stream_stats_get_jitter (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->jitter;
}

/**
 * gst_call_inbound_stream_stats_get_jitter_buffer_delay:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:jitter-buffer-delay].
 *
 * Returns: how long the jitter buffer holds packets before they are decoded, in
 *   seconds (its configured latency)
 *
 * Since: 0.1
 */
double
gst_call_inbound_stream_stats_get_jitter_buffer_delay (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->jitter_buffer_delay;
}

/**
 * gst_call_inbound_stream_stats_get_freeze_count:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:freeze-count].
 *
 * Returns: video freezes: gaps between decoded frames longer than three average frame
 *   intervals and longer than 150 ms; 0 for audio
 *
 * Since: 0.1
 */
guint
gst_call_inbound_stream_stats_get_freeze_count (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->freeze_count;
}

/**
 * gst_call_inbound_stream_stats_get_decoder:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:decoder].
 *
 * Returns: (transfer none) (nullable): the factory name of the decoder element in use, such as `vp8dec` or
 *   `avdec_h264`; %NULL until one is chosen
 *
 * Since: 0.1
 */
const char *
gst_call_inbound_stream_stats_get_decoder (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), NULL);

  return self->decoder;
}

/**
 * gst_call_inbound_stream_stats_get_bitrate:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:bitrate].
 *
 * Returns: the bitrate received over the last second or so, in bit/s
 *
 * Since: 0.1
 */
guint64
gst_call_inbound_stream_stats_get_bitrate (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->bitrate;
}

/**
 * gst_call_inbound_stream_stats_get_nack_count:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:nack-count].
 *
 * Returns: NACK (retransmission request) packets sent to the peer
 *
 * Since: 0.1
 */
guint
gst_call_inbound_stream_stats_get_nack_count (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->nack_count;
}

/**
 * gst_call_inbound_stream_stats_get_retransmitted_bytes_received:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:retransmitted-bytes-received].
 *
 * Returns: payload bytes received as retransmissions (RTX)
 *
 * Since: 0.1
 */
guint64
gst_call_inbound_stream_stats_get_retransmitted_bytes_received (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->retransmitted_bytes_received;
}

/**
 * gst_call_inbound_stream_stats_get_retransmitted_packets_received:
 * @self: a [class@CallInboundStreamStats]
 *
 * Gets [property@CallInboundStreamStats:retransmitted-packets-received].
 *
 * Returns: packets received as retransmissions (RTX)
 *
 * Since: 0.1
 */
guint64
gst_call_inbound_stream_stats_get_retransmitted_packets_received (GstCallInboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_INBOUND_STREAM_STATS (self), 0);

  return self->retransmitted_packets_received;
}
