/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gst/rtp/rtp.h>

#include "gstcall-media-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-encoder-slot-private.h"
#include "gstcallcodecs-private.h"
#include "gstcall-error.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"

/* Payload MTU that fits any path seen in practice: the size WebRTC
 * browsers packetize at, with room for SRTP, TURN and VPN headers. */
#define RTP_PAYLOAD_MTU 1200

/* Starting bitrate of video encoders. */
#define VIDEO_KBIT_PER_SECOND 1000

/* The elements a call with the default codecs needs (the default codec of
 * each kind: encoder, payloader, depayloader, decoder), then the rest. */
const char * const *
gst_call_media_required_elements (void)
{
  static const char * const *required;

  if (g_once_init_enter (&required)) {
    GPtrArray *names = g_ptr_array_new ();
    const GstCallMediaKind kinds[] = { GST_CALL_MEDIA_KIND_VIDEO, GST_CALL_MEDIA_KIND_AUDIO };

    for (gsize i = 0; i < G_N_ELEMENTS (kinds); i++) {
      const GstCallCodecInfo *info =
          gst_call_codec_table_lookup (gst_call_media_default_codec (kinds[i]));

      g_ptr_array_add (names, (gpointer) info->encoder);
      g_ptr_array_add (names, (gpointer) info->decoder);
      g_ptr_array_add (names, (gpointer) info->payloader);
      g_ptr_array_add (names, (gpointer) info->depayloader);
    }
    g_ptr_array_add (names, "videoconvert");
    g_ptr_array_add (names, "audioconvert");
    g_ptr_array_add (names, "audioresample");
    g_ptr_array_add (names, "decodebin");
    g_ptr_array_add (names, NULL);
    g_once_init_leave (&required, (const char * const *) g_ptr_array_free (names, FALSE));
  }
  return required;
}

const char *
gst_call_media_kind_to_string (GstCallMediaKind kind)
{
  return kind == GST_CALL_MEDIA_KIND_VIDEO ? "video" : "audio";
}

/* The codec's entry when libgstcall can send it. */
static const GstCallCodecInfo *
find_send_codec (GstCallCodec codec)
{
  const GstCallCodecInfo *info = gst_call_codec_table_lookup (codec);

  return info && info->can_send ? info : NULL;
}

gboolean
gst_call_media_codec_can_send (GstCallCodec codec)
{
  return find_send_codec (codec) != NULL;
}

/* "VP8, VP9 or H.264": the codecs of @kind a call can send. */
static char *
describe_send_codecs (GstCallMediaKind kind)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  GString *text = g_string_new (NULL);

  for (GstCallCodec codec = 0; gst_call_codec_table_lookup (codec); codec++) {
    const GstCallCodecInfo *info = gst_call_codec_table_lookup (codec);

    if (info->kind == kind && info->can_send)
      g_ptr_array_add (names, (gpointer) info->display_name);
  }
  for (guint i = 0; i < names->len; i++) {
    if (i > 0)
      g_string_append (text, i + 1 == names->len ? _(" or ") : ", ");
    g_string_append (text, g_ptr_array_index (names, i));
  }
  return g_string_free (text, FALSE);
}

gboolean
gst_call_media_check_send_codec (GstCallCodec   codec,
                                 GError       **error)
{
  const GstCallCodecInfo *info = gst_call_codec_table_lookup (codec);
  g_autofree char *choices = NULL;
  g_autofree char *payloader = NULL;
  const char *kind;

  g_return_val_if_fail (info != NULL, FALSE);

  if (info->can_send)
    return TRUE;
  kind = gst_call_media_kind_to_string (info->kind);
  choices = describe_send_codecs (info->kind);
  if (!info->payloader) {
    /* GStreamer 1.22 has a depayloader but no payloader: the payloader
     * (rtpav1pay) is in the Rust plugins, which 1.22 distributions do not
     * ship. */
    payloader = g_ascii_strdown (info->encoding_name, -1);
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                 _("%s %s cannot be sent: it needs the RTP payloader “rtp%spay” from "
                   "the GStreamer Rust plugins (gst-plugins-rs), which GStreamer 1.22 "
                   "does not have; send %s instead (the %s-codec property)"),
                 info->display_name, kind, payloader, choices, kind);
    return FALSE;
  }
  g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
               _("libgstcall does not send %s %s yet: send %s instead (the %s-codec "
                 "property)"), info->display_name, kind, choices, kind);
  return FALSE;
}

