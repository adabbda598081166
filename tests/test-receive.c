/* The remote decode branch both transports use: decoded media out of
 * remote RTP, and a missing depayloader or decoder named with its package.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#include <gst/rtp/rtp.h>
#include <gst/video/video.h>

#include "gstcall-receive-private.h"

typedef struct {
  GMutex lock;
  GstElement *decoded_branch; /* borrowed */
  GstCallMediaKind decoded_kind;
  GError *error;
  gint buffers;
  gint freed;
} Received;

static GstPadProbeReturn
count_buffer (GstPad          *pad,
              GstPadProbeInfo *info,
              gpointer         user_data)
{
  Received *received = user_data;

  g_atomic_int_inc (&received->buffers);
  return GST_PAD_PROBE_OK;
}

static void
on_decoded (GstElement       *branch,
            GstCallMediaKind  kind,
            GstElement       *convert,
            GstPad           *decoded,
            gpointer          user_data)
{
  Received *received = user_data;
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);
  g_autoptr (GstPad) sink_pad = gst_element_get_static_pad (sink, "sink");
  g_autoptr (GstPad) convert_sink = gst_element_get_static_pad (convert, "sink");

  g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
  gst_bin_add_many (GST_BIN (branch), convert, sink, NULL);
  g_assert_true (gst_element_link (convert, sink));
  gst_element_sync_state_with_parent (sink);
  gst_element_sync_state_with_parent (convert);
  gst_pad_add_probe (sink_pad, GST_PAD_PROBE_TYPE_BUFFER, count_buffer, received, NULL);
  g_assert_cmpint (gst_pad_link (decoded, convert_sink), ==, GST_PAD_LINK_OK);

  g_mutex_lock (&received->lock);
  received->decoded_branch = branch;
  received->decoded_kind = kind;
  g_mutex_unlock (&received->lock);
}

static void
on_error (GError   *error,
          gpointer  user_data)
{
  Received *received = user_data;

  g_mutex_lock (&received->lock);
  if (!received->error)
    received->error = error;
  else
    g_error_free (error);
  g_mutex_unlock (&received->lock);
}

static void
on_branch_freed (gpointer user_data)
{
  Received *received = user_data;

  g_atomic_int_inc (&received->freed);
}

static const GstCallReceiveCallbacks callbacks = { on_decoded, on_error };

static gboolean
has_buffers (gpointer data)
{
  return g_atomic_int_get (&((Received *) data)->buffers) >= 5;
}

static gboolean
has_error (gpointer data)
{
  Received *received = data;
  gboolean found;

  g_mutex_lock (&received->lock);
  found = received->error != NULL;
  g_mutex_unlock (&received->lock);
  return found;
}

/* Runs @description (ending in an element named "rtp" with remote RTP on
 * its src pad) into a receive branch until @condition holds. */
static void
run_branch (const char *description,
            Received   *received,
            gboolean  (*condition) (gpointer data),
            const char *what)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GstElement) pipeline = gst_parse_launch (description, &error);
  g_autoptr (GstElement) rtp = NULL;
  g_autoptr (GstPad) rtp_src = NULL;
  g_autoptr (GstPad) branch_sink = NULL;
  g_autoptr (GstCaps) caps = NULL;
  GstElement *branch;

  g_assert_no_error (error);
  rtp = gst_bin_get_by_name (GST_BIN (pipeline), "rtp");
  rtp_src = gst_element_get_static_pad (rtp, "src");
  g_object_get (rtp, "caps", &caps, NULL);

  branch = gst_call_receive_add_branch (GST_BIN (pipeline), rtp_src,
                                        gst_call_receive_kind_from_caps (caps), &callbacks,
                                        received, on_branch_freed);
  /* The branch is in the pipeline and everything received enters it. */
  g_assert_true (GST_IS_BIN (branch));
  g_assert_true (GST_ELEMENT_PARENT (branch) == pipeline);
  branch_sink = gst_element_get_static_pad (branch, "sink");
  g_assert_true (gst_pad_get_peer (branch_sink) == rtp_src);
  gst_object_unref (rtp_src);

  g_assert_cmpint (gst_element_set_state (pipeline, GST_STATE_PLAYING), !=,
                   GST_STATE_CHANGE_FAILURE);
  test_wait_until (condition, received, 10000, what);
  if (received->decoded_branch)
    g_assert_true (received->decoded_branch == branch);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  g_clear_pointer (&pipeline, gst_object_unref);
  g_clear_pointer (&rtp, gst_object_unref);
  /* The user data goes with the branch. */
  g_assert_cmpint (g_atomic_int_get (&received->freed), ==, 1);
}

