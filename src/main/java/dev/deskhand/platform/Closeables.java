package dev.deskhand.platform;

import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closing what a driver opened, last opened first, as a failed start and a driver's close
 * both must: one that fails to close is logged and the rest still close.
 */
public final class Closeables {

	private static final Logger logger = LoggerFactory.getLogger(Closeables.class);

	private Closeables() {
	}

	/**
	 * Closes each, from the last to the first.
	 * @param opened in the order they were opened
	 */
	public static void closeInReverse(List<? extends AutoCloseable> opened) {
		for (int i = opened.size() - 1; i >= 0; i--) {
			try {
				opened.get(i).close();
			}
			catch (Exception ex) {
				logger.debug("closing {}: {}", opened.get(i), ex.getMessage());
			}
		}
	}

}
