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
/* GstCallOutboundStreamStats                                               */

/**
 * GstCallOutboundStreamStats:
 *
 * What one stream the call sends has done so far, as a browser's `RTCOutboundRtpStreamStats`
 * (and the `RTCRemoteInboundRtpStreamStats` the peer's reports give about it).
 *
 * Every figure counts from the start of the stream; read a
 * [class@CallStats] again for new figures.
 *
 * Since: 0.1
 */

G_DEFINE_FINAL_TYPE (GstCallOutboundStreamStats, gst_call_outbound_stream_stats, G_TYPE_OBJECT)

enum {
  OUTBOUNDSTREAMSTATS_PROP_0,
  OUTBOUND_PROP_SSRC,
  OUTBOUND_PROP_KIND,
  OUTBOUND_PROP_CODEC,
  OUTBOUND_PROP_PAYLOAD_TYPE,
  OUTBOUND_PROP_BYTES_SENT,
  OUTBOUND_PROP_PACKETS_SENT,
  OUTBOUND_PROP_FRAMES_SENT,
  OUTBOUND_PROP_TARGET_BITRATE,
  OUTBOUND_PROP_BITRATE,
  OUTBOUND_PROP_ENCODER,
  OUTBOUND_PROP_NACK_COUNT,
  OUTBOUND_PROP_PLI_COUNT,
  OUTBOUND_PROP_FIR_COUNT,
  OUTBOUND_PROP_RETRANSMITTED_BYTES_SENT,
  OUTBOUND_PROP_RETRANSMITTED_PACKETS_SENT,
  OUTBOUND_PROP_ROUND_TRIP_TIME,
  OUTBOUND_N_PROPS
};

static GParamSpec *outbound_props[OUTBOUND_N_PROPS];

static void
gst_call_outbound_stream_stats_finalize (GObject *object)
{
  GstCallOutboundStreamStats *self = (GstCallOutboundStreamStats *) object;

  g_free (self->codec);
  g_free (self->encoder);

  G_OBJECT_CLASS (gst_call_outbound_stream_stats_parent_class)->finalize (object);
}

