/* bench-loopback: one measurement of loopback calls, raw webrtcbin or
 * libgstcall, in this process.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * bench/run starts this program once per measurement (a fresh process each
 * time, so plugin loading and the DTLS certificate are paid by every run),
 * alternating the two sides. It prints one line of key=value pairs:
 *
 *   connected_ms     start -> every peer connected (ICE + DTLS done)
 *   first_frame_ms   start -> every peer decoded its first remote video frame
 *   cpu_per_call     CPU seconds per call-second, measured over --seconds of
 *                    steady state once every first frame arrived
 *   setup_cpu_s      CPU seconds from start to the last first frame
 *   max_rss_kb       peak resident set size of the process (ru_maxrss)
 *   fps_min          the lowest rate at which a peer decoded the remote
 *                    video over that window (frames per second)
 *   fps_median       the median of those rates, over the peers
 *
 * "start" is taken after gst_init(), before the first element or call
 * object exists. With --warm the process first makes the DTLS certificate
 * (by creating a dtlsdec), as any process that made a call before has it:
 * this leaves out the key generation, 100-800 ms of noise. A call is two peers (offerer, answerer) in this process,
 * each sending 640x480@30 VP8 (videotestsrc) and Opus (audiotestsrc) and
 * decoding what it receives into a synchronised fakesink.
 *
 * --mode=raw is webrtcbin written by hand the way its examples and most
 * applications do it: webrtcbin defaults (bundle-policy none, latency
 * 200 ms, default DTLS certificate), vp8enc deadline=1, rtpvp8pay,
 * opusenc, rtpopuspay, decodebin on pad-added, offer/answer and
 * candidates handed over directly between the two webrtcbins. Only ICE is
 * kept on 127.0.0.1 (nice_agent_add_local_address), on both sides, as the
 * project's rule for traffic requires.
 *
 * --mode=gstcall is two GstCall objects per call through the loopback
 * signaller, with libgstcall's defaults.
 *
 * --mode=raw-viewers / gstcall-viewers / gstcall-shared-viewers (with
 * --viewers=N) measure one sending application feeding N receive-only
 * peers: N pairs, the senders sending video (640x480@30 VP8) and audio,
 * the viewers receiving only. raw-viewers and gstcall-viewers encode per
 * viewer (N video sources and encoders); gstcall-shared-viewers gives the N
 * calls one GstCallBroadcast, one video source and encoder (audio stays
 * per call). The viewers run in the same process and decode: their CPU is
 * in the figures.
 */

#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gst/gst.h>
#include <gst/sdp/sdp.h>
#include <gst/webrtc/webrtc.h>
#include <nice/agent.h>

#include <gstcall/gstcall.h>

#define VIDEO_CAPS "video/x-raw,width=640,height=480,framerate=30/1"
#define TIMEOUT_SECONDS 60

typedef struct _Bench Bench;

typedef struct {
  Bench *bench;
  GstElement *pipeline;     /* raw */
  GstElement *webrtcbin;    /* raw */
  GstCall *call;            /* gstcall */
  gpointer other;           /* the Peer at the other end */
  gboolean offerer;
  gboolean receives_video;
  gint64 connected_at;      /* time_lock */
  gint64 first_frame_at;    /* time_lock */
  gint frames;              /* atomic: decoded video frames */
  gint window_frames;       /* frames at the start of the CPU window */
} Peer;

