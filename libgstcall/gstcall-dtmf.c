/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include <gst/rtp/rtp.h>

#include "gstcall-dtmf-private.h"
#include "gstcall-error.h"
#include "gstcall-private.h"

/* Each end packet is sent this many times (RFC 4733 2.5.1.4). */
#define END_PACKETS 3
/* The volume of the events we send, in -dBm0 (RFC 4733 2.3.4). */
#define EVENT_VOLUME 10

static const char tone_characters[] = "0123456789*#ABCD";

char
gst_call_dtmf_event_to_tone (guint event)
{
  return event < 16 ? tone_characters[event] : '\0';
}

static int
tone_to_event (char tone)
{
  const char *found;

  if (tone == '\0')
    return -1;
  found = strchr (tone_characters, g_ascii_toupper (tone));
  return found ? (int) (found - tone_characters) : -1;
}

guint
gst_call_dtmf_offer_payload_type (guint clock_rate)
{
  return clock_rate == 8000 ? GST_CALL_DTMF_PAYLOAD_TYPE_8000
                            : GST_CALL_DTMF_PAYLOAD_TYPE_48000;
}

int
gst_call_dtmf_find_payload_type (const GstSDPMedia *media,
                                 guint              clock_rate)
{
  g_autofree char *wanted = g_strdup_printf ("telephone-event/%u", clock_rate);

  if (!media)
    return -1;
  for (guint f = 0; f < gst_sdp_media_formats_len (media); f++) {
    const char *format = gst_sdp_media_get_format (media, f);
    guint64 payload_type = g_ascii_strtoull (format, NULL, 10);
    g_autofree char *prefix = NULL;

    if (payload_type > 127)
      continue;
    prefix = g_strdup_printf ("%u ", (guint) payload_type);
    for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
      const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);

      if (g_strcmp0 (attribute->key, "rtpmap") == 0 && attribute->value &&
          g_str_has_prefix (attribute->value, prefix) &&
          g_ascii_strcasecmp (attribute->value + strlen (prefix), wanted) == 0)
        return (int) payload_type;
    }
  }
  return -1;
}

int
gst_call_dtmf_find_audio_payload_type (const GstSDPMedia *media,
                                       guint              clock_rate,
                                       guint             *event_clock_rate)
{
  int payload_type = gst_call_dtmf_find_payload_type (media, clock_rate);
  guint rate = clock_rate;

  if (payload_type < 0 && clock_rate != 8000) {
    payload_type = gst_call_dtmf_find_payload_type (media, 8000);
    rate = 8000;
  }
  if (event_clock_rate)
    *event_clock_rate = payload_type < 0 ? 0 : rate;
  return payload_type;
}

guint
gst_call_dtmf_media_clock_rate (const GstSDPMedia *media)
{
  const char *format;
  g_autofree char *prefix = NULL;
  guint64 payload_type;

  if (gst_sdp_media_formats_len (media) == 0)
    return 0;
  format = gst_sdp_media_get_format (media, 0);
  payload_type = g_ascii_strtoull (format, NULL, 10);
  if (payload_type == 0 || payload_type == 8)
    return 8000; /* PCMU and PCMA (RFC 3551) */
  prefix = g_strdup_printf ("%s ", format);
  for (guint i = 0; i < gst_sdp_media_attributes_len (media); i++) {
    const GstSDPAttribute *attribute = gst_sdp_media_get_attribute (media, i);
    const char *rate;

    if (g_strcmp0 (attribute->key, "rtpmap") != 0 || !attribute->value ||
        !g_str_has_prefix (attribute->value, prefix))
      continue;
    rate = strchr (attribute->value, '/');
    return rate ? (guint) g_ascii_strtoull (rate + 1, NULL, 10) : 0;
  }
  return 0;
}

static gboolean
media_has_format (const GstSDPMedia *media,
                  guint              payload_type)
{
  g_autofree char *format = g_strdup_printf ("%u", payload_type);

  for (guint f = 0; f < gst_sdp_media_formats_len (media); f++)
    if (g_strcmp0 (gst_sdp_media_get_format (media, f), format) == 0)
      return TRUE;
  return FALSE;
}

