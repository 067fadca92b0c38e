package io.engagement.gateway.security;

import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.gateway.signin.MfaPolicy;
import org.bson.Document;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.util.List;

/**
 * Each organization's security settings ({@code security_settings}, one document per organization),
 * read by every signed-in request through a cache: a change made on another replica holds there
 * within {@link #CACHED}.
 */
@Component
public class SecuritySettingsStore implements MfaPolicy {

    static final Duration CACHED = Duration.ofSeconds(10);
    private static final String COLLECTION = "security_settings";

    private final ReactiveMongoTemplate mongo;
    private final AsyncCache<Long, SecuritySettings> cache = Caffeine.newBuilder().maximumSize(100_000).expireAfterWrite(CACHED).buildAsync();

    SecuritySettingsStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The organization's settings; the defaults where it never set any. */
    public Mono<SecuritySettings> of(long organizationId) {
        return Mono.fromFuture(() -> cache.get(organizationId, (id, executor) -> read(id).toFuture()));
    }

    @Override
    public Mono<Boolean> requiresMfa(long organizationId) {
        return of(organizationId).map(SecuritySettings::requireMfa);
    }

    Mono<SecuritySettings> replace(long organizationId, SecuritySettings settings) {
        SecuritySettings.Sso sso = settings.sso();
        Document document = new Document("_id", organizationId)
                .append("require_mfa", settings.requireMfa())
                .append("sso", new Document("enabled", sso.enabled()).append("issuer", sso.issuer()).append("client_id", sso.clientId())
                        .append("client_secret", sso.clientSecret()).append("allowed_domains", sso.allowedDomains())
                        .append("default_role", sso.defaultRole()).append("enforced", sso.enforced()));
        return mongo.findAndReplace(Query.query(Criteria.where("_id").is(organizationId)), document, FindAndReplaceOptions.options().upsert(),
                        Document.class, COLLECTION)
                .then(Mono.fromRunnable(() -> cache.synchronous().invalidate(organizationId)))
                .thenReturn(settings);
    }

    private Mono<SecuritySettings> read(long organizationId) {
        return mongo.findById(organizationId, Document.class, COLLECTION).map(SecuritySettingsStore::fromDocument)
                .defaultIfEmpty(SecuritySettings.DEFAULTS);
    }

    private static SecuritySettings fromDocument(Document document) {
        Document sso = document.get("sso", Document.class);
        return new SecuritySettings(Boolean.TRUE.equals(document.getBoolean("require_mfa")), sso == null ? SecuritySettings.Sso.OFF
                : new SecuritySettings.Sso(Boolean.TRUE.equals(sso.getBoolean("enabled")), sso.getString("issuer"), sso.getString("client_id"),
                        sso.getString("client_secret"), sso.getList("allowed_domains", String.class, List.of()),
                        sso.getString("default_role"), Boolean.TRUE.equals(sso.getBoolean("enforced"))));
    }
}
