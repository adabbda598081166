/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include <gst/rtp/rtp.h>
#include <gst/webrtc/webrtc.h>

#include "gstcall-stats-collector-private.h"
#include "gstcallstats-private.h"
#include "gstcall-encoder-slot-private.h"
#include "gstcall-frame-monitor-private.h"
#include "gstcallbroadcast-private.h"

/* rtpbin session ids looked at: the RTP transport's and webrtcbin's (one
 * per transceiver without bundle) are far below. */
#define MAX_SESSION_ID 32
/* The session of a stream whose RTP source is gone. */
#define NO_SESSION G_MAXUINT
/* Elements walked upstream from a payloader to find its encoder. */
#define MAX_UPSTREAM_HOPS 16

typedef struct {
  guint session;           /* unique over the pipeline's rtpbins */
  GstStructure *source;    /* rtpsession's source-stats entry */
  gboolean used;
} Source;

/* A stream found, sent or received. */
typedef struct {
  guint session;
  GstCallMediaKind kind;
  gpointer stream;         /* GstCallOutboundStreamStats or GstCallInboundStreamStats */
} Entry;

typedef struct {
  GArray *sources;         /* Source */
  GArray *outbound;        /* Entry */
  GArray *inbound;         /* Entry */
  GHashTable *latencies;   /* SSRC -> jitterbuffer latency in ms + 1 */
  guint rtpbins;
} Collection;

static void
source_clear (gpointer data)
{
  gst_structure_free (((Source *) data)->source);
}

static guint64
get_uint64 (const GstStructure *structure,
            const char         *field)
{
  guint64 value64 = 0;
  guint value = 0;

  if (gst_structure_get_uint64 (structure, field, &value64))
    return value64;
  if (gst_structure_get_uint (structure, field, &value))
    return value;
  return 0;
}

static gboolean
get_boolean (const GstStructure *structure,
             const char         *field)
{
  gboolean value = FALSE;

  gst_structure_get_boolean (structure, field, &value);
  return value;
}

static void
add_rtpbin_sources (Collection *collection,
                    GstElement *rtpbin)
{
  guint first = collection->rtpbins++ * MAX_SESSION_ID;

  for (guint id = 0; id < MAX_SESSION_ID; id++) {
    g_autoptr (GObject) session = NULL;
    g_autoptr (GstStructure) session_stats = NULL;
    const GValue *sources;
    GValueArray *array;

    g_signal_emit_by_name (rtpbin, "get-internal-session", id, &session);
    if (!session)
      continue;
    g_object_get (session, "stats", &session_stats, NULL);
    sources = session_stats ? gst_structure_get_value (session_stats, "source-stats") : NULL;
    /* rtpsession gives a GValueArray of structures. */
    G_GNUC_BEGIN_IGNORE_DEPRECATIONS
    array = sources && G_VALUE_HOLDS (sources, g_value_array_get_type ())
            ? g_value_get_boxed (sources) : NULL;
    for (guint i = 0; array && i < array->n_values; i++) {
      const GValue *value = g_value_array_get_nth (array, i);
      Source source = { first + id, NULL, FALSE };

      /* Senders that paused (a muted track) stop being senders after a
       * while: every source is kept, the unclaimed ones only if senders. */
      if (!GST_VALUE_HOLDS_STRUCTURE (value))
        continue;
      source.source = gst_structure_copy (gst_value_get_structure (value));
      g_array_append_val (collection->sources, source);
    }
    G_GNUC_END_IGNORE_DEPRECATIONS
  }
}

static Source *
find_source (Collection *collection,
             guint       ssrc,
             gboolean    internal)
{
  for (guint i = 0; i < collection->sources->len; i++) {
    Source *source = &g_array_index (collection->sources, Source, i);
    guint source_ssrc = 0;

    gst_structure_get_uint (source->source, "ssrc", &source_ssrc);
    if (source_ssrc == ssrc && get_boolean (source->source, "internal") == internal)
      return source;
  }
  return NULL;
}

static const char *
factory_name (GstElement *element)
{
  GstElementFactory *factory = gst_element_get_factory (element);

  return factory ? gst_plugin_feature_get_name (factory) : NULL;
}