struct _Bench {
  GMainLoop *loop;
  gint64 start;
  GPtrArray *peers;          /* Peer */
  GPtrArray *signallers;     /* gstcall: GstCallLoopbackSignaller */
  GstCallBroadcast *broadcast; /* gstcall-shared-viewers: the one video encoder */
  gint failed;               /* atomic */
  char *failure;
};

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static long
max_rss_kb (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

static void
bench_fail (Bench      *bench,
            const char *format,
            ...) G_GNUC_PRINTF (2, 3);

static void
bench_fail (Bench      *bench,
            const char *format,
            ...)
{
  va_list args;

  if (!g_atomic_int_compare_and_exchange (&bench->failed, 0, 1))
    return;
  va_start (args, format);
  bench->failure = g_strdup_vprintf (format, args);
  va_end (args);
}

/* Peer times are written from streaming threads, read from the main one. */
static GMutex time_lock;

static void
mark_time (gint64 *field)
{
  gint64 now = g_get_monotonic_time ();

  g_mutex_lock (&time_lock);
  if (*field == 0)
    *field = now;
  g_mutex_unlock (&time_lock);
}

static gint64
read_time (gint64 *field)
{
  gint64 value;

  g_mutex_lock (&time_lock);
  value = *field;
  g_mutex_unlock (&time_lock);
  return value;
}

/* Counts the decoded video frames of @peer, the first one's time too. */
static GstPadProbeReturn
on_video_buffer (GstPad          *pad,
                 GstPadProbeInfo *info,
                 gpointer         user_data)
{
  Peer *peer = user_data;

  if (g_atomic_int_add (&peer->frames, 1) == 0)
    mark_time (&peer->first_frame_at);
  return GST_PAD_PROBE_OK;
}

/* ------------------------------------------------------------------------ */
/* Raw webrtcbin, as written by hand                                         */

static void
restrict_to_loopback (GstElement *webrtcbin)
{
  GObject *ice = NULL;
  NiceAgent *agent = NULL;
  NiceAddress address;

  g_object_get (webrtcbin, "ice-agent", &ice, NULL);
  g_object_get (ice, "agent", &agent, NULL);
  nice_address_init (&address);
  nice_address_set_from_string (&address, "127.0.0.1");
  nice_agent_add_local_address (agent, &address);
  g_object_unref (agent);
  g_object_unref (ice);
}

static void
on_raw_decoded_pad (GstElement *decodebin,
                    GstPad     *pad,
                    Peer       *peer)
{
  g_autoptr (GstCaps) caps = gst_pad_get_current_caps (pad);
  const char *name = gst_structure_get_name (gst_caps_get_structure (caps, 0));
  gboolean video = g_str_has_prefix (name, "video/");
  GstElement *sink_bin;
  g_autoptr (GstPad) sink_pad = NULL;
  g_autoptr (GError) error = NULL;

  sink_bin = gst_parse_bin_from_description (
      video ? "queue ! videoconvert ! fakesink sync=true"
            : "queue ! audioconvert ! audioresample ! fakesink sync=true",
      TRUE, &error);
  gst_bin_add (GST_BIN (peer->pipeline), sink_bin);
  gst_element_sync_state_with_parent (sink_bin);
  sink_pad = gst_element_get_static_pad (sink_bin, "sink");
  gst_pad_link (pad, sink_pad);
  if (video)
    gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, on_video_buffer, peer, NULL);
}

static void
on_raw_pad_added (GstElement *webrtcbin,
                  GstPad     *pad,
                  Peer       *peer)
{
  GstElement *decodebin;
  g_autoptr (GstPad) sink_pad = NULL;

  if (GST_PAD_DIRECTION (pad) != GST_PAD_SRC)
    return;
  decodebin = gst_element_factory_make ("decodebin", NULL);
  g_signal_connect (decodebin, "pad-added", G_CALLBACK (on_raw_decoded_pad), peer);
  gst_bin_add (GST_BIN (peer->pipeline), decodebin);
  gst_element_sync_state_with_parent (decodebin);
  sink_pad = gst_element_get_static_pad (decodebin, "sink");
  gst_pad_link (pad, sink_pad);
}

static void
on_raw_ice_candidate (GstElement *webrtcbin,
                      guint       mline,
                      char       *candidate,
                      Peer       *peer)
{
  Peer *other = peer->other;

  g_signal_emit_by_name (other->webrtcbin, "add-ice-candidate", mline, candidate);
}

static void
on_raw_connection_state (GstElement *webrtcbin,
                         GParamSpec *pspec,
                         Peer       *peer)
{
  GstWebRTCPeerConnectionState state;

  g_object_get (webrtcbin, "connection-state", &state, NULL);
  if (state == GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTED)
    mark_time (&peer->connected_at);
  else if (state == GST_WEBRTC_PEER_CONNECTION_STATE_FAILED)
    bench_fail (peer->bench, "raw webrtcbin connection failed");
}

static void
on_raw_answer_created (GstPromise *promise,
                       gpointer    user_data)
{
  Peer *answerer = user_data;
  Peer *offerer = answerer->other;
  GstWebRTCSessionDescription *answer = NULL;
  const GstStructure *reply = gst_promise_get_reply (promise);

  gst_structure_get (reply, "answer", GST_TYPE_WEBRTC_SESSION_DESCRIPTION, &answer, NULL);
  gst_promise_unref (promise);
  if (!answer) {
    bench_fail (answerer->bench, "raw webrtcbin created no answer");
    return;
  }
  g_signal_emit_by_name (answerer->webrtcbin, "set-local-description", answer, NULL);
  g_signal_emit_by_name (offerer->webrtcbin, "set-remote-description", answer, NULL);
  gst_webrtc_session_description_free (answer);
}

