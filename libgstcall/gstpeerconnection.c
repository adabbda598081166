/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gst/sdp/sdp.h>
#include <gst/video/video.h>
#include <gst/webrtc/webrtc.h>
#include <nice/agent.h>

#include "gstpeerconnection-private.h"
#include "gstcallbroadcast-private.h"
#include "gstcall-dtls-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"
#include "gstcall-receive-private.h"
#include "gstcall-sdp-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcalltrack-private.h"

/**
 * GstPeerConnection:
 *
 * A WebRTC peer connection shaped like the W3C `RTCPeerConnection`, built on
 * `webrtcbin`.
 *
 * It owns a pipeline holding `webrtcbin`, the local media branches (source,
 * encoder, payloader) and the remote media branches (depayloader, decoder,
 * converter). Its defaults interoperate with browsers and servers: one
 * transport for all media (max-bundle), RTCP multiplexed with RTP, NACK and
 * RTX on video, no third-party STUN server.
 *
 * ## Threading
 *
 * A peer connection belongs to the [struct@GLib.MainContext] that was the
 * thread-default context when it was created. Every signal, property
 * notification and async callback is delivered there, never on a GStreamer
 * streaming thread, so handlers written in Python or JavaScript just work.
 *
 * ## Offer and answer
 *
 * ```c
 * gst_peer_connection_add_track_from_description (pc, GST_CALL_MEDIA_KIND_VIDEO,
 *     "videotestsrc is-live=true", &error);
 * gst_peer_connection_create_offer_async (pc, NULL, on_offer_created, NULL);
 * // on_offer_created: sdp = gst_peer_connection_create_offer_finish (...);
 * //   gst_peer_connection_set_local_description_async (pc, GST_CALL_SDP_TYPE_OFFER,
 * //       sdp, NULL, on_local_set, NULL); and send sdp to the peer.
 * ```
 *
 * Local ICE candidates arrive on [signal@PeerConnection::ice-candidate] and
 * go to the peer's [method@PeerConnection.add_ice_candidate]. Remote media
 * arrives on [signal@PeerConnection::track].
 *
 * Since: 0.1
 */

/* Parts shared with GStreamer threads. The peer connection holds one
 * reference, every webrtcbin/decodebin signal handler another, so a handler
 * running while the peer connection is disposed never touches freed memory. */
typedef struct {
  gatomicrefcount ref_count;
  GstCallContextProxy *proxy;
  GstElement *pipeline;
  GstElement *webrtcbin;

  GMutex lock;
  GHashTable *ssrc_kinds; /* remote SSRC -> GstCallMediaKind + 1 */
  GPtrArray *remote_sections; /* RemoteSection, of the last remote description */
  gboolean video_nack;
  gboolean adding_local;  /* a transceiver for local media is being made */
  gint negotiation_pending; /* atomic: an emission is on its way */
  GstCallDtlsGuard *dtls_guard; /* checks the peer's certificate */
} Shared;

struct _GstPeerConnection {
  GObject parent_instance;

  Shared *shared;
  GSource *bus_source;
  GstCallStatsHistory *stats_history; /* main context only */

  GStrv ice_servers;
  GStrv ice_local_addresses;
  GstCallBundlePolicy bundle_policy;
  GstCallIceTransportPolicy ice_transport_policy;
  guint latency;

  GstCallSignalingState signaling_state;
  GstCallIceGatheringState ice_gathering_state;
  GstCallIceConnectionState ice_connection_state;
  GstCallPeerConnectionState connection_state;

  GPtrArray *tracks;
  GHashTable *local_branches; /* GstCallTrack -> LocalBranch */
  guint local_generation;
  guint next_video_payload;
  guint next_audio_payload;
  char *last_offer;
  char *last_answer;
  guint relay_candidates; /* local candidates of type relay so far */

  gboolean initialized;
  gboolean closed;
};

/* The elements sending one local track. */
typedef struct {
  GstElement *source;
  GstElement *valve;
  GstElement *send_bin;
  GstPad *webrtc_sink;
  GstWebRTCRTPTransceiver *transceiver;
} LocalBranch;

static void
local_branch_free (gpointer data)
{
  LocalBranch *branch = data;

  gst_object_unref (branch->source);
  gst_object_unref (branch->valve);
  gst_object_unref (branch->send_bin);
  gst_object_unref (branch->webrtc_sink);
  gst_clear_object (&branch->transceiver);
  g_free (branch);
}

static void gst_peer_connection_initable_iface_init (GInitableIface *iface);
static GstCallTrack *add_track_internal (GstPeerConnection *self,
                                         GstCallCodec       codec,
                                         GstElement        *source,
                                         GstCallBroadcast  *broadcast,
                                         int                offered_payload_type,
                                         const char        *profile_level_id,
                                         GError           **error);

G_DEFINE_FINAL_TYPE_WITH_CODE (GstPeerConnection, gst_peer_connection, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      gst_peer_connection_initable_iface_init))

enum {
  PROP_0,
  PROP_ICE_SERVERS,
  PROP_ICE_LOCAL_ADDRESSES,
  PROP_BUNDLE_POLICY,
  PROP_ICE_TRANSPORT_POLICY,
  PROP_LATENCY,
  PROP_PIPELINE,
  PROP_SIGNALING_STATE,
  PROP_ICE_GATHERING_STATE,
  PROP_ICE_CONNECTION_STATE,
  PROP_CONNECTION_STATE,
  N_PROPS
};

enum {
  SIGNAL_ICE_CANDIDATE,
  SIGNAL_NEGOTIATION_NEEDED,
  SIGNAL_TRACK,
  SIGNAL_ERROR,
  N_SIGNALS
};

static GParamSpec *props[N_PROPS];
static guint signals[N_SIGNALS];

/* Elements every peer connection needs, checked at construction. */
static const char * const transport_elements[] = {
  "webrtcbin", "nicesrc", "nicesink", "dtlssrtpenc", "dtlssrtpdec",
  "srtpenc", "srtpdec", "rtpbin", "rtprtxsend", "rtprtxreceive",
  "queue", "capsfilter", "fakesink",
  NULL
};

#define FIRST_VIDEO_PAYLOAD 96

/* Jitterbuffer latency: enough for a retransmission on a LAN (a NACK and
 * the repaired packet take a few ms there) and for the packets of a
 * keyframe to arrive; webrtcbin's own 200 ms is for the Internet.
 * bench/run measures what it costs. */
#define DEFAULT_LATENCY_MS 50

/* Ta, the interval between ICE connectivity checks (see configure_ice_agent
 * and pace_ice_checks), and libnice's own. */
#define ICE_CHECK_PACING_MS 5
#define LIBNICE_CHECK_PACING_MS 20
#define FIRST_AUDIO_PAYLOAD 111

/* ------------------------------------------------------------------------ */
/* Shared state                                                              */

/* What a remote media section says about the streams it carries. */
typedef struct {
  GstCallMediaKind kind;
  char *mid;
  GArray *payload_types; /* guint */
  GArray *ssrcs;         /* guint */
} RemoteSection;

static void
remote_section_free (gpointer data)
{
  RemoteSection *section = data;

  g_free (section->mid);
  g_array_unref (section->payload_types);
  g_array_unref (section->ssrcs);
  g_free (section);
}

static gboolean
array_contains (GArray *array,
                guint   value)
{
  for (guint i = 0; i < array->len; i++) {
    if (g_array_index (array, guint, i) == value)
      return TRUE;
  }
  return FALSE;
}

static Shared *
shared_new (GstPeerConnection *self)
{
  Shared *shared = g_new0 (Shared, 1);

  g_atomic_ref_count_init (&shared->ref_count);
  shared->proxy = gst_call_context_proxy_new (self);
  g_mutex_init (&shared->lock);
  shared->ssrc_kinds = g_hash_table_new (NULL, NULL);
  shared->remote_sections = g_ptr_array_new_with_free_func (remote_section_free);
  return shared;
}

static Shared *
shared_ref (Shared *shared)
{
  g_atomic_ref_count_inc (&shared->ref_count);
  return shared;
}

static void
shared_unref (gpointer data)
{
  Shared *shared = data;

  if (!g_atomic_ref_count_dec (&shared->ref_count))
    return;

  gst_clear_object (&shared->pipeline);
  g_clear_pointer (&shared->dtls_guard, gst_call_dtls_guard_free);
  g_hash_table_unref (shared->ssrc_kinds);
  g_ptr_array_unref (shared->remote_sections);
  g_mutex_clear (&shared->lock);
  gst_call_context_proxy_unref (shared->proxy);
  g_free (shared);
}

static void
shared_closure_notify (gpointer  data,
                       GClosure *closure)
{
  shared_unref (data);
}

/* ------------------------------------------------------------------------ */
/* State mapping                                                             */

static GstCallSignalingState
map_signaling_state (GstWebRTCSignalingState state)
{
  switch (state) {
    case GST_WEBRTC_SIGNALING_STATE_STABLE:
      return GST_CALL_SIGNALING_STATE_STABLE;
    case GST_WEBRTC_SIGNALING_STATE_CLOSED:
      return GST_CALL_SIGNALING_STATE_CLOSED;
    case GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_OFFER:
      return GST_CALL_SIGNALING_STATE_HAVE_LOCAL_OFFER;
    case GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_OFFER:
      return GST_CALL_SIGNALING_STATE_HAVE_REMOTE_OFFER;
    case GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_PRANSWER:
      return GST_CALL_SIGNALING_STATE_HAVE_LOCAL_PRANSWER;
    case GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_PRANSWER:
      return GST_CALL_SIGNALING_STATE_HAVE_REMOTE_PRANSWER;
    default:
      return GST_CALL_SIGNALING_STATE_STABLE;
  }
}

static GstCallIceGatheringState
map_ice_gathering_state (GstWebRTCICEGatheringState state)
{
  switch (state) {
    case GST_WEBRTC_ICE_GATHERING_STATE_GATHERING:
      return GST_CALL_ICE_GATHERING_STATE_GATHERING;
    case GST_WEBRTC_ICE_GATHERING_STATE_COMPLETE:
      return GST_CALL_ICE_GATHERING_STATE_COMPLETE;
    case GST_WEBRTC_ICE_GATHERING_STATE_NEW:
    default:
      return GST_CALL_ICE_GATHERING_STATE_NEW;
  }
}

static GstCallIceConnectionState
map_ice_connection_state (GstWebRTCICEConnectionState state)
{
  switch (state) {
    case GST_WEBRTC_ICE_CONNECTION_STATE_CHECKING:
      return GST_CALL_ICE_CONNECTION_STATE_CHECKING;
    case GST_WEBRTC_ICE_CONNECTION_STATE_CONNECTED:
      return GST_CALL_ICE_CONNECTION_STATE_CONNECTED;
    case GST_WEBRTC_ICE_CONNECTION_STATE_COMPLETED:
      return GST_CALL_ICE_CONNECTION_STATE_COMPLETED;
    case GST_WEBRTC_ICE_CONNECTION_STATE_FAILED:
      return GST_CALL_ICE_CONNECTION_STATE_FAILED;
    case GST_WEBRTC_ICE_CONNECTION_STATE_DISCONNECTED:
      return GST_CALL_ICE_CONNECTION_STATE_DISCONNECTED;
    case GST_WEBRTC_ICE_CONNECTION_STATE_CLOSED:
      return GST_CALL_ICE_CONNECTION_STATE_CLOSED;
    case GST_WEBRTC_ICE_CONNECTION_STATE_NEW:
    default:
      return GST_CALL_ICE_CONNECTION_STATE_NEW;
  }
}

static GstCallPeerConnectionState
map_connection_state (GstWebRTCPeerConnectionState state)
{
  switch (state) {
    case GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTING:
      return GST_CALL_PEER_CONNECTION_STATE_CONNECTING;
    case GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTED:
      return GST_CALL_PEER_CONNECTION_STATE_CONNECTED;
    case GST_WEBRTC_PEER_CONNECTION_STATE_DISCONNECTED:
      return GST_CALL_PEER_CONNECTION_STATE_DISCONNECTED;
    case GST_WEBRTC_PEER_CONNECTION_STATE_FAILED:
      return GST_CALL_PEER_CONNECTION_STATE_FAILED;
    case GST_WEBRTC_PEER_CONNECTION_STATE_CLOSED:
      return GST_CALL_PEER_CONNECTION_STATE_CLOSED;
    case GST_WEBRTC_PEER_CONNECTION_STATE_NEW:
    default:
      return GST_CALL_PEER_CONNECTION_STATE_NEW;
  }
}

static const char *
signaling_state_name (GstWebRTCSignalingState state)
{
  g_autoptr (GEnumClass) enum_class =
      g_type_class_ref (GST_TYPE_CALL_SIGNALING_STATE);
  GEnumValue *value = g_enum_get_value (enum_class, map_signaling_state (state));

  /* Enum classes of static types are never freed: the nick stays valid. */
  return value ? value->value_nick : "unknown";
}

static GstWebRTCRTPTransceiverDirection
map_direction (GstCallDirection direction)
{
  switch (direction) {
    case GST_CALL_DIRECTION_SENDONLY:
      return GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDONLY;
    case GST_CALL_DIRECTION_RECVONLY:
      return GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_RECVONLY;
    case GST_CALL_DIRECTION_INACTIVE:
      return GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_INACTIVE;
    case GST_CALL_DIRECTION_SENDRECV:
    default:
      return GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDRECV;
  }
}

/* ------------------------------------------------------------------------ */
/* Signals from webrtcbin, moved to the owner context                        */

typedef struct {
  guint mline_index;
  char *candidate;
} CandidateEvent;

static void
candidate_event_free (gpointer data)
{
  CandidateEvent *event = data;

  g_free (event->candidate);
  g_free (event);
}

