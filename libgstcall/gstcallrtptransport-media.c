/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcallrtptransport-impl-private.h"
#include "gstcall-media-private.h"
#include "gstcall-receive-private.h"
#include "gstcall-rtp-demux-private.h"
#include "gstcall-sinks-private.h"
#include "gstcalltrack-private.h"

/* GstCallRtpTransport's media: the branches sending local tracks and the
 * branches decoding remote ones. */

static GstPadProbeReturn
count_decoded (GstPad          *pad,
               GstPadProbeInfo *info,
               gpointer         user_data)
{
  g_atomic_int_inc ((gint *) user_data);
  return GST_PAD_PROBE_OK;
}

static void
announce_remote_track (gpointer object,
                       gpointer data)
{
  GstCallRtpTransport *self = object;
  GstCallRemotePad *remote = data;
  g_autoptr (GstCallTrack) track = NULL;

  if (self->closed || !self->pipeline)
    return;

  track = gst_call_track_new (remote->kind, TRUE, NULL, GST_BIN (self->pipeline),
                              remote->pad);
  self->track_func (self, track, self->track_func_data);
  gst_call_remote_pad_release (remote, track);
}

/* Streaming thread: a decoder is found for a remote stream. */
static void
on_remote_decoded (GstElement       *branch,
                   GstCallMediaKind  kind,
                   GstElement       *convert,
                   GstPad           *decoded,
                   gpointer          user_data)
{
  GstCallRtpTransport *self = user_data;
  gboolean video = kind == GST_CALL_MEDIA_KIND_VIDEO;
  g_autoptr (GstPad) convert_sink = NULL;
  GstElement *sink = NULL;

  if (self->track_func) {
    GstCallRemotePad *remote;

    remote = gst_call_remote_pad_new (kind, NULL, branch, convert, decoded);
    convert_sink = gst_element_get_static_pad (convert, "sink");
    gst_pad_add_probe (convert_sink, GST_PAD_PROBE_TYPE_BUFFER, count_decoded,
                       video ? &self->video_frames_decoded : &self->audio_buffers_decoded,
                       NULL);
    gst_call_context_proxy_invoke (self->proxy, announce_remote_track, remote,
                                   gst_call_remote_pad_free);
    return;
  }
  g_mutex_lock (&self->lock);
  if (video && self->video_sink && !self->video_sink_used) {
    sink = gst_object_ref (self->video_sink);
    self->video_sink_used = TRUE;
  } else if (!video && self->audio_sink && !self->audio_sink_used) {
    sink = gst_object_ref (self->audio_sink);
    self->audio_sink_used = TRUE;
  }
  g_mutex_unlock (&self->lock);
  if (!sink) {
    sink = gst_call_make_default_sink (video ? GST_CALL_MEDIA_KIND_VIDEO
                                             : GST_CALL_MEDIA_KIND_AUDIO);
  }

  gst_bin_add_many (GST_BIN (branch), convert, sink, NULL);
  /* The bin holds the application's sink now (the new ones were floating). */
  if (sink == self->video_sink || sink == self->audio_sink)
    gst_object_unref (sink);
  if (!gst_element_link (convert, sink))
    GST_WARNING ("could not link the %s sink", gst_call_media_kind_to_string (kind));
  gst_element_sync_state_with_parent (sink);
  gst_element_sync_state_with_parent (convert);

  convert_sink = gst_element_get_static_pad (convert, "sink");
  gst_pad_add_probe (convert_sink, GST_PAD_PROBE_TYPE_BUFFER, count_decoded,
                     video ? &self->video_frames_decoded : &self->audio_buffers_decoded, NULL);
  if (gst_pad_link (decoded, convert_sink) != GST_PAD_LINK_OK)
    GST_WARNING ("could not link the decoded %s stream", gst_call_media_kind_to_string (kind));
}

static void
on_remote_error (GError   *error,
                 gpointer  user_data)
{
  gst_call_rtp_transport_report_error (user_data, error);
}

static const GstCallReceiveCallbacks remote_callbacks = {
  on_remote_decoded,
  on_remote_error,
};

typedef struct {
  char tone;
  guint duration_ms;
} DtmfEvent;

static void
announce_dtmf (gpointer object,
               gpointer data)
{
  GstCallRtpTransport *self = object;
  DtmfEvent *event = data;

  if (!self->closed && self->dtmf_func)
    self->dtmf_func (self, event->tone, event->duration_ms, self->dtmf_func_data);
}

/* Streaming thread: the peer sent a DTMF event. */
static void
on_remote_dtmf (char     tone,
                guint    duration_ms,
                gpointer user_data)
{
  GstCallRtpTransport *self = user_data;
  DtmfEvent *event = g_new0 (DtmfEvent, 1);

  event->tone = tone;
  event->duration_ms = duration_ms;
  gst_call_context_proxy_invoke (self->proxy, announce_dtmf, event, g_free);
}

