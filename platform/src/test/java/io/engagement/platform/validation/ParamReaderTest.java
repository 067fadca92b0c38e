package io.engagement.platform.validation;

import io.engagement.platform.page.PageRequest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.mock.http.server.reactive.MockServerHttpRequest;
import org.springframework.mock.web.server.MockServerWebExchange;
import org.springframework.web.reactive.HandlerMapping;

import java.util.List;
import java.util.Map;

import static io.engagement.platform.validation.ErrorJson.assertErrors;
import static io.engagement.platform.validation.ErrorJson.errorsOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

class ParamReaderTest {

    private static ParamReader query(String uri) {
        return ParamReader.query(MockServerWebExchange.from(MockServerHttpRequest.get(uri)));
    }

    @Test
    void reportsBothPageFaultsTogether() {
        ParamReader query = query("/x?page=0&page_size=abc");
        PageRequest.from(query);
        assertErrors(errorsOf(query::validate), """
                [{"type":"greater_than_equal","loc":["query","page"],"msg":"Input should be greater than or equal to 1",
                  "input":"0","ctx":{"ge":1}},
                 {"type":"int_parsing","loc":["query","page_size"],
                  "msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]""");
    }

    @Test
    void rejectsPageSizeAboveOneHundred() {
        ParamReader query = query("/x?page_size=101");
        PageRequest.from(query);
        assertErrors(errorsOf(query::validate), """
                [{"type":"less_than_equal","loc":["query","page_size"],"msg":"Input should be less than or equal to 100",
                  "input":"101","ctx":{"le":100}}]""");
    }

    @Test
    void rejectsPageSizeZero() {
        ParamReader query = query("/x?page_size=0");
        PageRequest.from(query);
        assertErrors(errorsOf(query::validate), """
                [{"type":"greater_than_equal","loc":["query","page_size"],"msg":"Input should be greater than or equal to 1",
                  "input":"0","ctx":{"ge":1}}]""");
    }

    @Test
    void rejectsAFractionalPageAsIntParsing() {
        ParamReader query = query("/x?page=1.5");
        PageRequest.from(query);
        assertErrors(errorsOf(query::validate), """
                [{"type":"int_parsing","loc":["query","page"],
                  "msg":"Input should be a valid integer, unable to parse string as an integer","input":"1.5"}]""");
    }

    @Test
    void usesDefaultsWhenParametersAreAbsent() {
        ParamReader query = query("/x");
        PageRequest page = PageRequest.from(query);
        assertThatCode(query::validate).doesNotThrowAnyException();
        assertThat(page).isEqualTo(new PageRequest(1, 20));
    }

    @Test
    void acceptsBoundaryPageSizes() {
        ParamReader query = query("/x?page=3&page_size=100");
        PageRequest page = PageRequest.from(query);
        query.validate();
        assertThat(page).isEqualTo(new PageRequest(3, 100));
        assertThat(page.offset()).isEqualTo(200L);
    }

    @Test
    void takesTheLastValueOfARepeatedParameter() {
        ParamReader query = query("/x?page=2&page=3&page_size=5&page_size=abc");
        assertThat(query.integer("page", 1, 1, null)).isEqualTo(3);
        query.integer("page_size", 20, 1, 100);
        assertErrors(errorsOf(query::validate), """
                [{"type":"int_parsing","loc":["query","page_size"],
                  "msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]""");
    }

    @Test
    void stripsWhitespaceAndAcceptsZeroFraction() {
        ParamReader query = ParamReader.query(MockServerWebExchange.from(
                MockServerHttpRequest.get("/x").queryParam("page", " 4 ").queryParam("page_size", "10.0")));
        assertThat(PageRequest.from(query)).isEqualTo(new PageRequest(4, 10));
        query.validate();
    }

    @Test
    void returnsTheDefaultForAnUnparsableInteger() {
        ParamReader query = query("/x?limit=abc");
        assertThat(query.integer("limit", 7, null, null)).isEqualTo(7);
    }

