/* WHIP and WHEP: GstCallWhipSignaller against GstCallWhipServer, and
 * against misbehaving HTTP servers.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <libsoup/soup.h>

#include "test-utils.h"
#include "gstcall-whip-private.h"

#define TIMEOUT_MS 20000
#define TOKEN "s3cret"

typedef struct {
  SoupServer *soup;
  GstCallWhipServer *whip;
  guint16 port;
  GstCall *server_call;      /* of the last session */
  guint sessions_ended;
  GstCallState ended_call_state;
  guint ended_video_frames_received;
  guint posts, patches, deletes;
  guint patch_candidates;
  gboolean patch_had_if_match;
  gboolean patch_end_of_candidates;
  gboolean post_before_gathering_complete;
  gboolean post_offer_had_candidate;
  char *post_offer_directions; /* of each media section, "sendonly,sendonly" */
  GstCall *client_call;      /* to look at when the POST arrives */
} Endpoint;

static void
on_new_call (GstCallWhipServer *whip,
             GstCall           *call,
             const char        *path,
             Endpoint          *endpoint)
{
  g_autoptr (GError) error = NULL;

  g_set_object (&endpoint->server_call, call);
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  if (g_str_equal (path, "/whep")) {
    /* A WHEP endpoint serves media. */
    g_object_set (call, "send-video", TRUE, "send-audio", TRUE,
                  "video-width", 320, "video-height", 240, NULL);
    g_assert_true (gst_call_set_sources_from_description (call, TEST_VIDEO_SOURCE,
                                                          TEST_AUDIO_SOURCE, &error));
    g_assert_no_error (error);
  }
}

static void
on_session_ended (GstCallWhipServer *whip,
                  GstCall           *call,
                  Endpoint          *endpoint)
{
  endpoint->sessions_ended++;
  endpoint->ended_call_state = gst_call_get_state (call);
  endpoint->ended_video_frames_received = test_call_stats_uint (call, "video-frames-received");
}

/* The direction attribute of each media section of @sdp, comma-separated
 * ("sendrecv" where there is none, as RFC 4566 has it). */
static char *
media_directions (const char *sdp)
{
  const char * const directions[] = { "sendonly", "recvonly", "inactive", "sendrecv" };
  g_autoptr (GstSDPMessage) message = NULL;
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  g_auto (GStrv) list = NULL;

  if (gst_sdp_message_new_from_text (sdp, &message) != GST_SDP_OK)
    return g_strdup ("unparsable");
  for (guint i = 0; i < gst_sdp_message_medias_len (message); i++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (message, i);
    const char *direction = "sendrecv";

    for (guint d = 0; d < G_N_ELEMENTS (directions); d++) {
      if (gst_sdp_media_get_attribute_val (media, directions[d])) {
        direction = directions[d];
        break;
      }
    }
    g_strv_builder_add (builder, direction);
  }
  list = g_strv_builder_end (builder);
  return g_strjoinv (",", list);
}

/* Looks at every request the endpoint gets, as a proxy would. */
static void
on_request_read (SoupServer        *server,
                 SoupServerMessage *message,
                 Endpoint          *endpoint)
{
  const char *method = soup_server_message_get_method (message);
  SoupMessageHeaders *headers = soup_server_message_get_request_headers (message);
  g_autoptr (GBytes) body =
      soup_message_body_flatten (soup_server_message_get_request_body (message));
  g_autofree char *text = g_strndup (g_bytes_get_data (body, NULL), g_bytes_get_size (body));

  if (g_str_equal (method, "POST")) {
    endpoint->posts++;
    endpoint->post_offer_had_candidate = strstr (text, "a=candidate:") != NULL;
    g_free (endpoint->post_offer_directions);
    endpoint->post_offer_directions = media_directions (text);
    if (endpoint->client_call)
      endpoint->post_before_gathering_complete =
          gst_peer_connection_get_ice_gathering_state (
              gst_call_get_peer_connection (endpoint->client_call)) !=
          GST_CALL_ICE_GATHERING_STATE_COMPLETE;
  } else if (g_str_equal (method, "PATCH")) {
    const char *line = text;

    endpoint->patches++;
    endpoint->patch_had_if_match |= soup_message_headers_get_one (headers, "If-Match") != NULL;
    while ((line = strstr (line, "a=candidate:"))) {
      endpoint->patch_candidates++;
      line++;
    }
    endpoint->patch_end_of_candidates |= strstr (text, "a=end-of-candidates") != NULL;
  } else if (g_str_equal (method, "DELETE")) {
    endpoint->deletes++;
  }
}

/* An old address of the endpoint: POSTs are redirected, method and body
 * kept (307). */
static void
redirect_to_whip (SoupServer        *server,
                  SoupServerMessage *message,
                  const char        *path,
                  GHashTable        *query,
                  gpointer           user_data)
{
  soup_message_headers_replace (soup_server_message_get_response_headers (message),
                                "Location", "/whip");
  soup_server_message_set_status (message, SOUP_STATUS_TEMPORARY_REDIRECT, NULL);
}

