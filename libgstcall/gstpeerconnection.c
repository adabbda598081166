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

#include "gstpeerconnection-impl-private.h"
#include "gstcallbroadcast-private.h"
#include "gstcall-dtls-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcallcodecs-private.h"
#include "gstcall-playout-private.h"
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

static void
local_branch_free (gpointer data)
{
  GstPeerConnectionLocalBranch *branch = data;

  gst_object_unref (branch->source);
  gst_object_unref (branch->valve);
  gst_object_unref (branch->send_bin);
  gst_object_unref (branch->webrtc_sink);
  gst_clear_object (&branch->transceiver);
  g_clear_pointer (&branch->dtmf, gst_call_dtmf_sender_unref);
  g_free (branch);
}


G_DEFINE_FINAL_TYPE_WITH_CODE (GstPeerConnection, gst_peer_connection, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      gst_peer_connection_initable_iface_init))

GParamSpec *gst_peer_connection_props[N_PROPS];
guint gst_peer_connection_signals[N_SIGNALS];

/* ------------------------------------------------------------------------ */
/* GstPeerConnectionShared state                                                              */

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

static GstPeerConnectionShared *
shared_new (GstPeerConnection *self)
{
  GstPeerConnectionShared *shared = g_new0 (GstPeerConnectionShared, 1);

  g_atomic_ref_count_init (&shared->ref_count);
  shared->proxy = gst_call_context_proxy_new (self);
  g_mutex_init (&shared->lock);
  shared->ssrc_kinds = g_hash_table_new (NULL, NULL);
  shared->remote_sections = g_ptr_array_new_with_free_func (remote_section_free);
  shared->video_slots = g_ptr_array_new_with_free_func (gst_object_unref);
  shared->audio_slots = g_ptr_array_new_with_free_func (gst_object_unref);
  shared->broadcast_sources = g_ptr_array_new_with_free_func (gst_object_unref);
  shared->media_gate = g_atomic_rc_box_new0 (GstPeerConnectionMediaGateState);
  shared->congestion_control = GST_CALL_CONGESTION_CONTROL_GCC;
  shared->min_bitrate = DEFAULT_MIN_BITRATE;
  shared->start_bitrate = DEFAULT_START_BITRATE;
  shared->max_bitrate = DEFAULT_MAX_BITRATE;
  return shared;
}

GstPeerConnectionShared *
gst_peer_connection_shared_ref (GstPeerConnectionShared *shared)
{
  g_atomic_ref_count_inc (&shared->ref_count);
  return shared;
}

void
gst_peer_connection_shared_unref (gpointer data)
{
  GstPeerConnectionShared *shared = data;

  if (!g_atomic_ref_count_dec (&shared->ref_count))
    return;

  gst_clear_object (&shared->pipeline);
  g_clear_pointer (&shared->dtls_guard, gst_call_dtls_guard_free);
  g_clear_pointer (&shared->congestion_controller, gst_call_gcc_free);
  g_hash_table_unref (shared->ssrc_kinds);
  g_ptr_array_unref (shared->remote_sections);
  g_ptr_array_unref (shared->video_slots);
  g_ptr_array_unref (shared->audio_slots);
  g_ptr_array_unref (shared->broadcast_sources);
  g_atomic_rc_box_release (shared->media_gate);
  g_mutex_clear (&shared->lock);
  gst_call_context_proxy_unref (shared->proxy);
  g_free (shared);
}

static void
shared_closure_notify (gpointer  data,
                       GClosure *closure)
{
  gst_peer_connection_shared_unref (data);
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

const char *
gst_peer_connection_signaling_state_name (GstWebRTCSignalingState state)
{
  g_autoptr (GEnumClass) enum_class =
      g_type_class_ref (GST_TYPE_CALL_SIGNALING_STATE);
  GEnumValue *value = g_enum_get_value (enum_class, map_signaling_state (state));

  /* Enum classes of static types are never freed: the nick stays valid. */
  return value ? value->value_nick : "unknown";
}

GstWebRTCRTPTransceiverDirection
gst_peer_connection_map_direction (GstCallDirection direction)
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
  g_signal_emit (self, gst_peer_connection_signals[SIGNAL_ICE_CANDIDATE], 0, event->mline_index,
                 event->candidate);
}

