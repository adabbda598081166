/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

/* The default sources of a call, and GstCall's accessors of its local
 * media: sources, sinks, what is sent, muting, codecs, bitrates and the
 * video format. */

#include "config.h"

#include <gst/pbutils/pbutils.h>

#include "gstcall-impl-private.h"
#include "gstcall-local-media-private.h"
#include "gstcall-media-private.h"

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

/* ------------------------------------------------------------------------ */
/* GstCall: sources, sinks, what is sent and how                             */

static void
replace_element (GstElement **field,
                 GstElement  *element)
{
  if (element)
    gst_object_ref_sink (element);
  gst_clear_object (field);
  *field = element;
}

/* The setter of the element properties: @element replaces *@field while
 * the call is configurable. */
static void
set_element_property (GstCall     *self,
                      GstElement **field,
                      GstElement  *element,
                      guint        prop,
                      const char  *what)
{
  if (*field == element || !gst_call_check_configurable (self, what))
    return;
  replace_element (field, element);
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[prop]);
}

/**
 * gst_call_get_video_source:
 * @self: a [class@Call]
 *
 * Gets the video source, see [property@Call:video-source].
 *
 * Returns: (transfer none) (nullable): the video source, %NULL for the default
 *
 * Since: 0.1
 */
GstElement *
gst_call_get_video_source (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->video_source;
}

/**
 * gst_call_set_video_source:
 * @self: a [class@Call]
 * @source: (nullable) (transfer floating): an element or bin producing raw
 *   video on an always source pad (a live source: camera, `appsrc
 *   is-live=true`, `videotestsrc is-live=true`), or %NULL for the default
 *   (the first camera, else a test pattern)
 *
 * Sets what the call sends as video.
 *
 * Since: 0.1
 */
void
gst_call_set_video_source (GstCall    *self,
                           GstElement *source)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (source == NULL || GST_IS_ELEMENT (source));

  set_element_property (self, &self->video_source, source, PROP_VIDEO_SOURCE, "video source");
}

/**
 * gst_call_get_audio_source:
 * @self: a [class@Call]
 *
 * Gets the audio source, see [property@Call:audio-source].
 *
 * Returns: (transfer none) (nullable): the audio source, %NULL for the default
 *
 * Since: 0.1
 */
GstElement *
gst_call_get_audio_source (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->audio_source;
}

/**
 * gst_call_set_audio_source:
 * @self: a [class@Call]
 * @source: (nullable) (transfer floating): an element or bin producing raw
 *   audio on an always source pad, or %NULL for the default (the first
 *   microphone, else a test tone)
 *
 * Sets what the call sends as audio.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_source (GstCall    *self,
                           GstElement *source)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (source == NULL || GST_IS_ELEMENT (source));

  set_element_property (self, &self->audio_source, source, PROP_AUDIO_SOURCE, "audio source");
}

/**
 * gst_call_get_video_sink:
 * @self: a [class@Call]
 *
 * Gets the sink that plays the peer's video, see [property@Call:video-sink].
 *
 * Returns: (transfer none) (nullable): the video sink, %NULL for `autovideosink`
 *
 * Since: 0.1
 */
GstElement *
gst_call_get_video_sink (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->video_sink;
}

/**
 * gst_call_set_video_sink:
 * @self: a [class@Call]
 * @sink: (nullable) (transfer floating): the element playing the peer's
 *   video (it receives raw video of any format), or %NULL for
 *   `autovideosink`
 *
 * Sets where the peer's video goes, unless a [signal@Call::remote-track]
 * handler took the track.
 *
 * Since: 0.1
 */
void
gst_call_set_video_sink (GstCall    *self,
                         GstElement *sink)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (sink == NULL || GST_IS_ELEMENT (sink));

  set_element_property (self, &self->video_sink, sink, PROP_VIDEO_SINK, "video sink");
}

/**
 * gst_call_get_audio_sink:
 * @self: a [class@Call]
 *
 * Gets the sink that plays the peer's audio, see [property@Call:audio-sink].
 *
 * Returns: (transfer none) (nullable): the audio sink, %NULL for `autoaudiosink`
 *
 * Since: 0.1
 */
