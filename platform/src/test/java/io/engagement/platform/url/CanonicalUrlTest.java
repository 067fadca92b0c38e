package io.engagement.platform.url;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

class CanonicalUrlTest {

    @ParameterizedTest
    @CsvSource({
            "https://App.Example.com/ticketing/create?tab=2#top, https://app.example.com/ticketing/create, /ticketing/create",
            "https://app.example.com/ticketing/,                  https://app.example.com/ticketing,        /ticketing",
            "https://app.example.com/,                            https://app.example.com/,                 /",
            "https://app.example.com,                             https://app.example.com/,                 /",
            "HTTP://app.example.com:80/a//,                       http://app.example.com/a,                 /a",
            "https://app.example.com:8443/Reports/Q1,             https://app.example.com:8443/Reports/Q1,  /Reports/Q1",
            "https://3f2a1b9c.Example.com/p/7/,                   https://3f2a1b9c.example.com/p/7,         /p/7"})
    void aPageIsItsUrlWithoutQueryFragmentOrTrailingSlash(String url, String canonical, String display) {
        CanonicalUrl page = CanonicalUrl.of(url).orElseThrow();

        assertThat(page.canonical()).isEqualTo(canonical);
        assertThat(page.displayUrl()).isEqualTo(display);
        assertThat(CanonicalUrl.of(url)).isSameAs(CanonicalUrl.of(url));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/relative/path", "not a url", "mailto:ada@example.com"})
    void somethingThatIsNotAnAbsoluteUrlIsNoPage(String url) {
        assertThat(CanonicalUrl.of(url)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://app.example.com/a?x=1", "https://APP.example.com/a/", "https://app.example.com/a#b"})
    void theSamePageHasTheSameIdWithinAnOrganizationOnly(String url) {
        CanonicalUrl page = CanonicalUrl.of(url).orElseThrow();
        CanonicalUrl plain = CanonicalUrl.of("https://app.example.com/a").orElseThrow();

        assertThat(page.pageId(7)).isEqualTo(plain.pageId(7)).isNotEqualTo(plain.pageId(8));
    }
}
