package dev.deskhand.ops;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

import org.springframework.boot.actuate.endpoint.annotation.ReadOperation;
import org.springframework.boot.actuate.endpoint.annotation.Selector;
import org.springframework.boot.actuate.endpoint.web.WebEndpointResponse;
import org.springframework.boot.actuate.endpoint.web.annotation.WebEndpoint;
import org.springframework.core.io.ClassPathResource;
import org.springframework.util.MimeType;

/**
 * {@code GET /actuator/console}: the operator console, one page with its script and style
 * sheet ({@code /actuator/console/console.js}, {@code console.css}), and the replay page
 * ({@code /actuator/console/replay.html}, {@code replay.js}, {@code replay.css}), and the
 * token handling both share ({@code token.js}). They hold no data, so they are served
 * without a token; the page's script calls the other endpoints with the operator token
 * the operator enters (see docs/console.md). No external URL anywhere: it works offline.
 */
@WebEndpoint(id = "console")
class ConsoleEndpoint {

	private static final MimeType HTML = MimeType.valueOf("text/html;charset=UTF-8");

	private static final MimeType JAVASCRIPT = MimeType.valueOf("text/javascript;charset=UTF-8");

	private static final MimeType CSS = MimeType.valueOf("text/css;charset=UTF-8");

	private final byte[] page = read("console.html");

	// Read once: the console is a few kilobytes and never changes while the server runs.
	// The replay page (replay.html) is served here too: it holds no data either.
	private final Map<String, Asset> assets = Map.of("console.js", new Asset(read("console.js"), JAVASCRIPT),
			"console.css", new Asset(read("console.css"), CSS), "replay.html", new Asset(read("replay.html"), HTML),
			"replay.js", new Asset(read("replay.js"), JAVASCRIPT), "replay.css", new Asset(read("replay.css"), CSS),
			"token.js", new Asset(read("token.js"), JAVASCRIPT));

	private record Asset(byte[] bytes, MimeType type) {
	}

	@ReadOperation(produces = "text/html;charset=UTF-8")
	WebEndpointResponse<byte[]> page() {
		return new WebEndpointResponse<>(this.page, HTML);
	}

	@ReadOperation(produces = { "text/javascript;charset=UTF-8", "text/css;charset=UTF-8", "text/html;charset=UTF-8" })
	WebEndpointResponse<byte[]> asset(@Selector String file) {
		Asset asset = this.assets.get(file);
		if (asset == null) {
			return new WebEndpointResponse<>(WebEndpointResponse.STATUS_NOT_FOUND);
		}
		return new WebEndpointResponse<>(asset.bytes(), WebEndpointResponse.STATUS_OK, asset.type());
	}

	private static byte[] read(String name) {
		try (InputStream in = new ClassPathResource("console/" + name).getInputStream()) {
			return in.readAllBytes();
		}
		catch (IOException ex) {
			throw new UncheckedIOException("the console's " + name + " is missing from the classpath", ex);
		}
	}

}
