/* gst-call whip / whep: publish to a WHIP endpoint, play from a WHEP one
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <gstcall/gstcall.h>

#include "gst-call-tool.h"

typedef struct {
  GMainLoop *loop;
  GstCall *call;
  GError *error;
  gint64 start;
  double duration;
  guint stop_id;
  guint stats_pending;
} Session;

static gboolean
stop (gpointer user_data)
{
  Session *session = user_data;

  session->stop_id = 0;
  g_main_loop_quit (session->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
on_interrupt (gpointer user_data)
{
  g_main_loop_quit (((Session *) user_data)->loop);
  /* Removed by run() once the loop returns. */
  return G_SOURCE_CONTINUE;
}

static void
on_stats (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Session *session = user_data;
  g_autoptr (GstCallStats) stats = gst_call_get_stats_finish (session->call, result, NULL);
  g_autoptr (GstStructure) totals = stats ? gst_call_stats_to_structure (stats) : NULL;
  GstCallCandidatePairStats *pair = stats ? gst_call_stats_get_candidate_pair (stats) : NULL;
  guint video_sent = 0, video_received = 0, audio_sent = 0, audio_received = 0;
  guint64 bitrate_sent = 0, bitrate_received = 0;

  session->stats_pending--;
  if (!totals)
    return;
  gst_structure_get (totals, "video-frames-sent", G_TYPE_UINT, &video_sent,
                     "video-frames-received", G_TYPE_UINT, &video_received,
                     "audio-frames-sent", G_TYPE_UINT, &audio_sent,
                     "audio-frames-received", G_TYPE_UINT, &audio_received,
                     "bitrate-sent", G_TYPE_UINT64, &bitrate_sent,
                     "bitrate-received", G_TYPE_UINT64, &bitrate_received, NULL);
  printf (_("video frames sent %u received %u, audio frames sent %u received %u, "
            "%" G_GUINT64_FORMAT " kbit/s out, %" G_GUINT64_FORMAT " kbit/s in, "
            "candidate %s\n"),
          video_sent, video_received, audio_sent, audio_received, bitrate_sent / 1000,
          bitrate_received / 1000,
          pair && gst_call_candidate_pair_stats_get_local_candidate_type (pair)
              ? gst_call_candidate_pair_stats_get_local_candidate_type (pair) : "-");
  fflush (stdout);
}

static gboolean
print_stats (gpointer user_data)
{
  Session *session = user_data;

  if (session->stats_pending == 0) {
    session->stats_pending++;
    gst_call_get_stats_async (session->call, NULL, on_stats, session);
  }
  return G_SOURCE_CONTINUE;
}

static void
on_ended (GstCall      *call,
          const GError *reason,
          Session      *session)
{
  if (reason && !session->error)
    session->error = g_error_copy (reason);
  g_main_loop_quit (session->loop);
}

static void
on_dialled (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Session *session = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_call_dial_finish (GST_CALL (source), result, &error)) {
    if (!session->error)
      session->error = g_steal_pointer (&error);
    g_main_loop_quit (session->loop);
    return;
  }
  printf (_("connected in %.0f ms\n"),
          (g_get_monotonic_time () - session->start) / 1000.0);
  fflush (stdout);
  if (session->duration > 0)
    session->stop_id = g_timeout_add ((guint) (session->duration * 1000), stop, session);
}

static GstElement *
make_sink (const char *name,
           gboolean    display)
{
  GstElement *sink = gst_element_factory_make (display ? name : "fakesink", NULL);

  if (!sink)
    sink = gst_element_factory_make ("fakesink", NULL);
  if (!display)
    g_object_set (sink, "sync", TRUE, NULL);
  return sink;
}