static void
on_webrtc_ice_candidate (GstElement *webrtcbin,
                         guint       mline_index,
                         const char *candidate,
                         GstPeerConnectionShared     *shared)
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
  g_signal_emit (self, gst_peer_connection_signals[SIGNAL_NEGOTIATION_NEEDED], 0);
}

/* One emission for any number of reasons that come together. */
void
gst_peer_connection_schedule_negotiation_needed (GstPeerConnectionShared *shared)
{
  if (g_atomic_int_compare_and_exchange (&shared->negotiation_pending, 0, 1))
    gst_call_context_proxy_invoke (shared->proxy, emit_negotiation_needed, NULL,
                                   NULL);
}

static void
on_webrtc_negotiation_needed (GstElement *webrtcbin,
                              GstPeerConnectionShared     *shared)
{
  gst_peer_connection_schedule_negotiation_needed (shared);
}

typedef struct {
  guint prop_id;
  int value;
} StateEvent;

/* A TURN server that refuses the credentials (or cannot be reached) gives
 * no relay candidate, and libnice reports nothing else: gathering just
 * completes without one. With the relay-only policy the call cannot
 * connect, so say why now rather than after the connect timeout. */
static void
check_relay_gathering (GstPeerConnection *self)
{
  g_autoptr (GString) servers = NULL;
  GError *error;

  if (self->relay_candidates > 0 || !gst_peer_connection_uses_turn (self))
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
  g_signal_emit (self, gst_peer_connection_signals[SIGNAL_ERROR], 0, error);
  g_error_free (error);
}

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

  agent = G_OBJECT (gst_peer_connection_dup_nice_agent (self->shared->webrtcbin));
  if (agent)
    g_object_set (agent, "stun-pacing-timer", pacing_ms, NULL);
}

static gboolean
ice_has_path (int ice_connection_state)
{
  return ice_connection_state == GST_CALL_ICE_CONNECTION_STATE_CONNECTED ||
         ice_connection_state == GST_CALL_ICE_CONNECTION_STATE_COMPLETED;
}

static void
apply_state (gpointer object,
             gpointer data)
{
  GstPeerConnection *self = object;
  StateEvent *event = data;
  int previous;
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
  previous = *field;
  *field = event->value;
  GST_DEBUG ("%s: %s -> %d", g_type_name (G_OBJECT_TYPE (self)),
             gst_peer_connection_props[event->prop_id]->name, event->value);
  if (event->prop_id == PROP_ICE_CONNECTION_STATE)
    pace_ice_checks (self, event->value);
  if (event->prop_id == PROP_ICE_CONNECTION_STATE && ice_has_path (event->value) &&
      !ice_has_path (previous))
    self->ice_connected_at = g_get_monotonic_time ();
  g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[event->prop_id]);

  if (event->prop_id == PROP_ICE_GATHERING_STATE &&
      event->value == GST_CALL_ICE_GATHERING_STATE_COMPLETE)
    check_relay_gathering (self);
}

/* webrtcbin's thread: local media flows into the call once its connection
 * is up and its description applied (before, webrtcbin would hold it, and
 * send it late), and stops when it failed or closed. */
static void
gate_local_media (GstElement              *webrtcbin,
                  GstPeerConnectionShared *shared)
{
  GstWebRTCPeerConnectionState connection = GST_WEBRTC_PEER_CONNECTION_STATE_NEW;
  GstWebRTCSignalingState signaling = GST_WEBRTC_SIGNALING_STATE_STABLE;

  g_object_get (webrtcbin, "connection-state", &connection, "signaling-state", &signaling,
                NULL);
  if (connection == GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTED &&
      signaling == GST_WEBRTC_SIGNALING_STATE_STABLE)
    gst_peer_connection_gate_media (shared, GST_PEER_CONNECTION_MEDIA_GATE_OPEN);
  else if (connection == GST_WEBRTC_PEER_CONNECTION_STATE_DISCONNECTED)
    gst_peer_connection_gate_media (shared, GST_PEER_CONNECTION_MEDIA_GATE_INTERRUPTED);
  else if (connection == GST_WEBRTC_PEER_CONNECTION_STATE_FAILED ||
           connection == GST_WEBRTC_PEER_CONNECTION_STATE_CLOSED)
    gst_peer_connection_gate_media (shared, GST_PEER_CONNECTION_MEDIA_GATE_CLOSED);
}

