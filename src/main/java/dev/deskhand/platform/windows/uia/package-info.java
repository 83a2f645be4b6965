/**
 * The element model on Windows through UI Automation, called over COM with JNA: the
 * native calls are thin ({@link dev.deskhand.platform.windows.uia.UiaComTree}), and what
 * they read is turned into elements by pure code tested on recorded values on every OS.
 */
package dev.deskhand.platform.windows.uia;
