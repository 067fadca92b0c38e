package io.engagement.local.conversation;

import com.sun.net.httpserver.HttpServer;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.testkit.SampleDocuments;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The bot's knowledge through the gateway: files (TXT, Markdown, PDF, Word) read after a 202,
 * a website crawled within its host under its robots.txt, Q&A pairs answering at once; answers
 * with their confidence and sources, or a handoff; another organization's sources never searched.
 */
class BotKnowledgeIT {

    static final String SOURCES = "/external/v1/bot/sources";
    static final String SETTINGS = "/external/v1/settings/bot";
    private static final Duration READ = Duration.ofSeconds(60);
    private static HttpServer site;
    private static final Set<String> requested = ConcurrentHashMap.newKeySet();

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Bot " + UUID.randomUUID());

    @BeforeAll
    static void serveWebsite() throws IOException {
        site = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        // the same server under another host name is another site
        String offsite = "http://localhost:" + site.getAddress().getPort() + "/offsite";
        Map<String, String> pages = Map.of(
                "/offsite", page("Elsewhere", "Nothing the bot should read.", ""),
                "/robots.txt", "User-agent: *\nDisallow: /private\n",
                "/", page("Acme Help", "Welcome to the Acme help centre.",
                        "<a href=\"/returns\">Returns</a> <a href=\"/private/vault\">Vault</a> <a href=\"" + offsite + "\">Elsewhere</a>"),
                "/returns", page("Returns", "Returns are accepted within thirty days of delivery, in the original box.", "<a href=\"/\">Home</a>"),
                "/private/vault", page("Vault", "The vault combination is seven seven nine.", ""));
        site.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            requested.add(path);
            String body = pages.get(path);
            byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", path.endsWith(".txt") ? "text/plain" : "text/html; charset=utf-8");
            exchange.sendResponseHeaders(body == null ? 404 : 200, body == null ? -1 : bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        site.start();
    }

    @AfterAll
    static void stopWebsite() {
        site.stop(0);
    }

    @Test
    void aTextFileIsProcessingThenActiveAndAnswersWithItsSource() {
        Answer added = upload(org, "refunds.txt", "text/plain",
                "Refunds are paid within five working days of the return arriving.\n\nShipping is free over fifty euros.".getBytes(StandardCharsets.UTF_8));

        assertThat(added.status()).as(added.body()).isEqualTo(202);
        assertThat(added.json().get("kind").asString()).isEqualTo("file");
        assertThat(added.json().get("name").asString()).isEqualTo("refunds.txt");
        assertThat(added.json().get("status").asString()).isEqualTo("Processing");
        String sourceId = added.json().get("source_id").asString();
        JsonNode active = awaitStatus(org, sourceId, "Active");
        assertThat(active.get("chunks").asInt()).isEqualTo(1);
        assertThat(active.get("indexed_at").asString()).isNotBlank();

        JsonNode answer = ask(org, "When are refunds paid?", "x-api-key", org.apiKey()).json();
        assertThat(answer.get("answer").asString()).contains("five working days");
        assertThat(answer.get("confidence").asDouble()).isBetween(0.5, 1.0);
        assertThat(answer.get("sources").get(0).get("source_id").asString()).isEqualTo(sourceId);
        assertThat(answer.get("sources").get(0).get("name").asString()).isEqualTo("refunds.txt");
        assertThat(answer.get("sources").get(0).get("excerpt").asString()).contains("Refunds");
    }

    @Test
    void pdfWordAndMarkdownFilesAreReadAndAnUnreadableOneFailsWithItsReason() {
        String pdf = upload(org, "shipping.pdf", "application/pdf", SampleDocuments.pdf("Parcels to Iceland travel by boat every Tuesday.")).json()
                .get("source_id").asString();
        String docx = upload(org, "support.docx", "application/octet-stream", SampleDocuments.docx("The support desk answers within one day.")).json()
                .get("source_id").asString();
        String markdown = upload(org, "warranty.md", "text/markdown",
                "# Warranty\n\nEvery kettle carries a **two year** warranty.".getBytes(StandardCharsets.UTF_8)).json().get("source_id").asString();
        String broken = upload(org, "broken.pdf", "application/pdf", "%PDF-1.7 truncated".getBytes(StandardCharsets.US_ASCII)).json()
                .get("source_id").asString();

        awaitStatus(org, pdf, "Active");
        awaitStatus(org, docx, "Active");
        awaitStatus(org, markdown, "Active");
        JsonNode failed = awaitStatus(org, broken, "Failed");
        assertThat(failed.get("error").asString()).startsWith("the PDF cannot be read");

        assertThat(ask(org, "parcels to Iceland", "x-api-key", org.apiKey()).json().get("answer").asString()).contains("boat every Tuesday");
        assertThat(ask(org, "how fast does the support desk answer", "x-api-key", org.apiKey()).json().get("answer").asString())
                .contains("within one day");
        assertThat(ask(org, "kettle warranty", "x-api-key", org.apiKey()).json().get("answer").asString()).contains("two year warranty");
    }

    @Test
    void otherFilesAreRefusedWith415AndALargerOneWith413() {
        Answer image = upload(org, "logo.png", "image/png", new byte[] {(byte) 0x89, 'P', 'N', 'G'});
        assertThat(image.status()).isEqualTo(415);
        assertThat(image.detail()).contains("TXT, PDF, Markdown and Word");

        Answer json = suite.post(SOURCES + "/files", "{\"file\": \"x\"}", "x-api-key", org.apiKey(), "Content-Type", "application/json");
        assertThat(json.status()).isEqualTo(415);

        Answer noFile = send(org, multipart("other", "a.txt", "text/plain", "hello".getBytes(StandardCharsets.UTF_8)));
        assertThat(noFile.status()).isEqualTo(422);
        assertThat(noFile.json().at("/detail/0/loc").toString()).isEqualTo("[\"body\",\"file\"]");

        Answer tooLarge = upload(org, "huge.txt", "text/plain", new byte[20 * 1024 * 1024 + 1]);
        assertThat(tooLarge.status()).isEqualTo(413);
        assertThat(tooLarge.detail()).isNotBlank();
        assertThat(list(org).get("total").asInt()).isZero();
    }

    @Test
    void aWebsiteIsCrawledWithinItsHostAsItsRobotsTxtAllows() {
        String url = "http://127.0.0.1:" + site.getAddress().getPort() + "/";
        Answer added = suite.post(SOURCES + "/websites", "{\"url\": \"" + url + "\", \"refresh_frequency\": \"daily\"}",
                "x-api-key", org.apiKey(), "Content-Type", "application/json");

        assertThat(added.status()).as(added.body()).isEqualTo(202);
        assertThat(added.json().get("kind").asString()).isEqualTo("website");
        assertThat(added.json().get("status").asString()).isEqualTo("Processing");
        assertThat(added.json().get("refresh_frequency").asString()).isEqualTo("daily");
        JsonNode active = awaitStatus(org, added.json().get("source_id").asString(), "Active");
        assertThat(active.get("chunks").asInt()).isEqualTo(2);

        JsonNode answer = ask(org, "How many days are returns accepted?", "x-api-key", org.apiKey()).json();
        assertThat(answer.get("answer").asString()).contains("thirty days");
        assertThat(answer.get("sources").get(0).get("name").asString()).isEqualTo(url);
        assertThat(ask(org, "vault combination", "x-api-key", org.apiKey()).json())
                .isEqualTo(Json.read("{\"answer\": null, \"handoff\": true}"));
        assertThat(requested).contains("/robots.txt", "/", "/returns").doesNotContain("/private/vault", "/offsite");
    }

    @Test
    void aQnaPairIsActiveAtOnceAndAnswersItsQuestionExactlyOrNearly() {
        Answer added = suite.post(SOURCES + "/qna", "{\"question\": \"How do I reset my password?\", \"answer\": \"Use the link on the sign-in page.\"}",
                "x-api-key", org.apiKey(), "Content-Type", "application/json");

        assertThat(added.status()).as(added.body()).isEqualTo(201);
        assertThat(added.json().get("kind").asString()).isEqualTo("qna");
        assertThat(added.json().get("status").asString()).isEqualTo("Active");
        String sourceId = added.json().get("source_id").asString();

        JsonNode exact = ask(org, "how do i reset my password", "x-api-key", org.apiKey()).json();
        assertThat(exact.get("answer").asString()).isEqualTo("Use the link on the sign-in page.");
        assertThat(exact.get("confidence").asDouble()).isEqualTo(1.0);
        assertThat(exact.get("sources").get(0).get("source_id").asString()).isEqualTo(sourceId);
        // the widget asks with the public key
        JsonNode near = ask(org, "Resetting my password?", "X-Public-Key", org.publicKey()).json();
        assertThat(near.get("answer").asString()).isEqualTo("Use the link on the sign-in page.");

        assertThat(ask(org, "quantum chromodynamics", "x-api-key", org.apiKey()).json())
                .isEqualTo(Json.read("{\"answer\": null, \"handoff\": true}"));
    }

    @Test
    void sourcesAreListedReadAndRemovedAndAnotherOrganizationsAreInvisible() {
        String first = qna(org, "What are your opening hours?", "Nine to six, Monday to Friday.");
        String second = qna(org, "Do you ship abroad?", "Yes, to every country in the EU.");
        RunningSuite.Organization other = suite.createOrganization("Bot other " + UUID.randomUUID());

        JsonNode page = list(org);
        assertThat(page.get("total").asInt()).isEqualTo(2);
        assertThat(page.get("data").valueStream().map(source -> source.get("source_id").asString()).toList()).containsExactly(second, first);
        assertThat(suite.get(SOURCES + "/" + first, "x-api-key", other.apiKey()).status()).isEqualTo(404);
        assertThat(ask(other, "What are your opening hours?", "x-api-key", other.apiKey()).json().get("handoff").asBoolean()).isTrue();
        assertThat(suite.get(SOURCES, "X-Public-Key", org.publicKey()).status()).isEqualTo(403);

        assertThat(suite.delete(SOURCES + "/" + first, "x-api-key", org.apiKey()).status()).isEqualTo(204);
        assertThat(suite.get(SOURCES + "/" + first, "x-api-key", org.apiKey()).status()).isEqualTo(404);
        assertThat(suite.delete(SOURCES + "/" + first, "x-api-key", org.apiKey()).status()).isEqualTo(404);
        assertThat(ask(org, "What are your opening hours?", "x-api-key", org.apiKey()).json().get("handoff").asBoolean()).isTrue();
        assertThat(ask(org, "Do you ship abroad?", "x-api-key", org.apiKey()).json().get("answer").asString()).startsWith("Yes");
    }

    @Test
    void invalidSourcesAndQuestionsAreRefusedInTheContractsShape() {
        Answer relative = suite.post(SOURCES + "/websites", "{\"url\": \"/help\"}", "x-api-key", org.apiKey(), "Content-Type", "application/json");
        assertThat(relative.status()).isEqualTo(422);
        assertThat(relative.json().at("/detail/0/type").asString()).isEqualTo("url_parsing");
        Answer hourly = suite.post(SOURCES + "/websites", "{\"url\": \"https://example.com\", \"refresh_frequency\": \"hourly\"}",
                "x-api-key", org.apiKey(), "Content-Type", "application/json");
        assertThat(hourly.status()).isEqualTo(422);
        assertThat(hourly.json().at("/detail/0/loc").toString()).isEqualTo("[\"body\",\"refresh_frequency\"]");
        Answer metadata = suite.post(SOURCES + "/websites", "{\"url\": \"http://169.254.169.254/latest\"}",
                "x-api-key", org.apiKey(), "Content-Type", "application/json");
        assertThat(metadata.status()).isEqualTo(422);
        assertThat(metadata.json().at("/detail/0/msg").asString()).contains("link-local");
        Answer noAnswer = suite.post(SOURCES + "/qna", "{\"question\": \"Why?\"}", "x-api-key", org.apiKey(), "Content-Type", "application/json");
        assertThat(noAnswer.status()).isEqualTo(422);
        assertThat(noAnswer.json().at("/detail/0/loc").toString()).isEqualTo("[\"body\",\"answer\"]");
        Answer noQuestion = suite.get("/external/v1/bot/answer", "x-api-key", org.apiKey());
        assertThat(noQuestion.status()).isEqualTo(422);
        assertThat(noQuestion.json().at("/detail/0/loc").toString()).isEqualTo("[\"query\",\"q\"]");
    }

    @Test
    void eachOrganizationHandsOverBelowItsOwnThreshold() {
        RunningSuite.Organization other = suite.createOrganization("Bot threshold " + UUID.randomUUID());
        for (RunningSuite.Organization owner : List.of(org, other)) {
            qna(owner, "How do I reset my account password?", "Use the link on the sign-in page.");
        }
        Answer defaults = suite.get(SETTINGS, "x-api-key", org.apiKey());
        assertThat(defaults.json()).isEqualTo(Json.read("{\"answer_threshold\": 0.5}"));
        String near = "Where do I reset my account password quickly?";
        double confidence = ask(org, near, "x-api-key", org.apiKey()).json().get("confidence").asDouble();
        assertThat(confidence).isBetween(0.5, 0.99);

        Answer raised = putSettings(org, "{\"answer_threshold\": " + (confidence + 1) / 2 + "}");

        assertThat(raised.status()).as(raised.body()).isEqualTo(200);
        assertThat(raised.json().get("answer_threshold").asDouble()).isEqualTo((confidence + 1) / 2);
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(raised.json());
        assertThat(ask(org, near, "X-Public-Key", org.publicKey()).json()).isEqualTo(Json.read("{\"answer\": null, \"handoff\": true}"));
        assertThat(ask(org, "How do I reset my account password?", "x-api-key", org.apiKey()).json().get("confidence").asDouble()).isEqualTo(1.0);
        assertThat(ask(other, near, "x-api-key", other.apiKey()).json().get("answer").asString()).isEqualTo("Use the link on the sign-in page.");
    }

    @Test
    void botSettingsAreValidatedWithOneEntryPerFaultAndNeedTheDataKey() {
        Answer invalid = putSettings(org, "{\"answer_threshold\": 1.5, \"tone\": \"friendly\"}");
        assertThat(invalid.status()).as(invalid.body()).isEqualTo(422);
        assertThat(invalid.locs()).containsExactly(List.of("body", "answer_threshold"), List.of("body", "tone"));
        assertThat(invalid.json().at("/detail/0/type").asString()).isEqualTo("less_than_equal");
        assertThat(invalid.json().at("/detail/1/type").asString()).isEqualTo("extra_forbidden");
        Answer missing = putSettings(org, "{}");
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.json().at("/detail/0/type").asString()).isEqualTo("missing");
        assertThat(suite.get(SETTINGS, "x-api-key", org.apiKey()).json()).isEqualTo(Json.read("{\"answer_threshold\": 0.5}"));
        assertThat(suite.get(SETTINGS, "X-Public-Key", org.publicKey()).status()).isEqualTo(403);
    }

