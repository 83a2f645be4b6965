package dev.deskhand;

import java.nio.file.Path;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.GeneralCodingRules.NO_CLASSES_SHOULD_ACCESS_STANDARD_STREAMS;

/** The rules of DESIGN.md and CONVENTIONS.md that the compiler cannot check. */
class ArchitectureTest {

	private static JavaClasses main;

	@BeforeAll
	static void importMainClasses() throws Exception {
		// The main classes' own directory: ImportOption's test-folder patterns assume
		// target/.
		Path classes = Path.of(DeskhandApplication.class.getProtectionDomain().getCodeSource().getLocation().toURI());
		main = new ClassFileImporter().importPath(classes);
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

	@Test
	void jnaMappingsStayInTheirOwnPackages() {
		noClasses().that()
			.resideOutsideOfPackages("dev.deskhand.platform.x11..")
			.should()
			.dependOnClassesThat()
			.resideInAPackage("dev.deskhand.platform.x11..")
			.check(main);
	}

	@Test
	void onlyTheInputQueueDrivesInput() {
		// Tools, screen and ops may observe (displays, capture) but never call pointer or
		// keyboard.
		noClasses().that()
			.resideOutsideOfPackages("dev.deskhand.input..", "dev.deskhand.platform..")
			.should()
			.callMethod(dev.deskhand.platform.DesktopDriver.class, "pointer")
			.orShould()
			.callMethod(dev.deskhand.platform.PointerDriver.class, "press", dev.deskhand.platform.MouseButton.class)
			.check(main);
	}

	@Test
	void mainCodeDoesNotPrint() {
		NO_CLASSES_SHOULD_ACCESS_STANDARD_STREAMS.check(main);
	}

}