/* Streaming thread: rtpbin has a new remote stream (recv_rtp_src_S_SSRC_PT). */
void
gst_call_rtp_transport_on_rtpbin_pad_added (GstElement          *rtpbin,
                                            GstPad              *pad,
                                            GstCallRtpTransport *self)
{
  g_autoptr (GstCaps) caps = NULL;
  GstCallMediaKind kind;

  if (GST_PAD_DIRECTION (pad) != GST_PAD_SRC ||
      !g_str_has_prefix (GST_PAD_NAME (pad), "recv_rtp_src_"))
    return;

  caps = gst_pad_get_current_caps (pad);
  kind = gst_call_receive_kind_from_caps (caps);
  /* RFC 4733 events never reach a decoder. */
  if (gst_call_dtmf_caps_are_events (caps)) {
    GST_DEBUG ("remote telephone-event stream on %s", GST_PAD_NAME (pad));
    gst_call_dtmf_receive_add_branch (GST_BIN (self->pipeline), pad, on_remote_dtmf, self,
                                      NULL);
    return;
  }
  GST_DEBUG ("remote %s stream on %s", gst_call_media_kind_to_string (kind),
             GST_PAD_NAME (pad));
  gst_call_receive_add_branch (GST_BIN (self->pipeline), pad, kind, &remote_callbacks,
                               self, NULL);
}

static GstElement *
find_payloader (GstElement *send_bin)
{
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (send_bin));
  GValue item = G_VALUE_INIT;
  GstElement *payloader = NULL;

  while (!payloader && gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *element = g_value_get_object (&item);
    GstElementFactory *factory = gst_element_get_factory (element);
    const char *klass = factory ? gst_element_factory_get_metadata (factory,
                                                                   GST_ELEMENT_METADATA_KLASS)
                                : NULL;

    if (klass && strstr (klass, "Payloader"))
      payloader = gst_object_ref (element);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  return payloader;
}

/* Already encoded VP8 in, RTP out, as the send bin's tail would. */
static GstElement *
make_vp8_payload_bin (guint    payload_type,
                      GError **error)
{
  g_autoptr (GstCaps) caps = gst_call_media_make_rtp_caps (GST_CALL_CODEC_VP8, payload_type);
  g_autoptr (GstElement) filter = NULL;
  GstElement *bin;

  bin = gst_parse_bin_from_description ("rtpvp8pay picture-id-mode=15-bit mtu=1200 ! "
                                        "capsfilter name=rtp-caps", TRUE, error);
  if (!bin)
    return NULL;
  filter = gst_bin_get_by_name (GST_BIN (bin), "rtp-caps");
  g_object_set (filter, "caps", caps, NULL);
  return bin;
}

/* Streaming thread: a muted source's output never reaches the encoder. */
static GstPadProbeReturn
drop_muted (GstPad          *pad,
            GstPadProbeInfo *info,
            gpointer         user_data)
{
  return g_atomic_int_get ((gint *) user_data) ? GST_PAD_PROBE_DROP : GST_PAD_PROBE_OK;
}

