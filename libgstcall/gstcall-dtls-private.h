/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>
#include <gst/sdp/sdp.h>

G_BEGIN_DECLS

/* The a=fingerprint values ("sha-256 AB:CD:...") of a description, session
 * level and every media section. */
GStrv    gst_call_dtls_get_fingerprints    (const GstSDPMessage *message);

/* Checks that the X.509 certificate @pem (PEM, as dtlsdec's peer-pem) has
 * every fingerprint of @fingerprints whose hash function is known (sha-1,
 * sha-256, sha-384, sha-512), and that there is at least one such
 * fingerprint. The error (GST_CALL_ERROR_DTLS) says what did not match,
 * without the fingerprints themselves. */
gboolean gst_call_dtls_check_certificate   (const char         *pem,
                                            const char * const *fingerprints,
                                            GError            **error);

/* Makes webrtcbin check the certificate of the peer. webrtcbin 1.22 never
 * compares the certificate presented in the DTLS handshake with the
 * fingerprint of the remote description: anyone on the path could stand in
 * for the peer. The guard does it in the handshake itself (dtlsdec's
 * peer-pem notification, before the SRTP keys exist); a certificate that
 * does not match stops every packet of the ICE transports at once, so no
 * media goes out or comes in, and @reject is called, from that thread, with
 * a GST_CALL_ERROR_DTLS error (transfer full), once. */
typedef void (*GstCallDtlsRejectFunc) (GError   *error,
                                       gpointer  user_data);

typedef struct _GstCallDtlsGuard GstCallDtlsGuard;

GstCallDtlsGuard *gst_call_dtls_guard_new   (GstElement            *webrtcbin,
                                             GstCallDtlsRejectFunc  reject,
                                             gpointer               user_data);
/* The description the certificate must match: call it before webrtcbin
 * gets the description. */
void              gst_call_dtls_guard_set_remote_description (GstCallDtlsGuard    *guard,
                                                              const GstSDPMessage *message);
/* When a DTLS handshake record (RFC 6347 content type 20 or 22) of the
 * peer last came in, monotonic µs; 0 before the first. */
gint64            gst_call_dtls_guard_get_last_handshake_record (GstCallDtlsGuard *guard);
/* @reject is not called after this. */
void              gst_call_dtls_guard_free  (GstCallDtlsGuard      *guard);

G_END_DECLS
