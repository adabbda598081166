/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Google Congestion Control on the sender side.
 *
 * References: draft-ietf-rmcat-gcc-02 ("A Google Congestion Control
 * Algorithm for Real-Time Communication") for the overall design, and
 * libwebrtc's GoogCC (modules/congestion_controller/goog_cc) for the
 * sender-side variant and the constants used here. Part by part:
 *
 * - Packet groups (libwebrtc InterArrivalDelta, draft section 5.2): packets
 *   sent within 5 ms of a group's first packet form one group; a packet
 *   that arrives within 5 ms of the group's last one and sooner than its
 *   send spacing (a burst, the queue releasing packets at once) joins the
 *   group too. Deltas of send and arrival times are taken between
 *   consecutive complete groups.
 * - Trendline filter (libwebrtc TrendlineEstimator; it replaced the
 *   draft's Kalman filter): the accumulated delay variation, exponentially
 *   smoothed (0.9), over a window of 20 groups; the least-squares slope of
 *   smoothed delay against arrival time is the delay trend.
 * - Overuse detector with adaptive threshold (draft section 5.4,
 *   libwebrtc TrendlineEstimator::Detect and UpdateThreshold): the trend,
 *   scaled by min(deltas, 60) x 4, is compared with a threshold that
 *   follows it (k_up 0.0087, k_down 0.039 per ms, kept in [6, 600]).
 *   Overuse needs the trend above the threshold for over 10 ms and two
 *   groups, and not falling.
 * - Rate control (draft section 5.5, libwebrtc AimdRateControl): a
 *   state machine (hold, increase, decrease). Decrease to 0.85 x the
 *   acknowledged throughput; increase multiplicatively (8 % per second)
 *   when far from the link capacity, additively (about one packet per
 *   response time) once an estimate of the capacity exists near which
 *   overuse was seen (libwebrtc LinkCapacityEstimator); never above
 *   1.5 x the throughput + 10 kbit/s.
 * - Draining a standing queue (not in libwebrtc): the smallest one-way
 *   delay (arrival less send time) of the last 10 to 20 s is the path's;
 *   the smallest of a report, less that, is the queue. An overuse that
 *   finds more than 100 ms of it lowers the target, for a second, below
 *   the throughput by the queue's share of that second (at most by half):
 *   a deep buffer that the start or a drop of the link filled empties in
 *   about a second instead of the several seconds a cut to 0.85 x the
 *   throughput takes. The delay-based estimate itself is cut as usual.
 * - Recovery after a collapse (libwebrtc probes instead, which needs a
 *   pacer): an outage leaves the measured throughput near nothing and the
 *   target at the floor. When it falls within twice the minimum and below
 *   a third of the last 10 s's highest, the start ramp runs again once
 *   the queue has drained (up to 0.85 x that highest, ending at overuse or
 *   loss; a failed attempt is tried again after 1, 2, 4... s, for 30 s).
 *   A ramp is not held by underuse, which a few packets a second make
 *   flip with normal from one report to the next.
 * - Acknowledged throughput (libwebrtc BitrateEstimator): bytes per
 *   150 ms window of arrival time (500 ms for the first), merged into a
 *   running estimate weighted by its uncertainty.
 * - Loss-based bound (draft section 6, libwebrtc
 *   SendSideBandwidthEstimation): loss over 10 % cuts the rate by half the
 *   loss fraction (at most once per 300 ms + RTT), 2 to 10 % holds, under
 *   2 % lets it grow by 8 % + 1 kbit/s over the lowest target of the last
 *   second. Losses come from the transport-wide feedback (counted over at
 *   least 20 packets) or, without it, from receiver reports.
 * - Fast start. libwebrtc sends probe clusters at 3 and 6 times the start
 *   rate, which needs a pacer to send them; here the delay-based rate
 *   instead ramps exponentially (doubling every 500 ms, still capped by
 *   1.5 x the measured throughput) until the first overuse or loss-based
 *   cut, so a fast link is reached within about 2 s. Later, when the rate
 *   has grown past the upper bound of the link capacity estimate without
 *   overuse (the link grew), a gentler ramp (x 1.5 per second) stands in
 *   for libwebrtc's probing on a grown estimate.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include "gstcall-private.h"
#include "gstcall-gcc-private.h"

#define MS ((gint64) 1000)
#define SECOND ((gint64) 1000000)

/* Packet groups. */
#define SEND_TIME_GROUP_LENGTH (5 * MS)
#define BURST_DELTA_THRESHOLD (5 * MS)
#define MAX_BURST_DURATION (100 * MS)
#define ARRIVAL_TIME_OFFSET_THRESHOLD (3 * SECOND)
#define REORDERED_RESET_THRESHOLD 3

/* Trendline filter and overuse detector. */
#define TRENDLINE_WINDOW 20
#define TRENDLINE_SMOOTHING 0.9
#define TRENDLINE_THRESHOLD_GAIN 4.0
#define MIN_NUM_DELTAS 60
#define DELTA_COUNTER_MAX 1000
#define OVERUSING_TIME_THRESHOLD_MS 10.0
#define THRESHOLD_INITIAL 12.5
#define THRESHOLD_MIN 6.0
#define THRESHOLD_MAX 600.0
#define THRESHOLD_K_UP 0.0087
#define THRESHOLD_K_DOWN 0.039
#define MAX_ADAPT_OFFSET_MS 15.0
#define MAX_THRESHOLD_UPDATE_MS 100.0

/* Rate control. */
#define BETA 0.85
#define MULTIPLICATIVE_INCREASE_PER_SECOND 1.08
#define MIN_MULTIPLICATIVE_INCREASE 1000.0      /* bit/s */
#define MIN_ADDITIVE_INCREASE_PER_SECOND 4000.0 /* bit/s per second */
#define ASSUMED_FRAME_RATE 30.0
#define ASSUMED_PACKET_SIZE_BITS (1200.0 * 8.0)
#define RESPONSE_TIME_EXTRA (100 * MS)
#define THROUGHPUT_LIMIT_FACTOR 1.5
#define THROUGHPUT_LIMIT_EXTRA 10000.0          /* bit/s */
#define DECREASE_MARGIN 5000.0                  /* bit/s */
#define MIN_REDUCTION_INTERVAL (10 * MS)
#define MAX_REDUCTION_INTERVAL (200 * MS)
#define DEFAULT_RTT (200 * MS)

/* Draining a standing queue (see rate_control_update). */
#define DRAIN_QUEUE_THRESHOLD (100 * MS)
#define DRAIN_PERIOD (1 * SECOND)
#define DRAIN_MIN_FACTOR 0.5
#define BASE_DELAY_WINDOW (10 * SECOND)

/* Recovery after a collapse (see update_target). */
#define COLLAPSE_FRACTION 0.34
#define COLLAPSE_FLOOR_FACTOR 2.0
#define RECOVERY_FRACTION 0.85
#define RECENT_HIGH_WINDOW (10 * SECOND)
#define RECOVERY_FIRST_BACKOFF SECOND
#define RECOVERY_TIMEOUT (30 * SECOND)

/* Ramps (the fast start, and after the link grew). */
#define START_RAMP_PER_SECOND 4.0
#define REGROW_RAMP_PER_SECOND 1.5

/* Link capacity estimate (kbit/s). */
#define CAPACITY_ALPHA 0.05
#define CAPACITY_DEVIATION_MIN 0.4
#define CAPACITY_DEVIATION_MAX 2.5
#define CAPACITY_DEVIATION_INITIAL 0.4

/* Acknowledged throughput. */
#define THROUGHPUT_INITIAL_WINDOW_MS 500
#define THROUGHPUT_WINDOW_MS 150
#define THROUGHPUT_UNCERTAINTY_SCALE 10.0
#define THROUGHPUT_VARIANCE_INITIAL 50.0
#define THROUGHPUT_VARIANCE_INCREASE 5.0

/* Loss-based bound. */
#define LOSS_LOW 0.02
#define LOSS_HIGH 0.10
#define LOSS_MIN_PACKETS 20
#define LOSS_INCREASE_INTERVAL SECOND
#define LOSS_DECREASE_INTERVAL (300 * MS)
#define LOSS_REPORT_MAX_AGE (6 * SECOND)
#define LOSS_HISTORY_MAX 64

typedef enum {
  RATE_HOLD,
  RATE_INCREASE,
  RATE_DECREASE,
} RateControlState;

typedef struct {
  gboolean started;        /* has a first packet */
  gint64 first_send_time;
  gint64 send_time;        /* the latest send time in the group */
  gint64 first_arrival_time;
  gint64 complete_time;    /* arrival of its last packet */
  guint64 size;
} PacketGroup;

typedef struct {
  gint64 time;
  double bitrate;
} HistoryEntry;

struct _GstCallGcc {
  double min_bitrate;
  double max_bitrate;

  /* Packet groups. */
  PacketGroup current_group;
  PacketGroup previous_group;
  guint reordered_count;

  /* Trendline filter. */
  guint delta_count;
  double accumulated_delay;
  double smoothed_delay;
  gboolean have_first_arrival;
  gint64 first_arrival_time;
  double history_x[TRENDLINE_WINDOW]; /* ms since first arrival */
  double history_y[TRENDLINE_WINDOW]; /* smoothed accumulated delay, ms */
  guint history_start;
  guint history_length;
  double previous_trend;

  /* One-way delay (receiver's arrival less sender's send time, so with
   * the clocks' unknown offset): the smallest of the last
   * BASE_DELAY_WINDOW (two windows, the current and the last, each
   * remembering its minimum) is the path without a queue; the smallest of
   * the latest report, less that, is the standing queue. */
  gboolean have_base_delay;
  gint64 base_delay_window_start;
  gint64 base_delay_current;
  gint64 base_delay_previous;
  gint64 queue_delay;
  gint64 drain_until;        /* -1: not draining */
  double drain_bitrate;

  /* Recovery after a collapse: the highest target of the last
   * RECENT_HIGH_WINDOW, and whether the target fell far below it. */
  double recent_high;
  gint64 recent_high_time;
  gboolean recovering;
  double recovery_ceiling;
  gint64 recovery_start;
  gint64 recovery_next_attempt;
  gint64 recovery_backoff;

  /* Overuse detector. */
  double threshold;
  gint64 last_threshold_update; /* ms; -1: never */
  double time_over_using;       /* ms; -1: not over */
  guint overuse_counter;
  GstCallGccUsage usage;

  /* Acknowledged throughput (kbit/s; -1: none yet). */
  double throughput_estimate;
  double throughput_variance;
  gint64 throughput_previous_time; /* ms; -1: none */
  gint64 throughput_window_ms;
  guint64 throughput_window_bytes;
  double latest_throughput; /* bit/s, the last known, start rate at first */

  /* Rate control. */
  RateControlState rate_state;
  double delay_based_bitrate;
  gint64 time_last_change;   /* -1: never */
  gboolean ramping;
  double ramp_per_second;
  gboolean have_capacity;
  double capacity_estimate;  /* kbit/s */
  double capacity_deviation;
  gint64 rtt;
  gboolean have_report_rtt;

  /* Loss-based bound. */
  double target_bitrate;
  HistoryEntry min_history[LOSS_HISTORY_MAX];
  guint min_history_length;
  gboolean have_feedback;
  guint loss_lost;
  guint loss_expected;
  double last_fraction_lost;
  gint64 last_loss_report;   /* -1: never */
  gint64 last_loss_decrease; /* -1: never */
  gboolean decreased_since_loss_report;
};

GstCallGcc *
gst_call_gcc_new (guint min_bitrate,
                  guint start_bitrate,
                  guint max_bitrate)
{
  GstCallGcc *self;

  g_return_val_if_fail (min_bitrate > 0, NULL);
  g_return_val_if_fail (min_bitrate <= start_bitrate, NULL);
  g_return_val_if_fail (start_bitrate <= max_bitrate, NULL);

  self = g_new0 (GstCallGcc, 1);
  self->min_bitrate = min_bitrate;
  self->max_bitrate = max_bitrate;

  self->threshold = THRESHOLD_INITIAL;
  self->last_threshold_update = -1;
  self->time_over_using = -1;
  self->usage = GST_CALL_GCC_USAGE_NORMAL;

  self->throughput_estimate = -1;
  self->throughput_variance = THROUGHPUT_VARIANCE_INITIAL;
  self->throughput_previous_time = -1;
  self->latest_throughput = start_bitrate;

  self->rate_state = RATE_HOLD;
  self->delay_based_bitrate = start_bitrate;
  self->time_last_change = -1;
  self->ramping = TRUE;
  self->ramp_per_second = START_RAMP_PER_SECOND;
  self->capacity_deviation = CAPACITY_DEVIATION_INITIAL;
  self->rtt = DEFAULT_RTT;
  self->drain_until = -1;

  self->target_bitrate = start_bitrate;
  self->recent_high = start_bitrate;
  self->last_loss_report = -1;
  self->last_loss_decrease = -1;
  return self;
}

void
gst_call_gcc_free (GstCallGcc *self)
{
  g_free (self);
}

void
gst_call_gcc_set_bounds (GstCallGcc *self,
                         guint       min_bitrate,
                         guint       max_bitrate)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (min_bitrate > 0);
  g_return_if_fail (min_bitrate <= max_bitrate);

  self->min_bitrate = min_bitrate;
  self->max_bitrate = max_bitrate;
  self->delay_based_bitrate = CLAMP (self->delay_based_bitrate, self->min_bitrate,
                                     self->max_bitrate);
  self->target_bitrate = CLAMP (self->target_bitrate, self->min_bitrate, self->max_bitrate);
}

/* ---- Packet groups (libwebrtc InterArrivalDelta) ---- */

static void
packet_groups_reset (GstCallGcc *self)
{
  memset (&self->current_group, 0, sizeof self->current_group);
  memset (&self->previous_group, 0, sizeof self->previous_group);
  self->reordered_count = 0;
}

static gboolean
belongs_to_burst (const PacketGroup *group,
                  gint64             send_time,
                  gint64             arrival_time)
{
  gint64 arrival_delta = arrival_time - group->complete_time;
  gint64 send_delta = send_time - group->send_time;

  if (send_delta == 0)
    return TRUE;
  return arrival_delta - send_delta < 0 &&
         arrival_delta <= BURST_DELTA_THRESHOLD &&
         arrival_time - group->first_arrival_time < MAX_BURST_DURATION;
}

/* Adds a packet; when it starts a new group and two complete groups are
 * known, gives the deltas between them and returns TRUE. */
static gboolean
packet_groups_add (GstCallGcc *self,
                   gint64      send_time,
                   gint64      arrival_time,
                   guint       size,
                   gint64     *send_delta,
                   gint64     *arrival_delta)
{
  PacketGroup *current = &self->current_group;
  PacketGroup *previous = &self->previous_group;
  gboolean computed = FALSE;

  if (!current->started) {
    current->started = TRUE;
    current->first_send_time = current->send_time = send_time;
    current->first_arrival_time = arrival_time;
  } else if (send_time < current->first_send_time) {
    /* Sent before the current group: reordered, ignored. */
    return FALSE;
  } else if (!belongs_to_burst (current, send_time, arrival_time) &&
             send_time - current->first_send_time > SEND_TIME_GROUP_LENGTH) {
    if (previous->started) {
      *send_delta = current->send_time - previous->send_time;
      *arrival_delta = current->complete_time - previous->complete_time;
      if (*arrival_delta - *send_delta >= ARRIVAL_TIME_OFFSET_THRESHOLD) {
        /* The receiver's clock jumped, or the path changed: start over. */
        GST_DEBUG ("congestion control: arrival times jumped, resetting groups");
        packet_groups_reset (self);
        return FALSE;
      }
      if (*arrival_delta < 0) {
        if (++self->reordered_count >= REORDERED_RESET_THRESHOLD)
          packet_groups_reset (self);
        return FALSE;
      }
      self->reordered_count = 0;
      computed = TRUE;
    }
    *previous = *current;
    memset (current, 0, sizeof *current);
    current->started = TRUE;
    current->first_send_time = current->send_time = send_time;
    current->first_arrival_time = arrival_time;
  } else {
    current->send_time = MAX (current->send_time, send_time);
  }
  current->size += size;
  current->complete_time = arrival_time;
  return computed;
}

/* ---- Trendline filter and overuse detector (libwebrtc TrendlineEstimator) ---- */

static double
trendline_slope (GstCallGcc *self,
                 double      fallback)
{
  double mean_x = 0, mean_y = 0, numerator = 0, denominator = 0;
  guint n = self->history_length;

  for (guint i = 0; i < n; i++) {
    guint j = (self->history_start + i) % TRENDLINE_WINDOW;
    mean_x += self->history_x[j];
    mean_y += self->history_y[j];
  }
  mean_x /= n;
  mean_y /= n;
  for (guint i = 0; i < n; i++) {
    guint j = (self->history_start + i) % TRENDLINE_WINDOW;
    numerator += (self->history_x[j] - mean_x) * (self->history_y[j] - mean_y);
    denominator += (self->history_x[j] - mean_x) * (self->history_x[j] - mean_x);
  }
  if (denominator == 0)
    return fallback;
  return numerator / denominator;
}

static void
update_threshold (GstCallGcc *self,
                  double      modified_trend,
                  gint64      now_ms)
{
  double magnitude = fabs (modified_trend);
  double k, time_delta;

  if (self->last_threshold_update < 0)
    self->last_threshold_update = now_ms;
  if (magnitude > self->threshold + MAX_ADAPT_OFFSET_MS) {
    /* A spike (a route change, a burst): do not let it drag the
     * threshold up. */
    self->last_threshold_update = now_ms;
    return;
  }
  k = magnitude < self->threshold ? THRESHOLD_K_DOWN : THRESHOLD_K_UP;
  time_delta = MIN ((double) (now_ms - self->last_threshold_update), MAX_THRESHOLD_UPDATE_MS);
  self->threshold += k * (magnitude - self->threshold) * time_delta;
  self->threshold = CLAMP (self->threshold, THRESHOLD_MIN, THRESHOLD_MAX);
  self->last_threshold_update = now_ms;
}

static void
detect (GstCallGcc *self,
        double      trend,
        double      send_delta_ms,
        gint64      now_ms)
{
  double modified_trend;

  if (self->delta_count < 2) {
    self->usage = GST_CALL_GCC_USAGE_NORMAL;
    return;
  }
  modified_trend = MIN (self->delta_count, MIN_NUM_DELTAS) * trend * TRENDLINE_THRESHOLD_GAIN;
  GST_LOG ("congestion control: trend %.4f, modified %.2f, threshold %.2f", trend,
           modified_trend, self->threshold);
  if (modified_trend > self->threshold) {
    if (self->time_over_using < 0)
      self->time_over_using = send_delta_ms / 2;
    else
      self->time_over_using += send_delta_ms;
    self->overuse_counter++;
    if (self->time_over_using > OVERUSING_TIME_THRESHOLD_MS && self->overuse_counter > 1 &&
        trend >= self->previous_trend) {
      self->time_over_using = 0;
      self->overuse_counter = 0;
      self->usage = GST_CALL_GCC_USAGE_OVERUSING;
    }
  } else if (modified_trend < -self->threshold) {
    self->time_over_using = -1;
    self->overuse_counter = 0;
    self->usage = GST_CALL_GCC_USAGE_UNDERUSING;
  } else {
    self->time_over_using = -1;
    self->overuse_counter = 0;
    self->usage = GST_CALL_GCC_USAGE_NORMAL;
  }
  self->previous_trend = trend;
  update_threshold (self, modified_trend, now_ms);
}

static void
trendline_update (GstCallGcc *self,
                  gint64      send_delta,
                  gint64      arrival_delta,
                  gint64      arrival_time)
{
  double arrival_delta_ms = arrival_delta / (double) MS;
  double send_delta_ms = send_delta / (double) MS;
  double trend = self->previous_trend;
  guint slot;

  self->delta_count = MIN (self->delta_count + 1, DELTA_COUNTER_MAX);
  if (!self->have_first_arrival) {
    self->have_first_arrival = TRUE;
    self->first_arrival_time = arrival_time;
  }
  self->accumulated_delay += arrival_delta_ms - send_delta_ms;
  self->smoothed_delay = TRENDLINE_SMOOTHING * self->smoothed_delay +
                         (1 - TRENDLINE_SMOOTHING) * self->accumulated_delay;

  if (self->history_length == TRENDLINE_WINDOW) {
    slot = self->history_start;
    self->history_start = (self->history_start + 1) % TRENDLINE_WINDOW;
  } else {
    slot = (self->history_start + self->history_length++) % TRENDLINE_WINDOW;
  }
  self->history_x[slot] = (arrival_time - self->first_arrival_time) / (double) MS;
  self->history_y[slot] = self->smoothed_delay;

  if (self->history_length == TRENDLINE_WINDOW)
    trend = trendline_slope (self, trend);
  detect (self, trend, send_delta_ms, arrival_time / MS);
}

/* ---- Acknowledged throughput (libwebrtc BitrateEstimator) ---- */

static void
throughput_update (GstCallGcc *self,
                   gint64      arrival_time,
                   guint       size)
{
  gint64 now_ms = arrival_time / MS;
  gint64 window_ms = self->throughput_estimate < 0 ? THROUGHPUT_INITIAL_WINDOW_MS
                                                   : THROUGHPUT_WINDOW_MS;
  double sample = -1;

  if (self->throughput_previous_time >= 0 && now_ms < self->throughput_previous_time) {
    self->throughput_previous_time = -1;
    self->throughput_window_bytes = 0;
    self->throughput_window_ms = 0;
  }
  if (self->throughput_previous_time >= 0) {
    self->throughput_window_ms += now_ms - self->throughput_previous_time;
    if (now_ms - self->throughput_previous_time > window_ms) {
      /* Nothing arrived for a whole window: the old bytes say nothing
       * about now. */
      self->throughput_window_bytes = 0;
      self->throughput_window_ms %= window_ms;
    }
  }
  self->throughput_previous_time = now_ms;
  if (self->throughput_window_ms >= window_ms) {
    sample = 8.0 * self->throughput_window_bytes / window_ms; /* kbit/s */
    self->throughput_window_ms -= window_ms;
    self->throughput_window_bytes = 0;
  }
  self->throughput_window_bytes += size;

  if (sample < 0)
    return;
  if (self->throughput_estimate < 0) {
    self->throughput_estimate = sample;
  } else {
    /* Samples far from the estimate are trusted less. */
    double uncertainty = THROUGHPUT_UNCERTAINTY_SCALE *
                         fabs (self->throughput_estimate - sample) /
                         MAX (self->throughput_estimate, 1.0);
    double sample_variance = uncertainty * uncertainty;
    double predicted_variance = self->throughput_variance + THROUGHPUT_VARIANCE_INCREASE;

    if (sample_variance + predicted_variance <= 0)
      return;
    self->throughput_estimate = (sample_variance * self->throughput_estimate +
                                 predicted_variance * sample) /
                                (sample_variance + predicted_variance);
    self->throughput_estimate = MAX (self->throughput_estimate, 0);
    self->throughput_variance = sample_variance * predicted_variance /
                                (sample_variance + predicted_variance);
  }
  self->latest_throughput = self->throughput_estimate * 1000;
}

/* ---- Link capacity estimate (libwebrtc LinkCapacityEstimator) ---- */

static double
capacity_spread (GstCallGcc *self)
{
  return 3 * sqrt (self->capacity_estimate * self->capacity_deviation);
}

static double
capacity_upper_bound (GstCallGcc *self)
{
  return (self->capacity_estimate + capacity_spread (self)) * 1000;
}

static double
capacity_lower_bound (GstCallGcc *self)
{
  return MAX (0, self->capacity_estimate - capacity_spread (self)) * 1000;
}

static void
capacity_on_overuse (GstCallGcc *self,
                     double      throughput)
{
  double sample = throughput / 1000;
  double error;

  if (!self->have_capacity) {
    self->have_capacity = TRUE;
    self->capacity_estimate = sample;
  } else {
    self->capacity_estimate = (1 - CAPACITY_ALPHA) * self->capacity_estimate + CAPACITY_ALPHA * sample;
  }
  error = self->capacity_estimate - sample;
  self->capacity_deviation = (1 - CAPACITY_ALPHA) * self->capacity_deviation +
                             CAPACITY_ALPHA * error * error / MAX (self->capacity_estimate, 1.0);
  self->capacity_deviation = CLAMP (self->capacity_deviation, CAPACITY_DEVIATION_MIN,
                                    CAPACITY_DEVIATION_MAX);
}

/* ---- Rate control (libwebrtc AimdRateControl) ---- */

/* About one packet per response time: how fast to grow near the capacity. */
static double
additive_increase (GstCallGcc *self,
                   gint64      elapsed)
{
  double bits_per_frame = self->delay_based_bitrate / ASSUMED_FRAME_RATE;
  double packets_per_frame = ceil (bits_per_frame / ASSUMED_PACKET_SIZE_BITS);
  double packet_size_bits = bits_per_frame / MAX (packets_per_frame, 1.0);
  double response_time = (self->rtt + RESPONSE_TIME_EXTRA) / (double) SECOND;
  double per_second = MAX (MIN_ADDITIVE_INCREASE_PER_SECOND, packet_size_bits / response_time);

  return per_second * elapsed / (double) SECOND;
}

static double
multiplicative_increase (GstCallGcc *self,
                         double      per_second,
                         gint64      elapsed)
{
  double alpha = pow (per_second, MIN (elapsed / (double) SECOND, 1.0));

  return MAX (self->delay_based_bitrate * (alpha - 1.0), MIN_MULTIPLICATIVE_INCREASE);
}

/* The recovery is over (the ramp reached its ceiling, or it timed out):
 * the next collapse is measured from here. */
static void
end_recovery (GstCallGcc *self)
{
  self->recovering = FALSE;
  self->recent_high = self->target_bitrate;
}

/* A recovery ramp ended at overuse or loss at @now: the link is not back
 * yet; the next attempt waits twice as long as the last. */
static void
recovery_attempt_failed (GstCallGcc *self,
                         gint64      now)
{
  self->recovery_next_attempt = now + self->recovery_backoff;
  self->recovery_backoff *= 2;
}

static void
rate_control_update (GstCallGcc *self,
                     GstCallGccUsage usage,
                     gint64      now)
{
  double throughput = self->latest_throughput;
  double bitrate = self->delay_based_bitrate;

  switch (usage) {
    case GST_CALL_GCC_USAGE_NORMAL:
      if (self->rate_state == RATE_HOLD) {
        self->time_last_change = now;
        self->rate_state = RATE_INCREASE;
      }
      break;
    case GST_CALL_GCC_USAGE_OVERUSING:
      self->rate_state = RATE_DECREASE;
      break;
    case GST_CALL_GCC_USAGE_UNDERUSING:
      /* The queue drains: let it, without adding to it; a ramp goes on
       * (at a few packets a second the trend flips between underuse and
       * normal from one report to the next, and each hold would start
       * the ramp over). */
      if (!self->ramping)
        self->rate_state = RATE_HOLD;
      else if (self->rate_state == RATE_HOLD) {
        self->time_last_change = now;
        self->rate_state = RATE_INCREASE;
      }
      break;
  }

  switch (self->rate_state) {
    case RATE_HOLD:
      break;

    case RATE_INCREASE: {
      double limit = THROUGHPUT_LIMIT_FACTOR * throughput + THROUGHPUT_LIMIT_EXTRA;
      gint64 elapsed = self->time_last_change >= 0 ? now - self->time_last_change : 0;

      /* A recovery ramp starts from the floor, where an encoder makes a
       * frame a second or so: what gets through says nothing of the link
       * and would hold the ramp there. It goes up to its ceiling; the
       * first overuse or loss ends it. */
      if (self->recovering && self->ramping)
        limit = MAX (limit, self->recovery_ceiling);

      if (self->have_capacity && throughput > capacity_upper_bound (self)) {
        /* More gets through than the link took when it was congested:
         * it has grown. Forget its old capacity and ramp. */
        GST_DEBUG ("congestion control: throughput %.0f above link capacity %.0f, ramping",
                   throughput, self->capacity_estimate * 1000);
        self->have_capacity = FALSE;
        self->ramping = TRUE;
        self->ramp_per_second = REGROW_RAMP_PER_SECOND;
      }
      if (bitrate < limit) {
        double increased;

        if (self->ramping && self->recovering && bitrate >= self->recovery_ceiling) {
          GST_DEBUG ("congestion control: recovered, %.0f bit/s", bitrate);
          end_recovery (self);
        }
        if (self->ramping)
          increased = bitrate + multiplicative_increase (self, self->ramp_per_second, elapsed);
        else if (self->have_capacity)
          increased = bitrate + additive_increase (self, elapsed);
        else
          increased = bitrate + multiplicative_increase (self, MULTIPLICATIVE_INCREASE_PER_SECOND,
                                                          elapsed);
        bitrate = MIN (increased, limit);
      }
      self->time_last_change = now;
      break;
    }

    case RATE_DECREASE: {
      double decreased = BETA * throughput;

      /* A queue that has stood for long (a deep buffer the start or a
       * drop of the link filled) would drain at 15% of the link's rate
       * at BETA: seconds for a second of queue. For DRAIN_PERIOD the
       * target is lower by the queue's share of that period (at most
       * halved), so it drains in about that time; the estimate itself
       * takes the usual cut and is back once the queue is gone. */
      if (self->queue_delay > DRAIN_QUEUE_THRESHOLD) {
        double factor = 1.0 - (double) self->queue_delay / DRAIN_PERIOD;

        factor = CLAMP (factor, DRAIN_MIN_FACTOR, BETA);
        self->drain_bitrate = MAX (factor * throughput, self->min_bitrate);
        self->drain_until = now + DRAIN_PERIOD;
        GST_DEBUG ("congestion control: %" G_GINT64_FORMAT " ms of queue, draining at %.0f bit/s",
                   self->queue_delay / MS, self->drain_bitrate);
      }
      if (decreased > DECREASE_MARGIN)
        decreased -= DECREASE_MARGIN;
      if (decreased > bitrate && self->have_capacity)
        decreased = BETA * self->capacity_estimate * 1000;
      if (decreased < bitrate)
        bitrate = decreased;
      if (self->have_capacity && throughput < capacity_lower_bound (self))
        self->have_capacity = FALSE;
      capacity_on_overuse (self, throughput);
      if (self->ramping)
        GST_DEBUG ("congestion control: ramp ends at overuse, %.0f bit/s", bitrate);
      if (self->recovering && self->ramping)
        recovery_attempt_failed (self, now);
      self->ramping = FALSE;
      self->rate_state = RATE_HOLD;
      self->time_last_change = now;
      break;
    }
  }

  self->delay_based_bitrate = CLAMP (bitrate, self->min_bitrate, self->max_bitrate);
}

/* Whether an overuse may cut the rate again (libwebrtc
 * AimdRateControl::TimeToReduceFurther): once per round trip (10 to
 * 200 ms), or at once when less than half the rate gets through. */
static gboolean
time_to_reduce_further (GstCallGcc *self,
                        gint64      now)
{
  gint64 interval = CLAMP (self->rtt, MIN_REDUCTION_INTERVAL, MAX_REDUCTION_INTERVAL);

  if (self->time_last_change < 0 || now - self->time_last_change >= interval)
    return TRUE;
  return self->latest_throughput < self->delay_based_bitrate / 2;
}

/* ---- Loss-based bound (libwebrtc SendSideBandwidthEstimation) ---- */

static void
min_history_update (GstCallGcc *self,
                    gint64      now)
{
  guint first = 0;

  /* The lowest target of the last second, a sliding-window minimum. */
  while (first < self->min_history_length &&
         now - self->min_history[first].time + MS > LOSS_INCREASE_INTERVAL)
    first++;
  if (first > 0) {
    memmove (self->min_history, self->min_history + first,
             (self->min_history_length - first) * sizeof (HistoryEntry));
    self->min_history_length -= first;
  }
  while (self->min_history_length > 0 &&
         self->target_bitrate <= self->min_history[self->min_history_length - 1].bitrate)
    self->min_history_length--;
  if (self->min_history_length == LOSS_HISTORY_MAX) {
    memmove (self->min_history, self->min_history + 1,
             (LOSS_HISTORY_MAX - 1) * sizeof (HistoryEntry));
    self->min_history_length--;
  }
  self->min_history[self->min_history_length].time = now;
  self->min_history[self->min_history_length].bitrate = self->target_bitrate;
  self->min_history_length++;
}

static void
update_target (GstCallGcc *self,
               gint64      now)
{
  double target = self->target_bitrate;

  min_history_update (self, now);

  if (self->last_loss_report >= 0 && now - self->last_loss_report < LOSS_REPORT_MAX_AGE) {
    double loss = self->last_fraction_lost;

    if (loss <= LOSS_LOW) {
      target = self->min_history[0].bitrate * MULTIPLICATIVE_INCREASE_PER_SECOND + 1000;
    } else if (loss > LOSS_HIGH && !self->decreased_since_loss_report &&
               (self->last_loss_decrease < 0 ||
                now - self->last_loss_decrease >= LOSS_DECREASE_INTERVAL + self->rtt)) {
      target = self->target_bitrate * (1 - loss / 2);
      self->last_loss_decrease = now;
      self->decreased_since_loss_report = TRUE;
      GST_DEBUG ("congestion control: %.1f %% lost, target %.0f bit/s", loss * 100, target);
      if (self->ramping)
        GST_DEBUG ("congestion control: ramp ends at loss");
      if (self->recovering && self->ramping)
        recovery_attempt_failed (self, now);
      self->ramping = FALSE;
      /* The delay-based part starts again from what loss allows. */
      self->delay_based_bitrate = MIN (self->delay_based_bitrate, target);
    }
    /* Between the two: hold. */
  }

  /* While ramping without loss, the delay-based estimate leads (libwebrtc
   * trusts it in its start phase for the same reason: its probes). */
  if (self->ramping && self->last_fraction_lost <= LOSS_LOW)
    target = MAX (target, self->delay_based_bitrate);

  /* Without transport-wide feedback there is no delay-based estimate:
   * loss alone bounds the rate (libwebrtc does the same). */
  if (self->have_feedback)
    target = MIN (target, self->delay_based_bitrate);
  self->target_bitrate = CLAMP (target, self->min_bitrate, self->max_bitrate);
  /* The ramp leads, the loss-based growth starts again from its end.
   * Without feedback there is no ramp to follow: loss alone grows the
   * target at 8% a second, however often the receiver reports. */
  if (self->ramping && self->have_feedback)
    self->min_history_length = 0;

  /* A collapse: an outage (a handover, a tunnel) leaves the throughput
   * measured near nothing and the cut that follows takes the target to
   * the floor (within twice the minimum, and below a third of the last
   * 10 s's highest; a link that only got slower settles above it), from
   * which 8% a second (or a packet per round trip) takes
   * a minute to come back. libwebrtc probes the link then; without a
   * pacer to probe with, the start ramp runs again once the queue has
   * drained, up to 0.85 x the rate before, and ends as it does at the
   * first overuse or loss; if the link is not back yet, the next attempt
   * waits 1, 2, 4... s, and after 30 s the rate is taken as it is. */
  if (self->target_bitrate >= self->recent_high ||
      now - self->recent_high_time > RECENT_HIGH_WINDOW) {
    self->recent_high = self->target_bitrate;
    self->recent_high_time = now;
  }
  if (!self->ramping && !self->recovering &&
      self->target_bitrate < COLLAPSE_FRACTION * self->recent_high &&
      self->target_bitrate <= COLLAPSE_FLOOR_FACTOR * self->min_bitrate) {
    GST_DEBUG ("congestion control: collapsed from %.0f to %.0f bit/s", self->recent_high,
               self->target_bitrate);
    self->recovering = TRUE;
    self->recovery_ceiling = RECOVERY_FRACTION * self->recent_high;
    self->recovery_start = now;
    self->recovery_next_attempt = now;
    self->recovery_backoff = RECOVERY_FIRST_BACKOFF;
  } else if (self->recovering && !self->ramping && now - self->recovery_start > RECOVERY_TIMEOUT) {
    end_recovery (self);
  }
}

static void
loss_report (GstCallGcc *self,
             double      fraction_lost,
             gint64      now)
{
  self->last_fraction_lost = fraction_lost;
  self->last_loss_report = now;
  self->decreased_since_loss_report = FALSE;
}

/* ---- Entry points ---- */

static int
compare_by_arrival (gconstpointer a,
                    gconstpointer b)
{
  const GstCallGccPacket *pa = *(const GstCallGccPacket * const *) a;
  const GstCallGccPacket *pb = *(const GstCallGccPacket * const *) b;

  if (pa->arrival_time != pb->arrival_time)
    return pa->arrival_time < pb->arrival_time ? -1 : 1;
  if (pa->send_time != pb->send_time)
    return pa->send_time < pb->send_time ? -1 : 1;
  return 0;
}

/* The standing queue from a report's received packets at @now. */
static void
queue_delay_update (GstCallGcc                    *self,
                    const GstCallGccPacket *const *received,
                    guint                          n_received,
                    gint64                         now)
{
  gint64 smallest = G_MAXINT64;

  for (guint i = 0; i < n_received; i++)
    smallest = MIN (smallest, received[i]->arrival_time - received[i]->send_time);

  if (!self->have_base_delay) {
    self->have_base_delay = TRUE;
    self->base_delay_window_start = now;
    self->base_delay_current = self->base_delay_previous = smallest;
  } else if (now - self->base_delay_window_start >= BASE_DELAY_WINDOW) {
    /* The path may have grown longer: forget minima older than two
     * windows. */
    self->base_delay_previous = self->base_delay_current;
    self->base_delay_current = smallest;
    self->base_delay_window_start = now;
  } else {
    self->base_delay_current = MIN (self->base_delay_current, smallest);
  }
  self->queue_delay = smallest - MIN (self->base_delay_current, self->base_delay_previous);
  /* Drained, or given its time. */
  if (self->drain_until >= 0 &&
      (now >= self->drain_until || self->queue_delay < DRAIN_QUEUE_THRESHOLD / 2))
    self->drain_until = -1;
}

void
gst_call_gcc_on_transport_feedback (GstCallGcc             *self,
                                    const GstCallGccPacket *packets,
                                    guint                   n_packets,
                                    gint64                  now)
{
  g_autofree const GstCallGccPacket **received = NULL;
  guint n_received = 0, n_lost = 0;
  gint64 latest_send_time = G_MININT64;
  gboolean overused = FALSE;
  GstCallGccUsage usage;

  g_return_if_fail (self != NULL);
  g_return_if_fail (packets != NULL || n_packets == 0);

  if (n_packets == 0)
    return;
  self->have_feedback = TRUE;

  /* Received packets in order of arrival, as libwebrtc feeds its
   * detector; send order decides groups among equals. */
  received = g_new (const GstCallGccPacket *, n_packets);
  for (guint i = 0; i < n_packets; i++) {
    if (packets[i].lost) {
      n_lost++;
      continue;
    }
    received[n_received++] = &packets[i];
    latest_send_time = MAX (latest_send_time, packets[i].send_time);
  }
  qsort (received, n_received, sizeof *received, compare_by_arrival);

  /* Without receiver reports, the round trip is the feedback's delay for
   * the last packet it acknowledges. */
  if (n_received > 0 && !self->have_report_rtt && now > latest_send_time)
    self->rtt = now - latest_send_time;

  if (n_received > 0)
    queue_delay_update (self, received, n_received, now);

  for (guint i = 0; i < n_received; i++) {
    gint64 send_delta, arrival_delta;

    throughput_update (self, received[i]->arrival_time, received[i]->size);
    if (packet_groups_add (self, received[i]->send_time, received[i]->arrival_time,
                           received[i]->size, &send_delta, &arrival_delta)) {
      trendline_update (self, send_delta, arrival_delta, received[i]->arrival_time);
      /* One overuse in a report is enough to act on. */
      overused |= self->usage == GST_CALL_GCC_USAGE_OVERUSING;
    }
  }
  usage = overused ? GST_CALL_GCC_USAGE_OVERUSING : self->usage;

  /* After a collapse, once the queue has drained and nothing is lost:
   * the start ramp again. */
  if (self->recovering && !self->ramping && now >= self->recovery_next_attempt &&
      usage != GST_CALL_GCC_USAGE_OVERUSING && self->queue_delay < DRAIN_QUEUE_THRESHOLD / 2) {
    GST_DEBUG ("congestion control: ramping back towards %.0f bit/s", self->recovery_ceiling);
    /* The losses counted were the outage's; at the floor's few packets
     * a second the next count would take seconds. A lossy link shows in
     * the next one and ends the ramp. */
    self->last_fraction_lost = 0;
    self->loss_lost = self->loss_expected = 0;
    self->ramping = TRUE;
    self->ramp_per_second = START_RAMP_PER_SECOND;
    self->rate_state = RATE_INCREASE;
    self->time_last_change = now;
  }

  if (usage == GST_CALL_GCC_USAGE_OVERUSING) {
    if (self->throughput_estimate >= 0) {
      if (time_to_reduce_further (self, now))
        rate_control_update (self, usage, now);
    } else if (self->time_last_change < 0 ||
               now - self->time_last_change >= MAX_REDUCTION_INTERVAL) {
      /* Overuse before anything is known of the throughput: halve
       * every 200 ms (libwebrtc does the same). */
      self->delay_based_bitrate = MAX (self->delay_based_bitrate / 2, self->min_bitrate);
      self->time_last_change = now;
      self->ramping = FALSE;
      self->rate_state = RATE_HOLD;
    }
  } else {
    rate_control_update (self, usage, now);
  }

  /* Losses, counted over enough packets to mean something. */
  self->loss_lost += n_lost;
  self->loss_expected += n_packets;
  if (self->loss_expected >= LOSS_MIN_PACKETS) {
    loss_report (self, (double) self->loss_lost / self->loss_expected, now);
    self->loss_lost = self->loss_expected = 0;
  }

  update_target (self, now);
}

void
gst_call_gcc_on_receiver_report (GstCallGcc *self,
                                 double      fraction_lost,
                                 gint64      round_trip_time,
                                 gint64      now)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (fraction_lost >= 0 && fraction_lost <= 1);

  if (round_trip_time >= 0) {
    self->rtt = round_trip_time;
    self->have_report_rtt = TRUE;
  }
  if (!self->have_feedback)
    loss_report (self, fraction_lost, now);
  update_target (self, now);
}

guint
gst_call_gcc_get_target_bitrate (GstCallGcc *self)
{
  g_return_val_if_fail (self != NULL, 0);

  if (self->drain_until >= 0)
    return (guint) MIN (self->target_bitrate, self->drain_bitrate);
  return (guint) self->target_bitrate;
}

guint
gst_call_gcc_get_delay_based_bitrate (GstCallGcc *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return (guint) self->delay_based_bitrate;
}

guint
gst_call_gcc_get_acknowledged_bitrate (GstCallGcc *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->throughput_estimate < 0 ? 0 : (guint) (self->throughput_estimate * 1000);
}

GstCallGccUsage
gst_call_gcc_get_usage (GstCallGcc *self)
{
  g_return_val_if_fail (self != NULL, GST_CALL_GCC_USAGE_NORMAL);

  return self->usage;
}

gboolean
gst_call_gcc_is_ramping (GstCallGcc *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->ramping;
}
