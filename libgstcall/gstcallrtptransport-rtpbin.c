/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>

#include <gst/rtp/rtp.h>

#include "gstcallrtptransport-impl-private.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcall-playout-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-rtp-demux-private.h"
#include "gstcall-retransmission-private.h"

/* GstCallRtpTransport's pipeline: the socket, rtpbin and its sessions, the
 * bundle demultiplexer routing each SSRC, the RTX and SRTP elements. */

/* RFC 4585's T_rr_interval: regular RTCP reports at most this often, on
 * average. */
#define RTCP_MIN_INTERVAL (100 * GST_MSECOND)
/* SSRCs that no a=ssrc line names get a key up to this many times: each
 * one costs srtpdec a stream, and a stranger can send any SSRC. */
#define SRTP_MAX_UNSIGNALLED_SSRCS 64

/* ------------------------------------------------------------------------ */
/* New SSRCs the application places                                          */

typedef struct {
  guint32 ssrc;
  guint payload_type;
  char *mid;
  GstElement *demux;
} BundledSsrc;

static void
bundled_ssrc_free (gpointer data)
{
  BundledSsrc *event = data;

  g_free (event->mid);
  gst_object_unref (event->demux);
  g_free (event);
}

/* Main context: the application places a new SSRC. */
static void
emit_bundled_ssrc (gpointer object,
                   gpointer data)
{
  GstCallRtpTransport *self = object;
  BundledSsrc *event = data;
  int session = -1;

  self->bundled_ssrc_calls++;
  g_signal_emit (self, gst_call_rtp_transport_signals[SIGNAL_BUNDLED_SSRC], 0, event->ssrc,
                 event->payload_type, event->mid, &session);
  GST_DEBUG ("application routes SSRC %u to session %d", event->ssrc, session);
  if (session >= GST_CALL_RTP_TRANSPORT_MAX_SESSIONS && !self->session_limit_reported) {
    /* Once: a flood of SSRCs must not become a flood of warnings. */
    self->session_limit_reported = TRUE;
    gst_call_rtp_transport_report_warning (self,
        g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                     _("Session %d for SSRC %u is past the limit of %d "
                       "sessions: its packets are dropped"),
                     session, event->ssrc, GST_CALL_RTP_TRANSPORT_MAX_SESSIONS));
  }
  gst_call_rtp_demux_resolve (GST_CALL_RTP_DEMUX (event->demux), event->ssrc, session);
}

/* Streaming thread. */
static void
on_demux_ask (GstCallRtpDemux       *demux,
              const GstCallRtpRoute *route,
              gpointer               user_data)
{
  GstCallRtpTransport *self = user_data;
  BundledSsrc *event = g_new0 (BundledSsrc, 1);

  event->ssrc = route->ssrc;
  event->payload_type = route->payload_type;
  event->mid = route->mid[0] ? g_strdup (route->mid) : NULL;
  event->demux = gst_object_ref (demux);
  gst_call_context_proxy_invoke (self->proxy, emit_bundled_ssrc, event, bundled_ssrc_free);
}

/* Streaming thread: a new SSRC finds the table full of sources that keep
 * sending or wait for the application. */
static void
on_demux_table_full (GstCallRtpDemux *demux,
                     guint32          ssrc,
                     gpointer         user_data)
{
  GstCallRtpTransport *self = user_data;

  gst_call_rtp_transport_report_warning (self,
      g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                   _("%d SSRCs that the remote description does not name fill "
                     "the SSRC table: packets of new ones (SSRC %u first) are dropped "
                     "until one of them is silent for %d s"),
                   GST_CALL_RTP_ROUTER_MAX_SSRCS, ssrc,
                   (int) (GST_CALL_RTP_ROUTER_SSRC_TIMEOUT / G_USEC_PER_SEC)));
}

/* ------------------------------------------------------------------------ */
/* Pipeline                                                                  */

/* A UDP socket on the local address, on @port (0: a free one). */
static GSocket *
bind_udp_socket (GstCallRtpTransport  *self,
                 guint                 port,
                 GError              **error)
{
  g_autoptr (GInetAddress) inet = NULL;
  g_autoptr (GSocketAddress) address = NULL;
  g_autoptr (GSocket) socket = NULL;

  inet = g_inet_address_new_from_string (self->local_address);
  if (!inet) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("Local address \"%s\" is not an IP address"), self->local_address);
    return NULL;
  }
  socket = g_socket_new (g_inet_address_get_family (inet), G_SOCKET_TYPE_DATAGRAM,
                         G_SOCKET_PROTOCOL_UDP, error);
  if (!socket)
    return NULL;
  address = g_inet_socket_address_new (inet, (guint16) port);
  if (!g_socket_bind (socket, address, FALSE, error))
    return NULL;
  return g_steal_pointer (&socket);
}

