/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>
#include <gst/sdp/sdp.h>

G_BEGIN_DECLS

/* SDES-SRTP (RFC 4568): the a=crypto lines of the plain RTP transport and
 * what srtpenc and srtpdec make of them. */

#define GST_CALL_SRTP_KEY_LEN 30   /* 128-bit master key and 112-bit salt */

typedef enum {
  GST_CALL_SRTP_SUITE_NONE,
  GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_80,
  GST_CALL_SRTP_SUITE_AES_CM_128_HMAC_SHA1_32,
} GstCallSrtpSuite;

typedef struct {
  guint tag;
  GstCallSrtpSuite suite;
  guint8 key[GST_CALL_SRTP_KEY_LEN];
} GstCallSrtpCrypto;

gboolean    gst_call_srtp_crypto_init_random (GstCallSrtpCrypto  *crypto,
                                              guint               tag,
                                              GstCallSrtpSuite    suite,
                                              GError            **error);
void        gst_call_srtp_crypto_clear       (GstCallSrtpCrypto  *crypto);
gboolean    gst_call_srtp_crypto_parse       (const char         *value,
                                              GstCallSrtpCrypto  *crypto,
                                              GError            **error);
char       *gst_call_srtp_crypto_to_string   (const GstCallSrtpCrypto *crypto);
gboolean    gst_call_srtp_media_find_crypto  (const GstSDPMedia  *media,
                                              guint               index,
                                              guint               tag,
                                              GstCallSrtpCrypto  *crypto,
                                              GError            **error);
gboolean    gst_call_srtp_media_is_secure    (const GstSDPMedia  *media);
const char *gst_call_srtp_suite_to_string    (GstCallSrtpSuite    suite);
void        gst_call_srtp_configure_encoder  (GstElement         *srtpenc,
                                              const GstCallSrtpCrypto *crypto);
GstCaps    *gst_call_srtp_make_decoder_caps  (const GstCallSrtpCrypto *crypto,
                                              guint32             ssrc);

G_END_DECLS
