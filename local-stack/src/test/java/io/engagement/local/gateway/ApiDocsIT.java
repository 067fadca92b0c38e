package io.engagement.local.gateway;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The suite's one OpenAPI document at the gateway, compared with the published contract
 * ({@code contract/engagement-api.md}, parsed here) and the suite's extensions: every public
 * operation is in it, the doubled-prefix forms included, and nothing else is.
 */
class ApiDocsIT {

    private static final Pattern CONTRACT_HEADING = Pattern.compile("\\*\\*(GET|POST|PUT|PATCH|DELETE) (?:\\{base_url})?(/\\S+)\\*\\*");
    private static final Pattern CONTRACT_TABLE_ROW = Pattern.compile("^\\| (GET|POST|PUT|PATCH|DELETE) \\| (/\\S+) \\|", Pattern.MULTILINE);
    private static final String PREFIX = "/external/v1";
    /** The routes whose paths answer with one prefix and with the contract's doubled one. */
    private static final List<String> DOUBLED_PREFIX_ROUTES = List.of("/external/v1/customers", "/external/v1/sms");

    /** Public operations beyond the published contract, each documented in extensions.md or under docs/. */
    private static final List<String> EXTENSIONS = List.of(
            "POST /external/v1/events",
            "GET /sdk/engagement.js",
            "GET /sdk/engagement-replay.js",
            "GET /sdk/v1/config",
            "GET /external/v1/settings/replay",
            "PUT /external/v1/settings/replay",
            "GET /widget/v1/widget.js",
            "GET /widget/v1/widget-panel.js",
            "DELETE /external/v1/customers/{customer_id}",
            "GET /external/v1/sessions",
            "GET /external/v1/sessions/{session_id}",
            "GET /external/v1/sessions/{session_id}/replay",
            "GET /external/v1/transactional-email/messages/{message_id}",
            "GET /external/v1/sms/messages/{message_id}",
            "GET /external/v1/transactional-email/templates",
            "POST /external/v1/transactional-email/templates",
            "GET /external/v1/transactional-email/templates/{uid}",
            "PUT /external/v1/transactional-email/templates/{uid}",
            "DELETE /external/v1/transactional-email/templates/{uid}",
            "GET /external/v1/alerts",
            "GET /external/v1/alerts/{alert_id}",
            "POST /external/v1/alerts/{alert_id}/acknowledge",
            "GET /external/v1/alerts/rules",
            "POST /external/v1/alerts/rules",
            "GET /external/v1/alerts/rules/{rule_id}",
            "PUT /external/v1/alerts/rules/{rule_id}",
            "DELETE /external/v1/alerts/rules/{rule_id}",
            "GET /external/v1/settings/activity-segments",
            "PUT /external/v1/settings/activity-segments",
            "GET /external/v1/settings/alert-triggers",
            "PUT /external/v1/settings/alert-triggers",
            "GET /widget/v1/prompts",
            "GET /external/v1/settings/widget",
            "GET /external/v1/settings/widget/plan",
            "PUT /external/v1/settings/widget",
            "GET /external/v1/settings/support-hours",
            "PUT /external/v1/settings/support-hours",
            "GET /external/v1/settings/support-hours/status",
            "GET /widget/v1/config",
            "GET /external/v1/settings/reminders",
            "PUT /external/v1/settings/reminders",
            "GET /external/v1/settings/whatsapp",
            "PUT /external/v1/settings/whatsapp",
            "DELETE /external/v1/settings/whatsapp",
            "POST /external/v1/whatsapp/send",
            "GET /external/v1/whatsapp/messages",
            "GET /external/v1/whatsapp/messages/{message_id}",
            "GET /external/v1/transactional-email/messages",
            "GET /external/v1/sms/messages",
            "GET /external/v1/settings/ticketing",
            "PUT /external/v1/settings/ticketing",
            "POST /external/v1/tickets",
            "GET /external/v1/tickets",
            "GET /external/v1/tickets/{ticket_id}",
            "PATCH /external/v1/tickets/{ticket_id}",
            "POST /external/v1/bot/sources/files",
            "POST /external/v1/bot/sources/websites",
            "POST /external/v1/bot/sources/qna",
            "GET /external/v1/bot/sources",
            "GET /external/v1/bot/sources/{source_id}",
            "DELETE /external/v1/bot/sources/{source_id}",
            "GET /external/v1/bot/answer",
            "GET /external/v1/settings/bot",
            "PUT /external/v1/settings/bot",
            "POST /widget/v1/visitors",
            "GET /widget/v1/visitors/me",
            "PATCH /widget/v1/visitors/me",
            "POST /widget/v1/conversations",
            "GET /widget/v1/conversations",
            "GET /widget/v1/conversations/{conversation_id}",
            "GET /widget/v1/conversations/{conversation_id}/messages",
            "POST /widget/v1/conversations/{conversation_id}/messages",
            "POST /widget/v1/conversations/{conversation_id}/read",
            "POST /widget/v1/conversations/{conversation_id}/handoff",
            "POST /widget/v1/conversations/{conversation_id}/rating",
            "GET /widget/v1/live",
            "GET /external/v1/conversations",
            "GET /external/v1/conversations/{conversation_id}",
            "PATCH /external/v1/conversations/{conversation_id}",
            "GET /external/v1/conversations/{conversation_id}/messages",
            "POST /external/v1/conversations/{conversation_id}/messages",
            "POST /external/v1/conversations/{conversation_id}/read",
            "GET /external/v1/settings/agents",
            "PUT /external/v1/settings/agents",
            "POST /external/v1/settings/widget/identity-secret",
            "POST /external/v1/live/tickets",
            "POST /widget/v1/live/tickets",
            "GET /external/v1/live",
            "GET /webhooks/whatsapp",
            "POST /webhooks/whatsapp",
            "POST /admin/v1/organizations",
            "POST /admin/v1/organizations/{organization_id}/keys",
            "GET /admin/v1/organizations/{organization_id}/keys",
            "DELETE /admin/v1/organizations/{organization_id}/keys/{key_id}",
            "POST /admin/v1/organizations/{organization_id}/wallet",
            "GET /admin/v1/organizations/{organization_id}/wallet",
            "GET /admin/v1/organizations/{organization_id}/rate-limits",
            "PUT /admin/v1/organizations/{organization_id}/rate-limits",
            "GET /admin/v1/organizations/{organization_id}/retention",
            "PUT /admin/v1/organizations/{organization_id}/retention",
            "GET /admin/v1/organizations/{organization_id}/redaction",
            "PUT /admin/v1/organizations/{organization_id}/redaction",
            "GET /admin/v1/organizations/{organization_id}/plan",
            "PUT /admin/v1/organizations/{organization_id}/plan",
            "POST /admin/v1/organizations/{organization_id}/people",
            "POST /auth/v1/sign-in",
            "POST /auth/v1/sign-out",
            "GET /auth/v1/me",
            "PATCH /auth/v1/me",
            "PUT /auth/v1/me/organization",
            "PUT /auth/v1/me/password",
            "GET /auth/v1/sessions",
            "POST /auth/v1/me/mfa",
            "POST /auth/v1/me/mfa/confirm",
            "DELETE /auth/v1/me/mfa",
            "DELETE /auth/v1/sessions/{session_id}",
            "POST /auth/v1/password-reset",
            "POST /auth/v1/password-reset/confirm",
            "POST /auth/v1/invitations/accept",
            "GET /external/v1/people",
            "POST /external/v1/people",
            "PATCH /external/v1/people/{person_id}",
            "POST /external/v1/people/{person_id}/invitation",
            "GET /external/v1/api-keys",
            "POST /external/v1/api-keys",
            "DELETE /external/v1/api-keys/{key_id}",
            "GET /external/v1/audit-events",
            "GET /external/v1/settings/security",
            "PUT /external/v1/settings/security");

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void theDocumentHoldsEveryPublicOperationAndNothingElse() {
        Answer document = completeDocument();

        assertThat(document.status()).isEqualTo(200);
        assertThat(document.json().path("openapi").asString()).startsWith("3.");
        Set<String> expected = withBothPrefixForms(Stream.concat(contractOperations().stream(), EXTENSIONS.stream()).toList());
        Set<String> documented = operationsOf(document.json());
        assertThat(documented).as("operations the document lacks").containsAll(expected);
        assertThat(documented).as("operations the document should not show").containsOnlyElementsOf(expected);
    }

