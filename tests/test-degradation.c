/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The degradation ladder of a video sender (gstcall-degradation.c): which
 * resolution and frame rate a bitrate gets, on simulated time, no
 * pipeline. tests/test-codecs.c runs it through an encoder slot.
 */

#include <locale.h>

#include <glib.h>

#include "gstcall-degradation-private.h"

#define MS ((gint64) 1000)
#define SECOND ((gint64) 1000000)
/* How often the sender looks at the bitrate here: congestion control's
 * bitrate changes at most this often. */
#define UPDATE_INTERVAL (250 * MS)
/* Monotonic time is never 0. */
#define START (1000 * SECOND)

static const GstCallVideoFormat vga = { 640, 480, 30, 1 };

/* An update with the encoder's output not measured: the bitrate decides. */
static gboolean
update (GstCallDegradation       *degradation,
        const GstCallVideoFormat *source,
        guint                     kbit_per_second,
        gint64                    now)
{
  return gst_call_degradation_update (degradation, source, kbit_per_second, 0, now);
}

static void
assert_format (const GstCallVideoFormat *source,
               guint                     step,
               guint                     width,
               guint                     height,
               guint                     framerate)
{
  GstCallVideoFormat format;

  gst_call_degradation_get_format (source, step, &format);
  g_assert_cmpuint (format.width, ==, width);
  g_assert_cmpuint (format.height, ==, height);
  g_assert_cmpuint (format.framerate_numerator, ==, framerate);
  g_assert_cmpuint (format.framerate_denominator, ==, 1);
}

/* Resolution first, by 3/4 with even sizes, down to about 160x90; then the
 * frame rate, 20, 15 and 10 fps. */
static void
test_ladder (void)
{
  const GstCallVideoFormat hd = { 1280, 720, 30, 1 };
  const GstCallVideoFormat small = { 160, 120, 30, 1 };
  const GstCallVideoFormat slow = { 640, 480, 15, 1 };
  const GstCallVideoFormat variable = { 640, 480, 0, 1 };
  guint previous_needed = G_MAXUINT;

  g_assert_cmpuint (gst_call_degradation_count_steps (&vga), ==, 9);
  assert_format (&vga, 0, 640, 480, 30);
  assert_format (&vga, 1, 480, 360, 30);
  assert_format (&vga, 2, 360, 270, 30);
  assert_format (&vga, 3, 270, 202, 30);
  assert_format (&vga, 4, 202, 152, 30);
  assert_format (&vga, 5, 152, 114, 30);
  assert_format (&vga, 6, 152, 114, 20);
  assert_format (&vga, 7, 152, 114, 15);
  assert_format (&vga, 8, 152, 114, 10);
  /* Past the last step: the last step. */
  assert_format (&vga, 100, 152, 114, 10);

  /* Each step needs less than the one before. */
  for (guint step = 0; step < gst_call_degradation_count_steps (&vga); step++) {
    GstCallVideoFormat format;
    guint needed;

    gst_call_degradation_get_format (&vga, step, &format);
    needed = gst_call_degradation_needed_bitrate (&format);
    g_assert_cmpuint (needed, <, previous_needed);
    previous_needed = needed;
  }
  /* 0.05 bit per pixel per frame. */
  g_assert_cmpuint (gst_call_degradation_needed_bitrate (&vga), ==, 461);

  /* 16:9 keeps its shape, even sizes, never below 160x90. */
  g_assert_cmpuint (gst_call_degradation_count_steps (&hd), ==, 1 + 7 + 3);
  for (guint step = 0; step < gst_call_degradation_count_steps (&hd); step++) {
    GstCallVideoFormat format;

    gst_call_degradation_get_format (&hd, step, &format);
    g_assert_cmpuint (format.width % 2, ==, 0);
    g_assert_cmpuint (format.height % 2, ==, 0);
    g_assert_cmpuint (format.width * format.height, >=, 160 * 90);
    g_assert_cmpfloat_with_epsilon ((double) format.width / format.height, 16.0 / 9.0, 0.02);
  }
  assert_format (&hd, 7, 170, 96, 30);

  /* A small source is only slowed down, never scaled up. */
  g_assert_cmpuint (gst_call_degradation_count_steps (&small), ==, 4);
  assert_format (&small, 0, 160, 120, 30);
  assert_format (&small, 1, 160, 120, 20);

  /* Rates at or above the source's are skipped. */
  g_assert_cmpuint (gst_call_degradation_count_steps (&slow), ==, 1 + 5 + 1);
  assert_format (&slow, 5, 152, 114, 15);
  assert_format (&slow, 6, 152, 114, 10);

  /* No known rate: the resolution only. */
  g_assert_cmpuint (gst_call_degradation_count_steps (&variable), ==, 6);
  assert_format (&variable, 5, 152, 114, 0);
}

static guint
step_for (guint kbit_per_second)
{
  GstCallDegradation degradation = { 0, };

  update (&degradation, &vga, kbit_per_second, START);
  return degradation.step;
}

