package dev.deskhand.actions;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import dev.deskhand.approval.Capability;
import dev.deskhand.approval.SystemKeys;
import dev.deskhand.audit.Redaction;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.elements.Element;

/**
 * What an action needs (its capabilities) and what it will do, in words a human approving
 * it can judge: typed and clipboard text is shortened, coordinates are the desktop's,
 * every held key is named. The audit gets the same words with text only as its length and
 * keyed hash.
 */
final class ActionRules {

	static final int TEXT_PREVIEW = 40;

	/** A launch command is the operator's, shown whole unless it is very long. */
	static final int COMMAND_PREVIEW = 400;

	private final SystemKeys systemKeys;

	ActionRules(SystemKeys systemKeys) {
		this.systemKeys = systemKeys;
	}

	Set<Capability> capabilities(List<InputAction> actions) {
		Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
		for (InputAction action : actions) {
			capabilities.addAll(capabilities(action));
		}
		return capabilities;
	}

	/**
	 * The rule, over the facts every action states: the pointer needs {@code pointer},
	 * typing and pressed keys {@code keyboard}, and a system chord {@code system_keys}
	 * wherever it appears — pressed, or held as modifiers during a click, scroll or drag.
	 */
	Set<Capability> capabilities(InputAction action) {
		Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
		if (action.usesPointer()) {
			capabilities.add(Capability.POINTER);
		}
		if (action.typesText()) {
			capabilities.add(Capability.KEYBOARD);
		}
		for (KeyChord chord : action.pressedChords()) {
			capabilities.add(isSystemKey(chord) ? Capability.SYSTEM_KEYS : Capability.KEYBOARD);
		}
		if (isSystemKey(action.heldModifiers())) {
			capabilities.add(Capability.SYSTEM_KEYS);
		}
		if (action.element() != null && !action.typesText()) {
			// Pressing or focusing an element is what a pointer would do; setting its
			// text is typing, and says so by typesText.
			capabilities.add(Capability.POINTER);
		}
		if (action.application() != null) {
			capabilities.add(Capability.LAUNCH);
		}
		if (action.writesClipboard()) {
			capabilities.add(Capability.CLIPBOARD_WRITE);
		}
		return capabilities;
	}

	String describe(List<InputAction> actions) {
		return actions.stream().map(this::describe).collect(Collectors.joining("; then "));
	}

	/**
	 * The description for the audit trail: typed and clipboard text only as its length
	 * and hash.
	 */
	String describeForAudit(List<InputAction> actions) {
		return actions.stream().map(this::describeForAudit).collect(Collectors.joining("; then "));
	}

	/**
	 * An action as the audit record keeps it: its words, or the tool and its text's
	 * redaction.
	 */
	Object auditRecord(InputAction action) {
		String text = action.enteredText();
		return (text != null) ? Map.of("tool", action.tool(), "text", Redaction.of(text)) : describe(action);
	}

	String describeForAudit(InputAction action) {
		// By the fact, not per kind: a kind that enters text is redacted without a rule
		// of its own.
		String text = action.enteredText();
		if (text == null) {
			return describe(action);
		}
		return action.writesClipboard() ? "put " + Redaction.of(text) + " on the clipboard"
				: action.tool() + " " + Redaction.of(text);
	}

	String describe(InputAction action) {
		return action.accept(WORDS);
	}

	private static final Words WORDS = new Words();

	/**
	 * What each kind does, in the words a human approving it reads: every key held is
	 * named.
	 */
	private static final class Words implements InputAction.Visitor<String> {

		@Override
		public String moveTo(InputAction.MoveTo move) {
			return "move the mouse to " + at(move.to());
		}

		@Override
		public String click(InputAction.Click click) {
			String what = switch (click.count()) {
				case 2 -> "double-click";
				case 3 -> "triple-click";
				default -> click.button().name().toLowerCase(Locale.ROOT) + "-click";
			};
			return what + ((click.at() != null) ? " at " + at(click.at()) : " where the pointer is")
					+ holding(click.modifiers());
		}

