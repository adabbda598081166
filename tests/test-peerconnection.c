/* GstPeerConnection: construction, configuration and bad input.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "test-utils.h"

#include <gst/rtp/rtp.h>
#include <gst/webrtc/webrtc.h>
#include "gstcalltrack-private.h"
#include "gstcall-encoder-slot-private.h"

#include "gstcall-private.h"
#include "gstpeerconnection-private.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif

typedef struct {
  GAsyncResult *result;
} AsyncWait;

static void
store_result (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  AsyncWait *wait = user_data;

  g_assert_true (g_main_context_is_owner (g_main_context_default ()));
  wait->result = g_object_ref (result);
}

static gboolean
have_result (gpointer data)
{
  return ((AsyncWait *) data)->result != NULL;
}

static GAsyncResult *
wait_result (AsyncWait *wait)
{
  test_wait_until (have_result, wait, 10000, "async result");
  return g_steal_pointer (&wait->result);
}

static char *
create_offer_sync (GstPeerConnection *pc,
                   GError           **error)
{
  AsyncWait wait = { NULL };
  g_autoptr (GAsyncResult) result = NULL;

  gst_peer_connection_create_offer_async (pc, NULL, store_result, &wait);
  result = wait_result (&wait);
  return gst_peer_connection_create_offer_finish (pc, result, error);
}

static gboolean
set_remote_sync (GstPeerConnection *pc,
                 GstCallSdpType     type,
                 const char        *sdp,
                 GError           **error)
{
  AsyncWait wait = { NULL };
  g_autoptr (GAsyncResult) result = NULL;

  gst_peer_connection_set_remote_description_async (pc, type, sdp, NULL,
                                                    store_result, &wait);
  result = wait_result (&wait);
  return gst_peer_connection_set_remote_description_finish (pc, result, error);
}

static gboolean
set_local_sync (GstPeerConnection *pc,
                GstCallSdpType     type,
                const char        *sdp,
                GError           **error)
{
  AsyncWait wait = { NULL };
  g_autoptr (GAsyncResult) result = NULL;

  gst_peer_connection_set_local_description_async (pc, type, sdp, NULL,
                                                   store_result, &wait);
  result = wait_result (&wait);
  return gst_peer_connection_set_local_description_finish (pc, result, error);
}

static GstPeerConnection *
new_pc_with_video (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = test_new_loopback_peer_connection (&error);

  g_assert_no_error (error);
  g_assert_nonnull (gst_peer_connection_add_track_from_description (
      pc, GST_CALL_MEDIA_KIND_VIDEO, TEST_VIDEO_SOURCE, &error));
  g_assert_no_error (error);
  return pc;
}

static void
finish_pc (GstPeerConnection *pc)
{
  gst_peer_connection_close (pc);
  test_drain_context ();
  g_assert_finalize_object (pc);
}

static guint notifications;

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    user_data)
{
  notifications++;
}

/* The jitterbuffer latency is 50 ms unless changed, reaches webrtcbin and
 * follows changes during the connection's life. */
static void
test_latency (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = gst_peer_connection_new (&error);
  GstPeerConnection *slow;
  guint latency = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (gst_peer_connection_get_latency (pc), ==, 50);
  g_object_get (gst_peer_connection_get_webrtcbin (pc), "latency", &latency, NULL);
  g_assert_cmpuint (latency, ==, 50);

  notifications = 0;
  g_signal_connect (pc, "notify::latency", G_CALLBACK (count_notify), NULL);
  gst_peer_connection_set_latency (pc, 120);
  gst_peer_connection_set_latency (pc, 120);
  g_assert_cmpuint (notifications, ==, 1);
  g_object_get (gst_peer_connection_get_webrtcbin (pc), "latency", &latency, NULL);
  g_assert_cmpuint (latency, ==, 120);
  g_assert_finalize_object (pc);

  /* Set at construction. */
  slow = g_initable_new (GST_TYPE_PEER_CONNECTION, NULL, &error, "latency", 400, NULL);
  g_assert_no_error (error);
  g_object_get (gst_peer_connection_get_webrtcbin (slow), "latency", &latency, NULL);
  g_assert_cmpuint (latency, ==, 400);
  g_assert_finalize_object (slow);
}

/* Congestion control's settings: defaults, notifications once per change,
 * bounds below 1000 bit/s refused, and the bounds the controller uses
 * when they are set in any order. */
