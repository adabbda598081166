/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <gst/rtp/rtp.h>

#include "gstcall-receive-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-error.h"
#include "gstcall-frame-monitor-private.h"
#include "gstcall-media-private.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"
#include "gstcallcodecs-private.h"

/* The receive side of a call, the same for both transports: remote RTP in,
 * decoded media out, through decodebin with libgstcall's decoder order. */

/* Streaming thread: decodebin found the elements that could handle @caps.
 * Decoders of a codec libgstcall knows are put in the selection's order;
 * parsers and other elements keep their places. */
G_GNUC_BEGIN_IGNORE_DEPRECATIONS
static GValueArray *
sort_decoders (GstElement  *decodebin,
               GstPad      *pad,
               GstCaps     *caps,
               GValueArray *factories,
               gpointer     user_data)
{
  GstCallCodecs *codecs = gst_call_codecs_get_default ();
  g_autoptr (GstCallCodecCandidate) chosen = NULL;
  g_autoptr (GPtrArray) candidates = NULL;
  g_autoptr (GPtrArray) decoders = NULL;
  g_autoptr (GArray) decoder_positions = NULL;
  GValueArray *sorted;
  GstCallCodec codec;
  guint next = 0;

  if (!gst_call_codec_from_caps (caps, &codec))
    return NULL;

  /* Probes the candidates up to the first working one (once per process). */
  chosen = gst_call_codecs_select (codecs, codec, GST_CALL_CODEC_DIRECTION_DECODE, NULL);
  candidates = gst_call_codecs_list_candidates (codecs, codec,
                                                GST_CALL_CODEC_DIRECTION_DECODE);

  decoder_positions = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < factories->n_values; i++) {
    GstElementFactory *factory = g_value_get_object (&factories->values[i]);

    if (gst_element_factory_list_is_type (factory, GST_ELEMENT_FACTORY_TYPE_DECODER))
      g_array_append_val (decoder_positions, i);
  }
  if (decoder_positions->len == 0)
    return NULL;

  /* The decoders decodebin found, in the selection's order, without those
   * that failed or are excluded; unknown ones last. */
  decoders = g_ptr_array_new ();
  for (guint c = 0; c < candidates->len; c++) {
    GstCallCodecCandidate *candidate = g_ptr_array_index (candidates, c);
    GstCallCodecStatus status = gst_call_codec_candidate_get_status (candidate);

    if (status == GST_CALL_CODEC_STATUS_FAILED || status == GST_CALL_CODEC_STATUS_EXCLUDED)
      continue;
    for (guint p = 0; p < decoder_positions->len; p++) {
      GValue *value = &factories->values[g_array_index (decoder_positions, guint, p)];
      GstPluginFeature *feature = g_value_get_object (value);

      if (g_str_equal (gst_plugin_feature_get_name (feature),
                       gst_call_codec_candidate_get_element_name (candidate)))
        g_ptr_array_add (decoders, feature);
    }
  }
  for (guint p = 0; p < decoder_positions->len; p++) {
    GValue *value = &factories->values[g_array_index (decoder_positions, guint, p)];
    GstPluginFeature *feature = g_value_get_object (value);
    gboolean known = FALSE;

    for (guint c = 0; c < candidates->len && !known; c++)
      known = g_str_equal (gst_plugin_feature_get_name (feature),
                           gst_call_codec_candidate_get_element_name (
                               g_ptr_array_index (candidates, c)));
    if (!known)
      g_ptr_array_add (decoders, feature);
  }

  GST_DEBUG ("%s decoders for decodebin: %u of %u, %s first",
             gst_call_codec_get_display_name (codec), decoders->len,
             decoder_positions->len,
             decoders->len ? gst_plugin_feature_get_name (g_ptr_array_index (decoders, 0))
                           : "none");

  sorted = g_value_array_new (factories->n_values);
  for (guint i = 0; i < factories->n_values; i++) {
    GValue value = G_VALUE_INIT;
    gboolean is_decoder_slot = next < decoder_positions->len &&
        g_array_index (decoder_positions, guint, next) == i;

    if (!is_decoder_slot) {
      g_value_array_append (sorted, &factories->values[i]);
      continue;
    }
    if (next < decoders->len) {
      g_value_init (&value, GST_TYPE_ELEMENT_FACTORY);
      g_value_set_object (&value, g_ptr_array_index (decoders, next));
      g_value_array_append (sorted, &value);
      g_value_unset (&value);
    }
    next++;
  }
  return sorted;
}
G_GNUC_END_IGNORE_DEPRECATIONS

