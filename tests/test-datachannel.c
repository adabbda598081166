/* Data channels between two peer connections in one process.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#define CONNECT_TIMEOUT_MS 20000
#define TRANSFER_TIMEOUT_MS 60000

static GThread *main_thread;

/* What a channel's signals reported; every handler checks it runs on the
 * thread of the test (the peer connections' main context). */
typedef struct {
  GstCallDataChannel *channel;
  guint opened;
  guint closed;
  guint errors;
  guint buffered_amount_low;
  guint messages;
  guint64 bytes;
  GPtrArray *received;   /* GBytes, when kept */
  GArray *received_text; /* gboolean, when kept */
  gboolean keep;
  /* Checked on arrival instead of kept: message @messages must equal
   * expected_message (@messages). */
  GBytes *(*expected_message) (guint index, gboolean *is_text);
  guint mismatches;
} ChannelLog;

#define ASSERT_MAIN_THREAD() g_assert_true (g_thread_self () == main_thread)

static void
on_open (GstCallDataChannel *channel,
         ChannelLog         *log)
{
  ASSERT_MAIN_THREAD ();
  g_assert_cmpint (gst_call_data_channel_get_ready_state (channel), ==,
                   GST_CALL_DATA_CHANNEL_STATE_OPEN);
  log->opened++;
}

static void
on_close (GstCallDataChannel *channel,
          ChannelLog         *log)
{
  ASSERT_MAIN_THREAD ();
  g_assert_cmpint (gst_call_data_channel_get_ready_state (channel), ==,
                   GST_CALL_DATA_CHANNEL_STATE_CLOSED);
  log->closed++;
}

static void
on_error (GstCallDataChannel *channel,
          GError             *error,
          ChannelLog         *log)
{
  ASSERT_MAIN_THREAD ();
  g_test_message ("channel %s: %s", gst_call_data_channel_get_label (channel), error->message);
  log->errors++;
}

static void
on_buffered_amount_low (GstCallDataChannel *channel,
                        ChannelLog         *log)
{
  ASSERT_MAIN_THREAD ();
  log->buffered_amount_low++;
}

static void
on_message (GstCallDataChannel *channel,
            GBytes             *data,
            gboolean            is_text,
            ChannelLog         *log)
{
  ASSERT_MAIN_THREAD ();
  if (log->expected_message) {
    gboolean expected_text = FALSE;
    g_autoptr (GBytes) expected = log->expected_message (log->messages, &expected_text);

    if (!g_bytes_equal (expected, data) || expected_text != is_text) {
      if (log->mismatches++ < 5)
        g_test_message ("message %u: %" G_GSIZE_FORMAT " bytes (text %d), expected %"
                        G_GSIZE_FORMAT " (text %d)", log->messages, g_bytes_get_size (data),
                        is_text, g_bytes_get_size (expected), expected_text);
    }
  }
  if (log->keep) {
    g_ptr_array_add (log->received, g_bytes_ref (data));
    g_array_append_val (log->received_text, is_text);
  }
  log->messages++;
  log->bytes += g_bytes_get_size (data);
}

static ChannelLog *
channel_log_new (GstCallDataChannel *channel)
{
  ChannelLog *log = g_new0 (ChannelLog, 1);

  log->channel = g_object_ref (channel);
  log->received = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  log->received_text = g_array_new (FALSE, FALSE, sizeof (gboolean));
  log->keep = TRUE;
  g_signal_connect (channel, "open", G_CALLBACK (on_open), log);
  g_signal_connect (channel, "close", G_CALLBACK (on_close), log);
  g_signal_connect (channel, "error", G_CALLBACK (on_error), log);
  g_signal_connect (channel, "buffered-amount-low", G_CALLBACK (on_buffered_amount_low), log);
  g_signal_connect (channel, "message", G_CALLBACK (on_message), log);
  return log;
}