static void
emit_ice_candidate (gpointer object,
                    gpointer data)
{
  GstPeerConnection *self = object;
  CandidateEvent *event = data;

  if (self->closed)
    return;
  if (event->candidate && strstr (event->candidate, " typ relay"))
    self->relay_candidates++;
  g_signal_emit (self, signals[SIGNAL_ICE_CANDIDATE], 0, event->mline_index,
                 event->candidate);
}

static void
on_webrtc_ice_candidate (GstElement *webrtcbin,
                         guint       mline_index,
                         const char *candidate,
                         Shared     *shared)
{
  CandidateEvent *event = g_new0 (CandidateEvent, 1);

  event->mline_index = mline_index;
  event->candidate = g_strdup (candidate);
  gst_call_context_proxy_invoke (shared->proxy, emit_ice_candidate, event,
                                 candidate_event_free);
}

static void
emit_negotiation_needed (gpointer object,
                         gpointer data)
{
  GstPeerConnection *self = object;

  g_atomic_int_set (&self->shared->negotiation_pending, 0);
  if (self->closed)
    return;
  g_signal_emit (self, signals[SIGNAL_NEGOTIATION_NEEDED], 0);
}

/* One emission for any number of reasons that come together. */
static void
schedule_negotiation_needed (Shared *shared)
{
  if (g_atomic_int_compare_and_exchange (&shared->negotiation_pending, 0, 1))
    gst_call_context_proxy_invoke (shared->proxy, emit_negotiation_needed, NULL,
                                   NULL);
}

static void
on_webrtc_negotiation_needed (GstElement *webrtcbin,
                              Shared     *shared)
{
  schedule_negotiation_needed (shared);
}

typedef struct {
  guint prop_id;
  int value;
} StateEvent;

/* The encoders run from the start, but what they made before the secure
 * transport was up never left: the peer's decoder would have to wait for
 * the next keyframe, or ask for one and wait again. Ask each video encoder
 * for one as soon as the connection is up. */
static void
request_video_keyframes (GstPeerConnection *self)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->local_branches);
  while (g_hash_table_iter_next (&iter, &key, &value)) {
    LocalBranch *branch = value;
    g_autoptr (GstPad) src = NULL;

    if (gst_call_track_get_kind (key) != GST_CALL_MEDIA_KIND_VIDEO)
      continue;
    src = gst_element_get_static_pad (branch->send_bin, "src");
    if (src)
      gst_pad_send_event (src, gst_video_event_new_upstream_force_key_unit (
                                   GST_CLOCK_TIME_NONE, TRUE, 0));
  }
}

static gboolean uses_turn (GstPeerConnection *self);

/* A TURN server that refuses the credentials (or cannot be reached) gives
 * no relay candidate, and libnice reports nothing else: gathering just
 * completes without one. With the relay-only policy the call cannot
 * connect, so say why now rather than after the connect timeout. */
static void
check_relay_gathering (GstPeerConnection *self)
{
  g_autoptr (GString) servers = NULL;
  GError *error;

  if (self->relay_candidates > 0 || !uses_turn (self))
    return;

  servers = g_string_new (NULL);
  for (guint i = 0; self->ice_servers[i]; i++) {
    const char *server = self->ice_servers[i];
    const char *at = strrchr (server, '@');

    if (!g_str_has_prefix (server, "turn"))
      continue;
    if (servers->len)
      g_string_append (servers, ", ");
    /* Never the password: only the host part. */
    g_string_append (servers, at ? at + 1 : server);
  }

  if (self->ice_transport_policy != GST_CALL_ICE_TRANSPORT_POLICY_RELAY) {
    GST_WARNING ("no relay candidate from the TURN servers %s: check their "
                 "credentials", servers->str);
    return;
  }
  error = g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_ICE,
                       _("Relay gathering failed: the TURN server %s gave no "
                         "relay candidate and the ICE transport policy is "
                         "relay only; check the TURN credentials and that the "
                         "server is reachable"), servers->str);
  g_signal_emit (self, signals[SIGNAL_ERROR], 0, error);
  g_error_free (error);
}

static NiceAgent *dup_nice_agent (GstElement *webrtcbin);

/* libnice's check timer ticks at Ta for its idle-timeout (5 s) after the
 * last check, counting Ta per tick, before it stops: at 5 ms that is 1000
 * wake-ups per call, about 200 a second for the first seconds of every
 * call. Once every component has its nominated pair nothing can fail any
 * more, so the default Ta is put back: the running timer then stops after
 * 250 ticks, as with libnice's defaults. A new round of checks (an ICE
 * restart) goes at 5 ms again. */
static void
pace_ice_checks (GstPeerConnection *self,
                 int                ice_connection_state)
{
  g_autoptr (GObject) agent = NULL;
  guint pacing_ms;

  if (ice_connection_state == GST_CALL_ICE_CONNECTION_STATE_CHECKING)
    pacing_ms = ICE_CHECK_PACING_MS;
  else if (ice_connection_state == GST_CALL_ICE_CONNECTION_STATE_COMPLETED)
    pacing_ms = LIBNICE_CHECK_PACING_MS;
  else
    return;

  agent = G_OBJECT (dup_nice_agent (self->shared->webrtcbin));
  if (agent)
    g_object_set (agent, "stun-pacing-timer", pacing_ms, NULL);
}

static void
apply_state (gpointer object,
             gpointer data)
{
  GstPeerConnection *self = object;
  StateEvent *event = data;
  int *field;

  if (self->closed)
    return;

  switch (event->prop_id) {
    case PROP_SIGNALING_STATE:
      field = (int *) &self->signaling_state;
      break;
    case PROP_ICE_GATHERING_STATE:
      field = (int *) &self->ice_gathering_state;
      break;
    case PROP_ICE_CONNECTION_STATE:
      field = (int *) &self->ice_connection_state;
      break;
    case PROP_CONNECTION_STATE:
      field = (int *) &self->connection_state;
      break;
    default:
      g_return_if_reached ();
  }

  if (*field == event->value)
    return;
  *field = event->value;
  GST_DEBUG ("%s: %s -> %d", g_type_name (G_OBJECT_TYPE (self)),
             props[event->prop_id]->name, event->value);
  if (event->prop_id == PROP_CONNECTION_STATE &&
      event->value == GST_CALL_PEER_CONNECTION_STATE_CONNECTED)
    request_video_keyframes (self);
  if (event->prop_id == PROP_ICE_CONNECTION_STATE)
    pace_ice_checks (self, event->value);
  g_object_notify_by_pspec (G_OBJECT (self), props[event->prop_id]);

  if (event->prop_id == PROP_ICE_GATHERING_STATE &&
      event->value == GST_CALL_ICE_GATHERING_STATE_COMPLETE)
    check_relay_gathering (self);
}

static void
on_webrtc_state_notify (GstElement *webrtcbin,
                        GParamSpec *pspec,
                        Shared     *shared)
{
  StateEvent *event = g_new0 (StateEvent, 1);
  int value = 0;

  g_object_get (webrtcbin, pspec->name, &value, NULL);
  if (g_str_equal (pspec->name, "signaling-state")) {
    event->prop_id = PROP_SIGNALING_STATE;
    event->value = map_signaling_state (value);
  } else if (g_str_equal (pspec->name, "ice-gathering-state")) {
    event->prop_id = PROP_ICE_GATHERING_STATE;
    event->value = map_ice_gathering_state (value);
  } else if (g_str_equal (pspec->name, "ice-connection-state")) {
    event->prop_id = PROP_ICE_CONNECTION_STATE;
    event->value = map_ice_connection_state (value);
  } else {
    event->prop_id = PROP_CONNECTION_STATE;
    event->value = map_connection_state (value);
  }
  gst_call_context_proxy_invoke (shared->proxy, apply_state, event, g_free);
}

static void
emit_error (gpointer object,
            gpointer data)
{
  GstPeerConnection *self = object;

  if (self->closed)
    return;
  g_signal_emit (self, signals[SIGNAL_ERROR], 0, (GError *) data);
}

static void
report_error (Shared *shared,
              GError *error)
{
  gst_call_context_proxy_invoke (shared->proxy, emit_error, error,
                                 (GDestroyNotify) g_error_free);
}

/* From the DTLS handshake: the peer's certificate is not the one it
 * signalled. */
static void
reject_peer_certificate (GError   *error,
                         gpointer  shared)
{
  report_error (shared, error);
}

/* ------------------------------------------------------------------------ */
/* NACK/RTX                                                                  */

static gboolean
transceiver_is_video (GstWebRTCRTPTransceiver *transceiver)
{
  GstWebRTCKind kind = GST_WEBRTC_KIND_UNKNOWN;
  g_autoptr (GstCaps) caps = NULL;

  g_object_get (transceiver, "kind", &kind, "codec-preferences", &caps, NULL);
  if (kind != GST_WEBRTC_KIND_UNKNOWN)
    return kind == GST_WEBRTC_KIND_VIDEO;

  /* The kind of a transceiver made for a request pad is unknown until
   * negotiation: read it from the codec preferences. */
  if (caps && !gst_caps_is_empty (caps) && !gst_caps_is_any (caps)) {
    const char *media =
        gst_structure_get_string (gst_caps_get_structure (caps, 0), "media");

    return g_strcmp0 (media, "video") == 0;
  }
  return FALSE;
}

/* webrtcbin only offers/answers RTX for transceivers with do-nack set, on both
 * sides; set it on every video transceiver before an offer or answer. */
static void
enable_video_nack (GstPeerConnection *self)
{
  Shared *shared = self->shared;
  g_autoptr (GArray) transceivers = NULL;
  gboolean any_video = FALSE;

  g_signal_emit_by_name (shared->webrtcbin, "get-transceivers", &transceivers);
  for (guint i = 0; transceivers && i < transceivers->len; i++) {
    GstWebRTCRTPTransceiver *transceiver =
        g_array_index (transceivers, GstWebRTCRTPTransceiver *, i);

    if (transceiver_is_video (transceiver)) {
      g_object_set (transceiver, "do-nack", TRUE, NULL);
      any_video = TRUE;
    }
  }

  g_mutex_lock (&shared->lock);
  shared->video_nack = any_video;
  g_mutex_unlock (&shared->lock);
}

static void
on_webrtc_new_transceiver (GstElement              *webrtcbin,
                           GstWebRTCRTPTransceiver *transceiver,
                           Shared                  *shared)
{
  gboolean local;

  g_mutex_lock (&shared->lock);
  local = shared->adding_local;
  g_mutex_unlock (&shared->lock);

  /* webrtcbin makes a sendrecv transceiver for a media section the peer
   * offered that no local track matches; with nothing to send, it then
   * wants to renegotiate after every exchange (the answer said recvonly).
   * Such a transceiver only receives until a local track takes it. */
  if (!local)
    g_object_set (transceiver, "direction",
                  GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_RECVONLY, NULL);

  if (transceiver_is_video (transceiver)) {
    g_object_set (transceiver, "do-nack", TRUE, NULL);
    g_mutex_lock (&shared->lock);
    shared->video_nack = TRUE;
    g_mutex_unlock (&shared->lock);
  }
}

static void
set_adding_local (Shared   *shared,
                  gboolean  adding)
{
  g_mutex_lock (&shared->lock);
  shared->adding_local = adding;
  g_mutex_unlock (&shared->lock);
}

/* With BUNDLE all media share one RTP session, and webrtcbin gives every
 * jitterbuffer the NACK setting of the first transceiver (audio, usually).
 * Set retransmission per SSRC from the remote description instead. */
static void
on_rtpbin_new_jitterbuffer (GstElement *rtpbin,
                            GstElement *jitterbuffer,
                            guint       session,
                            guint       ssrc,
                            Shared     *shared)
{
  gpointer kind_plus_one;
  gboolean video_nack;
  gboolean retransmit;

  g_mutex_lock (&shared->lock);
  kind_plus_one = g_hash_table_lookup (shared->ssrc_kinds, GUINT_TO_POINTER (ssrc));
  video_nack = shared->video_nack;
  g_mutex_unlock (&shared->lock);

  if (kind_plus_one)
    retransmit = video_nack &&
        GPOINTER_TO_UINT (kind_plus_one) - 1 == GST_CALL_MEDIA_KIND_VIDEO;
  else
    retransmit = video_nack;

  GST_DEBUG ("jitterbuffer for SSRC %u (session %u): do-retransmission=%d",
             ssrc, session, retransmit);
  g_object_set (jitterbuffer, "do-retransmission", retransmit, NULL);
}

static void
remember_remote_sections (Shared              *shared,
                          const GstSDPMessage *message)
{
  g_mutex_lock (&shared->lock);
  g_ptr_array_set_size (shared->remote_sections, 0);
  for (guint i = 0; i < gst_sdp_message_medias_len (message); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (message, i);
    RemoteSection *section = g_new0 (RemoteSection, 1);

    section->kind = g_strcmp0 (gst_sdp_media_get_media (media), "video") == 0
        ? GST_CALL_MEDIA_KIND_VIDEO : GST_CALL_MEDIA_KIND_AUDIO;
    section->mid = g_strdup (gst_sdp_media_get_attribute_val (media, "mid"));
    section->payload_types = g_array_new (FALSE, FALSE, sizeof (guint));
    section->ssrcs = g_array_new (FALSE, FALSE, sizeof (guint));

    for (guint j = 0; j < gst_sdp_media_formats_len (media); j++) {
      guint64 payload_type = g_ascii_strtoull (gst_sdp_media_get_format (media, j), NULL, 10);

      if (payload_type <= 127)
        g_array_append_val (section->payload_types, (guint) { payload_type });
    }

    for (guint j = 0; j < gst_sdp_media_attributes_len (media); j++) {
      const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, j);
      guint64 ssrc;

      if (g_strcmp0 (attribute->key, "ssrc") != 0 || !attribute->value)
        continue;
      ssrc = g_ascii_strtoull (attribute->value, NULL, 10);
      if (ssrc == 0 || ssrc > G_MAXUINT32)
        continue;
      g_hash_table_insert (shared->ssrc_kinds, GUINT_TO_POINTER ((guint) ssrc),
                           GUINT_TO_POINTER (section->kind + 1));
      if (!array_contains (section->ssrcs, (guint) ssrc))
        g_array_append_val (section->ssrcs, (guint) { ssrc });
    }
    g_ptr_array_add (shared->remote_sections, section);
  }
  g_mutex_unlock (&shared->lock);
}

