/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gst/webrtc/webrtc.h>

#include "gstcall-webrtc-session-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-dtmf-private.h"
#include "gstcall-error.h"
#include "gstcall-local-media-private.h"
#include "gstcall-media-private.h"
#include "gstcall-negotiator-private.h"
#include "gstcall-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcalltrack-private.h"
#include "gstpeerconnection-private.h"

/* Re-establishing a lost transport (webrtcbin 1.22 cannot restart ICE):
 * the side that offered the call makes a new peer connection (new ICE
 * credentials, new DTLS) with the same tracks and offers again; the peer,
 * seeing an offer whose transport identity changed, rebuilds its own and
 * answers. While the path stays down, the offerer tries again every
 * RETRY_INTERVAL_MS once the last attempt was answered (or every
 * RETRY_UNANSWERED_MS when no answer came: signalling is ordered, so a late
 * answer must not meet a newer offer). The side that answered the call
 * offers itself if no new offer came within ANSWERER_GRACE_MS (the peer
 * may not have noticed, or be a browser that does not re-offer); on glare
 * the side that offered the call keeps its offer.
 *
 * An answered attempt that is still coming up is not replaced after
 * RETRY_INTERVAL_MS, as browsers do not restart ICE again while the last
 * restart makes progress: while its ICE has a path and its DTLS handshake
 * is under way (a handshake record came from the peer within the last
 * HANDSHAKE_PROGRESS_MS) or due (ICE found the path within the last
 * HANDSHAKE_START_MS), it is given up to RETRY_UNANSWERED_MS, and looked
 * at again the moment that sign runs out, not at the next tick. A new offer
 * then would throw away a transport about to connect (a slow machine's
 * handshake, or one already done that the main loop has not heard of
 * yet), and make a peer that is already active on it reconnect a second
 * time. An attempt without that sign is replaced as before: ICE still
 * checking; a handshake whose flights stopped coming (OpenSSL retransmits
 * after 1 s, then 2 s); ICE connected on this side only, the peer's still
 * checking (seen after an outage, just before the retry tick: its
 * handshake never starts, and every millisecond waited for it is lost).
 * The peer's first handshake record comes 0-41 ms after this side's main
 * loop hears ICE connected, measured under AddressSanitizer on a loaded
 * machine: HANDSHAKE_START_MS leaves it more than twice that. */
#define RETRY_INTERVAL_MS 2000
#define RETRY_UNANSWERED_MS 6000
#define HANDSHAKE_PROGRESS_MS 1500
#define HANDSHAKE_START_MS 100
#define ANSWERER_GRACE_MS 1500
#define RETRY_TICK_MS 250

struct _GstCallWebrtcSession {
  GObject parent_instance;

  GstCallSessionConfig config;
  GstPeerConnection *pc;
  GstCallNegotiator *negotiator;
  GstCallTrack *local_tracks[2]; /* the last added, by GstCallMediaKind */
  gboolean sources_added;        /* the answerer adds them when the offer comes */
  gboolean closed;

  gboolean offerer;              /* this side offered the call */
  gboolean attempt_offerer;      /* the current transport was offered by us */
  gboolean was_connected;        /* a transport of the session connected once */
  gboolean reconnecting;         /* re-establishing a lost transport */
  gint64 reconnect_started;      /* monotonic µs */
  gint64 attempt_started;        /* monotonic µs of our last offer, 0: none */
  guint attempts;                /* transports made while reconnecting */
  GSource *retry_source;
  GSource *recheck_source;       /* one-shot: when an attempt's sign runs out */
};

static void gst_call_webrtc_session_iface_init (GstCallSessionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GstCallWebrtcSession, gst_call_webrtc_session, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SESSION,
                                                      gst_call_webrtc_session_iface_init))

static void
fail (GstCallWebrtcSession *self,
      GError               *error)
{
  GST_WARNING ("session %p failed: %s", self, error->message);
  gst_call_session_emit_failed (GST_CALL_SESSION (self), error);
  g_error_free (error);
}

/* While reconnecting, an attempt that fails (ICE, DTLS, a description
 * refused) is followed by the next one: the call's reconnect-timeout ends
 * it. */
static gboolean
attempt_failed (GstCallWebrtcSession *self,
                const GError         *error)
{
  if (!self->reconnecting)
    return FALSE;
  GST_INFO ("session %p: reconnection attempt %u failed: %s", self, self->attempts,
            error->message);
  /* Offer again at the next tick. */
  if (self->attempt_offerer)
    self->attempt_started = 1;
  return TRUE;
}

/* Sends @source (or the configured broadcast of @kind) with @codec;
 * @payload_type and @profile_level_id are the offer's when answering (-1
 * and NULL otherwise). */
