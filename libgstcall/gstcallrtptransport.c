/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcallrtptransport-impl-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcalltrack-private.h"


/**
 * GstCallRtpTransport:
 *
 * Plain RTP over UDP, without ICE or DTLS: what SIP endpoints, intercoms
 * and media servers speak.
 *
 * All media share one UDP socket (one 5-tuple): `a=group:BUNDLE`,
 * `a=rtcp-mux`, `RTP/AVPF` with NACK and RTX (`rtx/90000`, `apt=`,
 * `a=ssrc-group:FID`) on video. A peer that takes neither BUNDLE nor
 * rtcp-mux (an ordinary SIP phone) gets legacy SDP instead: each media
 * section on a UDP port of its own, with an RTCP port of its own where
 * rtcp-mux is missing (`a=rtcp`, RFC 3605), `RTP/AVP` without feedback
 * when so offered; see [method@CallRtpTransport.create_offer] and
 * [method@CallRtpTransport.create_answer]. Each media section is one rtpbin session:
 * the first one session 0, the next session 1, and so on. A lost video
 * packet is asked for, and asked for again, while its retransmission can
 * still arrive within [property@CallRtpTransport:latency] (200 ms by
 * default; at 5% random loss at least 99% of the frames are repaired).
 *
 * On receive, every packet of the socket is routed by SSRC to its session.
 * A new SSRC goes, in this order, where a handler of
 * [signal@CallRtpTransport::bundled-ssrc] says, where the remote
 * description's `a=ssrc` lines and FID groups put it, where the MID header
 * extension names, where its payload type belongs. Retransmission SSRCs
 * always go with the media they repair. Garbage, unknown SSRCs and payload
 * types are dropped and counted in [method@CallRtpTransport.get_stats];
 * at most [const@CALL_RTP_TRANSPORT_MAX_SESSIONS] sessions are made.
 *
 * A media section of the remote description that names its SSRCs
 * (`a=ssrc`, `a=ssrc-group:FID`) receives those only: a new SSRC is not
 * put there by its MID or payload type, which anybody can write in a
 * packet, only by a [signal@CallRtpTransport::bundled-ssrc] handler. The
 * SSRCs the description names, RTX ones of FID groups among them, are
 * always admitted.
 *
 * Sections without SSRCs take new ones by MID and payload type, as plain
 * endpoints need, into a table of at most 64 such SSRCs. When it is full,
 * a new SSRC takes the place of one that has been silent for 5 seconds,
 * else of the least recently heard one that has sent fewer than 8
 * packets; a source that keeps sending is never pushed out. When none
 * gives way, the new SSRC's packets are dropped (`dropped-limit`) and the
 * first time [signal@CallRtpTransport::warning] says so.
 *
 * With [property@CallRtpTransport:srtp] set, media is encrypted and
 * authenticated with SRTP, keyed by SDES (`RTP/SAVPF`, `a=crypto`, RFC
 * 4568): the keys travel in the SDP, so the SDP must travel over a secure
 * channel. An SRTP offer is always answered with SRTP.
 *
 * ```c
 * GstCallRtpTransport *transport = gst_call_rtp_transport_new ();
 * gst_call_rtp_transport_set_sources_from_description (transport,
 *     "v4l2src", "pulsesrc", &error);
 * char *offer = gst_call_rtp_transport_create_offer (transport, &error);
 * // send the offer, get the answer
 * gst_call_rtp_transport_set_remote_answer (transport, answer, &error);
 * ```
 *
 * Signals are emitted on the [struct@GLib.MainContext] that was the
 * thread-default one when the transport was made.
 *
 * Since: 0.1
 */

#define DEFAULT_LOCAL_ADDRESS "127.0.0.1"

G_DEFINE_FINAL_TYPE (GstCallRtpTransport, gst_call_rtp_transport, G_TYPE_OBJECT)

GParamSpec *gst_call_rtp_transport_props[N_PROPS];
guint gst_call_rtp_transport_signals[N_SIGNALS];

static void
local_media_free (gpointer data)
{
  LocalMedia *media = data;

  g_free (media->source_description);
  g_free (media->mid);
  g_free (media->profile_level_id);
  gst_clear_object (&media->encoder_slot);
  gst_clear_object (&media->source);
  gst_clear_object (&media->sending);
  g_clear_object (&media->track);
  g_clear_pointer (&media->dtmf, gst_call_dtmf_sender_unref);
  g_free (media);
}

/* A new local media of @kind in the transport's codec, not in the call yet. */
static LocalMedia *
local_media_add (GstCallRtpTransport *self,
                 GstCallMediaKind     kind)
{
  LocalMedia *media = g_new0 (LocalMedia, 1);

  media->kind = kind;
  media->codec = self->codecs[kind];
  media->session = -1;
  media->ssrc = g_random_int ();
  do
    media->rtx_ssrc = g_random_int ();
  while (media->rtx_ssrc == media->ssrc);
  g_ptr_array_add (self->medias, media);
  return media;
}

/* ------------------------------------------------------------------------ */
/* Signals from streaming threads                                            */

