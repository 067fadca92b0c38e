package io.engagement.local.messaging;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Mail;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.WhatsAppNumbers;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The console's message lists: each organization's own messages, newest first, filtered by status and paged. */
class MessageListIT {

    private static final String EMAILS = "/external/v1/transactional-email/messages";
    private static final String SMS = "/external/v1/sms/messages";
    private static final String WHATSAPP = "/external/v1/whatsapp/messages";
    private static final Duration SETTLED = Duration.ofSeconds(60);

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Lists " + UUID.randomUUID());
    private final Mail mail = new Mail(suite, org);

    @Test
    void theEmailListShowsTheOrganizationsMailNewestFirstToADataOrTransactionalKey() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            Answer sent = mail.send("{\"to_email\": \"%s\", \"subject\": \"List %d\", \"text_content\": \"hi\"}".formatted(mail.address(), i));
            assertThat(sent.status()).as(sent.body()).isEqualTo(200);
            ids.add(sent.json().get("message_id").asString());
        }
        ids.forEach(id -> mail.awaitStatus(id, "sent"));

        Answer byData = suite.get(EMAILS, "x-api-key", org.apiKey());
        Answer byTransactional = suite.get(EMAILS, "X-Transactional-Key", org.transactionalKey());
        Answer ofAnother = suite.get(EMAILS, "x-api-key", suite.createOrganization("Lists other " + UUID.randomUUID()).apiKey());

        assertThat(byData.status()).isEqualTo(200);
        assertThat(byData.json().get("total").asLong()).isEqualTo(3);
        assertThat(byData.json().get("page").asInt()).isEqualTo(1);
        assertThat(byData.json().get("page_size").asInt()).isEqualTo(20);
        assertThat(messageIds(byData)).containsExactlyInAnyOrderElementsOf(ids);
        assertNewestFirst(byData);
        JsonNode first = byData.json().get("data").get(0);
        assertThat(first).isEqualTo(suite.get(EMAILS + "/" + first.get("message_id").asString(),
                "X-Transactional-Key", org.transactionalKey()).json());
        assertThat(byTransactional.json()).isEqualTo(byData.json());
        assertThat(ofAnother.json().get("total").asLong()).isZero();
        assertThat(ofAnother.json().get("data")).isEmpty();
    }

    @Test
    void theSmsListFiltersByStatusAndPages() {
        suite.admin("POST", "/admin/v1/organizations/" + org.id() + "/wallet", "{\"amount\": 10}");
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            sent.add(sms(WhatsAppNumbers.fresh()));
        }
        // the SMSC's receipt decides the final status: the first three are settled before it reports failures
        sent.forEach(id -> await().atMost(SETTLED).until(() -> field(SMS, id, "delivery_status").equals("delivrd")));
        String failed;
        suite.smsc.receiptStat("UNDELIV");
        try {
            failed = sms(WhatsAppNumbers.fresh());
            await().atMost(SETTLED).until(() -> status(SMS, failed).equals("failed"));
        } finally {
            suite.smsc.receiptStat("DELIVRD");
        }

        Answer all = list(SMS + "?page_size=2");
        Answer second = list(SMS + "?page_size=2&page=2");
        Answer past = list(SMS + "?page_size=2&page=3");
        Answer onlySent = list(SMS + "?status=sent");
        Answer onlyFailed = list(SMS + "?status=failed");
        Answer onlyQueued = list(SMS + "?status=queued");

        assertThat(all.json().get("total").asLong()).isEqualTo(4);
        assertThat(all.json().get("total_pages").asInt()).isEqualTo(2);
        assertThat(all.json().get("has_next").asBoolean()).isTrue();
        assertThat(all.json().get("has_previous").asBoolean()).isFalse();
        assertThat(all.json().get("data")).hasSize(2);
        assertThat(second.json().get("data")).hasSize(2);
        assertThat(second.json().get("has_next").asBoolean()).isFalse();
        assertThat(second.json().get("has_previous").asBoolean()).isTrue();
        assertThat(past.json().get("data")).isEmpty();
        List<String> paged = new ArrayList<>(messageIds(all));
        paged.addAll(messageIds(second));
        assertThat(paged).doesNotHaveDuplicates().containsExactlyInAnyOrder(sent.get(0), sent.get(1), sent.get(2), failed);
        assertNewestFirst(list(SMS));
        assertThat(messageIds(onlySent)).containsExactlyInAnyOrderElementsOf(sent);
        assertThat(messageIds(onlyFailed)).containsExactly(failed);
        assertThat(onlyFailed.json().get("data").get(0).get("delivery_status").asString()).isEqualTo("undeliv");
        assertThat(onlyQueued.json().get("total").asLong()).isZero();
    }

    @Test
    void theWhatsAppListShowsEachMessageAsItsStatusDoes() {
        suite.admin("POST", "/admin/v1/organizations/" + org.id() + "/wallet", "{\"amount\": 2}");
        String from = WhatsAppNumbers.fresh();
        suite.put("/external/v1/settings/whatsapp", "{\"phone_number\": \"" + from + "\"}", "x-api-key", org.apiKey());
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Answer sent = suite.post("/external/v1/whatsapp/send", "{\"to\": \"" + WhatsAppNumbers.fresh() + "\", \"message\": \"hi\"}",
                    "x-api-key", org.apiKey());
            assertThat(sent.status()).as(sent.body()).isEqualTo(200);
            ids.add(sent.json().get("message_id").asString());
        }
        ids.forEach(id -> await().atMost(SETTLED).until(() -> status(WHATSAPP, id).equals("sent")));

        Answer listed = list(WHATSAPP + "?status=sent");

        assertThat(messageIds(listed)).containsExactlyInAnyOrderElementsOf(ids);
        assertNewestFirst(listed);
        listed.json().get("data").forEach(item -> {
            assertThat(item.get("from").asString()).isEqualTo(from);
            assertThat(item).isEqualTo(suite.get(WHATSAPP + "/" + item.get("message_id").asString(), "x-api-key", org.apiKey()).json());
        });
    }

    @Test
    void anUnknownStatusOrPageSizeIsAQueryFault() {
        Answer refused = list(SMS + "?status=delivered&page_size=101&page=0");
        Answer emailRefused = suite.get(EMAILS + "?status=opened", "x-api-key", org.apiKey());

        assertThat(refused.status()).isEqualTo(422);
        assertThat(refused.locs()).containsExactlyInAnyOrder(List.of("query", "status"), List.of("query", "page_size"),
                List.of("query", "page"));
        assertThat(emailRefused.status()).isEqualTo(422);
        assertThat(emailRefused.locs()).containsExactly(List.of("query", "status"));
    }

    private String sms(String to) {
        Answer sent = suite.post(SMS.replace("/messages", "/send"), "{\"sender_id\": \"Acme\", \"to\": \"" + to + "\", \"message\": \"hi\"}",
                "x-api-key", org.apiKey());
        assertThat(sent.status()).as(sent.body()).isEqualTo(200);
        return sent.json().get("message_ids").get(0).asString();
    }

    private String status(String list, String id) {
        return field(list, id, "status");
    }

    private String field(String list, String id, String name) {
        return suite.get(list + "/" + id, "x-api-key", org.apiKey()).json().path(name).asString("");
    }

    private Answer list(String path) {
        Answer answer = suite.get(path, "x-api-key", org.apiKey());
        assertThat(answer.status()).as(answer.body()).isIn(200, 422);
        return answer;
    }

    private static List<String> messageIds(Answer page) {
        return page.json().get("data").valueStream().map(item -> item.get("message_id").asString()).toList();
    }

    private static void assertNewestFirst(Answer page) {
        List<Instant> created = page.json().get("data").valueStream().map(item -> Instant.parse(item.get("created_at").asString())).toList();
        for (int i = 1; i < created.size(); i++) {
            assertThat(created.get(i)).isBeforeOrEqualTo(created.get(i - 1));
        }
    }
}
