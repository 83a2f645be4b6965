package dev.deskhand.platform.macos.ax;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Pointer;
import com.sun.jna.platform.mac.CoreFoundation;
import com.sun.jna.platform.mac.CoreFoundation.CFArrayRef;
import com.sun.jna.platform.mac.CoreFoundation.CFBooleanRef;
import com.sun.jna.platform.mac.CoreFoundation.CFDictionaryRef;
import com.sun.jna.platform.mac.CoreFoundation.CFIndex;
import com.sun.jna.platform.mac.CoreFoundation.CFNumberRef;
import com.sun.jna.platform.mac.CoreFoundation.CFStringRef;
import com.sun.jna.platform.mac.CoreFoundation.CFTypeRef;
import com.sun.jna.platform.mac.CoreGraphics;
import com.sun.jna.ptr.ByteByReference;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.PointerByReference;

import dev.deskhand.platform.macos.ax.jna.CoreFoundationExt;
import dev.deskhand.platform.macos.ax.jna.HIServices;

/**
 * The AX API through JNA: thin, one native call per method, every CoreFoundation object a
 * call copies or creates released when its session closes. Constructed on the first use
 * of the driver, on macOS only.
 */
final class AxNativeSystem implements AxSystem {

	// the order of AxNativeNode's slots in one CopyMultipleAttributeValues
	private static final List<String> ATTRIBUTES = List.of("AXRole", "AXSubrole", "AXTitle", "AXDescription", "AXValue",
			"AXEnabled", "AXFocused", "AXSelected", "AXExpanded", "AXDisclosing", "AXMinimized", "AXPosition", "AXSize",
			"AXChildren", "AXTitleUIElement");

	private final HIServices ax;

	private final CoreFoundation cf;

	private final CoreFoundationExt cfExt;

	private final float timeoutSeconds;

	private final Pointer systemWide;

	private final Pointer attributes;

	private final CFStringRef[] names;

	private final CFStringRef parentName;

	private final CFStringRef valueName;

	private final CFStringRef focusedName;

	private final CFStringRef ownerPid;

	private final CFStringRef layer;

	private final Pointer booleanTrue;

	private final long elementType;

	private final long valueType;

	AxNativeSystem(Duration timeout) {
		this.ax = Native.load("ApplicationServices", HIServices.class);
		this.cf = CoreFoundation.INSTANCE;
		this.cfExt = Native.load("CoreFoundation", CoreFoundationExt.class);
		this.timeoutSeconds = Math.max(0.001f, timeout.toNanos() / 1e9f);
		NativeLibrary coreFoundation = NativeLibrary.getInstance("CoreFoundation");
		this.booleanTrue = coreFoundation.getGlobalVariableAddress("kCFBooleanTrue").getPointer(0);
		// these live as long as the driver: made once, never released
		this.names = new CFStringRef[ATTRIBUTES.size()];
		Memory values = new Memory((long) Native.POINTER_SIZE * this.names.length);
		for (int i = 0; i < this.names.length; i++) {
			this.names[i] = CFStringRef.createCFString(ATTRIBUTES.get(i));
			values.setPointer((long) i * Native.POINTER_SIZE, this.names[i].getPointer());
		}
		this.attributes = this.cf
			.CFArrayCreate(null, values, new CFIndex(this.names.length),
					coreFoundation.getGlobalVariableAddress("kCFTypeArrayCallBacks"))
			.getPointer();
		this.parentName = CFStringRef.createCFString("AXParent");
		this.valueName = this.names[ATTRIBUTES.indexOf("AXValue")];
		this.focusedName = CFStringRef.createCFString("AXFocused");
		this.ownerPid = CFStringRef.createCFString("kCGWindowOwnerPID");
		this.layer = CFStringRef.createCFString("kCGWindowLayer");
		this.elementType = this.ax.AXUIElementGetTypeID();
		this.valueType = this.ax.AXValueGetTypeID();
		this.systemWide = this.ax.AXUIElementCreateSystemWide();
		this.ax.AXUIElementSetMessagingTimeout(this.systemWide, this.timeoutSeconds);
	}