static GstCallTrack *
add_local_track_full (GstCallWebrtcSession  *self,
                      GstCallMediaKind       kind,
                      GstElement            *source,
                      GstCallCodec           codec,
                      int                    payload_type,
                      int                    dtmf_payload_type,
                      const char            *profile_level_id,
                      guint                  twcc_id,
                      GError               **error)
{
  GstCallTrack *track;

  if (self->config.broadcasts[kind])
    track = gst_peer_connection_add_broadcast_track (self->pc, self->config.broadcasts[kind],
                                                     payload_type, dtmf_payload_type, error);
  else
    track = gst_peer_connection_add_track_for_offer (self->pc, codec, source, payload_type,
                                                     dtmf_payload_type, profile_level_id,
                                                     twcc_id, error);
  if (!track)
    return NULL;

  gst_call_track_set_enabled (track, !self->config.muted[kind]);
  if (self->config.bitrates[kind])
    gst_call_track_set_bitrate (track, self->config.bitrates[kind]);

  g_set_object (&self->local_tracks[kind], track);
  return track;
}

/* The telephone-event payload type of @offer at @codec's clock rate, in
 * the audio section that offers @payload_type, or -1. */
static int
offered_dtmf_payload_type (const GstSDPMessage *offer,
                           GstCallCodec         codec,
                           guint                payload_type)
{
  g_autofree char *format = g_strdup_printf ("%u", payload_type);

  for (guint i = 0; i < gst_sdp_message_medias_len (offer); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (offer, i);

    if (g_strcmp0 (gst_sdp_media_get_media (media), "audio") != 0)
      continue;
    for (guint f = 0; f < gst_sdp_media_formats_len (media); f++) {
      if (g_strcmp0 (gst_sdp_media_get_format (media, f), format) == 0)
        return gst_call_dtmf_find_payload_type (
            media, gst_call_codec_table_lookup (codec)->clock_rate);
    }
  }
  return -1;
}

/* Adds the configured (or default) sources as local tracks. Answering,
 * @offer is the peer's offer: each track is sent with the offer's payload
 * type and parameters, in the configured codec (an offer without it has
 * already failed the call, see gst_call_session_check_remote_codecs()); a
 * kind the offer lacks is not sent. */
static gboolean
add_sources (GstCallWebrtcSession  *self,
             const GstSDPMessage   *offer,
             GError               **error)
{
  GstCallMediaKind kinds[] = { GST_CALL_MEDIA_KIND_AUDIO, GST_CALL_MEDIA_KIND_VIDEO };
  const GstCallSessionConfig *config = &self->config;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++) {
    GstCallMediaKind kind = kinds[i];
    GstElement *configured = config->sources[kind];
    GstCallCodec codec = config->codecs[kind];
    guint payload_type = 0;
    int dtmf_payload_type = -1;
    g_autofree char *profile_level_id = NULL;
    guint twcc_id;
    GstElement *source;

    if (!config->send[kind])
      continue;
    if (offer && !gst_call_sdp_find_send_codec (offer, kind, config->codecs[kind], &codec,
                                                &payload_type, &profile_level_id)) {
      GST_INFO ("session %p: the offer asks for no %s we can send",
                self, gst_call_media_kind_to_string (kind));
      continue;
    }
    if (offer && kind == GST_CALL_MEDIA_KIND_AUDIO)
      dtmf_payload_type = offered_dtmf_payload_type (offer, codec, payload_type);
    /* Offering H.264, the level follows the video's size and frame rate
     * (answering, webrtcbin takes only the offer's profile-level-id). */
    if (!offer && codec == GST_CALL_CODEC_H264)
      profile_level_id = gst_call_h264_profile_level_id_for_video (
          config->video_width, config->video_height, config->video_framerate, 1);
    /* Transport-wide congestion control feedback: offered, or answered
     * with the offer's extension identifier when the offer has it. */
    twcc_id = offer ? gst_call_sdp_find_twcc_id (offer, kind) : GST_CALL_MEDIA_TWCC_OFFER_ID;

    if (config->broadcasts[kind]) {
      /* The broadcast's encoder serves this call: no source of its own. */
      if (!add_local_track_full (self, kind, NULL, codec, offer ? (int) payload_type : -1,
                                 dtmf_payload_type, profile_level_id, 0, error))
        return FALSE;
      continue;
    }

    source = configured ? gst_object_ref (configured)
                        : gst_call_make_default_source (kind, config->video_width,
                                                        config->video_height,
                                                        config->video_framerate, error);
    /* A full reference in both cases: add_local_track_full() takes its own. */
    if (source && !configured)
      gst_object_ref_sink (source);

    if (!source || !add_local_track_full (self, kind, source, codec,
                                          offer ? (int) payload_type : -1,
                                          dtmf_payload_type, profile_level_id, twcc_id,
                                          error)) {
      gst_clear_object (&source);
      return FALSE;
    }
    gst_object_unref (source);
  }
  return TRUE;
}

