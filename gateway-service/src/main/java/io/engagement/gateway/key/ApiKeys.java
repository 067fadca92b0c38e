package io.engagement.gateway.key;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.id.IdSequences;
import org.springframework.stereotype.Service;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Issues, lists, revokes and authenticates keys. Lookups go through a Caffeine cache in front of
 * the database; revoking drops the cache entry, so the very next request with the key is refused,
 * and announces the revocation so every other gateway replica drops its entry too.
 */
@Service
public class ApiKeys {

    private static final String SEQUENCE = "api_keys";

    private final ApiKeyStore store;
    private final RevocationAnnouncer revocations;
    private final IdSequences ids;
    private final Clock clock;
    private final AsyncCache<String, Optional<ApiKey>> byHash;

    ApiKeys(ApiKeyStore store, RevocationAnnouncer revocations, IdSequences ids, KeyProperties properties) {
        this.store = store;
        this.revocations = revocations;
        this.ids = ids;
        this.clock = Clock.systemUTC();
        this.byHash = Caffeine.newBuilder()
                .maximumSize(properties.cacheSize())
                .expireAfterWrite(properties.cacheTtl())
                .buildAsync();
    }

    public Mono<IssuedKey> issue(long organizationId, KeyKind kind) {
        return create(organizationId, kind, null, null).map(Created::issued);
    }

    /** A new key an admin named; the key itself is in this answer only. */
    Mono<Created> create(long organizationId, KeyKind kind, String name, String createdBy) {
        KeySecret secret = KeySecret.generate(kind);
        return ids.next(SEQUENCE)
                .map(keyId -> new ApiKey(keyId, organizationId, kind, secret.hash(), secret.prefix(), clock.instant(), null, name, createdBy))
                .flatMap(store::insert)
                .map(key -> new Created(new IssuedKey(secret.value(), kind.wireName(), key.keyId(), key.prefix()), key));
    }

    public Flux<KeyView> list(long organizationId) {
        return store.findByOrganization(organizationId).map(KeyView::of);
    }

    Flux<ApiKey> all(long organizationId) {
        return store.findByOrganization(organizationId);
    }

    public Mono<KeyView> revoke(long organizationId, long keyId) {
        return revokeKey(organizationId, keyId).map(KeyView::of);
    }

    Mono<ApiKey> revokeKey(long organizationId, long keyId) {
        return store.revoke(organizationId, keyId, clock.instant())
                .doOnNext(key -> forget(key.hash()))
                .flatMap(key -> revocations.announce(key).thenReturn(key))
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Key")));
    }

    /** A created key: what its creator sees once, and what is stored. */
    record Created(IssuedKey issued, ApiKey key) {
    }

    /** The id, organization and kind of an active key; empty for an unknown or revoked one. */
    public Mono<AuthenticatedKey> authenticate(String presented) {
        String hash = KeySecret.hash(presented);
        return Mono.fromFuture(() -> byHash.get(hash, (key, executor) -> lookUp(key)))
                .flatMap(Mono::justOrEmpty)
                .filter(ApiKey::isActive)
                .map(key -> new AuthenticatedKey(key.keyId(), new OrgContext(key.organizationId(), key.kind())));
    }

    /** The next request with this key is looked up again. */
    void forget(String hash) {
        byHash.synchronous().invalidate(hash);
    }

    private CompletableFuture<Optional<ApiKey>> lookUp(String hash) {
        return store.findByHash(hash).map(Optional::of).defaultIfEmpty(Optional.empty()).toFuture();
    }
}
