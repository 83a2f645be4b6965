package dev.deskhand.mcp;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;

/**
 * A tool result's JSON with the base64 of its large images written straight from their
 * strings into the response. Through the JSON mapper, a screenshot's megabyte or two of
 * base64 is copied into Jackson's character buffer, checked character by character for
 * escaping, encoded into its segmented byte buffer and copied once more into one array:
 * about 1.2 ms and four megabytes of short-lived garbage per screenshot, the largest
 * allocation of a look, which the small heap's young collections then find in flight and
 * promote (docs/performance.md). Here the mapper writes the message with a short
 * placeholder in each large image's place, and the image's text goes to the response in
 * small chunks: the same bytes (tested), without the copies.
 *
 * <p>
 * Only text that JSON carries verbatim is spliced (printable ASCII without quote or
 * backslash: all of base64); anything else, or a placeholder not found exactly once,
 * leaves the message to the mapper.
 */
final class ImageDataSplice {

	/** Smaller image data is not worth the second serialisation's bookkeeping. */
	static final int MIN_SPLICED_CHARS = 16 * 1024;

	private static final int CHUNK = 8 * 1024;

	/**
	 * Unguessable, so that no other text of a message holds it: it is never sent, and a
	 * message that held it anyway is written by the mapper.
	 */
	private static final String PLACEHOLDER = "deskhand-image-" + HexFormat.of().formatHex(randomBytes()) + "-";

	/** The message's JSON, with each spliced image's data at its offset. */
	private final byte[] json;

	private final int[] offsets;

	private final String[] data;

	/** Each placeholder's length in {@link #json}, quotes excluded. */
	private final int[] placeholderLengths;

	private ImageDataSplice(byte[] json, int[] offsets, String[] data, int[] placeholderLengths) {
		this.json = json;
		this.offsets = offsets;
		this.data = data;
		this.placeholderLengths = placeholderLengths;
	}

	/**
	 * The message ready to splice, or {@code null} when it is not a tool result with a
	 * large image whose data JSON carries verbatim: write it with the mapper then.
	 */
	static ImageDataSplice of(McpSchema.JSONRPCMessage message, McpJsonMapper mapper) throws IOException {
		if (!(message instanceof McpSchema.JSONRPCResponse response)
				|| !(response.result() instanceof McpSchema.CallToolResult result) || result.content() == null) {
			return null;
		}
		List<McpSchema.Content> content = new ArrayList<>(result.content().size());
		List<String> spliced = new ArrayList<>();
		for (McpSchema.Content block : result.content()) {
			if (block instanceof McpSchema.ImageContent image && image.data() != null
					&& image.data().length() >= MIN_SPLICED_CHARS && verbatim(image.data())) {
				content.add(new McpSchema.ImageContent(image.annotations(), PLACEHOLDER + spliced.size(),
						image.mimeType(), image.meta()));
				spliced.add(image.data());
			}
			else {
				content.add(block);
			}
		}
		if (spliced.isEmpty()) {
			return null;
		}
		McpSchema.JSONRPCResponse withPlaceholders = new McpSchema.JSONRPCResponse(response.jsonrpc(), response.id(),
				new McpSchema.CallToolResult(content, result.isError(), result.structuredContent(), result.meta()),
				response.error());
		byte[] json = mapper.writeValueAsBytes(withPlaceholders);
		int[] offsets = new int[spliced.size()];
		int[] lengths = new int[spliced.size()];
		for (int i = 0; i < offsets.length; i++) {
			byte[] quoted = ('"' + PLACEHOLDER + i + '"').getBytes(StandardCharsets.US_ASCII);
			int at = indexOf(json, quoted, 0);
			// the mapper writes the content in order, each placeholder once
			if (at < 0 || indexOf(json, quoted, at + 1) >= 0 || (i > 0 && at < offsets[i - 1] + lengths[i - 1])) {
				return null;
			}
			offsets[i] = at + 1;
			lengths[i] = quoted.length - 2;
		}
		return new ImageDataSplice(json, offsets, spliced.toArray(String[]::new), lengths);
	}

	/** The body's length in bytes: the JSON with every placeholder replaced. */
	long length() {
		long length = this.json.length;
		for (int i = 0; i < this.data.length; i++) {
			length += this.data[i].length() - this.placeholderLengths[i];
		}
		return length;
	}

	void writeTo(OutputStream out) throws IOException {
		int from = 0;
		byte[] chunk = new byte[CHUNK];
		for (int i = 0; i < this.offsets.length; i++) {
			out.write(this.json, from, this.offsets[i] - from);
			writeAscii(this.data[i], chunk, out);
			from = this.offsets[i] + this.placeholderLengths[i];
		}
		out.write(this.json, from, this.json.length - from);
	}

	/** Whether JSON writes every character of {@code text} as that one byte. */
	static boolean verbatim(String text) {
		char[] chunk = new char[CHUNK];
		for (int start = 0; start < text.length(); start += CHUNK) {
			int end = Math.min(text.length(), start + CHUNK);
			text.getChars(start, end, chunk, 0);
			for (int i = 0, n = end - start; i < n; i++) {
				char c = chunk[i];
				if (c < 0x20 || c > 0x7E || c == '"' || c == '\\') {
					return false;
				}
			}
		}
		return true;
	}

	/** Writes text known to be {@link #verbatim} as its bytes, a chunk at a time. */
	@SuppressWarnings("deprecation")
	private static void writeAscii(String text, byte[] chunk, OutputStream out) throws IOException {
		for (int start = 0; start < text.length(); start += chunk.length) {
			int end = Math.min(text.length(), start + chunk.length);
			// the low byte of each char: the whole char, for verbatim text
			text.getBytes(start, end, chunk, 0);
			out.write(chunk, 0, end - start);
		}
	}

	private static byte[] randomBytes() {
		byte[] bytes = new byte[16];
		new SecureRandom().nextBytes(bytes);
		return bytes;
	}

	private static int indexOf(byte[] haystack, byte[] needle, int from) {
		outer: for (int i = from, last = haystack.length - needle.length; i <= last; i++) {
			for (int j = 0; j < needle.length; j++) {
				if (haystack[i + j] != needle[j]) {
					continue outer;
				}
			}
			return i;
		}
		return -1;
	}

}
