package dev.deskhand.platform.linux.x11;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.linux.Keysyms;

/**
 * Plans how to type a sequence of keysyms with the "range" method: keysyms the keymap has
 * are typed on their own keys (with Shift for level 1); the others are bound into the
 * claimed {@link X11KeycodeBlock}, as many as fit, with one keymap change per chunk.
 * Pure: the keymap is a snapshot, and executing, pacing included, is
 * {@link X11KeyboardDriver}'s job.
 *
 * <p>
 * Double-buffered: a client translates a chunk's keys with the mapping it fetches when it
 * reads that chunk's MappingNotify, so the one thing that garbles text is a later rebind
 * changing those keycodes before the client got there. A rebind therefore never touches
 * the keycodes the chunk before it used, and a chunk uses at most half the block, which
 * leaves the next one room. With the executor's pacing (enough for the client to finish
 * the previous chunk) that is a whole chunk of extra margin against a slow client.
 *
 * <p>
 * Keysyms already bound stay on their keycode, so text that repeats characters causes no
 * rebind at all; new keysyms take the lowest free keycodes whose keysym the rest of the
 * text does not need, which keeps each keymap change short.
 */
final class X11TypingPlanner {

	/**
	 * One key stroke: press and release {@code keycode}, inside Shift when {@code shift}.
	 */
	record Stroke(int keycode, boolean shift) {
	}

	/**
	 * One keymap change: {@code keysyms[i]} onto both levels of keycode
	 * {@code firstKeycode + i}.
	 */
	record Rebind(int firstKeycode, long[] keysyms) {

		@Override
		public boolean equals(Object other) {
			return other instanceof Rebind rebind && rebind.firstKeycode == this.firstKeycode
					&& Arrays.equals(rebind.keysyms, this.keysyms);
		}

		@Override
		public int hashCode() {
			return 31 * this.firstKeycode + Arrays.hashCode(this.keysyms);
		}

		@Override
		public String toString() {
			return "Rebind[" + this.firstKeycode + " " + Arrays.toString(this.keysyms) + "]";
		}

	}

	/**
	 * A rebind (or none, when everything needed is bound already), then the strokes it
	 * enables.
	 */
	record Chunk(Rebind rebind, List<Stroke> strokes) {
	}

	private final X11Keymap keymap;

	private final X11KeycodeBlock block;

	/**
	 * @param keymap the keymap now, including the block's current bindings
	 * @param block the claimed block, or {@code null} when the keymap had none to spare
	 */
	X11TypingPlanner(X11Keymap keymap, X11KeycodeBlock block) {
		this.keymap = keymap;
		this.block = block;
	}

	/**
	 * @param keysyms what to type, one keysym per stroke
	 * @param maxDirectLevel 1 to type keymap keysyms with Shift where needed, 0 to bind
	 * level-1 keysyms instead, -1 to bind everything (a keyboard group other than the
	 * first is active)
	 * @param pinnedKeycodes block keycodes that are held down and must keep their keysym
	 * @param recentKeycodes block keycodes stroked since the last rebind before this plan
	 * @return the chunks, in order
	 * @throws DeskhandException before anything is typed, when a keysym cannot be typed
	 */
	List<Chunk> plan(long[] keysyms, int maxDirectLevel, Set<Integer> pinnedKeycodes, Set<Integer> recentKeycodes) {
		int size = (this.block != null) ? this.block.count() : 0;
		long[] binding = new long[size];
		boolean[] pinned = new boolean[size];
		boolean[] frozen = new boolean[size];
		Set<Long> pinnedKeysyms = new HashSet<>();
		for (int slot = 0; slot < size; slot++) {
			int keycode = this.block.first() + slot;
			binding[slot] = this.keymap.keysym(keycode, 0);
			pinned[slot] = pinnedKeycodes.contains(keycode);
			frozen[slot] = recentKeycodes.contains(keycode);
			if (pinned[slot]) {
				pinnedKeysyms.add(binding[slot]);
			}
		}
		int[] direct = new int[keysyms.length];
		for (int i = 0; i < keysyms.length; i++) {
			direct[i] = (maxDirectLevel < 0) ? -1 : this.keymap.find(keysyms[i], maxDirectLevel,
					(keycode) -> this.block != null && this.block.contains(keycode));
		}
		List<Chunk> chunks = new ArrayList<>();
		int start = 0;
		while (start < keysyms.length) {
			Segment segment = segment(keysyms, direct, start, binding, pinned, frozen, pinnedKeysyms);
			if (segment.end() == start) {
				// a tiny block: rather rely on pacing alone than not type at all
				Arrays.fill(frozen, false);
				segment = segment(keysyms, direct, start, binding, pinned, frozen, pinnedKeysyms);
				if (segment.end() == start) {
					throw cannotBind(keysyms[start], size);
				}
			}
			Rebind rebind = bind(binding, pinned, frozen, segment.needed(), keysyms, segment.end());
			if (rebind != null) {
				// keys since the previous rebind stay frozen until the next one: no
				// pacing before that
				Arrays.fill(frozen, false);
			}
			List<Stroke> strokes = new ArrayList<>(segment.end() - start);
			for (int i = start; i < segment.end(); i++) {
				if (direct[i] >= 0) {
					strokes.add(new Stroke(direct[i] >> 1, (direct[i] & 1) == 1));
				}
				else {
					int slot = slotOf(binding, keysyms[i]);
					frozen[slot] = true;
					strokes.add(new Stroke(this.block.first() + slot, false));
				}
			}
			chunks.add(new Chunk(rebind, List.copyOf(strokes)));
			start = segment.end();
		}
		return chunks;
	}

