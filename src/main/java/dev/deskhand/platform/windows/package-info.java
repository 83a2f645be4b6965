/**
 * The Windows driver (issue 13), starting with its pure parts: what can be computed
 * without Windows is computed here and tested on every OS, so that the native calls
 * (user32 {@code SendInput}, gdi32, shcore through JNA) stay thin. No class here calls
 * Windows yet.
 */
package dev.deskhand.platform.windows;
