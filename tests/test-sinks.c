/* libgstcall tests: the sinks remote media plays into by default
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <glib/gstdio.h>

#include "test-utils.h"
#include "gstcall-sinks-private.h"

typedef struct {
  char *runtime_dir;
  char *dev_snd_dir;
} Dirs;

static void
dirs_set_up (Dirs          *dirs,
             gconstpointer  data)
{
  g_autoptr (GError) error = NULL;

  dirs->runtime_dir = g_dir_make_tmp ("gstcall-runtime-XXXXXX", &error);
  g_assert_no_error (error);
  dirs->dev_snd_dir = g_dir_make_tmp ("gstcall-snd-XXXXXX", &error);
  g_assert_no_error (error);
  g_unsetenv ("PULSE_SERVER");
}

static void
remove_tree (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir))) {
    g_autofree char *child = g_build_filename (path, name, NULL);

    if (g_file_test (child, G_FILE_TEST_IS_DIR))
      remove_tree (child);
    else
      g_assert_cmpint (g_unlink (child), ==, 0);
  }
  g_assert_cmpint (g_rmdir (path), ==, 0);
}

static void
dirs_tear_down (Dirs          *dirs,
                gconstpointer  data)
{
  remove_tree (dirs->runtime_dir);
  remove_tree (dirs->dev_snd_dir);
  g_free (dirs->runtime_dir);
  g_free (dirs->dev_snd_dir);
}

static void
touch (const char *dir,
       const char *relative)
{
  g_autofree char *path = g_build_filename (dir, relative, NULL);
  g_autofree char *parent = g_path_get_dirname (path);
  g_autoptr (GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (parent, 0700), ==, 0);
  g_file_set_contents (path, "", 0, &error);
  g_assert_no_error (error);
}

static gboolean
available (Dirs *dirs)
{
  return gst_call_sound_output_available_in (dirs->runtime_dir, dirs->dev_snd_dir);
}

static void
test_nothing_to_play_on (Dirs          *dirs,
                         gconstpointer  data)
{
  g_assert_false (available (dirs));
  /* a capture device only, and unrelated device nodes */
  touch (dirs->dev_snd_dir, "pcmC0D0c");
  touch (dirs->dev_snd_dir, "controlC0");
  touch (dirs->dev_snd_dir, "timer");
  g_assert_false (available (dirs));
  /* neither directory exists */
  g_assert_false (gst_call_sound_output_available_in (NULL, NULL));
  g_assert_false (gst_call_sound_output_available_in ("/nonexistent/run", "/nonexistent/snd"));
}

static void
test_alsa_playback_device (Dirs          *dirs,
                           gconstpointer  data)
{
  touch (dirs->dev_snd_dir, "pcmC1D3p");
  g_assert_true (available (dirs));
}

static void
test_sound_servers (Dirs          *dirs,
                    gconstpointer  data)
{
  touch (dirs->runtime_dir, "pulse/native");
  g_assert_true (available (dirs));
  remove_tree (dirs->runtime_dir);
  g_assert_cmpint (g_mkdir (dirs->runtime_dir, 0700), ==, 0);
  g_assert_false (available (dirs));

  touch (dirs->runtime_dir, "pipewire-0");
  g_assert_true (available (dirs));
}

static void
test_pulse_server_variable (Dirs          *dirs,
                            gconstpointer  data)
{
  g_setenv ("PULSE_SERVER", "tcp:127.0.0.1:4713", TRUE);
  g_assert_true (available (dirs));
  g_unsetenv ("PULSE_SERVER");
}

/* Without a display, remote video goes to a fakesink that keeps the pace of
 * the clock, never to autovideosink. */
static void
test_no_display_video_sink (void)
{
  g_autoptr (GstElement) sink = NULL;
  gboolean sync = FALSE;

  g_unsetenv ("DISPLAY");
  g_unsetenv ("WAYLAND_DISPLAY");
  sink = gst_object_ref_sink (gst_call_make_default_sink (GST_CALL_MEDIA_KIND_VIDEO));
  g_assert_cmpstr (GST_OBJECT_NAME (gst_element_get_factory (sink)), ==, "fakesink");
  g_object_get (sink, "sync", &sync, NULL);
  g_assert_true (sync);
}

/* The audio sink follows this machine's sound output, whatever it is. */
static void
test_audio_sink_follows_machine (void)
{
  g_autoptr (GstElement) sink =
      gst_object_ref_sink (gst_call_make_default_sink (GST_CALL_MEDIA_KIND_AUDIO));
  gboolean sound = gst_call_sound_output_available_in (g_get_user_runtime_dir (), "/dev/snd");

  g_assert_cmpstr (GST_OBJECT_NAME (gst_element_get_factory (sink)), ==,
                   sound ? "autoaudiosink" : "fakesink");
}

int
main (int argc, char **argv)
{
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  g_test_add ("/GstCall/Sinks/nothing-to-play-on", Dirs, NULL, dirs_set_up,
              test_nothing_to_play_on, dirs_tear_down);
  g_test_add ("/GstCall/Sinks/alsa-playback-device", Dirs, NULL, dirs_set_up,
              test_alsa_playback_device, dirs_tear_down);
  g_test_add ("/GstCall/Sinks/sound-servers", Dirs, NULL, dirs_set_up,
              test_sound_servers, dirs_tear_down);
  g_test_add ("/GstCall/Sinks/pulse-server-variable", Dirs, NULL, dirs_set_up,
              test_pulse_server_variable, dirs_tear_down);
  g_test_add_func ("/GstCall/Sinks/no-display-video-sink", test_no_display_video_sink);
  g_test_add_func ("/GstCall/Sinks/audio-sink-follows-machine",
                   test_audio_sink_follows_machine);

  return g_test_run ();
}
