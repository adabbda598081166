/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * The congestion controller on synthetic transport-wide feedback. A
 * simulated link carries the packets: the sender paces 1200-byte packets
 * at the controller's target (or at a fixed rate), a drop-tail bottleneck
 * queue drains them at the link's capacity, a propagation delay follows,
 * optional random or periodic loss, and the receiver reports every 100 ms
 * what arrived when, as RTCP transport-cc does. Simulated time, no
 * pipeline: each case takes milliseconds.
 */

#include <locale.h>
#include <math.h>

#include <gst/gst.h>

#include "gstcall-gcc-private.h"

#define MS ((gint64) 1000)
#define SECOND ((gint64) 1000000)
#define PACKET_SIZE 1200
#define FEEDBACK_INTERVAL (100 * MS)
/* The receiver's clock has its own origin: only differences may count. */
#define RECEIVER_CLOCK_OFFSET (7 * 3600 * SECOND + 123457)

typedef struct {
  gint64 send_time;
  gint64 arrival_time; /* on the sender's clock; -1: lost */
} SentPacket;

typedef struct {
  GstCallGcc *gcc;
  gint64 now;

  /* The link. */
  double capacity;         /* bit/s; 0: unlimited */
  gint64 one_way_delay;
  gint64 queue_limit;      /* longest queueing delay before drop-tail */
  double loss;             /* random loss probability */
  guint lose_every;        /* lose every Nth packet; 0: none */
  gint64 jitter;           /* uniform 0..jitter added to the delay */
  gint64 queue_free_at;    /* when the bottleneck finishes its backlog */
  gint64 last_arrival;
  GRand *rand;

  /* The sender. */
  double fixed_rate;       /* bit/s; 0: send at the target */
  /* An encoder that drops frames at low bitrates: below this target
   * (bit/s) it sends only starved_share of it; 0: never. */
  double starved_below;
  double starved_share;
  gboolean frames;         /* 30 frames a second, each sent at once */
  double frame_credit;     /* bits of the next frame not yet sent */
  gint64 next_send;
  GArray *packets;         /* SentPacket, by transport sequence number */

  /* The receiver. */
  guint next_reported;     /* first packet not yet in a report */
  gint64 next_feedback;
  guint reports;

  /* What happened. */
  gint64 max_queue_delay_since_mark;
  guint lost_count;
} Link;

static Link *
link_new (guint  min_bitrate,
          guint  start_bitrate,
          guint  max_bitrate,
          double capacity)
{
  Link *link = g_new0 (Link, 1);

  link->gcc = gst_call_gcc_new (min_bitrate, start_bitrate, max_bitrate);
  link->capacity = capacity;
  link->one_way_delay = 20 * MS;
  link->queue_limit = 1000 * MS;
  link->rand = g_rand_new_with_seed (42);
  link->packets = g_array_new (FALSE, FALSE, sizeof (SentPacket));
  link->now = 10 * SECOND; /* any origin */
  link->next_send = link->now;
  link->next_feedback = link->now + FEEDBACK_INTERVAL;
  return link;
}

static void
link_free (Link *link)
{
  gst_call_gcc_free (link->gcc);
  g_rand_free (link->rand);
  g_array_unref (link->packets);
  g_free (link);
}

static guint
target (Link *link)
{
  return gst_call_gcc_get_target_bitrate (link->gcc);
}