GstElement *
gst_call_get_audio_sink (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->audio_sink;
}

/**
 * gst_call_set_audio_sink:
 * @self: a [class@Call]
 * @sink: (nullable) (transfer floating): the element playing the peer's
 *   audio, or %NULL for `autoaudiosink`
 *
 * Sets where the peer's audio goes, unless a [signal@Call::remote-track]
 * handler took the track.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_sink (GstCall    *self,
                         GstElement *sink)
{
  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (sink == NULL || GST_IS_ELEMENT (sink));

  set_element_property (self, &self->audio_sink, sink, PROP_AUDIO_SINK, "audio sink");
}

/**
 * gst_call_set_sources_from_description:
 * @self: a [class@Call]
 * @video: (nullable): a gst-launch description of the video source, e.g.
 *   `v4l2src device=/dev/video2`, or %NULL to keep the current one
 * @audio: (nullable): a gst-launch description of the audio source, or
 *   %NULL to keep the current one
 * @error: return location for a #GError
 *
 * Builds the sources from launch descriptions and sets them as
 * [property@Call:video-source] and [property@Call:audio-source].
 *
 * Returns: %TRUE on success; on failure nothing changed
 *
 * Since: 0.1
 */
gboolean
gst_call_set_sources_from_description (GstCall     *self,
                                       const char  *video,
                                       const char  *audio,
                                       GError     **error)
{
  g_autoptr (GstElement) video_source = NULL;
  g_autoptr (GstElement) audio_source = NULL;

  g_return_val_if_fail (GST_IS_CALL (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state != GST_CALL_STATE_IDLE) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("The sources cannot change once the call started"));
    return FALSE;
  }
  if (video) {
    video_source = gst_call_media_make_source_from_description (GST_CALL_MEDIA_KIND_VIDEO,
                                                                video, error);
    if (!video_source)
      return FALSE;
    gst_object_ref_sink (video_source);
  }
  if (audio) {
    audio_source = gst_call_media_make_source_from_description (GST_CALL_MEDIA_KIND_AUDIO,
                                                                audio, error);
    if (!audio_source)
      return FALSE;
    gst_object_ref_sink (audio_source);
  }
  if (video_source) {
    gst_call_set_video_source (self, video_source);
    g_free (self->source_descriptions[GST_CALL_MEDIA_KIND_VIDEO]);
    self->source_descriptions[GST_CALL_MEDIA_KIND_VIDEO] = g_strdup (video);
    self->described_sources[GST_CALL_MEDIA_KIND_VIDEO] = video_source;
  }
  if (audio_source) {
    gst_call_set_audio_source (self, audio_source);
    g_free (self->source_descriptions[GST_CALL_MEDIA_KIND_AUDIO]);
    self->source_descriptions[GST_CALL_MEDIA_KIND_AUDIO] = g_strdup (audio);
    self->described_sources[GST_CALL_MEDIA_KIND_AUDIO] = audio_source;
  }
  return TRUE;
}

#define DISCOVER_TIMEOUT (10 * GST_SECOND)

/**
 * gst_call_set_sources_from_uri:
 * @self: a [class@Call]
 * @uri: a media file, as a URI (`file:///...`, `https://...`) or a local path
 * @error: return location for a #GError
 *
 * Sends a media file: its first video stream becomes the
 * [property@Call:video-source] and its first audio stream the
 * [property@Call:audio-source], each played at its own pace as a live
 * source would. A kind the file does not have is not sent
 * ([property@Call:send-video] or [property@Call:send-audio] becomes %FALSE).
 * When the file ends, its tracks send nothing more.
 *
 * The file is inspected before this returns (at most 10 seconds).
 *
 * Returns: %TRUE on success; on failure nothing changed
 *
 * Since: 0.1
 */