/* The answerer links its send branches once the first offer is read, with
 * the offer's payload types and parameters. */
static void
on_remote_offer (GstCallNegotiator    *negotiator,
                 const char           *sdp,
                 GstCallWebrtcSession *self)
{
  g_autoptr (GstSDPMessage) offer = NULL;
  g_autoptr (GError) error = NULL;

  if (self->sources_added)
    return;
  self->sources_added = TRUE;

  offer = gst_call_sdp_parse_webrtc (sdp, &error);
  if (!offer) {
    g_prefix_error (&error, _("Invalid remote offer: "));
    fail (self, g_steal_pointer (&error));
    return;
  }
  if (!add_sources (self, offer, &error))
    fail (self, g_steal_pointer (&error));
}

/* A WHIP publisher only sends: its offer says sendonly (RFC 9725, section
 * 4.2), so the endpoint expects no media back. Local tracks are added as
 * sendrecv, as for a call; every transceiver there is now is one of them. */
static void
make_local_tracks_send_only (GstCallWebrtcSession *self)
{
  GstElement *webrtcbin = gst_peer_connection_get_webrtcbin (self->pc);
  g_autoptr (GArray) transceivers = NULL;

  g_signal_emit_by_name (webrtcbin, "get-transceivers", &transceivers);
  for (guint i = 0; transceivers && i < transceivers->len; i++) {
    GstWebRTCRTPTransceiver *transceiver =
        g_array_index (transceivers, GstWebRTCRTPTransceiver *, i);
    GstWebRTCRTPTransceiverDirection direction;

    g_object_get (transceiver, "direction", &direction, NULL);
    if (direction == GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDRECV)
      g_object_set (transceiver, "direction",
                    GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_SENDONLY, NULL);
  }
}

/* A WHIP or WHEP endpoint names its STUN and TURN servers in the Link
 * headers of its answer (RFC 9725, section 4.6). A call without ICE
 * servers of its own takes the TURN ones then: libnice gathers relay
 * candidates, which are trickled to the endpoint. */
static void
on_whip_ice_servers (GstCallWhipSignaller *signaller,
                     GParamSpec           *pspec,
                     GstCallWebrtcSession *self)
{
  const char * const *servers = gst_call_whip_signaller_get_ice_servers (signaller);
  g_autoptr (GError) error = NULL;

  if (!self->pc || !servers || !*servers ||
      (self->config.ice_servers && *self->config.ice_servers))
    return;
  if (!gst_peer_connection_add_late_ice_servers (self->pc, servers, &error))
    GST_WARNING ("the ICE servers of the WHIP endpoint cannot be used: %s", error->message);
}

static void
stop_retrying (GstCallWebrtcSession *self)
{
  if (self->retry_source) {
    g_source_destroy (self->retry_source);
    g_clear_pointer (&self->retry_source, g_source_unref);
  }
  if (self->recheck_source) {
    g_source_destroy (self->recheck_source);
    g_clear_pointer (&self->recheck_source, g_source_unref);
  }
}

/* The transport failed: before it ever connected the call fails; once it
 * was connected the call may re-establish it; during that, the attempt
 * failed. @error: (transfer full) */
static void
transport_failed (GstCallWebrtcSession *self,
                  GError               *error)
{
  if (attempt_failed (self, error)) {
    g_error_free (error);
  } else if (self->was_connected) {
    GST_INFO ("session %p: connection lost: %s", self, error->message);
    gst_call_session_emit_connection_lost (GST_CALL_SESSION (self), error);
    g_error_free (error);
  } else {
    fail (self, error);
  }
}

static void
on_connection_state (GstPeerConnection    *pc,
                     GParamSpec           *pspec,
                     GstCallWebrtcSession *self)
{
  switch (gst_peer_connection_get_connection_state (pc)) {
    case GST_CALL_PEER_CONNECTION_STATE_CONNECTED:
      self->was_connected = TRUE;
      if (self->reconnecting) {
        GST_INFO ("session %p: reconnected after %u attempts in %.2f s", self, self->attempts,
                  (g_get_monotonic_time () - self->reconnect_started) / (double) G_USEC_PER_SEC);
        self->reconnecting = FALSE;
        stop_retrying (self);
      }
      gst_call_session_emit_connected (GST_CALL_SESSION (self),
                                       gst_peer_connection_get_webrtcbin (pc));
      break;
    case GST_CALL_PEER_CONNECTION_STATE_DISCONNECTED:
      /* A path that was up went away; before that, ICE is still checking. */
      if (self->was_connected && !self->reconnecting)
        transport_failed (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_ICE,
                                                     _("The path to the peer was lost (ICE "
                                                       "disconnected)")));
      break;
    case GST_CALL_PEER_CONNECTION_STATE_FAILED:
      if (gst_peer_connection_get_ice_connection_state (pc) ==
          GST_CALL_ICE_CONNECTION_STATE_FAILED)
        transport_failed (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_ICE,
                                                     _("ICE found no working path to the peer")));
      else
        transport_failed (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_DTLS,
                                                     _("The secure (DTLS) connection with the "
                                                       "peer failed")));
      break;
    default:
      break;
  }
}

