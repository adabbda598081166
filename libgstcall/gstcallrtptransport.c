/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <gst/rtp/rtp.h>
#include <gst/sdp/sdp.h>

#include "gstcallrtptransport.h"
#include "gstcallrtptransport-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-encoder-slot-private.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"
#include "gstcall-receive-private.h"
#include "gstcall-rtp-demux-private.h"
#include "gstcall-sdp-private.h"
#include "gstcall-srtp-private.h"
#include "gstcall-sinks-private.h"
#include "gstcall-stats-collector-private.h"
#include "gstcallcodecs-private.h"
#include "gstcalltrack-private.h"

/**
 * GstCallRtpTransport:
 *
 * Plain RTP over UDP, without ICE or DTLS: what SIP endpoints, intercoms
 * and media servers speak.
 *
 * All media share one UDP socket (one 5-tuple): `a=group:BUNDLE`,
 * `a=rtcp-mux`, `RTP/AVPF` with NACK and RTX (`rtx/90000`, `apt=`,
 * `a=ssrc-group:FID`) on video. Each media section is one rtpbin session:
 * the first one session 0, the next session 1, and so on.
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
#define VIDEO_PAYLOAD_TYPE 96
#define VIDEO_RTX_PAYLOAD_TYPE 97
#define AUDIO_PAYLOAD_TYPE 111
#define MAX_SSRC_LINES 64
#define RTCP_MIN_INTERVAL (100 * GST_MSECOND)
#define SRTP_CRYPTO_TAG 1
/* SSRCs that no a=ssrc line names get a key up to this many times: each
 * one costs srtpdec a stream, and a stranger can send any SSRC. */
#define SRTP_MAX_UNSIGNALLED_SSRCS 64

typedef struct {
  GstCallMediaKind kind;
  GstCallCodec codec;
  char *source_description;
  guint payload_type;
  guint rtx_payload_type;   /* 0: none */
  guint32 ssrc;
  guint32 rtx_ssrc;
  int session;              /* media section, -1: not in the call */
  gboolean send;
  char *mid;
  char *profile_level_id;   /* H.264: answered, or NULL: the codec table's */
  GstElement *encoder_slot; /* owned ref once sending, or NULL */
  GstElement *source;       /* owned: an element given mid-call, or NULL */
  GstElement *sending;      /* the source in the pipeline once sending, or NULL */
  GstCallTrack *track;      /* owned, once sending */
  gboolean removed;         /* the application stopped sending it */
} LocalMedia;

typedef struct {
  GstCallMediaKind kind;
  gboolean known;
  gboolean rtx;             /* NACK + RTX negotiated for what we receive */
  gboolean send_rtcp_linked;
  GstElement *rtx_receive;  /* owned ref, or NULL */
  GstElement *rtx_send;     /* owned ref, or NULL */
  gboolean secure;          /* SRTP: the keys below are set */
  GstCallSrtpCrypto local_crypto;
  GstCallSrtpCrypto remote_crypto;
  GstElement *srtp_encoder; /* owned ref, or NULL */
} Session;

struct _GstCallRtpTransport {
  GObject parent;

  GstCallContextProxy *proxy;
  GstCallStatsHistory *stats_history; /* main context only */

  char *local_address;
  gboolean rtx;
  gboolean srtp;
  GstCallSrtpCrypto offer_crypto;  /* what an SRTP offer gives */
  guint latency;
  GstElement *video_sink;
  GstElement *audio_sink;
  GstElement *send_filter;
  GstElement *encoded_video_source;
  GstCallRtpTransportTrackFunc track_func;
  gpointer track_func_data;
  gint muted[2];             /* atomic, by GstCallMediaKind */
  GstCallCodec codecs[2];    /* what is sent, by GstCallMediaKind */
  guint bitrates[2];         /* kbit/s by GstCallMediaKind, 0: the encoder's default */
  guint video_width;         /* 0: no video format given */
  guint video_height;
  guint video_framerate;
  GPtrArray *medias;         /* LocalMedia */
  char *cname;
  guint64 sdp_session_id;
  guint sdp_version;         /* of our descriptions: one more each renegotiation */
  guint offered_sections;    /* media sections of the offer awaiting its answer */

  GSocket *socket;
  GstElement *pipeline;
  GstElement *rtpbin;
  GstElement *demux;
  GstElement *funnel;
  gboolean started;
  gboolean closed;
  gboolean offered;          /* an offer was made and waits for its answer */
  gboolean secure;           /* SRTP was negotiated */
  GstElement *srtp_decoder;

  GMutex lock;               /* guards what follows: streaming threads read it */
  GstSDPMessage *remote;
  Session sessions[GST_CALL_RTP_TRANSPORT_MAX_SESSIONS];
  gboolean video_sink_used;
  gboolean audio_sink_used;

  gint video_frames_decoded; /* atomic */
  gint audio_buffers_decoded;
  gint video_frames_sent;
  gint audio_buffers_sent;
  guint bundled_ssrc_calls;
  guint warnings;
  gboolean session_limit_reported;
  guint srtp_unsignalled_ssrcs;
  guint srtp_ssrcs_refused;
};

G_DEFINE_FINAL_TYPE (GstCallRtpTransport, gst_call_rtp_transport, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_LOCAL_ADDRESS,
  PROP_LOCAL_PORT,
  PROP_RTX,
  PROP_VIDEO_SINK,
  PROP_AUDIO_SINK,
  PROP_LATENCY,
  PROP_SRTP,
  PROP_SECURE,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

enum {
  SIGNAL_BUNDLED_SSRC,
  SIGNAL_WARNING,
  SIGNAL_ERROR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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
  g_signal_emit (object, signals[SIGNAL_ERROR], 0, (GError *) data);
}

static void
emit_warning (gpointer object,
              gpointer data)
{
  GstCallRtpTransport *self = object;

  self->warnings++;
  g_signal_emit (self, signals[SIGNAL_WARNING], 0, (GError *) data);
}

static void
report_warning (GstCallRtpTransport *self,
                GError              *warning)
{
  GST_WARNING ("%s", warning->message);
  gst_call_context_proxy_invoke (self->proxy, emit_warning, warning,
                                 (GDestroyNotify) g_error_free);
}

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
  g_signal_emit (self, signals[SIGNAL_BUNDLED_SSRC], 0, event->ssrc,
                 event->payload_type, event->mid, &session);
  GST_DEBUG ("application routes SSRC %u to session %d", event->ssrc, session);
  if (session >= GST_CALL_RTP_TRANSPORT_MAX_SESSIONS && !self->session_limit_reported) {
    /* Once: a flood of SSRCs must not become a flood of warnings. */
    self->session_limit_reported = TRUE;
    report_warning (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                                       _("Session %d for SSRC %u is past the limit of %d "
                                         "sessions: its packets are dropped"),
                                       session, event->ssrc,
                                       GST_CALL_RTP_TRANSPORT_MAX_SESSIONS));
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

/* ------------------------------------------------------------------------ */
/* SDP helpers                                                               */

static const char *
media_connection_address (const GstSDPMessage *sdp,
                          const GstSDPMedia   *media)
{
  if (gst_sdp_media_connections_len (media) > 0)
    return gst_sdp_media_get_connection (media, 0)->address;
  if (gst_sdp_message_get_connection (sdp))
    return gst_sdp_message_get_connection (sdp)->address;
  return NULL;
}

static gboolean
media_is_rtx_format (const GstSDPMedia *media,
                     guint              payload_type,
                     guint             *apt)
{
  g_autofree char *rtpmap_prefix = g_strdup_printf ("%u ", payload_type);

  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);

    if (!attribute->value || !g_str_has_prefix (attribute->value, rtpmap_prefix))
      continue;
    if (g_strcmp0 (attribute->key, "rtpmap") == 0 &&
        g_ascii_strncasecmp (attribute->value + strlen (rtpmap_prefix), "rtx/", 4) != 0)
      return FALSE;
  }
  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);
    const char *found;

    if (g_strcmp0 (attribute->key, "fmtp") != 0 || !attribute->value ||
        !g_str_has_prefix (attribute->value, rtpmap_prefix))
      continue;
    found = strstr (attribute->value, "apt=");
    if (found) {
      guint64 value = g_ascii_strtoull (found + 4, NULL, 10);

      if (value <= 127) {
        if (apt)
          *apt = (guint) value;
        return TRUE;
      }
    }
  }
  return FALSE;
}

