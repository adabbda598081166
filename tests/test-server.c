/* GstCallServer: the page from the library's resources, POST /call and its
 * limits, the token, a WHEP client fed by the shared encoder, sources that
 * cannot work, and closing.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <string.h>

#include <gstcall/gstcall.h>
#include <json-glib/json-glib.h>

#include "test-utils.h"

#define TIMEOUT_MS 20000
#define TOKEN "s3cret"

typedef struct {
  GstCallServer *server;
  SoupSession *session;
  GPtrArray *calls;       /* GstCall, from new-call */
  GArray *kinds;          /* GstCallServerCallKind, from new-call */
  guint ended;
  GError *last_reason;
  GstCall *last_ended;
} Fixture;

static void
on_new_call (GstCallServer         *server,
             GstCall               *call,
             GstCallServerCallKind  kind,
             Fixture               *fixture)
{
  /* Before the call starts: it is still idle. */
  g_assert_cmpint (gst_call_get_state (call), ==, GST_CALL_STATE_IDLE);
  gst_call_set_video_sink (call, gst_element_factory_make ("fakesink", NULL));
  gst_call_set_audio_sink (call, gst_element_factory_make ("fakesink", NULL));
  g_ptr_array_add (fixture->calls, g_object_ref (call));
  g_array_append_val (fixture->kinds, kind);
}

static void
on_call_ended (GstCallServer *server,
               GstCall       *call,
               const GError  *reason,
               Fixture       *fixture)
{
  fixture->ended++;
  fixture->last_ended = call;
  g_clear_error (&fixture->last_reason);
  if (reason)
    fixture->last_reason = g_error_copy (reason);
}

static void
fixture_init (Fixture *fixture)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };

  memset (fixture, 0, sizeof *fixture);
  fixture->server = gst_call_server_new ();
  gst_call_server_set_ice_local_addresses (fixture->server, loopback);
  gst_call_server_set_video_width (fixture->server, 320);
  gst_call_server_set_video_height (fixture->server, 240);
  fixture->session = soup_session_new ();
  fixture->calls = g_ptr_array_new_with_free_func (g_object_unref);
  fixture->kinds = g_array_new (FALSE, FALSE, sizeof (GstCallServerCallKind));
  g_signal_connect (fixture->server, "new-call", G_CALLBACK (on_new_call), fixture);
  g_signal_connect (fixture->server, "call-ended", G_CALLBACK (on_call_ended), fixture);
}