static void
on_remote_dtmf (GstPeerConnection *pc,
                char               tone,
                guint              duration_ms,
                gpointer           user_data)
{
  gst_call_session_emit_dtmf (GST_CALL_SESSION (user_data), tone, duration_ms);
}

static void
on_remote_track (GstPeerConnection    *pc,
                 GstCallTrack         *track,
                 GstCallWebrtcSession *self)
{
  gst_call_session_emit_remote_track (GST_CALL_SESSION (self), track);
}

/* Media errors end the call: a branch that failed does not recover;
 * so does a failed negotiation. */
static void
on_error (gpointer              source,
          GError               *error,
          GstCallWebrtcSession *self)
{
  if (attempt_failed (self, error))
    return;
  gst_call_session_emit_failed (GST_CALL_SESSION (self), error);
}

static void
on_candidate_rejected (GstCallNegotiator    *negotiator,
                       GError               *error,
                       GstCallWebrtcSession *self)
{
  gst_call_session_emit_candidate_rejected (GST_CALL_SESSION (self), error);
}

static void
on_local_description (GstCallNegotiator    *negotiator,
                      GstCallSdpType        type,
                      const char           *sdp,
                      GstCallWebrtcSession *self)
{
  if (self->config.signaller)
    gst_call_signaller_send_description (self->config.signaller, type, sdp);
}

static void
on_local_candidate (GstCallNegotiator    *negotiator,
                    guint                 mline_index,
                    const char           *candidate,
                    GstCallWebrtcSession *self)
{
  if (self->config.signaller)
    gst_call_signaller_send_candidate (self->config.signaller, mline_index, candidate);
}

static gboolean
gst_call_webrtc_session_check_signaller (GstCallSession    *session,
                                         GstCallSignaller  *signaller,
                                         GError           **error)
{
  return TRUE;
}

/* Makes the peer connection and its negotiator: the call's first, or a
 * new one replacing a lost one. The offerer adds its sources at once and
 * offers; the answerer adds them when the offer comes. */
static gboolean
build_transport (GstCallWebrtcSession  *self,
                 gboolean               offerer,
                 GError               **error)
{
  const GstCallSessionConfig *config = &self->config;
  GstCallMediaKind kinds[] = { GST_CALL_MEDIA_KIND_AUDIO, GST_CALL_MEDIA_KIND_VIDEO };
  gboolean whip = GST_IS_CALL_WHIP_SIGNALLER (config->signaller);

  g_return_val_if_fail (!self->pc, FALSE);

  self->attempt_offerer = offerer;
  self->sources_added = FALSE;
  self->pc = g_initable_new (GST_TYPE_PEER_CONNECTION, NULL, error,
                             "ice-servers", config->ice_servers,
                             "ice-local-addresses", config->ice_local_addresses,
                             "latency", config->latency,
                             "ice-transport-policy", config->ice_transport_policy,
                             "congestion-control", config->congestion_control,
                             "min-bitrate", config->min_bitrate,
                             "start-bitrate", config->start_bitrate,
                             "max-bitrate", config->max_bitrate,
                             NULL);
  if (!self->pc)
    return FALSE;
  gst_call_session_emit_transport_created (GST_CALL_SESSION (self));

  g_signal_connect (self->pc, "notify::connection-state",
                    G_CALLBACK (on_connection_state), self);
  g_signal_connect (self->pc, "track", G_CALLBACK (on_remote_track), self);
  g_signal_connect (self->pc, "error", G_CALLBACK (on_error), self);
  gst_peer_connection_set_dtmf_func (self->pc, on_remote_dtmf, self);

  if (offerer) {
    self->sources_added = TRUE;
    if (!add_sources (self, NULL, error))
      return FALSE;
    if (whip)
      make_local_tracks_send_only (self);
    for (guint i = 0; i < G_N_ELEMENTS (kinds); i++) {
      GstCallMediaKind kind = kinds[i];

      if (!config->send[kind] &&
          !gst_peer_connection_add_transceiver_with_codec (self->pc, config->codecs[kind],
                                                           GST_CALL_DIRECTION_RECVONLY,
                                                           error))
        return FALSE;
    }
  }

  /* The session passes on what the peer sends (see receive_description()),
   * and sends what the negotiator emits. */
  self->negotiator = gst_call_negotiator_new (self->pc, NULL, offerer);
  g_signal_connect (self->negotiator, "failed", G_CALLBACK (on_error), self);
  g_signal_connect (self->negotiator, "remote-offer", G_CALLBACK (on_remote_offer), self);
  g_signal_connect (self->negotiator, "local-description",
                    G_CALLBACK (on_local_description), self);
  g_signal_connect (self->negotiator, "local-candidate",
                    G_CALLBACK (on_local_candidate), self);
  g_signal_connect (self->negotiator, "candidate-rejected",
                    G_CALLBACK (on_candidate_rejected), self);
  return TRUE;
}

