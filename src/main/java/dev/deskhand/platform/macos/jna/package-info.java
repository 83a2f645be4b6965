/**
 * JNA mappings of the macOS frameworks the driver calls (CoreGraphics,
 * ApplicationServices, CoreFoundation beyond jna-platform, the Objective-C runtime), and
 * Quartz's geometry structures. Each library loads when its {@code INSTANCE} is first
 * touched, which only the macOS driver does, on macOS; tests instantiate the structures
 * only.
 */
package dev.deskhand.platform.macos.jna;
