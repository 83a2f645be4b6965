package dev.deskhand.bench;

/**
 * One thing the benchmark times: an untimed preparation, the timed action, and an untimed
 * check that the action's result is right.
 * <p>
 * Only {@link #action} is inside the clock. Preparation (clearing the witness, making the
 * screen change) and verification (decoding the image, waiting for the witness to show
 * the text) run outside it, so checking every sample costs wall time but never skews a
 * number.
 *
 * @param key stable identifier, used to find rows for ratios and targets
 * @param name what the table calls it
 * @param group which job it does; ratios compare cases of one group
 * @param source whose implementation it is
 * @param chars characters typed per call, for characters/second; 0 for other cases
 * @param prepare runs right before the timed action, untimed
 * @param action the timed action
 * @param verifier checks the action's result, untimed
 */
record Case(String key, String name, Group group, Source source, int chars, Runnable prepare, Action action,
		Verifier verifier) {

	/** The jobs the benchmark compares Deskhand and the peers on. */
	enum Group {

		SCREENSHOT, MOVE, CLICK, TYPE_ASCII, TYPE_UNICODE,
		/** What every call costs before any tool runs; no peer does this. */
		FLOOR,
		/** A batch of input actions and the screenshot after it. */
		BATCH

	}

	/** Whose implementation a case runs. */
	enum Source {

		DESKHAND,
		/** A peer tool pipeline. */
		PEER,
		/**
		 * The peer pipeline the targets name as the reference (scrot + convert +
		 * base64).
		 */
		REFERENCE

	}

	static final Runnable NOTHING = () -> {
	};

	/** The timed part. */
	@FunctionalInterface
	interface Action {

		Object run() throws Exception;

	}

	/** Checks a result after the clock stopped; throws when it is wrong. */
	@FunctionalInterface
	interface Verifier {

		/**
		 * @param result what the action returned
		 * @param startNanos {@code System.nanoTime()} when the action started, for
		 * arrival times
		 * @return the image size and arrival time, where the case has them
		 */
		Outcome verify(Object result, long startNanos) throws Exception;

	}

	/**
	 * What verification learnt besides "correct".
	 *
	 * @param bytes the decoded image's size, -1 for cases without an image
	 * @param arrivedNanos from the action's start until the witness showed the whole
	 * effect, -1 when not measured
	 */
	record Outcome(long bytes, long arrivedNanos) {

		static final Outcome NONE = new Outcome(-1, -1);

		static Outcome image(long bytes) {
			return new Outcome(bytes, -1);
		}

		static Outcome arrived(long nanos) {
			return new Outcome(-1, nanos);
		}

	}

}
