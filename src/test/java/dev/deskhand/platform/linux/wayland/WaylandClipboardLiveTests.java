package dev.deskhand.platform.linux.wayland;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.WaylandClientLauncher;
import dev.deskhand.testing.ProcessResult;
import dev.deskhand.testing.SwaySession;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The clipboard against the rig's sway, with the other wl-clipboard tool, run as the
 * compositor's user by the rig, as the witness.
 */
class WaylandClipboardLiveTests {

	private static final String TEXT = "clip: héllo 日本 🙂";

	private static final Duration TIMEOUT = Duration.ofSeconds(5);

	private SwaySession sway;

	private WaylandClipboard clipboard;

	@BeforeEach
	void open() {
		this.sway = SwaySession.shared();
		WaylandClientLauncher.Target target = WaylandClientLauncher.Target.of(this.sway.runtimeDir(),
				this.sway.waylandDisplay(), Map.of("SWAYSOCK", this.sway.swaySocket().toString()),
				WaylandClientLauncher.ownUid(), Path.of("/etc/passwd"));
		this.clipboard = new WaylandClipboard(target, TIMEOUT);
	}

	@AfterEach
	void close() {
		this.clipboard.close();
	}

	@Test
	void writtenTextIsWhatWlPasteReadsAtOnce() {
		this.clipboard.write(TEXT);
		ProcessResult pasted = this.sway.run(List.of("wl-paste", "--no-newline")).requireSuccess();
		assertThat(pasted.stdout()).isEqualTo(TEXT);
		// a trailing newline is part of the text
		this.clipboard.write("two lines\nend\n");
		assertThat(this.sway.run(List.of("wl-paste", "--no-newline")).requireSuccess().stdout())
			.isEqualTo("two lines\nend\n");
		// empty text is text too: the clipboard holds it (not "no selection")
		this.clipboard.write("");
		ProcessResult empty = this.sway.run(List.of("wl-paste", "--no-newline")).requireSuccess();
		assertThat(empty.stdout()).isEmpty();
	}

	@Test
	void textWlCopyPutThereIsWhatTheDriverReads() {
		this.sway.run(TIMEOUT, TEXT.getBytes(StandardCharsets.UTF_8), List.of("wl-copy")).requireSuccess();
		assertThat(this.clipboard.read(TIMEOUT)).isEqualTo(TEXT);
		// an X-style selection offered only as UTF8_STRING is still text
		this.sway
			.run(TIMEOUT, "utf8 string Ω".getBytes(StandardCharsets.UTF_8), List.of("wl-copy", "-t", "UTF8_STRING"))
			.requireSuccess();
		assertThat(this.clipboard.read(TIMEOUT)).isEqualTo("utf8 string Ω");
	}

	@Test
	void anEmptyClipboardAndOneWithoutTextReadAsEmpty() {
		this.sway.run(List.of("wl-copy", "--clear")).requireSuccess();
		assertThat(this.clipboard.read(TIMEOUT)).isEmpty();
		this.sway.run(TIMEOUT, new byte[] { (byte) 0x89, 'P', 'N', 'G' }, List.of("wl-copy", "-t", "image/png"))
			.requireSuccess();
		assertThat(this.clipboard.read(TIMEOUT)).isEmpty();
	}

	@Test
	void replacingTheTextEndsThePreviousOwnerAndClosingEndsTheLast() throws Exception {
		this.clipboard.write("first");
		long firstOwner = owners().get(0);
		this.clipboard.write("second");
		assertThat(this.clipboard.read(TIMEOUT)).isEqualTo("second");
		awaitGone(firstOwner);
		long secondOwner = owners().get(0);
		assertThat(secondOwner).isNotEqualTo(firstOwner);
		this.clipboard.close();
		awaitGone(secondOwner);
		ProcessResult empty = this.sway.run(List.of("wl-paste", "--no-newline"));
		assertThat(empty.exitCode()).isNotZero();
		assertThat(empty.stderr()).contains("No selection");
	}

	@Test
	void anOwnerThatNeverAnswersIsATimeoutNotAHang() throws Exception {
		this.clipboard.write(TEXT);
		long owner = owners().get(0);
		// a stopped owner takes the paste request and never answers it
		new ProcessBuilder("kill", "-STOP", Long.toString(owner)).start().waitFor();
		try {
			long start = System.nanoTime();
			assertThatThrownBy(() -> this.clipboard.read(Duration.ofSeconds(1))).isInstanceOfSatisfying(
					DeskhandException.class, (ex) -> assertThat(ex.code()).isEqualTo(ErrorCode.E_TIMEOUT));
			assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(5));
		}
		finally {
			new ProcessBuilder("kill", "-CONT", Long.toString(owner)).start().waitFor();
		}
		assertThat(this.clipboard.read(TIMEOUT)).isEqualTo(TEXT);
	}

	/** The wl-copy processes this JVM started that are alive. */
	private static List<Long> owners() {
		return ProcessHandle.current()
			.descendants()
			.filter(ProcessHandle::isAlive)
			.filter((p) -> p.info().command().map((c) -> c.endsWith("wl-copy")).orElse(false))
			.map(ProcessHandle::pid)
			.toList();
	}

	private static void awaitGone(long pid) throws InterruptedException {
		long deadline = System.nanoTime() + TIMEOUT.toNanos();
		while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
			assertThat(System.nanoTime()).as("wl-copy %d still running", pid).isLessThan(deadline);
			Thread.sleep(10);
		}
	}

}