gboolean
gst_call_set_sources_from_uri (GstCall     *self,
                               const char  *uri,
                               GError     **error)
{
  g_autofree char *full_uri = NULL;
  g_autoptr (GstDiscoverer) discoverer = NULL;
  g_autoptr (GstDiscovererInfo) info = NULL;
  g_autoptr (GError) discover_error = NULL;
  g_autoptr (GstElement) video_source = NULL;
  g_autoptr (GstElement) audio_source = NULL;
  GList *video_streams, *audio_streams;
  gboolean has_video, has_audio;

  g_return_val_if_fail (GST_IS_CALL (self), FALSE);
  g_return_val_if_fail (uri != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (self->state != GST_CALL_STATE_IDLE) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_STATE,
                         _("The sources cannot change once the call started"));
    return FALSE;
  }

  if (gst_uri_is_valid (uri)) {
    full_uri = g_strdup (uri);
  } else {
    full_uri = gst_filename_to_uri (uri, &discover_error);
    if (!full_uri) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("“%s” is neither a URI nor a file name: %s"), uri,
                   discover_error->message);
      return FALSE;
    }
  }

  discoverer = gst_discoverer_new (DISCOVER_TIMEOUT, &discover_error);
  if (discoverer)
    info = gst_discoverer_discover_uri (discoverer, full_uri, &discover_error);
  if (!info || gst_discoverer_info_get_result (info) != GST_DISCOVERER_OK) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("Cannot play “%s”: %s"), full_uri,
                 discover_error ? discover_error->message : _("unknown error"));
    return FALSE;
  }

  video_streams = gst_discoverer_info_get_video_streams (info);
  audio_streams = gst_discoverer_info_get_audio_streams (info);
  has_video = video_streams != NULL;
  has_audio = audio_streams != NULL;
  gst_discoverer_stream_info_list_free (video_streams);
  gst_discoverer_stream_info_list_free (audio_streams);
  if (!has_video && !has_audio) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("“%s” has neither video nor audio"), full_uri);
    return FALSE;
  }

  if (has_video) {
    video_source = gst_call_media_make_source_from_uri (GST_CALL_MEDIA_KIND_VIDEO,
                                                        full_uri, error);
    if (!video_source)
      return FALSE;
    gst_object_ref_sink (video_source);
  }
  if (has_audio) {
    audio_source = gst_call_media_make_source_from_uri (GST_CALL_MEDIA_KIND_AUDIO,
                                                        full_uri, error);
    if (!audio_source)
      return FALSE;
    gst_object_ref_sink (audio_source);
  }

  gst_call_set_video_source (self, video_source);
  gst_call_set_audio_source (self, audio_source);
  gst_call_set_send_video (self, has_video);
  gst_call_set_send_audio (self, has_audio);
  return TRUE;
}

/* The setter of the boolean properties: @value replaces *@field while
 * the call is configurable. */
static void
set_boolean_property (GstCall    *self,
                      gboolean   *field,
                      gboolean    value,
                      guint       prop,
                      const char *what)
{
  value = !!value;
  if (*field == value || !gst_call_check_configurable (self, what))
    return;
  *field = value;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[prop]);
}

/**
 * gst_call_get_send_video:
 * @self: a [class@Call]
 *
 * Gets whether the call sends video, see [property@Call:send-video].
 *
 * Returns: whether the call sends video
 *
 * Since: 0.1
 */
gboolean
gst_call_get_send_video (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);

  return self->send_video;
}

/**
 * gst_call_set_send_video:
 * @self: a [class@Call]
 * @send_video: %FALSE for a call that only receives video (or none)
 *
 * Sets whether the call sends video. Cannot change once the call started;
 * mute with [method@Call.set_video_muted] instead.
 *
 * Since: 0.1
 */
void
gst_call_set_send_video (GstCall  *self,
                         gboolean  send_video)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_boolean_property (self, &self->send_video, send_video, PROP_SEND_VIDEO, "video sending");
}

/**
 * gst_call_get_send_audio:
 * @self: a [class@Call]
 *
 * Gets whether the call sends audio, see [property@Call:send-audio].
 *
 * Returns: whether the call sends audio
 *
 * Since: 0.1
 */
gboolean
gst_call_get_send_audio (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);

  return self->send_audio;
}

/**
 * gst_call_set_send_audio:
 * @self: a [class@Call]
 * @send_audio: %FALSE for a call that only receives audio (or none)
 *
 * Sets whether the call sends audio. Cannot change once the call started;
 * mute with [method@Call.set_audio_muted] instead.
 *
 * Since: 0.1
 */
