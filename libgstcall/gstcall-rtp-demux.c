/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include "gstcall-rtp-demux-private.h"
#include "gstcall-private.h"

typedef struct {
  GstPad *rtp;
  GstPad *rtcp;
  gboolean failed;
} SessionPads;

struct _GstCallRtpDemux {
  GstElement parent;

  GstPad *sink;

  /* Streaming thread only. */
  SessionPads sessions[GST_CALL_RTP_ROUTER_MAX_SESSIONS];

  GMutex lock; /* guards what follows */
  GstCallRtpRouter *router;
  GHashTable *held;        /* SSRC -> GQueue of GstBuffer */
  GArray *resolved;        /* guint32 SSRCs whose held packets can go */
  guint64 held_dropped;

  GstCallRtpDemuxSessionFunc session_func;
  GstCallRtpDemuxAskFunc ask_func;
  GstCallRtpDemuxTableFullFunc table_full_func;
  gboolean table_full_reported;
  int fixed_session;       /* -1: routed */
  gpointer user_data;
  GDestroyNotify user_data_free;
};

G_DEFINE_FINAL_TYPE (GstCallRtpDemux, gst_call_rtp_demux, GST_TYPE_ELEMENT)

static GstStaticPadTemplate sink_template = GST_STATIC_PAD_TEMPLATE ("sink",
    GST_PAD_SINK, GST_PAD_ALWAYS, GST_STATIC_CAPS_ANY);
static GstStaticPadTemplate rtp_src_template = GST_STATIC_PAD_TEMPLATE ("rtp_src_%u",
    GST_PAD_SRC, GST_PAD_SOMETIMES, GST_STATIC_CAPS ("application/x-rtp"));
static GstStaticPadTemplate rtcp_src_template = GST_STATIC_PAD_TEMPLATE ("rtcp_src_%u",
    GST_PAD_SRC, GST_PAD_SOMETIMES, GST_STATIC_CAPS ("application/x-rtcp"));

static void
free_queue (gpointer data)
{
  g_queue_free_full (data, (GDestroyNotify) gst_buffer_unref);
}

static GstPad *
make_src_pad (GstCallRtpDemux *self,
              GstStaticPadTemplate *templ,
              const char *media_type,
              guint session)
{
  g_autofree char *name = g_strdup_printf (templ == &rtcp_src_template
                                           ? "rtcp_src_%u" : "rtp_src_%u", session);
  g_autofree char *stream_id = NULL;
  g_autoptr (GstCaps) caps = gst_caps_new_empty_simple (media_type);
  GstEvent *segment, *event;
  GstPad *pad;

  pad = gst_pad_new_from_static_template (templ, name);
  gst_pad_use_fixed_caps (pad);
  gst_pad_set_active (pad, TRUE);

  stream_id = gst_pad_create_stream_id (pad, GST_ELEMENT (self), name);
  /* gst_pad_store_sticky_event() takes its own reference. */
  event = gst_event_new_stream_start (stream_id);
  gst_pad_store_sticky_event (pad, event);
  gst_event_unref (event);
  event = gst_event_new_caps (caps);
  gst_pad_store_sticky_event (pad, event);
  gst_event_unref (event);
  segment = gst_pad_get_sticky_event (self->sink, GST_EVENT_SEGMENT, 0);
  if (!segment) {
    GstSegment time_segment;

    gst_segment_init (&time_segment, GST_FORMAT_TIME);
    segment = gst_event_new_segment (&time_segment);
  }
  gst_pad_store_sticky_event (pad, segment);
  gst_event_unref (segment);

  gst_element_add_pad (GST_ELEMENT (self), pad);
  return pad;
}

