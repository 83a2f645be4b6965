package dev.deskhand.platform.windows;

import java.util.ArrayList;
import java.util.List;

import dev.deskhand.errors.DeskhandException;

/**
 * Records each {@code SendInput} batch, and refuses from a given batch on, as Windows
 * does on a locked workstation.
 */
final class RecordingSink implements WindowsInputSink {

	final List<List<WindowsInput>> batches = new ArrayList<>();

	DeskhandException refusal;

	@Override
	public void send(List<WindowsInput> events, String what) {
		if (this.refusal != null) {
			throw this.refusal;
		}
		this.batches.add(List.copyOf(events));
	}

	List<WindowsInput> all() {
		return this.batches.stream().flatMap(List::stream).toList();
	}

}
