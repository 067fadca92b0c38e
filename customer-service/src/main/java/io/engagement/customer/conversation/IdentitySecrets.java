package io.engagement.customer.conversation;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.platform.auth.Secrets;
import org.bson.Document;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import static io.engagement.platform.store.Documents.date;

/**
 * Each organization's identity secret, with which its own server signs who a visitor is: the
 * lowercase hex HMAC-SHA256 of the customer id (or, without one, the e-mail). The secret must be
 * kept as it is to check a hash, so it is stored, shown once when made, and never answered again;
 * making a new one replaces the old at once. Replicas cache a secret for a few seconds, so a
 * rotation reaches every replica within {@link #CACHED_FOR}.
 */
@Component
class IdentitySecrets {

    static final String COLLECTION = "identity_secrets";
    static final Duration CACHED_FOR = Duration.ofSeconds(5);

    private final ReactiveMongoTemplate mongo;
    private final AsyncCache<Long, Optional<String>> cached = Caffeine.newBuilder()
            .expireAfterWrite(CACHED_FOR)
            .maximumSize(10_000)
            .buildAsync();

    IdentitySecrets(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** A new secret for the organization, replacing any before it. */
    Mono<String> rotate(long organizationId) {
        String secret = Secrets.random("eng_ids_", 32);
        Document document = new Document("_id", organizationId).append("secret", secret).append("created_at", date(Instant.now()));
        return mongo.findAndReplace(Query.query(Criteria.where("_id").is(organizationId)), document,
                        FindAndReplaceOptions.options().upsert(), Document.class, COLLECTION)
                .then(Mono.fromRunnable(() -> cached.synchronous().invalidate(organizationId)))
                .thenReturn(secret);
    }

    /** Whether {@code hash} signs {@code identifier} with the organization's secret; never, while it has none. */
    Mono<Boolean> verifies(long organizationId, String identifier, String hash) {
        return secretOf(organizationId).map(secret -> secret.map(value -> matches(value, identifier, hash)).orElse(false));
    }

    private Mono<Optional<String>> secretOf(long organizationId) {
        return Mono.fromFuture(() -> cached.get(organizationId, (id, executor) ->
                mongo.findById(id, Document.class, COLLECTION)
                        .map(document -> Optional.of(document.getString("secret")))
                        .defaultIfEmpty(Optional.empty())
                        .toFuture()));
    }

    static String sign(String secret, String identifier) {
        return Secrets.hmacSha256(secret, identifier.getBytes(StandardCharsets.UTF_8));
    }

    private static boolean matches(String secret, String identifier, String hash) {
        return Secrets.sameHex(sign(secret, identifier), hash);
    }
}
