package dev.deskhand.platform;

import java.util.Optional;

/**
 * The display of its own an agent works on in the {@link WorkingMode#OWN_DISPLAY
 * own-display} working mode, started by Deskhand for the server's lifetime: what the
 * console, the start-up banner and {@code /actuator/info} tell the person about it.
 *
 * @param name the agent display's name, e.g. {@code :110}
 * @param server the X server it is, e.g. {@code Xephyr} or {@code Xvfb}
 * @param hostDisplay the person's display its window is nested in (Xephyr), empty for a
 * headless one the person watches in the console
 */
public record AgentDisplay(String name, String server, Optional<String> hostDisplay) {

	/** Whether the person sees it as a window on their own desktop and can reach in. */
	public boolean nested() {
		return this.hostDisplay.isPresent();
	}

	/** How the person watches it, in a sentence. */
	public String howToWatch() {
		return this.hostDisplay
			.map((host) -> "watch it in the window \"" + title(this.name) + "\" on your display " + host
					+ " (your pointer or keys in that window reach the agent's apps and stop the agent)")
			.orElse("watch it in the console's live view (it is headless: nothing of it shows on your desktop)");
	}

	/** The nested window's title. */
	public static String title(String name) {
		return "Deskhand agent display " + name;
	}

}
