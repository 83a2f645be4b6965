package dev.deskhand.platform.windows.uia;

import java.util.Map;

import dev.deskhand.errors.ErrorCode;

/**
 * What a failed UI Automation call means for the element that was asked: gone, hung,
 * refused or broken. The values are those of {@code UIAutomationCoreApi.h},
 * {@code winerror.h} and {@code corerror.h}.
 */
final class UiaErrors {

	static final int UIA_E_ELEMENTNOTENABLED = 0x80040200;

	static final int UIA_E_ELEMENTNOTAVAILABLE = 0x80040201;

	static final int UIA_E_NOCLICKABLEPOINT = 0x80040202;

	static final int UIA_E_PROXYASSEMBLYNOTLOADED = 0x80040203;

	static final int UIA_E_NOTSUPPORTED = 0x80040204;

	static final int UIA_E_INVALIDOPERATION = 0x80131509;

	/** The same value as COR_E_TIMEOUT: the provider did not answer in UIA's timeout. */
	static final int UIA_E_TIMEOUT = 0x80131505;

	static final int E_NOINTERFACE = 0x80004002;

	static final int E_NOTIMPL = 0x80004001;

	static final int E_ACCESSDENIED = 0x80070005;

	static final int E_INVALIDARG = 0x80070057;

	static final int E_FAIL = 0x80004005;

	/** HRESULT_FROM_WIN32(ERROR_TIMEOUT). */
	static final int HRESULT_ERROR_TIMEOUT = 0x800705B4;

	/** The object's process went away while it was being called. */
	static final int RPC_E_DISCONNECTED = 0x80010108;

	static final int RPC_E_SERVER_DIED = 0x80010007;

	static final int RPC_E_SERVER_DIED_DNE = 0x80010012;

	static final int CO_E_OBJNOTCONNECTED = 0x800401FD;

	/** HRESULT_FROM_WIN32(RPC_S_SERVER_UNAVAILABLE). */
	static final int RPC_S_SERVER_UNAVAILABLE = 0x800706BA;

	/** CoInitializeEx on a thread that is already single-threaded. */
	static final int RPC_E_CHANGED_MODE = 0x80010106;

	/** CoCreateInstance: the class is not registered (no UI Automation client). */
	static final int REGDB_E_CLASSNOTREG = 0x80040154;

	/** How each known failure reads and what it answers, by HRESULT. */
	static final Map<Integer, Failure> TABLE = Map.ofEntries(
			Map.entry(UIA_E_ELEMENTNOTAVAILABLE,
					new Failure(ErrorCode.E_NOT_FOUND, true, "UIA_E_ELEMENTNOTAVAILABLE: the element is gone")),
			Map.entry(RPC_E_DISCONNECTED,
					new Failure(ErrorCode.E_NOT_FOUND, true, "RPC_E_DISCONNECTED: its application quit")),
			Map.entry(RPC_E_SERVER_DIED,
					new Failure(ErrorCode.E_NOT_FOUND, true, "RPC_E_SERVER_DIED: its application quit")),
			Map.entry(RPC_E_SERVER_DIED_DNE,
					new Failure(ErrorCode.E_NOT_FOUND, true, "RPC_E_SERVER_DIED_DNE: its application quit")),
			Map.entry(CO_E_OBJNOTCONNECTED,
					new Failure(ErrorCode.E_NOT_FOUND, true, "CO_E_OBJNOTCONNECTED: its application quit")),
			Map.entry(RPC_S_SERVER_UNAVAILABLE,
					new Failure(ErrorCode.E_NOT_FOUND, true, "RPC_S_SERVER_UNAVAILABLE: its application quit")),
			Map.entry(UIA_E_TIMEOUT,
					new Failure(ErrorCode.E_TIMEOUT, false,
							"UIA_E_TIMEOUT: the application did not answer in time (busy or hung)")),
			Map.entry(HRESULT_ERROR_TIMEOUT,
					new Failure(ErrorCode.E_TIMEOUT, false,
							"ERROR_TIMEOUT: the application did not answer in time (busy or hung)")),
			Map.entry(UIA_E_ELEMENTNOTENABLED,
					new Failure(ErrorCode.E_UNSUPPORTED, false, "UIA_E_ELEMENTNOTENABLED: the element is disabled")),
			Map.entry(UIA_E_NOTSUPPORTED,
					new Failure(ErrorCode.E_UNSUPPORTED, false, "UIA_E_NOTSUPPORTED: the element does not offer that")),
			Map.entry(UIA_E_INVALIDOPERATION,
					new Failure(ErrorCode.E_UNSUPPORTED, false,
							"UIA_E_INVALIDOPERATION: the element refuses that now")),
			Map.entry(E_NOINTERFACE,
					new Failure(ErrorCode.E_UNSUPPORTED, false, "E_NOINTERFACE: the element does not offer that")),
			Map.entry(E_NOTIMPL,
					new Failure(ErrorCode.E_UNSUPPORTED, false, "E_NOTIMPL: the element does not offer that")),
			Map.entry(UIA_E_NOCLICKABLEPOINT,
					new Failure(ErrorCode.E_UNSUPPORTED, false, "UIA_E_NOCLICKABLEPOINT: the element has no place")),
			Map.entry(E_ACCESSDENIED,
					new Failure(ErrorCode.E_DENIED, false,
							"E_ACCESSDENIED: the application runs with higher rights than Deskhand (UIPI)")),
			Map.entry(E_INVALIDARG, new Failure(ErrorCode.E_FAIL, false, "E_INVALIDARG")),
			Map.entry(UIA_E_PROXYASSEMBLYNOTLOADED,
					new Failure(ErrorCode.E_FAIL, false, "UIA_E_PROXYASSEMBLYNOTLOADED")),
			Map.entry(RPC_E_CHANGED_MODE,
					new Failure(ErrorCode.E_FAIL, false,
							"RPC_E_CHANGED_MODE: the calling thread is single-threaded COM")),
			Map.entry(REGDB_E_CLASSNOTREG,
					new Failure(ErrorCode.E_UNSUPPORTED, false, "REGDB_E_CLASSNOTREG: UI Automation is not installed")),
			Map.entry(E_FAIL, new Failure(ErrorCode.E_FAIL, false, "E_FAIL")));

	private UiaErrors() {
	}

	/** The failure an HRESULT stands for; {@code E_FAIL} with its number when unknown. */
	static Failure of(int hresult) {
		Failure known = TABLE.get(hresult);
		return (known != null) ? known : new Failure(ErrorCode.E_FAIL, false, hex(hresult));
	}

	/** Whether the HRESULT says the element, or its whole application, is gone. */
	static boolean gone(int hresult) {
		return of(hresult).gone();
	}

	static String describe(int hresult) {
		Failure known = TABLE.get(hresult);
		return (known != null) ? known.sentence() + " (" + hex(hresult) + ")" : hex(hresult);
	}

	static String hex(int hresult) {
		return String.format("HRESULT 0x%08X", hresult);
	}

	/**
	 * @param code what the SPI answers
	 * @param gone whether the element no longer exists (a stale ref)
	 * @param sentence what it means
	 */
	record Failure(ErrorCode code, boolean gone, String sentence) {

	}

}
