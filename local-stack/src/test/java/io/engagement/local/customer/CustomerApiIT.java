package io.engagement.local.customer;

import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpRequest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** Creating and reading customers through the gateway, one fresh organization per test. */
class CustomerApiIT {

    private static final String CREATE = "/external/v1/external/v1/customers";
    private static final String ALIAS = "/external/v1/customers";
    private static final String BULK = "/external/v1/external/v1/customers/bulk";
    private static final String LIST = "/external/v1/customers";
    private static final String COMPANIES = "/external/v1/external/v1/customers/companies";
    private static final String UUID_PATTERN = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Customer API " + UUID.randomUUID());

    // ---- create ----

    @Test
    void aCreatedCustomerIsAnsweredWithEveryServerAssignedField() {
        JsonNode company = post(COMPANIES, Map.of("company_name", "Analytical Engines", "company_email", "hello@engines.test")).json();
        Map<String, Object> body = customer("Ada Lovelace", "ada@example.com");
        body.put("company_id", company.get("company_id").asString());
        body.put("whatsapp_number", "+2348000000001");
        body.put("city", "London");

        Answer created = post(CREATE, body);

        assertThat(created.status()).isEqualTo(201);
        JsonNode customer = created.json();
        assertThat(customer.get("id").isIntegralNumber()).isTrue();
        assertThat(customer.get("customer_id").asString()).matches(UUID_PATTERN);
        assertThat(customer.get("organization_id").asLong()).isEqualTo(org.id());
        assertThat(customer.get("company_id").isIntegralNumber()).isTrue();
        assertThat(customer.get("company_id").asLong()).isEqualTo(company.get("id").asLong());
        assertThat(customer.get("name").asString()).isEqualTo("Ada Lovelace");
        assertThat(customer.get("email").asString()).isEqualTo("ada@example.com");
        assertThat(customer.get("source").asString()).isEqualTo("api");
        assertThat(customer.get("whatsapp_number").asString()).isEqualTo("+2348000000001");
        assertThat(customer.get("city").asString()).isEqualTo("London");
        assertThat(customer.get("is_active").asBoolean()).isTrue();
        Instant timeCreated = Instant.parse(customer.get("time_created").asString());
        assertThat(Instant.parse(customer.get("time_updated").asString())).isEqualTo(timeCreated);
        assertThat(timeCreated).isBetween(Instant.now().minusSeconds(60), Instant.now().plusSeconds(60));
    }

    @Test
    void aCustomerWithoutACompanyHasANullCompanyId() {
        JsonNode customer = post(CREATE, customer("Grace Hopper", "grace@example.com")).json();

        assertThat(customer.get("company_id").isNull()).isTrue();
    }