/* One packet into the link at link->now. */
static void
send_packet (Link *link)
{
  SentPacket packet = { link->now, -1 };
  guint index = link->packets->len;
  gboolean lost = FALSE;

  if (link->loss > 0 && g_rand_double (link->rand) < link->loss)
    lost = TRUE;
  if (link->lose_every > 0 && index % link->lose_every == link->lose_every - 1)
    lost = TRUE;

  if (!lost) {
    gint64 start = MAX (link->now, link->queue_free_at);
    gint64 queue_delay = start - link->now;

    if (link->capacity > 0 && queue_delay > link->queue_limit) {
      lost = TRUE; /* drop-tail */
    } else {
      gint64 departure = start;
      gint64 arrival;

      if (link->capacity > 0) {
        departure += (gint64) (PACKET_SIZE * 8 * (double) SECOND / link->capacity);
        link->queue_free_at = departure;
      }
      arrival = departure + link->one_way_delay;
      if (link->jitter > 0)
        arrival += g_rand_int_range (link->rand, 0, (gint32) link->jitter + 1);
      /* FIFO: jitter never reorders. */
      arrival = MAX (arrival, link->last_arrival);
      link->last_arrival = arrival;
      packet.arrival_time = arrival;
      link->max_queue_delay_since_mark = MAX (link->max_queue_delay_since_mark,
                                              departure - link->now);
    }
  }
  if (lost)
    link->lost_count++;
  g_array_append_val (link->packets, packet);
}

/* The receiver's report at @report_time: every packet up to the last one
 * that has arrived, the ones before it that did not marked lost. It
 * reaches the sender one propagation delay later. */
static void
send_feedback (Link  *link,
               gint64 report_time)
{
  guint last = link->next_reported;
  gboolean any = FALSE;
  g_autoptr (GArray) report = g_array_new (FALSE, FALSE, sizeof (GstCallGccPacket));

  for (guint i = link->next_reported; i < link->packets->len; i++) {
    SentPacket *sent = &g_array_index (link->packets, SentPacket, i);

    if (sent->arrival_time >= 0 && sent->arrival_time <= report_time) {
      last = i + 1;
      any = TRUE;
    }
  }
  if (!any)
    return;
  for (guint i = link->next_reported; i < last; i++) {
    SentPacket *sent = &g_array_index (link->packets, SentPacket, i);
    GstCallGccPacket packet = {
      .send_time = sent->send_time,
      .arrival_time = sent->arrival_time + RECEIVER_CLOCK_OFFSET,
      .size = PACKET_SIZE,
      .lost = sent->arrival_time < 0 || sent->arrival_time > report_time,
    };

    g_array_append_val (report, packet);
  }
  link->next_reported = last;
  gst_call_gcc_on_transport_feedback (link->gcc, (GstCallGccPacket *) report->data, report->len,
                                      report_time + link->one_way_delay);
  link->reports++;
}

/* Runs the link for @duration in 1 ms steps. */
static void
run (Link  *link,
     gint64 duration)
{
  gint64 end = link->now + duration;

  for (; link->now < end; link->now += MS) {
    /* The report made one propagation delay ago arrives now. */
    if (link->now >= link->next_feedback + link->one_way_delay) {
      send_feedback (link, link->next_feedback);
      link->next_feedback += FEEDBACK_INTERVAL;
    }
    while (link->next_send <= link->now) {
      double rate = link->fixed_rate > 0 ? link->fixed_rate : target (link);

      if (link->starved_below > 0 && rate < link->starved_below)
        rate *= link->starved_share;

      if (link->frames) {
        /* An encoder without a pacer: a frame's packets leave together. */
        link->frame_credit += rate / 30;
        while (link->frame_credit >= PACKET_SIZE * 8) {
          send_packet (link);
          link->frame_credit -= PACKET_SIZE * 8;
        }
        link->next_send += SECOND / 30;
      } else {
        send_packet (link);
        link->next_send += (gint64) (PACKET_SIZE * 8 * (double) SECOND / rate);
      }
    }
  }
}

/* Runs the link for @duration and gives the mean target over it (sampled
 * every 10 ms) and its extremes. */
static double
run_measuring (Link  *link,
               gint64 duration,
               guint *min_target,
               guint *max_target)
{
  double sum = 0;
  guint samples = 0;
  guint low = G_MAXUINT, high = 0;

  for (gint64 t = 0; t < duration; t += 10 * MS) {
    run (link, 10 * MS);
    sum += target (link);
    samples++;
    low = MIN (low, target (link));
    high = MAX (high, target (link));
  }
  if (min_target)
    *min_target = low;
  if (max_target)
    *max_target = high;
  return sum / samples;
}