static void
on_webrtc_state_notify (GstElement *webrtcbin,
                        GParamSpec *pspec,
                        GstPeerConnectionShared     *shared)
{
  StateEvent *event = g_new0 (StateEvent, 1);
  int value = 0;

  if (g_str_equal (pspec->name, "connection-state") ||
      g_str_equal (pspec->name, "signaling-state"))
    gate_local_media (webrtcbin, shared);
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
  g_signal_emit (self, gst_peer_connection_signals[SIGNAL_ERROR], 0, (GError *) data);
}

void
gst_peer_connection_report_error (GstPeerConnectionShared *shared,
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
  gst_peer_connection_report_error (shared, error);
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
void
gst_peer_connection_enable_video_nack (GstPeerConnection *self)
{
  GstPeerConnectionShared *shared = self->shared;
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
                           GstPeerConnectionShared                  *shared)
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

void
gst_peer_connection_set_adding_local (GstPeerConnectionShared   *shared,
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
                            GstPeerConnectionShared     *shared)
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
  gst_call_playout_setup_jitterbuffer (jitterbuffer, retransmit);
}

/* RTCP of the bundled RTP session. rtpsession (GStreamer 1.22) sends an
 * early RTCP packet (feedback only, without report blocks) in place of a
 * regular report that falls due while the early one waits, and then puts
 * the regular report off by a whole interval. Transport-wide congestion
 * control feedback asks for early RTCP with every video frame; with the
 * default RTCP bandwidth the early packets are spaced by about 100 ms and
 * booked up to 100 ms ahead, so nearly every regular report was replaced:
 * no report blocks, hence no round trip time and no loss fraction at the
 * peer. With a generous RTCP bandwidth an early packet leaves as soon as
 * it is asked for (transport-wide feedback once per frame, as browsers
 * send it), so a regular report seldom finds one waiting; and a regular
 * report every 0.5 to 1.5 s (libwebrtc sends video reports every second)
 * instead of RFC 4585's 2.5 to 7.5 s. */
#define REGULAR_RTCP_INTERVAL (1 * GST_SECOND)
#define RTCP_BANDWIDTH_BYTES_PER_SECOND 100000.0

static void
configure_rtp_session (GstElement *element)
{
  GstElementFactory *factory = gst_element_get_factory (element);

  if (factory && g_str_equal (GST_OBJECT_NAME (factory), "rtpsession"))
    g_object_set (element, "rtcp-min-interval", (guint64) REGULAR_RTCP_INTERVAL,
                  "rtcp-fraction", RTCP_BANDWIDTH_BYTES_PER_SECOND, NULL);
}

static void
configure_each_rtp_session (const GValue *item,
                            gpointer      user_data)
{
  configure_rtp_session (g_value_get_object (item));
}

static void
configure_existing_rtp_sessions (GstBin *rtpbin)
{
  GstIterator *it = gst_bin_iterate_elements (rtpbin);

  while (gst_iterator_foreach (it, configure_each_rtp_session, NULL) == GST_ITERATOR_RESYNC)
    gst_iterator_resync (it);
  gst_iterator_free (it);
}

static void
on_rtpbin_element_added (GstBin     *rtpbin,
                         GstElement *element,
                         gpointer    user_data)
{
  configure_rtp_session (element);
}

