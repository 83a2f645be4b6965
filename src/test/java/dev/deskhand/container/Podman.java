package dev.deskhand.container;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.opentest4j.TestAbortedException;

/**
 * The podman command line, rootful, with the repository's {@code image/containers.conf}
 * (runc, ulimits this machine can grant) passed through {@code CONTAINERS_CONF}, as
 * {@code image/build.sh} uses it. Output goes to files, not pipes: a detached container's
 * conmon could otherwise hold a pipe open.
 */
final class Podman {

	/**
	 * The tag the tests build and run; image/build.sh's default is
	 * localhost/deskhand:dev.
	 */
	static final String TEST_IMAGE = "localhost/deskhand:test";

	private static final Duration BUILD = Duration.ofMinutes(15);

	private final Path repository;

	private Podman(Path repository) {
		this.repository = repository;
	}

	/**
	 * @return podman for the repository in the working directory (Maven's basedir)
	 * @throws AssertionError on CI (environment variable {@code CI} set) when podman or
	 * mmdebstrap is missing: .ci/run installs them
	 * @throws TestAbortedException elsewhere, saying what to install
	 */
	static Podman require() {
		List<String> missing = new ArrayList<>();
		for (String tool : List.of("podman", "runc", "mmdebstrap")) {
			if (onPath(tool) == null) {
				missing.add(tool);
			}
		}
		if (!missing.isEmpty()) {
			String message = "the container image tests need " + missing
					+ " (apt-get install podman runc mmdebstrap, as .ci/run does) and root";
			if (System.getenv("CI") != null) {
				throw new AssertionError(message);
			}
			throw new TestAbortedException(message);
		}
		return new Podman(Path.of("").toAbsolutePath());
	}

	private static Path onPath(String tool) {
		for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
			for (String prefix : List.of(dir, "/usr/sbin", "/sbin")) {
				Path candidate = Path.of(prefix, tool);
				if (Files.isExecutable(candidate)) {
					return candidate;
				}
			}
		}
		return null;
	}

	Path repository() {
		return this.repository;
	}

	/**
	 * Builds {@link #TEST_IMAGE} with image/build.sh from the packaged jar: the base root
	 * filesystem is reused when its package list did not change, the application layer is
	 * always rebuilt (seconds).
	 * @return the image's tag
	 */
	String buildImage() {
		Path jar = packagedJar();
		Result result = run(BUILD, Map.of("DESKHAND_IMAGE", TEST_IMAGE),
				List.of(this.repository.resolve("image/build.sh").toString(), jar.toString()));
		result.requireSuccess("image/build.sh");
		// what it reused or made, and how long the root filesystem took: worth seeing in
		// CI's log
		System.out.print(result.stderr());
		return TEST_IMAGE;
	}

	private Path packagedJar() {
		String configured = System.getProperty("deskhand.image.jar");
		if (configured != null && Files.isRegularFile(Path.of(configured))) {
			return Path.of(configured);
		}
		try (var jars = Files.newDirectoryStream(this.repository.resolve("target"), "deskhand-*.jar")) {
			for (Path jar : jars) {
				return jar;
			}
		}
		catch (IOException ex) {
			// no target directory: said below
		}
		throw new AssertionError("no packaged jar (" + configured + "): the container tests run in Maven's "
				+ "integration-test phase, after package (./mvnw verify), or after ./mvnw package -DskipTests");
	}

	/** {@code podman args...}, expected to succeed. */
	Result podman(Duration timeout, String... arguments) {
		List<String> command = new ArrayList<>();
		command.add("podman");
		command.addAll(List.of(arguments));
		return run(timeout, Map.of(), command);
	}

	Result run(Duration timeout, Map<String, String> environment, List<String> command) {
		try {
			Path dir = Files.createTempDirectory("deskhand-podman");
			try {
				Path out = dir.resolve("stdout");
				Path err = dir.resolve("stderr");
				ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
					.redirectError(err.toFile())
					.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
				builder.environment()
					.put("CONTAINERS_CONF", this.repository.resolve("image/containers.conf").toString());
				builder.environment().putAll(environment);
				Process process = builder.start();
				int exit;
				if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
					exit = process.exitValue();
				}
				else {
					process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
					exit = -1;
				}
				return new Result(command, exit, Files.readString(out, StandardCharsets.UTF_8),
						Files.readString(err, StandardCharsets.UTF_8));
			}
			finally {
				try (var files = Files.list(dir)) {
					for (Path file : files.toList()) {
						Files.deleteIfExists(file);
					}
				}
				Files.deleteIfExists(dir);
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted running " + command, ex);
		}
	}

	/** How a command ended; exit -1: killed at its timeout. */
	record Result(List<String> command, int exit, String stdout, String stderr) {

		Result requireSuccess(String what) {
			if (this.exit != 0) {
				throw new AssertionError(what + " " + ((this.exit == -1) ? "timed out" : "exited " + this.exit) + ": "
						+ this.command + "\n" + this.stderr + this.stdout);
			}
			return this;
		}

	}

}
