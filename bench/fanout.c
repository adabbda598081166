/* bench-fanout: one sending process, N viewers of its video in other
 * processes.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * bench/run --fanout starts this program once per measurement. The
 * sending process (--mode=shared or --mode=per-viewer) runs a
 * GstCallSignalingServer and N GstCall objects, each dialling the room
 * fanout-I, sending 640x480@30 VP8 (videotestsrc is-live, pattern ball)
 * and no audio: --mode=shared gives every call one GstCallBroadcast (one
 * source and encoder), --mode=per-viewer gives each call its own source and
 * encoder. The viewers are raw receive-only webrtcbins in processes of
 * their own (--per-process, default 25, per process; --mode=viewers),
 * joined to those rooms with a GstCallWebSocketSignaller: each depayloads
 * the video (rtpvp8depay) and counts frames into a fakesink without
 * decoding, so that the viewers cost the machine little beside the sender.
 *
 * Once every viewer receives frames and --warmup seconds passed, the
 * sender measures itself over --seconds of steady state and asks each
 * viewer process for its viewers' frame counts over the same window. It
 * prints one line of key=value pairs:
 *
 *   cpu_cores          CPU time of the sending process / wall time, window
 *   rss_kb, threads    the sending process's VmRSS and thread count at the
 *                      end of the window
 *   idle_rss_kb, idle_threads   the same before the first call existed
 *                      (signaling server running, plugins loaded)
 *   fps_min, fps_median   frames per second each viewer received in the
 *                      window: the lowest and the median over viewers
 *   connected_ms       first dial -> every call active
 *   flowing_ms         first dial -> every viewer received a frame
 *   keyframe_requests  requests the shared encoder got (shared only)
 *   keyframes_median   keyframes a viewer received from its first frame to
 *                      the end of the window, median over viewers
 *   viewer_cpu_cores   CPU of all viewer processes over the window
 *
 * With --threads the sender also prints, to stderr, the CPU each kind of
 * thread of it used over the window (task names from /proc, digits
 * replaced by #): which threads each viewer adds, and what they cost.
 *
 * Viewer protocol, one line each way on the viewer processes' stdin and
 * stdout: the viewer process prints `joined` once its signallers joined
 * their rooms and `flowing` once each of its viewers got a frame; the
 * sender writes `start` and `stop` around the window, and the viewer
 * process answers `stop` with `result cpu=S frames=F1,F2,... keyframes=...
 * seconds=W`. The viewer processes end when their stdin closes.
 *
 * --mode=whep-viewers --url=URL --viewers=N runs the same raw viewers
 * against a WHEP endpoint instead (`gst-call serve`'s /whep, see
 * bench/serve-load), as a browser plays from it, one viewer starting every
 * --dial-interval ms (0: every viewer at the same instant): each webrtcbin offers one recvonly VP8 section, a GstCallWhipSignaller POSTs the offer and
 * takes the answer from the response (and trickles later candidates),
 * and when stdin closes each session is DELETEd. Beside the protocol
 * above, such a process prints, as each of its viewers gets its first
 * keyframe (its first picture in a browser), `first-frame viewer=I
 * answer_ms=A frame_ms=F keyframe_ms=K`: milliseconds from the offer's POST
 * (once the viewer's ICE gathering completed, so that the offer carries
 * its candidates, as browsers that do not trickle send it) to the answer,
 * to the first depayloaded frame and to the first keyframe.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gst/gst.h>
#include <gst/sdp/sdp.h>
#include <gst/webrtc/webrtc.h>
#include <nice/agent.h>

#include <gstcall/gstcall.h>

#define VIDEO_SOURCE "videotestsrc is-live=true pattern=ball ! " \
                     "capsfilter caps=video/x-raw,width=640,height=480,framerate=30/1"
#define TIMEOUT_SECONDS 90
#define ROOM_URI "ws://127.0.0.1:%u/ws?room=fanout-%d"

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* A field of /proc/self/status, e.g. "VmRSS" (kB) or "Threads". */
static long
status_field (const char *name)
{
  g_autofree char *contents = NULL;
  g_auto (GStrv) lines = NULL;
  gsize length = strlen (name);

  if (!g_file_get_contents ("/proc/self/status", &contents, NULL, NULL))
    return -1;
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    if (strncmp (lines[i], name, length) == 0 && lines[i][length] == ':')
      return atol (lines[i] + length + 1);
  }
  return -1;
}

/* CPU time (ns, from schedstat) of each of this process's threads by
 * name, digits taken out ("dtlsenc12:src" counts as "dtlsenc#:src"):
 * name -> ns, and the thread count per name in @counts. */
static GHashTable *
thread_cpu (GHashTable **counts)
{
  GHashTable *cpu = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/task", 0, NULL);
  const char *task;

  *counts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  while (dir && (task = g_dir_read_name (dir))) {
    g_autofree char *comm_path = g_strdup_printf ("/proc/self/task/%s/comm", task);
    g_autofree char *stat_path = g_strdup_printf ("/proc/self/task/%s/schedstat", task);
    g_autofree char *comm = NULL;
    g_autofree char *schedstat = NULL;
    GString *name;
    guint64 *total;

    if (!g_file_get_contents (comm_path, &comm, NULL, NULL) ||
        !g_file_get_contents (stat_path, &schedstat, NULL, NULL))
      continue;
    g_strstrip (comm);
    name = g_string_new (NULL);
    for (const char *c = comm; *c; c++) {
      if (!g_ascii_isdigit (*c))
        g_string_append_c (name, *c);
      else if (name->len == 0 || name->str[name->len - 1] != '#')
        g_string_append_c (name, '#');
    }
    total = g_hash_table_lookup (cpu, name->str);
    if (!total) {
      total = g_new0 (guint64, 1);
      g_hash_table_insert (cpu, g_strdup (name->str), total);
    }
    *total += g_ascii_strtoull (schedstat, NULL, 10);
    g_hash_table_insert (*counts, g_strdup (name->str),
                         GSIZE_TO_POINTER (GPOINTER_TO_SIZE (
                             g_hash_table_lookup (*counts, name->str)) + 1));
    g_string_free (name, TRUE);
  }
  return cpu;
}

