/* netem-link: a link emulator between two network namespaces, in user space.
 * Copyright (C) 2026 The libgstcall authors
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Opens a TUN device in each of two network namespaces and forwards the IPv4
 * packets between them through an emulated link, one per direction ("up" is
 * namespace A to B, "down" is B to A). Per direction, in this order:
 *
 *   1. loss: random (--loss 3%) or Gilbert-Elliott bursts (--gilbert p,r[,h,k]);
 *      a lost packet never reaches the queue;
 *   2. a drop-tail queue (--queue 100pkts | 150kB | 200ms | unlimited);
 *   3. the bottleneck: a fixed rate, a schedule of rates ("2mbit for 10s,
 *      300kbit for 10s, 2mbit") or a mahimahi trace (one line per 1500-byte
 *      delivery opportunity, in ms; repeated at its end, as mm-link does);
 *   4. a one-way delay plus jitter (uniform in +-jitter, packets never
 *      reordered: a packet leaves the delay line no earlier than the one
 *      before it).
 *
 * The peers see ordinary addresses (the script tools/netem-run gives them):
 * nothing is rewritten. Every random draw comes from a generator seeded by
 * --seed, one stream per direction, so that a run can be repeated.
 *
 * Logs: --log FILE gets one line per packet ("time_s dir event bytes
 * sojourn_ms"; events: d delivered, q dropped by the full queue, l lost);
 * --stats FILE one line per second and direction ("second dir capacity_bits
 * arrived_bits delivered_bits lost queue_drops max_sojourn_ms", capacity -1
 * when unlimited). A summary goes to stderr at the end (SIGTERM or SIGINT).
 *
 * SIGUSR1 starts the clock of schedules, traces and logs again from 0 (a
 * line "# restart ..." in the logs), e.g. once a call is connected, so that
 * every call meets the same part of a trace.
 *
 * The program must be started by root in the root namespace; --ready FILE
 * is created once both TUN devices exist.
 */

#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <linux/if.h>
#include <linux/if_tun.h>
#include <math.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#define MAX_PACKET 65536
#define TRACE_PACKET_BYTES 1500
#define US_PER_S G_GINT64_CONSTANT (1000000)

typedef enum { QUEUE_UNLIMITED, QUEUE_PACKETS, QUEUE_BYTES, QUEUE_MS } QueueKind;

typedef struct {
  gint64 rate_bps;   /* 0: no bottleneck; -1 with a trace */
  gint64 duration_us; /* 0: until the end */
} RateStep;

typedef struct {
  guint8 *data;
  gsize size;
  gsize remaining;   /* bytes still to cross a trace link */
  gint64 arrived_us;
  gint64 departed_us;
  gint64 deliver_us;
} Packet;

typedef struct {
  const char *name;
  /* configuration */
  GArray *steps;             /* RateStep */
  gint64 *trace_ms;          /* NULL: rate steps */
  gsize trace_length;
  gint64 trace_period_ms;
  double trace_mean_bps;
  QueueKind queue_kind;
  gint64 queue_limit;        /* packets, bytes or microseconds */
  gint64 delay_us;
  gint64 jitter_us;
  double loss;               /* random loss probability */
  gboolean gilbert;
  double gilbert_p, gilbert_r, gilbert_h, gilbert_k;
  /* state */
  guint64 random_state;
  gboolean gilbert_bad;
  GQueue queue;              /* Packet: waiting for the bottleneck */
  gsize queued_bytes;
  GQueue delay_line;         /* Packet: crossed it, waiting out the delay */
  gint64 link_free_us;       /* rate steps: when the head may start */
  gboolean head_started;
  gsize next_opportunity;    /* trace: index into trace_ms */
  gint64 opportunity_base_ms;
  gint64 last_deliver_us;
  int from_fd, to_fd;
  /* statistics, whole run */
  guint64 packets_in, packets_out, packets_lost, packets_queue_dropped;
  guint64 bytes_in, bytes_out, packets_departed;
  double sojourn_sum_ms;
  /* statistics, current second */
  gint64 second;
  double capacity_bits, arrived_bits, delivered_bits;
  guint64 second_lost, second_queue_dropped;
  double second_max_sojourn_ms;
} Direction;