void
gst_peer_connection_remember_remote_sections (GstPeerConnectionShared              *shared,
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
char *
gst_peer_connection_find_remote_mid (GstPeerConnectionShared           *shared,
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
/* Bus                                                                       */

/* The peer connection's pipeline keeps chatter off its bus. webrtcbin posts
 * a stream-start each time its DTLS funnel switches between RTP and RTCP
 * (with every RTCP packet), and its elements post state and structure
 * changes and stream statuses: nothing here reads them, and each one woke
 * the main context (going over all its sources and descriptors): with a
 * hundred calls in a process, a hundred and fifty times a second. They are
 * dropped as the pipeline posts them, after GstBin's own bookkeeping;
 * errors, warnings, the pipeline's own state changes and every other
 * message still reach the bus. */
#define GST_TYPE_PEER_CONNECTION_PIPELINE (gst_peer_connection_pipeline_get_type ())
G_DECLARE_FINAL_TYPE (GstPeerConnectionPipeline, gst_peer_connection_pipeline, GST,
                      PEER_CONNECTION_PIPELINE, GstPipeline)

struct _GstPeerConnectionPipeline {
  GstPipeline parent_instance;
};

G_DEFINE_FINAL_TYPE (GstPeerConnectionPipeline, gst_peer_connection_pipeline,
                     GST_TYPE_PIPELINE)

static gboolean
gst_peer_connection_pipeline_post_message (GstElement *element,
                                           GstMessage *message)
{
  switch (GST_MESSAGE_TYPE (message)) {
    case GST_MESSAGE_STREAM_START:
    case GST_MESSAGE_STREAM_STATUS:
    case GST_MESSAGE_STRUCTURE_CHANGE:
      gst_message_unref (message);
      return TRUE;
    case GST_MESSAGE_STATE_CHANGED:
      if (GST_MESSAGE_SRC (message) != GST_OBJECT (element)) {
        gst_message_unref (message);
        return TRUE;
      }
      break;
    default:
      break;
  }
  return GST_ELEMENT_CLASS (gst_peer_connection_pipeline_parent_class)->post_message (element,
                                                                                       message);
}

static void
gst_peer_connection_pipeline_class_init (GstPeerConnectionPipelineClass *klass)
{
  GST_ELEMENT_CLASS (klass)->post_message = gst_peer_connection_pipeline_post_message;
}

static void
gst_peer_connection_pipeline_init (GstPeerConnectionPipeline *self)
{
}

static gboolean
on_bus_message (GstBus     *bus,
                GstMessage *message,
                gpointer    user_data)
{
  GstPeerConnectionShared *shared = user_data;

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
      gst_peer_connection_report_error (shared, error);
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
    case GST_MESSAGE_LATENCY:
      /* A jitterbuffer's latency followed the link (gstcall-playout.c). */
      if (shared->pipeline)
        gst_bin_recalculate_latency (GST_BIN (shared->pipeline));
      break;
    default:
      break;
  }

  return G_SOURCE_CONTINUE;
}

/* ------------------------------------------------------------------------ */
/* Construction                                                              */


static gboolean
gst_peer_connection_initable_init (GInitable     *initable,
                                   GCancellable  *cancellable,
                                   GError       **error)
{
  GstPeerConnection *self = GST_PEER_CONNECTION (initable);
  GstPeerConnectionShared *shared = self->shared;
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
  /* Its remote tracks' decoders too: hardware ones may take seconds to
   * start the first time (see gstcallcodecs.c). */
  gst_call_codecs_hold_background_probes ();
  self->holds_background_probes = TRUE;

  shared->pipeline = gst_object_ref_sink (g_object_new (GST_TYPE_PEER_CONNECTION_PIPELINE,
                                                        NULL));
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

  if (!gst_peer_connection_configure_ice_agent (self, error) || !gst_peer_connection_configure_ice_servers (self, error)) {
    gst_clear_object (&shared->pipeline);
    return FALSE;
  }

  /* The shared part outlives the pipeline, and with it the guard's
   * handlers. */
  shared->dtls_guard = gst_call_dtls_guard_new (shared->webrtcbin,
                                                reject_peer_certificate, shared);

#define CONNECT_SHARED(instance, name, callback) \
  g_signal_connect_data ((instance), (name), G_CALLBACK (callback), \
                         gst_peer_connection_shared_ref (shared), shared_closure_notify, 0)

  CONNECT_SHARED (shared->webrtcbin, "on-ice-candidate", on_webrtc_ice_candidate);
  CONNECT_SHARED (shared->webrtcbin, "on-negotiation-needed",
                  on_webrtc_negotiation_needed);
  CONNECT_SHARED (shared->webrtcbin, "on-new-transceiver",
                  on_webrtc_new_transceiver);
  CONNECT_SHARED (shared->webrtcbin, "pad-added", gst_peer_connection_on_webrtc_pad_added);
  CONNECT_SHARED (shared->webrtcbin, "prepare-data-channel",
                  gst_peer_connection_on_webrtc_prepare_data_channel);
  CONNECT_SHARED (shared->webrtcbin, "notify::signaling-state",
                  on_webrtc_state_notify);
  CONNECT_SHARED (shared->webrtcbin, "notify::ice-gathering-state",
                  on_webrtc_state_notify);
  CONNECT_SHARED (shared->webrtcbin, "notify::ice-connection-state",
                  on_webrtc_state_notify);
  CONNECT_SHARED (shared->webrtcbin, "notify::connection-state",
                  on_webrtc_state_notify);

  rtpbin = gst_bin_get_by_name (GST_BIN (shared->webrtcbin), "rtpbin");
  if (rtpbin) {
    CONNECT_SHARED (rtpbin, "new-jitterbuffer", on_rtpbin_new_jitterbuffer);
    g_signal_connect (rtpbin, "element-added", G_CALLBACK (on_rtpbin_element_added), NULL);
    configure_existing_rtp_sessions (GST_BIN (rtpbin));
  } else
    GST_WARNING ("webrtcbin has no child named rtpbin: NACK stays per session");

#undef CONNECT_SHARED

  bus = gst_pipeline_get_bus (GST_PIPELINE (shared->pipeline));
  self->bus_source = gst_bus_create_watch (bus);
  g_source_set_callback (self->bus_source, G_SOURCE_FUNC (on_bus_message),
                         gst_peer_connection_shared_ref (shared), gst_peer_connection_shared_unref);
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

void
gst_peer_connection_initable_iface_init (GInitableIface *iface)
{
  iface->init = gst_peer_connection_initable_init;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

static void
gst_peer_connection_dispose (GObject *object)
{
  GstPeerConnection *self = GST_PEER_CONNECTION (object);

  gst_peer_connection_close (self);
  g_clear_pointer (&self->data_channels, g_ptr_array_unref);
  g_clear_pointer (&self->local_branches, g_hash_table_unref);
  g_clear_pointer (&self->tracks, g_ptr_array_unref);

  /* The signal handlers on webrtcbin, rtpbin and the decodebins hold the
   * shared part, which holds the pipeline: a cycle. Nothing runs on the
   * pipeline after close, so drop it here; freeing it releases those
   * handlers, and with them the ICE agent's sockets and threads. */
  if (self->shared->pipeline) {
    gst_clear_object (&self->shared->pipeline);
    self->shared->webrtcbin = NULL;
    /* What the pipeline's threads freed stays resident otherwise: a call
     * that re-establishes its transport would grow with every new one. */
    gst_call_release_free_memory ();
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
  gst_peer_connection_shared_unref (self->shared);
  gst_call_join_dtls_certificate ();
  if (self->holds_background_probes)
    gst_call_codecs_release_background_probes ();

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
    case PROP_CONGESTION_CONTROL:
      gst_peer_connection_set_congestion_control (self, g_value_get_enum (value));
      break;
    case PROP_MIN_BITRATE:
      gst_peer_connection_set_min_bitrate (self, g_value_get_uint (value));
      break;
    case PROP_START_BITRATE:
      gst_peer_connection_set_start_bitrate (self, g_value_get_uint (value));
      break;
    case PROP_MAX_BITRATE:
      gst_peer_connection_set_max_bitrate (self, g_value_get_uint (value));
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
  gst_peer_connection_props[PROP_ICE_SERVERS] =
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
  gst_peer_connection_props[PROP_ICE_LOCAL_ADDRESSES] =
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
  gst_peer_connection_props[PROP_BUNDLE_POLICY] =
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
  gst_peer_connection_props[PROP_ICE_TRANSPORT_POLICY] =
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
   * is asked for and retransmitted well within it). It is the least each
   * jitterbuffer waits: when packets arrive after their jitterbuffer gave
   * up on them (a slow link spreads a frame's packets over tens of
   * milliseconds, a growing queue delays them more), that jitterbuffer
   * waits longer by how late they were, up to 400 ms (or this value if
   * higher), and after 10 s without such a packet comes back a fifth of
   * the way at a time. Raise it for paths with long round trips
   * (webrtcbin's own default is 200).
   *
   * Video plays after this latency however long its jitterbuffer waits:
   * a video jitterbuffer waits at least 300 ms for a late or
   * retransmitted packet, and the frames that waited for one are shown
   * as soon as they are complete, late, as browsers do.
   *
   * Since: 0.1
   */
  gst_peer_connection_props[PROP_LATENCY] =
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
  gst_peer_connection_props[PROP_PIPELINE] =
      g_param_spec_object ("pipeline", NULL, NULL, GST_TYPE_ELEMENT,
                           G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:signaling-state:
   *
   * The offer/answer state.
   *
   * Since: 0.1
   */
  gst_peer_connection_props[PROP_SIGNALING_STATE] =
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
  gst_peer_connection_props[PROP_ICE_GATHERING_STATE] =
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
  gst_peer_connection_props[PROP_ICE_CONNECTION_STATE] =
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
  gst_peer_connection_props[PROP_CONNECTION_STATE] =
      g_param_spec_enum ("connection-state", NULL, NULL,
                         GST_TYPE_CALL_PEER_CONNECTION_STATE,
                         GST_CALL_PEER_CONNECTION_STATE_NEW,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  /**
   * GstPeerConnection:congestion-control: (getter get_congestion_control) (setter set_congestion_control)
   *
   * How the peer connection adapts what it sends to the network. With
   * %GST_CALL_CONGESTION_CONTROL_GCC (the default) a controller estimates,
   * from the peer's transport-wide feedback (RTCP transport-cc), the
   * bitrate the path can carry, [property@PeerConnection:target-bitrate],
   * and the video encoders follow it: the target less the audio's share and
   * the packets' overhead, never above the bitrate a track was given with
   * [method@CallTrack.set_bitrate]. Only a peer that returns the feedback
   * (browsers, libgstcall) drives it; without feedback the encoders keep
   * their bitrate.
   *
   * With %GST_CALL_CONGESTION_CONTROL_NONE there is no controller: the
   * encoders keep the bitrate they are configured with whatever the network
   * does. The transport-wide feedback is still negotiated (the peer's own
   * controller needs ours), only nothing acts on it. Turning congestion
   * control off during a call gives the encoders their configured bitrate
   * back at once; turning it on starts a controller at the next feedback
   * report.
   *
   * Since: 0.1
   */
  gst_peer_connection_props[PROP_CONGESTION_CONTROL] =
      g_param_spec_enum ("congestion-control", NULL, NULL,
                         GST_TYPE_CALL_CONGESTION_CONTROL,
                         GST_CALL_CONGESTION_CONTROL_GCC,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:min-bitrate: (getter get_min_bitrate) (setter set_min_bitrate)
   *
   * The lowest target congestion control sets, in bit/s, whatever the
   * losses and delays (30000 by default). A value above
   * [property@PeerConnection:max-bitrate] is accepted, but the maximum wins:
   * the controller then uses the maximum for both. A change during a call
   * applies to the running controller at once.
   *
   * Since: 0.1
   */
  gst_peer_connection_props[PROP_MIN_BITRATE] =
      g_param_spec_uint ("min-bitrate", NULL, NULL, LOWEST_BITRATE, G_MAXUINT,
                         DEFAULT_MIN_BITRATE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:start-bitrate: (getter get_start_bitrate) (setter set_start_bitrate)
   *
   * The target congestion control starts from, in bit/s, when the first
   * transport-wide feedback report arrives (300000 by default, as
   * libwebrtc; until then the encoders run at their configured bitrate,
   * and then at once at the start's share). The target then doubles every
   * 500 ms until the first sign of congestion, so a fast link is reached in
   * about 2 s and a slow one is not flooded. It is clamped between
   * [property@PeerConnection:min-bitrate] and
   * [property@PeerConnection:max-bitrate], so a maximum below it is the
   * start. Set it before the call connects: a change once the controller
   * runs only matters if congestion control is turned off and on again.
   *
   * Since: 0.1
   */
  gst_peer_connection_props[PROP_START_BITRATE] =
      g_param_spec_uint ("start-bitrate", NULL, NULL, LOWEST_BITRATE, G_MAXUINT,
                         DEFAULT_START_BITRATE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:max-bitrate: (getter get_max_bitrate) (setter set_max_bitrate)
   *
   * The highest target congestion control sets, in bit/s, however fast the
   * link (2500000 by default, libwebrtc's ceiling for a camera stream): the
   * whole connection's sending rate, audio and packet headers included, so
   * the video encoders get less. It wins over
   * [property@PeerConnection:min-bitrate] and
   * [property@PeerConnection:start-bitrate] when they are above it. A
   * change during a call applies to the running controller at once (and to
   * the encoders with the next feedback report, a fraction of a second).
   *
   * Since: 0.1
   */
  gst_peer_connection_props[PROP_MAX_BITRATE] =
      g_param_spec_uint ("max-bitrate", NULL, NULL, LOWEST_BITRATE, G_MAXUINT,
                         DEFAULT_MAX_BITRATE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY |
                         G_PARAM_STATIC_STRINGS);

  /**
   * GstPeerConnection:target-bitrate: (getter get_target_bitrate)
   *
   * What congestion control estimates the path can carry, in bit/s: the
   * rate the whole connection aims at (the video encoders get it less the
   * audio and the packets' overhead). 0 until the first transport-wide
   * feedback report, and while [property@PeerConnection:congestion-control]
   * is %GST_CALL_CONGESTION_CONTROL_NONE. The same figure as the candidate
   * pair's [property@CallCandidatePairStats:available-outgoing-bitrate].
   *
   * Its notification comes on the peer connection's main context when the
   * target moved by more than 5% since the last one, not with every
   * feedback report; the value read is the one last notified.
   *
   * Since: 0.1
   */
  gst_peer_connection_props[PROP_TARGET_BITRATE] =
      g_param_spec_uint ("target-bitrate", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, gst_peer_connection_props);

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
  gst_peer_connection_signals[SIGNAL_ICE_CANDIDATE] =
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
  gst_peer_connection_signals[SIGNAL_NEGOTIATION_NEEDED] =
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
  gst_peer_connection_signals[SIGNAL_TRACK] =
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
  gst_peer_connection_signals[SIGNAL_ERROR] =
      g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

  /**
   * GstPeerConnection::data-channel:
   * @self: the [class@PeerConnection]
   * @channel: the [class@CallDataChannel] the peer opened
   *
   * The peer opened a data channel. Its label and options are known;
   * connect to its signals during the emission:
   * [signal@CallDataChannel::open] follows at once, and messages after it.
   * The peer connection holds the channel until it closes.
   *
   * Since: 0.1
   */
  gst_peer_connection_signals[SIGNAL_DATA_CHANNEL] =
      g_signal_new ("data-channel", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                    NULL, NULL, NULL, G_TYPE_NONE, 1, GST_TYPE_CALL_DATA_CHANNEL);
}

static void
gst_peer_connection_init (GstPeerConnection *self)
{
  self->shared = shared_new (self);
  self->bundle_policy = GST_CALL_BUNDLE_POLICY_MAX_BUNDLE;
  self->ice_transport_policy = GST_CALL_ICE_TRANSPORT_POLICY_ALL;
  self->latency = DEFAULT_LATENCY_MS;
  self->congestion_control = GST_CALL_CONGESTION_CONTROL_GCC;
  self->min_bitrate = DEFAULT_MIN_BITRATE;
  self->start_bitrate = DEFAULT_START_BITRATE;
  self->max_bitrate = DEFAULT_MAX_BITRATE;
  self->tracks = g_ptr_array_new_with_free_func (g_object_unref);
  self->data_channels = g_ptr_array_new_with_free_func (g_object_unref);
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
  g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[PROP_LATENCY]);
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

gint64
gst_peer_connection_get_ice_connected_time (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), 0);

  return self->ice_connected_at;
}

gint64
gst_peer_connection_get_last_handshake_record (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), 0);

  return gst_call_dtls_guard_get_last_handshake_record (self->shared->dtls_guard);
}

/**
 * gst_peer_connection_get_congestion_control:
 * @self: a [class@PeerConnection]
 *
 * Gets [property@PeerConnection:congestion-control].
 *
 * Returns: how the peer connection adapts to the network
 *
 * Since: 0.1
 */
GstCallCongestionControl
gst_peer_connection_get_congestion_control (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), GST_CALL_CONGESTION_CONTROL_GCC);

  return self->congestion_control;
}

/**
 * gst_peer_connection_set_congestion_control:
 * @self: a [class@PeerConnection]
 * @congestion_control: how to adapt to the network
 *
 * Sets [property@PeerConnection:congestion-control], at any time.
 *
 * Since: 0.1
 */
void
gst_peer_connection_set_congestion_control (GstPeerConnection        *self,
                                            GstCallCongestionControl  congestion_control)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (congestion_control == GST_CALL_CONGESTION_CONTROL_NONE ||
                    congestion_control == GST_CALL_CONGESTION_CONTROL_GCC);

  if (self->congestion_control == congestion_control)
    return;
  self->congestion_control = congestion_control;
  gst_peer_connection_apply_congestion_settings (self);
  g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[PROP_CONGESTION_CONTROL]);
}

static void
set_bitrate_bound (GstPeerConnection *self,
                   guint             *field,
                   guint              bitrate,
                   guint              prop_id)
{
  if (*field == bitrate)
    return;
  *field = bitrate;
  gst_peer_connection_apply_congestion_settings (self);
  g_object_notify_by_pspec (G_OBJECT (self), gst_peer_connection_props[prop_id]);
}

/**
 * gst_peer_connection_get_min_bitrate:
 * @self: a [class@PeerConnection]
 *
 * Gets [property@PeerConnection:min-bitrate].
 *
 * Returns: the lowest target of congestion control, bit/s
 *
 * Since: 0.1
 */
guint
gst_peer_connection_get_min_bitrate (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), DEFAULT_MIN_BITRATE);

  return self->min_bitrate;
}

/**
 * gst_peer_connection_set_min_bitrate:
 * @self: a [class@PeerConnection]
 * @bitrate: bit/s, at least 1000
 *
 * Sets [property@PeerConnection:min-bitrate].
 *
 * Since: 0.1
 */
void
gst_peer_connection_set_min_bitrate (GstPeerConnection *self,
                                     guint              bitrate)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (bitrate >= LOWEST_BITRATE);

  set_bitrate_bound (self, &self->min_bitrate, bitrate, PROP_MIN_BITRATE);
}