/* Prints to stderr what each kind of thread used between two
 * thread_cpu() (threads that ended in between are left out). */
static void
print_thread_cpu (GHashTable *before,
                  GHashTable *after,
                  GHashTable *counts,
                  double      seconds)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, after);
  while (g_hash_table_iter_next (&iter, &key, &value)) {
    guint64 *earlier = g_hash_table_lookup (before, key);
    guint64 used = *(guint64 *) value - MIN (*(guint64 *) value, earlier ? *earlier : 0);

    fprintf (stderr, "thread %-24s x%-4zu %.4f cores\n", (const char *) key,
             GPOINTER_TO_SIZE (g_hash_table_lookup (counts, key)), used / 1e9 / seconds);
  }
}

static gboolean
quit_loop (gpointer data)
{
  g_main_loop_quit (data);
  return G_SOURCE_CONTINUE;
}

static void
run_for (GMainLoop *loop,
         double     seconds)
{
  guint id = g_timeout_add ((guint) (seconds * 1000), quit_loop, loop);

  g_main_loop_run (loop);
  g_source_remove (id);
}

/* ------------------------------------------------------------------------ */
/* Viewers: raw receive-only webrtcbins that depayload and count              */

typedef struct {
  GstCallSignaller *signaller; /* room (WebSocket) or WHEP */
  GstElement *pipeline;
  GstElement *webrtcbin;
  gboolean whep;               /* offers, rather than answers */
  gboolean joined;
  gint frames;                 /* atomic */
  gint keyframes;              /* atomic */
  int window_frames;           /* frames at "start" */
  gint64 offered_at;           /* monotonic, µs: the offer handed over */
  gint64 answered_at;
  gint64 first_frame_at;       /* written by the streaming thread once */
  gint64 first_keyframe_at;    /* the same */
  gboolean first_frame_told;
  char *offer;                 /* WHEP: held until ICE gathering completes */
  gboolean gathered;
} Viewer;

typedef struct {
  GMainLoop *loop;
  Viewer *viewers;
  int count;
  int joined;
  int offered;       /* WHEP */
  gboolean flowing_told;
  gint64 window_start;
  double window_cpu;
} ViewerProcess;

typedef struct {
  Viewer *viewer;
  guint mline;
  char *candidate;
} Candidate;

static GstPadProbeReturn
on_depayloaded_frame (GstPad          *pad,
                      GstPadProbeInfo *info,
                      gpointer         user_data)
{
  Viewer *viewer = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);

  /* Before the count: whoever sees a frame counted sees its time. */
  if (g_atomic_int_get (&viewer->frames) == 0)
    viewer->first_frame_at = g_get_monotonic_time ();
  g_atomic_int_inc (&viewer->frames);
  if (!GST_BUFFER_FLAG_IS_SET (buffer, GST_BUFFER_FLAG_DELTA_UNIT)) {
    if (g_atomic_int_get (&viewer->keyframes) == 0)
      viewer->first_keyframe_at = g_get_monotonic_time ();
    g_atomic_int_inc (&viewer->keyframes);
  }
  return GST_PAD_PROBE_OK;
}

/* A streaming thread of webrtcbin: the sender's video, or anything else. */
static void
on_viewer_pad_added (GstElement *webrtcbin,
                     GstPad     *pad,
                     Viewer     *viewer)
{
  g_autoptr (GstCaps) caps = NULL;
  const GstStructure *structure;
  GstElement *bin;
  g_autoptr (GstPad) sink = NULL;
  g_autoptr (GError) error = NULL;
  gboolean vp8;

  if (GST_PAD_DIRECTION (pad) != GST_PAD_SRC)
    return;
  caps = gst_pad_get_current_caps (pad);
  if (!caps)
    caps = gst_pad_query_caps (pad, NULL);
  structure = gst_caps_get_structure (caps, 0);
  vp8 = g_strcmp0 (gst_structure_get_string (structure, "encoding-name"), "VP8") == 0;
  bin = gst_parse_bin_from_description (
      vp8 ? "rtpvp8depay name=depay ! fakesink sync=false async=false"
          : "fakesink sync=false async=false",
      TRUE, &error);
  g_assert_no_error (error);
  gst_bin_add (GST_BIN (viewer->pipeline), bin);
  gst_element_sync_state_with_parent (bin);
  sink = gst_element_get_static_pad (bin, "sink");
  if (gst_pad_link (pad, sink) != GST_PAD_LINK_OK)
    g_printerr ("viewer: could not link a stream\n");
  if (vp8) {
    g_autoptr (GstElement) depay = gst_bin_get_by_name (GST_BIN (bin), "depay");
    g_autoptr (GstPad) depay_src = gst_element_get_static_pad (depay, "src");

    gst_pad_add_probe (depay_src, GST_PAD_PROBE_TYPE_BUFFER, on_depayloaded_frame,
                       viewer, NULL);
  }
}

