/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-plugins-private.h"
#include "gstcall-error.h"
#include "gstcall-private.h"

typedef struct {
  const char *element;
  const char *plugin;
  const char *package;
} ElementOrigin;

#define PLUGINS_BAD "gstreamer1.0-plugins-bad"
#define PLUGINS_GOOD "gstreamer1.0-plugins-good"
#define PLUGINS_BASE "gstreamer1.0-plugins-base"
#define PLUGINS_UGLY "gstreamer1.0-plugins-ugly"

/* Where the elements libgstcall uses come from on Debian. */
static const ElementOrigin element_origins[] = {
  { "webrtcbin", "webrtc", PLUGINS_BAD },
  { "nicesrc", "nice", "gstreamer1.0-nice" },
  { "nicesink", "nice", "gstreamer1.0-nice" },
  { "dtlsenc", "dtls", PLUGINS_BAD },
  { "dtlsdec", "dtls", PLUGINS_BAD },
  { "dtlssrtpenc", "dtls", PLUGINS_BAD },
  { "dtlssrtpdec", "dtls", PLUGINS_BAD },
  { "srtpenc", "srtp", PLUGINS_BAD },
  { "srtpdec", "srtp", PLUGINS_BAD },
  { "rtpbin", "rtpmanager", PLUGINS_GOOD },
  { "rtpjitterbuffer", "rtpmanager", PLUGINS_GOOD },
  { "rtprtxsend", "rtpmanager", PLUGINS_GOOD },
  { "rtprtxreceive", "rtpmanager", PLUGINS_GOOD },
  { "rtpfunnel", "rtpmanager", PLUGINS_GOOD },
  { "rtpvp8pay", "rtp", PLUGINS_GOOD },
  { "rtpvp8depay", "rtp", PLUGINS_GOOD },
  { "rtpvp9pay", "rtp", PLUGINS_GOOD },
  { "rtpvp9depay", "rtp", PLUGINS_GOOD },
  { "rtph264pay", "rtp", PLUGINS_GOOD },
  { "rtph264depay", "rtp", PLUGINS_GOOD },
  { "capssetter", "debug", PLUGINS_GOOD },
  { "rtpopuspay", "rtp", PLUGINS_GOOD },
  { "rtpopusdepay", "rtp", PLUGINS_GOOD },
  { "rtppcmapay", "rtp", PLUGINS_GOOD },
  { "rtppcmupay", "rtp", PLUGINS_GOOD },
  { "rtppcmadepay", "rtp", PLUGINS_GOOD },
  { "rtppcmudepay", "rtp", PLUGINS_GOOD },
  { "rtph265pay", "rtp", PLUGINS_GOOD },
  { "rtph265depay", "rtp", PLUGINS_GOOD },
  { "alawenc", "alaw", PLUGINS_GOOD },
  { "alawdec", "alaw", PLUGINS_GOOD },
  { "mulawenc", "mulaw", PLUGINS_GOOD },
  { "mulawdec", "mulaw", PLUGINS_GOOD },
  { "vp8enc", "vpx", PLUGINS_GOOD },
  { "vp8dec", "vpx", PLUGINS_GOOD },
  { "vp9enc", "vpx", PLUGINS_GOOD },
  { "vp9dec", "vpx", PLUGINS_GOOD },
  { "opusenc", "opus", PLUGINS_BASE },
  { "opusdec", "opus", PLUGINS_BASE },
  { "x264enc", "x264", PLUGINS_UGLY },
  { "openh264enc", "openh264", PLUGINS_BAD },
  { "avdec_h264", "libav", "gstreamer1.0-libav" },
  { "x265enc", "x265", PLUGINS_BAD },
  { "avdec_h265", "libav", "gstreamer1.0-libav" },
  { "av1enc", "aom", PLUGINS_BAD },
  { "av1dec", "aom", PLUGINS_BAD },
  { "videoconvert", "videoconvertscale", PLUGINS_BASE },
  { "videoscale", "videoconvertscale", PLUGINS_BASE },
  { "videorate", "videorate", PLUGINS_BASE },
  { "audioconvert", "audioconvert", PLUGINS_BASE },
  { "audioresample", "audioresample", PLUGINS_BASE },
  { "decodebin", "playback", PLUGINS_BASE },
  { "uridecodebin", "playback", PLUGINS_BASE },
  { "clocksync", "coreelements", "libgstreamer1.0-0" },
  { "videotestsrc", "videotestsrc", PLUGINS_BASE },
  { "audiotestsrc", "audiotestsrc", PLUGINS_BASE },
  { "autovideosink", "autodetect", PLUGINS_GOOD },
  { "autoaudiosink", "autodetect", PLUGINS_GOOD },
  { "queue", "coreelements", "libgstreamer1.0-0" },
  { "capsfilter", "coreelements", "libgstreamer1.0-0" },
  { "fakesink", "coreelements", "libgstreamer1.0-0" },
  { "valve", "coreelements", "libgstreamer1.0-0" },
};

static const ElementOrigin *
find_origin (const char *factory_name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (element_origins); i++) {
    if (g_str_equal (element_origins[i].element, factory_name))
      return &element_origins[i];
  }
  return NULL;
}

const char *
gst_call_plugin_for_element (const char *factory_name)
{
  const ElementOrigin *origin = find_origin (factory_name);

  return origin ? origin->plugin : NULL;
}

const char *
gst_call_package_for_element (const char *factory_name)
{
  const ElementOrigin *origin = find_origin (factory_name);

  return origin ? origin->package : NULL;
}

void
gst_call_set_missing_element_error (GError    **error,
                                    const char *factory_name)
{
  const ElementOrigin *origin = find_origin (factory_name);

  if (origin) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                 _("The GStreamer element “%s” is missing: install the package "
                   "%s (GStreamer plugin “%s”)"),
                 factory_name, origin->package, origin->plugin);
  } else {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                 _("The GStreamer element “%s” is missing: install the "
                   "GStreamer plugin that provides it"), factory_name);
  }
}

gboolean
gst_call_check_elements (const char * const *factory_names,
                         GError            **error)
{
  for (gsize i = 0; factory_names[i]; i++) {
    g_autoptr (GstElementFactory) factory =
        gst_element_factory_find (factory_names[i]);

    if (!factory) {
      GST_WARNING ("element %s is not installed", factory_names[i]);
      gst_call_set_missing_element_error (error, factory_names[i]);
      return FALSE;
    }
  }
  return TRUE;
}

GstElement *
gst_call_make_element (const char  *factory_name,
                       const char  *name,
                       GError     **error)
{
  GstElement *element = gst_element_factory_make (factory_name, name);

  if (!element)
    gst_call_set_missing_element_error (error, factory_name);
  return element;
}