void
gst_call_set_send_audio (GstCall  *self,
                         gboolean  send_audio)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_boolean_property (self, &self->send_audio, send_audio, PROP_SEND_AUDIO, "audio sending");
}

static void
set_muted (GstCall          *self,
           GstCallMediaKind  kind,
           gboolean          muted)
{
  gboolean *field = kind == GST_CALL_MEDIA_KIND_VIDEO ? &self->video_muted
                                                      : &self->audio_muted;

  muted = !!muted;
  if (*field == muted)
    return;
  *field = muted;
  gst_call_session_set_muted (self->session, kind, muted);
  g_object_notify_by_pspec (G_OBJECT (self),
                            gst_call_props[kind == GST_CALL_MEDIA_KIND_VIDEO ? PROP_VIDEO_MUTED
                                                                    : PROP_AUDIO_MUTED]);
}

/**
 * gst_call_get_video_muted:
 * @self: a [class@Call]
 *
 * Gets whether the video is muted, see [property@Call:video-muted].
 *
 * Returns: whether the video is muted
 *
 * Since: 0.1
 */
gboolean
gst_call_get_video_muted (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);

  return self->video_muted;
}

/**
 * gst_call_set_video_muted:
 * @self: a [class@Call]
 * @muted: %TRUE to stop sending video, %FALSE to send again
 *
 * Mutes or unmutes the video, before or during the call. The peer receives
 * no video frames while muted.
 *
 * Since: 0.1
 */
void
gst_call_set_video_muted (GstCall  *self,
                          gboolean  muted)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_muted (self, GST_CALL_MEDIA_KIND_VIDEO, muted);
}

/**
 * gst_call_get_audio_muted:
 * @self: a [class@Call]
 *
 * Gets whether the audio is muted, see [property@Call:audio-muted].
 *
 * Returns: whether the audio is muted
 *
 * Since: 0.1
 */
gboolean
gst_call_get_audio_muted (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), FALSE);

  return self->audio_muted;
}

/**
 * gst_call_set_audio_muted:
 * @self: a [class@Call]
 * @muted: %TRUE to stop sending audio, %FALSE to send again
 *
 * Mutes or unmutes the audio, before or during the call.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_muted (GstCall  *self,
                          gboolean  muted)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_muted (self, GST_CALL_MEDIA_KIND_AUDIO, muted);
}

/**
 * gst_call_set_broadcast:
 * @self: a [class@Call]
 * @broadcast: a [class@CallBroadcast]
 *
 * Sends @broadcast as the call's media of its kind: the broadcast's encoder
 * is shared by every call sending it, so N calls cost one encoder instead
 * of N. The call's own source of that kind is not used. Set it before the
 * call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_broadcast (GstCall          *self,
                        GstCallBroadcast *broadcast)
{
  GstCallMediaKind kind;

  g_return_if_fail (GST_IS_CALL (self));
  g_return_if_fail (GST_IS_CALL_BROADCAST (broadcast));

  kind = gst_call_broadcast_get_kind (broadcast);
  if (self->broadcasts[kind] == broadcast || !gst_call_check_configurable (self, "broadcast"))
    return;
  g_set_object (&self->broadcasts[kind], broadcast);
  g_object_notify_by_pspec (G_OBJECT (self),
                            gst_call_props[kind == GST_CALL_MEDIA_KIND_VIDEO ? PROP_VIDEO_BROADCAST
                                                                    : PROP_AUDIO_BROADCAST]);
}

/**
 * gst_call_get_broadcast:
 * @self: a [class@Call]
 * @kind: audio or video
 *
 * Gets the broadcast the call sends as its media of @kind, see
 * [method@Call.set_broadcast].
 *
 * Returns: (transfer none) (nullable): the broadcast, or %NULL when the call
 *   encodes its own source
 *
 * Since: 0.1
 */
