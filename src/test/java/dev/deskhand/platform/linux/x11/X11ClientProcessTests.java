package dev.deskhand.platform.linux.x11;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class X11ClientProcessTests {

	@Test
	void clientsOnThisHostAreLocal() {
		X11ClientProcess processes = new X11ClientProcess("vm", Path.of("/proc"));
		assertThat(processes.isLocal("vm")).isTrue();
		assertThat(processes.isLocal("VM.example.org")).isTrue();
		assertThat(processes.isLocal("localhost")).isTrue();
		assertThat(processes.isLocal("")).as("no WM_CLIENT_MACHINE").isTrue();
		assertThat(processes.isLocal("buildhost")).isFalse();
		assertThat(processes.isLocal("vm2.example.org")).isFalse();
		assertThat(new X11ClientProcess(null, Path.of("/proc")).isLocal("anywhere")).isTrue();
	}

	@Test
	void executableIsTheFileNameOfProcExe() {
		X11ClientProcess processes = X11ClientProcess.system();
		assertThat(processes.executable(ProcessHandle.current().pid())).isEqualTo("java");
		assertThat(processes.executable(0)).isEmpty();
		assertThat(processes.executable(Integer.MAX_VALUE)).as("no such process").isEmpty();
	}

	@Test
	void anExecutableReplacedOnDiskKeepsItsName(@TempDir Path proc) throws Exception {
		Files.createDirectories(proc.resolve("42"));
		Files.createSymbolicLink(proc.resolve("42").resolve("exe"), Path.of("/usr/bin/firefox-esr (deleted)"));
		assertThat(new X11ClientProcess("vm", proc).executable(42)).isEqualTo("firefox-esr");
	}

}