/* Encoding name of payload type @payload_type in @media ("VP8"), or NULL. */
static char *
media_encoding_name (const GstSDPMedia *media,
                     guint              payload_type)
{
  g_autofree char *prefix = g_strdup_printf ("%u ", payload_type);

  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);
    const char *name, *slash;

    if (g_strcmp0 (attribute->key, "rtpmap") != 0 || !attribute->value ||
        !g_str_has_prefix (attribute->value, prefix))
      continue;
    name = attribute->value + strlen (prefix);
    slash = strchr (name, '/');
    return slash ? g_strndup (name, slash - name) : g_strdup (name);
  }
  return NULL;
}

static GstCallMediaKind
media_kind (const GstSDPMedia *media,
            gboolean          *known)
{
  const char *name = gst_sdp_media_get_media (media);

  *known = g_strcmp0 (name, "video") == 0 || g_strcmp0 (name, "audio") == 0;
  return g_strcmp0 (name, "video") == 0 ? GST_CALL_MEDIA_KIND_VIDEO
                                         : GST_CALL_MEDIA_KIND_AUDIO;
}

static gboolean
media_has_rtx (const GstSDPMedia *media)
{
  for (guint i = 0; i < gst_sdp_media_formats_len (media); i++) {
    guint64 payload_type = g_ascii_strtoull (gst_sdp_media_get_format (media, i), NULL, 10);

    if (payload_type <= 127 && media_is_rtx_format (media, (guint) payload_type, NULL))
      return TRUE;
  }
  return FALSE;
}

/* Parses and checks a remote description: RTP/AVP(F) media on one address
 * and port. */
static GstSDPMessage *
parse_remote_description (const char  *text,
                          char       **address,
                          guint       *port,
                          gboolean    *secure,
                          GError     **error)
{
  g_autoptr (GstSDPMessage) sdp = NULL;
  guint found_port = 0;
  const char *found_address = NULL;
  gboolean found_secure = FALSE;

  if (!*text || gst_sdp_message_new_from_text (text, &sdp) != GST_SDP_OK ||
      gst_sdp_message_medias_len (sdp) == 0) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The remote description is not SDP with media sections"));
    return NULL;
  }
  if (gst_sdp_message_medias_len (sdp) > GST_CALL_RTP_TRANSPORT_MAX_SESSIONS) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The remote description has %u media sections, more than the %d "
                   "sessions of a plain RTP transport"),
                 gst_sdp_message_medias_len (sdp), GST_CALL_RTP_TRANSPORT_MAX_SESSIONS);
    return NULL;
  }

  for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);
    const char *proto = gst_sdp_media_get_proto (media);

    if (gst_sdp_media_get_port (media) == 0)
      continue;
    if (g_strcmp0 (proto, "RTP/AVP") != 0 && g_strcmp0 (proto, "RTP/AVPF") != 0 &&
        !gst_call_srtp_media_is_secure (media)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                   _("Media section %u uses transport \"%s\": a plain RTP transport "
                     "speaks RTP/AVP, RTP/AVPF, RTP/SAVP and RTP/SAVPF"),
                   i, proto ? proto : "");
      return NULL;
    }
    if (found_port && found_secure != gst_call_srtp_media_is_secure (media)) {
      /* One 5-tuple: all of it is SRTP, or none. */
      if (found_secure)
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                     _("Media section %u uses transport \"%s\" while an earlier one uses "
                       "SRTP: bundled media is all SRTP or all plain RTP"), i, proto);
      else
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                     _("Media section %u uses transport \"%s\" while an earlier one is "
                       "plain RTP: bundled media is all SRTP or all plain RTP"), i, proto);
      return NULL;
    }
    if (gst_sdp_media_get_port (media) > 65535) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("Media section %u has port %u, which is not a UDP port"),
                   i, gst_sdp_media_get_port (media));
      return NULL;
    }
    if (!found_port) {
      found_port = gst_sdp_media_get_port (media);
      found_address = media_connection_address (sdp, media);
      found_secure = gst_call_srtp_media_is_secure (media);
    }
  }

  if (!found_port) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("The remote description rejects every media section"));
    return NULL;
  }
  if (!found_address || !g_hostname_is_ip_address (found_address)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The remote description has no IP address in its c= line (\"%s\")"),
                 found_address ? found_address : "");
    return NULL;
  }

  *address = g_strdup (found_address);
  *port = found_port;
  *secure = found_secure;
  return g_steal_pointer (&sdp);
}

static void
append_codec_lines (GString    *text,
                    LocalMedia *media)
{
  const GstCallCodecInfo *info = gst_call_codec_table_lookup (media->codec);
  g_autoptr (GstStructure) fmtp = gst_call_codec_info_make_fmtp (info, media->profile_level_id);

  g_string_append_printf (text, "a=rtpmap:%u %s/%u", media->payload_type,
                          info->encoding_name, info->clock_rate);
  if (info->channels)
    g_string_append_printf (text, "/%u", info->channels);
  g_string_append (text, "\r\n");
  if (fmtp) {
    g_autofree char *parameters = gst_call_codec_fmtp_to_string (fmtp);

    g_string_append_printf (text, "a=fmtp:%u %s\r\n", media->payload_type, parameters);
  }
  if (info->nack) {
    g_string_append_printf (text, "a=rtcp-fb:%u nack\r\n", media->payload_type);
    g_string_append_printf (text, "a=rtcp-fb:%u nack pli\r\n", media->payload_type);
  }
  if (media->rtx_payload_type) {
    g_string_append_printf (text, "a=rtpmap:%u rtx/%u\r\n", media->rtx_payload_type,
                            info->clock_rate);
    g_string_append_printf (text, "a=fmtp:%u apt=%u\r\n", media->rtx_payload_type,
                            media->payload_type);
  }
}

static void
append_ssrc_lines (GstCallRtpTransport *self,
                   GString             *text,
                   LocalMedia          *media)
{
  if (media->rtx_payload_type)
    g_string_append_printf (text, "a=ssrc-group:FID %u %u\r\n", media->ssrc, media->rtx_ssrc);
  g_string_append_printf (text, "a=ssrc:%u cname:%s\r\n", media->ssrc, self->cname);
  if (media->rtx_payload_type)
    g_string_append_printf (text, "a=ssrc:%u cname:%s\r\n", media->rtx_ssrc, self->cname);
}

static void
append_session_header (GstCallRtpTransport *self,
                       GString             *text)
{
  g_string_append_printf (text, "v=0\r\no=- %" G_GUINT64_FORMAT " %u IN IP%c %s\r\n"
                          "s=libgstcall\r\nc=IN IP%c %s\r\nt=0 0\r\n",
                          self->sdp_session_id, self->sdp_version++, strchr (self->local_address, ':') ? '6' : '4',
                          self->local_address, strchr (self->local_address, ':') ? '6' : '4',
                          self->local_address);
}

/* ------------------------------------------------------------------------ */
/* Pipeline                                                                  */

static gboolean
bind_socket (GstCallRtpTransport  *self,
             GError              **error)
{
  g_autoptr (GInetAddress) inet = NULL;
  g_autoptr (GSocketAddress) address = NULL;
  g_autoptr (GSocket) socket = NULL;

  if (self->socket)
    return TRUE;

  inet = g_inet_address_new_from_string (self->local_address);
  if (!inet) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("Local address \"%s\" is not an IP address"), self->local_address);
    return FALSE;
  }
  socket = g_socket_new (g_inet_address_get_family (inet), G_SOCKET_TYPE_DATAGRAM,
                         G_SOCKET_PROTOCOL_UDP, error);
  if (!socket)
    return FALSE;
  address = g_inet_socket_address_new (inet, 0);
  if (!g_socket_bind (socket, address, FALSE, error))
    return FALSE;
  self->socket = g_steal_pointer (&socket);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOCAL_PORT]);
  return TRUE;
}

