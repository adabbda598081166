/* libgstcall tests: GstCallRtpTransport, plain RTP with receive-side bundle
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <signal.h>
#include <sys/prctl.h>

#include <glib/gstdio.h>

#include "test-utils.h"

#include "gstcallrtptransport-private.h"

/* Names the video media section; what is sent are the frames
 * encode_video() encoded. */
#define LOSS_VIDEO_SOURCE \
  "videotestsrc is-live=true pattern=ball ! " \
  "capsfilter caps=video/x-raw,width=640,height=480,framerate=30/1"
/* 10 s of video at 30 frames per second. */
#define LOSS_FRAMES 300
#define LOSS_PROBABILITY 0.05
/* Calls through a lossy path, each with its own seed. */
#define LOSS_SEEDS 5
/* The video packet the loss starts with: half a second into the call. */
#define LOSS_START 15

static GstElement *
counting_sink (void)
{
  /* Not synchronised: a late frame must not make the decoder skip (QoS). */
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
  return sink;
}

static guint
stats_uint (GstCallRtpTransport *transport,
            const char          *field)
{
  g_autoptr (GstStructure) stats = gst_call_rtp_transport_get_stats (transport);
  guint value = 0;
  guint64 value64 = 0;

  if (gst_structure_get_uint (stats, field, &value))
    return value;
  g_assert_true (gst_structure_get_uint64 (stats, field, &value64));
  return (guint) value64;
}

/* A field of the session-N structure of the stats, 0 when absent. */
static guint
session_stats_uint (GstCallRtpTransport *transport,
                    guint                session,
                    const char          *field)
{
  g_autoptr (GstStructure) stats = gst_call_rtp_transport_get_stats (transport);
  g_autofree char *name = g_strdup_printf ("session-%u", session);
  g_autoptr (GstStructure) session_stats = NULL;
  guint value = 0;

  if (!gst_structure_get (stats, name, GST_TYPE_STRUCTURE, &session_stats, NULL))
    return 0;
  gst_structure_get_uint (session_stats, field, &value);
  return value;
}

/* Whether rtpbin's internal session @session of @transport has @ssrc as a
 * remote source. */
static gboolean
session_has_ssrc (GstCallRtpTransport *transport,
                  guint                session_id,
                  guint32              ssrc)
{
  GstElement *rtpbin = gst_bin_get_by_name (GST_BIN (gst_call_rtp_transport_get_pipeline (transport)),
                                            "rtpbin");
  g_autoptr (GObject) session = NULL;
  g_autoptr (GObject) source = NULL;

  g_signal_emit_by_name (rtpbin, "get-internal-session", session_id, &session);
  gst_object_unref (rtpbin);
  if (!session)
    return FALSE;
  g_signal_emit_by_name (session, "get-source-by-ssrc", ssrc, &source);
  return source != NULL;
}

static gboolean
session_exists (GstCallRtpTransport *transport,
                guint                session_id)
{
  GstElement *rtpbin = gst_bin_get_by_name (GST_BIN (gst_call_rtp_transport_get_pipeline (transport)),
                                            "rtpbin");
  g_autoptr (GObject) session = NULL;

  g_signal_emit_by_name (rtpbin, "get-internal-session", session_id, &session);
  gst_object_unref (rtpbin);
  return session != NULL;
}

/* The SSRCs of the section of kind @media in @sdp (media first, then RTX
 * from its FID group). */
static void
sdp_ssrcs (const char *text,
           const char *media_kind,
           guint32    *media_ssrc,
           guint32    *rtx_ssrc)
{
  g_autoptr (GstSDPMessage) sdp = NULL;

  *media_ssrc = 0;
  if (rtx_ssrc)
    *rtx_ssrc = 0;
  g_assert_cmpint (gst_sdp_message_new_from_text (text, &sdp), ==, GST_SDP_OK);
  for (guint i = 0; i < gst_sdp_message_medias_len (sdp); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, i);
    const char *group = gst_sdp_media_get_attribute_val (media, "ssrc-group");
    const char *ssrc = gst_sdp_media_get_attribute_val (media, "ssrc");

    if (g_strcmp0 (gst_sdp_media_get_media (media), media_kind) != 0)
      continue;
    if (ssrc)
      *media_ssrc = (guint32) g_ascii_strtoull (ssrc, NULL, 10);
    if (group && rtx_ssrc) {
      g_auto (GStrv) words = g_strsplit (group, " ", -1);

      g_assert_cmpuint (g_strv_length (words), ==, 3);
      *rtx_ssrc = (guint32) g_ascii_strtoull (words[2], NULL, 10);
    }
  }
}

static guint
count_elements (GstPipeline *pipeline,
                const char  *factory_name)
{
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (pipeline));
  GValue item = G_VALUE_INIT;
  guint count = 0;

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElementFactory *factory = gst_element_get_factory (g_value_get_object (&item));

    if (factory && g_strcmp0 (GST_OBJECT_NAME (factory), factory_name) == 0)
      count++;
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  return count;
}

static void
on_error_fail (GstCallRtpTransport *transport,
               GError              *error,
               gpointer             user_data)
{
  g_error ("transport error: %s", error->message);
}

/* ------------------------------------------------------------------------ */
/* Bundle: audio session 0 and video session 1 on one port                   */

typedef struct {
  GThread *owner;
  GHashTable *calls;  /* SSRC -> number of calls */
  guint total_calls;
} RoutingHook;

static int
on_bundled_ssrc (GstCallRtpTransport *transport,
                 guint                ssrc,
                 guint                payload_type,
                 const char          *mid,
                 RoutingHook         *hook)
{
  guint calls;

  g_assert_true (g_thread_self () == hook->owner);
  calls = GPOINTER_TO_UINT (g_hash_table_lookup (hook->calls, GUINT_TO_POINTER (ssrc)));
  g_hash_table_insert (hook->calls, GUINT_TO_POINTER (ssrc), GUINT_TO_POINTER (calls + 1));
  hook->total_calls++;
  g_test_message ("bundled-ssrc: SSRC %u, payload type %u -> session %d", ssrc,
                  payload_type, payload_type == 111 ? 0 : 1);
  /* Opus is audio, session 0; everything else video, session 1. */
  return payload_type == 111 ? 0 : 1;
}

/* A test_wait_until() condition: each named statistic of the transport
 * reached its figure. */
typedef struct {
  GstCallRtpTransport *transport;
  const char *fields[2];
  guint at_least[2];
} StatsTarget;

#define DECODED_TARGET(transport, video, audio) \
  ((StatsTarget) { (transport), { "video-frames-decoded", "audio-buffers-decoded" }, \
                   { (video), (audio) } })

static gboolean
stats_reached (gpointer data)
{
  StatsTarget *target = data;

  for (guint i = 0; i < G_N_ELEMENTS (target->fields); i++) {
    if (target->fields[i] && stats_uint (target->transport, target->fields[i]) <
                             target->at_least[i])
      return FALSE;
  }
  return TRUE;
}

