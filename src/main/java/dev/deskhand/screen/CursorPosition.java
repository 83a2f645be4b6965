package dev.deskhand.screen;

/** The pointer in image pixels of the display it is on. */
public record CursorPosition(String displayId, int x, int y) {
}
