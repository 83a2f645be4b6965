package dev.deskhand.platform;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A platform property that is {@code auto} or one of an enum's constants, written in any
 * case ({@code deskhand.platform.display-server},
 * {@code deskhand.platform.wayland-desktop}).
 */
final class AutoChoice {

	static final String AUTO = "auto";

	private AutoChoice() {
	}

	/**
	 * The constant a configured value names.
	 * @throws IllegalStateException naming the property and every choice
	 */
	static <E extends Enum<E>> E parse(Class<E> type, String property, String configured) {
		try {
			return Enum.valueOf(type, configured.trim().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			// no cause: Enum.valueOf's "No enum constant" would only repeat this less
			// helpfully
			throw new IllegalStateException(
					"Invalid value '" + configured + "' for " + property + ": use one of " + AUTO + ", "
							+ Arrays.stream(type.getEnumConstants())
								.map((choice) -> choice.name().toLowerCase(Locale.ROOT))
								.collect(Collectors.joining(", ")));
		}
	}

}