    @Test
    void everyExtensionOperationIsDocumented() {
        String documentation = resource("contract/extensions.md") + read(repository().resolve("README.md")) + apiPages();

        assertThat(EXTENSIONS).allSatisfy(operation -> assertThat(documentation).contains(operation.split(" ")[1]));
    }

    @Test
    void operationsNameTheirKeyAndReferenceTheContractsErrorShapes() {
        JsonNode document = completeDocument().json();
        JsonNode paths = document.get("paths");

        assertThat(document.at("/components/securitySchemes/ApiKey/name").asString()).isEqualTo("x-api-key");
        assertThat(document.at("/components/securitySchemes/TransactionalKey/name").asString()).isEqualTo("X-Transactional-Key");
        assertThat(document.at("/components/securitySchemes/PublicKey/name").asString()).isEqualTo("X-Public-Key");
        assertThat(document.at("/components/securitySchemes/PublicKeyQuery/in").asString()).isEqualTo("query");
        assertThat(document.at("/components/securitySchemes/AdminToken/name").asString()).isEqualTo("X-Admin-Token");
        assertThat(document.at("/components/schemas/ValidationError/required").toString()).contains("loc", "msg", "type");
        assertThat(document.at("/components/schemas/HTTPValidationError/properties/detail/items/$ref").asString())
                .isEqualTo("#/components/schemas/ValidationError");
        assertThat(document.at("/components/schemas/ErrorDetail/properties/detail/type").asString()).isEqualTo("string");
        assertThat(document.at("/components/schemas/SmsError/properties/error/type").asString()).isEqualTo("string");

        JsonNode createCustomer = paths.at("/~1external~1v1~1external~1v1~1customers/post");
        assertThat(createCustomer.at("/security/0/ApiKey").isArray()).isTrue();
        assertThat(createCustomer.at("/responses/422/$ref").asString()).isEqualTo("#/components/responses/ValidationFailed");
        assertThat(createCustomer.at("/responses/401/$ref").asString()).isEqualTo("#/components/responses/Unauthorized");
        assertThat(createCustomer.at("/responses/409/$ref").asString()).isEqualTo("#/components/responses/Conflict");
        assertThat(createCustomer.at("/responses/413/$ref").asString()).isEqualTo("#/components/responses/PayloadTooLarge");
        assertThat(createCustomer.at("/responses/429/$ref").asString()).isEqualTo("#/components/responses/TooManyRequests");
        assertThat(createCustomer.get("parameters").toString()).contains("Idempotency-Key");
        assertThat(document.at("/components/responses/TooManyRequests/headers/Retry-After").isObject()).isTrue();
        assertThat(document.at("/components/responses/TooManyRequests/headers/RateLimit-Remaining").isObject()).isTrue();
        assertThat(paths.at("/~1admin~1v1~1organizations/post/responses/429").isMissingNode()).as("the admin API is not rate limited").isTrue();
        assertThat(document.at("/components/responses/ValidationFailed/content/application~1json/schema/$ref").asString())
                .isEqualTo("#/components/schemas/HTTPValidationError");
        assertThat(paths.at("/~1external~1v1~1customers~1{customer_id}/get/responses/404/$ref").asString())
                .isEqualTo("#/components/responses/NotFound");
        assertThat(paths.at("/~1external~1v1~1external~1v1~1sms~1send/post/responses/402/$ref").asString())
                .isEqualTo("#/components/responses/WalletInsufficient");
        assertThat(paths.at("/~1external~1v1~1sms~1send~1bulk/post/responses/502/$ref").asString())
                .isEqualTo("#/components/responses/SmsProviderFailed");
        assertThat(paths.at("/~1external~1v1~1whatsapp~1send/post/responses/402/$ref").asString())
                .isEqualTo("#/components/responses/WalletInsufficient");
        assertThat(paths.at("/~1external~1v1~1sms~1send/post/responses").has("200"))
                .as("a declared error answer keeps the operation's own answer").isTrue();
        assertThat(paths.at("/~1external~1v1~1transactional-email~1send/post/security/0/TransactionalKey").isArray()).isTrue();
        assertThat(paths.at("/~1external~1v1~1events/post/security").toString()).contains("ApiKey", "PublicKey", "PublicKeyQuery");
        assertThat(paths.at("/~1external~1v1~1tickets/post/security").toString()).contains("ApiKey", "PublicKey", "PublicKeyQuery");
        assertThat(paths.at("/~1external~1v1~1tickets/post/parameters").toString()).contains("Idempotency-Key");
        assertThat(paths.at("/~1external~1v1~1tickets/get/security").toString()).contains("ApiKey").doesNotContain("PublicKey");
        assertThat(paths.at("/~1external~1v1~1tickets~1{ticket_id}/patch/security").toString()).contains("ApiKey").doesNotContain("PublicKey");
        assertThat(paths.at("/~1admin~1v1~1organizations/post/security/0/AdminToken").isArray()).isTrue();
        assertThat(paths.at("/~1sdk~1engagement.js/get/security").isEmpty()).isTrue();
        assertThat(paths.at("/~1external~1v1~1customers~1{customer_id}/get/parameters/0/name").asString()).isEqualTo("customer_id");
        assertThat(parameterNames(paths.at("/~1external~1v1~1conversations/get/parameters")))
                .contains("status", "assignee_email", "unassigned", "channel", "customer_id", "q", "page", "page_size");
        assertThat(parameterNames(paths.at("/~1external~1v1~1conversations~1{conversation_id}~1messages/get/parameters"))).contains("after", "limit");
        assertThat(parameterNames(paths.at("/~1widget~1v1~1conversations~1{conversation_id}~1messages/get/parameters"))).contains("after", "limit");
    }

