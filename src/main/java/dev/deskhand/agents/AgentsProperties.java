package dev.deskhand.agents;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The vendor endpoints ({@code /agents/...}).
 *
 * @param sandbox whether the desktop is a throwaway sandbox: only then are a vendor's
 * safety checks acknowledged without asking a person
 * @param scrollPixelsPerClick how many pixels of a vendor's pixel scroll one wheel click
 * stands for ({@link ScrollClicks})
 */
@ConfigurationProperties("deskhand.agents")
public record AgentsProperties(@DefaultValue("false") boolean sandbox, @DefaultValue("100") int scrollPixelsPerClick) {

	public AgentsProperties {
		if (scrollPixelsPerClick < 1) {
			throw new IllegalArgumentException(
					"deskhand.agents.scroll-pixels-per-click must be at least 1, got " + scrollPixelsPerClick);
		}
	}

}
