package dev.deskhand;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/design.md is the contract and docs/architecture.md its map: a feature package
 * added without a line in both, or an error code the contract does not define, fails
 * here. Five packages went unmentioned in architecture.md once, unnoticed.
 */
class DesignDocumentationTests {

	private static final Path SOURCES = Path.of("src/main/java/dev/deskhand");

	@Test
	void theContractAndTheMapNameEveryFeaturePackage() throws IOException {
		String design = Files.readString(Path.of("docs/design.md"));
		String architecture = Files.readString(Path.of("docs/architecture.md"));
		List<String> packages = featurePackages();
		assertThat(packages).contains("tools", "actions", "platform");
		assertThat(packages).allSatisfy((name) -> {
			assertThat(design).as("docs/design.md's package list").containsPattern("(?m)^" + name + "\\s");
			assertThat(architecture).as("docs/architecture.md's package table")
				.contains("| `dev.deskhand." + name + "` |");
		});
	}

	@Test
	void theContractDefinesEveryErrorCode() throws IOException {
		String design = Files.readString(Path.of("docs/design.md"));
		assertThat(ErrorCode.values()).allSatisfy((code) -> assertThat(design).contains("`" + code.name() + "`"));
	}

	@Test
	void theReadmeAndTheMapLinkTheContract() throws IOException {
		assertThat(Files.readString(Path.of("README.md"))).contains("(docs/design.md)");
		assertThat(Files.readString(Path.of("docs/architecture.md"))).contains("(design.md)");
	}

	private static List<String> featurePackages() throws IOException {
		try (Stream<Path> children = Files.list(SOURCES)) {
			return children.filter(Files::isDirectory).map((dir) -> dir.getFileName().toString()).sorted().toList();
		}
	}

}
