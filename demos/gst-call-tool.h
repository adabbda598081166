/* gst-call: the libgstcall command line tool
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Each subcommand gets argv with argv[0] set to "gst-call SUBCOMMAND" and
 * returns the process exit status. */
int gst_call_tool_loopback (int argc, char **argv);
int gst_call_tool_serve    (int argc, char **argv);
int gst_call_tool_dial     (int argc, char **argv);
int gst_call_tool_whip     (int argc, char **argv);
int gst_call_tool_whep     (int argc, char **argv);

G_END_DECLS
