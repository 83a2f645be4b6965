package dev.deskhand.selftest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.deskhand.input.InputAction;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.selftest.SelfTest.Probe;
import dev.deskhand.selftest.SelfTestWitness.WitnessClick;
import dev.deskhand.selftest.SelfTestWitness.WitnessPlace;

/**
 * The rows that put the witness on each display and compare where things land with where
 * Java says they are: the click on its target, the pointer in each corner, the window's
 * listed bounds.
 */
final class WitnessRows {

	private final Probe probe;

	private final SelfTestWitness.Opened window;

	private final WitnessSpace space;

	private final Map<String, String> notPlaced = new HashMap<>();

	private final int home;

	WitnessRows(Probe probe, SelfTestWitness.Opened window, WitnessSpace space) {
		this.probe = probe;
		this.window = window;
		this.space = space;
		this.home = (window != null && window.place() != null) ? window.place().screen() : -1;
	}

	/**
	 * Moves the witness onto the display, or says in {@link #whyNotPlaced} why it could
	 * not.
	 */
	Optional<WitnessPlace> placeOn(DisplayInfo display) {
		if (this.window == null) {
			this.notPlaced.put(display.id(), "no witness window");
			return Optional.empty();
		}
		Optional<WitnessScreen> screen = this.space.screen(display);
		if (screen.isEmpty()) {
			this.notPlaced.put(display.id(), "Java sees no screen of this display's device size");
			return Optional.empty();
		}
		WitnessPlace place;
		try {
			place = this.window.moveTo(screen.get());
		}
		catch (RuntimeException ex) {
			this.notPlaced.put(display.id(), "the witness could not be moved there: " + SelfTest.describe(ex));
			return Optional.empty();
		}
		if (place.screen() != screen.get().index()) {
			this.notPlaced.put(display.id(), "the window manager kept the witness on Java's screen " + place.screen()
					+ " when it asked for screen " + screen.get().index());
			return Optional.empty();
		}
		Optional<Rect> target = this.space.toDesktop(place.target());
		if (target.isEmpty() || !display.bounds().contains(target.get().x(), target.get().y())) {
			this.notPlaced.put(display.id(), "Java put the target at " + SelfTest.show(place.target())
					+ " in its units, which is not on this display");
			return Optional.empty();
		}
		return Optional.of(place);
	}

	String whyNotPlaced(DisplayInfo display) {
		return this.notPlaced.getOrDefault(display.id(), "not tried");
	}

	/** Puts the witness back on the screen it opened on, for the rows that follow. */
	void placeBack(List<DisplayInfo> displays) {
		if (this.window == null || this.home < 0) {
			return;
		}
		this.window.screens()
			.stream()
			.filter((screen) -> screen.index() == this.home)
			.findFirst()
			.ifPresent((screen) -> {
				try {
					this.window.moveTo(screen);
				}
				catch (RuntimeException ex) {
					// the rows that follow say where it is
				}
			});
	}

	/**
	 * A click through the input queue on the centre of the target, which the witness must
	 * report there.
	 */
	SelfTestResult click(DisplayInfo display, Optional<WitnessPlace> place) {
		String check = "click " + display.id();
		if (place.isEmpty()) {
			return SelfTestResult.skip(check, "nothing to click here: " + whyNotPlaced(display));
		}
		Point centre = this.space.toDesktop(place.get().targetCentre()).orElseThrow();
		int before = this.window.clicks().size();
		this.probe.execute(new InputAction.Click("self-test", centre, MouseButton.LEFT, 1, KeyChord.NONE));
		SelfTest.await(() -> this.window.clicks().size() > before, SelfTest.READ_BACK);
		List<WitnessClick> clicks = this.window.clicks();
		String aimed = "clicked the target's centre " + SelfTest.show(centre) + ", where Java drew it";
		if (clicks.size() <= before) {
			return SelfTestResult.fail(check, aimed + "; the witness received no mouse press"
					+ javaPointer().map((where) -> " (Java sees the pointer at " + where + ")").orElse(""));
		}
		WitnessClick click = clicks.get(before);
		Optional<Point> landed = this.space.toDesktop(click.at());
		int tolerance = WitnessSpace.tolerance(WitnessSpace.ratio(this.space.screen(display).orElseThrow(), display));
		String got = "the witness received a press at " + SelfTest.show(click.at()) + " in Java's units"
				+ landed.map((point) -> " = " + SelfTest.show(point) + " desktop units").orElse(", on no display")
				+ (click.onTarget() ? ", on the target" : ", beside the target");
		if (landed.isPresent() && click.onTarget() && near(landed.get(), centre, tolerance)) {
			return SelfTestResult.pass(check, aimed + "; " + got + " (±" + tolerance + " px)");
		}
		return SelfTestResult.fail(check,
				aimed + "; " + got + landed
					.map((point) -> ", off by (" + (point.x() - centre.x()) + "," + (point.y() - centre.y()) + ")")
					.orElse(""));
	}

