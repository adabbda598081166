/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcall-codec-table-private.h"
#include "gstcall-plugins-private.h"

/* H.264 is offered as browsers and aiortc offer it: constrained baseline
 * (42e0), level 3.1 (1f), packetization mode 1, and each side may send at
 * its own level (RFC 6184, 8.2.2). Opus: in-band FEC and stereo as
 * browsers write it. Indexed by GstCallCodec. */
static const GstCallCodecInfo codec_table[] = {
  [GST_CALL_CODEC_VP8] = {
    GST_CALL_CODEC_VP8, GST_CALL_MEDIA_KIND_VIDEO, "VP8", "VP8", "video/x-vp8",
    90000, 0, "rtpvp8pay", "rtpvp8depay", "vp8enc", "vp8dec",
    NULL, NULL, NULL, TRUE, TRUE, -1,
  },
  [GST_CALL_CODEC_VP9] = {
    GST_CALL_CODEC_VP9, GST_CALL_MEDIA_KIND_VIDEO, "VP9", "VP9", "video/x-vp9",
    90000, 0, "rtpvp9pay", "rtpvp9depay", "vp9enc", "vp9dec",
    NULL, NULL, NULL, TRUE, TRUE, -1,
  },
  [GST_CALL_CODEC_H264] = {
    GST_CALL_CODEC_H264, GST_CALL_MEDIA_KIND_VIDEO, "H.264", "H264", "video/x-h264",
    90000, 0, "rtph264pay", "rtph264depay", "x264enc", "avdec_h264",
    "packetization-mode=1;profile-level-id=42e01f;level-asymmetry-allowed=1",
    "video/x-raw,format=I420", "video/x-h264,profile=constrained-baseline", TRUE, TRUE, -1,
  },
  [GST_CALL_CODEC_H265] = {
    GST_CALL_CODEC_H265, GST_CALL_MEDIA_KIND_VIDEO, "H.265", "H265", "video/x-h265",
    90000, 0, "rtph265pay", "rtph265depay", "x265enc", "avdec_h265",
    NULL, "video/x-raw,format=I420", NULL, TRUE, TRUE, -1,
  },
  [GST_CALL_CODEC_AV1] = {
    GST_CALL_CODEC_AV1, GST_CALL_MEDIA_KIND_VIDEO, "AV1", "AV1", "video/x-av1",
    90000, 0, NULL, "rtpav1depay", "av1enc", "av1dec",
    NULL, NULL, NULL, FALSE, TRUE, -1,
  },
  [GST_CALL_CODEC_OPUS] = {
    GST_CALL_CODEC_OPUS, GST_CALL_MEDIA_KIND_AUDIO, "Opus", "OPUS", "audio/x-opus",
    48000, 2, "rtpopuspay", "rtpopusdepay", "opusenc", "opusdec",
    NULL, NULL, NULL, TRUE, FALSE, -1,
  },
  [GST_CALL_CODEC_PCMA] = {
    GST_CALL_CODEC_PCMA, GST_CALL_MEDIA_KIND_AUDIO, "G.711 A-law", "PCMA", "audio/x-alaw",
    8000, 0, "rtppcmapay", "rtppcmadepay", "alawenc", "alawdec",
    NULL, "audio/x-raw,rate=8000,channels=1", NULL, TRUE, FALSE, 8,
  },
  [GST_CALL_CODEC_PCMU] = {
    GST_CALL_CODEC_PCMU, GST_CALL_MEDIA_KIND_AUDIO, "G.711 µ-law", "PCMU", "audio/x-mulaw",
    8000, 0, "rtppcmupay", "rtppcmudepay", "mulawenc", "mulawdec",
    NULL, "audio/x-raw,rate=8000,channels=1", NULL, TRUE, FALSE, 0,
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

const char *
gst_call_codec_info_get_package (const GstCallCodecInfo *info,
                                 gboolean                encode)
{
  g_return_val_if_fail (info != NULL, NULL);

  return gst_call_package_for_element (encode ? info->encoder : info->decoder);
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

/* ------------------------------------------------------------------------ */
/* H.264 levels                                                              */

/* ITU-T H.264 Annex A, table A-1: per level, the largest frame (in 16x16
 * macroblocks) and the most macroblocks per second. Level 1b is left out:
 * in the baseline profiles it needs constraint_set3, which
 * profile-level-id 42e0xx does not carry. */
typedef struct {
  guint level_idc;
  const char *name;
  guint max_frame_size;
  guint max_macroblocks_per_second;
} H264Level;

static const H264Level h264_levels[] = {
  { 10, "1", 99, 1485 },
  { 11, "1.1", 396, 3000 },
  { 12, "1.2", 396, 6000 },
  { 13, "1.3", 396, 11880 },
  { 20, "2", 396, 11880 },
  { 21, "2.1", 792, 19800 },
  { 22, "2.2", 1620, 20250 },
  { 30, "3", 1620, 40500 },
  { 31, "3.1", 3600, 108000 },
  { 32, "3.2", 5120, 216000 },
  { 40, "4", 8192, 245760 },
  { 41, "4.1", 8192, 245760 },
  { 42, "4.2", 8704, 522240 },
  { 50, "5", 22080, 589824 },
  { 51, "5.1", 36864, 983040 },
  { 52, "5.2", 36864, 2073600 },
};

static const H264Level *
find_h264_level (guint level_idc)
{
  for (gsize i = 0; i < G_N_ELEMENTS (h264_levels); i++) {
    if (h264_levels[i].level_idc == level_idc)
      return &h264_levels[i];
  }
  return NULL;
}

guint
gst_call_h264_level_for_video (guint width,
                               guint height,
                               guint fps_n,
                               guint fps_d)
{
  guint64 width_mbs = (width + 15) / 16;
  guint64 height_mbs = (height + 15) / 16;
  guint64 frame_size = width_mbs * height_mbs;
  guint64 per_second;

  g_return_val_if_fail (width > 0 && height > 0, 0);

  if (fps_n == 0 || fps_d == 0) {
    fps_n = 30;
    fps_d = 1;
  }
  /* Rounded up: 29.97 frames per second count as 30. */
  per_second = (frame_size * fps_n + fps_d - 1) / fps_d;

  for (gsize i = 0; i < G_N_ELEMENTS (h264_levels); i++) {
    const H264Level *level = &h264_levels[i];
    /* A.3.1: neither side longer than sqrt (8 * MaxFS) macroblocks. */
    guint64 longest = (guint64) 8 * level->max_frame_size;

    if (frame_size <= level->max_frame_size &&
        per_second <= level->max_macroblocks_per_second &&
        width_mbs * width_mbs <= longest && height_mbs * height_mbs <= longest)
      return level->level_idc;
  }
  return 0;
}

const char *
gst_call_h264_level_name (guint level_idc)
{
  const H264Level *level = find_h264_level (level_idc);

  return level ? level->name : NULL;
}

guint
gst_call_h264_profile_level_id_get_level (const char *profile_level_id)
{
  guint64 level_idc;
  char *end = NULL;

  if (!profile_level_id || strlen (profile_level_id) != 6 ||
      !g_ascii_isxdigit (profile_level_id[4]) || !g_ascii_isxdigit (profile_level_id[5]))
    return 0;
  level_idc = g_ascii_strtoull (profile_level_id + 4, &end, 16);
  return find_h264_level ((guint) level_idc) ? (guint) level_idc : 0;
}

/* The default profile-level-id of the table: its profile, its level. */
static char *
dup_default_h264_profile_level_id (void)
{
  g_autoptr (GstStructure) fmtp =
      gst_call_codec_info_make_fmtp (&codec_table[GST_CALL_CODEC_H264], NULL);

  return g_strdup (gst_structure_get_string (fmtp, "profile-level-id"));
}

guint
gst_call_h264_send_level_for_video (guint width,
                                    guint height,
                                    guint fps_n,
                                    guint fps_d)
{
  g_autofree char *default_id = dup_default_h264_profile_level_id ();
  guint needed = gst_call_h264_level_for_video (width, height, fps_n, fps_d);
  guint floor = gst_call_h264_profile_level_id_get_level (default_id);

  if (needed == 0)
    return 0;
  return MAX (needed, floor);
}

char *
gst_call_h264_profile_level_id_for_level (const char *profile_level_id,
                                          guint       level_idc)
{
  g_autofree char *default_id = profile_level_id ? NULL
                                                  : dup_default_h264_profile_level_id ();
  const char *base = profile_level_id ? profile_level_id : default_id;
  g_autofree char *result = NULL;

  g_return_val_if_fail (strlen (base) == 6, NULL);

  if (!find_h264_level (level_idc))
    return g_ascii_strdown (base, -1);
  result = g_strdup_printf ("%.4s%02x", base, level_idc);
  return g_ascii_strdown (result, -1);
}

char *
gst_call_h264_profile_level_id_for_video (guint width,
                                          guint height,
                                          guint fps_n,
                                          guint fps_d)
{
  return gst_call_h264_profile_level_id_for_level (
      NULL, gst_call_h264_send_level_for_video (width, height, fps_n, fps_d));
}

char *
gst_call_h264_answer_profile_level_id (const char *offered,
                                       gboolean    level_asymmetry_allowed,
                                       guint       local_level)
{
  guint offered_level = gst_call_h264_profile_level_id_get_level (offered);
  guint level;

  g_return_val_if_fail (offered != NULL, NULL);

  if (!offered_level || !find_h264_level (local_level))
    return g_ascii_strdown (offered, -1);
  /* RFC 6184, 8.2.2: with level asymmetry on both sides each side names the
   * highest level it receives; without it, the answer's level is used both
   * ways and may only be the offer's or a lower one. */
  level = level_asymmetry_allowed ? local_level : MIN (offered_level, local_level);
  return gst_call_h264_profile_level_id_for_level (offered, level);
}
