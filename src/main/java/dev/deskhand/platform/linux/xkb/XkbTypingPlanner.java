package dev.deskhand.platform.linux.xkb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * Plans typing keysyms on {@link XkbKeymap}: keysyms on a fixed key or already in a slot
 * are typed there; the others go into slots, as many as a chunk needs, and each chunk
 * that changed a slot starts with one keymap upload. Pure.
 *
 * <p>
 * The keymap changes as little as it can, because every upload makes the compositor send
 * the focused client a new keymap (GTK was seen to drop keys when that happened per
 * call): text whose characters are all in the keymap already uploads nothing, and a new
 * keysym takes a free slot first, else the least recently used one. On the Wayland stream
 * a keymap and the keys after it reach the client in order, so a chunk may rebind any
 * slot but those it strokes itself and those held down.
 */
public final class XkbTypingPlanner {

	/** One keymap version (the same as before when nothing changed) and its strokes. */
	public record Chunk(XkbKeymap keymap, int[] keycodes) {

		@Override
		public boolean equals(Object other) {
			return other instanceof Chunk chunk && chunk.keymap == this.keymap
					&& Arrays.equals(chunk.keycodes, this.keycodes);
		}

		@Override
		public int hashCode() {
			return 31 * System.identityHashCode(this.keymap) + Arrays.hashCode(this.keycodes);
		}

		@Override
		public String toString() {
			return "Chunk[" + Arrays.toString(this.keycodes) + "]";
		}

	}

	private final long[] lastUse;

	private long clock;

	/**
	 * @param slotCount the keymap's slot count
	 */
	public XkbTypingPlanner(int slotCount) {
		this.lastUse = new long[slotCount];
	}

	/**
	 * Plans {@code keysyms} and records their slots as used, so the next plan evicts
	 * other slots first.
	 * @param current the keymap the compositor has now
	 * @param keysyms one per stroke
	 * @param pinned evdev codes held down: their slots keep their keysym
	 * @throws DeskhandException E_UNSUPPORTED before anything is typed, when every slot
	 * is held down
	 */
	public List<Chunk> plan(XkbKeymap current, long[] keysyms, Set<Integer> pinned) {
		List<Chunk> chunks = new ArrayList<>();
		long[] slots = current.slots();
		XkbKeymap keymap = current;
		Set<Integer> usedInChunk = new HashSet<>();
		List<Integer> strokes = new ArrayList<>();
		for (long keysym : keysyms) {
			XkbKeymap.FixedKey fixed = XkbKeymap.fixed(keysym);
			if (fixed != null) {
				strokes.add(fixed.evdev());
				continue;
			}
			int slot = indexOf(slots, keysym);
			if (slot < 0) {
				slot = freeSlot(slots, usedInChunk, pinned);
				if (slot < 0 && !usedInChunk.isEmpty()) {
					// every slot this chunk may touch is in use: upload what it has, then
					// go on
					keymap = keymap.withSlots(slots);
					chunks.add(new Chunk(keymap, toArray(strokes)));
					strokes.clear();
					usedInChunk.clear();
					slot = freeSlot(slots, usedInChunk, pinned);
				}
				if (slot < 0) {
					throw new DeskhandException(ErrorCode.E_UNSUPPORTED,
							String.format("cannot type keysym 0x%x: all %d keymap slots hold keys that are down",
									keysym, slots.length));
				}
				slots[slot] = keysym;
			}
			usedInChunk.add(slot);
			this.lastUse[slot] = ++this.clock;
			strokes.add(XkbKeymap.slotCode(slot));
		}
		if (!strokes.isEmpty()) {
			chunks.add(new Chunk(keymap.withSlots(slots), toArray(strokes)));
		}
		return chunks;
	}

	/**
	 * The keymap that has {@code keysym} on a key, for a press: {@code current} if it has
	 * it already.
	 */
	public XkbKeymap withKey(XkbKeymap current, long keysym, Set<Integer> pinned) {
		return plan(current, new long[] { keysym }, pinned).get(0).keymap();
	}

	private int freeSlot(long[] slots, Set<Integer> usedInChunk, Set<Integer> pinned) {
		int best = -1;
		for (int slot = 0; slot < slots.length; slot++) {
			if (usedInChunk.contains(slot) || pinned.contains(XkbKeymap.slotCode(slot))) {
				continue;
			}
			if (slots[slot] == 0) {
				return slot;
			}
			if (best < 0 || this.lastUse[slot] < this.lastUse[best]) {
				best = slot;
			}
		}
		return best;
	}

	private static int indexOf(long[] slots, long keysym) {
		for (int slot = 0; slot < slots.length; slot++) {
			if (slots[slot] == keysym) {
				return slot;
			}
		}
		return -1;
	}

	private static int[] toArray(List<Integer> strokes) {
		return strokes.stream().mapToInt(Integer::intValue).toArray();
	}

}
