/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include "config.h"

#include <string.h>

#include "gstcallcodecs-private.h"
#include "gstcall-codec-table-private.h"
#include "gstcall-codec-tuning-private.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcall-plugins-private.h"
#include "gstcall-private.h"

/**
 * GstCallCodecs:
 *
 * Chooses encoders and decoders: hardware first, probed before use, tuned
 * for real time, overridable.
 *
 * For a [enum@CallCodec] and a [enum@CallCodecDirection],
 * [method@CallCodecs.list_candidates] gives every installed element that
 * handles the codec, in the order they are tried, each with the reason for
 * its position:
 *
 * 1. elements named in the `GST_CALL_ENCODERS` (or `GST_CALL_DECODERS`)
 *    environment variable, then the application's preferred elements
 *    ([method@CallCodecs.set_preferred_elements]), in their order;
 * 2. hardware families in this order: VA-API (`va*`), GStreamer VA-API
 *    (`vaapi*`), NVIDIA (`nv*`), Intel Quick Sync (`qsv*`, `msdk*`),
 *    V4L2 (`v4l2*`), AMD (`amf*`);
 * 3. any other element whose klass contains `Hardware`;
 * 4. software elements by rank.
 *
 * Ranks alone would not do: on GStreamer 1.22 `vah264enc` and the Quick
 * Sync and new NVIDIA encoders have rank none. Elements known to be broken
 * or unfit for real time (for example `avenc_h264_omx`) come last with
 * status %GST_CALL_CODEC_STATUS_EXCLUDED and are never used.
 *
 * [method@CallCodecs.select] probes the candidates in order: an encoder must
 * encode a few frames of a test pattern in a private pipeline within a
 * timeout; a decoder must start. The first that works is chosen; failures are
 * logged (debug category `gstcall`) and kept on the candidates
 * ([method@CallCodecCandidate.get_status_message]). Probe results are cached
 * for the whole process; [func@CallCodecs.clear_probe_cache] forgets them.
 *
 * Probes never wait for each other: different elements are probed at the
 * same time, from any number of threads, and a selection that needs an
 * element already being probed waits for that probe's result instead of
 * probing it again. A hardware element can take seconds to start the first
 * time in a process (about 2 s for the first NVIDIA CUDA decoder), so as
 * soon as a [class@Call] or [class@PeerConnection] exists, the hardware
 * candidates that the default selection would try first are probed on a
 * thread of libgstcall's, for every codec: when the remote media arrives,
 * those probes are done or under way, and the audio decoder is never held
 * up by a video decoder's probe.
 *
 * ## Overrides
 *
 * `GST_CALL_ENCODERS=vah264enc,x264enc` (a comma-separated list of element
 * names) makes those encoders be tried first, in that order;
 * `GST_CALL_DECODERS` does the same for decoders. An application can set
 * preferred elements, or force one element for a codec with
 * [method@CallCodecs.set_forced_element]: a forced element is the only
 * candidate.
 *
 * Peer connections use the selection of [func@CallCodecs.get_default]: for
 * their encoders, and for the order in which decoders of remote media are
 * tried. If the encoder in use fails during a call, it is marked failed and
 * replaced by the next candidate without ending the call.
 *
 * Since: 0.1
 */

#define PROBE_TIMEOUT (5 * GST_SECOND)
#define PROBE_VIDEO_FRAMES 3
#define PROBE_AUDIO_BUFFERS 5

#define CODEC_IS_VALID(codec) (gst_call_codec_table_lookup (codec) != NULL)
#define DIRECTION_IS_VALID(direction) \
  ((direction) == GST_CALL_CODEC_DIRECTION_ENCODE || \
   (direction) == GST_CALL_CODEC_DIRECTION_DECODE)

/* Hardware families, in the order they are tried. */
typedef struct {
  const char *prefix;
  const char *family;
  const char *description;
} HardwareFamily;

static const HardwareFamily hardware_families[] = {
  { "vaapi", "vaapi", "GStreamer VA-API (vaapi)" },
  { "va", "va", "VA-API (va)" },
  { "nv", "nvcodec", "NVIDIA (nvcodec)" },
  { "qsv", "qsv", "Intel Quick Sync (qsv)" },
  { "msdk", "msdk", "Intel Media SDK (msdk)" },
  { "v4l2", "v4l2", "V4L2" },
  { "amf", "amf", "AMD AMF (amf)" },
};

/* Order of the families above: vaapi is listed first only so its longer
 * prefix matches before "va". */
static const char * const family_order[] = {
  "va", "vaapi", "nvcodec", "qsv", "msdk", "v4l2", "amf",
};

/* Elements never to use, and why. Matched with g_pattern_match_simple(). */
typedef struct {
  const char *pattern;
  const char *reason;
} Exclusion;

static const Exclusion exclusions[] = {
  { "avenc_h264_omx", N_("OpenMAX IL through libav: no OMX component on this "
                         "platform, it fails to negotiate") },
  { "*alphadecodebin", N_("decodes only streams with an alpha channel") },
};

struct _GstCallCodecs {
  GObject parent_instance;

  GMutex lock;
  GStrv preferred_elements;
  /* "codec/direction" -> element name */
  GHashTable *forced_elements;
};

G_DEFINE_FINAL_TYPE (GstCallCodecs, gst_call_codecs, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PREFERRED_ELEMENTS,
  N_PROPS
};

static GParamSpec *props[N_PROPS];

/* ------------------------------------------------------------------------ */
/* Probe cache, shared by the whole process                                  */

/* A probe can take seconds (the first CUDA decoder of a process starts in
 * about 2 s), so no lock is held across one: probe_lock only guards the
 * tables. An element being probed has a ProbeInFlight entry; whoever asks
 * for the same element meanwhile waits on that entry's condition for its
 * result instead of probing again, while other elements are probed, and
 * cached results read, in parallel. */

typedef struct {
  GstCallCodecStatus status;
  char *message;
} ProbeResult;

typedef struct {
  guint ref_count;     /* probe_lock */
  GCond done_cond;
  gboolean done;       /* probe_lock */
  guint generation;    /* the cache's generation when the probe started */
  GstCallCodecStatus status;
  char *message;
} ProbeInFlight;

static GMutex probe_lock;
static GHashTable *probe_cache; /* "element/codec/direction" -> ProbeResult */
static GHashTable *probes_in_flight; /* same keys -> ProbeInFlight */
static guint probe_generation; /* probe_lock; one more at each clear */
static gint probe_count;

static void background_probes_forget (void);

static void
probe_result_free (gpointer data)
{
  ProbeResult *result = data;

  g_free (result->message);
  g_free (result);
}

/* Called with probe_lock held. */
static ProbeInFlight *
probe_in_flight_ref (ProbeInFlight *flight)
{
  flight->ref_count++;
  return flight;
}