static gboolean
is_encoder (GstElement *element)
{
  GstElementFactory *factory = gst_element_get_factory (element);
  const char *klass = factory ? gst_element_factory_get_metadata (
      factory, GST_ELEMENT_METADATA_KLASS) : NULL;

  return klass && strstr (klass, "Encoder");
}

/* The encoder slot (or, for media libgstcall did not encode, any encoder)
 * upstream of a payloader's sink pad, through queues, parsers, capsfilters
 * and bin boundaries. (transfer full) */
static GstElement *
find_encoder_upstream (GstElement *payloader)
{
  g_autoptr (GstPad) pad = gst_element_get_static_pad (payloader, "sink");

  for (guint hop = 0; pad && hop < MAX_UPSTREAM_HOPS; hop++) {
    g_autoptr (GstPad) peer = gst_pad_get_peer (pad);
    g_autoptr (GstElement) element = NULL;

    g_clear_object (&pad);
    if (!peer)
      break;
    if (GST_IS_PROXY_PAD (peer) && !GST_IS_GHOST_PAD (peer)) {
      /* Inside a bin, at its sink ghost pad: go on outside. */
      pad = GST_PAD (gst_proxy_pad_get_internal (GST_PROXY_PAD (peer)));
      continue;
    }
    element = gst_pad_get_parent_element (peer);
    if (!element)
      break;
    if (GST_IS_CALL_ENCODER_SLOT (element) || is_encoder (element))
      return g_steal_pointer (&element);
    if (GST_IS_GHOST_PAD (peer)) {
      /* The source ghost pad of a bin: go on inside. */
      g_autoptr (GstPad) target = gst_ghost_pad_get_target (GST_GHOST_PAD (peer));
      g_autoptr (GstElement) inner = target ? gst_pad_get_parent_element (target) : NULL;

      if (!inner)
        break;
      if (GST_IS_CALL_ENCODER_SLOT (inner) || is_encoder (inner))
        return g_steal_pointer (&inner);
      pad = gst_element_get_static_pad (inner, "sink");
      continue;
    }
    pad = gst_element_get_static_pad (element, "sink");
  }
  return NULL;
}

static void
add_outbound (Collection *collection,
              GstElement *payloader)
{
  g_autoptr (GstStructure) payloader_stats = NULL;
  g_autoptr (GstPad) src = gst_element_get_static_pad (payloader, "src");
  g_autoptr (GstCaps) caps = src ? gst_pad_get_current_caps (src) : NULL;
  g_autoptr (GstElement) encoder = NULL;
  const GstStructure *structure;
  GstCallOutboundStreamStats *stream;
  const char *media;
  guint ssrc = 0, payload_type = 0;
  Source *source;
  Entry entry;

  g_object_get (payloader, "stats", &payloader_stats, NULL);
  if (!payloader_stats || !caps || gst_caps_get_size (caps) == 0 ||
      !gst_structure_get_uint (payloader_stats, "ssrc", &ssrc))
    return;
  source = find_source (collection, ssrc, TRUE);
  if (source)
    source->used = TRUE;
  gst_structure_get_uint (payloader_stats, "pt", &payload_type);
  structure = gst_caps_get_structure (caps, 0);
  media = gst_structure_get_string (structure, "media");

  stream = g_object_new (GST_TYPE_CALL_OUTBOUND_STREAM_STATS, NULL);
  stream->ssrc = ssrc;
  stream->kind = g_strcmp0 (media, "video") == 0 ? GST_CALL_MEDIA_KIND_VIDEO
                                                  : GST_CALL_MEDIA_KIND_AUDIO;
  stream->codec = g_strdup (gst_structure_get_string (structure, "encoding-name"));
  stream->payload_type = payload_type;
  if (source) {
    stream->bytes_sent = get_uint64 (source->source, "octets-sent");
    stream->packets_sent = get_uint64 (source->source, "packets-sent");
    stream->bitrate = get_uint64 (source->source, "bitrate");
    stream->nack_count = get_uint64 (source->source, "recv-nack-count");
    stream->pli_count = get_uint64 (source->source, "recv-pli-count");
    stream->fir_count = get_uint64 (source->source, "recv-fir-count");
  }

  encoder = find_encoder_upstream (payloader);
  if (encoder && GST_IS_CALL_ENCODER_SLOT (encoder)) {
    GstCallEncoderSlot *slot = GST_CALL_ENCODER_SLOT (encoder);
    g_autoptr (GstElement) element = gst_call_encoder_slot_get_encoder (slot);

    stream->encoder = element ? g_strdup (factory_name (element)) : NULL;
    stream->frames_sent = gst_call_encoder_slot_get_frames_encoded (slot);
    stream->target_bitrate = (guint64) gst_call_encoder_slot_get_effective_bitrate (slot) * 1000;
    /* As libwebrtc: the machine first, as lowering the bitrate would not
     * help it. */
    if (gst_call_encoder_slot_is_limited_by_cpu (slot))
      stream->quality_limitation_reason = "cpu";
    else if (gst_call_encoder_slot_is_limited_by_congestion (slot))
      stream->quality_limitation_reason = "bandwidth";
  } else if (encoder) {
    stream->encoder = g_strdup (factory_name (encoder));
  }

  /* Without its RTP source: nothing sent yet, or the RTP session dropped
   * the source of a track paused for long (a muted track). A stream whose
   * encoder produced frames is still listed, with those. */
  if (!source && stream->frames_sent == 0) {
    g_object_unref (stream);
    return;
  }
  entry.session = source ? source->session : NO_SESSION;
  entry.kind = stream->kind;
  entry.stream = stream;
  g_array_append_val (collection->outbound, entry);
}