static gint64 start_us;
static FILE *packet_log;
static FILE *stats_log;
static volatile sig_atomic_t stop_requested;
static volatile sig_atomic_t restart_requested;

static gint64
now_us (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (gint64) ts.tv_sec * US_PER_S + ts.tv_nsec / 1000;
}

/* xorshift64*: small, fast and the same on every machine. */
static double
random_uniform (Direction *d)
{
  guint64 x = d->random_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  d->random_state = x;
  return (double) ((x * G_GUINT64_CONSTANT (2685821657736338717)) >> 11) / 9007199254740992.0;
}

static void
die (const char *format, ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;

static void
die (const char *format, ...)
{
  va_list args;
  va_start (args, format);
  fputs ("netem-link: ", stderr);
  vfprintf (stderr, format, args);
  fputc ('\n', stderr);
  va_end (args);
  exit (2);
}

/* "500kbit", "2mbit", "2.5Mbit", "64000bit", "unlimited" -> bits/s (0: unlimited) */
static gint64
parse_rate (const char *text)
{
  char *end;
  double value;
  g_autofree char *lower = g_ascii_strdown (g_strstrip (g_strdup (text)), -1);

  if (g_str_equal (lower, "unlimited") || g_str_equal (lower, "inf"))
    return 0;
  value = g_ascii_strtod (lower, &end);
  if (end == lower || value < 0)
    die ("bad rate '%s' (examples: 500kbit, 2mbit, unlimited)", text);
  if (g_str_equal (end, "bit") || g_str_equal (end, "bps"))
    ;
  else if (g_str_equal (end, "kbit"))
    value *= 1e3;
  else if (g_str_equal (end, "mbit"))
    value *= 1e6;
  else if (g_str_equal (end, "gbit"))
    value *= 1e9;
  else
    die ("bad rate unit in '%s' (bit, kbit, mbit, gbit)", text);
  if (value < 1000)
    die ("rate '%s' below 1kbit: use a schedule step of 'unlimited' or a trace for outages", text);
  return (gint64) value;
}

/* "20ms", "1.5s", "300us" -> microseconds */
static gint64
parse_time (const char *text)
{
  char *end;
  double value;
  g_autofree char *stripped = g_strstrip (g_strdup (text));

  value = g_ascii_strtod (stripped, &end);
  if (end == stripped || value < 0)
    die ("bad time '%s' (examples: 20ms, 1.5s)", text);
  if (g_str_equal (end, "ms") || *end == '\0')
    return (gint64) (value * 1e3);
  if (g_str_equal (end, "s"))
    return (gint64) (value * 1e6);
  if (g_str_equal (end, "us"))
    return (gint64) value;
  die ("bad time unit in '%s' (us, ms, s)", text);
}

static double
parse_percent (const char *text)
{
  char *end;
  double value = g_ascii_strtod (text, &end);

  if (end == text || value < 0 || value > 100 || (*end != '\0' && !g_str_equal (end, "%")))
    die ("bad percentage '%s' (example: 3%%)", text);
  return value / 100.0;
}

/* "2mbit for 10s, 300kbit for 10s, 2mbit" */
static void
parse_schedule (Direction *d, const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);

  g_array_set_size (d->steps, 0);
  for (guint i = 0; parts[i]; i++) {
    RateStep step = { 0, 0 };
    char *for_word = strstr (parts[i], " for ");

    if (for_word) {
      *for_word = '\0';
      step.duration_us = parse_time (for_word + strlen (" for "));
      if (step.duration_us <= 0)
        die ("schedule step '%s' lasts no time", parts[i]);
    } else if (parts[i + 1]) {
      die ("schedule '%s': every step but the last needs 'for TIME'", text);
    }
    step.rate_bps = parse_rate (parts[i]);
    g_array_append_val (d->steps, step);
  }
}

