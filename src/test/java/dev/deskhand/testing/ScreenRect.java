package dev.deskhand.testing;

/** A rectangle in root-window pixels, as the X server reports it. */
public record ScreenRect(int x, int y, int width, int height) {

	public int centerX() {
		return this.x + this.width / 2;
	}

	public int centerY() {
		return this.y + this.height / 2;
	}

	public boolean contains(int px, int py) {
		return px >= this.x && py >= this.y && px < this.x + this.width && py < this.y + this.height;
	}

}