static void
test_bundle (void)
{
  g_autoptr (GError) error = NULL;
  GstCallRtpTransport *sender = gst_call_rtp_transport_new ();
  GstCallRtpTransport *receiver = gst_call_rtp_transport_new ();
  RoutingHook hook = { g_thread_self (), g_hash_table_new (NULL, NULL), 0 };
  StatsTarget target = DECODED_TARGET (receiver, 15, 15);
  g_autofree char *offer = NULL;
  g_autofree char *answer = NULL;
  guint32 audio_ssrc, video_ssrc;
  GHashTableIter iter;
  gpointer calls;

  g_assert_true (gst_call_rtp_transport_set_sources_from_description (sender,
      TEST_VIDEO_SOURCE, TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_rtp_transport_set_video_sink (sender, counting_sink ());
  gst_call_rtp_transport_set_audio_sink (sender, counting_sink ());
  gst_call_rtp_transport_set_video_sink (receiver, counting_sink ());
  gst_call_rtp_transport_set_audio_sink (receiver, counting_sink ());
  g_signal_connect (sender, "error", G_CALLBACK (on_error_fail), NULL);
  g_signal_connect (receiver, "error", G_CALLBACK (on_error_fail), NULL);
  g_signal_connect (receiver, "bundled-ssrc", G_CALLBACK (on_bundled_ssrc), &hook);

  offer = gst_call_rtp_transport_create_offer (sender, &error);
  g_assert_no_error (error);
  g_test_message ("offer:\n%s", offer);
  g_assert_nonnull (strstr (offer, "a=group:BUNDLE 0 1"));
  g_assert_nonnull (strstr (offer, "m=audio"));
  g_assert_nonnull (strstr (offer, "a=rtcp-mux"));
  g_assert_nonnull (strstr (offer, "RTP/AVPF"));
  g_assert_nonnull (strstr (offer, "a=rtcp-fb:96 nack pli"));
  g_assert_nonnull (strstr (offer, "a=rtpmap:97 rtx/90000"));
  g_assert_nonnull (strstr (offer, "a=fmtp:97 apt=96"));
  g_assert_nonnull (strstr (offer, "a=ssrc-group:FID"));

  answer = gst_call_rtp_transport_create_answer (receiver, offer, &error);
  g_assert_no_error (error);
  g_test_message ("answer:\n%s", answer);
  g_assert_true (gst_call_rtp_transport_set_remote_answer (sender, answer, &error));
  g_assert_no_error (error);

  /* One receive port on each side, whatever the number of media. */
  g_assert_cmpuint (count_elements (gst_call_rtp_transport_get_pipeline (receiver), "udpsrc"),
                    ==, 1);
  g_assert_cmpuint (count_elements (gst_call_rtp_transport_get_pipeline (sender), "udpsrc"),
                    ==, 1);

  test_wait_until (stats_reached, &target, 60000, "audio and video decoded by the receiver");

  /* Both sessions exist on the receiver and hold the media of their kind. */
  sdp_ssrcs (offer, "audio", &audio_ssrc, NULL);
  sdp_ssrcs (offer, "video", &video_ssrc, NULL);
  g_assert_true (session_exists (receiver, 0));
  g_assert_true (session_exists (receiver, 1));
  g_assert_true (session_has_ssrc (receiver, 0, audio_ssrc));
  g_assert_true (session_has_ssrc (receiver, 1, video_ssrc));
  g_assert_false (session_has_ssrc (receiver, 0, video_ssrc));
  g_assert_false (session_has_ssrc (receiver, 1, audio_ssrc));
  g_assert_cmpuint (stats_uint (receiver, "sessions"), ==, 2);

  /* The hook ran once per new SSRC, audio and video among them. */
  g_assert_cmpuint (g_hash_table_size (hook.calls), >=, 2);
  g_assert_true (g_hash_table_contains (hook.calls, GUINT_TO_POINTER (audio_ssrc)));
  g_assert_true (g_hash_table_contains (hook.calls, GUINT_TO_POINTER (video_ssrc)));
  g_hash_table_iter_init (&iter, hook.calls);
  while (g_hash_table_iter_next (&iter, NULL, &calls))
    g_assert_cmpuint (GPOINTER_TO_UINT (calls), ==, 1);
  g_assert_cmpuint (stats_uint (receiver, "bundled-ssrc-calls"), ==, hook.total_calls);

  /* And the other way: the receiver's RTCP reached the sender's sessions. */
  g_test_message ("receiver: %u video frames, %u audio buffers decoded; %u SSRCs routed",
                  stats_uint (receiver, "video-frames-decoded"),
                  stats_uint (receiver, "audio-buffers-decoded"),
                  stats_uint (receiver, "ssrcs"));
  g_assert_cmpuint (stats_uint (receiver, "dropped-invalid"), ==, 0);

  gst_call_rtp_transport_close (sender);
  gst_call_rtp_transport_close (receiver);
  g_hash_table_unref (hook.calls);
  g_assert_finalize_object (sender);
  g_assert_finalize_object (receiver);
}

/* ------------------------------------------------------------------------ */
/* RTX: 5% loss between sender and receiver                                  */

/* @frames frames of VP8, encoded before the call into memory, so that
 * what is sent does not depend on how fast the machine encodes: the call
 * then sends them paced in real time. */
typedef struct {
  GstCaps *caps;
  GPtrArray *buffers;  /* GstBuffer */
} EncodedVideo;

static void
encoded_video_clear (EncodedVideo *video)
{
  gst_clear_caps (&video->caps);
  g_clear_pointer (&video->buffers, g_ptr_array_unref);
}

static void
encode_video (EncodedVideo *video,
              guint         frames)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *description = NULL;
  g_autoptr (GstElement) pipeline = NULL;
  g_autoptr (GstElement) sink = NULL;
  GstSample *sample = NULL;

  /* The send bin's VP8 settings (GstCallCodecs), at its 1 Mbit/s. */
  description = g_strdup_printf (
      "videotestsrc num-buffers=%d pattern=ball ! "
      "video/x-raw,width=640,height=480,framerate=30/1 ! "
      "vp8enc deadline=1 cpu-used=8 lag-in-frames=0 end-usage=cbr "
      "keyframe-max-dist=120 target-bitrate=1000000 ! "
      "appsink name=sink sync=false max-buffers=0", frames);
  pipeline = gst_parse_launch (description, &error);
  g_assert_no_error (error);
  gst_object_ref_sink (pipeline);
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  g_assert_cmpint (gst_element_set_state (pipeline, GST_STATE_PLAYING), !=,
                   GST_STATE_CHANGE_FAILURE);

  video->buffers = g_ptr_array_new_with_free_func ((GDestroyNotify) gst_buffer_unref);
  /* NULL at the end of the stream. */
  while (g_signal_emit_by_name (sink, "pull-sample", &sample), sample) {
    if (!video->caps)
      video->caps = gst_caps_ref (gst_sample_get_caps (sample));
    g_ptr_array_add (video->buffers, gst_buffer_ref (gst_sample_get_buffer (sample)));
    gst_sample_unref (sample);
    sample = NULL;
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  g_assert_cmpuint (video->buffers->len, ==, frames);
  g_assert_nonnull (video->caps);
}

/* The frames stop, the call does not: no end of stream (which would make
 * rtpbin say BYE) reaches the transport. */
static GstPadProbeReturn
drop_eos (GstPad          *pad,
          GstPadProbeInfo *info,
          gpointer         user_data)
{
  if (GST_EVENT_TYPE (GST_PAD_PROBE_INFO_EVENT (info)) == GST_EVENT_EOS)
    return GST_PAD_PROBE_DROP;
  return GST_PAD_PROBE_OK;
}

/* The encoded frames, played in real time. */
static GstElement *
make_encoded_source (const EncodedVideo *video)
{
  GstElement *bin = gst_bin_new (NULL);
  GstElement *appsrc = gst_element_factory_make ("appsrc", NULL);
  GstElement *clocksync = gst_element_factory_make ("clocksync", NULL);
  g_autoptr (GstPad) clocksync_src = NULL;
  GstPad *ghost;
  GstFlowReturn flow = GST_FLOW_OK;

  g_assert_nonnull (appsrc);
  g_assert_nonnull (clocksync);
  g_object_set (appsrc, "caps", video->caps, "format", GST_FORMAT_TIME,
                "max-bytes", (guint64) 0, NULL);
  gst_bin_add_many (GST_BIN (bin), appsrc, clocksync, NULL);
  g_assert_true (gst_element_link (appsrc, clocksync));
  clocksync_src = gst_element_get_static_pad (clocksync, "src");
  ghost = gst_ghost_pad_new ("src", clocksync_src);
  gst_pad_add_probe (ghost, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, drop_eos, NULL, NULL);
  gst_element_add_pad (bin, ghost);

  for (guint i = 0; i < video->buffers->len; i++) {
    g_signal_emit_by_name (appsrc, "push-buffer", video->buffers->pdata[i], &flow);
    g_assert_cmpint (flow, ==, GST_FLOW_OK);
  }
  g_signal_emit_by_name (appsrc, "end-of-stream", &flow);
  return bin;
}

typedef struct {
  GstCallRtpTransport *sender;
  GstCallRtpTransport *receiver;
  guint frames;
  gint64 quiet;          /* microseconds without a new frame: drained */
  guint last_decoded;
  gint64 last_change;
  gint64 last_report;
} Drain;

/* Every frame of the file was sent and the receiver had nothing new for
 * the quiet time. */
static gboolean
drained (gpointer data)
{
  Drain *drain = data;
  guint decoded = stats_uint (drain->receiver, "video-frames-decoded");
  guint sent = stats_uint (drain->sender, "video-frames-sent");
  gint64 now = g_get_monotonic_time ();

  if (now - drain->last_report > G_USEC_PER_SEC) {
    g_test_message ("%u frames sent, %u decoded", sent, decoded);
    drain->last_report = now;
  }
  if (decoded != drain->last_decoded || drain->last_change == 0) {
    drain->last_decoded = decoded;
    drain->last_change = now;
    return FALSE;
  }
  return sent >= drain->frames && now - drain->last_change > drain->quiet;
}

typedef struct {
  guint sent;
  guint decoded;
  guint nack_sent;
  guint rtx_received;
  guint dropped;
  gboolean rtx_ssrc_in_video_session;
  gboolean rtx_ssrc_in_audio_session;
} LossResult;

/* Send filter: random loss of LOSS_PROBABILITY from a seed, drawn per
 * stream (video, its retransmissions, audio, RTCP) so that a seed always
 * loses the same video packets, however the streams interleave. The loss
 * starts with the LOSS_START-th video packet: the first keyframe arrives
 * whole and rtpbin has taken the new sources (RFC 3550 probation drops
 * the first packets of a source that skips a sequence number). */
typedef struct {
  GRand *streams[4];
  guint video_packets;  /* streaming thread */
  gint dropped_video;   /* atomic: original video packets lost */
} SeededLoss;

enum { LOSS_STREAM_VIDEO, LOSS_STREAM_RTX, LOSS_STREAM_AUDIO, LOSS_STREAM_RTCP };

static void
seeded_loss_init (SeededLoss *loss,
                  guint32     seed)
{
  for (guint i = 0; i < G_N_ELEMENTS (loss->streams); i++)
    loss->streams[i] = g_rand_new_with_seed (seed * G_N_ELEMENTS (loss->streams) + i);
  loss->video_packets = 0;
  loss->dropped_video = 0;
}

static void
seeded_loss_clear (SeededLoss *loss)
{
  for (guint i = 0; i < G_N_ELEMENTS (loss->streams); i++)
    g_clear_pointer (&loss->streams[i], g_rand_free);
}

static GstPadProbeReturn
drop_seeded (GstPad          *pad,
             GstPadProbeInfo *info,
             gpointer         user_data)
{
  SeededLoss *loss = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  guint8 header[2];
  guint stream;

  if (!buffer || gst_buffer_extract (buffer, 0, header, sizeof header) != sizeof header)
    return GST_PAD_PROBE_OK;
  /* RTCP packet types 192-223 (RFC 5761), else the RTP payload type. */
  if (header[1] >= 192 && header[1] <= 223)
    stream = LOSS_STREAM_RTCP;
  else if ((header[1] & 0x7F) == 96)
    stream = LOSS_STREAM_VIDEO;
  else if ((header[1] & 0x7F) == 97)
    stream = LOSS_STREAM_RTX;
  else
    stream = LOSS_STREAM_AUDIO;

  if (stream == LOSS_STREAM_VIDEO && loss->video_packets < LOSS_START)
    loss->video_packets++;
  if (loss->video_packets < LOSS_START ||
      g_rand_double (loss->streams[stream]) >= LOSS_PROBABILITY)
    return GST_PAD_PROBE_OK;
  if (stream == LOSS_STREAM_VIDEO)
    g_atomic_int_inc (&loss->dropped_video);
  return GST_PAD_PROBE_DROP;
}

/* One call through a lossy path: the sender's video reaches the receiver
 * through the seeded loss, the receiver's RTCP (its NACKs) comes back
 * whole. */
typedef struct {
  guint32 seed;
  gboolean rtx;
  GstCallRtpTransport *sender;
  GstCallRtpTransport *receiver;
  SeededLoss loss;
  Drain drain;
  char *offer;
  LossResult result;
} LossRun;

static void
loss_run_start (LossRun            *run,
                const EncodedVideo *encoded,
                gboolean            rtx,
                guint32             seed)
{
  g_autoptr (GError) error = NULL;
  GstElement *filter = gst_element_factory_make ("identity", NULL);
  g_autoptr (GstPad) filter_sink = gst_element_get_static_pad (filter, "sink");
  g_autofree char *answer = NULL;

  run->seed = seed;
  run->rtx = rtx;
  run->sender = gst_call_rtp_transport_new ();
  run->receiver = gst_call_rtp_transport_new ();
  run->drain = (Drain) { run->sender, run->receiver, encoded->buffers->len, G_USEC_PER_SEC,
                         0, 0, 0 };
  seeded_loss_init (&run->loss, seed);

  gst_call_rtp_transport_set_rtx (run->sender, rtx);
  gst_call_rtp_transport_set_rtx (run->receiver, rtx);
  g_assert_true (gst_call_rtp_transport_set_sources_from_description (run->sender,
      LOSS_VIDEO_SOURCE, TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_rtp_transport_set_encoded_video_source (run->sender, make_encoded_source (encoded));
  gst_call_rtp_transport_set_video_sink (run->receiver, counting_sink ());
  gst_call_rtp_transport_set_audio_sink (run->receiver, counting_sink ());
  /* The receiver's latency stays at its default. */
  g_signal_connect (run->sender, "error", G_CALLBACK (on_error_fail), NULL);
  g_signal_connect (run->receiver, "error", G_CALLBACK (on_error_fail), NULL);
  gst_pad_add_probe (filter_sink, GST_PAD_PROBE_TYPE_BUFFER, drop_seeded, &run->loss, NULL);
  gst_call_rtp_transport_set_send_filter (run->sender, filter);

  run->offer = gst_call_rtp_transport_create_offer (run->sender, &error);
  g_assert_no_error (error);
  answer = gst_call_rtp_transport_create_answer (run->receiver, run->offer, &error);
  g_assert_no_error (error);
  g_assert_true (gst_call_rtp_transport_set_remote_answer (run->sender, answer, &error));
  g_assert_no_error (error);
  g_assert_true ((strstr (answer, "rtx/90000") != NULL) == rtx);

  /* The file is sent as it is: no encoder in the sender. */
  {
    g_autoptr (GstElement) encoder =
        test_find_element (GST_ELEMENT (gst_call_rtp_transport_get_pipeline (run->sender)), "vp8enc");
    g_autoptr (GstElement) payloader =
        test_find_element (GST_ELEMENT (gst_call_rtp_transport_get_pipeline (run->sender)),
                           "rtpvp8pay");

    g_assert_null (encoder);
    g_assert_nonnull (payloader);
  }
}

/* A test_wait_until() condition: every run sent its frames and drained. */
static gboolean
all_drained (gpointer data)
{
  GPtrArray *runs = data;
  gboolean all = TRUE;

  /* Each run's quiet time starts when it is looked at: look at all. */
  for (guint i = 0; i < runs->len; i++) {
    LossRun *run = g_ptr_array_index (runs, i);

    all = drained (&run->drain) && all;
  }
  return all;
}

static void
loss_run_finish (LossRun *run)
{
  LossResult *result = &run->result;
  guint32 video_ssrc, rtx_ssrc;

  {
    g_autoptr (GstStructure) stats = gst_call_rtp_transport_get_stats (run->receiver);
    g_autofree char *text = gst_structure_to_string (stats);

    g_test_message ("receiver stats: %s", text);
  }
  /* What the policy costs: the receiver's RTCP (its NACKs among it). */
  g_test_message ("seed %u: %u RTCP packets reached the sender", run->seed,
                  stats_uint (run->sender, "rtcp-packets-routed"));
  result->sent = stats_uint (run->sender, "video-frames-sent");
  result->decoded = stats_uint (run->receiver, "video-frames-decoded");
  result->nack_sent = session_stats_uint (run->receiver, 1, "nack-sent");
  result->rtx_received = session_stats_uint (run->receiver, 1, "rtx-packets-received");
  result->dropped = (guint) g_atomic_int_get (&run->loss.dropped_video);
  sdp_ssrcs (run->offer, "video", &video_ssrc, &rtx_ssrc);
  g_assert_true (session_has_ssrc (run->receiver, 1, video_ssrc));
  if (run->rtx) {
    g_assert_cmpuint (rtx_ssrc, !=, 0);
    result->rtx_ssrc_in_video_session = session_has_ssrc (run->receiver, 1, rtx_ssrc);
    result->rtx_ssrc_in_audio_session = session_has_ssrc (run->receiver, 0, rtx_ssrc);
  }
  g_print ("# RTX %s, %.0f%% loss, seed %u: %u of %u frames decoded (%.1f%%), "
           "%u video packets lost on the way, %u NACKs, %u RTX packets\n",
           run->rtx ? "on" : "off", LOSS_PROBABILITY * 100, run->seed, result->decoded,
           result->sent, 100.0 * result->decoded / MAX (result->sent, 1), result->dropped,
           result->nack_sent, result->rtx_received);

  gst_call_rtp_transport_close (run->sender);
  gst_call_rtp_transport_close (run->receiver);
  g_assert_finalize_object (run->sender);
  g_assert_finalize_object (run->receiver);
  seeded_loss_clear (&run->loss);
  g_free (run->offer);
}

/* LOSS_SEEDS calls with RTX and one without, at the same time, each
 * through its own seeded 5% loss, at the default latency. */
static void
test_rtx_with_loss (void)
{
  EncodedVideo encoded = { NULL, NULL };
  LossRun runs[LOSS_SEEDS + 1];
  g_autoptr (GPtrArray) waiting = g_ptr_array_new ();
  LossRun *without_rtx = &runs[LOSS_SEEDS];
  gint64 start;

  encode_video (&encoded, LOSS_FRAMES);
  start = g_get_monotonic_time ();
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++) {
    loss_run_start (&runs[i], &encoded, i < LOSS_SEEDS, i < LOSS_SEEDS ? i + 1 : 1);
    g_ptr_array_add (waiting, &runs[i]);
  }
  test_wait_until (all_drained, waiting, 120000, "every frame sent and the receivers drained");
  g_test_message ("%u calls drained after %.1f s", (guint) G_N_ELEMENTS (runs),
                  (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);
  for (guint i = 0; i < G_N_ELEMENTS (runs); i++)
    loss_run_finish (&runs[i]);
  encoded_video_clear (&encoded);

  for (guint i = 0; i < G_N_ELEMENTS (runs); i++) {
    LossResult *result = &runs[i].result;

    /* Every frame of the file went out, and the path lost some of them. */
    g_assert_cmpuint (result->sent, ==, LOSS_FRAMES);
    g_assert_cmpuint (result->dropped, >, 0);
    if (!runs[i].rtx)
      continue;
    /* RTX repairs the video session only, after NACKs, and at least 99%
     * of the frames are decoded whatever the seed. */
    g_assert_true (result->rtx_ssrc_in_video_session);
    g_assert_false (result->rtx_ssrc_in_audio_session);
    g_assert_cmpuint (result->nack_sent, >, 0);
    g_assert_cmpuint (result->rtx_received, >, 0);
    g_assert_cmpuint (result->decoded * 100, >=, result->sent * 99);
  }
  /* Without RTX nothing is retransmitted, and the frames the same loss
   * broke stay lost. */
  g_assert_cmpuint (without_rtx->result.nack_sent, ==, 0);
  g_assert_cmpuint (without_rtx->result.rtx_received, ==, 0);
  g_assert_cmpuint (without_rtx->result.decoded, <, runs[0].result.decoded);
}

/* ------------------------------------------------------------------------ */
/* Bad input                                                                 */

/* Two FID groups claim RTX SSRC 3003; 4004 repairs itself. */
#define CONTRADICTORY_OFFER \
  "v=0\r\n" \
  "o=- 1 0 IN IP4 127.0.0.1\r\n" \
  "s=-\r\n" \
  "c=IN IP4 127.0.0.1\r\n" \
  "t=0 0\r\n" \
  "a=group:BUNDLE a v\r\n" \
  "m=audio %u RTP/AVPF 111\r\n" \
  "a=mid:a\r\n" \
  "a=rtpmap:111 OPUS/48000/2\r\n" \
  "a=rtcp-mux\r\n" \
  "a=ssrc:1001 cname:x\r\n" \
  "m=video %u RTP/AVPF 96 97\r\n" \
  "a=mid:v\r\n" \
  "a=rtpmap:96 VP8/90000\r\n" \
  "a=rtcp-fb:96 nack\r\n" \
  "a=rtpmap:97 rtx/90000\r\n" \
  "a=fmtp:97 apt=96\r\n" \
  "a=rtcp-mux\r\n" \
  "a=ssrc-group:FID 2002 3003\r\n" \
  "a=ssrc-group:FID 5005 3003\r\n" \
  "a=ssrc-group:FID 4004 4004\r\n" \
  "a=ssrc:2002 cname:x\r\n" \
  "a=ssrc:3003 cname:x\r\n"

static int
route_by_ssrc (GstCallRtpTransport *transport,
               guint                ssrc,
               guint                payload_type,
               const char          *mid,
               gpointer             user_data)
{
  /* A hostile or buggy application: a session per SSRC. */
  return (int) (ssrc % 1000);
}

static void
on_warning_count (GstCallRtpTransport *transport,
                  GError              *warning,
                  guint               *warnings)
{
  g_test_message ("warning: %s", warning->message);
  (*warnings)++;
}

static gboolean
two_or_more (gpointer data)
{
  return *(guint *) data >= 2;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
}

/* Notes a warning that the table of unsignalled SSRCs is full. */
static void
on_warning_table_full (GstCallRtpTransport *transport,
                       GError              *warning,
                       gboolean            *table_full)
{
  if (strstr (warning->message, "fill the SSRC table"))
    *table_full = TRUE;
}

static gsize
make_rtp (guint8  *packet,
          guint    payload_type,
          guint16  seq,
          guint32  ssrc,
          gsize    payload)
{
  memset (packet, 0, 12 + payload);
  packet[0] = 0x80;
  packet[1] = (guint8) payload_type;
  GST_WRITE_UINT16_BE (packet + 2, seq);
  GST_WRITE_UINT32_BE (packet + 4, seq * 3000u);
  GST_WRITE_UINT32_BE (packet + 8, ssrc);
  return 12 + payload;
}

/* Somebody on the network: a UDP socket on 127.0.0.1 that sends packets to
 * a transport's port. */
typedef struct {
  GSocket *socket;
  GSocketAddress *target;
} Stranger;

/* Returns the port the stranger sends from. */
static guint
stranger_init (Stranger *stranger)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) local = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;

  stranger->target = NULL;
  stranger->socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                   G_SOCKET_PROTOCOL_UDP, &error);
  g_assert_no_error (error);
  g_assert_true (g_socket_bind (stranger->socket, local, FALSE, &error));
  g_assert_no_error (error);
  bound = g_socket_get_local_address (stranger->socket, &error);
  g_assert_no_error (error);
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

static void
stranger_aim (Stranger            *stranger,
              GstCallRtpTransport *transport)
{
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);

  stranger->target = g_inet_socket_address_new (loopback,
      (guint16) gst_call_rtp_transport_get_local_port (transport));
}

/* Paced, so that the socket's receive buffer never overflows. */
static void
stranger_send (Stranger   *stranger,
               const void *data,
               gsize       size)
{
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_socket_send_to (stranger->socket, stranger->target, data, size, NULL,
                                     &error), ==, (gssize) size);
  g_assert_no_error (error);
  g_usleep (500);
}