/* Called with probe_lock held. */
static void
probe_in_flight_unref (gpointer data)
{
  ProbeInFlight *flight = data;

  if (--flight->ref_count > 0)
    return;
  g_cond_clear (&flight->done_cond);
  g_free (flight->message);
  g_free (flight);
}

static char *
make_key (const char           *element_name,
          GstCallCodec          codec,
          GstCallCodecDirection direction)
{
  return g_strdup_printf ("%s/%d/%d", element_name, codec, direction);
}

/* Called with probe_lock held. */
static void
store_result_locked (const char           *element_name,
                     GstCallCodec          codec,
                     GstCallCodecDirection direction,
                     GstCallCodecStatus    status,
                     const char           *message)
{
  ProbeResult *result = g_new0 (ProbeResult, 1);

  result->status = status;
  result->message = g_strdup (message);
  if (!probe_cache)
    probe_cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         probe_result_free);
  g_hash_table_replace (probe_cache, make_key (element_name, codec, direction),
                        result);
}

/* Called with probe_lock held. */
static const ProbeResult *
lookup_result_locked (const char           *element_name,
                      GstCallCodec          codec,
                      GstCallCodecDirection direction)
{
  g_autofree char *key = NULL;

  if (!probe_cache)
    return NULL;
  key = make_key (element_name, codec, direction);
  return g_hash_table_lookup (probe_cache, key);
}

/**
 * gst_call_codecs_clear_probe_cache:
 *
 * Forgets every probe result of this process, including elements marked as
 * failed during a call. The next selection probes again; useful after
 * installing a plugin or plugging in hardware, and in tests. A probe still
 * running when the cache is cleared gives its result to the selections
 * waiting for it, but does not fill the cache.
 *
 * Since: 0.1
 */
void
gst_call_codecs_clear_probe_cache (void)
{
  g_mutex_lock (&probe_lock);
  probe_generation++;
  if (probe_cache)
    g_hash_table_remove_all (probe_cache);
  /* Later selections start probes of their own. */
  if (probes_in_flight)
    g_hash_table_remove_all (probes_in_flight);
  g_mutex_unlock (&probe_lock);

  background_probes_forget ();
}

guint
gst_call_codecs_get_probe_count (void)
{
  return (guint) g_atomic_int_get (&probe_count);
}

void
gst_call_codecs_mark_failed (const char           *element_name,
                             GstCallCodec          codec,
                             GstCallCodecDirection direction,
                             const char           *message)
{
  g_autofree char *text = g_strdup_printf (_("failed during a call: %s"), message);

  GST_WARNING ("%s %s", element_name, text);
  g_mutex_lock (&probe_lock);
  store_result_locked (element_name, codec, direction,
                       GST_CALL_CODEC_STATUS_FAILED, text);
  g_mutex_unlock (&probe_lock);
}

gboolean
gst_call_codec_from_caps (const GstCaps *caps,
                          GstCallCodec  *codec)
{
  const GstCallCodecInfo *info;

  if (!caps || gst_caps_is_empty (caps) || gst_caps_is_any (caps))
    return FALSE;
  info = gst_call_codec_table_find_media_caps (
      gst_structure_get_name (gst_caps_get_structure (caps, 0)));
  if (!info)
    return FALSE;
  *codec = info->codec;
  return TRUE;
}

GstCallMediaKind
gst_call_codec_get_media_kind (GstCallCodec codec)
{
  g_return_val_if_fail (CODEC_IS_VALID (codec), GST_CALL_MEDIA_KIND_VIDEO);

  return gst_call_codec_table_lookup (codec)->kind;
}

const char *
gst_call_codec_get_display_name (GstCallCodec codec)
{
  g_return_val_if_fail (CODEC_IS_VALID (codec), NULL);

  return gst_call_codec_table_lookup (codec)->display_name;
}

/* ------------------------------------------------------------------------ */
/* Presets and bitrate (gstcall-codec-tuning.c)                              */

/**
 * gst_call_codecs_apply_low_latency_preset:
 * @element: an encoder or decoder element
 *
 * Applies the real-time settings libgstcall keeps for the element's family:
 * `x264enc` `tune=zerolatency speed-preset=ultrafast`, `vp8enc`/`vp9enc`
 * `deadline=1`, high `cpu-used`, no lag, CBR; NVIDIA low-latency presets
 * and CBR; VA, VA-API, Quick Sync and AMF CBR without B-frames; AV1
 * encoders in real-time mode; `opusenc` 20 ms frames in generic mode. Only properties
 * the element has are set; other elements are left as they are.
 *
 * Since: 0.1
 */
void
gst_call_codecs_apply_low_latency_preset (GstElement *element)
{
  g_return_if_fail (GST_IS_ELEMENT (element));

  gst_call_codec_tuning_apply_low_latency_preset (element);
}

/**
 * gst_call_codecs_set_encoder_bitrate:
 * @encoder: an encoder element
 * @kbit_per_second: the target bitrate in kbit/s
 *
 * Sets the target bitrate of any known encoder, whatever its property is
 * called and whatever its unit (`vp8enc` `target-bitrate` in bit/s,
 * `x264enc` `bitrate` in kbit/s, V4L2 `extra-controls`, ...). For an encoder
 * not in libgstcall's table, a `bitrate` property is used, read as kbit/s
 * when its maximum is below 10 million and as bit/s otherwise. `opusenc` is
 * also put in voice mode at 32 kbit/s and below, in generic mode above
 * (opusenc takes the mode when it starts encoding).
 *
 * Returns: %TRUE if the bitrate was set, %FALSE if the encoder has no
 *   bitrate setting (G.711, for example)
 *
 * Since: 0.1
 */
gboolean
gst_call_codecs_set_encoder_bitrate (GstElement *encoder,
                                     guint       kbit_per_second)
{
  g_return_val_if_fail (GST_IS_ELEMENT (encoder), FALSE);
  g_return_val_if_fail (kbit_per_second > 0, FALSE);

  return gst_call_codec_tuning_set_encoder_bitrate (encoder, kbit_per_second);
}

/* ------------------------------------------------------------------------ */
/* Candidates                                                                */

typedef struct {
  GstElementFactory *factory;
  int group;          /* 0 override, 1 + family index, then klass, then software */
  int override_index;
  char *family;
  gboolean hardware;
  char *reason;
  const char *exclusion;
} CandidateSort;

static void
candidate_sort_clear (gpointer data)
{
  CandidateSort *sort = data;

  g_free (sort->family);
  g_free (sort->reason);
}

