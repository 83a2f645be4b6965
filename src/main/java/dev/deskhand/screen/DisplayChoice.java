package dev.deskhand.screen;

import dev.deskhand.platform.DisplayInfo;

/**
 * The display a call acts on, and a warning for the agent when it was not named on a desktop with
 * several displays.
 */
public record DisplayChoice(DisplayInfo display, String warning) {

	public String id() {
		return this.display.id();
	}

}