/* WHEP: the offer goes out with every candidate in it, as from a browser
 * that waits for gathering; the WHEP client POSTs it at once. */
static void
send_offer (Viewer *viewer)
{
  viewer->offered_at = g_get_monotonic_time ();
  gst_call_signaller_send_description (viewer->signaller, GST_CALL_SDP_TYPE_OFFER,
                                       viewer->offer);
  g_clear_pointer (&viewer->offer, g_free);
}

static gboolean
send_candidate_on_main (gpointer data)
{
  Candidate *candidate = data;
  Viewer *viewer = candidate->viewer;

  gst_call_signaller_send_candidate (viewer->signaller, candidate->mline,
                                     candidate->candidate);
  if (viewer->whep && !*candidate->candidate) {
    viewer->gathered = TRUE;
    if (viewer->offer)
      send_offer (viewer);
  }
  return G_SOURCE_REMOVE;
}

static void
candidate_free (gpointer data)
{
  Candidate *candidate = data;

  g_free (candidate->candidate);
  g_free (candidate);
}

/* webrtcbin's thread: hop to the signaller's context. */
static void
on_viewer_ice_candidate (GstElement *webrtcbin,
                         guint       mline,
                         char       *text,
                         Viewer     *viewer)
{
  Candidate *candidate = g_new0 (Candidate, 1);

  candidate->viewer = viewer;
  candidate->mline = mline;
  candidate->candidate = g_strdup (text);
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, send_candidate_on_main, candidate,
                              candidate_free);
}

/* webrtcbin's thread: gathering complete is an empty candidate to the
 * WHEP client, which then POSTs (or trickles the end of candidates). */
static void
on_viewer_gathering_state (GstElement *webrtcbin,
                           GParamSpec *pspec,
                           Viewer     *viewer)
{
  GstWebRTCICEGatheringState state;

  g_object_get (webrtcbin, "ice-gathering-state", &state, NULL);
  if (state == GST_WEBRTC_ICE_GATHERING_STATE_COMPLETE)
    on_viewer_ice_candidate (webrtcbin, 0, "", viewer);
}

/* The viewer's own description: an answer in a room, an offer to WHEP. */
typedef struct {
  Viewer *viewer;
  char *sdp;
} Description;

static gboolean
send_description_on_main (gpointer data)
{
  Description *description = data;
  Viewer *viewer = description->viewer;

  if (!viewer->whep) {
    gst_call_signaller_send_description (viewer->signaller, GST_CALL_SDP_TYPE_ANSWER,
                                         description->sdp);
    return G_SOURCE_REMOVE;
  }
  viewer->offer = g_steal_pointer (&description->sdp);
  if (viewer->gathered)
    send_offer (viewer);
  return G_SOURCE_REMOVE;
}

static void
description_free (gpointer data)
{
  Description *description = data;

  g_free (description->sdp);
  g_free (description);
}

static void
on_viewer_description_created (GstPromise *promise,
                               gpointer    user_data)
{
  Viewer *viewer = user_data;
  const char *kind = viewer->whep ? "offer" : "answer";
  GstWebRTCSessionDescription *local = NULL;
  const GstStructure *reply = gst_promise_get_reply (promise);
  Description *description;

  if (reply)
    gst_structure_get (reply, kind, GST_TYPE_WEBRTC_SESSION_DESCRIPTION, &local, NULL);
  gst_promise_unref (promise);
  if (!local) {
    g_printerr ("viewer: webrtcbin made no %s\n", kind);
    return;
  }
  g_signal_emit_by_name (viewer->webrtcbin, "set-local-description", local, NULL);
  description = g_new0 (Description, 1);
  description->viewer = viewer;
  description->sdp = gst_sdp_message_as_text (local->sdp);
  gst_webrtc_session_description_free (local);
  g_main_context_invoke_full (NULL, G_PRIORITY_DEFAULT, send_description_on_main,
                              description, description_free);
}

static void
on_viewer_description (GstCallSignaller *signaller,
                       GstCallSdpType    type,
                       const char       *sdp,
                       Viewer           *viewer)
{
  GstCallSdpType expected = viewer->whep ? GST_CALL_SDP_TYPE_ANSWER : GST_CALL_SDP_TYPE_OFFER;
  GstSDPMessage *message = NULL;
  GstWebRTCSessionDescription *remote;

  if (type != expected) {
    g_printerr ("viewer: expected an %s\n", viewer->whep ? "answer" : "offer");
    return;
  }
  if (gst_sdp_message_new_from_text (sdp, &message) != GST_SDP_OK) {
    g_printerr ("viewer: the remote description is no SDP\n");
    return;
  }
  remote = gst_webrtc_session_description_new (viewer->whep ? GST_WEBRTC_SDP_TYPE_ANSWER
                                                            : GST_WEBRTC_SDP_TYPE_OFFER,
                                               message);
  g_signal_emit_by_name (viewer->webrtcbin, "set-remote-description", remote, NULL);
  gst_webrtc_session_description_free (remote);
  if (viewer->whep) {
    viewer->answered_at = g_get_monotonic_time ();
    return;
  }
  g_signal_emit_by_name (viewer->webrtcbin, "create-answer", NULL,
                         gst_promise_new_with_change_func (on_viewer_description_created,
                                                           viewer, NULL));
}

