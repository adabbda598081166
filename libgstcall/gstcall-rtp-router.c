/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcall-rtp-router-private.h"
#include "gstcall-private.h"

#define MID_EXTENSION_URI "urn:ietf:params:rtp-hdrext:sdes:mid"

/* Payload type table values besides a session. */
#define PT_NONE      (-1)
#define PT_AMBIGUOUS (-2)

typedef enum {
  SSRC_ROUTED,
  SSRC_PENDING,
  SSRC_BLOCKED,   /* sent to a session past the limit: dropped */
} SsrcState;

typedef struct {
  SsrcState state;
  guint session;
  gboolean has_default;
  guint default_session;
  gboolean rtx;
  gboolean signalled;   /* named by the remote description: never replaced */
  gint64 last_heard;    /* monotonic microseconds */
  guint64 packets;
} SsrcEntry;

struct _GstCallRtpRouter {
  GHashTable *ssrcs;            /* SSRC -> SsrcEntry: every SSRC seen in RTP */
  GHashTable *local_ssrcs;      /* SSRC -> session + 1 */
  GHashTable *signalled_ssrcs;  /* SSRC -> session + 1, from a=ssrc */
  GHashTable *fid;              /* RTX SSRC -> media SSRC */
  GHashTable *contradictory;    /* SSRC set: named by contradicting FID groups */
  GHashTable *mids;             /* mid -> session + 1 */
  int payload_types[128];       /* -> session, PT_NONE, PT_AMBIGUOUS */
  gboolean rtx_payload_types[128];
  gboolean have_description;
  guint mid_extension_id;       /* 0: none */
  gboolean ask_application;
  gboolean names_ssrcs[GST_CALL_RTP_ROUTER_MAX_SESSIONS]; /* a=ssrc or FID lines */
  guint unsignalled;            /* entries of ssrcs that are not signalled */

  GstCallRtpRouterCounters counters;
};

GstCallRtpRouter *
gst_call_rtp_router_new (void)
{
  GstCallRtpRouter *router = g_new0 (GstCallRtpRouter, 1);

  router->ssrcs = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  router->local_ssrcs = g_hash_table_new (NULL, NULL);
  router->signalled_ssrcs = g_hash_table_new (NULL, NULL);
  router->fid = g_hash_table_new (NULL, NULL);
  router->contradictory = g_hash_table_new (NULL, NULL);
  router->mids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (router->payload_types); i++)
    router->payload_types[i] = PT_NONE;
  return router;
}

void
gst_call_rtp_router_free (GstCallRtpRouter *router)
{
  if (!router)
    return;
  g_hash_table_unref (router->ssrcs);
  g_hash_table_unref (router->local_ssrcs);
  g_hash_table_unref (router->signalled_ssrcs);
  g_hash_table_unref (router->fid);
  g_hash_table_unref (router->contradictory);
  g_hash_table_unref (router->mids);
  g_free (router);
}

const char *
gst_call_rtp_drop_reason_to_string (GstCallRtpDropReason reason)
{
  switch (reason) {
  case GST_CALL_RTP_DROP_NONE: return "none";
  case GST_CALL_RTP_DROP_INVALID: return "invalid";
  case GST_CALL_RTP_DROP_UNKNOWN_SSRC: return "unknown-ssrc";
  case GST_CALL_RTP_DROP_UNKNOWN_PAYLOAD_TYPE: return "unknown-payload-type";
  case GST_CALL_RTP_DROP_CONTRADICTORY: return "contradictory";
  case GST_CALL_RTP_DROP_LIMIT: return "limit";
  case GST_CALL_RTP_DROP_N_REASONS: break;
  }
  return "unknown";
}

static gboolean
parse_uint32 (const char *text,
              guint32    *value)
{
  guint64 parsed;
  char *end = NULL;

  if (!text || !g_ascii_isdigit (*text))
    return FALSE;
  parsed = g_ascii_strtoull (text, &end, 10);
  if (end == text || parsed > G_MAXUINT32 || (*end != '\0' && *end != ' '))
    return FALSE;
  *value = (guint32) parsed;
  return TRUE;
}

