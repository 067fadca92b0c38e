package io.engagement.local.customer;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

class CustomerListIT {

    private static final String CUSTOMERS = "/external/v1/customers";
    private static final long FIRST_ID = 7_000_000;
    private static final int ACME_CUSTOMERS = 45;
    private static final String ACME_COMPANY = UUID.randomUUID().toString();

    private static RunningSuite suite;
    private static MongoClient mongo;
    private static String acmeKey;
    private static String globexKey;

    @BeforeAll
    static void storeCustomersOfTwoOrganizations() {
        suite = RunningSuite.get();
        RunningSuite.Organization listAcme = suite.createOrganization("List Acme");
        acmeKey = listAcme.apiKey();
        long acme = listAcme.id();
        // an organization of its own: its customers, written straight to the database as from before
        // the customer listing existed, are listed by sorting, which is what these tests are about
        RunningSuite.Organization listGlobex = suite.createOrganization("List Globex");
        globexKey = listGlobex.apiKey();
        long globex = listGlobex.id();
        mongo = suite.mongo();
        MongoCollection<Document> customers = mongo.getDatabase("engagement_customer").getCollection("customers");
        mongo.getDatabase("engagement_customer").getCollection("companies").insertOne(new Document("_id", FIRST_ID)
                .append("organization_id", acme).append("company_id", ACME_COMPANY).append("company_name", "Acme Rockets"));
        List<Document> documents = new ArrayList<>();
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        for (int i = 0; i < ACME_CUSTOMERS; i++) {
            documents.add(customer(FIRST_ID + i, acme, "Customer " + i, "customer" + i + "@acme.test",
                    i % 3 == 0 ? "web" : "api", i % 2 == 0, i < 5 ? FIRST_ID : null, start.plusSeconds(i)));
        }
        documents.add(customer(FIRST_ID + 100, globex, "Globex Person", "person@globex.test", "web", true, null, start));
        customers.insertMany(documents);
    }

    @Test
    void theListIsAPageEnvelopeOfTheNewestCustomersFirst() {
        Answer answer = suite.get(CUSTOMERS, "x-api-key", acmeKey);

        assertThat(answer.status()).isEqualTo(200);
        JsonNode page = answer.json();
        assertThat(page.get("total").asInt()).isEqualTo(ACME_CUSTOMERS);
        assertThat(page.get("page").asInt()).isEqualTo(1);
        assertThat(page.get("page_size").asInt()).isEqualTo(20);
        assertThat(page.get("total_pages").asInt()).isEqualTo(3);
        assertThat(page.get("has_next").asBoolean()).isTrue();
        assertThat(page.get("has_previous").asBoolean()).isFalse();
        assertThat(page.get("data").size()).isEqualTo(20);
        assertThat(page.get("data").get(0).get("name").asString()).isEqualTo("Customer 44");
        assertThat(page.get("data").get(0).get("time_created").asString()).isEqualTo("2026-01-01T00:00:44Z");
    }

    @Test
    void theLastPageHasTheRest() {
        JsonNode page = suite.get(CUSTOMERS + "?page=3&page_size=20", "x-api-key", acmeKey).json();

        assertThat(page.get("data").size()).isEqualTo(5);
        assertThat(page.get("has_next").asBoolean()).isFalse();
        assertThat(page.get("has_previous").asBoolean()).isTrue();
        assertThat(page.get("data").get(4).get("name").asString()).isEqualTo("Customer 0");
    }

    @Test
    void rowsCarryTheirCompanysIdAndName() {
        JsonNode page = suite.get(CUSTOMERS + "?sort_by=id&sort_order=asc&page_size=6", "x-api-key", acmeKey).json();

        JsonNode withCompany = page.get("data").get(0);
        assertThat(withCompany.get("company_id").asLong()).isEqualTo(FIRST_ID);
        assertThat(withCompany.get("company_name").asString()).isEqualTo("Acme Rockets");
        assertThat(page.get("data").get(5).get("company_name").isNull()).isTrue();
    }

    @Test
    void theDoubledPrefixIsTheSameList() {
        Answer doubled = suite.get("/external/v1/external/v1/customers", "x-api-key", acmeKey);

        assertThat(doubled.status()).isEqualTo(200);
        assertThat(doubled.json()).isEqualTo(suite.get(CUSTOMERS, "x-api-key", acmeKey).json());
    }

    @Test
    void anOrganizationSeesOnlyItsOwnCustomers() {
        JsonNode page = suite.get(CUSTOMERS + "?page_size=100", "x-api-key", globexKey).json();

        assertThat(page.get("data").valueStream().map(customer -> customer.get("email").asString()))
                .contains("person@globex.test")
                .noneMatch(email -> email.endsWith("@acme.test"));
    }

    @Test
    void searchMatchesNameEmailOrPhoneWhateverTheCase() {
        JsonNode byName = suite.get(CUSTOMERS + "?search=customer%2042", "x-api-key", acmeKey).json();
        JsonNode byEmail = suite.get(CUSTOMERS + "?search=CUSTOMER7%40ACME", "x-api-key", acmeKey).json();
        JsonNode byPhone = suite.get(CUSTOMERS + "?search=%2B234800000012", "x-api-key", acmeKey).json();

        assertThat(byName.get("total").asInt()).isEqualTo(1);
        assertThat(byEmail.at("/data/0/email").asString()).isEqualTo("customer7@acme.test");
        assertThat(byPhone.at("/data/0/name").asString()).isEqualTo("Customer 12");
    }

