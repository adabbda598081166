/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcall-sdp-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-error.h"
#include "gstcall-private.h"
#include "gstcall-media-private.h"

#include <string.h>

static const char *
media_or_session_attribute (const GstSDPMessage *message,
                            const GstSDPMedia   *media,
                            const char          *key)
{
  const char *value = gst_sdp_media_get_attribute_val (media, key);

  return value ? value : gst_sdp_message_get_attribute_val (message, key);
}

static gboolean
mid_in_bundle_group (const GstSDPMessage *message,
                     const char          *mid)
{
  for (guint i = 0; i < gst_sdp_message_attributes_len (message); i++) {
    const GstSDPAttribute *attribute = gst_sdp_message_get_attribute (message, i);
    g_auto (GStrv) tokens = NULL;

    if (g_strcmp0 (attribute->key, "group") != 0 || !attribute->value ||
        !g_str_has_prefix (attribute->value, "BUNDLE"))
      continue;
    tokens = g_strsplit (attribute->value, " ", -1);
    for (guint j = 1; tokens[j]; j++) {
      if (g_str_equal (tokens[j], mid))
        return TRUE;
    }
  }
  return FALSE;
}

static gboolean
has_bundle_group (const GstSDPMessage *message)
{
  for (guint i = 0; i < gst_sdp_message_attributes_len (message); i++) {
    const GstSDPAttribute *attribute = gst_sdp_message_get_attribute (message, i);

    if (g_strcmp0 (attribute->key, "group") == 0 && attribute->value &&
        g_str_has_prefix (attribute->value, "BUNDLE"))
      return TRUE;
  }
  return FALSE;
}

GstSDPMessage *
gst_call_sdp_parse_webrtc (const char  *text,
                           GError     **error)
{
  g_autoptr (GstSDPMessage) message = NULL;
  gboolean bundled;

  if (!text || !*text) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The session description is empty"));
    return NULL;
  }
  if (!g_utf8_validate (text, -1, NULL)) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The session description is not valid UTF-8 text"));
    return NULL;
  }

  gst_sdp_message_new (&message);
  if (gst_sdp_message_parse_buffer ((const guint8 *) text, strlen (text),
                                    message) != GST_SDP_OK ||
      g_strcmp0 (gst_sdp_message_get_version (message), "0") != 0) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The text is not a session description: it does "
                           "not start with a “v=0” line"));
    return NULL;
  }

  if (gst_sdp_message_medias_len (message) == 0) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("The session description has no media sections "
                           "(no “m=” lines)"));
    return NULL;
  }

  bundled = has_bundle_group (message);

  for (guint i = 0; i < gst_sdp_message_medias_len (message); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (message, i);
    const char *mid = gst_sdp_media_get_attribute_val (media, "mid");

    if (!gst_sdp_media_get_media (media) || !gst_sdp_media_get_proto (media) ||
        gst_sdp_media_formats_len (media) == 0) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("Media section %u of the session description is malformed: "
                     "an “m=” line needs a media type, a port, a protocol and "
                     "at least one format"), i);
      return NULL;
    }
    /* A rejected section (port 0) needs nothing more. */
    if (gst_sdp_media_get_port (media) == 0)
      continue;

    if (!media_or_session_attribute (message, media, "ice-ufrag") ||
        !media_or_session_attribute (message, media, "ice-pwd")) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("Media section %u (%s) has no ICE credentials "
                     "(“a=ice-ufrag” and “a=ice-pwd”)"), i,
                   gst_sdp_media_get_media (media));
      return NULL;
    }
    if (!media_or_session_attribute (message, media, "fingerprint")) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("Media section %u (%s) has no DTLS fingerprint "
                     "(“a=fingerprint”)"), i, gst_sdp_media_get_media (media));
      return NULL;
    }
    if (bundled && (!mid || !mid_in_bundle_group (message, mid)) &&
        i == 0) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("The session description declares a BUNDLE group but its "
                     "first media section has no “a=mid” listed in it"));
      return NULL;
    }
  }

  return g_steal_pointer (&message);
}

