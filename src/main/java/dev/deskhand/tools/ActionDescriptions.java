package dev.deskhand.tools;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

import dev.deskhand.approval.Capability;
import dev.deskhand.approval.SystemKeys;
import dev.deskhand.audit.Redaction;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.KeyChord;
import dev.deskhand.platform.Point;

/**
 * What an action needs (its capabilities) and what it will do, in words a human approving
 * it can judge: typed text is shortened, coordinates are the desktop's.
 */
class ActionDescriptions {

	static final int TEXT_PREVIEW = 40;

	private final SystemKeys systemKeys;

	ActionDescriptions(SystemKeys systemKeys) {
		this.systemKeys = systemKeys;
	}

	Set<Capability> capabilities(List<InputAction> actions) {
		Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
		for (InputAction action : actions) {
			capabilities.addAll(capabilities(action));
		}
		return capabilities;
	}

	Set<Capability> capabilities(InputAction action) {
		if (action instanceof InputAction.TypeText) {
			return EnumSet.of(Capability.KEYBOARD);
		}
		if (action instanceof InputAction.PressKeys keys) {
			return keyCapability(keys.chord());
		}
		if (action instanceof InputAction.HoldKeys hold) {
			return keyCapability(hold.chord());
		}
		if (action instanceof InputAction.Pause) {
			return EnumSet.noneOf(Capability.class);
		}
		if (action instanceof InputAction.Click click && isSystemKey(click.modifiers())) {
			return EnumSet.of(Capability.POINTER, Capability.SYSTEM_KEYS);
		}
		return EnumSet.of(Capability.POINTER);
	}

	String describe(List<InputAction> actions) {
		return actions.stream().map(this::describe).collect(Collectors.joining("; then "));
	}

	/** The description for the audit trail: typed text only as its length and hash. */
	String describeForAudit(List<InputAction> actions) {
		return actions.stream()
			.map((action) -> (action instanceof InputAction.TypeText type) ? "type " + Redaction.of(type.text())
					: describe(action))
			.collect(Collectors.joining("; then "));
	}

	String describe(InputAction action) {
		if (action instanceof InputAction.MoveTo move) {
			return "move the mouse to " + at(move.to());
		}
		if (action instanceof InputAction.Click click) {
			String what = switch (click.count()) {
				case 2 -> "double-click";
				case 3 -> "triple-click";
				default -> click.button().name().toLowerCase(Locale.ROOT) + "-click";
			};
			return what + ((click.at() != null) ? " at " + at(click.at()) : " where the pointer is")
					+ (click.modifiers().isEmpty() ? "" : " holding " + click.modifiers());
		}
		if (action instanceof InputAction.Button button) {
			return (button.down() ? "press and hold" : "release") + " the left button"
					+ ((button.at() != null) ? " at " + at(button.at()) : "");
		}
		if (action instanceof InputAction.Drag drag) {
			return "drag from " + at(drag.from()) + " to " + at(drag.to());
		}
		if (action instanceof InputAction.Scroll scroll) {
			return "scroll " + scroll.direction().name().toLowerCase(Locale.ROOT) + " " + scroll.amount() + " clicks"
					+ ((scroll.at() != null) ? " at " + at(scroll.at()) : "");
		}
		if (action instanceof InputAction.TypeText type) {
			return "type \"" + Redaction.summary(type.text(), TEXT_PREVIEW) + "\"";
		}
		if (action instanceof InputAction.PressKeys keys) {
			return "press " + keys.chord() + ((keys.repeat() > 1) ? " " + keys.repeat() + " times" : "");
		}
		if (action instanceof InputAction.HoldKeys hold) {
			return "hold " + hold.chord() + " for " + hold.duration().toMillis() / 1000.0 + " s";
		}
		if (action instanceof InputAction.Pause pause) {
			return "wait " + pause.duration().toMillis() / 1000.0 + " s";
		}
		return action.tool();
	}

	private Set<Capability> keyCapability(KeyChord chord) {
		return isSystemKey(chord) ? EnumSet.of(Capability.SYSTEM_KEYS) : EnumSet.of(Capability.KEYBOARD);
	}

	private boolean isSystemKey(KeyChord chord) {
		return !chord.isEmpty() && this.systemKeys.isSystemKey(chord);
	}

	private static String at(Point point) {
		return "(" + point.x() + ", " + point.y() + ") on the desktop";
	}

}