/* The WHEP endpoint refused the offer or went away. */
static void
on_viewer_closed (GstCallSignaller *signaller,
                  const GError     *reason,
                  Viewer           *viewer)
{
  g_printerr ("viewer: %s\n", reason ? reason->message : "the signalling channel closed");
  exit (1);
}

static void
on_viewer_candidate (GstCallSignaller *signaller,
                     guint             mline,
                     const char       *candidate,
                     Viewer           *viewer)
{
  if (candidate && *candidate)
    g_signal_emit_by_name (viewer->webrtcbin, "add-ice-candidate", mline, candidate);
}

static void
on_viewer_joined (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ViewerProcess *process = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_call_websocket_signaller_connect_finish (GST_CALL_WEBSOCKET_SIGNALLER (source),
                                                    result, NULL, &error)) {
    g_printerr ("viewer: %s\n", error->message);
    exit (1);
  }
  if (++process->joined == process->count) {
    printf ("joined\n");
    fflush (stdout);
  }
}

static gboolean
check_flowing (gpointer data)
{
  ViewerProcess *process = data;
  gboolean all = TRUE;

  for (int i = 0; i < process->count; i++) {
    Viewer *viewer = &process->viewers[i];

    if (g_atomic_int_get (&viewer->frames) == 0) {
      all = FALSE;
      continue;
    }
    if (viewer->whep && !viewer->first_frame_told &&
        g_atomic_int_get (&viewer->keyframes) > 0) {
      viewer->first_frame_told = TRUE;
      printf ("first-frame viewer=%d answer_ms=%.1f frame_ms=%.1f keyframe_ms=%.1f\n", i,
              (viewer->answered_at - viewer->offered_at) / 1000.0,
              (viewer->first_frame_at - viewer->offered_at) / 1000.0,
              (viewer->first_keyframe_at - viewer->offered_at) / 1000.0);
      fflush (stdout);
    }
  }
  if (!all)
    return G_SOURCE_CONTINUE;
  printf ("flowing\n");
  fflush (stdout);
  return G_SOURCE_REMOVE;
}

static gboolean
on_viewer_command (GIOChannel   *channel,
                   GIOCondition  condition,
                   gpointer      user_data)
{
  ViewerProcess *process = user_data;
  g_autofree char *line = NULL;
  GIOStatus status = g_io_channel_read_line (channel, &line, NULL, NULL, NULL);

  if (status == G_IO_STATUS_AGAIN)
    return G_SOURCE_CONTINUE;
  if (status != G_IO_STATUS_NORMAL) {
    /* The sender closed our stdin: done. */
    g_main_loop_quit (process->loop);
    return G_SOURCE_REMOVE;
  }
  g_strstrip (line);
  if (g_str_equal (line, "start")) {
    process->window_start = g_get_monotonic_time ();
    process->window_cpu = cpu_seconds ();
    for (int i = 0; i < process->count; i++)
      process->viewers[i].window_frames = g_atomic_int_get (&process->viewers[i].frames);
  } else if (g_str_equal (line, "stop")) {
    double seconds = (g_get_monotonic_time () - process->window_start) / 1e6;
    GString *frames = g_string_new (NULL);
    GString *keyframes = g_string_new (NULL);

    for (int i = 0; i < process->count; i++) {
      Viewer *viewer = &process->viewers[i];

      g_string_append_printf (frames, "%s%d", i ? "," : "",
                              g_atomic_int_get (&viewer->frames) - viewer->window_frames);
      g_string_append_printf (keyframes, "%s%d", i ? "," : "",
                              g_atomic_int_get (&viewer->keyframes));
    }
    printf ("result cpu=%.4f seconds=%.4f frames=%s keyframes=%s\n",
            cpu_seconds () - process->window_cpu, seconds, frames->str, keyframes->str);
    fflush (stdout);
    g_string_free (frames, TRUE);
    g_string_free (keyframes, TRUE);
  }
  return G_SOURCE_CONTINUE;
}

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

/* Offers once the pipeline plays: one recvonly VP8 section. */
static void
offer_to_whep (Viewer *viewer)
{
  g_autoptr (GstCaps) caps = gst_caps_from_string (
      "application/x-rtp,media=video,encoding-name=VP8,payload=96,clock-rate=90000");
  GstWebRTCRTPTransceiver *transceiver = NULL;

  g_signal_emit_by_name (viewer->webrtcbin, "add-transceiver",
                         GST_WEBRTC_RTP_TRANSCEIVER_DIRECTION_RECVONLY, caps, &transceiver);
  g_clear_object (&transceiver);
  g_signal_emit_by_name (viewer->webrtcbin, "create-offer", NULL,
                         gst_promise_new_with_change_func (on_viewer_description_created,
                                                           viewer, NULL));
}