/* Down at once, as far as the bitrate needs. */
static void
test_down (void)
{
  GstCallDegradation degradation = { 0, };

  g_assert_cmpuint (step_for (2000), ==, 0);
  g_assert_cmpuint (step_for (461), ==, 0);
  g_assert_cmpuint (step_for (460), ==, 1);
  /* 150 kbit/s: 640x480 would be mush; 270x202 needs 82 kbit/s. */
  g_assert_cmpuint (step_for (150), ==, 2);
  g_assert_cmpuint (step_for (100), ==, 3);
  /* The smallest size is reached before the rate comes down. */
  g_assert_cmpuint (step_for (26), ==, 5);
  g_assert_cmpuint (step_for (20), ==, 6);
  g_assert_cmpuint (step_for (10), ==, 8);
  g_assert_cmpuint (step_for (1), ==, 8);

  g_assert_true (update (&degradation, &vga, 100, START));
  g_assert_cmpuint (degradation.step, ==, 3);
  g_assert_false (update (&degradation, &vga, 100, START + UPDATE_INTERVAL));
  g_assert_true (update (&degradation, &vga, 10, START + 2 * UPDATE_INTERVAL));
  g_assert_cmpuint (degradation.step, ==, 8);
  /* No congestion control any more: the source's format at once. */
  g_assert_true (update (&degradation, &vga, 0, START + 3 * UPDATE_INTERVAL));
  g_assert_cmpuint (degradation.step, ==, 0);
  g_assert_cmpint (degradation.rise_since, ==, 0);
}

/* A bitrate moving around a threshold, up and down every update for a
 * minute, changes the format at most once. */
static void
test_no_flapping (void)
{
  /* Around what 360x270 needs (146 kbit/s), and around what 270x202
   * needs (82 kbit/s). */
  const guint around[][2] = { { 140, 152 }, { 78, 86 }, { 120, 175 } };

  for (guint i = 0; i < G_N_ELEMENTS (around); i++) {
    GstCallDegradation degradation = { 0, };
    guint changes = 0;

    update (&degradation, &vga, around[i][0], START);
    for (gint64 t = 1; t < 60 * SECOND / UPDATE_INTERVAL; t++) {
      guint bitrate = around[i][t % 2];

      if (update (&degradation, &vga, bitrate,
                                       START + t * UPDATE_INTERVAL))
        changes++;
    }
    g_test_message ("%u and %u kbit/s: step %u, %u changes", around[i][0], around[i][1],
                    degradation.step, changes);
    g_assert_cmpuint (changes, <=, 1);
  }
}

/* Back up one step at a time, each once the bitrate has covered it with
 * room to spare for 3 s; a dip in between starts the wait again. */
static void
test_recovery (void)
{
  GstCallDegradation degradation = { 0, };
  gint64 now = START;
  gint64 last_change = START;
  guint previous_step;

  update (&degradation, &vga, 10, now);
  g_assert_cmpuint (degradation.step, ==, 8);

  previous_step = degradation.step;
  while (degradation.step > 0 && now < START + 60 * SECOND) {
    now += UPDATE_INTERVAL;
    if (update (&degradation, &vga, 2000, now)) {
      g_assert_cmpuint (degradation.step, ==, previous_step - 1);
      g_assert_cmpint (now - last_change, >=, 3 * SECOND);
      previous_step = degradation.step;
      last_change = now;
    }
  }
  g_assert_cmpuint (degradation.step, ==, 0);
  /* Eight steps of 3 s (and the update that starts each wait). */
  g_assert_cmpint (now - START, <=, 8 * (3 * SECOND + 2 * UPDATE_INTERVAL));

  /* Back at 100 kbit/s: 270x202. Enough for 360x270 (146 kbit/s) but not
   * with 30% to spare: it stays. */
  update (&degradation, &vga, 100, now);
  g_assert_cmpuint (degradation.step, ==, 3);
  for (guint i = 0; i < 40; i++) {
    now += UPDATE_INTERVAL;
    g_assert_false (update (&degradation, &vga, 180, now));
  }
  /* 190 kbit/s is 146 with 30% more: up after 3 s, unless a lower report
   * comes in between. */
  for (guint i = 0; i < 10; i++) {
    now += UPDATE_INTERVAL;
    g_assert_false (update (&degradation, &vga, 200, now));
  }
  now += UPDATE_INTERVAL;
  g_assert_false (update (&degradation, &vga, 120, now));
  last_change = now;
  while (!update (&degradation, &vga, 200, now += UPDATE_INTERVAL))
    g_assert_cmpint (now - last_change, <=, 4 * SECOND);
  g_assert_cmpint (now - last_change, >=, 3 * SECOND);
  g_assert_cmpuint (degradation.step, ==, 2);
}

/* An encoder that does not use its bitrate (an easy picture) is not short
 * of bits: it is not degraded, and a degraded one comes back up, even
 * with a bitrate below what the step above nominally needs. Congestion
 * control keeps a sender that does not fill its bitrate at about 2/3 of
 * it: that is where it must come back up from. */