GstCallMediaKind
gst_call_media_codec_kind (GstCallCodec codec)
{
  const GstCallCodecInfo *info = gst_call_codec_table_lookup (codec);

  return info ? info->kind : GST_CALL_MEDIA_KIND_VIDEO;
}

GstCallCodec
gst_call_media_default_codec (GstCallMediaKind kind)
{
  return kind == GST_CALL_MEDIA_KIND_VIDEO ? GST_CALL_CODEC_VP8 : GST_CALL_CODEC_OPUS;
}

int
gst_call_media_codec_static_payload_type (GstCallCodec codec)
{
  const GstCallCodecInfo *info = find_send_codec (codec);

  return info ? info->static_payload_type : -1;
}

GstCaps *
gst_call_media_make_rtp_caps (GstCallCodec codec,
                              guint        payload_type)
{
  return gst_call_media_make_rtp_caps_full (codec, payload_type, NULL);
}

static gboolean
copy_fmtp_field (GQuark        field,
                 const GValue *value,
                 gpointer      caps_structure)
{
  gst_structure_id_set_value (caps_structure, field, value);
  return TRUE;
}

GstCaps *
gst_call_media_make_rtp_caps_full (GstCallCodec  codec,
                                   guint         payload_type,
                                   const char   *profile_level_id)
{
  const GstCallCodecInfo *info = find_send_codec (codec);
  g_autoptr (GstStructure) fmtp = NULL;
  GstCaps *caps;

  g_return_val_if_fail (info != NULL, NULL);

  caps = gst_caps_new_simple ("application/x-rtp",
                              "media", G_TYPE_STRING, gst_call_media_kind_to_string (info->kind),
                              "encoding-name", G_TYPE_STRING, info->encoding_name,
                              "clock-rate", G_TYPE_INT, (int) info->clock_rate,
                              "payload", G_TYPE_INT, (int) payload_type,
                              NULL);
  if (info->channels) {
    g_autofree char *channels = g_strdup_printf ("%u", info->channels);

    gst_caps_set_simple (caps, "encoding-params", G_TYPE_STRING, channels, NULL);
  }
  /* The fmtp parameters of the codec table, as browsers and aiortc write
   * them (the H.264 encoders write constrained baseline as 42c0xx, the
   * same profile as the table's 42e0xx: the send bin rewrites it).
   * webrtcbin's pad only takes the stream if the two agree. An answer uses
   * the offer's value. */
  fmtp = gst_call_codec_info_make_fmtp (info, profile_level_id);
  if (fmtp)
    gst_structure_foreach (fmtp, copy_fmtp_field, gst_caps_get_structure (caps, 0));
  return caps;
}

static gboolean
append_element (GstElement  *bin,
                GstElement **last,
                GstElement  *element,
                GError     **error)
{
  gst_bin_add (GST_BIN (bin), element);
  if (*last && !gst_element_link (*last, element)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("Could not link %s to %s"), GST_OBJECT_NAME (*last),
                 GST_OBJECT_NAME (element));
    return FALSE;
  }
  if (!*last) {
    g_autoptr (GstPad) pad = gst_element_get_static_pad (element, "sink");

    gst_element_add_pad (bin, gst_ghost_pad_new ("sink", pad));
  }
  *last = element;
  return TRUE;
}

static gboolean
append_chain (GstElement          *bin,
              GstElement         **last,
              const char * const  *factories,
              GError             **error)
{
  for (gsize i = 0; factories[i]; i++) {
    GstElement *element = gst_call_make_element (factories[i], NULL, error);

    if (!element || !append_element (bin, last, element, error))
      return FALSE;
  }
  return TRUE;
}

