package io.engagement.local.customer;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import com.mongodb.client.MongoClient;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The default customer list of an organization whose customers were all created through the API
 * is read through its listing (a few look-ups by key) rather than by sorting: its pages must be
 * exactly those the sorted read gives, in both orders, with customers created concurrently and
 * some deleted. A search every customer matches takes the sorted read, so it is the reference.
 */
class CustomerListingIT {

    private static final String CUSTOMERS = "/external/v1/customers";
    private static final String BULK = "/external/v1/external/v1/customers/bulk";
    private static final String SINGLE = "/external/v1/external/v1/customers";

    private static RunningSuite suite;
    private static MongoClient mongo;
    private static RunningSuite.Organization org;
    private static final String DOMAIN = UUID.randomUUID() + ".listing.test";

    @BeforeAll
    static void createSomeCustomersConcurrentlyAndDeleteSome() throws Exception {
        suite = RunningSuite.get();
        mongo = suite.mongo();
        org = suite.createOrganization("Listing " + UUID.randomUUID());
        ExecutorService senders = Executors.newFixedThreadPool(4);
        try {
            List<Future<Answer>> sent = new ArrayList<>();
            for (int request = 0; request < 12; request++) {
                int r = request;
                sent.add(senders.submit(() -> r % 3 == 0
                        ? suite.post(BULK, "{\"customers\": [" + IntStream.range(0, 10).mapToObj(i -> customer(r * 100 + i))
                                .collect(Collectors.joining(",")) + "]}", "x-api-key", org.apiKey())
                        : suite.post(SINGLE, customer(r * 100), "x-api-key", org.apiKey())));
            }
            for (Future<Answer> answer : sent) {
                assertThat(answer.get().status()).as(answer.get().body()).isEqualTo(201);
            }
        } finally {
            senders.shutdownNow();
        }
        List<String> ids = new ArrayList<>();
        suite.get(CUSTOMERS + "?page_size=100&search=" + DOMAIN, "x-api-key", org.apiKey()).json().get("data")
                .forEach(customer -> ids.add(customer.get("customer_id").asString()));
        assertThat(ids).hasSize(48);
        for (int i : List.of(0, 5, 6, 7, 20, 47)) {
            assertThat(suite.delete(CUSTOMERS + "/" + ids.get(i), "x-api-key", org.apiKey()).status()).isEqualTo(204);
        }
    }

    @Test
    void everyPageIsThePageTheSortedReadGivesInBothOrders() {
        for (String order : List.of("desc", "asc")) {
            for (int page = 1; page <= 7; page++) {
                String paging = "?page=" + page + "&page_size=7&sort_order=" + order;
                JsonNode listed = suite.get(CUSTOMERS + paging, "x-api-key", org.apiKey()).json();
                JsonNode sorted = suite.get(CUSTOMERS + paging + "&search=" + DOMAIN, "x-api-key", org.apiKey()).json();

                assertThat(listed).as("page %d, %s", page, order).isEqualTo(sorted);
                assertThat(listed.get("total").asInt()).isEqualTo(42);
            }
        }
    }

    @Test
    void theListingKnowsEveryCustomerAndKeepsTheTotal() {
        Document listing = mongo.getDatabase("engagement_customer").getCollection("customer_listings")
                .find(new Document("_id", org.id())).first();

        assertThat(listing).isNotNull();
        assertThat(listing.getBoolean("complete")).as("an organization whose customers all came through the listing").isTrue();
        assertThat(listing.getLong("allocated")).isEqualTo(48);
        assertThat(listing.getLong("vacant")).as("the deleted customers' ordinals").isEqualTo(6);
    }

    private static String customer(int n) {
        return "{\"name\": \"Listed " + n + "\", \"email\": \"listed" + n + "@" + DOMAIN + "\", \"source\": \"api\"}";
    }
}
