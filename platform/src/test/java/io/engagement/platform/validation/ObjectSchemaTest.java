package io.engagement.platform.validation;

import io.engagement.platform.error.ErrorDetail;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;

import static io.engagement.platform.validation.ErrorJson.assertErrors;
import static io.engagement.platform.validation.ErrorJson.faults;
import static io.engagement.platform.validation.ErrorJson.json;
import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;
import static org.assertj.core.api.Assertions.assertThat;

class ObjectSchemaTest {

    private static final ObjectSchema CUSTOMER = ObjectSchema.of(
            required("email", Rules.string().email()),
            optional("first_name", Rules.string().maxLength(50)),
            optional("age", Rules.integer().min(0).max(150)),
            optional("subscribed", Rules.bool()),
            optional("score", Rules.number()),
            optional("merge_data", Rules.stringMap()));

    private static final ObjectSchema BATCH = ObjectSchema.of(
            required("customers", Rules.list(CUSTOMER).minItems(1).maxItems(100)));

    private static JsonNode accepted(Rule rule, String bodyJson) {
        List<ErrorDetail> errors = new ArrayList<>();
        JsonNode result = rule.apply(json(bodyJson), Loc.body(), errors);
        assertThat(errors).isEmpty();
        return ErrorJson.wire(result); // compared by JSON value, not by node class (IntNode vs LongNode)
    }

    @Test
    void acceptsAValidObjectAndCoercesLaxValues() {
        JsonNode result = accepted(CUSTOMER, """
                {"email":"ann@example.com","first_name":"Ann","age":"5","subscribed":"true","score":"1.5",
                 "merge_data":{"city":"Oslo"}}""");
        assertThat(result).isEqualTo(json("""
                {"email":"ann@example.com","first_name":"Ann","age":5,"subscribed":true,"score":1.5,
                 "merge_data":{"city":"Oslo"}}"""));
    }

    @Test
    void dropsUnknownFields() {
        JsonNode result = accepted(CUSTOMER, "{\"email\":\"ann@example.com\",\"role\":\"admin\",\"id\":7}");
        assertThat(result).isEqualTo(json("{\"email\":\"ann@example.com\"}"));
    }

    @Test
    void aSchemaForbiddingExtrasStillAcceptsEveryDeclaredField() {
        JsonNode result = accepted(CUSTOMER.forbiddingExtra().and(optional("role", Rules.string())),
                "{\"email\":\"ann@example.com\",\"role\":\"admin\"}");
        assertThat(result).isEqualTo(json("{\"email\":\"ann@example.com\",\"role\":\"admin\"}"));
    }

    @Test
    void leavesAbsentOptionalFieldsAbsent() {
        JsonNode result = accepted(CUSTOMER, "{\"email\":\"ann@example.com\"}");
        assertThat(result.has("first_name")).isFalse();
    }

    @Test
    void acceptsNullForAnOptionalField() {
        JsonNode result = accepted(CUSTOMER, "{\"email\":\"ann@example.com\",\"first_name\":null,\"age\":null}");
        assertThat(result).isEqualTo(json("{\"email\":\"ann@example.com\",\"first_name\":null,\"age\":null}"));
    }

    @Test
    void reportsAMissingRequiredFieldWithTheWholeObjectAsInput() {
        assertErrors(faults(CUSTOMER, "{\"first_name\":\"Ann\"}"), """
                [{"type":"missing","loc":["body","email"],"msg":"Field required","input":{"first_name":"Ann"}}]""");
    }

    @Test
    void checksNullForARequiredFieldAgainstItsRule() {
        assertErrors(faults(CUSTOMER, "{\"email\":null}"), """
                [{"type":"string_type","loc":["body","email"],"msg":"Input should be a valid string","input":null}]""");
    }

    @Test
    void requiredNullIntegerIsAnIntTypeError() {
        ObjectSchema schema = ObjectSchema.of(required("count", Rules.integer()));
        assertErrors(faults(schema, "{\"count\":null}"), """
                [{"type":"int_type","loc":["body","count"],"msg":"Input should be a valid integer","input":null}]""");
    }

    @Test
    void rejectsAnArrayBodyAsModelAttributesType() {
        assertErrors(faults(CUSTOMER, "[1,2]"), """
                [{"type":"model_attributes_type","loc":["body"],
                  "msg":"Input should be a valid dictionary or object to extract fields from","input":[1,2]}]""");
    }

