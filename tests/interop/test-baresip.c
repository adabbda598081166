/* GstCall against baresip (Debian's baresip) over SIP on 127.0.0.1.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * baresip runs headless with a configuration written here: SIP on UDP and
 * TCP on a free port of 127.0.0.1, media on the address of the network
 * namespace the test runs in (tests/interop/netns-run), a 440 Hz sine
 * (ausine) as its microphone, ALSA's null device as its speaker, rtcp-mux,
 * auto-answer, the sndfile filter writing what it decodes to a WAV file, a
 * fake camera and display (fakevideo) with VP8 or H.264 (avcodec) for the
 * video cases, and its console (cons) on UDP, which the test uses to make it
 * dial, press DTMF keys and hang up.
 *
 * Each case: one side dials (baresip's INVITE, or gst_call_dial_async() to
 * baresip's sip: URI, an RTP/AVP offer), audio decodes both ways, DTMF
 * digits go each way, video decodes both ways where the case has it, and
 * one side hangs up, the other ending ENDED.
 */

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>

#include "test-utils.h"

#define TIMEOUT_MS 20000
#define MODULES_DIR "/usr/lib/baresip/modules"

typedef struct {
  const char *name;      /* a=rtpmap encoding, as baresip lists it */
  GstCallCodec codec;    /* what GstCall sends */
  gboolean gstcall_dials;
  gboolean gstcall_hangs_up;
  const char *video;     /* baresip's video codec, NULL: audio only */
  gboolean video_to_baresip;   /* what the negotiation allows */
  gboolean video_from_baresip;
} Case;

typedef struct {
  TestCallSide side;
  GString *tones;        /* DTMF GstCall received */
} GstCallSide;

typedef struct {
  char *dir;
  guint sip_port;
  guint console_port;
  GSubprocess *process;
} Baresip;

static guint
free_udp_port (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) any = g_inet_socket_address_new (loopback, 0);
  g_autoptr (GSocketAddress) bound = NULL;
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                             G_SOCKET_PROTOCOL_UDP, &error);

  g_assert_no_error (error);
  g_assert_true (g_socket_bind (socket, any, FALSE, &error));
  bound = g_socket_get_local_address (socket, &error);
  g_assert_no_error (error);
  return g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (bound));
}

static char *
read_log (Baresip *baresip)
{
  g_autofree char *path = g_build_filename (baresip->dir, "log", NULL);
  char *text = NULL;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return g_strdup ("");
  return text;
}

typedef struct {
  Baresip *baresip;
  const char *text;
} LogWait;

static gboolean
log_has (gpointer data)
{
  LogWait *wait = data;
  g_autofree char *log = read_log (wait->baresip);

  return strstr (log, wait->text) != NULL;
}

static void
wait_for_log (Baresip    *baresip,
              const char *text)
{
  LogWait wait = { baresip, text };
  g_autofree char *what = g_strdup_printf ("baresip to log “%s”", text);

  test_wait_until (log_has, &wait, TIMEOUT_MS, what);
}