/* The mid of the remote media section a stream belongs to: by its SSRC
 * when the section lists it, else by payload type (unique across bundled
 * sections). webrtcbin 1.22 gives bundled src pads the first transceiver,
 * so the pad cannot tell. */
static char *
find_remote_mid (Shared           *shared,
                 GstCallMediaKind  kind,
                 guint             payload_type,
                 guint             ssrc)
{
  char *mid = NULL;

  g_mutex_lock (&shared->lock);
  for (guint i = 0; !mid && i < shared->remote_sections->len; i++) {
    RemoteSection *section = g_ptr_array_index (shared->remote_sections, i);

    if (ssrc && array_contains (section->ssrcs, ssrc))
      mid = g_strdup (section->mid);
  }
  for (guint i = 0; !mid && i < shared->remote_sections->len; i++) {
    RemoteSection *section = g_ptr_array_index (shared->remote_sections, i);

    if (section->kind == kind && array_contains (section->payload_types, payload_type))
      mid = g_strdup (section->mid);
  }
  g_mutex_unlock (&shared->lock);
  return mid;
}

/* ------------------------------------------------------------------------ */
/* Remote tracks                                                             */

static void
announce_remote_track (gpointer object,
                       gpointer data)
{
  GstPeerConnection *self = object;
  GstCallRemotePad *remote = data;
  g_autoptr (GstCallTrack) track = NULL;

  if (self->closed)
    return;

  track = gst_call_track_new (remote->kind, TRUE, remote->mid,
                              GST_BIN (self->shared->pipeline), remote->pad);
  g_ptr_array_add (self->tracks, g_object_ref (track));

  g_signal_emit (self, signals[SIGNAL_TRACK], 0, track);

  gst_call_remote_pad_release (remote, track);
}

typedef struct {
  Shared *shared;
  char *mid;
} RemoteBranch;

static void
remote_branch_free (gpointer data)
{
  RemoteBranch *branch = data;

  shared_unref (branch->shared);
  g_free (branch->mid);
  g_free (branch);
}

/* Streaming thread: a decoder was found for the remote stream. */
static void
on_remote_decoded (GstElement       *track_bin,
                   GstCallMediaKind  kind,
                   GstElement       *convert,
                   GstPad           *decoded,
                   gpointer          user_data)
{
  RemoteBranch *branch = user_data;
  GstCallRemotePad *remote;

  remote = gst_call_remote_pad_new (kind, branch->mid, track_bin, convert, decoded);
  gst_call_context_proxy_invoke (branch->shared->proxy, announce_remote_track,
                                 remote, gst_call_remote_pad_free);
}

static void
on_remote_error (GError   *error,
                 gpointer  user_data)
{
  RemoteBranch *branch = user_data;

  report_error (branch->shared, error);
}

static const GstCallReceiveCallbacks remote_callbacks = {
  on_remote_decoded,
  on_remote_error,
};

/* Streaming thread: webrtcbin has a new stream of remote RTP. It must be
 * linked before this returns, so the branch is built here. */
static void
on_webrtc_pad_added (GstElement *webrtcbin,
                     GstPad     *pad,
                     Shared     *shared)
{
  g_autoptr (GstCaps) caps = NULL;
  GstCallMediaKind kind;
  RemoteBranch *branch;

  if (GST_PAD_DIRECTION (pad) != GST_PAD_SRC)
    return;

  caps = gst_pad_get_current_caps (pad);
  if (!caps)
    caps = gst_pad_query_caps (pad, NULL);
  kind = gst_call_receive_kind_from_caps (caps);

  branch = g_new0 (RemoteBranch, 1);
  branch->shared = shared_ref (shared);
  if (caps && gst_caps_get_size (caps) > 0) {
    const GstStructure *structure = gst_caps_get_structure (caps, 0);
    int payload_type = -1;
    guint ssrc = 0;

    gst_structure_get_int (structure, "payload", &payload_type);
    gst_structure_get_uint (structure, "ssrc", &ssrc);
    branch->mid = find_remote_mid (shared, kind, (guint) payload_type, ssrc);
  }

  GST_DEBUG ("remote %s stream on %s (mid %s) caps %" GST_PTR_FORMAT,
             gst_call_media_kind_to_string (kind), GST_PAD_NAME (pad), branch->mid, caps);

  gst_call_receive_add_branch (GST_BIN (shared->pipeline), pad, kind, &remote_callbacks,
                               branch, remote_branch_free);
}

/* ------------------------------------------------------------------------ */
/* Bus                                                                       */

static gboolean
on_bus_message (GstBus     *bus,
                GstMessage *message,
                gpointer    user_data)
{
  Shared *shared = user_data;

  switch (GST_MESSAGE_TYPE (message)) {
    case GST_MESSAGE_ERROR: {
      g_autoptr (GError) gst_error = NULL;
      g_autofree char *debug = NULL;
      GError *error;

      gst_message_parse_error (message, &gst_error, &debug);
      GST_WARNING ("error from %s: %s (%s)", GST_MESSAGE_SRC_NAME (message),
                   gst_error->message, debug);
      error = g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                           _("Media error in %s: %s"),
                           GST_MESSAGE_SRC_NAME (message), gst_error->message);
      report_error (shared, error);
      break;
    }
    case GST_MESSAGE_WARNING: {
      g_autoptr (GError) gst_error = NULL;
      g_autofree char *debug = NULL;

      gst_message_parse_warning (message, &gst_error, &debug);
      GST_INFO ("warning from %s: %s (%s)", GST_MESSAGE_SRC_NAME (message),
                gst_error->message, debug);
      break;
    }
    default:
      break;
  }

  return G_SOURCE_CONTINUE;
}

/* ------------------------------------------------------------------------ */
/* Construction                                                              */

/* An ICE server URI in GStreamer's form ("stun://host:port"), from the
 * W3C form ("stun:host:port") or GStreamer's. */
static char *
normalise_ice_server (const char  *uri,
                      GError     **error)
{
  const char *rest;
  g_autofree char *scheme = NULL;

  if (!(rest = g_str_has_prefix (uri, "stun:") ? uri + 5 : NULL) &&
      !(rest = g_str_has_prefix (uri, "turn:") ? uri + 5 : NULL) &&
      !(rest = g_str_has_prefix (uri, "turns:") ? uri + 6 : NULL)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The ICE server “%s” is not a stun:, turn: or turns: URI"),
                 uri);
    return NULL;
  }
  scheme = g_strndup (uri, rest - uri - 1);
  if (g_str_has_prefix (rest, "//"))
    rest += 2;
  if (!*rest) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The ICE server “%s” has no host"), uri);
    return NULL;
  }
  return g_strdup_printf ("%s://%s", scheme, rest);
}

/* @normalised is a turn:// or turns:// URI of @uri. */
static gboolean
add_turn_server (GstPeerConnection  *self,
                 const char         *uri,
                 const char         *normalised,
                 GError            **error)
{
  gboolean added = FALSE;

  if (!strchr (normalised, '@')) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The TURN server “%s” needs credentials: "
                   "turn://USER:PASSWORD@HOST:PORT"), uri);
    return FALSE;
  }
  g_signal_emit_by_name (self->shared->webrtcbin, "add-turn-server", normalised, &added);
  if (!added) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The TURN server “%s” was refused; expected "
                   "turn://USER:PASSWORD@HOST:PORT"), uri);
    return FALSE;
  }
  return TRUE;
}

static gboolean
configure_ice_servers (GstPeerConnection *self,
                       GError           **error)
{
  gboolean have_stun = FALSE;

  for (guint i = 0; self->ice_servers && self->ice_servers[i]; i++) {
    const char *uri = self->ice_servers[i];
    g_autofree char *normalised = normalise_ice_server (uri, error);

    if (!normalised)
      return FALSE;
    if (g_str_has_prefix (normalised, "stun://")) {
      if (have_stun) {
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                     _("Only one STUN server can be used; “%s” is a second one"),
                     uri);
        return FALSE;
      }
      g_object_set (self->shared->webrtcbin, "stun-server", normalised, NULL);
      have_stun = TRUE;
    } else if (!add_turn_server (self, uri, normalised, error)) {
      return FALSE;
    }
  }
  return TRUE;
}

/* Private: TURN servers learned once gathering has started (the Link
 * headers of a WHIP answer). libnice gathers relay candidates on the
 * streams that exist, and they trickle as any other candidate; they join
 * ice-servers. A STUN server cannot be added that late: it is skipped. */
gboolean
gst_peer_connection_add_late_ice_servers (GstPeerConnection   *self,
                                          const char * const  *servers,
                                          GError             **error)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  guint added = 0;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);

  if (self->ice_servers)
    g_strv_builder_addv (builder, (const char **) self->ice_servers);
  for (guint i = 0; servers && servers[i]; i++) {
    g_autofree char *normalised = normalise_ice_server (servers[i], error);

    if (!normalised)
      return FALSE;
    if (g_str_has_prefix (normalised, "stun://")) {
      GST_INFO ("STUN server %s comes after the offer: libnice cannot use it now",
                normalised);
      continue;
    }
    if (!add_turn_server (self, servers[i], normalised, error))
      return FALSE;
    g_strv_builder_add (builder, servers[i]);
    added++;
  }
  if (added > 0) {
    g_strfreev (self->ice_servers);
    self->ice_servers = g_strv_builder_end (builder);
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ICE_SERVERS]);
  }
  return TRUE;
}

/* libnice asks UPnP routers on the local network for port mappings by
 * default: multicast discovery traffic and a thread per agent, for a feature
 * TURN serves better. Calls only talk to the peer and configured servers. */
static NiceAgent *
dup_nice_agent (GstElement *webrtcbin)
{
  g_autoptr (GObject) ice = NULL;
  g_autoptr (GObject) agent = NULL;

  g_object_get (webrtcbin, "ice-agent", &ice, NULL);
  if (!ice || !g_object_class_find_property (G_OBJECT_GET_CLASS (ice), "agent"))
    return NULL;
  g_object_get (ice, "agent", &agent, NULL);
  if (!NICE_IS_AGENT (agent))
    return NULL;
  return NICE_AGENT (g_steal_pointer (&agent));
}

static gboolean
uses_turn (GstPeerConnection *self)
{
  for (guint i = 0; self->ice_servers && self->ice_servers[i]; i++)
    if (g_str_has_prefix (self->ice_servers[i], "turn"))
      return TRUE;
  return FALSE;
}

static void
on_turn_allocations_released (GObject      *source,
                              GAsyncResult *result,
                              gpointer      user_data)
{
  gboolean *released = user_data;

  /* libnice 0.1.21 has no _finish: the result only says it is done. */
  *released = TRUE;
}

static gboolean
on_turn_release_timeout (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

/* TURN allocations live on the server until they expire unless they are
 * released, and libnice warns when an agent is freed with allocations
 * still refreshed. Release them (a refresh with lifetime 0 each) before
 * the pipeline stops, waiting 2 s at most for the TURN servers. */
static void
release_turn_allocations (GstPeerConnection *self)
{
  g_autoptr (GObject) agent = NULL;
  g_autoptr (GMainContext) context = NULL;
  g_autoptr (GSource) timeout = NULL;
  gboolean released = FALSE;
  gboolean timed_out = FALSE;

  if (!uses_turn (self))
    return;
  agent = G_OBJECT (dup_nice_agent (self->shared->webrtcbin));
  if (!agent)
    return;

  context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  nice_agent_close_async (NICE_AGENT (agent), on_turn_allocations_released, &released);
  timeout = g_timeout_source_new (2000);
  g_source_set_callback (timeout, on_turn_release_timeout, &timed_out, NULL);
  g_source_attach (timeout, context);
  while (!released && !timed_out)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (timeout);
  g_main_context_pop_thread_default (context);
  if (!released)
    GST_WARNING ("the TURN servers did not confirm the release of the allocations");
}

static gboolean
configure_ice_agent (GstPeerConnection *self,
                     GError           **error)
{
  g_autoptr (GObject) agent_object = G_OBJECT (dup_nice_agent (self->shared->webrtcbin));
  NiceAgent *agent = (NiceAgent *) agent_object;

  if (!agent) {
    GST_WARNING ("webrtcbin's ICE agent is not libnice: UPnP and local "
                 "addresses left as they are");
    return TRUE;
  }

  /* libnice sends one connectivity check every 20 ms (its Ta); RFC 8445
   * allows 5 ms for RTP media. A call has few candidate pairs, so the
   * faster pace costs a handful of small packets and shortens ICE by 40 to
   * 60 ms (bench/run). See pace_ice_checks for the end of the checks. */
  g_object_set (agent, "upnp", FALSE, "stun-pacing-timer", ICE_CHECK_PACING_MS, NULL);

  for (guint i = 0; self->ice_local_addresses && self->ice_local_addresses[i]; i++) {
    NiceAddress address;

    nice_address_init (&address);
    if (!nice_address_set_from_string (&address, self->ice_local_addresses[i])) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not an IP address for ICE"),
                   self->ice_local_addresses[i]);
      return FALSE;
    }
    if (!nice_agent_add_local_address (agent, &address)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("The ICE agent refused the local address “%s”"),
                   self->ice_local_addresses[i]);
      return FALSE;
    }
  }
  return TRUE;
}

