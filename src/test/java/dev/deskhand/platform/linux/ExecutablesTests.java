package dev.deskhand.platform.linux;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class ExecutablesTests {

	@Test
	void findsTheFirstExecutableFileOnThePath(@TempDir Path dir) throws IOException {
		Path a = Files.createDirectory(dir.resolve("a"));
		Path b = Files.createDirectory(dir.resolve("b"));
		Files.writeString(a.resolve("tool"), "not executable");
		Files.createDirectory(b.resolve("dir-named-tool")).toFile().setExecutable(true);
		Path tool = Files.writeString(b.resolve("tool"), "#!/bin/sh\n");
		Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
		String path = ":" + a + ":" + b;
		assertThat(Executables.find("tool", path)).contains(tool);
		assertThat(Executables.find("dir-named-tool", path)).isEmpty();
		assertThat(Executables.find("absent", path)).isEmpty();
	}

}
