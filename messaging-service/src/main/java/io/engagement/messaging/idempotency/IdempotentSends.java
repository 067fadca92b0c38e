package io.engagement.messaging.idempotency;

import io.engagement.messaging.MessagingProperties;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Instant;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * The {@code Idempotency-Key} header of every send (draft-ietf-httpapi-idempotency-key-header):
 * the first request with a key is processed and its answer kept for the retention period; the
 * same key with the same body gets that answer again, marked {@code Idempotent-Replay: true},
 * and sends nothing; with another body it is refused (422); while the first is still being
 * processed, 409 with {@code Retry-After}. Keys belong to one organization. Only answered sends
 * are kept: a request that failed leaves the key free for its retry.
 */
@Component
public class IdempotentSends {

    public static final String HEADER = "Idempotency-Key";
    public static final String REPLAY_HEADER = "Idempotent-Replay";
    static final String REUSED_TYPE = "idempotency_key_reused";
    private static final int MAX_KEY_LENGTH = 255;
    private static final String RETRY_AFTER_SECONDS = "1";

    private final IdempotencyStore store;
    private final ObjectMapper json;
    private final MessagingProperties.Idempotency settings;
    private final Clock clock = Clock.systemUTC();

    IdempotentSends(IdempotencyStore store, ObjectMapper json, MessagingProperties properties) {
        this.store = store;
        this.json = json;
        this.settings = properties.idempotency();
    }

    @EventListener(ApplicationReadyEvent.class)
    void prepare() {
        store.createIndexes().block();
    }

    /** Runs {@code send} at most once per key and body, answering 200 with what it produced. */
    public Mono<ResponseEntity<JsonNode>> answer(ServerWebExchange exchange, JsonNode body, Supplier<Mono<JsonNode>> send) {
        String key = exchange.getRequest().getHeaders().getFirst(HEADER);
        if (key == null) {
            return send.get().map(ResponseEntity::ok);
        }
        checkKey(key);
        String id = OrgContext.of(exchange).organizationId() + ":" + key;
        String fingerprint = fingerprint(exchange, body);
        return own(id, fingerprint, true)
                .flatMap(owned -> owned ? sendOnce(id, send) : answerOfEarlier(id, fingerprint));
    }

    private Mono<Boolean> own(String id, String fingerprint, boolean mayTakeOver) {
        Instant now = clock.instant();
        return store.claim(id, fingerprint, now, now.plus(settings.retention()))
                .flatMap(claimed -> claimed || !mayTakeOver ? Mono.just(claimed) : takeOverIfStale(id, fingerprint, now));
    }

    /** An expired key, or one whose request died while processing, is free again. */
    private Mono<Boolean> takeOverIfStale(String id, String fingerprint, Instant now) {
        return store.find(id)
                .flatMap(existing -> isStale(existing, now)
                        ? store.takeOver(existing, fingerprint, now, now.plus(settings.retention()))
                        : Mono.just(false))
                // released between our insert and our read: try once more to own it
                .switchIfEmpty(Mono.defer(() -> own(id, fingerprint, false)));
    }

    private boolean isStale(IdempotencyRecord existing, Instant now) {
        return existing.expiresAt().isBefore(now)
                || (!existing.done() && existing.createdAt().plus(settings.abandonedAfter()).isBefore(now));
    }

    private Mono<ResponseEntity<JsonNode>> sendOnce(String id, Supplier<Mono<JsonNode>> send) {
        return Mono.defer(send)
                .flatMap(answer -> store.complete(id, HttpStatus.OK.value(), json.writeValueAsString(answer))
                        .thenReturn(ResponseEntity.ok(answer)))
                .onErrorResume(failure -> store.release(id).then(Mono.error(failure)));
    }

    private Mono<ResponseEntity<JsonNode>> answerOfEarlier(String id, String fingerprint) {
        return store.find(id)
                .switchIfEmpty(Mono.error(() -> inFlight()))
                .map(earlier -> {
                    // nothing is known of the first request's answer yet, whatever this body is
                    if (!earlier.done()) {
                        throw inFlight();
                    }
                    if (!earlier.fingerprint().equals(fingerprint)) {
                        throw reused();
                    }
                    return ResponseEntity.status(earlier.status())
                            .header(REPLAY_HEADER, "true")
                            .body(json.readTree(earlier.body()));
                });
    }

    private static void checkKey(String key) {
        Loc loc = Loc.header(HEADER);
        if (key.isEmpty()) {
            throw new RequestValidationException(Violations.stringTooShort(loc, key, 1));
        }
        if (key.length() > MAX_KEY_LENGTH) {
            throw new RequestValidationException(Violations.stringTooLong(loc, key, MAX_KEY_LENGTH));
        }
    }

    private static RequestValidationException reused() {
        return new RequestValidationException(new ErrorDetail(Loc.header(HEADER).parts(),
                "This Idempotency-Key was already used with a different request body", REUSED_TYPE, null));
    }

    private static ApiException inFlight() {
        HttpHeaders headers = new HttpHeaders();
        headers.set(HttpHeaders.RETRY_AFTER, RETRY_AFTER_SECONDS);
        return new ApiException(HttpStatus.CONFLICT, "A request with this Idempotency-Key is still being processed", headers);
    }

    /** The same operation with the same JSON: the method, the path and the parsed body. */
    private static String fingerprint(ServerWebExchange exchange, JsonNode body) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update((exchange.getRequest().getMethod().name() + " " + exchange.getRequest().getPath().value() + "\n")
                    .getBytes(StandardCharsets.UTF_8));
            digest.update(body.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
