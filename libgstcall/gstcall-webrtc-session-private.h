/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstcall-session-private.h"

G_BEGIN_DECLS

/* GstCallWebrtcSession: a GstCallSession over a GstPeerConnection
 * (webrtcbin), its offer/answer exchange and trickle ICE run by a
 * GstCallNegotiator. The peer connection is made when the session starts. */
#define GST_TYPE_CALL_WEBRTC_SESSION (gst_call_webrtc_session_get_type ())
G_DECLARE_FINAL_TYPE (GstCallWebrtcSession, gst_call_webrtc_session, GST, CALL_WEBRTC_SESSION,
                      GObject)

GstCallSession *gst_call_webrtc_session_new (void);

G_END_DECLS