/* A queue starts to grow (the link drops below the send rate): the
 * detector calls overuse within three feedback reports, and not before. */
static void
test_overuse_on_delay_ramp (void)
{
  Link *link = link_new (50000, 1000000, 5000000, 2e6);
  guint reports_at_drop, reports_to_detect = 0;

  link->fixed_rate = 1e6;
  for (guint i = 0; i < 50; i++) {
    run (link, 100 * MS);
    g_assert_cmpint (gst_call_gcc_get_usage (link->gcc), !=, GST_CALL_GCC_USAGE_OVERUSING);
  }

  /* 1 Mbit/s into 800 kbit/s: the queue grows by 25 ms every 100 ms. */
  link->capacity = 8e5;
  reports_at_drop = link->reports;
  while (gst_call_gcc_get_usage (link->gcc) != GST_CALL_GCC_USAGE_OVERUSING &&
         link->reports - reports_at_drop < 10)
    run (link, MS);
  reports_to_detect = link->reports - reports_at_drop;
  g_test_message ("overuse detected after %u reports", reports_to_detect);
  g_assert_cmpuint (reports_to_detect, <=, 3);
  g_assert_cmpuint (reports_to_detect, >=, 1);

  link_free (link);
}

/* Flat delay (with 0-10 ms jitter), no loss, no bottleneck: the target
 * never goes down, and it grows to the maximum. */
static void
test_no_decrease_on_flat_delay (void)
{
  Link *link = link_new (50000, 300000, 2000000, 0);
  guint previous = target (link);

  link->jitter = 10 * MS;
  for (guint i = 0; i < 200; i++) {
    run (link, 50 * MS);
    g_assert_cmpuint (target (link), >=, previous);
    g_assert_cmpint (gst_call_gcc_get_usage (link->gcc), !=, GST_CALL_GCC_USAGE_OVERUSING);
    previous = target (link);
  }
  g_assert_cmpuint (target (link), ==, 2000000);

  link_free (link);
}

/* A bottleneck of 1 Mbit/s from a 300 kbit/s start: after the first
 * seconds the target stays within 15 % of the capacity, and the queue
 * stays short. */
static void
test_converges_to_capacity (void)
{
  const double capacities[] = { 1e6, 2.5e5, 4e6 };

  for (guint c = 0; c < G_N_ELEMENTS (capacities); c++) {
    double capacity = capacities[c];
    Link *link = link_new (30000, 300000, 10000000, capacity);
    guint low, high;
    double mean;

    run (link, 10 * SECOND);
    link->max_queue_delay_since_mark = 0;
    mean = run_measuring (link, 30 * SECOND, &low, &high);
    g_test_message ("capacity %.0f: mean target %.0f (%.2f), %u to %u, longest queue %" G_GINT64_FORMAT " ms",
                    capacity, mean, mean / capacity, low, high,
                    link->max_queue_delay_since_mark / MS);
    g_assert_cmpfloat (fabs (mean - capacity), <=, 0.15 * capacity);
    g_assert_cmpfloat (low, >=, 0.6 * capacity);
    g_assert_cmpfloat (high, <=, 1.3 * capacity);
    g_assert_cmpint (link->max_queue_delay_since_mark, <, 250 * MS);
    link_free (link);
  }
}

/* Video frames sent in one burst each (no pacer), as an encoder gives
 * them: the queue each frame builds and drains is not taken for overuse,
 * and the target still converges. */
