package dev.deskhand.examples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Stands in for a vendor's model API in the HTTP examples: each call answers with the
 * next recorded reply, in that vendor's own JSON (a Responses API response, a Messages
 * API message, a Gemini {@code generateContent} response), and keeps what the loop sent,
 * which a real API would have received.
 */
public final class RecordedReplies {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final Deque<JsonNode> replies = new ArrayDeque<>();

	private final List<JsonNode> sent = new ArrayList<>();

	private RecordedReplies(JsonNode replies) {
		replies.forEach(this.replies::add);
	}

	/** The JSON array of replies in {@code resource}, e.g. {@code /examples/x.json}. */
	public static RecordedReplies of(String resource) {
		try (InputStream in = RecordedReplies.class.getResourceAsStream(resource)) {
			if (in == null) {
				throw new IllegalArgumentException("no recording " + resource + " on the classpath");
			}
			return new RecordedReplies(JSON.readTree(in));
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/** The model's next reply to {@code input} (the task, or the tool results). */
	public synchronized JsonNode reply(JsonNode input) {
		this.sent.add(input);
		JsonNode next = this.replies.poll();
		if (next == null) {
			throw new IllegalStateException("the recording has no reply left");
		}
		return next;
	}

	/** Everything the loop sent to the model, in order. */
	public synchronized List<JsonNode> sent() {
		return List.copyOf(this.sent);
	}

}