    @ParameterizedTest
    @ValueSource(strings = {".*", "%24where", "%7B%22%24gt%22%3A%20%22%22%7D", "(", "%5C", "%5Ba-z%5D%2B"})
    void searchTextIsLiteralNeverAPatternOrOperator(String search) {
        Answer answer = suite.get(CUSTOMERS + "?search=" + search, "x-api-key", acmeKey);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("total").asInt()).isZero();
    }

    @Test
    void filtersNarrowTheList() {
        JsonNode web = suite.get(CUSTOMERS + "?source=web&page_size=100", "x-api-key", acmeKey).json();
        JsonNode active = suite.get(CUSTOMERS + "?is_active=true&page_size=100", "x-api-key", acmeKey).json();
        JsonNode ofCompany = suite.get(CUSTOMERS + "?company_id=" + ACME_COMPANY, "x-api-key", acmeKey).json();
        JsonNode ofUnknownCompany = suite.get(CUSTOMERS + "?company_id=" + UUID.randomUUID(), "x-api-key", acmeKey).json();

        assertThat(web.get("total").asInt()).isEqualTo(15);
        assertThat(active.get("total").asInt()).isEqualTo(23);
        assertThat(ofCompany.get("total").asInt()).isEqualTo(5);
        assertThat(ofUnknownCompany.get("total").asInt()).isZero();
        assertThat(ofUnknownCompany.get("data").size()).isZero();
    }

    @Test
    void sortByAnyCustomerFieldInEitherOrder() {
        JsonNode byEmailAscending = suite.get(CUSTOMERS + "?sort_by=email&sort_order=asc", "x-api-key", acmeKey).json();

        assertThat(byEmailAscending.at("/data/0/email").asString()).isEqualTo("customer0@acme.test");
        // plain code-point order: '0' sorts before '@'
        assertThat(byEmailAscending.at("/data/1/email").asString()).isEqualTo("customer10@acme.test");
        assertThat(byEmailAscending.at("/data/2/email").asString()).isEqualTo("customer11@acme.test");
        JsonNode byEmailDescending = suite.get(CUSTOMERS + "?sort_by=email&sort_order=desc", "x-api-key", acmeKey).json();
        assertThat(byEmailDescending.at("/data/0/email").asString()).isEqualTo("customer9@acme.test");
    }

    @Test
    void pageBoundsAreValidatedWithTheFaultyParameterNamed() {
        Answer tooBig = suite.get(CUSTOMERS + "?page_size=101", "x-api-key", acmeKey);
        Answer zeroSize = suite.get(CUSTOMERS + "?page_size=0", "x-api-key", acmeKey);
        Answer zeroPage = suite.get(CUSTOMERS + "?page=0", "x-api-key", acmeKey);
        Answer notANumber = suite.get(CUSTOMERS + "?page=first", "x-api-key", acmeKey);

        assertThat(tooBig.status()).isEqualTo(422);
        assertThat(tooBig.locs()).containsExactly(List.of("query", "page_size"));
        assertThat(tooBig.json().at("/detail/0/type").asString()).isEqualTo("less_than_equal");
        assertThat(tooBig.json().at("/detail/0/msg").asString()).isEqualTo("Input should be less than or equal to 100");
        assertThat(tooBig.json().at("/detail/0/input").asString()).isEqualTo("101");
        assertThat(zeroSize.json().at("/detail/0/type").asString()).isEqualTo("greater_than_equal");
        assertThat(zeroPage.locs()).containsExactly(List.of("query", "page"));
        assertThat(notANumber.json().at("/detail/0/type").asString()).isEqualTo("int_parsing");
    }

    @Test
    void everyFaultyParameterIsReportedAtOnce() {
        Answer answer = suite.get(CUSTOMERS + "?page=0&page_size=abc&sort_order=up&sort_by=shoe_size&is_active=maybe",
                "x-api-key", acmeKey);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactlyInAnyOrder(
                List.of("query", "page"), List.of("query", "page_size"), List.of("query", "sort_order"),
                List.of("query", "sort_by"), List.of("query", "is_active"));
        assertThat(answer.json().get("detail").valueStream().map(error -> error.get("type").asString()))
                .containsExactlyInAnyOrder("greater_than_equal", "int_parsing", "literal_error", "literal_error", "bool_parsing");
    }

    private static Document customer(long id, long organizationId, String name, String email, String source,
                                     boolean active, Long companyId, Instant created) {
        return new Document("_id", id)
                .append("organization_id", organizationId)
                .append("customer_id", UUID.randomUUID().toString())
                .append("name", name)
                .append("email", email)
                .append("email_key", email.toLowerCase())
                .append("whatsapp_number", "+2348000000" + (id - FIRST_ID))
                .append("source", source)
                .append("is_active", active)
                .append("company_id", companyId)
                .append("time_created", Date.from(created))
                .append("time_updated", Date.from(created));
    }
}
