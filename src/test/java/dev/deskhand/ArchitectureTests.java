package dev.deskhand;

import java.nio.file.Path;
import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaConstructorCall;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.library.GeneralCodingRules;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.deskhand.input.InputAction;
import dev.deskhand.platform.ClipboardDriver;
import dev.deskhand.platform.DesktopDriver;
import dev.deskhand.platform.Frame;
import dev.deskhand.platform.KeyboardDriver;
import dev.deskhand.platform.PointerDriver;
import dev.deskhand.platform.WindowDriver;

import static com.tngtech.archunit.base.DescribedPredicate.describe;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The rules of DESIGN.md and CONVENTIONS.md that the compiler cannot check. */
class ArchitectureTests {

	private static JavaClasses main;

	@BeforeAll
	static void importMainClasses() throws Exception {
		// The main classes' own directory: ImportOption's test-folder patterns assume
		// target/.
		Path classes = Path.of(DeskhandApplication.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		main = new ClassFileImporter().importPath(classes);
	}

	@Test
	void theTreeReadsAsTheDataFlow() {
		// tools → actions → approval/screen (and audit, privacy beside them) → input →
		// platform:
		// each layer reaches only those below it. The in-process Spring AI tools sit on
		// top
		// of tools and agents, a transport like mcp; tools and agents stand side by side.
		layeredArchitecture().consideringOnlyDependenciesInLayers()
			.layer("inprocess")
			.definedBy("dev.deskhand.inprocess..")
			.layer("selftest")
			.definedBy("dev.deskhand.selftest..")
			.layer("tools")
			.definedBy("dev.deskhand.tools..")
			.layer("agents")
			.definedBy("dev.deskhand.agents..")
			.layer("actions")
			.definedBy("dev.deskhand.actions..")
			.layer("domain")
			.definedBy("dev.deskhand.approval..", "dev.deskhand.screen..", "dev.deskhand.audit..",
					"dev.deskhand.privacy..", "dev.deskhand.elements..", "dev.deskhand.desk..",
					"dev.deskhand.trajectory..")
			.layer("input")
			.definedBy("dev.deskhand.input..")
			.layer("platform")
			.definedBy("dev.deskhand.platform..")
			.whereLayer("inprocess")
			.mayNotBeAccessedByAnyLayer()
			.whereLayer("selftest")
			.mayNotBeAccessedByAnyLayer()
			.whereLayer("tools")
			.mayOnlyBeAccessedByLayers("inprocess")
			.whereLayer("agents")
			.mayOnlyBeAccessedByLayers("inprocess")
			.whereLayer("actions")
			.mayOnlyBeAccessedByLayers("tools", "agents")
			.whereLayer("domain")
			.mayOnlyBeAccessedByLayers("inprocess", "tools", "agents", "actions", "domain", "selftest")
			.whereLayer("input")
			.mayOnlyBeAccessedByLayers("tools", "agents", "actions", "domain", "selftest")
			.whereLayer("platform")
			.mayOnlyBeAccessedByLayers("tools", "agents", "actions", "domain", "input", "selftest")
			.check(main);
	}

	@Test
	void noPackageCycles() {
		slices().matching("dev.deskhand.(**)").should().beFreeOfCycles().check(main);
	}

	@Test
	void onlyTheInputQueueCallsTheDriversInputMethods() {
		// Everything that presses, moves, focuses, launches or writes the clipboard runs
		// on the input thread, behind the failsafe and the guards: the queue's package is
		// its only caller.
		noClasses().that()
			.resideOutsideOfPackages("dev.deskhand.input..", "dev.deskhand.platform..")
			.should()
			.callMethodWhere(describe("an input method of the desktop driver", (JavaMethodCall call) -> {
				JavaClass owner = call.getTargetOwner();
				String name = call.getName();
				return owner.isAssignableTo(PointerDriver.class)
						|| (owner.isAssignableTo(KeyboardDriver.class)
								&& !Set.of("isKnownKey", "selectAllChord").contains(name))
						|| (owner.isAssignableTo(WindowDriver.class) && name.equals("activate"))
						|| (owner.isAssignableTo(ClipboardDriver.class) && name.equals("write"))
						|| (owner.isAssignableTo(DesktopDriver.class)
								&& Set.of("launch", "releaseAll", "resetInput", "pointer").contains(name));
			}))
			.check(main);
	}

	@Test
	void toolsBuildNoInputActionsThemselves() {
		// ActionArguments validates and builds every action, whichever tool asks, so a
		// rule (a chord, a bound, a driver's select-all) lives in one place
		noClasses().that()
			.resideInAPackage("dev.deskhand.tools..")
			.should()
			.callConstructorWhere(describe("the constructor of an InputAction",
					(JavaConstructorCall call) -> call.getTargetOwner().isAssignableTo(InputAction.class)))
			.check(main);
	}

	@Test
	void testClassesFollowOneNamingScheme() throws Exception {
		// Spring's scheme: FooTests, and FooBenchmark for what -Pbench runs.
		Path testClasses = Path.of(ArchitectureTests.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		JavaClasses tests = new ClassFileImporter().importPath(testClasses);
		classes().that()
			.areTopLevelClasses()
			.and(describe("have test methods",
					(JavaClass type) -> type.getMethods()
						.stream()
						.anyMatch((method) -> method.isAnnotatedWith(Test.class)
								|| method.isAnnotatedWith("org.junit.jupiter.params.ParameterizedTest"))))
			.should()
			.haveSimpleNameEndingWith("Tests")
			.orShould()
			.haveSimpleNameEndingWith("Benchmark")
			.check(tests);
	}

	@Test
	void nothingBelowTheInProcessToolsDependsOnThem() {
		// a transport on top, like mcp: the core and the vendor endpoints work the same
		// with the in-process feature gone
		noClasses().that()
			.resideInAnyPackage("dev.deskhand.tools..", "dev.deskhand.agents..", "dev.deskhand.actions..",
					"dev.deskhand.approval..", "dev.deskhand.input..", "dev.deskhand.platform..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("dev.deskhand.inprocess..")
			.check(main);
	}

	@Test
	void theVendorEndpointsAndTheMcpToolsStandSideBySide() {
		// two front doors onto the same actions: neither goes through the other
		noClasses().that()
			.resideInAPackage("dev.deskhand.agents..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("dev.deskhand.tools..")
			.check(main);
		noClasses().that()
			.resideInAPackage("dev.deskhand.tools..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("dev.deskhand.agents..")
			.check(main);
	}

	@Test
	void theInProcessVendorToolsActOnlyThroughTheVendorEndpoints() {
		// the same validation, approvals, lease and queue as over HTTP: no shortcut to
		// the actions, the input queue or a driver
		noClasses().that()
			.resideInAPackage("dev.deskhand.inprocess.vendor..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.deskhand.actions..", "dev.deskhand.input..", "dev.deskhand.platform..",
					"dev.deskhand.approval..")
			.check(main);
	}

	@Test
	void theScreenCodecsTakePixelsAndGiveBytes() {
		// scaler, PNG, JPEG and incremental images know no display, profile or agent:
		// of Deskhand they see only the captured frame
		noClasses().that()
			.resideInAPackage("dev.deskhand.screen.codec..")
			.should()
			.dependOnClassesThat(describe("belong to Deskhand outside the codecs, other than the captured Frame",
					(JavaClass type) -> type.getPackageName().startsWith("dev.deskhand")
							&& !type.getPackageName().startsWith("dev.deskhand.screen.codec")
							&& !type.getName().equals(Frame.class.getName())))
			.check(main);
	}

	@Test
	void onlyThePlatformTouchesJna() {
		noClasses().that()
			.resideOutsideOfPackage("dev.deskhand.platform..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("com.sun.jna..")
			.check(main);
	}

	@ParameterizedTest
	@ValueSource(strings = { "windows", "mac" })
	void eachOsKeepsItsNativeMappingsInItsOwnDriver(String os) {
		// jna-platform's win32 and mac mappings load user32 or CoreFoundation when
		// touched:
		// only the driver chosen for that OS may name them
		String driver = os.equals("mac") ? "macos" : os;
		noClasses().that()
			.resideOutsideOfPackage("dev.deskhand.platform." + driver + "..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("com.sun.jna.platform." + ((os.equals("windows")) ? "win32" : "mac") + "..")
			.check(main);
	}

	@Test
	void onlyTheAtspiGnomeAndKdeDriversAndTheirSharedTransportSpeakDbus() {
		noClasses().that()
			.resideOutsideOfPackages("dev.deskhand.platform.linux.atspi..", "dev.deskhand.platform.linux.gnome..",
					"dev.deskhand.platform.linux.kde..", "dev.deskhand.platform.linux.dbus..")
			.and()
			.doNotHaveFullyQualifiedName("dev.deskhand.platform.linux.DbusValues")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.freedesktop.dbus..")
			.check(main);
	}

	@Test
	void theSharedDbusTransportKnowsNoDriver() {
		// GNOME's clipboard and KDE's screenshots and scripts use it alike
		noClasses().that()
			.resideInAPackage("dev.deskhand.platform.linux.dbus..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.deskhand.platform.linux.gnome..", "dev.deskhand.platform.linux.kde..",
					"dev.deskhand.platform.linux.atspi..", "dev.deskhand.platform.linux.wayland..",
					"dev.deskhand.platform.linux.x11..")
			.check(main);
	}

	@Test
	void onlyGnomeLoadsGstreamer() {
		noClasses().that()
			.resideOutsideOfPackage("dev.deskhand.platform.linux.gnome..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("org.freedesktop.gstreamer..")
			.check(main);
	}

	@ParameterizedTest
	@ValueSource(strings = { "dev.deskhand.platform.linux.x11..", "dev.deskhand.platform.linux.wayland..",
			"dev.deskhand.platform.linux.kde..", "dev.deskhand.platform.linux.atspi..",
			"dev.deskhand.platform.linux.gnome..", "dev.deskhand.platform.linux.dbus..",
			"dev.deskhand.platform.windows..", "dev.deskhand.platform.macos.." })
	void nothingButADriverSeesItsOwnPackage(String driver) {
		// the exceptions: on GNOME without the Shell's introspection the accessibility
		// tree is the only window list a client gets, so the GNOME driver reads it, and
		// it
		// reads mutter's keymap as a Wayland client through the wire protocol only
		// (below); KWin is a Wayland compositor too, so the KDE driver speaks its
		// protocols
		// with the Wayland driver's wire client and reuses its outputs, layout,
		// clipboard;
		// GNOME and KDE share one fd-passing D-Bus transport
		String[] owners = switch (driver) {
			case "dev.deskhand.platform.linux.atspi.." ->
				new String[] { driver, "dev.deskhand.platform.linux.gnome.." };
			case "dev.deskhand.platform.linux.wayland.." ->
				new String[] { driver, "dev.deskhand.platform.linux.gnome..", "dev.deskhand.platform.linux.kde.." };
			case "dev.deskhand.platform.linux.dbus.." ->
				new String[] { driver, "dev.deskhand.platform.linux.gnome..", "dev.deskhand.platform.linux.kde.." };
			default -> new String[] { driver };
		};
		noClasses().that()
			.resideOutsideOfPackages(owners)
			.should()
			.dependOnClassesThat()
			.resideInAPackage(driver)
			.check(main);
	}

	@Test
	void gnomeUsesTheWaylandDriverOnlyForItsWireProtocol() {
		noClasses().that()
			.resideInAPackage("dev.deskhand.platform.linux.gnome..")
			.should()
			.dependOnClassesThat(describe("are in the Wayland driver outside its wire protocol",
					(JavaClass target) -> target.getPackageName().startsWith("dev.deskhand.platform.linux.wayland")
							&& !target.getPackageName().startsWith("dev.deskhand.platform.linux.wayland.wire")))
			.check(main);
	}

	@Test
	void theWaylandDriverIsBuiltUpwardsFromTheWireProtocol() {
		// the driver puts the rooms together; each room reaches only those below it, so
		// the wire protocol knows no compositor and a second compositor's IPC could sit
		// beside sway's without touching input, capture or the wire
		layeredArchitecture().consideringOnlyDependenciesInLayers()
			.layer("driver")
			.definedBy("dev.deskhand.platform.linux.wayland")
			.layer("sway")
			.definedBy("dev.deskhand.platform.linux.wayland.sway..")
			.layer("input")
			.definedBy("dev.deskhand.platform.linux.wayland.input..")
			.layer("capture")
			.definedBy("dev.deskhand.platform.linux.wayland.screencopy..")
			.layer("layout")
			.definedBy("dev.deskhand.platform.linux.wayland.layout..")
			.layer("wire")
			.definedBy("dev.deskhand.platform.linux.wayland.wire..")
			.layer("xkb")
			.definedBy("dev.deskhand.platform.linux.xkb..")
			.whereLayer("driver")
			.mayNotBeAccessedByAnyLayer()
			.whereLayer("sway")
			.mayOnlyBeAccessedByLayers("driver")
			.whereLayer("input")
			.mayOnlyBeAccessedByLayers("driver")
			.whereLayer("capture")
			.mayOnlyBeAccessedByLayers("driver")
			.whereLayer("layout")
			.mayOnlyBeAccessedByLayers("driver", "sway", "input")
			.whereLayer("wire")
			.mayOnlyBeAccessedByLayers("driver", "input", "capture")
			.whereLayer("xkb")
			.mayOnlyBeAccessedByLayers("input")
			.check(main);
	}

	@Test
	void xkbKeymapsKnowNoDisplayServer() {
		// shared by whichever Linux driver uploads keymaps to a virtual keyboard
		noClasses().that()
			.resideInAPackage("dev.deskhand.platform.linux.xkb..")
			.should()
			.dependOnClassesThat()
			.resideInAnyPackage("dev.deskhand.platform.linux.wayland..", "dev.deskhand.platform.linux.x11..",
					"dev.deskhand.platform.linux.atspi..")
			.check(main);
		noClasses().that()
			.resideOutsideOfPackage("dev.deskhand.platform.linux..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("dev.deskhand.platform.linux.xkb..")
			.check(main);
	}

	@Test
	void mainCodeDoesNotPrint() {
		// but the self-test's console and the terminal of --help, --version and a failure
		// to start with console logging off: a command's result belongs on standard
		// output
		noClasses().that()
			.doNotHaveFullyQualifiedName("dev.deskhand.selftest.SelfTestConsole")
			.and()
			.doNotHaveFullyQualifiedName("dev.deskhand.cli.Terminal")
			.should(GeneralCodingRules.ACCESS_STANDARD_STREAMS)
			.check(main);
	}

}
