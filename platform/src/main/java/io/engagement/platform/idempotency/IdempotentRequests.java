package io.engagement.platform.idempotency;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
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
 * The {@code Idempotency-Key} header of every POST that creates or sends something
 * (draft-ietf-httpapi-idempotency-key-header): the first request with a key is processed and its
 * answer kept for the retention period; the same key with the same body gets that answer again,
 * marked {@code Idempotent-Replay: true}, and nothing is done twice; with another body it is
 * refused (422); while the first is still being processed, 409 with {@code Retry-After}. Keys
 * belong to one organization. Only answered requests are kept: a request that failed leaves the
 * key free for its retry.
 */
public final class IdempotentRequests {

    public static final String HEADER = "Idempotency-Key";
    public static final String REPLAY_HEADER = "Idempotent-Replay";
    static final String REUSED_TYPE = "idempotency_key_reused";
    private static final int MAX_KEY_LENGTH = 255;
    private static final String RETRY_AFTER_SECONDS = "1";

    private final IdempotencyStore store;
    private final ObjectMapper json;
    private final IdempotencySettings settings;
    private final Clock clock = Clock.systemUTC();

    IdempotentRequests(IdempotencyStore store, ObjectMapper json, IdempotencySettings settings) {
        this.store = store;
        this.json = json;
        this.settings = settings;
    }

    /**
     * Runs {@code work} at most once per key and body, answering {@code status} with what it
     * produced (as JSON); without the header it simply runs. {@code body} is the request's parsed
     * JSON, which together with the method and path identifies the request.
     */
    public Mono<ResponseEntity<JsonNode>> answer(ServerWebExchange exchange, JsonNode body, HttpStatus status,
                                                 Supplier<? extends Mono<?>> work) {
        Supplier<Mono<ResponseEntity<JsonNode>>> answered = () -> work.get().map(result -> answer(status, result));
        String key = exchange.getRequest().getHeaders().getFirst(HEADER);
        if (key == null) {
            return Mono.defer(answered);
        }
        checkKey(key);
        String id = OrgContext.of(exchange).organizationId() + ":" + key;
        String fingerprint = fingerprint(exchange, body);
        return process(id, fingerprint, answered, true);
    }

    private ResponseEntity<JsonNode> answer(HttpStatus status, Object result) {
        JsonNode body = json.valueToTree(result);
        return ResponseEntity.status(status).body(body);
    }

    /** Owns the key and does the work, or answers from the one read of whoever owns it. */
    private Mono<ResponseEntity<JsonNode>> process(String id, String fingerprint, Supplier<Mono<ResponseEntity<JsonNode>>> work, boolean firstTry) {
        Instant now = clock.instant();
        return store.claim(id, fingerprint, now, now.plus(settings.retention()))
                .flatMap(claimed -> claimed ? runOnce(id, work) : store.find(id)
                        .flatMap(existing -> isStale(existing, now)
                                ? takeOver(existing, id, fingerprint, now, work)
                                : Mono.fromSupplier(() -> answerOf(existing, fingerprint)))
                        // released between our insert and our read: try once more to own it
                        .switchIfEmpty(Mono.defer(() -> firstTry ? process(id, fingerprint, work, false) : Mono.error(inFlight()))));
    }

    /** An expired key, or one whose request died while processing, is free again; losing the race means it is in flight. */
    private Mono<ResponseEntity<JsonNode>> takeOver(IdempotencyRecord stale, String id, String fingerprint, Instant now,
                                                    Supplier<Mono<ResponseEntity<JsonNode>>> work) {
        return store.takeOver(stale, fingerprint, now, now.plus(settings.retention()))
                .flatMap(taken -> taken ? runOnce(id, work) : Mono.error(inFlight()));
    }

    private boolean isStale(IdempotencyRecord existing, Instant now) {
        return existing.expiresAt().isBefore(now)
                || (!existing.done() && existing.createdAt().plus(settings.abandonedAfter()).isBefore(now));
    }

    private Mono<ResponseEntity<JsonNode>> runOnce(String id, Supplier<Mono<ResponseEntity<JsonNode>>> work) {
        return Mono.defer(work)
                .flatMap(answer -> store.complete(id, answer.getStatusCode().value(), json.writeValueAsString(answer.getBody()))
                        .thenReturn(answer))
                .onErrorResume(failure -> store.release(id).then(Mono.error(failure)));
    }

    private ResponseEntity<JsonNode> answerOf(IdempotencyRecord earlier, String fingerprint) {
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
