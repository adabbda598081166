/* WHIP and WHEP against endpoints that are not ours, on 127.0.0.1. The
 * endpoint is picked by WHIP_ENDPOINT (meson test registers one test each):
 *
 *   aiortc  tests/interop/whip-aiortc-server.py: Python, aiortc decodes what
 *           is published and plays its own test pattern over WHEP.
 *   werift  tests/interop/whip-werift/server.mjs: Node.js, werift relays the
 *           RTP of a WHIP publisher to WHEP players (a small SFU).
 *
 * WHIP_ENDPOINT_SCRIPT is the endpoint's program. Both print
 * "listening on PORT", serve GET /state and exit when their stdin closes.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "test-utils.h"

#define TIMEOUT_MS 30000
/* Frames the endpoint must count, and we must decode, per kind. */
#define MIN_FRAMES 30

typedef struct {
  const char *name;
  /* The interpreter of WHIP_ENDPOINT_SCRIPT and its options. */
  const char *interpreter;
  const char *interpreter_option;
  /* Printed when the endpoint cannot start. */
  const char *install_hint;
  /* TRUE: WHEP plays what a WHIP publisher sends, so the play test
   * publishes first. FALSE: the endpoint plays a test pattern of its own. */
  gboolean relays;
  /* What the endpoint's "frames" count: TRUE, frames it decoded; FALSE,
   * frames it received whole (VP8: RTP marker bit; Opus: packets), next
   * to the RTP packets in "packets". */
  gboolean decodes;
} Endpoint;

static const Endpoint endpoints[] = {
  { "aiortc", "/usr/bin/python3", "-u",
    "install python3-aiortc and python3-aiohttp (tools/install-deps)", FALSE, TRUE },
  { "werift", "node", NULL,
    "install nodejs and npm, then run tools/install-deps (npm ci in "
    "tests/interop/whip-werift)", TRUE, FALSE },
};

static const Endpoint *endpoint;
static GSubprocess *server;
static guint16 server_port;
static SoupSession *http;

/* Why the endpoint cannot run, or NULL when it can. */
static char *
endpoint_unavailable (const char **argv)
{
  const char *script = g_getenv ("WHIP_ENDPOINT_SCRIPT");
  g_autofree char *interpreter = g_find_program_in_path (endpoint->interpreter);

  if (!script)
    return g_strdup ("WHIP_ENDPOINT_SCRIPT is not set: run the test with meson test");
  if (!interpreter)
    return g_strdup_printf ("%s is not installed", endpoint->interpreter);
  if (g_str_equal (endpoint->name, "werift")) {
    g_autofree char *directory = g_path_get_dirname (script);
    g_autofree char *werift = g_build_filename (directory, "node_modules", "werift",
                                                "package.json", NULL);

    if (!g_file_test (werift, G_FILE_TEST_EXISTS))
      return g_strdup_printf ("%s is missing", werift);
  }
  argv[0] = g_steal_pointer (&interpreter);
  argv[1] = endpoint->interpreter_option ? endpoint->interpreter_option : script;
  argv[2] = endpoint->interpreter_option ? script : NULL;
  return NULL;
}

/* Why the endpoint did not start, or NULL when it listens. */
static char *
server_start (void)
{
  const char *argv[4] = { NULL };
  g_autofree char *unavailable = endpoint_unavailable (argv);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDataInputStream) lines = NULL;
  g_autofree char *line = NULL;

  if (unavailable)
    return g_steal_pointer (&unavailable);
  server = test_spawn_child (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                             argv, &error);
  g_free ((char *) argv[0]);
  if (!server)
    return g_strdup (error->message);
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  line = g_data_input_stream_read_line (lines, NULL, NULL, &error);
  if (!line || !g_str_has_prefix (line, "listening on ")) {
    g_subprocess_force_exit (server);
    g_subprocess_wait (server, NULL, NULL);
    g_clear_object (&server);
    return g_strdup_printf ("it printed %s", line ? line : error ? error->message : "nothing");
  }
  server_port = (guint16) g_ascii_strtoull (line + strlen ("listening on "), NULL, 10);
  g_test_message ("%s WHIP/WHEP endpoint on 127.0.0.1:%u", endpoint->name, server_port);
  return NULL;
}

static void
server_stop (void)
{
  /* Closing its stdin ends it. */
  g_output_stream_close (g_subprocess_get_stdin_pipe (server), NULL, NULL);
  g_subprocess_wait (server, NULL, NULL);
  g_clear_object (&server);
}

static void
on_result (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return *(GAsyncResult **) data != NULL;
}

/* GET /state: {"sessions": [id...], "frames": {id: {kind: n}},
 * "states": {id: connection state}, "deleted": [id...]}, and from
 * endpoints that do not decode, "packets": {id: {kind: n}}. */
