package dev.deskhand.platform;

/**
 * An axis-aligned rectangle in a driver's logical coordinates (X11: root-window pixels).
 */
public record Rect(int x, int y, int width, int height) {

	public Rect {
		if (width < 0 || height < 0) {
			throw new IllegalArgumentException("negative size " + width + "x" + height);
		}
	}

	public boolean contains(int px, int py) {
		return px >= this.x && py >= this.y && px < this.x + this.width && py < this.y + this.height;
	}

	public int right() {
		return this.x + this.width;
	}

	public int bottom() {
		return this.y + this.height;
	}

}
