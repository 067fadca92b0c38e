package io.engagement.platform.validation;

import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.server.ServerWebExchange;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * A request body the browser compressed: marked by {@code Content-Encoding: gzip}, or by
 * {@code ?compression=gzip} where it cannot set a header ({@code navigator.sendBeacon}). The size
 * limit counts what it inflates to, and inflating stops the moment it passes, so a small bomb never
 * becomes a large buffer.
 */
final class GzipBody {

    static final String QUERY = "compression";

    private GzipBody() {
    }

    static boolean marked(ServerWebExchange exchange) {
        String encoding = exchange.getRequest().getHeaders().getFirst(HttpHeaders.CONTENT_ENCODING);
        return encoding != null ? encoding.strip().equalsIgnoreCase("gzip")
                : "gzip".equalsIgnoreCase(exchange.getRequest().getQueryParams().getFirst(QUERY));
    }

    /** The inflated bytes; 413 past {@code maxBytes}, 422 {@code json_invalid} when they are not gzip. */
    static byte[] inflate(byte[] compressed, int maxBytes) {
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(compressed))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream(Math.min(maxBytes, compressed.length * 8));
            byte[] chunk = new byte[16 * 1024];
            for (int read = in.read(chunk); read >= 0; read = in.read(chunk)) {
                if (out.size() + read > maxBytes) {
                    throw new ApiException(HttpStatus.CONTENT_TOO_LARGE, "Request body is larger than " + maxBytes + " bytes once decompressed");
                }
                out.write(chunk, 0, read);
            }
            return out.toByteArray();
        } catch (IOException notGzip) {
            throw new RequestValidationException(Violations.jsonInvalid("Body is marked gzip but does not decompress: " + notGzip.getMessage()));
        }
    }
}