gboolean
gst_call_sdp_check_candidate (const char  *candidate,
                              guint        mline_index,
                              GError     **error)
{
  g_auto (GStrv) tokens = NULL;

  g_return_val_if_fail (candidate != NULL, FALSE);

  tokens = g_strsplit (candidate, " ", -1);
  if (!g_str_has_prefix (candidate, "candidate:") || g_strv_length (tokens) < 8 ||
      !g_str_equal (tokens[6], "typ")) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("“%s” is not an ICE candidate: expected “candidate:FOUNDATION "
                   "COMPONENT TRANSPORT PRIORITY ADDRESS PORT typ TYPE”"),
                 candidate);
    return FALSE;
  }
  if (mline_index > GST_CALL_SDP_MAX_MLINE_INDEX) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The media section index %u of the ICE candidate is out of range"),
                 mline_index);
    return FALSE;
  }
  return TRUE;
}

static GStrv
bundle_group_mids (const GstSDPMessage *message)
{
  for (guint i = 0; i < gst_sdp_message_attributes_len (message); i++) {
    const GstSDPAttribute *attribute = gst_sdp_message_get_attribute (message, i);

    if (g_strcmp0 (attribute->key, "group") == 0 && attribute->value &&
        g_str_has_prefix (attribute->value, "BUNDLE "))
      return g_strsplit (attribute->value + strlen ("BUNDLE "), " ", -1);
  }
  return NULL;
}

static void
replace_media_attribute (GstSDPMedia *media,
                         const char  *key,
                         const char  *value)
{
  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);

    if (g_strcmp0 (attribute->key, key) == 0) {
      GstSDPAttribute replacement;

      gst_sdp_attribute_set (&replacement, key, value);
      gst_sdp_media_replace_attribute (media, i, &replacement);
      return;
    }
  }
  gst_sdp_media_add_attribute (media, key, value);
}

gboolean
gst_call_sdp_normalise_bundle_ice (GstSDPMessage *message)
{
  g_auto (GStrv) mids = bundle_group_mids (message);
  g_autofree char *ufrag = NULL;
  g_autofree char *pwd = NULL;
  gboolean changed = FALSE;

  if (!mids || !mids[0])
    return FALSE;

  for (guint i = 0; i < gst_sdp_message_medias_len (message); i++) {
    GstSDPMedia *media = (GstSDPMedia *) gst_sdp_message_get_media (message, i);
    const char *mid = gst_sdp_media_get_attribute_val (media, "mid");
    const char *media_ufrag = gst_sdp_media_get_attribute_val (media, "ice-ufrag");
    const char *media_pwd = gst_sdp_media_get_attribute_val (media, "ice-pwd");

    if (!mid || !g_strv_contains ((const char * const *) mids, mid) ||
        !media_ufrag || !media_pwd)
      continue;
    if (!ufrag) {
      /* The first section of the group: its transport carries the bundle. */
      ufrag = g_strdup (media_ufrag);
      pwd = g_strdup (media_pwd);
      continue;
    }
    if (g_str_equal (ufrag, media_ufrag) && g_str_equal (pwd, media_pwd))
      continue;

    replace_media_attribute (media, "ice-ufrag", ufrag);
    replace_media_attribute (media, "ice-pwd", pwd);
    for (guint j = gst_sdp_media_attributes_len (media); j > 0; j--) {
      const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, j - 1);

      if (g_strcmp0 (attribute->key, "candidate") == 0)
        gst_sdp_media_remove_attribute (media, j - 1);
    }
    changed = TRUE;
  }
  return changed;
}

static gboolean
codec_from_rtpmap (const char    *encoding,
                   GstCallCodec  *codec)
{
  const GstCallCodecInfo *info = gst_call_codec_table_find_encoding (encoding);

  if (info)
    *codec = info->codec;
  return info != NULL;
}

