package io.engagement.messaging.template;

import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.Date;

/** Templates by {@code org:uid}, so a uid is unique within its organization by the key itself. */
@Component
public class TemplateStore {

    private static final String COLLECTION = "email_templates";

    private final ReactiveMongoTemplate mongo;

    TemplateStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** Empty when the organization already has a template with this uid. */
    Mono<EmailTemplate> insert(long org, EmailTemplate template) {
        return mongo.insert(toDocument(org, template), COLLECTION).thenReturn(template)
                .onErrorResume(DuplicateKeyException.class, taken -> Mono.empty());
    }

    public Mono<EmailTemplate> find(long org, String uid) {
        return mongo.findById(id(org, uid), Document.class, COLLECTION).map(TemplateStore::fromDocument);
    }

    Flux<EmailTemplate> all(long org) {
        return mongo.find(Query.query(Criteria.where("org").is(org)).with(Sort.by("uid")), Document.class, COLLECTION)
                .map(TemplateStore::fromDocument);
    }

    Mono<EmailTemplate> replace(long org, EmailTemplate template) {
        Update update = new Update().set("name", template.name()).set("subject", template.subject())
                .set("html", template.html()).set("text", template.text()).set("updated_at", Date.from(template.updatedAt()));
        return mongo.findAndModify(Query.query(Criteria.where("_id").is(id(org, template.uid()))), update,
                        FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION)
                .map(TemplateStore::fromDocument);
    }

    Mono<Boolean> delete(long org, String uid) {
        return mongo.remove(Query.query(Criteria.where("_id").is(id(org, uid))), COLLECTION)
                .map(result -> result.getDeletedCount() > 0);
    }

    private static String id(long org, String uid) {
        return org + ":" + uid;
    }

    private static Document toDocument(long org, EmailTemplate template) {
        return new Document("_id", id(org, template.uid())).append("org", org).append("uid", template.uid())
                .append("name", template.name()).append("subject", template.subject())
                .append("html", template.html()).append("text", template.text())
                .append("created_at", Date.from(template.createdAt())).append("updated_at", Date.from(template.updatedAt()));
    }

    private static EmailTemplate fromDocument(Document document) {
        return new EmailTemplate(document.getString("uid"), document.getString("name"), document.getString("subject"),
                document.getString("html"), document.getString("text"),
                document.getDate("created_at").toInstant(), document.getDate("updated_at").toInstant());
    }
}