static GstElement *
make_bin_from_chain (const char  *name,
                     const char * const *factories,
                     GstElement **last,
                     GError     **error)
{
  g_autoptr (GstElement) bin = gst_bin_new (name);

  *last = NULL;
  if (!append_chain (bin, last, factories, error))
    return NULL;
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
  GstElementFactory *factory = gst_element_get_factory (element);
  const char *factory_name;

  /* The encoder slot has no factory; its encoder is tuned by
   * GstCallCodecs. */
  if (!factory)
    return;
  factory_name = gst_plugin_feature_get_name (factory);

  if (g_str_equal (factory_name, "queue")) {
    /* Decouples the source's thread from the encoder's; a few buffers of
     * latency at most, never seconds. When the encoder stalls (it is being
     * replaced, or the CPU cannot keep up) the oldest frames are dropped:
     * a live source must never build a backlog the encoder then works
     * through seconds late. */
    g_object_set (element, "max-size-buffers", 3, "max-size-bytes", 0,
                  "max-size-time", (guint64) 0, NULL);
    gst_util_set_object_arg (G_OBJECT (element), "leaky", "downstream");
  } else if (g_str_equal (factory_name, "rtpvp8pay")) {
    gst_util_set_object_arg (G_OBJECT (element), "picture-id-mode", "15-bit");
    g_object_set (element, "mtu", RTP_PAYLOAD_MTU, NULL);
  } else if (g_str_equal (factory_name, "rtpvp9pay")) {
    gst_util_set_object_arg (G_OBJECT (element), "picture-id-mode", "15-bit");
    g_object_set (element, "mtu", RTP_PAYLOAD_MTU, NULL);
  } else if (g_str_equal (factory_name, "rtph264pay") ||
             g_str_equal (factory_name, "rtph265pay")) {
    /* Parameter sets with every keyframe (a receiver joining late, a lost
     * packet), and no waiting to aggregate NAL units. */
    g_object_set (element, "config-interval", -1, "mtu", RTP_PAYLOAD_MTU, NULL);
    gst_util_set_object_arg (G_OBJECT (element), "aggregate-mode", "zero-latency");
  } else if (g_str_has_prefix (factory_name, "rtp") &&
             g_str_has_suffix (factory_name, "pay")) {
    g_object_set (element, "mtu", RTP_PAYLOAD_MTU, NULL);
  }
}

static gboolean
append_capsfilter (GstElement  *bin,
                   GstElement **last,
                   const char  *caps_string,
                   GError     **error)
{
  GstElement *capsfilter;
  g_autoptr (GstCaps) caps = NULL;

  if (!caps_string)
    return TRUE;
  capsfilter = gst_call_make_element ("capsfilter", NULL, error);
  if (!capsfilter)
    return FALSE;
  caps = gst_caps_from_string (caps_string);
  g_object_set (capsfilter, "caps", caps, NULL);
  return append_element (bin, last, capsfilter, error);
}

/* Streaming thread: raw video on its way to an H.264 encoder. The level
 * the encoder is asked for (the caps after it) follows the video's size and
 * frame rate (ITU-T H.264 Annex A): 1080p30 needs level 4, more than the
 * 3.1 offered by default. */
typedef struct {
  GstElement *encoded_filter; /* owned */
  guint negotiated_level;     /* of the profile-level-id in the SDP */
} H264SendLevel;

static void
h264_send_level_free (gpointer data)
{
  H264SendLevel *h264_level = data;

  gst_object_unref (h264_level->encoded_filter);
  g_free (h264_level);
}

