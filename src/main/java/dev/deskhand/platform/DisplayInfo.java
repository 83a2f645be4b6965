package dev.deskhand.platform;

/**
 * One display (monitor) as the driver reports it.
 *
 * @param id opaque, stable while the display exists (X11: derived from the RandR monitor
 * name)
 * @param name human-readable name (X11: the RandR monitor name, e.g. {@code screen},
 * {@code DP-1})
 * @param bounds where the display sits in the driver's logical coordinate space
 * @param scaleFactor device pixels per logical unit (1.0 on X11)
 * @param primary whether the OS calls it primary
 */
public record DisplayInfo(String id, String name, Rect bounds, double scaleFactor, boolean primary) {
}
