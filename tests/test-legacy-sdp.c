/* libgstcall tests: GstCallRtpTransport with legacy SDP (no BUNDLE, no
 * rtcp-mux), against a hand-built rtpbin endpoint
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <stdio.h>

#include "test-utils.h"

#include "gstcallrtptransport-private.h"

/* The SSRCs the endpoint sends with. */
#define PEER_AUDIO_SSRC 1111
#define PEER_VIDEO_SSRC 2222
/* What each side must decode of the other. */
#define AUDIO_BUFFERS 40
#define VIDEO_FRAMES 30

/* ------------------------------------------------------------------------ */
/* SDP reading                                                               */

static GstSDPMessage *
parse_sdp (const char *text)
{
  GstSDPMessage *sdp = NULL;

  g_assert_cmpint (gst_sdp_message_new_from_text (text, &sdp), ==, GST_SDP_OK);
  return sdp;
}

static const GstSDPMedia *
find_media (const GstSDPMessage *sdp,
            const char          *kind,
            guint               *index)
{
  for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);

    if (g_strcmp0 (gst_sdp_media_get_media (media), kind) == 0) {
      if (index)
        *index = i;
      return media;
    }
  }
  g_assert_not_reached ();
  return NULL;
}

/* The port a section's RTCP goes to: a=rtcp (RFC 3605) or the next one. */
static guint
rtcp_port (const GstSDPMedia *media)
{
  const char *rtcp = gst_sdp_media_get_attribute_val (media, "rtcp");

  if (rtcp)
    return (guint) g_ascii_strtoull (rtcp, NULL, 10);
  return gst_sdp_media_get_port (media) + 1;
}

static gboolean
has_session_attribute (const GstSDPMessage *sdp,
                       const char          *key)
{
  return gst_sdp_message_get_attribute_val (sdp, key) != NULL;
}

/* ------------------------------------------------------------------------ */
/* The endpoint: rtpbin by hand, one RTP and one RTCP port per section      */

typedef struct {
  const char *audio;  /* "PCMU" or "OPUS" */
  const char *video;  /* "H264" or "VP8" */
} Codecs;

typedef struct {
  GSocket *rtp;
  GSocket *rtcp;
  guint payload_type;
  gint rtcp_received;      /* atomic: packets on the RTCP port */
  gint rtcp_on_rtp_port;   /* atomic: RTCP packets on the RTP port */
  gint decoded;            /* atomic */
} PeerSection;

typedef struct {
  const Codecs *codecs;
  GstElement *pipeline;
  GstElement *rtpbin;
  PeerSection sections[2]; /* the endpoint's rtpbin sessions: audio, video */
} Peer;

enum { AUDIO, VIDEO };

static guint
socket_port (GSocket *socket)
{
  g_autoptr (GSocketAddress) address = g_socket_get_local_address (socket, NULL);

  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (address));
}

static GSocket *
bind_udp (guint port)
{
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                             G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, (guint16) port);

  if (!g_socket_bind (socket, address, FALSE, NULL))
    return NULL;
  return g_steal_pointer (&socket);
}

/* Audio: RTCP on the next port, which the SDP does not name; video: on a
 * port of its own, named by a=rtcp. */
static void
peer_bind (Peer *peer)
{
  for (guint attempt = 0; attempt < 50 && !peer->sections[AUDIO].rtcp; attempt++) {
    g_clear_object (&peer->sections[AUDIO].rtp);
    peer->sections[AUDIO].rtp = bind_udp (0);
    g_assert_nonnull (peer->sections[AUDIO].rtp);
    if (socket_port (peer->sections[AUDIO].rtp) < 65535)
      peer->sections[AUDIO].rtcp = bind_udp (socket_port (peer->sections[AUDIO].rtp) + 1);
  }
  g_assert_nonnull (peer->sections[AUDIO].rtcp);
  peer->sections[VIDEO].rtp = bind_udp (0);
  peer->sections[VIDEO].rtcp = bind_udp (0);
  g_assert_nonnull (peer->sections[VIDEO].rtp);
  g_assert_nonnull (peer->sections[VIDEO].rtcp);
}

static const char *
audio_encoding (const Codecs *codecs,
                guint        *clock_rate)
{
  gboolean opus = g_strcmp0 (codecs->audio, "OPUS") == 0;

  *clock_rate = opus ? 48000 : 8000;
  return opus ? "OPUS/48000/2" : "PCMU/8000";
}