static void
gst_call_outbound_stream_stats_get_property (GObject    *object,
                                             guint       prop_id,
                                             GValue     *value,
                                             GParamSpec *pspec)
{
  GstCallOutboundStreamStats *self = (GstCallOutboundStreamStats *) object;

  switch (prop_id) {
  case OUTBOUND_PROP_SSRC:
    g_value_set_uint (value, self->ssrc);
    break;
  case OUTBOUND_PROP_KIND:
    g_value_set_enum (value, self->kind);
    break;
  case OUTBOUND_PROP_CODEC:
    g_value_set_string (value, self->codec);
    break;
  case OUTBOUND_PROP_PAYLOAD_TYPE:
    g_value_set_uint (value, self->payload_type);
    break;
  case OUTBOUND_PROP_BYTES_SENT:
    g_value_set_uint64 (value, self->bytes_sent);
    break;
  case OUTBOUND_PROP_PACKETS_SENT:
    g_value_set_uint64 (value, self->packets_sent);
    break;
  case OUTBOUND_PROP_FRAMES_SENT:
    g_value_set_uint64 (value, self->frames_sent);
    break;
  case OUTBOUND_PROP_TARGET_BITRATE:
    g_value_set_uint64 (value, self->target_bitrate);
    break;
  case OUTBOUND_PROP_BITRATE:
    g_value_set_uint64 (value, self->bitrate);
    break;
  case OUTBOUND_PROP_ENCODER:
    g_value_set_string (value, self->encoder);
    break;
  case OUTBOUND_PROP_NACK_COUNT:
    g_value_set_uint (value, self->nack_count);
    break;
  case OUTBOUND_PROP_PLI_COUNT:
    g_value_set_uint (value, self->pli_count);
    break;
  case OUTBOUND_PROP_FIR_COUNT:
    g_value_set_uint (value, self->fir_count);
    break;
  case OUTBOUND_PROP_RETRANSMITTED_BYTES_SENT:
    g_value_set_uint64 (value, self->retransmitted_bytes_sent);
    break;
  case OUTBOUND_PROP_RETRANSMITTED_PACKETS_SENT:
    g_value_set_uint64 (value, self->retransmitted_packets_sent);
    break;
  case OUTBOUND_PROP_ROUND_TRIP_TIME:
    g_value_set_double (value, self->round_trip_time);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_outbound_stream_stats_class_init (GstCallOutboundStreamStatsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gst_call_outbound_stream_stats_finalize;
  object_class->get_property = gst_call_outbound_stream_stats_get_property;

  /**
   * GstCallOutboundStreamStats:ssrc:
   *
   * The stream's RTP synchronisation source. W3C: `ssrc`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_SSRC] =
      g_param_spec_uint ("ssrc", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:kind:
   *
   * Audio or video. W3C: `kind`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_KIND] =
      g_param_spec_enum ("kind", NULL, NULL, GST_TYPE_CALL_MEDIA_KIND, GST_CALL_MEDIA_KIND_AUDIO, FLAGS);
  /**
   * GstCallOutboundStreamStats:codec:
   *
   * The RTP encoding name, such as `VP8`, `H264` or `OPUS`. W3C: the
   * `mimeType` of the stream's `RTCCodecStats`, without the `video/` or
   * `audio/` part.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_CODEC] =
      g_param_spec_string ("codec", NULL, NULL, NULL, FLAGS);
  /**
   * GstCallOutboundStreamStats:payload-type:
   *
   * The RTP payload type. W3C: `payloadType` of the stream's
   * `RTCCodecStats`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_PAYLOAD_TYPE] =
      g_param_spec_uint ("payload-type", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:bytes-sent:
   *
   * RTP payload bytes sent, headers and retransmissions excluded. W3C:
   * `bytesSent`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_BYTES_SENT] =
      g_param_spec_uint64 ("bytes-sent", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:packets-sent:
   *
   * RTP packets sent, retransmissions excluded. W3C: `packetsSent`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_PACKETS_SENT] =
      g_param_spec_uint64 ("packets-sent", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:frames-sent:
   *
   * Frames the encoder produced and handed to the payloader (for audio,
   * encoded audio frames such as 20 ms Opus frames). W3C: `framesSent`
   * (video only there).
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_FRAMES_SENT] =
      g_param_spec_uint64 ("frames-sent", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:target-bitrate:
   *
   * The bitrate the encoder is asked for, in bit/s; 0 when the encoder
   * runs at its own default or has none (G.711). W3C: `targetBitrate`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_TARGET_BITRATE] =
      g_param_spec_uint64 ("target-bitrate", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:bitrate:
   *
   * The bitrate sent over the last second or so, in bit/s: the bytes sent
   * since an earlier reading of the statistics of the same transport
   * (renewed once a second); on the first reading, the RTP session's
   * estimate. W3C: none: browsers leave it to the application, from two
   * readings of `bytesSent`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_BITRATE] =
      g_param_spec_uint64 ("bitrate", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:encoder:
   *
   * The factory name of the encoder element in use, such as `vp8enc` or
   * `x264enc`; %NULL when the application gives encoded media. W3C:
   * `encoderImplementation`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_ENCODER] =
      g_param_spec_string ("encoder", NULL, NULL, NULL, FLAGS);
  /**
   * GstCallOutboundStreamStats:nack-count:
   *
   * NACK (retransmission request) packets received from the peer. W3C:
   * `nackCount`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_NACK_COUNT] =
      g_param_spec_uint ("nack-count", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:pli-count:
   *
   * Picture loss indications (key frame requests) received from the peer.
   * W3C: `pliCount`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_PLI_COUNT] =
      g_param_spec_uint ("pli-count", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:fir-count:
   *
   * Full intra requests received from the peer. W3C: `firCount`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_FIR_COUNT] =
      g_param_spec_uint ("fir-count", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:retransmitted-bytes-sent:
   *
   * Payload bytes sent again as retransmissions (RTX). W3C:
   * `retransmittedBytesSent`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_RETRANSMITTED_BYTES_SENT] =
      g_param_spec_uint64 ("retransmitted-bytes-sent", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:retransmitted-packets-sent:
   *
   * Packets sent again as retransmissions (RTX). W3C:
   * `retransmittedPacketsSent`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_RETRANSMITTED_PACKETS_SENT] =
      g_param_spec_uint64 ("retransmitted-packets-sent", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);
  /**
   * GstCallOutboundStreamStats:round-trip-time:
   *
   * The round trip time the peer's last RTCP receiver report about this
   * stream gives, in seconds; 0 until one arrives. GStreamer 1.22's RTP
   * session keeps one report block per peer: with several streams in one
   * session (bundled WebRTC), only the stream last reported on has one; the
   * candidate pair's round trip time has the latest. W3C: `roundTripTime`
   * of `RTCRemoteInboundRtpStreamStats`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_ROUND_TRIP_TIME] =
      g_param_spec_double ("round-trip-time", NULL, NULL, 0, G_MAXDOUBLE, 0, FLAGS);

  g_object_class_install_properties (object_class, OUTBOUND_N_PROPS, outbound_props);
}

static void
gst_call_outbound_stream_stats_init (GstCallOutboundStreamStats *self)
{
}

/**
 * gst_call_outbound_stream_stats_get_ssrc:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:ssrc].
 *
 * Returns: the stream's RTP synchronisation source
 *
 * Since: 0.1
 */
guint
gst_call_outbound_stream_stats_get_ssrc (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->ssrc;
}

/**
 * gst_call_outbound_stream_stats_get_kind:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:kind].
 *
 * Returns: audio or video
 *
 * Since: 0.1
 */
GstCallMediaKind
gst_call_outbound_stream_stats_get_kind (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), GST_CALL_MEDIA_KIND_AUDIO);

  return self->kind;
}

/**
 * gst_call_outbound_stream_stats_get_codec:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:codec].
 *
 * Returns: (transfer none) (nullable): the RTP encoding name, such as `VP8`, `H264` or `OPUS`
 *
 * Since: 0.1
 */
const char *
gst_call_outbound_stream_stats_get_codec (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), NULL);

  return self->codec;
}

