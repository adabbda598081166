/* GstCall over SIP: two calls with SIP signallers on 127.0.0.1.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <gio/gio.h>

#include "test-utils.h"

#define TIMEOUT_MS 20000

/* A call over plain RTP on 127.0.0.1 with the test's audio (and video
 * when @video) and synced fake sinks. */
static GstCall *
new_call (gboolean video)
{
  g_autoptr (GError) error = NULL;
  GstCall *call = gst_call_new ();

  g_object_set (call, "transport", GST_CALL_TRANSPORT_KIND_RTP, "send-video", video, NULL);
  gst_call_rtp_transport_set_local_address (gst_call_get_rtp_transport (call), TEST_ICE_ADDRESS);
  g_assert_true (gst_call_set_sources_from_description (call, video ? TEST_VIDEO_SOURCE : NULL,
                                                        TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  return call;
}

/* The callee: a call listening for SIP on 127.0.0.1, any port. */
static void
callee_init (TestCallSide *side,
             gboolean      video)
{
  g_autoptr (GstCallSipSignaller) signaller = gst_call_sip_signaller_new (TEST_ICE_ADDRESS, 0);
  g_autoptr (GError) error = NULL;
  GstCall *call = new_call (video);

  g_assert_cmpuint (gst_call_sip_signaller_get_local_port (signaller), ==, 0);
  g_assert_true (gst_call_sip_signaller_start (signaller, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gst_call_sip_signaller_get_local_port (signaller), >, 0);
  gst_call_set_signaller (call, GST_CALL_SIGNALLER (signaller));
  test_call_side_init (side, "callee", call);
}

/* The URI @callee is called at. */
static char *
callee_uri (TestCallSide *callee)
{
  GstCallSipSignaller *signaller = GST_CALL_SIP_SIGNALLER (gst_call_get_signaller (callee->call));
  char *uri = gst_call_sip_signaller_dup_local_uri (signaller);
  g_autofree char *expected =
      g_strdup_printf ("sip:gstcall@127.0.0.1:%u", gst_call_sip_signaller_get_local_port (signaller));

  g_assert_cmpstr (uri, ==, expected);
  return uri;
}

/* The caller: a plain GstCall with no signaller; dialling a sip: URI gives
 * it one, and plain RTP. */
static void
caller_init (TestCallSide *side,
             gboolean      video)
{
  test_call_side_init (side, "caller", new_call (video));
}

static void
dial (TestCallSide *caller,
      const char   *uri)
{
  gst_call_dial_async (caller->call, uri, NULL, test_call_side_on_setup_done, caller);
  g_assert_true (GST_IS_CALL_SIP_SIGNALLER (gst_call_get_signaller (caller->call)));
  g_assert_cmpint (gst_call_get_transport (caller->call), ==, GST_CALL_TRANSPORT_KIND_RTP);
}

static void
connect_pair (TestCallSide *caller,
              TestCallSide *callee)
{
  g_autofree char *uri = callee_uri (callee);
  g_autoptr (GError) error = NULL;

  dial (caller, uri);
  g_assert_cmpstr (gst_call_sip_signaller_get_remote_uri (
                       GST_CALL_SIP_SIGNALLER (gst_call_get_signaller (caller->call))), ==, uri);
  test_wait_until (test_call_side_incoming, callee, TIMEOUT_MS, "the INVITE to reach the callee");
  g_assert_cmpint (gst_call_get_state (callee->call), ==, GST_CALL_STATE_IDLE);
  gst_call_answer_async (callee->call, NULL, test_call_side_on_setup_done, callee);
  g_assert_true (test_call_side_finish_setup (caller, &error));
  g_assert_no_error (error);
  g_assert_true (test_call_side_finish_setup (callee, &error));
  g_assert_no_error (error);
  g_assert_cmpint (gst_call_get_state (caller->call), ==, GST_CALL_STATE_ACTIVE);
  g_assert_cmpint (gst_call_get_state (callee->call), ==, GST_CALL_STATE_ACTIVE);
}

static void
assert_media_both_ways (TestCallSide *a,
                        TestCallSide *b,
                        gboolean      video)
{
  TestCallSide *sides[] = { a, b };

  for (guint i = 0; i < G_N_ELEMENTS (sides); i++) {
    test_wait_call_stats (sides[i]->call, "audio-frames-received", 50);
    if (video)
      test_wait_call_stats (sides[i]->call, "video-frames-received", 30);
    g_test_message ("%s: %u audio frames, %u video frames decoded", sides[i]->name,
                    test_call_stats_uint (sides[i]->call, "audio-frames-received"),
                    test_call_stats_uint (sides[i]->call, "video-frames-received"));
  }
}

/* Hanging up on one side ends the other with peer-hangup, over BYE. */
static void
assert_hangup_ends_peer (TestCallSide *hanging_up,
                         TestCallSide *peer)
{
  GstCallEndReason reason;

  gst_call_hangup (hanging_up->call);
  g_assert_cmpint (gst_call_get_state (hanging_up->call), ==, GST_CALL_STATE_ENDED);
  test_wait_until (test_call_side_ended, peer, TIMEOUT_MS, "the BYE to end the peer's call");
  g_assert_cmpint (gst_call_get_state (peer->call), ==, GST_CALL_STATE_ENDED);
  g_assert_no_error (peer->ended_reason);
  g_object_get (peer->call, "end-reason", &reason, NULL);
  g_assert_cmpint (reason, ==, GST_CALL_END_REASON_PEER_HANGUP);
  /* The 200 OK of the BYE goes back before the calls are freed. */
  test_iterate_for (100);
}

/* A signaller's SIP stack shuts down once its call is freed: it is freed
 * as the context runs. */
static void
let_stacks_shut_down (void)
{
  test_iterate_for (300);
}

static void
test_call (gconstpointer data)
{
  gboolean caller_hangs_up = GPOINTER_TO_INT (data) & 1;
  gboolean video = (GPOINTER_TO_INT (data) & 2) != 0;
  TestCallSide caller, callee;

  callee_init (&callee, video);
  caller_init (&caller, video);
  connect_pair (&caller, &callee);
  assert_media_both_ways (&caller, &callee, video);
  if (caller_hangs_up)
    assert_hangup_ends_peer (&caller, &callee);
  else
    assert_hangup_ends_peer (&callee, &caller);
  test_call_side_clear (&caller);
  test_call_side_clear (&callee);
  let_stacks_shut_down ();
}

/* The callee declines: the caller fails with the SIP status. */
static void
test_decline (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *uri = NULL;
  TestCallSide caller, callee;

  callee_init (&callee, FALSE);
  caller_init (&caller, FALSE);
  uri = callee_uri (&callee);
  dial (&caller, uri);
  test_wait_until (test_call_side_incoming, &callee, TIMEOUT_MS, "the INVITE");
  gst_call_hangup (callee.call);
  g_assert_false (test_call_side_finish_setup (&caller, &error));
  g_test_message ("caller: %s", error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  g_assert_nonnull (strstr (error->message, "SIP 603 Decline"));
  g_assert_cmpint (gst_call_get_state (caller.call), ==, GST_CALL_STATE_FAILED);
  test_iterate_for (100);
  test_call_side_clear (&caller);
  test_call_side_clear (&callee);
  let_stacks_shut_down ();
}

/* The caller gives up before the answer: CANCEL ends the incoming call. */
static void
test_cancel (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *uri = NULL;
  GstCallEndReason reason;
  TestCallSide caller, callee;

  callee_init (&callee, FALSE);
  caller_init (&caller, FALSE);
  uri = callee_uri (&callee);
  dial (&caller, uri);
  test_wait_until (test_call_side_incoming, &callee, TIMEOUT_MS, "the INVITE");
  gst_call_hangup (caller.call);
  g_assert_false (test_call_side_finish_setup (&caller, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
  test_wait_until (test_call_side_ended, &callee, TIMEOUT_MS, "the CANCEL to end the call");
  g_object_get (callee.call, "end-reason", &reason, NULL);
  g_assert_cmpint (reason, ==, GST_CALL_END_REASON_PEER_HANGUP);
  g_assert_cmpint (gst_call_get_state (callee.call), ==, GST_CALL_STATE_ENDED);
  test_iterate_for (100);
  test_call_side_clear (&caller);
  test_call_side_clear (&callee);
  let_stacks_shut_down ();
}

/* A second INVITE during a call is refused with 486 Busy Here; the first
 * call goes on. */
static void
test_busy (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *uri = NULL;
  TestCallSide caller, callee, second;

  callee_init (&callee, FALSE);
  caller_init (&caller, FALSE);
  connect_pair (&caller, &callee);
  uri = callee_uri (&callee);
  test_call_side_init (&second, "second caller", new_call (FALSE));
  dial (&second, uri);
  g_assert_false (test_call_side_finish_setup (&second, &error));
  g_test_message ("second caller: %s", error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  g_assert_nonnull (strstr (error->message, "SIP 486 Busy Here"));
  g_assert_cmpint (gst_call_get_state (callee.call), ==, GST_CALL_STATE_ACTIVE);
  assert_media_both_ways (&caller, &callee, FALSE);
  assert_hangup_ends_peer (&caller, &callee);
  test_call_side_clear (&second);
  test_call_side_clear (&caller);
  test_call_side_clear (&callee);
  let_stacks_shut_down ();
}

/* Dialling a port nothing listens on fails (ICMP port unreachable, or
 * the INVITE's timeout), not hangs. */
static void
test_nobody_there (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) port_error = NULL;
  g_autoptr (GSocket) socket = NULL;
  g_autoptr (GSocketAddress) any = NULL;
  g_autoptr (GSocketAddress) bound = NULL;
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autofree char *uri = NULL;
  TestCallSide caller;

  /* A port that was free a moment ago. */
  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP,
                         &port_error);
  g_assert_no_error (port_error);
  any = g_inet_socket_address_new (loopback, 0);
  g_assert_true (g_socket_bind (socket, any, FALSE, &port_error));
  bound = g_socket_get_local_address (socket, &port_error);
  g_assert_no_error (port_error);
  uri = g_strdup_printf ("sip:nobody@127.0.0.1:%u",
                         g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)));
  g_clear_object (&socket);

  caller_init (&caller, FALSE);
  g_object_set (caller.call, "connect-timeout", 10, NULL);
  dial (&caller, uri);
  g_assert_false (test_call_side_finish_setup (&caller, &error));
  g_test_message ("caller: %s", error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  g_assert_nonnull (strstr (error->message, "got no answer"));
  g_assert_cmpint (gst_call_get_state (caller.call), ==, GST_CALL_STATE_FAILED);
  test_call_side_clear (&caller);
  let_stacks_shut_down ();
}

static void
test_bad_arguments (void)
{
  g_autoptr (GstCallSipSignaller) signaller = gst_call_sip_signaller_new (NULL, 0);
  g_autoptr (GstCallSipSignaller) taken = NULL;
  g_autoptr (GstCallSipSignaller) not_ip = gst_call_sip_signaller_new ("example.invalid", 5060);
  g_autoptr (GError) error = NULL;
  const char *bad_uris[] = { "sip:", "sip:@", "http://example.com/", "user@host" };
  TestCallSide caller;

  g_assert_cmpstr (gst_call_sip_signaller_get_local_address (signaller), ==, "127.0.0.1");
  g_assert_cmpstr (gst_call_sip_signaller_get_user (signaller), ==, "gstcall");
  g_assert_null (gst_call_sip_signaller_dup_local_uri (signaller));
  for (guint i = 0; i < G_N_ELEMENTS (bad_uris); i++) {
    g_assert_false (gst_call_sip_signaller_set_remote_uri (signaller, bad_uris[i], &error));
    g_test_message ("%s: %s", bad_uris[i], error->message);
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }
  g_assert_null (gst_call_sip_signaller_get_remote_uri (signaller));
  g_assert_true (gst_call_sip_signaller_set_remote_uri (signaller, "sip:a@127.0.0.1:5", &error));
  g_assert_no_error (error);

  /* The same port twice. */
  g_assert_true (gst_call_sip_signaller_start (signaller, &error));
  g_assert_no_error (error);
  g_assert_true (gst_call_sip_signaller_start (signaller, &error));
  taken = gst_call_sip_signaller_new (NULL, gst_call_sip_signaller_get_local_port (signaller));
  g_assert_false (gst_call_sip_signaller_start (taken, &error));
  g_test_message ("same port: %s", error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED);
  g_clear_error (&error);

  g_assert_false (gst_call_sip_signaller_start (not_ip, &error));
  g_test_message ("not an IP address: %s", error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* Dialling a bad sip: URI. */
  test_call_side_init (&caller, "caller", new_call (FALSE));
  gst_call_dial_async (caller.call, "sip:", NULL, test_call_side_on_setup_done, &caller);
  g_assert_false (test_call_side_finish_setup (&caller, &error));
  g_test_message ("dial: %s", error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (gst_call_get_state (caller.call), ==, GST_CALL_STATE_IDLE);
  test_call_side_clear (&caller);
  g_clear_object (&signaller);
  g_clear_object (&taken);
  g_clear_object (&not_ip);
  let_stacks_shut_down ();
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_data_func ("/GstCall/Sip/audio/caller-hangs-up", GINT_TO_POINTER (1), test_call);
  g_test_add_data_func ("/GstCall/Sip/audio/callee-hangs-up", GINT_TO_POINTER (0), test_call);
  g_test_add_data_func ("/GstCall/Sip/audio-video/caller-hangs-up", GINT_TO_POINTER (3),
                        test_call);
  g_test_add_func ("/GstCall/Sip/decline", test_decline);
  g_test_add_func ("/GstCall/Sip/cancel", test_cancel);
  g_test_add_func ("/GstCall/Sip/busy", test_busy);
  g_test_add_func ("/GstCall/Sip/nobody-there", test_nobody_there);
  g_test_add_func ("/GstCall/Sip/bad-arguments", test_bad_arguments);

  return g_test_run ();
}