static void
test_encoder_output (void)
{
  GstCallDegradation degradation = { 0, };
  gint64 now = START;
  gint64 last_change;

  /* 100 kbit/s, of which the encoder uses 95: bit-starved, down. */
  g_assert_true (gst_call_degradation_update (&degradation, &vga, 100, 95, now));
  g_assert_cmpuint (degradation.step, ==, 3);

  /* Down to 60 kbit/s, but the encoder only produces 50 of them: no
   * further. */
  for (guint i = 0; i < 8; i++) {
    now += UPDATE_INTERVAL;
    g_assert_false (gst_call_degradation_update (&degradation, &vga, 60, 50, now));
  }
  /* At 2/3 of its bitrate (the target stuck at 1.5 times what arrives):
   * up, one step per hold, although 100 kbit/s is far from what 640x480
   * needs. */
  last_change = now;
  while (degradation.step > 0 && now < START + 60 * SECOND) {
    now += UPDATE_INTERVAL;
    if (gst_call_degradation_update (&degradation, &vga, 100, 66, now)) {
      g_assert_cmpint (now - last_change, >=, 3 * SECOND);
      last_change = now;
    }
  }
  g_assert_cmpuint (degradation.step, ==, 0);

  /* The encoder fills 100 kbit/s at 640x480 after all: down again at
   * once; the next step up after a failed one waits twice as long. */
  now += UPDATE_INTERVAL;
  g_assert_true (gst_call_degradation_update (&degradation, &vga, 100, 100, now));
  g_assert_cmpuint (degradation.step, ==, 3);
  last_change = now;
  while (!gst_call_degradation_update (&degradation, &vga, 100, 66, now += UPDATE_INTERVAL))
    g_assert_cmpint (now - last_change, <=, 7 * SECOND);
  g_assert_cmpint (now - last_change, >=, 6 * SECOND);
  g_assert_cmpuint (degradation.step, ==, 2);
  now += UPDATE_INTERVAL;
  g_assert_true (gst_call_degradation_update (&degradation, &vga, 100, 100, now));
  g_assert_cmpuint (degradation.step, ==, 3);
  last_change = now;
  while (!gst_call_degradation_update (&degradation, &vga, 100, 66, now += UPDATE_INTERVAL))
    g_assert_cmpint (now - last_change, <=, 13 * SECOND);
  g_assert_cmpint (now - last_change, >=, 12 * SECOND);

  /* A step up that holds for 10 s: the next waits 3 s again. */
  for (guint i = 0; i < 44; i++) {
    now += UPDATE_INTERVAL;
    g_assert_false (gst_call_degradation_update (&degradation, &vga, 100, 80, now));
  }
  last_change = now;
  while (!gst_call_degradation_update (&degradation, &vga, 100, 66, now += UPDATE_INTERVAL))
    g_assert_cmpint (now - last_change, <=, 4 * SECOND);
  g_assert_cmpuint (degradation.step, ==, 1);
}

/* Content between two steps (easy at the smaller, too much at the
 * larger): the tries up come less and less often, in the end once every
 * 48 s, where a 3 s hold alone would change the format every 3 s (some
 * 370 changes in ten minutes). */
static void
test_no_flapping_on_content (void)
{
  GstCallDegradation degradation = { 0, };
  gint64 now = START;
  guint changes = 0;

  gst_call_degradation_update (&degradation, &vga, 100, 95, now);
  g_assert_cmpuint (degradation.step, ==, 3);
  for (gint64 t = 1; t < 600 * SECOND / UPDATE_INTERVAL; t++) {
    /* Fills its bitrate at 360x270 and above, 2/3 of it below. */
    guint sent = degradation.step <= 2 ? 100 : 66;

    if (gst_call_degradation_update (&degradation, &vga, 100, sent, now + t * UPDATE_INTERVAL))
      changes++;
  }
  g_test_message ("%u changes in ten minutes", changes);
  g_assert_cmpuint (changes, <=, 2 * (4 + 600 / 48));
}

/* A source format that changes under a degraded sender: the step is kept
 * within the new ladder. */
static void
test_source_change (void)
{
  const GstCallVideoFormat small = { 160, 120, 30, 1 };
  GstCallDegradation degradation = { 0, };

  update (&degradation, &vga, 10, START);
  g_assert_cmpuint (degradation.step, ==, 8);
  g_assert_true (update (&degradation, &small, 10, START + UPDATE_INTERVAL));
  g_assert_cmpuint (degradation.step, ==, 3);
  assert_format (&small, degradation.step, 160, 120, 10);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/Degradation/ladder", test_ladder);
  g_test_add_func ("/GstCall/Degradation/down", test_down);
  g_test_add_func ("/GstCall/Degradation/no-flapping", test_no_flapping);
  g_test_add_func ("/GstCall/Degradation/recovery", test_recovery);
  g_test_add_func ("/GstCall/Degradation/encoder-output", test_encoder_output);
  g_test_add_func ("/GstCall/Degradation/no-flapping-on-content", test_no_flapping_on_content);
  g_test_add_func ("/GstCall/Degradation/source-change", test_source_change);

  return g_test_run ();
}