	@Override
	public boolean trusted() {
		return this.ax.AXIsProcessTrusted() != 0;
	}

	@Override
	public Session open() {
		return new NativeSession();
	}

	private static void check(int error, String call) {
		if (error != AxErrors.SUCCESS) {
			throw new AxException(error, call);
		}
	}

	/** The CF objects of one driver call. */
	private final class NativeSession implements Session {

		private final List<Pointer> owned = new ArrayList<>();

		Pointer own(Pointer object) {
			if (object != null) {
				this.owned.add(object);
			}
			return object;
		}

		@Override
		public List<Long> applicationPids() {
			CFArrayRef windows = CoreGraphics.INSTANCE.CGWindowListCopyWindowInfo(
					CoreGraphics.kCGWindowListOptionOnScreenOnly | CoreGraphics.kCGWindowListExcludeDesktopElements,
					CoreGraphics.kCGNullWindowID);
			if (windows == null) {
				return List.of();
			}
			own(windows.getPointer());
			List<AxApplications.WindowRow> rows = new ArrayList<>();
			for (int i = 0; i < windows.getCount(); i++) {
				CFDictionaryRef window = new CFDictionaryRef(windows.getValueAtIndex(i));
				Pointer pid = window.getValue(AxNativeSystem.this.ownerPid);
				Pointer level = window.getValue(AxNativeSystem.this.layer);
				if (pid != null && level != null) {
					rows.add(new AxApplications.WindowRow(new CFNumberRef(pid).longValue(),
							new CFNumberRef(level).intValue()));
				}
			}
			return AxApplications.pids(rows, ProcessHandle.current().pid());
		}

		@Override
		public AxNode application(long pid) {
			Pointer element = own(AxNativeSystem.this.ax.AXUIElementCreateApplication((int) pid));
			AxNativeSystem.this.ax.AXUIElementSetMessagingTimeout(element, AxNativeSystem.this.timeoutSeconds);
			return new NativeNode(this, element, pid);
		}

		@Override
		public Optional<AxNode> elementAt(double x, double y) {
			PointerByReference hit = new PointerByReference();
			int error = AxNativeSystem.this.ax.AXUIElementCopyElementAtPosition(AxNativeSystem.this.systemWide,
					(float) x, (float) y, hit);
			if (error == AxErrors.NO_VALUE) {
				return Optional.empty();
			}
			check(error, "AXUIElementCopyElementAtPosition");
			return Optional.of(new NativeNode(this, own(hit.getValue()), 0));
		}

		@Override
		public void close() {
			for (Pointer object : this.owned) {
				AxNativeSystem.this.cf.CFRelease(new CFTypeRef(object));
			}
			this.owned.clear();
		}

	}

	/** An AXUIElementRef, valid while its session is open. */
	private final class NativeNode implements AxNode {

		private final NativeSession session;

		private final Pointer element;

		private long pid;

		private List<AxNode> children;

		NativeNode(NativeSession session, Pointer element, long pid) {
			this.session = session;
			this.element = element;
			this.pid = pid;
		}

		@Override
		public long pid() {
			if (this.pid <= 0) {
				IntByReference out = new IntByReference();
				check(AxNativeSystem.this.ax.AXUIElementGetPid(this.element, out), "AXUIElementGetPid");
				this.pid = out.getValue();
			}
			return this.pid;
		}

