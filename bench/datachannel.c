/* bench-datachannel: one measurement of data channel throughput between
 * two libgstcall peers in this process.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * bench/datachannel starts this program once per measurement (a fresh
 * process each time), alternating with bench/datachannel-aiortc.py, which
 * does the same work with two aiortc peers. Two GstPeerConnections, ICE on
 * 127.0.0.1 only, offer, answer and candidates handed over in-process; the
 * offerer opens one reliable ordered data channel and sends --megabytes MiB
 * in binary messages of --message-size bytes as fast as the channel takes
 * them: it keeps at most --high-water bytes buffered (buffered-amount) and
 * waits for buffered-amount-low, at a quarter of that, before sending more.
 * The answerer checks that every message arrives whole and in order (each
 * carries its sequence number and a pattern that depends on it). Prints
 * one line of key=value pairs:
 *
 *   mode=gstcall bytes=N seconds=S mb_per_s=R cpu_s=C connected_ms=T
 *
 * seconds: from the channel's open on the sender to the last byte
 * received; mb_per_s: MiB per second over that time; cpu_s: CPU seconds
 * the process (both peers, every thread) spent in it; connected_ms: start
 * to the channel's open.
 */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include <gst/gst.h>

#include <gstcall/gstcall.h>

#define MIB (1024 * 1024)
#define SEQUENCE_BYTES 8

typedef struct _Bench Bench;

typedef struct {
  Bench *bench;
  const char *name;
  GstPeerConnection *pc;
  gpointer other;             /* the Peer at the other end */
  gboolean remote_set;        /* its remote description is set */
  GPtrArray *pending;         /* candidates until then: "index\ncandidate" */
} Peer;

struct _Bench {
  GMainLoop *loop;
  Peer sender, receiver;
  GstCallDataChannel *channel;        /* the sender's */
  GstCallDataChannel *remote_channel; /* the receiver's */
  guint64 total;
  guint message_size;
  guint64 high_water;
  guint64 count;                /* messages to send */
  guint64 next_to_send;
  guint64 received;             /* messages */
  guint64 received_bytes;
  gint64 start, opened_at, finished_at;
  double cpu_at_open, cpu_at_end;
  char *error;
};

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static void
fail (Bench      *bench,
      const char *format,
      ...) G_GNUC_PRINTF (2, 3);

static void
fail (Bench      *bench,
      const char *format,
      ...)
{
  va_list args;

  if (!bench->error) {
    va_start (args, format);
    bench->error = g_strdup_vprintf (format, args);
    va_end (args);
  }
  g_main_loop_quit (bench->loop);
}

/* Message @sequence: its number (big-endian), then its low byte repeated. */
static void
fill_message (guint8  *data,
              gsize    size,
              guint64  sequence)
{
  for (guint i = 0; i < SEQUENCE_BYTES; i++)
    data[i] = (guint8) (sequence >> (8 * (SEQUENCE_BYTES - 1 - i)));
  memset (data + SEQUENCE_BYTES, (int) (sequence & 0xff), size - SEQUENCE_BYTES);
}

static gsize
message_size (Bench   *bench,
              guint64  sequence)
{
  return (gsize) MIN ((guint64) bench->message_size,
                      bench->total - sequence * bench->message_size);
}

/* Sends until the channel holds --high-water bytes or all is sent. */
static void
send_more (Bench *bench)
{
  while (bench->next_to_send < bench->count) {
    gsize size = message_size (bench, bench->next_to_send);
    g_autoptr (GError) error = NULL;
    g_autoptr (GBytes) bytes = NULL;
    guint8 *data;

    if (gst_call_data_channel_get_buffered_amount (bench->channel) + size > bench->high_water)
      return; /* buffered-amount-low calls again */
    data = g_malloc (size);
    fill_message (data, size, bench->next_to_send);
    bytes = g_bytes_new_take (data, size);
    if (!gst_call_data_channel_send_bytes (bench->channel, bytes, &error)) {
      fail (bench, "sending message %" G_GUINT64_FORMAT " failed: %s", bench->next_to_send,
            error->message);
      return;
    }
    bench->next_to_send++;
  }
}

