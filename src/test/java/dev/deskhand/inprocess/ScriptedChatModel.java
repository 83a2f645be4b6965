package dev.deskhand.inprocess;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;

/**
 * A chat model without an LLM: it answers each call with the next scripted assistant
 * message (tool calls, then a final text) and records every prompt it was given, so a
 * test sees exactly what the tool loop fed back. The in-process vendor tools' tests
 * ({@code inprocess.vendor}) script it too.
 */
public final class ScriptedChatModel implements ChatModel {

	private final Deque<AssistantMessage> script;

	private final List<Prompt> prompts = new ArrayList<>();

	public ScriptedChatModel(AssistantMessage... script) {
		this.script = new ArrayDeque<>(List.of(script));
	}

	/** A turn that calls tools: each pair is a tool name and its JSON arguments. */
	public static AssistantMessage toolCalls(String... namesAndArguments) {
		List<AssistantMessage.ToolCall> calls = new ArrayList<>();
		for (int i = 0; i < namesAndArguments.length; i += 2) {
			calls.add(new AssistantMessage.ToolCall("call-" + namesAndArguments[i] + "-" + i, "function",
					namesAndArguments[i], namesAndArguments[i + 1]));
		}
		return AssistantMessage.builder().content("").toolCalls(calls).build();
	}

	public static AssistantMessage answer(String text) {
		return new AssistantMessage(text);
	}

	@Override
	public synchronized ChatResponse call(Prompt prompt) {
		this.prompts.add(prompt);
		AssistantMessage next = this.script.poll();
		if (next == null) {
			throw new AssertionError("the script has no turn left for " + prompt.getInstructions());
		}
		return new ChatResponse(List.of(new Generation(next)));
	}

	@Override
	public ChatOptions getDefaultOptions() {
		return ToolCallingChatOptions.builder().build();
	}

	@Override
	public ChatOptions getOptions() {
		return getDefaultOptions();
	}

	public synchronized List<Prompt> prompts() {
		return List.copyOf(this.prompts);
	}

	/**
	 * The tool responses the tool loop put into the {@code n}th prompt (0-based) last.
	 */
	public synchronized List<ToolResponseMessage.ToolResponse> lastToolResponses(int n) {
		List<Message> messages = this.prompts.get(n).getInstructions();
		for (int i = messages.size() - 1; i >= 0; i--) {
			if (messages.get(i) instanceof ToolResponseMessage tool) {
				return tool.getResponses();
			}
		}
		return List.of();
	}

	/** The names of the tools the {@code n}th prompt offered the model. */
	public synchronized List<String> toolsOffered(int n) {
		if (!(this.prompts.get(n).getOptions() instanceof ToolCallingChatOptions options)) {
			return List.of();
		}
		return options.getToolCallbacks().stream().map((tool) -> tool.getToolDefinition().name()).toList();
	}

}
