package dev.deskhand.platform;

import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The keys and buttons this process holds down, by the driver's own codes (X keycodes,
 * evdev codes, virtual keys). Written by the input thread, read and cleared by
 * release-all from any thread, hence concurrent sets.
 *
 * <p>
 * It also fences what this process injects, so the desk can tell the human's input from
 * Deskhand's: a driver brackets each call that sends input with {@link #injecting()} and
 * {@link #injected()}, and records where it put the pointer. A reading of the real input
 * state taken while no call was in flight and no call ended is comparable with
 * {@link #state()}: whatever differs was someone else.
 */
public final class HeldInputs {

	private final Set<Integer> keycodes = ConcurrentHashMap.newKeySet();

	private final Set<Integer> buttons = ConcurrentHashMap.newKeySet();

	private final AtomicInteger inFlight = new AtomicInteger();

	// Bumped at the end of every injecting call, after its events reached the server.
	private final AtomicLong calls = new AtomicLong();

	// Where this process last put the pointer, and how many times it did.
	private volatile Point pointer;

	private final AtomicLong pointerMoves = new AtomicLong();

	// System.nanoTime() when the last injecting call ended, for desktops that tell the
	// human's input from Deskhand's by time (GNOME's idle monitor)
	private volatile long lastInjectedNanos = Long.MIN_VALUE;

	/** Before a call that sends input. */
	public void injecting() {
		this.inFlight.incrementAndGet();
	}

	/** After that call, once the server has its events (XSync). */
	public void injected() {
		this.lastInjectedNanos = System.nanoTime();
		this.calls.incrementAndGet();
		this.inFlight.decrementAndGet();
	}

	/**
	 * @return {@link System#nanoTime()} when the last injecting call ended,
	 * {@link Long#MIN_VALUE} before the first
	 */
	public long lastInjectedNanos() {
		return this.lastInjectedNanos;
	}

	/** The pointer was put here, within an injecting call. */
	public void pointerAt(Point target) {
		this.pointer = target;
		this.pointerMoves.incrementAndGet();
	}

	/**
	 * What this process has injected, right now. In flight is read before the count of
	 * ended calls (a call's end bumps the count before it leaves the flight), and both
	 * before the rest: so two readings around a look at the real state that agree and
	 * show nothing in flight prove that no call ran meanwhile, and the first one's facts
	 * are what the server had.
	 */
	public InjectedInput state() {
		boolean injecting = this.inFlight.get() > 0;
		long ended = this.calls.get();
		return new InjectedInput(ended, injecting, this.pointer, this.pointerMoves.get(), keycodes(), buttons());
	}

	public void keyDown(int keycode) {
		this.keycodes.add(keycode);
	}

	public void keyUp(int keycode) {
		this.keycodes.remove(keycode);
	}

	public boolean isKeyDown(int keycode) {
		return this.keycodes.contains(keycode);
	}

	public void buttonDown(int button) {
		this.buttons.add(button);
	}

	public void buttonUp(int button) {
		this.buttons.remove(button);
	}

	public Set<Integer> keycodes() {
		return new TreeSet<>(this.keycodes);
	}

	public Set<Integer> buttons() {
		return new TreeSet<>(this.buttons);
	}

	public void forget(Set<Integer> releasedKeycodes, Set<Integer> releasedButtons) {
		this.keycodes.removeAll(releasedKeycodes);
		this.buttons.removeAll(releasedButtons);
	}

}