static int
compare_candidates (gconstpointer a,
                    gconstpointer b)
{
  const CandidateSort *x = a, *y = b;
  guint rank_x, rank_y;

  if ((x->exclusion != NULL) != (y->exclusion != NULL))
    return x->exclusion ? 1 : -1;
  if (x->group != y->group)
    return x->group < y->group ? -1 : 1;
  if (x->group == 0 && x->override_index != y->override_index)
    return x->override_index < y->override_index ? -1 : 1;
  rank_x = gst_plugin_feature_get_rank (GST_PLUGIN_FEATURE (x->factory));
  rank_y = gst_plugin_feature_get_rank (GST_PLUGIN_FEATURE (y->factory));
  if (rank_x != rank_y)
    return rank_x > rank_y ? -1 : 1;
  return strcmp (gst_plugin_feature_get_name (x->factory),
                 gst_plugin_feature_get_name (y->factory));
}

static const char *
rank_name (guint rank)
{
  if (rank >= GST_RANK_PRIMARY)
    return "primary";
  if (rank >= GST_RANK_SECONDARY)
    return "secondary";
  if (rank >= GST_RANK_MARGINAL)
    return "marginal";
  return "none";
}

static const HardwareFamily *
find_hardware_family (const char *name,
                      int        *order)
{
  for (gsize i = 0; i < G_N_ELEMENTS (hardware_families); i++) {
    if (!g_str_has_prefix (name, hardware_families[i].prefix))
      continue;
    for (gsize j = 0; j < G_N_ELEMENTS (family_order); j++) {
      if (g_str_equal (family_order[j], hardware_families[i].family))
        *order = (int) j;
    }
    return &hardware_families[i];
  }
  return NULL;
}

static const char *
find_exclusion (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (exclusions); i++) {
    if (g_pattern_match_simple (exclusions[i].pattern, name))
      return _(exclusions[i].reason);
  }
  return NULL;
}

static gboolean
is_usable_factory (GstElementFactory *factory)
{
  const char *klass =
      gst_element_factory_get_metadata (factory, GST_ELEMENT_METADATA_KLASS);

  /* decodebin, parsebin and friends say "Decoder" too. */
  return !klass || (!strstr (klass, "Generic") && !strstr (klass, "Bin"));
}

/* Element names from the environment and the application, in order. */
static GPtrArray *
collect_overrides (GstCallCodecs        *self,
                   GstCallCodecDirection direction)
{
  GPtrArray *overrides = g_ptr_array_new_with_free_func (g_free);
  const char *variable = direction == GST_CALL_CODEC_DIRECTION_ENCODE
      ? "GST_CALL_ENCODERS" : "GST_CALL_DECODERS";
  const char *from_environment = g_getenv (variable);

  if (from_environment) {
    g_auto (GStrv) names = g_strsplit (from_environment, ",", -1);

    for (guint i = 0; names[i]; i++) {
      g_strstrip (names[i]);
      if (*names[i])
        g_ptr_array_add (overrides, g_strdup_printf ("%s\n%s", names[i], variable));
    }
  }

  g_mutex_lock (&self->lock);
  for (guint i = 0; self->preferred_elements && self->preferred_elements[i]; i++)
    g_ptr_array_add (overrides, g_strdup_printf ("%s\n", self->preferred_elements[i]));
  g_mutex_unlock (&self->lock);

  return overrides;
}

static GstCallCodecCandidate *
candidate_from_sort (const CandidateSort  *sort,
                     GstCallCodec          codec,
                     GstCallCodecDirection direction)
{
  const char *name = gst_plugin_feature_get_name (sort->factory);
  GstCallCodecCandidate *candidate;

  candidate = gst_call_codec_candidate_new (name, codec, direction, sort->family,
                                            sort->hardware,
                                            gst_plugin_feature_get_rank (
                                                GST_PLUGIN_FEATURE (sort->factory)),
                                            sort->reason);
  if (sort->exclusion) {
    gst_call_codec_candidate_set_status (candidate, GST_CALL_CODEC_STATUS_EXCLUDED,
                                         sort->exclusion);
  } else {
    const ProbeResult *result;

    g_mutex_lock (&probe_lock);
    result = lookup_result_locked (name, codec, direction);
    if (result)
      gst_call_codec_candidate_set_status (candidate, result->status, result->message);
    g_mutex_unlock (&probe_lock);
  }
  return candidate;
}

static char *
forced_key (GstCallCodec          codec,
            GstCallCodecDirection direction)
{
  return g_strdup_printf ("%d/%d", codec, direction);
}

/* The installed elements that handle @codec in @direction. */
static GList *
find_factories (GstCallCodec          codec,
                GstCallCodecDirection direction)
{
  g_autoptr (GstCaps) caps = gst_caps_from_string (gst_call_codec_table_lookup (codec)->media_caps);
  GstElementFactoryListType type = direction == GST_CALL_CODEC_DIRECTION_ENCODE
      ? GST_ELEMENT_FACTORY_TYPE_ENCODER : GST_ELEMENT_FACTORY_TYPE_DECODER;
  GList *all, *matching;

  type |= gst_call_codec_get_media_kind (codec) == GST_CALL_MEDIA_KIND_VIDEO
      ? GST_ELEMENT_FACTORY_TYPE_MEDIA_VIDEO : GST_ELEMENT_FACTORY_TYPE_MEDIA_AUDIO;
  all = gst_element_factory_list_get_elements (type, GST_RANK_NONE);
  matching = gst_element_factory_list_filter (all, caps,
                                              direction == GST_CALL_CODEC_DIRECTION_ENCODE
                                                  ? GST_PAD_SRC : GST_PAD_SINK,
                                              FALSE);
  gst_plugin_feature_list_free (all);
  return matching;
}