static void
load_trace (Direction *d, const char *path)
{
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  GArray *times = g_array_new (FALSE, FALSE, sizeof (gint64));

  if (!g_file_get_contents (path, &contents, NULL, &error))
    die ("cannot read trace: %s", error->message);
  lines = g_strsplit (contents, "\n", -1);
  for (guint i = 0; lines[i]; i++) {
    char *end;
    gint64 ms;
    char *line = g_strstrip (lines[i]);

    if (*line == '\0')
      continue;
    ms = g_ascii_strtoll (line, &end, 10);
    if (*end != '\0' || ms < 0 || (times->len && ms < g_array_index (times, gint64, times->len - 1)))
      die ("%s:%u: expected a time in ms, not below the one before, got '%s'", path, i + 1, line);
    g_array_append_val (times, ms);
  }
  if (times->len == 0 || g_array_index (times, gint64, times->len - 1) == 0)
    die ("%s: a trace needs at least one delivery time above 0 ms", path);
  d->trace_length = times->len;
  d->trace_period_ms = g_array_index (times, gint64, times->len - 1);
  d->trace_ms = (gint64 *) (void *) g_array_free (times, FALSE);
  d->trace_mean_bps = (double) d->trace_length * TRACE_PACKET_BYTES * 8 * 1000 / d->trace_period_ms;
}

static void
parse_queue (Direction *d, const char *text)
{
  char *end;
  gint64 value;

  if (g_str_equal (text, "unlimited")) {
    d->queue_kind = QUEUE_UNLIMITED;
    return;
  }
  value = g_ascii_strtoll (text, &end, 10);
  if (end == text || value <= 0)
    die ("bad queue '%s' (examples: 100pkts, 150kB, 200ms, unlimited)", text);
  if (g_str_equal (end, "pkts") || g_str_equal (end, "packets")) {
    d->queue_kind = QUEUE_PACKETS;
    d->queue_limit = value;
  } else if (g_str_equal (end, "kB")) {
    d->queue_kind = QUEUE_BYTES;
    d->queue_limit = value * 1000;
  } else if (g_str_equal (end, "B")) {
    d->queue_kind = QUEUE_BYTES;
    d->queue_limit = value;
  } else if (g_str_equal (end, "ms")) {
    d->queue_kind = QUEUE_MS;
    d->queue_limit = value * 1000;
  } else {
    die ("bad queue unit in '%s' (pkts, kB, B, ms)", text);
  }
}

static void
parse_gilbert (Direction *d, const char *text)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  guint n = g_strv_length (parts);

  if (n != 2 && n != 4)
    die ("--gilbert takes p,r or p,r,h,k in percent (e.g. 1%%,30%%), got '%s'", text);
  d->gilbert = TRUE;
  d->gilbert_p = parse_percent (parts[0]);
  d->gilbert_r = parse_percent (parts[1]);
  d->gilbert_h = n == 4 ? parse_percent (parts[2]) : 0.0;
  d->gilbert_k = n == 4 ? parse_percent (parts[3]) : 1.0;
  if (d->gilbert_r <= 0)
    die ("--gilbert: r (bad -> good) must be above 0");
}

/* The rate of the schedule at @t_us (from the start), and when it changes. */
static gint64
rate_at (Direction *d, gint64 t_us, gint64 *change_us)
{
  gint64 step_start = 0;

  for (guint i = 0; i < d->steps->len; i++) {
    RateStep *step = &g_array_index (d->steps, RateStep, i);
    if (step->duration_us == 0 || t_us < step_start + step->duration_us) {
      if (change_us)
        *change_us = step->duration_us ? start_us + step_start + step->duration_us : G_MAXINT64;
      return step->rate_bps;
    }
    step_start += step->duration_us;
  }
  g_assert_not_reached ();
}

