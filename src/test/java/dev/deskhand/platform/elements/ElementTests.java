package dev.deskhand.platform.elements;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ElementTests {

	@Test
	void valuesAreCutAtTwoHundredCharactersNeverInsideAnEmoji() {
		String emoji = "😀".repeat(250);
		String cut = Element.shortValue(emoji);
		assertThat(cut.codePointCount(0, cut.length())).isEqualTo(201);
		assertThat(cut).startsWith("😀".repeat(200)).endsWith("…");
		assertThat(Element.shortValue("short")).isEqualTo("short");
		assertThat(Element.shortValue(null)).isNull();
	}

}
