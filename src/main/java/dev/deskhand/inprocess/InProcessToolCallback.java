package dev.deskhand.inprocess;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.util.ToolInputValidator;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.util.MimeType;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import dev.deskhand.errors.Echo;
import dev.deskhand.errors.ErrorCode;

/**
 * One Deskhand MCP tool as a Spring AI {@link ToolCallback}: the MCP tool's name,
 * description and input schema; arguments checked against that schema as the MCP server
 * checks them; then the very same tool method, so approvals, the input lease and the
 * queue all apply. The text blocks of the result become the callback's text; an image
 * goes to {@link LatestScreenshots}.
 */
final class InProcessToolCallback implements ToolCallback {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final McpSchema.Tool tool;

	private final ToolDefinition definition;

	private final InProcessToolMethod method;

	private final JsonSchemaValidator validator;

	private final LatestScreenshots screenshots;

	InProcessToolCallback(McpSchema.Tool tool, String inputSchema, InProcessToolMethod method,
			JsonSchemaValidator validator, LatestScreenshots screenshots) {
		this.tool = tool;
		this.definition = ToolDefinition.builder()
			.name(tool.name())
			.description(tool.description())
			.inputSchema(inputSchema)
			.build();
		this.method = method;
		this.validator = validator;
		this.screenshots = screenshots;
	}

	@Override
	public ToolDefinition getToolDefinition() {
		return this.definition;
	}

	@Override
	public String call(String toolInput) {
		return call(toolInput, null);
	}

	@Override
	public String call(String toolInput, ToolContext toolContext) {
		String session = DeskhandToolCallbacks.session(toolContext);
		Map<String, Object> arguments;
		try {
			arguments = arguments(toolInput);
		}
		catch (JacksonException ex) {
			return ErrorCode.E_ARGS + ": the arguments of " + this.tool.name() + " are not a JSON object: "
					+ Echo.of(ex.getOriginalMessage(), 200);
		}
		CallToolResult invalid = ToolInputValidator.validate(this.tool, arguments, true, this.validator);
		if (invalid != null) {
			return ErrorCode.E_ARGS + ": " + Echo.of(text(invalid, session), 300);
		}
		CallToolRequest request = new CallToolRequest(this.tool.name(), arguments);
		return text(this.method.call(new InProcessRequestContext(session, request)), session);
	}

	private static Map<String, Object> arguments(String toolInput) {
		if (toolInput == null || toolInput.isBlank()) {
			return Map.of();
		}
		Map<String, Object> parsed = JSON.readValue(toolInput, new TypeReference<Map<String, Object>>() {
		});
		return (parsed != null) ? parsed : Map.of();
	}

	/**
	 * The result's text blocks, one per line; images are kept for the application to
	 * attach.
	 */
	private String text(CallToolResult result, String session) {
		List<String> lines = new ArrayList<>();
		for (McpSchema.Content content : result.content()) {
			if (content instanceof McpSchema.TextContent text) {
				lines.add(text.text());
			}
			else if (content instanceof McpSchema.ImageContent image) {
				this.screenshots.put(session, this.tool.name(), MimeType.valueOf(image.mimeType()),
						Base64.getDecoder().decode(image.data()));
				lines.add("[" + image.mimeType() + " image: kept for the application to attach to the next message]");
			}
		}
		return String.join("\n", lines);
	}

}