static gboolean
offer_next_to_whep (gpointer data)
{
  ViewerProcess *process = data;

  offer_to_whep (&process->viewers[process->offered]);
  return ++process->offered < process->count ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* --mode=viewers: --count receive-only viewers in rooms fanout-FIRST...;
 * --mode=whep-viewers (@whep_url set): --count sessions of that WHEP
 * endpoint, one offer every @dial_interval_ms; until stdin closes. */
static int
run_viewers (guint       port,
             int         first,
             int         count,
             const char *whep_url,
             guint       dial_interval_ms)
{
  g_autoptr (GIOChannel) input = g_io_channel_unix_new (0);
  ViewerProcess process = { 0 };

  process.loop = g_main_loop_new (NULL, FALSE);
  process.count = count;
  process.viewers = g_new0 (Viewer, count);
  for (int i = 0; i < count; i++) {
    Viewer *viewer = &process.viewers[i];

    viewer->whep = whep_url != NULL;
    viewer->pipeline = gst_pipeline_new (NULL);
    viewer->webrtcbin = gst_element_factory_make ("webrtcbin", NULL);
    g_assert (viewer->webrtcbin);
    g_object_set (viewer->webrtcbin, "bundle-policy", GST_WEBRTC_BUNDLE_POLICY_MAX_BUNDLE,
                  NULL);
    gst_bin_add (GST_BIN (viewer->pipeline), viewer->webrtcbin);
    restrict_to_loopback (viewer->webrtcbin);
    g_signal_connect (viewer->webrtcbin, "pad-added", G_CALLBACK (on_viewer_pad_added),
                      viewer);
    g_signal_connect (viewer->webrtcbin, "on-ice-candidate",
                      G_CALLBACK (on_viewer_ice_candidate), viewer);
    gst_element_set_state (viewer->pipeline, GST_STATE_PLAYING);

    if (viewer->whep) {
      GObject *ice = NULL;
      NiceAgent *agent = NULL;

      /* As in a browser, no UPnP discovery holding up gathering (200 ms). */
      g_object_get (viewer->webrtcbin, "ice-agent", &ice, NULL);
      g_object_get (ice, "agent", &agent, NULL);
      g_object_set (agent, "upnp", FALSE, NULL);
      g_object_unref (agent);
      g_object_unref (ice);
      viewer->signaller = GST_CALL_SIGNALLER (gst_call_whip_signaller_new (whep_url));
      g_signal_connect (viewer->webrtcbin, "notify::ice-gathering-state",
                        G_CALLBACK (on_viewer_gathering_state), viewer);
      g_signal_connect (viewer->signaller, "closed", G_CALLBACK (on_viewer_closed), viewer);
    } else {
      g_autofree char *uri = g_strdup_printf (ROOM_URI, port, first + i);

      viewer->signaller = GST_CALL_SIGNALLER (gst_call_websocket_signaller_new (uri, NULL));
    }
    g_signal_connect (viewer->signaller, "description-received",
                      G_CALLBACK (on_viewer_description), viewer);
    g_signal_connect (viewer->signaller, "candidate-received",
                      G_CALLBACK (on_viewer_candidate), viewer);
    if (!viewer->whep)
      gst_call_websocket_signaller_connect_async (GST_CALL_WEBSOCKET_SIGNALLER (
                                                      viewer->signaller),
                                                  NULL, on_viewer_joined, &process);
  }
  if (whep_url) {
    /* Browsers arriving one after the other, as the sender dials. */
    offer_next_to_whep (&process);
    /* 0: every offer at the same instant. */
    while (dial_interval_ms == 0 && process.offered < count)
      offer_next_to_whep (&process);
    if (process.offered < count)
      g_timeout_add (dial_interval_ms, offer_next_to_whep, &process);
    printf ("joined\n");
    fflush (stdout);
  }
  g_io_channel_set_flags (input, G_IO_FLAG_NONBLOCK, NULL);
  g_io_add_watch (input, G_IO_IN | G_IO_HUP | G_IO_ERR, on_viewer_command, &process);
  g_timeout_add (50, check_flowing, &process);
  g_main_loop_run (process.loop);

  for (int i = 0; i < count; i++) {
    Viewer *viewer = &process.viewers[i];

    gst_element_set_state (viewer->pipeline, GST_STATE_NULL);
    gst_object_unref (viewer->pipeline);
    g_free (viewer->offer);
    g_signal_handlers_disconnect_by_data (viewer->signaller, viewer);
    if (viewer->whep)
      gst_call_signaller_send_bye (viewer->signaller); /* DELETE */
    else
      gst_call_websocket_signaller_close (GST_CALL_WEBSOCKET_SIGNALLER (viewer->signaller));
    g_object_unref (viewer->signaller);
  }
  /* Each WHEP client holds itself until its DELETE is answered. */
  if (whep_url)
    run_for (process.loop, 1.0);
  g_free (process.viewers);
  g_main_loop_unref (process.loop);
  return 0;
}

/* ------------------------------------------------------------------------ */
/* The sending process                                                        */

typedef struct {
  GPid pid;
  int input;               /* its stdin */
  GIOChannel *output;      /* its stdout */
  guint watch;
  int count;
  gboolean joined;
  gboolean flowing;
  char *result;            /* the last "result" line */
} Child;

typedef struct {
  GMainLoop *loop;
  GstCallSignalingServer *server;
  GstCallBroadcast *broadcast;
  GPtrArray *calls;        /* GstCall */
  GArray *children;        /* Child */
  int viewers;
  int dialled;
  gboolean shared;
  gint64 first_dial;
  gint64 all_active;
  gint64 all_flowing;
  gboolean failed;
} Sender;

static gboolean
on_child_output (GIOChannel   *channel,
                 GIOCondition  condition,
                 gpointer      user_data)
{
  Child *child = user_data;
  g_autofree char *line = NULL;
  GIOStatus status = g_io_channel_read_line (channel, &line, NULL, NULL, NULL);

  if (status == G_IO_STATUS_AGAIN)
    return G_SOURCE_CONTINUE;
  if (status != G_IO_STATUS_NORMAL) {
    child->watch = 0;
    return G_SOURCE_REMOVE;
  }
  g_strstrip (line);
  if (g_str_equal (line, "joined"))
    child->joined = TRUE;
  else if (g_str_equal (line, "flowing"))
    child->flowing = TRUE;
  else if (g_str_has_prefix (line, "result ")) {
    g_free (child->result);
    child->result = g_strdup (line + strlen ("result "));
  }
  return G_SOURCE_CONTINUE;
}

static gboolean
all_children (Sender *sender,
              gsize   offset)
{
  for (guint i = 0; i < sender->children->len; i++) {
    Child *child = &g_array_index (sender->children, Child, i);

    if (!G_STRUCT_MEMBER (gboolean, child, offset))
      return FALSE;
  }
  return TRUE;
}

static gboolean
all_results (Sender *sender)
{
  for (guint i = 0; i < sender->children->len; i++) {
    if (!g_array_index (sender->children, Child, i).result)
      return FALSE;
  }
  return TRUE;
}

static gboolean
all_active (Sender *sender)
{
  if ((int) sender->calls->len < sender->viewers)
    return FALSE;
  for (guint i = 0; i < sender->calls->len; i++) {
    if (gst_call_get_state (g_ptr_array_index (sender->calls, i)) != GST_CALL_STATE_ACTIVE)
      return FALSE;
  }
  return TRUE;
}

static void
on_call_state (GstCall    *call,
               GParamSpec *pspec,
               Sender     *sender)
{
  if (gst_call_get_state (call) == GST_CALL_STATE_FAILED) {
    g_printerr ("bench-fanout: a call failed: %s\n",
                gst_call_get_error (call) ? gst_call_get_error (call)->message : "?");
    sender->failed = TRUE;
  }
}

static void
on_dialled (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Sender *sender = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_call_dial_finish (GST_CALL (source), result, &error)) {
    g_printerr ("bench-fanout: dial failed: %s\n", error->message);
    sender->failed = TRUE;
  }
}

