package dev.deskhand.selftest;

import dev.deskhand.platform.Rect;

/**
 * One screen as Java (AWT) in the witness window's process sees it: a view of the
 * displays that owes nothing to Deskhand's drivers.
 *
 * @param index the screen's place in {@code GraphicsEnvironment.getScreenDevices()}
 * @param bounds {@code GraphicsConfiguration.getBounds()}: Java's user space, whose
 * origin and size mean different things per OS (Windows: the origin in device pixels, the
 * size divided by the scale; macOS: points; X11: device pixels divided by the scale)
 * @param scale the configuration's default transform: device pixels per Java unit
 */
record WitnessScreen(int index, Rect bounds, double scale) {

	/** The screen's size in device pixels, as Java reckons it. */
	int deviceWidth() {
		return (int) Math.round(this.bounds.width() * this.scale);
	}

	int deviceHeight() {
		return (int) Math.round(this.bounds.height() * this.scale);
	}

}
