package io.engagement.local.support;

import tools.jackson.databind.JsonNode;

import java.net.http.HttpResponse;
import java.util.List;

/** An HTTP answer with its body read as JSON. */
public record Answer(int status, JsonNode json, String body, HttpResponse<String> response) {


    public static Answer of(HttpResponse<String> response) {
        String body = response.body();
        return new Answer(response.statusCode(), parse(body), body, response);
    }

    private static JsonNode parse(String body) {
        if (body == null || body.isBlank()) {
            return Json.missing();
        }
        try {
            return Json.read(body);
        } catch (tools.jackson.core.JacksonException notJson) {
            return Json.missing();
        }
    }

    public String header(String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    public String detail() {
        return json.get("detail").asString();
    }

    /** The {@code loc} of each 422 fault, as lists. */
    public List<List<Object>> locs() {
        return json.get("detail").valueStream()
                .map(error -> error.get("loc").valueStream()
                        .map(part -> part.isNumber() ? (Object) part.asInt() : part.asString())
                        .toList())
                .toList();
    }
}
