/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>
#include <gst/sdp/sdp.h>

G_BEGIN_DECLS

/* GstCallRtpRouter: the receive-side bundle routing of the plain RTP
 * transport, without a pipeline. Every packet arriving on the one UDP port
 * is classified (RTP or RTCP, RFC 5761) and given the rtpbin session it
 * belongs to. A new RTP SSRC is routed, in order, by the application (see
 * gst_call_rtp_router_resolve()), the SSRCs and FID groups of the remote
 * description, the MID header extension, the payload type. An RTX SSRC
 * always goes where its media SSRC went. RTCP goes to the session of its
 * sender, or of the first SSRC it reports on.
 *
 * A media section that names its SSRCs (a=ssrc, a=ssrc-group:FID) admits
 * only those: a new SSRC that the MID or the payload type would put there
 * is dropped (GST_CALL_RTP_DROP_UNKNOWN_SSRC), unless the application
 * places it. SSRCs the description names are always admitted, whatever
 * the table holds.
 *
 * The others (sections without SSRCs: admission by MID and payload type)
 * are bounded: at most GST_CALL_RTP_ROUTER_MAX_SSRCS of them. When the
 * table is full, a new SSRC takes the place of one silent for
 * GST_CALL_RTP_ROUTER_SSRC_TIMEOUT, else of the least recently heard one
 * still on probation (fewer than GST_CALL_RTP_ROUTER_PROBATION packets),
 * else it is dropped (GST_CALL_RTP_DROP_LIMIT, route.table_full). A source
 * that keeps sending is never pushed out by new ones.
 *
 * At most GST_CALL_RTP_ROUTER_MAX_SESSIONS sessions; what does not fit is
 * dropped and counted. Not thread safe: the caller locks. */

#define GST_CALL_RTP_ROUTER_MAX_SESSIONS 16
#define GST_CALL_RTP_ROUTER_MAX_SSRCS    64
#define GST_CALL_RTP_ROUTER_MAX_MID_LEN  32
/* An unsignalled SSRC silent this long (microseconds) gives its place to a
 * new one: about one RTCP report interval of RFC 3550 (at least 5 s). */
#define GST_CALL_RTP_ROUTER_SSRC_TIMEOUT (5 * G_USEC_PER_SEC)
/* An unsignalled SSRC with fewer RTP packets than this is on probation: a
 * new SSRC may take its place when the table is full. */
#define GST_CALL_RTP_ROUTER_PROBATION    8

typedef struct _GstCallRtpRouter GstCallRtpRouter;

typedef enum {
  GST_CALL_RTP_ROUTE_DROP,
  GST_CALL_RTP_ROUTE_RTP,
  GST_CALL_RTP_ROUTE_RTCP,
  /* RTP of an SSRC whose session the application is still choosing: hold
   * the packet until gst_call_rtp_router_resolve() is called. */
  GST_CALL_RTP_ROUTE_HOLD,
} GstCallRtpRouteKind;

/* Why a packet was dropped. */
typedef enum {
  GST_CALL_RTP_DROP_NONE,
  GST_CALL_RTP_DROP_INVALID,              /* neither valid RTP nor RTCP */
  GST_CALL_RTP_DROP_UNKNOWN_SSRC,         /* RTCP about no SSRC we know, RTP with no route */
  GST_CALL_RTP_DROP_UNKNOWN_PAYLOAD_TYPE, /* a payload type no media section has */
  GST_CALL_RTP_DROP_CONTRADICTORY,        /* an SSRC of contradictory FID groups */
  GST_CALL_RTP_DROP_LIMIT,                /* too many SSRCs or sessions */
  GST_CALL_RTP_DROP_N_REASONS,
} GstCallRtpDropReason;

typedef struct {
  GstCallRtpRouteKind kind;
  GstCallRtpDropReason drop_reason;
  guint session;          /* RTP, RTCP: the session; HOLD (new SSRC): the default */
  gboolean has_session;   /* HOLD: whether there is a default */
  guint32 ssrc;           /* RTP, HOLD: the SSRC; RTCP: the sender */
  guint payload_type;     /* RTP, HOLD */
  gboolean new_ssrc;      /* RTP or HOLD: first packet of this SSRC */
  gboolean rtx;           /* the SSRC repairs another one (FID group or RTX pt) */
  gboolean table_full;    /* DROP: a new SSRC found no place in the table */
  char mid[GST_CALL_RTP_ROUTER_MAX_MID_LEN + 1]; /* from the MID extension, or "" */
} GstCallRtpRoute;

typedef struct {
  guint64 rtp_packets;
  guint64 rtcp_packets;
  guint64 dropped[GST_CALL_RTP_DROP_N_REASONS];
  guint ssrcs;
  guint sessions;         /* highest routed session + 1 */
  guint contradictory_ssrcs;
  guint64 ssrcs_expired;  /* gave their place after SSRC_TIMEOUT of silence */
  guint64 ssrcs_replaced; /* gave their place while on probation */
} GstCallRtpRouterCounters;

GstCallRtpRouter *gst_call_rtp_router_new  (void);
void              gst_call_rtp_router_free (GstCallRtpRouter *router);

/* Learns the remote media sections from @sdp: session N is media section N;
 * its payload types, RTX payload types (apt=), `a=ssrc`, `a=ssrc-group:FID`,
 * `a=mid` and the MID header extension id. SSRCs of FID groups that
 * contradict each other are dropped from then on; their number is returned
 * in @contradictory_ssrcs (nullable). */
void gst_call_rtp_router_set_remote_description (GstCallRtpRouter    *router,
                                                 const GstSDPMessage *sdp,
                                                 guint               *contradictory_ssrcs);

/* Whether a new SSRC is held for the application to choose its session
 * (GST_CALL_RTP_ROUTE_HOLD) instead of routed at once. */
void gst_call_rtp_router_set_ask_application (GstCallRtpRouter *router,
                                              gboolean          ask);

/* SSRCs we send in @session: RTCP about them goes there. */
void gst_call_rtp_router_add_local_ssrc (GstCallRtpRouter *router,
                                         guint32           ssrc,
                                         guint             session);

/* The application's choice for a held SSRC: @session, or when @session is
 * negative the default routing. Returns the session, or -1 when the SSRC is
 * dropped. */
int  gst_call_rtp_router_resolve (GstCallRtpRouter *router,
                                  guint32           ssrc,
                                  int               session);

/* Classifies and routes one packet as it came off the socket. */
GstCallRtpRouteKind gst_call_rtp_router_route (GstCallRtpRouter *router,
                                               const guint8     *data,
                                               gsize             size,
                                               GstCallRtpRoute  *route);
/* The same, the packet having arrived at @now (monotonic microseconds,
 * never going back). */
GstCallRtpRouteKind gst_call_rtp_router_route_at (GstCallRtpRouter *router,
                                                  const guint8     *data,
                                                  gsize             size,
                                                  gint64            now,
                                                  GstCallRtpRoute  *route);

/* The session an SSRC was routed to, or -1. */
int  gst_call_rtp_router_lookup (GstCallRtpRouter *router,
                                 guint32           ssrc);

/* The media section whose a=ssrc lines or FID groups name @ssrc (and no
 * other contradicts), or -1. */
int  gst_call_rtp_router_signalled_session (GstCallRtpRouter *router,
                                            guint32           ssrc);

void gst_call_rtp_router_get_counters (GstCallRtpRouter         *router,
                                       GstCallRtpRouterCounters *counters);

const char *gst_call_rtp_drop_reason_to_string (GstCallRtpDropReason reason);

G_END_DECLS
