package io.hbload.hdfs.report;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * The layout of the dfsio and coder-bench JSON, through Jackson's streaming generator: an array holds one element a
 * line, indented two spaces, its closing bracket on a line of its own; an object stays on one line, {@code {"a": 1,
 * "b": 2}}. So a pass is one line to grep, as before. Figures keep their fixed decimals; a non-finite one is null. Not
 * thread-safe (a printer counts the nesting): one instance per document.
 */
final class RowsJson extends DefaultPrettyPrinter {
  private static final long serialVersionUID = 1L;
  private static final JsonFactory FACTORY = new JsonFactory();

  /** What fills the document. */
  @FunctionalInterface
  interface Body {
    void write(JsonGenerator g) throws IOException;
  }

  private RowsJson() {
    indentArraysWith(new DefaultIndenter("  ", "\n"));
    indentObjectsWith(NopIndenter.instance);
  }

  /** The document {@code body} writes, with a line break at the end. */
  static String write(Body body) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      g.setPrettyPrinter(new RowsJson());
      body.write(g);
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a StringWriter does not fail
    }
    return out.append('\n').toString();
  }

  /** {@code value} with {@code decimals} digits after the point (Locale.ROOT), or null when not finite. */
  static void fixed(JsonGenerator g, String name, double value, int decimals) throws IOException {
    if (Double.isFinite(value)) {
      g.writeFieldName(name);
      g.writeNumber(String.format(Locale.ROOT, "%." + decimals + "f", value));
    } else {
      g.writeNullField(name);
    }
  }

  @Override
  public DefaultPrettyPrinter createInstance() {
    return new RowsJson();
  }

  @Override
  public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
    g.writeRaw(": ");
  }

  @Override
  public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
    g.writeRaw(", ");
  }

  /** The closing bracket on its own line even for an empty array ({@code [\n]}), as the hand-written form had it. */
  @Override
  public void writeEndArray(JsonGenerator g, int values) throws IOException {
    _nesting--;
    _arrayIndenter.writeIndentation(g, _nesting);
    g.writeRaw(']');
  }
}
