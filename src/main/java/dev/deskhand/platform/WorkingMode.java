package dev.deskhand.platform;

import java.util.Locale;

import org.springframework.core.env.PropertyResolver;

/**
 * How the agent shares the desktop with the person at it ({@code deskhand.working-mode}),
 * chosen by the operator for the whole server at start-up: the driver binds its input
 * devices or its display accordingly, so the mode cannot change under a running agent.
 * Drivers read it with {@link #of(PropertyResolver)} and refuse a mode they cannot keep,
 * with a sentence naming the one that works there.
 */
public enum WorkingMode {

	/**
	 * The agent uses the person's pointer, keyboard focus and display: the person keeps
	 * their hands off while it works, and their own input pre-empts it.
	 */
	SHARED,

	/**
	 * The agent has a pointer and a keyboard focus of its own on the person's desktop (a
	 * second seat on sway, a second master pointer/keyboard on X11): the person keeps
	 * their cursor and focus, and their own input does not pre-empt the agent.
	 */
	OWN_SEAT,

	/**
	 * The agent's applications open on a display of its own beside the person's (an
	 * Xephyr window on the person's X11 desktop, or an Xvfb the person watches in the
	 * console): only the person reaching into that display pre-empts the agent.
	 */
	OWN_DISPLAY;

	/** The property that chooses it. */
	public static final String PROPERTY = "deskhand.working-mode";

	/**
	 * The configured mode, {@link #SHARED} when unset.
	 * @throws IllegalArgumentException naming the accepted values for anything else
	 */
	public static WorkingMode of(PropertyResolver properties) {
		return parse(properties.getProperty(PROPERTY, "shared"));
	}

	static WorkingMode parse(String value) {
		String normalized = value.trim().toUpperCase(Locale.ROOT).replace('-', '_');
		for (WorkingMode mode : values()) {
			if (mode.name().equals(normalized)) {
				return mode;
			}
		}
		throw new IllegalArgumentException(
				PROPERTY + " must be shared, own-seat or own-display, not '" + value.trim() + "'");
	}

	/** The name in configuration, the console and the audit, e.g. {@code own-seat}. */
	public String configName() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

}
