package dev.deskhand.platform;

/** A point in a driver's logical coordinates (X11: root-window pixels). */
public record Point(int x, int y) {
}