/* baresip with @codec only (and @video, if not NULL), auto-answering. */
static void
baresip_start (Baresip    *baresip,
               const char *codec,
               const char *video)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *config = NULL;
  g_autofree char *config_path = NULL;
  g_autofree char *accounts = NULL;
  g_autofree char *accounts_path = NULL;
  g_autofree char *command = NULL;

  baresip->dir = g_dir_make_tmp ("gstcall-baresip-XXXXXX", &error);
  g_assert_no_error (error);
  baresip->sip_port = free_udp_port ();
  baresip->console_port = free_udp_port ();
  config = g_strdup_printf ("poll_method\tepoll\n"
                            "net_interface\t%s\n"
                            "sip_listen\t127.0.0.1:%u\n"
                            "call_local_timeout\t120\n"
                            "audio_player\talsa,null\n"
                            "audio_alert\talsa,null\n"
                            "audio_source\tausine,440\n"
                            "ausrc_srate\t48000\n"
                            "ausrc_channels\t2\n"
                            "auplay_srate\t48000\n"
                            "rtcp_mux\tyes\n"
                            "rtp_stats\tyes\n"
                            "module_path\t" MODULES_DIR "\n"
                            "module\tcons.so\n"
                            "module\tg711.so\n"
                            "module\topus.so\n"
                            "module\tausine.so\n"
                            "module\talsa.so\n"
                            "module\tsndfile.so\n"
                            "module_app\taccount.so\n"
                            "module_app\tmenu.so\n"
                            "cons_listen\t127.0.0.1:%u\n"
                            "snd_path\t%s\n"
                            "%s",
                            g_getenv ("GST_CALL_TEST_NETNS_INTERFACE"),
                            baresip->sip_port, baresip->console_port, baresip->dir,
                            video ? "module\tvp8.so\n"
                                    "module\tavcodec.so\n"
                                    "module\tfakevideo.so\n"
                                    "video_source\tfakevideo,nil\n"
                                    "video_display\tfakevideo,nil\n"
                                    "video_size\t320x240\n"
                                    "video_fps\t30\n" : "");
  config_path = g_build_filename (baresip->dir, "config", NULL);
  g_assert_true (g_file_set_contents (config_path, config, -1, &error));
  accounts = g_strdup_printf ("<sip:baresip@127.0.0.1>;regint=0;answermode=auto;"
                              "audio_codecs=%s%s%s\n", codec, video ? ";video_codecs=" : "",
                              video ? video : "");
  accounts_path = g_build_filename (baresip->dir, "accounts", NULL);
  g_assert_true (g_file_set_contents (accounts_path, accounts, -1, &error));

  command = g_strdup_printf ("exec baresip -f '%s' > '%s/log' 2>&1 < /dev/null", baresip->dir,
                             baresip->dir);
  baresip->process = test_spawn_child (G_SUBPROCESS_FLAGS_NONE,
                                       (const char *[]) { "sh", "-c", command, NULL }, &error);
  g_assert_no_error (error);
  wait_for_log (baresip, "baresip is ready");
}

static void
baresip_command (Baresip    *baresip,
                 const char *command)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr (GSocketAddress) console = g_inet_socket_address_new (loopback,
                                                                  baresip->console_port);
  g_autoptr (GSocket) socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                                             G_SOCKET_PROTOCOL_UDP, &error);
  g_autofree char *line = g_strdup_printf ("%s\n", command);

  g_assert_no_error (error);
  g_assert_cmpint (g_socket_send_to (socket, console, line, strlen (line), NULL, &error), ==,
                   (gssize) strlen (line));
  g_assert_no_error (error);
}

/* The loudest sample of the last second of what baresip decoded (the
 * WAV file sndfile wrote, 16-bit). */
static guint
baresip_decoded_peak (Baresip *baresip)
{
  g_autoptr (GDir) dir = g_dir_open (baresip->dir, 0, NULL);
  const char *name;
  guint peak = 0;

  while (dir && (name = g_dir_read_name (dir))) {
    g_autofree char *path = NULL;
    g_autofree char *data = NULL;
    gsize length = 0;

    if (!g_str_has_suffix (name, "-dec.wav"))
      continue;
    path = g_build_filename (baresip->dir, name, NULL);
    g_assert_true (g_file_get_contents (path, &data, &length, NULL));
    g_test_message ("baresip decoded %" G_GSIZE_FORMAT " bytes into %s", length, name);
    for (gsize i = length > 44 + 192000 ? length - 192000 : 44; i + 1 < length; i += 2) {
      gint16 sample = GINT16_FROM_LE (*(gint16 *) (data + i));

      peak = MAX (peak, (guint) ABS ((int) sample));
    }
  }
  return peak;
}

