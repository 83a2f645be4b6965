package dev.deskhand.selftest;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.input.InputAction;
import dev.deskhand.input.InputQueue;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.WindowInfo;

/**
 * The witness as a second Java process ({@link SelfTestWindow}) started the way agents
 * start applications, through the input queue's launch, so that it opens on the driven
 * desktop (a managed Xvfb included) and launching is checked on the way.
 */
final class WitnessWindowProcess implements SelfTestWitness {

	private static final Duration WINDOW_TIMEOUT = Duration.ofSeconds(30);

	private static final Duration FOCUS_TIMEOUT = Duration.ofSeconds(3);

	private static final Duration TITLE_TIMEOUT = Duration.ofSeconds(5);

	private final InputQueue queue;

	private final DesktopDriver driver;

	private final Path directory;

	private final String mainClass;

	WitnessWindowProcess(InputQueue queue, DesktopDriver driver, Path directory, String mainClass) {
		this.queue = queue;
		this.driver = driver;
		this.directory = directory;
		this.mainClass = mainClass;
	}

	@Override
	public Opened open(String title) {
		Path file = this.directory.resolve("witness.txt");
		String classPath = System.getProperty("java.class.path");
		List<String> command = command(ProcessHandle.current().info().command().orElse("java"), classPath,
				isBootJar(classPath), this.mainClass, file, title);
		this.queue.execute(SelfTest.SESSION, new InputAction.Launch("java", command, WINDOW_TIMEOUT, FOCUS_TIMEOUT));
		WindowInfo window = awaitTitle(title);
		return new Opened() {

			@Override
			public WindowInfo window() {
				return window;
			}

			@Override
			public String received() {
				try {
					return Files.readString(file, StandardCharsets.UTF_8);
				}
				catch (NoSuchFileException ex) {
					return "";
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}

			@Override
			public void close() {
				try {
					Files.deleteIfExists(file);
				}
				catch (IOException ex) {
					throw new UncheckedIOException(ex);
				}
			}

		};
	}

	/**
	 * The command that starts the witness with this JVM: {@code -jar} for Deskhand's own
	 * jar (whose classes, under {@code BOOT-INF}, a plain class path cannot reach), the
	 * main class on this class path otherwise (an IDE, {@code spring-boot:run}, a test
	 * runner's manifest-only jar).
	 */
	static List<String> command(String javaCommand, String classPath, boolean bootJar, String mainClass, Path file,
			String title) {
		List<String> command = new ArrayList<>(List.of(javaCommand, "-Xmx64m", "-XX:+UseSerialGC"));
		if (bootJar) {
			command.addAll(List.of("-jar", classPath));
		}
		else {
			command.addAll(List.of("-cp", classPath, mainClass));
		}
		command.add(SelfTestWindow.ARGUMENT + file.toAbsolutePath());
		command.add(title);
		return command;
	}

	/**
	 * Whether the class path is one Spring Boot jar: its manifest names a Start-Class.
	 */
	static boolean isBootJar(String classPath) {
		if (!classPath.endsWith(".jar") || classPath.contains(File.pathSeparator)) {
			return false;
		}
		try (JarFile jar = new JarFile(classPath)) {
			Manifest manifest = jar.getManifest();
			return manifest != null && manifest.getMainAttributes().getValue("Start-Class") != null;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private WindowInfo awaitTitle(String title) {
		long deadline = System.nanoTime() + TITLE_TIMEOUT.toNanos();
		while (true) {
			Optional<WindowInfo> window = this.driver.windows()
				.list()
				.stream()
				.filter((candidate) -> candidate.title().equals(title))
				.findFirst();
			if (window.isPresent()) {
				return window.get();
			}
			if (System.nanoTime() > deadline) {
				throw new DeskhandException(ErrorCode.E_NOT_FOUND, "the witness window started but no window titled '"
						+ title + "' is listed within " + TITLE_TIMEOUT.toSeconds() + " s");
			}
			try {
				Thread.sleep(50);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				throw new DeskhandException(ErrorCode.E_FAIL, "interrupted while waiting for the witness window");
			}
		}
	}

}