GstCallBroadcast *
gst_call_get_broadcast (GstCall          *self,
                        GstCallMediaKind  kind)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);
  g_return_val_if_fail (kind == GST_CALL_MEDIA_KIND_AUDIO || kind == GST_CALL_MEDIA_KIND_VIDEO,
                        NULL);

  return self->broadcasts[kind];
}

static void
set_codec (GstCall          *self,
           GstCallMediaKind  kind,
           GstCallCodec      codec,
           guint             prop_id)
{
  if (self->codecs[kind] == codec || !gst_call_check_configurable (self, "codec"))
    return;
  /* A codec of the kind that cannot be sent (H.265, AV1) is taken: dialling
   * or answering then fails with an error saying why. */
  if (gst_call_media_codec_kind (codec) != kind) {
    g_autofree char *name = g_enum_to_string (GST_TYPE_CALL_CODEC, codec);

    g_critical ("GstCall: %s cannot be the %s codec", name,
                gst_call_media_kind_to_string (kind));
    return;
  }
  self->codecs[kind] = codec;
  g_object_notify_by_pspec (G_OBJECT (self), gst_call_props[prop_id]);
}

/* Any time: the call's tracks of @kind follow at once. */
static void
set_bitrate (GstCall          *self,
             GstCallMediaKind  kind,
             guint             kbit_per_second)
{
  if (self->bitrates[kind] == kbit_per_second)
    return;
  self->bitrates[kind] = kbit_per_second;
  gst_call_session_set_bitrate (self->session, kind, kbit_per_second);
  g_object_notify_by_pspec (G_OBJECT (self),
                            gst_call_props[kind == GST_CALL_MEDIA_KIND_VIDEO ? PROP_VIDEO_BITRATE
                                                                    : PROP_AUDIO_BITRATE]);
}

/**
 * gst_call_get_video_width:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-width].
 *
 * Returns: the width of the sent video, in pixels
 *
 * Since: 0.1
 */
guint
gst_call_get_video_width (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->video_width;
}

/**
 * gst_call_set_video_width:
 * @self: a [class@Call]
 * @width: the width of the sent video, in pixels
 *
 * Sets [property@Call:video-width].
 *
 * Since: 0.1
 */
void
gst_call_set_video_width (GstCall *self,
                          guint    width)
{
  g_return_if_fail (GST_IS_CALL (self));

  gst_call_set_uint_property (self, &self->video_width, width, PROP_VIDEO_WIDTH, "video width");
}

/**
 * gst_call_get_video_height:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-height].
 *
 * Returns: the height of the sent video, in pixels
 *
 * Since: 0.1
 */
guint
gst_call_get_video_height (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->video_height;
}

/**
 * gst_call_set_video_height:
 * @self: a [class@Call]
 * @height: the height of the sent video, in pixels
 *
 * Sets [property@Call:video-height].
 *
 * Since: 0.1
 */
void
gst_call_set_video_height (GstCall *self,
                           guint    height)
{
  g_return_if_fail (GST_IS_CALL (self));

  gst_call_set_uint_property (self, &self->video_height, height, PROP_VIDEO_HEIGHT, "video height");
}

/**
 * gst_call_get_video_framerate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-framerate].
 *
 * Returns: the frame rate of the sent video, in frames a second
 *
 * Since: 0.1
 */
guint
gst_call_get_video_framerate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->video_framerate;
}

/**
 * gst_call_set_video_framerate:
 * @self: a [class@Call]
 * @framerate: the frame rate of the sent video, in frames a second
 *
 * Sets [property@Call:video-framerate].
 *
 * Since: 0.1
 */
void
gst_call_set_video_framerate (GstCall *self,
                              guint    framerate)
{
  g_return_if_fail (GST_IS_CALL (self));

  gst_call_set_uint_property (self, &self->video_framerate, framerate, PROP_VIDEO_FRAMERATE,
                              "video frame rate");
}

/**
 * gst_call_get_video_bitrate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-bitrate].
 *
 * Returns: the target bitrate of the video encoder, in kbit/s; 0 for its
 *   default
 *
 * Since: 0.1
 */
guint
gst_call_get_video_bitrate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->bitrates[GST_CALL_MEDIA_KIND_VIDEO];
}