/**
 * gst_call_outbound_stream_stats_get_payload_type:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:payload-type].
 *
 * Returns: the RTP payload type
 *
 * Since: 0.1
 */
guint
gst_call_outbound_stream_stats_get_payload_type (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->payload_type;
}

/**
 * gst_call_outbound_stream_stats_get_bytes_sent:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:bytes-sent].
 *
 * Returns: RTP payload bytes sent, headers and retransmissions excluded
 *
 * Since: 0.1
 */
guint64
gst_call_outbound_stream_stats_get_bytes_sent (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->bytes_sent;
}

/**
 * gst_call_outbound_stream_stats_get_packets_sent:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:packets-sent].
 *
 * Returns: RTP packets sent, retransmissions excluded
 *
 * Since: 0.1
 */
guint64
gst_call_outbound_stream_stats_get_packets_sent (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->packets_sent;
}

/**
 * gst_call_outbound_stream_stats_get_frames_sent:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:frames-sent].
 *
 * Returns: frames the encoder produced and handed to the payloader (for audio,
 *   encoded audio frames such as 20 ms Opus frames)
 *
 * Since: 0.1
 */
guint64
gst_call_outbound_stream_stats_get_frames_sent (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->frames_sent;
}

/**
 * gst_call_outbound_stream_stats_get_target_bitrate:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:target-bitrate].
 *
 * Returns: the bitrate the encoder is asked for, in bit/s; 0 when the encoder runs at
 *   its own default or has none (G.711)
 *
 * Since: 0.1
 */
guint64
gst_call_outbound_stream_stats_get_target_bitrate (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->target_bitrate;
}

/**
 * gst_call_outbound_stream_stats_get_bitrate:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:bitrate].
 *
 * Returns: the bitrate sent over the last second or so, in bit/s
 *
 * Since: 0.1
 */
guint64
gst_call_outbound_stream_stats_get_bitrate (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->bitrate;
}

/**
 * gst_call_outbound_stream_stats_get_encoder:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:encoder].
 *
 * Returns: (transfer none) (nullable): the factory name of the encoder element in use, such as `vp8enc` or
 *   `x264enc`; %NULL when the application gives encoded media
 *
 * Since: 0.1
 */
const char *
gst_call_outbound_stream_stats_get_encoder (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), NULL);

  return self->encoder;
}

/**
 * gst_call_outbound_stream_stats_get_nack_count:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:nack-count].
 *
 * Returns: NACK (retransmission request) packets received from the peer
 *
 * Since: 0.1
 */
guint
gst_call_outbound_stream_stats_get_nack_count (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->nack_count;
}

