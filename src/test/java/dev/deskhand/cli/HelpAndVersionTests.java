package dev.deskhand.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.DeskhandApplication;
import dev.deskhand.testing.LocalJvm;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --help} and {@code --version} as a newcomer types them: the real main class in a
 * JVM of its own, started from a directory of its own on a machine with a desktop
 * ({@code DISPLAY} set), where starting the server would succeed and never end.
 */
class HelpAndVersionTests {

	/*
	 * Generous: the JVM alone starts in well under a second, Spring with Deskhand takes
	 * 10-30 s on a loaded machine and then serves until stopped.
	 */
	private static final Duration EXIT = Duration.ofSeconds(60);

	@TempDir
	Path work;

	@Test
	void helpPrintsTheUsageAndExitsWithoutStartingTheServer() throws Exception {
		int port = LocalJvm.freePort();
		int managementPort = LocalJvm.freePort();
		Run help = run("--help", "--server.port=" + port, "--management.server.port=" + managementPort);

		assertThat(help.exited()).as("exits within " + EXIT + help).isTrue();
		assertThat(help.exitCode()).as(help.toString()).isZero();
		assertThat(help.stdout()).contains("Usage:", "--spring.profiles.active=stdio", "--deskhand.self-test",
				"http://127.0.0.1:8080/mcp", "http://127.0.0.1:8081/actuator/console", "~/.deskhand/operator-token",
				"--management.server.port", "docs/clients.md", "config/application.yml");
		// Spring did not start: no log line on either stream
		assertThat(help.stdout() + help.stderr()).doesNotContain(" INFO ", "Tomcat", "DeskhandApplication");
		assertThat(help.stderr()).isEmpty();
	}

	@Test
	void versionPrintsTheVersionThePomBuilds() throws Exception {
		Run version = run("--version");

		assertThat(version.exited()).as("exits within " + EXIT + version).isTrue();
		assertThat(version.exitCode()).as(version.toString()).isZero();
		// an independent source: the pom this build was made from
		assertThat(version.stdout()).startsWith("Deskhand " + pomVersion() + "\n").contains("Spring Boot ", "Java ");
		assertThat(version.stderr()).isEmpty();
	}

	@Test
	void otherArgumentsAreLeftToSpring() {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		boolean answered = HelpAndVersion.answer(DeskhandApplication.class,
				new String[] { "--spring.profiles.active=stdio", "--deskhand.display.name=:5" },
				new PrintStream(out, true, StandardCharsets.UTF_8));

		assertThat(answered).isFalse();
		assertThat(out.size()).isZero();
	}

	@Test
	void helpWinsOverVersionAndNamesTheVersion() {
		ByteArrayOutputStream out = new ByteArrayOutputStream();
		boolean answered = HelpAndVersion.answer(DeskhandApplication.class, new String[] { "--version", "-h" },
				new PrintStream(out, true, StandardCharsets.UTF_8));

		assertThat(answered).isTrue();
		assertThat(out.toString(StandardCharsets.UTF_8)).startsWith("Deskhand " + pomVersion() + ":")
			.contains("Usage:");
	}

	private Run run(String... arguments) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>(List.of(LocalJvm.tool("java"), "-cp",
				System.getProperty("java.class.path"), DeskhandApplication.class.getName()));
		command.addAll(List.of(arguments));
		Path stdout = this.work.resolve("stdout.txt");
		Path stderr = this.work.resolve("stderr.txt");
		ProcessBuilder builder = new ProcessBuilder(command).directory(this.work.toFile())
			.redirectOutput(stdout.toFile())
			.redirectError(stderr.toFile());
		// a desktop that answers: the server, were it started, would come up on it
		builder.environment().put("DISPLAY", TestDesktop.shared().display());
		Process process = builder.start();
		try {
			boolean exited = process.waitFor(EXIT.toMillis(), TimeUnit.MILLISECONDS);
			return new Run(exited, exited ? process.exitValue() : -1, Files.readString(stdout),
					Files.readString(stderr));
		}
		finally {
			process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
		}
	}

	private static String pomVersion() {
		try {
			Matcher version = Pattern.compile("<artifactId>deskhand</artifactId>\\s*<version>([^<]+)</version>")
				.matcher(Files.readString(Path.of("pom.xml")));
			assertThat(version.find()).as("the project's version in pom.xml").isTrue();
			return version.group(1);
		}
		catch (IOException ex) {
			throw new AssertionError("pom.xml in the working directory", ex);
		}
	}

	private record Run(boolean exited, int exitCode, String stdout, String stderr) {

		@Override
		public String toString() {
			return "\n--- stdout\n" + this.stdout + "\n--- stderr\n" + this.stderr;
		}

	}

}
