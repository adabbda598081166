/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/sdp/sdp.h>
#include <gst/webrtc/webrtc.h>

#include "gstcall-enums.h"

G_BEGIN_DECLS

/* Parses and checks SDP text for use by webrtcbin: a version line, media
 * sections with payload formats, ICE credentials and a DTLS fingerprint, and
 * a mid for every section of a BUNDLE group. The error names the first
 * problem found (GST_CALL_ERROR_INVALID_ARGUMENT). */
GstSDPMessage *gst_call_sdp_parse_webrtc (const char  *text,
                                          GError     **error);

GstWebRTCSDPType gst_call_sdp_type_to_webrtc (GstCallSdpType type);
const char      *gst_call_sdp_type_to_string (GstCallSdpType type);

G_END_DECLS
