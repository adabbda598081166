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
  const char *decoder;         /* the usual software decoder, named in messages */
  const char *encoder_package; /* Debian packages with an encoder, a decoder */
  const char *decoder_package;
  const char *default_fmtp;    /* the fmtp offered, or NULL */
  const char *raw_caps;        /* what the encoder is given, or NULL */
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

/* The default fmtp parameters of @info as string fields, in the order they
 * are written; NULL when it has none. A @profile_level_id (H.264; NULL:
 * the default) replaces the default one. */
GstStructure *gst_call_codec_info_make_fmtp (const GstCallCodecInfo *info,
                                             const char             *profile_level_id);

/* @fmtp as an a=fmtp value: "name=value;name=value". */
char         *gst_call_codec_fmtp_to_string (const GstStructure *fmtp);

G_END_DECLS
