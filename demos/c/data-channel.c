/* A chat between two GstCall objects in this process, without media: the
 * caller opens a data channel, the peer answers every message it receives,
 * and the caller hangs up once it heard back (10 s at most).
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Build: cc data-channel.c $(pkg-config --cflags --libs gstcall-1.0)
 * Exits 0 when the peer's answer arrived.
 */

#include <gstcall/gstcall.h>

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

/* The peer: answers each text message on the same channel. */
static void
on_peer_message (GstCallDataChannel *channel, GBytes *data, gboolean is_text,
                 gpointer user_data)
{
  gsize size;
  const char *text = g_bytes_get_data (data, &size);
  g_autofree char *reply = g_strdup_printf ("you said: %.*s", (int) size, text);
  g_autoptr (GError) error = NULL;

  if (is_text && !gst_call_data_channel_send_string (channel, reply, &error))
    g_printerr ("reply failed: %s\n", error->message);
}

static void
on_data_channel (GstCall *peer, GstCallDataChannel *channel, gpointer user_data)
{
  g_print ("the peer opened \"%s\"\n", gst_call_data_channel_get_label (channel));
  g_signal_connect (channel, "message", G_CALLBACK (on_peer_message), NULL);
}

/* The caller: says hello once the channel is open, waits for the reply. */
static void
on_open (GstCallDataChannel *channel, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  if (!gst_call_data_channel_send_string (channel, "hello", &error))
    g_printerr ("send failed: %s\n", error->message);
}

static void
on_message (GstCallDataChannel *channel, GBytes *data, gboolean is_text,
            gpointer user_data)
{
  gsize size;
  const char *text = g_bytes_get_data (data, &size);

  g_print ("received: %.*s\n", (int) size, text);
  *(gboolean *) user_data = TRUE;
}

static void
on_connected (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;

  if (!gst_call_dial_finish (GST_CALL (source), result, &error))
    g_printerr ("call failed: %s\n", error->message);
}

static gboolean
give_up (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

int
main (int argc, char **argv)
{
  const char *local_addresses[] = { "127.0.0.1", NULL };  /* both ends are on this machine */
  GstCallLoopbackSignaller *ours, *theirs;
  GstCallDataChannel *channel;
  gboolean answered = FALSE, timed_out = FALSE;
  guint timeout;
  g_autoptr (GError) error = NULL;
  GstCall *call, *peer;

  gst_init (&argc, &argv);

  gst_call_loopback_signaller_new_pair (&ours, &theirs);  /* or a WebSocket signaller */
  call = gst_call_new ();
  peer = gst_call_new ();
  g_object_set (call, "ice-local-addresses", local_addresses,
                "send-video", FALSE, "send-audio", FALSE, NULL);  /* no media: a chat */
  g_object_set (peer, "ice-local-addresses", local_addresses,
                "send-video", FALSE, "send-audio", FALSE, NULL);
  gst_call_set_signaller (call, GST_CALL_SIGNALLER (ours));
  gst_call_set_signaller (peer, GST_CALL_SIGNALLER (theirs));
  g_signal_connect (peer, "incoming-call", G_CALLBACK (on_incoming_call), NULL);
  g_signal_connect (peer, "data-channel", G_CALLBACK (on_data_channel), NULL);

  /* Made before dialling: the offer carries it. Options as webrtcbin's,
   * e.g. "options, ordered=(boolean)false, max-retransmits=(int)0". */
  channel = gst_call_create_data_channel (call, "chat", NULL, &error);
  if (!channel) {
    g_printerr ("no channel: %s\n", error->message);
    return 1;
  }
  g_signal_connect (channel, "open", G_CALLBACK (on_open), NULL);
  g_signal_connect (channel, "message", G_CALLBACK (on_message), &answered);

  gst_call_dial_async (call, NULL, NULL, on_connected, NULL);
  timeout = g_timeout_add_seconds (10, give_up, &timed_out);
  while (!answered && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (timeout);
  gst_call_hangup (call);  /* closes the channel on both sides */

  g_object_unref (channel);
  g_object_unref (call);
  g_object_unref (peer);
  g_object_unref (ours);
  g_object_unref (theirs);
  return answered ? 0 : 1;
}