static gint64
opportunity_us (Direction *d)
{
  return start_us + (d->opportunity_base_ms + d->trace_ms[d->next_opportunity]) * 1000;
}

static void
advance_opportunity (Direction *d)
{
  if (++d->next_opportunity == d->trace_length) {
    d->next_opportunity = 0;
    d->opportunity_base_ms += d->trace_period_ms;
  }
}

static void
flush_second (Direction *d)
{
  if (stats_log && d->second >= 0)
    fprintf (stats_log, "%" G_GINT64_FORMAT " %s %.0f %.0f %.0f %" G_GUINT64_FORMAT " %"
             G_GUINT64_FORMAT " %.3f\n", d->second, d->name, d->capacity_bits,
             d->arrived_bits, d->delivered_bits, d->second_lost, d->second_queue_dropped,
             d->second_max_sojourn_ms);
  d->second++;
  d->arrived_bits = d->delivered_bits = 0;
  d->second_lost = d->second_queue_dropped = 0;
  d->second_max_sojourn_ms = 0;
  /* Capacity of the new second: rate steps are integrated here; trace
   * opportunities are counted as they pass (see service_trace). */
  d->capacity_bits = 0;
  if (!d->trace_ms) {
    gint64 t = d->second * US_PER_S, end = t + US_PER_S;
    while (t < end) {
      gint64 change;
      gint64 rate = rate_at (d, t, &change);
      gint64 until = MIN (end, change - start_us);
      if (rate == 0) {
        d->capacity_bits = -1;
        break;
      }
      d->capacity_bits += (double) rate * (until - t) / US_PER_S;
      t = until;
    }
  }
}

static void
roll_seconds (Direction *d, gint64 t_us)
{
  while ((t_us - start_us) / US_PER_S > d->second)
    flush_second (d);
}

static void
log_packet (Direction *d, gint64 t_us, char event, gsize size, double sojourn_ms)
{
  if (packet_log)
    fprintf (packet_log, "%.6f %s %c %zu %.3f\n", (t_us - start_us) / 1e6, d->name, event,
             size, sojourn_ms);
}

static gboolean
lost_on_entry (Direction *d)
{
  if (d->gilbert) {
    gboolean lost;
    /* state transition, then loss in the new state */
    if (d->gilbert_bad)
      d->gilbert_bad = random_uniform (d) >= d->gilbert_r;
    else
      d->gilbert_bad = random_uniform (d) < d->gilbert_p;
    lost = random_uniform (d) < (d->gilbert_bad ? 1.0 - d->gilbert_h : 1.0 - d->gilbert_k);
    if (lost)
      return TRUE;
  }
  return d->loss > 0 && random_uniform (d) < d->loss;
}

static gboolean
queue_full (Direction *d, gint64 t_us, gsize size)
{
  switch (d->queue_kind) {
    case QUEUE_UNLIMITED:
      return FALSE;
    case QUEUE_PACKETS:
      return (gint64) d->queue.length >= d->queue_limit;
    case QUEUE_BYTES:
      return (gint64) (d->queued_bytes + size) > d->queue_limit;
    case QUEUE_MS: {
      /* the time the queue takes to drain at the current rate (a trace: its
       * mean rate), new packet included */
      double rate = d->trace_ms ? d->trace_mean_bps : (double) rate_at (d, t_us - start_us, NULL);
      if (rate <= 0)
        return FALSE;
      return (d->queued_bytes + size) * 8.0 / rate * 1e6 > d->queue_limit;
    }
  }
  return FALSE;
}

static void
depart (Direction *d, Packet *packet, gint64 t_us)
{
  double sojourn_ms;
  gint64 jitter = 0;

  packet->departed_us = t_us;
  sojourn_ms = (t_us - packet->arrived_us) / 1e3;
  d->queued_bytes -= packet->size;
  if (d->jitter_us > 0)
    jitter = (gint64) ((random_uniform (d) * 2.0 - 1.0) * d->jitter_us);
  packet->deliver_us = MAX (t_us + MAX (d->delay_us + jitter, 0), d->last_deliver_us);
  d->last_deliver_us = packet->deliver_us;
  d->sojourn_sum_ms += sojourn_ms;
  d->packets_departed++;
  roll_seconds (d, t_us);
  d->second_max_sojourn_ms = MAX (d->second_max_sojourn_ms, sojourn_ms);
  g_queue_push_tail (&d->delay_line, packet);
}

