package dev.deskhand.selftest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.deskhand.input.InputAction;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.selftest.SelfTest.Probe;

/**
 * The failsafe's sensor, made to see something: the emergency chord is held through the
 * input queue like an agent's hold_key, and the sensor, on a connection of its own, must
 * see each of its keys go down and come back up; the running failsafe, when there is one,
 * must trip on it (and is re-armed at once). A sensor that reads nothing, like macOS's
 * without the Input Monitoring permission, fails here and the row names the keys it
 * missed. Its pointer reading is compared with Java's in the witness.
 */
final class FailsafeRow {

	private static final Duration HOLD = Duration.ofMillis(800);

	private final Probe probe;

	private final SelfTestWitness.Opened window;

	private final WitnessSpace space;

	FailsafeRow(Probe probe, SelfTestWitness.Opened window, WitnessSpace space) {
		this.probe = probe;
		this.window = window;
		this.space = space;
	}

	SelfTestResult run() throws InterruptedException {
		String check = "failsafe sensor";
		KeyChord chord = KeyChord.parse(this.probe.failsafeChord(), this.probe.driver().keyboard()::isKnownKey);
		try (InputStateSensor sensor = this.probe.driver().openSensor(chord.keys())) {
			if (held(sensor, chord.keys())) {
				return SelfTestResult.fail(check, "the sensor reads the chord " + String.join("+", chord.keys())
						+ " as held before anything pressed it: the failsafe would trip on its own");
			}
			long tripsBefore = trips();
			CompletableFuture<Void> hold = CompletableFuture
				.runAsync(() -> this.probe.execute(new InputAction.HoldKeys(chord, HOLD)));
			Set<String> seen = new LinkedHashSet<>();
			boolean chordSeen = false;
			long deadline = System.nanoTime() + HOLD.multipliedBy(4).toNanos();
			while (!hold.isDone() && System.nanoTime() < deadline) {
				for (String key : chord.keys()) {
					if (held(sensor, List.of(key))) {
						seen.add(key);
					}
				}
				chordSeen |= held(sensor, chord.keys());
				Thread.sleep(5);
			}
			String holdEnded = awaitHold(hold);
			boolean tripped = trips() > tripsBefore;
			if (tripped) {
				this.probe.failsafe().reset();
			}
			SelfTest.await(() -> !held(sensor, chord.keys()), Duration.ofSeconds(1));
			boolean stillHeld = held(sensor, chord.keys());
			String pressed = "held " + String.join("+", chord.keys()) + " through the input queue for "
					+ HOLD.toMillis() + " ms" + holdEnded;
			List<String> problems = new ArrayList<>();
			if (!chordSeen && !tripped) {
				List<String> missed = new ArrayList<>(chord.keys());
				missed.removeAll(seen);
				problems.add("the sensor never saw the whole chord" + (seen.isEmpty() ? ", nor any of its keys"
						: ": it saw " + String.join(", ", seen) + " but never " + String.join(", ", missed)));
			}
			if (stillHeld) {
				problems.add("after the release the sensor still reads the chord as held");
			}
			String pointer = pointer(sensor, problems);
			String failsafe = (this.probe.failsafe() == null) ? ""
					: tripped ? "; the running failsafe tripped on it (and was re-armed)"
							: "; the running failsafe did not trip on it";
			if (this.probe.failsafe() != null && !tripped && problems.isEmpty()) {
				problems.add("the sensor saw the chord, but the running failsafe did not trip");
			}
			if (!problems.isEmpty()) {
				return SelfTestResult.fail(check, pressed + ": " + String.join("; ", problems) + pointer + failsafe
						+ ". The sensor reads " + this.probe.driver().failsafeSees());
			}
			return SelfTestResult.pass(check, pressed + ": the sensor saw it down and up again" + pointer + failsafe);
		}
	}

	// either hand's modifier counts, as for the failsafe itself: the queue may press the
	// right-hand one
	private static boolean held(InputStateSensor sensor, List<String> keys) {
		for (String key : keys) {
			if (KeyNames.eitherHand(key).stream().noneMatch((hand) -> sensor.isHeld(List.of(hand)))) {
				return false;
			}
		}
		return true;
	}

	private long trips() {
		return (this.probe.failsafe() != null) ? this.probe.failsafe().state().trips() : 0;
	}

	/**
	 * How the hold ended: a failsafe trip stops it early, which is what should happen.
	 */
	private static String awaitHold(CompletableFuture<Void> hold) throws InterruptedException {
		try {
			hold.get(10, TimeUnit.SECONDS);
			return "";
		}
		catch (ExecutionException ex) {
			Throwable cause = (ex.getCause() != null) ? ex.getCause() : ex;
			return " (the hold ended with " + ((cause instanceof Exception e) ? SelfTest.describe(e) : cause) + ")";
		}
		catch (TimeoutException ex) {
			return " (the hold did not end within 10 s)";
		}
	}

	private String pointer(InputStateSensor sensor, List<String> problems) {
		Point sensed = sensor.pointerPosition();
		Optional<Point> java = Optional.empty();
		if (this.window != null) {
			try {
				java = this.window.pointer().flatMap(this.space::toDesktop);
			}
			catch (RuntimeException ex) {
				// compared with the driver's reading instead
			}
		}
		Point reference = java.orElseGet(() -> this.probe.driver().displays().pointerPosition());
		String by = java.isPresent() ? "Java in the witness" : "the driver";
		int tolerance = java.isPresent() ? 2 : 0;
		if (Math.abs(sensed.x() - reference.x()) > tolerance || Math.abs(sensed.y() - reference.y()) > tolerance) {
			problems.add("the sensor sees the pointer at " + SelfTest.show(sensed) + ", " + by + " at "
					+ SelfTest.show(reference));
			return "";
		}
		return "; it sees the pointer at " + SelfTest.show(sensed) + " as " + by + " does";
	}

}
