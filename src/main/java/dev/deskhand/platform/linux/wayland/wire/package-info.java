/**
 * The Wayland wire protocol, spoken without libwayland: the Unix socket with descriptors
 * passed alongside (SCM_RIGHTS through libc), message encoding and decoding, protocol
 * objects and their event handlers, the registry of globals, and the anonymous
 * shared-memory files whose descriptors requests carry. Knows no protocol extension and
 * no compositor.
 */
package dev.deskhand.platform.linux.wayland.wire;
