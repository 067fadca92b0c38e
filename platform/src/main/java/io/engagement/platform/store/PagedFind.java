package io.engagement.platform.store;

import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import reactor.core.publisher.Mono;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import java.util.function.Function;
import java.util.regex.Pattern;

/** One page of a filtered, sorted collection with its total, as the contract's envelope. */
public final class PagedFind {

    private PagedFind() {
    }

    /**
     * @param sortField the stored field to sort by; ties are broken by {@code _id} in the same direction,
     *                  so pages never overlap or skip
     */
    public static Mono<PageEnvelope<Document>> page(ReactiveMongoTemplate mongo, String collection, Criteria filter,
                                                    String sortField, boolean ascending, PageRequest page) {
        Sort.Direction direction = ascending ? Sort.Direction.ASC : Sort.Direction.DESC;
        Query rows = Query.query(filter)
                .with(Sort.by(direction, sortField).and(Sort.by(direction, "_id")))
                .skip(page.offset())
                .limit(page.pageSize());
        return Mono.zip(mongo.count(Query.query(filter), collection), mongo.find(rows, Document.class, collection).collectList())
                .map(totalAndRows -> PageEnvelope.of(totalAndRows.getT2(), totalAndRows.getT1(), page));
    }

    public static <T> Function<PageEnvelope<Document>, PageEnvelope<T>> mapped(Function<Document, T> mapping) {
        return envelope -> envelope.map(mapping);
    }

    /**
     * Narrows {@code filter} to case-insensitive text in any of the fields, taken literally: the
     * client's text is quoted, never run as a pattern or an operator.
     */
    public static Criteria literalSearch(Criteria filter, String text, List<String> fields) {
        Pattern literal = Pattern.compile(literalPattern(text), Pattern.CASE_INSENSITIVE);
        return filter.orOperator(fields.stream().map(field -> Criteria.where(field).regex(literal)).toList());
    }

    /** Quoted text; a NUL, which a BSON regular expression cannot hold, is written as {@code \x00}. */
    static String literalPattern(String text) {
        return Arrays.stream(text.split("\u0000", -1))
                .map(part -> part.isEmpty() ? "" : Pattern.quote(part))
                .collect(Collectors.joining("\\x00"));
    }
}
