package dev.deskhand.selftest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.deskhand.input.InputAction;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.selftest.SelfTest.Probe;

/**
 * Focus moved twice through the input queue (open_application's path): to the witness's
 * decoy window, then back to its main window. Each time the window must say it has the
 * keyboard focus (Java's own focus event, not the driver's word), and the driver's
 * reading of the focused window, asked afresh, must name it: a reading that stayed on the
 * first window (a cache, a notification not yet delivered) fails here.
 */
final class FocusRow {

	private static final Duration FOCUS_TIMEOUT = Duration.ofSeconds(3);

	private final Probe probe;

	private final SelfTestWitness.Opened window;

	FocusRow(Probe probe, SelfTestWitness.Opened window) {
		this.probe = probe;
		this.window = window;
	}

	SelfTestResult run() {
		if (this.window == null) {
			return SelfTestResult.skip("focus", "no witness window to focus");
		}
		Optional<WindowInfo> decoy = this.window.decoy();
		List<String> said = new ArrayList<>();
		List<String> problems = new ArrayList<>();
		if (decoy.isPresent()) {
			step(decoy.get(), "decoy", said, problems);
		}
		else {
			problems.add("the witness's second window is not listed, so the focus could only be checked once");
		}
		step(this.window.window(), "main", said, problems);
		if (problems.isEmpty()) {
			return SelfTestResult.pass("focus", String.join("; ", said));
		}
		return SelfTestResult.fail("focus",
				String.join("; ", problems) + ((said.isEmpty()) ? "" : " (" + String.join("; ", said) + ")"));
	}

	private void step(WindowInfo target, String name, List<String> said, List<String> problems) {
		String title = "'" + target.title() + "'";
		try {
			this.probe.execute(new InputAction.FocusWindow("java", target.id(), target.title(), FOCUS_TIMEOUT));
		}
		catch (RuntimeException ex) {
			problems.add("focusing " + title + " failed: " + SelfTest.describe(ex));
		}
		boolean javaSays = SelfTest.await(() -> this.window.focused().equals(Optional.of(name)), SelfTest.READ_BACK);
		Optional<WindowInfo> focused = this.probe.driver().windows().focusedWindow();
		boolean driverSays = focused.map((window) -> window.id() == target.id()).orElse(false);
		String reading = focused.map((window) -> "'" + window.title() + "'").orElse("no window");
		if (!javaSays) {
			problems.add(title + " never got the keyboard focus by Java's account (Java says "
					+ this.window.focused()
						.map((which) -> "the " + which + " window has it")
						.orElse("neither window has it")
					+ ")");
		}
		if (!driverSays) {
			problems.add("after focusing " + title + " the driver reads the focused window as " + reading
					+ ": a stale or wrong reading");
		}
		if (javaSays && driverSays) {
			said.add(title + " focused: Java and the driver agree");
		}
	}

}
