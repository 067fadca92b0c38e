package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import org.junit.jupiter.api.Test;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Map;

import static io.engagement.platform.validation.ErrorJson.assertErrors;
import static io.engagement.platform.validation.ErrorJson.errorsOf;
import static io.engagement.platform.validation.ErrorJson.json;
import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class JsonBodyReaderTest {

    record NewCustomer(String email, String firstName, Integer age, Boolean subscribed, List<String> tags) {
    }

    private static final ObjectSchema SCHEMA = ObjectSchema.of(
            required("email", Rules.string().email()),
            optional("first_name", Rules.string().stripped().minLength(1).maxLength(50)),
            optional("age", Rules.integer().min(0)),
            optional("subscribed", Rules.bool()),
            optional("tags", Rules.list(Rules.string()).maxItems(3)));

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .build();

    private final JsonBodyReader reader = new JsonBodyReader(MAPPER, 1024);

    private static MockServerWebExchange post(MediaType type, String body) {
        MockServerHttpRequest.BodyBuilder request = MockServerHttpRequest.post("/customers");
        if (type != null) {
            request.contentType(type);
        }
        return MockServerWebExchange.from(body == null ? request.build() : request.body(body));
    }

    private List<ErrorDetail> readFaults(MockServerWebExchange exchange) {
        return errorsOf(() -> reader.read(exchange, SCHEMA, NewCustomer.class).block());
    }

    record Scored(String name, double score, List<String> tags) {
    }

    @Test
    void aCheckedBodyKeepsItsSchemaFaultsOpenForStoredChecksAndAnswersThemAllAtOnce() {
        ObjectSchema schema = ObjectSchema.of(required("name", Rules.string().minLength(1)), required("score", Rules.number()),
                optional("tags", Rules.list(Rules.string())));
        CheckedBody body = reader.check(MAPPER.readTree("{\"name\": \"\", \"score\": \"high\", \"tags\": [\"known\", \"unknown\"]}"), schema);

        assertThat(body.isValid()).isFalse();
        assertThat(body.partial(Scored.class)).isEqualTo(new Scored(null, 0, List.of("known", "unknown")));
        ErrorDetail unknownTag = Violations.valueError(Loc.body().field("tags").index(1), "unknown", "tag not found");
        List<ErrorDetail> faults = errorsOf(() -> body.withFaults(List.of(unknownTag)).bind(Scored.class));
        assertThat(faults).extracting(ErrorDetail::loc).containsExactly(List.of("body", "name"), List.of("body", "score"),
                List.of("body", "tags", 1));
    }

    @Test
    void aValidCheckedBodyBindsWhole() {
        ObjectSchema schema = ObjectSchema.of(required("name", Rules.string()), required("score", Rules.number()));
        CheckedBody body = reader.check(MAPPER.readTree("{\"name\": \"a\", \"score\": \"2.5\"}"), schema);

        assertThat(body.isValid()).isTrue();
        assertThat(body.bind(Scored.class)).isEqualTo(new Scored("a", 2.5, null));
    }

    @Test
    void bindsAValidBodyToARecordWithSnakeCaseNames() {
        NewCustomer customer = reader.read(post(MediaType.APPLICATION_JSON, """
                {"email":"Ann@Example.com","first_name":"  Ann ","age":"42","subscribed":"yes","tags":["a","b"],
                 "unknown":"dropped"}"""), SCHEMA, NewCustomer.class).block();
        assertThat(customer).isEqualTo(new NewCustomer("Ann@example.com", "Ann", 42, true, List.of("a", "b")));
    }

    @Test
    void bindsAbsentOptionalFieldsAsNull() {
        NewCustomer customer = reader.read(post(MediaType.APPLICATION_JSON, "{\"email\":\"ann@example.com\"}"),
                SCHEMA, NewCustomer.class).block();
        assertThat(customer).isEqualTo(new NewCustomer("ann@example.com", null, null, null, null));
    }

    @Test
    void readsABodyWithoutContentTypeAsJson() {
        NewCustomer customer = reader.read(post(null, "{\"email\":\"ann@example.com\"}"), SCHEMA, NewCustomer.class).block();
        assertThat(customer.email()).isEqualTo("ann@example.com");
    }

    @Test
    void acceptsAPlusJsonContentType() {
        NewCustomer customer = reader.read(post(MediaType.parseMediaType("application/merge-patch+json"),
                "{\"email\":\"ann@example.com\"}"), SCHEMA, NewCustomer.class).block();
        assertThat(customer.email()).isEqualTo("ann@example.com");
    }

    @Test
    void acceptsJsonWithACharset() {
        NewCustomer customer = reader.read(post(MediaType.parseMediaType("application/json;charset=UTF-8"),
                "{\"email\":\"ann@example.com\"}"), SCHEMA, NewCustomer.class).block();
        assertThat(customer.email()).isEqualTo("ann@example.com");
    }

    @Test
    void answersMalformedJsonWithJsonInvalidAtBody() {
        List<ErrorDetail> errors = readFaults(post(MediaType.APPLICATION_JSON, "{\"email\": "));
        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error.loc()).containsExactly("body");
            assertThat(error.msg()).isEqualTo("JSON decode error");
            assertThat(error.type()).isEqualTo("json_invalid");
            assertThat(error.input()).isEqualTo(Map.of());
            assertThat(error.ctx()).containsOnlyKeys("error");
            assertThat((String) error.ctx().get("error")).isNotBlank();
        });
    }

    @Test
    void answersUnquotedNamesAsJsonInvalid() {
        assertThat(readFaults(post(MediaType.APPLICATION_JSON, "{email: 'x'}")))
                .extracting(ErrorDetail::type).containsExactly("json_invalid");
    }

    @Test
    void answersAnEmptyBodyWithMissingAtBody() {
        assertErrors(readFaults(post(MediaType.APPLICATION_JSON, "")), """
                [{"type":"missing","loc":["body"],"msg":"Field required","input":null}]""");
    }

    @Test
    void answersAnAbsentBodyWithMissingAtBody() {
        assertErrors(readFaults(post(MediaType.APPLICATION_JSON, null)), """
                [{"type":"missing","loc":["body"],"msg":"Field required","input":null}]""");
    }

    @Test
    void answersATextPlainBodyWithJsonInvalid() {
        assertErrors(readFaults(post(MediaType.TEXT_PLAIN, "{\"email\":\"ann@example.com\"}")), """
                [{"type":"json_invalid","loc":["body"],"msg":"JSON decode error","input":{},
                  "ctx":{"error":"Content-Type must be application/json, not text/plain"}}]""");
    }

    @Test
    void answersAnArrayBodyWithModelAttributesType() {
        assertErrors(readFaults(post(MediaType.APPLICATION_JSON, "[{\"email\":\"ann@example.com\"}]")), """
                [{"type":"model_attributes_type","loc":["body"],
                  "msg":"Input should be a valid dictionary or object to extract fields from",
                  "input":[{"email":"ann@example.com"}]}]""");
    }

    @Test
    void answersEveryFieldFaultAtOnce() {
        assertErrors(readFaults(post(MediaType.APPLICATION_JSON, """
                {"first_name":"   ","age":-1,"subscribed":"perhaps","tags":["a","b","c","d"]}""")), """
                [{"type":"missing","loc":["body","email"],"msg":"Field required",
                  "input":{"first_name":"   ","age":-1,"subscribed":"perhaps","tags":["a","b","c","d"]}},
                 {"type":"string_too_short","loc":["body","first_name"],"msg":"String should have at least 1 character",
                  "input":"   ","ctx":{"min_length":1}},
                 {"type":"greater_than_equal","loc":["body","age"],"msg":"Input should be greater than or equal to 0",
                  "input":-1,"ctx":{"ge":0}},
                 {"type":"bool_parsing","loc":["body","subscribed"],
                  "msg":"Input should be a valid boolean, unable to interpret input","input":"perhaps"},
                 {"type":"too_long","loc":["body","tags"],"msg":"List should have at most 3 items after validation, not 4",
                  "input":["a","b","c","d"],"ctx":{"field_type":"List","max_length":3,"actual_length":4}}]""");
    }

    @Test
    void surfacesABodyOverTheMaximumSizeAsDataBufferLimitException() {
        JsonBodyReader small = new JsonBodyReader(MAPPER, 16);
        MockServerWebExchange exchange = post(MediaType.APPLICATION_JSON,
                "{\"email\":\"" + "a".repeat(100) + "@example.com\"}");
        assertThatThrownBy(() -> small.read(exchange, SCHEMA, NewCustomer.class).block())
                .isInstanceOf(DataBufferLimitException.class);
    }

    @Test
    void readTreeReturnsTheParsedBodyWithoutASchema() {
        JsonNode tree = reader.readTree(post(MediaType.APPLICATION_JSON, "{\"anything\":[1,2]}")).block();
        assertThat(tree).isEqualTo(json("{\"anything\":[1,2]}"));
    }

    @Test
    void validateThrowsEveryFaultAndReturnsTheCoercedTree() {
        assertThat(ErrorJson.wire(reader.validate(json("{\"email\":\"a@example.com\",\"age\":\"3\"}"), SCHEMA)))
                .isEqualTo(json("{\"email\":\"a@example.com\",\"age\":3}"));
        assertThatThrownBy(() -> reader.validate(json("{}"), SCHEMA))
                .isInstanceOf(RequestValidationException.class)
                .satisfies(e -> assertThat(((RequestValidationException) e).errors()).hasSize(1));
    }
}