static void
received_clear (Received *received)
{
  g_clear_error (&received->error);
  g_mutex_clear (&received->lock);
}

static void
test_decodes_vp8 (void)
{
  Received received = { 0 };

  g_mutex_init (&received.lock);
  run_branch ("videotestsrc is-live=true ! video/x-raw,width=160,height=120,framerate=30/1 "
              "! vp8enc deadline=1 ! rtpvp8pay ! capsfilter name=rtp caps="
              "application/x-rtp,media=video,encoding-name=VP8,clock-rate=90000,payload=96",
              &received, has_buffers, "decoded VP8 frames");
  g_assert_cmpint (received.decoded_kind, ==, GST_CALL_MEDIA_KIND_VIDEO);
  g_assert_no_error (received.error);
  received_clear (&received);
}

typedef struct {
  gint sent;            /* RTP packets seen on their way */
  gint dropped_seqnum;  /* the one dropped, -1 before */
  gint keyframe_requests;
} Loss;

/* Whether @buffer is the 40th RTP packet, which a link loses for good. */
static gboolean
is_lost (Loss      *loss,
         GstBuffer *buffer)
{
  GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;

  if (g_atomic_int_add (&loss->sent, 1) != 40)
    return FALSE;
  g_assert_true (gst_rtp_buffer_map (buffer, GST_MAP_READ, &rtp));
  g_atomic_int_set (&loss->dropped_seqnum, gst_rtp_buffer_get_seq (&rtp));
  gst_rtp_buffer_unmap (&rtp);
  return TRUE;
}

