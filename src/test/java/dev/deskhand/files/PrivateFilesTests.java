package dev.deskhand.files;

import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class PrivateFilesTests {

	@TempDir
	Path dir;

	@Test
	void missingDirectoriesAreCreated700AndExistingOnesKeepTheirMode() throws Exception {
		Path existing = Files.createDirectory(this.dir.resolve("existing"));
		Files.setPosixFilePermissions(existing, PosixFilePermissions.fromString("rwxr-xr-x"));
		PrivateFiles.createDirectories(existing.resolve("a/b"));
		assertThat(mode(existing)).isEqualTo("rwxr-xr-x");
		assertThat(mode(existing.resolve("a"))).isEqualTo("rwx------");
		assertThat(mode(existing.resolve("a/b"))).isEqualTo("rwx------");
	}

	@Test
	void filesAreCreated600AndAppendedTo() throws Exception {
		Path file = this.dir.resolve("steps.jsonl");
		PrivateFiles.write(file, "one\n".getBytes(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		PrivateFiles.write(file, "two\n".getBytes(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		assertThat(Files.readString(file)).isEqualTo("one\ntwo\n");
		assertThat(mode(file)).isEqualTo("rw-------");
		assertThat(PrivateFiles.othersCanRead(file)).isFalse();
	}

	@Test
	void withoutOptionsAWriteReplacesTheContent() throws Exception {
		Path file = this.dir.resolve("session.json");
		PrivateFiles.write(file, "longer content".getBytes());
		PrivateFiles.write(file, "short".getBytes());
		assertThat(Files.readString(file)).isEqualTo("short");
		assertThat(mode(file)).isEqualTo("rw-------");
	}

	@Test
	void createNewNeverOverwrites() throws Exception {
		Path file = Files.writeString(this.dir.resolve("key"), "theirs");
		assertThatExceptionOfType(FileAlreadyExistsException.class)
			.isThrownBy(() -> PrivateFiles.write(file, "mine".getBytes(), StandardOpenOption.CREATE_NEW));
		assertThat(Files.readString(file)).isEqualTo("theirs");
	}

	@Test
	void anExistingFileOpenToOthersIsSaidToBe() throws Exception {
		Path file = Files.writeString(this.dir.resolve("token"), "t");
		Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
		assertThat(PrivateFiles.othersCanRead(file)).isTrue();
	}

	private static String mode(Path path) throws Exception {
		return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
	}

}
