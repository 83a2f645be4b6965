package dev.deskhand.platform;

public enum MouseButton {

	LEFT, MIDDLE, RIGHT

}