static void
endpoint_init (Endpoint *endpoint)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GInetAddress) address = g_inet_address_new_from_string ("127.0.0.1");
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (address, 0);

  memset (endpoint, 0, sizeof (*endpoint));
  endpoint->soup = soup_server_new (NULL, NULL);
  g_assert_true (soup_server_listen (endpoint->soup, any, 0, &error));
  g_assert_no_error (error);
  endpoint->port = test_soup_server_port (endpoint->soup);

  endpoint->whip = gst_call_whip_server_new ();
  g_object_set (endpoint->whip, "ice-local-addresses", loopback, NULL);
  gst_call_whip_server_attach (endpoint->whip, endpoint->soup, "/whip");
  gst_call_whip_server_attach (endpoint->whip, endpoint->soup, "/whep");
  g_signal_connect (endpoint->whip, "new-call", G_CALLBACK (on_new_call), endpoint);
  g_signal_connect (endpoint->whip, "session-ended", G_CALLBACK (on_session_ended), endpoint);
  g_signal_connect (endpoint->soup, "request-read", G_CALLBACK (on_request_read), endpoint);
  soup_server_add_handler (endpoint->soup, "/old-whip", redirect_to_whip, NULL, NULL);
}

static char *
endpoint_url (Endpoint   *endpoint,
              const char *prefix,
              const char *path)
{
  return g_strdup_printf ("%shttp://127.0.0.1:%u%s", prefix, endpoint->port, path);
}

static void
endpoint_clear (Endpoint *endpoint)
{
  test_drain_context ();
  g_clear_object (&endpoint->server_call);
  g_assert_finalize_object (endpoint->whip);
  soup_server_disconnect (endpoint->soup);
  g_assert_finalize_object (endpoint->soup);
  g_clear_pointer (&endpoint->post_offer_directions, g_free);
}

/* ------------------------------------------------------------------------ */

typedef struct {
  GstCall *call;
  GAsyncResult *result;
} Client;

static void
on_dialled (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Client *client = user_data;

  client->result = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return ((Client *) data)->result != NULL;
}