/**
 * gst_call_outbound_stream_stats_get_pli_count:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:pli-count].
 *
 * Returns: picture loss indications (key frame requests) received from the peer
 *
 * Since: 0.1
 */
guint
gst_call_outbound_stream_stats_get_pli_count (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->pli_count;
}

/**
 * gst_call_outbound_stream_stats_get_fir_count:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:fir-count].
 *
 * Returns: full intra requests received from the peer
 *
 * Since: 0.1
 */
guint
gst_call_outbound_stream_stats_get_fir_count (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->fir_count;
}

/**
 * gst_call_outbound_stream_stats_get_retransmitted_bytes_sent:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:retransmitted-bytes-sent].
 *
 * Returns: payload bytes sent again as retransmissions (RTX)
 *
 * Since: 0.1
 */
guint64
gst_call_outbound_stream_stats_get_retransmitted_bytes_sent (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->retransmitted_bytes_sent;
}

/**
 * gst_call_outbound_stream_stats_get_retransmitted_packets_sent:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:retransmitted-packets-sent].
 *
 * Returns: packets sent again as retransmissions (RTX)
 *
 * Since: 0.1
 */
guint64
gst_call_outbound_stream_stats_get_retransmitted_packets_sent (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->retransmitted_packets_sent;
}

/**
 * gst_call_outbound_stream_stats_get_round_trip_time:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:round-trip-time].
 *
 * Returns: the round trip time the peer's last RTCP receiver report about this stream
 *   gives, in seconds; 0 until one arrives
 *
 * Since: 0.1
 */
double
gst_call_outbound_stream_stats_get_round_trip_time (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), 0);

  return self->round_trip_time;
}

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

/* ------------------------------------------------------------------------ */
/* GstCallCandidatePairStats                                                */

/**
 * GstCallCandidatePairStats:
 *
 * The ICE candidate pair a WebRTC call's media flows through, as a browser's
 * `RTCIceCandidatePairStats` with the `RTCIceCandidateStats` of its two candidates.
 *
 * Every figure counts from the start of the stream; read a
 * [class@CallStats] again for new figures.
 *
 * Since: 0.1
 */

G_DEFINE_FINAL_TYPE (GstCallCandidatePairStats, gst_call_candidate_pair_stats, G_TYPE_OBJECT)

enum {
  CANDIDATEPAIRSTATS_PROP_0,
  PAIR_PROP_ROUND_TRIP_TIME,
  PAIR_PROP_LOCAL_CANDIDATE_TYPE,
  PAIR_PROP_LOCAL_ADDRESS,
  PAIR_PROP_LOCAL_PORT,
  PAIR_PROP_REMOTE_CANDIDATE_TYPE,
  PAIR_PROP_REMOTE_ADDRESS,
  PAIR_PROP_REMOTE_PORT,
  PAIR_PROP_AVAILABLE_OUTGOING_BITRATE,
  PAIR_N_PROPS
};

static GParamSpec *pair_props[PAIR_N_PROPS];

static void
gst_call_candidate_pair_stats_finalize (GObject *object)
{
  GstCallCandidatePairStats *self = (GstCallCandidatePairStats *) object;

  g_free (self->local_candidate_type);
  g_free (self->local_address);
  g_free (self->remote_candidate_type);
  g_free (self->remote_address);

  G_OBJECT_CLASS (gst_call_candidate_pair_stats_parent_class)->finalize (object);
}

