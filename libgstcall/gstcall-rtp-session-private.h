/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include "gstcall-session-private.h"

G_BEGIN_DECLS

/* GstCallRtpSession: a GstCallSession over a GstCallRtpTransport (plain
 * RTP, no ICE), with the offer/answer exchange a plain RTP call needs: the
 * offerer sends its offer, the answerer answers it, and either side
 * re-offers when its tracks change mid-call. The transport exists from the
 * session's creation, so that it can be configured before the call. */
#define GST_TYPE_CALL_RTP_SESSION (gst_call_rtp_session_get_type ())
G_DECLARE_FINAL_TYPE (GstCallRtpSession, gst_call_rtp_session, GST, CALL_RTP_SESSION, GObject)

GstCallSession *gst_call_rtp_session_new (void);

G_END_DECLS