void
gst_call_dtmf_add_format (GstSDPMedia *media,
                          guint        payload_type,
                          guint        clock_rate)
{
  g_autofree char *format = g_strdup_printf ("%u", payload_type);
  g_autofree char *rtpmap = g_strdup_printf ("%u telephone-event/%u", payload_type, clock_rate);
  g_autofree char *fmtp = g_strdup_printf ("%u 0-15", payload_type);

  gst_sdp_media_add_format (media, format);
  gst_sdp_media_add_attribute (media, "rtpmap", rtpmap);
  gst_sdp_media_add_attribute (media, "fmtp", fmtp);
}

gboolean
gst_call_dtmf_complete_description (GstSDPMessage       *description,
                                    const GstSDPMessage *remote_offer)
{
  gboolean added = FALSE;

  for (guint i = 0; i < gst_sdp_message_medias_len (description); i++) {
    /* The message's own section, changed in place. */
    GstSDPMedia *media = (GstSDPMedia *) gst_sdp_message_get_media (description, i);
    guint clock_rate = gst_call_dtmf_media_clock_rate (media);
    int payload_type;

    if (g_strcmp0 (gst_sdp_media_get_media (media), "audio") != 0 ||
        gst_sdp_media_get_port (media) == 0 || (clock_rate != 8000 && clock_rate != 48000) ||
        gst_call_dtmf_find_payload_type (media, clock_rate) >= 0)
      continue;
    if (remote_offer) {
      if (i >= gst_sdp_message_medias_len (remote_offer))
        continue;
      payload_type = gst_call_dtmf_find_payload_type (
          gst_sdp_message_get_media (remote_offer, i), clock_rate);
    } else {
      payload_type = (int) gst_call_dtmf_offer_payload_type (clock_rate);
    }
    if (payload_type < 0 || media_has_format (media, (guint) payload_type))
      continue;
    gst_call_dtmf_add_format (media, (guint) payload_type, clock_rate);
    added = TRUE;
  }
  return added;
}

GstCaps *
gst_call_dtmf_make_rtp_caps (guint payload_type,
                             guint clock_rate)
{
  return gst_caps_new_simple ("application/x-rtp",
                              "media", G_TYPE_STRING, "audio",
                              "encoding-name", G_TYPE_STRING, "TELEPHONE-EVENT",
                              "clock-rate", G_TYPE_INT, (int) clock_rate,
                              "payload", G_TYPE_INT, (int) payload_type,
                              NULL);
}

gboolean
gst_call_dtmf_caps_are_events (const GstCaps *caps)
{
  const char *encoding;

  if (!caps || gst_caps_get_size (caps) == 0)
    return FALSE;
  encoding = gst_structure_get_string (gst_caps_get_structure (caps, 0), "encoding-name");
  return encoding && g_ascii_strcasecmp (encoding, "TELEPHONE-EVENT") == 0;
}

gboolean
gst_call_dtmf_check_tones (const char  *tones,
                           guint        duration_ms,
                           GError     **error)
{
  if (!*tones) {
    g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                         _("No DTMF tones to send: give one or more of 0-9, *, #, A-D"));
    return FALSE;
  }
  for (const char *c = tones; *c; c++) {
    if (tone_to_event (*c) < 0) {
      g_autofree char *character = g_utf8_validate (c, -1, NULL)
          ? g_utf8_substring (c, 0, 1) : g_strdup_printf ("\\x%02x", (guchar) *c);

      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   _("“%s” is not a DTMF tone: the tones are 0-9, *, #, A-D"), character);
      return FALSE;
    }
  }
  if (duration_ms != 0 && (duration_ms < GST_CALL_DTMF_MIN_DURATION_MS ||
                           duration_ms > GST_CALL_DTMF_MAX_DURATION_MS)) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                 _("A DTMF tone of %u ms cannot be sent: tones last %u to %u ms (0 for %u ms)"),
                 duration_ms, GST_CALL_DTMF_MIN_DURATION_MS, GST_CALL_DTMF_MAX_DURATION_MS,
                 GST_CALL_DTMF_DEFAULT_DURATION_MS);
    return FALSE;
  }
  return TRUE;
}

/* ------------------------------------------------------------------------ */
/* Sending                                                                   */

typedef struct {
  guint event;
  guint payload_type;
  guint duration_ms;
} QueuedTone;

struct _GstCallDtmfSender {
  gint ref_count;

