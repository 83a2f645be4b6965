package dev.deskhand.inprocess.vendor;

import java.util.Base64;
import java.util.Map;
import java.util.function.Function;

import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.util.MimeType;
import org.springframework.util.StringUtils;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

import dev.deskhand.errors.Echo;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.inprocess.DeskhandToolCallbacks;
import dev.deskhand.inprocess.LatestScreenshots;

/**
 * A vendor's computer-use tool as a Spring AI {@link ToolCallback}: the model's input,
 * wrapped into the request the vendor endpoint takes, and the endpoint's reply in the
 * vendor's shape as the result text. A Spring AI tool result is text only, so each image
 * of the reply is replaced by a note and kept in {@link LatestScreenshots} for the
 * application to attach to the next message, as the MCP tools' images are.
 */
final class VendorToolCallback implements ToolCallback {

	static final String IMAGE_NOTE = "[image: kept for the application to attach to the next message]";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final ToolDefinition definition;

	private final Function<JsonNode, ObjectNode> request;

	private final VendorEndpoint endpoint;

	private final LatestScreenshots screenshots;

	VendorToolCallback(ToolDefinition definition, Function<JsonNode, ObjectNode> request, VendorEndpoint endpoint,
			LatestScreenshots screenshots) {
		this.definition = definition;
		this.request = request;
		this.endpoint = endpoint;
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
		JsonNode input;
		try {
			input = StringUtils.hasText(toolInput) ? JSON.readTree(toolInput) : JSON.createObjectNode();
		}
		catch (JacksonException ex) {
			return ErrorCode.E_ARGS + ": the input of " + this.definition.name() + " is not JSON: "
					+ Echo.of(ex.getOriginalMessage(), 200);
		}
		if (!input.isObject()) {
			return ErrorCode.E_ARGS + ": the input of " + this.definition.name() + " is not a JSON object";
		}
		String session = session(toolContext);
		ObjectNode body = this.request.apply(input);
		body.put("deskhand_session", session);
		JsonNode reply = this.endpoint.handle(body);
		keepImages(reply, session);
		return JSON.writeValueAsString(reply);
	}

	private static String session(ToolContext context) {
		Map<String, Object> entries = (context != null) ? context.getContext() : null;
		Object session = (entries != null) ? entries.get(DeskhandToolCallbacks.SESSION) : null;
		return (session != null && StringUtils.hasText(session.toString())) ? session.toString()
				: DeskhandToolCallbacks.DEFAULT_SESSION;
	}

	/**
	 * Replaces, in place, each image of the three vendors' shapes by {@link #IMAGE_NOTE}:
	 * OpenAI's {@code image_url} data URL, Anthropic's base64 {@code source}, Gemini's
	 * {@code inline_data}.
	 */
	private void keepImages(JsonNode node, String session) {
		if (node instanceof ObjectNode object) {
			String url = object.path("image_url").asString("");
			if (url.startsWith("data:") && url.contains(";base64,")) {
				keep(session, url.substring(5, url.indexOf(';')), url.substring(url.indexOf(";base64,") + 8));
				object.put("image_url", IMAGE_NOTE);
			}
			if (object.path("source").path("type").asString("").equals("base64")) {
				ObjectNode source = (ObjectNode) object.get("source");
				keep(session, source.path("media_type").asString(), source.path("data").asString());
				source.put("data", IMAGE_NOTE);
			}
			if (object.get("inline_data") instanceof ObjectNode inline) {
				keep(session, inline.path("mime_type").asString(), inline.path("data").asString());
				inline.put("data", IMAGE_NOTE);
			}
		}
		for (JsonNode child : node) {
			keepImages(child, session);
		}
	}

	private void keep(String session, String mimeType, String base64) {
		this.screenshots.put(session, this.definition.name(), MimeType.valueOf(mimeType),
				Base64.getDecoder().decode(base64));
	}

}
