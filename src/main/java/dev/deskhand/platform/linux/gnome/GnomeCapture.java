package dev.deskhand.platform.linux.gnome;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
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
 * Capture on GNOME: one screencast of every display ({@link ScreenRecording}: mutter's
 * own, or the xdg-desktop-portal's), opened at the first look and opened again when the
 * displays change.
 * <p>
 * Damage comes from the streams themselves: mutter sends a display's stream a frame only
 * when what it shows changed, so a display whose stream sent nothing since a consumer's
 * last look has not changed, and one that sent a frame is damaged as a whole (mutter's
 * damage rectangles do not come through GStreamer's appsink).
 */
final class GnomeCapture implements CaptureDriver, AutoCloseable {

	// damage is whole displays: a handful of areas at most
	private static final int MAX_AREAS = 16;

	private final Function<List<DisplayInfo>, ScreenRecording> recorder;

	private final Supplier<List<DisplayInfo>> displays;

	/**
	 * How long after Deskhand's input a look waits for a frame newer than it, at most.
	 */
	static final Duration FRESH_FRAME_WAIT = Duration.ofMillis(100);

	private final LongSupplier lastInput;

	private final Duration freshFrameWait;

	private final DamageConsumers damage = new DamageConsumers(MAX_AREAS);

	private final Map<String, Long> framesSeen = new HashMap<>();

	private ScreenRecording cast;

	/** Capture through mutter's own ScreenCast API. */
	GnomeCapture(AbstractConnection bus, Path pipewireSocket, Supplier<List<DisplayInfo>> displays, Duration timeout) {
		this(mutterRecorder(bus, pipewireSocket, timeout), displays, () -> Long.MIN_VALUE, Duration.ZERO);
	}

	/**
	 * Capture through mutter's own ScreenCast API, a look right after Deskhand's input
	 * waiting for the frame it brought.
	 */
	GnomeCapture(AbstractConnection bus, Path pipewireSocket, Supplier<List<DisplayInfo>> displays,
			LongSupplier lastInput, Duration freshFrameWait, Duration timeout) {
		this(mutterRecorder(bus, pipewireSocket, timeout), displays, lastInput, freshFrameWait);
	}

	/**
	 * Capture through the recordings {@code recorder} starts, one for the displays as
	 * they are at the first look and another when they change.
	 * @param lastInput {@link System#nanoTime()} when Deskhand's last input ended,
	 * {@link Long#MIN_VALUE} before any
	 * @param freshFrameWait how long after that input a look waits for a frame newer than
	 * it, at most ({@link #FRESH_FRAME_WAIT} in the driver)
	 */
	GnomeCapture(Function<List<DisplayInfo>, ScreenRecording> recorder, Supplier<List<DisplayInfo>> displays,
			LongSupplier lastInput, Duration freshFrameWait) {
		this.recorder = recorder;
		this.displays = displays;
		this.lastInput = lastInput;
		this.freshFrameWait = freshFrameWait;
	}

	static Function<List<DisplayInfo>, ScreenRecording> mutterRecorder(AbstractConnection bus, Path pipewireSocket,
			Duration timeout) {
		return (now) -> MutterScreenCast.open(bus, pipewireSocket, now, timeout);
	}

	@Override
	public Frame capture(Rect region) {
		return capture(region, null);
	}

	@Override
	public synchronized Frame capture(Rect region, int[] buffer) {
		ScreenRecording current = cast();
		awaitFrameAfterInput(current, region);
		return current.capture(region, buffer);
	}

	@Override
	public synchronized ScreenDamage takeDamage(String consumer, Rect region) {
		ScreenRecording current = cast();
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
	private void awaitFrameAfterInput(ScreenRecording current, Rect region) {
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
	private ScreenRecording cast() {
		List<DisplayInfo> now = this.displays.get();
		if (this.cast != null && !this.cast.layout().equals(now)) {
			this.cast.close();
			this.cast = null;
		}
		if (this.cast == null) {
			this.cast = this.recorder.apply(now);
			this.framesSeen.clear();
			this.damage.invalidateAll();
		}
		return this.cast;
	}

	/**
	 * Starts recording now rather than at the first look: through the portal, so that its
	 * dialog comes while Deskhand starts.
	 */
	synchronized void startRecording() {
		cast();
	}

	@Override
	public synchronized void close() {
		if (this.cast != null) {
			this.cast.close();
			this.cast = null;
		}
	}

}
