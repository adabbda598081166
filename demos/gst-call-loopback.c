/* gst-call loopback: a call between two GstCalls in one process
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>
#include <gstcall/gstcall.h>

#include "gst-call-tool.h"

#define DEFAULT_VIDEO_SOURCE \
  "videotestsrc is-live=true pattern=ball ! capsfilter caps=video/x-raw,width=%d,height=%d,framerate=%d/1"
#define DEFAULT_AUDIO_SOURCE \
  "audiotestsrc is-live=true wave=sine volume=0.1 ! capsfilter caps=audio/x-raw,rate=48000,channels=2"

typedef struct _Loopback Loopback;

typedef struct {
  Loopback *loopback;
  const char *name;
  GstCall *call;
  gboolean setup_done;
  gint64 connected_at;
  gint64 first_video_at;
  gint first_frame_seen; /* atomic */
  GstCallStats *stats;    /* the latest, waiting for the other side's */
  gboolean codecs_printed;
} Side;

/* What both sides of the call use. */
typedef struct {
  GstCallTransportKind transport;
  GstCallCodec video_codec;
  GstCallCodec audio_codec;
  int width, height, framerate;
} Setup;

struct _Loopback {
  GMainLoop *loop;
  gint64 start;
  Side sides[2];
  GError *error;
  gboolean display;
  guint duration_id;
  double duration;
  guint stats_pending;
  guint n_streams; /* each side sends (and receives) this many */
};

static double
elapsed_ms (Loopback *loopback,
            gint64    at)
{
  return (at - loopback->start) / 1000.0;
}

static void
fail (Loopback   *loopback,
      const char *side,
      GError     *error)
{
  if (!loopback->error)
    loopback->error = g_error_new (error->domain, error->code, "%s: %s", side,
                                   error->message);
  g_main_loop_quit (loopback->loop);
}

static const char *
enum_nick (GType type,
           int   value)
{
  GEnumValue *enum_value = g_enum_get_value (g_type_class_peek (type), value);

  return enum_value ? enum_value->value_nick : "?";
}

static void
on_state (GstCall    *call,
          GParamSpec *pspec,
          Side       *side)
{
  printf ("[%7.1f ms] %-6s %s\n", elapsed_ms (side->loopback, g_get_monotonic_time ()),
          side->name, enum_nick (GST_TYPE_CALL_STATE, gst_call_get_state (call)));
}

static void
on_connection_state (GstPeerConnection *pc,
                     GParamSpec        *pspec,
                     Side              *side)
{
  printf ("[%7.1f ms] %-6s   connection %s\n",
          elapsed_ms (side->loopback, g_get_monotonic_time ()), side->name,
          enum_nick (GST_TYPE_CALL_PEER_CONNECTION_STATE,
                     gst_peer_connection_get_connection_state (pc)));
}

static void
on_peer_connection (GstCall    *call,
                    GParamSpec *pspec,
                    Side       *side)
{
  GstPeerConnection *pc = gst_call_get_peer_connection (call);

  if (pc)
    g_signal_connect (pc, "notify::connection-state",
                      G_CALLBACK (on_connection_state), side);
}

static gboolean
report_first_frame (gpointer data)
{
  Side *side = data;

  side->first_video_at = g_get_monotonic_time ();
  printf ("[%7.1f ms] %-6s first remote video frame decoded\n",
          elapsed_ms (side->loopback, side->first_video_at), side->name);
  return G_SOURCE_REMOVE;
}

static GstPadProbeReturn
on_first_video_frame (GstPad          *pad,
                      GstPadProbeInfo *info,
                      gpointer         user_data)
{
  Side *side = user_data;

  if (g_atomic_int_compare_and_exchange (&side->first_frame_seen, 0, 1))
    g_main_context_invoke (NULL, report_first_frame, side);
  return GST_PAD_PROBE_REMOVE;
}