/* Streaming thread. */
static SessionPads *
ensure_session (GstCallRtpDemux *self,
                guint            session)
{
  SessionPads *pads;

  if (session >= GST_CALL_RTP_ROUTER_MAX_SESSIONS)
    return NULL;
  pads = &self->sessions[session];
  if (pads->failed)
    return NULL;
  if (pads->rtp)
    return pads;

  pads->rtp = make_src_pad (self, &rtp_src_template, "application/x-rtp", session);
  pads->rtcp = make_src_pad (self, &rtcp_src_template, "application/x-rtcp", session);
  if (!self->session_func ||
      !self->session_func (self, session, pads->rtp, pads->rtcp, self->user_data)) {
    GST_WARNING_OBJECT (self, "session %u could not be made: its packets are dropped",
                        session);
    pads->failed = TRUE;
    return NULL;
  }
  return pads;
}

static GstFlowReturn
push_to_session (GstCallRtpDemux *self,
                 guint            session,
                 gboolean         rtcp,
                 GstBuffer       *buffer)
{
  SessionPads *pads = ensure_session (self, session);
  GstFlowReturn ret;

  if (!pads) {
    gst_buffer_unref (buffer);
    return GST_FLOW_OK;
  }
  ret = gst_pad_push (rtcp ? pads->rtcp : pads->rtp, buffer);
  /* One session not linked or flushing must not stop the others. */
  if (ret == GST_FLOW_NOT_LINKED)
    ret = GST_FLOW_OK;
  if (ret != GST_FLOW_OK)
    GST_DEBUG_OBJECT (self, "session %u: %s", session, gst_flow_get_name (ret));
  return ret;
}

/* Streaming thread: pushes what was held for SSRCs the application has
 * placed since. */
static GstFlowReturn
push_resolved (GstCallRtpDemux *self)
{
  g_autoptr (GPtrArray) queues = NULL;
  g_autoptr (GArray) sessions = NULL;
  GstFlowReturn ret = GST_FLOW_OK;

  g_mutex_lock (&self->lock);
  if (self->resolved->len == 0) {
    g_mutex_unlock (&self->lock);
    return GST_FLOW_OK;
  }
  queues = g_ptr_array_new_with_free_func (free_queue);
  sessions = g_array_new (FALSE, FALSE, sizeof (int));
  for (guint i = 0; i < self->resolved->len; i++) {
    guint32 ssrc = g_array_index (self->resolved, guint32, i);
    GQueue *queue = NULL;
    int session;

    if (!g_hash_table_steal_extended (self->held, GUINT_TO_POINTER (ssrc), NULL,
                                      (gpointer *) &queue))
      continue;
    session = gst_call_rtp_router_lookup (self->router, ssrc);
    g_ptr_array_add (queues, queue);
    g_array_append_val (sessions, session);
  }
  g_array_set_size (self->resolved, 0);
  g_mutex_unlock (&self->lock);

  for (guint i = 0; i < queues->len; i++) {
    GQueue *queue = g_ptr_array_index (queues, i);
    int session = g_array_index (sessions, int, i);
    GstBuffer *buffer;

    while ((buffer = g_queue_pop_head (queue))) {
      if (session < 0 || ret != GST_FLOW_OK) {
        gst_buffer_unref (buffer);
        g_mutex_lock (&self->lock);
        self->held_dropped++;
        g_mutex_unlock (&self->lock);
      } else
        ret = push_to_session (self, (guint) session, FALSE, buffer);
    }
  }
  return ret;
}