static gboolean
gst_peer_connection_initable_init (GInitable     *initable,
                                   GCancellable  *cancellable,
                                   GError       **error)
{
  GstPeerConnection *self = GST_PEER_CONNECTION (initable);
  Shared *shared = self->shared;
  g_autoptr (GstBus) bus = NULL;
  g_autoptr (GstElement) rtpbin = NULL;
  GstWebRTCBundlePolicy bundle_policy;

  if (self->initialized)
    return shared->pipeline != NULL;
  self->initialized = TRUE;

  if (!gst_call_check_elements (transport_elements, error) ||
      !gst_call_check_elements (gst_call_media_required_elements (), error))
    return FALSE;
  /* webrtcbin needs the DTLS certificate for its first offer or answer:
   * make it in the background meanwhile (see gstcall-private.c). */
  gst_call_prepare_dtls_certificate ();

  shared->pipeline = gst_object_ref_sink (gst_pipeline_new (NULL));
  shared->webrtcbin = gst_element_factory_make ("webrtcbin", "webrtcbin");
  gst_bin_add (GST_BIN (shared->pipeline), shared->webrtcbin);

  switch (self->bundle_policy) {
    case GST_CALL_BUNDLE_POLICY_BALANCED:
      bundle_policy = GST_WEBRTC_BUNDLE_POLICY_BALANCED;
      break;
    case GST_CALL_BUNDLE_POLICY_MAX_COMPAT:
      bundle_policy = GST_WEBRTC_BUNDLE_POLICY_MAX_COMPAT;
      break;
    case GST_CALL_BUNDLE_POLICY_MAX_BUNDLE:
    default:
      bundle_policy = GST_WEBRTC_BUNDLE_POLICY_MAX_BUNDLE;
      break;
  }
  g_object_set (shared->webrtcbin, "bundle-policy", bundle_policy,
                "ice-transport-policy",
                self->ice_transport_policy == GST_CALL_ICE_TRANSPORT_POLICY_RELAY
                    ? GST_WEBRTC_ICE_TRANSPORT_POLICY_RELAY
                    : GST_WEBRTC_ICE_TRANSPORT_POLICY_ALL,
                "latency", self->latency,
                NULL);

  if (!configure_ice_agent (self, error) || !configure_ice_servers (self, error)) {
    gst_clear_object (&shared->pipeline);
    return FALSE;
  }

  /* The shared part outlives the pipeline, and with it the guard's
   * handlers. */
  shared->dtls_guard = gst_call_dtls_guard_new (shared->webrtcbin,
                                                reject_peer_certificate, shared);

#define CONNECT_SHARED(instance, name, callback) \
  g_signal_connect_data ((instance), (name), G_CALLBACK (callback), \
                         shared_ref (shared), shared_closure_notify, 0)

  CONNECT_SHARED (shared->webrtcbin, "on-ice-candidate", on_webrtc_ice_candidate);
  CONNECT_SHARED (shared->webrtcbin, "on-negotiation-needed",
                  on_webrtc_negotiation_needed);
  CONNECT_SHARED (shared->webrtcbin, "on-new-transceiver",
                  on_webrtc_new_transceiver);
  CONNECT_SHARED (shared->webrtcbin, "pad-added", on_webrtc_pad_added);
  CONNECT_SHARED (shared->webrtcbin, "notify::signaling-state",
                  on_webrtc_state_notify);
  CONNECT_SHARED (shared->webrtcbin, "notify::ice-gathering-state",
                  on_webrtc_state_notify);
  CONNECT_SHARED (shared->webrtcbin, "notify::ice-connection-state",
                  on_webrtc_state_notify);
  CONNECT_SHARED (shared->webrtcbin, "notify::connection-state",
                  on_webrtc_state_notify);

  rtpbin = gst_bin_get_by_name (GST_BIN (shared->webrtcbin), "rtpbin");
  if (rtpbin)
    CONNECT_SHARED (rtpbin, "new-jitterbuffer", on_rtpbin_new_jitterbuffer);
  else
    GST_WARNING ("webrtcbin has no child named rtpbin: NACK stays per session");

#undef CONNECT_SHARED

  bus = gst_pipeline_get_bus (GST_PIPELINE (shared->pipeline));
  self->bus_source = gst_bus_create_watch (bus);
  g_source_set_callback (self->bus_source, G_SOURCE_FUNC (on_bus_message),
                         shared_ref (shared), shared_unref);
  g_source_attach (self->bus_source,
                   gst_call_context_proxy_get_context (shared->proxy));

  if (gst_element_set_state (shared->pipeline, GST_STATE_PLAYING) ==
      GST_STATE_CHANGE_FAILURE) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                         _("The peer connection's pipeline could not be started"));
    gst_element_set_state (shared->pipeline, GST_STATE_NULL);
    g_source_destroy (self->bus_source);
    g_clear_pointer (&self->bus_source, g_source_unref);
    gst_clear_object (&shared->pipeline);
    return FALSE;
  }

  return TRUE;
}

static void
gst_peer_connection_initable_iface_init (GInitableIface *iface)
{
  iface->init = gst_peer_connection_initable_init;
}

static gboolean
check_usable (GstPeerConnection *self,
              GError           **error)
{
  if (!self->shared->pipeline) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("The peer connection was not initialized"));
    return FALSE;
  }
  if (self->closed) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                         _("The peer connection is closed"));
    return FALSE;
  }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

static void
gst_peer_connection_dispose (GObject *object)
{
  GstPeerConnection *self = GST_PEER_CONNECTION (object);

  gst_peer_connection_close (self);
  g_clear_pointer (&self->local_branches, g_hash_table_unref);
  g_clear_pointer (&self->tracks, g_ptr_array_unref);

  /* The signal handlers on webrtcbin, rtpbin and the decodebins hold the
   * shared part, which holds the pipeline: a cycle. Nothing runs on the
   * pipeline after close, so drop it here; freeing it releases those
   * handlers, and with them the ICE agent's sockets and threads. */
  if (self->shared->pipeline) {
    gst_clear_object (&self->shared->pipeline);
    self->shared->webrtcbin = NULL;
  }

  G_OBJECT_CLASS (gst_peer_connection_parent_class)->dispose (object);
}

static void
gst_peer_connection_finalize (GObject *object)
{
  GstPeerConnection *self = GST_PEER_CONNECTION (object);

  gst_call_stats_history_free (self->stats_history);
  g_strfreev (self->ice_servers);
  g_strfreev (self->ice_local_addresses);
  g_free (self->last_offer);
  g_free (self->last_answer);
  shared_unref (self->shared);
  gst_call_join_dtls_certificate ();

  G_OBJECT_CLASS (gst_peer_connection_parent_class)->finalize (object);
}