    private Answer putSettings(RunningSuite.Organization owner, String body) {
        return suite.put(SETTINGS, body, "x-api-key", owner.apiKey());
    }

    private JsonNode awaitStatus(RunningSuite.Organization owner, String sourceId, String status) {
        return await().atMost(READ).until(() -> suite.get(SOURCES + "/" + sourceId, "x-api-key", owner.apiKey()).json(),
                source -> status.equals(source.path("status").asString()));
    }

    private Answer ask(RunningSuite.Organization owner, String question, String keyHeader, String key) {
        Answer answer = suite.get("/external/v1/bot/answer?q=" + URLEncoder.encode(question, StandardCharsets.UTF_8), keyHeader, key);
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer;
    }

    private JsonNode list(RunningSuite.Organization owner) {
        return suite.get(SOURCES, "x-api-key", owner.apiKey()).json();
    }

    private String qna(RunningSuite.Organization owner, String question, String answer) {
        return suite.post(SOURCES + "/qna", "{\"question\": \"" + question + "\", \"answer\": \"" + answer + "\"}",
                "x-api-key", owner.apiKey(), "Content-Type", "application/json").json().get("source_id").asString();
    }

    private Answer upload(RunningSuite.Organization owner, String filename, String type, byte[] content) {
        return send(owner, multipart("file", filename, type, content));
    }

    private Answer send(RunningSuite.Organization owner, Multipart body) {
        return suite.send(HttpRequest.newBuilder(suite.gateway().resolve(SOURCES + "/files"))
                        .header("Content-Type", "multipart/form-data; boundary=" + body.boundary())
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body.bytes())),
                "x-api-key", owner.apiKey());
    }

    private static Multipart multipart(String part, String filename, String type, byte[] content) {
        String boundary = "bot-" + UUID.randomUUID();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"" + part + "\"; filename=\"" + filename
                + "\"\r\nContent-Type: " + type + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
        body.writeBytes(content);
        body.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return new Multipart(boundary, body.toByteArray());
    }

    private record Multipart(String boundary, byte[] bytes) {
    }

    private static String page(String title, String text, String links) {
        return "<html><head><title>" + title + "</title></head><body><nav>" + links + "</nav><main><p>" + text + "</p></main></body></html>";
    }
}
