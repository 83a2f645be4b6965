package dev.deskhand.platform.windows.uia;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import com.sun.jna.platform.win32.Guid;
import com.sun.jna.platform.win32.Kernel32Util;
import com.sun.jna.platform.win32.OaIdl;
import com.sun.jna.platform.win32.OleAuto;
import com.sun.jna.platform.win32.Ole32;
import com.sun.jna.platform.win32.Variant;
import com.sun.jna.platform.win32.WTypes;
import com.sun.jna.platform.win32.Win32Exception;
import com.sun.jna.ptr.PointerByReference;

/**
 * UI Automation through COM: one {@code CUIAutomation} object, created on first use in
 * the multithreaded apartment, shared by every thread that calls (each joins the MTA
 * first), and one cache request that brings every property {@link UiaSnapshot} holds.
 *
 * <p>
 * Calls into a hung application are bounded by UIA itself: on Windows 8 and later the
 * object is a {@code CUIAutomation8} and its {@code IUIAutomation2} connection and
 * transaction timeouts are set to the configured call timeout; a call past it answers
 * {@code UIA_E_TIMEOUT}. On Windows 7 UIA's own defaults apply.
 */
final class UiaComTree implements UiaTree {

	private static final int CLSCTX_INPROC_SERVER = 0x1;

	private static final int RPC_E_CHANGED_MODE = UiaErrors.RPC_E_CHANGED_MODE;

	// COM is initialized per thread and stays so for the thread's life: the threads that
	// call (the input thread, request threads) are long-lived pool threads
	private static final ThreadLocal<Boolean> JOINED = ThreadLocal.withInitial(() -> false);

	private final Duration timeout;

	// written once under the lock in created(), read after it by every thread
	private volatile UiaComObject automation;

	private UiaComObject cacheRequest;

	private UiaComObject controlView;

	private UiaComObject controlViewOnScreen;

	private String unavailable;

	private boolean tried;

	UiaComTree(Duration timeout) {
		this.timeout = timeout;
	}

	@Override
	public String unavailable() {
		try {
			joinMultithreadedApartment();
		}
		catch (UiaComException | LinkageError ex) {
			return "UI Automation cannot be used from this thread: " + ex.getMessage();
		}
		return created();
	}

	private UiaComObject connect() {
		joinMultithreadedApartment();
		String why = created();
		if (why != null) {
			throw new UiaComException("UI Automation (" + why + ")", UiaErrors.REGDB_E_CLASSNOTREG);
		}
		return this.automation;
	}

	// creates the automation object on first use; null once it exists, else why not
	private synchronized String created() {
		if (!this.tried) {
			this.tried = true;
			try {
				create();
			}
			catch (UiaComException | LinkageError ex) {
				this.unavailable = "UI Automation could not be created (CoCreateInstance of CUIAutomation): "
						+ ex.getMessage();
			}
		}
		return this.unavailable;
	}

