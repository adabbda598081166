/* Encoder and decoder selection.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <string.h>

#include "test-utils.h"
#include "fake-hw-plugin.h"
#include "gstcallcodecs-private.h"
#include "gstcall-codec-tuning-private.h"
#include "gstcall-media-private.h"
#include "gstcall-encoder-slot-private.h"
#include "gstcall-degradation-private.h"

#define CALL_TIMEOUT_MS 20000

static GstCallCodecCandidate *
find_candidate (GPtrArray  *candidates,
                const char *element_name,
                guint      *position)
{
  for (guint i = 0; i < candidates->len; i++) {
    GstCallCodecCandidate *candidate = g_ptr_array_index (candidates, i);

    if (g_str_equal (gst_call_codec_candidate_get_element_name (candidate), element_name)) {
      if (position)
        *position = i;
      return candidate;
    }
  }
  return NULL;
}

static void
print_candidates (GPtrArray *candidates)
{
  for (guint i = 0; i < candidates->len; i++) {
    GstCallCodecCandidate *candidate = g_ptr_array_index (candidates, i);

    g_test_message ("  %u. %s: %s [%d: %s]", i + 1,
                    gst_call_codec_candidate_get_element_name (candidate),
                    gst_call_codec_candidate_get_reason (candidate),
                    gst_call_codec_candidate_get_status (candidate),
                    gst_call_codec_candidate_get_status_message (candidate));
  }
}

static GstCallCodecCandidate *
select_ok (GstCallCodecs        *codecs,
           GstCallCodec          codec,
           GstCallCodecDirection direction)
{
  g_autoptr (GError) error = NULL;
  GstCallCodecCandidate *candidate = gst_call_codecs_select (codecs, codec, direction, &error);

  g_assert_no_error (error);
  g_assert_nonnull (candidate);
  g_assert_cmpint (gst_call_codec_candidate_get_status (candidate), ==,
                   GST_CALL_CODEC_STATUS_WORKS);
  return candidate;
}

/* Runs before the fake hardware plugin is registered. */
static void
test_software_on_this_machine (void)
{
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  GstCallCodecCandidate *candidate;
  g_autoptr (GPtrArray) h264 = NULL;

  gst_call_codecs_clear_probe_cache ();

  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_test_message ("VP8: %s, %s (%s)", gst_call_codec_candidate_get_element_name (candidate),
                  gst_call_codec_candidate_get_reason (candidate),
                  gst_call_codec_candidate_get_status_message (candidate));
  g_assert_cmpstr (gst_call_codec_candidate_get_element_name (candidate), ==, "vp8enc");
  g_assert_cmpstr (gst_call_codec_candidate_get_family (candidate), ==, "software");
  g_assert_false (gst_call_codec_candidate_is_hardware (candidate));
  g_assert_nonnull (strstr (gst_call_codec_candidate_get_reason (candidate), "software"));
  g_assert_finalize_object (candidate);

  candidate = select_ok (codecs, GST_CALL_CODEC_OPUS, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_cmpstr (gst_call_codec_candidate_get_element_name (candidate), ==, "opusenc");
  g_assert_nonnull (strstr (gst_call_codec_candidate_get_reason (candidate), "software"));
  g_assert_finalize_object (candidate);

  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_DECODE);
  g_test_message ("VP8 decoder: %s, %s (%s)",
                  gst_call_codec_candidate_get_element_name (candidate),
                  gst_call_codec_candidate_get_reason (candidate),
                  gst_call_codec_candidate_get_status_message (candidate));
  g_assert_false (gst_call_codec_candidate_is_hardware (candidate));
  g_assert_finalize_object (candidate);

  /* Known-broken elements are listed last, excluded, with a reason. */
  h264 = gst_call_codecs_list_candidates (codecs, GST_CALL_CODEC_H264,
                                          GST_CALL_CODEC_DIRECTION_ENCODE);
  print_candidates (h264);
  if (gst_registry_check_feature_version (gst_registry_get (), "avenc_h264_omx", 1, 0, 0)) {
    guint position = 0;

    candidate = find_candidate (h264, "avenc_h264_omx", &position);
    g_assert_nonnull (candidate);
    g_assert_cmpint (gst_call_codec_candidate_get_status (candidate), ==,
                     GST_CALL_CODEC_STATUS_EXCLUDED);
    g_assert_nonnull (strstr (gst_call_codec_candidate_get_reason (candidate), "excluded"));
    g_assert_cmpuint (position, ==, h264->len - 1);
  }

  g_assert_finalize_object (g_steal_pointer (&codecs));
}

static gboolean
both_flowing (gpointer data)
{
  TestPeer **peers = data;

  return peers[0]->error || peers[1]->error ||
         (g_atomic_int_get (&peers[0]->video_buffers) >= 30 &&
          g_atomic_int_get (&peers[1]->video_buffers) >= 30);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return g_strcmp0 (*(const char * const *) a, *(const char * const *) b);
}

/* The factory names of the encoders of a peer connection's send branches
 * (the encoders in the encoder slots), sorted. */
static char *
encoders_in_pipeline (GstPeerConnection *pc)
{
  GstElement *pipeline = gst_peer_connection_get_pipeline (pc);
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (pipeline));
  GValue item = G_VALUE_INIT;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElement *element = g_value_get_object (&item);
    GstObject *parent = gst_object_get_parent (GST_OBJECT (element));

    GstElementFactory *factory = gst_element_get_factory (element);
    const char *klass = factory ? gst_element_factory_get_metadata (factory,
                                                                   GST_ELEMENT_METADATA_KLASS)
                                : NULL;

    /* A video slot also holds its scaler ahead of the encoder. */
    if (parent && g_str_equal (G_OBJECT_TYPE_NAME (parent), "GstCallEncoderSlot") &&
        klass && strstr (klass, "Encoder"))
      g_ptr_array_add (names, g_strdup (gst_plugin_feature_get_name (factory)));
    gst_clear_object (&parent);
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);

  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (",", (char **) names->pdata);
}

/* The factory names of the decoders decodebin plugged, sorted. */
static char *
decoders_in_pipeline (GstPeerConnection *pc)
{
  GstElement *pipeline = gst_peer_connection_get_pipeline (pc);
  GstIterator *it = gst_bin_iterate_recurse (GST_BIN (pipeline));
  GValue item = G_VALUE_INIT;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);

  while (gst_iterator_next (it, &item) == GST_ITERATOR_OK) {
    GstElementFactory *factory = gst_element_get_factory (g_value_get_object (&item));

    if (factory && !GST_IS_BIN (g_value_get_object (&item)) &&
        g_str_has_prefix (gst_element_factory_get_metadata (factory,
                                                            GST_ELEMENT_METADATA_KLASS),
                          "Codec/Decoder"))
      g_ptr_array_add (names, g_strdup (gst_plugin_feature_get_name (factory)));
    g_value_reset (&item);
  }
  g_value_unset (&item);
  gst_iterator_free (it);

  g_ptr_array_sort (names, compare_strings);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (",", (char **) names->pdata);
}