static void
gst_peer_connection_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  GstPeerConnection *self = GST_PEER_CONNECTION (object);

  switch (prop_id) {
    case PROP_ICE_SERVERS:
      g_value_set_boxed (value, self->ice_servers);
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      g_value_set_boxed (value, self->ice_local_addresses);
      break;
    case PROP_BUNDLE_POLICY:
      g_value_set_enum (value, self->bundle_policy);
      break;
    case PROP_ICE_TRANSPORT_POLICY:
      g_value_set_enum (value, self->ice_transport_policy);
      break;
    case PROP_LATENCY:
      g_value_set_uint (value, self->latency);
      break;
    case PROP_PIPELINE:
      g_value_set_object (value, self->shared->pipeline);
      break;
    case PROP_SIGNALING_STATE:
      g_value_set_enum (value, self->signaling_state);
      break;
    case PROP_ICE_GATHERING_STATE:
      g_value_set_enum (value, self->ice_gathering_state);
      break;
    case PROP_ICE_CONNECTION_STATE:
      g_value_set_enum (value, self->ice_connection_state);
      break;
    case PROP_CONNECTION_STATE:
      g_value_set_enum (value, self->connection_state);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_peer_connection_set_property (GObject      *object,
                                  guint         prop_id,
                                  const GValue *value,
                                  GParamSpec   *pspec)
{
  GstPeerConnection *self = GST_PEER_CONNECTION (object);

  switch (prop_id) {
    case PROP_ICE_SERVERS:
      g_strfreev (self->ice_servers);
      self->ice_servers = g_value_dup_boxed (value);
      break;
    case PROP_ICE_LOCAL_ADDRESSES:
      g_strfreev (self->ice_local_addresses);
      self->ice_local_addresses = g_value_dup_boxed (value);
      break;
    case PROP_BUNDLE_POLICY:
      self->bundle_policy = g_value_get_enum (value);
      break;
    case PROP_ICE_TRANSPORT_POLICY:
      self->ice_transport_policy = g_value_get_enum (value);
      break;
    case PROP_LATENCY:
      gst_peer_connection_set_latency (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_peer_connection_class_init (GstPeerConnectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  gst_call_ensure_initialized ();

  object_class->dispose = gst_peer_connection_dispose;
  object_class->finalize = gst_peer_connection_finalize;
  object_class->get_property = gst_peer_connection_get_property;
  object_class->set_property = gst_peer_connection_set_property;

  /**
   * GstPeerConnection:ice-servers:
   *
   * STUN and TURN servers, as URIs: `stun:HOST:PORT`,
   * `turn://USER:PASSWORD@HOST:PORT` (`?transport=tcp` for TCP) or `turns://...`.
   * Only one STUN server is supported. Empty by default: no third-party
   * server is contacted unless configured.
   *
   * Since: 0.1
   */
  props[PROP_ICE_SERVERS] =
      g_param_spec_boxed ("ice-servers", NULL, NULL, G_TYPE_STRV,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:ice-local-addresses:
   *
   * The local IP addresses ICE gathers host candidates on, for example
   * `127.0.0.1` to keep a call on this machine. Empty (the default): every
   * interface. UPnP port mapping is never used.
   *
   * Since: 0.1
   */
  props[PROP_ICE_LOCAL_ADDRESSES] =
      g_param_spec_boxed ("ice-local-addresses", NULL, NULL, G_TYPE_STRV,
                          G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:bundle-policy:
   *
   * How media sections share transports. Defaults to
   * %GST_CALL_BUNDLE_POLICY_MAX_BUNDLE, which browsers and servers expect.
   *
   * Since: 0.1
   */
  props[PROP_BUNDLE_POLICY] =
      g_param_spec_enum ("bundle-policy", NULL, NULL, GST_TYPE_CALL_BUNDLE_POLICY,
                         GST_CALL_BUNDLE_POLICY_MAX_BUNDLE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:ice-transport-policy:
   *
   * Which ICE candidates may be used; %GST_CALL_ICE_TRANSPORT_POLICY_RELAY
   * forces traffic through a TURN server. When ICE gathering completes
   * without a relay candidate under that policy (the TURN server refused
   * the credentials or could not be reached), the
   * [signal@PeerConnection::error] signal reports it with
   * %GST_CALL_ERROR_ICE.
   *
   * Since: 0.1
   */
  props[PROP_ICE_TRANSPORT_POLICY] =
      g_param_spec_enum ("ice-transport-policy", NULL, NULL,
                         GST_TYPE_CALL_ICE_TRANSPORT_POLICY,
                         GST_CALL_ICE_TRANSPORT_POLICY_ALL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:latency:
   *
   * How long, in milliseconds, received media waits in the jitterbuffer
   * before it is decoded: time for late and retransmitted packets to
   * arrive. It is also the delay from the connection to the first remote
   * frame. The default, 50 ms, suits a LAN or this machine (a lost packet
   * is asked for and retransmitted well within it); raise it for paths
   * with long round trips or much jitter (webrtcbin's own default is 200).
   * Audio and video use the same value, so they stay in sync.
   *
   * Since: 0.1
   */
  props[PROP_LATENCY] =
      g_param_spec_uint ("latency", NULL, NULL, 0, 10000, DEFAULT_LATENCY_MS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:pipeline:
   *
   * The pipeline holding `webrtcbin` and the media branches. An escape hatch
   * for inspection and debugging: do not change its state.
   *
   * Since: 0.1
   */
  props[PROP_PIPELINE] =
      g_param_spec_object ("pipeline", NULL, NULL, GST_TYPE_ELEMENT,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:signaling-state:
   *
   * The offer/answer state.
   *
   * Since: 0.1
   */
  props[PROP_SIGNALING_STATE] =
      g_param_spec_enum ("signaling-state", NULL, NULL,
                         GST_TYPE_CALL_SIGNALING_STATE,
                         GST_CALL_SIGNALING_STATE_STABLE,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstPeerConnection:ice-gathering-state:
   *
   * The state of local ICE candidate gathering.
   *
   * Since: 0.1
   */
  props[PROP_ICE_GATHERING_STATE] =
      g_param_spec_enum ("ice-gathering-state", NULL, NULL,
                         GST_TYPE_CALL_ICE_GATHERING_STATE,
                         GST_CALL_ICE_GATHERING_STATE_NEW,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstPeerConnection:ice-connection-state:
   *
   * The ICE connectivity state.
   *
   * Since: 0.1
   */
  props[PROP_ICE_CONNECTION_STATE] =
      g_param_spec_enum ("ice-connection-state", NULL, NULL,
                         GST_TYPE_CALL_ICE_CONNECTION_STATE,
                         GST_CALL_ICE_CONNECTION_STATE_NEW,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstPeerConnection:connection-state:
   *
   * The aggregate ICE and DTLS state; media flows once it is
   * %GST_CALL_PEER_CONNECTION_STATE_CONNECTED.
   *
   * Since: 0.1
   */
  props[PROP_CONNECTION_STATE] =
      g_param_spec_enum ("connection-state", NULL, NULL,
                         GST_TYPE_CALL_PEER_CONNECTION_STATE,
                         GST_CALL_PEER_CONNECTION_STATE_NEW,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);

  /**
   * GstPeerConnection::ice-candidate:
   * @self: the [class@PeerConnection]
   * @mline_index: the index of the media section the candidate belongs to
   * @candidate: the candidate, as an SDP attribute value (`candidate:...`)
   *
   * A local ICE candidate was gathered; send it to the peer, which passes it
   * to [method@PeerConnection.add_ice_candidate].
   *
   * Since: 0.1
   */
  signals[SIGNAL_ICE_CANDIDATE] =
      g_signal_new ("ice-candidate", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_STRING);

  /**
   * GstPeerConnection::negotiation-needed:
   * @self: the [class@PeerConnection]
   *
   * The media changed (a track or transceiver was added) and a new
   * offer/answer exchange is needed.
   *
   * Since: 0.1
   */
  signals[SIGNAL_NEGOTIATION_NEEDED] =
      g_signal_new ("negotiation-needed", G_TYPE_FROM_CLASS (klass),
                    G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  /**
   * GstPeerConnection::track:
   * @self: the [class@PeerConnection]
   * @track: the remote [class@CallTrack]
   *
   * The peer's media arrived and is decoded. Link the track's pad
   * ([method@CallTrack.get_pad]) or call [method@CallTrack.set_sink] during
   * the emission: data is held back until the handlers returned, then a track
   * nobody linked is discarded into a `fakesink`.
   *
   * Since: 0.1
   */
  signals[SIGNAL_TRACK] =
      g_signal_new ("track", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, GST_TYPE_CALL_TRACK);

  /**
   * GstPeerConnection::error:
   * @self: the [class@PeerConnection]
   * @error: what went wrong
   *
   * A runtime failure in the media pipeline: a missing decoder, an element
   * error. The connection may still be up; media of the failing branch
   * stopped.
   *
   * Since: 0.1
   */
  signals[SIGNAL_ERROR] =
      g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
gst_peer_connection_init (GstPeerConnection *self)
{
  self->shared = shared_new (self);
  self->bundle_policy = GST_CALL_BUNDLE_POLICY_MAX_BUNDLE;
  self->ice_transport_policy = GST_CALL_ICE_TRANSPORT_POLICY_ALL;
  self->latency = DEFAULT_LATENCY_MS;
  self->tracks = g_ptr_array_new_with_free_func (g_object_unref);
  self->local_branches = g_hash_table_new_full (NULL, NULL, NULL, local_branch_free);
  self->next_video_payload = FIRST_VIDEO_PAYLOAD;
  self->next_audio_payload = FIRST_AUDIO_PAYLOAD;
}

/**
 * gst_peer_connection_new:
 * @error: return location for a #GError
 *
 * Creates a peer connection with the defaults: no ICE servers, max-bundle,
 * all candidates allowed. It belongs to the thread-default main context.
 *
 * Returns: (transfer full) (nullable): a new [class@PeerConnection], or
 *   %NULL with @error set when a GStreamer plugin is missing
 *
 * Since: 0.1
 */
GstPeerConnection *
gst_peer_connection_new (GError **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return gst_peer_connection_new_full (NULL, GST_CALL_BUNDLE_POLICY_MAX_BUNDLE,
                                       GST_CALL_ICE_TRANSPORT_POLICY_ALL, error);
}

/**
 * gst_peer_connection_new_full:
 * @ice_servers: (nullable) (array zero-terminated=1): STUN/TURN server URIs,
 *   see [property@PeerConnection:ice-servers]
 * @bundle_policy: the bundle policy
 * @ice_transport_policy: the ICE transport policy
 * @error: return location for a #GError
 *
 * Creates a peer connection with the given configuration. It belongs to the
 * thread-default main context.
 *
 * Returns: (transfer full) (nullable): a new [class@PeerConnection], or
 *   %NULL with @error set when a plugin is missing or a server URI is invalid
 *
 * Since: 0.1
 */
GstPeerConnection *
gst_peer_connection_new_full (const char * const        *ice_servers,
                              GstCallBundlePolicy        bundle_policy,
                              GstCallIceTransportPolicy  ice_transport_policy,
                              GError                   **error)
{
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  gst_call_ensure_initialized ();

  return g_initable_new (GST_TYPE_PEER_CONNECTION, NULL, error,
                         "ice-servers", ice_servers,
                         "bundle-policy", bundle_policy,
                         "ice-transport-policy", ice_transport_policy,
                         NULL);
}

/**
 * gst_peer_connection_get_pipeline:
 * @self: a [class@PeerConnection]
 *
 * Gets the pipeline holding `webrtcbin` and the media branches, for inspection and debugging.
 *
 * Returns: (transfer none) (nullable): the pipeline, see
 *   [property@PeerConnection:pipeline]
 *
 * Since: 0.1
 */
GstElement *
gst_peer_connection_get_pipeline (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return self->shared->pipeline;
}

guint
gst_peer_connection_get_local_generation (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), 0);

  return self->local_generation;
}

/**
 * gst_peer_connection_get_webrtcbin:
 * @self: a [class@PeerConnection]
 *
 * Gets the `webrtcbin` element, for inspection (statistics, debugging).
 * Changing its settings behind the peer connection's back is not supported.
 *
 * Returns: (transfer none) (nullable): the `webrtcbin`
 *
 * Since: 0.1
 */
GstElement *
gst_peer_connection_get_webrtcbin (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return self->shared->pipeline ? self->shared->webrtcbin : NULL;
}

/**
 * gst_peer_connection_get_ice_servers:
 * @self: a [class@PeerConnection]
 *
 * Gets the STUN and TURN servers, see [property@PeerConnection:ice-servers].
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the ICE servers
 *
 * Since: 0.1
 */
const char * const *
gst_peer_connection_get_ice_servers (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return (const char * const *) self->ice_servers;
}

/**
 * gst_peer_connection_get_ice_local_addresses:
 * @self: a [class@PeerConnection]
 *
 * Gets the local addresses ICE is restricted to.
 *
 * Returns: (transfer none) (nullable) (array zero-terminated=1): the local
 *   addresses ICE is restricted to, see
 *   [property@PeerConnection:ice-local-addresses]
 *
 * Since: 0.1
 */
const char * const *
gst_peer_connection_get_ice_local_addresses (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return (const char * const *) self->ice_local_addresses;
}

/**
 * gst_peer_connection_get_bundle_policy:
 * @self: a [class@PeerConnection]
 *
 * Gets the bundle policy, see [property@PeerConnection:bundle-policy].
 *
 * Returns: the bundle policy
 *
 * Since: 0.1
 */
GstCallBundlePolicy
gst_peer_connection_get_bundle_policy (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self),
                        GST_CALL_BUNDLE_POLICY_MAX_BUNDLE);

  return self->bundle_policy;
}

/**
 * gst_peer_connection_get_latency:
 * @self: a [class@PeerConnection]
 *
 * Gets the jitterbuffer latency, see [property@PeerConnection:latency].
 *
 * Returns: the latency in milliseconds
 *
 * Since: 0.1
 */
guint
gst_peer_connection_get_latency (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), DEFAULT_LATENCY_MS);

  return self->latency;
}

/**
 * gst_peer_connection_set_latency:
 * @self: a [class@PeerConnection]
 * @latency: milliseconds, at most 10000
 *
 * Sets the jitterbuffer latency, see [property@PeerConnection:latency].
 * A change during a call applies to the media received from then on.
 *
 * Since: 0.1
 */
void
gst_peer_connection_set_latency (GstPeerConnection *self,
                                 guint              latency)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (latency <= 10000);

  if (self->latency == latency)
    return;
  self->latency = latency;
  if (self->shared->pipeline)
    g_object_set (self->shared->webrtcbin, "latency", latency, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LATENCY]);
}

/**
 * gst_peer_connection_get_ice_transport_policy:
 * @self: a [class@PeerConnection]
 *
 * Gets the ICE transport policy, see [property@PeerConnection:ice-transport-policy].
 *
 * Returns: the ICE transport policy
 *
 * Since: 0.1
 */
GstCallIceTransportPolicy
gst_peer_connection_get_ice_transport_policy (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self),
                        GST_CALL_ICE_TRANSPORT_POLICY_ALL);

  return self->ice_transport_policy;
}

/**
 * gst_peer_connection_get_signaling_state:
 * @self: a [class@PeerConnection]
 *
 * Gets the offer/answer state, see [property@PeerConnection:signaling-state].
 *
 * Returns: the offer/answer state
 *
 * Since: 0.1
 */
GstCallSignalingState
gst_peer_connection_get_signaling_state (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self),
                        GST_CALL_SIGNALING_STATE_CLOSED);

  return self->signaling_state;
}

/**
 * gst_peer_connection_get_ice_gathering_state:
 * @self: a [class@PeerConnection]
 *
 * Gets the state of local candidate gathering, see [property@PeerConnection:ice-gathering-state].
 *
 * Returns: the ICE gathering state
 *
 * Since: 0.1
 */
GstCallIceGatheringState
gst_peer_connection_get_ice_gathering_state (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self),
                        GST_CALL_ICE_GATHERING_STATE_NEW);

  return self->ice_gathering_state;
}

/**
 * gst_peer_connection_get_ice_connection_state:
 * @self: a [class@PeerConnection]
 *
 * Gets the ICE connectivity state, see [property@PeerConnection:ice-connection-state].
 *
 * Returns: the ICE connection state
 *
 * Since: 0.1
 */
GstCallIceConnectionState
gst_peer_connection_get_ice_connection_state (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self),
                        GST_CALL_ICE_CONNECTION_STATE_CLOSED);

  return self->ice_connection_state;
}

/**
 * gst_peer_connection_get_connection_state:
 * @self: a [class@PeerConnection]
 *
 * Gets the aggregate ICE and DTLS state, see [property@PeerConnection:connection-state].
 *
 * Returns: the connection state
 *
 * Since: 0.1
 */
GstCallPeerConnectionState
gst_peer_connection_get_connection_state (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self),
                        GST_CALL_PEER_CONNECTION_STATE_CLOSED);

  return self->connection_state;
}

/* ------------------------------------------------------------------------ */
/* Media                                                                     */

/**
 * gst_peer_connection_add_transceiver:
 * @self: a [class@PeerConnection]
 * @kind: audio or video
 * @direction: the direction, usually %GST_CALL_DIRECTION_RECVONLY to ask the
 *   peer for media without sending any
 * @error: return location for a #GError
 *
 * Adds a media section with no local source, as the W3C
 * `addTransceiver(kind, {direction})`. Video transceivers use NACK and RTX.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_add_transceiver (GstPeerConnection *self,
                                     GstCallMediaKind   kind,
                                     GstCallDirection   direction,
                                     GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return gst_peer_connection_add_transceiver_with_codec (self,
                                                         gst_call_media_default_codec (kind),
                                                         direction, error);
}

/**
 * gst_peer_connection_add_transceiver_with_codec:
 * @self: a [class@PeerConnection]
 * @codec: the codec to offer (see [method@PeerConnection.add_track_with_codec])
 * @direction: the direction, usually %GST_CALL_DIRECTION_RECVONLY
 * @error: return location for a #GError
 *
 * Adds a media section of the codec's kind with no local source, offering
 * @codec, as [method@PeerConnection.add_transceiver] does with the default
 * codec.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_add_transceiver_with_codec (GstPeerConnection *self,
                                                GstCallCodec       codec,
                                                GstCallDirection   direction,
                                                GError           **error)
{
  GstCallMediaKind kind = gst_call_media_codec_kind (codec);
  int static_payload_type = gst_call_media_codec_static_payload_type (codec);
  g_autoptr (GstWebRTCRTPTransceiver) transceiver = NULL;
  g_autoptr (GstCaps) caps = NULL;
  guint payload_type;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_usable (self, error))
    return FALSE;

  if (!gst_call_media_codec_can_send (codec)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("This codec cannot be negotiated yet: VP8, VP9, H.264, Opus, "
                   "G.711 A-law and µ-law can"));
    return FALSE;
  }
  if (static_payload_type >= 0)
    payload_type = static_payload_type;
  else
    payload_type = kind == GST_CALL_MEDIA_KIND_VIDEO ? self->next_video_payload
                                                     : self->next_audio_payload;
  caps = gst_call_media_make_rtp_caps (codec, payload_type);
  set_adding_local (self->shared, TRUE);
  g_signal_emit_by_name (self->shared->webrtcbin, "add-transceiver",
                         map_direction (direction), caps, &transceiver);
  set_adding_local (self->shared, FALSE);
  if (!transceiver) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("webrtcbin refused to add a %s transceiver"),
                 gst_call_media_kind_to_string (kind));
    return FALSE;
  }
  if (kind == GST_CALL_MEDIA_KIND_VIDEO)
    g_object_set (transceiver, "do-nack", TRUE, NULL);

  self->local_generation++;
  schedule_negotiation_needed (self->shared);
  return TRUE;
}

static GstPad *
find_source_pad (GstElement *source)
{
  GstPad *pad = gst_element_get_static_pad (source, "src");
  GstIterator *it;
  GValue item = G_VALUE_INIT;

  if (pad)
    return pad;

  it = gst_element_iterate_src_pads (source);
  if (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    pad = g_value_dup_object (&item);
    g_value_unset (&item);
  }
  gst_iterator_free (it);
  return pad;
}

/**
 * gst_peer_connection_add_track:
 * @self: a [class@PeerConnection]
 * @kind: audio or video
 * @source: (transfer floating): an element or bin producing raw media of
 *   @kind on an always source pad, e.g. `videotestsrc is-live=true` or a
 *   camera source; it is added to the peer connection's pipeline
 * @error: return location for a #GError
 *
 * Sends media from @source to the peer: it is converted, encoded (VP8 for
 * video, Opus for audio), payloaded and given to `webrtcbin`. Video uses NACK
 * and RTX. Adding a track fires [signal@PeerConnection::negotiation-needed].
 *
 * Live sources (cameras, microphones, test sources with `is-live=true`) are
 * expected: a non-live source is encoded as fast as the CPU allows.
 *
 * Returns: (transfer none) (nullable): the local [class@CallTrack], owned by
 *   @self, or %NULL with @error set
 *
 * Since: 0.1
 */