	/**
	 * Moves to the display's four corners and its centre; the driver's reading and Java's
	 * must both find the pointer there.
	 */
	SelfTestResult corners(DisplayInfo display) {
		String check = "pointer " + display.id();
		Rect b = display.bounds();
		List<Point> points = List.of(new Point(b.x(), b.y()), new Point(b.right() - 1, b.y()),
				new Point(b.x(), b.bottom() - 1), new Point(b.right() - 1, b.bottom() - 1),
				new Point(b.x() + b.width() / 2, b.y() + b.height() / 2));
		Optional<WitnessScreen> screen = (this.space != null) ? this.space.screen(display) : Optional.empty();
		int tolerance = screen.map((s) -> WitnessSpace.tolerance(WitnessSpace.ratio(s, display))).orElse(1);
		List<String> wrong = new ArrayList<>();
		List<String> notes = new ArrayList<>();
		boolean javaRead = false;
		for (Point point : points) {
			this.probe.execute(new InputAction.MoveTo(point));
			Point driver = this.probe.driver().displays().pointerPosition();
			Optional<Point> javaSees = (this.window != null) ? this.window.pointer() : Optional.empty();
			Optional<Point> java = javaSees.flatMap(this.space::toDesktop);
			javaRead |= javaSees.isPresent();
			if (!driver.equals(point)) {
				wrong.add("moved to " + SelfTest.show(point) + ", the driver reads " + SelfTest.show(driver));
			}
			if (javaSees.isPresent() && (java.isEmpty() || !near(java.get(), point, tolerance))) {
				wrong.add("moved to " + SelfTest.show(point) + ", Java sees " + SelfTest.show(javaSees.get())
						+ java.map((p) -> " = " + SelfTest.show(p) + " desktop units").orElse(" (on no display)"));
			}
			rearmAfterCornerTrip(point, notes);
		}
		String moved = "moved to the 4 corners and the centre of " + SelfTest.show(b);
		if (!wrong.isEmpty()) {
			return SelfTestResult.fail(check, String.join("; ", wrong));
		}
		String extra = notes.isEmpty() ? "" : "; " + String.join("; ", notes);
		if (!javaRead) {
			return SelfTestResult.warn(check, moved + "; the driver reads each back, but Java in the witness could not"
					+ " read the pointer, so only the driver's own reading vouches for it" + extra);
		}
		return SelfTestResult.pass(check,
				moved + "; the driver and Java in the witness both read each back (±" + tolerance + " px)" + extra);
	}

	// deskhand.failsafe.corners turns a parked pointer into a trip: expected here, and
	// undone so the rows that follow can type
	private void rearmAfterCornerTrip(Point point, List<String> notes) {
		if (this.probe.failsafe() != null && this.probe.failsafe().state().tripped()) {
			this.probe.failsafe().reset();
			notes.add("the failsafe's corner trip fired at " + SelfTest.show(point) + " and was re-armed");
		}
	}

	/** The window as listed now, against where Java says its content is. */
	SelfTestResult windowFacts() {
		WindowInfo listed = this.probe.driver()
			.windows()
			.list()
			.stream()
			.filter((candidate) -> candidate.id() == this.window.window().id())
			.findFirst()
			.orElse(this.window.window());
		List<String> problems = new ArrayList<>();
		if (listed.pid() == 0) {
			problems.add("no process id");
		}
		if (listed.executable().isEmpty()) {
			problems.add("no executable");
		}
		String detail = "listed with pid " + listed.pid() + ", executable '" + listed.executable() + "', bounds "
				+ ((listed.bounds() != null) ? SelfTest.show(listed.bounds()) : "unknown");
		Optional<Rect> java = this.space.toDesktop(this.window.place().client());
		if (listed.bounds() == null) {
			return SelfTestResult.fail("window facts", detail + ": agents cannot aim at a window without bounds");
		}
		if (java.isPresent()) {
			Rect j = java.get();
			Rect l = listed.bounds();
			int slack = 2 * WitnessSpace.tolerance(ratioAt(j));
			detail += "; Java puts its content at " + SelfTest.show(j);
			if (Math.abs(j.x() - l.x()) > slack || Math.abs(j.y() - l.y()) > slack
					|| Math.abs(j.width() - l.width()) > slack || Math.abs(j.height() - l.height()) > slack) {
				return SelfTestResult.fail("window facts", detail + ": the listed bounds are not the window's client"
						+ " area, so an element or a window aimed at through them is missed");
			}
		}
		return problems.isEmpty() ? SelfTestResult.pass("window facts", detail)
				: SelfTestResult.warn("window facts", detail + "; missing: " + String.join(", ", problems));
	}

	/** Desktop units per Java unit where a rectangle of desktop units starts. */
	private double ratioAt(Rect desktop) {
		for (WitnessScreen screen : this.window.screens()) {
			Optional<DisplayInfo> display = this.space.display(screen);
			if (display.isPresent() && display.get().bounds().contains(desktop.x(), desktop.y())) {
				return WitnessSpace.ratio(screen, display.get());
			}
		}
		return 1.0;
	}

	/** A point in the witness's text area, below its target row, in desktop units. */
	Optional<Point> textArea() {
		WitnessPlace place = this.window.place();
		if (place != null && this.space != null) {
			Rect client = place.client();
			Optional<Point> point = this.space
				.toDesktop(new Point(client.x() + client.width() / 2, client.y() + client.height() - 30));
			if (point.isPresent()) {
				return point;
			}
		}
		Rect bounds = this.window.window().bounds();
		return (bounds != null) ? Optional.of(new Point(bounds.x() + bounds.width() / 2, bounds.bottom() - 30))
				: Optional.empty();
	}

	private Optional<String> javaPointer() {
		try {
			return this.window.pointer().map(SelfTest::show);
		}
		catch (RuntimeException ex) {
			return Optional.empty();
		}
	}

	private static boolean near(Point a, Point b, int tolerance) {
		return Math.abs(a.x() - b.x()) <= tolerance && Math.abs(a.y() - b.y()) <= tolerance;
	}

}
