package dev.deskhand.platform;

public enum ScrollDirection {

	UP, DOWN, LEFT, RIGHT

}