/* A broadcast's packets, payloaded by the shared encoder and given to
 * this call by the broadcast's source element in its pipeline. */
static void
add_broadcast_outbound (Collection *collection,
                        GstElement *viewer_source)
{
  g_autoptr (GstCaps) caps = NULL;
  const GstStructure *structure;
  GstCallOutboundStreamStats *stream;
  guint64 frames_sent = 0;
  guint ssrc = 0;
  int payload_type = 0;
  Source *source;
  Entry entry;

  g_object_get (viewer_source, "caps", &caps, NULL);
  if (!caps || gst_caps_get_size (caps) == 0)
    return;
  structure = gst_caps_get_structure (caps, 0);
  if (!gst_structure_get_uint (structure, "ssrc", &ssrc))
    return;
  gst_call_broadcast_read_viewer (viewer_source, &frames_sent);
  source = find_source (collection, ssrc, TRUE);
  if (!source && frames_sent == 0)
    return;
  if (source)
    source->used = TRUE;
  gst_structure_get_int (structure, "payload", &payload_type);

  stream = g_object_new (GST_TYPE_CALL_OUTBOUND_STREAM_STATS, NULL);
  stream->ssrc = ssrc;
  stream->kind = g_strcmp0 (gst_structure_get_string (structure, "media"), "video") == 0
                     ? GST_CALL_MEDIA_KIND_VIDEO : GST_CALL_MEDIA_KIND_AUDIO;
  stream->codec = g_strdup (gst_structure_get_string (structure, "encoding-name"));
  stream->payload_type = (guint) payload_type;
  stream->frames_sent = frames_sent;
  if (source) {
    stream->bytes_sent = get_uint64 (source->source, "octets-sent");
    stream->packets_sent = get_uint64 (source->source, "packets-sent");
    stream->bitrate = get_uint64 (source->source, "bitrate");
    stream->nack_count = get_uint64 (source->source, "recv-nack-count");
    stream->pli_count = get_uint64 (source->source, "recv-pli-count");
    stream->fir_count = get_uint64 (source->source, "recv-fir-count");
  }
  entry.session = source ? source->session : NO_SESSION;
  entry.kind = stream->kind;
  entry.stream = stream;
  g_array_append_val (collection->outbound, entry);
}

