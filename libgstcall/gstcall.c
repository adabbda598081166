/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-impl-private.h"
#include "gstcall-gcc-private.h"
#include "gstcall-media-private.h"
#include "gstcallcodecs-private.h"

/**
 * GstCall:
 *
 * A complete call in one object: local media, encoders, the peer connection,
 * signaling and playback of the remote side.
 *
 * ```python
 * call = GstCall.Call.new()
 * call.set_signaller(signaller)
 * call.dial_async(None, None, on_connected)
 * ```
 *
 * Without configuration a call sends the system's camera and microphone
 * (test sources when there are none; or any element, a launch description,
 * or a media file with [method@Call.set_sources_from_uri]) and plays the peer's media with
 * `autovideosink` and `autoaudiosink` (with no display, neither
 * `DISPLAY` nor `WAYLAND_DISPLAY` set, video is received but not shown;
 * with no sound output, no PulseAudio or PipeWire server and no ALSA playback
 * device, audio is received but not played, and a message says so once). Sources, sinks, what to send and
 * muting are properties; remote tracks are announced by
 * [signal@Call::remote-track] before they are played, so an application can
 * take them over.
 *
 * The call's [property@Call:state] goes from %GST_CALL_STATE_IDLE through
 * %GST_CALL_STATE_CONNECTING to %GST_CALL_STATE_ACTIVE, and ends in
 * %GST_CALL_STATE_ENDED (a hang-up, on either side) or
 * %GST_CALL_STATE_FAILED, with the reason on [signal@Call::ended]. A GstCall
 * makes one call; create a new one for the next.
 *
 * A call whose connection is lost (a Wi-Fi hand-over, a network dropout)
 * goes %GST_CALL_STATE_RECONNECTING and comes back by itself, without the
 * application dialling again: on WebRTC the side that offered the call
 * makes a new transport (new ICE credentials and DTLS, as webrtcbin cannot
 * restart ICE) and offers again through the same signaller, the peer
 * answers with a new transport of its own, and the call is
 * %GST_CALL_STATE_ACTIVE again once they connect; on plain RTP the call is
 * active again as soon as the peer's packets arrive again. The sources,
 * the encoders' settings (codec, bitrate, muting), a
 * [class@CallBroadcast], the [property@Call:signaller] and the sinks set
 * with [property@Call:video-sink] and [property@Call:audio-sink] carry
 * over; a WebRTC call's remote tracks are new ones, announced again by
 * [signal@Call::remote-track] (automatic sinks are made anew), its
 * [property@Call:peer-connection] is a new object, the streams get new
 * SSRCs and the statistics start again; tracks added with
 * [method@Call.add_track] are not sent on the new transport, and the data
 * channels of the lost transport close ([signal@CallDataChannel::close]):
 * open new ones with [method@Call.create_data_channel] once the call is
 * active again. After
 * [property@Call:reconnect-timeout] seconds without success the call fails
 * with %GST_CALL_ERROR_CONNECTION_LOST and the peer hears a bye; a peer
 * that hangs up or leaves meanwhile ends it as usual.
 *
 * Like every object of the library, a call delivers its signals, property
 * notifications and async results on the main context that was
 * thread-default when it was created.
 *
 * Since: 0.1
 */

#define DEFAULT_CONNECT_TIMEOUT 30
#define DEFAULT_LATENCY_MS 50 /* as GstPeerConnection:latency */
#define DEFAULT_PEER_TIMEOUT 8
#define DEFAULT_RECONNECT_TIMEOUT 30
#define DEFAULT_VIDEO_WIDTH 640
#define DEFAULT_VIDEO_HEIGHT 480
#define DEFAULT_VIDEO_FRAMERATE 30
/* as GstPeerConnection's congestion control bounds, bit/s */
#define DEFAULT_MIN_BITRATE GST_CALL_GCC_DEFAULT_MIN_BITRATE
#define DEFAULT_START_BITRATE GST_CALL_GCC_DEFAULT_START_BITRATE
#define DEFAULT_MAX_BITRATE GST_CALL_GCC_DEFAULT_MAX_BITRATE
#define LOWEST_BITRATE 1000

G_DEFINE_FINAL_TYPE (GstCall, gst_call, G_TYPE_OBJECT)

GParamSpec *gst_call_props[N_PROPS];
guint gst_call_signals[N_SIGNALS];

gboolean
gst_call_check_configurable (GstCall    *self,
                    const char *what)
{
  if (self->state == GST_CALL_STATE_IDLE)
    return TRUE;
  g_critical ("GstCall: the %s cannot change once the call started", what);
  return FALSE;
}

/**
 * gst_call_new:
 *
 * Creates a call. Configure it, set a signaller, then dial or answer.
 *
 * Returns: (transfer full): a new [class@Call]
 *
 * Since: 0.1
 */
GstCall *
gst_call_new (void)
{
  return g_object_new (GST_TYPE_CALL, NULL);
}

/**
 * gst_call_get_state:
 * @self: a [class@Call]
 *
 * Gets the call state, see [property@Call:state].
 *
 * Returns: the call state
 *
 * Since: 0.1
 */
GstCallState
gst_call_get_state (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_STATE_FAILED);

  return self->state;
}

/**
 * gst_call_get_error:
 * @self: a [class@Call]
 *
 * Gets the reason a failed call failed.
 *
 * Returns: (transfer none) (nullable): why the call failed, %NULL unless the
 *   state is %GST_CALL_STATE_FAILED
 *
 * Since: 0.1
 */
const GError *
gst_call_get_error (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->error;
}

/**
 * gst_call_get_end_reason:
 * @self: a [class@Call]
 *
 * Gets why the call is over, see [property@Call:end-reason].
 *
 * Returns: why the call ended, %GST_CALL_END_REASON_NONE while it has not
 *
 * Since: 0.1
 */
GstCallEndReason
gst_call_get_end_reason (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_END_REASON_NONE);

  return self->end_reason;
}

/**
 * gst_call_get_rejected_candidates:
 * @self: a [class@Call]
 *
 * Gets how many malformed ICE candidates from the peer were refused, see
 * [property@Call:rejected-candidates].
 *
 * Returns: the number of refused candidates
 *
 * Since: 0.1
 */
