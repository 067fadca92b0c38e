package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import org.springframework.util.MultiValueMap;
import org.springframework.web.reactive.HandlerMapping;
import org.springframework.web.server.ServerWebExchange;
import tools.jackson.databind.node.JsonNodeFactory;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads query or path parameters the way FastAPI does, collecting every fault before answering 422.
 * Read each parameter, build the query record, then call {@link #validate()}:
 *
 * <pre>{@code
 * ParamReader query = ParamReader.query(exchange);
 * var q = new CustomerQuery(query.integer("page", 1, 1, null), ...);
 * query.validate();
 * }</pre>
 */
public final class ParamReader {

    private static final Set<String> TRUE = Set.of("1", "on", "t", "true", "y", "yes");
    private static final Set<String> FALSE = Set.of("0", "off", "f", "false", "n", "no");

    private final Function<String, Loc> locator;
    private final Function<String, String> values;
    private final List<ErrorDetail> errors = new ArrayList<>();

    private ParamReader(Function<String, Loc> locator, Function<String, String> values) {
        this.locator = locator;
        this.values = values;
    }

    public static ParamReader query(ServerWebExchange exchange) {
        MultiValueMap<String, String> params = exchange.getRequest().getQueryParams();
        // a repeated scalar parameter takes its last value, as in FastAPI
        return new ParamReader(Loc::query, name -> {
            List<String> all = params.get(name);
            return all == null || all.isEmpty() ? null : all.get(all.size() - 1);
        });
    }

    public static ParamReader path(ServerWebExchange exchange) {
        Map<String, String> variables = exchange.getAttributeOrDefault(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE, Map.of());
        return new ParamReader(Loc::path, variables::get);
    }

    /** An optional integer within [min, max] (either bound may be null). */
    public Integer integer(String name, Integer defaultValue, Integer min, Integer max) {
        String raw = values.apply(name);
        if (raw == null) {
            return defaultValue;
        }
        Loc loc = locator.apply(name);
        Long parsed = parseInteger(raw.strip());
        if (parsed == null) {
            errors.add(Violations.intParsing(loc, raw));
            return defaultValue;
        }
        int upper = max == null ? Integer.MAX_VALUE : max;
        if (min != null && parsed < min) {
            errors.add(Violations.greaterThanEqual(loc, raw, min));
            return defaultValue;
        }
        if (parsed > upper) {
            errors.add(Violations.lessThanEqual(loc, raw, upper));
            return defaultValue;
        }
        return parsed.intValue();
    }

    /** A required integer; absent answers {@code missing}. */
    public long requiredInteger(String name) {
        String raw = values.apply(name);
        Loc loc = locator.apply(name);
        if (raw == null) {
            errors.add(Violations.missing(loc, null));
            return 0;
        }
        Long parsed = parseInteger(raw.strip());
        if (parsed == null) {
            errors.add(Violations.intParsing(loc, raw));
            return 0;
        }
        return parsed;
    }

    public Optional<String> string(String name) {
        return Optional.ofNullable(values.apply(name));
    }

    /** A required string of 1 to {@code maxLength} characters once stripped; absent answers {@code missing}. */
    public String requiredString(String name, int maxLength) {
        String raw = values.apply(name);
        Loc loc = locator.apply(name);
        if (raw == null) {
            errors.add(Violations.missing(loc, null));
            return "";
        }
        String text = raw.strip();
        if (text.isEmpty()) {
            errors.add(Violations.stringTooShort(loc, raw, 1));
        } else if (text.codePointCount(0, text.length()) > maxLength) {
            errors.add(Violations.stringTooLong(loc, raw, maxLength));
        }
        return text;
    }

    public Optional<Boolean> bool(String name) {
        String raw = values.apply(name);
        if (raw == null) {
            return Optional.empty();
        }
        String lower = raw.strip().toLowerCase(Locale.ROOT);
        if (TRUE.contains(lower)) {
            return Optional.of(true);
        }
        if (FALSE.contains(lower)) {
            return Optional.of(false);
        }
        errors.add(Violations.boolParsing(locator.apply(name), raw));
        return Optional.empty();
    }

    /** An optional calendar date, {@code YYYY-MM-DD}. */
    public Optional<LocalDate> date(String name) {
        String raw = values.apply(name);
        if (raw == null) {
            return Optional.empty();
        }
        Optional<String> fault = IsoDates.fault(raw);
        if (fault.isPresent()) {
            errors.add(Violations.dateFromDatetimeParsing(locator.apply(name), raw, fault.get()));
            return Optional.empty();
        }
        return Optional.of(LocalDate.parse(raw));
    }

    /** An optional date-time, read as a body's date-time is ({@link DateTimeRule}: a time without an offset is UTC). */
    public Optional<Instant> dateTime(String name) {
        String raw = values.apply(name);
        if (raw == null) {
            return Optional.empty();
        }
        Instant instant = DateTimeRule.instantOf(JsonNodeFactory.instance.stringNode(raw));
        if (instant == null) {
            errors.add(Violations.dateTimeParsing(locator.apply(name), raw));
        }
        return Optional.ofNullable(instant);
    }

    /** One of the allowed values, or the default when absent. */
    public String literal(String name, String defaultValue, List<String> allowed) {
        String raw = values.apply(name);
        if (raw == null) {
            return defaultValue;
        }
        if (!allowed.contains(raw)) {
            errors.add(Violations.literal(locator.apply(name), raw, allowed));
            return defaultValue;
        }
        return raw;
    }

    /** Throws the collected faults as one 422, if there are any. */
    public void validate() {
        if (!errors.isEmpty()) {
            throw new RequestValidationException(errors);
        }
    }

    private static Long parseInteger(String raw) {
        try {
            BigDecimal number = new BigDecimal(raw);
            if (number.stripTrailingZeros().scale() > 0) {
                return null;
            }
            return number.longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }
}