static gboolean
link_pads (GstPad     *src,
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

/* Any thread: the RTCP of @session goes out through the socket. */
static void
ensure_send_rtcp (GstCallRtpTransport *self,
                  guint                session)
{
  g_autofree char *name = g_strdup_printf ("send_rtcp_src_%u", session);
  g_autoptr (GstPad) rtcp = NULL;
  g_autoptr (GstPad) funnel_sink = NULL;
  gboolean link;

  g_mutex_lock (&self->lock);
  link = !self->sessions[session].send_rtcp_linked;
  self->sessions[session].send_rtcp_linked = TRUE;
  g_mutex_unlock (&self->lock);
  if (!link)
    return;

  rtcp = gst_element_request_pad_simple (self->rtpbin, name);
  {
    g_autoptr (GstElement) rtp_session = NULL;

    /* AVPF feedback (NACK) goes out early once per regular interval: keep
     * that interval short, or retransmissions come too late to be used. */
    g_signal_emit_by_name (self->rtpbin, "get-session", session, &rtp_session);
    if (rtp_session)
      g_object_set (rtp_session, "rtcp-min-interval", (guint64) RTCP_MIN_INTERVAL, NULL);
  }
  funnel_sink = gst_element_request_pad_simple (self->funnel, "sink_%u");
  if (!rtcp || gst_pad_link (rtcp, funnel_sink) != GST_PAD_LINK_OK)
    GST_WARNING ("could not link %s", name);
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
  if (!link_pads (rtp_pad, rtp_sink, &error) || !link_pads (rtcp_pad, rtcp_sink, &error)) {
    GST_WARNING ("%s", error->message);
    return FALSE;
  }
  ensure_send_rtcp (self, session);
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
        }
      }
    }
  }
  g_mutex_unlock (&self->lock);
  GST_DEBUG ("session %u payload type %u: %" GST_PTR_FORMAT, session, payload_type, caps);
  return caps;
}

static GstStructure *
remote_rtx_payload_type_map (GstCallRtpTransport *self)
{
  GstStructure *map = gst_structure_new_empty ("application/x-rtp-pt-map");

  for (guint i = 0; self->remote && i < gst_sdp_message_medias_len (self->remote); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (self->remote, i);

    for (guint f = 0; f < gst_sdp_media_formats_len (media); f++) {
      const char *format = gst_sdp_media_get_format (media, f);
      guint64 payload_type = g_ascii_strtoull (format, NULL, 10);
      guint apt;

      if (payload_type <= 127 && media_is_rtx_format (media, (guint) payload_type, &apt)) {
        /* rtprtxreceive maps the original payload type to its RTX one. */
        g_autofree char *original = g_strdup_printf ("%u", apt);

        gst_structure_set (map, original, G_TYPE_UINT, (guint) payload_type, NULL);
      }
    }
  }
  return map;
}

/* Streaming thread: rtprtxreceive for the sessions that get RTX. */
static GstElement *
on_request_aux_receiver (GstElement          *rtpbin,
                         guint                session,
                         GstCallRtpTransport *self)
{
  g_autoptr (GstStructure) map = NULL;
  g_autofree char *sink_name = g_strdup_printf ("sink_%u", session);
  g_autofree char *src_name = g_strdup_printf ("src_%u", session);
  g_autoptr (GstPad) sink = NULL;
  g_autoptr (GstPad) src = NULL;
  GstElement *bin, *receive;

  if (session >= GST_CALL_RTP_TRANSPORT_MAX_SESSIONS)
    return NULL;
  g_mutex_lock (&self->lock);
  if (!self->rtx || !self->sessions[session].rtx) {
    g_mutex_unlock (&self->lock);
    return NULL;
  }
  map = remote_rtx_payload_type_map (self);
  g_mutex_unlock (&self->lock);

  receive = gst_element_factory_make ("rtprtxreceive", NULL);
  if (!receive)
    return NULL;
  g_object_set (receive, "payload-type-map", map, NULL);
  bin = gst_bin_new (NULL);
  gst_bin_add (GST_BIN (bin), receive);
  sink = gst_element_get_static_pad (receive, "sink");
  src = gst_element_get_static_pad (receive, "src");
  gst_element_add_pad (bin, gst_ghost_pad_new (sink_name, sink));
  gst_element_add_pad (bin, gst_ghost_pad_new (src_name, src));

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
  g_autofree char *sink_name = g_strdup_printf ("sink_%u", session);
  g_autofree char *src_name = g_strdup_printf ("src_%u", session);
  g_autoptr (GstStructure) payload_types = NULL;
  g_autoptr (GstStructure) ssrcs = NULL;
  g_autoptr (GstPad) sink = NULL;
  g_autoptr (GstPad) src = NULL;
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
  g_object_set (send, "payload-type-map", payload_types, "ssrc-map", ssrcs,
                "max-size-time", 2000, NULL);
  bin = gst_bin_new (NULL);
  gst_bin_add (GST_BIN (bin), send);
  sink = gst_element_get_static_pad (send, "sink");
  src = gst_element_get_static_pad (send, "src");
  gst_element_add_pad (bin, gst_ghost_pad_new (sink_name, sink));
  gst_element_add_pad (bin, gst_ghost_pad_new (src_name, src));

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
  g_object_set (jitterbuffer, "do-retransmission", retransmission, NULL);
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

static void
on_error (GstCallRtpTransport *self,
          GError              *error)
{
  GST_WARNING ("%s", error->message);
  gst_call_context_proxy_invoke (self->proxy, emit_error, error,
                                 (GDestroyNotify) g_error_free);
}

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
  on_error (user_data, error);
}

static const GstCallReceiveCallbacks remote_callbacks = {
  on_remote_decoded,
  on_remote_error,
};

/* Streaming thread: rtpbin has a new remote stream (recv_rtp_src_S_SSRC_PT). */
static void
on_rtpbin_pad_added (GstElement          *rtpbin,
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
  GST_DEBUG ("remote %s stream on %s", gst_call_media_kind_to_string (kind),
             GST_PAD_NAME (pad));
  gst_call_receive_add_branch (GST_BIN (self->pipeline), pad, kind, &remote_callbacks,
                               self, NULL);
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
    g_signal_emit (self, signals[SIGNAL_ERROR], 0, gst_error);
  }
  return G_SOURCE_CONTINUE;
}

static gboolean
ensure_pipeline (GstCallRtpTransport  *self,
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
  self->demux = gst_call_rtp_demux_new (on_demux_session, on_demux_ask, self, NULL);
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
  g_signal_connect (self->rtpbin, "pad-added", G_CALLBACK (on_rtpbin_pad_added), self);
  g_signal_connect (self->rtpbin, "pad-added", G_CALLBACK (on_rtpbin_pad_added_rtcp), self);

  bus = gst_pipeline_get_bus (GST_PIPELINE (self->pipeline));
  gst_bus_add_watch (bus, on_bus_message, self);
  return TRUE;
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

static gboolean
add_send_branch (GstCallRtpTransport  *self,
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
  rtp_sink = gst_element_request_pad_simple (self->rtpbin, sink_name);
  if (!link_pads (source_src, bin_sink, error) || !link_pads (bin_src, rtp_sink, error))
    return FALSE;
  rtp_src = gst_element_get_static_pad (self->rtpbin, src_name);
  funnel_sink = gst_element_request_pad_simple (self->funnel, "sink_%u");
  if (!link_pads (rtp_src, funnel_sink, error))
    return FALSE;
  ensure_send_rtcp (self, (guint) media->session);

  gst_call_rtp_demux_add_local_ssrc (GST_CALL_RTP_DEMUX (self->demux), media->ssrc,
                                     (guint) media->session);
  if (media->rtx_payload_type)
    gst_call_rtp_demux_add_local_ssrc (GST_CALL_RTP_DEMUX (self->demux), media->rtx_ssrc,
                                       (guint) media->session);
  if (self->started) {
    /* Mid-call: the new branch joins the playing pipeline. */
    gst_element_sync_state_with_parent (send_bin);
    gst_element_sync_state_with_parent (source);
  }
  return TRUE;
}

/* Both descriptions are known: media flows. */
static gboolean
start (GstCallRtpTransport  *self,
       const char           *remote_address,
       guint                 remote_port,
       GError              **error)
{
  GstElement *udpsrc, *udpsink, *last;
  guint contradictory = 0;

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

  gst_call_rtp_demux_set_remote_description (GST_CALL_RTP_DEMUX (self->demux), self->remote,
                                             &contradictory);
  gst_call_rtp_demux_set_ask_application (GST_CALL_RTP_DEMUX (self->demux),
                                          g_signal_has_handler_pending (self,
                                              signals[SIGNAL_BUNDLED_SSRC], 0, TRUE));
  if (contradictory > 0)
    report_warning (self, g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                                       _("The remote description has contradictory FID "
                                         "groups or SSRC lines: the packets of %u SSRCs "
                                         "are dropped"), contradictory));

  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->session >= 0 && media->send && !add_send_branch (self, media, error))
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

