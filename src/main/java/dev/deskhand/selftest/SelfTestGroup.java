package dev.deskhand.selftest;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The self-test's rows by what they check: {@code --deskhand.self-test.only=<id>} runs
 * one group (and the desktop's and platform's facts, which are cheap and frame every
 * report).
 */
enum SelfTestGroup {

	DESKTOP(false), DISPLAYS(true), LAUNCH(true), SCREENSHOT(true), CLICK(true), POINTER(true), FAILSAFE(true),
	FOCUS(true), TYPING(true), CLIPBOARD(false), ELEMENTS(true);

	private final boolean needsWitness;

	SelfTestGroup(boolean needsWitness) {
		this.needsWitness = needsWitness;
	}

	/** What {@code only} is set to for this group. */
	String id() {
		return name().toLowerCase(Locale.ROOT);
	}

	/** Whether its rows compare against the witness window. */
	boolean needsWitness() {
		return this.needsWitness;
	}

	static Optional<SelfTestGroup> of(String id) {
		return Arrays.stream(values())
			.filter((group) -> group.id().equals(id.trim().toLowerCase(Locale.ROOT)))
			.findFirst();
	}

	static String ids() {
		return Arrays.stream(values()).map(SelfTestGroup::id).collect(Collectors.joining(", "));
	}

}