  GMutex lock;             /* guards what follows */
  GQueue queue;            /* QueuedTone */
  gboolean playing;        /* an event replaces the audio */
  QueuedTone current;
  guint32 start_timestamp; /* RTP timestamp of the event */
  guint32 target;          /* the event's duration in RTP clock units */
  guint32 final_duration;  /* once its end packets go out */
  guint ends_sent;
  gboolean first_sent;
  gboolean in_gap;
  guint32 gap_end;         /* RTP timestamp before which no event starts */
  gboolean have_last;
  guint32 last_timestamp;  /* of the last audio packet */
  guint32 packet_duration; /* RTP clock units of an audio packet */
  guint clock_rate;        /* of the audio, from its caps */
};

GstCallDtmfSender *
gst_call_dtmf_sender_new (void)
{
  GstCallDtmfSender *sender = g_new0 (GstCallDtmfSender, 1);

  sender->ref_count = 1;
  g_mutex_init (&sender->lock);
  g_queue_init (&sender->queue);
  return sender;
}

GstCallDtmfSender *
gst_call_dtmf_sender_ref (GstCallDtmfSender *sender)
{
  g_atomic_int_inc (&sender->ref_count);
  return sender;
}

void
gst_call_dtmf_sender_unref (GstCallDtmfSender *sender)
{
  if (!g_atomic_int_dec_and_test (&sender->ref_count))
    return;
  g_queue_clear_full (&sender->queue, g_free);
  g_mutex_clear (&sender->lock);
  g_free (sender);
}

void
gst_call_dtmf_sender_queue (GstCallDtmfSender *sender,
                            guint              payload_type,
                            const char        *tones,
                            guint              duration_ms)
{
  g_mutex_lock (&sender->lock);
  for (const char *c = tones; *c; c++) {
    int event = tone_to_event (*c);
    QueuedTone *tone;

    if (event < 0)
      continue;
    tone = g_new0 (QueuedTone, 1);
    tone->event = (guint) event;
    tone->payload_type = payload_type;
    tone->duration_ms = duration_ms ? duration_ms : GST_CALL_DTMF_DEFAULT_DURATION_MS;
    g_queue_push_tail (&sender->queue, tone);
  }
  g_mutex_unlock (&sender->lock);
}

/* An RFC 4733 packet in place of @audio: its SSRC, sequence number and
 * header extension, the event's timestamp. */
static GstBuffer *
make_event_packet (GstCallDtmfSender *sender,
                   GstRTPBuffer      *audio,
                   gboolean           end,
                   guint32            duration)
{
  GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;
  GstBuffer *buffer = gst_rtp_buffer_new_allocate (4, 0, 0);
  gpointer extension = NULL;
  guint16 bits = 0;
  guint wordlen = 0;
  guint8 *payload;

  gst_buffer_copy_into (buffer, audio->buffer,
                        GST_BUFFER_COPY_FLAGS | GST_BUFFER_COPY_TIMESTAMPS, 0, -1);
  gst_rtp_buffer_map (buffer, GST_MAP_READWRITE, &rtp);
  gst_rtp_buffer_set_ssrc (&rtp, gst_rtp_buffer_get_ssrc (audio));
  gst_rtp_buffer_set_seq (&rtp, gst_rtp_buffer_get_seq (audio));
  gst_rtp_buffer_set_timestamp (&rtp, sender->start_timestamp);
  gst_rtp_buffer_set_payload_type (&rtp, (guint8) sender->current.payload_type);
  gst_rtp_buffer_set_marker (&rtp, !sender->first_sent);
  if (gst_rtp_buffer_get_extension_data (audio, &bits, &extension, &wordlen) &&
      gst_rtp_buffer_set_extension_data (&rtp, bits, (guint16) wordlen)) {
    gpointer copy = NULL;

    gst_rtp_buffer_get_extension_data (&rtp, &bits, &copy, &wordlen);
    memcpy (copy, extension, wordlen * 4);
  }
  payload = gst_rtp_buffer_get_payload (&rtp);
  payload[0] = (guint8) sender->current.event;
  payload[1] = (end ? 0x80 : 0) | EVENT_VOLUME;
  payload[2] = (duration >> 8) & 0xff;
  payload[3] = duration & 0xff;
  gst_rtp_buffer_unmap (&rtp);
  sender->first_sent = TRUE;
  return buffer;
}

/* Streaming thread: an audio packet leaves the payloader. While an event
 * plays it is replaced by the event's next packet. */