static void
on_remote_track (GstCall      *call,
                 GstCallTrack *track,
                 Side         *side)
{
  gboolean video = gst_call_track_get_kind (track) == GST_CALL_MEDIA_KIND_VIDEO;

  printf ("[%7.1f ms] %-6s remote %s track\n",
          elapsed_ms (side->loopback, g_get_monotonic_time ()), side->name,
          video ? "video" : "audio");
  if (video)
    gst_pad_add_probe (gst_call_track_get_pad (track), GST_PAD_PROBE_TYPE_BUFFER,
                       on_first_video_frame, side, NULL);
}

static void
on_ended (GstCall      *call,
          const GError *reason,
          Side         *side)
{
  if (reason)
    fail (side->loopback, side->name, (GError *) reason);
}

static gboolean
on_duration_over (gpointer data)
{
  Loopback *loopback = data;

  loopback->duration_id = 0;
  g_main_loop_quit (loopback->loop);
  return G_SOURCE_REMOVE;
}

static void
on_setup_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Side *side = user_data;
  Loopback *loopback = side->loopback;
  g_autoptr (GError) error = NULL;
  gboolean dialled = g_task_get_source_tag (G_TASK (result)) == gst_call_dial_async;

  if (!(dialled ? gst_call_dial_finish (side->call, result, &error)
                : gst_call_answer_finish (side->call, result, &error))) {
    fail (loopback, side->name, error);
    return;
  }
  side->setup_done = TRUE;
  side->connected_at = g_get_monotonic_time ();

  /* The duration counts from the moment both sides are connected. */
  if (loopback->sides[0].setup_done && loopback->sides[1].setup_done)
    loopback->duration_id = g_timeout_add ((guint) (loopback->duration * 1000),
                                           on_duration_over, loopback);
}

/* "sends video H264 (x264enc), audio OPUS (opusenc); receives video H264
 * (avdec_h264), ..." once every stream sent and received is in the stats
 * with its element. */
static void
print_codecs (Side *side)
{
  GPtrArray *outbound = gst_call_stats_get_outbound_streams (side->stats);
  GPtrArray *inbound = gst_call_stats_get_inbound_streams (side->stats);
  g_autoptr (GString) line = g_string_new (NULL);

  if (side->codecs_printed || outbound->len < side->loopback->n_streams ||
      inbound->len < side->loopback->n_streams)
    return;
  for (guint i = 0; i < outbound->len; i++) {
    if (!gst_call_outbound_stream_stats_get_encoder (outbound->pdata[i]))
      return;
  }
  for (guint i = 0; i < inbound->len; i++) {
    if (!gst_call_inbound_stream_stats_get_decoder (inbound->pdata[i]))
      return;
  }
  side->codecs_printed = TRUE;

  g_string_append_printf (line, "[%7.1f ms] %-6s sends",
                          elapsed_ms (side->loopback, g_get_monotonic_time ()), side->name);
  for (guint i = 0; i < outbound->len; i++) {
    GstCallOutboundStreamStats *stream = outbound->pdata[i];

    g_string_append_printf (line, "%s %s %s with %s", i ? "," : "",
                            gst_call_outbound_stream_stats_get_kind (stream) ==
                                GST_CALL_MEDIA_KIND_VIDEO ? "video" : "audio",
                            gst_call_outbound_stream_stats_get_codec (stream),
                            gst_call_outbound_stream_stats_get_encoder (stream));
  }
  if (outbound->len == 0)
    g_string_append (line, " nothing");
  g_string_append (line, "; receives");
  for (guint i = 0; i < inbound->len; i++) {
    GstCallInboundStreamStats *stream = inbound->pdata[i];

    g_string_append_printf (line, "%s %s %s decoded by %s", i ? "," : "",
                            gst_call_inbound_stream_stats_get_kind (stream) ==
                                GST_CALL_MEDIA_KIND_VIDEO ? "video" : "audio",
                            gst_call_inbound_stream_stats_get_codec (stream),
                            gst_call_inbound_stream_stats_get_decoder (stream));
  }
  if (inbound->len == 0)
    g_string_append (line, " nothing");
  printf ("%s\n", line->str);
}