    @Test
    void theSinglePrefixAliasCreatesTheSameWay() {
        Answer created = post(ALIAS, customer("Alan Turing", "alan@example.com"));

        assertThat(created.status()).isEqualTo(201);
        assertThat(created.json().get("customer_id").asString()).matches(UUID_PATTERN);
        assertThat(created.json().get("organization_id").asLong()).isEqualTo(org.id());
        Answer fetched = get(LIST + "/" + created.json().get("customer_id").asString());
        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.json().get("email").asString()).isEqualTo("alan@example.com");
    }

    @Test
    void aCustomerIsActiveUnlessTheClientSaysOtherwise() {
        Map<String, Object> inactive = customer("Charles Babbage", "charles@example.com");
        inactive.put("is_active", false);

        JsonNode byDefault = post(CREATE, customer("Mary Somerville", "mary@example.com")).json();
        JsonNode saidInactive = post(CREATE, inactive).json();

        assertThat(byDefault.get("is_active").asBoolean()).isTrue();
        assertThat(saidInactive.get("is_active").isBoolean()).isTrue();
        assertThat(saidInactive.get("is_active").asBoolean()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"name", "email", "source"})
    void eachRequiredFieldLeftOutIsReportedMissing(String field) {
        Map<String, Object> body = customer("Ada Lovelace", "ada@example.com");
        body.remove(field);

        Answer answer = post(CREATE, body);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", field));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("missing");
        assertThat(answer.json().at("/detail/0/msg").asString()).isEqualTo("Field required");
        assertThat(total()).isZero();
    }

    @Test
    void everyMissingFieldIsReportedAtOnce() {
        Answer answer = post(CREATE, Map.of());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactlyInAnyOrder(
                List.of("body", "name"), List.of("body", "email"), List.of("body", "source"));
    }

    @Test
    void fieldsOfTheWrongTypeAreReportedWithPydanticTypes() {
        Map<String, Object> body = customer("ignored", "ada@example.com");
        body.put("name", 5);
        body.put("is_active", "maybe");

        Answer answer = post(CREATE, body);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactlyInAnyOrder(List.of("body", "name"), List.of("body", "is_active"));
        assertThat(fault(answer, "name").get("type").asString()).isEqualTo("string_type");
        assertThat(fault(answer, "name").get("msg").asString()).isEqualTo("Input should be a valid string");
        assertThat(fault(answer, "name").get("input").asInt()).isEqualTo(5);
        assertThat(fault(answer, "is_active").get("type").asString()).isEqualTo("bool_parsing");
        assertThat(fault(answer, "is_active").get("input").asString()).isEqualTo("maybe");
    }

    @ParameterizedTest
    @ValueSource(strings = {"not-an-email", "ada@", "@example.com", "ada@example", "ada@@example.com"})
    void anInvalidEmailIsAValueError(String email) {
        Answer answer = post(CREATE, customer("Ada Lovelace", email));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "email"));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("value_error");
        assertThat(answer.json().at("/detail/0/msg").asString()).startsWith("value is not a valid email address:");
        assertThat(answer.json().at("/detail/0/input").asString()).isEqualTo(email);
    }

    @Test
    void anUnknownCompanyIsRefusedOnItsField() {
        Map<String, Object> body = customer("Ada Lovelace", "ada@example.com");
        String unknown = UUID.randomUUID().toString();
        body.put("company_id", unknown);

        Answer answer = post(CREATE, body);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "company_id"));
        assertThat(answer.json().at("/detail/0/input").asString()).isEqualTo(unknown);
        assertThat(total()).isZero();
    }

    @Test
    void anotherOrganizationsCompanyIsUnknownToo() {
        RunningSuite.Organization other = suite.createOrganization("Customer API other " + UUID.randomUUID());
        String foreignCompany = suite.post(COMPANIES, Json.write(Map.of("company_name", "Foreign", "company_email", "f@foreign.test")),
                "x-api-key", other.apiKey()).json().get("company_id").asString();
        Map<String, Object> body = customer("Ada Lovelace", "ada@example.com");
        body.put("company_id", foreignCompany);

        Answer answer = post(CREATE, body);

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "company_id"));
    }

    @Test
    void aSecondCustomerWithTheSameEmailInAnyCaseIsAConflict() {
        assertThat(post(CREATE, customer("Ada Lovelace", "ada@example.com")).status()).isEqualTo(201);

        Answer sameEmail = post(CREATE, customer("Ada Again", "ada@example.com"));
        Answer otherCase = post(CREATE, customer("ADA AGAIN", "ADA@EXAMPLE.COM"));

        assertThat(sameEmail.status()).isEqualTo(409);
        assertThat(sameEmail.json().get("detail").isString()).isTrue();
        assertThat(sameEmail.detail()).isNotBlank();
        assertThat(otherCase.status()).isEqualTo(409);
        assertThat(otherCase.json().get("detail").isString()).isTrue();
        assertThat(total()).isEqualTo(1);
    }

    @Test
    void anUnknownCompanyIsReportedBeforeATakenEmail() {
        assertThat(post(CREATE, customer("Ada Lovelace", "ada@example.com")).status()).isEqualTo(201);
        Map<String, Object> body = customer("Ada Again", "ada@example.com");
        body.put("company_id", UUID.randomUUID().toString());

        // both are checked at once; the 422 names the field to fix, whichever check answers first
        for (int attempt = 0; attempt < 5; attempt++) {
            Answer answer = post(CREATE, body);

            assertThat(answer.status()).isEqualTo(422);
            assertThat(answer.locs()).containsExactly(List.of("body", "company_id"));
        }
        assertThat(total()).isEqualTo(1);
    }

    @Test
    void theSameEmailInAnotherOrganizationIsAnotherCustomer() {
        RunningSuite.Organization other = suite.createOrganization("Customer API other " + UUID.randomUUID());
        JsonNode mine = post(CREATE, customer("Ada Lovelace", "ada@example.com")).json();

        Answer theirs = suite.post(CREATE, Json.write(customer("Ada Elsewhere", "ada@example.com")), "x-api-key", other.apiKey());

        assertThat(theirs.status()).isEqualTo(201);
        assertThat(theirs.json().get("organization_id").asLong()).isEqualTo(other.id());
        assertThat(theirs.json().get("customer_id").asString()).isNotEqualTo(mine.get("customer_id").asString());
    }

    // ---- read one ----

    @Test
    void aCustomerIsFetchedByPublicIdWithItsSessionFieldsNullAndInactive() {
        JsonNode created = post(CREATE, customer("Ada Lovelace", "ada@example.com")).json();

        Answer fetched = get(LIST + "/" + created.get("customer_id").asString());

        assertThat(fetched.status()).isEqualTo(200);
        JsonNode customer = fetched.json();
        assertThat(customer.get("id").asLong()).isEqualTo(created.get("id").asLong());
        assertThat(customer.get("customer_id").asString()).isEqualTo(created.get("customer_id").asString());
        assertThat(customer.get("name").asString()).isEqualTo("Ada Lovelace");
        assertThat(customer.get("email").asString()).isEqualTo("ada@example.com");
        assertThat(customer.get("organization_id").asLong()).isEqualTo(org.id());
        assertThat(customer.get("time_created").asString()).isEqualTo(created.get("time_created").asString());
        for (String field : List.of("last_session_id", "last_session_node", "last_session_node_at", "last_session_channel")) {
            assertThat(customer.has(field)).as(field + " is present").isTrue();
            assertThat(customer.get(field).isNull()).as(field + " is null").isTrue();
        }
        assertThat(customer.get("activity_segment").asString()).isEqualTo("inactive");
    }

    @Test
    void aCustomerIsFetchedByEmailWhateverItsCaseAndEncoding() {
        JsonNode created = post(CREATE, customer("Ada Lovelace", "Ada@Example.com")).json();

        Answer otherCase = get(LIST + "/by-email/ADA%40Example.com");
        Answer lowerCase = get(LIST + "/by-email/ada%40example.com");
        Answer unencoded = get(LIST + "/by-email/ada@example.com");

        assertThat(otherCase.status()).isEqualTo(200);
        assertThat(otherCase.json().get("customer_id").asString()).isEqualTo(created.get("customer_id").asString());
        assertThat(otherCase.json().has("last_session_id")).isTrue();
        assertThat(otherCase.json().get("activity_segment").asString()).isEqualTo("inactive");
        assertThat(lowerCase.json().get("customer_id").asString()).isEqualTo(created.get("customer_id").asString());
        assertThat(unencoded.json().get("customer_id").asString()).isEqualTo(created.get("customer_id").asString());
    }

    @Test
    void anEmailWithAPlusSignIsFoundWhenEncoded() {
        JsonNode created = post(CREATE, customer("Ada Tagged", "ada+news@example.com")).json();

        Answer fetched = get(LIST + "/by-email/ada%2Bnews%40example.com");

        assertThat(fetched.status()).isEqualTo(200);
        assertThat(fetched.json().get("customer_id").asString()).isEqualTo(created.get("customer_id").asString());
    }

    @Test
    void theDoubledPrefixReadsTheSameCustomer() {
        JsonNode created = post(CREATE, customer("Ada Lovelace", "ada@example.com")).json();

        Answer byId = get(CREATE + "/" + created.get("customer_id").asString());
        Answer byEmail = get(CREATE + "/by-email/ada%40example.com");

        assertThat(byId.status()).isEqualTo(200);
        assertThat(byId.json()).isEqualTo(get(LIST + "/" + created.get("customer_id").asString()).json());
        assertThat(byEmail.json().get("customer_id").asString()).isEqualTo(created.get("customer_id").asString());
    }

    @Test
    void anUnknownCustomerIs404() {
        Answer byId = get(LIST + "/" + UUID.randomUUID());
        Answer byEmail = get(LIST + "/by-email/nobody%40example.com");

        assertThat(byId.status()).isEqualTo(404);
        assertThat(byId.body()).isEqualTo("{\"detail\":\"Customer not found\"}");
        assertThat(byEmail.status()).isEqualTo(404);
        assertThat(byEmail.detail()).isEqualTo("Customer not found");
    }

    @Test
    void anotherOrganizationsCustomerIsExactlyLikeAMissingOne() {
        RunningSuite.Organization other = suite.createOrganization("Customer API other " + UUID.randomUUID());
        JsonNode created = post(CREATE, customer("Ada Lovelace", "ada@example.com")).json();

        Answer byId = suite.get(LIST + "/" + created.get("customer_id").asString(), "x-api-key", other.apiKey());
        Answer byEmail = suite.get(LIST + "/by-email/ada%40example.com", "x-api-key", other.apiKey());
        Answer missing = suite.get(LIST + "/" + UUID.randomUUID(), "x-api-key", other.apiKey());

        assertThat(byId.status()).isEqualTo(404);
        assertThat(byId.body()).isEqualTo(missing.body());
        assertThat(byEmail.status()).isEqualTo(404);
        assertThat(byEmail.body()).isEqualTo(missing.body());
        assertThat(byId.body()).doesNotContain("ada@example.com");
    }

    @Test
    void aCreatedCustomerIsListedWithItsCompanyName() {
        JsonNode company = post(COMPANIES, Map.of("company_name", "Analytical Engines", "company_email", "hello@engines.test")).json();
        Map<String, Object> body = customer("Ada Lovelace", "ada@example.com");
        body.put("company_id", company.get("company_id").asString());
        JsonNode created = post(CREATE, body).json();

        JsonNode page = get(LIST).json();

        assertThat(page.get("total").asInt()).isEqualTo(1);
        assertThat(page.at("/data/0/customer_id").asString()).isEqualTo(created.get("customer_id").asString());
        assertThat(page.at("/data/0/company_id").asLong()).isEqualTo(company.get("id").asLong());
        assertThat(page.at("/data/0/company_name").asString()).isEqualTo("Analytical Engines");
        JsonNode ofCompany = get(LIST + "?company_id=" + company.get("company_id").asString()).json();
        assertThat(ofCompany.get("total").asInt()).isEqualTo(1);
    }

    // ---- bulk ----

    @Test
    void bulkCreatesEveryCustomerAndAnswersThem() {
        List<Map<String, Object>> customers = List.of(
                customer("One", "one@example.com"), customer("Two", "two@example.com"), customer("Three", "three@example.com"));

        Answer answer = post(BULK, Map.of("customers", customers));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.json().get("created").asInt()).isEqualTo(3);
        assertThat(answer.json().get("customers").valueStream().map(customer -> customer.get("email").asString()))
                .containsExactly("one@example.com", "two@example.com", "three@example.com");
        assertThat(answer.json().get("customers").valueStream())
                .allSatisfy(customer -> {
                    assertThat(customer.get("customer_id").asString()).matches(UUID_PATTERN);
                    assertThat(customer.get("id").isIntegralNumber()).isTrue();
                    assertThat(customer.get("organization_id").asLong()).isEqualTo(org.id());
                    assertThat(customer.get("is_active").asBoolean()).isTrue();
                });
        assertThat(answer.json().get("customers").valueStream().map(customer -> customer.get("customer_id").asString()))
                .doesNotHaveDuplicates();
        assertThat(total()).isEqualTo(3);
    }

    @Test
    void bulkOnTheSinglePrefixAliasWorksToo() {
        Answer answer = post(ALIAS + "/bulk", Map.of("customers", List.of(customer("One", "one@example.com"))));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.json().get("created").asInt()).isEqualTo(1);
        assertThat(total()).isEqualTo(1);
    }

    @Test
    void bulkResolvesEachCompanyToItsIntegerId() {
        JsonNode company = post(COMPANIES, Map.of("company_name", "Analytical Engines", "company_email", "hello@engines.test")).json();
        Map<String, Object> withCompany = customer("One", "one@example.com");
        withCompany.put("company_id", company.get("company_id").asString());

        Answer answer = post(BULK, Map.of("customers", List.of(withCompany, customer("Two", "two@example.com"))));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.json().at("/customers/0/company_id").asLong()).isEqualTo(company.get("id").asLong());
        assertThat(answer.json().at("/customers/1/company_id").isNull()).isTrue();
    }

    @Test
    void moreThanAHundredCustomersInOneBulkAreTooMany() {
        List<Map<String, Object>> customers = new ArrayList<>();
        for (int i = 0; i < 101; i++) {
            customers.add(customer("Customer " + i, "customer" + i + "@example.com"));
        }

        Answer answer = post(BULK, Map.of("customers", customers));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "customers"));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("too_long");
        assertThat(total()).isZero();
    }

    @Test
    void exactlyAHundredCustomersInOneBulkAreAccepted() {
        List<Map<String, Object>> customers = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            customers.add(customer("Customer " + i, "customer" + i + "@example.com"));
        }

        Answer answer = post(BULK, Map.of("customers", customers));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.json().get("created").asInt()).isEqualTo(100);
        assertThat(total()).isEqualTo(100);
    }

    @Test
    void everyFaultyElementOfABulkIsReportedByIndexAndNothingIsCreated() {
        Map<String, Object> noEmail = customer("No Email", "x@example.com");
        noEmail.remove("email");
        Map<String, Object> numericName = customer("ignored", "numeric@example.com");
        numericName.put("name", 5);
        List<Map<String, Object>> customers = List.of(
                customer("Valid Zero", "zero@example.com"),
                noEmail,
                customer("Valid Two", "two@example.com"),
                numericName,
                customer("Bad Email", "not-an-email"),
                customer("Valid Five", "five@example.com"));

        Answer answer = post(BULK, Map.of("customers", customers));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactlyInAnyOrder(
                List.of("body", "customers", 1, "email"),
                List.of("body", "customers", 3, "name"),
                List.of("body", "customers", 4, "email"));
        assertThat(total()).isZero();
    }

    @Test
    void eachCustomerOfABulkGetsTheCompanyItNames() {
        JsonNode engines = post(COMPANIES, Map.of("company_name", "Analytical Engines", "company_email", "hello@engines.test")).json();
        JsonNode looms = post(COMPANIES, Map.of("company_name", "Jacquard Looms", "company_email", "hello@looms.test")).json();
        List<Map<String, Object>> customers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            customers.add(customer("Customer " + i, "customer" + i + "@example.com"));
        }
        customers.get(0).put("company_id", engines.get("company_id").asString());
        customers.get(1).put("company_id", looms.get("company_id").asString());
        customers.get(3).put("company_id", engines.get("company_id").asString());

        Answer answer = post(BULK, Map.of("customers", customers));

        assertThat(answer.status()).as(answer.body()).isEqualTo(201);
        assertThat(answer.json().get("customers").valueStream().map(customer -> customer.get("company_id").isNull()
                ? null : customer.get("company_id").asLong()))
                .containsExactly(engines.get("id").asLong(), looms.get("id").asLong(), null, engines.get("id").asLong());
    }

    @Test
    void anUnknownCompanyInOneElementRefusesTheWholeBulk() {
        JsonNode company = post(COMPANIES, Map.of("company_name", "Analytical Engines", "company_email", "hello@engines.test")).json();
        List<Map<String, Object>> customers = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            customers.add(customer("Customer " + i, "customer" + i + "@example.com"));
        }
        customers.get(1).put("company_id", company.get("company_id").asString());
        customers.get(3).put("company_id", UUID.randomUUID().toString());

        Answer answer = post(BULK, Map.of("customers", customers));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "customers", 3, "company_id"));
        assertThat(total()).isZero();
    }

    @Test
    void anUnknownCompanyIsReportedWithTheBodysOtherFaultsInOneAnswer() {
        Map<String, Object> single = customer("Ada Lovelace", "not-an-email");
        single.put("company_id", UUID.randomUUID().toString());

        Answer one = post(CREATE, single);

        assertThat(one.status()).as(one.body()).isEqualTo(422);
        assertThat(one.locs()).containsExactly(List.of("body", "email"), List.of("body", "company_id"));

        List<Map<String, Object>> customers = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            customers.add(customer("Customer " + i, "customer" + i + "@example.com"));
        }
        customers.get(0).put("email", "nobody");
        customers.get(2).put("company_id", UUID.randomUUID().toString());

        Answer bulk = post(BULK, Map.of("customers", customers));

        assertThat(bulk.status()).as(bulk.body()).isEqualTo(422);
        assertThat(bulk.locs()).containsExactly(List.of("body", "customers", 0, "email"), List.of("body", "customers", 2, "company_id"));
        assertThat(total()).isZero();
    }

    @Test
    void aDuplicateEmailInsideTheBulkIsAConflictAndNothingIsCreated() {
        Answer answer = post(BULK, Map.of("customers", List.of(
                customer("One", "one@example.com"), customer("Two", "two@example.com"), customer("One Again", "ONE@example.com"))));

        assertThat(answer.status()).isEqualTo(409);
        assertThat(answer.json().get("detail").isString()).isTrue();
        assertThat(total()).isZero();
    }

    @Test
    void anEmailAlreadyTakenRefusesTheWholeBulk() {
        post(CREATE, customer("Existing", "existing@example.com"));

        Answer answer = post(BULK, Map.of("customers", List.of(
                customer("One", "one@example.com"), customer("Existing Again", "Existing@Example.com"))));

        assertThat(answer.status()).isEqualTo(409);
        assertThat(answer.json().get("detail").isString()).isTrue();
        assertThat(total()).isEqualTo(1);
        assertThat(get(LIST + "/by-email/one%40example.com").status()).isEqualTo(404);
    }

    @Test
    void anEmptyOrMissingBulkListIsRefused() {
        Answer empty = post(BULK, Map.of("customers", List.of()));
        Answer missing = post(BULK, Map.of());
        Answer notAList = post(BULK, Map.of("customers", "everyone"));

        assertThat(empty.status()).isEqualTo(422);
        assertThat(empty.locs()).containsExactly(List.of("body", "customers"));
        assertThat(missing.status()).isEqualTo(422);
        assertThat(missing.locs()).containsExactly(List.of("body", "customers"));
        assertThat(missing.json().at("/detail/0/type").asString()).isEqualTo("missing");
        assertThat(notAList.status()).isEqualTo(422);
        assertThat(notAList.json().at("/detail/0/type").asString()).isEqualTo("list_type");
    }

    // ---- malformed requests ----

    @Test
    void aBodyThatIsNotJsonIsJsonInvalid() {
        Answer single = suite.post(CREATE, "{\"name\": \"Ada\",", "x-api-key", org.apiKey());
        Answer bulk = suite.post(BULK, "customers=all", "x-api-key", org.apiKey());

        assertThat(single.status()).isEqualTo(422);
        assertThat(single.locs()).containsExactly(List.of("body"));
        assertThat(single.json().at("/detail/0/type").asString()).isEqualTo("json_invalid");
        assertThat(bulk.status()).isEqualTo(422);
        assertThat(bulk.locs()).containsExactly(List.of("body"));
        assertThat(bulk.json().at("/detail/0/type").asString()).isEqualTo("json_invalid");
        assertThat(total()).isZero();
    }

    @Test
    void aBodyOfAnotherContentTypeIsJsonInvalid() {
        Answer answer = suite.send(HttpRequest.newBuilder(suite.gateway().resolve(CREATE))
                        .header("Content-Type", "text/plain")
                        .POST(HttpRequest.BodyPublishers.ofString(Json.write(customer("Ada Lovelace", "ada@example.com")))),
                "x-api-key", org.apiKey());

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body"));
        assertThat(answer.json().at("/detail/0/type").asString()).isEqualTo("json_invalid");
        assertThat(total()).isZero();
    }

    @Test
    void aBulkElementThatIsNotAnObjectIsReportedByIndex() {
        Answer answer = post(BULK, Map.of("customers", List.of(customer("One", "one@example.com"), "two@example.com")));

        assertThat(answer.status()).isEqualTo(422);
        assertThat(answer.locs()).containsExactly(List.of("body", "customers", 1));
        assertThat(total()).isZero();
    }

    @Test
    void listPageBoundsAreValidatedWithTheFaultyParameterNamed() {
        Answer zeroPage = get(LIST + "?page=0");
        Answer zeroSize = get(LIST + "?page_size=0");
        Answer tooBig = get(LIST + "?page_size=101");
        Answer badOrder = get(LIST + "?sort_order=sideways");

        assertThat(zeroPage.status()).isEqualTo(422);
        assertThat(zeroPage.locs()).containsExactly(List.of("query", "page"));
        assertThat(zeroPage.json().at("/detail/0/type").asString()).isEqualTo("greater_than_equal");
        assertThat(zeroSize.status()).isEqualTo(422);
        assertThat(zeroSize.locs()).containsExactly(List.of("query", "page_size"));
        assertThat(zeroSize.json().at("/detail/0/type").asString()).isEqualTo("greater_than_equal");
        assertThat(tooBig.status()).isEqualTo(422);
        assertThat(tooBig.locs()).containsExactly(List.of("query", "page_size"));
        assertThat(tooBig.json().at("/detail/0/type").asString()).isEqualTo("less_than_equal");
        assertThat(badOrder.status()).isEqualTo(422);
        assertThat(badOrder.locs()).containsExactly(List.of("query", "sort_order"));
        assertThat(badOrder.json().at("/detail/0/type").asString()).isEqualTo("literal_error");
        assertThat(badOrder.json().at("/detail/0/msg").asString()).isEqualTo("Input should be 'asc' or 'desc'");
    }

    @Test
    void aNewOrganizationStartsWithAnEmptyList() {
        Answer answer = get(LIST);

        assertThat(answer.status()).isEqualTo(200);
        assertThat(answer.json().get("total").asInt()).isZero();
        assertThat(answer.json().get("data").size()).isZero();
        assertThat(answer.json().get("total_pages").asInt()).isZero();
        assertThat(answer.json().get("has_next").asBoolean()).isFalse();
    }

    // ---- helpers ----

    private static Map<String, Object> customer(String name, String email) {
        Map<String, Object> customer = new LinkedHashMap<>();
        customer.put("name", name);
        customer.put("email", email);
        customer.put("source", "api");
        return customer;
    }

    private Answer post(String path, Object body) {
        return suite.post(path, Json.write(body), "x-api-key", org.apiKey());
    }

    private Answer get(String path) {
        return suite.get(path, "x-api-key", org.apiKey());
    }

    private int total() {
        Answer list = get(LIST + "?page_size=1");
        assertThat(list.status()).isEqualTo(200);
        return list.json().get("total").asInt();
    }

    private static JsonNode fault(Answer answer, String field) {
        return answer.json().get("detail").valueStream()
                .filter(error -> error.get("loc").get(error.get("loc").size() - 1).asString().equals(field))
                .findFirst().orElseThrow();
    }
}