    @Test
    void rejectsAStringBodyAsModelAttributesType() {
        assertErrors(faults(CUSTOMER, "\"hello\""), """
                [{"type":"model_attributes_type","loc":["body"],
                  "msg":"Input should be a valid dictionary or object to extract fields from","input":"hello"}]""");
    }

    @Test
    void reportsEveryFaultOfEveryFieldInDeclarationOrder() {
        assertErrors(faults(CUSTOMER, """
                {"age":"abc","subscribed":"maybe","score":[],"first_name":5,"merge_data":[]}"""), """
                [{"type":"missing","loc":["body","email"],"msg":"Field required",
                  "input":{"age":"abc","subscribed":"maybe","score":[],"first_name":5,"merge_data":[]}},
                 {"type":"string_type","loc":["body","first_name"],"msg":"Input should be a valid string","input":5},
                 {"type":"int_parsing","loc":["body","age"],
                  "msg":"Input should be a valid integer, unable to parse string as an integer","input":"abc"},
                 {"type":"bool_parsing","loc":["body","subscribed"],
                  "msg":"Input should be a valid boolean, unable to interpret input","input":"maybe"},
                 {"type":"float_type","loc":["body","score"],"msg":"Input should be a valid number","input":[]},
                 {"type":"dict_type","loc":["body","merge_data"],"msg":"Input should be a valid dictionary","input":[]}]""");
    }

    @Test
    void reportsRangeFaultsWithTheirContext() {
        assertErrors(faults(CUSTOMER, "{\"email\":\"ann@example.com\",\"age\":-1}"), """
                [{"type":"greater_than_equal","loc":["body","age"],"msg":"Input should be greater than or equal to 0",
                  "input":-1,"ctx":{"ge":0}}]""");
        assertErrors(faults(CUSTOMER, "{\"email\":\"ann@example.com\",\"age\":151}"), """
                [{"type":"less_than_equal","loc":["body","age"],"msg":"Input should be less than or equal to 150",
                  "input":151,"ctx":{"le":150}}]""");
    }