GstCallTrack *
gst_peer_connection_add_track (GstPeerConnection *self,
                               GstCallMediaKind   kind,
                               GstElement        *source,
                               GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return gst_peer_connection_add_track_with_codec (self,
                                                   gst_call_media_default_codec (kind),
                                                   source, error);
}

/**
 * gst_peer_connection_add_track_with_codec:
 * @self: a [class@PeerConnection]
 * @codec: the codec to send: VP8, VP9 or H.264 (constrained baseline,
 *   packetization mode 1, offered at level 3.1 and encoded at the level the
 *   video's size and frame rate need) for video, Opus or G.711 (A-law,
 *   µ-law) for audio
 * @source: (transfer floating): an element or bin producing raw media of
 *   the codec's kind on an always source pad
 * @error: return location for a #GError
 *
 * Sends media from @source encoded with @codec, as
 * [method@PeerConnection.add_track] does with the default codec (VP8 for
 * video, Opus for audio). The encoder is chosen by [class@CallCodecs],
 * hardware first.
 *
 * Returns: (transfer none) (nullable): the local [class@CallTrack], owned by
 *   @self, or %NULL with @error set (a codec that cannot be sent, no working
 *   encoder: the error names the package to install)
 *
 * Since: 0.1
 */
GstCallTrack *
gst_peer_connection_add_track_with_codec (GstPeerConnection *self,
                                          GstCallCodec       codec,
                                          GstElement        *source,
                                          GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return gst_peer_connection_add_track_for_offer (self, codec, source, -1, NULL, error);
}

GstCallTrack *
gst_peer_connection_add_track_for_offer (GstPeerConnection *self,
                                         GstCallCodec       codec,
                                         GstElement        *source,
                                         int                offered_payload_type,
                                         const char        *profile_level_id,
                                         GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return add_track_internal (self, codec, source, NULL, offered_payload_type,
                             profile_level_id, error);
}

GstCallTrack *
gst_peer_connection_add_broadcast_track (GstPeerConnection *self,
                                         GstCallBroadcast  *broadcast,
                                         int                offered_payload_type,
                                         GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (GST_IS_CALL_BROADCAST (broadcast), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  return add_track_internal (self, gst_call_broadcast_get_codec (broadcast), NULL,
                             broadcast, offered_payload_type, NULL, error);
}

/* Sends @source encoded with @codec, or, with @broadcast (and no source),
 * the broadcast's packets: its encoder is shared, the branch only carries
 * packets to webrtcbin. @offered_payload_type and @profile_level_id are
 * the offer's when answering (-1 and NULL otherwise). */
static GstCallTrack *
add_track_internal (GstPeerConnection *self,
                    GstCallCodec       codec,
                    GstElement        *source,
                    GstCallBroadcast  *broadcast,
                    int                offered_payload_type,
                    const char        *profile_level_id,
                    GError           **error)
{
  GstCallMediaKind kind = gst_call_media_codec_kind (codec);
  int static_payload_type = gst_call_media_codec_static_payload_type (codec);
  Shared *shared;
  g_autoptr (GstElement) source_ref = NULL;
  g_autoptr (GstPad) source_pad = NULL;
  g_autoptr (GstPad) valve_sink = NULL;
  g_autoptr (GstPad) send_src = NULL;
  g_autoptr (GstPad) webrtc_sink = NULL;
  g_autoptr (GstWebRTCRTPTransceiver) transceiver = NULL;
  GstElement *send_bin;
  GstElement *valve;
  GstCallTrack *track;
  guint payload_type;

  if (source)
    source_ref = gst_object_ref_sink (source);
  if (!check_usable (self, error))
    return NULL;
  shared = self->shared;

  if (offered_payload_type >= 0)
    payload_type = offered_payload_type;
  else if (static_payload_type >= 0)
    payload_type = static_payload_type;
  else
    payload_type = kind == GST_CALL_MEDIA_KIND_VIDEO ? self->next_video_payload
                                                     : self->next_audio_payload;

  if (broadcast) {
    source = gst_call_broadcast_add_viewer (broadcast, payload_type, error);
    if (!source)
      return NULL;
    source_ref = source; /* a full reference already */
  }

  if (GST_OBJECT_PARENT (source)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The source “%s” is already in a bin"), GST_OBJECT_NAME (source));
    return NULL;
  }
  source_pad = find_source_pad (source);
  if (!source_pad) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The %s source “%s” has no source pad"),
                 gst_call_media_kind_to_string (kind), GST_OBJECT_NAME (source));
    return NULL;
  }

  /* A broadcast's packets are ready to send: its appsrc pushes them to
   * webrtcbin on a thread of this pipeline, through an element that lets
   * them pass (and keyframe requests back). */
  send_bin = broadcast ? gst_call_make_element ("capsfilter", NULL, error)
                       : gst_call_media_make_send_bin_full (codec, payload_type,
                                                            profile_level_id, error);
  if (!send_bin)
    return NULL;

  /* The valve turns the track off (GstCallTrack:enabled) before the
   * encoder: no frames are encoded and the peer's decoder keeps its
   * references, so media resumes at once when it opens again. */
  valve = gst_call_make_element ("valve", NULL, error);
  if (!valve) {
    gst_object_unref (gst_object_ref_sink (send_bin));
    return NULL;
  }
  gst_bin_add_many (GST_BIN (shared->pipeline), source, valve, send_bin, NULL);
  valve_sink = gst_element_get_static_pad (valve, "sink");
  send_src = gst_element_get_static_pad (send_bin, "src");
  if (gst_pad_link (source_pad, valve_sink) != GST_PAD_LINK_OK ||
      !gst_element_link (valve, send_bin)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The source “%s” does not produce raw %s"),
                 GST_OBJECT_NAME (source), gst_call_media_kind_to_string (kind));
    gst_bin_remove_many (GST_BIN (shared->pipeline), source, valve, send_bin, NULL);
    return NULL;
  }

  set_adding_local (shared, TRUE);
  webrtc_sink = gst_element_request_pad_simple (shared->webrtcbin, "sink_%u");
  set_adding_local (shared, FALSE);
  if (!webrtc_sink || gst_pad_link (send_src, webrtc_sink) != GST_PAD_LINK_OK) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("webrtcbin refused a new %s stream"),
                 gst_call_media_kind_to_string (kind));
    if (webrtc_sink)
      gst_element_release_request_pad (shared->webrtcbin, webrtc_sink);
    gst_bin_remove_many (GST_BIN (shared->pipeline), source, valve, send_bin, NULL);
    return NULL;
  }

  g_object_get (webrtc_sink, "transceiver", &transceiver, NULL);
  if (transceiver) {
    g_autoptr (GstCaps) caps = gst_call_media_make_rtp_caps_full (codec, payload_type,
                                                                   profile_level_id);

    g_object_set (transceiver, "direction",
                  GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDRECV,
                  "codec-preferences", caps, NULL);
    if (kind == GST_CALL_MEDIA_KIND_VIDEO) {
      g_object_set (transceiver, "do-nack", TRUE, NULL);
      g_mutex_lock (&shared->lock);
      shared->video_nack = TRUE;
      g_mutex_unlock (&shared->lock);
    }
  }

  if (offered_payload_type >= 0 || static_payload_type >= 0)
    ;
  else if (kind == GST_CALL_MEDIA_KIND_VIDEO)
    self->next_video_payload += 2;
  else
    self->next_audio_payload -= 1;

  gst_element_sync_state_with_parent (send_bin);
  gst_element_sync_state_with_parent (valve);
  gst_element_sync_state_with_parent (source);

  /* webrtcbin 1.22 does not always ask for negotiation when a track lands
   * on an existing transceiver (one the peer offered): ask ourselves. */
  self->local_generation++;
  schedule_negotiation_needed (shared);

  track = gst_call_track_new (kind, FALSE, NULL, GST_BIN (shared->pipeline),
                              source_pad);
  gst_call_track_set_valve (track, valve);
  if (!broadcast) {
    g_autoptr (GstElement) slot = gst_call_media_find_encoder_slot (send_bin);

    gst_call_track_set_encoder_slot (track, slot);
  }
  g_ptr_array_add (self->tracks, track);

  {
    LocalBranch *branch = g_new0 (LocalBranch, 1);

    branch->source = gst_object_ref (source);
    branch->valve = gst_object_ref (valve);
    branch->send_bin = gst_object_ref (send_bin);
    branch->webrtc_sink = gst_object_ref (webrtc_sink);
    branch->transceiver = transceiver ? gst_object_ref (transceiver) : NULL;
    g_hash_table_insert (self->local_branches, track, branch);
  }
  return track;
}

/**
 * gst_peer_connection_remove_track:
 * @self: a [class@PeerConnection]
 * @track: a local [class@CallTrack] of @self
 * @error: return location for a #GError
 *
 * Stops sending @track, as the W3C `removeTrack()`: its source and encoder
 * are stopped and removed, and its media section no longer sends (it still
 * receives what the peer sends). Fires
 * [signal@PeerConnection::negotiation-needed]. The track's media section
 * stays in the session: a track added later gets a new one. @self drops
 * its reference to @track.
 *
 * Returns: %TRUE on success
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_remove_track (GstPeerConnection  *self,
                                  GstCallTrack       *track,
                                  GError            **error)
{
  LocalBranch *branch;
  GstElement *elements[3];
  gboolean webrtc_sink_active;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (GST_IS_CALL_TRACK (track), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_usable (self, error))
    return FALSE;
  branch = g_hash_table_lookup (self->local_branches, track);
  if (!branch) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The track is not a local track of this peer connection"));
    return FALSE;
  }

  /* Until its transceiver is negotiated, webrtcbin holds buffers in a
   * blocking probe on the sink pad: the send branch's streaming thread
   * waits there, and stopping the branch would wait for that thread
   * forever. Deactivating the pad sets it flushing, which lets the thread
   * go; the pad is activated again once the branch is gone. */
  webrtc_sink_active = gst_pad_is_active (branch->webrtc_sink);
  if (webrtc_sink_active)
    gst_pad_set_active (branch->webrtc_sink, FALSE);

  /* Upstream first, so no buffer is pushed into an element going away. */
  elements[0] = branch->source;
  elements[1] = branch->valve;
  elements[2] = branch->send_bin;
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++) {
    gst_element_set_locked_state (elements[i], TRUE);
    gst_element_set_state (elements[i], GST_STATE_NULL);
  }
  for (guint i = 0; i < G_N_ELEMENTS (elements); i++)
    gst_bin_remove (GST_BIN (self->shared->pipeline), elements[i]);
  if (webrtc_sink_active)
    gst_pad_set_active (branch->webrtc_sink, TRUE);

  if (branch->transceiver) {
    GstWebRTCRTPTransceiverDirection direction;

    g_object_get (branch->transceiver, "direction", &direction, NULL);
    g_object_set (branch->transceiver, "direction",
                  direction == GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDRECV
                      ? GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_RECVONLY
                      : GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_INACTIVE, NULL);
  }

  g_hash_table_remove (self->local_branches, track);
  g_ptr_array_remove (self->tracks, track);

  self->local_generation++;
  schedule_negotiation_needed (self->shared);
  return TRUE;
}

/**
 * gst_peer_connection_add_track_from_description:
 * @self: a [class@PeerConnection]
 * @kind: audio or video
 * @description: a gst-launch style description of the source, for example
 *   `videotestsrc is-live=true pattern=ball ! video/x-raw,width=640,height=480`
 * @error: return location for a #GError
 *
 * Builds a source bin from @description and adds it as with
 * [method@PeerConnection.add_track].
 *
 * Returns: (transfer none) (nullable): the local [class@CallTrack], or %NULL
 *   with @error set (a missing element is reported with its package)
 *
 * Since: 0.1
 */
GstCallTrack *
gst_peer_connection_add_track_from_description (GstPeerConnection *self,
                                                GstCallMediaKind   kind,
                                                const char        *description,
                                                GError           **error)
{
  GstElement *source;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (description != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_usable (self, error))
    return NULL;

  source = gst_call_media_make_source_from_description (kind, description, error);
  if (!source)
    return NULL;

  return gst_peer_connection_add_track (self, kind, source, error);
}

/**
 * gst_peer_connection_get_tracks:
 * @self: a [class@PeerConnection]
 *
 * Gets the local tracks and the remote tracks announced so far.
 *
 * Returns: (transfer container) (element-type GstCallTrack): the tracks
 *
 * Since: 0.1
 */
GPtrArray *
gst_peer_connection_get_tracks (GstPeerConnection *self)
{
  GPtrArray *tracks;

  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  tracks = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; self->tracks && i < self->tracks->len; i++)
    g_ptr_array_add (tracks, g_object_ref (g_ptr_array_index (self->tracks, i)));
  return tracks;
}

/* ------------------------------------------------------------------------ */
/* Offer / answer                                                            */

typedef enum {
  OPERATION_CREATE_OFFER,
  OPERATION_CREATE_ANSWER,
  OPERATION_SET_LOCAL,
  OPERATION_SET_REMOTE,
} OperationKind;

typedef struct {
  OperationKind kind;
  GMutex lock;
  GstPromise *promise; /* borrowed, protected by lock: NULL once settled */
  gulong cancel_id;
  GCancellable *cancellable;
  gboolean returned;
} Operation;