static int
run (int         argc,
     char      **argv,
     gboolean    publish)
{
  g_autofree char *token = NULL;
  g_autofree char *video_source = NULL;
  g_autofree char *audio_source = NULL;
  g_auto (GStrv) ice_servers = NULL;
  g_auto (GStrv) local_addresses = NULL;
  gboolean relay_only = FALSE, display = FALSE, no_video = FALSE, no_audio = FALSE;
  double duration = 0;
  const GOptionEntry publish_entries[] = {
    { "video-source", 0, 0, G_OPTION_ARG_STRING, &video_source,
      N_("Video to send, as a gst-launch description (default: a test pattern)"),
      N_("DESCRIPTION") },
    { "audio-source", 0, 0, G_OPTION_ARG_STRING, &audio_source,
      N_("Audio to send, as a gst-launch description (default: a test tone)"),
      N_("DESCRIPTION") },
    { "no-video", 0, 0, G_OPTION_ARG_NONE, &no_video, N_("Send no video"), NULL },
    { "no-audio", 0, 0, G_OPTION_ARG_NONE, &no_audio, N_("Send no audio"), NULL },
    { NULL }
  };
  const GOptionEntry play_entries[] = {
    { "display", 0, 0, G_OPTION_ARG_NONE, &display,
      N_("Show and play the received media (default: count it only)"), NULL },
    { NULL }
  };
  const GOptionEntry entries[] = {
    { "token", 't', 0, G_OPTION_ARG_STRING, &token,
      N_("Bearer token the endpoint asks for"), N_("TOKEN") },
    { "duration", 'd', 0, G_OPTION_ARG_DOUBLE, &duration,
      N_("Hang up after this many seconds once connected (default: on Ctrl-C)"),
      N_("SECONDS") },
    { "ice-server", 0, 0, G_OPTION_ARG_STRING_ARRAY, &ice_servers,
      N_("A STUN or TURN server (stun:HOST:PORT, turn://USER:PASSWORD@HOST:PORT); "
         "may be repeated"), N_("URI") },
    { "relay-only", 0, 0, G_OPTION_ARG_NONE, &relay_only,
      N_("Send media through the TURN servers only"), NULL },
    { "local-address", 0, 0, G_OPTION_ARG_STRING_ARRAY, &local_addresses,
      N_("A local address ICE may use (default: all); may be repeated"), N_("ADDRESS") },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new (
      publish ? _("URL — publish to a WHIP endpoint") : _("URL — play from a WHEP endpoint"));
  g_autoptr (GstCallWhipSignaller) signaller = NULL;
  g_autoptr (GError) error = NULL;
  Session session = { 0 };
  guint stats_id, interrupt_id;

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  g_option_context_add_main_entries (context, publish ? publish_entries : play_entries,
                                     GETTEXT_PACKAGE);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (argc != 2 || !(g_str_has_prefix (argv[1], "http://") ||
                     g_str_has_prefix (argv[1], "https://"))) {
    fprintf (stderr, _("%s: give one http:// or https:// URL\n"), argv[0]);
    return 2;
  }

  session.loop = g_main_loop_new (NULL, FALSE);
  session.duration = duration;
  session.call = gst_call_new ();
  g_object_set (session.call, "ice-servers", ice_servers,
                "ice-local-addresses", local_addresses,
                "ice-transport-policy", relay_only ? GST_CALL_ICE_TRANSPORT_POLICY_RELAY
                                                   : GST_CALL_ICE_TRANSPORT_POLICY_ALL,
                "send-video", publish && !no_video, "send-audio", publish && !no_audio,
                NULL);
  if (publish && (video_source || audio_source) &&
      !gst_call_set_sources_from_description (session.call, video_source, audio_source,
                                              &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    g_object_unref (session.call);
    g_main_loop_unref (session.loop);
    return 1;
  }
  if (publish && !video_source && !audio_source &&
      !gst_call_set_sources_from_description (
          session.call,
          "videotestsrc is-live=true pattern=ball ! capsfilter caps=video/x-raw,width=640,height=480,framerate=30/1",
          "audiotestsrc is-live=true wave=sine volume=0.1", &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    g_object_unref (session.call);
    g_main_loop_unref (session.loop);
    return 1;
  }
  gst_call_set_video_sink (session.call, make_sink ("autovideosink", display));
  gst_call_set_audio_sink (session.call, make_sink ("autoaudiosink", display));

  signaller = gst_call_whip_signaller_new (argv[1]);
  g_object_set (signaller, "bearer-token", token, NULL);
  gst_call_set_signaller (session.call, GST_CALL_SIGNALLER (signaller));
  g_signal_connect (session.call, "ended", G_CALLBACK (on_ended), &session);

  session.start = g_get_monotonic_time ();
  gst_call_dial_async (session.call, NULL, NULL, on_dialled, &session);
  stats_id = g_timeout_add_seconds (1, print_stats, &session);
  interrupt_id = g_unix_signal_add (SIGINT, on_interrupt, &session);
  g_main_loop_run (session.loop);
  g_source_remove (stats_id);
  g_source_remove (interrupt_id);
  if (session.stop_id)
    g_source_remove (session.stop_id);

  if (!session.error)
    print_stats (&session);
  while (session.stats_pending > 0)
    g_main_context_iteration (NULL, TRUE);
  if (!session.error)
    printf ("%s\n", _("hanging up"));
  g_signal_handlers_disconnect_by_data (session.call, &session);
  /* Sends the DELETE; give it a moment to reach the endpoint. */
  gst_call_hangup (session.call);
  {
    GMainContext *context_default = g_main_context_default ();
    gint64 until = g_get_monotonic_time () + 500 * 1000;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (context_default, FALSE);
  }
  g_object_unref (session.call);
  g_main_loop_unref (session.loop);

  if (session.error) {
    fprintf (stderr, "%s: %s\n", argv[0], session.error->message);
    g_error_free (session.error);
    return 1;
  }
  return 0;
}

int
gst_call_tool_whip (int argc, char **argv)
{
  return run (argc, argv, TRUE);
}

int
gst_call_tool_whep (int argc, char **argv)
{
  return run (argc, argv, FALSE);
}