/* Rate steps: the head starts crossing when the link is free and leaves
 * once its bits have been sent at the rate of its start. */
static gint64
service_rate (Direction *d, gint64 t_us)
{
  for (;;) {
    Packet *head = g_queue_peek_head (&d->queue);
    gint64 rate;

    if (!head)
      return G_MAXINT64;
    if (!d->head_started) {
      gint64 begin = MAX (head->arrived_us, d->link_free_us);
      rate = rate_at (d, begin - start_us, NULL);
      d->link_free_us = rate == 0 ? begin : begin + (gint64) ceil (head->size * 8.0 * 1e6 / rate);
      d->head_started = TRUE;
    }
    if (d->link_free_us > t_us)
      return d->link_free_us;
    g_queue_pop_head (&d->queue);
    d->head_started = FALSE;
    depart (d, head, d->link_free_us);
  }
}

/* A trace: each opportunity lets 1500 bytes leave; an opportunity that
 * finds the queue empty is lost (as in mm-link). */
static gint64
service_trace (Direction *d, gint64 t_us)
{
  for (;;) {
    gint64 at = opportunity_us (d);
    gsize budget = TRACE_PACKET_BYTES;

    if (at > t_us)
      return g_queue_is_empty (&d->queue) ? G_MAXINT64 : at;
    roll_seconds (d, at);
    d->capacity_bits += TRACE_PACKET_BYTES * 8;
    while (budget > 0) {
      Packet *head = g_queue_peek_head (&d->queue);
      if (!head || head->arrived_us > at)
        break;
      if (head->remaining > budget) {
        head->remaining -= budget;
        budget = 0;
      } else {
        budget -= head->remaining;
        g_queue_pop_head (&d->queue);
        depart (d, head, at);
      }
    }
    advance_opportunity (d);
  }
}

static gint64
service (Direction *d, gint64 t_us)
{
  if (d->trace_ms)
    return service_trace (d, t_us);
  if (d->steps->len == 1 && g_array_index (d->steps, RateStep, 0).rate_bps == 0) {
    Packet *packet;
    while ((packet = g_queue_pop_head (&d->queue)))
      depart (d, packet, MAX (packet->arrived_us, t_us));
    return G_MAXINT64;
  }
  return service_rate (d, t_us);
}

static gint64
deliver (Direction *d, gint64 t_us)
{
  Packet *packet;

  while ((packet = g_queue_peek_head (&d->delay_line)) && packet->deliver_us <= t_us) {
    g_queue_pop_head (&d->delay_line);
    if (write (d->to_fd, packet->data, packet->size) < 0 && errno != EAGAIN && errno != ENOBUFS)
      die ("writing to TUN device: %s", g_strerror (errno));
    roll_seconds (d, t_us);
    d->packets_out++;
    d->bytes_out += packet->size;
    d->delivered_bits += packet->size * 8.0;
    log_packet (d, packet->deliver_us, 'd', packet->size,
                (packet->departed_us - packet->arrived_us) / 1e3);
    g_free (packet->data);
    g_free (packet);
  }
  return packet ? packet->deliver_us : G_MAXINT64;
}

