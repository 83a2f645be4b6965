package dev.deskhand.selftest;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

import dev.deskhand.fake.FakeDesktopDriver;
import dev.deskhand.platform.DisplayDriver;
import dev.deskhand.platform.DisplayInfo;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.InputStateSensor;
import dev.deskhand.platform.MouseButton;
import dev.deskhand.platform.Point;
import dev.deskhand.platform.Rect;
import dev.deskhand.platform.WindowDriver;
import dev.deskhand.platform.WindowInfo;
import dev.deskhand.platform.elements.AccessibilityDriver;
import dev.deskhand.platform.elements.AccessibilityStatus;
import dev.deskhand.platform.elements.Element;
import dev.deskhand.platform.elements.ElementApp;
import dev.deskhand.platform.elements.ElementHandle;
import dev.deskhand.platform.elements.ElementList;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

/**
 * A desktop simulated whole, for the self-test's logic: monitors with Java's view of
 * them, where the pointer really is, a framebuffer that shows the witness's target, the
 * witness's own record of what reached it, and its two elements. In front of it a driver
 * that can be made to get one thing wrong, the way a first run on Windows or macOS might:
 * a DPI-virtualised pointer, a capture in points instead of pixels, a clamped negative
 * origin, a blind sensor, a stale focus reading, element actions that do nothing.
 */
class SimulatedDesktop extends FakeDesktopDriver {

	/**
	 * A monitor: how the driver should report it, and how Java sees it.
	 */
	record Monitor(DisplayInfo display, Rect java, double scale) {

		double ratio() {
			return (double) this.display.bounds().width() / this.java.width();
		}

	}

	final List<Monitor> monitors;

	// the faults, all off by default

	/** Where a move the driver makes really puts the pointer. */
	volatile UnaryOperator<Point> injected = UnaryOperator.identity();

	/** What the driver reads back for where the pointer really is. */
	volatile UnaryOperator<Point> reading = UnaryOperator.identity();

	/** 2: the capture reads the display's points as if they were its pixels. */
	volatile int captureStride = 1;

	volatile boolean blindSensor;

	volatile boolean staleFocus;

	volatile boolean deadElements;

	// the world

	private volatile Point truePointer = new Point(5, 5);

	private volatile String focus = "main";

	private volatile WindowInfo firstFocusRead;

	private final StringBuilder text = new StringBuilder();

	private volatile String field = "";

	private volatile int presses;

	private final List<SelfTestWitness.WitnessClick> clicks = Collections.synchronizedList(new ArrayList<>());

	private volatile SelfTestWitness.WitnessPlace place;

	private volatile String title = "witness";

	volatile boolean witnessClosed;

	SimulatedDesktop(Monitor... monitors) {
		this.monitors = List.of(monitors);
		setDisplays(this.monitors.stream().map(Monitor::display).toList());
		int home = 0;
		for (int i = 0; i < monitors.length; i++) {
			if (monitors[i].display().primary()) {
				home = i;
			}
		}
		placeOn(home);
	}

	/** One 1920x1080 display at scale 1: what Java and the driver agree on. */
	static SimulatedDesktop single() {
		return new SimulatedDesktop(
				new Monitor(new DisplayInfo("screen", "screen", new Rect(0, 0, 1920, 1080), 1.0, true),
						new Rect(0, 0, 1920, 1080), 1.0));
	}

	private void placeOn(int screen) {
		Rect java = this.monitors.get(screen).java();
		Rect client = new Rect(java.x() + (java.width() - 720) / 2, java.y() + (java.height() - 300) / 2, 720, 300);
		this.place = new SelfTestWitness.WitnessPlace(screen, client,
				new Rect(client.x() + 24, client.y() + 12, 96, 96));
	}

	// Java's units and desktop units, through the monitor that holds the point

	private Point toJava(Point desktop) {
		for (Monitor monitor : this.monitors) {
			Rect d = monitor.display().bounds();
			if (d.contains(desktop.x(), desktop.y())) {
				return new Point(monitor.java().x() + (int) Math.floor((desktop.x() - d.x()) / monitor.ratio()),
						monitor.java().y() + (int) Math.floor((desktop.y() - d.y()) / monitor.ratio()));
			}
		}
		return new Point(-100_000, -100_000);
	}

