/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

#include "gstcall-enums.h"

G_BEGIN_DECLS

/* What libgstcall knows about a codec, in one place: how it is named in
 * SDP and caps, how it travels over RTP, which elements and packages it
 * needs. Every other file reads these facts from here. */
typedef struct {
  GstCallCodec codec;
  GstCallMediaKind kind;
  const char *display_name;    /* for people: "H.264", "G.711 A-law" */
  const char *encoding_name;   /* rtpmap and RTP caps: "H264" */
  const char *media_caps;      /* the encoded stream: "video/x-h264" */
  guint clock_rate;
  guint channels;              /* written in the rtpmap when not 0 (Opus: 2) */
  const char *payloader;       /* NULL: none in GStreamer 1.22 */
  const char *depayloader;
  const char *encoder;         /* the usual software encoder and decoder, named */
  const char *decoder;         /* in messages with their packages */
  const char *default_fmtp;    /* the fmtp offered, or NULL */
  const char *raw_caps;        /* what the encoder is given, or NULL */
  const char *encoded_caps;    /* what the payloader is given, or NULL */
  gboolean can_send;           /* libgstcall builds a send branch for it */
  gboolean nack;               /* NACK, PLI and RTX are offered for it */
  int static_payload_type;     /* -1: dynamic */
} GstCallCodecInfo;

/* The entry of @codec; NULL for a value that is no codec. */
const GstCallCodecInfo *gst_call_codec_table_lookup (GstCallCodec codec);

/* The entry with rtpmap encoding name @encoding_name (any case), or NULL. */
const GstCallCodecInfo *gst_call_codec_table_find_encoding (const char *encoding_name);

/* The entry whose encoded caps are @media_caps_name ("video/x-vp8"), or
 * NULL. */
const GstCallCodecInfo *gst_call_codec_table_find_media_caps (const char *media_caps_name);

/* The entry with static payload type @payload_type (0: PCMU, 8: PCMA), or
 * NULL. */
const GstCallCodecInfo *gst_call_codec_table_find_static_payload_type (guint payload_type);

/* The Debian package with the usual encoder (@encode) or decoder of @info. */
const char *gst_call_codec_info_get_package (const GstCallCodecInfo *info,
                                            gboolean                encode);

/* The default fmtp parameters of @info as string fields, in the order they
 * are written; NULL when it has none. A @profile_level_id (H.264; NULL:
 * the default) replaces the default one. */
GstStructure *gst_call_codec_info_make_fmtp (const GstCallCodecInfo *info,
                                             const char             *profile_level_id);

/* @fmtp as an a=fmtp value: "name=value;name=value". */
char         *gst_call_codec_fmtp_to_string (const GstStructure *fmtp);

/* H.264 levels (ITU-T H.264 Annex A), as level_idc: 31 is level 3.1. */

/* The lowest level whose frame size and macroblock rate limits hold
 * @width x @height at @fps_n/@fps_d frames per second (0/1: 30 assumed);
 * 0 when even level 5.2 is too low. */
guint gst_call_h264_level_for_video (guint width,
                                     guint height,
                                     guint fps_n,
                                     guint fps_d);

/* The level libgstcall sends such video at: the one above, but never below
 * the table's default profile-level-id's (3.1, what browsers offer); 0
 * when no level fits. */
guint gst_call_h264_send_level_for_video (guint width,
                                          guint height,
                                          guint fps_n,
                                          guint fps_d);

/* "3.1" for 31, as in caps; NULL for a value that is no level. */
const char *gst_call_h264_level_name (guint level_idc);

/* The level of a profile-level-id ("42e028": 40); 0 if it has none known. */
guint gst_call_h264_profile_level_id_get_level (const char *profile_level_id);

/* @profile_level_id (NULL: the table's default) with its level set to
 * @level_idc (unchanged when that is no level), in lower case. */
char *gst_call_h264_profile_level_id_for_level (const char *profile_level_id,
                                                guint       level_idc);

/* The profile-level-id to offer for such video: the table's profile at
 * gst_call_h264_send_level_for_video(). */
char *gst_call_h264_profile_level_id_for_video (guint width,
                                                guint height,
                                                guint fps_n,
                                                guint fps_d);

/* The profile-level-id to answer an offer's @offered with when we receive up
 * to @local_level (RFC 6184, 8.2.2): the offer's profile; our level when
 * both sides allow level asymmetry, else the lower of the two (an answer
 * may only lower the level). */
char *gst_call_h264_answer_profile_level_id (const char *offered,
                                             gboolean    level_asymmetry_allowed,
                                             guint       local_level);

G_END_DECLS