static gboolean
bind_socket (GstCallRtpTransport  *self,
             GError              **error)
{
  if (self->socket)
    return TRUE;
  self->socket = bind_udp_socket (self, 0, error);
  if (!self->socket)
    return FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_rtp_transport_props[PROP_LOCAL_PORT]);
  return TRUE;
}

guint
gst_call_rtp_transport_socket_port (GSocket *socket)
{
  g_autoptr (GSocketAddress) address = NULL;

  if (!socket)
    return 0;
  address = g_socket_get_local_address (socket, NULL);
  if (!address || !G_IS_INET_SOCKET_ADDRESS (address))
    return 0;
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address));
}

static void
close_socket (GSocket **socket)
{
  if (*socket) {
    g_socket_close (*socket, NULL);
    g_clear_object (socket);
  }
}

gboolean
gst_call_rtp_transport_prepare_session_ports (GstCallRtpTransport  *self,
                                              guint                 session,
                                              gboolean              rtcp_mux,
                                              GError              **error)
{
  Session *entry = &self->sessions[session];

  if (!bind_socket (self, error))
    return FALSE;
  if (!entry->rtp_socket) {
    entry->rtp_socket = session == 0 ? g_object_ref (self->socket)
                                     : bind_udp_socket (self, 0, error);
    if (!entry->rtp_socket)
      return FALSE;
  }
  if (rtcp_mux) {
    close_socket (&entry->rtcp_socket);
    return TRUE;
  }
  if (!entry->rtcp_socket) {
    guint port = gst_call_rtp_transport_socket_port (entry->rtp_socket);

    /* RFC 3550: RTCP on the next port, for peers that read no a=rtcp line;
     * any free one otherwise (RFC 3605 names it). */
    if (port < 65535)
      entry->rtcp_socket = bind_udp_socket (self, port + 1, NULL);
    if (!entry->rtcp_socket)
      entry->rtcp_socket = bind_udp_socket (self, 0, error);
    if (!entry->rtcp_socket)
      return FALSE;
  }
  return TRUE;
}

void
gst_call_rtp_transport_release_session_ports (GstCallRtpTransport *self,
                                              guint                session)
{
  Session *entry = &self->sessions[session];

  if (entry->rtp_socket == self->socket)
    g_clear_object (&entry->rtp_socket);
  close_socket (&entry->rtp_socket);
  close_socket (&entry->rtcp_socket);
}

GstPad *
gst_call_rtp_transport_get_send_pad (GstCallRtpTransport *self,
                                     guint                session,
                                     gboolean             rtcp)
{
  GstElement *sink = NULL;

  if (!self->unbundled)
    return gst_element_request_pad_simple (self->funnel, "sink_%u");
  if (session < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS)
    sink = rtcp ? self->sessions[session].rtcp_sink : self->sessions[session].rtp_sink;
  return sink ? gst_element_get_static_pad (sink, "sink") : NULL;
}

gboolean
gst_call_rtp_transport_link_pads (GstPad     *src,
                                  GstPad     *sink,
                                  GError    **error)
{
  if (!src || !sink || gst_pad_link (src, sink) != GST_PAD_LINK_OK) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("Could not link %s to %s in the RTP pipeline"),
                 src ? GST_PAD_NAME (src) : "?", sink ? GST_PAD_NAME (sink) : "?");
    return FALSE;
  }
  return TRUE;
}

/* Any thread: the RTCP of @session goes out through the socket. A session
 * that asks for retransmissions gets the RTCP bandwidth for timely NACKs
 * (gstcall-retransmission-private.h). */
void
gst_call_rtp_transport_ensure_send_rtcp (GstCallRtpTransport *self,
                                         guint                session)
{
  g_autofree char *name = g_strdup_printf ("send_rtcp_src_%u", session);
  g_autoptr (GstPad) rtcp = NULL;
  g_autoptr (GstPad) funnel_sink = NULL;
  gboolean link, retransmission;

  g_mutex_lock (&self->lock);
  link = !self->sessions[session].send_rtcp_linked;
  self->sessions[session].send_rtcp_linked = TRUE;
  retransmission = self->rtx && self->sessions[session].rtx;
  g_mutex_unlock (&self->lock);

  if (link) {
    rtcp = gst_element_request_pad_simple (self->rtpbin, name);
    funnel_sink = gst_call_rtp_transport_get_send_pad (self, session, TRUE);
    if (!rtcp || !funnel_sink || gst_pad_link (rtcp, funnel_sink) != GST_PAD_LINK_OK)
      GST_WARNING ("could not link %s", name);
  }
  {
    g_autoptr (GstElement) rtp_session = NULL;

    g_signal_emit_by_name (self->rtpbin, "get-session", session, &rtp_session);
    if (rtp_session && link)
      g_object_set (rtp_session, "rtcp-min-interval", (guint64) RTCP_MIN_INTERVAL, NULL);
    if (rtp_session && retransmission)
      gst_call_retransmission_configure_session (rtp_session);
  }
}