static void
receive (Direction *d, gint64 t_us, guint8 *buffer)
{
  for (;;) {
    ssize_t size = read (d->from_fd, buffer, MAX_PACKET);
    Packet *packet;

    if (size < 0) {
      if (errno == EAGAIN || errno == EINTR)
        return;
      die ("reading from TUN device: %s", g_strerror (errno));
    }
    if (size < 20 || (buffer[0] >> 4) != 4)
      continue; /* IPv4 only; the namespaces have no IPv6 on the link */
    /* the bottleneck first catches up to now, so that the packet does not
     * use opportunities of the past */
    service (d, t_us);
    roll_seconds (d, t_us);
    d->packets_in++;
    d->bytes_in += size;
    d->arrived_bits += size * 8.0;
    if (lost_on_entry (d)) {
      d->packets_lost++;
      d->second_lost++;
      log_packet (d, t_us, 'l', size, 0);
      continue;
    }
    if (queue_full (d, t_us, size)) {
      d->packets_queue_dropped++;
      d->second_queue_dropped++;
      log_packet (d, t_us, 'q', size, 0);
      continue;
    }
    packet = g_new0 (Packet, 1);
    packet->data = g_memdup2 (buffer, size);
    packet->size = packet->remaining = size;
    packet->arrived_us = t_us;
    d->queued_bytes += size;
    g_queue_push_tail (&d->queue, packet);
  }
}

