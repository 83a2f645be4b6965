package dev.deskhand.selftest;

import java.util.Arrays;
import java.util.stream.Stream;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code --deskhand.self-test} on the command line: Deskhand starts without its servers
 * (no port is opened, a running Deskhand is not disturbed), runs the self-test and exits.
 */
public final class SelfTestCommand {

	/** The argument that runs the self-test. */
	public static final String ARGUMENT = "--deskhand.self-test";

	private SelfTestCommand() {
	}

	public static boolean requested(String[] args) {
		return Arrays.asList(args).contains(ARGUMENT);
	}

	/**
	 * Runs the self-test with the application's configuration.
	 * @return the process's exit code: 0 when no check failed
	 */
	public static int run(Class<?> application, String[] args) {
		// as arguments, which no configuration file overrides; the quieter logging only
		// as
		// defaults, which one may
		// the person who runs it sits at the desk: their hand on the mouse must not count
		// as taking the desk back from the self-test, nor its steps fill the session
		// record
		Stream<String> forced = Stream.of("--deskhand.self-test.enabled=true",
				"--deskhand.self-test.main-class=" + application.getName(), "--deskhand.human.enabled=false",
				"--deskhand.trajectory.enabled=false");
		String[] rest = Stream.concat(Arrays.stream(args).filter((arg) -> !arg.equals(ARGUMENT)), forced)
			.toArray(String[]::new);
		ConfigurableApplicationContext context = new SpringApplicationBuilder(application).web(WebApplicationType.NONE)
			.properties("spring.main.banner-mode=off", "logging.level.root=WARN",
					"logging.level.org.springframework=ERROR",
					// the failsafe row trips it on purpose: its warning would land amid
					// the
					// table, which says so itself
					"logging.level.dev.deskhand.input.Failsafe=ERROR")
			.run(rest);
		return SpringApplication.exit(context);
	}

}
