package dev.deskhand.screen;

import java.util.ArrayList;
import java.util.List;

/**
 * A few pixel arrays kept between screenshots, so the scaled image (3.7 MB at 1280x720)
 * is not allocated and zeroed again on every call. Screenshots can run at the same time,
 * so an array is lent to one call and given back when its image is encoded; when all are
 * lent out, a new one is made and later kept or dropped. Not a {@link ThreadLocal}: the
 * servlet container may run a screenshot on any of hundreds of threads, and each would
 * pin its own arrays.
 */
final class PixelBuffers {

	private final int capacity;

	// guards free; held for a list scan, never during image work
	private final Object lock = new Object();

	private final List<int[]> free = new ArrayList<>();

	/**
	 * @param capacity at most this many arrays are kept
	 */
	PixelBuffers(int capacity) {
		this.capacity = capacity;
	}

	/** An array of at least {@code length} pixels, with undefined contents. */
	int[] take(int length) {
		synchronized (this.lock) {
			int best = -1;
			for (int i = 0; i < this.free.size(); i++) {
				int size = this.free.get(i).length;
				if (size >= length && (best < 0 || size < this.free.get(best).length)) {
					best = i;
				}
			}
			if (best >= 0) {
				return this.free.remove(best);
			}
		}
		return new int[length];
	}

	/**
	 * Gives back an array from {@link #take}; the caller must not touch it afterwards.
	 */
	void give(int[] buffer) {
		synchronized (this.lock) {
			if (this.free.size() < this.capacity) {
				this.free.add(buffer);
				return;
			}
			// full: keep the larger arrays, which serve every request a smaller one could
			int smallest = 0;
			for (int i = 1; i < this.free.size(); i++) {
				if (this.free.get(i).length < this.free.get(smallest).length) {
					smallest = i;
				}
			}
			if (this.free.get(smallest).length < buffer.length) {
				this.free.set(smallest, buffer);
			}
		}
	}

	int kept() {
		synchronized (this.lock) {
			return this.free.size();
		}
	}

}