/* The session table from the remote description and what we answered;
 * the SRTP keys of each section when @remote_crypto is set. */
static void
set_remote (GstCallRtpTransport     *self,
            GstSDPMessage           *sdp,
            const gboolean          *local_rtx,
            const GstCallSrtpCrypto *local_crypto,
            const GstCallSrtpCrypto *remote_crypto)
{
  g_mutex_lock (&self->lock);
  if (self->remote)
    gst_sdp_message_free (self->remote);
  self->remote = sdp;
  self->secure = remote_crypto != NULL;
  for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);

    self->sessions[i].kind = media_kind (media, &self->sessions[i].known);
    self->sessions[i].rtx = local_rtx[i] && media_has_rtx (media);
    self->sessions[i].secure = remote_crypto &&
                               remote_crypto[i].suite != GST_CALL_SRTP_SUITE_NONE;
    if (self->sessions[i].secure) {
      self->sessions[i].local_crypto = local_crypto[i];
      self->sessions[i].remote_crypto = remote_crypto[i];
    }
  }
  g_mutex_unlock (&self->lock);
  if (self->secure)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SECURE]);
}

/* The SRTP keys of each media section during an offer/answer exchange,
 * wiped when they go out of scope. */
typedef struct {
  GstCallSrtpCrypto local[GST_CALL_RTP_TRANSPORT_MAX_SESSIONS];
  GstCallSrtpCrypto remote[GST_CALL_RTP_TRANSPORT_MAX_SESSIONS];
} KeyTable;

static void
key_table_clear (KeyTable *table)
{
  for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++) {
    gst_call_srtp_crypto_clear (&table->local[i]);
    gst_call_srtp_crypto_clear (&table->remote[i]);
  }
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (KeyTable, key_table_clear)

/* SRTP needs srtpenc and srtpdec, and a key of ours. */
static gboolean
prepare_srtp (GstCallRtpTransport  *self,
              GError              **error)
{
  static const char * const elements[] = { "srtpenc", "srtpdec", NULL };

  if (!gst_call_check_elements (elements, error))
    return FALSE;
  if (self->offer_crypto.suite == GST_CALL_SRTP_SUITE_NONE &&
      !gst_call_srtp_crypto_init_random (&self->offer_crypto, SRTP_CRYPTO_TAG,
                                         GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_80,
                                         error))
    return FALSE;
  return TRUE;
}

static void
append_crypto_line (GString                 *text,
                    const GstCallSrtpCrypto *crypto)
{
  g_autofree char *value = gst_call_srtp_crypto_to_string (crypto);

  g_string_append_printf (text, "a=crypto:%s\r\n", value);
}

static gboolean
check_open (GstCallRtpTransport  *self,
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
  if (!check_open (self, error))
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

static char *create_renegotiation_offer (GstCallRtpTransport  *self,
                                        GError              **error);

/* @media is offered as media section @session, in its codec's static
 * payload type or ours, with RTX when its codec takes NACK, at the H.264
 * level of the video format. */
static void
offer_media_section (GstCallRtpTransport *self,
                     LocalMedia          *media,
                     int                  session)
{
  int static_type = gst_call_media_codec_static_payload_type (media->codec);

  media->session = session;
  media->send = TRUE;
  g_free (media->mid);
  media->mid = g_strdup_printf ("%d", session);
  if (static_type >= 0)
    media->payload_type = (guint) static_type;
  else
    media->payload_type = media->kind == GST_CALL_MEDIA_KIND_VIDEO ? VIDEO_PAYLOAD_TYPE
                                                                   : AUDIO_PAYLOAD_TYPE;
  media->rtx_payload_type = self->rtx && gst_call_codec_table_lookup (media->codec)->nack
                            ? VIDEO_RTX_PAYLOAD_TYPE : 0;
  g_clear_pointer (&media->profile_level_id, g_free);
  if (media->codec == GST_CALL_CODEC_H264 && self->video_width)
    media->profile_level_id = gst_call_h264_profile_level_id_for_video (
        self->video_width, self->video_height, self->video_framerate, 1);
}

/**
 * gst_call_rtp_transport_create_offer:
 * @self: a [class@CallRtpTransport]
 * @error: return location for a #GError
 *
 * Binds the UDP socket (on [property@CallRtpTransport:local-address], a free
 * port) and describes what the transport sends and receives: one media
 * section per source, bundled on that port, `RTP/AVPF`, rtcp-mux, NACK and
 * RTX on video when [property@CallRtpTransport:rtx] is set; `RTP/SAVPF` with
 * an `a=crypto` key in each section when [property@CallRtpTransport:srtp]
 * is. Media flows
 * once [method@CallRtpTransport.set_remote_answer] is given the answer.
 *
 * Called again once media flows, it makes a new offer of the same sections
 * (renegotiation, the SDP version one higher), for the peer to answer with
 * [method@CallRtpTransport.create_answer]; an SRTP call cannot be
 * renegotiated.
 *
 * Returns: (transfer full) (nullable): the offer SDP, or %NULL on error
 *
 * Since: 0.1
 */
char *
gst_call_rtp_transport_create_offer (GstCallRtpTransport  *self,
                                     GError              **error)
{
  GString *text;
  GString *group;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_open (self, error))
    return NULL;
  if (self->offered) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("An offer of this transport still waits for its answer"));
    return NULL;
  }
  if (self->started)
    return create_renegotiation_offer (self, error);
  if (self->medias->len == 0) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("An offer needs a source: call "
                   "gst_call_rtp_transport_set_sources_from_description() first"));
    return NULL;
  }
  if (!ensure_pipeline (self, error))
    return NULL;
  if (self->srtp && !prepare_srtp (self, error))
    return NULL;

  text = g_string_new (NULL);
  group = g_string_new ("a=group:BUNDLE");
  append_session_header (self, text);
  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    offer_media_section (self, media, (int) i);
    g_string_append_printf (group, " %s", media->mid);
  }
  g_string_append_printf (text, "%s\r\n", group->str);
  g_string_free (group, TRUE);

  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    g_string_append_printf (text, "m=%s %u %s %u",
                            gst_call_media_kind_to_string (media->kind),
                            gst_call_rtp_transport_get_local_port (self),
                            self->srtp ? "RTP/SAVPF" : "RTP/AVPF", media->payload_type);
    if (media->rtx_payload_type)
      g_string_append_printf (text, " %u", media->rtx_payload_type);
    g_string_append (text, "\r\n");
    g_string_append_printf (text, "a=mid:%s\r\na=sendrecv\r\na=rtcp-mux\r\n", media->mid);
    if (self->srtp)
      append_crypto_line (text, &self->offer_crypto);
    append_codec_lines (text, media);
    append_ssrc_lines (self, text, media);
  }
  self->offered = TRUE;
  self->offered_sections = self->medias->len;
  return g_string_free (text, FALSE);
}

/* The H.264 profile-level-id answering @payload_type of an offer's @media
 * (RFC 6184 8.2.2), we receiving up to the level we send: the one of the
 * video format, or the codec table's; NULL when the offer names none. */
static char *
answer_h264_profile_level_id (GstCallRtpTransport *self,
                              const GstSDPMedia   *media,
                              guint                payload_type)
{
  g_autofree char *offered = gst_call_sdp_fmtp_parameter (media, payload_type,
                                                          "profile-level-id");
  g_autofree char *asymmetry = gst_call_sdp_fmtp_parameter (media, payload_type,
                                                            "level-asymmetry-allowed");
  g_autofree char *local = self->video_width
      ? gst_call_h264_profile_level_id_for_video (self->video_width, self->video_height,
                                                  self->video_framerate, 1)
      : gst_call_h264_profile_level_id_for_level (NULL, 0);

  if (!offered || strlen (offered) != 6)
    return NULL;
  /* We write level-asymmetry-allowed=1 in every answer. */
  return gst_call_h264_answer_profile_level_id (
      offered, g_strcmp0 (asymmetry, "1") == 0,
      gst_call_h264_profile_level_id_get_level (local));
}