guint
gst_call_get_rejected_candidates (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->rejected_candidates;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

static void
gst_call_dispose (GObject *object)
{
  GstCall *self = GST_CALL (object);

  gst_call_clear_timeout (self);
  g_clear_pointer (&self->liveness, gst_call_liveness_free);
  gst_call_data_channels_shutdown (self);
  if (self->session) {
    g_signal_handlers_disconnect_by_data (self->session, self);
    gst_call_session_close (self->session);
    g_clear_object (&self->session);
  }
  if (self->signaller) {
    g_signal_handlers_disconnect_by_data (self->signaller, self);
    g_clear_object (&self->signaller);
  }
  gst_clear_object (&self->video_source);
  gst_clear_object (&self->audio_source);
  g_clear_object (&self->broadcasts[0]);
  g_clear_object (&self->broadcasts[1]);
  gst_clear_object (&self->video_sink);
  gst_clear_object (&self->audio_sink);

  G_OBJECT_CLASS (gst_call_parent_class)->dispose (object);
}

static void
gst_call_finalize (GObject *object)
{
  GstCall *self = GST_CALL (object);

  g_clear_error (&self->error);
  g_clear_pointer (&self->pending_messages, g_ptr_array_unref);
  g_strfreev (self->ice_servers);
  g_strfreev (self->ice_local_addresses);
  g_free (self->source_descriptions[0]);
  g_free (self->source_descriptions[1]);
  gst_call_join_dtls_certificate ();
  gst_call_codecs_release_background_probes ();

  G_OBJECT_CLASS (gst_call_parent_class)->finalize (object);
}

static void
gst_call_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  GstCall *self = GST_CALL (object);

  switch (prop_id) {
    case PROP_SIGNALLER:
      g_value_set_object (value, self->signaller);
      break;
    case PROP_VIDEO_SOURCE:
      g_value_set_object (value, self->video_source);
      break;
    case PROP_AUDIO_SOURCE:
      g_value_set_object (value, self->audio_source);
      break;
    case PROP_VIDEO_SINK:
      g_value_set_object (value, self->video_sink);
      break;
    case PROP_AUDIO_SINK:
      g_value_set_object (value, self->audio_sink);
      break;
    case PROP_SEND_VIDEO:
      g_value_set_boolean (value, self->send_video);
      break;
    case PROP_SEND_AUDIO:
      g_value_set_boolean (value, self->send_audio);
      break;
    case PROP_VIDEO_MUTED:
      g_value_set_boolean (value, self->video_muted);
      break;
    case PROP_AUDIO_MUTED:
      g_value_set_boolean (value, self->audio_muted);
      break;
    case PROP_CONNECT_TIMEOUT:
      g_value_set_uint (value, self->connect_timeout);
      break;
    case PROP_LATENCY:
      g_value_set_uint (value, self->latency);
      break;
    case PROP_VIDEO_BROADCAST:
      g_value_set_object (value, self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO]);
      break;
    case PROP_AUDIO_BROADCAST:
      g_value_set_object (value, self->broadcasts[GST_CALL_MEDIA_KIND_AUDIO]);
      break;
    case PROP_PEER_TIMEOUT:
      g_value_set_uint (value, self->peer_timeout);
      break;
    case PROP_RECONNECT_TIMEOUT:
      g_value_set_uint (value, self->reconnect_timeout);
      break;
    case PROP_VIDEO_WIDTH:
      g_value_set_uint (value, self->video_width);
      break;
    case PROP_VIDEO_HEIGHT:
      g_value_set_uint (value, self->video_height);
      break;
    case PROP_VIDEO_FRAMERATE:
      g_value_set_uint (value, self->video_framerate);
      break;
    case PROP_VIDEO_BITRATE:
      g_value_set_uint (value, self->bitrates[GST_CALL_MEDIA_KIND_VIDEO]);
      break;
    case PROP_AUDIO_BITRATE:
      g_value_set_uint (value, self->bitrates[GST_CALL_MEDIA_KIND_AUDIO]);
      break;
    case PROP_VIDEO_CODEC:
      g_value_set_enum (value, self->codecs[GST_CALL_MEDIA_KIND_VIDEO]);
      break;
    case PROP_AUDIO_CODEC:
      g_value_set_enum (value, self->codecs[GST_CALL_MEDIA_KIND_AUDIO]);
      break;
    case PROP_ICE_SERVERS:
      g_value_set_boxed (value, self->ice_servers);
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      g_value_set_boxed (value, self->ice_local_addresses);
      break;
    case PROP_ICE_TRANSPORT_POLICY:
      g_value_set_enum (value, self->ice_transport_policy);
      break;
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_PEER_CONNECTION:
      g_value_set_object (value, gst_call_get_peer_connection (self));
      break;
    case PROP_TRANSPORT:
      g_value_set_enum (value, self->transport);
      break;
    case PROP_RTP_TRANSPORT:
      g_value_set_object (value, gst_call_get_rtp_transport (self));
      break;
    case PROP_END_REASON:
      g_value_set_enum (value, self->end_reason);
      break;
    case PROP_REJECTED_CANDIDATES:
      g_value_set_uint (value, self->rejected_candidates);
      break;
    case PROP_CONGESTION_CONTROL:
      g_value_set_enum (value, self->congestion_control);
      break;
    case PROP_MIN_BITRATE:
      g_value_set_uint (value, self->min_bitrate);
      break;
    case PROP_START_BITRATE:
      g_value_set_uint (value, self->start_bitrate);
      break;
    case PROP_MAX_BITRATE:
      g_value_set_uint (value, self->max_bitrate);
      break;
    case PROP_TARGET_BITRATE:
      g_value_set_uint (value, self->target_bitrate);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

void
gst_call_set_uint_property (GstCall    *self,
                   guint      *field,
                   guint       value,
                   guint       prop_id,
                   const char *what)
{
  if (*field == value || !gst_call_check_configurable (self, what))
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[prop_id]);
}

static void
set_strv_property (GstCall            *self,
                   GStrv              *field,
                   const char * const *strv,
                   guint               prop_id,
                   const char         *what)
{
  if (!gst_call_check_configurable (self, what))
    return;
  g_strfreev (*field);
  *field = g_strdupv ((char **) strv);
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[prop_id]);
}

/**
 * gst_call_get_connect_timeout:
 * @self: a [class@Call]
 *
 * Gets [property@Call:connect-timeout].
 *
 * Returns: seconds a call may take to connect
 *
 * Since: 0.1
 */
