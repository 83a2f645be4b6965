package dev.deskhand.platform.linux.x11;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

import dev.deskhand.platform.linux.x11.X11OwnDisplayLock.Entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class X11OwnDisplayLockTests {

	@TempDir
	Path dir;

	@Test
	void readsTheStartTimeAfterACommandWithSpacesAndParentheses() {
		String stat = "4242 (Xephyr (x) 1) S 1 4242 4242 0 -1 4194560 2 0 0 0 0 0 0 0 20 0 1 0 987654 100 10";
		assertThat(X11OwnDisplayLock.startTime(stat)).contains(987654L);
		assertThat(X11OwnDisplayLock.startTime("garbage")).isEmpty();
	}

	@Test
	void theProgramIsTheFirstArgumentsFileName() {
		assertThat(X11OwnDisplayLock.program("/usr/bin/Xephyr\0:110\0-screen\0".getBytes(StandardCharsets.UTF_8)))
			.isEqualTo("Xephyr");
		assertThat(X11OwnDisplayLock.program("openbox".getBytes(StandardCharsets.UTF_8))).isEqualTo("openbox");
	}

	@Test
	void entriesRoundTripAndBadLinesAreSkipped() {
		Entry entry = new Entry(12, 345, "Xvfb", ":110");
		assertThat(Entry.parse(entry.line())).contains(entry);
		assertThat(Entry.parse("12 x Xvfb :110")).isEmpty();
		assertThat(Entry.parse("")).isEmpty();
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void stopsARecordedProcessThatIsStillTheSameOneAndDeletesTheFile() throws IOException {
		Process sleeper = new ProcessBuilder("sleep", "300").start();
		try {
			Entry entry = X11OwnDisplayLock.entryOf(sleeper.toHandle(), ":110").orElseThrow();
			Path file = this.dir.resolve("own-display.lock");
			Files.writeString(file, entry.line() + "\n");
			assertThat(new X11OwnDisplayLock(file).stopLeftovers()).isEqualTo(1);
			await().atMost(Duration.ofSeconds(10)).until(() -> !sleeper.isAlive());
			assertThat(file).doesNotExist();
		}
		finally {
			sleeper.destroyForcibly();
		}
	}

	@Test
	@EnabledOnOs(OS.LINUX)
	void leavesAProcessWhosePidWasReused() throws Exception {
		Process sleeper = new ProcessBuilder("sleep", "300").start();
		try {
			Entry entry = X11OwnDisplayLock.entryOf(sleeper.toHandle(), ":110").orElseThrow();
			Path file = this.dir.resolve("own-display.lock");
			// the same PID, started at another time: not the process the file recorded
			Files.writeString(file, new Entry(entry.pid(), entry.startTime() - 1, "sleep", ":110").line() + "\n"
					+ new Entry(entry.pid(), entry.startTime(), "Xephyr", ":110").line() + "\n");
			assertThat(new X11OwnDisplayLock(file).stopLeftovers()).isZero();
			assertThat(sleeper.isAlive()).isTrue();
			assertThat(file).doesNotExist();
			assertThat(X11OwnDisplayLock.entryOf(sleeper.toHandle(), ":110")).isEqualTo(Optional.of(entry));
		}
		finally {
			sleeper.destroyForcibly();
		}
	}

}