static GPtrArray *
build_candidates (GstCallCodecs        *self,
                  GstCallCodec          codec,
                  GstCallCodecDirection direction)
{
  g_autoptr (GPtrArray) overrides = collect_overrides (self, direction);
  g_autoptr (GArray) sorts = g_array_new (FALSE, TRUE, sizeof (CandidateSort));
  GPtrArray *candidates = g_ptr_array_new_with_free_func (g_object_unref);
  GList *factories = find_factories (codec, direction);

  g_array_set_clear_func (sorts, candidate_sort_clear);

  for (GList *l = factories; l; l = l->next) {
    GstElementFactory *factory = l->data;
    const char *name = gst_plugin_feature_get_name (factory);
    const char *klass =
        gst_element_factory_get_metadata (factory, GST_ELEMENT_METADATA_KLASS);
    guint rank = gst_plugin_feature_get_rank (GST_PLUGIN_FEATURE (factory));
    const HardwareFamily *family;
    CandidateSort sort = { 0 };
    int family_index = 0;

    if (!is_usable_factory (factory))
      continue;

    sort.factory = factory;
    sort.override_index = -1;
    family = find_hardware_family (name, &family_index);
    if (family) {
      sort.family = g_strdup (family->family);
      sort.hardware = TRUE;
      sort.group = 1 + family_index;
      sort.reason = g_strdup_printf (_("hardware, %s family (tried in this order: "
                                       "va, vaapi, nvcodec, qsv, msdk, v4l2, amf)"),
                                     family->description);
    } else if (klass && strstr (klass, "Hardware")) {
      sort.family = g_strdup ("hardware");
      sort.hardware = TRUE;
      sort.group = 1 + G_N_ELEMENTS (family_order);
      sort.reason = g_strdup_printf (_("hardware (klass “%s”), after the known "
                                       "hardware families"), klass);
    } else {
      sort.family = g_strdup ("software");
      sort.group = 2 + G_N_ELEMENTS (family_order);
      sort.reason = g_strdup_printf (_("software, rank %s (%u)"),
                                     rank_name (rank), rank);
    }

    for (guint i = 0; i < overrides->len; i++) {
      const char *entry = g_ptr_array_index (overrides, i);
      const char *newline = strchr (entry, '\n');

      if (strncmp (entry, name, newline - entry) != 0 ||
          name[newline - entry] != '\0')
        continue;
      sort.group = 0;
      sort.override_index = (int) i;
      g_free (sort.reason);
      sort.reason = newline[1]
          ? g_strdup_printf (_("listed in %s (%s)"), newline + 1, sort.family)
          : g_strdup_printf (_("preferred by the application (%s)"), sort.family);
      break;
    }

    sort.exclusion = find_exclusion (name);
    if (sort.exclusion) {
      g_free (sort.reason);
      sort.reason = g_strdup_printf (_("excluded: %s"), sort.exclusion);
    }
    g_array_append_val (sorts, sort);
  }

  g_array_sort (sorts, compare_candidates);
  for (guint i = 0; i < sorts->len; i++)
    g_ptr_array_add (candidates,
                     candidate_from_sort (&g_array_index (sorts, CandidateSort, i),
                                          codec, direction));

  /* The array's clear function runs before the factories go. */
  g_clear_pointer (&sorts, g_array_unref);
  gst_plugin_feature_list_free (factories);
  return candidates;
}

/* The forced element as the only candidate, or NULL if none is forced. */
static GPtrArray *
build_forced_candidate (GstCallCodecs        *self,
                        GstCallCodec          codec,
                        GstCallCodecDirection direction,
                        GError              **error,
                        gboolean             *forced)
{
  g_autofree char *name = gst_call_codecs_get_forced_element (self, codec, direction);
  g_autoptr (GPtrArray) all = NULL;

  *forced = name != NULL;
  if (!name)
    return NULL;

  all = build_candidates (self, codec, direction);
  for (guint i = 0; i < all->len; i++) {
    GstCallCodecCandidate *candidate = g_ptr_array_index (all, i);
    GPtrArray *only;

    if (!g_str_equal (gst_call_codec_candidate_get_element_name (candidate), name))
      continue;
    GstCallCodecCandidate *forced_candidate;
    gboolean excluded =
        gst_call_codec_candidate_get_status (candidate) == GST_CALL_CODEC_STATUS_EXCLUDED;
    g_autofree char *reason = excluded
        ? g_strdup_printf (_("forced by the application, although normally "
                             "excluded: %s"),
                           gst_call_codec_candidate_get_status_message (candidate))
        : g_strdup (_("forced by the application"));

    forced_candidate =
        gst_call_codec_candidate_new (name, codec, direction,
                                      gst_call_codec_candidate_get_family (candidate),
                                      gst_call_codec_candidate_is_hardware (candidate),
                                      gst_call_codec_candidate_get_rank (candidate),
                                      reason);
    if (excluded) {
      /* The application knows better: the element is probed like any. */
      const ProbeResult *result;

      g_mutex_lock (&probe_lock);
      result = lookup_result_locked (name, codec, direction);
      if (result)
        gst_call_codec_candidate_set_status (forced_candidate, result->status,
                                             result->message);
      g_mutex_unlock (&probe_lock);
    } else {
      gst_call_codec_candidate_set_status (forced_candidate,
                                           gst_call_codec_candidate_get_status (candidate),
                                           gst_call_codec_candidate_get_status_message (candidate));
    }
    only = g_ptr_array_new_with_free_func (g_object_unref);
    g_ptr_array_add (only, forced_candidate);
    return only;
  }

  {
    g_autoptr (GstElementFactory) factory = gst_element_factory_find (name);

    if (!factory)
      gst_call_set_missing_element_error (error, name);
    else
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_INVALID_ARGUMENT,
                   direction == GST_CALL_CODEC_DIRECTION_ENCODE
                       ? _("The forced element “%s” is not a %s encoder")
                       : _("The forced element “%s” is not a %s decoder"),
                   name, gst_call_codec_get_display_name (codec));
  }
  return NULL;
}

/**
 * gst_call_codecs_list_candidates:
 * @self: a [class@CallCodecs]
 * @codec: the codec
 * @direction: encoders or decoders
 *
 * Lists the installed elements for @codec in the order
 * [method@CallCodecs.select] tries them, excluded elements last. Nothing is
 * probed: each candidate carries the cached probe result, if any. A forced
 * element ([method@CallCodecs.set_forced_element]) is the only candidate.
 *
 * Returns: (transfer container) (element-type GstCallCodecCandidate): the
 *   candidates, possibly none
 *
 * Since: 0.1
 */
GPtrArray *
gst_call_codecs_list_candidates (GstCallCodecs        *self,
                                 GstCallCodec          codec,
                                 GstCallCodecDirection direction)
{
  g_autoptr (GError) error = NULL;
  GPtrArray *candidates;
  gboolean forced;

  g_return_val_if_fail (GST_IS_CALL_CODECS (self), NULL);
  g_return_val_if_fail (CODEC_IS_VALID (codec), NULL);
  g_return_val_if_fail (DIRECTION_IS_VALID (direction), NULL);

  candidates = build_forced_candidate (self, codec, direction, &error, &forced);
  if (forced)
    return candidates ? candidates : g_ptr_array_new_with_free_func (g_object_unref);
  return build_candidates (self, codec, direction);
}

/* ------------------------------------------------------------------------ */
/* Probing                                                                   */

static GstPadProbeReturn
count_output (GstPad          *pad,
              GstPadProbeInfo *info,
              gpointer         user_data)
{
  guint *count = user_data;

  if (info->type & GST_PAD_PROBE_TYPE_BUFFER_LIST)
    *count += gst_buffer_list_length (GST_PAD_PROBE_INFO_BUFFER_LIST (info));
  else
    *count += 1;
  return GST_PAD_PROBE_OK;
}

static char *
first_error (GstBus *bus)
{
  g_autoptr (GstMessage) message =
      gst_bus_pop_filtered (bus, GST_MESSAGE_ERROR);
  g_autoptr (GError) error = NULL;

  if (!message)
    return NULL;
  gst_message_parse_error (message, &error, NULL);
  return g_strdup (error->message);
}