static GstCall *
new_client_call (gboolean send)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;
  GstCall *call = gst_call_new ();

  g_object_set (call, "ice-local-addresses", loopback, "send-video", send,
                "send-audio", send, "video-width", 320, "video-height", 240, NULL);
  g_assert_true (gst_call_set_sources_from_description (call, TEST_VIDEO_SOURCE,
                                                        TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  return call;
}

static gboolean
client_dial (Client      *client,
             const char  *uri,
             GError     **error)
{
  gboolean ok;

  gst_call_dial_async (client->call, uri, NULL, on_dialled, client);
  test_wait_until (has_result, client, TIMEOUT_MS, "the dial to finish");
  ok = gst_call_dial_finish (client->call, client->result, error);
  g_clear_object (&client->result);
  if (!ok)
    g_test_message ("dial failed: %s", (*error)->message);
  return ok;
}

static gboolean
no_sessions (gpointer data)
{
  Endpoint *endpoint = data;

  return gst_call_whip_server_get_n_sessions (endpoint->whip) == 0 &&
         endpoint->sessions_ended > 0;
}

static void
hang_up_and_check_deleted (Client   *client,
                           Endpoint *endpoint)
{
  gst_call_hangup (client->call);
  test_wait_until (no_sessions, endpoint, 5000, "the DELETE to end the session");
  g_assert_cmpuint (endpoint->deletes, ==, 1);
  g_assert_cmpint (endpoint->ended_call_state, ==, GST_CALL_STATE_ENDED);
  test_drain_context ();
  g_assert_finalize_object (client->call);
}

/* Publish: our client to our endpoint, media decoded on the server side,
 * bearer token, candidates in the offer (gathering on loopback ends well
 * within the gathering timeout), DELETE on hang-up. */
static void
test_publish (void)
{
  Endpoint endpoint;
  Client client = { 0 };
  g_autoptr (GstCallWhipSignaller) signaller = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;

  endpoint_init (&endpoint);
  g_object_set (endpoint.whip, "bearer-token", TOKEN, NULL);
  url = endpoint_url (&endpoint, "", "/whip");
  signaller = gst_call_whip_signaller_new (url);
  g_object_set (signaller, "bearer-token", TOKEN, NULL);

  client.call = new_client_call (TRUE);
  endpoint.client_call = client.call;
  gst_call_set_signaller (client.call, GST_CALL_SIGNALLER (signaller));
  g_assert_true (client_dial (&client, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpuint (gst_call_whip_server_get_n_sessions (endpoint.whip), ==, 1);
  g_assert_nonnull (endpoint.server_call);
  g_assert_true (endpoint.post_offer_had_candidate);
  /* RFC 9725, section 4.2: a WHIP offer is sendonly. */
  g_assert_cmpstr (endpoint.post_offer_directions, ==, "sendonly,sendonly");
  g_assert_true (g_str_has_prefix (gst_call_whip_signaller_get_resource_url (signaller), url));
  /* Media sent by the client, decoded by the endpoint's call. */
  test_wait_call_stats (endpoint.server_call, "video-frames-received", 30);
  test_wait_call_stats (endpoint.server_call, "audio-frames-received", 30);
  g_assert_cmpuint (test_call_stats_uint (endpoint.server_call, "video-frames-sent"), ==, 0);

  endpoint.client_call = NULL;
  hang_up_and_check_deleted (&client, &endpoint);
  endpoint_clear (&endpoint);
}

static gboolean
end_of_candidates_patched (gpointer data)
{
  return ((Endpoint *) data)->patch_end_of_candidates;
}

/* Trickle: with no gathering wait the offer goes at once and every
 * candidate follows in PATCH requests carrying the ETag. The offer is
 * POSTed to an old address first and follows the redirect. */
static void
test_trickle (void)
{
  Endpoint endpoint;
  Client client = { 0 };
  g_autoptr (GstCallWhipSignaller) signaller = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;

  endpoint_init (&endpoint);
  /* Through a redirect, which the client follows. */
  url = endpoint_url (&endpoint, "", "/old-whip");
  signaller = gst_call_whip_signaller_new (url);
  g_object_set (signaller, "gathering-timeout", 0, NULL);

  client.call = new_client_call (TRUE);
  endpoint.client_call = client.call;
  gst_call_set_signaller (client.call, GST_CALL_SIGNALLER (signaller));
  g_assert_true (client_dial (&client, NULL, &error));
  g_assert_no_error (error);
  endpoint.client_call = NULL;

  /* The offer did not wait for any candidate. */
  g_assert_false (endpoint.post_offer_had_candidate);
  g_assert_cmpuint (endpoint.posts, ==, 2);
  {
    g_autofree char *sessions = endpoint_url (&endpoint, "", "/whip/");

    g_assert_true (g_str_has_prefix (gst_call_whip_signaller_get_resource_url (signaller),
                                     sessions));
  }
  g_assert_cmpuint (endpoint.patches, >=, 1);
  g_assert_cmpuint (endpoint.patch_candidates, >=, 1);
  g_assert_true (endpoint.patch_had_if_match);
  test_wait_call_stats (endpoint.server_call, "video-frames-received", 30);
  test_wait_until (end_of_candidates_patched, &endpoint, 10000, "a=end-of-candidates");
  hang_up_and_check_deleted (&client, &endpoint);
  endpoint_clear (&endpoint);
}

/* The gathering wait is bounded: with a STUN server that never answers
 * (a closed port on loopback) gathering takes seconds, the offer goes
 * after the timeout with the host candidates, the rest is trickled. */
static void
test_gathering_timeout (void)
{
  Endpoint endpoint;
  Client client = { 0 };
  g_autoptr (GstCallWhipSignaller) signaller = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *stun = NULL;
  const char *servers[] = { NULL, NULL };
  g_autoptr (GSocket) silent = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                             G_SOCKET_PROTOCOL_UDP, NULL);
  g_autoptr (GInetAddress) loopback = g_inet_address_new_from_string ("127.0.0.1");
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;

  /* A UDP socket that reads nothing: STUN requests to it get no answer. */
  g_assert_true (g_socket_bind (silent, any, FALSE, NULL));
  bound = g_socket_get_local_address (silent, NULL);
  stun = g_strdup_printf ("stun:127.0.0.1:%u",
                          g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound)));
  servers[0] = stun;

  endpoint_init (&endpoint);
  url = endpoint_url (&endpoint, "", "/whip");
  signaller = gst_call_whip_signaller_new (url);
  g_object_set (signaller, "gathering-timeout", 200, NULL);

  client.call = new_client_call (TRUE);
  g_object_set (client.call, "ice-servers", servers, NULL);
  endpoint.client_call = client.call;
  gst_call_set_signaller (client.call, GST_CALL_SIGNALLER (signaller));
  g_assert_true (client_dial (&client, NULL, &error));
  g_assert_no_error (error);
  endpoint.client_call = NULL;

  g_assert_true (endpoint.post_before_gathering_complete);
  g_assert_true (endpoint.post_offer_had_candidate);
  test_wait_call_stats (endpoint.server_call, "video-frames-received", 30);
  /* Gathering ends when the STUN requests time out: trickled then. */
  test_wait_until (end_of_candidates_patched, &endpoint, 20000, "a=end-of-candidates");
  hang_up_and_check_deleted (&client, &endpoint);
  endpoint_clear (&endpoint);
}

/* WHEP: the client dials a whep+http:// URI and only receives; the
 * endpoint's call sends. */
static void
test_play (void)
{
  Endpoint endpoint;
  Client client = { 0 };
  g_autoptr (GError) error = NULL;
  g_autofree char *uri = NULL;

  endpoint_init (&endpoint);
  uri = endpoint_url (&endpoint, "whep+", "/whep");
  client.call = new_client_call (TRUE);
  g_assert_true (client_dial (&client, uri, &error));
  g_assert_no_error (error);
  g_assert_true (GST_IS_CALL_WHIP_SIGNALLER (gst_call_get_signaller (client.call)));
  /* A WHEP player only receives, even with sources of its own. */
  g_assert_cmpstr (endpoint.post_offer_directions, ==, "recvonly,recvonly");

  test_wait_call_stats (client.call, "video-frames-received", 30);
  test_wait_call_stats (client.call, "audio-frames-received", 30);
  g_assert_cmpuint (test_call_stats_uint (client.call, "video-frames-sent"), ==, 0);
  hang_up_and_check_deleted (&client, &endpoint);
  endpoint_clear (&endpoint);
}