static GstFlowReturn
gst_call_rtp_demux_chain (GstPad    *pad,
                          GstObject *parent,
                          GstBuffer *buffer)
{
  GstCallRtpDemux *self = GST_CALL_RTP_DEMUX (parent);
  GstCallRtpRoute route;
  GstMapInfo map;
  GstFlowReturn ret;
  gboolean ask = FALSE;
  gboolean report_table_full = FALSE;

  ret = push_resolved (self);
  if (ret != GST_FLOW_OK) {
    gst_buffer_unref (buffer);
    return ret;
  }

  if (!gst_buffer_map (buffer, &map, GST_MAP_READ)) {
    gst_buffer_unref (buffer);
    return GST_FLOW_OK;
  }
  g_mutex_lock (&self->lock);
  if (self->fixed_session >= 0) {
    /* The port of one media section: RTP or RTCP (RFC 5761), no routing. */
    guint type = map.size >= 2 ? map.data[1] & 0x7F : 0;
    gboolean rtcp = type >= 64 && type <= 95;
    gboolean valid = map.size >= (rtcp ? 8u : 12u) && (map.data[0] >> 6) == 2;
    guint session = (guint) self->fixed_session;

    g_mutex_unlock (&self->lock);
    gst_buffer_unmap (buffer, &map);
    if (!valid) {
      gst_buffer_unref (buffer);
      return GST_FLOW_OK;
    }
    return push_to_session (self, session, rtcp, buffer);
  }
  gst_call_rtp_router_route (self->router, map.data, map.size, &route);
  gst_buffer_unmap (buffer, &map);

  if (route.kind == GST_CALL_RTP_ROUTE_HOLD) {
    GQueue *queue = g_hash_table_lookup (self->held, GUINT_TO_POINTER (route.ssrc));

    if (!queue) {
      queue = g_queue_new ();
      g_hash_table_insert (self->held, GUINT_TO_POINTER (route.ssrc), queue);
    }
    if (g_queue_get_length (queue) < GST_CALL_RTP_DEMUX_MAX_HELD) {
      g_queue_push_tail (queue, buffer);
    } else {
      self->held_dropped++;
      gst_buffer_unref (buffer);
    }
    ask = route.new_ssrc;
    g_mutex_unlock (&self->lock);
    if (ask && self->ask_func)
      self->ask_func (self, &route, self->user_data);
    return GST_FLOW_OK;
  }
  if (route.table_full && !self->table_full_reported) {
    self->table_full_reported = TRUE;
    report_table_full = TRUE;
  }
  g_mutex_unlock (&self->lock);

  if (report_table_full && self->table_full_func)
    self->table_full_func (self, route.ssrc, self->user_data);
  if (route.kind == GST_CALL_RTP_ROUTE_DROP) {
    GST_LOG_OBJECT (self, "dropped a packet of %" G_GSIZE_FORMAT " bytes: %s",
                    gst_buffer_get_size (buffer),
                    gst_call_rtp_drop_reason_to_string (route.drop_reason));
    gst_buffer_unref (buffer);
    return GST_FLOW_OK;
  }

  if (route.new_ssrc)
    GST_DEBUG_OBJECT (self, "SSRC %u (pt %u%s) goes to session %u", route.ssrc,
                      route.payload_type, route.rtx ? ", RTX" : "", route.session);
  return push_to_session (self, route.session, route.kind == GST_CALL_RTP_ROUTE_RTCP,
                          buffer);
}

static gboolean
gst_call_rtp_demux_sink_event (GstPad    *pad,
                               GstObject *parent,
                               GstEvent  *event)
{
  switch (GST_EVENT_TYPE (event)) {
  case GST_EVENT_CAPS:
  case GST_EVENT_STREAM_START:
    /* Each source pad has its own. */
    gst_event_unref (event);
    return TRUE;
  default:
    return gst_pad_event_default (pad, parent, event);
  }
}

static void
gst_call_rtp_demux_finalize (GObject *object)
{
  GstCallRtpDemux *self = GST_CALL_RTP_DEMUX (object);

  if (self->user_data_free)
    self->user_data_free (self->user_data);
  gst_call_rtp_router_free (self->router);
  g_hash_table_unref (self->held);
  g_array_unref (self->resolved);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (gst_call_rtp_demux_parent_class)->finalize (object);
}

static void
gst_call_rtp_demux_class_init (GstCallRtpDemuxClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  object_class->finalize = gst_call_rtp_demux_finalize;

  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &rtp_src_template);
  gst_element_class_add_static_pad_template (element_class, &rtcp_src_template);
  gst_element_class_set_static_metadata (element_class, "RTP bundle demultiplexer",
      "Demuxer/Network/RTP",
      "Routes the RTP and RTCP of one port to rtpbin sessions by SSRC, FID group, "
      "MID and payload type", "The libgstcall authors");
}

