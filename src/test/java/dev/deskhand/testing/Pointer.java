package dev.deskhand.testing;

/** A pointer position in root-window pixels, as an independent tool reported it. */
public record Pointer(int x, int y) {
}