char *
gst_call_sdp_fmtp_parameter (const GstSDPMedia *media,
                             guint              payload_type,
                             const char        *name)
{
  g_autofree char *prefix = g_strdup_printf ("%u ", payload_type);

  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);
    g_auto (GStrv) parameters = NULL;

    if (g_strcmp0 (attribute->key, "fmtp") != 0 || !attribute->value ||
        !g_str_has_prefix (attribute->value, prefix))
      continue;
    parameters = g_strsplit (attribute->value + strlen (prefix), ";", -1);
    for (guint j = 0; parameters[j]; j++) {
      char *parameter = g_strstrip (parameters[j]);
      gsize length = strlen (name);

      if (g_ascii_strncasecmp (parameter, name, length) == 0 && parameter[length] == '=')
        return g_strdup (parameter + length + 1);
    }
  }
  return NULL;
}

/* Whether we can send @codec as offered with @payload_type. */
static gboolean
offered_codec_is_sendable (const GstSDPMedia *media,
                           GstCallCodec       codec,
                           guint              payload_type,
                           char             **profile_level_id)
{
  g_autoptr (GstStructure) ours = NULL;
  g_autofree char *mode = NULL;
  g_autofree char *profile = NULL;
  const char *our_profile;

  *profile_level_id = NULL;
  if (codec != GST_CALL_CODEC_H264)
    return TRUE;

  /* Our encoders write constrained baseline, which baseline (42xxxx) and
   * constrained baseline receivers decode, in the codec table's
   * packetization mode (1). */
  ours = gst_call_codec_info_make_fmtp (gst_call_codec_table_lookup (codec), NULL);
  our_profile = gst_structure_get_string (ours, "profile-level-id");
  mode = gst_call_sdp_fmtp_parameter (media, payload_type, "packetization-mode");
  profile = gst_call_sdp_fmtp_parameter (media, payload_type, "profile-level-id");
  if (g_strcmp0 (mode, gst_structure_get_string (ours, "packetization-mode")) != 0 ||
      !profile || strlen (profile) != 6 || g_ascii_strncasecmp (profile, our_profile, 2) != 0)
    return FALSE;
  *profile_level_id = g_ascii_strdown (profile, -1);
  return TRUE;
}

gboolean
gst_call_sdp_find_send_codec (const GstSDPMessage  *offer,
                              GstCallMediaKind      kind,
                              GstCallCodec          preferred,
                              GstCallCodec         *codec,
                              guint                *payload_type,
                              char                **profile_level_id)
{
  const char *kind_name = kind == GST_CALL_MEDIA_KIND_VIDEO ? "video" : "audio";

  g_return_val_if_fail (offer != NULL, FALSE);
  g_return_val_if_fail (codec != NULL && payload_type != NULL, FALSE);
  g_return_val_if_fail (profile_level_id != NULL && *profile_level_id == NULL, FALSE);

  for (guint i = 0; i < gst_sdp_message_medias_len (offer); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (offer, i);
    gboolean found = FALSE;

    if (g_strcmp0 (gst_sdp_media_get_media (media), kind_name) != 0)
      continue;

    /* Two passes: the preferred codec, then any we can send. */
    for (guint pass = 0; pass < 2 && !found; pass++) {
      for (guint j = 0; j < gst_sdp_media_formats_len (media) && !found; j++) {
        guint64 format = g_ascii_strtoull (gst_sdp_media_get_format (media, j), NULL, 10);
        g_autofree char *profile = NULL;
        g_autoptr (GstCaps) caps = NULL;
        const GstStructure *structure;
        const char *encoding;
        GstCallCodec offered;

        if (format > 127)
          continue;
        caps = gst_sdp_media_get_caps_from_media (media, (int) format);
        if (!caps)
          continue;
        structure = gst_caps_get_structure (caps, 0);
        encoding = gst_structure_get_string (structure, "encoding-name");
        if (!encoding || !codec_from_rtpmap (encoding, &offered) ||
            !gst_call_media_codec_can_send (offered) ||
            (pass == 0 && offered != preferred) ||
            !offered_codec_is_sendable (media, offered, (guint) format, &profile))
          continue;
        *codec = offered;
        *payload_type = (guint) format;
        *profile_level_id = g_steal_pointer (&profile);
        found = TRUE;
      }
    }
    /* Only the first section of the kind: the call sends one track of it. */
    return found;
  }
  return FALSE;
}