static void
test_converges_with_frame_bursts (void)
{
  const double capacities[] = { 1e6, 2.5e6 };

  for (guint c = 0; c < G_N_ELEMENTS (capacities); c++) {
    double capacity = capacities[c];
    Link *link = link_new (30000, 300000, 10000000, capacity);
    guint low, high;
    double mean;

    link->frames = TRUE;
    run (link, 10 * SECOND);
    link->max_queue_delay_since_mark = 0;
    mean = run_measuring (link, 30 * SECOND, &low, &high);
    g_test_message ("frames, capacity %.0f: mean target %.0f (%.2f), %u to %u, longest queue %" G_GINT64_FORMAT " ms",
                    capacity, mean, mean / capacity, low, high,
                    link->max_queue_delay_since_mark / MS);
    g_assert_cmpfloat (fabs (mean - capacity), <=, 0.15 * capacity);
    g_assert_cmpint (link->max_queue_delay_since_mark, <, 250 * MS);
    link_free (link);
  }

  /* Well below the capacity, the bursts alone never count as overuse. */
  {
    Link *link = link_new (30000, 500000, 500000, 2e6);
    guint previous = target (link);

    link->frames = TRUE;
    for (guint i = 0; i < 100; i++) {
      run (link, 100 * MS);
      g_assert_cmpint (gst_call_gcc_get_usage (link->gcc), !=, GST_CALL_GCC_USAGE_OVERUSING);
      g_assert_cmpuint (target (link), >=, previous);
      previous = target (link);
    }
    link_free (link);
  }
}

/* A fast link is reached within about 2 s of the start. */
static void
test_fast_start (void)
{
  Link *link = link_new (30000, 300000, 10000000, 2.5e6);
  guint high;

  g_assert_true (gst_call_gcc_is_ramping (link->gcc));
  run (link, 2 * SECOND);
  g_test_message ("target after 2 s: %u", target (link));
  g_assert_cmpuint (target (link), >=, 0.8 * 2.5e6);
  /* The overshoot ends the ramp and is short. */
  run_measuring (link, 3 * SECOND, NULL, &high);
  g_assert_false (gst_call_gcc_is_ramping (link->gcc));
  g_assert_cmpuint (high, <=, 1.5 * 2.5e6);
  run (link, 5 * SECOND);
  g_assert_cmpint (link->max_queue_delay_since_mark, <, 500 * MS);

  link_free (link);
}

/* A slow link behind a deep buffer (500 kbit/s, a 1 s drop-tail queue, as
 * cellular and DSL links have). Whatever queue the start builds is
 * drained, not kept; and a second of queue (a sender that overran the
 * link for 2 s, as a start with keyframes does) is gone within 2 s of the
 * controller taking over, where the usual cut to 0.85 x the throughput
 * would take about 7 s. */
static void
test_deep_queue_drains (void)
{
  Link *link = link_new (30000, 300000, 2500000, 5e5);
  gint64 draining = 0;
  double mean;

  link->frames = TRUE;
  run (link, 5 * SECOND);
  g_test_message ("queue at 5 s: %" G_GINT64_FORMAT " ms, longest %" G_GINT64_FORMAT " ms",
                  (MAX (link->queue_free_at, link->now) - link->now) / MS,
                  link->max_queue_delay_since_mark / MS);
  link->max_queue_delay_since_mark = 0;
  mean = run_measuring (link, 20 * SECOND, NULL, NULL);
  g_test_message ("then: mean target %.0f, longest queue %" G_GINT64_FORMAT " ms", mean,
                  link->max_queue_delay_since_mark / MS);
  g_assert_cmpint (link->max_queue_delay_since_mark, <, 250 * MS);
  g_assert_cmpfloat (mean, >=, 0.7 * 5e5);

  /* 2 s at 1.5 x the link. */
  link->fixed_rate = 7.5e5;
  run (link, 2 * SECOND);
  g_assert_cmpint (link->queue_free_at - link->now, >=, 800 * MS);
  link->fixed_rate = 0;
  while (link->queue_free_at - link->now > 100 * MS && draining < 10 * SECOND) {
    run (link, 100 * MS);
    draining += 100 * MS;
  }
  g_test_message ("a second of queue drained in %" G_GINT64_FORMAT " ms", draining / MS);
  g_assert_cmpint (draining, <=, 2 * SECOND);
  /* And the rate comes back. */
  run (link, 5 * SECOND);
  mean = run_measuring (link, 10 * SECOND, NULL, NULL);
  g_test_message ("after: mean target %.0f", mean);
  g_assert_cmpfloat (mean, >=, 0.7 * 5e5);
  link_free (link);
}