#define TO_VALUE(x) GUINT_TO_POINTER ((guint) (x) + 1)
#define FROM_VALUE(p) ((int) GPOINTER_TO_UINT (p) - 1)

static void
mark_contradictory (GstCallRtpRouter *router,
                    guint32           ssrc)
{
  g_hash_table_add (router->contradictory, GUINT_TO_POINTER (ssrc));
}

/* a=ssrc-group:FID MEDIA RTX in section @session. Contradictions: an SSRC
 * repairing itself or two SSRCs, repaired by two, or named in two
 * sections. */
static void
add_fid_group (GstCallRtpRouter *router,
               const char       *value,
               guint             session,
               GHashTable       *media_ssrcs)
{
  g_auto (GStrv) words = g_strsplit (value, " ", -1);
  guint32 media, rtx;
  gpointer previous;

  if (g_strv_length (words) < 3 || g_strcmp0 (words[0], "FID") != 0)
    return;
  if (!parse_uint32 (words[1], &media) || !parse_uint32 (words[2], &rtx))
    return;

  if (media == rtx ||
      (g_hash_table_lookup_extended (router->fid, GUINT_TO_POINTER (rtx), NULL, &previous) &&
       GPOINTER_TO_UINT (previous) != media) ||
      g_hash_table_contains (router->fid, GUINT_TO_POINTER (media)) ||
      g_hash_table_contains (media_ssrcs, GUINT_TO_POINTER (rtx))) {
    GST_WARNING ("contradictory FID group \"%s\": SSRCs %u and %u are dropped",
                 value, media, rtx);
    mark_contradictory (router, media);
    mark_contradictory (router, rtx);
    previous = g_hash_table_lookup (router->fid, GUINT_TO_POINTER (rtx));
    if (previous)
      mark_contradictory (router, GPOINTER_TO_UINT (previous));
    return;
  }

  for (guint i = 0; i < 2; i++) {
    guint32 ssrc = i == 0 ? media : rtx;
    gpointer signalled;

    if (g_hash_table_lookup_extended (router->signalled_ssrcs, GUINT_TO_POINTER (ssrc),
                                      NULL, &signalled) &&
        FROM_VALUE (signalled) != (int) session) {
      GST_WARNING ("FID group \"%s\": SSRC %u is in sections %d and %u",
                   value, ssrc, FROM_VALUE (signalled), session);
      mark_contradictory (router, media);
      mark_contradictory (router, rtx);
      return;
    }
  }

  g_hash_table_insert (router->fid, GUINT_TO_POINTER (rtx), GUINT_TO_POINTER (media));
  g_hash_table_add (media_ssrcs, GUINT_TO_POINTER (media));
  g_hash_table_insert (router->signalled_ssrcs, GUINT_TO_POINTER (media), TO_VALUE (session));
  g_hash_table_insert (router->signalled_ssrcs, GUINT_TO_POINTER (rtx), TO_VALUE (session));
}

static void
add_payload_types (GstCallRtpRouter   *router,
                   const GstSDPMedia  *media,
                   guint               session)
{
  for (guint i = 0; i < gst_sdp_media_formats_len (media); i++) {
    const char *format = gst_sdp_media_get_format (media, i);
    guint32 payload_type;

    if (!parse_uint32 (format, &payload_type) || payload_type > 127)
      continue;
    if (router->payload_types[payload_type] == PT_NONE)
      router->payload_types[payload_type] = (int) session;
    else if (router->payload_types[payload_type] != (int) session)
      router->payload_types[payload_type] = PT_AMBIGUOUS;
  }

  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);
    guint32 payload_type;

    if (g_strcmp0 (attribute->key, "rtpmap") != 0 || !attribute->value)
      continue;
    if (!parse_uint32 (attribute->value, &payload_type) || payload_type > 127)
      continue;
    {
      const char *name = strchr (attribute->value, ' ');

      if (name && g_ascii_strncasecmp (name + 1, "rtx/", 4) == 0)
        router->rtx_payload_types[payload_type] = TRUE;
    }
  }
}

