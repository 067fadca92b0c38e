package io.engagement.customer.bot;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ParamReader;
import io.engagement.platform.validation.Violations;
import io.engagement.platform.web.DataBuffers;
import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.codec.multipart.FilePart;
import org.springframework.http.codec.multipart.Part;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code /external/v1/bot}: the bot's knowledge sources (data key) and its answers (data key, or
 * the widget's public key).
 */
@RestController
@RequestMapping("/external/v1/bot")
class BotResource {

    private static final int MAX_QUESTION = 1_000;

    private final BotLibrary library;
    private final SourceStore sources;
    private final BotAnswers answers;
    private final JsonBodyReader bodies;
    private final int maxFileBytes;

    BotResource(BotLibrary library, SourceStore sources, BotAnswers answers, JsonBodyReader bodies, BotSettings settings) {
        this.library = library;
        this.sources = sources;
        this.answers = answers;
        this.bodies = bodies;
        this.maxFileBytes = Math.toIntExact(settings.maxFileSize().toBytes());
    }

    /** A TXT, Markdown, PDF or Word file in the multipart part {@code file}; its text is read after the answer. */
    @PostMapping("/sources/files")
    Mono<ResponseEntity<BotSource>> addFile(ServerWebExchange exchange) {
        long organizationId = dataKey(exchange);
        if (!isMultipart(exchange)) {
            return Mono.error(new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "Send the file as multipart/form-data, in the part 'file'"));
        }
        return exchange.getMultipartData()
                .onErrorMap(unparsable -> !(unparsable instanceof ApiException), unparsable -> new ApiException(
                        HttpStatus.UNSUPPORTED_MEDIA_TYPE, "The body is not readable multipart/form-data: " + unparsable.getMessage()))
                .flatMap(parts -> {
                    Part part = parts.getFirst("file");
                    if (!(part instanceof FilePart file)) {
                        return Mono.error(new RequestValidationException(List.of(Violations.missing(Loc.body().field("file"), null))));
                    }
                    FileType fileType = FileType.of(file.filename(), declaredType(file))
                            .orElseThrow(() -> new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
                                    "Only TXT, PDF, Markdown and Word (.docx) files can be added"));
                    return DataBufferUtils.join(file.content(), maxFileBytes)
                            .map(DataBuffers::bytesOf)
                            .onErrorMap(DataBufferLimitException.class, tooLarge -> new ApiException(HttpStatus.CONTENT_TOO_LARGE,
                                    "The file is larger than " + maxFileBytes + " bytes"))
                            .defaultIfEmpty(new byte[0])
                            .flatMap(content -> library.addFile(organizationId, file.filename(), fileType, content));
                })
                .map(added -> ResponseEntity.status(HttpStatus.ACCEPTED).body(added));
    }

    @PostMapping("/sources/websites")
    Mono<ResponseEntity<BotSource>> addWebsite(ServerWebExchange exchange) {
        long organizationId = dataKey(exchange);
        return bodies.readTree(exchange)
                .map(body -> bodies.bind(body, NewWebsite.SCHEMA, NewWebsite.class))
                .flatMap(website -> library.addWebsite(organizationId, website))
                .map(added -> ResponseEntity.status(HttpStatus.ACCEPTED).body(added));
    }

    @PostMapping("/sources/qna")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<BotSource> addQna(ServerWebExchange exchange) {
        long organizationId = dataKey(exchange);
        return bodies.readTree(exchange)
                .map(body -> bodies.bind(body, NewQna.SCHEMA, NewQna.class))
                .flatMap(qna -> library.addQna(organizationId, qna));
    }

    @GetMapping("/sources")
    Mono<PageEnvelope<BotSource>> list(ServerWebExchange exchange) {
        long organizationId = dataKey(exchange);
        ParamReader query = ParamReader.query(exchange);
        PageRequest page = PageRequest.from(query);
        query.validate();
        return sources.page(organizationId, page);
    }

    @GetMapping("/sources/{source_id}")
    Mono<BotSource> get(@PathVariable("source_id") String sourceId, ServerWebExchange exchange) {
        return sources.find(dataKey(exchange), sourceId)
                .map(Source::view)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Source")));
    }

    @DeleteMapping("/sources/{source_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> remove(@PathVariable("source_id") String sourceId, ServerWebExchange exchange) {
        return library.remove(dataKey(exchange), sourceId);
    }

    /** The answer with its confidence and sources, or {@code {"answer": null, "handoff": true}} below the threshold. */
    @GetMapping("/answer")
    Mono<Map<String, Object>> answer(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        ParamReader query = ParamReader.query(exchange);
        String question = query.requiredString("q", MAX_QUESTION);
        query.validate();
        return answers.answer(organizationId, question).map(found -> {
            Map<String, Object> body = new LinkedHashMap<>();
            if (found.isEmpty()) {
                body.put("answer", null);
                body.put("handoff", true);
                return body;
            }
            body.put("answer", found.get().answer());
            body.put("confidence", Math.round(found.get().confidence() * 1000) / 1000.0);
            body.put("sources", found.get().sources());
            return body;
        });
    }

    private static boolean isMultipart(ServerWebExchange exchange) {
        try {
            MediaType type = exchange.getRequest().getHeaders().getContentType();
            return type != null && MediaType.MULTIPART_FORM_DATA.isCompatibleWith(type);
        } catch (InvalidMediaTypeException malformed) {
            return false;
        }
    }

    private static long dataKey(ServerWebExchange exchange) {
        return OrgContext.ofDataKey(exchange).organizationId();
    }

    /** A part's own type, where it declares a readable one. */
    private static MediaType declaredType(FilePart file) {
        try {
            return file.headers().getContentType();
        } catch (InvalidMediaTypeException malformed) {
            return null;
        }
    }
}