static void
emit_error (gpointer object,
            gpointer data)
{
  g_signal_emit (object, gst_call_rtp_transport_signals[SIGNAL_ERROR], 0, (GError *) data);
}

static void
emit_warning (gpointer object,
              gpointer data)
{
  GstCallRtpTransport *self = object;

  self->warnings++;
  g_signal_emit (self, gst_call_rtp_transport_signals[SIGNAL_WARNING], 0, (GError *) data);
}

void
gst_call_rtp_transport_report_warning (GstCallRtpTransport *self,
                                       GError              *warning)
{
  GST_WARNING ("%s", warning->message);
  gst_call_context_proxy_invoke (self->proxy, emit_warning, warning,
                                 (GDestroyNotify) g_error_free);
}

void
gst_call_rtp_transport_report_error (GstCallRtpTransport *self,
                                     GError              *error)
{
  GST_WARNING ("%s", error->message);
  gst_call_context_proxy_invoke (self->proxy, emit_error, error,
                                 (GDestroyNotify) g_error_free);
}

gboolean
gst_call_rtp_transport_check_open (GstCallRtpTransport  *self,
                                   GError              **error)
{
  if (self->closed) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED,
                 _("The RTP transport is closed"));
    return FALSE;
  }
  return TRUE;
}

static gboolean
check_usable (GstCallRtpTransport  *self,
              GError              **error)
{
  if (!gst_call_rtp_transport_check_open (self, error))
    return FALSE;
  if (self->started) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("The RTP transport was already negotiated; renegotiation is not "
                   "supported"));
    return FALSE;
  }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Public API                                                                */

/**
 * gst_call_rtp_transport_new:
 *
 * Makes a plain RTP transport, bound to the thread-default main context.
 *
 * Returns: (transfer full): a new [class@CallRtpTransport]
 *
 * Since: 0.1
 */
GstCallRtpTransport *
gst_call_rtp_transport_new (void)
{
  return g_object_new (GST_TYPE_CALL_RTP_TRANSPORT, NULL);
}

/**
 * gst_call_rtp_transport_set_sources_from_description:
 * @self: a [class@CallRtpTransport]
 * @video: (nullable): a gst-launch description of the video source, or
 *   %NULL to send no video
 * @audio: (nullable): a gst-launch description of the audio source, or
 *   %NULL to send no audio
 * @error: return location for a #GError
 *
 * Sets what the transport sends, encoded in VP8 and Opus (encoder chosen by
 * [class@CallCodecs]). The offer lists audio first (session 0), then video
 * (session 1). Call before the offer or answer is made.
 *
 * Returns: %TRUE if the descriptions parse
 *
 * Since: 0.1
 */
gboolean
gst_call_rtp_transport_set_sources_from_description (GstCallRtpTransport  *self,
                                                     const char           *video,
                                                     const char           *audio,
                                                     GError              **error)
{
  const char *descriptions[] = { audio, video };
  const GstCallMediaKind kinds[] = { GST_CALL_MEDIA_KIND_AUDIO, GST_CALL_MEDIA_KIND_VIDEO };

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_usable (self, error))
    return FALSE;
  if (self->offered) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("Sources cannot change after the offer was made"));
    return FALSE;
  }

  for (guint i = 0; i < G_N_ELEMENTS (descriptions); i++) {
    g_autoptr (GstElement) check = NULL;

    if (!descriptions[i])
      continue;
    check = gst_call_media_make_source_from_description (kinds[i], descriptions[i], error);
    if (!check)
      return FALSE;
    gst_object_ref_sink (check);
  }

  g_ptr_array_set_size (self->medias, 0);
  for (guint i = 0; i < G_N_ELEMENTS (descriptions); i++) {
    if (descriptions[i])
      local_media_add (self, kinds[i])->source_description = g_strdup (descriptions[i]);
  }
  return TRUE;
}

/**
 * gst_call_rtp_transport_close:
 * @self: a [class@CallRtpTransport]
 *
 * Stops media and closes the socket. The transport cannot be used again.
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_close (GstCallRtpTransport *self)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));

  if (self->closed)
    return;
  self->closed = TRUE;
  if (self->pipeline) {
    g_autoptr (GstBus) bus = gst_pipeline_get_bus (GST_PIPELINE (self->pipeline));

    gst_element_set_state (self->pipeline, GST_STATE_NULL);
    gst_bus_remove_watch (bus);
    g_signal_handlers_disconnect_by_data (self->rtpbin, self);
    if (self->srtp_decoder)
      g_signal_handlers_disconnect_by_data (self->srtp_decoder, self);
    for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++) {
      if (self->sessions[i].srtp_decoder)
        g_signal_handlers_disconnect_by_data (self->sessions[i].srtp_decoder, self);
      if (self->sessions[i].rtcp_watched) {
        g_autoptr (GObject) rtp_session = NULL;

        g_signal_emit_by_name (self->rtpbin, "get-internal-session", i, &rtp_session);
        if (rtp_session)
          g_signal_handlers_disconnect_by_data (rtp_session, self);
      }
    }
  }
  if (self->socket)
    g_socket_close (self->socket, NULL);
  for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++)
    gst_call_rtp_transport_release_session_ports (self, i);
}

/**
 * gst_call_rtp_transport_get_pipeline:
 * @self: a [class@CallRtpTransport]
 *
 * The pipeline, read-only, as an escape hatch (its rtpbin is named
 * `rtpbin`); %NULL before the first offer or answer.
 *
 * Returns: (transfer none) (nullable): the pipeline
 *
 * Since: 0.1
 */