/* Whether the description names @ssrc (a=ssrc or an FID group). */
static gboolean
is_signalled (GstCallRtpRouter *router,
              guint32           ssrc)
{
  return g_hash_table_contains (router->signalled_ssrcs, GUINT_TO_POINTER (ssrc)) ||
         g_hash_table_contains (router->fid, GUINT_TO_POINTER (ssrc));
}

static void
remove_entry (GstCallRtpRouter *router,
              guint32           ssrc)
{
  SsrcEntry *entry = g_hash_table_lookup (router->ssrcs, GUINT_TO_POINTER (ssrc));

  if (!entry)
    return;
  if (!entry->signalled)
    router->unsignalled--;
  g_hash_table_remove (router->ssrcs, GUINT_TO_POINTER (ssrc));
  router->counters.ssrcs = g_hash_table_size (router->ssrcs);
}

void
gst_call_rtp_router_set_remote_description (GstCallRtpRouter    *router,
                                            const GstSDPMessage *sdp,
                                            guint               *contradictory_ssrcs)
{
  g_autoptr (GHashTable) media_ssrcs = g_hash_table_new (NULL, NULL);
  guint n_medias = MIN (gst_sdp_message_medias_len (sdp), GST_CALL_RTP_ROUTER_MAX_SESSIONS);

  g_hash_table_remove_all (router->signalled_ssrcs);
  g_hash_table_remove_all (router->fid);
  g_hash_table_remove_all (router->contradictory);
  g_hash_table_remove_all (router->mids);
  for (guint i = 0; i < G_N_ELEMENTS (router->payload_types); i++) {
    router->payload_types[i] = PT_NONE;
    router->rtx_payload_types[i] = FALSE;
  }
  router->mid_extension_id = 0;
  router->have_description = TRUE;
  memset (router->names_ssrcs, 0, sizeof router->names_ssrcs);

  for (guint session = 0; session < n_medias; session++) {
    const GstSDPMedia *media = gst_sdp_message_get_media (sdp, session);

    add_payload_types (router, media, session);

    for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
      const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);
      const char *value = attribute->value ? attribute->value : "";
      guint32 ssrc;

      if (g_strcmp0 (attribute->key, "mid") == 0 && *value &&
          strlen (value) <= GST_CALL_RTP_ROUTER_MAX_MID_LEN) {
        if (!g_hash_table_contains (router->mids, value))
          g_hash_table_insert (router->mids, g_strdup (value), TO_VALUE (session));
      } else if (g_strcmp0 (attribute->key, "ssrc") == 0 && parse_uint32 (value, &ssrc)) {
        gpointer signalled;

        router->names_ssrcs[session] = TRUE;
        if (g_hash_table_lookup_extended (router->signalled_ssrcs, GUINT_TO_POINTER (ssrc),
                                          NULL, &signalled) &&
            FROM_VALUE (signalled) != (int) session) {
          GST_WARNING ("SSRC %u is signalled in sections %d and %u: dropped",
                       ssrc, FROM_VALUE (signalled), session);
          mark_contradictory (router, ssrc);
        } else {
          g_hash_table_insert (router->signalled_ssrcs, GUINT_TO_POINTER (ssrc),
                               TO_VALUE (session));
        }
      } else if (g_strcmp0 (attribute->key, "ssrc-group") == 0) {
        router->names_ssrcs[session] = TRUE;
        add_fid_group (router, value, session, media_ssrcs);
      } else if (g_strcmp0 (attribute->key, "extmap") == 0) {
        guint32 id = 0;
        const char *uri = strchr (value, ' ');

        if (uri && parse_uint32 (value, &id) == FALSE) {
          /* "ID/direction URI" */
          char *slash = strchr (value, '/');

          if (slash && slash < uri) {
            g_autofree char *number = g_strndup (value, slash - value);

            if (!parse_uint32 (number, &id))
              continue;
          } else {
            continue;
          }
        }
        if (uri && g_str_has_prefix (uri + 1, MID_EXTENSION_URI) && id >= 1 && id <= 255)
          router->mid_extension_id = id;
      }
    }
  }

  /* Whatever a contradiction names is not routed by the description. */
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, router->contradictory);
    while (g_hash_table_iter_next (&iter, &key, NULL)) {
      g_hash_table_remove (router->signalled_ssrcs, key);
      g_hash_table_remove (router->fid, key);
      g_hash_table_remove (router->ssrcs, key);
    }
  }
  /* What the new description names is signalled from now on. */
  {
    GHashTableIter iter;
    gpointer key, value;

    router->unsignalled = 0;
    g_hash_table_iter_init (&iter, router->ssrcs);
    while (g_hash_table_iter_next (&iter, &key, &value)) {
      SsrcEntry *entry = value;

      entry->signalled = is_signalled (router, GPOINTER_TO_UINT (key));
      if (!entry->signalled)
        router->unsignalled++;
    }
    router->counters.ssrcs = g_hash_table_size (router->ssrcs);
  }
  router->counters.contradictory_ssrcs = g_hash_table_size (router->contradictory);
  if (contradictory_ssrcs)
    *contradictory_ssrcs = router->counters.contradictory_ssrcs;
}