	private void create() {
		PointerByReference out = new PointerByReference();
		int hresult = Ole32.INSTANCE
			.CoCreateInstance(new Guid.CLSID(UiaIds.CLSID_CUIAUTOMATION8), null, CLSCTX_INPROC_SERVER,
					new Guid.IID(UiaIds.IID_IUIAUTOMATION2), out)
			.intValue();
		boolean second = hresult >= 0;
		if (!second) {
			hresult = Ole32.INSTANCE
				.CoCreateInstance(new Guid.CLSID(UiaIds.CLSID_CUIAUTOMATION), null, CLSCTX_INPROC_SERVER,
						new Guid.IID(UiaIds.IID_IUIAUTOMATION), out)
				.intValue();
		}
		if (hresult < 0) {
			throw new UiaComException("CoCreateInstance(CUIAutomation)", hresult);
		}
		UiaComObject created = new UiaComObject(out.getValue());
		if (second) {
			// IUIAutomation2's slots extend IUIAutomation's, so the same pointer serves
			// both
			int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, this.timeout.toMillis()));
			created.call("put_ConnectionTimeout", UiaVtable.AUTOMATION2_PUT_CONNECTION_TIMEOUT, millis);
			created.call("put_TransactionTimeout", UiaVtable.AUTOMATION2_PUT_TRANSACTION_TIMEOUT, millis);
		}
		UiaComObject request = created.object("CreateCacheRequest", UiaVtable.AUTOMATION_CREATE_CACHE_REQUEST);
		for (int property : UiaIds.CACHED_PROPERTIES) {
			request.call("AddProperty", UiaVtable.CACHE_REQUEST_ADD_PROPERTY, property);
		}
		UiaComObject view = created.object("get_ControlViewCondition", UiaVtable.AUTOMATION_GET_CONTROL_VIEW_CONDITION);
		UiaComObject onScreen = created.object("CreatePropertyCondition",
				UiaVtable.AUTOMATION_CREATE_PROPERTY_CONDITION, UiaIds.IS_OFFSCREEN,
				variantArgument(new Variant.VARIANT(false)));
		this.controlViewOnScreen = created.object("CreateAndCondition", UiaVtable.AUTOMATION_CREATE_AND_CONDITION,
				view.getPointer(), onScreen.getPointer());
		onScreen.close();
		this.controlView = view;
		this.cacheRequest = request;
		this.automation = created;
	}

	private static void joinMultithreadedApartment() {
		if (JOINED.get()) {
			return;
		}
		int hresult = Ole32.INSTANCE.CoInitializeEx(null, Ole32.COINIT_MULTITHREADED).intValue();
		if (hresult == RPC_E_CHANGED_MODE || hresult < 0) {
			// a single-threaded apartment cannot use the MTA's interface pointers
			throw new UiaComException("CoInitializeEx(COINIT_MULTITHREADED)", hresult);
		}
		JOINED.set(true);
	}

	@Override
	public List<UiaSnapshot> topLevels() {
		UiaComObject uia = connect();
		try (UiaComObject root = uia.object("GetRootElement", UiaVtable.AUTOMATION_GET_ROOT_ELEMENT)) {
			return findAll(root, UiaIds.TREE_SCOPE_CHILDREN, this.controlView);
		}
	}

	@Override
	public List<UiaSnapshot> descendants(long hwnd, boolean showingOnly) {
		UiaComObject uia = connect();
		try (UiaComObject window = uia.object("ElementFromHandle", UiaVtable.AUTOMATION_ELEMENT_FROM_HANDLE,
				Pointer.createConstant(hwnd))) {
			if (window == null) {
				throw new UiaComException("ElementFromHandle", UiaErrors.UIA_E_ELEMENTNOTAVAILABLE);
			}
			return findAll(window, UiaIds.TREE_SCOPE_DESCENDANTS,
					showingOnly ? this.controlViewOnScreen : this.controlView);
		}
	}

	private List<UiaSnapshot> findAll(UiaComObject from, int scope, UiaComObject condition) {
		try (UiaComObject array = from.object("FindAllBuildCache", UiaVtable.ELEMENT_FIND_ALL_BUILD_CACHE, scope,
				condition.getPointer(), this.cacheRequest.getPointer())) {
			if (array == null) {
				return List.of();
			}
			Memory count = new Memory(4);
			array.call("get_Length", UiaVtable.ELEMENT_ARRAY_GET_LENGTH, count);
			int size = count.getInt(0);
			List<UiaSnapshot> snapshots = new ArrayList<>(size);
			for (int i = 0; i < size; i++) {
				try (UiaComObject element = array.object("GetElement", UiaVtable.ELEMENT_ARRAY_GET_ELEMENT, i)) {
					if (element != null) {
						snapshots.add(snapshot(element));
					}
				}
			}
			return snapshots;
		}
	}

	// reads the cache the find brought: in-process, no call into the application
	private static UiaSnapshot snapshot(UiaComObject element) {
		Memory variant = new Memory(Math.max(UiaVariants.VARIANT_SIZE_64, 2L * Native.POINTER_SIZE + 8));
		return UiaSnapshot.read((property) -> {
			variant.clear();
			element.call("GetCachedPropertyValue", UiaVtable.ELEMENT_GET_CACHED_PROPERTY_VALUE, property, variant);
			try {
				return UiaVariants.decode(UiaPointerMemory.INSTANCE, Pointer.nativeValue(variant));
			}
			finally {
				// frees what the VARIANT owns (a BSTR, a SAFEARRAY) without decoding it
				// again
				OleAut32.VARIANT_CLEAR.invokeInt(new Object[] { variant });
			}
		});
	}

	@Override
	public Optional<UiaSnapshot> find(long pid, List<Integer> runtimeId) {
		return withElement(pid, runtimeId, UiaComTree::snapshot);
	}

	// finds the element again under its process's top-level windows and hands it on
	private <T> Optional<T> withElement(long pid, List<Integer> runtimeId,
			java.util.function.Function<UiaComObject, T> use) {
		UiaComObject uia = connect();
		OaIdl.SAFEARRAY ids = OaIdl.SAFEARRAY.createSafeArray(new WTypes.VARTYPE(Variant.VT_I4), runtimeId.size());
		try {
			for (int i = 0; i < runtimeId.size(); i++) {
				ids.putElement(runtimeId.get(i), i);
			}
			try (UiaComObject root = uia.object("GetRootElement", UiaVtable.AUTOMATION_GET_ROOT_ELEMENT);
					UiaComObject byId = uia.object("CreatePropertyCondition",
							UiaVtable.AUTOMATION_CREATE_PROPERTY_CONDITION, UiaIds.RUNTIME_ID,
							variantArgument(new Variant.VARIANT(ids)));
					UiaComObject byProcess = uia.object("CreatePropertyCondition",
							UiaVtable.AUTOMATION_CREATE_PROPERTY_CONDITION, UiaIds.PROCESS_ID,
							variantArgument(new Variant.VARIANT((int) pid)));
					UiaComObject windows = root.object("FindAllBuildCache", UiaVtable.ELEMENT_FIND_ALL_BUILD_CACHE,
							UiaIds.TREE_SCOPE_CHILDREN, ((pid > 0) ? byProcess : this.controlView).getPointer(),
							this.cacheRequest.getPointer())) {
				if (windows == null) {
					return Optional.empty();
				}
				Memory count = new Memory(4);
				windows.call("get_Length", UiaVtable.ELEMENT_ARRAY_GET_LENGTH, count);
				for (int i = 0; i < count.getInt(0); i++) {
					try (UiaComObject window = windows.object("GetElement", UiaVtable.ELEMENT_ARRAY_GET_ELEMENT, i);
							UiaComObject found = (window == null) ? null
									: window.object("FindFirstBuildCache", UiaVtable.ELEMENT_FIND_FIRST_BUILD_CACHE,
											UiaIds.TREE_SCOPE_SUBTREE, byId.getPointer(),
											this.cacheRequest.getPointer())) {
						if (found != null) {
							return Optional.ofNullable(use.apply(found));
						}
					}
				}
				return Optional.empty();
			}
		}
		finally {
			OleAuto.INSTANCE.SafeArrayDestroy(ids);
		}
	}

	@Override
	public List<UiaSnapshot> chainAt(int x, int y, int maxDepth) {
		UiaComObject uia = connect();
		List<UiaSnapshot> chain = new ArrayList<>();
		try (UiaComObject walker = uia.object("get_ControlViewWalker", UiaVtable.AUTOMATION_GET_CONTROL_VIEW_WALKER)) {
			UiaComObject at = uia.object("ElementFromPointBuildCache",
					UiaVtable.AUTOMATION_ELEMENT_FROM_POINT_BUILD_CACHE, UiaVariants.point(x, y),
					this.cacheRequest.getPointer());
			while (at != null && chain.size() < maxDepth) {
				try (UiaComObject current = at) {
					chain.add(snapshot(current));
					at = walker.object("GetParentElementBuildCache",
							UiaVtable.TREE_WALKER_GET_PARENT_ELEMENT_BUILD_CACHE, current.getPointer(),
							this.cacheRequest.getPointer());
				}
			}
			if (at != null) {
				at.close();
			}
		}
		return chain;
	}

	@Override
	public boolean act(long pid, List<Integer> runtimeId, String action) {
		return withElement(pid, runtimeId, (element) -> {
			switch (action) {
				case FOCUS -> element.call("SetFocus", UiaVtable.ELEMENT_SET_FOCUS);
				case UiaElements.INVOKE -> run(element, UiaIds.INVOKE_PATTERN, UiaIds.IID_INVOKE_PATTERN,
						(p) -> p.call("Invoke", UiaVtable.INVOKE));
				case UiaElements.TOGGLE -> run(element, UiaIds.TOGGLE_PATTERN, UiaIds.IID_TOGGLE_PATTERN,
						(p) -> p.call("Toggle", UiaVtable.TOGGLE));
				case UiaElements.EXPAND -> run(element, UiaIds.EXPAND_COLLAPSE_PATTERN,
						UiaIds.IID_EXPAND_COLLAPSE_PATTERN, (p) -> p.call("Expand", UiaVtable.EXPAND));
				case UiaElements.COLLAPSE -> run(element, UiaIds.EXPAND_COLLAPSE_PATTERN,
						UiaIds.IID_EXPAND_COLLAPSE_PATTERN, (p) -> p.call("Collapse", UiaVtable.COLLAPSE));
				case UiaElements.SELECT -> run(element, UiaIds.SELECTION_ITEM_PATTERN,
						UiaIds.IID_SELECTION_ITEM_PATTERN, (p) -> p.call("Select", UiaVtable.SELECT));
				default -> throw new UiaComException("the action " + action, UiaErrors.UIA_E_NOTSUPPORTED);
			}
			return true;
		}).orElse(false);
	}

	@Override
	public boolean setValue(long pid, List<Integer> runtimeId, String value) {
		return withElement(pid, runtimeId, (element) -> {
			WTypes.BSTR text = OleAuto.INSTANCE.SysAllocString(value);
			try {
				run(element, UiaIds.VALUE_PATTERN, UiaIds.IID_VALUE_PATTERN,
						(p) -> p.call("SetValue", UiaVtable.VALUE_SET_VALUE, text));
			}
			finally {
				OleAuto.INSTANCE.SysFreeString(text);
			}
			return true;
		}).orElse(false);
	}

	@Override
	public Optional<String> text(long pid, List<Integer> runtimeId) {
		return withElement(pid, runtimeId, (element) -> {
			UiaSnapshot read = snapshot(element);
			if (read.password()) {
				return null;
			}
			if (read.textAvailable()) {
				return pattern(element, UiaIds.TEXT_PATTERN, UiaIds.IID_TEXT_PATTERN, (text) -> {
					try (UiaComObject range = text.object("get_DocumentRange", UiaVtable.TEXT_GET_DOCUMENT_RANGE)) {
						return bstr(range, "GetText", UiaVtable.TEXT_RANGE_GET_TEXT, -1);
					}
				});
			}
			if (read.valueAvailable()) {
				return pattern(element, UiaIds.VALUE_PATTERN, UiaIds.IID_VALUE_PATTERN,
						(value) -> bstr(value, "get_CurrentValue", UiaVtable.VALUE_GET_CURRENT_VALUE));
			}
			return null;
		});
	}

	// calls a method that answers a BSTR, and frees it
	private static String bstr(UiaComObject on, String name, int slot, Object... args) {
		PointerByReference out = new PointerByReference();
		Object[] all = new Object[args.length + 1];
		System.arraycopy(args, 0, all, 0, args.length);
		all[args.length] = out;
		on.call(name, slot, all);
		Pointer bstr = out.getValue();
		if (bstr == null) {
			return null;
		}
		try {
			return UiaVariants.bstr(UiaPointerMemory.INSTANCE, Pointer.nativeValue(bstr));
		}
		finally {
			OleAuto.INSTANCE.SysFreeString(new WTypes.BSTR(bstr));
		}
	}

	private static <T> T pattern(UiaComObject element, int patternId, String iid,
			java.util.function.Function<UiaComObject, T> use) {
		try (UiaComObject pattern = element.object("GetCurrentPatternAs", UiaVtable.ELEMENT_GET_CURRENT_PATTERN_AS,
				patternId, new Guid.REFIID(new Guid.IID(iid)))) {
			if (pattern == null) {
				throw new UiaComException("GetCurrentPatternAs(" + patternId + ")", UiaErrors.UIA_E_NOTSUPPORTED);
			}
			return use.apply(pattern);
		}
	}

	private static void run(UiaComObject element, int patternId, String iid,
			java.util.function.Consumer<UiaComObject> use) {
		pattern(element, patternId, iid, (java.util.function.Function<UiaComObject, Object>) (p) -> {
			use.accept(p);
			return null;
		});
	}

	@Override
	public String executable(long pid) {
		try {
			return Kernel32Util.QueryFullProcessImageName((int) pid, 0);
		}
		catch (Win32Exception ex) {
			// a protected or vanished process
			return "";
		}
	}

	/**
	 * A VARIANT for an {@code [in] VARIANT} parameter. The x64 calling convention passes
	 * a struct larger than 8 bytes as a pointer to the caller's copy, so on 64-bit the
	 * VARIANT's memory is passed; 32-bit pushes its 16 bytes by value.
	 */
	private static Object variantArgument(Variant.VARIANT variant) {
		if (Native.POINTER_SIZE == 8) {
			variant.write();
			return variant;
		}
		return new Variant.VARIANT.ByValue(variant);
	}

	// loaded on first use, never when the bean is created (nor on Linux)
	private static final class OleAut32 {

		static final Function VARIANT_CLEAR = Function.getFunction("oleaut32", "VariantClear", Function.ALT_CONVENTION);

	}

}
