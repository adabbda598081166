/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcallrtptransport-impl-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-error.h"
#include "gstcall-media-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-sdp-private.h"

/* GstCallRtpTransport's SDP: remote descriptions read and checked, offers
 * and answers written (renegotiation, SDES-SRTP keys, the H.264 level). */

#define VIDEO_PAYLOAD_TYPE 96
#define VIDEO_RTX_PAYLOAD_TYPE 97
#define AUDIO_PAYLOAD_TYPE 111
#define SRTP_CRYPTO_TAG 1

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
    if (!gst_call_sdp_check_rtp_media (media, i, error))
      return NULL;
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

/* The remote address must be of the family of the socket media is sent
 * from: udpsink cannot send to an IPv6 address from an IPv4 socket. */
static gboolean
check_address_family (GstCallRtpTransport  *self,
                      const char           *remote_address,
                      GError              **error)
{
  g_autoptr (GInetAddress) local = g_inet_address_new_from_string (self->local_address);
  g_autoptr (GInetAddress) remote = g_inet_address_new_from_string (remote_address);

  if (!local || !remote ||
      g_inet_address_get_family (local) == g_inet_address_get_family (remote))
    return TRUE;
  if (g_inet_address_get_family (remote) == G_SOCKET_FAMILY_IPV6)
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("The remote description's address %s is IPv6 but the local address %s "
                   "is IPv4: set the local-address property to an IPv6 address"),
                 remote_address, self->local_address);
  else
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("The remote description's address %s is IPv4 but the local address %s "
                   "is IPv6: set the local-address property to an IPv4 address"),
                 remote_address, self->local_address);
  return FALSE;
}

static gboolean
media_has_attribute (const GstSDPMedia *media,
                     const char        *key)
{
  return gst_sdp_media_get_attribute_val (media, key) != NULL;
}

/* The a=group:BUNDLE line of @sdp split at spaces ("BUNDLE" first), or
 * NULL. */
static GStrv
find_bundle_group (const GstSDPMessage *sdp)
{
  for (guint i = 0; i < gst_sdp_message_attributes_len (sdp); i++) {
    const GstSDPAttribute *attribute = gst_sdp_message_get_attribute (sdp, i);

    if (g_strcmp0 (attribute->key, "group") == 0 && attribute->value &&
        g_str_has_prefix (attribute->value, "BUNDLE"))
      return g_strsplit (attribute->value, " ", -1);
  }
  return NULL;
}

/* Whether the media sections of @sdp that take part (a port, audio or
 * video) share one port: listed in its BUNDLE group, or a single one, and
 * all with rtcp-mux. Otherwise each has its own ports (RFC 3264), RTCP on
 * its own port where rtcp-mux is missing (RFC 5761). */
static gboolean
description_is_bundled (const GstSDPMessage *sdp)
{
  g_auto (GStrv) group = find_bundle_group (sdp);
  guint taking_part = 0;
  gboolean grouped = TRUE;

  for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);
    const char *mid = gst_sdp_media_get_attribute_val (media, "mid");
    gboolean known;

    media_kind (media, &known);
    if (!known || gst_sdp_media_get_port (media) == 0)
      continue;
    taking_part++;
    if (!media_has_attribute (media, "rtcp-mux"))
      return FALSE;
    if (!group || !mid || !g_strv_contains ((const char * const *) group + 1, mid))
      grouped = FALSE;
  }
  return grouped || taking_part <= 1;
}

/* Unbundled calls: where the RTP and RTCP of each media section of the
 * remote description go: its c= address and m= port, RTCP on the a=rtcp
 * port (RFC 3605), or the next one (RFC 3550), or the same (rtcp-mux). */
static gboolean
read_remote_ports (GstCallRtpTransport  *self,
                   const GstSDPMessage  *sdp,
                   GError              **error)
{
  for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);
    const char *address = media_connection_address (sdp, media);
    guint port = gst_sdp_media_get_port (media);
    guint rtcp_port = 0;
    gboolean known;

    media_kind (media, &known);
    if (!known || port == 0) {
      self->sessions[i].remote_rtp_port = 0;
      continue;
    }
    if (!gst_call_sdp_media_rtcp_port (media, i, address, &rtcp_port, error))
      return FALSE;
    if (!address || !g_hostname_is_ip_address (address)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("Media section %u has no IP address in its c= line (\"%s\")"),
                   i, address ? address : "");
      return FALSE;
    }
    if (!check_address_family (self, address, error))
      return FALSE;
    g_free (self->sessions[i].remote_address);
    self->sessions[i].remote_address = g_strdup (address);
    self->sessions[i].remote_rtp_port = port;
    self->sessions[i].remote_rtcp_port = rtcp_port;
  }
  return TRUE;
}