void
gst_call_rtp_router_set_ask_application (GstCallRtpRouter *router,
                                         gboolean          ask)
{
  router->ask_application = ask;
}

void
gst_call_rtp_router_add_local_ssrc (GstCallRtpRouter *router,
                                    guint32           ssrc,
                                    guint             session)
{
  if (session >= GST_CALL_RTP_ROUTER_MAX_SESSIONS)
    return;
  if (!g_hash_table_contains (router->local_ssrcs, GUINT_TO_POINTER (ssrc)) &&
      g_hash_table_size (router->local_ssrcs) >= GST_CALL_RTP_ROUTER_MAX_SSRCS)
    return;
  g_hash_table_insert (router->local_ssrcs, GUINT_TO_POINTER (ssrc), TO_VALUE (session));
}

int
gst_call_rtp_router_lookup (GstCallRtpRouter *router,
                            guint32           ssrc)
{
  SsrcEntry *entry = g_hash_table_lookup (router->ssrcs, GUINT_TO_POINTER (ssrc));

  if (!entry || entry->state != SSRC_ROUTED)
    return -1;
  return (int) entry->session;
}

int
gst_call_rtp_router_signalled_session (GstCallRtpRouter *router,
                                       guint32           ssrc)
{
  gpointer value;

  if (!g_hash_table_lookup_extended (router->signalled_ssrcs, GUINT_TO_POINTER (ssrc), NULL,
                                     &value))
    return -1;
  return FROM_VALUE (value);
}

static void
note_session (GstCallRtpRouter *router,
              guint             session)
{
  router->counters.sessions = MAX (router->counters.sessions, session + 1);
}

/* The media SSRC an RTX SSRC repairs, when it is routed. */
static gboolean
media_session_of_rtx (GstCallRtpRouter *router,
                      guint32           ssrc,
                      guint            *session)
{
  gpointer media;
  int routed;

  if (!g_hash_table_lookup_extended (router->fid, GUINT_TO_POINTER (ssrc), NULL, &media))
    return FALSE;
  routed = gst_call_rtp_router_lookup (router, GPOINTER_TO_UINT (media));
  if (routed < 0)
    return FALSE;
  *session = (guint) routed;
  return TRUE;
}