void
gst_call_receive_configure_decodebin (GstElement *decodebin)
{
  g_signal_connect (decodebin, "autoplug-sort", G_CALLBACK (sort_decoders), NULL);
}

GstCallMediaKind
gst_call_receive_kind_from_caps (const GstCaps *caps)
{
  const char *media = NULL;

  if (caps && gst_caps_get_size (caps) > 0)
    media = gst_structure_get_string (gst_caps_get_structure (caps, 0), "media");
  return g_strcmp0 (media, "video") == 0 ? GST_CALL_MEDIA_KIND_VIDEO
                                          : GST_CALL_MEDIA_KIND_AUDIO;
}

GError *
gst_call_receive_missing_plugin_error (GstCallMediaKind  kind,
                                       const GstCaps    *caps)
{
  const char *kind_name = gst_call_media_kind_to_string (kind);
  g_autofree char *description = gst_caps_to_string (caps);
  const GstStructure *structure = NULL;
  const GstCallCodecInfo *info = NULL;
  g_autoptr (GError) missing = NULL;
  const char *name = "";

  if (caps && gst_caps_get_size (caps) > 0) {
    structure = gst_caps_get_structure (caps, 0);
    name = gst_structure_get_name (structure);
  }

  if (g_str_equal (name, "application/x-rtp")) {
    const char *encoding = gst_structure_get_string (structure, "encoding-name");

    info = gst_call_codec_table_find_encoding (encoding);
    if (!info || !info->depayloader)
      return g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                          _("No depayloader for the remote %s stream in %s: libgstcall "
                            "receives VP8, VP9, H.264, H.265, Opus and G.711 (%s)"),
                          kind_name, encoding ? encoding : _("an unnamed encoding"),
                          description);
    gst_call_set_missing_element_error (&missing, info->depayloader);
    return g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                        _("Cannot take the remote %s stream in %s out of RTP: %s"),
                        kind_name, info->display_name, missing->message);
  }

  info = gst_call_codec_table_find_media_caps (name);
  if (info)
    return g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                        _("No %s decoder for the remote %s stream: install the package "
                          "%s (element “%s”) or a hardware decoder's plugin"),
                        info->display_name, kind_name,
                        gst_call_codec_info_get_package (info, FALSE), info->decoder);

  return g_error_new (GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                      _("No decoder for the remote %s stream (%s): install the "
                        "GStreamer plugin that decodes it (for example "
                        "gstreamer1.0-plugins-good, -bad or gstreamer1.0-libav)"),
                      kind_name, description);
}

typedef struct {
  GstCallMediaKind kind;
  GstElement *bin; /* borrowed: the bin owns the decodebin, which owns this */
  const GstCallReceiveCallbacks *callbacks;
  gpointer user_data;
  GDestroyNotify user_data_free;
} ReceiveBranch;

static void
receive_branch_free (gpointer  data,
                     GClosure *closure)
{
  ReceiveBranch *branch = data;

  if (branch->user_data_free)
    branch->user_data_free (branch->user_data);
  g_free (branch);
}

/* Streaming thread: decodebin found a decoder for the remote stream. */
static void
on_decoded_pad_added (GstElement    *decodebin,
                      GstPad        *pad,
                      ReceiveBranch *branch)
{
  GError *error = NULL;
  GstElement *convert;

  convert = gst_call_media_make_convert_bin (branch->kind, &error);
  if (!convert) {
    branch->callbacks->error (error, branch->user_data);
    return;
  }
  branch->callbacks->decoded (branch->bin, branch->kind, convert, pad, branch->user_data);
}