static void
print_side (Side *side)
{
  GPtrArray *inbound = gst_call_stats_get_inbound_streams (side->stats);
  GstCallCandidatePairStats *pair = gst_call_stats_get_candidate_pair (side->stats);
  guint64 bitrate = 0, video = 0, audio = 0;
  guint nacks = 0;
  gint64 lost = 0;

  for (guint i = 0; i < inbound->len; i++) {
    GstCallInboundStreamStats *stream = inbound->pdata[i];

    bitrate += gst_call_inbound_stream_stats_get_bitrate (stream);
    *(gst_call_inbound_stream_stats_get_kind (stream) == GST_CALL_MEDIA_KIND_VIDEO
      ? &video : &audio) += gst_call_inbound_stream_stats_get_frames_decoded (stream);
    nacks += gst_call_inbound_stream_stats_get_nack_count (stream);
    lost += gst_call_inbound_stream_stats_get_packets_lost (stream);
  }
  printf (" | %s: %4" G_GUINT64_FORMAT " kbit/s in, %4" G_GUINT64_FORMAT " video frames, %5"
          G_GUINT64_FORMAT " audio frames, lost %" G_GINT64_FORMAT ", NACKs %u, RTT %.1f ms",
          side->name, bitrate / 1000, video, audio, lost, nacks,
          pair ? gst_call_candidate_pair_stats_get_round_trip_time (pair) * 1000 : 0.0);
}

static void
on_stats (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Side *side = user_data;
  Loopback *loopback = side->loopback;

  side->stats = gst_call_get_stats_finish (side->call, result, NULL);
  if (--loopback->stats_pending > 0)
    return;
  for (guint i = 0; i < G_N_ELEMENTS (loopback->sides); i++) {
    if (loopback->sides[i].stats)
      print_codecs (&loopback->sides[i]);
  }
  printf ("[%7.1f ms] stats", elapsed_ms (loopback, g_get_monotonic_time ()));
  for (guint i = 0; i < G_N_ELEMENTS (loopback->sides); i++) {
    if (loopback->sides[i].stats)
      print_side (&loopback->sides[i]);
    g_clear_object (&loopback->sides[i].stats);
  }
  printf ("\n");
  fflush (stdout);
}

static gboolean
print_stats (gpointer data)
{
  Loopback *loopback = data;

  if (loopback->stats_pending > 0)
    return G_SOURCE_CONTINUE;
  for (guint i = 0; i < G_N_ELEMENTS (loopback->sides); i++) {
    loopback->stats_pending++;
    gst_call_get_stats_async (loopback->sides[i].call, NULL, on_stats, &loopback->sides[i]);
  }
  return G_SOURCE_CONTINUE;
}

static GstElement *
make_sink (Loopback         *loopback,
           GstCallMediaKind  kind)
{
  GstElement *sink;

  if (loopback->display)
    return NULL; /* the call's automatic sinks */
  sink = gst_element_factory_make ("fakesink", NULL);
  g_object_set (sink, "sync", TRUE, NULL);
  return sink;
}

static gboolean
setup_side (Loopback         *loopback,
            Side             *side,
            const char       *name,
            GstCallSignaller *signaller,
            const Setup      *setup,
            const char       *video_source,
            const char       *audio_source,
            GError          **error)
{
  /* Both calls are in this process: keep ICE on the loopback interface. */
  const char * const loopback_address[] = { "127.0.0.1", NULL };

  side->loopback = loopback;
  side->name = name;
  side->call = gst_call_new ();
  g_object_set (side->call, "ice-local-addresses", loopback_address,
                "send-video", video_source != NULL,
                "send-audio", audio_source != NULL, "transport", setup->transport,
                "video-codec", setup->video_codec, "audio-codec", setup->audio_codec,
                "video-width", setup->width, "video-height", setup->height,
                "video-framerate", setup->framerate, NULL);
  gst_call_set_signaller (side->call, signaller);
  if (!gst_call_set_sources_from_description (side->call, video_source, audio_source,
                                              error))
    return FALSE;
  gst_call_set_video_sink (side->call, make_sink (loopback, GST_CALL_MEDIA_KIND_VIDEO));
  gst_call_set_audio_sink (side->call, make_sink (loopback, GST_CALL_MEDIA_KIND_AUDIO));

  g_signal_connect (side->call, "notify::state", G_CALLBACK (on_state), side);
  g_signal_connect (side->call, "notify::peer-connection",
                    G_CALLBACK (on_peer_connection), side);
  g_signal_connect (side->call, "remote-track", G_CALLBACK (on_remote_track), side);
  g_signal_connect (side->call, "ended", G_CALLBACK (on_ended), side);
  return TRUE;
}