    @Test
    void locatesAFaultInsideAListOfObjects() {
        List<ErrorDetail> errors = faults(BATCH, """
                {"customers":[{"email":"a@example.com"},{"email":"b@example.com"},{"email":"c@example.com"},
                              {"email":"not-an-email"}]}""");
        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error.loc()).containsExactly("body", "customers", 3, "email");
            assertThat(error.type()).isEqualTo("value_error");
            assertThat(error.input()).isEqualTo(json("\"not-an-email\""));
        });
    }

    @Test
    void reportsAllFaultsOfAllElements() {
        assertErrors(faults(BATCH, """
                {"customers":[{"email":"a@example.com","age":"x"},{"first_name":"B"},{"email":1,"age":200}]}"""), """
                [{"type":"int_parsing","loc":["body","customers",0,"age"],
                  "msg":"Input should be a valid integer, unable to parse string as an integer","input":"x"},
                 {"type":"missing","loc":["body","customers",1,"email"],"msg":"Field required","input":{"first_name":"B"}},
                 {"type":"string_type","loc":["body","customers",2,"email"],"msg":"Input should be a valid string","input":1},
                 {"type":"less_than_equal","loc":["body","customers",2,"age"],
                  "msg":"Input should be less than or equal to 150","input":200,"ctx":{"le":150}}]""");
    }

    @Test
    void locatesANonObjectElementAsModelAttributesType() {
        assertErrors(faults(BATCH, "{\"customers\":[{\"email\":\"a@example.com\"},\"x\"]}"), """
                [{"type":"model_attributes_type","loc":["body","customers",1],
                  "msg":"Input should be a valid dictionary or object to extract fields from","input":"x"}]""");
    }

    @Test
    void rejectsAnEmptyBatchAsTooShort() {
        assertErrors(faults(BATCH, "{\"customers\":[]}"), """
                [{"type":"too_short","loc":["body","customers"],
                  "msg":"List should have at least 1 item after validation, not 0",
                  "input":[],"ctx":{"field_type":"List","min_length":1,"actual_length":0}}]""");
    }

    @Test
    void rejectsABatchOfOneHundredAndOneWithoutLookingAtElements() {
        StringBuilder items = new StringBuilder("[");
        for (int i = 0; i < 101; i++) {
            items.append(i == 0 ? "" : ",").append("{\"email\":\"bad\"}");
        }
        List<ErrorDetail> errors = faults(BATCH, "{\"customers\":" + items.append("]") + "}");
        assertThat(errors).singleElement().satisfies(error -> {
            assertThat(error.type()).isEqualTo("too_long");
            assertThat(error.loc()).containsExactly("body", "customers");
            assertThat(error.msg()).isEqualTo("List should have at most 100 items after validation, not 101");
            assertThat(error.ctx()).containsExactlyInAnyOrderEntriesOf(
                    java.util.Map.of("field_type", "List", "max_length", 100, "actual_length", 101));
        });
    }

    @Test
    void acceptsABatchOfExactlyOneHundred() {
        StringBuilder items = new StringBuilder("[");
        for (int i = 0; i < 100; i++) {
            items.append(i == 0 ? "" : ",").append("{\"email\":\"c").append(i).append("@example.com\"}");
        }
        JsonNode result = accepted(BATCH, "{\"customers\":" + items.append("]") + "}");
        assertThat(result.get("customers").size()).isEqualTo(100);
    }

    @Test
    void reportsAMissingListAtItsField() {
        assertErrors(faults(BATCH, "{}"), """
                [{"type":"missing","loc":["body","customers"],"msg":"Field required","input":{}}]""");
    }

    @Test
    void returnsNullWhenAnyFieldFails() {
        List<ErrorDetail> errors = new ArrayList<>();
        assertThat(CUSTOMER.apply(json("{\"email\":\"ann@example.com\",\"age\":\"x\"}"), Loc.body(), errors)).isNull();
    }

    @Test
    void nestedSchemasLocateFaultsAtTheFullPath() {
        ObjectSchema schema = ObjectSchema.of(required("address", ObjectSchema.of(required("zip", Rules.string().minLength(4)))));
        assertErrors(faults(schema, "{\"address\":{\"zip\":\"12\"}}"), """
                [{"type":"string_too_short","loc":["body","address","zip"],"msg":"String should have at least 4 characters",
                  "input":"12","ctx":{"min_length":4}}]""");
    }
    private static final ObjectSchema STRICT_RANGE = ObjectSchema.of(
                    required("low", Rules.integer().min(1)),
                    required("high", Rules.integer().min(1)))
            .forbiddingExtra()
            .checking((input, accepted, loc, errors) -> {
                if (accepted.has("low") && accepted.has("high") && accepted.get("high").asLong() <= accepted.get("low").asLong()) {
                    errors.add(Violations.valueError(loc.field("high"), input.get("high"), "high must be greater than low"));
                }
            });

    @Test
    void anUndeclaredFieldIsExtraForbiddenWhenTheSchemaForbidsExtras() {
        assertErrors(faults(STRICT_RANGE, "{\"low\":1,\"high\":2,\"middle\":[1]}"), """
                [{"type":"extra_forbidden","loc":["body","middle"],"msg":"Extra inputs are not permitted","input":[1]}]""");
    }

    @Test
    void everyExtraFieldIsReportedBesideTheDeclaredFieldsFaults() {
        assertErrors(faults(STRICT_RANGE, "{\"low\":0,\"a\":null,\"b\":\"x\"}"), """
                [{"type":"greater_than_equal","loc":["body","low"],"msg":"Input should be greater than or equal to 1",
                  "input":0,"ctx":{"ge":1}},
                 {"type":"missing","loc":["body","high"],"msg":"Field required","input":{"low":0,"a":null,"b":"x"}},
                 {"type":"extra_forbidden","loc":["body","a"],"msg":"Extra inputs are not permitted","input":null},
                 {"type":"extra_forbidden","loc":["body","b"],"msg":"Extra inputs are not permitted","input":"x"}]""");
    }

    @Test
    void aCheckAcrossFieldsReportsAtTheFieldItNames() {
        assertErrors(faults(STRICT_RANGE, "{\"low\":5,\"high\":\"5\"}"), """
                [{"type":"value_error","loc":["body","high"],"msg":"Value error, high must be greater than low",
                  "input":"5","ctx":{"error":"high must be greater than low"}}]""");
        assertThat(accepted(STRICT_RANGE, "{\"low\":5,\"high\":6}")).isEqualTo(json("{\"low\":5,\"high\":6}"));
    }

    @Test
    void aCheckAcrossFieldsSeesOnlyTheFieldsThatPassedTheirOwnRules() {
        assertErrors(faults(STRICT_RANGE, "{\"low\":\"x\",\"high\":1}"), """
                [{"type":"int_parsing","loc":["body","low"],
                  "msg":"Input should be a valid integer, unable to parse string as an integer","input":"x"}]""");
    }
}