static void
gst_call_candidate_pair_stats_get_property (GObject    *object,
                                            guint       prop_id,
                                            GValue     *value,
                                            GParamSpec *pspec)
{
  GstCallCandidatePairStats *self = (GstCallCandidatePairStats *) object;

  switch (prop_id) {
  case PAIR_PROP_ROUND_TRIP_TIME:
    g_value_set_double (value, self->round_trip_time);
    break;
  case PAIR_PROP_LOCAL_CANDIDATE_TYPE:
    g_value_set_string (value, self->local_candidate_type);
    break;
  case PAIR_PROP_LOCAL_ADDRESS:
    g_value_set_string (value, self->local_address);
    break;
  case PAIR_PROP_LOCAL_PORT:
    g_value_set_uint (value, self->local_port);
    break;
  case PAIR_PROP_REMOTE_CANDIDATE_TYPE:
    g_value_set_string (value, self->remote_candidate_type);
    break;
  case PAIR_PROP_REMOTE_ADDRESS:
    g_value_set_string (value, self->remote_address);
    break;
  case PAIR_PROP_REMOTE_PORT:
    g_value_set_uint (value, self->remote_port);
    break;
  case PAIR_PROP_AVAILABLE_OUTGOING_BITRATE:
    g_value_set_uint64 (value, self->available_outgoing_bitrate);
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_candidate_pair_stats_class_init (GstCallCandidatePairStatsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = gst_call_candidate_pair_stats_finalize;
  object_class->get_property = gst_call_candidate_pair_stats_get_property;

  /**
   * GstCallCandidatePairStats:round-trip-time:
   *
   * The latest round trip time between the two ends, in seconds, from RTCP
   * receiver reports (GStreamer 1.22's ICE agent does not time its
   * connectivity checks); 0 until a report arrives. W3C:
   * `currentRoundTripTime`.
   *
   * Since: 0.1
   */
  pair_props[PAIR_PROP_ROUND_TRIP_TIME] =
      g_param_spec_double ("round-trip-time", NULL, NULL, 0, G_MAXDOUBLE, 0, FLAGS);
  /**
   * GstCallCandidatePairStats:local-candidate-type:
   *
   * The type of the local candidate: `host`, `srflx`, `prflx` or `relay`
   * (through a TURN server). W3C: `candidateType` of the local
   * `RTCIceCandidateStats`.
   *
   * Since: 0.1
   */
  pair_props[PAIR_PROP_LOCAL_CANDIDATE_TYPE] =
      g_param_spec_string ("local-candidate-type", NULL, NULL, NULL, FLAGS);
  /**
   * GstCallCandidatePairStats:local-address:
   *
   * The address of the local candidate. W3C: `address` of the local
   * `RTCIceCandidateStats`.
   *
   * Since: 0.1
   */
  pair_props[PAIR_PROP_LOCAL_ADDRESS] =
      g_param_spec_string ("local-address", NULL, NULL, NULL, FLAGS);
  /**
   * GstCallCandidatePairStats:local-port:
   *
   * The port of the local candidate. W3C: `port` of the local
   * `RTCIceCandidateStats`.
   *
   * Since: 0.1
   */
  pair_props[PAIR_PROP_LOCAL_PORT] =
      g_param_spec_uint ("local-port", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallCandidatePairStats:remote-candidate-type:
   *
   * The type of the remote candidate: `host`, `srflx`, `prflx` or `relay`.
   * W3C: `candidateType` of the remote `RTCIceCandidateStats`.
   *
   * Since: 0.1
   */
  pair_props[PAIR_PROP_REMOTE_CANDIDATE_TYPE] =
      g_param_spec_string ("remote-candidate-type", NULL, NULL, NULL, FLAGS);
  /**
   * GstCallCandidatePairStats:remote-address:
   *
   * The address of the remote candidate. W3C: `address` of the remote
   * `RTCIceCandidateStats`.
   *
   * Since: 0.1
   */
  pair_props[PAIR_PROP_REMOTE_ADDRESS] =
      g_param_spec_string ("remote-address", NULL, NULL, NULL, FLAGS);
  /**
   * GstCallCandidatePairStats:remote-port:
   *
   * The port of the remote candidate. W3C: `port` of the remote
   * `RTCIceCandidateStats`.
   *
   * Since: 0.1
   */
  pair_props[PAIR_PROP_REMOTE_PORT] =
      g_param_spec_uint ("remote-port", NULL, NULL, 0, G_MAXUINT, 0, FLAGS);
  /**
   * GstCallCandidatePairStats:available-outgoing-bitrate:
   *
   * The bitrate a congestion controller estimates the path can carry, in
   * bit/s; 0 when not known (libgstcall has no congestion controller yet).
   * W3C: `availableOutgoingBitrate`.
   *
   * Since: 0.1
   */
  pair_props[PAIR_PROP_AVAILABLE_OUTGOING_BITRATE] =
      g_param_spec_uint64 ("available-outgoing-bitrate", NULL, NULL, 0, G_MAXUINT64, 0, FLAGS);

  g_object_class_install_properties (object_class, PAIR_N_PROPS, pair_props);
}

static void
gst_call_candidate_pair_stats_init (GstCallCandidatePairStats *self)
{
}

/**
 * gst_call_candidate_pair_stats_get_round_trip_time:
 * @self: a [class@CallCandidatePairStats]
 *
 * Gets [property@CallCandidatePairStats:round-trip-time].
 *
 * Returns: the latest round trip time between the two ends, in seconds, from RTCP
 *   receiver reports (GStreamer 1.22's ICE agent does not time its
 *   connectivity checks); 0 until a report arrives
 *
 * Since: 0.1
 */
double
gst_call_candidate_pair_stats_get_round_trip_time (GstCallCandidatePairStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_CANDIDATE_PAIR_STATS (self), 0);

  return self->round_trip_time;
}

/**
 * gst_call_candidate_pair_stats_get_local_candidate_type:
 * @self: a [class@CallCandidatePairStats]
 *
 * Gets [property@CallCandidatePairStats:local-candidate-type].
 *
 * Returns: (transfer none) (nullable): the type of the local candidate: `host`, `srflx`, `prflx` or `relay`
 *   (through a TURN server)
 *
 * Since: 0.1
 */
const char *
gst_call_candidate_pair_stats_get_local_candidate_type (GstCallCandidatePairStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_CANDIDATE_PAIR_STATS (self), NULL);

  return self->local_candidate_type;
}

/**
 * gst_call_candidate_pair_stats_get_local_address:
 * @self: a [class@CallCandidatePairStats]
 *
 * Gets [property@CallCandidatePairStats:local-address].
 *
 * Returns: (transfer none) (nullable): the address of the local candidate
 *
 * Since: 0.1
 */
const char *
gst_call_candidate_pair_stats_get_local_address (GstCallCandidatePairStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_CANDIDATE_PAIR_STATS (self), NULL);

  return self->local_address;
}