/* The extmap identifier @media gives the transport-wide-cc header extension
 * when it also asks for transport-cc feedback, else 0; @feedback (optional)
 * is set to whether it asks for the feedback. */
static guint
media_twcc_id (const GstSDPMedia *media,
               gboolean          *feedback)
{
  guint extension_id = 0;
  gboolean asked = FALSE;

  for (guint j = 0; j < gst_sdp_media_attributes_len (media); j++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, j);
    const char *value = attribute->value ? attribute->value : "";

    if (g_strcmp0 (attribute->key, "extmap") == 0) {
      /* "<id>[/<direction>] <uri> [<attributes>]" */
      char *end = NULL;
      guint64 id = g_ascii_strtoull (value, &end, 10);
      const char *uri;

      if (end == value || id < 1 || id > 14)
        continue;
      uri = strchr (end, ' ');
      if (!uri)
        continue;
      uri++;
      if (g_str_has_prefix (uri, GST_CALL_MEDIA_TWCC_URI) &&
          (uri[strlen (GST_CALL_MEDIA_TWCC_URI)] == '\0' ||
           uri[strlen (GST_CALL_MEDIA_TWCC_URI)] == ' '))
        extension_id = (guint) id;
    } else if (g_strcmp0 (attribute->key, "rtcp-fb") == 0) {
      const char *type = strchr (value, ' ');

      if (type && g_str_equal (type + 1, "transport-cc"))
        asked = TRUE;
    }
  }
  if (feedback)
    *feedback = asked;
  return asked ? extension_id : 0;
}

guint
gst_call_sdp_find_twcc_id (const GstSDPMessage *offer,
                           GstCallMediaKind     kind)
{
  const char *kind_name = kind == GST_CALL_MEDIA_KIND_VIDEO ? "video" : "audio";

  g_return_val_if_fail (offer != NULL, 0);

  for (guint i = 0; i < gst_sdp_message_medias_len (offer); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (offer, i);

    /* Only the first section of the kind, as gst_call_sdp_find_send_codec(). */
    if (g_strcmp0 (gst_sdp_media_get_media (media), kind_name) == 0)
      return media_twcc_id (media, NULL);
  }
  return 0;
}

gboolean
gst_call_sdp_complete_twcc_answer (GstSDPMessage       *answer,
                                   const GstSDPMessage *offer)
{
  gboolean changed = FALSE;

  g_return_val_if_fail (answer != NULL && offer != NULL, FALSE);

  for (guint i = 0; i < gst_sdp_message_medias_len (answer) &&
                    i < gst_sdp_message_medias_len (offer); i++) {
    GstSDPMedia *media = (GstSDPMedia *) gst_sdp_message_get_media (answer, i);
    guint offered = media_twcc_id (gst_sdp_message_get_media (offer, i), NULL);
    gboolean feedback = FALSE;
    g_autofree char *value = NULL;

    if (!offered || media_twcc_id (media, &feedback) || !feedback)
      continue;
    value = g_strdup_printf ("%u %s", offered, GST_CALL_MEDIA_TWCC_URI);
    gst_sdp_media_add_attribute (media, "extmap", value);
    changed = TRUE;
  }
  return changed;
}

/* The public enum has GstWebRTC's values: a GstWebRTCSDPType given from a
 * binding means the same. */
G_STATIC_ASSERT ((int) GST_CALL_SDP_TYPE_OFFER == (int) GST_WEBRTC_SDP_TYPE_OFFER);
G_STATIC_ASSERT ((int) GST_CALL_SDP_TYPE_PRANSWER == (int) GST_WEBRTC_SDP_TYPE_PRANSWER);
G_STATIC_ASSERT ((int) GST_CALL_SDP_TYPE_ANSWER == (int) GST_WEBRTC_SDP_TYPE_ANSWER);
G_STATIC_ASSERT ((int) GST_CALL_SDP_TYPE_ROLLBACK == (int) GST_WEBRTC_SDP_TYPE_ROLLBACK);

