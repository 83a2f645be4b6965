/**
 * The macOS driver (issue 13): Quartz events in points, captures in backing pixels, the
 * window list, the pasteboard, the screen recording and accessibility permissions. What
 * can be computed without macOS is pure and tested on every OS (display geometry, pixel
 * layouts, event types and click counts, key codes, typing chunks, window and session
 * parsing); the native calls, in the classes that load {@code .jna}, are thin and were
 * never run on a Mac by their author. Accessibility (AX) lives in {@code .ax}.
 */
package dev.deskhand.platform.macos;
