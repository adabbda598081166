/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */

#pragma once

#define _GST_CALL_INSIDE

#include "gstcall-version.h"
#include "gstcall-version-macros.h"
#include "gstcall-enums.h"
#include "gstcall-enum-types.h"
#include "gstcall-error.h"
#include "gstcalltrack.h"
#include "gstcallcodeccandidate.h"
#include "gstcallcodecs.h"
#include "gstcallsignaller.h"
#include "gstcallloopbacksignaller.h"
#include "gstpeerconnection.h"

#undef _GST_CALL_INSIDE