/* Flat delay but 20 % of the packets lost: the loss-based bound brings the
 * target down; 5 % loss holds it; none lets it grow again. */
static void
test_loss_lowers_target (void)
{
  Link *link = link_new (50000, 1000000, 1000000, 0);
  guint before, held;

  run (link, 5 * SECOND);
  before = target (link);
  g_assert_cmpuint (before, ==, 1000000);

  link->loss = 0.2;
  run (link, 5 * SECOND);
  g_test_message ("20 %% loss: target %u -> %u", before, target (link));
  g_assert_cmpuint (target (link), <, before / 2);
  g_assert_cmpint (gst_call_gcc_get_usage (link->gcc), !=, GST_CALL_GCC_USAGE_OVERUSING);

  /* Every 20th packet lost: 5 %, between the thresholds. */
  link->loss = 0;
  link->lose_every = 20;
  run (link, SECOND);
  held = target (link);
  for (guint i = 0; i < 30; i++) {
    run (link, 100 * MS);
    g_assert_cmpuint (target (link), ==, held);
  }

  link->lose_every = 0;
  run (link, 10 * SECOND);
  g_assert_cmpuint (target (link), >, held * 1.5);

  link_free (link);
}

/* Receiver reports alone (no transport-wide feedback): their loss figure
 * drives the loss-based bound, alone. */
static void
test_receiver_report_loss (void)
{
  GstCallGcc *gcc = gst_call_gcc_new (50000, 1000000, 2000000);
  gint64 now = SECOND;
  guint before = gst_call_gcc_get_target_bitrate (gcc);

  /* No loss: 8 % a second, past the start rate. */
  for (guint i = 0; i < 5; i++, now += SECOND)
    gst_call_gcc_on_receiver_report (gcc, 0, 50 * MS, now);
  g_assert_cmpuint (gst_call_gcc_get_target_bitrate (gcc), >, before * 1.3);
  g_assert_cmpuint (gst_call_gcc_get_target_bitrate (gcc), <, before * 1.6);
  before = gst_call_gcc_get_target_bitrate (gcc);

  for (guint i = 0; i < 10; i++, now += SECOND)
    gst_call_gcc_on_receiver_report (gcc, 0.3, 50 * MS, now);
  g_assert_cmpuint (gst_call_gcc_get_target_bitrate (gcc), <, before / 2);
  g_assert_cmpuint (gst_call_gcc_get_target_bitrate (gcc), >=, 50000);

  before = gst_call_gcc_get_target_bitrate (gcc);
  for (guint i = 0; i < 5; i++, now += SECOND)
    gst_call_gcc_on_receiver_report (gcc, 0.05, 50 * MS, now);
  g_assert_cmpuint (gst_call_gcc_get_target_bitrate (gcc), ==, before);

  gst_call_gcc_free (gcc);
}

/* Receiver reports ten times a second (plain RTP's RTCP at its shortest
 * interval) grow the target no faster than one a second does. */
static void
test_receiver_report_rate (void)
{
  GstCallGcc *gcc = gst_call_gcc_new (50000, 300000, 2500000);
  gint64 now = SECOND;
  guint before = gst_call_gcc_get_target_bitrate (gcc);

  for (guint i = 0; i < 50; i++, now += 100 * MS)
    gst_call_gcc_on_receiver_report (gcc, 0, 5 * MS, now);
  g_assert_cmpuint (gst_call_gcc_get_target_bitrate (gcc), >, before * 1.3);
  g_assert_cmpuint (gst_call_gcc_get_target_bitrate (gcc), <, before * 1.6);

  /* A quarter lost: down below the start within a few reports. */
  for (guint i = 0; i < 20; i++, now += 100 * MS)
    gst_call_gcc_on_receiver_report (gcc, 0.25, 5 * MS, now);
  g_assert_cmpuint (gst_call_gcc_get_target_bitrate (gcc), <, before);
  gst_call_gcc_free (gcc);
}

/* 2 Mbit/s, then 300 kbit/s for 15 s, then 2 Mbit/s again: the target
 * follows the drop within 2 s and comes back up. */
