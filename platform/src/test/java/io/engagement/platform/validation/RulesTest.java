package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static io.engagement.platform.validation.ErrorJson.assertErrors;
import static io.engagement.platform.validation.ErrorJson.faults;
import static io.engagement.platform.validation.ErrorJson.json;
import static org.assertj.core.api.Assertions.assertThat;

class RulesTest {

    private static JsonNode accepted(Rule rule, String valueJson) {
        List<ErrorDetail> errors = new ArrayList<>();
        JsonNode result = rule.apply(json(valueJson), Loc.body(), errors);
        assertThat(errors).as("faults for " + valueJson).isEmpty();
        return ErrorJson.wire(result); // compared by JSON value, not by node class (IntNode vs LongNode)
    }

    @Nested
    class Integers {

        @Test
        void acceptsAJsonInteger() {
            assertThat(accepted(Rules.integer(), "5")).isEqualTo(json("5"));
        }

        @Test
        void coercesANumericStringToAnInteger() {
            JsonNode result = accepted(Rules.integer(), "\"5\"");
            assertThat(result.isIntegralNumber()).isTrue();
            assertThat(result.asLong()).isEqualTo(5L);
        }

        @Test
        void stripsWhitespaceAroundANumericString() {
            assertThat(accepted(Rules.integer(), "\" 42 \"").asLong()).isEqualTo(42L);
        }

        @Test
        void acceptsAFloatWithoutFractionalPart() {
            JsonNode result = accepted(Rules.integer(), "5.0");
            assertThat(result.isIntegralNumber()).isTrue();
            assertThat(result.asLong()).isEqualTo(5L);
        }

        @Test
        void acceptsAStringWithZeroFraction() {
            assertThat(accepted(Rules.integer(), "\"42.00\"").asLong()).isEqualTo(42L);
        }

        @Test
        void rejectsAFloatWithAFractionalPartAsIntFromFloat() {
            assertErrors(faults(Rules.integer(), "5.5"), """
                    [{"type":"int_from_float","loc":["body"],
                      "msg":"Input should be a valid integer, got a number with a fractional part","input":5.5}]""");
        }

        /**
         * pydantic-core parses a string with clean_int_str, which strips only a ".0+" fraction; "5.5" fails
         * as int_parsing (int_from_float is for a JSON float). IntegerRule answers int_from_float.
         */
        @Test
        void rejectsAStringWithAFractionalPartAsIntParsing() {
            assertErrors(faults(Rules.integer(), "\"5.5\""), """
                    [{"type":"int_parsing","loc":["body"],
                      "msg":"Input should be a valid integer, unable to parse string as an integer","input":"5.5"}]""");
        }

        @Test
        void rejectsANonNumericStringAsIntParsing() {
            assertErrors(faults(Rules.integer(), "\"abc\""), """
                    [{"type":"int_parsing","loc":["body"],
                      "msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"}]""");
        }

        @Test
        void rejectsAnArrayAsIntType() {
            assertErrors(faults(Rules.integer(), "[1]"), """
                    [{"type":"int_type","loc":["body"],"msg":"Input should be a valid integer","input":[1]}]""");
        }

        @Test
        void rejectsAnObjectAsIntType() {
            assertErrors(faults(Rules.integer(), "{\"a\":1}"), """
                    [{"type":"int_type","loc":["body"],"msg":"Input should be a valid integer","input":{"a":1}}]""");
        }

        @Test
        void rejectsNullAsIntType() {
            assertErrors(faults(Rules.integer(), "null"), """
                    [{"type":"int_type","loc":["body"],"msg":"Input should be a valid integer","input":null}]""");
        }

        @Test
        void rejectsAValueBelowTheMinimumAsGreaterThanEqual() {
            assertErrors(faults(Rules.integer().min(1), "0"), """
                    [{"type":"greater_than_equal","loc":["body"],"msg":"Input should be greater than or equal to 1",
                      "input":0,"ctx":{"ge":1}}]""");
        }