    /**
     * ParamReader.integer (line 71) narrows the parsed long with intValue() without a range check, so
     * page=4294967296 passes the ge=1 check as a long and becomes page 0 (offset -20) with no fault.
     */
    @Test
    void neverYieldsAPageBelowOneWithoutAFault() {
        ParamReader query = query("/x?page=4294967296");
        PageRequest page = PageRequest.from(query);
        boolean refused = !errorsOfOrEmpty(query).isEmpty();
        assertThat(refused || page.page() >= 1)
                .as("page=4294967296 is either refused or read as a page >= 1, not %s", page.page())
                .isTrue();
    }

    private static List<?> errorsOfOrEmpty(ParamReader query) {
        try {
            query.validate();
            return List.of();
        } catch (io.engagement.platform.error.RequestValidationException e) {
            return e.errors();
        }
    }

    @Test
    void reportsAMissingRequiredIntegerWithNullInput() {
        ParamReader query = query("/x");
        assertThat(query.requiredInteger("campaign_id")).isZero();
        assertErrors(errorsOf(query::validate), """
                [{"type":"missing","loc":["query","campaign_id"],"msg":"Field required","input":null}]""");
    }

    @Test
    void readsARequiredInteger() {
        ParamReader query = query("/x?campaign_id=12");
        assertThat(query.requiredInteger("campaign_id")).isEqualTo(12L);
        query.validate();
    }

    @Test
    void rejectsAnUnparsableRequiredInteger() {
        ParamReader query = query("/x?campaign_id=twelve");
        query.requiredInteger("campaign_id");
        assertErrors(errorsOf(query::validate), """
                [{"type":"int_parsing","loc":["query","campaign_id"],
                  "msg":"Input should be a valid integer, unable to parse string as an integer","input":"twelve"}]""");
    }

    @ParameterizedTest
    @CsvSource({"true,true", "True,true", "1,true", "yes,true", "on,true", "t,true", "y,true",
            "false,false", "FALSE,false", "0,false", "no,false", "off,false", "f,false", "n,false"})
    void parsesBooleansLikePydantic(String raw, boolean expected) {
        ParamReader query = query("/x?active=" + raw);
        assertThat(query.bool("active")).contains(expected);
        query.validate();
    }

    @Test
    void leavesAnAbsentBooleanEmpty() {
        ParamReader query = query("/x");
        assertThat(query.bool("active")).isEmpty();
        query.validate();
    }

    @Test
    void rejectsAnUninterpretableBoolean() {
        ParamReader query = query("/x?active=maybe");
        assertThat(query.bool("active")).isEmpty();
        assertErrors(errorsOf(query::validate), """
                [{"type":"bool_parsing","loc":["query","active"],
                  "msg":"Input should be a valid boolean, unable to interpret input","input":"maybe"}]""");
    }

    @Test
    void readsAnOptionalString() {
        ParamReader query = query("/x?email=a@example.com");
        assertThat(query.string("email")).contains("a@example.com");
        assertThat(query.string("name")).isEmpty();
    }

    @Test
    void rejectsALiteralOutsideAscOrDesc() {
        ParamReader query = query("/x?order=up");
        assertThat(query.literal("order", "desc", List.of("asc", "desc"))).isEqualTo("desc");
        assertErrors(errorsOf(query::validate), """
                [{"type":"literal_error","loc":["query","order"],"msg":"Input should be 'asc' or 'desc'",
                  "input":"up","ctx":{"expected":"'asc' or 'desc'"}}]""");
    }

    @Test
    void rejectsALiteralOutsideThreeValues() {
        ParamReader query = query("/x?status=x");
        query.literal("status", null, List.of("a", "b", "c"));
        assertErrors(errorsOf(query::validate), """
                [{"type":"literal_error","loc":["query","status"],"msg":"Input should be 'a', 'b' or 'c'",
                  "input":"x","ctx":{"expected":"'a', 'b' or 'c'"}}]""");
    }

    @Test
    void readsAnAllowedLiteralOrTheDefault() {
        assertThat(query("/x?order=asc").literal("order", "desc", List.of("asc", "desc"))).isEqualTo("asc");
        assertThat(query("/x").literal("order", "desc", List.of("asc", "desc"))).isEqualTo("desc");
    }