gboolean
gst_call_rtp_transport_add_send_branch (GstCallRtpTransport  *self,
                                        LocalMedia           *media,
                                        GError              **error)
{
  g_autofree char *sink_name = g_strdup_printf ("send_rtp_sink_%d", media->session);
  g_autofree char *src_name = g_strdup_printf ("send_rtp_src_%d", media->session);
  g_autoptr (GstPad) source_src = NULL;
  g_autoptr (GstPad) bin_sink = NULL;
  g_autoptr (GstPad) bin_src = NULL;
  g_autoptr (GstPad) rtp_sink = NULL;
  g_autoptr (GstPad) rtp_src = NULL;
  g_autoptr (GstPad) funnel_sink = NULL;
  g_autoptr (GstElement) payloader = NULL;
  GstElement *source, *send_bin;
  gboolean encoded = media->kind == GST_CALL_MEDIA_KIND_VIDEO && !media->source &&
                     media->codec == GST_CALL_CODEC_VP8 && self->encoded_video_source;
  /* A full reference, given up once the pipeline holds the source. */
  gboolean owned = encoded || media->source;

  if (encoded) {
    source = g_steal_pointer (&self->encoded_video_source);
    send_bin = make_vp8_payload_bin (media->payload_type, error);
  } else if (media->source) {
    source = gst_object_ref (media->source);
    send_bin = gst_call_media_make_send_bin_full (media->codec, media->payload_type,
                                                  media->profile_level_id, error);
  } else {
    source = gst_call_media_make_source_from_description (media->kind,
                                                          media->source_description, error);
    if (!source)
      return FALSE;
    send_bin = gst_call_media_make_send_bin_full (media->codec, media->payload_type,
                                                  media->profile_level_id, error);
  }
  if (!send_bin) {
    gst_object_unref (owned ? source : gst_object_ref_sink (source));
    return FALSE;
  }
  gst_clear_object (&media->encoder_slot);
  if (!encoded)
    media->encoder_slot = gst_call_media_find_encoder_slot (send_bin);
  payloader = find_payloader (send_bin);
  if (payloader) {
    g_autoptr (GstPad) payloader_sink = gst_element_get_static_pad (payloader, "sink");

    g_object_set (payloader, "ssrc", media->ssrc, NULL);
    if (payloader_sink)
      gst_pad_add_probe (payloader_sink, GST_PAD_PROBE_TYPE_BUFFER, count_decoded,
                         media->kind == GST_CALL_MEDIA_KIND_VIDEO ? &self->video_frames_sent
                                                                  : &self->audio_buffers_sent,
                         NULL);
  }

  /* A playing pipeline sets its children's state again, from a thread of
   * its own, when a state change of its own runs: the branch keeps its
   * state until it is linked, or its source pushes into nothing. */
  gst_element_set_locked_state (source, TRUE);
  gst_element_set_locked_state (send_bin, TRUE);
  gst_bin_add_many (GST_BIN (self->pipeline), source, send_bin, NULL);
  if (owned)
    gst_object_unref (source);
  gst_object_replace ((GstObject **) &media->sending, GST_OBJECT (source));
  source_src = gst_element_get_static_pad (source, "src");
  if (!media->track)
    media->track = gst_call_track_new (media->kind, FALSE, media->mid,
                                       GST_BIN (self->pipeline), source_src);
  gst_call_track_set_mid (media->track, media->mid);
  if (media->encoder_slot)
    gst_call_track_set_encoder_slot (media->track, media->encoder_slot);
  if (self->bitrates[media->kind])
    gst_call_track_set_bitrate (media->track, self->bitrates[media->kind]);
  gst_pad_add_probe (source_src, GST_PAD_PROBE_TYPE_BUFFER, drop_muted,
                     &self->muted[media->kind], NULL);
  bin_sink = gst_element_get_static_pad (send_bin, "sink");
  bin_src = gst_element_get_static_pad (send_bin, "src");
  if (media->kind == GST_CALL_MEDIA_KIND_AUDIO) {
    g_clear_pointer (&media->dtmf, gst_call_dtmf_sender_unref);
    media->dtmf = gst_call_dtmf_sender_new ();
    gst_call_dtmf_sender_attach (media->dtmf, bin_src);
  }
  rtp_sink = gst_element_request_pad_simple (self->rtpbin, sink_name);
  {
    g_autoptr (GObject) rtp_session = NULL;

    /* rtpsession suggests its SSRC in the caps and the payloader takes it
     * over its own: when the session made one first (to report on what it
     * receives), the media went out under an SSRC the description does not
     * name, which the peer drops. */
    g_signal_emit_by_name (self->rtpbin, "get-internal-session", (guint) media->session,
                           &rtp_session);
    if (rtp_session)
      g_object_set (rtp_session, "internal-ssrc", media->ssrc, NULL);
  }
  if (!gst_call_rtp_transport_link_pads (source_src, bin_sink, error) ||
      !gst_call_rtp_transport_link_pads (bin_src, rtp_sink, error))
    return FALSE;
  rtp_src = gst_element_get_static_pad (self->rtpbin, src_name);
  funnel_sink = gst_call_rtp_transport_get_send_pad (self, (guint) media->session, FALSE);
  if (!gst_call_rtp_transport_link_pads (rtp_src, funnel_sink, error))
    return FALSE;
  gst_call_rtp_transport_ensure_send_rtcp (self, (guint) media->session);

  gst_call_rtp_demux_add_local_ssrc (GST_CALL_RTP_DEMUX (self->demux), media->ssrc,
                                     (guint) media->session);
  if (media->rtx_payload_type)
    gst_call_rtp_demux_add_local_ssrc (GST_CALL_RTP_DEMUX (self->demux), media->rtx_ssrc,
                                       (guint) media->session);
  gst_call_rtp_transport_congestion_add_media (self, media);
  gst_element_set_locked_state (send_bin, FALSE);
  gst_element_set_locked_state (source, FALSE);
  if (self->started) {
    /* Mid-call: the new branch joins the playing pipeline. */
    gst_element_sync_state_with_parent (send_bin);
    gst_element_sync_state_with_parent (source);
  }
  return TRUE;
}
