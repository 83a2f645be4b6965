package dev.deskhand.trajectory;

import java.util.Base64;
import java.util.Objects;

/**
 * An image exactly as a tool call sent it to the agent.
 * <p>
 * One made from a result's base64 ({@link #ofBase64}) is decoded only when its bytes are
 * first read: that is on the trajectory's writer thread, so a screenshot's answer does
 * not wait for a megabyte of base64 to be decoded for the record (docs/performance.md has
 * what that costs). Once the writer has stored it, it keeps only what a reference to the
 * stored file needs: the recorder holds each session's last image until the session's
 * next action, long enough for the small heap's young collections to promote a megabyte
 * per look into the old generation, whose full collections were the long tail of a look
 * (docs/performance.md). Thread-safe.
 */
public final class SentImage {

	private final String mimeType;

	/** The encoded bytes, once known. */
	private volatile byte[] bytes;

	/** The base64 the bytes are decoded from, until they are. */
	private String base64;

	/** Where the writer stored the image, once it has; its bytes are let go then. */
	private volatile Stored stored;

	/**
	 * A stored image, as the record refers to it.
	 *
	 * @param sha256 the hash of its bytes, which names its file
	 */
	record Stored(String sha256, int width, int height) {
	}

	/**
	 * @param bytes the encoded bytes
	 * @param mimeType {@code image/png} or {@code image/jpeg}
	 */
	public SentImage(byte[] bytes, String mimeType) {
		this.bytes = Objects.requireNonNull(bytes, "bytes");
		this.mimeType = mimeType;
	}

	private SentImage(String base64, String mimeType) {
		this.base64 = Objects.requireNonNull(base64, "base64");
		this.mimeType = mimeType;
	}

	/**
	 * An image as a result carries it, decoded when {@link #bytes()} is first called.
	 * @param base64 the image's bytes in base64 (as MCP's image content carries them)
	 * @param mimeType {@code image/png} or {@code image/jpeg}
	 */
	public static SentImage ofBase64(String base64, String mimeType) {
		return new SentImage(base64, mimeType);
	}

	/**
	 * The encoded bytes.
	 * @throws IllegalArgumentException if the base64 it was made from is not base64
	 */
	public byte[] bytes() {
		byte[] decoded = this.bytes;
		if (decoded == null) {
			synchronized (this) {
				decoded = this.bytes;
				if (decoded == null && this.stored != null) {
					throw new IllegalStateException(
							"the image was stored as " + this.stored.sha256() + "; only that reference is kept");
				}
				if (decoded == null) {
					decoded = Base64.getDecoder().decode(this.base64);
					this.bytes = decoded;
					// the text is a third larger than the image: keep one of the two
					this.base64 = null;
				}
			}
		}
		return decoded;
	}

	/** Where the writer stored the image, or {@code null} while it has not. */
	Stored stored() {
		return this.stored;
	}

	/**
	 * The writer stored the image: keep what a reference to its file needs, and let go of
	 * the bytes. On the writer thread.
	 */
	synchronized void storedAs(String sha256, int width, int height) {
		this.stored = new Stored(sha256, width, height);
		this.bytes = null;
		this.base64 = null;
	}

	/** {@code image/png} or {@code image/jpeg}. */
	public String mimeType() {
		return this.mimeType;
	}

}
