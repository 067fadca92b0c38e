package io.engagement.messaging.template;

import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.testkit.HandlerSlice;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.http.MediaType;
import org.springframework.test.web.reactive.server.WebTestClient;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

@HandlerSlice(TemplateResource.class)
@Import(TemplateStore.class)
class TemplateResourceTest {

    private static final String TEMPLATES = "/external/v1/transactional-email/templates";
    private static final String WELCOME = """
            {"uid": "welcome", "name": "Welcome", "subject": "Welcome {{name}}", "html": "<h1>Hi {{name}}</h1>", "text": "Hi {{name}}"}""";

    @Autowired
    private WebTestClient client;
    @Autowired
    private InternalToken tokens;

    private long organizationId;

    @BeforeEach
    void newOrganization() {
        organizationId = ThreadLocalRandom.current().nextLong(1, 1_000_000_000);
    }

    @Test
    void aTemplateIsCreatedReadListedReplacedAndDeleted() {
        as(organizationId).post().uri(TEMPLATES).contentType(MediaType.APPLICATION_JSON).bodyValue(WELCOME).exchange()
                .expectStatus().isCreated()
                .expectBody().json(WELCOME, false).jsonPath("$.created_at").isNotEmpty();

        as(organizationId).get().uri(TEMPLATES).exchange()
                .expectBody().jsonPath("$[*].uid").isEqualTo(List.of("welcome"));
        as(organizationId).put().uri(TEMPLATES + "/welcome").contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"text\": \"Hello {{name}}\"}").exchange()
                .expectStatus().isOk()
                .expectBody().json("{\"uid\": \"welcome\", \"name\": null, \"subject\": null, \"html\": null, \"text\": \"Hello {{name}}\"}", false);
        as(organizationId).get().uri(TEMPLATES + "/welcome").exchange()
                .expectBody().jsonPath("$.text").isEqualTo("Hello {{name}}");

        as(organizationId).delete().uri(TEMPLATES + "/welcome").exchange().expectStatus().isNoContent();
        as(organizationId).get().uri(TEMPLATES + "/welcome").exchange()
                .expectStatus().isNotFound()
                .expectBody().json("{\"detail\": \"Template not found\"}", true);
    }

    @Test
    void aSecondTemplateWithTheSameUidIsAConflict() {
        as(organizationId).post().uri(TEMPLATES).contentType(MediaType.APPLICATION_JSON).bodyValue(WELCOME).exchange()
                .expectStatus().isCreated();

        as(organizationId).post().uri(TEMPLATES).contentType(MediaType.APPLICATION_JSON).bodyValue("{\"uid\": \"welcome\", \"text\": \"x\"}").exchange()
                .expectStatus().isEqualTo(409)
                .expectBody().json("{\"detail\": \"A template with uid 'welcome' already exists\"}", true);
    }

    @Test
    void aBadUidAndEveryPartThatIsNoMustacheAreReportedInOneAnswer() {
        as(organizationId).post().uri(TEMPLATES).contentType(MediaType.APPLICATION_JSON)
                .bodyValue("{\"uid\": \"bad uid\", \"subject\": \"Hi {{#name}}\", \"text\": \"stray {{/items}}\"}").exchange()
                .expectStatus().isEqualTo(422)
                .expectBody()
                .jsonPath("$.detail[*].loc").isEqualTo(List.of(List.of("body", "uid"), List.of("body", "subject"), List.of("body", "text")))
                .jsonPath("$.detail[0].type").isEqualTo("string_pattern_mismatch");

        as(organizationId).get().uri(TEMPLATES).exchange().expectBody().json("[]", true);
    }

    @Test
    void anotherOrganizationsTemplateIsNotFound() {
        as(organizationId).post().uri(TEMPLATES).contentType(MediaType.APPLICATION_JSON).bodyValue(WELCOME).exchange()
                .expectStatus().isCreated();

        as(organizationId + 1).get().uri(TEMPLATES + "/welcome").exchange().expectStatus().isNotFound();
        as(organizationId + 1).delete().uri(TEMPLATES + "/welcome").exchange().expectStatus().isNotFound();
        as(organizationId).get().uri(TEMPLATES + "/welcome").exchange().expectStatus().isOk();
    }

    private WebTestClient as(long organization) {
        return client.mutate()
                .defaultHeader(InternalToken.HEADER, tokens.mint(new OrgContext(organization, KeyKind.TRANSACTIONAL)))
                .build();
    }
}
