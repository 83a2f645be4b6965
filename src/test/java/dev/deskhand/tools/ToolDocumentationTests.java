package dev.deskhand.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's tools table and error list and docs/tools.md name every tool and every
 * error code there is: eight tools and {@code E_UNSUPPORTED} went missing from them once,
 * unnoticed.
 */
class ToolDocumentationTests {

	@Test
	void theReadmeTablesEveryTool() throws IOException {
		String tools = section(read("README.md"), "## Tools");
		assertThat(ToolCatalog.TOOLS.keySet()).allSatisfy((tool) -> assertThat(tools).contains("`" + tool + "`"));
	}

	@Test
	void theReadmeAndTheToolsPageListEveryErrorCode() throws IOException {
		String readme = section(read("README.md"), "## Tools");
		String errors = section(read("docs/tools.md"), "## Errors");
		assertThat(Arrays.stream(ErrorCode.values()).map(Enum::name)).allSatisfy((code) -> {
			assertThat(readme).contains("`" + code + "`");
			assertThat(errors).contains("| `" + code + "` |");
		});
	}

	private static String read(String path) throws IOException {
		return Files.readString(Path.of(path));
	}

	/** From the heading to the next heading of the same level. */
	private static String section(String markdown, String heading) {
		int start = markdown.indexOf("\n" + heading + "\n");
		assertThat(start).as(heading).isNotNegative();
		int end = markdown.indexOf("\n" + heading.substring(0, heading.indexOf(' ') + 1), start + heading.length() + 1);
		return markdown.substring(start, (end < 0) ? markdown.length() : end);
	}

}