/* Streaming thread: the demux has packets for a new session. */
static gboolean
on_demux_session (GstCallRtpDemux *demux,
                  guint            session,
                  GstPad          *rtp_pad,
                  GstPad          *rtcp_pad,
                  gpointer         user_data)
{
  GstCallRtpTransport *self = user_data;
  g_autofree char *rtp_name = g_strdup_printf ("recv_rtp_sink_%u", session);
  g_autofree char *rtcp_name = g_strdup_printf ("recv_rtcp_sink_%u", session);
  g_autoptr (GstPad) rtp_sink = NULL;
  g_autoptr (GstPad) rtcp_sink = NULL;
  g_autoptr (GError) error = NULL;

  GST_DEBUG ("new receive session %u", session);
  rtp_sink = gst_element_request_pad_simple (self->rtpbin, rtp_name);
  rtcp_sink = gst_element_request_pad_simple (self->rtpbin, rtcp_name);
  if (!gst_call_rtp_transport_link_pads (rtp_pad, rtp_sink, &error) ||
      !gst_call_rtp_transport_link_pads (rtcp_pad, rtcp_sink, &error)) {
    GST_WARNING ("%s", error->message);
    return FALSE;
  }
  gst_call_rtp_transport_ensure_send_rtcp (self, session);
  return TRUE;
}

/* Streaming thread: caps of a payload type, from the remote description
 * (that section first, then any). */
static GstCaps *
on_request_pt_map (GstElement          *rtpbin,
                   guint                session,
                   guint                payload_type,
                   GstCallRtpTransport *self)
{
  GstCaps *caps = NULL;

  g_mutex_lock (&self->lock);
  if (self->remote) {
    guint n = gst_sdp_message_medias_len (self->remote);

    for (guint pass = 0; pass < 2 && !caps; pass++) {
      for (guint i = 0; i < n && !caps; i++) {
        const GstSDPMedia *media = gst_sdp_message_get_media (self->remote, i);
        g_autofree char *format = g_strdup_printf ("%u", payload_type);
        gboolean listed = FALSE;

        if ((pass == 0) != (i == session))
          continue;
        for (guint f = 0; f < gst_sdp_media_formats_len (media); f++)
          listed |= g_strcmp0 (gst_sdp_media_get_format (media, f), format) == 0;
        if (!listed)
          continue;
        caps = gst_sdp_media_get_caps_from_media (media, (int) payload_type);
        if (caps) {
          GstStructure *structure;

          caps = gst_caps_make_writable (caps);
          structure = gst_caps_get_structure (caps, 0);
          gst_structure_set_name (structure, "application/x-rtp");
          gst_structure_set (structure, "media", G_TYPE_STRING,
                             gst_sdp_media_get_media (media), NULL);
          /* RTCP feedback attributes are no caps fields of use here. */
          gst_structure_remove_fields (structure, "rtcp-fb-nack", "rtcp-fb-nack-pli",
                                       NULL);
          if (!gst_structure_has_field (structure, "clock-rate"))
            gst_caps_replace (&caps, NULL);
          else if (gst_call_dtmf_caps_are_events (caps) &&
                   gst_call_dtmf_media_clock_rate (media) > 0)
            /* telephone-event/8000 beside Opus: the events share the
             * audio's SSRC and timestamps. */
            gst_structure_set (structure, "clock-rate", G_TYPE_INT,
                               (int) gst_call_dtmf_media_clock_rate (media), NULL);
        }
      }
    }
  }
  g_mutex_unlock (&self->lock);
  GST_DEBUG ("session %u payload type %u: %" GST_PTR_FORMAT, session, payload_type, caps);
  return caps;
}

/* @element in a bin with the pads rtpbin looks for in an auxiliary element
 * of @session. */
static GstElement *
make_aux_bin (GstElement *element,
              guint       session)
{
  g_autofree char *sink_name = g_strdup_printf ("sink_%u", session);
  g_autofree char *src_name = g_strdup_printf ("src_%u", session);
  g_autoptr (GstPad) sink = gst_element_get_static_pad (element, "sink");
  g_autoptr (GstPad) src = gst_element_get_static_pad (element, "src");
  GstElement *bin = gst_bin_new (NULL);

  gst_bin_add (GST_BIN (bin), element);
  gst_element_add_pad (bin, gst_ghost_pad_new (sink_name, sink));
  gst_element_add_pad (bin, gst_ghost_pad_new (src_name, src));
  return bin;
}

