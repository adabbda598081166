/* Fake hardware encoders and decoders for tests.
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "fake-hw-plugin.h"

static gint flaky_errors;
static GMutex flaky_lock;
static gint64 flaky_last_error_time; /* flaky_lock */

typedef struct {
  GstBin parent_instance;
  guint frames;
  gboolean failed;
} FakeHwEnc;

typedef struct {
  GstBinClass parent_class;
  gboolean fail_on_start;
  guint fail_after_frames;
} FakeHwEncClass;

#define FAKE_HW_ENC_GET_CLASS(obj) (G_TYPE_INSTANCE_GET_CLASS ((obj), fake_hw_enc_get_type (), FakeHwEncClass))

GType fake_hw_enc_get_type (void);
GType fake_va_vp8_enc_get_type (void);
GType fake_va_broken_vp8_enc_get_type (void);
GType fake_va_flaky_vp8_enc_get_type (void);

G_DEFINE_TYPE (FakeHwEnc, fake_hw_enc, GST_TYPE_BIN)

static GstStaticPadTemplate sink_template =
    GST_STATIC_PAD_TEMPLATE ("sink", GST_PAD_SINK, GST_PAD_ALWAYS,
                             GST_STATIC_CAPS ("video/x-raw, format=(string)I420"));
static GstStaticPadTemplate src_template =
    GST_STATIC_PAD_TEMPLATE ("src", GST_PAD_SRC, GST_PAD_ALWAYS,
                             GST_STATIC_CAPS ("video/x-vp8"));

guint
fake_hw_flaky_error_count (void)
{
  return (guint) g_atomic_int_get (&flaky_errors);
}

gint64
fake_hw_flaky_last_error_time (void)
{
  gint64 time;

  g_mutex_lock (&flaky_lock);
  time = flaky_last_error_time;
  g_mutex_unlock (&flaky_lock);
  return time;
}

static GstFlowReturn
fake_hw_enc_chain (GstPad    *pad,
                   GstObject *parent,
                   GstBuffer *buffer)
{
  FakeHwEnc *self = (FakeHwEnc *) parent;
  FakeHwEncClass *klass = FAKE_HW_ENC_GET_CLASS (self);

  if (klass->fail_after_frames && ++self->frames > klass->fail_after_frames) {
    gst_buffer_unref (buffer);
    if (!self->failed) {
      self->failed = TRUE;
      g_mutex_lock (&flaky_lock);
      flaky_last_error_time = g_get_monotonic_time ();
      g_mutex_unlock (&flaky_lock);
      g_atomic_int_inc (&flaky_errors);
      GST_ELEMENT_ERROR (self, RESOURCE, FAILED, (FAKE_FLAKY_MESSAGE),
                         ("after %u frames", klass->fail_after_frames));
    }
    return GST_FLOW_ERROR;
  }
  return gst_proxy_pad_chain_default (pad, parent, buffer);
}

static GstStateChangeReturn
fake_hw_enc_change_state (GstElement     *element,
                          GstStateChange  transition)
{
  FakeHwEncClass *klass = FAKE_HW_ENC_GET_CLASS (element);

  if (transition == GST_STATE_CHANGE_READY_TO_PAUSED && klass->fail_on_start) {
    GST_ELEMENT_ERROR (element, RESOURCE, OPEN_READ, (FAKE_BROKEN_MESSAGE), (NULL));
    return GST_STATE_CHANGE_FAILURE;
  }
  return GST_ELEMENT_CLASS (fake_hw_enc_parent_class)->change_state (element, transition);
}

static void
fake_hw_enc_class_init (FakeHwEncClass *klass)
{
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  element_class->change_state = fake_hw_enc_change_state;
  gst_element_class_add_static_pad_template (element_class, &sink_template);
  gst_element_class_add_static_pad_template (element_class, &src_template);
}

static void
fake_hw_enc_init (FakeHwEnc *self)
{
  GstElement *encoder = gst_element_factory_make ("vp8enc", NULL);
  g_autoptr (GstPad) encoder_sink = gst_element_get_static_pad (encoder, "sink");
  g_autoptr (GstPad) encoder_src = gst_element_get_static_pad (encoder, "src");
  GstElementClass *element_class = GST_ELEMENT_GET_CLASS (self);
  GstPad *sink;

  g_object_set (encoder, "deadline", (gint64) 1, "cpu-used", 8, "lag-in-frames", 0, NULL);
  gst_bin_add (GST_BIN (self), encoder);

  sink = gst_ghost_pad_new_from_template ("sink", encoder_sink,
                                          gst_element_class_get_pad_template (element_class,
                                                                              "sink"));
  gst_pad_set_chain_function (sink, fake_hw_enc_chain);
  gst_element_add_pad (GST_ELEMENT (self), sink);
  gst_element_add_pad (GST_ELEMENT (self),
                       gst_ghost_pad_new_from_template ("src", encoder_src,
                                                        gst_element_class_get_pad_template (element_class,
                                                                                            "src")));
}

