package dev.deskhand.trajectory;

import java.nio.file.Path;
import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.ConstructorBinding;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

import dev.deskhand.files.StateDirectory;
import dev.deskhand.screen.ImageFormat;

/**
 * {@code deskhand.trajectory.*}: the record of every agent session (docs/replay.md).
 *
 * @param enabled whether tool calls are recorded at all
 * @param dir where each session's directory goes; default
 * {@code <deskhand.state-dir>/trajectories} (a leading {@code ~} is the user's home)
 * @param maxBytes the most all sessions may take on disk; the oldest sessions go first
 * @param maxAge sessions whose last step is older than this are deleted
 * @param afterFormat the format of the screenshot taken after a desktop-changing call
 * when the call did not return one itself (JPEG at
 * {@code deskhand.screenshot.jpeg-quality}, or PNG)
 * @param queueCapacity steps waiting for the writer thread; beyond that steps are dropped
 * and counted (health), never slowing a call
 */
@ConfigurationProperties("deskhand.trajectory")
public record TrajectoryProperties(@DefaultValue("true") boolean enabled, Path dir,
		@DefaultValue("500MB") DataSize maxBytes, @DefaultValue("7d") Duration maxAge,
		@DefaultValue("jpeg") ImageFormat afterFormat, @DefaultValue("256") int queueCapacity) {

	@ConstructorBinding
	public TrajectoryProperties {
		// The configuration derives it from deskhand.state-dir; this is for records built
		// without it.
		dir = StateDirectory.expandHome((dir != null) ? dir : StateDirectory.defaultPath().resolve("trajectories"));
		if (maxBytes == null) {
			maxBytes = DataSize.ofMegabytes(500);
		}
		if (maxAge == null) {
			maxAge = Duration.ofDays(7);
		}
		if (afterFormat == null) {
			afterFormat = ImageFormat.JPEG;
		}
		queueCapacity = Math.max(1, queueCapacity);
	}

	/** The defaults, under {@code dir}. */
	public static TrajectoryProperties under(Path dir) {
		return new TrajectoryProperties(true, dir, null, null, null, 256);
	}

}