static void
stranger_clear (Stranger *stranger)
{
  g_clear_object (&stranger->socket);
  g_clear_object (&stranger->target);
}

typedef struct {
  GstCallRtpTransport *transport;
  guint64 invalid, unknown_payload_type, contradictory, limit;
} DropTarget;

static gboolean
dropped_enough (gpointer data)
{
  DropTarget *target = data;

  return stats_uint (target->transport, "dropped-invalid") >= target->invalid &&
         stats_uint (target->transport, "dropped-unknown-payload-type") >=
             target->unknown_payload_type &&
         stats_uint (target->transport, "dropped-contradictory") >= target->contradictory &&
         stats_uint (target->transport, "dropped-limit") >= target->limit;
}

static void
test_bad_input (void)
{
  g_autoptr (GError) error = NULL;
  GstCallRtpTransport *receiver = gst_call_rtp_transport_new ();
  Stranger stranger;
  guint port = stranger_init (&stranger);
  g_autofree char *offer = NULL;
  g_autofree char *answer = NULL;
  DropTarget target = { receiver, 0, 0, 0, 0 };
  guint warnings = 0;
  gboolean table_full = FALSE;
  guint8 packet[1500];
  guint16 seq = 0;
  GRand *rand = g_rand_new_with_seed (5);

  gst_call_rtp_transport_set_video_sink (receiver, counting_sink ());
  gst_call_rtp_transport_set_audio_sink (receiver, counting_sink ());
  g_signal_connect (receiver, "warning", G_CALLBACK (on_warning_count), &warnings);
  g_signal_connect (receiver, "warning", G_CALLBACK (on_warning_table_full), &table_full);
  g_signal_connect (receiver, "bundled-ssrc", G_CALLBACK (route_by_ssrc), NULL);
  offer = g_strdup_printf (CONTRADICTORY_OFFER, port, port);
  answer = gst_call_rtp_transport_create_answer (receiver, offer, &error);
  g_assert_no_error (error);
  g_assert_nonnull (answer);
  stranger_aim (&stranger, receiver);

  /* Garbage: random bytes, short packets, RTCP with wrong lengths. */
  for (guint i = 0; i < 50; i++) {
    gsize size = (gsize) g_rand_int_range (rand, 1, 200);

    for (gsize b = 0; b < size; b++)
      packet[b] = (guint8) g_rand_int_range (rand, 0, 256);
    packet[0] &= 0x3F; /* version 0: never valid */
    stranger_send (&stranger, packet, size);
    target.invalid++;
  }
  stranger_send (&stranger, "\x80", 1);
  target.invalid++;
  make_rtp (packet, 96, seq++, 2002, 0);
  stranger_send (&stranger, packet, 8);                          /* header cut short */
  target.invalid++;
  packet[0] = 0x80; packet[1] = 200; GST_WRITE_UINT16_BE (packet + 2, 40);
  stranger_send (&stranger, packet, 28);                         /* SR longer than the datagram */
  target.invalid++;
  packet[0] = 0x9F; packet[1] = 96;          /* RTP, CSRC count 15, no room */
  stranger_send (&stranger, packet, 20);
  target.invalid++;

  /* Unknown payload types. */
  for (guint i = 0; i < 20; i++) {
    stranger_send (&stranger, packet, make_rtp (packet, 30 + i, seq++, 1001, 100));
    target.unknown_payload_type++;
  }
  /* SSRCs of the contradictory FID groups. */
  for (guint i = 0; i < 10; i++) {
    stranger_send (&stranger, packet, make_rtp (packet, 97, seq++, 3003, 100));
    stranger_send (&stranger, packet, make_rtp (packet, 96, seq++, 4004, 100));
    target.contradictory += 2;
  }
  /* 200 new SSRCs, each asking for its own session. */
  for (guint i = 0; i < 200; i++) {
    stranger_send (&stranger, packet, make_rtp (packet, 96, seq++, 10000 + i, 100));
    stranger_send (&stranger, packet, make_rtp (packet, 96, seq++, 10000 + i, 100));
  }
  target.limit = 1;
  test_wait_until (dropped_enough, &target, 60000, "every bad packet dropped and counted");
  /* Nothing more arrives: the counts are final. */
  test_drain_context ();
  g_usleep (200 * 1000);

  g_test_message ("dropped: %u invalid, %u unknown payload type, %u contradictory, %u limit, "
                  "%u unknown SSRC; %u sessions, %u SSRCs, %u warnings",
                  stats_uint (receiver, "dropped-invalid"),
                  stats_uint (receiver, "dropped-unknown-payload-type"),
                  stats_uint (receiver, "dropped-contradictory"),
                  stats_uint (receiver, "dropped-limit"),
                  stats_uint (receiver, "dropped-unknown-ssrc"),
                  stats_uint (receiver, "sessions"), stats_uint (receiver, "ssrcs"),
                  warnings);
  /* Exactly the garbage counts as garbage. */
  g_assert_cmpuint (stats_uint (receiver, "dropped-invalid"), ==, target.invalid);
  g_assert_cmpuint (stats_uint (receiver, "dropped-unknown-payload-type"), ==,
                    target.unknown_payload_type);
  g_assert_cmpuint (stats_uint (receiver, "dropped-contradictory"), ==, target.contradictory);
  g_assert_cmpuint (stats_uint (receiver, "contradictory-ssrcs"), ==, 4);
  /* Bounded: sessions and SSRCs. */
  g_assert_cmpuint (stats_uint (receiver, "ssrcs"), <=, 64);
  g_assert_cmpuint (stats_uint (receiver, "sessions"), <=, GST_CALL_RTP_TRANSPORT_MAX_SESSIONS);
  for (guint i = GST_CALL_RTP_TRANSPORT_MAX_SESSIONS; i < 1000; i += 37)
    g_assert_false (session_exists (receiver, i));
  /* The contradictory groups and the session limit were reported, and the
   * table full of SSRCs waiting for the application. */
  test_wait_until (two_or_more, &warnings, 5000, "warnings");
  g_assert_cmpuint (warnings, >=, 2);
  test_wait_until (is_true, &table_full, 5000, "the warning of a full SSRC table");

  g_rand_free (rand);
  stranger_clear (&stranger);
  gst_call_rtp_transport_close (receiver);
  g_assert_finalize_object (receiver);
}

