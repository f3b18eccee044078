/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bs-sanitizer-quarks.h: included once by a program's main file (the app,
 * the UI tests); compiles to nothing outside an AddressSanitizer build.
 * The app needs it too: the soak (tests/e2e/test_soak.py) runs the app
 * itself under ASan and fails on any leak reported at its exit. */

#pragma once

#ifdef __SANITIZE_ADDRESS__
/* GLib keeps its quarks in a block of 2048 pointers, allocated while
 * libglib loads. A process that makes more quarks (some UI tests do on a
 * fresh Debian 12 machine, not on the development one) gets a larger block, and GLib leaves the first one behind on purpose: other
 * threads may still be reading it. LeakSanitizer then reports 16 KiB lost
 * with a stack that stops at g_malloc (libglib has no frame pointers), which
 * no suppression can tell from any other g_malloc. So the programs keep
 * that first block reachable: a malloc hook, installed before any library's
 * constructor runs (.preinit_array), remembers the first allocation of its
 * size in a global, which LeakSanitizer scans. Nothing else is hidden (a
 * process past 4096 quarks would leave a second block behind too). */
int __sanitizer_install_malloc_and_free_hooks (void (*malloc_hook) (const volatile void *, size_t),
                                               void (*free_hook) (const volatile void *));

static const volatile void *glib_first_quark_block;

static void
remember_quark_block (const volatile void *ptr,
                      size_t               size)
{
  if (glib_first_quark_block == NULL && size == 2048 * sizeof (char *))
    glib_first_quark_block = ptr;
}

static void
ignore_free (const volatile void *ptr)
{
}

static void
install_quark_block_hook (void)
{
  /* Both hooks are needed, or none is installed. */
  __sanitizer_install_malloc_and_free_hooks (remember_quark_block, ignore_free);
}

__attribute__ ((section (".preinit_array"), used))
static void (*const install_quark_block_hook_early) (void) = install_quark_block_hook;
#endif
