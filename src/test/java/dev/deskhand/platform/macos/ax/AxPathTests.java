package dev.deskhand.platform.macos.ax;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.ElementHandle;

import static dev.deskhand.platform.macos.ax.AxFixtures.snap;
import static org.assertj.core.api.Assertions.assertThat;

/** Element paths as handles, parsed back, and re-walked. */
class AxPathTests {

	@Test
	void aPathIsItsPidAndIndicesWithTheRole() {
		AxPath path = new AxPath(4242, List.of(0, 3, 1), "AXButton");
		assertThat(path.handle()).isEqualTo(new ElementHandle("4242", "/0/3/1:AXButton"));
		assertThat(path.handle().toString()).isEqualTo("4242/0/3/1:AXButton");
		assertThat(AxPath.parse(path.handle())).contains(path);
		AxPath application = new AxPath(7, List.of(), "AXApplication");
		assertThat(application.handle().id()).isEqualTo(":AXApplication");
		assertThat(AxPath.parse(application.handle())).contains(application);
	}

	@Test
	void otherHandlesAreNotPaths() {
		for (ElementHandle handle : List.of(new ElementHandle(":1.42", "/org/a11y/atspi/accessible/1"),
				new ElementHandle("42", "0/3:AXButton"), new ElementHandle("42", "/0/x:AXButton"),
				new ElementHandle("42", "/0/-1:AXButton"), new ElementHandle("42", "/0/3"),
				new ElementHandle("0", "/0:AXButton"), new ElementHandle("42", "/0//1:AXButton"),
				new ElementHandle(null, "/0:AXButton"))) {
			assertThat(AxPath.parse(handle)).as(handle.toString()).isEmpty();
		}
		assertThat(AxPath.parse(null)).isEmpty();
	}

	@Test
	void aPathIsWalkedAgainByItsIndices() {
		AxFixtures.Node app = AxFixtures.application(42, "Mail");
		AxFixtures.Node window = app.add(snap("AXWindow"));
		window.add(snap("AXGroup"));
		AxFixtures.Node toolbar = window.add(snap("AXToolbar"));
		AxFixtures.Node send = toolbar.add(snap("AXButton").title("Send"));
		assertThat(new AxPath(42, List.of(0, 1, 0), "AXButton").resolve(app)).containsSame(send);
		assertThat(new AxPath(42, List.of(0, 1, 5), "AXButton").resolve(app)).isEmpty();
		assertThat(new AxPath(42, List.of(), "AXApplication").resolve(app)).containsSame(app);
	}

	@Test
	void aNodesPathIsFoundByClimbingItsParents() {
		AxFixtures.Node app = AxFixtures.application(42, "Mail");
		app.add(snap("AXMenuBar"));
		AxFixtures.Node window = app.add(snap("AXWindow"));
		window.add(snap("AXGroup"));
		window.add(snap("AXGroup"));
		AxFixtures.Node field = window.add(snap("AXTextField"));
		assertThat(AxPath.of(field, "AXTextField", 64)).contains(new AxPath(42, List.of(1, 2), "AXTextField"));
		assertThat(AxPath.of(field, "AXTextField", 1)).isEmpty();
		AxFixtures.Node orphan = new AxFixtures.Node(42, snap("AXButton"));
		orphan.parent = window;
		assertThat(AxPath.of(orphan, "AXButton", 64)).isEmpty();
	}

}
