package io.engagement.platform.settings;

import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.validation.JsonBodyReader;
import org.bson.Document;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.ReplaceOptions;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.List;
import java.util.Map;

import static io.engagement.platform.store.Documents.longOf;

/**
 * One settings resource of every organization: created with its defaults on first read, replaced
 * whole by a validated {@code PUT}, and each replacement published as a change event (through the
 * document's outbox mark, so a crash between the write and the broker loses no event). The
 * feature's controller maps the paths; this class keeps the rules the same for every resource.
 *
 * @param <T> the settings record
 */
public final class OrganizationSettings<T> implements StartupWork, DisposableBean {

    private final SettingsKind<T> kind;
    private final ReactiveMongoTemplate mongo;
    private final ObjectMapper json;
    private final JsonBodyReader bodies;
    private final EntityOutbox<JsonNode> events;
    private final AuditTrail audit;

    /** @param audit where changes through a request are recorded; {@code null} in a service without a broker */
    public OrganizationSettings(SettingsKind<T> kind, ReactiveMongoTemplate mongo, DocumentOutbox outbox,
                                ObjectMapper json, JsonBodyReader bodies, AuditTrail audit) {
        this.audit = audit;
        this.kind = kind;
        this.mongo = mongo;
        this.json = json;
        this.bodies = bodies;
        this.events = new EntityOutbox<>(outbox, kind.collection(), kind.topic(), this::changed);
    }

    public SettingsKind<T> kind() {
        return kind;
    }

    /** The organization's settings, written with the defaults on first read. */
    public Mono<T> read(long organizationId) {
        return find(organizationId).switchIfEmpty(Mono.defer(() -> createDefaults(organizationId)));
    }

    /**
     * The request's body, checked against the schema, replaces the organization's settings; answers
     * what was written, and records who changed them in the audit log.
     */
    public Mono<T> replace(long organizationId, ServerWebExchange exchange) {
        return bodies.read(exchange, kind.schema(), kind.type()).flatMap(settings -> replace(organizationId, settings, exchange));
    }

    /** As {@link #replace(long, ServerWebExchange)}, for settings the resource has checked further. */
    public Mono<T> replace(long organizationId, T settings, ServerWebExchange exchange) {
        return replace(organizationId, settings).flatMap(written -> audited(exchange).thenReturn(written));
    }

    /** A {@code settings.changed} act of the request's person or key, naming the resource, never its values (a secret may be one). */
    public Mono<Void> audited(ServerWebExchange exchange) {
        return audit == null ? Mono.empty() : audit.record(exchange, OrgContext.of(exchange), "settings.changed",
                new AuditRecorded.Target("settings", kind.name()), Map.of());
    }

    /** Replaces the organization's settings with values the caller has already checked. */
    public Mono<T> replace(long organizationId, T settings) {
        Document document = toDocument(organizationId, settings)
                .append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(kind.changedEventType()));
        return mongo.replace(byOrganization(organizationId), document, ReplaceOptions.replaceOptions().upsert(), kind.collection())
                .doOnSuccess(replaced -> events.publish(List.of(document)))
                .thenReturn(settings);
    }

    /** Publishes what an earlier run left marked, then sweeps for stale marks while the service runs. */
    @Override
    public Mono<Void> prepare() {
        return events.prepare();
    }

    @Override
    public void destroy() {
        events.destroy();
    }

    private Mono<T> find(long organizationId) {
        return mongo.findOne(byOrganization(organizationId), Document.class, kind.collection()).map(this::fromDocument);
    }

    /** Defaults change no behaviour, so they are written without an event; a racing first read wins alike. */
    private Mono<T> createDefaults(long organizationId) {
        return mongo.insert(toDocument(organizationId, kind.defaults()), kind.collection())
                .map(this::fromDocument)
                .onErrorResume(DuplicateKeyException.class, raced -> find(organizationId));
    }

    private EntityOutbox.Entity<JsonNode> changed(Document document) {
        return new EntityOutbox.Entity<>(longOf(document, "_id"), kind.entityId(), json.valueToTree(fromDocument(document)));
    }

    @SuppressWarnings("unchecked")
    private Document toDocument(long organizationId, T settings) {
        Document document = new Document("_id", organizationId);
        document.putAll(json.convertValue(settings, Map.class));
        return document;
    }

    private T fromDocument(Document document) {
        Document values = new Document(document);
        values.remove("_id");
        values.remove(DocumentOutbox.PENDING);
        return json.convertValue(values, kind.type());
    }

    private static Query byOrganization(long organizationId) {
        return Query.query(Criteria.where("_id").is(organizationId));
    }
}
