/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-codec-tuning-private.h"
#include "gstcall-private.h"

/* Real-time settings of encoders and decoders, per element family: the
 * low-latency presets and the bitrate property, used by GstCallCodecs, its
 * candidates and the encoder slot. */

/* Low-latency settings per element family. Properties an element does not
 * have are skipped silently, so one table serves every version. */
typedef struct {
  const char *pattern;
  const char *property;
  const char *value;
} PresetEntry;

static const PresetEntry low_latency_presets[] = {
  { "x264enc", "tune", "zerolatency" },
  { "x264enc", "speed-preset", "ultrafast" },
  { "x264enc", "bframes", "0" },
  { "x265enc", "tune", "zerolatency" },
  { "x265enc", "speed-preset", "ultrafast" },
  { "vp8enc", "deadline", "1" },
  { "vp8enc", "cpu-used", "8" },
  { "vp8enc", "lag-in-frames", "0" },
  { "vp8enc", "end-usage", "cbr" },
  /* Rate control that follows a new target within about a second, as
   * libwebrtc sets libvpx up for calls: a 1 s client buffer (the default,
   * 6 s, let the encoder go on above a lowered target for seconds, filling
   * a bottleneck's queue), frames at most 15% above the target, frames
   * dropped rather than the buffer overrun, and the worst quantizer
   * libwebrtc allows. */
  { "vp8enc", "buffer-size", "1000" },
  { "vp8enc", "buffer-initial-size", "500" },
  { "vp8enc", "buffer-optimal-size", "600" },
  { "vp8enc", "overshoot", "15" },
  { "vp8enc", "dropframe-threshold", "30" },
  { "vp8enc", "max-quantizer", "56" },
  /* One thread: libvpx's worker threads spin while they wait, which
   * doubled the encoder's CPU at 640x480 here (bench/run) for no gain in
   * speed; real-time VP8 at call resolutions keeps up on one core. */
  { "vp8enc", "threads", "1" },
  { "vp9enc", "deadline", "1" },
  { "vp9enc", "cpu-used", "8" },
  { "vp9enc", "lag-in-frames", "0" },
  { "vp9enc", "end-usage", "cbr" },
  { "vp9enc", "buffer-size", "1000" },
  { "vp9enc", "buffer-initial-size", "500" },
  { "vp9enc", "buffer-optimal-size", "600" },
  { "vp9enc", "overshoot", "15" },
  { "vp9enc", "dropframe-threshold", "30" },
  { "vp9enc", "max-quantizer", "56" },
  { "vp9enc", "threads", "2" },
  { "vp9enc", "row-mt", "true" },
  { "openh264enc", "usage-type", "camera" },
  { "openh264enc", "rate-control", "bitrate" },
  { "openh264enc", "complexity", "low" },
  /* Legacy nvh264enc has low-latency presets and zerolatency; the new
   * nvcodec encoders have "tune". */
  { "nv*enc", "preset", "low-latency-hp" },
  { "nv*enc", "tune", "ultra-low-latency" },
  { "nv*enc", "rc-mode", "cbr" },
  { "nv*enc", "zerolatency", "true" },
  { "nv*enc", "bframes", "0" },
  { "vaapi*enc", "rate-control", "cbr" },
  { "vaapi*enc", "max-bframes", "0" },
  { "va*enc", "rate-control", "cbr" },
  { "va*enc", "target-usage", "7" },
  { "va*enc", "b-frames", "0" },
  { "qsv*enc", "rate-control", "cbr" },
  { "qsv*enc", "target-usage", "7" },
  { "qsv*enc", "b-frames", "0" },
  { "msdk*enc", "rate-control", "cbr" },
  { "msdk*enc", "target-usage", "7" },
  { "msdk*enc", "b-frames", "0" },
  { "msdk*enc", "async-depth", "1" },
  { "amf*enc", "usage", "ultra-low-latency" },
  { "amf*enc", "rate-control", "cbr" },
  { "amf*enc", "preset", "speed" },
  { "svtav1enc", "preset", "12" },
  { "rav1enc", "speed-preset", "10" },
  { "rav1enc", "low-latency", "true" },
  { "av1enc", "usage-profile", "realtime" },
  { "av1enc", "cpu-used", "8" },
  { "av1enc", "end-usage", "cbr" },
  { "av1enc", "lag-in-frames", "0" },
  { "av1enc", "row-mt", "true" },
  { "opusenc", "frame-size", "20" },
  /* At opusenc's 64 kbit/s, generic mode codes speech as well as voice mode
   * does, for a third of the encoder's CPU (measured on recorded speech);
   * voice mode is chosen for low bitrates, see OPUS_VOICE_MAX_BITRATE. */
  { "opusenc", "audio-type", "generic" },
};

/* Which property holds the most frames between an encoder's own
 * keyframes (see GST_CALL_KEYFRAME_INTERVAL). */
