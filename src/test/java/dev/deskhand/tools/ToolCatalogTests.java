package dev.deskhand.tools;

import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.PathMatchingResourcePatternResolver;
import org.springframework.core.type.MethodMetadata;
import org.springframework.core.type.classreading.MetadataReader;
import org.springframework.core.type.classreading.SimpleMetadataReaderFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every tool's decision, as a table: structured data with an outputSchema, or text only;
 * and its family, which is its icon. The tools are found by scanning the classes for
 * {@code @McpTool}, so a tool added anywhere in Deskhand without a row here and in
 * {@link ToolCatalog} fails this test instead of shipping without a decision.
 */
class ToolCatalogTests {

	private static final String DATA = "data";

	private static final String TEXT = "text";

	/** tool → "data" or "text", and its family. */
	private static final Map<String, String> DECISIONS = new TreeMap<>(Map.ofEntries(
			Map.entry("screenshot", DATA + " SCREEN"), Map.entry("zoom", DATA + " SCREEN"),
			Map.entry("cursor_position", DATA + " SCREEN"), Map.entry("list_displays", DATA + " SCREEN"),
			Map.entry("mouse_move", TEXT + " POINTER"), Map.entry("left_click", TEXT + " POINTER"),
			Map.entry("right_click", TEXT + " POINTER"), Map.entry("middle_click", TEXT + " POINTER"),
			Map.entry("double_click", TEXT + " POINTER"), Map.entry("triple_click", TEXT + " POINTER"),
			Map.entry("left_click_drag", TEXT + " POINTER"), Map.entry("left_mouse_down", TEXT + " POINTER"),
			Map.entry("left_mouse_up", TEXT + " POINTER"), Map.entry("scroll", TEXT + " POINTER"),
			Map.entry("type", TEXT + " KEYBOARD"), Map.entry("key", TEXT + " KEYBOARD"),
			Map.entry("hold_key", TEXT + " KEYBOARD"), Map.entry("read_clipboard", DATA + " CLIPBOARD"),
			Map.entry("write_clipboard", TEXT + " CLIPBOARD"), Map.entry("list_windows", DATA + " WINDOWS"),
			Map.entry("open_application", DATA + " WINDOWS"), Map.entry("list_elements", DATA + " ELEMENTS"),
			Map.entry("find_elements", DATA + " ELEMENTS"), Map.entry("element_at", DATA + " ELEMENTS"),
			Map.entry("read_text", DATA + " ELEMENTS"), Map.entry("click_element", TEXT + " ELEMENTS"),
			Map.entry("focus_element", TEXT + " ELEMENTS"), Map.entry("set_value", TEXT + " ELEMENTS"),
			Map.entry("request_access", DATA + " SESSION"), Map.entry("list_granted_applications", DATA + " SESSION"),
			Map.entry("switch_display", DATA + " SESSION"), Map.entry("set_profile", DATA + " SESSION"),
			Map.entry("computer_batch", TEXT + " BATCH"), Map.entry("wait", TEXT + " BATCH"),
			Map.entry("request_human", DATA + " DESK")));

	@Test
	void everyToolHasADecisionAndEveryDecisionATool() throws IOException {
		assertThat(new TreeSet<>(annotatedTools())).as("tools declared with @McpTool")
			.isEqualTo(new TreeSet<>(DECISIONS.keySet()));
		assertThat(new TreeSet<>(ToolCatalog.TOOLS.keySet())).as("rows of ToolCatalog")
			.isEqualTo(new TreeSet<>(DECISIONS.keySet()));
	}

	@Test
	void eachRowIsTheDecisionInTheTable() {
		DECISIONS.forEach((tool, decision) -> {
			ToolCatalog.Entry entry = ToolCatalog.TOOLS.get(tool);
			String actual = ((entry.outputSchema() != null) ? DATA : TEXT) + " " + entry.family().name();
			assertThat(actual).as(tool).isEqualTo(decision);
			if (entry.outputSchema() == null) {
				assertThat(entry.textOnly()).as(tool + ": why text only").isNotBlank();
			}
			else {
				assertThat(entry.outputSchema()).as(tool).containsEntry("type", "object");
				assertThat(entry.textOnly()).isNull();
			}
		});
	}

	@Test
	void aDeclaredToolCarriesItsSchemaAndItsFamilysIconAndKeepsTheRest() {
		io.modelcontextprotocol.spec.McpSchema.Tool scanned = io.modelcontextprotocol.spec.McpSchema.Tool.builder()
			.name("cursor_position")
			.title("Cursor position")
			.description("Where the pointer is")
			.inputSchema(Map.of("type", "object"))
			.build();
		io.modelcontextprotocol.spec.McpSchema.Tool declared = ToolCatalog.declare(scanned);
		assertThat(declared.outputSchema()).isSameAs(ResultSchemas.CURSOR);
		assertThat(declared.icons()).isEqualTo(ToolFamily.SCREEN.icons());
		assertThat(declared.title()).isEqualTo("Cursor position");
		assertThat(declared.description()).isEqualTo("Where the pointer is");
		assertThat(declared.inputSchema()).isEqualTo(Map.of("type", "object"));
		// one icon per family: no two families look the same
		assertThat(java.util.Arrays.stream(ToolFamily.values()).map((family) -> family.icons().get(0).src()).distinct())
			.hasSize(ToolFamily.values().length);
	}

	/** The name of every {@code @McpTool} method in Deskhand's main classes. */
	private static java.util.List<String> annotatedTools() throws IOException {
		PathMatchingResourcePatternResolver resolver = new PathMatchingResourcePatternResolver();
		SimpleMetadataReaderFactory readers = new SimpleMetadataReaderFactory();
		java.util.List<String> names = new java.util.ArrayList<>();
		for (Resource resource : resolver.getResources("classpath*:dev/deskhand/**/*.class")) {
			if (!resource.getURL().toString().contains("/test-classes/")) {
				MetadataReader reader = readers.getMetadataReader(resource);
				for (MethodMetadata method : reader.getAnnotationMetadata()
					.getAnnotatedMethods(McpTool.class.getName())) {
					names.add((String) method.getAnnotationAttributes(McpTool.class.getName()).get("name"));
				}
			}
		}
		assertThat(names).as("the scan found the tools").hasSizeGreaterThan(10);
		return names;
	}

}