static void
gst_call_rtp_demux_init (GstCallRtpDemux *self)
{
  g_mutex_init (&self->lock);
  self->fixed_session = -1;
  self->router = gst_call_rtp_router_new ();
  self->held = g_hash_table_new_full (NULL, NULL, NULL, free_queue);
  self->resolved = g_array_new (FALSE, FALSE, sizeof (guint32));

  self->sink = gst_pad_new_from_static_template (&sink_template, "sink");
  gst_pad_set_chain_function (self->sink, gst_call_rtp_demux_chain);
  gst_pad_set_event_function (self->sink, gst_call_rtp_demux_sink_event);
  gst_element_add_pad (GST_ELEMENT (self), self->sink);
}

GstElement *
gst_call_rtp_demux_new (GstCallRtpDemuxSessionFunc   session_func,
                        GstCallRtpDemuxAskFunc       ask_func,
                        GstCallRtpDemuxTableFullFunc table_full_func,
                        gpointer                     user_data,
                        GDestroyNotify               user_data_free)
{
  GstCallRtpDemux *self = g_object_new (GST_TYPE_CALL_RTP_DEMUX, NULL);

  self->session_func = session_func;
  self->ask_func = ask_func;
  self->table_full_func = table_full_func;
  self->user_data = user_data;
  self->user_data_free = user_data_free;
  return GST_ELEMENT (self);
}

void
gst_call_rtp_demux_set_remote_description (GstCallRtpDemux     *self,
                                           const GstSDPMessage *sdp,
                                           guint               *contradictory_ssrcs)
{
  g_mutex_lock (&self->lock);
  gst_call_rtp_router_set_remote_description (self->router, sdp, contradictory_ssrcs);
  g_mutex_unlock (&self->lock);
}

void
gst_call_rtp_demux_set_fixed_session (GstCallRtpDemux *self,
                                      int              session)
{
  g_mutex_lock (&self->lock);
  self->fixed_session = session;
  g_mutex_unlock (&self->lock);
}

void
gst_call_rtp_demux_set_ask_application (GstCallRtpDemux *self,
                                        gboolean         ask)
{
  g_mutex_lock (&self->lock);
  gst_call_rtp_router_set_ask_application (self->router, ask);
  g_mutex_unlock (&self->lock);
}

void
gst_call_rtp_demux_add_local_ssrc (GstCallRtpDemux *self,
                                   guint32          ssrc,
                                   guint            session)
{
  g_mutex_lock (&self->lock);
  gst_call_rtp_router_add_local_ssrc (self->router, ssrc, session);
  g_mutex_unlock (&self->lock);
}

void
gst_call_rtp_demux_resolve (GstCallRtpDemux *self,
                            guint32          ssrc,
                            int              session)
{
  g_mutex_lock (&self->lock);
  gst_call_rtp_router_resolve (self->router, ssrc, session);
  g_array_append_val (self->resolved, ssrc);
  g_mutex_unlock (&self->lock);
}

int
gst_call_rtp_demux_lookup (GstCallRtpDemux *self,
                           guint32          ssrc)
{
  int session;

  g_mutex_lock (&self->lock);
  session = gst_call_rtp_router_lookup (self->router, ssrc);
  g_mutex_unlock (&self->lock);
  return session;
}

int
gst_call_rtp_demux_signalled_session (GstCallRtpDemux *self,
                                      guint32          ssrc)
{
  int session;

  g_mutex_lock (&self->lock);
  session = gst_call_rtp_router_signalled_session (self->router, ssrc);
  g_mutex_unlock (&self->lock);
  return session;
}

void
gst_call_rtp_demux_get_counters (GstCallRtpDemux          *self,
                                 GstCallRtpRouterCounters *counters)
{
  g_mutex_lock (&self->lock);
  gst_call_rtp_router_get_counters (self->router, counters);
  counters->dropped[GST_CALL_RTP_DROP_LIMIT] += self->held_dropped;
  g_mutex_unlock (&self->lock);
}
