package dev.deskhand.audit;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.regex.Pattern;

import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The audit file's line format and its hashing rule, in one place so that the writer
 * ({@link ChainedAuditFile}) and the verifier ({@link AuditChainVerifier}) cannot drift
 * apart. The rule itself is documented on {@link AuditTrail}.
 */
final class ChainLine {

	/** The {@code prev} of a chain's first record. */
	static final String GENESIS = "0".repeat(64);

	static final String HASH_FIELD = ",\"hash\":\"";

	/** {@code ,"hash":"} + 64 hex digits + {@code "}}. */
	private static final int SUFFIX_LENGTH = HASH_FIELD.length() + 64 + 2;

	private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");

	// Strict on purpose: a duplicated key or trailing bytes would let a line say two
	// things.
	private static final JsonMapper JSON = JsonMapper.builder()
		.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
		.enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
		.build();

	private ChainLine() {
	}

	/**
	 * Parses one line (without its newline) and recomputes its hash; does not check
	 * links.
	 */
	static Parsed parse(byte[] line) throws BadLine {
		JsonNode root;
		try {
			root = JSON.readTree(line);
		}
		catch (JacksonException ex) {
			throw new BadLine("bad JSON: " + ex.getOriginalMessage());
		}
		if (root == null || !root.isObject()) {
			throw new BadLine("bad JSON: the line is not a JSON object");
		}
		JsonNode seq = root.get("seq");
		if (seq == null || !seq.isIntegralNumber() || !seq.canConvertToLong()) {
			throw new BadLine("bad JSON: seq is missing or not an integer");
		}
		for (String field : new String[] { "time", "type", "principal" }) {
			if (root.get(field) == null || !root.get(field).isString()) {
				throw new BadLine("bad JSON: " + field + " is missing or not a string");
			}
		}
		if (root.get("data") == null || !root.get("data").isObject()) {
			throw new BadLine("bad JSON: data is missing or not an object");
		}
		String prev = sha256Field(root, "prev");
		String hash = sha256Field(root, "hash");
		// The rule strips the hash field by position, so it must be the last field,
		// written exactly so.
		byte[] suffix = (HASH_FIELD + hash + "\"}").getBytes(StandardCharsets.US_ASCII);
		if (line.length < SUFFIX_LENGTH
				|| !Arrays.equals(line, line.length - SUFFIX_LENGTH, line.length, suffix, 0, suffix.length)) {
			throw new BadLine("bad JSON: hash is not the last field of the line");
		}
		return new Parsed(seq.longValue(), prev, hash, contentHash(line));
	}

	/**
	 * SHA-256 of the line without its hash field: the line's bytes up to
	 * {@code ,"hash":"} plus {@code }}.
	 */
	private static String contentHash(byte[] line) {
		MessageDigest digest = sha256();
		digest.update(line, 0, line.length - SUFFIX_LENGTH);
		digest.update((byte) '}');
		return HexFormat.of().formatHex(digest.digest());
	}

	private static String sha256Field(JsonNode root, String field) throws BadLine {
		JsonNode node = root.get(field);
		if (node == null || !node.isString() || !SHA256_HEX.matcher(node.stringValue()).matches()) {
			throw new BadLine("bad JSON: " + field + " is missing or not 64 lowercase hex digits");
		}
		return node.stringValue();
	}

	static String sha256Hex(byte[] bytes) {
		return HexFormat.of().formatHex(sha256().digest(bytes));
	}

	static MessageDigest sha256() {
		try {
			return MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			// Every Java platform must provide SHA-256.
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * A line that parsed as an audit record.
	 *
	 * @param seq its sequence number
	 * @param prev the hash it links to
	 * @param hash the hash it claims
	 * @param computedHash the hash its content actually has
	 */
	record Parsed(long seq, String prev, String hash, String computedHash) {

	}

	/** A line that is not an audit record; the message is the reason. */
	static final class BadLine extends Exception {

		BadLine(String reason) {
			super(reason, null, false, false);
		}

	}

}
