package dev.deskhand.selftest;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.testing.Pointer;
import dev.deskhand.testing.TestDesktop;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The self-test as a user runs it, against a real X11 desktop: a process of its own with
 * {@code --deskhand.self-test}, its exit code and table, and what it left behind checked
 * with xdotool, xclip, wmctrl and the saved files rather than its own word.
 */
class SelfTestLiveTests {

	private static final Duration RUN = Duration.ofSeconds(120);

	private static final Duration QUICK = Duration.ofSeconds(10);

	@TempDir
	Path work;

	@Test
	void passesOnAWorkingDesktopAndLeavesItAsItWas() throws Exception {
		TestDesktop desktop = TestDesktop.shared();
		String copied = "copied before the self-test " + UUID.randomUUID();
		assertThat(desktop.runWithInput(QUICK, copied, "timeout", "5", "xclip", "-i", "-selection", "clipboard")
			.succeeded()).isTrue();
		assertThat(desktop.run(QUICK, "xdotool", "mousemove", "123", "456").succeeded()).isTrue();
		Path state = this.work.resolve("state");
		Path output = state.resolve("self-test");

		Finished run = selfTest(desktop, state);

		assertThat(run.exitCode()).as(run.transcript()).isZero();
		String table = run.stdout();
		assertThat(table).contains("## Deskhand self-test", "- driver: x11 on " + desktop.display(), "PASSED: ");
		for (String check : List.of("desktop", "launch", "display ", "screenshot ", "click ", "pointer ",
				"failsafe sensor", "focus", "window facts", "typing", "clipboard")) {
			assertThat(table).as(check).containsPattern("\\| PASS +\\| " + java.util.regex.Pattern.quote(check));
		}
		assertThat(table).doesNotContain("| FAIL");
		// each row was judged by the witness window, not by the driver's word
		assertThat(table).contains("Java's screen 0: 1920x1080 at (0,0) x1.00")
			.containsPattern("\\| click screen +\\| clicked the target's centre \\((\\d+),(\\d+)\\), where Java drew"
					+ " it; the witness received a press at \\(\\1,\\2\\) in Java's units")
			.contains("on the target")
			.contains("the driver and Java in the witness both read each back")
			.contains("the sensor saw it down and up again")
			.contains("the running failsafe tripped on it (and was re-armed)")
			.contains("focused: Java and the driver agree");
		// the witness received exactly the default text: its row says so, its file is the
		// receiving window's own record
		assertThat(table).contains("characters typed and a BackSpace pressed; the window received exactly them");
		assertThat(Files.readString(output.resolve("report.md"), StandardCharsets.UTF_8))
			.isEqualTo(table.substring(table.indexOf("## Deskhand self-test"), table.indexOf("Saved to ")));
		// under the state directory, private, and said where; nothing in the directory it
		// was started from
		assertThat(table).contains("Saved to " + output.resolve("report.md").toAbsolutePath());
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(output))).isEqualTo("rwx------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(output.resolve("report.md"))))
			.isEqualTo("rw-------");
		try (var started = Files.list(this.work.resolve("cwd"))) {
			assertThat(started).isEmpty();
		}
		BufferedImage screenshot = ImageIO.read(onlyScreenshot(output).toFile());
		// what an agent sees: the shared 1920x1080 desktop within the 1280x800 budget
		assertThat(desktop.geometry()).startsWith("1920x1080");
		assertThat(screenshot.getWidth() + "x" + screenshot.getHeight()).isEqualTo("1280x720");
		assertThat(table).contains("logical 1920x1080, device 1920x1080 (scale 1.00), agent image 1280x720");
		// the pointer is back, by another client's account
		assertThat(desktop.pointerLocation()).isEqualTo(new Pointer(123, 456));
		// the clipboard cannot outlive the self-test on X11 (its text lives in its
		// owner):
		// what can be checked is that it read xclip's text first and put it back
		assertThat(table).contains("read them back; the previous " + copied.length() + " characters are back");
		awaitNoWitnessWindow(desktop);
	}

	@Test
	void onlyRerunsOneRowAndTheReportIsOnDiskAsItGoes() throws Exception {
		TestDesktop desktop = TestDesktop.shared();
		Path state = this.work.resolve("state");

		Finished run = selfTest(desktop, state, "--deskhand.self-test.only=click");

		assertThat(run.exitCode()).as(run.transcript()).isZero();
		assertThat(run.stdout()).contains("- only: click")
			.containsPattern("\\| PASS +\\| click screen +\\| clicked the target's centre")
			.doesNotContain("| typing")
			.doesNotContain("| pointer");
		String saved = Files.readString(state.resolve("self-test").resolve("report.md"), StandardCharsets.UTF_8);
		assertThat(saved).startsWith("## Deskhand self-test\n\n- when: ")
			.contains("- displays: screen 'screen' 1920x1080 at (0,0) scale 1.00")
			.endsWith("PASSED: 3 passed, 0 warnings, 0 failed, 0 skipped\n");
		awaitNoWitnessWindow(desktop);
	}

	private static Path onlyScreenshot(Path output) throws IOException {
		try (var files = Files.list(output)) {
			List<Path> shots = files.filter((file) -> file.getFileName().toString().startsWith("screenshot-")).toList();
			assertThat(shots).hasSize(1);
			return shots.get(0);
		}
	}

	private static void awaitNoWitnessWindow(TestDesktop desktop) throws InterruptedException {
		long deadline = System.nanoTime() + QUICK.toNanos();
		while (desktop.windows().stream().anyMatch((window) -> window.title().startsWith("Deskhand self-test"))) {
			assertThat(System.nanoTime()).as("the witness window is still open").isLessThan(deadline);
			Thread.sleep(100);
		}
	}

	/**
	 * Runs the self-test as a user would, from an empty working directory, with only
	 * {@code deskhand.state-dir} saying where its files go.
	 */
	private Finished selfTest(TestDesktop desktop, Path state, String... more) throws Exception {
		Path started = Files.createDirectories(this.work.resolve("cwd"));
		List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"), "-cp",
				System.getProperty("java.class.path"), "dev.deskhand.DeskhandApplication", SelfTestCommand.ARGUMENT,
				"--deskhand.state-dir=" + state, "--deskhand.display.name=" + desktop.display(),
				"--deskhand.display.managed=false", "--deskhand.audit.enabled=false"));
		command.addAll(List.of(more));
		ProcessBuilder builder = new ProcessBuilder(command).directory(started.toFile())
			.redirectOutput(this.work.resolve("stdout.txt").toFile())
			.redirectError(this.work.resolve("stderr.txt").toFile());
		builder.environment().putAll(desktop.environment());
		// no accessibility bus: that row may only warn
		builder.environment().remove("DBUS_SESSION_BUS_ADDRESS");
		builder.environment().remove("AT_SPI_BUS_ADDRESS");
		Process process = builder.start();
		if (!process.waitFor(RUN.toSeconds(), TimeUnit.SECONDS)) {
			process.descendants().forEach(ProcessHandle::destroyForcibly);
			process.destroyForcibly();
			throw new AssertionError("the self-test did not finish within " + RUN.toSeconds() + " s");
		}
		return new Finished(process.exitValue(), Files.readString(this.work.resolve("stdout.txt")),
				Files.readString(this.work.resolve("stderr.txt")));
	}

	private record Finished(int exitCode, String stdout, String stderr) {

		String transcript() {
			return "stdout:\n" + this.stdout + "\nstderr:\n" + this.stderr;
		}

	}

}
