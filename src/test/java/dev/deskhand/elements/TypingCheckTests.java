package dev.deskhand.elements;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;

/** What arrived between two readings of a field, wherever the caret was. */
class TypingCheckTests {

	@ParameterizedTest(name = "''{0}'' then ''{1}'' -> ''{2}''")
	@CsvSource(delimiter = '|', quoteCharacter = '"',
			value = { "\"\"|hello|hello", "a|aaa|aa", "b|abb|ab", "hello world|hello, world|,",
					"Grüße|Grüße 日本😀|\" 日本😀\"", "abc|abc|\"\"", "x😀y|x😀😀y|😀", "name|NAME|NAME",
					"ünï|ünïcödé|cödé" })
	void theInsertedPartIsWhatDiffersFromBefore(String before, String after, String inserted) {
		assertThat(TypingCheck.inserted(before, after)).isEqualTo(inserted);
	}

}