#define DEFINE_FAKE_ENCODER(TypeName, type_name, long_name, on_start, after_frames) \
  typedef FakeHwEnc TypeName; \
  typedef FakeHwEncClass TypeName##Class; \
  G_DEFINE_TYPE (TypeName, type_name, fake_hw_enc_get_type ()) \
  static void type_name##_class_init (TypeName##Class *klass) \
  { \
    klass->fail_on_start = (on_start); \
    klass->fail_after_frames = (after_frames); \
    gst_element_class_set_static_metadata (GST_ELEMENT_CLASS (klass), long_name, \
                                           "Codec/Encoder/Video/Hardware", \
                                           "A VP8 encoder pretending to be hardware", \
                                           "The libgstcall authors"); \
  } \
  static void type_name##_init (TypeName *self) {}

DEFINE_FAKE_ENCODER (FakeVaVp8Enc, fake_va_vp8_enc, "Fake VA VP8 encoder", FALSE, 0)
DEFINE_FAKE_ENCODER (FakeVaBrokenVp8Enc, fake_va_broken_vp8_enc,
                     "Fake VA VP8 encoder that fails to start", TRUE, 0)
DEFINE_FAKE_ENCODER (FakeVaFlakyVp8Enc, fake_va_flaky_vp8_enc,
                     "Fake VA VP8 encoder that fails mid-stream", FALSE, FAKE_FLAKY_FRAMES)

static gboolean
plugin_init (GstPlugin *plugin)
{
  return gst_element_register (plugin, "vafakevp8enc", GST_RANK_NONE,
                               fake_va_vp8_enc_get_type ()) &&
         gst_element_register (plugin, "vabrokenvp8enc", GST_RANK_NONE,
                               fake_va_broken_vp8_enc_get_type ()) &&
         gst_element_register (plugin, "vaflakyvp8enc", GST_RANK_NONE,
                               fake_va_flaky_vp8_enc_get_type ());
}

void
fake_hw_plugin_register (void)
{
  static gsize registered;

  if (g_once_init_enter (&registered)) {
    gboolean ok = gst_plugin_register_static (GST_VERSION_MAJOR, GST_VERSION_MINOR,
                                              "gstcallfakehw",
                                              "Fake hardware encoders for libgstcall tests",
                                              plugin_init, "1.0", "LGPL",
                                              "libgstcall", "libgstcall",
                                              "https://gstreamer.freedesktop.org");

    g_assert_true (ok);
    g_once_init_leave (&registered, 1);
  }
}

/* ------------------------------------------------------------------------ */
/* Slow hardware decoders                                                    */

static gint slow_start_delay_ms = FAKE_SLOW_DECODER_DEFAULT_DELAY_MS; /* atomic */
static GMutex slow_lock;
static GHashTable *slow_starts; /* slow_lock; factory name -> number of starts */
static GHashTable *slow_opened; /* slow_lock; factory names started since the reset */
static GHashTable *slow_opened_at; /* slow_lock; factory name -> gint64 *, monotonic */
static GCond slow_released;
#define SLOW_HOLD_LIMIT (60 * G_TIME_SPAN_SECOND)
static gboolean slow_held;       /* slow_lock */
static guint slow_starting;     /* slow_lock */
static guint slow_most_starting; /* slow_lock */

typedef struct {
  GstBin parent_instance;
  guint start_delay_ms;
} FakeSlowDec;

typedef struct {
  GstBinClass parent_class;
  const char *decoder; /* the software decoder inside */
} FakeSlowDecClass;

enum {
  PROP_SLOW_0,
  PROP_START_DELAY,
};

#define FAKE_SLOW_DEC_GET_CLASS(obj) \
  (G_TYPE_INSTANCE_GET_CLASS ((obj), fake_slow_dec_get_type (), FakeSlowDecClass))

GType fake_slow_dec_get_type (void);
GType fake_nv_slow_vp8_dec_get_type (void);
GType fake_nv_slow_vp9_dec_get_type (void);

G_DEFINE_TYPE (FakeSlowDec, fake_slow_dec, GST_TYPE_BIN)

