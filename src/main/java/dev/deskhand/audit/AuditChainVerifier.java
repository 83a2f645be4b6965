package dev.deskhand.audit;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Checks an audit file written by {@link AuditTrail}: every line is an audit record, its
 * hash matches its content (the rule is on {@link AuditTrail}), its {@code prev} is the
 * previous record's hash (64 zeros for the first), and its {@code seq} is the previous
 * one's plus one (1 for the first). Stops at the first line that fails.
 * <p>
 * A hash chain shows that lines were changed, removed or reordered, not that the end of
 * the file was cut off, nor that someone rewrote every hash from a point on: compare the
 * last hash with a copy kept elsewhere for that.
 */
public final class AuditChainVerifier {

	private AuditChainVerifier() {
	}

	/**
	 * Verifies the whole file. A file that does not exist, or is empty, is valid with 0
	 * records.
	 * @param file the audit file
	 * @return the outcome
	 */
	public static Verification verify(Path file) {
		return verify(file, Long.MAX_VALUE);
	}

	/** Verifies the file's first {@code length} bytes. */
	static Verification verify(Path file, long length) {
		if (!Files.exists(file)) {
			return new Verification(true, 0, 0, "no audit file at " + file);
		}
		Walk walk = new Walk(true);
		try (InputStream in = Files.newInputStream(file)) {
			Lines lines = new Lines(in, length);
			for (byte[] line = lines.next(); line != null; line = lines.next()) {
				Verification broken = walk.check(line);
				if (broken != null) {
					return broken;
				}
			}
			long number = walk.number;
			return new Verification(true, number, 0,
					(number == 0) ? "empty" : number + ((number == 1) ? " record" : " records") + ", chain intact");
		}
		catch (IOException ex) {
			return new Verification(false, walk.number, 0, "cannot read " + file + ": " + ex);
		}
	}

	/**
	 * Verifies lines cut out of an audit file: each line's hash, each link to the line
	 * before it and {@code seq} growing by one. The first line's {@code prev} is not
	 * checked: it links to a record outside the segment.
	 * @param lines the lines, each without its newline
	 * @return the outcome; line numbers count within the segment
	 */
	public static Verification verifySegment(List<byte[]> lines) {
		Walk walk = new Walk(false);
		for (byte[] line : lines) {
			Verification broken = walk.check(line);
			if (broken != null) {
				return broken;
			}
		}
		long number = walk.number;
		return new Verification(true, number, 0, number + ((number == 1) ? " record" : " records") + ", chain intact");
	}

	/**
	 * Checks lines one after another: each one's hash, its link to the line before and
	 * {@code seq} growing by one.
	 */
	private static final class Walk {

		private long number;

		private long seq = 1;

		/** The hash the next line must link to; null: not checked (a segment's first). */
		private String prev;

		/**
		 * @param fromGenesis whether the first line starts the chain (a whole file) or
		 * links to a record outside the lines (a segment)
		 */
		Walk(boolean fromGenesis) {
			this.prev = fromGenesis ? ChainLine.GENESIS : null;
		}

		/**
		 * @return how the line breaks the chain, or null when it holds
		 */
		Verification check(byte[] line) {
			this.number++;
			ChainLine.Parsed record;
			try {
				record = hashed(line);
			}
			catch (ChainLine.BadLine ex) {
				return Verification.brokenAt(this.number, ex.getMessage());
			}
			if (this.prev != null && !record.prev().equals(this.prev)) {
				String expected = (this.number == 1) ? "the first record's prev must be 64 zeros"
						: "line " + (this.number - 1) + "'s hash is " + this.prev;
				return Verification.brokenAt(this.number, "broken link: prev is " + record.prev() + " but " + expected);
			}
			if (this.prev != null && record.seq() != this.seq) {
				return Verification.brokenAt(this.number,
						"seq gap: expected seq " + this.seq + ", found " + record.seq());
			}
			this.seq = record.seq() + 1;
			this.prev = record.hash();
			return null;
		}

	}

	/**
	 * The outcome of a verification.
	 *
	 * @param valid whether every line checked out
	 * @param records how many records checked out: all of them when valid, those before
	 * {@code firstBadLine} when not
	 * @param firstBadLine the 1-based number of the first line that failed; 0 when valid,
	 * or when the file could not be read
	 * @param reason what failed, starting with {@code bad JSON}, {@code hash mismatch},
	 * {@code broken link}, {@code seq gap} or {@code cannot read}; a summary when valid
	 */
	public record Verification(boolean valid, long records, long firstBadLine, String reason) {

		static Verification brokenAt(long line, String reason) {
			return new Verification(false, line - 1, line, reason);
		}

	}

	/**
	 * Splits a stream on {@code \n} only, keeping each line's exact bytes for the hash.
	 */
	private static final class Lines {

		private final InputStream in;

		private final byte[] buffer = new byte[65536];

		private int position;

		private int limit;

		private long remaining;

		private final ByteArrayOutputStream line = new ByteArrayOutputStream(512);

		Lines(InputStream in, long length) {
			this.in = in;
			this.remaining = length;
		}

		/**
		 * The next line without its newline; a last line without one counts too; null at
		 * the end.
		 */
		byte[] next() throws IOException {
			this.line.reset();
			boolean any = false;
			while (fill()) {
				any = true;
				for (int i = this.position; i < this.limit; i++) {
					if (this.buffer[i] == '\n') {
						this.line.write(this.buffer, this.position, i - this.position);
						this.position = i + 1;
						return this.line.toByteArray();
					}
				}
				this.line.write(this.buffer, this.position, this.limit - this.position);
				this.position = this.limit;
			}
			return any ? this.line.toByteArray() : null;
		}

		private boolean fill() throws IOException {
			if (this.position < this.limit) {
				return true;
			}
			if (this.remaining <= 0) {
				return false;
			}
			int read = this.in.read(this.buffer, 0, (int) Math.min(this.buffer.length, this.remaining));
			if (read <= 0) {
				return false;
			}
			this.remaining -= read;
			this.position = 0;
			this.limit = read;
			return true;
		}

	}

	/** The line parsed, its content hashing to the hash it states. */
	private static ChainLine.Parsed hashed(byte[] line) throws ChainLine.BadLine {
		ChainLine.Parsed record = ChainLine.parse(line);
		if (!record.hash().equals(record.computedHash())) {
			throw new ChainLine.BadLine("hash mismatch: the line says " + record.hash() + " but its content hashes to "
					+ record.computedHash());
		}
		return record;
	}

}
