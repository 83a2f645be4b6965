package dev.deskhand.actions;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * {@code deskhand.apps.*}: what {@code open_application} may start.
 *
 * @param launchable application name → the command that starts it (program and arguments,
 * no shell). Only these can be launched; never an arbitrary command line.
 * @param launchWait how long open_application waits for a launched app's window to appear
 */
@ConfigurationProperties("deskhand.apps")
public record ApplicationsProperties(@DefaultValue Map<String, List<String>> launchable,
		@DefaultValue("15s") Duration launchWait) {

	public ApplicationsProperties {
		launchable = Map.copyOf(launchable);
		launchable.forEach((name, command) -> {
			if (command == null || command.isEmpty() || command.get(0).isBlank()) {
				throw new IllegalArgumentException("deskhand.apps.launchable." + name + " needs a command");
			}
		});
	}

}
