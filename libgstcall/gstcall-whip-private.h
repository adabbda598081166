/* libgstcall: what the WHIP/WHEP client and server share
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <libsoup/soup.h>

G_BEGIN_DECLS

#define GST_CALL_WHIP_SDP_TYPE "application/sdp"
#define GST_CALL_WHIP_SDPFRAG_TYPE "application/trickle-ice-sdpfrag"

/* One ICE candidate of a media section ("candidate:..." without "a="). */
typedef struct {
  guint mline_index;
  char *candidate;
} GstCallWhipCandidate;

GstCallWhipCandidate *gst_call_whip_candidate_new  (guint       mline_index,
                                                    const char *candidate);
void                  gst_call_whip_candidate_free (gpointer    candidate);

/* @sdp with each candidate added to its media section, and
 * a=end-of-candidates in every section when @complete. */
char     *gst_call_whip_sdp_add_candidates (const char *sdp,
                                            GPtrArray  *candidates,
                                            gboolean    complete);

/* A trickle-ice-sdpfrag (RFC 8840) carrying @candidates of the session
 * described by @sdp (its ICE ufrag and password, and the mid of each
 * media section). */
char     *gst_call_whip_sdpfrag_new        (const char *sdp,
                                            GPtrArray  *candidates,
                                            gboolean    complete);

/* The candidates of an sdpfrag, their media section found by mid (or
 * m-line order when the fragment has no mid) in @sdp. */
gboolean  gst_call_whip_sdpfrag_parse      (const char  *fragment,
                                            const char  *sdp,
                                            GPtrArray  **candidates,
                                            gboolean    *complete,
                                            GError     **error);

/* The ICE servers of `Link: <URI>; rel="ice-server"` headers (RFC 9725
 * section 4.6) in the form of the ice-servers properties:
 * `stun:HOST:PORT`, `turn://USER:PASSWORD@HOST:PORT?transport=...`. */
GStrv     gst_call_whip_parse_ice_server_links (SoupMessageHeaders *headers);

/* A Link header value advertising @ice_server (same form as above). */
char     *gst_call_whip_ice_server_link    (const char *ice_server);

G_END_DECLS