/* Stops and drops the peer connection; the application's sources leave
 * its pipeline so that the next one can take them. */
static void
destroy_transport (GstCallWebrtcSession *self)
{
  if (self->negotiator) {
    g_signal_handlers_disconnect_by_data (self->negotiator, self);
    gst_call_negotiator_stop (self->negotiator);
    g_clear_object (&self->negotiator);
  }
  if (self->pc) {
    g_signal_handlers_disconnect_by_data (self->pc, self);
    gst_peer_connection_close (self->pc);
    g_clear_object (&self->pc);
  }
  for (guint kind = 0; kind < G_N_ELEMENTS (self->local_tracks); kind++) {
    GstElement *source = self->config.sources[kind];
    GstObject *parent = source ? gst_object_get_parent (GST_OBJECT (source)) : NULL;

    g_clear_object (&self->local_tracks[kind]);
    if (parent) {
      /* The pipeline is stopped: the source is taken out as it is. */
      gst_bin_remove (GST_BIN (parent), source);
      gst_object_unref (parent);
    }
  }
}

/* A new transport in place of the lost one. FALSE when none can be made
 * (the call then fails with @error). */
static gboolean
rebuild_transport (GstCallWebrtcSession  *self,
                   gboolean               offerer,
                   GError               **error)
{
  self->attempts++;
  GST_INFO ("session %p: re-establishing the transport as the %s (attempt %u)", self,
            offerer ? "offerer" : "answerer", self->attempts);
  destroy_transport (self);
  if (!build_transport (self, offerer, error))
    return FALSE;
  if (offerer) {
    self->attempt_started = g_get_monotonic_time ();
    gst_call_negotiator_start (self->negotiator);
  }
  return TRUE;
}

/* Until when (monotonic µs; 0: not at all) the current attempt's
 * transport shows it is coming up: ICE has a path, the connection is not
 * up (nor failed), and the peer's DTLS handshake records keep coming, or
 * ICE found the path just now. */
static gint64
attempt_coming_up_until (GstCallWebrtcSession *self)
{
  GstCallIceConnectionState ice = gst_peer_connection_get_ice_connection_state (self->pc);
  gint64 handshake = gst_peer_connection_get_last_handshake_record (self->pc);
  gint64 path = gst_peer_connection_get_ice_connected_time (self->pc);
  gint64 until = 0;

  if (ice != GST_CALL_ICE_CONNECTION_STATE_CONNECTED &&
      ice != GST_CALL_ICE_CONNECTION_STATE_COMPLETED)
    return 0;
  if (gst_peer_connection_get_connection_state (self->pc) !=
      GST_CALL_PEER_CONNECTION_STATE_CONNECTING)
    return 0;
  if (handshake > 0)
    until = handshake + HANDSHAKE_PROGRESS_MS * (gint64) 1000;
  if (path > 0)
    until = MAX (until, path + HANDSHAKE_START_MS * (gint64) 1000);
  return until;
}

static void retry_step (GstCallWebrtcSession *self);

static gboolean
on_recheck (gpointer user_data)
{
  GstCallWebrtcSession *self = user_data;

  g_clear_pointer (&self->recheck_source, g_source_unref);
  retry_step (self);
  return G_SOURCE_REMOVE;
}

/* retry_step() again at @when (monotonic µs), when that comes before the
 * next tick. */
static void
recheck_at (GstCallWebrtcSession *self,
            gint64                now,
            gint64                when)
{
  if (when - now >= RETRY_TICK_MS * (gint64) 1000)
    return;
  if (self->recheck_source) {
    g_source_destroy (self->recheck_source);
    g_clear_pointer (&self->recheck_source, g_source_unref);
  }
  self->recheck_source = g_timeout_source_new ((guint) ((when - now + 999) / 1000));
  g_source_set_callback (self->recheck_source, on_recheck, self, NULL);
  g_source_set_static_name (self->recheck_source, "[gstcall] reconnect recheck");
  g_source_attach (self->recheck_source, g_main_context_get_thread_default ());
}