/* The payloader pushes packets alone or in lists. */
static GstPadProbeReturn
drop_one_packet (GstPad          *pad,
                 GstPadProbeInfo *info,
                 gpointer         user_data)
{
  Loss *loss = user_data;

  if (info->type & GST_PAD_PROBE_TYPE_BUFFER)
    return is_lost (loss, GST_PAD_PROBE_INFO_BUFFER (info)) ? GST_PAD_PROBE_DROP
                                                             : GST_PAD_PROBE_OK;
  for (guint i = 0; i < gst_buffer_list_length (GST_PAD_PROBE_INFO_BUFFER_LIST (info)); i++) {
    if (is_lost (loss, gst_buffer_list_get (GST_PAD_PROBE_INFO_BUFFER_LIST (info), i))) {
      GstBufferList *list = gst_buffer_list_make_writable (GST_PAD_PROBE_INFO_BUFFER_LIST (info));

      gst_buffer_list_remove (list, i, 1);
      GST_PAD_PROBE_INFO_DATA (info) = list;
      break;
    }
  }
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
count_keyframe_requests (GstPad          *pad,
                         GstPadProbeInfo *info,
                         gpointer         user_data)
{
  Loss *loss = user_data;

  if (gst_video_event_is_force_key_unit (GST_PAD_PROBE_INFO_EVENT (info)))
    g_atomic_int_inc (&loss->keyframe_requests);
  return GST_PAD_PROBE_OK;
}

static gboolean
keyframe_requested (gpointer data)
{
  return g_atomic_int_get (&((Loss *) data)->keyframe_requests) > 0;
}

/* A video packet lost for good: the branch asks upstream for a keyframe
 * (rtpbin makes RTCP PLI of it) instead of decoding a broken picture
 * until the next periodic one; no request while nothing is lost. */
static void
test_lost_packet_asks_for_keyframe (void)
{
  Received received = { 0 };
  Loss loss = { 0, -1, 0 };
  g_autoptr (GError) error = NULL;
  g_autoptr (GstElement) pipeline = NULL;
  g_autoptr (GstElement) pay = NULL;
  g_autoptr (GstElement) rtp = NULL;
  g_autoptr (GstPad) pay_src = NULL;
  g_autoptr (GstPad) rtp_src = NULL;
  g_autoptr (GstCaps) caps = NULL;

  g_mutex_init (&received.lock);
  /* No periodic keyframe after the first one: only a request makes one. */
  pipeline = gst_parse_launch (
      "videotestsrc is-live=true ! video/x-raw,width=160,height=120,framerate=30/1 "
      "! vp8enc deadline=1 keyframe-max-dist=100000 ! rtpvp8pay name=pay mtu=400 "
      "! capsfilter name=rtp caps="
      "application/x-rtp,media=video,encoding-name=VP8,clock-rate=90000,payload=96",
      &error);
  g_assert_no_error (error);
  pay = gst_bin_get_by_name (GST_BIN (pipeline), "pay");
  pay_src = gst_element_get_static_pad (pay, "src");
  gst_pad_add_probe (pay_src, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                     drop_one_packet, &loss, NULL);
  rtp = gst_bin_get_by_name (GST_BIN (pipeline), "rtp");
  rtp_src = gst_element_get_static_pad (rtp, "src");
  gst_pad_add_probe (rtp_src, GST_PAD_PROBE_TYPE_EVENT_UPSTREAM, count_keyframe_requests,
                     &loss, NULL);
  g_object_get (rtp, "caps", &caps, NULL);
  gst_call_receive_add_branch (GST_BIN (pipeline), rtp_src, GST_CALL_MEDIA_KIND_VIDEO,
                               &callbacks, &received, on_branch_freed);

  g_assert_cmpint (gst_element_set_state (pipeline, GST_STATE_PLAYING), !=,
                   GST_STATE_CHANGE_FAILURE);
  test_wait_until (has_buffers, &received, 10000, "decoded VP8 frames");
  test_wait_until (keyframe_requested, &loss, 10000, "a keyframe request after the loss");
  /* Asked for because of the loss, not before it. */
  g_assert_cmpint (g_atomic_int_get (&loss.dropped_seqnum), >=, 0);
  g_assert_no_error (received.error);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  g_clear_pointer (&pipeline, gst_object_unref);
  g_assert_cmpint (g_atomic_int_get (&received.freed), ==, 1);
  received_clear (&received);
}

/* Takes every element of @klass handling @caps out of decodebin's reach
 * (rank none), as if it were not installed; returns them with their ranks. */
static GList *
hide_elements (GstElementFactoryListType  type,
               const char                *caps_string,
               GstPadDirection            direction)
{
  g_autoptr (GstCaps) caps = gst_caps_from_string (caps_string);
  GList *all = gst_element_factory_list_get_elements (type, GST_RANK_NONE);
  GList *hidden = gst_element_factory_list_filter (all, caps, direction, FALSE);

  gst_plugin_feature_list_free (all);
  for (GList *l = hidden; l; l = l->next) {
    GstPluginFeature *feature = l->data;

    g_object_set_data (G_OBJECT (feature), "test-rank",
                       GUINT_TO_POINTER (gst_plugin_feature_get_rank (feature)));
    gst_plugin_feature_set_rank (feature, GST_RANK_NONE);
  }
  g_assert_nonnull (hidden);
  return hidden;
}

static void
restore_elements (GList *hidden)
{
  for (GList *l = hidden; l; l = l->next)
    gst_plugin_feature_set_rank (l->data, GPOINTER_TO_UINT (
        g_object_get_data (G_OBJECT (l->data), "test-rank")));
  gst_plugin_feature_list_free (hidden);
}

static void
test_missing_decoder (void)
{
  Received received = { 0 };
  GList *hidden = hide_elements (GST_ELEMENT_FACTORY_TYPE_DECODER, "video/x-vp8",
                                 GST_PAD_SINK);

  g_mutex_init (&received.lock);
  run_branch ("videotestsrc is-live=true ! video/x-raw,width=160,height=120,framerate=30/1 "
              "! vp8enc deadline=1 ! rtpvp8pay ! capsfilter name=rtp caps="
              "application/x-rtp,media=video,encoding-name=VP8,clock-rate=90000,payload=96",
              &received, has_error, "the missing decoder's error");
  restore_elements (hidden);

  g_assert_error (received.error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN);
  g_test_message ("%s", received.error->message);
  g_assert_nonnull (strstr (received.error->message, "VP8 decoder"));
  g_assert_nonnull (strstr (received.error->message, "“vp8dec”"));
  g_assert_nonnull (strstr (received.error->message, "gstreamer1.0-plugins-good"));
  g_assert_cmpint (g_atomic_int_get (&received.buffers), ==, 0);
  received_clear (&received);
}

static void
test_missing_depayloader (void)
{
  Received received = { 0 };
  GList *hidden = hide_elements (GST_ELEMENT_FACTORY_TYPE_DEPAYLOADER,
                                 "application/x-rtp,encoding-name=OPUS", GST_PAD_SINK);

  g_mutex_init (&received.lock);
  run_branch ("audiotestsrc is-live=true ! opusenc ! rtpopuspay ! capsfilter name=rtp caps="
              "application/x-rtp,media=audio,encoding-name=OPUS,clock-rate=48000,payload=111",
              &received, has_error, "the missing depayloader's error");
  restore_elements (hidden);

  g_assert_error (received.error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN);
  g_test_message ("%s", received.error->message);
  g_assert_nonnull (strstr (received.error->message, "remote audio stream in Opus"));
  g_assert_nonnull (strstr (received.error->message, "“rtpopusdepay”"));
  g_assert_nonnull (strstr (received.error->message, "gstreamer1.0-plugins-good"));
  received_clear (&received);
}

static void
test_missing_plugin_messages (void)
{
  struct {
    const char *caps;
    GstCallMediaKind kind;
    const char *expected[3];
  } cases[] = {
    { "application/x-rtp,media=video,encoding-name=H264", GST_CALL_MEDIA_KIND_VIDEO,
      { "“rtph264depay”", "gstreamer1.0-plugins-good", "H.264" } },
    { "application/x-rtp,media=audio,encoding-name=PCMA", GST_CALL_MEDIA_KIND_AUDIO,
      { "“rtppcmadepay”", "gstreamer1.0-plugins-good", "G.711 A-law" } },
    { "application/x-rtp,media=video,encoding-name=FOO", GST_CALL_MEDIA_KIND_VIDEO,
      { "No depayloader for the remote video stream in FOO", NULL, NULL } },
    { "application/x-rtp,media=video", GST_CALL_MEDIA_KIND_VIDEO,
      { "an unnamed encoding", NULL, NULL } },
    { "video/x-h264", GST_CALL_MEDIA_KIND_VIDEO,
      { "No H.264 decoder", "gstreamer1.0-libav", "“avdec_h264”" } },
    { "audio/x-mulaw", GST_CALL_MEDIA_KIND_AUDIO,
      { "No G.711 µ-law decoder", "gstreamer1.0-plugins-good", "“mulawdec”" } },
    { "video/x-theora", GST_CALL_MEDIA_KIND_VIDEO,
      { "No decoder for the remote video stream (video/x-theora)", NULL, NULL } },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autoptr (GstCaps) caps = gst_caps_from_string (cases[i].caps);
    g_autoptr (GError) error = gst_call_receive_missing_plugin_error (cases[i].kind, caps);

    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN);
    g_test_message ("%s: %s", cases[i].caps, error->message);
    for (gsize j = 0; j < G_N_ELEMENTS (cases[i].expected) && cases[i].expected[j]; j++)
      g_assert_nonnull (strstr (error->message, cases[i].expected[j]));
  }
}

