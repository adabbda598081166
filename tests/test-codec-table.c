/* The codec table every part of libgstcall reads, and the H.264 level that
 * follows the video (ITU-T H.264 Annex A; answers per RFC 6184).
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#include "gstcall-codec-table-private.h"
#include "gstcall-media-private.h"

static void
test_table (void)
{
  GEnumClass *codecs = g_type_class_ref (GST_TYPE_CALL_CODEC);
  g_autoptr (GstStructure) fmtp = NULL;
  g_autofree char *fmtp_text = NULL;
  const GstCallCodecInfo *info;

  /* Every codec of the public enumeration has its entry. */
  for (guint i = 0; i < codecs->n_values; i++) {
    GstCallCodec codec = codecs->values[i].value;

    info = gst_call_codec_table_lookup (codec);
    g_assert_nonnull (info);
    g_assert_cmpint (info->codec, ==, codec);
    g_assert_true (gst_call_codec_table_find_encoding (info->encoding_name) == info);
    g_assert_true (gst_call_codec_table_find_media_caps (info->media_caps) == info);
    g_assert_nonnull (info->decoder);
    g_assert_nonnull (info->depayloader);
    if (info->can_send) {
      /* What is sent is made of elements this machine has (tools/install-deps). */
      g_autoptr (GstElementFactory) payloader = gst_element_factory_find (info->payloader);
      g_autoptr (GstElementFactory) depayloader = gst_element_factory_find (info->depayloader);

      g_assert_nonnull (payloader);
      g_assert_nonnull (depayloader);
    }
    /* NACK and RTX for video only. */
    g_assert_cmpint (info->nack, ==, info->kind == GST_CALL_MEDIA_KIND_VIDEO);
  }
  g_assert_null (gst_call_codec_table_lookup ((GstCallCodec) codecs->n_values));
  g_type_class_unref (codecs);

  g_assert_cmpint (gst_call_codec_table_find_encoding ("h264")->codec, ==, GST_CALL_CODEC_H264);
  g_assert_cmpint (gst_call_codec_table_find_encoding ("opus")->codec, ==, GST_CALL_CODEC_OPUS);
  g_assert_null (gst_call_codec_table_find_encoding ("rtx"));
  g_assert_null (gst_call_codec_table_find_encoding (NULL));
  g_assert_null (gst_call_codec_table_find_media_caps ("video/x-theora"));
  g_assert_cmpint (gst_call_codec_table_find_static_payload_type (0)->codec, ==,
                   GST_CALL_CODEC_PCMU);
  g_assert_cmpint (gst_call_codec_table_find_static_payload_type (8)->codec, ==,
                   GST_CALL_CODEC_PCMA);
  g_assert_null (gst_call_codec_table_find_static_payload_type (96));

  info = gst_call_codec_table_lookup (GST_CALL_CODEC_OPUS);
  g_assert_cmpuint (info->clock_rate, ==, 48000);
  g_assert_cmpuint (info->channels, ==, 2);
  g_assert_null (gst_call_codec_info_make_fmtp (info, NULL));

  /* Packages come from the table of elements and their plugins. */
  g_assert_cmpstr (gst_call_codec_info_get_package (info, TRUE), ==, "gstreamer1.0-plugins-base");
  info = gst_call_codec_table_lookup (GST_CALL_CODEC_H264);
  g_assert_cmpstr (gst_call_codec_info_get_package (info, TRUE), ==, "gstreamer1.0-plugins-ugly");
  g_assert_cmpstr (gst_call_codec_info_get_package (info, FALSE), ==, "gstreamer1.0-libav");
  info = gst_call_codec_table_lookup (GST_CALL_CODEC_PCMU);
  g_assert_cmpstr (gst_call_codec_info_get_package (info, FALSE), ==, "gstreamer1.0-plugins-good");

  /* H.264's fmtp: written back as it is in the table, in its order. */
  info = gst_call_codec_table_lookup (GST_CALL_CODEC_H264);
  fmtp = gst_call_codec_info_make_fmtp (info, NULL);
  fmtp_text = gst_call_codec_fmtp_to_string (fmtp);
  g_assert_cmpstr (fmtp_text, ==, info->default_fmtp);
  g_assert_cmpstr (gst_structure_get_string (fmtp, "packetization-mode"), ==, "1");
  g_assert_cmpstr (gst_structure_get_string (fmtp, "level-asymmetry-allowed"), ==, "1");
  g_clear_pointer (&fmtp, gst_structure_free);
  g_clear_pointer (&fmtp_text, g_free);
  fmtp = gst_call_codec_info_make_fmtp (info, "42e028");
  fmtp_text = gst_call_codec_fmtp_to_string (fmtp);
  g_assert_cmpstr (fmtp_text, ==,
                   "packetization-mode=1;profile-level-id=42e028;level-asymmetry-allowed=1");
}

