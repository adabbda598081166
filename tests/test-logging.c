/* What a call writes to the log at the levels people run with: no session
 * description, ICE candidate or credential, DTLS fingerprint or signaling
 * token, which would hand a log reader the keys to the call.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Each test runs this program again as a child with one GST_DEBUG setting
 * (G_MESSAGES_DEBUG and GST_DEBUG_FILE unset, no GTest), where it makes a real call
 * over 127.0.0.1 through the WebSocket signaling server with a token, and
 * reads everything the child wrote on stdout and stderr.
 */

#include "test-utils.h"

#define TIMEOUT_MS 20000
#define TOKEN "tok-7f1d3a9c5e"
#define CHILD_ENV "GST_CALL_TEST_LOGGING_CHILD"
#define CALL_DONE "call done:"

static const char * const secrets[] = {
  "v=0", "a=candidate", "a=ice-ufrag", "a=ice-pwd", "a=fingerprint", TOKEN,
};

/* ------------------------------------------------------------------------ */
/* The child: one call                                                      */

typedef struct {
  GstCall *call;
  GAsyncResult *result;
  gboolean incoming;
} Side;

static void
on_ready (GObject      *source,
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
on_incoming (GstCall *call,
             Side    *side)
{
  side->incoming = TRUE;
}

static void
side_init (Side             *side,
           GstCallSignaller *signaller)
{
  const char * const loopback[] = { TEST_ICE_ADDRESS, NULL };
  g_autoptr (GError) error = NULL;

  memset (side, 0, sizeof (*side));
  side->call = gst_call_new ();
  /* Audio only: what is logged does not depend on the media, and this
   * runs four times, also under AddressSanitizer. */
  g_object_set (side->call, "ice-local-addresses", loopback, "send-video", FALSE, NULL);
  g_assert_true (gst_call_set_sources_from_description (side->call, NULL,
                                                        TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_audio_sink (side->call, test_make_synced_fakesink ());
  if (signaller)
    gst_call_set_signaller (side->call, signaller);
  g_signal_connect (side->call, "incoming-call", G_CALLBACK (on_incoming), side);
}

static gboolean
has_no_peers (gpointer data)
{
  return gst_call_signaling_server_get_n_peers (data) == 0;
}

static void
on_joined (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

static gboolean
is_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

static void
child_call (void)
{
  g_autoptr (GstCallSignalingServer) server = gst_call_signaling_server_new (TOKEN);
  g_autoptr (GstCallWebSocketSignaller) signaller = NULL;
  g_autoptr (GAsyncResult) joined = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *caller_uri = NULL;
  g_autofree char *callee_uri = NULL;
  guint frames, n_peers = 0;
  Side caller, callee;

  g_assert_true (gst_call_signaling_server_listen (server, NULL, 0, &error));
  g_assert_no_error (error);
  callee_uri = g_strdup_printf ("ws://127.0.0.1:%u/ws?room=logs",
                                gst_call_signaling_server_get_port (server));
  caller_uri = g_strdup_printf ("%s&token=%s", callee_uri, TOKEN);

  /* The callee waits in the room... */
  signaller = gst_call_websocket_signaller_new (callee_uri, TOKEN);
  gst_call_websocket_signaller_connect_async (signaller, NULL, on_joined, &joined);
  test_wait_until (is_set, &joined, TIMEOUT_MS, "the callee to join");
  g_assert_true (gst_call_websocket_signaller_connect_finish (signaller, joined, &n_peers, &error));
  g_assert_no_error (error);
  g_clear_object (&joined);
  side_init (&callee, GST_CALL_SIGNALLER (signaller));

  /* ... the caller dials it, the callee answers. */
  side_init (&caller, NULL);
  gst_call_dial_async (caller.call, caller_uri, NULL, on_ready, &caller);
  test_wait_for_flag (&callee.incoming, TIMEOUT_MS, "incoming-call");
  gst_call_answer_async (callee.call, NULL, on_ready, &callee);
  test_wait_until (has_result, &caller, TIMEOUT_MS, "dial");
  test_wait_until (has_result, &callee, TIMEOUT_MS, "answer");
  g_assert_true (gst_call_dial_finish (caller.call, caller.result, &error));
  g_assert_no_error (error);
  g_assert_true (gst_call_answer_finish (callee.call, callee.result, &error));
  g_assert_no_error (error);
  g_clear_object (&caller.result);
  g_clear_object (&callee.result);

  test_wait_call_stats (callee.call, "audio-frames-received", 25);
  test_wait_call_stats (caller.call, "audio-frames-received", 25);
  frames = test_call_stats_uint (callee.call, "audio-frames-received");

  gst_call_hangup (caller.call);
  test_drain_context ();
  g_assert_finalize_object (caller.call);
  g_assert_finalize_object (callee.call);
  g_assert_finalize_object (g_steal_pointer (&signaller));
  test_wait_until (has_no_peers, server, TIMEOUT_MS, "the room to empty");
  gst_call_signaling_server_stop (server);

  /* On stdout, for the parent to know the call really happened. */
  g_print ("%s %u audio frames\n", CALL_DONE, frames);
}

/* ------------------------------------------------------------------------ */
/* The parent                                                                */

static char *program_path;

/* Runs the call in a child with @gst_debug as GST_DEBUG (NULL: unset) and
 * returns what it wrote on stdout and stderr. */
static char *
run_child (const char *gst_debug)
{
  g_auto (GStrv) env = g_get_environ ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  char *argv[] = { program_path, NULL };
  int status = 0;

  env = g_environ_unsetenv (env, "GST_DEBUG");
  env = g_environ_unsetenv (env, "GST_DEBUG_FILE");
  env = g_environ_unsetenv (env, "G_MESSAGES_DEBUG");
  env = g_environ_setenv (env, CHILD_ENV, "1", TRUE);
  /* GStreamer 1.22's srtpdec may emit one harmless critical (see
   * test-utils.c): not fatal in the child, whose output is checked. */
  env = g_environ_setenv (env, "G_DEBUG", "gc-friendly", TRUE);
  if (gst_debug)
    env = g_environ_setenv (env, "GST_DEBUG", gst_debug, TRUE);

  g_assert_true (g_spawn_sync (NULL, argv, env, G_SPAWN_DEFAULT, NULL, NULL, &out, &err,
                               &status, &error));
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, &error)) {
    g_printerr ("%s%s", out, err);
    g_error ("the call with GST_DEBUG=%s failed: %s", gst_debug ? gst_debug : "(unset)",
             error->message);
  }
  g_assert_nonnull (strstr (out, CALL_DONE));
  return g_strconcat (out, err, NULL);
}

/* The first secret in @log and the line it is on, or NULL. */
static char *
find_secret (const char *log)
{
  for (guint i = 0; i < G_N_ELEMENTS (secrets); i++) {
    const char *found = strstr (log, secrets[i]);

    if (found) {
      const char *start = found, *end = strchr (found, '\n');

      while (start > log && start[-1] != '\n')
        start--;
      return g_strdup_printf ("“%s” in: %.*s", secrets[i],
                              (int) MIN ((end ? end : found + strlen (found)) - start, 300),
                              start);
    }
  }
  return NULL;
}

static void
test_log_is_clean (gconstpointer data)
{
  const char *gst_debug = data;
  g_autofree char *log = run_child (gst_debug);
  g_autofree char *secret = find_secret (log);

  g_test_message ("GST_DEBUG=%s: %" G_GSIZE_FORMAT " bytes of output",
                  gst_debug ? gst_debug : "(unset)", strlen (log));
  if (secret)
    g_error ("GST_DEBUG=%s logs a secret: %s", gst_debug ? gst_debug : "(unset)", secret);
}

/* The check sees what is logged: at webrtcbin's debug level the
 * descriptions are there. */
static void
test_check_sees_secrets (void)
{
  g_autofree char *log = run_child ("webrtcbin:6");
  g_autofree char *secret = find_secret (log);

  g_assert_nonnull (secret);
  g_test_message ("GST_DEBUG=webrtcbin:6 shows %.60s...", secret);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);

  if (g_getenv (CHILD_ENV)) {
    /* As an application runs: no GTest, whose log handler shows debug
     * messages. */
    child_call ();
    return 0;
  }

  g_test_init (&argc, &argv, NULL);
  program_path = argv[0];

  g_test_add_data_func ("/GstCall/Logging/default", NULL, test_log_is_clean);
  /* Every category at warning level: gstcall*:WARNING is a part of it. */
  g_test_add_data_func ("/GstCall/Logging/all-warnings", "2", test_log_is_clean);
  g_test_add_func ("/GstCall/Logging/check-sees-secrets", test_check_sees_secrets);

  return g_test_run ();
}