/* The RTCP lines of media section @session: rtcp-mux when bundled or
 * @rtcp_mux, else the port of its own RTCP socket (RFC 3605). */
static void
append_rtcp_lines (GstCallRtpTransport *self,
                   GString             *text,
                   guint                session,
                   gboolean             rtcp_mux)
{
  GSocket *rtcp = self->unbundled || !self->started ? self->sessions[session].rtcp_socket
                                                    : NULL;

  if (rtcp)
    g_string_append_printf (text, "a=rtcp:%u\r\n", gst_call_rtp_transport_socket_port (rtcp));
  if (rtcp_mux)
    g_string_append (text, "a=rtcp-mux\r\n");
}

/* The port of media section @session in our descriptions. */
static guint
section_port (GstCallRtpTransport *self,
              guint                session)
{
  if (self->sessions[session].rtp_socket)
    return gst_call_rtp_transport_socket_port (self->sessions[session].rtp_socket);
  return gst_call_rtp_transport_get_local_port (self);
}

/* The profile of a new section of our offer. */
static const char *
offer_proto (GstCallRtpTransport *self)
{
  if (self->avpf)
    return self->srtp ? "RTP/SAVPF" : "RTP/AVPF";
  return self->srtp ? "RTP/SAVP" : "RTP/AVP";
}

/* Whether @media (an offer's section) takes feedback for @payload_type: its
 * profile is AVPF, or it has `a=rtcp-fb` lines for it all the same (SIP
 * user agents offering RTP/AVP, as with [property@CallRtpTransport:avpf]
 * off). */
static gboolean
media_takes_feedback (const GstSDPMedia *media,
                      guint              payload_type)
{
  g_autofree char *prefix = g_strdup_printf ("%u ", payload_type);

  if (g_str_has_suffix (gst_sdp_media_get_proto (media), "F"))
    return TRUE;
  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);

    if (g_strcmp0 (attribute->key, "rtcp-fb") == 0 && attribute->value &&
        (g_str_has_prefix (attribute->value, prefix) || g_str_has_prefix (attribute->value, "* ")))
      return TRUE;
  }
  return FALSE;
}

