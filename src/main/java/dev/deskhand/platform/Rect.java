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

	/**
	 * The part of this rectangle inside {@code other}, or {@code null} when they share no
	 * pixel.
	 */
	public Rect intersection(Rect other) {
		int x0 = Math.max(this.x, other.x);
		int y0 = Math.max(this.y, other.y);
		int x1 = Math.min(right(), other.right());
		int y1 = Math.min(bottom(), other.bottom());
		return (x0 < x1 && y0 < y1) ? new Rect(x0, y0, x1 - x0, y1 - y0) : null;
	}

}
