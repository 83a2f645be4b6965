package dev.deskhand.tools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;

import dev.deskhand.errors.ErrorCode;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's tools table lists exactly the tools there are, and it, its error list and
 * docs/tools.md name every tool and every error code: eight tools and
 * {@code E_UNSUPPORTED} went missing from them once, unnoticed.
 */
class ToolDocumentationTests {

	/** Innermost parentheses: removed until none are left. */
	private static final Pattern ARGUMENTS = Pattern.compile("\\([^()]*\\)");

	private static final Pattern NAME = Pattern.compile("`([a-z_]+)`");

	@Test
	void theReadmeTablesExactlyTheRegisteredTools() throws IOException {
		List<String> tabled = tabledTools(section(read("README.md"), "## Tools"));
		assertThat(tabled).as("tools in README's table").doesNotHaveDuplicates();
		assertThat(new TreeSet<>(tabled)).as("tools in README's table")
			.isEqualTo(new TreeSet<>(ToolCatalog.TOOLS.keySet()));
	}

	@Test
	void theToolsPageNamesEveryTool() throws IOException {
		String page = read("docs/tools.md");
		assertThat(ToolCatalog.TOOLS.keySet()).allSatisfy((tool) -> assertThat(page).contains("`" + tool + "`"));
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

	/**
	 * The names in the tools column of a {@code | group | tools |} table: backticked
	 * words outside parentheses, which hold a tool's arguments.
	 */
	static List<String> tabledTools(String section) {
		List<String> tools = new ArrayList<>();
		section.lines().filter((line) -> line.startsWith("| ")).skip(2).forEach((row) -> {
			String cell = row.substring(row.indexOf('|', 1) + 1);
			String outside = cell;
			for (String previous = null; !outside.equals(previous);) {
				previous = outside;
				outside = ARGUMENTS.matcher(outside).replaceAll("");
			}
			Matcher name = NAME.matcher(outside);
			while (name.find()) {
				tools.add(name.group(1));
			}
		});
		return tools;
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
