package io.engagement.platform.settings;

import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import tools.jackson.databind.ObjectMapper;

/** Makes the {@link OrganizationSettings} of each kind a service declares, all on the same store and outbox. */
public final class SettingsResources {

    private final ReactiveMongoTemplate mongo;
    private final DocumentOutbox outbox;
    private final ObjectMapper json;
    private final JsonBodyReader bodies;
    private final AuditTrail audit;

    public SettingsResources(ReactiveMongoTemplate mongo, DocumentOutbox outbox, ObjectMapper json, JsonBodyReader bodies, AuditTrail audit) {
        this.audit = audit;
        this.mongo = mongo;
        this.outbox = outbox;
        this.json = json;
        this.bodies = bodies;
    }

    /** Declare the result as a bean, so its outbox is recovered at start-up and swept while the service runs. */
    public <T> OrganizationSettings<T> of(SettingsKind<T> kind) {
        return new OrganizationSettings<>(kind, mongo, outbox, json, bodies, audit);
    }
}
