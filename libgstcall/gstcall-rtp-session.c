/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-rtp-session-private.h"
#include "gstcall-local-media-private.h"
#include "gstcall-media-private.h"
#include "gstcall-private.h"
#include "gstcallrtptransport-private.h"

struct _GstCallRtpSession {
  GObject parent_instance;

  GstCallSessionConfig config;
  GstCallRtpTransport *transport;
  gboolean started;
  gboolean closed;
  gboolean offer_out;       /* our offer went out, its answer is awaited */
  gboolean reoffer;         /* the tracks changed while an offer was out */
  gboolean remote_applied;  /* a description of the peer was applied */
};

static void gst_call_rtp_session_iface_init (GstCallSessionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (GstCallRtpSession, gst_call_rtp_session, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (GST_TYPE_CALL_SESSION,
                                                      gst_call_rtp_session_iface_init))

/* Both descriptions are known: media flows. */
static void
remote_applied (GstCallRtpSession *self)
{
  gboolean first = !self->remote_applied;

  self->remote_applied = TRUE;
  if (first)
    gst_call_session_emit_connected (
        GST_CALL_SESSION (self),
        GST_ELEMENT (gst_call_rtp_transport_get_pipeline (self->transport)));
}

/* @error: (transfer full) */
static void
fail_negotiation (GstCallRtpSession *self,
                  GError            *error)
{
  gst_call_session_fail (GST_CALL_SESSION (self), error);
}

static gboolean
check_remote_codecs (GstCallRtpSession *self,
                     const char        *sdp)
{
  GError *error = NULL;

  if (gst_call_session_check_remote_codecs (&self->config, self->config.send, sdp, &error))
    return TRUE;
  fail_negotiation (self, error);
  return FALSE;
}

static void
answer_offer (GstCallRtpSession *self,
              const char        *offer)
{
  g_autofree char *answer = NULL;
  GError *error = NULL;

  if (!check_remote_codecs (self, offer))
    return;
  answer = gst_call_rtp_transport_create_answer (self->transport, offer, &error);
  if (!answer) {
    fail_negotiation (self, error);
    return;
  }
  gst_call_signaller_send_description (self->config.signaller, GST_CALL_SDP_TYPE_ANSWER,
                                       answer);
  remote_applied (self);
}

/* Mid-call: the tracks changed, the peer is told with a new offer (once
 * the one still out is answered). */
static void
send_reoffer (GstCallRtpSession *self)
{
  g_autofree char *offer = NULL;
  GError *error = NULL;

  self->reoffer = self->offer_out;
  if (self->offer_out)
    return;
  offer = gst_call_rtp_transport_create_offer (self->transport, &error);
  if (!offer) {
    fail_negotiation (self, error);
    return;
  }
  self->offer_out = TRUE;
  gst_call_signaller_send_description (self->config.signaller, GST_CALL_SDP_TYPE_OFFER, offer);
}

static void
receive_answer (GstCallRtpSession *self,
                const char        *answer)
{
  GError *error = NULL;
  gboolean first = !self->remote_applied;

  if (!check_remote_codecs (self, answer))
    return;
  if (!gst_call_rtp_transport_set_remote_answer (self->transport, answer, &error)) {
    fail_negotiation (self, error);
    return;
  }
  self->offer_out = FALSE;
  if (first)
    remote_applied (self);
  else if (self->reoffer)
    send_reoffer (self);
}

/* The description the transport builds the @kind source from (the default
 * device normalised to the call's video size, as on WebRTC); NULL with
 * @error set when the source is an element it cannot take. */
static char *
source_description (GstCallRtpSession  *self,
                    GstCallMediaKind    kind,
                    GError            **error)
{
  const GstCallSessionConfig *config = &self->config;

  if (!config->sources[kind] && kind == GST_CALL_MEDIA_KIND_VIDEO) {
    g_autofree char *format = gst_call_video_format_description (
        config->video_width, config->video_height, config->video_framerate);

    return g_strdup_printf ("autovideosrc ! %s", format);
  }
  if (!config->sources[kind])
    return g_strdup ("autoaudiosrc");
  if (config->source_descriptions[kind])
    return g_strdup (config->source_descriptions[kind]);
  g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
               _("The RTP transport builds its %s source from a description: "
                 "set it with the call's set_sources_from_description method"),
               gst_call_media_kind_to_string (kind));
  return NULL;
}

/* The transport counts the decoded frames itself. */
static void
on_remote_track (GstCallRtpTransport *transport,
                 GstCallTrack        *track,
                 gpointer             user_data)
{
  gst_call_session_emit_remote_track (GST_CALL_SESSION (user_data), track);
}

