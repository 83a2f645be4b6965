package dev.deskhand.inprocess;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.springframework.ai.content.Media;
import org.springframework.util.MimeType;

/**
 * The last image an in-process tool call produced (a {@code screenshot}, a {@code zoom},
 * a {@code screenshot_after}), per in-process session. A Spring AI tool result is text
 * only, so the model gets the geometry as text and the application attaches the image to
 * the next user message:
 *
 * <pre>{@code
 * screenshots.take(session).ifPresent((image) -> prompt.user((u) -> u.text("Here is the screen.").media(image)));
 * }</pre>
 *
 * See docs/spring-ai.md.
 */
public final class LatestScreenshots {

	// Conversations come and go; keep the images of the most recent ones only.
	private static final int SESSIONS = 32;

	// Guarded by itself.
	private final Map<String, Media> latest = new LinkedHashMap<>(16, 0.75f, true) {

		@Override
		protected boolean removeEldestEntry(Map.Entry<String, Media> eldest) {
			return size() > SESSIONS;
		}

	};

	/**
	 * The last image of a session, left in place.
	 * @param session the session key the tool calls ran under
	 * ({@link DeskhandToolCallbacks#SESSION})
	 */
	public Optional<Media> latest(String session) {
		synchronized (this.latest) {
			return Optional.ofNullable(this.latest.get(session));
		}
	}

	/** The last image of the default in-process session, left in place. */
	public Optional<Media> latest() {
		return latest(DeskhandToolCallbacks.DEFAULT_SESSION);
	}

	/** The last image of a session, removed so the same image is not attached twice. */
	public Optional<Media> take(String session) {
		synchronized (this.latest) {
			return Optional.ofNullable(this.latest.remove(session));
		}
	}

	/** The last image of the default in-process session, removed. */
	public Optional<Media> take() {
		return take(DeskhandToolCallbacks.DEFAULT_SESSION);
	}

	/**
	 * Keeps {@code image} as the session's latest: the in-process tools and the
	 * in-process vendor callbacks ({@code dev.deskhand.inprocess.vendor}) call it.
	 */
	public void put(String session, String tool, MimeType type, byte[] image) {
		Media media = Media.builder().mimeType(type).data(image).name(tool).build();
		synchronized (this.latest) {
			this.latest.put(session, media);
		}
	}

}