/* The RTP caps a send branch and webrtcbin agree on come from the table. */
static void
test_rtp_caps (void)
{
  g_autoptr (GstCaps) h264 = gst_call_media_make_rtp_caps (GST_CALL_CODEC_H264, 102);
  g_autoptr (GstCaps) h264_level = gst_call_media_make_rtp_caps_full (GST_CALL_CODEC_H264, 102,
                                                                      "42e028");
  g_autoptr (GstCaps) opus = gst_call_media_make_rtp_caps (GST_CALL_CODEC_OPUS, 111);
  g_autoptr (GstCaps) pcma = gst_call_media_make_rtp_caps (GST_CALL_CODEC_PCMA, 8);
  g_autoptr (GstCaps) expected = gst_caps_from_string (
      "application/x-rtp,media=video,encoding-name=H264,clock-rate=90000,payload=102,"
      "packetization-mode=(string)1,profile-level-id=(string)42e01f,"
      "level-asymmetry-allowed=(string)1");
  const GstStructure *structure;

  g_assert_true (gst_caps_is_equal (h264, expected));
  g_assert_cmpstr (gst_structure_get_string (gst_caps_get_structure (h264_level, 0),
                                             "profile-level-id"), ==, "42e028");
  structure = gst_caps_get_structure (opus, 0);
  g_assert_cmpstr (gst_structure_get_string (structure, "encoding-name"), ==, "OPUS");
  g_assert_cmpstr (gst_structure_get_string (structure, "encoding-params"), ==, "2");
  structure = gst_caps_get_structure (pcma, 0);
  g_assert_false (gst_structure_has_field (structure, "encoding-params"));
  g_assert_cmpint (gst_call_media_codec_static_payload_type (GST_CALL_CODEC_PCMA), ==, 8);
  g_assert_cmpint (gst_call_media_codec_static_payload_type (GST_CALL_CODEC_VP8), ==, -1);
  g_assert_false (gst_call_media_codec_can_send (GST_CALL_CODEC_AV1));
}

