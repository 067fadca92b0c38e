package io.engagement.customer.bot;

import io.engagement.testkit.SampleDocuments;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TextExtractionTest {

    @Test
    void readsPlainTextAndMarkdown() {
        assertThat(TextExtraction.text(FileType.TXT, "Refunds take five days.".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("Refunds take five days.");
        assertThat(TextExtraction.text(FileType.MARKDOWN, "# Refunds\n\nThey take **five** days.".getBytes(StandardCharsets.UTF_8)))
                .contains("Refunds").contains("They take five days.").doesNotContain("**").doesNotContain("#");
    }

    @Test
    void readsPdfAndWordDocuments() {
        assertThat(TextExtraction.text(FileType.PDF, SampleDocuments.pdf("Shipping is free over fifty euros.")))
                .contains("Shipping is free over fifty euros.");
        assertThat(TextExtraction.text(FileType.DOCX, SampleDocuments.docx("Support answers within a day.", "Weekends included.")))
                .contains("Support answers within a day.").contains("Weekends included.");
    }

    @Test
    void aCorruptOrEncryptedFileFailsWithItsReason() {
        assertThatThrownBy(() -> TextExtraction.text(FileType.PDF, "%PDF-1.7 not really".getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(TextExtraction.Unreadable.class).hasMessageStartingWith("the PDF cannot be read");
        assertThatThrownBy(() -> TextExtraction.text(FileType.PDF, SampleDocuments.encryptedPdf("secret")))
                .isInstanceOf(TextExtraction.Unreadable.class).hasMessage("the PDF is encrypted");
        assertThatThrownBy(() -> TextExtraction.text(FileType.DOCX, "PK not a zip".getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(TextExtraction.Unreadable.class).hasMessageStartingWith("the Word document cannot be read");
        assertThatThrownBy(() -> TextExtraction.text(FileType.TXT, "  \n ".getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(TextExtraction.Unreadable.class).hasMessage("the file holds no text");
    }

    @Test
    void aFileIsKnownByItsExtensionElseByItsDeclaredType() {
        assertThat(FileType.of("Guide.PDF", MediaType.APPLICATION_OCTET_STREAM)).contains(FileType.PDF);
        assertThat(FileType.of("notes.md", null)).contains(FileType.MARKDOWN);
        assertThat(FileType.of("handbook.docx", null)).contains(FileType.DOCX);
        assertThat(FileType.of("blob", MediaType.TEXT_PLAIN)).contains(FileType.TXT);
        assertThat(FileType.of("logo.png", MediaType.TEXT_PLAIN)).isEmpty();
        assertThat(FileType.of("report.doc", null)).isEmpty();
    }
}
