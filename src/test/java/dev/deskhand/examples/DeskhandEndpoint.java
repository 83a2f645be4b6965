package dev.deskhand.examples;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One of Deskhand's vendor endpoints ({@code /agents/openai/computer} and the others)
 * over {@code java.net.http}: the agent token, and the session handle the first reply
 * gave, sent back with every later request so coordinates are read in the space of the
 * screenshot the model last saw.
 */
public final class DeskhandEndpoint {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient http = HttpClient.newHttpClient();

	private final URI uri;

	private final String token;

	private String session;

	public DeskhandEndpoint(String baseUrl, String path, String token) {
		this.uri = URI.create(baseUrl + path);
		this.token = token;
	}

	/** POSTs the model's tool calls; answers Deskhand's reply in the vendor's shape. */
	public JsonNode post(JsonNode calls) {
		HttpRequest.Builder request = HttpRequest.newBuilder(this.uri)
			.header("Content-Type", "application/json")
			// an action the policy asks a human about waits for the answer
			.timeout(Duration.ofMinutes(5))
			.POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(calls)));
		if (this.token != null) {
			request.header("Authorization", "Bearer " + this.token);
		}
		if (this.session != null) {
			request.header("Deskhand-Session", this.session);
		}
		try {
			HttpResponse<String> response = this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
			if (response.statusCode() != 200) {
				throw new IllegalStateException(
						this.uri + " answered " + response.statusCode() + ": " + response.body());
			}
			this.session = response.headers().firstValue("Deskhand-Session").orElse(this.session);
			return JSON.readTree(response.body());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("interrupted", ex);
		}
	}

	/** The session handle Deskhand gave this loop, once it answered. */
	public String session() {
		return this.session;
	}

}
