/* libgstcall
 * Copyright (C) 2026 The libgstcall authors
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 *
 * Lets code in this source tree (tests, demos) write <gstcall/gstcall.h>, as
 * installed code does. Not installed: the real header is installed under
 * that name.
 */

#pragma once

#include "../gstcall.h"