/* What rtpsession knows of a stream received. */
static void
read_remote_source (GstCallInboundStreamStats *stream,
                    const GstStructure        *source)
{
  guint jitter = 0;
  int clock_rate = 0, lost = 0;

  stream->bytes_received = get_uint64 (source, "octets-received");
  stream->packets_received = get_uint64 (source, "packets-received");
  stream->bitrate = get_uint64 (source, "bitrate");
  stream->nack_count = get_uint64 (source, "sent-nack-count");
  if (gst_structure_get_int (source, "packets-lost", &lost))
    stream->packets_lost = lost;
  /* In RTP timestamp units. */
  if (gst_structure_get_uint (source, "jitter", &jitter) &&
      gst_structure_get_int (source, "clock-rate", &clock_rate) && clock_rate > 0)
    stream->jitter = jitter / (double) clock_rate;
}

static void
add_inbound (Collection          *collection,
             GstCallFrameMonitor *monitor)
{
  GstCallFrameMonitorReading reading = { 0 };
  GstCallInboundStreamStats *stream;
  Source *source;
  Entry entry;

  gst_call_frame_monitor_read (monitor, &reading);
  if (!reading.have_ssrc) {
    gst_call_frame_monitor_reading_clear (&reading);
    return; /* no packet yet */
  }
  /* Without its RTP source (the call is over and the RTP session gone),
   * the stream still has its frames. */
  source = find_source (collection, reading.ssrc, FALSE);
  if (source)
    source->used = TRUE;

  stream = g_object_new (GST_TYPE_CALL_INBOUND_STREAM_STATS, NULL);
  stream->ssrc = reading.ssrc;
  stream->kind = reading.kind;
  stream->codec = g_steal_pointer (&reading.codec);
  stream->decoder = g_steal_pointer (&reading.decoder);
  stream->payload_type = reading.payload_type;
  stream->frames_received = reading.frames_received;
  stream->frames_decoded = reading.frames_decoded;
  stream->frames_dropped = reading.frames_dropped;
  stream->freeze_count = reading.freeze_count;
  gst_call_frame_monitor_reading_clear (&reading);
  if (source)
    read_remote_source (stream, source->source);

  entry.session = source ? source->session : NO_SESSION;
  entry.kind = stream->kind;
  entry.stream = stream;
  g_array_append_val (collection->inbound, entry);
}

/* The SSRC a jitterbuffer holds: rtpbin links it to rtpssrcdemux's
 * src_SSRC pad. */
static void
add_jitterbuffer (Collection *collection,
                  GstElement *jitterbuffer)
{
  g_autoptr (GstPad) sink = gst_element_get_static_pad (jitterbuffer, "sink");
  g_autoptr (GstPad) peer = sink ? gst_pad_get_peer (sink) : NULL;
  guint ssrc = 0, latency = 0;

  if (!peer || sscanf (GST_PAD_NAME (peer), "src_%u", &ssrc) != 1)
    return;
  g_object_get (jitterbuffer, "latency", &latency, NULL);
  g_hash_table_insert (collection->latencies, GUINT_TO_POINTER (ssrc),
                       GUINT_TO_POINTER (latency + 1));
}

static void
scan_pipeline (Collection *collection,
               GstElement *pipeline)
{
  GPtrArray *payloaders = g_ptr_array_new_with_free_func (gst_object_unref);
  GPtrArray *decodebins = g_ptr_array_new_with_free_func (gst_object_unref);
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (pipeline));
  GValue item = G_VALUE_INIT;
  gboolean done = FALSE;

  /* Sources first: the payloaders and monitors are matched against them. */
  while (!done) {
    switch (gst_iterator_next (it, &item)) {
      case GST_ITERATOR_OK: {
        GstElement *element = g_value_get_object (&item);
        const char *name = factory_name (element);

        if (g_strcmp0 (name, "rtpbin") == 0)
          add_rtpbin_sources (collection, element);
        else if (g_strcmp0 (name, "rtpjitterbuffer") == 0)
          add_jitterbuffer (collection, element);
        else if (GST_IS_RTP_BASE_PAYLOAD (element) ||
                 gst_call_broadcast_read_viewer (element, NULL))
          g_ptr_array_add (payloaders, gst_object_ref (element));
        else if (gst_call_frame_monitor_get (element))
          g_ptr_array_add (decodebins, gst_object_ref (element));
        g_value_reset (&item);
        break;
      }
      case GST_ITERATOR_RESYNC:
        /* The pipeline changed under us: start again. */
        g_array_set_size (collection->sources, 0);
        g_hash_table_remove_all (collection->latencies);
        g_ptr_array_set_size (payloaders, 0);
        g_ptr_array_set_size (decodebins, 0);
        collection->rtpbins = 0;
        gst_iterator_resync (it);
        break;
      default:
        done = TRUE;
        break;
    }
  }
  g_value_unset (&item);
  gst_iterator_free (it);

  for (guint i = 0; i < payloaders->len; i++) {
    if (GST_IS_RTP_BASE_PAYLOAD (payloaders->pdata[i]))
      add_outbound (collection, payloaders->pdata[i]);
    else
      add_broadcast_outbound (collection, payloaders->pdata[i]);
  }
  /* A monitor lives as long as its decodebin. */
  for (guint i = 0; i < decodebins->len; i++)
    add_inbound (collection, gst_call_frame_monitor_get (decodebins->pdata[i]));
  g_ptr_array_unref (payloaders);
  g_ptr_array_unref (decodebins);
}