/* 3 s of video. */
#define FLOOD_FRAMES 90
/* From the FLOOD_LOSS_START-th video packet (not a retransmission) to the
 * FLOOD_LOSS_END-th, one of FLOOD_LOSS_PERIOD is lost: from about 1 s into
 * the call, whenever the machine gets there, and never the last packets
 * (a loss is seen when a later packet arrives). */
#define FLOOD_LOSS_START 30
#define FLOOD_LOSS_END 75
#define FLOOD_LOSS_PERIOD 10

typedef struct {
  guint seen;    /* streaming thread */
  gint dropped;  /* atomic */
} PeriodicLoss;

/* Send filter: drops video packets (payload type 96) as FLOOD_LOSS_START,
 * FLOOD_LOSS_END and FLOOD_LOSS_PERIOD say, so that exactly those need RTX
 * (payload type 97). */
static GstPadProbeReturn
drop_periodically (GstPad          *pad,
                   GstPadProbeInfo *info,
                   gpointer         user_data)
{
  PeriodicLoss *loss = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  GstMapInfo map;
  gboolean video = FALSE;

  if (!buffer)
    return GST_PAD_PROBE_OK;
  if (gst_buffer_map (buffer, &map, GST_MAP_READ)) {
    video = map.size > 12 && (map.data[1] & 0x7F) == 96;
    gst_buffer_unmap (buffer, &map);
  }
  if (video && ++loss->seen >= FLOOD_LOSS_START && loss->seen <= FLOOD_LOSS_END &&
      (loss->seen - FLOOD_LOSS_START) % FLOOD_LOSS_PERIOD == 0) {
    g_atomic_int_inc (&loss->dropped);
    return GST_PAD_PROBE_DROP;
  }
  return GST_PAD_PROBE_OK;
}

typedef struct {
  GstCallRtpTransport *transport;
  guint64 at_least;
} UnknownSsrcTarget;

static gboolean
unknown_ssrcs_dropped (gpointer data)
{
  UnknownSsrcTarget *target = data;

  return stats_uint (target->transport, "dropped-unknown-ssrc") >= target->at_least;
}

/* The transport has seen that many RTP packets, routed or dropped. */
static gboolean
rtp_packets_seen (gpointer data)
{
  UnknownSsrcTarget *target = data;

  return stats_uint (target->transport, "rtp-packets-routed") +
         stats_uint (target->transport, "dropped-unknown-ssrc") +
         stats_uint (target->transport, "dropped-limit") >= target->at_least;
}

/* Strangers send the payload types of the description from SSRCs it does
 * not name: 100 packets before media starts, 70 once it flows, then the
 * path loses packets and RTX repairs them. */
