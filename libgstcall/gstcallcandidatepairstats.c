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
   * The bitrate congestion control estimates the path can carry (its
   * target), in bit/s; 0 when not known: before the first transport-wide
   * feedback report, or when the peer does not send that feedback.
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
 * Returns: the bitrate congestion control estimates the path can carry, in
 *   bit/s; 0 when not known
 *
 * Since: 0.1
 */
guint64
gst_call_candidate_pair_stats_get_available_outgoing_bitrate (GstCallCandidatePairStats *self)
{
  g_return_val_if_fail (GST_IS_CALL_CANDIDATE_PAIR_STATS (self), 0);

  return self->available_outgoing_bitrate;
}