        @Test
        void reportsTheOriginalStringInputWhenBelowTheMinimum() {
            assertErrors(faults(Rules.integer().min(1), "\"0\""), """
                    [{"type":"greater_than_equal","loc":["body"],"msg":"Input should be greater than or equal to 1",
                      "input":"0","ctx":{"ge":1}}]""");
        }

        @Test
        void rejectsAValueAboveTheMaximumAsLessThanEqual() {
            assertErrors(faults(Rules.integer().max(100), "101"), """
                    [{"type":"less_than_equal","loc":["body"],"msg":"Input should be less than or equal to 100",
                      "input":101,"ctx":{"le":100}}]""");
        }

        @Test
        void acceptsTheBoundsThemselves() {
            IntegerRule rule = Rules.integer().min(1).max(100);
            assertThat(accepted(rule, "1").asLong()).isEqualTo(1L);
            assertThat(accepted(rule, "100").asLong()).isEqualTo(100L);
        }

        @Test
        void boundsAreImmutableCopies() {
            IntegerRule base = Rules.integer();
            base.min(10);
            assertThat(accepted(base, "5").asLong()).isEqualTo(5L);
        }

        @Test
        void rejectsAnIntegerBeyondSixtyFourBitsAsIntParsing() {
            assertThat(faults(Rules.integer(), "\"99999999999999999999999\""))
                    .extracting(ErrorDetail::type).containsExactly("int_parsing");
        }
    }

    @Nested
    class Numbers {

        @Test
        void acceptsIntegersAndFloats() {
            assertThat(accepted(Rules.number(), "3").asDouble()).isEqualTo(3.0);
            assertThat(accepted(Rules.number(), "2.5").asDouble()).isEqualTo(2.5);
        }

        @Test
        void coercesANumericString() {
            assertThat(accepted(Rules.number(), "\" 2.5 \"").asDouble()).isEqualTo(2.5);
        }

        @Test
        void rejectsANonNumericStringAsFloatParsing() {
            assertErrors(faults(Rules.number(), "\"abc\""), """
                    [{"type":"float_parsing","loc":["body"],
                      "msg":"Input should be a valid number, unable to parse string as a number","input":"abc"}]""");
        }

        @Test
        void rejectsAnArrayAsFloatType() {
            assertErrors(faults(Rules.number(), "[]"), """
                    [{"type":"float_type","loc":["body"],"msg":"Input should be a valid number","input":[]}]""");
        }

        @Test
        void rejectsNullAsFloatType() {
            assertErrors(faults(Rules.number(), "null"), """
                    [{"type":"float_type","loc":["body"],"msg":"Input should be a valid number","input":null}]""");
        }

        @Test
        void writesAWholeBoundWithoutDecimalPoint() {
            assertErrors(faults(Rules.number().min(0), "-0.5"), """
                    [{"type":"greater_than_equal","loc":["body"],"msg":"Input should be greater than or equal to 0",
                      "input":-0.5,"ctx":{"ge":0}}]""");
        }

        @Test
        void writesAFractionalBoundAsIs() {
            assertErrors(faults(Rules.number().max(1.5), "2"), """
                    [{"type":"less_than_equal","loc":["body"],"msg":"Input should be less than or equal to 1.5",
                      "input":2,"ctx":{"le":1.5}}]""");
        }
    }

    @Nested
    class Booleans {

        @ParameterizedTest
        @CsvSource({"true,true", "false,false", "'\"true\"',true", "'\"FALSE\"',false", "'\"yes\"',true", "'\"off\"',false",
                "'\"t\"',true", "'\"n\"',false", "'\"1\"',true", "'\"0\"',false", "1,true", "0,false", "'\" on \"',true"})
        void coercesLaxBooleans(String input, boolean expected) {
            assertThat(accepted(Rules.bool(), input).booleanValue()).isEqualTo(expected);
        }

