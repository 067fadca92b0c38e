package io.engagement.alert.rule;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.store.PagedFind;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

import java.util.List;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;
import static io.engagement.platform.store.Documents.longOf;

/** Alert rules, one document each, always read and written by organization. */
@Component
class RuleStore implements StartupWork {

    static final String RULES = "alert_rules";

    private final ReactiveMongoTemplate mongo;
    private final ObjectMapper json;

    RuleStore(ReactiveMongoTemplate mongo, ObjectMapper json) {
        this.mongo = mongo;
        this.json = json;
    }

    /** Its indexes, created at start-up. */
    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(RULES)
                .createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("time_created", Sort.Direction.ASC))
                .then();
    }

    Mono<AlertRule> insert(AlertRule rule) {
        return mongo.insert(document(rule), RULES).map(this::ruleOf);
    }

    /** Replaces what the client writes; id, organization, creation time and secret stay. */
    Mono<AlertRule> replace(AlertRule rule) {
        Document replacement = document(rule);
        Update update = new Update();
        replacement.forEach((field, value) -> {
            if (!field.equals("_id") && !field.equals("organization_id") && !field.equals("time_created")) {
                update.set(field, value);
            }
        });
        return mongo.findAndModify(byId(rule.organizationId(), rule.ruleId()), update,
                FindAndModifyOptions.options().returnNew(true), Document.class, RULES).map(this::ruleOf);
    }

    Mono<AlertRule> find(long organizationId, String ruleId) {
        return mongo.findOne(byId(organizationId, ruleId), Document.class, RULES).map(this::ruleOf);
    }

    Mono<Boolean> delete(long organizationId, String ruleId) {
        return mongo.remove(byId(organizationId, ruleId), RULES).map(result -> result.getDeletedCount() > 0);
    }

    Mono<PageEnvelope<AlertRule>> page(long organizationId, PageRequest page) {
        return PagedFind.page(mongo, RULES, Criteria.where("organization_id").is(organizationId), "time_created", true, page)
                .map(PagedFind.mapped(this::ruleOf));
    }

    Flux<AlertRule> enabled(long organizationId) {
        return mongo.find(Query.query(Criteria.where("organization_id").is(organizationId).and("enabled").is(true)),
                Document.class, RULES).map(this::ruleOf);
    }

    private static Query byId(long organizationId, String ruleId) {
        return Query.query(Criteria.where("_id").is(ruleId).and("organization_id").is(organizationId));
    }

    private Document document(AlertRule rule) {
        List<Document> channels = rule.channels().stream()
                .map(channel -> new Document("type", channel.type())
                        .append("target_json", channel.target() == null || channel.target().isNull() ? null : json.writeValueAsString(channel.target())))
                .toList();
        QuietHours quiet = rule.quietHours();
        return new Document("_id", rule.ruleId())
                .append("organization_id", rule.organizationId())
                .append("name", rule.name())
                .append("type", rule.type())
                .append("threshold", rule.threshold())
                .append("frequency", rule.frequency())
                .append("channels", channels)
                .append("quiet_hours", quiet == null ? null
                        : new Document("timezone", quiet.timezone()).append("start", quiet.start()).append("end", quiet.end()))
                .append("confidence_threshold", rule.confidenceThreshold())
                .append("enabled", rule.enabled())
                .append("signing_secret", rule.signingSecret())
                .append("time_created", date(rule.timeCreated()))
                .append("time_updated", date(rule.timeUpdated()));
    }

    private AlertRule ruleOf(Document document) {
        List<Channel> channels = document.getList("channels", Document.class).stream()
                .map(channel -> new Channel(channel.getString("type"), targetOf(channel.getString("target_json"))))
                .toList();
        Document quiet = document.get("quiet_hours", Document.class);
        return new AlertRule(document.getString("_id"), longOf(document, "organization_id"), document.getString("name"),
                document.getString("type"), ((Number) document.get("threshold")).doubleValue(), document.getString("frequency"),
                channels, quiet == null ? null : new QuietHours(quiet.getString("timezone"), quiet.getString("start"), quiet.getString("end")),
                ((Number) document.get("confidence_threshold")).doubleValue(), document.getBoolean("enabled", true),
                document.getString("signing_secret"), instantOf(document, "time_created"), instantOf(document, "time_updated"));
    }

    private JsonNode targetOf(String targetJson) {
        return targetJson == null ? null : json.readTree(targetJson);
    }
}