static JsonObject *
server_state (void)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u/state", server_port);
  g_autoptr (SoupMessage) message = soup_message_new ("GET", url);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) body = NULL;
  GAsyncResult *result = NULL;

  soup_session_send_and_read_async (http, message, G_PRIORITY_DEFAULT, NULL, on_result,
                                    &result);
  test_wait_until (has_result, &result, 5000, "the endpoint's state");
  body = soup_session_send_and_read_finish (http, result, &error);
  g_object_unref (result);
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (body, NULL),
                                             g_bytes_get_size (body), &error));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* state[table][id][kind], 0 when absent. */
static guint
state_count (JsonObject *state,
             const char *table,
             const char *id,
             const char *kind)
{
  JsonObject *sessions = json_object_get_object_member (state, table);
  JsonObject *session = json_object_get_object_member (sessions, id);

  return session && json_object_has_member (session, kind)
      ? (guint) json_object_get_int_member (session, kind) : 0;
}

static gboolean
array_has (JsonArray  *array,
           const char *id)
{
  for (guint i = 0; i < json_array_get_length (array); i++)
    if (g_str_equal (json_array_get_string_element (array, i), id))
      return TRUE;
  return FALSE;
}

static char *
resource_id (GstCall *call)
{
  const char *resource = gst_call_whip_signaller_get_resource_url (
      GST_CALL_WHIP_SIGNALLER (gst_call_get_signaller (call)));

  g_assert_nonnull (resource);
  return g_strdup (strrchr (resource, '/') + 1);
}

typedef struct {
  const char *id;
  guint video;
  guint audio;
} FrameWait;

static gboolean
server_got_frames (gpointer data)
{
  FrameWait *wait = data;
  g_autoptr (JsonObject) state = server_state ();

  wait->video = state_count (state, "frames", wait->id, "video");
  wait->audio = state_count (state, "frames", wait->id, "audio");
  return wait->video >= MIN_FRAMES && wait->audio >= MIN_FRAMES;
}

/* Waits until the endpoint has MIN_FRAMES of each kind from @id. */
static void
wait_server_frames (const char *id)
{
  FrameWait wait = { id, 0, 0 };
  g_autoptr (JsonObject) state = NULL;

  test_wait_until (server_got_frames, &wait, TIMEOUT_MS, "the endpoint to get our frames");
  g_test_message ("%s %s %u video and %u audio frames of session %s", endpoint->name,
                  endpoint->decodes ? "decoded" : "received", wait.video, wait.audio, id);
  if (endpoint->decodes)
    return;
  /* The RTP packets the frames came in. */
  state = server_state ();
  g_test_message ("in %u video and %u audio RTP packets",
                  state_count (state, "packets", id, "video"),
                  state_count (state, "packets", id, "audio"));
  g_assert_cmpuint (state_count (state, "packets", id, "video"), >=, wait.video);
  g_assert_cmpuint (state_count (state, "packets", id, "audio"), >=, wait.audio);
}

static gboolean
server_deleted (gpointer data)
{
  g_autoptr (JsonObject) state = server_state ();

  return array_has (json_object_get_array_member (state, "deleted"), data);
}

/* Hangs up @call and checks that its DELETE ended the session on the
 * endpoint: deleted, no longer listed, its peer connection closed. */
static void
hang_up_and_check_deleted (GstCall *call)
{
  g_autofree char *id = resource_id (call);
  g_autoptr (JsonObject) state = NULL;
  JsonObject *states;

  state = server_state ();
  g_assert_true (array_has (json_object_get_array_member (state, "sessions"), id));
  g_clear_pointer (&state, json_object_unref);

  gst_call_hangup (call);
  test_wait_until (server_deleted, id, 5000, "the session to be deleted");
  state = server_state ();
  g_assert_false (array_has (json_object_get_array_member (state, "sessions"), id));
  states = json_object_get_object_member (state, "states");
  g_assert_cmpstr (json_object_get_string_member (states, id), ==, "closed");
  g_test_message ("session %s deleted, its %s peer connection closed", id, endpoint->name);
  test_drain_context ();
  g_assert_finalize_object (call);
}

