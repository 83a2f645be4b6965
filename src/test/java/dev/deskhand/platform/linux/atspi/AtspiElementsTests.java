package dev.deskhand.platform.linux.atspi;

import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.deskhand.platform.Rect;
import dev.deskhand.platform.elements.ElementQuery;
import dev.deskhand.platform.elements.ElementRole;
import dev.deskhand.platform.elements.ElementState;

import static org.assertj.core.api.Assertions.assertThat;

class AtspiElementsTests {

	@Test
	void aClosedMenusItemAndAnEmptyBoxHaveNoBounds() {
		assertThat(AtspiElements.bounds(new AtspiDbus.Extents(Integer.MIN_VALUE, Integer.MIN_VALUE, 1, 1))).isNull();
		assertThat(AtspiElements.bounds(new AtspiDbus.Extents(10, 20, 0, 0))).isNull();
		assertThat(AtspiElements.bounds(null)).isNull();
		assertThat(AtspiElements.bounds(new AtspiDbus.Extents(101, 171, 420, 34)))
			.isEqualTo(new Rect(101, 171, 420, 34));
	}

	@Test
	void theRuleAsksForShowingAndTheInteractiveAndContentRoles() {
		AtspiDbus.MatchRule rule = AtspiTree
			.rule(new ElementQuery(null, null, Set.of(), null, null, Set.of(), true, true, 200));
		assertThat(rule.states()).containsExactly(1 << 25, 0);
		assertThat(rule.rolesMatch()).isEqualTo(2);
		for (ElementRole role : new ElementRole[] { ElementRole.PUSH_BUTTON, ElementRole.ENTRY, ElementRole.LABEL,
				ElementRole.HEADING, ElementRole.LINK, ElementRole.PUSH_BUTTON_MENU }) {
			assertThat(has(rule, role)).as(role.spelling()).isTrue();
		}
		for (ElementRole role : new ElementRole[] { ElementRole.FILLER, ElementRole.PANEL, ElementRole.SECTION }) {
			assertThat(has(rule, role)).as(role.spelling()).isFalse();
		}
	}

	@Test
	void noRoleCriterionMatchesAllRoles() {
		// with "any" an empty role set would match nothing
		AtspiDbus.MatchRule rule = AtspiTree
			.rule(new ElementQuery(null, null, Set.of(), null, null, Set.of(), true, false, 200));
		assertThat(rule.roles()).containsOnly(0);
		assertThat(rule.rolesMatch()).isEqualTo(1);
	}

	private static boolean has(AtspiDbus.MatchRule rule, ElementRole role) {
		return (rule.roles().get(role.ordinal() / 32) & (1 << (role.ordinal() % 32))) != 0;
	}

	@Test
	void rolesByNumberAreOrdinalsAndUnknownBeyond() {
		assertThat(AtspiRoles.of(43)).isEqualTo(ElementRole.PUSH_BUTTON);
		assertThat(AtspiRoles.of(79)).isEqualTo(ElementRole.ENTRY);
		assertThat(AtspiRoles.of(61)).isEqualTo(ElementRole.TEXT);
		assertThat(AtspiRoles.of(40)).isEqualTo(ElementRole.PASSWORD_TEXT);
		assertThat(AtspiRoles.of(9999)).isEqualTo(ElementRole.UNKNOWN);
		assertThat(AtspiRoles.of(-1)).isEqualTo(ElementRole.UNKNOWN);
	}

	@Test
	void derivedStatesAreNotAskedOfTheToolkit() {
		AtspiDbus.MatchRule rule = AtspiTree.rule(new ElementQuery(null, null, Set.of(ElementRole.CHECK_BOX), null,
				null, Set.of(ElementState.DISABLED, ElementState.CHECKED), false, false, 10));
		// checked (4) only: disabled is read from enabled/sensitive afterwards
		assertThat(rule.states()).containsExactly(1 << 4, 0);
		assertThat(has(rule, ElementRole.CHECK_BOX)).isTrue();
		assertThat(has(rule, ElementRole.PUSH_BUTTON)).isFalse();
	}

}