/* ------------------------------------------------------------------------ */
/* The command line tool                                                     */

typedef struct {
  GSubprocess *process;
  GDataInputStream *lines;
  GString *output;
  gboolean exited;
  gboolean eof;
  guint video_received; /* last "video frames sent S received N" */
} Tool;

static void
on_tool_exited (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  ((Tool *) user_data)->exited = TRUE;
}

static void
on_tool_line (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Tool *tool = user_data;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                result, NULL, NULL);
  const char *received;

  if (!line) {
    tool->eof = TRUE;
    return;
  }
  g_string_append_printf (tool->output, "%s\n", line);
  if (g_str_has_prefix (line, "video frames sent ") &&
      (received = strstr (line, " received ")))
    tool->video_received = g_ascii_strtoull (received + strlen (" received "), NULL, 10);
  g_data_input_stream_read_line_async (tool->lines, G_PRIORITY_DEFAULT, NULL, on_tool_line,
                                       tool);
}

static void
tool_start (Tool               *tool,
            const char * const *arguments)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;

  memset (tool, 0, sizeof (*tool));
  g_ptr_array_add (argv, (gpointer) g_getenv ("GST_CALL_TOOL"));
  for (guint i = 0; arguments[i]; i++)
    g_ptr_array_add (argv, (gpointer) arguments[i]);
  g_ptr_array_add (argv, NULL);
  tool->process = test_spawn_child (G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                                    (const char * const *) argv->pdata, &error);
  g_assert_no_error (error);
  tool->output = g_string_new (NULL);
  tool->lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (tool->process));
  /* The endpoint answers from this thread's context: everything async. */
  g_data_input_stream_read_line_async (tool->lines, G_PRIORITY_DEFAULT, NULL, on_tool_line,
                                       tool);
  g_subprocess_wait_async (tool->process, NULL, on_tool_exited, tool);
}

static gboolean
tool_exited (gpointer data)
{
  /* ... and all its output read. */
  return ((Tool *) data)->exited && ((Tool *) data)->eof;
}

/* Ctrl-C: the tool hangs up (DELETE) and exits with 0. */
static void
tool_interrupt_and_wait (Tool       *tool,
                         const char *name)
{
  g_subprocess_send_signal (tool->process, SIGINT);
  test_wait_until (tool_exited, tool, TIMEOUT_MS, "gst-call to exit");
  g_test_message ("gst-call %s: %s", name, tool->output->str);
  g_assert_true (g_subprocess_get_if_exited (tool->process));
  g_assert_cmpint (g_subprocess_get_exit_status (tool->process), ==, 0);
  g_assert_nonnull (strstr (tool->output->str, "connected in"));
  g_clear_object (&tool->lines);
  g_clear_object (&tool->process);
  g_string_free (tool->output, TRUE);
}

static gboolean
tool_received_video (gpointer data)
{
  return ((Tool *) data)->video_received > 0;
}

static gboolean
endpoint_decoded_video (gpointer data)
{
  Endpoint *endpoint = data;

  return endpoint->server_call &&
         test_call_stats_uint (endpoint->server_call, "video-frames-received") > 0;
}

/* `gst-call whip URL` publishes to the endpoint until interrupted, then
 * DELETEs the session; `gst-call whep URL` plays from it. */
static void
test_tool (void)
{
  Endpoint endpoint;
  g_autofree char *whip = NULL;
  g_autofree char *whep = NULL;
  Tool tool;

  if (!g_getenv ("GST_CALL_TOOL")) {
    g_test_skip ("GST_CALL_TOOL is not set: run the test with meson test");
    return;
  }
  endpoint_init (&endpoint);
  g_object_set (endpoint.whip, "bearer-token", TOKEN, NULL);
  whip = endpoint_url (&endpoint, "", "/whip");
  whep = endpoint_url (&endpoint, "", "/whep");

  {
    const char * const arguments[] = {
      "whip", "--token", TOKEN, "--local-address", TEST_ICE_ADDRESS,
      "--video-source", TEST_VIDEO_SOURCE, "--audio-source", TEST_AUDIO_SOURCE, whip, NULL
    };

    tool_start (&tool, arguments);
    /* The endpoint decodes what the tool sends. */
    test_wait_until (endpoint_decoded_video, &endpoint, TIMEOUT_MS,
                     "the endpoint to decode video from gst-call whip");
    tool_interrupt_and_wait (&tool, "whip");
  }
  g_assert_cmpuint (endpoint.ended_video_frames_received, >, 0);
  g_assert_cmpuint (endpoint.deletes, ==, 1);
  g_assert_cmpuint (endpoint.sessions_ended, ==, 1);
  g_assert_cmpuint (gst_call_whip_server_get_n_sessions (endpoint.whip), ==, 0);

  {
    const char * const arguments[] = {
      "whep", "--token", TOKEN, "--local-address", TEST_ICE_ADDRESS, whep, NULL
    };

    tool_start (&tool, arguments);
    /* Its statistics lines say it decodes what the endpoint sends. */
    test_wait_until (tool_received_video, &tool, TIMEOUT_MS,
                     "gst-call whep to decode video");
    tool_interrupt_and_wait (&tool, "whep");
  }
  g_assert_cmpuint (endpoint.deletes, ==, 2);
  g_assert_cmpuint (endpoint.sessions_ended, ==, 2);
  endpoint_clear (&endpoint);
}