guint
gst_call_get_connect_timeout (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->connect_timeout;
}

/**
 * gst_call_set_connect_timeout:
 * @self: a [class@Call]
 * @seconds: seconds a call may take to connect
 *
 * Sets [property@Call:connect-timeout].
 *
 * Since: 0.1
 */
void
gst_call_set_connect_timeout (GstCall *self,
                              guint    seconds)
{
  g_return_if_fail (GST_IS_CALL (self));

  gst_call_set_uint_property (self, &self->connect_timeout, seconds, PROP_CONNECT_TIMEOUT,
                              "connect timeout");
}

/**
 * gst_call_get_latency:
 * @self: a [class@Call]
 *
 * Gets [property@Call:latency].
 *
 * Returns: milliseconds of jitterbuffer latency
 *
 * Since: 0.1
 */
guint
gst_call_get_latency (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->latency;
}

/**
 * gst_call_set_latency:
 * @self: a [class@Call]
 * @latency: milliseconds of jitterbuffer latency
 *
 * Sets [property@Call:latency].
 *
 * Since: 0.1
 */
void
gst_call_set_latency (GstCall *self,
                      guint    latency)
{
  g_return_if_fail (GST_IS_CALL (self));

  gst_call_set_uint_property (self, &self->latency, latency, PROP_LATENCY, "latency");
}

/**
 * gst_call_get_peer_timeout:
 * @self: a [class@Call]
 *
 * Gets [property@Call:peer-timeout].
 *
 * Returns: seconds of silence from the peer before the call fails, 0 for never
 *
 * Since: 0.1
 */
guint
gst_call_get_peer_timeout (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->peer_timeout;
}

/**
 * gst_call_set_peer_timeout:
 * @self: a [class@Call]
 * @seconds: seconds of silence from the peer before the call fails, 0 for never
 *
 * Sets [property@Call:peer-timeout].
 *
 * Since: 0.1
 */
void
gst_call_set_peer_timeout (GstCall *self,
                           guint    seconds)
{
  g_return_if_fail (GST_IS_CALL (self));

  gst_call_set_uint_property (self, &self->peer_timeout, seconds, PROP_PEER_TIMEOUT,
                              "peer timeout");
}

/**
 * gst_call_get_reconnect_timeout:
 * @self: a [class@Call]
 *
 * Gets [property@Call:reconnect-timeout].
 *
 * Returns: seconds a lost connection is given to come back, 0 when the call
 *   fails at once
 *
 * Since: 0.1
 */
guint
gst_call_get_reconnect_timeout (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->reconnect_timeout;
}

/**
 * gst_call_set_reconnect_timeout:
 * @self: a [class@Call]
 * @seconds: seconds a lost connection is given to come back, 0 to fail the
 *   call at once
 *
 * Sets [property@Call:reconnect-timeout].
 *
 * Since: 0.1
 */
void
gst_call_set_reconnect_timeout (GstCall *self,
                                guint    seconds)
{
  g_return_if_fail (GST_IS_CALL (self));

  gst_call_set_uint_property (self, &self->reconnect_timeout, seconds,
                              PROP_RECONNECT_TIMEOUT, "reconnect timeout");
}

/**
 * gst_call_get_ice_servers:
 * @self: a [class@Call]
 *
 * Gets [property@Call:ice-servers].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): STUN and TURN server URIs
 *
 * Since: 0.1
 */
const char * const *
gst_call_get_ice_servers (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return (const char * const *) self->ice_servers;
}

/**
 * gst_call_set_ice_servers:
 * @self: a [class@Call]
 * @servers: (nullable) (array zero-terminated=1): STUN and TURN server URIs, or %NULL
 *
 * Sets [property@Call:ice-servers], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_ice_servers (GstCall            *self,
                          const char * const *servers)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_strv_property (self, &self->ice_servers, servers, PROP_ICE_SERVERS, "ICE servers");
}

/**
 * gst_call_get_ice_local_addresses:
 * @self: a [class@Call]
 *
 * Gets [property@Call:ice-local-addresses].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the local addresses ICE may use
 *
 * Since: 0.1
 */
const char * const *
gst_call_get_ice_local_addresses (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return (const char * const *) self->ice_local_addresses;
}

/**
 * gst_call_set_ice_local_addresses:
 * @self: a [class@Call]
 * @addresses: (nullable) (array zero-terminated=1): the local addresses ICE may use, or %NULL
 *
 * Sets [property@Call:ice-local-addresses], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_ice_local_addresses (GstCall            *self,
                                  const char * const *addresses)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_strv_property (self, &self->ice_local_addresses, addresses, PROP_ICE_LOCAL_ADDRESSES, "ICE local addresses");
}

/**
 * gst_call_get_ice_transport_policy:
 * @self: a [class@Call]
 *
 * Gets [property@Call:ice-transport-policy].
 *
 * Returns: which ICE candidates the call may use
 *
 * Since: 0.1
 */
GstCallIceTransportPolicy
gst_call_get_ice_transport_policy (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_ICE_TRANSPORT_POLICY_ALL);

  return self->ice_transport_policy;
}

