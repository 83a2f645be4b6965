package dev.deskhand.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Files only the user running Deskhand can read: the audit file and its key, the operator
 * token, the session record's screenshots, the stdio log. Directories are created 700 and
 * files 600 with the mode given at creation (never a {@code chmod} afterwards, which
 * would leave them readable by others for a moment), whatever the umask allows. Existing
 * files and directories keep their mode. Where the file system has no POSIX permissions
 * (Windows, FAT), files get its default access; that is said once in the log.
 */
public final class PrivateFiles {

	private static final Logger logger = LoggerFactory.getLogger(PrivateFiles.class);

	/** rwx------ */
	public static final String DIRECTORY_MODE = "rwx------";

	/** rw------- */
	public static final String FILE_MODE = "rw-------";

	private static final AtomicBoolean warnedNotPosix = new AtomicBoolean();

	private PrivateFiles() {
	}

	/** Whether {@code path}'s file system has POSIX permissions. */
	public static boolean isPosix(Path path) {
		return path.getFileSystem().supportedFileAttributeViews().contains("posix");
	}

	/**
	 * Creates {@code dir} and whichever of its parents are missing, each 700; existing
	 * ones are left as they are.
	 */
	public static void createDirectories(Path dir) throws IOException {
		if (!Files.isDirectory(dir)) {
			Files.createDirectories(dir, attributes(dir, DIRECTORY_MODE));
		}
	}

	/**
	 * Creates the missing parent directories of {@code file}, each 700.
	 */
	public static void createParentDirectories(Path file) throws IOException {
		Path parent = file.toAbsolutePath().getParent();
		if (parent != null) {
			createDirectories(parent);
		}
	}

	/**
	 * Writes {@code bytes} to {@code file} as
	 * {@link Files#write(Path, byte[], OpenOption...)} does (no options: create or
	 * truncate), creating the file 600 when it creates it.
	 */
	public static void write(Path file, byte[] bytes, OpenOption... options) throws IOException {
		Set<OpenOption> opened = new LinkedHashSet<>(Arrays.asList(options));
		if (opened.isEmpty()) {
			opened.add(StandardOpenOption.CREATE);
			opened.add(StandardOpenOption.TRUNCATE_EXISTING);
		}
		opened.add(StandardOpenOption.WRITE);
		try (SeekableByteChannel channel = Files.newByteChannel(file, opened, attributes(file, FILE_MODE))) {
			ByteBuffer buffer = ByteBuffer.wrap(bytes);
			while (buffer.hasRemaining()) {
				channel.write(buffer);
			}
		}
	}

	/**
	 * Opens {@code file} for writing with {@code options}, creating it 600 when it
	 * creates it.
	 */
	public static FileChannel open(Path file, Set<? extends OpenOption> options) throws IOException {
		return FileChannel.open(file, options, attributes(file, FILE_MODE));
	}

	/** A new empty file in {@code dir}, 600, for writing and then moving into place. */
	public static Path createTempFile(Path dir, String prefix, String suffix) throws IOException {
		return Files.createTempFile(dir, prefix, suffix, attributes(dir, FILE_MODE));
	}

	/**
	 * Whether others than the owner may read {@code path} (group or others); false where
	 * the file system cannot say.
	 */
	public static boolean othersCanRead(Path path) throws IOException {
		if (!isPosix(path)) {
			return false;
		}
		Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(path);
		return permissions.contains(PosixFilePermission.GROUP_READ)
				|| permissions.contains(PosixFilePermission.OTHERS_READ);
	}

	private static FileAttribute<?>[] attributes(Path path, String mode) {
		if (isPosix(path)) {
			return new FileAttribute<?>[] {
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(mode)) };
		}
		if (warnedNotPosix.compareAndSet(false, true)) {
			logger.warn("The file system of {} has no POSIX permissions: Deskhand's private files (audit, keys, "
					+ "tokens, session record, logs) get its default access there (on Windows, the ACL inherited "
					+ "from the user's profile directory)", path.toAbsolutePath());
		}
		return new FileAttribute<?>[0];
	}

}
