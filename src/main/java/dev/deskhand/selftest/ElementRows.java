package dev.deskhand.selftest;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import dev.deskhand.input.InputAction;
import dev.deskhand.platform.OperatingSystem;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.selftest.SelfTest.Probe;

/**
 * The accessibility driver on the witness's own elements: find its button and field by
 * name, press the button and set the field's text through the input queue
 * (click_element's and set_value's path), and believe it only when the witness reports
 * the press and holds the text. Where the tree cannot be read or the witness is not in
 * it, the rows say why they were skipped.
 */
final class ElementRows {

	private static final String TEXT = "set by the Deskhand self-test ✓";

	private final Probe probe;

	private final SelfTestWitness.Opened window;

	private final Consumer<SelfTestResult> rows;

	ElementRows(Probe probe, SelfTestWitness.Opened window, Consumer<SelfTestResult> rows) {
		this.probe = probe;
		this.window = window;
		this.rows = rows;
	}

	void run() {
		AccessibilityDriver accessibility = this.probe.accessibility();
		AccessibilityStatus status = accessibility.status();
		if (!status.available()) {
			this.rows.accept(SelfTestResult.skip("elements",
					"the accessibility tree cannot be read: " + accessibility.name() + ": " + status.detail()));
			return;
		}
		if (this.window == null) {
			this.rows.accept(SelfTestResult.skip("elements", "no witness window to find elements in"));
			return;
		}
		Optional<Element> button;
		Optional<Element> field;
		try {
			ElementList list = accessibility
				.list(new ElementQuery(this.window.window(), null, Set.of(), null, null, Set.of(), false, true, 500));
			button = named(list, SelfTestWitness.BUTTON);
			field = named(list, SelfTestWitness.FIELD);
			if (button.isEmpty() && field.isEmpty()) {
				this.rows.accept(SelfTestResult.warn("elements: find",
						accessibility.name() + ": " + status.detail() + "; the witness window's tree holds "
								+ list.elements().size() + " elements, none named '" + SelfTestWitness.BUTTON + "' or '"
								+ SelfTestWitness.FIELD + "': " + whyJavaIsMissing()
								+ ". Pressing and setting text were skipped"));
				return;
			}
			this.rows.accept(SelfTestResult.pass("elements: find",
					accessibility.name() + " found " + (button.isPresent() ? "the button" : "no button") + " and "
							+ (field.isPresent() ? "the field" : "no field") + " among " + list.elements().size()
							+ " elements of the witness window"));
		}
		catch (RuntimeException ex) {
			this.rows.accept(SelfTestResult.fail("elements: find", SelfTest.describe(ex)));
			return;
		}
		this.rows.accept(button.map(this::press)
			.orElse(SelfTestResult.skip("elements: press", "the witness's button was not found")));
		this.rows.accept(field.map(this::setText)
			.orElse(SelfTestResult.skip("elements: set text", "the witness's field was not found")));
	}

	private static Optional<Element> named(ElementList list, String name) {
		return list.elements().stream().filter((element) -> name.equals(element.name())).findFirst();
	}

	private SelfTestResult press(Element button) {
		int before = this.window.presses();
		try {
			this.probe.execute(new InputAction.PressElement(new InputAction.ElementTarget("self-test", button), null));
		}
		catch (RuntimeException ex) {
			return SelfTestResult.fail("elements: press", "pressing the button failed: " + SelfTest.describe(ex));
		}
		if (SelfTest.await(() -> this.window.presses() > before, SelfTest.READ_BACK)) {
			return SelfTestResult.pass("elements: press",
					"ran the button's action '" + first(button.actions()) + "'; the witness saw its button pressed");
		}
		return SelfTestResult.fail("elements: press", "ran the button's action '" + first(button.actions())
				+ "' and the toolkit accepted it, but the witness's button was never pressed");
	}

	private SelfTestResult setText(Element field) {
		try {
			this.probe
				.execute(new InputAction.SetElementText(new InputAction.ElementTarget("self-test", field), TEXT, null));
		}
		catch (RuntimeException ex) {
			return SelfTestResult.fail("elements: set text",
					"setting the field's text failed: " + SelfTest.describe(ex));
		}
		if (SelfTest.await(() -> this.window.field().equals(TEXT), SelfTest.READ_BACK)) {
			return SelfTestResult.pass("elements: set text",
					"set the field's text; the witness's field holds exactly it");
		}
		return SelfTestResult.fail("elements: set text", "set the field's text to \"" + TEXT
				+ "\" and the toolkit accepted it, but the witness's field holds \"" + this.window.field() + "\"");
	}

	private static String first(List<String> actions) {
		return actions.isEmpty() ? "default" : actions.get(0);
	}

	private static String whyJavaIsMissing() {
		return switch (OperatingSystem.current()) {
			case WINDOWS -> "Swing shows itself to UI Automation only through the Java Access Bridge"
					+ " (turn it on with 'jabswitch -enable' in the JDK's bin directory, then run the self-test again)";
			case MACOS -> "Swing should show itself to AX on macOS; if it does not, the Accessibility permission or"
					+ " the AX walk of a Java window is at fault";
			default -> "Swing shows itself to AT-SPI only with the ATK wrapper (java-atk-wrapper) installed and"
					+ " assistive technologies on";
		};
	}

}