/**
 * gst_call_set_ice_transport_policy:
 * @self: a [class@Call]
 * @policy: which ICE candidates the call may use
 *
 * Sets [property@Call:ice-transport-policy], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_ice_transport_policy (GstCall                   *self,
                                   GstCallIceTransportPolicy  policy)
{
  g_return_if_fail (GST_IS_CALL (self));

  if (self->ice_transport_policy == policy ||
      !gst_call_check_configurable (self, "ICE transport policy"))
    return;
  self->ice_transport_policy = policy;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_ICE_TRANSPORT_POLICY]);
}

static void
gst_call_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  GstCall *self = GST_CALL (object);

  switch (prop_id) {
    case PROP_SIGNALLER:
      gst_call_set_signaller (self, g_value_get_object (value));
      break;
    case PROP_VIDEO_SOURCE:
      gst_call_set_video_source (self, g_value_get_object (value));
      break;
    case PROP_AUDIO_SOURCE:
      gst_call_set_audio_source (self, g_value_get_object (value));
      break;
    case PROP_VIDEO_SINK:
      gst_call_set_video_sink (self, g_value_get_object (value));
      break;
    case PROP_AUDIO_SINK:
      gst_call_set_audio_sink (self, g_value_get_object (value));
      break;
    case PROP_SEND_VIDEO:
      gst_call_set_send_video (self, g_value_get_boolean (value));
      break;
    case PROP_SEND_AUDIO:
      gst_call_set_send_audio (self, g_value_get_boolean (value));
      break;
    case PROP_VIDEO_MUTED:
      gst_call_set_video_muted (self, g_value_get_boolean (value));
      break;
    case PROP_AUDIO_MUTED:
      gst_call_set_audio_muted (self, g_value_get_boolean (value));
      break;
    case PROP_CONNECT_TIMEOUT:
      gst_call_set_connect_timeout (self, g_value_get_uint (value));
      break;
    case PROP_LATENCY:
      gst_call_set_latency (self, g_value_get_uint (value));
      break;
    case PROP_PEER_TIMEOUT:
      gst_call_set_peer_timeout (self, g_value_get_uint (value));
      break;
    case PROP_RECONNECT_TIMEOUT:
      gst_call_set_reconnect_timeout (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_WIDTH:
      gst_call_set_video_width (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_HEIGHT:
      gst_call_set_video_height (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_FRAMERATE:
      gst_call_set_video_framerate (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_BITRATE:
      gst_call_set_video_bitrate (self, g_value_get_uint (value));
      break;
    case PROP_AUDIO_BITRATE:
      gst_call_set_audio_bitrate (self, g_value_get_uint (value));
      break;
    case PROP_VIDEO_CODEC:
      gst_call_set_video_codec (self, g_value_get_enum (value));
      break;
    case PROP_AUDIO_CODEC:
      gst_call_set_audio_codec (self, g_value_get_enum (value));
      break;
    case PROP_ICE_SERVERS:
      gst_call_set_ice_servers (self, g_value_get_boxed (value));
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      gst_call_set_ice_local_addresses (self, g_value_get_boxed (value));
      break;
    case PROP_TRANSPORT:
      gst_call_set_transport (self, g_value_get_enum (value));
      break;
    case PROP_ICE_TRANSPORT_POLICY:
      gst_call_set_ice_transport_policy (self, g_value_get_enum (value));
      break;
    case PROP_CONGESTION_CONTROL:
      gst_call_set_congestion_control (self, g_value_get_enum (value));
      break;
    case PROP_MIN_BITRATE:
      gst_call_set_min_bitrate (self, g_value_get_uint (value));
      break;
    case PROP_START_BITRATE:
      gst_call_set_start_bitrate (self, g_value_get_uint (value));
      break;
    case PROP_MAX_BITRATE:
      gst_call_set_max_bitrate (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_class_init (GstCallClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY;

  gst_call_ensure_initialized ();

  object_class->dispose = gst_call_dispose;
  object_class->finalize = gst_call_finalize;
  object_class->get_property = gst_call_get_property;
  object_class->set_property = gst_call_set_property;

  /**
   * GstCall:signaller: (getter get_signaller) (setter set_signaller)
   *
   * How offers, answers and candidates reach the peer.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_SIGNALLER] =
      g_param_spec_object ("signaller", NULL, NULL, GST_TYPE_CALL_SIGNALLER, rw);

  /**
   * GstCall:video-source: (getter get_video_source) (setter set_video_source)
   *
   * What the call sends as video; %NULL for the first camera, else a test
   * pattern.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_VIDEO_SOURCE] =
      g_param_spec_object ("video-source", NULL, NULL, GST_TYPE_ELEMENT, rw);

  /**
   * GstCall:audio-source: (getter get_audio_source) (setter set_audio_source)
   *
   * What the call sends as audio; %NULL for the first microphone, else a
   * test tone.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_AUDIO_SOURCE] =
      g_param_spec_object ("audio-source", NULL, NULL, GST_TYPE_ELEMENT, rw);

  /**
   * GstCall:video-sink: (getter get_video_sink) (setter set_video_sink)
   *
   * Where the peer's video goes; %NULL for `autovideosink` (a clocked
   * `fakesink` when there is no display).
   *
   * Since: 0.1
   */
  gst_call_props[PROP_VIDEO_SINK] =
      g_param_spec_object ("video-sink", NULL, NULL, GST_TYPE_ELEMENT, rw);

  /**
   * GstCall:audio-sink: (getter get_audio_sink) (setter set_audio_sink)
   *
   * Where the peer's audio goes; %NULL for `autoaudiosink` (a clocked
   * `fakesink` when there is no sound output).
   *
   * Since: 0.1
   */
  gst_call_props[PROP_AUDIO_SINK] =
      g_param_spec_object ("audio-sink", NULL, NULL, GST_TYPE_ELEMENT, rw);

  /**
   * GstCall:send-video: (getter get_send_video) (setter set_send_video)
   *
   * Whether the call sends video. Without it the call still receives the
   * peer's video.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_SEND_VIDEO] =
      g_param_spec_boolean ("send-video", NULL, NULL, TRUE, rw);

  /**
   * GstCall:send-audio: (getter get_send_audio) (setter set_send_audio)
   *
   * Whether the call sends audio. Without it the call still receives the
   * peer's audio.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_SEND_AUDIO] =
      g_param_spec_boolean ("send-audio", NULL, NULL, TRUE, rw);

  /**
   * GstCall:video-muted: (getter get_video_muted) (setter set_video_muted)
   *
   * Whether the video is muted (no frames sent). Can change at any time.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_VIDEO_MUTED] =
      g_param_spec_boolean ("video-muted", NULL, NULL, FALSE, rw);

  /**
   * GstCall:audio-muted: (getter get_audio_muted) (setter set_audio_muted)
   *
   * Whether the audio is muted (no audio sent). Can change at any time.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_AUDIO_MUTED] =
      g_param_spec_boolean ("audio-muted", NULL, NULL, FALSE, rw);

  /**
   * GstCall:connect-timeout: (getter get_connect_timeout) (setter set_connect_timeout)
   *
   * Seconds a dialled or answered call may take to connect before it fails.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_CONNECT_TIMEOUT] =
      g_param_spec_uint ("connect-timeout", NULL, NULL, 1, 3600,
                         DEFAULT_CONNECT_TIMEOUT, rw);

  /**
   * GstCall:latency: (getter get_latency) (setter set_latency)
   *
   * Milliseconds received media waits in the jitterbuffer, for late and
   * retransmitted packets, before it is played; see
   * [property@PeerConnection:latency]. 50 by default, for a LAN; on a
   * slow or jittery path each jitterbuffer waits longer by itself (up to
   * 400 ms) when packets arrive after it gave up on them, and comes back
   * to this value once they no longer do. Video plays after this latency
   * and waits longer only for the frames that need it (at least 300 ms
   * for a late or retransmitted packet). Set it before the call; during
   * the call, set it on [property@Call:peer-connection].
   *
   * Since: 0.1
   */
  gst_call_props[PROP_LATENCY] =
      g_param_spec_uint ("latency", NULL, NULL, 0, 10000, DEFAULT_LATENCY_MS, rw);

  /**
   * GstCall:video-broadcast: (getter get_video_broadcast)
   *
   * The [class@CallBroadcast] the call sends as its video, encoded once
   * for every call sending it; %NULL (the default): the call encodes its
   * own video source. Set with [method@Call.set_broadcast].
   *
   * Since: 0.1
   */
  gst_call_props[PROP_VIDEO_BROADCAST] =
      g_param_spec_object ("video-broadcast", NULL, NULL, GST_TYPE_CALL_BROADCAST,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCall:audio-broadcast: (getter get_audio_broadcast)
   *
   * The [class@CallBroadcast] the call sends as its audio, see
   * [property@Call:video-broadcast].
   *
   * Since: 0.1
   */
  gst_call_props[PROP_AUDIO_BROADCAST] =
      g_param_spec_object ("audio-broadcast", NULL, NULL, GST_TYPE_CALL_BROADCAST,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstCall:peer-timeout: (getter get_peer_timeout) (setter set_peer_timeout)
   *
   * Seconds without a single packet from the peer after which the
   * connection of an active call counts as lost: the peer's machine went to
   * sleep, lost its network or its application stopped without hanging up.
   * The call then reconnects (see [property@Call:reconnect-timeout]) or,
   * with reconnection disabled, fails with %GST_CALL_ERROR_ICE. 0 never
   * gives up.
   *
   * webrtcbin in GStreamer 1.22 does not check ICE consent (RFC 7675), so
   * the call watches the packets itself: media, and RTCP reports (at least
   * every 6.2 s from a live peer, even when all its media is muted). Keep
   * the timeout above that.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_PEER_TIMEOUT] =
      g_param_spec_uint ("peer-timeout", NULL, NULL, 0, 3600,
                         DEFAULT_PEER_TIMEOUT, rw);

  /**
   * GstCall:reconnect-timeout: (getter get_reconnect_timeout) (setter set_reconnect_timeout)
   *
   * Seconds an active call whose connection was lost (ICE disconnected or
   * failed, or [property@Call:peer-timeout] seconds without a packet) is
   * given to come back: it is %GST_CALL_STATE_RECONNECTING meanwhile (see
   * the class description for what carries over), then fails with
   * %GST_CALL_ERROR_CONNECTION_LOST and sends a bye. 0 disables
   * reconnection: a lost connection fails the call at once with the
   * reason it was lost (%GST_CALL_ERROR_ICE or %GST_CALL_ERROR_DTLS). A
   * peer that re-establishes the connection on its own is followed
   * whatever this says.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_RECONNECT_TIMEOUT] =
      g_param_spec_uint ("reconnect-timeout", NULL, NULL, 0, 3600,
                         DEFAULT_RECONNECT_TIMEOUT, rw);

  /**
   * GstCall:video-width: (getter get_video_width) (setter set_video_width)
   *
   * Width of the default video source, in pixels.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_VIDEO_WIDTH] =
      g_param_spec_uint ("video-width", NULL, NULL, 16, 7680, DEFAULT_VIDEO_WIDTH, rw);

  /**
   * GstCall:video-height: (getter get_video_height) (setter set_video_height)
   *
   * Height of the default video source, in pixels.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_VIDEO_HEIGHT] =
      g_param_spec_uint ("video-height", NULL, NULL, 16, 4320, DEFAULT_VIDEO_HEIGHT, rw);

  /**
   * GstCall:video-framerate: (getter get_video_framerate) (setter set_video_framerate)
   *
   * Frame rate of the default video source, in frames per second.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_VIDEO_FRAMERATE] =
      g_param_spec_uint ("video-framerate", NULL, NULL, 1, 240,
                         DEFAULT_VIDEO_FRAMERATE, rw);

  /**
   * GstCall:video-bitrate: (getter get_video_bitrate) (setter set_video_bitrate)
   *
   * Target bitrate of the video encoder, in kbit/s; 0 for its default
   * (1000). Can change during the call. With congestion control
   * ([property@Call:congestion-control]), it sets the encoder's bitrate
   * during the call (over WebRTC from the peer's transport-wide feedback,
   * over plain RTP from its receiver reports and REMB): a value set here
   * is then its ceiling, and the default only the bitrate it starts at
   * over WebRTC.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_VIDEO_BITRATE] =
      g_param_spec_uint ("video-bitrate", NULL, NULL, 0, 100000, 0, rw);

  /**
   * GstCall:audio-bitrate: (getter get_audio_bitrate) (setter set_audio_bitrate)
   *
   * Target bitrate of the audio encoder, in kbit/s; 0 for its default. Can
   * change during the call.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_AUDIO_BITRATE] =
      g_param_spec_uint ("audio-bitrate", NULL, NULL, 0, 10000, 0, rw);

  /**
   * GstCall:video-codec: (getter get_video_codec) (setter set_video_codec)
   *
   * The codec the call sends video with: %GST_CALL_CODEC_VP8 (the default),
   * %GST_CALL_CODEC_VP9, %GST_CALL_CODEC_H264 (constrained baseline) or
   * %GST_CALL_CODEC_H265 (main profile, parameter sets with every keyframe;
   * tested between libgstcall peers, not with browsers). The encoder is
   * chosen by [class@CallCodecs], hardware first.
   *
   * H.264 is encoded at the level the video's size and frame rate need
   * (ITU-T H.264 Annex A; 1920x1080 at 30 frames a second: level 4), never
   * below level 3.1, and an offer names the level of
   * [property@Call:video-width], [property@Call:video-height] and
   * [property@Call:video-framerate] in its `profile-level-id`.
   *
   * %GST_CALL_CODEC_AV1 can be set but not sent: dialling or answering then
   * fails with %GST_CALL_ERROR_MISSING_PLUGIN naming the codec and the
   * missing payloader (GStreamer 1.22 has no AV1 RTP payloader), and nothing
   * is sent in another codec. An audio codec here is a programmer error.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_VIDEO_CODEC] =
      g_param_spec_enum ("video-codec", NULL, NULL, GST_TYPE_CALL_CODEC,
                         GST_CALL_CODEC_VP8, rw);

  /**
   * GstCall:audio-codec: (getter get_audio_codec) (setter set_audio_codec)
   *
   * The codec the call sends audio with: %GST_CALL_CODEC_OPUS (the default),
   * %GST_CALL_CODEC_PCMA or %GST_CALL_CODEC_PCMU (G.711).
   *
   * Since: 0.1
   */
  gst_call_props[PROP_AUDIO_CODEC] =
      g_param_spec_enum ("audio-codec", NULL, NULL, GST_TYPE_CALL_CODEC,
                         GST_CALL_CODEC_OPUS, rw);

  /**
   * GstCall:ice-servers: (getter get_ice_servers) (setter set_ice_servers)
   *
   * STUN and TURN servers, see [property@PeerConnection:ice-servers].
   *
   * Since: 0.1
   */
  gst_call_props[PROP_ICE_SERVERS] =
      g_param_spec_boxed ("ice-servers", NULL, NULL, G_TYPE_STRV, rw);

  /**
   * GstCall:ice-local-addresses: (getter get_ice_local_addresses) (setter set_ice_local_addresses)
   *
   * Local addresses ICE may use, see
   * [property@PeerConnection:ice-local-addresses].
   *
   * Since: 0.1
   */
  gst_call_props[PROP_ICE_LOCAL_ADDRESSES] =
      g_param_spec_boxed ("ice-local-addresses", NULL, NULL, G_TYPE_STRV, rw);

  /**
   * GstCall:ice-transport-policy: (getter get_ice_transport_policy) (setter set_ice_transport_policy)
   *
   * Which candidates ICE may use, see
   * [property@PeerConnection:ice-transport-policy]:
   * %GST_CALL_ICE_TRANSPORT_POLICY_RELAY sends everything through the TURN
   * servers of [property@Call:ice-servers].
   *
   * Since: 0.1
   */
  gst_call_props[PROP_ICE_TRANSPORT_POLICY] =
      g_param_spec_enum ("ice-transport-policy", NULL, NULL,
                         GST_TYPE_CALL_ICE_TRANSPORT_POLICY,
                         GST_CALL_ICE_TRANSPORT_POLICY_ALL, rw);

  /**
   * GstCall:state: (getter get_state)
   *
   * The call state. When it becomes %GST_CALL_STATE_ENDED or
   * %GST_CALL_STATE_FAILED, [property@Call:end-reason] already says why.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_STATE] =
      g_param_spec_enum ("state", NULL, NULL, GST_TYPE_CALL_STATE,
                         GST_CALL_STATE_IDLE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCall:peer-connection: (getter get_peer_connection)
   *
   * The peer connection carrying the call, once dialled or answered.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_PEER_CONNECTION] =
      g_param_spec_object ("peer-connection", NULL, NULL, GST_TYPE_PEER_CONNECTION,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCall:transport: (getter get_transport) (setter set_transport)
   *
   * What carries the call's media: WebRTC (ICE, DTLS-SRTP, a
   * [class@PeerConnection]) or plain RTP (a [class@CallRtpTransport], for
   * SIP endpoints, intercoms and media servers on a trusted network).
   *
   * On plain RTP the offer and answer still go through the
   * [property@Call:signaller], without candidates; the states, the signals
   * and [method@Call.get_stats_async] are the same. Its sources come from
   * [method@Call.set_sources_from_description] (or the default devices).
   * [property@Call:video-codec] and [property@Call:audio-codec] (VP8, VP9,
   * H.264, Opus, G.711), the video size, frame rate and bitrate properties,
   * [signal@Call::remote-track], [property@Call:video-sink],
   * [property@Call:audio-sink], muting, [property@Call:peer-timeout] (no
   * RTP or RTCP from the peer) and, once media flows, [method@Call.add_track]
   * and [method@Call.remove_track] (a new offer through the signaller) work
   * as on WebRTC; an SRTP call keeps its tracks.
   * [property@Call:ice-servers] and
   * [property@Call:ice-local-addresses] do not apply: the transport's own
   * [property@CallRtpTransport:local-address] does.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_TRANSPORT] =
      g_param_spec_enum ("transport", NULL, NULL, GST_TYPE_CALL_TRANSPORT_KIND,
                         GST_CALL_TRANSPORT_KIND_WEBRTC, rw);

  /**
   * GstCall:rtp-transport: (getter get_rtp_transport)
   *
   * The plain RTP transport, while [property@Call:transport] is
   * %GST_CALL_TRANSPORT_KIND_RTP.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_RTP_TRANSPORT] =
      g_param_spec_object ("rtp-transport", NULL, NULL, GST_TYPE_CALL_RTP_TRANSPORT,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCall:end-reason: (getter get_end_reason)
   *
   * Why the call is over: this side or the peer hung up, the peer left the
   * room of a [class@CallSignalingServer] (its browser tab closed, its
   * connection to the server was lost), or the call failed (the reason is
   * [method@Call.get_error]). Set, and notified, before
   * [property@Call:state] becomes %GST_CALL_STATE_ENDED or
   * %GST_CALL_STATE_FAILED and [signal@Call::ended] is emitted; it is
   * %GST_CALL_END_REASON_NONE until then.
   *
   * A call whose [property@Call:signaller] is a
   * [class@CallWebSocketSignaller] ends with %GST_CALL_END_REASON_PEER_LEFT
   * as soon as the server says the peer it talks to left
   * ([property@CallWebSocketSignaller:remote-peer-id]).
   *
   * Since: 0.1
   */
  gst_call_props[PROP_END_REASON] =
      g_param_spec_enum ("end-reason", NULL, NULL, GST_TYPE_CALL_END_REASON,
                         GST_CALL_END_REASON_NONE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCall:rejected-candidates: (getter get_rejected_candidates)
   *
   * How many ICE candidates from the peer were malformed and refused. As
   * in a W3C `RTCPeerConnection`, where `addIceCandidate()` rejects such a
   * candidate and the connection goes on, a bad candidate does not end the
   * call: it is logged, counted here and reported with
   * [signal@Call::candidate-rejected], and ICE goes on with the others.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_REJECTED_CANDIDATES] =
      g_param_spec_uint ("rejected-candidates", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstCall:congestion-control: (getter get_congestion_control) (setter set_congestion_control)
   *
   * How the call adapts what it sends to the network, see
   * [property@PeerConnection:congestion-control]: with
   * %GST_CALL_CONGESTION_CONTROL_GCC (the default) the video encoder
   * follows the bitrate congestion control estimates the path can carry,
   * never above [property@Call:video-bitrate] when that is set; with
   * %GST_CALL_CONGESTION_CONTROL_NONE it keeps its configured bitrate.
   *
   * Set it before the call starts; it is given to every peer connection of
   * the call, also the new one made when the call re-establishes its
   * transport. On the plain RTP transport ([property@Call:transport]
   * %GST_CALL_TRANSPORT_KIND_RTP) it is given to the
   * [property@Call:rtp-transport]
   * ([property@CallRtpTransport:congestion-control]): plain RTP peers send
   * no transport-wide feedback, so the same controller goes by their RTCP
   * receiver reports (fraction lost, round trip from LSR and DLSR) and is
   * bounded by their REMB if they send it; it starts at
   * [property@Call:start-bitrate] as soon as media flows.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_CONGESTION_CONTROL] =
      g_param_spec_enum ("congestion-control", NULL, NULL, GST_TYPE_CALL_CONGESTION_CONTROL,
                         GST_CALL_CONGESTION_CONTROL_GCC, rw);

  /**
   * GstCall:min-bitrate: (getter get_min_bitrate) (setter set_min_bitrate)
   *
   * The lowest target of congestion control in bit/s (30000 by default),
   * see [property@PeerConnection:min-bitrate]: the maximum wins when this
   * is above it. Set it before the call starts.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_MIN_BITRATE] =
      g_param_spec_uint ("min-bitrate", NULL, NULL, LOWEST_BITRATE, G_MAXUINT,
                         DEFAULT_MIN_BITRATE, rw);

  /**
   * GstCall:start-bitrate: (getter get_start_bitrate) (setter set_start_bitrate)
   *
   * The target congestion control starts from in bit/s (300000 by
   * default), clamped between [property@Call:min-bitrate] and
   * [property@Call:max-bitrate], see
   * [property@PeerConnection:start-bitrate] (on the plain RTP transport,
   * [property@CallRtpTransport:start-bitrate]: from the start of media).
   * Set it before the call starts.
   *
   * Since: 0.1
   */
  gst_call_props[PROP_START_BITRATE] =
      g_param_spec_uint ("start-bitrate", NULL, NULL, LOWEST_BITRATE, G_MAXUINT,
                         DEFAULT_START_BITRATE, rw);

  /**
   * GstCall:max-bitrate: (getter get_max_bitrate) (setter set_max_bitrate)
   *
   * The highest target of congestion control in bit/s (2500000 by
   * default), for everything the call sends (audio and packet headers
   * included), see [property@PeerConnection:max-bitrate]. Set it before the
   * call starts (during a call, set it on [property@Call:peer-connection]
   * or [property@Call:rtp-transport] for that transport).
   *
   * Since: 0.1
   */
  gst_call_props[PROP_MAX_BITRATE] =
      g_param_spec_uint ("max-bitrate", NULL, NULL, LOWEST_BITRATE, G_MAXUINT,
                         DEFAULT_MAX_BITRATE, rw);

  /**
   * GstCall:target-bitrate: (getter get_target_bitrate)
   *
   * What congestion control estimates the path can carry, in bit/s: the
   * [property@PeerConnection:target-bitrate] of the call's peer connection,
   * or on the plain RTP transport the
   * [property@CallRtpTransport:target-bitrate] of
   * [property@Call:rtp-transport], notified on the call's main context when
   * it moves by more than 5%. 0 with %GST_CALL_CONGESTION_CONTROL_NONE;
   * over WebRTC also before the first transport-wide feedback report and
   * again when the call re-establishes its transport; over plain RTP
   * before media flows (then the start bitrate).
   *
   * Since: 0.1
   */
  gst_call_props[PROP_TARGET_BITRATE] =
      g_param_spec_uint ("target-bitrate", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, gst_call_props);

  /**
   * GstCall::incoming-call:
   * @self: the [class@Call]
   *
   * The peer offered a call through the signaller. Accept it with
   * [method@Call.answer_async] or decline it with [method@Call.hangup].
   *
   * Since: 0.1
   */
  gst_call_signals[SIGNAL_INCOMING_CALL] =
      g_signal_new ("incoming-call", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * GstCall::remote-track:
   * @self: the [class@Call]
   * @track: the peer's [class@CallTrack], decoded
   *
   * The peer's media arrived. Link the track's pad or give it a sink during
   * the emission to take it over; otherwise it is played with
   * [property@Call:video-sink] or [property@Call:audio-sink].
   *
   * Since: 0.1
   */
  gst_call_signals[SIGNAL_REMOTE_TRACK] =
      g_signal_new ("remote-track", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, GST_TYPE_CALL_TRACK);

  /**
   * GstCall::data-channel:
   * @self: the [class@Call]
   * @channel: the [class@CallDataChannel] the peer opened
   *
   * The peer opened a data channel, see [signal@PeerConnection::data-channel]:
   * connect to the channel's signals during the emission. The call holds
   * the channel until it closes, at the latest when the call ends.
   *
   * Since: 0.1
   */
  gst_call_signals[SIGNAL_DATA_CHANNEL] =
      g_signal_new ("data-channel", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, GST_TYPE_CALL_DATA_CHANNEL);

  /**
   * GstCall::dtmf:
   * @self: the [class@Call]
   * @tone: the DTMF tone, one of `0`-`9`, `*`, `#`, `A`-`D`
   * @duration_ms: how long the tone lasted, in milliseconds
   *
   * The peer sent a DTMF tone (an RFC 4733 telephone-event on the call's
   * audio, see [method@Call.send_dtmf]). Emitted once per tone, when it
   * ends, in the order the tones were sent; the events never reach the
   * audio decoder.
   *
   * Since: 0.1
   */
  gst_call_signals[SIGNAL_DTMF] =
      g_signal_new ("dtmf", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_UINT);

  /**
   * GstCall::ended:
   * @self: the [class@Call]
   * @reason: (nullable): why the call failed, or %NULL when it ended
   *   without failing
   *
   * The call is over: the state is %GST_CALL_STATE_ENDED or
   * %GST_CALL_STATE_FAILED, and [property@Call:end-reason] says whether this
   * side hung up, the peer hung up or left, or the call failed. A call that
   * fails sends a `bye` to the peer through the signaller.
   *
   * Since: 0.1
   */
  gst_call_signals[SIGNAL_ENDED] =
      g_signal_new ("ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

  /**
   * GstCall::candidate-rejected:
   * @self: the [class@Call]
   * @error: why the candidate was refused (%GST_CALL_ERROR_INVALID_ARGUMENT;
   *   the message quotes the candidate)
   *
   * The peer sent an ICE candidate that is not one (`candidate:garbage`).
   * It was refused on its own and the call goes on, see
   * [property@Call:rejected-candidates], which counts them and is notified
   * before this signal.
   *
   * Since: 0.1
   */
  gst_call_signals[SIGNAL_CANDIDATE_REJECTED] =
      g_signal_new ("candidate-rejected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
gst_call_init (GstCall *self)
{
  self->send_video = TRUE;
  self->send_audio = TRUE;
  self->connect_timeout = DEFAULT_CONNECT_TIMEOUT;
  self->latency = DEFAULT_LATENCY_MS;
  self->peer_timeout = DEFAULT_PEER_TIMEOUT;
  self->reconnect_timeout = DEFAULT_RECONNECT_TIMEOUT;
  self->video_width = DEFAULT_VIDEO_WIDTH;
  self->video_height = DEFAULT_VIDEO_HEIGHT;
  self->video_framerate = DEFAULT_VIDEO_FRAMERATE;
  self->codecs[GST_CALL_MEDIA_KIND_VIDEO] = GST_CALL_CODEC_VP8;
  self->codecs[GST_CALL_MEDIA_KIND_AUDIO] = GST_CALL_CODEC_OPUS;
  self->congestion_control = GST_CALL_CONGESTION_CONTROL_GCC;
  self->min_bitrate = DEFAULT_MIN_BITRATE;
  self->start_bitrate = DEFAULT_START_BITRATE;
  self->max_bitrate = DEFAULT_MAX_BITRATE;
  gst_call_set_session (self, GST_CALL_TRANSPORT_KIND_WEBRTC);

  /* A call is made to be placed or answered: have the DTLS certificate
   * ready by then (see gstcall-private.c), and the hardware encoders and
   * decoders probed, or their probes under way (see gstcallcodecs.c). */
  gst_call_prepare_dtls_certificate ();
  gst_call_codecs_hold_background_probes ();
}

/**
 * gst_call_get_congestion_control:
 * @self: a [class@Call]
 *
 * Gets [property@Call:congestion-control].
 *
 * Returns: how the call adapts to the network
 *
 * Since: 0.1
 */
GstCallCongestionControl
gst_call_get_congestion_control (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_CONGESTION_CONTROL_GCC);

  return self->congestion_control;
}

/**
 * gst_call_set_congestion_control:
 * @self: a [class@Call]
 * @congestion_control: how to adapt to the network
 *
 * Sets [property@Call:congestion-control], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_congestion_control (GstCall                  *self,
                                 GstCallCongestionControl  congestion_control)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (congestion_control == GST_CALL_CONGESTION_CONTROL_NONE ||
                    congestion_control == GST_CALL_CONGESTION_CONTROL_GCC);

  if (self->congestion_control == congestion_control ||
      !gst_call_check_configurable (self, "congestion control"))
    return;
  self->congestion_control = congestion_control;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[PROP_CONGESTION_CONTROL]);
}

/**
 * gst_call_get_min_bitrate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:min-bitrate].
 *
 * Returns: the lowest target of congestion control, bit/s
 *
 * Since: 0.1
 */
guint
gst_call_get_min_bitrate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), DEFAULT_MIN_BITRATE);

  return self->min_bitrate;
}

