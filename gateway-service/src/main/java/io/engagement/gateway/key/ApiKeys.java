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
 * the database; revoking drops the cache entry, so the very next request with the key is refused.
 */
@Service
public class ApiKeys {

    private static final String SEQUENCE = "api_keys";

    private final ApiKeyStore store;
    private final IdSequences ids;
    private final Clock clock;
    private final AsyncCache<String, Optional<ApiKey>> byHash;

    ApiKeys(ApiKeyStore store, IdSequences ids, KeyProperties properties) {
        this.store = store;
        this.ids = ids;
        this.clock = Clock.systemUTC();
        this.byHash = Caffeine.newBuilder()
                .maximumSize(properties.cacheSize())
                .expireAfterWrite(properties.cacheTtl())
                .buildAsync();
    }

    public Mono<IssuedKey> issue(long organizationId, KeyKind kind) {
        KeySecret secret = KeySecret.generate(kind);
        return ids.next(SEQUENCE)
                .map(keyId -> new ApiKey(keyId, organizationId, kind, secret.hash(), secret.prefix(), clock.instant(), null))
                .flatMap(store::insert)
                .map(key -> new IssuedKey(secret.value(), kind.wireName(), key.keyId(), key.prefix()));
    }

    public Flux<KeyView> list(long organizationId) {
        return store.findByOrganization(organizationId).map(KeyView::of);
    }

    public Mono<KeyView> revoke(long organizationId, long keyId) {
        return store.revoke(organizationId, keyId, clock.instant())
                .doOnNext(key -> byHash.synchronous().invalidate(key.hash()))
                .map(KeyView::of)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Key")));
    }

    /** The organization and kind of an active key; empty for an unknown or revoked one. */
    public Mono<OrgContext> authenticate(String presented) {
        String hash = KeySecret.hash(presented);
        return Mono.fromFuture(() -> byHash.get(hash, (key, executor) -> lookUp(key)))
                .flatMap(Mono::justOrEmpty)
                .filter(ApiKey::isActive)
                .map(key -> new OrgContext(key.organizationId(), key.kind()));
    }

    private CompletableFuture<Optional<ApiKey>> lookUp(String hash) {
        return store.findByHash(hash).map(Optional::of).defaultIfEmpty(Optional.empty()).toFuture();
    }
}