/* One step of re-establishing: a new offer when it is this side's turn. */
static void
retry_step (GstCallWebrtcSession *self)
{
  gint64 now = g_get_monotonic_time ();
  gint64 age = now - self->attempt_started;
  gint64 coming_up_until;
  g_autofree char *answer = NULL;
  g_autoptr (GError) error = NULL;

  if (self->closed || !self->reconnecting) {
    stop_retrying (self);
    return;
  }

  if (self->attempt_started == 0) {
    /* The side that answered the call lets the other offer first. */
    if (!self->offerer && now - self->reconnect_started < ANSWERER_GRACE_MS * 1000)
      return;
  } else if (self->attempt_started != 1) {
    /* The last attempt is given its time: once answered, RETRY_INTERVAL_MS
     * for ICE and DTLS to get through; unanswered, long enough that its
     * answer cannot meet the next offer. */
    if (self->pc && self->attempt_offerer)
      answer = gst_peer_connection_get_remote_description (self->pc);
    if (age < (answer ? RETRY_INTERVAL_MS : RETRY_UNANSWERED_MS) * (gint64) 1000)
      return;
    coming_up_until = answer ? MIN (attempt_coming_up_until (self),
                                    self->attempt_started +
                                        RETRY_UNANSWERED_MS * (gint64) 1000)
                             : 0;
    if (coming_up_until > now) {
      GST_DEBUG ("session %p: attempt %u is %.2f s old, answered and coming up: it goes on",
                 self, self->attempts, age / (double) G_USEC_PER_SEC);
      recheck_at (self, now, coming_up_until);
      return;
    }
  }

  if (!rebuild_transport (self, TRUE, &error)) {
    stop_retrying (self);
    fail (self, g_steal_pointer (&error));
  }
}

static gboolean
on_retry_tick (gpointer user_data)
{
  retry_step (user_data);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_retry_now (gpointer user_data)
{
  retry_step (user_data);
  return G_SOURCE_REMOVE;
}

/* The transport is lost (or the peer re-establishes it): attempts follow
 * until one connects or the session is closed. */
static void
begin_reconnecting (GstCallWebrtcSession *self)
{
  if (self->reconnecting)
    return;
  self->reconnecting = TRUE;
  self->reconnect_started = g_get_monotonic_time ();
  self->attempt_started = 0;
  self->attempts = 0;
  self->retry_source = g_timeout_source_new (RETRY_TICK_MS);
  g_source_set_callback (self->retry_source, on_retry_tick, self, NULL);
  g_source_set_static_name (self->retry_source, "[gstcall] reconnect");
  g_source_attach (self->retry_source, g_main_context_get_thread_default ());
}

static void
gst_call_webrtc_session_reconnect (GstCallSession *session)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);
  GSource *now;

  if (self->closed || !self->pc || self->reconnecting)
    return;
  begin_reconnecting (self);
  if (!self->offerer)
    return;
  /* Not from within the lost peer connection's signal handlers: the first
   * attempt comes from the main loop. */
  now = g_idle_source_new ();
  g_source_set_callback (now, on_retry_now, g_object_ref (self), g_object_unref);
  g_source_set_static_name (now, "[gstcall] reconnect now");
  g_source_attach (now, g_main_context_get_thread_default ());
  g_source_unref (now);
}

/* An offer that re-establishes the transport: its ICE credentials or DTLS
 * fingerprint differ from the transport's, or it comes while our own new
 * offer waits for its answer. */
static gboolean
is_restart_offer (GstCallWebrtcSession *self,
                  const char           *sdp,
                  gboolean             *glare)
{
  g_autofree char *remote = NULL;
  g_autofree char *current = NULL;
  g_autofree char *offered = NULL;

  *glare = FALSE;
  if (!self->pc || !self->was_connected)
    return FALSE;
  remote = gst_peer_connection_get_remote_description (self->pc);
  if (!remote) {
    if (!self->attempt_offerer)
      return FALSE;
    /* Both sides offered: the side that offered the call keeps its offer. */
    *glare = self->offerer;
    return TRUE;
  }
  current = gst_call_sdp_get_transport_identity (remote);
  offered = gst_call_sdp_get_transport_identity (sdp);
  return current && offered && strcmp (current, offered) != 0;
}

static gboolean
gst_call_webrtc_session_start (GstCallSession             *session,
                               const GstCallSessionConfig *config,
                               gboolean                    offerer,
                               GError                    **error)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);

  g_return_val_if_fail (!self->pc, FALSE);

  gst_call_session_config_copy (&self->config, config);
  self->offerer = offerer;
  if (GST_IS_CALL_WHIP_SIGNALLER (config->signaller))
    g_signal_connect (config->signaller, "notify::ice-servers",
                      G_CALLBACK (on_whip_ice_servers), self);
  return build_transport (self, offerer, error);
}