static void
on_buffered_amount_low (GstCallDataChannel *channel,
                        Bench              *bench)
{
  send_more (bench);
}

static void
on_open (GstCallDataChannel *channel,
         Bench              *bench)
{
  bench->opened_at = g_get_monotonic_time ();
  bench->cpu_at_open = cpu_seconds ();
  gst_call_data_channel_set_buffered_amount_low_threshold (channel, bench->high_water / 4);
  send_more (bench);
}

static void
on_message (GstCallDataChannel *channel,
            GBytes             *data,
            gboolean            is_text,
            Bench              *bench)
{
  gsize size = 0;
  const guint8 *bytes = g_bytes_get_data (data, &size);
  gsize expected_size = message_size (bench, bench->received);
  g_autofree guint8 *expected = NULL;

  if (is_text || size != expected_size) {
    fail (bench, "message %" G_GUINT64_FORMAT ": %s of %" G_GSIZE_FORMAT " bytes instead of "
          "%" G_GSIZE_FORMAT " binary bytes", bench->received, is_text ? "text" : "binary",
          size, expected_size);
    return;
  }
  expected = g_malloc (size);
  fill_message (expected, size, bench->received);
  if (memcmp (bytes, expected, size) != 0) {
    fail (bench, "message %" G_GUINT64_FORMAT " is out of order or broken", bench->received);
    return;
  }
  bench->received++;
  bench->received_bytes += size;
  if (bench->received == bench->count) {
    bench->finished_at = g_get_monotonic_time ();
    bench->cpu_at_end = cpu_seconds ();
    g_main_loop_quit (bench->loop);
  }
}

static void
on_error (GstCallDataChannel *channel,
          const GError       *error,
          Bench              *bench)
{
  fail (bench, "data channel error: %s", error->message);
}

static void
on_data_channel (GstPeerConnection  *pc,
                 GstCallDataChannel *channel,
                 Bench              *bench)
{
  g_set_object (&bench->remote_channel, channel);
  g_signal_connect (channel, "message", G_CALLBACK (on_message), bench);
  g_signal_connect (channel, "error", G_CALLBACK (on_error), bench);
}

static void
add_candidate (Peer       *peer,
               guint       mline_index,
               const char *candidate)
{
  g_autoptr (GError) error = NULL;

  if (!gst_peer_connection_add_ice_candidate (peer->pc, mline_index, candidate, &error))
    fail (peer->bench, "%s: candidate refused: %s", peer->name, error->message);
}

static void
on_ice_candidate (GstPeerConnection *pc,
                  guint              mline_index,
                  const char        *candidate,
                  Peer              *peer)
{
  Peer *other = peer->other;

  if (other->remote_set)
    add_candidate (other, mline_index, candidate);
  else
    g_ptr_array_add (other->pending, g_strdup_printf ("%u\n%s", mline_index, candidate));
}

static void
remote_set (Peer *peer)
{
  peer->remote_set = TRUE;
  for (guint i = 0; i < peer->pending->len; i++) {
    const char *entry = peer->pending->pdata[i];

    add_candidate (peer, (guint) g_ascii_strtoull (entry, NULL, 10), strchr (entry, '\n') + 1);
  }
  g_ptr_array_set_size (peer->pending, 0);
}

static void
on_failed (GstPeerConnection *pc,
           GParamSpec        *pspec,
           Peer              *peer)
{
  if (gst_peer_connection_get_connection_state (pc) == GST_CALL_PEER_CONNECTION_STATE_FAILED)
    fail (peer->bench, "%s: the connection failed", peer->name);
}

static void
on_sender_remote_set (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  Bench *bench = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_peer_connection_set_remote_description_finish (GST_PEER_CONNECTION (source), result,
                                                          &error))
    fail (bench, "sender: the answer was refused: %s", error->message);
  else
    remote_set (&bench->sender);
}