/* The local media answering section @media of kind @kind, with the
 * payload type the offer gives our codec. */
static LocalMedia *
match_local_media (GstCallRtpTransport *self,
                   const GstSDPMedia   *media,
                   GstCallMediaKind     kind)
{
  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *local = g_ptr_array_index (self->medias, i);
    g_autoptr (GstCaps) caps = NULL;
    const char *encoding_name;

    if (local->kind != kind || local->session >= 0)
      continue;
    caps = gst_call_media_make_rtp_caps (local->codec, 0);
    encoding_name = gst_structure_get_string (gst_caps_get_structure (caps, 0),
                                              "encoding-name");
    for (guint f = 0; f < gst_sdp_media_formats_len (media); f++) {
      guint64 payload_type = g_ascii_strtoull (gst_sdp_media_get_format (media, f), NULL, 10);
      g_autofree char *name = NULL;

      if (payload_type > 127)
        continue;
      name = media_encoding_name (media, (guint) payload_type);
      if (!name && (int) payload_type == gst_call_media_codec_static_payload_type (local->codec))
        name = g_strdup (encoding_name);
      if (name && g_ascii_strcasecmp (name, encoding_name) == 0) {
        local->payload_type = (guint) payload_type;
        g_clear_pointer (&local->profile_level_id, g_free);
        if (local->codec == GST_CALL_CODEC_H264)
          local->profile_level_id = answer_h264_profile_level_id (self, media,
                                                                  local->payload_type);
        local->rtx_payload_type = 0;
        for (guint r = 0; self->rtx && r < gst_sdp_media_formats_len (media); r++) {
          guint64 rtx = g_ascii_strtoull (gst_sdp_media_get_format (media, r), NULL, 10);
          guint apt;

          if (rtx <= 127 && media_is_rtx_format (media, (guint) rtx, &apt) &&
              apt == local->payload_type)
            local->rtx_payload_type = (guint) rtx;
        }
        return local;
      }
    }
  }
  return NULL;
}

static void
append_offered_lines (GString           *text,
                      const GstSDPMedia *media,
                      guint              payload_type)
{
  g_autofree char *prefix = g_strdup_printf ("%u ", payload_type);

  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);

    if (attribute->value && g_str_has_prefix (attribute->value, prefix) &&
        (g_strcmp0 (attribute->key, "rtpmap") == 0 || g_strcmp0 (attribute->key, "fmtp") == 0 ||
         g_strcmp0 (attribute->key, "rtcp-fb") == 0) &&
        !strpbrk (attribute->value, "\r\n"))
      g_string_append_printf (text, "a=%s:%s\r\n", attribute->key, attribute->value);
  }
}

/* A section receiving what the peer's @media describes: its formats, RTX
 * when we take it; TRUE when RTX is among them. */
static gboolean
append_receive_only_formats (GstCallRtpTransport *self,
                             GString             *text,
                             const GstSDPMedia   *media)
{
  gboolean known;
  gboolean rtx = FALSE;

  g_string_append_printf (text, "m=%s %u %s",
                          gst_call_media_kind_to_string (media_kind (media, &known)),
                          gst_call_rtp_transport_get_local_port (self),
                          gst_sdp_media_get_proto (media));
  for (guint f = 0; f < gst_sdp_media_formats_len (media); f++) {
    guint64 payload_type = g_ascii_strtoull (gst_sdp_media_get_format (media, f), NULL, 10);

    if (payload_type > 127 ||
        (!self->rtx && media_is_rtx_format (media, (guint) payload_type, NULL)))
      continue;
    rtx |= media_is_rtx_format (media, (guint) payload_type, NULL);
    g_string_append_printf (text, " %u", (guint) payload_type);
  }
  g_string_append (text, "\r\n");
  for (guint f = 0; f < gst_sdp_media_formats_len (media); f++) {
    guint64 payload_type = g_ascii_strtoull (gst_sdp_media_get_format (media, f), NULL, 10);

    if (payload_type > 127 ||
        (!self->rtx && media_is_rtx_format (media, (guint) payload_type, NULL)))
      continue;
    append_offered_lines (text, media, (guint) payload_type);
  }
  return rtx;
}

/* The local media sent in media section @session, or NULL. */
static LocalMedia *
media_for_session (GstCallRtpTransport *self,
                   int                  session)
{
  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->session == session)
      return media;
  }
  return NULL;
}

/* Mid-call, once a renegotiation's answer is known: the demux learns the new
 * sections' SSRCs, new local media starts, removed media stops. */
static gboolean
apply_renegotiation (GstCallRtpTransport  *self,
                     GError              **error)
{
  guint contradictory = 0;

  gst_call_rtp_demux_set_remote_description (GST_CALL_RTP_DEMUX (self->demux), self->remote,
                                             &contradictory);
  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->session >= 0 && media->send && !media->removed && !media->sending &&
        !add_send_branch (self, media, error))
      return FALSE;
  }
  return TRUE;
}

/* Mid-call: an offer of every section negotiated so far, in its order, then
 * of the tracks added since; a removed track's section only receives. */
static char *
create_renegotiation_offer (GstCallRtpTransport  *self,
                            GError              **error)
{
  guint n_sections = gst_sdp_message_medias_len (self->remote);
  GString *text;
  GString *group;

  if (self->secure) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("An SRTP call over plain RTP cannot be renegotiated: its tracks are "
                   "fixed once it started"));
    return NULL;
  }
  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->session < 0 && media->source)
      n_sections++;
  }
  if (n_sections > GST_CALL_RTP_TRANSPORT_MAX_SESSIONS) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("A plain RTP transport has at most %d media sections"),
                 GST_CALL_RTP_TRANSPORT_MAX_SESSIONS);
    return NULL;
  }
  n_sections = gst_sdp_message_medias_len (self->remote);
  for (guint i = 0; i < self->medias->len; i++) {
    LocalMedia *media = g_ptr_array_index (self->medias, i);

    if (media->session < 0 && media->source)
      offer_media_section (self, media, (int) n_sections++);
  }

  text = g_string_new (NULL);
  group = g_string_new ("a=group:BUNDLE");
  append_session_header (self, text);
  for (guint i = 0; i < n_sections; i++) {
    LocalMedia *local = media_for_session (self, (int) i);
    const GstSDPMedia *remote = i < gst_sdp_message_medias_len (self->remote)
                                ? gst_sdp_message_get_media (self->remote, i) : NULL;
    const char *mid = local ? local->mid : gst_sdp_media_get_attribute_val (remote, "mid");
    gboolean known = FALSE;

    if (!local && remote)
      media_kind (remote, &known);
    if (!local && (!remote || gst_sdp_media_get_port (remote) == 0 || !known)) {
      g_string_append_printf (text, "m=%s 0 RTP/AVPF 0\r\n",
                              remote ? gst_sdp_media_get_media (remote) : "application");
      continue;
    }
    if (local) {
      g_string_append_printf (text, "m=%s %u RTP/AVPF %u",
                              gst_call_media_kind_to_string (local->kind),
                              gst_call_rtp_transport_get_local_port (self),
                              local->payload_type);
      if (local->rtx_payload_type)
        g_string_append_printf (text, " %u", local->rtx_payload_type);
      g_string_append (text, "\r\n");
      append_codec_lines (text, local);
    } else {
      append_receive_only_formats (self, text, remote);
    }
    if (mid && *mid && !strpbrk (mid, "\r\n ")) {
      g_string_append_printf (text, "a=mid:%s\r\n", mid);
      g_string_append_printf (group, " %s", mid);
    }
    g_string_append (text, local && !local->removed ? "a=sendrecv\r\n" : "a=recvonly\r\n");
    g_string_append (text, "a=rtcp-mux\r\n");
    if (local && !local->removed)
      append_ssrc_lines (self, text, local);
  }
  /* The group goes before the sections. */
  {
    const char *first = strstr (text->str, "m=");
    gsize at = first ? (gsize) (first - text->str) : text->len;

    g_string_append (group, "\r\n");
    g_string_insert (text, at, group->str);
    g_string_free (group, TRUE);
  }
  self->offered = TRUE;
  self->offered_sections = n_sections;
  return g_string_free (text, FALSE);
}