static void
run_call (gboolean audio,
          TestPeer **offerer_out,
          TestPeer **answerer_out,
          GstCallLoopbackSignaller **signallers)
{
  TestPeer *peers[2];

  gst_call_loopback_signaller_new_pair (&signallers[0], &signallers[1]);
  peers[0] = test_peer_new ("offerer", GST_CALL_SIGNALLER (signallers[0]), TRUE);
  peers[1] = test_peer_new ("answerer", GST_CALL_SIGNALLER (signallers[1]), FALSE);
  test_peer_add_media (peers[1], TRUE, audio);
  test_peer_add_media (peers[0], TRUE, audio);
  test_wait_until (both_flowing, peers, CALL_TIMEOUT_MS, "decoded video on both sides");
  g_assert_no_error (peers[0]->error);
  g_assert_no_error (peers[1]->error);
  *offerer_out = peers[0];
  *answerer_out = peers[1];
}

static void
end_call (TestPeer                  *offerer,
          TestPeer                  *answerer,
          GstCallLoopbackSignaller **signallers)
{
  test_peer_free (offerer);
  test_peer_free (answerer);
  test_drain_context ();
  g_assert_finalize_object (signallers[0]);
  g_assert_finalize_object (signallers[1]);
}

/* A real call on this machine (no GPU): software encoders, and the
 * selection says so. Runs before the fake hardware plugin is registered. */