static GstPadProbeReturn
follow_h264_level (GstPad          *pad,
                   GstPadProbeInfo *info,
                   gpointer         user_data)
{
  H264SendLevel *h264_level = user_data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  const GstCallCodecInfo *h264 = gst_call_codec_table_lookup (GST_CALL_CODEC_H264);
  g_autoptr (GstCaps) encoded = NULL;
  const GstStructure *structure;
  GstCaps *raw;
  int width = 0, height = 0, fps_n = 0, fps_d = 1;
  const char *level;
  guint level_idc;

  if (GST_EVENT_TYPE (event) != GST_EVENT_CAPS)
    return GST_PAD_PROBE_OK;
  gst_event_parse_caps (event, &raw);
  structure = gst_caps_get_structure (raw, 0);
  if (!gst_structure_get_int (structure, "width", &width) ||
      !gst_structure_get_int (structure, "height", &height) || width <= 0 || height <= 0)
    return GST_PAD_PROBE_OK;
  gst_structure_get_fraction (structure, "framerate", &fps_n, &fps_d);
  if (fps_n < 0 || fps_d <= 0)
    fps_n = 0;

  encoded = gst_caps_from_string (h264->encoded_caps);
  level_idc = gst_call_h264_send_level_for_video ((guint) width, (guint) height,
                                                  (guint) fps_n, (guint) fps_d);
  level = gst_call_h264_level_name (level_idc);
  /* Answering, webrtcbin only takes the offer's profile-level-id; decoders
   * go by the stream's own level. */
  if (h264_level->negotiated_level && (!level || level_idc > h264_level->negotiated_level))
    GST_WARNING ("sending H.264 at level %s, above the level %s in the description",
                 level ? level : "above 5.2",
                 gst_call_h264_level_name (h264_level->negotiated_level));
  /* Beyond level 5.2: the encoder picks. */
  if (level)
    gst_caps_set_simple (encoded, "level", G_TYPE_STRING, level, NULL);
  GST_DEBUG ("H.264 level %s for %dx%d at %d/%d", level ? level : "of the encoder's choice",
             width, height, fps_n, fps_d);
  g_object_set (h264_level->encoded_filter, "caps", encoded, NULL);
  return GST_PAD_PROBE_OK;
}

GstElement *
gst_call_media_make_send_bin (GstCallCodec  codec,
                              guint         payload_type,
                              GError      **error)
{
  return gst_call_media_make_send_bin_full (codec, payload_type, NULL, error);
}

GstElement *
gst_call_media_make_send_bin_full (GstCallCodec  codec,
                                   guint         payload_type,
                                   const char   *profile_level_id,
                                   GError      **error)
{
  static const char * const video_head[] = { "queue", "videoconvert", NULL };
  static const char * const audio_head[] = {
    "queue", "audioconvert", "audioresample", NULL
  };
  const GstCallCodecInfo *send_codec = find_send_codec (codec);
  const char *tail[] = { NULL, NULL, NULL, NULL };
  gboolean video;
  g_autoptr (GstElement) bin = NULL;
  g_autoptr (GstCaps) caps = NULL;
  g_autoptr (GstStructure) fmtp = NULL;
  GstElement *before_encoder;
  GstElement *last = NULL;
  GstElement *encoder;

  if (!send_codec) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("This codec cannot be sent yet: VP8, VP9, H.264, H.265, Opus, "
                   "G.711 A-law and µ-law can"));
    return NULL;
  }
  video = send_codec->kind == GST_CALL_MEDIA_KIND_VIDEO;
  tail[0] = send_codec->payloader;
  tail[1] = "capsfilter";

  /* Hardware first, probed, with its low-latency preset; replaced by the
   * next candidate if it fails during the call. */
  encoder = gst_call_encoder_slot_new (gst_call_codecs_get_default (), codec,
                                       video ? VIDEO_KBIT_PER_SECOND : 0, error);
  if (!encoder)
    return NULL;

  bin = gst_bin_new (NULL);
  if (!append_chain (bin, &last, video ? video_head : audio_head, error) ||
      !append_capsfilter (bin, &last, send_codec->raw_caps, error)) {
    gst_object_unref (gst_object_ref_sink (encoder));
    return NULL;
  }
  before_encoder = last;
  if (!append_element (bin, &last, encoder, error) ||
      !append_capsfilter (bin, &last, send_codec->encoded_caps, error))
    return NULL;
  fmtp = gst_call_codec_info_make_fmtp (send_codec, profile_level_id);
  if (codec == GST_CALL_CODEC_H264) {
    g_autoptr (GstPad) raw_src = gst_element_get_static_pad (before_encoder, "src");
    H264SendLevel *h264_level = g_new0 (H264SendLevel, 1);

    h264_level->encoded_filter = gst_object_ref (last);
    h264_level->negotiated_level = gst_call_h264_profile_level_id_get_level (
        gst_structure_get_string (fmtp, "profile-level-id"));
    gst_pad_add_probe (raw_src, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, follow_h264_level,
                       h264_level, h264_send_level_free);
  }
  if (!append_chain (bin, &last, tail, error))
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

  /* The payloader's caps carry what the encoder really produces (an H.264
   * level lower than the one offered, say): pin what webrtcbin maps to the
   * media section, not the fmtp parameters. */
  caps = gst_call_media_make_rtp_caps_full (codec, payload_type, profile_level_id);
  for (int i = 0; fmtp && i < gst_structure_n_fields (fmtp); i++)
    gst_structure_remove_field (gst_caps_get_structure (caps, 0),
                                gst_structure_nth_field_name (fmtp, (guint) i));
  g_object_set (last, "caps", caps, NULL);

  /* H.264: the profile-level-id the encoder writes (42c0xx for constrained
   * baseline) is replaced by the one negotiated for the same
   * profile (the table's, or what the peer offered). */
  if (fmtp && gst_structure_has_field (fmtp, "profile-level-id")) {
    GstElement *setter = gst_call_make_element ("capssetter", NULL, error);
    g_autoptr (GstCaps) profile = NULL;

    if (!setter)
      return NULL;
    profile = gst_caps_new_simple ("application/x-rtp", "profile-level-id", G_TYPE_STRING,
                                   gst_structure_get_string (fmtp, "profile-level-id"),
                                   NULL);
    g_object_set (setter, "caps", profile, "join", TRUE, "replace", FALSE, NULL);
    if (!append_element (bin, &last, setter, error))
      return NULL;
  }
  add_src_ghost_pad (bin, last);

  return g_steal_pointer (&bin);
}

