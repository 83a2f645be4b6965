package dev.deskhand.mcp;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which ports the stdio profile opens, as Spring Boot reads the configuration: the
 * packaged files alone (a jar started anywhere) and with the repository's
 * config/application.yml (started in its root), which would otherwise win over the
 * packaged profile.
 */
class StdioProfilePortsTests {

	@ParameterizedTest
	@ValueSource(strings = { "classpath:/", "classpath:/,file:./config/" })
	void stdioOpensNoPortUnlessOneIsAskedFor(String locations) {
		assertThat(ports(locations, List.of("stdio"), Map.of())).containsExactly("-1", "-1");
	}

	@ParameterizedTest
	@ValueSource(strings = { "classpath:/", "classpath:/,file:./config/" })
	void anOperatorsPortAskedForOnTheCommandLineOpens(String locations) {
		assertThat(ports(locations, List.of("stdio"), Map.of("management.server.port", "8081"))).containsExactly("-1",
				"8081");
	}

	@ParameterizedTest
	@ValueSource(strings = { "classpath:/", "classpath:/,file:./config/" })
	void overHttpBothPortsStay(String locations) {
		assertThat(ports(locations, List.of(), Map.of())).containsExactly("8080", "8081");
	}

	/** server.port and management.server.port. */
	private static List<String> ports(String locations, List<String> profiles, Map<String, Object> commandLine) {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources().addFirst(new MapPropertySource("commandLineArgs", commandLine));
		environment.getPropertySources()
			.addLast(new MapPropertySource("locations", Map.of("spring.config.location", locations)));
		ConfigDataEnvironmentPostProcessor.applyTo(environment, new DefaultResourceLoader(), null, profiles);
		return List.of(environment.getProperty("server.port"), environment.getProperty("management.server.port"));
	}

}