/* One call more, every few milliseconds: viewers arrive one by one, and
 * the sender's signalling connections never all wait to join at once. */
static gboolean
dial_next (gpointer data)
{
  Sender *sender = data;
  const char * const loopback_address[] = { "127.0.0.1", NULL };
  g_autofree char *uri = g_strdup_printf (ROOM_URI,
                                          gst_call_signaling_server_get_port (sender->server),
                                          sender->dialled);
  g_autoptr (GError) error = NULL;
  GstCall *call = gst_call_new ();

  g_object_set (call, "ice-local-addresses", loopback_address, "send-video", TRUE,
                "send-audio", FALSE, NULL);
  if (sender->shared)
    gst_call_set_broadcast (call, sender->broadcast);
  else if (!gst_call_set_sources_from_description (call, VIDEO_SOURCE, NULL, &error))
    g_error ("%s", error->message);
  g_signal_connect (call, "notify::state", G_CALLBACK (on_call_state), sender);
  if (sender->dialled == 0)
    sender->first_dial = g_get_monotonic_time ();
  gst_call_dial_async (call, uri, NULL, on_dialled, sender);
  g_ptr_array_add (sender->calls, call);
  return ++sender->dialled < sender->viewers ? G_SOURCE_CONTINUE : G_SOURCE_REMOVE;
}

/* Runs the loop until @done or failure or the deadline. */
static gboolean
wait_until (Sender     *sender,
            gboolean  (*done) (Sender *sender, gsize offset),
            gsize       offset,
            const char *what)
{
  gint64 deadline = g_get_monotonic_time () + TIMEOUT_SECONDS * G_USEC_PER_SEC;
  guint poll_id = g_timeout_add (10, quit_loop, sender->loop);

  while (!sender->failed && !done (sender, offset) && g_get_monotonic_time () < deadline)
    g_main_loop_run (sender->loop);
  g_source_remove (poll_id);
  if (!sender->failed && !done (sender, offset)) {
    g_printerr ("bench-fanout: %s: not within %d s\n", what, TIMEOUT_SECONDS);
    sender->failed = TRUE;
  }
  return !sender->failed;
}

static gboolean
children_done (Sender *sender,
               gsize   offset)
{
  return all_children (sender, offset);
}

static gboolean
calls_active (Sender *sender,
              gsize   offset)
{
  return all_active (sender);
}

static gboolean
results_done (Sender *sender,
              gsize   offset)
{
  return all_results (sender);
}

