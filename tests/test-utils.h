/* libgstcall test utilities
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <locale.h>
#include <string.h>

#include <gst/sdp/sdp.h>
#include <gstcall/gstcall.h>

#include "gstcall-negotiator-private.h"

G_BEGIN_DECLS

/* Default test sources: live, small, cheap to encode. */
#define TEST_VIDEO_SOURCE \
  "videotestsrc is-live=true pattern=ball ! capsfilter caps=video/x-raw,width=320,height=240,framerate=30/1"
#define TEST_AUDIO_SOURCE \
  "audiotestsrc is-live=true wave=sine ! capsfilter caps=audio/x-raw,rate=48000,channels=2"

/* ICE host candidates of test calls: loopback only. */
#define TEST_ICE_ADDRESS "127.0.0.1"

/* A peer connection whose ICE only uses TEST_ICE_ADDRESS. */
GstPeerConnection *test_new_loopback_peer_connection (GError **error);

/* Iterates the thread-default main context until *@flag is TRUE or
 * @timeout_ms ran out; fails the test on timeout with @what. */
void test_wait_for_flag (const gboolean *flag,
                         guint           timeout_ms,
                         const char     *what);

/* Iterates the thread-default main context until @condition (@data) is TRUE. */
void test_wait_until (gboolean    (*condition) (gpointer data),
                      gpointer      data,
                      guint         timeout_ms,
                      const char   *what);

/* Call tests: lets the known GStreamer 1.22 criticals through instead of
 * aborting (see test-utils.c); every other warning and critical stays
 * fatal, and the thread and stack that raised it are printed first. Call
 * after g_test_init(). */
void test_tolerate_known_gstreamer_criticals (void);

/* The port of a SoupServer listening on one socket. */
guint16 test_soup_server_port (SoupServer *server);

/* For main(): a test program that cannot run on this machine (a missing
 * server, no privileges) is skipped with @reason, except in CI (CI=true),
 * whose machine tools/install-deps prepared: there it fails. Returns the
 * exit status. */
int test_cannot_run (const char *reason);

/* Whether the running GStreamer may have rtpsession's RTCP-thread hash
 * table race (see test-utils.c): its critical is then one of the known. */
gboolean test_gstreamer_may_lack_rtpsession_copy_fix (void);

/* Whether a thread of this process has a name starting with @prefix (the
 * library names its own threads, e.g. "gstcall-dtls", "gstcall-probe"). */
gboolean test_thread_running (const char *prefix);

/* The first element made by @factory_name in @bin or below (a new
 * reference), or NULL. */
GstElement *test_find_element (GstElement *bin,
                               const char *factory_name);

/* gst_call_get_stats_async(), the context iterated until it finishes. */
GstCallStats *test_call_get_stats (GstCall *call);

/* The quality-limitation-reason of the call's outbound stream of @kind
 * (one there must be); free with g_free(). */
char *test_call_quality_limitation_reason (GstCall          *call,
                                           GstCallMediaKind  kind);

/* The same, summed up by gst_call_stats_to_structure(). */
GstStructure *test_call_get_stats_structure (GstCall *call);

/* A uint field of test_call_get_stats_structure(), asserted present. */
guint test_call_stats_uint (GstCall    *call,
                            const char *field);

/* Iterates the context until the stats field reaches @at_least (20 s at
 * most, scaled by GST_CALL_TEST_TIMEOUT_SCALE). */
void  test_wait_call_stats (GstCall    *call,
                            const char *field,
                            guint       at_least);

/* Starts a helper process (a server a test talks to) that gets SIGTERM
 * when the test process dies, also when it aborts on a failed assertion. */
GSubprocess *test_spawn_child (GSubprocessFlags     flags,
                               const char * const  *argv,
                               GError             **error);

/* Runs pending idle work on the thread-default context. */
void test_drain_context (void);

/* Runs the thread-default main context for @ms milliseconds. */
void test_iterate_for (guint ms);

/* A playing pipeline sets its children's state again, from a thread of its
 * own, whenever a state change of its own runs (a sink added for a remote
 * track, an element that lost its state). This makes one come at the worst
 * moment for a track being added: as @source (or a bin holding it) is
 * added to @pipeline, before it is linked. When that starts @source, its
 * first push is waited for. Free it once the track's media flows. */