/* What the call sends: the tracks added, and what it was configured to
 * send. */
static void
get_sends (GstCallWebrtcSession *self,
           gboolean             *sends)
{
  for (guint kind = 0; kind < 2; kind++)
    sends[kind] = self->local_tracks[kind] || self->config.send[kind];
}

static gboolean gst_call_webrtc_session_has_remote_description (GstCallSession *session);

static void
gst_call_webrtc_session_receive_description (GstCallSession *session,
                                             GstCallSdpType  type,
                                             const char     *sdp)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);
  gboolean sends[2];
  gboolean glare;
  GError *error = NULL;

  if (self->closed || !self->negotiator)
    return;
  if (type == GST_CALL_SDP_TYPE_OFFER && is_restart_offer (self, sdp, &glare)) {
    if (glare) {
      GST_INFO ("session %p: both sides offered a new transport: ours stands", self);
      return;
    }
    begin_reconnecting (self);
    if (!rebuild_transport (self, FALSE, &error)) {
      gst_call_session_fail (session, error);
      return;
    }
    /* The peer's attempt in progress: this side does not offer on its own
     * while the peer keeps trying. */
    self->attempt_started = g_get_monotonic_time ();
    gst_call_session_emit_reconnecting (session);
    if (self->closed)
      return;
  }
  /* A peer that takes none of the codecs we send fails the call, with both
   * sides' codecs in the error (and hears a bye from the call): webrtcbin
   * would answer without our media and say nothing. */
  get_sends (self, sends);
  if (!gst_call_session_check_remote_codecs (&self->config, sends, sdp, &error)) {
    gst_call_session_fail (session, error);
    return;
  }
  /* A first offer in which we can neither receive nor send anything (say,
   * a publisher's only codec is unknown to us) is refused at once, not
   * answered with nothing to wait for. A later one may well drop every
   * track. */
  if (type == GST_CALL_SDP_TYPE_OFFER &&
      !gst_call_webrtc_session_has_remote_description (session)) {
    g_autoptr (GstSDPMessage) offer = NULL;

    if (gst_sdp_message_new_from_text (sdp, &offer) == GST_SDP_OK &&
        !gst_call_sdp_check_offer_usable (offer, sends, &error)) {
      gst_call_session_fail (session, error);
      return;
    }
  }
  gst_call_negotiator_receive_description (self->negotiator, type, sdp);
}

static void
gst_call_webrtc_session_receive_candidate (GstCallSession *session,
                                           guint           mline_index,
                                           const char     *candidate)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);

  if (self->closed || !self->negotiator)
    return;
  gst_call_negotiator_receive_candidate (self->negotiator, mline_index, candidate);
}

static gboolean
gst_call_webrtc_session_has_remote_description (GstCallSession *session)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);
  g_autofree char *remote = NULL;

  remote = self->pc ? gst_peer_connection_get_remote_description (self->pc) : NULL;
  return remote != NULL;
}

static GstCallTrack *
gst_call_webrtc_session_add_track (GstCallSession    *session,
                                   GstCallMediaKind   kind,
                                   GstElement        *source,
                                   GError           **error)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);
  g_autoptr (GstElement) source_ref = gst_object_ref_sink (source);

  g_return_val_if_fail (self->pc != NULL, NULL);

  /* Added during the call, offering or answering: without transport-wide
   * feedback, whose extension identifier is not known here. */
  return add_local_track_full (self, kind, source_ref, self->config.codecs[kind], -1, -1, NULL, 0,
                               error);
}

static gboolean
gst_call_webrtc_session_remove_track (GstCallSession  *session,
                                      GstCallTrack    *track,
                                      GError         **error)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);
  g_autoptr (GstCallTrack) keep = NULL;

  g_return_val_if_fail (self->pc != NULL, FALSE);

  /* The slot below may hold the caller's only reference. */
  keep = g_object_ref (track);
  if (!gst_peer_connection_remove_track (self->pc, keep, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (self->local_tracks); i++) {
    if (self->local_tracks[i] == keep)
      g_clear_object (&self->local_tracks[i]);
  }
  return TRUE;
}

static GPtrArray *
gst_call_webrtc_session_get_local_tracks (GstCallSession *session)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);
  g_autoptr (GPtrArray) all = NULL;
  GPtrArray *local = g_ptr_array_new_with_free_func (g_object_unref);

  if (!self->pc)
    return local;
  all = gst_peer_connection_get_tracks (self->pc);
  for (guint i = 0; i < all->len; i++) {
    GstCallTrack *track = g_ptr_array_index (all, i);

    if (!gst_call_track_is_remote (track))
      g_ptr_array_add (local, g_object_ref (track));
  }
  return local;
}