static void
test_ssrc_flood (void)
{
  g_autoptr (GError) error = NULL;
  EncodedVideo encoded = { NULL, NULL };
  GstCallRtpTransport *sender = gst_call_rtp_transport_new ();
  GstCallRtpTransport *receiver = gst_call_rtp_transport_new ();
  GstElement *filter = gst_element_factory_make ("identity", NULL);
  g_autoptr (GstPad) filter_sink = gst_element_get_static_pad (filter, "sink");
  PeriodicLoss loss = { 0, 0 };
  StatsTarget first = DECODED_TARGET (receiver, 1, 1);
  UnknownSsrcTarget seen = { receiver, 100 };
  UnknownSsrcTarget unknown = { receiver, 170 };
  /* Longer than the jitterbuffer (200 ms by default) holds a frame that
   * waits for a retransmission. */
  Drain drain = { sender, receiver, FLOOD_FRAMES, 1700 * (gint64) 1000, 0, 0, 0 };
  Stranger stranger;
  g_autofree char *offer = NULL;
  g_autofree char *answer = NULL;
  guint32 video_ssrc, rtx_ssrc, audio_ssrc;
  guint warnings = 0;
  guint8 packet[1500];
  guint sent, decoded, rtx_received, received;
  int lost = 0;
  gint64 start = g_get_monotonic_time ();

  encode_video (&encoded, FLOOD_FRAMES);
  stranger_init (&stranger);
  g_assert_true (gst_call_rtp_transport_set_sources_from_description (sender,
      LOSS_VIDEO_SOURCE, TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_rtp_transport_set_encoded_video_source (sender, make_encoded_source (&encoded));
  gst_call_rtp_transport_set_video_sink (receiver, counting_sink ());
  gst_call_rtp_transport_set_audio_sink (receiver, counting_sink ());
  g_signal_connect (sender, "error", G_CALLBACK (on_error_fail), NULL);
  g_signal_connect (receiver, "error", G_CALLBACK (on_error_fail), NULL);
  g_signal_connect (receiver, "warning", G_CALLBACK (on_warning_count), &warnings);
  gst_pad_add_probe (filter_sink, GST_PAD_PROBE_TYPE_BUFFER, drop_periodically, &loss, NULL);
  gst_call_rtp_transport_set_send_filter (sender, filter);

  offer = gst_call_rtp_transport_create_offer (sender, &error);
  g_assert_no_error (error);
  answer = gst_call_rtp_transport_create_answer (receiver, offer, &error);
  g_assert_no_error (error);
  sdp_ssrcs (offer, "video", &video_ssrc, &rtx_ssrc);
  sdp_ssrcs (offer, "audio", &audio_ssrc, NULL);
  g_assert_cmpuint (rtx_ssrc, !=, 0);

  /* The receiver listens; the sender does not send yet. */
  stranger_aim (&stranger, receiver);
  for (guint i = 0; i < 100; i++)
    stranger_send (&stranger, packet, make_rtp (packet, i % 2 ? 96 : 111, (guint16) i,
                                                500000 + i, 100));
  test_wait_until (rtp_packets_seen, &seen, 30000, "the strangers' packets");

  g_assert_true (gst_call_rtp_transport_set_remote_answer (sender, answer, &error));
  g_assert_no_error (error);
  test_wait_until (stats_reached, &first, 30000, "the first decoded frame");

  /* Mid-call, the RTX payload type among them, before the loss starts
   * (unless the machine is very slow) and the RTX SSRC with it. */
  for (guint i = 0; i < 70; i++)
    stranger_send (&stranger, packet, make_rtp (packet, i % 2 ? 96 : 97, (guint16) (1000 + i * 7),
                                                600000 + i, 100));
  test_wait_until (unknown_ssrcs_dropped, &unknown, 30000, "the strangers' packets dropped");
  test_wait_until (drained, &drain, 60000, "every frame sent and the receiver drained");

  {
    g_autoptr (GstStructure) stats = gst_call_rtp_transport_get_stats (receiver);
    g_autofree char *text = gst_structure_to_string (stats);

    g_test_message ("receiver stats: %s", text);
    gst_structure_free (stats);
    stats = gst_call_rtp_transport_get_stats (sender);
    g_free (text);
    text = gst_structure_to_string (stats);
    g_test_message ("sender stats: %s", text);
  }
  sent = stats_uint (sender, "video-frames-sent");
  decoded = stats_uint (receiver, "video-frames-decoded");
  rtx_received = session_stats_uint (receiver, 1, "rtx-packets-received");
  received = session_stats_uint (receiver, 1, "packets-received");
  {
    g_autoptr (GstStructure) stats = gst_call_rtp_transport_get_stats (receiver);
    g_autoptr (GstStructure) video = NULL;

    g_assert_true (gst_structure_get (stats, "session-1", GST_TYPE_STRUCTURE, &video, NULL));
    g_assert_true (gst_structure_get_int (video, "packets-lost", &lost));
  }
  g_test_message ("%u of %u frames decoded, %d video packets lost on the way, %u RTX "
                  "packets, %u received, %d lost, %u unknown SSRC packets dropped, %.1f s",
                  decoded, sent, g_atomic_int_get (&loss.dropped), rtx_received, received, lost,
                  stats_uint (receiver, "dropped-unknown-ssrc"),
                  (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC);

  /* The SSRC table dropped the strangers' packets and nothing else: not
   * one packet of the legitimate streams. */
  g_assert_cmpuint (stats_uint (receiver, "dropped-unknown-ssrc"), ==, 170);
  g_assert_cmpuint (stats_uint (receiver, "dropped-limit"), ==, 0);
  g_assert_cmpuint (stats_uint (receiver, "dropped-unknown-payload-type"), ==, 0);
  g_assert_cmpuint (stats_uint (receiver, "dropped-invalid"), ==, 0);
  /* Every frame, the lost packets repaired by the RTX SSRC of the FID
   * group, in the video session. Under AddressSanitizer on a machine
   * loaded far beyond its cores (load 11 on 2), 1 run of 6 lost one frame
   * to a retransmission that came too late: one is allowed. */
  g_assert_cmpuint (sent, ==, FLOOD_FRAMES);
  g_assert_cmpuint (decoded + 1, >=, sent);
  g_assert_cmpuint (stats_uint (receiver, "audio-buffers-decoded"), >, 0);
  g_assert_cmpint (g_atomic_int_get (&loss.dropped), >, 0);
  g_assert_cmpuint (rtx_received, >=, (guint) g_atomic_int_get (&loss.dropped));
  g_assert_true (session_has_ssrc (receiver, 1, rtx_ssrc));
  /* No stranger reached rtpbin: none is in the stats, loss is the path's. */
  for (guint i = 0; i < 100; i += 9) {
    g_assert_false (session_has_ssrc (receiver, 0, 500000 + i));
    g_assert_false (session_has_ssrc (receiver, 1, 500000 + i));
  }
  for (guint i = 0; i < 70; i += 9)
    g_assert_false (session_has_ssrc (receiver, 1, 600000 + i));
  g_assert_cmpuint (stats_uint (receiver, "ssrcs"), ==, 3);
  g_assert_cmpint (lost, <=, g_atomic_int_get (&loss.dropped));
  g_assert_cmpuint (warnings, ==, 0);

  encoded_video_clear (&encoded);
  stranger_clear (&stranger);
  gst_call_rtp_transport_close (sender);
  gst_call_rtp_transport_close (receiver);
  g_assert_finalize_object (sender);
  g_assert_finalize_object (receiver);
}

static void
test_bad_descriptions (void)
{
  static const char * const bad[] = {
    "",
    "not sdp at all",
    "v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n",
    "v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\nm=video 5000 RTP/AVPF 96\r\n",
    "v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\n"
    "m=video 5000 UDP/TLS/RTP/SAVPF 96\r\n",
    "v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 example.org\r\nt=0 0\r\n"
    "m=video 5000 RTP/AVP 96\r\n",
    "v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\n"
    "m=video 0 RTP/AVP 96\r\n",
  };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    GstCallRtpTransport *transport = gst_call_rtp_transport_new ();
    g_autoptr (GError) error = NULL;
    g_autofree char *answer = gst_call_rtp_transport_create_answer (transport, bad[i], &error);

    g_assert_null (answer);
    g_assert_nonnull (error);
    g_assert_true (error->domain == GST_CALL_ERROR);
    g_test_message ("bad description %u: %s", i, error->message);
    g_assert_finalize_object (transport);
  }
}

#define PLAIN_HEAD(family, address) \
  "v=0\r\no=- 1 0 IN " family " " address "\r\ns=-\r\nc=IN " family " " address "\r\nt=0 0\r\n"

/* The error of answering @offer (with @local_address when set). */
static GError *
answer_error (const char *offer,
              const char *local_address)
{
  GstCallRtpTransport *transport = gst_call_rtp_transport_new ();
  GError *error = NULL;
  g_autofree char *answer = NULL;

  if (local_address)
    gst_call_rtp_transport_set_local_address (transport, local_address);
  answer = gst_call_rtp_transport_create_answer (transport, offer, &error);
  g_assert_null (answer);
  g_assert_nonnull (error);
  g_test_message ("%s", error->message);
  g_assert_finalize_object (transport);
  return error;
}

/* Formats that are no payload type, an a=mid of a megabyte, an address of
 * the other IP family: refused, each with an error that says so. */
static void
test_bad_formats_mid_family (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) offer = NULL;
  GString *huge_mid;

  error = answer_error (PLAIN_HEAD ("IP4", "127.0.0.1")
                        "m=audio 40000 RTP/AVP 0 PCMU\r\na=rtcp-mux\r\n", NULL);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "\"PCMU\""));
  g_assert_nonnull (strstr (error->message, "payload type"));
  g_clear_error (&error);
  error = answer_error (PLAIN_HEAD ("IP4", "127.0.0.1")
                        "m=audio 40000 RTP/AVP 0\r\na=rtcp-mux\r\n"
                        "m=video 40000 RTP/AVP 96 128\r\na=rtpmap:96 VP8/90000\r\n", NULL);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "Media section 1"));
  g_assert_nonnull (strstr (error->message, "\"128\""));
  g_clear_error (&error);

  /* A megabyte of MID: refused, and the message does not carry it. */
  huge_mid = g_string_new (NULL);
  for (guint i = 0; i < 1024 * 1024; i++)
    g_string_append_c (huge_mid, (char) ('a' + i % 26));
  offer = g_string_new (PLAIN_HEAD ("IP4", "127.0.0.1"));
  g_string_append_printf (offer, "a=group:BUNDLE %s\r\nm=audio 40000 RTP/AVP 0\r\n"
                          "a=mid:%s\r\na=rtcp-mux\r\n", huge_mid->str, huge_mid->str);
  g_string_free (huge_mid, TRUE);
  error = answer_error (offer->str, NULL);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "a=mid"));
  g_assert_nonnull (strstr (error->message, "1048576 bytes"));
  g_assert_cmpuint (strlen (error->message), <, 300);
  g_clear_error (&error);
  /* Not a token either. */
  error = answer_error (PLAIN_HEAD ("IP4", "127.0.0.1")
                        "m=audio 40000 RTP/AVP 0\r\na=mid:a\"b\r\na=rtcp-mux\r\n", NULL);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* IPv6 to an IPv4 socket and the reverse: the error says which. */
  error = answer_error (PLAIN_HEAD ("IP6", "::1") "m=audio 40000 RTP/AVP 0\r\na=rtcp-mux\r\n",
                        NULL);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_assert_nonnull (strstr (error->message, "::1 is IPv6"));
  g_assert_nonnull (strstr (error->message, "local-address"));
  g_clear_error (&error);
  error = answer_error (PLAIN_HEAD ("IP4", "127.0.0.1")
                        "m=audio 40000 RTP/AVP 0\r\na=rtcp-mux\r\n", "::1");
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_assert_nonnull (strstr (error->message, "127.0.0.1 is IPv4"));
}

/* The answer's BUNDLE group: the offered MIDs it accepts, not the offer's
 * line. */
static void
test_answer_bundle_group (void)
{
  g_autoptr (GError) error = NULL;
  GstCallRtpTransport *transport = gst_call_rtp_transport_new ();
  g_autofree char *answer = NULL;

  gst_call_rtp_transport_set_audio_sink (transport, counting_sink ());
  answer = gst_call_rtp_transport_create_answer (transport,
      PLAIN_HEAD ("IP4", "127.0.0.1")
      "a=group:BUNDLE a v x\r\n"
      "m=audio 40000 RTP/AVP 0\r\na=mid:a\r\na=rtcp-mux\r\n"
      "m=video 0 RTP/AVP 96\r\na=mid:v\r\n", &error);
  g_assert_no_error (error);
  g_test_message ("answer:\n%s", answer);
  g_assert_nonnull (strstr (answer, "a=group:BUNDLE a\r\n"));
  g_assert_true (strstr (answer, "a=group:") < strstr (answer, "m="));
  gst_call_rtp_transport_close (transport);
  g_assert_finalize_object (transport);
}


/* ------------------------------------------------------------------------ */
/* SRTP keyed by SDES                                                        */

/* The key of the first a=crypto line of @sdp, base64. */
static char *
sdp_crypto_key (const char *sdp)
{
  const char *found = strstr (sdp, "inline:");

  g_assert_nonnull (found);
  return g_strndup (found + 7, 40);
}