/**
 * gst_call_set_min_bitrate:
 * @self: a [class@Call]
 * @bitrate: bit/s, at least 1000
 *
 * Sets [property@Call:min-bitrate], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_min_bitrate (GstCall *self,
                          guint    bitrate)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (bitrate >= LOWEST_BITRATE);

  gst_call_set_uint_property (self, &self->min_bitrate, bitrate, PROP_MIN_BITRATE,
                              "minimum bitrate");
}

/**
 * gst_call_get_start_bitrate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:start-bitrate].
 *
 * Returns: the target congestion control starts from, bit/s
 *
 * Since: 0.1
 */
guint
gst_call_get_start_bitrate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), DEFAULT_START_BITRATE);

  return self->start_bitrate;
}

/**
 * gst_call_set_start_bitrate:
 * @self: a [class@Call]
 * @bitrate: bit/s, at least 1000
 *
 * Sets [property@Call:start-bitrate], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_start_bitrate (GstCall *self,
                            guint    bitrate)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (bitrate >= LOWEST_BITRATE);

  gst_call_set_uint_property (self, &self->start_bitrate, bitrate, PROP_START_BITRATE,
                              "start bitrate");
}

/**
 * gst_call_get_max_bitrate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:max-bitrate].
 *
 * Returns: the highest target of congestion control, bit/s
 *
 * Since: 0.1
 */
guint
gst_call_get_max_bitrate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), DEFAULT_MAX_BITRATE);

  return self->max_bitrate;
}

/**
 * gst_call_set_max_bitrate:
 * @self: a [class@Call]
 * @bitrate: bit/s, at least 1000
 *
 * Sets [property@Call:max-bitrate], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_max_bitrate (GstCall *self,
                          guint    bitrate)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (bitrate >= LOWEST_BITRATE);

  gst_call_set_uint_property (self, &self->max_bitrate, bitrate, PROP_MAX_BITRATE,
                              "maximum bitrate");
}

/**
 * gst_call_get_target_bitrate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:target-bitrate].
 *
 * Returns: what congestion control estimates the path can carry, bit/s;
 *   0 while there is no estimate
 *
 * Since: 0.1
 */
guint
gst_call_get_target_bitrate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->target_bitrate;
}
