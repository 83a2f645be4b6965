package dev.deskhand.screen;

import java.util.List;

import dev.deskhand.platform.DisplayInfo;

/**
 * The display a call acts on, a warning for the agent when it was not named on a desktop
 * with several displays, and the displays as they were read to choose it: the call maps
 * its coordinates with that same reading instead of asking the X server again.
 *
 * @param displays the reading the choice was made from, or {@code null} when the caller
 * holds none
 */
public record DisplayChoice(DisplayInfo display, String warning, List<DisplayInfo> displays) {

	public DisplayChoice(DisplayInfo display, String warning) {
		this(display, warning, null);
	}

	public String id() {
		return this.display.id();
	}

}
