package dev.deskhand.platform.macos.jna;

import com.sun.jna.Structure;

/**
 * {@code CGRect}: an origin and a size, 32 bytes. {@code CGDisplayBounds} returns it by
 * value and {@code CGDisplayCreateImageForRect} takes it by value ({@link ByValue}).
 */
@Structure.FieldOrder({ "origin", "size" })
public class CGRect extends Structure {

	public CGPoint origin;

	public CGSize size;

	public CGRect() {
		this.origin = new CGPoint();
		this.size = new CGSize();
	}

	public CGRect(double x, double y, double width, double height) {
		this.origin = new CGPoint(x, y);
		this.size = new CGSize(width, height);
	}

	public static class ByValue extends CGRect implements Structure.ByValue {

		public ByValue() {
		}

		public ByValue(double x, double y, double width, double height) {
			super(x, y, width, height);
		}

	}

}