static void
baresip_stop (Baresip *baresip)
{
  g_autofree char *log = read_log (baresip);

  g_test_message ("baresip's log:\n%s", log);
  g_subprocess_send_signal (baresip->process, SIGTERM);
  g_subprocess_wait (baresip->process, NULL, NULL);
  g_clear_object (&baresip->process);
  /* the files baresip wrote */
  {
    g_autoptr (GDir) dir = g_dir_open (baresip->dir, 0, NULL);
    const char *name;

    while (dir && (name = g_dir_read_name (dir))) {
      g_autofree char *path = g_build_filename (baresip->dir, name, NULL);

      g_unlink (path);
    }
  }
  g_rmdir (baresip->dir);
  g_clear_pointer (&baresip->dir, g_free);
}

static void
on_dtmf (GstCall     *call,
         const char  *tone,
         guint        duration_ms,
         GstCallSide *gstcall)
{
  g_assert_true (g_thread_self () == gstcall->side.owner);
  g_string_append (gstcall->tones, tone);
  g_test_message ("GstCall received DTMF %s, %u ms", tone, duration_ms);
}

static gboolean
received_tones (gpointer data)
{
  GstCallSide *gstcall = data;

  return gstcall->tones->len >= 4;
}

/* One side dials the other (baresip dials GstCall's URI, or GstCall dials
 * baresip's with gst_call_dial_async()), the callee answers; audio goes both
 * ways, DTMF too; either side hangs up. */