/**
 * gst_call_candidate_pair_stats_get_local_port:
 * @self: a [class@CallCandidatePairStats]
 *
 * Gets [property@CallCandidatePairStats:local-port].
 *
 * Returns: the port of the local candidate
 *
 * Since: 0.1
 */
guint
gst_call_candidate_pair_stats_get_local_port (GstCallCandidatePairStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_CANDIDATE_PAIR_STATS (self), 0);

  return self->local_port;
}

/**
 * gst_call_candidate_pair_stats_get_remote_candidate_type:
 * @self: a [class@CallCandidatePairStats]
 *
 * Gets [property@CallCandidatePairStats:remote-candidate-type].
 *
 * Returns: (transfer none) (nullable): the type of the remote candidate: `host`, `srflx`, `prflx` or `relay`
 *
 * Since: 0.1
 */
const char *
gst_call_candidate_pair_stats_get_remote_candidate_type (GstCallCandidatePairStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_CANDIDATE_PAIR_STATS (self), NULL);

  return self->remote_candidate_type;
}

/**
 * gst_call_candidate_pair_stats_get_remote_address:
 * @self: a [class@CallCandidatePairStats]
 *
 * Gets [property@CallCandidatePairStats:remote-address].
 *
 * Returns: (transfer none) (nullable): the address of the remote candidate
 *
 * Since: 0.1
 */
const char *
gst_call_candidate_pair_stats_get_remote_address (GstCallCandidatePairStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_CANDIDATE_PAIR_STATS (self), NULL);

  return self->remote_address;
}

/**
 * gst_call_candidate_pair_stats_get_remote_port:
 * @self: a [class@CallCandidatePairStats]
 *
 * Gets [property@CallCandidatePairStats:remote-port].
 *
 * Returns: the port of the remote candidate
 *
 * Since: 0.1
 */
guint
gst_call_candidate_pair_stats_get_remote_port (GstCallCandidatePairStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_CANDIDATE_PAIR_STATS (self), 0);

  return self->remote_port;
}

/**
 * gst_call_candidate_pair_stats_get_available_outgoing_bitrate:
 * @self: a [class@CallCandidatePairStats]
 *
 * Gets [property@CallCandidatePairStats:available-outgoing-bitrate].
 *
 * Returns: the bitrate a congestion controller estimates the path can carry, in
 *   bit/s; 0 when not known (libgstcall has no congestion controller yet)
 *
 * Since: 0.1
 */
guint64
gst_call_candidate_pair_stats_get_available_outgoing_bitrate (GstCallCandidatePairStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_CANDIDATE_PAIR_STATS (self), 0);

  return self->available_outgoing_bitrate;
}
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
