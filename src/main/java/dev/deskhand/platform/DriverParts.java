package dev.deskhand.platform;

/**
 * The six parts a {@link DesktopDriver} is made of. A driver builds them once and hands
 * them out through {@link DesktopDriver#parts()}; the interface's accessors read them, so
 * a driver does not repeat six getters.
 */
public record DriverParts(DisplayDriver displays, CaptureDriver capture, PointerDriver pointer, KeyboardDriver keyboard,
		WindowDriver windows, ClipboardDriver clipboard) {

}