static int
open_tun_in (const char *namespace_path, const char *name)
{
  struct ifreq request;
  int original = open ("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
  int target = open (namespace_path, O_RDONLY | O_CLOEXEC);
  int fd;

  if (original < 0 || target < 0)
    die ("cannot open network namespace %s: %s", namespace_path, g_strerror (errno));
  if (setns (target, CLONE_NEWNET) < 0)
    die ("cannot enter network namespace %s: %s (run as root)", namespace_path, g_strerror (errno));
  fd = open ("/dev/net/tun", O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0)
    die ("cannot open /dev/net/tun: %s", g_strerror (errno));
  memset (&request, 0, sizeof request);
  request.ifr_flags = IFF_TUN | IFF_NO_PI;
  g_strlcpy (request.ifr_name, name, IFNAMSIZ);
  if (ioctl (fd, TUNSETIFF, &request) < 0)
    die ("cannot create TUN device %s in %s: %s", name, namespace_path, g_strerror (errno));
  if (setns (original, CLONE_NEWNET) < 0)
    die ("cannot return to the original network namespace: %s", g_strerror (errno));
  close (target);
  close (original);
  return fd;
}

static void
on_signal (int signal_number)
{
  if (signal_number == SIGUSR1)
    restart_requested = 1;
  else
    stop_requested = 1;
}

/* Time 0 of schedules, traces and logs: the start, and again on SIGUSR1.
 * The logs get its time on both clocks, so that a program can line up its
 * own timestamps with them. */
static void
start_epoch (Direction *directions, const char *what)
{
  start_us = now_us ();
  for (int i = 0; i < 2; i++) {
    FILE *file = i == 0 ? packet_log : stats_log;
    Direction *d = &directions[i];

    if (file) {
      fprintf (file, "# %s monotonic_us=%" G_GINT64_FORMAT " realtime_us=%" G_GINT64_FORMAT "\n",
               what, start_us, g_get_real_time ());
      fflush (file);
    }
    d->second = -1;
    flush_second (d); /* prepares second 0; no line for -1 */
    d->link_free_us = MAX (d->link_free_us, start_us);
    d->last_deliver_us = MAX (d->last_deliver_us, start_us);
    d->next_opportunity = 0;
    d->opportunity_base_ms = 0;
  }
}

static void
direction_init (Direction *d, const char *name, guint64 seed)
{
  RateStep unlimited = { 0, 0 };

  memset (d, 0, sizeof *d);
  d->name = name;
  d->steps = g_array_new (FALSE, FALSE, sizeof (RateStep));
  g_array_append_val (d->steps, unlimited);
  d->queue_kind = QUEUE_UNLIMITED;
  d->gilbert_k = 1.0;
  g_queue_init (&d->queue);
  g_queue_init (&d->delay_line);
  d->random_state = seed;
}

static void
direction_seed (Direction *d, guint64 seed)
{
  /* splitmix64 of the seed: never 0, and the two directions differ */
  guint64 z = seed + G_GUINT64_CONSTANT (0x9E3779B97F4A7C15);
  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  d->random_state = (z ^ (z >> 31)) | 1;
}

static void
print_summary (Direction *d)
{
  gint64 elapsed = now_us () - start_us;

  fprintf (stderr, "netem-link %s: %" G_GUINT64_FORMAT " packets in, %" G_GUINT64_FORMAT
           " delivered, %" G_GUINT64_FORMAT " lost, %" G_GUINT64_FORMAT " dropped by the queue; "
           "%.0f kbit/s delivered over %.1f s; mean sojourn %.1f ms\n",
           d->name, d->packets_in, d->packets_out, d->packets_lost, d->packets_queue_dropped,
           d->bytes_out * 8.0 / (elapsed / 1e3), elapsed / 1e6,
           d->packets_departed ? d->sojourn_sum_ms / d->packets_departed : 0.0);
}

static void
usage (void)
{
  fputs ("usage: netem-link --ns-a PATH --ns-b PATH [options]\n"
         "  --ns-a PATH, --ns-b PATH  network namespaces (e.g. /run/netns/NAME)\n"
         "  --device NAME             TUN device name in both (default netem0)\n"
         "  --ready FILE              created once the devices exist\n"
         "  --log FILE, --stats FILE  per-packet log, per-second statistics\n"
         "  --seed N                  random seed (default 1)\n"
         "link options, for both directions, or one with an up- (A to B) or down- (B to A) prefix:\n"
         "  --rate SCHEDULE           '500kbit', '2mbit for 10s, 300kbit for 10s, 2mbit', unlimited\n"
         "  --trace FILE              mahimahi trace (ms per 1500-byte opportunity), repeated\n"
         "  --queue LIMIT             100pkts, 150kB, 200ms or unlimited (default)\n"
         "  --delay TIME              one-way delay, e.g. 20ms\n"
         "  --jitter TIME             uniform in +-TIME, no reordering\n"
         "  --loss PERCENT            random loss, e.g. 3%\n"
         "  --gilbert p,r[,h,k]       Gilbert-Elliott loss in percent: p good->bad, r bad->good,\n"
         "                            1-h loss in bad (default h=0), 1-k loss in good (default k=100%)\n",
         stderr);
  exit (2);
}

static void
apply_option (Direction *d, const char *key, const char *value)
{
  if (g_str_equal (key, "rate")) {
    g_clear_pointer (&d->trace_ms, g_free);
    parse_schedule (d, value);
  } else if (g_str_equal (key, "trace")) {
    g_clear_pointer (&d->trace_ms, g_free);
    load_trace (d, value);
  } else if (g_str_equal (key, "queue")) {
    parse_queue (d, value);
  } else if (g_str_equal (key, "delay")) {
    d->delay_us = parse_time (value);
  } else if (g_str_equal (key, "jitter")) {
    d->jitter_us = parse_time (value);
  } else if (g_str_equal (key, "loss")) {
    d->loss = parse_percent (value);
  } else if (g_str_equal (key, "gilbert")) {
    parse_gilbert (d, value);
  } else {
    die ("unknown option --%s (--help lists them)", key);
  }
}

int
main (int argc, char **argv)
{
  Direction directions[2];
  Direction *up = &directions[0], *down = &directions[1];
  const char *namespace_a = NULL, *namespace_b = NULL, *device = "netem0";
  const char *ready = NULL, *log_path = NULL, *stats_path = NULL;
  guint64 seed = 1;
  g_autofree guint8 *buffer = g_malloc (MAX_PACKET);
  struct sigaction action;

  direction_init (up, "up", 0);
  direction_init (down, "down", 0);
  for (int i = 1; i < argc; i++) {
    const char *arg = argv[i], *value;
    if (g_str_equal (arg, "--help") || g_str_equal (arg, "-h"))
      usage ();
    if (!g_str_has_prefix (arg, "--") || i + 1 >= argc)
      die ("expected --OPTION VALUE, got '%s' (--help lists the options)", arg);
    value = argv[++i];
    arg += 2;
    if (g_str_equal (arg, "ns-a"))
      namespace_a = value;
    else if (g_str_equal (arg, "ns-b"))
      namespace_b = value;
    else if (g_str_equal (arg, "device"))
      device = value;
    else if (g_str_equal (arg, "ready"))
      ready = value;
    else if (g_str_equal (arg, "log"))
      log_path = value;
    else if (g_str_equal (arg, "stats"))
      stats_path = value;
    else if (g_str_equal (arg, "seed"))
      seed = g_ascii_strtoull (value, NULL, 10);
    else if (g_str_has_prefix (arg, "up-"))
      apply_option (up, arg + 3, value);
    else if (g_str_has_prefix (arg, "down-"))
      apply_option (down, arg + 5, value);
    else {
      apply_option (up, arg, value);
      apply_option (down, arg, value);
    }
  }
  if (!namespace_a || !namespace_b)
    usage ();
  direction_seed (up, seed * 2);
  direction_seed (down, seed * 2 + 1);

  if (log_path && !(packet_log = fopen (log_path, "w")))
    die ("cannot write %s: %s", log_path, g_strerror (errno));
  if (stats_path && !(stats_log = fopen (stats_path, "w")))
    die ("cannot write %s: %s", stats_path, g_strerror (errno));

  up->from_fd = down->to_fd = open_tun_in (namespace_a, device);
  up->to_fd = down->from_fd = open_tun_in (namespace_b, device);

  memset (&action, 0, sizeof action);
  action.sa_handler = on_signal;
  sigaction (SIGTERM, &action, NULL);
  sigaction (SIGINT, &action, NULL);
  /* wake-ups on time: timers of this process may not be coalesced */
  prctl (PR_SET_TIMERSLACK, 1UL, 0, 0, 0);

  sigaction (SIGUSR1, &action, NULL);
  if (packet_log)
    fputs ("# time_s dir event bytes sojourn_ms (d delivered, q queue drop, l lost)\n", packet_log);
  if (stats_log)
    fputs ("# second dir capacity_bits arrived_bits delivered_bits lost queue_drops "
           "max_sojourn_ms\n", stats_log);
  start_epoch (directions, "start");
  if (ready) {
    FILE *file = fopen (ready, "w");
    if (!file)
      die ("cannot write %s: %s", ready, g_strerror (errno));
    fclose (file);
  }

  while (!stop_requested) {
    struct pollfd fds[2] = { { up->from_fd, POLLIN, 0 }, { down->from_fd, POLLIN, 0 } };
    gint64 t = now_us (), wake = t + US_PER_S / 10;
    struct timespec timeout;

    if (restart_requested) {
      restart_requested = 0;
      start_epoch (directions, "restart");
      t = now_us ();
      wake = t + US_PER_S / 10;
    }
    for (int i = 0; i < 2; i++) {
      Direction *d = &directions[i];
      wake = MIN (wake, service (d, t));
      wake = MIN (wake, deliver (d, t));
      roll_seconds (d, t);
    }
    wake = MIN (wake, start_us + (up->second + 1) * US_PER_S);
    if (wake < t)
      wake = t;
    timeout.tv_sec = (wake - t) / US_PER_S;
    timeout.tv_nsec = ((wake - t) % US_PER_S) * 1000;
    if (ppoll (fds, 2, &timeout, NULL) < 0 && errno != EINTR)
      die ("poll: %s", g_strerror (errno));
    t = now_us ();
    for (int i = 0; i < 2; i++)
      if (fds[i].revents & POLLIN)
        receive (&directions[i], t, buffer);
  }

  for (int i = 0; i < 2; i++)
    print_summary (&directions[i]);
  if (packet_log)
    fclose (packet_log);
  if (stats_log)
    fclose (stats_log);
  return 0;
}
