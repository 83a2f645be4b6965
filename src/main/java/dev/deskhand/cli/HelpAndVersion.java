package dev.deskhand.cli;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import org.springframework.boot.SpringBootVersion;

/**
 * {@code --help} ({@code -h}) and {@code --version} on the command line: answered on
 * standard output before Spring starts, so they open no port, start no Xvfb and exit 0.
 * Spring Boot itself would take them for unknown arguments and start the server.
 */
public final class HelpAndVersion {

	private static final List<String> HELP = List.of("--help", "-h");

	private static final String VERSION = "--version";

	private HelpAndVersion() {
	}

	/**
	 * Answers {@code --help} or {@code --version} when one is among the arguments.
	 * @return true when it did: Deskhand must not start
	 */
	public static boolean answered(Class<?> application, String[] args) {
		return answer(application, args, Terminal.out());
	}

	static boolean answer(Class<?> application, String[] args, PrintStream out) {
		List<String> arguments = Arrays.asList(args);
		if (arguments.stream().anyMatch(HELP::contains)) {
			out.print(Usage.text(version(application)));
			out.flush();
			return true;
		}
		if (arguments.contains(VERSION)) {
			out.println("Deskhand " + version(application));
			out.println("Spring Boot " + Objects.toString(SpringBootVersion.getVersion(), "(version unknown)")
					+ ", Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")");
			out.flush();
			return true;
		}
		return false;
	}

	private static String version(Class<?> application) {
		return DeskhandVersion.of(application)
			.orElse("(version unknown: these classes were not built by Maven, which writes "
					+ "META-INF/build-info.properties)");
	}

}
