package dev.deskhand.tools;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.springframework.ai.mcp.annotation.McpTool;
import org.springframework.ai.mcp.annotation.McpTool.McpAnnotations;
import org.springframework.ai.mcp.annotation.McpToolParam;
import org.springframework.ai.mcp.annotation.context.McpSyncRequestContext;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.screen.ModelProfile;
import dev.deskhand.screen.ScreenService;

/**
 * The session's model profile: how large its screenshots are and which numbers its
 * coordinates are in.
 */
// Parameter names are snake_case on purpose: they become the tools' JSON argument names.
public class ProfileTools {

	private final CallContexts contexts;

	private final ScreenService screen;

	private final ToolRunner runner;

	ProfileTools(CallContexts contexts, ScreenService screen, ToolRunner runner) {
		this.contexts = contexts;
		this.screen = screen;
		this.runner = runner;
	}

	@McpTool(name = "set_profile", description = """
			Choose the model profile of this session: the screenshot size your model reads without \
			scaling it down, and your coordinates' space. anthropic (default: 1280x800, 1.15 MP), \
			anthropic-hd (2576 px long edge, 3.75 MP), openai (1920x1200), gemini (1440x900, \
			coordinates on a 0-999 grid over the screenshot), or a configured one. Takes effect at the \
			next screenshot; until then coordinates stay those of the last screenshot you saw.""",
			annotations = @McpAnnotations(title = "Set profile", readOnlyHint = false, destructiveHint = false,
					idempotentHint = true, openWorldHint = false))
	public CallToolResult setProfile(McpSyncRequestContext context,
			@McpToolParam(description = "A profile name, e.g. \"anthropic-hd\"") String profile) {
		return this.runner.run("set_profile", () -> {
			if (profile == null || profile.isBlank()) {
				throw DeskhandException.args("profile is required: one of " + names());
			}
			CallContext call = this.contexts.of(context);
			ModelProfile chosen = this.screen.useProfile(call.handle(), profile);
			Map<String, Object> result = describe(chosen);
			result.put("profiles", names());
			return ToolResults.json(result);
		});
	}

	static Map<String, Object> describe(ModelProfile profile) {
		Map<String, Object> fields = new LinkedHashMap<>();
		fields.put("profile", profile.name());
		fields.put("max_width", profile.budget().maxWidth());
		fields.put("max_height", profile.budget().maxHeight());
		fields.put("max_pixels", profile.budget().maxPixels());
		fields.put("coordinates", profile.coordinates().label());
		fields.put("format", profile.format().name().toLowerCase(Locale.ROOT));
		return fields;
	}

	private List<String> names() {
		return this.screen.profiles().all().stream().map(ModelProfile::name).toList();
	}

}