/* ------------------------------------------------------------------------ */
/* Raw HTTP against the endpoint                                             */

static void
on_raw_response (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static gboolean
has_raw_response (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

static SoupMessage *
raw_request (SoupSession *session,
             const char  *method,
             const char  *url,
             const char  *content_type,
             const char  *body,
             const char  *token,
             const char  *if_match,
             GBytes     **response)
{
  SoupMessage *message = soup_message_new (method, url);
  g_autoptr (GError) error = NULL;
  GAsyncResult *result = NULL;

  if (body) {
    g_autoptr (GBytes) bytes = g_bytes_new (body, strlen (body));

    soup_message_set_request_body_from_bytes (message, content_type, bytes);
  }
  if (token) {
    g_autofree char *value = g_strdup_printf ("Bearer %s", token);

    soup_message_headers_replace (soup_message_get_request_headers (message),
                                  "Authorization", value);
  }
  if (if_match)
    soup_message_headers_replace (soup_message_get_request_headers (message),
                                  "If-Match", if_match);
  /* The endpoint runs on this thread: iterate while waiting. */
  soup_session_send_and_read_async (session, message, G_PRIORITY_DEFAULT, NULL,
                                    on_raw_response, &result);
  test_wait_until (has_raw_response, &result, TIMEOUT_MS, "an HTTP response");
  *response = soup_session_send_and_read_finish (session, result, &error);
  g_object_unref (result);
  g_assert_no_error (error);
  return message;
}

/* What the endpoint refuses, and what it advertises. */
static void
test_endpoint_http (void)
{
  Endpoint endpoint;
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autofree char *url = NULL;
  g_autofree char *location = NULL;
  g_autofree char *etag = NULL;
  g_autofree char *offer = NULL;
  g_auto (GStrv) links = NULL;
  GBytes *response = NULL;
  SoupMessage *message;
  const char * const servers[] = { "stun:127.0.0.1:3478",
                                   "turn://user%40example:pa%3Bss@127.0.0.1:3478?transport=tcp",
                                   NULL };

  endpoint_init (&endpoint);
  g_object_set (endpoint.whip, "bearer-token", TOKEN, NULL);
  url = endpoint_url (&endpoint, "", "/whip");

  /* A hand-written offer: the endpoint's call answers it (and never
   * connects: nobody sends checks). */
  offer = g_strdup ("v=0\r\no=- 1 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n"
                    "a=group:BUNDLE 0\r\n"
                    "m=video 9 UDP/TLS/RTP/SAVPF 96\r\nc=IN IP4 0.0.0.0\r\n"
                    "a=mid:0\r\na=ice-ufrag:abcd\r\na=ice-pwd:0123456789abcdef012345\r\n"
                    "a=fingerprint:sha-256 00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:"
                    "00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF\r\n"
                    "a=setup:actpass\r\na=sendonly\r\na=rtcp-mux\r\n"
                    "a=rtpmap:96 VP8/90000\r\n");

  /* No token, wrong token: 401. */
  message = raw_request (session, "POST", url, GST_CALL_WHIP_SDP_TYPE, offer, NULL, NULL,
                         &response);
  g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_UNAUTHORIZED);
  g_clear_object (&message);
  g_clear_pointer (&response, g_bytes_unref);
  message = raw_request (session, "POST", url, GST_CALL_WHIP_SDP_TYPE, offer, "wrong", NULL,
                         &response);
  g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_UNAUTHORIZED);
  g_clear_object (&message);
  g_clear_pointer (&response, g_bytes_unref);
  /* Not SDP: 415. */
  message = raw_request (session, "POST", url, "text/plain", offer, TOKEN, NULL, &response);
  g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_UNSUPPORTED_MEDIA_TYPE);
  g_clear_object (&message);
  g_clear_pointer (&response, g_bytes_unref);
  /* More than 64 KiB: 413, before the body is read. */
  {
    g_autoptr (GString) huge = g_string_new (offer);

    while (huge->len <= 64 * 1024)
      g_string_append (huge, "a=x-padding:0123456789012345678901234567890123456789\r\n");
    message = raw_request (session, "POST", url, GST_CALL_WHIP_SDP_TYPE, huge->str, TOKEN, NULL,
                           &response);
    g_assert_cmpuint (soup_message_get_status (message), ==,
                      SOUP_STATUS_REQUEST_ENTITY_TOO_LARGE);
    g_clear_object (&message);
    g_clear_pointer (&response, g_bytes_unref);
    g_assert_cmpuint (gst_call_whip_server_get_n_sessions (endpoint.whip), ==, 0);
  }
  g_assert_cmpuint (gst_call_whip_server_get_n_sessions (endpoint.whip), ==, 0);

  /* Accepted: 201, Location, ETag, Link ice-server headers. */
  g_object_set (endpoint.whip, "ice-servers", servers, NULL);
  message = raw_request (session, "POST", url, GST_CALL_WHIP_SDP_TYPE, offer, TOKEN, NULL,
                         &response);
  g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_CREATED);
  location = g_strdup (soup_message_headers_get_one (soup_message_get_response_headers (message),
                                                     "Location"));
  etag = g_strdup (soup_message_headers_get_one (soup_message_get_response_headers (message),
                                                 "ETag"));
  g_assert_true (g_str_has_prefix (location, "/whip/"));
  g_assert_nonnull (etag);
  links = gst_call_whip_parse_ice_server_links (soup_message_get_response_headers (message));
  g_assert_cmpstrv (links, servers);
  g_assert_nonnull (strstr (g_bytes_get_data (response, NULL), "a=candidate:"));
  g_clear_object (&message);
  g_clear_pointer (&response, g_bytes_unref);
  g_assert_cmpuint (gst_call_whip_server_get_n_sessions (endpoint.whip), ==, 1);

  {
    g_autofree char *session_url = g_strdup_printf ("http://127.0.0.1:%u%s", endpoint.port,
                                                    location);
    const char *fragment = "a=ice-ufrag:abcd\r\na=ice-pwd:0123456789abcdef012345\r\n"
                           "m=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=mid:0\r\n"
                           "a=candidate:1 1 UDP 2015363327 127.0.0.1 9 typ host\r\n";

    /* PATCH with a stale ETag: 412; with the right one: 204; unknown
     * mid: 400. */
    message = raw_request (session, "PATCH", session_url, GST_CALL_WHIP_SDPFRAG_TYPE,
                           fragment, TOKEN, "\"stale\"", &response);
    g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_PRECONDITION_FAILED);
    g_clear_object (&message);
    g_clear_pointer (&response, g_bytes_unref);
    message = raw_request (session, "PATCH", session_url, GST_CALL_WHIP_SDPFRAG_TYPE,
                           fragment, TOKEN, etag, &response);
    g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_NO_CONTENT);
    g_clear_object (&message);
    g_clear_pointer (&response, g_bytes_unref);
    message = raw_request (session, "PATCH", session_url, GST_CALL_WHIP_SDPFRAG_TYPE,
                           "m=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=mid:7\r\n"
                           "a=candidate:1 1 UDP 1 127.0.0.1 9 typ host\r\n",
                           TOKEN, etag, &response);
    g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_BAD_REQUEST);
    g_clear_object (&message);
    g_clear_pointer (&response, g_bytes_unref);

    /* DELETE without the token is refused; with it the session is gone. */
    message = raw_request (session, "DELETE", session_url, NULL, NULL, NULL, NULL, &response);
    g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_UNAUTHORIZED);
    g_clear_object (&message);
    g_clear_pointer (&response, g_bytes_unref);
    g_assert_cmpuint (gst_call_whip_server_get_n_sessions (endpoint.whip), ==, 1);
    message = raw_request (session, "DELETE", session_url, NULL, NULL, TOKEN, NULL, &response);
    g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_OK);
    g_clear_object (&message);
    g_clear_pointer (&response, g_bytes_unref);
    g_assert_cmpuint (gst_call_whip_server_get_n_sessions (endpoint.whip), ==, 0);
    g_assert_cmpuint (endpoint.sessions_ended, ==, 1);
    /* Gone: 404. */
    message = raw_request (session, "DELETE", session_url, NULL, NULL, TOKEN, NULL, &response);
    g_assert_cmpuint (soup_message_get_status (message), ==, SOUP_STATUS_NOT_FOUND);
    g_clear_object (&message);
    g_clear_pointer (&response, g_bytes_unref);
  }
  endpoint_clear (&endpoint);
}