        @Test
        void rejectsAnUnknownStringAsBoolParsing() {
            assertErrors(faults(Rules.bool(), "\"maybe\""), """
                    [{"type":"bool_parsing","loc":["body"],
                      "msg":"Input should be a valid boolean, unable to interpret input","input":"maybe"}]""");
        }

        @Test
        void rejectsANumberOtherThanZeroOrOneAsBoolParsing() {
            assertErrors(faults(Rules.bool(), "2"), """
                    [{"type":"bool_parsing","loc":["body"],
                      "msg":"Input should be a valid boolean, unable to interpret input","input":2}]""");
        }

        @Test
        void rejectsAnArrayAsBoolType() {
            assertErrors(faults(Rules.bool(), "[true]"), """
                    [{"type":"bool_type","loc":["body"],"msg":"Input should be a valid boolean","input":[true]}]""");
        }

        @Test
        void rejectsNullAsBoolType() {
            assertErrors(faults(Rules.bool(), "null"), """
                    [{"type":"bool_type","loc":["body"],"msg":"Input should be a valid boolean","input":null}]""");
        }
    }

    @Nested
    class Strings {

        @Test
        void acceptsAString() {
            assertThat(accepted(Rules.string(), "\"x\"").asString()).isEqualTo("x");
        }

        @ParameterizedTest
        @ValueSource(strings = {"5", "true", "null", "[\"a\"]", "{\"a\":\"b\"}"})
        void rejectsNonStringsAsStringType(String input) {
            assertErrors(faults(Rules.string(), input), """
                    [{"type":"string_type","loc":["body"],"msg":"Input should be a valid string","input":%s}]"""
                    .formatted(input));
        }

        @Test
        void saysCharacterSingularForAMinimumOfOne() {
            assertErrors(faults(Rules.string().minLength(1), "\"\""), """
                    [{"type":"string_too_short","loc":["body"],"msg":"String should have at least 1 character",
                      "input":"","ctx":{"min_length":1}}]""");
        }

        @Test
        void saysCharactersPluralForAMinimumOfThree() {
            assertErrors(faults(Rules.string().minLength(3), "\"ab\""), """
                    [{"type":"string_too_short","loc":["body"],"msg":"String should have at least 3 characters",
                      "input":"ab","ctx":{"min_length":3}}]""");
        }

        @Test
        void saysCharactersPluralForAMaximumOfThree() {
            assertErrors(faults(Rules.string().maxLength(3), "\"abcd\""), """
                    [{"type":"string_too_long","loc":["body"],"msg":"String should have at most 3 characters",
                      "input":"abcd","ctx":{"max_length":3}}]""");
        }

        @Test
        void saysCharacterSingularForAMaximumOfOne() {
            assertErrors(faults(Rules.string().maxLength(1), "\"ab\""), """
                    [{"type":"string_too_long","loc":["body"],"msg":"String should have at most 1 character",
                      "input":"ab","ctx":{"max_length":1}}]""");
        }

        @Test
        void countsCodePointsNotUtf16Units() {
            assertThat(accepted(Rules.string().maxLength(1), "\"\\uD83D\\uDE00\"").asString()).isEqualTo("\uD83D\uDE00");
        }

        @Test
        void strippedChecksLengthAfterStrippingButReportsTheOriginalInput() {
            assertErrors(faults(Rules.string().stripped().minLength(1), "\"   \""), """
                    [{"type":"string_too_short","loc":["body"],"msg":"String should have at least 1 character",
                      "input":"   ","ctx":{"min_length":1}}]""");
        }

        @Test
        void strippedKeepsTheStrippedValue() {
            assertThat(accepted(Rules.string().stripped(), "\"  Ann \"").asString()).isEqualTo("Ann");
        }

        @Test
        void unstrippedKeepsWhitespace() {
            assertThat(accepted(Rules.string(), "\" Ann \"").asString()).isEqualTo(" Ann ");
        }