static void
on_raw_offer_created (GstPromise *promise,
                      gpointer    user_data)
{
  Peer *offerer = user_data;
  Peer *answerer = offerer->other;
  GstWebRTCSessionDescription *offer = NULL;
  const GstStructure *reply = gst_promise_get_reply (promise);

  gst_structure_get (reply, "offer", GST_TYPE_WEBRTC_SESSION_DESCRIPTION, &offer, NULL);
  gst_promise_unref (promise);
  if (!offer) {
    bench_fail (offerer->bench, "raw webrtcbin created no offer");
    return;
  }
  g_signal_emit_by_name (offerer->webrtcbin, "set-local-description", offer, NULL);
  g_signal_emit_by_name (answerer->webrtcbin, "set-remote-description", offer, NULL);
  gst_webrtc_session_description_free (offer);

  g_signal_emit_by_name (answerer->webrtcbin, "create-answer", NULL,
                         gst_promise_new_with_change_func (on_raw_answer_created,
                                                           answerer, NULL));
}

static void
on_raw_negotiation_needed (GstElement *webrtcbin,
                           Peer       *peer)
{
  if (!peer->offerer)
    return;
  g_signal_emit_by_name (webrtcbin, "create-offer", NULL,
                         gst_promise_new_with_change_func (on_raw_offer_created,
                                                           peer, NULL));
}

static Peer *
raw_peer_new (Bench    *bench,
              gboolean  offerer,
              gboolean  send_video,
              gboolean  send_audio)
{
  Peer *peer = g_new0 (Peer, 1);
  GString *description = g_string_new ("webrtcbin name=webrtcbin ");
  g_autoptr (GError) error = NULL;

  if (send_video)
    g_string_append (description,
                     "videotestsrc is-live=true pattern=ball ! " VIDEO_CAPS " ! "
                     "videoconvert ! queue ! vp8enc deadline=1 ! rtpvp8pay ! "
                     "application/x-rtp,media=video,encoding-name=VP8,payload=96 ! "
                     "webrtcbin. ");
  if (send_audio)
    g_string_append (description,
                     "audiotestsrc is-live=true wave=ticks ! audioconvert ! "
                     "audioresample ! queue ! opusenc ! rtpopuspay ! "
                     "application/x-rtp,media=audio,encoding-name=OPUS,payload=97 ! "
                     "webrtcbin. ");

  peer->bench = bench;
  peer->offerer = offerer;
  peer->pipeline = gst_parse_launch (description->str, &error);
  g_string_free (description, TRUE);
  g_assert_no_error (error);
  if (!GST_IS_PIPELINE (peer->pipeline)) {
    /* A lone webrtcbin (a receive-only peer) is returned as it is. */
    GstElement *pipeline = gst_pipeline_new (NULL);

    gst_bin_add (GST_BIN (pipeline), peer->pipeline);
    peer->pipeline = pipeline;
  }
  peer->webrtcbin = gst_bin_get_by_name (GST_BIN (peer->pipeline), "webrtcbin");
  restrict_to_loopback (peer->webrtcbin);

  g_signal_connect (peer->webrtcbin, "on-negotiation-needed",
                    G_CALLBACK (on_raw_negotiation_needed), peer);
  g_signal_connect (peer->webrtcbin, "on-ice-candidate",
                    G_CALLBACK (on_raw_ice_candidate), peer);
  g_signal_connect (peer->webrtcbin, "pad-added", G_CALLBACK (on_raw_pad_added), peer);
  g_signal_connect (peer->webrtcbin, "notify::connection-state",
                    G_CALLBACK (on_raw_connection_state), peer);
  return peer;
}

static void
raw_add_recvonly (Peer *peer)
{
  GstWebRTCRTPTransceiver *transceiver = NULL;
  g_autoptr (GstCaps) video = gst_caps_from_string (
      "application/x-rtp,media=video,encoding-name=VP8,payload=96,clock-rate=90000");
  g_autoptr (GstCaps) audio = gst_caps_from_string (
      "application/x-rtp,media=audio,encoding-name=OPUS,payload=97,clock-rate=48000,"
      "encoding-params=(string)2");

  g_signal_emit_by_name (peer->webrtcbin, "add-transceiver",
                         GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_RECVONLY, video, &transceiver);
  gst_clear_object (&transceiver);
  g_signal_emit_by_name (peer->webrtcbin, "add-transceiver",
                         GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_RECVONLY, audio, &transceiver);
  gst_clear_object (&transceiver);
}

