package dev.deskhand.platform.linux.atspi;

import java.util.List;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.elements.ElementRole;

import static org.assertj.core.api.Assertions.assertThat;

class AtspiTopLevelsTests {

	// state words as GTK 3.24 and gnome-shell 43.9 gave them (see
	// docs/platforms/gnome.md)
	private static final List<Long> GTK_FRAME = List.of(1126170880L, 0L);

	private static final List<Long> GTK_FRAME_ACTIVE = List.of(1126170882L, 0L);

	private static final List<Long> SHELL_STAGE = List.of(1124079872L, 0L);

	private static final List<Long> HIDDEN = List.of(1L << AtspiStates.ENABLED, 0L);

	@Test
	void applicationWindowsAreWindowsAndTheShellsStagePopUpsAndHiddenOnesAreNot() {
		assertThat(AtspiTopLevels.isWindow(ElementRole.FRAME, GTK_FRAME, "Deskhand witness one")).isTrue();
		assertThat(AtspiTopLevels.isWindow(ElementRole.FRAME, GTK_FRAME_ACTIVE, "")).isTrue();
		assertThat(AtspiTopLevels.isWindow(ElementRole.DIALOG, GTK_FRAME, "Save as")).isTrue();
		assertThat(AtspiTopLevels.isWindow(ElementRole.WINDOW, GTK_FRAME, "Preferences")).isTrue();
		assertThat(AtspiTopLevels.isWindow(ElementRole.WINDOW, SHELL_STAGE, "")).isFalse();
		assertThat(AtspiTopLevels.isWindow(ElementRole.TOOL_TIP, GTK_FRAME, "a tip")).isFalse();
		assertThat(AtspiTopLevels.isWindow(ElementRole.POPUP_MENU, GTK_FRAME, "")).isFalse();
		assertThat(AtspiTopLevels.isWindow(ElementRole.FRAME, HIDDEN, "hidden")).isFalse();
		assertThat(AtspiStates.has(GTK_FRAME_ACTIVE, AtspiStates.ACTIVE)).isTrue();
		assertThat(AtspiStates.has(GTK_FRAME, AtspiStates.ACTIVE)).isFalse();
	}

}