    @Test
    void validatePassesWhenNothingWasWrong() {
        ParamReader query = query("/x?page=2");
        PageRequest.from(query);
        assertThatCode(query::validate).doesNotThrowAnyException();
    }

    @Test
    void locatesPathParametersUnderPath() {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/customers/abc"));
        exchange.getAttributes().put(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE, Map.of("customer_id", "abc"));
        ParamReader path = ParamReader.path(exchange);
        path.requiredInteger("customer_id");
        assertErrors(errorsOf(path::validate), """
                [{"type":"int_parsing","loc":["path","customer_id"],
                  "msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]""");
    }

    @Test
    void readsAPathParameter() {
        MockServerWebExchange exchange = MockServerWebExchange.from(MockServerHttpRequest.get("/customers/42"));
        exchange.getAttributes().put(HandlerMapping.URI_TEMPLATE_VARIABLES_ATTRIBUTE, Map.of("customer_id", "42"));
        ParamReader path = ParamReader.path(exchange);
        assertThat(path.requiredInteger("customer_id")).isEqualTo(42L);
        path.validate();
    }

    @Test
    void readsACalendarDate() {
        ParamReader query = query("/x?start=2026-02-28");
        assertThat(query.date("start")).contains(java.time.LocalDate.of(2026, 2, 28));
        assertThat(query.date("end")).isEmpty();
        assertThatCode(query::validate).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "2026-1-01|input is too short",
            "20x6-01-01|invalid character in year",
            "2026/01/01|invalid date separator, expected `-`",
            "2026-13-01|month value is outside expected range of 1-12",
            "2026-02-30|day value is outside expected range",
            "2026-01-01x|unexpected extra characters at the end of the input"})
    void rejectsADateInPydanticsWords(String input, String reason) {
        ParamReader query = query("/x?start=" + input);
        assertThat(query.date("start")).isEmpty();
        assertErrors(errorsOf(query::validate), """
                [{"type":"date_from_datetime_parsing","loc":["query","start"],
                  "msg":"Input should be a valid date or datetime, %s","input":"%s","ctx":{"error":"%s"}}]"""
                .formatted(reason, input, reason));
    }

    @Test
    void readsADateTimeWithAnOffsetOrInUtc() {
        assertThat(query("/x?at=2026-03-08T06:59:00Z").dateTime("at")).contains(java.time.Instant.parse("2026-03-08T06:59:00Z"));
        assertThat(query("/x?at=2026-03-08T01:59:00-05:00").dateTime("at")).contains(java.time.Instant.parse("2026-03-08T06:59:00Z"));
        assertThat(query("/x?at=2026-03-08T06:59:00").dateTime("at")).contains(java.time.Instant.parse("2026-03-08T06:59:00Z"));
        assertThat(query("/x").dateTime("at")).isEmpty();
    }

    @Test
    void rejectsAnUnparsableDateTime() {
        ParamReader query = query("/x?at=tomorrow");
        assertThat(query.dateTime("at")).isEmpty();
        assertErrors(errorsOf(query::validate), """
                [{"type":"datetime_parsing","loc":["query","at"],
                  "msg":"Input should be a valid datetime, invalid datetime format","input":"tomorrow",
                  "ctx":{"error":"invalid datetime format"}}]""");
    }

    @Test
    void takesDateTimesFromYear1To9999AsPydanticDoes() {
        assertThat(DateTimeRule.instantOf(tools.jackson.databind.node.JsonNodeFactory.instance.stringNode("+999999999-06-30T00:00:00Z"))).isNull();
        assertThat(DateTimeRule.instantOf(tools.jackson.databind.node.JsonNodeFactory.instance.stringNode("+10000-01-01T00:00:00Z"))).isNull();
        assertThat(DateTimeRule.instantOf(tools.jackson.databind.node.JsonNodeFactory.instance.stringNode("9999-12-31T23:59:59Z")))
                .isEqualTo(java.time.Instant.parse("9999-12-31T23:59:59Z"));
    }
}