/* An offer with one media section, @media_line and @direction, in the
 * form of test_endpoint_http()'s; without ICE credentials when asked. */
static char *
make_offer (const char *media_line,
            const char *rtpmap,
            const char *direction,
            gboolean    with_ice)
{
  return g_strdup_printf ("v=0\r\no=- 1 0 IN IP4 0.0.0.0\r\ns=-\r\nt=0 0\r\n"
                          "a=group:BUNDLE 0\r\n"
                          "%s\r\nc=IN IP4 0.0.0.0\r\n"
                          "a=mid:0\r\n%s"
                          "a=fingerprint:sha-256 00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:"
                          "EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF\r\n"
                          "a=setup:actpass\r\na=%s\r\na=rtcp-mux\r\n"
                          "a=rtpmap:%s\r\n",
                          media_line,
                          with_ice ? "a=ice-ufrag:abcd\r\na=ice-pwd:0123456789abcdef012345\r\n"
                                   : "",
                          direction, rtpmap);
}

/* @message was refused with @status and a text body containing each of
 * the NULL-terminated strings after @response. */
static void
assert_refused (SoupMessage *message,
                GBytes      *response,
                guint        status,
                ...)
{
  g_autofree char *body = g_strndup (g_bytes_get_data (response, NULL),
                                     g_bytes_get_size (response));
  const char *content_type = soup_message_headers_get_content_type (
      soup_message_get_response_headers (message), NULL);
  const char *expected;
  va_list args;

  g_test_message ("HTTP %u: %s", soup_message_get_status (message), body);
  g_assert_cmpuint (soup_message_get_status (message), ==, status);
  g_assert_cmpstr (content_type, ==, "text/plain");
  va_start (args, status);
  while ((expected = va_arg (args, const char *)))
    g_assert_nonnull (strstr (body, expected));
  va_end (args);
}