static void
on_error (GstCallRtpTransport *transport,
          GError              *error,
          GstCallRtpSession   *self)
{
  gst_call_session_emit_failed (GST_CALL_SESSION (self), error);
}

static gboolean
gst_call_rtp_session_check_signaller (GstCallSession    *session,
                                      GstCallSignaller  *signaller,
                                      GError           **error)
{
  if (!GST_IS_CALL_WHIP_SIGNALLER (signaller))
    return TRUE;
  g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                       _("WHIP and WHEP need the WebRTC transport, not plain RTP"));
  return FALSE;
}

static void
on_remote_dtmf (GstCallRtpTransport *transport,
                char                 tone,
                guint                duration_ms,
                gpointer             user_data)
{
  gst_call_session_emit_dtmf (GST_CALL_SESSION (user_data), tone, duration_ms);
}

static gboolean
gst_call_rtp_session_start (GstCallSession             *session,
                            const GstCallSessionConfig *config,
                            gboolean                    offerer,
                            GError                    **error)
{
  GstCallRtpSession *self = GST_CALL_RTP_SESSION (session);
  GstCallMediaKind kinds[] = { GST_CALL_MEDIA_KIND_AUDIO, GST_CALL_MEDIA_KIND_VIDEO };
  g_autofree char *audio_description = NULL;
  g_autofree char *video_description = NULL;
  char **descriptions[2] = { &audio_description, &video_description }; /* by kind */
  g_autofree char *offer = NULL;

  g_return_val_if_fail (!self->started, FALSE);

  self->started = TRUE;
  gst_call_session_config_copy (&self->config, config);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++) {
    GstCallMediaKind kind = kinds[i];

    if (!config->send[kind])
      continue;
    if (config->broadcasts[kind]) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("The RTP transport cannot send a %s broadcast: it encodes "
                     "its own source"), gst_call_media_kind_to_string (kind));
      return FALSE;
    }
    gst_call_rtp_transport_set_codec (self->transport, kind, config->codecs[kind]);
    gst_call_rtp_transport_set_bitrate (self->transport, kind, config->bitrates[kind]);
    *descriptions[kind] = source_description (self, kind, error);
    if (!*descriptions[kind])
      return FALSE;
  }
  if (!gst_call_rtp_transport_set_sources_from_description (
          self->transport, video_description, audio_description, error))
    return FALSE;
  gst_call_rtp_transport_set_video_format (self->transport, config->video_width,
                                           config->video_height, config->video_framerate);
  g_object_set (self->transport, "congestion-control", config->congestion_control,
                "min-bitrate", config->min_bitrate, "start-bitrate", config->start_bitrate,
                "max-bitrate", config->max_bitrate, NULL);
  gst_call_rtp_transport_set_track_func (self->transport, on_remote_track, self);
  gst_call_rtp_transport_set_dtmf_func (self->transport, on_remote_dtmf, self);
  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    gst_call_rtp_transport_set_muted (self->transport, kinds[i], config->muted[kinds[i]]);
  g_signal_connect (self->transport, "error", G_CALLBACK (on_error), self);

  if (offerer) {
    offer = gst_call_rtp_transport_create_offer (self->transport, error);
    if (!offer)
      return FALSE;
    self->offer_out = TRUE;
    gst_call_signaller_send_description (config->signaller, GST_CALL_SDP_TYPE_OFFER, offer);
  }
  return TRUE;
}

static void
gst_call_rtp_session_receive_description (GstCallSession *session,
                                          GstCallSdpType  type,
                                          const char     *sdp)
{
  GstCallRtpSession *self = GST_CALL_RTP_SESSION (session);

  if (self->closed || !self->started)
    return;
  if (self->offer_out && type == GST_CALL_SDP_TYPE_ANSWER)
    receive_answer (self, sdp);
  else if (!self->offer_out && type == GST_CALL_SDP_TYPE_OFFER)
    answer_offer (self, sdp);
}

/* Plain RTP has no candidates: the description is all there is. */
static void
gst_call_rtp_session_receive_candidate (GstCallSession *session,
                                        guint           mline_index,
                                        const char     *candidate)
{
}

static gboolean
gst_call_rtp_session_has_remote_description (GstCallSession *session)
{
  return GST_CALL_RTP_SESSION (session)->remote_applied;
}

static GstCallTrack *
gst_call_rtp_session_add_track (GstCallSession    *session,
                                GstCallMediaKind   kind,
                                GstElement        *source,
                                GError           **error)
{
  GstCallRtpSession *self = GST_CALL_RTP_SESSION (session);
  GstCallTrack *track = gst_call_rtp_transport_add_track (self->transport, kind, source, error);

  if (track)
    send_reoffer (self);
  return track;
}