static void
fixture_listen (Fixture *fixture)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (gst_call_server_listen (fixture->server, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (gst_call_server_get_port (fixture->server), >, 0);
}

static gboolean
only_reference (gpointer data)
{
  return G_OBJECT (data)->ref_count == 1;
}

/* Closing frees everything: the server, its calls, its encoders. */
static void
fixture_clear (Fixture *fixture)
{
  GPtrArray *calls = fixture->calls;

  gst_call_server_close (fixture->server);
  g_assert_null (gst_call_server_get_soup_server (fixture->server));
  g_assert_cmpuint (gst_call_server_get_n_calls (fixture->server), ==, 0);
  test_drain_context ();
  g_assert_finalize_object (fixture->server);
  g_clear_object (&fixture->session);
  g_array_unref (fixture->kinds);
  g_clear_error (&fixture->last_reason);
  /* The server let go of its calls; a dial cut short by the hang-up lets
   * go of its call as its operations finish, on this context. */
  while (calls->len > 0) {
    GObject *call = g_ptr_array_steal_index (calls, calls->len - 1);

    test_wait_until (only_reference, call, TIMEOUT_MS, "the call's operations to finish");
    g_assert_finalize_object (call);
  }
  g_ptr_array_unref (calls);
}

static void
on_response (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static gboolean
has_response (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

/* A request to the server (which runs on this thread), its status and
 * body. */
static guint
request (Fixture     *fixture,
         const char  *method,
         const char  *path,
         const char  *content_type,
         const char  *body,
         const char  *bearer,
         GBytes     **response)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u%s",
                                          gst_call_server_get_port (fixture->server), path);
  g_autoptr (SoupMessage) message = soup_message_new (method, url);
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  GAsyncResult *result = NULL;

  if (body) {
    g_autoptr (GBytes) request_body = g_bytes_new (body, strlen (body));

    soup_message_set_request_body_from_bytes (message, content_type, request_body);
  }
  if (bearer) {
    g_autofree char *value = g_strdup_printf ("Bearer %s", bearer);

    soup_message_headers_replace (soup_message_get_request_headers (message),
                                  "Authorization", value);
  }
  soup_session_send_and_read_async (fixture->session, message, G_PRIORITY_DEFAULT, NULL,
                                    on_response, &result);
  test_wait_until (has_response, &result, TIMEOUT_MS, "an HTTP response");
  bytes = soup_session_send_and_read_finish (fixture->session, result, &error);
  g_object_unref (result);
  g_assert_no_error (error);
  if (response)
    *response = g_steal_pointer (&bytes);
  return soup_message_get_status (message);
}

static gboolean
calls_ended (gpointer data)
{
  Fixture *fixture = data;

  return fixture->ended > 0;
}

/* GET / is the page built into the library; POST /call hands out a room;
 * a call nobody joins ends after join-timeout with a reason. */
static void
test_page (void)
{
  Fixture fixture;
  g_autoptr (GBytes) page = NULL;
  g_autoptr (GBytes) resource = NULL;
  g_autoptr (GBytes) body = NULL;
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *expected_uri = NULL;
  JsonObject *answer;

  fixture_init (&fixture);
  g_assert_cmpstr (gst_call_server_get_address (fixture.server), ==, "127.0.0.1");
  g_assert_cmpuint (gst_call_server_get_port (fixture.server), ==, 0);
  g_assert_null (gst_call_server_get_uri (fixture.server));
  gst_call_server_set_join_timeout (fixture.server, 1);
  fixture_listen (&fixture);
  g_assert_nonnull (gst_call_server_get_soup_server (fixture.server));

  uri = gst_call_server_get_uri (fixture.server);
  expected_uri = g_strdup_printf ("http://127.0.0.1:%u/",
                                  gst_call_server_get_port (fixture.server));
  g_assert_cmpstr (uri, ==, expected_uri);

  g_assert_cmpuint (request (&fixture, "GET", "/", NULL, NULL, NULL, &page), ==, 200);
  resource = g_resources_lookup_data ("/org/gstcall/web/index.html",
                                      G_RESOURCE_LOOKUP_FLAGS_NONE, &error);
  g_assert_no_error (error);
  g_assert_true (g_bytes_equal (page, resource));
  g_assert_cmpuint (request (&fixture, "GET", "/gst-call.js", NULL, NULL, NULL, NULL), ==, 200);
  g_assert_cmpuint (request (&fixture, "GET", "/gst-call.css", NULL, NULL, NULL, NULL), ==, 200);
  g_assert_cmpuint (request (&fixture, "GET", "/nothing.html", NULL, NULL, NULL, NULL), ==, 404);
  g_assert_cmpuint (request (&fixture, "GET", "/call", NULL, NULL, NULL, NULL), ==, 405);

  g_assert_cmpuint (request (&fixture, "POST", "/call", NULL, NULL, NULL, &body), ==, 200);
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (body, NULL),
                                             (gssize) g_bytes_get_size (body), &error));
  g_assert_no_error (error);
  answer = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (answer, "room"), "call-"));
  g_assert_cmpstr (json_object_get_string_member (answer, "offer"), ==, "app");
  g_assert_cmpuint (fixture.calls->len, ==, 1);
  g_assert_cmpint (g_array_index (fixture.kinds, GstCallServerCallKind, 0), ==,
                   GST_CALL_SERVER_CALL_KIND_BROWSER);
  g_assert_cmpuint (gst_call_server_get_n_calls (fixture.server), ==, 1);

  /* Nobody joins its room. */
  test_wait_until (calls_ended, &fixture, 5000, "the join timeout");
  g_assert_true (fixture.last_ended == fixture.calls->pdata[0]);
  g_assert_error (fixture.last_reason, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  g_assert_nonnull (strstr (fixture.last_reason->message,
                            json_object_get_string_member (answer, "room")));
  g_assert_cmpuint (gst_call_server_get_n_calls (fixture.server), ==, 0);

  fixture_clear (&fixture);
}

