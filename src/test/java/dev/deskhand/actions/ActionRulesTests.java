package dev.deskhand.actions;

import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import dev.deskhand.approval.Capability;
import dev.deskhand.approval.SystemKeys;
import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.ScrollDirection;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementRole;

import static dev.deskhand.approval.Capability.CLIPBOARD_WRITE;
import static dev.deskhand.approval.Capability.KEYBOARD;
import static dev.deskhand.approval.Capability.LAUNCH;
import static dev.deskhand.approval.Capability.POINTER;
import static dev.deskhand.approval.Capability.SYSTEM_KEYS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The security table: every kind of input action × every argument that presses a key,
 * holds a key, presses a button or moves the pointer → the capabilities it needs and the
 * words a human approving it reads. {@link #everyKindAndArgumentHasARow()} fails when a
 * kind or an argument is added without a row here. {@link ApproverTableTests} adds the
 * approval column: who may approve each row, per transport and agent trust.
 */
class ActionRulesTests {

	private static final Point P = new Point(10, 20);

	private static final Point Q = new Point(300, 400);

	// The default system chords, plus one that is modifiers only: then a click's
	// modifiers can be one.
	private static final SystemKeys SYSTEM_KEYS_LIST = new SystemKeys(
			List.of("ctrl+alt+Delete", "ctrl+alt+BackSpace", "ctrl+alt+F1-F12", "ctrl+alt+Escape", "super+l",
					"ctrl+alt+l", "alt+F4", "alt+F2", "ctrl+shift+Escape", "alt+Print", "super"),
			(key) -> true);

	private final ActionRules rules = new ActionRules(SYSTEM_KEYS_LIST);

	private static final InputAction.ElementTarget SEND = element("e7", ElementRole.PUSH_BUTTON, "Send");

	private static final InputAction.ElementTarget FIELD = element("e8", ElementRole.ENTRY, "To");

	private static final InputAction.ElementTarget PASSWORD = element("e9", ElementRole.PASSWORD_TEXT, "Password");

	private static InputAction.ElementTarget element(String ref, ElementRole role, String name) {
		return new InputAction.ElementTarget(ref,
				new Element(new ElementHandle(":1.4", "/org/a11y/atspi/accessible/" + ref), role, name, Set.of(),
						new Rect(0, 0, 20, 40), List.of("click"), null, new ElementApp("thunderbird", 42), true, true));
	}

	/**
	 * One row: the action, the argument it exercises, what it needs, words the
	 * description must hold.
	 */
	record Row(InputAction action, String argument, Set<Capability> capabilities, String words) {

		@Override
		public String toString() {
			return this.action.getClass().getSimpleName() + "." + this.argument + " " + this.action;
		}

	}

	static List<Row> rows() {
		List<Row> rows = new ArrayList<>();
		rows.add(row(new InputAction.MoveTo(P), "to", Set.of(POINTER), "move the mouse to (10, 20) on the desktop"));

		rows.add(row(click("left_click", P, MouseButton.LEFT, 1, ""), "at", Set.of(POINTER),
				"left-click at (10, 20) on the desktop"));
		rows.add(row(click("left_click", null, MouseButton.LEFT, 1, ""), "at", Set.of(POINTER),
				"left-click where the pointer is"));
		rows.add(row(click("right_click", P, MouseButton.RIGHT, 1, ""), "button", Set.of(POINTER), "right-click at"));
		rows.add(
				row(click("middle_click", P, MouseButton.MIDDLE, 1, ""), "button", Set.of(POINTER), "middle-click at"));
		rows.add(row(click("double_click", P, MouseButton.LEFT, 2, ""), "count", Set.of(POINTER), "double-click at"));
		rows.add(row(click("triple_click", P, MouseButton.LEFT, 3, ""), "count", Set.of(POINTER), "triple-click at"));
		rows.add(row(click("left_click", P, MouseButton.LEFT, 1, "ctrl+shift"), "modifiers", Set.of(POINTER),
				"left-click at (10, 20) on the desktop holding Control_L+Shift_L"));
		rows.add(row(click("left_click", P, MouseButton.LEFT, 1, "super"), "modifiers", Set.of(POINTER, SYSTEM_KEYS),
				"holding Super_L"));
		rows.add(row(click("left_click", P, MouseButton.LEFT, 1, "rsuper"), "modifiers", Set.of(POINTER, SYSTEM_KEYS),
				"holding Super_R"));

		rows.add(row(new InputAction.Button("left_mouse_down", P, MouseButton.LEFT, true), "at", Set.of(POINTER),
				"press and hold the left button at (10, 20)"));
		rows.add(row(new InputAction.Button("left_mouse_up", null, MouseButton.LEFT, false), "at", Set.of(POINTER),
				"release the left button"));
		rows.add(row(new InputAction.Button("left_mouse_down", null, MouseButton.LEFT, true), "button", Set.of(POINTER),
				"the left button"));
		rows.add(row(new InputAction.Button("left_mouse_up", P, MouseButton.LEFT, false), "down", Set.of(POINTER),
				"release the left button at (10, 20)"));

		rows.add(row(new InputAction.Drag(P, Q, KeyChord.NONE), "from", Set.of(POINTER), "drag from (10, 20)"));
		rows.add(row(new InputAction.Drag(P, Q, KeyChord.NONE), "to", Set.of(POINTER), "to (300, 400) on the desktop"));
		rows.add(row(new InputAction.Drag(P, Q, modifiers("alt")), "modifiers", Set.of(POINTER), "holding Alt_L"));
		rows.add(row(new InputAction.Drag(P, Q, modifiers("super")), "modifiers", Set.of(POINTER, SYSTEM_KEYS),
				"holding Super_L"));

		rows.add(row(new InputAction.Scroll(P, ScrollDirection.DOWN, 1, KeyChord.NONE), "at", Set.of(POINTER),
				"scroll down 1 clicks at (10, 20)"));
		rows.add(row(new InputAction.Scroll(null, ScrollDirection.LEFT, 1, KeyChord.NONE), "direction", Set.of(POINTER),
				"scroll left"));
		rows.add(row(new InputAction.Scroll(null, ScrollDirection.UP, 7, KeyChord.NONE), "amount", Set.of(POINTER),
				"scroll up 7 clicks"));
		rows.add(row(new InputAction.Scroll(P, ScrollDirection.DOWN, 1, modifiers("ctrl")), "modifiers",
				Set.of(POINTER), "holding Control_L"));
		rows.add(row(new InputAction.Scroll(P, ScrollDirection.DOWN, 1, modifiers("super")), "modifiers",
				Set.of(POINTER, SYSTEM_KEYS), "holding Super_L"));

		rows.add(row(new InputAction.TypeText("hello"), "text", Set.of(KEYBOARD), "type \"hello\""));

		rows.add(row(new InputAction.PressKeys(chord("ctrl+s"), 1), "chord", Set.of(KEYBOARD), "press Control_L+s"));
		rows.add(row(new InputAction.PressKeys(chord("ctrl+alt+Delete"), 1), "chord", Set.of(SYSTEM_KEYS),
				"press Control_L+Alt_L+Delete"));
		rows.add(row(new InputAction.PressKeys(chord("rctrl+ralt+Delete"), 1), "chord", Set.of(SYSTEM_KEYS),
				"press Control_R+Alt_R+Delete"));
		rows.add(row(new InputAction.PressKeys(chord("super+L"), 1), "chord", Set.of(SYSTEM_KEYS), "press Super_L+L"));
		rows.add(
				row(new InputAction.PressKeys(chord("Return"), 3), "repeat", Set.of(KEYBOARD), "press Return 3 times"));

		rows.add(row(new InputAction.HoldKeys(chord("shift"), Duration.ofSeconds(2)), "chord", Set.of(KEYBOARD),
				"hold Shift_L for 2.0 s"));
		rows.add(row(new InputAction.HoldKeys(chord("alt+F4"), Duration.ofSeconds(1)), "chord", Set.of(SYSTEM_KEYS),
				"hold Alt_L+F4"));
		rows.add(row(new InputAction.HoldKeys(chord("a"), Duration.ofMillis(1500)), "duration", Set.of(KEYBOARD),
				"for 1.5 s"));

		rows.add(row(new InputAction.Pause(Duration.ofMillis(1500)), "duration", Set.of(), "wait 1.5 s"));

		InputAction.FocusWindow focus = new InputAction.FocusWindow("xterm", 0x400001, "bash", Duration.ofSeconds(3));
		rows.add(row(focus, "app", Set.of(LAUNCH), "focus the running xterm window 'bash'"));
		rows.add(row(focus, "windowId", Set.of(LAUNCH), "focus the running xterm window"));
		rows.add(row(focus, "title", Set.of(LAUNCH), "window 'bash'"));
		rows.add(row(focus, "focusTimeout", Set.of(LAUNCH), "focus"));
		InputAction.Launch launch = new InputAction.Launch("editor", List.of("gedit", "--new-window"),
				Duration.ofSeconds(15), Duration.ofSeconds(3));
		rows.add(row(launch, "app", Set.of(LAUNCH), "start editor"));
		rows.add(row(launch, "command", Set.of(LAUNCH), "start editor (gedit --new-window)"));
		rows.add(row(launch, "windowTimeout", Set.of(LAUNCH), "start editor"));
		rows.add(row(launch, "focusTimeout", Set.of(LAUNCH), "start editor"));

		rows.add(row(new InputAction.WriteClipboard("hunter2"), "text", Set.of(CLIPBOARD_WRITE),
				"put \"hunter2\" on the clipboard"));

		// Element actions: pressing or focusing is what a pointer does; setting text is
		// typing, and a select-all chord is a key press (a system one would say so).
		rows.add(row(new InputAction.PressElement(SEND, null), "element", Set.of(POINTER),
				"press push button 'Send' in thunderbird (e7)"));
		rows.add(row(new InputAction.PressElement(SEND, P), "at", Set.of(POINTER),
				"press push button 'Send' in thunderbird (e7) by a left-click at its centre (10, 20) on the desktop"));
		rows.add(row(new InputAction.FocusElement(SEND), "element", Set.of(POINTER),
				"focus push button 'Send' in thunderbird (e7)"));
		rows.add(row(new InputAction.SetElementText(FIELD, "hello", null), "element", Set.of(KEYBOARD),
				"replace the text of entry 'To' in thunderbird (e8)"));
		rows.add(row(new InputAction.SetElementText(FIELD, "hello", null), "text", Set.of(KEYBOARD), "with \"hello\""));
		rows.add(row(new InputAction.SetElementText(FIELD, "hello", chord("ctrl+a")), "selectAll", Set.of(KEYBOARD),
				"with \"hello\" (bringing its window to the front, pressing Control_L+a and BackSpace, then typing)"));
		rows.add(row(new InputAction.SetElementText(FIELD, "hello", chord("alt+F4")), "selectAll",
				Set.of(KEYBOARD, SYSTEM_KEYS), "pressing Alt_L+F4"));
		rows.add(row(new InputAction.SetElementText(PASSWORD, "hunter2", null), "text", Set.of(KEYBOARD),
				"with 7 characters (a password, not shown)"));
		return rows;
	}

	static Stream<Arguments> table() {
		return rows().stream().map(Arguments::of);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("table")
	void needsTheseCapabilitiesAndSaysWhatItDoes(Row row) {
		assertThat(this.rules.capabilities(row.action())).as("capabilities").isEqualTo(row.capabilities());
		assertThat(this.rules.describe(row.action())).as("description").contains(row.words());
	}

	@Test
	void everyKindAndArgumentHasARow() {
		Set<String> needed = new TreeSet<>();
		for (Class<?> kind : InputAction.class.getPermittedSubclasses()) {
			for (RecordComponent component : kind.getRecordComponents()) {
				// The tool name is a label, not input: it presses and moves nothing.
				if (!component.getName().equals("tool")) {
					needed.add(kind.getSimpleName() + "." + component.getName());
				}
			}
		}
		Set<String> covered = rows().stream()
			.map((row) -> row.action().getClass().getSimpleName() + "." + row.argument())
			.collect(Collectors.toCollection(TreeSet::new));
		assertThat(covered).as("rows for every kind and argument, and none for an argument that is gone")
			.isEqualTo(needed);
	}

	@Test
	void aBatchNeedsWhatEachOfItsActionsNeeds() {
		List<InputAction> batch = List.of(new InputAction.MoveTo(P), new InputAction.TypeText("x"),
				new InputAction.Scroll(P, ScrollDirection.DOWN, 1, modifiers("super")));
		assertThat(this.rules.capabilities(batch)).containsExactlyInAnyOrder(POINTER, KEYBOARD, SYSTEM_KEYS);
		assertThat(this.rules.describe(batch)).isEqualTo(
				"move the mouse to (10, 20) on the desktop; then type \"x\"; then scroll down 1 clicks at (10, 20) on the desktop holding Super_L");
	}

	@Test
	void theAuditKeepsEnteredTextOnlyAsLengthAndHash() {
		String secret = "correct horse battery staple";
		for (InputAction action : List.of(new InputAction.TypeText(secret), new InputAction.WriteClipboard(secret),
				new InputAction.SetElementText(FIELD, secret, null))) {
			assertThat(this.rules.describeForAudit(List.of(action))).doesNotContain("horse");
			assertThat(this.rules.auditRecord(action).toString()).doesNotContain("horse")
				.contains(String.valueOf(secret.length()));
			assertThat(action.toString()).doesNotContain("horse");
		}
		// The human approving it sees a prefix; the audit never does.
		assertThat(this.rules.describe(new InputAction.TypeText(secret))).contains("correct horse");
	}

	@Test
	void whatAnAgentOrAnApplicationNamedIsShownWithItsInvisibleCharactersSpelledOut() {
		// U+202E (right-to-left override) makes "Send\u202Eesrever" read "Sendreverse";
		// U+3164 (a Hangul filler, a letter that draws nothing) hides a word break
		InputAction.ElementTarget spoofed = new InputAction.ElementTarget("e3",
				new Element(new ElementHandle(":1.9", "/1"), ElementRole.PUSH_BUTTON, "Pay\u202E001$", Set.of(),
						new Rect(0, 0, 20, 40), List.of("click"), null, new ElementApp("bank\u200Bing", 7), true,
						true));

		assertThat(this.rules.describe(new InputAction.PressElement(spoofed, null)))
			.isEqualTo("press push button 'Pay\\u{202E}001$' in bank\\u{200B}ing (e3)");
		assertThat(this.rules.describe(new InputAction.TypeText("rm\u3164-rf ~")))
			.isEqualTo("type \"rm\\u{3164}-rf ~\"");
		assertThat(this.rules.describe(new InputAction.FocusWindow("fire\u2066fox", 1, "Inbox\u202E", null)))
			.isEqualTo("focus the running fire\\u{2066}fox window 'Inbox\\u{202E}'");
		assertThat(this.rules.describe(new InputAction.Launch("x\u200Fterm", List.of("xterm", "-e", "vi\u200D"),
				java.time.Duration.ofSeconds(1), java.time.Duration.ofSeconds(1))))
			.isEqualTo("start x\\u{200F}term (xterm -e vi\\u{200D})");
	}

	@ParameterizedTest
	@org.junit.jupiter.params.provider.ValueSource(strings = { "ctrl+alt+l", "ctrl+alt+Delete", "super+l", "alt+F4",
			"Return", "a", "shift+a", "ctrl+Escape", "F5", "space", "Caps_Lock" })
	void modifiersOfAPointerActionAreModifierKeysOnly(String text) {
		assertThatThrownBy(() -> modifiers(text)).isInstanceOfSatisfying(DeskhandException.class,
				(ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_ARGS));
	}

	@ParameterizedTest
	@org.junit.jupiter.params.provider.ValueSource(
			strings = { "shift", "ctrl+shift", "alt", "altgr", "rctrl", "rshift", "ralt", "cmd", "win", "meta",
					"Meta_R", "Super_R", "ISO_Level3_Shift", "option", "control+alt+shift+super" })
	void everyModifierOfEitherHandIsAccepted(String text) {
		assertThat(modifiers(text).keys()).isNotEmpty().allMatch(KeyChord.MODIFIERS::contains);
	}

	private static Row row(InputAction action, String argument, Set<Capability> capabilities, String words) {
		return new Row(action, argument, capabilities, words);
	}

	private static InputAction click(String tool, Point at, MouseButton button, int count, String modifiers) {
		return new InputAction.Click(tool, at, button, count, modifiers(modifiers));
	}

	private static KeyChord modifiers(String text) {
		return KeyChord.parseModifiers(text, (key) -> true);
	}

	private static KeyChord chord(String text) {
		return KeyChord.parse(text, (key) -> true);
	}

}
