package dev.deskhand.platform.macos.ax;

import java.util.List;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** AX action names as agents see them, press first, and back. */
class AxActionsTests {

	@Test
	void knownActionsComeInTheirOrderWithPressFirst() {
		assertThat(AxActions.friendly(List.of("AXRaise", "AXShowMenu", "AXCancel", "AXConfirm", "AXDecrement",
				"AXIncrement", "AXPick", "AXPress")))
			.containsExactly("press", "pick", "increment", "decrement", "confirm", "cancel", "show menu", "raise");
	}

	@Test
	void otherActionsFollowInTheApplicationsOrder() {
		assertThat(AxActions.friendly(List.of("AXScrollToVisible", "AXShowMenu", "AXPress",
				"Name:Reply\nTarget:0x0\nSelector:(null)", "AXZoomWindow")))
			.containsExactly("press", "show menu", "scroll to visible", "Reply", "zoom window");
	}

	@Test
	void duplicatesAndBlanksAreDropped() {
		assertThat(AxActions.friendly(List.of("AXPress", "", "AXPress"))).containsExactly("press");
	}

	@Test
	void aFriendlyNameLeadsBackToItsAxName() {
		List<String> names = List.of("AXShowMenu", "AXPress", "Name:Reply\nTarget:0x0");
		assertThat(AxActions.axName(names, "press")).contains("AXPress");
		assertThat(AxActions.axName(names, "show menu")).contains("AXShowMenu");
		assertThat(AxActions.axName(names, "Reply")).contains("Name:Reply\nTarget:0x0");
		assertThat(AxActions.axName(names, "raise")).isEmpty();
	}

}
