package dev.deskhand.fake;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.deskhand.platform.CaptureDriver;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DriverParts;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.ClipboardDriver;

/**
 * A driver that records calls, for queue, validation and wiring logic only: it proves
 * nothing about a desktop. It can block a call (to simulate a native call that never
 * returns) and fail one.
 */
public class FakeDesktopDriver implements DesktopDriver, CaptureDriver, PointerDriver, KeyboardDriver {

	private static final Set<String> KNOWN = Set.of("Control_L", "Shift_L", "Alt_L", "Super_L", "Return", "Tab",
			"Escape", "a", "t", "s", "F5", "Page_Down");

	public final List<String> calls = Collections.synchronizedList(new ArrayList<>());

	/** How often the display layout was read: on X11 each reading is a round trip. */
	public final AtomicInteger displayReads = new AtomicInteger();

	public final Set<String> held = ConcurrentHashMap.newKeySet();

	public final AtomicInteger releaseAlls = new AtomicInteger();

	public final AtomicInteger resets = new AtomicInteger();

	private volatile List<DisplayInfo> displays = List
		.of(new DisplayInfo("screen", "screen", new Rect(0, 0, 1920, 1080), 1.0, true));

	/** When set, the next typeText blocks (ignoring interrupts) until the latch opens. */
	public volatile CountDownLatch blockTyping;

	/** When set, pressKey of this key throws. */
	public volatile String failOnKey;

	private volatile Point pointer = new Point(0, 0);

	public void setDisplays(List<DisplayInfo> displays) {
		this.displays = List.copyOf(displays);
	}

	@Override
	public String name() {
		return "fake";
	}

	@Override
	public String target() {
		return "fake";
	}

	@Override
	public boolean reachable() {
		return true;
	}

	@Override
	public DriverParts parts() {
		return new DriverParts(displays(), capture(), pointer(), keyboard(), windows(), clipboard());
	}

	@Override
	public DisplayDriver displays() {
		return new DisplayDriver() {

			@Override
			public List<DisplayInfo> displays() {
				FakeDesktopDriver.this.displayReads.incrementAndGet();
				return FakeDesktopDriver.this.displays;
			}

			@Override
			public Point pointerPosition() {
				return FakeDesktopDriver.this.pointer;
			}

		};
	}

	@Override
	public CaptureDriver capture() {
		return this;
	}

	@Override
	public PointerDriver pointer() {
		return this;
	}

	@Override
	public KeyboardDriver keyboard() {
		return this;
	}

	/** What the fake sensor reports as held; tests set it to trip the failsafe. */
	public final Set<String> physicallyHeld = ConcurrentHashMap.newKeySet();

	/** The fake focused window; tests set it to exercise app scoping. */
	public volatile WindowInfo focused;

	/** The fake clipboard's text. */
	public volatile String clipboardText = "";

	@Override
	public WindowDriver windows() {
		return new WindowDriver() {

			@Override
			public Optional<WindowInfo> focusedWindow() {
				return Optional.ofNullable(FakeDesktopDriver.this.focused);
			}

			@Override
			public List<WindowInfo> list() {
				WindowInfo window = FakeDesktopDriver.this.focused;
				return (window != null) ? List.of(window) : List.of();
			}

			@Override
			public boolean activate(long windowId, java.time.Duration timeout) {
				return true;
			}

		};
	}

	@Override
	public ClipboardDriver clipboard() {
		return new ClipboardDriver() {

			@Override
			public String read(java.time.Duration timeout) {
				return FakeDesktopDriver.this.clipboardText;
			}

			@Override
			public void write(String text) {
				FakeDesktopDriver.this.clipboardText = text;
			}

		};
	}

	@Override
	public Process launch(List<String> command) {
		throw new UnsupportedOperationException("the fake driver launches nothing");
	}

	@Override
	public InputStateSensor openSensor(List<String> chord) {
		return new InputStateSensor() {

			@Override
			public boolean isHeld(List<String> keyNames) {
				return FakeDesktopDriver.this.physicallyHeld.containsAll(keyNames);
			}

			@Override
			public Point pointerPosition() {
				return FakeDesktopDriver.this.pointer;
			}

			@Override
			public void close() {
			}

		};
	}

	@Override
	public void releaseAll() {
		this.releaseAlls.incrementAndGet();
		this.held.clear();
		this.calls.add("releaseAll");
	}

	@Override
	public void resetInput() {
		this.resets.incrementAndGet();
		this.calls.add("resetInput");
	}

	/** Captures taken so far. */
	public final AtomicInteger captures = new AtomicInteger();

	/**
	 * The next this many captures each differ from the one before: a screen still
	 * changing.
	 */
	public final AtomicInteger changingCaptures = new AtomicInteger();

	@Override
	public Frame capture(Rect region) {
		int[] pixels = new int[region.width() * region.height()];
		for (int i = 0; i < pixels.length; i++) {
			pixels[i] = (i % region.width()) & 0xFF;
		}
		int n = this.captures.incrementAndGet();
		if (this.changingCaptures.getAndUpdate((left) -> Math.max(0, left - 1)) > 0) {
			pixels[0] = 0x10000 + n;
		}
		return new Frame(region.width(), region.height(), pixels);
	}

	@Override
	public void moveTo(int x, int y) {
		this.pointer = new Point(x, y);
		this.calls.add("move " + x + "," + y);
	}

	@Override
	public void press(MouseButton button) {
		this.held.add(button.name());
		this.calls.add("press " + button);
	}

	@Override
	public void release(MouseButton button) {
		this.held.remove(button.name());
		this.calls.add("release " + button);
	}

	@Override
	public void scroll(ScrollDirection direction, int clicks) {
		this.calls.add("scroll " + direction + " " + clicks);
	}

	@Override
	public boolean isKnownKey(String keyName) {
		return KNOWN.contains(keyName) || keyName.matches("U[0-9A-F]{4,6}");
	}

	@Override
	public void pressKey(String keyName) {
		if (keyName.equals(this.failOnKey)) {
			throw new IllegalStateException("injected failure on " + keyName);
		}
		this.held.add(keyName);
		this.calls.add("keydown " + keyName);
	}

	@Override
	public void releaseKey(String keyName) {
		this.held.remove(keyName);
		this.calls.add("keyup " + keyName);
	}

	@Override
	public void typeText(String text) {
		CountDownLatch latch = this.blockTyping;
		if (latch != null) {
			// Like a native call: deaf to interrupts.
			boolean interrupted = false;
			while (true) {
				try {
					latch.await(30, TimeUnit.SECONDS);
					break;
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
		this.calls.add("type " + text);
	}

}
