package io.engagement.customer.conversation;

/** A new visitor as {@code POST /widget/v1/visitors} answers it: the only time its token is shown. */
record IssuedVisitor(String visitorId, String visitorToken, String name, String email, String customerId, boolean verified) {

    static IssuedVisitor of(Visitor visitor, String token) {
        return new IssuedVisitor(visitor.visitorId(), token, visitor.name(), visitor.email(), visitor.customerId(), visitor.verified());
    }
}