static void
raw_start (Peer *peer)
{
  if (gst_element_set_state (peer->pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE)
    bench_fail (peer->bench, "raw pipeline did not start");
}

static void
raw_peer_free (Peer *peer)
{
  gst_element_set_state (peer->pipeline, GST_STATE_NULL);
  gst_object_unref (peer->webrtcbin);
  gst_object_unref (peer->pipeline);
  g_free (peer);
}

/* ------------------------------------------------------------------------ */
/* libgstcall                                                                */

static void
on_call_state (GstCall    *call,
               GParamSpec *pspec,
               Peer       *peer)
{
  switch (gst_call_get_state (call)) {
    case GST_CALL_STATE_ACTIVE:
      mark_time (&peer->connected_at);
      break;
    case GST_CALL_STATE_FAILED:
      bench_fail (peer->bench, "call failed: %s",
                  gst_call_get_error (call) ? gst_call_get_error (call)->message : "?");
      break;
    default:
      break;
  }
}

static void
on_call_remote_track (GstCall      *call,
                      GstCallTrack *track,
                      Peer         *peer)
{
  if (gst_call_track_get_kind (track) == GST_CALL_MEDIA_KIND_VIDEO)
    gst_pad_add_probe (gst_call_track_get_pad (track), GST_PAD_PROBE_TYPE_BUFFER,
                       on_video_buffer, peer, NULL);
}

static void
on_call_setup_done (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  Peer *peer = user_data;
  g_autoptr (GError) error = NULL;
  gboolean ok = peer->offerer ? gst_call_dial_finish (peer->call, result, &error)
                              : gst_call_answer_finish (peer->call, result, &error);

  if (!ok)
    bench_fail (peer->bench, "call set-up failed: %s", error->message);
}

static GstElement *
make_fakesink (void)
{
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  g_object_set (sink, "sync", TRUE, NULL);
  return sink;
}

static Peer *
call_peer_new (Bench            *bench,
               gboolean          offerer,
               GstCallSignaller *signaller,
               gboolean          send_video,
               gboolean          send_audio)
{
  const char * const loopback_address[] = { "127.0.0.1", NULL };
  Peer *peer = g_new0 (Peer, 1);
  g_autoptr (GError) error = NULL;

  peer->bench = bench;
  peer->offerer = offerer;
  peer->call = gst_call_new ();
  g_object_set (peer->call, "ice-local-addresses", loopback_address,
                "send-video", send_video, "send-audio", send_audio, NULL);
  gst_call_set_signaller (peer->call, signaller);
  if (send_video && bench->broadcast)
    gst_call_set_broadcast (peer->call, bench->broadcast);
  if (!gst_call_set_sources_from_description (
          peer->call,
          send_video ? "videotestsrc is-live=true pattern=ball ! capsfilter caps=" VIDEO_CAPS
                     : NULL,
          send_audio ? "audiotestsrc is-live=true wave=ticks" : NULL, &error))
    g_error ("%s", error->message);
  gst_call_set_video_sink (peer->call, make_fakesink ());
  gst_call_set_audio_sink (peer->call, make_fakesink ());
  g_signal_connect (peer->call, "notify::state", G_CALLBACK (on_call_state), peer);
  g_signal_connect (peer->call, "remote-track", G_CALLBACK (on_call_remote_track), peer);
  return peer;
}

static void
call_start (Peer *peer)
{
  if (peer->offerer)
    gst_call_dial_async (peer->call, NULL, NULL, on_call_setup_done, peer);
  else
    gst_call_answer_async (peer->call, NULL, on_call_setup_done, peer);
}

static void
call_peer_free (Peer *peer)
{
  gst_call_hangup (peer->call);
  g_object_unref (peer->call);
  g_free (peer);
}

/* ------------------------------------------------------------------------ */
/* Viewers in a process of their own                                          */

typedef struct {
  GstCall *call;
  GstCallWebSocketSignaller *signaller;
} RemoteViewer;

static void
on_viewer_answered (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr (GError) error = NULL;

  if (!gst_call_answer_finish (GST_CALL (source), result, &error))
    g_printerr ("viewer: %s\n", error->message);
}

static void
on_viewer_joined (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  RemoteViewer *viewer = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_call_websocket_signaller_connect_finish (viewer->signaller, result, NULL, &error)) {
    g_printerr ("viewer: %s\n", error->message);
    return;
  }
  gst_call_answer_async (viewer->call, NULL, on_viewer_answered, viewer);
}

static gboolean
on_input_closed (GIOChannel   *channel,
                 GIOCondition  condition,
                 gpointer      loop)
{
  g_main_loop_quit (loop);
  return G_SOURCE_REMOVE;
}