/* The endpoint's description of its media, sections in @order. */
static char *
peer_description (Peer       *peer,
                  const guint order[2])
{
  GString *text = g_string_new ("v=0\r\no=- 4 1 IN IP4 127.0.0.1\r\ns=legacy\r\n"
                                "c=IN IP4 127.0.0.1\r\nt=0 0\r\n");
  guint clock_rate;

  for (guint i = 0; i < 2; i++) {
    PeerSection *section = &peer->sections[order[i]];

    if (order[i] == AUDIO) {
      g_string_append_printf (text, "m=audio %u RTP/AVP %u\r\na=rtpmap:%u %s\r\n",
                              socket_port (section->rtp), section->payload_type,
                              section->payload_type,
                              audio_encoding (peer->codecs, &clock_rate));
    } else {
      g_string_append_printf (text, "m=video %u RTP/AVP %u\r\na=rtpmap:%u %s/90000\r\n"
                              "a=rtcp:%u\r\n", socket_port (section->rtp),
                              section->payload_type, section->payload_type,
                              peer->codecs->video, socket_port (section->rtcp));
      if (g_strcmp0 (peer->codecs->video, "H264") == 0)
        g_string_append_printf (text, "a=fmtp:%u packetization-mode=1;"
                                "profile-level-id=42e01f\r\n", section->payload_type);
    }
    g_string_append (text, "a=sendrecv\r\n");
  }
  return g_string_free (text, FALSE);
}

