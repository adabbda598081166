/* A Janus VideoRoom (Debian's janus, started by the test in a network
 * namespace of its own, see netns-run): a libgstcall publisher and a
 * libgstcall subscriber exchange media through it.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <glib/gstdio.h>

#include "test-utils.h"

#define TIMEOUT_MS 30000
#define ROOM 1234

static GSubprocess *janus;
static const char *ice_address;   /* ours and Janus's, in the test's namespace */
static const char *ice_interface;
static char *janus_url;
static char *janus_directory;

static guint16
pick_free_tcp_port (void)
{
  g_autoptr (GInetAddress) loopback = g_inet_address_new_from_string ("127.0.0.1");
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_STREAM,
                                             G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr (GSocketAddress) bound = NULL;

  g_assert_true (g_socket_bind (socket, any, FALSE, NULL));
  bound = g_socket_get_local_address (socket, NULL);
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

static gboolean
janus_accepts (gpointer data)
{
  guint16 port = GPOINTER_TO_UINT (data);
  g_autoptr (GSocketClient) client = g_socket_client_new ();
  g_autoptr (GSocketConnection) connection = NULL;
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", port);

  connection = g_socket_client_connect_to_host (client, address, 0, NULL, NULL);
  return connection != NULL;
}

static void
write_file (const char *name,
            const char *contents)
{
  g_autofree char *path = g_build_filename (janus_directory, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, -1, NULL));
}

/* Janus with its HTTP API on 127.0.0.1 only, ICE on the namespace's
 * veth only (Janus never gathers on loopback interfaces), no STUN server,
 * only the VideoRoom plugin and the HTTP transport. */
/* Debian's Janus libraries: /usr/lib/<multiarch>/janus, with the VideoRoom
 * plugin in it. */
static char *
find_janus_libdir (void)
{
  g_autoptr (GDir) dir = g_dir_open ("/usr/lib", 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir))) {
    g_autofree char *libdir = g_build_filename ("/usr/lib", name, "janus", NULL);
    g_autofree char *plugin = g_build_filename (libdir, "plugins", "libjanus_videoroom.so",
                                                NULL);

    if (g_file_test (plugin, G_FILE_TEST_EXISTS))
      return g_steal_pointer (&libdir);
  }
  return NULL;
}

static gboolean
janus_start (void)
{
  g_autofree char *binary = g_find_program_in_path ("janus");
  g_autofree char *config = NULL;
  g_autofree char *transport = NULL;
  g_autofree char *room = NULL;
  g_autofree char *log = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *libdir = find_janus_libdir ();
  guint16 port;

  if (!binary || !libdir)
    return FALSE;

  {
    g_autofree char *cwd = g_get_current_dir ();

    janus_directory = g_build_filename (cwd, "janus", NULL);
  }
  g_assert_cmpint (g_mkdir_with_parents (janus_directory, 0700), ==, 0);
  port = pick_free_tcp_port ();
  log = g_build_filename (janus_directory, "janus.log", NULL);
  g_unlink (log);

  config = g_strdup_printf (
      "general: {\n"
      "  configs_folder = \"%s\"\n"
      "  plugins_folder = \"%s/plugins\"\n"
      "  transports_folder = \"%s/transports\"\n"
      "  events_folder = \"%s/events\"\n"
      "  loggers_folder = \"%s/loggers\"\n"
      "  debug_level = 4\n"
      "  interface = \"127.0.0.1\"\n"
      "}\n"
      "media: { ipv6 = false }\n"
      "nat: {\n"
      "  ice_enforce_list = \"%s\"\n"
      "  ignore_mdns = true\n"
      "}\n"
      "plugins: { disable = \"libjanus_audiobridge.so,libjanus_duktape.so,"
      "libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,"
      "libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,"
      "libjanus_voicemail.so\" }\n"
      "transports: { disable = \"libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_pfunix.so,"
      "libjanus_rabbitmq.so,libjanus_websockets.so\" }\n"
      "events: { broadcast = false }\n"
      "loggers: { disable = \"libjanus_jsonlog.so\" }\n",
      janus_directory, libdir, libdir, libdir, libdir, ice_interface);
  write_file ("janus.jcfg", config);
  transport = g_strdup_printf (
      "general: {\n  base_path = \"/janus\"\n  http = true\n  port = %u\n"
      "  ip = \"127.0.0.1\"\n  https = false\n}\n"
      "admin: {\n  admin_http = false\n  admin_https = false\n}\n", port);
  write_file ("janus.transport.http.jcfg", transport);
  room = g_strdup_printf ("room-%u: {\n  description = \"libgstcall test\"\n"
                          "  publishers = 4\n  videocodec = \"vp8\"\n"
                          "  audiocodec = \"opus\"\n}\n", ROOM);
  write_file ("janus.plugin.videoroom.jcfg", room);

  {
    g_autofree char *config_path = g_build_filename (janus_directory, "janus.jcfg", NULL);

    const char * const argv[] = { binary, "-C", config_path, "-F", janus_directory,
                                  "-L", log, NULL };

    janus = test_spawn_child (G_SUBPROCESS_FLAGS_STDOUT_SILENCE |
                              G_SUBPROCESS_FLAGS_STDERR_SILENCE, argv, &error);
  }
  g_assert_no_error (error);
  test_wait_until (janus_accepts, GUINT_TO_POINTER (port), 10000, "Janus to listen");
  janus_url = g_strdup_printf ("http://127.0.0.1:%u/janus", port);
  g_test_message ("Janus on %s, log %s", janus_url, log);
  return TRUE;
}