static void
test_h264_level_for_video (void)
{
  const struct {
    guint width, height, fps_n, fps_d;
    guint level, send_level;
  } cases[] = {
    { 176, 144, 15, 1, 10, 31 },     /* QCIF: 99 macroblocks, 1485 a second */
    { 176, 144, 30, 1, 11, 31 },
    { 320, 240, 30, 1, 13, 31 },
    { 640, 480, 30, 1, 30, 31 },
    { 1280, 720, 30, 1, 31, 31 },
    { 1280, 720, 60, 1, 32, 32 },
    { 1920, 1080, 30, 1, 40, 40 },   /* 8160 macroblocks, 244800 a second */
    { 1920, 1080, 30000, 1001, 40, 40 },
    { 1920, 1080, 0, 1, 40, 40 },    /* variable rate: 30 assumed */
    { 1920, 1080, 60, 1, 42, 42 },
    { 3840, 2160, 30, 1, 51, 51 },
    { 4096, 2160, 60, 1, 52, 52 },   /* 2073600 a second: 5.2 exactly */
    { 4096, 2304, 60, 1, 0, 0 },
    { 7680, 4320, 30, 1, 0, 0 },     /* beyond level 5.2 */
    /* 128 macroblocks wide: only levels with 8 * MaxFS >= 128^2 (3.1 up). */
    { 2048, 64, 30, 1, 31, 31 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_test_message ("%ux%u at %u/%u", cases[i].width, cases[i].height, cases[i].fps_n,
                    cases[i].fps_d);
    g_assert_cmpuint (gst_call_h264_level_for_video (cases[i].width, cases[i].height,
                                                     cases[i].fps_n, cases[i].fps_d),
                      ==, cases[i].level);
    g_assert_cmpuint (gst_call_h264_send_level_for_video (cases[i].width, cases[i].height,
                                                          cases[i].fps_n, cases[i].fps_d),
                      ==, cases[i].send_level);
  }
}

static void
test_h264_profile_level_id (void)
{
  g_autofree char *hd = gst_call_h264_profile_level_id_for_video (1920, 1080, 30, 1);
  g_autofree char *vga = gst_call_h264_profile_level_id_for_video (640, 480, 30, 1);
  g_autofree char *huge = gst_call_h264_profile_level_id_for_video (7680, 4320, 30, 1);
  g_autofree char *main_profile = gst_call_h264_profile_level_id_for_level ("4D0029", 31);

  g_assert_cmpstr (hd, ==, "42e028");
  g_assert_cmpstr (vga, ==, "42e01f");
  g_assert_cmpstr (huge, ==, "42e01f");
  g_assert_cmpstr (main_profile, ==, "4d001f");

  g_assert_cmpstr (gst_call_h264_level_name (31), ==, "3.1");
  g_assert_cmpstr (gst_call_h264_level_name (40), ==, "4");
  g_assert_cmpstr (gst_call_h264_level_name (52), ==, "5.2");
  g_assert_null (gst_call_h264_level_name (9));

  g_assert_cmpuint (gst_call_h264_profile_level_id_get_level ("42e01f"), ==, 31);
  g_assert_cmpuint (gst_call_h264_profile_level_id_get_level ("42E028"), ==, 40);
  g_assert_cmpuint (gst_call_h264_profile_level_id_get_level ("42e0"), ==, 0);
  g_assert_cmpuint (gst_call_h264_profile_level_id_get_level ("42e0zz"), ==, 0);
  g_assert_cmpuint (gst_call_h264_profile_level_id_get_level ("42e009"), ==, 0);
  g_assert_cmpuint (gst_call_h264_profile_level_id_get_level (NULL), ==, 0);
}

/* RFC 6184, 8.2.2: with level-asymmetry-allowed each side names what it
 * receives; without it the answer may only keep or lower the offer's. */
static void
test_h264_answer (void)
{
  const struct {
    const char *offered;
    gboolean asymmetry;
    guint local_level;
    const char *answer;
  } cases[] = {
    { "42e01f", TRUE, 40, "42e028" },
    { "42e01f", FALSE, 40, "42e01f" },
    { "42e028", FALSE, 31, "42e01f" },
    { "42E028", TRUE, 31, "42e01f" },
    { "42e028", FALSE, 40, "42e028" },
    { "640c1f", FALSE, 40, "640c1f" },  /* the offer's profile is kept */
    { "42001e", TRUE, 31, "42001f" },
    { "42e01f", TRUE, 0, "42e01f" },    /* no level of ours: the offer's */
    { "zzz", TRUE, 40, "zzz" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *answer = gst_call_h264_answer_profile_level_id (
        cases[i].offered, cases[i].asymmetry, cases[i].local_level);

    g_test_message ("%s asymmetry %d, ours %u", cases[i].offered, cases[i].asymmetry,
                    cases[i].local_level);
    g_assert_cmpstr (answer, ==, cases[i].answer);
  }
}

typedef struct {
  GMutex lock;
  char *level;
} EncodedLevel;

static GstPadProbeReturn
note_level (GstPad          *pad,
            GstPadProbeInfo *info,
            gpointer         user_data)
{
  EncodedLevel *encoded = user_data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  GstCaps *caps;

  if (GST_EVENT_TYPE (event) == GST_EVENT_CAPS) {
    gst_event_parse_caps (event, &caps);
    g_mutex_lock (&encoded->lock);
    g_free (encoded->level);
    encoded->level = g_strdup (gst_structure_get_string (gst_caps_get_structure (caps, 0),
                                                         "level"));
    g_mutex_unlock (&encoded->lock);
  }
  return GST_PAD_PROBE_OK;
}

static gboolean
has_level (gpointer data)
{
  EncodedLevel *encoded = data;
  gboolean found;

  g_mutex_lock (&encoded->lock);
  found = encoded->level != NULL;
  g_mutex_unlock (&encoded->lock);
  return found;
}

/* The H.264 send branch asks its encoder for the level the video needs: at
 * 1080p30, 4 (x264enc refuses to encode it at the 3.1 offered by default). */
static void
test_send_bin_level_follows_video (void)
{
  const struct {
    const char *size;
    const char *level;
  } cases[] = {
    { "width=1920,height=1080,framerate=30/1", "4" },
    { "width=320,height=240,framerate=30/1", "3.1" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autoptr (GError) error = NULL;
    g_autofree char *description = g_strdup_printf (
        "videotestsrc is-live=true ! video/x-raw,%s ! identity name=raw", cases[i].size);
    g_autoptr (GstElement) pipeline = gst_parse_launch (description, &error);
    g_autoptr (GstElement) raw = NULL;
    g_autoptr (GstElement) encoder_slot = NULL;
    g_autoptr (GstPad) encoded_pad = NULL;
    GstElement *send_bin, *sink;
    EncodedLevel encoded = { 0 };
    GstIterator *it;
    GValue item = G_VALUE_INIT;

    g_assert_no_error (error);
    g_mutex_init (&encoded.lock);
    send_bin = gst_call_media_make_send_bin (GST_CALL_CODEC_H264, 102, &error);
    g_assert_no_error (error);
    sink = gst_element_factory_make ("fakesink", NULL);
    g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
    gst_bin_add_many (GST_BIN (pipeline), send_bin, sink, NULL);
    raw = gst_bin_get_by_name (GST_BIN (pipeline), "raw");
    g_assert_true (gst_element_link_many (raw, send_bin, sink, NULL));

    /* The encoder's output, as the payloader receives it. */
    encoder_slot = gst_call_media_find_encoder_slot (send_bin);
    it = gst_element_iterate_src_pads (encoder_slot);
    g_assert_cmpint (gst_iterator_next (it, &item), ==, GST_ITERATOR_OK);
    encoded_pad = g_value_dup_object (&item);
    g_value_unset (&item);
    gst_iterator_free (it);
    gst_pad_add_probe (encoded_pad, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, note_level,
                       &encoded, NULL);

    g_assert_cmpint (gst_element_set_state (pipeline, GST_STATE_PLAYING), !=,
                     GST_STATE_CHANGE_FAILURE);
    test_wait_until (has_level, &encoded, 20000, "the encoder's caps");
    gst_element_set_state (pipeline, GST_STATE_NULL);
    g_test_message ("%s: level %s", cases[i].size, encoded.level);
    g_assert_cmpstr (encoded.level, ==, cases[i].level);
    g_free (encoded.level);
    g_mutex_clear (&encoded.lock);
  }
}

int
main (int argc, char **argv)
{
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/CodecTable/table", test_table);
  g_test_add_func ("/GstCall/CodecTable/rtp-caps", test_rtp_caps);
  g_test_add_func ("/GstCall/CodecTable/h264-level-for-video", test_h264_level_for_video);
  g_test_add_func ("/GstCall/CodecTable/h264-profile-level-id", test_h264_profile_level_id);
  g_test_add_func ("/GstCall/CodecTable/h264-answer", test_h264_answer);
  g_test_add_func ("/GstCall/CodecTable/send-bin-level-follows-video",
                   test_send_bin_level_follows_video);
  return g_test_run ();
}
