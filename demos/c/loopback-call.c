/* A complete call in a few lines: two GstCall objects in this process,
 * connected through the loopback signaller. Prints the states, connects,
 * waits for the peer's video and audio (10 s at most) and hangs up.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build: cc loopback-call.c $(pkg-config --cflags --libs gstcall-1.0)
 * Exits 0 when video and audio frames arrived from the peer.
 */

#include <gstcall/gstcall.h>

typedef struct {
  GMainLoop *loop;
  GstCall *call;
  guint checks;
  guint video_frames, audio_frames;
} Demo;

static void
on_answered (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  if (!gst_call_answer_finish (GST_CALL (source), result, &error))
    g_printerr ("answer failed: %s\n", error->message);
}

static void
on_incoming_call (GstCall *peer, gpointer user_data)
{
  gst_call_answer_async (peer, NULL, on_answered, NULL);
}

static void
on_state (GstCall *call, GParamSpec *pspec, gpointer user_data)
{
  g_autoptr (GEnumClass) states = g_type_class_ref (GST_TYPE_CALL_STATE);

  g_print ("call is %s\n",
           g_enum_get_value (states, gst_call_get_state (call))->value_nick);
}

static gboolean check_media (gpointer user_data);

static void
on_stats (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Demo *demo = user_data;
  g_autoptr (GstCallStats) stats = gst_call_get_stats_finish (demo->call, result, NULL);
  GPtrArray *inbound = stats ? gst_call_stats_get_inbound_streams (stats) : NULL;

  demo->video_frames = demo->audio_frames = 0;
  for (guint i = 0; inbound && i < inbound->len; i++) {
    GstCallInboundStreamStats *stream = inbound->pdata[i];
    guint frames = gst_call_inbound_stream_stats_get_frames_decoded (stream);

    if (gst_call_inbound_stream_stats_get_kind (stream) == GST_CALL_MEDIA_KIND_VIDEO)
      demo->video_frames += frames;
    else
      demo->audio_frames += frames;
  }
  if ((demo->video_frames > 0 && demo->audio_frames > 0) || ++demo->checks == 100)
    g_main_loop_quit (demo->loop);
  else
    g_timeout_add (100, check_media, demo);
}

static gboolean
check_media (gpointer user_data)
{
  Demo *demo = user_data;

  gst_call_get_stats_async (demo->call, NULL, on_stats, demo);
  return G_SOURCE_REMOVE;
}

static void
on_connected (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Demo *demo = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_call_dial_finish (GST_CALL (source), result, &error)) {
    g_printerr ("call failed: %s\n", error->message);
    g_main_loop_quit (demo->loop);
    return;
  }
  g_timeout_add (100, check_media, demo);  /* until the peer's media is decoded */
}

int
main (int argc, char **argv)
{
  const char *local_addresses[] = { "127.0.0.1", NULL };  /* both ends are on this machine */
  Demo demo = { 0 };
  GstCallLoopbackSignaller *ours, *theirs;
  GstCall *call, *peer;

  gst_init (&argc, &argv);
  demo.loop = g_main_loop_new (NULL, FALSE);

  gst_call_loopback_signaller_new_pair (&ours, &theirs);  /* or a WebSocket signaller */
  demo.call = call = gst_call_new ();
  peer = gst_call_new ();
  g_object_set (call, "ice-local-addresses", local_addresses, NULL);
  g_object_set (peer, "ice-local-addresses", local_addresses, NULL);
  gst_call_set_signaller (call, GST_CALL_SIGNALLER (ours));
  gst_call_set_signaller (peer, GST_CALL_SIGNALLER (theirs));
  g_signal_connect (peer, "incoming-call", G_CALLBACK (on_incoming_call), NULL);
  g_signal_connect (call, "notify::state", G_CALLBACK (on_state), NULL);

  gst_call_dial_async (call, NULL, NULL, on_connected, &demo);  /* camera + microphone, or test sources */
  g_main_loop_run (demo.loop);

  g_print ("received %u video frames and %u audio frames\n",
           demo.video_frames, demo.audio_frames);
  gst_call_hangup (call);

  g_object_unref (call);
  g_object_unref (peer);
  g_object_unref (ours);
  g_object_unref (theirs);
  g_main_loop_unref (demo.loop);
  return demo.video_frames > 0 && demo.audio_frames > 0 ? 0 : 1;
}