/* Streaming thread: rtprtxreceive for the sessions that get RTX. */
static GstElement *
on_request_aux_receiver (GstElement          *rtpbin,
                         guint                session,
                         GstCallRtpTransport *self)
{
  g_autoptr (GstStructure) map = NULL;
  GstElement *bin, *receive;

  if (session >= GST_CALL_RTP_TRANSPORT_MAX_SESSIONS)
    return NULL;
  g_mutex_lock (&self->lock);
  if (!self->rtx || !self->sessions[session].rtx) {
    g_mutex_unlock (&self->lock);
    return NULL;
  }
  map = gst_call_rtp_transport_remote_rtx_payload_type_map (self);
  g_mutex_unlock (&self->lock);

  receive = gst_element_factory_make ("rtprtxreceive", NULL);
  if (!receive)
    return NULL;
  g_object_set (receive, "payload-type-map", map, NULL);
  bin = make_aux_bin (receive, session);

  g_mutex_lock (&self->lock);
  gst_object_replace ((GstObject **) &self->sessions[session].rtx_receive,
                      GST_OBJECT (receive));
  g_mutex_unlock (&self->lock);
  return bin;
}

/* Streaming thread: rtprtxsend for the media we send with RTX. */
static GstElement *
on_request_aux_sender (GstElement          *rtpbin,
                       guint                session,
                       GstCallRtpTransport *self)
{
  g_autoptr (GstStructure) payload_types = NULL;
  g_autoptr (GstStructure) ssrcs = NULL;
  LocalMedia *media = NULL;
  GstElement *bin, *send;

  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *candidate = g_ptr_array_index (self->medias, i);

    if (candidate->session == (int) session && candidate->send && candidate->rtx_payload_type)
      media = candidate;
  }
  if (!media)
    return NULL;

  send = gst_element_factory_make ("rtprtxsend", NULL);
  if (!send)
    return NULL;
  {
    g_autofree char *payload_type = g_strdup_printf ("%u", media->payload_type);
    g_autofree char *ssrc = g_strdup_printf ("%u", media->ssrc);

    payload_types = gst_structure_new ("application/x-rtp-pt-map", payload_type, G_TYPE_UINT,
                                       media->rtx_payload_type, NULL);
    ssrcs = gst_structure_new ("application/x-rtp-ssrc-map", ssrc, G_TYPE_UINT,
                               media->rtx_ssrc, NULL);
  }
  /* The history is 2 s of media, whatever the bitrate: rtprtxsend's
   * default of at most 100 packets holds less than the receiver's
   * latency above 4 Mbit/s. */
  g_object_set (send, "payload-type-map", payload_types, "ssrc-map", ssrcs,
                "max-size-time", 2000, "max-size-packets", 0, NULL);
  bin = make_aux_bin (send, session);

  g_mutex_lock (&self->lock);
  gst_object_replace ((GstObject **) &self->sessions[session].rtx_send, GST_OBJECT (send));
  g_mutex_unlock (&self->lock);
  return bin;
}

/* Streaming thread: the jitterbuffer of a session with RTX asks for
 * retransmissions (NACK). */
static void
on_new_jitterbuffer (GstElement          *rtpbin,
                     GstElement          *jitterbuffer,
                     guint                session,
                     guint                ssrc,
                     GstCallRtpTransport *self)
{
  gboolean retransmission;

  g_mutex_lock (&self->lock);
  retransmission = self->rtx && session < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS &&
                   self->sessions[session].rtx;
  g_mutex_unlock (&self->lock);
  GST_DEBUG ("jitterbuffer of session %u SSRC %u: retransmission %d", session, ssrc,
             retransmission);
  gst_call_playout_setup_jitterbuffer (jitterbuffer, retransmission);
}