static void
test_congestion_control_settings (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = gst_peer_connection_new (&error);
  GstCallCongestionControl mode = GST_CALL_CONGESTION_CONTROL_NONE;
  guint min = 0, start = 0, max = 0, target = 1;

  g_assert_no_error (error);
  g_assert_cmpint (gst_peer_connection_get_congestion_control (pc), ==,
                   GST_CALL_CONGESTION_CONTROL_GCC);
  g_assert_cmpuint (gst_peer_connection_get_min_bitrate (pc), ==, 30000);
  g_assert_cmpuint (gst_peer_connection_get_start_bitrate (pc), ==, 300000);
  g_assert_cmpuint (gst_peer_connection_get_max_bitrate (pc), ==, 2500000);
  g_assert_cmpuint (gst_peer_connection_get_target_bitrate (pc), ==, 0);

  notifications = 0;
  g_signal_connect (pc, "notify", G_CALLBACK (count_notify), NULL);
  gst_peer_connection_set_congestion_control (pc, GST_CALL_CONGESTION_CONTROL_NONE);
  gst_peer_connection_set_congestion_control (pc, GST_CALL_CONGESTION_CONTROL_NONE);
  g_assert_cmpuint (notifications, ==, 1);
  gst_peer_connection_set_max_bitrate (pc, 400000);
  gst_peer_connection_set_max_bitrate (pc, 400000);
  g_assert_cmpuint (notifications, ==, 2);
  g_object_set (pc, "min-bitrate", 50000, "start-bitrate", 350000, NULL);
  g_assert_cmpuint (notifications, ==, 4);
  g_object_get (pc, "congestion-control", &mode, "min-bitrate", &min, "start-bitrate", &start,
                "max-bitrate", &max, "target-bitrate", &target, NULL);
  g_assert_cmpint (mode, ==, GST_CALL_CONGESTION_CONTROL_NONE);
  g_assert_cmpuint (min, ==, 50000);
  g_assert_cmpuint (start, ==, 350000);
  g_assert_cmpuint (max, ==, 400000);
  g_assert_cmpuint (target, ==, 0);

  /* Below 1000 bit/s: a programmer error, nothing changes. */
  g_test_expect_message ("GstCall", G_LOG_LEVEL_CRITICAL, "*bitrate >= LOWEST_BITRATE*");
  gst_peer_connection_set_max_bitrate (pc, 999);
  g_test_assert_expected_messages ();
  g_assert_cmpuint (gst_peer_connection_get_max_bitrate (pc), ==, 400000);
  g_assert_cmpuint (notifications, ==, 4);
  g_assert_finalize_object (pc);

  /* In order, the bounds are the ones set. */
  gst_peer_connection_congestion_bounds (30000, 1000000, 2500000, &min, &start, &max);
  g_assert_cmpuint (min, ==, 30000);
  g_assert_cmpuint (start, ==, 1000000);
  g_assert_cmpuint (max, ==, 2500000);
  /* A maximum below the start is the start. */
  gst_peer_connection_congestion_bounds (30000, 1000000, 400000, &min, &start, &max);
  g_assert_cmpuint (min, ==, 30000);
  g_assert_cmpuint (start, ==, 400000);
  g_assert_cmpuint (max, ==, 400000);
  /* A start below the minimum is the minimum. */
  gst_peer_connection_congestion_bounds (500000, 100000, 2500000, &min, &start, &max);
  g_assert_cmpuint (min, ==, 500000);
  g_assert_cmpuint (start, ==, 500000);
  g_assert_cmpuint (max, ==, 2500000);
  /* A minimum above the maximum: the maximum wins. */
  gst_peer_connection_congestion_bounds (800000, 1000000, 300000, &min, &start, &max);
  g_assert_cmpuint (min, ==, 300000);
  g_assert_cmpuint (start, ==, 300000);
  g_assert_cmpuint (max, ==, 300000);
}

static gboolean
dtls_certificate_made (gpointer data)
{
  return gst_call_dtls_certificate_is_ready () && !test_thread_running ("gstcall-dtls");
}

/* Using libgstcall makes the process's DTLS certificate in the background;
 * the thread that made it is gone afterwards, and webrtcbin's transports
 * use that certificate. */
static void
test_dtls_certificate_in_advance (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = gst_peer_connection_new (&error);
  g_autoptr (GstElement) first = NULL;
  g_autoptr (GstElement) second = NULL;
  g_autofree char *first_pem = NULL;
  g_autofree char *second_pem = NULL;

  g_assert_no_error (error);
  test_wait_until (dtls_certificate_made, NULL, 20000, "the DTLS certificate");

  /* Every dtlsdec without a pem of its own gets the process's certificate. */
  first = gst_object_ref_sink (gst_element_factory_make ("dtlsdec", NULL));
  second = gst_object_ref_sink (gst_element_factory_make ("dtlsdec", NULL));
  g_object_get (first, "pem", &first_pem, NULL);
  g_object_get (second, "pem", &second_pem, NULL);
  g_assert_nonnull (strstr (first_pem, "BEGIN CERTIFICATE"));
  g_assert_cmpstr (first_pem, ==, second_pem);
  g_assert_finalize_object (pc);
}

static GstBusSyncReply
record_bus_message (GstBus     *bus,
                    GstMessage *message,
                    gpointer    user_data)
{
  GArray *types = user_data;
  GstMessageType type = GST_MESSAGE_TYPE (message);

  g_array_append_val (types, type);
  return GST_BUS_PASS;
}

/* What the pipeline's elements post that nobody reads (stream-starts,
 * webrtcbin posts one with every RTCP packet; their state and structure
 * changes; stream statuses) does not reach the bus, where each message
 * woke the main context: errors, warnings, other messages and the
 * pipeline's own state do. */