GstPipeline *
gst_call_rtp_transport_get_pipeline (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);

  return self->pipeline ? GST_PIPELINE (self->pipeline) : NULL;
}

/**
 * gst_call_rtp_transport_get_local_port:
 * @self: a [class@CallRtpTransport]
 *
 * The UDP port all media is received on; 0 before the first offer or
 * answer binds it.
 *
 * Returns: the port
 *
 * Since: 0.1
 */
guint
gst_call_rtp_transport_get_local_port (GstCallRtpTransport *self)
{
  g_autoptr (GSocketAddress) address = NULL;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), 0);

  if (!self->socket)
    return 0;
  address = g_socket_get_local_address (self->socket, NULL);
  if (!address || !G_IS_INET_SOCKET_ADDRESS (address))
    return 0;
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address));
}

/**
 * gst_call_rtp_transport_get_local_address:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:local-address].
 *
 * Returns: (transfer none): the address the socket binds to
 *
 * Since: 0.1
 */
const char *
gst_call_rtp_transport_get_local_address (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);

  return self->local_address;
}

/**
 * gst_call_rtp_transport_set_local_address:
 * @self: a [class@CallRtpTransport]
 * @address: an IP address of this host, as written in the SDP
 *
 * Sets the address the socket binds to (default `127.0.0.1`). It has no
 * effect once the socket is bound.
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_local_address (GstCallRtpTransport *self,
                                          const char          *address)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (address != NULL);

  if (g_strcmp0 (self->local_address, address) == 0)
    return;
  g_free (self->local_address);
  self->local_address = g_strdup (address);
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_rtp_transport_props[PROP_LOCAL_ADDRESS]);
}

/**
 * gst_call_rtp_transport_get_rtx:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:rtx].
 *
 * Returns: whether NACK and RTX are offered and answered for video
 *
 * Since: 0.1
 */
gboolean
gst_call_rtp_transport_get_rtx (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), FALSE);

  return self->rtx;
}

/**
 * gst_call_rtp_transport_set_rtx:
 * @self: a [class@CallRtpTransport]
 * @rtx: whether to use NACK and RTX for video
 *
 * Turns retransmission on (the default) or off; set before the offer or
 * answer.
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_rtx (GstCallRtpTransport *self,
                                gboolean             rtx)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));

  rtx = !!rtx;
  if (self->rtx == rtx)
    return;
  self->rtx = rtx;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_rtp_transport_props[PROP_RTX]);
}

/**
 * gst_call_rtp_transport_get_srtp:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:srtp].
 *
 * Returns: whether this transport offers, and requires, SRTP
 *
 * Since: 0.1
 */
gboolean
gst_call_rtp_transport_get_srtp (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), FALSE);

  return self->srtp;
}

/**
 * gst_call_rtp_transport_set_srtp:
 * @self: a [class@CallRtpTransport]
 * @srtp: whether to offer and require SRTP
 *
 * Sets [property@CallRtpTransport:srtp], before the offer or answer.
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_srtp (GstCallRtpTransport *self,
                                 gboolean             srtp)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));

  srtp = !!srtp;
  if (self->srtp == srtp)
    return;
  if (self->offered || self->started) {
    g_warning ("GstCallRtpTransport: srtp must be set before the offer or answer");
    return;
  }
  self->srtp = srtp;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_rtp_transport_props[PROP_SRTP]);
}

/**
 * gst_call_rtp_transport_get_avpf:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:avpf].
 *
 * Returns: whether offers use the RTP/AVPF profile
 *
 * Since: 0.1
 */
gboolean
gst_call_rtp_transport_get_avpf (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), FALSE);

  return self->avpf;
}

/**
 * gst_call_rtp_transport_set_avpf:
 * @self: a [class@CallRtpTransport]
 * @avpf: whether offers use the RTP/AVPF profile
 *
 * Sets [property@CallRtpTransport:avpf], before the offer.
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_avpf (GstCallRtpTransport *self,
                                 gboolean             avpf)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));

  avpf = !!avpf;
  if (self->avpf == avpf)
    return;
  if (self->offered || self->started) {
    g_warning ("GstCallRtpTransport: avpf must be set before the offer");
    return;
  }
  self->avpf = avpf;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_rtp_transport_props[PROP_AVPF]);
}

/**
 * gst_call_rtp_transport_get_secure:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:secure].
 *
 * Returns: whether the negotiated media is SRTP
 *
 * Since: 0.1
 */
gboolean
gst_call_rtp_transport_get_secure (GstCallRtpTransport *self)
{
  gboolean secure;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), FALSE);

  g_mutex_lock (&self->lock);
  secure = self->secure;
  g_mutex_unlock (&self->lock);
  return secure;
}