/* The srtpenc of a session, for its RTP or (@rtcp) its RTCP. */
static GstElement *
request_srtp_encoder (GstCallRtpTransport *self,
                      guint                session,
                      gboolean             rtcp)
{
  GstElement *encoder = NULL;

  if (session >= GST_CALL_RTP_TRANSPORT_MAX_SESSIONS)
    return NULL;
  g_mutex_lock (&self->lock);
  if (self->secure && self->sessions[session].secure) {
    Session *entry = &self->sessions[session];

    if (!entry->srtp_encoder) {
      entry->srtp_encoder = gst_object_ref_sink (gst_element_factory_make ("srtpenc", NULL));
      gst_call_srtp_configure_encoder (entry->srtp_encoder, &entry->local_crypto);
    }
    /* rtpbin takes a reference each time it asks. */
    encoder = gst_object_ref (entry->srtp_encoder);
  }
  g_mutex_unlock (&self->lock);

  if (encoder) {
    /* rtpbin looks for the source pad, which srtpenc makes with the sink. */
    g_autofree char *name = g_strdup_printf (rtcp ? "rtcp_sink_%u" : "rtp_sink_%u", session);
    g_autoptr (GstPad) sink = gst_element_request_pad_simple (encoder, name);

    if (!sink)
      GST_WARNING ("srtpenc has no pad %s", name);
  }
  return encoder;
}

static GstElement *
on_request_rtp_encoder (GstElement          *rtpbin,
                        guint                session,
                        GstCallRtpTransport *self)
{
  return request_srtp_encoder (self, session, FALSE);
}

static GstElement *
on_request_rtcp_encoder (GstElement          *rtpbin,
                         guint                session,
                         GstCallRtpTransport *self)
{
  return request_srtp_encoder (self, session, TRUE);
}

/* Streaming thread: srtpdec meets a new SSRC (RTP, or the sender of RTCP).
 * Its key is the one of the section that names it (the demultiplexer read
 * the a=ssrc lines and FID groups), else of the first SRTP section: a peer
 * that keys its sections differently names its SSRCs. */
static GstCaps *
on_srtp_request_key (GstElement          *srtpdec,
                     guint                ssrc,
                     GstCallRtpTransport *self)
{
  GstCaps *caps = NULL;
  int session = gst_call_rtp_demux_signalled_session (GST_CALL_RTP_DEMUX (self->demux), ssrc);

  g_mutex_lock (&self->lock);
  if (session < 0 || session >= GST_CALL_RTP_TRANSPORT_MAX_SESSIONS ||
      !self->sessions[session].secure) {
    session = -1;
    if (self->srtp_unsignalled_ssrcs < SRTP_MAX_UNSIGNALLED_SSRCS) {
      for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS && session < 0; i++) {
        if (self->sessions[i].secure)
          session = (int) i;
      }
      self->srtp_unsignalled_ssrcs++;
    } else {
      self->srtp_ssrcs_refused++;
    }
  }
  if (session >= 0)
    caps = gst_call_srtp_make_decoder_caps (&self->sessions[session].remote_crypto, ssrc);
  g_mutex_unlock (&self->lock);
  GST_DEBUG ("SRTP key for SSRC %u: session %d", ssrc, session);
  return caps;
}

/* Streaming thread: the srtpdec of an unbundled section meets a new SSRC:
 * the key of that section. */
static GstCaps *
on_session_srtp_request_key (GstElement          *srtpdec,
                             guint                ssrc,
                             GstCallRtpTransport *self)
{
  guint session = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (srtpdec), "gst-call-session"));
  GstCaps *caps = NULL;

  g_mutex_lock (&self->lock);
  if (session < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS && self->sessions[session].secure)
    caps = gst_call_srtp_make_decoder_caps (&self->sessions[session].remote_crypto, ssrc);
  g_mutex_unlock (&self->lock);
  GST_DEBUG ("SRTP key for SSRC %u of section %u: %s", ssrc, session, caps ? "yes" : "none");
  return caps;
}

static GstPadProbeReturn
note_local_ssrc (GstPad          *pad,
                 GstPadProbeInfo *info,
                 gpointer         user_data)
{
  GstCallRtpTransport *self = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  guint session;
  GstMapInfo map;

  if (!buffer || sscanf (GST_PAD_NAME (pad), "send_rtcp_src_%u", &session) != 1)
    return GST_PAD_PROBE_OK;
  if (gst_buffer_map (buffer, &map, GST_MAP_READ)) {
    if (map.size >= 8)
      gst_call_rtp_demux_add_local_ssrc (GST_CALL_RTP_DEMUX (self->demux),
                                         GST_READ_UINT32_BE (map.data + 4), session);
    gst_buffer_unmap (buffer, &map);
  }
  return GST_PAD_PROBE_OK;
}

static void
on_rtpbin_pad_added_rtcp (GstElement          *rtpbin,
                          GstPad              *pad,
                          GstCallRtpTransport *self)
{
  /* What we send in RTCP (receiver reports of receive-only sessions too) is
   * ours: RTCP about these SSRCs belongs to that session. */
  if (GST_PAD_DIRECTION (pad) == GST_PAD_SRC &&
      g_str_has_prefix (GST_PAD_NAME (pad), "send_rtcp_src_"))
    gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, note_local_ssrc, self, NULL);
}