void
gst_call_media_caps_add_twcc (GstCaps *caps,
                              guint    extension_id)
{
  g_autofree char *field = NULL;

  g_return_if_fail (GST_IS_CAPS (caps) && gst_caps_is_writable (caps));
  g_return_if_fail (extension_id >= 1 && extension_id <= 14);

  field = g_strdup_printf ("extmap-%u", extension_id);
  gst_caps_set_simple (caps, field, G_TYPE_STRING, GST_CALL_MEDIA_TWCC_URI,
                       "rtcp-fb-transport-cc", G_TYPE_BOOLEAN, TRUE, NULL);
}

gboolean
gst_call_media_send_bin_add_twcc (GstElement  *send_bin,
                                  guint        extension_id,
                                  GError     **error)
{
  GstIterator *it = gst_bin_iterate_elements (GST_BIN (send_bin));
  GValue item = G_VALUE_INIT;
  GstElement *payloader = NULL;
  GstRTPHeaderExtension *extension;

  g_return_val_if_fail (GST_IS_BIN (send_bin), FALSE);
  g_return_val_if_fail (extension_id >= 1 && extension_id <= 14, FALSE);

  while (!payloader && gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *element = g_value_get_object (&item);

    if (GST_IS_RTP_BASE_PAYLOAD (element))
      payloader = gst_object_ref (element);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  g_return_val_if_fail (payloader != NULL, FALSE);

  extension = gst_rtp_header_extension_create_from_uri (GST_CALL_MEDIA_TWCC_URI);
  if (!extension) {
    gst_object_unref (payloader);
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                 _("No RTP header extension for transport-wide congestion control: "
                   "install gstreamer1.0-plugins-good (rtphdrexttwcc)"));
    return FALSE;
  }
  gst_rtp_header_extension_set_id (extension, extension_id);
  g_signal_emit_by_name (payloader, "add-extension", extension);
  gst_object_unref (extension);
  gst_object_unref (payloader);
  return TRUE;
}

GstElement *
gst_call_media_find_encoder_slot (GstElement *send_bin)
{
  GstIterator *it = gst_bin_iterate_elements (GST_BIN (send_bin));
  GValue item = G_VALUE_INIT;
  GstElement *slot = NULL;

  while (!slot && gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *element = g_value_get_object (&item);

    if (GST_IS_CALL_ENCODER_SLOT (element))
      slot = gst_object_ref (element);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);
  return slot;
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