typedef struct _TestStateReplay TestStateReplay;

TestStateReplay *test_state_replay_new  (GstElement      *pipeline,
                                         GstElement      *source);
void             test_state_replay_free (TestStateReplay *replay);

/* One side of a call test: a GstCall and what its signals reported, all
 * on the thread that made it (each handler checks). */
typedef struct {
  const char *name;
  GstCall *call;
  GThread *owner;
  GAsyncResult *setup_result; /* of dial or answer, until finished */
  gboolean incoming;
  guint ended;
  GError *ended_reason;
  gint64 ended_at;            /* monotonic, of the last ended */
  guint remote_tracks[2];     /* by GstCallMediaKind */
  GPtrArray *states;          /* GstCallState, as notified */
} TestCallSide;

/* Takes @call (already configured) and counts its notify::state, ended,
 * incoming-call and remote-track. */
void test_call_side_init (TestCallSide *side,
                          const char   *name,
                          GstCall      *call);

/* Checks that the call is finalized, and frees what the side holds. */
void test_call_side_clear (TestCallSide *side);

/* The GAsyncReadyCallback for gst_call_dial_async() and
 * gst_call_answer_async(), with the side as user data. */
void test_call_side_on_setup_done (GObject      *source,
                                   GAsyncResult *result,
                                   gpointer      side);

/* Waits for the dial or answer started with test_call_side_on_setup_done
 * and finishes it. */
gboolean test_call_side_finish_setup (TestCallSide  *side,
                                      GError       **error);

/* A test_wait_until() condition: the side's call had an incoming-call. */
gboolean test_call_side_incoming (gpointer side);

/* A test_wait_until() condition: the side's call ended. */
gboolean test_call_side_ended (gpointer side);

/* @caller dials, @callee answers at once; both must become active. */
void test_call_connect_pair (TestCallSide *caller,
                             TestCallSide *callee);

/* @caller dials, @callee answers once the offer raised incoming-call; both
 * must become active. */
void test_call_connect_pair_on_offer (TestCallSide *caller,
                                      TestCallSide *callee);

/* A fakesink that syncs on the clock and does not preroll. */
GstElement *test_make_synced_fakesink (void);

/* Mutes @sender with @set_muted (checked with @get_muted): its
 * FIELD-sent count (FIELD as "video-frames-received") stops, and once what
 * was in flight drained, @receiver's @field stops too; unmuting resumes
 * both by at least @resume_at_least. */
void test_assert_mute_stops_media (GstCall    *sender,
                                   GstCall    *receiver,
                                   const char *field,
                                   void      (*set_muted) (GstCall *, gboolean),
                                   gboolean  (*get_muted) (GstCall *),
                                   guint       resume_at_least);

/* One side of a call: a peer connection wired to a signaller by the
 * negotiator. Every handler of every signal asserts it runs on the thread
 * that created the peer. */
typedef struct {
  const char *name;
  GstPeerConnection *pc;
  GstCallSignaller *signaller;
  gboolean offerer;
  GThread *owner_thread;

  GstCallNegotiator *negotiator;

  gboolean connected;
  gboolean negotiated;
  guint handler_calls;

  gint video_buffers; /* atomic: counted on streaming threads */
  gint audio_buffers;
  guint video_tracks;
  guint audio_tracks;

  GError *error;
} TestPeer;

TestPeer *test_peer_new   (const char       *name,
                           GstCallSignaller *signaller,
                           gboolean          offerer);
void      test_peer_add_media (TestPeer *peer,
                               gboolean  video,
                               gboolean  audio);
/* The last offer and answer this side created or received. */
const char *test_peer_get_offer  (TestPeer *peer);
const char *test_peer_get_answer (TestPeer *peer);
void      test_peer_free  (TestPeer *peer);

/* Aborts the test with "deadlock: WHAT did not return" when
 * test_watchdog_stop() is not called within 10 s (times
 * GST_CALL_TEST_TIMEOUT_SCALE). */
typedef struct {
  GMutex lock;
  GCond cond;
  gboolean done;
  guint seconds;
  const char *what;
  GThread *thread;
} TestWatchdog;

void test_watchdog_start (TestWatchdog *watchdog,
                          const char   *what);
void test_watchdog_stop  (TestWatchdog *watchdog);

G_END_DECLS