/* Streaming thread: nothing takes @caps, RTP or encoded media. */
static void
on_unknown_type (GstElement    *decodebin,
                 GstPad        *pad,
                 GstCaps       *caps,
                 ReceiveBranch *branch)
{
  branch->callbacks->error (gst_call_receive_missing_plugin_error (branch->kind, caps),
                            branch->user_data);
}

/* Streaming thread: decodebin added an element. A video depayloader that
 * can asks the sender for a keyframe when a packet is lost for good (the
 * jitterbuffer gave up on it: rtpbin turns the request into RTCP PLI or
 * FIR), and drops what follows until that keyframe: the picture freezes
 * for a round trip instead of showing a broken one until the next
 * periodic keyframe, seconds later. */
static void
on_decodebin_element_added (GstBin     *decodebin,
                            GstElement *element,
                            gpointer    user_data)
{
  GObjectClass *klass = G_OBJECT_GET_CLASS (element);

  if (!GST_IS_RTP_BASE_DEPAYLOAD (element))
    return;
  if (g_object_class_find_property (klass, "request-keyframe"))
    g_object_set (element, "request-keyframe", TRUE, NULL);
  if (g_object_class_find_property (klass, "wait-for-keyframe"))
    g_object_set (element, "wait-for-keyframe", TRUE, NULL);
}

GstElement *
gst_call_receive_add_branch (GstBin                        *pipeline,
                             GstPad                        *remote_rtp_pad,
                             GstCallMediaKind               kind,
                             const GstCallReceiveCallbacks *callbacks,
                             gpointer                       user_data,
                             GDestroyNotify                 user_data_free)
{
  g_autoptr (GstPad) decodebin_sink = NULL;
  g_autoptr (GstPad) branch_sink = NULL;
  ReceiveBranch *branch;
  GstElement *decodebin;
  GstElement *bin;

  g_return_val_if_fail (GST_IS_BIN (pipeline), NULL);
  g_return_val_if_fail (GST_IS_PAD (remote_rtp_pad), NULL);
  g_return_val_if_fail (callbacks && callbacks->decoded && callbacks->error, NULL);

  bin = gst_bin_new (NULL);
  branch = g_new0 (ReceiveBranch, 1);
  branch->kind = kind;
  branch->bin = bin;
  branch->callbacks = callbacks;
  branch->user_data = user_data;
  branch->user_data_free = user_data_free;

  decodebin = gst_element_factory_make ("decodebin", NULL);
  gst_call_receive_configure_decodebin (decodebin);
  /* Frames received, decoded, dropped and frozen, for the statistics. */
  gst_call_frame_monitor_watch_decodebin (decodebin, kind);
  gst_bin_add (GST_BIN (bin), decodebin);
  decodebin_sink = gst_element_get_static_pad (decodebin, "sink");
  gst_element_add_pad (bin, gst_ghost_pad_new ("sink", decodebin_sink));

  /* The branch data lives as long as the pad-added handler, which lives as
   * long as the decodebin. */
  g_signal_connect_data (decodebin, "pad-added", G_CALLBACK (on_decoded_pad_added),
                         branch, receive_branch_free, 0);
  g_signal_connect (decodebin, "unknown-type", G_CALLBACK (on_unknown_type), branch);
  if (kind == GST_CALL_MEDIA_KIND_VIDEO)
    g_signal_connect (decodebin, "element-added", G_CALLBACK (on_decodebin_element_added), NULL);

  gst_bin_add (pipeline, bin);
  gst_element_sync_state_with_parent (bin);

  branch_sink = gst_element_get_static_pad (bin, "sink");
  if (gst_pad_link (remote_rtp_pad, branch_sink) != GST_PAD_LINK_OK)
    GST_WARNING ("could not link remote stream %s", GST_PAD_NAME (remote_rtp_pad));
  return bin;
}