/* --mode=viewer-process: N receive-only calls answering in rooms v0..vN-1
 * of the signaling server on --port, until stdin closes. */
static int
run_viewer_process (int viewers,
                    int port)
{
  const char * const loopback_address[] = { "127.0.0.1", NULL };
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GIOChannel) input = g_io_channel_unix_new (0);
  RemoteViewer *all = g_new0 (RemoteViewer, viewers);

  for (int i = 0; i < viewers; i++) {
    g_autofree char *uri = g_strdup_printf ("ws://127.0.0.1:%d/ws?room=v%d", port, i);

    all[i].call = gst_call_new ();
    g_object_set (all[i].call, "ice-local-addresses", loopback_address,
                  "send-video", FALSE, "send-audio", FALSE, NULL);
    gst_call_set_video_sink (all[i].call, make_fakesink ());
    gst_call_set_audio_sink (all[i].call, make_fakesink ());
    all[i].signaller = gst_call_websocket_signaller_new (uri, NULL);
    gst_call_set_signaller (all[i].call, GST_CALL_SIGNALLER (all[i].signaller));
    gst_call_websocket_signaller_connect_async (all[i].signaller, NULL, on_viewer_joined,
                                                &all[i]);
  }
  /* The sender closes our stdin when it is done. */
  g_io_add_watch (input, G_IO_IN | G_IO_HUP | G_IO_ERR, on_input_closed, loop);
  g_main_loop_run (loop);

  for (int i = 0; i < viewers; i++) {
    gst_call_hangup (all[i].call);
    g_object_unref (all[i].call);
    g_object_unref (all[i].signaller);
  }
  g_free (all);
  return 0;
}

static void
on_remote_sender_dialled (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  Peer *peer = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_call_dial_finish (peer->call, result, &error))
    bench_fail (peer->bench, "dial failed: %s", error->message);
}

static gboolean all_peers (Bench *bench, gsize offset);
static gint64   latest    (Bench *bench, gsize offset);
static void     run_for   (Bench *bench, double seconds);
static gboolean quit_loop (gpointer data);

/* --mode=gstcall-viewers-remote / gstcall-shared-viewers-remote: this
 * process sends video to N viewers in another process (through a
 * signaling server here) and measures only itself. */
