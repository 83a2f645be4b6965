package dev.deskhand.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The operator API on the management port, as an operator with the operator token calls
 * it.
 */
public final class OperatorApi {

	private static final Pattern SESSION = Pattern.compile("\"session\":\"(s-[0-9a-f]+)\"");

	private final HttpClient http = HttpClient.newHttpClient();

	private final int port;

	private final String token;

	public OperatorApi(int managementPort, String token) {
		this.port = managementPort;
		this.token = token;
	}

	public HttpResponse<String> get(String path) {
		return send("GET", path, null);
	}

	/**
	 * @param json a JSON body, or {@code null} for none
	 */
	public HttpResponse<String> send(String method, String path, String json) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + path))
			.header("Authorization", "Bearer " + this.token);
		if (json != null) {
			request.header("Content-Type", "application/json")
				.method(method, HttpRequest.BodyPublishers.ofString(json));
		}
		else {
			request.method(method, HttpRequest.BodyPublishers.noBody());
		}
		try {
			return this.http.send(request.build(), HttpResponse.BodyHandlers.ofString());
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** Revokes every session's grants, which also frees the input lease. */
	public void revokeAllSessions() {
		Matcher sessions = SESSION.matcher(get("/actuator/grants").body());
		while (sessions.find()) {
			send("DELETE", "/actuator/grants/" + sessions.group(1), null);
		}
	}

}
