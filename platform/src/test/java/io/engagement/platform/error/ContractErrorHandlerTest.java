package io.engagement.platform.error;

import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.junit.jupiter.api.Test;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebInputException;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ContractErrorHandlerTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    private final ContractErrorHandler handler = new ContractErrorHandler(JSON);
    private final MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/customers/7"));

    private String handle(Throwable failure) {
        handler.handle(exchange, failure).block();
        return exchange.getResponse().getBodyAsString().block();
    }

    private static JsonNode json(String text) {
        return JSON.readTree(text);
    }

    private void assertAnswer(Throwable failure, HttpStatus status, String expectedBody) {
        String body = handle(failure);
        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(status);
        assertThat(exchange.getResponse().getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
        assertThat(json(body)).isEqualTo(json(expectedBody));
    }

    @Test
    void answersAValidationFailureWith422AndEveryFault() {
        RequestValidationException invalid = new RequestValidationException(List.of(
                Violations.greaterThanEqual(Loc.query("page"), "0", 1),
                Violations.missing(Loc.body().field("customers").index(3).field("email"), null)));
        assertAnswer(invalid, HttpStatus.UNPROCESSABLE_CONTENT, """
                {"detail":[
                  {"type":"greater_than_equal","loc":["query","page"],"msg":"Input should be greater than or equal to 1",
                   "input":"0","ctx":{"ge":1}},
                  {"type":"missing","loc":["body","customers",3,"email"],"msg":"Field required","input":null}]}""");
    }

    @Test
    void writesErrorFieldsInPydanticOrderWithNullInputAndNoNullCtx() {
        String body = handle(new RequestValidationException(Violations.missing(Loc.body(), null)));
        assertThat(exchange.getResponse().getStatusCode().value()).isEqualTo(422);
        assertThat(body).isEqualTo("{\"detail\":[{\"type\":\"missing\",\"loc\":[\"body\"],\"msg\":\"Field required\",\"input\":null}]}");
    }

    @Test
    void answersNotFoundWithTheContractWording() {
        assertAnswer(ApiException.notFound("Customer"), HttpStatus.NOT_FOUND, "{\"detail\":\"Customer not found\"}");
    }

    @Test
    void answersApiExceptionsWithTheirStatusDetailAndHeaders() {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, "30");
        assertAnswer(new ApiException(HttpStatus.TOO_MANY_REQUESTS, "Rate limit exceeded", headers),
                HttpStatus.TOO_MANY_REQUESTS, "{\"detail\":\"Rate limit exceeded\"}");
        assertThat(exchange.getResponse().getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("30");
    }

    @Test
    void answersEachApiExceptionFactoryWithItsStatus() {
        assertThat(ApiException.unauthorized("Not authenticated").status()).isEqualTo(HttpStatus.UNAUTHORIZED);
        assertThat(ApiException.forbidden("Forbidden").status()).isEqualTo(HttpStatus.FORBIDDEN);
        assertThat(ApiException.conflict("Email already exists").status()).isEqualTo(HttpStatus.CONFLICT);
        assertThat(ApiException.unavailable("Try later").status()).isEqualTo(HttpStatus.SERVICE_UNAVAILABLE);
        assertThat(ApiException.conflict("Email already exists").detail()).isEqualTo("Email already exists");
        assertThat(ApiException.notFound("Campaign").headers().isEmpty()).isTrue();
    }

    @Test
    void answersAConflictAs409() {
        assertAnswer(ApiException.conflict("Email already exists"), HttpStatus.CONFLICT,
                "{\"detail\":\"Email already exists\"}");
    }

    @Test
    void answersAResponseStatusNotFoundWithItsReasonPhrase() {
        assertAnswer(new ResponseStatusException(HttpStatus.NOT_FOUND), HttpStatus.NOT_FOUND, "{\"detail\":\"Not Found\"}");
    }

    @Test
    void answersAResponseStatusWithTheReasonPhraseNotTheReason() {
        assertAnswer(new ResponseStatusException(HttpStatus.BAD_REQUEST, "internal detail"), HttpStatus.BAD_REQUEST,
                "{\"detail\":\"Bad Request\"}");
    }

    @Test
    void answersAResponseStatus503WithServiceUnavailable() {
        assertAnswer(new ResponseStatusException(HttpStatus.SERVICE_UNAVAILABLE), HttpStatus.SERVICE_UNAVAILABLE,
                "{\"detail\":\"Service Unavailable\"}");
    }

    @Test
    void answersMethodNotAllowedWithAllowHeader() {
        assertAnswer(new MethodNotAllowedException(HttpMethod.DELETE, Set.of(HttpMethod.GET, HttpMethod.POST)),
                HttpStatus.METHOD_NOT_ALLOWED, "{\"detail\":\"Method Not Allowed\"}");
        assertThat(exchange.getResponse().getHeaders().getAllow()).containsExactlyInAnyOrder(HttpMethod.GET, HttpMethod.POST);
    }

    @Test
    void answersAnUnreadableBodyAsJsonInvalid() {
        assertAnswer(new ServerWebInputException("bad body"), HttpStatus.UNPROCESSABLE_CONTENT, """
                {"detail":[{"type":"json_invalid","loc":["body"],"msg":"JSON decode error","input":{},
                            "ctx":{"error":"Expecting value"}}]}""");
    }

    @Test
    void answersADecodingFailureAsJsonInvalid() {
        assertAnswer(new DecodingException("cannot decode"), HttpStatus.UNPROCESSABLE_CONTENT, """
                {"detail":[{"type":"json_invalid","loc":["body"],"msg":"JSON decode error","input":{},
                            "ctx":{"error":"Expecting value"}}]}""");
    }

    @Test
    void answersABodyOverTheLimitWith413() {
        assertAnswer(new DataBufferLimitException("Exceeded limit on max bytes to buffer : 16"),
                HttpStatus.CONTENT_TOO_LARGE, "{\"detail\":\"Content Too Large\"}");
    }

    @Test
    void answersAnUnexpectedFailureWith500AndNoStackTrace() {
        String body = handle(new IllegalStateException("database password is hunter2"));
        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.INTERNAL_SERVER_ERROR);
        assertThat(exchange.getResponse().getHeaders().getContentType()).isEqualTo(MediaType.APPLICATION_JSON);
        assertThat(json(body)).isEqualTo(json("{\"detail\":\"Internal Server Error\"}"));
        assertThat(body).doesNotContain("hunter2", "IllegalStateException", "at io.", "Exception");
    }

    @Test
    void answersAServerSideResponseStatusOtherThan503With500() {
        assertAnswer(new ResponseStatusException(HttpStatus.BAD_GATEWAY), HttpStatus.INTERNAL_SERVER_ERROR,
                "{\"detail\":\"Internal Server Error\"}");
    }

    @Test
    void leavesACommittedResponseAlone() {
        exchange.getResponse().setComplete().block();
        RuntimeException failure = new RuntimeException("late");
        assertThatThrownBy(() -> handler.handle(exchange, failure).block()).isSameAs(failure);
    }

    @Test
    void refusesAValidationExceptionWithoutErrors() {
        assertThatThrownBy(() -> new RequestValidationException(List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void buildsTheTwoContractBodies() {
        assertThat(ErrorBodies.detail("x")).containsExactly(java.util.Map.entry("detail", "x"));
        assertThat(ErrorBodies.validation(List.of(Violations.missing(Loc.body(), null))).get("detail"))
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.LIST).hasSize(1);
    }

    @Test
    void handlerReturnsACompletingMono() {
        Mono<Void> result = handler.handle(exchange, ApiException.forbidden("Forbidden"));
        assertThat(result.blockOptional()).isEmpty();
        assertThat(exchange.getResponse().getStatusCode()).isEqualTo(HttpStatus.FORBIDDEN);
    }
}