int
gst_call_rtp_router_resolve (GstCallRtpRouter *router,
                             guint32           ssrc,
                             int               session)
{
  SsrcEntry *entry = g_hash_table_lookup (router->ssrcs, GUINT_TO_POINTER (ssrc));
  guint media_session;

  if (!entry)
    return -1;
  if (entry->state == SSRC_ROUTED)
    return (int) entry->session;

  if (entry->rtx && media_session_of_rtx (router, ssrc, &media_session)) {
    /* RTX stays with its media, whatever was asked. */
    if (session >= 0 && (guint) session != media_session)
      GST_INFO ("RTX SSRC %u stays with its media in session %u, not %d",
                ssrc, media_session, session);
    session = (int) media_session;
  } else if (session >= GST_CALL_RTP_ROUTER_MAX_SESSIONS) {
    GST_WARNING ("session %d for SSRC %u is past the limit of %u sessions: dropped",
                 session, ssrc, GST_CALL_RTP_ROUTER_MAX_SESSIONS);
    entry->state = SSRC_BLOCKED;
    return -1;
  } else if (session < 0) {
    if (!entry->has_default) {
      remove_entry (router, ssrc);
      return -1;
    }
    session = (int) entry->default_session;
  }

  entry->state = SSRC_ROUTED;
  entry->session = (guint) session;
  note_session (router, entry->session);
  return session;
}

static guint32
read_uint32 (const guint8 *data)
{
  return ((guint32) data[0] << 24) | ((guint32) data[1] << 16) |
         ((guint32) data[2] << 8) | data[3];
}

static guint16
read_uint16 (const guint8 *data)
{
  return (guint16) ((data[0] << 8) | data[1]);
}

/* The MID header extension of an RTP packet (one- or two-byte form,
 * RFC 8285), into @mid. */
static void
find_mid (GstCallRtpRouter *router,
          const guint8     *extension,
          gsize             size,
          guint16           profile,
          char             *mid)
{
  gsize offset = 0;
  gboolean one_byte = profile == 0xBEDE;

  if (!one_byte && (profile & 0xFFF0) != 0x1000)
    return;

  while (offset < size) {
    guint id, length;

    if (one_byte) {
      id = extension[offset] >> 4;
      length = (extension[offset] & 0x0F) + 1;
      if (id == 0) {          /* padding */
        offset++;
        continue;
      }
      if (id == 15)
        return;
      offset++;
    } else {
      id = extension[offset];
      if (id == 0) {
        offset++;
        continue;
      }
      if (offset + 1 >= size)
        return;
      length = extension[offset + 1];
      offset += 2;
    }
    if (offset + length > size)
      return;
    if (id == router->mid_extension_id) {
      gsize n = MIN (length, GST_CALL_RTP_ROUTER_MAX_MID_LEN);

      memcpy (mid, extension + offset, n);
      mid[n] = '\0';
      /* A MID is a token: stop at the first NUL. */
      return;
    }
    offset += length;
  }
}

static GstCallRtpRouteKind
drop (GstCallRtpRouter     *router,
      GstCallRtpRoute      *route,
      GstCallRtpDropReason  reason)
{
  router->counters.dropped[reason]++;
  route->kind = GST_CALL_RTP_ROUTE_DROP;
  route->drop_reason = reason;
  return GST_CALL_RTP_ROUTE_DROP;
}

/* The default session of a new RTP SSRC: signalled SSRC or FID group, MID
 * extension, payload type. */
static gboolean
default_session (GstCallRtpRouter *router,
                 GstCallRtpRoute  *route,
                 guint            *session)
{
  gpointer value;
  int by_payload_type;

  if (route->rtx && media_session_of_rtx (router, route->ssrc, session))
    return TRUE;
  if (g_hash_table_lookup_extended (router->signalled_ssrcs, GUINT_TO_POINTER (route->ssrc),
                                    NULL, &value)) {
    *session = (guint) FROM_VALUE (value);
    return TRUE;
  }
  if (route->mid[0] &&
      g_hash_table_lookup_extended (router->mids, route->mid, NULL, &value)) {
    *session = (guint) FROM_VALUE (value);
    return TRUE;
  }
  by_payload_type = router->payload_types[route->payload_type];
  if (by_payload_type >= 0) {
    *session = (guint) by_payload_type;
    return TRUE;
  }
  return FALSE;
}