	private Rect toDesktop(Rect java) {
		for (Monitor monitor : this.monitors) {
			if (monitor.java().contains(java.x(), java.y())) {
				Rect d = monitor.display().bounds();
				double ratio = monitor.ratio();
				return new Rect(d.x() + (int) Math.round((java.x() - monitor.java().x()) * ratio),
						d.y() + (int) Math.round((java.y() - monitor.java().y()) * ratio),
						(int) Math.round(java.width() * ratio), (int) Math.round(java.height() * ratio));
			}
		}
		throw new IllegalStateException("not on a monitor: " + java);
	}

	private WindowInfo mainWindow() {
		return new WindowInfo(11, this.title, "java", "java", "java", 77, toDesktop(this.place.client()),
				this.focus.equals("main"));
	}

	private WindowInfo decoyWindow() {
		return new WindowInfo(12, this.title + " decoy", "java", "java", "java", 77, new Rect(10, 10, 360, 120),
				this.focus.equals("decoy"));
	}

	// the driver

	@Override
	public DisplayDriver displays() {
		DisplayDriver displays = super.displays();
		return new DisplayDriver() {

			@Override
			public List<DisplayInfo> displays() {
				return displays.displays();
			}

			@Override
			public Point pointerPosition() {
				return SimulatedDesktop.this.reading.apply(SimulatedDesktop.this.truePointer);
			}

		};
	}

	@Override
	public void moveTo(int x, int y) {
		super.moveTo(x, y);
		this.truePointer = this.injected.apply(new Point(x, y));
	}

	@Override
	public void press(MouseButton button) {
		super.press(button);
		Point java = toJava(this.truePointer);
		this.clicks.add(new SelfTestWitness.WitnessClick(java, 1, this.place.target().contains(java.x(), java.y())));
	}

	@Override
	public void typeText(String typed) {
		super.typeText(typed);
		if (this.focus.equals("main")) {
			synchronized (this.text) {
				this.text.append(typed);
			}
		}
	}

	@Override
	public boolean isKnownKey(String keyName) {
		return super.isKnownKey(keyName) || keyName.equals("BackSpace");
	}

	@Override
	public void pressKey(String keyName) {
		super.pressKey(keyName);
		if (keyName.equals("BackSpace") && this.focus.equals("main")) {
			synchronized (this.text) {
				if (!this.text.isEmpty()) {
					this.text.setLength(this.text.offsetByCodePoints(this.text.length(), -1));
				}
			}
		}
	}

	@Override
	public Frame capture(Rect region) {
		super.capture(region);
		Rect target = toDesktop(this.place.target());
		int stride = this.captureStride;
		int[] pixels = new int[region.width() * region.height()];
		for (int j = 0; j < region.height(); j++) {
			for (int i = 0; i < region.width(); i++) {
				int x = region.x() + i * stride;
				int y = region.y() + j * stride;
				pixels[j * region.width() + i] = target.contains(x, y) ? TargetFinder.COLOUR
						: (((x / 8 + y / 8) % 2 == 0) ? 0x808080 : 0xC0C0C0);
			}
		}
		return new Frame(region.width(), region.height(), pixels);
	}

	@Override
	public WindowDriver windows() {
		return new WindowDriver() {

			@Override
			public Optional<WindowInfo> focusedWindow() {
				WindowInfo now = SimulatedDesktop.this.focus.equals("main") ? mainWindow() : decoyWindow();
				if (SimulatedDesktop.this.staleFocus) {
					if (SimulatedDesktop.this.firstFocusRead == null) {
						SimulatedDesktop.this.firstFocusRead = now;
					}
					return Optional.of(SimulatedDesktop.this.firstFocusRead);
				}
				return Optional.of(now);
			}

			@Override
			public List<WindowInfo> list() {
				return List.of(decoyWindow(), mainWindow());
			}

			@Override
			public boolean activate(long windowId, Duration timeout) {
				SimulatedDesktop.this.focus = (windowId == 11) ? "main" : "decoy";
				return true;
			}

		};
	}