static void
channel_log_free (ChannelLog *log)
{
  g_signal_handlers_disconnect_by_data (log->channel, log);
  g_object_unref (log->channel);
  g_ptr_array_unref (log->received);
  g_array_unref (log->received_text);
  g_free (log);
}

/* Two peers through the loopback signaller, and the channels the answerer
 * was told of. */
typedef struct {
  GstCallLoopbackSignaller *signallers[2];
  TestPeer *offerer;
  TestPeer *answerer;
  GPtrArray *offerer_remote; /* ChannelLog, from data-channel */
  GPtrArray *answerer_remote;
} Pair;

static void
on_data_channel (GstPeerConnection  *pc,
                 GstCallDataChannel *channel,
                 GPtrArray          *logs)
{
  ASSERT_MAIN_THREAD ();
  /* The label and options are known, the channel not open yet. */
  g_assert_cmpint (gst_call_data_channel_get_ready_state (channel), ==,
                   GST_CALL_DATA_CHANNEL_STATE_CONNECTING);
  g_assert_cmpint (gst_call_data_channel_get_id (channel), >=, 0);
  g_ptr_array_add (logs, channel_log_new (channel));
}

static void
pair_init (Pair *pair)
{
  gst_call_loopback_signaller_new_pair (&pair->signallers[0], &pair->signallers[1]);
  pair->offerer = test_peer_new ("offerer", GST_CALL_SIGNALLER (pair->signallers[0]), TRUE);
  pair->answerer = test_peer_new ("answerer", GST_CALL_SIGNALLER (pair->signallers[1]), FALSE);
  pair->offerer_remote = g_ptr_array_new_with_free_func ((GDestroyNotify) channel_log_free);
  pair->answerer_remote = g_ptr_array_new_with_free_func ((GDestroyNotify) channel_log_free);
  g_signal_connect (pair->offerer->pc, "data-channel", G_CALLBACK (on_data_channel),
                    pair->offerer_remote);
  g_signal_connect (pair->answerer->pc, "data-channel", G_CALLBACK (on_data_channel),
                    pair->answerer_remote);
}

static gboolean
pair_connected (gpointer data)
{
  Pair *pair = data;

  return (pair->offerer->connected && pair->answerer->connected) ||
         pair->offerer->error || pair->answerer->error;
}

static void
pair_wait_connected (Pair *pair)
{
  test_wait_until (pair_connected, pair, CONNECT_TIMEOUT_MS, "both peers connected");
  g_assert_no_error (pair->offerer->error);
  g_assert_no_error (pair->answerer->error);
}

static void
pair_clear (Pair *pair)
{
  g_signal_handlers_disconnect_by_data (pair->offerer->pc, pair->offerer_remote);
  g_signal_handlers_disconnect_by_data (pair->answerer->pc, pair->answerer_remote);
  test_peer_free (pair->offerer);
  test_peer_free (pair->answerer);
  test_drain_context ();
  g_ptr_array_unref (pair->offerer_remote);
  g_ptr_array_unref (pair->answerer_remote);
  g_assert_finalize_object (pair->signallers[0]);
  g_assert_finalize_object (pair->signallers[1]);
}

static GstCallDataChannel *
create_channel (GstPeerConnection *pc,
                const char        *label,
                const char        *options)
{
  g_autoptr (GstStructure) structure = options ? gst_structure_from_string (options, NULL) : NULL;
  GError *error = NULL;
  GstCallDataChannel *channel;

  g_assert_true (!options || structure);
  channel = gst_peer_connection_create_data_channel (pc, label, structure, &error);
  g_assert_no_error (error);
  g_assert_nonnull (channel);
  return channel;
}

static gboolean
is_open (gpointer data)
{
  ChannelLog *log = data;

  return log->opened > 0 || log->closed > 0;
}

static void
wait_open (ChannelLog *log)
{
  test_wait_until (is_open, log, CONNECT_TIMEOUT_MS, "the data channel open");
  g_assert_cmpuint (log->opened, ==, 1);
  g_assert_cmpuint (log->closed, ==, 0);
}