/* A place in the table for a new unsignalled SSRC: a free one, the ones
 * of SSRCs silent for GST_CALL_RTP_ROUTER_SSRC_TIMEOUT, else the one of
 * the least recently heard SSRC on probation. SSRCs waiting for the
 * application keep theirs (the demultiplexer holds their packets). */
static gboolean
make_room (GstCallRtpRouter *router,
           gint64            now)
{
  GHashTableIter iter;
  gpointer key, value;
  gboolean found = FALSE;
  guint32 oldest = 0;
  gint64 oldest_heard = 0;
  guint expired = 0;

  if (router->unsignalled < GST_CALL_RTP_ROUTER_MAX_SSRCS)
    return TRUE;

  g_hash_table_iter_init (&iter, router->ssrcs);
  while (g_hash_table_iter_next (&iter, &key, &value)) {
    SsrcEntry *entry = value;

    if (entry->signalled || entry->state == SSRC_PENDING)
      continue;
    if (now - entry->last_heard >= GST_CALL_RTP_ROUTER_SSRC_TIMEOUT) {
      GST_DEBUG ("SSRC %u silent for %" G_GINT64_FORMAT " ms: expired",
                 GPOINTER_TO_UINT (key), (now - entry->last_heard) / 1000);
      g_hash_table_iter_remove (&iter);
      router->unsignalled--;
      expired++;
    } else if (entry->packets < GST_CALL_RTP_ROUTER_PROBATION &&
               (!found || entry->last_heard < oldest_heard)) {
      found = TRUE;
      oldest = GPOINTER_TO_UINT (key);
      oldest_heard = entry->last_heard;
    }
  }
  router->counters.ssrcs_expired += expired;
  if (expired == 0 && found) {
    GST_DEBUG ("SSRC %u on probation gives its place to a new one", oldest);
    remove_entry (router, oldest);
    router->counters.ssrcs_replaced++;
  }
  router->counters.ssrcs = g_hash_table_size (router->ssrcs);
  return router->unsignalled < GST_CALL_RTP_ROUTER_MAX_SSRCS;
}