		@Override
		public AxSnapshot read() {
			PointerByReference out = new PointerByReference();
			check(AxNativeSystem.this.ax.AXUIElementCopyMultipleAttributeValues(this.element,
					AxNativeSystem.this.attributes, 0, out), "AXUIElementCopyMultipleAttributeValues");
			CFArrayRef values = new CFArrayRef(this.session.own(out.getValue()));
			Pointer[] slots = new Pointer[ATTRIBUTES.size()];
			for (int i = 0; i < slots.length && i < values.getCount(); i++) {
				slots[i] = values.getValueAtIndex(i);
			}
			int roleError = error(slots[0]);
			if (roleError != AxErrors.SUCCESS && roleError != AxErrors.NO_VALUE
					&& roleError != AxErrors.ATTRIBUTE_UNSUPPORTED) {
				// every live element has a role: the element is gone or did not answer
				throw new AxException(roleError, "AXUIElementCopyMultipleAttributeValues(AXRole)");
			}
			Pointer childArray = slots[13];
			if (this.children == null && isType(childArray, CoreFoundation.ARRAY_TYPE_ID.longValue())) {
				CFArrayRef array = new CFArrayRef(childArray);
				List<AxNode> nodes = new ArrayList<>(array.getCount());
				for (int i = 0; i < array.getCount(); i++) {
					nodes.add(new NativeNode(this.session, array.getValueAtIndex(i), this.pid));
				}
				this.children = nodes;
			}
			String title = string(slots[2]);
			String description = string(slots[3]);
			String label = null;
			if (blank(title) && blank(description) && isType(slots[14], AxNativeSystem.this.elementType)) {
				label = string(copy(slots[14], AxNativeSystem.this.valueName));
			}
			Boolean expanded = bool(slots[8]);
			return new AxSnapshot(string(slots[0]), string(slots[1]), title, description, label, value(slots[4]),
					bool(slots[5]), bool(slots[6]), bool(slots[7]), (expanded != null) ? expanded : bool(slots[9]),
					bool(slots[10]), position(slots[11]), size(slots[12]), List.of(), false);
		}

		@Override
		public List<AxNode> children() {
			if (this.children == null) {
				read();
			}
			return (this.children != null) ? this.children : List.of();
		}

		@Override
		public Optional<AxNode> parent() {
			PointerByReference out = new PointerByReference();
			int error = AxNativeSystem.this.ax.AXUIElementCopyAttributeValue(this.element,
					AxNativeSystem.this.parentName.getPointer(), out);
			if (error == AxErrors.NO_VALUE || error == AxErrors.ATTRIBUTE_UNSUPPORTED || out.getValue() == null) {
				return Optional.empty();
			}
			check(error, "AXUIElementCopyAttributeValue(AXParent)");
			return Optional.of(new NativeNode(this.session, this.session.own(out.getValue()), this.pid));
		}

		@Override
		public boolean sameAs(AxNode other) {
			return other instanceof NativeNode node
					&& AxNativeSystem.this.cfExt.CFEqual(this.element, node.element) != 0;
		}

		@Override
		public List<String> actionNames() {
			PointerByReference out = new PointerByReference();
			int error = AxNativeSystem.this.ax.AXUIElementCopyActionNames(this.element, out);
			if (error == AxErrors.NO_VALUE || error == AxErrors.ACTION_UNSUPPORTED
					|| error == AxErrors.ATTRIBUTE_UNSUPPORTED || out.getValue() == null) {
				return List.of();
			}
			check(error, "AXUIElementCopyActionNames");
			CFArrayRef names = new CFArrayRef(this.session.own(out.getValue()));
			List<String> actions = new ArrayList<>(names.getCount());
			for (int i = 0; i < names.getCount(); i++) {
				String name = string(names.getValueAtIndex(i));
				if (name != null) {
					actions.add(name);
				}
			}
			return actions;
		}

		@Override
		public boolean valueSettable() {
			ByteByReference out = new ByteByReference();
			int error = AxNativeSystem.this.ax.AXUIElementIsAttributeSettable(this.element,
					AxNativeSystem.this.valueName.getPointer(), out);
			if (error == AxErrors.ATTRIBUTE_UNSUPPORTED || error == AxErrors.NO_VALUE) {
				return false;
			}
			check(error, "AXUIElementIsAttributeSettable(AXValue)");
			return out.getValue() != 0;
		}

		@Override
		public String text() {
			return string(copy(this.element, AxNativeSystem.this.valueName));
		}

		@Override
		public void perform(String action) {
			CFStringRef name = CFStringRef.createCFString(action);
			this.session.own(name.getPointer());
			check(AxNativeSystem.this.ax.AXUIElementPerformAction(this.element, name.getPointer()),
					"AXUIElementPerformAction(" + action + ")");
		}

