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
  OUTBOUND_PROP_QUALITY_LIMITATION_REASON,
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
  case OUTBOUND_PROP_QUALITY_LIMITATION_REASON:
    g_value_set_string (value, self->quality_limitation_reason);
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
  /**
   * GstCallOutboundStreamStats:quality-limitation-reason:
   *
   * Why the stream is sent at a lower quality than asked for: `cpu` while
   * its encoder takes more than 85% of the time between two frames to
   * encode one (averaged over about a second; until it is below 70%
   * again), as libwebrtc's overuse detector measures it: the machine
   * cannot keep up; else `bandwidth`
   * while congestion control holds its encoder below the bitrate the
   * application set ([method@CallTrack.set_bitrate],
   * [property@Call:video-bitrate]) or, without one, the encoder's default
   * (1000 kbit/s for video), or has the encoder take a lower resolution or
   * frame rate than the source's for the bitrate it gives (the overview's
   * congestion control section has the rule); `none` otherwise (audio,
   * [property@PeerConnection:congestion-control]
   * %GST_CALL_CONGESTION_CONTROL_NONE, media the application encodes).
   * W3C: `qualityLimitationReason`.
   *
   * Since: 0.1
   */
  outbound_props[OUTBOUND_PROP_QUALITY_LIMITATION_REASON] =
      g_param_spec_string ("quality-limitation-reason", NULL, NULL, "none", FLAGS);

  g_object_class_install_properties (object_class, OUTBOUND_N_PROPS, outbound_props);
}

static void
gst_call_outbound_stream_stats_init (GstCallOutboundStreamStats *self)
{
  self->quality_limitation_reason = "none";
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

/**
 * gst_call_outbound_stream_stats_get_quality_limitation_reason:
 * @self: a [class@CallOutboundStreamStats]
 *
 * Gets [property@CallOutboundStreamStats:quality-limitation-reason].
 *
 * Returns: (transfer none): `bandwidth` while congestion control holds the
 *   encoder below the bitrate asked for or at a lower resolution or frame
 *   rate than the source's, else `none`
 *
 * Since: 0.1
 */
const char *
gst_call_outbound_stream_stats_get_quality_limitation_reason (GstCallOutboundStreamStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_OUTBOUND_STREAM_STATS (self), "none");

  return self->quality_limitation_reason;
}
