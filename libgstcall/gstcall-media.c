/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-media-private.h"
#include "gstcall-error.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"

/* Payload MTU that fits any path seen in practice (DESIGN.md, interop). */
#define RTP_PAYLOAD_MTU 1200

static const char * const required_elements[] = {
  "vp8enc", "vp8dec", "rtpvp8pay", "rtpvp8depay",
  "opusenc", "opusdec", "rtpopuspay", "rtpopusdepay",
  "videoconvert", "audioconvert", "audioresample", "decodebin",
  NULL
};

const char * const *
gst_call_media_required_elements (void)
{
  return required_elements;
}

const char *
gst_call_media_kind_to_string (GstCallMediaKind kind)
{
  return kind == GST_CALL_MEDIA_KIND_VIDEO ? "video" : "audio";
}

GstCaps *
gst_call_media_make_rtp_caps (GstCallMediaKind kind,
                              guint            payload_type)
{
  if (kind == GST_CALL_MEDIA_KIND_VIDEO) {
    return gst_caps_new_simple ("application/x-rtp",
                                "media", G_TYPE_STRING, "video",
                                "encoding-name", G_TYPE_STRING, "VP8",
                                "clock-rate", G_TYPE_INT, 90000,
                                "payload", G_TYPE_INT, (int) payload_type,
                                NULL);
  }
  return gst_caps_new_simple ("application/x-rtp",
                              "media", G_TYPE_STRING, "audio",
                              "encoding-name", G_TYPE_STRING, "OPUS",
                              "clock-rate", G_TYPE_INT, 48000,
                              "encoding-params", G_TYPE_STRING, "2",
                              "payload", G_TYPE_INT, (int) payload_type,
                              NULL);
}

static GstElement *
make_bin_from_chain (const char  *name,
                     const char * const *factories,
                     GstElement **last,
                     GError     **error)
{
  g_autoptr (GstElement) bin = gst_bin_new (name);
  GstElement *previous = NULL;

  for (gsize i = 0; factories[i]; i++) {
    GstElement *element = gst_call_make_element (factories[i], NULL, error);

    if (!element)
      return NULL;
    gst_bin_add (GST_BIN (bin), element);
    if (previous && !gst_element_link (previous, element)) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                   _("Could not link %s to %s"), GST_OBJECT_NAME (previous),
                   GST_OBJECT_NAME (element));
      return NULL;
    }
    if (i == 0) {
      g_autoptr (GstPad) pad = gst_element_get_static_pad (element, "sink");
      gst_element_add_pad (bin, gst_ghost_pad_new ("sink", pad));
    }
    previous = element;
  }

  *last = previous;
  return g_steal_pointer (&bin);
}

static void
add_src_ghost_pad (GstElement *bin,
                   GstElement *last)
{
  g_autoptr (GstPad) pad = gst_element_get_static_pad (last, "src");

  gst_element_add_pad (bin, gst_ghost_pad_new ("src", pad));
}

/* Real-time settings for the elements of a send bin. */
static void
configure_send_element (GstElement *element)
{
  const char *factory_name =
      gst_plugin_feature_get_name (gst_element_get_factory (element));

  if (g_str_equal (factory_name, "queue")) {
    /* Decouples the source's thread from the encoder's; a few buffers of
     * latency at most, never seconds. */
    g_object_set (element, "max-size-buffers", 3, "max-size-bytes", 0,
                  "max-size-time", (guint64) 0, NULL);
  } else if (g_str_equal (factory_name, "vp8enc")) {
    /* Real-time VP8: no look-ahead, fastest deadline, CBR. */
    gst_util_set_object_arg (G_OBJECT (element), "end-usage", "cbr");
    g_object_set (element, "deadline", (gint64) 1, "cpu-used", 8,
                  "lag-in-frames", 0, "target-bitrate", 1000000,
                  "keyframe-max-dist", 120, "threads", 2, NULL);
  } else if (g_str_equal (factory_name, "opusenc")) {
    gst_util_set_object_arg (G_OBJECT (element), "audio-type", "voice");
    gst_util_set_object_arg (G_OBJECT (element), "frame-size", "20");
  } else if (g_str_equal (factory_name, "rtpvp8pay")) {
    gst_util_set_object_arg (G_OBJECT (element), "picture-id-mode", "15-bit");
    g_object_set (element, "mtu", RTP_PAYLOAD_MTU, NULL);
  } else if (g_str_equal (factory_name, "rtpopuspay")) {
    g_object_set (element, "mtu", RTP_PAYLOAD_MTU, NULL);
  }
}

GstElement *
gst_call_media_make_send_bin (GstCallMediaKind kind,
                              guint            payload_type,
                              GError         **error)
{
  static const char * const video_chain[] = {
    "queue", "videoconvert", "vp8enc", "rtpvp8pay", "capsfilter", NULL
  };
  static const char * const audio_chain[] = {
    "queue", "audioconvert", "audioresample", "opusenc", "rtpopuspay",
    "capsfilter", NULL
  };
  g_autoptr (GstElement) bin = NULL;
  g_autoptr (GstCaps) caps = NULL;
  GstElement *capsfilter = NULL;

  bin = make_bin_from_chain (NULL,
                             kind == GST_CALL_MEDIA_KIND_VIDEO ? video_chain
                                                                : audio_chain,
                             &capsfilter, error);
  if (!bin)
    return NULL;

  {
    GstIterator *it = gst_bin_iterate_elements (GST_BIN (bin));
    GValue item = G_VALUE_INIT;

    while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
      configure_send_element (g_value_get_object (&item));
      g_value_reset (&item);
    }
    g_value_unset (&item);
    gst_iterator_free (it);
  }

  caps = gst_call_media_make_rtp_caps (kind, payload_type);
  g_object_set (capsfilter, "caps", caps, NULL);
  add_src_ghost_pad (bin, capsfilter);

  return g_steal_pointer (&bin);
}

