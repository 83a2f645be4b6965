package dev.deskhand.screen;

import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.profiles.*}: which model profile a session starts with, and profiles of
 * one's own.
 *
 * @param defaultProfile the profile of a session whose agent has none
 * ({@code deskhand.profiles.default}; built in: {@code anthropic}, {@code anthropic-hd},
 * {@code openai}, {@code gemini})
 * @param agents agent name (as in {@code deskhand.security.agent-tokens}, or
 * {@code local} without tokens) to the profile its sessions start with
 * @param custom more profiles by name; a built-in name replaces that profile
 */
@ConfigurationProperties("deskhand.profiles")
public record ProfileProperties(@DefaultValue("anthropic") String defaultProfile, Map<String, String> agents,
		Map<String, Custom> custom) {

	public ProfileProperties {
		agents = (agents != null) ? Map.copyOf(agents) : Map.of();
		custom = (custom != null) ? Map.copyOf(custom) : Map.of();
	}

	/**
	 * One profile of one's own.
	 *
	 * @param maxWidth screenshots fit inside this width...
	 * @param maxHeight ...and this height...
	 * @param maxPixels ...and have at most this many pixels
	 * @param coordinates {@code pixels} or {@code grid-1000}
	 * @param format {@code png} or {@code jpeg}
	 * @param jpegQuality 0.0-1.0, for jpeg
	 */
	public record Custom(int maxWidth, int maxHeight, long maxPixels, @DefaultValue("pixels") String coordinates,
			@DefaultValue("png") String format, @DefaultValue("0.9") float jpegQuality) {
	}

}