static gboolean
link_chain (GstElement **elements,
            GError     **error)
{
  for (guint i = 0; elements[i + 1]; i++) {
    if (!gst_element_link (elements[i], elements[i + 1])) {
      g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                   _("could not link %s to %s"), GST_OBJECT_NAME (elements[i]),
                   GST_OBJECT_NAME (elements[i + 1]));
      return FALSE;
    }
  }
  return TRUE;
}

/* Builds "source ! filter ! convert(s) ! encoder ! fakesink". */
static gboolean
build_encoder_probe (GstBin       *pipeline,
                     GstElement   *encoder,
                     GstCallCodec  codec,
                     guint        *output_count,
                     GError      **error)
{
  GstElement *chain[7] = { NULL };
  GstElement *sink;
  g_autoptr (GstPad) sink_pad = NULL;
  guint n = 0;

  if (gst_call_codec_get_media_kind (codec) == GST_CALL_MEDIA_KIND_VIDEO) {
    g_autoptr (GstCaps) caps = gst_caps_from_string (
        "video/x-raw,width=320,height=240,framerate=30/1");

    chain[n] = gst_element_factory_make ("videotestsrc", NULL);
    if (chain[n])
      g_object_set (chain[n], "num-buffers", PROBE_VIDEO_FRAMES, NULL);
    n++;
    chain[n] = gst_element_factory_make ("capsfilter", NULL);
    if (chain[n])
      g_object_set (chain[n], "caps", caps, NULL);
    n++;
    chain[n++] = gst_element_factory_make ("videoconvert", NULL);
  } else {
    chain[n] = gst_element_factory_make ("audiotestsrc", NULL);
    if (chain[n])
      g_object_set (chain[n], "num-buffers", PROBE_AUDIO_BUFFERS,
                    "samplesperbuffer", 960, NULL);
    n++;
    chain[n++] = gst_element_factory_make ("audioconvert", NULL);
    chain[n++] = gst_element_factory_make ("audioresample", NULL);
  }
  sink = gst_element_factory_make ("fakesink", NULL);
  chain[n++] = encoder;
  chain[n++] = sink;

  for (guint i = 0; i < n; i++) {
    if (!chain[i]) {
      for (guint j = 0; j < n; j++) {
        if (chain[j] && chain[j] != encoder)
          gst_object_unref (gst_object_ref_sink (chain[j]));
      }
      g_set_error_literal (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                           _("the test source, converters or fakesink are missing "
                             "(gstreamer1.0-plugins-base)"));
      return FALSE;
    }
    gst_bin_add (pipeline, chain[i]);
  }

  g_object_set (sink, "sync", FALSE, "async", FALSE, NULL);
  sink_pad = gst_element_get_static_pad (sink, "sink");
  gst_pad_add_probe (sink_pad, GST_PAD_PROBE_TYPE_BUFFER | GST_PAD_PROBE_TYPE_BUFFER_LIST,
                     count_output, output_count, NULL);
  return link_chain (chain, error);
}

/* Runs the element in a tiny private pipeline. Never called with locks the
 * pipeline's threads could need. */
static gboolean
probe_element (const char           *element_name,
               GstCallCodec          codec,
               GstCallCodecDirection direction,
               char                **message)
{
  g_autoptr (GstElement) pipeline = NULL;
  g_autoptr (GstBus) bus = NULL;
  g_autoptr (GError) error = NULL;
  GstElement *element;
  guint output_count = 0;
  gint64 start = g_get_monotonic_time ();
  gboolean works = FALSE;

  g_atomic_int_inc (&probe_count);

  element = gst_element_factory_make (element_name, NULL);
  if (!element) {
    *message = g_strdup (_("could not be created"));
    return FALSE;
  }
  gst_call_codecs_apply_low_latency_preset (element);

  pipeline = gst_object_ref_sink (gst_pipeline_new ("gstcall-codec-probe"));
  bus = gst_pipeline_get_bus (GST_PIPELINE (pipeline));

  if (direction == GST_CALL_CODEC_DIRECTION_DECODE) {
    /* A decoder has nothing to decode here: it must open its device and
     * start. */
    gst_bin_add (GST_BIN (pipeline), element);
    if (gst_element_set_state (pipeline, GST_STATE_PAUSED) == GST_STATE_CHANGE_FAILURE) {
      g_autofree char *reason = first_error (bus);

      *message = g_strdup_printf (_("could not start: %s"),
                                  reason ? reason : _("state change failed"));
    } else {
      g_autofree char *reason = first_error (bus);

      if (reason) {
        *message = g_strdup_printf (_("error at start: %s"), reason);
      } else {
        *message = g_strdup_printf (_("started in %.0f ms"),
                                    (g_get_monotonic_time () - start) / 1000.0);
        works = TRUE;
      }
    }
    gst_element_set_state (pipeline, GST_STATE_NULL);
    return works;
  }

  if (!build_encoder_probe (GST_BIN (pipeline), element, codec, &output_count, &error)) {
    *message = g_strdup (error->message);
    return FALSE;
  }

  if (gst_element_set_state (pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
    g_autofree char *reason = first_error (bus);

    *message = g_strdup_printf (_("could not start: %s"),
                                reason ? reason : _("state change failed"));
  } else {
    g_autoptr (GstMessage) done =
        gst_bus_timed_pop_filtered (bus, PROBE_TIMEOUT,
                                    GST_MESSAGE_ERROR | GST_MESSAGE_EOS);

    if (!done) {
      *message = g_strdup_printf (_("no output within %u ms"),
                                  (guint) (PROBE_TIMEOUT / GST_MSECOND));
    } else if (GST_MESSAGE_TYPE (done) == GST_MESSAGE_ERROR) {
      g_autoptr (GError) gst_error = NULL;
      g_autofree char *debug = NULL;
      const char *flow_reason;

      gst_message_parse_error (done, &gst_error, &debug);
      /* "Internal data stream error" says little; the flow return says
       * more ("streaming stopped, reason not-negotiated (-4)"). */
      flow_reason = debug ? strstr (debug, "reason ") : NULL;
      if (flow_reason)
        *message = g_strdup_printf (_("failed to encode: %s (%s)"), gst_error->message,
                                    flow_reason);
      else
        *message = g_strdup_printf (_("failed to encode: %s"), gst_error->message);
    } else if (output_count == 0) {
      *message = g_strdup (_("produced no output"));
    } else {
      *message = g_strdup_printf (_("encoded %u test buffers in %.0f ms"), output_count,
                                  (g_get_monotonic_time () - start) / 1000.0);
      works = TRUE;
    }
  }
  gst_element_set_state (pipeline, GST_STATE_NULL);
  return works;
}

/* Probes @element_name unless its result is cached. No lock is held while
 * the element is probed: other elements are probed at the same time, and a
 * thread asking for an element that is being probed waits for that probe's
 * result, so one element is probed once however many threads ask. */
static GstCallCodecStatus
probe_cached (const char           *element_name,
              GstCallCodec          codec,
              GstCallCodecDirection direction,
              char                **message)
{
  g_autofree char *key = make_key (element_name, codec, direction);
  const ProbeResult *cached;
  ProbeInFlight *flight;
  GstCallCodecStatus status;
  g_autofree char *probe_message = NULL;

  g_mutex_lock (&probe_lock);
  cached = probe_cache ? g_hash_table_lookup (probe_cache, key) : NULL;
  if (cached) {
    status = cached->status;
    *message = g_strdup (cached->message);
    g_mutex_unlock (&probe_lock);
    return status;
  }

  flight = probes_in_flight ? g_hash_table_lookup (probes_in_flight, key) : NULL;
  if (flight) {
    probe_in_flight_ref (flight);
    GST_DEBUG ("waiting for the probe of %s that is running", element_name);
    while (!flight->done)
      g_cond_wait (&flight->done_cond, &probe_lock);
    status = flight->status;
    *message = g_strdup (flight->message);
    probe_in_flight_unref (flight);
    g_mutex_unlock (&probe_lock);
    return status;
  }

  if (!probes_in_flight)
    probes_in_flight = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                              probe_in_flight_unref);
  flight = g_new0 (ProbeInFlight, 1);
  flight->ref_count = 1; /* this thread's */
  g_cond_init (&flight->done_cond);
  flight->generation = probe_generation;
  g_hash_table_insert (probes_in_flight, g_strdup (key), probe_in_flight_ref (flight));
  g_mutex_unlock (&probe_lock);

  status = probe_element (element_name, codec, direction, &probe_message)
      ? GST_CALL_CODEC_STATUS_WORKS : GST_CALL_CODEC_STATUS_FAILED;
  if (status == GST_CALL_CODEC_STATUS_WORKS)
    GST_INFO ("%s probe of %s: %s", gst_call_codec_get_display_name (codec), element_name,
              probe_message);
  else
    GST_WARNING ("%s probe of %s failed: %s", gst_call_codec_get_display_name (codec),
                 element_name, probe_message);

  g_mutex_lock (&probe_lock);
  flight->status = status;
  flight->message = g_strdup (probe_message);
  flight->done = TRUE;
  g_cond_broadcast (&flight->done_cond);
  /* Unless the cache was cleared meanwhile, or the element was marked
   * failed during a call (newer news than this probe). */
  if (flight->generation == probe_generation &&
      (!probe_cache || !g_hash_table_contains (probe_cache, key)))
    store_result_locked (element_name, codec, direction, status, probe_message);
  if (g_hash_table_lookup (probes_in_flight, key) == flight)
    g_hash_table_remove (probes_in_flight, key);
  probe_in_flight_unref (flight);
  g_mutex_unlock (&probe_lock);

  *message = g_steal_pointer (&probe_message);
  return status;
}

