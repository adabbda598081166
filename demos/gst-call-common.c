/* gst-call: what the serve and dial commands share
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>

#include "gst-call-common.h"

#define TEST_VIDEO_SOURCE \
  "videotestsrc is-live=true pattern=ball ! capsfilter caps=video/x-raw,width=%u,height=%u,framerate=30/1"
#define TEST_AUDIO_SOURCE \
  "audiotestsrc is-live=true wave=sine volume=0.1 ! capsfilter caps=audio/x-raw,rate=48000,channels=2"

static GstElement *
make_counting_sink (void)
{
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  if (sink)
    g_object_set (sink, "sync", TRUE, NULL);
  return sink;
}

void
gst_call_tool_configure_receiver (GstCall                  *call,
                                  const GstCallToolOptions *options)
{
  const char * const *addresses = NULL;
  const char * const loopback[] = { "127.0.0.1", NULL };
  const char *ice_address[] = { options->ice_address, NULL };

  if (!options->ice_address)
    addresses = loopback;
  else if (!g_str_equal (options->ice_address, "any"))
    addresses = ice_address;
  if (addresses)
    g_object_set (call, "ice-local-addresses", addresses, NULL);

  if (!options->play) {
    gst_call_set_video_sink (call, make_counting_sink ());
    gst_call_set_audio_sink (call, make_counting_sink ());
  }
}

gboolean
gst_call_tool_parse_video_codec (const char    *name,
                                 GstCallCodec  *codec,
                                 GError       **error)
{
  GEnumClass *codecs = g_type_class_ref (GST_TYPE_CALL_CODEC);
  GEnumValue *value = g_enum_get_value_by_nick (codecs, name);

  if (value)
    *codec = value->value;
  g_type_class_unref (codecs);
  if (!value) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("Unknown video codec “%s”: use vp8, vp9 or h264"), name);
    return FALSE;
  }
  return TRUE;
}

gboolean
gst_call_tool_parse_video_size (const char  *size,
                                guint       *width,
                                guint       *height,
                                GError     **error)
{
  char end = 0;

  if (sscanf (size, "%ux%u%c", width, height, &end) != 2 ||
      *width < 16 || *height < 16 || *width > 4096 || *height > 4096) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("Invalid video size “%s”: use WIDTHxHEIGHT, e.g. 320x240"), size);
    return FALSE;
  }
  return TRUE;
}

gboolean
gst_call_tool_configure_call (GstCall                  *call,
                              const GstCallToolOptions *options,
                              GError                  **error)
{
  gst_call_tool_configure_receiver (call, options);

  if (options->video_codec) {
    GstCallCodec codec;

    if (!gst_call_tool_parse_video_codec (options->video_codec, &codec, error))
      return FALSE;
    g_object_set (call, "video-codec", codec, NULL);
  }

  if (options->video_size) {
    guint width = 0, height = 0;

    if (!gst_call_tool_parse_video_size (options->video_size, &width, &height, error))
      return FALSE;
    g_object_set (call, "video-width", width, "video-height", height, NULL);
  }

  if (!options->source || g_str_equal (options->source, "test")) {
    guint width = 0, height = 0;
    g_autofree char *video = NULL;

    g_object_get (call, "video-width", &width, "video-height", &height, NULL);
    video = g_strdup_printf (TEST_VIDEO_SOURCE, width, height);
    if (!gst_call_set_sources_from_description (call, video, TEST_AUDIO_SOURCE, error))
      return FALSE;
  } else if (!g_str_equal (options->source, "camera")) {
    g_autofree char *uri = gst_uri_is_valid (options->source)
                               ? g_strdup (options->source)
                               : gst_filename_to_uri (options->source, error);

    if (!uri || !gst_call_set_sources_from_uri (call, uri, error))
      return FALSE;
  }
  /* "camera": the call's default, the first camera and microphone. */
  return TRUE;
}

