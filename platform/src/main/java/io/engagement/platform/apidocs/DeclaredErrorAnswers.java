package io.engagement.platform.apidocs;

import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.springdoc.core.customizers.OperationCustomizer;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.method.HandlerMethod;

/** Adds each handler's {@link ErrorAnswer}s to its operation, as references to the contract's shared responses. */
public final class DeclaredErrorAnswers implements OperationCustomizer {

    @Override
    public Operation customize(Operation operation, HandlerMethod handler) {
        var answers = AnnotatedElementUtils.findMergedRepeatableAnnotations(handler.getMethod(), ErrorAnswer.class);
        if (answers.isEmpty()) {
            return operation;
        }
        if (operation.getResponses() == null) {
            operation.setResponses(new ApiResponses());
        }
        answers.forEach(answer -> operation.getResponses()
                .addApiResponse(String.valueOf(answer.status()), new ApiResponse().$ref("#/components/responses/" + answer.response())));
        return operation;
    }
}
