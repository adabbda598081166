/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Encode usage on synthetic timings: no encoder, no pipeline.
 */

#include "gstcall-encode-usage-private.h"

#define FRAME_US 33333

/* @frames frames at 30 fps from *@now, each taking @encode_us to encode. */
static void
feed (GstCallEncodeUsage *usage,
      gint64             *now,
      guint               frames,
      gint64              encode_us)
{
  for (guint i = 0; i < frames; i++) {
    gst_call_encode_usage_frame_in (usage, *now);
    gst_call_encode_usage_frame_out (usage, *now + encode_us);
    *now += MAX (FRAME_US, encode_us);
  }
}

/* An encoder well within the frame interval is not limited. */
static void
test_light (void)
{
  GstCallEncodeUsage usage;
  gint64 now = 1000000;

  gst_call_encode_usage_init (&usage);
  feed (&usage, &now, 300, 8000);
  g_assert_false (gst_call_encode_usage_is_overused (&usage));
  g_assert_cmpfloat_with_epsilon (gst_call_encode_usage_get_usage (&usage), 0.24, 0.01);
  gst_call_encode_usage_clear (&usage);
}

/* An encoder that needs 95% of the interval is overused within about a
 * second, and no longer once it is back at 30%; in between, a usage
 * between the two thresholds changes nothing (no flapping). */
static void
test_overuse_and_back (void)
{
  GstCallEncodeUsage usage;
  gint64 now = 1000000;
  guint frames = 0;

  gst_call_encode_usage_init (&usage);
  feed (&usage, &now, 60, 10000);
  g_assert_false (gst_call_encode_usage_is_overused (&usage));
  while (!gst_call_encode_usage_is_overused (&usage)) {
    feed (&usage, &now, 1, 31700);
    frames++;
    g_assert_cmpuint (frames, <=, 60);
  }
  g_test_message ("overused after %u frames", frames);
  g_assert_cmpuint (frames, >=, 20);

  /* 78%: between the thresholds, still overused. */
  feed (&usage, &now, 150, 26000);
  g_assert_true (gst_call_encode_usage_is_overused (&usage));

  frames = 0;
  while (gst_call_encode_usage_is_overused (&usage)) {
    feed (&usage, &now, 1, 10000);
    frames++;
    g_assert_cmpuint (frames, <=, 60);
  }
  g_test_message ("no longer after %u frames", frames);
  feed (&usage, &now, 150, 26000);
  g_assert_false (gst_call_encode_usage_is_overused (&usage));
  gst_call_encode_usage_clear (&usage);
}

/* Too few frames say nothing; a pause (a muted track) is no interval. */
static void
test_warm_up_and_pause (void)
{
  GstCallEncodeUsage usage;
  gint64 now = 1000000;

  gst_call_encode_usage_init (&usage);
  feed (&usage, &now, 10, 40000);
  g_assert_false (gst_call_encode_usage_is_overused (&usage));
  g_assert_cmpfloat (gst_call_encode_usage_get_usage (&usage), ==, 0);

  feed (&usage, &now, 100, 5000);
  /* Five seconds without frames, then light ones: no sample counts the
   * pause as a frame interval. */
  now += 5 * G_USEC_PER_SEC;
  feed (&usage, &now, 100, 5000);
  g_assert_cmpfloat (gst_call_encode_usage_get_usage (&usage), <, 0.2);
  g_assert_false (gst_call_encode_usage_is_overused (&usage));

  /* An output without an input before it is no sample. */
  gst_call_encode_usage_frame_out (&usage, now + 1000000);
  g_assert_cmpfloat (gst_call_encode_usage_get_usage (&usage), <, 0.2);
  gst_call_encode_usage_clear (&usage);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/EncodeUsage/light", test_light);
  g_test_add_func ("/GstCall/EncodeUsage/overuse-and-back", test_overuse_and_back);
  g_test_add_func ("/GstCall/EncodeUsage/warm-up-and-pause", test_warm_up_and_pause);

  return g_test_run ();
}
