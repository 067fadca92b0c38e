package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** pydantic v2 errors, with its exact type names and messages. */
public final class Violations {

    private Violations() {
    }

    public static ErrorDetail missing(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Field required", "missing", input);
    }

    public static ErrorDetail stringType(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid string", "string_type", input);
    }

    public static ErrorDetail intType(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid integer", "int_type", input);
    }

    public static ErrorDetail intParsing(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid integer, unable to parse string as an integer",
                "int_parsing", input);
    }

    public static ErrorDetail intFromFloat(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid integer, got a number with a fractional part",
                "int_from_float", input);
    }

    public static ErrorDetail floatType(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid number", "float_type", input);
    }

    public static ErrorDetail floatParsing(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid number, unable to parse string as a number",
                "float_parsing", input);
    }

    public static ErrorDetail finiteNumber(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a finite number", "finite_number", input);
    }

    public static ErrorDetail boolType(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid boolean", "bool_type", input);
    }

    public static ErrorDetail boolParsing(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid boolean, unable to interpret input",
                "bool_parsing", input);
    }

    public static ErrorDetail dateTimeType(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid datetime", "datetime_type", input);
    }

    public static ErrorDetail dateTimeParsing(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid datetime, invalid datetime format",
                "datetime_parsing", input, Map.of("error", "invalid datetime format"));
    }

    public static ErrorDetail dateType(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid date", "date_type", input);
    }

    /** pydantic's {@code date}: the reason is speedate's, e.g. "input is too short". */
    public static ErrorDetail dateFromDatetimeParsing(Loc loc, Object input, String reason) {
        return new ErrorDetail(loc.parts(), "Input should be a valid date or datetime, " + reason,
                "date_from_datetime_parsing", input, Map.of("error", reason));
    }

    public static ErrorDetail greaterThanEqual(Loc loc, Object input, Number ge) {
        return new ErrorDetail(loc.parts(), "Input should be greater than or equal to " + ge,
                "greater_than_equal", input, Map.of("ge", ge));
    }

    public static ErrorDetail lessThanEqual(Loc loc, Object input, Number le) {
        return new ErrorDetail(loc.parts(), "Input should be less than or equal to " + le,
                "less_than_equal", input, Map.of("le", le));
    }

    public static ErrorDetail literal(Loc loc, Object input, List<String> allowed) {
        String expected = expected(allowed);
        return new ErrorDetail(loc.parts(), "Input should be " + expected, "literal_error", input,
                Map.of("expected", expected));
    }

    public static ErrorDetail stringTooShort(Loc loc, Object input, int minLength) {
        return new ErrorDetail(loc.parts(), "String should have at least " + count(minLength, "character"),
                "string_too_short", input, Map.of("min_length", minLength));
    }

    public static ErrorDetail stringTooLong(Loc loc, Object input, int maxLength) {
        return new ErrorDetail(loc.parts(), "String should have at most " + count(maxLength, "character"),
                "string_too_long", input, Map.of("max_length", maxLength));
    }

    public static ErrorDetail stringPatternMismatch(Loc loc, Object input, String pattern) {
        return new ErrorDetail(loc.parts(), "String should match pattern '" + pattern + "'",
                "string_pattern_mismatch", input, Map.of("pattern", pattern));
    }

    public static ErrorDetail tooShort(Loc loc, Object input, int minLength, int actualLength) {
        return new ErrorDetail(loc.parts(),
                "List should have at least " + count(minLength, "item") + " after validation, not " + actualLength,
                "too_short", input, listContext("min_length", minLength, actualLength));
    }

    public static ErrorDetail tooLong(Loc loc, Object input, int maxLength, int actualLength) {
        return new ErrorDetail(loc.parts(),
                "List should have at most " + count(maxLength, "item") + " after validation, not " + actualLength,
                "too_long", input, listContext("max_length", maxLength, actualLength));
    }

    public static ErrorDetail listType(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid list", "list_type", input);
    }

    public static ErrorDetail dictType(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid dictionary", "dict_type", input);
    }

    public static ErrorDetail modelAttributesType(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Input should be a valid dictionary or object to extract fields from",
                "model_attributes_type", input);
    }

    /** pydantic's HttpUrl given something that is not an absolute URL. */
    public static ErrorDetail urlParsing(Loc loc, Object input, String reason) {
        return new ErrorDetail(loc.parts(), "Input should be a valid URL, " + reason, "url_parsing", input,
                Map.of("error", reason));
    }

    /** pydantic's HttpUrl given an absolute URL of another scheme. */
    public static ErrorDetail urlScheme(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "URL scheme should be 'http' or 'https'", "url_scheme", input,
                Map.of("expected_schemes", "'http' or 'https'"));
    }

    /** A field the model does not declare, where it forbids extra fields. */
    public static ErrorDetail extraForbidden(Loc loc, Object input) {
        return new ErrorDetail(loc.parts(), "Extra inputs are not permitted", "extra_forbidden", input);
    }

    /** A custom check failed; pydantic prefixes the reason with "Value error, ". */
    /** A placeholder of a template that the send's merge data leaves without a value. */
    public static ErrorDetail placeholderMissing(Loc loc, String placeholder) {
        return new ErrorDetail(loc.parts(), "No value for the placeholder {{" + placeholder + "}}", "missing", null);
    }

    public static ErrorDetail valueError(Loc loc, Object input, String reason) {
        return new ErrorDetail(loc.parts(), "Value error, " + reason, "value_error", input, Map.of("error", reason));
    }

    /** pydantic's EmailStr: a {@code value_error} without the "Value error, " prefix. */
    public static ErrorDetail emailInvalid(Loc loc, Object input, String reason) {
        return new ErrorDetail(loc.parts(), "value is not a valid email address: " + reason, "value_error", input,
                Map.of("reason", reason));
    }

    public static ErrorDetail jsonInvalid(String reason) {
        return new ErrorDetail(Loc.body().parts(), "JSON decode error", "json_invalid", Map.of(),
                Map.of("error", reason));
    }

    public static ErrorDetail jsonInvalid() {
        return jsonInvalid("Expecting value");
    }

    private static String expected(List<String> allowed) {
        List<String> quoted = allowed.stream().map(value -> "'" + value + "'").toList();
        if (quoted.size() == 1) {
            return quoted.get(0);
        }
        return String.join(", ", quoted.subList(0, quoted.size() - 1)) + " or " + quoted.get(quoted.size() - 1);
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    private static Map<String, Object> listContext(String bound, int limit, int actual) {
        Map<String, Object> ctx = new LinkedHashMap<>();
        ctx.put("field_type", "List");
        ctx.put(bound, limit);
        ctx.put("actual_length", actual);
        return ctx;
    }

}