static void
test_bus_chatter_dropped (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = gst_peer_connection_new (&error);
  GstElement *pipeline;
  g_autoptr (GstBus) bus = NULL;
  g_autoptr (GArray) types = g_array_new (FALSE, FALSE, sizeof (GstMessageType));
  GstElement *child = gst_element_factory_make ("identity", NULL);
  g_autoptr (GError) warning = g_error_new_literal (GST_CORE_ERROR, GST_CORE_ERROR_FAILED,
                                                    "a test warning");

  g_assert_no_error (error);
  pipeline = gst_peer_connection_get_pipeline (pc);
  gst_bin_add (GST_BIN (pipeline), child);
  bus = gst_pipeline_get_bus (GST_PIPELINE (pipeline));
  gst_bus_set_sync_handler (bus, record_bus_message, types, NULL);

  gst_element_post_message (child, gst_message_new_stream_start (GST_OBJECT (child)));
  gst_element_post_message (child, gst_message_new_state_changed (
                                       GST_OBJECT (child), GST_STATE_READY, GST_STATE_PAUSED,
                                       GST_STATE_VOID_PENDING));
  gst_element_post_message (child, gst_message_new_stream_status (
                                       GST_OBJECT (child), GST_STREAM_STATUS_TYPE_CREATE,
                                       child));
  gst_element_post_message (child, gst_message_new_warning (GST_OBJECT (child), warning,
                                                            NULL));
  gst_element_post_message (child, gst_message_new_element (
                                       GST_OBJECT (child), gst_structure_new_empty ("test")));
  gst_element_post_message (pipeline, gst_message_new_state_changed (
                                          GST_OBJECT (pipeline), GST_STATE_PLAYING,
                                          GST_STATE_PLAYING, GST_STATE_VOID_PENDING));

  gst_bus_set_sync_handler (bus, NULL, NULL, NULL);
  g_assert_cmpuint (types->len, ==, 3);
  g_assert_cmpint (g_array_index (types, GstMessageType, 0), ==, GST_MESSAGE_WARNING);
  g_assert_cmpint (g_array_index (types, GstMessageType, 1), ==, GST_MESSAGE_ELEMENT);
  g_assert_cmpint (g_array_index (types, GstMessageType, 2), ==, GST_MESSAGE_STATE_CHANGED);
  g_assert_finalize_object (pc);
}

static void
test_defaults (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = gst_peer_connection_new (&error);
  g_autoptr (GstElement) pipeline = NULL;
  GstCallBundlePolicy bundle_policy;
  char *stun = NULL;

  g_assert_no_error (error);
  g_assert_cmpint (gst_peer_connection_get_bundle_policy (pc), ==,
                   GST_CALL_BUNDLE_POLICY_MAX_BUNDLE);
  g_assert_cmpint (gst_peer_connection_get_ice_transport_policy (pc), ==,
                   GST_CALL_ICE_TRANSPORT_POLICY_ALL);
  g_assert_null (gst_peer_connection_get_ice_servers (pc));
  g_assert_cmpint (gst_peer_connection_get_signaling_state (pc), ==,
                   GST_CALL_SIGNALING_STATE_STABLE);
  g_assert_cmpint (gst_peer_connection_get_connection_state (pc), ==,
                   GST_CALL_PEER_CONNECTION_STATE_NEW);
  g_object_get (pc, "bundle-policy", &bundle_policy, "pipeline", &pipeline, NULL);
  g_assert_cmpint (bundle_policy, ==, GST_CALL_BUNDLE_POLICY_MAX_BUNDLE);
  g_assert_true (GST_IS_PIPELINE (pipeline));
  g_assert_true (gst_peer_connection_get_pipeline (pc) == pipeline);

  /* No third-party STUN server unless asked for. */
  g_object_get (gst_peer_connection_get_webrtcbin (pc), "stun-server", &stun, NULL);
  g_assert_null (stun);

  /* Nor UPnP discovery on the local network. */
  {
    g_autoptr (GObject) ice = NULL;
    g_autoptr (GObject) agent = NULL;
    gboolean upnp = TRUE;
    guint pacing_ms = 0;

    g_object_get (gst_peer_connection_get_webrtcbin (pc), "ice-agent", &ice, NULL);
    g_object_get (ice, "agent", &agent, NULL);
    g_object_get (agent, "upnp", &upnp, "stun-pacing-timer", &pacing_ms, NULL);
    g_assert_false (upnp);
    /* Connectivity checks every 5 ms, RFC 8445's floor, not libnice's 20. */
    g_assert_cmpuint (pacing_ms, ==, 5);
  }

  g_assert_null (gst_peer_connection_get_local_description (pc));
  g_assert_null (gst_peer_connection_get_remote_description (pc));

  finish_pc (pc);
}

static void
test_ice_servers (void)
{
  const char * const servers[] = {
    "stun:127.0.0.1:3478", "turn://user:secret@127.0.0.1:3478", NULL
  };
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc;
  g_autofree char *stun = NULL;

  pc = gst_peer_connection_new_full (servers, GST_CALL_BUNDLE_POLICY_BALANCED,
                                     GST_CALL_ICE_TRANSPORT_POLICY_RELAY, &error);
  g_assert_no_error (error);
  g_assert_cmpstrv (gst_peer_connection_get_ice_servers (pc), servers);
  g_assert_cmpint (gst_peer_connection_get_bundle_policy (pc), ==,
                   GST_CALL_BUNDLE_POLICY_BALANCED);
  g_assert_cmpint (gst_peer_connection_get_ice_transport_policy (pc), ==,
                   GST_CALL_ICE_TRANSPORT_POLICY_RELAY);
  g_object_get (gst_peer_connection_get_webrtcbin (pc), "stun-server", &stun, NULL);
  g_assert_cmpstr (stun, ==, "stun://127.0.0.1:3478");
  finish_pc (pc);
}

static void
test_ice_local_addresses (void)
{
  const char * const bad[] = { "not-an-address", NULL };
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = test_new_loopback_peer_connection (&error);
  const char * const expected[] = { TEST_ICE_ADDRESS, NULL };

  g_assert_no_error (error);
  g_assert_cmpstrv (gst_peer_connection_get_ice_local_addresses (pc), expected);
  finish_pc (pc);

  g_assert_null (g_initable_new (GST_TYPE_PEER_CONNECTION, NULL, &error,
                                 "ice-local-addresses", bad, NULL));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "not-an-address"));
}

