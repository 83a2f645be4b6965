package dev.deskhand.platform.linux.x11;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;
import dev.deskhand.platform.HeldInputs;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.TypingPause;
import dev.deskhand.platform.keys.KeyNames;
import dev.deskhand.platform.linux.Keysyms;
import dev.deskhand.platform.linux.x11.X11TypingPlanner.Chunk;
import dev.deskhand.platform.linux.x11.X11TypingPlanner.Stroke;

/**
 * Keyboard input through XTest on the input connection, typing any Unicode text with the
 * range method of {@link X11TypingPlanner}.
 *
 * <p>
 * Before each rebind it waits as {@link X11TypingPace} says, so that the client has read
 * the keys sent before; bindings stay in place between calls, and the block's original
 * mapping is restored at close.
 *
 * <p>
 * Each step is one bounded call on the input connection's worker; typing goes a chunk (or
 * {@value #STROKES_PER_SYNC} strokes) per call, so that an interrupt of the input thread
 * stops it between calls. All state but {@link #block} and {@link #pressed} belongs to
 * the input thread and the calls it makes, one at a time.
 */
final class X11KeyboardDriver implements KeyboardDriver {

	private static final Logger logger = LoggerFactory.getLogger(X11KeyboardDriver.class);

	/** Strokes between round trips and interrupt checks inside a long chunk. */
	private static final int STROKES_PER_SYNC = 64;

	private final X11SharedConnection input;

	private final HeldInputs held;

	private final X11TypingPace pace;

	/** For each keysym pressed through {@link #pressKey}, the keycode it went down on. */
	private final Map<Long, Integer> pressed = new ConcurrentHashMap<>();

	/**
	 * Block keycodes stroked since the last rebind: the next rebind must leave them
	 * alone.
	 */
	private Set<Integer> recentKeycodes = Set.of();

	private volatile X11KeycodeBlock block;

	private boolean blockChosen;

	private volatile boolean rebound;

	X11KeyboardDriver(X11SharedConnection input, HeldInputs held, X11TypingPace pace) {
		this.input = input;
		this.held = held;
		this.pace = pace;
	}

	private static long requireKeysym(String keyName) {
		return KeyNames.keysym(keyName)
			.orElseThrow(() -> DeskhandException.args("unknown key name '" + keyName
					+ "': use an X keysym name such as Control_L, Return, a, F5 or Page_Down"));
	}

	@Override
	public void pressKey(String keyName) {
		long keysym = requireKeysym(keyName);
		this.input.call((connection) -> {
			X11Keymap keymap = connection.keyboardMapping();
			this.pace.refresh();
			// a key name means a key: bind what no key types without modifiers (exclam,
			// A, a symbol)
			Chunk chunk = planner(connection, keymap)
				.plan(new long[] { keysym }, 0, pinnedKeycodes(), this.recentKeycodes)
				.get(0);
			if (chunk.rebind() != null) {
				awaitPace();
				rebind(connection, chunk.rebind());
				connection.sync();
				TypingPause.sleep(this.pace.nanosAfterRebind());
			}
			int keycode = chunk.strokes().get(0).keycode();
			remember(chunk);
			this.held.keyDown(keycode);
			connection.fakeKey(keycode, true);
			this.pressed.put(keysym, keycode);
			this.pace.keysSent(1);
			connection.syncAndCheck("pressing " + keyName);
			return null;
		});
	}

	@Override
	public void releaseKey(String keyName) {
		long keysym = requireKeysym(keyName);
		this.input.call((connection) -> {
			Integer keycode = this.pressed.remove(keysym);
			if (keycode == null) {
				int found = connection.keyboardMapping().find(keysym, 1, (code) -> false);
				if (found < 0) {
					logger.debug("releasing {}: no key holds it, nothing to release", keyName);
					return null;
				}
				keycode = found >> 1;
			}
			// forgotten once the server has the release: until then the key is down
			try {
				connection.fakeKey(keycode, false);
				connection.syncAndCheck("releasing " + keyName);
			}
			finally {
				this.held.keyUp(keycode);
			}
			return null;
		});
	}

	/** What a typing call found and changed before its first stroke. */
	private record Preparation(List<Chunk> chunks, int shiftKeycode, X11ModifierGuard guard) {
	}

	@Override
	public void typeText(String text) {
		long[] keysyms = Keysyms.forText(text);
		if (keysyms.length == 0) {
			return;
		}
		Preparation prepared = this.input.call((connection) -> {
			X11Keymap keymap = connection.keyboardMapping();
			X11ModifierGuard guard = X11ModifierGuard.inspect(connection, keymap, this.held);
			// with another keyboard group active, the keymap's own keys type that group's
			// symbols
			int maxDirectLevel = guard.firstGroupActive() ? 1 : -1;
			List<Chunk> chunks = planner(connection, keymap).plan(keysyms, maxDirectLevel, pinnedKeycodes(),
					this.recentKeycodes);
			int shiftKeycode = shiftKeycode(keymap, chunks);
			guard.neutralize();
			return new Preparation(chunks, shiftKeycode, guard);
		});
		this.pace.refresh();
		if (this.pace.currentFactor() > 1) {
			logger.debug("the host is loaded: typing pauses {}x as long before each rebind",
					String.format("%.1f", this.pace.currentFactor()));
		}
		try {
			int typed = 0;
			for (Chunk chunk : prepared.chunks()) {
				checkInterrupted(typed, keysyms.length);
				if (chunk.rebind() != null) {
					awaitPace();
					this.input.call((connection) -> {
						rebind(connection, chunk.rebind());
						connection.sync();
						return null;
					});
					// and after it, for the client to fetch the new keymap: Chromium
					// (xkbcommon)
					// reads a key sent right after a MappingNotify with the old one and
					// drops
					// it; a read-back of its field caught the loss
					// (ElementToolsChromiumLiveTests)
					awaitPace();
				}
				remember(chunk);
				List<Stroke> strokes = chunk.strokes();
				for (int from = 0; from < strokes.size(); from += STROKES_PER_SYNC) {
					if (from > 0) {
						checkInterrupted(typed, keysyms.length);
					}
					List<Stroke> group = strokes.subList(from, Math.min(strokes.size(), from + STROKES_PER_SYNC));
					boolean last = from + STROKES_PER_SYNC >= strokes.size();
					this.input.call((connection) -> {
						strokeAll(connection, group, prepared.shiftKeycode(), last);
						return null;
					});
					typed += group.size();
				}
			}
		}
		finally {
			restoreQuietly(prepared.guard());
		}
	}

