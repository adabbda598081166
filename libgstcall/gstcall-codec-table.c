/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcall-codec-table-private.h"

#define PLUGINS_BASE "gstreamer1.0-plugins-base"
#define PLUGINS_GOOD "gstreamer1.0-plugins-good"
#define PLUGINS_BAD "gstreamer1.0-plugins-bad"
#define PLUGINS_UGLY "gstreamer1.0-plugins-ugly"
#define LIBAV "gstreamer1.0-libav"

/* H.264 is offered as browsers and aiortc offer it: constrained baseline
 * (42e0), level 3.1 (1f), packetization mode 1, and each side may send at
 * its own level (RFC 6184, 8.2.2). Opus: in-band FEC and stereo as
 * browsers write it. Indexed by GstCallCodec. */
static const GstCallCodecInfo codec_table[] = {
  [GST_CALL_CODEC_VP8] = {
    GST_CALL_CODEC_VP8, GST_CALL_MEDIA_KIND_VIDEO, "VP8", "VP8", "video/x-vp8",
    90000, 0, "rtpvp8pay", "rtpvp8depay", "vp8dec", PLUGINS_GOOD, PLUGINS_GOOD,
    NULL, NULL, TRUE, TRUE, -1,
  },
  [GST_CALL_CODEC_VP9] = {
    GST_CALL_CODEC_VP9, GST_CALL_MEDIA_KIND_VIDEO, "VP9", "VP9", "video/x-vp9",
    90000, 0, "rtpvp9pay", "rtpvp9depay", "vp9dec", PLUGINS_GOOD, PLUGINS_GOOD,
    NULL, NULL, TRUE, TRUE, -1,
  },
  [GST_CALL_CODEC_H264] = {
    GST_CALL_CODEC_H264, GST_CALL_MEDIA_KIND_VIDEO, "H.264", "H264", "video/x-h264",
    90000, 0, "rtph264pay", "rtph264depay", "avdec_h264", PLUGINS_UGLY, LIBAV,
    "packetization-mode=1;profile-level-id=42e01f;level-asymmetry-allowed=1",
    "video/x-raw,format=I420", TRUE, TRUE, -1,
  },
  [GST_CALL_CODEC_H265] = {
    GST_CALL_CODEC_H265, GST_CALL_MEDIA_KIND_VIDEO, "H.265", "H265", "video/x-h265",
    90000, 0, "rtph265pay", "rtph265depay", "avdec_h265", PLUGINS_BAD, LIBAV,
    NULL, NULL, FALSE, TRUE, -1,
  },
  [GST_CALL_CODEC_AV1] = {
    GST_CALL_CODEC_AV1, GST_CALL_MEDIA_KIND_VIDEO, "AV1", "AV1", "video/x-av1",
    90000, 0, NULL, "rtpav1depay", "av1dec", PLUGINS_BAD, PLUGINS_BAD,
    NULL, NULL, FALSE, TRUE, -1,
  },
  [GST_CALL_CODEC_OPUS] = {
    GST_CALL_CODEC_OPUS, GST_CALL_MEDIA_KIND_AUDIO, "Opus", "OPUS", "audio/x-opus",
    48000, 2, "rtpopuspay", "rtpopusdepay", "opusdec", PLUGINS_BASE, PLUGINS_BASE,
    NULL, NULL, TRUE, FALSE, -1,
  },
  [GST_CALL_CODEC_PCMA] = {
    GST_CALL_CODEC_PCMA, GST_CALL_MEDIA_KIND_AUDIO, "G.711 A-law", "PCMA", "audio/x-alaw",
    8000, 0, "rtppcmapay", "rtppcmadepay", "alawdec", PLUGINS_GOOD, PLUGINS_GOOD,
    NULL, "audio/x-raw,rate=8000,channels=1", TRUE, FALSE, 8,
  },
  [GST_CALL_CODEC_PCMU] = {
    GST_CALL_CODEC_PCMU, GST_CALL_MEDIA_KIND_AUDIO, "G.711 µ-law", "PCMU", "audio/x-mulaw",
    8000, 0, "rtppcmupay", "rtppcmudepay", "mulawdec", PLUGINS_GOOD, PLUGINS_GOOD,
    NULL, "audio/x-raw,rate=8000,channels=1", TRUE, FALSE, 0,
  },
};

const GstCallCodecInfo *
gst_call_codec_table_lookup (GstCallCodec codec)
{
  if ((guint) codec >= G_N_ELEMENTS (codec_table))
    return NULL;
  return &codec_table[codec];
}

const GstCallCodecInfo *
gst_call_codec_table_find_encoding (const char *encoding_name)
{
  if (!encoding_name)
    return NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (codec_table); i++) {
    if (g_ascii_strcasecmp (codec_table[i].encoding_name, encoding_name) == 0)
      return &codec_table[i];
  }
  return NULL;
}

const GstCallCodecInfo *
gst_call_codec_table_find_media_caps (const char *media_caps_name)
{
  if (!media_caps_name)
    return NULL;
  for (gsize i = 0; i < G_N_ELEMENTS (codec_table); i++) {
    if (g_str_equal (codec_table[i].media_caps, media_caps_name))
      return &codec_table[i];
  }
  return NULL;
}

const GstCallCodecInfo *
gst_call_codec_table_find_static_payload_type (guint payload_type)
{
  for (gsize i = 0; i < G_N_ELEMENTS (codec_table); i++) {
    if (codec_table[i].static_payload_type == (int) payload_type)
      return &codec_table[i];
  }
  return NULL;
}

GstStructure *
gst_call_codec_info_make_fmtp (const GstCallCodecInfo *info,
                               const char             *profile_level_id)
{
  g_auto (GStrv) parameters = NULL;
  GstStructure *fmtp;

  g_return_val_if_fail (info != NULL, NULL);

  if (!info->default_fmtp)
    return NULL;
  fmtp = gst_structure_new_empty ("fmtp");
  parameters = g_strsplit (info->default_fmtp, ";", -1);
  for (guint i = 0; parameters[i]; i++) {
    char *equals = strchr (parameters[i], '=');

    if (!equals)
      continue;
    *equals = '\0';
    gst_structure_set (fmtp, parameters[i], G_TYPE_STRING, equals + 1, NULL);
  }
  if (profile_level_id && gst_structure_has_field (fmtp, "profile-level-id"))
    gst_structure_set (fmtp, "profile-level-id", G_TYPE_STRING, profile_level_id, NULL);
  return fmtp;
}

char *
gst_call_codec_fmtp_to_string (const GstStructure *fmtp)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (fmtp != NULL, NULL);

  for (int i = 0; i < gst_structure_n_fields (fmtp); i++) {
    const char *name = gst_structure_nth_field_name (fmtp, (guint) i);

    g_string_append_printf (text, "%s%s=%s", i ? ";" : "", name,
                            gst_structure_get_string (fmtp, name));
  }
  return g_string_free (text, FALSE);
}