/**
 * gst_call_rtp_transport_get_video_sink:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:video-sink].
 *
 * Returns: (transfer none) (nullable): the sink of the remote video
 *
 * Since: 0.1
 */
GstElement *
gst_call_rtp_transport_get_video_sink (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);

  return self->video_sink;
}

static void
replace_sink (GstCallRtpTransport  *self,
              GstElement          **slot,
              GstElement           *sink,
              GParamSpec           *pspec)
{
  if (*slot == sink)
    return;
  if (sink)
    gst_object_ref_sink (sink);
  g_mutex_lock (&self->lock);
  if (*slot)
    gst_object_unref (*slot);
  *slot = sink;
  g_mutex_unlock (&self->lock);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

/**
 * gst_call_rtp_transport_set_video_sink:
 * @self: a [class@CallRtpTransport]
 * @sink: (nullable) (transfer floating): where the first remote video
 *   stream is played, or %NULL for `autovideosink`
 *
 * Sets the sink of the remote video (decoded and converted).
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_video_sink (GstCallRtpTransport *self,
                                       GstElement          *sink)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (sink == NULL || GST_IS_ELEMENT (sink));

  replace_sink (self, &self->video_sink, sink, gst_call_rtp_transport_props[PROP_VIDEO_SINK]);
}

/**
 * gst_call_rtp_transport_get_audio_sink:
 * @self: a [class@CallRtpTransport]
 *
 * Gets [property@CallRtpTransport:audio-sink].
 *
 * Returns: (transfer none) (nullable): the sink of the remote audio
 *
 * Since: 0.1
 */
GstElement *
gst_call_rtp_transport_get_audio_sink (GstCallRtpTransport *self)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);

  return self->audio_sink;
}

/**
 * gst_call_rtp_transport_set_audio_sink:
 * @self: a [class@CallRtpTransport]
 * @sink: (nullable) (transfer floating): where the first remote audio
 *   stream is played, or %NULL for `autoaudiosink`
 *
 * Sets the sink of the remote audio (decoded and converted).
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_set_audio_sink (GstCallRtpTransport *self,
                                       GstElement          *sink)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (sink == NULL || GST_IS_ELEMENT (sink));

  replace_sink (self, &self->audio_sink, sink, gst_call_rtp_transport_props[PROP_AUDIO_SINK]);
}

void
gst_call_rtp_transport_set_send_filter (GstCallRtpTransport *self,
                                        GstElement          *filter)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (!self->started);

  if (filter)
    gst_object_ref_sink (filter);
  g_clear_object (&self->send_filter);
  self->send_filter = filter;
}

void
gst_call_rtp_transport_set_encoded_video_source (GstCallRtpTransport *self,
                                                 GstElement          *source)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (!self->started);

  if (source)
    gst_object_ref_sink (source);
  gst_clear_object (&self->encoded_video_source);
  self->encoded_video_source = source;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

void
gst_call_rtp_transport_set_track_func (GstCallRtpTransport          *self,
                                       GstCallRtpTransportTrackFunc  func,
                                       gpointer                      user_data)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (!self->started);

  self->track_func = func;
  self->track_func_data = user_data;
}

void
gst_call_rtp_transport_set_dtmf_func (GstCallRtpTransport         *self,
                                      GstCallRtpTransportDtmfFunc  func,
                                      gpointer                     user_data)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (!self->started);

  self->dtmf_func = func;
  self->dtmf_func_data = user_data;
}

gboolean
gst_call_rtp_transport_send_dtmf (GstCallRtpTransport  *self,
                                  const char           *tones,
                                  guint                 duration_ms,
                                  GError              **error)
{
  LocalMedia *audio = NULL;
  guint clock_rate;
  int payload_type = -1;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), FALSE);
  g_return_val_if_fail (tones != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!gst_call_rtp_transport_check_open (self, error))
    return FALSE;
  for (guint i = 0; !audio && i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->kind == GST_CALL_MEDIA_KIND_AUDIO && media->dtmf && media->send &&
        media->session >= 0)
      audio = media;
  }
  if (!audio) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("DTMF cannot be sent: the call sends no audio"));
    return FALSE;
  }
  clock_rate = gst_call_codec_table_lookup (audio->codec)->clock_rate;
  g_mutex_lock (&self->lock);
  if (self->remote && (guint) audio->session < gst_sdp_message_medias_len (self->remote))
    payload_type = gst_call_dtmf_find_audio_payload_type (
        gst_sdp_message_get_media (self->remote, (guint) audio->session), clock_rate, NULL);
  g_mutex_unlock (&self->lock);
  if (payload_type < 0) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("DTMF cannot be sent: the peer did not negotiate telephone-event/%u "
                   "(RFC 4733) for the audio"), clock_rate);
    return FALSE;
  }
  gst_call_dtmf_sender_queue (audio->dtmf, (guint) payload_type, tones, duration_ms);
  return TRUE;
}

void
gst_call_rtp_transport_set_muted (GstCallRtpTransport *self,
                                  GstCallMediaKind     kind,
                                  gboolean             muted)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (kind == GST_CALL_MEDIA_KIND_VIDEO || kind == GST_CALL_MEDIA_KIND_AUDIO);

  g_atomic_int_set (&self->muted[kind], !!muted);
}

GstCallTrack *
gst_call_rtp_transport_add_track (GstCallRtpTransport  *self,
                                  GstCallMediaKind      kind,
                                  GstElement           *source,
                                  GError              **error)
{
  LocalMedia *media;
  g_autoptr (GstPad) source_src = NULL;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);
  g_return_val_if_fail (GST_IS_ELEMENT (source), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  gst_object_ref_sink (source);
  if (!gst_call_rtp_transport_check_open (self, error) || !self->started) {
    if (error && !*error)
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                   _("Tracks are added to a plain RTP call once its media flows"));
    gst_object_unref (source);
    return NULL;
  }
  source_src = gst_element_get_static_pad (source, "src");
  if (!source_src) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The %s source %s has no \"src\" pad"),
                 gst_call_media_kind_to_string (kind), GST_OBJECT_NAME (source));
    gst_object_unref (source);
    return NULL;
  }
  media = local_media_add (self, kind);
  media->source = source;
  media->track = gst_call_track_new (kind, FALSE, NULL, GST_BIN (self->pipeline), source_src);
  return media->track;
}

gboolean
gst_call_rtp_transport_remove_track (GstCallRtpTransport  *self,
                                     GstCallTrack         *track,
                                     GError              **error)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), FALSE);
  g_return_val_if_fail (GST_IS_CALL_TRACK (track), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->track != track || media->removed)
      continue;
    media->removed = TRUE;
    media->send = FALSE;
    gst_call_rtp_transport_congestion_remove_media (self, media);
    if (media->sending) {
      /* Its media stops at once; the re-offer tells the peer. */
      gst_element_set_locked_state (media->sending, TRUE);
      gst_element_set_state (media->sending, GST_STATE_NULL);
    }
    return TRUE;
  }
  g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
               _("The track is not sent by this plain RTP transport"));
  return FALSE;
}