/**
 * gst_call_rtp_transport_create_answer:
 * @self: a [class@CallRtpTransport]
 * @offer: the remote offer, SDP text
 * @error: return location for a #GError
 *
 * Answers @offer and starts media: each offered audio or video section is
 * answered with a local source of that kind in a codec the offer lists
 * (sendrecv), or receive-only with the offered formats. The remote address
 * and port are taken from the offer's first accepted section; everything
 * is sent there and received on this transport's one port. An SRTP offer
 * (`RTP/SAVP` or `RTP/SAVPF`) is answered with SRTP, keyed by the first
 * `a=crypto` line of each section that libgstcall supports.
 *
 * Once media flows, a new offer of the peer (renegotiation) is answered the
 * same way: sections it adds are received, sections it no longer sends to
 * stop.
 *
 * Returns: (transfer full) (nullable): the answer SDP, or %NULL on error
 *
 * Since: 0.1
 */
char *
gst_call_rtp_transport_create_answer (GstCallRtpTransport  *self,
                                      const char           *offer,
                                      GError              **error)
{
  g_autoptr (GstSDPMessage) sdp = NULL;
  g_autofree char *address = NULL;
  g_autofree gboolean *local_rtx = NULL;
  g_auto (KeyTable) keys = { 0 };
  GString *text;
  guint port = 0;
  gboolean bundle = FALSE;
  gboolean secure = FALSE;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);
  g_return_val_if_fail (offer != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!check_open (self, error))
    return NULL;
  if (self->offered) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("This transport made an offer: it takes an answer, not an offer"));
    return NULL;
  }
  sdp = parse_remote_description (offer, &address, &port, &secure, error);
  if (!sdp || !ensure_pipeline (self, error))
    return NULL;
  if (self->started && (secure || self->secure)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("An SRTP call over plain RTP cannot be renegotiated: its tracks are "
                   "fixed once it started"));
    return NULL;
  }
  if (self->started &&
      gst_sdp_message_medias_len (sdp) < gst_sdp_message_medias_len (self->remote)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("The new offer has %u media sections, fewer than the %u of the call"),
                 gst_sdp_message_medias_len (sdp),
                 gst_sdp_message_medias_len (self->remote));
    return NULL;
  }
  if (!secure && self->srtp) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("The offer is plain RTP (%s) but this transport requires SRTP "
                   "(RTP/SAVPF): its srtp property is set"),
                 gst_sdp_media_get_proto (gst_sdp_message_get_media (sdp, 0)));
    return NULL;
  }
  if (secure) {
    if (!prepare_srtp (self, error))
      return NULL;
    for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
      const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);

      if (gst_sdp_media_get_port (media) == 0)
        continue;
      if (!gst_call_srtp_media_find_crypto (media, i, 0, &keys.remote[i], error))
        return NULL;
      /* Our key, in the suite and under the tag of the offer's line. */
      keys.local[i] = self->offer_crypto;
      keys.local[i].tag = keys.remote[i].tag;
      keys.local[i].suite = keys.remote[i].suite;
    }
  }

  for (guint i = 0; i < gst_sdp_message_attributes_len (sdp); i++) {
    const GstSDPAttribute *attribute = gst_sdp_message_get_attribute (sdp, i);

    if (g_strcmp0 (attribute->key, "group") == 0 && attribute->value &&
        g_str_has_prefix (attribute->value, "BUNDLE") && !strpbrk (attribute->value, "\r\n"))
      bundle = TRUE;
  }

  local_rtx = g_new0 (gboolean, gst_sdp_message_medias_len (sdp));
  text = g_string_new (NULL);
  append_session_header (self, text);
  if (bundle)
    g_string_append_printf (text, "a=%s:%s\r\n", "group",
                            gst_sdp_message_get_attribute_val (sdp, "group"));

  for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);
    const char *mid = gst_sdp_media_get_attribute_val (media, "mid");
    gboolean known;
    GstCallMediaKind kind = media_kind (media, &known);
    gboolean remote_receives = !gst_sdp_media_get_attribute_val (media, "sendonly") &&
                               !gst_sdp_media_get_attribute_val (media, "inactive");
    gboolean remote_sends = !gst_sdp_media_get_attribute_val (media, "recvonly") &&
                            !gst_sdp_media_get_attribute_val (media, "inactive");
    LocalMedia *local = NULL;

    if (known && gst_sdp_media_get_port (media) != 0) {
      local = media_for_session (self, (int) i);
      if (!local)
        local = match_local_media (self, media, kind);
    }

    if (!known || gst_sdp_media_get_port (media) == 0 ||
        (!local && gst_sdp_media_formats_len (media) == 0)) {
      g_string_append_printf (text, "m=%s 0 %s 0\r\n", known ? gst_call_media_kind_to_string (kind)
                              : "application", "RTP/AVP");
      keys.remote[i].suite = GST_CALL_SRTP_SUITE_NONE;
      continue;
    }

    if (local) {
      local->session = (int) i;
      local->send = remote_receives && !local->removed;
      g_free (local->mid);
      local->mid = g_strdup (mid);
      local_rtx[i] = local->rtx_payload_type != 0;
      g_string_append_printf (text, "m=%s %u %s %u", gst_call_media_kind_to_string (kind),
                              gst_call_rtp_transport_get_local_port (self),
                              gst_sdp_media_get_proto (media), local->payload_type);
      if (local->rtx_payload_type)
        g_string_append_printf (text, " %u", local->rtx_payload_type);
      g_string_append (text, "\r\n");
      append_codec_lines (text, local);
    } else {
      local_rtx[i] = append_receive_only_formats (self, text, media);
    }
    if (mid && *mid && !strpbrk (mid, "\r\n "))
      g_string_append_printf (text, "a=mid:%s\r\n", mid);
    if (local && local->send)
      g_string_append (text, remote_sends ? "a=sendrecv\r\n" : "a=sendonly\r\n");
    else
      g_string_append (text, remote_sends ? "a=recvonly\r\n" : "a=inactive\r\n");
    g_string_append (text, "a=rtcp-mux\r\n");
    if (secure && keys.remote[i].suite != GST_CALL_SRTP_SUITE_NONE)
      append_crypto_line (text, &keys.local[i]);
    if (local && local->send)
      append_ssrc_lines (self, text, local);
  }

  set_remote (self, g_steal_pointer (&sdp), local_rtx, secure ? keys.local : NULL,
              secure ? keys.remote : NULL);
  if (self->started ? !apply_renegotiation (self, error)
                    : !start (self, address, port, error)) {
    g_string_free (text, TRUE);
    return NULL;
  }
  return g_string_free (text, FALSE);
}

/**
 * gst_call_rtp_transport_set_remote_answer:
 * @self: a [class@CallRtpTransport]
 * @answer: the remote answer to the offer of
 *   [method@CallRtpTransport.create_offer], SDP text
 * @error: return location for a #GError
 *
 * Applies the answer and starts media.
 *
 * Returns: %TRUE if the answer fits the offer and media started
 *
 * Since: 0.1
 */
