package io.engagement.customer.bot;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.encryption.AccessPermission;
import org.apache.pdfbox.pdmodel.encryption.StandardProtectionPolicy;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.apache.pdfbox.pdmodel.font.Standard14Fonts;
import org.apache.poi.xwpf.usermodel.XWPFDocument;
import org.junit.jupiter.api.Test;
import org.springframework.http.MediaType;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
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
    void readsPdfAndWordDocuments() throws IOException {
        assertThat(TextExtraction.text(FileType.PDF, pdf("Shipping is free over fifty euros.", false)))
                .contains("Shipping is free over fifty euros.");
        assertThat(TextExtraction.text(FileType.DOCX, docx("Support answers within a day.", "Weekends included.")))
                .contains("Support answers within a day.").contains("Weekends included.");
    }

    @Test
    void aCorruptOrEncryptedFileFailsWithItsReason() throws IOException {
        assertThatThrownBy(() -> TextExtraction.text(FileType.PDF, "%PDF-1.7 not really".getBytes(StandardCharsets.US_ASCII)))
                .isInstanceOf(TextExtraction.Unreadable.class).hasMessageStartingWith("the PDF cannot be read");
        assertThatThrownBy(() -> TextExtraction.text(FileType.PDF, pdf("secret", true)))
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

    static byte[] pdf(String text, boolean encrypted) throws IOException {
        try (PDDocument document = new PDDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            PDPage page = new PDPage();
            document.addPage(page);
            try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                content.beginText();
                content.setFont(new PDType1Font(Standard14Fonts.FontName.HELVETICA), 12);
                content.newLineAtOffset(72, 700);
                content.showText(text);
                content.endText();
            }
            if (encrypted) {
                AccessPermission none = new AccessPermission();
                none.setCanExtractContent(false);
                StandardProtectionPolicy policy = new StandardProtectionPolicy("owner-secret", "user-secret", none);
                policy.setEncryptionKeyLength(128);
                document.protect(policy);
            }
            document.save(out);
            return out.toByteArray();
        }
    }

    static byte[] docx(String... paragraphs) throws IOException {
        try (XWPFDocument document = new XWPFDocument(); ByteArrayOutputStream out = new ByteArrayOutputStream()) {
            for (String paragraph : paragraphs) {
                document.createParagraph().createRun().setText(paragraph);
            }
            document.write(out);
            return out.toByteArray();
        }
    }
}
