package dev.deskhand.platform.windows;

import dev.deskhand.platform.Rect;

/**
 * Absolute pointer positions for {@code SendInput} with
 * {@code MOUSEEVENTF_ABSOLUTE | MOUSEEVENTF_VIRTUALDESK}: 0 to 65535 across the virtual
 * desktop (every monitor's bounding box, whose origin can be negative), whatever its
 * size.
 * <p>
 * Microsoft documents only the corners (0 is the first pixel, 65535 the last). Windows is
 * taken to map a value {@code n} back to {@code n * size / 65536} pixels from the origin,
 * truncated or rounded: the value sent for a pixel is the smallest {@code n} that lands
 * on it truncated, {@code ceil(offset * 65536 / size)}, which lands on the same pixel
 * rounded for any desktop under 32,768 pixels. The rounded {@code offset * 65535 / size}
 * that much code uses lands one pixel short on most pixels under truncation. Not run on
 * Windows: the tests check every pixel of several layouts under both readings.
 */
final class VirtualDeskCoordinates {

	static final int RANGE = 65536;

	private final Rect virtualDesk;

	/**
	 * @param virtualDesk {@code SM_XVIRTUALSCREEN}, {@code SM_YVIRTUALSCREEN},
	 * {@code SM_CXVIRTUALSCREEN}, {@code SM_CYVIRTUALSCREEN} in physical pixels
	 * (PerMonitorV2)
	 */
	VirtualDeskCoordinates(Rect virtualDesk) {
		if (virtualDesk.width() < 1 || virtualDesk.height() < 1) {
			throw new IllegalArgumentException("the virtual desktop is empty: " + virtualDesk);
		}
		this.virtualDesk = virtualDesk;
	}

	/** The normalized {@code dx} for a desktop x. */
	int normalizedX(int x) {
		return normalize(x - this.virtualDesk.x(), this.virtualDesk.width(), "x", x);
	}

	/** The normalized {@code dy} for a desktop y. */
	int normalizedY(int y) {
		return normalize(y - this.virtualDesk.y(), this.virtualDesk.height(), "y", y);
	}

	/** Where Windows puts a normalized value: the inverse, for tests and logs. */
	static int landsOn(int normalized, int origin, int size) {
		return origin + (int) ((long) normalized * size / RANGE);
	}

	private static int normalize(int offset, int size, String axis, int value) {
		if (offset < 0 || offset >= size) {
			throw new IllegalArgumentException(axis + " " + value + " is outside the virtual desktop");
		}
		return (int) (((long) offset * RANGE + size - 1) / size);
	}

}