static void
test_baresip_call (gconstpointer data)
{
  const Case *test_case = data;
  g_autoptr (GstCallSipSignaller) signaller = gst_call_sip_signaller_new (TEST_ICE_ADDRESS, 0);
  g_autoptr (GError) error = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *dial = NULL;
  GstCallEndReason reason;
  GstCallSide gstcall = { .tones = g_string_new (NULL) };
  TestCallSide *side = &gstcall.side;
  Baresip baresip = { 0 };
  GstCall *call = gst_call_new ();
  const char *sent = "";
  gboolean queued;
  guint peak;

  g_object_set (call, "transport", GST_CALL_TRANSPORT_KIND_RTP,
                "send-video", test_case->video != NULL, "audio-codec", test_case->codec, NULL);
  if (test_case->video)
    g_object_set (call, "video-codec", g_str_equal (test_case->video, "VP8")
                  ? GST_CALL_CODEC_VP8 : GST_CALL_CODEC_H264, NULL);
  g_assert_true (gst_call_set_sources_from_description (
      call, test_case->video ? TEST_VIDEO_SOURCE : NULL, TEST_AUDIO_SOURCE, &error));
  g_assert_no_error (error);
  gst_call_set_audio_sink (call, test_make_synced_fakesink ());
  if (test_case->video)
    gst_call_set_video_sink (call, test_make_synced_fakesink ());
  g_assert_true (gst_call_sip_signaller_start (signaller, &error));
  g_assert_no_error (error);
  gst_call_set_signaller (call, GST_CALL_SIGNALLER (signaller));
  test_call_side_init (side, "gstcall", call);
  g_signal_connect (call, "dtmf", G_CALLBACK (on_dtmf), &gstcall);

  baresip_start (&baresip, test_case->name, test_case->video);
  if (test_case->gstcall_dials) {
    dial = g_strdup_printf ("sip:baresip@127.0.0.1:%u", baresip.sip_port);
    gst_call_dial_async (call, dial, NULL, test_call_side_on_setup_done, side);
  } else {
    uri = gst_call_sip_signaller_dup_local_uri (signaller);
    dial = g_strdup_printf ("/dial %s", uri);
    baresip_command (&baresip, dial);
    test_wait_until (test_call_side_incoming, side, TIMEOUT_MS, "baresip's INVITE");
    gst_call_answer_async (call, NULL, test_call_side_on_setup_done, side);
  }
  g_assert_true (test_call_side_finish_setup (side, &error));
  g_assert_no_error (error);
  wait_for_log (&baresip, "Call established");

  test_wait_call_stats (call, "audio-frames-received", 100);
  test_wait_call_stats (call, "audio-frames-sent", 100);
  if (test_case->video_from_baresip) {
    test_wait_call_stats (call, "video-frames-received", 30);
    g_test_message ("GstCall decoded %u %s frames from baresip",
                    test_call_stats_uint (call, "video-frames-received"), test_case->video);
  }
  if (test_case->video_to_baresip) {
    /* baresip logs this once it decoded a picture. */
    wait_for_log (&baresip, "video: receiving with resolution 320 x 240");
  }
  g_test_message ("GstCall decoded %u audio frames from baresip",
                  test_call_stats_uint (call, "audio-frames-received"));
  peak = baresip_decoded_peak (&baresip);
  g_test_message ("loudest sample baresip decoded in the last second: %u", peak);
  g_assert_cmpuint (peak, >, 3000);
  wait_for_log (&baresip, test_case->name[0] == 'o' ? "Set audio decoder: opus"
                                                    : "Set audio decoder: PCMU");

  /* DTMF both ways: GstCall's RFC 4733 events, baresip's keys in a call. */
  queued = gst_call_send_dtmf (call, "19#*", 120, &error);
  g_assert_no_error (error);
  g_assert_true (queued);
  for (const char *tone = "19#*"; *tone; tone++) {
    g_autofree char *line = g_strdup_printf ("received event: '%c' (end=1)", *tone);

    wait_for_log (&baresip, line);
  }
  sent = "2468";
  for (const char *key = sent; *key; key++) {
    char command[2] = { *key, 0 };

    baresip_command (&baresip, command);
    test_iterate_for (250);
  }
  /* A key's tone lasts until the next key: baresip's key release (0x04)
   * ends the last one. */
  baresip_command (&baresip, "\x04");
  test_wait_until (received_tones, &gstcall, TIMEOUT_MS, "baresip's DTMF");
  g_assert_cmpstr (gstcall.tones->str, ==, sent);

  if (test_case->gstcall_hangs_up) {
    gst_call_hangup (call);
    wait_for_log (&baresip, "terminated (duration");
  } else {
    baresip_command (&baresip, "/hangup");
    test_wait_until (test_call_side_ended, side, TIMEOUT_MS, "baresip's BYE");
    g_object_get (call, "end-reason", &reason, NULL);
    g_assert_cmpint (reason, ==, GST_CALL_END_REASON_PEER_HANGUP);
  }
  g_assert_cmpint (gst_call_get_state (call), ==, GST_CALL_STATE_ENDED);
  g_assert_no_error (side->ended_reason);

  baresip_stop (&baresip);
  test_call_side_clear (side);
  g_string_free (gstcall.tones, TRUE);
  g_clear_object (&signaller);
  /* The SIP stack shuts down as the context runs. */
  test_iterate_for (300);
}

/* `gst-call dial sip:...` calls baresip: audio both ways, DTMF tones
 * given with --dtmf arrive, baresip's key is printed, and gst-call hangs
 * up (BYE) after --duration. */
static void
test_tool_dials (void)
{
  const char *tool = g_getenv ("GST_CALL_TOOL");
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autofree char *uri = NULL;
  g_autofree char *output = NULL;
  g_autofree char *errors = NULL;
  const char *final;
  Baresip baresip = { 0 };

  if (!tool) {
    g_test_skip ("GST_CALL_TOOL names no gst-call (meson test sets it)");
    return;
  }
  baresip_start (&baresip, "opus/48000/2", NULL);
  uri = g_strdup_printf ("sip:baresip@127.0.0.1:%u", baresip.sip_port);
  process = g_subprocess_newv ((const char * const[]) { tool, "dial", uri, "--duration", "4",
                                                        "--dtmf", "37", NULL },
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                               &error);
  g_assert_no_error (error);
  wait_for_log (&baresip, "Call established");
  wait_for_log (&baresip, "received event: '3' (end=1)");
  wait_for_log (&baresip, "received event: '7' (end=1)");
  baresip_command (&baresip, "9");
  test_iterate_for (250);
  baresip_command (&baresip, "\x04");
  g_assert_true (g_subprocess_communicate_utf8 (process, NULL, NULL, &output, &errors, &error));
  g_assert_no_error (error);
  g_test_message ("gst-call's output:\n%s%s", output, errors);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  g_assert_nonnull (strstr (output, "DTMF: sending 37\n"));
  g_assert_nonnull (strstr (output, "DTMF: received 9 ("));
  /* What gst-call decoded over the call. */
  final = strstr (output, "final call=1 ");
  g_assert_nonnull (final);
  g_assert_null (strstr (final, " audio-frames-received=0 "));
  wait_for_log (&baresip, "terminated (duration");
  baresip_stop (&baresip);
}