        @Test
        void rejectsAValueOutsideThreeLiteralsWithCommaAndOr() {
            assertErrors(faults(Rules.string().oneOf("a", "b", "c"), "\"d\""), """
                    [{"type":"literal_error","loc":["body"],"msg":"Input should be 'a', 'b' or 'c'",
                      "input":"d","ctx":{"expected":"'a', 'b' or 'c'"}}]""");
        }

        @Test
        void rejectsAValueOutsideTwoLiteralsWithOr() {
            assertErrors(faults(Rules.string().oneOf("asc", "desc"), "\"ASC\""), """
                    [{"type":"literal_error","loc":["body"],"msg":"Input should be 'asc' or 'desc'",
                      "input":"ASC","ctx":{"expected":"'asc' or 'desc'"}}]""");
        }

        @Test
        void rejectsAValueOutsideASingleLiteral() {
            assertErrors(faults(Rules.string().oneOf("only"), "\"other\""), """
                    [{"type":"literal_error","loc":["body"],"msg":"Input should be 'only'",
                      "input":"other","ctx":{"expected":"'only'"}}]""");
        }

        @Test
        void acceptsAnAllowedLiteral() {
            assertThat(accepted(Rules.string().oneOf("asc", "desc"), "\"desc\"").asString()).isEqualTo("desc");
        }

        @Test
        void rejectsAPatternMismatch() {
            assertErrors(faults(Rules.string().pattern("^[a-z]+$"), "\"ABC\""), """
                    [{"type":"string_pattern_mismatch","loc":["body"],"msg":"String should match pattern '^[a-z]+$'",
                      "input":"ABC","ctx":{"pattern":"^[a-z]+$"}}]""");
        }

        @Test
        void matchesAnUnanchoredPatternAnywhereLikePydanticSearch() {
            assertThat(accepted(Rules.string().pattern("[0-9]"), "\"abc1def\"").asString()).isEqualTo("abc1def");
        }

        @Test
        void checksLengthBeforePattern() {
            assertThat(faults(Rules.string().minLength(5).pattern("^x$"), "\"ab\""))
                    .extracting(ErrorDetail::type).containsExactly("string_too_short");
        }

        @Test
        void acceptsAValidEmailAndLowerCasesOnlyTheDomain() {
            assertThat(accepted(Rules.string().email(), "\"Ann.Lee@Example.COM\"").asString())
                    .isEqualTo("Ann.Lee@example.com");
        }

        /**
         * pydantic's EmailStr raises PydanticCustomError('value_error', 'value is not a valid email address: {reason}',
         * {'reason': ...}): no "Value error, " prefix and the ctx key is "reason". StringRule line 86 goes through
         * Violations.valueError, which adds the prefix and names the ctx key "error".
         */
        @Test
        void rejectsAnEmailWithoutAtSignWithPydanticsEmailMessage() {
            assertErrors(faults(Rules.string().email(), "\"ann.example.com\""), """
                    [{"type":"value_error","loc":["body"],
                      "msg":"value is not a valid email address: An email address must have an @-sign.",
                      "input":"ann.example.com",
                      "ctx":{"reason":"An email address must have an @-sign."}}]""");
        }

        @Test
        void rejectsAnInvalidEmailAsValueErrorWithTheEmailReason() {
            List<ErrorDetail> errors = faults(Rules.string().email(), "\"ann@\"");
            assertThat(errors).singleElement().satisfies(error -> {
                assertThat(error.type()).isEqualTo("value_error");
                assertThat(error.loc()).containsExactly("body");
                assertThat(error.msg()).endsWith("value is not a valid email address: There must be something after the @-sign.");
                assertThat(error.input()).isEqualTo(json("\"ann@\""));
            });
        }
    }

    @Nested
    class StringMaps {

        @Test
        void acceptsAnObjectOfStrings() {
            assertThat(accepted(Rules.stringMap(), "{\"first\":\"Ann\",\"city\":\"Oslo\"}"))
                    .isEqualTo(json("{\"first\":\"Ann\",\"city\":\"Oslo\"}"));
        }

