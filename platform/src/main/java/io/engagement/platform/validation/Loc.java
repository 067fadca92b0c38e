package io.engagement.platform.validation;

import java.util.ArrayList;
import java.util.List;

/** Where a fault is, as FastAPI writes it: {@code ["body", "customers", 3, "email"]}. */
public final class Loc {

    private final List<Object> parts;

    private Loc(List<Object> parts) {
        this.parts = List.copyOf(parts);
    }

    public static Loc body() {
        return new Loc(List.of("body"));
    }

    public static Loc query(String name) {
        return new Loc(List.of("query", name));
    }

    public static Loc path(String name) {
        return new Loc(List.of("path", name));
    }

    public static Loc header(String name) {
        return new Loc(List.of("header", name));
    }

    public Loc field(String name) {
        return append(name);
    }

    public Loc index(int index) {
        return append(index);
    }

    public List<Object> parts() {
        return parts;
    }

    private Loc append(Object part) {
        List<Object> next = new ArrayList<>(parts);
        next.add(part);
        return new Loc(next);
    }

    @Override
    public String toString() {
        return parts.toString();
    }
}
