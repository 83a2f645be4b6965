package dev.deskhand.platform;

import java.util.function.Supplier;

import dev.deskhand.errors.DeskhandException;
import dev.deskhand.errors.ErrorCode;

/**
 * How every driver loads its native libraries: a library that is missing becomes a
 * sentence an operator can act on, at start-up, never an {@link UnsatisfiedLinkError}
 * later. JNA answers a missing library with {@code UnsatisfiedLinkError}, and a mapping
 * whose library failed in a static initializer ({@code INSTANCE} fields) with
 * {@code NoClassDefFoundError} on its next use: both mean the same.
 */
public final class NativeLibraries {

	private NativeLibraries() {
	}

	/**
	 * Runs the loading and answers a missing library with {@code E_NO_DESKTOP}: without
	 * it this desktop cannot be driven at all.
	 * @param what the libraries, in words ("the X11 client libraries")
	 * @param whatToDo what the operator installs or runs to have them
	 * @param loading what loads them (and may call them once)
	 */
	public static <T> T require(String what, String whatToDo, Supplier<T> loading) {
		return load(ErrorCode.E_NO_DESKTOP, what, whatToDo, loading);
	}

	/**
	 * Runs the loading and answers a missing library with {@code code}.
	 * @see #require
	 */
	public static <T> T load(ErrorCode code, String what, String whatToDo, Supplier<T> loading) {
		try {
			return loading.get();
		}
		catch (UnsatisfiedLinkError | NoClassDefFoundError ex) {
			throw new DeskhandException(code, notLoaded(what, ex) + "; " + whatToDo, ex);
		}
	}

	/** The sentence for libraries that did not load: "cannot load X (why)". */
	public static String notLoaded(String what, LinkageError ex) {
		return "cannot load " + what + " (" + ex.getMessage() + ")";
	}

}
