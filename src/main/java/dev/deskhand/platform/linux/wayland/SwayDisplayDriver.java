package dev.deskhand.platform.linux.wayland;

import dev.deskhand.platform.linux.wayland.layout.WaylandLayout;
import dev.deskhand.platform.linux.wayland.sway.SwayOutputs;

import java.util.List;
import java.util.function.Supplier;

import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Point;

/**
 * sway's outputs as the SPI's displays, in device-pixel desktop units (see
 * {@link WaylandLayout}). Thread-safe.
 */
final class SwayDisplayDriver implements DisplayDriver {

	private final SwayOutputs outputs;

	private final Supplier<Point> lastPointer;

	/**
	 * @param lastPointer where the driver last put the pointer, in desktop units: no
	 * Wayland protocol tells a client where the cursor is
	 */
	SwayDisplayDriver(SwayOutputs outputs, Supplier<Point> lastPointer) {
		this.outputs = outputs;
		this.lastPointer = lastPointer;
	}

	@Override
	public List<DisplayInfo> displays() {
		return this.outputs.layout().displays();
	}

	@Override
	public Point pointerPosition() {
		return this.lastPointer.get();
	}

}