static void
test_kind_from_caps (void)
{
  g_autoptr (GstCaps) video = gst_caps_from_string ("application/x-rtp,media=video");
  g_autoptr (GstCaps) audio = gst_caps_from_string ("application/x-rtp,media=audio");
  g_autoptr (GstCaps) none = gst_caps_from_string ("application/x-rtp");

  g_assert_cmpint (gst_call_receive_kind_from_caps (video), ==, GST_CALL_MEDIA_KIND_VIDEO);
  g_assert_cmpint (gst_call_receive_kind_from_caps (audio), ==, GST_CALL_MEDIA_KIND_AUDIO);
  g_assert_cmpint (gst_call_receive_kind_from_caps (none), ==, GST_CALL_MEDIA_KIND_AUDIO);
  g_assert_cmpint (gst_call_receive_kind_from_caps (NULL), ==, GST_CALL_MEDIA_KIND_AUDIO);
}

int
main (int argc, char **argv)
{
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/Receive/decodes-vp8", test_decodes_vp8);
  g_test_add_func ("/GstCall/Receive/lost-packet-asks-for-keyframe",
                   test_lost_packet_asks_for_keyframe);
  g_test_add_func ("/GstCall/Receive/missing-decoder", test_missing_decoder);
  g_test_add_func ("/GstCall/Receive/missing-depayloader", test_missing_depayloader);
  g_test_add_func ("/GstCall/Receive/missing-plugin-messages", test_missing_plugin_messages);
  g_test_add_func ("/GstCall/Receive/kind-from-caps", test_kind_from_caps);
  return g_test_run ();
}