static void
append_codec_lines (GString    *text,
                    LocalMedia *media,
                    gboolean    feedback)
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
  if (info->nack && feedback) {
    g_string_append_printf (text, "a=rtcp-fb:%u nack\r\n", media->payload_type);
    g_string_append_printf (text, "a=rtcp-fb:%u nack pli\r\n", media->payload_type);
  }
  if (media->rtx_payload_type) {
    g_string_append_printf (text, "a=rtpmap:%u rtx/%u\r\n", media->rtx_payload_type,
                            info->clock_rate);
    g_string_append_printf (text, "a=fmtp:%u apt=%u\r\n", media->rtx_payload_type,
                            media->payload_type);
  }
  if (media->dtmf_payload_type) {
    g_string_append_printf (text, "a=rtpmap:%u telephone-event/%u\r\n",
                            media->dtmf_payload_type,
                            media->dtmf_clock_rate ? media->dtmf_clock_rate : info->clock_rate);
    g_string_append_printf (text, "a=fmtp:%u 0-15\r\n", media->dtmf_payload_type);
  }
  if (media->dtmf_8000_payload_type) {
    g_string_append_printf (text, "a=rtpmap:%u telephone-event/8000\r\n",
                            media->dtmf_8000_payload_type);
    g_string_append_printf (text, "a=fmtp:%u 0-15\r\n", media->dtmf_8000_payload_type);
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

GstStructure *
gst_call_rtp_transport_remote_rtx_payload_type_map (GstCallRtpTransport *self)
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
    g_object_notify_by_pspec (G_OBJECT (self), gst_call_rtp_transport_props[PROP_SECURE]);
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
  /* DTMF (RFC 4733) at the audio's clock rate. */
  media->dtmf_payload_type = media->kind == GST_CALL_MEDIA_KIND_AUDIO
      ? gst_call_dtmf_offer_payload_type (gst_call_codec_table_lookup (media->codec)->clock_rate)
      : 0;
  media->dtmf_clock_rate = 0;
  /* And at 8000 Hz, the rate SIP endpoints (baresip) take beside Opus, as
   * browsers offer it too. */
  media->dtmf_8000_payload_type =
      media->dtmf_payload_type && gst_call_codec_table_lookup (media->codec)->clock_rate != 8000
      ? GST_CALL_DTMF_PAYLOAD_TYPE_8000 : 0;
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
 * section per source, in a BUNDLE group with rtcp-mux, `RTP/AVPF` (`RTP/AVP`
 * with [property@CallRtpTransport:avpf] off), NACK and
 * RTX on video when [property@CallRtpTransport:rtx] is set, `telephone-event`
 * (DTMF, RFC 4733) on audio at the codec's clock rate; `RTP/SAVPF` with
 * an `a=crypto` key in each section when [property@CallRtpTransport:srtp]
 * is. Media flows
 * once [method@CallRtpTransport.set_remote_answer] is given the answer.
 *
 * As RFC 8843 has it, each section of this first offer has a port of its
 * own (the first one the transport's socket,
 * [property@CallRtpTransport:local-port]) and an RTCP port of its own
 * (`a=rtcp`, the next port when free): an answer with a BUNDLE group takes
 * all media onto the first section's port and rtcp-mux, the other ports are
 * closed; an answer without one (a legacy SIP endpoint) keeps each section
 * on its ports, with RTCP on its RTCP port where the answer has no
 * `a=rtcp-mux`.
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

  if (!gst_call_rtp_transport_check_open (self, error))
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
                 _("An offer needs a source: give the transport one with its "
                   "set_sources_from_description method first"));
    return NULL;
  }
  if (!gst_call_rtp_transport_ensure_pipeline (self, error))
    return NULL;
  if (self->srtp && !prepare_srtp (self, error))
    return NULL;

  /* RFC 8843: each section offered on a port of its own, with an RTCP port
   * of its own (RFC 3605), for an answer that takes neither BUNDLE nor
   * rtcp-mux. */
  for (guint i = 0; i < self->medias->len; i++) {
    if (!gst_call_rtp_transport_prepare_session_ports (self, i, FALSE, error))
      return NULL;
  }

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
                            section_port (self, i), offer_proto (self), media->payload_type);
    if (media->rtx_payload_type)
      g_string_append_printf (text, " %u", media->rtx_payload_type);
    if (media->dtmf_payload_type)
      g_string_append_printf (text, " %u", media->dtmf_payload_type);
    if (media->dtmf_8000_payload_type)
      g_string_append_printf (text, " %u", media->dtmf_8000_payload_type);
    g_string_append (text, "\r\n");
    g_string_append_printf (text, "a=mid:%s\r\na=sendrecv\r\n", media->mid);
    append_rtcp_lines (self, text, i, TRUE);
    if (self->srtp)
      append_crypto_line (text, &self->offer_crypto);
    append_codec_lines (text, media, TRUE);
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
      if (name && g_ascii_strcasecmp (name, encoding_name) == 0 &&
          local->codec == GST_CALL_CODEC_H264) {
        g_autofree char *mode = gst_call_sdp_fmtp_parameter (media, (guint) payload_type,
                                                             "packetization-mode");

        /* We send packetization mode 1 (RFC 6184: absent is 0, which
         * takes no fragmented NAL units) and may only answer in the mode
         * offered. */
        if (g_strcmp0 (mode, "1") != 0)
          continue;
      }
      if (name && g_ascii_strcasecmp (name, encoding_name) == 0) {
        local->payload_type = (guint) payload_type;
        g_clear_pointer (&local->profile_level_id, g_free);
        if (local->codec == GST_CALL_CODEC_H264)
          local->profile_level_id = answer_h264_profile_level_id (self, media,
                                                                  local->payload_type);
        local->dtmf_payload_type = 0;
        local->dtmf_8000_payload_type = 0;
        if (local->kind == GST_CALL_MEDIA_KIND_AUDIO) {
          int dtmf = gst_call_dtmf_find_audio_payload_type (
              media, gst_call_codec_table_lookup (local->codec)->clock_rate,
              &local->dtmf_clock_rate);

          local->dtmf_payload_type = dtmf > 0 ? (guint) dtmf : 0;
        }
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
                             const GstSDPMedia   *media,
                             guint                port)
{
  gboolean known;
  gboolean rtx = FALSE;

  g_string_append_printf (text, "m=%s %u %s",
                          gst_call_media_kind_to_string (media_kind (media, &known)), port,
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
  if (self->unbundled && n_sections > gst_sdp_message_medias_len (self->remote)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("Tracks cannot be added to a call whose media sections each have "
                   "their own ports (the peer took no BUNDLE)"));
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
      g_string_append_printf (text, "m=%s 0 %s 0\r\n",
                              remote ? gst_sdp_media_get_media (remote) : "application",
                              remote ? gst_sdp_media_get_proto (remote) : offer_proto (self));
      continue;
    }
    if (local) {
      /* A section keeps the profile it was negotiated in. */
      g_string_append_printf (text, "m=%s %u %s %u",
                              gst_call_media_kind_to_string (local->kind),
                              section_port (self, i),
                              remote ? gst_sdp_media_get_proto (remote) : offer_proto (self),
                              local->payload_type);
      if (local->rtx_payload_type)
        g_string_append_printf (text, " %u", local->rtx_payload_type);
      if (local->dtmf_payload_type)
        g_string_append_printf (text, " %u", local->dtmf_payload_type);
      if (local->dtmf_8000_payload_type)
        g_string_append_printf (text, " %u", local->dtmf_8000_payload_type);
      g_string_append (text, "\r\n");
      append_codec_lines (text, local, TRUE);
    } else {
      append_receive_only_formats (self, text, remote, section_port (self, i));
    }
    if (mid && *mid && !strpbrk (mid, "\r\n ")) {
      g_string_append_printf (text, "a=mid:%s\r\n", mid);
      g_string_append_printf (group, " %s", mid);
    }
    g_string_append (text, local && !local->removed ? "a=sendrecv\r\n" : "a=recvonly\r\n");
    append_rtcp_lines (self, text, i, !self->unbundled || !self->sessions[i].rtcp_socket);
    if (local && !local->removed)
      append_ssrc_lines (self, text, local);
  }
  /* The group goes before the sections. */
  if (!self->unbundled) {
    const char *first = strstr (text->str, "m=");
    gsize at = first ? (gsize) (first - text->str) : text->len;

    g_string_append (group, "\r\n");
    g_string_insert (text, at, group->str);
  }
  g_string_free (group, TRUE);
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
 * (sendrecv, with the offer's `telephone-event` at the audio codec's clock
 * rate), or receive-only with the offered formats.
 *
 * An offer whose accepted sections are all in its BUNDLE group (or that
 * has just one) and all have `a=rtcp-mux` is answered bundled: everything
 * is sent to the port of the first section of the group (else of the first
 * accepted one) and received on this transport's one port, the answer has
 * the group and `a=rtcp-mux`. Any other offer is answered the legacy way
 * (RFC 3264): each accepted section gets a port of its own (the first
 * section the transport's socket) and its media goes to its own remote
 * port; a section offered without `a=rtcp-mux` is answered without it
 * (RFC 5761), with an RTCP port of its own named by `a=rtcp` (RFC 3605),
 * and its RTCP is sent to the offer's `a=rtcp` port or the next one. An
 * `RTP/AVP` section is answered without `a=rtcp-fb` lines, unless it has
 * some for the codec (SIP user agents that offer feedback that way, as
 * this transport does with [property@CallRtpTransport:avpf] off); the
 * answer keeps the offer's profile. A call answered
 * the legacy way keeps its ports: a new offer that adds a section, or
 * drops rtcp-mux from one, is refused. An SRTP offer
 * (`RTP/SAVP` or `RTP/SAVPF`) is answered with SRTP, keyed by the first
 * `a=crypto` line of each section that libgstcall supports.
 *
 * Once media flows, a new offer of the peer (renegotiation) is answered the
 * same way: sections it adds are received, sections it no longer sends to
 * stop.
 *
 * An offer is refused with %GST_CALL_ERROR_INVALID_ARGUMENT when a format
 * of a section it does not reject is not an RTP payload type (a number
 * from 0 to 127; RFC 4566 leaves no other for RTP) or an `a=mid` is not a
 * token of at most 32 characters (RFC 8843 MIDs are short: this one would
 * be echoed in the answer and carried in every packet), and with
 * %GST_CALL_ERROR_NEGOTIATION when its address is IPv6 and
 * [property@CallRtpTransport:local-address] IPv4, or the reverse. An
 * `a=rtcp` line that is no port (with an optional address), or a section
 * on port 65535 without rtcp-mux or `a=rtcp`, is refused with
 * %GST_CALL_ERROR_INVALID_ARGUMENT; RTCP to another address than the
 * section's RTP with %GST_CALL_ERROR_NEGOTIATION. The
 * answer's `a=group:BUNDLE` lists the offered MIDs of the sections it
 * accepts.
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
  g_auto (GStrv) offered_group = NULL;
  g_autoptr (GString) group = NULL;
  GString *text;
  guint port = 0;
  gboolean grouped = FALSE;
  gboolean secure = FALSE;

  g_return_val_if_fail (GST_IS_CALL_RTP_TRANSPORT (self), NULL);
  g_return_val_if_fail (offer != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!gst_call_rtp_transport_check_open (self, error))
    return NULL;
  if (self->offered) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("This transport made an offer: it takes an answer, not an offer"));
    return NULL;
  }
  sdp = parse_remote_description (offer, &address, &port, &secure, error);
  if (!sdp || !check_address_family (self, address, error) ||
      !gst_call_rtp_transport_ensure_pipeline (self, error))
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

  offered_group = find_bundle_group (sdp);
  if (!self->started) {
    /* The offer decides once: one port for all (BUNDLE and rtcp-mux) or
     * ports of each section's own. */
    self->unbundled = !description_is_bundled (sdp);
  } else if (self->unbundled) {
    for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
      const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);
      gboolean known;

      media_kind (media, &known);
      if (!known || gst_sdp_media_get_port (media) == 0)
        continue;
      if (!self->sessions[i].rtp_socket) {
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                     _("The new offer adds media section %u to a call whose media "
                       "sections each have their own ports: it cannot take more"), i);
        return NULL;
      }
      if (!self->sessions[i].rtcp_socket && !media_has_attribute (media, "rtcp-mux")) {
        g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                     _("The new offer takes rtcp-mux away from media section %u"), i);
        return NULL;
      }
    }
  }
  if (self->unbundled && !read_remote_ports (self, sdp, error))
    return NULL;
  if (!self->unbundled && offered_group && offered_group[1]) {
    /* RFC 8843: bundled media goes to the port of the offerer-tagged
     * section, the first of the group. */
    for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
      const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);

      if (gst_sdp_media_get_port (media) != 0 &&
          g_strcmp0 (gst_sdp_media_get_attribute_val (media, "mid"), offered_group[1]) == 0)
        port = gst_sdp_media_get_port (media);
    }
  }
  /* The answer's group: the offered MIDs of the sections answered (RFC
   * 8843), checked tokens, not the offer's line. */
  group = g_string_new ("a=group:BUNDLE");

  local_rtx = g_new0 (gboolean, gst_sdp_message_medias_len (sdp));
  text = g_string_new (NULL);
  append_session_header (self, text);

  for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);
    const char *mid = gst_sdp_media_get_attribute_val (media, "mid");
    gboolean known;
    GstCallMediaKind kind = media_kind (media, &known);
    gboolean remote_receives = !gst_sdp_media_get_attribute_val (media, "sendonly") &&
                               !gst_sdp_media_get_attribute_val (media, "inactive");
    gboolean remote_sends = !gst_sdp_media_get_attribute_val (media, "recvonly") &&
                            !gst_sdp_media_get_attribute_val (media, "inactive");
    gboolean rtcp_mux = TRUE;
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
      self->sessions[i].remote_rtp_port = 0;
      continue;
    }
    if (self->unbundled) {
      /* RFC 5761: rtcp-mux only where offered, RTCP on its own port
       * otherwise. */
      rtcp_mux = self->started ? !self->sessions[i].rtcp_socket
                               : media_has_attribute (media, "rtcp-mux");
      if (!gst_call_rtp_transport_prepare_session_ports (self, i, rtcp_mux, error)) {
        g_string_free (text, TRUE);
        return NULL;
      }
    }

    if (local) {
      local->session = (int) i;
      local->send = remote_receives && !local->removed;
      g_free (local->mid);
      local->mid = g_strdup (mid);
      local_rtx[i] = local->rtx_payload_type != 0;
      g_string_append_printf (text, "m=%s %u %s %u", gst_call_media_kind_to_string (kind),
                              section_port (self, i),
                              gst_sdp_media_get_proto (media), local->payload_type);
      if (local->rtx_payload_type)
        g_string_append_printf (text, " %u", local->rtx_payload_type);
      if (local->dtmf_payload_type)
        g_string_append_printf (text, " %u", local->dtmf_payload_type);
      g_string_append (text, "\r\n");
      /* RTP/AVP and RTP/SAVP take no feedback (RFC 4585) unless the
       * offer has it all the same. */
      append_codec_lines (text, local, media_takes_feedback (media, local->payload_type));
    } else {
      local_rtx[i] = append_receive_only_formats (self, text, media, section_port (self, i));
    }
    /* parse_remote_description() checked it: a short token. */
    if (mid) {
      g_string_append_printf (text, "a=mid:%s\r\n", mid);
      if (!self->unbundled && offered_group &&
          g_strv_contains ((const char * const *) offered_group + 1, mid)) {
        g_string_append_printf (group, " %s", mid);
        grouped = TRUE;
      }
    }
    if (local && local->send)
      g_string_append (text, remote_sends ? "a=sendrecv\r\n" : "a=sendonly\r\n");
    else
      g_string_append (text, remote_sends ? "a=recvonly\r\n" : "a=inactive\r\n");
    append_rtcp_lines (self, text, i, rtcp_mux);
    if (secure && keys.remote[i].suite != GST_CALL_SRTP_SUITE_NONE)
      append_crypto_line (text, &keys.local[i]);
    if (local && local->send)
      append_ssrc_lines (self, text, local);
  }

  if (grouped) {
    /* The group goes before the sections. */
    const char *first = strstr (text->str, "m=");

    g_string_append (group, "\r\n");
    g_string_insert (text, first ? first - text->str : (gssize) text->len, group->str);
  }

  set_remote (self, g_steal_pointer (&sdp), local_rtx, secure ? keys.local : NULL,
              secure ? keys.remote : NULL);
  if (self->started ? !gst_call_rtp_transport_apply_renegotiation (self, error)
                    : !gst_call_rtp_transport_start (self, address, port, error)) {
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
 * Applies the answer and starts media. An answer with a BUNDLE group
 * (or a single section with rtcp-mux) bundles all media on the first
 * section's port; one without keeps each section on the ports the offer
 * gave it, sends to each section's port and its RTCP to its `a=rtcp`
 * port, the next one, or (`a=rtcp-mux`) the same. An answer is refused
 * as an offer is by [method@CallRtpTransport.create_answer]: formats that are no RTP
 * payload type, an `a=mid` that is not a short token, an address of the
 * other IP family than [property@CallRtpTransport:local-address], a bad
 * `a=rtcp` line.
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

  if (!gst_call_rtp_transport_check_open (self, error))
    return FALSE;
  if (!self->offered) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                 _("There is no offer to answer: make one with the transport's "
                   "create_offer method first"));
    return FALSE;
  }
  sdp = parse_remote_description (answer, &address, &port, &secure, error);
  if (!sdp || !check_address_family (self, address, error))
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

  if (!self->started && !description_is_bundled (sdp)) {
    if (!read_remote_ports (self, sdp, error))
      return FALSE;
    /* The fallback of the offer: each section on its own ports, RTCP on
     * its own where the answer takes no rtcp-mux. */
    self->unbundled = TRUE;
    for (guint i = 0; i < self->offered_sections; i++) {
      const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);

      if (gst_sdp_media_get_port (media) == 0)
        gst_call_rtp_transport_release_session_ports (self, i);
      else if (!gst_call_rtp_transport_prepare_session_ports (
                   self, i, media_has_attribute (media, "rtcp-mux"), error))
        return FALSE;
    }
  } else if (!self->started) {
    /* One port for all: the first section's. */
    for (guint i = 0; i < GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i++)
      gst_call_rtp_transport_release_session_ports (self, i);
  } else if (self->unbundled && !read_remote_ports (self, sdp, error)) {
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
  if (self->started ? !gst_call_rtp_transport_apply_renegotiation (self, error)
                    : !gst_call_rtp_transport_start (self, address, port, error))
    return FALSE;
  self->offered = FALSE;
  return TRUE;
}
