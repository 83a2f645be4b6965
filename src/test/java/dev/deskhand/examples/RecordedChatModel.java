package dev.deskhand.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A {@link ChatModel} without an LLM: it answers each call with the next recorded
 * assistant turn (tool calls, or a final text) and keeps every prompt it was given. Put a
 * real model here ({@code OpenAiChatModel}, {@code AnthropicChatModel}, ...) and the
 * examples run unchanged.
 * <p>
 * A recording is a JSON array of turns: {@code {"tool_calls":[{"id":..,"name":..,
 * "arguments":{..}}]}} or {@code {"text":".."}}.
 */
public final class RecordedChatModel implements ChatModel {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final Deque<AssistantMessage> turns;

	private final List<Prompt> prompts = new ArrayList<>();

	private RecordedChatModel(List<AssistantMessage> turns) {
		this.turns = new ArrayDeque<>(turns);
	}

	/** The recording {@code resource} on the classpath, e.g. {@code /examples/x.json}. */
	public static RecordedChatModel replaying(String resource) {
		try (InputStream in = RecordedChatModel.class.getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalArgumentException("no recording " + resource + " on the classpath");
			}
			List<AssistantMessage> turns = new ArrayList<>();
			for (JsonNode turn : JSON.readTree(in)) {
				turns.add(turn.has("text") ? new AssistantMessage(turn.get("text").asString()) : toolCalls(turn));
			}
			return new RecordedChatModel(turns);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static AssistantMessage toolCalls(JsonNode turn) {
		List<AssistantMessage.ToolCall> calls = new ArrayList<>();
		for (JsonNode call : turn.get("tool_calls")) {
			calls.add(new AssistantMessage.ToolCall(call.get("id").asString(), "function", call.get("name").asString(),
					JSON.writeValueAsString(call.get("arguments"))));
		}
		return AssistantMessage.builder().content("").toolCalls(calls).build();
	}

	@Override
	public synchronized ChatResponse call(Prompt prompt) {
		this.prompts.add(prompt);
		AssistantMessage next = this.turns.poll();
		if (next == null) {
			throw new IllegalStateException("the recording has no turn left");
		}
		return new ChatResponse(List.of(new Generation(next)));
	}

	// Tool-calling options, as a real model's: ChatClient runs its tool loop only then.
	@Override
	public ChatOptions getOptions() {
		return ToolCallingChatOptions.builder().build();
	}

	@Override
	public ChatOptions getDefaultOptions() {
		return getOptions();
	}

	/** Every prompt the loop sent, in order: what a real model would have read. */
	public synchronized List<Prompt> prompts() {
		return List.copyOf(this.prompts);
	}

}