static gboolean
has_remote_channels (gpointer data)
{
  gpointer *args = data;
  GPtrArray *logs = args[0];

  return logs->len >= GPOINTER_TO_UINT (args[1]);
}

static void
wait_remote_channels (GPtrArray *logs,
                      guint      count)
{
  gpointer args[] = { logs, GUINT_TO_POINTER (count) };

  test_wait_until (has_remote_channels, args, CONNECT_TIMEOUT_MS, "the peer's data channels");
  g_assert_cmpuint (logs->len, ==, count);
}

static gboolean
has_messages (gpointer data)
{
  gpointer *args = data;
  ChannelLog *log = args[0];

  return log->messages >= GPOINTER_TO_UINT (args[1]) || log->closed;
}

static void
wait_messages (ChannelLog *log,
               guint       count)
{
  gpointer args[] = { log, GUINT_TO_POINTER (count) };

  test_wait_until (has_messages, args, TRANSFER_TIMEOUT_MS, "messages");
  g_assert_cmpuint (log->messages, ==, count);
}

static void
send_text (GstCallDataChannel *channel,
           const char         *text)
{
  GError *error = NULL;

  g_assert_true (gst_call_data_channel_send_string (channel, text, &error));
  g_assert_no_error (error);
}

static void
assert_text (ChannelLog *log,
             guint       index,
             const char *text)
{
  GBytes *data = g_ptr_array_index (log->received, index);
  gsize size;
  const char *bytes = g_bytes_get_data (data, &size);

  g_assert_true (g_array_index (log->received_text, gboolean, index));
  g_assert_cmpmem (bytes, size, text, strlen (text));
}

/* ------------------------------------------------------------------------ */

static void
test_send_receive (void)
{
  Pair pair;
  g_autoptr (GstCallDataChannel) channel = NULL;
  g_autoptr (GBytes) binary = g_bytes_new_static ("\0\1\2\3", 4);
  ChannelLog *local, *remote;
  GError *error = NULL;

  pair_init (&pair);
  /* Before the first offer: the offer carries an application section. */
  channel = create_channel (pair.offerer->pc, "chat", "options, protocol=(string)chat-v1");
  g_assert_cmpstr (gst_call_data_channel_get_label (channel), ==, "chat");
  g_assert_cmpstr (gst_call_data_channel_get_protocol (channel), ==, "chat-v1");
  g_assert_true (gst_call_data_channel_get_ordered (channel));
  g_assert_false (gst_call_data_channel_get_negotiated (channel));
  g_assert_cmpint (gst_call_data_channel_get_max_retransmits (channel), ==, -1);
  g_assert_cmpint (gst_call_data_channel_get_max_packet_life_time (channel), ==, -1);
  g_assert_cmpint (gst_call_data_channel_get_id (channel), ==, -1);
  g_assert_cmpint (gst_call_data_channel_get_ready_state (channel), ==,
                   GST_CALL_DATA_CHANNEL_STATE_CONNECTING);
  local = channel_log_new (channel);

  /* Not open yet: nothing is sent. */
  g_assert_false (gst_call_data_channel_send_string (channel, "early", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE);
  g_clear_error (&error);

  pair_wait_connected (&pair);
  g_assert_nonnull (strstr (test_peer_get_offer (pair.offerer), "m=application "));
  wait_open (local);
  wait_remote_channels (pair.answerer_remote, 1);
  remote = g_ptr_array_index (pair.answerer_remote, 0);
  wait_open (remote);
  g_assert_cmpuint (pair.offerer_remote->len, ==, 0);

  g_assert_cmpstr (gst_call_data_channel_get_label (remote->channel), ==, "chat");
  g_assert_cmpstr (gst_call_data_channel_get_protocol (remote->channel), ==, "chat-v1");
  g_assert_true (gst_call_data_channel_get_ordered (remote->channel));
  g_assert_cmpint (gst_call_data_channel_get_id (remote->channel), ==,
                   gst_call_data_channel_get_id (channel));
  g_assert_cmpint (gst_call_data_channel_get_id (channel), >=, 0);

  /* Both ways, text and bytes, empty ones included. */
  send_text (channel, "hello");
  g_assert_true (gst_call_data_channel_send_bytes (channel, binary, &error));
  g_assert_no_error (error);
  send_text (remote->channel, "héllo back");
  wait_messages (remote, 2);
  wait_messages (local, 1);
  assert_text (remote, 0, "hello");
  g_assert_false (g_array_index (remote->received_text, gboolean, 1));
  g_assert_true (g_bytes_equal (g_ptr_array_index (remote->received, 1), binary));
  assert_text (local, 0, "héllo back");

  g_assert_cmpuint (local->errors + remote->errors, ==, 0);
  channel_log_free (local);
  pair_clear (&pair);
  g_assert_finalize_object (g_steal_pointer (&channel));
}

/* ------------------------------------------------------------------------ */
/* GstCall                                                                   */

static void
make_call_side (TestCallSide     *side,
                const char       *name,
                GstCallSignaller *signaller,
                gboolean          media)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;
  GstCall *call = gst_call_new ();

  g_object_set (call, "ice-local-addresses", loopback, "send-video", media,
                "send-audio", media, "video-width", 320, "video-height", 240, NULL);
  gst_call_set_signaller (call, signaller);
  if (media) {
    g_assert_true (gst_call_set_sources_from_description (call, TEST_VIDEO_SOURCE,
                                                          TEST_AUDIO_SOURCE, &error));
    g_assert_no_error (error);
    gst_call_set_video_sink (call, test_make_synced_fakesink ());
    gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  }
  test_call_side_init (side, name, call);
}