/* The codec of @kind whose nickname is @nick (as in GstCallCodec). */
static gboolean
parse_codec (const char        *nick,
             GstCallMediaKind   kind,
             GstCallCodec      *codec,
             GError           **error)
{
  GEnumClass *codecs = g_type_class_ref (GST_TYPE_CALL_CODEC);
  GEnumValue *value = g_enum_get_value_by_nick (codecs, nick);
  gboolean video = kind == GST_CALL_MEDIA_KIND_VIDEO;
  gboolean found = value && (value->value <= GST_CALL_CODEC_AV1) == video;

  if (found)
    *codec = value->value;
  else
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("“%s” is not a %s codec (%s)"), nick, video ? "video" : "audio",
                 video ? "vp8, vp9, h264, h265, av1" : "opus, pcmu, pcma");
  g_type_class_unref (codecs);
  return found;
}

static gboolean
parse_setup (Setup       *setup,
             const char  *video_codec,
             const char  *audio_codec,
             const char  *size,
             int          framerate,
             const char  *transport,
             GError     **error)
{
  if (video_codec && !parse_codec (video_codec, GST_CALL_MEDIA_KIND_VIDEO,
                                   &setup->video_codec, error))
    return FALSE;
  if (audio_codec && !parse_codec (audio_codec, GST_CALL_MEDIA_KIND_AUDIO,
                                   &setup->audio_codec, error))
    return FALSE;
  if (size && (sscanf (size, "%dx%d", &setup->width, &setup->height) != 2 ||
               setup->width < 16 || setup->height < 16 || setup->width > 7680 ||
               setup->height > 4320)) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--size “%s” is not WIDTHxHEIGHT, from 16x16 to 7680x4320"), size);
    return FALSE;
  }
  if (framerate < 1 || framerate > 240) {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--framerate %d is not between 1 and 240"), framerate);
    return FALSE;
  }
  setup->framerate = framerate;
  if (!transport || g_str_equal (transport, "webrtc")) {
    setup->transport = GST_CALL_TRANSPORT_KIND_WEBRTC;
  } else if (g_str_equal (transport, "rtp")) {
    setup->transport = GST_CALL_TRANSPORT_KIND_RTP;
  } else {
    g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                 _("--transport “%s” is neither webrtc nor rtp"), transport);
    return FALSE;
  }
  return TRUE;
}