static int
run_remote_sender (const char *program,
                   const char *mode,
                   int         viewers,
                   double      warmup,
                   double      seconds)
{
  const char * const loopback_address[] = { "127.0.0.1", NULL };
  g_autoptr (GstCallSignalingServer) server = gst_call_signaling_server_new (NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *port_arg = NULL, *viewers_arg = NULL;
  gboolean shared = g_str_equal (mode, "gstcall-shared-viewers-remote");
  Bench bench = { 0 };
  GPid child;
  int child_stdin;
  gint64 deadline, window_start;
  double cpu_window_start;

  if (!gst_call_signaling_server_listen (server, "127.0.0.1", 0, &error))
    g_error ("%s", error->message);
  port_arg = g_strdup_printf ("--port=%u", gst_call_signaling_server_get_port (server));
  viewers_arg = g_strdup_printf ("--viewers=%d", viewers);
  {
    const char *argv[] = { program, "--mode=viewer-process", port_arg, viewers_arg, NULL };

    if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                   NULL, NULL, &child, &child_stdin, NULL, NULL, &error))
      g_error ("%s", error->message);
  }

  bench.loop = g_main_loop_new (NULL, FALSE);
  bench.peers = g_ptr_array_new ();
  bench.start = g_get_monotonic_time ();
  if (shared) {
    bench.broadcast = gst_call_broadcast_new (
        GST_CALL_MEDIA_KIND_VIDEO,
        gst_parse_bin_from_description ("videotestsrc is-live=true pattern=ball ! "
                                        "capsfilter caps=" VIDEO_CAPS, TRUE, NULL),
        &error);
    if (!bench.broadcast)
      g_error ("%s", error->message);
  }
  for (int i = 0; i < viewers; i++) {
    g_autofree char *uri = g_strdup_printf ("ws://127.0.0.1:%u/ws?room=v%d",
                                            gst_call_signaling_server_get_port (server), i);
    Peer *peer = g_new0 (Peer, 1);

    peer->bench = &bench;
    peer->offerer = TRUE;
    peer->call = gst_call_new ();
    g_object_set (peer->call, "ice-local-addresses", loopback_address,
                  "send-video", TRUE, "send-audio", FALSE, NULL);
    if (shared)
      gst_call_set_broadcast (peer->call, bench.broadcast);
    else if (!gst_call_set_sources_from_description (
                 peer->call, "videotestsrc is-live=true pattern=ball ! capsfilter caps="
                 VIDEO_CAPS, NULL, &error))
      g_error ("%s", error->message);
    gst_call_set_video_sink (peer->call, make_fakesink ());
    gst_call_set_audio_sink (peer->call, make_fakesink ());
    g_signal_connect (peer->call, "notify::state", G_CALLBACK (on_call_state), peer);
    gst_call_dial_async (peer->call, uri, NULL, on_remote_sender_dialled, peer);
    g_ptr_array_add (bench.peers, peer);
  }

  deadline = g_get_monotonic_time () + TIMEOUT_SECONDS * G_USEC_PER_SEC;
  {
    guint poll_id = g_timeout_add (5, quit_loop, bench.loop);

    while (!g_atomic_int_get (&bench.failed) &&
           !all_peers (&bench, G_STRUCT_OFFSET (Peer, connected_at)) &&
           g_get_monotonic_time () < deadline)
      g_main_loop_run (bench.loop);
    g_source_remove (poll_id);
  }
  if (!g_atomic_int_get (&bench.failed) &&
      all_peers (&bench, G_STRUCT_OFFSET (Peer, connected_at))) {
    run_for (&bench, warmup + 1.0);
    window_start = g_get_monotonic_time ();
    cpu_window_start = cpu_seconds ();
    run_for (&bench, seconds);
    printf ("mode=%s warm=0 calls=0 viewers=%d connected_ms=%.1f first_frame_ms=0 "
            "setup_cpu_s=0 cpu_per_call=%.4f cpu_cores=%.4f max_rss_kb=%ld\n",
            mode, viewers,
            (latest (&bench, G_STRUCT_OFFSET (Peer, connected_at)) - bench.start) / 1000.0,
            (cpu_seconds () - cpu_window_start) /
                ((g_get_monotonic_time () - window_start) / 1e6) / viewers,
            (cpu_seconds () - cpu_window_start) /
                ((g_get_monotonic_time () - window_start) / 1e6),
            max_rss_kb ());
  } else if (!g_atomic_int_get (&bench.failed)) {
    bench_fail (&bench, "the viewers did not all connect within %d s", TIMEOUT_SECONDS);
  }

  for (guint i = 0; i < bench.peers->len; i++)
    call_peer_free (g_ptr_array_index (bench.peers, i));
  g_ptr_array_unref (bench.peers);
  g_clear_object (&bench.broadcast);
  close (child_stdin);
  waitpid (child, NULL, 0);
  g_spawn_close_pid (child);
  g_main_loop_unref (bench.loop);
  if (bench.failure) {
    fprintf (stderr, "%s: %s\n", program, bench.failure);
    g_free (bench.failure);
    return 1;
  }
  return 0;
}

/* ------------------------------------------------------------------------ */

static gboolean
all_peers (Bench   *bench,
           gsize    offset)
{
  for (guint i = 0; i < bench->peers->len; i++) {
    Peer *peer = g_ptr_array_index (bench->peers, i);

    if (offset == G_STRUCT_OFFSET (Peer, first_frame_at) && !peer->receives_video)
      continue;
    if (!read_time (G_STRUCT_MEMBER_P (peer, offset)))
      return FALSE;
  }
  return TRUE;
}

static gint64
latest (Bench *bench,
        gsize  offset)
{
  gint64 result = 0;

  for (guint i = 0; i < bench->peers->len; i++) {
    Peer *peer = g_ptr_array_index (bench->peers, i);
    gint64 at = read_time (G_STRUCT_MEMBER_P (peer, offset));

    if (offset == G_STRUCT_OFFSET (Peer, first_frame_at) && !peer->receives_video)
      continue;
    result = MAX (result, at);
  }
  return result;
}

/* Marks the start of the window of frame_rates(). */
static void
start_frame_window (Bench *bench)
{
  for (guint i = 0; i < bench->peers->len; i++) {
    Peer *peer = g_ptr_array_index (bench->peers, i);

    peer->window_frames = g_atomic_int_get (&peer->frames);
  }
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* The lowest and the median frame rate at which the peers that receive
 * video decoded it over the last @seconds since start_frame_window(): a
 * saturated machine shows here (frames dropped late), not as failures. */
static void
frame_rates (Bench  *bench,
             double  seconds,
             double *min,
             double *median)
{
  g_autoptr (GArray) rates = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint i = 0; i < bench->peers->len; i++) {
    Peer *peer = g_ptr_array_index (bench->peers, i);
    double rate;

    if (!peer->receives_video)
      continue;
    rate = (g_atomic_int_get (&peer->frames) - peer->window_frames) / seconds;
    g_array_append_val (rates, rate);
  }
  *min = *median = 0;
  if (rates->len == 0)
    return;
  g_array_sort (rates, compare_doubles);
  *min = g_array_index (rates, double, 0);
  *median = rates->len % 2 ? g_array_index (rates, double, rates->len / 2)
                           : (g_array_index (rates, double, rates->len / 2 - 1) +
                              g_array_index (rates, double, rates->len / 2)) / 2;
}

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop until every peer has its first frame (or failure or
 * the timeout). */