/* Streaming thread: counts what passes (RTCP packets, decoded buffers). */
static GstPadProbeReturn
count_buffers (GstPad          *pad,
               GstPadProbeInfo *info,
               gpointer         user_data)
{
  gint *counter = user_data;

  g_atomic_int_inc (counter);
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
count_rtcp_on_rtp_port (GstPad          *pad,
                        GstPadProbeInfo *info,
                        gpointer         user_data)
{
  gint *counter = user_data;
  guint8 header[2];

  if (gst_buffer_extract (GST_PAD_PROBE_INFO_BUFFER (info), 0, header, 2) == 2 &&
      (header[1] & 0x7F) >= 64 && (header[1] & 0x7F) <= 95)
    g_atomic_int_inc (counter);
  return GST_PAD_PROBE_OK;
}

/* Streaming thread: a stream of rtpbin is decoded into a counting sink. */
static void
on_peer_pad_added (GstElement *rtpbin,
                   GstPad     *pad,
                   Peer       *peer)
{
  guint session, ssrc, payload_type;
  const char *description;
  g_autoptr (GError) error = NULL;
  g_autoptr (GstPad) sink_pad = NULL;
  g_autoptr (GstPad) counted = NULL;
  g_autoptr (GstElement) sink = NULL;
  GstElement *bin;

  if (sscanf (GST_PAD_NAME (pad), "recv_rtp_src_%u_%u_%u", &session, &ssrc,
              &payload_type) != 3 || session > VIDEO)
    return;
  if (session == AUDIO)
    description = g_strcmp0 (peer->codecs->audio, "OPUS") == 0
        ? "rtpopusdepay ! opusdec ! fakesink name=sink sync=false async=false"
        : "rtppcmudepay ! mulawdec ! fakesink name=sink sync=false async=false";
  else
    description = g_strcmp0 (peer->codecs->video, "H264") == 0
        ? "rtph264depay ! avdec_h264 ! fakesink name=sink sync=false async=false"
        : "rtpvp8depay ! vp8dec ! fakesink name=sink sync=false async=false";
  bin = gst_parse_bin_from_description (description, TRUE, &error);
  g_assert_no_error (error);
  sink = gst_bin_get_by_name (GST_BIN (bin), "sink");
  counted = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (counted, GST_PAD_PROBE_TYPE_BUFFER, count_buffers,
                     &peer->sections[session].decoded, NULL);
  gst_bin_add (GST_BIN (peer->pipeline), bin);
  sink_pad = gst_element_get_static_pad (bin, "sink");
  g_assert_cmpint (gst_pad_link (pad, sink_pad), ==, GST_PAD_LINK_OK);
  gst_element_sync_state_with_parent (bin);
}

/* The endpoint starts sending to the sections of @remote (our
 * description) and receiving on its own ports. */
static void
peer_start (Peer       *peer,
            const char *remote)
{
  g_autoptr (GstSDPMessage) sdp = parse_sdp (remote);
  g_autoptr (GError) error = NULL;
  g_autofree char *description = NULL;
  const char *audio_encoder, *video_encoder;
  guint clock_rate;

  audio_encoding (peer->codecs, &clock_rate);
  audio_encoder = g_strcmp0 (peer->codecs->audio, "OPUS") == 0
      ? "audioconvert ! audioresample ! opusenc ! rtpopuspay"
      : "audioconvert ! audioresample ! audio/x-raw,rate=8000,channels=1 ! mulawenc ! "
        "rtppcmupay";
  video_encoder = g_strcmp0 (peer->codecs->video, "H264") == 0
      ? "x264enc tune=zerolatency speed-preset=ultrafast key-int-max=15 ! "
        "video/x-h264,profile=constrained-baseline ! rtph264pay config-interval=-1"
      : "vp8enc deadline=1 keyframe-max-dist=15 ! rtpvp8pay";
  description = g_strdup_printf (
      "rtpbin name=b latency=100 "
      "audiotestsrc is-live=true ! %s pt=%u ssrc=%u ! b.send_rtp_sink_0 "
      "b.send_rtp_src_0 ! udpsink name=audio_rtp_out sync=false async=false "
      "b.send_rtcp_src_0 ! udpsink name=audio_rtcp_out sync=false async=false "
      "udpsrc name=audio_rtp_in caps=\"application/x-rtp,media=audio,clock-rate=%u,"
      "encoding-name=%s,payload=%u\" ! b.recv_rtp_sink_0 "
      "udpsrc name=audio_rtcp_in caps=application/x-rtcp ! b.recv_rtcp_sink_0 "
      "videotestsrc is-live=true pattern=ball ! "
      "video/x-raw,width=320,height=240,framerate=30/1 ! %s pt=%u ssrc=%u ! "
      "b.send_rtp_sink_1 "
      "b.send_rtp_src_1 ! udpsink name=video_rtp_out sync=false async=false "
      "b.send_rtcp_src_1 ! udpsink name=video_rtcp_out sync=false async=false "
      "udpsrc name=video_rtp_in caps=\"application/x-rtp,media=video,clock-rate=90000,"
      "encoding-name=%s,payload=%u\" ! b.recv_rtp_sink_1 "
      "udpsrc name=video_rtcp_in caps=application/x-rtcp ! b.recv_rtcp_sink_1 ",
      audio_encoder, peer->sections[AUDIO].payload_type, PEER_AUDIO_SSRC, clock_rate,
      peer->codecs->audio, peer->sections[AUDIO].payload_type,
      video_encoder, peer->sections[VIDEO].payload_type, PEER_VIDEO_SSRC,
      peer->codecs->video, peer->sections[VIDEO].payload_type);
  peer->pipeline = gst_parse_launch (description, &error);
  g_assert_no_error (error);
  peer->rtpbin = gst_bin_get_by_name (GST_BIN (peer->pipeline), "b");
  g_signal_connect (peer->rtpbin, "pad-added", G_CALLBACK (on_peer_pad_added), peer);

  for (guint kind = AUDIO; kind <= VIDEO; kind++) {
    const char *name = kind == AUDIO ? "audio" : "video";
    const GstSDPMedia *media = find_media (sdp, name, NULL);
    PeerSection *section = &peer->sections[kind];
    g_autofree char *rtp_in_name = g_strdup_printf ("%s_rtp_in", name);
    g_autofree char *rtcp_in_name = g_strdup_printf ("%s_rtcp_in", name);
    g_autofree char *rtp_out_name = g_strdup_printf ("%s_rtp_out", name);
    g_autofree char *rtcp_out_name = g_strdup_printf ("%s_rtcp_out", name);
    g_autoptr (GstElement) rtp_in = gst_bin_get_by_name (GST_BIN (peer->pipeline), rtp_in_name);
    g_autoptr (GstElement) rtcp_in = gst_bin_get_by_name (GST_BIN (peer->pipeline),
                                                          rtcp_in_name);
    g_autoptr (GstElement) rtp_out = gst_bin_get_by_name (GST_BIN (peer->pipeline),
                                                          rtp_out_name);
    g_autoptr (GstElement) rtcp_out = gst_bin_get_by_name (GST_BIN (peer->pipeline),
                                                           rtcp_out_name);
    g_autoptr (GstPad) rtp_in_pad = gst_element_get_static_pad (rtp_in, "src");
    g_autoptr (GstPad) rtcp_in_pad = gst_element_get_static_pad (rtcp_in, "src");

    /* What a legacy endpoint reads of our description: the m= port, and
     * for RTCP the a=rtcp port or the next one. */
    g_object_set (rtp_in, "socket", section->rtp, "close-socket", FALSE, NULL);
    g_object_set (rtcp_in, "socket", section->rtcp, "close-socket", FALSE, NULL);
    g_object_set (rtp_out, "socket", section->rtp, "close-socket", FALSE,
                  "host", "127.0.0.1", "port", (int) gst_sdp_media_get_port (media), NULL);
    g_object_set (rtcp_out, "socket", section->rtcp, "close-socket", FALSE,
                  "host", "127.0.0.1", "port", (int) rtcp_port (media), NULL);
    gst_pad_add_probe (rtcp_in_pad, GST_PAD_PROBE_TYPE_BUFFER, count_buffers,
                       &section->rtcp_received, NULL);
    gst_pad_add_probe (rtp_in_pad, GST_PAD_PROBE_TYPE_BUFFER, count_rtcp_on_rtp_port,
                       &section->rtcp_on_rtp_port, NULL);
  }
  g_assert_cmpint (gst_element_set_state (peer->pipeline, GST_STATE_PLAYING), !=,
                   GST_STATE_CHANGE_FAILURE);
}

static void
peer_clear (Peer *peer)
{
  if (peer->pipeline) {
    gst_element_set_state (peer->pipeline, GST_STATE_NULL);
    gst_clear_object (&peer->rtpbin);
    gst_clear_object (&peer->pipeline);
  }
  for (guint i = 0; i < 2; i++) {
    g_clear_object (&peer->sections[i].rtp);
    g_clear_object (&peer->sections[i].rtcp);
  }
}

/* ------------------------------------------------------------------------ */
/* GstCallRtpTransport's side                                                */

static GstElement *
counting_sink (void)
{
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
  return sink;
}

static void
on_error_fail (GstCallRtpTransport *transport,
               GError              *error,
               gpointer             user_data)
{
  g_error ("transport error: %s", error->message);
}

static GstCallRtpTransport *
make_transport (const Codecs *codecs)
{
  GstCallRtpTransport *transport = gst_call_rtp_transport_new ();
  g_autoptr (GError) error = NULL;

  gst_call_rtp_transport_set_codec (transport, GST_CALL_MEDIA_KIND_AUDIO,
                                    g_strcmp0 (codecs->audio, "OPUS") == 0
                                    ? GST_CALL_CODEC_OPUS : GST_CALL_CODEC_PCMU);
  gst_call_rtp_transport_set_codec (transport, GST_CALL_MEDIA_KIND_VIDEO,
                                    g_strcmp0 (codecs->video, "H264") == 0
                                    ? GST_CALL_CODEC_H264 : GST_CALL_CODEC_VP8);
  g_assert_true (gst_call_rtp_transport_set_sources_from_description (transport,
      TEST_VIDEO_SOURCE, TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_rtp_transport_set_video_sink (transport, counting_sink ());
  gst_call_rtp_transport_set_audio_sink (transport, counting_sink ());
  g_signal_connect (transport, "error", G_CALLBACK (on_error_fail), NULL);
  return transport;
}

static guint
stats_uint (GstCallRtpTransport *transport,
            const char          *field)
{
  g_autoptr (GstStructure) stats = gst_call_rtp_transport_get_stats (transport);
  guint value = 0;

  g_assert_true (gst_structure_get_uint (stats, field, &value));
  return value;
}

/* Whether rtpbin session @session of @transport has a sender report of
 * @ssrc: the endpoint's RTCP reached that section's RTCP port. */
static gboolean
has_sender_report (GstCallRtpTransport *transport,
                   guint                session,
                   guint32              ssrc)
{
  g_autoptr (GstElement) rtpbin =
      gst_bin_get_by_name (GST_BIN (gst_call_rtp_transport_get_pipeline (transport)), "rtpbin");
  g_autoptr (GObject) internal = NULL;
  g_autoptr (GObject) source = NULL;
  g_autoptr (GstStructure) stats = NULL;
  gboolean have_sr = FALSE;

  g_signal_emit_by_name (rtpbin, "get-internal-session", session, &internal);
  if (!internal)
    return FALSE;
  g_signal_emit_by_name (internal, "get-source-by-ssrc", ssrc, &source);
  if (!source)
    return FALSE;
  g_object_get (source, "stats", &stats, NULL);
  return stats && gst_structure_get_boolean (stats, "have-sr", &have_sr) && have_sr;
}

typedef struct {
  GstCallRtpTransport *transport;
  Peer *peer;
  guint audio_session;
  guint video_session;
} Exchange;

static gboolean
media_both_ways (gpointer data)
{
  Exchange *exchange = data;

  return stats_uint (exchange->transport, "audio-buffers-decoded") >= AUDIO_BUFFERS &&
         stats_uint (exchange->transport, "video-frames-decoded") >= VIDEO_FRAMES &&
         g_atomic_int_get (&exchange->peer->sections[AUDIO].decoded) >= AUDIO_BUFFERS &&
         g_atomic_int_get (&exchange->peer->sections[VIDEO].decoded) >= VIDEO_FRAMES &&
         g_atomic_int_get (&exchange->peer->sections[AUDIO].rtcp_received) > 0 &&
         g_atomic_int_get (&exchange->peer->sections[VIDEO].rtcp_received) > 0 &&
         has_sender_report (exchange->transport, exchange->audio_session, PEER_AUDIO_SSRC) &&
         has_sender_report (exchange->transport, exchange->video_session, PEER_VIDEO_SSRC);
}

static void
assert_exchange (Exchange *exchange)
{
  test_wait_until (media_both_ways, exchange, 20000,
                   "audio and video decoded both ways, RTCP on the RTCP ports");
  g_test_message ("transport decoded %u audio buffers, %u video frames; endpoint %d and %d; "
                  "RTCP packets at the endpoint's RTCP ports: %d audio, %d video",
                  stats_uint (exchange->transport, "audio-buffers-decoded"),
                  stats_uint (exchange->transport, "video-frames-decoded"),
                  g_atomic_int_get (&exchange->peer->sections[AUDIO].decoded),
                  g_atomic_int_get (&exchange->peer->sections[VIDEO].decoded),
                  g_atomic_int_get (&exchange->peer->sections[AUDIO].rtcp_received),
                  g_atomic_int_get (&exchange->peer->sections[VIDEO].rtcp_received));
  /* Nothing of ours went to the wrong port: no RTCP on the RTP ports. */
  g_assert_cmpint (g_atomic_int_get (&exchange->peer->sections[AUDIO].rtcp_on_rtp_port), ==, 0);
  g_assert_cmpint (g_atomic_int_get (&exchange->peer->sections[VIDEO].rtcp_on_rtp_port), ==, 0);
}

/* Our answer to a legacy offer has the sections' own ports and RTCP ports,
 * and neither BUNDLE nor rtcp-mux. */
static void
assert_legacy_answer (const char *text)
{
  g_autoptr (GstSDPMessage) sdp = parse_sdp (text);
  const GstSDPMedia *audio = find_media (sdp, "audio", NULL);
  const GstSDPMedia *video = find_media (sdp, "video", NULL);

  g_assert_false (has_session_attribute (sdp, "group"));
  g_assert_null (strstr (text, "a=rtcp-mux"));
  g_assert_null (strstr (text, "a=group"));
  g_assert_cmpuint (gst_sdp_media_get_port (audio), !=, gst_sdp_media_get_port (video));
  g_assert_cmpstr (gst_sdp_media_get_proto (audio), ==, "RTP/AVP");
  g_assert_cmpstr (gst_sdp_media_get_proto (video), ==, "RTP/AVP");
  g_assert_nonnull (gst_sdp_media_get_attribute_val (audio, "rtcp"));
  g_assert_nonnull (gst_sdp_media_get_attribute_val (video, "rtcp"));
  g_assert_cmpuint (rtcp_port (audio), !=, gst_sdp_media_get_port (audio));
  g_assert_cmpuint (rtcp_port (video), !=, gst_sdp_media_get_port (video));
  /* RTP/AVP: no feedback. */
  g_assert_null (strstr (text, "a=rtcp-fb"));
}

/* The endpoint offers; the transport answers. */
static void
test_answer_legacy_offer (gconstpointer data)
{
  const Codecs *codecs = data;
  g_autoptr (GError) error = NULL;
  Peer peer = { codecs };
  const guint order[2] = { AUDIO, VIDEO };
  GstCallRtpTransport *transport = make_transport (codecs);
  g_autofree char *offer = NULL;
  g_autofree char *answer = NULL;
  Exchange exchange = { transport, &peer, 0, 1 };

  /* Payload types of the endpoint's own choice. */
  peer.sections[AUDIO].payload_type = g_strcmp0 (codecs->audio, "OPUS") == 0 ? 102 : 0;
  peer.sections[VIDEO].payload_type = 100;
  peer_bind (&peer);
  offer = peer_description (&peer, order);
  answer = gst_call_rtp_transport_create_answer (transport, offer, &error);
  g_assert_no_error (error);
  g_test_message ("answer:\n%s", answer);
  assert_legacy_answer (answer);
  peer_start (&peer, answer);
  assert_exchange (&exchange);

  gst_call_rtp_transport_close (transport);
  g_object_unref (transport);
  peer_clear (&peer);
}

/* The transport offers BUNDLE and rtcp-mux with distinct ports and RTCP
 * ports; the endpoint answers with neither. */
static void
test_offer_legacy_answer (gconstpointer data)
{
  const Codecs *codecs = data;
  g_autoptr (GError) error = NULL;
  Peer peer = { codecs };
  GstCallRtpTransport *transport = make_transport (codecs);
  g_autoptr (GstSDPMessage) sdp = NULL;
  g_autofree char *offer = NULL;
  g_autofree char *answer = NULL;
  const GstSDPMedia *audio, *video;
  guint order[2];
  guint audio_index = 0, video_index = 0;
  Exchange exchange = { transport, &peer, 0, 0 };

  offer = gst_call_rtp_transport_create_offer (transport, &error);
  g_assert_no_error (error);
  g_test_message ("offer:\n%s", offer);
  sdp = parse_sdp (offer);
  audio = find_media (sdp, "audio", &audio_index);
  video = find_media (sdp, "video", &video_index);
  /* RFC 8843: BUNDLE and rtcp-mux offered, each section on ports of its
   * own for an answer that takes neither. */
  g_assert_nonnull (strstr (offer, "a=group:BUNDLE"));
  g_assert_nonnull (gst_sdp_media_get_attribute_val (audio, "rtcp-mux"));
  g_assert_nonnull (gst_sdp_media_get_attribute_val (video, "rtcp-mux"));
  g_assert_cmpuint (gst_sdp_media_get_port (audio), !=, gst_sdp_media_get_port (video));
  g_assert_cmpuint (rtcp_port (audio), !=, gst_sdp_media_get_port (audio));
  g_assert_cmpuint (rtcp_port (video), !=, gst_sdp_media_get_port (video));
  g_assert_cmpuint (rtcp_port (audio), !=, rtcp_port (video));

  /* The endpoint answers in the offer's order, with its payload types. */
  order[audio_index] = AUDIO;
  order[video_index] = VIDEO;
  peer.sections[AUDIO].payload_type = (guint) g_ascii_strtoull (
      gst_sdp_media_get_format (audio, 0), NULL, 10);
  peer.sections[VIDEO].payload_type = (guint) g_ascii_strtoull (
      gst_sdp_media_get_format (video, 0), NULL, 10);
  peer_bind (&peer);
  answer = peer_description (&peer, order);
  g_assert_true (gst_call_rtp_transport_set_remote_answer (transport, answer, &error));
  g_assert_no_error (error);
  exchange.audio_session = audio_index;
  exchange.video_session = video_index;
  peer_start (&peer, offer);
  assert_exchange (&exchange);

  gst_call_rtp_transport_close (transport);
  g_object_unref (transport);
  peer_clear (&peer);
}

#define SESSION_HEADER "v=0\r\no=- 4 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\n"

/* rtcp-mux without BUNDLE: each section on a port of its own, RTCP on it. */
static void
test_answer_mux_without_bundle (void)
{
  g_autoptr (GError) error = NULL;
  static const Codecs codecs = { "OPUS", "VP8" };
  GstCallRtpTransport *transport = make_transport (&codecs);
  g_autofree char *answer = NULL;
  g_autoptr (GstSDPMessage) sdp = NULL;
  const GstSDPMedia *audio, *video;

  answer = gst_call_rtp_transport_create_answer (transport,
      SESSION_HEADER
      "m=audio 40000 RTP/AVPF 111\r\na=rtpmap:111 OPUS/48000/2\r\na=mid:a\r\n"
      "a=rtcp-mux\r\na=sendrecv\r\n"
      "m=video 40002 RTP/AVPF 96\r\na=rtpmap:96 VP8/90000\r\na=mid:v\r\n"
      "a=rtcp-mux\r\na=sendrecv\r\n", &error);
  g_assert_no_error (error);
  g_test_message ("answer:\n%s", answer);
  sdp = parse_sdp (answer);
  audio = find_media (sdp, "audio", NULL);
  video = find_media (sdp, "video", NULL);
  g_assert_null (strstr (answer, "a=group"));
  g_assert_nonnull (gst_sdp_media_get_attribute_val (audio, "rtcp-mux"));
  g_assert_nonnull (gst_sdp_media_get_attribute_val (video, "rtcp-mux"));
  g_assert_null (gst_sdp_media_get_attribute_val (audio, "rtcp"));
  g_assert_null (gst_sdp_media_get_attribute_val (video, "rtcp"));
  g_assert_cmpuint (gst_sdp_media_get_port (audio), !=, gst_sdp_media_get_port (video));
  /* The first section's port is the transport's. */
  g_assert_cmpuint (gst_sdp_media_get_port (audio), ==,
                    gst_call_rtp_transport_get_local_port (transport));

  gst_call_rtp_transport_close (transport);
  g_object_unref (transport);
}

/* A BUNDLE offer with rtcp-mux is answered on one port, as before; one
 * whose group leaves a section out, or without rtcp-mux, is not. */
static void
test_answer_bundle_or_not (void)
{
  static const Codecs codecs = { "OPUS", "VP8" };
  static const struct {
    const char *group;
    const char *mux;
    gboolean bundled;
  } cases[] = {
    { "a=group:BUNDLE a v\r\n", "a=rtcp-mux\r\n", TRUE },
    { "a=group:BUNDLE a\r\n", "a=rtcp-mux\r\n", FALSE },
    { "a=group:BUNDLE a v\r\n", "", FALSE },
    { "", "", FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autoptr (GError) error = NULL;
    GstCallRtpTransport *transport = make_transport (&codecs);
    g_autofree char *offer = g_strdup_printf (
        SESSION_HEADER "%s"
        "m=audio 40000 RTP/AVPF 111\r\na=rtpmap:111 OPUS/48000/2\r\na=mid:a\r\n%s"
        "m=video 40000 RTP/AVPF 96\r\na=rtpmap:96 VP8/90000\r\na=mid:v\r\n%s",
        cases[i].group, cases[i].mux, cases[i].mux);
    g_autofree char *answer = gst_call_rtp_transport_create_answer (transport, offer, &error);
    g_autoptr (GstSDPMessage) sdp = NULL;
    const GstSDPMedia *audio, *video;

    g_assert_no_error (error);
    sdp = parse_sdp (answer);
    audio = find_media (sdp, "audio", NULL);
    video = find_media (sdp, "video", NULL);
    g_assert_cmpint (strstr (answer, "a=group:BUNDLE a v") != NULL, ==, cases[i].bundled);
    g_assert_cmpint (gst_sdp_media_get_port (audio) == gst_sdp_media_get_port (video), ==,
                     cases[i].bundled);
    g_assert_cmpint (strstr (answer, "a=rtcp-mux") != NULL, ==, *cases[i].mux != '\0');
    gst_call_rtp_transport_close (transport);
    g_object_unref (transport);
  }
}

static void
assert_answer_error (const char *offer,
                     int         code)
{
  static const Codecs codecs = { "PCMU", "VP8" };
  g_autoptr (GError) error = NULL;
  GstCallRtpTransport *transport = make_transport (&codecs);
  g_autofree char *answer = gst_call_rtp_transport_create_answer (transport, offer, &error);

  g_assert_null (answer);
  g_assert_error (error, GST_CALL_ERROR, code);
  g_test_message ("%s", error->message);
  gst_call_rtp_transport_close (transport);
  g_object_unref (transport);
}

/* Bad RTCP ports are refused with an error, nothing starts. */
static void
test_bad_rtcp_ports (void)
{
  assert_answer_error (SESSION_HEADER "m=audio 40000 RTP/AVP 0\r\n"
                       "m=video 65535 RTP/AVP 96\r\na=rtpmap:96 VP8/90000\r\n",
                       GST_CALL_ERROR_INVALID_ARGUMENT);
  assert_answer_error (SESSION_HEADER "m=audio 40000 RTP/AVP 0\r\na=rtcp:0\r\n",
                       GST_CALL_ERROR_INVALID_ARGUMENT);
  assert_answer_error (SESSION_HEADER "m=audio 40000 RTP/AVP 0\r\na=rtcp:x\r\n",
                       GST_CALL_ERROR_INVALID_ARGUMENT);
  assert_answer_error (SESSION_HEADER "m=audio 40000 RTP/AVP 0\r\n"
                       "a=rtcp:40001 IN IP4 10.1.1.1\r\n", GST_CALL_ERROR_NEGOTIATION);
  assert_answer_error (SESSION_HEADER "m=audio 40000 RTP/AVP 0\r\n"
                       "m=video 40002 RTP/AVP 96\r\na=rtpmap:96 VP8/90000\r\n"
                       "c=IN IP6 ::1\r\n", GST_CALL_ERROR_NEGOTIATION);
}

/* Mid-call, a legacy call keeps its ports: a re-offer of its sections is
 * answered on them; one that adds a section is refused. */
static void
test_legacy_renegotiation (void)
{
  static const Codecs codecs = { "PCMU", "VP8" };
  g_autoptr (GError) error = NULL;
  GstCallRtpTransport *transport = make_transport (&codecs);
  const char *sections =
      "m=audio 40000 RTP/AVP 0\r\na=sendrecv\r\n"
      "m=video 40002 RTP/AVP 96\r\na=rtpmap:96 VP8/90000\r\na=sendrecv\r\n";
  g_autofree char *offer = g_strconcat (SESSION_HEADER, sections, NULL);
  g_autofree char *more = g_strconcat (SESSION_HEADER, sections,
                                       "m=video 40004 RTP/AVP 96\r\na=rtpmap:96 VP8/90000\r\n",
                                       NULL);
  g_autofree char *answer = gst_call_rtp_transport_create_answer (transport, offer, &error);
  g_autofree char *again = NULL;
  g_autofree char *refused = NULL;
  g_autofree char *reoffer = NULL;

  g_assert_no_error (error);
  again = gst_call_rtp_transport_create_answer (transport, offer, &error);
  g_assert_no_error (error);
  /* The same ports, after the o= line. */
  g_assert_cmpstr (strstr (again, "m=audio"), ==, strstr (answer, "m=audio"));
  refused = gst_call_rtp_transport_create_answer (transport, more, &error);
  g_assert_null (refused);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_clear_error (&error);
  /* Our own re-offer keeps the ports and offers neither BUNDLE nor
   * rtcp-mux. */
  reoffer = gst_call_rtp_transport_create_offer (transport, &error);
  g_assert_no_error (error);
  g_test_message ("re-offer:\n%s", reoffer);
  g_assert_null (strstr (reoffer, "a=group"));
  g_assert_null (strstr (reoffer, "a=rtcp-mux"));
  g_assert_nonnull (strstr (reoffer, "a=rtcp:"));
  {
    g_autoptr (GstSDPMessage) ours = parse_sdp (answer);
    g_autoptr (GstSDPMessage) theirs = parse_sdp (reoffer);

    for (guint i = 0; i < 2; i++) {
      g_assert_cmpuint (gst_sdp_media_get_port (gst_sdp_message_get_media (theirs, i)), ==,
                        gst_sdp_media_get_port (gst_sdp_message_get_media (ours, i)));
      g_assert_cmpstr (gst_sdp_media_get_attribute_val (gst_sdp_message_get_media (theirs, i),
                                                        "rtcp"), ==,
                       gst_sdp_media_get_attribute_val (gst_sdp_message_get_media (ours, i),
                                                        "rtcp"));
    }
  }

  gst_call_rtp_transport_close (transport);
  g_object_unref (transport);
}

int
main (int argc, char **argv)
{
  static const Codecs pcmu_h264 = { "PCMU", "H264" };
  static const Codecs opus_vp8 = { "OPUS", "VP8" };

  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/LegacySdp/answer-mux-without-bundle",
                   test_answer_mux_without_bundle);
  g_test_add_func ("/GstCall/LegacySdp/answer-bundle-or-not", test_answer_bundle_or_not);
  g_test_add_func ("/GstCall/LegacySdp/bad-rtcp-ports", test_bad_rtcp_ports);
  g_test_add_func ("/GstCall/LegacySdp/renegotiation", test_legacy_renegotiation);
  g_test_add_data_func ("/GstCall/LegacySdp/answer/pcmu-h264", &pcmu_h264,
                        test_answer_legacy_offer);
  g_test_add_data_func ("/GstCall/LegacySdp/answer/opus-vp8", &opus_vp8,
                        test_answer_legacy_offer);
  g_test_add_data_func ("/GstCall/LegacySdp/offer/pcmu-h264", &pcmu_h264,
                        test_offer_legacy_answer);
  g_test_add_data_func ("/GstCall/LegacySdp/offer/opus-vp8", &opus_vp8,
                        test_offer_legacy_answer);
  return g_test_run ();
}
