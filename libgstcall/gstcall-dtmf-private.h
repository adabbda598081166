/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <gst/gst.h>
#include <gst/sdp/sdp.h>

G_BEGIN_DECLS

/* DTMF as RFC 4733 telephone-events, the same for both transports.
 *
 * Sending: the events replace the audio packets of the track while a tone
 * plays, one for one, so they keep the audio's SSRC, sequence numbers and
 * header extensions; each packet's timestamp is the event's start (RFC 4733
 * 2.5.1.2), the last one is sent three times with the end bit. Tones queue
 * and play one after the other, GST_CALL_DTMF_GAP_MS apart.
 *
 * Receiving: the telephone-event stream of a remote SSRC goes to a sink of
 * its own (never to a decoder) where each event is reported once, when it
 * ends (its first end packet, or the start of the next event when all its
 * end packets were lost). */

#define GST_CALL_DTMF_DEFAULT_DURATION_MS 100
#define GST_CALL_DTMF_MIN_DURATION_MS 40
#define GST_CALL_DTMF_MAX_DURATION_MS 1000
#define GST_CALL_DTMF_GAP_MS 70

/* The payload types libgstcall offers telephone-event on, by clock rate. */
#define GST_CALL_DTMF_PAYLOAD_TYPE_8000 126
#define GST_CALL_DTMF_PAYLOAD_TYPE_48000 125

/* The payload type libgstcall offers telephone-event at @clock_rate on. */
guint     gst_call_dtmf_offer_payload_type (guint clock_rate);

/* The payload type of telephone-event at @clock_rate in @media, or -1. */
int       gst_call_dtmf_find_payload_type (const GstSDPMedia *media,
                                           guint              clock_rate);

/* The payload type telephone-events to the audio of @media (at
 * @clock_rate) go on: telephone-event at @clock_rate, else at 8000 Hz,
 * RFC 4733's default rate, which SIP endpoints such as baresip offer beside
 * Opus (the events then keep the audio's timestamps: they share its SSRC);
 * -1 when there is neither. @event_clock_rate (optional) is set to the
 * rate the SDP names. */
int       gst_call_dtmf_find_audio_payload_type (const GstSDPMedia *media,
                                                 guint              clock_rate,
                                                 guint             *event_clock_rate);

/* The clock rate of the first format of @media (the codec the section
 * is sent in), or 0 when its rtpmap is missing or not a number. */
guint     gst_call_dtmf_media_clock_rate (const GstSDPMedia *media);

/* Adds telephone-event at @clock_rate on @payload_type to @media: the
 * format, its rtpmap and `fmtp 0-15`. */
void      gst_call_dtmf_add_format (GstSDPMedia *media,
                                    guint        payload_type,
                                    guint        clock_rate);

/* Writes telephone-event into the audio sections of @description, a
 * description webrtcbin made (it leaves out formats the send branch does
 * not produce). Offering (@remote_offer NULL): at the clock rate of each
 * section's codec, on gst_call_dtmf_offer_payload_type(). Answering: where
 * @remote_offer has it at that rate, on its payload type. Returns whether
 * anything was added. */
gboolean  gst_call_dtmf_complete_description (GstSDPMessage       *description,
                                              const GstSDPMessage *remote_offer);

/* RTP caps of telephone-event at @clock_rate on @payload_type. */
GstCaps  *gst_call_dtmf_make_rtp_caps (guint payload_type,
                                       guint clock_rate);

/* Whether @caps are those of a telephone-event RTP stream. */
gboolean  gst_call_dtmf_caps_are_events (const GstCaps *caps);

/* Checks @tones (0-9, *, #, A-D) and @duration_ms (0: the default, else
 * GST_CALL_DTMF_MIN_DURATION_MS to _MAX_); the error names the bad
 * character or the range. */
gboolean  gst_call_dtmf_check_tones (const char  *tones,
                                     guint        duration_ms,
                                     GError     **error);

/* GstCallDtmfSender: plays queued tones on the RTP output of an audio send
 * branch. Thread-safe. */
typedef struct _GstCallDtmfSender GstCallDtmfSender;

GstCallDtmfSender *gst_call_dtmf_sender_new    (void);
GstCallDtmfSender *gst_call_dtmf_sender_ref    (GstCallDtmfSender *sender);
void               gst_call_dtmf_sender_unref  (GstCallDtmfSender *sender);
/* Watches the audio RTP leaving @pad (a payloader's output). */
void               gst_call_dtmf_sender_attach (GstCallDtmfSender *sender,
                                                GstPad            *pad);
/* Queues @tones (checked with gst_call_dtmf_check_tones()) as events on
 * @payload_type, whose clock is the audio's. */
void               gst_call_dtmf_sender_queue  (GstCallDtmfSender *sender,
                                                guint              payload_type,
                                                const char        *tones,
                                                guint              duration_ms);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (GstCallDtmfSender, gst_call_dtmf_sender_unref)

/* Streaming thread: an event ended; @tone is one of 0-9, *, #, A-D. */
typedef void (*GstCallDtmfFunc) (char     tone,
                                 guint    duration_ms,
                                 gpointer user_data);

/* Streaming thread: links @remote_rtp_pad, a telephone-event stream, to a
 * sink added to @pipeline that calls @func for each event. @user_data is
 * freed with @user_data_free (nullable) when the sink goes. */
void      gst_call_dtmf_receive_add_branch (GstBin          *pipeline,
                                            GstPad          *remote_rtp_pad,
                                            GstCallDtmfFunc  func,
                                            gpointer         user_data,
                                            GDestroyNotify   user_data_free);

/* For GstCall: the signal takes a one-character string. */
char      gst_call_dtmf_event_to_tone (guint event);

G_END_DECLS
