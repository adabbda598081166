/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-local-media-private.h"
#include "gstcall-media-private.h"
#include "gstcall-private.h"

static GstElement *
make_device_source (const char *device_class)
{
  g_autoptr (GstDeviceMonitor) monitor = gst_device_monitor_new ();
  GList *devices;
  GstElement *element = NULL;

  gst_device_monitor_add_filter (monitor, device_class, NULL);
  if (!gst_device_monitor_start (monitor))
    return NULL;
  devices = gst_device_monitor_get_devices (monitor);
  gst_device_monitor_stop (monitor);

  if (devices) {
    GstDevice *device = devices->data;
    g_autofree char *name = gst_device_get_display_name (device);

    element = gst_device_create_element (device, NULL);
    GST_INFO ("using %s “%s”", device_class, name);
  }
  g_list_free_full (devices, gst_object_unref);
  return element;
}

char *
gst_call_video_format_description (guint width,
                                   guint height,
                                   guint framerate)
{
  return g_strdup_printf ("videoconvert ! videoscale ! videorate ! "
                          "capsfilter caps=video/x-raw,width=%u,height=%u,"
                          "framerate=%u/1", width, height, framerate);
}

GstElement *
gst_call_make_default_source (GstCallMediaKind   kind,
                              guint              width,
                              guint              height,
                              guint              framerate,
                              GError           **error)
{
  g_autofree char *description = NULL;
  GstElement *device;

  device = make_device_source (kind == GST_CALL_MEDIA_KIND_VIDEO ? "Video/Source"
                                                                  : "Audio/Source");
  if (device) {
    GstElement *bin = gst_bin_new (NULL);
    g_autoptr (GstElement) convert = NULL;
    g_autoptr (GstPad) device_pad = NULL;
    g_autoptr (GstPad) convert_sink = NULL;
    g_autoptr (GstPad) convert_src = NULL;

    if (kind == GST_CALL_MEDIA_KIND_VIDEO) {
      description = gst_call_video_format_description (width, height, framerate);
    } else {
      description = g_strdup ("audioconvert ! audioresample");
    }
    convert = gst_object_ref_sink (
        gst_parse_bin_from_description (description, TRUE, error));
    if (!convert) {
      gst_object_unref (gst_object_ref_sink (bin));
      gst_object_unref (gst_object_ref_sink (device));
      return NULL;
    }
    gst_bin_add_many (GST_BIN (bin), device, gst_object_ref (convert), NULL);
    device_pad = gst_element_get_static_pad (device, "src");
    convert_sink = gst_element_get_static_pad (convert, "sink");
    convert_src = gst_element_get_static_pad (convert, "src");
    if (!device_pad || gst_pad_link (device_pad, convert_sink) != GST_PAD_LINK_OK) {
      GST_WARNING ("could not use the %s device, falling back to a test source",
                   gst_call_media_kind_to_string (kind));
      gst_object_unref (gst_object_ref_sink (bin));
    } else {
      gst_element_add_pad (bin, gst_ghost_pad_new ("src", convert_src));
      return bin;
    }
  }

  g_free (description);
  if (kind == GST_CALL_MEDIA_KIND_VIDEO) {
    description = g_strdup_printf ("videotestsrc is-live=true pattern=ball ! "
                                   "capsfilter caps=video/x-raw,width=%u,height=%u,"
                                   "framerate=%u/1", width, height, framerate);
  } else {
    /* A quiet tone, not "ticks": GStreamer 1.22's ticks leave the first
     * sample of every second unwritten, and that memory would be encoded
     * and sent. */
    description = g_strdup ("audiotestsrc is-live=true wave=sine volume=0.1 ! "
                            "capsfilter caps=audio/x-raw,rate=48000,channels=2");
  }
  return gst_call_media_make_source_from_description (kind, description, error);
}
