package dev.deskhand.audit;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assumptions.assumeThat;

class AuditKeyTests {

	@TempDir
	Path dir;

	@Test
	void createdOwnerOnlyOnFirstStartAndReusedOnTheNext() throws Exception {
		assumeThat(this.dir.getFileSystem().supportedFileAttributeViews()).contains("posix");
		Path file = this.dir.resolve("deskhand").resolve("audit-key");

		byte[] first = AuditKey.loadOrCreate(file);
		byte[] again = AuditKey.loadOrCreate(file);

		assertThat(first).hasSize(32).isEqualTo(again);
		assertThat(Files.readString(file, StandardCharsets.US_ASCII)).isEqualTo(HexFormat.of().formatHex(first) + "\n");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
			.isEqualTo("rwx------");
	}

	@Test
	void everyInstallationHasItsOwnKey() throws Exception {
		assertThat(AuditKey.loadOrCreate(this.dir.resolve("a")))
			.isNotEqualTo(AuditKey.loadOrCreate(this.dir.resolve("b")));
	}

	@Test
	void aKeyWrittenByHandIsRead() throws Exception {
		Path file = this.dir.resolve("audit-key");
		Files.writeString(file, "AB".repeat(32) + "\n");

		assertThat(AuditKey.loadOrCreate(file)).isEqualTo(HexFormat.of().parseHex("ab".repeat(32)));
	}

	@Test
	void aFileThatHoldsNoKeyIsNeverReplaced() throws Exception {
		Path file = this.dir.resolve("audit-key");
		Files.writeString(file, "not a key\n");

		assertThatIllegalStateException().isThrownBy(() -> AuditKey.loadOrCreate(file))
			.withMessageContaining("does not hold 64 hex digits")
			.withMessageContaining("delete it")
			.withMessageNotContaining("not a key");
		assertThat(Files.readString(file)).isEqualTo("not a key\n");
	}

}
