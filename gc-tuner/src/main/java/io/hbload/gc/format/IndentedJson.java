package io.hbload.gc.format;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;

/**
 * The layout of the {@code json} format, through Jackson's streaming generator: every member and element on its own
 * line, indented two spaces a level, {@code "key": value}, an empty object or array as {@code {}} / {@code []}.
 * Jackson's default printer differs only in {@code " : "} and {@code { }}; the layout is the one this format had
 * before, which scripts may grep. Not thread-safe (a printer counts the nesting): one instance per document.
 */
final class IndentedJson extends DefaultPrettyPrinter {
    private static final long serialVersionUID = 1L;
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final DefaultIndenter TWO_SPACES = new DefaultIndenter("  ", "\n");

    /** What fills the document. */
    @FunctionalInterface
    interface Body {
        void write(JsonGenerator g) throws IOException;
    }

    private IndentedJson() {
        indentArraysWith(TWO_SPACES);
        indentObjectsWith(TWO_SPACES);
    }

    /** The document {@code body} writes. */
    static String write(Body body) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.setPrettyPrinter(new IndentedJson());
            body.write(g);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    /** A finite number, or null: the format never had "NaN" strings. */
    static void number(JsonGenerator g, String name, double value) throws IOException {
        if (Double.isFinite(value)) {
            g.writeNumberField(name, value);
        } else {
            g.writeNullField(name);
        }
    }

    @Override
    public DefaultPrettyPrinter createInstance() {
        return new IndentedJson();
    }

    @Override
    public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
        g.writeRaw(": ");
    }

    @Override
    public void writeEndObject(JsonGenerator g, int entries) throws IOException {
        close(g, _objectIndenter, entries, '}');
    }

    @Override
    public void writeEndArray(JsonGenerator g, int values) throws IOException {
        close(g, _arrayIndenter, values, ']');
    }

    /** Back one level; the closing bracket on its own line unless nothing was in between. */
    private void close(JsonGenerator g, Indenter indenter, int members, char bracket) throws IOException {
        _nesting--;
        if (members > 0) {
            indenter.writeIndentation(g, _nesting);
        }
        g.writeRaw(bracket);
    }
}