GPtrArray *
gst_call_rtp_transport_get_local_tracks (GstCallRtpTransport *self)
{
  GPtrArray *tracks = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), tracks);

  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->track && !media->removed)
      g_ptr_array_add (tracks, g_object_ref (media->track));
  }
  return tracks;
}

void
gst_call_rtp_transport_set_codec (GstCallRtpTransport *self,
                                  GstCallMediaKind     kind,
                                  GstCallCodec         codec)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (gst_call_media_codec_can_send (codec));
  g_return_if_fail (gst_call_media_codec_kind (codec) == kind);
  g_return_if_fail (!self->offered && !self->started);

  self->codecs[kind] = codec;
  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->kind == kind)
      media->codec = codec;
  }
}

void
gst_call_rtp_transport_set_video_format (GstCallRtpTransport *self,
                                         guint                width,
                                         guint                height,
                                         guint                framerate)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (!self->offered && !self->started);

  self->video_width = width;
  self->video_height = height;
  self->video_framerate = framerate;
}

void
gst_call_rtp_transport_set_bitrate (GstCallRtpTransport *self,
                                    GstCallMediaKind     kind,
                                    guint                kbit_per_second)
{
  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (kind == GST_CALL_MEDIA_KIND_VIDEO || kind == GST_CALL_MEDIA_KIND_AUDIO);

  self->bitrates[kind] = kbit_per_second;
  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->kind == kind && media->track)
      gst_call_track_set_bitrate (media->track, kbit_per_second);
  }
}

static void
gst_call_rtp_transport_dispose (GObject *object)
{
  GstCallRtpTransport *self = GST_CALL_RTP_TRANSPORT (object);

  gst_call_rtp_transport_close (self);
  for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++) {
    g_clear_object (&self->sessions[i].rtx_receive);
    g_clear_object (&self->sessions[i].rtx_send);
    gst_clear_object (&self->sessions[i].srtp_encoder);
    g_clear_pointer (&self->sessions[i].remote_address, g_free);
    gst_clear_object (&self->sessions[i].srtp_decoder);
    self->sessions[i].rtp_sink = self->sessions[i].rtcp_sink = NULL;
  }
  gst_clear_object (&self->srtp_decoder);
  g_clear_object (&self->pipeline);
  self->rtpbin = self->demux = self->funnel = NULL;
  g_clear_object (&self->video_sink);
  g_clear_object (&self->audio_sink);
  g_clear_object (&self->send_filter);
  gst_clear_object (&self->encoded_video_source);
  g_clear_object (&self->socket);

  G_OBJECT_CLASS (gst_call_rtp_transport_parent_class)->dispose (object);
}

static void
gst_call_rtp_transport_finalize (GObject *object)
{
  GstCallRtpTransport *self = GST_CALL_RTP_TRANSPORT (object);

  gst_call_stats_history_free (self->stats_history);
  g_clear_pointer (&self->proxy, gst_call_context_proxy_unref);
  g_clear_pointer (&self->remote, gst_sdp_message_free);
  gst_call_srtp_crypto_clear (&self->offer_crypto);
  for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++) {
    gst_call_srtp_crypto_clear (&self->sessions[i].local_crypto);
    gst_call_srtp_crypto_clear (&self->sessions[i].remote_crypto);
  }
  g_ptr_array_unref (self->medias);
  g_free (self->local_address);
  g_free (self->cname);
  g_mutex_clear (&self->lock);
  gst_call_rtp_transport_congestion_clear (self);

  G_OBJECT_CLASS (gst_call_rtp_transport_parent_class)->finalize (object);
}