static GstCallRtpRouteKind
route_rtp (GstCallRtpRouter *router,
           const guint8     *data,
           gsize             size,
           gint64            now,
           GstCallRtpRoute  *route)
{
  gboolean signalled;
  guint csrc_count = data[0] & 0x0F;
  gboolean has_extension = (data[0] & 0x10) != 0;
  gboolean has_padding = (data[0] & 0x20) != 0;
  gsize header = 12 + 4 * (gsize) csrc_count;
  SsrcEntry *entry;
  guint session = 0;

  if (size < header)
    return drop (router, route, GST_CALL_RTP_DROP_INVALID);
  if (has_extension) {
    guint16 profile;
    gsize length;

    if (size < header + 4)
      return drop (router, route, GST_CALL_RTP_DROP_INVALID);
    profile = read_uint16 (data + header);
    length = 4 * (gsize) read_uint16 (data + header + 2);
    if (size < header + 4 + length)
      return drop (router, route, GST_CALL_RTP_DROP_INVALID);
    if (router->mid_extension_id)
      find_mid (router, data + header + 4, length, profile, route->mid);
    header += 4 + length;
  }
  if (has_padding) {
    guint8 padding = data[size - 1];

    if (padding == 0 || header + padding > size)
      return drop (router, route, GST_CALL_RTP_DROP_INVALID);
  }

  route->payload_type = data[1] & 0x7F;
  route->ssrc = read_uint32 (data + 8);

  if (g_hash_table_contains (router->contradictory, GUINT_TO_POINTER (route->ssrc)))
    return drop (router, route, GST_CALL_RTP_DROP_CONTRADICTORY);
  if (router->have_description && router->payload_types[route->payload_type] == PT_NONE)
    return drop (router, route, GST_CALL_RTP_DROP_UNKNOWN_PAYLOAD_TYPE);

  route->rtx = router->rtx_payload_types[route->payload_type] ||
               g_hash_table_contains (router->fid, GUINT_TO_POINTER (route->ssrc));

  entry = g_hash_table_lookup (router->ssrcs, GUINT_TO_POINTER (route->ssrc));
  if (entry) {
    entry->last_heard = now;
    entry->packets++;
    route->session = entry->session;
    if (entry->state == SSRC_BLOCKED)
      return drop (router, route, GST_CALL_RTP_DROP_LIMIT);
    if (entry->state == SSRC_PENDING) {
      route->kind = GST_CALL_RTP_ROUTE_HOLD;
      route->has_session = entry->has_default;
      route->session = entry->default_session;
      return route->kind;
    }
    router->counters.rtp_packets++;
    route->kind = GST_CALL_RTP_ROUTE_RTP;
    return route->kind;
  }

  /* A new SSRC. */
  signalled = is_signalled (router, route->ssrc);
  route->has_session = default_session (router, route, &session);
  if (route->has_session && session >= GST_CALL_RTP_ROUTER_MAX_SESSIONS)
    return drop (router, route, GST_CALL_RTP_DROP_LIMIT);
  /* A section that names its SSRCs takes no other by MID or payload type:
   * anybody can put those in a packet. */
  if (route->has_session && !signalled && router->names_ssrcs[session]) {
    GST_LOG ("SSRC %u is not among those section %u names", route->ssrc, session);
    route->has_session = FALSE;
    session = 0;
  }

  if (!route->has_session && !router->ask_application)
    return drop (router, route, GST_CALL_RTP_DROP_UNKNOWN_SSRC);

  if (!signalled && !make_room (router, now)) {
    route->table_full = TRUE;
    return drop (router, route, GST_CALL_RTP_DROP_LIMIT);
  }

  route->new_ssrc = TRUE;
  entry = g_new0 (SsrcEntry, 1);
  entry->signalled = signalled;
  entry->last_heard = now;
  entry->packets = 1;
  if (!signalled)
    router->unsignalled++;
  entry->rtx = route->rtx;
  entry->has_default = route->has_session;
  entry->default_session = session;
  entry->session = session;
  g_hash_table_insert (router->ssrcs, GUINT_TO_POINTER (route->ssrc), entry);
  router->counters.ssrcs = g_hash_table_size (router->ssrcs);
  route->session = session;

  if (router->ask_application) {
    entry->state = SSRC_PENDING;
    route->kind = GST_CALL_RTP_ROUTE_HOLD;
    return route->kind;
  }

  entry->state = SSRC_ROUTED;
  note_session (router, session);
  router->counters.rtp_packets++;
  route->kind = GST_CALL_RTP_ROUTE_RTP;
  return route->kind;
}

/* The session of an SSRC named in RTCP: one of ours, one routed, one
 * signalled. */
static gboolean
session_of_rtcp_ssrc (GstCallRtpRouter *router,
                      guint32           ssrc,
                      guint            *session)
{
  gpointer value;
  int routed = gst_call_rtp_router_lookup (router, ssrc);

  if (routed >= 0) {
    *session = (guint) routed;
    return TRUE;
  }
  if (g_hash_table_lookup_extended (router->local_ssrcs, GUINT_TO_POINTER (ssrc),
                                    NULL, &value) ||
      g_hash_table_lookup_extended (router->signalled_ssrcs, GUINT_TO_POINTER (ssrc),
                                    NULL, &value)) {
    *session = (guint) FROM_VALUE (value);
    return TRUE;
  }
  return FALSE;
}