/* The index of the only video stream of @session in @entries; -1 when
 * there is none, -2 when there are several. */
static int
find_only_video (GArray *entries,
                 guint   session)
{
  int found = -1;

  for (guint i = 0; i < entries->len; i++) {
    Entry *entry = &g_array_index (entries, Entry, i);

    if (entry->session == session && entry->kind == GST_CALL_MEDIA_KIND_VIDEO)
      found = found == -1 ? (int) i : -2;
  }
  return found;
}

/* Sender sources no payloader or decode branch claimed: retransmission
 * streams of the session's video, or streams received before their decode
 * branch exists. */
static void
add_unclaimed_sources (Collection *collection)
{
  for (guint i = 0; i < collection->sources->len; i++) {
    Source *source = &g_array_index (collection->sources, Source, i);
    int video;

    /* Retransmissions (RTX) are video's, on an SSRC of their own. */
    if (source->used || !get_boolean (source->source, "is-sender"))
      continue;
    if (get_boolean (source->source, "internal")) {
      video = find_only_video (collection->outbound, source->session);
      if (video >= 0) {
        GstCallOutboundStreamStats *stream =
            g_array_index (collection->outbound, Entry, video).stream;

        stream->retransmitted_bytes_sent += get_uint64 (source->source, "octets-sent");
        stream->retransmitted_packets_sent += get_uint64 (source->source, "packets-sent");
      }
      continue;
    }

    video = find_only_video (collection->inbound, source->session);
    if (video >= 0) {
      GstCallInboundStreamStats *stream =
          g_array_index (collection->inbound, Entry, video).stream;

      stream->retransmitted_bytes_received += get_uint64 (source->source, "octets-received");
      stream->retransmitted_packets_received += get_uint64 (source->source, "packets-received");
    } else if (video == -1) {
      GstCallInboundStreamStats *stream = g_object_new (GST_TYPE_CALL_INBOUND_STREAM_STATS, NULL);
      Entry entry = { source->session, GST_CALL_MEDIA_KIND_AUDIO, stream };
      int clock_rate = 0;

      /* A stream whose decode branch is not there yet. */
      gst_structure_get_uint (source->source, "ssrc", &stream->ssrc);
      read_remote_source (stream, source->source);
      gst_structure_get_int (source->source, "clock-rate", &clock_rate);
      stream->kind = clock_rate == 90000 ? GST_CALL_MEDIA_KIND_VIDEO : GST_CALL_MEDIA_KIND_AUDIO;
      entry.kind = stream->kind;
      source->used = TRUE;
      g_array_append_val (collection->inbound, entry);
    }
  }
}

/* The round trip time of each stream sent, from the last receiver report
 * each remote source sent about it (16.16 fixed point seconds); returns the
 * longest. */