GstElement *
gst_call_media_make_convert_bin (GstCallMediaKind kind,
                                 GError         **error)
{
  static const char * const video_chain[] = { "videoconvert", NULL };
  static const char * const audio_chain[] = {
    "audioconvert", "audioresample", NULL
  };
  GstElement *last = NULL;
  GstElement *bin;

  bin = make_bin_from_chain (NULL,
                             kind == GST_CALL_MEDIA_KIND_VIDEO ? video_chain
                                                                : audio_chain,
                             &last, error);
  if (bin)
    add_src_ghost_pad (bin, last);
  return bin;
}

GstElement *
gst_call_media_make_source_from_description (GstCallMediaKind  kind,
                                             const char       *description,
                                             GError          **error)
{
  g_autoptr (GError) parse_error = NULL;
  g_autoptr (GstParseContext) context = gst_parse_context_new ();
  g_autoptr (GstPad) src_pad = NULL;
  GstElement *bin;

  bin = gst_parse_bin_from_description_full (description, TRUE, context,
                                             GST_PARSE_FLAG_NONE, &parse_error);
  if (!bin) {
    g_auto (GStrv) missing = gst_parse_context_get_missing_elements (context);

    if (missing && missing[0]) {
      gst_call_set_missing_element_error (error, missing[0]);
    } else {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("Could not build the %s source “%s”: %s"),
                   gst_call_media_kind_to_string (kind), description,
                   parse_error ? parse_error->message : _("unknown error"));
    }
    return NULL;
  }

  src_pad = gst_element_get_static_pad (bin, "src");
  if (!src_pad) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("The %s source “%s” has no unlinked output pad"),
                 gst_call_media_kind_to_string (kind), description);
    gst_object_unref (gst_object_ref_sink (bin));
    return NULL;
  }

  return bin;
}

typedef struct {
  GstCallMediaKind kind;
  GstElement *bin;      /* borrowed: owns the decoder */
  GstPad *convert_sink; /* owned */
} UriSource;

static void
uri_source_free (gpointer  data,
                 GClosure *closure)
{
  UriSource *source = data;

  gst_object_unref (source->convert_sink);
  g_free (source);
}

/* Streaming thread: the decoder exposed a stream. The first of our kind is
 * sent; any other stream is decoded into nothing so it never blocks. */
static void
on_uri_pad_added (GstElement *decoder,
                  GstPad     *pad,
                  UriSource  *source)
{
  g_autoptr (GstCaps) caps = gst_pad_get_current_caps (pad);
  const char *wanted = source->kind == GST_CALL_MEDIA_KIND_VIDEO ? "video/" : "audio/";
  const char *name;

  if (!caps)
    caps = gst_pad_query_caps (pad, NULL);
  name = caps && gst_caps_get_size (caps) > 0
      ? gst_structure_get_name (gst_caps_get_structure (caps, 0)) : "";

  if (g_str_has_prefix (name, wanted) && !gst_pad_is_linked (source->convert_sink)) {
    if (gst_pad_link (pad, source->convert_sink) != GST_PAD_LINK_OK)
      GST_WARNING ("could not link the decoded %s stream", name);
    return;
  }

  {
    GstElement *discard = gst_element_factory_make ("fakesink", NULL);
    g_autoptr (GstPad) discard_sink = gst_element_get_static_pad (discard, "sink");

    g_object_set (discard, "sync", FALSE, "async", FALSE, NULL);
    gst_bin_add (GST_BIN (source->bin), discard);
    gst_element_sync_state_with_parent (discard);
    gst_pad_link (pad, discard_sink);
  }
}

GstElement *
gst_call_media_make_source_from_uri (GstCallMediaKind  kind,
                                     const char       *uri,
                                     GError          **error)
{
  static const char * const video_chain[] = { "videoconvert", "clocksync", NULL };
  static const char * const audio_chain[] = {
    "audioconvert", "audioresample", "clocksync", NULL
  };
  g_autoptr (GstElement) bin = NULL;
  GstElement *decoder;
  GstElement *clocksync = NULL;
  UriSource *source;

  /* convert ... ! clocksync: a file plays at its own pace, as a live
   * source would, from the moment it is added to the call. */
  bin = make_bin_from_chain (NULL,
                             kind == GST_CALL_MEDIA_KIND_VIDEO ? video_chain : audio_chain,
                             &clocksync, error);
  if (!bin)
    return NULL;
  g_object_set (clocksync, "sync-to-first", TRUE, NULL);
  add_src_ghost_pad (bin, clocksync);
  /* The decoder prerolls asynchronously; the call's pipeline is already
   * playing and must not wait for it. */
  g_object_set (bin, "async-handling", TRUE, NULL);

  decoder = gst_call_make_element ("uridecodebin", NULL, error);
  if (!decoder)
    return NULL;
  g_object_set (decoder, "uri", uri, NULL);
  gst_bin_add (GST_BIN (bin), decoder);

  source = g_new0 (UriSource, 1);
  source->kind = kind;
  source->bin = bin;
  {
    /* The chain's sink was ghosted by make_bin_from_chain(): use the
     * element's own pad and drop the ghost. */
    GstPad *ghost = gst_element_get_static_pad (bin, "sink");

    source->convert_sink = gst_ghost_pad_get_target (GST_GHOST_PAD (ghost));
    gst_element_remove_pad (bin, ghost);
    gst_object_unref (ghost);
  }
  g_signal_connect_data (decoder, "pad-added", G_CALLBACK (on_uri_pad_added), source,
                         uri_source_free, 0);

  return g_steal_pointer (&bin);
}
