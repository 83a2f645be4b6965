package dev.deskhand.selftest;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.selftest.SelfTestWitness.WitnessClick;
import dev.deskhand.selftest.SelfTestWitness.WitnessPlace;

/**
 * What the witness window said so far, from its lines (one message a line, words split by
 * a space, text in Base64 so that no character of it can end a line):
 *
 * <pre>
 * screen INDEX X Y WIDTH HEIGHT SCALE   one per Java screen, before anything else
 * place SCREEN CX CY CW CH TX TY TW TH  the client area and the target, after every move
 * pointer X Y | pointer none            the answer to "pointer?"
 * click X Y BUTTON target|elsewhere     a mouse press
 * focus main|decoy|none                 which of its windows has the focus
 * text BASE64 | field BASE64            the text area's, the field's whole text
 * pressed COUNT                         the button was pressed
 * </pre>
 *
 * Thread-safe: the reader thread applies lines while the self-test reads.
 */
final class WitnessState {

	private final List<WitnessScreen> screens = new ArrayList<>();

	private final List<WitnessClick> clicks = new ArrayList<>();

	private WitnessPlace place;

	private Optional<Point> pointer = Optional.empty();

	private long pointerAnswers;

	private String focused = "none";

	private String text = "";

	private String field = "";

	private int presses;

	/** Applies one line; a line it does not understand is ignored (a newer witness). */
	synchronized void apply(String line) {
		String[] words = line.trim().split(" ");
		try {
			switch (words[0]) {
				case "screen" -> this.screens
					.add(new WitnessScreen(Integer.parseInt(words[1]), rect(words, 2), Double.parseDouble(words[6])));
				case "place" ->
					this.place = new WitnessPlace(Integer.parseInt(words[1]), rect(words, 2), rect(words, 6));
				case "pointer" -> {
					this.pointer = words[1].equals("none") ? Optional.empty()
							: Optional.of(new Point(Integer.parseInt(words[1]), Integer.parseInt(words[2])));
					this.pointerAnswers++;
				}
				case "click" ->
					this.clicks.add(new WitnessClick(new Point(Integer.parseInt(words[1]), Integer.parseInt(words[2])),
							Integer.parseInt(words[3]), words[4].equals("target")));
				case "focus" -> this.focused = words[1];
				case "text" -> this.text = decode(words);
				case "field" -> this.field = decode(words);
				case "pressed" -> this.presses = Integer.parseInt(words[1]);
				default -> {
				}
			}
		}
		catch (RuntimeException ex) {
			// a garbled line: the rows that needed it say what they did not see
		}
		notifyAll();
	}

	private static Rect rect(String[] words, int from) {
		return new Rect(Integer.parseInt(words[from]), Integer.parseInt(words[from + 1]),
				Integer.parseInt(words[from + 2]), Integer.parseInt(words[from + 3]));
	}

	private static String decode(String[] words) {
		return (words.length < 2) ? "" : new String(Base64.getDecoder().decode(words[1]), StandardCharsets.UTF_8);
	}

	static String encode(String text) {
		return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
	}

	synchronized List<WitnessScreen> screens() {
		return List.copyOf(this.screens);
	}

	synchronized WitnessPlace place() {
		return this.place;
	}

	synchronized Optional<Point> pointer() {
		return this.pointer;
	}

	synchronized long pointerAnswers() {
		return this.pointerAnswers;
	}

	synchronized List<WitnessClick> clicks() {
		return List.copyOf(this.clicks);
	}

	synchronized Optional<String> focused() {
		return this.focused.equals("none") ? Optional.empty() : Optional.of(this.focused);
	}

	synchronized String text() {
		return this.text;
	}

	synchronized String field() {
		return this.field;
	}

	synchronized int presses() {
		return this.presses;
	}

	/** Waits up to {@code millis} for the next line. */
	synchronized void awaitChange(long millis) throws InterruptedException {
		wait(Math.max(1, millis));
	}

}
