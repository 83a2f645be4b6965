package dev.deskhand.platform.windows;

import java.util.List;
import java.util.function.Supplier;

import com.sun.jna.Memory;
import com.sun.jna.Native;

import dev.deskhand.platform.windows.jna.InputApi;

/**
 * The one place that calls {@code SendInput}: asks the input desktop first (input to a
 * locked workstation is refused as E_NO_DESKTOP before anything is sent), lays the events
 * out ({@link WindowsInputLayout}) and lets {@link WindowsInputVerdict} judge a short
 * count. Callable from any thread: release-all sends while the input thread may be inside
 * a call.
 */
final class WindowsInputSender implements WindowsInputSink {

	private final InputApi user32;

	private final WindowsInputLayout layout = new WindowsInputLayout(Native.POINTER_SIZE);

	private final Supplier<WindowsInputDesktop> desktop;

	private final Supplier<WindowsIntegrity> integrity;

	WindowsInputSender(InputApi user32, Supplier<WindowsInputDesktop> desktop, Supplier<WindowsIntegrity> integrity) {
		this.user32 = user32;
		this.desktop = desktop;
		this.integrity = integrity;
	}

	@Override
	public void send(List<WindowsInput> events, String what) {
		if (events.isEmpty()) {
			return;
		}
		WindowsInputVerdict.desktop(this.desktop.get()).ifPresent((ex) -> {
			throw ex;
		});
		byte[] bytes = this.layout.encode(events);
		Memory array = new Memory(bytes.length);
		array.write(0, bytes, 0, bytes.length);
		int inserted = this.user32.SendInput(events.size(), array, this.layout.inputSize());
		if (inserted < events.size()) {
			int lastError = Native.getLastError();
			WindowsInputVerdict
				.afterSend(what, events.size(), inserted, lastError, this.desktop.get(), this.integrity.get())
				.ifPresent((ex) -> {
					throw ex;
				});
		}
	}

}