static void
on_call_data_channel (GstCall            *call,
                      GstCallDataChannel *channel,
                      GPtrArray          *logs)
{
  ASSERT_MAIN_THREAD ();
  g_ptr_array_add (logs, channel_log_new (channel));
}

static gboolean
channel_closed (gpointer data)
{
  return ((ChannelLog *) data)->closed > 0;
}

/* A call with no media at all: a chat. The caller's channel is made before
 * it dials; the call stays up while only the channel is used; hanging up
 * closes the channels on both sides, once. */
static void
test_call_without_media (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GPtrArray) callee_channels =
      g_ptr_array_new_with_free_func ((GDestroyNotify) channel_log_free);
  g_autoptr (GPtrArray) caller_channels =
      g_ptr_array_new_with_free_func ((GDestroyNotify) channel_log_free);
  g_autoptr (GstCallDataChannel) channel = NULL;
  TestCallSide caller, callee;
  ChannelLog *local, *remote;
  GError *error = NULL;
  guint idle_ms;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  make_call_side (&caller, "caller", GST_CALL_SIGNALLER (signaller_a), FALSE);
  make_call_side (&callee, "callee", GST_CALL_SIGNALLER (signaller_b), FALSE);
  gst_call_set_peer_timeout (caller.call, 3);
  gst_call_set_peer_timeout (callee.call, 3);
  g_signal_connect (callee.call, "data-channel", G_CALLBACK (on_call_data_channel),
                    callee_channels);
  g_signal_connect (caller.call, "data-channel", G_CALLBACK (on_call_data_channel),
                    caller_channels);

  channel = gst_call_create_data_channel (caller.call, "chat", NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (channel);
  g_assert_cmpint (gst_call_data_channel_get_ready_state (channel), ==,
                   GST_CALL_DATA_CHANNEL_STATE_CONNECTING);
  local = channel_log_new (channel);

  test_call_connect_pair (&caller, &callee);
  wait_open (local);
  wait_remote_channels (callee_channels, 1);
  remote = g_ptr_array_index (callee_channels, 0);
  wait_open (remote);
  g_assert_cmpstr (gst_call_data_channel_get_label (remote->channel), ==, "chat");

  send_text (channel, "ping");
  wait_messages (remote, 1);
  send_text (remote->channel, "pong");
  wait_messages (local, 1);
  assert_text (remote, 0, "ping");
  assert_text (local, 0, "pong");

  /* Nothing but the channel: the call must not take the quiet for a
   * vanished peer (peer-timeout, 3 s here; SCTP heartbeats come every
   * 30 s). */
  idle_ms = (gst_call_get_peer_timeout (caller.call) + 2) * 1000;
  test_iterate_for (idle_ms);
  g_assert_cmpint (gst_call_get_state (caller.call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpint (gst_call_get_state (callee.call), ==, GST_CALL_STATE_ACTIVE);
  send_text (channel, "still there");
  wait_messages (remote, 2);

  gst_call_hangup (caller.call);
  test_wait_until (channel_closed, local, CONNECT_TIMEOUT_MS, "the caller's channel closed");
  test_wait_until (channel_closed, remote, CONNECT_TIMEOUT_MS, "the callee's channel closed");
  test_wait_until (test_call_side_ended, &callee, CONNECT_TIMEOUT_MS, "the callee ended");
  test_iterate_for (200);
  g_assert_cmpuint (local->closed, ==, 1);
  g_assert_cmpuint (remote->closed, ==, 1);
  g_assert_false (gst_call_data_channel_send_string (channel, "late", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_null (gst_call_create_data_channel (caller.call, "after", NULL, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_cmpuint (caller_channels->len, ==, 0);
  g_assert_cmpuint (local->errors + remote->errors, ==, 0);

  g_signal_handlers_disconnect_by_data (callee.call, callee_channels);
  g_signal_handlers_disconnect_by_data (caller.call, caller_channels);
  channel_log_free (local);
  g_ptr_array_set_size (callee_channels, 0);
  test_call_side_clear (&caller);
  test_call_side_clear (&callee);
  g_assert_finalize_object (g_steal_pointer (&channel));
}

/* Plain RTP carries no data channel: a clear error, nothing made. */
static void
test_call_rtp_transport (void)
{
  g_autoptr (GstCall) call = gst_call_new ();
  g_autoptr (GstCallDataChannel) channel = NULL;
  GError *error = NULL;

  gst_call_set_transport (call, GST_CALL_TRANSPORT_KIND_RTP);
  g_assert_null (gst_call_create_data_channel (call, "chat", NULL, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE);
  g_assert_nonnull (strstr (error->message, "RTP"));
  g_clear_error (&error);

  /* Made for WebRTC, then the transport changed: the channel fails. */
  gst_call_set_transport (call, GST_CALL_TRANSPORT_KIND_WEBRTC);
  channel = gst_call_create_data_channel (call, "chat", NULL, &error);
  g_assert_no_error (error);
  {
    ChannelLog *log = channel_log_new (channel);

    gst_call_set_transport (call, GST_CALL_TRANSPORT_KIND_RTP);
    test_wait_until (channel_closed, log, CONNECT_TIMEOUT_MS, "the channel closed");
    g_assert_cmpuint (log->errors, ==, 1);
    g_assert_cmpuint (log->closed, ==, 1);
    g_assert_cmpint (gst_call_data_channel_get_ready_state (channel), ==,
                     GST_CALL_DATA_CHANNEL_STATE_CLOSED);
    channel_log_free (log);
  }
  g_assert_finalize_object (g_steal_pointer (&call));
  g_assert_finalize_object (g_steal_pointer (&channel));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();
  main_thread = g_thread_self ();

  g_test_add_func ("/GstCall/DataChannel/send-receive", test_send_receive);
  g_test_add_func ("/GstCall/DataChannel/call-without-media", test_call_without_media);
  g_test_add_func ("/GstCall/DataChannel/call-rtp-transport", test_call_rtp_transport);

  return g_test_run ();
}