static GstPadProbeReturn
on_audio_packet (GstPad          *pad,
                 GstPadProbeInfo *info,
                 gpointer         user_data)
{
  GstCallDtmfSender *sender = user_data;
  GstBuffer *buffer = GST_PAD_PROBE_INFO_BUFFER (info);
  GstRTPBuffer audio = GST_RTP_BUFFER_INIT;
  GstBuffer *event_packet = NULL;
  guint32 timestamp;
  guint32 covered;

  if (!gst_rtp_buffer_map (buffer, GST_MAP_READ, &audio))
    return GST_PAD_PROBE_OK;
  timestamp = gst_rtp_buffer_get_timestamp (&audio);

  g_mutex_lock (&sender->lock);
  if (!sender->clock_rate) {
    g_autoptr (GstCaps) caps = gst_pad_get_current_caps (pad);
    int rate = 0;

    if (caps && gst_caps_get_size (caps) > 0)
      gst_structure_get_int (gst_caps_get_structure (caps, 0), "clock-rate", &rate);
    sender->clock_rate = rate > 0 ? (guint) rate : 8000;
    sender->packet_duration = sender->clock_rate / 50;
  }
  if (sender->have_last) {
    guint32 delta = timestamp - sender->last_timestamp;

    if (delta > 0 && delta < sender->clock_rate / 4)
      sender->packet_duration = delta;
  }
  sender->have_last = TRUE;
  sender->last_timestamp = timestamp;

  if (!sender->playing && sender->in_gap && (gint32) (timestamp - sender->gap_end) >= 0)
    sender->in_gap = FALSE;
  if (!sender->playing && !sender->in_gap && !g_queue_is_empty (&sender->queue)) {
    QueuedTone *tone = g_queue_pop_head (&sender->queue);

    sender->current = *tone;
    g_free (tone);
    sender->playing = TRUE;
    sender->start_timestamp = timestamp;
    sender->target = (guint32) ((guint64) sender->current.duration_ms * sender->clock_rate / 1000);
    sender->ends_sent = 0;
    sender->first_sent = FALSE;
    GST_DEBUG ("DTMF event %u starts at %u for %u ms", sender->current.event, timestamp,
               sender->current.duration_ms);
  }

  if (sender->playing) {
    /* The event covers the audio up to the end of this packet. */
    covered = MIN (timestamp - sender->start_timestamp + sender->packet_duration, 0xffff);
    if (sender->ends_sent == 0 && covered < sender->target) {
      event_packet = make_event_packet (sender, &audio, FALSE, covered);
    } else {
      /* The event ends within this packet: at its duration, also when the
       * audio's timestamps jumped (a source that fell behind). */
      if (sender->ends_sent == 0)
        sender->final_duration = MIN (covered, sender->target);
      event_packet = make_event_packet (sender, &audio, TRUE, sender->final_duration);
      if (++sender->ends_sent == END_PACKETS) {
        sender->playing = FALSE;
        sender->in_gap = TRUE;
        sender->gap_end = sender->start_timestamp + sender->final_duration +
                          GST_CALL_DTMF_GAP_MS * sender->clock_rate / 1000;
      }
    }
  }
  g_mutex_unlock (&sender->lock);
  gst_rtp_buffer_unmap (&audio);

  if (event_packet) {
    gst_buffer_unref (buffer);
    GST_PAD_PROBE_INFO_DATA (info) = event_packet;
  }
  return GST_PAD_PROBE_OK;
}

void
gst_call_dtmf_sender_attach (GstCallDtmfSender *sender,
                             GstPad            *pad)
{
  gst_pad_add_probe (pad, GST_PAD_PROBE_TYPE_BUFFER, on_audio_packet,
                     gst_call_dtmf_sender_ref (sender),
                     (GDestroyNotify) gst_call_dtmf_sender_unref);
}

/* ------------------------------------------------------------------------ */
/* Receiving                                                                 */

typedef struct {
  GstCallDtmfFunc func;
  gpointer user_data;
  GDestroyNotify user_data_free;
  guint clock_rate;
  gboolean active;          /* an event started, its end not seen */
  guint32 timestamp;        /* of the active event */
  guint event;
  guint duration;
  gboolean have_ended;
  guint32 ended_timestamp;  /* of the last event reported */
} Receiver;