gboolean
gst_call_rtp_transport_set_remote_answer (GstCallRtpTransport  *self,
                                          const char           *answer,
                                          GError              **error)
{
  g_autoptr (GstSDPMessage) sdp = NULL;
  g_autofree char *address = NULL;
  g_autofree gboolean *local_rtx = NULL;
  g_auto (KeyTable) keys = { 0 };
  guint port = 0;
  gboolean secure = FALSE;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), FALSE);
  g_return_val_if_fail (answer != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!check_open (self, error))
    return FALSE;
  if (!self->offered) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("There is no offer to answer: call "
                   "gst_call_rtp_transport_create_offer() first"));
    return FALSE;
  }
  sdp = parse_remote_description (answer, &address, &port, &secure, error);
  if (!sdp)
    return FALSE;
  if (gst_sdp_message_medias_len (sdp) != self->offered_sections) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("The answer has %u media sections, the offer %u"),
                 gst_sdp_message_medias_len (sdp), self->offered_sections);
    return FALSE;
  }
  if (secure != self->srtp) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 self->srtp ? _("The answer is plain RTP to an SRTP (RTP/SAVPF) offer")
                            : _("The answer is SRTP to a plain RTP (RTP/AVPF) offer"));
    return FALSE;
  }

  local_rtx = g_new0 (gboolean, gst_sdp_message_medias_len (sdp));
  for (guint i = 0; i < self->offered_sections; i++) {
    LocalMedia *local = media_for_session (self, (int) i);
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);
    gboolean known;
    GstCallMediaKind kind = media_kind (media, &known);

    if (!local) {
      /* A section we only receive on. */
      local_rtx[i] = self->rtx && media_has_rtx (media);
      continue;
    }
    if (!known || kind != local->kind) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                   _("Media section %u of the answer is not %s"), i,
                   gst_call_media_kind_to_string (local->kind));
      return FALSE;
    }
    local->send = gst_sdp_media_get_port (media) != 0 && !local->removed &&
                  !gst_sdp_media_get_attribute_val (media, "sendonly") &&
                  !gst_sdp_media_get_attribute_val (media, "inactive");
    if (local->rtx_payload_type && !media_has_rtx (media))
      local->rtx_payload_type = 0;
    local_rtx[i] = local->rtx_payload_type != 0;
    if (secure && gst_sdp_media_get_port (media) != 0) {
      if (!gst_call_srtp_media_find_crypto (media, i, self->offer_crypto.tag,
                                            &keys.remote[i], error))
        return FALSE;
      if (keys.remote[i].suite != self->offer_crypto.suite) {
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                     _("Media section %u of the answer keys tag %u with %s; the offer gave "
                       "it %s"), i, keys.remote[i].tag,
                     gst_call_srtp_suite_to_string (keys.remote[i].suite),
                     gst_call_srtp_suite_to_string (self->offer_crypto.suite));
        return FALSE;
      }
      keys.local[i] = self->offer_crypto;
    }
  }

  set_remote (self, g_steal_pointer (&sdp), local_rtx, secure ? keys.local : NULL,
              secure ? keys.remote : NULL);
  if (self->started ? !apply_renegotiation (self, error) : !start (self, address, port, error))
    return FALSE;
  self->offered = FALSE;
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
  }
  if (self->socket)
    g_socket_close (self->socket, NULL);
}

static void
add_session_stats (GstCallRtpTransport *self,
                   GstStructure        *stats,
                   guint                session_id)
{
  g_autofree char *name = g_strdup_printf ("session-%u", session_id);
  g_autoptr (GObject) session = NULL;
  g_autoptr (GstStructure) session_stats = NULL;
  GstStructure *result;
  const GValue *sources;
  GValueArray *array;
  guint nack_sent = 0, nack_received = 0, packets_received = 0;
  guint64 bytes_sent = 0, packets_sent = 0, bytes_received = 0;
  double jitter_seconds = 0;
  int packets_lost = 0;
  g_auto (GValue) ssrcs = G_VALUE_INIT;

  g_signal_emit_by_name (self->rtpbin, "get-internal-session", session_id, &session);
  if (!session)
    return;
  g_object_get (session, "stats", &session_stats, NULL);
  if (!session_stats)
    return;

  g_value_init (&ssrcs, GST_TYPE_ARRAY);
  sources = gst_structure_get_value (session_stats, "source-stats");
  /* rtpsession gives a GValueArray of structures. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  array = sources && G_VALUE_HOLDS (sources, g_value_array_get_type ())
          ? g_value_get_boxed (sources) : NULL;
  for (guint i = 0; array && i < array->n_values; i++) {
    const GValue *source_value = g_value_array_get_nth (array, i);
    const GstStructure *source = GST_VALUE_HOLDS_STRUCTURE (source_value)
                                 ? gst_value_get_structure (source_value) : NULL;
    gboolean internal = FALSE;
    guint ssrc = 0, value = 0;
    guint64 packets = 0;
    int lost = 0;
    GValue item = G_VALUE_INIT;

    if (!source)
      continue;
    gst_structure_get_boolean (source, "internal", &internal);
    gst_structure_get_uint (source, "ssrc", &ssrc);
    /* NACKs are counted on the source they are about. */
    if (gst_structure_get_uint (source, "sent-nack-count", &value))
      nack_sent += value;
    if (gst_structure_get_uint (source, "recv-nack-count", &value))
      nack_received += value;
    if (internal) {
      if (gst_structure_get_uint64 (source, "octets-sent", &packets))
        bytes_sent += packets;
      if (gst_structure_get_uint64 (source, "packets-sent", &packets))
        packets_sent += packets;
      continue;
    }
    if (gst_structure_get_uint64 (source, "octets-received", &packets))
      bytes_received += packets;
    {
      guint jitter = 0;
      int clock_rate = 0;

      /* In RTP timestamp units. */
      if (gst_structure_get_uint (source, "jitter", &jitter) &&
          gst_structure_get_int (source, "clock-rate", &clock_rate) && clock_rate > 0)
        jitter_seconds = MAX (jitter_seconds, jitter / (double) clock_rate);
    }
    if (gst_structure_get_uint64 (source, "packets-received", &packets))
      packets_received += (guint) packets;
    if (gst_structure_get_int (source, "packets-lost", &lost))
      packets_lost += lost;
    g_value_init (&item, G_TYPE_UINT);
    g_value_set_uint (&item, ssrc);
    gst_value_array_append_and_take_value (&ssrcs, &item);
  }
  G_GNUC_END_IGNORE_DEPRECATIONS

  result = gst_structure_new (name, "nack-sent", G_TYPE_UINT, nack_sent,
                              "nack-received", G_TYPE_UINT, nack_received,
                              "packets-received", G_TYPE_UINT, packets_received,
                              "packets-lost", G_TYPE_INT, packets_lost,
                              "bytes-sent", G_TYPE_UINT64, bytes_sent,
                              "packets-sent", G_TYPE_UINT64, packets_sent,
                              "bytes-received", G_TYPE_UINT64, bytes_received,
                              "jitter", G_TYPE_DOUBLE, jitter_seconds, NULL);
  gst_structure_set_value (result, "remote-ssrcs", &ssrcs);
  g_mutex_lock (&self->lock);
  if (self->sessions[session_id].rtx_receive) {
    guint rtx = 0;

    g_object_get (self->sessions[session_id].rtx_receive, "num-rtx-packets", &rtx, NULL);
    gst_structure_set (result, "rtx-packets-received", G_TYPE_UINT, rtx, NULL);
  }
  if (self->sessions[session_id].rtx_send) {
    guint rtx = 0;

    g_object_get (self->sessions[session_id].rtx_send, "num-rtx-packets", &rtx, NULL);
    gst_structure_set (result, "rtx-packets-sent", G_TYPE_UINT, rtx, NULL);
  }
  g_mutex_unlock (&self->lock);
  gst_structure_set (stats, name, GST_TYPE_STRUCTURE, result, NULL);
  gst_structure_free (result);
}

/**
 * gst_call_rtp_transport_get_stats:
 * @self: a [class@CallRtpTransport]
 *
 * Statistics of the transport: packets routed and dropped (by reason:
 * `dropped-invalid`, `dropped-unknown-ssrc`, `dropped-unknown-payload-type`,
 * `dropped-contradictory`, `dropped-limit`), `sessions`, `ssrcs`,
 * `bundled-ssrc-calls`, `warnings`, frames sent and decoded
 * (`video-frames-sent`, `video-frames-decoded`, `audio-buffers-sent`,
 * `audio-buffers-decoded`), and a `session-N` structure per RTP session
 * (`remote-ssrcs`, `packets-received`, `packets-lost`, `bytes-received`,
 * `jitter` in seconds, `bytes-sent`, `packets-sent`, `nack-sent`,
 * `nack-received`, `rtx-packets-sent`, `rtx-packets-received`).
 *
 * Once SRTP is negotiated, `srtp` is %TRUE and `srtp-packets-dropped`
 * counts the packets that failed authentication or replay checks,
 * `srtp-ssrcs-refused` the packets of SSRCs beyond the number that get a
 * key without an `a=ssrc` line naming them.
 *
 * Returns: (transfer full): the statistics
 *
 * Since: 0.1
 */
