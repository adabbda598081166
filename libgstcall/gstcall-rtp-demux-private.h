/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>

#include "gstcall-rtp-router-private.h"

G_BEGIN_DECLS

/* GstCallRtpDemux: the element in front of rtpbin that takes every packet
 * of the one UDP port (RTP and RTCP, rtcp-mux) and pushes it to the pads of
 * the rtpbin session GstCallRtpRouter chose: "rtp_src_N" and "rtcp_src_N",
 * both made together the first time session N is routed to (an SSRC first
 * seen in RTCP on an unlinked pad would stop the source otherwise).
 *
 * Callbacks run on the streaming thread. */
#define GST_TYPE_CALL_RTP_DEMUX (gst_call_rtp_demux_get_type ())
G_DECLARE_FINAL_TYPE (GstCallRtpDemux, gst_call_rtp_demux, GST, CALL_RTP_DEMUX, GstElement)

/* Links the two new pads of @session (to rtpbin); returns FALSE when the
 * session cannot be made (its packets are then dropped). */
typedef gboolean (*GstCallRtpDemuxSessionFunc) (GstCallRtpDemux *demux,
                                                guint            session,
                                                GstPad          *rtp_pad,
                                                GstPad          *rtcp_pad,
                                                gpointer         user_data);

/* A new SSRC waits for the application: call
 * gst_call_rtp_demux_resolve() later, from any thread. */
typedef void (*GstCallRtpDemuxAskFunc) (GstCallRtpDemux       *demux,
                                        const GstCallRtpRoute *route,
                                        gpointer               user_data);

/* The table of unsignalled SSRCs is full of sources that keep sending or
 * wait for the application: a new SSRC was dropped. Called the first time
 * only (the counters go on). */
typedef void (*GstCallRtpDemuxTableFullFunc) (GstCallRtpDemux *demux,
                                              guint32          ssrc,
                                              gpointer         user_data);

GstElement *gst_call_rtp_demux_new (GstCallRtpDemuxSessionFunc   session_func,
                                    GstCallRtpDemuxAskFunc       ask_func,
                                    GstCallRtpDemuxTableFullFunc table_full_func,
                                    gpointer                     user_data,
                                    GDestroyNotify               user_data_free);

/* Router access under the element's lock: */
void gst_call_rtp_demux_set_remote_description (GstCallRtpDemux     *self,
                                                const GstSDPMessage *sdp,
                                                guint               *contradictory_ssrcs);
void gst_call_rtp_demux_set_ask_application    (GstCallRtpDemux     *self,
                                                gboolean             ask);
/* Every packet goes to @session (-1: routed, the default): the RTP or RTCP
 * of the own port of one media section. */
void gst_call_rtp_demux_set_fixed_session      (GstCallRtpDemux     *self,
                                                int                  session);
void gst_call_rtp_demux_add_local_ssrc         (GstCallRtpDemux     *self,
                                                guint32              ssrc,
                                                guint                session);
void gst_call_rtp_demux_resolve                (GstCallRtpDemux     *self,
                                                guint32              ssrc,
                                                int                  session);
int  gst_call_rtp_demux_lookup                 (GstCallRtpDemux     *self,
                                                guint32              ssrc);
int  gst_call_rtp_demux_signalled_session      (GstCallRtpDemux     *self,
                                                guint32              ssrc);
void gst_call_rtp_demux_get_counters           (GstCallRtpDemux          *self,
                                                GstCallRtpRouterCounters *counters);

/* The most packets held for one SSRC while the application chooses. */
#define GST_CALL_RTP_DEMUX_MAX_HELD 256

G_END_DECLS
