package dev.deskhand.platform.linux.wayland;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Supplier;

import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;

/** PLACEHOLDER until the virtual devices land. */
final class WaylandInput implements AutoCloseable {

	static WaylandInput open(Path socket, Duration timeout, Supplier<WaylandLayout> layout) {
		throw new UnsupportedOperationException("not yet");
	}

	PointerDriver pointer() {
		return null;
	}

	KeyboardDriver keyboard() {
		return null;
	}

	Point lastPointer() {
		return null;
	}

	void releaseAll() {
	}

	void reset() {
	}

	@Override
	public void close() {
	}

}