static gboolean
on_bus_message (GstBus     *bus,
                GstMessage *message,
                gpointer    user_data)
{
  GstCallRtpTransport *self = user_data;

  if (GST_MESSAGE_TYPE (message) == GST_MESSAGE_ERROR) {
    g_autoptr (GError) gst_error = NULL;
    g_autofree char *debug = NULL;

    gst_message_parse_error (message, &gst_error, &debug);
    GST_WARNING ("pipeline error from %s: %s (%s)", GST_MESSAGE_SRC_NAME (message),
                 gst_error->message, debug);
    g_signal_emit (self, gst_call_rtp_transport_signals[SIGNAL_ERROR], 0, gst_error);
  } else if (GST_MESSAGE_TYPE (message) == GST_MESSAGE_LATENCY && self->pipeline) {
    /* A jitterbuffer's latency followed the link (gstcall-playout.c). */
    gst_bin_recalculate_latency (GST_BIN (self->pipeline));
  }
  return G_SOURCE_CONTINUE;
}

gboolean
gst_call_rtp_transport_ensure_pipeline (GstCallRtpTransport  *self,
                                        GError              **error)
{
  static const char * const elements[] = {
    "rtpbin", "udpsrc", "udpsink", "funnel", "rtprtxsend", "rtprtxreceive", NULL
  };
  g_autoptr (GstBus) bus = NULL;

  if (self->pipeline)
    return TRUE;
  if (!gst_call_check_elements (elements, error) ||
      !gst_call_check_elements (gst_call_media_required_elements (), error))
    return FALSE;
  if (!bind_socket (self, error))
    return FALSE;

  self->pipeline = gst_pipeline_new ("gst-call-rtp");
  self->rtpbin = gst_element_factory_make ("rtpbin", "rtpbin");
  self->funnel = gst_element_factory_make ("funnel", "send-funnel");
  self->demux = gst_call_rtp_demux_new (on_demux_session, on_demux_ask, on_demux_table_full,
                                        self, NULL);
  g_object_set (self->rtpbin, "rtp-profile", GST_RTP_PROFILE_AVPF, "latency", self->latency,
                NULL);
  gst_bin_add_many (GST_BIN (self->pipeline), self->rtpbin, self->funnel, self->demux, NULL);

  g_signal_connect (self->rtpbin, "request-pt-map", G_CALLBACK (on_request_pt_map), self);
  g_signal_connect (self->rtpbin, "request-aux-receiver",
                    G_CALLBACK (on_request_aux_receiver), self);
  g_signal_connect (self->rtpbin, "request-aux-sender", G_CALLBACK (on_request_aux_sender),
                    self);
  g_signal_connect (self->rtpbin, "new-jitterbuffer", G_CALLBACK (on_new_jitterbuffer), self);
  g_signal_connect (self->rtpbin, "request-rtp-encoder", G_CALLBACK (on_request_rtp_encoder),
                    self);
  g_signal_connect (self->rtpbin, "request-rtcp-encoder", G_CALLBACK (on_request_rtcp_encoder),
                    self);
  g_signal_connect (self->rtpbin, "pad-added",
                    G_CALLBACK (gst_call_rtp_transport_on_rtpbin_pad_added), self);
  g_signal_connect (self->rtpbin, "pad-added", G_CALLBACK (on_rtpbin_pad_added_rtcp), self);

  bus = gst_pipeline_get_bus (GST_PIPELINE (self->pipeline));
  gst_bus_add_watch (bus, on_bus_message, self);
  return TRUE;
}

static GstElement *
make_udp_sink (GstCallRtpTransport *self,
               GSocket             *socket,
               const char          *host,
               guint                port)
{
  GstElement *sink = gst_element_factory_make ("udpsink", NULL);

  g_object_set (sink, "socket", socket, "close-socket", FALSE, "host", host,
                "port", (int) port, "sync", FALSE, "async", FALSE, NULL);
  gst_bin_add (GST_BIN (self->pipeline), sink);
  return sink;
}

static GstElement *
make_udp_source (GstCallRtpTransport *self,
                 GSocket             *socket)
{
  GstElement *source = gst_element_factory_make ("udpsrc", NULL);

  g_object_set (source, "socket", socket, "close-socket", FALSE, "caps", NULL, NULL);
  gst_bin_add (GST_BIN (self->pipeline), source);
  return source;
}

/* An unbundled media section: what its RTP port and RTCP port (or the one
 * port with rtcp-mux) receive goes to its rtpbin session, what it sends
 * leaves from them to its remote ports. */