/* max-calls (503) and max-calls-per-client (429, by default half of
 * max-calls rounded up). */
static void
test_limits (void)
{
  Fixture fixture;

  fixture_init (&fixture);
  g_assert_cmpuint (gst_call_server_get_max_calls (fixture.server), ==, 16);
  g_assert_cmpuint (gst_call_server_get_max_calls_per_client (fixture.server), ==, 0);
  gst_call_server_set_max_calls (fixture.server, 3);
  fixture_listen (&fixture);

  /* Per client: 2 of 3. */
  g_assert_cmpuint (request (&fixture, "POST", "/call", NULL, NULL, NULL, NULL), ==, 200);
  g_assert_cmpuint (request (&fixture, "POST", "/call?offer=browser", NULL, NULL, NULL, NULL),
                    ==, 200);
  g_assert_cmpuint (request (&fixture, "POST", "/call", NULL, NULL, NULL, NULL), ==, 429);
  gst_call_server_set_max_calls_per_client (fixture.server, 10);
  g_assert_cmpuint (request (&fixture, "POST", "/call", NULL, NULL, NULL, NULL), ==, 200);
  /* Every slot taken. */
  g_assert_cmpuint (request (&fixture, "POST", "/call", NULL, NULL, NULL, NULL), ==, 503);
  g_assert_cmpuint (request (&fixture, "POST", "/whep", "application/sdp", "v=0\r\n", NULL,
                             NULL), ==, 503);
  g_assert_cmpuint (request (&fixture, "POST", "/call?offer=nobody", NULL, NULL, NULL, NULL),
                    ==, 400);
  g_assert_cmpuint (fixture.calls->len, ==, 3);
  g_assert_cmpuint (gst_call_server_get_n_calls (fixture.server), ==, 3);

  fixture_clear (&fixture);
}

/* With a token: /call needs ?token= (403), WHIP and WHEP the bearer token
 * (401); the page's URI carries it. */
static void
test_token (void)
{
  Fixture fixture;
  g_autofree char *uri = NULL;

  fixture_init (&fixture);
  gst_call_server_set_token (fixture.server, TOKEN);
  g_assert_cmpstr (gst_call_server_get_token (fixture.server), ==, TOKEN);
  fixture_listen (&fixture);
  uri = gst_call_server_get_uri (fixture.server);
  g_assert_true (g_str_has_suffix (uri, "/?token=" TOKEN));

  g_assert_cmpuint (request (&fixture, "POST", "/call", NULL, NULL, NULL, NULL), ==, 403);
  g_assert_cmpuint (request (&fixture, "POST", "/call?token=wrong", NULL, NULL, NULL, NULL),
                    ==, 403);
  g_assert_cmpuint (request (&fixture, "POST", "/whep", "application/sdp", "v=0\r\n", NULL,
                             NULL), ==, 401);
  g_assert_cmpuint (request (&fixture, "POST", "/whip", "application/sdp", "v=0\r\n", "wrong",
                             NULL), ==, 401);
  g_assert_cmpuint (fixture.calls->len, ==, 0);
  g_assert_cmpuint (request (&fixture, "POST", "/call?token=" TOKEN, NULL, NULL, NULL, NULL),
                    ==, 200);
  g_assert_cmpuint (fixture.calls->len, ==, 1);

  fixture_clear (&fixture);
}

typedef struct {
  gboolean done;
  GAsyncResult *result;
} Dial;

static void
on_dialled (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Dial *dial = user_data;

  dial->result = g_object_ref (result);
  dial->done = TRUE;
}