static double
read_round_trip_times (Collection *collection)
{
  double longest = 0;

  for (guint i = 0; i < collection->sources->len; i++) {
    const GstStructure *source = g_array_index (collection->sources, Source, i).source;
    guint about = 0, round_trip = 0;

    if (get_boolean (source, "internal") || !get_boolean (source, "have-rb") ||
        !gst_structure_get_uint (source, "rb-ssrc", &about) ||
        !gst_structure_get_uint (source, "rb-round-trip", &round_trip) || !round_trip)
      continue;
    longest = MAX (longest, round_trip / 65536.0);
    for (guint j = 0; j < collection->outbound->len; j++) {
      GstCallOutboundStreamStats *stream = g_array_index (collection->outbound, Entry, j).stream;

      if (stream->ssrc == about)
        stream->round_trip_time = round_trip / 65536.0;
    }
  }
  return longest;
}

/* A candidate of the report: @id_field of the candidate pair names it.
 * Follow the ids: webrtcbin 1.22 gives the local candidate the stats type
 * remote-candidate and the other way round. */
static const GstStructure *
find_candidate (const GstStructure *report,
                const GstStructure *pair,
                const char         *id_field)
{
  const char *id = gst_structure_get_string (pair, id_field);
  const GValue *value = id ? gst_structure_get_value (report, id) : NULL;

  return value && GST_VALUE_HOLDS_STRUCTURE (value) ? gst_value_get_structure (value) : NULL;
}

/* The selected candidate pair: transport -> selected-candidate-pair-id ->
 * candidate-pair -> local-/remote-candidate-id -> candidates. */
static GstCallCandidatePairStats *
read_candidate_pair (const GstStructure *report)
{
  for (guint i = 0; i < (guint) gst_structure_n_fields (report); i++) {
    const GValue *value = gst_structure_get_value (report,
                                                   gst_structure_nth_field_name (report, i));
    const GstStructure *entry, *pair, *local, *remote;
    GstCallCandidatePairStats *stats;
    GstWebRTCStatsType type;
    const char *pair_id;

    if (!GST_VALUE_HOLDS_STRUCTURE (value))
      continue;
    entry = gst_value_get_structure (value);
    if (!gst_structure_get (entry, "type", GST_TYPE_WEBRTC_STATS_TYPE, &type, NULL) ||
        type != GST_WEBRTC_STATS_TRANSPORT)
      continue;
    pair_id = gst_structure_get_string (entry, "selected-candidate-pair-id");
    value = pair_id ? gst_structure_get_value (report, pair_id) : NULL;
    if (!value || !GST_VALUE_HOLDS_STRUCTURE (value))
      continue;
    pair = gst_value_get_structure (value);
    local = find_candidate (report, pair, "local-candidate-id");
    remote = find_candidate (report, pair, "remote-candidate-id");
    if (!local || !remote)
      continue;

    stats = g_object_new (GST_TYPE_CALL_CANDIDATE_PAIR_STATS, NULL);
    stats->local_candidate_type = g_strdup (gst_structure_get_string (local, "candidate-type"));
    stats->local_address = g_strdup (gst_structure_get_string (local, "address"));
    gst_structure_get_uint (local, "port", &stats->local_port);
    stats->remote_candidate_type = g_strdup (gst_structure_get_string (remote, "candidate-type"));
    stats->remote_address = g_strdup (gst_structure_get_string (remote, "address"));
    gst_structure_get_uint (remote, "port", &stats->remote_port);
    return stats;
  }
  return NULL;
}

struct _GstCallStatsHistory {
  GHashTable *sent;      /* SSRC -> Reading */
  GHashTable *received;
};

/* Where a stream's bitrate is measured from: moved on once a second, so a
 * bitrate always covers a good fraction of a second whatever the reading
 * pace. */
typedef struct {
  guint64 bytes;
  gint64 at;             /* monotonic microseconds */
  guint64 bitrate;       /* the last measured */
} Reading;

#define BITRATE_WINDOW G_USEC_PER_SEC
#define BITRATE_MIN_WINDOW (100 * G_TIME_SPAN_MILLISECOND)

GstCallStatsHistory *
gst_call_stats_history_new (void)
{
  GstCallStatsHistory *history = g_new0 (GstCallStatsHistory, 1);

  history->sent = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  history->received = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  return history;
}

