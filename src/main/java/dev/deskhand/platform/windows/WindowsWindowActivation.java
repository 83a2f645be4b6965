package dev.deskhand.platform.windows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The steps of one attempt to bring a window to the foreground, decided from what Windows
 * says before it. Pure, so the sequence is tested without Windows.
 * <p>
 * {@code SetForegroundWindow} is refused (it flashes the taskbar button instead) unless
 * the caller may take the foreground: among Microsoft's conditions, it is the foreground
 * process, it received the last input event, or no window is in the foreground. Deskhand
 * is often the last to inject input, so the first attempt asks plainly. Later attempts
 * attach this thread's input state to the foreground window's thread
 * ({@code AttachThreadInput}), which makes the call count as the foreground's own, and
 * detach right after: an attachment left in place would share key state and focus between
 * two unrelated threads.
 * <p>
 * From the third attempt, one empty mouse event ({@code SendInput} of an
 * {@code INPUT_MOUSE} with no flags: no move, no button, tagged as Deskhand's) goes
 * first, which makes this process the one that received the last input event, one of the
 * conditions under which Windows grants the foreground. It runs on the input thread like
 * all activation and leaves nothing held.
 * <p>
 * The other well-known workaround, tapping Alt with synthetic input, is not used: keys
 * pressed outside the chord bookkeeping could outlive a failure, and an Alt tap opens the
 * menu bar of many applications.
 */
final class WindowsWindowActivation {

	/**
	 * How long an attempt is given before the next: a foreground change takes a few
	 * milliseconds, and asking again is harmless.
	 */
	static final Duration ASK_AGAIN = Duration.ofMillis(250);

	/** The first attempt that sends an empty input event first. */
	static final int NUDGE_FROM_ATTEMPT = 2;

	/** How often the foreground window is read while waiting. */
	static final Duration POLL = Duration.ofMillis(10);

	enum Step {

		/**
		 * {@code ShowWindow(SW_RESTORE)}: a minimised window cannot take the foreground.
		 */
		RESTORE,
		/**
		 * {@code SendInput} of one empty, tagged mouse event: this process received the
		 * last input event.
		 */
		NUDGE_INPUT,
		/**
		 * {@code AllowSetForegroundWindow(pid)}: lets the window's own process finish the
		 * activation if it reacts by calling {@code SetForegroundWindow} itself.
		 */
		ALLOW_SET_FOREGROUND,
		/** {@code AttachThreadInput(own, foreground, TRUE)}. */
		ATTACH_TO_FOREGROUND,
		/** {@code SetForegroundWindow(window)}. */
		SET_FOREGROUND,
		/** {@code BringWindowToTop(window)}: raises it while attached. */
		BRING_TO_TOP,
		/** {@code AttachThreadInput(own, foreground, FALSE)}: always after an attach. */
		DETACH_FROM_FOREGROUND

	}

	/**
	 * What Windows says before an attempt.
	 *
	 * @param iconic whether the window is minimised
	 * @param foregroundThread the thread of {@code GetForegroundWindow()}, 0 when no
	 * window is in the foreground
	 * @param ownThread {@code GetCurrentThreadId()}
	 * @param attempt 0 for the first attempt
	 */
	record State(boolean iconic, int foregroundThread, int ownThread, int attempt) {
	}

	private WindowsWindowActivation() {
	}

	static List<Step> steps(State state) {
		List<Step> steps = new ArrayList<>();
		if (state.iconic()) {
			steps.add(Step.RESTORE);
		}
		if (state.attempt() >= NUDGE_FROM_ATTEMPT) {
			steps.add(Step.NUDGE_INPUT);
		}
		steps.add(Step.ALLOW_SET_FOREGROUND);
		boolean attach = state.attempt() > 0 && state.foregroundThread() != 0
				&& state.foregroundThread() != state.ownThread();
		if (attach) {
			steps.add(Step.ATTACH_TO_FOREGROUND);
		}
		steps.add(Step.SET_FOREGROUND);
		if (state.attempt() > 0) {
			steps.add(Step.BRING_TO_TOP);
		}
		if (attach) {
			steps.add(Step.DETACH_FROM_FOREGROUND);
		}
		return steps;
	}

}
