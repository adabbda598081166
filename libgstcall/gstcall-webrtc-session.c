/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gst/webrtc/webrtc.h>

#include "gstcall-webrtc-session-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-local-media-private.h"
#include "gstcall-media-private.h"
#include "gstcall-negotiator-private.h"
#include "gstcall-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcalltrack-private.h"
#include "gstpeerconnection-private.h"

struct _GstCallWebrtcSession {
  GObject parent_instance;

  GstCallSessionConfig config;
  GstPeerConnection *pc;
  GstCallNegotiator *negotiator;
  GstCallTrack *local_tracks[2]; /* the last added, by GstCallMediaKind */
  gboolean sources_added;        /* the answerer adds them when the offer comes */
  gboolean closed;
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

/* Sends @source (or the configured broadcast of @kind) with @codec;
 * @payload_type and @profile_level_id are the offer's when answering (-1
 * and NULL otherwise). */
static GstCallTrack *
add_local_track_full (GstCallWebrtcSession  *self,
                      GstCallMediaKind       kind,
                      GstElement            *source,
                      GstCallCodec           codec,
                      int                    payload_type,
                      const char            *profile_level_id,
                      GError               **error)
{
  GstCallTrack *track;

  if (self->config.broadcasts[kind])
    track = gst_peer_connection_add_broadcast_track (self->pc, self->config.broadcasts[kind],
                                                     payload_type, error);
  else
    track = gst_peer_connection_add_track_for_offer (self->pc, codec, source, payload_type,
                                                     profile_level_id, error);
  if (!track)
    return NULL;

  gst_call_track_set_enabled (track, !self->config.muted[kind]);
  if (self->config.bitrates[kind])
    gst_call_track_set_bitrate (track, self->config.bitrates[kind]);

  g_set_object (&self->local_tracks[kind], track);
  return track;
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
    g_autofree char *profile_level_id = NULL;
    GstElement *source;

    if (!config->send[kind])
      continue;
    if (offer && !gst_call_sdp_find_send_codec (offer, kind, config->codecs[kind], &codec,
                                                &payload_type, &profile_level_id)) {
      GST_INFO ("session %p: the offer asks for no %s we can send",
                self, gst_call_media_kind_to_string (kind));
      continue;
    }
    /* Offering H.264, the level follows the video's size and frame rate
     * (answering, webrtcbin takes only the offer's profile-level-id). */
    if (!offer && codec == GST_CALL_CODEC_H264)
      profile_level_id = gst_call_h264_profile_level_id_for_video (
          config->video_width, config->video_height, config->video_framerate, 1);

    if (config->broadcasts[kind]) {
      /* The broadcast's encoder serves this call: no source of its own. */
      if (!add_local_track_full (self, kind, NULL, codec, offer ? (int) payload_type : -1,
                                 profile_level_id, error))
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
                                          profile_level_id, error)) {
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
on_connection_state (GstPeerConnection    *pc,
                     GParamSpec           *pspec,
                     GstCallWebrtcSession *self)
{
  switch (gst_peer_connection_get_connection_state (pc)) {
    case GST_CALL_PEER_CONNECTION_STATE_CONNECTED:
      gst_call_session_emit_connected (GST_CALL_SESSION (self),
                                       gst_peer_connection_get_webrtcbin (pc));
      break;
    case GST_CALL_PEER_CONNECTION_STATE_FAILED:
      if (gst_peer_connection_get_ice_connection_state (pc) ==
          GST_CALL_ICE_CONNECTION_STATE_FAILED)
        fail (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_ICE,
                                         _("ICE found no working path to the peer")));
      else
        fail (self, g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_DTLS,
                                         _("The secure (DTLS) connection with the peer failed")));
      break;
    default:
      break;
  }
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

static gboolean
gst_call_webrtc_session_start (GstCallSession             *session,
                               const GstCallSessionConfig *config,
                               gboolean                    offerer,
                               GError                    **error)
{
  GstCallWebrtcSession *self = GST_CALL_WEBRTC_SESSION (session);
  GstCallMediaKind kinds[] = { GST_CALL_MEDIA_KIND_AUDIO, GST_CALL_MEDIA_KIND_VIDEO };
  gboolean whip = GST_IS_CALL_WHIP_SIGNALLER (config->signaller);

  g_return_val_if_fail (!self->pc, FALSE);

  gst_call_session_config_copy (&self->config, config);
  self->pc = g_initable_new (GST_TYPE_PEER_CONNECTION, NULL, error,
                             "ice-servers", config->ice_servers,
                             "ice-local-addresses", config->ice_local_addresses,
                             "latency", config->latency,
                             "ice-transport-policy", config->ice_transport_policy,
                             NULL);
  if (!self->pc)
    return FALSE;
  gst_call_session_emit_transport_created (session);

  g_signal_connect (self->pc, "notify::connection-state",
                    G_CALLBACK (on_connection_state), self);
  g_signal_connect (self->pc, "track", G_CALLBACK (on_remote_track), self);
  g_signal_connect (self->pc, "error", G_CALLBACK (on_error), self);
  if (whip)
    g_signal_connect (config->signaller, "notify::ice-servers",
                      G_CALLBACK (on_whip_ice_servers), self);

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
  GError *error = NULL;

  if (self->closed || !self->negotiator)
    return;
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

  return add_local_track_full (self, kind, source_ref, self->config.codecs[kind], -1, NULL,
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