static gboolean
no_viewers (gpointer data)
{
  return gst_call_broadcast_get_viewer_count (data) == 0;
}

/* A WHEP client plays the server's test source through the shared
 * encoder: one viewer of the broadcast, then none once it left. */
static void
test_whep_shared (void)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  Fixture fixture;
  Dial dial = { 0 };
  g_autoptr (GstCall) client = gst_call_new ();
  g_autoptr (GstCallBroadcast) broadcast = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *uri = NULL;
  GstCall *server_call;

  fixture_init (&fixture);
  g_assert_true (gst_call_server_get_shared_encoding (fixture.server));
  fixture_listen (&fixture);
  uri = g_strdup_printf ("whep+http://127.0.0.1:%u/whep",
                         gst_call_server_get_port (fixture.server));

  g_object_set (client, "ice-local-addresses", loopback, NULL);
  gst_call_set_video_sink (client, gst_element_factory_make ("fakesink", NULL));
  gst_call_set_audio_sink (client, gst_element_factory_make ("fakesink", NULL));
  gst_call_dial_async (client, uri, NULL, on_dialled, &dial);
  test_wait_for_flag (&dial.done, TIMEOUT_MS, "the WHEP dial");
  g_assert_true (gst_call_dial_finish (client, dial.result, &error));
  g_assert_no_error (error);
  g_clear_object (&dial.result);

  g_assert_cmpuint (fixture.calls->len, ==, 1);
  g_assert_cmpint (g_array_index (fixture.kinds, GstCallServerCallKind, 0), ==,
                   GST_CALL_SERVER_CALL_KIND_WHEP);
  server_call = fixture.calls->pdata[0];
  broadcast = gst_call_get_video_broadcast (server_call);
  g_assert_nonnull (broadcast);
  g_object_ref (broadcast);
  g_assert_nonnull (gst_call_get_audio_broadcast (server_call));

  test_wait_call_stats (client, "video-frames-received", 30);
  test_wait_call_stats (client, "audio-frames-received", 30);
  g_assert_cmpuint (gst_call_broadcast_get_viewer_count (broadcast), ==, 1);
  /* The server's call reports what the shared encoder gave it. */
  test_wait_call_stats (server_call, "video-frames-sent", 30);

  /* The client leaves: DELETE. */
  gst_call_hangup (client);
  test_wait_until (calls_ended, &fixture, TIMEOUT_MS, "the session to end");
  g_assert_null (fixture.last_reason);
  g_assert_true (fixture.last_ended == server_call);
  g_ptr_array_set_size (fixture.calls, 0);
  test_wait_until (no_viewers, broadcast, TIMEOUT_MS, "the broadcast to lose its viewer");

  fixture_clear (&fixture);
  g_assert_finalize_object (g_steal_pointer (&broadcast));
}

/* Sources that cannot work are errors of the setter or of listen(), not
 * of the first call. */