static void
receiver_free (gpointer data)
{
  Receiver *receiver = data;

  if (receiver->user_data_free)
    receiver->user_data_free (receiver->user_data);
  g_free (receiver);
}

static void
report (Receiver *receiver,
        guint     event,
        guint     duration)
{
  guint duration_ms = (guint) ((guint64) duration * 1000 / receiver->clock_rate);

  GST_DEBUG ("DTMF event %u received, %u ms", event, duration_ms);
  receiver->func (gst_call_dtmf_event_to_tone (event), duration_ms, receiver->user_data);
}

/* Streaming thread: a telephone-event packet arrives. */
static GstPadProbeReturn
on_event_packet (GstPad          *pad,
                 GstPadProbeInfo *info,
                 gpointer         user_data)
{
  Receiver *receiver = user_data;
  GstRTPBuffer rtp = GST_RTP_BUFFER_INIT;
  const guint8 *payload;
  guint32 timestamp;
  guint event, duration;
  gboolean end;

  if (!gst_rtp_buffer_map (GST_PAD_PROBE_INFO_BUFFER (info), GST_MAP_READ, &rtp))
    return GST_PAD_PROBE_DROP;
  if (gst_rtp_buffer_get_payload_len (&rtp) < 4) {
    gst_rtp_buffer_unmap (&rtp);
    return GST_PAD_PROBE_DROP;
  }
  payload = gst_rtp_buffer_get_payload (&rtp);
  timestamp = gst_rtp_buffer_get_timestamp (&rtp);
  event = payload[0];
  end = (payload[1] & 0x80) != 0;
  duration = ((guint) payload[2] << 8) | payload[3];
  gst_rtp_buffer_unmap (&rtp);
  GST_LOG ("telephone-event %u at %u, %u units%s", event, timestamp, duration,
           end ? ", end" : "");

  if (!receiver->clock_rate) {
    g_autoptr (GstCaps) caps = gst_pad_get_current_caps (pad);
    int rate = 0;

    if (caps && gst_caps_get_size (caps) > 0)
      gst_structure_get_int (gst_caps_get_structure (caps, 0), "clock-rate", &rate);
    receiver->clock_rate = rate > 0 ? (guint) rate : 8000;
  }
  if (event > 15)
    return GST_PAD_PROBE_DROP; /* not DTMF (RFC 4733 3.2) */

  /* A new event while the last one never ended: its end packets were lost. */
  if (receiver->active && timestamp != receiver->timestamp) {
    receiver->active = FALSE;
    receiver->have_ended = TRUE;
    receiver->ended_timestamp = receiver->timestamp;
    report (receiver, receiver->event, receiver->duration);
  }
  /* The end of an event already reported (its redundant end packets). */
  if (receiver->have_ended && timestamp == receiver->ended_timestamp)
    return GST_PAD_PROBE_DROP;

  if (end) {
    receiver->active = FALSE;
    receiver->have_ended = TRUE;
    receiver->ended_timestamp = timestamp;
    report (receiver, event, duration);
  } else {
    receiver->active = TRUE;
    receiver->timestamp = timestamp;
    receiver->event = event;
    receiver->duration = duration;
  }
  return GST_PAD_PROBE_DROP;
}

void
gst_call_dtmf_receive_add_branch (GstBin          *pipeline,
                                  GstPad          *remote_rtp_pad,
                                  GstCallDtmfFunc  func,
                                  gpointer         user_data,
                                  GDestroyNotify   user_data_free)
{
  g_autoptr (GstPad) sink_pad = NULL;
  Receiver *receiver;
  GstElement *sink;

  receiver = g_new0 (Receiver, 1);
  receiver->func = func;
  receiver->user_data = user_data;
  receiver->user_data_free = user_data_free;

  sink = gst_element_factory_make ("fakesink", NULL);
  g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
  sink_pad = gst_element_get_static_pad (sink, "sink");
  /* The probe (and the receiver) lives as long as the sink. */
  gst_pad_add_probe (sink_pad, GST_PAD_PROBE_TYPE_BUFFER, on_event_packet, receiver,
                     receiver_free);
  gst_bin_add (pipeline, sink);
  gst_element_sync_state_with_parent (sink);
  if (gst_pad_link (remote_rtp_pad, sink_pad) != GST_PAD_LINK_OK)
    GST_WARNING ("could not link the telephone-event stream %s",
                 GST_PAD_NAME (remote_rtp_pad));
}