static void
on_receiver_local_set (GObject      *source,
                       GAsyncResult *result,
                       gpointer      user_data)
{
  Bench *bench = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_peer_connection_set_local_description_finish (GST_PEER_CONNECTION (source), result,
                                                         &error))
    fail (bench, "receiver: its answer was refused: %s", error->message);
}

static void
on_answer (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Bench *bench = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *answer = gst_peer_connection_create_answer_finish (
      GST_PEER_CONNECTION (source), result, &error);

  if (!answer) {
    fail (bench, "receiver: no answer: %s", error->message);
    return;
  }
  gst_peer_connection_set_local_description_async (bench->receiver.pc, GST_CALL_SDP_TYPE_ANSWER,
                                                   answer, NULL, on_receiver_local_set, bench);
  gst_peer_connection_set_remote_description_async (bench->sender.pc, GST_CALL_SDP_TYPE_ANSWER,
                                                    answer, NULL, on_sender_remote_set, bench);
}

static void
on_receiver_remote_set (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  Bench *bench = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_peer_connection_set_remote_description_finish (GST_PEER_CONNECTION (source), result,
                                                          &error)) {
    fail (bench, "receiver: the offer was refused: %s", error->message);
    return;
  }
  remote_set (&bench->receiver);
  gst_peer_connection_create_answer_async (bench->receiver.pc, NULL, on_answer, bench);
}

static void
on_sender_local_set (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  Bench *bench = user_data;
  g_autoptr (GError) error = NULL;

  if (!gst_peer_connection_set_local_description_finish (GST_PEER_CONNECTION (source), result,
                                                         &error))
    fail (bench, "sender: its offer was refused: %s", error->message);
}

static void
on_offer (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Bench *bench = user_data;
  g_autoptr (GError) error = NULL;
  g_autofree char *offer = gst_peer_connection_create_offer_finish (
      GST_PEER_CONNECTION (source), result, &error);

  if (!offer) {
    fail (bench, "sender: no offer: %s", error->message);
    return;
  }
  gst_peer_connection_set_local_description_async (bench->sender.pc, GST_CALL_SDP_TYPE_OFFER,
                                                   offer, NULL, on_sender_local_set, bench);
  gst_peer_connection_set_remote_description_async (bench->receiver.pc, GST_CALL_SDP_TYPE_OFFER,
                                                    offer, NULL, on_receiver_remote_set, bench);
}

static gboolean
on_timeout (gpointer data)
{
  Bench *bench = data;

  fail (bench, "not done in time: %" G_GUINT64_FORMAT " of %" G_GUINT64_FORMAT
        " messages received, %" G_GUINT64_FORMAT " sent", bench->received, bench->count,
        bench->next_to_send);
  return G_SOURCE_REMOVE;
}

static gboolean
peer_init (Bench      *bench,
           Peer       *peer,
           const char *name,
           Peer       *other)
{
  const char * const loopback[] = { "127.0.0.1", NULL };
  g_autoptr (GError) error = NULL;

  peer->bench = bench;
  peer->name = name;
  peer->other = other;
  peer->pending = g_ptr_array_new_with_free_func (g_free);
  peer->pc = g_initable_new (GST_TYPE_PEER_CONNECTION, NULL, &error,
                             "ice-local-addresses", loopback, NULL);
  if (!peer->pc) {
    fprintf (stderr, "bench-datachannel: %s: %s\n", name, error->message);
    return FALSE;
  }
  g_signal_connect (peer->pc, "ice-candidate", G_CALLBACK (on_ice_candidate), peer);
  g_signal_connect (peer->pc, "notify::connection-state", G_CALLBACK (on_failed), peer);
  return TRUE;
}

static void
peer_clear (Peer *peer)
{
  if (peer->pc) {
    g_signal_handlers_disconnect_by_data (peer->pc, peer);
    g_signal_handlers_disconnect_by_data (peer->pc, peer->bench);
    gst_peer_connection_close (peer->pc);
    g_clear_object (&peer->pc);
  }
  g_clear_pointer (&peer->pending, g_ptr_array_unref);
}