GstWebRTCSDPType
gst_call_sdp_type_to_webrtc (GstCallSdpType type)
{
  switch (type) {
    case GST_CALL_SDP_TYPE_OFFER:
      return GST_WEBRTC_SDP_TYPE_OFFER;
    case GST_CALL_SDP_TYPE_PRANSWER:
      return GST_WEBRTC_SDP_TYPE_PRANSWER;
    case GST_CALL_SDP_TYPE_ANSWER:
      return GST_WEBRTC_SDP_TYPE_ANSWER;
    case GST_CALL_SDP_TYPE_ROLLBACK:
      return GST_WEBRTC_SDP_TYPE_ROLLBACK;
    default:
      g_return_val_if_reached (GST_WEBRTC_SDP_TYPE_OFFER);
  }
}

const char *
gst_call_sdp_type_to_string (GstCallSdpType type)
{
  return gst_webrtc_sdp_type_to_string (gst_call_sdp_type_to_webrtc (type));
}

/* @value for an error message: at most 16 characters of it, the others
 * replaced by "...", anything but printable ASCII escaped. */
static char *
quote_for_message (const char *value)
{
  gsize length = strlen (value);
  g_autofree char *head = g_strndup (value, MIN (length, 16));
  g_autofree char *escaped = g_strescape (head, NULL);

  return length > 16 ? g_strdup_printf ("%s...", escaped) : g_steal_pointer (&escaped);
}

/* RFC 4566 token characters. */
static gboolean
is_token (const char *value)
{
  for (const char *c = value; *c; c++) {
    if (!g_ascii_isalnum (*c) && !strchr ("!#$%&'*+-.^_`{|}~", *c))
      return FALSE;
  }
  return *value != '\0';
}

gboolean
gst_call_sdp_check_rtp_media (const GstSDPMedia  *media,
                              guint               index,
                              GError            **error)
{
  const char *mid = gst_sdp_media_get_attribute_val (media, "mid");

  for (guint i = 0; i < gst_sdp_media_formats_len (media); i++) {
    const char *format = gst_sdp_media_get_format (media, i);
    gsize length = format ? strlen (format) : 0;
    gboolean number = length > 0 && length <= 3;

    for (gsize c = 0; number && c < length; c++)
      number = g_ascii_isdigit (format[c]);
    if (!number || g_ascii_strtoull (format, NULL, 10) > 127) {
      g_autofree char *quoted = quote_for_message (format ? format : "");

      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("Media section %u lists format \"%s\", which is not an RTP payload "
                     "type (a number from 0 to 127)"), index, quoted);
      return FALSE;
    }
  }

  if (mid) {
    gsize length = strlen (mid);

    if (length > GST_CALL_SDP_MAX_MID_LEN || !is_token (mid)) {
      g_autofree char *quoted = quote_for_message (mid);

      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("Media section %u has a=mid \"%s\" (%" G_GSIZE_FORMAT " bytes): a MID is a "
                     "token of 1 to %d letters, digits or !#$%%&'*+-.^_`{|}~"),
                   index, quoted, length, GST_CALL_SDP_MAX_MID_LEN);
      return FALSE;
    }
  }
  return TRUE;
}

gboolean
gst_call_sdp_media_rtcp_port (const GstSDPMedia  *media,
                              guint               index,
                              const char         *address,
                              guint              *port,
                              GError            **error)
{
  const char *rtcp = gst_sdp_media_get_attribute_val (media, "rtcp");
  guint rtp_port = gst_sdp_media_get_port (media);
  g_auto (GStrv) fields = NULL;
  guint64 value = 0;

  if (rtp_port > 65535) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("Media section %u has port %u, which is no UDP port"), index, rtp_port);
    return FALSE;
  }
  if (gst_sdp_media_get_attribute_val (media, "rtcp-mux")) {
    *port = rtp_port;
    return TRUE;
  }
  if (!rtcp) {
    if (rtp_port == 0 || rtp_port >= 65535) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("Media section %u has port %u and no rtcp-mux: its RTCP port, the "
                     "next one, is no UDP port"), index, rtp_port);
      return FALSE;
    }
    *port = rtp_port + 1;
    return TRUE;
  }
  /* RFC 3605: a=rtcp:<port> [IN <address type> <address>] */
  fields = g_strsplit (rtcp, " ", 5);
  if (!fields[0] || !g_ascii_string_to_unsigned (fields[0], 10, 1, 65535, &value, NULL) ||
      (fields[1] && (!fields[2] || !fields[3] || fields[4]))) {
    g_autofree char *quoted = quote_for_message (rtcp);

    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("Media section %u has a=rtcp:%s, which is not a UDP port with an "
                   "optional address"), index, quoted);
    return FALSE;
  }
  if (fields[1] && g_strcmp0 (fields[3], address) != 0) {
    g_autofree char *quoted = quote_for_message (fields[3]);

    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("Media section %u sends its RTCP to address %s, not to the one of its "
                   "RTP: a plain RTP transport sends both to one address"), index, quoted);
    return FALSE;
  }
  *port = (guint) value;
  return TRUE;
}