GstStructure *
gst_call_rtp_transport_get_stats (GstCallRtpTransport *self)
{
  GstCallRtpRouterCounters counters = { 0 };
  GstStructure *stats;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);

  if (self->demux)
    gst_call_rtp_demux_get_counters (GST_CALL_RTP_DEMUX (self->demux), &counters);
  stats = gst_structure_new ("application/x-gst-call-rtp-transport-stats",
      "rtp-packets-routed", G_TYPE_UINT64, counters.rtp_packets,
      "rtcp-packets-routed", G_TYPE_UINT64, counters.rtcp_packets,
      "dropped-invalid", G_TYPE_UINT64, counters.dropped[GST_CALL_RTP_DROP_INVALID],
      "dropped-unknown-ssrc", G_TYPE_UINT64, counters.dropped[GST_CALL_RTP_DROP_UNKNOWN_SSRC],
      "dropped-unknown-payload-type", G_TYPE_UINT64,
      counters.dropped[GST_CALL_RTP_DROP_UNKNOWN_PAYLOAD_TYPE],
      "dropped-contradictory", G_TYPE_UINT64,
      counters.dropped[GST_CALL_RTP_DROP_CONTRADICTORY],
      "dropped-limit", G_TYPE_UINT64, counters.dropped[GST_CALL_RTP_DROP_LIMIT],
      "sessions", G_TYPE_UINT, counters.sessions,
      "ssrcs", G_TYPE_UINT, counters.ssrcs,
      "contradictory-ssrcs", G_TYPE_UINT, counters.contradictory_ssrcs,
      "bundled-ssrc-calls", G_TYPE_UINT, self->bundled_ssrc_calls,
      "warnings", G_TYPE_UINT, self->warnings,
      "video-frames-sent", G_TYPE_UINT, (guint) g_atomic_int_get (&self->video_frames_sent),
      "video-frames-decoded", G_TYPE_UINT,
      (guint) g_atomic_int_get (&self->video_frames_decoded),
      "audio-buffers-sent", G_TYPE_UINT, (guint) g_atomic_int_get (&self->audio_buffers_sent),
      "audio-buffers-decoded", G_TYPE_UINT,
      (guint) g_atomic_int_get (&self->audio_buffers_decoded),
      NULL);
  if (self->rtpbin && self->started && !self->closed) {
    for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++)
      add_session_stats (self, stats, i);
  }
  gst_structure_set (stats, "srtp", G_TYPE_BOOLEAN, self->secure, NULL);
  if (self->srtp_decoder) {
    g_autoptr (GstStructure) srtp_stats = NULL;
    guint dropped = 0;

    g_object_get (self->srtp_decoder, "stats", &srtp_stats, NULL);
    if (srtp_stats)
      gst_structure_get_uint (srtp_stats, "recv-drop-count", &dropped);
    g_mutex_lock (&self->lock);
    gst_structure_set (stats, "srtp-packets-dropped", G_TYPE_UINT, dropped,
                       "srtp-ssrcs-refused", G_TYPE_UINT, self->srtp_ssrcs_refused, NULL);
    g_mutex_unlock (&self->lock);
  }
  return stats;
}

/**
 * gst_call_rtp_transport_get_stats_async:
 * @self: a [class@CallRtpTransport]
 * @cancellable: (nullable): a [class@Gio.Cancellable]
 * @callback: (scope async): called with the statistics
 * @user_data: data for @callback
 *
 * Reads the typed statistics of the streams sent and received, the same
 * [class@CallStats] a [class@PeerConnection] gives (without a candidate
 * pair: plain RTP has no ICE). Finish it with
 * [method@CallRtpTransport.get_stats_finish]; @callback runs on the main
 * context @self was created in. The transport's own counters (packets
 * routed and dropped, SRTP) stay in [method@CallRtpTransport.get_stats].
 *
 * Since: 0.1
 */
void
gst_call_rtp_transport_get_stats_async (GstCallRtpTransport *self,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;

  g_return_if_fail (GST_IS_CALL_RTP_TRANSPORT (self));
  g_return_if_fail (!cancellable || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, gst_call_rtp_transport_get_stats_async);
  /* Nothing to wait for: rtpbin answers at once. The callback still comes
   * from the main context, after this returns. */
  if (!self->stats_history)
    self->stats_history = gst_call_stats_history_new ();
  g_task_return_pointer (task, gst_call_stats_collect (self->pipeline, NULL, self->stats_history),
                         g_object_unref);
}

/**
 * gst_call_rtp_transport_get_stats_finish:
 * @self: a [class@CallRtpTransport]
 * @result: the [iface@Gio.AsyncResult] given to the callback
 * @error: return location for a #GError
 *
 * Finishes [method@CallRtpTransport.get_stats_async].
 *
 * Returns: (transfer full): the statistics, or %NULL with @error set
 *   (%G_IO_ERROR_CANCELLED)
 *
 * Since: 0.1
 */
GstCallStats *
gst_call_rtp_transport_get_stats_finish (GstCallRtpTransport  *self,
                                         GAsyncResult         *result,
                                         GError              **error)
{
  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
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
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_LOCAL_ADDRESS]);
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
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_RTX]);
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
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SRTP]);
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

  replace_sink (self, &self->video_sink, sink, props[PROP_VIDEO_SINK]);
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

  replace_sink (self, &self->audio_sink, sink, props[PROP_AUDIO_SINK]);
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
  if (!check_open (self, error) || !self->started) {
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
  props[PROP_LOCAL_ADDRESS] =
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
  props[PROP_LOCAL_PORT] =
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
  props[PROP_RTX] =
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
  props[PROP_VIDEO_SINK] =
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
  props[PROP_AUDIO_SINK] =
      g_param_spec_object ("audio-sink", NULL, NULL, GST_TYPE_ELEMENT,
                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                           G_PARAM_EXPLICIT_NOTIFY);
  /**
   * GstCallRtpTransport:latency:
   *
   * How long the jitterbuffers hold received packets, in milliseconds:
   * the time a retransmission has to arrive. Set before the offer or
   * answer.
   *
   * A retransmission that is itself lost is asked for again with the next
   * regular RTCP packet, since RTCP feedback may go out early only once per
   * regular interval (RFC 4585): on a lossy path, a latency of about a
   * second gives it that second chance.
   *
   * Since: 0.1
   */
  props[PROP_LATENCY] =
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
  props[PROP_SRTP] =
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
  props[PROP_SECURE] =
      g_param_spec_boolean ("secure", NULL, NULL, FALSE,
                            G_PARAM_READABLE | G_PARAM_STATIC_STRINGS |
                            G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);

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
   *   lines, MID, payload type)
   *
   * Since: 0.1
   */
  signals[SIGNAL_BUNDLED_SSRC] =
      g_signal_new ("bundled-ssrc", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                    0, first_session_wins, NULL, NULL, G_TYPE_INT, 3,
                    G_TYPE_UINT, G_TYPE_UINT, G_TYPE_STRING);

  /**
   * GstCallRtpTransport::warning:
   * @self: the transport
   * @warning: what is wrong
   *
   * Something in the remote description or the packets is wrong but the
   * call goes on (contradictory FID groups, too many sessions).
   *
   * Since: 0.1
   */
  signals[SIGNAL_WARNING] =
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
  signals[SIGNAL_ERROR] =
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
  self->latency = 200;
  self->medias = g_ptr_array_new_with_free_func (local_media_free);
  self->codecs[GST_CALL_MEDIA_KIND_VIDEO] = gst_call_media_default_codec (GST_CALL_MEDIA_KIND_VIDEO);
  self->codecs[GST_CALL_MEDIA_KIND_AUDIO] = gst_call_media_default_codec (GST_CALL_MEDIA_KIND_AUDIO);
  self->cname = g_strdup_printf ("gstcall-%08x", g_random_int ());
  self->sdp_session_id = ((guint64) g_random_int () << 16) | g_random_int_range (0, 65536);
}
