package dev.deskhand.files;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.logging.LogFile;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import dev.deskhand.audit.AuditProperties;
import dev.deskhand.security.SecurityProperties;
import dev.deskhand.selftest.SelfTestProperties;
import dev.deskhand.trajectory.TrajectoryProperties;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every file Deskhand keeps derives from {@code deskhand.state-dir}, as Spring Boot
 * resolves the real configuration: the packaged defaults alone (a jar run anywhere), and
 * with the repository's config/application.yml (spring-boot:run in the repository), which
 * must not pin a path of its own. A specific key still wins over the directory.
 */
class StateDirectoryTests {

	/** The packaged defaults only, or the default locations (./config/ included). */
	private static final String PACKAGED = "classpath:/";

	private static final String WITH_REPOSITORY_CONFIG = "";

	@TempDir
	Path dir;

	@ParameterizedTest
	@ValueSource(strings = { PACKAGED, WITH_REPOSITORY_CONFIG })
	void everyStateFileIsInTheStateDirectory(String locations) {
		Path state = this.dir.resolve("state");
		Files files = resolve(locations, Map.of("deskhand.state-dir", state.toString()), Map.of());
		assertThat(files).isEqualTo(Files.under(state));
	}

	@ParameterizedTest
	@ValueSource(strings = { PACKAGED, WITH_REPOSITORY_CONFIG })
	void withoutTheSettingStateIsInTheHomeDirectory(String locations) {
		Files files = resolve(locations, Map.of(), Map.of());
		assertThat(files).isEqualTo(Files.under(Path.of(System.getProperty("user.home"), ".deskhand")));
		assertThat(StateDirectory.defaultPath()).isEqualTo(Path.of(System.getProperty("user.home"), ".deskhand"));
	}

	@ParameterizedTest
	@ValueSource(strings = { PACKAGED, WITH_REPOSITORY_CONFIG })
	void aSpecificKeyStillWins(String locations) {
		Path state = this.dir.resolve("state");
		Path elsewhere = this.dir.resolve("elsewhere");
		Map<String, Object> arguments = new LinkedHashMap<>();
		arguments.put("deskhand.state-dir", state.toString());
		arguments.put("deskhand.audit.file", elsewhere.resolve("a.jsonl").toString());
		arguments.put("deskhand.security.operator-token-file", elsewhere.resolve("op").toString());
		arguments.put("deskhand.self-test.output", elsewhere.resolve("st").toString());
		arguments.put("logging.file.name", elsewhere.resolve("log").toString());
		Files files = resolve(locations, arguments, Map.of());
		Files expected = Files.under(state);
		assertThat(files)
			.isEqualTo(new Files(elsewhere.resolve("a.jsonl"), expected.auditKey(), expected.trajectories(),
					elsewhere.resolve("op"), expected.agentToken(), elsewhere.resolve("st"), elsewhere.resolve("log")));
	}

	@ParameterizedTest
	@ValueSource(strings = { PACKAGED, WITH_REPOSITORY_CONFIG })
	void aTildeIsTheHomeDirectoryForEveryFileTheLogIncluded(String locations) {
		// logging.file.name is not expanded by Boot or logback: without
		// StateDirectoryHome
		// the log would go to a directory named ~ in the working directory
		Files files = resolve(locations, Map.of("deskhand.state-dir", "~/deskhand-elsewhere"), Map.of());
		assertThat(files).isEqualTo(Files.under(Path.of(System.getProperty("user.home"), "deskhand-elsewhere")));
	}

	@ParameterizedTest
	@ValueSource(strings = { PACKAGED, WITH_REPOSITORY_CONFIG })
	void anEnvironmentVariableNamesItToo(String locations) {
		Path state = this.dir.resolve("from-env");
		Files files = resolve(locations, Map.of(), Map.of("DESKHAND_STATEDIR", state.toString()));
		assertThat(files).isEqualTo(Files.under(state));
	}

	/** The files as the application binds them, with the stdio profile's log file. */
	private static Files resolve(String locations, Map<String, Object> arguments, Map<String, Object> variables) {
		StandardEnvironment environment = new StandardEnvironment();
		Map<String, Object> commandLine = new LinkedHashMap<>(arguments);
		if (!locations.isEmpty()) {
			commandLine.put("spring.config.location", locations);
		}
		// Only user.home of the real system properties and environment (the build sets
		// deskhand.trajectory.dir for the tests).
		MutablePropertySources sources = environment.getPropertySources();
		sources.replace(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME,
				new MapPropertySource(StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME,
						Map.of("user.home", System.getProperty("user.home"))));
		sources.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
						variables));
		sources.addFirst(new MapPropertySource("commandLineArgs", commandLine));
		// as SpringApplication does: relaxed names (DESKHAND_STATEDIR) for placeholders
		// too
		ConfigurationPropertySources.attach(environment);
		ConfigDataEnvironmentPostProcessor.applyTo(environment, null, null, "stdio");
		new StateDirectoryHome().postProcessEnvironment(environment, new SpringApplication());
		Binder binder = Binder.get(environment);
		AuditProperties audit = binder.bindOrCreate("deskhand.audit", AuditProperties.class);
		TrajectoryProperties trajectory = binder.bindOrCreate("deskhand.trajectory", TrajectoryProperties.class);
		SecurityProperties security = binder.bindOrCreate("deskhand.security", SecurityProperties.class);
		SelfTestProperties selfTest = binder.bindOrCreate("deskhand.self-test", SelfTestProperties.class);
		LogFile log = LogFile.get(environment);
		return new Files(audit.file(), audit.keyFile(), trajectory.dir(), security.operatorTokenFile(),
				security.agentTokenFile(), selfTest.output(), (log != null) ? Path.of(log.toString()) : null);
	}

	private record Files(Path audit, Path auditKey, Path trajectories, Path operatorToken, Path agentToken,
			Path selfTest, Path stdioLog) {

		static Files under(Path state) {
			return new Files(state.resolve("audit.jsonl"), state.resolve("audit-key"), state.resolve("trajectories"),
					state.resolve("operator-token"), state.resolve("agent-token"), state.resolve("self-test"),
					state.resolve("stdio.log"));
		}

	}

}