    private static List<String> parameterNames(JsonNode parameters) {
        return parameters.valueStream().map(parameter -> parameter.path("name").asString("")).toList();
    }

    @Test
    void swaggerUiAtDocsShowsTheMergedDocument() {
        Answer docs = suite.send(HttpRequest.newBuilder(suite.gateway().resolve("/docs")).GET());
        assertThat(docs.status()).isEqualTo(302);
        String ui = docs.header("Location");

        Answer page = suite.get(ui);
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("swagger-ui");
        Answer config = suite.get("/v3/api-docs/gateway/swagger-config");
        assertThat(config.status()).isEqualTo(200);
        assertThat(config.json().path("url").asString()).isEqualTo("/v3/api-docs");
    }

    /** Services build their documents on first request; a slow one is left out until it answers. */
    private Answer completeDocument() {
        return await().atMost(Duration.ofSeconds(60)).until(() -> suite.get("/v3/api-docs"),
                answer -> answer.status() == 200 && !answer.json().has("x-unavailable-services"));
    }

    /** The operations of the published contract, as its endpoint headings and tables list them. */
    private static List<String> contractOperations() {
        String contract = resource("contract/engagement-api.md");
        Stream<String> headings = CONTRACT_HEADING.matcher(contract).results().map(ApiDocsIT::operation);
        Stream<String> rows = CONTRACT_TABLE_ROW.matcher(contract).results().map(ApiDocsIT::operation);
        List<String> operations = Stream.concat(headings, rows).toList();
        assertThat(operations).as("the contract's endpoint list as parsed").hasSize(24);
        return operations;
    }