/* Offers the endpoint cannot use get a 4xx at once with a text body saying
 * why, never a 500 or a 201 that leads nowhere: garbage and an offer
 * without ICE credentials 400 before any session exists; a publisher whose
 * only codec is unknown, and a player accepting none of the codecs sent,
 * 406 naming the codecs, their session ended. */
static void
test_refused_offers (void)
{
  Endpoint endpoint;
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autofree char *whip = NULL;
  g_autofree char *whep = NULL;
  g_autofree char *no_ice = NULL;
  g_autofree char *unknown_codec = NULL;
  g_autofree char *no_common_codec = NULL;
  GBytes *response = NULL;
  SoupMessage *message;
  gint64 start;

  endpoint_init (&endpoint);
  whip = endpoint_url (&endpoint, "", "/whip");
  whep = endpoint_url (&endpoint, "", "/whep");

  message = raw_request (session, "POST", whip, GST_CALL_WHIP_SDP_TYPE, "hello", NULL, NULL,
                         &response);
  assert_refused (message, response, SOUP_STATUS_BAD_REQUEST, "Invalid SDP offer", "v=0",
                  NULL);
  g_clear_object (&message);
  g_clear_pointer (&response, g_bytes_unref);

  no_ice = make_offer ("m=video 9 UDP/TLS/RTP/SAVPF 96", "96 VP8/90000", "sendonly", FALSE);
  message = raw_request (session, "POST", whip, GST_CALL_WHIP_SDP_TYPE, no_ice, NULL, NULL,
                         &response);
  assert_refused (message, response, SOUP_STATUS_BAD_REQUEST, "ICE credentials", NULL);
  g_clear_object (&message);
  g_clear_pointer (&response, g_bytes_unref);
  g_assert_cmpuint (endpoint.sessions_ended, ==, 0);
  g_assert_null (endpoint.server_call);

  /* GET of the endpoint: 405, naming what is allowed. */
  message = raw_request (session, "GET", whip, NULL, NULL, NULL, NULL, &response);
  assert_refused (message, response, SOUP_STATUS_METHOD_NOT_ALLOWED, "POST", NULL);
  g_assert_cmpstr (soup_message_headers_get_one (soup_message_get_response_headers (message),
                                                 "Allow"), ==, "POST, OPTIONS");
  g_clear_object (&message);
  g_clear_pointer (&response, g_bytes_unref);

  /* A publisher in a codec nobody here decodes: refused at once. */
  unknown_codec = make_offer ("m=video 9 UDP/TLS/RTP/SAVPF 96", "96 XYZ/90000", "sendonly",
                              TRUE);
  start = g_get_monotonic_time ();
  message = raw_request (session, "POST", whip, GST_CALL_WHIP_SDP_TYPE, unknown_codec, NULL,
                         NULL, &response);
  assert_refused (message, response, SOUP_STATUS_NOT_ACCEPTABLE, "XYZ/90000", "VP8", NULL);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_clear_object (&message);
  g_clear_pointer (&response, g_bytes_unref);
  g_assert_cmpuint (endpoint.sessions_ended, ==, 1);
  g_assert_cmpint (endpoint.ended_call_state, ==, GST_CALL_STATE_FAILED);
  g_assert_cmpuint (gst_call_whip_server_get_n_sessions (endpoint.whip), ==, 0);

  /* A player that takes only H.265 from an endpoint sending VP8. */
  no_common_codec = make_offer ("m=video 9 UDP/TLS/RTP/SAVPF 96", "96 H265/90000", "recvonly",
                                TRUE);
  message = raw_request (session, "POST", whep, GST_CALL_WHIP_SDP_TYPE, no_common_codec, NULL,
                         NULL, &response);
  assert_refused (message, response, SOUP_STATUS_NOT_ACCEPTABLE, "VP8", "H265", NULL);
  g_clear_object (&message);
  g_clear_pointer (&response, g_bytes_unref);
  g_assert_cmpuint (endpoint.sessions_ended, ==, 2);
  g_assert_cmpuint (gst_call_whip_server_get_n_sessions (endpoint.whip), ==, 0);

  endpoint_clear (&endpoint);
}

/* ------------------------------------------------------------------------ */
/* A misbehaving WHIP server                                                 */