int
main (int argc, char **argv)
{
  double megabytes = 64;
  int message_bytes = 16384;
  int high_water = MIB;
  int timeout = 120;
  const GOptionEntry entries[] = {
    { "megabytes", 0, 0, G_OPTION_ARG_DOUBLE, &megabytes, "MiB to send (default 64)", "N" },
    { "message-size", 0, 0, G_OPTION_ARG_INT, &message_bytes,
      "Bytes per message (default 16384)", "BYTES" },
    { "high-water", 0, 0, G_OPTION_ARG_INT, &high_water,
      "Most bytes buffered in the channel (default 1 MiB)", "BYTES" },
    { "timeout", 0, 0, G_OPTION_ARG_INT, &timeout,
      "Seconds to give up after (default 120)", "SECONDS" },
    { NULL }
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("— data channel throughput");
  g_autoptr (GError) error = NULL;
  Bench bench = { 0 };
  int status = 0;

  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_add_group (context, gst_init_get_option_group ());
  if (!g_option_context_parse (context, &argc, &argv, &error)) {
    fprintf (stderr, "bench-datachannel: %s\n", error->message);
    return 2;
  }
  if (megabytes <= 0 || message_bytes < SEQUENCE_BYTES || high_water < message_bytes) {
    fprintf (stderr, "bench-datachannel: --megabytes must be positive, --message-size at "
             "least %d, --high-water at least --message-size\n", SEQUENCE_BYTES);
    return 2;
  }

  bench.total = (guint64) (megabytes * MIB);
  bench.message_size = (guint) message_bytes;
  bench.high_water = (guint64) high_water;
  bench.count = (bench.total + bench.message_size - 1) / bench.message_size;
  bench.loop = g_main_loop_new (NULL, FALSE);
  bench.start = g_get_monotonic_time ();
  if (!peer_init (&bench, &bench.sender, "sender", &bench.receiver) ||
      !peer_init (&bench, &bench.receiver, "receiver", &bench.sender)) {
    status = 1;
    goto out;
  }
  g_signal_connect (bench.receiver.pc, "data-channel", G_CALLBACK (on_data_channel), &bench);

  /* Reliable and ordered: webrtcbin's and the W3C defaults. */
  bench.channel = gst_peer_connection_create_data_channel (bench.sender.pc, "bench", NULL,
                                                           &error);
  if (!bench.channel) {
    fprintf (stderr, "bench-datachannel: %s\n", error->message);
    status = 1;
    goto out;
  }
  g_signal_connect (bench.channel, "open", G_CALLBACK (on_open), &bench);
  g_signal_connect (bench.channel, "buffered-amount-low", G_CALLBACK (on_buffered_amount_low),
                    &bench);
  g_signal_connect (bench.channel, "error", G_CALLBACK (on_error), &bench);
  gst_peer_connection_create_offer_async (bench.sender.pc, NULL, on_offer, &bench);

  g_timeout_add_seconds ((guint) timeout, on_timeout, &bench);
  g_main_loop_run (bench.loop);

  if (bench.error) {
    fprintf (stderr, "bench-datachannel: %s\n", bench.error);
    status = 1;
  } else {
    double seconds = (bench.finished_at - bench.opened_at) / 1e6;

    printf ("mode=gstcall bytes=%" G_GUINT64_FORMAT " seconds=%.3f mb_per_s=%.2f cpu_s=%.2f "
            "connected_ms=%.0f\n", bench.received_bytes, seconds,
            bench.received_bytes / (double) MIB / seconds, bench.cpu_at_end - bench.cpu_at_open,
            (bench.opened_at - bench.start) / 1e3);
  }

out:
  if (bench.channel)
    g_signal_handlers_disconnect_by_data (bench.channel, &bench);
  if (bench.remote_channel)
    g_signal_handlers_disconnect_by_data (bench.remote_channel, &bench);
  g_clear_object (&bench.channel);
  g_clear_object (&bench.remote_channel);
  peer_clear (&bench.sender);
  peer_clear (&bench.receiver);
  g_main_loop_unref (bench.loop);
  g_free (bench.error);
  return status;
}