/**
 * gst_call_codecs_select:
 * @self: a [class@CallCodecs]
 * @codec: the codec
 * @direction: encoders or decoders
 * @error: return location for a #GError
 *
 * Chooses the element to use: candidates are tried in the order of
 * [method@CallCodecs.list_candidates] and the first one that works (from
 * the probe cache, or probed now) is returned. Probing takes tens of
 * milliseconds per software element the first time, and a hardware element
 * can take seconds to start the first time in a process (calls and peer
 * connections probe those in the background as soon as they exist); later
 * selections in the process use the cache. A selection only waits for the
 * probes of its own candidates, never for those of other codecs: while
 * another thread probes an element this selection needs, it waits for that
 * probe's result.
 *
 * Returns: (transfer full): the chosen candidate, with
 *   %GST_CALL_CODEC_STATUS_WORKS, or %NULL with @error set
 *   (%GST_CALL_ERROR_MISSING_PLUGIN naming the package to install when no
 *   element works)
 *
 * Since: 0.1
 */
GstCallCodecCandidate *
gst_call_codecs_select (GstCallCodecs        *self,
                        GstCallCodec          codec,
                        GstCallCodecDirection direction,
                        GError              **error)
{
  g_autoptr (GPtrArray) candidates = NULL;
  g_autoptr (GString) tried = g_string_new (NULL);
  gboolean forced = FALSE;

  g_return_val_if_fail (GST_IS_CALL_CODECS (self), NULL);
  g_return_val_if_fail (CODEC_IS_VALID (codec), NULL);
  g_return_val_if_fail (DIRECTION_IS_VALID (direction), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  candidates = build_forced_candidate (self, codec, direction, error, &forced);
  if (forced && !candidates)
    return NULL;
  if (!forced)
    candidates = build_candidates (self, codec, direction);

  for (guint i = 0; i < candidates->len; i++) {
    GstCallCodecCandidate *candidate = g_ptr_array_index (candidates, i);
    const char *name = gst_call_codec_candidate_get_element_name (candidate);
    g_autofree char *message = NULL;
    GstCallCodecStatus status;

    if (gst_call_codec_candidate_get_status (candidate) == GST_CALL_CODEC_STATUS_EXCLUDED)
      continue;

    status = probe_cached (name, codec, direction, &message);
    gst_call_codec_candidate_set_status (candidate, status, message);
    if (status == GST_CALL_CODEC_STATUS_WORKS) {
      GST_INFO ("%s %s: %s (%s)", gst_call_codec_get_display_name (codec),
                direction == GST_CALL_CODEC_DIRECTION_ENCODE ? "encoder" : "decoder",
                name, gst_call_codec_candidate_get_reason (candidate));
      return g_object_ref (candidate);
    }
    g_string_append_printf (tried, "%s%s (%s)", tried->len ? ", " : "", name, message);
  }

  if (forced) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_FAILED,
                 _("The forced %s element does not work: %s"),
                 gst_call_codec_get_display_name (codec), tried->str);
  } else if (tried->len) {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                 direction == GST_CALL_CODEC_DIRECTION_ENCODE
                     ? _("No working %s encoder: tried %s. Install %s")
                     : _("No working %s decoder: tried %s. Install %s"),
                 gst_call_codec_get_display_name (codec), tried->str,
                 gst_call_codec_info_get_package (gst_call_codec_table_lookup (codec),
                                                  direction == GST_CALL_CODEC_DIRECTION_ENCODE));
  } else {
    g_set_error (error, GST_CALL_ERROR, GST_CALL_ERROR_MISSING_PLUGIN,
                 direction == GST_CALL_CODEC_DIRECTION_ENCODE
                     ? _("No %s encoder is installed: install %s")
                     : _("No %s decoder is installed: install %s"),
                 gst_call_codec_get_display_name (codec),
                 gst_call_codec_info_get_package (gst_call_codec_table_lookup (codec),
                                                  direction == GST_CALL_CODEC_DIRECTION_ENCODE));
  }
  return NULL;
}