static gboolean
start_unbundled_session (GstCallRtpTransport  *self,
                         guint                 session,
                         GError              **error)
{
  Session *entry = &self->sessions[session];
  GstElement *demux, *rtp_source;

  if (session == 0) {
    demux = self->demux;
  } else {
    demux = gst_call_rtp_demux_new (on_demux_session, NULL, NULL, self, NULL);
    gst_bin_add (GST_BIN (self->pipeline), demux);
  }
  gst_call_rtp_demux_set_fixed_session (GST_CALL_RTP_DEMUX (demux), (int) session);
  rtp_source = make_udp_source (self, entry->rtp_socket);
  if (entry->secure) {
    /* srtpdec takes SRTP on one pad and SRTCP on the other, or both on
     * the first (rtcp-mux). */
    g_autoptr (GstCaps) srtp_caps = gst_caps_new_empty_simple ("application/x-srtp");
    g_autoptr (GstCaps) srtcp_caps = gst_caps_new_empty_simple ("application/x-srtcp");
    GstElement *decoder = gst_element_factory_make ("srtpdec", NULL);
    GstElement *funnel = gst_element_factory_make ("funnel", NULL);

    g_object_set_data (G_OBJECT (decoder), "gst-call-session", GUINT_TO_POINTER (session));
    g_signal_connect (decoder, "request-key", G_CALLBACK (on_session_srtp_request_key), self);
    g_object_set (rtp_source, "caps", srtp_caps, NULL);
    gst_bin_add_many (GST_BIN (self->pipeline), decoder, funnel, NULL);
    g_mutex_lock (&self->lock);
    gst_object_replace ((GstObject **) &entry->srtp_decoder, GST_OBJECT (decoder));
    if (!self->srtp_decoder)
      self->srtp_decoder = gst_object_ref (decoder);
    g_mutex_unlock (&self->lock);
    if (entry->rtcp_socket) {
      GstElement *rtcp_source = make_udp_source (self, entry->rtcp_socket);

      g_object_set (rtcp_source, "caps", srtcp_caps, NULL);
      if (!gst_element_link_pads (rtcp_source, "src", decoder, "rtcp_sink")) {
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                     _("Could not link %s to %s in the RTP pipeline"), "udpsrc", "srtpdec");
        return FALSE;
      }
    }
    if (!gst_element_link_pads (rtp_source, "src", decoder, "rtp_sink") ||
        !gst_element_link_pads (decoder, "rtp_src", funnel, "sink_%u") ||
        !gst_element_link_pads (decoder, "rtcp_src", funnel, "sink_%u") ||
        !gst_element_link (funnel, demux)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                   _("Could not link %s to %s in the RTP pipeline"), "srtpdec", "demux");
      return FALSE;
    }
  } else if (entry->rtcp_socket) {
    GstElement *funnel = gst_element_factory_make ("funnel", NULL);
    GstElement *rtcp_source = make_udp_source (self, entry->rtcp_socket);

    gst_bin_add (GST_BIN (self->pipeline), funnel);
    if (!gst_element_link (rtp_source, funnel) || !gst_element_link (rtcp_source, funnel) ||
        !gst_element_link (funnel, demux)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                   _("Could not link %s to %s in the RTP pipeline"), "udpsrc", "demux");
      return FALSE;
    }
  } else if (!gst_element_link (rtp_source, demux)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("Could not link %s to %s in the RTP pipeline"), "udpsrc", "demux");
    return FALSE;
  }
  entry->rtp_sink = make_udp_sink (self, entry->rtp_socket, entry->remote_address,
                                   entry->remote_rtp_port);
  entry->rtcp_sink = make_udp_sink (self, entry->rtcp_socket ? entry->rtcp_socket
                                                             : entry->rtp_socket,
                                    entry->remote_address, entry->remote_rtcp_port);
  return TRUE;
}

/* A bundled call: the one socket receives into the demultiplexer, what
 * every session sends leaves from it to @remote_address. */