static void
tell_children (Sender     *sender,
               const char *command)
{
  for (guint i = 0; i < sender->children->len; i++) {
    Child *child = &g_array_index (sender->children, Child, i);
    g_autofree char *line = g_strdup_printf ("%s\n", command);

    if (write (child->input, line, strlen (line)) != (ssize_t) strlen (line))
      sender->failed = TRUE;
  }
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (GArray *values)
{
  guint n = values->len;

  if (n == 0)
    return 0;
  g_array_sort (values, compare_doubles);
  return n % 2 ? g_array_index (values, double, n / 2)
               : (g_array_index (values, double, n / 2 - 1) +
                  g_array_index (values, double, n / 2)) / 2;
}

static void
spawn_children (Sender     *sender,
                const char *program,
                int         per_process)
{
  for (int first = 0; first < sender->viewers; first += per_process) {
    Child child = { 0 };
    g_autofree char *port = g_strdup_printf ("--port=%u",
                                             gst_call_signaling_server_get_port (sender->server));
    g_autofree char *first_arg = g_strdup_printf ("--first=%d", first);
    g_autofree char *count_arg = NULL;
    int output;
    g_autoptr (GError) error = NULL;

    child.count = MIN (per_process, sender->viewers - first);
    count_arg = g_strdup_printf ("--viewers=%d", child.count);
    {
      const char *argv[] = { program, "--mode=viewers", port, first_arg, count_arg, NULL };

      if (!g_spawn_async_with_pipes (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD,
                                     NULL, NULL, &child.pid, &child.input, &output, NULL,
                                     &error))
        g_error ("%s", error->message);
    }
    child.output = g_io_channel_unix_new (output);
    g_io_channel_set_close_on_unref (child.output, TRUE);
    g_io_channel_set_flags (child.output, G_IO_FLAG_NONBLOCK, NULL);
    g_array_append_val (sender->children, child);
  }
  /* Watches once the array stops moving. */
  for (guint i = 0; i < sender->children->len; i++) {
    Child *child = &g_array_index (sender->children, Child, i);

    child->watch = g_io_add_watch (child->output, G_IO_IN | G_IO_HUP | G_IO_ERR,
                                   on_child_output, child);
  }
}

/* Parses the children's result lines into frame rates, keyframe counts
 * and their CPU time. */
static void
collect_results (Sender *sender,
                 GArray *fps,
                 GArray *keyframes,
                 double *viewer_cpu_seconds)
{
  *viewer_cpu_seconds = 0;
  for (guint i = 0; i < sender->children->len; i++) {
    Child *child = &g_array_index (sender->children, Child, i);
    g_auto (GStrv) fields = g_strsplit (child->result, " ", -1);
    double seconds = 0;

    for (guint f = 0; fields[f]; f++) {
      if (g_str_has_prefix (fields[f], "cpu="))
        *viewer_cpu_seconds += g_ascii_strtod (fields[f] + 4, NULL);
      else if (g_str_has_prefix (fields[f], "seconds="))
        seconds = g_ascii_strtod (fields[f] + 8, NULL);
    }
    for (guint f = 0; fields[f]; f++) {
      gboolean frames = g_str_has_prefix (fields[f], "frames=");
      g_auto (GStrv) values = NULL;

      if (!frames && !g_str_has_prefix (fields[f], "keyframes="))
        continue;
      values = g_strsplit (strchr (fields[f], '=') + 1, ",", -1);
      for (guint v = 0; values[v]; v++) {
        double value = g_ascii_strtod (values[v], NULL);

        if (frames)
          value = seconds > 0 ? value / seconds : 0;
        g_array_append_val (frames ? fps : keyframes, value);
      }
    }
  }
}

static int
run_sender (const char *program,
            gboolean    shared,
            int         viewers,
            int         per_process,
            double      warmup,
            double      seconds,
            guint       dial_interval_ms,
            gboolean    show_threads)
{
  g_autoptr (GHashTable) cpu_before = NULL;
  g_autoptr (GHashTable) cpu_after = NULL;
  g_autoptr (GHashTable) counts_before = NULL;
  g_autoptr (GHashTable) counts_after = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) fps = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) keyframes = g_array_new (FALSE, FALSE, sizeof (double));
  Sender sender = { 0 };
  long idle_rss, idle_threads, rss = 0, threads = 0;
  double cpu_start = 0, viewer_cpu = 0, fps_min = 0;
  gint64 window_start = 0, window_end = 0;

  sender.loop = g_main_loop_new (NULL, FALSE);
  sender.viewers = viewers;
  sender.shared = shared;
  sender.calls = g_ptr_array_new ();
  sender.children = g_array_new (FALSE, TRUE, sizeof (Child));
  sender.server = gst_call_signaling_server_new (NULL);
  if (!gst_call_signaling_server_listen (sender.server, "127.0.0.1", 0, &error))
    g_error ("%s", error->message);

  {
    /* The DTLS certificate, made once per process by the first dtlsdec:
     * as in an application that served a viewer before. */
    GstElement *dtlsdec = gst_element_factory_make ("dtlsdec", NULL);

    gst_object_unref (gst_object_ref_sink (dtlsdec));
  }
  if (shared) {
    sender.broadcast = gst_call_broadcast_new (
        GST_CALL_MEDIA_KIND_VIDEO, gst_parse_bin_from_description (VIDEO_SOURCE, TRUE, NULL),
        &error);
    if (!sender.broadcast)
      g_error ("%s", error->message);
  }
  idle_rss = status_field ("VmRSS");
  idle_threads = status_field ("Threads");

  spawn_children (&sender, program, per_process);
  if (wait_until (&sender, children_done, G_STRUCT_OFFSET (Child, joined), "viewers joined")) {
    g_timeout_add (dial_interval_ms, dial_next, &sender);
    if (wait_until (&sender, calls_active, 0, "calls active"))
      sender.all_active = g_get_monotonic_time ();
  }
  if (!sender.failed &&
      wait_until (&sender, children_done, G_STRUCT_OFFSET (Child, flowing), "frames flowing")) {
    sender.all_flowing = g_get_monotonic_time ();
    run_for (sender.loop, warmup);
    tell_children (&sender, "start");
    if (show_threads)
      cpu_before = thread_cpu (&counts_before);
    window_start = g_get_monotonic_time ();
    cpu_start = cpu_seconds ();
    run_for (sender.loop, seconds);
    window_end = g_get_monotonic_time ();
    cpu_start = cpu_seconds () - cpu_start;
    if (show_threads) {
      cpu_after = thread_cpu (&counts_after);
      print_thread_cpu (cpu_before, cpu_after, counts_after,
                        (window_end - window_start) / 1e6);
    }
    rss = status_field ("VmRSS");
    threads = status_field ("Threads");
    tell_children (&sender, "stop");
    wait_until (&sender, results_done, 0, "viewer results");
  }

  if (!sender.failed) {
    collect_results (&sender, fps, keyframes, &viewer_cpu);
    if (fps->len != (guint) viewers) {
      g_printerr ("bench-fanout: %u viewer results for %d viewers\n", fps->len, viewers);
      sender.failed = TRUE;
    } else {
      double window = (window_end - window_start) / 1e6;

      g_array_sort (fps, compare_doubles);
      fps_min = g_array_index (fps, double, 0);
      printf ("mode=%s viewers=%d cpu_cores=%.4f rss_kb=%ld threads=%ld idle_rss_kb=%ld "
              "idle_threads=%ld fps_min=%.2f fps_median=%.2f connected_ms=%.0f "
              "flowing_ms=%.0f keyframe_requests=%u keyframes_median=%.1f "
              "viewer_cpu_cores=%.4f\n",
              shared ? "shared" : "per-viewer", viewers, cpu_start / window, rss, threads,
              idle_rss, idle_threads, fps_min, median (fps),
              (sender.all_active - sender.first_dial) / 1000.0,
              (sender.all_flowing - sender.first_dial) / 1000.0,
              sender.broadcast ? gst_call_broadcast_get_keyframe_requests (sender.broadcast) : 0,
              median (keyframes), viewer_cpu / window);
    }
  }

  for (guint i = 0; i < sender.calls->len; i++) {
    GstCall *call = g_ptr_array_index (sender.calls, i);

    g_signal_handlers_disconnect_by_data (call, &sender);
    gst_call_hangup (call);
    g_object_unref (call);
  }
  g_ptr_array_unref (sender.calls);
  g_clear_object (&sender.broadcast);
  for (guint i = 0; i < sender.children->len; i++) {
    Child *child = &g_array_index (sender.children, Child, i);

    close (child->input);
    waitpid (child->pid, NULL, 0);
    g_spawn_close_pid (child->pid);
    if (child->watch)
      g_source_remove (child->watch);
    g_io_channel_unref (child->output);
    g_free (child->result);
  }
  g_array_unref (sender.children);
  g_object_unref (sender.server);
  g_main_loop_unref (sender.loop);
  return sender.failed ? 1 : 0;
}