/* @sdp with every a=crypto key replaced by one that differs in one bit. */
static char *
corrupt_crypto_keys (const char *sdp)
{
  g_autofree char *key = sdp_crypto_key (sdp);
  g_autofree char *bad_key = g_strdup (key);
  g_auto (GStrv) parts = g_strsplit (sdp, key, -1);

  /* The tenth character holds bits of the master key, not of the salt. */
  bad_key[10] = bad_key[10] == 'A' ? 'B' : 'A';
  return g_strjoinv (bad_key, parts);
}

typedef struct {
  GstCallRtpTransport *offerer;
  GstCallRtpTransport *answerer;
  char *offer;
  char *answer;
} TransportPair;

/* The offerer sends video and audio with @srtp and @avpf set; the
 * answerer, with its defaults, sends audio back. @answer_filter may change
 * the answer on its way to the offerer. */
static void
transport_pair_connect (TransportPair *pair,
                        gboolean       srtp,
                        gboolean       avpf,
                        char *       (*answer_filter) (const char *answer))
{
  g_autoptr (GError) error = NULL;
  g_autofree char *delivered = NULL;

  pair->offerer = gst_call_rtp_transport_new ();
  pair->answerer = gst_call_rtp_transport_new ();
  g_assert_true (gst_call_rtp_transport_get_avpf (pair->offerer));
  gst_call_rtp_transport_set_srtp (pair->offerer, srtp);
  gst_call_rtp_transport_set_avpf (pair->offerer, avpf);
  g_assert_cmpint (gst_call_rtp_transport_get_srtp (pair->offerer), ==, srtp);
  g_assert_false (gst_call_rtp_transport_get_srtp (pair->answerer));
  g_assert_true (gst_call_rtp_transport_set_sources_from_description (pair->offerer,
      TEST_VIDEO_SOURCE, TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  g_assert_true (gst_call_rtp_transport_set_sources_from_description (pair->answerer,
      NULL, TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++) {
    GstCallRtpTransport *transport = i == 0 ? pair->offerer : pair->answerer;

    gst_call_rtp_transport_set_video_sink (transport, counting_sink ());
    gst_call_rtp_transport_set_audio_sink (transport, counting_sink ());
    g_signal_connect (transport, "error", G_CALLBACK (on_error_fail), NULL);
  }

  pair->offer = gst_call_rtp_transport_create_offer (pair->offerer, &error);
  g_assert_no_error (error);
  g_test_message ("offer:\n%s", pair->offer);
  pair->answer = gst_call_rtp_transport_create_answer (pair->answerer, pair->offer, &error);
  g_assert_no_error (error);
  g_test_message ("answer:\n%s", pair->answer);
  delivered = answer_filter ? answer_filter (pair->answer) : g_strdup (pair->answer);
  g_assert_true (gst_call_rtp_transport_set_remote_answer (pair->offerer, delivered, &error));
  g_assert_no_error (error);
}

static void
transport_pair_clear (TransportPair *pair)
{
  gst_call_rtp_transport_close (pair->offerer);
  gst_call_rtp_transport_close (pair->answerer);
  g_assert_finalize_object (pair->offerer);
  g_assert_finalize_object (pair->answerer);
  g_free (pair->offer);
  g_free (pair->answer);
}

static gboolean
stats_boolean (GstCallRtpTransport *transport,
               const char          *field)
{
  g_autoptr (GstStructure) stats = gst_call_rtp_transport_get_stats (transport);
  gboolean value = FALSE;

  g_assert_true (gst_structure_get_boolean (stats, field, &value));
  return value;
}

static void
test_srtp (void)
{
  TransportPair pair = { 0 };
  StatsTarget answerer_target, offerer_target;
  g_autofree char *offer_key = NULL;
  g_autofree char *answer_key = NULL;

  transport_pair_connect (&pair, TRUE, TRUE, NULL);

  g_assert_nonnull (strstr (pair.offer, "m=video"));
  g_assert_null (strstr (pair.offer, "RTP/AVPF"));
  g_assert_nonnull (strstr (pair.offer, " RTP/SAVPF "));
  g_assert_nonnull (strstr (pair.offer, "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:"));
  g_assert_nonnull (strstr (pair.answer, " RTP/SAVPF "));
  g_assert_nonnull (strstr (pair.answer, "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:"));
  /* Each side keys what it sends with a key of its own. */
  offer_key = sdp_crypto_key (pair.offer);
  answer_key = sdp_crypto_key (pair.answer);
  g_assert_cmpstr (offer_key, !=, answer_key);

  g_assert_true (gst_call_rtp_transport_get_secure (pair.offerer));
  g_assert_true (gst_call_rtp_transport_get_secure (pair.answerer));
  g_assert_true (stats_boolean (pair.offerer, "srtp"));

  /* Media flows both ways through srtpenc and srtpdec. */
  answerer_target = DECODED_TARGET (pair.answerer, 30, 30);
  offerer_target = DECODED_TARGET (pair.offerer, 0, 30);
  test_wait_until (stats_reached, &answerer_target, 60000,
                   "the answerer to decode SRTP video and audio");
  test_wait_until (stats_reached, &offerer_target, 60000,
                   "the offerer to decode SRTP audio");
  g_assert_cmpuint (count_elements (gst_call_rtp_transport_get_pipeline (pair.offerer),
                                    "srtpdec"), ==, 1);
  /* One srtpenc per session, on both sides: the answerer's receive-only
   * video session sends its receiver reports as SRTCP. */
  g_assert_cmpuint (count_elements (gst_call_rtp_transport_get_pipeline (pair.offerer),
                                    "srtpenc"), ==, 2);
  g_assert_cmpuint (count_elements (gst_call_rtp_transport_get_pipeline (pair.answerer),
                                    "srtpenc"), ==, 2);
  g_assert_cmpuint (stats_uint (pair.answerer, "srtp-packets-dropped"), ==, 0);
  g_assert_cmpuint (stats_uint (pair.offerer, "srtp-packets-dropped"), ==, 0);
  g_assert_cmpuint (stats_uint (pair.answerer, "dropped-invalid"), ==, 0);
  /* RTCP made it through SRTCP too: it reports on what the other sent. */
  g_assert_cmpuint (stats_uint (pair.answerer, "rtcp-packets-routed"), >, 0);
  g_assert_cmpuint (stats_uint (pair.offerer, "rtcp-packets-routed"), >, 0);
  g_test_message ("SRTP: the answerer decoded %u video frames and %u audio buffers, "
                  "the offerer %u audio buffers; %u and %u RTCP packets routed",
                  stats_uint (pair.answerer, "video-frames-decoded"),
                  stats_uint (pair.answerer, "audio-buffers-decoded"),
                  stats_uint (pair.offerer, "audio-buffers-decoded"),
                  stats_uint (pair.answerer, "rtcp-packets-routed"),
                  stats_uint (pair.offerer, "rtcp-packets-routed"));
  transport_pair_clear (&pair);
}

/* With avpf off the offer says RTP/AVP, as SIP endpoints take, and keeps
 * its feedback lines; a transport answers it in that profile with its
 * feedback, and retransmission works. */
static void
test_avpf_off (void)
{
  TransportPair pair = { 0 };
  StatsTarget answerer_target;
  g_auto (GStrv) offer_lines = NULL;
  guint sections = 0;

  transport_pair_connect (&pair, FALSE, FALSE, NULL);
  g_assert_false (gst_call_rtp_transport_get_avpf (pair.offerer));
  offer_lines = g_strsplit (pair.offer, "\r\n", -1);
  for (guint i = 0; offer_lines[i]; i++) {
    if (!g_str_has_prefix (offer_lines[i], "m="))
      continue;
    g_assert_nonnull (strstr (offer_lines[i], " RTP/AVP "));
    sections++;
  }
  g_assert_cmpuint (sections, ==, 2);
  g_assert_nonnull (strstr (pair.offer, " nack\r\n"));
  g_assert_null (strstr (pair.answer, "RTP/AVPF"));
  g_assert_nonnull (strstr (pair.answer, "m=video"));
  g_assert_nonnull (strstr (pair.answer, " nack\r\n"));
  g_assert_nonnull (strstr (pair.answer, " nack pli\r\n"));

  answerer_target = DECODED_TARGET (pair.answerer, 30, 30);
  test_wait_until (stats_reached, &answerer_target, 60000,
                   "the answerer to decode video and audio");
  transport_pair_clear (&pair);
}

/* An H.264 offer in packetization mode 0 only (RFC 6184: no fragmented NAL
 * units; baresip's) is not answered in mode 1, which is what we send: the
 * section is received only. */
static void
test_h264_mode_0 (void)
{
  g_autoptr (GError) error = NULL;
  GstCallRtpTransport *transport = gst_call_rtp_transport_new ();
  g_autofree char *answer = NULL;

  gst_call_rtp_transport_set_codec (transport, GST_CALL_MEDIA_KIND_VIDEO, GST_CALL_CODEC_H264);
  g_assert_true (gst_call_rtp_transport_set_sources_from_description (transport,
      TEST_VIDEO_SOURCE, NULL, &error));
  g_assert_no_error (error);
  gst_call_rtp_transport_set_video_sink (transport, counting_sink ());
  answer = gst_call_rtp_transport_create_answer (transport,
      PLAIN_HEAD ("IP4", "127.0.0.1")
      "m=video 40000 RTP/AVP 96\r\na=rtpmap:96 H264/90000\r\n"
      "a=fmtp:96 packetization-mode=0;profile-level-id=42e01f\r\na=rtcp-mux\r\n", &error);
  g_assert_no_error (error);
  g_test_message ("answer:\n%s", answer);
  g_assert_nonnull (strstr (answer, "a=recvonly\r\n"));
  g_assert_nonnull (strstr (answer, "packetization-mode=0"));
  g_assert_null (strstr (answer, "packetization-mode=1"));
  gst_call_rtp_transport_close (transport);
  g_assert_finalize_object (transport);

  /* Offered in both modes, mode 1 is sent. */
  transport = gst_call_rtp_transport_new ();
  gst_call_rtp_transport_set_codec (transport, GST_CALL_MEDIA_KIND_VIDEO, GST_CALL_CODEC_H264);
  g_assert_true (gst_call_rtp_transport_set_sources_from_description (transport,
      TEST_VIDEO_SOURCE, NULL, &error));
  g_assert_no_error (error);
  gst_call_rtp_transport_set_video_sink (transport, counting_sink ());
  g_clear_pointer (&answer, g_free);
  answer = gst_call_rtp_transport_create_answer (transport,
      PLAIN_HEAD ("IP4", "127.0.0.1")
      "m=video 40000 RTP/AVP 96 97\r\na=rtpmap:96 H264/90000\r\n"
      "a=fmtp:96 packetization-mode=0;profile-level-id=42e01f\r\n"
      "a=rtpmap:97 H264/90000\r\n"
      "a=fmtp:97 packetization-mode=1;profile-level-id=42e01f\r\na=rtcp-mux\r\n", &error);
  g_assert_no_error (error);
  g_test_message ("answer:\n%s", answer);
  g_assert_nonnull (strstr (answer, " RTP/AVP 97\r\n"));
  g_assert_nonnull (strstr (answer, "a=sendrecv\r\n"));
  gst_call_rtp_transport_close (transport);
  g_assert_finalize_object (transport);
}

/* The offerer gets the answerer's key wrong: everything the answerer sends
 * fails authentication and is dropped, while the other way still works. */
static void
test_srtp_wrong_key (void)
{
  TransportPair pair = { 0 };
  StatsTarget answerer_target;
  StatsTarget dropped = { NULL, { "srtp-packets-dropped", NULL }, { 20, 0 } };

  transport_pair_connect (&pair, TRUE, TRUE, corrupt_crypto_keys);
  answerer_target = DECODED_TARGET (pair.answerer, 30, 30);
  test_wait_until (stats_reached, &answerer_target, 60000,
                   "the answerer to decode SRTP video and audio");
  dropped.transport = pair.offerer;
  test_wait_until (stats_reached, &dropped, 60000,
                   "the offerer to drop packets under the wrong key");
  g_assert_cmpuint (stats_uint (pair.offerer, "audio-buffers-decoded"), ==, 0);
  g_assert_cmpuint (stats_uint (pair.offerer, "rtp-packets-routed"), ==, 0);
  g_test_message ("wrong key: %u packets dropped by srtpdec, none decoded",
                  stats_uint (pair.offerer, "srtp-packets-dropped"));
  transport_pair_clear (&pair);
}

#define SRTP_KEY "WVNfX19zZW1jdGwgKCkgewkyMjA7fQp9CnVubGVz"

/* A stranger who does not know the key sends RTP with new SSRCs and
 * garbage: all dropped, and srtpdec keys a bounded number of SSRCs. */
static void
test_srtp_bad_input (void)
{
  g_autoptr (GError) error = NULL;
  GstCallRtpTransport *receiver = gst_call_rtp_transport_new ();
  Stranger stranger;
  guint port = stranger_init (&stranger);
  g_autoptr (GstElement) srtpdec = NULL;
  g_autoptr (GstStructure) srtpdec_stats = NULL;
  g_autofree char *offer = NULL;
  g_autofree char *answer = NULL;
  /* 65 SSRCs get a key and fail authentication, 136 get none. */
  StatsTarget target = { receiver, { "srtp-packets-dropped", "srtp-ssrcs-refused" },
                         { 65, 136 } };
  const GValue *streams;
  guint8 packet[1500];
  guint16 seq = 0;

  gst_call_rtp_transport_set_video_sink (receiver, counting_sink ());
  gst_call_rtp_transport_set_audio_sink (receiver, counting_sink ());
  offer = g_strdup_printf ("v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\n"
                           "t=0 0\r\nm=video %u RTP/SAVPF 96\r\na=rtpmap:96 VP8/90000\r\n"
                           "a=rtcp-mux\r\na=ssrc:2002 cname:x\r\n"
                           "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:" SRTP_KEY "\r\n",
                           port);
  answer = gst_call_rtp_transport_create_answer (receiver, offer, &error);
  g_assert_no_error (error);
  stranger_aim (&stranger, receiver);

  /* The signalled SSRC, then 200 others, without authentication tags that
   * the key would make. */
  for (guint i = 0; i < 201; i++)
    stranger_send (&stranger, packet, make_rtp (packet, 96, seq++, i == 0 ? 2002 : 10000 + i, 100));
  /* Garbage that is neither RTP nor RTCP. */
  memset (packet, 0, 64);
  stranger_send (&stranger, packet, 64);
  test_wait_until (stats_reached, &target, 60000, "every forged packet dropped");
  test_drain_context ();
  g_usleep (200 * 1000);

  g_test_message ("SRTP bad input: %u packets failed authentication, %u of new SSRCs got no key",
                  stats_uint (receiver, "srtp-packets-dropped"),
                  stats_uint (receiver, "srtp-ssrcs-refused"));
  g_assert_cmpuint (stats_uint (receiver, "srtp-packets-dropped"), ==, 65);
  g_assert_cmpuint (stats_uint (receiver, "srtp-ssrcs-refused"), ==, 136);
  g_assert_cmpuint (stats_uint (receiver, "rtp-packets-routed"), ==, 0);
  g_assert_cmpuint (stats_uint (receiver, "video-frames-decoded"), ==, 0);
  srtpdec = test_find_element (GST_ELEMENT (gst_call_rtp_transport_get_pipeline (receiver)),
                               "srtpdec");
  g_object_get (srtpdec, "stats", &srtpdec_stats, NULL);
  streams = gst_structure_get_value (srtpdec_stats, "streams");
  g_assert_cmpuint (gst_value_array_get_size (streams), <=, 65);

  stranger_clear (&stranger);
  gst_call_rtp_transport_close (receiver);
  g_assert_finalize_object (receiver);
}

#define SRTP_OFFER_HEAD \
  "v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\n"
#define SRTP_AUDIO_SAVPF "m=audio 5000 RTP/SAVPF 111\r\na=rtpmap:111 OPUS/48000/2\r\n"

typedef struct {
  const char *offer;
  const char *message_part;
} BadSrtpOffer;

static void
test_srtp_negotiation (void)
{
  static const BadSrtpOffer bad[] = {
    { SRTP_OFFER_HEAD SRTP_AUDIO_SAVPF, "no a=crypto line" },
    { SRTP_OFFER_HEAD SRTP_AUDIO_SAVPF "a=crypto:1 AEAD_AES_256_GCM inline:" SRTP_KEY "\r\n",
      "AEAD_AES_256_GCM is not supported" },
    { SRTP_OFFER_HEAD SRTP_AUDIO_SAVPF
      "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:" SRTP_KEY "|2^20|1:4\r\n", "MKI" },
    { SRTP_OFFER_HEAD SRTP_AUDIO_SAVPF
      "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:" SRTP_KEY " UNENCRYPTED_SRTP\r\n",
      "UNENCRYPTED_SRTP" },
    { SRTP_OFFER_HEAD SRTP_AUDIO_SAVPF "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:c2hvcnQ=\r\n",
      "base64" },
    { SRTP_OFFER_HEAD SRTP_AUDIO_SAVPF "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:" SRTP_KEY
      "\r\nm=video 5000 RTP/AVPF 96\r\na=rtpmap:96 VP8/90000\r\n", "all SRTP or all plain" },
  };
  static const char good[] =
      SRTP_OFFER_HEAD SRTP_AUDIO_SAVPF
      "a=crypto:1 AES_256_CM_HMAC_SHA1_80 inline:" SRTP_KEY "\r\n"
      "a=crypto:2 AES_CM_128_HMAC_SHA1_32 inline:" SRTP_KEY "|2^31\r\n";
  g_autoptr (GError) error = NULL;
  g_autofree char *answer = NULL;
  g_autofree char *offer = NULL;
  g_autofree char *plain_answer = NULL;
  g_autofree char *other_suite = NULL;
  g_autofree char *other_tag = NULL;
  GstCallRtpTransport *transport;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    g_autoptr (GError) bad_error = NULL;
    g_autofree char *bad_answer = NULL;

    transport = gst_call_rtp_transport_new ();
    bad_answer = gst_call_rtp_transport_create_answer (transport, bad[i].offer, &bad_error);
    g_assert_null (bad_answer);
    g_assert_error (bad_error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
    g_test_message ("bad SRTP offer %u: %s", i, bad_error->message);
    g_assert_nonnull (strstr (bad_error->message, bad[i].message_part));
    g_assert_false (gst_call_rtp_transport_get_secure (transport));
    g_assert_finalize_object (transport);
  }

  /* The first line we can use: tag 2, the 32-bit tag suite. */
  transport = gst_call_rtp_transport_new ();
  gst_call_rtp_transport_set_video_sink (transport, counting_sink ());
  gst_call_rtp_transport_set_audio_sink (transport, counting_sink ());
  answer = gst_call_rtp_transport_create_answer (transport, good, &error);
  g_assert_no_error (error);
  g_assert_nonnull (strstr (answer, "m=audio"));
  g_assert_nonnull (strstr (answer, " RTP/SAVPF "));
  g_assert_nonnull (strstr (answer, "a=crypto:2 AES_CM_128_HMAC_SHA1_32 inline:"));
  g_assert_null (strstr (answer, "a=crypto:1"));
  g_assert_true (gst_call_rtp_transport_get_secure (transport));
  gst_call_rtp_transport_close (transport);
  g_assert_finalize_object (transport);

  /* A transport that requires SRTP refuses a plain offer. */
  transport = gst_call_rtp_transport_new ();
  g_object_set (transport, "srtp", TRUE, NULL);
  answer = (g_free (answer), gst_call_rtp_transport_create_answer (transport,
      SRTP_OFFER_HEAD "m=audio 5000 RTP/AVPF 111\r\na=rtpmap:111 OPUS/48000/2\r\n", &error));
  g_assert_null (answer);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_assert_nonnull (strstr (error->message, "requires SRTP"));
  g_clear_error (&error);
  g_assert_finalize_object (transport);

  /* An SRTP offerer refuses answers that are plain, change the suite or
   * answer a tag it did not offer. */
  transport = gst_call_rtp_transport_new ();
  gst_call_rtp_transport_set_srtp (transport, TRUE);
  g_assert_true (gst_call_rtp_transport_set_sources_from_description (transport, NULL,
      TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  offer = gst_call_rtp_transport_create_offer (transport, &error);
  g_assert_no_error (error);
  plain_answer = g_strdup_printf (SRTP_OFFER_HEAD "m=audio 5000 RTP/AVPF 111\r\n"
                                  "a=rtpmap:111 OPUS/48000/2\r\n");
  other_suite = g_strdup_printf (SRTP_OFFER_HEAD SRTP_AUDIO_SAVPF
                                 "a=crypto:1 AES_CM_128_HMAC_SHA1_32 inline:" SRTP_KEY "\r\n");
  other_tag = g_strdup_printf (SRTP_OFFER_HEAD SRTP_AUDIO_SAVPF
                               "a=crypto:7 AES_CM_128_HMAC_SHA1_80 inline:" SRTP_KEY "\r\n");
  g_assert_false (gst_call_rtp_transport_set_remote_answer (transport, plain_answer, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_assert_nonnull (strstr (error->message, "plain RTP to an SRTP"));
  g_clear_error (&error);
  g_assert_false (gst_call_rtp_transport_set_remote_answer (transport, other_suite, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_assert_nonnull (strstr (error->message, "AES_CM_128_HMAC_SHA1_32"));
  g_clear_error (&error);
  g_assert_false (gst_call_rtp_transport_set_remote_answer (transport, other_tag, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_NEGOTIATION);
  g_assert_nonnull (strstr (error->message, "tag 7 is not the offered 1"));
  g_clear_error (&error);
  g_assert_false (gst_call_rtp_transport_get_secure (transport));
  gst_call_rtp_transport_close (transport);
  g_assert_finalize_object (transport);
}

/* ------------------------------------------------------------------------ */
/* Interop with an rtpbin pipeline written by hand                           */

/* Holds a loopback UDP port until the process that is to use it starts:
 * a port given back at once could go to the transport under test, which
 * binds its own ports later. */
static GSocket *
reserve_udp_port (guint *port)
{
  GSocket *socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                  G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;

  g_assert_true (g_socket_bind (socket, address, FALSE, NULL));
  bound = g_socket_get_local_address (socket, NULL);
  *port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
  return socket;
}

typedef struct {
  char *directory;
  guint at_least;
} FrameFiles;

/* gst-launch writes each frame it decoded to a file of its own. */
static gboolean
enough_frame_files (gpointer data)
{
  FrameFiles *files = data;
  g_autoptr (GDir) dir = g_dir_open (files->directory, 0, NULL);
  guint count = 0;

  while (dir && g_dir_read_name (dir))
    count++;
  return count >= files->at_least;
}

static void
remove_directory (const char *directory)
{
  g_autoptr (GDir) dir = g_dir_open (directory, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir))) {
    g_autofree char *path = g_build_filename (directory, name, NULL);

    g_unlink (path);
  }
  g_rmdir (directory);
}

/* The child dies with the test, even when the test aborts. */
static void
die_with_parent (gpointer user_data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static char *
hex_string (const guint8 *data,
            gsize         size)
{
  GString *hex = g_string_new (NULL);

  for (gsize i = 0; i < size; i++)
    g_string_append_printf (hex, "%02x", data[i]);
  return g_string_free (hex, FALSE);
}

/* With @data, both ends use SRTP keyed by SDES: srtpenc and srtpdec in the
 * hand-made pipeline, keyed from the SDP. */
static void
test_interop_gst_launch (gconstpointer data)
{
  gboolean srtp = GPOINTER_TO_INT (data);
  guint8 their_key[30];
  g_autofree char *their_key_base64 = NULL;
  g_autofree char *their_key_hex = NULL;
  g_autofree char *our_key_hex = NULL;
  g_autofree char *send_tail = NULL;
  g_autofree char *receive_head = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *gst_launch = g_find_program_in_path ("gst-launch-1.0");
  GstCallRtpTransport *transport = NULL;
  g_autoptr (GSubprocess) launch = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *offer = NULL;
  g_autofree char *answer = NULL;
  g_autofree char *pipeline = NULL;
  StatsTarget target;
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  FrameFiles files = { NULL, 30 };
  guint their_port = 0;
  g_autoptr (GSocket) their_port_reservation = reserve_udp_port (&their_port);
  guint32 our_video_ssrc;

  if (!gst_launch) {
    g_test_skip ("gst-launch-1.0 is not installed (Debian package gstreamer1.0-tools)");
    return;
  }

  for (guint i = 0; i < sizeof their_key; i++)
    their_key[i] = (guint8) g_random_int_range (0, 256);
  their_key_base64 = g_base64_encode (their_key, sizeof their_key);
  their_key_hex = hex_string (their_key, sizeof their_key);

  /* What the hand-made pipeline sends and where it listens, as a SIP
   * endpoint would describe it: VP8 on one port, no BUNDLE, no rtcp-mux
   * attribute, no RTX. */
  offer = g_strdup_printf ("v=0\r\n"
                           "o=- 7 0 IN IP4 127.0.0.1\r\n"
                           "s=gst-launch\r\n"
                           "c=IN IP4 127.0.0.1\r\n"
                           "t=0 0\r\n"
                           "m=video %u %s 96\r\n"
                           "a=rtpmap:96 VP8/90000\r\n"
                           "a=ssrc:777 cname:launch\r\n"
                           "%s%s%s"
                           "a=sendrecv\r\n", their_port, srtp ? "RTP/SAVP" : "RTP/AVP",
                           srtp ? "a=crypto:1 AES_CM_128_HMAC_SHA1_80 inline:" : "",
                           srtp ? their_key_base64 : "", srtp ? "|2^31\r\n" : "");

  transport = gst_call_rtp_transport_new ();
  target = DECODED_TARGET (transport, 30, 0);
  g_assert_true (gst_call_rtp_transport_set_sources_from_description (transport,
      TEST_VIDEO_SOURCE, NULL, &error));
  g_assert_no_error (error);
  gst_call_rtp_transport_set_video_sink (transport, counting_sink ());
  g_signal_connect (transport, "error", G_CALLBACK (on_error_fail), NULL);
  answer = gst_call_rtp_transport_create_answer (transport, offer, &error);
  g_assert_no_error (error);
  g_test_message ("answer to gst-launch:\n%s", answer);
  sdp_ssrcs (answer, "video", &our_video_ssrc, NULL);
  g_assert_cmpuint (our_video_ssrc, !=, 0);
  g_assert_true (gst_call_rtp_transport_get_secure (transport) == srtp);

  if (srtp) {
    g_autofree char *our_key_base64 = sdp_crypto_key (answer);
    g_autofree guint8 *our_key = NULL;
    gsize our_key_len = 0;

    g_assert_nonnull (strstr (answer, "m=video"));
    g_assert_nonnull (strstr (answer, " RTP/SAVP 96"));
    our_key = g_base64_decode (our_key_base64, &our_key_len);
    g_assert_cmpuint (our_key_len, ==, 30);
    our_key_hex = hex_string (our_key, our_key_len);
    send_tail = g_strdup_printf ("b.send_rtp_src_0 ! e.rtp_sink_0 srtpenc name=e key=%s "
                                 "e.rtp_src_0 ! ", their_key_hex);
    /* srtpdec takes the key of our SSRC from the caps. */
    receive_head = g_strdup_printf (
        "caps=\"application/x-srtp,media=video,encoding-name=VP8,clock-rate=90000,"
        "payload=96,ssrc=(uint)%u,srtp-key=(buffer)%s,srtp-cipher=aes-128-icm,"
        "srtp-auth=hmac-sha1-80,srtcp-cipher=aes-128-icm,srtcp-auth=hmac-sha1-80\" "
        "! d.rtp_sink srtpdec name=d d.rtp_src ! b.recv_rtp_sink_0 "
        "d.rtcp_src ! b.recv_rtcp_sink_0 ", our_video_ssrc, our_key_hex);
  } else {
    send_tail = g_strdup ("b.send_rtp_src_0 ! ");
    receive_head = g_strdup (
        "caps=\"application/x-rtp,media=video,encoding-name=VP8,clock-rate=90000,"
        "payload=96\" ! b.recv_rtp_sink_0 ");
  }

  /* rtpbin by hand: session 0 sends VP8 to our port and receives ours on
   * its own port, writing each decoded frame to a file. */
  files.directory = g_dir_make_tmp ("gstcall-rtp-XXXXXX", &error);
  g_assert_no_error (error);
  pipeline = g_strdup_printf (
      "rtpbin name=b "
      "videotestsrc is-live=true pattern=smpte ! video/x-raw,width=320,height=240,framerate=30/1 "
      "! vp8enc deadline=1 ! rtpvp8pay pt=96 ssrc=777 ! b.send_rtp_sink_0 "
      "%sudpsink host=127.0.0.1 port=%u sync=false async=false "
      "udpsrc address=127.0.0.1 port=%u %s"
      "b. ! rtpvp8depay ! vp8dec ! videoconvert ! video/x-raw,format=I420 "
      "! multifilesink location=%s/frame-%%05d.yuv sync=false",
      send_tail, gst_call_rtp_transport_get_local_port (transport), their_port, receive_head,
      files.directory);
  g_ptr_array_add (argv, g_strdup (gst_launch));
  g_ptr_array_add (argv, g_strdup ("-q"));
  {
    g_auto (GStrv) words = NULL;

    g_assert_true (g_shell_parse_argv (pipeline, NULL, &words, &error));
    for (guint i = 0; words[i]; i++)
      g_ptr_array_add (argv, g_strdup (words[i]));
  }
  g_ptr_array_add (argv, NULL);
  g_test_message ("gst-launch-1.0 %s", pipeline);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  g_socket_close (their_port_reservation, NULL);
  launch = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);

  /* We decode theirs... */
  test_wait_until (stats_reached, &target, 60000, "frames from the gst-launch rtpbin");
  g_assert_true (session_has_ssrc (transport, 0, 777));
  /* ...and they decode ours. */
  test_wait_until (enough_frame_files, &files, 60000, "gst-launch to decode 30 of our frames");
  g_test_message ("decoded %u frames from gst-launch; it decoded at least 30 of ours",
                  stats_uint (transport, "video-frames-decoded"));
  /* It was still running: nothing made it stop. */
  g_subprocess_force_exit (launch);
  g_assert_true (g_subprocess_wait (launch, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_signaled (launch));
  remove_directory (files.directory);
  g_free (files.directory);

  gst_call_rtp_transport_close (transport);
  g_assert_finalize_object (transport);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/RtpTransport/bundle", test_bundle);
  g_test_add_func ("/GstCall/RtpTransport/bad-descriptions", test_bad_descriptions);
  g_test_add_func ("/GstCall/RtpTransport/bad-formats-mid-family", test_bad_formats_mid_family);
  g_test_add_func ("/GstCall/RtpTransport/answer-bundle-group", test_answer_bundle_group);
  g_test_add_func ("/GstCall/RtpTransport/bad-input", test_bad_input);
  g_test_add_func ("/GstCall/RtpTransport/ssrc-flood", test_ssrc_flood);
  g_test_add_data_func ("/GstCall/RtpTransport/interop-gst-launch", GINT_TO_POINTER (FALSE),
                        test_interop_gst_launch);
  g_test_add_data_func ("/GstCall/RtpTransport/interop-gst-launch-srtp", GINT_TO_POINTER (TRUE),
                        test_interop_gst_launch);
  g_test_add_func ("/GstCall/RtpTransport/rtx-with-loss", test_rtx_with_loss);
  g_test_add_func ("/GstCall/RtpTransport/srtp", test_srtp);
  g_test_add_func ("/GstCall/RtpTransport/srtp-wrong-key", test_srtp_wrong_key);
  g_test_add_func ("/GstCall/RtpTransport/srtp-negotiation", test_srtp_negotiation);
  g_test_add_func ("/GstCall/RtpTransport/avpf-off", test_avpf_off);
  g_test_add_func ("/GstCall/RtpTransport/h264-mode-0", test_h264_mode_0);
  g_test_add_func ("/GstCall/RtpTransport/srtp-bad-input", test_srtp_bad_input);

  return g_test_run ();
}
