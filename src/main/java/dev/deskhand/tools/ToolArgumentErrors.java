package dev.deskhand.tools;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServerExchange;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.ai.mcp.customizer.McpSyncServerCustomizer;
import org.springframework.beans.factory.config.BeanPostProcessor;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.Echo;

/**
 * Makes every failed MCP tool call an {@code E_*} result. A call that reaches a tool
 * method already is (ToolRunner); what fails before it — Spring AI turning JSON arguments
 * into the method's parameter types ("Conversion from JSON to java.util.List failed") —
 * came back in the framework's words, with the bad value echoed whole. Those become
 * {@code E_ARGS} with a bounded message. The SDK's own schema check ("Tool (x) input
 * validation failed: …") is switched off for the same reason, in every server customizer
 * (the legacy SSE server, built by hand, turns it off itself): the tools validate every
 * argument themselves.
 */
class ToolArgumentErrors implements BeanPostProcessor {

	private static final Logger logger = LoggerFactory.getLogger(ToolArgumentErrors.class);

	private static final String SCHEMA_PREFIX = "Validation failed: JSON schema validation errors: ";

	// A schema verdict names arguments and faults, never values: room for a few.
	private static final int MAX_DETAIL = 300;

	@Override
	public Object postProcessAfterInitialization(Object bean, String beanName) {
		if (bean instanceof List<?> list && !list.isEmpty()
				&& list.stream().allMatch(SyncToolSpecification.class::isInstance)) {
			return list.stream().map((spec) -> wrap((SyncToolSpecification) spec)).toList();
		}
		if (bean instanceof McpSyncServerCustomizer customizer) {
			return (McpSyncServerCustomizer) (spec) -> {
				customizer.customize(spec);
				spec.validateToolInputs(false);
			};
		}
		return bean;
	}

	static SyncToolSpecification wrap(SyncToolSpecification spec) {
		BiFunction<McpSyncServerExchange, CallToolRequest, CallToolResult> handler = spec.callHandler();
		String tool = spec.tool().name();
		Map<String, Object> schema = spec.tool().inputSchema();
		JsonSchemaValidator validator = McpJsonDefaults.getSchemaValidator();
		return new SyncToolSpecification(spec.tool(), (exchange, request) -> {
			Map<String, Object> arguments = (request.arguments() != null) ? request.arguments() : Map.of();
			JsonSchemaValidator.ValidationResponse verdict = validator.validate(schema, arguments);
			if (!verdict.valid()) {
				return schemaError(tool, verdict.errorMessage());
			}
			CallToolResult result;
			try {
				result = handler.apply(exchange, request);
			}
			catch (RuntimeException ex) {
				return argumentError(tool, String.valueOf(ex.getMessage()));
			}
			if (!Boolean.TRUE.equals(result.isError()) || firstText(result).startsWith("E_")) {
				return result;
			}
			return argumentError(tool, firstText(result));
		});
	}

	private static CallToolResult schemaError(String tool, String message) {
		String detail = String.valueOf(message).replace(SCHEMA_PREFIX, "");
		logger.debug("{}: arguments refused by its input schema: {}", tool, Echo.of(detail, MAX_DETAIL));
		return ToolResults.error(DeskhandException
			.args("the arguments of " + tool + " do not fit its input schema: " + Echo.of(detail, MAX_DETAIL)));
	}

	private static CallToolResult argumentError(String tool, String message) {
		logger.debug("{}: arguments refused before the tool ran: {}", tool, Echo.of(message));
		return ToolResults.error(DeskhandException.args("the arguments of " + tool
				+ " do not fit its input schema (a value of the wrong type, or a malformed one): " + Echo.of(message)));
	}

	private static String firstText(CallToolResult result) {
		if (result.content() != null) {
			for (McpSchema.Content content : result.content()) {
				if (content instanceof McpSchema.TextContent text && text.text() != null) {
					return text.text();
				}
			}
		}
		return "";
	}

}