static gboolean
wait_for_first_frames (Bench *bench)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_SECONDS * G_USEC_PER_SEC;
  guint poll_id = g_timeout_add (5, quit_loop, bench->loop);

  while (!g_atomic_int_get (&bench->failed) &&
         !all_peers (bench, G_STRUCT_OFFSET (Peer, first_frame_at)) &&
         g_get_monotonic_time () < deadline)
    g_main_loop_run (bench->loop);
  g_source_remove (poll_id);
  if (!g_atomic_int_get (&bench->failed) &&
      !all_peers (bench, G_STRUCT_OFFSET (Peer, first_frame_at)))
    bench_fail (bench, "no first frame within %d s", TIMEOUT_SECONDS);
  return !g_atomic_int_get (&bench->failed);
}

static void
run_for (Bench  *bench,
         double  seconds)
{
  guint id = g_timeout_add ((guint) (seconds * 1000), quit_loop, bench->loop);

  g_main_loop_run (bench->loop);
  g_source_remove (id);
}

int
main (int argc, char **argv)
{
  char *mode = NULL;
  int calls = 1;
  int viewers = 0;
  int port = 0;
  double seconds = 3.0;
  double warmup = 1.0;
  gboolean warm = FALSE;
  const GOptionEntry entries[] = {
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode,
      "raw, gstcall, raw-viewers, gstcall-viewers, gstcall-shared-viewers", "MODE" },
    { "calls", 0, 0, G_OPTION_ARG_INT, &calls, "concurrent loopback calls (default 1)", "N" },
    { "viewers", 0, 0, G_OPTION_ARG_INT, &viewers, "receive-only peers of one sender", "N" },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, "viewer-process: the signaling server's port",
      "PORT" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds,
      "steady-state CPU window (default 3)", "S" },
    { "warmup", 0, 0, G_OPTION_ARG_DOUBLE, &warmup,
      "time after the first frames before the CPU window (default 1)", "S" },
    { "warm", 0, 0, G_OPTION_ARG_NONE, &warm,
      "make the process's DTLS certificate before start, as an earlier call would have", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("— one loopback measurement");
  g_autoptr (GError) error = NULL;
  Bench bench = { 0 };
  gboolean raw, viewer_mode;
  double cpu_start, cpu_ready, cpu_window_start, cpu_window_end;
  double fps_min, fps_median;
  gint64 window_start, window_end, ready_at;
  int pairs;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (mode && (g_str_equal (mode, "viewer-process") ||
               g_str_has_suffix (mode, "-viewers-remote"))) {
    int status;

    if (viewers < 1) {
      fprintf (stderr, "%s: --viewers >= 1\n", argv[0]);
      return 2;
    }
    gst_init (&argc, &argv);
    status = g_str_equal (mode, "viewer-process")
        ? run_viewer_process (viewers, port)
        : run_remote_sender (argv[0], mode, viewers, warmup, seconds);
    g_free (mode);
    return status;
  }
  if (!mode || (!g_str_equal (mode, "raw") && !g_str_equal (mode, "gstcall") &&
                !g_str_equal (mode, "raw-viewers") && !g_str_equal (mode, "gstcall-viewers") &&
                !g_str_equal (mode, "gstcall-shared-viewers")) ||
      calls < 1 || seconds <= 0) {
    fprintf (stderr, "%s: --mode=raw|gstcall|raw-viewers|gstcall-viewers|"
             "gstcall-shared-viewers, --calls >= 1\n",
             argv[0]);
    return 2;
  }
  raw = g_str_has_prefix (mode, "raw");
  viewer_mode = g_str_has_suffix (mode, "-viewers");
  if (viewer_mode && viewers < 1) {
    fprintf (stderr, "%s: viewer modes need --viewers >= 1\n", argv[0]);
    return 2;
  }
  pairs = viewer_mode ? viewers : calls;

  gst_init (&argc, &argv);
  bench.loop = g_main_loop_new (NULL, FALSE);
  bench.peers = g_ptr_array_new ();
  bench.signallers = g_ptr_array_new_with_free_func (g_object_unref);

  if (warm) {
    /* The dtls plugin makes its certificate with the first dtlsdec, once
     * per process: this is the state of a process after its first call. */
    GstElement *dtlsdec = gst_element_factory_make ("dtlsdec", NULL);

    gst_object_unref (gst_object_ref_sink (dtlsdec));
  }

  cpu_start = cpu_seconds ();
  bench.start = g_get_monotonic_time ();

  if (g_str_equal (mode, "gstcall-shared-viewers")) {
    bench.broadcast = gst_call_broadcast_new (
        GST_CALL_MEDIA_KIND_VIDEO,
        gst_parse_bin_from_description ("videotestsrc is-live=true pattern=ball ! "
                                        "capsfilter caps=" VIDEO_CAPS, TRUE, NULL),
        &error);
    if (!bench.broadcast)
      g_error ("%s", error->message);
  }

  for (int i = 0; i < pairs; i++) {
    /* In viewer mode the offerer sends, the answerer only receives. */
    gboolean answerer_sends = !viewer_mode;
    Peer *offerer, *answerer;

    if (raw) {
      offerer = raw_peer_new (&bench, TRUE, TRUE, TRUE);
      answerer = raw_peer_new (&bench, FALSE, answerer_sends, answerer_sends);
      if (!answerer_sends)
        raw_add_recvonly (answerer);
    } else {
      GstCallLoopbackSignaller *ours = NULL, *theirs = NULL;

      gst_call_loopback_signaller_new_pair (&ours, &theirs);
      g_ptr_array_add (bench.signallers, ours);
      g_ptr_array_add (bench.signallers, theirs);
      offerer = call_peer_new (&bench, TRUE, GST_CALL_SIGNALLER (ours), TRUE, TRUE);
      answerer = call_peer_new (&bench, FALSE, GST_CALL_SIGNALLER (theirs),
                                answerer_sends, answerer_sends);
    }
    offerer->other = answerer;
    answerer->other = offerer;
    offerer->receives_video = answerer_sends;
    answerer->receives_video = TRUE;
    g_ptr_array_add (bench.peers, offerer);
    g_ptr_array_add (bench.peers, answerer);
  }

  for (guint i = 0; i < bench.peers->len; i++) {
    Peer *peer = g_ptr_array_index (bench.peers, i);

    if (raw)
      raw_start (peer);
    else
      call_start (peer);
  }

  if (wait_for_first_frames (&bench)) {
    ready_at = g_get_monotonic_time ();
    cpu_ready = cpu_seconds ();
    run_for (&bench, warmup);
    window_start = g_get_monotonic_time ();
    cpu_window_start = cpu_seconds ();
    start_frame_window (&bench);
    run_for (&bench, seconds);
    window_end = g_get_monotonic_time ();
    cpu_window_end = cpu_seconds ();
    frame_rates (&bench, (window_end - window_start) / 1e6, &fps_min, &fps_median);

    printf ("mode=%s warm=%d calls=%d viewers=%d connected_ms=%.1f first_frame_ms=%.1f "
            "setup_cpu_s=%.3f cpu_per_call=%.4f cpu_cores=%.4f max_rss_kb=%ld "
            "fps_min=%.1f fps_median=%.1f\n",
            mode, warm, viewer_mode ? 0 : calls, viewer_mode ? viewers : 0,
            (latest (&bench, G_STRUCT_OFFSET (Peer, connected_at)) - bench.start) / 1000.0,
            (latest (&bench, G_STRUCT_OFFSET (Peer, first_frame_at)) - bench.start) / 1000.0,
            cpu_ready - cpu_start,
            (cpu_window_end - cpu_window_start) /
                ((window_end - window_start) / 1e6) / (viewer_mode ? 1 : calls),
            (cpu_window_end - cpu_window_start) / ((window_end - window_start) / 1e6),
            max_rss_kb (), fps_min, fps_median);
    (void) ready_at;
  }

  for (guint i = 0; i < bench.peers->len; i++) {
    Peer *peer = g_ptr_array_index (bench.peers, i);

    if (raw)
      raw_peer_free (peer);
    else
      call_peer_free (peer);
  }
  g_ptr_array_unref (bench.peers);
  g_ptr_array_unref (bench.signallers);
  g_clear_object (&bench.broadcast);
  g_main_loop_unref (bench.loop);

  if (bench.failure) {
    fprintf (stderr, "%s: %s\n", argv[0], bench.failure);
    g_free (bench.failure);
    g_free (mode);
    return 1;
  }
  g_free (mode);
  return 0;
}
