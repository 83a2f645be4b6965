package dev.deskhand.inprocess.vendor;

import java.util.List;

import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;

/**
 * The bean an application in Deskhand's JVM takes the vendors' computer-use tools from,
 * one {@link ToolCallbackProvider} per vocabulary, to hand to a {@code ChatClient} whose
 * model speaks it:
 *
 * <pre>{@code
 * chat.prompt().user(task).toolCallbacks(vendorComputerTools.openAi())
 *     .toolContext(Map.of(DeskhandToolCallbacks.SESSION, "ticket-4711")).call().content();
 * }</pre>
 *
 * Deliberately not a {@code ToolCallbackProvider} bean itself: Spring AI collects those
 * into its tool resolver and its MCP server, and one conversation should be offered one
 * vendor's tools, not all three.
 */
public final class VendorComputerTools {

	private final List<ToolCallback> openAi;

	private final List<ToolCallback> anthropic;

	private final List<ToolCallback> gemini;

	VendorComputerTools(ToolCallback openAi, ToolCallback anthropic, List<ToolCallback> gemini) {
		this.openAi = List.of(openAi);
		this.anthropic = List.of(anthropic);
		this.gemini = List.copyOf(gemini);
	}

	/** {@code openai_computer}: one {@code computer_call} batch a call. */
	public ToolCallbackProvider openAi() {
		return ToolCallbackProvider.from(this.openAi);
	}

	/** {@code computer}: Anthropic's computer tool. */
	public ToolCallbackProvider anthropic() {
		return ToolCallbackProvider.from(this.anthropic);
	}

	/** Gemini's computer-use functions, one tool each, by Gemini's names. */
	public ToolCallbackProvider gemini() {
		return ToolCallbackProvider.from(this.gemini);
	}

}