int
main (int argc, char **argv)
{
  /* Audio: each codec with each side dialing, and each pair of who dials
   * and who hangs up, once (the hang-up does not depend on the codec). */
  static const Case cases[] = {
    { "opus/48000/2", GST_CALL_CODEC_OPUS, FALSE, FALSE },
    { "PCMU/8000/1", GST_CALL_CODEC_PCMU, FALSE, TRUE },
    { "opus/48000/2", GST_CALL_CODEC_OPUS, TRUE, TRUE },
    { "PCMU/8000/1", GST_CALL_CODEC_PCMU, TRUE, FALSE },
    { "opus/48000/2", GST_CALL_CODEC_OPUS, FALSE, FALSE, "VP8", TRUE, TRUE },
    { "opus/48000/2", GST_CALL_CODEC_OPUS, TRUE, TRUE, "VP8", TRUE, TRUE },
    /* baresip 1.0's H.264 (avcodec) is packetization mode 0 only, which
     * libgstcall receives but does not send (it sends mode 1): baresip's
     * offer is answered receive-only, and it refuses GstCall's offer of
     * video (the call goes on with audio). */
    { "opus/48000/2", GST_CALL_CODEC_OPUS, FALSE, FALSE, "H264", FALSE, TRUE },
    { "opus/48000/2", GST_CALL_CODEC_OPUS, TRUE, TRUE, "H264", FALSE, FALSE },
  };
  g_autofree char *baresip = NULL;

  setlocale (LC_ALL, "");
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  /* baresip puts its interface's address in its SDP, never a loopback
   * one: the test runs in a namespace of its own, where that address is
   * a veth leading nowhere else. */
  if (!g_getenv ("GST_CALL_TEST_NETNS_INTERFACE"))
    return test_cannot_run ("not in a network namespace of its own: run it with "
                            "tests/interop/netns-run (meson test does)");
  baresip = g_find_program_in_path ("baresip");
  if (!baresip)
    return test_cannot_run ("baresip not found: install baresip (tools/install-deps)");
  if (!g_file_test (MODULES_DIR "/ausine.so", G_FILE_TEST_EXISTS) ||
      !g_file_test (MODULES_DIR "/sndfile.so", G_FILE_TEST_EXISTS) ||
      !g_file_test (MODULES_DIR "/cons.so", G_FILE_TEST_EXISTS))
    return test_cannot_run ("baresip's modules (ausine, sndfile, cons) not found in "
                            MODULES_DIR);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *path = g_strdup_printf ("/GstCall/Baresip/%s-dials/%s%s%s/%s-hangs-up",
                                             cases[i].gstcall_dials ? "gstcall" : "baresip",
                                             cases[i].codec == GST_CALL_CODEC_OPUS ? "opus" : "pcmu",
                                             cases[i].video ? "+" : "",
                                             cases[i].video ? cases[i].video : "",
                                             cases[i].gstcall_hangs_up ? "gstcall" : "baresip");

    g_test_add_data_func (path, &cases[i], test_baresip_call);
  }
  g_test_add_func ("/GstCall/Baresip/gst-call-tool-dials", test_tool_dials);

  return g_test_run ();
}