    private static String operation(java.util.regex.MatchResult match) {
        return match.group(1) + " " + match.group(2);
    }

    /** The gateway answers the doubled-prefix routes under both prefixes, so both forms are public. */
    private static Set<String> withBothPrefixForms(List<String> operations) {
        Set<String> all = new TreeSet<>();
        for (String operation : operations) {
            String[] parts = operation.split(" ");
            String single = parts[1].startsWith(PREFIX + PREFIX) ? parts[1].substring(PREFIX.length()) : parts[1];
            all.add(parts[0] + " " + single);
            if (DOUBLED_PREFIX_ROUTES.stream().anyMatch(route -> single.equals(route) || single.startsWith(route + "/"))) {
                all.add(parts[0] + " " + PREFIX + single);
            }
        }
        return all;
    }

    private static Set<String> operationsOf(JsonNode document) {
        return document.get("paths").properties().stream()
                .flatMap(path -> path.getValue().propertyNames().stream()
                        .filter(method -> Set.of("get", "put", "post", "delete", "patch").contains(method))
                        .map(method -> method.toUpperCase() + " " + path.getKey()))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    private static String resource(String name) {
        try (InputStream in = ApiDocsIT.class.getClassLoader().getResourceAsStream(name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }

    /** The documentation under {@code docs/}: the API's pages, one per area, and the architecture. */
    private static String apiPages() {
        try (Stream<Path> pages = Files.walk(repository().resolve("docs"))) {
            return pages.filter(page -> page.toString().endsWith(".md")).sorted().map(ApiDocsIT::read).collect(Collectors.joining("\n"));
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException failure) {
            throw new UncheckedIOException(failure);
        }
    }

    private static Path repository() {
        return Path.of(System.getProperty("engagement.repository", "..")).toAbsolutePath().normalize();
    }
}
