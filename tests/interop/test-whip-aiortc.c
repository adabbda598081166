/* WHIP and WHEP against an endpoint that is not ours: its WebRTC side is
 * aiortc (tests/interop/whip-aiortc-server.py), on 127.0.0.1.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>

#include "test-utils.h"

#define TIMEOUT_MS 30000

static GSubprocess *server;
static guint16 server_port;
static SoupSession *http;

static gboolean
server_start (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GDataInputStream) lines = NULL;
  g_autofree char *line = NULL;
  const char *script = g_getenv ("WHIP_AIORTC_SERVER");

  const char * const argv[] = { "/usr/bin/python3", "-u", script, NULL };

  server = test_spawn_child (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE,
                             argv, &error);
  g_assert_no_error (error);
  lines = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server));
  line = g_data_input_stream_read_line (lines, NULL, NULL, &error);
  g_assert_no_error (error);
  if (!line || !g_str_has_prefix (line, "listening on ")) {
    g_test_message ("the aiortc endpoint did not start: %s", line ? line : "(no output)");
    return FALSE;
  }
  server_port = (guint16) g_ascii_strtoull (line + strlen ("listening on "), NULL, 10);
  g_test_message ("aiortc WHIP/WHEP endpoint on 127.0.0.1:%u", server_port);
  return TRUE;
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

/* GET /state: {"sessions": [...], "frames": {id: {kind: n}}, "deleted": [...]} */
static JsonObject *
server_state (void)
{
  g_autofree char *url = g_strdup_printf ("http://127.0.0.1:%u/state", server_port);
  g_autoptr (SoupMessage) message = soup_message_new ("GET", url);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) body = NULL;
  GAsyncResult *result = NULL;

  soup_session_send_and_read_async (http, message, G_PRIORITY_DEFAULT, NULL, on_response,
                                    &result);
  test_wait_until (has_response, &result, 5000, "the endpoint's state");
  body = soup_session_send_and_read_finish (http, result, &error);
  g_object_unref (result);
  g_assert_no_error (error);
  g_assert_true (json_parser_load_from_data (parser, g_bytes_get_data (body, NULL),
                                             g_bytes_get_size (body), &error));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
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
  guint video_frames;
} FrameWait;

static gboolean
server_decoded_video (gpointer data)
{
  FrameWait *wait = data;
  g_autoptr (JsonObject) state = server_state ();
  JsonObject *frames = json_object_get_object_member (state, "frames");
  JsonObject *session = json_object_get_object_member (frames, wait->id);

  wait->video_frames = session && json_object_has_member (session, "video")
      ? json_object_get_int_member (session, "video") : 0;
  return wait->video_frames >= 30;
}

static gboolean
server_deleted (gpointer data)
{
  const char *id = data;
  g_autoptr (JsonObject) state = server_state ();
  JsonArray *deleted = json_object_get_array_member (state, "deleted");

  for (guint i = 0; i < json_array_get_length (deleted); i++)
    if (g_str_equal (json_array_get_string_element (deleted, i), id))
      return TRUE;
  return FALSE;
}

static GstElement *
make_sink (void)
{
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  g_object_set (sink, "sync", TRUE, "async", FALSE, NULL);
  return sink;
}

static void
on_dialled (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
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

  g_object_set (call, "ice-local-addresses", loopback, "video-width", 320,
                "video-height", 240, NULL);
  g_assert_true (gst_call_set_sources_from_description (call, TEST_VIDEO_SOURCE,
                                                        TEST_AUDIO_SOURCE, &error));
  gst_call_set_video_sink (call, make_sink ());
  gst_call_set_audio_sink (call, make_sink ());
  gst_call_dial_async (call, uri, NULL, on_dialled, &result);
  test_wait_until (has_response, &result, TIMEOUT_MS, "the call to connect");
  g_assert_true (gst_call_dial_finish (call, result, &error));
  g_assert_no_error (error);
  g_object_unref (result);
  return call;
}

/* Publish: aiortc decodes our video; hanging up DELETEs the session. */
static void
test_publish (void)
{
  GstCall *call = dial ("whip");
  g_autofree char *id = resource_id (call);
  FrameWait wait = { id, 0 };

  test_wait_until (server_decoded_video, &wait, TIMEOUT_MS, "aiortc to decode 30 frames");
  g_test_message ("aiortc decoded %u video frames of session %s", wait.video_frames, id);
  gst_call_hangup (call);
  test_wait_until (server_deleted, id, 5000, "the session to be deleted");
  test_drain_context ();
  g_assert_finalize_object (call);
}

/* Play: aiortc sends, we decode. */
static void
test_play (void)
{
  GstCall *call = dial ("whep");
  g_autofree char *id = resource_id (call);

  test_wait_call_stats (call, "video-frames-received", 30);
  test_wait_call_stats (call, "audio-frames-received", 30);
  g_assert_cmpuint (test_call_stats_uint (call, "video-frames-sent"), ==, 0);
  gst_call_hangup (call);
  test_wait_until (server_deleted, id, 5000, "the session to be deleted");
  test_drain_context ();
  g_assert_finalize_object (call);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  gst_init (&argc, &argv);
  test_tolerate_known_gstreamer_criticals ();

  if (!g_getenv ("WHIP_AIORTC_SERVER")) {
    g_test_skip ("WHIP_AIORTC_SERVER is not set: run the test with meson test");
    return g_test_run ();
  }
  if (!server_start ()) {
    g_test_skip ("the aiortc endpoint did not start: install python3-aiortc and "
                 "python3-aiohttp (tools/install-deps)");
    return g_test_run ();
  }
  http = soup_session_new ();
  g_test_add_func ("/GstCall/WhipAiortc/publish", test_publish);
  g_test_add_func ("/GstCall/WhipAiortc/whep-play", test_play);
  status = g_test_run ();
  g_clear_object (&http);
  server_stop ();
  return status;
}