static void
operation_free (gpointer data)
{
  Operation *operation = data;

  if (operation->cancel_id)
    g_cancellable_disconnect (operation->cancellable, operation->cancel_id);
  g_clear_object (&operation->cancellable);
  g_mutex_clear (&operation->lock);
  g_free (operation);
}

static void
operation_forget_promise (Operation *operation)
{
  g_mutex_lock (&operation->lock);
  operation->promise = NULL;
  g_mutex_unlock (&operation->lock);
}

static const char *
operation_name (OperationKind kind)
{
  switch (kind) {
    case OPERATION_CREATE_OFFER:
      return "create-offer";
    case OPERATION_CREATE_ANSWER:
      return "create-answer";
    case OPERATION_SET_LOCAL:
      return "set-local-description";
    case OPERATION_SET_REMOTE:
    default:
      return "set-remote-description";
  }
}

/* webrtcbin's thread (or the cancelling thread, for an interrupt): the GTask
 * delivers the result on the context the operation was started from. */
static void
on_promise_changed (GstPromise *promise,
                    gpointer    user_data)
{
  GTask *task = user_data;
  Operation *operation = g_task_get_task_data (task);
  const GstStructure *reply;
  g_autoptr (GError) reply_error = NULL;
  GstPromiseResult result = gst_promise_wait (promise);

  operation_forget_promise (operation);
  if (operation->returned)
    return;
  operation->returned = TRUE;

  if (result == GST_PROMISE_RESULT_INTERRUPTED) {
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                             _("The operation was cancelled"));
    return;
  }
  if (result != GST_PROMISE_RESULT_REPLIED) {
    g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                             _("The peer connection closed before %s completed"),
                             operation_name (operation->kind));
    return;
  }

  reply = gst_promise_get_reply (promise);
  if (reply && gst_structure_has_field (reply, "error"))
    gst_structure_get (reply, "error", G_TYPE_ERROR, &reply_error, NULL);

  if (reply_error) {
    GstCallError code = GST_CALL_ERROR_NEGOTIATION;

    if (g_error_matches (reply_error, GST_WEBRTC_ERROR,
                         GST_WEBRTC_ERROR_INVALID_STATE))
      code = GST_CALL_ERROR_INVALID_STATE;
    g_task_return_new_error (task, GST_CALL_ERROR, code, "%s: %s",
                             operation_name (operation->kind),
                             reply_error->message);
    return;
  }

  switch (operation->kind) {
    case OPERATION_CREATE_OFFER:
    case OPERATION_CREATE_ANSWER: {
      GstWebRTCSessionDescription *description = NULL;
      const char *field = operation->kind == OPERATION_CREATE_OFFER ? "offer" : "answer";

      if (reply)
        gst_structure_get (reply, field, GST_TYPE_WEBRTC_SESSION_DESCRIPTION,
                           &description, NULL);
      if (!description) {
        g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                                 _("webrtcbin gave no %s"), field);
        return;
      }
      g_task_return_pointer (task, gst_sdp_message_as_text (description->sdp),
                             g_free);
      gst_webrtc_session_description_free (description);
      break;
    }
    case OPERATION_SET_LOCAL:
    case OPERATION_SET_REMOTE:
    default:
      g_task_return_boolean (task, TRUE);
      break;
  }
}

/* The promise's last reference is gone: the task's reference with it. */
static void
on_promise_dropped (gpointer user_data)
{
  GTask *task = user_data;
  Operation *operation = g_task_get_task_data (task);

  operation_forget_promise (operation);
  /* webrtcbin let go of a promise without replying (it was shut down). */
  if (!operation->returned) {
    operation->returned = TRUE;
    g_task_return_new_error (task, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                             _("The peer connection closed before %s completed"),
                             operation_name (operation->kind));
  }
  g_object_unref (task);
}

static void
on_operation_cancelled (GCancellable *cancellable,
                        gpointer      user_data)
{
  Operation *operation = user_data;
  GstPromise *promise;

  g_mutex_lock (&operation->lock);
  promise = operation->promise ? gst_promise_ref (operation->promise) : NULL;
  g_mutex_unlock (&operation->lock);

  if (promise) {
    gst_promise_interrupt (promise);
    gst_promise_unref (promise);
  }
}

/* Returns the promise to hand to webrtcbin (transfer full). The promise owns
 * a reference to the task until it is freed; nothing else references the
 * promise, so there is no cycle. */
static GstPromise *
start_operation (GstPeerConnection   *self,
                 OperationKind        kind,
                 gpointer             source_tag,
                 GCancellable        *cancellable,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  g_autoptr (GTask) task = g_task_new (self, cancellable, callback, user_data);
  Operation *operation = g_new0 (Operation, 1);
  GstPromise *promise;

  g_task_set_source_tag (task, source_tag);
  g_task_set_name (task, operation_name (kind));
  operation->kind = kind;
  g_mutex_init (&operation->lock);
  g_task_set_task_data (task, operation, operation_free);

  promise = gst_promise_new_with_change_func (on_promise_changed,
                                              g_object_ref (task),
                                              on_promise_dropped);
  operation->promise = promise;
  if (cancellable) {
    operation->cancellable = g_object_ref (cancellable);
    operation->cancel_id = g_cancellable_connect (cancellable,
                                                  G_CALLBACK (on_operation_cancelled),
                                                  operation, NULL);
  }

  return promise;
}

/* Returns the task already failed if @self cannot run operations. */
static gboolean
fail_if_unusable (GstPeerConnection   *self,
                  gpointer             source_tag,
                  GAsyncReadyCallback  callback,
                  gpointer             user_data)
{
  GError *error = NULL;

  if (check_usable (self, &error))
    return FALSE;
  g_task_report_error (self, callback, user_data, source_tag, error);
  return TRUE;
}

/* webrtcbin 1.22 writes a track's a=ssrc lines only once the payloader's
 * caps, which carry the SSRC, reached its sink pad. Our offers have no MID
 * header extension, so servers that route RTP by SSRC (werift, ...) cannot
 * place media of a section without them, and an offer asked for right
 * after adding tracks races with their first caps. Offers wait for the
 * caps of every open track, OFFER_CAPS_TIMEOUT_MS at most: a source that
 * produces nothing must not hold the call. */
#define OFFER_CAPS_TIMEOUT_MS 2000
#define OFFER_CAPS_POLL_MS 5

static gboolean
local_caps_known (GstPeerConnection *self)
{
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->local_branches);
  while (g_hash_table_iter_next (&iter, NULL, &value)) {
    LocalBranch *branch = value;
    gboolean closed = FALSE;

    /* A disabled track sends nothing, caps included. */
    g_object_get (branch->valve, "drop", &closed, NULL);
    if (!closed && !gst_pad_has_current_caps (branch->webrtc_sink))
      return FALSE;
  }
  return TRUE;
}

typedef struct {
  GstPeerConnection *self;
  OperationKind kind;
  gpointer source_tag;
  GCancellable *cancellable;
  GAsyncReadyCallback callback;
  gpointer user_data;
  gint64 deadline;
} PendingDescription;

static void create_description_now (GstPeerConnection   *self,
                                    OperationKind        kind,
                                    gpointer             source_tag,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data);

static gboolean
on_offer_caps_poll (gpointer data)
{
  PendingDescription *pending = data;

  if (!pending->self->closed && !local_caps_known (pending->self) &&
      g_get_monotonic_time () < pending->deadline &&
      !g_cancellable_is_cancelled (pending->cancellable))
    return G_SOURCE_CONTINUE;
  if (!local_caps_known (pending->self))
    GST_INFO ("peer connection %p: offering before every track has caps: the "
              "offer may not name their SSRCs", pending->self);
  create_description_now (pending->self, pending->kind, pending->source_tag,
                          pending->cancellable, pending->callback, pending->user_data);
  return G_SOURCE_REMOVE;
}

static void
pending_description_free (gpointer data)
{
  PendingDescription *pending = data;

  g_object_unref (pending->self);
  g_clear_object (&pending->cancellable);
  g_free (pending);
}

static void
create_description_async (GstPeerConnection   *self,
                          OperationKind        kind,
                          gpointer             source_tag,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  PendingDescription *pending;
  GSource *poll;

  if (kind != OPERATION_CREATE_OFFER || self->closed || local_caps_known (self)) {
    create_description_now (self, kind, source_tag, cancellable, callback, user_data);
    return;
  }
  pending = g_new0 (PendingDescription, 1);
  pending->self = g_object_ref (self);
  pending->kind = kind;
  pending->source_tag = source_tag;
  pending->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  pending->callback = callback;
  pending->user_data = user_data;
  pending->deadline = g_get_monotonic_time () + OFFER_CAPS_TIMEOUT_MS * G_TIME_SPAN_MILLISECOND;
  poll = g_timeout_source_new (OFFER_CAPS_POLL_MS);
  g_source_set_callback (poll, on_offer_caps_poll, pending, pending_description_free);
  g_source_attach (poll, gst_call_context_proxy_get_context (self->shared->proxy));
  g_source_unref (poll);
}

static void
create_description_now (GstPeerConnection   *self,
                        OperationKind        kind,
                        gpointer             source_tag,
                        GCancellable        *cancellable,
                        GAsyncReadyCallback  callback,
                        gpointer             user_data)
{
  GstPromise *promise;

  if (fail_if_unusable (self, source_tag, callback, user_data))
    return;

  enable_video_nack (self);
  promise = start_operation (self, kind, source_tag, cancellable, callback,
                             user_data);
  g_signal_emit_by_name (self->shared->webrtcbin,
                         kind == OPERATION_CREATE_OFFER ? "create-offer"
                                                        : "create-answer",
                         NULL, promise);
  gst_promise_unref (promise);
}

static char *
create_description_finish (GstPeerConnection *self,
                           GAsyncResult      *result,
                           gpointer           source_tag,
                           char             **last,
                           GError           **error)
{
  char *sdp;

  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, NULL);

  sdp = g_task_propagate_pointer (G_TASK (result), error);
  if (sdp) {
    g_free (*last);
    *last = g_strdup (sdp);
  }
  return sdp;
}

/**
 * gst_peer_connection_create_offer_async:
 * @self: a [class@PeerConnection]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called with the offer
 * @user_data: data for @callback
 *
 * Creates an SDP offer for the current tracks and transceivers. Finish with
 * [method@PeerConnection.create_offer_finish], then apply it with
 * [method@PeerConnection.set_local_description_async].
 *
 * Since: 0.1
 */
void
gst_peer_connection_create_offer_async (GstPeerConnection   *self,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  create_description_async (self, OPERATION_CREATE_OFFER,
                            gst_peer_connection_create_offer_async,
                            cancellable, callback, user_data);
}

/**
 * gst_peer_connection_create_offer_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.create_offer_async].
 *
 * Returns: (transfer full): the offer as SDP text, or %NULL with @error set
 *
 * Since: 0.1
 */
char *
gst_peer_connection_create_offer_finish (GstPeerConnection  *self,
                                         GAsyncResult       *result,
                                         GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return create_description_finish (self, result,
                                    gst_peer_connection_create_offer_async,
                                    &self->last_offer, error);
}

/**
 * gst_peer_connection_create_answer_async:
 * @self: a [class@PeerConnection]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called with the answer
 * @user_data: data for @callback
 *
 * Creates an SDP answer to the remote offer applied with
 * [method@PeerConnection.set_remote_description_async]. Finish with
 * [method@PeerConnection.create_answer_finish].
 *
 * Since: 0.1
 */
void
gst_peer_connection_create_answer_async (GstPeerConnection   *self,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  GstWebRTCSignalingState state = GST_WEBRTC_SIGNALING_STATE_STABLE;

  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  if (fail_if_unusable (self, gst_peer_connection_create_answer_async,
                        callback, user_data))
    return;

  g_object_get (self->shared->webrtcbin, "signaling-state", &state, NULL);
  if (state != GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_OFFER &&
      state != GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_PRANSWER) {
    g_task_report_new_error (self, callback, user_data,
                             gst_peer_connection_create_answer_async,
                             GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                             _("Cannot create an answer in signaling state "
                               "“%s”: no remote offer was applied"),
                             signaling_state_name (state));
    return;
  }

  create_description_async (self, OPERATION_CREATE_ANSWER,
                            gst_peer_connection_create_answer_async,
                            cancellable, callback, user_data);
}

/**
 * gst_peer_connection_create_answer_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.create_answer_async].
 *
 * Returns: (transfer full): the answer as SDP text, or %NULL with @error set
 *
 * Since: 0.1
 */
char *
gst_peer_connection_create_answer_finish (GstPeerConnection  *self,
                                          GAsyncResult       *result,
                                          GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return create_description_finish (self, result,
                                    gst_peer_connection_create_answer_async,
                                    &self->last_answer, error);
}