static void
test_bad_sources (void)
{
  GstCallServer *server = gst_call_server_new ();
  g_autoptr (GError) error = NULL;

  g_assert_false (gst_call_server_set_sources_from_uri (server, "/no/such/file.webm", &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "file.webm"));
  g_clear_error (&error);

  g_assert_false (gst_call_server_set_sources_from_description (server, "nosuchelement", NULL,
                                                                &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "nosuchelement"));
  g_clear_error (&error);
  g_assert_false (gst_call_server_set_sources_from_description (server, NULL, NULL, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* The shared encoder sends VP8. */
  gst_call_server_set_video_codec (server, GST_CALL_CODEC_H264);
  g_assert_false (gst_call_server_listen (server, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "shared-encoding"));
  g_clear_error (&error);
  gst_call_server_set_video_codec (server, GST_CALL_CODEC_VP8);

  /* An app's element feeds one encoder only. */
  gst_call_server_set_video_source (server, gst_element_factory_make ("videotestsrc", NULL));
  gst_call_server_set_audio_source (server, NULL);
  gst_call_server_set_shared_encoding (server, FALSE);
  g_assert_false (gst_call_server_listen (server, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "shared-encoding"));
  g_clear_error (&error);
  g_assert_null (gst_call_server_get_soup_server (server));

  /* It does with shared encoding. */
  gst_call_server_set_shared_encoding (server, TRUE);
  gst_call_server_set_port (server, 0);
  g_assert_true (gst_call_server_listen (server, &error));
  g_assert_no_error (error);
  gst_call_server_close (server);

  /* The first camera, else a test pattern; per-call encoding probes a call. */
  gst_call_server_set_sources_from_devices (server);
  gst_call_server_set_shared_encoding (server, FALSE);
  g_assert_true (gst_call_server_listen (server, &error));
  g_assert_no_error (error);
  gst_call_server_close (server);
  g_assert_finalize_object (server);
}

/* The properties, as set and read. */
static void
test_properties (void)
{
  GstCallServer *server = gst_call_server_new ();
  const char * const addresses[] = { "127.0.0.1", NULL };
  g_autoptr (GTlsCertificate) certificate = NULL;
  g_auto (GStrv) read_addresses = NULL;
  g_autofree char *address = NULL;
  guint max_calls, join_timeout, idle_timeout, width, height;
  GstCallCodec codec;
  gboolean shared;

  gst_call_server_set_address (server, "0.0.0.0");
  gst_call_server_set_ice_local_addresses (server, addresses);
  gst_call_server_set_idle_timeout (server, 5);
  gst_call_server_set_join_timeout (server, 7);
  gst_call_server_set_video_codec (server, GST_CALL_CODEC_VP9);
  gst_call_server_set_shared_encoding (server, FALSE);
  g_object_get (server, "address", &address, "ice-local-addresses", &read_addresses,
                "idle-timeout", &idle_timeout, "join-timeout", &join_timeout,
                "max-calls", &max_calls, "video-codec", &codec, "shared-encoding", &shared,
                "video-width", &width, "video-height", &height, NULL);
  g_assert_cmpstr (address, ==, "0.0.0.0");
  g_assert_cmpstr (gst_call_server_get_address (server), ==, "0.0.0.0");
  g_assert_cmpstrv (read_addresses, addresses);
  g_assert_cmpstrv (gst_call_server_get_ice_local_addresses (server), addresses);
  g_assert_cmpuint (idle_timeout, ==, 5);
  g_assert_cmpuint (gst_call_server_get_idle_timeout (server), ==, 5);
  g_assert_cmpuint (join_timeout, ==, 7);
  g_assert_cmpuint (gst_call_server_get_join_timeout (server), ==, 7);
  g_assert_cmpuint (max_calls, ==, 16);
  g_assert_cmpint (codec, ==, GST_CALL_CODEC_VP9);
  g_assert_cmpint (gst_call_server_get_video_codec (server), ==, GST_CALL_CODEC_VP9);
  g_assert_false (shared);
  g_assert_cmpuint (width, ==, 640);
  g_assert_cmpuint (height, ==, 480);
  g_assert_cmpuint (gst_call_server_get_video_width (server), ==, 640);
  g_assert_cmpuint (gst_call_server_get_video_height (server), ==, 480);
  g_assert_null (gst_call_server_get_tls_certificate (server));
  g_assert_null (gst_call_server_get_token (server));
  gst_call_server_set_token (server, "");
  g_assert_null (gst_call_server_get_token (server));
  g_assert_finalize_object (server);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  gst_init (&argc, &argv);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/Server/page", test_page);
  g_test_add_func ("/GstCall/Server/limits", test_limits);
  g_test_add_func ("/GstCall/Server/token", test_token);
  g_test_add_func ("/GstCall/Server/whep-shared", test_whep_shared);
  g_test_add_func ("/GstCall/Server/bad-sources", test_bad_sources);
  g_test_add_func ("/GstCall/Server/properties", test_properties);
  return g_test_run ();
}