int
main (int argc, char **argv)
{
  char *mode = NULL;
  char *url = NULL;
  int viewers = 1;
  int per_process = 25;
  int first = 0;
  int port = 0;
  int dial_interval_ms = 10;
  gboolean show_threads = FALSE;
  double seconds = 3.0;
  double warmup = 2.0;
  const GOptionEntry entries[] = {
    { "mode", 0, 0, G_OPTION_ARG_STRING, &mode,
      "shared (one GstCallBroadcast), per-viewer (an encoder per call), viewers or "
      "whep-viewers", "MODE" },
    { "viewers", 0, 0, G_OPTION_ARG_INT, &viewers, "viewers (default 1)", "N" },
    { "per-process", 0, 0, G_OPTION_ARG_INT, &per_process,
      "viewers per viewer process (default 25)", "N" },
    { "seconds", 0, 0, G_OPTION_ARG_DOUBLE, &seconds,
      "steady-state window (default 3)", "S" },
    { "warmup", 0, 0, G_OPTION_ARG_DOUBLE, &warmup,
      "time after every viewer's first frame before the window (default 2)", "S" },
    { "dial-interval", 0, 0, G_OPTION_ARG_INT, &dial_interval_ms,
      "milliseconds between two calls' dials, or two WHEP viewers' offers (default 10; "
      "0: one after the other at once, WHEP viewers' offers at the same instant)",
      "MS" },
    { "threads", 0, 0, G_OPTION_ARG_NONE, &show_threads,
      "print the sender's CPU per kind of thread over the window to stderr", NULL },
    { "port", 0, 0, G_OPTION_ARG_INT, &port, "viewers: the signaling server's port", "PORT" },
    { "first", 0, 0, G_OPTION_ARG_INT, &first, "viewers: the first room's number", "I" },
    { "url", 0, 0, G_OPTION_ARG_STRING, &url, "whep-viewers: the WHEP endpoint", "URL" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("— one fan-out measurement");
  g_autoptr (GError) error = NULL;
  int status;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    fprintf (stderr, "%s: %s\n", argv[0], error->message);
    return 2;
  }
  if (!mode || viewers < 1 || per_process < 1 || seconds <= 0 || warmup < 0 ||
      dial_interval_ms < 0 ||
      (!g_str_equal (mode, "shared") && !g_str_equal (mode, "per-viewer") &&
       !g_str_equal (mode, "viewers") && !g_str_equal (mode, "whep-viewers")) ||
      g_str_equal (mode, "whep-viewers") != (url != NULL)) {
    fprintf (stderr, "%s: --mode=shared|per-viewer|viewers|whep-viewers, --viewers >= 1, "
             "--url with whep-viewers only\n", argv[0]);
    g_free (mode);
    g_free (url);
    return 2;
  }
  gst_init (&argc, &argv);
  if (g_str_equal (mode, "viewers") || g_str_equal (mode, "whep-viewers"))
    status = run_viewers ((guint) port, first, viewers, url, (guint) dial_interval_ms);
  else
    status = run_sender (argv[0], g_str_equal (mode, "shared"), viewers, per_process, warmup,
                         seconds, (guint) dial_interval_ms, show_threads);
  g_free (mode);
  g_free (url);
  return status;
}
