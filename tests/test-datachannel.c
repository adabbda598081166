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
/* Streams of messages                                                       */

/* A xorshift generator: the same messages on both sides, cheaply. */
static guint32
next_random (guint32 *state)
{
  guint32 x = *state;

  x ^= x << 13;
  x ^= x >> 17;
  x ^= x << 5;
  return *state = x;
}

#define MESSAGE_COUNT 10000
#define MAX_MESSAGE_SIZE 65536

/* Message @index of the ordered stream: 1 B to 64 KiB, mostly small (a
 * size class of 2^0 to 2^16 bytes picked with falling odds), every third
 * one text (letters), the others bytes; the first is 1 byte, the second
 * 64 KiB. */
static GBytes *
stream_message (guint     index,
                gboolean *is_text)
{
  guint32 state = index * 2654435761u + 0x9e3779b9u;
  gsize size;
  guint8 *data;

  next_random (&state);
  if (index == 0) {
    size = 1;
  } else if (index == 1) {
    size = MAX_MESSAGE_SIZE;
  } else {
    guint first = next_random (&state) % 17;
    guint second = next_random (&state) % 17;
    guint bits = MIN (first, second);

    size = (1u << bits) + next_random (&state) % (1u << bits);
    size = MIN (size, MAX_MESSAGE_SIZE);
  }
  *is_text = index % 3 == 0;
  data = g_malloc (size);
  for (gsize i = 0; i < size; i++) {
    guint32 r = (i & 3) == 0 ? next_random (&state) : state >> (8 * (i & 3));

    data[i] = *is_text ? 'a' + (r & 0xff) % 26 : r & 0xff;
  }
  return g_bytes_new_take (data, size);
}

/* Sends messages while the channel's buffered amount is under @limit, and
 * goes on when buffered-amount-low says it fell. */
typedef struct {
  GstCallDataChannel *channel;
  GBytes *(*make) (guint index, gboolean *is_text);
  guint next;
  guint count;
  guint64 limit;
  guint64 max_buffered;
  guint resumed;   /* times buffered-amount-low restarted the pump */
  guint64 bytes;
  gulong handler;
} Sender;

static void
sender_pump (Sender *sender)
{
  while (sender->next < sender->count) {
    guint64 buffered = gst_call_data_channel_get_buffered_amount (sender->channel);
    g_autoptr (GBytes) message = NULL;
    g_autoptr (GError) error = NULL;
    gboolean is_text;
    gboolean sent;

    sender->max_buffered = MAX (sender->max_buffered, buffered);
    if (buffered >= sender->limit)
      return;
    message = sender->make (sender->next, &is_text);
    if (is_text) {
      g_autofree char *text = g_strndup (g_bytes_get_data (message, NULL),
                                         g_bytes_get_size (message));

      sent = gst_call_data_channel_send_string (sender->channel, text, &error);
    } else {
      sent = gst_call_data_channel_send_bytes (sender->channel, message, &error);
    }
    g_assert_no_error (error);
    g_assert_true (sent);
    sender->bytes += g_bytes_get_size (message);
    sender->next++;
  }
}

static void
on_sender_buffered_amount_low (GstCallDataChannel *channel,
                               Sender             *sender)
{
  ASSERT_MAIN_THREAD ();
  if (sender->next < sender->count) {
    sender->resumed++;
    sender_pump (sender);
  }
}

static void
sender_start (Sender             *sender,
              GstCallDataChannel *channel,
              GBytes           *(*make) (guint, gboolean *),
              guint               count,
              guint64             low_threshold,
              guint64             limit)
{
  memset (sender, 0, sizeof (*sender));
  sender->channel = channel;
  sender->make = make;
  sender->count = count;
  sender->limit = limit;
  gst_call_data_channel_set_buffered_amount_low_threshold (channel, low_threshold);
  g_assert_cmpuint (gst_call_data_channel_get_buffered_amount_low_threshold (channel), ==,
                    low_threshold);
  sender->handler = g_signal_connect (channel, "buffered-amount-low",
                                      G_CALLBACK (on_sender_buffered_amount_low), sender);
  sender_pump (sender);
}

static void
sender_stop (Sender *sender)
{
  g_signal_handler_disconnect (sender->channel, sender->handler);
}