static void
test_recovers_after_capacity_returns (void)
{
  Link *link = link_new (30000, 300000, 10000000, 2e6);
  gint64 since_recovery = 0;
  double mean;

  run (link, 10 * SECOND);
  g_assert_cmpuint (target (link), >=, 0.7 * 2e6);

  link->capacity = 3e5;
  run (link, 2 * SECOND);
  g_test_message ("2 s after the drop: %u", target (link));
  g_assert_cmpuint (target (link), <=, 1.15 * 3e5);
  run (link, 5 * SECOND);
  link->max_queue_delay_since_mark = 0;
  mean = run_measuring (link, 8 * SECOND, NULL, NULL);
  g_assert_cmpfloat (fabs (mean - 3e5), <=, 0.15 * 3e5);
  g_assert_cmpint (link->max_queue_delay_since_mark, <, 300 * MS);

  link->capacity = 2e6;
  while (target (link) < 0.8 * 2e6 && since_recovery < 60 * SECOND) {
    run (link, 100 * MS);
    since_recovery += 100 * MS;
  }
  g_test_message ("back above 80 %% of 2 Mbit/s after %" G_GINT64_FORMAT " ms",
                  since_recovery / MS);
  g_assert_cmpint (since_recovery, <=, 10 * SECOND);
  mean = run_measuring (link, 20 * SECOND, NULL, NULL);
  g_assert_cmpfloat (fabs (mean - 2e6), <=, 0.15 * 2e6);

  link_free (link);
}

/* 3 Mbit/s, @low bit/s for @duration, 3 Mbit/s again: how long, from the
 * link's return, until the target is back above half of it (at most a
 * minute), the target at the end of @duration in *@at_low. With @starved,
 * the encoder sends a fifth of targets below 100 kbit/s, as libvpx does
 * at the floor (a frame a second or so). */
static gint64
time_to_recover_full (double    low,
                      gint64    duration,
                      gboolean  starved,
                      guint    *at_low)
{
  Link *link = link_new (30000, 300000, 10000000, 3e6);
  gint64 since_recovery = 0;

  link->frames = TRUE;
  if (starved) {
    link->starved_below = 100000;
    link->starved_share = 0.2;
  }
  run (link, 10 * SECOND);
  g_assert_cmpuint (target (link), >=, 0.7 * 3e6);
  link->capacity = low;
  run (link, duration);
  *at_low = target (link);
  link->capacity = 3e6;
  while (target (link) < 0.5 * 3e6 && since_recovery < 60 * SECOND) {
    run (link, 100 * MS);
    since_recovery += 100 * MS;
  }
  g_test_message ("%.0f bit/s for %" G_GINT64_FORMAT " ms: target %u, back above half of "
                  "3 Mbit/s after %" G_GINT64_FORMAT " ms", low, duration / MS, *at_low,
                  since_recovery / MS);
  link_free (link);
  return since_recovery;
}

static gint64
time_to_recover (double  low,
                 gint64  duration,
                 guint  *at_low)
{
  return time_to_recover_full (low, duration, FALSE, at_low);
}

/* A link that all but stops for 2 s (a handover, a tunnel), then comes
 * back at 3 Mbit/s: the target is back above half the link within 10 s.
 * (In this simulation the outage holds the feedback back too, so the
 * target falls by half at most.) */
static void
test_recovers_after_outage (void)
{
  guint at_low;

  g_assert_cmpint (time_to_recover (5e4, 2 * SECOND, &at_low), <=, 10 * SECOND);
}

/* 3 Mbit/s, then 100 kbit/s for 5 s (the target collapses to near the
 * floor), then 3 Mbit/s again: once the queue has drained, the target
 * ramps as at the start (as fast as the throughput it sees allows) and is
 * back above half the link within 10 s; from the floor at 8% a second it
 * took half a minute. */
