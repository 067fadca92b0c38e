package io.engagement.platform.apidocs;

import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An error answer that one handler gives beyond those its route's keys, method and path imply (the
 * gateway adds those to every operation): a send's 402 when the wallet cannot pay, say. It names one
 * of the contract's shared responses, which the gateway's document defines under
 * {@code components/responses}; {@link DeclaredErrorAnswers} puts it in the service's document.
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
@Repeatable(ErrorAnswer.All.class)
public @interface ErrorAnswer {

    /** The HTTP status, such as {@code 402}. */
    int status();

    /** The shared response's name, such as {@code WalletInsufficient}. */
    String response();

    /** The handler's error answers. */
    @Target(ElementType.METHOD)
    @Retention(RetentionPolicy.RUNTIME)
    @interface All {
        ErrorAnswer[] value();
    }
}