	private void strokeAll(X11Connection connection, List<Stroke> group, int shiftKeycode, boolean endOfChunk) {
		int sent = 0;
		try {
			for (Stroke stroke : group) {
				stroke(connection, stroke, shiftKeycode);
				sent++;
			}
		}
		finally {
			// keys of a chunk cut short count too: the next rebind must wait for them
			this.pace.keysSent(sent);
		}
		if (endOfChunk) {
			connection.syncAndCheck("typing text");
		}
		else {
			connection.sync();
		}
	}

	private void restoreQuietly(X11ModifierGuard guard) {
		try {
			this.input.call((connection) -> {
				// on another connection than the one it inspected, there is nothing to
				// put back
				if (guard.isOn(connection)) {
					guard.restore();
				}
				return null;
			});
		}
		catch (DeskhandException ex) {
			logger.debug("could not put the modifier state back after typing: {}", ex.getMessage());
		}
	}

	private static void stroke(X11Connection connection, Stroke stroke, int shiftKeycode) {
		if (stroke.shift()) {
			connection.fakeKey(shiftKeycode, true);
		}
		try {
			connection.fakeKey(stroke.keycode(), true);
			connection.fakeKey(stroke.keycode(), false);
		}
		finally {
			if (stroke.shift()) {
				connection.fakeKey(shiftKeycode, false);
			}
		}
	}

	private static int shiftKeycode(X11Keymap keymap, List<Chunk> chunks) {
		boolean needed = chunks.stream().flatMap((chunk) -> chunk.strokes().stream()).anyMatch(Stroke::shift);
		if (!needed) {
			return 0;
		}
		int found = keymap.find(Keysyms.SHIFT_L, 0, (keycode) -> false);
		if (found < 0) {
			throw new DeskhandException(ErrorCode.E_UNSUPPORTED, "the keyboard layout has no Shift_L key");
		}
		return found >> 1;
	}

	private void checkInterrupted(int typed, int total) {
		if (Thread.currentThread().isInterrupted()) {
			throw new DeskhandException(ErrorCode.E_TIMEOUT,
					"typing was interrupted after " + typed + " of " + total + " characters");
		}
	}

	private X11TypingPlanner planner(X11Connection connection, X11Keymap keymap) {
		if (!this.blockChosen) {
			this.block = X11KeycodeBlock.choose(keymap, connection.modifierKeycodes()).orElse(null);
			this.blockChosen = true;
			if (this.block == null) {
				logger.warn("the keymap of X display {} has no run of {} spare keycodes: only characters of the"
						+ " keyboard layout can be typed", connection.name(), X11KeycodeBlock.MINIMUM_SIZE);
			}
			else {
				logger.info("typing characters outside the keyboard layout on keycodes {}-{} of X display {}",
						this.block.first(), this.block.first() + this.block.count() - 1, connection.name());
			}
		}
		return new X11TypingPlanner(keymap, this.block);
	}

	private void remember(Chunk chunk) {
		X11KeycodeBlock current = this.block;
		if (current == null) {
			return;
		}
		Set<Integer> used = new HashSet<>((chunk.rebind() != null) ? Set.of() : this.recentKeycodes);
		chunk.strokes().stream().map(Stroke::keycode).filter(current::contains).forEach(used::add);
		this.recentKeycodes = Set.copyOf(used);
	}

	private Set<Integer> pinnedKeycodes() {
		X11KeycodeBlock current = this.block;
		if (current == null) {
			return Set.of();
		}
		return this.held.keycodes().stream().filter(current::contains).collect(Collectors.toSet());
	}

	/** Waits until the client may have read the keys sent before a rebind. */
	private void awaitPace() {
		TypingPause.sleep(this.pace.nanosUntilRebind());
	}

	private void rebind(X11Connection connection, X11TypingPlanner.Rebind rebind) {
		long[] rows = new long[rebind.keysyms().length * 2];
		for (int i = 0; i < rebind.keysyms().length; i++) {
			rows[2 * i] = rebind.keysyms()[i];
			rows[2 * i + 1] = rebind.keysyms()[i];
		}
		this.rebound = true;
		connection.changeKeyboardMapping(rebind.firstKeycode(), 2, rows, rebind.keysyms().length);
		this.pace.rebound();
	}

	/** The claimed block, if any keycode of it was rebound: what close must restore. */
	Optional<X11KeycodeBlock> blockToRestore() {
		return this.rebound ? Optional.ofNullable(this.block) : Optional.empty();
	}

	/** Forgets what {@link #pressKey} pressed, after release-all let it go. */
	void forgetPressed() {
		this.pressed.clear();
	}

}