static void
test_fast_recovery_after_collapse (void)
{
  guint at_low;
  gint64 full, starved;

  full = time_to_recover (1e5, 5 * SECOND, &at_low);
  g_assert_cmpint (full, <=, 10 * SECOND);
  g_assert_cmpuint (at_low, <=, 0.34 * 3e6);
  /* What gets through from an encoder starved at the floor says nothing
   * of the link: the ramp back does not wait for it, and is about as
   * fast as with an encoder that fills its target. */
  starved = time_to_recover_full (1e5, 5 * SECOND, TRUE, &at_low);
  g_assert_cmpint (starved, <=, full + 500 * MS);
}

/* The target stays within min and max whatever the link does. */
static void
test_min_max (void)
{
  Link *link = link_new (30000, 300000, 800000, 5e6);
  guint low, high;

  run_measuring (link, 10 * SECOND, &low, &high);
  g_assert_cmpuint (high, ==, 800000);
  g_assert_cmpuint (target (link), ==, 800000);
  link_free (link);

  link = link_new (200000, 300000, 800000, 1e5);
  run_measuring (link, 10 * SECOND, &low, &high);
  g_assert_cmpuint (low, ==, 200000);
  g_assert_cmpuint (gst_call_gcc_get_delay_based_bitrate (link->gcc), >=, 200000);
  link_free (link);

  link = link_new (200000, 300000, 800000, 0);
  link->loss = 0.5;
  run_measuring (link, 10 * SECOND, &low, &high);
  g_assert_cmpuint (low, >=, 200000);
  g_assert_cmpuint (target (link), ==, 200000);
  link_free (link);
}

/* Bounds changed on a running controller hold at once and from then on. */
static void
test_set_bounds (void)
{
  Link *link = link_new (30000, 1000000, 2500000, 5e6);
  guint low, high;

  run_measuring (link, 5 * SECOND, &low, &high);
  g_assert_cmpuint (target (link), >, 400000);
  gst_call_gcc_set_bounds (link->gcc, 30000, 400000);
  g_assert_cmpuint (target (link), ==, 400000);
  g_assert_cmpuint (gst_call_gcc_get_delay_based_bitrate (link->gcc), <=, 400000);
  run_measuring (link, 5 * SECOND, &low, &high);
  g_assert_cmpuint (high, <=, 400000);

  /* A floor above the estimate raises it. */
  gst_call_gcc_set_bounds (link->gcc, 1000000, 2500000);
  g_assert_cmpuint (target (link), >=, 1000000);
  run_measuring (link, 2 * SECOND, &low, &high);
  g_assert_cmpuint (low, >=, 1000000);
  link_free (link);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/GstCall/Gcc/overuse-on-delay-ramp", test_overuse_on_delay_ramp);
  g_test_add_func ("/GstCall/Gcc/no-decrease-on-flat-delay", test_no_decrease_on_flat_delay);
  g_test_add_func ("/GstCall/Gcc/converges-to-capacity", test_converges_to_capacity);
  g_test_add_func ("/GstCall/Gcc/converges-with-frame-bursts",
                   test_converges_with_frame_bursts);
  g_test_add_func ("/GstCall/Gcc/fast-start", test_fast_start);
  g_test_add_func ("/GstCall/Gcc/deep-queue-drains", test_deep_queue_drains);
  g_test_add_func ("/GstCall/Gcc/loss-lowers-target", test_loss_lowers_target);
  g_test_add_func ("/GstCall/Gcc/receiver-report-loss", test_receiver_report_loss);
  g_test_add_func ("/GstCall/Gcc/receiver-report-rate", test_receiver_report_rate);
  g_test_add_func ("/GstCall/Gcc/recovers-after-capacity-returns",
                   test_recovers_after_capacity_returns);
  g_test_add_func ("/GstCall/Gcc/recovers-after-outage", test_recovers_after_outage);
  g_test_add_func ("/GstCall/Gcc/fast-recovery-after-collapse",
                   test_fast_recovery_after_collapse);
  g_test_add_func ("/GstCall/Gcc/min-max", test_min_max);
  g_test_add_func ("/GstCall/Gcc/set-bounds", test_set_bounds);

  return g_test_run ();
}