/* Opens one channel from the offerer with @options; returns the two ends. */
static void
open_channel_pair (Pair        *pair,
                   const char  *label,
                   const char  *options,
                   ChannelLog **local,
                   ChannelLog **remote)
{
  g_autoptr (GstCallDataChannel) channel = create_channel (pair->offerer->pc, label, options);

  *local = channel_log_new (channel);
  pair_wait_connected (pair);
  wait_open (*local);
  wait_remote_channels (pair->answerer_remote, 1);
  *remote = g_ptr_array_index (pair->answerer_remote, 0);
  wait_open (*remote);
}

static void
test_ordered_stream (void)
{
  Pair pair;
  ChannelLog *local, *remote;
  Sender sender;
  gint64 start;
  double seconds;

  pair_init (&pair);
  open_channel_pair (&pair, "stream", NULL, &local, &remote);
  remote->keep = FALSE;
  remote->expected_message = stream_message;

  start = g_get_monotonic_time ();
  sender_start (&sender, local->channel, stream_message, MESSAGE_COUNT, 256 * 1024, 1024 * 1024);
  wait_messages (remote, MESSAGE_COUNT);
  seconds = (g_get_monotonic_time () - start) / (double) G_USEC_PER_SEC;
  g_test_message ("%u messages, %" G_GUINT64_FORMAT " bytes in %.2f s (%.1f MB/s); "
                  "sending resumed %u times, at most %" G_GUINT64_FORMAT " bytes buffered",
                  MESSAGE_COUNT, sender.bytes, seconds, sender.bytes / seconds / 1e6,
                  sender.resumed, sender.max_buffered);
  /* Complete and in order: each one as it was sent. */
  g_assert_cmpuint (remote->mismatches, ==, 0);
  g_assert_cmpuint (remote->bytes, ==, sender.bytes);
  g_assert_cmpuint (local->errors + remote->errors, ==, 0);
  sender_stop (&sender);

  channel_log_free (local);
  pair_clear (&pair);
}

/* 1 MiB in 16 KiB pieces, never more than 128 KiB queued: sending waits
 * for buffered-amount-low (at 32 KiB). */
#define PIECE_SIZE (16 * 1024)
#define PIECE_COUNT 64

static GBytes *
piece_message (guint     index,
               gboolean *is_text)
{
  guint8 *data = g_malloc (PIECE_SIZE);

  for (gsize i = 0; i < PIECE_SIZE; i++)
    data[i] = (index * 7 + i) & 0xff;
  *is_text = FALSE;
  return g_bytes_new_take (data, PIECE_SIZE);
}

static void
test_flow_control (void)
{
  Pair pair;
  ChannelLog *local, *remote;
  Sender sender;

  pair_init (&pair);
  open_channel_pair (&pair, "file", NULL, &local, &remote);
  remote->keep = FALSE;
  remote->expected_message = piece_message;

  sender_start (&sender, local->channel, piece_message, PIECE_COUNT, 32 * 1024, 128 * 1024);
  wait_messages (remote, PIECE_COUNT);
  g_test_message ("1 MiB: sending resumed %u times by buffered-amount-low, at most %"
                  G_GUINT64_FORMAT " bytes buffered", sender.resumed, sender.max_buffered);
  g_assert_cmpuint (remote->mismatches, ==, 0);
  g_assert_cmpuint (remote->bytes, ==, PIECE_COUNT * PIECE_SIZE);
  /* The limit held (one piece over it at most) and the signal drove the
   * sending. */
  g_assert_cmpuint (sender.max_buffered, <, 128 * 1024 + PIECE_SIZE);
  g_assert_cmpuint (sender.resumed, >, 0);
  g_assert_cmpuint (local->buffered_amount_low, >, 0);
  sender_stop (&sender);

  channel_log_free (local);
  pair_clear (&pair);
}

static gboolean
has_messages_or_closed (gpointer data)
{
  ChannelLog *log = data;

  return log->messages >= 20 || log->closed;
}