static GstStaticPadTemplate slow_src_template =
    GST_STATIC_PAD_TEMPLATE ("src", GST_PAD_SRC, GST_PAD_ALWAYS,
                             GST_STATIC_CAPS ("video/x-raw"));

void
fake_hw_set_slow_decoder_delay (guint milliseconds)
{
  g_atomic_int_set (&slow_start_delay_ms, (gint) milliseconds);
}

guint
fake_hw_slow_decoder_starts (const char *factory_name)
{
  guint starts = 0;

  g_mutex_lock (&slow_lock);
  if (slow_starts)
    starts = GPOINTER_TO_UINT (g_hash_table_lookup (slow_starts, factory_name));
  g_mutex_unlock (&slow_lock);
  return starts;
}

gint64
fake_hw_slow_decoder_opened_at (const char *factory_name)
{
  gint64 opened_at = 0;

  g_mutex_lock (&slow_lock);
  if (slow_opened_at && g_hash_table_contains (slow_opened_at, factory_name))
    opened_at = *(gint64 *) g_hash_table_lookup (slow_opened_at, factory_name);
  g_mutex_unlock (&slow_lock);
  return opened_at;
}

void
fake_hw_reset_slow_decoders (void)
{
  g_mutex_lock (&slow_lock);
  if (slow_opened) {
    g_hash_table_remove_all (slow_opened);
    g_hash_table_remove_all (slow_opened_at);
  }
  g_mutex_unlock (&slow_lock);
}

void
fake_hw_hold_slow_decoders (gboolean hold)
{
  g_mutex_lock (&slow_lock);
  slow_held = hold;
  g_cond_broadcast (&slow_released);
  g_mutex_unlock (&slow_lock);
}

guint
fake_hw_slow_decoder_most_concurrent_starts (void)
{
  guint most;

  g_mutex_lock (&slow_lock);
  most = slow_most_starting;
  slow_most_starting = slow_starting;
  g_mutex_unlock (&slow_lock);
  return most;
}

static GstStateChangeReturn
fake_slow_dec_change_state (GstElement     *element,
                            GstStateChange  transition)
{
  FakeSlowDec *self = (FakeSlowDec *) element;

  if (transition == GST_STATE_CHANGE_READY_TO_PAUSED) {
    const char *name = gst_plugin_feature_get_name (gst_element_get_factory (element));
    gint64 *opened_at, end_time;
    gboolean first;

    g_mutex_lock (&slow_lock);
    if (!slow_starts) {
      slow_starts = g_hash_table_new (g_str_hash, g_str_equal);
      slow_opened = g_hash_table_new (g_str_hash, g_str_equal);
      slow_opened_at = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, g_free);
    }
    /* Factory names live as long as the registry. */
    g_hash_table_replace (slow_starts, (gpointer) name, GUINT_TO_POINTER (
        GPOINTER_TO_UINT (g_hash_table_lookup (slow_starts, name)) + 1));
    first = !g_hash_table_contains (slow_opened, name);
    if (first) {
      slow_starting++;
      slow_most_starting = MAX (slow_most_starting, slow_starting);
    }
    g_mutex_unlock (&slow_lock);

    if (first) {
      /* Opening the device, the first time since the reset. */
      g_usleep ((gulong) self->start_delay_ms * 1000);

      g_mutex_lock (&slow_lock);
      end_time = g_get_monotonic_time () + SLOW_HOLD_LIMIT;
      while (slow_held && g_cond_wait_until (&slow_released, &slow_lock, end_time))
        ;
      slow_starting--;
      g_hash_table_add (slow_opened, (gpointer) name);
      opened_at = g_new (gint64, 1);
      *opened_at = g_get_monotonic_time ();
      g_hash_table_replace (slow_opened_at, (gpointer) name, opened_at);
      g_mutex_unlock (&slow_lock);
    }
  }
  return GST_ELEMENT_CLASS (fake_slow_dec_parent_class)->change_state (element, transition);
}