static void
gst_call_webrtc_session_set_muted (GstCallSession   *session,
                                   GstCallMediaKind  kind,
                                   gboolean          muted)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);

  self->config.muted[kind] = muted;
  if (self->local_tracks[kind])
    gst_call_track_set_enabled (self->local_tracks[kind], !muted);
}

/* Any time: the tracks of @kind follow at once. */
static void
gst_call_webrtc_session_set_bitrate (GstCallSession   *session,
                                     GstCallMediaKind  kind,
                                     guint             kbit_per_second)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);
  g_autoptr (GPtrArray) tracks = gst_call_webrtc_session_get_local_tracks (session);

  self->config.bitrates[kind] = kbit_per_second;
  for (guint i = 0; i < tracks->len; i++) {
    if (gst_call_track_get_kind (tracks->pdata[i]) == kind)
      gst_call_track_set_bitrate (tracks->pdata[i], kbit_per_second);
  }
}

static void
on_stats (GObject      *source,
          GAsyncResult *result,
          gpointer      task)
{
  GError *error = NULL;
  GstCallStats *stats = gst_peer_connection_get_stats_finish (GST_PEER_CONNECTION (source), result, &error);

  gst_call_session_return_stats (task, stats, error);
}

/* Before there is a peer connection, the statistics have no streams. */
static void
gst_call_webrtc_session_get_stats_async (GstCallSession      *session,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, gst_call_webrtc_session_get_stats_async);
  if (self->pc) {
    gst_peer_connection_get_stats_async (self->pc, cancellable, on_stats, task);
  } else {
    gst_call_session_return_stats (task, gst_call_stats_collect (NULL, NULL, NULL), NULL);
  }
}

static GObject *
gst_call_webrtc_session_get_transport (GstCallSession *session)
{
  return G_OBJECT (GST_CALL_WEBRTC_SESSION (session)->pc);
}

static void
gst_call_webrtc_session_close (GstCallSession *session)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);

  if (self->closed)
    return;
  self->closed = TRUE;
  stop_retrying (self);
  if (self->negotiator) {
    g_signal_handlers_disconnect_by_data (self->negotiator, self);
    gst_call_negotiator_stop (self->negotiator);
  }
  if (self->config.signaller)
    g_signal_handlers_disconnect_by_data (self->config.signaller, self);
  if (self->pc) {
    g_signal_handlers_disconnect_by_data (self->pc, self);
    gst_peer_connection_close (self->pc);
  }
}

static void
gst_call_webrtc_session_dispose (GObject *object)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (object);

  gst_call_webrtc_session_close (GST_CALL_SESSION (self));
  g_clear_object (&self->negotiator);
  g_clear_object (&self->pc);
  g_clear_object (&self->local_tracks[0]);
  g_clear_object (&self->local_tracks[1]);
  gst_call_session_config_clear (&self->config);

  G_OBJECT_CLASS (gst_call_webrtc_session_parent_class)->dispose (object);
}

static gboolean
gst_call_webrtc_session_send_dtmf (GstCallSession  *session,
                                   const char      *tones,
                                   guint            duration_ms,
                                   GError         **error)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);

  if (!self->pc) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("DTMF cannot be sent: the call has no connection to the peer"));
    return FALSE;
  }
  return gst_peer_connection_send_dtmf (self->pc, tones, duration_ms, error);
}

static void
gst_call_webrtc_session_iface_init (GstCallSessionInterface *iface)
{
  iface->check_signaller = gst_call_webrtc_session_check_signaller;
  iface->start = gst_call_webrtc_session_start;
  iface->receive_description = gst_call_webrtc_session_receive_description;
  iface->receive_candidate = gst_call_webrtc_session_receive_candidate;
  iface->has_remote_description = gst_call_webrtc_session_has_remote_description;
  iface->add_track = gst_call_webrtc_session_add_track;
  iface->remove_track = gst_call_webrtc_session_remove_track;
  iface->get_local_tracks = gst_call_webrtc_session_get_local_tracks;
  iface->set_muted = gst_call_webrtc_session_set_muted;
  iface->set_bitrate = gst_call_webrtc_session_set_bitrate;
  iface->get_stats_async = gst_call_webrtc_session_get_stats_async;
  iface->get_transport = gst_call_webrtc_session_get_transport;
  iface->close = gst_call_webrtc_session_close;
  iface->reconnect = gst_call_webrtc_session_reconnect;
  iface->send_dtmf = gst_call_webrtc_session_send_dtmf;
}

static void
gst_call_webrtc_session_class_init (GstCallWebrtcSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = gst_call_webrtc_session_dispose;
}

static void
gst_call_webrtc_session_init (GstCallWebrtcSession *self)
{
}

GstCallSession *
gst_call_webrtc_session_new (void)
{
  return g_object_new (GST_TYPE_CALL_WEBRTC_SESSION, NULL);
}