static void
set_description_async (GstPeerConnection   *self,
                       gboolean             remote,
                       GstCallSdpType       type,
                       const char          *sdp,
                       gpointer             source_tag,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autoptr (GstSDPMessage) message = NULL;
  GstWebRTCSessionDescription *description;
  GstWebRTCSignalingState state = GST_WEBRTC_SIGNALING_STATE_STABLE;
  GstPromise *promise;
  GError *error = NULL;

  if (fail_if_unusable (self, source_tag, callback, user_data))
    return;

  if (!remote && !sdp) {
    sdp = type == GST_CALL_SDP_TYPE_OFFER ? self->last_offer
        : (type == GST_CALL_SDP_TYPE_ANSWER || type == GST_CALL_SDP_TYPE_PRANSWER)
        ? self->last_answer : NULL;
    if (!sdp) {
      g_task_report_new_error (self, callback, user_data, source_tag,
                               GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                               _("No local %s was created to apply"),
                               gst_call_sdp_type_to_string (type));
      return;
    }
  }

  if (type == GST_CALL_SDP_TYPE_ROLLBACK) {
    g_task_report_new_error (self, callback, user_data, source_tag,
                             GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                             _("Rollback is not supported by webrtcbin 1.22"));
    return;
  }

  message = gst_call_sdp_parse_webrtc (sdp, &error);
  if (!message) {
    g_prefix_error (&error, remote ? _("Invalid remote %s: ") : _("Invalid local %s: "),
                    gst_call_sdp_type_to_string (type));
    g_task_report_error (self, callback, user_data, source_tag, error);
    return;
  }

  /* Check the state here for a precise error; webrtcbin checks again. */
  g_object_get (self->shared->webrtcbin, "signaling-state", &state, NULL);
  if (type == GST_CALL_SDP_TYPE_ANSWER || type == GST_CALL_SDP_TYPE_PRANSWER) {
    GstWebRTCSignalingState expected = remote
        ? GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_OFFER
        : GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_OFFER;
    GstWebRTCSignalingState expected_pranswer = remote
        ? GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_PRANSWER
        : GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_PRANSWER;

    if (state != expected && state != expected_pranswer) {
      g_task_report_new_error (self, callback, user_data, source_tag,
                               GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                               remote ? _("Cannot apply a remote %s in signaling "
                                          "state “%s”: no local offer is pending")
                                      : _("Cannot apply a local %s in signaling "
                                          "state “%s”: no remote offer is pending"),
                               gst_call_sdp_type_to_string (type),
                               signaling_state_name (state));
      return;
    }
  } else if (type == GST_CALL_SDP_TYPE_OFFER) {
    GstWebRTCSignalingState conflicting = remote
        ? GST_WEBRTC_SIGNALING_STATE_HAVE_LOCAL_OFFER
        : GST_WEBRTC_SIGNALING_STATE_HAVE_REMOTE_OFFER;

    if (state == conflicting) {
      g_task_report_new_error (self, callback, user_data, source_tag,
                               GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                               remote ? _("Cannot apply a remote offer in signaling "
                                          "state “%s”: a local offer is pending")
                                      : _("Cannot apply a local offer in signaling "
                                          "state “%s”: a remote offer is pending"),
                               signaling_state_name (state));
      return;
    }
  }

  if (remote) {
    if (gst_call_sdp_normalise_bundle_ice (message))
      GST_INFO ("remote %s: the sections of its BUNDLE group had their own ICE "
                "credentials; using the first section's for all",
                gst_call_sdp_type_to_string (type));
    remember_remote_sections (self->shared, message);
    gst_call_dtls_guard_set_remote_description (self->shared->dtls_guard, message);
  }

  promise = start_operation (self, remote ? OPERATION_SET_REMOTE : OPERATION_SET_LOCAL,
                             source_tag, cancellable, callback, user_data);
  description = gst_webrtc_session_description_new (gst_call_sdp_type_to_webrtc (type),
                                                    g_steal_pointer (&message));
  g_signal_emit_by_name (self->shared->webrtcbin,
                         remote ? "set-remote-description" : "set-local-description",
                         description, promise);
  gst_webrtc_session_description_free (description);
  gst_promise_unref (promise);
}

/**
 * gst_peer_connection_set_local_description_async:
 * @self: a [class@PeerConnection]
 * @type: the type of @sdp
 * @sdp: (nullable): the SDP text, or %NULL for the offer or answer last
 *   created by @self
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async) (nullable): called once the description is applied
 * @user_data: data for @callback
 *
 * Applies a local description, which starts ICE gathering. Finish with
 * [method@PeerConnection.set_local_description_finish].
 *
 * Since: 0.1
 */
void
gst_peer_connection_set_local_description_async (GstPeerConnection   *self,
                                                 GstCallSdpType       type,
                                                 const char          *sdp,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  set_description_async (self, FALSE, type, sdp,
                         gst_peer_connection_set_local_description_async,
                         cancellable, callback, user_data);
}

/**
 * gst_peer_connection_set_local_description_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.set_local_description_async].
 *
 * Returns: %TRUE if the description was applied
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_set_local_description_finish (GstPeerConnection  *self,
                                                  GAsyncResult       *result,
                                                  GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        gst_peer_connection_set_local_description_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/**
 * gst_peer_connection_set_remote_description_async:
 * @self: a [class@PeerConnection]
 * @type: the type of @sdp
 * @sdp: the SDP text received from the peer
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async) (nullable): called once the description is applied
 * @user_data: data for @callback
 *
 * Applies the peer's description. Malformed SDP (no `v=0`, no media
 * sections, no ICE credentials or fingerprint) and a description that does
 * not fit the signaling state fail with a precise error. Finish with
 * [method@PeerConnection.set_remote_description_finish].
 *
 * Since: 0.1
 */
void
gst_peer_connection_set_remote_description_async (GstPeerConnection   *self,
                                                  GstCallSdpType       type,
                                                  const char          *sdp,
                                                  GCancellable        *cancellable,
                                                  GAsyncReadyCallback  callback,
                                                  gpointer             user_data)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (sdp != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  set_description_async (self, TRUE, type, sdp,
                         gst_peer_connection_set_remote_description_async,
                         cancellable, callback, user_data);
}

/**
 * gst_peer_connection_set_remote_description_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult]
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.set_remote_description_async].
 *
 * Returns: %TRUE if the description was applied
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_set_remote_description_finish (GstPeerConnection  *self,
                                                   GAsyncResult       *result,
                                                   GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) ==
                        gst_peer_connection_set_remote_description_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static char *
get_description_text (GstPeerConnection *self,
                      const char        *property)
{
  GstWebRTCSessionDescription *description = NULL;
  char *text;

  if (!self->shared->pipeline)
    return NULL;
  g_object_get (self->shared->webrtcbin, property, &description, NULL);
  if (!description)
    return NULL;
  text = gst_sdp_message_as_text (description->sdp);
  gst_webrtc_session_description_free (description);
  return text;
}

/**
 * gst_peer_connection_get_local_description:
 * @self: a [class@PeerConnection]
 *
 * Gets the applied local description, including the candidates gathered so
 * far (the pending one while an exchange is in progress).
 *
 * Returns: (transfer full) (nullable): the SDP text
 *
 * Since: 0.1
 */
char *
gst_peer_connection_get_local_description (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return get_description_text (self, "local-description");
}

/**
 * gst_peer_connection_get_remote_description:
 * @self: a [class@PeerConnection]
 *
 * Gets the applied remote description.
 *
 * Returns: (transfer full) (nullable): the applied remote description as
 *   SDP text
 *
 * Since: 0.1
 */
char *
gst_peer_connection_get_remote_description (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);

  return get_description_text (self, "remote-description");
}

/**
 * gst_peer_connection_add_ice_candidate:
 * @self: a [class@PeerConnection]
 * @mline_index: the media section index the peer gave with the candidate
 * @candidate: (nullable): the candidate (`candidate:...`, with or without a
 *   leading `a=`), or %NULL or an empty string for the end of candidates
 * @error: return location for a #GError
 *
 * Adds a remote ICE candidate received from the peer. Candidates may arrive
 * before the remote description; they are kept until it is applied.
 *
 * Returns: %TRUE if the candidate was accepted
 *
 * Since: 0.1
 */
gboolean
gst_peer_connection_add_ice_candidate (GstPeerConnection *self,
                                       guint              mline_index,
                                       const char        *candidate,
                                       GError           **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_usable (self, error))
    return FALSE;

  /* libnice needs no end-of-candidates marker. */
  if (!candidate || !*candidate)
    return TRUE;

  if (g_str_has_prefix (candidate, "a="))
    candidate += 2;

  if (!gst_call_sdp_check_candidate (candidate, mline_index, error))
    return FALSE;

  g_signal_emit_by_name (self->shared->webrtcbin, "add-ice-candidate",
                         mline_index, candidate);
  return TRUE;
}

/**
 * gst_peer_connection_close:
 * @self: a [class@PeerConnection]
 *
 * Stops all media and shuts the connection down. Pending operations fail
 * with %GST_CALL_ERROR_CLOSED; no signal is emitted afterwards except the
 * notifications of the closed states. Safe to call more than once, and from
 * a signal handler of @self.
 *
 * Since: 0.1
 */
void
gst_peer_connection_close (GstPeerConnection *self)
{
  Shared *shared;

  g_return_if_fail (GST_IS_PEER_CONNECTION (self));

  shared = self->shared;
  if (self->closed || !shared->pipeline)
    return;

  release_turn_allocations (self);
  /* Joins webrtcbin's and the streaming threads: nothing runs after this. */
  gst_element_set_state (shared->pipeline, GST_STATE_NULL);
  if (self->bus_source) {
    g_source_destroy (self->bus_source);
    g_clear_pointer (&self->bus_source, g_source_unref);
  }

  g_object_freeze_notify (G_OBJECT (self));
  if (self->signaling_state != GST_CALL_SIGNALING_STATE_CLOSED) {
    self->signaling_state = GST_CALL_SIGNALING_STATE_CLOSED;
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SIGNALING_STATE]);
  }
  if (self->ice_connection_state != GST_CALL_ICE_CONNECTION_STATE_CLOSED) {
    self->ice_connection_state = GST_CALL_ICE_CONNECTION_STATE_CLOSED;
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ICE_CONNECTION_STATE]);
  }
  if (self->connection_state != GST_CALL_PEER_CONNECTION_STATE_CLOSED) {
    self->connection_state = GST_CALL_PEER_CONNECTION_STATE_CLOSED;
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_CONNECTION_STATE]);
  }
  self->closed = TRUE;
  g_object_thaw_notify (G_OBJECT (self));
}

/* ------------------------------------------------------------------------ */
/* Statistics                                                                */

typedef struct {
  GTask *task;
  GstStructure *report; /* webrtcbin's reply, or NULL */
} StatsReply;

static void
stats_reply_free (gpointer data)
{
  StatsReply *reply = data;

  g_object_unref (reply->task);
  g_clear_pointer (&reply->report, gst_structure_free);
  g_free (reply);
}

/* On the peer connection's context: everything else is read there. */
static gboolean
finish_stats (gpointer data)
{
  StatsReply *reply = data;
  GstPeerConnection *self = g_task_get_source_object (reply->task);
  gulong handler = GPOINTER_TO_SIZE (g_task_get_task_data (reply->task));

  if (handler)
    g_cancellable_disconnect (g_task_get_cancellable (reply->task), handler);
  g_task_return_pointer (reply->task,
                         gst_call_stats_collect (self->shared->pipeline, reply->report,
                                                 self->stats_history),
                         g_object_unref);
  return G_SOURCE_REMOVE;
}

/* Any thread, webrtcbin's usually: the statistics promise is answered. */
static void
on_stats_reply (GstPromise *promise,
                gpointer    user_data)
{
  StatsReply *reply = g_new0 (StatsReply, 1);
  const GstStructure *report = NULL;

  reply->task = g_object_ref (user_data);
  if (gst_promise_wait (promise) == GST_PROMISE_RESULT_REPLIED)
    report = gst_promise_get_reply (promise);
  reply->report = report ? gst_structure_copy (report) : NULL;
  /* Always from an idle, never at once: a cancellation answers the
   * promise from inside the cancellable's handler, which must not
   * disconnect itself. */
  {
    GSource *idle = g_idle_source_new ();

    g_source_set_callback (idle, finish_stats, reply, stats_reply_free);
    g_source_attach (idle, g_task_get_context (reply->task));
    g_source_unref (idle);
  }
}

static void
interrupt_promise (GCancellable *cancellable,
                   GstPromise   *promise)
{
  gst_promise_interrupt (promise);
}

/**
 * gst_peer_connection_get_stats_async:
 * @self: a [class@PeerConnection]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called with the statistics
 * @user_data: data for @callback
 *
 * Reads the statistics of the connection, as the W3C `getStats()`: asks
 * `webrtcbin` for its report (answered on one of its threads) and reads
 * the rest on @self's main context, without blocking the caller. Finish it
 * with [method@PeerConnection.get_stats_finish]; @callback runs on the main
 * context @self was created in.
 *
 * After [method@PeerConnection.close], the statistics have no candidate
 * pair and keep the last figures of the streams.
 *
 * Since: 0.1
 */
void
gst_peer_connection_get_stats_async (GstPeerConnection   *self,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  GstPromise *promise;
  gulong handler = 0;

  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gst_peer_connection_get_stats_async);
  if (!self->stats_history)
    self->stats_history = gst_call_stats_history_new ();
  if (self->closed || !self->shared->pipeline) {
    g_task_return_pointer (task, gst_call_stats_collect (self->shared->pipeline, NULL,
                                                         self->stats_history),
                           g_object_unref);
    return;
  }

  promise = gst_promise_new_with_change_func (on_stats_reply, g_object_ref (task),
                                              g_object_unref);
  if (cancellable)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (interrupt_promise),
                                     gst_promise_ref (promise),
                                     (GDestroyNotify) gst_promise_unref);
  /* The task's check of the cancellable reports a cancellation; the
   * handler only interrupts a promise still waiting. */
  g_task_set_task_data (task, GSIZE_TO_POINTER (handler), NULL);
  g_signal_emit_by_name (self->shared->webrtcbin, "get-stats", NULL, promise);
  gst_promise_unref (promise);
}

/**
 * gst_peer_connection_get_stats_finish:
 * @self: a [class@PeerConnection]
 * @result: the [iface@Gio.AsyncResult] given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@PeerConnection.get_stats_async].
 *
 * Returns: (transfer full): the statistics, or %NULL with @error set
 *   (%G_IO_ERROR_CANCELLED)
 *
 * Since: 0.1
 */
GstCallStats *
gst_peer_connection_get_stats_finish (GstPeerConnection  *self,
                                      GAsyncResult       *result,
                                      GError            **error)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
