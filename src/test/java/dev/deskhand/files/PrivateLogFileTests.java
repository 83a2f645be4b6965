package dev.deskhand.files;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.DeferredLogs;
import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The log file and the directories made for it are private before the logging system
 * opens it; an existing one keeps its content and mode.
 */
class PrivateLogFileTests {

	@TempDir
	Path dir;

	@Test
	void theLogFileAndItsNewDirectoriesAreTheUsersAlone() throws Exception {
		Path log = this.dir.resolve("home/.deskhand/stdio.log");
		postProcess(new MockEnvironment().withProperty("logging.file.name", log.toString()));
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(log.getParent())))
			.isEqualTo("rwx------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(log.getParent().getParent())))
			.isEqualTo("rwx------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(log))).isEqualTo("rw-------");
	}

	@Test
	void anExistingLogFileIsLeftAsItIs() throws Exception {
		Path log = this.dir.resolve("old.log");
		Files.writeString(log, "earlier lines\n");
		Files.setPosixFilePermissions(log, PosixFilePermissions.fromString("rw-r-----"));
		postProcess(new MockEnvironment().withProperty("logging.file.name", log.toString()));
		assertThat(Files.readString(log)).isEqualTo("earlier lines\n");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(log))).isEqualTo("rw-r-----");
	}

	@Test
	void withoutALogFileNothingIsCreated() throws Exception {
		postProcess(new MockEnvironment());
		try (var files = Files.list(this.dir)) {
			assertThat(files).isEmpty();
		}
	}

	private static void postProcess(MockEnvironment environment) {
		new PrivateLogFile(new DeferredLogs()).postProcessEnvironment(environment, new SpringApplication());
	}

}
