/**
 * The macOS driver (issue 13): desktop units are backing pixels (each display at its
 * point origin times the greatest scale, {@code MacDisplays}), converted to points where
 * Quartz takes events or reports positions; the window list, the pasteboard, the screen
 * recording and accessibility permissions. What can be computed without macOS is pure and
 * tested on every OS (display geometry, pixel layouts, event types and click counts, key
 * codes, typing chunks, window and session parsing); the native calls, in the classes
 * that load {@code .jna}, are thin and were never run on a Mac by their author.
 * Accessibility (AX) lives in {@code .ax}.
 */
package dev.deskhand.platform.macos;
