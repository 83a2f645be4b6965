package dev.deskhand.files;

import java.nio.file.Path;
import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Expands a leading {@code ~} in {@code deskhand.state-dir} once, before anything reads
 * it: the keys derived from it by placeholders include {@code logging.file.name}, which
 * neither Spring Boot nor logback expands, so {@code ~/x} would otherwise become a
 * directory named {@code ~} in the working directory. Runs after the configuration files
 * are read and before {@link PrivateLogFile} creates the log file.
 */
class StateDirectoryHome implements EnvironmentPostProcessor, Ordered {

	static final String SOURCE = "deskhandStateDirectory";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		String configured = environment.getProperty(StateDirectory.PROPERTY);
		if (configured == null || !configured.startsWith("~")) {
			return;
		}
		Path expanded = StateDirectory.expandHome(Path.of(configured));
		environment.getPropertySources()
			.addFirst(new MapPropertySource(SOURCE, Map.of(StateDirectory.PROPERTY, expanded.toString())));
	}

	@Override
	public int getOrder() {
		return Ordered.LOWEST_PRECEDENCE - 1;
	}

}
