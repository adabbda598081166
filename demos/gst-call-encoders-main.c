/* gst-call-encoders: standalone build of `gst-call encoders`
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#include <locale.h>

#include "gst-call-encoders.h"

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  return gst_call_tool_encoders (argc, argv);
}