	/**
	 * Keysyms {@code [start, end)} form a chunk; {@code needed} are those it must have
	 * bound.
	 */
	private record Segment(int end, Set<Long> needed) {
	}

	/**
	 * The longest chunk from {@code start} that strokes at most half the block's keycodes
	 * and finds room for its new keysyms outside the frozen (just used) and pinned
	 * keycodes.
	 */
	private Segment segment(long[] keysyms, int[] direct, int start, long[] binding, boolean[] pinned, boolean[] frozen,
			Set<Long> pinnedKeysyms) {
		int available = 0;
		for (int slot = 0; slot < binding.length; slot++) {
			if (!pinned[slot] && !frozen[slot]) {
				available++;
			}
		}
		int half = Math.max(1, binding.length / 2);
		Set<Long> needed = new LinkedHashSet<>();
		int usedSlots = 0;
		int costingSlots = 0;
		int end = start;
		while (end < keysyms.length) {
			long keysym = keysyms[end];
			if (direct[end] >= 0 || pinnedKeysyms.contains(keysym) || needed.contains(keysym)) {
				end++;
				continue;
			}
			int slot = indexOf(binding, keysym);
			boolean free = slot < 0 || (!pinned[slot] && !frozen[slot]);
			if (usedSlots + 1 > half || (free && costingSlots + 1 > available)) {
				break;
			}
			usedSlots++;
			if (free) {
				costingSlots++;
			}
			needed.add(keysym);
			end++;
		}
		return new Segment(end, needed);
	}

	/**
	 * Puts every needed keysym into the binding, in place; returns the change, or null if
	 * none.
	 */
	private Rebind bind(long[] binding, boolean[] pinned, boolean[] frozen, Set<Long> needed, long[] keysyms,
			int restFrom) {
		Set<Long> missing = new LinkedHashSet<>(needed);
		boolean[] taken = new boolean[binding.length];
		for (int slot = 0; slot < binding.length; slot++) {
			taken[slot] = pinned[slot] || frozen[slot];
			if (!pinned[slot] && missing.remove(binding[slot])) {
				taken[slot] = true;
			}
		}
		if (missing.isEmpty()) {
			return null;
		}
		Set<Long> neededLater = new HashSet<>();
		for (int i = restFrom; i < keysyms.length; i++) {
			neededLater.add(keysyms[i]);
		}
		int low = Integer.MAX_VALUE;
		int high = -1;
		for (long keysym : missing) {
			int slot = freeSlot(binding, taken, neededLater);
			binding[slot] = keysym;
			taken[slot] = true;
			low = Math.min(low, slot);
			high = Math.max(high, slot);
		}
		return new Rebind(this.block.first() + low, Arrays.copyOfRange(binding, low, high + 1));
	}

	/**
	 * The lowest free keycode whose keysym the rest of the text does not need, else the
	 * lowest.
	 */
	private static int freeSlot(long[] binding, boolean[] taken, Set<Long> neededLater) {
		int fallback = -1;
		for (int slot = 0; slot < binding.length; slot++) {
			if (taken[slot]) {
				continue;
			}
			if (!neededLater.contains(binding[slot])) {
				return slot;
			}
			if (fallback < 0) {
				fallback = slot;
			}
		}
		return fallback;
	}

	private static int indexOf(long[] binding, long keysym) {
		for (int slot = 0; slot < binding.length; slot++) {
			if (binding[slot] == keysym) {
				return slot;
			}
		}
		return -1;
	}

	private static int slotOf(long[] binding, long keysym) {
		int slot = indexOf(binding, keysym);
		if (slot >= 0) {
			return slot;
		}
		throw new IllegalStateException("keysym 0x" + Long.toHexString(keysym) + " was planned but not bound");
	}

	private static DeskhandException cannotBind(long keysym, int blockSize) {
		String reason = (blockSize == 0)
				? "the keymap has no spare keycodes to bind it to (it needs a run of at least "
						+ X11KeycodeBlock.MINIMUM_SIZE + " keycodes that are empty or hold only XF86 media keys)"
				: "all " + blockSize + " spare keycodes are held down";
		return new DeskhandException(ErrorCode.E_UNSUPPORTED,
				String.format("cannot type keysym 0x%x: the keyboard layout lacks it and %s", keysym, reason));
	}

}