	@Override
	public InputStateSensor openSensor(List<String> chord) {
		return new InputStateSensor() {

			@Override
			public boolean isHeld(List<String> keyNames) {
				return !SimulatedDesktop.this.blindSensor && SimulatedDesktop.this.held.containsAll(keyNames);
			}

			@Override
			public Point pointerPosition() {
				return SimulatedDesktop.this.reading.apply(SimulatedDesktop.this.truePointer);
			}

			@Override
			public void close() {
			}

		};
	}

	// the witness, which tells the truth about the world

	SelfTestWitness witness() {
		return (title) -> {
			this.title = title;
			return new SelfTestWitness.Opened() {

				@Override
				public WindowInfo window() {
					return mainWindow();
				}

				@Override
				public Optional<WindowInfo> decoy() {
					return Optional.of(decoyWindow());
				}

				@Override
				public List<WitnessScreen> screens() {
					List<WitnessScreen> screens = new ArrayList<>();
					for (int i = 0; i < SimulatedDesktop.this.monitors.size(); i++) {
						Monitor monitor = SimulatedDesktop.this.monitors.get(i);
						screens.add(new WitnessScreen(i, monitor.java(), monitor.scale()));
					}
					return screens;
				}

				@Override
				public SelfTestWitness.WitnessPlace place() {
					return SimulatedDesktop.this.place;
				}

				@Override
				public SelfTestWitness.WitnessPlace moveTo(WitnessScreen screen) {
					placeOn(screen.index());
					return SimulatedDesktop.this.place;
				}

				@Override
				public Optional<Point> pointer() {
					return Optional.of(toJava(SimulatedDesktop.this.truePointer));
				}

				@Override
				public List<SelfTestWitness.WitnessClick> clicks() {
					return List.copyOf(SimulatedDesktop.this.clicks);
				}

				@Override
				public Optional<String> focused() {
					return Optional.of(SimulatedDesktop.this.focus);
				}

				@Override
				public String received() {
					synchronized (SimulatedDesktop.this.text) {
						return SimulatedDesktop.this.text.toString();
					}
				}

				@Override
				public int presses() {
					return SimulatedDesktop.this.presses;
				}

				@Override
				public String field() {
					return SimulatedDesktop.this.field;
				}

				@Override
				public void close() {
					SimulatedDesktop.this.witnessClosed = true;
				}

			};
		};
	}

	/** The witness's button and field, in a tree that acts on them unless told not to. */
	AccessibilityDriver accessibility() {
		ElementApp app = new ElementApp("java", 77);
		Element button = new Element(new ElementHandle("java", "button"), ElementRole.PUSH_BUTTON,
				SelfTestWitness.BUTTON, Set.of(ElementState.SHOWING), new Rect(0, 0, 10, 10), List.of("click"), null,
				app, false, false);
		Element field = new Element(new ElementHandle("java", "field"), ElementRole.TEXT, SelfTestWitness.FIELD,
				Set.of(ElementState.SHOWING, ElementState.EDITABLE), new Rect(0, 0, 10, 10), List.of(), "", app, true,
				true);
		return new AccessibilityDriver() {

			@Override
			public String name() {
				return "simulated";
			}

			@Override
			public AccessibilityStatus status() {
				return AccessibilityStatus.available("a simulated tree");
			}

			@Override
			public ElementList list(ElementQuery query) {
				return new ElementList(List.of(button, field), false, List.of());
			}

			@Override
			public Optional<Element> refresh(Element element) {
				return Optional.of(element);
			}

			@Override
			public Optional<Element> elementAt(Point point, WindowInfo window) {
				return Optional.empty();
			}

			@Override
			public Optional<String> readText(Element element) {
				return Optional.empty();
			}

			@Override
			public boolean doAction(Element element, int index) {
				if (!SimulatedDesktop.this.deadElements) {
					SimulatedDesktop.this.presses++;
				}
				return true;
			}

			@Override
			public boolean setText(Element element, String newText) {
				if (!SimulatedDesktop.this.deadElements) {
					SimulatedDesktop.this.field = newText;
				}
				return true;
			}

			@Override
			public boolean grabFocus(Element element) {
				return true;
			}

		};
	}

}
