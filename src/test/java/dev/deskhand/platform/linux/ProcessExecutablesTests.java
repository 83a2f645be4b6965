package dev.deskhand.platform.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ProcessExecutablesTests {

	@Test
	void namesTheExecutableBehindAPid(@TempDir Path proc) throws IOException {
		Files.createDirectories(proc.resolve("42"));
		Files.createSymbolicLink(proc.resolve("42/exe"), Path.of("/usr/bin/xterm"));
		Files.createDirectories(proc.resolve("43"));
		Files.createSymbolicLink(proc.resolve("43/exe"), Path.of("/usr/bin/gedit (deleted)"));
		ProcessExecutables executables = new ProcessExecutables(proc);
		assertThat(executables.executable(42)).isEqualTo("xterm");
		assertThat(executables.executable(43)).isEqualTo("gedit");
		assertThat(executables.executable(44)).isEmpty();
		assertThat(executables.executable(0)).isEmpty();
	}

	@Test
	void namesThisJvm() {
		assertThat(ProcessExecutables.system().executable(ProcessHandle.current().pid())).isEqualTo("java");
	}

}