int
gst_call_tool_loopback (int argc, char **argv)
{
  double duration = 5.0;
  char *video_source = NULL;
  char *audio_source = NULL;
  gboolean no_video = FALSE, no_audio = FALSE, display = FALSE;
  g_autofree char *video_codec = NULL, *audio_codec = NULL, *transport = NULL;
  g_autofree char *size = NULL, *default_video_source = NULL;
  int framerate = 30;
  Setup setup = { GST_CALL_TRANSPORT_KIND_WEBRTC, GST_CALL_CODEC_VP8, GST_CALL_CODEC_OPUS,
                  640, 480, 30 };
  const GOptionEntry entries[] = {
    { "duration", 'd', 0, G_OPTION_ARG_DOUBLE, &duration,
      N_("How long the call lasts once connected, in seconds (default 5)"), N_("SECONDS") },
    { "video-source", 0, 0, G_OPTION_ARG_STRING, &video_source,
      N_("Video source of both calls, as a gst-launch description"), N_("DESCRIPTION") },
    { "audio-source", 0, 0, G_OPTION_ARG_STRING, &audio_source,
      N_("Audio source of both calls, as a gst-launch description"), N_("DESCRIPTION") },
    { "no-video", 0, 0, G_OPTION_ARG_NONE, &no_video, N_("Send no video"), NULL },
    { "no-audio", 0, 0, G_OPTION_ARG_NONE, &no_audio, N_("Send no audio"), NULL },
    { "display", 0, 0, G_OPTION_ARG_NONE, &display,
      N_("Show and play the received media (default: count it only)"), NULL },
    { "video-codec", 0, 0, G_OPTION_ARG_STRING, &video_codec,
      N_("Video codec: vp8 (default), vp9, h264, h265, av1"), N_("CODEC") },
    { "audio-codec", 0, 0, G_OPTION_ARG_STRING, &audio_codec,
      N_("Audio codec: opus (default), pcmu, pcma"), N_("CODEC") },
    { "size", 0, 0, G_OPTION_ARG_STRING, &size,
      N_("Video size (default 640x480)"), N_("WIDTHxHEIGHT") },
    { "framerate", 0, 0, G_OPTION_ARG_INT, &framerate,
      N_("Video frames per second (default 30)"), N_("FPS") },
    { "transport", 't', 0, G_OPTION_ARG_STRING, &transport,
      N_("webrtc (default: ICE, DTLS-SRTP) or rtp (plain RTP, SDP offer/answer)"),
      N_("TRANSPORT") },
    { NULL }
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_("— call between two peers in this process"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  Loopback loopback = { 0 };
  const char *video, *audio;
  guint stats_id;
  int status = 0;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (duration <= 0) {
    fprintf (stderr, _("%s: --duration must be positive\n"), argv[0]);
    return 2;
  }
  if (!parse_setup (&setup, video_codec, audio_codec, size, framerate, transport, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  default_video_source = g_strdup_printf (DEFAULT_VIDEO_SOURCE, setup.width, setup.height,
                                          setup.framerate);

  video = no_video ? NULL : video_source ? video_source : default_video_source;
  audio = no_audio ? NULL : audio_source ? audio_source : DEFAULT_AUDIO_SOURCE;

  loopback.loop = g_main_loop_new (NULL, FALSE);
  loopback.display = display;
  loopback.n_streams = (video != NULL) + (audio != NULL);
  loopback.duration = duration;
  loopback.start = g_get_monotonic_time ();
  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);

  if (!setup_side (&loopback, &loopback.sides[0], "caller",
                   GST_CALL_SIGNALLER (signaller_a), &setup, video, audio, &error) ||
      !setup_side (&loopback, &loopback.sides[1], "callee",
                   GST_CALL_SIGNALLER (signaller_b), &setup, video, audio, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    status = 1;
    goto out;
  }

  gst_call_dial_async (loopback.sides[0].call, NULL, NULL, on_setup_done,
                       &loopback.sides[0]);
  gst_call_answer_async (loopback.sides[1].call, NULL, on_setup_done,
                         &loopback.sides[1]);

  stats_id = g_timeout_add (1000, print_stats, &loopback);
  g_main_loop_run (loopback.loop);
  g_source_remove (stats_id);
  while (loopback.stats_pending > 0)
    g_main_context_iteration (NULL, TRUE);
  if (loopback.duration_id)
    g_source_remove (loopback.duration_id);

  if (loopback.error) {
    fprintf (stderr, "%s: %s\n", argv[0], loopback.error->message);
    status = 1;
  } else {
    for (guint i = 0; i < G_N_ELEMENTS (loopback.sides); i++) {
      Side *side = &loopback.sides[i];
      g_autofree char *first_frame = side->first_video_at
          ? g_strdup_printf ("%.1f ms", elapsed_ms (&loopback, side->first_video_at))
          : g_strdup (_("never"));

      printf (_("%s: connected after %.1f ms, first remote video frame after %s\n"),
              side->name, elapsed_ms (&loopback, side->connected_at), first_frame);
      if (video && !side->first_video_at) {
        fprintf (stderr, _("%s: the %s received no video\n"), argv[0], side->name);
        status = 1;
      }
    }
  }

  gst_call_hangup (loopback.sides[0].call);

out:
  for (guint i = 0; i < G_N_ELEMENTS (loopback.sides); i++)
    g_clear_object (&loopback.sides[i].call);
  g_clear_error (&loopback.error);
  g_main_loop_unref (loopback.loop);
  g_free (video_source);
  g_free (audio_source);
  return status;
}
