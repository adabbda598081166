/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-retransmission-private.h"
#include "gstcall-private.h"

void
gst_call_retransmission_configure_session (GstElement *rtp_session)
{
  g_return_if_fail (GST_IS_ELEMENT (rtp_session));

  /* Above 1, rtpsession takes the value as the RTCP bandwidth itself
   * instead of a fraction of the estimated session bandwidth; sender and
   * receiver reports share it as RFC 3550 says. */
  g_object_set (rtp_session, "rtcp-fraction", GST_CALL_FEEDBACK_RTCP_BANDWIDTH, NULL);
  GST_DEBUG_OBJECT (rtp_session, "RTCP bandwidth %.0f bit/s for NACKs",
                    GST_CALL_FEEDBACK_RTCP_BANDWIDTH);
}