static gboolean
gst_call_rtp_session_remove_track (GstCallSession  *session,
                                   GstCallTrack    *track,
                                   GError         **error)
{
  GstCallRtpSession *self = GST_CALL_RTP_SESSION (session);

  if (!gst_call_rtp_transport_remove_track (self->transport, track, error))
    return FALSE;
  send_reoffer (self);
  return TRUE;
}

static GPtrArray *
gst_call_rtp_session_get_local_tracks (GstCallSession *session)
{
  return gst_call_rtp_transport_get_local_tracks (GST_CALL_RTP_SESSION (session)->transport);
}

static void
gst_call_rtp_session_set_muted (GstCallSession   *session,
                                GstCallMediaKind  kind,
                                gboolean          muted)
{
  gst_call_rtp_transport_set_muted (GST_CALL_RTP_SESSION (session)->transport, kind, muted);
}

static void
gst_call_rtp_session_set_bitrate (GstCallSession   *session,
                                  GstCallMediaKind  kind,
                                  guint             kbit_per_second)
{
  gst_call_rtp_transport_set_bitrate (GST_CALL_RTP_SESSION (session)->transport, kind,
                                      kbit_per_second);
}

static void
on_stats (GObject      *source,
          GAsyncResult *result,
          gpointer      task)
{
  GError *error = NULL;
  GstCallStats *stats = gst_call_rtp_transport_get_stats_finish (GST_CALL_RTP_TRANSPORT (source), result, &error);

  gst_call_session_return_stats (task, stats, error);
}

static void
gst_call_rtp_session_get_stats_async (GstCallSession      *session,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data)
{
  GstCallRtpSession *self = GST_CALL_RTP_SESSION (session);
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, gst_call_rtp_session_get_stats_async);
  gst_call_rtp_transport_get_stats_async (self->transport, cancellable, on_stats, task);
}

static GObject *
gst_call_rtp_session_get_transport (GstCallSession *session)
{
  return G_OBJECT (GST_CALL_RTP_SESSION (session)->transport);
}

static void
gst_call_rtp_session_close (GstCallSession *session)
{
  GstCallRtpSession *self = GST_CALL_RTP_SESSION (session);

  if (self->closed)
    return;
  self->closed = TRUE;
  g_signal_handlers_disconnect_by_data (self->transport, self);
  gst_call_rtp_transport_close (self->transport);
}

static void
gst_call_rtp_session_dispose (GObject *object)
{
  GstCallRtpSession *self = GST_CALL_RTP_SESSION (object);

  if (self->transport) {
    gst_call_rtp_session_close (GST_CALL_SESSION (self));
    g_clear_object (&self->transport);
  }
  gst_call_session_config_clear (&self->config);

  G_OBJECT_CLASS (gst_call_rtp_session_parent_class)->dispose (object);
}

static gboolean
gst_call_rtp_session_send_dtmf (GstCallSession  *session,
                                const char      *tones,
                                guint            duration_ms,
                                GError         **error)
{
  GstCallRtpSession *self = GST_CALL_RTP_SESSION (session);

  return gst_call_rtp_transport_send_dtmf (self->transport, tones, duration_ms, error);
}

static void
gst_call_rtp_session_iface_init (GstCallSessionInterface *iface)
{
  iface->check_signaller = gst_call_rtp_session_check_signaller;
  iface->start = gst_call_rtp_session_start;
  iface->receive_description = gst_call_rtp_session_receive_description;
  iface->receive_candidate = gst_call_rtp_session_receive_candidate;
  iface->has_remote_description = gst_call_rtp_session_has_remote_description;
  iface->add_track = gst_call_rtp_session_add_track;
  iface->remove_track = gst_call_rtp_session_remove_track;
  iface->get_local_tracks = gst_call_rtp_session_get_local_tracks;
  iface->set_muted = gst_call_rtp_session_set_muted;
  iface->set_bitrate = gst_call_rtp_session_set_bitrate;
  iface->get_stats_async = gst_call_rtp_session_get_stats_async;
  iface->get_transport = gst_call_rtp_session_get_transport;
  iface->close = gst_call_rtp_session_close;
  iface->send_dtmf = gst_call_rtp_session_send_dtmf;
}

static void
gst_call_rtp_session_class_init (GstCallRtpSessionClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = gst_call_rtp_session_dispose;
}

static void
gst_call_rtp_session_init (GstCallRtpSession *self)
{
  self->transport = gst_call_rtp_transport_new ();
}

GstCallSession *
gst_call_rtp_session_new (void)
{
  return g_object_new (GST_TYPE_CALL_RTP_SESSION, NULL);
}