static void
janus_stop (void)
{
  if (!janus)
    return;
  g_subprocess_send_signal (janus, SIGTERM);
  g_subprocess_wait (janus, NULL, NULL);
  g_clear_object (&janus);
  g_free (janus_url);
  g_free (janus_directory);
}

/* ------------------------------------------------------------------------ */

typedef struct {
  GstCall *call;
  GAsyncResult *result;
} Side;

static void
on_setup_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  ((Side *) user_data)->result = g_object_ref (result);
}

static gboolean
has_result (gpointer data)
{
  return ((Side *) data)->result != NULL;
}

static void
side_init (Side             *side,
           GstCallSignaller *signaller,
           gboolean          send)
{
  const char * const addresses[] = { ice_address, NULL };
  g_autoptr (GError) error = NULL;

  memset (side, 0, sizeof (*side));
  side->call = gst_call_new ();
  g_object_set (side->call, "ice-local-addresses", addresses, "send-video", send,
                "send-audio", send, "video-width", 320, "video-height", 240, NULL);
  g_assert_true (gst_call_set_sources_from_description (side->call, TEST_VIDEO_SOURCE,
                                                        TEST_AUDIO_SOURCE, &error));
  gst_call_set_video_sink (side->call, test_make_synced_fakesink ());
  gst_call_set_audio_sink (side->call, test_make_synced_fakesink ());
  gst_call_set_signaller (side->call, signaller);
}

static void
side_finish (Side *side)
{
  g_autoptr (GError) error = NULL;
  gboolean ok;

  test_wait_until (has_result, side, TIMEOUT_MS, "the call to connect through Janus");
  if (g_task_get_source_tag (G_TASK (side->result)) == gst_call_dial_async)
    ok = gst_call_dial_finish (side->call, side->result, &error);
  else
    ok = gst_call_answer_finish (side->call, side->result, &error);
  g_clear_object (&side->result);
  g_assert_no_error (error);
  g_assert_true (ok);
}

static gboolean
has_publisher_id (gpointer data)
{
  return gst_call_janus_signaller_get_publisher_id (data) != 0;
}

static void
test_publish_and_subscribe (void)
{
  g_autoptr (GstCallJanusSignaller) publisher_signaller =
      gst_call_janus_signaller_new_publisher (janus_url, ROOM);
  g_autoptr (GstCallJanusSignaller) subscriber_signaller = NULL;
  Side publisher, subscriber;

  side_init (&publisher, GST_CALL_SIGNALLER (publisher_signaller), TRUE);
  gst_call_dial_async (publisher.call, NULL, NULL, on_setup_done, &publisher);
  side_finish (&publisher);
  test_wait_until (has_publisher_id, publisher_signaller, 5000, "the publisher id");
  g_test_message ("published as %" G_GUINT64_FORMAT,
                  gst_call_janus_signaller_get_publisher_id (publisher_signaller));

  subscriber_signaller = gst_call_janus_signaller_new_subscriber (
      janus_url, ROOM, gst_call_janus_signaller_get_publisher_id (publisher_signaller));
  side_init (&subscriber, GST_CALL_SIGNALLER (subscriber_signaller), FALSE);
  gst_call_answer_async (subscriber.call, NULL, on_setup_done, &subscriber);
  side_finish (&subscriber);

  /* The publisher's media, forwarded by Janus, decoded by the subscriber. */
  test_wait_call_stats (subscriber.call, "video-frames-received", 30);
  test_wait_call_stats (subscriber.call, "audio-frames-received", 30);
  g_test_message ("subscriber decoded %u video frames",
                  test_call_stats_uint (subscriber.call, "video-frames-received"));

  gst_call_hangup (subscriber.call);
  gst_call_hangup (publisher.call);
  test_drain_context ();
  g_assert_finalize_object (subscriber.call);
  g_assert_finalize_object (publisher.call);
}

int
main (int argc, char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  gst_init (&argc, &argv);
  test_tolerate_known_gstreamer_criticals ();

  ice_address = g_getenv ("GST_CALL_TEST_NETNS_ADDRESS");
  ice_interface = g_getenv ("GST_CALL_TEST_NETNS_INTERFACE");
  if (!ice_address || !ice_interface) {
    return test_cannot_run ("not in a network namespace of its own: run it with "
                            "tests/interop/netns-run (meson test does)");
  }
  if (!janus_start ()) {
    return test_cannot_run ("janus or its VideoRoom plugin not found: install janus "
                            "(tools/install-deps)");
  }
  g_test_add_func ("/GstCall/Janus/publish-and-subscribe", test_publish_and_subscribe);
  status = g_test_run ();
  janus_stop ();
  return status;
}
