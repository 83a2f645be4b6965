package dev.deskhand.platform.macos.jna;

import com.sun.jna.Structure;

/** {@code CGSize}: two {@code double}s, 16 bytes. */
@Structure.FieldOrder({ "width", "height" })
public class CGSize extends Structure {

	public double width;

	public double height;

	public CGSize() {
	}

	public CGSize(double width, double height) {
		this.width = width;
		this.height = height;
	}

}