        @Test
        void locatesEachNonStringValueAtItsKey() {
            assertErrors(faults(Rules.stringMap(), "{\"a\":\"ok\",\"b\":1,\"c\":null}"), """
                    [{"type":"string_type","loc":["body","b"],"msg":"Input should be a valid string","input":1},
                     {"type":"string_type","loc":["body","c"],"msg":"Input should be a valid string","input":null}]""");
        }

        @Test
        void rejectsAnArrayAsDictType() {
            assertErrors(faults(Rules.stringMap(), "[\"a\"]"), """
                    [{"type":"dict_type","loc":["body"],"msg":"Input should be a valid dictionary","input":["a"]}]""");
        }
    }

    @Nested
    class AnyObjects {

        @Test
        void keepsAnyObjectAsGiven() {
            assertThat(accepted(Rules.anyObject(), "{\"a\":[1,{\"b\":null}]}")).isEqualTo(json("{\"a\":[1,{\"b\":null}]}"));
        }

        @Test
        void rejectsAStringAsDictType() {
            assertErrors(faults(Rules.anyObject(), "\"x\""), """
                    [{"type":"dict_type","loc":["body"],"msg":"Input should be a valid dictionary","input":"x"}]""");
        }
    }

    @Nested
    class Lists {

        @Test
        void rejectsAnObjectAsListType() {
            assertErrors(faults(Rules.list(Rules.integer()), "{\"a\":1}"), """
                    [{"type":"list_type","loc":["body"],"msg":"Input should be a valid list","input":{"a":1}}]""");
        }

        @Test
        void rejectsAStringAsListType() {
            assertErrors(faults(Rules.list(Rules.string()), "\"abc\""), """
                    [{"type":"list_type","loc":["body"],"msg":"Input should be a valid list","input":"abc"}]""");
        }

        @Test
        void rejectsAListAboveTheMaximumWithListContext() {
            StringBuilder items = new StringBuilder("[");
            for (int i = 0; i < 101; i++) {
                items.append(i == 0 ? "" : ",").append(i);
            }
            String input = items.append("]").toString();
            assertErrors(faults(Rules.list(Rules.integer()).maxItems(100), input), """
                    [{"type":"too_long","loc":["body"],
                      "msg":"List should have at most 100 items after validation, not 101",
                      "input":%s,"ctx":{"field_type":"List","max_length":100,"actual_length":101}}]""".formatted(input));
        }

        @Test
        void rejectsAnEmptyListBelowAMinimumOfOneWithItemSingular() {
            assertErrors(faults(Rules.list(Rules.integer()).minItems(1), "[]"), """
                    [{"type":"too_short","loc":["body"],
                      "msg":"List should have at least 1 item after validation, not 0",
                      "input":[],"ctx":{"field_type":"List","min_length":1,"actual_length":0}}]""");
        }

        @Test
        void saysItemSingularForAMaximumOfOne() {
            assertErrors(faults(Rules.list(Rules.integer()).maxItems(1), "[1,2]"), """
                    [{"type":"too_long","loc":["body"],
                      "msg":"List should have at most 1 item after validation, not 2",
                      "input":[1,2],"ctx":{"field_type":"List","max_length":1,"actual_length":2}}]""");
        }

        @Test
        void checksLengthBeforeLookingAtElements() {
            assertErrors(faults(Rules.list(Rules.integer()).maxItems(2), "[\"x\",\"y\",\"z\"]"), """
                    [{"type":"too_long","loc":["body"],
                      "msg":"List should have at most 2 items after validation, not 3",
                      "input":["x","y","z"],"ctx":{"field_type":"List","max_length":2,"actual_length":3}}]""");
        }

        @Test
        void reportsEveryBadElementByIndex() {
            assertErrors(faults(Rules.list(Rules.integer()), "[1,\"x\",3,null]"), """
                    [{"type":"int_parsing","loc":["body",1],
                      "msg":"Input should be a valid integer, unable to parse string as an integer","input":"x"},
                     {"type":"int_type","loc":["body",3],"msg":"Input should be a valid integer","input":null}]""");
        }

