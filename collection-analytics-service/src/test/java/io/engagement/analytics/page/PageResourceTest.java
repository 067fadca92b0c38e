package io.engagement.analytics.page;

import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.url.CanonicalUrl;
import io.engagement.testkit.HandlerSlice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

import static org.assertj.core.api.Assertions.assertThat;

@HandlerSlice(PageResource.class)
@Import(PageStore.class)
class PageResourceTest {

    private static final String PAGES = "/external/v1/page-collections/pages";
    private static final Instant AT = Instant.parse("2026-11-27T10:00:00Z");

    @Autowired
    private WebTestClient client;
    @Autowired
    private InternalToken tokens;
    @Autowired
    private PageStore store;

    private long organizationId;

    @BeforeEach
    void threePagesSeen() {
        organizationId = ThreadLocalRandom.current().nextLong(1, 1_000_000_000);
        store.seen(List.of(
                view("https://app.example.com/billing/plans", "Plans"),
                view("https://app.example.com/billing/invoices", "Invoices"),
                view("https://app.example.com/settings", "Account settings"))).block();
    }

    @Test
    void pagesAreListedInDisplayUrlOrderInThePageEnvelope() {
        as(organizationId).get().uri(PAGES + "?limit=2&page=1").exchange()
                .expectStatus().isOk()
                .expectBody()
                .jsonPath("$.pages[*].display_url").isEqualTo(List.of("/billing/invoices", "/billing/plans"))
                .jsonPath("$.pages[0].canonical_url").isEqualTo("https://app.example.com/billing/invoices")
                .jsonPath("$.pages[0].title").isEqualTo("Invoices")
                .jsonPath("$.pages[0].page_id").value(String.class, id -> assertThat(id).matches("[0-9a-f-]{36}"))
                .jsonPath("$.pagination").isEqualTo(Map.of("page", 1, "limit", 2, "total", 3))
                .jsonPath("$.search").isEqualTo("");
    }

    @Test
    void searchIsLiteralOverTitleAndUrlWhateverItsCase() {
        as(organizationId).get().uri(PAGES + "?search=BILLING").exchange()
                .expectBody()
                .jsonPath("$.pages[*].title").isEqualTo(List.of("Invoices", "Plans"))
                .jsonPath("$.search").isEqualTo("BILLING");
        as(organizationId).get().uri(PAGES + "?search=.*").exchange()
                .expectBody()
                .jsonPath("$.pages").isEmpty()
                .jsonPath("$.pagination.total").isEqualTo(0);
    }

    @Test
    void everyFaultyBoundIsReportedAtOnce() {
        as(organizationId).get().uri(PAGES + "?limit=201&page=0").exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.detail[*].loc").isEqualTo(List.of(List.of("query", "page"), List.of("query", "limit")))
                .jsonPath("$.detail[*].type").isEqualTo(List.of("greater_than_equal", "less_than_equal"));
    }

    @Test
    void anotherOrganizationSeesNoneOfThem() {
        as(organizationId + 1).get().uri(PAGES).exchange()
                .expectStatus().isOk()
                .expectBody().json("{\"pages\": [], \"pagination\": {\"page\": 1, \"limit\": 100, \"total\": 0}, \"search\": \"\"}", true);
    }

    private PageView view(String url, String title) {
        return new PageView(organizationId, CanonicalUrl.of(url).orElseThrow(), title, AT);
    }

    private WebTestClient as(long organization) {
        return client.mutate()
                .defaultHeader(InternalToken.HEADER, tokens.mint(new OrgContext(organization, KeyKind.DATA)))
                .build();
    }
}
