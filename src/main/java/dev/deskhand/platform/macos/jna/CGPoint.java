package dev.deskhand.platform.macos.jna;

import com.sun.jna.Structure;

/**
 * {@code CGPoint}: two {@code CGFloat}s, which are {@code double} on every 64-bit Mac, so
 * 16 bytes. Quartz passes and returns it by value ({@link ByValue}).
 */
@Structure.FieldOrder({ "x", "y" })
public class CGPoint extends Structure {

	public double x;

	public double y;

	public CGPoint() {
	}

	public CGPoint(double x, double y) {
		this.x = x;
		this.y = y;
	}

	/** By value, as {@code CGEventCreateMouseEvent} takes it. */
	public static class ByValue extends CGPoint implements Structure.ByValue {

		public ByValue() {
		}

		public ByValue(double x, double y) {
			super(x, y);
		}

	}

}