static GstCallRtpRouteKind
route_rtcp (GstCallRtpRouter *router,
            const guint8     *data,
            gsize             size,
            GstCallRtpRoute  *route)
{
  gsize offset = 0;
  gboolean found = FALSE;
  gboolean have_sender = FALSE;
  guint session = 0;

  /* Check the whole compound packet first. */
  while (offset < size) {
    gsize length;

    if (size - offset < 4 || (data[offset] >> 6) != 2)
      return drop (router, route, GST_CALL_RTP_DROP_INVALID);
    if (data[offset + 1] < 192 || data[offset + 1] > 223)
      return drop (router, route, GST_CALL_RTP_DROP_INVALID);
    length = 4 * ((gsize) read_uint16 (data + offset + 2) + 1);
    if (length > size - offset)
      return drop (router, route, GST_CALL_RTP_DROP_INVALID);
    /* Padding only in the last packet. */
    if ((data[offset] & 0x20) && offset + length != size)
      return drop (router, route, GST_CALL_RTP_DROP_INVALID);
    offset += length;
  }

  for (offset = 0; offset < size && !found;) {
    guint count = data[offset] & 0x1F;
    guint type = data[offset + 1];
    gsize length = 4 * ((gsize) read_uint16 (data + offset + 2) + 1);
    const guint8 *body = data + offset + 4;
    gsize body_size = length - 4;
    guint32 candidates[2 + 31];
    guint n = 0;

    switch (type) {
    case 200: /* SR */
    case 201: /* RR */
      {
        gsize blocks = type == 200 ? 24 : 4;

        if (body_size >= 4)
          candidates[n++] = read_uint32 (body);
        for (guint i = 0; i < count && blocks + 24 * (i + 1) <= body_size; i++)
          candidates[n++] = read_uint32 (body + blocks + 24 * i);
      }
      break;
    case 205: /* RTPFB */
    case 206: /* PSFB */
      if (body_size >= 8) {
        candidates[n++] = read_uint32 (body);
        candidates[n++] = read_uint32 (body + 4);
      }
      break;
    case 202: /* SDES: the first chunk */
    case 203: /* BYE */
    case 204: /* APP */
    case 207: /* XR */
      if (count > 0 || type == 204 || type == 207) {
        if (body_size >= 4)
          candidates[n++] = read_uint32 (body);
      }
      break;
    default:
      break;
    }

    for (guint i = 0; i < n && !found; i++) {
      if (i == 0 && !have_sender) {
        route->ssrc = candidates[0];
        have_sender = TRUE;
      }
      found = session_of_rtcp_ssrc (router, candidates[i], &session);
    }
    offset += length;
  }

  if (!found)
    return drop (router, route, GST_CALL_RTP_DROP_UNKNOWN_SSRC);

  router->counters.rtcp_packets++;
  route->session = session;
  route->kind = GST_CALL_RTP_ROUTE_RTCP;
  return route->kind;
}

GstCallRtpRouteKind
gst_call_rtp_router_route (GstCallRtpRouter *router,
                           const guint8     *data,
                           gsize             size,
                           GstCallRtpRoute  *route)
{
  return gst_call_rtp_router_route_at (router, data, size, g_get_monotonic_time (), route);
}

GstCallRtpRouteKind
gst_call_rtp_router_route_at (GstCallRtpRouter *router,
                              const guint8     *data,
                              gsize             size,
                              gint64            now,
                              GstCallRtpRoute  *route)
{
  guint type;

  memset (route, 0, sizeof *route);

  if (!data || size < 4 || (data[0] >> 6) != 2)
    return drop (router, route, GST_CALL_RTP_DROP_INVALID);

  /* RFC 5761: RTCP packet types 192-223 fall where RTP payload types
   * 64-95 with the marker bit would be. */
  type = data[1] & 0x7F;
  if (type >= 64 && type <= 95)
    return route_rtcp (router, data, size, route);
  return route_rtp (router, data, size, now, route);
}

void
gst_call_rtp_router_get_counters (GstCallRtpRouter         *router,
                                  GstCallRtpRouterCounters *counters)
{
  *counters = router->counters;
}
