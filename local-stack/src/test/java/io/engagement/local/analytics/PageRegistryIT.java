package io.engagement.local.analytics;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class PageRegistryIT {

    private static final String PAGES = "/external/v1/page-collections/pages";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Pages " + UUID.randomUUID());
    /** One session, so the views keep their order on the way to the registry. */
    private final String session = "s-" + UUID.randomUUID();

    @Test
    void pagesEnterTheRegistryFromPageViewsWithTheirLatestTitle() {
        view("https://App.Example.com/ticketing/create?draft=1#form", "New ticket");
        view("https://app.example.com/ticketing/create/", "Create a ticket");
        view("https://app.example.com/ticketing/list", "Tickets");
        view("https://app.example.com/", "Home");

        JsonNode listed = awaitPages(3);

        assertThat(listed.get("pagination").toString()).isEqualTo("{\"page\":1,\"limit\":100,\"total\":3}");
        assertThat(listed.get("search").asString()).isEmpty();
        assertThat(listed.get("pages").valueStream().map(page -> page.get("display_url").asString()))
                .containsExactly("/", "/ticketing/create", "/ticketing/list");
        JsonNode create = listed.at("/pages/1");
        assertThat(create.get("canonical_url").asString()).isEqualTo("https://app.example.com/ticketing/create");
        assertThat(create.get("title").asString()).isEqualTo("Create a ticket");
        assertThat(create.get("page_id").asString()).matches("[0-9a-f-]{36}");
    }

    @Test
    void searchMatchesTitleOrUrlAndLimitPages() {
        view("https://app.example.com/billing/invoices", "Invoices");
        view("https://app.example.com/billing/plans", "Plans");
        view("https://app.example.com/settings", "Account settings");
        awaitPages(3);

        JsonNode byTitle = list("?search=INVOICE");
        JsonNode byUrl = list("?search=%2Fbilling");
        JsonNode secondPage = list("?limit=2&page=2");

        assertThat(byTitle.at("/pagination/total").asInt()).isEqualTo(1);
        assertThat(byTitle.get("search").asString()).isEqualTo("INVOICE");
        assertThat(byUrl.at("/pagination/total").asInt()).isEqualTo(2);
        assertThat(secondPage.get("pages").size()).isEqualTo(1);
        assertThat(secondPage.get("pagination").toString()).isEqualTo("{\"page\":2,\"limit\":2,\"total\":3}");
        assertThat(list("?search=.*").at("/pagination/total").asInt()).isZero();
    }

    @Test
    void anotherOrganizationSeesNoneOfThesePages() {
        view("https://app.example.com/private", "Private");
        awaitPages(1);

        RunningSuite.Organization other = suite.createOrganization("Other " + UUID.randomUUID());
        JsonNode theirs = suite.get(PAGES, "x-api-key", other.apiKey()).json();

        assertThat(theirs.at("/pagination/total").asInt()).isZero();
    }

    @Test
    void pageAndLimitAreBounded() {
        Answer tooMany = suite.get(PAGES + "?limit=201", "x-api-key", org.apiKey());
        Answer none = suite.get(PAGES + "?limit=0&page=0", "x-api-key", org.apiKey());

        assertThat(tooMany.status()).isEqualTo(422);
        assertThat(tooMany.locs()).containsExactly(List.of("query", "limit"));
        assertThat(none.locs()).containsExactlyInAnyOrder(List.of("query", "limit"), List.of("query", "page"));
        assertThat(suite.get(PAGES, "X-Public-Key", org.publicKey()).status()).isEqualTo(403);
    }

    private void view(String url, String title) {
        String event = "{\"type\": \"page_view\", \"session_id\": \"" + session + "\", \"url\": \"" + url
                + "\", \"title\": \"" + title + "\", \"timestamp\": \"2026-11-21T10:00:00Z\"}";
        assertThat(suite.post("/external/v1/events", "{\"events\": [" + event + "]}", "X-Public-Key", org.publicKey()).status())
                .isEqualTo(202);
    }

    private JsonNode awaitPages(int count) {
        await().atMost(Duration.ofSeconds(30)).until(() -> list("").at("/pagination/total").asInt() >= count);
        return list("");
    }

    private JsonNode list(String query) {
        Answer answer = suite.get(PAGES + query, "x-api-key", org.apiKey());
        assertThat(answer.status()).isEqualTo(200);
        return answer.json();
    }
}
