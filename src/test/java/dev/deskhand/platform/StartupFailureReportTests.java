package dev.deskhand.platform;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import dev.deskhand.DeskhandApplication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatException;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * The whole application started where it cannot drive a desktop: what the operator reads
 * is Boot's failure report with Deskhand's sentence, not a stack trace.
 */
@ExtendWith(OutputCaptureExtension.class)
class StartupFailureReportTests {

	@Test
	void onWaylandWithoutACompositorTheReportSaysWhichSocketIsMissing(CapturedOutput output, @TempDir Path runtime) {
		assertThatException().isThrownBy(() -> start("--deskhand.platform.os=linux", "--WAYLAND_DISPLAY=wayland-1",
				"--XDG_SESSION_TYPE=wayland", "--XDG_RUNTIME_DIR=" + runtime, "--SWAYSOCK=", "--DISPLAY=:0"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Deskhand cannot find the Wayland compositor to drive: ")
			.contains(runtime.toString())
			.doesNotContain("Consider defining a bean of type");
	}

	@Test
	void anUnreachableDisplayIsReportedAsProblemAndAction(CapturedOutput output) {
		String dead = ":4917";
		assumeThat(Files.exists(Path.of("/tmp/.X11-unix/X4917"))).as("display %s unused", dead).isFalse();
		assertThatException().isThrownBy(() -> start("--deskhand.platform.os=linux", "--deskhand.display.name=" + dead,
				"--deskhand.display.managed=false"));
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("Deskhand cannot drive a desktop: deskhand.display.name " + dead + " is not reachable (Linux on"
					+ " X11, deskhand.display.name " + dead + ").")
			.contains("Start an X server (or Xvfb), set deskhand.display.name, or set deskhand.display.managed=auto"
					+ " to let Deskhand start its own Xvfb.");
	}

	private static void start(String... args) {
		SpringApplication application = new SpringApplication(DeskhandApplication.class);
		String[] all = new String[args.length + 3];
		System.arraycopy(args, 0, all, 0, args.length);
		all[args.length] = "--server.port=0";
		// nothing of this test's run belongs in the audit log an operator keeps
		all[args.length + 1] = "--deskhand.audit.enabled=false";
		all[args.length + 2] = "--management.server.port=0";
		application.run(all).close();
	}

}