		@Override
		public String button(InputAction.Button button) {
			return (button.down() ? "press and hold" : "release") + " the left button"
					+ ((button.at() != null) ? " at " + at(button.at()) : "");
		}

		@Override
		public String drag(InputAction.Drag drag) {
			return "drag from " + at(drag.from()) + " to " + at(drag.to()) + holding(drag.modifiers());
		}

		@Override
		public String scroll(InputAction.Scroll scroll) {
			return "scroll " + scroll.direction().name().toLowerCase(Locale.ROOT) + " " + scroll.amount() + " clicks"
					+ ((scroll.at() != null) ? " at " + at(scroll.at()) : "") + holding(scroll.modifiers());
		}

		@Override
		public String typeText(InputAction.TypeText type) {
			return "type \"" + Redaction.summary(type.text(), TEXT_PREVIEW) + "\"";
		}

		@Override
		public String pressKeys(InputAction.PressKeys keys) {
			return "press " + keys.chord() + ((keys.repeat() > 1) ? " " + keys.repeat() + " times" : "");
		}

		@Override
		public String holdKeys(InputAction.HoldKeys hold) {
			return "hold " + hold.chord() + " for " + hold.duration().toMillis() / 1000.0 + " s";
		}

		@Override
		public String pause(InputAction.Pause pause) {
			return "wait " + pause.duration().toMillis() / 1000.0 + " s";
		}

		@Override
		public String focusWindow(InputAction.FocusWindow focus) {
			return "focus the running " + Redaction.summary(focus.app(), TEXT_PREVIEW) + " window '"
					+ Redaction.summary(focus.title(), TEXT_PREVIEW) + "'";
		}

		@Override
		public String launch(InputAction.Launch launch) {
			return "start " + Redaction.summary(launch.app(), TEXT_PREVIEW) + " ("
					+ Redaction.summary(String.join(" ", launch.command()), COMMAND_PREVIEW) + ")";
		}

		@Override
		public String writeClipboard(InputAction.WriteClipboard write) {
			return "put \"" + Redaction.summary(write.text(), TEXT_PREVIEW) + "\" on the clipboard";
		}

		@Override
		public String pressElement(InputAction.PressElement press) {
			return "press " + element(press.element())
					+ ((press.at() != null) ? " by a left-click at its centre " + at(press.at()) : "");
		}

		@Override
		public String focusElement(InputAction.FocusElement focus) {
			return "focus " + element(focus.element());
		}

		@Override
		public String setElementText(InputAction.SetElementText set) {
			String how = (set.selectAll() != null) ? " (bringing its window to the front, pressing " + set.selectAll()
					+ " and " + InputAction.SetElementText.ERASE + ", then typing)" : "";
			// A password field's new text is not shown even to the approver: it would be
			// on the screen.
			String text = set.element().element().secret()
					? set.text().codePointCount(0, set.text().length()) + " characters (a password, not shown)"
					: "\"" + Redaction.summary(set.text(), TEXT_PREVIEW) + "\"";
			return "replace the text of " + element(set.element()) + " with " + text + how;
		}

	}

	/** An element in words: {@code push button 'Send' in thunderbird}. */
	private static String element(InputAction.ElementTarget target) {
		Element element = target.element();
		String name = element.name().isBlank() ? "" : " '" + Redaction.summary(element.name(), TEXT_PREVIEW) + "'";
		// an application names itself: a bidi override in its name could make the
		// approval
		// read as another application's
		String app = element.app().name().isBlank() ? ""
				: " in " + Redaction.summary(element.app().name(), TEXT_PREVIEW);
		return element.role().spelling() + name + app + " (" + target.ref() + ")";
	}

	private static String holding(KeyChord modifiers) {
		return modifiers.isEmpty() ? "" : " holding " + modifiers;
	}

	private boolean isSystemKey(KeyChord chord) {
		return !chord.isEmpty() && this.systemKeys.isSystemKey(chord);
	}

	private static String at(Point point) {
		return "(" + point.x() + ", " + point.y() + ") on the desktop";
	}

}