static void
test_ice_servers_invalid (void)
{
  static const struct {
    const char *uri;
    const char *message_part;
  } cases[] = {
    { "http://127.0.0.1", "is not a stun:, turn: or turns: URI" },
    { "stun:", "has no host" },
    { "turn://127.0.0.1:3478", "needs credentials" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    const char *servers[] = { cases[i].uri, NULL };
    g_autoptr (GError) error = NULL;
    GstPeerConnection *pc;

    pc = gst_peer_connection_new_full (servers, GST_CALL_BUNDLE_POLICY_MAX_BUNDLE,
                                       GST_CALL_ICE_TRANSPORT_POLICY_ALL, &error);
    g_assert_null (pc);
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_assert_nonnull (strstr (error->message, cases[i].message_part));
    g_assert_nonnull (strstr (error->message, cases[i].uri));
  }

  {
    const char *two_stun[] = { "stun:127.0.0.1:1", "stun:127.0.0.1:2", NULL };
    g_autoptr (GError) error = NULL;

    g_assert_null (gst_peer_connection_new_full (two_stun,
                                                 GST_CALL_BUNDLE_POLICY_MAX_BUNDLE,
                                                 GST_CALL_ICE_TRANSPORT_POLICY_ALL,
                                                 &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  }
}

typedef struct {
  const char *element;
  const char *package;
} MissingCase;

static const MissingCase missing_cases[] = {
  { "webrtcbin", "gstreamer1.0-plugins-bad" },
  { "nicesrc", "gstreamer1.0-nice" },
  { "dtlssrtpenc", "gstreamer1.0-plugins-bad" },
  { "srtpenc", "gstreamer1.0-plugins-bad" },
  { "rtpbin", "gstreamer1.0-plugins-good" },
  { "vp8enc", "gstreamer1.0-plugins-good" },
  { "opusenc", "gstreamer1.0-plugins-base" },
};

/* Removing an element from the registry makes it missing for the whole
 * process, so the check runs in a subprocess. */
static void
test_missing_plugin (gconstpointer data)
{
  const MissingCase *missing = data;

  if (g_test_subprocess ()) {
    GstRegistry *registry = gst_registry_get ();
    g_autoptr (GstPluginFeature) feature =
        gst_registry_lookup_feature (registry, missing->element);
    g_autoptr (GError) error = NULL;

    g_assert_nonnull (feature);
    gst_registry_remove_feature (registry, feature);

    g_assert_null (gst_peer_connection_new (&error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN);
    g_print ("%s\n", error->message);
    return;
  }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  {
    g_autofree char *expected = g_strdup_printf ("*%s* is missing: install the package %s*",
                                                 missing->element, missing->package);
    g_test_trap_assert_stdout (expected);
  }
}

static void
test_missing_element_in_description (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = gst_peer_connection_new (&error);

  g_assert_no_error (error);
  g_assert_null (gst_peer_connection_add_track_from_description (
      pc, GST_CALL_MEDIA_KIND_VIDEO, "nosuchcamerasrc ! videoconvert", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN);
  g_assert_nonnull (strstr (error->message, "nosuchcamerasrc"));
  g_clear_error (&error);

  g_assert_null (gst_peer_connection_add_track_from_description (
      pc, GST_CALL_MEDIA_KIND_VIDEO, "videotestsrc ! ! fakesink", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* A complete pipeline has no output left for the encoder. */
  g_assert_null (gst_peer_connection_add_track_from_description (
      pc, GST_CALL_MEDIA_KIND_VIDEO, "videotestsrc ! fakesink", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* Audio into a video track cannot link. */
  g_assert_null (gst_peer_connection_add_track_from_description (
      pc, GST_CALL_MEDIA_KIND_VIDEO, "audiotestsrc is-live=true", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);

  finish_pc (pc);
}

static void
test_offer_sdp (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = new_pc_with_video ();
  g_autofree char *sdp = NULL;

  g_assert_nonnull (gst_peer_connection_add_track_from_description (
      pc, GST_CALL_MEDIA_KIND_AUDIO, TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);

  sdp = create_offer_sync (pc, &error);
  g_assert_no_error (error);
  g_assert_nonnull (sdp);

  g_assert_nonnull (strstr (sdp, "a=group:BUNDLE"));
  g_assert_nonnull (strstr (sdp, "a=rtcp-mux"));
  g_assert_nonnull (strstr (sdp, "VP8/90000"));
  g_assert_nonnull (strstr (sdp, "OPUS/48000/2"));
  g_assert_nonnull (strstr (sdp, "rtx/90000"));
  g_assert_nonnull (strstr (sdp, "apt=96"));
  g_assert_nonnull (strstr (sdp, "a=rtcp-fb:96 nack"));

  /* Applying it with NULL uses the offer just created. */
  g_assert_true (set_local_sync (pc, GST_CALL_SDP_TYPE_OFFER, NULL, &error));
  g_assert_no_error (error);
  test_drain_context ();
  g_assert_cmpint (gst_peer_connection_get_signaling_state (pc), ==,
                   GST_CALL_SIGNALING_STATE_HAVE_LOCAL_OFFER);
  {
    g_autofree char *local = gst_peer_connection_get_local_description (pc);
    g_assert_nonnull (local);
    g_assert_nonnull (strstr (local, "VP8/90000"));
  }

  finish_pc (pc);
}

/* Each media section of @sdp has an a=ssrc line. */
static void
assert_every_section_names_ssrc (const char *sdp)
{
  g_auto (GStrv) sections = g_strsplit (sdp, "\r\nm=", -1);

  g_assert_cmpuint (g_strv_length (sections), ==, 3);
  for (guint i = 1; sections[i]; i++) {
    g_test_message ("m=%.*s: %s", (int) strcspn (sections[i], "\r"), sections[i],
                    strstr (sections[i], "\r\na=ssrc:") ? "a=ssrc" : "no a=ssrc");
    g_assert_nonnull (strstr (sections[i], "\r\na=ssrc:"));
  }
}

/* Servers that route by SSRC (werift) need a=ssrc in the offer. webrtcbin
 * writes it once the payloader's caps reached it: an offer made at once
 * after adding tracks whose first frame is late still names them. */
static void
test_offer_names_ssrcs (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = test_new_loopback_peer_connection (&error);
  g_autofree char *sdp = NULL;

  g_assert_no_error (error);
  /* identity sleeps 300 ms before each frame: the encoder's caps come
   * with its first output, long after the offer is asked for. */
  g_assert_nonnull (gst_peer_connection_add_track_from_description (
      pc, GST_CALL_MEDIA_KIND_VIDEO, TEST_VIDEO_SOURCE " ! identity sleep-time=300000",
      &error));
  g_assert_no_error (error);
  g_assert_nonnull (gst_peer_connection_add_track_from_description (
      pc, GST_CALL_MEDIA_KIND_AUDIO, TEST_AUDIO_SOURCE " ! identity sleep-time=300000",
      &error));
  g_assert_no_error (error);

  sdp = create_offer_sync (pc, &error);
  g_assert_no_error (error);
  assert_every_section_names_ssrc (sdp);
  finish_pc (pc);
}

static void
test_remote_garbage (void)
{
  static const struct {
    const char *sdp;
    const char *message_part;
  } cases[] = {
    { "", "is empty" },
    { "hello world", "not a session description" },
    { "\xff\xfe\x00garbage", "not valid UTF-8" },
    { "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n", "no media sections" },
    { "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n"
      "a=mid:0\r\n", "no ICE credentials" },
    { "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\nm=video 9 UDP/TLS/RTP/SAVPF 96\r\n"
      "a=ice-ufrag:abcd\r\na=ice-pwd:abcdefghijklmnopqrstuv\r\na=mid:0\r\n",
      "no DTLS fingerprint" },
  };
  GstPeerConnection *pc = new_pc_with_video ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autoptr (GError) error = NULL;

    g_assert_false (set_remote_sync (pc, GST_CALL_SDP_TYPE_OFFER, cases[i].sdp, &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, cases[i].message_part));
    g_assert_nonnull (strstr (error->message, "remote offer"));
  }
  test_drain_context ();
  g_assert_cmpint (gst_peer_connection_get_signaling_state (pc), ==,
                   GST_CALL_SIGNALING_STATE_STABLE);
  finish_pc (pc);
}

static void
test_answer_in_wrong_state (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *offerer = new_pc_with_video ();
  GstPeerConnection *other = new_pc_with_video ();
  g_autofree char *offer = create_offer_sync (offerer, &error);

  g_assert_no_error (error);

  /* An answer while stable: no local offer is pending. */
  g_assert_false (set_remote_sync (other, GST_CALL_SDP_TYPE_ANSWER, offer, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE);
  g_assert_nonnull (strstr (error->message, "stable"));
  g_assert_nonnull (strstr (error->message, "no local offer"));
  g_clear_error (&error);

  /* A remote offer while our own offer is pending (glare). */
  g_assert_true (set_local_sync (offerer, GST_CALL_SDP_TYPE_OFFER, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (set_remote_sync (offerer, GST_CALL_SDP_TYPE_OFFER, offer, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE);
  g_assert_nonnull (strstr (error->message, "have-local-offer"));
  g_clear_error (&error);

  /* No answer can be created without a remote offer. */
  {
    AsyncWait wait = { NULL };
    g_autoptr (GAsyncResult) result = NULL;

    gst_peer_connection_create_answer_async (other, NULL, store_result, &wait);
    result = wait_result (&wait);
    g_assert_null (gst_peer_connection_create_answer_finish (other, result, &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE);
    g_clear_error (&error);
  }

  /* A local description with nothing created. */
  g_assert_false (set_local_sync (other, GST_CALL_SDP_TYPE_ANSWER, NULL, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE);

  finish_pc (offerer);
  finish_pc (other);
}

static void
test_bad_ice_candidate (void)
{
  static const char * const bad[] = {
    "garbage",
    "candidate:",
    "candidate:1 1 UDP 2122252543 127.0.0.1 40000 host",
    "a=candidate:1 1 UDP 2122252543 127.0.0.1 40000 type host",
  };
  GstPeerConnection *pc = new_pc_with_video ();
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++) {
    g_assert_false (gst_peer_connection_add_ice_candidate (pc, 0, bad[i], &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
    g_clear_error (&error);
  }
  g_assert_false (gst_peer_connection_add_ice_candidate (
      pc, 5000, "candidate:1 1 UDP 2122252543 127.0.0.1 40000 typ host", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* End of candidates and well-formed candidates are accepted. */
  g_assert_true (gst_peer_connection_add_ice_candidate (pc, 0, NULL, &error));
  g_assert_true (gst_peer_connection_add_ice_candidate (pc, 0, "", &error));
  g_assert_true (gst_peer_connection_add_ice_candidate (
      pc, 0, "a=candidate:1 1 UDP 2122252543 127.0.0.1 40000 typ host", &error));
  g_assert_no_error (error);
  finish_pc (pc);
}

static GstPadProbeReturn
count_frames (GstPad          *pad,
              GstPadProbeInfo *info,
              gpointer         data)
{
  g_atomic_int_inc ((gint *) data);
  return GST_PAD_PROBE_OK;
}

static gboolean
first_frame (gpointer data)
{
  return g_atomic_int_get ((gint *) data) >= 1;
}

/* A track removed before the connection while its media flows: webrtcbin
 * holds the branch's buffers at its sink pad until negotiation, and
 * stopping the branch must not wait for that thread forever. */
static void
test_remove_track_before_connection (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = test_new_loopback_peer_connection (&error);
  GstCallTrack *track;
  g_autoptr (GstPad) sent = NULL;
  g_autoptr (GPtrArray) tracks = NULL;
  gint frames = 0;
  TestWatchdog watchdog;

  g_assert_no_error (error);
  track = gst_peer_connection_add_track_from_description (pc, GST_CALL_MEDIA_KIND_VIDEO,
                                                          TEST_VIDEO_SOURCE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (track);

  /* Count the frames entering the send branch: the first one reaches
   * webrtcbin's blocked sink pad well within the next 300 ms, and its
   * streaming thread waits there. */
  sent = gst_call_track_dup_sent_pad (track);
  g_assert_nonnull (sent);
  gst_pad_add_probe (sent, GST_PAD_PROBE_TYPE_BUFFER, count_frames, &frames, NULL);
  test_wait_until (first_frame, &frames, 10000, "a frame to enter the send branch");
  test_iterate_for (300);

  test_watchdog_start (&watchdog, "gst_peer_connection_remove_track() before the connection");
  g_assert_true (gst_peer_connection_remove_track (pc, track, &error));
  test_watchdog_stop (&watchdog);
  g_assert_no_error (error);
  tracks = gst_peer_connection_get_tracks (pc);
  g_assert_cmpuint (tracks->len, ==, 0);

  finish_pc (pc);
}

/* Whether the RTP packet @buffer starts a VP8 keyframe (RFC 7741). */
static gboolean
rtp_starts_vp8_keyframe (GstBuffer *buffer)
{
  GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;
  const guint8 *payload;
  guint size, offset = 1;
  gboolean keyframe = FALSE;

  if (!gst_rtp_buffer_map (buffer, GST_MAP_READ, &rtp))
    return FALSE;
  payload = gst_rtp_buffer_get_payload (&rtp);
  size = gst_rtp_buffer_get_payload_len (&rtp);
  /* The payload descriptor: its S bit (start of a partition), PID 0, and
   * the optional picture ID, TL0PICIDX and TID/KEYIDX fields. */
  if (size > 0 && (payload[0] & 0x17) == 0x10) {
    if (payload[0] & 0x80 && size > 1) {
      guint8 extension = payload[1];

      offset = 2;
      if (extension & 0x80 && size > offset)
        offset += (payload[offset] & 0x80) ? 2 : 1;
      if (extension & 0x40)
        offset++;
      if (extension & 0x30)
        offset++;
    }
    /* The payload header's P bit: 0 for a keyframe. */
    keyframe = size > offset && (payload[offset] & 0x01) == 0;
  }
  gst_rtp_buffer_unmap (&rtp);
  return keyframe;
}

typedef struct {
  GstElement *webrtcbin;
  gint encoded;         /* atomic */
  gint sent;            /* atomic: packets into webrtcbin */
  gint sent_connected;  /* atomic: of them, while webrtcbin was connected */
  gint first_keyframe;  /* atomic: -1 before the first packet */
  gint encoded_before;  /* atomic: frames encoded before the first packet */
} GateRun;

static GstPadProbeReturn
count_encoded (GstPad          *pad,
               GstPadProbeInfo *info,
               gpointer         data)
{
  GateRun *run = data;

  g_atomic_int_inc (&run->encoded);
  return GST_PAD_PROBE_OK;
}

static GstPadProbeReturn
check_sent_packet (GstPad          *pad,
                   GstPadProbeInfo *info,
                   gpointer         data)
{
  GateRun *run = data;
  GstWebRTCPeerConnectionState state = GST_WEBRTC_PEER_CONNECTION_STATE_NEW;

  g_object_get (run->webrtcbin, "connection-state", &state, NULL);
  if (state == GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTED)
    g_atomic_int_inc (&run->sent_connected);
  if (g_atomic_int_add (&run->sent, 1) == 0) {
    g_atomic_int_set (&run->encoded_before, g_atomic_int_get (&run->encoded));
    g_atomic_int_set (&run->first_keyframe,
                      rtp_starts_vp8_keyframe (GST_PAD_PROBE_INFO_BUFFER (info)));
  }
  return GST_PAD_PROBE_OK;
}

static gboolean
run_encoded_frames (gpointer data)
{
  return g_atomic_int_get (&((GateRun *) data)->encoded) >= 10;
}

static gboolean
run_sent_packets (gpointer data)
{
  return g_atomic_int_get (&((GateRun *) data)->sent) >= 20;
}

/* Frames encoded before the connection is up are not sent: they would
 * reach the peer late, as one burst. The first packet sent starts a
 * keyframe, although the encoder made frames before it. */
static void
test_media_waits_for_connection (void)
{
  g_autoptr (GstCallLoopbackSignaller) signaller_a = NULL;
  g_autoptr (GstCallLoopbackSignaller) signaller_b = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GstElement) encoder = NULL;
  g_autoptr (GstPad) encoder_src = NULL;
  GstIterator *it;
  GValue item = G_VALUE_INIT;
  TestPeer *offerer, *answerer;
  GateRun run = { NULL, 0, 0, 0, -1, 0 };
  gint64 deadline;

  gst_call_loopback_signaller_new_pair (&signaller_a, &signaller_b);
  offerer = test_peer_new ("offerer", GST_CALL_SIGNALLER (signaller_a), TRUE);
  answerer = test_peer_new ("answerer", GST_CALL_SIGNALLER (signaller_b), FALSE);
  run.webrtcbin = gst_peer_connection_get_webrtcbin (offerer->pc);
  g_assert_nonnull (gst_peer_connection_add_track_from_description (
      offerer->pc, GST_CALL_MEDIA_KIND_VIDEO, TEST_VIDEO_SOURCE, &error));
  g_assert_no_error (error);

  encoder = test_find_element (gst_peer_connection_get_pipeline (offerer->pc), "vp8enc");
  g_assert_nonnull (encoder);
  encoder_src = gst_element_get_static_pad (encoder, "src");
  gst_pad_add_probe (encoder_src, GST_PAD_PROBE_TYPE_BUFFER, count_encoded, &run, NULL);
  it = gst_element_iterate_sink_pads (run.webrtcbin);
  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    gst_pad_add_probe (g_value_get_object (&item), GST_PAD_PROBE_TYPE_BUFFER,
                       check_sent_packet, &run, NULL);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);

  /* The main context does not run: the descriptions wait in it, and the
   * encoder works on. */
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  while (!run_encoded_frames (&run) && g_get_monotonic_time () < deadline)
    g_usleep (10000);
  g_assert_cmpint (g_atomic_int_get (&run.encoded), >=, 10);
  g_assert_cmpint (g_atomic_int_get (&run.sent), ==, 0);

  test_wait_for_flag (&offerer->connected, 10000, "the offerer to connect");
  test_wait_until (run_sent_packets, &run, 10000, "packets to be sent");
  g_test_message ("%d frames encoded before the first packet sent",
                  g_atomic_int_get (&run.encoded_before));
  g_assert_cmpint (g_atomic_int_get (&run.sent_connected), ==, g_atomic_int_get (&run.sent));
  g_assert_cmpint (g_atomic_int_get (&run.encoded_before), >=, 10);
  g_assert_cmpint (g_atomic_int_get (&run.first_keyframe), ==, 1);
  /* What was dropped is not counted as sent (the stats' frames-sent). */
  {
    GstObject *slot = GST_OBJECT_PARENT (encoder);
    guint64 counted;

    while (slot && !GST_IS_CALL_ENCODER_SLOT (slot))
      slot = GST_OBJECT_PARENT (slot);
    g_assert_nonnull (slot);
    counted = gst_call_encoder_slot_get_frames_encoded (GST_CALL_ENCODER_SLOT (slot));
    g_test_message ("%" G_GUINT64_FORMAT " frames counted as sent of %d encoded", counted,
                    g_atomic_int_get (&run.encoded));
    g_assert_cmpuint (counted, <=,
                      g_atomic_int_get (&run.encoded) - g_atomic_int_get (&run.encoded_before) + 1);
  }

  test_peer_free (offerer);
  test_peer_free (answerer);
}

static void
test_closed (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = new_pc_with_video ();
  AsyncWait wait = { NULL };
  g_autoptr (GAsyncResult) result = NULL;

  gst_peer_connection_close (pc);
  gst_peer_connection_close (pc);
  g_assert_cmpint (gst_peer_connection_get_signaling_state (pc), ==,
                   GST_CALL_SIGNALING_STATE_CLOSED);
  g_assert_cmpint (gst_peer_connection_get_connection_state (pc), ==,
                   GST_CALL_PEER_CONNECTION_STATE_CLOSED);

  gst_peer_connection_create_offer_async (pc, NULL, store_result, &wait);
  result = wait_result (&wait);
  g_assert_null (gst_peer_connection_create_offer_finish (pc, result, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
  g_clear_error (&error);
  g_clear_object (&result);

  g_assert_null (gst_peer_connection_add_track_from_description (
      pc, GST_CALL_MEDIA_KIND_AUDIO, TEST_AUDIO_SOURCE, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
  g_clear_error (&error);

  g_assert_false (gst_peer_connection_add_ice_candidate (
      pc, 0, "candidate:1 1 UDP 2122252543 127.0.0.1 40000 typ host", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);

  finish_pc (pc);
}

static void
test_cancel (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  GstPeerConnection *pc = new_pc_with_video ();
  AsyncWait wait = { NULL };
  g_autoptr (GAsyncResult) result = NULL;
  char *sdp;

  /* Cancelled before webrtcbin replies: the promise is interrupted. */
  gst_peer_connection_create_offer_async (pc, cancellable, store_result, &wait);
  g_cancellable_cancel (cancellable);
  result = wait_result (&wait);
  sdp = gst_peer_connection_create_offer_finish (pc, result, &error);
  /* webrtcbin may have replied before the interrupt: either is correct, but
   * never a hang, and a reply is a real offer. */
  if (sdp) {
    g_assert_no_error (error);
    g_assert_nonnull (strstr (sdp, "m=video"));
    g_free (sdp);
  } else {
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  }
  g_clear_object (&result);
  finish_pc (pc);
}

static void
test_close_with_pending_operation (void)
{
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc = new_pc_with_video ();
  AsyncWait wait = { NULL };
  g_autoptr (GAsyncResult) result = NULL;
  char *sdp;

  gst_peer_connection_create_offer_async (pc, NULL, store_result, &wait);
  gst_peer_connection_close (pc);
  result = wait_result (&wait);
  sdp = gst_peer_connection_create_offer_finish (pc, result, &error);
  if (sdp) {
    g_free (sdp);
  } else {
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_CLOSED);
  }
  g_clear_object (&result);
  finish_pc (pc);
}

#ifdef __GLIBC__
/* Resident memory of this process, in KiB. */
static guint64
resident_kib (void)
{
  g_autofree char *status = NULL;
  const char *line;

  g_assert_true (g_file_get_contents ("/proc/self/status", &status, NULL, NULL));
  line = strstr (status, "VmRSS:");
  g_assert_nonnull (line);
  return g_ascii_strtoull (line + strlen ("VmRSS:"), NULL, 10);
}

#define FREED_BLOCK_SIZE (32 * 1024)
#define FREED_MIB 32

/* On a thread of its own (so in a malloc arena of its own, as a pipeline's
 * streaming threads), touches FREED_MIB MiB in blocks small enough for the
 * heap and frees them; a small block kept after each one stops glibc from
 * giving them back by itself (from the top of the heap). Returns the kept
 * blocks. */
static gpointer
leave_freed_memory (gpointer data)
{
  const guint n_blocks = FREED_MIB * 1024 * 1024 / FREED_BLOCK_SIZE;
  GPtrArray *kept = g_ptr_array_new_with_free_func (g_free);
  g_autofree gpointer *blocks = g_new (gpointer, n_blocks);

  for (guint i = 0; i < n_blocks; i++) {
    blocks[i] = g_malloc (FREED_BLOCK_SIZE);
    memset (blocks[i], 0x5a, FREED_BLOCK_SIZE);
    g_ptr_array_add (kept, g_malloc (64));
  }
  for (guint i = 0; i < n_blocks; i++)
    g_free (blocks[i]);
  return kept;
}

static GPtrArray *
make_freed_memory (void)
{
  return g_thread_join (g_thread_new ("freed-memory", leave_freed_memory, NULL));
}
#endif

/* A freed peer connection gives the free memory of the malloc heaps back
 * to the system: with a pipeline's threads landing in different arenas
 * each time, a call that re-establishes its transport again and again
 * would otherwise keep what every old pipeline freed (tools/soak-outage
 * measured 3 to 5 MiB per new transport). */
static void
test_gives_back_freed_memory (void)
{
#ifdef __GLIBC__
  g_autoptr (GPtrArray) calibration = NULL;
  g_autoptr (GPtrArray) kept = NULL;
  g_autoptr (GError) error = NULL;
  GstPeerConnection *pc;
  guint64 before, after;

  /* Without glibc's own malloc (AddressSanitizer, valgrind) there is no
   * free heap memory to give back: nothing to test. */
  calibration = make_freed_memory ();
  before = resident_kib ();
  malloc_trim (0);
  after = resident_kib ();
  if (before < after + FREED_MIB * 1024 / 2) {
    g_test_skip ("malloc_trim() gives nothing back here: malloc is not glibc's "
                 "(a sanitizer or valgrind)");
    return;
  }

  kept = make_freed_memory ();
  before = resident_kib ();
  pc = gst_peer_connection_new (&error);
  g_assert_no_error (error);
  finish_pc (pc);
  after = resident_kib ();
  g_test_message ("RSS %" G_GUINT64_FORMAT " KiB with %d MiB freed, %" G_GUINT64_FORMAT
                  " KiB after a peer connection came and went", before, FREED_MIB, after);
  g_assert_cmpuint (after + FREED_MIB * 1024 / 2, <=, before);
#else
  g_test_skip ("giving freed memory back is glibc's malloc_trim(): not glibc");
#endif
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/PeerConnection/defaults", test_defaults);
  g_test_add_func ("/GstCall/PeerConnection/latency", test_latency);
  g_test_add_func ("/GstCall/PeerConnection/bus-chatter-dropped", test_bus_chatter_dropped);
  g_test_add_func ("/GstCall/PeerConnection/congestion-control-settings",
                   test_congestion_control_settings);
  g_test_add_func ("/GstCall/PeerConnection/dtls-certificate-in-advance",
                   test_dtls_certificate_in_advance);
  g_test_add_func ("/GstCall/PeerConnection/ice-servers", test_ice_servers);
  g_test_add_func ("/GstCall/PeerConnection/ice-servers-invalid", test_ice_servers_invalid);
  g_test_add_func ("/GstCall/PeerConnection/ice-local-addresses", test_ice_local_addresses);
  for (guint i = 0; i < G_N_ELEMENTS (missing_cases); i++) {
    g_autofree char *path = g_strdup_printf ("/GstCall/PeerConnection/missing-plugin/%s",
                                             missing_cases[i].element);
    g_test_add_data_func (path, &missing_cases[i], test_missing_plugin);
  }
  g_test_add_func ("/GstCall/PeerConnection/bad-source-description",
                   test_missing_element_in_description);
  g_test_add_func ("/GstCall/PeerConnection/offer-sdp", test_offer_sdp);
  g_test_add_func ("/GstCall/PeerConnection/offer-names-ssrcs", test_offer_names_ssrcs);
  g_test_add_func ("/GstCall/PeerConnection/remote-garbage", test_remote_garbage);
  g_test_add_func ("/GstCall/PeerConnection/answer-in-wrong-state",
                   test_answer_in_wrong_state);
  g_test_add_func ("/GstCall/PeerConnection/bad-ice-candidate", test_bad_ice_candidate);
  g_test_add_func ("/GstCall/PeerConnection/remove-track-before-connection",
                   test_remove_track_before_connection);
  g_test_add_func ("/GstCall/PeerConnection/media-waits-for-connection",
                   test_media_waits_for_connection);
  g_test_add_func ("/GstCall/PeerConnection/closed", test_closed);
  g_test_add_func ("/GstCall/PeerConnection/gives-back-freed-memory",
                   test_gives_back_freed_memory);
  g_test_add_func ("/GstCall/PeerConnection/cancel", test_cancel);
  g_test_add_func ("/GstCall/PeerConnection/close-with-pending-operation",
                   test_close_with_pending_operation);

  return g_test_run ();
}
