/**
 * JNA mappings for the Windows driver: one interface per native library and concern,
 * declaring only what jna-platform lacks or maps with sizes that differ off Windows.
 * Every interface is loaded with its {@code load()} method by the driver's factory, never
 * in a static initializer, so that a test on Linux that touches the driver's pure classes
 * never loads user32, gdi32 or shcore. The structures use fixed-size fields so that their
 * sizes are Windows' on any OS and can be checked in tests there.
 */
package dev.deskhand.platform.windows.jna;