/* Unordered, no retransmission: what arrives is intact, each message once. */
static void
test_unreliable (void)
{
  Pair pair;
  ChannelLog *local, *remote;
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  pair_init (&pair);
  open_channel_pair (&pair, "game",
                     "options, ordered=(boolean)false, max-retransmits=(int)0",
                     &local, &remote);
  for (guint i = 0; i < 2; i++) {
    GstCallDataChannel *channel = i ? remote->channel : local->channel;

    g_assert_false (gst_call_data_channel_get_ordered (channel));
    g_assert_cmpint (gst_call_data_channel_get_max_retransmits (channel), ==, 0);
    g_assert_cmpint (gst_call_data_channel_get_max_packet_life_time (channel), ==, -1);
  }

  /* In rounds of 20, each waited for: a loopback link does not lose them. */
  for (guint round = 0; round < 10; round++) {
    remote->messages = 0;
    g_ptr_array_set_size (remote->received, 0);
    g_array_set_size (remote->received_text, 0);
    for (guint i = 0; i < 20; i++) {
      g_autofree char *text = g_strdup_printf ("move %u", round * 20 + i);

      send_text (local->channel, text);
    }
    test_wait_until (has_messages_or_closed, remote, CONNECT_TIMEOUT_MS, "a round of messages");
    g_assert_cmpuint (remote->messages, ==, 20);
    for (guint i = 0; i < remote->received->len; i++) {
      GBytes *data = g_ptr_array_index (remote->received, i);
      char *text = g_strndup (g_bytes_get_data (data, NULL), g_bytes_get_size (data));

      g_assert_true (g_str_has_prefix (text, "move "));
      g_assert_false (g_hash_table_contains (seen, text));
      g_hash_table_add (seen, text);
    }
  }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 200);

  channel_log_free (local);
  pair_clear (&pair);
}

/* Made by both applications with the same id: neither side announces it,
 * both open, messages go both ways. */
static void
test_negotiated (void)
{
  const char *options = "options, negotiated=(boolean)true, id=(int)7, protocol=(string)ctl";
  g_autoptr (GstCallDataChannel) offerer_channel = NULL;
  g_autoptr (GstCallDataChannel) answerer_channel = NULL;
  g_autoptr (GstStructure) again = gst_structure_from_string (options, NULL);
  ChannelLog *offerer_log, *answerer_log;
  GError *error = NULL;
  Pair pair;

  pair_init (&pair);
  offerer_channel = create_channel (pair.offerer->pc, "control", options);
  answerer_channel = create_channel (pair.answerer->pc, "control", options);
  g_assert_cmpint (gst_call_data_channel_get_id (offerer_channel), ==, 7);
  g_assert_true (gst_call_data_channel_get_negotiated (offerer_channel));
  /* An id is taken once per peer connection. */
  g_assert_null (gst_peer_connection_create_data_channel (pair.offerer->pc, "again", again,
                                                          &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "7"));
  g_clear_error (&error);

  offerer_log = channel_log_new (offerer_channel);
  answerer_log = channel_log_new (answerer_channel);
  pair_wait_connected (&pair);
  wait_open (offerer_log);
  wait_open (answerer_log);
  send_text (offerer_channel, "to answerer");
  send_text (answerer_channel, "to offerer");
  wait_messages (answerer_log, 1);
  wait_messages (offerer_log, 1);
  assert_text (answerer_log, 0, "to answerer");
  assert_text (offerer_log, 0, "to offerer");
  g_assert_cmpint (gst_call_data_channel_get_id (answerer_channel), ==, 7);
  g_assert_cmpstr (gst_call_data_channel_get_protocol (answerer_channel), ==, "ctl");
  g_assert_cmpuint (pair.offerer_remote->len, ==, 0);
  g_assert_cmpuint (pair.answerer_remote->len, ==, 0);

  channel_log_free (offerer_log);
  channel_log_free (answerer_log);
  pair_clear (&pair);
  g_assert_finalize_object (g_steal_pointer (&offerer_channel));
  g_assert_finalize_object (g_steal_pointer (&answerer_channel));
}

static gboolean
both_closed (gpointer data)
{
  ChannelLog **logs = data;

  return logs[0]->closed && logs[1]->closed;
}

/* The largest message the peer takes goes; one byte more does not, nor
 * text that is not UTF-8, nor an empty message. The peer closes: "close" once
 * on both sides, and nothing can be sent afterwards. */