/* Payload formats that repair or accompany media and are no codec to send
 * it with. */
static gboolean
is_auxiliary_encoding (const char *name)
{
  static const char * const auxiliary[] = {
    "rtx", "red", "ulpfec", "flexfec-03", "telephone-event", "CN",
  };

  for (guint i = 0; i < G_N_ELEMENTS (auxiliary); i++) {
    if (g_ascii_strcasecmp (name, auxiliary[i]) == 0)
      return TRUE;
  }
  return FALSE;
}

/* Whether the peer receives on @media: a section neither rejected (port 0
 * without bundle-only) nor sendonly or inactive from the peer's side. */
static gboolean
peer_receives (const GstSDPMedia *media)
{
  if (gst_sdp_media_get_port (media) == 0 &&
      !gst_sdp_media_get_attribute_val (media, "bundle-only"))
    return FALSE;
  return !gst_sdp_media_get_attribute_val (media, "sendonly") &&
         !gst_sdp_media_get_attribute_val (media, "inactive");
}

gboolean
gst_call_sdp_check_codec (const GstSDPMessage *message,
                          const char          *kind,
                          const char          *encoding_name,
                          GError             **error)
{
  g_autoptr (GPtrArray) peer_codecs = g_ptr_array_new_with_free_func (g_free);
  gboolean receives = FALSE;

  g_return_val_if_fail (message != NULL, FALSE);
  g_return_val_if_fail (kind != NULL && encoding_name != NULL, FALSE);

  for (guint i = 0; i < gst_sdp_message_medias_len (message); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (message, i);

    if (g_strcmp0 (gst_sdp_media_get_media (media), kind) != 0 || !peer_receives (media))
      continue;
    receives = TRUE;

    for (guint j = 0; j < gst_sdp_media_attributes_len (media); j++) {
      const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, j);
      g_autofree char *name = NULL;
      const char *space, *slash;

      if (g_strcmp0 (attribute->key, "rtpmap") != 0 || !attribute->value)
        continue;
      /* "96 VP8/90000" */
      space = strchr (attribute->value, ' ');
      if (!space)
        continue;
      slash = strchr (space + 1, '/');
      name = slash ? g_strndup (space + 1, slash - space - 1) : g_strdup (space + 1);
      g_strstrip (name);
      if (!*name || is_auxiliary_encoding (name))
        continue;
      if (g_ascii_strcasecmp (name, encoding_name) == 0)
        return TRUE;
      if (peer_codecs->len < 16 &&
          !g_ptr_array_find_with_equal_func (peer_codecs, name, g_str_equal, NULL))
        g_ptr_array_add (peer_codecs, g_steal_pointer (&name));
    }
    /* Static payload types need no rtpmap (0 is PCMU, 8 is PCMA). */
    for (guint j = 0; j < gst_sdp_media_formats_len (media); j++) {
      const char *format = gst_sdp_media_get_format (media, j);
      const GstCallCodecInfo *info = NULL;
      const char *name;
      char *end = NULL;
      guint64 number = g_ascii_strtoull (format, &end, 10);

      if (end && end != format && *end == '\0' && number <= 127)
        info = gst_call_codec_table_find_static_payload_type ((guint) number);
      if (!info)
        continue;
      name = info->encoding_name;
      if (g_ascii_strcasecmp (name, encoding_name) == 0)
        return TRUE;
      if (!g_ptr_array_find_with_equal_func (peer_codecs, name, g_str_equal, NULL))
        g_ptr_array_add (peer_codecs, g_strdup (name));
    }
  }

  /* A peer that takes no media of this kind has no codec to disagree on. */
  if (!receives)
    return TRUE;

  g_ptr_array_add (peer_codecs, NULL);
  if (peer_codecs->len == 1) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("No common %s codec: we send %s, the peer names no %s codec"),
                 kind, encoding_name, kind);
  } else {
    g_autofree char *list = g_strjoinv (", ", (char **) peer_codecs->pdata);

    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
                 _("No common %s codec: we send %s, the peer accepts %s"),
                 kind, encoding_name, list);
  }
  return FALSE;
}

