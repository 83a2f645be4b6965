package dev.deskhand.platform.linux.gnome;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.freedesktop.dbus.connections.AbstractConnection;

import dev.deskhand.platform.CaptureDriver;
import dev.deskhand.platform.DamageConsumers;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScreenDamage;

/**
 * Capture on GNOME: one {@link MutterScreenCast} of every display, opened at the first
 * look and opened again when the displays change.
 * <p>
 * Damage comes from the streams themselves: mutter sends a display's stream a frame only
 * when what it shows changed, so a display whose stream sent nothing since a consumer's
 * last look has not changed, and one that sent a frame is damaged as a whole (mutter's
 * damage rectangles do not come through GStreamer's appsink).
 */
final class GnomeCapture implements CaptureDriver, AutoCloseable {

	// damage is whole displays: a handful of areas at most
	private static final int MAX_AREAS = 16;

	private final AbstractConnection bus;

	private final Path pipewireSocket;

	private final Supplier<List<DisplayInfo>> displays;

	private final Duration timeout;

	/**
	 * How long after Deskhand's input a look waits for a frame newer than it, at most.
	 */
	static final Duration FRESH_FRAME_WAIT = Duration.ofMillis(100);

	private final LongSupplier lastInput;

	private final Duration freshFrameWait;

	private final DamageConsumers damage = new DamageConsumers(MAX_AREAS);

	private final Map<String, Long> framesSeen = new HashMap<>();

	private MutterScreenCast cast;

	GnomeCapture(AbstractConnection bus, Path pipewireSocket, Supplier<List<DisplayInfo>> displays, Duration timeout) {
		this(bus, pipewireSocket, displays, () -> Long.MIN_VALUE, Duration.ZERO, timeout);
	}

	/**
	 * @param lastInput {@link System#nanoTime()} when Deskhand's last input ended,
	 * {@link Long#MIN_VALUE} before any
	 * @param freshFrameWait how long after that input a look waits for a frame newer than
	 * it, at most ({@link #FRESH_FRAME_WAIT} in the driver)
	 */
	GnomeCapture(AbstractConnection bus, Path pipewireSocket, Supplier<List<DisplayInfo>> displays,
			LongSupplier lastInput, Duration freshFrameWait, Duration timeout) {
		this.bus = bus;
		this.pipewireSocket = pipewireSocket;
		this.displays = displays;
		this.lastInput = lastInput;
		this.freshFrameWait = freshFrameWait;
		this.timeout = timeout;
	}

	@Override
	public Frame capture(Rect region) {
		return capture(region, null);
	}

	@Override
	public synchronized Frame capture(Rect region, int[] buffer) {
		MutterScreenCast current = cast();
		awaitFrameAfterInput(current, region);
		return current.capture(region, buffer);
	}

	@Override
	public synchronized ScreenDamage takeDamage(String consumer, Rect region) {
		MutterScreenCast current = cast();
		awaitFrameAfterInput(current, region);
		for (DisplayInfo display : current.displays()) {
			long frames = current.frameCount(display.id());
			Long seen = this.framesSeen.put(display.id(), frames);
			if (seen == null || seen != frames) {
				this.damage.add(List.of(display.bounds()));
			}
		}
		return this.damage.take(consumer, region);
	}

	// A look right after Deskhand's input would otherwise return the frame from before
	// it: mutter composites a change at its next frame and the stream delivers it some
	// milliseconds later (GnomeBenchmark saw looks 100 ms after GTK painted still show
	// the old frame). So a look within FRESH_FRAME_WAIT of the last input waits, until
	// that much after the input, for a frame newer than it; an input that changed nothing
	// brings no frame, and costs the rest of that wait.
	private void awaitFrameAfterInput(MutterScreenCast current, Rect region) {
		long input = this.lastInput.getAsLong();
		if (input == Long.MIN_VALUE) {
			return;
		}
		long until = input + this.freshFrameWait.toNanos();
		if (System.nanoTime() < until) {
			current.awaitFramesAfter(region, input, until);
		}
	}

	// the recording of the displays as they are now: a new one when they changed
	private MutterScreenCast cast() {
		List<DisplayInfo> now = this.displays.get();
		if (this.cast != null && !this.cast.displays().equals(now)) {
			this.cast.close();
			this.cast = null;
		}
		if (this.cast == null) {
			this.cast = MutterScreenCast.open(this.bus, this.pipewireSocket, now, this.timeout);
			this.framesSeen.clear();
			this.damage.invalidateAll();
		}
		return this.cast;
	}

	@Override
	public synchronized void close() {
		if (this.cast != null) {
			this.cast.close();
			this.cast = null;
		}
	}

}
