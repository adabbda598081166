/* libgstcall: the sinks a call plays remote media into by default
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * autovideosink and autoaudiosink try every sink of their kind until one
 * opens. Where there is nothing to open that is harmful: without X11 or
 * Wayland autovideosink tries DirectFB and KMS sinks, some of which crash the
 * process; without a sound server or card every try of autoaudiosink makes
 * alsa-lib print a screenful of errors, once per remote audio track. So the
 * media of a call on a headless machine goes to a fakesink that keeps the
 * pace of the clock (the stream is received and decoded all the same), and
 * the process is told once that it is not heard.
 */

#include "config.h"

#include "gstcall-sinks-private.h"

#include "gstcall-private.h"

gboolean
gst_call_sound_output_available_in (const char *runtime_dir,
                                    const char *dev_snd_dir)
{
  const char * const servers[] = { "pulse/native", "pipewire-0" };
  g_autoptr (GDir) dir = NULL;
  const char *name;

  if (g_getenv ("PULSE_SERVER"))
    return TRUE;
  for (guint i = 0; runtime_dir && i < G_N_ELEMENTS (servers); i++) {
    g_autofree char *path = g_build_filename (runtime_dir, servers[i], NULL);

    if (g_file_test (path, G_FILE_TEST_EXISTS))
      return TRUE;
  }

  /* ALSA playback devices are pcmC<card>D<device>p; capture ends in c. */
  dir = dev_snd_dir ? g_dir_open (dev_snd_dir, 0, NULL) : NULL;
  while (dir && (name = g_dir_read_name (dir))) {
    if (g_str_has_prefix (name, "pcmC") && g_str_has_suffix (name, "p"))
      return TRUE;
  }
  return FALSE;
}

static gboolean
sound_output_available (void)
{
  static gsize checked;
  static gboolean available;

  if (g_once_init_enter (&checked)) {
    available = gst_call_sound_output_available_in (g_get_user_runtime_dir (), "/dev/snd");
    if (!available)
      g_message ("libgstcall: no sound output (no PulseAudio or PipeWire server, no "
                 "ALSA playback device): remote audio is received but not played");
    g_once_init_leave (&checked, 1);
  }
  return available;
}

static GstElement *
make_clocked_fakesink (void)
{
  GstElement *sink = gst_element_factory_make ("fakesink", NULL);

  if (sink)
    g_object_set (sink, "sync", TRUE, NULL);
  return sink;
}

GstElement *
gst_call_make_default_sink (GstCallMediaKind kind)
{
  GstElement *sink = NULL;

  if (kind == GST_CALL_MEDIA_KIND_AUDIO) {
    if (sound_output_available ())
      sink = gst_element_factory_make ("autoaudiosink", NULL);
  } else if (g_getenv ("DISPLAY") || g_getenv ("WAYLAND_DISPLAY")) {
    sink = gst_element_factory_make ("autovideosink", NULL);
  } else {
    GST_INFO ("no display (neither DISPLAY nor WAYLAND_DISPLAY): remote video "
              "is not shown");
  }
  return sink ? sink : make_clocked_fakesink ();
}
