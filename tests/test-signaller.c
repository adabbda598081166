/* GstCallLoopbackSignaller and the GstCallSignaller interface.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

typedef struct {
  GPtrArray *log;
} Received;

static void
on_description (GstCallSignaller *signaller,
                GstCallSdpType    type,
                const char       *sdp,
                Received         *received)
{
  g_ptr_array_add (received->log, g_strdup_printf ("description %d %s", type, sdp));
}

static void
on_candidate (GstCallSignaller *signaller,
              guint             mline_index,
              const char       *candidate,
              Received         *received)
{
  g_ptr_array_add (received->log,
                   g_strdup_printf ("candidate %u %s", mline_index,
                                    candidate ? candidate : "(end)"));
}

static void
on_bye (GstCallSignaller *signaller,
        Received         *received)
{
  g_ptr_array_add (received->log, g_strdup ("bye"));
}

static void
on_closed (GstCallSignaller *signaller,
           const GError     *reason,
           Received         *received)
{
  g_assert_error (reason, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  g_ptr_array_add (received->log, g_strdup ("closed"));
}

static void
connect_received (GstCallLoopbackSignaller *signaller,
                  Received                 *received)
{
  received->log = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (signaller, "description-received", G_CALLBACK (on_description), received);
  g_signal_connect (signaller, "candidate-received", G_CALLBACK (on_candidate), received);
  g_signal_connect (signaller, "bye-received", G_CALLBACK (on_bye), received);
  g_signal_connect (signaller, "closed", G_CALLBACK (on_closed), received);
}

static void
test_pair_delivers_in_order (void)
{
  GstCallLoopbackSignaller *a, *b;
  Received at_a, at_b;

  gst_call_loopback_signaller_new_pair (&a, &b);
  g_assert_true (GST_IS_CALL_SIGNALLER (a));
  connect_received (a, &at_a);
  connect_received (b, &at_b);

  {
    g_autoptr (GstCallLoopbackSignaller) peer = gst_call_loopback_signaller_get_peer (a);
    g_assert_true (peer == b);
  }

  gst_call_signaller_send_description (GST_CALL_SIGNALLER (a), GST_CALL_SDP_TYPE_OFFER, "v=0");
  gst_call_signaller_send_candidate (GST_CALL_SIGNALLER (a), 0, "candidate:1");
  gst_call_signaller_send_candidate (GST_CALL_SIGNALLER (a), 1, NULL);
  gst_call_signaller_send_bye (GST_CALL_SIGNALLER (a));
  gst_call_signaller_send_description (GST_CALL_SIGNALLER (b), GST_CALL_SDP_TYPE_ANSWER, "v=1");

  /* Nothing is delivered from inside the send call. */
  g_assert_cmpuint (at_b.log->len, ==, 0);
  g_assert_cmpuint (at_a.log->len, ==, 0);

  test_drain_context ();
  g_assert_cmpuint (at_b.log->len, ==, 4);
  g_assert_cmpstr (at_b.log->pdata[0], ==, "description 1 v=0");
  g_assert_cmpstr (at_b.log->pdata[1], ==, "candidate 0 candidate:1");
  g_assert_cmpstr (at_b.log->pdata[2], ==, "candidate 1 (end)");
  g_assert_cmpstr (at_b.log->pdata[3], ==, "bye");
  g_assert_cmpuint (at_a.log->len, ==, 1);
  g_assert_cmpstr (at_a.log->pdata[0], ==, "description 3 v=1");
  g_assert_cmpuint (gst_call_loopback_signaller_get_messages_sent (a), ==, 4);
  g_assert_cmpuint (gst_call_loopback_signaller_get_messages_sent (b), ==, 1);

  g_ptr_array_unref (at_a.log);
  g_ptr_array_unref (at_b.log);
  g_assert_finalize_object (a);
  g_assert_finalize_object (b);
}

static void
test_disconnect_drops (void)
{
  GstCallLoopbackSignaller *a, *b;
  Received at_a, at_b;

  gst_call_loopback_signaller_new_pair (&a, &b);
  connect_received (a, &at_a);
  connect_received (b, &at_b);

  gst_call_signaller_send_description (GST_CALL_SIGNALLER (a), GST_CALL_SDP_TYPE_OFFER, "in flight");
  gst_call_loopback_signaller_disconnect_peer (b);
  gst_call_signaller_send_description (GST_CALL_SIGNALLER (a), GST_CALL_SDP_TYPE_OFFER, "lost");
  g_assert_null (gst_call_loopback_signaller_get_peer (a));
  g_assert_null (gst_call_loopback_signaller_get_peer (b));

  /* Disconnecting again is harmless. */
  gst_call_loopback_signaller_disconnect_peer (a);

  test_drain_context ();
  g_assert_cmpuint (at_b.log->len, ==, 2);
  g_assert_cmpstr (at_b.log->pdata[0], ==, "description 1 in flight");
  g_assert_cmpstr (at_b.log->pdata[1], ==, "closed");
  g_assert_cmpuint (at_a.log->len, ==, 1);
  g_assert_cmpstr (at_a.log->pdata[0], ==, "closed");

  g_ptr_array_unref (at_a.log);
  g_ptr_array_unref (at_b.log);
  g_assert_finalize_object (a);
  g_assert_finalize_object (b);
}

static void
test_peer_gone (void)
{
  GstCallLoopbackSignaller *a, *b;

  gst_call_loopback_signaller_new_pair (&a, &b);
  gst_call_signaller_send_bye (GST_CALL_SIGNALLER (a));
  /* The receiver goes away with a message on its way: it is dropped. */
  g_assert_finalize_object (b);
  test_drain_context ();
  g_assert_null (gst_call_loopback_signaller_get_peer (a));
  gst_call_signaller_send_bye (GST_CALL_SIGNALLER (a));
  g_assert_finalize_object (a);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/LoopbackSignaller/pair-delivers-in-order",
                   test_pair_delivers_in_order);
  g_test_add_func ("/GstCall/LoopbackSignaller/disconnect-drops", test_disconnect_drops);
  g_test_add_func ("/GstCall/LoopbackSignaller/peer-gone", test_peer_gone);

  return g_test_run ();
}
