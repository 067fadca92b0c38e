package io.engagement.platform.store;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class PagedFindTest {

    @ParameterizedTest
    @ValueSource(strings = {".*", "$where", "{\"$gt\": \"\"}", "(a+)+$", "\\E.*\\Q", "[a-z]", "a|b"})
    void searchTextIsMatchedLiterally(String text) {
        Pattern pattern = Pattern.compile(PagedFind.literalPattern(text));

        assertThat(pattern.matcher("before " + text + " after").find()).isTrue();
        assertThat(pattern.matcher("anything else").find()).isFalse();
    }

    @Test
    void aNulIsWrittenSoABsonRegularExpressionCanHoldIt() {
        String pattern = PagedFind.literalPattern("a\u0000b\u0000");

        assertThat(pattern).doesNotContain("\u0000");
        assertThat(Pattern.compile(pattern).matcher("xa\u0000b\u0000y").find()).isTrue();
        assertThat(Pattern.compile(pattern).matcher("ab").find()).isFalse();
    }
}