static GstCall *
dial (const char *path)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autofree char *uri = g_strdup_printf ("%s+http://127.0.0.1:%u/%s", path, server_port,
                                          path);
  g_autoptr (GError) error = NULL;
  GAsyncResult *result = NULL;
  GstCall *call = gst_call_new ();
  gint64 start = g_get_monotonic_time ();

  g_object_set (call, "ice-local-addresses", loopback, "video-width", 320,
                "video-height", 240, NULL);
  g_assert_true (gst_call_set_sources_from_description (call, TEST_VIDEO_SOURCE,
                                                        TEST_AUDIO_SOURCE, &error));
  gst_call_set_video_sink (call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  gst_call_dial_async (call, uri, NULL, on_result, &result);
  test_wait_until (has_result, &result, TIMEOUT_MS, "the call to connect");
  g_assert_true (gst_call_dial_finish (call, result, &error));
  g_assert_no_error (error);
  g_object_unref (result);
  g_test_message ("%s connected in %" G_GINT64_FORMAT " ms", uri,
                  (g_get_monotonic_time () - start) / 1000);
  return call;
}

/* Publish: the endpoint gets our video and audio frames; hanging up
 * DELETEs the session. */
static void
test_publish (void)
{
  GstCall *call = dial ("whip");
  g_autofree char *id = resource_id (call);

  wait_server_frames (id);
  g_assert_cmpuint (test_call_stats_uint (call, "video-frames-received"), ==, 0);
  hang_up_and_check_deleted (call);
}

/* Play: the endpoint sends, we decode. A relaying endpoint sends what a
 * second call of ours publishes to it. */
static void
test_play (void)
{
  GstCall *publisher = NULL;
  GstCall *player;
  g_autofree char *id = NULL;

  if (endpoint->relays) {
    g_autofree char *publisher_id = NULL;

    publisher = dial ("whip");
    publisher_id = resource_id (publisher);
    wait_server_frames (publisher_id);
  }
  player = dial ("whep");
  id = resource_id (player);
  test_wait_call_stats (player, "video-frames-received", MIN_FRAMES);
  test_wait_call_stats (player, "audio-frames-received", MIN_FRAMES);
  g_test_message ("decoded %u video and %u audio frames played by %s",
                  test_call_stats_uint (player, "video-frames-received"),
                  test_call_stats_uint (player, "audio-frames-received"), endpoint->name);
  g_assert_cmpuint (test_call_stats_uint (player, "video-frames-sent"), ==, 0);
  g_assert_cmpuint (test_call_stats_uint (player, "audio-frames-sent"), ==, 0);
  if (endpoint->relays) {
    g_autoptr (JsonObject) state = server_state ();

    /* What we decoded went through the endpoint's relay to this session. */
    g_test_message ("%s relayed %u video and %u audio RTP packets to session %s",
                    endpoint->name, state_count (state, "packets", id, "video"),
                    state_count (state, "packets", id, "audio"), id);
    g_assert_cmpuint (state_count (state, "packets", id, "video"), >=, MIN_FRAMES);
    g_assert_cmpuint (state_count (state, "packets", id, "audio"), >=, MIN_FRAMES);
  }
  hang_up_and_check_deleted (player);
  if (publisher)
    hang_up_and_check_deleted (publisher);
}

/* The endpoint cannot run here: a failure in CI, where tools/install-deps
 * installed it, a skip elsewhere (as test_cannot_run(), per test case). */
static void
test_unavailable (gconstpointer data)
{
  const char *reason = data;

  if (g_strcmp0 (g_getenv ("CI"), "true") == 0)
    g_test_fail_printf ("the %s endpoint cannot run in CI: %s; %s", endpoint->name, reason,
                        endpoint->install_hint);
  else
    g_test_skip_printf ("the %s endpoint cannot run: %s; %s", endpoint->name, reason,
                        endpoint->install_hint);
}

int
main (int argc, char **argv)
{
  const char *name = g_getenv ("WHIP_ENDPOINT");
  g_autofree char *unavailable = NULL;
  g_autofree char *prefix = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  gst_init (&argc, &argv);
  test_tolerate_known_gstreamer_criticals ();

  for (guint i = 0; i < G_N_ELEMENTS (endpoints); i++)
    if (g_strcmp0 (name, endpoints[i].name) == 0)
      endpoint = &endpoints[i];
  if (!endpoint) {
    g_printerr ("WHIP_ENDPOINT is %s, not aiortc or werift: run the test with meson test\n",
                name ? name : "not set");
    return 1;
  }
  prefix = g_strdup_printf ("/GstCall/WhipEndpoint/%s", endpoint->name);
  unavailable = server_start ();
  if (unavailable) {
    g_autofree char *path = g_strconcat (prefix, "/start", NULL);

    g_test_add_data_func (path, unavailable, test_unavailable);
    return g_test_run ();
  }
  http = soup_session_new ();
  {
    g_autofree char *publish = g_strconcat (prefix, "/publish", NULL);
    g_autofree char *play = g_strconcat (prefix, "/whep-play", NULL);

    g_test_add_func (publish, test_publish);
    g_test_add_func (play, test_play);
    status = g_test_run ();
  }
  g_clear_object (&http);
  server_stop ();
  return status;
}