static void
gst_call_rtp_transport_get_property (GObject    *object,
                                     guint       prop_id,
                                     GValue     *value,
                                     GParamSpec *pspec)
{
  GstCallRtpTransport *self = GST_CALL_RTP_TRANSPORT (object);

  switch (prop_id) {
  case PROP_LOCAL_ADDRESS:
    g_value_set_string (value, self->local_address);
    break;
  case PROP_LOCAL_PORT:
    g_value_set_uint (value, gst_call_rtp_transport_get_local_port (self));
    break;
  case PROP_RTX:
    g_value_set_boolean (value, self->rtx);
    break;
  case PROP_VIDEO_SINK:
    g_value_set_object (value, self->video_sink);
    break;
  case PROP_AUDIO_SINK:
    g_value_set_object (value, self->audio_sink);
    break;
  case PROP_LATENCY:
    g_value_set_uint (value, self->latency);
    break;
  case PROP_SRTP:
    g_value_set_boolean (value, self->srtp);
    break;
  case PROP_SECURE:
    g_value_set_boolean (value, gst_call_rtp_transport_get_secure (self));
    break;
  case PROP_AVPF:
    g_value_set_boolean (value, self->avpf);
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
gst_call_rtp_transport_set_property (GObject      *object,
                                     guint         prop_id,
                                     const GValue *value,
                                     GParamSpec   *pspec)
{
  GstCallRtpTransport *self = GST_CALL_RTP_TRANSPORT (object);

  switch (prop_id) {
  case PROP_LOCAL_ADDRESS:
    gst_call_rtp_transport_set_local_address (self, g_value_get_string (value));
    break;
  case PROP_RTX:
    gst_call_rtp_transport_set_rtx (self, g_value_get_boolean (value));
    break;
  case PROP_SRTP:
    gst_call_rtp_transport_set_srtp (self, g_value_get_boolean (value));
    break;
  case PROP_AVPF:
    gst_call_rtp_transport_set_avpf (self, g_value_get_boolean (value));
    break;
  case PROP_CONGESTION_CONTROL:
    gst_call_rtp_transport_set_congestion_control (self, g_value_get_enum (value));
    break;
  case PROP_MIN_BITRATE:
    gst_call_rtp_transport_set_min_bitrate (self, g_value_get_uint (value));
    break;
  case PROP_START_BITRATE:
    gst_call_rtp_transport_set_start_bitrate (self, g_value_get_uint (value));
    break;
  case PROP_MAX_BITRATE:
    gst_call_rtp_transport_set_max_bitrate (self, g_value_get_uint (value));
    break;
  case PROP_VIDEO_SINK:
    gst_call_rtp_transport_set_video_sink (self, g_value_get_object (value));
    break;
  case PROP_AUDIO_SINK:
    gst_call_rtp_transport_set_audio_sink (self, g_value_get_object (value));
    break;
  case PROP_LATENCY:
    if (self->latency != g_value_get_uint (value)) {
      self->latency = g_value_get_uint (value);
      if (self->rtpbin)
        g_object_set (self->rtpbin, "latency", self->latency, NULL);
      g_object_notify_by_pspec (object, pspec);
    }
    break;
  default:
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

/* The first handler that chooses a session (>= 0) wins. */
static gboolean
first_session_wins (GSignalInvocationHint *hint,
                    GValue                *accumulated,
                    const GValue          *handler_return,
                    gpointer               data)
{
  int session = g_value_get_int (handler_return);

  g_value_set_int (accumulated, session);
  return session < 0;
}

static void
gst_call_rtp_transport_class_init (GstCallRtpTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = gst_call_rtp_transport_dispose;
  object_class->finalize = gst_call_rtp_transport_finalize;
  object_class->get_property = gst_call_rtp_transport_get_property;
  object_class->set_property = gst_call_rtp_transport_set_property;

  /**
   * GstCallRtpTransport:local-address:
   *
   * The IP address the UDP socket binds to and the SDP names.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_LOCAL_ADDRESS] =
      g_param_spec_string ("local-address", NULL, NULL, DEFAULT_LOCAL_ADDRESS,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:local-port:
   *
   * The UDP port all media is received on (0 until bound).
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_LOCAL_PORT] =
      g_param_spec_uint ("local-port", NULL, NULL, 0, 65535, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:rtx:
   *
   * Whether NACK and RTX are negotiated for video.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_RTX] =
      g_param_spec_boolean ("rtx", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                            G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:video-sink:
   *
   * The sink of the first remote video stream (`autovideosink` if unset, a
   * clocked `fakesink` when there is no display).
   * The transport of a [class@Call] does not use it: the call's
   * [property@Call:video-sink] and [signal@Call::remote-track] take its
   * place.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_VIDEO_SINK] =
      g_param_spec_object ("video-sink", NULL, NULL, GST_TYPE_ELEMENT,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:audio-sink:
   *
   * The sink of the first remote audio stream (`autoaudiosink` if unset, a
   * clocked `fakesink` when there is no sound output).
   * The transport of a [class@Call] does not use it: the call's
   * [property@Call:audio-sink] and [signal@Call::remote-track] take its
   * place.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_AUDIO_SINK] =
      g_param_spec_object ("audio-sink", NULL, NULL, GST_TYPE_ELEMENT,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:latency:
   *
   * How long the jitterbuffers hold received packets, in milliseconds:
   * the time a retransmission has to arrive. Set before the offer or
   * answer. 200 by default. It is the least each jitterbuffer waits: one
   * whose packets arrive after it gave up on them waits longer by how late
   * they were (up to 400 ms, or this value if higher), and comes back to
   * it after 10 s without such a packet.
   *
   * Within it, a lost video packet is asked for (RTCP NACK) about half a
   * packet interval after it was due, and asked for again about every
   * packet interval (at least the measured round trip) while a
   * retransmission can still arrive in time. Sessions that ask for
   * retransmissions get 50 kbit/s of RTCP bandwidth whatever their media
   * bitrate, so that RFC 4585's limit of one early RTCP packet per
   * regular interval (50 to 100 ms then) does not hold a NACK back: at 5%
   * random loss the default latency repairs at least 99% of the frames.
   * Raise it for round trips beyond about 50 ms.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_LATENCY] =
      g_param_spec_uint ("latency", NULL, NULL, 0, 10000, 200,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:srtp:
   *
   * Whether media is encrypted and authenticated with SRTP, keyed by SDES
   * (RFC 4568): the offer is `RTP/SAVPF` with an `a=crypto` line
   * (AES_CM_128_HMAC_SHA1_80) in each section, and a plain RTP offer is
   * refused with %GST_CALL_ERROR_NEGOTIATION. Whatever its value, an SRTP
   * offer is answered with SRTP (AES_CM_128_HMAC_SHA1_80 or
   * AES_CM_128_HMAC_SHA1_32, without MKI or session parameters).
   *
   * The keys are in the SDP: exchange it over a channel that is itself
   * encrypted and authenticated. Set before the offer or answer; it needs
   * srtpenc and srtpdec (gstreamer1.0-plugins-bad).
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_SRTP] =
      g_param_spec_boolean ("srtp", NULL, NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                            G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:secure:
   *
   * Whether the negotiated media is SRTP; set once the offer/answer
   * exchange is complete.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_SECURE] =
      g_param_spec_boolean ("secure", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                            G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:avpf:
   *
   * Whether offers use the RTP profile with feedback, `RTP/AVPF` (RFC 4585;
   * `RTP/SAVPF` with [property@CallRtpTransport:srtp]), the default. Plain
   * SIP endpoints refuse such an offer (baresip answers 488 Not Acceptable
   * Here): turned off, offers say `RTP/AVP` (`RTP/SAVP`) and still carry
   * their `a=rtcp-fb` lines (NACK, PLI), which a peer that knows them
   * takes and an AVP-only one ignores; a [class@CallRtpTransport] answers
   * such an offer with its feedback too. Dialling a `sip:` URI with
   * [method@Call.dial_async] turns it off.
   *
   * Whatever its value, an offer is answered in the profile it was made in.
   * Set before the offer.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_AVPF] =
      g_param_spec_boolean ("avpf", NULL, NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                            G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:congestion-control: (getter get_congestion_control) (setter set_congestion_control)
   *
   * How the transport adapts what it sends to the network. With
   * %GST_CALL_CONGESTION_CONTROL_GCC (the default) the controller a
   * [class@PeerConnection] runs estimates the bitrate the path can carry,
   * [property@CallRtpTransport:target-bitrate], and the encoders follow
   * it as they do on WebRTC: the video gets the target less the audio's
   * share and the packets' overhead, Opus a tenth of it (16 to 64 kbit/s),
   * never above the bitrate the application asked for. Plain RTP peers
   * send no transport-wide feedback, so the controller goes by their RTCP
   * receiver reports about the video sent (about the audio when no video
   * is sent): the fraction lost (over 10% lowers the target, under 2% lets
   * it grow by 8% a second) and the round trip their LSR and DLSR give;
   * a REMB from the peer (RTCP PSFB "REMB") bounds the target. It starts
   * at [property@CallRtpTransport:start-bitrate] once media is sent; a
   * peer that sends no RTCP leaves it there.
   *
   * With %GST_CALL_CONGESTION_CONTROL_NONE the encoders keep the bitrate
   * they are configured with whatever the network does. Turning it off
   * during a call gives them that bitrate back at once; turning it on
   * starts again from the start bitrate.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_CONGESTION_CONTROL] =
      g_param_spec_enum ("congestion-control", NULL, NULL, GST_TYPE_CALL_CONGESTION_CONTROL,
                         GST_CALL_CONGESTION_CONTROL_GCC,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:min-bitrate: (getter get_min_bitrate) (setter set_min_bitrate)
   *
   * The lowest target congestion control sets, in bit/s, whatever the
   * losses (30000 by default). A value above
   * [property@CallRtpTransport:max-bitrate] is accepted, but the maximum
   * wins. A change during a call applies at once.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_MIN_BITRATE] =
      g_param_spec_uint ("min-bitrate", NULL, NULL, GST_CALL_RTP_TRANSPORT_LOWEST_BITRATE,
                         G_MAXUINT, GST_CALL_GCC_DEFAULT_MIN_BITRATE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:start-bitrate: (getter get_start_bitrate) (setter set_start_bitrate)
   *
   * The target congestion control starts from, in bit/s, as soon as media
   * is sent (300000 by default), clamped between
   * [property@CallRtpTransport:min-bitrate] and
   * [property@CallRtpTransport:max-bitrate]. Set it before media is sent:
   * a change once the controller runs only matters if congestion control
   * is turned off and on again.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_START_BITRATE] =
      g_param_spec_uint ("start-bitrate", NULL, NULL, GST_CALL_RTP_TRANSPORT_LOWEST_BITRATE,
                         G_MAXUINT, GST_CALL_GCC_DEFAULT_START_BITRATE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:max-bitrate: (getter get_max_bitrate) (setter set_max_bitrate)
   *
   * The highest target congestion control sets, in bit/s (2500000 by
   * default): everything the transport sends, audio and packet headers
   * included. It wins over [property@CallRtpTransport:min-bitrate] and
   * [property@CallRtpTransport:start-bitrate] when they are above it. A
   * change during a call applies at once.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_MAX_BITRATE] =
      g_param_spec_uint ("max-bitrate", NULL, NULL, GST_CALL_RTP_TRANSPORT_LOWEST_BITRATE,
                         G_MAXUINT, GST_CALL_GCC_DEFAULT_MAX_BITRATE,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:target-bitrate: (getter get_target_bitrate)
   *
   * What congestion control estimates the path can carry, in bit/s: the
   * rate the whole transport aims at. The start bitrate once media is
   * sent, then what the peer's receiver reports and REMB make of it;
   * notified on the transport's main context when it moves by more than
   * 5%. 0 before media is sent and while
   * [property@CallRtpTransport:congestion-control] is
   * %GST_CALL_CONGESTION_CONTROL_NONE.
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_props[PROP_TARGET_BITRATE] =
      g_param_spec_uint ("target-bitrate", NULL, NULL, 0, G_MAXUINT, 0,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                         G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, gst_call_rtp_transport_props);

  /**
   * GstCallRtpTransport::bundled-ssrc:
   * @self: the transport
   * @ssrc: an SSRC seen for the first time in RTP on the bundled port
   * @payload_type: the payload type of its first packet
   * @mid: (nullable): the MID header extension of its first packet, if any
   *
   * Chooses the RTP session (media section index) of a new SSRC, as
   * rtpbin's former `on-bundled-ssrc` did. Emitted once per new SSRC on the
   * transport's main context; the SSRC's packets wait meanwhile. Connect
   * before the offer or answer is made.
   *
   * An RTX SSRC whose FID group is known always goes with its media.
   *
   * Returns: the session, or -1 for the default routing (SSRC and FID
   *   lines, MID, payload type); an SSRC that the remote description does
   *   not name, in a section that names its SSRCs, has no default routing
   *   and -1 drops it
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_signals[SIGNAL_BUNDLED_SSRC] =
      g_signal_new ("bundled-ssrc", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, first_session_wins, NULL, NULL, G_TYPE_INT, 3,
                    G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING);

  /**
   * GstCallRtpTransport::warning:
   * @self: the transport
   * @warning: what is wrong
   *
   * Something in the remote description or the packets is wrong but the
   * call goes on (contradictory FID groups, too many sessions, a table of
   * unsignalled SSRCs full of sources that keep sending).
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_signals[SIGNAL_WARNING] =
      g_signal_new ("warning", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

  /**
   * GstCallRtpTransport::error:
   * @self: the transport
   * @error: what failed
   *
   * Media failed (a pipeline error, a missing decoder).
   *
   * Since: 0.1
   */
  gst_call_rtp_transport_signals[SIGNAL_ERROR] =
      g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
gst_call_rtp_transport_init (GstCallRtpTransport *self)
{
  gst_call_ensure_initialized ();
  g_mutex_init (&self->lock);
  self->proxy = gst_call_context_proxy_new (self);
  self->local_address = g_strdup (DEFAULT_LOCAL_ADDRESS);
  self->rtx = TRUE;
  self->avpf = TRUE;
  self->latency = 200;
  self->medias = g_ptr_array_new_with_free_func (local_media_free);
  self->codecs[GST_CALL_MEDIA_KIND_VIDEO] = gst_call_media_default_codec (GST_CALL_MEDIA_KIND_VIDEO);
  self->codecs[GST_CALL_MEDIA_KIND_AUDIO] = gst_call_media_default_codec (GST_CALL_MEDIA_KIND_AUDIO);
  self->cname = g_strdup_printf ("gstcall-%08x", g_random_int ());
  gst_call_rtp_transport_congestion_init (self);
  self->sdp_session_id = ((guint64) g_random_int () << 16) | g_random_int_range (0, 65536);
}
