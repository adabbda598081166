/* gst-call loopback: a call between two peers in one process
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>
#include <gstcall/gstcall.h>

#include "gst-call-tool.h"
#include "gstcall-negotiator-private.h"

#define DEFAULT_VIDEO_SOURCE \
  "videotestsrc is-live=true pattern=ball ! capsfilter caps=video/x-raw,width=640,height=480,framerate=30/1"
#define DEFAULT_AUDIO_SOURCE \
  "audiotestsrc is-live=true wave=ticks ! capsfilter caps=audio/x-raw,rate=48000,channels=2"

typedef struct _Loopback Loopback;

typedef struct {
  Loopback *loopback;
  const char *name;
  GstPeerConnection *pc;
  GstCallNegotiator *negotiator;
  gint video_frames; /* atomic */
  gint audio_buffers;
  gint64 connected_at;
  gint64 first_video_at; /* atomic-free: set once on the main context */
  gint first_video_pending;
  int last_video_frames;
  int last_audio_buffers;
} Side;

struct _Loopback {
  GMainLoop *loop;
  gint64 start;
  Side sides[2];
  GError *error;
  guint seconds;
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

static void
on_state (GstPeerConnection *pc,
          GParamSpec        *pspec,
          Side              *side)
{
  GValue value = G_VALUE_INIT;
  GEnumValue *enum_value;

  g_value_init (&value, pspec->value_type);
  g_object_get_property (G_OBJECT (pc), pspec->name, &value);
  enum_value = g_enum_get_value (G_ENUM_CLASS (g_type_class_peek (pspec->value_type)),
                                 g_value_get_enum (&value));
  printf ("[%7.1f ms] %-8s %s: %s\n", elapsed_ms (side->loopback, g_get_monotonic_time ()),
          side->name, pspec->name, enum_value ? enum_value->value_nick : "?");
  g_value_unset (&value);

  if (g_str_equal (pspec->name, "connection-state") &&
      gst_peer_connection_get_connection_state (pc) == GST_CALL_PEER_CONNECTION_STATE_CONNECTED &&
      side->connected_at == 0) {
    side->connected_at = g_get_monotonic_time ();
    printf ("[%7.1f ms] %-8s connected\n", elapsed_ms (side->loopback, side->connected_at),
            side->name);
  }
  if (g_str_equal (pspec->name, "connection-state") &&
      gst_peer_connection_get_connection_state (pc) == GST_CALL_PEER_CONNECTION_STATE_FAILED) {
    g_autoptr (GError) error = g_error_new_literal (GST_CALL_ERROR, GST_CALL_ERROR_ICE,
                                                    _("the connection failed"));
    fail (side->loopback, side->name, error);
  }
}

static gboolean
report_first_frame (gpointer data)
{
  Side *side = data;

  side->first_video_at = g_get_monotonic_time ();
  printf ("[%7.1f ms] %-8s first remote video frame decoded\n",
          elapsed_ms (side->loopback, side->first_video_at), side->name);
  return G_SOURCE_REMOVE;
}

static GstPadProbeReturn
count_video (GstPad          *pad,
             GstPadProbeInfo *info,
             gpointer         user_data)
{
  Side *side = user_data;

  if (g_atomic_int_add (&side->video_frames, 1) == 0)
    g_main_context_invoke (NULL, report_first_frame, side);
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
count_audio (GstPad          *pad,
             GstPadProbeInfo *info,
             gpointer         user_data)
{
  g_atomic_int_inc (&((Side *) user_data)->audio_buffers);
  return GST_PAD_PROBE_OK;
}

static void
on_track (GstPeerConnection *pc,
          GstCallTrack      *track,
          Side              *side)
{
  gboolean video = gst_call_track_get_kind (track) == GST_CALL_MEDIA_KIND_VIDEO;
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);
  g_autoptr (GError) error = NULL;

  printf ("[%7.1f ms] %-8s remote %s track (mid %s)\n",
          elapsed_ms (side->loopback, g_get_monotonic_time ()), side->name,
          video ? "video" : "audio", gst_call_track_get_mid (track));
  g_object_set (sink, "sync", TRUE, NULL);
  gst_pad_add_probe (gst_call_track_get_pad (track), GST_PAD_PROBE_TYPE_BUFFER,
                     video ? count_video : count_audio, side, NULL);
  if (!gst_call_track_set_sink (track, sink, &error))
    fail (side->loopback, side->name, error);
}

static void
on_pc_error (GstPeerConnection *pc,
             GError            *error,
             Side              *side)
{
  fail (side->loopback, side->name, error);
}

static void
on_negotiation_failed (GstCallNegotiator *negotiator,
                       GError            *error,
                       Side              *side)
{
  fail (side->loopback, side->name, error);
}

static gboolean
print_stats (gpointer data)
{
  Loopback *loopback = data;

  loopback->seconds++;
  printf ("[%7.1f ms] stats", elapsed_ms (loopback, g_get_monotonic_time ()));
  for (guint i = 0; i < G_N_ELEMENTS (loopback->sides); i++) {
    Side *side = &loopback->sides[i];
    int video = g_atomic_int_get (&side->video_frames);
    int audio = g_atomic_int_get (&side->audio_buffers);

    printf ("  %s: %d video fps, %d audio buffers/s (%d frames total)",
            side->name, video - side->last_video_frames,
            audio - side->last_audio_buffers, video);
    side->last_video_frames = video;
    side->last_audio_buffers = audio;
  }
  printf ("\n");
  fflush (stdout);
  return G_SOURCE_CONTINUE;
}

static gboolean
on_duration_over (gpointer data)
{
  g_main_loop_quit (((Loopback *) data)->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
setup_side (Loopback         *loopback,
            Side             *side,
            const char       *name,
            GstCallSignaller *signaller,
            gboolean          offerer,
            const char       *video_source,
            const char       *audio_source,
            GError          **error)
{
  const char *states[] = {
    "notify::signaling-state", "notify::ice-gathering-state",
    "notify::ice-connection-state", "notify::connection-state",
  };

  const char * const loopback_address[] = { "127.0.0.1", NULL };

  side->loopback = loopback;
  side->name = name;
  /* Both peers are in this process: keep ICE on the loopback interface. */
  side->pc = g_initable_new (GST_TYPE_PEER_CONNECTION, NULL, error,
                             "ice-local-addresses", loopback_address, NULL);
  if (!side->pc)
    return FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (states); i++)
    g_signal_connect (side->pc, states[i], G_CALLBACK (on_state), side);
  g_signal_connect (side->pc, "track", G_CALLBACK (on_track), side);
  g_signal_connect (side->pc, "error", G_CALLBACK (on_pc_error), side);

  side->negotiator = gst_call_negotiator_new (side->pc, signaller, offerer);
  g_signal_connect (side->negotiator, "failed", G_CALLBACK (on_negotiation_failed), side);

  if (video_source &&
      !gst_peer_connection_add_track_from_description (side->pc, GST_CALL_MEDIA_KIND_VIDEO,
                                                       video_source, error))
    return FALSE;
  if (audio_source &&
      !gst_peer_connection_add_track_from_description (side->pc, GST_CALL_MEDIA_KIND_AUDIO,
                                                       audio_source, error))
    return FALSE;
  return TRUE;
}

static void
teardown_side (Side *side)
{
  if (side->negotiator) {
    gst_call_negotiator_stop (side->negotiator);
    g_clear_object (&side->negotiator);
  }
  if (side->pc) {
    gst_peer_connection_close (side->pc);
    g_clear_object (&side->pc);
  }
}

int
gst_call_tool_loopback (int argc, char **argv)
{
  double duration = 5.0;
  char *video_source = NULL;
  char *audio_source = NULL;
  gboolean no_video = FALSE, no_audio = FALSE;
  const GOptionEntry entries[] = {
    { "duration", 'd', 0, G_OPTION_ARG_DOUBLE, &duration,
      N_("How long the call lasts once connected, in seconds (default 5)"), N_("SECONDS") },
    { "video-source", 0, 0, G_OPTION_ARG_STRING, &video_source,
      N_("Video source of both peers, as a gst-launch description"), N_("DESCRIPTION") },
    { "audio-source", 0, 0, G_OPTION_ARG_STRING, &audio_source,
      N_("Audio source of both peers, as a gst-launch description"), N_("DESCRIPTION") },
    { "no-video", 0, 0, G_OPTION_ARG_NONE, &no_video, N_("Send no video"), NULL },
    { "no-audio", 0, 0, G_OPTION_ARG_NONE, &no_audio, N_("Send no audio"), NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context =
      g_option_context_new (_("— call between two peers in this process"));
  g_autoptr (GError) error = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  Loopback loopback = { 0 };
  const char *video, *audio;
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

  video = no_video ? NULL : video_source ? video_source : DEFAULT_VIDEO_SOURCE;
  audio = no_audio ? NULL : audio_source ? audio_source : DEFAULT_AUDIO_SOURCE;

  loopback.loop = g_main_loop_new (NULL, FALSE);
  loopback.start = g_get_monotonic_time ();
  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);

  if (!setup_side (&loopback, &loopback.sides[1], "answerer",
                   GST_CALL_SIGNALLER (signaller_b), FALSE, video, audio, &error) ||
      !setup_side (&loopback, &loopback.sides[0], "offerer",
                   GST_CALL_SIGNALLER (signaller_a), TRUE, video, audio, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    status = 1;
    goto out;
  }

  g_timeout_add (1000, print_stats, &loopback);
  g_timeout_add ((guint) (duration * 1000), on_duration_over, &loopback);
  g_main_loop_run (loopback.loop);

  if (loopback.error) {
    fprintf (stderr, "%s: %s\n", argv[0], loopback.error->message);
    status = 1;
  } else {
    for (guint i = 0; i < G_N_ELEMENTS (loopback.sides); i++) {
      Side *side = &loopback.sides[i];

      if (!side->connected_at) {
        fprintf (stderr, _("%s: the %s did not connect within %.1f s\n"), argv[0],
                 side->name, duration);
        status = 1;
        continue;
      }
      {
        g_autofree char *first_frame = side->first_video_at
            ? g_strdup_printf ("%.1f ms", elapsed_ms (&loopback, side->first_video_at))
            : g_strdup (_("never"));
        g_autofree char *line =
            g_strdup_printf (_("%s: connected after %.1f ms, first remote video frame "
                               "after %s, %d video frames and %d audio buffers received"),
                             side->name, elapsed_ms (&loopback, side->connected_at),
                             first_frame, g_atomic_int_get (&side->video_frames),
                             g_atomic_int_get (&side->audio_buffers));
        puts (line);
      }
      if (video && !side->first_video_at) {
        fprintf (stderr, _("%s: the %s received no video\n"), argv[0], side->name);
        status = 1;
      }
    }
  }

out:
  teardown_side (&loopback.sides[0]);
  teardown_side (&loopback.sides[1]);
  g_clear_error (&loopback.error);
  g_main_loop_unref (loopback.loop);
  g_free (video_source);
  g_free (audio_source);
  return status;
}