/**
 * gst_call_set_video_bitrate:
 * @self: a [class@Call]
 * @kbit_per_second: the target bitrate of the video encoder, 0 for its
 *   default
 *
 * Sets [property@Call:video-bitrate]. Can change during the call.
 *
 * Since: 0.1
 */
void
gst_call_set_video_bitrate (GstCall *self,
                            guint    kbit_per_second)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_bitrate (self, GST_CALL_MEDIA_KIND_VIDEO, kbit_per_second);
}

/**
 * gst_call_get_video_codec:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-codec].
 *
 * Returns: the codec the call sends video with
 *
 * Since: 0.1
 */
GstCallCodec
gst_call_get_video_codec (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_CODEC_VP8);

  return self->codecs[GST_CALL_MEDIA_KIND_VIDEO];
}

/**
 * gst_call_set_video_codec:
 * @self: a [class@Call]
 * @codec: a video codec the call can send
 *
 * Sets [property@Call:video-codec], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_video_codec (GstCall      *self,
                          GstCallCodec  codec)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_codec (self, GST_CALL_MEDIA_KIND_VIDEO, codec, PROP_VIDEO_CODEC);
}

/**
 * gst_call_get_video_broadcast:
 * @self: a [class@Call]
 *
 * Gets [property@Call:video-broadcast], the same as
 * [method@Call.get_broadcast] for %GST_CALL_MEDIA_KIND_VIDEO.
 *
 * Returns: (transfer none) (nullable): the broadcast the call sends as its
 *   video, or %NULL
 *
 * Since: 0.1
 */
GstCallBroadcast *
gst_call_get_video_broadcast (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->broadcasts[GST_CALL_MEDIA_KIND_VIDEO];
}

/**
 * gst_call_get_audio_bitrate:
 * @self: a [class@Call]
 *
 * Gets [property@Call:audio-bitrate].
 *
 * Returns: the target bitrate of the audio encoder, in kbit/s; 0 for its
 *   default
 *
 * Since: 0.1
 */
guint
gst_call_get_audio_bitrate (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), 0);

  return self->bitrates[GST_CALL_MEDIA_KIND_AUDIO];
}

/**
 * gst_call_set_audio_bitrate:
 * @self: a [class@Call]
 * @kbit_per_second: the target bitrate of the audio encoder, 0 for its
 *   default
 *
 * Sets [property@Call:audio-bitrate]. Can change during the call.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_bitrate (GstCall *self,
                            guint    kbit_per_second)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_bitrate (self, GST_CALL_MEDIA_KIND_AUDIO, kbit_per_second);
}

/**
 * gst_call_get_audio_codec:
 * @self: a [class@Call]
 *
 * Gets [property@Call:audio-codec].
 *
 * Returns: the codec the call sends audio with
 *
 * Since: 0.1
 */
GstCallCodec
gst_call_get_audio_codec (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), GST_CALL_CODEC_OPUS);

  return self->codecs[GST_CALL_MEDIA_KIND_AUDIO];
}

/**
 * gst_call_set_audio_codec:
 * @self: a [class@Call]
 * @codec: a audio codec the call can send
 *
 * Sets [property@Call:audio-codec], before the call starts.
 *
 * Since: 0.1
 */
void
gst_call_set_audio_codec (GstCall      *self,
                          GstCallCodec  codec)
{
  g_return_if_fail (GST_IS_CALL (self));

  set_codec (self, GST_CALL_MEDIA_KIND_AUDIO, codec, PROP_AUDIO_CODEC);
}

/**
 * gst_call_get_audio_broadcast:
 * @self: a [class@Call]
 *
 * Gets [property@Call:audio-broadcast], the same as
 * [method@Call.get_broadcast] for %GST_CALL_MEDIA_KIND_AUDIO.
 *
 * Returns: (transfer none) (nullable): the broadcast the call sends as its
 *   audio, or %NULL
 *
 * Since: 0.1
 */
GstCallBroadcast *
gst_call_get_audio_broadcast (GstCall *self)
{
  g_return_val_if_fail (GST_IS_CALL (self), NULL);

  return self->broadcasts[GST_CALL_MEDIA_KIND_AUDIO];
}