typedef struct {
  const char *pattern;
  const char *property;
} KeyframeProperty;

static const KeyframeProperty keyframe_properties[] = {
  { "x264enc", "key-int-max" },
  { "x265enc", "key-int-max" },
  { "vp8enc", "keyframe-max-dist" },
  { "vp9enc", "keyframe-max-dist" },
  { "openh264enc", "gop-size" },
  { "nv*enc", "gop-size" },
  { "vaapi*enc", "keyframe-period" },
  { "va*enc", "key-int-max" },
  { "qsv*enc", "gop-size" },
  { "msdk*enc", "gop-size" },
};

/* At or below this many bit/s an Opus encoder is set to voice mode: SILK's
 * speech model is what keeps speech clear there. */
#define OPUS_VOICE_MAX_BITRATE 32000

/* Which property holds the bitrate, and in which unit. */
typedef struct {
  const char *pattern;
  const char *property;
  guint bits_per_unit;
} BitrateProperty;

static const BitrateProperty bitrate_properties[] = {
  { "vp8enc", "target-bitrate", 1 },
  { "vp9enc", "target-bitrate", 1 },
  { "x264enc", "bitrate", 1000 },
  { "x265enc", "bitrate", 1000 },
  { "openh264enc", "bitrate", 1 },
  { "av1enc", "target-bitrate", 1000 },
  { "svtav1enc", "target-bitrate", 1000 },
  { "rav1enc", "bitrate", 1 },
  { "nv*enc", "bitrate", 1000 },
  { "va*enc", "bitrate", 1000 },
  { "qsv*enc", "bitrate", 1000 },
  { "msdk*enc", "bitrate", 1000 },
  { "amf*enc", "bitrate", 1000 },
  { "opusenc", "bitrate", 1 },
  { "avenc_*", "bitrate", 1 },
};

static const char *
element_factory_name (GstElement *element)
{
  GstElementFactory *factory = gst_element_get_factory (element);

  return factory ? gst_plugin_feature_get_name (factory) : NULL;
}

/* Whether @element has a writable @property that takes @text (set). */
static gboolean
set_property_from_string (GstElement *element,
                          const char *property,
                          const char *text)
{
  GParamSpec *pspec =
      g_object_class_find_property (G_OBJECT_GET_CLASS (element), property);
  GValue value = G_VALUE_INIT;

  if (!pspec || !(pspec->flags & G_PARAM_WRITABLE) ||
      (pspec->flags & G_PARAM_CONSTRUCT_ONLY))
    return FALSE;

  g_value_init (&value, pspec->value_type);
  if (!gst_value_deserialize_with_pspec (&value, text, pspec)) {
    GST_DEBUG_OBJECT (element, "%s does not take “%s”; left as is", property, text);
    g_value_unset (&value);
    return FALSE;
  }
  if (g_param_value_validate (pspec, &value))
    GST_DEBUG_OBJECT (element, "%s=%s is out of range; clamped", property, text);
  GST_DEBUG_OBJECT (element, "%s=%s", property, text);
  g_object_set_property (G_OBJECT (element), property, &value);
  g_value_unset (&value);
  return TRUE;
}

void
gst_call_codec_tuning_apply_low_latency_preset (GstElement *element)
{
  const char *name;

  g_return_if_fail (GST_IS_ELEMENT (element));

  name = element_factory_name (element);
  if (!name)
    return;
  for (gsize i = 0; i < G_N_ELEMENTS (low_latency_presets); i++) {
    const PresetEntry *entry = &low_latency_presets[i];

    if (g_pattern_match_simple (entry->pattern, name))
      set_property_from_string (element, entry->property, entry->value);
  }
  gst_call_codec_tuning_set_keyframe_interval (element, GST_CALL_KEYFRAME_INTERVAL);
}

gboolean
gst_call_codec_tuning_set_keyframe_interval (GstElement *encoder,
                                             guint       frames)
{
  g_autofree char *text = g_strdup_printf ("%u", frames);
  const char *name;
  gboolean found = FALSE;

  g_return_val_if_fail (GST_IS_ELEMENT (encoder), FALSE);

  name = element_factory_name (encoder);
  if (!name)
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (keyframe_properties); i++) {
    const KeyframeProperty *entry = &keyframe_properties[i];

    if (g_pattern_match_simple (entry->pattern, name) &&
        set_property_from_string (encoder, entry->property, text))
      found = TRUE;
  }
  return found;
}