/**
 * gst_call_codecs_create_element:
 * @self: a [class@CallCodecs]
 * @codec: the codec
 * @direction: encoders or decoders
 * @error: return location for a #GError
 *
 * Selects an element with [method@CallCodecs.select] and creates it with its
 * low-latency preset.
 *
 * Returns: (transfer floating): the element, or %NULL with @error set
 *
 * Since: 0.1
 */
GstElement *
gst_call_codecs_create_element (GstCallCodecs        *self,
                                GstCallCodec          codec,
                                GstCallCodecDirection direction,
                                GError              **error)
{
  g_autoptr (GstCallCodecCandidate) candidate = NULL;

  g_return_val_if_fail (GST_IS_CALL_CODECS (self), NULL);
  g_return_val_if_fail (CODEC_IS_VALID (codec), NULL);
  g_return_val_if_fail (DIRECTION_IS_VALID (direction), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  candidate = gst_call_codecs_select (self, codec, direction, error);
  if (!candidate)
    return NULL;
  return gst_call_codec_candidate_create_element (candidate, error);
}

/* ------------------------------------------------------------------------ */
/* Hardware probes in advance                                                */

/* The first probe of a hardware element can take seconds (CUDA starts in
 * about 2 s in a process), and a call's first remote frame would wait for
 * it. So as soon as a call or peer connection exists, a thread of ours
 * probes, for every codec and direction, the hardware candidates the
 * default selection would try before any software one, until one works:
 * by the time the remote tracks arrive, those probes are done or in
 * flight, and selections that need them wait only for what is left
 * (probe_cached()). Elements the selection would not try first are left
 * alone, so a machine without hardware probes nothing in advance.
 *
 * The thread must not outlive the objects that started it (a process
 * tearing down while a pipeline runs would crash): every holder releases
 * it when finalized, and the last one stops it after the probe in progress
 * and joins it. A later holder starts it again; once it went through every
 * codec, it is not started again until the probe cache is cleared. */
typedef struct {
  GThread *thread;
  gint stop;        /* atomic */
  guint generation; /* background_generation when it started */
} BackgroundProbes;

static GMutex background_lock;
static BackgroundProbes *background_probes; /* background_lock */
static guint background_holders;            /* background_lock */
static gboolean background_complete;        /* background_lock */
static guint background_generation;         /* background_lock; one more at each clear */

/* The hardware elements the default selection tries for @codec in
 * @direction before any other, probed in order until one works. FALSE if
 * told to stop. */
static gboolean
probe_hardware_candidates (BackgroundProbes     *run,
                           GstCallCodec          codec,
                           GstCallCodecDirection direction)
{
  GstCallCodecs *codecs = gst_call_codecs_get_default ();
  g_autoptr (GPtrArray) candidates = NULL;
  gboolean forced = FALSE;

  candidates = build_forced_candidate (codecs, codec, direction, NULL, &forced);
  if (!forced)
    candidates = build_candidates (codecs, codec, direction);
  if (!candidates)
    return TRUE;

  for (guint i = 0; i < candidates->len; i++) {
    GstCallCodecCandidate *candidate = g_ptr_array_index (candidates, i);
    g_autofree char *message = NULL;

    if (g_atomic_int_get (&run->stop))
      return FALSE;
    if (gst_call_codec_candidate_get_status (candidate) == GST_CALL_CODEC_STATUS_EXCLUDED)
      continue;
    /* From here on the selection takes software, which starts at once. */
    if (!gst_call_codec_candidate_is_hardware (candidate))
      break;
    if (probe_cached (gst_call_codec_candidate_get_element_name (candidate), codec,
                      direction, &message) == GST_CALL_CODEC_STATUS_WORKS)
      break;
  }
  return TRUE;
}

static gpointer
probe_hardware_in_background (gpointer data)
{
  BackgroundProbes *run = data;
  g_autoptr (GEnumClass) codec_class = g_type_class_ref (GST_TYPE_CALL_CODEC);
  /* Remote media is what a call waits for first: decoders, then encoders. */
  const GstCallCodecDirection directions[] = {
    GST_CALL_CODEC_DIRECTION_DECODE, GST_CALL_CODEC_DIRECTION_ENCODE,
  };
  gboolean complete = TRUE;

  for (gsize d = 0; complete && d < G_N_ELEMENTS (directions); d++) {
    for (guint i = 0; complete && i < codec_class->n_values; i++) {
      GstCallCodec codec = codec_class->values[i].value;
      const GstCallCodecInfo *info = gst_call_codec_table_lookup (codec);

      if (!info || (directions[d] == GST_CALL_CODEC_DIRECTION_ENCODE && !info->can_send))
        continue;
      complete = probe_hardware_candidates (run, codec, directions[d]);
    }
  }

  GST_DEBUG ("%s", complete ? "hardware probed in advance"
                            : "hardware probes in advance stopped");
  g_mutex_lock (&background_lock);
  /* Not if the cache was cleared meanwhile. */
  if (complete && run->generation == background_generation)
    background_complete = TRUE;
  g_mutex_unlock (&background_lock);
  return NULL;
}

void
gst_call_codecs_hold_background_probes (void)
{
  g_autoptr (GError) error = NULL;
  BackgroundProbes *run;

  g_mutex_lock (&background_lock);
  background_holders++;
  if (background_probes || background_complete) {
    g_mutex_unlock (&background_lock);
    return;
  }
  run = g_new0 (BackgroundProbes, 1);
  run->generation = background_generation;
  run->thread = g_thread_try_new ("gstcall-probe", probe_hardware_in_background, run,
                                  &error);
  if (run->thread) {
    GST_DEBUG ("probing hardware encoders and decoders in the background");
    background_probes = run;
  } else {
    GST_WARNING ("could not start probing hardware in the background: %s", error->message);
    g_free (run);
  }
  g_mutex_unlock (&background_lock);
}

void
gst_call_codecs_release_background_probes (void)
{
  BackgroundProbes *run = NULL;

  g_mutex_lock (&background_lock);
  if (background_holders == 0) {
    g_mutex_unlock (&background_lock);
    g_critical ("%s: more releases than holds", G_STRFUNC);
    return;
  }
  if (--background_holders == 0)
    run = g_steal_pointer (&background_probes);
  g_mutex_unlock (&background_lock);

  if (!run)
    return;
  g_atomic_int_set (&run->stop, 1);
  g_thread_join (run->thread);
  g_free (run);
}

/* After the cache was cleared, the next holder probes in advance again. */
static void
background_probes_forget (void)
{
  g_mutex_lock (&background_lock);
  background_generation++;
  background_complete = FALSE;
  g_mutex_unlock (&background_lock);
}

/* ------------------------------------------------------------------------ */
/* Overrides                                                                 */

/**
 * gst_call_codecs_set_preferred_elements:
 * @self: a [class@CallCodecs]
 * @element_names: (nullable) (array zero-terminated=1): element names to try
 *   first, in order, e.g. `vah264enc`, `x264enc`; names that are not
 *   installed or do not handle a codec are ignored for it
 *
 * Sets the elements to try before the automatic order, for every codec and
 * both directions. Elements named in `GST_CALL_ENCODERS` or
 * `GST_CALL_DECODERS` still come first.
 *
 * Since: 0.1
 */
void
gst_call_codecs_set_preferred_elements (GstCallCodecs      *self,
                                        const char * const *element_names)
{
  g_return_if_fail (GST_IS_CALL_CODECS (self));

  g_mutex_lock (&self->lock);
  if ((!element_names || !*element_names) && !self->preferred_elements) {
    g_mutex_unlock (&self->lock);
    return;
  }
  if (element_names && self->preferred_elements &&
      g_strv_equal ((const char * const *) self->preferred_elements, element_names)) {
    g_mutex_unlock (&self->lock);
    return;
  }
  g_strfreev (self->preferred_elements);
  self->preferred_elements = element_names && *element_names
      ? g_strdupv ((char **) element_names) : NULL;
  g_mutex_unlock (&self->lock);

  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PREFERRED_ELEMENTS]);
}