typedef struct {
  guint id;
  char *label;
} StatsLine;

static guint stats_pending;

static void
print_stats_line (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  GstCall *call = GST_CALL (source);
  StatsLine *line = user_data;
  g_autoptr (GstCallStats) stats = gst_call_get_stats_finish (call, result, NULL);
  guint64 video_received = 0, audio_received = 0, video_sent = 0, audio_sent = 0;
  guint64 bitrate_received = 0, bitrate_sent = 0;
  const char *limitation = "none";
  double rtt = 0;

  stats_pending--;
  for (guint i = 0; stats && i < gst_call_stats_get_outbound_streams (stats)->len; i++) {
    GstCallOutboundStreamStats *stream = gst_call_stats_get_outbound_streams (stats)->pdata[i];
    gboolean video = gst_call_outbound_stream_stats_get_kind (stream) == GST_CALL_MEDIA_KIND_VIDEO;

    *(video ? &video_sent : &audio_sent) += gst_call_outbound_stream_stats_get_frames_sent (stream);
    bitrate_sent += gst_call_outbound_stream_stats_get_bitrate (stream);
    if (video)
      limitation = gst_call_outbound_stream_stats_get_quality_limitation_reason (stream);
    rtt = MAX (rtt, gst_call_outbound_stream_stats_get_round_trip_time (stream));
  }
  for (guint i = 0; stats && i < gst_call_stats_get_inbound_streams (stats)->len; i++) {
    GstCallInboundStreamStats *stream = gst_call_stats_get_inbound_streams (stats)->pdata[i];
    gboolean video = gst_call_inbound_stream_stats_get_kind (stream) == GST_CALL_MEDIA_KIND_VIDEO;

    *(video ? &video_received : &audio_received) +=
        gst_call_inbound_stream_stats_get_frames_decoded (stream);
    bitrate_received += gst_call_inbound_stream_stats_get_bitrate (stream);
  }
  if (stats && gst_call_stats_get_candidate_pair (stats))
    rtt = gst_call_candidate_pair_stats_get_round_trip_time (gst_call_stats_get_candidate_pair (stats));

  /* One line of key=value pairs per call: for people and for scripts. */
  printf ("%s call=%u state=%s video-frames-received=%" G_GUINT64_FORMAT
          " audio-frames-received=%" G_GUINT64_FORMAT " video-frames-sent=%" G_GUINT64_FORMAT
          " audio-frames-sent=%" G_GUINT64_FORMAT " kbps-received=%" G_GUINT64_FORMAT
          " kbps-sent=%" G_GUINT64_FORMAT " rtt-ms=%.1f target-kbps=%u limitation=%s\n",
          line->label, line->id, gst_call_tool_state_name (gst_call_get_state (call)),
          video_received, audio_received, video_sent, audio_sent, bitrate_received / 1000,
          bitrate_sent / 1000, rtt * 1000, gst_call_get_target_bitrate (call) / 1000,
          limitation ? limitation : "none");
  fflush (stdout);
  g_free (line->label);
  g_free (line);
}

void
gst_call_tool_print_stats (GstCall    *call,
                           guint       id,
                           const char *label)
{
  StatsLine *line = g_new0 (StatsLine, 1);

  line->id = id;
  line->label = g_strdup (label);
  stats_pending++;
  gst_call_get_stats_async (call, NULL, print_stats_line, line);
}

void
gst_call_tool_flush_stats (void)
{
  GMainContext *context = g_main_context_ref_thread_default ();

  while (stats_pending > 0)
    g_main_context_iteration (context, TRUE);
  g_main_context_unref (context);
}

const char *
gst_call_tool_state_name (GstCallState state)
{
  GEnumClass *states = g_type_class_peek (GST_TYPE_CALL_STATE);
  GEnumValue *value = states ? g_enum_get_value (states, state) : NULL;

  return value ? value->value_nick : "?";
}