/* The rtpmap of @format in @media without its channel count ("VP8/90000"),
 * or the codec table's for a static payload type written without one;
 * NULL when the format names nothing. */
static char *
format_rtpmap (const GstSDPMedia *media,
               const char        *format)
{
  gsize length = strlen (format);
  const GstCallCodecInfo *info = NULL;
  char *end = NULL;
  guint64 number;

  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);
    g_autofree char *value = NULL;
    g_auto (GStrv) parts = NULL;

    if (g_strcmp0 (attribute->key, "rtpmap") != 0 || !attribute->value ||
        strncmp (attribute->value, format, length) != 0 || attribute->value[length] != ' ')
      continue;
    value = g_strstrip (g_strdup (attribute->value + length + 1));
    parts = g_strsplit (value, "/", 3);
    if (!parts[0] || !*parts[0])
      return NULL;
    return parts[1] ? g_strdup_printf ("%s/%s", parts[0], parts[1]) : g_strdup (parts[0]);
  }
  number = g_ascii_strtoull (format, &end, 10);
  if (end && end != format && *end == '\0' && number <= 127)
    info = gst_call_codec_table_find_static_payload_type ((guint) number);
  return info ? g_strdup_printf ("%s/%u", info->encoding_name, info->clock_rate) : NULL;
}

/* Whether libgstcall takes @info of @kind out of RTP here: a codec of the
 * table whose depayloader is installed. */
static gboolean
codec_is_receivable (const GstCallCodecInfo *info,
                     GstCallMediaKind        kind)
{
  g_autoptr (GstElementFactory) factory = NULL;

  if (!info || info->kind != kind || !info->depayloader)
    return FALSE;
  factory = gst_element_factory_find (info->depayloader);
  return factory != NULL;
}

/* The encoding names of the codecs of @kind libgstcall receives here
 * (@send FALSE) or sends (@send TRUE), comma-separated. */
static void
append_codec_names (GString          *names,
                    GstCallMediaKind  kind,
                    gboolean          send)
{
  for (guint codec = GST_CALL_CODEC_VP8; codec <= GST_CALL_CODEC_PCMU; codec++) {
    const GstCallCodecInfo *info = gst_call_codec_table_lookup (codec);

    if (!info || info->kind != kind ||
        !(send ? gst_call_media_codec_can_send (codec) : codec_is_receivable (info, kind)))
      continue;
    if (names->len)
      g_string_append (names, ", ");
    g_string_append (names, info->encoding_name);
  }
}