static void
misbehave (SoupServer        *server,
           SoupServerMessage *message,
           const char        *path,
           GHashTable        *query,
           gpointer           user_data)
{
  SoupMessageHeaders *headers = soup_server_message_get_response_headers (message);
  const char *answer = "v=0\r\no=- 1 0 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n"
                       "m=video 9 UDP/TLS/RTP/SAVPF 96\r\n";

  if (g_str_equal (path, "/status/404")) {
    soup_server_message_set_status (message, SOUP_STATUS_NOT_FOUND, NULL);
  } else if (g_str_equal (path, "/status/503")) {
    soup_server_message_set_status (message, SOUP_STATUS_SERVICE_UNAVAILABLE, NULL);
  } else if (g_str_equal (path, "/status/406-with-reason")) {
    /* The client passes the server's reason on. */
    const char *reason = "No codec of the offer is usable here\nsecond line\n";

    soup_server_message_set_response (message, "text/plain; charset=utf-8", SOUP_MEMORY_STATIC,
                                      reason, strlen (reason));
    soup_server_message_set_status (message, SOUP_STATUS_NOT_ACCEPTABLE, NULL);
  } else if (g_str_equal (path, "/status/200")) {
    /* Success, but not the 201 WHIP requires. */
    soup_server_message_set_response (message, GST_CALL_WHIP_SDP_TYPE, SOUP_MEMORY_STATIC,
                                      answer, strlen (answer));
    soup_server_message_set_status (message, SOUP_STATUS_OK, NULL);
  } else if (g_str_equal (path, "/no-location")) {
    soup_server_message_set_response (message, GST_CALL_WHIP_SDP_TYPE, SOUP_MEMORY_STATIC,
                                      answer, strlen (answer));
    soup_server_message_set_status (message, SOUP_STATUS_CREATED, NULL);
  } else if (g_str_equal (path, "/bad-location")) {
    soup_message_headers_replace (headers, "Location", "ftp://[::1");
    soup_server_message_set_response (message, GST_CALL_WHIP_SDP_TYPE, SOUP_MEMORY_STATIC,
                                      answer, strlen (answer));
    soup_server_message_set_status (message, SOUP_STATUS_CREATED, NULL);
  } else if (g_str_equal (path, "/no-answer")) {
    soup_message_headers_replace (headers, "Location", "/no-answer/1");
    soup_server_message_set_status (message, SOUP_STATUS_CREATED, NULL);
  } else if (g_str_equal (path, "/loop")) {
    soup_message_headers_replace (headers, "Location", "/loop");
    soup_server_message_set_status (message, SOUP_STATUS_TEMPORARY_REDIRECT, NULL);
  } else {
    soup_server_message_set_status (message, SOUP_STATUS_NOT_FOUND, NULL);
  }
}

typedef struct {
  const char *path;
  const char *expected; /* in the error message */
} BadServerCase;

static void
test_bad_server (gconstpointer data)
{
  const BadServerCase *bad = data;
  g_autoptr (SoupServer) server = soup_server_new (NULL, NULL);
  g_autoptr (GInetAddress) address = g_inet_address_new_from_string ("127.0.0.1");
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (address, 0);
  g_autoptr (GError) error = NULL;
  g_autofree char *uri = NULL;
  Client client = { 0 };

  g_assert_true (soup_server_listen (server, any, 0, &error));
  soup_server_add_handler (server, NULL, misbehave, NULL, NULL);
  uri = g_strdup_printf ("whip+http://127.0.0.1:%u%s", test_soup_server_port (server), bad->path);

  client.call = new_client_call (TRUE);
  g_assert_false (client_dial (&client, uri, &error));
  g_test_message ("%s: %s", bad->path, error->message);
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_SIGNALING);
  g_assert_nonnull (strstr (error->message, bad->expected));
  g_assert_cmpint (gst_call_get_state (client.call), ==, GST_CALL_STATE_FAILED);

  test_drain_context ();
  g_assert_finalize_object (client.call);
  soup_server_disconnect (server);
}

int
main (int argc, char **argv)
{
  static const BadServerCase bad_cases[] = {
    { "/status/404", "HTTP 404 Not Found" },
    { "/status/503", "HTTP 503 Service Unavailable" },
    { "/status/406-with-reason", "HTTP 406 Not Acceptable: No codec of the offer is usable here" },
    { "/status/200", "HTTP 200 OK" },
    { "/no-location", "HTTP 201" },
    { "/bad-location", "ftp://[::1" },
    { "/no-answer", "without an SDP answer" },
    { "/loop", "HTTP 307" },
  };

  g_test_init (&argc, &argv, NULL);
  gst_init (&argc, &argv);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add_func ("/GstCall/Whip/publish", test_publish);
  g_test_add_func ("/GstCall/Whip/trickle", test_trickle);
  g_test_add_func ("/GstCall/Whip/gathering-timeout", test_gathering_timeout);
  g_test_add_func ("/GstCall/Whip/whep-play", test_play);
  g_test_add_func ("/GstCall/Whip/endpoint-http", test_endpoint_http);
  g_test_add_func ("/GstCall/Whip/refused-offers", test_refused_offers);
  g_test_add_func ("/GstCall/Whip/gst-call-tool", test_tool);
  for (guint i = 0; i < G_N_ELEMENTS (bad_cases); i++) {
    g_autofree char *name = g_strdup_printf ("/GstCall/Whip/bad-server%s", bad_cases[i].path);

    g_test_add_data_func (name, &bad_cases[i], test_bad_server);
  }
  return g_test_run ();
}