static void
fake_slow_dec_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  FakeSlowDec *self = (FakeSlowDec *) object;

  switch (prop_id) {
    case PROP_START_DELAY:
      self->start_delay_ms = g_value_get_uint (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
fake_slow_dec_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  FakeSlowDec *self = (FakeSlowDec *) object;

  switch (prop_id) {
    case PROP_START_DELAY:
      g_value_set_uint (value, self->start_delay_ms);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
fake_slow_dec_class_init (FakeSlowDecClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GstElementClass *element_class = GST_ELEMENT_CLASS (klass);

  object_class->set_property = fake_slow_dec_set_property;
  object_class->get_property = fake_slow_dec_get_property;
  element_class->change_state = fake_slow_dec_change_state;

  g_object_class_install_property (object_class, PROP_START_DELAY,
      g_param_spec_uint ("start-delay", "Start delay",
                         "How long the first start takes, in milliseconds",
                         0, G_MAXUINT, FAKE_SLOW_DECODER_DEFAULT_DELAY_MS,
                         G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS));
}

static void
fake_slow_dec_init (FakeSlowDec *self)
{
  self->start_delay_ms = (guint) g_atomic_int_get (&slow_start_delay_ms);
}

/* From the subclass's init, where the instance has its final class. */
static void
fake_slow_dec_add_decoder (FakeSlowDec *self)
{
  FakeSlowDecClass *klass = FAKE_SLOW_DEC_GET_CLASS (self);
  GstElementClass *element_class = GST_ELEMENT_GET_CLASS (self);
  GstElement *decoder = gst_element_factory_make (klass->decoder, NULL);
  g_autoptr (GstPad) decoder_sink = gst_element_get_static_pad (decoder, "sink");
  g_autoptr (GstPad) decoder_src = gst_element_get_static_pad (decoder, "src");

  gst_bin_add (GST_BIN (self), decoder);
  gst_element_add_pad (GST_ELEMENT (self),
                       gst_ghost_pad_new_from_template ("sink", decoder_sink,
                                                        gst_element_class_get_pad_template (
                                                            element_class, "sink")));
  gst_element_add_pad (GST_ELEMENT (self),
                       gst_ghost_pad_new_from_template ("src", decoder_src,
                                                        gst_element_class_get_pad_template (
                                                            element_class, "src")));
}

#define DEFINE_FAKE_SLOW_DECODER(TypeName, type_name, long_name, caps, software) \
  typedef FakeSlowDec TypeName; \
  typedef FakeSlowDecClass TypeName##Class; \
  G_DEFINE_TYPE (TypeName, type_name, fake_slow_dec_get_type ()) \
  static GstStaticPadTemplate type_name##_sink_template = \
      GST_STATIC_PAD_TEMPLATE ("sink", GST_PAD_SINK, GST_PAD_ALWAYS, GST_STATIC_CAPS (caps)); \
  static void type_name##_class_init (TypeName##Class *klass) \
  { \
    klass->decoder = (software); \
    gst_element_class_add_static_pad_template (GST_ELEMENT_CLASS (klass), \
                                               &type_name##_sink_template); \
    gst_element_class_add_static_pad_template (GST_ELEMENT_CLASS (klass), \
                                               &slow_src_template); \
    gst_element_class_set_static_metadata (GST_ELEMENT_CLASS (klass), long_name, \
                                           "Codec/Decoder/Video/Hardware", \
                                           "A decoder pretending to be hardware whose " \
                                           "device takes long to open", \
                                           "The libgstcall authors"); \
  } \
  static void type_name##_init (TypeName *self) \
  { \
    fake_slow_dec_add_decoder (self); \
  }

DEFINE_FAKE_SLOW_DECODER (FakeNvSlowVp8Dec, fake_nv_slow_vp8_dec,
                          "Fake NVIDIA VP8 decoder that starts slowly", "video/x-vp8",
                          "vp8dec")
DEFINE_FAKE_SLOW_DECODER (FakeNvSlowVp9Dec, fake_nv_slow_vp9_dec,
                          "Fake NVIDIA VP9 decoder that starts slowly", "video/x-vp9",
                          "vp9dec")

static gboolean
slow_decoders_init (GstPlugin *plugin)
{
  return gst_element_register (plugin, FAKE_SLOW_VP8_DECODER, GST_RANK_PRIMARY + 1,
                               fake_nv_slow_vp8_dec_get_type ()) &&
         gst_element_register (plugin, FAKE_SLOW_VP9_DECODER, GST_RANK_PRIMARY + 1,
                               fake_nv_slow_vp9_dec_get_type ());
}

void
fake_hw_plugin_register_slow_decoders (void)
{
  static gsize registered;

  if (g_once_init_enter (&registered)) {
    gboolean ok = gst_plugin_register_static (GST_VERSION_MAJOR, GST_VERSION_MINOR,
                                              "gstcallfakehwslowdec",
                                              "Fake slow hardware decoders for libgstcall tests",
                                              slow_decoders_init, "1.0", "LGPL",
                                              "libgstcall", "libgstcall",
                                              "https://gstreamer.freedesktop.org");

    g_assert_true (ok);
    g_once_init_leave (&registered, 1);
  }
}