		@Override
		public void setValue(String text) {
			CFStringRef value = CFStringRef.createCFString(text);
			this.session.own(value.getPointer());
			check(AxNativeSystem.this.ax.AXUIElementSetAttributeValue(this.element,
					AxNativeSystem.this.valueName.getPointer(), value.getPointer()),
					"AXUIElementSetAttributeValue(AXValue)");
		}

		@Override
		public void focus() {
			check(AxNativeSystem.this.ax.AXUIElementSetAttributeValue(this.element,
					AxNativeSystem.this.focusedName.getPointer(), AxNativeSystem.this.booleanTrue),
					"AXUIElementSetAttributeValue(AXFocused)");
		}

		// one attribute, owned by the session; null when it has none
		private Pointer copy(Pointer from, CFStringRef attribute) {
			PointerByReference out = new PointerByReference();
			int error = AxNativeSystem.this.ax.AXUIElementCopyAttributeValue(from, attribute.getPointer(), out);
			if (error == AxErrors.NO_VALUE || error == AxErrors.ATTRIBUTE_UNSUPPORTED) {
				return null;
			}
			check(error, "AXUIElementCopyAttributeValue(" + attribute.stringValue() + ")");
			return this.session.own(out.getValue());
		}

	}

	private boolean isType(Pointer value, long type) {
		return value != null && this.cf.CFGetTypeID(value).longValue() == type;
	}

	// the AXError an error slot holds, else success
	private int error(Pointer slot) {
		if (!isType(slot, this.valueType) || this.ax.AXValueGetType(slot) != HIServices.AX_VALUE_AX_ERROR) {
			return AxErrors.SUCCESS;
		}
		Memory code = new Memory(4);
		return (this.ax.AXValueGetValue(slot, HIServices.AX_VALUE_AX_ERROR, code) != 0) ? code.getInt(0)
				: AxErrors.FAILURE;
	}

	private String string(Pointer value) {
		return isType(value, CoreFoundation.STRING_TYPE_ID.longValue()) ? new CFStringRef(value).stringValue() : null;
	}

	private Boolean bool(Pointer value) {
		if (isType(value, CoreFoundation.BOOLEAN_TYPE_ID.longValue())) {
			return new CFBooleanRef(value).booleanValue();
		}
		// AppKit answers some flags (AXEnabled of old controls) as a number
		if (isType(value, CoreFoundation.NUMBER_TYPE_ID.longValue())) {
			return new CFNumberRef(value).intValue() != 0;
		}
		return null;
	}

	private Object value(Pointer value) {
		if (isType(value, CoreFoundation.STRING_TYPE_ID.longValue())) {
			return new CFStringRef(value).stringValue();
		}
		if (isType(value, CoreFoundation.NUMBER_TYPE_ID.longValue())) {
			double d = new CFNumberRef(value).doubleValue();
			return (d == Math.rint(d) && Math.abs(d) < 1e15) ? (Object) (long) d : (Object) d;
		}
		if (isType(value, CoreFoundation.BOOLEAN_TYPE_ID.longValue())) {
			return new CFBooleanRef(value).booleanValue();
		}
		return null;
	}

	private AxSnapshot.Position position(Pointer value) {
		double[] xy = pair(value, HIServices.AX_VALUE_CG_POINT);
		return (xy != null) ? new AxSnapshot.Position(xy[0], xy[1]) : null;
	}

	private AxSnapshot.Size size(Pointer value) {
		double[] wh = pair(value, HIServices.AX_VALUE_CG_SIZE);
		return (wh != null) ? new AxSnapshot.Size(wh[0], wh[1]) : null;
	}

	// a CGPoint or CGSize: two CGFloats, which are doubles on every 64-bit Mac
	private double[] pair(Pointer value, int type) {
		if (!isType(value, this.valueType) || this.ax.AXValueGetType(value) != type) {
			return null;
		}
		Memory out = new Memory(16);
		if (this.ax.AXValueGetValue(value, type, out) == 0) {
			return null;
		}
		return new double[] { out.getDouble(0), out.getDouble(8) };
	}

	private static boolean blank(String text) {
		return text == null || text.isBlank();
	}

}