static gboolean
start_bundled (GstCallRtpTransport  *self,
               const char           *remote_address,
               guint                 remote_port,
               GError              **error)
{
  GstElement *udpsrc, *udpsink, *last;

  udpsrc = gst_element_factory_make ("udpsrc", "udpsrc");
  udpsink = gst_element_factory_make ("udpsink", "udpsink");
  g_object_set (udpsrc, "socket", self->socket, "close-socket", FALSE,
                "caps", NULL, NULL);
  g_object_set (udpsink, "socket", self->socket, "close-socket", FALSE,
                "host", remote_address, "port", (int) remote_port,
                "sync", FALSE, "async", FALSE, NULL);
  gst_bin_add_many (GST_BIN (self->pipeline), udpsrc, udpsink, NULL);
  if (self->secure) {
    /* SRTP and SRTCP share the port: srtpdec tells them apart, the
     * demux routes what it decrypted. */
    g_autoptr (GstCaps) srtp_caps = gst_caps_new_empty_simple ("application/x-srtp");
    GstElement *receive_funnel = gst_element_factory_make ("funnel", "receive-funnel");

    self->srtp_decoder = gst_object_ref_sink (gst_element_factory_make ("srtpdec", "srtpdec"));
    g_signal_connect (self->srtp_decoder, "request-key", G_CALLBACK (on_srtp_request_key),
                      self);
    g_object_set (udpsrc, "caps", srtp_caps, NULL);
    gst_bin_add_many (GST_BIN (self->pipeline), self->srtp_decoder, receive_funnel, NULL);
    if (!gst_element_link_pads (udpsrc, "src", self->srtp_decoder, "rtp_sink") ||
        !gst_element_link_pads (self->srtp_decoder, "rtp_src", receive_funnel, "sink_%u") ||
        !gst_element_link_pads (self->srtp_decoder, "rtcp_src", receive_funnel, "sink_%u") ||
        !gst_element_link (receive_funnel, self->demux)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                   _("Could not link %s to %s in the RTP pipeline"), "srtpdec", "demux");
      return FALSE;
    }
  } else if (!gst_element_link (udpsrc, self->demux)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("Could not link %s to %s in the RTP pipeline"), "udpsrc", "demux");
    return FALSE;
  }
  last = self->funnel;
  if (self->send_filter) {
    gst_bin_add (GST_BIN (self->pipeline), self->send_filter);
    if (!gst_element_link (last, self->send_filter)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                   _("Could not link %s to %s in the RTP pipeline"), "funnel",
                   GST_OBJECT_NAME (self->send_filter));
      return FALSE;
    }
    last = self->send_filter;
  }
  if (!gst_element_link (last, udpsink)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("Could not link %s to %s in the RTP pipeline"), GST_OBJECT_NAME (last),
                 "udpsink");
    return FALSE;
  }

  return TRUE;
}

/* Both descriptions are known: media flows. */
gboolean
gst_call_rtp_transport_start (GstCallRtpTransport  *self,
                              const char           *remote_address,
                              guint                 remote_port,
                              GError              **error)
{
  guint contradictory = 0;

  if (self->unbundled) {
    for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++) {
      if (self->sessions[i].rtp_socket && self->sessions[i].remote_rtp_port &&
          !start_unbundled_session (self, i, error))
        return FALSE;
    }
  } else if (!start_bundled (self, remote_address, remote_port, error)) {
    return FALSE;
  }

  gst_call_rtp_demux_set_remote_description (GST_CALL_RTP_DEMUX (self->demux), self->remote,
                                             &contradictory);
  gst_call_rtp_demux_set_ask_application (GST_CALL_RTP_DEMUX (self->demux),
      g_signal_has_handler_pending (self, gst_call_rtp_transport_signals[SIGNAL_BUNDLED_SSRC],
                                    0, TRUE));
  if (contradictory > 0)
    gst_call_rtp_transport_report_warning (self,
        g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                     _("The remote description has contradictory FID "
                       "groups or SSRC lines: the packets of %u SSRCs "
                       "are dropped"), contradictory));

  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->session >= 0 && media->send &&
        !gst_call_rtp_transport_add_send_branch (self, media, error))
      return FALSE;
  }

  if (gst_element_set_state (self->pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("The RTP pipeline could not start"));
    return FALSE;
  }
  self->started = TRUE;
  return TRUE;
}

/* Mid-call, once a renegotiation's answer is known: the demux learns the new
 * sections' SSRCs, new local media starts, removed media stops. */
gboolean
gst_call_rtp_transport_apply_renegotiation (GstCallRtpTransport  *self,
                                            GError              **error)
{
  guint contradictory = 0;

  gst_call_rtp_demux_set_remote_description (GST_CALL_RTP_DEMUX (self->demux), self->remote,
                                             &contradictory);
  for (guint i = 0; self->unbundled && i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++) {
    Session *entry = &self->sessions[i];

    /* The peer may move a section to other ports. */
    if (entry->rtp_sink)
      g_object_set (entry->rtp_sink, "host", entry->remote_address,
                    "port", (int) entry->remote_rtp_port, NULL);
    if (entry->rtcp_sink)
      g_object_set (entry->rtcp_sink, "host", entry->remote_address,
                    "port", (int) entry->remote_rtcp_port, NULL);
  }
  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->session >= 0 && media->send && !media->removed && !media->sending &&
        !gst_call_rtp_transport_add_send_branch (self, media, error))
      return FALSE;
  }
  return TRUE;
}