static gboolean
set_numeric_property (GstElement *element,
                      GParamSpec *pspec,
                      guint64     number)
{
  GValue value = G_VALUE_INIT;

  g_value_init (&value, pspec->value_type);
  switch (G_TYPE_FUNDAMENTAL (pspec->value_type)) {
    case G_TYPE_INT:
      g_value_set_int (&value, (int) MIN (number, (guint64) G_MAXINT));
      break;
    case G_TYPE_UINT:
      g_value_set_uint (&value, (guint) MIN (number, (guint64) G_MAXUINT));
      break;
    case G_TYPE_INT64:
      g_value_set_int64 (&value, (gint64) MIN (number, (guint64) G_MAXINT64));
      break;
    case G_TYPE_UINT64:
      g_value_set_uint64 (&value, number);
      break;
    case G_TYPE_LONG:
      g_value_set_long (&value, (long) MIN (number, (guint64) G_MAXLONG));
      break;
    case G_TYPE_ULONG:
      g_value_set_ulong (&value, (gulong) MIN (number, (guint64) G_MAXULONG));
      break;
    default:
      g_value_unset (&value);
      return FALSE;
  }
  if (g_param_value_validate (pspec, &value))
    GST_DEBUG_OBJECT (element, "bitrate %" G_GUINT64_FORMAT " clamped to the "
                      "range of %s", number, pspec->name);
  g_object_set_property (G_OBJECT (element), pspec->name, &value);
  g_value_unset (&value);
  return TRUE;
}

gboolean
gst_call_codec_tuning_reset_encoder_bitrate (GstElement *encoder)
{
  GObjectClass *klass;
  const char *name;

  g_return_val_if_fail (GST_IS_ELEMENT (encoder), FALSE);

  klass = G_OBJECT_GET_CLASS (encoder);
  name = element_factory_name (encoder);
  for (gsize i = 0; name && i < G_N_ELEMENTS (bitrate_properties); i++) {
    GParamSpec *pspec;
    GValue value = G_VALUE_INIT;

    if (!g_pattern_match_simple (bitrate_properties[i].pattern, name))
      continue;
    pspec = g_object_class_find_property (klass, bitrate_properties[i].property);
    if (!pspec)
      continue;
    g_value_init (&value, pspec->value_type);
    g_param_value_set_default (pspec, &value);
    g_object_set_property (G_OBJECT (encoder), pspec->name, &value);
    g_value_unset (&value);
    /* The preset's mode for the default bitrate. */
    if (g_str_equal (name, "opusenc"))
      gst_call_codec_tuning_apply_low_latency_preset (encoder);
    return TRUE;
  }
  return FALSE;
}

gboolean
gst_call_codec_tuning_set_encoder_bitrate (GstElement *encoder,
                                           guint       kbit_per_second)
{
  GObjectClass *klass;
  const char *name;
  GParamSpec *pspec;
  guint64 bits = (guint64) kbit_per_second * 1000;

  g_return_val_if_fail (GST_IS_ELEMENT (encoder), FALSE);
  g_return_val_if_fail (kbit_per_second > 0, FALSE);

  klass = G_OBJECT_GET_CLASS (encoder);
  name = element_factory_name (encoder);

  for (gsize i = 0; name && i < G_N_ELEMENTS (bitrate_properties); i++) {
    const BitrateProperty *entry = &bitrate_properties[i];

    if (!g_pattern_match_simple (entry->pattern, name))
      continue;
    pspec = g_object_class_find_property (klass, entry->property);
    if (pspec && set_numeric_property (encoder, pspec, bits / entry->bits_per_unit)) {
      if (g_str_equal (name, "opusenc") &&
          g_object_class_find_property (klass, "audio-type"))
        gst_util_set_object_arg (G_OBJECT (encoder), "audio-type",
                                 bits <= OPUS_VOICE_MAX_BITRATE ? "voice" : "generic");
      return TRUE;
    }
  }

  if (name && g_str_has_prefix (name, "v4l2") &&
      (pspec = g_object_class_find_property (klass, "extra-controls")) &&
      pspec->value_type == GST_TYPE_STRUCTURE) {
    g_autoptr (GstStructure) controls = NULL;

    g_object_get (encoder, "extra-controls", &controls, NULL);
    controls = controls ? controls : gst_structure_new_empty ("controls");
    gst_structure_set (controls, "video_bitrate", G_TYPE_INT,
                       (int) MIN (bits, (guint64) G_MAXINT), NULL);
    g_object_set (encoder, "extra-controls", controls, NULL);
    return TRUE;
  }

  pspec = g_object_class_find_property (klass, "bitrate");
  if (pspec && G_IS_PARAM_SPEC_UINT (pspec) &&
      G_PARAM_SPEC_UINT (pspec)->maximum < 10000000)
    return set_numeric_property (encoder, pspec, kbit_per_second);
  if (pspec && G_IS_PARAM_SPEC_INT (pspec) &&
      G_PARAM_SPEC_INT (pspec)->maximum < 10000000)
    return set_numeric_property (encoder, pspec, kbit_per_second);
  if (pspec)
    return set_numeric_property (encoder, pspec, bits);

  GST_DEBUG_OBJECT (encoder, "no bitrate setting");
  return FALSE;
}