/**
 * gst_peer_connection_get_start_bitrate:
 * @self: a [class@PeerConnection]
 *
 * Gets [property@PeerConnection:start-bitrate].
 *
 * Returns: the target congestion control starts from, bit/s
 *
 * Since: 0.1
 */
guint
gst_peer_connection_get_start_bitrate (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), DEFAULT_START_BITRATE);

  return self->start_bitrate;
}

/**
 * gst_peer_connection_set_start_bitrate:
 * @self: a [class@PeerConnection]
 * @bitrate: bit/s, at least 1000
 *
 * Sets [property@PeerConnection:start-bitrate], before the call connects.
 *
 * Since: 0.1
 */
void
gst_peer_connection_set_start_bitrate (GstPeerConnection *self,
                                       guint              bitrate)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (bitrate >= LOWEST_BITRATE);

  set_bitrate_bound (self, &self->start_bitrate, bitrate, PROP_START_BITRATE);
}

/**
 * gst_peer_connection_get_max_bitrate:
 * @self: a [class@PeerConnection]
 *
 * Gets [property@PeerConnection:max-bitrate].
 *
 * Returns: the highest target of congestion control, bit/s
 *
 * Since: 0.1
 */
guint
gst_peer_connection_get_max_bitrate (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), DEFAULT_MAX_BITRATE);

  return self->max_bitrate;
}

/**
 * gst_peer_connection_set_max_bitrate:
 * @self: a [class@PeerConnection]
 * @bitrate: bit/s, at least 1000
 *
 * Sets [property@PeerConnection:max-bitrate].
 *
 * Since: 0.1
 */
void
gst_peer_connection_set_max_bitrate (GstPeerConnection *self,
                                     guint              bitrate)
{
  g_return_if_fail (GST_IS_PEER_CONNECTION (self));
  g_return_if_fail (bitrate >= LOWEST_BITRATE);

  set_bitrate_bound (self, &self->max_bitrate, bitrate, PROP_MAX_BITRATE);
}

/**
 * gst_peer_connection_get_target_bitrate:
 * @self: a [class@PeerConnection]
 *
 * Gets [property@PeerConnection:target-bitrate].
 *
 * Returns: what congestion control estimates the path can carry, bit/s;
 *   0 before the first feedback report or without congestion control
 *
 * Since: 0.1
 */
guint
gst_peer_connection_get_target_bitrate (GstPeerConnection *self)
{
  g_return_val_if_fail (GST_IS_PEER_CONNECTION (self), 0);

  return self->target_bitrate;
}