static void
test_limits_and_remote_close (void)
{
  Pair pair;
  ChannelLog *local, *remote;
  ChannelLog *logs[2];
  g_autoptr (GBytes) largest = NULL;
  g_autoptr (GBytes) too_large = NULL;
  g_autoptr (GBytes) empty = g_bytes_new (NULL, 0);
  GError *error = NULL;

  pair_init (&pair);
  open_channel_pair (&pair, "limits", NULL, &local, &remote);

  largest = g_bytes_new_take (g_malloc0 (MAX_MESSAGE_SIZE), MAX_MESSAGE_SIZE);
  too_large = g_bytes_new_take (g_malloc0 (MAX_MESSAGE_SIZE + 1), MAX_MESSAGE_SIZE + 1);
  g_assert_false (gst_call_data_channel_send_bytes (local->channel, too_large, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "65536"));
  g_clear_error (&error);
  g_assert_false (gst_call_data_channel_send_string (local->channel, "\xff\xfe", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* GStreamer 1.22 cannot send empty messages: refused, the channel
   * unharmed. */
  g_assert_false (gst_call_data_channel_send_string (local->channel, "", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (gst_call_data_channel_send_bytes (local->channel, empty, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  g_assert_true (gst_call_data_channel_send_bytes (local->channel, largest, &error));
  g_assert_no_error (error);
  send_text (local->channel, "last");
  wait_messages (remote, 2);
  g_assert_true (g_bytes_equal (g_ptr_array_index (remote->received, 0), largest));
  g_assert_false (g_array_index (remote->received_text, gboolean, 0));
  assert_text (remote, 1, "last");

  /* The answerer closes; both ends close, once. */
  gst_call_data_channel_close (remote->channel);
  g_assert_cmpint (gst_call_data_channel_get_ready_state (remote->channel), ==,
                   GST_CALL_DATA_CHANNEL_STATE_CLOSING);
  gst_call_data_channel_close (remote->channel);
  logs[0] = local;
  logs[1] = remote;
  test_wait_until (both_closed, logs, CONNECT_TIMEOUT_MS, "both ends closed");
  test_iterate_for (300);
  g_assert_cmpuint (local->closed, ==, 1);
  g_assert_cmpuint (remote->closed, ==, 1);
  for (guint i = 0; i < 2; i++) {
    g_assert_false (gst_call_data_channel_send_string (logs[i]->channel, "late", &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
    g_clear_error (&error);
  }
  g_assert_cmpuint (local->errors + remote->errors, ==, 0);

  channel_log_free (local);
  pair_clear (&pair);
}

static gboolean
all_closed (gpointer data)
{
  GPtrArray *logs = data;

  for (guint i = 0; i < logs->len; i++) {
    if (!((ChannelLog *) g_ptr_array_index (logs, i))->closed)
      return FALSE;
  }
  return TRUE;
}

/* Closing a peer connection closes every channel of it, once. */
static void
test_peer_connection_close (void)
{
  g_autoptr (GPtrArray) locals = g_ptr_array_new_with_free_func ((GDestroyNotify) channel_log_free);
  Pair pair;

  pair_init (&pair);
  for (guint i = 0; i < 3; i++) {
    g_autofree char *label = g_strdup_printf ("channel %u", i);
    g_autoptr (GstCallDataChannel) channel = create_channel (pair.offerer->pc, label, NULL);

    g_ptr_array_add (locals, channel_log_new (channel));
  }
  pair_wait_connected (&pair);
  for (guint i = 0; i < locals->len; i++)
    wait_open (g_ptr_array_index (locals, i));
  wait_remote_channels (pair.answerer_remote, 3);
  for (guint i = 0; i < pair.answerer_remote->len; i++)
    wait_open (g_ptr_array_index (pair.answerer_remote, i));

  gst_peer_connection_close (pair.offerer->pc);
  test_wait_until (all_closed, locals, CONNECT_TIMEOUT_MS, "the closed side's channels closed");
  gst_peer_connection_close (pair.answerer->pc);
  test_wait_until (all_closed, pair.answerer_remote, CONNECT_TIMEOUT_MS,
                   "the other side's channels closed");
  test_iterate_for (200);
  for (guint i = 0; i < locals->len; i++) {
    ChannelLog *local = g_ptr_array_index (locals, i);
    ChannelLog *remote = g_ptr_array_index (pair.answerer_remote, i);

    g_assert_cmpuint (local->closed, ==, 1);
    g_assert_cmpuint (remote->closed, ==, 1);
    g_assert_cmpuint (local->errors + remote->errors, ==, 0);
  }

  g_ptr_array_set_size (locals, 0);
  pair_clear (&pair);
}

/* A channel added to a connected call renegotiates and opens. */
static void
test_added_mid_call (void)
{
  g_autoptr (GstCallDataChannel) channel = NULL;
  GError *error = NULL;
  ChannelLog *local, *remote;
  Pair pair;

  pair_init (&pair);
  g_assert_nonnull (gst_peer_connection_add_track_from_description (
      pair.offerer->pc, GST_CALL_MEDIA_KIND_AUDIO, TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  pair_wait_connected (&pair);
  g_assert_null (strstr (test_peer_get_offer (pair.offerer), "m=application"));

  channel = create_channel (pair.offerer->pc, "late", NULL);
  local = channel_log_new (channel);
  wait_open (local);
  wait_remote_channels (pair.answerer_remote, 1);
  remote = g_ptr_array_index (pair.answerer_remote, 0);
  wait_open (remote);
  g_assert_nonnull (strstr (test_peer_get_offer (pair.offerer), "m=application"));
  send_text (channel, "hi");
  wait_messages (remote, 1);
  assert_text (remote, 0, "hi");

  channel_log_free (local);
  pair_clear (&pair);
  g_assert_finalize_object (g_steal_pointer (&channel));
}

typedef struct {
  const char *options;
  const char *named; /* in the message */
} BadOptions;

static const BadOptions bad_options[] = {
  { "options, colour=(string)red", "colour" },
  { "options, ordered=(string)yes", "ordered" },
  { "options, max-retransmits=(uint)3", "max-retransmits" },
  { "options, protocol=(int)1", "protocol" },
  { "options, negotiated=(boolean)true", "id" },
  { "options, max-retransmits=(int)1, max-packet-lifetime=(int)100", "max-packet-lifetime" },
  { "options, max-retransmits=(int)-1", "max-retransmits" },
  { "options, negotiated=(boolean)true, id=(int)65535", "id" },
};

/* Wrong options give a GError naming the field, and nothing is made. */
static void
test_bad_options (void)
{
  g_autoptr (GstPeerConnection) pc = test_new_loopback_peer_connection (NULL);
  GError *error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad_options); i++) {
    g_autoptr (GstStructure) options = gst_structure_from_string (bad_options[i].options, NULL);

    g_assert_nonnull (options);
    g_assert_null (gst_peer_connection_create_data_channel (pc, "bad", options, &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_test_message ("%s: %s", bad_options[i].options, error->message);
    g_assert_nonnull (strstr (error->message, bad_options[i].named));
    g_clear_error (&error);
  }
  g_assert_null (gst_peer_connection_create_data_channel (pc, "\xff", NULL, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  gst_peer_connection_close (pc);
  g_assert_null (gst_peer_connection_create_data_channel (pc, "closed", NULL, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
  g_clear_error (&error);
  g_assert_finalize_object (g_steal_pointer (&pc));
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
  g_test_add_func ("/GstCall/DataChannel/bad-options", test_bad_options);
  g_test_add_func ("/GstCall/DataChannel/ordered-stream", test_ordered_stream);
  g_test_add_func ("/GstCall/DataChannel/flow-control", test_flow_control);
  g_test_add_func ("/GstCall/DataChannel/unreliable", test_unreliable);
  g_test_add_func ("/GstCall/DataChannel/negotiated", test_negotiated);
  g_test_add_func ("/GstCall/DataChannel/limits-and-remote-close",
                   test_limits_and_remote_close);
  g_test_add_func ("/GstCall/DataChannel/peer-connection-close", test_peer_connection_close);
  g_test_add_func ("/GstCall/DataChannel/added-mid-call", test_added_mid_call);
  g_test_add_func ("/GstCall/DataChannel/call-without-media", test_call_without_media);
  g_test_add_func ("/GstCall/DataChannel/call-rtp-transport", test_call_rtp_transport);

  return g_test_run ();
}
