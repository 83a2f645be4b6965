package dev.deskhand.platform;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.springframework.core.env.Environment;

/**
 * A desktop session's variables as a driver reads them: through the {@link Environment},
 * which holds the process environment, so that a property of the same name (a test, a
 * service unit's {@code --WAYLAND_DISPLAY=...}) can stand in for one.
 */
public final class SessionVariables {

	private SessionVariables() {
	}

	/**
	 * @param environment where the variables are looked up
	 * @param names the variables the driver reads
	 * @return those that are set, by name
	 */
	public static Map<String, String> read(Environment environment, List<String> names) {
		Map<String, String> session = new HashMap<>();
		for (String name : names) {
			String value = environment.getProperty(name);
			if (value != null) {
				session.put(name, value);
			}
		}
		return session;
	}

}
