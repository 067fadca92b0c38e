package io.engagement.platform.error;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import io.engagement.platform.validation.Violations;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.MethodNotAllowedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.WebExceptionHandler;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Turns every failure into one of the contract's JSON bodies: never HTML, never a stack trace.
 * Runs before Spring Boot's own error handler, so that one is never reached.
 */
public class ContractErrorHandler implements WebExceptionHandler {

    private static final Logger log = LoggerFactory.getLogger(ContractErrorHandler.class);

    private final ObjectMapper json;

    public ContractErrorHandler(ObjectMapper json) {
        this.json = json;
    }

    @Override
    public Mono<Void> handle(ServerWebExchange exchange, Throwable failure) {
        ServerHttpResponse response = exchange.getResponse();
        if (response.isCommitted()) {
            return Mono.error(failure);
        }
        Answer answer = answerFor(failure, exchange);
        response.setStatusCode(answer.status());
        response.getHeaders().setContentType(MediaType.APPLICATION_JSON);
        answer.prepare(response);
        byte[] body = json.writeValueAsBytes(answer.body());
        return response.writeWith(Mono.just(response.bufferFactory().wrap(body)));
    }

    private Answer answerFor(Throwable failure, ServerWebExchange exchange) {
        if (failure instanceof RequestValidationException invalid) {
            return new Answer(HttpStatus.UNPROCESSABLE_CONTENT, ErrorBodies.validation(invalid.errors()));
        }
        if (failure instanceof ApiException api) {
            return new Answer(api.status(), api.errorShape() ? ErrorBodies.error(api.detail()) : ErrorBodies.detail(api.detail()),
                    response -> response.getHeaders().addAll(api.headers()));
        }
        if (failure instanceof ServerWebInputException || failure instanceof DecodingException) {
            return new Answer(HttpStatus.UNPROCESSABLE_CONTENT, ErrorBodies.validation(List.of(Violations.jsonInvalid())));
        }
        if (failure instanceof DataBufferLimitException) {
            return detail(HttpStatus.CONTENT_TOO_LARGE);
        }
        if (failure instanceof MethodNotAllowedException notAllowed) {
            return new Answer(HttpStatus.METHOD_NOT_ALLOWED, ErrorBodies.detail("Method Not Allowed"),
                    response -> response.getHeaders().setAllow(notAllowed.getSupportedMethods()));
        }
        if (failure instanceof ResponseStatusException status && status.getStatusCode().is4xxClientError()) {
            return detail(status.getStatusCode());
        }
        if (failure instanceof ResponseStatusException status && status.getStatusCode().value() == 503) {
            return new Answer(status.getStatusCode(), ErrorBodies.detail("Service Unavailable"));
        }
        log.error("Unhandled failure on {} {}", exchange.getRequest().getMethod(), exchange.getRequest().getPath(), failure);
        return detail(HttpStatus.INTERNAL_SERVER_ERROR);
    }

    private static Answer detail(HttpStatusCode status) {
        HttpStatus known = HttpStatus.resolve(status.value());
        String phrase = known == null ? "Error" : known.getReasonPhrase();
        return new Answer(status, ErrorBodies.detail(phrase));
    }

    private record Answer(HttpStatusCode status, Map<String, Object> body, Consumer<ServerHttpResponse> preparation) {
        Answer(HttpStatusCode status, Map<String, Object> body) {
            this(status, body, response -> { });
        }

        void prepare(ServerHttpResponse response) {
            preparation.accept(response);
        }
    }
}
