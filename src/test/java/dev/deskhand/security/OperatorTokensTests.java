package dev.deskhand.security;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class OperatorTokensTests {

	@TempDir
	Path home;

	@Test
	void generatesA32ByteUrlSafeTokenIntoAPrivateFile() throws Exception {
		Path file = this.home.resolve("a").resolve("b").resolve("operator-token");
		String token = OperatorTokens.readOrCreate(file);
		assertThat(token).matches("[A-Za-z0-9_-]{43}");
		assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEqualTo(token + "\n");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
			.isEqualTo("rwx------");
		// Only the token file is left behind, no temporary file.
		try (var files = Files.list(file.getParent())) {
			assertThat(files).containsExactly(file);
		}
	}

	@Test
	void reusesATokenAlreadyInTheFile() throws Exception {
		Path file = this.home.resolve("operator-token");
		Files.writeString(file, "  kept-token\n");
		assertThat(OperatorTokens.readOrCreate(file)).isEqualTo("kept-token");
		assertThat(Files.readString(file)).isEqualTo("  kept-token\n");
	}

	@Test
	void replacesAnEmptyFile() throws Exception {
		Path file = this.home.resolve("operator-token");
		Files.writeString(file, "\n");
		String token = OperatorTokens.readOrCreate(file);
		assertThat(token).hasSize(43);
		assertThat(Files.readString(file).strip()).isEqualTo(token);
		assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
	}

	@Test
	void theConfiguredTokenWinsAndNoFileIsWritten() {
		Path file = this.home.resolve("operator-token");
		SecurityProperties properties = new SecurityProperties(List.of(), List.of(), List.of(), "configured", file,
				true, false, null);
		assertThat(OperatorTokens.resolve(properties)).isEqualTo("configured");
		assertThat(file).doesNotExist();
	}

	@Test
	void generatedTokensDiffer() {
		assertThat(OperatorTokens.generate()).isNotEqualTo(OperatorTokens.generate());
	}

	@Test
	void theFileDefaultsToTheUsersHome() {
		SecurityProperties properties = new SecurityProperties(List.of(), List.of(), List.of(), "", null, true, false,
				null);
		assertThat(properties.operatorTokenFile())
			.isEqualTo(Path.of(System.getProperty("user.home"), ".deskhand", "operator-token"));
		assertThat(properties.agentTokenFile())
			.isEqualTo(Path.of(System.getProperty("user.home"), ".deskhand", "agent-token"));
		assertThat(properties.toString()).doesNotContain("configured");
	}

}