        @Test
        void coercesEveryElement() {
            assertThat(accepted(Rules.list(Rules.integer()), "[\"1\",2.0,3]")).isEqualTo(json("[1,2,3]"));
        }

        @Test
        void acceptsALengthWithinBounds() {
            assertThat(accepted(Rules.list(Rules.string()).minItems(1).maxItems(2), "[\"a\",\"b\"]"))
                    .isEqualTo(json("[\"a\",\"b\"]"));
        }

        @Test
        void returnsNullWhenAnElementFails() {
            List<ErrorDetail> errors = new ArrayList<>();
            assertThat(Rules.list(Rules.integer()).apply(json("[1,\"x\"]"), Loc.body(), errors)).isNull();
            assertThat(errors).hasSize(1);
        }
    }

    @Nested
    class Locations {

        @Test
        void buildsBodyQueryPathAndHeaderLocations() {
            assertThat(Loc.body().field("customers").index(3).field("email").parts())
                    .containsExactly("body", "customers", 3, "email");
            assertThat(Loc.query("page_size").parts()).containsExactly("query", "page_size");
            assertThat(Loc.path("customer_id").parts()).containsExactly("path", "customer_id");
            assertThat(Loc.header("x-request-id").parts()).containsExactly("header", "x-request-id");
        }

        @Test
        void appendingLeavesTheOriginalUnchanged() {
            Loc body = Loc.body();
            body.field("a");
            assertThat(body.parts()).containsExactly("body");
            assertThat(body.field("a")).hasToString("[body, a]");
        }
    }

    @Nested
    class Dates {

        @Test
        void acceptsACalendarDateAsWritten() {
            assertThat(accepted(Rules.date(), "\"2024-02-29\"")).isEqualTo(json("\"2024-02-29\""));
        }

        @Test
        void refusesADayTheMonthDoesNotHaveInSpeedatesWords() {
            assertErrors(faults(Rules.date(), "\"2026-02-29\""), """
                    [{"type":"date_from_datetime_parsing","loc":["body"],
                      "msg":"Input should be a valid date or datetime, day value is outside expected range",
                      "input":"2026-02-29","ctx":{"error":"day value is outside expected range"}}]""");
        }

        @Test
        void refusesADateWithATime() {
            assertThat(faults(Rules.date(), "\"2026-12-24T10:00:00Z\"")).extracting(ErrorDetail::msg)
                    .containsExactly("Input should be a valid date or datetime, unexpected extra characters at the end of the input");
        }

        @Test
        void refusesANonStringAsDateType() {
            assertErrors(faults(Rules.date(), "20261224"), """
                    [{"type":"date_type","loc":["body"],"msg":"Input should be a valid date","input":20261224}]""");
        }
    }

    @Nested
    class TimeZones {

        @ParameterizedTest
        @ValueSource(strings = {"Europe/Berlin", "America/New_York", "UTC", "Asia/Kolkata"})
        void acceptsIanaNames(String zone) {
            assertThat(accepted(Rules.timeZone(), "\"" + zone + "\"").asString()).isEqualTo(zone);
        }

        @ParameterizedTest
        @ValueSource(strings = {"Mars/Olympus", "+02:00", "UTC+3", "europe/berlin", ""})
        void refusesUnknownNamesAndFixedOffsetsAsAValueError(String zone) {
            assertErrors(faults(Rules.timeZone(), "\"" + zone + "\""), """
                    [{"type":"value_error","loc":["body"],
                      "msg":"Value error, unknown time zone, expected an IANA name such as Europe/Berlin",
                      "input":"%s","ctx":{"error":"unknown time zone, expected an IANA name such as Europe/Berlin"}}]""".formatted(zone));
        }

        @Test
        void refusesANonStringAsStringType() {
            assertThat(faults(Rules.timeZone(), "1")).extracting(ErrorDetail::type).containsExactly("string_type");
        }
    }
}
