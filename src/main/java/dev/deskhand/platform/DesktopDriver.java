package dev.deskhand.platform;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import dev.deskhand.errors.DeskhandException;

/**
 * The only code that touches the OS. One bean per platform, chosen by
 * {@link ConditionalOnOs} and {@link ConditionalOnDisplayServer}.
 *
 * <p>
 * Threading: {@link #displays()} and {@link #capture()} are thread-safe.
 * {@link #pointer()} and {@link #keyboard()} belong to the InputQueue's thread.
 * {@link #releaseAll()} is callable from any thread, including while the input thread is
 * stuck in a native call.
 */
public interface DesktopDriver {

	/** Short name for health and logs, e.g. {@code x11}. */
	String name();

	/** Where it is connected, e.g. {@code :0} or {@code :99 (managed Xvfb)}. */
	String target();

	/**
	 * The display this process started for itself and stops with it (X11: a managed
	 * Xvfb), by the name a program is started on it with, e.g. {@code :99}; empty when
	 * Deskhand drives a desktop someone else runs. The start-up banner tells a newcomer
	 * how to put an application on it.
	 */
	default Optional<String> managedDisplayName() {
		return Optional.empty();
	}

	/**
	 * The working mode this driver keeps, bound for the whole run (see
	 * {@link WorkingMode}); {@link WorkingMode#SHARED} unless a driver was built for
	 * another.
	 */
	default WorkingMode workingMode() {
		return WorkingMode.SHARED;
	}

	/**
	 * The display of its own the agent works on in {@link WorkingMode#OWN_DISPLAY}; empty
	 * in every other mode.
	 */
	default Optional<AgentDisplay> agentDisplay() {
		return Optional.empty();
	}

	/** Whether the desktop answers right now (a cheap round trip, bounded). */
	boolean reachable();

	/**
	 * What the driver last saw of its desktop, without touching it: never blocks, for
	 * health and probes. The default asks {@link #reachable()}.
	 */
	default DesktopHealth health() {
		return reachable() ? DesktopHealth.answering() : new DesktopHealth(DesktopHealth.State.GONE,
				name() + " desktop " + target() + " does not answer", false);
	}

	/**
	 * Registers a listener the driver tells, on a thread of its own, when its desktop
	 * stops answering or goes away, with the error a running action should end with. It
	 * must return quickly. Drivers that cannot tell ignore it.
	 */
	default void onDesktopLost(Consumer<DeskhandException> listener) {
	}

	/** The parts below, built once by the driver. */
	DriverParts parts();

	default DisplayDriver displays() {
		return parts().displays();
	}

	default CaptureDriver capture() {
		return parts().capture();
	}

	default PointerDriver pointer() {
		return parts().pointer();
	}

	default KeyboardDriver keyboard() {
		return parts().keyboard();
	}

	/** Windows and their applications; thread-safe. */
	default WindowDriver windows() {
		return parts().windows();
	}

	/** The clipboard; thread-safe. */
	default ClipboardDriver clipboard() {
		return parts().clipboard();
	}

	/**
	 * Starts a program on this desktop (X11: with {@code DISPLAY} set to the driven
	 * display), its output discarded. The caller decides what may be launched; the driver
	 * only starts it.
	 * @throws dev.deskhand.errors.DeskhandException E_NOT_FOUND when the program cannot
	 * be started
	 */
	Process launch(List<String> command);

	/**
	 * Opens a sensor on a connection of its own, for the failsafe. The caller owns it and
	 * closes it.
	 * @param chord the keys (keysym names) the caller will ask about with
	 * {@link InputStateSensor#isHeld}: a driver that can read every key's state ignores
	 * it; one that cannot (Wayland) watches for that chord only
	 */
	InputStateSensor openSensor(List<String> chord);

	/**
	 * What the failsafe's sensor can see on this desktop, in a sentence for health and
	 * the console: where a driver cannot read the keyboard's state, say what stands in
	 * for it and what is missed.
	 */
	default String failsafeSees() {
		return "the keyboard's and the pointer's physical state, read from the display server";
	}

	/**
	 * What this process itself has injected (held keys and buttons, where it last put the
	 * pointer, whether a call is in flight), for the desk to tell the human's input from
	 * Deskhand's with {@link InputStateSensor#snapshot()}. Empty where the driver cannot
	 * tell them apart: then the human is never noticed, and health says so.
	 */
	default Optional<InjectedInput> injectedInput() {
		return Optional.empty();
	}

	/**
	 * Why this driver cannot notice the person at the desk, for health; only asked when
	 * {@link #injectedInput()} is empty.
	 */
	default String humanDetectionUnsupported() {
		return "the " + name() + " driver cannot tell the human's input from Deskhand's";
	}

	/**
	 * What only this platform can check about itself: DPI awareness on Windows, screen
	 * recording and accessibility permissions on macOS. Cheap and never blocking: health
	 * and the self-test report them. The default has none.
	 */
	default List<PlatformCheck> platformChecks() {
		return List.of();
	}

	/**
	 * Whether applications know where their windows are on the desktop, so that the
	 * screen positions their accessibility trees report can be trusted. X11: yes.
	 * Wayland: no, by design a client never learns its global position, and toolkits
	 * report positions relative to their own window.
	 */
	default boolean applicationsKnowTheirPosition() {
		return true;
	}

	/**
	 * Releases every key and button that is down: those this process pressed and, since
	 * synthetic key state outlives the process that made it, any the server still reports
	 * down.
	 */
	void releaseAll();

	/**
	 * Drops and reopens the input connection after a failure or a timeout; called from
	 * the input thread.
	 */
	void resetInput();

}