/**
 * gst_call_codecs_get_preferred_elements:
 * @self: a [class@CallCodecs]
 *
 * Gets the elements the application prefers, in order.
 *
 * Returns: (transfer full) (nullable) (array zero-terminated=1): the
 *   preferred element names, or %NULL
 *
 * Since: 0.1
 */
char **
gst_call_codecs_get_preferred_elements (GstCallCodecs *self)
{
  char **names;

  g_return_val_if_fail (GST_IS_CALL_CODECS (self), NULL);

  g_mutex_lock (&self->lock);
  names = g_strdupv (self->preferred_elements);
  g_mutex_unlock (&self->lock);
  return names;
}

/**
 * gst_call_codecs_set_forced_element:
 * @self: a [class@CallCodecs]
 * @codec: the codec
 * @direction: encoders or decoders
 * @element_name: (nullable): the element to use, or %NULL to go back to the
 *   automatic order
 *
 * Forces one element for @codec in @direction: it becomes the only
 * candidate, and selection fails if it does not work. A forced element is
 * probed even if libgstcall would normally exclude it.
 *
 * Since: 0.1
 */
void
gst_call_codecs_set_forced_element (GstCallCodecs        *self,
                                    GstCallCodec          codec,
                                    GstCallCodecDirection direction,
                                    const char           *element_name)
{
  g_return_if_fail (GST_IS_CALL_CODECS (self));
  g_return_if_fail (CODEC_IS_VALID (codec));
  g_return_if_fail (DIRECTION_IS_VALID (direction));

  g_mutex_lock (&self->lock);
  if (element_name) {
    g_hash_table_replace (self->forced_elements, forced_key (codec, direction),
                          g_strdup (element_name));
  } else {
    g_autofree char *key = forced_key (codec, direction);

    g_hash_table_remove (self->forced_elements, key);
  }
  g_mutex_unlock (&self->lock);
}

/**
 * gst_call_codecs_get_forced_element:
 * @self: a [class@CallCodecs]
 * @codec: the codec
 * @direction: encoders or decoders
 *
 * Gets the element forced for @codec and @direction, if any.
 *
 * Returns: (transfer full) (nullable): the element forced for @codec in
 *   @direction, or %NULL
 *
 * Since: 0.1
 */
char *
gst_call_codecs_get_forced_element (GstCallCodecs        *self,
                                    GstCallCodec          codec,
                                    GstCallCodecDirection direction)
{
  g_autofree char *key = NULL;
  char *name;

  g_return_val_if_fail (GST_IS_CALL_CODECS (self), NULL);
  g_return_val_if_fail (CODEC_IS_VALID (codec), NULL);
  g_return_val_if_fail (DIRECTION_IS_VALID (direction), NULL);

  key = forced_key (codec, direction);
  g_mutex_lock (&self->lock);
  name = g_strdup (g_hash_table_lookup (self->forced_elements, key));
  g_mutex_unlock (&self->lock);
  return name;
}

/* ------------------------------------------------------------------------ */
/* GObject                                                                   */

/**
 * gst_call_codecs_new:
 *
 * Creates a selection with its own preferences and forced elements. The
 * probe cache is shared by the whole process.
 *
 * Returns: (transfer full): a new [class@CallCodecs]
 *
 * Since: 0.1
 */
GstCallCodecs *
gst_call_codecs_new (void)
{
  return g_object_new (GST_TYPE_CALL_CODECS, NULL);
}

/**
 * gst_call_codecs_get_default:
 *
 * Gets the selection that peer connections use for their encoders. Its
 * preferences apply to every call of the process.
 *
 * Returns: (transfer none): the process-wide [class@CallCodecs]
 *
 * Since: 0.1
 */
GstCallCodecs *
gst_call_codecs_get_default (void)
{
  static gsize initialized;
  static GstCallCodecs *default_codecs;

  if (g_once_init_enter (&initialized)) {
    default_codecs = gst_call_codecs_new ();
    g_once_init_leave (&initialized, 1);
  }
  return default_codecs;
}

static void
gst_call_codecs_finalize (GObject *object)
{
  GstCallCodecs *self = GST_CALL_CODECS (object);

  g_strfreev (self->preferred_elements);
  g_hash_table_unref (self->forced_elements);
  g_mutex_clear (&self->lock);

  G_OBJECT_CLASS (gst_call_codecs_parent_class)->finalize (object);
}

static void
gst_call_codecs_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  GstCallCodecs *self = GST_CALL_CODECS (object);

  switch (prop_id) {
    case PROP_PREFERRED_ELEMENTS:
      g_value_take_boxed (value, gst_call_codecs_get_preferred_elements (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_codecs_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  GstCallCodecs *self = GST_CALL_CODECS (object);

  switch (prop_id) {
    case PROP_PREFERRED_ELEMENTS:
      gst_call_codecs_set_preferred_elements (self, g_value_get_boxed (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
  }
}

static void
gst_call_codecs_class_init (GstCallCodecsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  gst_call_ensure_initialized ();

  object_class->finalize = gst_call_codecs_finalize;
  object_class->get_property = gst_call_codecs_get_property;
  object_class->set_property = gst_call_codecs_set_property;

  /**
   * GstCallCodecs:preferred-elements: (type GStrv)
   *
   * Element names to try first, in order, for every codec (see
   * [method@CallCodecs.set_preferred_elements]).
   *
   * Since: 0.1
   */
  props[PROP_PREFERRED_ELEMENTS] =
      g_param_spec_boxed ("preferred-elements", NULL, NULL, G_TYPE_STRV,
                          G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS |
                          G_PARAM_EXPLICIT_NOTIFY);

  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
gst_call_codecs_init (GstCallCodecs *self)
{
  g_mutex_init (&self->lock);
  self->forced_elements = g_hash_table_new_full (g_str_hash, g_str_equal,
                                                 g_free, g_free);
}
