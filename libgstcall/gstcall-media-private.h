/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

#include "gstcall-enums.h"

G_BEGIN_DECLS

/* The elements a media kind needs to be sent and received with the default
 * codecs (VP8 video, Opus audio); NULL-terminated. */
const char * const *gst_call_media_required_elements (void);

/* Codecs libgstcall can send (VP8, VP9, H.264, H.265, Opus, G.711), their kind,
 * the default codec of a kind and the static payload type (-1: dynamic). */
gboolean         gst_call_media_codec_can_send (GstCallCodec codec);
GstCallMediaKind gst_call_media_codec_kind     (GstCallCodec codec);
GstCallCodec     gst_call_media_default_codec  (GstCallMediaKind kind);
int              gst_call_media_codec_static_payload_type (GstCallCodec codec);

/* Checks that a call can send @codec, a codec of the enum that libgstcall
 * may not send (AV1): the error names the codec, what is missing
 * (the element and where it comes from, GST_CALL_ERROR_MISSING_PLUGIN) or
 * that libgstcall does not send it (GST_CALL_ERROR_INVALID_ARGUMENT), and
 * the codecs to choose instead. */
gboolean         gst_call_media_check_send_codec (GstCallCodec   codec,
                                                  GError       **error);

/* RTP caps of @codec with @payload_type, as offered. */
GstCaps    *gst_call_media_make_rtp_caps   (GstCallCodec codec,
                                            guint        payload_type);

/* As gst_call_media_make_rtp_caps(), with an H.264 @profile_level_id (an
 * offer's, or one for the video's size; NULL: the codec table's). */
GstCaps    *gst_call_media_make_rtp_caps_full (GstCallCodec  codec,
                                               guint         payload_type,
                                               const char   *profile_level_id);

/* A bin that takes raw media on its "sink" ghost pad and gives @codec in
 * RTP on its "src" ghost pad, with caps from gst_call_media_make_rtp_caps(). */
GstElement *gst_call_media_make_send_bin   (GstCallCodec  codec,
                                            guint         payload_type,
                                            GError      **error);
GstElement *gst_call_media_make_send_bin_full (GstCallCodec  codec,
                                               guint         payload_type,
                                               const char   *profile_level_id,
                                               GError      **error);

/* Transport-wide congestion control feedback (RTCP transport-cc, draft
 * holmer-rmcat-transport-wide-cc-extensions-01): the RTP header extension
 * numbering packets across the transport, and the extmap identifier used
 * when offering it (libwebrtc's). */
#define GST_CALL_MEDIA_TWCC_URI \
  "http://www.ietf.org/id/draft-holmer-rmcat-transport-wide-cc-extensions-01"
#define GST_CALL_MEDIA_TWCC_OFFER_ID 3

/* Adds the transport-wide-cc extension with @extension_id (an extmap
 * field) and the transport-cc feedback (rtcp-fb) to the RTP @caps. */
void        gst_call_media_caps_add_twcc   (GstCaps *caps,
                                            guint    extension_id);
/* Makes the payloader of a send bin write the transport-wide-cc header
 * extension with @extension_id (rtpbin fills in its sequence numbers). */
gboolean    gst_call_media_send_bin_add_twcc (GstElement  *send_bin,
                                              guint        extension_id,
                                              GError     **error);

/* The encoder slot of a bin made by gst_call_media_make_send_bin(). */
GstElement *gst_call_media_find_encoder_slot (GstElement *send_bin);

/* An element that turns decoded media of @kind into a form any sink takes
 * (video: videoconvert; audio: audioconvert ! audioresample), as a bin with
 * "sink" and "src" ghost pads. */
GstElement *gst_call_media_make_convert_bin (GstCallMediaKind kind,
                                             GError         **error);

/* Parses a gst-launch style description into a bin with a "src" ghost pad. */
GstElement *gst_call_media_make_source_from_description (GstCallMediaKind  kind,
                                                         const char       *description,
                                                         GError          **error);

/* A live-paced source of @kind decoding the first stream of that kind in the
 * media at @uri, as a bin with a "src" ghost pad. */
GstElement *gst_call_media_make_source_from_uri (GstCallMediaKind  kind,
                                                 const char       *uri,
                                                 GError          **error);

const char *gst_call_media_kind_to_string (GstCallMediaKind kind);

G_END_DECLS