void
gst_call_stats_history_free (GstCallStatsHistory *history)
{
  if (!history)
    return;
  g_hash_table_unref (history->sent);
  g_hash_table_unref (history->received);
  g_free (history);
}

/* The bitrate since the stream's base reading (up to a second or so ago);
 * on the first reading, the RTP session's own estimate. */
static guint64
measure_bitrate (GHashTable *readings,
                 guint       ssrc,
                 guint64     bytes,
                 gint64      now,
                 guint64     estimate)
{
  Reading *base = g_hash_table_lookup (readings, GUINT_TO_POINTER (ssrc));

  if (!base) {
    base = g_new0 (Reading, 1);
    base->bytes = bytes;
    base->at = now;
    base->bitrate = estimate;
    g_hash_table_insert (readings, GUINT_TO_POINTER (ssrc), base);
    return estimate;
  }
  if (now - base->at >= BITRATE_MIN_WINDOW && bytes >= base->bytes)
    base->bitrate = (bytes - base->bytes) * 8 * G_USEC_PER_SEC / (guint64) (now - base->at);
  if (now - base->at >= BITRATE_WINDOW) {
    base->bytes = bytes;
    base->at = now;
  }
  return base->bitrate;
}

static void
measure_bitrates (Collection          *collection,
                  GstCallStatsHistory *history)
{
  gint64 now = g_get_monotonic_time ();

  for (guint i = 0; i < collection->outbound->len; i++) {
    GstCallOutboundStreamStats *stream = g_array_index (collection->outbound, Entry, i).stream;

    stream->bitrate = measure_bitrate (history->sent, stream->ssrc, stream->bytes_sent, now,
                                       stream->bitrate);
  }
  for (guint i = 0; i < collection->inbound->len; i++) {
    GstCallInboundStreamStats *stream = g_array_index (collection->inbound, Entry, i).stream;

    stream->bitrate = measure_bitrate (history->received, stream->ssrc, stream->bytes_received,
                                       now, stream->bitrate);
  }
}

static void
move_streams (GArray    *entries,
              GPtrArray *streams)
{
  for (guint i = 0; i < entries->len; i++)
    g_ptr_array_add (streams, g_array_index (entries, Entry, i).stream);
  g_array_set_size (entries, 0);
}

GstCallStats *
gst_call_stats_collect (GstElement          *pipeline,
                        const GstStructure  *webrtc_report,
                        GstCallStatsHistory *history)
{
  GstCallStats *stats = g_object_new (GST_TYPE_CALL_STATS, NULL);
  Collection collection = { 0 };
  double round_trip_time;

  stats->timestamp = g_get_real_time ();
  if (!pipeline)
    return stats;

  collection.sources = g_array_new (FALSE, TRUE, sizeof (Source));
  g_array_set_clear_func (collection.sources, source_clear);
  collection.outbound = g_array_new (FALSE, TRUE, sizeof (Entry));
  collection.inbound = g_array_new (FALSE, TRUE, sizeof (Entry));
  collection.latencies = g_hash_table_new (NULL, NULL);

  scan_pipeline (&collection, pipeline);
  add_unclaimed_sources (&collection);
  round_trip_time = read_round_trip_times (&collection);
  if (history)
    measure_bitrates (&collection, history);
  for (guint i = 0; i < collection.inbound->len; i++) {
    GstCallInboundStreamStats *stream = g_array_index (collection.inbound, Entry, i).stream;
    guint latency = GPOINTER_TO_UINT (g_hash_table_lookup (collection.latencies,
                                                           GUINT_TO_POINTER (stream->ssrc)));

    if (latency)
      stream->jitter_buffer_delay = (latency - 1) / 1000.0;
  }
  if (webrtc_report) {
    stats->candidate_pair = read_candidate_pair (webrtc_report);
    if (stats->candidate_pair)
      stats->candidate_pair->round_trip_time = round_trip_time;
  }

  move_streams (collection.outbound, stats->outbound_streams);
  move_streams (collection.inbound, stats->inbound_streams);
  g_array_unref (collection.sources);
  g_array_unref (collection.outbound);
  g_array_unref (collection.inbound);
  g_hash_table_unref (collection.latencies);
  return stats;
}