gboolean
gst_call_sdp_check_offer_usable (const GstSDPMessage *offer,
                                 const gboolean      *sends,
                                 GError             **error)
{
  const GstCallMediaKind kinds[] = { GST_CALL_MEDIA_KIND_AUDIO, GST_CALL_MEDIA_KIND_VIDEO };
  g_autoptr (GString) offered = g_string_new (NULL);
  g_autoptr (GString) received = g_string_new (NULL);
  g_autoptr (GString) sent = g_string_new (NULL);
  gboolean seen_kind[2] = { FALSE, FALSE };
  gboolean has_media = FALSE;

  g_return_val_if_fail (offer != NULL && sends != NULL, FALSE);

  for (guint i = 0; i < gst_sdp_message_medias_len (offer); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (offer, i);
    const char *kind_name = gst_sdp_media_get_media (media);
    gboolean peer_sends;
    GstCallMediaKind kind;

    if (g_strcmp0 (kind_name, "audio") == 0)
      kind = GST_CALL_MEDIA_KIND_AUDIO;
    else if (g_strcmp0 (kind_name, "video") == 0)
      kind = GST_CALL_MEDIA_KIND_VIDEO;
    else if (g_strcmp0 (kind_name, "application") == 0 &&
             (gst_sdp_media_get_port (media) != 0 ||
              gst_sdp_media_get_attribute_val (media, "bundle-only")))
      return TRUE; /* data channels: a call without media is one too */
    else
      continue;
    /* A rejected or inactive section asks for nothing. */
    if ((gst_sdp_media_get_port (media) == 0 &&
         !gst_sdp_media_get_attribute_val (media, "bundle-only")) ||
        gst_sdp_media_get_attribute_val (media, "inactive"))
      continue;
    has_media = TRUE;

    /* We send what the peer receives in the first section of a kind. */
    if (!seen_kind[kind]) {
      seen_kind[kind] = TRUE;
      if (sends[kind] && peer_receives (media)) {
        g_autofree char *profile_level_id = NULL;
        GstCallCodec codec;
        guint payload_type;

        if (gst_call_sdp_find_send_codec (offer, kind, gst_call_media_default_codec (kind),
                                          &codec, &payload_type, &profile_level_id))
          return TRUE;
      }
    }

    peer_sends = !gst_sdp_media_get_attribute_val (media, "recvonly");
    for (guint j = 0; j < gst_sdp_media_formats_len (media); j++) {
      g_autofree char *rtpmap = format_rtpmap (media, gst_sdp_media_get_format (media, j));
      g_autofree char *name = NULL;

      if (!rtpmap)
        continue;
      name = g_strndup (rtpmap, strcspn (rtpmap, "/"));
      if (is_auxiliary_encoding (name))
        continue;
      if (peer_sends && codec_is_receivable (gst_call_codec_table_find_encoding (name), kind))
        return TRUE;
      if (offered->len < 512)
        g_string_append_printf (offered, "%s%s %s", offered->len ? ", " : "", kind_name,
                                rtpmap);
    }
  }
  /* Nothing to disagree on: every section rejected or inactive. */
  if (!has_media)
    return TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++) {
    append_codec_names (received, kinds[i], FALSE);
    if (sends[kinds[i]])
      append_codec_names (sent, kinds[i], TRUE);
  }
  g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION,
               _("The offer has no codec in a direction this side can use: it offers %s; "
                 "this side receives %s and sends %s"),
               offered->len ? offered->str : _("no codec"),
               received->len ? received->str : _("nothing"),
               sent->len ? sent->str : _("nothing"));
  return FALSE;
}

/* @name of the first media section, or of the session. */
static const char *
first_attribute (const GstSDPMessage *message,
                 const char          *name)
{
  const char *value = NULL;

  if (gst_sdp_message_medias_len (message) > 0)
    value = gst_sdp_media_get_attribute_val (gst_sdp_message_get_media (message, 0), name);
  if (!value)
    value = gst_sdp_message_get_attribute_val (message, name);
  return value;
}

char *
gst_call_sdp_get_transport_identity (const char *sdp)
{
  g_autoptr (GstSDPMessage) message = NULL;
  const char *ufrag, *password, *fingerprint;

  if (!sdp || gst_sdp_message_new_from_text (sdp, &message) != GST_SDP_OK)
    return NULL;
  ufrag = first_attribute (message, "ice-ufrag");
  password = first_attribute (message, "ice-pwd");
  fingerprint = first_attribute (message, "fingerprint");
  if (!ufrag && !password && !fingerprint)
    return NULL;
  return g_strdup_printf ("%s %s %s", ufrag ? ufrag : "", password ? password : "",
                          fingerprint ? fingerprint : "");
}