static void
test_loopback_software (void)
{
  GstCallLoopbackSignaller *signallers[2];
  TestPeer *offerer, *answerer;
  g_autofree char *encoders = NULL;
  g_autofree char *decoders = NULL;
  GstCallCodecCandidate *candidate;

  candidate = select_ok (gst_call_codecs_get_default (), GST_CALL_CODEC_VP8,
                         GST_CALL_CODEC_DIRECTION_ENCODE);
  if (gst_call_codec_candidate_is_hardware (candidate)) {
    g_test_skip_printf ("this machine has a working hardware VP8 encoder (%s)",
                        gst_call_codec_candidate_get_element_name (candidate));
    g_assert_finalize_object (candidate);
    return;
  }
  g_assert_finalize_object (candidate);

  run_call (TRUE, &offerer, &answerer, signallers);

  encoders = encoders_in_pipeline (offerer->pc);
  g_test_message ("encoders in the offerer's pipeline: %s", encoders);
  g_assert_cmpstr (encoders, ==, "opusenc,vp8enc");
  decoders = decoders_in_pipeline (offerer->pc);
  g_test_message ("decoders in the offerer's pipeline: %s", decoders);
  g_assert_cmpstr (decoders, ==, "opusdec,vp8dec");

  candidate = select_ok (gst_call_codecs_get_default (), GST_CALL_CODEC_VP8,
                         GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_cmpstr (gst_call_codec_candidate_get_element_name (candidate), ==, "vp8enc");
  g_assert_true (g_str_has_prefix (gst_call_codec_candidate_get_reason (candidate),
                                   "software"));
  g_assert_finalize_object (candidate);

  end_call (offerer, answerer, signallers);
}

/* The receive side follows the same rules: GST_CALL_DECODERS puts
 * avdec_vp8 before vp8dec. */
static void
test_loopback_decoder_override (void)
{
  GstCallLoopbackSignaller *signallers[2];
  TestPeer *offerer, *answerer;
  g_autofree char *decoders = NULL;

  if (!gst_registry_check_feature_version (gst_registry_get (), "avdec_vp8", 1, 0, 0)) {
    g_test_skip ("avdec_vp8 (gstreamer1.0-libav) is not installed");
    return;
  }

  g_setenv ("GST_CALL_DECODERS", "avdec_vp8", TRUE);
  run_call (FALSE, &offerer, &answerer, signallers);
  g_unsetenv ("GST_CALL_DECODERS");

  decoders = decoders_in_pipeline (answerer->pc);
  g_test_message ("decoders in the answerer's pipeline: %s", decoders);
  g_assert_cmpstr (decoders, ==, "avdec_vp8");

  end_call (offerer, answerer, signallers);
}

static guint
decode_frames (const char *encoder_name,
               guint       frames)
{
  g_autofree char *description = g_strdup_printf (
      "videotestsrc num-buffers=%u ! video/x-raw,width=160,height=120 ! videoconvert ! "
      "%s ! vp8dec ! fakesink name=sink", frames, encoder_name);
  g_autoptr (GError) error = NULL;
  g_autoptr (GstElement) pipeline = gst_parse_launch (description, &error);
  g_autoptr (GstElement) sink = NULL;
  g_autoptr (GstBus) bus = NULL;
  g_autoptr (GstMessage) message = NULL;
  guint64 rendered = 0;

  g_assert_no_error (error);
  sink = gst_bin_get_by_name (GST_BIN (pipeline), "sink");
  g_object_set (sink, "sync", FALSE, NULL);
  bus = gst_element_get_bus (pipeline);
  gst_element_set_state (pipeline, GST_STATE_PLAYING);
  message = gst_bus_timed_pop_filtered (bus, 10 * GST_SECOND,
                                        GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  g_assert_nonnull (message);
  g_assert_cmpint (GST_MESSAGE_TYPE (message), ==, GST_MESSAGE_EOS);
  {
    GstStructure *stats = NULL;

    g_object_get (sink, "stats", &stats, NULL);
    gst_structure_get_uint64 (stats, "rendered", &rendered);
    gst_structure_free (stats);
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  return (guint) rendered;
}

static void
test_hardware_first (void)
{
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  g_autoptr (GPtrArray) candidates = NULL;
  GstCallCodecCandidate *candidate;
  GstCallCodecCandidate *chosen;
  guint broken = 0, fake = 0, software = 0;

  fake_hw_plugin_register ();
  gst_call_codecs_clear_probe_cache ();

  /* The fake really encodes VP8 that vp8dec decodes. */
  g_assert_cmpuint (decode_frames ("vafakevp8enc", 10), ==, 10);

  candidates = gst_call_codecs_list_candidates (codecs, GST_CALL_CODEC_VP8,
                                                GST_CALL_CODEC_DIRECTION_ENCODE);
  print_candidates (candidates);
  g_assert_nonnull (find_candidate (candidates, "vabrokenvp8enc", &broken));
  candidate = find_candidate (candidates, "vafakevp8enc", &fake);
  g_assert_nonnull (candidate);
  g_assert_nonnull (find_candidate (candidates, "vp8enc", &software));
  /* Rank NONE, yet before vp8enc (PRIMARY): the VA family comes first. */
  g_assert_cmpuint (gst_call_codec_candidate_get_rank (candidate), ==, GST_RANK_NONE);
  g_assert_cmpuint (broken, <, fake);
  g_assert_cmpuint (fake, <, software);
  g_assert_cmpstr (gst_call_codec_candidate_get_family (candidate), ==, "va");
  g_assert_true (gst_call_codec_candidate_is_hardware (candidate));
  g_assert_nonnull (strstr (gst_call_codec_candidate_get_reason (candidate), "VA-API"));
  g_assert_cmpint (gst_call_codec_candidate_get_status (candidate), ==,
                   GST_CALL_CODEC_STATUS_UNTESTED);
  g_clear_pointer (&candidates, g_ptr_array_unref);

  chosen = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_test_message ("chosen: %s (%s): %s", gst_call_codec_candidate_get_element_name (chosen),
                  gst_call_codec_candidate_get_reason (chosen),
                  gst_call_codec_candidate_get_status_message (chosen));
  g_assert_cmpstr (gst_call_codec_candidate_get_element_name (chosen), ==, "vafakevp8enc");

  /* The one that fails to start was probed, skipped, and says why. */
  candidates = gst_call_codecs_list_candidates (codecs, GST_CALL_CODEC_VP8,
                                                GST_CALL_CODEC_DIRECTION_ENCODE);
  print_candidates (candidates);
  candidate = find_candidate (candidates, "vabrokenvp8enc", NULL);
  g_assert_cmpint (gst_call_codec_candidate_get_status (candidate), ==,
                   GST_CALL_CODEC_STATUS_FAILED);
  g_assert_nonnull (strstr (gst_call_codec_candidate_get_status_message (candidate),
                            FAKE_BROKEN_MESSAGE));
  candidate = find_candidate (candidates, "vafakevp8enc", NULL);
  g_assert_cmpint (gst_call_codec_candidate_get_status (candidate), ==,
                   GST_CALL_CODEC_STATUS_WORKS);
  /* vp8enc was never needed, so never probed. */
  candidate = find_candidate (candidates, "vp8enc", NULL);
  g_assert_cmpint (gst_call_codec_candidate_get_status (candidate), ==,
                   GST_CALL_CODEC_STATUS_UNTESTED);

  g_clear_pointer (&candidates, g_ptr_array_unref);
  g_assert_finalize_object (chosen);
  g_assert_finalize_object (g_steal_pointer (&codecs));
}

static void
test_probe_cache (void)
{
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  g_autoptr (GstCallCodecs) other = gst_call_codecs_new ();
  GstCallCodecCandidate *candidate;
  guint before, after_first;
  gint64 start;

  fake_hw_plugin_register ();
  gst_call_codecs_clear_probe_cache ();
  before = gst_call_codecs_get_probe_count ();

  start = g_get_monotonic_time ();
  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_test_message ("uncached selection: %.1f ms",
                  (g_get_monotonic_time () - start) / 1000.0);
  g_assert_finalize_object (candidate);
  after_first = gst_call_codecs_get_probe_count ();
  /* vabrokenvp8enc and vafakevp8enc. */
  g_assert_cmpuint (after_first - before, ==, 2);

  start = g_get_monotonic_time ();
  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_test_message ("cached selection: %.3f ms", (g_get_monotonic_time () - start) / 1000.0);
  g_assert_finalize_object (candidate);
  candidate = select_ok (other, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_finalize_object (candidate);
  g_assert_cmpuint (gst_call_codecs_get_probe_count (), ==, after_first);

  /* Send branches of later calls reuse the cache too. */
  for (guint i = 0; i < 2; i++) {
    g_autoptr (GError) error = NULL;
    GstElement *bin = gst_call_media_make_send_bin (GST_CALL_CODEC_VP8, 96, &error);

    g_assert_no_error (error);
    gst_object_ref_sink (bin);
    g_assert_finalize_object (bin);
  }
  g_assert_cmpuint (gst_call_codecs_get_probe_count (), ==, after_first);

  gst_call_codecs_clear_probe_cache ();
  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_finalize_object (candidate);
  g_assert_cmpuint (gst_call_codecs_get_probe_count (), ==, after_first + 2);

  g_assert_finalize_object (g_steal_pointer (&codecs));
  g_assert_finalize_object (g_steal_pointer (&other));
}

static gpointer
select_in_thread (gpointer data)
{
  GstCallCodecs *codecs = data;

  return gst_call_codecs_select (codecs, GST_CALL_CODEC_VP8,
                                 GST_CALL_CODEC_DIRECTION_ENCODE, NULL);
}

/* Threads selecting at once probe each element once and agree. */
static void
test_probe_cache_threads (void)
{
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  GThread *threads[6];
  guint before;

  fake_hw_plugin_register ();
  gst_call_codecs_clear_probe_cache ();
  before = gst_call_codecs_get_probe_count ();

  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("select", select_in_thread, codecs);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++) {
    GstCallCodecCandidate *candidate = g_thread_join (threads[i]);

    g_assert_nonnull (candidate);
    g_assert_cmpstr (gst_call_codec_candidate_get_element_name (candidate), ==,
                     "vafakevp8enc");
    g_assert_finalize_object (candidate);
  }
  /* vabrokenvp8enc and vafakevp8enc, once each. */
  g_assert_cmpuint (gst_call_codecs_get_probe_count () - before, ==, 2);

  g_assert_finalize_object (g_steal_pointer (&codecs));
}

static void
test_force_api (void)
{
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) candidates = NULL;
  g_autofree char *forced = NULL;
  g_auto (GStrv) preferred = NULL;
  GstCallCodecCandidate *candidate;
  const char * const prefer_software[] = { "nosuchenc", "vp8enc", NULL };

  fake_hw_plugin_register ();

  gst_call_codecs_set_forced_element (codecs, GST_CALL_CODEC_VP8,
                                      GST_CALL_CODEC_DIRECTION_ENCODE, "vp8enc");
  forced = gst_call_codecs_get_forced_element (codecs, GST_CALL_CODEC_VP8,
                                               GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_cmpstr (forced, ==, "vp8enc");
  candidates = gst_call_codecs_list_candidates (codecs, GST_CALL_CODEC_VP8,
                                                GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_cmpuint (candidates->len, ==, 1);
  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_cmpstr (gst_call_codec_candidate_get_element_name (candidate), ==, "vp8enc");
  g_assert_cmpstr (gst_call_codec_candidate_get_reason (candidate), ==,
                   "forced by the application");
  g_assert_finalize_object (candidate);

  /* Forced means no fallback: a forced element that fails is an error. */
  gst_call_codecs_set_forced_element (codecs, GST_CALL_CODEC_VP8,
                                      GST_CALL_CODEC_DIRECTION_ENCODE, "vabrokenvp8enc");
  g_assert_null (gst_call_codecs_select (codecs, GST_CALL_CODEC_VP8,
                                         GST_CALL_CODEC_DIRECTION_ENCODE, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED);
  g_test_message ("%s", error->message);
  g_clear_error (&error);

  gst_call_codecs_set_forced_element (codecs, GST_CALL_CODEC_VP8,
                                      GST_CALL_CODEC_DIRECTION_ENCODE, "nosuchenc");
  g_assert_null (gst_call_codecs_select (codecs, GST_CALL_CODEC_VP8,
                                         GST_CALL_CODEC_DIRECTION_ENCODE, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN);
  g_clear_error (&error);

  gst_call_codecs_set_forced_element (codecs, GST_CALL_CODEC_VP8,
                                      GST_CALL_CODEC_DIRECTION_ENCODE, "opusenc");
  g_assert_null (gst_call_codecs_select (codecs, GST_CALL_CODEC_VP8,
                                         GST_CALL_CODEC_DIRECTION_ENCODE, &error));
  g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* Forcing an excluded element probes it anyway; avenc_h264_omx fails. */
  if (gst_registry_check_feature_version (gst_registry_get (), "avenc_h264_omx", 1, 0, 0)) {
    gst_call_codecs_set_forced_element (codecs, GST_CALL_CODEC_H264,
                                        GST_CALL_CODEC_DIRECTION_ENCODE, "avenc_h264_omx");
    g_assert_null (gst_call_codecs_select (codecs, GST_CALL_CODEC_H264,
                                           GST_CALL_CODEC_DIRECTION_ENCODE, &error));
    g_assert_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED);
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, "avenc_h264_omx"));
    g_clear_error (&error);
    gst_call_codecs_set_forced_element (codecs, GST_CALL_CODEC_H264,
                                        GST_CALL_CODEC_DIRECTION_ENCODE, NULL);
  }

  gst_call_codecs_set_forced_element (codecs, GST_CALL_CODEC_VP8,
                                      GST_CALL_CODEC_DIRECTION_ENCODE, NULL);
  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_cmpstr (gst_call_codec_candidate_get_element_name (candidate), ==, "vafakevp8enc");
  g_assert_finalize_object (candidate);

  /* Preferred elements come first; unknown names are ignored. */
  gst_call_codecs_set_preferred_elements (codecs, prefer_software);
  preferred = gst_call_codecs_get_preferred_elements (codecs);
  g_assert_cmpstrv (preferred, prefer_software);
  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_cmpstr (gst_call_codec_candidate_get_element_name (candidate), ==, "vp8enc");
  g_assert_nonnull (strstr (gst_call_codec_candidate_get_reason (candidate),
                            "preferred by the application"));
  g_assert_finalize_object (candidate);

  g_clear_pointer (&candidates, g_ptr_array_unref);
  g_assert_finalize_object (g_steal_pointer (&codecs));
}

static void
test_force_environment (void)
{
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  GstCallCodecCandidate *candidate;

  fake_hw_plugin_register ();

  g_setenv ("GST_CALL_ENCODERS", "nosuchenc, vp8enc", TRUE);
  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_test_message ("%s: %s", gst_call_codec_candidate_get_element_name (candidate),
                  gst_call_codec_candidate_get_reason (candidate));
  g_assert_cmpstr (gst_call_codec_candidate_get_element_name (candidate), ==, "vp8enc");
  g_assert_nonnull (strstr (gst_call_codec_candidate_get_reason (candidate),
                            "GST_CALL_ENCODERS"));
  g_assert_finalize_object (candidate);

  /* The variable names encoders only. */
  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_DECODE);
  g_assert_null (strstr (gst_call_codec_candidate_get_reason (candidate),
                         "GST_CALL_ENCODERS"));
  g_assert_finalize_object (candidate);

  g_setenv ("GST_CALL_ENCODERS", "vabrokenvp8enc,vafakevp8enc", TRUE);
  candidate = select_ok (codecs, GST_CALL_CODEC_VP8, GST_CALL_CODEC_DIRECTION_ENCODE);
  g_assert_cmpstr (gst_call_codec_candidate_get_element_name (candidate), ==, "vafakevp8enc");
  g_assert_finalize_object (candidate);

  g_unsetenv ("GST_CALL_ENCODERS");
  g_assert_finalize_object (g_steal_pointer (&codecs));
}

static int
get_enum_property (GstElement *element,
                   const char *name)
{
  int value = 0;

  g_object_get (element, name, &value, NULL);
  return value;
}

static void
test_presets_and_bitrate (void)
{
  GstElement *vp8enc = gst_element_factory_make ("vp8enc", NULL);
  GstElement *opusenc = gst_element_factory_make ("opusenc", NULL);
  GstElement *alawenc = gst_element_factory_make ("alawenc", NULL);
  GstElement *fake;
  gint64 deadline = 0;
  int lag = -1, target_bitrate = 0, opus_bitrate = 0, frame_size = 0, threads = -1;

  fake_hw_plugin_register ();
  fake = gst_element_factory_make ("vafakevp8enc", NULL);

  gst_object_ref_sink (vp8enc);
  gst_call_codecs_apply_low_latency_preset (vp8enc);
  g_object_get (vp8enc, "deadline", &deadline, "lag-in-frames", &lag,
                "threads", &threads, NULL);
  g_assert_cmpint (deadline, ==, 1);
  g_assert_cmpint (lag, ==, 0);
  /* libvpx's waiting worker threads spin: one thread costs half the CPU. */
  g_assert_cmpint (threads, ==, 1);
  g_assert_cmpint (get_enum_property (vp8enc, "end-usage"), ==, 1 /* CBR */);
  /* Rate control that follows a lowered target within a second. */
  {
    int buffer_size = 0, overshoot = 0, dropframe = 0;

    g_object_get (vp8enc, "buffer-size", &buffer_size, "overshoot", &overshoot,
                  "dropframe-threshold", &dropframe, NULL);
    g_assert_cmpint (buffer_size, ==, 1000);
    g_assert_cmpint (overshoot, ==, 15);
    g_assert_cmpint (dropframe, ==, 30);
  }
  g_assert_true (gst_call_codecs_set_encoder_bitrate (vp8enc, 500));
  g_object_get (vp8enc, "target-bitrate", &target_bitrate, NULL);
  g_assert_cmpint (target_bitrate, ==, 500000);
  /* The encoder's own keyframes: every GST_CALL_KEYFRAME_INTERVAL frames,
   * or as many as set. */
  {
    int distance = 0;

    g_object_get (vp8enc, "keyframe-max-dist", &distance, NULL);
    g_assert_cmpint (distance, ==, GST_CALL_KEYFRAME_INTERVAL);
    g_assert_true (gst_call_codec_tuning_set_keyframe_interval (vp8enc, 3000));
    g_object_get (vp8enc, "keyframe-max-dist", &distance, NULL);
    g_assert_cmpint (distance, ==, 3000);
  }

  gst_object_ref_sink (opusenc);
  gst_call_codecs_apply_low_latency_preset (opusenc);
  frame_size = get_enum_property (opusenc, "frame-size");
  g_assert_cmpint (frame_size, ==, 20);
  /* Generic mode at the default bitrate, voice mode at 32 kbit/s and
   * below, generic again above. */
  g_assert_cmpint (get_enum_property (opusenc, "audio-type"), ==, 2049 /* generic */);
  g_assert_true (gst_call_codecs_set_encoder_bitrate (opusenc, 32));
  g_object_get (opusenc, "bitrate", &opus_bitrate, NULL);
  g_assert_cmpint (opus_bitrate, ==, 32000);
  g_assert_cmpint (get_enum_property (opusenc, "audio-type"), ==, 2048 /* voice */);
  g_assert_true (gst_call_codecs_set_encoder_bitrate (opusenc, 48));
  g_assert_cmpint (get_enum_property (opusenc, "audio-type"), ==, 2049 /* generic */);

  if (gst_registry_check_feature_version (gst_registry_get (), "x264enc", 1, 0, 0)) {
    GstElement *x264enc = gst_object_ref_sink (gst_element_factory_make ("x264enc", NULL));
    guint bitrate = 0;

    gst_call_codecs_apply_low_latency_preset (x264enc);
    g_assert_true (gst_call_codecs_set_encoder_bitrate (x264enc, 750));
    g_object_get (x264enc, "bitrate", &bitrate, NULL);
    g_assert_cmpuint (bitrate, ==, 750);
    g_assert_finalize_object (x264enc);
  }

  /* G.711 has no bitrate; an element without the preset's properties is
   * left alone, silently. */
  gst_object_ref_sink (alawenc);
  g_assert_false (gst_call_codecs_set_encoder_bitrate (alawenc, 64));
  g_assert_false (gst_call_codec_tuning_set_keyframe_interval (alawenc, 3000));
  gst_object_ref_sink (fake);
  gst_call_codecs_apply_low_latency_preset (fake);

  g_assert_finalize_object (vp8enc);
  g_assert_finalize_object (opusenc);
  g_assert_finalize_object (alawenc);
  g_assert_finalize_object (fake);
}

static GstPadProbeReturn
count_buffer (GstPad          *pad,
              GstPadProbeInfo *info,
              gpointer         user_data)
{
  g_atomic_int_inc ((gint *) user_data);
  return GST_PAD_PROBE_OK;
}

/* The send branch's encoder slot on its own, without a call: the failing
 * encoder is swapped at the next frame and every later frame is decoded. */
static void
test_encoder_slot_fallback (void)
{
  const char * const preferred[] = { "vaflakyvp8enc", "vp8enc", NULL };
  const guint frames = 120;
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  g_autoptr (GError) error = NULL;
  g_autoptr (GstElement) pipeline = NULL;
  g_autoptr (GstBus) bus = NULL;
  g_autoptr (GstElement) encoder = NULL;
  GstElement *source, *filter, *convert, *slot, *decoder, *sink;
  g_autoptr (GstCaps) caps = gst_caps_from_string ("video/x-raw,width=160,height=120");
  g_autofree char *failed_element = NULL;
  g_autofree char *new_element = NULL;
  g_autoptr (GstPad) sink_pad = NULL;
  gint decoded = 0;
  guint rendered = 0;
  guint errors_before;
  gboolean eos = FALSE;

  fake_hw_plugin_register ();
  gst_call_codecs_clear_probe_cache ();
  gst_call_codecs_set_preferred_elements (codecs, preferred);
  errors_before = fake_hw_flaky_error_count ();

  slot = gst_call_encoder_slot_new (codecs, GST_CALL_CODEC_VP8, 300, &error);
  g_assert_no_error (error);
  encoder = gst_call_encoder_slot_get_encoder (GST_CALL_ENCODER_SLOT (slot));
  g_assert_cmpstr (gst_plugin_feature_get_name (gst_element_get_factory (encoder)), ==,
                   "vaflakyvp8enc");
  gst_clear_object (&encoder);
  /* Kept for the encoder that replaces it. */
  gst_call_encoder_slot_set_peer_asks_for_keyframes (GST_CALL_ENCODER_SLOT (slot), TRUE);

  pipeline = gst_object_ref_sink (gst_pipeline_new (NULL));
  source = gst_element_factory_make ("videotestsrc", NULL);
  filter = gst_element_factory_make ("capsfilter", NULL);
  convert = gst_element_factory_make ("videoconvert", NULL);
  decoder = gst_element_factory_make ("vp8dec", NULL);
  sink = gst_element_factory_make ("fakesink", NULL);
  g_object_set (source, "num-buffers", frames, NULL);
  g_object_set (filter, "caps", caps, NULL);
  g_object_set (sink, "sync", FALSE, NULL);
  gst_bin_add_many (GST_BIN (pipeline), source, filter, convert, slot, decoder, sink, NULL);
  g_assert_true (gst_element_link_many (source, filter, convert, slot, decoder, sink, NULL));
  /* Counted on the pad: a new stream-start resets the sink's statistics. */
  sink_pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (sink_pad, GST_PAD_PROBE_TYPE_BUFFER, count_buffer, &decoded, NULL);

  bus = gst_element_get_bus (pipeline);
  g_assert_cmpint (gst_element_set_state (pipeline, GST_STATE_PLAYING), !=,
                   GST_STATE_CHANGE_FAILURE);
  while (!eos) {
    g_autoptr (GstMessage) message =
        gst_bus_timed_pop_filtered (bus, 20 * GST_SECOND,
                                    GST_MESSAGE_EOS | GST_MESSAGE_ERROR | GST_MESSAGE_ELEMENT);
    const GstStructure *structure;

    g_assert_nonnull (message);
    if (GST_MESSAGE_TYPE (message) == GST_MESSAGE_ERROR) {
      g_autoptr (GError) gst_error = NULL;

      gst_message_parse_error (message, &gst_error, NULL);
      g_error ("error from %s: %s", GST_MESSAGE_SRC_NAME (message), gst_error->message);
    }
    eos = GST_MESSAGE_TYPE (message) == GST_MESSAGE_EOS;
    structure = gst_message_get_structure (message);
    if (structure && gst_structure_has_name (structure, "gst-call-encoder-fallback")) {
      failed_element = g_strdup (gst_structure_get_string (structure, "failed-element"));
      new_element = g_strdup (gst_structure_get_string (structure, "element"));
    }
  }

  rendered = (guint) g_atomic_int_get (&decoded);
  g_test_message ("%u frames in, %u decoded; %s replaced by %s",
                  frames, rendered, failed_element, new_element);
  g_assert_cmpuint (fake_hw_flaky_error_count (), ==, errors_before + 1);
  g_assert_cmpstr (failed_element, ==, "vaflakyvp8enc");
  g_assert_cmpstr (new_element, ==, "vp8enc");
  /* Only the frame the failed encoder refused is lost. */
  g_assert_cmpuint (rendered, >=, frames - 1);

  encoder = gst_call_encoder_slot_get_encoder (GST_CALL_ENCODER_SLOT (slot));
  g_assert_cmpstr (gst_plugin_feature_get_name (gst_element_get_factory (encoder)), ==,
                   "vp8enc");
  {
    int distance = 0;

    g_object_get (encoder, "keyframe-max-dist", &distance, NULL);
    g_assert_cmpint (distance, ==, GST_CALL_KEYFRAME_INTERVAL_ON_REQUEST);
  }
  gst_clear_object (&encoder);

  gst_element_set_state (pipeline, GST_STATE_NULL);
  gst_clear_object (&bus);
  gst_clear_object (&sink_pad);
  g_assert_finalize_object (g_steal_pointer (&pipeline));
  gst_call_codecs_clear_probe_cache ();
  g_assert_finalize_object (g_steal_pointer (&codecs));
}

/* The formats that reached an encoder: each caps event on its sink pad. */
typedef struct {
  GMutex lock;
  GArray *formats; /* GstCallVideoFormat */
  GstCallVideoFormat wanted;
} SeenFormats;

static GstPadProbeReturn
record_format (GstPad          *pad,
               GstPadProbeInfo *info,
               gpointer         user_data)
{
  SeenFormats *seen = user_data;
  GstEvent *event = GST_PAD_PROBE_INFO_EVENT (info);
  GstCaps *caps;
  const GstStructure *structure;
  GstCallVideoFormat format = { 0, };
  int width = 0, height = 0, numerator = 0, denominator = 1;

  if (GST_EVENT_TYPE (event) != GST_EVENT_CAPS)
    return GST_PAD_PROBE_OK;
  gst_event_parse_caps (event, &caps);
  structure = gst_caps_get_structure (caps, 0);
  g_assert_true (gst_structure_get_int (structure, "width", &width));
  g_assert_true (gst_structure_get_int (structure, "height", &height));
  g_assert_true (gst_structure_get_fraction (structure, "framerate", &numerator, &denominator));
  format.width = (guint) width;
  format.height = (guint) height;
  format.framerate_numerator = (guint) numerator;
  format.framerate_denominator = (guint) denominator;
  g_mutex_lock (&seen->lock);
  g_array_append_val (seen->formats, format);
  g_mutex_unlock (&seen->lock);
  return GST_PAD_PROBE_OK;
}

static gboolean
format_is_wanted (gpointer data)
{
  SeenFormats *seen = data;
  gboolean wanted = FALSE;

  g_mutex_lock (&seen->lock);
  if (seen->formats->len > 0) {
    GstCallVideoFormat *last = &g_array_index (seen->formats, GstCallVideoFormat,
                                               seen->formats->len - 1);

    wanted = last->width == seen->wanted.width && last->height == seen->wanted.height &&
        (guint64) last->framerate_numerator * seen->wanted.framerate_denominator ==
        (guint64) seen->wanted.framerate_numerator * last->framerate_denominator;
  }
  g_mutex_unlock (&seen->lock);
  return wanted;
}

static void
wait_for_format (SeenFormats *seen,
                 guint        width,
                 guint        height,
                 guint        framerate,
                 guint        timeout_ms)
{
  g_autofree char *what = g_strdup_printf ("%ux%u at %u fps into the encoder",
                                           width, height, framerate);

  seen->wanted.width = width;
  seen->wanted.height = height;
  seen->wanted.framerate_numerator = framerate;
  seen->wanted.framerate_denominator = 1;
  test_wait_until (format_is_wanted, seen, timeout_ms, what);
}

typedef struct {
  GstElement *pipeline;
  GstElement *slot;
  gint frames_in; /* atomic: into the slot */
  gint frames_to_encoder; /* atomic */
  SeenFormats seen;
} DegradationPipeline;

/* videotestsrc (noise) 320x240 at 30 fps into a VP8 encoder slot made for
 * 1000 kbit/s; @frames: 0 for a live source without end. */
static void
degradation_pipeline_start (DegradationPipeline *pipeline,
                            GstCallCodecs       *codecs,
                            guint                frames)
{
  const char * const preferred[] = { "vp8enc", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GstCaps) caps =
      gst_caps_from_string ("video/x-raw,format=I420,width=320,height=240,framerate=30/1");
  g_autoptr (GstElement) encoder = NULL;
  g_autoptr (GstPad) encoder_sink = NULL;
  g_autoptr (GstPad) slot_sink = NULL;
  GstElement *source, *filter, *sink;

  g_mutex_init (&pipeline->seen.lock);
  pipeline->seen.formats = g_array_new (FALSE, TRUE, sizeof (GstCallVideoFormat));
  gst_call_codecs_set_preferred_elements (codecs, preferred);
  pipeline->slot = gst_call_encoder_slot_new (codecs, GST_CALL_CODEC_VP8, 1000, &error);
  g_assert_no_error (error);
  encoder = gst_call_encoder_slot_get_encoder (GST_CALL_ENCODER_SLOT (pipeline->slot));
  g_assert_cmpstr (gst_plugin_feature_get_name (gst_element_get_factory (encoder)), ==,
                   "vp8enc");
  encoder_sink = gst_element_get_static_pad (encoder, "sink");
  gst_pad_add_probe (encoder_sink, GST_PAD_PROBE_TYPE_EVENT_DOWNSTREAM, record_format,
                     &pipeline->seen, NULL);
  gst_pad_add_probe (encoder_sink, GST_PAD_PROBE_TYPE_BUFFER, count_buffer,
                     &pipeline->frames_to_encoder, NULL);
  slot_sink = gst_element_get_static_pad (pipeline->slot, "sink");
  gst_pad_add_probe (slot_sink, GST_PAD_PROBE_TYPE_BUFFER, count_buffer,
                     &pipeline->frames_in, NULL);

  pipeline->pipeline = gst_object_ref_sink (gst_pipeline_new (NULL));
  source = gst_element_factory_make ("videotestsrc", NULL);
  filter = gst_element_factory_make ("capsfilter", NULL);
  sink = gst_element_factory_make ("fakesink", NULL);
  /* Noise: the encoder uses every bit it is given. */
  g_object_set (source, "is-live", TRUE, "pattern", 1 /* snow */, NULL);
  if (frames > 0)
    g_object_set (source, "num-buffers", frames, NULL);
  g_object_set (filter, "caps", caps, NULL);
  g_object_set (sink, "sync", FALSE, NULL);
  gst_bin_add_many (GST_BIN (pipeline->pipeline), source, filter, pipeline->slot, sink, NULL);
  g_assert_true (gst_element_link_many (source, filter, pipeline->slot, sink, NULL));
  g_assert_cmpint (gst_element_set_state (pipeline->pipeline, GST_STATE_PLAYING), !=,
                   GST_STATE_CHANGE_FAILURE);
}

static void
degradation_pipeline_stop (DegradationPipeline *pipeline)
{
  gst_element_set_state (pipeline->pipeline, GST_STATE_NULL);
  g_assert_finalize_object (g_steal_pointer (&pipeline->pipeline));
  g_array_unref (pipeline->seen.formats);
  g_mutex_clear (&pipeline->seen.lock);
}

/* A low congestion bitrate lowers the encoder's resolution, then its frame
 * rate; a high one brings the source's format back, step by step. */
static void
test_encoder_slot_degrades (void)
{
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  DegradationPipeline pipeline = { 0, };
  GstCallEncoderSlot *slot;
  guint smallest_width = G_MAXUINT;

  degradation_pipeline_start (&pipeline, codecs, 0);
  slot = GST_CALL_ENCODER_SLOT (pipeline.slot);
  wait_for_format (&pipeline.seen, 320, 240, 30, 10000);
  g_assert_false (gst_call_encoder_slot_is_degraded (slot));

  /* 320x240 at 30 fps needs 115 kbit/s, 240x180 49, 180x136 37: the
   * resolution comes down, the frame rate stays. */
  gst_call_encoder_slot_set_congestion_bitrate (slot, 40);
  wait_for_format (&pipeline.seen, 180, 136, 30, 10000);
  g_assert_true (gst_call_encoder_slot_is_degraded (slot));
  g_assert_true (gst_call_encoder_slot_is_limited_by_congestion (slot));

  /* Too little for 180x136 at 30, 20 or 15 fps: 10 fps. */
  gst_call_encoder_slot_set_congestion_bitrate (slot, 10);
  wait_for_format (&pipeline.seen, 180, 136, 10, 10000);

  /* Twice the bitrate asked for: not limited by the bitrate any more, but
   * still by the format until it comes back. */
  gst_call_encoder_slot_set_congestion_bitrate (slot, 2000);
  g_assert_true (gst_call_encoder_slot_is_limited_by_congestion (slot));
  /* Five steps up, 3 s each. */
  wait_for_format (&pipeline.seen, 320, 240, 30, 40000);
  g_assert_false (gst_call_encoder_slot_is_degraded (slot));
  g_assert_false (gst_call_encoder_slot_is_limited_by_congestion (slot));

  /* The frame rate came down only at the smallest size; nothing was
   * larger than the source. */
  g_mutex_lock (&pipeline.seen.lock);
  for (guint i = 0; i < pipeline.seen.formats->len; i++) {
    GstCallVideoFormat *format = &g_array_index (pipeline.seen.formats, GstCallVideoFormat, i);

    g_test_message ("into the encoder: %ux%u at %u/%u fps", format->width, format->height,
                    format->framerate_numerator, format->framerate_denominator);
    g_assert_cmpuint (format->width, <=, 320);
    g_assert_cmpuint (format->height, <=, 240);
    /* 4:3 kept, to the even pixel. */
    g_assert_cmpuint (ABS ((gint) format->width * 3 - (gint) format->height * 4), <=, 8);
    smallest_width = MIN (smallest_width, format->width);
    if (format->framerate_numerator != 30 * format->framerate_denominator)
      g_assert_cmpuint (format->width, ==, 180);
  }
  g_assert_cmpuint (smallest_width, ==, 180);
  g_mutex_unlock (&pipeline.seen.lock);

  degradation_pipeline_stop (&pipeline);
  g_assert_finalize_object (g_steal_pointer (&codecs));
}

/* No congestion control (a congestion bitrate of 0), even with a low
 * bitrate set by the application: the encoder gets every frame of the
 * source, in the source's format. */
static void
test_encoder_slot_no_degradation (void)
{
  const guint frames = 90;
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  DegradationPipeline pipeline = { 0, };
  g_autoptr (GstBus) bus = NULL;
  g_autoptr (GstMessage) message = NULL;
  GstCallEncoderSlot *slot;

  degradation_pipeline_start (&pipeline, codecs, frames);
  slot = GST_CALL_ENCODER_SLOT (pipeline.slot);
  gst_call_encoder_slot_set_bitrate (slot, 10);
  gst_call_encoder_slot_set_congestion_bitrate (slot, 0);

  bus = gst_element_get_bus (pipeline.pipeline);
  message = gst_bus_timed_pop_filtered (bus, 30 * GST_SECOND,
                                        GST_MESSAGE_EOS | GST_MESSAGE_ERROR);
  g_assert_nonnull (message);
  g_assert_cmpint (GST_MESSAGE_TYPE (message), ==, GST_MESSAGE_EOS);

  g_assert_cmpint (g_atomic_int_get (&pipeline.frames_in), ==, frames);
  g_assert_cmpint (g_atomic_int_get (&pipeline.frames_to_encoder), ==, frames);
  g_assert_false (gst_call_encoder_slot_is_degraded (slot));
  g_mutex_lock (&pipeline.seen.lock);
  g_assert_cmpuint (pipeline.seen.formats->len, >=, 1);
  for (guint i = 0; i < pipeline.seen.formats->len; i++) {
    GstCallVideoFormat *format = &g_array_index (pipeline.seen.formats, GstCallVideoFormat, i);

    g_assert_cmpuint (format->width, ==, 320);
    g_assert_cmpuint (format->height, ==, 240);
    g_assert_cmpuint (format->framerate_numerator, ==, 30);
    g_assert_cmpuint (format->framerate_denominator, ==, 1);
  }
  g_mutex_unlock (&pipeline.seen.lock);

  g_clear_pointer (&message, gst_message_unref);
  gst_clear_object (&bus);
  degradation_pipeline_stop (&pipeline);
  g_assert_finalize_object (g_steal_pointer (&codecs));
}

typedef struct {
  TestPeer *peers[2];
  gint before[2];
  gint64 first_frame_after[2]; /* first decoded frame after the failure */
} FallbackCall;

/* Samples the receivers every 5 ms to time the gap the fallback causes. */
static gboolean
watch_first_frames (gpointer data)
{
  FallbackCall *call = data;

  for (guint i = 0; i < 2; i++) {
    if (!call->first_frame_after[i] &&
        g_atomic_int_get (&call->peers[i]->video_buffers) > call->before[i])
      call->first_frame_after[i] = g_get_monotonic_time ();
  }
  return G_SOURCE_CONTINUE;
}

static gboolean
flaky_failed_on_both_sides (gpointer data)
{
  FallbackCall *call = data;

  return call->peers[0]->error || call->peers[1]->error ||
         fake_hw_flaky_error_count () >= 2;
}

#define FRAMES_AFTER_FALLBACK 60

static gboolean
frames_after_fallback (gpointer data)
{
  FallbackCall *call = data;

  for (guint i = 0; i < 2; i++) {
    if (call->peers[i]->error)
      return TRUE;
    if (g_atomic_int_get (&call->peers[i]->video_buffers) <
        call->before[i] + FRAMES_AFTER_FALLBACK)
      return FALSE;
  }
  return TRUE;
}

/* A hardware encoder that fails mid-call is replaced by software; the
 * receiver keeps decoding frames and the call does not end. */
static void
test_fallback_mid_call (void)
{
  const char * const preferred[] = { "vaflakyvp8enc", "vp8enc", NULL };
  GstCallLoopbackSignaller *signallers[2];
  FallbackCall call;
  g_autofree char *encoders_before = NULL;
  g_autofree char *encoders_after = NULL;
  g_autoptr (GPtrArray) candidates = NULL;
  GstCallCodecCandidate *candidate;
  gint64 start;
  guint watch;

  fake_hw_plugin_register ();
  gst_call_codecs_clear_probe_cache ();
  /* Peer connections use the default selection: hardware that fails
   * mid-call first, then software. */
  gst_call_codecs_set_preferred_elements (gst_call_codecs_get_default (), preferred);

  gst_call_loopback_signaller_new_pair (&signallers[0], &signallers[1]);
  call.peers[0] = test_peer_new ("offerer", GST_CALL_SIGNALLER (signallers[0]), TRUE);
  call.peers[1] = test_peer_new ("answerer", GST_CALL_SIGNALLER (signallers[1]), FALSE);
  test_peer_add_media (call.peers[1], TRUE, FALSE);
  test_peer_add_media (call.peers[0], TRUE, FALSE);
  encoders_before = encoders_in_pipeline (call.peers[0]->pc);
  g_assert_cmpstr (encoders_before, ==, "vaflakyvp8enc");

  start = g_get_monotonic_time ();
  test_wait_until (flaky_failed_on_both_sides, &call, CALL_TIMEOUT_MS,
                   "the flaky encoders to fail");
  g_assert_no_error (call.peers[0]->error);
  g_assert_no_error (call.peers[1]->error);
  for (guint i = 0; i < 2; i++)
    call.before[i] = g_atomic_int_get (&call.peers[i]->video_buffers);
  g_test_message ("the hardware encoders failed after %.0f ms; decoded frames so far: "
                  "offerer %d, answerer %d",
                  (g_get_monotonic_time () - start) / 1000.0,
                  call.before[0], call.before[1]);
  g_assert_cmpint (call.before[0], >, 0);
  g_assert_cmpint (call.before[1], >, 0);

  call.first_frame_after[0] = call.first_frame_after[1] = 0;
  watch = g_timeout_add (5, watch_first_frames, &call);
  start = g_get_monotonic_time ();
  /* Generous: on a loaded two-core machine the replacement's first probe
   * and the software encoder compete with the other tests. */
  test_wait_until (frames_after_fallback, &call, 2 * CALL_TIMEOUT_MS,
                   "frames from the replacement encoder");
  g_source_remove (watch);
  g_test_message ("first decoded frame after the last failure: offerer after %.0f ms, "
                  "answerer after %.0f ms",
                  (call.first_frame_after[0] - fake_hw_flaky_last_error_time ()) / 1000.0,
                  (call.first_frame_after[1] - fake_hw_flaky_last_error_time ()) / 1000.0);
  g_assert_no_error (call.peers[0]->error);
  g_assert_no_error (call.peers[1]->error);
  g_test_message ("%d more frames in %.0f ms after the fallback: offerer %d, answerer %d",
                  FRAMES_AFTER_FALLBACK, (g_get_monotonic_time () - start) / 1000.0,
                  g_atomic_int_get (&call.peers[0]->video_buffers) - call.before[0],
                  g_atomic_int_get (&call.peers[1]->video_buffers) - call.before[1]);

  encoders_after = encoders_in_pipeline (call.peers[0]->pc);
  g_assert_cmpstr (encoders_after, ==, "vp8enc");
  g_assert_cmpint (gst_peer_connection_get_connection_state (call.peers[0]->pc), ==,
                   GST_CALL_PEER_CONNECTION_STATE_CONNECTED);

  /* The failure is remembered for the rest of the process. */
  candidates = gst_call_codecs_list_candidates (gst_call_codecs_get_default (),
                                                GST_CALL_CODEC_VP8,
                                                GST_CALL_CODEC_DIRECTION_ENCODE);
  print_candidates (candidates);
  candidate = find_candidate (candidates, "vaflakyvp8enc", NULL);
  g_assert_cmpint (gst_call_codec_candidate_get_status (candidate), ==,
                   GST_CALL_CODEC_STATUS_FAILED);
  g_assert_nonnull (strstr (gst_call_codec_candidate_get_status_message (candidate),
                            FAKE_FLAKY_MESSAGE));

  gst_call_codecs_set_preferred_elements (gst_call_codecs_get_default (), NULL);
  gst_call_codecs_clear_probe_cache ();
  end_call (call.peers[0], call.peers[1], signallers);
}

typedef struct {
  GstCallCodecs *codecs;
  GstCallCodec codec;
  GstCallCodecCandidate *chosen;
} DecoderSelection;

static gpointer
select_decoder_in_thread (gpointer data)
{
  DecoderSelection *selection = data;

  selection->chosen = gst_call_codecs_select (selection->codecs, selection->codec,
                                              GST_CALL_CODEC_DIRECTION_DECODE, NULL);
  return NULL;
}

static gboolean
slow_probe_started (guint vp8_starts_before,
                    guint vp9_starts_before)
{
  return fake_hw_slow_decoder_starts (FAKE_SLOW_VP8_DECODER) > vp8_starts_before ||
         fake_hw_slow_decoder_starts (FAKE_SLOW_VP9_DECODER) > vp9_starts_before;
}

#define SLOW_START_MS 1000

/* No lock is held across a probe: two elements are probed at the same
 * time, a second selection of an element being probed waits for that probe
 * instead of starting another, and a selection that needs no slow element
 * (an audio decoder) does not wait at all. */
static void
test_probes_in_parallel (void)
{
  g_autoptr (GstCallCodecs) codecs = gst_call_codecs_new ();
  DecoderSelection selections[] = {
    { codecs, GST_CALL_CODEC_VP8, NULL },
    { codecs, GST_CALL_CODEC_VP9, NULL },
    { codecs, GST_CALL_CODEC_VP8, NULL },
  };
  const char *expected[] = { FAKE_SLOW_VP8_DECODER, FAKE_SLOW_VP9_DECODER,
                             FAKE_SLOW_VP8_DECODER };
  GThread *threads[G_N_ELEMENTS (selections)];
  GstCallCodecCandidate *opus;
  guint probes_before, vp8_starts_before, vp9_starts_before;
  gint64 start, opus_start, opus_ms, waited;

  /* Stays registered for the rest of the process: this test runs last. */
  fake_hw_plugin_register_slow_decoders ();
  fake_hw_reset_slow_decoders ();
  fake_hw_set_slow_decoder_delay (SLOW_START_MS);
  gst_call_codecs_clear_probe_cache ();
  /* The Opus decoder's result is in the cache. */
  opus = select_ok (codecs, GST_CALL_CODEC_OPUS, GST_CALL_CODEC_DIRECTION_DECODE);
  g_assert_finalize_object (opus);

  probes_before = gst_call_codecs_get_probe_count ();
  vp8_starts_before = fake_hw_slow_decoder_starts (FAKE_SLOW_VP8_DECODER);
  vp9_starts_before = fake_hw_slow_decoder_starts (FAKE_SLOW_VP9_DECODER);
  fake_hw_slow_decoder_most_concurrent_starts ();

  start = g_get_monotonic_time ();
  for (guint i = 0; i < G_N_ELEMENTS (selections); i++)
    threads[i] = g_thread_new ("select", select_decoder_in_thread, &selections[i]);

  /* While a slow probe runs, the Opus decoder is chosen at once. */
  while (!slow_probe_started (vp8_starts_before, vp9_starts_before)) {
    g_assert_cmpint (g_get_monotonic_time () - start, <, 10 * G_USEC_PER_SEC);
    g_usleep (1000);
  }
  opus_start = g_get_monotonic_time ();
  opus = select_ok (codecs, GST_CALL_CODEC_OPUS, GST_CALL_CODEC_DIRECTION_DECODE);
  opus_ms = (g_get_monotonic_time () - opus_start) / 1000;
  g_test_message ("Opus decoder chosen in %" G_GINT64_FORMAT " ms while a %u ms probe ran",
                  opus_ms, SLOW_START_MS);
  g_assert_cmpint (opus_ms, <, SLOW_START_MS / 4);
  g_assert_finalize_object (opus);

  for (guint i = 0; i < G_N_ELEMENTS (selections); i++) {
    g_thread_join (threads[i]);
    g_assert_nonnull (selections[i].chosen);
    g_assert_cmpstr (gst_call_codec_candidate_get_element_name (selections[i].chosen), ==,
                     expected[i]);
    g_assert_cmpint (gst_call_codec_candidate_get_status (selections[i].chosen), ==,
                     GST_CALL_CODEC_STATUS_WORKS);
    g_clear_object (&selections[i].chosen);
  }
  waited = (g_get_monotonic_time () - start) / 1000;
  g_test_message ("three selections of two slow decoders took %" G_GINT64_FORMAT " ms",
                  waited);

  /* Both slow decoders were starting at the same time... */
  g_assert_cmpuint (fake_hw_slow_decoder_most_concurrent_starts (), ==, 2);
  /* ...and each was probed once, the second VP8 selection waiting for the
   * first one's probe. */
  g_assert_cmpuint (gst_call_codecs_get_probe_count () - probes_before, ==, 2);
  g_assert_cmpuint (fake_hw_slow_decoder_starts (FAKE_SLOW_VP8_DECODER), ==,
                    vp8_starts_before + 1);
  g_assert_cmpuint (fake_hw_slow_decoder_starts (FAKE_SLOW_VP9_DECODER), ==,
                    vp9_starts_before + 1);

  gst_call_codecs_clear_probe_cache ();
  g_assert_finalize_object (g_steal_pointer (&codecs));
}

int
main (int argc, char **argv)
{
  gst_init (&argc, &argv);
  g_test_init (&argc, &argv, NULL);
  test_tolerate_known_gstreamer_criticals ();

  /* These two run first, before the fake hardware plugin exists. */
  g_test_add_func ("/GstCall/Codecs/software-on-this-machine",
                   test_software_on_this_machine);
  g_test_add_func ("/GstCall/Codecs/loopback-software", test_loopback_software);
  g_test_add_func ("/GstCall/Codecs/loopback-decoder-override",
                   test_loopback_decoder_override);

  g_test_add_func ("/GstCall/Codecs/hardware-first", test_hardware_first);
  g_test_add_func ("/GstCall/Codecs/probe-cache", test_probe_cache);
  g_test_add_func ("/GstCall/Codecs/probe-cache-threads", test_probe_cache_threads);
  g_test_add_func ("/GstCall/Codecs/force-api", test_force_api);
  g_test_add_func ("/GstCall/Codecs/force-environment", test_force_environment);
  g_test_add_func ("/GstCall/Codecs/presets-and-bitrate", test_presets_and_bitrate);
  g_test_add_func ("/GstCall/Codecs/encoder-slot-fallback", test_encoder_slot_fallback);
  g_test_add_func ("/GstCall/Codecs/encoder-slot-degrades", test_encoder_slot_degrades);
  g_test_add_func ("/GstCall/Codecs/encoder-slot-no-degradation",
                   test_encoder_slot_no_degradation);
  g_test_add_func ("/GstCall/Codecs/fallback-mid-call", test_fallback_mid_call);
  /* Last: its slow hardware decoders stay registered. */
  g_test_add_func ("/GstCall/Codecs/probes-in-parallel", test_probes_in_parallel);

  return g_test_run ();
}
